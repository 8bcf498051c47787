//! Aldous–Broder: a random walk that carves a passage whenever it enters a cell for the first
//! time.
//!
//! How it works:
//! 1. Stand on a random cell; it is in the maze.
//! 2. Step to a random neighbour (any of the up to four, walls or not).
//! 3. If that cell was not in the maze yet, carve the passage just walked through: the cell
//!    joins the maze. If it was, carve nothing and just walk on.
//! 4. Repeat from 2 until every cell is in the maze.
//!
//! Each cell joins through the passage of its *first* entrance, so the passages form a tree: a
//! perfect maze. Better, every perfect maze of the grid is equally likely (a uniform spanning
//! tree), which no faster method here achieves except Wilson's ([`super::wilson`]). The price
//! is time: the walk wanders over known ground for long stretches, especially at the end when
//! a few unvisited cells remain. Expect tens of walk steps per cell on large mazes.
//!
//! On a grid of any shape the walker steps to a uniformly random neighbour, one random number
//! per move. Speed: on the square grid a move away from the border picks one of four
//! directions, so it takes two bits of a random number ([`Coins::quarter`], in
//! [`Walk::random_walk`]): sixteen moves per draw instead of one.
//!
//! One step is one move of the walker. Marks: `VISITED` for cells in the maze; the walker is
//! [`Machine::current`].

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::{Coins, Rng};
use crate::topology::{Spot, Square, Topology, Walk};

pub static INFO: Info = Info {
    name: "aldous-broder",
    title: "Aldous–Broder",
    summary: "A random walk carving into every cell it enters first: unbiased, but slow to finish.",
    step_unit: "one move of the walker",
    pseudocode: &[
        "stand on a random cell; it is in the maze", // BEGIN
        "while some cell is not in the maze:",
        "    step to a random neighbour",
        "    if it is new: carve the passage you came through; it joins the maze", // CARVE
        "    otherwise: carve nothing, walk on",                                   // WALK_ON
    ],
    marks: &[(mark::VISITED, "in the maze")],
    events: &["carve", "move"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
// Public to the crate: Houston's walk is this one, and says these lines in its own words.
pub(crate) const BEGIN: Line = Line(0);
pub(crate) const CARVE: Line = Line(3);
pub(crate) const WALK_ON: Line = Line(4);

/// Aldous–Broder as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid, or
/// a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct AldousBroder<T = Square> {
    grid: T,
    in_maze: Vec<bool>,
    /// Cells (that are on) still outside the maze.
    remaining: usize,
    /// The walker's spot: its cell, and on the square grid its column and row (kept so that a
    /// move needs no division).
    walker: Option<Spot>,
    moves: u64,
    /// Directions for the square grid's inner cells, sixteen from each random number.
    quarters: Coins,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for AldousBroder<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let Some(spot) = self.walker else {
            let cell = self.grid.nearest_on(rng.index(self.in_maze.len()));
            self.walker = Some(self.grid.spot(cell));
            self.in_maze[cell] = true;
            self.remaining -= 1;
            board.add_mark(cell, mark::VISITED);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, BEGIN));
        };
        if self.remaining == 0 {
            return None;
        }
        let cell = spot.cell;
        let (side, to) = self.grid.random_step(spot, &mut self.quarters, rng);
        let next = to.cell;
        self.walker = Some(to);
        self.moves += 1;
        if self.in_maze[next] {
            return Some(Step::new(
                Event::Move {
                    from: cell as u32,
                    to: next as u32,
                    heading: side,
                },
                WALK_ON,
            ));
        }
        board.join(cell, side, next, self.grid.back(cell, side));
        self.in_maze[next] = true;
        self.remaining -= 1;
        board.add_mark(next, mark::VISITED);
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
        self.walker.is_some() && self.remaining == 0
    }

    fn current(&self) -> Option<usize> {
        self.walker()
    }

    /// Walks back to the cell the event moved from, and out of the maze again the cell a carve
    /// let in; a square inner cell's quarter goes back into the coins. No notes: the event says
    /// it all.
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        let (from, side, carved) = match step.event {
            Event::Begin { cell } => {
                self.walker = None;
                self.in_maze[cell as usize] = false;
                self.remaining += 1;
                return true;
            }
            Event::Move { from, heading, .. } => (from as usize, heading, false),
            Event::Carve { cell, side } => (cell as usize, side, true),
            _ => return false,
        };
        let spot = self.grid.spot(from);
        if carved {
            let next = self.grid.through(from, side);
            self.in_maze[next] = false;
            self.remaining += 1;
        }
        self.grid.untake_walk(spot, side, &mut self.quarters);
        self.walker = Some(spot);
        self.moves -= 1;
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("moves", self.moves),
            ("left to visit", self.remaining as u64),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let walker = self.walker.map(|spot| spot.cell);
        vec![
            Structure::new("Walker", u64::from(walker.is_some())).cells(
                maze,
                &mut walker.into_iter(),
                limit,
            ),
            Structure::new("Cells not in the maze", self.remaining as u64),
        ]
    }
}

impl AldousBroder {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> AldousBroder {
        AldousBroder::on(maze.square())
    }
}

impl<T: Topology + Walk> AldousBroder<T> {
    /// A generator for a maze on `grid`.
    pub fn on(grid: T) -> AldousBroder<T> {
        AldousBroder {
            in_maze: vec![false; grid.len()],
            remaining: (0..grid.len()).filter(|&cell| grid.is_on(cell)).count(),
            grid,
            walker: None,
            moves: 0,
            quarters: Coins::default(),
        }
    }

    /// Where the walker stands, once it has started.
    pub fn walker(&self) -> Option<usize> {
        self.walker.map(|spot| spot.cell)
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.in_maze[cell]
    }

    /// Cells not yet in the maze.
    pub fn remaining(&self) -> usize {
        self.remaining
    }
}
