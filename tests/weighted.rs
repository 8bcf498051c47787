//! Searches on worlds: terrain costs, obstacles and diagonal moves, checked against a reference
//! Dijkstra written here from the rules (f64 costs, its own neighbours and corner rule — it
//! does not call the code under test, not even `world::diagonal_bits`).
//!
//! Worlds: open fields with random obstacles and random costs 1–9, and braided mazes with
//! costs, from 1×1 to 30×30, with four moves and under every corner rule. The solvers that
//! promise the cheapest path must reach the reference's cost; every solver's path must be
//! legal; an unreachable goal must be reported as such.

#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::Board;
use mazestep::generators;
use mazestep::maze::{Direction, Maze};
use mazestep::rng::Rng;
use mazestep::solvers::{self, Outcome, SolveError};
use mazestep::world::{Corners, Exit, Heuristic, Search, BLOCKED, MAX_COST};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

// ---------------------------------------------------------------------------------------------
// The reference: moves and costs from the rules, and a plain Dijkstra over them.
// ---------------------------------------------------------------------------------------------

/// The moves from `cell` with their costs: through each open side, and diagonally as `corners`
/// allows (into a cell not blocked; beside the move lie the cell across the column change and
/// the one across the row change, each a way round when both its passages are open).
fn reference_moves(maze: &Maze, corners: Corners, cell: usize) -> Vec<(usize, f64)> {
    let mut moves = Vec::new();
    for dir in Direction::ALL {
        if let Some(next) = maze.passage(cell, dir) {
            if maze.cost(next) != BLOCKED {
                moves.push((next, f64::from(maze.cost(next))));
            }
        }
    }
    if corners == Corners::Never {
        return moves;
    }
    let (w, h) = (maze.width() as i64, maze.height() as i64);
    let (x, y) = (cell as i64 % w, cell as i64 / w);
    for (dx, dy) in [(1, -1), (1, 1), (-1, 1), (-1, -1)] {
        let (tx, ty) = (x + dx, y + dy);
        if tx < 0 || ty < 0 || tx >= w || ty >= h {
            continue;
        }
        let target = (ty * w + tx) as usize;
        if maze.cost(target) == BLOCKED {
            continue;
        }
        let across_column = (y * w + tx) as usize;
        let across_row = (ty * w + x) as usize;
        let joined = |a: usize, b: usize| {
            Direction::ALL
                .into_iter()
                .any(|dir| maze.passage(a, dir) == Some(b))
        };
        let round_column = joined(cell, across_column) && joined(across_column, target);
        let round_row = joined(cell, across_row) && joined(across_row, target);
        let allowed = match corners {
            Corners::Never => false,
            Corners::NoObstacles => round_column && round_row,
            Corners::AtMostOne => round_column || round_row,
            Corners::Always => true,
        };
        if allowed {
            moves.push((
                target,
                f64::from(maze.cost(target)) * std::f64::consts::SQRT_2,
            ));
        }
    }
    moves
}

#[derive(PartialEq)]
struct Queued(f64, usize);
impl Eq for Queued {}
impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// The cheapest cost from `start` to `goal`, if the goal can be reached.
fn reference_cost(maze: &Maze, corners: Corners, start: usize, goal: usize) -> Option<f64> {
    let mut dist = vec![f64::INFINITY; maze.len()];
    let mut heap = BinaryHeap::new();
    dist[start] = 0.0;
    heap.push(Queued(0.0, start));
    while let Some(Queued(d, cell)) = heap.pop() {
        if d > dist[cell] {
            continue;
        }
        if cell == goal {
            return Some(d);
        }
        for (next, cost) in reference_moves(maze, corners, cell) {
            if d + cost < dist[next] {
                dist[next] = d + cost;
                heap.push(Queued(d + cost, next));
            }
        }
    }
    None
}

