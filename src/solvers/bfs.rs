//! Breadth-first search: flood outward from the start, one ring of distance at a time.
//!
//! How it works:
//! 1. Put the start in a queue and make it its own parent.
//! 2. Take the oldest cell from the queue. If it is the goal, stop.
//! 3. Otherwise give every open neighbour that has no parent yet this cell as its parent, and
//!    add it to the back of the queue.
//! 4. When the goal is taken, follow parents back to the start: that is a shortest path.
//!    When the queue runs dry first, the goal cannot be reached.
//!
//! Diagonal moves: on the plain square grid, when the corner rule allows them
//! ([`crate::world::Corners`]), a cell's neighbours in step 3 are also the cells across its
//! corners (after the open sides, north-east clockwise), as in PathFinding.js's breadth-first
//! finder. Every move counts one, a diagonal move too, so the path is then a shortest one in
//! *moves* (fewest cells); a path of the least length, where a diagonal move counts √2, is for
//! Dijkstra or A* to find.
//!
//! Speed: `parent` keeps, for each cell, only the side that leads back to its parent, in one
//! byte instead of a four-byte cell index. The search reads it for every neighbour of every cell, all
//! over the grid, so a quarter of the memory means far fewer waits for it.
//!
//! One step is one dequeue with its neighbours. Marks: `FRONTIER` for queued cells, `VISITED`
//! for dequeued ones, `PATH` for the result.

use super::goals::OtherGoals;
use super::moves::Moves;
use super::{follow_parents, mark_path, open_sides, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::parents::{parent_through, NO_SIDE, START_SIDE};
use crate::machine::event_sentence;
use crate::machine::Line;
use crate::machine::{step_to_end_inlined, Structure};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology};
use crate::words::Sentence;
use crate::world::diagonal_back;

pub static INFO: Info = Info {
    name: "bfs",
    title: "Breadth-first search",
    summary: "Floods outward evenly from the start with a queue; finds a shortest path.",
    step_unit: "one dequeue and its neighbours",
    pseudocode: &[
        "enqueue start; parent[start] = start", // BEGIN
        "while the queue is not empty:",
        "    cell = dequeue()", // DEQUEUE
        "    if cell is the goal: follow parents back to start, done", // FOUND
        "    for each open neighbour n with no parent:",
        "        parent[n] = cell; enqueue(n)", // ENQUEUE
        "the queue is empty: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[
        (mark::FRONTIER, "in the queue"),
        (mark::VISITED, "dequeued"),
        (mark::PATH, "shortest path"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const DEQUEUE: Line = Line(2);
const FOUND: Line = Line(3);
const ENQUEUE: Line = Line(5);
const UNREACHABLE: Line = Line(6);

/// In [`Bfs`]'s parent array: not reached yet.
const UNREACHED: u8 = NO_SIDE;
/// In [`Bfs`]'s parent array: the start, its own parent (sides are 0 to 7: diagonal moves
/// 4 to 7 on the square grid).
const START: u8 = START_SIDE;

/// Breadth-first search as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Bfs<T = Square> {
    grid: T,
    /// The open sides, and the diagonal moves the corner rule allows (none unless chosen).
    moves: Moves,
    start: usize,
    goal: usize,
    /// The goals beyond `goal`, if several ([`super::goals`]).
    others: OtherGoals,
    /// The side of each cell that leads back to its parent, [`START`] or [`UNREACHED`].
    parent: Vec<u8>,
    /// Every cell enqueued so far, in order; the queue is `queue[head..]`. Each cell is
    /// enqueued at most once, so a plain list read from the front never needs to wrap around
    /// or move: cheaper per cell than a ring buffer.
    queue: Vec<u32>,
    head: usize,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
    /// Early exit off: go on past the goal until the frontier is empty ([`Solver::flood`]).
    flood: bool,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for Bfs<T> {
    // Inlined into `step_to_end`'s loop, where the unused events then cost nothing (in wasm
    // too: the second copy costs about a kilobyte and halves the search time there).
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.parent[self.start] = START;
            self.queue.push(self.start as u32);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        let Some(&cell) = self.queue.get(self.head) else {
            self.current = None;
            self.outcome = Some(Outcome::Unreachable);
            return Some(Step::new(Event::Unreachable, UNREACHABLE));
        };
        self.head += 1;
        let cell = cell as usize;
        self.current = Some(cell);
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if (cell == self.goal || self.others.has(cell)) && !self.flood {
            let path = self.trace_path(cell);
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let mut added = 0;
        // The open sides as `open_neighbours` gives them, each side a constant on the square
        // grid ([`Topology::for_each_side`]).
        let (open, len) = open_sides(&self.grid, board.maze(), cell);
        T::for_each_side(
            open,
            #[inline(always)]
            |side| {
                let next = self.grid.through(cell, side);
                if next < len && self.parent[next] == UNREACHED {
                    self.parent[next] = self.grid.back(cell, side);
                    self.queue.push(next as u32);
                    self.visited += 1;
                    board.add_mark(next, mark::FRONTIER);
                    added += 1;
                }
            },
        );
        if self.moves.corners.diagonal() {
            added += self.enqueue_diagonals(board, cell);
        }
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { ENQUEUE } else { DEQUEUE },
        ))
    }

    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
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

    /// Everything a step did is in its event and the queue: the cells it queued are the last
    /// `added`, and the cell before it worked on sits just before the queue's head.
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.parent[self.start] = UNREACHED;
                self.queue.clear();
                self.visited = 0;
            }
            Event::Unreachable => self.outcome = None,
            Event::Found { .. } => {
                self.outcome = None;
                self.head -= 1;
            }
            Event::Expand { added, .. } => {
                let first = self.queue.len() - added as usize;
                for cell in self.queue.drain(first..) {
                    self.parent[cell as usize] = UNREACHED;
                }
                self.visited -= u64::from(added);
                self.head -= 1;
            }
            _ => return false,
        }
        self.current = self.head.checked_sub(1).map(|i| self.queue[i] as usize);
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("queue", (self.queue.len() - self.head) as u64),
            ("visited", self.visited),
        ]
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Expand { cell, added } => Sentence::new("narration.bfs.expand")
                .cell("cell", maze, cell as usize)
                .n("added", added)
                .n("waiting", (self.queue.len() - self.head) as u64),
            _ => event_sentence(&step.event, maze),
        }
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut front_first = self.queue();
        vec![
            Structure::new("Queue (front first)", (self.queue.len() - self.head) as u64).cells(
                maze,
                &mut front_first,
                limit,
            ),
        ]
    }
}

