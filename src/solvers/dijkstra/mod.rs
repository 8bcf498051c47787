//! Dijkstra's algorithm: settle cells in order of their distance from the start.
//!
//! How it works:
//! 1. Every cell reached has `dist`, the length of the best known way to it from the start.
//!    Put the start in a priority queue with `dist = 0`.
//! 2. Take the queued cell with the smallest `dist` (ties go to the one queued first, so every
//!    run is the same). Its `dist` can no longer improve: every other way to it would pass
//!    through a queued cell that is at least as far already. It is *settled*.
//! 3. If it is the goal, follow parents back to the start: that is a shortest path.
//! 4. Otherwise, for every open neighbour not settled whose `dist` would drop by coming through
//!    this cell (every passage costs 1), record the new `dist` and this cell as its parent, and
//!    queue it with the new `dist`.
//! 5. When the queue runs dry first, the goal cannot be reached.
//!
//! With every passage costing the same, Dijkstra settles cells in the same rings as BFS; the
//! priority queue is what would let it handle passages of different costs, and it is the
//! baseline A* improves on by adding a guess of the distance still to go.
//!
//! The priority queue is a *bucket queue* (Dial's algorithm): distances are whole numbers and
//! every passage costs 1, so every queued `dist` is the smallest one or one more, and two lists,
//! one per distance, read first in first out, hand out cells by smallest `dist`, ties to the
//! one queued first — the order a binary heap of `(dist, order queued)` would give, without
//! its `log n` reshuffling per cell (`TwoDistanceLists`, a data structure of its own). A queue
//! cannot lower an entry in place, so an improved cell is queued again and its old entry left
//! behind; a stale entry (cell settled already) that comes to the front is thrown away within
//! the same step.
//!
//! `parent` keeps, for each cell, only the side that leads back to its parent, in one byte
//! instead of a four-byte cell index: a quarter of the memory to wait for (as in BFS).
//!
//! One step is one settled cell and the relaxation of its neighbours. Marks: `FRONTIER` for
//! queued cells, `VISITED` for settled ones, `PATH` for the result.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures). The queue itself is a
//! data structure of its own: [`crate::ds::two_distance_lists`].

mod undo;
mod views;

