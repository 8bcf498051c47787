//! Reading the command line into a [`Command`] whose options are all checked.
//!
//! The words are split by [`lexopt`], which leaves every message to us, so each mistake gets
//! exactly one line naming the bad value and what is allowed (docs/cli.md). Three of lexopt's
//! getopt habits are not this command line's, and [`read_options`] steps around them: `--` is
//! refused like any unknown option rather than ending the options, `-abc` is quoted whole
//! rather than read as three letters, and a value must not start with `--` (that is a
//! forgotten value), although it may start with one dash (`--height -3` gets the height's own
//! message).
//!
//! Mistakes of form (an unknown option, a missing value, an option given twice) are reported in
//! the order they were typed. The values are then read with the same parsers
//! ([`mazestep::parse`]) and registries ([`generators::ALL`], [`solvers::ALL`]) as the page, in
//! a fixed order (the generator before the size, and so on), so which bad value is reported
//! does not depend on where it was typed. The rules between values (a generator the grid does
//! not suit, a braid for an open world, diagonal moves on a hexagon grid, a start off the
//! grid, …) are the core's alone: [`Settings::check`] decides them for the command line as for
//! the page, and this file only words two of its refusals its own way (a mask that does not
//! fit names its file; diagonal moves are refused by `--moves`). Mask, picture and world files
//! are read in `files.rs`.

use crate::files;
use lexopt::Arg;
use mazestep::generators;
use mazestep::maze::{Maze, MAX_SIDE};
use mazestep::parse;
use mazestep::rng;
use mazestep::run::{Checked, Ends, RunError, Settings, WallExit, DEFAULT_SIDE};
use mazestep::solvers;
use mazestep::topology::{mask_makers as shapes, GridError, Mask, Shape};
use mazestep::world::{self, Corners, Edits, Exit, Heuristic, Search};
use std::ffi::OsString;
use std::sync::Arc;

/// The generator `solve` uses when `--algorithm` is not given, if it is registered; otherwise
/// the first registered generator.
const PREFERRED_GENERATOR: &str = "recursive-backtracker";

/// What the command line asks for.
#[derive(Debug)]
pub enum Command {
    Help,
    Version,
    List,
    Generate(Generate),
    Solve(Solve),
    Stats(Stats),
}

/// How mazes are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Tiles,
    Json,
    Svg,
    /// The cells, their neighbours and the passages, as JSON: for every shape.
    Graph,
    /// Nothing at all: for timing `generate`. Refused for `solve`.
    None,
    /// An open world as world text (rows of `#`, `.`, `1`-`9`, `S`, `G`): `generate` only, for
    /// open-world generators on the plain square grid.
    World,
}

/// The grid a command's mazes are made on: its shape, its mask, and the maze to start from.
#[derive(Clone, Debug)]
pub struct Layout {
    pub shape: Shape,
    /// The mask file as typed, if one was given.
    pub mask_file: Option<String>,
    /// The maze with every wall standing, of the size, shape and mask asked for (checked:
    /// it fits, and a mask leaves one region).
    pub empty: Maze,
    /// The mask itself, for the runs made from these settings (`solve` in a world).
    pub mask: Option<Mask>,
}

impl Layout {
    /// Whether this is the plain square grid (no other shape, no mask), the one the tiles,
    /// JSON and SVG formats draw.
    pub fn is_plain(&self) -> bool {
        self.empty.grid().is_none()
    }

    /// The grid for headings: "hex 8x5", "polar 6 rings", "masked square 8x5".
    pub fn describe(&self) -> String {
        let masked = if self.mask_file.is_some() {
            "masked "
        } else {
            ""
        };
        let size = match self.shape {
            Shape::Polar => format!("{} rings", self.empty.height()),
            _ => format!("{}x{}", self.empty.width(), self.empty.height()),
        };
        format!("{masked}{} {size}", self.shape)
    }
}

/// A checked `generate` command.
#[derive(Debug)]
pub struct Generate {
    pub algorithm: &'static str,
    /// The grid, with its size.
    pub layout: Layout,
    pub first_seed: u64,
    /// The first seed was chosen here, not given: it must be printed so the mazes can be
    /// made again.
    pub fresh_seed: bool,
    pub count: u64,
    pub braid: f64,
    /// The share of cells an open world blocks.
    pub density: f64,
    /// `--rule`: the cellular automaton's rule.
    pub rule: generators::Rule,
    pub format: Format,
}

/// A checked `solve` command.
#[derive(Clone, Debug)]
pub struct Solve {
    pub solver: &'static str,
    pub algorithm: &'static str,
    /// As for [`Generate::layout`].
    pub layout: Layout,
    pub seed: u64,
    /// As for [`Generate::fresh_seed`].
    pub fresh_seed: bool,
    pub braid: f64,
    /// As typed (polar: place in the ring, ring), and the cells they are.
    pub start: (u32, u32),
    pub goal: (u32, u32),
    pub start_cell: usize,
    pub goal_cell: usize,
    /// `--goal` given again: the goals beyond the first (the nearest is reached), as typed.
    pub other_goals: Vec<(u32, u32)>,
    /// `--via`: the waypoints, in order, as typed.
    pub via: Vec<(u32, u32)>,
    /// Never [`Format::None`] or [`Format::World`].
    pub format: Format,
    /// The share of cells an open world blocks.
    pub density: f64,
    /// `--rule`: the cellular automaton's rule.
    pub rule: generators::Rule,
    /// How the search may move and guess (`--moves`, `--corners`, `--heuristic`, `--weight`).
    pub search: Search,
    /// `--start exit:…`, `--goal exit:…`: the ends that are gaps in the outer wall.
    pub start_exit: Option<WallExit>,
    pub goal_exit: Option<WallExit>,
    /// `--ends`: where the ends not given go (the hardest pair is placed on the maze made).
    pub ends: Ends,
    /// Whether the start and the goal were given (typed, or marked in the world file).
    pub given: (bool, bool),
    /// `--world FILE`: the file as typed, and its cells as edits of an empty room.
    pub world: Option<(String, Edits)>,
}

