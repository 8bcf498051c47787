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
//! the order they were typed. The values are then checked with the same parsers
//! ([`mazestep::parse`]) and registries ([`generators::ALL`], [`solvers::ALL`]) as the page, in
//! a fixed order (the generator before the size, and so on), so which bad value is reported
//! does not depend on where it was typed.

use lexopt::Arg;
use mazestep::generators;
use mazestep::maze::MAX_SIDE;
use mazestep::parse;
use mazestep::rng;
use mazestep::solvers::{self, SolveError};
use std::ffi::OsString;

/// Side used by `solve` when `--width` or `--height` is not given.
const DEFAULT_SIDE: u32 = 10;

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
    /// Nothing at all: for timing `generate`. Refused for `solve`.
    None,
}

/// A checked `generate` command.
#[derive(Debug)]
pub struct Generate {
    pub algorithm: &'static str,
    pub width: u32,
    pub height: u32,
    pub first_seed: u64,
    /// The first seed was chosen here, not given: it must be printed so the mazes can be
    /// made again.
    pub fresh_seed: bool,
    pub count: u64,
    pub braid: f64,
    pub format: Format,
}

/// A checked `solve` command.
#[derive(Debug)]
pub struct Solve {
    pub solver: &'static str,
    pub algorithm: &'static str,
    pub width: u32,
    pub height: u32,
    pub seed: u64,
    /// As for [`Generate::fresh_seed`].
    pub fresh_seed: bool,
    pub braid: f64,
    pub start: (u32, u32),
    pub goal: (u32, u32),
    /// Never [`Format::None`].
    pub format: Format,
}

/// A checked `stats` command.
#[derive(Debug)]
pub struct Stats {
    pub algorithm: &'static str,
    pub width: u32,
    pub height: u32,
    pub samples: u64,
    pub first_seed: u64,
    /// As for [`Generate::fresh_seed`].
    pub fresh_seed: bool,
    pub braid: f64,
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
    hint: "a cell as X,Y, e.g. 0,0",
};
const GOAL: Opt = Opt {
    name: "--goal",
    hint: "a cell as X,Y, e.g. 9,9",
};
const FORMAT_GENERATE: Opt = Opt {
    name: "--format",
    hint: "tiles, json, svg or none",
};
const FORMAT_SOLVE: Opt = Opt {
    name: "--format",
    hint: "tiles, json or svg",
};
const FORMAT_STATS: Opt = Opt {
    name: "--format",
    hint: "text or json",
};
const BRAID: Opt = Opt {
    name: "--braid",
    hint: "a number from 0 to 1, e.g. 0.5",
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
    &WIDTH,
    &HEIGHT,
    &SEED,
    &COUNT,
    &BRAID,
    &FORMAT_GENERATE,
];
const SOLVE_OPTS: &[&Opt] = &[
    &SOLVER,
    &ALGORITHM,
    &WIDTH,
    &HEIGHT,
    &SEED,
    &BRAID,
    &START,
    &GOAL,
    &FORMAT_SOLVE,
];
const STATS_OPTS: &[&Opt] = &[
    &ALGORITHM,
    &WIDTH,
    &HEIGHT,
    &SAMPLES,
    &SEED,
    &BRAID,
    &FORMAT_STATS,
];

/// The values given for a command's options, in the order of its option table, unchecked.
#[derive(Debug)]
struct Given {
    values: Vec<Option<String>>,
    opts: &'static [&'static Opt],
}

impl Given {
    fn get(&self, name: &str) -> Option<&str> {
        let i = self.opts.iter().position(|opt| opt.name == name)?;
        self.values[i].as_deref()
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
        if given.values[slot].is_some() {
            return Err(format!("option {name} is given twice: give it once"));
        }
        given.values[slot] = Some(value);
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
    let width = parse::side("width", given.required("generate", &WIDTH)?)?;
    let height = parse::side("height", given.required("generate", &HEIGHT)?)?;
    let seed = given.get("--seed").map(parse::seed).transpose()?;
    let count = given.get("--count").map(parse::count).transpose()?;
    let count = count.unwrap_or(1);
    let braid = braid(&given)?;
    let format = format(given.get("--format").unwrap_or("tiles"), true)?;
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
        width,
        height,
        first_seed,
        fresh_seed,
        count,
        braid,
        format,
    })
}

fn solve(args: &[String]) -> Result<Solve, String> {
    let given = read_options("solve", args, SOLVE_OPTS)?;
    let solver = solvers::find(given.required("solve", &SOLVER)?.trim())
        .map_err(|e| e.to_string())?
        .info
        .name;
    let algorithm = match given.get("--algorithm") {
        Some(name) => generator_name(name)?,
        None => default_generator()?,
    };
    let side = |what: &str, opt: &str| match given.get(opt) {
        Some(text) => parse::side(what, text),
        None => Ok(DEFAULT_SIDE),
    };
    let width = side("width", "--width")?;
    let height = side("height", "--height")?;
    let seed = given.get("--seed").map(parse::seed).transpose()?;
    let braid = braid(&given)?;
    let (start, goal) = mazestep::run::default_ends(width, height);
    let start = match given.get("--start") {
        Some(text) => parse::point("start", text)?,
        None => start,
    };
    let goal = match given.get("--goal") {
        Some(text) => parse::point("goal", text)?,
        None => goal,
    };
    inside("start", start, width, height)?;
    inside("goal", goal, width, height)?;
    let format = format(given.get("--format").unwrap_or("tiles"), false)?;
    Ok(Solve {
        solver,
        algorithm,
        width,
        height,
        seed: seed.unwrap_or_else(rng::fresh_seed),
        fresh_seed: seed.is_none(),
        braid,
        start,
        goal,
        format,
    })
}

fn stats(args: &[String]) -> Result<Stats, String> {
    let given = read_options("stats", args, STATS_OPTS)?;
    let algorithm = generator_name(given.required("stats", &ALGORITHM)?)?;
    let width = parse::side("width", given.required("stats", &WIDTH)?)?;
    let height = parse::side("height", given.required("stats", &HEIGHT)?)?;
    let samples = parse::samples(given.required("stats", &SAMPLES)?)?;
    let seed = given.get("--seed").map(parse::seed).transpose()?;
    let braid = braid(&given)?;
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
        samples,
        first_seed,
        fresh_seed,
        braid,
        json,
    })
}

fn format(text: &str, allow_none: bool) -> Result<Format, String> {
    match (text.trim(), allow_none) {
        ("tiles", _) => Ok(Format::Tiles),
        ("json", _) => Ok(Format::Json),
        ("svg", _) => Ok(Format::Svg),
        ("none", true) => Ok(Format::None),
        ("none", false) => Err(
            "format 'none' is not allowed for solve: use tiles, json or svg (none is for timing generate)"
                .to_string(),
        ),
        (other, true) => Err(format!(
            "format {} is not allowed: use tiles, json, svg or none",
            parse::quote(other)
        )),
        (other, false) => Err(format!(
            "format {} is not allowed: use tiles, json or svg",
            parse::quote(other)
        )),
    }
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

/// Checks a point against the maze size before the maze is made, with the solver's message.
fn inside(what: &'static str, (x, y): (u32, u32), width: u32, height: u32) -> Result<(), String> {
    if x < width && y < height {
        Ok(())
    } else {
        Err(SolveError::OutsideMaze {
            what,
            x,
            y,
            width,
            height,
        }
        .to_string())
    }
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
        assert_eq!((job.width, job.height), (DEFAULT_SIDE, DEFAULT_SIDE));
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
