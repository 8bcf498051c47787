//! Generator knobs (src/generators/knobs.rs): a knob left at its default makes the very maze
//! made without it, and each knob changes the texture the way docs/cli.md says, measured
//! here over several seeds with counts written in this file (not the core's statistics).

#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators::{self, Knobs, Options};
use mazestep::maze::{Direction, Maze};
use mazestep::stats;

const SEEDS: std::ops::Range<u64> = 1..9;

fn made(generator: &str, width: u32, height: u32, seed: u64, knobs: &str) -> Maze {
    let options = Options {
        knobs: Knobs::parse(knobs).unwrap(),
        ..Default::default()
    };
    let empty = Maze::new(width, height).unwrap();
    generators::generate_with(generator, empty, seed, 0.0, &options).unwrap()
}

/// The mean length of the stretches of cells joined east to west, over the rows below the
/// top one (SideWinder's runs).
fn mean_run(maze: &Maze) -> f64 {
    let (mut runs, mut cells) = (0u64, 0u64);
    for y in 1..maze.height() {
        for x in 0..maze.width() {
            cells += 1;
            if x == 0 || !maze.is_open(maze.index(x, y), Direction::West) {
                runs += 1;
            }
        }
    }
    cells as f64 / runs as f64
}

/// The share of the walls between east-west neighbours, in every row but the last, that are
/// open (Eller's joins).
fn joined_share(maze: &Maze) -> f64 {
    let (mut open, mut all) = (0u64, 0u64);
    for y in 0..maze.height() - 1 {
        for x in 0..maze.width() - 1 {
            all += 1;
            open += u64::from(maze.is_open(maze.index(x, y), Direction::East));
        }
    }
    open as f64 / all as f64
}

/// Passages down from each row to the next, over all rows but the last.
fn downs(maze: &Maze) -> u64 {
    (0..maze.len() - maze.width() as usize)
        .filter(|&cell| maze.is_open(cell, Direction::South))
        .count() as u64
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let all: Vec<f64> = values.collect();
    all.iter().sum::<f64>() / all.len() as f64
}

#[test]
fn every_knob_at_its_default_makes_the_maze_made_without_it() {
    for knob in generators::KNOBS {
        let default = format!("{}={}", knob.name, knob.text(knob.default));
        for seed in SEEDS {
            let plain = generators::generate(knob.generator, 13, 9, seed).unwrap();
            assert_eq!(
                made(knob.generator, 13, 9, seed, &default),
                plain,
                "{default} (seed {seed}) changed {}'s maze",
                knob.generator
            );
        }
    }
}

#[test]
fn every_knob_value_makes_a_connected_maze_and_the_chances_keep_it_perfect() {
    let values = [
        ("binary-tree", "bias=nw"),
        ("binary-tree", "bias=se"),
        ("binary-tree", "bias=sw"),
        ("sidewinder", "run-close=0"),
        ("sidewinder", "run-close=1"),
        ("sidewinder", "run-close=0.3"),
        ("eller", "join=0,drop=0"),
        ("eller", "join=1,drop=1"),
        ("growing-tree", "policy=newest"),
        ("growing-tree", "policy=random"),
        ("growing-tree", "policy=oldest"),
        ("growing-tree", "mix=90"),
        // Rooms are open: loops, but every cell reached.
        ("recursive-division", "min-room=2"),
        ("recursive-division", "min-room=64"),
    ];
    for (generator, knobs) in values {
        for (width, height) in [(1, 1), (1, 6), (6, 1), (2, 2), (11, 7)] {
            let maze = made(generator, width, height, 4, knobs);
            maze.check_consistent().unwrap();
            let label = format!("{generator} {knobs} {width}x{height}");
            if generator == "recursive-division" {
                assert!(maze.reachable_from(0).iter().all(|&r| r), "{label}");
            } else {
                assert!(maze.is_perfect(), "{label} is not perfect");
            }
        }
    }
}

#[test]
fn sidewinder_closing_nearly_always_gives_vertical_corridors_and_rarely_long_runs() {
    let runs = |knobs| mean(SEEDS.map(|seed| mean_run(&made("sidewinder", 30, 20, seed, knobs))));
    let (often, fair, rarely) = (runs("run-close=0.95"), runs(""), runs("run-close=0.1"));
    assert!(often < 1.1, "run-close 0.95: mean run {often}");
    assert!((1.8..2.2).contains(&fair), "run-close 0.5: mean run {fair}");
    assert!(rarely > 7.0, "run-close 0.1: mean run {rarely}");
}

