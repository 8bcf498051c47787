//! A* search: always expand the open cell that looks closest to the goal when you count both the
//! steps taken so far and a guess of the steps still to go.
//!
//! How it works:
//! 1. Every cell reached has `g`, the length of the best known way to it from the start, and
//!    `h`, the Manhattan distance `|dx| + |dy|` to the goal. In a grid maze no path can be
//!    shorter than that, so `h` never overestimates, and A* finds a shortest path.
//! 2. Put the start in the open set with `g = 0`.
//! 3. Take the open cell with the lowest `f = g + h`. Ties go to the lower `h` (the cell nearer
//!    the goal), then to the cell that was added first, so every run is the same.
//! 4. If it is the goal, follow parents back to the start: that is a shortest path.
//! 5. Otherwise close it, and for every open neighbour that is not closed and can be reached
//!    more cheaply through this cell, record the new `g` and this cell as its parent, and add it
//!    to the open set with its new `f`.
//! 6. When the open set runs dry first, the goal cannot be reached.
//!
//! The open set is a binary heap. A heap cannot lower an entry's priority in place, so an
//! improved cell is simply added again and its old entry left behind. When such a stale entry
//! (its cell closed already, or its `g` no longer the cell's best) comes to the top, it is thrown
//! away as part of the same step — no step is ever spent on one.
//!
//! `parent` keeps, for each cell, only the direction back to its parent, in one byte instead
//! of a four-byte cell index: a quarter of the memory to wait for (as in BFS).
//!
//! One step is one pop from the open set and the relaxation of its neighbours. Marks: `FRONTIER`
//! for the open set, `VISITED` for closed cells, `PATH` for the result.
//!
//! The heuristic can be weighted: `f = g + weight · h`. A weight of 1 (`a-star` in the
//! registry) is plain, optimal A*; larger weights rush toward the goal and may miss the shortest
//! path. The registry also lists `a-star-weighted`, weight [`WEIGHTED`] (2): then `h` counts
//! double, so A* trusts the straight line more than the steps taken and usually expands fewer
//! cells, but the path it returns can be longer than the shortest (at most twice as long).

use super::{mark_path, open_neighbours, Outcome, Solver};
use crate::board::{mark, Board};
use crate::machine::{describe, heap_best, Structure, Words};
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub static INFO: Info = Info {
    name: "a-star",
    title: "A* search",
    summary: "Expands the cell with the lowest steps-so-far plus Manhattan distance to go; \
              finds a shortest path while looking at fewer cells than BFS.",
    step_unit: "one pop from the open set and the relaxation of its neighbours",
    pseudocode: &[
        "g[start] = 0; add start to the open set with f = h(start)",
        "while the open set is not empty:",
        "    cell = take the lowest f (then lowest h) from the open set, dropping stale entries",
        "    if cell is the goal: follow parents back to start, done",
        "    close cell",
        "    for each open neighbour n not closed, if g[cell] + 1 < g[n]:",
        "        g[n] = g[cell] + 1; parent[n] = cell; add n with f = g[n] + h(n)",
        "the open set is empty: the goal is unreachable",
    ],
    marks: &[
        (mark::FRONTIER, "in the open set"),
        (mark::VISITED, "closed"),
        (mark::PATH, "shortest path"),
    ],
    events: &["expand", "found"],
};

/// Weighted A* in the registry (`a-star-weighted`): the weight, and its description.
pub const WEIGHTED: u32 = 2;

pub static INFO_WEIGHTED: Info = Info {
    name: "a-star-weighted",
    title: "Weighted A* (weight 2)",
    summary: "A* with the distance still to go counted twice (f = g + 2·h): rushes toward the \
              goal and usually looks at fewer cells, but is not optimal — the path may be \
              longer than the shortest.",
    step_unit: "one pop from the open set and the relaxation of its neighbours",
    pseudocode: &[
        "g[start] = 0; add start to the open set with f = 2·h(start)",
        "while the open set is not empty:",
        "    cell = take the lowest f (then lowest h) from the open set, dropping stale entries",
        "    if cell is the goal: follow parents back to start, done",
        "    close cell",
        "    for each open neighbour n not closed, if g[cell] + 1 < g[n]:",
        "        g[n] = g[cell] + 1; parent[n] = cell; add n with f = g[n] + 2·h(n)",
        "the open set is empty: the goal is unreachable",
    ],
    marks: &[
        (mark::FRONTIER, "in the open set"),
        (mark::VISITED, "closed"),
        (mark::PATH, "path found (not always shortest)"),
    ],
    events: &["expand", "found"],
};

