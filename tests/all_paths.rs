//! The solvers that find more than one path, checked against brute force: `shortest-paths`
//! (how many shortest paths, and the cells on them), `collision` (the cells on every shortest
//! path) and `bottlenecks` (the cells every path passes).
//!
//! The brute force knows nothing of layers or numbering: it walks every simple path from the
//! start (small mazes only), and for bottlenecks takes each cell out and asks whether the goal
//! is still reachable.

// Native only, as tests/cli.rs: the command line's tests below run the binary.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::{mark, Board};
use mazestep::generators;
use mazestep::machine::run_to_end;
use mazestep::maze::Maze;
use mazestep::rng::Rng;
use mazestep::solvers::{self, Outcome};
use mazestep::topology::{Grid, Shape, Topology};
use mazestep::world::Search;
use std::collections::{BTreeSet, VecDeque};

/// What a solver answered: how it ended, its count and its marked cells.
struct Answer {
    outcome: Outcome,
    paths: Option<String>,
    marks: Option<Vec<usize>>,
    /// The cells the board draws with the SPECIAL mark.
    special: BTreeSet<usize>,
}

fn solve(name: &str, maze: &Maze, start: usize, goal: usize) -> Answer {
    let entry = solvers::find(name).unwrap();
    let mut solver = (entry.make)(maze, start, goal, &Search::default());
    let mut board = Board::new(maze.clone());
    run_to_end(solver.as_mut(), &mut board, &mut Rng::new(0));
    Answer {
        outcome: solver.outcome().cloned().expect("the search ended"),
        paths: solver.path_count(),
        marks: solver.answer_cells(),
        special: (0..maze.len())
            .filter(|&cell| board.mark(cell) & mark::SPECIAL != 0)
            .collect(),
    }
}

/// The cells joined to `cell` by an open passage.
fn open(maze: &Maze, cell: usize) -> Vec<usize> {
    (0..8)
        .filter_map(|side| maze.passage_through(cell, side))
        .collect()
}

/// Every simple path from `start` to `goal` no longer than `limit` moves, by depth-first
/// enumeration: (the number of shortest ones, their length in cells, the cells on them).
fn shortest_by_brute_force(
    maze: &Maze,
    start: usize,
    goal: usize,
) -> Option<(u64, usize, BTreeSet<usize>)> {
    let mut best: Option<(u64, usize, BTreeSet<usize>)> = None;
    let mut path = vec![start];
    let mut on = vec![false; maze.len()];
    on[start] = true;
    fn walk(
        maze: &Maze,
        goal: usize,
        path: &mut Vec<usize>,
        on: &mut [bool],
        best: &mut Option<(u64, usize, BTreeSet<usize>)>,
    ) {
        let cell = *path.last().unwrap();
        if best.as_ref().is_some_and(|(_, len, _)| path.len() > *len) {
            return;
        }
        if cell == goal {
            match best {
                Some((count, len, cells)) if *len == path.len() => {
                    *count += 1;
                    cells.extend(path.iter().copied());
                }
                _ => *best = Some((1, path.len(), path.iter().copied().collect())),
            }
            return;
        }
        for next in open(maze, cell) {
            if !on[next] {
                on[next] = true;
                path.push(next);
                walk(maze, goal, path, on, best);
                path.pop();
                on[next] = false;
            }
        }
    }
    walk(maze, goal, &mut path, &mut on, &mut best);
    best
}

/// Whether `goal` can be reached from `start` without stepping on `banned`.
fn reachable_without(maze: &Maze, start: usize, goal: usize, banned: Option<usize>) -> bool {
    let mut seen = vec![false; maze.len()];
    seen[start] = true;
    let mut queue = VecDeque::from([start]);
    while let Some(cell) = queue.pop_front() {
        if cell == goal {
            return true;
        }
        for next in open(maze, cell) {
            if !seen[next] && Some(next) != banned {
                seen[next] = true;
                queue.push_back(next);
            }
        }
    }
    false
}

