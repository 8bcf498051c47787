//! The `mazestep` binary on grids of other shapes and with masks (docs/cli.md, "Shapes and
//! masks"): `--shape`, `--mask`, the graph format parsed back and checked as a graph
//! independently of the binary, and every refusal's one line and exit status 2.
//!
//! Which algorithms work on which grid is read from the registries (`any_shape`), never
//! assumed, except that recursive-backtracker works on any grid and binary-tree only on the
//! plain square grid.

// Native only, as tests/cli.rs.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::{generators, solvers};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};

/// A generator that works on any grid.
const ANY: &str = "recursive-backtracker";
/// A generator that needs the plain square grid, and always will.
const SQUARE_ONLY: &str = "binary-tree";

fn mazestep(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .expect("the mazestep binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// Runs a command that must succeed and returns its stdout.
fn ok(args: &[&str]) -> String {
    let out = mazestep(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?} failed: {err}");
    text(&out.stdout)
}

/// Runs a command that must be refused: status 2, nothing on stdout, one line on stderr that
/// mentions every string in `mentions`. Returns the line.
fn refused(args: &[&str], mentions: &[&str]) -> String {
    let out = mazestep(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    for wanted in mentions {
        assert!(
            err.contains(wanted),
            "{args:?}: expected {wanted:?} in {err:?}"
        );
    }
    err
}

/// A directory of its own for this test's files, emptied first.
fn scratch(name: &str) -> Scratch {
    let dir =
        std::env::temp_dir().join(format!("mazestep-cli-shapes-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    Scratch(dir)
}

/// A scratch directory, removed with what is in it when the test is done.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes a mask file and returns its path as text.
fn mask_file(dir: &std::path::Path, name: &str, rows: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, rows).expect("the mask is written");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// A graph object, checked as a graph: exactly the documented keys (`extra` for solve), a
/// list of neighbours per cell, symmetric and each at most once, none for a switched-off
/// cell; passages each once as `[a, b]` with a < b between neighbours; and, the maze being
/// perfect, one passage fewer than cells that are on, joining them all. Returns the
/// passages.
fn check_graph(value: &Value, extra: &[&str]) -> BTreeSet<(usize, usize)> {
    let object = value.as_object().expect("an object");
    let size: &[&str] = if value["shape"] == "polar" {
        &["rings"]
    } else {
        &["width", "height"]
    };
    let mut wanted: BTreeSet<&str> = ["shape", "algorithm", "seed", "cells", "disabled"]
        .into_iter()
        .chain(["neighbours", "passages"])
        .chain(size.iter().copied())
        .chain(extra.iter().copied())
        .collect();
    if object.contains_key("braid") {
        wanted.insert("braid");
    }
    let keys: BTreeSet<&str> = object.keys().map(String::as_str).collect();
    assert_eq!(keys, wanted, "{value}");
    let cells = value["cells"].as_u64().expect("a cell count") as usize;
    let number = |v: &Value| v.as_u64().expect("a cell number") as usize;
    let disabled: BTreeSet<usize> = value["disabled"]
        .as_array()
        .expect("a list")
        .iter()
        .map(number)
        .collect();
    let neighbours: Vec<Vec<usize>> = value["neighbours"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|list| {
            list.as_array()
                .expect("a list")
                .iter()
                .map(number)
                .collect()
        })
        .collect();
    assert_eq!(neighbours.len(), cells, "one list per cell");
    for (cell, list) in neighbours.iter().enumerate() {
        let distinct: BTreeSet<&usize> = list.iter().collect();
        assert_eq!(
            distinct.len(),
            list.len(),
            "cell {cell} lists a neighbour twice"
        );
        if disabled.contains(&cell) {
            assert!(list.is_empty(), "switched-off cell {cell} has neighbours");
        }
        for &next in list {
            assert!(next < cells && next != cell, "cell {cell}: {next}");
            assert!(
                !disabled.contains(&next),
                "{cell} touches switched-off {next}"
            );
            assert!(
                neighbours[next].contains(&cell),
                "{cell} -> {next} not back"
            );
        }
    }
    let mut passages = BTreeSet::new();
    for pair in value["passages"].as_array().expect("a list") {
        let pair = pair.as_array().expect("a pair");
        assert_eq!(pair.len(), 2, "{pair:?}");
        let (a, b) = (number(&pair[0]), number(&pair[1]));
        assert!(a < b, "[{a}, {b}]: the smaller cell first");
        assert!(neighbours[a].contains(&b), "[{a}, {b}] are not neighbours");
        assert!(passages.insert((a, b)), "[{a}, {b}] twice");
    }
    let on = cells - disabled.len();
    assert_eq!(passages.len(), on - 1, "a perfect maze: {value}");
    // Connected: every cell that is on is reached from the first one through passages.
    let first = (0..cells)
        .find(|c| !disabled.contains(c))
        .expect("a cell on");
    let mut seen = BTreeSet::from([first]);
    let mut stack = vec![first];
    while let Some(cell) = stack.pop() {
        for &(a, b) in &passages {
            let next = if a == cell {
                b
            } else if b == cell {
                a
            } else {
                continue;
            };
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    assert_eq!(seen.len(), on, "every cell on is reached");
    passages
}

fn graph_lines(output: &str) -> Vec<Value> {
    output
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

#[test]
fn graph_output_is_a_perfect_maze_on_every_shape() {
    for (shape, size) in [
        ("square", &["--width", "7", "--height", "5"][..]),
        ("hex", &["--width", "7", "--height", "5"]),
        ("triangle", &["--width", "7", "--height", "5"]),
        ("polar", &["--height", "5"]),
    ] {
        let mut args = vec!["generate", "--algorithm", ANY, "--shape", shape];
        args.extend_from_slice(size);
        args.extend_from_slice(&["--seed", "3", "--count", "3", "--format", "graph"]);
        let mazes = graph_lines(&ok(&args));
        assert_eq!(mazes.len(), 3, "--count 3 gives three lines");
        for (i, maze) in mazes.iter().enumerate() {
            check_graph(maze, &[]);
            assert_eq!(maze["shape"], shape);
            assert_eq!(maze["seed"], 3 + i as u64);
            assert_eq!(maze["algorithm"], ANY);
        }
        let expected_cells = match shape {
            // 1 + 6 + 12 + 24 + 24 cells in five rings.
            "polar" => 67,
            _ => 35,
        };
        assert_eq!(mazes[0]["cells"], expected_cells, "{shape}");
    }
}

#[test]
fn other_shapes_default_to_graph_and_the_plain_square_grid_to_tiles() {
    let hex = ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--shape",
        "hex",
        "--width",
        "4",
        "--height",
        "3",
        "--seed",
        "1",
    ]);
    check_graph(&serde_json::from_str(hex.trim_end()).unwrap(), &[]);
    let square = ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--shape",
        "square",
        "--width",
        "4",
        "--height",
        "3",
        "--seed",
        "1",
    ]);
    assert!(square.starts_with("#########\n"), "{square}");
    // Graph on the plain square grid describes the same maze as the tiles.
    let graph = ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--width",
        "4",
        "--height",
        "3",
        "--seed",
        "1",
        "--format",
        "graph",
    ]);
    let graph: Value = serde_json::from_str(graph.trim_end()).unwrap();
    let passages = check_graph(&graph, &[]);
    let lines: Vec<&[u8]> = square.lines().map(str::as_bytes).collect();
    for (a, b) in passages {
        let (ax, ay, bx, by) = (a % 4, a / 4, b % 4, b / 4);
        // The tile between two cells is open exactly when they are joined.
        assert_eq!(lines[ay + by + 1][ax + bx + 1], b'.', "[{a}, {b}]");
    }
}

#[test]
fn a_mask_file_gives_the_size_and_switches_cells_off() {
    let dir = scratch("mask");
    let rows = "XX...XX\n.......\n...X...\n.......\nXX...XX\n";
    let file = mask_file(&dir, "shape.txt", rows);
    let out = ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--mask",
        &file,
        "--seed",
        "5",
    ]);
    let maze: Value = serde_json::from_str(out.trim_end()).unwrap();
    check_graph(&maze, &[]);
    assert_eq!(
        (maze["width"].clone(), maze["height"].clone()),
        (7.into(), 5.into())
    );
    let off: Vec<usize> = rows
        .chars()
        .filter(|&c| c != '\n')
        .enumerate()
        .filter(|&(_, c)| c == 'X')
        .map(|(i, _)| i)
        .collect();
    assert_eq!(maze["disabled"], serde_json::json!(off));
    // A size that agrees with the mask is fine, on any shape of the same rows.
    ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--mask",
        &file,
        "--width",
        "7",
        "--height",
        "5",
    ]);
    let hex = ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--shape",
        "hex",
        "--mask",
        &file,
        "--seed",
        "2",
    ]);
    check_graph(&serde_json::from_str(hex.trim_end()).unwrap(), &[]);
    // Polar: one row per ring, each as long as its ring.
    let polar = mask_file(&dir, "polar.txt", ".\n......\nX..........X\n");
    let out = ok(&[
        "generate",
        "--algorithm",
        ANY,
        "--shape",
        "polar",
        "--mask",
        &polar,
    ]);
    let maze: Value = serde_json::from_str(out.trim_end()).unwrap();
    check_graph(&maze, &[]);
    assert_eq!(maze["rings"], 3);
    assert_eq!(maze["disabled"], serde_json::json!([7, 18]));
}

