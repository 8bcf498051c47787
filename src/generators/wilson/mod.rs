//! Wilson's algorithm: loop-erased random walks, each grafted onto the maze when it reaches it.
//!
//! How it works:
//! 1. Put a random cell in the maze.
//! 2. Start a walk at a random cell that is not in the maze.
//! 3. Step to a random neighbour and add it to the walk.
//! 4. If that cell is already on the walk, the walk has made a loop: erase the loop, so the walk
//!    goes straight from that cell's first visit to where it is now.
//! 5. If that cell is in the maze, carve the whole walk into the maze as a path.
//! 6. Repeat from 2 until every cell is in the maze.
//!
//! Like Aldous–Broder ([`super::aldous_broder`]) it makes every perfect maze equally likely (a
//! uniform spanning tree), but it is much faster: a walk only has to reach the maze, not visit
//! new ground. The first walks are the slow ones, searching for a maze of one cell.
//!
//! The walk is kept as a list of cells plus, for each cell on it, its position in that list.
//! When the walk steps onto a cell already on it, that position says where the loop starts, so
//! erasing costs only the length of the loop. Whether a cell is on the walk, in the maze or
//! neither is one byte per cell, so a move looks at one byte of the cell it enters.
//!
//! On a grid of any shape a move goes to a uniformly random neighbour, one random number per
//! move. Speed: on the square grid a move away from the border picks one of four directions,
//! so it takes two bits of a random number ([`Coins::quarter`], in
//! [`Walk::random_walk`]): sixteen moves per draw instead of one.
//!
//! One step is one move of the walk (stepping on, erasing a loop, or reaching the maze), or the
//! start of a new walk. Marks: `VISITED` for cells in the maze, `ACTIVE` for the current walk.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::{Coins, Rng};
use crate::topology::{Spot, Square, Topology, Walk};

