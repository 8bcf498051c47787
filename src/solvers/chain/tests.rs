//! The chain algorithm against its promises: a legal path whenever breadth-first search finds
//! one, on perfect, braided and open mazes over many seeds, and "unreachable" when there is
//! none; the guide line goes cell by cell from start to goal.

use super::*;
use crate::generators::{generate_braided, generate_with, Options};
use crate::maze::{E, W};

fn run(maze: &Maze, start: usize, goal: usize) -> (Outcome, Vec<Step>, Vec<String>) {
    let mut chain = Chain::new(maze, start, goal);
    let mut board = Board::new(maze.clone());
    let mut rng = Rng::new(0);
    let (mut steps, mut words) = (Vec::new(), Vec::new());
    while let Some(step) = chain.step(&mut board, &mut rng) {
        words.push(chain.narrate(&step, maze));
        steps.push(step);
        assert!(steps.len() < 100_000, "the chain runs on");
    }
    (chain.outcome().cloned().unwrap(), steps, words)
}

fn assert_legal(maze: &Maze, path: &[usize], start: usize, goal: usize, label: &str) {
    assert_eq!(path.first(), Some(&start), "{label}");
    assert_eq!(path.last(), Some(&goal), "{label}");
    for pair in path.windows(2) {
        let joined = Direction::ALL
            .into_iter()
            .any(|dir| maze.passage(pair[0], dir) == Some(pair[1]));
        assert!(
            joined,
            "{label}: no passage from {} to {}",
            pair[0], pair[1]
        );
    }
    let mut seen = path.to_vec();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), path.len(), "{label}: a cell twice");
}

#[test]
fn the_guide_line_goes_cell_by_cell_from_start_to_goal() {
    for (width, height) in [(1, 1), (7, 1), (1, 5), (9, 6), (13, 4), (4, 13)] {
        let cells = width * height;
        for start in 0..cells {
            for goal in 0..cells {
                let line = guide_line(width, start, goal);
                assert_eq!(line[0] as usize, start);
                assert_eq!(*line.last().unwrap() as usize, goal);
                let (dx, dy) = (
                    (start % width).abs_diff(goal % width),
                    (start / width).abs_diff(goal / width),
                );
                assert_eq!(line.len(), dx + dy + 1, "{start} to {goal}");
                for pair in line.windows(2) {
                    let (a, b) = (pair[0] as usize, pair[1] as usize);
                    let steps = (a % width).abs_diff(b % width) + (a / width).abs_diff(b / width);
                    assert_eq!(steps, 1, "{start} to {goal}: {a} then {b}");
                }
            }
        }
    }
    // A straight diagonal stays next to the true line: 0,0 to 4,4 alternates.
    let line = guide_line(5, 0, 24);
    assert_eq!(line, [0, 1, 6, 7, 12, 13, 18, 19, 24]);
}

#[test]
fn finds_a_legal_path_whenever_there_is_one() {
    let mut found = 0;
    let mut unreachable = 0;
    for seed in 0..40 {
        let mut mazes = Vec::new();
        for (generator, braid) in [
            ("recursive-backtracker", 0.0),
            ("kruskal", 0.0),
            ("prim", 0.5),
            ("recursive-backtracker", 1.0),
            ("sidewinder", 0.3),
        ] {
            mazes.push((
                format!("{generator} braid {braid}"),
                generate_braided(generator, 13, 9, seed, braid).unwrap(),
            ));
        }
        for (world, density) in [
            ("obstacles", 0.3),
            ("caves", 0.45),
            ("cellular-automaton", 0.3),
        ] {
            let options = Options {
                density,
                ..Options::default()
            };
            let empty = Maze::new(13, 9).unwrap();
            let maze = generate_with(world, empty, seed, 0.0, &options).unwrap();
            mazes.push((world.to_string(), maze));
        }
        for (name, maze) in &mazes {
            for (start, goal) in [(0, maze.len() - 1), (maze.len() - 1, 0), (14, 100), (60, 5)] {
                let label = format!("{name} seed {seed} {start} to {goal}");
                let reachable = maze.reachable_from(start)[goal];
                let (outcome, steps, words) = run(maze, start, goal);
                match outcome {
                    Outcome::Found(path) => {
                        assert!(reachable, "{label}: found a way to a cell out of reach");
                        assert_legal(maze, &path, start, goal, &label);
                        assert_eq!(steps.last().unwrap().line, FOUND.0, "{label}");
                        found += 1;
                    }
                    Outcome::Unreachable => {
                        assert!(
                            !reachable,
                            "{label}: said unreachable\n{}",
                            words.join("\n")
                        );
                        assert_eq!(steps.last().unwrap().line, BOTH_BACK.0, "{label}");
                        unreachable += 1;
                    }
                    other => panic!("{label}: {other:?}"),
                }
            }
        }
    }
    assert!(
        found > 800 && unreachable > 50,
        "{found} found, {unreachable} unreachable"
    );
}

#[test]
fn says_unreachable_when_both_robots_come_back() {
    // 0 - 1 | 2: the goal is walled off; the robots pace 0 and 1 and come back.
    let maze = Maze::from_cells(3, 1, vec![E, W, 0]).unwrap();
    let (outcome, steps, words) = run(&maze, 0, 2);
    assert_eq!(outcome, Outcome::Unreachable);
    assert_eq!(steps.last().unwrap().line, BOTH_BACK.0);
    assert!(steps.iter().any(|s| s.line == BUMP.0));
    let said = words.join("\n");
    assert!(said.contains("is back where it began"), "{said}");
    assert!(said.contains("cannot be reached"), "{said}");
    // A start walled in: the robots cannot move at all.
    let maze = Maze::from_cells(3, 1, vec![0, E, W]).unwrap();
    let (outcome, _, _) = run(&maze, 0, 2);
    assert_eq!(outcome, Outcome::Unreachable);
}

#[test]
fn walks_straight_down_an_open_line_and_round_a_wall() {
    // An open 5 × 1 corridor: the line is open all the way.
    let maze = Maze::from_cells(5, 1, vec![E, E | W, E | W, E | W, W]).unwrap();
    let (outcome, steps, _) = run(&maze, 0, 4);
    assert_eq!(outcome, Outcome::Found(vec![0, 1, 2, 3, 4]));
    assert!(steps.iter().all(|s| s.line != BUMP.0 && s.line != ROBOT.0));
    // A perfect maze: somewhere a wall is met and a robot wins.
    let maze = generate_braided("kruskal", 9, 9, 3, 0.0).unwrap();
    let (_, steps, words) = run(&maze, 0, 80);
    assert!(steps.iter().any(|s| s.line == BUMP.0));
    let said = words.join("\n");
    assert!(said.contains("wins, and the walker follows"), "{said}");
    assert!(said.contains("back on the guide line"), "{said}");
}
