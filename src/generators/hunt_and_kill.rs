//! Hunt-and-Kill: a random walk that never crosses the maze; when it is stuck, hunt for a new
//! place to start.
//!
//! How it works:
//! 1. Start a walk at a random cell; it is in the maze.
//! 2. *Kill*: from the walk's cell, carve to a random neighbour not yet in the maze and walk
//!    there. Repeat while there is such a neighbour.
//! 3. *Hunt*: when the walk is stuck, scan the grid row by row, top row first, for the first
//!    cell that is not in the maze but touches it. Carve from it to a random neighbour in the
//!    maze, and start a new walk there (back to 2).
//! 4. Stop when every cell is in the maze.
//!
//! The walks make long winding corridors with few dead ends, like the recursive backtracker's,
//! but without keeping a stack: the hunt replaces backtracking.
//!
//! The hunt does not really rescan from the top each time. Every cell before the first cell
//! outside the maze (in reading order) is in the maze, so that cell's north or west neighbour is
//! in the maze and it *is* the cell the scan would find; a pointer to it only ever moves
//! forward. The one exception is the top-left cell itself, which has neither neighbour: while it
//! is outside the maze and touches nothing, the hunt scans from the row above the topmost maze
//! cell (no cell higher up can touch the maze); each such scan covers at most one row, and there
//! are at most width + height of them. Either way every hunt finds the same cell a full scan
//! would, and the whole run stays close to linear time.
//!
//! One step is one carve: a step of the walk, or a hunt with its carve. Marks: `VISITED` for
//! cells in the maze, `ACTIVE` for the current walk, `SPECIAL` for the row where the last hunt
//! found its cell.
//!
//! The file: the algorithm first ([`HuntAndKill`] and its `step`), then taking a step back and
//! what the page shows, each in a section of its own.

use super::grid::{random_direction, Grid};
use crate::board::{mark, Board};
use crate::machine::{Event, Info, Machine, Step};
use crate::machine::{Structure, Words};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;

pub static INFO: Info = Info {
    name: "hunt-and-kill",
    title: "Hunt-and-Kill",
    summary: "Random walks through new cells; when stuck, scans for the next start: long passages.",
    step_unit: "one carve (a walk step, or a hunt and its carve)",
    pseudocode: &[
        "start a walk at a random cell; it is in the maze",
        "while some cell is not in the maze:",
        "    if the walk's cell has neighbours not in the maze: carve to a random one, walk on",
        "    otherwise hunt: scan the rows, top first, for the first cell not in the maze",
        "        that touches it; carve from it to a random neighbour in the maze",
        "        and start a new walk there",
    ],
    marks: &[
        (mark::VISITED, "in the maze"),
        (mark::ACTIVE, "the current walk"),
        (mark::SPECIAL, "the row of the last hunt"),
    ],
    events: &["hunt", "carve"],
};

/// Hunt-and-Kill as a step machine.
#[derive(Clone, Debug)]
pub struct HuntAndKill {
    grid: Grid,
    in_maze: Vec<bool>,
    remaining: usize,
    /// The cells of the current walk, oldest first (for the `ACTIVE` marks).
    walk: Vec<u32>,
    /// The walk's cell with its column and row.
    current: Option<(usize, u32, u32)>,
    /// Every cell before this index is in the maze.
    first_outside: usize,
    /// The topmost row holding a maze cell.
    top_row: u32,
    /// The row marked as the last hunt's.
    hunt_row: Option<u32>,
    hunts: u64,
}