/// A checked `stats` command.
#[derive(Debug)]
pub struct Stats {
    pub algorithm: &'static str,
    /// The size asked for (polar: `width` 1, `height` the rings).
    pub width: u32,
    pub height: u32,
    pub layout: Layout,
    pub samples: u64,
    pub first_seed: u64,
    /// As for [`Generate::fresh_seed`].
    pub fresh_seed: bool,
    pub braid: f64,
    /// The share of cells an open world blocks.
    pub density: f64,
    /// `--rule`: the cellular automaton's rule.
    pub rule: generators::Rule,
    /// JSON instead of the text table.
    pub json: bool,
}

impl Stats {
    /// The seed of the last sample (checked not to pass `u64::MAX` when the options were read).
    pub fn last_seed(&self) -> u64 {
        self.first_seed + (self.samples - 1)
    }
}

/// Reads one command line (without the program name). The error is the one-line message.
pub fn read(args: Vec<OsString>) -> Result<Command, String> {
    let args = utf8(args)?;
    let Some((command, rest)) = args.split_first() else {
        return Err("missing command: use generate, solve, stats, list or help".to_string());
    };
    match command.as_str() {
        "help" | "--help" | "-h" | "--version" | "-V" | "list" if !rest.is_empty() => Err(format!(
            "unexpected argument {} for {command}: {command} takes no options",
            parse::quote(&rest[0])
        )),
        "help" | "--help" | "-h" => Ok(Command::Help),
        "--version" | "-V" => Ok(Command::Version),
        "list" => Ok(Command::List),
        // Help wins wherever it is asked for, even among bad options.
        "generate" | "solve" | "stats" if rest.iter().any(|a| a == "--help" || a == "-h") => {
            Ok(Command::Help)
        }
        "generate" => generate(rest).map(Command::Generate),
        "solve" => solve(rest).map(Command::Solve),
        "stats" => stats(rest).map(Command::Stats),
        other => Err(format!(
            "unknown command {}: use generate, solve, stats, list or help",
            parse::quote(other)
        )),
    }
}

/// Every argument as text; the first that is not UTF-8 is refused before anything else.
fn utf8(args: Vec<OsString>) -> Result<Vec<String>, String> {
    args.into_iter()
        .map(|arg| {
            arg.into_string().map_err(|bad| {
                format!(
                    "argument {} is not valid UTF-8: use plain text",
                    parse::quote(&bad.to_string_lossy())
                )
            })
        })
        .collect()
}

/// One option a command accepts, and what its value may be (for "needs a value" messages).
#[derive(Debug)]
struct Opt {
    name: &'static str,
    hint: &'static str,
}

const ALGORITHM: Opt = Opt {
    name: "--algorithm",
    hint: "a generator name (see mazestep list)",
};
const SOLVER: Opt = Opt {
    name: "--solver",
    hint: "a solver name (see mazestep list)",
};
const WIDTH: Opt = Opt {
    name: "--width",
    hint: "a whole number from 1 to 4096",
};
const HEIGHT: Opt = Opt {
    name: "--height",
    hint: "a whole number from 1 to 4096",
};
const SHAPE: Opt = Opt {
    name: "--shape",
    hint: "square, hex, triangle, polar or weave",
};
const MASK: Opt = Opt {
    name: "--mask",
    hint: "a text file of rows of '.' (cell) and 'X' (no cell), or a PNG picture (dark: no cell)",
};
const SEED: Opt = Opt {
    name: "--seed",
    hint: "a whole number from 0 to 18446744073709551615",
};
const COUNT: Opt = Opt {
    name: "--count",
    hint: "a whole number from 1 to 1000000",
};
const START: Opt = Opt {
    name: "--start",
    hint: "a cell as X,Y, e.g. 0,0, or a gap in the outer wall, e.g. exit:west",
};
const GOAL: Opt = Opt {
    name: "--goal",
    hint: "a cell as X,Y, e.g. 9,9, or a gap in the outer wall, e.g. exit:south:5; give a cell \
           again for more goals (the nearest is reached)",
};
const ENDS: Opt = Opt {
    name: "--ends",
    hint: "corners, hardest or random",
};
const VIA: Opt = Opt {
    name: "--via",
    hint: "a cell as X,Y, e.g. 4,4; give it again for more waypoints, in order",
};
/// The options that may be given more than once: every value is kept, in order.
const REPEATABLE: [&str; 2] = ["--goal", "--via"];
const FORMAT_GENERATE: Opt = Opt {
    name: "--format",
    hint: "tiles, json, svg, graph, world or none",
};
const FORMAT_SOLVE: Opt = Opt {
    name: "--format",
    hint: "tiles, json, svg or graph",
};
const FORMAT_STATS: Opt = Opt {
    name: "--format",
    hint: "text or json",
};
const BRAID: Opt = Opt {
    name: "--braid",
    hint: "a number from 0 to 1, e.g. 0.5",
};
const DENSITY: Opt = Opt {
    name: "--density",
    hint: "the share of cells an open world blocks, from 0 to 0.9, e.g. 0.3",
};
const RULE: Opt = Opt {
    name: "--rule",
    hint: "maze (B3/S12345) or mazectric (B3/S1234), for cellular-automaton",
};
const WORLD: Opt = Opt {
    name: "--world",
    hint: "a text file of rows of # (blocked), . (free), 1-9 (a cost), S (start) and G (goal)",
};
const MOVES: Opt = Opt {
    name: "--moves",
    hint: "4 (along the sides) or 8 (diagonals too, square grid only)",
};
const CORNERS: Opt = Opt {
    name: "--corners",
    hint: "never, no-obstacles, at-most-one or always",
};
const HEURISTIC: Opt = Opt {
    name: "--heuristic",
    hint: "grid, manhattan, euclidean, octile or chebyshev",
};
const WEIGHT: Opt = Opt {
    name: "--weight",
    hint: "a number from 1 to 100, e.g. 1.5",
};
const EXIT: Opt = Opt {
    name: "--exit",
    hint: "goal (stop at the goal) or flood (search everything reachable first)",
};
const SAMPLES: Opt = Opt {
    name: "--samples",
    hint: "a whole number from 1 to 1000000",
};

