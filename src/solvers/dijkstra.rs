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
//! its `log n` reshuffling per cell (`Buckets`). A queue cannot lower an entry in place, so
//! an improved cell is queued again and its old entry left behind; a stale entry (cell settled
//! already) that comes to the front is thrown away within the same step.
//!
//! `parent` keeps, for each cell, only the direction back to its parent, in one byte instead
//! of a four-byte cell index: a quarter of the memory to wait for (as in BFS).
//!
//! One step is one settled cell and the relaxation of its neighbours. Marks: `FRONTIER` for
//! queued cells, `VISITED` for settled ones, `PATH` for the result.

use super::{beside, follow_parents, mark_path, open_neighbours, Outcome, Solver};
use crate::board::{mark, Board};
use crate::machine::{describe, step_to_end_inlined, Structure, Words};
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;

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
/// In the parent array: not reached yet.
const NO_PARENT: u8 = u8::MAX;
/// In the parent array: the start, its own parent.
const START: u8 = 4;

/// The priority queue for distances that grow by 1 per passage: a list of cells for the
/// smallest queued distance, read from `head` on, and one for that distance plus one.
#[derive(Clone, Debug, Default)]
struct Buckets {
    /// `lists[d % 2]` holds the cells queued with distance `d`, in the order queued.
    lists: [Vec<u32>; 2],
    /// The smallest distance that may still be queued: the list being read.
    dist: u32,
    /// How far the list being read has been read.
    head: usize,
}

impl Buckets {
    /// Queues `cell` at distance `dist`, which is the smallest queued distance or one more.
    fn push(&mut self, cell: usize, dist: u32) {
        debug_assert!(dist == self.dist || dist == self.dist + 1);
        self.lists[(dist % 2) as usize].push(cell as u32);
    }

    /// The queued cells in the order `pop` would hand them out.
    fn in_order(&self) -> impl Iterator<Item = usize> + '_ {
        let now = &self.lists[(self.dist % 2) as usize];
        let next = &self.lists[((self.dist + 1) % 2) as usize];
        now[self.head.min(now.len())..]
            .iter()
            .chain(next)
            .map(|&cell| cell as usize)
    }

    /// Takes the first cell queued with the smallest distance.
    fn pop(&mut self, board: &mut Board) -> Option<usize> {
        loop {
            let list = &mut self.lists[(self.dist % 2) as usize];
            if let Some(&cell) = list.get(self.head) {
                self.head += 1;
                return Some(cell as usize);
            }
            // That distance is used up: its list is reused for the distance after the next
            // (noted first, for `undo_pop`).
            note_list(board, list);
            list.clear();
            self.head = 0;
            if self.lists[((self.dist + 1) % 2) as usize].is_empty() {
                return None;
            }
            self.dist += 1;
        }
    }

    /// Takes back a pop that took a cell (the last one read), given the list it emptied on the
    /// way, if any (its notes).
    fn undo_pop(&mut self, emptied: &[u32]) {
        self.head -= 1;
        if self.head == 0 && !emptied.is_empty() {
            self.dist -= 1;
            self.undo_pop_none(emptied);
        }
    }

    /// Takes back a pop that found nothing, given the list it emptied.
    fn undo_pop_none(&mut self, emptied: &[u32]) {
        self.lists[(self.dist % 2) as usize].extend_from_slice(emptied);
        self.head = emptied.len();
    }

    /// Takes back the last `count` pushes, at distance `dist`, and returns their cells.
    fn undo_pushes(&mut self, dist: u32, count: usize) -> impl Iterator<Item = usize> + '_ {
        let list = &mut self.lists[(dist % 2) as usize];
        list.drain(list.len() - count..).map(|cell| cell as usize)
    }

    /// The cell read last, if any.
    fn last_read(&self) -> Option<usize> {
        let list = &self.lists[(self.dist % 2) as usize];
        self.head.checked_sub(1).map(|at| list[at] as usize)
    }
}

/// Notes a list of cells, once per distance. Out of line: copying the list inside the search's
/// loop measurably slowed the search, journaling or not.
#[cold]
#[inline(never)]
fn note_list(board: &mut Board, list: &[u32]) {
    board.note_words(list);
}

/// Dijkstra's algorithm as a step machine.
#[derive(Clone, Debug)]
pub struct Dijkstra {
    start: usize,
    goal: usize,
    dist: Vec<u32>,
    width: usize,
    /// The way from each cell back to its parent (a [`Direction`] as a number), [`START`] or
    /// [`NO_PARENT`].
    parent: Vec<u8>,
    settled: Vec<bool>,
    /// Cells queued, by smallest `dist` first and then by order queued.
    queue: Buckets,
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
            width: maze.width() as usize,
            parent: vec![NO_PARENT; maze.len()],
            settled: vec![false; maze.len()],
            queue: Buckets::default(),
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
        match self.parent[cell] {
            NO_PARENT => None,
            START => Some(cell),
            back => Some(beside(cell, Direction::ALL[usize::from(back)], self.width)),
        }
    }

    /// The path start → goal, following the parents back from the goal.
    fn trace_path(&self) -> Vec<usize> {
        follow_parents(self.start, self.goal, |cell| self.parent(cell))
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
        self.queue.push(cell, dist);
    }
}