/// A maze to search, with its label and pairs of ends.
type Case = (String, Maze, Vec<(usize, usize)>);

/// Small mazes with loops on the square grid, and on the other shapes, and open rooms: each
/// with some pairs of ends (cells that are on).
fn small_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    let mut rng = Rng::new(11);
    let mut add = |label: String, maze: Maze, rng: &mut Rng| {
        let on: Vec<usize> = (0..maze.len())
            .filter(|&c| maze.grid().map_or(true, |g| g.is_on(c)))
            .collect();
        let mut ends = vec![(on[0], on[on.len() - 1])];
        for _ in 0..4 {
            ends.push((on[rng.index(on.len())], on[rng.index(on.len())]));
        }
        cases.push((label, maze, ends));
    };
    for (generator, width, height) in [("kruskal", 6, 5), ("recursive-backtracker", 5, 5)] {
        for seed in 1..=4 {
            for braid in [0.0, 0.5, 1.0] {
                let maze =
                    generators::generate_braided(generator, width, height, seed, braid).unwrap();
                add(
                    format!("{generator} {width}x{height} seed {seed} braid {braid}"),
                    maze,
                    &mut rng,
                );
            }
        }
    }
    for (width, height) in [(1, 1), (1, 5), (4, 4), (5, 4)] {
        let room = generators::generate("room", width, height, 1).unwrap();
        add(format!("room {width}x{height}"), room, &mut rng);
    }
    for shape in [Shape::Hex, Shape::Triangle, Shape::Polar] {
        let grid = Grid::new(shape, 4, 4).unwrap();
        let braided =
            generators::generate_on("recursive-backtracker", Maze::on_grid(grid.clone()), 3, 0.7)
                .unwrap();
        add(format!("{shape:?} braided"), braided, &mut rng);
        let room = generators::generate_on("room", Maze::on_grid(grid), 1, 0.0).unwrap();
        add(format!("{shape:?} room"), room, &mut rng);
    }
    cases
}

#[test]
fn shortest_paths_counts_and_marks_what_brute_force_finds() {
    for (label, maze, ends) in small_cases() {
        for (start, goal) in ends {
            let what = format!("{label}, {start} -> {goal}");
            let answer = solve("shortest-paths", &maze, start, goal);
            let marks: BTreeSet<usize> = answer.marks.clone().unwrap().into_iter().collect();
            assert_eq!(answer.special, marks, "{what}: drawn as marked");
            match shortest_by_brute_force(&maze, start, goal) {
                Some((count, len, cells)) => {
                    assert_eq!(answer.paths, Some(count.to_string()), "{what}: count");
                    assert_eq!(marks, cells, "{what}: cells on a shortest path");
                    let path = answer.outcome.path().expect("found");
                    assert_eq!(path.len(), len, "{what}: a shortest path");
                    assert_walkable(&maze, path, start, goal, &what);
                }
                None => {
                    assert_eq!(answer.outcome, Outcome::Unreachable, "{what}");
                    assert_eq!(answer.paths.as_deref(), Some("0"), "{what}");
                    assert!(marks.is_empty(), "{what}");
                }
            }
        }
    }
}

#[test]
fn collision_marks_every_shortest_path_and_reports_one() {
    for (label, maze, ends) in small_cases() {
        for (start, goal) in ends {
            let what = format!("{label}, {start} -> {goal}");
            let answer = solve("collision", &maze, start, goal);
            assert_eq!(answer.paths, None, "{what}: collision does not count");
            let marks: BTreeSet<usize> = answer.marks.clone().unwrap().into_iter().collect();
            assert_eq!(answer.special, marks, "{what}: drawn as marked");
            match shortest_by_brute_force(&maze, start, goal) {
                Some((_, len, cells)) => {
                    assert_eq!(marks, cells, "{what}: the traced cells");
                    let path = answer.outcome.path().expect("found");
                    assert_eq!(path.len(), len, "{what}: a shortest path");
                    assert_walkable(&maze, path, start, goal, &what);
                }
                None => {
                    assert_eq!(answer.outcome, Outcome::Unreachable, "{what}");
                    assert!(marks.is_empty(), "{what}");
                }
            }
        }
    }
}