// MAX_SIDE and MAX_COUNT are spelled out in the hints above; keep them honest.
const _: () = assert!(MAX_SIDE == 4096 && parse::MAX_COUNT == 1_000_000);

/// Each command's options, in the order "unknown option" messages list them.
const GENERATE_OPTS: &[&Opt] = &[
    &ALGORITHM,
    &SHAPE,
    &MASK,
    &WIDTH,
    &HEIGHT,
    &SEED,
    &COUNT,
    &BRAID,
    &DENSITY,
    &RULE,
    &FORMAT_GENERATE,
];
const SOLVE_OPTS: &[&Opt] = &[
    &SOLVER,
    &ALGORITHM,
    &SHAPE,
    &MASK,
    &WIDTH,
    &HEIGHT,
    &SEED,
    &BRAID,
    &DENSITY,
    &RULE,
    &WORLD,
    &START,
    &GOAL,
    &VIA,
    &ENDS,
    &MOVES,
    &CORNERS,
    &HEURISTIC,
    &WEIGHT,
    &EXIT,
    &FORMAT_SOLVE,
];
const STATS_OPTS: &[&Opt] = &[
    &ALGORITHM,
    &SHAPE,
    &MASK,
    &WIDTH,
    &HEIGHT,
    &SAMPLES,
    &SEED,
    &BRAID,
    &DENSITY,
    &RULE,
    &FORMAT_STATS,
];

/// The values given for a command's options, in the order of its option table, unchecked.
#[derive(Debug)]
struct Given {
    values: Vec<Option<String>>,
    /// The values of [`REPEATABLE`] options after their first, with the option's slot.
    again: Vec<(usize, String)>,
    opts: &'static [&'static Opt],
}

impl Given {
    fn get(&self, name: &str) -> Option<&str> {
        let i = self.opts.iter().position(|opt| opt.name == name)?;
        self.values[i].as_deref()
    }

    /// Every value of an option that may be given again, in the order typed.
    fn all(&self, name: &str) -> Vec<&str> {
        let Some(i) = self.opts.iter().position(|opt| opt.name == name) else {
            return Vec::new();
        };
        let again = self.again.iter().filter(|(slot, _)| *slot == i);
        self.values[i]
            .as_deref()
            .into_iter()
            .chain(again.map(|(_, value)| value.as_str()))
            .collect()
    }

    /// The value of an option the command cannot do without.
    fn required(&self, command: &str, opt: &Opt) -> Result<&str, String> {
        self.get(opt.name)
            .ok_or_else(|| format!("{command} needs {}: {}", opt.name, opt.hint))
    }
}

/// Reads `--name value` and `--name=value` pairs. Syntax only: values are checked later.
/// The first mistake, in the order the words were typed, is the one reported.
fn read_options(
    command: &str,
    args: &[String],
    opts: &'static [&'static Opt],
) -> Result<Given, String> {
    let mut given = Given {
        values: vec![None; opts.len()],
        again: Vec::new(),
        opts,
    };
    let unknown = |name: &str| {
        let names: Vec<&str> = opts.iter().map(|opt| opt.name).collect();
        format!(
            "unknown option {} for {command}: allowed are {}",
            parse::quote(name),
            names.join(", ")
        )
    };
    let mut parser = lexopt::Parser::from_args(args);
    loop {
        // The next word as typed. Each pass ends on a word boundary (every value is taken and
        // the first short option ends the reading), so lexopt has nothing half-read here.
        let typed = parser
            .try_raw_args()
            .and_then(|raw| raw.peek().map(|word| text(word.to_owned())));
        // lexopt would take `--` as the end of the options; here no option is called that.
        if typed.as_deref() == Some("--") {
            return Err(unknown("--"));
        }
        // lexopt only fails on a joined value left unread, and every value is read.
        let Some(arg) = parser.next().map_err(|e| e.to_string())? else {
            return Ok(given);
        };
        let name = match arg {
            Arg::Long(name) => format!("--{name}"),
            // No command takes one-letter options, so `-w` or `-abc` is unknown as typed.
            Arg::Short(_) => {
                let typed = typed.unwrap_or_default();
                let name = typed.split_once('=').map_or(typed.as_str(), |(name, _)| name);
                return Err(unknown(name));
            }
            Arg::Value(word) => {
                return Err(format!(
                    "unexpected argument {} for {command}: give values after an option, e.g. --width 10",
                    parse::quote(&text(word))
                ))
            }
        };
        let Some(slot) = opts.iter().position(|opt| opt.name == name) else {
            return Err(unknown(&name));
        };
        let value = match parser.optional_value() {
            Some(inline) => text(inline),
            // A following option means this one's value was forgotten. A single dash may
            // start a (bad) number such as -3, which gets its own message when checked.
            None => parser
                .try_raw_args()
                .and_then(|mut raw| raw.next_if(|next| !next.as_encoded_bytes().starts_with(b"--")))
                .map(text)
                .ok_or_else(|| format!("option {name} needs a value: {}", opts[slot].hint))?,
        };
        match given.values[slot] {
            Some(_) if REPEATABLE.contains(&name.as_str()) => given.again.push((slot, value)),
            Some(_) => return Err(format!("option {name} is given twice: give it once")),
            None => given.values[slot] = Some(value),
        }
    }
}

/// A word back as text: every argument was checked to be UTF-8 before it reached lexopt.
fn text(word: OsString) -> String {
    word.into_string()
        .unwrap_or_else(|word| word.to_string_lossy().into_owned())
}

