//! Path finders: each one file, each a [`Solver`] that searches from a start cell to a goal cell
//! one step at a time and then reports what it found.
//!
//! Solvers read the maze and write only the board's display marks: the maze itself is never
//! changed by a search, so a maze can be solved again and again.

use crate::board::{mark, Board};
use crate::generators::UnknownName;
use crate::machine::{run_to_end, Info, Machine};
use crate::maze::Maze;
use crate::rng::Rng;
use std::fmt;

pub mod bfs;

pub use bfs::Bfs;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A path (or the route walked, for wall followers) from start to goal, both included.
    Found(Vec<usize>),
    /// No path exists: the search covered everything reachable from the start.
    Unreachable,
    /// The solver stopped without reaching the goal; `route` is what it walked and `reason`
    /// says why (a wall follower back in a state it has been in).
    GaveUp {
        route: Vec<usize>,
        reason: &'static str,
    },
}

impl Outcome {
    /// The path, if the goal was reached.
    pub fn path(&self) -> Option<&[usize]> {
        match self {
            Outcome::Found(path) => Some(path),
            _ => None,
        }
    }
}

/// A search's result with its costs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    /// Distinct cells the search looked at.
    pub visited: u64,
    /// Steps taken.
    pub steps: u64,
}

/// A path finder: a machine with a result.
pub trait Solver: Machine {
    /// How the search ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;

    /// Distinct cells visited so far.
    fn visited(&self) -> u64;
}

/// A registered solver: its description and how to make one for a maze, start and goal.
pub struct Entry {
    pub info: &'static Info,
    pub make: fn(&Maze, usize, usize) -> Box<dyn Solver>,
}

/// Every solver, in the order lists show them.
pub static ALL: &[Entry] = &[Entry {
    info: &bfs::INFO,
    make: |maze, start, goal| Box::new(Bfs::new(maze, start, goal)),
}];

/// The names of all solvers.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|entry| entry.info.name).collect()
}

/// Looks a solver up by name.
pub fn find(name: &str) -> Result<&'static Entry, UnknownName> {
    ALL.iter()
        .find(|entry| entry.info.name == name)
        .ok_or_else(|| UnknownName {
            kind: "solver",
            given: name.to_string(),
            allowed: names(),
        })
}

/// Why [`solve`] could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    Name(UnknownName),
    /// Start or goal is not a cell of the maze.
    OutsideMaze {
        what: &'static str,
        x: u32,
        y: u32,
        width: u32,
        height: u32,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Name(e) => e.fmt(f),
            SolveError::OutsideMaze {
                what,
                x,
                y,
                width,
                height,
            } => write!(
                f,
                "{what} {x},{y} is outside the {width}x{height} maze: x must be 0 to {}, y 0 to {}",
                width - 1,
                height - 1
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Checks that `(x, y)` is a cell of `maze` and returns its index.
pub fn cell_at(maze: &Maze, what: &'static str, (x, y): (u32, u32)) -> Result<usize, SolveError> {
    if maze.contains(x, y) {
        Ok(maze.index(x, y))
    } else {
        Err(SolveError::OutsideMaze {
            what,
            x,
            y,
            width: maze.width(),
            height: maze.height(),
        })
    }
}

/// Runs the named solver to the end on `maze` from `start` to `goal`.
pub fn solve(
    name: &str,
    maze: &Maze,
    start: (u32, u32),
    goal: (u32, u32),
) -> Result<Report, SolveError> {
    let entry = find(name).map_err(SolveError::Name)?;
    let start = cell_at(maze, "start", start)?;
    let goal = cell_at(maze, "goal", goal)?;
    let mut solver = (entry.make)(maze, start, goal);
    let mut board = Board::new(maze.clone());
    // Solvers draw no random numbers; the generator is only there to fit the one step trait.
    let steps = run_to_end(solver.as_mut(), &mut board, &mut Rng::new(0));
    Ok(Report {
        outcome: solver.outcome().cloned().unwrap_or(Outcome::Unreachable),
        visited: solver.visited(),
        steps,
    })
}

/// "No parent yet" in a parent array.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// Follows a parent array from `goal` back to `start` and returns the path start → goal.
pub(crate) fn trace_path(parent: &[u32], start: usize, goal: usize) -> Vec<usize> {
    let mut path = vec![goal];
    let mut cell = goal;
    while cell != start {
        cell = parent[cell] as usize;
        path.push(cell);
    }
    path.reverse();
    path
}

/// Marks every cell of a path with [`mark::PATH`].
pub(crate) fn mark_path(board: &mut Board, path: &[usize]) {
    for &cell in path {
        board.add_mark(cell, mark::PATH);
    }
}