#[test]
fn square_only_generators_are_refused_on_other_grids() {
    let dir = scratch("square-only");
    let file = mask_file(&dir, "m.txt", "....\n.X..\n");
    for extra in [
        &["--shape", "hex", "--width", "4", "--height", "3"][..],
        &["--shape", "triangle", "--width", "4", "--height", "3"],
        &["--shape", "polar", "--height", "3"],
        &["--mask", &file],
    ] {
        let mut args = vec!["generate", "--algorithm", SQUARE_ONLY];
        args.extend_from_slice(extra);
        let line = refused(&args, &[SQUARE_ONLY, "square grid", ANY]);
        // The same line for stats and solve: the core's message.
        args[0] = "stats";
        args.extend_from_slice(&["--samples", "2"]);
        assert_eq!(refused(&args, &[]), line);
    }
    refused(
        &["generate", "--algorithm", SQUARE_ONLY, "--mask", &file],
        &["masked grid"],
    );
}

#[test]
fn bad_shapes_and_sizes_are_refused() {
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "hexagon",
            "--width",
            "3",
            "--height",
            "3",
        ],
        &[
            "unknown shape 'hexagon'",
            "square, hex, triangle, polar, weave",
        ],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "polar",
            "--width",
            "5",
            "--height",
            "3",
        ],
        &["polar", "no width", "--height", "rings"],
    );
    refused(
        &["generate", "--algorithm", ANY, "--shape", "polar"],
        &["generate needs --height"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "polar",
            "--height",
            "4096",
        ],
        &["rings"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "hex",
            "--width",
            "0",
            "--height",
            "3",
        ],
        &["width '0'"],
    );
    refused(
        &["solve", "--solver", "bfs", "--shape", "cube"],
        &["unknown shape 'cube'"],
    );
    refused(
        &["generate", "--algorithm", ANY, "--shape"],
        &[
            "--shape needs a value",
            "square, hex, triangle, polar or weave",
        ],
    );
}

