//! Exits in the outer wall, Pledge and the ends presets, through the `mazestep` binary and
//! the core: Pledge walks out where the right hand circles an island, its route is legal
//! (checked against the JSON's passage bits, not the solver's own), the hardest ends are a
//! diameter's (against all-pairs breadth-first search), exits are refused clearly, and the
//! SVG leaves the gap.

#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators;
use mazestep::maze::Maze;
use mazestep::run::{ends, Ends};
use serde_json::Value;
use std::collections::VecDeque;
use std::process::{Command, Output};

fn mazestep(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .expect("the mazestep binary runs")
}

fn json(args: &[&str]) -> (Value, Output) {
    let out = mazestep(args);
    let line = String::from_utf8(out.stdout.clone()).unwrap();
    (
        serde_json::from_str(line.trim()).expect("one JSON line"),
        out,
    )
}

fn xy(value: &Value) -> (u64, u64) {
    (value[0].as_u64().unwrap(), value[1].as_u64().unwrap())
}

/// Whether every move of `path` goes through an open side, by the JSON's passage bits
/// (north 1, east 2, south 4, west 8).
fn legal(doc: &Value, path: &[(u64, u64)]) -> bool {
    let width = doc["width"].as_u64().unwrap();
    let cells = doc["cells"].as_array().unwrap();
    let bits = |(x, y): (u64, u64)| cells[(y * width + x) as usize].as_u64().unwrap();
    path.windows(2).all(|pair| {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let side = match (x1 as i64 - x0 as i64, y1 as i64 - y0 as i64) {
            (0, -1) => 1,
            (1, 0) => 2,
            (0, 1) => 4,
            (-1, 0) => 8,
            _ => return false,
        };
        bits(pair[0]) & side != 0
    })
}

const BRAIDED: [&str; 10] = [
    "--algorithm",
    "recursive-backtracker",
    "--braid",
    "1",
    "--width",
    "8",
    "--height",
    "5",
    "--goal",
    "exit:east",
];

#[test]
fn pledge_walks_out_where_the_right_hand_circles_an_island() {
    let mut circled = 0;
    for seed in ["1", "2"] {
        for start in ["2,1", "3,2", "1,1"] {
            let mut args = BRAIDED.to_vec();
            args.extend(["--seed", seed, "--start", start, "--format", "json"]);
            let (right, out) =
                json(&[&["solve", "--solver", "wall-follower-right"], &args[..]].concat());
            let stderr = String::from_utf8(out.stderr).unwrap();
            if right["outcome"] == "gave-up"
                || right["outcome"] == "gave up"
                || out.status.code() == Some(1)
            {
                assert_eq!(out.status.code(), Some(1), "{stderr}");
                assert!(
                    stderr.contains("no way to the goal by following this wall"),
                    "{stderr}"
                );
                circled += 1;
            }
            let (pledge, out) = json(&[&["solve", "--solver", "pledge"], &args[..]].concat());
            assert_eq!(out.status.code(), Some(0), "seed {seed} start {start}");
            assert_eq!(pledge["outcome"], "found");
            assert_eq!(pledge["goal_exit"], "exit:east");
            let path: Vec<_> = pledge["path"].as_array().unwrap().iter().map(xy).collect();
            assert_eq!(path.first(), Some(&xy(&pledge["start"])));
            // The middle of the east wall of an 8 x 5 maze: row 2.
            assert_eq!(path.last(), Some(&(7, 2)));
            assert!(legal(&pledge, &path), "seed {seed} start {start}: {path:?}");
        }
    }
    assert!(circled >= 4, "the right hand circled only {circled} times");
}

#[test]
fn exits_and_ends_refused_with_what_was_given() {
    let refusals = [
        (
            &["--goal", "exit:up"][..],
            "goal 'exit:up' is not an exit: write exit:SIDE or exit:SIDE:N",
        ),
        (
            &["--start", "exit:west:x"][..],
            "start 'exit:west:x' is not an exit",
        ),
        (
            &["--goal", "exit:east:5"][..],
            "goal exit:east:5 is past the end of the east wall: it has places 0 to 4",
        ),
        (
            &["--goal", "exit:north:8"][..],
            "goal exit:north:8 is past the end of the north wall: it has places 0 to 7",
        ),
        (
            &["--ends", "far"][..],
            "ends 'far' is not known: choose corners, hardest or random",
        ),
    ];
    for (extra, message) in refusals {
        let out = mazestep(
            &[
                &["solve", "--solver", "bfs", "--width", "8", "--height", "5"],
                extra,
            ]
            .concat(),
        );
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {stderr}");
        assert!(stderr.contains(message), "{extra:?}: {stderr}");
    }
    let out = mazestep(&[
        "solve",
        "--solver",
        "bfs",
        "--shape",
        "hex",
        "--width",
        "6",
        "--height",
        "5",
        "--goal",
        "exit:east",
    ]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains(
            "exits in the outer wall are for the plain square grid only, not on a hex grid"
        ),
        "{stderr}"
    );
    let out = mazestep(&[
        "solve", "--solver", "pledge", "--shape", "polar", "--height", "5",
    ]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("pledge works on the plain square grid only, not on a polar grid"),
        "{stderr}"
    );
}

