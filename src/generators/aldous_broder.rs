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
//! Speed: a move away from the border picks one of four directions, so it takes two bits of a
//! random number ([`Coins::quarter`]): sixteen moves per draw instead of one.
//!
//! One step is one move of the walker. Marks: `VISITED` for cells in the maze; the walker is
//! [`Machine::current`].

use super::grid::{random_direction, untake_quarter, Grid};
use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::{Direction, Maze};
use crate::rng::{Coins, Rng};

pub static INFO: Info = Info {
    name: "aldous-broder",
    title: "Aldous–Broder",
    summary: "A random walk carving into every cell it enters first: unbiased, but slow to finish.",
    step_unit: "one move of the walker",
    pseudocode: &[
        "stand on a random cell; it is in the maze",
        "while some cell is not in the maze:",
        "    step to a random neighbour",
        "    if it is new: carve the passage you came through; it joins the maze",
        "    otherwise: carve nothing, walk on",
    ],
    marks: &[(mark::VISITED, "in the maze")],
    events: &["carve", "move"],
};

/// Aldous–Broder as a step machine.
#[derive(Clone, Debug)]
pub struct AldousBroder {
    grid: Grid,
    in_maze: Vec<bool>,
    /// Cells still outside the maze.
    remaining: usize,
    /// The walker's cell and its column and row (kept so that a move needs no division).
    walker: Option<(usize, u32, u32)>,
    moves: u64,
    /// Directions for the inner cells, sixteen from each random number.
    quarters: Coins,
}

impl AldousBroder {
    pub fn new(maze: &Maze) -> AldousBroder {
        AldousBroder {
            grid: Grid::of(maze),
            in_maze: vec![false; maze.len()],
            remaining: maze.len(),
            walker: None,
            moves: 0,
            quarters: Coins::default(),
        }
    }

    /// Where the walker stands, once it has started.
    pub fn walker(&self) -> Option<usize> {
        self.walker.map(|(cell, _, _)| cell)
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

impl Machine for AldousBroder {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let Some((cell, x, y)) = self.walker else {
            let cell = rng.index(self.in_maze.len());
            let (x, y) = self.grid.coords(cell);
            self.walker = Some((cell, x, y));
            self.in_maze[cell] = true;
            self.remaining -= 1;
            board.add_mark(cell, mark::VISITED);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, 0));
        };
        if self.remaining == 0 {
            return None;
        }
        let dir = if self.grid.is_interior(x, y) {
            // The common case, kept short: this is the innermost loop of a long walk.
            Direction::ALL[self.quarters.quarter(rng) as usize]
        } else {
            random_direction(self.grid.neighbours(cell, x, y, |_| true), rng)
        };
        let (next, nx, ny) = self.grid.toward(cell, x, y, dir);
        self.walker = Some((next, nx, ny));
        self.moves += 1;
        if self.in_maze[next] {
            return Some(Step::new(
                Event::Move {
                    from: cell as u32,
                    to: next as u32,
                    heading: dir.side(),
                },
                4,
            ));
        }
        board.carve(cell, dir);
        self.in_maze[next] = true;
        self.remaining -= 1;
        board.add_mark(next, mark::VISITED);
        Some(Step::new(
            Event::Carve {
                cell: cell as u32,
                side: dir.side(),
            },
            3,
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
    /// let in; an inner cell's quarter goes back into the coins. No notes: the event says it all.
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
        let dir = Direction::from_side(side);
        let (x, y) = self.grid.coords(from);
        if carved {
            let (next, _, _) = self.grid.toward(from, x, y, dir);
            self.in_maze[next] = false;
            self.remaining += 1;
        }
        if self.grid.is_interior(x, y) {
            untake_quarter(&mut self.quarters, dir);
        }
        self.walker = Some((from, x, y));
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
        let walker = self.walker.map(|(cell, _, _)| cell);
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