/// The largest heuristic weight. It keeps `f = g + weight · h` inside a `u32` on the largest
/// maze (`g` below 2²⁴, `h` below 2¹³).
pub const MAX_WEIGHT: u32 = 1 << 18;

/// "Not reached yet" in the `g` array.
const UNREACHED: u32 = u32::MAX;
/// In the parent array: not reached yet.
const NO_PARENT: u8 = u8::MAX;
/// In the parent array: the start, its own parent.
const START: u8 = 4;

/// One entry of the open set, packed into two numbers compared in turn — `f` and `h`, then
/// insertion order and the cell as its row and column — so the heap orders entries with
/// integer comparisons: lower `f` first, then lower `h`, then the one added earlier. The order
/// is unique, so no two entries ever tie and the cell never decides. The cell is kept as
/// coordinates (each side is at most 4096, so 16 bits each) because the neighbours' distances
/// to the goal are worked out from them, and turning an index into coordinates costs a
/// division. Two `u64`s rather than one `u128`: wasm has 64-bit integers but no 128-bit ones,
/// and there the `u128` shifts and compares made A* twice as slow. Wrapped in `Reverse`
/// because `BinaryHeap` pops the greatest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct HeapEntry {
    /// `f` in the high half, `h` in the low half.
    scores: u64,
    /// Insertion order in the high half, then row and column.
    order_at: u64,
}

impl HeapEntry {
    fn new(f: u32, h: u32, order: u32, (x, y): (u32, u32)) -> HeapEntry {
        HeapEntry {
            scores: u64::from(f) << 32 | u64::from(h),
            order_at: u64::from(order) << 32 | u64::from(y) << 16 | u64::from(x),
        }
    }

    fn f(self) -> u32 {
        (self.scores >> 32) as u32
    }

    fn h(self) -> u32 {
        self.scores as u32
    }

    /// Column and row.
    fn xy(self) -> (u32, u32) {
        (self.order_at as u32 & 0xffff, (self.order_at as u32) >> 16)
    }
}

/// The open set: a binary heap of entries plus a one-entry slot in front of it.
///
/// Most expansions add a neighbour that is taken straight back out in the next step (the one
/// toward the goal keeps `f` and lowers `h`), so the newest entry is held in the slot while it
/// is the best one, and only goes into the heap when something better arrives. `pop` returns
/// the best of the slot and the heap's top, so entries come out in exactly the order the heap
/// alone would give — the slot only saves the trips through the heap.
#[derive(Clone, Debug, Default)]
struct OpenSet {
    heap: BinaryHeap<Reverse<HeapEntry>>,
    slot: Option<HeapEntry>,
}

impl OpenSet {
    #[inline]
    fn push(&mut self, entry: HeapEntry) {
        match self.slot {
            Some(held) if held < entry => self.heap.push(Reverse(entry)),
            Some(held) => {
                self.heap.push(Reverse(held));
                self.slot = Some(entry);
            }
            None => self.slot = Some(entry),
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<HeapEntry> {
        match (self.slot, self.heap.peek()) {
            (Some(held), Some(Reverse(top))) if *top < held => self.heap.pop().map(|e| e.0),
            (Some(_), _) => self.slot.take(),
            (None, _) => self.heap.pop().map(|e| e.0),
        }
    }

    /// Every entry, stale ones included, in no particular order.
    fn iter(&self) -> impl Iterator<Item = HeapEntry> + '_ {
        self.slot.into_iter().chain(self.heap.iter().map(|e| e.0))
    }

    /// Entries held, stale ones included.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.heap.len() + usize::from(self.slot.is_some())
    }
}

/// A cell of the open set with its scores, for a panel that lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenCell {
    pub cell: usize,
    /// Steps from the start along the best way known.
    pub g: u32,
    /// Manhattan distance to the goal.
    pub h: u32,
    /// The priority, `g + weight · h`.
    pub f: u32,
}

/// A* search as a step machine.
#[derive(Clone, Debug)]
pub struct AStar {
    start: usize,
    start_xy: (u32, u32),
    goal: usize,
    width: u32,
    goal_x: u32,
    goal_y: u32,
    /// Heuristic weight: 1 is plain, optimal A*.
    weight: u32,
    g: Vec<u32>,
    /// The way from each cell back to its parent (a [`Direction`] as a number), [`START`] or
    /// [`NO_PARENT`].
    parent: Vec<u8>,
    closed: Vec<bool>,
    open: OpenSet,
    added: u32,
    closed_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl AStar {
    /// Plain A* (weight 1): finds a shortest path.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> AStar {
        AStar::with_weight(maze, start, goal, 1)
    }

