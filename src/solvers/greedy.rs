//! Greedy best-first search: always go on from the reached cell that looks nearest the goal.
//!
//! How it works:
//! 1. Score every cell by `h`, its Manhattan distance `|dx| + |dy|` to the goal — a guess that
//!    ignores walls (on other grids the grid's own [`Topology::estimate`]: hexagon steps,
//!    rings apart …). Put the start in a priority queue.
//! 2. Take the queued cell with the lowest `h` (ties go to the one queued first, so every run
//!    is the same). If it is the goal, follow parents back to the start.
//! 3. Otherwise give every open neighbour that has no parent yet this cell as its parent, and
//!    queue it with its `h`.
//! 4. When the queue runs dry first, the goal cannot be reached.
//!
//! Unlike A* it forgets how far it has come (there is no `g`), so it heads straight for the
//! goal and often looks at few cells — but a wall in the way can lead it down a long detour,
//! and the path it reports is **not necessarily a shortest one**. Each cell is queued at most
//! once (when it gets its parent), so there are no stale entries.
//!
//! Diagonal moves: on the plain square grid, when the corner rule allows them
//! ([`crate::world::Corners`]), the cells across a cell's corners are neighbours too, queued
//! after the open sides. `h` stays the Manhattan distance: it only orders the queue, and a
//! diagonal step towards the goal lowers it by 2, so the search still heads for the goal.
//!
//! One step is one dequeue and its neighbours. Marks: `FRONTIER` for queued cells, `VISITED`
//! for dequeued ones, `PATH` for the result.
//!
//! This file: the algorithm first — its description, its pseudocode, its state and `step` —
//! then taking a step back and the teaching view, and last the small helpers `step` uses and
//! the queries behind the views. The queue is a [`QuadHeap`], a data structure of its own.

use super::moves::Moves;
use super::{mark_path, open_neighbours, trace_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::ds::quad_heap::{QuadHeap, ARITY};
use crate::machine::Line;
use crate::machine::{heap_best, Structure, Words};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology};
use std::cmp::Reverse;

