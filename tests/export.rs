#![cfg(not(target_arch = "wasm32"))]
//! The SVG worksheet and the route text: the SVG's wall path, read back, gives exactly the
//! maze's walls; start, goal and solution appear only when asked for; the CLI writes it.

use mazestep::export::{route_tiles, svg, Sheet};
use mazestep::generators;
use mazestep::maze::{Direction, Maze};
use mazestep::solvers;
use std::collections::BTreeSet;
use std::process::Command;

/// The value of attribute `name` of the first element with `class="<class>"`.
fn attribute<'a>(svg: &'a str, class: &str, name: &str) -> Option<&'a str> {
    let at = svg.find(&format!("class=\"{class}\""))?;
    let element = &svg[svg[..at].rfind('<')?..];
    let element = &element[..element.find('>')?];
    let key = format!(" {name}=\"");
    let start = element.find(&key)? + key.len();
    Some(&element[start..start + element[start..].find('"')?])
}

/// Unit wall segments ((x1, y1), (x2, y2)) in cell-corner coordinates, read from the path data
/// `M x y H x2` / `M x y V y2` with the given cell size and origin.
fn walls_from_path(d: &str, cell: i64, left: i64, top: i64) -> BTreeSet<((i64, i64), (i64, i64))> {
    let mut walls = BTreeSet::new();
    let mut tokens = Vec::new();
    let mut number = String::new();
    for c in d.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        if !number.is_empty() {
            tokens.push(number.clone());
            number.clear();
        }
        if matches!(c, 'M' | 'H' | 'V') {
            tokens.push(c.to_string());
        } else {
            assert!(c == ' ', "unexpected {c:?} in path data");
        }
    }
    if !number.is_empty() {
        tokens.push(number);
    }
    let mut i = 0;
    while i < tokens.len() {
        assert_eq!(tokens[i], "M");
        let x: i64 = tokens[i + 1].parse().unwrap();
        let y: i64 = tokens[i + 2].parse().unwrap();
        let end: i64 = tokens[i + 4].parse().unwrap();
        let (cx, cy) = ((x - left) / cell, (y - top) / cell);
        assert_eq!(
            ((x - left) % cell, (y - top) % cell),
            (0, 0),
            "walls sit on cell corners"
        );
        match tokens[i + 3].as_str() {
            "H" => {
                for k in cx..(end - left) / cell {
                    walls.insert(((k, cy), (k + 1, cy)));
                }
            }
            "V" => {
                for k in cy..(end - top) / cell {
                    walls.insert(((cx, k), (cx, k + 1)));
                }
            }
            other => panic!("unexpected command {other}"),
        }
        i += 5;
    }
    walls
}

/// The maze's walls as unit segments, from its passage bits.
fn walls_of(maze: &Maze) -> BTreeSet<((i64, i64), (i64, i64))> {
    let mut walls = BTreeSet::new();
    for y in 0..maze.height() as i64 {
        for x in 0..maze.width() as i64 {
            let cell = maze.index(x as u32, y as u32);
            if !maze.is_open(cell, Direction::North) {
                walls.insert(((x, y), (x + 1, y)));
            }
            if !maze.is_open(cell, Direction::South) {
                walls.insert(((x, y + 1), (x + 1, y + 1)));
            }
            if !maze.is_open(cell, Direction::West) {
                walls.insert(((x, y), (x, y + 1)));
            }
            if !maze.is_open(cell, Direction::East) {
                walls.insert(((x + 1, y), (x + 1, y + 1)));
            }
        }
    }
    walls
}

#[test]
fn the_wall_path_is_exactly_the_mazes_walls() {
    for (name, w, h, seed) in [
        ("kruskal", 1, 1, 1),
        ("sidewinder", 7, 1, 2),
        ("binary-tree", 1, 6, 3),
        ("recursive-backtracker", 9, 5, 4),
        ("recursive-division", 12, 12, 5),
        ("wilson", 6, 11, 6),
    ] {
        let maze = generators::generate_braided(name, w, h, seed, 0.3).unwrap();
        let text = svg(&maze, &Sheet::default());
        let d = attribute(&text, "walls", "d").expect("a wall path");
        // Cells are 10 units, with a 10-unit margin and no title.
        assert_eq!(
            walls_from_path(d, 10, 10, 10),
            walls_of(&maze),
            "{name} {w}x{h}"
        );
        // Runs are merged: never more path commands than wall segments, far fewer on big mazes.
        assert!(d.matches('M').count() <= walls_of(&maze).len());
    }
}

