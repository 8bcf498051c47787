//! `mazestep`: make mazes and solve them from a terminal.
//!
//! How it works:
//! 1. Read the command (`generate`, `solve`, `stats`, `list`, `help`, `--version`) and its
//!    `--name value`
//!    options by hand, so that every mistake gets exactly one line on stderr that names the bad
//!    value and says what is allowed, and exit status 2.
//! 2. Check every value before anything runs, using the same parsers ([`mazestep::parse`]) and
//!    registries ([`generators::ALL`], [`solvers::ALL`]) as the page, so all front ends accept the
//!    same text and offer the same algorithms.
//! 3. Make each maze with [`generators::generate_braided`] (braid 0 unless `--braid` is
//!    given) and solve it with [`solvers::solve`], then write it as tiles or JSON; or, for
//!    `stats`, measure many mazes with [`stats::measure`] and write their means and standard
//!    deviations.
//! 4. Treat a closed stdout (`mazestep generate ... | head -1`) as the reader having seen enough:
//!    stop quietly with status 0.
//!
//! Exit status: 0 done, 1 no path found (or stdout could not be written), 2 bad input.

use mazestep::export;
use mazestep::generators;
use mazestep::maze::{Maze, MAX_SIDE};
use mazestep::parse;
use mazestep::rng;
use mazestep::solvers::{self, Outcome, Report, SolveError};
use mazestep::stats::{self, Summary, STATISTICS};
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

/// Side used by `solve` when `--width` or `--height` is not given.
const DEFAULT_SIDE: u32 = 10;

/// The generator `solve` uses when `--algorithm` is not given, if it is registered; otherwise
/// the first registered generator.
const PREFERRED_GENERATOR: &str = "recursive-backtracker";

const USAGE: &str = "\
usage:
  mazestep generate --algorithm NAME --width W --height H [--seed S] [--count N]
                    [--braid P] [--format tiles|json|svg|none]
  mazestep solve --solver NAME [--algorithm NAME] [--width W] [--height H] [--seed S]
                 [--braid P] [--start X,Y] [--goal X,Y] [--format tiles|json|svg]
  mazestep stats --algorithm NAME --width W --height H --samples N [--seed S]
                 [--braid P] [--format text|json]
  mazestep list          names and summaries of all generators and solvers
  mazestep help          this text (also --help, -h)
  mazestep --version     the version

options:
  --algorithm NAME   generator (solve: recursive-backtracker if there is one, else the first listed)
  --solver NAME      path finder
  --width W          cells across, 1 to 4096 (solve: 10)
  --height H         cells down, 1 to 4096 (solve: 10)
  --seed S           0 to 18446744073709551615; without it a fresh seed is printed on stderr
  --count N          generate N mazes with seeds S, S+1, ..., S+N-1 (1 to 1000000)
  --samples N        stats: measure N mazes with seeds S, S+1, ..., S+N-1 (1 to 1000000)
  --braid P          remove a share P (0 to 1, e.g. 0.5) of the dead ends, adding loops
  --start X,Y        solve: start cell, zero-based (default 0,0)
  --goal X,Y         solve: goal cell (default: the bottom-right cell)
  --format F         tiles (default): # wall, . open, o path, S start, G goal;
                     json: one object per line; none: generate without output;
                     svg: a printable worksheet (generate: the maze with start top-left
                     and goal bottom-right; solve: with the solution drawn; one maze only);
                     stats: text (default) or json

exit status: 0 done, 1 no path found (the maze is still printed), 2 bad input.
";

/// Why the command stopped early.
#[derive(Debug)]
enum Failure {
    /// Bad input: one line on stderr, exit status 2. Nothing has been written to stdout.
    Usage(String),
    /// The solver found no path: the maze has been written; one line on stderr, exit status 1.
    NoPath(String),
    /// stdout could not be written.
    Write(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Write(e)
    }
}

