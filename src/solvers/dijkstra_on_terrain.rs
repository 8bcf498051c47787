//! Dijkstra's algorithm on terrain: entering a cell costs a whole number from 1 to 9, moves go
//! through the sides of a cell, and the queue is Dial's buckets.
//!
//! How it works:
//! 1. Every cell reached has `dist`, the cost of the cheapest way to it from the start: the
//!    sum of the costs of the cells entered. Queue the start with `dist = 0`.
//! 2. Take the queued cell with the smallest `dist` (ties go to the one queued first). Its
//!    `dist` can no longer improve: every other way to it passes through a queued cell that
//!    costs at least as much already. It is *settled*.
//! 3. If it is the goal, follow parents back to the start: no path is cheaper.
//! 4. Otherwise, for every open neighbour `n` not reached yet, set `dist[n] = dist[cell] +
//!    cost(n)`, record this cell as its parent, and queue `n`.
//! 5. When the queue runs dry first, the goal cannot be reached.
//!
//! Why step 4 may skip a neighbour reached already, where textbook Dijkstra compares and may
//! lower its `dist`: the cost of a move is the cost of the cell *entered*, the same from
//! every side. Cells are taken in order of `dist`, so whichever reaches `n` first has the
//! smallest `dist` of all the cells that ever will, and `dist + cost(n)` can only be matched
//! later, never beaten. Every cell is queued once, at its final cost, and nothing stale is
//! ever left in the queue. (With diagonal moves, √2 times a cost, that no longer holds.)
//!
//! The queue is *Dial's buckets* ([`crate::ds::distance_ring`]): one list per distance, read first in
//! first out. A cell taken at `dist` queues its neighbours at `dist + 1` to `dist + 9`, so ten
//! lists used round and round hold the whole queue, and cells come out in the order a heap of
//! `(dist, order queued)` would give, without its `log n` reshuffling per cell.
//!
//! With diagonal moves, costs are no longer whole numbers the same from every side, and the
//! general search by cost takes over ([`super::a_star::best_first`]). The search is written for any
//! grid (`T`), but the registry uses it on the square grid only: other shapes take the
//! general search too, which keeps a second copy of this one out of the wasm module (8 KB).
//!
//! One step is one settled cell and its neighbours. Marks: `FRONTIER` for queued cells,
//! `VISITED` for settled ones, `PATH` for the result.

use super::{follow_parents, mark_path, open_sides, Outcome, Solver};
// The lines of Dijkstra's pseudocode, whose Info this search shows.
use super::dijkstra::{BEGIN, FOUND, QUEUE, SETTLE, UNREACHABLE};
use crate::board::{mark, Board};
use crate::ds::distance_ring::DistanceRing;
use crate::ds::parents::{parent_through, NO_SIDE, START_SIDE};
use crate::machine::event_sentence;
use crate::machine::Line;
use crate::machine::{step_to_end_inlined, Structure, Words};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::Topology;
use crate::words::{Arg, Sentence};

/// "Not reached yet" in the distance array.
const UNREACHED: u32 = u32::MAX;