fn generate(args: &[String]) -> Result<Generate, String> {
    let given = read_options("generate", args, GENERATE_OPTS)?;
    let algorithm = generator_name(given.required("generate", &ALGORITHM)?)?;
    let asked = grid_asked("generate", &given, None)?;
    let seed = given.get("--seed").map(parse::seed).transpose()?;
    let count = given.get("--count").map(parse::count).transpose()?;
    let count = count.unwrap_or(1);
    let braid = braid(&given)?;
    let density = density(&given)?;
    let rule = rule(&given)?;
    let settings = asked
        .settings(algorithm)
        .with_braid(braid)
        .with_density(density)
        .with_rule(rule);
    let checked = checked(&settings, &asked)?;
    let layout = asked.layout(checked);
    let format = format(given.get("--format"), true, &layout)?;
    if format == Format::World {
        world_format_fits(algorithm)?;
    }
    if format == Format::Svg && count > 1 {
        return Err(format!(
            "format svg writes one maze, not {count}: drop --count or use tiles or json"
        ));
    }
    let (first_seed, fresh_seed) = match seed {
        Some(seed) => {
            parse::last_seed(seed, count)?;
            (seed, false)
        }
        // A fresh seed leaves room for the whole run rather than refuse it.
        None => (rng::fresh_seed().min(u64::MAX - (count - 1)), true),
    };
    Ok(Generate {
        algorithm,
        layout,
        first_seed,
        fresh_seed,
        count,
        braid,
        density,
        rule,
        format,
    })
}

/// `--format world` writes obstacles and costs, not walls: open worlds only.
fn world_format_fits(algorithm: &str) -> Result<(), String> {
    if generators::find(algorithm).is_ok_and(|entry| !entry.perfect) {
        return Ok(());
    }
    let worlds: Vec<&str> = generators::ALL
        .iter()
        .filter(|e| !e.perfect)
        .map(|e| e.info.name)
        .collect();
    Err(format!(
        "format world writes obstacles and costs, not walls, so not a maze by {algorithm}: \
         choose an open world ({}) or another format",
        worlds.join(", ")
    ))
}

/// The `--density`, the default when not given.
fn density(given: &Given) -> Result<f64, String> {
    let Some(text) = given.get("--density") else {
        return Ok(generators::DEFAULT_DENSITY);
    };
    let value: f64 = text.trim().parse().map_err(|_| {
        format!(
            "density {} is not a number: {}",
            parse::quote(text),
            DENSITY.hint
        )
    })?;
    // Refused with the value as typed: the number read from it may read differently.
    generators::check_density(value)
        .map_err(|_| generators::density_refusal_of(&parse::quote(text)).english())
}

/// The `--rule`, the Maze rule when not given.
fn rule(given: &Given) -> Result<generators::Rule, String> {
    given
        .get("--rule")
        .map_or(Ok(generators::Rule::Maze), |text| {
            generators::Rule::named(text.trim())
                .map_err(|_| format!("rule {} is not known: {}", parse::quote(text), RULE.hint))
        })
}

/// How the search may move: `--moves` and `--corners` together. Whether the grid allows
/// diagonal moves (8, or any corner rule but never) is the core's rule ([`Settings::check`]).
fn corners(given: &Given) -> Result<Corners, String> {
    let moves = match given.get("--moves").map(str::trim) {
        None => None,
        Some("4") => Some(4),
        Some("8") => Some(8),
        Some(other) => {
            return Err(format!(
                "moves {} is not allowed: give {}",
                parse::quote(other),
                MOVES.hint
            ))
        }
    };
    let corners = given
        .get("--corners")
        .map(|text| Corners::parse(text.trim()))
        .transpose()?;
    let corners =
        match (moves, corners) {
            (Some(4), Some(c)) if c.diagonal() => {
                return Err(format!(
                    "corners {c} needs diagonal moves: give --moves 8, or drop --corners"
                ))
            }
            (Some(8), Some(Corners::Never)) => return Err(
                "corners never allows no diagonal moves: give --moves 4, or another corner rule"
                    .to_string(),
            ),
            (_, Some(c)) => c,
            (Some(8), None) => Corners::NoObstacles,
            (_, None) => Corners::Never,
        };
    Ok(corners)
}

/// The search options: the `corners` read already, `--heuristic`, `--weight` and `--exit`.
fn search(given: &Given, corners: Corners) -> Result<Search, String> {
    let heuristic = given
        .get("--heuristic")
        .map(|text| Heuristic::parse(text.trim()))
        .transpose()?
        .unwrap_or_default();
    let weight = match given.get("--weight") {
        None => 1.0,
        Some(text) => text.trim().parse().map_err(|_| {
            format!(
                "weight {} is not a number: {}",
                parse::quote(text),
                WEIGHT.hint
            )
        })?,
    };
    let exit = given
        .get("--exit")
        .map(|text| Exit::parse(text.trim()))
        .transpose()?
        .unwrap_or_default();
    let search = Search {
        corners,
        heuristic,
        weight,
        exit,
    };
    if let (Err(_), Some(text)) = (search.check(), given.get("--weight")) {
        // The value as typed: `100.0000000000001` or `1e308` read as a number may not.
        return Err(world::weight_refusal_of(&parse::quote(text)).english());
    }
    Ok(search)
}

