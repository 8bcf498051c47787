//! Maze generators: each one file, each a [`Machine`] that carves (or walls) a maze step by step.
//!
//! The registry maps the names used on the command line, in URLs and on the page to
//! constructors, so every front end offers exactly the same list.

use crate::board::Board;
use crate::machine::{run_to_end, Info, Machine};
use crate::maze::{Maze, MazeError};
use crate::rng::Rng;
use crate::topology::Shape;
use crate::words::{Arg, Sentence};
use std::fmt;

pub mod binary_tree;
pub mod kruskal;
pub mod recursive_backtracker;
pub mod sidewinder;

pub use binary_tree::{Bias, BinaryTree};
pub mod aldous_broder;
pub mod blobby_division;
pub mod braid;
pub mod eller;
pub mod growing_forest;
pub mod growing_tree;
pub mod houston;
pub mod hunt_and_kill;
pub mod knobs;
pub mod prim;
pub mod recursive_division;
pub mod true_prim;
pub mod unicursal;
pub mod wilson;

// Open worlds: an open field with obstacles or terrain, not perfect mazes.
pub mod caves;
pub mod cellular_automaton;
pub mod empty_room;
pub mod obstacles;
pub mod rooms_and_doors;
pub mod terrain;

pub use aldous_broder::AldousBroder;
pub use blobby_division::BlobbyDivision;
pub use braid::Braid;
pub use eller::Eller;
pub use growing_forest::GrowingForest;
pub use growing_tree::{GrowingTree, Policy};
pub use houston::Houston;
pub use hunt_and_kill::HuntAndKill;
pub use knobs::{Knob, Knobs, KNOBS};
pub use kruskal::Kruskal;
pub use prim::Prim;
pub use recursive_backtracker::RecursiveBacktracker;
pub use recursive_division::RecursiveDivision;
pub use sidewinder::SideWinder;
pub use true_prim::TruePrim;
pub use unicursal::Unicursal;
pub use wilson::Wilson;

pub use caves::Caves;
pub use cellular_automaton::{CellularAutomaton, Rule};
pub use empty_room::EmptyRoom;
pub use obstacles::Obstacles;
pub use rooms_and_doors::RoomsAndDoors;
pub use terrain::Terrain;

/// A registered generator: its description and how to make one for a maze of a given size.
pub struct Entry {
    pub info: &'static Info,
    /// The family lists group it under (one of [`GROUPS`]).
    pub group: &'static str,
    pub make: fn(&Maze, &Options) -> Box<dyn Machine>,
    /// Whether it works on a grid of any shape (it needs only each cell's neighbours), or
    /// only on the plain square grid (it needs rows and columns).
    pub any_shape: bool,
    /// Whether it makes weaves ([`Shape::Weave`]): only those that place tunnels under
    /// straight corridors; the others would tunnel anywhere.
    pub weave: bool,
    /// Whether it makes a perfect maze (one path between any two cells). Open worlds do not:
    /// they open every wall and place obstacles or terrain, and promise no way from start to
    /// goal.
    pub perfect: bool,
    /// Whether it reads [`Options::density`] (the page shows its slider only then).
    pub uses_density: bool,
}

/// What a generator may be asked for besides the grid: how much of an open world is blocked,
/// and its own knobs.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The share of cells blocked by `obstacles` and filled at first by `caves` and
    /// `cellular-automaton`, 0 to [`MAX_DENSITY`].
    pub density: f64,
    /// The generator's own knobs ([`knobs`]): those not given keep their defaults.
    pub knobs: Knobs,
}

/// The density when none is given.
pub const DEFAULT_DENSITY: f64 = 0.3;
/// The largest density: above it the obstacles leave hardly a free cell to walk.
pub const MAX_DENSITY: f64 = 0.9;

impl Default for Options {
    fn default() -> Options {
        Options {
            density: DEFAULT_DENSITY,
            knobs: Knobs::none(),
        }
    }
}

/// Checks that a generator can be braided: open worlds have no dead ends to remove, and
/// braiding would carve into their obstacles.
pub fn check_braid_for(entry: &Entry, braid: f64) -> Result<(), String> {
    if braid > 0.0 && !entry.perfect {
        return Err(braid_open_refusal(entry, braid).english());
    }
    Ok(())
}

/// [`check_braid_for`]'s refusal as a sentence.
pub fn braid_open_refusal(entry: &Entry, braid: f64) -> Sentence {
    Sentence::new("refusals.braid-open")
        .with("value", Arg::Text(crate::words::number_text(braid)))
        .with("name", Arg::Text(entry.info.name.to_string()))
}

