//! Narration: the plain sentences the page shows for each step, built piece by piece.

use super::Event;
use crate::maze::Maze;
use crate::topology::{Direction, Shape, Side, Topology};
use crate::words::{push_number, CellNames, Sentence, ENGLISH};

/// A cell as "(x, y)" (on a polar grid: place in its ring, ring).
pub fn xy(maze: &Maze, cell: usize) -> String {
    maze.cell_name(cell)
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
        push_number(&mut self.text, value);
        self
    }

    /// `count` followed by the noun, singular for 1: "1 cell", "3 cells".
    pub fn count(&mut self, count: u64, one: &str, many: &str) -> &mut Words<'a> {
        self.n(count).t(" ").t(if count == 1 { one } else { many })
    }

    /// A cell as "(x, y)" (on a polar grid: place in its ring, ring).
    #[inline(never)]
    pub fn cell(&mut self, cell: usize) -> &mut Words<'a> {
        let (x, y) = self.maze.place(cell);
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

/// The words for side `side` of `cell`: "north", "south-east", "inward" … (see
/// [`crate::topology`]); a weave's tunnel is "east under (3, 2)", the cell it passes under.
#[inline(never)]
pub fn side_words(maze: &Maze, cell: u32, side: Side) -> Sentence {
    let name = match maze.grid() {
        Some(grid) if grid.shape() == Shape::Weave && side >= 4 => {
            let way = Direction::from_side(side).name();
            match grid.neighbour(cell as usize, side & 3) {
                Some(under) => {
                    return Sentence::new("sides.under")
                        .words("way", Sentence::new(side_key(way)))
                        .cell("cell", maze, under)
                }
                None => grid.side_name(cell as usize, side),
            }
        }
        Some(grid) => grid.side_name(cell as usize, side),
        // Sides 4 to 7 of a plain square cell: the diagonal moves, north-east clockwise.
        None if side >= 4 => {
            ["north-east", "south-east", "south-west", "north-west"][usize::from(side & 3)]
        }
        None => Direction::from_side(side).name(),
    };
    Sentence::new(side_key(name))
}

/// The key of a side's name, e.g. "sides.north-east".
fn side_key(name: &str) -> &'static str {
    ENGLISH
        .iter()
        .find(|&&(key, words)| words == name && key.starts_with("sides."))
        .map_or("sides.north", |&(key, _)| key)
}

/// The default narration: what the event says, with cells as (x, y).
pub fn describe(event: &Event, maze: &Maze) -> String {
    event_sentence(event, maze).english()
}

/// [`describe`] as a sentence: a key and its values.
pub fn event_sentence(event: &Event, maze: &Maze) -> Sentence {
    let at = |key: &'static str, cell: u32| Sentence::new(key).cell("cell", maze, cell as usize);
    let side = |s: Sentence, cell: u32, side: Side| s.words("side", side_words(maze, cell, side));
    match *event {
        Event::Carve { cell, side: s } => side(at("narration.event.carve", cell), cell, s),
        Event::Pass { cell } => at("narration.event.pass", cell),
        Event::ExtendRun { cell, run_len } => {
            at("narration.event.extend-run", cell).n("run", run_len)
        }
        Event::CloseRun {
            cell,
            side: s,
            run_len,
        } => side(at("narration.event.close-run", cell), cell, s).n("run", run_len),
        Event::Push { cell, side: s } => side(at("narration.event.push", cell), cell, s),
        Event::Pop { cell } => at("narration.event.pop", cell),
        Event::MergeSets { cell, side: s, .. } => {
            side(at("narration.event.merge-sets", cell), cell, s)
        }
        Event::KeepWall { cell, side: s } => side(at("narration.event.keep-wall", cell), cell, s),
        Event::Begin { cell } => at("narration.event.begin", cell),
        Event::Expand { cell, added } => at("narration.event.expand", cell).n("added", added),
        Event::Skip { cell } => at("narration.event.skip", cell),
        Event::Found { length } => Sentence::new("narration.event.found").n("length", length),
        Event::Unreachable => Sentence::new("narration.event.unreachable"),
        Event::Turn { cell, heading } => side(at("narration.event.turn", cell), cell, heading),
        Event::Move { from, to, heading } => {
            side(Sentence::new("narration.event.move"), from, heading)
                .cell("from", maze, from as usize)
                .cell("to", maze, to as usize)
        }
        Event::Looped { cell, heading } => side(at("narration.event.looped", cell), cell, heading),
        Event::Walk { cell } => at("narration.event.walk", cell),
        Event::Hunt { cell, side: s } => side(at("narration.event.hunt", cell), cell, s),
        Event::EraseLoop { cell, erased } => {
            at("narration.event.erase-loop", cell).n("erased", erased)
        }
        Event::AddWalk { cell, length } => at("narration.event.add-walk", cell).n("length", length),
        Event::Divide {
            cell,
            side: s,
            length,
            gap,
        } => side(at("narration.event.divide", cell), cell, s)
            .n("length", length)
            .cell("gap", maze, gap as usize),
        Event::Fill { cell } => at("narration.event.fill", cell),
        Event::OpenAll { cells } => Sentence::new("narration.event.open-all").n("cells", cells),
        Event::Block { cell } => at("narration.event.block", cell),
        Event::BlockLine {
            cell,
            side: s,
            length,
            door,
        } => side(at("narration.event.block-line", cell), cell, s)
            .n("length", length)
            .cell("door", maze, door as usize),
        Event::Generation {
            number: 0, blocked, ..
        } => Sentence::new("narration.event.random-fill").n("blocked", blocked),
        Event::Generation {
            number,
            blocked,
            freed,
        } => Sentence::new("narration.event.generation")
            .n("number", number)
            .n("blocked", blocked)
            .n("freed", freed),
        Event::PaintRow { cell, length } => {
            at("narration.event.paint-row", cell).n("length", length)
        }
        Event::Seal { cell, side: s } => side(at("narration.event.seal", cell), cell, s),
    }
}