use super::{follow_parents, mark_path, open_sides, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::parents::{parent_through, NO_SIDE, START_SIDE};
use crate::ds::two_distance_lists::TwoDistanceLists;
use crate::machine::Line;
use crate::machine::{step_to_end_inlined, Structure};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "dijkstra",
    title: "Dijkstra's algorithm",
    summary: "Settles cells in order of distance from the start with a priority queue; \
              finds a shortest path.",
    step_unit: "one settled cell and the relaxation of its neighbours",
    pseudocode: &[
        "dist[start] = 0; queue start", // BEGIN
        "while the queue is not empty:",
        "    cell = take the smallest dist from the queue, dropping settled ones",
        "    if cell is the goal: follow parents back to start, done", // FOUND
        "    settle cell",                                             // SETTLE
        "    for each open neighbour n not settled, if dist[cell] + 1 < dist[n]:",
        "        dist[n] = dist[cell] + 1; parent[n] = cell; queue n", // QUEUE
        "the queue is empty: the goal is unreachable",                 // UNREACHABLE
    ],
    marks: &[
        (mark::FRONTIER, "queued"),
        (mark::VISITED, "settled"),
        (mark::PATH, "shortest path"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
pub(crate) const BEGIN: Line = Line(0);
pub(crate) const FOUND: Line = Line(3);
pub(crate) const SETTLE: Line = Line(4);
pub(crate) const QUEUE: Line = Line(6);
pub(crate) const UNREACHABLE: Line = Line(7);

/// "Not reached yet" in the distance array.
const UNREACHED: u32 = u32::MAX;
/// In the parent array: not reached yet.
const NO_PARENT: u8 = NO_SIDE;
/// In the parent array: the start, its own parent (sides are 0 to 7).
const START: u8 = START_SIDE;

/// Dijkstra's algorithm as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Dijkstra<T = Square> {
    grid: T,
    start: usize,
    goal: usize,
    dist: Vec<u32>,
    /// The side of each cell that leads back to its parent, [`START`] or [`NO_PARENT`].
    parent: Vec<u8>,
    settled: Vec<bool>,
    /// Cells queued, by smallest `dist` first and then by order queued.
    queue: TwoDistanceLists,
    settled_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
    /// Early exit off: go on past the goal until the frontier is empty ([`Solver::flood`]).
    flood: bool,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for Dijkstra<T> {
    // Inlined into `step_to_end`'s loop, where the unused events then cost nothing (in wasm
    // too: the second copy costs about a kilobyte and halves the search time there).
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.dist[self.start] = 0;
            self.parent[self.start] = START;
            self.push(self.start, 0);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        let cell = loop {
            let Some(cell) = self.queue.pop(board) else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, UNREACHABLE));
            };
            if !self.settled[cell] {
                break cell;
            }
        };
        self.current = Some(cell);
        self.settled[cell] = true;
        self.settled_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal && !self.flood {
            let path = self.trace_path();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let dist = self.dist[cell] + 1;
        let mut added = 0;
        // The open sides as `open_neighbours` gives them, each side a constant on the square
        // grid ([`Topology::for_each_side`]).
        let (open, len) = open_sides(&self.grid, board.maze(), cell);
        T::for_each_side(
            open,
            #[inline(always)]
            |side| {
                let next = self.grid.through(cell, side);
                if next >= len || self.settled[next] || dist >= self.dist[next] {
                    return;
                }
                if self.dist[next] == UNREACHED {
                    self.visited += 1;
                    board.add_mark(next, mark::FRONTIER);
                }
                self.dist[next] = dist;
                self.parent[next] = self.grid.back(cell, side);
                self.queue.push(next, dist);
                added += 1;
            },
        );
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { QUEUE } else { SETTLE },
        ))
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

    // Speed only: the whole run in one loop, `step` inlined into it.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
    }

    // The teaching views: counters, narration and the queue as a list.

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("queued", self.queue_len()),
            ("settled", self.settled_count),
            ("visited", self.visited),
        ]
    }

    // In views.rs.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.sentence_for(step, maze)
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl Dijkstra {
    /// A search on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Dijkstra {
        Dijkstra::on(maze.square(), start, goal)
    }
}

impl<T: Topology> Dijkstra<T> {
    /// A search on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> Dijkstra<T> {
        Dijkstra {
            start,
            goal,
            dist: vec![UNREACHED; grid.len()],
            parent: vec![NO_PARENT; grid.len()],
            settled: vec![false; grid.len()],
            grid,
            queue: TwoDistanceLists::default(),
            settled_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
            flood: false,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for Dijkstra<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.parent(cell)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        self.dist(cell).map(f64::from)
    }

    fn counts_moves(&self) -> bool {
        false
    }

    fn flood(&mut self) -> bool {
        self.flood = true;
        true
    }

    fn goal_path(&self) -> Option<(Vec<usize>, Line)> {
        let reached = self.goal == self.start || self.parent(self.goal).is_some();
        reached.then(|| (self.trace_path(), FOUND))
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` uses, and the queries behind the teaching views (and the tests).
// -----------------------------------------------------------------------------------------------

impl<T: Topology> Dijkstra<T> {
    fn push(&mut self, cell: usize, dist: u32) {
        self.queue.push(cell, dist);
    }

    /// The path start → goal, following the parents back from the goal.
    fn trace_path(&self) -> Vec<usize> {
        follow_parents(self.start, self.goal, |cell| self.parent(cell))
    }

    /// The best known distance from the start, if the cell has been reached.
    pub fn dist(&self, cell: usize) -> Option<u32> {
        let d = self.dist[cell];
        (d != UNREACHED).then_some(d)
    }

    /// The parent of a cell on the best way found so far, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        parent_through(&self.grid, cell, self.parent[cell])
    }

    /// Whether a cell's distance is final.
    pub fn is_settled(&self, cell: usize) -> bool {
        self.settled[cell]
    }

    /// Cells reached but not settled.
    pub fn queue_len(&self) -> u64 {
        self.visited - self.settled_count
    }
}