/// Checks an obstacle density: a number from 0 to [`MAX_DENSITY`].
pub fn check_density(density: f64) -> Result<f64, String> {
    if density.is_finite() && (0.0..=MAX_DENSITY).contains(&density) {
        Ok(density)
    } else {
        Err(density_refusal(density).english())
    }
}

/// [`check_density`]'s refusal as a sentence.
pub fn density_refusal(density: f64) -> Sentence {
    density_refusal_of(&crate::words::number_text(density))
}

/// The refusal of a density given as `value` (the number as it was written, or quoted text).
pub fn density_refusal_of(value: &str) -> Sentence {
    Sentence::new("refusals.density")
        .with("value", Arg::Text(value.to_string()))
        .with("max", Arg::Text(crate::words::number_text(MAX_DENSITY)))
}

impl Entry {
    /// Whether it makes mazes on grids of `shape` (masked or not).
    pub fn works_on(&self, shape: Shape) -> bool {
        match shape {
            Shape::Weave => self.weave,
            Shape::Square => true,
            _ => self.any_shape,
        }
    }
}

/// Families of generators, in the order lists show them: how each one builds its maze.
pub const GROUPS: [&str; 6] = [
    "Fast and biased",
    "Random walks",
    "Spanning trees",
    "Row by row",
    "Wall adding",
    OPEN_WORLDS,
];

/// The group of the generators that make open worlds rather than mazes.
pub const OPEN_WORLDS: &str = "Open worlds";

/// Every generator, in the order lists show them. Where a generator has options, the entry
/// says which one it registers.
pub static ALL: &[Entry] = &[
    Entry {
        info: &binary_tree::INFO,
        group: GROUPS[0],
        // The classic bias unless a knob says otherwise: every cell carves north or east.
        make: |maze, options| {
            let bias = Bias::ALL[options.knobs.get("bias") as usize % 4];
            Box::new(BinaryTree::new(maze.width(), maze.height(), bias))
        },
        any_shape: false,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &sidewinder::INFO,
        group: GROUPS[0],
        make: |maze, options| {
            Box::new(SideWinder::new(maze).closing(options.knobs.get("run-close")))
        },
        any_shape: false,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &recursive_backtracker::INFO,
        group: GROUPS[1],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(RecursiveBacktracker::new(maze)),
            Some(grid) => Box::new(RecursiveBacktracker::on(grid)),
        },
        any_shape: true,
        weave: true,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &kruskal::INFO,
        group: GROUPS[2],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(Kruskal::new(maze)),
            Some(grid) => Box::new(Kruskal::on(grid)),
        },
        any_shape: true,
        weave: true,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &prim::INFO,
        group: GROUPS[2],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(Prim::new(maze)),
            Some(grid) => Box::new(Prim::on(grid)),
        },
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &true_prim::INFO,
        group: GROUPS[2],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(TruePrim::new(maze)),
            Some(grid) => Box::new(TruePrim::on(grid)),
        },
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &aldous_broder::INFO,
        group: GROUPS[1],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(AldousBroder::new(maze)),
            Some(grid) => Box::new(AldousBroder::on(grid)),
        },
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &wilson::INFO,
        group: GROUPS[1],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(Wilson::new(maze)),
            Some(grid) => Box::new(Wilson::on(grid)),
        },
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &houston::INFO,
        group: GROUPS[1],
        // One copy over the shared grid for every shape: no race, a smaller wasm module.
        make: |maze, _| Box::new(Houston::new(maze)),
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &hunt_and_kill::INFO,
        group: GROUPS[1],
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(HuntAndKill::new(maze)),
            Some(grid) => Box::new(HuntAndKill::on(grid)),
        },
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &eller::INFO,
        group: GROUPS[3],
        make: |maze, options| {
            let knobs = &options.knobs;
            Box::new(Eller::new(maze).with_chances(knobs.get("join"), knobs.get("drop")))
        },
        any_shape: false,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &growing_tree::INFO,
        group: GROUPS[1],
        // Newest half the time, a random active cell the other half, unless knobs say.
        make: |maze, options| {
            let policy = Policy::of_knobs(&options.knobs);
            match maze.shared_grid() {
                None => Box::new(GrowingTree::new(maze, policy)),
                Some(grid) => Box::new(GrowingTree::on(grid, policy)),
            }
        },
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &growing_forest::INFO,
        group: GROUPS[2],
        make: |maze, _| Box::new(GrowingForest::new(maze)),
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &recursive_division::INFO,
        group: GROUPS[4],
        make: |maze, options| {
            let min_room = options.knobs.get("min-room") as u32;
            Box::new(RecursiveDivision::with_rooms(maze, min_room))
        },
        any_shape: false,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &blobby_division::INFO,
        group: GROUPS[4],
        make: |maze, _| Box::new(BlobbyDivision::new(maze)),
        any_shape: true,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &unicursal::INFO,
        group: GROUPS[1],
        // One copy over the plain square grid's rows and columns: it needs them to double.
        make: |maze, _| Box::new(Unicursal::new(maze)),
        any_shape: false,
        weave: false,
        perfect: true,
        uses_density: false,
    },
    Entry {
        info: &empty_room::INFO,
        group: OPEN_WORLDS,
        make: |_, _| Box::new(EmptyRoom::new()),
        any_shape: true,
        weave: false,
        perfect: false,
        uses_density: false,
    },
    Entry {
        info: &obstacles::INFO,
        group: OPEN_WORLDS,
        make: |maze, options| match maze.shared_grid() {
            None => Box::new(Obstacles::new(maze, options.density)),
            Some(grid) => Box::new(Obstacles::on(grid, options.density)),
        },
        any_shape: true,
        weave: false,
        perfect: false,
        uses_density: true,
    },
    Entry {
        info: &rooms_and_doors::INFO,
        group: OPEN_WORLDS,
        make: |maze, _| Box::new(RoomsAndDoors::new(maze)),
        any_shape: false,
        weave: false,
        perfect: false,
        uses_density: false,
    },
    Entry {
        info: &caves::INFO,
        group: OPEN_WORLDS,
        make: |maze, options| match maze.shared_grid() {
            None => Box::new(Caves::new(maze, options.density)),
            Some(grid) => Box::new(Caves::on(grid, options.density)),
        },
        any_shape: true,
        weave: false,
        perfect: false,
        uses_density: true,
    },
    Entry {
        info: &terrain::INFO,
        group: OPEN_WORLDS,
        make: |maze, _| match maze.shared_grid() {
            None => Box::new(Terrain::new(maze)),
            Some(grid) => Box::new(Terrain::on(grid)),
        },
        any_shape: true,
        weave: false,
        perfect: false,
        uses_density: false,
    },
    Entry {
        info: &cellular_automaton::INFO,
        group: OPEN_WORLDS,
        // The square grid only: the rules count the eight cells around a cell.
        make: |maze, options| {
            let rule = Rule::ALL[options.knobs.get("rule") as usize % Rule::ALL.len()].0;
            Box::new(CellularAutomaton::new(maze, options.density, rule))
        },
        any_shape: false,
        weave: false,
        perfect: false,
        uses_density: true,
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
            "unknown {} {}: allowed are {}",
            self.kind,
            crate::words::quote(&self.given),
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
    find(name).map(|entry| (entry.make)(maze, &Options::default()))
}