#[test]
fn bottlenecks_are_the_cells_whose_removal_cuts_the_goal_off() {
    for (label, maze, ends) in small_cases() {
        for (start, goal) in ends {
            let what = format!("{label}, {start} -> {goal}");
            let answer = solve("bottlenecks", &maze, start, goal);
            let marks = answer.marks.clone().unwrap();
            assert_eq!(
                answer.special,
                marks.iter().copied().collect(),
                "{what}: drawn"
            );
            if !reachable_without(&maze, start, goal, None) {
                assert_eq!(answer.outcome, Outcome::Unreachable, "{what}");
                assert!(marks.is_empty(), "{what}");
                continue;
            }
            let expected: Vec<usize> = (0..maze.len())
                .filter(|&cell| cell != start && cell != goal)
                .filter(|&cell| !reachable_without(&maze, start, goal, Some(cell)))
                .collect();
            assert_eq!(marks, expected, "{what}: bottlenecks");
            let path = answer.outcome.path().expect("found");
            assert_walkable(&maze, path, start, goal, &what);
            for cell in &marks {
                assert!(path.contains(cell), "{what}: a bottleneck is on every path");
            }
        }
    }
}

/// A perfect maze: every cell between the ends of the one path is a bottleneck.
#[test]
fn in_a_perfect_maze_every_inner_cell_of_the_path_is_a_bottleneck() {
    let maze = generators::generate("kruskal", 15, 11, 7).unwrap();
    let (start, goal) = (0, maze.len() - 1);
    let answer = solve("bottlenecks", &maze, start, goal);
    let path = answer.outcome.path().unwrap().to_vec();
    let mut inner: Vec<usize> = path[1..path.len() - 1].to_vec();
    inner.sort_unstable();
    assert_eq!(answer.marks.unwrap(), inner);
}

/// C(n, k) in decimal, by the multiplicative formula on decimal digits: multiply by a small
/// number, then divide by one exactly (independent of the solver's adding).
fn binomial(n: u64, k: u64) -> String {
    let mut digits = vec![1u64]; // least significant first
    for i in 1..=k {
        let mut carry = 0;
        for digit in digits.iter_mut() {
            let value = *digit * (n - k + i) + carry;
            *digit = value % 10;
            carry = value / 10;
        }
        while carry > 0 {
            digits.push(carry % 10);
            carry /= 10;
        }
        let mut rest = 0;
        for digit in digits.iter_mut().rev() {
            let value = rest * 10 + *digit;
            *digit = value / i;
            rest = value % i;
        }
        assert_eq!(rest, 0, "C(n, i) is whole");
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
    }
    digits.iter().rev().map(|d| d.to_string()).collect()
}

#[test]
fn an_empty_room_has_a_binomial_number_of_shortest_paths() {
    assert_eq!(binomial(4, 2), "6");
    assert_eq!(binomial(10, 3), "120");
    for (width, height) in [(1, 1), (2, 2), (3, 7), (12, 9), (40, 40), (120, 90)] {
        let room = generators::generate("room", width, height, 1).unwrap();
        let answer = solve("shortest-paths", &room, 0, room.len() - 1);
        let n = u64::from(width + height - 2);
        let expected = binomial(n, u64::from(width - 1));
        assert_eq!(
            answer.paths.as_deref(),
            Some(expected.as_str()),
            "{width}x{height}"
        );
        assert_eq!(
            answer.marks.unwrap().len(),
            room.len(),
            "every cell is on one"
        );
    }
    // 40 x 40: C(78, 39), beyond u64.
    assert!(binomial(78, 39).parse::<u64>().is_err());
}