impl Machine for HuntAndKill {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let step = match self.current {
            None => {
                let cell = rng.index(self.in_maze.len());
                let (x, y) = self.grid.coords(cell);
                self.enter(board, cell, x, y);
                Step::new(Event::Begin { cell: cell as u32 }, 0)
            }
            Some(_) if self.remaining == 0 => return None,
            Some((cell, x, y)) => {
                let ways = self.neighbours(cell, x, y, false);
                if ways != 0 {
                    let dir = random_direction(ways, rng);
                    board.carve(cell, dir);
                    let (next, nx, ny) = self.grid.toward(cell, x, y, dir);
                    self.enter(board, next, nx, ny);
                    Step::new(
                        Event::Carve {
                            cell: cell as u32,
                            side: dir.side(),
                        },
                        2,
                    )
                } else {
                    // The hunt forgets the walk, the scan's start and the hunt row.
                    board.note_words(&[self.first_outside as u32, row_word(self.hunt_row)]);
                    board.note_words(&self.walk);
                    self.end_walk(board);
                    let target = self.hunt_target();
                    let (x, y) = self.grid.coords(target);
                    self.mark_hunt_row(board, Some(y));
                    let dir = random_direction(self.neighbours(target, x, y, true), rng);
                    board.carve(target, dir);
                    self.enter(board, target, x, y);
                    self.hunts += 1;
                    Step::new(
                        Event::Hunt {
                            cell: target as u32,
                            side: dir.side(),
                        },
                        4,
                    )
                }
            }
        };
        if self.remaining == 0 {
            // Finished: the walk and the hunt row mean nothing any more.
            board.note(row_word(self.hunt_row));
            board.note_words(&self.walk);
            self.end_walk(board);
            self.mark_hunt_row(board, None);
        }
        Some(step)
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.current.is_some() && self.remaining == 0
    }

    fn current(&self) -> Option<usize> {
        self.current.map(|(cell, _, _)| cell)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("walk", self.walk.len() as u64),
            ("hunts", self.hunts),
            ("left to join", self.remaining as u64),
        ]
    }

    /// See "Taking a step back" below.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    /// See "What the page shows" below.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

/// Making one, and the pieces `step` uses: entering a cell, the hunt, the marks.
impl HuntAndKill {
    pub fn new(maze: &Maze) -> HuntAndKill {
        HuntAndKill {
            grid: Grid::of(maze),
            in_maze: vec![false; maze.len()],
            remaining: maze.len(),
            walk: Vec::new(),
            current: None,
            first_outside: 0,
            top_row: maze.height(),
            hunt_row: None,
            hunts: 0,
        }
    }

    /// The current walk, oldest cell first.
    pub fn walk(&self) -> &[u32] {
        &self.walk
    }

    /// The row where the last hunt found its cell.
    pub fn hunt_row(&self) -> Option<u32> {
        self.hunt_row
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.in_maze[cell]
    }

    /// The neighbours of `cell` at `(x, y)` that are (`inside == true`) or are not in the
    /// maze, as direction bits.
    #[inline]
    fn neighbours(&self, cell: usize, x: u32, y: u32, inside: bool) -> u8 {
        self.grid
            .neighbours(cell, x, y, |next| self.in_maze[next] == inside)
    }

    /// Puts `cell` in the maze as the new head of the walk.
    #[inline]
    fn enter(&mut self, board: &mut Board, cell: usize, x: u32, y: u32) {
        self.in_maze[cell] = true;
        self.remaining -= 1;
        self.top_row = self.top_row.min(y);
        self.walk.push(cell as u32);
        self.current = Some((cell, x, y));
        board.add_mark(cell, mark::VISITED | mark::ACTIVE);
    }

    /// The first cell in reading order that is outside the maze but touches it.
    fn hunt_target(&mut self) -> usize {
        while self.in_maze[self.first_outside] {
            self.first_outside += 1;
        }
        let cell = self.first_outside;
        if cell != 0 {
            // Its west neighbour, or (at the start of a row) its north one, comes earlier in
            // reading order, so it is in the maze.
            return cell;
        }
        let start = self.top_row.saturating_sub(1) as usize * self.grid.width as usize;
        (start..self.in_maze.len())
            .find(|&cell| {
                let (x, y) = self.grid.coords(cell);
                !self.in_maze[cell] && self.neighbours(cell, x, y, true) != 0
            })
            // Some cell outside the maze touches it while the maze is not the whole grid.
            .unwrap_or(0)
    }

    /// Moves the `SPECIAL` row marks to `row` (or removes them).
    fn mark_hunt_row(&mut self, board: &mut Board, row: Option<u32>) {
        if self.hunt_row == row {
            return;
        }
        let w = self.grid.width as usize;
        if let Some(old) = self.hunt_row {
            for cell in old as usize * w..(old as usize + 1) * w {
                board.remove_mark(cell, mark::SPECIAL);
            }
        }
        if let Some(new) = row {
            for cell in new as usize * w..(new as usize + 1) * w {
                board.add_mark(cell, mark::SPECIAL);
            }
        }
        self.hunt_row = row;
    }