#[test]
fn binary_tree_leaves_open_corridors_along_its_two_sides() {
    let (w, h) = (9, 7);
    for seed in SEEDS {
        let sw = made("binary-tree", w, h, seed, "bias=south-west");
        // The south row runs west to its corner, and the west column runs south to it.
        assert!((1..w).all(|x| sw.is_open(sw.index(x, h - 1), Direction::West)));
        assert!((0..h - 1).all(|y| sw.is_open(sw.index(0, y), Direction::South)));
        let ne = made("binary-tree", w, h, seed, "");
        assert!((0..w - 1).all(|x| ne.is_open(ne.index(x, 0), Direction::East)));
        assert!(!(1..w).all(|x| ne.is_open(ne.index(x, h - 1), Direction::West)));
    }
}

#[test]
fn eller_joining_rarely_gives_vertical_corridors() {
    let joined = |knobs| mean(SEEDS.map(|seed| joined_share(&made("eller", 30, 20, seed, knobs))));
    let (rare, fair, often) = (joined("join=0.05"), joined(""), joined("join=0.95"));
    assert!(rare < 0.06, "join 0.05: {rare} of the row walls open");
    assert!((0.3..0.5).contains(&fair), "join 0.5: {fair}");
    // Joined cells share a set, and so do the cells below them: a high chance joins more, but
    // the next row keeps the walls within a set.
    assert!(often > fair + 0.08, "join 0.95: {often}, 0.5: {fair}");
}

#[test]
fn eller_dropping_always_carves_every_floor_and_never_only_one_a_set() {
    let (w, h) = (12, 8);
    for seed in SEEDS {
        let all = made("eller", w, h, seed, "drop=1");
        assert_eq!(downs(&all), u64::from(w * (h - 1)));
        // Drop 0: one passage down a set, so the maze stays perfect with far fewer.
        let few = made("eller", w, h, seed, "drop=0");
        let fair = made("eller", w, h, seed, "");
        assert!(downs(&few) < downs(&fair), "seed {seed}");
    }
}

/// Whether every cell lies in some `k` × `k` square of cells with every wall inside open.
fn in_open_squares(maze: &Maze, k: u32) -> bool {
    let open_square = |x0: u32, y0: u32| {
        (x0..x0 + k).all(|x| {
            (y0..y0 + k).all(|y| {
                let cell = maze.index(x, y);
                (x + 1 == x0 + k || maze.is_open(cell, Direction::East))
                    && (y + 1 == y0 + k || maze.is_open(cell, Direction::South))
            })
        })
    };
    let mut covered = vec![false; maze.len()];
    for y0 in 0..=maze.height() - k {
        for x0 in 0..=maze.width() - k {
            if open_square(x0, y0) {
                for y in y0..y0 + k {
                    for x in x0..x0 + k {
                        covered[maze.index(x, y)] = true;
                    }
                }
            }
        }
    }
    covered.iter().all(|&c| c)
}

#[test]
fn recursive_division_leaves_rooms_at_least_the_smallest_room() {
    for k in [2, 3, 5] {
        for seed in SEEDS {
            let maze = made("recursive-division", 24, 18, seed, &format!("min-room={k}"));
            maze.check_consistent().unwrap();
            let everywhere = maze.reachable_from(0).iter().all(|&r| r);
            assert!(everywhere, "min-room {k} seed {seed}: not connected");
            assert!(in_open_squares(&maze, k), "min-room {k} seed {seed}");
            assert!(!maze.is_perfect(), "min-room {k}: rooms make loops");
        }
    }
    // The plain division leaves corridors one cell wide, in no open 2 × 2 square.
    let plain = made("recursive-division", 24, 18, 1, "");
    assert!(plain.is_perfect() && !in_open_squares(&plain, 2));
}

#[test]
fn growing_tree_newest_has_fewer_dead_ends_than_random() {
    let dead = |knobs| {
        mean(SEEDS.map(|seed| {
            stats::measure(&made("growing-tree", 20, 20, seed, knobs)).dead_end_share()
        }))
    };
    let (newest, mix, random) = (dead("policy=newest"), dead(""), dead("policy=random"));
    assert!(
        newest < 0.15 && newest < mix && mix < random && random > 0.25,
        "dead ends: newest {newest}, mix {mix}, random {random}"
    );
}

// ---- The command line: the one form, and refusals with status 2 and one line. ----

fn mazestep(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .expect("the mazestep binary runs")
}

