//! Every generator and solver that works on any grid, on each shape at about a million cells:
//! time per cell against the square grid's.
//!
//! `cargo bench --bench shapes -- --cells 1000000 --reps 5 --only prim` (all optional):
//! - `--cells N`: about how many cells each grid has (default 1 000 000): square, hex and
//!   triangle grids of √N × √N, a polar grid of as many rings as stay within N cells;
//! - `--reps N`: repetitions (default 5); the table shows the fastest and the median;
//! - `--only NAME`: only that generator or solver (repeatable).
//!
//! Generators run to the end with the display and the journal off, as `mazestep generate`
//! does. Solvers search a recursive-backtracker maze of each shape from its default start to
//! its default goal, as `mazestep solve` does, timed per cell they visit ("cells" is then the
//! cells visited) and per step of the search. "× square" is the time per cell over the square
//! grid's, for the same algorithm.
//!
//! Generators also get a time per step ("ns/step", "step ×"): the machine's steps, counted
//! once, untimed, by running the same generator with [`run_to_end`] (as `generate_on` does).
//! A random walk takes as many steps as the graph's cover time needs, which differs from shape
//! to shape; per step shows what each move costs, apart from how many moves the shape needs.
//! Shapes a generator does not work on (see [`generators::Entry::works_on`]) are skipped.

use mazestep::board::Board;
use mazestep::generators;
use mazestep::machine::run_to_end;
use mazestep::maze::Maze;
use mazestep::rng::Rng;
use mazestep::run::default_ends_of;
use mazestep::solvers;
use mazestep::topology::{Grid, Shape, Topology};
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const SEED: u64 = 2024;

/// A grid of `shape` with about `cells` cells.
fn grid_of(shape: Shape, cells: usize) -> Grid {
    if shape == Shape::Polar {
        let rings = (1..=4096)
            .take_while(|&r| Grid::new(Shape::Polar, 1, r).is_ok_and(|g| g.len() <= cells))
            .last()
            .unwrap_or(1);
        return Grid::new(Shape::Polar, 1, rings).expect("fits");
    }
    let side = ((cells as f64).sqrt().round() as u32).clamp(1, 4096);
    Grid::new(shape, side, side).expect("fits")
}

/// The steps the named generator takes to make a maze from `empty` with [`SEED`]: the same
/// machine, board and random numbers as [`generators::generate_on`] (braid 0).
fn steps_of(name: &str, empty: &Maze) -> u64 {
    let mut machine = generators::create(name, empty).expect("registered");
    let mut board = Board::new(generators::starting_maze(machine.as_ref(), empty.clone()));
    board.set_display(false);
    run_to_end(machine.as_mut(), &mut board, &mut Rng::new(SEED))
}

fn measure(reps: usize, mut work: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let began = Instant::now();
            work();
            began.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[times.len() / 2])
}

fn main() -> ExitCode {
    let (mut cells, mut reps, mut only) = (1_000_000usize, 5usize, Vec::<String>::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        match (arg.as_str(), value.as_deref().map(str::parse::<usize>)) {
            ("--cells", Some(Ok(n))) if n > 0 => cells = n,
            ("--reps", Some(Ok(n))) if n > 0 => reps = n,
            ("--only", _) if value.is_some() => only.extend(value),
            // cargo bench passes --bench to every bench binary.
            ("--bench", _) => {}
            _ => {
                eprintln!("shapes bench: use --cells N --reps N --only NAME");
                return ExitCode::FAILURE;
            }
        }
    }
    let wants = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let grids: Vec<Grid> = Shape::ALL.iter().map(|&s| grid_of(s, cells)).collect();
    println!(
        "{:<26} {:<9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10} {:>9} {:>9}",
        "algorithm",
        "shape",
        "cells",
        "min ms",
        "med ms",
        "ns/cell",
        "× square",
        "steps",
        "ns/step",
        "step ×"
    );
    for entry in generators::ALL
        .iter()
        .filter(|e| e.any_shape && wants(e.info.name))
    {
        let (mut square_per_cell, mut square_per_step) = (None, None);
        for grid in grids.iter().filter(|g| entry.works_on(g.shape())) {
            let empty = Maze::on_grid(grid.clone());
            let (min, med) = measure(reps, || {
                let maze = generators::generate_on(entry.info.name, empty.clone(), SEED, 0.0);
                black_box(maze.expect("any-shape generator"));
            });
            let per_cell = min.as_secs_f64() * 1e9 / grid.len() as f64;
            let base = *square_per_cell.get_or_insert(per_cell);
            let steps = steps_of(entry.info.name, &empty).max(1);
            let per_step = min.as_secs_f64() * 1e9 / steps as f64;
            let step_base = *square_per_step.get_or_insert(per_step);
            println!(
                "{:<26} {:<9} {:>9} {:>9.2} {:>9.2} {:>9.1} {:>9.2} {:>10} {:>9.1} {:>9.2}",
                entry.info.name,
                grid.shape().name(),
                grid.len(),
                min.as_secs_f64() * 1e3,
                med.as_secs_f64() * 1e3,
                per_cell,
                per_cell / base,
                steps,
                per_step,
                per_step / step_base
            );
        }
    }
    let solvers: Vec<_> = solvers::ALL
        .iter()
        .filter(|e| e.any_shape && wants(e.info.name))
        .collect();
    if solvers.is_empty() {
        return ExitCode::SUCCESS;
    }
    let mazes: Vec<Maze> = grids
        .iter()
        .map(|grid| {
            let empty = Maze::on_grid(grid.clone());
            generators::generate_on("recursive-backtracker", empty, SEED, 0.0).expect("made")
        })
        .collect();
    for entry in solvers {
        let (mut square_per_cell, mut square_per_step) = (None, None);
        for maze in &mazes {
            let (start, goal) = default_ends_of(maze);
            let (mut visited, mut steps) = (1, 1);
            let (min, med) = measure(reps, || {
                let report = solvers::solve(entry.info.name, maze, start, goal);
                let report = black_box(report.expect("valid ends"));
                (visited, steps) = (report.visited.max(1), report.steps.max(1));
            });
            // Per cell visited: where the goal lies decides how much of each maze is searched.
            // Per step too: a wall follower walks each dead end twice, so its steps per cell
            // visited depend on the maze.
            let per_cell = min.as_secs_f64() * 1e9 / visited as f64;
            let base = *square_per_cell.get_or_insert(per_cell);
            let per_step = min.as_secs_f64() * 1e9 / steps as f64;
            let step_base = *square_per_step.get_or_insert(per_step);
            println!(
                "{:<26} {:<9} {:>9} {:>9.2} {:>9.2} {:>9.1} {:>9.2} {:>10} {:>9.1} {:>9.2}",
                format!("{} (solve)", entry.info.name),
                maze.shape().name(),
                visited,
                min.as_secs_f64() * 1e3,
                med.as_secs_f64() * 1e3,
                per_cell,
                per_cell / base,
                steps,
                per_step,
                per_step / step_base
            );
        }
    }
    ExitCode::SUCCESS
}
