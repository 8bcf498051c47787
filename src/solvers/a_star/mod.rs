//! A* search: always expand the open cell that looks closest to the goal when you count both the
//! steps taken so far and a guess of the steps still to go.
//!
//! How it works:
//! 1. Every cell reached has `g`, the length of the best known way to it from the start, and
//!    `h`, the Manhattan distance `|dx| + |dy|` to the goal. In a grid maze no path can be
//!    shorter than that, so `h` never overestimates, and A* finds a shortest path. (On other
//!    grids `h` is the grid's own lower bound, [`Topology::estimate`]: hexagon steps, rings
//!    apart …)
//! 2. Put the start in the open set with `g = 0`.
//! 3. Take the open cell with the lowest `f = g + h`. Ties go to the lower `h` (the cell nearer
//!    the goal), then to the cell that was added first, so every run is the same.
//! 4. If it is the goal, follow parents back to the start: that is a shortest path.
//! 5. Otherwise close it, and for every open neighbour that is not closed and can be reached
//!    more cheaply through this cell, record the new `g` and this cell as its parent, and add it
//!    to the open set with its new `f`.
//! 6. When the open set runs dry first, the goal cannot be reached.
//!
//! The open set is usually a binary heap. With weight 1 (below) `f` never falls, and on
//! squares and triangles, where every step changes `h` by one, never grows by one: plain A*
//! keeps it in buckets instead — one first-in-first-out queue per `h` for each of the only two
//! values of `f` it can hold — which take cells out in exactly the heap's order, only faster.
//! Neither can lower an entry's priority in place, so an improved cell is simply added again
//! and its old entry left behind. When such a stale entry (its cell closed already, or its `g`
//! no longer the cell's best) comes to the front, it is thrown away as part of the same step —
//! no step is ever spent on one.
//!
//! `parent` keeps, for each cell, only the side that leads back to its parent, in a few bits
//! next to `g` instead of a four-byte cell index: a quarter of the memory to wait for (as in BFS).
//!
//! One step is one pop from the open set and the relaxation of its neighbours. Marks: `FRONTIER`
//! for the open set, `VISITED` for closed cells, `PATH` for the result.
//!
//! The heuristic can be weighted: `f = g + weight · h`. A weight of 1 (`a-star` in the
//! registry) is plain, optimal A*; larger weights rush toward the goal and may miss the shortest
//! path. The registry also lists `a-star-weighted`, weight [`WEIGHTED`] (2): then `h` counts
//! double, so A* trusts the straight line more than the steps taken and usually expands fewer
//! cells, but the path it returns can be longer than the shortest (at most twice as long).
//!
//! Why three open sets: what the page calls "A*" is always this algorithm, but the best open
//! set depends on what a move costs, and the registry picks one of three searches for it:
//! - here, every move costs 1 (a plain maze, four moves, the grid's own guess): `f` takes only
//!   two values at a time, so buckets ([`crate::ds::open_set`]) replace the heap;
//! - [`on_terrain`]: entering a cell costs 1 to 9 (square grid, four moves, a guess that counts
//!   moves): a level of buckets per `f`, eleven at most ([`crate::ds::score_ring`]);
//! - [`best_first`]: anything else (diagonal moves of cost √2, other guesses, weights that are
//!   not whole): a four-way heap over exact costs; Dijkstra's search by cost too, with `h = 0`.
//!
//! All three take cells in the same order a heap of `(f, h, order added)` would, under A*'s
//! pseudocode and line names. The buckets only make it faster.
//!
//! This file: the algorithm — its description, its pseudocode, its state and `step` — then
//! what `step` uses (relaxing a neighbour, the packed node) and the weighted variant's
//! description. Beside it: `undo.rs` (a step taken back), `views.rs` (what a step says, the
//! open set as a list, the scores), and the two other searches.

pub mod best_first;
pub mod on_terrain;
mod undo;
mod views;

pub use views::OpenCell;