fn main() -> ExitCode {
    let stdout = io::stdout();
    if !stdout_is_open() {
        // Rust's standard output quietly drops writes to a closed descriptor; say so instead.
        say("cannot write the output: standard output is closed");
        return ExitCode::from(1);
    }
    let mut out = io::BufWriter::new(stdout.lock());
    let result = run(std::env::args_os().skip(1).collect(), &mut out);
    // Whatever happened, what was written so far should reach the reader before any message.
    let flushed = out.flush();
    match (result, flushed) {
        (Err(Failure::Usage(message)), _) => {
            say(&message);
            ExitCode::from(2)
        }
        (Err(Failure::Write(e)), _) | (_, Err(e)) => {
            if e.kind() != io::ErrorKind::BrokenPipe {
                say(&format!("cannot write the output: {e}"));
                return ExitCode::from(1);
            }
            // The reader closed the pipe: it has all it wanted.
            ExitCode::SUCCESS
        }
        (Err(Failure::NoPath(message)), Ok(())) => {
            say(&message);
            ExitCode::from(1)
        }
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
    }
}

/// Whether standard output was open when the program started. Rust's runtime puts `/dev/null`
/// open for reading and writing on a descriptor that was closed (`mazestep generate ... >&-`),
/// so writes would vanish without an error; a shell's `>/dev/null` opens it write-only.
#[cfg(target_os = "linux")]
fn stdout_is_open() -> bool {
    let target = std::fs::read_link("/proc/self/fd/1");
    let flags = std::fs::read_to_string("/proc/self/fdinfo/1");
    let (Ok(target), Ok(flags)) = (target, flags) else {
        return true;
    };
    let read_write = flags
        .lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|octal| u32::from_str_radix(octal.trim(), 8).ok())
        .is_some_and(|flags| flags & 3 == 2);
    !(read_write && target == std::path::Path::new("/dev/null"))
}

#[cfg(not(target_os = "linux"))]
fn stdout_is_open() -> bool {
    true
}

/// Writes one line to stderr, prefixed with the program name. Control characters (a newline
/// inside a typed value) are escaped so the message stays one line. A failing stderr is
/// ignored: there is nowhere left to complain.
fn say(message: &str) {
    let _ = writeln!(io::stderr(), "mazestep: {}", parse::plain(message));
}

/// Runs one command line (without the program name), writing results to `out`.
fn run(args: Vec<OsString>, out: &mut impl Write) -> Result<(), Failure> {
    let args = utf8(args).map_err(Failure::Usage)?;
    let Some((command, rest)) = args.split_first() else {
        return Err(Failure::Usage(
            "missing command: use generate, solve, stats, list or help".to_string(),
        ));
    };
    match command.as_str() {
        "help" | "--help" | "-h" | "--version" | "-V" | "list" if !rest.is_empty() => {
            Err(Failure::Usage(format!(
                "unexpected argument {} for {command}: {command} takes no options",
                parse::quote(&rest[0])
            )))
        }
        "help" | "--help" | "-h" => Ok(out.write_all(usage().as_bytes())?),
        "--version" | "-V" => Ok(writeln!(out, "mazestep {}", env!("CARGO_PKG_VERSION"))?),
        "list" => Ok(out.write_all(list().as_bytes())?),
        "generate" | "solve" | "stats" => {
            if rest.iter().any(|a| a == "--help" || a == "-h") {
                return Ok(out.write_all(usage().as_bytes())?);
            }
            match command.as_str() {
                "generate" => {
                    let job = generate_job(rest).map_err(Failure::Usage)?;
                    run_generate(&job, out)
                }
                "solve" => {
                    let job = solve_job(rest).map_err(Failure::Usage)?;
                    run_solve(&job, out)
                }
                _ => {
                    let job = stats_job(rest).map_err(Failure::Usage)?;
                    run_stats(&job, out)
                }
            }
        }
        other => Err(Failure::Usage(format!(
            "unknown command {}: use generate, solve, stats, list or help",
            parse::quote(other)
        ))),
    }
}

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

/// The usage text with the names registered in this build.
fn usage() -> String {
    format!(
        "mazestep {}: maze generation and path finding\n\n{USAGE}\ngenerators: {}\nsolvers: {}\n",
        env!("CARGO_PKG_VERSION"),
        generators::names().join(", "),
        solvers::names().join(", ")
    )
}