fn solve(args: &[String]) -> Result<Solve, String> {
    let given = read_options("solve", args, SOLVE_OPTS)?;
    let solver =
        solvers::find(given.required("solve", &SOLVER)?.trim()).map_err(|e| e.to_string())?;
    let world_file = given.get("--world");
    if world_file.is_some() {
        // The file gives the grid and its cells: nothing else may make them.
        for opt in [&ALGORITHM, &SHAPE, &MASK, &WIDTH, &HEIGHT, &BRAID, &DENSITY] {
            if given.get(opt.name).is_some() {
                return Err(format!(
                    "{} cannot be given with --world: the world file gives the size and the cells",
                    opt.name
                ));
            }
        }
    }
    let algorithm = match (world_file, given.get("--algorithm")) {
        (Some(_), _) => generators::empty_room::INFO.name,
        (None, Some(name)) => generator_name(name)?,
        (None, None) => default_generator()?,
    };
    let world = world_file.map(files::read_world).transpose()?;
    let asked = match &world {
        Some(world) => GridAsked {
            shape: Shape::Square,
            width: world.width,
            height: world.height,
            mask: None,
        },
        None => grid_asked("solve", &given, Some(DEFAULT_SIDE))?,
    };
    let seed = given.get("--seed").map(parse::seed).transpose()?;
    let braid = braid(&given)?;
    let density = density(&given)?;
    let rule = rule(&given)?;
    let mut settings = asked
        .settings(algorithm)
        .with_solver(solver.info.name)
        .with_braid(braid)
        .with_density(density)
        .with_rule(rule);
    let world_edits = world.as_ref().map(world::text::WorldText::edits);
    settings.edits = world_edits.clone().map(Arc::new);
    // The core checks the settings as they are read, so that the mistake reported first does
    // not depend on what else is wrong: the grid, the generator and the solver on it, then
    // the moves on that grid, then the ends.
    checked(&settings, &asked)?;
    settings.search.corners = corners(&given)?;
    checked(&settings, &asked)?;
    settings.search = search(&given, settings.search.corners)?;
    // A cell as X,Y, or a gap in the outer wall (`exit:west`).
    let end = |opt: &Opt, what| -> Result<End, String> {
        match given.get(opt.name) {
            Some(text) if WallExit::is_exit(text) => Ok((None, Some(WallExit::parse(what, text)?))),
            Some(text) => Ok((Some(parse::point(what, text)?), None)),
            None => Ok((None, None)),
        }
    };
    let points = |texts: &[&str], what| {
        texts
            .iter()
            .map(|t| parse::point(what, t))
            .collect::<Result<Vec<_>, _>>()
    };
    let (start, start_exit) = end(&START, "start")?;
    let (goal, goal_exit) = end(&GOAL, "goal")?;
    // `--goal` again: the goals beyond the first, each a cell (an exit is one goal).
    let goals = given.all(GOAL.name);
    let others = goals.get(1..).unwrap_or_default();
    if others.iter().any(|text| WallExit::is_exit(text)) {
        let words = solvers::goals::wall_exits_refusal(true, goals.len(), 0);
        return Err(words.map_or_else(String::new, |w| RunError::Goals(w).to_string()));
    }
    settings.other_goals = points(others, "goal")?;
    settings.via = points(&given.all(VIA.name), "waypoint")?;
    // Where not typed, the ends the world file marks, else the preset's (the corners).
    settings.start = start.or(world.as_ref().and_then(|w| w.start));
    settings.goal = goal.or(world.as_ref().and_then(|w| w.goal));
    (settings.start_exit, settings.goal_exit) = (start_exit, goal_exit);
    settings.ends = given
        .get(ENDS.name)
        .map(Ends::parse)
        .transpose()?
        .unwrap_or_default();
    // A world file draws no random numbers: no fresh seed to announce.
    let seed_used = seed.unwrap_or_else(|| {
        if world.is_some() {
            0
        } else {
            rng::fresh_seed()
        }
    });
    settings.seed = seed_used;
    let checked = checked(&settings, &asked)?;
    let (start_cell, goal_cell) = (checked.start, checked.goal);
    let (other_goals, via) = (settings.other_goals.clone(), settings.via.clone());
    let place = |cell| cell_place(&checked.maze, cell);
    let (start, goal) = (place(start_cell), place(goal_cell));
    let layout = asked.layout(checked);
    let format = format(given.get("--format"), false, &layout)?;
    Ok(Solve {
        solver: solver.info.name,
        algorithm,
        layout,
        seed: seed_used,
        fresh_seed: seed.is_none() && world.is_none(),
        braid,
        start,
        goal,
        start_cell,
        goal_cell,
        other_goals,
        via,
        format,
        density,
        rule,
        search: settings.search,
        start_exit,
        goal_exit,
        ends: settings.ends,
        given: (
            settings.start.is_some() || start_exit.is_some(),
            settings.goal.is_some() || goal_exit.is_some(),
        ),
        world: world_file
            .zip(world_edits)
            .map(|(file, edits)| (file.to_string(), edits)),
    })
}

fn stats(args: &[String]) -> Result<Stats, String> {
    let given = read_options("stats", args, STATS_OPTS)?;
    let algorithm = generator_name(given.required("stats", &ALGORITHM)?)?;
    let asked = grid_asked("stats", &given, None)?;
    let (width, height) = (asked.width, asked.height);
    let samples = parse::samples(given.required("stats", &SAMPLES)?)?;
    let seed = given.get("--seed").map(parse::seed).transpose()?;
    let braid = braid(&given)?;
    let density = density(&given)?;
    let rule = rule(&given)?;
    let settings = asked
        .settings(algorithm)
        .with_braid(braid)
        .with_density(density)
        .with_rule(rule);
    let checked = checked(&settings, &asked)?;
    let layout = asked.layout(checked);
    let json = match given.get("--format").unwrap_or("text").trim() {
        "text" => false,
        "json" => true,
        other => {
            return Err(format!(
                "format {} is not allowed for stats: use text or json",
                parse::quote(other)
            ))
        }
    };
    let (first_seed, fresh_seed) = match seed {
        Some(seed) => {
            parse::last_seed(seed, samples).map_err(|_| {
                format!(
                    "seed {seed} with samples {samples} is not allowed: the seeds would pass {}; use a seed from 0 to {}",
                    u64::MAX,
                    u64::MAX - (samples - 1)
                )
            })?;
            (seed, false)
        }
        None => (rng::fresh_seed().min(u64::MAX - (samples - 1)), true),
    };
    Ok(Stats {
        algorithm,
        width,
        height,
        layout,
        samples,
        first_seed,
        fresh_seed,
        braid,
        density,
        rule,
        json,
    })
}

/// The shape, mask and size asked for, read but not yet made into a grid.
struct GridAsked {
    shape: Shape,
    /// The file as typed, and the mask in it.
    mask: Option<(String, Mask)>,
    /// Polar: 1 (a polar grid has no width).
    width: u32,
    /// Polar: the number of rings.
    height: u32,
}