use super::{follow_parents, mark_path, side_bits, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::open_entry::Entry;
use crate::ds::open_set::OpenSet;
use crate::machine::{step_to_end_inlined, Structure};
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology, Walk};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "a-star",
    title: "A* search",
    summary: "Expands the cell with the lowest steps-so-far plus Manhattan distance to go; \
              finds a shortest path while looking at fewer cells than BFS.",
    step_unit: "one pop from the open set and the relaxation of its neighbours",
    pseudocode: &[
        "g[start] = 0; add start to the open set with f = h(start)", // BEGIN
        "while the open set is not empty:",
        "    cell = take the lowest f (then lowest h) from the open set, dropping stale entries",
        "    if cell is the goal: follow parents back to start, done", // FOUND
        "    close cell",                                              // CLOSE
        "    for each open neighbour n not closed, if g[cell] + 1 < g[n]:",
        "        g[n] = g[cell] + 1; parent[n] = cell; add n with f = g[n] + h(n)", // OPEN
        "the open set is empty: the goal is unreachable",                           // UNREACHABLE
    ],
    marks: &[
        (mark::FRONTIER, "in the open set"),
        (mark::VISITED, "closed"),
        (mark::PATH, "shortest path"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
pub(crate) const BEGIN: Line = Line(0);
pub(crate) const FOUND: Line = Line(3);
pub(crate) const CLOSE: Line = Line(4);
pub(crate) const OPEN: Line = Line(6);
pub(crate) const UNREACHABLE: Line = Line(7);

/// A* search as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid, or a
/// shared [`Grid`](crate::topology::Grid) of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct AStar<T = Square> {
    grid: T,
    start: usize,
    /// Start and goal as the open set keeps cells (see [`Spot`]).
    start_xy: (u32, u32),
    goal: usize,
    goal_xy: (u32, u32),
    /// Heuristic weight: 1 is plain, optimal A*.
    weight: u32,
    /// `g`, closed or not, and the parent of every cell.
    nodes: Vec<Node>,
    /// The cells reached and not closed, to be taken best first; stale entries too.
    open: OpenSet,
    added: u32,
    closed_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
    /// Early exit off: go on past the goal until the frontier is empty ([`Solver::flood`]).
    flood: bool,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for AStar<T> {
    // Inlined into `step_to_end`'s loop, where the unused events then cost nothing (in wasm
    // too: the second copy costs about a kilobyte and halves the search time there).
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.nodes[self.start] = Node::reached(0, Node::START);
            let word = self.push(self.start_xy, 0);
            board.note(word);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        // Notes for `undo`: the cell before, what each pop took (noted by the open set), then
        // each neighbour's old node with its push (noted by `relax`).
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        // Pop until a live entry turns up; stale ones are dropped within this step.
        let xy = loop {
            let Some(entry) = self.open.pop(board) else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, UNREACHABLE));
            };
            if self.is_live(entry) {
                break entry.xy;
            }
        };
        let cell = self.index(xy);
        self.current = Some(cell);
        self.nodes[cell] = self.nodes[cell].closed();
        self.closed_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal && !self.flood {
            let path = self.trace_path();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let g = self.nodes[cell].g() + 1;
        let mut added = 0;
        // The open sides in side order: on the square grid written out one by one
        // ([`Topology::for_each_side`]), each side then knowing its neighbour's offset and
        // place and the way back without looking any up.
        let open = board.maze().cell(cell) & side_bits(&self.grid);
        // The closure inlined, as the four written-out sides were: it is the inner loop.
        T::for_each_side(
            open,
            #[inline(always)]
            |side| {
                let next = self.grid.through(cell, side);
                let next_xy = self.grid.place_toward(xy, side, next);
                let back = self.grid.back(cell, side);
                added += self.relax(board, next, next_xy, back, g);
            },
        );
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { OPEN } else { CLOSE },
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

    // Taking a step back: undo.rs.

    /// Takes back, newest first: the neighbours reached (old nodes and push words noted, the
    /// entries pushed worked out again), the closing of the cell, each pop (the open set's
    /// notes: for the buckets the old `lowest` and any queue emptied, for the heap the entry
    /// and where it was), and the cell before (noted).
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.undo_step(step, notes, board).is_some()
    }

    // Speed only: the whole run in one loop, `step` inlined into it.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
    }

    // The teaching views: counters, narration and the open set as a list.

    /// Gives the expanded cell's scores (views.rs).
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.sentence_for(step, maze)
    }

    /// The open set's best entries (views.rs).
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("open", self.open_len()),
            ("closed", self.closed_count),
            ("visited", self.visited),
        ]
    }
}

impl AStar {
    /// Plain A* (weight 1) on a square maze: finds a shortest path.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> AStar {
        AStar::with_weight(maze, start, goal, 1)
    }

    /// A* with `f = g + weight · h` on a square maze. The weight is clamped to
    /// `1..=MAX_WEIGHT`.
    pub fn with_weight(maze: &Maze, start: usize, goal: usize, weight: u32) -> AStar {
        AStar::on(maze.square(), start, goal, weight)
    }
}

