//! Golden files: the exact maze each generator makes for a few sizes and seeds, as tile text.
//!
//! They lock behaviour: a change to an algorithm, to the order it draws random numbers, or to
//! the random number generator itself shows up here as a failing file. Each generator in the
//! registry needs its files, so a new generator must add them.
//!
//! To create missing files, or to accept a deliberate change, run
//! `MAZESTEP_BLESS=1 cargo test --test golden`, look at the new files, and commit them.

// Native only: wasm-pack compiles every test target for wasm32, and these use host-only
// dev-dependencies. The browser tests are in tests/wasm.rs.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators;
use mazestep::maze::Maze;
use std::path::PathBuf;

/// (width, height, seed) of the golden mazes of every generator.
const CASES: &[(u32, u32, u64)] = &[(8, 5, 1), (1, 7, 2), (12, 12, 3)];

fn golden_path(name: &str, width: u32, height: u32, seed: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
        .join(format!("{name}-{width}x{height}-seed{seed}.txt"))
}

fn blessing() -> bool {
    std::env::var("MAZESTEP_BLESS").is_ok_and(|v| v == "1")
}

#[test]
fn generators_match_their_golden_files() {
    let bless = blessing();
    let mut problems = Vec::new();
    // Tile text holds walls, not obstacles or costs: open worlds are locked in by their
    // transcripts (tests/transcripts.rs) instead.
    for entry in generators::ALL.iter().filter(|e| e.perfect) {
        let name = entry.info.name;
        for &(width, height, seed) in CASES {
            let maze = generators::generate(name, width, height, seed).expect("valid settings");
            // The golden file must at least hold a maze; a broken one is never locked in.
            assert!(
                maze.is_perfect(),
                "{name} {width}x{height} seed {seed} is not perfect"
            );
            let actual = maze.to_tile_text();
            let path = golden_path(name, width, height, seed);
            match std::fs::read_to_string(&path) {
                Ok(expected) if expected == actual => {}
                found => {
                    if bless {
                        std::fs::create_dir_all(path.parent().expect("has a folder"))
                            .expect("can create tests/golden");
                        std::fs::write(&path, &actual).expect("can write golden file");
                        eprintln!("blessed {}", path.display());
                        continue;
                    }
                    let why = match found {
                        Ok(expected) => format!("differs.\nexpected:\n{expected}actual:\n{actual}"),
                        Err(err) => format!("cannot be read ({err})."),
                    };
                    problems.push(format!(
                        "golden file {} {why}\nIf the change is intended, run \
                         MAZESTEP_BLESS=1 cargo test --test golden, check the files and commit them.",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn golden_files_hold_well_formed_tile_text() {
    // An independent reading of the files: right dimensions, border all wall, and the cells
    // they describe form a perfect maze.
    for entry in generators::ALL.iter().filter(|e| e.perfect) {
        for &(width, height, seed) in CASES {
            let path = golden_path(entry.info.name, width, height, seed);
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue; // reported by the test above
            };
            let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
            let (tw, th) = (2 * width as usize + 1, 2 * height as usize + 1);
            assert_eq!(rows.len(), th, "{}", path.display());
            assert!(rows.iter().all(|r| r.len() == tw), "{}", path.display());
            assert!(rows
                .iter()
                .flat_map(|r| r.iter())
                .all(|&c| c == b'#' || c == b'.'));
            let open = |x: usize, y: usize| rows[y][x] == b'.';
            let mut cells = vec![0u8; width as usize * height as usize];
            for y in 0..height as usize {
                for x in 0..width as usize {
                    let (tx, ty) = (2 * x + 1, 2 * y + 1);
                    assert!(open(tx, ty), "cell tile ({tx}, {ty}) is a wall");
                    let bits = (open(tx, ty - 1) as u8)
                        | (open(tx + 1, ty) as u8) << 1
                        | (open(tx, ty + 1) as u8) << 2
                        | (open(tx - 1, ty) as u8) << 3;
                    cells[y * width as usize + x] = bits;
                }
            }
            let maze = Maze::from_cells(width, height, cells)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                maze.is_perfect(),
                "{} is not a perfect maze",
                path.display()
            );
        }
    }
}

/// The grids other than the plain square one that every any-shape generator has golden files
/// for: (file stem, grid).
fn shaped_cases() -> Vec<(&'static str, mazestep::topology::Grid)> {
    use mazestep::topology::{mask_makers, Grid, Shape};
    let grid = |shape, width, height| Grid::new(shape, width, height).expect("valid size");
    let heart = mask_makers::preset("heart", Shape::Square, 11, 10).expect("a preset");
    vec![
        ("hex-6x5", grid(Shape::Hex, 6, 5)),
        ("triangle-8x5", grid(Shape::Triangle, 8, 5)),
        ("polar-5rings", grid(Shape::Polar, 1, 5)),
        (
            "heart-11x10",
            grid(Shape::Square, 11, 10).with_mask(&heart).expect("fits"),
        ),
        // Only the generators that make weaves have these.
        ("weave-10x8", grid(Shape::Weave, 10, 8)),
    ]
}

/// A maze on any grid as text: a line naming the grid, then its passage bytes in hex, a row
/// of the grid (polar: a ring) per line, `--` for a switched-off cell.
fn passage_text(maze: &Maze) -> String {
    use mazestep::topology::Topology;
    let grid = maze.grid().expect("not the plain square grid");
    let mut text = format!(
        "{} {}x{}{}\n",
        grid.shape(),
        grid.width(),
        grid.height(),
        if grid.is_masked() { " masked" } else { "" }
    );
    let mut row = u32::MAX;
    for cell in 0..grid.len() {
        let (_, y) = grid.place(cell);
        if y != row && row != u32::MAX {
            text.push('\n');
        } else if cell > 0 {
            text.push(' ');
        }
        row = y;
        if grid.is_on(cell) {
            text.push_str(&format!("{:02x}", maze.cell(cell)));
        } else {
            text.push_str("--");
        }
    }
    text.push('\n');
    text
}

#[test]
fn shaped_generators_match_their_golden_files() {
    let bless = blessing();
    let mut problems = Vec::new();
    for entry in generators::ALL.iter().filter(|e| e.any_shape && e.perfect) {
        let name = entry.info.name;
        for (stem, grid) in shaped_cases() {
            if !entry.works_on(grid.shape()) {
                continue;
            }
            let maze = generators::generate_on(name, Maze::on_grid(grid), 1, 0.0).expect("made");
            assert!(maze.is_perfect(), "{name} on {stem} is not perfect");
            let actual = passage_text(&maze);
            let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/golden/shapes")
                .join(format!("{name}-{stem}-seed1.txt"));
            match std::fs::read_to_string(&path) {
                Ok(expected) if expected == actual => {}
                _ if bless => {
                    std::fs::create_dir_all(path.parent().expect("has a folder"))
                        .expect("can create tests/golden/shapes");
                    std::fs::write(&path, &actual).expect("can write golden file");
                    eprintln!("blessed {}", path.display());
                }
                found => problems.push(format!(
                    "golden file {} {}\nIf the change is intended, run MAZESTEP_BLESS=1 cargo \
                     test --test golden, check the files and commit them.",
                    path.display(),
                    match found {
                        Ok(expected) => format!("differs.\nexpected:\n{expected}actual:\n{actual}"),
                        Err(err) => format!("cannot be read ({err})."),
                    }
                )),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
