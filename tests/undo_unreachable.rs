//! Solver steps taken back where tests/undo.rs cannot reach: a generated maze always joins
//! start and goal, so no search there ends finding no way. Here the goal is walled off. A
//! solver must take every step back, exactly as it was before the step.

// Machines are `Debug` only natively (see `machine::DebugState`).
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::Board;
use mazestep::generators::generate_braided;
use mazestep::maze::{Maze, E, N, S, W};
use mazestep::rng::Rng;
use mazestep::solvers::{self, Outcome};

/// `maze` with every passage into `cell` closed.
fn walled_off(maze: &Maze, cell: usize) -> Maze {
    let width = maze.width() as usize;
    let mut cells = maze.cells().to_vec();
    let open = cells[cell];
    for (side, next, back) in [
        (N, cell.wrapping_sub(width), S),
        (E, cell + 1, W),
        (S, cell + width, N),
        (W, cell.wrapping_sub(1), E),
    ] {
        if open & side != 0 {
            cells[next] &= !back;
        }
    }
    cells[cell] = 0;
    Maze::from_cells(maze.width(), maze.height(), cells).unwrap()
}

#[test]
fn every_step_of_a_search_that_finds_no_way_is_taken_back() {
    for seed in 0..4 {
        // Perfect mazes and braided ones (loops: cells reached again, stale entries).
        let braid = if seed % 2 == 0 { 0.0 } else { 1.0 };
        let maze = generate_braided("recursive-backtracker", 9, 7, seed, braid).unwrap();
        let goal = maze.len() - 1 - seed as usize;
        let maze = walled_off(&maze, goal);
        for entry in solvers::ALL {
            let name = entry.info.name;
            let mut solver = (entry.make)(&maze, 0, goal, &Default::default());
            let mut board = Board::new(maze.clone());
            board.set_journaling(true);
            let mut rng = Rng::new(0);
            let mut at = 0;
            loop {
                let before = format!("{solver:?}");
                let notes = board.notes().len();
                let Some(step) = solver.step(&mut board, &mut rng) else {
                    break;
                };
                at += 1;
                let after = format!("{solver:?}");
                let mut back = solver.clone();
                let label = format!("{name}, seed {seed}: step {at} ({:?})", step.event);
                assert!(
                    back.undo(&step, &board.notes()[notes..], &board),
                    "{label} not taken back"
                );
                assert_eq!(format!("{back:?}"), before, "{label} taken back");
                assert_ne!(after, before, "{label} changed nothing");
            }
            // The goal is out of reach: every search ends without a path.
            assert!(
                !matches!(solver.outcome(), Some(Outcome::Found(_)) | None),
                "{name}: {:?}",
                solver.outcome()
            );
        }
    }
}
