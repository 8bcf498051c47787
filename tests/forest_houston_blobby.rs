//! The promises of growing forest, Houston and blobby division (issue 31): perfect mazes on
//! every shape from 1×1 up and for many seeds, Houston's hand-over at the share it documents,
//! a forest of several trees, blobby walls with one door each, and every step taken back by
//! the machine itself. Checked against the maze rules, never against the code's own output.

#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::Board;
use mazestep::generators::{self, houston, GrowingForest, Houston};
use mazestep::machine::{Event, Machine};
use mazestep::maze::Maze;
use mazestep::rng::Rng;
use mazestep::topology::{Grid, Mask, Shape, Topology};

const NAMES: [&str; 3] = ["growing-forest", "houston", "blobby-division"];

/// The empty maze of a shape and size, if the grid exists.
fn empty(shape: Shape, width: u32, height: u32) -> Option<Maze> {
    Grid::new(shape, width, height).ok().map(Maze::on_grid)
}

/// A perfect maze by its definition: every cell that is on reached from one of them, and one
/// passage fewer than cells (so no loop). Counted here, not asked of the maze.
fn is_perfect(maze: &Maze) -> bool {
    let grid = maze.topology();
    let on: Vec<usize> = (0..grid.len()).filter(|&c| grid.is_on(c)).collect();
    let mut ends = 0;
    for &cell in &on {
        grid.for_each_neighbour(cell, |side, _| {
            ends += usize::from(maze.cell(cell) & (1 << side) != 0);
        });
    }
    let mut seen = vec![false; grid.len()];
    let mut stack = vec![on[0]];
    seen[on[0]] = true;
    let mut reached = 0;
    while let Some(cell) = stack.pop() {
        reached += 1;
        grid.for_each_neighbour(cell, |side, next| {
            if maze.cell(cell) & (1 << side) != 0 && !seen[next] {
                seen[next] = true;
                stack.push(next);
            }
        });
    }
    reached == on.len() && ends == 2 * (on.len() - 1)
}

#[test]
fn every_one_makes_perfect_mazes_on_every_shape_from_1x1_for_many_seeds() {
    let sizes = [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (3, 1),
        (1, 5),
        (3, 3),
        (6, 4),
        (9, 7),
    ];
    for name in NAMES {
        let entry = generators::find(name).unwrap();
        assert!(entry.any_shape && entry.perfect, "{name}");
        for shape in Shape::ALL.into_iter().filter(|&s| entry.works_on(s)) {
            for (width, height) in sizes {
                let Some(maze) = empty(shape, width, height) else {
                    continue;
                };
                for seed in 0..25 {
                    let made = generators::generate_on(name, maze.clone(), seed, 0.0).unwrap();
                    assert!(
                        is_perfect(&made),
                        "{name} on {shape} {width}x{height} seed {seed}:\n{}",
                        made.to_tile_text()
                    );
                }
            }
        }
        // A weave would tunnel anywhere: refused, as for every generator that does not weave.
        assert!(!entry.works_on(Shape::Weave), "{name}");
        let weave = empty(Shape::Weave, 5, 5).unwrap();
        assert!(
            generators::generate_on(name, weave, 1, 0.0).is_err(),
            "{name}"
        );
    }
}

#[test]
fn every_one_keeps_off_the_cells_a_mask_switches_off() {
    // A ring of cells around a hole: every region still has loops to split.
    let rows = (0..6)
        .map(|y| {
            (0..7)
                .map(|x| (2..5).contains(&x) && (2..4).contains(&y))
                .collect()
        })
        .collect();
    let grid = Grid::new(Shape::Square, 7, 6)
        .unwrap()
        .with_mask(&Mask::from_rows(rows))
        .unwrap();
    for name in NAMES {
        for seed in 0..10 {
            let made =
                generators::generate_on(name, Maze::on_grid(grid.clone()), seed, 0.0).unwrap();
            assert!(is_perfect(&made), "{name} seed {seed}");
            for cell in (0..grid.len()).filter(|&c| !grid.is_on(c)) {
                assert_eq!(
                    made.cell(cell),
                    0,
                    "{name}: a switched-off cell has a passage"
                );
            }
        }
    }
}

