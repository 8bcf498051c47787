//! Everything `mazestep` writes: the help and `list` texts, mazes as tiles, JSON, graph JSON or
//! SVG, the `stats` table, and the lines on stderr (messages and announced seeds).

use crate::options::{Solve, Stats};
use mazestep::export;
use mazestep::generators;
use mazestep::maze::{Direction, Maze};
use mazestep::parse;
use mazestep::solvers::{self, Outcome, Report};
use mazestep::stats::{Summary, STATISTICS};
use mazestep::topology::{Shape, Topology};
use mazestep::world;
use std::fmt::Write as _;
use std::io::{self, Write};

const USAGE: &str = "\
usage:
  mazestep generate --algorithm NAME --width W --height H [--seed S] [--count N]
                    [--braid P] [--density D] [--shape SHAPE] [--mask FILE]
                    [--format tiles|json|svg|graph|world|none]
  mazestep solve --solver NAME [--algorithm NAME] [--width W] [--height H] [--seed S]
                 [--braid P] [--density D] [--shape SHAPE] [--mask FILE] [--start X,Y]
                 [--goal X,Y]... [--via X,Y]... [--ends E] [--moves 4|8] [--corners RULE]
                 [--heuristic NAME] [--weight W] [--exit goal|flood]
                 [--format tiles|json|svg|graph]
  mazestep solve --solver NAME --world FILE [--start X,Y] [--goal X,Y] [--moves 4|8]
                 [--corners RULE] [--heuristic NAME] [--weight W] [--exit goal|flood]
                 [--format ...]
  mazestep stats --algorithm NAME --width W --height H --samples N [--seed S]
                 [--braid P] [--density D] [--shape SHAPE] [--mask FILE] [--format text|json]
  mazestep list          names and summaries of all generators and solvers
  mazestep help          this text (also --help, -h)
  mazestep --version     the version

options:
  --algorithm NAME   generator (solve: recursive-backtracker if there is one, else the first listed)
  --solver NAME      path finder
  --width W          cells across, 1 to 4096 (solve: 10)
  --height H         cells down, 1 to 4096 (solve: 10)
  --seed S           0 to 18446744073709551615; without it a fresh seed is printed on stderr
  --count N          generate N mazes with seeds S, S+1, ..., S+N-1 (1 to 1000000)
  --samples N        stats: measure N mazes with seeds S, S+1, ..., S+N-1 (1 to 1000000)
  --braid P          remove a share P (0 to 1, e.g. 0.5) of the dead ends, adding loops
  --density D        open worlds: the share of cells blocked, 0 to 0.9 (default 0.3)
  --rule R           cellular-automaton: maze (B3/S12345, default) or mazectric (B3/S1234)
  --world FILE       solve a world file: rows of # (blocked) . (free) 1-9 (cost) S G
  --moves 4|8        solve: moves along the sides, or diagonals too (square grid)
  --corners RULE     never, no-obstacles (default with 8 moves), at-most-one, always
  --heuristic NAME   grid (default), manhattan, euclidean, octile or chebyshev
  --weight W         A*'s weight on the guess, 1 to 100 (default 1)
  --exit E           goal (default): stop when the goal is taken; flood: search everything
                     reachable first, then give the path (bfs, dijkstra, a-star, a-star-weighted)
  --shape SHAPE      square (default), hex, triangle, polar or weave; polar: --height
                     is the number of rings and there is no --width; weave: squares
                     whose passages may cross under one another (recursive-backtracker
                     and kruskal only)
  --mask FILE        switch cells off: a text file, one row of cells a line, '.' a cell
                     and 'X' none (polar: one row per ring); gives the size if W, H are
                     not given; the cells left on must form one region. Or a PNG
                     picture: dark and transparent pixels switch cells off; one pixel a
                     cell if W, H are not given (polar: give H), else fitted over the
                     grid; only its largest piece of cells is kept
  --start X,Y        solve: start cell, zero-based (default 0,0; polar: place in ring, ring),
                     or a gap in the outer wall (plain square grid): exit:SIDE[:N], SIDE
                     north, east, south or west, N the column or row (default the middle)
  --goal X,Y         solve: goal cell (default: the bottom-right cell, or the last cell on),
                     or exit:SIDE[:N]: the wall followers and pledge walk out through it;
                     a cell again for more goals, up to 8 (bfs, dijkstra, a-star): the
                     nearest is reached, and json and graph say which (goal_reached)
  --via X,Y          solve: a waypoint, again for more (up to 8), in order: the search
                     goes start -> each waypoint -> goal, one leg after another (bfs,
                     dijkstra, a-star, bidirectional-bfs, bidirectional-a-star)
  --ends E           solve: where the ends not given go: corners (default), hardest (the
                     two ends of a longest path), random (from the seed)
  --format F         tiles (default on the plain square grid): # wall, . open, o path,
                     S start, G goal; json: one object per line; none: generate without
                     output; svg: a printable worksheet (generate: the maze with start
                     top-left and goal bottom-right; solve: with the solution drawn; one
                     maze only); graph (default on other shapes and masks): one JSON
                     object per line with the cells, neighbours and passages of any
                     shape; tiles and json draw plain square grids only;
                     stats: text (default) or json