/// How many cells can be reached from `start` (the start included): what a flood visits.
fn reference_reachable(maze: &Maze, corners: Corners, start: usize) -> u64 {
    let mut seen = vec![false; maze.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut count = 0;
    while let Some(cell) = stack.pop() {
        count += 1;
        for (next, _) in reference_moves(maze, corners, cell) {
            if !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        }
    }
    count
}

/// Checks that `path` runs from `start` to `goal` by moves the reference allows (diagonal ones
/// only for a solver that moves diagonally), through no blocked cell.
fn assert_legal(
    maze: &Maze,
    corners: Corners,
    path: &[usize],
    start: usize,
    goal: usize,
    what: &str,
) {
    assert_eq!(path.first(), Some(&start), "{what}: starts elsewhere");
    assert_eq!(path.last(), Some(&goal), "{what}: ends elsewhere");
    for pair in path.windows(2) {
        let allowed = reference_moves(maze, corners, pair[0]);
        assert!(
            allowed.iter().any(|&(next, _)| next == pair[1]),
            "{what}: illegal move {} -> {} in {path:?}",
            pair[0],
            pair[1]
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Worlds.
// ---------------------------------------------------------------------------------------------

/// An open field with about `density` of its cells blocked, and (if `costs`) costs 1 to 9.
fn open_world(width: u32, height: u32, density: f64, costs: bool, rng: &mut Rng) -> Maze {
    let mut board = Board::new(Maze::open_field(width, height).unwrap());
    paint(&mut board, density, costs, rng);
    board.into_maze()
}

/// A braided maze from a random generator (walls, loops), with obstacles and costs painted.
fn braided_world(width: u32, height: u32, density: f64, costs: bool, rng: &mut Rng) -> Maze {
    // Mazes to braid: the open worlds have no dead ends and refuse braiding.
    let mazes: Vec<_> = generators::ALL.iter().filter(|e| e.perfect).collect();
    let entry = mazes[rng.index(mazes.len())];
    let name = entry.info.name;
    let name = if entry.any_shape {
        name
    } else {
        "recursive-backtracker"
    };
    let maze = generators::generate_on(
        name,
        Maze::new(width, height).unwrap(),
        rng.index(1000) as u64,
        0.5,
    )
    .unwrap();
    let mut board = Board::new(maze);
    paint(&mut board, density, costs, rng);
    board.into_maze()
}

fn paint(board: &mut Board, density: f64, costs: bool, rng: &mut Rng) {
    for cell in 0..board.maze().len() {
        if rng.chance(density) {
            board.block(cell);
        } else if costs {
            board.set_terrain(cell, 1 + rng.index(usize::from(MAX_COST)) as u8);
        }
    }
}

/// Two cells not blocked, if there are any.
fn ends(maze: &Maze, rng: &mut Rng) -> Option<(usize, usize)> {
    let free: Vec<usize> = (0..maze.len())
        .filter(|&c| maze.cost(c) != BLOCKED)
        .collect();
    if free.is_empty() {
        return None;
    }
    Some((free[rng.index(free.len())], free[rng.index(free.len())]))
}

/// The heuristics that never overestimate with these moves.
fn admissible(corners: Corners) -> Vec<Heuristic> {
    Heuristic::ALL
        .into_iter()
        .filter(|&h| corners == Corners::Never || h != Heuristic::Manhattan)
        .collect()
}

/// Solvers that promise the cheapest path on worlds with costs (JPS: on worlds without).
const CHEAPEST: [&str; 4] = ["dijkstra", "a-star", "bidirectional-a-star", "ida-star"];

/// The largest world IDA* is tested on: it repeats its search once per new bound.
const IDA_CELLS: usize = 64;

// ---------------------------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------------------------

/// Runs every solver on one world; checks legality, the cheapest cost where promised, and
/// "unreachable" where the reference finds no way.
fn check_world(maze: &Maze, corners: Corners, start: usize, goal: usize, label: &str) {
    let expected = reference_cost(maze, corners, start, goal);
    let uniform = solvers::is_uniform(maze);
    for entry in solvers::ALL {
        let name = entry.info.name;
        let moves = if entry.diagonal {
            corners
        } else {
            Corners::Never
        };
        let heuristics = if entry.diagonal {
            admissible(corners)
        } else {
            vec![Heuristic::Grid]
        };
        for heuristic in heuristics {
            if name == "ida-star" && maze.len() > IDA_CELLS {
                continue;
            }
            let search = Search {
                corners,
                heuristic,
                weight: 1.0,
                ..Search::default()
            };
            let what = format!("{name} {corners} {heuristic} {label} {start}->{goal}");
            let result =
                solvers::solve_with(name, maze, maze.coords(start), maze.coords(goal), &search);
            let report = match result {
                Err(SolveError::World(why)) => {
                    assert!(!uniform && entry.uniform_only, "{what}: refused: {why}");
                    assert!(why.contains("cost the same"), "{what}: {why}");
                    continue;
                }
                other => other.unwrap_or_else(|e| panic!("{what}: {e}")),
            };
            let reference_here = if moves == corners {
                expected
            } else {
                reference_cost(maze, moves, start, goal)
            };
            match &report.outcome {
                Outcome::Found(path) => {
                    assert_legal(maze, moves, path, start, goal, &what);
                    let cheapest =
                        CHEAPEST.contains(&name) || (name == "jump-point-search" && uniform);
                    if cheapest {
                        let best = reference_here.expect("found a path the reference did not");
                        let tolerance = 1e-6 * path.len() as f64 * f64::from(MAX_COST);
                        assert!(
                            (report.cost - best).abs() <= tolerance,
                            "{what}: cost {} but the cheapest is {best}: {path:?}",
                            report.cost
                        );
                    }
                }
                Outcome::Unreachable => {
                    assert!(
                        reference_here.is_none(),
                        "{what}: unreachable, yet the reference reached it"
                    )
                }
                Outcome::GaveUp { route, .. } => {
                    assert!(
                        !CHEAPEST.contains(&name) || name == "ida-star",
                        "{what}: gave up"
                    );
                    assert!(!route.is_empty(), "{what}");
                }
            }
            if reference_here.is_none() && CHEAPEST.contains(&name) {
                assert_eq!(report.outcome, Outcome::Unreachable, "{what}");
            }
            if entry.floods {
                check_flood(maze, moves, (start, goal), &search, &report, &what);
            }
        }
    }
}

/// The same search told to flood: it visits every cell the reference reaches from the start,
/// ends as stopping at the goal does (found or unreachable), and, for the cheapest searches,
/// at the same cost.
fn check_flood(
    maze: &Maze,
    moves: Corners,
    (start, goal): (usize, usize),
    search: &Search,
    at_goal: &solvers::Report,
    what: &str,
) {
    let name = what.split(' ').next().unwrap();
    let flood = Search {
        exit: Exit::Flood,
        ..*search
    };
    let report = solvers::solve_with(name, maze, maze.coords(start), maze.coords(goal), &flood)
        .unwrap_or_else(|e| panic!("{what} flood: {e}"));
    assert_eq!(
        report.visited,
        reference_reachable(maze, moves, start),
        "{what} flood: visited"
    );
    match (&report.outcome, &at_goal.outcome) {
        (Outcome::Found(path), Outcome::Found(_)) => {
            assert_legal(maze, moves, path, start, goal, what);
            if CHEAPEST.contains(&name) {
                let tolerance = 1e-6 * path.len() as f64 * f64::from(MAX_COST);
                assert!(
                    (report.cost - at_goal.cost).abs() <= tolerance,
                    "{what} flood: cost {} but {} stopping at the goal",
                    report.cost,
                    at_goal.cost
                );
            }
        }
        (Outcome::Unreachable, Outcome::Unreachable) => {}
        (flood, goal) => panic!("{what}: flood {flood:?}, at the goal {goal:?}"),
    }
}

#[test]
fn every_solver_is_legal_and_the_optimal_ones_cheapest_on_open_worlds() {
    let mut rng = Rng::new(17);
    let sizes = [
        (1, 1),
        (2, 1),
        (1, 5),
        (3, 3),
        (5, 4),
        (8, 8),
        (12, 7),
        (20, 20),
        (30, 30),
    ];
    for &(w, h) in &sizes {
        for costs in [true, false] {
            for density in [0.0, 0.2, 0.35] {
                let maze = open_world(w, h, density, costs, &mut rng);
                let Some((start, goal)) = ends(&maze, &mut rng) else {
                    continue;
                };
                for corners in Corners::ALL {
                    let label = format!("open {w}x{h} density {density} costs {costs}");
                    check_world(&maze, corners, start, goal, &label);
                }
            }
        }
    }
}

#[test]
fn every_solver_is_legal_and_the_optimal_ones_cheapest_on_braided_mazes() {
    let mut rng = Rng::new(29);
    for &(w, h) in &[(2, 2), (4, 3), (6, 6), (8, 8), (15, 10), (25, 25)] {
        for seed in 0..3 {
            let costs = seed != 1;
            let maze = braided_world(w, h, 0.1, costs, &mut rng);
            let Some((start, goal)) = ends(&maze, &mut rng) else {
                continue;
            };
            for corners in Corners::ALL {
                let label = format!("braided {w}x{h} seed {seed} costs {costs}");
                check_world(&maze, corners, start, goal, &label);
            }
        }
    }
}

#[test]
fn a_goal_walled_off_by_obstacles_is_unreachable() {
    // A column of obstacles splits the field: no move of any rule crosses it.
    let mut board = Board::new(Maze::open_field(7, 5).unwrap());
    for y in 0..5 {
        board.block(y * 7 + 3);
    }
    board.set_terrain(0, 4);
    let maze = board.into_maze();
    for corners in Corners::ALL {
        check_world(&maze, corners, 0, 6, "split");
        for name in CHEAPEST {
            let search = Search {
                corners,
                ..Search::default()
            };
            let report = solvers::solve_with(name, &maze, (0, 0), (6, 0), &search).unwrap();
            assert_eq!(report.outcome, Outcome::Unreachable, "{name} {corners}");
            assert_eq!(report.cost, 0.0);
        }
    }
}

#[test]
fn jump_point_search_refuses_terrain_costs_and_takes_obstacles() {
    let mut rng = Rng::new(3);
    let costly = open_world(6, 6, 0.1, true, &mut rng);
    let entry = solvers::find("jump-point-search").unwrap();
    let err = solvers::check_world(entry, &costly)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("jump-point-search needs every cell to cost the same")
            && err.contains("a-star"),
        "{err}"
    );
    let obstacles = open_world(6, 6, 0.3, false, &mut rng);
    assert!(solvers::check_world(entry, &obstacles).is_ok());
}

#[test]
fn weighted_searches_report_the_cost_of_the_path_they_found() {
    // Costs 9 across the straight way: the cheapest path goes round.
    let mut board = Board::new(Maze::open_field(5, 3).unwrap());
    for x in 1..4 {
        board.set_terrain(5 + x, 9);
    }
    let maze = board.into_maze();
    let expected = reference_cost(&maze, Corners::Never, 5, 9).unwrap();
    for name in CHEAPEST {
        let report = solvers::solve(name, &maze, (0, 1), (4, 1)).unwrap();
        assert_eq!(report.cost, expected, "{name}");
        let bfs = solvers::solve("bfs", &maze, (0, 1), (4, 1)).unwrap();
        assert!(
            bfs.cost > report.cost,
            "bfs ignores costs: {} vs {}",
            bfs.cost,
            report.cost
        );
    }
}

/// Steps a solver to its end with the journal on, taking each step back once: its state must
/// be as before (compared field for field through `Debug`) and the step must come again.
fn check_undo(name: &str, maze: &Maze, start: usize, goal: usize, search: &Search) {
    let entry = solvers::find(name).unwrap();
    let mut solver = (entry.make)(maze, start, goal, search);
    let mut board = Board::new(maze.clone());
    board.set_journaling(true);
    let mut rng = Rng::new(0);
    let mut undone = 0;
    for at in 1.. {
        let before = format!("{solver:?}");
        let (changes, notes) = (board.journal_len(), board.notes().len());
        let Some(step) = solver.step(&mut board, &mut rng) else {
            break;
        };
        let label = format!("{name} {search:?} step {at} {step:?}");
        if solver.undo(&step, &board.notes()[notes..], &board) {
            undone += 1;
            assert_eq!(format!("{solver:?}"), before, "{label} taken back");
            board.take_back(changes, notes, |_| {});
            assert_eq!(
                solver.step(&mut board, &mut rng),
                Some(step),
                "{label} again"
            );
        }
    }
    assert!(undone > 0, "{name}: no step was taken back");
}

#[test]
fn searches_by_cost_take_back_every_step() {
    let mut rng = Rng::new(41);
    for (w, h) in [(1, 1), (4, 3), (7, 7), (12, 9)] {
        for costs in [true, false] {
            let worlds = [
                open_world(w, h, 0.25, costs, &mut rng),
                braided_world(w, h, 0.1, costs, &mut rng),
            ];
            for maze in &worlds {
                let Some((start, goal)) = ends(maze, &mut rng) else {
                    continue;
                };
                for corners in Corners::ALL {
                    for heuristic in [Heuristic::Grid, Heuristic::Euclidean] {
                        let search = Search {
                            corners,
                            heuristic,
                            weight: 1.0,
                            ..Search::default()
                        };
                        let searches = solvers::ALL.iter().filter(|e| e.costs || e.diagonal);
                        for entry in searches {
                            if entry.info.name == "ida-star" && maze.len() > IDA_CELLS {
                                continue;
                            }
                            check_undo(entry.info.name, maze, start, goal, &search);
                            if entry.floods {
                                let flood = Search {
                                    exit: Exit::Flood,
                                    ..search
                                };
                                check_undo(entry.info.name, maze, start, goal, &flood);
                            }
                        }
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The searches that count moves (BFS, DFS, greedy) with diagonal moves.
// ---------------------------------------------------------------------------------------------

/// The searches that move diagonally without weighing their moves.
const COUNTING: [&str; 3] = ["bfs", "dfs", "greedy"];

/// The fewest moves from `start` to `goal`, a diagonal move counting one as any other: a plain
/// breadth-first search over [`reference_moves`], their costs ignored.
fn reference_fewest_moves(
    maze: &Maze,
    corners: Corners,
    start: usize,
    goal: usize,
) -> Option<usize> {
    let mut moves_to = vec![usize::MAX; maze.len()];
    let mut queue = std::collections::VecDeque::from([start]);
    moves_to[start] = 0;
    while let Some(cell) = queue.pop_front() {
        if cell == goal {
            return Some(moves_to[cell]);
        }
        for (next, _) in reference_moves(maze, corners, cell) {
            if moves_to[next] == usize::MAX {
                moves_to[next] = moves_to[cell] + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

/// A world from rows of `#` (blocked), `.`, `S` and `G`, with its start and goal.
fn world(rows: &str) -> (Maze, usize, usize) {
    let text = mazestep::world::text::parse(rows).unwrap();
    let maze = text.maze().unwrap();
    let (start, goal) = (text.start.unwrap(), text.goal.unwrap());
    let index = |(x, y): (u32, u32)| maze.index(x, y);
    let (start, goal) = (index(start), index(goal));
    (maze, start, goal)
}

/// Runs `name` on `maze` with the moves `corners` allows.
fn counting_search(
    name: &str,
    maze: &Maze,
    corners: Corners,
    start: usize,
    goal: usize,
) -> Outcome {
    let search = Search {
        corners,
        ..Search::default()
    };
    solvers::solve_with(name, maze, maze.coords(start), maze.coords(goal), &search)
        .unwrap_or_else(|e| panic!("{name} {corners}: {e}"))
        .outcome
}

#[test]
fn bfs_dfs_and_greedy_cross_corners_as_the_corner_rule_allows() {
    // The fewest moves BFS must take under never, no-obstacles, at-most-one and always (None:
    // no path). An open square; a corner blocked, so only at-most-one and always squeeze past
    // it; a start whose sides are all blocked, left only diagonally between two blocked cells.
    let cases: [(&str, [Option<usize>; 4]); 3] = [
        ("S.\n.G\n", [Some(2), Some(1), Some(1), Some(1)]),
        ("S#\n.G\n", [Some(2), Some(2), Some(1), Some(1)]),
        ("S#.\n#.#\n..G\n", [None, None, None, Some(2)]),
    ];
    for (rows, fewest) in cases {
        let (maze, start, goal) = world(rows);
        for (corners, fewest) in Corners::ALL.into_iter().zip(fewest) {
            assert_eq!(
                reference_fewest_moves(&maze, corners, start, goal),
                fewest,
                "the reference on {rows:?} {corners}"
            );
            for name in COUNTING {
                let what = format!("{name} {corners} on {rows:?}");
                match (counting_search(name, &maze, corners, start, goal), fewest) {
                    (Outcome::Found(path), Some(fewest)) => {
                        assert_legal(&maze, corners, &path, start, goal, &what);
                        if name != "dfs" {
                            // Greedy heads straight for so near a goal.
                            assert_eq!(path.len() - 1, fewest, "{what}: {path:?}");
                        }
                    }
                    (Outcome::Unreachable, None) => {}
                    (outcome, _) => panic!("{what}: {outcome:?}, expected {fewest:?} moves"),
                }
            }
        }
    }
}

#[test]
fn bfs_with_diagonal_moves_takes_the_fewest_moves_as_an_independent_bfs_does() {
    let mut rng = Rng::new(8);
    let mut diagonal_shorter = 0;
    for &(w, h) in &[(1, 4), (3, 3), (6, 5), (10, 10), (17, 9), (30, 30)] {
        for density in [0.1, 0.25, 0.4] {
            let costs = rng.chance(0.5);
            let worlds = [
                open_world(w, h, density, costs, &mut rng),
                braided_world(w, h, density / 2.0, costs, &mut rng),
            ];
            for maze in &worlds {
                for _ in 0..3 {
                    let Some((start, goal)) = ends(maze, &mut rng) else {
                        continue;
                    };
                    let four = reference_fewest_moves(maze, Corners::Never, start, goal);
                    for corners in Corners::ALL {
                        let fewest = reference_fewest_moves(maze, corners, start, goal);
                        diagonal_shorter += usize::from(fewest < four && fewest.is_some());
                        for name in COUNTING {
                            let what = format!("{name} {corners} {w}x{h} {start}->{goal}");
                            let outcome = counting_search(name, maze, corners, start, goal);
                            match (&outcome, fewest) {
                                (Outcome::Found(path), Some(fewest)) => {
                                    assert_legal(maze, corners, path, start, goal, &what);
                                    if name == "bfs" {
                                        assert_eq!(path.len() - 1, fewest, "{what}: {path:?}");
                                    }
                                }
                                (Outcome::Unreachable, None) => {}
                                _ => panic!("{what}: {outcome:?}, expected {fewest:?} moves"),
                            }
                        }
                    }
                }
            }
        }
    }
    // The worlds are ones where diagonal moves matter.
    assert!(diagonal_shorter > 50, "{diagonal_shorter}");
}

#[test]
fn dfs_says_which_way_it_went_across_a_corner() {
    let (maze, start, goal) = world("S#.\n#.#\n..G\n");
    let search = Search {
        corners: Corners::Always,
        ..Search::default()
    };
    let mut dfs = (solvers::find("dfs").unwrap().make)(&maze, start, goal, &search);
    let mut board = Board::new(maze.clone());
    let mut rng = Rng::new(0);
    let mut said = Vec::new();
    while let Some(step) = dfs.step(&mut board, &mut rng) {
        said.push(dfs.sentence(&step, &maze).english());
    }
    assert_eq!(
        said[1], "Went south-east from cell (0, 0) to (1, 1), not seen before, and pushed it.",
        "{said:#?}"
    );
}

/// IDA* on a 40 × 30 open field with terrain costs, 10 % obstacles and diagonal moves: it
/// finishes within its step limit (no "gave up") and its cost is the reference Dijkstra's, for
/// several seeds and corner rules. Classic IDA*, raising the bound to the next f each round,
/// gave up here: with costs in units of √2 nearly every round adds one f value.
#[test]
fn ida_star_finishes_a_40_by_30_world_with_terrain_and_diagonal_moves_at_the_cheapest_cost() {
    for seed in [1, 2, 3, 4, 5] {
        let mut rng = Rng::new(seed);
        let maze = open_world(40, 30, 0.1, true, &mut rng);
        let corners =
            [Corners::Always, Corners::AtMostOne, Corners::NoObstacles][seed as usize % 3];
        // Far apart: near the opposite corners, on free cells.
        let start = (0..maze.len()).find(|&c| maze.cost(c) != BLOCKED).unwrap();
        let goal = (0..maze.len())
            .rev()
            .find(|&c| maze.cost(c) != BLOCKED)
            .unwrap();
        let search = Search {
            corners,
            heuristic: Heuristic::Octile,
            weight: 1.0,
            ..Search::default()
        };
        let what = format!("seed {seed}, {corners}");
        let best = reference_cost(&maze, corners, start, goal);
        let report = solvers::solve_with(
            "ida-star",
            &maze,
            maze.coords(start),
            maze.coords(goal),
            &search,
        )
        .unwrap_or_else(|e| panic!("{what}: {e}"));
        match (&report.outcome, best) {
            (Outcome::Found(path), Some(best)) => {
                assert_legal(&maze, corners, path, start, goal, &what);
                let tolerance = 1e-6 * path.len() as f64 * f64::from(MAX_COST);
                assert!(
                    (report.cost - best).abs() <= tolerance,
                    "{what}: cost {} but the cheapest is {best}",
                    report.cost
                );
            }
            (Outcome::Unreachable, None) => {}
            (outcome, best) => panic!("{what}: {outcome:?}, reference {best:?}"),
        }
    }
}

/// Jump point search on plain grids (walls only where cells are blocked: open fields with
/// obstacles, and `rooms`), where it uses the classic pruning rules, under each diagonal
/// corner rule: the reference's cost, or unreachable where the reference finds no way.
#[test]
fn jump_point_search_is_cheapest_on_plain_grids_under_every_diagonal_rule() {
    let mut rng = Rng::new(29);
    for round in 0..60 {
        let (w, h) = (2 + rng.index(38) as u32, 2 + rng.index(38) as u32);
        let density = [0.05, 0.2, 0.35, 0.5][round % 4];
        let maze = if round % 3 == 0 {
            let options = generators::Options {
                density,
                ..Default::default()
            };
            generators::generate_with(
                "rooms",
                Maze::new(w, h).unwrap(),
                round as u64,
                0.0,
                &options,
            )
            .unwrap()
        } else {
            open_world(w, h, density, false, &mut rng)
        };
        let Some((start, goal)) = ends(&maze, &mut rng) else {
            continue;
        };
        for corners in [Corners::NoObstacles, Corners::AtMostOne, Corners::Always] {
            let search = Search {
                corners,
                heuristic: Heuristic::Octile,
                ..Search::default()
            };
            let what = format!("round {round} {w}x{h} {corners} {start}->{goal}");
            let report = solvers::solve_with(
                "jump-point-search",
                &maze,
                maze.coords(start),
                maze.coords(goal),
                &search,
            )
            .unwrap_or_else(|e| panic!("{what}: {e}"));
            match (&report.outcome, reference_cost(&maze, corners, start, goal)) {
                (Outcome::Found(path), Some(best)) => {
                    assert_legal(&maze, corners, path, start, goal, &what);
                    assert!(
                        (report.cost - best).abs() < 1e-6,
                        "{what}: cost {} but {best}",
                        report.cost
                    );
                }
                (Outcome::Unreachable, None) => {}
                (outcome, best) => panic!("{what}: {outcome:?}, reference {best:?}"),
            }
        }
    }
}

/// On `rooms` with diagonal moves jump point search prunes: it puts a fraction of the cells A*
/// reaches on its open set (with the open-ground rule alone it reached about as many).
#[test]
fn jump_point_search_reaches_far_fewer_cells_than_a_star_on_rooms() {
    let maze = generators::generate_on("rooms", Maze::new(200, 200).unwrap(), 7, 0.0).unwrap();
    let search = Search {
        corners: Corners::AtMostOne,
        heuristic: Heuristic::Octile,
        ..Search::default()
    };
    let free = |c: &usize| maze.cost(*c) != BLOCKED;
    let (start, goal) = (
        (0..maze.len()).find(free).unwrap(),
        (0..maze.len()).rev().find(free).unwrap(),
    );
    let solve = |name| {
        solvers::solve_with(name, &maze, maze.coords(start), maze.coords(goal), &search).unwrap()
    };
    let (jps, a_star) = (solve("jump-point-search"), solve("a-star"));
    assert!(
        (jps.cost - a_star.cost).abs() < 1e-6,
        "{} against {}",
        jps.cost,
        a_star.cost
    );
    assert!(
        jps.visited * 4 < a_star.visited,
        "jump point search reached {} cells, A* {}",
        jps.visited,
        a_star.visited
    );
}