#[test]
fn bad_mask_files_are_refused_naming_the_file() {
    let dir = scratch("bad-masks");
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let line = refused(
        &["generate", "--algorithm", ANY, "--mask", missing],
        &["cannot read mask file", "missing.txt", "os error"],
    );
    assert!(line.contains("No such file"), "{line}");
    let bad = mask_file(&dir, "bad.txt", "....\n.?..\n");
    refused(
        &["generate", "--algorithm", ANY, "--mask", &bad],
        &["bad.txt", "line 2, column 2", "'?'"],
    );
    let split = mask_file(&dir, "split.txt", "..X..\n..X..\n");
    refused(
        &["generate", "--algorithm", ANY, "--mask", &split],
        &["split.txt", "2 separate regions"],
    );
    let all_off = mask_file(&dir, "off.txt", "XX\nXX\n");
    refused(
        &[
            "stats",
            "--algorithm",
            ANY,
            "--mask",
            &all_off,
            "--samples",
            "1",
        ],
        &["off.txt", "every cell"],
    );
    let ragged = mask_file(&dir, "ragged.txt", "....\n...\n");
    refused(
        &["generate", "--algorithm", ANY, "--mask", &ragged],
        &["ragged.txt", "rows differ in length"],
    );
    let fits = mask_file(&dir, "fits.txt", "....\n....\n");
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--mask",
            &fits,
            "--width",
            "5",
        ],
        &["fits.txt", "4x2", "--width is 5", "agree"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--mask",
            &fits,
            "--height",
            "3",
        ],
        &["fits.txt", "--height is 3"],
    );
    let polar = mask_file(&dir, "polar.txt", ".\n.....\n");
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "polar",
            "--mask",
            &polar,
        ],
        &["polar.txt", "row 2 has 5 cells", "ring 1", "6"],
    );
    let polar = mask_file(&dir, "rings.txt", ".\n......\n");
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "polar",
            "--mask",
            &polar,
            "--height",
            "3",
        ],
        &["rings.txt", "2 rows", "--height is 3"],
    );
}