exit status: 0 done, 1 no path found (the maze is still printed), 2 bad input.
";

/// The usage text with the names registered in this build.
pub fn usage() -> String {
    format!(
        "mazestep {}: maze generation and path finding\n\n{USAGE}\ngenerators: {}\nsolvers: {}\n",
        env!("CARGO_PKG_VERSION"),
        generators::names().join(", "),
        solvers::names().join(", ")
    )
}

/// The `list` text: every generator and solver with its one-line summary.
pub fn list() -> String {
    let width = generators::ALL
        .iter()
        .map(|e| e.info.name.len())
        .chain(solvers::ALL.iter().map(|e| e.info.name.len()))
        .max()
        .unwrap_or(0);
    let mut text = String::from("generators:\n");
    for entry in generators::ALL {
        let info = entry.info;
        text += &format!("  {:width$}  {}\n", info.name, info.summary);
    }
    text += "solvers:\n";
    for entry in solvers::ALL {
        let info = entry.info;
        text += &format!("  {:width$}  {}\n", info.name, info.summary);
    }
    text
}

/// Writes one line to stderr, prefixed with the program name. Control characters (a newline
/// inside a typed value) are escaped so the message stays one line. A failing stderr is
/// ignored: there is nowhere left to complain.
pub fn say(message: &str) {
    let _ = writeln!(io::stderr(), "mazestep: {}", parse::plain(message));
}

/// Prints a freshly chosen seed on stderr, so the maze can be made again.
pub fn announce_seed(seed: u64) {
    let _ = writeln!(io::stderr(), "seed: {seed}");
}

/// A maze as tiles, followed by the blank line that separates mazes.
pub fn tiles(maze: &Maze, out: &mut impl Write) -> io::Result<()> {
    out.write_all(maze.to_tile_text().as_bytes())?;
    out.write_all(b"\n")
}

/// A maze of any shape as one line of graph JSON.
pub fn graph_line(
    maze: &Maze,
    algorithm: &str,
    seed: u64,
    braid: f64,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut line = graph_json(maze, algorithm, seed, braid);
    line.push_str("}\n");
    out.write_all(line.as_bytes())
}

/// `solve`'s graph JSON: the maze's graph with the search added, on one line.
pub fn solve_graph_line(
    maze: &Maze,
    job: &Solve,
    report: &Report,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut json = graph_json(maze, job.algorithm, job.seed, job.braid);
    let _ = write!(
        json,
        ",\"solver\":{},\"start\":{},\"goal\":{},\"path\":",
        json_string(job.solver),
        job.start_cell,
        job.goal_cell
    );
    match report.outcome.path() {
        Some(path) => number_list(&mut json, path.iter().copied()),
        None => json.push_str("null"),
    }
    stops_fields(&mut json, job, report, |cell| cell.to_string());
    search_fields(&mut json, maze, report);
    json.push('\n');
    out.write_all(json.as_bytes())
}

/// A maze as one line of JSON.
pub fn maze_json_line(
    maze: &Maze,
    algorithm: &str,
    seed: u64,
    braid: f64,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut line = maze_json(maze, algorithm, seed, braid);
    line.push_str("}\n");
    out.write_all(line.as_bytes())
}