#[test]
fn start_goal_solution_and_title_appear_only_when_asked() {
    let maze = generators::generate("kruskal", 8, 6, 9).unwrap();
    let bare = svg(&maze, &Sheet::default());
    for class in ["start", "goal", "solution"] {
        assert!(
            attribute(&bare, class, "class").is_none(),
            "{class} in a bare sheet"
        );
    }
    assert!(!bare.contains("<text"));
    let report = solvers::solve("bfs", &maze, (0, 0), (7, 5)).unwrap();
    let path = report.outcome.path().unwrap();
    let full = svg(
        &maze,
        &Sheet {
            start: Some(0),
            goal: Some(maze.len() - 1),
            path: Some(path),
            title: Some("Kruskal & co"),
            ..Sheet::default()
        },
    );
    assert!(full.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 96\">"));
    assert_eq!(attribute(&full, "start", "cx"), Some("15"));
    assert_eq!(
        attribute(&full, "start", "cy"),
        Some("31"),
        "below the 16-unit title"
    );
    assert_eq!(attribute(&full, "goal", "x"), Some("82"));
    let points = attribute(&full, "solution", "points").unwrap();
    assert_eq!(
        points.split(' ').count(),
        path.len(),
        "one point per path cell"
    );
    assert!(full.contains(">Kruskal &amp; co</text>"));
}