/// The `list` text: every generator and solver with its one-line summary.
fn list() -> String {
    let width = generators::ALL
        .iter()
        .map(|e| e.info.name.len())
        .chain(solvers::ALL.iter().map(|e| e.info.name.len()))
        .max()
        .unwrap_or(0);
    let mut text = String::from("generators:\n");
    for entry in generators::ALL {
        let info = entry.info;
        text += &format!("  {:width$}  {}\n", info.name, info.summary);
    }
    text += "solvers:\n";
    for entry in solvers::ALL {
        let info = entry.info;
        text += &format!("  {:width$}  {}\n", info.name, info.summary);
    }
    text
}

/// One option a command accepts, and what its value may be (for "needs a value" messages).
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

/// The values given for a command's options, in the order of its option table.
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
fn read_options(
    command: &str,
    args: &[String],
    opts: &'static [&'static Opt],
) -> Result<Given, String> {
    let mut given = Given {
        values: vec![None; opts.len()],
        opts,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if !arg.starts_with('-') || arg == "-" {
            return Err(format!(
                "unexpected argument {} for {command}: give values after an option, e.g. --width 10",
                parse::quote(arg)
            ));
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (arg.as_str(), None),
        };
        let Some(slot) = opts.iter().position(|opt| opt.name == name) else {
            let names: Vec<&str> = opts.iter().map(|opt| opt.name).collect();
            return Err(format!(
                "unknown option {} for {command}: allowed are {}",
                parse::quote(name),
                names.join(", ")
            ));
        };
        let opt = opts[slot];
        let value = match inline {
            Some(value) => value,
            // A following option means this one's value was forgotten. A single dash may
            // start a (bad) number such as -3, which gets its own message when checked.
            None => match args.clone().next() {
                Some(next) if !next.starts_with("--") => {
                    args.next();
                    next.clone()
                }
                _ => return Err(format!("option {name} needs a value: {}", opt.hint)),
            },
        };
        if given.values[slot].is_some() {
            return Err(format!("option {name} is given twice: give it once"));
        }
        given.values[slot] = Some(value);
    }
    Ok(given)
}

/// How results are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Tiles,
    Json,
    Svg,
    None,
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

/// A checked `generate` command.
#[derive(Debug)]
struct GenerateJob {
    algorithm: &'static str,
    width: u32,
    height: u32,
    first_seed: u64,
    count: u64,
    braid: f64,
    format: Format,
}

fn generate_job(args: &[String]) -> Result<GenerateJob, String> {
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
    let first_seed = match seed {
        Some(seed) => {
            parse::last_seed(seed, count)?;
            seed
        }
        // A fresh seed leaves room for the whole run rather than refuse it.
        None => announce_seed(rng::fresh_seed().min(u64::MAX - (count - 1))),
    };
    Ok(GenerateJob {
        algorithm,
        width,
        height,
        first_seed,
        count,
        braid,
        format,
    })
}

/// The `--braid` share, 0 when not given.
fn braid(given: &Given) -> Result<f64, String> {
    given.get("--braid").map_or(Ok(0.0), parse::braid)
}

/// A checked `solve` command.
#[derive(Debug)]
struct SolveJob {
    solver: &'static str,
    algorithm: &'static str,
    width: u32,
    height: u32,
    seed: u64,
    braid: f64,
    start: (u32, u32),
    goal: (u32, u32),
    format: Format,
}

fn solve_job(args: &[String]) -> Result<SolveJob, String> {
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
    let start = match given.get("--start") {
        Some(text) => parse::point("start", text)?,
        None => (0, 0),
    };
    let goal = match given.get("--goal") {
        Some(text) => parse::point("goal", text)?,
        None => (width - 1, height - 1),
    };
    inside("start", start, width, height)?;
    inside("goal", goal, width, height)?;
    let format = format(given.get("--format").unwrap_or("tiles"), false)?;
    let seed = match seed {
        Some(seed) => seed,
        None => announce_seed(rng::fresh_seed()),
    };
    Ok(SolveJob {
        solver,
        algorithm,
        width,
        height,
        seed,
        braid,
        start,
        goal,
        format,
    })
}