/// `generate`'s SVG: the maze to hand out, start top-left and goal bottom-right, no route.
pub fn worksheet(
    maze: &Maze,
    algorithm: &str,
    seed: u64,
    braid: f64,
    out: &mut impl Write,
) -> io::Result<()> {
    let title = export::grid_sheet_title(algorithm, maze, seed, braid);
    let (start, goal) = mazestep::run::default_ends_of(maze);
    let cell = |what, at| solvers::cell_at(maze, what, at).ok();
    let sheet = export::Sheet {
        start: cell("start", start),
        goal: cell("goal", goal),
        path: None,
        title: Some(&title),
        ..export::Sheet::default()
    };
    out.write_all(export::svg(maze, &sheet).as_bytes())
}

/// `solve`'s tiles: the maze with `S`, `G` and the route, followed by a blank line.
pub fn route_tiles(
    maze: &Maze,
    job: &Solve,
    report: &Report,
    out: &mut impl Write,
) -> io::Result<()> {
    let start = maze.index(job.start.0, job.start.1);
    let goal = maze.index(job.goal.0, job.goal.1);
    // Tiles are only asked for on the plain square grid (the options refuse them elsewhere).
    let text = export::route_tiles(maze, start, goal, report.outcome.path())
        .map_err(|words| io::Error::new(io::ErrorKind::InvalidInput, words.english()))?;
    let text = with_gaps(&text, job);
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")
}

/// The tiles with a gap (a space) in the outer wall beside each end that is an exit.
fn with_gaps(text: &str, job: &Solve) -> String {
    if job.start_exit.is_none() && job.goal_exit.is_none() {
        return text.to_string();
    }
    let mut rows: Vec<Vec<char>> = text.lines().map(|row| row.chars().collect()).collect();
    let exits = [(job.start_exit, job.start), (job.goal_exit, job.goal)];
    for (exit, (x, y)) in exits.into_iter().filter_map(|(e, at)| Some((e?, at))) {
        // Cell (x, y) is the tile (2x + 1, 2y + 1); its walls are the tiles beside it.
        let (col, row) = (2 * x as usize + 1, 2 * y as usize + 1);
        let (col, row) = match exit.side {
            Direction::North => (col, row - 1),
            Direction::South => (col, row + 1),
            Direction::West => (col - 1, row),
            Direction::East => (col + 1, row),
        };
        if let Some(tile) = rows.get_mut(row).and_then(|r| r.get_mut(col)) {
            *tile = ' ';
        }
    }
    let mut joined = rows
        .iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    if text.ends_with('\n') {
        joined.push('\n');
    }
    joined
}

/// `solve`'s JSON: the maze's object with the search added, on one line.
pub fn solve_json_line(
    maze: &Maze,
    job: &Solve,
    report: &Report,
    out: &mut impl Write,
) -> io::Result<()> {
    let line = solve_json(maze, job, report) + "\n";
    out.write_all(line.as_bytes())
}

/// `solve`'s SVG: the answer sheet, with the given start and goal and the route found.
pub fn answer_sheet(
    maze: &Maze,
    job: &Solve,
    report: &Report,
    out: &mut impl Write,
) -> io::Result<()> {
    let title = export::grid_sheet_title(job.algorithm, maze, job.seed, job.braid);
    let sheet = export::Sheet {
        start: solvers::cell_at(maze, "start", job.start).ok(),
        goal: solvers::cell_at(maze, "goal", job.goal).ok(),
        path: report.outcome.path(),
        title: Some(&title),
        gaps: [
            job.start_exit.map(|exit| (job.start_cell, exit.gap())),
            job.goal_exit.map(|exit| (job.goal_cell, exit.gap())),
        ],
        ..export::Sheet::default()
    };
    out.write_all(export::svg(maze, &sheet).as_bytes())
}

/// The one-line message for a search that did not reach the goal, or `None` if it did.
pub fn no_path_message(job: &Solve, outcome: &Outcome) -> Option<String> {
    let (sx, sy) = job.start;
    let (gx, gy) = job.goal;
    match outcome {
        Outcome::Found(_) => None,
        Outcome::Unreachable => Some(format!(
            "no path: {} searched everything reachable from {sx},{sy} without reaching {gx},{gy}",
            job.solver
        )),
        Outcome::GaveUp { reason, .. } => Some(format!(
            "no path: {} gave up before reaching {gx},{gy}: {reason}",
            job.solver
        )),
    }
}

