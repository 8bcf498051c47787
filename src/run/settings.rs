//! What defines a run, and what can be wrong with it.

use crate::generators::{self, braid, UnknownName};
use crate::machine::Info;
use crate::maze::MazeError;
use crate::solvers::{self, SolveError};
use std::fmt;

/// Everything that defines a run. Equal settings give equal runs, step for step.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub generator: String,
    /// `None` generates only.
    pub solver: Option<String>,
    pub width: u32,
    pub height: u32,
    pub seed: u64,
    /// Start cell; defaults to the top-left cell.
    pub start: Option<(u32, u32)>,
    /// Goal cell; defaults to the bottom-right cell.
    pub goal: Option<(u32, u32)>,
    /// Share of dead ends to remove after generation, 0 to 1 (see [`crate::generators::Braid`]); 0 keeps the
    /// maze perfect and skips the braiding phase.
    pub braid: f64,
}

impl Settings {
    /// Generation only, with the default start and goal.
    pub fn new(generator: &str, width: u32, height: u32, seed: u64) -> Settings {
        Settings {
            generator: generator.to_string(),
            solver: None,
            width,
            height,
            seed,
            start: None,
            goal: None,
            braid: 0.0,
        }
    }

    /// The same settings with a solver.
    pub fn with_solver(mut self, solver: &str) -> Settings {
        self.solver = Some(solver.to_string());
        self
    }

    /// The same settings with a braid share.
    pub fn with_braid(mut self, braid: f64) -> Settings {
        self.braid = braid;
        self
    }
}

/// Any algorithm a run shows, by name: a generator, a solver, the braiding or the player.
pub fn algorithm_info(name: &str) -> Result<&'static Info, UnknownName> {
    if let Ok(entry) = generators::find(name) {
        return Ok(entry.info);
    }
    if let Ok(entry) = solvers::find(name) {
        return Ok(entry.info);
    }
    for info in [&crate::player::INFO, &braid::INFO] {
        if info.name == name {
            return Ok(info);
        }
    }
    let mut allowed = generators::names();
    allowed.extend(solvers::names());
    allowed.push(crate::player::INFO.name);
    allowed.push(braid::INFO.name);
    Err(UnknownName {
        kind: "algorithm",
        given: name.to_string(),
        allowed,
    })
}

/// Where a search starts and ends when the settings do not say: the top-left corner and the
/// bottom-right one, as (x, y). Every front end asks here.
pub fn default_ends(width: u32, height: u32) -> ((u32, u32), (u32, u32)) {
    ((0, 0), (width.saturating_sub(1), height.saturating_sub(1)))
}

/// Why a run could not be set up. Every setting is checked before anything runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    Size(MazeError),
    Generator(generators::UnknownName),
    Solver(SolveError),
    /// A braid share outside 0 to 1; the message says so.
    Braid(String),
    /// Not enough memory left for a run of this size (the message says how much it needs).
    Memory(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Size(e) => e.fmt(f),
            RunError::Generator(e) => e.fmt(f),
            RunError::Solver(e) => e.fmt(f),
            RunError::Braid(e) | RunError::Memory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RunError {}
