//! The teacher's print shop through the `mazestep` binary: `generate --count N --format svg
//! --out DIR` writes N sheets and an answer key whose drawn ways are legal (read back from the
//! SVG and checked against the JSON of the same seeds, not against the solver), on the paper
//! asked for, with the lines, the title (escaped) and the words of the language asked for;
//! and every bad input is refused with one line, exit status 2, nothing written.

#![cfg(not(target_arch = "wasm32"))]

use mazestep::distance::longest_path;
use mazestep::generators;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mazestep(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazestep"))
        .args(args)
        .output()
        .expect("the mazestep binary runs")
}

/// A fresh, empty folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mazestep-packs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn pack(out: &Path, extra: &[&str]) -> Output {
    let out = out.to_str().unwrap();
    let mut args = vec![
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "9",
        "--height",
        "7",
        "--seed",
        "40",
        "--format",
        "svg",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    mazestep(&args)
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The worksheets nested in a page, each up to its own end.
fn nested(page: &str) -> Vec<&str> {
    page.split("<svg class=\"maze\"")
        .skip(1)
        .map(|rest| &rest[..rest.find("</svg>").expect("a nested sheet ends")])
        .collect()
}

/// The numbers of an attribute in an element of class `class`.
fn attribute<'a>(sheet: &'a str, class: &str, name: &str) -> &'a str {
    let element = sheet
        .split(&format!("class=\"{class}\""))
        .nth(1)
        .unwrap_or_else(|| panic!("no {class} in {sheet}"));
    let from = element.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    &element[from..from + element[from..].find('"').unwrap()]
}

/// A nested worksheet of the plain square grid, untitled: cell (x, y) spans 10 + 10x to
/// 20 + 10x across and 10 + 10y to 20 + 10y down.
fn cell_at(x: f64, y: f64) -> (u64, u64) {
    (
        ((x - 10.0) / 10.0).floor() as u64,
        ((y - 10.0) / 10.0).floor() as u64,
    )
}

/// A cell as (x, y).
type Cell = (u64, u64);

/// The start, the goal and the way drawn on a nested answer sheet, as cells.
fn drawn(sheet: &str) -> (Cell, Cell, Vec<Cell>) {
    let number = |text: &str| text.parse::<f64>().unwrap();
    let start = cell_at(
        number(attribute(sheet, "start", "cx")),
        number(attribute(sheet, "start", "cy")),
    );
    let goal = cell_at(
        number(attribute(sheet, "goal", "x")),
        number(attribute(sheet, "goal", "y")),
    );
    let way = attribute(sheet, "solution", "points")
        .split(' ')
        .map(|point| {
            let (x, y) = point.split_once(',').unwrap();
            cell_at(number(x), number(y))
        })
        .collect();
    (start, goal, way)
}

/// The maze `generate --format json` makes with this seed: its width and passage bits.
fn maze_json(seed: u64, size: (&str, &str)) -> Value {
    let seed = seed.to_string();
    let out = mazestep(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        size.0,
        "--height",
        size.1,
        "--seed",
        &seed,
        "--format",
        "json",
    ]);
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Whether every move of `way` goes through an open side, by the JSON's passage bits
/// (north 1, east 2, south 4, west 8).
fn legal(doc: &Value, way: &[(u64, u64)]) -> bool {
    let width = doc["width"].as_u64().unwrap();
    let cells = doc["cells"].as_array().unwrap();
    let bits = |(x, y): (u64, u64)| cells[(y * width + x) as usize].as_u64().unwrap();
    way.windows(2).all(|pair| {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let side = match (x1 as i64 - x0 as i64, y1 as i64 - y0 as i64) {
            (0, -1) => 1,
            (1, 0) => 2,
            (0, 1) => 4,
            (-1, 0) => 8,
            _ => return false,
        };
        bits(pair[0]) & side != 0
    })
}

