//! What defines a run, and what can be wrong with it.

use crate::generators::{self, braid, UnknownName};
use crate::machine::{Info, Sentence};
use crate::maze::{Maze, MazeError};
use crate::solvers::{self, SolveError};
use crate::topology::{Grid, GridError, Mask, Shape, Topology};
use crate::world::{Edits, Search};
use std::fmt;
use std::sync::Arc;

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
    /// Share of dead ends to remove after generation, 0 to 1 (see
    /// [`crate::generators::Braid`]); 0 keeps the maze perfect and skips the braiding phase.
    pub braid: f64,
    /// The grid's shape; `width` and `height` mean what [`Grid::new`] says for it.
    pub shape: Shape,
    /// Cells switched off, if any.
    pub mask: Option<Mask>,
    /// What a learner changed in the generated maze, applied when the search begins (see
    /// [`crate::world::edits`]); shared, as a run's copies all use the same.
    pub edits: Option<Arc<Edits>>,
    /// How the search may move and guess (diagonal moves, heuristic, weight).
    pub search: Search,
    /// The share of cells an open world blocks (`obstacles`, `caves`), 0 to
    /// [`generators::MAX_DENSITY`]; the other generators ignore it.
    pub density: f64,
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
            shape: Shape::Square,
            mask: None,
            edits: None,
            search: Search::default(),
            density: generators::DEFAULT_DENSITY,
        }
    }

    /// The same settings on a grid of another shape.
    pub fn with_shape(mut self, shape: Shape) -> Settings {
        self.shape = shape;
        self
    }

    /// The same settings with cells switched off.
    pub fn with_mask(mut self, mask: Mask) -> Settings {
        self.mask = Some(mask);
        self
    }

    /// The maze these settings start from, every wall standing: on the plain square grid, or
    /// on the grid of their shape and mask. A mask must leave the cells that are on in one
    /// piece: a maze joins every cell, so separate regions are refused.
    pub fn empty_maze(&self) -> Result<Maze, RunError> {
        if self.shape == Shape::Square && self.mask.is_none() {
            return Maze::new(self.width, self.height).map_err(RunError::Size);
        }
        let mut grid = Grid::new(self.shape, self.width, self.height).map_err(RunError::Grid)?;
        if let Some(mask) = &self.mask {
            grid = grid.with_mask(mask).map_err(RunError::Grid)?;
            let regions = grid.regions();
            if regions > 1 {
                return Err(RunError::Grid(GridError::BadMask(
                    Sentence::new("refusals.mask-regions").n("regions", regions as u64),
                )));
            }
        }
        Ok(Maze::on_grid(grid))
    }

    /// The same settings with a solver.
    pub fn with_solver(mut self, solver: &str) -> Settings {
        self.solver = Some(solver.to_string());
        self
    }

    /// The same settings with a learner's edits of the generated maze.
    pub fn with_edits(mut self, edits: Edits) -> Settings {
        self.edits = (!edits.is_empty()).then(|| Arc::new(edits));
        self
    }

    /// The same settings with these search options.
    pub fn with_search(mut self, search: Search) -> Settings {
        self.search = search;
        self
    }

    /// The same settings with an open world's density.
    pub fn with_density(mut self, density: f64) -> Settings {
        self.density = density;
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

/// [`default_ends`] for a maze of any shape: on a plain grid the corners; otherwise the
/// first cell that is on and the last one (polar: the centre and a cell of the rim), as the
/// (x, y) that [`crate::solvers::cell_at`] reads (polar: place in the ring, ring).
pub fn default_ends_of(maze: &Maze) -> ((u32, u32), (u32, u32)) {
    let Some(grid) = maze.grid() else {
        return default_ends(maze.width(), maze.height());
    };
    let len = grid.len();
    let first = grid.nearest_on(0);
    let last = (0..len).rev().find(|&c| grid.is_on(c)).unwrap_or(first);
    (grid.place(first), grid.place(last))
}

/// Why a run could not be set up. Every setting is checked before anything runs.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    Size(MazeError),
    /// A shape's size or a mask that does not fit.
    Grid(GridError),
    /// A generator or solver that cannot work on the grid's shape; the message says which can.
    Shape(String),
    Generator(generators::UnknownName),
    Solver(SolveError),
    /// A braid share outside 0 to 1; the message says so.
    Braid(String),
    /// Edits that do not fit the maze, or search options out of range; the message says why.
    World(String),
    /// Not enough memory left for a run of this size (the message says how much it needs).
    Memory(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Size(e) => e.fmt(f),
            RunError::Grid(e) => e.fmt(f),
            RunError::Generator(e) => e.fmt(f),
            RunError::Solver(e) => e.fmt(f),
            RunError::Braid(e) | RunError::Memory(e) | RunError::Shape(e) | RunError::World(e) => {
                e.fmt(f)
            }
        }
    }
}

impl std::error::Error for RunError {}