/// The horizontal wall segments of the SVG's walls path at height `y`, as (from, to).
fn rows_at(svg: &str, y: u64) -> Vec<(u64, u64)> {
    let walls = svg.split("class=\"walls\"").nth(1).unwrap();
    let d = walls
        .split(" d=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    d.split('M')
        .filter_map(|part| {
            let (start, end) = part.split_once('H')?;
            let (x, at) = start.trim().split_once(' ')?;
            (at.parse::<u64>().ok()? == y).then(|| (x.parse().unwrap(), end.parse().unwrap()))
        })
        .collect()
}

#[test]
fn the_svg_leaves_the_gap_in_the_outer_wall() {
    let sheet = |goal: &str| {
        let out = mazestep(&[
            "solve", "--solver", "bfs", "--width", "8", "--height", "5", "--seed", "4", "--goal",
            goal, "--format", "svg",
        ]);
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    // Cells are 10 units from a margin of 10; the bottom wall of five rows under a title.
    let (plain, gapped) = (sheet("7,4"), sheet("exit:south:3"));
    let bottom = |svg: &str| {
        let top: u64 = rows_at(svg, 26).first().map(|_| 26).unwrap();
        rows_at(svg, top + 50)
    };
    let covers =
        |segments: &[(u64, u64)], x: u64| segments.iter().any(|&(a, b)| a <= x && x + 10 <= b);
    // Column 3 runs from 40 to 50.
    assert!(covers(&bottom(&plain), 40), "{:?}", bottom(&plain));
    assert!(!covers(&bottom(&gapped), 40), "{:?}", bottom(&gapped));
    // Every other column of the bottom wall still stands.
    for column in (0..8).filter(|&c| c != 3) {
        assert!(
            covers(&bottom(&gapped), 10 + 10 * column),
            "column {column}"
        );
    }
}

/// Breadth-first distances from `from` over the maze's passages.
fn bfs(maze: &Maze, from: usize) -> Vec<u32> {
    let mut distance = vec![u32::MAX; maze.len()];
    distance[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        for side in 0..4 {
            if let Some(next) = maze.passage_through(cell, side) {
                if distance[next] == u32::MAX {
                    distance[next] = distance[cell] + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    distance
}

#[test]
fn the_hardest_ends_are_a_diameters_ends() {
    for name in [
        "recursive-backtracker",
        "kruskal",
        "wilson",
        "binary-tree",
        "prim",
    ] {
        for seed in 0..6 {
            let maze = generators::generate(name, 7, 5, seed).unwrap();
            let (start, goal) = ends::place(
                Ends::Hardest,
                &maze,
                (0, maze.len() - 1),
                (None, None),
                seed,
            );
            let diameter = (0..maze.len())
                .map(|from| bfs(&maze, from).into_iter().max().unwrap())
                .max()
                .unwrap();
            assert_eq!(bfs(&maze, start)[goal], diameter, "{name} seed {seed}");
        }
    }
    // Through the binary: the JSON's ends are as far apart as any two cells.
    let (doc, _) = json(&[
        "solve",
        "--solver",
        "bfs",
        "--algorithm",
        "kruskal",
        "--width",
        "7",
        "--height",
        "5",
        "--seed",
        "3",
        "--ends",
        "hardest",
        "--format",
        "json",
    ]);
    let maze = generators::generate("kruskal", 7, 5, 3).unwrap();
    let index = |(x, y): (u64, u64)| (y * 7 + x) as usize;
    let (start, goal) = (index(xy(&doc["start"])), index(xy(&doc["goal"])));
    let diameter = (0..maze.len())
        .map(|from| bfs(&maze, from).into_iter().max().unwrap())
        .max()
        .unwrap();
    assert_eq!(bfs(&maze, start)[goal], diameter);
    assert_eq!(doc["path"].as_array().unwrap().len() as u32, diameter + 1);
}

#[test]
fn given_ends_win_over_the_preset_and_random_ends_follow_the_seed() {
    let run = |extra: &[&str]| {
        let (doc, out) = json(
            &[
                &[
                    "solve", "--solver", "bfs", "--width", "9", "--height", "6", "--format", "json",
                ],
                extra,
            ]
            .concat(),
        );
        assert_eq!(out.status.code(), Some(0), "{extra:?}");
        (xy(&doc["start"]), xy(&doc["goal"]))
    };
    let both = run(&[
        "--seed", "5", "--start", "1,1", "--goal", "2,2", "--ends", "hardest",
    ]);
    assert_eq!(both, ((1, 1), (2, 2)));
    // One end given: the hardest other end is the cell furthest from it.
    let (start, goal) = run(&["--seed", "5", "--start", "1,1", "--ends", "hardest"]);
    assert_eq!(start, (1, 1));
    let maze = generators::generate("recursive-backtracker", 9, 6, 5).unwrap();
    let from = bfs(&maze, 10);
    assert_eq!(
        from[(goal.1 * 9 + goal.0) as usize],
        *from.iter().max().unwrap()
    );
    // Random: the same seed, the same ends; two seeds, not always the same.
    let a = run(&["--seed", "5", "--ends", "random"]);
    assert_eq!(a, run(&["--seed", "5", "--ends", "random"]));
    assert_ne!(a.0, a.1);
    let others: Vec<_> = (6..10)
        .map(|s| run(&["--seed", &s.to_string(), "--ends", "random"]))
        .collect();
    assert!(others.iter().any(|&o| o != a), "{others:?}");
    assert_eq!(run(&["--seed", "5", "--ends", "corners"]), ((0, 0), (8, 5)));
}
