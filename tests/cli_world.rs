//! `mazestep solve --world FILE`, the search options and `generate --format world`, run as a
//! user would: world files read back, costs worked out here by hand from the printed path,
//! and every refusal one line with exit status 2.

// Native only: wasm-pack compiles every test target for wasm32, and these use host-only
// dev-dependencies.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn mazestep(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .expect("the mazestep binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("output is UTF-8")
}

/// Runs a command that must end with `status`, and returns its stdout.
fn ends_with(status: i32, args: &[&str]) -> String {
    let out = mazestep(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(status), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    text(&out.stdout)
}

/// A command refused as bad input: status 2, nothing on stdout, one line on stderr holding
/// every string in `mentions`.
fn refused(args: &[&str], mentions: &[&str]) -> String {
    let out = mazestep(args);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    for wanted in mentions {
        assert!(err.contains(wanted), "{args:?}: {wanted:?} not in {err:?}");
    }
    err
}

/// Writes `contents` to a fresh file named after the test and returns its path.
fn world_file(name: &str, contents: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_world");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.txt"));
    std::fs::write(&path, contents).unwrap();
    path.to_string_lossy().into_owned()
}

fn json(line: &str) -> Value {
    serde_json::from_str(line.trim()).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// The path as (x, y) pairs.
fn path_of(result: &Value) -> Vec<(i64, i64)> {
    result["path"]
        .as_array()
        .expect("a path")
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect()
}

/// The rows of a world file as characters.
fn grid(world: &str) -> Vec<Vec<char>> {
    world.lines().map(|row| row.chars().collect()).collect()
}

/// The cost of a path through a world, worked out from the text: each cell entered costs its
/// digit (`.`, `S`, `G` cost 1), √2 times for a diagonal move. Panics on a blocked cell.
fn cost_by_hand(world: &str, path: &[(i64, i64)]) -> f64 {
    let rows = grid(world);
    path.windows(2)
        .map(|pair| {
            let ((ax, ay), (bx, by)) = (pair[0], pair[1]);
            let cost = match rows[by as usize][bx as usize] {
                '#' => panic!("the path enters the blocked cell ({bx}, {by})"),
                '.' | 'S' | 'G' => 1.0,
                digit => f64::from(digit.to_digit(10).unwrap()),
            };
            if ax != bx && ay != by {
                cost * std::f64::consts::SQRT_2
            } else {
                cost
            }
        })
        .sum()
}

/// A wall with one gap, and a swamp of 9s straight ahead: the cheap way goes round.
const DETOUR: &str = "\
S..#....
.#.#.99.
.#...99G
.#####..
........
";

#[test]
fn a_world_file_is_solved_from_its_s_to_its_g_and_the_cost_adds_up() {
    let file = world_file("detour", DETOUR);
    let line = ends_with(
        0,
        &[
            "solve", "--world", &file, "--solver", "dijkstra", "--format", "json",
        ],
    );
    let result = json(&line);
    assert_eq!(result["start"], serde_json::json!([0, 0]));
    assert_eq!(result["goal"], serde_json::json!([7, 2]));
    let path = path_of(&result);
    assert_eq!(path.first(), Some(&(0, 0)));
    assert_eq!(path.last(), Some(&(7, 2)));
    for pair in path.windows(2) {
        let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
        assert_eq!(dx.abs() + dy.abs(), 1, "four moves only: {pair:?}");
    }
    // The path never enters a blocked cell (cost_by_hand panics if it does), and its cost is
    // the sum of the costs entered.
    let cost = result["cost"].as_f64().unwrap();
    assert_eq!(cost, cost_by_hand(DETOUR, &path));
    // --start and --goal win over the file's S and G.
    let moved = json(&ends_with(
        0,
        &[
            "solve", "--world", &file, "--solver", "bfs", "--start", "0,4", "--goal", "7,4",
            "--format", "json",
        ],
    ));
    let path = path_of(&moved);
    assert_eq!((path[0], path[path.len() - 1]), ((0, 4), (7, 4)));
    assert_eq!(
        moved["cost"].as_f64().unwrap(),
        7.0,
        "seven cells of cost 1 along the row"
    );
}

#[test]
fn a_goal_walled_in_by_obstacles_ends_with_status_1_and_a_null_cost() {
    let file = world_file("walled", "S.#.\n..#G\n");
    let out = mazestep(&[
        "solve", "--world", &file, "--solver", "bfs", "--format", "json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let result = json(&text(&out.stdout));
    assert!(
        result["path"].is_null() && result["cost"].is_null(),
        "{result}"
    );
    assert_eq!(result["outcome"], "unreachable");
}

/// The start's sides are all blocked: the goal is reached only diagonally, squeezing between
/// two blocked cells, which only `--corners always` allows.
const CORNERS_ONLY: &str = "\
S#.
#.#
..G
";

#[test]
fn bfs_dfs_and_greedy_reach_a_goal_only_diagonally_under_corners_always() {
    let file = world_file("corners-only", CORNERS_ONLY);
    for solver in ["bfs", "dfs", "greedy", "dijkstra"] {
        let line = ends_with(
            0,
            &[
                "solve",
                "--world",
                &file,
                "--solver",
                solver,
                "--moves",
                "8",
                "--corners",
                "always",
                "--format",
                "json",
            ],
        );
        let result = json(&line);
        let path = path_of(&result);
        assert_eq!(path.first(), Some(&(0, 0)), "{solver}: {line}");
        assert_eq!(path.last(), Some(&(2, 2)), "{solver}: {line}");
        for pair in path.windows(2) {
            let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
            assert!(
                dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
                "{solver}: {pair:?}"
            );
        }
        // Never into a blocked cell (cost_by_hand panics), and the cost printed adds up.
        let cost = result["cost"].as_f64().unwrap();
        assert!(
            (cost - cost_by_hand(CORNERS_ONLY, &path)).abs() < 1e-5,
            "{solver}: {line}"
        );
        if solver == "bfs" {
            assert_eq!(path, [(0, 0), (1, 1), (2, 2)], "the fewest moves: {line}");
        }
        // Eight moves with the default rule (no-obstacles), or four: no way out of the start.
        for moves in ["8", "4"] {
            let out = mazestep(&[
                "solve", "--world", &file, "--solver", solver, "--moves", moves,
            ]);
            assert_eq!(out.status.code(), Some(1), "{solver} --moves {moves}");
            let err = text(&out.stderr);
            assert!(err.contains("no path"), "{solver} --moves {moves}: {err}");
        }
    }
}

#[test]
fn generate_world_text_round_trips_through_solve_world() {
    for (algorithm, density) in [("obstacles", "0.25"), ("caves", "0.45"), ("terrain", "0.3")] {
        let world = ends_with(
            0,
            &[
                "generate",
                "--algorithm",
                algorithm,
                "--width",
                "14",
                "--height",
                "9",
                "--seed",
                "5",
                "--density",
                density,
                "--format",
                "world",
            ],
        );
        let rows = grid(&world);
        assert_eq!(rows.len(), 9, "{algorithm}:\n{world}");
        assert!(rows.iter().all(|row| row.len() == 14), "{algorithm}");
        assert_eq!(rows[0][0], 'S', "{algorithm}: the start at the default end");
        assert_eq!(rows[8][13], 'G', "{algorithm}: the goal at the default end");
        let file = world_file(&format!("round-trip-{algorithm}"), &world);
        // The same search in the generated world and in the world read back.
        let solve = |source: &[&str]| {
            let mut args = vec!["solve", "--solver", "dijkstra", "--format", "json"];
            args.extend_from_slice(source);
            let out = mazestep(&args);
            assert!(matches!(out.status.code(), Some(0 | 1)), "{source:?}");
            json(&text(&out.stdout))
        };
        let generated = solve(&[
            "--algorithm",
            algorithm,
            "--width",
            "14",
            "--height",
            "9",
            "--seed",
            "5",
            "--density",
            density,
        ]);
        let read_back = solve(&["--world", &file]);
        assert_eq!(generated["cells"], read_back["cells"], "{algorithm}");
        assert_eq!(generated["path"], read_back["path"], "{algorithm}");
        // S and G are written over the cells' own costs and read back as cost 1: only worlds
        // of cost 1 and obstacles keep the goal's cost.
        if algorithm != "terrain" {
            assert_eq!(generated["cost"], read_back["cost"], "{algorithm}");
        }
        // The printed world is what the search saw, cell for cell.
        if let Some(path) = read_back["path"].as_array() {
            let path: Vec<(i64, i64)> = path
                .iter()
                .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
                .collect();
            let cost = read_back["cost"].as_f64().unwrap();
            assert_eq!(cost, cost_by_hand(&world, &path), "{algorithm}");
        }
    }
}

#[test]
fn density_sets_the_share_of_obstacles() {
    for (density, blocked) in [("0", 0), ("0.5", 50), ("0.9", 90)] {
        let world = ends_with(
            0,
            &[
                "generate",
                "--algorithm",
                "obstacles",
                "--width",
                "10",
                "--height",
                "10",
                "--seed",
                "1",
                "--density",
                density,
                "--format",
                "world",
            ],
        );
        // S and G are printed over whatever lies there: count the other 98 cells, and allow
        // for an obstacle under each of them.
        let hashes = world.chars().filter(|&c| c == '#').count();
        assert!(
            hashes <= blocked && hashes + 2 >= blocked,
            "density {density}: {hashes} blocked"
        );
    }
}

#[test]
fn malformed_world_files_name_the_row_and_column() {
    let file = world_file("bad-char", "S..\n.x.\n..G\n");
    refused(
        &["solve", "--world", &file, "--solver", "bfs"],
        &["row 2, column 2", "bad-char.txt"],
    );
    let file = world_file("ragged", "S..\n..\n..G\n");
    refused(&["solve", "--world", &file, "--solver", "bfs"], &["row 2:"]);
    let file = world_file("two-starts", "S.S\n..G\n");
    refused(
        &["solve", "--world", &file, "--solver", "bfs"],
        &["row 1, column 3", "second S"],
    );
    refused(
        &[
            "solve",
            "--world",
            "/nonexistent/world.txt",
            "--solver",
            "bfs",
        ],
        &["cannot read world file"],
    );
}

#[test]
fn bad_search_options_and_conflicts_are_refused_with_one_line() {
    let file = world_file("plain", "S..\n...\n..G\n");
    let solve = |extra: &[&str], mentions: &[&str]| {
        let mut args = vec!["solve", "--world", file.as_str(), "--solver", "a-star"];
        args.extend_from_slice(extra);
        refused(&args, mentions);
    };
    solve(&["--moves", "6"], &["moves '6'", "4", "8"]);
    solve(&["--moves", "4", "--corners", "always"], &["--moves 8"]);
    solve(&["--moves", "8", "--corners", "never"], &["--moves 4"]);
    solve(
        &["--corners", "sometimes"],
        &["'sometimes'", "no-obstacles"],
    );
    solve(&["--heuristic", "taxi"], &["'taxi'", "octile"]);
    solve(&["--weight", "0.5"], &["weight '0.5'", "1 to 100"]);
    solve(&["--weight", "heavy"], &["weight 'heavy'"]);
    solve(&["--width", "5"], &["--width", "--world"]);
    solve(&["--algorithm", "kruskal"], &["--algorithm", "--world"]);
    solve(&["--format", "world"], &["generate"]);
    // Diagonal moves on another shape.
    refused(
        &["solve", "--solver", "bfs", "--shape", "hex", "--moves", "8"],
        &["diagonal", "hex"],
    );
    // Density out of range, or with a maze that is not an open world's format.
    refused(
        &[
            "generate",
            "--algorithm",
            "obstacles",
            "--width",
            "5",
            "--height",
            "5",
            "--density",
            "0.95",
        ],
        &["density '0.95'", "0.9"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            "obstacles",
            "--width",
            "5",
            "--height",
            "5",
            "--density",
            "lots",
        ],
        &["density 'lots'"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            "kruskal",
            "--width",
            "5",
            "--height",
            "5",
            "--format",
            "world",
        ],
        &["format world", "obstacles"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            "obstacles",
            "--width",
            "5",
            "--height",
            "5",
            "--braid",
            "0.5",
        ],
        &["braid", "open world"],
    );
    refused(
        &[
            "generate",
            "--algorithm",
            "caves",
            "--shape",
            "hex",
            "--width",
            "5",
            "--height",
            "5",
            "--format",
            "world",
        ],
        &["world", "square"],
    );
}

#[test]
fn open_worlds_are_listed_in_their_group_and_solve_on_other_shapes() {
    let list = ends_with(0, &["list"]);
    for name in ["room", "obstacles", "rooms", "caves", "terrain"] {
        assert!(list.contains(name), "{name} not listed:\n{list}");
    }
    // Rooms need rows and columns; the others work on a hex grid.
    refused(
        &[
            "solve",
            "--solver",
            "bfs",
            "--algorithm",
            "rooms",
            "--shape",
            "hex",
        ],
        &["rooms", "rows and columns"],
    );
    let out = mazestep(&[
        "solve",
        "--solver",
        "bfs",
        "--algorithm",
        "caves",
        "--shape",
        "hex",
        "--seed",
        "3",
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
}

#[test]
fn stats_take_the_density_and_refuse_braiding_an_open_world() {
    let blocked_share = |density: &str| {
        let out = ends_with(
            0,
            &[
                "stats",
                "--algorithm",
                "obstacles",
                "--width",
                "10",
                "--height",
                "10",
                "--samples",
                "2",
                "--seed",
                "1",
                "--density",
                density,
                "--format",
                "json",
            ],
        );
        json(&out)
    };
    // Measuring worlds of other densities gives other statistics.
    assert_ne!(blocked_share("0.1")["stats"], blocked_share("0.6")["stats"]);
    refused(
        &[
            "stats",
            "--algorithm",
            "caves",
            "--width",
            "10",
            "--height",
            "10",
            "--samples",
            "2",
            "--braid",
            "0.5",
        ],
        &["braid", "open world"],
    );
}

/// A weight or a density out of range is quoted as it was typed, never as the number read
/// from it (1e308 once read "18446744073709551615", 1e-300 "0", 100.0000000000001 "100").
#[test]
fn numbers_out_of_range_are_quoted_as_typed() {
    let file = world_file("numbers", "S..\n...\n..G\n");
    for weight in ["1e308", "1e-300", "100.0000000000001", "0.999999999", "-0"] {
        let line = refused(
            &[
                "solve", "--world", &file, "--solver", "a-star", "--weight", weight,
            ],
            &[
                &format!("weight '{weight}' is not allowed"),
                "from 1 to 100",
            ],
        );
        assert!(!line.contains("18446744073709551615"), "{line}");
    }
    let long = "9".repeat(300);
    let line = refused(
        &[
            "solve", "--world", &file, "--solver", "a-star", "--weight", &long,
        ],
        &["weight '9999", "…'", "from 1 to 100"],
    );
    assert!(line.len() < 200, "the value is cut: {line}");
    for density in ["1e308", "0.90000000000001"] {
        refused(
            &[
                "generate",
                "--algorithm",
                "obstacles",
                "--width",
                "5",
                "--height",
                "5",
                "--density",
                density,
            ],
            &[&format!("density '{density}' is not allowed"), "0.9"],
        );
    }
}

/// A world file is read no further than the largest world: an endless one is refused once
/// it has passed that, and a file of random bytes too (it never grows without end).
#[test]
fn endless_world_files_are_refused_after_the_largest_world() {
    for device in ["/dev/zero", "/dev/urandom"] {
        if !std::path::Path::new(device).exists() {
            continue;
        }
        refused(
            &["solve", "--solver", "bfs", "--world", device],
            &[
                &format!("world file '{device}' is too big"),
                "4096 rows of 4096 cells",
                "bytes are read",
            ],
        );
    }
    // Just over the limit on disk: the same.
    let row = ".".repeat(4096) + "\n";
    let mut big = row.repeat(4096);
    big.push_str(&"\n".repeat(200_000));
    let file = world_file("too-big", &big);
    refused(
        &["solve", "--solver", "bfs", "--world", &file],
        &["too-big.txt' is too big"],
    );
}

/// A byte order mark (an editor's) starts the file; blank lines before the rows are skipped,
/// and a later message names the file's line.
#[test]
fn a_byte_order_mark_and_blank_lines_before_the_rows_are_fine() {
    let plain = ends_with(
        0,
        &[
            "solve",
            "--world",
            &world_file("plain-bom-0", "S.#\n...\n#.G\n"),
            "--solver",
            "bfs",
            "--format",
            "json",
        ],
    );
    for (name, contents) in [
        ("bom", "\u{feff}S.#\n...\n#.G\n"),
        ("bom-crlf", "\u{feff}S.#\r\n...\r\n#.G\r\n"),
        ("blank-first", "\n\r\n\nS.#\n...\n#.G\n\n"),
        ("bom-blank-first", "\u{feff}\n\nS.#\n...\n#.G\n"),
    ] {
        let out = ends_with(
            0,
            &[
                "solve",
                "--world",
                &world_file(name, contents),
                "--solver",
                "bfs",
                "--format",
                "json",
            ],
        );
        assert_eq!(out, plain, "{name}");
    }
    refused(
        &[
            "solve",
            "--world",
            &world_file("blank-then-bad", "\n\nS.#\n.q.\n#.G\n"),
            "--solver",
            "bfs",
        ],
        &["row 2 (line 4), column 2: 'q' is not a cell"],
    );
}

/// `solve --format none` and an unknown format list every format solve writes, graph too.
#[test]
fn format_refusals_list_every_format_the_command_writes() {
    let file = world_file("formats", "S..\n...\n..G\n");
    for format in ["none", "pdf", "world"] {
        refused(
            &[
                "solve", "--world", &file, "--solver", "bfs", "--format", format,
            ],
            &[
                &format!("format '{format}'"),
                "use tiles, json, svg or graph",
            ],
        );
    }
}
