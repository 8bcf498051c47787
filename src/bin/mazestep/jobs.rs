//! What each command does: makes its mazes with the core ([`generators::generate_braided`] on
//! the plain square grid, [`generators::generate_on`] on any other; braid 0 unless `--braid`
//! is given), solves or measures them ([`solvers::solve`], [`stats::measure`]), and hands them
//! to [`crate::output`] to be written.

use crate::options::{cell_place, Command, Format, Generate, Layout, Solve, Stats};
use crate::output;
use crate::Failure;
use mazestep::generators;
use mazestep::maze::Maze;
use mazestep::run::{default_ends_of, Ends, Run, Settings};
use mazestep::solvers::{self, Report};
use mazestep::stats::{self, Summary};
use mazestep::world::{self, Search};
use std::io::Write;
use std::sync::Arc;

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

/// The maze a command asks for. The options were checked by the core's rules
/// (`Settings::check`), so a refusal here would be a bug; it is still reported rather than
/// hidden.
fn make(
    algorithm: &str,
    layout: &Layout,
    seed: u64,
    braid: f64,
    options: generators::Options,
) -> Result<Maze, Failure> {
    let empty = &layout.empty;
    let made = if options != generators::Options::default() {
        generators::generate_with(algorithm, empty.clone(), seed, braid, &options)
    } else if layout.is_plain() {
        // Made afresh rather than copied: the same maze, without copying the empty one.
        generators::generate_braided(algorithm, empty.width(), empty.height(), seed, braid)
    } else {
        generators::generate_on(algorithm, empty.clone(), seed, braid)
    };
    made.map_err(|e| Failure::Usage(e.to_string()))
}

/// A generator's options as a command gives them.
fn options_of(density: f64, rule: generators::Rule) -> generators::Options {
    generators::Options { density, rule }
}

fn generate(job: &Generate, out: &mut impl Write) -> Result<(), Failure> {
    if job.fresh_seed {
        output::announce_seed(job.first_seed);
    }
    for i in 0..job.count {
        let seed = job.first_seed + i;
        let maze = make(
            job.algorithm,
            &job.layout,
            seed,
            job.braid,
            options_of(job.density, job.rule),
        )?;
        match job.format {
            Format::Tiles => output::tiles(&maze, out)?,
            Format::Graph => output::graph_line(&maze, job.algorithm, seed, job.braid, out)?,
            Format::Json => output::maze_json_line(&maze, job.algorithm, seed, job.braid, out)?,
            Format::Svg => output::worksheet(&maze, job.algorithm, seed, job.braid, out)?,
            Format::World => {
                // The default ends, where `solve` starts and ends without --start and --goal.
                let (start, goal) = default_ends_of(&maze);
                let at = |(x, y)| Some(maze.index(x, y));
                out.write_all(world::text::to_text(&maze, at(start), at(goal)).as_bytes())?;
            }
            Format::None => {}
        }
    }
    Ok(())
}

fn solve(job: &Solve, out: &mut impl Write) -> Result<(), Failure> {
    if job.fresh_seed {
        output::announce_seed(job.seed);
    }
    let open_world = generators::find(job.algorithm).is_ok_and(|entry| !entry.perfect);
    let several = !(job.other_goals.is_empty() && job.via.is_empty());
    // Exits and the hardest ends need the run: it tells the walkers of the gaps, and places
    // the hardest pair on the maze made. Several goals and waypoints need it too.
    let placed_by_run = job.start_exit.is_some()
        || job.goal_exit.is_some()
        || (job.ends == Ends::Hardest && !(job.given.0 && job.given.1));
    let placed;
    let (job, maze, report) = if placed_by_run {
        let (maze, report, (start_cell, goal_cell)) = solve_in_world(job)?;
        placed = Solve {
            start: cell_place(&maze, start_cell),
            goal: cell_place(&maze, goal_cell),
            start_cell,
            goal_cell,
            ..job.clone()
        };
        (&placed, maze, report)
    } else if job.world.is_some() || open_world || several || job.search != Search::default() {
        let (maze, report, _) = solve_in_world(job)?;
        (job, maze, report)
    } else {
        let maze = make(
            job.algorithm,
            &job.layout,
            job.seed,
            job.braid,
            options_of(job.density, job.rule),
        )?;
        let report = solvers::solve(job.solver, &maze, job.start, job.goal)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        (job, maze, report)
    };
    match job.format {
        Format::Json => output::solve_json_line(&maze, job, &report, out)?,
        Format::Svg => output::answer_sheet(&maze, job, &report, out)?,
        Format::Graph => output::solve_graph_line(&maze, job, &report, out)?,
        // None and World never get here: they are refused for solve when the options are read.
        Format::Tiles | Format::None | Format::World => {
            output::route_tiles(&maze, job, &report, out)?
        }
    }
    match output::no_path_message(job, &report.outcome) {
        Some(message) => Err(Failure::NoPath(message)),
        None => Ok(()),
    }
}

/// Solves the way the page's runs do: the world file's cells (or an open world's obstacles)
/// in the maze, the start and goal freed if blocked, and the search options. Returns the
/// world searched, the report and the cells of the ends it searched between.
fn solve_in_world(job: &Solve) -> Result<(Maze, Report, (usize, usize)), Failure> {
    let layout = &job.layout;
    let mut settings = Settings::new(
        job.algorithm,
        layout.empty.width(),
        layout.empty.height(),
        job.seed,
    )
    .with_shape(layout.shape)
    .with_solver(job.solver)
    .with_braid(job.braid)
    .with_density(job.density)
    .with_rule(job.rule)
    .with_search(job.search);
    settings.mask = layout.mask.clone();
    settings.edits = job.world.as_ref().map(|(_, edits)| Arc::new(edits.clone()));
    // The ends given stay; the others the preset places (the hardest on the maze made).
    settings.start = (job.given.0 && job.start_exit.is_none()).then_some(job.start);
    settings.goal = (job.given.1 && job.goal_exit.is_none()).then_some(job.goal);
    if !job.given.0 && !job.given.1 && job.ends != Ends::Hardest {
        (settings.start, settings.goal) = (Some(job.start), Some(job.goal));
    }
    (settings.start_exit, settings.goal_exit) = (job.start_exit, job.goal_exit);
    settings.ends = job.ends;
    settings.other_goals = job.other_goals.clone();
    settings.via = job.via.clone();
    let mut run = Run::new(settings).map_err(|e| Failure::Usage(e.to_string()))?;
    run.finish();
    let report = run
        .report()
        .ok_or_else(|| Failure::Usage("the search did not run".to_string()))?;
    Ok((run.maze().clone(), report, (run.start(), run.goal())))
}

fn stats(job: &Stats, out: &mut impl Write) -> Result<(), Failure> {
    if job.fresh_seed {
        output::announce_seed(job.first_seed);
    }
    let mut summary = Summary::new();
    for i in 0..job.samples {
        let seed = job.first_seed + i;
        let maze = make(
            job.algorithm,
            &job.layout,
            seed,
            job.braid,
            options_of(job.density, job.rule),
        )?;
        summary.add(&stats::measure(&maze));
    }
    let text = if job.json {
        output::stats_json(job, &summary)
    } else {
        output::stats_text(job, &summary)
    };
    Ok(out.write_all(text.as_bytes())?)
}
