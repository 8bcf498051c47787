//! The open-world generators (room, obstacles, rooms, caves, terrain), checked for what each
//! promises instead of a perfect maze. The promises every open world shares (obstacles without
//! passages, free neighbours joined, stepping equals finishing, undo) are in tests/generators.rs
//! and tests/shapes.rs.

// Native only: wasm-pack compiles every test target for wasm32, and these use host-only
// dev-dependencies.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::Board;
use mazestep::generators::{self, Options, OPEN_WORLDS};
use mazestep::machine::{Event, Machine};
use mazestep::maze::Maze;
use mazestep::rng::Rng;
use mazestep::run::{Run, RunError, Settings};
use mazestep::topology::{Grid, Shape, Topology};
use proptest::prelude::*;

fn world(name: &str, width: u32, height: u32, seed: u64, density: f64) -> Maze {
    let options = Options {
        density,
        ..Default::default()
    };
    generators::generate_with(name, Maze::new(width, height).unwrap(), seed, 0.0, &options).unwrap()
}

fn blocked(maze: &Maze) -> usize {
    (0..maze.len()).filter(|&c| maze.cost(c) == 0).count()
}

/// The cells reachable from `from` without entering a blocked cell, by passages.
fn free_region(maze: &Maze, from: usize) -> usize {
    maze.reachable_from(from).iter().filter(|&&r| r).count()
}

#[test]
fn the_open_worlds_are_one_group_and_none_is_promised_perfect() {
    let names: Vec<&str> = generators::ALL
        .iter()
        .filter(|e| e.group == OPEN_WORLDS)
        .map(|e| e.info.name)
        .collect();
    assert_eq!(
        names,
        [
            "room",
            "obstacles",
            "rooms",
            "caves",
            "terrain",
            "cellular-automaton"
        ]
    );
    for entry in generators::ALL {
        assert_eq!(
            entry.perfect,
            entry.group != OPEN_WORLDS,
            "{}",
            entry.info.name
        );
    }
}

