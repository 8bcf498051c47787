//! Trémaux's algorithm: walk the maze with a piece of chalk, marking each passage as you go
//! through it, and let the marks tell you where not to go again.
//!
//! How it works (the classic rules, with marks on whole passages):
//! 1. Each passage between two cells carries 0, 1 or 2 marks. Every time you walk through a
//!    passage, add a mark to it. Never enter a passage that has 2.
//! 2. Arriving at a cell you have stood on before through a passage that now has 1 mark (you
//!    came a new way into known ground: a loop), turn round and go back through it.
//! 3. Otherwise take a passage with no marks if the cell has one (the first open one looking
//!    north, east, south, west; on other grids side by side clockwise from side 0); if not, take the one with 1 mark — that is the way you first
//!    came in, so you back out.
//! 4. Stop on the goal. The passages with exactly 1 mark then form a way from the start to the
//!    goal, with every dead end and loop (their passages have 2 marks) left out: that is the
//!    answer. If you are stuck with no passage to take (back on the start, every passage marked
//!    twice), the goal cannot be reached.
//!
//! Every passage is walked at most twice, once each way, so the walk ends. The machine keeps
//! the marks for each cell and side in a small table, and the once-marked way as a list of
//! cells: a first mark on a passage adds the cell walked into, a second mark takes the cell
//! walked out of off again. The way found is not necessarily a shortest one.
//!
//! One step is one move through a passage (`Event::Move`); the first step stands on the start
//! (`Begin`) and the last moves nothing and says how the walk ended (`Found` or `Unreachable`).
//! Marks: `VISITED` for cells stood on, `ACTIVE` for cells on the once-marked way, `PATH` for
//! the result.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use super::{facing, mark_path, neighbour_through, Outcome, Solver};
use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology, Weave};

