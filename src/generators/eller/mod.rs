//! Eller's algorithm: build the maze one row at a time, remembering only which cells of the
//! current row are already connected.
//!
//! How it works:
//! 1. Every cell of the row that is not in a set yet gets a new set of its own. (A *set* is the
//!    group of cells of this row that are already connected through the rows above.)
//! 2. Walk along the row. Between two neighbours in different sets, join them at random: carve
//!    the wall and merge their sets. Neighbours in the same set keep their wall, since a passage
//!    would close a loop.
//! 3. Walk along the row again. Each cell carves down at random, but every set must carve down
//!    at least once (so its last cell does if none has yet); the cell below joins the set.
//! 4. Move to the next row and go back to 1.
//! 5. In the last row there is no going down, so join every pair of neighbours in different
//!    sets: now everything is connected.
//!
//! It only ever needs one row of memory, so it can make mazes of any height. Set ids are
//! recycled (there are never more sets than cells in a row), and each set keeps a list of its
//! cells in the row, so a merge relabels only the smaller set's cells.
//!
//! One step is one decision: one wall in the row, or one cell's floor. The set ids are shown in
//! the board's `groups` layer (as hues) for the row being built and the cells that have joined
//! it from above; a finished row's ids are cleared, so every id on show is a live set.
//! Marks: `VISITED` for cells in finished rows.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::maze::{Direction, Maze};
use crate::rng::{Odds, Rng};

pub static INFO: Info = Info {
    name: "eller",
    title: "Eller",
    summary: "Row by row, joining sets of connected cells: one row of memory, any height.",
    step_unit: "one wall in the row, or one cell's floor",
    pseudocode: &[
        "for each row, top to bottom:",
        "    give every cell without a set a new set of its own",
        "    for each wall between neighbours in the row:",
        "        same set: keep it (a passage would close a loop)", // SAME_SET
        "        different sets and a coin says join (always in the last row): carve, merge sets", // JOIN
        "        otherwise: keep it", // KEEP_WALL
        "    unless it is the last row, for each cell of the row:",
        "        a coin says down, or it is its set's last chance: carve down;", // CARVE_DOWN
        "            the cell below joins the set",
        "        otherwise: keep the floor", // KEEP_FLOOR
    ],
    marks: &[(mark::VISITED, "finished rows")],
    events: &["merge-sets", "keep-wall", "carve", "pass"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const SAME_SET: Line = Line(3);
const JOIN: Line = Line(4);
const KEEP_WALL: Line = Line(5);
const CARVE_DOWN: Line = Line(7);
const KEEP_FLOOR: Line = Line(9);

/// End of a set's list of cells.
const NONE: u32 = u32::MAX;

/// What comes next within a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The row has not been given its sets yet.
    Start,
    /// Deciding the wall east of column `x`.
    Join(u32),
    /// Deciding the floor of column `x`.
    Down(u32),
    Done,
}

/// Eller's algorithm as a step machine.
#[derive(Clone, Debug)]
pub struct Eller {
    width: u32,
    height: u32,
    row: u32,
    stage: Stage,
    /// Set id of each cell of the current row (0 = none yet).
    set: Vec<u32>,
    /// Set ids handed down to the next row (0 = nothing came down).
    below: Vec<u32>,
    /// Per column: the next column of the same set in the row, or `NONE`.
    next_in_set: Vec<u32>,
    /// Per set id: its first column in the row, its number of cells in the row, how many of
    /// those have not decided their floor yet, and whether one has carved down.
    head: Vec<u32>,
    size: Vec<u32>,
    undecided: Vec<u32>,
    went_down: Vec<bool>,
    /// Set ids not in use.
    free: Vec<u32>,
    merges: u64,
    current: Option<usize>,
    /// The chances of joining two neighbours of different sets, and of a cell carving down
    /// (the `join` and `drop` knobs; fair coins by default).
    join: Odds,
    drop: Odds,
}

impl Machine for Eller {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        self.settle(board);
        let step = match self.stage {
            Stage::Start | Stage::Done => return None,
            Stage::Join(x) => {
                self.stage = Stage::Join(x + 1);
                let cell = self.cell(x);
                self.current = Some(cell);
                if self.set[x as usize] == self.set[x as usize + 1] {
                    Step::new(
                        Event::KeepWall {
                            cell: cell as u32,
                            side: Direction::East.side(),
                        },
                        SAME_SET,
                    )
                } else if self.last_row() || self.join.hit(rng) {
                    board.carve(cell, Direction::East);
                    let (kept, absorbed) = self.merge(board, x);
                    Step::new(
                        Event::MergeSets {
                            cell: cell as u32,
                            side: Direction::East.side(),
                            kept,
                            absorbed,
                        },
                        JOIN,
                    )
                } else {
                    Step::new(Event::Pass { cell: cell as u32 }, KEEP_WALL)
                }
            }
            Stage::Down(x) => {
                self.stage = Stage::Down(x + 1);
                let cell = self.cell(x);
                self.current = Some(cell);
                let id = self.set[x as usize];
                self.undecided[id as usize] -= 1;
                let last_chance = self.undecided[id as usize] == 0 && !self.went_down[id as usize];
                if last_chance || self.drop.hit(rng) {
                    let below = board.carve(cell, Direction::South);
                    board.set_group(below, id);
                    self.below[x as usize] = id;
                    self.went_down[id as usize] = true;
                    Step::new(
                        Event::Carve {
                            cell: cell as u32,
                            side: Direction::South.side(),
                        },
                        CARVE_DOWN,
                    )
                } else {
                    Step::new(Event::Pass { cell: cell as u32 }, KEEP_FLOOR)
                }
            }
        };
        self.settle(board);
        Some(step)
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.stage == Stage::Done
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("row", u64::from(self.row)),
            ("sets", self.live_sets() as u64),
            ("merges", self.merges),
        ]
    }

    /// See "Taking a step back" below.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back(step, notes, board)
    }

    /// See "What the page shows" below.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

