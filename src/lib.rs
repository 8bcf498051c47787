//! mazestep: maze generation and path finding, one observable step at a time.
//!
//! - [`maze`]: the maze model (passage bits per cell) and its tile view.
//! - [`rng`]: the one seeded, portable random number generator.
//! - [`board`]: the maze plus display layers, journaling every change.
//! - [`machine`]: the one step trait, its events and algorithm descriptions.
//! - [`ds`]: the data structures the algorithms use (heaps, bucket queues, union-find, parent
//!   links, state sets), with their tests.
//! - [`generators`], [`solvers`], [`player`]: the algorithms, one file each.
//! - [`run`]: a whole timeline — generate, then solve, then walk — as used by every front end.
//! - [`stats`]: texture statistics (dead ends, diameter, corridors, junctions) of any maze.
//! - [`world`]: obstacles, terrain costs, diagonal moves and heuristics, and a learner's edits.
//! - [`export`]: a maze as tile text with its route, or as a printable SVG worksheet.

pub mod board;
pub mod distance;
pub mod ds;
pub mod export;
pub mod generators;
pub mod machine;
pub mod maze;
pub mod notes;
pub mod parse;
pub mod player;
pub mod rng;
pub mod run;
pub mod solvers;
pub mod stats;
pub mod topology;
pub mod words;
pub mod world;

/// The JavaScript edge (wasm32 only); public so that tests/wasm.rs can drive it.
#[cfg(target_arch = "wasm32")]
pub mod wasm;