pub static INFO: Info = Info {
    name: "greedy",
    title: "Greedy best-first search",
    summary: "Always goes on from the reached cell nearest the goal as the crow flies \
              (Manhattan distance); often fast, but not optimal: the path may be longer than \
              the shortest.",
    step_unit: "one dequeue and its neighbours",
    pseudocode: &[
        "parent[start] = start; queue start with h(start)", // BEGIN
        "while the queue is not empty:",
        "    cell = take the lowest h from the queue", // TAKE
        "    if cell is the goal: follow parents back to start, done", // FOUND
        "    for each open neighbour n with no parent:",
        "        parent[n] = cell; queue n with h(n)", // QUEUE
        "the queue is empty: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[
        (mark::FRONTIER, "queued"),
        (mark::VISITED, "dequeued"),
        (mark::PATH, "path found (not always shortest)"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const TAKE: Line = Line(2);
const FOUND: Line = Line(3);
const QUEUE: Line = Line(5);
const UNREACHABLE: Line = Line(6);

/// Greedy best-first search as a step machine, on a grid of any shape (`T`: the plain
/// [`Square`] grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Greedy<T = Square> {
    grid: T,
    /// The open sides, and the diagonal moves the corner rule allows (none unless chosen).
    moves: Moves,
    start: usize,
    goal: usize,
    parent: Vec<u32>,
    /// `(h << 32 | order queued, cell)`, smallest first. The order makes every key unique.
    /// Our own heap rather than the standard one: taking a step back restores its layout.
    queue: QuadHeap<Reverse<(u64, u32)>>,
    queued: u32,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for Greedy<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.parent[self.start] = self.start as u32;
            self.push(self.start);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        // Notes for `undo`: the cell before, and the order queued of the cell taken with where
        // the pop left the heap's last entry.
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        let Some((Reverse((key, cell)), at)) = self.queue.pop_at() else {
            self.current = None;
            self.outcome = Some(Outcome::Unreachable);
            return Some(Step::new(Event::Unreachable, UNREACHABLE));
        };
        board.note_words(&[key as u32, at as u32]);
        let cell = cell as usize;
        self.current = Some(cell);
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal {
            let path = trace_path(&self.parent, self.start, self.goal);
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let mut added = 0;
        // A copy of the grid (on the square grid its two sides) leaves `self` free to change.
        let grid = self.grid.clone();
        for (_, next) in open_neighbours(&grid, board.maze(), cell) {
            if self.parent[next] == NO_PARENT {
                self.parent[next] = cell as u32;
                self.push(next);
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
                added += 1;
            }
        }
        for (_, next) in self.moves.diagonals(board.maze(), cell) {
            if self.parent[next] == NO_PARENT {
                self.parent[next] = cell as u32;
                self.push(next);
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
                added += 1;
            }
        }
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { QUEUE } else { TAKE },
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

    // Taking a step back.

    /// neighbours whose parent is the cell taken, with the last orders. They are taken out of
    /// the heap by value, newest first; the entry taken goes back from the noted order and
    /// place.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        let cell = match (step.event, notes) {
            (Event::Begin { .. }, []) => {
                self.queue.undo_push(0);
                self.queued = self.queued.wrapping_sub(1);
                self.parent[self.start] = NO_PARENT;
                self.visited = 0;
                self.started = false;
                return true;
            }
            (Event::Unreachable, &[before]) => {
                self.outcome = None;
                self.current = (before != u32::MAX).then_some(before as usize);
                return true;
            }
            (Event::Found { .. }, &[_, _, _]) => self.goal,
            (Event::Expand { cell, .. }, &[_, _, _]) => cell as usize,
            _ => return false,
        };
        let &[before, order, at] = notes else {
            return false;
        };
        let cell_u32 = cell as u32;
        let queued: Vec<usize> = open_neighbours(&self.grid, board.maze(), cell)
            .chain(self.moves.diagonals(board.maze(), cell))
            .map(|(_, next)| next)
            .filter(|&next| self.parent[next] == cell_u32)
            .collect();
        for &next in queued.iter().rev() {
            self.queued = self.queued.wrapping_sub(1);
            let Some(at) = self.queue.pushed_at(&self.entry(next, self.queued)) else {
                return false;
            };
            self.queue.undo_push(at);
            self.parent[next] = NO_PARENT;
            self.visited -= 1;
        }
        self.queue.undo_pop(self.entry(cell, order), at as usize);
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }

    // The teaching views: counters and the queue as a list.

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("queued", self.queue.len() as u64),
            ("visited", self.visited),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let best = heap_best(self.queue.as_slice(), ARITY, limit, &|_| true);
        let title = "Queue (closest to the goal first)";
        let mut queue = Structure::new(title, self.queue.len() as u64);
        for Reverse((key, cell)) in best {
            queue.items.push(
                Words::new(maze)
                    .cell(cell as usize)
                    .t(" h=")
                    .n(key >> 32)
                    .done(),
            );
        }
        vec![queue]
    }
}

impl Greedy {
    /// A search on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Greedy {
        Greedy::on(maze.square(), start, goal)
    }
}

impl<T: Topology> Greedy<T> {
    /// A search on a maze whose grid is `grid`, along the sides only.
    pub fn on(grid: T, start: usize, goal: usize) -> Greedy<T> {
        Greedy {
            moves: Moves::SIDES,
            start,
            goal,
            parent: vec![NO_PARENT; grid.len()],
            grid,
            queue: QuadHeap::new(),
            queued: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }

    /// The search making `moves`: diagonally too where they allow it.
    pub fn moving(self, moves: Moves) -> Greedy<T> {
        Greedy { moves, ..self }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for Greedy<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.parent(cell)
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        Some(f64::from(self.h(cell)))
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` uses, and the queries behind the teaching views (and the tests).
// -----------------------------------------------------------------------------------------------

impl<T: Topology> Greedy<T> {
    /// The queue entry of `cell`, queued as number `order`.
    fn entry(&self, cell: usize, order: u32) -> Reverse<(u64, u32)> {
        Reverse((
            u64::from(self.h(cell)) << 32 | u64::from(order),
            cell as u32,
        ))
    }

    fn push(&mut self, cell: usize) {
        self.queue.push(self.entry(cell, self.queued));
        self.queued = self.queued.wrapping_add(1);
    }

    /// The guess of the distance from a cell to the goal: [`Topology::estimate`], on the square
    /// grid the Manhattan distance.
    pub fn h(&self, cell: usize) -> u32 {
        self.grid.estimate(cell, self.goal)
    }

    /// The parent of a cell in the search tree, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        let p = self.parent[cell];
        (p != NO_PARENT).then_some(p as usize)
    }

    /// Cells waiting in the queue.
    pub fn queue_len(&self) -> usize {
        self.queue.len()
    }
}