/// Steps Houston on `maze` to the end; returns how many cells were in the maze when it handed
/// over (None if it never did) and checks the steps on either side of the hand-over.
fn hand_over(maze: Maze, seed: u64) -> Option<usize> {
    let cells = (0..maze.len())
        .filter(|&c| maze.topology().is_on(c))
        .count();
    let mut machine = Houston::new(&maze);
    let mut board = Board::new(maze);
    let mut rng = Rng::new(seed);
    let mut joined = 0;
    let mut switched_at = None;
    while let Some(step) = machine.step(&mut board, &mut rng) {
        // Cells in the maze, counted from the step's own effect.
        match step.event {
            Event::Begin { .. } if joined == 0 => joined = 1,
            Event::Carve { .. } => joined += 1,
            Event::AddWalk { length, .. } => joined += length as usize,
            _ => {}
        }
        if switched_at.is_some() {
            // After the hand-over only Wilson's walks: no Aldous–Broder carve or stroll.
            assert!(
                !matches!(step.event, Event::Carve { .. }),
                "{step:?} after the hand-over"
            );
        } else if machine.switched() {
            switched_at = Some(joined);
            // The view says so, with the share it documents.
            let phase = &machine.inspect(board.maze(), 5)[0];
            assert_eq!(phase.title, "Phase");
            let want = format!("when {joined} of {cells} cells were in the maze");
            assert!(phase.note.contains(&want), "{}", phase.note);
        } else {
            assert!(joined < houston::switch_at(cells) || joined == cells);
            assert!(matches!(
                step.event,
                Event::Begin { .. } | Event::Carve { .. } | Event::Move { .. }
            ));
        }
        let counted = machine.counters();
        assert_eq!(counted[0], ("in the maze", joined as u64));
    }
    assert_eq!(joined, cells);
    assert!(is_perfect(board.maze()));
    switched_at
}

#[test]
fn houston_hands_over_to_wilson_once_a_third_of_the_cells_are_in() {
    assert_eq!(houston::switch_at(20), 7);
    assert_eq!(houston::switch_at(3), 1);
    for (shape, width, height) in [
        (Shape::Square, 5, 4),
        (Shape::Square, 12, 12),
        (Shape::Square, 1, 9),
        (Shape::Hex, 7, 6),
        (Shape::Triangle, 8, 5),
        (Shape::Polar, 6, 5),
    ] {
        for seed in 0..8 {
            let maze = empty(shape, width, height).unwrap();
            let cells = maze.len();
            let at = hand_over(maze, seed);
            assert_eq!(
                at,
                Some(houston::switch_at(cells)),
                "{shape} {width}x{height} seed {seed}"
            );
        }
    }
    // One cell: the walk's first step puts it in, and there is nothing left to hand over.
    assert_eq!(hand_over(Maze::new(1, 1).unwrap(), 1), None);
}