#[test]
fn square_drawing_formats_are_refused_off_the_plain_square_grid() {
    let dir = scratch("formats");
    let file = mask_file(&dir, "m.txt", "...\n.X.\n...\n");
    for format in ["tiles", "json"] {
        refused(
            &[
                "generate",
                "--algorithm",
                ANY,
                "--shape",
                "triangle",
                "--width",
                "4",
                "--height",
                "3",
                "--format",
                format,
            ],
            &[&format!("format {format}"), "triangle", "--format graph"],
        );
        refused(
            &[
                "generate",
                "--algorithm",
                ANY,
                "--mask",
                &file,
                "--format",
                format,
            ],
            &["masked square grid", "--format graph"],
        );
    }
    // None makes the mazes and prints nothing, on any grid.
    let out = mazestep(&[
        "generate",
        "--algorithm",
        ANY,
        "--shape",
        "hex",
        "--width",
        "5",
        "--height",
        "5",
        "--format",
        "none",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    refused(
        &[
            "stats",
            "--algorithm",
            ANY,
            "--shape",
            "hex",
            "--width",
            "3",
            "--height",
            "3",
            "--samples",
            "1",
            "--format",
            "graph",
        ],
        &["format 'graph'", "text or json"],
    );
}

/// Checks a solve graph line: the maze's graph, then a path from start to goal through
/// passages.
fn check_solved(value: &Value) {
    let extra = [
        "solver", "start", "goal", "path", "cost", "visited", "steps", "outcome", "reason",
    ];
    let passages = check_graph(value, &extra);
    assert_eq!(value["outcome"], "found", "{value}");
    let path: Vec<usize> = value["path"]
        .as_array()
        .expect("a path")
        .iter()
        .map(|v| v.as_u64().unwrap() as usize)
        .collect();
    assert_eq!(
        Some(&path[0]),
        value["start"].as_u64().map(|s| s as usize).as_ref()
    );
    assert_eq!(
        path.last().copied(),
        value["goal"].as_u64().map(|g| g as usize)
    );
    for step in path.windows(2) {
        let pair = (step[0].min(step[1]), step[0].max(step[1]));
        assert!(passages.contains(&pair), "{step:?} is not a passage");
    }
}

#[test]
fn solve_graph_adds_the_path_as_cells() {
    // On the plain square grid every solver works.
    let out = ok(&[
        "solve",
        "--solver",
        "bfs",
        "--algorithm",
        ANY,
        "--width",
        "6",
        "--height",
        "4",
        "--seed",
        "2",
        "--format",
        "graph",
    ]);
    let value: Value = serde_json::from_str(out.trim_end()).unwrap();
    check_solved(&value);
    assert_eq!(
        (value["start"].clone(), value["goal"].clone()),
        (0.into(), 23.into())
    );
    // On other grids, any solver the registry says works there (none may be converted yet).
    let Some(solver) = solvers::ALL.iter().find(|e| e.any_shape) else {
        return;
    };
    let name = solver.info.name;
    let dir = scratch("solve");
    let file = mask_file(&dir, "m.txt", "X....\n.....\n....X\n");
    let out = ok(&[
        "solve",
        "--solver",
        name,
        "--algorithm",
        ANY,
        "--mask",
        &file,
        "--seed",
        "4",
    ]);
    let value: Value = serde_json::from_str(out.trim_end()).unwrap();
    check_solved(&value);
    // The defaults: the first and the last cell that are on.
    assert_eq!(
        (value["start"].clone(), value["goal"].clone()),
        (1.into(), 13.into())
    );
    refused(
        &[
            "solve",
            "--solver",
            name,
            "--algorithm",
            ANY,
            "--mask",
            &file,
            "--start",
            "0,0",
        ],
        &["start 0,0", "switched off"],
    );
    // Polar: X is the place in the ring, Y the ring.
    let out = ok(&[
        "solve",
        "--solver",
        name,
        "--algorithm",
        ANY,
        "--shape",
        "polar",
        "--height",
        "3",
        "--start",
        "5,1",
        "--goal",
        "11,2",
        "--seed",
        "1",
    ]);
    let value: Value = serde_json::from_str(out.trim_end()).unwrap();
    check_solved(&value);
    assert_eq!(
        (value["start"].clone(), value["goal"].clone()),
        (6.into(), 18.into())
    );
    refused(
        &[
            "solve",
            "--solver",
            name,
            "--algorithm",
            ANY,
            "--shape",
            "polar",
            "--height",
            "3",
            "--goal",
            "12,2",
        ],
        &["goal 12,2", "ring"],
    );
}

#[test]
fn square_only_solvers_are_refused_on_other_grids() {
    let Some(solver) = solvers::ALL.iter().find(|e| !e.any_shape) else {
        return;
    };
    let name = solver.info.name;
    refused(
        &[
            "solve",
            "--solver",
            name,
            "--algorithm",
            ANY,
            "--shape",
            "hex",
        ],
        &[name, "square grid", "hex"],
    );
    // The generator is checked first: a square-only one is named.
    refused(
        &[
            "solve",
            "--solver",
            name,
            "--algorithm",
            SQUARE_ONLY,
            "--shape",
            "hex",
        ],
        &[SQUARE_ONLY],
    );
}

#[test]
fn stats_measure_other_grids() {
    let dir = scratch("stats");
    let file = mask_file(&dir, "m.txt", "X.....X\n.......\n.......\nX.....X\n");
    for (extra, heading) in [
        (
            &["--shape", "hex", "--width", "8", "--height", "6"][..],
            "hex 8x6",
        ),
        (&["--shape", "polar", "--height", "5"], "polar 5 rings"),
        (&["--mask", &file], "masked square 7x4"),
    ] {
        let mut args = vec!["stats", "--algorithm", ANY, "--samples", "4", "--seed", "1"];
        args.extend_from_slice(extra);
        let table = ok(&args);
        assert!(
            table.starts_with(&format!("{ANY} {heading}, 4 mazes")),
            "{table}"
        );
        args.extend_from_slice(&["--format", "json"]);
        let json: Value = serde_json::from_str(ok(&args).trim_end()).unwrap();
        assert_eq!(json["stats"]["loops"]["mean"], 0.0, "{json}");
        assert!(json["shape"].is_string(), "{json}");
    }
    // Measured over the cells that are on: 24 of them, so a perfect maze has 23 passages and
    // the dead-end share is dead ends / 24.
    let json: Value = serde_json::from_str(
        ok(&[
            "stats",
            "--algorithm",
            ANY,
            "--mask",
            &file,
            "--samples",
            "1",
            "--seed",
            "1",
            "--format",
            "json",
        ])
        .trim_end(),
    )
    .unwrap();
    let stats = &json["stats"];
    let share = stats["dead_ends"]["mean"].as_f64().unwrap() / 24.0;
    assert!(
        (stats["dead_end_share"]["mean"].as_f64().unwrap() - share).abs() < 1e-12,
        "{json}"
    );
    assert_eq!(json["mask"], file.as_str());
}

#[test]
fn help_mentions_shapes_masks_and_graph() {
    let help = ok(&["--help"]);
    for wanted in [
        "--shape",
        "--mask",
        "hex, triangle, polar or weave",
        "graph",
        "rings",
    ] {
        assert!(help.contains(wanted), "{wanted}");
    }
    // And the unknown-option message lists the new options.
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--width",
            "3",
            "--height",
            "3",
            "--colour",
            "red",
        ],
        &["--shape", "--mask"],
    );
}

