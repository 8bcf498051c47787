//! mazestep: maze generation and path finding, one observable step at a time.
//!
//! The modules in layers, lowest first; a module uses only its own layer and those below
//! (tests/layers.rs checks it, and README.md's "Layers" lists the same):
//!
//! 1. [`words`]: what the core says, as sentences with English templates; [`rng`]: the one
//!    seeded, portable random number generator; [`notes`]: the undo notes a step writes.
//! 2. [`topology`]: grid shapes — sides, directions, neighbours, masks.
//! 3. [`maze`]: the maze model (passage bits and terrain per cell) and its tile view.
//! 4. [`board`]: the maze plus display layers, journaling every change.
//! 5. [`machine`]: the one step trait, its events, narration and algorithm descriptions;
//!    [`ds`]: the data structures the algorithms use (heaps, bucket queues, union-find, parent
//!    links, state sets), with their tests.
//! 6. [`generators`], [`solvers`], [`player`]: the algorithms, one file each; [`world`]:
//!    obstacles, terrain costs, diagonal moves and heuristics, and a learner's edits;
//!    [`distance`]: distance maps; [`stats`]: texture statistics of any maze.
//! 7. [`run`]: a whole timeline — generate, then solve, then walk — as used by every front end.
//! 8. [`export`]: a maze as tile text with its route, or as a printable SVG worksheet;
//!    [`parse`]: the settings people type; `wasm`: the JavaScript edge. The command line
//!    (src/bin/mazestep/) sits on top.

pub mod board;
pub mod distance;
pub mod ds;
pub mod export;
pub mod generators;
pub mod machine;
pub mod maze;
pub mod notes;
pub mod pack;
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