/// Making one, and the row's bookkeeping `step` relies on: giving out sets, merging them,
/// finishing rows.
impl Eller {
    pub fn new(maze: &Maze) -> Eller {
        let (width, height) = (maze.width(), maze.height());
        let ids = width as usize + 1; // ids are 1..=width
        Eller {
            width,
            height,
            row: 0,
            // A single cell needs no decision at all.
            stage: if maze.len() == 1 {
                Stage::Done
            } else {
                Stage::Start
            },
            set: vec![0; width as usize],
            below: vec![0; width as usize],
            next_in_set: vec![NONE; width as usize],
            head: vec![NONE; ids],
            size: vec![0; ids],
            undecided: vec![0; ids],
            went_down: vec![false; ids],
            free: (1..=width).rev().collect(),
            merges: 0,
            current: None,
            join: Odds::FAIR,
            drop: Odds::FAIR,
        }
    }

    /// The same machine joining neighbours with chance `join` and carving down with chance
    /// `drop` (the knobs; one half each, the default, is the fair coin). A low `join` leaves
    /// the rows cut into short pieces and the maze runs down in vertical corridors; a high
    /// `drop` sends more passages down.
    pub fn with_chances(mut self, join: f64, drop: f64) -> Eller {
        (self.join, self.drop) = (Odds::new(join), Odds::new(drop));
        self
    }

    /// The row being built.
    pub fn row(&self) -> u32 {
        self.row
    }

    /// The set id of each cell of the row being built (0 = not given yet).
    pub fn sets(&self) -> &[u32] {
        &self.set
    }

    /// Number of sets alive in the row being built and the one below it.
    pub fn live_sets(&self) -> usize {
        self.width as usize - self.free.len()
    }

    fn cell(&self, x: u32) -> usize {
        self.row as usize * self.width as usize + x as usize
    }

    fn last_row(&self) -> bool {
        self.row + 1 == self.height
    }

