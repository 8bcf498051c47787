//! Mazes on every grid shape, with and without masks: every generator that works on any shape
//! makes a perfect maze, the same one for the same seed; the square-only ones are refused.

use mazestep::generators::{self, GenerateError};
use mazestep::maze::Maze;
use mazestep::run::{Run, Settings};
use mazestep::topology::{Grid, Mask, Shape, Topology};

const SIZES: [(u32, u32); 7] = [(1, 1), (1, 2), (2, 1), (2, 2), (5, 4), (9, 7), (16, 3)];

fn empty(shape: Shape, width: u32, height: u32) -> Option<Maze> {
    Grid::new(shape, width, height).ok().map(Maze::on_grid)
}

/// A mask of `width` × `height` with a hole in the middle and a corner cut off: one region.
fn holed_mask(width: u32, height: u32) -> Mask {
    let rows = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| (x == 0 && y == 0) || (x == width / 2 && y == height / 2))
                .collect()
        })
        .collect();
    Mask::from_rows(rows)
}

#[test]
fn every_any_shape_generator_makes_perfect_mazes_on_every_shape() {
    let any: Vec<_> = generators::ALL.iter().filter(|e| e.any_shape).collect();
    assert!(!any.is_empty(), "no generator works on every shape yet");
    for entry in any {
        for shape in Shape::ALL {
            for (width, height) in SIZES {
                let Some(maze) = empty(shape, width, height) else {
                    continue;
                };
                for seed in [1, 2, 3] {
                    let made = generators::generate_on(entry.info.name, maze.clone(), seed, 0.0)
                        .unwrap_or_else(|e| panic!("{} on {shape}: {e}", entry.info.name));
                    assert!(
                        made.is_perfect(),
                        "{} on {shape} {width}x{height} seed {seed}: not perfect",
                        entry.info.name
                    );
                    let again =
                        generators::generate_on(entry.info.name, maze.clone(), seed, 0.0).unwrap();
                    assert_eq!(
                        made, again,
                        "{} on {shape}: same seed, other maze",
                        entry.info.name
                    );
                }
            }
        }
    }
}

#[test]
fn masked_grids_give_perfect_mazes_on_the_cells_that_are_on() {
    for entry in generators::ALL.iter().filter(|e| e.any_shape) {
        for shape in [Shape::Square, Shape::Hex, Shape::Triangle] {
            let grid = Grid::new(shape, 9, 7)
                .unwrap()
                .with_mask(&holed_mask(9, 7))
                .unwrap();
            assert_eq!(grid.regions(), 1);
            let maze = Maze::on_grid(grid.clone());
            let made = generators::generate_on(entry.info.name, maze, 4, 0.0).unwrap();
            assert!(made.is_perfect(), "{} on masked {shape}", entry.info.name);
            for cell in 0..grid.len() {
                if !grid.is_on(cell) {
                    assert_eq!(
                        made.cell(cell),
                        0,
                        "{}: a switched-off cell was carved",
                        entry.info.name
                    );
                }
            }
        }
    }
}

#[test]
fn square_only_generators_are_refused_on_other_shapes() {
    for entry in generators::ALL.iter().filter(|e| !e.any_shape) {
        let maze = empty(Shape::Hex, 5, 5).unwrap();
        match generators::generate_on(entry.info.name, maze, 1, 0.0) {
            Err(GenerateError::Shape(why)) => {
                assert!(why.starts_with(entry.info.name), "{why}");
                assert!(why.contains("hex grid"), "{why}");
                assert!(why.contains("recursive-backtracker"), "{why}");
            }
            other => panic!("{} on hex: {other:?}", entry.info.name),
        }
    }
}

#[test]
fn a_mask_in_pieces_is_refused() {
    let mask = Mask::parse("..X..\n..X..\n").unwrap();
    let settings = Settings::new("recursive-backtracker", 5, 2, 1).with_mask(mask);
    let error = Run::new(settings).err().expect("refused").to_string();
    assert!(error.contains("2 separate regions"), "{error}");
}

#[test]
fn runs_step_through_other_shapes() {
    for shape in Shape::ALL {
        let settings = Settings::new("recursive-backtracker", 6, 5, 7).with_shape(shape);
        let mut run = Run::new(settings).unwrap();
        run.finish();
        assert!(run.maze().is_perfect(), "{shape}");
    }
}

/// Every step of every generator that works on any shape, and of braiding after it, taken
/// back on the other shapes and a masked grid: the run is as it was before the step, field for
/// field, and stepping again repeats the step.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn every_any_shape_generator_takes_its_steps_back_on_every_shape() {
    for entry in generators::ALL.iter().filter(|e| e.any_shape) {
        let name = entry.info.name;
        let mut cases: Vec<Settings> = Vec::new();
        for shape in [Shape::Hex, Shape::Triangle, Shape::Polar] {
            for (seed, braid) in [(1, 0.0), (2, 0.6)] {
                cases.push(
                    Settings::new(name, 7, 6, seed)
                        .with_shape(shape)
                        .with_braid(braid),
                );
            }
        }
        cases.push(Settings::new(name, 9, 7, 3).with_mask(holed_mask(9, 7)));
        for settings in cases {
            let label = format!(
                "{name} on {:?} braid {} seed {}",
                settings.shape, settings.braid, settings.seed
            );
            let mut run = Run::new(settings).unwrap_or_else(|e| panic!("{label}: {e}"));
            loop {
                let before = run.fingerprint();
                if run.advance(1) == 0 {
                    break;
                }
                let (after, step, at) = (run.fingerprint(), run.last_step(), run.steps());
                assert!(run.undo(), "{label}: step {at} ({step:?}) not taken back");
                assert_eq!(run.fingerprint(), before, "{label}: step {at} ({step:?})");
                run.advance(1);
                assert_eq!(run.last_step(), step, "{label}: step {at} again");
                assert_eq!(run.fingerprint(), after, "{label}: step {at} again differs");
            }
            assert!(
                run.maze().is_perfect() || run.settings().braid > 0.0,
                "{label}"
            );
        }
    }
}