/// A checked `stats` command.
#[derive(Debug)]
struct StatsJob {
    algorithm: &'static str,
    width: u32,
    height: u32,
    samples: u64,
    first_seed: u64,
    braid: f64,
    json: bool,
}

fn stats_job(args: &[String]) -> Result<StatsJob, String> {
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
    let first_seed = match seed {
        Some(seed) => {
            parse::last_seed(seed, samples).map_err(|_| {
                format!(
                    "seed {seed} with samples {samples} is not allowed: the seeds would pass {}; use a seed from 0 to {}",
                    u64::MAX,
                    u64::MAX - (samples - 1)
                )
            })?;
            seed
        }
        None => announce_seed(rng::fresh_seed().min(u64::MAX - (samples - 1))),
    };
    Ok(StatsJob {
        algorithm,
        width,
        height,
        samples,
        first_seed,
        braid,
        json,
    })
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

/// Prints a freshly chosen seed on stderr, so the maze can be made again, and returns it.
fn announce_seed(seed: u64) -> u64 {
    let _ = writeln!(io::stderr(), "seed: {seed}");
    seed
}

fn run_generate(job: &GenerateJob, out: &mut impl Write) -> Result<(), Failure> {
    for i in 0..job.count {
        let seed = job.first_seed + i;
        let maze =
            generators::generate_braided(job.algorithm, job.width, job.height, seed, job.braid)
                .map_err(|e| Failure::Usage(e.to_string()))?;
        match job.format {
            Format::Tiles => {
                out.write_all(maze.to_tile_text().as_bytes())?;
                out.write_all(b"\n")?;
            }
            Format::Json => {
                let mut line = maze_json(&maze, job.algorithm, seed, job.braid);
                line.push_str("}\n");
                out.write_all(line.as_bytes())?;
            }
            Format::Svg => {
                let title = export::sheet_title(
                    job.algorithm,
                    maze.width(),
                    maze.height(),
                    seed,
                    job.braid,
                );
                let sheet = export::Sheet {
                    start: Some(0),
                    goal: Some(maze.len() - 1),
                    path: None,
                    title: Some(&title),
                };
                out.write_all(export::svg(&maze, &sheet).as_bytes())?;
            }
            Format::None => {}
        }
    }
    Ok(())
}

fn run_solve(job: &SolveJob, out: &mut impl Write) -> Result<(), Failure> {
    let maze =
        generators::generate_braided(job.algorithm, job.width, job.height, job.seed, job.braid)
            .map_err(|e| Failure::Usage(e.to_string()))?;
    let report = solvers::solve(job.solver, &maze, job.start, job.goal)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    match job.format {
        Format::Json => {
            let line = solve_json(&maze, job, &report) + "\n";
            out.write_all(line.as_bytes())?;
        }
        Format::Svg => {
            let title = export::sheet_title(
                job.algorithm,
                maze.width(),
                maze.height(),
                job.seed,
                job.braid,
            );
            let sheet = export::Sheet {
                start: Some(maze.index(job.start.0, job.start.1)),
                goal: Some(maze.index(job.goal.0, job.goal.1)),
                path: report.outcome.path(),
                title: Some(&title),
            };
            out.write_all(export::svg(&maze, &sheet).as_bytes())?;
        }
        Format::Tiles | Format::None => {
            let start = maze.index(job.start.0, job.start.1);
            let goal = maze.index(job.goal.0, job.goal.1);
            let text = export::route_tiles(&maze, start, goal, report.outcome.path());
            out.write_all(text.as_bytes())?;
            out.write_all(b"\n")?;
        }
    }
    match no_path_message(job, &report.outcome) {
        Some(message) => Err(Failure::NoPath(message)),
        None => Ok(()),
    }
}

fn run_stats(job: &StatsJob, out: &mut impl Write) -> Result<(), Failure> {
    let mut summary = Summary::new();
    for i in 0..job.samples {
        let seed = job.first_seed + i;
        let maze =
            generators::generate_braided(job.algorithm, job.width, job.height, seed, job.braid)
                .map_err(|e| Failure::Usage(e.to_string()))?;
        summary.add(&stats::measure(&maze));
    }
    let text = if job.json {
        stats_json(job, &summary)
    } else {
        stats_text(job, &summary)
    };
    Ok(out.write_all(text.as_bytes())?)
}

/// The last seed of a `stats` job (checked when the job was read).
fn last_stats_seed(job: &StatsJob) -> u64 {
    job.first_seed + (job.samples - 1)
}

/// A table: one line per statistic with its mean and standard deviation.
fn stats_text(job: &StatsJob, summary: &Summary) -> String {
    let mut text = format!(
        "{} {}x{}, {} maze{} (seeds {} to {}), braid {}\n",
        job.algorithm,
        job.width,
        job.height,
        job.samples,
        if job.samples == 1 { "" } else { "s" },
        job.first_seed,
        last_stats_seed(job),
        job.braid
    );
    text += &format!("{:<20}{:>12}{:>12}\n", "statistic", "mean", "std dev");
    for (i, (key, label)) in STATISTICS.iter().enumerate() {
        // Shares are fractions: more decimals.
        let decimals = if *key == "dead_end_share" { 4 } else { 2 };
        let number = |value: Option<f64>| match value {
            Some(v) => format!("{v:.decimals$}"),
            None => "-".to_string(),
        };
        text += &format!(
            "{:<20}{:>12}{:>12}\n",
            label,
            number(summary.mean(i)),
            number(summary.std_dev(i))
        );
    }
    text
}

/// One JSON object: the job and, per statistic, its mean and standard deviation.
fn stats_json(job: &StatsJob, summary: &Summary) -> String {
    let number = |value: Option<f64>| value.map_or("null".to_string(), |v| v.to_string());
    let mut json = format!(
        "{{\"algorithm\":{},\"width\":{},\"height\":{},\"samples\":{},\"first_seed\":{},\"last_seed\":{},\"braid\":{},\"stats\":{{",
        json_string(job.algorithm),
        job.width,
        job.height,
        job.samples,
        job.first_seed,
        last_stats_seed(job),
        job.braid
    );
    for (i, (key, _)) in STATISTICS.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&format!(
            "{}:{{\"mean\":{},\"std_dev\":{}}}",
            json_string(key),
            number(summary.mean(i)),
            number(summary.std_dev(i))
        ));
    }
    json.push_str("}}\n");
    json
}