#[test]
fn the_registry_decides_which_generators_work_on_shapes() {
    // Every generator the registry marks any_shape makes a perfect graph on a hex grid and a
    // mask; every other is refused (so this test holds as generators are converted).
    let dir = scratch("registry");
    let file = mask_file(&dir, "m.txt", ".....\n..X..\n.....\n");
    for entry in generators::ALL {
        let name = entry.info.name;
        for extra in [
            &["--shape", "hex", "--width", "5", "--height", "4"][..],
            &["--mask", &file],
        ] {
            let mut args = vec!["generate", "--algorithm", name, "--seed", "9"];
            args.extend_from_slice(extra);
            if entry.any_shape && entry.perfect {
                check_graph(&serde_json::from_str(ok(&args).trim_end()).unwrap(), &[]);
            } else if entry.any_shape {
                // An open world: not a perfect graph (tests/open_worlds.rs checks it).
                ok(&args);
            } else {
                refused(&args, &[name]);
            }
        }
    }
}

/// SVG worksheets draw every grid: polar walls as arcs, a masked grid with its hole, and the
/// title names the grid in its own terms.
#[test]
fn svg_worksheets_draw_every_grid() {
    let sheet = |extra: &[&str]| {
        let mut args = vec![
            "generate",
            "--algorithm",
            ANY,
            "--seed",
            "4",
            "--format",
            "svg",
        ];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let polar = sheet(&["--shape", "polar", "--height", "5"]);
    assert!(polar.starts_with("<svg"), "{polar}");
    let walls = |svg: &str| {
        svg.split("class=\"walls\"")
            .nth(1)
            .unwrap_or("")
            .to_string()
    };
    assert!(walls(&polar).contains('A'), "polar walls are arcs");
    assert!(polar.contains("polar grid of 5 rings, seed 4"), "{polar}");
    let hex = sheet(&["--shape", "hex", "--width", "6", "--height", "4"]);
    assert!(hex.contains("hex grid 6 × 4, seed 4"), "{hex}");
    assert!(!walls(&hex).contains('A'), "hexagons have straight walls");
    let dir = scratch("svg");
    let file = mask_file(&dir, "m.txt", "....\n.X..\n....\n");
    let masked = sheet(&["--mask", &file]);
    assert!(masked.contains("masked square grid 4 × 3"), "{masked}");
    assert!(masked.contains("class=\"start\"") && masked.contains("class=\"goal\""));
}

/// Writes a PNG picture from rows of characters (`#` black, `.` white, ` ` transparent) and
/// returns its path. `grey`: as an 8-bit grey picture without alpha (` ` is then white).
fn png_file(dir: &std::path::Path, name: &str, rows: &[&str], grey: bool) -> String {
    let (width, height) = (rows[0].len() as u32, rows.len() as u32);
    let pixels = rows.iter().flat_map(|row| row.chars());
    let (colour, data): (png::ColorType, Vec<u8>) = if grey {
        let data = pixels.map(|c| if c == '#' { 0 } else { 255 }).collect();
        (png::ColorType::Grayscale, data)
    } else {
        let data = pixels
            .flat_map(|c| match c {
                '#' => [0, 0, 0, 255],
                '.' => [255, 255, 255, 255],
                _ => [255, 255, 255, 0],
            })
            .collect();
        (png::ColorType::Rgba, data)
    };
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(colour);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("a PNG header");
        writer.write_image_data(&data).expect("the pixels");
    }
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("the picture is written");
    path.to_str().expect("a UTF-8 path").to_string()
}

