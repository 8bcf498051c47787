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

/// A perfect maze, or for an open world (not promised perfect) what it promises on any grid:
/// consistent, obstacles without passages, every two free neighbours joined.
fn keeps_its_promise(perfect: bool, maze: &Maze) -> bool {
    if perfect {
        return maze.is_perfect();
    }
    let grid = maze.topology();
    let mut ok = maze.check_consistent().is_ok();
    for cell in (0..grid.len()).filter(|&c| grid.is_on(c)) {
        grid.for_each_neighbour(cell, |side, next| {
            let free = maze.cost(cell) != 0 && maze.cost(next) != 0;
            ok &= (maze.cell(cell) & (1 << side) != 0) == free;
        });
    }
    ok
}

#[test]
fn every_any_shape_generator_makes_perfect_mazes_on_every_shape() {
    let any: Vec<_> = generators::ALL.iter().filter(|e| e.any_shape).collect();
    assert!(!any.is_empty(), "no generator works on every shape yet");
    for entry in any {
        for shape in Shape::ALL.into_iter().filter(|&s| entry.works_on(s)) {
            for (width, height) in SIZES {
                let Some(maze) = empty(shape, width, height) else {
                    continue;
                };
                for seed in [1, 2, 3] {
                    let made = generators::generate_on(entry.info.name, maze.clone(), seed, 0.0)
                        .unwrap_or_else(|e| panic!("{} on {shape}: {e}", entry.info.name));
                    assert!(
                        keeps_its_promise(entry.perfect, &made),
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
            assert!(
                keeps_its_promise(entry.perfect, &made),
                "{} on masked {shape}",
                entry.info.name
            );
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
                // Alternatives of the same kind: mazes for a maze, open worlds for a world.
                let alternative = if entry.perfect {
                    "recursive-backtracker"
                } else {
                    "obstacles"
                };
                assert!(why.contains(alternative), "{why}");
                assert_eq!(why.contains("kruskal"), entry.perfect, "{why}");
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
        for shape in [Shape::Hex, Shape::Triangle, Shape::Polar, Shape::Weave] {
            if !entry.works_on(shape) {
                continue;
            }
            // Open worlds are not braided.
            let braids: &[(u64, f64)] = if entry.perfect {
                &[(1, 0.0), (2, 0.6)]
            } else {
                &[(1, 0.0), (2, 0.0)]
            };
            for &(seed, braid) in braids {
                cases.push(
                    Settings::new(name, 7, 6, seed)
                        .with_shape(shape)
                        .with_braid(braid),
                );
            }
        }
        cases.push(Settings::new(name, 9, 7, 3).with_mask(holed_mask(9, 7)));
        if entry.weave {
            let masked = Settings::new(name, 9, 7, 4).with_shape(Shape::Weave);
            cases.push(masked.with_mask(holed_mask(9, 7)).with_braid(0.5));
        }
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
                keeps_its_promise(entry.perfect, run.maze()) || run.settings().braid > 0.0,
                "{label}"
            );
        }
    }
}

// ---- Weaves ------------------------------------------------------------------------------------

/// The generators that make weaves.
fn weavers() -> Vec<&'static generators::Entry> {
    generators::ALL.iter().filter(|e| e.weave).collect()
}

/// How many tunnels (passages through sides 4 to 7) a weave has, each counted once.
fn tunnels(maze: &Maze) -> usize {
    maze.cells()
        .iter()
        .map(|&bits| (bits >> 4).count_ones() as usize)
        .sum::<usize>()
        / 2
}

/// Checks every tunnel of a weave the way the definition reads, independently of the
/// library's own check: from A under B to C, B's passages are exactly the two sides across
/// the tunnel, and A does not also open its ordinary side that way (nor C back).
fn tunnels_are_valid(maze: &Maze) -> Result<(), String> {
    let w = maze.width() as usize;
    for (a, &bits) in maze.cells().iter().enumerate() {
        for d in 0..4usize {
            if bits & 1 << (4 + d) == 0 {
                continue;
            }
            let (dx, dy) = [(0i64, -1i64), (1, 0), (0, 1), (-1, 0)][d];
            let at = |k: i64| ((a % w) as i64 + dx * k, (a / w) as i64 + dy * k);
            let index = |(x, y): (i64, i64)| y as usize * w + x as usize;
            let (b, c) = (index(at(1)), index(at(2)));
            let across = if d % 2 == 0 { 2 | 8 } else { 1 | 4 };
            if maze.cell(b) != across {
                return Err(format!(
                    "tunnel from {a} under {b}: {b} has {:#04x}",
                    maze.cell(b)
                ));
            }
            if bits & 1 << d != 0 || maze.cell(c) & 1 << ((d + 2) % 4) != 0 {
                return Err(format!(
                    "tunnel from {a} to {c}: an ordinary passage alongside"
                ));
            }
            if maze.cell(c) & 1 << (4 + (d + 2) % 4) == 0 {
                return Err(format!("tunnel from {a} to {c}: not open back"));
            }
        }
    }
    Ok(())
}

/// Breadth-first over the passages, tunnels included, written out here: whether the maze is
/// a spanning tree of the cells that are on (connected, with one passage fewer than cells).
fn spanning_tree(maze: &Maze, grid: &Grid) -> bool {
    let on: Vec<usize> = (0..grid.len()).filter(|&c| grid.is_on(c)).collect();
    let mut seen = vec![false; grid.len()];
    let mut queue = std::collections::VecDeque::from([on[0]]);
    seen[on[0]] = true;
    let mut passages = 0;
    while let Some(cell) = queue.pop_front() {
        for side in 0..8u8 {
            if maze.cell(cell) & 1 << side == 0 {
                continue;
            }
            passages += 1;
            let next = grid
                .neighbour(cell, side)
                .expect("a passage leads to a cell");
            if !seen[next] {
                seen[next] = true;
                queue.push_back(next);
            }
        }
    }
    on.iter().all(|&c| seen[c]) && passages / 2 == on.len() - 1
}

#[test]
fn weaves_are_perfect_with_valid_tunnels_at_every_size() {
    let sizes = [(1, 1), (1, 7), (7, 1), (2, 2), (3, 3), (10, 10), (40, 25)];
    assert_eq!(weavers().len(), 2, "recursive-backtracker and kruskal");
    for entry in weavers() {
        let name = entry.info.name;
        for (width, height) in sizes {
            let grid = Grid::new(Shape::Weave, width, height).unwrap();
            for seed in [1, 2, 3] {
                let maze = generators::generate_on(name, Maze::on_grid(grid.clone()), seed, 0.0)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                let label = format!("{name} weave {width}x{height} seed {seed}");
                assert!(spanning_tree(&maze, &grid), "{label}: not a spanning tree");
                assert!(maze.is_perfect(), "{label}: not perfect");
                tunnels_are_valid(&maze).unwrap_or_else(|e| panic!("{label}: {e}"));
                let again =
                    generators::generate_on(name, Maze::on_grid(grid.clone()), seed, 0.0).unwrap();
                assert_eq!(maze, again, "{label}: same seed, other maze");
            }
        }
    }
}

#[test]
fn masked_weaves_are_perfect_and_tunnel_only_under_cells_that_are_on() {
    let mask = Mask::parse(
        "X......XX.....\n\
         ..............\n\
         ...XX.....X...\n\
         ..............\n\
         .......X......\n\
         ..............\n\
         X............X\n",
    )
    .unwrap();
    let grid = Grid::new(Shape::Weave, 14, 7)
        .unwrap()
        .with_mask(&mask)
        .unwrap();
    assert_eq!(grid.regions(), 1);
    for entry in weavers() {
        for seed in 1..6 {
            let maze =
                generators::generate_on(entry.info.name, Maze::on_grid(grid.clone()), seed, 0.0)
                    .unwrap();
            let label = format!("{} masked weave seed {seed}", entry.info.name);
            assert!(spanning_tree(&maze, &grid), "{label}");
            assert!(maze.is_perfect(), "{label}");
            tunnels_are_valid(&maze).unwrap_or_else(|e| panic!("{label}: {e}"));
            for cell in (0..grid.len()).filter(|&c| !grid.is_on(c)) {
                assert_eq!(
                    maze.cell(cell),
                    0,
                    "{label}: a switched-off cell has passages"
                );
            }
        }
    }
    // A tunnel needs the cell it passes under: none under a switched-off cell.
    let two = Grid::new(Shape::Weave, 3, 1)
        .unwrap()
        .with_mask(&Mask::parse(".X.\n").unwrap())
        .unwrap();
    assert_eq!(two.neighbour(0, 5), None);
    assert_eq!(two.regions(), 2);
}

#[test]
fn a_weave_of_30_by_30_has_tunnels() {
    for entry in weavers() {
        let grid = Grid::new(Shape::Weave, 30, 30).unwrap();
        for seed in [1, 2] {
            let maze =
                generators::generate_on(entry.info.name, Maze::on_grid(grid.clone()), seed, 0.0)
                    .unwrap();
            let count = tunnels(&maze);
            assert!(
                count > 10,
                "{} seed {seed}: {count} tunnels",
                entry.info.name
            );
        }
    }
}

#[test]
fn the_maze_check_refuses_a_tunnel_that_is_not_under_a_corridor() {
    // A tunnel from (0,1) east to (2,1) under (1,1), which has no corridor across it.
    let grid = Grid::new(Shape::Weave, 3, 3).unwrap();
    let mut cells = vec![0u8; 9];
    cells[3] = 1 << 5;
    cells[5] = 1 << 7;
    let mut maze = Maze::on_grid(grid);
    let board_cells = cells.clone();
    // Built through a board, which is how machines write; the check reads the result.
    let mut board = mazestep::board::Board::new(maze.clone());
    for (cell, &bits) in board_cells.iter().enumerate() {
        for side in 0..8u8 {
            if bits & 1 << side != 0 {
                let next = maze.grid().unwrap().neighbour(cell, side).unwrap();
                let back = maze.grid().unwrap().back(cell, side);
                board.join(cell, side, next, back);
            }
        }
    }
    maze = board.into_maze();
    let why = maze.check_consistent().unwrap_err();
    assert!(why.contains("tunnels east"), "{why}");
    assert!(tunnels_are_valid(&maze).is_err());
}

#[test]
fn other_generators_are_refused_on_a_weave_with_one_line() {
    for entry in generators::ALL.iter().filter(|e| !e.weave) {
        let maze = empty(Shape::Weave, 6, 6).unwrap();
        match generators::generate_on(entry.info.name, maze, 1, 0.0) {
            Err(GenerateError::Shape(why)) => {
                assert!(why.starts_with(entry.info.name), "{why}");
                assert!(why.contains("weave"), "{why}");
                assert!(why.contains("recursive-backtracker, kruskal"), "{why}");
                assert!(!why.contains('\n'), "{why}");
                let reason = if !entry.any_shape {
                    "rows and columns"
                } else if !entry.perfect {
                    "open world"
                } else {
                    "tunnel"
                };
                assert!(why.contains(reason), "{why}");
            }
            other => panic!("{} on weave: {other:?}", entry.info.name),
        }
    }
}

#[test]
fn braiding_a_weave_keeps_its_tunnels_valid() {
    for entry in weavers() {
        for seed in 1..5 {
            let settings = Settings::new(entry.info.name, 12, 9, seed)
                .with_shape(Shape::Weave)
                .with_braid(1.0);
            let mut run = Run::new(settings).unwrap();
            run.finish();
            let maze = run.maze();
            assert!(!maze.is_perfect(), "braided: loops");
            maze.check_consistent().unwrap();
            tunnels_are_valid(maze).unwrap_or_else(|e| panic!("{}: {e}", entry.info.name));
        }
    }
}

/// Narration names a tunnel by the way it goes and the cell it passes under, and says what a
/// crossing step did.
#[test]
fn weave_narration_names_tunnels_and_crossings() {
    let mut said = Vec::new();
    for name in ["recursive-backtracker", "kruskal"] {
        let settings = Settings::new(name, 10, 8, 2).with_shape(Shape::Weave);
        let mut run = Run::new(settings).unwrap();
        while run.step().is_some() {
            said.push(run.narration());
        }
    }
    let under = said
        .iter()
        .find(|s| s.starts_with("Carved ") && s.contains(" under ("))
        .expect("a tunnel carved");
    assert!(
        ["north", "east", "south", "west"]
            .iter()
            .any(|way| under.starts_with(&format!("Carved {way} under ("))),
        "{under}"
    );
    assert!(
        said.iter().any(|s| s.contains("made it a crossing")),
        "a crossing placed"
    );
}