    /// A* with `f = g + weight · h`. The weight is clamped to `1..=MAX_WEIGHT`.
    pub fn with_weight(maze: &Maze, start: usize, goal: usize, weight: u32) -> AStar {
        let (goal_x, goal_y) = maze.coords(goal);
        AStar {
            start,
            start_xy: maze.coords(start),
            goal,
            width: maze.width(),
            goal_x,
            goal_y,
            weight: weight.clamp(1, MAX_WEIGHT),
            g: vec![UNREACHED; maze.len()],
            parent: vec![NO_PARENT; maze.len()],
            closed: vec![false; maze.len()],
            open: OpenSet::default(),
            added: 0,
            closed_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }

    /// The heuristic weight (1 = optimal).
    pub fn weight(&self) -> u32 {
        self.weight
    }

    /// The Manhattan distance from a cell to the goal.
    pub fn h(&self, cell: usize) -> u32 {
        let x = (cell % self.width as usize) as u32;
        let y = (cell / self.width as usize) as u32;
        x.abs_diff(self.goal_x) + y.abs_diff(self.goal_y)
    }

    /// The length of the best way to a cell found so far, if it has been reached.
    pub fn g(&self, cell: usize) -> Option<u32> {
        let g = self.g[cell];
        (g != UNREACHED).then_some(g)
    }

    /// The parent of a cell on the best way found so far, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        let width = self.width as usize;
        match self.parent[cell] {
            NO_PARENT => None,
            START => Some(cell),
            back => Some(match Direction::ALL[usize::from(back)] {
                Direction::North => cell - width,
                Direction::East => cell + 1,
                Direction::South => cell + width,
                Direction::West => cell - 1,
            }),
        }
    }

    /// The path start → goal, following the parents back from the goal.
    fn trace_path(&self) -> Vec<usize> {
        let mut path = vec![self.goal];
        let mut cell = self.goal;
        // Every cell on the way back has a parent; stopping at one without is only a guard.
        while let Some(up) = self.parent(cell).filter(|_| cell != self.start) {
            cell = up;
            path.push(cell);
        }
        path.reverse();
        path
    }

    /// Whether a cell has been closed (expanded).
    pub fn is_closed(&self, cell: usize) -> bool {
        self.closed[cell]
    }

    /// Number of cells in the open set (stale heap entries not counted).
    pub fn open_len(&self) -> u64 {
        self.visited - self.closed_count
    }

    /// The open set, best first (the order A* will take them in), stale entries left out.
    pub fn open_set(&self) -> Vec<OpenCell> {
        let mut live: Vec<HeapEntry> = self
            .open
            .iter()
            .filter(|&entry| self.is_live(entry))
            .collect();
        live.sort_unstable();
        live.into_iter()
            .map(|entry| {
                let cell = self.index(entry.xy());
                OpenCell {
                    cell,
                    g: self.g[cell],
                    h: entry.h(),
                    f: entry.f(),
                }
            })
            .collect()
    }

    /// An entry is live when its cell is still open and it carries the cell's best `g`.
    fn is_live(&self, entry: HeapEntry) -> bool {
        let cell = self.index(entry.xy());
        entry.f() - self.weight * entry.h() == self.g[cell] && !self.closed[cell]
    }

    /// The index of the cell at column `x`, row `y`.
    fn index(&self, (x, y): (u32, u32)) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// Adds the cell at `(x, y)` to the open set with its `g`.
    #[inline]
    fn push(&mut self, (x, y): (u32, u32), g: u32) {
        let h = x.abs_diff(self.goal_x) + y.abs_diff(self.goal_y);
        let entry = HeapEntry::new(g + self.weight * h, h, self.added, (x, y));
        self.open.push(entry);
        self.added += 1;
    }
}