    /// Moves on past everything that needs no decision (starting and finishing rows), so
    /// that afterwards a decision is due or the maze is done.
    #[inline]
    fn settle(&mut self, board: &mut Board) {
        // The common case, checked without a call: in the middle of a row.
        let due = match self.stage {
            Stage::Join(x) => x + 1 < self.width,
            Stage::Down(x) => x < self.width,
            Stage::Done => true,
            Stage::Start => false,
        };
        if !due {
            self.settle_row(board);
        }
    }

    /// [`Eller::settle`] at the start or end of a row.
    fn settle_row(&mut self, board: &mut Board) {
        loop {
            match self.stage {
                Stage::Start => {
                    self.start_row(board);
                    self.stage = Stage::Join(0);
                }
                Stage::Join(x) if x + 1 >= self.width => {
                    if self.last_row() {
                        self.finish_row(board);
                        self.stage = Stage::Done;
                    } else {
                        if board.is_journaling() {
                            self.note_went_down(board);
                        }
                        for x in 0..self.width as usize {
                            let id = self.set[x] as usize;
                            self.undecided[id] = self.size[id];
                            self.went_down[id] = false;
                        }
                        self.stage = Stage::Down(0);
                    }
                }
                Stage::Down(x) if x >= self.width => {
                    self.finish_row(board);
                    // For `undo`: the sets of the cells that did not go down are forgotten.
                    if board.is_journaling() {
                        for (&id, &below) in self.set.iter().zip(&self.below) {
                            if below == 0 {
                                board.note(id);
                            }
                        }
                    }
                    self.row += 1;
                    std::mem::swap(&mut self.set, &mut self.below);
                    self.below.fill(0);
                    self.stage = Stage::Start;
                }
                Stage::Join(_) | Stage::Down(_) | Stage::Done => return,
            }
        }
    }

    /// Gives new sets to the cells that have none and lists each set's cells.
    fn start_row(&mut self, board: &mut Board) {
        if board.is_journaling() {
            self.note_start_row(board);
        }
        for x in 0..self.width {
            if self.set[x as usize] == 0 {
                // There are as many ids as cells in a row, and every live set has a cell in
                // this row, so an id is free.
                let id = self.free.pop().unwrap_or(0);
                self.set[x as usize] = id;
                board.set_group(self.cell(x), id);
            }
        }
        for &id in &self.set {
            self.head[id as usize] = NONE;
            self.size[id as usize] = 0;
        }
        for x in (0..self.width as usize).rev() {
            let id = self.set[x] as usize;
            self.next_in_set[x] = self.head[id];
            self.head[id] = x as u32;
            self.size[id] += 1;
        }
    }

    /// Clears the finished row's set ids (they live on in the row below) and marks it done.
    fn finish_row(&mut self, board: &mut Board) {
        for x in 0..self.width {
            let cell = self.cell(x);
            board.set_group(cell, 0);
            board.add_mark(cell, mark::VISITED);
        }
    }

    /// Merges the sets of columns `x` and `x + 1` after carving between them: the smaller set's
    /// cells take the larger one's id. Returns (kept, absorbed).
    fn merge(&mut self, board: &mut Board, x: u32) -> (u32, u32) {
        let (a, b) = (self.set[x as usize], self.set[x as usize + 1]);
        let (kept, absorbed) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut col = self.head[absorbed as usize];
        loop {
            self.set[col as usize] = kept;
            board.set_group(self.cell(col), kept);
            let next = self.next_in_set[col as usize];
            if next == NONE {
                // Splice: the absorbed list goes in front of the kept one.
                self.next_in_set[col as usize] = self.head[kept as usize];
                break;
            }
            col = next;
        }
        self.head[kept as usize] = self.head[absorbed as usize];
        self.size[kept as usize] += self.size[absorbed as usize];
        self.free.push(absorbed);
        self.merges += 1;
        (kept, absorbed)
    }
}