/// Dijkstra's algorithm on terrain as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct DijkstraOnTerrain<T> {
    info: &'static Info,
    grid: T,
    start: usize,
    goal: usize,
    /// The cost of the cheapest way to each cell, [`UNREACHED`] before it is reached.
    dist: Vec<u32>,
    /// The side of each cell that leads back to its parent, [`START_SIDE`] or [`NO_SIDE`].
    parent: Vec<u8>,
    /// Cells queued, by smallest `dist` first and then by order queued.
    queue: DistanceRing,
    settled_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
    /// Early exit off: go on past the goal until the frontier is empty ([`Solver::flood`]).
    flood: bool,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for DijkstraOnTerrain<T> {
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.dist[self.start] = 0;
            self.parent[self.start] = START_SIDE;
            self.queue.push(self.start, 0);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        let Some((cell, _)) = self.queue.pop(board) else {
            self.current = None;
            self.outcome = Some(Outcome::Unreachable);
            return Some(Step::new(Event::Unreachable, UNREACHABLE));
        };
        self.current = Some(cell);
        self.settled_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal && !self.flood {
            let path = follow_parents(self.start, self.goal, |cell| self.parent(cell));
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let dist = self.dist[cell];
        let mut added = 0;
        let (open, len) = open_sides(&self.grid, board.maze(), cell);
        T::for_each_side(
            open,
            #[inline(always)]
            |side| {
                let next = self.grid.through(cell, side);
                if next >= len || self.dist[next] != UNREACHED {
                    return;
                }
                let through = dist + u32::from(board.maze().cost(next));
                board.note(next as u32);
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
                self.dist[next] = through;
                self.parent[next] = self.grid.back(cell, side);
                self.queue.push(next, u64::from(through));
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
        self.info
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    // Taking a step back.

    /// A step noted the cell before it, then what its pop used up (see
    /// `DistanceRing::pop`), then the `added` neighbours it reached, which were unreached
    /// before: those are taken back newest first, then the pop, then the cell before.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let added = match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.queue = DistanceRing::default();
                self.dist[self.start] = UNREACHED;
                self.parent[self.start] = NO_SIDE;
                self.visited = 0;
                return true;
            }
            Event::Expand { added, .. } => added as usize,
            Event::Found { .. } | Event::Unreachable => 0,
            _ => return false,
        };
        let Some((&before, rest)) = notes.split_first() else {
            return false;
        };
        let Some(popped) = rest.len().checked_sub(added) else {
            return false;
        };
        for &next in rest[popped..].iter().rev() {
            let next = next as usize;
            self.queue.undo_push(u64::from(self.dist[next]));
            self.dist[next] = UNREACHED;
            self.parent[next] = NO_SIDE;
        }
        self.visited -= added as u64;
        // A pop that found the queue empty changed nothing.
        if !matches!(step.event, Event::Unreachable) {
            self.queue.undo_pop(&rest[..popped]);
            self.settled_count -= 1;
        }
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }

    // Speed only: the whole run in one loop, `step` inlined into it.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
    }

    // The teaching views: counters, narration and the queue as a list.

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("queued", self.queue.len() as u64),
            ("settled", self.settled_count),
            ("visited", self.visited),
        ]
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let Event::Expand { cell, added } = step.event else {
            return event_sentence(&step.event, maze);
        };
        let cell = cell as usize;
        Sentence::new("narration.best-first.cheapest")
            .with("g", Arg::Dec(f64::from(self.dist[cell])))
            .cell("cell", maze, cell)
            .n("added", added)
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut queue = Structure::new("Queue (cheapest first)", self.queue.len() as u64);
        for (cell, dist) in self.queue.in_order().take(limit) {
            let text = format!(" g={dist:.2}", dist = dist as f64);
            queue
                .items
                .push(Words::new(maze).cell(cell).t(&text).done());
        }
        vec![queue]
    }
}

impl<T: Topology> DijkstraOnTerrain<T> {
    /// A search on a maze whose grid is `grid`, described by `info` (Dijkstra's).
    pub fn on(info: &'static Info, grid: T, start: usize, goal: usize) -> DijkstraOnTerrain<T> {
        DijkstraOnTerrain {
            info,
            start,
            goal,
            dist: vec![UNREACHED; grid.len()],
            parent: vec![NO_SIDE; grid.len()],
            grid,
            queue: DistanceRing::default(),
            settled_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
            flood: false,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for DijkstraOnTerrain<T> {
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
        reached.then(|| {
            (
                follow_parents(self.start, self.goal, |cell| self.parent(cell)),
                FOUND,
            )
        })
    }
}

// -----------------------------------------------------------------------------------------------
// The queries behind the views (and the tests).
// -----------------------------------------------------------------------------------------------

impl<T: Topology> DijkstraOnTerrain<T> {
    /// The parent of a cell on the cheapest way to it, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        parent_through(&self.grid, cell, self.parent[cell])
    }

    /// The cost of the cheapest way from the start, if the cell has been reached.
    pub fn dist(&self, cell: usize) -> Option<u32> {
        let dist = self.dist[cell];
        (dist != UNREACHED).then_some(dist)
    }
}
