//! Properties every generator in the registry must have, plus each algorithm's own signature.
//!
//! The registry is iterated, so a generator added to `generators::ALL` is covered here without
//! touching this file.

// Native only: wasm-pack compiles every test target for wasm32, and these use host-only
// dev-dependencies. The browser tests are in tests/wasm.rs.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::{mark, Board};
use mazestep::generators::{self, BinaryTree, Kruskal, RecursiveBacktracker, SideWinder};
use mazestep::machine::{Event, Machine};
use mazestep::maze::{Direction, Maze};
use mazestep::rng::Rng;
use mazestep::run::{Run, Settings};
use proptest::prelude::*;

/// Sizes that often break grid code: single cells, single rows and columns, even and odd.
const EDGE_SIZES: &[(u32, u32)] = &[
    (1, 1),
    (1, 2),
    (2, 1),
    (1, 9),
    (9, 1),
    (2, 2),
    (3, 3),
    (4, 7),
    (7, 4),
    (16, 3),
];

fn names() -> Vec<&'static str> {
    generators::names()
}

/// The generators that promise a perfect maze (not the open worlds, tested in
/// tests/open_worlds.rs for what they promise instead).
fn maze_names() -> Vec<&'static str> {
    generators::ALL
        .iter()
        .filter(|entry| entry.perfect)
        .map(|entry| entry.info.name)
        .collect()
}

/// A perfect maze, or for an open world what it promises: consistent, obstacles without
/// passages, every two free neighbours joined, costs from 0 to 9.
fn check_made(name: &str, maze: &Maze) -> Result<(), String> {
    if generators::find(name).unwrap().perfect {
        return if maze.is_perfect() {
            Ok(())
        } else {
            Err(format!("{name} is not perfect:\n{}", maze.to_tile_text()))
        };
    }
    open_world_problem(maze).map_or(Ok(()), |why| Err(format!("{name}: {why}")))
}

/// What is wrong with an open world, if anything.
fn open_world_problem(maze: &Maze) -> Option<String> {
    if let Err(why) = maze.check_consistent() {
        return Some(why);
    }
    for cell in 0..maze.len() {
        let cost = maze.cost(cell);
        if cost > 9 {
            return Some(format!("cell {cell} costs {cost}"));
        }
        for dir in Direction::ALL {
            let Some(next) = maze.neighbour(cell, dir) else {
                continue;
            };
            let free = cost != 0 && maze.cost(next) != 0;
            if maze.is_open(cell, dir) != free {
                return Some(format!(
                    "cell {cell} {dir}: open {} but free on both sides {free}",
                    maze.is_open(cell, dir)
                ));
            }
        }
    }
    None
}

fn generate(name: &str, width: u32, height: u32, seed: u64) -> Maze {
    generators::generate(name, width, height, seed).expect("registered name, valid size")
}

/// A component number per cell, from the passages carved so far.
fn components(maze: &Maze) -> Vec<usize> {
    let mut component = vec![usize::MAX; maze.len()];
    let mut count = 0;
    for cell in 0..maze.len() {
        if component[cell] == usize::MAX {
            for (other, reached) in maze.reachable_from(cell).into_iter().enumerate() {
                if reached {
                    component[other] = count;
                }
            }
            count += 1;
        }
    }
    component
}

#[test]
fn registry_order_and_names() {
    assert_eq!(
        &names()[..4],
        [
            "binary-tree",
            "sidewinder",
            "recursive-backtracker",
            "kruskal"
        ]
    );
    for entry in generators::ALL {
        let lines = entry.info.pseudocode.len();
        assert!(lines > 0, "{} has no pseudocode", entry.info.name);
        for &(bit, meaning) in entry.info.marks {
            assert!(bit.is_power_of_two(), "{}", entry.info.name);
            assert!(!meaning.is_empty(), "{}", entry.info.name);
        }
    }
}

#[test]
fn edge_sizes_give_perfect_mazes() {
    for name in maze_names() {
        for &(w, h) in EDGE_SIZES {
            for seed in 0..8 {
                let maze = generate(name, w, h, seed);
                assert!(
                    maze.is_perfect(),
                    "{name} {w}x{h} seed {seed} is not perfect:\n{}",
                    maze.to_tile_text()
                );
            }
        }
    }
}

