//! True Prim: Prim's minimum spanning tree algorithm on a grid whose cells carry random weights.
//!
//! How it works:
//! 1. Put a random cell in the maze. Give each of its neighbours a random weight and put it on
//!    the *frontier*, a priority queue ordered by weight.
//! 2. Take the cheapest cell from the frontier (the lowest weight; equal weights go to the
//!    lower cell index, so the order never depends on the queue's internals).
//! 3. Carve a passage from it to a random neighbour that is already in the maze.
//! 4. Give its neighbours that are new a random weight and put them on the frontier.
//! 5. Repeat from 2 until the frontier is empty.
//!
//! Joining the cheapest cell each time is Prim's algorithm for a minimum spanning tree, with the
//! weight of a cell standing for the weight of the passage that brings it in. The maze grows
//! along "valleys" of low weights: compared with the simplified version ([`super::prim`]) the
//! paths between far-apart cells are longer (a larger diameter) and there are even more short
//! dead ends (about 38% of the cells rather than 35%, at 40x40). With weights on the walls
//! instead of the cells, Prim's tree would have the same texture as Kruskal's.
//!
//! One step is one cell joining the maze (the first step places the start cell). A cell's
//! weight is drawn when it first reaches the frontier, which gives every cell an independent
//! random weight just as drawing them all up front would.
//!
//! Marks: `VISITED` for cells in the maze, `FRONTIER` for frontier cells.

use crate::board::{mark, Board};
use crate::ds::weight_heaps::WeightHeaps;
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Spot, Square, Topology, Walk};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "true-prim",
    title: "Prim (true, weighted)",
    summary: "Prim's spanning tree over random cell weights: joins the cheapest frontier cell.",
    step_unit: "one frontier cell joining the maze",
    pseudocode: &[
        "put a random cell in the maze; weigh its neighbours, put them on the frontier", // BEGIN
        "while the frontier is not empty:",
        "    take the cheapest cell from the frontier",
        "    carve to a random neighbour of it that is in the maze", // CARVE
        "    weigh its neighbours that are new, add them to the frontier",
    ],
    marks: &[(mark::VISITED, "in the maze"), (mark::FRONTIER, "frontier")],
    events: &["carve"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const CARVE: Line = Line(3);

/// Where a cell stands. One byte per cell: the weights live in the frontier's keys alone,
/// so on a large maze the machine's data stays small enough for the processor's cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    Outside,
    Frontier,
    InMaze,
}

/// True Prim as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid, or a
/// shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct TruePrim<T = Square> {
    grid: T,
    standing: Vec<Standing>,
    /// Frontier cells keyed by `weight << 32 | cell`: cheapest first, ties by cell index.
    /// Filed in buckets by weight rather than in one heap: the frontier grows to a good share
    /// of the maze, but the cells taken come mostly from the cheap buckets, which stay small
    /// enough for the cache (see [`WeightHeaps`]).
    frontier: WeightHeaps,
    started: bool,
    current: Option<usize>,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for TruePrim<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if !self.started {
            self.started = true;
            let cell = self.grid.nearest_on(rng.index(self.standing.len()));
            self.join(board, rng, self.grid.spot(cell));
            self.current = Some(cell);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, BEGIN));
        }
        let (key, at) = self.frontier.pop_at()?;
        // Notes for `undo`: the cell before, where the pop left its bucket, the weight taken.
        if board.is_journaling() {
            let before = self.current.map_or(u32::MAX, |cell| cell as u32);
            note(board, &[before, at as u32, (key >> 32) as u32]);
        }
        let cell = (key & u64::from(u32::MAX)) as usize;
        let spot = self.grid.spot(cell);
        let pick = self.grid.pick(spot, |next| self.in_maze(next), rng);
        // A frontier cell got there by touching the maze, so there is a side to pick.
        let (side, next) = (pick.0, pick.1.cell);
        board.join(cell, side, next, self.grid.back(cell, side));
        self.join(board, rng, spot);
        self.current = Some(cell);
        Some(Step::new(
            Event::Carve {
                cell: cell as u32,
                side,
            },
            CARVE,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.started && self.frontier.is_empty()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    /// Takes back the join (its notes say which neighbours it weighed and how), then the pop
    /// (the weight taken and where the pop left its bucket, noted) and the cell before.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        match (step.event, notes) {
            (Event::Begin { cell }, _) => {
                if self.undo_join(cell as usize, notes).is_none() {
                    return false;
                }
                self.started = false;
                self.current = None;
            }
            (Event::Carve { cell, .. }, [before, at, weight, join @ ..]) => {
                if self.undo_join(cell as usize, join).is_none() {
                    return false;
                }
                self.standing[cell as usize] = Standing::Frontier;
                let key = u64::from(*weight) << 32 | u64::from(cell);
                self.frontier.undo_pop(key, *at as usize);
                self.current = (*before != u32::MAX).then_some(*before as usize);
            }
            _ => return false,
        }
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("frontier", self.frontier.len() as u64)]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let best = self
            .frontier
            .smallest(limit, &|key| !self.in_maze(key as u32 as usize));
        let mut frontier = Structure::new("Frontier (cheapest first)", self.frontier.len() as u64);
        for key in best {
            let cell = key as u32 as usize;
            frontier.item(
                Sentence::new("items.weight")
                    .cell("cell", maze, cell)
                    .n("weight", key >> 32),
            );
        }
        vec![frontier]
    }
}