impl Bfs {
    /// A search on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Bfs {
        Bfs::on(maze.square(), start, goal)
    }
}

impl<T: Topology> Bfs<T> {
    /// A search on a maze whose grid is `grid`, along the sides only.
    pub fn on(grid: T, start: usize, goal: usize) -> Bfs<T> {
        Bfs {
            moves: Moves::SIDES,
            start,
            goal,
            others: OtherGoals::default(),
            parent: vec![UNREACHED; grid.len()],
            grid,
            queue: Vec::new(),
            head: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
            flood: false,
        }
    }

    /// The search making `moves`: diagonally too where they allow it.
    pub fn moving(self, moves: Moves) -> Bfs<T> {
        Bfs { moves, ..self }
    }

    /// The search stopping at the nearest of its goal and `others`.
    pub fn with_goals(self, others: OtherGoals) -> Bfs<T> {
        Bfs { others, ..self }
    }

    /// The queue, front first.
    pub fn queue(&self) -> impl Iterator<Item = usize> + '_ {
        self.queue[self.head..].iter().map(|&c| c as usize)
    }

    /// The parent of a cell in the search tree, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        match self.parent[cell] {
            back if self.moves.is_diagonal(back) => Some(self.moves.diagonal_through(cell, back)),
            back => parent_through(&self.grid, cell, back),
        }
    }

    /// Step 3 for the diagonal moves, after the open sides: each cell reached has the diagonal
    /// back as its parent side. Kept out of `step`, whose loop over the sides is all that four
    /// moves run.
    #[inline(never)]
    fn enqueue_diagonals(&mut self, board: &mut Board, cell: usize) -> u32 {
        let mut added = 0;
        for (side, next) in self.moves.diagonals(board.maze(), cell) {
            if self.parent[next] == UNREACHED {
                self.parent[next] = diagonal_back(side);
                self.queue.push(next as u32);
                self.visited += 1;
                board.add_mark(next, mark::FRONTIER);
                added += 1;
            }
        }
        added
    }

    /// The path start → `goal`, following the parents back from the goal.
    fn trace_path(&self, goal: usize) -> Vec<usize> {
        follow_parents(self.start, goal, |cell| self.parent(cell))
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for Bfs<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.parent(cell)
    }

    fn flood(&mut self) -> bool {
        self.flood = true;
        true
    }

    fn goal_path(&self) -> Option<(Vec<usize>, Line)> {
        let reached = self.goal == self.start || self.parent(self.goal).is_some();
        reached.then(|| (self.trace_path(self.goal), FOUND))
    }
}
