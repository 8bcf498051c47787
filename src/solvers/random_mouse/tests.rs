//! The random mouse against the rules it promises: a legal path on every shape, no turning
//! back but at a dead end, and a walk that stops at its limit or when walled in, saying why.

use super::*;
use crate::generators::generate_on;
use crate::maze::{E, W};
use crate::solvers::{find, Report};
use crate::topology::{mask_makers, Grid, Shape};
use crate::world::Search;

/// Runs the mouse from `start` to `goal` on `maze`, checking every move as it goes: it leaves
/// through an open passage, and it goes back the way it came only from a dead end. Returns
/// the report and the last step.
fn walk(maze: &Maze, start: usize, goal: usize) -> (Report, Option<Step>) {
    let mut mouse = (find("random-mouse").unwrap().make)(maze, start, goal, &Search::default());
    let mut board = Board::new(maze.clone());
    let mut rng = Rng::new(0);
    let (mut steps, mut last, mut came_from) = (0, None, None);
    while let Some(step) = mouse.step(&mut board, &mut rng) {
        steps += 1;
        if let Event::Move { from, to, heading } = step.event {
            let (from, to) = (from as usize, to as usize);
            assert_eq!(maze.passage_through(from, heading), Some(to), "{step:?}");
            let open = maze.cell(from).count_ones();
            if came_from == Some(to) {
                assert_eq!(
                    open, 1,
                    "turned back at {from} with {open} ways open: {step:?}"
                );
            }
            came_from = Some(from);
        }
        last = Some(step);
    }
    let outcome = mouse.outcome().cloned().expect("the walk ended");
    let report = Report {
        cost: 0.0,
        outcome,
        visited: mouse.visited(),
        steps,
        paths: None,
        marks: None,
    };
    (report, last)
}

/// A path from `start` to `goal` through open passages, no cell twice.
fn assert_path(maze: &Maze, path: &[usize], start: usize, goal: usize, label: &str) {
    assert_eq!(path.first(), Some(&start), "{label}");
    assert_eq!(path.last(), Some(&goal), "{label}");
    for pair in path.windows(2) {
        let joined = (0..8).any(|side| maze.passage_through(pair[0], side) == Some(pair[1]));
        assert!(
            joined,
            "{label}: no passage from {} to {}",
            pair[0], pair[1]
        );
    }
    let mut seen = path.to_vec();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), path.len(), "{label}: a cell twice in {path:?}");
}

#[test]
fn finds_a_path_on_every_shape() {
    let grid = |shape, width, height| Grid::new(shape, width, height).unwrap();
    let heart = mask_makers::preset("heart", Shape::Square, 11, 10).unwrap();
    let grids = [
        ("hex", grid(Shape::Hex, 7, 6)),
        ("triangle", grid(Shape::Triangle, 8, 5)),
        ("polar", grid(Shape::Polar, 1, 5)),
        ("weave", grid(Shape::Weave, 8, 6)),
        (
            "heart",
            grid(Shape::Square, 11, 10).with_mask(&heart).unwrap(),
        ),
    ];
    let mut mazes: Vec<(String, Maze)> = Vec::new();
    for seed in 0..4 {
        for (name, grid) in &grids {
            // Weaves come from Kruskal, which places crossings; braided mazes have loops.
            let generator = if *name == "weave" {
                "kruskal"
            } else {
                "recursive-backtracker"
            };
            for braid in [0.0, 0.5] {
                let maze = generate_on(generator, Maze::on_grid(grid.clone()), seed, braid);
                mazes.push((format!("{name} seed {seed} braid {braid}"), maze.unwrap()));
            }
        }
        let square = crate::generators::generate("wilson", 9, 7, seed).unwrap();
        mazes.push((format!("square seed {seed}"), square));
    }
    for (label, maze) in &mazes {
        let on: Vec<usize> = (0..maze.len())
            .filter(|&c| maze.grid().map_or(true, |g| g.is_on(c)))
            .collect();
        let (start, goal) = (on[0], on[on.len() - 1]);
        let (report, last) = walk(maze, start, goal);
        let Outcome::Found(path) = &report.outcome else {
            panic!("{label}: {:?}", report.outcome);
        };
        assert_path(maze, path, start, goal, label);
        assert_eq!(last.map(|s| s.line), Some(FOUND.0), "{label}");
        assert!(report.visited as usize <= on.len(), "{label}");
    }
}

#[test]
fn gives_up_at_its_move_limit_and_says_so() {
    // 0 - 1 | 2: the goal is walled off, so the mouse paces 0 and 1 until it may move no more.
    let maze = Maze::from_cells(3, 1, vec![E, W, 0]).unwrap();
    let (report, last) = walk(&maze, 0, 2);
    let limit = move_limit(3);
    assert_eq!(limit, 3 * MOVES_PER_CELL);
    assert_eq!(
        report.steps,
        1 + limit,
        "the start, then every move allowed"
    );
    let Outcome::GaveUp { route, reason } = &report.outcome else {
        panic!("{:?}", report.outcome);
    };
    assert_eq!(*reason, STEP_LIMIT);
    assert_eq!(route.first(), Some(&0));
    let last = last.unwrap();
    assert_eq!(last.line, GIVE_UP.0);
    assert!(matches!(last.event, Event::Move { .. }));
    let said = report.outcome.no_path().unwrap();
    assert!(said.contains("step limit reached"), "{said}");
    // The last step says so too.
    let mut mouse = RandomMouse::new(&maze, 0, 2);
    let mut board = Board::new(maze.clone());
    let mut rng = Rng::new(0);
    let mut last = None;
    while let Some(step) = mouse.step(&mut board, &mut rng) {
        last = Some(step);
    }
    let words = mouse.narrate(&last.unwrap(), &maze);
    assert!(words.contains("the last allowed"), "{words}");
    assert!(words.contains(&limit.to_string()), "{words}");
}

#[test]
fn the_limit_grows_with_the_grid_up_to_a_cap() {
    assert_eq!(move_limit(1), MOVES_PER_CELL);
    assert_eq!(move_limit(100), 100 * MOVES_PER_CELL);
    assert_eq!(move_limit(4096 * 4096), MAX_MOVES);
    assert_eq!(move_limit(usize::MAX), MAX_MOVES);
}

#[test]
fn a_walled_in_start_gives_up_at_once() {
    let maze = Maze::new(2, 1).unwrap();
    let (report, last) = walk(&maze, 0, 1);
    assert_eq!(report.steps, 2);
    assert_eq!(last.map(|s| s.event), Some(Event::Unreachable));
    assert!(matches!(
        report.outcome,
        Outcome::GaveUp {
            reason: reasons::WALLED_IN,
            ..
        }
    ));
    // On the goal already: found at once, a path of one cell.
    let (report, _) = walk(&maze, 1, 1);
    assert_eq!(report.outcome, Outcome::Found(vec![1]));
}

#[test]
fn the_same_maze_and_ends_give_the_same_walk() {
    let maze = crate::generators::generate("kruskal", 12, 9, 4).unwrap();
    let (a, _) = walk(&maze, 0, maze.len() - 1);
    let (b, _) = walk(&maze, 0, maze.len() - 1);
    assert_eq!(a, b);
    // Other ends, another walk: the choices are not the same whatever the ends.
    let (c, _) = walk(&maze, maze.len() - 1, 0);
    assert_ne!(a.steps, c.steps);
}
