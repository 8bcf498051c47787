//! Timings of every registered generator and solver, printed as a table.
//!
//! `cargo bench` runs it (release profile); options go after `--`, e.g.
//! `cargo bench -- --sizes 250,500,1000 --reps 5 --only kruskal`:
//! - `--sizes 250,500,1000,2000`: square maze sides to measure (default 1000);
//! - `--reps N`: repetitions per measurement (default 7); the table shows min and median;
//! - `--only NAME`: only the generator or solver with that name (repeatable).
//!
//! For each generator four things are timed:
//! - "min/med ms": running to the end with the journal and display layers off, as
//!   `generators::generate` does;
//! - "shown ms": running to the end with the display layers on, as the page's
//!   whole-run-in-one-frame does;
//! - "step": one `Machine::step` call per step with the journal on, cleared after every
//!   step: the cost of the steps themselves when the page animates. Each step is read as a
//!   caller reads it, field by field (its line and the cells it changed); copying it whole
//!   into `black_box` made the harness wait for the step's just-written bytes (a failed
//!   store-to-load forward): 11.7 against 10.2 ms for Binary Tree. "ratio" is this over
//!   "shown" (the same display work, so the cost of one call per step); "ratio bare" is over
//!   the bare run;
//! - "page ms": the page's whole path, a `Run` advanced 256 steps per call, which also
//!   collects each batch's changed cells for redrawing; "page/shown" is this over "shown";
//! - "steps/cell": how many steps the generator takes per cell (more than one for the random
//!   walks, whose walks grow longer per cell as the maze grows), and "ns/step": the fastest
//!   run's time per step. A generator whose time per cell grows with the maze while its
//!   time per step does not is doing more work per cell, not doing it slower.
//!
//! After the generators, "floor: sweep" is a stand-in machine that does next to nothing per
//! step, measured the same way: the price of a `step` call with its change records, the floor
//! under every generator's "step" column (`--only floor` for it alone).
//!
//! Solvers run on a SideWinder maze of each size, from the top-left to the bottom-right cell.

use mazestep::board::{mark, Board};
use mazestep::generators;
use mazestep::machine::{run_to_end, step_to_end_local, Event, Info, Line, Machine, Step};
use mazestep::maze::{Direction, Maze};
use mazestep::rng::Rng;
use mazestep::run::{Run, Settings};
use mazestep::solvers;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const SEED: u64 = 2024;

struct Options {
    sizes: Vec<u32>,
    reps: usize,
    only: Vec<String>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        sizes: vec![1000],
        reps: 7,
        only: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |flag: &str| args.next().ok_or(format!("{flag} needs a value"));
        match arg.as_str() {
            "--sizes" => {
                options.sizes = value("--sizes")?
                    .split(',')
                    .map(|text| mazestep::parse::side("size", text))
                    .collect::<Result<_, _>>()?;
            }
            "--reps" => {
                let text = value("--reps")?;
                options.reps = match text.parse() {
                    Ok(n) if n > 0 => n,
                    _ => {
                        return Err(format!(
                            "--reps wants a positive whole number, not '{text}'"
                        ))
                    }
                };
            }
            "--only" => options.only.push(value("--only")?),
            // `cargo bench` passes `--bench`; test-harness filters are not used here.
            "--bench" => {}
            other => {
                return Err(format!(
                    "unknown argument '{other}': use --sizes 250,500 --reps N --only NAME"
                ))
            }
        }
    }
    let known: Vec<&str> = generators::names()
        .into_iter()
        .chain(solvers::names())
        .chain(["floor"])
        .collect();
    for name in &options.only {
        if !known.contains(&name.as_str()) {
            return Err(format!(
                "unknown algorithm '{name}': allowed are {}",
                known.join(", ")
            ));
        }
    }
    Ok(options)
}

impl Options {
    fn wants(&self, name: &str) -> bool {
        self.only.is_empty() || self.only.iter().any(|n| n == name)
    }
}