/// The one-line message for a search that did not reach the goal, or `None` if it did.
fn no_path_message(job: &SolveJob, outcome: &Outcome) -> Option<String> {
    let (sx, sy) = job.start;
    let (gx, gy) = job.goal;
    match outcome {
        Outcome::Found(_) => None,
        Outcome::Unreachable => Some(format!(
            "no path: {} searched everything reachable from {sx},{sy} without reaching {gx},{gy}",
            job.solver
        )),
        Outcome::GaveUp { reason, .. } => Some(format!(
            "no path: {} gave up before reaching {gx},{gy}: {reason}",
            job.solver
        )),
    }
}

/// The opening of a maze's JSON object, without the closing brace, so `solve` can add fields.
/// A braid share above 0 is included, so the object says how to make the maze again.
fn maze_json(maze: &Maze, algorithm: &str, seed: u64, braid: f64) -> String {
    let mut json = String::with_capacity(80 + 3 * maze.len());
    json.push_str(&format!(
        "{{\"width\":{},\"height\":{},\"algorithm\":{},\"seed\":{seed},",
        maze.width(),
        maze.height(),
        json_string(algorithm)
    ));
    if braid > 0.0 {
        json.push_str(&format!("\"braid\":{braid},"));
    }
    json.push_str("\"cells\":[");
    for (i, bits) in maze.cells().iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&bits.to_string());
    }
    json.push(']');
    json
}

