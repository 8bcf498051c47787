//! Narration: the plain sentences the page shows for each step, built piece by piece.

use super::Event;
use crate::maze::{Direction, Maze, Side};
use crate::topology::{Shape, Topology};

/// A cell as "(x, y)".
pub fn xy(maze: &Maze, cell: usize) -> String {
    Words::new(maze).cell(cell).done()
}

/// A sentence built piece by piece: `Words::new(maze).t("Carved ").side(cell, s).t(" from ")
/// .cell(c).done()`. One small, non-generic path for all the teaching text, because every
/// `format!` call site costs the wasm module bytes; the methods take `&mut self` so that a
/// chain is a row of plain calls, with no moves of the builder between them.
pub struct Words<'a> {
    maze: &'a Maze,
    text: String,
}

impl<'a> Words<'a> {
    pub fn new(maze: &'a Maze) -> Words<'a> {
        Words {
            maze,
            text: String::new(),
        }
    }

    /// Plain text.
    #[inline(never)]
    pub fn t(&mut self, text: &str) -> &mut Words<'a> {
        self.text.push_str(text);
        self
    }

    /// A whole number, in decimal.
    #[inline(never)]
    pub fn n(&mut self, value: u64) -> &mut Words<'a> {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = value;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &digit in &digits[at..] {
            self.text.push(char::from(digit));
        }
        self
    }

    /// `count` followed by the noun, singular for 1: "1 cell", "3 cells".
    pub fn count(&mut self, count: u64, one: &str, many: &str) -> &mut Words<'a> {
        self.n(count).t(" ").t(if count == 1 { one } else { many })
    }

    /// A cell as "(x, y)" (on a polar grid: place in its ring, ring).
    #[inline(never)]
    pub fn cell(&mut self, cell: usize) -> &mut Words<'a> {
        let (x, y) = match self.maze.grid() {
            Some(grid) => grid.place(cell),
            None => self.maze.coords(cell),
        };
        self.t("(").n(u64::from(x)).t(", ").n(u64::from(y)).t(")")
    }

    /// The name of a side of `cell`: "north", "south-east", "inward" … (see
    /// [`crate::topology`]).
    pub fn side(&mut self, cell: u32, side: Side) -> &mut Words<'a> {
        let name = match self.maze.grid() {
            // A weave's tunnel: "east under (3, 2)", the cell it passes under.
            Some(grid) if grid.shape() == Shape::Weave && side >= 4 => {
                let way = Direction::from_side(side).name();
                return match grid.neighbour(cell as usize, side & 3) {
                    Some(under) => self.t(way).t(" under ").cell(under),
                    None => self.t(grid.side_name(cell as usize, side)),
                };
            }
            Some(grid) => grid.side_name(cell as usize, side),
            None => Direction::from_side(side).name(),
        };
        self.t(name)
    }

    /// The text so far (the builder is left empty).
    pub fn done(&mut self) -> String {
        std::mem::take(&mut self.text)
    }
}

