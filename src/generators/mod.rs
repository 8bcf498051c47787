//! Maze generators: each one file, each a [`Machine`] that carves (or walls) a maze step by step.
//!
//! The registry maps the names used on the command line, in URLs and on the page to
//! constructors, so every front end offers exactly the same list.

use crate::board::Board;
use crate::machine::{run_to_end, Info, Machine};
use crate::maze::{Maze, MazeError};
use crate::rng::Rng;
use std::fmt;

pub mod binary_tree;
pub mod kruskal;
pub mod recursive_backtracker;
pub mod sidewinder;

pub use binary_tree::{Bias, BinaryTree};
pub use kruskal::Kruskal;
pub use recursive_backtracker::RecursiveBacktracker;
pub use sidewinder::SideWinder;

/// A registered generator: its description and how to make one for a maze of a given size.
pub struct Entry {
    pub info: &'static Info,
    pub make: fn(&Maze) -> Box<dyn Machine>,
}

/// Every generator, in the order lists show them.
pub static ALL: &[Entry] = &[
    Entry {
        info: &binary_tree::INFO,
        make: |maze| Box::new(BinaryTree::new(maze.len(), Bias::default())),
    },
    Entry {
        info: &sidewinder::INFO,
        make: |maze| Box::new(SideWinder::new(maze)),
    },
    Entry {
        info: &recursive_backtracker::INFO,
        make: |maze| Box::new(RecursiveBacktracker::new(maze)),
    },
    Entry {
        info: &kruskal::INFO,
        make: |maze| Box::new(Kruskal::new(maze)),
    },
];

/// A name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub kind: &'static str,
    pub given: String,
    pub allowed: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}': allowed are {}",
            self.kind,
            self.given,
            self.allowed.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// The names of all generators.
pub fn names() -> Vec<&'static str> {
    ALL.iter().map(|entry| entry.info.name).collect()
}

/// Looks a generator up by name.
pub fn find(name: &str) -> Result<&'static Entry, UnknownName> {
    ALL.iter()
        .find(|entry| entry.info.name == name)
        .ok_or_else(|| UnknownName {
            kind: "generator",
            given: name.to_string(),
            allowed: names(),
        })
}

/// A fresh generator of the named kind for `maze`'s size.
pub fn create(name: &str, maze: &Maze) -> Result<Box<dyn Machine>, UnknownName> {
    find(name).map(|entry| (entry.make)(maze))
}

/// Why [`generate`] could not make a maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    Name(UnknownName),
    Size(MazeError),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Name(e) => e.fmt(f),
            GenerateError::Size(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GenerateError {}

/// Makes a whole maze at once: the named generator run to the end from `seed`.
pub fn generate(name: &str, width: u32, height: u32, seed: u64) -> Result<Maze, GenerateError> {
    let entry = find(name).map_err(GenerateError::Name)?;
    let maze = Maze::new(width, height).map_err(GenerateError::Size)?;
    let mut machine = (entry.make)(&maze);
    let mut board = Board::new(maze);
    run_to_end(machine.as_mut(), &mut board, &mut Rng::new(seed));
    Ok(board.into_maze())
}