/// A table: one line per statistic with its mean and standard deviation.
pub fn stats_text(job: &Stats, summary: &Summary) -> String {
    let grid = if job.layout.is_plain() {
        format!("{}x{}", job.width, job.height)
    } else {
        job.layout.describe()
    };
    let mut text = format!(
        "{} {grid}, {} maze{} (seeds {} to {}), braid {}\n",
        job.algorithm,
        job.samples,
        if job.samples == 1 { "" } else { "s" },
        job.first_seed,
        job.last_seed(),
        job.braid
    );
    text += &format!("{:<20}{:>12}{:>12}\n", "statistic", "mean", "std dev");
    for (i, (key, label)) in STATISTICS.iter().enumerate() {
        // Shares are fractions: more decimals.
        let decimals = if *key == "dead_end_share" { 4 } else { 2 };
        let number = |value: Option<f64>| match value {
            Some(v) => format!("{v:.decimals$}"),
            None => "-".to_string(),
        };
        text += &format!(
            "{:<20}{:>12}{:>12}\n",
            label,
            number(summary.mean(i)),
            number(summary.std_dev(i))
        );
    }
    text
}

/// One JSON object: the job and, per statistic, its mean and standard deviation.
pub fn stats_json(job: &Stats, summary: &Summary) -> String {
    let number = |value: Option<f64>| value.map_or("null".to_string(), |v| v.to_string());
    // The plain square grid's object is as it always was; other grids say their shape (and
    // polar its rings instead of a width and height) and mask.
    let layout = &job.layout;
    let mut grid = String::new();
    if !layout.is_plain() {
        let _ = write!(grid, "\"shape\":{},", json_string(layout.shape.name()));
        if let Some(file) = &layout.mask_file {
            let _ = write!(grid, "\"mask\":{},", json_string(file));
        }
    }
    let _ = match layout.shape {
        Shape::Polar => write!(grid, "\"rings\":{}", job.height),
        _ => write!(grid, "\"width\":{},\"height\":{}", job.width, job.height),
    };
    let mut json = format!(
        "{{\"algorithm\":{},{grid},\"samples\":{},\"first_seed\":{},\"last_seed\":{},\"braid\":{},\"stats\":{{",
        json_string(job.algorithm),
        job.samples,
        job.first_seed,
        job.last_seed(),
        job.braid
    );
    for (i, (key, _)) in STATISTICS.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&format!(
            "{}:{{\"mean\":{},\"std_dev\":{}}}",
            json_string(key),
            number(summary.mean(i)),
            number(summary.std_dev(i))
        ));
    }
    json.push_str("}}\n");
    json
}

/// The opening of a maze's JSON object, without the closing brace, so `solve` can add fields.
/// A braid share above 0 is included, so the object says how to make the maze again.
fn maze_json(maze: &Maze, algorithm: &str, seed: u64, braid: f64) -> String {
    let mut json = String::with_capacity(80 + 3 * maze.len());
    json.push_str(&format!(
        "{{\"width\":{},\"height\":{},\"algorithm\":{},\"seed\":{seed},",
        maze.width(),
        maze.height(),
        json_string(algorithm)
    ));
    if braid > 0.0 {
        json.push_str(&format!("\"braid\":{braid},"));
    }
    json.push_str("\"cells\":[");
    for (i, bits) in maze.cells().iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&bits.to_string());
    }
    json.push(']');
    json
}

fn solve_json(maze: &Maze, job: &Solve, report: &Report) -> String {
    let mut json = maze_json(maze, job.algorithm, job.seed, job.braid);
    let point = |(x, y): (u32, u32)| format!("[{x},{y}]");
    json.push_str(&format!(
        ",\"solver\":{},\"start\":{},\"goal\":{},\"path\":",
        json_string(job.solver),
        point(job.start),
        point(job.goal)
    ));
    // Only when an end is a gap in the outer wall: other lines stay as they were.
    for (key, exit) in [("start_exit", job.start_exit), ("goal_exit", job.goal_exit)] {
        if let Some(exit) = exit {
            json.truncate(json.len() - ",\"path\":".len());
            json.push_str(&format!(
                ",\"{key}\":{},\"path\":",
                json_string(&exit.text())
            ));
        }
    }
    match report.outcome.path() {
        Some(path) => {
            json.push('[');
            for (i, &cell) in path.iter().enumerate() {
                if i > 0 {
                    json.push(',');
                }
                json.push_str(&point(maze.coords(cell)));
            }
            json.push(']');
        }
        None => json.push_str("null"),
    }
    stops_fields(&mut json, job, report, |cell| point(maze.coords(cell)));
    search_fields(&mut json, maze, report);
    json
}