impl<T: Topology + Walk> AStar<T> {
    /// A* with `f = g + weight · h` on a maze whose grid is `grid`. The weight is clamped to
    /// `1..=MAX_WEIGHT`.
    pub fn on(grid: T, start: usize, goal: usize, weight: u32) -> AStar<T> {
        let (start_xy, goal_xy) = (grid.spot(start).place, grid.spot(goal).place);
        let weight = weight.clamp(1, MAX_WEIGHT);
        AStar {
            start,
            start_xy,
            goal,
            goal_xy,
            weight,
            nodes: vec![Node::UNREACHED; grid.len()],
            open: OpenSet::new(
                weight,
                grid.most_estimate(),
                grid.place_estimate(start_xy, goal_xy),
            ),
            grid,
            added: 0,
            closed_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
            flood: false,
        }
    }
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Solver for AStar<T> {
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
        self.g(cell).map(f64::from)
    }

    fn counts_moves(&self) -> bool {
        false
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        Some(f64::from(self.h(cell)))
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
// What `step` uses: the open set's entries, relaxing a neighbour, the path.
// -----------------------------------------------------------------------------------------------

impl<T: Topology + Walk> AStar<T> {
    /// An entry is live when its cell is still open and it carries the cell's best `g`.
    fn is_live(&self, entry: Entry) -> bool {
        let cell = self.index(entry.xy);
        let node = self.nodes[cell];
        entry.f - self.weight * entry.h == node.g() && !node.is_closed()
    }

    /// The index of the cell the open set keeps as `xy`.
    #[inline]
    fn index(&self, xy: (u32, u32)) -> usize {
        self.grid.cell_at(xy)
    }

    /// Reaches the open neighbour `next` at `next_xy` with `g` through the cell that lies
    /// through its side `back`, if that is better than what it had and it is not closed; 1 if
    /// it was.
    #[inline(always)]
    fn relax(
        &mut self,
        board: &mut Board,
        next: usize,
        next_xy: (u32, u32),
        back: Side,
        g: u32,
    ) -> u32 {
        // A broken maze (a passage through the border) only gets no neighbour there.
        let Some(&node) = self.nodes.get(next) else {
            return 0;
        };
        if g >= node.g() || node.is_closed() {
            return 0;
        }
        if !node.is_reached() {
            self.visited += 1;
            board.add_mark(next, mark::FRONTIER);
        }
        self.nodes[next] = Node::reached(g, u32::from(back));
        let word = self.push(next_xy, g);
        // For `undo`: the node it overwrote, and what takes the push back.
        board.note_words(&[node.0, word]);
        1
    }

    /// The open set's entry for the cell at `xy` with `g`.
    #[inline]
    fn entry(&self, xy: (u32, u32), g: u32) -> Entry {
        let h = self.grid.place_estimate(xy, self.goal_xy);
        let f = g + self.weight * h;
        Entry { f, h, xy }
    }

    /// Adds the cell at `xy` to the open set with its `g`; returns the word that takes the push
    /// back.
    #[inline]
    fn push(&mut self, xy: (u32, u32), g: u32) -> u32 {
        let word = self.open.push(self.entry(xy, g), self.added);
        self.added += 1;
        word
    }

    /// The path start → goal, following the parents back from the goal.
    fn trace_path(&self) -> Vec<usize> {
        follow_parents(self.start, self.goal, |cell| self.parent(cell))
    }
}

/// What A* knows about one cell — `g`, whether it is closed, and the way back to its parent —
/// packed into one `u32`, so that looking at a neighbour costs one trip to memory rather than
/// three (on a big maze those trips, not the arithmetic, are most of the time).
///
/// `g` sits in the high 27 bits (it stays below 2²⁴), "closed" in bit 4, and the way back in the
/// low four bits: the side that leads back to the parent (0 to 7), [`Node::START`] or
/// [`Node::NO_PARENT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node(u32);

impl Node {
    /// Not reached yet: the largest `g`, so any way found is better.
    const UNREACHED: Node = Node(!Node::CLOSED | Node::NO_PARENT);
    const CLOSED: u32 = 1 << 4;
    const NO_PARENT: u32 = 15;
    /// The start, its own parent.
    const START: u32 = 8;

    /// Reached with `g` through the neighbour that side back (or [`Node::START`]).
    fn reached(g: u32, back: u32) -> Node {
        Node(g << 5 | back)
    }

    fn g(self) -> u32 {
        self.0 >> 5
    }

    fn back(self) -> u32 {
        self.0 & 15
    }

    fn is_reached(self) -> bool {
        self.back() != Node::NO_PARENT
    }

    fn is_closed(self) -> bool {
        self.0 & Node::CLOSED != 0
    }

    fn closed(self) -> Node {
        Node(self.0 | Node::CLOSED)
    }
}

// -----------------------------------------------------------------------------------------------
// Weighted A*: the registry's second entry, and the largest weight.
// -----------------------------------------------------------------------------------------------

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
        "g[start] = 0; add start to the open set with f = 2·h(start)", // BEGIN
        "while the open set is not empty:",
        "    cell = take the lowest f (then lowest h) from the open set, dropping stale entries",
        "    if cell is the goal: follow parents back to start, done", // FOUND
        "    close cell",                                              // CLOSE
        "    for each open neighbour n not closed, if g[cell] + 1 < g[n]:",
        "        g[n] = g[cell] + 1; parent[n] = cell; add n with f = g[n] + 2·h(n)", // OPEN
        "the open set is empty: the goal is unreachable",                             // UNREACHABLE
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ds::slot_heap::SlotHeap;
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

    /// Every step's event and open set, and the outcome.
    fn trace(mut solver: AStar, maze: &Maze) -> (Vec<(Event, Vec<OpenCell>)>, Option<Outcome>) {
        let mut board = Board::new(maze.clone());
        let mut rng = Rng::new(0);
        let mut steps = Vec::new();
        while let Some(step) = solver.step(&mut board, &mut rng) {
            steps.push((step.event, solver.open_set()));
        }
        (steps, solver.outcome().cloned())
    }

    #[test]
    fn buckets_take_cells_in_the_heaps_order() {
        // Plain A* with its buckets against the same search forced onto the heap, on perfect
        // and braided mazes (where cells get improved and stale entries appear).
        for seed in 0..12 {
            let (width, height) = (9 + seed as u32 % 5, 7 + seed as u32 % 3);
            let name = ["recursive-backtracker", "sidewinder", "prim"][seed as usize % 3];
            let braid = if seed >= 6 { 1.0 } else { 0.0 };
            let maze =
                crate::generators::generate_braided(name, width, height, seed, braid).unwrap();
            let goal = maze.len() - 1 - seed as usize % 4;
            let start = seed as usize % 5;
            let buckets = AStar::new(&maze, start, goal);
            assert!(matches!(buckets.open, OpenSet::Buckets(_)));
            let mut heap = AStar::new(&maze, start, goal);
            heap.open = OpenSet::Heap(SlotHeap::default());
            let (steps, outcome) = trace(buckets, &maze);
            assert!(steps.len() > 3 && outcome.is_some());
            assert_eq!((steps, outcome), trace(heap, &maze), "seed {seed}");
        }
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

    #[test]
    fn steps_that_drop_stale_entries_are_taken_back_too() {
        // Braided mazes improve cells, leaving stale entries that later steps drop: every step
        // taken back must give the search as it was, and some steps must have dropped one.
        for weight in [1, WEIGHTED] {
            let mut dropped = 0;
            for seed in 0..6 {
                let maze =
                    crate::generators::generate_braided("recursive-backtracker", 15, 11, seed, 1.0)
                        .unwrap();
                let (start, goal) = (seed as usize * 7, maze.len() - 1 - seed as usize * 5);
                let mut solver = AStar::with_weight(&maze, start, goal, weight);
                let mut board = Board::new(maze.clone());
                board.set_journaling(true);
                let mut rng = Rng::new(0);
                loop {
                    let (before, held) = (format!("{solver:?}"), solver.open.len());
                    let notes = board.notes().len();
                    let Some(step) = solver.step(&mut board, &mut rng) else {
                        break;
                    };
                    if let Event::Expand { added, .. } = step.event {
                        dropped += held + added as usize - solver.open.len() - 1;
                    }
                    let mut back = solver.clone();
                    assert!(back.undo(&step, &board.notes()[notes..], &board));
                    assert_eq!(format!("{back:?}"), before, "weight {weight} seed {seed}");
                }
            }
            assert!(dropped > 0, "weight {weight}: no stale entry dropped");
        }
    }
}