impl Machine for AStar {
    // Inlined into `step_to_end`'s loop, where the unused events then cost nothing (in wasm
    // too: the second copy costs about a kilobyte and halves the search time there).
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.g[self.start] = 0;
            self.parent[self.start] = START;
            self.push(self.start_xy, 0);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, 0));
        }
        // Pop until a live entry turns up; stale ones are dropped within this step.
        let (x, y) = loop {
            let Some(entry) = self.open.pop() else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, 7));
            };
            if self.is_live(entry) {
                break entry.xy();
            }
        };
        let cell = self.index((x, y));
        self.current = Some(cell);
        self.closed[cell] = true;
        self.closed_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal {
            let path = self.trace_path();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, 3));
        }
        let g = self.g[cell] + 1;
        let mut added = 0;
        for (dir, next) in open_neighbours(board.maze(), cell) {
            if g >= self.g[next] || self.closed[next] {
                continue;
            }
            if self.g[next] == UNREACHED {
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
            }
            self.g[next] = g;
            self.parent[next] = dir.opposite() as u8;
            let next_xy = (
                x.wrapping_add_signed(dir.dx()),
                y.wrapping_add_signed(dir.dy()),
            );
            self.push(next_xy, g);
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
        if self.weight == 1 {
            &INFO
        } else {
            // Any weight above 1 is the weighted variant; the registry's is WEIGHTED.
            &INFO_WEIGHTED
        }
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("open", self.open_len()),
            ("closed", self.closed_count),
            ("visited", self.visited),
        ]
    }

    /// Gives the expanded cell's scores: g steps from the start, h to the goal, f = g + h.
    fn narrate(&self, step: &Step, maze: &Maze) -> String {
        match step.event {
            Event::Expand { cell, added } => {
                let cell = cell as usize;
                let (g, h) = (self.g[cell], self.h(cell));
                let f = g + self.weight * h;
                Words::new(maze)
                    .t("Took cell ")
                    .cell(cell)
                    .t(", lowest in the open set with f = ")
                    .n(u64::from(f))
                    .t(" (g = ")
                    .n(u64::from(g))
                    .t(" steps from the start, h = ")
                    .n(u64::from(h))
                    .t(" to the goal), and opened ")
                    .count(u64::from(added), "neighbour", "neighbours")
                    .t(".")
                    .done()
            }
            _ => describe(&step.event, maze),
        }
    }

    /// The open set's best entries, found without sorting the whole heap.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let live = |Reverse(entry): Reverse<HeapEntry>| self.is_live(entry);
        let mut best: Vec<HeapEntry> = heap_best(self.open.heap.as_slice(), limit, &live)
            .into_iter()
            .map(|Reverse(entry)| entry)
            .collect();
        // The slot holds one more entry outside the heap: put it in its place (a linear
        // insert, not a sort, which would cost the wasm module a few KB).
        if let Some(held) = self.open.slot.filter(|&entry| self.is_live(entry)) {
            let at = best
                .iter()
                .position(|&entry| entry > held)
                .unwrap_or(best.len());
            best.insert(at, held);
            best.truncate(limit);
        }
        let title = "Open set (lowest f first)";
        let mut open = Structure::new(title, self.open_len());
        for entry in best {
            let cell = self.index(entry.xy());
            open.items.push(
                Words::new(maze)
                    .cell(cell)
                    .t(" f=")
                    .n(u64::from(entry.f()))
                    .t(" g=")
                    .n(u64::from(self.g[cell]))
                    .t(" h=")
                    .n(u64::from(entry.h()))
                    .done(),
            );
        }
        vec![open]
    }
}

impl Solver for AStar {
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
    use crate::maze::{E, S, W};

    /// A 2x2 ring: every cell open to its two neighbours, so two shortest paths tie.
    fn ring() -> Maze {
        Maze::from_cells(2, 2, vec![E | S, W | S, E | 1, W | 1]).unwrap()
    }

    fn run(solver: &mut AStar, board: &mut Board) -> Vec<Step> {
        let mut rng = Rng::new(0);
        std::iter::from_fn(|| solver.step(board, &mut rng)).collect()
    }

    #[test]
    fn ties_go_to_lower_h_then_to_the_older_entry() {
        // From the top-left corner to the bottom-right one: east (1,0) and south (0,1) both
        // have f = 1 + 1 and h = 1; east was added first, so it is expanded first.
        let maze = ring();
        let mut board = Board::new(maze.clone());
        let mut solver = AStar::new(&maze, 0, 3);
        let steps = run(&mut solver, &mut board);
        let events: Vec<Event> = steps.iter().map(|s| s.event).collect();
        assert_eq!(
            events,
            [
                Event::Begin { cell: 0 },
                Event::Expand { cell: 0, added: 2 },
                Event::Expand { cell: 1, added: 1 },
                Event::Found { length: 3 },
            ]
        );
        assert_eq!(solver.outcome(), Some(&Outcome::Found(vec![0, 1, 3])));
        // Cell 2 was never expanded: still open, with g 1 and h 1.
        assert_eq!(
            solver.open_set(),
            [OpenCell {
                cell: 2,
                g: 1,
                h: 1,
                f: 2
            }]
        );
        assert_eq!(board.mark(2), mark::FRONTIER);
        assert_eq!(board.mark(3), mark::VISITED | mark::PATH);
    }