/// The default narration: what the event says, with cells as (x, y).
pub fn describe(event: &Event, maze: &Maze) -> String {
    let mut words = Words::new(maze);
    let w = &mut words;
    let c = |cell: u32| cell as usize;
    match *event {
        Event::Carve { cell, side } => w
            .t("Carved ")
            .side(cell, side)
            .t(" from cell ")
            .cell(c(cell)),
        Event::Pass { cell } => w.t("Cell ").cell(c(cell)).t(" had nothing to carve"),
        Event::ExtendRun { cell, run_len } => w
            .t("Carved east from cell ")
            .cell(c(cell))
            .t(": the run is now ")
            .count(u64::from(run_len), "cell", "cells")
            .t(" long"),
        Event::CloseRun {
            cell,
            side,
            run_len,
        } => w
            .t("Closed the run of ")
            .n(u64::from(run_len))
            .t(": carved ")
            .side(cell, side)
            .t(" from cell ")
            .cell(c(cell)),
        Event::Push { cell, side } => w
            .t("Carved ")
            .side(cell, side)
            .t(" from cell ")
            .cell(c(cell))
            .t(" and pushed the new cell"),
        Event::Pop { cell } => w
            .t("Popped cell ")
            .cell(c(cell))
            .t(": nothing new around it, so back up"),
        Event::MergeSets { cell, side, .. } => w
            .t("The wall ")
            .side(cell, side)
            .t(" of cell ")
            .cell(c(cell))
            .t(" divided two sets: carved it and merged them"),
        Event::KeepWall { cell, side } => w
            .t("The wall ")
            .side(cell, side)
            .t(" of cell ")
            .cell(c(cell))
            .t(" stays: both sides are already connected"),
        Event::Begin { cell } => w.t("Started at cell ").cell(c(cell)),
        Event::Expand { cell, added } => w
            .t("Took cell ")
            .cell(c(cell))
            .t(" from the frontier and added ")
            .count(u64::from(added), "new neighbour", "new neighbours"),
        Event::Skip { cell } => w
            .t("Took cell ")
            .cell(c(cell))
            .t(" from the frontier, but it was already settled"),
        Event::Found { length } => {
            w.t("Reached the goal: the path has ")
                .count(u64::from(length), "cell", "cells")
        }
        Event::Unreachable => w.t("The frontier ran out: the goal cannot be reached"),
        Event::Turn { cell, heading } => w
            .t("Turned to face ")
            .side(cell, heading)
            .t(" on cell ")
            .cell(c(cell)),
        Event::Move { from, to, heading } => w
            .t("Moved ")
            .side(from, heading)
            .t(" from cell ")
            .cell(c(from))
            .t(" to cell ")
            .cell(c(to)),
        Event::Looped { cell, heading } => w
            .t("Back on cell ")
            .cell(c(cell))
            .t(" facing ")
            .side(cell, heading)
            .t(" as before: following the wall would loop forever"),
        Event::Walk { cell } => w.t("The player walked onto cell ").cell(c(cell)),
        Event::Hunt { cell, side } => w
            .t("The hunt found cell ")
            .cell(c(cell))
            .t(" and carved ")
            .side(cell, side)
            .t(" from it into the maze"),
        Event::EraseLoop { cell, erased } => w
            .t("The walk came back to cell ")
            .cell(c(cell))
            .t(": erased the loop of ")
            .count(u64::from(erased), "cell", "cells")
            .t(" after it"),
        Event::AddWalk { cell, length } => w
            .t("The walk reached cell ")
            .cell(c(cell))
            .t(", already in the maze: carved its ")
            .count(u64::from(length), "passage", "passages")
            .t(" into the maze"),
        Event::Divide {
            cell,
            side,
            length,
            gap,
        } => w
            .t("Built a wall on the ")
            .side(cell, side)
            .t(" side of ")
            .count(u64::from(length), "cell", "cells")
            .t(" from cell ")
            .cell(c(cell))
            .t(", leaving a gap at ")
            .cell(c(gap)),
        Event::Fill { cell } => w.t("Filled cell ").cell(c(cell)).t(": a dead end"),
        Event::OpenAll { cells } => w
            .t("Opened every wall between neighbours: one empty room of ")
            .count(u64::from(cells), "cell", "cells"),
        Event::Block { cell } => w
            .t("Blocked cell ")
            .cell(c(cell))
            .t(": an obstacle, its passages closed"),
        Event::BlockLine {
            cell,
            side,
            length,
            door,
        } => w
            .t("Blocked a wall of ")
            .count(u64::from(length), "cell", "cells")
            .t(" from cell ")
            .cell(c(cell))
            .t(" going ")
            .side(cell, side)
            .t(", leaving a door at ")
            .cell(c(door)),
        Event::Generation {
            number: 0, blocked, ..
        } => w
            .t("Filled at random: blocked ")
            .count(u64::from(blocked), "cell", "cells"),
        Event::Generation {
            number,
            blocked,
            freed,
        } => w
            .t("Generation ")
            .n(u64::from(number))
            .t(": crowded cells blocked (")
            .n(u64::from(blocked))
            .t("), lonely obstacles freed (")
            .n(u64::from(freed))
            .t(")"),
        Event::PaintRow { cell, length } => w
            .t("Painted the costs of ")
            .count(u64::from(length), "cell", "cells")
            .t(" from cell ")
            .cell(c(cell))
            .t(" by the noise"),
    }
    .t(".")
    .done()
}
