//! What each command does: makes its mazes with the core ([`generators::generate_braided`] on
//! the plain square grid, [`generators::generate_on`] on any other; braid 0 unless `--braid`
//! is given), solves or measures them ([`solvers::solve`], [`stats::measure`]), and hands them
//! to [`crate::output`] to be written.

use crate::options::{Command, Format, Generate, Layout, Solve, Stats};
use crate::output;
use crate::Failure;
use mazestep::generators;
use mazestep::maze::Maze;
use mazestep::solvers;
use mazestep::stats::{self, Summary};
use std::io::Write;

/// Carries out a checked command, writing its results to `out`.
pub fn run(command: &Command, out: &mut impl Write) -> Result<(), Failure> {
    match command {
        Command::Help => Ok(out.write_all(output::usage().as_bytes())?),
        Command::Version => Ok(writeln!(out, "mazestep {}", env!("CARGO_PKG_VERSION"))?),
        Command::List => Ok(out.write_all(output::list().as_bytes())?),
        Command::Generate(job) => generate(job, out),
        Command::Solve(job) => solve(job, out),
        Command::Stats(job) => stats(job, out),
    }
}

/// The maze a command asks for. The options were checked against the same rules the core
/// applies, so a refusal here would be a bug; it is still reported rather than hidden.
fn make(algorithm: &str, layout: &Layout, seed: u64, braid: f64) -> Result<Maze, Failure> {
    let empty = &layout.empty;
    let made = if layout.is_plain() {
        // Made afresh rather than copied: the same maze, without copying the empty one.
        generators::generate_braided(algorithm, empty.width(), empty.height(), seed, braid)
    } else {
        generators::generate_on(algorithm, empty.clone(), seed, braid)
    };
    made.map_err(|e| Failure::Usage(e.to_string()))
}

fn generate(job: &Generate, out: &mut impl Write) -> Result<(), Failure> {
    if job.fresh_seed {
        output::announce_seed(job.first_seed);
    }
    for i in 0..job.count {
        let seed = job.first_seed + i;
        let maze = make(job.algorithm, &job.layout, seed, job.braid)?;
        match job.format {
            Format::Tiles => output::tiles(&maze, out)?,
            Format::Graph => output::graph_line(&maze, job.algorithm, seed, job.braid, out)?,
            Format::Json => output::maze_json_line(&maze, job.algorithm, seed, job.braid, out)?,
            Format::Svg => output::worksheet(&maze, job.algorithm, seed, job.braid, out)?,
            Format::None => {}
        }
    }
    Ok(())
}

fn solve(job: &Solve, out: &mut impl Write) -> Result<(), Failure> {
    if job.fresh_seed {
        output::announce_seed(job.seed);
    }
    let maze = make(job.algorithm, &job.layout, job.seed, job.braid)?;
    let report = solvers::solve(job.solver, &maze, job.start, job.goal)
        .map_err(|e| Failure::Usage(e.to_string()))?;
    match job.format {
        Format::Json => output::solve_json_line(&maze, job, &report, out)?,
        Format::Svg => output::answer_sheet(&maze, job, &report, out)?,
        Format::Graph => output::solve_graph_line(&maze, job, &report, out)?,
        // None never gets here: it is refused for solve when the options are read.
        Format::Tiles | Format::None => output::route_tiles(&maze, job, &report, out)?,
    }
    match output::no_path_message(job, &report.outcome) {
        Some(message) => Err(Failure::NoPath(message)),
        None => Ok(()),
    }
}

fn stats(job: &Stats, out: &mut impl Write) -> Result<(), Failure> {
    if job.fresh_seed {
        output::announce_seed(job.first_seed);
    }
    let mut summary = Summary::new();
    for i in 0..job.samples {
        let seed = job.first_seed + i;
        let maze = make(job.algorithm, &job.layout, seed, job.braid)?;
        summary.add(&stats::measure(&maze));
    }
    let text = if job.json {
        output::stats_json(job, &summary)
    } else {
        output::stats_text(job, &summary)
    };
    Ok(out.write_all(text.as_bytes())?)
}