    #[test]
    fn an_improved_cell_leaves_a_stale_entry_that_costs_no_step() {
        // 0 - 1 - 2        Start 0, goal 8 (walled off). h: 0:4 1:3 2:2 3:3 4:2 6:2 7:1.
        // |   |            0 opens 1 and 3 (f 4 both); 1 goes first (older), opens 2 and 4;
        // 3 - 4   5        2 (f 4, h 2, older than 4) is a dead end; 4 opens 7; 7 (h 1) opens 6
        // |   |            with g 4 (f 6). Then 3 (f 4) reaches 6 with g 2: 6 is improved and
        // 6 - 7   8        added again, leaving a stale entry (g 4) behind.
        let cells = vec![
            E | S,
            E | S | W,
            W,
            1 | E | S,
            1 | S | W,
            0,
            1 | E,
            1 | W,
            0,
        ];
        let maze = Maze::from_cells(3, 3, cells).unwrap();
        let mut board = Board::new(maze.clone());
        let mut solver = AStar::new(&maze, 0, 8);
        let mut rng = Rng::new(0);
        let mut events = Vec::new();
        while let Some(step) = solver.step(&mut board, &mut rng) {
            events.push(step.event);
            if step.event == (Event::Expand { cell: 3, added: 1 }) {
                // One live entry for 6 (g 2) and the stale one (g 4).
                assert_eq!(solver.open.len(), 2);
                assert_eq!(solver.open_len(), 1);
                assert_eq!(
                    solver.open_set(),
                    [OpenCell {
                        cell: 6,
                        g: 2,
                        h: 2,
                        f: 4
                    }]
                );
            }
        }
        let expand = |cell, added| Event::Expand { cell, added };
        assert_eq!(
            events,
            [
                Event::Begin { cell: 0 },
                expand(0, 2),
                expand(1, 2),
                expand(2, 0),
                expand(4, 1),
                expand(7, 1),
                expand(3, 1),
                expand(6, 0),
                // The stale entry for 6 is popped and dropped inside this step.
                Event::Unreachable,
            ]
        );
        assert_eq!(solver.visited(), 7);
        assert_eq!(solver.parent(6), Some(3));
        assert_eq!(solver.g(6), Some(2));
        assert_eq!(solver.g(5), None);
    }

    #[test]
    fn the_slot_in_front_of_the_heap_keeps_the_heap_order() {
        // Random pushes and pops against a plain heap: the same entries must come out.
        let mut rng = Rng::new(11);
        let mut open = OpenSet::default();
        let mut plain = BinaryHeap::new();
        for order in 0..5000 {
            if rng.chance(0.6) {
                let at = (rng.below(100), rng.below(100));
                let entry = HeapEntry::new(rng.below(40), rng.below(20), order, at);
                open.push(entry);
                plain.push(Reverse(entry));
            } else {
                assert_eq!(open.pop(), plain.pop().map(|e| e.0));
            }
            assert_eq!(open.len(), plain.len());
        }
        while let Some(Reverse(entry)) = plain.pop() {
            assert_eq!(open.pop(), Some(entry));
        }
        assert_eq!(open.pop(), None);
    }

    #[test]
    fn weight_is_clamped() {
        let maze = Maze::new(2, 2).unwrap();
        assert_eq!(AStar::with_weight(&maze, 0, 3, 0).weight(), 1);
        assert_eq!(
            AStar::with_weight(&maze, 0, 3, u32::MAX).weight(),
            MAX_WEIGHT
        );
    }

    #[test]
    fn largest_maze_and_weight_fit_in_u32() {
        // g below the cell count, h below the two sides added.
        let g_max = 4096u64 * 4096;
        let h_max = 2 * 4095u64;
        assert!(g_max + u64::from(MAX_WEIGHT) * h_max <= u64::from(u32::MAX));
    }
}