/// 200 x 200 corner to corner: C(398, 199), about 10^118, counted exactly with a layer of
/// counts at a time.
#[test]
fn a_room_of_200_by_200_counts_c_398_199() {
    let room = generators::generate("room", 200, 200, 1).unwrap();
    let answer = solve("shortest-paths", &room, 0, room.len() - 1);
    let count = answer.paths.unwrap();
    assert_eq!(count, binomial(398, 199));
    assert_eq!(count.len(), 119, "about 10^118");
}

fn assert_walkable(maze: &Maze, path: &[usize], start: usize, goal: usize, what: &str) {
    assert_eq!(path.first(), Some(&start), "{what}");
    assert_eq!(path.last(), Some(&goal), "{what}");
    for pair in path.windows(2) {
        assert!(open(maze, pair[0]).contains(&pair[1]), "{what}: {path:?}");
    }
}

/// Runs `mazestep solve ARGS --format json`: its one JSON line and its exit status.
fn cli_json(args: &[&str]) -> (serde_json::Value, Option<i32>) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .arg("solve")
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    (
        serde_json::from_str(text.trim()).unwrap(),
        out.status.code(),
    )
}

#[test]
fn the_command_line_reports_paths_and_marks() {
    // A count that fits 2^53 is a number; C(78, 39) is not, so it is a string of digits.
    let small = [
        "--algorithm",
        "room",
        "--width",
        "4",
        "--height",
        "3",
        "--seed",
        "1",
    ];
    let (json, status) = cli_json(&[&["--solver", "shortest-paths"], &small[..]].concat());
    assert_eq!(status, Some(0));
    assert_eq!(json["paths"], serde_json::json!(10));
    assert_eq!(json["marks"].as_array().unwrap().len(), 12);
    assert_eq!(json["marks"][0], serde_json::json!([0, 0]));
    let big = [
        "--algorithm",
        "room",
        "--width",
        "40",
        "--height",
        "40",
        "--seed",
        "1",
    ];
    let (json, _) = cli_json(&[&["--solver", "shortest-paths"], &big[..]].concat());
    assert_eq!(json["paths"], serde_json::json!(binomial(78, 39)));
    // Bottlenecks: the cells brute force finds, as [x, y].
    let maze = [
        "--algorithm",
        "kruskal",
        "--width",
        "6",
        "--height",
        "4",
        "--braid",
        "0.5",
    ];
    let (json, status) =
        cli_json(&[&["--solver", "bottlenecks", "--seed", "2"], &maze[..]].concat());
    assert_eq!(status, Some(0));
    assert!(json.get("paths").is_none(), "bottlenecks count no paths");
    let made = generators::generate_braided("kruskal", 6, 4, 2, 0.5).unwrap();
    let (start, goal) = (0, made.len() - 1);
    let expected: Vec<serde_json::Value> = (1..goal)
        .filter(|&cell| !reachable_without(&made, start, goal, Some(cell)))
        .map(|cell| serde_json::json!([cell % 6, cell / 6]))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(json["marks"], serde_json::Value::Array(expected));
    // Other solvers' lines have neither.
    let (json, _) = cli_json(&[&["--solver", "bfs", "--seed", "2"], &maze[..]].concat());
    assert!(json.get("paths").is_none() && json.get("marks").is_none());
    // On terrain the counters of moves give up (exit 1), with no count.
    let terrain = [
        "--algorithm",
        "terrain",
        "--width",
        "6",
        "--height",
        "4",
        "--seed",
        "1",
    ];
    for solver in ["shortest-paths", "collision"] {
        let (json, status) = cli_json(&[&["--solver", solver], &terrain[..]].concat());
        assert_eq!(status, Some(1), "{solver}");
        assert_eq!(json["outcome"], "gave-up", "{solver}");
        assert!(json.get("paths").is_none(), "{solver}");
    }
}