/// One graph line of `generate` with these options added, checked as a perfect maze.
fn graph_with(extra: &[&str]) -> Value {
    let mut args = vec!["generate", "--algorithm", ANY, "--seed", "4"];
    args.extend_from_slice(extra);
    let maze: Value = serde_json::from_str(ok(&args).trim_end()).unwrap();
    check_graph(&maze, &[]);
    maze
}

#[test]
fn a_png_mask_of_the_grids_size_switches_its_dark_pixels_cells_off() {
    let dir = scratch("png-cells");
    let rows = ["#......", ".......", "..# ...", "......#"];
    // Named like text: a PNG is known by its first bytes, not its name.
    let rgba = png_file(&dir, "picture.txt", &rows, false);
    let maze = graph_with(&["--mask", &rgba]);
    assert_eq!((&maze["width"], &maze["height"]), (&7.into(), &4.into()));
    assert_eq!(maze["disabled"], serde_json::json!([0, 16, 17, 27]));
    // The same cells on hexagons, and from a grey picture (no alpha: ' ' is white there).
    let hex = graph_with(&["--mask", &rgba, "--shape", "hex"]);
    assert_eq!(hex["disabled"], serde_json::json!([0, 16, 17, 27]));
    let grey = png_file(&dir, "grey.png", &rows, true);
    let maze = graph_with(&["--mask", &grey, "--shape", "triangle"]);
    assert_eq!(maze["disabled"], serde_json::json!([0, 16, 27]));
    // Given sizes fit the picture over the grid: each pixel two cells by two.
    let maze = graph_with(&["--mask", &grey, "--width", "14", "--height", "8"]);
    let mut off = Vec::new();
    for (x, y) in [(0, 0), (2, 2), (6, 3)] {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            off.push((2 * y + dy) * 14 + 2 * x + dx);
        }
    }
    off.sort_unstable();
    assert_eq!(maze["disabled"], serde_json::json!(off));
}

