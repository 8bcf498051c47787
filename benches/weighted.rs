//! Dijkstra and A* by cost against their unit-cost fast paths, natively, on 1000 x 1000
//! worlds: an open field and a braided maze, each plain (unit costs: the fast path) and with
//! random terrain 1-9, with four moves (the searches with buckets of their own,
//! `solvers::dijkstra_on_terrain` and `solvers::a_star_on_terrain`) and with diagonal moves
//! (the general search by cost with its heap, `solvers::best_first`). Each ratio is against the
//! unit-cost row above it, with the same moves (four, or diagonal). Terrain also changes the
//! work: A*'s guess counts moves of cost 1, so on the open field it expands every cell where
//! the unit-cost search expands a band of 4 000 (compare `visited`).
//!
//! Then jump point search against A* (both with diagonal moves, at most one corner, the
//! octile guess) on two uniform-cost worlds: `rooms` (rooms and doors, the open halls JPS was
//! made for) and `obstacles` at 30 % (random blocked cells: little to jump over); the ratio
//! is JPS's time over A*'s on the same world, corner to corner (first to last free cell);
//! `-- --corners no-obstacles` (or `always`) for another corner rule.
//!
//! `cargo bench --bench weighted` (release profile); `-- --side 500 --reps 5` for another size
//! or number of runs (min and median of the runs are printed); `-- --only "open dijkstra 1-9"` keeps
//! the rows whose world, solver and path contain every one of those words (the unit-cost rows,
//! the bases of the ratios, always run).

use mazestep::board::Board;
use mazestep::generators;
use mazestep::machine::run_to_end;
use mazestep::maze::Maze;
use mazestep::rng::Rng;
use mazestep::solvers;
use mazestep::world::{Corners, Heuristic, Search, BLOCKED};
use std::time::Instant;

fn arg(args: &[String], name: &str, default: usize) -> usize {
    args.iter()
        .position(|a| a == name)
        .and_then(|at| args.get(at + 1)?.parse().ok())
        .unwrap_or(default)
}

fn with_terrain(maze: &Maze, seed: u64) -> Maze {
    let mut board = Board::new(maze.clone());
    let mut rng = Rng::new(seed);
    for cell in 0..maze.len() {
        board.set_terrain(cell, 1 + rng.index(9) as u8);
    }
    board.into_maze()
}

/// Min and median milliseconds of `reps` runs, and the cells visited.
fn time(name: &str, maze: &Maze, search: &Search, reps: usize) -> (f64, f64, u64, f64) {
    time_between(name, maze, (0, maze.len() - 1), search, reps)
}

/// Like [`time`], from `ends.0` to `ends.1`.
fn time_between(
    name: &str,
    maze: &Maze,
    (start, goal): (usize, usize),
    search: &Search,
    reps: usize,
) -> (f64, f64, u64, f64) {
    let entry = solvers::find(name).unwrap();
    let mut times = Vec::new();
    let (mut visited, mut cost) = (0, 0.0);
    for _ in 0..reps {
        let mut board = Board::new(maze.clone());
        board.set_display(false);
        let began = Instant::now();
        let mut solver = (entry.make)(maze, start, goal, search);
        run_to_end(solver.as_mut(), &mut board, &mut Rng::new(0));
        times.push(began.elapsed().as_secs_f64() * 1e3);
        visited = solver.visited();
        cost = solvers::cost_of(maze, solver.outcome().unwrap());
    }
    times.sort_by(f64::total_cmp);
    (times[0], times[reps / 2], visited, cost)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let side = arg(&args, "--side", 1000) as u32;
    let reps = arg(&args, "--reps", 5).max(1);
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|at| args.get(at + 1))
        .map_or("", String::as_str);
    let open = Maze::open_field(side, side).unwrap();
    let braided = generators::generate_on(
        "recursive-backtracker",
        Maze::new(side, side).unwrap(),
        7,
        0.5,
    )
    .unwrap();
    let unit = Search::default();
    let diagonal = Search {
        corners: Corners::AtMostOne,
        ..Search::default()
    };
    println!(
        "{:<8} {:<9} {:<34} {:>9} {:>9} {:>7} {:>9} {:>12}",
        "world", "solver", "path", "min ms", "median", "ratio", "visited", "cost"
    );
    for (world, maze) in [("open", &open), ("braided", &braided)] {
        let costly = with_terrain(maze, 11);
        for name in ["dijkstra", "a-star"] {
            let rows = [
                ("unit costs (fast path)", maze, &unit),
                ("terrain 1-9 (buckets)", &costly, &unit),
                ("unit costs, diagonal (heap)", maze, &diagonal),
                ("terrain 1-9, diagonal (heap)", &costly, &diagonal),
            ];
            let mut base = 0.0;
            for (what, maze, search) in rows {
                let label = format!("{world} {name} {what}");
                // The unit-cost rows are the bases of the ratios below them: always run.
                let unit_costs = what.starts_with("unit costs");
                if !unit_costs && !only.split_whitespace().all(|word| label.contains(word)) {
                    continue;
                }
                let (min, median, visited, cost) = time(name, maze, search, reps);
                if unit_costs {
                    base = min;
                }
                println!(
                    "{world:<8} {name:<9} {what:<34} {min:>9.1} {median:>9.1} {:>7.2} {visited:>9} {cost:>12.2}",
                    min / base
                );
            }
        }
    }
    let corners = args
        .iter()
        .position(|a| a == "--corners")
        .and_then(|at| Corners::parse(args.get(at + 1)?).ok())
        .filter(|corners| corners.diagonal())
        .unwrap_or(Corners::AtMostOne);
    jump_point_search_against_a_star(side, reps, only, corners);
}

/// JPS and A* on `rooms` and on 30 % obstacles, diagonal moves; rows filtered by `only` as
/// above (the A* row of a world always runs: the base of its ratio).
fn jump_point_search_against_a_star(side: u32, reps: usize, only: &str, corners: Corners) {
    let search = Search {
        corners,
        heuristic: Heuristic::Octile,
        weight: 1.0,
        ..Search::default()
    };
    let options = generators::Options {
        density: 0.3,
        ..Default::default()
    };
    for world in ["rooms", "obstacles"] {
        let maze =
            generators::generate_with(world, Maze::new(side, side).unwrap(), 7, 0.0, &options)
                .unwrap();
        let free = |cell: &usize| maze.cost(*cell) != BLOCKED;
        let ends = (
            (0..maze.len()).find(free).unwrap(),
            (0..maze.len()).rev().find(free).unwrap(),
        );
        let mut base = 0.0;
        for name in ["a-star", "jump-point-search"] {
            let label = format!("{world} {name} diagonal");
            if name != "a-star" && !only.split_whitespace().all(|word| label.contains(word)) {
                continue;
            }
            let (min, median, visited, cost) = time_between(name, &maze, ends, &search, reps);
            if name == "a-star" {
                base = min;
            }
            let what = format!("uniform, diagonal ({corners})");
            println!(
                "{world:<8} {name:<9} {what:<34} {min:>9.1} {median:>9.1} {:>7.2} {visited:>9} {cost:>12.2}",
                min / base
            );
        }
    }
}