/// Checks that a generator works on `maze`'s grid: those that need rows and columns run on
/// the plain square grid only (a mask is fine for none of them either).
pub fn check_shape(entry: &Entry, maze: &Maze) -> Result<(), String> {
    shape_refusal(entry, maze).map_or(Ok(()), |words| Err(words.english()))
}

/// Why a generator cannot work on `maze`'s grid, as a sentence (the page says it in its
/// language; [`check_shape`] in English), or `None` if it can.
#[inline(never)]
pub fn shape_refusal(entry: &Entry, maze: &Maze) -> Option<Sentence> {
    if maze.shape() == Shape::Weave && !entry.weave {
        let weavers: Vec<&str> = ALL
            .iter()
            .filter(|e| e.weave)
            .map(|e| e.info.name)
            .collect();
        let why = if !entry.any_shape {
            "messages.needs-rows"
        } else if !entry.perfect {
            "messages.open-no-weave"
        } else {
            "messages.tunnels-anywhere"
        };
        return Some(
            Sentence::new("messages.no-weave")
                .with("name", Arg::Text(entry.info.name.to_string()))
                .words("why", Sentence::new(why))
                .with("others", Arg::Text(weavers.join(", "))),
        );
    }
    if entry.any_shape || maze.grid().is_none() {
        return None;
    }
    let grid = match maze.grid() {
        Some(grid) if grid.shape() == Shape::Square => Sentence::new("messages.masked-grid"),
        _ => Sentence::new("messages.shape-grid").with("shape", maze.shape().words()),
    };
    // Alternatives of the same kind: mazes for a maze, open worlds for an open world.
    let others: Vec<&str> = ALL
        .iter()
        .filter(|e| e.any_shape && e.perfect == entry.perfect)
        .map(|e| e.info.name)
        .collect();
    let made = if entry.perfect {
        "messages.a-maze"
    } else {
        "messages.an-open-world"
    };
    Some(
        Sentence::new("messages.square-only")
            .with("name", Arg::Text(entry.info.name.to_string()))
            .words("made", Sentence::new(made))
            .words("grid", grid)
            .with("others", others_text(&others)),
    )
}