#[test]
fn a_png_mask_is_fitted_over_a_polar_grid() {
    use mazestep::topology::{Grid, Shape, Topology};
    let dir = scratch("png-polar");
    // 30 x 20 pixels: the left half black. Fitted over the disc's square box it is as wide as
    // the box, so only its left and right halves matter: cells left of the centre are off.
    let row = "#".repeat(15) + &".".repeat(15);
    let rows: Vec<&str> = (0..20).map(|_| row.as_str()).collect();
    let file = png_file(&dir, "half.png", &rows, false);
    let maze = graph_with(&["--mask", &file, "--shape", "polar", "--height", "6"]);
    assert_eq!(maze["rings"], 6);
    let grid = Grid::new(Shape::Polar, 1, 6).unwrap();
    // The picture is 40/30 cells tall: rows of the disc above and below it are off too.
    let scale = 12.0 / 30.0;
    let top = (12.0 - 20.0 * scale) / 2.0;
    let off: Vec<usize> = (0..grid.len())
        .filter(|&cell| {
            let (x, y) = grid.position(cell);
            x < 6.0 || y < top || y >= top + 20.0 * scale
        })
        .collect();
    assert!(
        off.len() > grid.len() / 2 && off.len() < grid.len(),
        "{off:?}"
    );
    assert_eq!(maze["disabled"], serde_json::json!(off));
    // A polar grid's rings are not in the picture: --height is needed (generate has no
    // default size).
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "polar",
            "--mask",
            &file,
        ],
        &["--height", "half.png", "polar"],
    );
}

#[test]
fn a_png_mask_keeps_the_largest_piece_of_cells() {
    let dir = scratch("png-pieces");
    let file = png_file(&dir, "two.png", &["..#.", "..#.", "####"], false);
    let maze = graph_with(&["--mask", &file]);
    // The two cells right of the black bar are apart from the four left of it.
    assert_eq!(
        maze["disabled"],
        serde_json::json!([2, 3, 6, 7, 8, 9, 10, 11])
    );
}

#[test]
fn bad_png_masks_are_refused_in_one_line_naming_the_file() {
    let dir = scratch("png-bad");
    let good = png_file(&dir, "good.png", &[".....", "....."], false);
    let bytes = std::fs::read(&good).unwrap();
    let cut = mask_file(&dir, "cut.png", "");
    std::fs::write(&cut, &bytes[..bytes.len() - 20]).unwrap();
    let mut garbage = bytes[..8].to_vec();
    garbage.extend_from_slice(b"not a picture at all\n\nreally");
    let broken = mask_file(&dir, "broken.png", "");
    std::fs::write(&broken, garbage).unwrap();
    for file in [&cut, &broken] {
        refused(
            &["generate", "--algorithm", ANY, "--mask", file],
            &["mask file", file, "is not a PNG picture that can be read"],
        );
    }
    for (name, rows) in [
        ("black.png", ["####", "####"]),
        ("clear.png", ["    ", "    "]),
    ] {
        let file = png_file(&dir, name, &rows, false);
        refused(
            &["generate", "--algorithm", ANY, "--mask", &file],
            &[name, "the picture switches off every cell"],
        );
    }
    // Dark pixels switch off: white on black is the maze's area.
    let dark = png_file(&dir, "dark.png", &["#.#", "#.#"], false);
    let maze = graph_with(&["--mask", &dark, "--shape", "hex"]);
    assert_eq!(maze["disabled"], serde_json::json!([0, 2, 3, 5]));
}

/// Whether two cells of a weave `width` wide are two apart in a line: a tunnel's ends.
fn two_apart(width: usize, a: usize, b: usize) -> bool {
    let (ax, ay, bx, by) = (a % width, a / width, b % width, b / width);
    (ay == by && ax.abs_diff(bx) == 2) || (ax == bx && ay.abs_diff(by) == 2)
}