fn refused(args: &[&str], says: &str) {
    let out = mazestep(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert_eq!(err, format!("mazestep: {says}\n"), "{args:?}");
}

#[test]
fn the_command_line_takes_knobs_by_knob_or_by_name_and_makes_the_core_maze() {
    let tiles = |args: &[&str]| {
        let out = mazestep(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let base = [
        "generate",
        "--algorithm",
        "sidewinder",
        "--width",
        "9",
        "--height",
        "6",
        "--seed",
        "5",
    ];
    let by_knob = tiles(&[&base[..], &["--knob", "run-close=0.9"]].concat());
    let by_name = tiles(&[&base[..], &["--run-close", "0.9"]].concat());
    assert_eq!(by_knob, by_name);
    let core = made("sidewinder", 9, 6, 5, "run-close=0.9").to_tile_text();
    assert_eq!(by_knob.trim_end(), core.trim_end());
    assert_ne!(by_knob, tiles(&base));
    // At its default, the knob changes nothing the command writes.
    assert_eq!(
        tiles(&[&base[..], &["--knob", "run-close=0.5"]].concat()),
        tiles(&base)
    );
    // Two knobs, each in its own --knob; stats and solve take them too.
    let eller = [
        "--algorithm",
        "eller",
        "--width",
        "8",
        "--height",
        "8",
        "--seed",
        "2",
    ];
    let two = ["--knob", "join=0.1", "--knob", "drop=0.7"];
    tiles(&[&["generate"][..], &eller, &two].concat());
    tiles(&[&["solve", "--solver", "bfs"][..], &eller, &two].concat());
    tiles(&[&["stats", "--samples", "3"][..], &eller, &two].concat());
}

#[test]
fn the_cellular_automatons_rule_is_a_knob_too() {
    let tiles = |extra: &[&str]| {
        let mut args = vec![
            "generate",
            "--algorithm",
            "cellular-automaton",
            "--width",
            "24",
            "--height",
            "16",
            "--seed",
            "7",
        ];
        args.extend_from_slice(extra);
        let out = mazestep(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    // Maze is the default; Mazectric grows another maze from the same noise.
    assert_eq!(tiles(&["--knob", "rule=maze"]), tiles(&[]));
    assert_eq!(
        tiles(&["--rule", "mazectric"]),
        tiles(&["--knob", "rule=mazectric"])
    );
    assert_ne!(tiles(&["--rule", "mazectric"]), tiles(&[]));
    let core = made("cellular-automaton", 24, 16, 7, "rule=mazectric").to_tile_text();
    assert_eq!(tiles(&["--rule", "mazectric"]).trim_end(), core.trim_end());
}

#[test]
fn the_command_line_refuses_a_knob_the_generator_lacks_or_a_value_out_of_range() {
    let gen = |algorithm, extra: &[&'static str]| {
        let mut args = vec![
            "generate",
            "--algorithm",
            algorithm,
            "--width",
            "5",
            "--height",
            "5",
        ];
        args.extend_from_slice(extra);
        args
    };
    refused(
        &gen("eller", &["--knob", "run-close=0.9"]),
        "eller has no knob run-close: its knobs are join, drop",
    );
    refused(
        &gen("kruskal", &["--bias", "sw"]),
        "kruskal has no knobs (bias is not one): knobs are for binary-tree, sidewinder, eller, recursive-division, growing-tree, cellular-automaton",
    );
    refused(
        &gen("sidewinder", &["--run-close", "1.5"]),
        "knob run-close '1.5' is not allowed: give a number from 0 to 1",
    );
    refused(
        &gen("recursive-division", &["--knob", "min-room=0"]),
        "knob min-room '0' is not allowed: give a whole number from 1 to 64",
    );
    refused(
        &gen("eller", &["--knob", "join"]),
        "knob 'join' is not NAME=VALUE: write it e.g. run-close=0.8",
    );
    refused(
        &gen("eller", &["--join", "0.1", "--knob", "join=0.2"]),
        "knob join is given twice: give it once",
    );
    refused(
        &gen("growing-tree", &["--policy", "newest", "--mix", "20"]),
        "knob mix is read only with policy=mix: leave it out, or give policy=mix",
    );
    let stats = [
        "stats",
        "--algorithm",
        "prim",
        "--width",
        "5",
        "--height",
        "5",
        "--samples",
        "2",
        "--knob",
        "join=0.5",
    ];
    refused(&stats, "prim has no knobs (join is not one): knobs are for binary-tree, sidewinder, eller, recursive-division, growing-tree, cellular-automaton");
}