pub static INFO: Info = Info {
    name: "tremaux",
    title: "Trémaux's algorithm",
    summary: "Walks the maze marking passages (at most twice each) and turns back at loops; \
              the once-marked passages are the way out. Finds a path, not always a shortest.",
    step_unit: "one move through a passage",
    pseudocode: &[
        "stand on the start; no passage has marks", // BEGIN
        "while not on the goal:",
        "    if this cell was seen before and the passage just taken has 1 mark: go back", // GO_BACK
        "    else if a passage here has no marks: take it", // TAKE_NEW
        "    else if a passage here has 1 mark: take it (back out)", // TAKE_ONCE
        "    else: no passage left, the goal is unreachable", // UNREACHABLE
        "    add a mark to the passage taken",
        "on the goal: the passages with 1 mark are the path", // FOUND
    ],
    marks: &[
        (mark::VISITED, "walked on"),
        (mark::ACTIVE, "on the once-marked way"),
        (mark::PATH, "path found"),
    ],
    events: &["move", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const GO_BACK: Line = Line(2);
const TAKE_NEW: Line = Line(3);
const TAKE_ONCE: Line = Line(4);
const UNREACHABLE: Line = Line(5);
const FOUND: Line = Line(7);

/// A last move as one word for notes: the side it came in through in bits 0-2, bit 3 for
/// "onto a cell seen before", `u32::MAX` for none.
fn move_word(last_move: Option<(Side, bool)>) -> u32 {
    last_move.map_or(u32::MAX, |(side, seen)| {
        u32::from(side) | u32::from(seen) << 3
    })
}

/// [`move_word`] read back.
fn move_from_word(word: u32) -> Option<(Side, bool)> {
    (word != u32::MAX).then_some(((word & 7) as Side, word & 8 != 0))
}

/// Trémaux's algorithm as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Tremaux<T = Square> {
    grid: T,
    start: usize,
    goal: usize,
    /// Two bits per side (side 0, north, lowest) per cell: the marks on that passage, kept on
    /// both ends. One byte a cell on the square grid; two (`1 << wide`) where cells have up to
    /// eight sides, sides 4 to 7 in the second.
    chalk: Vec<u8>,
    /// 0 for a byte of chalk a cell, 1 for two.
    wide: usize,
    seen: Vec<bool>,
    /// How many times each cell is on `way` (a cell re-entered round a loop is there twice
    /// until the walk turns back).
    on_way: Vec<u32>,
    /// The once-marked way, start first, the current cell last.
    way: Vec<u32>,
    /// The side of the current cell the last move came in through, and whether it led onto a
    /// cell seen before.
    last_move: Option<(Side, bool)>,
    started: bool,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Machine for Tremaux<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.seen[self.start] = true;
            self.visited = 1;
            self.way.push(self.start as u32);
            self.on_way[self.start] = 1;
            board.add_mark(self.start, mark::VISITED | mark::ACTIVE);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        let cell = *self.way.last().expect("the way always holds the start") as usize;
        if cell == self.goal {
            let path: Vec<usize> = self.way().collect();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let Some((side, next, line)) = self.choose(board.maze(), cell) else {
            self.outcome = Some(Outcome::Unreachable);
            return Some(Step::new(Event::Unreachable, UNREACHABLE));
        };
        if self.add_passage_mark(cell, side, next) == 1 {
            // A first mark: the way goes on into `next`.
            self.way.push(next as u32);
            self.on_way[next] += 1;
            if self.on_way[next] == 1 {
                board.add_mark(next, mark::ACTIVE);
            }
        } else {
            // A second mark: backing out of `cell`, which leaves the way.
            self.way.pop();
            self.on_way[cell] -= 1;
            if self.on_way[cell] == 0 {
                board.remove_mark(cell, mark::ACTIVE);
            }
        }
        let was_seen = self.seen[next];
        if !was_seen {
            self.seen[next] = true;
            self.visited += 1;
            board.add_mark(next, mark::VISITED);
        }
        // For `undo`: the move before cannot be told from the way once this one backs out.
        board.note(move_word(self.last_move));
        self.last_move = Some((self.grid.back(cell, side), was_seen));
        Some(Step::new(
            Event::Move {
                from: cell as u32,
                to: next as u32,
                heading: side,
            },
            line,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.way.last().map(|&c| c as usize)
    }

    /// The side across from the one the last move came in through (on the square grid the
    /// way it moved).
    fn heading(&self) -> Option<Side> {
        let cell = *self.way.last()? as usize;
        self.last_move
            .map(|(entered, _)| facing(&self.grid, cell, entered))
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("way", self.way.len() as u64), ("visited", self.visited)]
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl Tremaux {
    /// A walk on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Tremaux {
        Tremaux::on(maze.square(), start, goal)
    }
}

impl<T: Topology + Weave> Tremaux<T> {
    /// A walk on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> Tremaux<T> {
        Tremaux {
            start,
            goal,
            chalk: vec![0; grid.len() << usize::from(grid.max_sides() > 4)],
            wide: usize::from(grid.max_sides() > 4),
            seen: vec![false; grid.len()],
            on_way: vec![0; grid.len()],
            grid,
            way: Vec::new(),
            last_move: None,
            started: false,
            visited: 0,
            outcome: None,
        }
    }

    /// The marks (0, 1 or 2) on the passage on side `side` of `cell` (on the square grid a
    /// [`crate::maze::Direction`] will do).
    pub fn passage_marks(&self, cell: usize, side: impl Into<Side>) -> u8 {
        let (at, shift) = self.chalk_at(cell, side.into());
        (self.chalk[at] >> shift) & 3
    }

    /// Where the marks of side `side` of `cell` are: the byte, and the shift within it.
    #[inline]
    fn chalk_at(&self, cell: usize, side: Side) -> (usize, u8) {
        ((cell << self.wide) + usize::from(side >> 2), 2 * (side & 3))
    }

    /// Adds `change` (1 or -1, as a wrapping byte) to the marks of side `side` of `cell`.
    #[inline]
    fn change_marks(&mut self, cell: usize, side: Side, change: u8) {
        let (at, shift) = self.chalk_at(cell, side);
        self.chalk[at] = self.chalk[at].wrapping_add(change << shift);
    }

    /// The once-marked way from the start to the current cell.
    pub fn way(&self) -> impl Iterator<Item = usize> + '_ {
        self.way.iter().map(|&c| c as usize)
    }

    /// Adds a mark to the passage through side `side` of `cell` to `next`, on both its ends;
    /// returns the marks it has now.
    fn add_passage_mark(&mut self, cell: usize, side: Side, next: usize) -> u8 {
        self.change_marks(cell, side, 1);
        self.change_marks(next, self.grid.back(cell, side), 1);
        self.passage_marks(cell, side)
    }

    /// The passage to take from `cell` by rules 2 and 3, with its neighbour and the pseudocode
    /// line of the rule.
    fn choose(&self, maze: &Maze, cell: usize) -> Option<(Side, usize, Line)> {
        if let Some((back, true)) = self.last_move {
            if self.passage_marks(cell, back) == 1 {
                let next = neighbour_through(&self.grid, maze, cell, back)?;
                return Some((back, next, GO_BACK));
            }
        }
        for (wanted, line) in [(0, TAKE_NEW), (1, TAKE_ONCE)] {
            for side in 0..self.grid.sides(cell) {
                if self.passage_marks(cell, side) == wanted {
                    if let Some(next) = neighbour_through(&self.grid, maze, cell, side) {
                        return Some((side, next, line));
                    }
                }
            }
        }
        None
    }
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Solver for Tremaux<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }
}