impl Machine for Dijkstra {
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
    }

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
            return Some(Step::new(Event::Begin { cell }, 0));
        }
        let cell = loop {
            let Some(cell) = self.queue.pop(board) else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, 7));
            };
            if !self.settled[cell] {
                break cell;
            }
        };
        self.current = Some(cell);
        self.settled[cell] = true;
        self.settled_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal {
            let path = self.trace_path();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, 3));
        }
        let dist = self.dist[cell] + 1;
        let mut added = 0;
        for (dir, next) in open_neighbours(board.maze(), cell) {
            if self.settled[next] || dist >= self.dist[next] {
                continue;
            }
            if self.dist[next] == UNREACHED {
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
            }
            self.dist[next] = dist;
            self.parent[next] = dir.opposite() as u8;
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

    /// With every passage costing 1, cells come out in order of distance and each is queued
    /// once, at its final distance (a cell reached already is never improved, so no entry
    /// goes stale): a step read one cell, and the cells it queued were unreached, the last
    /// `added` of the next list. The only thing lost is a list the step emptied, noted.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let settled = match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.queue = Buckets::default();
                self.dist[self.start] = UNREACHED;
                self.parent[self.start] = NO_PARENT;
                self.visited = 0;
                return true;
            }
            Event::Unreachable => {
                self.queue.undo_pop_none(notes);
                self.outcome = None;
                self.current = self.queue.last_read();
                return true;
            }
            Event::Found { .. } => self.goal,
            Event::Expand { cell, added } => {
                let cell = cell as usize;
                let dist = self.dist[cell] + 1;
                for next in self.queue.undo_pushes(dist, added as usize) {
                    self.dist[next] = UNREACHED;
                    self.parent[next] = NO_PARENT;
                }
                self.visited -= u64::from(added);
                cell
            }
            _ => return false,
        };
        self.outcome = None;
        self.settled[settled] = false;
        self.settled_count -= 1;
        self.queue.undo_pop(notes);
        self.current = self.queue.last_read();
        true
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
        let mut queue = Structure::new("Queue (smallest distance first)", self.queue_len());
        let waiting = self.queue.in_order().filter(|&cell| !self.settled[cell]);
        for cell in waiting.take(limit) {
            queue.items.push(
                Words::new(maze)
                    .cell(cell)
                    .t(" d=")
                    .n(u64::from(self.dist[cell]))
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    #[test]
    fn the_buckets_hand_out_cells_in_the_order_of_a_heap_of_dist_and_order_queued() {
        // Pushes as Dijkstra makes them (the smallest queued distance or one more), mixed with
        // pops, against a plain heap keyed by (dist, order queued).
        let mut rng = Rng::new(5);
        let mut buckets = Buckets::default();
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        let mut heap = BinaryHeap::new();
        let (mut order, mut smallest) = (0u32, 0u32);
        for _ in 0..2000 {
            if rng.below(3) == 0 {
                let cell = rng.below(1000) as usize;
                // The distance being read or one more: what relaxing a settled cell queues.
                let dist = buckets.dist + u32::from(rng.coin());
                assert!(
                    dist >= smallest,
                    "never below a distance already handed out"
                );
                buckets.push(cell, dist);
                heap.push(Reverse((dist, order, cell)));
                order += 1;
            } else {
                let expected = heap.pop().map(|Reverse((dist, _, cell))| {
                    smallest = dist;
                    cell
                });
                assert_eq!(buckets.pop(&mut board), expected);
            }
        }
    }

    #[test]
    fn pops_and_pushes_taken_back_in_reverse_give_back_the_same_buckets() {
        // As Dijkstra uses them: each cell taken queues a few at the next distance, until
        // none are left; every pop's notes (a list it emptied) are the board's.
        enum Done {
            Pop(std::ops::Range<usize>),
            PopNone(std::ops::Range<usize>),
            Pushes(u32, usize),
        }
        let mut rng = Rng::new(9);
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        board.set_journaling(true);
        let mut buckets = Buckets::default();
        buckets.push(0, 0);
        let mut done = Vec::new();
        let mut queued = 1;
        loop {
            let before = format!("{buckets:?}");
            let from = board.notes().len();
            let popped = buckets.pop(&mut board);
            let notes = from..board.notes().len();
            let Some(cell) = popped else {
                done.push((Done::PopNone(notes), before));
                break;
            };
            done.push((Done::Pop(notes), before));
            let before = format!("{buckets:?}");
            let count = if queued < 3_000 {
                rng.below(4) as usize
            } else {
                0
            };
            for _ in 0..count {
                buckets.push(cell + 1, buckets.dist + 1);
            }
            queued += count;
            done.push((Done::Pushes(buckets.dist + 1, count), before));
        }
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Pop(notes) => buckets.undo_pop(&board.notes()[notes]),
                Done::PopNone(notes) => buckets.undo_pop_none(&board.notes()[notes]),
                Done::Pushes(dist, count) => {
                    assert_eq!(buckets.undo_pushes(dist, count).count(), count)
                }
            }
            assert_eq!(format!("{buckets:?}"), before);
        }
    }
}