impl GridAsked {
    /// Settings for a maze by `algorithm` on this grid, generation only, seed 0 (the seed
    /// is no rule's business).
    fn settings(&self, algorithm: &str) -> Settings {
        let mut settings =
            Settings::new(algorithm, self.width, self.height, 0).with_shape(self.shape);
        settings.mask = self.mask.as_ref().map(|(_, mask)| mask.clone());
        settings
    }

    /// The grid, with the empty maze the core checked its settings make.
    fn layout(self, checked: Checked) -> Layout {
        let (mask_file, mask) = self.mask.unzip();
        Layout {
            shape: self.shape,
            mask_file,
            empty: checked.maze,
            mask,
        }
    }
}

/// Reads `--shape`, `--mask`, `--width` and `--height`, in that order. A size not given comes
/// from the mask if there is one, else is `default_side` (solve), else is required; a size
/// given must agree with the mask. A polar grid has rings and no width: `--width` is refused.
fn grid_asked(
    command: &str,
    given: &Given,
    default_side: Option<u32>,
) -> Result<GridAsked, String> {
    let shape = match given.get("--shape") {
        Some(text) => Shape::parse(text.trim())?,
        None => Shape::Square,
    };
    let mask_file = match given.get("--mask") {
        Some(file) => Some((file.to_string(), files::read_mask(file)?)),
        None => None,
    };
    let typed = |opt: &Opt, what: &str| {
        given
            .get(opt.name)
            .map(|t| parse::side(what, t))
            .transpose()
    };
    let needed = |opt: &Opt| {
        default_side.ok_or_else(|| format!("{command} needs {}: {}", opt.name, opt.hint))
    };
    if shape == Shape::Polar && given.get("--width").is_some() {
        return Err(
            "a polar grid has no width: --height is its number of rings, so drop --width"
                .to_string(),
        );
    }
    let mask = match mask_file {
        Some((file, files::MaskFile::Picture(picture))) => {
            // A picture fits any grid: the size comes from the options, else from the
            // picture (one pixel a cell), except the rings of a polar grid.
            let (width, height) = match shape {
                Shape::Polar => (
                    1,
                    match (typed(&HEIGHT, "height")?, default_side) {
                        (Some(rings), _) | (None, Some(rings)) => rings,
                        (None, None) => {
                            return Err(format!(
                                "{command} needs --height with the picture {} on a polar grid: \
                                 the number of rings, {}",
                                parse::quote(&file),
                                HEIGHT.hint
                            ))
                        }
                    },
                ),
                _ => (
                    typed(&WIDTH, "width")?.unwrap_or(picture.width),
                    typed(&HEIGHT, "height")?.unwrap_or(picture.height),
                ),
            };
            let (mask, _apart) = shapes::picture(
                shape,
                width,
                height,
                &picture.rgba,
                picture.width,
                picture.height,
            )
            .map_err(|e| format!("mask file {}: {e}", parse::quote(&file)))?;
            return Ok(GridAsked {
                shape,
                mask: Some((file, mask)),
                width,
                height,
            });
        }
        Some((file, files::MaskFile::Text(mask))) => Some((file, mask)),
        None => None,
    };
    if shape == Shape::Polar {
        let rings = match (typed(&HEIGHT, "height")?, &mask) {
            (Some(rings), Some((file, mask))) if rings as usize != mask_rows(mask).len() => {
                return Err(format!(
                    "mask file {} has {} rows, one per ring, but --height is {rings}: drop \
                     --height or make them agree",
                    parse::quote(file),
                    mask_rows(mask).len()
                ))
            }
            (Some(rings), _) => rings,
            (None, Some((_, mask))) => {
                parse::side("ring count of the mask", &mask_rows(mask).len().to_string())?
            }
            (None, None) => needed(&HEIGHT)?,
        };
        if let Some((file, mask)) = &mask {
            polar_mask_fits(file, mask, rings)?;
        }
        return Ok(GridAsked {
            shape,
            mask,
            width: 1,
            height: rings,
        });
    }
    let size = match &mask {
        Some((file, mask)) => Some((
            file,
            mask.size().ok_or_else(|| {
                format!(
                    "mask file {}: its rows differ in length: a {shape} mask needs every row as \
                     long as the first",
                    parse::quote(file)
                )
            })?,
        )),
        None => None,
    };
    let side = |opt: &Opt, what: &str, from_mask: fn((u32, u32)) -> u32| -> Result<u32, String> {
        match (typed(opt, what)?, size) {
            (Some(side), Some((file, mask_size))) if side != from_mask(mask_size) => Err(format!(
                "mask file {} is {}x{} cells, but {} is {side}: drop {} or make them agree",
                parse::quote(file),
                mask_size.0,
                mask_size.1,
                opt.name,
                opt.name
            )),
            (Some(side), _) => Ok(side),
            (None, Some((_, mask_size))) => parse::side(
                &format!("{what} of the mask"),
                &from_mask(mask_size).to_string(),
            ),
            (None, None) => needed(opt),
        }
    };
    let width = side(&WIDTH, "width", |(w, _)| w)?;
    let height = side(&HEIGHT, "height", |(_, h)| h)?;
    Ok(GridAsked {
        shape,
        mask,
        width,
        height,
    })
}

/// The length of each of a mask's rows.
fn mask_rows(mask: &Mask) -> Vec<usize> {
    mask.to_text().lines().map(str::len).collect()
}

/// Checks that a polar mask has one row per ring, each as long as its ring.
fn polar_mask_fits(file: &str, mask: &Mask, rings: u32) -> Result<(), String> {
    let grid = mazestep::topology::Grid::new(Shape::Polar, 1, rings).map_err(|e| e.to_string())?;
    let wanted: Vec<usize> = (0..rings).map(|ring| grid.ring(ring).len()).collect();
    let rows = mask_rows(mask);
    match rows.iter().zip(&wanted).position(|(row, ring)| row != ring) {
        None => Ok(()),
        Some(ring) => {
            let shown: Vec<String> = wanted.iter().take(6).map(usize::to_string).collect();
            Err(format!(
                "mask file {}: row {} has {} cells, but ring {ring} of a polar grid has {}: give \
                 one row per ring, as long as the ring ({}{})",
                parse::quote(file),
                ring + 1,
                rows[ring],
                wanted[ring],
                shown.join(", "),
                if wanted.len() > 6 { ", ..." } else { "" }
            ))
        }
    }
}