#[test]
fn weaves_on_the_command_line() {
    for algorithm in ["recursive-backtracker", "kruskal"] {
        let out = ok(&[
            "generate",
            "--algorithm",
            algorithm,
            "--shape",
            "weave",
            "--width",
            "30",
            "--height",
            "30",
            "--seed",
            "6",
        ]);
        let maze = &graph_lines(&out)[0];
        assert_eq!(maze["shape"], "weave");
        let passages = check_graph(maze, &[]);
        // A weave's crossings are among the neighbours, and some are used.
        let inner = maze["neighbours"][2 * 30 + 2].as_array().unwrap().len();
        assert_eq!(
            inner,
            4 + 4,
            "an inner cell: four beside it, four it may tunnel to"
        );
        let tunnels = passages
            .iter()
            .filter(|&&(a, b)| two_apart(30, a, b))
            .count();
        assert!(tunnels > 0, "{algorithm}: no tunnel at 30 x 30");
        // Solve and stats too.
        let solved = ok(&[
            "solve",
            "--algorithm",
            algorithm,
            "--shape",
            "weave",
            "--width",
            "9",
            "--height",
            "7",
            "--seed",
            "2",
            "--solver",
            "a-star",
        ]);
        assert!(solved.contains("\"path\":["), "{solved}");
        let stats = ok(&[
            "stats",
            "--algorithm",
            algorithm,
            "--shape",
            "weave",
            "--width",
            "9",
            "--height",
            "7",
            "--samples",
            "3",
            "--seed",
            "1",
        ]);
        assert!(!stats.is_empty());
        let svg = ok(&[
            "solve",
            "--algorithm",
            algorithm,
            "--shape",
            "weave",
            "--width",
            "12",
            "--height",
            "9",
            "--seed",
            "4",
            "--solver",
            "bfs",
            "--format",
            "svg",
        ]);
        assert!(svg.contains("weave grid 12 × 9"), "{svg}");
        assert!(svg.contains("class=\"solution\""));
    }
    // Only the generators that place crossings make weaves; the others say why, exit 2.
    for entry in generators::ALL.iter().filter(|e| !e.weave) {
        let why = if entry.any_shape {
            "tunnel"
        } else {
            "rows and columns"
        };
        refused(
            &[
                "generate",
                "--algorithm",
                entry.info.name,
                "--shape",
                "weave",
                "--width",
                "6",
                "--height",
                "6",
            ],
            &[
                entry.info.name,
                "weave",
                why,
                "recursive-backtracker, kruskal",
            ],
        );
    }
    refused(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--shape",
            "weave",
            "--width",
            "6",
            "--height",
            "6",
            "--format",
            "tiles",
        ],
        &["weave grid", "graph"],
    );
}

/// Runs `mazestep` with `args`, killing it if it has not ended after `seconds`: a guard
/// against a hang (a 1024 × 1024 checkerboard once took 85 s), not a measure of speed.
fn mazestep_within(args: &[&str], seconds: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the mazestep binary runs");
    let began = std::time::Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if began.elapsed().as_secs() >= seconds {
            let _ = child.kill();
            panic!("{args:?} still ran after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("its output")
}

/// A mask in many pieces is counted in one pass: a checkerboard of 1024 × 1024 (524 288
/// pieces) as a picture keeps its largest piece (the first cell), and as text is refused
/// naming exactly that many pieces, counted here by hand.
#[test]
fn checkerboard_masks_of_many_pieces_are_counted_at_once() {
    let dir = scratch("checkerboard");
    let side = 1024;
    let rows: Vec<String> = (0..side)
        .map(|y| {
            (0..side)
                .map(|x| if (x + y) % 2 == 0 { '.' } else { '#' })
                .collect()
        })
        .collect();
    let row_refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let png = png_file(&dir, "checkerboard.png", &row_refs, true);
    assert!(
        std::fs::metadata(&png).unwrap().len() < 64 * 1024,
        "a small file"
    );
    let out = mazestep_within(
        &[
            "generate",
            "--algorithm",
            ANY,
            "--mask",
            &png,
            "--format",
            "none",
        ],
        60,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Polar and hexagons too (a hexagon's cells touch more neighbours: fewer pieces).
    for shape in ["hex", "triangle"] {
        let out = mazestep_within(
            &[
                "generate",
                "--algorithm",
                ANY,
                "--mask",
                &png,
                "--shape",
                shape,
                "--format",
                "none",
            ],
            60,
        );
        assert_eq!(out.status.code(), Some(0), "{shape}: {}", text(&out.stderr));
    }
    // As text: '.' on, 'X' off. On a checkerboard every cell that is on is a piece alone.
    let text_rows: String = rows
        .iter()
        .map(|row| row.replace('#', "X") + "\n")
        .collect();
    let on = rows
        .iter()
        .map(|row| row.chars().filter(|&c| c == '.').count())
        .sum::<usize>();
    let file = mask_file(&dir, "checkerboard.txt", &text_rows);
    let out = mazestep_within(&["generate", "--algorithm", ANY, "--mask", &file], 60);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("the mask leaves {on} separate regions")),
        "{err}"
    );
}

/// A mask file that begins with a byte order mark reads as the same mask.
#[test]
fn a_mask_file_with_a_byte_order_mark_is_read() {
    let dir = scratch("bom");
    let plain = mask_file(&dir, "plain.txt", "....\n.X..\n....\n");
    let bom = mask_file(&dir, "bom.txt", "\u{feff}....\r\n.X..\r\n....\r\n");
    let graph = |file: &str| {
        ok(&[
            "generate",
            "--algorithm",
            ANY,
            "--seed",
            "4",
            "--mask",
            file,
            "--format",
            "graph",
        ])
    };
    assert_eq!(graph(&bom), graph(&plain));
    assert!(graph(&bom).contains("\"disabled\":[5]"), "{}", graph(&bom));
}