#[test]
fn the_room_opens_every_wall_and_blocks_nothing_on_every_shape() {
    for shape in [Shape::Square, Shape::Hex, Shape::Triangle, Shape::Polar] {
        let grid = Grid::new(shape, 6, 5).unwrap();
        let maze = generators::generate_on("room", Maze::on_grid(grid.clone()), 1, 0.0).unwrap();
        for cell in 0..grid.len() {
            assert_eq!(maze.cost(cell), 1, "{shape}");
            grid.for_each_neighbour(cell, |side, _| {
                assert!(
                    maze.cell(cell) & (1 << side) != 0,
                    "{shape}: cell {cell} side {side}"
                );
            });
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn obstacles_block_exactly_the_density_of_the_cells(
        w in 1u32..=30, h in 1u32..=30, seed in any::<u64>(), density in 0.0..=0.9f64,
    ) {
        let maze = world("obstacles", w, h, seed, density);
        let expected = (density * f64::from(w * h)).round() as usize;
        prop_assert_eq!(blocked(&maze), expected);
        prop_assert_eq!(&maze, &world("obstacles", w, h, seed, density), "deterministic per seed");
    }

    #[test]
    fn the_caves_fill_blocks_about_the_density(seed in any::<u64>(), density in 0.0..=0.9f64) {
        // The first step, the random fill, is a coin per cell: 1600 cells keep the share
        // within 5 standard deviations (at most 0.0625) of the density.
        let maze = Maze::new(40, 40).unwrap();
        let mut caves = generators::Caves::new(&maze, density);
        let mut board = Board::new(maze.into_open_field());
        let step = caves.step(&mut board, &mut Rng::new(seed)).unwrap();
        let Event::Generation { number: 0, blocked: filled, freed: 0 } = step.event else {
            panic!("the first step is the fill: {step:?}");
        };
        prop_assert_eq!(filled as usize, blocked(board.maze()));
        let share = f64::from(filled) / 1600.0;
        prop_assert!((share - density).abs() < 0.0625, "{} for {}", share, density);
    }

    #[test]
    fn rooms_keep_every_free_cell_reachable_through_the_doors(
        w in 1u32..=40, h in 1u32..=30, seed in any::<u64>(),
    ) {
        let maze = world("rooms", w, h, seed, 0.3);
        let free: Vec<usize> = (0..maze.len()).filter(|&c| maze.cost(c) != 0).collect();
        prop_assert!(!free.is_empty());
        prop_assert_eq!(free_region(&maze, free[0]), free.len(), "\n{}", maze.to_tile_text());
        // A wall needs 5 cells across (2, the wall, 2) and an odd place for its door along.
        if (w >= 5 && h >= 2) || (h >= 5 && w >= 2) {
            prop_assert!(blocked(&maze) > 0);
        }
    }

    #[test]
    fn terrain_costs_are_1_to_9_nothing_is_blocked_and_neighbours_are_close(
        w in 2u32..=40, h in 2u32..=40, seed in any::<u64>(),
    ) {
        let maze = world("terrain", w, h, seed, 0.3);
        let costs: Vec<u8> = (0..maze.len()).map(|c| maze.cost(c)).collect();
        prop_assert!(costs.iter().all(|&c| (1..=9).contains(&c)), "{:?}", costs);
        // Smooth: east neighbours differ by about 1 on average (noise, not speckles; costs
        // drawn at random from 1 to 9 differ by 3.0 on average).
        let width = w as usize;
        let pairs: Vec<u8> = (0..maze.len())
            .filter(|cell| cell % width + 1 < width)
            .map(|cell| costs[cell].abs_diff(costs[cell + 1]))
            .collect();
        let mean = pairs.iter().map(|&d| f64::from(d)).sum::<f64>() / pairs.len() as f64;
        // A few pairs (a 2 x 3 world) can all straddle one slope: judge smoothness on enough.
        if pairs.len() >= 300 {
            prop_assert!(mean < 1.5, "mean difference {}", mean);
        }
    }
}

#[test]
fn terrain_uses_several_costs_and_seeds_change_it() {
    let one = world("terrain", 40, 30, 1, 0.3);
    let mut used = [false; 10];
    for cell in 0..one.len() {
        used[usize::from(one.cost(cell))] = true;
    }
    assert!(used.iter().filter(|&&u| u).count() >= 4, "{used:?}");
    assert_ne!(one, world("terrain", 40, 30, 2, 0.3));
}

/// Blocked cells with no blocked cell among the eight around them.
fn lone_obstacles(maze: &Maze) -> usize {
    let (w, h) = (i64::from(maze.width()), i64::from(maze.height()));
    (0..maze.len())
        .filter(|&c| maze.cost(c) == 0)
        .filter(|&cell| {
            let (x, y) = (cell as i64 % w, cell as i64 / w);
            !(-1..=1).any(|dy: i64| {
                (-1..=1).any(|dx: i64| {
                    let (nx, ny) = (x + dx, y + dy);
                    (dx, dy) != (0, 0)
                        && nx >= 0
                        && ny >= 0
                        && nx < w
                        && ny < h
                        && maze.cost((ny * w + nx) as usize) == 0
                })
            })
        })
        .count()
}

#[test]
fn caves_smooth_most_lone_obstacles_away() {
    // The random fill leaves many lone obstacles; the generations remove nearly all of them.
    let (mut after_fill, mut at_the_end) = (0, 0);
    for seed in 0..20 {
        let maze = Maze::new(30, 20).unwrap();
        let mut caves = generators::Caves::new(&maze, 0.45);
        let mut board = Board::new(maze.into_open_field());
        let mut rng = Rng::new(seed);
        caves.step(&mut board, &mut rng);
        after_fill += lone_obstacles(board.maze());
        while caves.step(&mut board, &mut rng).is_some() {}
        at_the_end += lone_obstacles(board.maze());
        assert_eq!(board.maze(), &world("caves", 30, 20, seed, 0.45));
    }
    assert!(after_fill > 100, "{after_fill}");
    assert!(at_the_end * 10 < after_fill, "{at_the_end} of {after_fill}");
}

#[test]
fn density_and_braid_are_checked_with_one_line() {
    for bad in [-0.1, 0.95, f64::NAN] {
        let err = Run::new(Settings::new("obstacles", 5, 5, 1).with_density(bad))
            .err()
            .expect("refused");
        let RunError::World(words) = err else {
            panic!("{err:?}");
        };
        let message = words.english();
        assert!(
            message.contains("0 to 0.9") && !message.contains('\n'),
            "{message}"
        );
    }
    let err = Run::new(Settings::new("caves", 5, 5, 1).with_braid(0.5))
        .err()
        .expect("refused");
    assert!(err.to_string().contains("open world"), "{err}");
    assert!(generators::generate_braided("rooms", 9, 9, 1, 0.5).is_err());
}

#[test]
fn a_run_frees_its_start_and_goal_when_an_obstacle_falls_on_them() {
    // At density 0.9 some seed puts an obstacle on the top-left corner.
    let seed = (0..200)
        .find(|&seed| world("obstacles", 6, 6, seed, 0.9).cost(0) == 0)
        .expect("a seed blocking the start");
    let settings = Settings::new("obstacles", 6, 6, seed)
        .with_density(0.9)
        .with_solver("bfs");
    let mut run = Run::new(settings).unwrap();
    run.finish();
    assert_ne!(run.maze().cost(run.start()), 0);
    assert_ne!(run.maze().cost(run.goal()), 0);
}
