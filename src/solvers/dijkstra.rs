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
//! The queue is a binary heap of `(dist, order queued)` pairs. A heap cannot lower an entry in
//! place, so an improved cell is queued again and its old entry left behind; a stale entry
//! (cell settled already) that comes to the top is thrown away within the same step.
//!
//! One step is one settled cell and the relaxation of its neighbours. Marks: `FRONTIER` for
//! queued cells, `VISITED` for settled ones, `PATH` for the result.

use super::{mark_path, open_neighbours, trace_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::{describe, heap_best, Structure, Words};
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub static INFO: Info = Info {
    name: "dijkstra",
    title: "Dijkstra's algorithm",
    summary: "Settles cells in order of distance from the start with a priority queue; \
              finds a shortest path.",
    step_unit: "one settled cell and the relaxation of its neighbours",
    pseudocode: &[
        "dist[start] = 0; queue start",
        "while the queue is not empty:",
        "    cell = take the smallest dist from the queue, dropping settled ones",
        "    if cell is the goal: follow parents back to start, done",
        "    settle cell",
        "    for each open neighbour n not settled, if dist[cell] + 1 < dist[n]:",
        "        dist[n] = dist[cell] + 1; parent[n] = cell; queue n",
        "the queue is empty: the goal is unreachable",
    ],
    marks: &[
        (mark::FRONTIER, "queued"),
        (mark::VISITED, "settled"),
        (mark::PATH, "shortest path"),
    ],
    events: &["expand", "found"],
};

/// "Not reached yet" in the distance array.
const UNREACHED: u32 = u32::MAX;

/// Dijkstra's algorithm as a step machine.
#[derive(Clone, Debug)]
pub struct Dijkstra {
    start: usize,
    goal: usize,
    dist: Vec<u32>,
    parent: Vec<u32>,
    settled: Vec<bool>,
    /// `(dist << 32 | order queued, cell)`, smallest first. The order makes every key unique.
    queue: BinaryHeap<Reverse<(u64, u32)>>,
    queued: u32,
    settled_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl Dijkstra {
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Dijkstra {
        Dijkstra {
            start,
            goal,
            dist: vec![UNREACHED; maze.len()],
            parent: vec![NO_PARENT; maze.len()],
            settled: vec![false; maze.len()],
            queue: BinaryHeap::new(),
            queued: 0,
            settled_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }

    /// The best known distance from the start, if the cell has been reached.
    pub fn dist(&self, cell: usize) -> Option<u32> {
        let d = self.dist[cell];
        (d != UNREACHED).then_some(d)
    }

    /// The parent of a cell on the best way found so far, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        let p = self.parent[cell];
        (p != NO_PARENT).then_some(p as usize)
    }

    /// Whether a cell's distance is final.
    pub fn is_settled(&self, cell: usize) -> bool {
        self.settled[cell]
    }

    /// Cells reached but not settled.
    pub fn queue_len(&self) -> u64 {
        self.visited - self.settled_count
    }

    fn push(&mut self, cell: usize, dist: u32) {
        let key = u64::from(dist) << 32 | u64::from(self.queued);
        self.queued = self.queued.wrapping_add(1);
        self.queue.push(Reverse((key, cell as u32)));
    }
}

impl Machine for Dijkstra {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.dist[self.start] = 0;
            self.parent[self.start] = self.start as u32;
            self.push(self.start, 0);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, 0));
        }
        let cell = loop {
            let Some(Reverse((_, cell))) = self.queue.pop() else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, 7));
            };
            if !self.settled[cell as usize] {
                break cell as usize;
            }
        };
        self.current = Some(cell);
        self.settled[cell] = true;
        self.settled_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal {
            let path = trace_path(&self.parent, self.start, self.goal);
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, 3));
        }
        let dist = self.dist[cell] + 1;
        let mut added = 0;
        for (_, next) in open_neighbours(board.maze(), cell) {
            if self.settled[next] || dist >= self.dist[next] {
                continue;
            }
            if self.dist[next] == UNREACHED {
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
            }
            self.dist[next] = dist;
            self.parent[next] = cell as u32;
            self.push(next, dist);
            added += 1;
        }
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { 6 } else { 4 },
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

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("queued", self.queue_len()),
            ("settled", self.settled_count),
            ("visited", self.visited),
        ]
    }

    fn narrate(&self, step: &Step, maze: &Maze) -> String {
        match step.event {
            Event::Expand { cell, added } => Words::new(maze)
                .t("Settled cell ")
                .cell(cell as usize)
                .t(" at distance ")
                .n(u64::from(self.dist[cell as usize]))
                .t(", the smallest in the queue, and queued ")
                .count(u64::from(added), "neighbour", "neighbours")
                .t(".")
                .done(),
            _ => describe(&step.event, maze),
        }
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let live = |Reverse((_, cell)): Reverse<(u64, u32)>| !self.settled[cell as usize];
        let best = heap_best(self.queue.as_slice(), limit, &live);
        let mut queue = Structure::new("Queue (smallest distance first)", self.queue_len());
        for Reverse((key, cell)) in best {
            queue.items.push(
                Words::new(maze)
                    .cell(cell as usize)
                    .t(" d=")
                    .n(key >> 32)
                    .done(),
            );
        }
        vec![queue]
    }
}

impl Solver for Dijkstra {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }
}