    /// Removes the `ACTIVE` marks of the walk and forgets it.
    fn end_walk(&mut self, board: &mut Board) {
        for &cell in &self.walk {
            board.remove_mark(cell as usize, mark::ACTIVE);
        }
        self.walk.clear();
    }
}

/// A hunt row as a note word, and back.
fn row_word(row: Option<u32>) -> u32 {
    row.unwrap_or(u32::MAX)
}

fn word_row(word: u32) -> Option<u32> {
    (word != u32::MAX).then_some(word)
}

// ---- Taking a step back -------------------------------------------------------------------------

impl HuntAndKill {
    /// Takes the cell the step let in out of the maze again. The walk's cell before a carve is
    /// where it carved from; a hunt noted what it forgot (the scan's start, the hunt row, the
    /// walk), and so did the last step, which ends the walk.
    fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        let mut notes = notes;
        if self.remaining == 0 {
            // The last notes: the hunt row and the walk, which after a hunt is its one cell.
            let at = match step.event {
                Event::Hunt { .. } => notes.len().saturating_sub(2),
                _ => 0,
            };
            let [row, walk @ ..] = &notes[at..] else {
                return false;
            };
            self.hunt_row = word_row(*row);
            self.walk = walk.to_vec();
            notes = &notes[..at];
        }
        match step.event {
            Event::Begin { cell } => {
                self.leave(cell as usize, cell as usize);
                self.top_row = self.grid.height;
                self.current = None;
            }
            Event::Carve { cell, side } => {
                let (x, y) = self.grid.coords(cell as usize);
                let dir = Direction::from_side(side);
                let (next, _, _) = self.grid.toward(cell as usize, x, y, dir);
                self.leave(next, cell as usize);
                self.current = Some((cell as usize, x, y));
            }
            Event::Hunt { cell, side } => {
                let &[first_outside, row, ref walk @ .., last] = notes else {
                    return false;
                };
                let (x, y) = self.grid.coords(cell as usize);
                let dir = Direction::from_side(side);
                let (from, _, _) = self.grid.toward(cell as usize, x, y, dir);
                self.leave(cell as usize, from);
                self.first_outside = first_outside as usize;
                self.hunt_row = word_row(row);
                self.walk.clear();
                self.walk.extend_from_slice(walk);
                self.walk.push(last);
                let (x, y) = self.grid.coords(last as usize);
                self.current = Some((last as usize, x, y));
                self.hunts -= 1;
            }
            _ => return false,
        }
        true
    }

    /// Takes `cell` out of the maze again, the head of the walk, which joined it through a
    /// passage from `from`. The top row goes back down too if `cell` alone raised it: then it
    /// came from the cell south of it, and its row holds no other maze cell.
    fn leave(&mut self, cell: usize, from: usize) {
        self.walk.pop();
        self.in_maze[cell] = false;
        self.remaining += 1;
        let w = self.grid.width as usize;
        let y = (cell / w) as u32;
        if from == cell + w && self.top_row == y {
            let row = y as usize * w..(y as usize + 1) * w;
            if !self.in_maze[row].contains(&true) {
                self.top_row = y + 1;
            }
        }
    }
}

// ---- What the page shows ------------------------------------------------------------------------

impl HuntAndKill {
    /// The walk, newest first, and where the next hunt scans from.
    fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.walk.iter().rev().map(|&c| c as usize);
        let mut scan = Structure::new("Hunts so far", self.hunts);
        if self.remaining > 0 {
            let (_, row) = maze.coords(self.first_outside);
            scan.note = Words::new(maze)
                .t("the next hunt scans from row ")
                .n(u64::from(row))
                .t("; every cell before ")
                .cell(self.first_outside)
                .t(" is in the maze")
                .done();
        }
        vec![
            Structure::new("Walk (newest first)", self.walk.len() as u64).cells(
                maze,
                &mut newest_first,
                limit,
            ),
            scan,
        ]
    }
}