/// Asks the core whether the settings keep every rule between them ([`Settings::check`]: the
/// grid, the generator and the solver on it, the braid, the edits, diagonal moves, the ends),
/// and says a refusal the command line's way: a mask that does not fit names its file, and
/// diagonal moves on another grid are refused by `--moves`. Every other message is the core's.
/// A start or goal as given: a cell, or a gap in the outer wall (neither: not given).
type End = (Option<(u32, u32)>, Option<WallExit>);

/// A cell as the options write it: (x, y) on the square grid, or what
/// [`mazestep::solvers::cell_at`] reads on other grids (polar: place in the ring, ring).
pub fn cell_place(maze: &mazestep::maze::Maze, cell: usize) -> (u32, u32) {
    match maze.grid() {
        Some(grid) => grid.place(cell),
        None => (
            (cell % maze.width() as usize) as u32,
            (cell / maze.width() as usize) as u32,
        ),
    }
}

fn checked(settings: &Settings, asked: &GridAsked) -> Result<Checked, String> {
    settings.check().map_err(|e| match (&e, &asked.mask) {
        (RunError::Grid(GridError::BadMask(_)), Some((file, _))) => {
            format!("mask file {}: {e}", parse::quote(file))
        }
        (RunError::Moves(_), mask) => format!(
            "diagonal moves are for the plain square grid, not a {}{} grid: give --moves 4",
            if mask.is_some() { "masked " } else { "" },
            asked.shape
        ),
        _ => e.to_string(),
    })
}

/// The `--format` asked for, or the default: tiles on the plain square grid, graph on any
/// other. Tiles and JSON draw the plain square grid only; SVG draws every grid.
fn format(text: Option<&str>, allow_none: bool, layout: &Layout) -> Result<Format, String> {
    let Some(text) = text else {
        return Ok(if layout.is_plain() {
            Format::Tiles
        } else {
            Format::Graph
        });
    };
    let format = format_named(text, allow_none)?;
    let name = match format {
        Format::Tiles => "tiles",
        Format::Json => "json",
        Format::World => "world",
        Format::Svg | Format::Graph | Format::None => return Ok(format),
    };
    if layout.is_plain() {
        return Ok(format);
    }
    let masked = if layout.mask_file.is_some() {
        "masked "
    } else {
        ""
    };
    Err(format!(
        "format {name} draws the plain square grid only, not a {masked}{} grid: use --format \
         graph (the default on other grids)",
        layout.shape
    ))
}

/// The formats each command writes, in the order messages list them: the one list the
/// messages and the `--format` hints come from.
const GENERATE_FORMATS: [(&str, Format); 6] = [
    ("tiles", Format::Tiles),
    ("json", Format::Json),
    ("svg", Format::Svg),
    ("graph", Format::Graph),
    ("world", Format::World),
    ("none", Format::None),
];
const SOLVE_FORMATS: [(&str, Format); 4] = [
    ("tiles", Format::Tiles),
    ("json", Format::Json),
    ("svg", Format::Svg),
    ("graph", Format::Graph),
];

/// Names as a list in words: "tiles, json, svg or graph".
fn listed(names: &[(&str, Format)]) -> String {
    let names: Vec<&str> = names.iter().map(|&(name, _)| name).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn format_named(text: &str, allow_none: bool) -> Result<Format, String> {
    let (known, command) = if allow_none {
        (&GENERATE_FORMATS[..], "generate")
    } else {
        (&SOLVE_FORMATS[..], "solve")
    };
    let name = text.trim();
    if let Some(&(_, format)) = known.iter().find(|&&(known, _)| known == name) {
        return Ok(format);
    }
    let why = match name {
        "world" => " for solve: it is for generate, whose world text solve reads with --world",
        "none" => " for solve: none is for timing generate",
        _ => "",
    };
    if why.is_empty() {
        return Err(format!(
            "format {} is not allowed for {command}: use {}",
            parse::quote(text),
            listed(known)
        ));
    }
    Err(format!(
        "format {} is not allowed{why}; use {}",
        parse::quote(name),
        listed(known)
    ))
}

/// The `--braid` share, 0 when not given.
fn braid(given: &Given) -> Result<f64, String> {
    given.get("--braid").map_or(Ok(0.0), parse::braid)
}

fn generator_name(text: &str) -> Result<&'static str, String> {
    generators::find(text.trim())
        .map(|entry| entry.info.name)
        .map_err(|e| e.to_string())
}

