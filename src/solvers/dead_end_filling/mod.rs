//! Dead-end filling: fill in every dead end until only the ways that lead somewhere are left.
//!
//! How it works:
//! 1. Count, for every cell, its open sides. A cell with one open side (or none) that is
//!    neither the start nor the goal is a *dead end*: no way from the start to the goal passes
//!    through it.
//! 2. Fill a dead end: from now on it counts as a wall. Its one open neighbour loses an open
//!    side; if that leaves the neighbour a dead end too, it is filled next, so a whole corridor
//!    of dead ends fills in from its tip back to the junction it branches off.
//! 3. Find dead ends by scanning the cells once, in index order, and by step 2's follow-ups;
//!    stop when neither has a dead end to give.
//! 4. What is left unfilled is every cell that lies on some way from the start to the goal (or
//!    on a loop). In a perfect maze that is exactly the one path. In a maze with loops, the
//!    loops survive the filling — a cell on a loop always has two open sides — so the path is
//!    then picked out by a breadth-first search from the start through unfilled cells only:
//!    in a perfect maze that simply walks the one path; with loops it takes a shortest way
//!    through what is left (the filling never removes a cell of a shortest path).
//! 5. If that search does not reach the goal, the goal cannot be reached.
//!
//! The method looks at the whole maze, never walks it, and fills cells the start cannot even
//! reach. One step is one filled cell (`Event::Fill`). Two steps are bigger: the first counts
//! every cell's open sides (`Begin`); the last is the search through the unfilled cells
//! (`Found` or `Unreachable`). Marks: `SPECIAL` for filled cells, `PATH` for the result.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use super::{mark_path, open_neighbours, trace_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology};
use std::collections::VecDeque;

pub static INFO: Info = Info {
    name: "dead-end-filling",
    title: "Dead-end filling",
    summary: "Fills in dead ends, and the corridors they end, until only the way from start to \
              goal is left; in mazes with loops the loops stay and a search picks the path.",
    step_unit: "one filled dead-end cell",
    pseudocode: &[
        "count the open sides of every cell", // BEGIN
        "while there is a dead end (one open side or none, not start or goal):",
        "    fill it: it counts as a wall from now on", // FILL
        "    its open neighbour has one open side fewer; if now a dead end, fill it next", // FILL_NEXT
        "search from start through unfilled cells (in a perfect maze: the only way left)",
        "    reached the goal: that is the path, done", // FOUND
        "    did not reach the goal: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[(mark::SPECIAL, "filled dead end"), (mark::PATH, "path")],
    events: &["fill", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const FILL: Line = Line(2);
const FILL_NEXT: Line = Line(3);
const FOUND: Line = Line(5);
const UNREACHABLE: Line = Line(6);

/// Dead-end filling as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid,
/// or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct DeadEndFilling<T = Square> {
    grid: T,
    start: usize,
    goal: usize,
    /// Open sides to unfilled neighbours; counted in the first step.
    open_sides: Vec<u8>,
    filled: Vec<bool>,
    filled_count: u64,
    /// Cells that became dead ends when a neighbour was filled.
    pending: Vec<u32>,
    /// The next cell the scan for dead ends looks at.
    scan: usize,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for DeadEndFilling<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            let maze = board.maze();
            for (cell, sides) in self.open_sides.iter_mut().enumerate() {
                *sides = open_neighbours(&self.grid, maze, cell).count() as u8;
            }
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        let Some(cell) = self.next_dead_end(board) else {
            return Some(self.search(board));
        };
        self.filled[cell] = true;
        self.filled_count += 1;
        self.visited += 1;
        self.current = Some(cell);
        board.add_mark(cell, mark::SPECIAL);
        let mut line = FILL;
        for (_, next) in open_neighbours(&self.grid, board.maze(), cell) {
            if self.filled[next] {
                continue;
            }
            self.open_sides[next] -= 1;
            if self.is_dead_end(next) {
                self.pending.push(next as u32);
                line = FILL_NEXT;
            }
        }
        Some(Step::new(Event::Fill { cell: cell as u32 }, line))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("filled", self.filled_count),
            ("scanned", self.scan as u64),
            ("visited", self.visited),
        ]
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl DeadEndFilling {
    /// A search on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> DeadEndFilling {
        DeadEndFilling::on(maze.square(), start, goal)
    }
}

impl<T: Topology> DeadEndFilling<T> {
    /// A search on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> DeadEndFilling<T> {
        DeadEndFilling {
            start,
            goal,
            open_sides: vec![0; grid.len()],
            filled: vec![false; grid.len()],
            grid,
            filled_count: 0,
            pending: Vec::new(),
            scan: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }

    /// Whether a cell has been filled.
    pub fn is_filled(&self, cell: usize) -> bool {
        self.filled[cell]
    }

    /// Cells filled so far.
    pub fn filled_count(&self) -> u64 {
        self.filled_count
    }

    /// A cell's open sides that lead to unfilled cells (0 before the first step).
    pub fn open_sides(&self, cell: usize) -> u8 {
        self.open_sides[cell]
    }

    /// A cell a mask switched off is no dead end: it is not part of the maze at all.
    fn is_dead_end(&self, cell: usize) -> bool {
        !self.filled[cell]
            && self.open_sides[cell] <= 1
            && cell != self.start
            && cell != self.goal
            && self.grid.is_on(cell)
    }

    /// The next dead end to fill: a follow-up first, else the next one the scan finds. Notes
    /// for `undo` what it drops: follow-ups filled since they were queued, and where the scan
    /// was before it moved.
    fn next_dead_end(&mut self, board: &mut Board) -> Option<usize> {
        while let Some(cell) = self.pending.pop() {
            if self.is_dead_end(cell as usize) {
                return Some(cell as usize);
            }
            board.note(cell);
        }
        board.note(self.scan as u32);
        while self.scan < self.filled.len() {
            let cell = self.scan;
            self.scan += 1;
            if self.is_dead_end(cell) {
                return Some(cell);
            }
        }
        None
    }

    /// The last step: a breadth-first search from the start through unfilled cells.
    fn search(&mut self, board: &mut Board) -> Step {
        self.current = None;
        let maze = board.maze();
        let mut parent = vec![NO_PARENT; maze.len()];
        parent[self.start] = self.start as u32;
        let mut queue = VecDeque::from([self.start]);
        let mut reached = 1;
        while let Some(cell) = queue.pop_front() {
            if cell == self.goal {
                break;
            }
            for (_, next) in open_neighbours(&self.grid, maze, cell) {
                if !self.filled[next] && parent[next] == NO_PARENT {
                    parent[next] = cell as u32;
                    queue.push_back(next);
                    reached += 1;
                }
            }
        }
        self.visited += reached;
        board.note(reached as u32);
        if parent[self.goal] == NO_PARENT {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, UNREACHABLE);
        }
        let path = trace_path(&parent, self.start, self.goal);
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, FOUND)
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for DeadEndFilling<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }
}