#[test]
fn route_tiles_mark_start_goal_and_path() {
    let maze = generators::generate("sidewinder", 5, 4, 2).unwrap();
    let report = solvers::solve("a-star", &maze, (0, 0), (4, 3)).unwrap();
    let path = report.outcome.path().unwrap();
    let text = route_tiles(&maze, 0, maze.len() - 1, Some(path)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert!(lines.iter().all(|l| l.len() == 11));
    assert_eq!(&lines[1][1..2], "S");
    assert_eq!(&lines[7][9..10], "G");
    // Path cells plus the passages between them, less the start and goal letters.
    assert_eq!(text.matches('o').count(), 2 * path.len() - 1 - 2);
    // Without a path only the letters are added to the plain tile view.
    let plain = route_tiles(&maze, 0, maze.len() - 1, None).unwrap();
    assert_eq!(plain.replace(['S', 'G'], "."), maze.to_tile_text());
}

fn mazestep(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn the_command_line_writes_svg_worksheets() {
    let out = mazestep(&[
        "solve",
        "--solver",
        "bfs",
        "--algorithm",
        "kruskal",
        "--width",
        "12",
        "--height",
        "8",
        "--seed",
        "7",
        "--format",
        "svg",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.trim_end().ends_with("</svg>"));
    assert!(text.contains("class=\"solution\"") && text.contains("Kruskal, 12 × 8 cells, seed 7"));
    let maze = generators::generate("kruskal", 12, 8, 7).unwrap();
    let d = attribute(&text, "walls", "d").unwrap();
    assert_eq!(walls_from_path(d, 10, 10, 26), walls_of(&maze));

    let sheet = mazestep(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "12",
        "--height",
        "8",
        "--seed",
        "7",
        "--format",
        "svg",
    ]);
    assert!(sheet.status.success());
    let sheet = String::from_utf8(sheet.stdout).unwrap();
    assert!(sheet.contains("class=\"start\"") && sheet.contains("class=\"goal\""));
    assert!(!sheet.contains("class=\"solution\""));

    let many = mazestep(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "3",
        "--height",
        "3",
        "--seed",
        "1",
        "--count",
        "2",
        "--format",
        "svg",
    ]);
    assert_eq!(many.status.code(), Some(2));
    assert!(many.stdout.is_empty());
    assert_eq!(
        String::from_utf8(many.stderr).unwrap(),
        "mazestep: format svg writes one maze, not 2: give --out DIR for a pack of 2 sheets and \
         an answer key, drop --count, or use tiles or json\n"
    );
}

#[test]
fn the_sheet_title_names_the_maze_and_its_braid() {
    assert_eq!(
        mazestep::export::sheet_title("kruskal", 20, 10, 7, 0.0),
        "Kruskal, 20 × 10 cells, seed 7"
    );
    assert_eq!(
        mazestep::export::sheet_title("wilson", 5, 4, 1, 0.3),
        "Wilson, 5 × 4 cells, seed 1, braid 0.3"
    );
    for (braid, shown) in [
        (0.125, "0.125"),
        (1.0, "1"),
        (0.5, "0.5"),
        (0.0004, "0"),
        (0.05, "0.05"),
    ] {
        let title = mazestep::export::sheet_title("kruskal", 2, 2, 1, braid);
        assert!(
            title.ends_with(&format!("seed 1, braid {shown}")),
            "{title}"
        );
    }
}

/// The worksheet written a piece at a time, with any limit, is the worksheet written at once;
/// a measuring writer's sheet is the one drawn with the distances and the longest path from the
/// start, on every shape, with a mask and with terrain.
#[test]
fn a_sheet_written_in_pieces_is_the_sheet_written_at_once() {
    use mazestep::distance;
    use mazestep::export::SheetWriter;
    use mazestep::run::{Run, Settings};
    use mazestep::topology::{mask_makers, Shape};
    let mut cases: Vec<Settings> = Shape::ALL
        .iter()
        .map(|&shape| {
            let (w, h) = if shape == Shape::Polar {
                (1, 6)
            } else {
                (9, 7)
            };
            Settings::new("recursive-backtracker", w, h, 3)
                .with_shape(shape)
                .with_solver("bfs")
        })
        .collect();
    let heart = mask_makers::preset("heart", Shape::Square, 14, 12).unwrap();
    cases.push(
        Settings::new("kruskal", 14, 12, 2)
            .with_mask(heart)
            .with_solver("a-star"),
    );
    cases.push(Settings::new("terrain", 12, 9, 4).with_solver("dijkstra"));
    for settings in cases {
        let mut run = Run::new(settings.clone()).unwrap();
        run.finish();
        let maze = run.maze();
        let path = run.solver().and_then(|s| s.outcome()?.path()).unwrap();
        let near = distance::distances(maze, run.start());
        let longest = distance::longest_path(maze, run.start());
        let sheet = Sheet {
            start: Some(run.start()),
            goal: Some(run.goal()),
            path: Some(path),
            title: Some("Kruskal & co"),
            distances: Some(&near),
            longest: Some(&longest.path),
            gaps: [None; 2],
        };
        let whole = svg(maze, &sheet);
        for limit in [1, 2, 7, 100, 5000] {
            let mut writer = SheetWriter::new(maze, &sheet);
            let (mut pieces, mut calls) = (String::new(), 0);
            let mut last_progress = 0.0;
            while !writer.write(&mut pieces, limit) {
                calls += 1;
                assert!(calls < 100_000, "{settings:?}: never ends");
                let progress = writer.progress();
                assert!((last_progress..1.0).contains(&progress), "{progress}");
                last_progress = progress;
            }
            assert_eq!(writer.progress(), 1.0);
            assert!(
                pieces == whole,
                "{:?} limit {limit}: the pieces differ",
                settings.shape
            );
            if limit == 1 {
                assert!(
                    calls > 50,
                    "{calls} calls: a small limit writes small pieces"
                );
            }
        }
        let mut measuring = SheetWriter::measuring(
            maze.clone(),
            run.start(),
            run.goal(),
            Some(path.to_vec()),
            "Kruskal & co".to_string(),
            true,
        );
        let mut pieces = String::new();
        while !measuring.write(&mut pieces, 3) {}
        assert!(
            pieces == whole,
            "{:?}: the measured sheet differs",
            settings.shape
        );
    }
}
