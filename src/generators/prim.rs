//! Prim's algorithm, simplified: grow the maze from one cell by adding random frontier cells.
//!
//! How it works:
//! 1. Put a random cell in the maze. Its neighbours become the *frontier*: cells next to the
//!    maze but not yet in it.
//! 2. Take a random cell from the frontier.
//! 3. Carve a passage from it to a random neighbour that is already in the maze. It is now in
//!    the maze too.
//! 4. Add its neighbours that are neither in the maze nor on the frontier to the frontier.
//! 5. Repeat from 2 until the frontier is empty: then every cell is in the maze.
//!
//! Every cell joins through exactly one passage, so the result is a perfect maze. Because any
//! frontier cell may be picked, the maze grows evenly in all directions from the start, giving
//! many short dead ends and a "radial" texture. (True Prim's algorithm picks by weight instead:
//! see [`super::true_prim`].)
//!
//! One step is one frontier cell joining the maze (the first step places the start cell).
//! Marks: `VISITED` for cells in the maze, `FRONTIER` for frontier cells.

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Spot, Square, Topology, Walk};

pub static INFO: Info = Info {
    name: "prim",
    title: "Prim (simplified)",
    summary: "Grows from one cell by joining random frontier cells: radial, many short dead ends.",
    step_unit: "one frontier cell joining the maze",
    pseudocode: &[
        "put a random cell in the maze; its neighbours form the frontier", // BEGIN
        "while the frontier is not empty:",
        "    take a random cell from the frontier",
        "    carve to a random neighbour of it that is in the maze", // CARVE
        "    add its neighbours that are new to the frontier",
    ],
    marks: &[(mark::VISITED, "in the maze"), (mark::FRONTIER, "frontier")],
    events: &["carve"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const CARVE: Line = Line(3);

/// Where a cell stands.
const OUTSIDE: u8 = 0;
const ON_FRONTIER: u8 = 1;
const IN_MAZE: u8 = 2;

/// Simplified Prim as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid,
/// or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Prim<T = Square> {
    grid: T,
    /// `OUTSIDE`, `ON_FRONTIER` or `IN_MAZE` per cell.
    state: Vec<u8>,
    /// The frontier, in no particular order (a random one is taken each time).
    frontier: Vec<u32>,
    started: bool,
    current: Option<usize>,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for Prim<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if !self.started {
            self.started = true;
            let cell = self.grid.nearest_on(rng.index(self.state.len()));
            self.join(board, self.grid.spot(cell));
            self.current = Some(cell);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, BEGIN));
        }
        if self.frontier.is_empty() {
            return None;
        }
        // swap_remove: O(1), and the order of the rest does not matter.
        let at = rng.index(self.frontier.len());
        // Notes for `undo`: the cell before and where the cell taken was.
        board.note_words(&[self.current.map_or(u32::MAX, |cell| cell as u32), at as u32]);
        let cell = self.frontier.swap_remove(at) as usize;
        let spot = self.grid.spot(cell);
        let pick = self
            .grid
            .pick(spot, |next| self.state[next] == IN_MAZE, rng);
        // A frontier cell got there by touching the maze, so there is a side to pick.
        let (side, next) = (pick.0, pick.1.cell);
        board.join(cell, side, next, self.grid.back(cell, side));
        self.join(board, spot);
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

    /// The new frontier cells are the last ones (their count noted); the cell taken goes back
    /// where it was (noted), the cell that filled its place back to the end.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let (cell, before, at, added) = match (step.event, notes) {
            (Event::Begin { cell }, &[added]) => (cell, None, None, added),
            (Event::Carve { cell, .. }, &[before, at, added]) => {
                (cell, Some(before), Some(at), added)
            }
            _ => return false,
        };
        for _ in 0..added {
            let Some(next) = self.frontier.pop() else {
                return false;
            };
            self.state[next as usize] = OUTSIDE;
        }
        let Some(at) = at else {
            self.state[cell as usize] = OUTSIDE;
            self.started = false;
            self.current = None;
            return true;
        };
        self.state[cell as usize] = ON_FRONTIER;
        // A swap_remove undone.
        self.frontier.push(cell);
        let last = self.frontier.len() - 1;
        self.frontier.swap(at as usize, last);
        self.current = before.filter(|&c| c != u32::MAX).map(|c| c as usize);
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("frontier", self.frontier.len() as u64)]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut cells = self.frontier.iter().map(|&c| c as usize);
        vec![
            Structure::new("Frontier (taken at random)", self.frontier.len() as u64)
                .cells(maze, &mut cells, limit),
        ]
    }
}

impl Prim {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> Prim {
        Prim::on(maze.square())
    }
}

impl<T: Topology + Walk> Prim<T> {
    /// A generator for a maze on `grid`.
    pub fn on(grid: T) -> Prim<T> {
        Prim {
            state: vec![OUTSIDE; grid.len()],
            grid,
            frontier: Vec::new(),
            started: false,
            current: None,
        }
    }

    /// The frontier cells, in storage order.
    pub fn frontier(&self) -> &[u32] {
        &self.frontier
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.state[cell] == IN_MAZE
    }

    /// Puts the cell at `spot` in the maze and its new neighbours on the frontier. Notes how
    /// many were new, to take it back.
    fn join(&mut self, board: &mut Board, spot: Spot) {
        let cell = spot.cell;
        self.state[cell] = IN_MAZE;
        board.set_mark(cell, mark::VISITED);
        let new = self
            .grid
            .sides_where(spot, |next| self.state[next] == OUTSIDE);
        board.note(new.count_ones());
        let mut left = new;
        while left != 0 {
            let side = left.trailing_zeros() as Side;
            left &= left - 1;
            let next = self.grid.through(cell, side);
            self.state[next] = ON_FRONTIER;
            self.frontier.push(next as u32);
            board.add_mark(next, mark::FRONTIER);
        }
    }
}