/// `solve`'s generator when none is named: the preferred one if registered, else the first.
fn default_generator() -> Result<&'static str, String> {
    generators::find(PREFERRED_GENERATOR)
        .ok()
        .or_else(|| generators::ALL.first())
        .map(|entry| entry.info.name)
        .ok_or_else(|| "no generators are built in: solve needs one".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_words(words: &[&str]) -> Result<Command, String> {
        read(words.iter().map(OsString::from).collect())
    }

    fn generate_words(extra: &[&str]) -> Result<Generate, String> {
        let mut words = vec![
            "generate",
            "--algorithm",
            "binary-tree",
            "--width",
            "5",
            "--height",
            "4",
        ];
        words.extend_from_slice(extra);
        match read_words(&words)? {
            Command::Generate(job) => Ok(job),
            other => panic!("{words:?} read as {other:?}"),
        }
    }

    fn refusal(words: &[&str]) -> String {
        read_words(words).expect_err("refused")
    }

    /// The `--format` hints and every refusal of a format list the formats each command
    /// really writes, from the one list.
    #[test]
    fn format_hints_and_refusals_list_the_real_formats() {
        assert_eq!(FORMAT_GENERATE.hint, listed(&GENERATE_FORMATS));
        assert_eq!(FORMAT_SOLVE.hint, listed(&SOLVE_FORMATS));
        for (name, _) in SOLVE_FORMATS {
            assert!(format_named(name, false).is_ok(), "{name}");
        }
        for name in ["none", "world", "pdf"] {
            let e = format_named(name, false).unwrap_err();
            assert!(e.ends_with("use tiles, json, svg or graph"), "{e}");
        }
        let e = format_named("xml", true).unwrap_err();
        assert!(
            e.ends_with("use tiles, json, svg, graph, world or none"),
            "{e}"
        );
    }

    /// The `--shape` hint lists every shape the core knows, from its one list.
    #[test]
    fn the_shape_hint_lists_every_shape() {
        let names: Vec<&str> = Shape::ALL.iter().map(|shape| shape.name()).collect();
        let (last, rest) = names.split_last().unwrap();
        assert_eq!(SHAPE.hint, format!("{} or {last}", rest.join(", ")));
    }

    #[test]
    fn joined_and_separate_values_read_the_same() {
        let joined = read_options("generate", &["--seed=7".into()], GENERATE_OPTS).unwrap();
        let separate =
            read_options("generate", &["--seed".into(), "7".into()], GENERATE_OPTS).unwrap();
        assert_eq!(joined.values, separate.values);
        // Only the first `=` splits: the rest belongs to the value.
        let given = read_options("generate", &["--seed=1=2".into()], GENERATE_OPTS).unwrap();
        assert_eq!(given.get("--seed"), Some("1=2"));
    }

    #[test]
    fn a_double_dash_is_an_unknown_option_not_the_end_of_the_options() {
        let message = generate_words(&["--"]).unwrap_err();
        assert!(
            message.starts_with("unknown option '--' for generate"),
            "{message}"
        );
        let message = generate_words(&["--", "--seed", "1"]).unwrap_err();
        assert!(message.starts_with("unknown option '--' "), "{message}");
    }

    #[test]
    fn one_dash_words_are_quoted_as_typed() {
        for (word, quoted) in [("-w", "'-w'"), ("-abc", "'-abc'"), ("-ab=c", "'-ab'")] {
            let message = generate_words(&[word]).unwrap_err();
            assert!(
                message.starts_with(&format!("unknown option {quoted} ")),
                "{message}"
            );
        }
        // A lone dash is a stray word, as is anything else without a dash.
        let message = generate_words(&["-"]).unwrap_err();
        assert!(message.starts_with("unexpected argument '-' "), "{message}");
    }

    #[test]
    fn a_value_may_start_with_one_dash_but_not_two() {
        let message = refusal(&["generate", "--algorithm", "binary-tree", "--width", "-3"]);
        assert!(
            message.starts_with("width '-3' is not allowed"),
            "{message}"
        );
        let message = refusal(&["generate", "--algorithm", "--width", "5"]);
        assert!(
            message.starts_with("option --algorithm needs a value"),
            "{message}"
        );
        // Joined with `=`, anything is the value.
        let message = generate_words(&["--seed=--1"]).unwrap_err();
        assert!(
            message.starts_with("seed '--1' is not allowed"),
            "{message}"
        );
    }

    #[test]
    fn the_first_mistake_typed_is_the_one_reported() {
        let message = generate_words(&["--colour", "red", "--seed"]).unwrap_err();
        assert!(
            message.starts_with("unknown option '--colour'"),
            "{message}"
        );
        let message = generate_words(&["--seed", "--colour", "red"]).unwrap_err();
        assert!(
            message.starts_with("option --seed needs a value"),
            "{message}"
        );
        let message = generate_words(&["--seed", "1", "--seed", "x"]).unwrap_err();
        assert_eq!(message, "option --seed is given twice: give it once");
    }

    #[test]
    fn values_are_checked_in_a_fixed_order_whatever_the_typed_order() {
        // The generator is checked before the size, wherever each was typed.
        let message = refusal(&["generate", "--width", "0", "--algorithm", "mystery"]);
        assert!(
            message.starts_with("unknown generator 'mystery'"),
            "{message}"
        );
        let message = refusal(&["generate", "--height", "4", "--width", "0"]);
        assert!(
            message.starts_with("generate needs --algorithm"),
            "{message}"
        );
    }

    #[test]
    fn help_wins_over_anything_after_a_command() {
        for words in [
            &["generate", "--colour", "-h"][..],
            &["solve", "--help", "--seed"],
            &["stats", "extra", "--help"],
        ] {
            assert!(matches!(read_words(words), Ok(Command::Help)), "{words:?}");
        }
    }

    #[test]
    fn solve_fills_in_the_documented_defaults() {
        let Command::Solve(job) = read_words(&["solve", "--solver", "bfs"]).unwrap() else {
            panic!("not a solve command");
        };
        let size = (job.layout.empty.width(), job.layout.empty.height());
        assert_eq!(size, (DEFAULT_SIDE, DEFAULT_SIDE));
        assert_eq!((job.start, job.goal), ((0, 0), (9, 9)));
        assert_eq!(job.algorithm, default_generator().unwrap());
        assert_eq!(job.format, Format::Tiles);
        assert!(job.fresh_seed);
        assert_eq!(job.braid, 0.0);
    }

    #[test]
    fn a_fresh_seed_leaves_room_for_the_whole_run() {
        let job = generate_words(&["--count", "1000000"]).unwrap();
        assert!(job.fresh_seed);
        assert!(job.first_seed <= u64::MAX - 999_999);
        let given = generate_words(&["--seed", "3", "--count", "2"]).unwrap();
        assert_eq!((given.first_seed, given.fresh_seed), (3, false));
        let Command::Stats(job) = read_words(&[
            "stats",
            "--algorithm",
            "binary-tree",
            "--width",
            "2",
            "--height",
            "2",
            "--samples",
            "1000000",
        ])
        .unwrap() else {
            panic!("not a stats command");
        };
        assert!(job.fresh_seed);
        assert!(job.last_seed() >= job.first_seed);
    }
}