#[test]
fn seeds_change_the_maze() {
    // Not a law, but two seeds giving the same 16x16 maze would mean the seed is ignored.
    // The empty room is the one generator with nothing random in it.
    for name in names().into_iter().filter(|&name| name != "room") {
        assert_ne!(
            generate(name, 16, 16, 1),
            generate(name, 16, 16, 2),
            "{name}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_generator_makes_a_perfect_maze(w in 1u32..=24, h in 1u32..=24, seed in any::<u64>()) {
        for name in maze_names() {
            let maze = generate(name, w, h, seed);
            prop_assert!(maze.is_perfect(), "{} {}x{} seed {}:\n{}", name, w, h, seed, maze.to_tile_text());
        }
    }

    #[test]
    fn every_open_world_keeps_obstacles_closed_and_free_cells_joined(
        w in 1u32..=24, h in 1u32..=24, seed in any::<u64>(), density in 0.0..=0.9f64,
    ) {
        for entry in generators::ALL.iter().filter(|entry| !entry.perfect) {
            let options = generators::Options {
                density,
                ..Default::default()
            };
            let maze = generators::generate_with(entry.info.name, Maze::new(w, h).unwrap(), seed, 0.0, &options).unwrap();
            let problem = open_world_problem(&maze);
            prop_assert!(problem.is_none(), "{} {}x{} seed {}: {:?}", entry.info.name, w, h, seed, problem);
        }
    }

    #[test]
    fn same_seed_same_maze(w in 1u32..=20, h in 1u32..=20, seed in any::<u64>()) {
        for name in names() {
            prop_assert_eq!(generate(name, w, h, seed), generate(name, w, h, seed), "{}", name);
        }
    }

    #[test]
    fn stepping_one_at_a_time_equals_finishing(w in 1u32..=14, h in 1u32..=14, seed in any::<u64>()) {
        for name in names() {
            let mut stepped = Run::new(Settings::new(name, w, h, seed)).unwrap();
            let mut count = 0;
            while stepped.advance(1) == 1 {
                count += 1;
            }
            prop_assert_eq!(stepped.advance(1), 0, "{} keeps going after finishing", name);
            let mut finished = Run::new(Settings::new(name, w, h, seed)).unwrap();
            let total = finished.finish();
            prop_assert_eq!(count, total, "{} step counts differ", name);
            prop_assert_eq!(stepped.steps(), finished.steps());
            // Finishing runs `Machine::step_to_end`, which keeps its last step its own way.
            prop_assert_eq!(stepped.last_step(), finished.last_step(), "{}", name);
            prop_assert_eq!(stepped.maze(), finished.maze(), "{}", name);
            prop_assert_eq!(stepped.board().marks(), finished.board().marks(), "{}", name);
            prop_assert_eq!(stepped.board().groups(), finished.board().groups(), "{}", name);
            let made = check_made(name, stepped.maze());
            prop_assert!(made.is_ok(), "{:?}", made);
        }
    }

    /// With nobody watching (no marks, no journal) a machine may run to the end its own way,
    /// a row at a time say: from any point, that must end exactly where stepping ends. Widths
    /// reach past 64 so that rows span several words of coins.
    #[test]
    fn finishing_unwatched_from_any_point_equals_stepping(
        w in 1u32..=70, h in 1u32..=5, seed in any::<u64>(), part in 0.0..1.0f64,
    ) {
        for entry in generators::ALL {
            let name = entry.info.name;
            let maze = Maze::new(w, h).unwrap();
            let unwatched = |maze: &Maze| {
                let mut board = Board::new(generators::starting_maze(&*(entry.make)(maze, &Default::default()), maze.clone()));
                board.set_display(false);
                board
            };
            let (mut stepped, mut stepped_board, mut stepped_rng) =
                ((entry.make)(&maze, &Default::default()), unwatched(&maze), Rng::new(seed));
            let mut steps = Vec::new();
            while let Some(step) = stepped.step(&mut stepped_board, &mut stepped_rng) {
                steps.push(step);
            }
            let (mut finished, mut finished_board, mut finished_rng) =
                ((entry.make)(&maze, &Default::default()), unwatched(&maze), Rng::new(seed));
            let before = (steps.len() as f64 * part) as usize;
            for _ in 0..before {
                finished.step(&mut finished_board, &mut finished_rng);
            }
            let (rest, last) = finished.step_to_end(&mut finished_board, &mut finished_rng);
            prop_assert_eq!(before as u64 + rest, steps.len() as u64, "{} step count", name);
            let expected_last = if rest == 0 { None } else { steps.last().cloned() };
            prop_assert_eq!(last, expected_last, "{} last step", name);
            prop_assert_eq!(finished_board.maze(), stepped_board.maze(), "{} {}x{}", name, w, h);
            prop_assert!(finished.is_done(), "{} not done", name);
            prop_assert_eq!(finished_rng.next_u32(), stepped_rng.next_u32(), "{} random numbers", name);
        }
    }

    #[test]
    fn undoing_a_step_restores_the_board(w in 1u32..=7, h in 1u32..=7, seed in any::<u64>()) {
        for entry in generators::ALL {
            let name = entry.info.name;
            let maze = Maze::new(w, h).unwrap();
            let mut machine = (entry.make)(&maze, &Default::default());
            let mut board = Board::new(maze);
            board.set_journaling(true);
            let mut rng = Rng::new(seed);
            loop {
                let before = board.clone();
                let from = board.journal_len();
                let step = machine.step(&mut board, &mut rng);
                let changes = board.journal()[from..].to_vec();
                let Some(step) = step else {
                    prop_assert!(changes.is_empty(), "{} changed the board when it had finished", name);
                    break;
                };
                prop_assert!((step.line as usize) < entry.info.pseudocode.len(), "{} line {}", name, step.line);
                let after = board.clone();
                board.undo(&changes);
                prop_assert_eq!(board.maze(), before.maze(), "{} {:?}", name, step);
                prop_assert_eq!(board.marks(), before.marks(), "{} {:?}", name, step);
                prop_assert_eq!(board.groups(), before.groups(), "{} {:?}", name, step);
                board.redo(&changes);
                prop_assert_eq!(board.maze(), after.maze());
                prop_assert_eq!(board.marks(), after.marks());
                prop_assert_eq!(board.groups(), after.groups());
                board.clear_journal();
            }
            prop_assert!(machine.is_done());
            prop_assert!(machine.step(&mut board, &mut rng).is_none());
        }
    }

    #[test]
    fn sidewinder_rows_hang_from_the_top_corridor(w in 1u32..=20, h in 1u32..=20, seed in any::<u64>()) {
        let maze = generate("sidewinder", w, h, seed);
        for x in 0..w - 1 {
            prop_assert!(maze.is_open(maze.index(x, 0), Direction::East), "top row broken at {}", x);
        }
        for y in 1..h {
            // Split the row into runs (cells joined east-west) and count each run's ways north.
            let mut norths = 0;
            for x in 0..w {
                let cell = maze.index(x, y);
                norths += maze.is_open(cell, Direction::North) as u32;
                if !maze.is_open(cell, Direction::East) {
                    prop_assert_eq!(norths, 1, "run ending at ({}, {}) has {} north passages", x, y, norths);
                    norths = 0;
                }
            }
        }
    }

    #[test]
    fn binary_tree_has_its_two_corridors(w in 1u32..=20, h in 1u32..=20, seed in any::<u64>()) {
        let maze = generate("binary-tree", w, h, seed);
        for x in 0..w - 1 {
            prop_assert!(maze.is_open(maze.index(x, 0), Direction::East), "north row broken at {}", x);
        }
        for y in 1..h {
            prop_assert!(maze.is_open(maze.index(w - 1, y), Direction::North), "east column broken at {}", y);
        }
        // Every cell but the north-east corner carved exactly one of north and east.
        for cell in 0..maze.len() {
            let carved = maze.is_open(cell, Direction::North) as u32 + maze.is_open(cell, Direction::East) as u32;
            prop_assert_eq!(carved, u32::from(cell != w as usize - 1));
        }
    }

    #[test]
    fn kruskal_labels_follow_connectivity(w in 1u32..=8, h in 1u32..=8, seed in any::<u64>()) {
        let maze = Maze::new(w, h).unwrap();
        let mut kruskal = Kruskal::new(&maze);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        loop {
            let component = components(board.maze());
            let labels = board.groups();
            let mut sizes = vec![0usize; board.maze().len()];
            for &c in &component {
                sizes[c] += 1;
            }
            for a in 0..labels.len() {
                prop_assert_eq!(labels[a] == 0, sizes[component[a]] == 1, "cell {} label {}", a, labels[a]);
                for b in 0..labels.len() {
                    let connected = component[a] == component[b];
                    if a != b {
                        let same_label = labels[a] != 0 && labels[a] == labels[b];
                        prop_assert_eq!(same_label, connected, "cells {} and {}", a, b);
                    }
                    prop_assert_eq!(kruskal.set_of(a) == kruskal.set_of(b), connected);
                }
            }
            let distinct = component.iter().max().unwrap() + 1;
            prop_assert_eq!(kruskal.set_count(), distinct);
            match kruskal.step(&mut board, &mut rng) {
                None => break,
                Some(step) => match step.event {
                    Event::MergeSets { kept, .. } => prop_assert!(kept != 0),
                    Event::KeepWall { .. } => {}
                    other => prop_assert!(false, "unexpected event {:?}", other),
                },
            }
        }
        prop_assert_eq!(kruskal.set_count(), 1);
        prop_assert!(board.maze().is_perfect());
        prop_assert!(board.marks().iter().all(|&m| m == 0), "Kruskal uses no marks");
    }

    #[test]
    fn sidewinder_run_is_what_is_marked_active(w in 1u32..=12, h in 1u32..=12, seed in any::<u64>()) {
        let maze = Maze::new(w, h).unwrap();
        let mut machine = SideWinder::new(&maze);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        while let Some(step) = machine.step(&mut board, &mut rng) {
            let active: Vec<usize> = (0..board.maze().len())
                .filter(|&c| board.mark(c) & mark::ACTIVE != 0)
                .collect();
            prop_assert_eq!(machine.run().collect::<Vec<_>>(), active);
            if let Event::CloseRun { cell, side, run_len } = step.event {
                prop_assert_eq!(side, Direction::North.side());
                prop_assert!(run_len >= 1 && run_len <= w);
                prop_assert!(board.maze().is_open(cell as usize, Direction::North));
            }
        }
        prop_assert!(board.marks().iter().all(|&m| m == mark::VISITED));
    }

    #[test]
    fn backtracker_stack_is_an_open_path(w in 1u32..=10, h in 1u32..=10, seed in any::<u64>()) {
        let maze = Maze::new(w, h).unwrap();
        let mut machine = RecursiveBacktracker::new(&maze);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        let mut pushes = 0;
        let mut pops = 0;
        while let Some(step) = machine.step(&mut board, &mut rng) {
            match step.event {
                Event::Push { .. } => pushes += 1,
                Event::Pop { .. } => pops += 1,
                Event::Begin { .. } => {}
                other => prop_assert!(false, "unexpected event {:?}", other),
            }
            let stack = machine.stack();
            for pair in stack.windows(2) {
                let (a, b) = (pair[0] as usize, pair[1] as usize);
                let joined = Direction::ALL.iter().any(|&d| board.maze().passage(a, d) == Some(b));
                prop_assert!(joined, "stack cells {} and {} are not joined", a, b);
            }
            for (cell, &m) in board.marks().iter().enumerate() {
                prop_assert_eq!(m & mark::ACTIVE != 0, stack.contains(&(cell as u32)));
            }
        }
        let cells = (w * h) as usize;
        prop_assert_eq!(pushes, cells - 1);
        prop_assert_eq!(pops, cells);
        prop_assert!(board.marks().iter().all(|&m| m == mark::VISITED));
    }
}

#[test]
fn binary_tree_machine_visits_every_cell_once() {
    let maze = Maze::new(5, 4).unwrap();
    let mut machine = BinaryTree::new(maze.width(), maze.height(), Default::default());
    let mut board = Board::new(maze);
    let steps = mazestep::machine::run_to_end(&mut machine, &mut board, &mut Rng::new(9));
    assert_eq!(steps, 20);
    assert!(board.marks().iter().all(|&m| m == mark::VISITED));
}