/// Min and median of `reps` timings of `f`.
fn measure(reps: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[times.len() / 2])
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// Runs a generator to the end, journal off, from a fresh maze.
fn generate_run(entry: &generators::Entry, side: u32, display: bool) -> Maze {
    let maze = Maze::new(side, side).expect("bench sizes are valid");
    let mut machine = (entry.make)(&maze, &Default::default());
    let mut board = Board::new(maze);
    // Off as `generators::generate` does (the maze is the only result); on as the page does.
    board.set_display(display);
    run_to_end(machine.as_mut(), &mut board, &mut Rng::new(SEED));
    board.into_maze()
}

/// Steps a generator one call at a time with the journal on, clearing it after each step.
fn generate_stepped(entry: &generators::Entry, side: u32) -> Maze {
    let maze = Maze::new(side, side).expect("bench sizes are valid");
    let mut machine = (entry.make)(&maze, &Default::default());
    let mut board = Board::new(maze);
    board.set_journaling(true);
    let mut rng = Rng::new(SEED);
    while let Some(step) = machine.step(&mut board, &mut rng) {
        let changed = board.journal().iter().fold(0, |sum, c| sum ^ c.cell);
        black_box((step.line, changed));
        board.clear_journal();
    }
    board.into_maze()
}

/// Generates through the page's own path: a `Run` advanced `PAGE_BATCH` steps at a time,
/// each batch collecting the cells its steps changed for redrawing.
fn generate_on_page(entry: &generators::Entry, side: u32) -> u64 {
    let settings = Settings::new(entry.info.name, side, side, SEED);
    let mut run = Run::new(settings).expect("bench settings are valid");
    let mut steps = 0;
    loop {
        let done = run.advance(PAGE_BATCH);
        steps += done;
        black_box(run.dirty());
        if done < PAGE_BATCH {
            return steps;
        }
    }
}

/// The floor under the "step" column: a machine that does next to nothing per step (each
/// cell marked and carved east, no random numbers), stepped and run the same way as the
/// generators. What it costs to step is the price of one `step` call with its change records,
/// whatever the algorithm; a generator whose whole step is cheaper than that cannot step
/// within twice its run.
#[derive(Clone, Debug)]
struct Sweep {
    next: usize,
    len: usize,
    width: usize,
    column: usize,
}

static SWEEP_INFO: Info = Info {
    name: "floor: sweep",
    title: "Sweep (the cost of a step call)",
    summary: "Marks each cell and carves it east: no choices, no random numbers.",
    step_unit: "one cell",
    pseudocode: &["for each cell, row by row: carve east unless in the last column"], // CARVE_EAST
    marks: &[(mark::VISITED, "handled")],
    events: &["carve", "pass"],
};

const CARVE_EAST: Line = Line(0);

static SWEEP: generators::Entry = generators::Entry {
    info: &SWEEP_INFO,
    group: "floor",
    any_shape: false,
    weave: false,
    perfect: true,
    uses_density: false,
    make: |maze, _| {
        Box::new(Sweep {
            next: 0,
            len: maze.len(),
            width: maze.width() as usize,
            column: 0,
        })
    },
};

impl Machine for Sweep {
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_local(self, board, rng)
    }

    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.next >= self.len {
            return None;
        }
        let cell = self.next;
        self.next += 1;
        let last_column = self.column + 1 == self.width;
        self.column = if last_column { 0 } else { self.column + 1 };
        board.add_mark(cell, mark::VISITED);
        if last_column {
            return Some(Step::new(Event::Pass { cell: cell as u32 }, CARVE_EAST));
        }
        board.carve_to(cell, Direction::East, cell + 1);
        let dir = Direction::East;
        Some(Step::new(
            Event::Carve {
                cell: cell as u32,
                side: dir.side(),
            },
            CARVE_EAST,
        ))
    }

    fn info(&self) -> &'static Info {
        &SWEEP_INFO
    }

    fn is_done(&self) -> bool {
        self.next >= self.len
    }

    fn current(&self) -> Option<usize> {
        self.next.checked_sub(1)
    }
}