fn solve_json(maze: &Maze, job: &SolveJob, report: &Report) -> String {
    let mut json = maze_json(maze, job.algorithm, job.seed, job.braid);
    let point = |(x, y): (u32, u32)| format!("[{x},{y}]");
    json.push_str(&format!(
        ",\"solver\":{},\"start\":{},\"goal\":{},\"path\":",
        json_string(job.solver),
        point(job.start),
        point(job.goal)
    ));
    match report.outcome.path() {
        Some(path) => {
            json.push('[');
            for (i, &cell) in path.iter().enumerate() {
                if i > 0 {
                    json.push(',');
                }
                json.push_str(&point(maze.coords(cell)));
            }
            json.push(']');
        }
        None => json.push_str("null"),
    }
    let (outcome, reason) = match &report.outcome {
        Outcome::Found(_) => ("found", None),
        Outcome::Unreachable => ("unreachable", None),
        Outcome::GaveUp { reason, .. } => ("gave-up", Some(*reason)),
    };
    json.push_str(&format!(
        ",\"visited\":{},\"steps\":{},\"outcome\":{},\"reason\":{}}}",
        report.visited,
        report.steps,
        json_string(outcome),
        reason.map_or("null".to_string(), json_string)
    ));
    json
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
fn json_string(text: &str) -> String {
    let mut json = String::with_capacity(text.len() + 2);
    json.push('"');
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            '\n' => json.push_str("\\n"),
            '\r' => json.push_str("\\r"),
            '\t' => json.push_str("\\t"),
            c if u32::from(c) < 0x20 => json.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => json.push(c),
        }
    }
    json.push('"');
    json
}

// MAX_SIDE is spelled out in the option hints above; keep them honest.
const _: () = assert!(MAX_SIDE == 4096 && parse::MAX_COUNT == 1_000_000);

// Host only: these tests use serde_json, a host-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use mazestep::maze::{E, W};

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("bfs"), "\"bfs\"");
        assert_eq!(
            json_string("a\"b\\c\nd\te\u{1}é"),
            "\"a\\\"b\\\\c\\nd\\te\\u0001é\""
        );
    }

    fn job(start: (u32, u32), goal: (u32, u32)) -> SolveJob {
        SolveJob {
            solver: "bfs",
            algorithm: "binary-tree",
            width: 3,
            height: 1,
            seed: 7,
            braid: 0.0,
            start,
            goal,
            format: Format::Tiles,
        }
    }

    #[test]
    fn an_unreachable_goal_shows_start_and_goal_and_no_route() {
        // Three cells in a row; only the first two are joined, so the third is cut off.
        let maze = Maze::from_cells(3, 1, vec![E, W, 0]).unwrap();
        let job = job((0, 0), (2, 0));
        let report = solvers::solve("bfs", &maze, job.start, job.goal).unwrap();
        assert_eq!(report.outcome, Outcome::Unreachable);
        let tiles = export::route_tiles(&maze, 0, 2, report.outcome.path());
        assert_eq!(tiles, "#######\n#S..#G#\n#######\n");
        let message = no_path_message(&job, &report.outcome).unwrap();
        assert!(
            message.contains("0,0") && message.contains("2,0"),
            "{message}"
        );
        let json = solve_json(&maze, &job, &report);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["path"], serde_json::Value::Null);
        assert_eq!(value["outcome"], "unreachable");
    }

    #[test]
    fn a_found_route_is_drawn_through_its_passages() {
        let maze = Maze::from_cells(3, 1, vec![E, E | W, W]).unwrap();
        let job = job((0, 0), (2, 0));
        let report = solvers::solve("bfs", &maze, job.start, job.goal).unwrap();
        let tiles = export::route_tiles(&maze, 0, 2, report.outcome.path());
        assert_eq!(tiles, "#######\n#SoooG#\n#######\n");
        assert_eq!(no_path_message(&job, &report.outcome), None);
    }

    #[test]
    fn start_wins_when_it_is_the_goal() {
        let maze = Maze::from_cells(1, 1, vec![0]).unwrap();
        let tiles = export::route_tiles(&maze, 0, 0, Some(&[0]));
        assert_eq!(tiles, "###\n#S#\n###\n");
    }

    #[test]
    fn a_failing_writer_stops_the_run() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let args = [
            "generate",
            "--algorithm",
            "binary-tree",
            "--width",
            "3",
            "--height",
            "3",
        ]
        .iter()
        .chain(&["--seed", "1", "--count", "5"])
        .map(OsString::from)
        .collect();
        match run(args, &mut Closed) {
            Err(Failure::Write(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("expected a write failure, got {other:?}"),
        }
    }
}
