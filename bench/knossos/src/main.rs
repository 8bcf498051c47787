//! `cargo run --release -- [--size N] [--reps R] [ALGORITHM ...]` (from bench/knossos, after
//! `cargo build --release` at the top): makes a maze of N×N with knossos and with
//! `target/release/mazestep generate --format none`, R times each, taking turns, each a whole
//! process of its own, and prints the fastest and the median of each and their ratio.
//!
//! Run as `… -- --knossos ALGORITHM N`, it is the knossos side: one maze, no output.

use knossos::maze::*;
use std::process::Command;
use std::time::{Duration, Instant};

/// The generators both have, by mazestep's names. Kruskal only when named: knossos 1.2.0's
/// took more than 15 minutes at 1000×1000 here (mazestep's: 80 ms).
const ALGORITHMS: &[&str] = &[
    "binary-tree",
    "sidewinder",
    "recursive-backtracker",
    "prim",
    "aldous-broder",
    "hunt-and-kill",
    "eller",
    "growing-tree",
    "recursive-division",
];

fn knossos_maze(name: &str, side: usize) {
    let algorithm: Box<dyn Algorithm> = match name {
        "binary-tree" => Box::new(BinaryTree::new(Bias::NorthEast)),
        "sidewinder" => Box::new(Sidewinder),
        "recursive-backtracker" => Box::new(RecursiveBacktracking),
        "kruskal" => Box::new(Kruskal),
        "prim" => Box::new(Prim::new()),
        "aldous-broder" => Box::new(AldousBroder),
        "hunt-and-kill" => Box::new(HuntAndKill::new()),
        "eller" => Box::new(Eller),
        "growing-tree" => Box::new(GrowingTree::new(Method::Newest)),
        "recursive-division" => Box::new(RecursiveDivision),
        other => panic!("knossos has no {other}"),
    };
    let maze = OrthogonalMazeBuilder::new()
        .width(side)
        .height(side)
        .algorithm(algorithm)
        .seed(Some(2024))
        .build();
    std::hint::black_box(&maze);
}

fn time(command: &mut Command) -> Duration {
    let began = Instant::now();
    let status = command.status().expect("could not start the command");
    assert!(status.success(), "{command:?} failed");
    began.elapsed()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--knossos") {
        // knossos's backtracker recurses once per cell: give it a stack that fits 1000².
        let (name, side) = (args[1].clone(), args[2].parse().expect("a side"));
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn(move || knossos_maze(&name, side))
            .expect("a thread")
            .join()
            .expect("knossos finished");
        return;
    }
    let (mut side, mut reps, mut only) = (1000usize, 15usize, Vec::new());
    let mut words = args.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--size" => side = words.next().and_then(|s| s.parse().ok()).expect("--size N"),
            "--reps" => reps = words.next().and_then(|s| s.parse().ok()).expect("--reps R"),
            name => only.push(name.to_string()),
        }
    }
    let here = std::env::current_exe().expect("own path");
    let mazestep = here
        .ancestors()
        .map(|dir| dir.join("../../../target/release/mazestep"))
        .find(|path| path.exists())
        .expect("build mazestep first: cargo build --release (at the top of the repository)");
    println!("{side}x{side}, {reps} runs each, whole processes, alternating; min / median ms");
    println!(
        "{:<24}{:>18}{:>18}{:>10}",
        "generator", "mazestep", "knossos", "ratio"
    );
    if only.is_empty() {
        only = ALGORITHMS.iter().map(|n| n.to_string()).collect();
    }
    for name in &only {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..reps {
            let side_text = side.to_string();
            ours.push(time(Command::new(&mazestep).args([
                "generate",
                "--algorithm",
                name,
                "--width",
                &side_text,
                "--height",
                &side_text,
                "--seed",
                "2024",
                "--format",
                "none",
            ])));
            theirs.push(time(Command::new(&here).args([
                "--knossos",
                name.as_str(),
                &side_text,
            ])));
        }
        ours.sort();
        theirs.sort();
        let (o, t) = (ms(ours[reps / 2]), ms(theirs[reps / 2]));
        println!(
            "{name:<24}{:>8.1} / {o:>6.1}{:>8.1} / {t:>6.1}{:>9.1}x",
            ms(ours[0]),
            ms(theirs[0]),
            t / o
        );
    }
}