#[test]
fn growing_forest_grows_several_trees_before_the_first_join() {
    for (width, height, seed) in [(20, 20, 1), (10, 8, 5), (12, 12, 3), (33, 7, 9)] {
        let maze = Maze::new(width, height).unwrap();
        let cells = maze.len();
        let mut machine = GrowingForest::new(&maze);
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        let seeds = cells
            .div_ceil(generators::growing_forest::CELLS_PER_TREE)
            .max(2);
        loop {
            let step = machine.step(&mut board, &mut rng).expect("a join comes");
            if let Event::MergeSets { kept, absorbed, .. } = step.event {
                assert_ne!(kept, absorbed);
                break;
            }
        }
        // Before the first join: every seed planted, each a tree of its own.
        assert_eq!(machine.seeds().len(), seeds);
        assert_eq!(
            machine.trees() + 1,
            seeds,
            "{width}x{height}: one join so far"
        );
        while machine.step(&mut board, &mut rng).is_some() {}
        // The trees grew side by side: most seeds' trees (their labels) reach beyond the seed,
        // not one tree eating the grid.
        let mut sizes = vec![0; seeds + 1];
        for &label in board.groups() {
            sizes[label as usize] += 1;
        }
        assert_eq!(sizes[0], 0, "every cell grew in some tree");
        let grown = sizes[1..].iter().filter(|&&size| size > 1).count();
        assert!(
            2 * grown > seeds,
            "{width}x{height}: only {grown} trees grew: {sizes:?}"
        );
        assert_eq!(machine.trees(), 1);
        assert!(is_perfect(board.maze()));
    }
}

#[test]
fn blobby_division_only_builds_walls_each_with_one_door() {
    for (shape, width, height) in [
        (Shape::Square, 9, 7),
        (Shape::Hex, 6, 5),
        (Shape::Polar, 5, 4),
    ] {
        for seed in 0..6 {
            let maze = empty(shape, width, height).unwrap();
            let mut machine = generators::create("blobby-division", &maze).unwrap();
            assert!(machine.starts_open());
            let mut board = Board::new(generators::starting_maze(machine.as_ref(), maze));
            let mut rng = Rng::new(seed);
            let mut walls = 0;
            let mut before = board.maze().clone();
            while let Some(step) = machine.step(&mut board, &mut rng) {
                let now = board.maze();
                // Nothing is ever carved: every passage open now was open before.
                for cell in 0..now.len() {
                    assert_eq!(now.cell(cell) & !before.cell(cell), 0, "{shape} {step:?}");
                }
                let closed: u32 = (0..now.len())
                    .map(|c| (before.cell(c) & !now.cell(c)).count_ones())
                    .sum();
                match step.event {
                    Event::Divide {
                        cell, side, length, ..
                    } => {
                        walls += 1;
                        // `length` sides walled (each counted from both cells), the door open.
                        assert_eq!(closed, 2 * length, "{shape} {step:?}");
                        assert_ne!(now.cell(cell as usize) & (1 << side), 0, "the door is open");
                    }
                    _ => assert_eq!(closed, 0, "{shape}: {step:?} built a wall"),
                }
                before = now.clone();
            }
            assert!(walls > 0, "{shape} {width}x{height}");
            assert!(is_perfect(board.maze()), "{shape} seed {seed}");
            assert!(board.marks().iter().all(|&m| m == 0), "marks cleared");
            assert!(
                board.groups().iter().all(|&g| g == 0),
                "blob colours cleared"
            );
        }
    }
}

#[test]
fn every_one_takes_every_step_back_itself() {
    for name in NAMES {
        for (shape, width, height, seed) in [
            (Shape::Square, 6, 5, 1),
            (Shape::Square, 1, 1, 2),
            (Shape::Square, 2, 1, 3),
            (Shape::Hex, 5, 4, 4),
            (Shape::Triangle, 6, 3, 5),
            (Shape::Polar, 4, 3, 6),
        ] {
            let maze = empty(shape, width, height).unwrap();
            let mut machine = generators::create(name, &maze).unwrap();
            let mut board = Board::new(generators::starting_maze(machine.as_ref(), maze));
            board.set_journaling(true);
            let mut rng = Rng::new(seed);
            loop {
                let (before, notes) = (format!("{machine:?}"), board.notes().len());
                let Some(step) = machine.step(&mut board, &mut rng) else {
                    break;
                };
                let mut back = machine.clone();
                assert!(
                    back.undo(&step, &board.notes()[notes..], &board),
                    "{name} on {shape}: {step:?} not taken back"
                );
                assert_eq!(format!("{back:?}"), before, "{name} on {shape}: {step:?}");
            }
        }
    }
}