#[test]
fn a_pack_is_n_sheets_and_a_key_whose_ways_are_legal() {
    let out = folder("key");
    let made = pack(&out, &["--count", "8", "--ends", "hardest"]);
    assert!(made.status.success(), "{made:?}");
    let (sheets, keys): (Vec<String>, Vec<String>) = (
        (1..=8).map(|i| format!("sheet-0{i}.svg")).collect(),
        vec!["key-01.svg".into(), "key-02.svg".into()],
    );
    let listed: Vec<String> = String::from_utf8(made.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let expected: Vec<String> = sheets
        .iter()
        .chain(&keys)
        .map(|name| out.join(name).to_string_lossy().into_owned())
        .collect();
    assert_eq!(listed, expected, "every file named as written");
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    let mut all: Vec<String> = keys.iter().chain(&sheets).cloned().collect();
    all.sort();
    assert_eq!(files, all);
    // Each sheet: one maze, no way drawn, its seed in the footer.
    for (i, name) in sheets.iter().enumerate() {
        let page = read(out.join(name));
        let mazes = nested(&page);
        assert_eq!(mazes.len(), 1, "{name}");
        assert!(
            !mazes[0].contains("class=\"solution\""),
            "{name} gives no answer"
        );
        let footer = format!("seed {} · {}/8</text>", 40 + i, i + 1);
        assert!(page.contains(&footer), "{name}: {footer}");
    }
    // The key: six mazes, then two, each labelled with its seed, its way legal in the maze
    // of that seed, from its start to its goal, as long as the maze's longest path.
    let mut seed = 40;
    for (name, count) in keys.iter().zip([6, 2]) {
        let page = read(out.join(name));
        let mazes = nested(&page);
        assert_eq!(mazes.len(), count, "{name}");
        for sheet in mazes {
            assert!(page.contains(&format!("· seed {seed}</text>")), "{seed}");
            let (start, goal, way) = drawn(sheet);
            let doc = maze_json(seed, ("9", "7"));
            assert!(legal(&doc, &way), "seed {seed}: {way:?}");
            assert_eq!(way.first(), Some(&start), "seed {seed}");
            assert_eq!(way.last(), Some(&goal), "seed {seed}");
            let maze = generators::generate_braided("kruskal", 9, 7, seed, 0.0).unwrap();
            let longest = longest_path(&maze, 0).path.len();
            assert_eq!(way.len(), longest, "seed {seed}: the hardest ends");
            seed += 1;
        }
    }
    assert_eq!(seed, 48);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn paper_sizes_lines_titles_and_languages() {
    for (paper, size) in [
        (
            None,
            "width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\"",
        ),
        (Some("a4"), "width=\"210mm\" height=\"297mm\""),
        (
            Some("letter"),
            "width=\"215.9mm\" height=\"279.4mm\" viewBox=\"0 0 215.9 279.4\"",
        ),
    ] {
        let out = folder(&format!("paper-{}", paper.unwrap_or("default")));
        let made = pack(&out, &paper.map_or(vec![], |p| vec!["--paper", p]));
        assert!(made.status.success(), "{made:?}");
        for name in ["sheet-01.svg", "key-01.svg"] {
            let page = read(out.join(name));
            assert!(page.starts_with("<svg "), "{name}");
            let opening = &page[..page.find('>').unwrap()];
            assert!(opening.contains(size), "{paper:?} {name}: {opening}");
        }
        let _ = std::fs::remove_dir_all(&out);
    }
    // The title is text, not markup; the lines are as asked.
    let out = folder("words");
    let made = pack(&out, &["--title", "<&\"b\">", "--lines", "name", "--force"]);
    assert!(made.status.success(), "{made:?}");
    let sheet = read(out.join("sheet-01.svg"));
    assert!(
        sheet.contains(">&lt;&amp;&quot;b&quot;&gt;</text>"),
        "{sheet}"
    );
    assert!(!sheet.contains("<&") && !sheet.contains("\"b\">"));
    assert_eq!(sheet.matches("class=\"write-on\"").count(), 1);
    assert!(sheet.contains(">Name</text>") && !sheet.contains(">Date</text>"));
    let key = read(out.join("key-01.svg"));
    assert!(key.contains(">&lt;&amp;&quot;b&quot;&gt; · Answer key</text>"));
    let made = pack(&out, &["--lines", "none", "--force"]);
    assert!(made.status.success(), "{made:?}");
    assert!(!read(out.join("sheet-01.svg")).contains("write-on"));
    // Both lines by default, in English; in Korean with --lang ko.
    let made = pack(&out, &["--force"]);
    assert!(made.status.success());
    let sheet = read(out.join("sheet-01.svg"));
    assert!(sheet.contains(">Maze</text>") && sheet.contains(">Date</text>"));
    let made = pack(&out, &["--force", "--lang", "ko"]);
    assert!(made.status.success());
    let sheet = read(out.join("sheet-01.svg"));
    for word in [
        ">미로</text>",
        ">이름</text>",
        ">날짜</text>",
        "시드 40 · 1/1",
    ] {
        assert!(sheet.contains(word), "{word}: {sheet}");
    }
    let key = read(out.join("key-01.svg"));
    assert!(key.contains(">미로 · 정답</text>") && key.contains("1 · 시드 40"));
    let _ = std::fs::remove_dir_all(&out);
}

/// The vertical wall runs at `x` in a nested sheet's walls, as (from, to) down the page.
fn runs_down(sheet: &str, x: &str) -> Vec<(f64, f64)> {
    let walls = attribute(sheet, "walls", "d");
    walls
        .split('M')
        .filter_map(|run| {
            let (at, rest) = run.split_once(' ')?;
            let (from, to) = rest.split_once('V')?;
            (at == x).then(|| (from.parse().unwrap(), to.parse().unwrap()))
        })
        .collect()
}

#[test]
fn openings_in_the_outer_wall_are_drawn_on_sheets_and_key() {
    let out = folder("exits");
    let made = pack(
        &out,
        &[
            "--count",
            "2",
            "--start",
            "exit:west",
            "--goal",
            "exit:east:1",
        ],
    );
    assert!(made.status.success(), "{made:?}");
    let key = read(out.join("key-01.svg"));
    for (i, sheet) in read(out.join("sheet-01.svg"))
        .split("<svg class=\"maze\"")
        .skip(1)
        .chain(nested(&key))
        .enumerate()
    {
        // The west wall (x 10) is open beside row 3 (y 40 to 50), the east (x 100) beside row 1.
        for (x, (top, bottom)) in [("10", (40.0, 50.0)), ("100", (20.0, 30.0))] {
            let runs = runs_down(sheet, x);
            assert!(!runs.is_empty(), "{i}: the wall at {x} is drawn");
            assert!(
                runs.iter().all(|&(a, b)| b <= top || a >= bottom),
                "{i}: a gap at x {x} from {top} to {bottom}: {runs:?}"
            );
        }
    }
    for (sheet, seed) in nested(&key).into_iter().zip(40..) {
        let (start, goal, way) = drawn(sheet);
        assert_eq!((start, goal), ((0, 3), (8, 1)));
        assert!(legal(&maze_json(seed, ("9", "7")), &way));
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Refused with one line naming the bad value and the limit, exit status 2, nothing on
/// stdout; a file already there is kept unless --force.
#[test]
fn bad_packs_are_refused_clearly() {
    let out = folder("refused");
    let refused = |extra: &[&str], words: &str| {
        let run = pack(&out, extra);
        let message = String::from_utf8(run.stderr).unwrap();
        assert_eq!(run.status.code(), Some(2), "{extra:?}: {message}");
        assert!(run.stdout.is_empty(), "{extra:?}");
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains(words), "{extra:?}: {message}");
    };
    refused(&["--count", "0"], "count '0' is not allowed");
    refused(&["--count", "101"], "a pack has 1 to 100 sheets");
    refused(
        &["--paper", "a3"],
        "paper 'a3' is not known: choose a4 or letter",
    );
    refused(&["--lines", "name,age"], "lines 'name,age' is not allowed");
    refused(
        &["--lang", "fr"],
        "language 'fr' is not known: choose en or ko",
    );
    refused(&["--title", &"x".repeat(61)], "a title has at most 60");
    refused(&["--ends", "far"], "ends 'far' is not known");
    refused(&["--start", "9,0"], "start 9,0 is outside");
    refused(&["--goal", "exit:east:7"], "past the end of the east wall");
    refused(&["--force=yes"], "option --force takes no value");
    assert!(!out.exists(), "nothing made for a refused pack");
    // A file where the folder should be, and a folder that cannot be made under it.
    std::fs::write(&out, "not a folder").unwrap();
    refused(&[], "is a file, not a folder");
    let under = out.join("pack");
    let run = pack(&under, &[]);
    let message = String::from_utf8(run.stderr).unwrap();
    assert_eq!(run.status.code(), Some(2), "{message}");
    assert!(message.contains("cannot make the folder"), "{message}");
    std::fs::remove_file(&out).unwrap();
    // A file already there is not written over without --force.
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("key-01.svg"), "mine").unwrap();
    refused(&[], "key-01.svg' is already there: give --force");
    assert_eq!(read(out.join("key-01.svg")), "mine");
    assert!(!out.join("sheet-01.svg").exists(), "nothing written");
    let run = pack(&out, &["--force"]);
    assert!(run.status.success());
    assert!(read(out.join("key-01.svg")).starts_with("<svg "));
    let _ = std::fs::remove_dir_all(&out);
    // Pack options need --out, --out needs svg, svg needs --out for more than one maze.
    let plain = |extra: &[&str], words: &str| {
        let mut args = vec!["generate", "--algorithm", "kruskal", "--width", "5"];
        args.extend_from_slice(&["--height", "5"]);
        args.extend_from_slice(extra);
        let run = mazestep(&args);
        let message = String::from_utf8(run.stderr).unwrap();
        assert_eq!(run.status.code(), Some(2), "{extra:?}: {message}");
        assert!(message.contains(words), "{extra:?}: {message}");
    };
    plain(&["--paper", "a4"], "--paper is for a pack of worksheets");
    plain(&["--ends", "hardest"], "--ends is for a pack of worksheets");
    plain(
        &["--format", "svg", "--count", "2"],
        "give --out DIR for a pack",
    );
    plain(
        &["--out", "x", "--format", "json"],
        "give --format svg with it",
    );
    let run = mazestep(&[
        "generate",
        "--algorithm",
        "kruskal",
        "--width",
        "101",
        "--height",
        "100",
        "--format",
        "svg",
        "--out",
        "x",
    ]);
    let message = String::from_utf8(run.stderr).unwrap();
    assert!(message.contains("at most 10000 cells"), "{message}");
    assert!(message.contains("this one has 10100"), "{message}");
    let run = mazestep(&[
        "generate",
        "--algorithm",
        "caves",
        "--width",
        "5",
        "--height",
        "5",
        "--format",
        "svg",
        "--out",
        "x",
    ]);
    let message = String::from_utf8(run.stderr).unwrap();
    assert!(message.contains("caves makes an open world"), "{message}");
}