impl TruePrim {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> TruePrim {
        TruePrim::on(maze.square())
    }
}

impl<T: Topology + Walk> TruePrim<T> {
    /// A generator for a maze on `grid`.
    pub fn on(grid: T) -> TruePrim<T> {
        TruePrim {
            standing: vec![Standing::Outside; grid.len()],
            frontier: WeightHeaps::new(grid.len()),
            grid,
            started: false,
            current: None,
        }
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.standing[cell] == Standing::InMaze
    }

    /// Number of cells on the frontier.
    pub fn frontier_len(&self) -> usize {
        self.frontier.len()
    }

    /// Puts the cell at `spot` in the maze and its new neighbours, weighed, on the frontier.
    /// Notes which sides' neighbours were new and their weights, to take it back.
    fn join(&mut self, board: &mut Board, rng: &mut Rng, spot: Spot) {
        let cell = spot.cell;
        self.standing[cell] = Standing::InMaze;
        board.set_mark(cell, mark::VISITED);
        // Frontier cells already have a weight.
        let new = self
            .grid
            .sides_where(spot, |next| self.standing[next] == Standing::Outside);
        board.note(u32::from(new));
        let mut left = new;
        while left != 0 {
            let side = left.trailing_zeros() as Side;
            left &= left - 1;
            let next = self.grid.through(cell, side);
            // 31 random bits (as ever: the mazes of a seed never change).
            let weight = rng.next_u32() >> 1;
            board.note(weight);
            self.standing[next] = Standing::Frontier;
            self.frontier.push(u64::from(weight) << 32 | next as u64);
            board.add_mark(next, mark::FRONTIER);
        }
    }

    /// Takes back [`TruePrim::join`] of `cell`, from its notes: the new neighbours and their
    /// weights. Its pushes are taken back newest first, found by their keys.
    fn undo_join(&mut self, cell: usize, notes: &[u32]) -> Option<()> {
        let (&new, weights) = notes.split_first()?;
        let added = (0..8 as Side).filter(|side| new & 1 << side != 0);
        if added.clone().count() != weights.len() {
            return None;
        }
        for (side, &weight) in added.rev().zip(weights.iter().rev()) {
            let next = self.grid.through(cell, side);
            if !self
                .frontier
                .undo_push(u64::from(weight) << 32 | next as u64)
            {
                return None;
            }
            self.standing[next] = Standing::Outside;
        }
        self.standing[cell] = Standing::Outside;
        Some(())
    }
}

/// [`Board::note_words`] out of line, to keep the generator's loop small.
#[cold]
#[inline(never)]
fn note(board: &mut Board, words: &[u32]) {
    board.note_words(words);
}