pub static INFO: Info = Info {
    name: "wilson",
    title: "Wilson",
    summary: "Loop-erased random walks, each added to the maze when it hits it: unbiased, quicker.",
    step_unit: "one move of the walk, or starting a walk",
    pseudocode: &[
        "put a random cell in the maze", // BEGIN
        "while some cell is not in the maze:",
        "    start a walk at a random cell not in the maze", // START_WALK
        "    step to a random neighbour, adding it to the walk", // WALK
        "    if the walk crossed itself: erase the loop",    // ERASE_LOOP
        "    if it reached the maze: carve the walk into the maze", // ADD_WALK
    ],
    marks: &[(mark::VISITED, "in the maze"), (mark::ACTIVE, "the walk")],
    events: &["add-walk", "erase-loop", "move"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
// Public to the crate: Houston finishes with these walks, and says these lines in its own words.
const BEGIN: Line = Line(0);
pub(crate) const START_WALK: Line = Line(2);
pub(crate) const WALK: Line = Line(3);
pub(crate) const ERASE_LOOP: Line = Line(4);
pub(crate) const ADD_WALK: Line = Line(5);

/// Where a cell stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Standing {
    Outside,
    OnWalk,
    InMaze,
}

/// Wilson's algorithm as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Wilson<T = Square> {
    grid: T,
    standing: Vec<Standing>,
    /// Cells the walk may start from; some of them may have joined the maze since (they are
    /// dropped when drawn), so drawing until a fresh one comes up is a uniform pick.
    candidates: Vec<u32>,
    /// The current walk, oldest cell first.
    walk: Vec<u32>,
    /// For a cell on the walk, its index in `walk` (stale for other cells).
    position: Vec<u32>,
    /// The walk's last cell as a [`Spot`] (on the square grid with its column and row).
    head: Spot,
    /// Directions for the square grid's inner cells, sixteen from each random number.
    quarters: Coins,
    /// Cells (that are on) not in the maze.
    remaining: usize,
    started: bool,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for Wilson<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if !self.started {
            self.started = true;
            let cell = self.random_outside(board, rng);
            self.standing[cell] = Standing::InMaze;
            self.remaining -= 1;
            board.add_mark(cell, mark::VISITED);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, BEGIN));
        }
        let Some(&head) = self.walk.last() else {
            if self.remaining == 0 {
                return None;
            }
            let cell = self.random_outside(board, rng);
            // The last walk's head and this cell's old position are stale, but kept as they were.
            board.note_words(&[self.position[cell], self.head.cell as u32]);
            self.standing[cell] = Standing::OnWalk;
            self.position[cell] = 0;
            self.walk.push(cell as u32);
            self.head = self.grid.spot(cell);
            board.add_mark(cell, mark::ACTIVE);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, START_WALK));
        };
        let head = head as usize;
        // The walk starts outside a maze that has a cell, so the grid has two cells or more
        // and every cell has a neighbour (the grid is in one piece).
        let (side, to) = self.grid.random_step(self.head, &mut self.quarters, rng);
        let next = to.cell;
        if self.in_maze(next) {
            board.note_words(&self.walk);
            let length = self.add_walk(board, next);
            return Some(Step::new(
                Event::AddWalk {
                    cell: next as u32,
                    length,
                },
                ADD_WALK,
            ));
        }
        if self.on_walk(next) {
            let keep = self.position[next] as usize + 1;
            let erased = (self.walk.len() - keep) as u32;
            board.note_words(&self.walk[keep..]);
            while self.walk.len() > keep {
                if let Some(cell) = self.walk.pop() {
                    self.standing[cell as usize] = Standing::Outside;
                    board.remove_mark(cell as usize, mark::ACTIVE);
                }
            }
            self.head = to;
            return Some(Step::new(
                Event::EraseLoop {
                    cell: next as u32,
                    erased,
                },
                ERASE_LOOP,
            ));
        }
        self.standing[next] = Standing::OnWalk;
        board.note(self.position[next]);
        self.position[next] = self.walk.len() as u32;
        self.walk.push(next as u32);
        self.head = to;
        board.add_mark(next, mark::ACTIVE);
        Some(Step::new(
            Event::Move {
                from: head as u32,
                to: next as u32,
                heading: side,
            },
            WALK,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.started && self.remaining == 0
    }

    fn current(&self) -> Option<usize> {
        self.walk.last().map(|&c| c as usize)
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("walk", self.walk.len() as u64),
            ("left to join", self.remaining as u64),
        ]
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl Wilson {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> Wilson {
        Wilson::on(maze.square())
    }
}

impl<T: Topology + Walk> Wilson<T> {
    /// A generator for a maze on `grid`.
    pub fn on(grid: T) -> Wilson<T> {
        let candidates: Vec<u32> = (0..grid.len() as u32)
            .filter(|&cell| grid.is_on(cell as usize))
            .collect();
        Wilson {
            standing: vec![Standing::Outside; grid.len()],
            remaining: candidates.len(),
            candidates,
            walk: Vec::new(),
            position: vec![0; grid.len()],
            head: grid.spot(0),
            grid,
            quarters: Coins::default(),
            started: false,
        }
    }

    /// A generator that finishes a maze already begun on `grid`: the cells for which `in_maze`
    /// says yes are in it (at least one; they must be joined by passages already), and the
    /// walks join the rest. Houston's second half ([`super::houston`]).
    pub fn around(grid: T, in_maze: impl Fn(usize) -> bool) -> Wilson<T> {
        let mut wilson = Wilson::on(grid);
        wilson.started = true;
        for cell in 0..wilson.standing.len() {
            if in_maze(cell) {
                wilson.standing[cell] = Standing::InMaze;
                wilson.remaining -= 1;
            }
        }
        let standing = &wilson.standing;
        wilson
            .candidates
            .retain(|&cell| standing[cell as usize] == Standing::Outside);
        wilson
    }

    /// The current walk, oldest cell first. Never holds a cell twice.
    pub fn walk(&self) -> &[u32] {
        &self.walk
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.standing[cell] == Standing::InMaze
    }

    /// Cells not yet in the maze.
    pub fn remaining(&self) -> usize {
        self.remaining
    }

    /// Whether `cell` is on the current walk.
    pub fn on_walk(&self, cell: usize) -> bool {
        self.standing[cell] == Standing::OnWalk
    }

    /// A uniformly random cell not in the maze (there must be one). Notes each entry drawn,
    /// where and what, to put it back.
    fn random_outside(&mut self, board: &mut Board, rng: &mut Rng) -> usize {
        loop {
            let at = rng.index(self.candidates.len());
            board.note_words(&[at as u32, self.candidates[at]]);
            let cell = self.candidates.swap_remove(at) as usize;
            if !self.in_maze(cell) {
                return cell;
            }
        }
    }

    /// Carves the walk into the maze, ending with the passage into `target`.
    fn add_walk(&mut self, board: &mut Board, target: usize) -> u32 {
        let mut length = 0;
        for i in 0..self.walk.len() {
            let cell = self.walk[i] as usize;
            let next = self.walk.get(i + 1).map_or(target, |&c| c as usize);
            let side = self.grid.side_toward(cell, next);
            board.join(cell, side, next, self.grid.back(cell, side));
            board.set_mark(cell, mark::VISITED);
            self.standing[cell] = Standing::InMaze;
            length += 1;
        }
        self.remaining -= self.walk.len();
        self.walk.clear();
        length
    }
}
