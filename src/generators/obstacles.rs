//! Obstacles: an open room with cells blocked at random, at a density.
//!
//! How it works:
//! 1. Start from an open field: every wall between two cells open.
//! 2. Decide how many obstacles: the density (a share of the cells, 0.3 unless told) times
//!    the number of cells, rounded.
//! 3. Pick a random cell that is still free and block it: it becomes an obstacle, all its
//!    passages closed.
//! 4. Repeat 3 until that many cells are blocked.
//!
//! Not a maze: free cells stay joined to every free neighbour, and nothing promises a way
//! from the start to the goal (a search may find the goal walled in; the run frees the start
//! and goal themselves if an obstacle falls on them). Picking among the free cells is a
//! partial Fisher–Yates shuffle: the free cells wait in a list, and the pick is swapped to the
//! front part, so each step takes constant time and no cell is picked twice.
//!
//! It works on a grid of any shape. One step is one obstacle placed; no marks (the blocked
//! cells are drawn as obstacles), the obstacle just placed is [`Machine::current`].

use crate::board::Board;
use crate::machine::{Event, Info, Line, Machine, Step, Structure};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::Topology;

pub static INFO: Info = Info {
    name: "obstacles",
    title: "Random Obstacles",
    summary: "Blocks random cells of an open room, a given share of them: scattered obstacles.",
    step_unit: "one obstacle placed",
    pseudocode: &[
        "start with every wall between two cells open",
        "obstacles = density × cells, rounded",
        "while fewer cells than that are blocked:",
        "    pick a random free cell and block it, closing its passages", // BLOCK
    ],
    marks: &[],
    events: &["block"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BLOCK: Line = Line(3);

/// Random obstacles as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct Obstacles {
    /// The cells that are on: the first `placed` are blocked, the rest still free.
    order: Vec<u32>,
    placed: usize,
    /// How many obstacles to place.
    target: usize,
}

impl Machine for Obstacles {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.placed >= self.target {
            return None;
        }
        let pick = self.placed + rng.index(self.order.len() - self.placed);
        self.order.swap(self.placed, pick);
        let cell = self.order[self.placed];
        // For `undo`: which free cell was swapped forward cannot be told from the event.
        board.note(pick as u32);
        self.placed += 1;
        board.block(cell as usize);
        Some(Step::new(Event::Block { cell }, BLOCK))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.placed >= self.target
    }

    fn starts_open(&self) -> bool {
        true
    }

    fn current(&self) -> Option<usize> {
        self.placed.checked_sub(1).map(|i| self.order[i] as usize)
    }

    /// Swaps the last pick back to where it was in the list of free cells (noted: one word).
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let (Event::Block { .. }, &[pick]) = (step.event, notes) else {
            return false;
        };
        if self.placed == 0 || pick as usize >= self.order.len() {
            return false;
        }
        self.placed -= 1;
        self.order.swap(self.placed, pick as usize);
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("obstacles placed", self.placed as u64),
            ("still to place", (self.target - self.placed) as u64),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let free = &self.order[self.placed..];
        vec![
            Structure::new("Free cells to pick from", free.len() as u64).cells(
                maze,
                &mut free.iter().map(|&c| c as usize),
                limit,
            ),
        ]
    }
}

impl Obstacles {
    /// Obstacles for a square maze of `maze`'s size, blocking a share `density` of its cells.
    pub fn new(maze: &Maze, density: f64) -> Obstacles {
        Obstacles::on(maze.square(), density)
    }

    /// Obstacles on `grid`: only the cells that are on can be blocked.
    pub fn on(grid: impl Topology, density: f64) -> Obstacles {
        let order: Vec<u32> = (0..grid.len())
            .filter(|&cell| grid.is_on(cell))
            .map(|cell| cell as u32)
            .collect();
        let target = target_count(order.len(), density);
        Obstacles {
            order,
            placed: 0,
            target,
        }
    }

    /// How many obstacles it places in all.
    pub fn target(&self) -> usize {
        self.target
    }

    /// How many it has placed so far.
    pub fn placed(&self) -> usize {
        self.placed
    }
}

/// `density` of `cells`, rounded to the nearest whole cell (a density out of 0 to 1 is
/// clamped; the settings refuse one above 0.9 before this).
pub fn target_count(cells: usize, density: f64) -> usize {
    let share = if density.is_finite() {
        density.clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((cells as f64 * share).round() as usize).min(cells)
}