/// A generator's times to run (display off and on) and to step, as the table shows them.
struct Timings {
    run_min: Duration,
    run_med: Duration,
    shown_med: Duration,
    step_min: Duration,
    step_med: Duration,
}

fn time_generator(entry: &generators::Entry, side: u32, reps: usize) -> Timings {
    let (run_min, run_med) = measure(reps, || {
        black_box(generate_run(entry, black_box(side), false));
    });
    let (_, shown_med) = measure(reps, || {
        black_box(generate_run(entry, black_box(side), true));
    });
    let (step_min, step_med) = measure(reps, || {
        black_box(generate_stepped(entry, black_box(side)));
    });
    Timings {
        run_min,
        run_med,
        shown_med,
        step_min,
        step_med,
    }
}

impl Timings {
    /// The table's columns from "algorithm" to "ratio bare".
    fn columns(&self, name: &str, size: &str) -> String {
        format!(
            "{:<24} {:>11} {:>9} {:>9} {:>9} {:>10} {:>10} {:>6.2} {:>10.2}",
            name,
            size,
            ms(self.run_min),
            ms(self.run_med),
            ms(self.shown_med),
            ms(self.step_min),
            ms(self.step_med),
            self.step_med.as_secs_f64() / self.shown_med.as_secs_f64(),
            self.step_med.as_secs_f64() / self.run_med.as_secs_f64(),
        )
    }
}

/// Steps per `Run::advance` call in the "page" column: about what the page does per frame
/// at a fast animation speed.
const PAGE_BATCH: u64 = 256;

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("core bench: {message}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{:<24} {:>11} {:>9} {:>9} {:>9} {:>10} {:>10} {:>6} {:>10} {:>9} {:>6} {:>10} {:>8}",
        "algorithm",
        "size",
        "min ms",
        "med ms",
        "shown ms",
        "step min",
        "step med",
        "ratio",
        "ratio bare",
        "page ms",
        "page/shown",
        "steps/cell",
        "ns/step"
    );
    for &side in &options.sizes {
        let size = format!("{side}x{side}");
        for entry in generators::ALL {
            if !options.wants(entry.info.name) {
                continue;
            }
            let times = time_generator(entry, side, options.reps);
            let mut steps = 0;
            let (_, page_med) = measure(options.reps, || {
                steps = black_box(generate_on_page(entry, black_box(side)));
            });
            println!(
                "{} {:>9} {:>10.2} {:>10.2} {:>8.1}",
                times.columns(entry.info.name, &size),
                ms(page_med),
                page_med.as_secs_f64() / times.shown_med.as_secs_f64(),
                steps as f64 / f64::from(side * side),
                times.run_min.as_secs_f64() * 1e9 / steps as f64
            );
        }
        if options.wants("floor") {
            let times = time_generator(&SWEEP, side, options.reps);
            println!("{}", times.columns(SWEEP_INFO.name, &size));
        }
        let wanted: Vec<&solvers::Entry> = solvers::ALL
            .iter()
            .filter(|entry| options.wants(entry.info.name))
            .collect();
        if wanted.is_empty() {
            continue;
        }
        let maze = generators::generate("sidewinder", side, side, SEED).expect("registered");
        for entry in wanted {
            let (min, med) = measure(options.reps, || {
                let report = solvers::solve(entry.info.name, &maze, (0, 0), (side - 1, side - 1));
                black_box(report.expect("valid start and goal"));
            });
            println!(
                "{:<24} {:>11} {:>9} {:>9}",
                format!("{} (solve)", entry.info.name),
                size,
                ms(min),
                ms(med)
            );
        }
    }
    ExitCode::SUCCESS
}