/// Names to choose from, or "none yet" (in words of their own).
pub(crate) fn others_text(others: &[&str]) -> Arg {
    if others.is_empty() {
        Arg::Words(Sentence::new("messages.none-yet"))
    } else {
        Arg::Text(others.join(", "))
    }
}

/// Why [`generate`] could not make a maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    Name(UnknownName),
    Size(MazeError),
    /// A generator that cannot work on the maze's grid; the message says which can.
    Shape(String),
    /// A braid share outside 0 to 1; the message says so.
    Braid(String),
    /// A density outside 0 to [`MAX_DENSITY`]; the message says so.
    Density(String),
    /// A knob the generator does not have, or one read only with another; the message says so.
    Knob(String),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Name(e) => e.fmt(f),
            GenerateError::Size(e) => e.fmt(f),
            GenerateError::Shape(e) => e.fmt(f),
            GenerateError::Braid(e) | GenerateError::Density(e) | GenerateError::Knob(e) => {
                e.fmt(f)
            }
        }
    }
}

impl std::error::Error for GenerateError {}

/// The maze a generator starts from, given the maze of its size with every wall standing:
/// that maze itself, or for a wall-adding generator or an open world ([`Machine::starts_open`])
/// an open field on the same grid, every interior wall open.
pub fn starting_maze(generator: &dyn Machine, closed: Maze) -> Maze {
    if !generator.starts_open() {
        return closed;
    }
    closed.into_open_field()
}

/// Makes a whole maze at once: the named generator run to the end from `seed`.
pub fn generate(name: &str, width: u32, height: u32, seed: u64) -> Result<Maze, GenerateError> {
    generate_braided(name, width, height, seed, 0.0)
}

/// Like [`generate`], then braided: a share `braid` (0 to 1) of the dead ends removed with
/// [`Braid`], drawing on the same random numbers. This is the maze a [`crate::run::Run`] with
/// the same settings makes; `braid` 0 gives exactly [`generate`]'s maze.
pub fn generate_braided(
    name: &str,
    width: u32,
    height: u32,
    seed: u64,
    braid: f64,
) -> Result<Maze, GenerateError> {
    let maze = Maze::new(width, height).map_err(GenerateError::Size)?;
    generate_on(name, maze, seed, braid)
}

/// Like [`generate_braided`], on a grid of any shape: `empty` is the maze to start from, every
/// wall standing (see [`crate::run::Settings::empty_maze`]).
pub fn generate_on(name: &str, empty: Maze, seed: u64, braid: f64) -> Result<Maze, GenerateError> {
    generate_with(name, empty, seed, braid, &Options::default())
}

/// Like [`generate_on`], with the generator's [`Options`] (an open world's density).
pub fn generate_with(
    name: &str,
    empty: Maze,
    seed: u64,
    braid: f64,
    options: &Options,
) -> Result<Maze, GenerateError> {
    let maze = empty;
    let entry = find(name).map_err(GenerateError::Name)?;
    check_shape(entry, &maze).map_err(GenerateError::Shape)?;
    let braid = braid::check_share(braid).map_err(GenerateError::Braid)?;
    check_braid_for(entry, braid).map_err(GenerateError::Braid)?;
    check_density(options.density).map_err(GenerateError::Density)?;
    (options.knobs.check_for(name)).map_err(|e| GenerateError::Knob(e.english()))?;
    let mut machine = (entry.make)(&maze, options);
    let mut board = Board::new(starting_maze(machine.as_ref(), maze));
    // Only the result is returned: nobody sees the marks, so they are not kept.
    board.set_display(false);
    let mut rng = Rng::new(seed);
    run_to_end(machine.as_mut(), &mut board, &mut rng);
    if braid > 0.0 {
        let mut braiding = Braid::new(board.maze(), braid);
        run_to_end(&mut braiding, &mut board, &mut rng);
    }
    Ok(board.into_maze())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generator_is_in_a_known_group_and_every_group_is_used() {
        for entry in ALL {
            assert!(
                GROUPS.contains(&entry.group),
                "{} is in the unknown group '{}'",
                entry.info.name,
                entry.group
            );
        }
        for group in GROUPS {
            assert!(
                ALL.iter().any(|entry| entry.group == group),
                "group '{group}' has no generator"
            );
        }
    }
}