/// The end of a `solve` object: the path's cost (the costs of the cells entered, √2 times
/// for a diagonal move; null without a path), what the search cost and how it ended, and the
/// closing brace.
/// With several goals or waypoints: every goal and the waypoints as typed, and the goal
/// reached (`cell` writes it), `null` if none was. Nothing otherwise, so a run with one goal
/// writes what it always did.
fn stops_fields(json: &mut String, job: &Solve, report: &Report, cell: impl Fn(usize) -> String) {
    if job.other_goals.is_empty() && job.via.is_empty() {
        return;
    }
    let list = |points: &mut dyn Iterator<Item = &(u32, u32)>| {
        let points: Vec<String> = points.map(|(x, y)| format!("[{x},{y}]")).collect();
        format!("[{}]", points.join(","))
    };
    let goals = list(&mut std::iter::once(&job.goal).chain(&job.other_goals));
    let reached = report
        .outcome
        .path()
        .and_then(|path| path.last())
        .map_or("null".to_string(), |&last| cell(last));
    let _ = write!(
        json,
        ",\"goals\":{goals},\"via\":{},\"goal_reached\":{reached}",
        list(&mut job.via.iter())
    );
}

fn search_fields(json: &mut String, maze: &Maze, report: &Report) {
    match report.outcome.path() {
        Some(path) => {
            let _ = write!(
                json,
                ",\"cost\":{}",
                json_number(world::path_cost(maze, path))
            );
        }
        None => json.push_str(",\"cost\":null"),
    }
    let (outcome, reason) = match &report.outcome {
        Outcome::Found(_) => ("found", None),
        Outcome::Unreachable => ("unreachable", None),
        Outcome::GaveUp { reason, .. } => ("gave-up", Some(*reason)),
    };
    json.push_str(&format!(
        ",\"visited\":{},\"steps\":{},\"outcome\":{},\"reason\":{}}}",
        report.visited,
        report.steps,
        json_string(outcome),
        reason.map_or("null".to_string(), json_string)
    ));
}

/// The opening of a maze's graph object, without the closing brace: the grid (shape, size),
/// how the maze was made, then the graph: `cells` (how many, switched-off ones included),
/// `disabled` (those switched off), `neighbours` (per cell, the cells on that it touches, in
/// side order) and `passages` (each joined pair once, smaller cell first, in order of the
/// smaller cell and then its side).
fn graph_json(maze: &Maze, algorithm: &str, seed: u64, braid: f64) -> String {
    let grid = maze.topology();
    let mut json = String::with_capacity(100 + 24 * maze.len());
    let _ = write!(json, "{{\"shape\":{},", json_string(maze.shape().name()));
    let _ = match maze.shape() {
        Shape::Polar => write!(json, "\"rings\":{},", maze.height()),
        _ => write!(
            json,
            "\"width\":{},\"height\":{},",
            maze.width(),
            maze.height()
        ),
    };
    let _ = write!(
        json,
        "\"algorithm\":{},\"seed\":{seed},",
        json_string(algorithm)
    );
    if braid > 0.0 {
        let _ = write!(json, "\"braid\":{braid},");
    }
    let _ = write!(json, "\"cells\":{},\"disabled\":", grid.len());
    number_list(&mut json, (0..grid.len()).filter(|&cell| !grid.is_on(cell)));
    json.push_str(",\"neighbours\":[");
    for cell in 0..grid.len() {
        if cell > 0 {
            json.push(',');
        }
        let mut next = Vec::with_capacity(8);
        grid.for_each_neighbour(cell, |_, n| next.push(n));
        number_list(&mut json, next);
    }
    json.push_str("],\"passages\":[");
    let mut first = true;
    for cell in 0..maze.len() {
        let bits = maze.cell(cell);
        for side in (0..8).filter(|side| bits & (1 << side) != 0) {
            match maze.passage_through(cell, side) {
                Some(other) if cell < other => {
                    if !first {
                        json.push(',');
                    }
                    first = false;
                    let _ = write!(json, "[{cell},{other}]");
                }
                _ => {}
            }
        }
    }
    json.push(']');
    json
}

/// A JSON list of whole numbers.
fn number_list(json: &mut String, numbers: impl IntoIterator<Item = usize>) {
    json.push('[');
    for (i, n) in numbers.into_iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        let _ = write!(json, "{n}");
    }
    json.push(']');
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
/// A number in JSON: whole numbers without a fraction, others to 6 decimals (trailing zeros
/// dropped), so that the cost of a path of whole costs reads as a whole number.
fn json_number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        return format!("{}", value as i64);
    }
    let text = format!("{value:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn json_string(text: &str) -> String {
    let mut json = String::with_capacity(text.len() + 2);
    json.push('"');
    for c in text.chars() {
        match c {
            '"' => json.push_str("\\\""),
            '\\' => json.push_str("\\\\"),
            '\n' => json.push_str("\\n"),
            '\r' => json.push_str("\\r"),
            '\t' => json.push_str("\\t"),
            c if u32::from(c) < 0x20 => json.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => json.push(c),
        }
    }
    json.push('"');
    json
}

// Host only: these tests use serde_json, a host-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::options::{Format, Layout};
    use mazestep::maze::{E, W};

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("bfs"), "\"bfs\"");
        assert_eq!(
            json_string("a\"b\\c\nd\te\u{1}é"),
            "\"a\\\"b\\\\c\\nd\\te\\u0001é\""
        );
    }

    fn job(start: (u32, u32), goal: (u32, u32)) -> Solve {
        Solve {
            solver: "bfs",
            algorithm: "binary-tree",
            layout: Layout {
                shape: Shape::Square,
                mask_file: None,
                empty: Maze::new(3, 1).unwrap(),
                mask: None,
            },
            seed: 7,
            fresh_seed: false,
            braid: 0.0,
            start,
            goal,
            start_cell: start.0 as usize,
            goal_cell: goal.0 as usize,
            other_goals: Vec::new(),
            via: Vec::new(),
            format: Format::Tiles,
            density: generators::DEFAULT_DENSITY,
            rule: Default::default(),
            search: Default::default(),
            start_exit: None,
            goal_exit: None,
            ends: Default::default(),
            given: (true, true),
            world: None,
        }
    }

    #[test]
    fn an_unreachable_goal_shows_start_and_goal_and_no_route() {
        // Three cells in a row; only the first two are joined, so the third is cut off.
        let maze = Maze::from_cells(3, 1, vec![E, W, 0]).unwrap();
        let job = job((0, 0), (2, 0));
        let report = solvers::solve("bfs", &maze, job.start, job.goal).unwrap();
        assert_eq!(report.outcome, Outcome::Unreachable);
        let mut tiles = Vec::new();
        route_tiles(&maze, &job, &report, &mut tiles).unwrap();
        assert_eq!(tiles, b"#######\n#S..#G#\n#######\n\n");
        let message = no_path_message(&job, &report.outcome).unwrap();
        assert!(
            message.contains("0,0") && message.contains("2,0"),
            "{message}"
        );
        let json = solve_json(&maze, &job, &report);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["path"], serde_json::Value::Null);
        assert_eq!(value["outcome"], "unreachable");
    }

    #[test]
    fn a_found_route_is_drawn_through_its_passages() {
        let maze = Maze::from_cells(3, 1, vec![E, E | W, W]).unwrap();
        let job = job((0, 0), (2, 0));
        let report = solvers::solve("bfs", &maze, job.start, job.goal).unwrap();
        let mut tiles = Vec::new();
        route_tiles(&maze, &job, &report, &mut tiles).unwrap();
        assert_eq!(tiles, b"#######\n#SoooG#\n#######\n\n");
        assert_eq!(no_path_message(&job, &report.outcome), None);
    }

    #[test]
    fn start_wins_when_it_is_the_goal() {
        let maze = Maze::from_cells(1, 1, vec![0]).unwrap();
        let tiles = export::route_tiles(&maze, 0, 0, Some(&[0]));
        assert_eq!(tiles.as_deref(), Ok("###\n#S#\n###\n"));
    }
}
