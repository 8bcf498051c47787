//! Step transcripts: every step of every generator and solver (and of braiding and the player)
//! on a small maze, written out as text, one file per algorithm under `tests/transcripts/`.
//!
//! Each file has a header (the algorithm's title, summary, what one step is, its pseudocode
//! numbered, what the pictures' symbols mean) and then one short block per step: the pseudocode
//! line the step names, the event, the narration the page shows, the machine's counters and its
//! data-structure views, with a picture of the maze every few steps. A reader can open one to
//! watch an algorithm work; a change to any of those (a pseudocode line index, a word of
//! narration, a count in a view) fails this test, naming the algorithm, the step and the first
//! differing line. Pseudocode lines are numbered from 1 in the files, so a step made with
//! `Step::new(event, 6)` shows as line 7.
//!
//! Generators run alone on a 5 × 4 maze. Solvers all search one braided 6 × 4 maze (see
//! [`SOLVER_MAZE`]) whose goal sits at the bottom-left corner, round a bend from the start;
//! braiding's file shows how that maze got its loops, and the player's shows BFS's path walked.
//!
//! To create missing files, or to accept a deliberate change, run
//! `MAZESTEP_BLESS=1 cargo test --test transcripts`, read `git diff tests/transcripts`, and
//! commit the files.

// Native only: wasm-pack compiles every test target for wasm32; these read and write files.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::mark;
use mazestep::export::route_tiles;
use mazestep::generators;
use mazestep::machine::{xy, Event, Info, Structure};
use mazestep::maze::{Direction, Maze, Side};
use mazestep::run::{Phase, Run, Settings};
use mazestep::solvers::{self, Outcome};
use std::fmt::Write;
use std::path::PathBuf;

/// Size and seed of every generator's run.
const GENERATOR_RUN: (u32, u32, u64) = (5, 4, 5);

/// The maze every solver searches: generator, width, height, seed, braid share, goal. Chosen
/// so that the searches differ: the goal (bottom-left) is reached by going right along the
/// top row and back, greedy best-first takes a longer way than the shortest, and the left and
/// right wall followers walk different routes.
const SOLVER_MAZE: (&str, u32, u32, u64, f64, (u32, u32)) = ("sidewinder", 6, 4, 2, 0.5, (0, 3));

/// The solver whose path the player's transcript walks.
const PLAYER_SOLVER: &str = "bfs";

/// At most this many items of each data-structure view are written.
const ITEMS: usize = 8;

/// A picture of the maze after every this many steps (and after the last one).
const PICTURE_EVERY: u64 = 5;

/// Lines longer than this are wrapped (headers and lists of items; narration is kept whole).
const WIDTH: usize = 96;

/// Mark bits as drawn on a cell, the first that applies winning; `VISITED` last, so that set
/// labels (Kruskal, Eller) show through it.
const MARK_SYMBOLS: &[(u8, char, &str)] = &[
    (mark::WALKED, '*', "WALKED"),
    (mark::PATH, 'o', "PATH"),
    (mark::ACTIVE, '+', "ACTIVE"),
    (mark::FRONTIER, '?', "FRONTIER"),
    (mark::SPECIAL, 'x', "SPECIAL"),
    (mark::VISITED, ':', "VISITED"),
];

fn blessing() -> bool {
    std::env::var("MAZESTEP_BLESS").is_ok_and(|v| v == "1")
}

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("transcripts")
}

fn file_name(name: &str) -> String {
    format!("{name}.transcript.txt")
}

/// One transcript to write: which phase of which run, described how.
struct Plan {
    /// The machine's registry name; also the file's name.
    name: &'static str,
    settings: Settings,
    /// The steps written are those of this phase.
    phase: Phase,
    /// What the run is, for the header (one or more lines).
    about: String,
    /// Whether pictures show the start and goal.
    ends: bool,
}

fn generator_plan(name: &'static str) -> Plan {
    let (width, height, seed) = GENERATOR_RUN;
    Plan {
        name,
        settings: Settings::new(name, width, height, seed),
        phase: Phase::Generating,
        about: format!("{name} alone on a {width} x {height} maze, seed {seed}."),
        ends: false,
    }
}

fn solver_maze_settings(solver: &str) -> Settings {
    let (generator, width, height, seed, braid, goal) = SOLVER_MAZE;
    Settings {
        goal: Some(goal),
        ..Settings::new(generator, width, height, seed)
            .with_solver(solver)
            .with_braid(braid)
    }
}

fn solver_maze_words() -> String {
    let (generator, width, height, seed, braid, (gx, gy)) = SOLVER_MAZE;
    format!(
        "a {width} x {height} maze made by {generator} with seed {seed}, then braided with share \
         {braid} (see braid.transcript.txt); start (0, 0) top-left, goal ({gx}, {gy})."
    )
}

fn solver_plan(name: &'static str) -> Plan {
    Plan {
        name,
        settings: solver_maze_settings(name),
        phase: Phase::Solving,
        about: format!(
            "{name} searching {} Only the search's steps are written; the player's walk \
             of the result is in player.transcript.txt.",
            solver_maze_words()
        ),
        ends: true,
    }
}

fn braid_plan() -> Plan {
    let (generator, width, height, seed, braid, _) = SOLVER_MAZE;
    Plan {
        name: "braid",
        settings: solver_maze_settings(PLAYER_SOLVER),
        phase: Phase::Braiding,
        about: format!(
            "braiding with share {braid} a {width} x {height} maze made by {generator} with \
             seed {seed}: the maze every solver's transcript searches."
        ),
        ends: false,
    }
}

fn player_plan() -> Plan {
    Plan {
        name: "player",
        settings: solver_maze_settings(PLAYER_SOLVER),
        phase: Phase::Walking,
        about: format!(
            "the player walking the path {PLAYER_SOLVER} found in {}",
            solver_maze_words()
        ),
        ends: true,
    }
}

/// The event with its fields, cells as (x, y) and sides by name.
fn event_text(event: &Event, maze: &Maze) -> String {
    let c = |cell: u32| xy(maze, cell as usize);
    let name = |side: Side| Direction::from_side(side).name();
    let kind = event.kind();
    let details = match *event {
        Event::Carve { cell, side }
        | Event::Push { cell, side }
        | Event::KeepWall { cell, side }
        | Event::Hunt { cell, side }
        | Event::Seal { cell, side } => format!("{} {}", c(cell), name(side)),
        Event::Pass { cell }
        | Event::Pop { cell }
        | Event::Begin { cell }
        | Event::Skip { cell }
        | Event::Walk { cell }
        | Event::Fill { cell }
        | Event::Block { cell } => c(cell),
        Event::OpenAll { cells } => format!("{cells} cells"),
        Event::BlockLine {
            cell,
            side,
            length,
            door,
        } => format!(
            "{} {}, length {length}, door at {}",
            c(cell),
            name(side),
            c(door)
        ),
        Event::Generation {
            number,
            blocked,
            freed,
        } => format!("{number}, blocked {blocked}, freed {freed}"),
        Event::PaintRow { cell, length } => format!("{}, length {length}", c(cell)),
        Event::ExtendRun { cell, run_len } => format!("{}, run of {run_len}", c(cell)),
        Event::CloseRun {
            cell,
            side,
            run_len,
        } => {
            format!("{} {}, run of {run_len}", c(cell), name(side))
        }
        Event::MergeSets {
            cell,
            side,
            kept,
            absorbed,
        } => format!(
            "{} {}, label {kept} kept, label {absorbed} absorbed",
            c(cell),
            name(side)
        ),
        Event::Expand { cell, added } => format!("{}, added {added}", c(cell)),
        Event::Found { length } => format!("path of {length} cells"),
        Event::Unreachable => String::new(),
        Event::Turn { cell, heading } => format!("{}, now facing {}", c(cell), name(heading)),
        Event::Move { from, to, heading } => {
            format!("{} -> {}, facing {}", c(from), c(to), name(heading))
        }
        Event::Looped { cell, heading } => format!("{} facing {}", c(cell), name(heading)),
        Event::EraseLoop { cell, erased } => format!("{}, erased {erased}", c(cell)),
        Event::AddWalk { cell, length } => format!("{}, length {length}", c(cell)),
        Event::Divide {
            cell,
            side,
            length,
            gap,
        } => format!(
            "{} {}, length {length}, gap at {}",
            c(cell),
            name(side),
            c(gap)
        ),
    };
    if details.is_empty() {
        kind.to_string()
    } else {
        format!("{kind} {details}")
    }
}

/// `text` split into lines of at most [`WIDTH`] characters, each line after the first starting
/// with `indent`. Lines break only at spaces outside parentheses, so words and cells such as
/// "(3, 1)" are never split.
fn wrap(text: &str, first: &str, indent: &str) -> String {
    let mut words = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ' ' if depth == 0 => {
                words.push(&text[from..at]);
                from = at + 1;
            }
            _ => {}
        }
    }
    words.push(&text[from..]);
    let mut out = String::new();
    let mut line = first.to_string();
    let mut fresh = true;
    for word in words {
        if !fresh && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line = indent.to_string();
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// The maze as tiles with what the board shows on each cell: the current cell (`@`, or an
/// arrow for a machine with a heading), start `S` and goal `G` if `ends`, the first mark of
/// [`MARK_SYMBOLS`] that applies, else a set label as a letter, else `.`.
fn picture(run: &Run, ends: bool, indent: &str) -> String {
    let maze = run.maze();
    let board = run.board();
    let machine = run.machine();
    let mut rows: Vec<Vec<char>> = maze
        .to_tile_text()
        .lines()
        .map(|line| line.chars().collect())
        .collect();
    for cell in 0..maze.len() {
        let (x, y) = maze.coords(cell);
        let marks = board.mark(cell);
        let symbol = if machine.current() == Some(cell) && !run.is_done() {
            match machine.heading().map(Direction::from_side) {
                Some(Direction::North) => '^',
                Some(Direction::East) => '>',
                Some(Direction::South) => 'v',
                Some(Direction::West) => '<',
                None => '@',
            }
        } else if ends && cell == run.start() {
            'S'
        } else if ends && cell == run.goal() {
            'G'
        } else if maze.cost(cell) == 0 {
            // An open world's obstacle.
            '%'
        } else if let Some(&(_, symbol, _)) = MARK_SYMBOLS
            .iter()
            .find(|&&(bit, _, _)| bit != mark::VISITED && marks & bit != 0)
        {
            symbol
        } else if board.group(cell) != 0 {
            char::from(b'A' + ((board.group(cell) - 1) % 26) as u8)
        } else if marks & mark::VISITED != 0 {
            ':'
        } else if maze.cost(cell) > 1 {
            // Terrain: the cost of entering the cell.
            char::from(b'0' + maze.cost(cell))
        } else {
            '.'
        };
        rows[2 * y as usize + 1][2 * x as usize + 1] = symbol;
    }
    let mut text = String::new();
    for row in rows {
        text.push_str(indent);
        text.extend(row);
        text.push('\n');
    }
    text
}

/// The tile text indented, for the plain maze pictures of the header.
fn indented(tiles: &str, indent: &str) -> String {
    tiles
        .lines()
        .map(|line| format!("{indent}{line}\n"))
        .collect()
}

/// What the pictures' symbols mean for machines with these descriptions.
fn legend(infos: &[&'static Info], ends: bool, labels: bool) -> String {
    let mut parts = vec![
        "# wall".to_string(),
        ". open (a cell, or the gap between two cells)".to_string(),
        "@ the machine's current cell (an arrow ^ > v < when it faces a way)".to_string(),
    ];
    let open_world = infos
        .iter()
        .any(|info| generators::find(info.name).is_ok_and(|entry| !entry.perfect));
    if open_world {
        parts.push("% a blocked cell (an obstacle)".to_string());
    }
    if ends {
        parts.push("S start".to_string());
        parts.push("G goal".to_string());
    }
    for &(bit, symbol, bit_name) in MARK_SYMBOLS {
        let meanings: Vec<&str> = infos
            .iter()
            .flat_map(|info| info.marks.iter())
            .filter(|&&(b, _)| b == bit)
            .map(|&(_, meaning)| meaning)
            .collect();
        if let Some(meaning) = meanings.first() {
            parts.push(format!("{symbol} {meaning} ({bit_name})"));
        }
    }
    if labels {
        parts.push("A-Z the cell's set label (label 1 is A)".to_string());
    }
    if open_world {
        parts.push("2-9 the cost of entering the cell (nothing else on it)".to_string());
    }
    let mut text = String::from("Pictures: on a cell the first that applies of\n");
    for part in parts {
        text.push_str(&wrap(&part, "  ", "    "));
    }
    text
}

fn structure_text(structure: &Structure) -> String {
    let mut head = format!("  {} [{}]", structure.title, structure.total);
    let mut text = String::new();
    if !structure.items.is_empty() {
        let plain = structure
            .items
            .iter()
            .all(|item| item.starts_with('(') && item.ends_with(')') && !item[1..].contains('('));
        let mut list = structure.items.join(if plain { " " } else { "; " });
        let more = structure.total.saturating_sub(structure.items.len() as u64);
        if more > 0 {
            let _ = write!(list, " (+{more} more)");
        }
        head.push_str(": ");
        text.push_str(&wrap(&list, &head, "      "));
    } else {
        text.push_str(&head);
        text.push('\n');
    }
    if !structure.note.is_empty() {
        text.push_str(&wrap(&structure.note, "    note: ", "      "));
    }
    text
}

fn counters_text(counters: &[(&'static str, u64)]) -> String {
    if counters.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = counters
        .iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect();
    format!("  counts: {}\n", parts.join(" · "))
}

fn header(info: &'static Info, plan: &Plan, extra_infos: &[&'static Info], labels: bool) -> String {
    let mut text = String::new();
    let title = format!("{}: step transcript", info.title);
    let _ = writeln!(text, "{title}\n{}\n", "=".repeat(title.chars().count()));
    text.push_str(&wrap(info.summary, "", ""));
    text.push('\n');
    text.push_str(&wrap(info.step_unit, "One step: ", "  "));
    text.push_str(&wrap(&plan.about, "Run: ", "  "));
    text.push_str("Cells are (x, y): x counts from 0 at the left, y from 0 at the top.\n\n");
    text.push_str("Pseudocode (each step names the line that did it):\n");
    for (i, line) in info.pseudocode.iter().enumerate() {
        let _ = writeln!(text, "  {:>2}  {line}", i + 1);
    }
    text.push('\n');
    let mut infos = vec![info];
    infos.extend_from_slice(extra_infos);
    text.push_str(&legend(&infos, plan.ends, labels));
    text.push('\n');
    text.push_str(&wrap(
        "Made by tests/transcripts.rs, which fails when a run no longer matches this file. \
         To accept a deliberate change: MAZESTEP_BLESS=1 cargo test --test transcripts, then \
         read the diff and commit it.",
        "",
        "",
    ));
    text
}

/// The whole transcript of one plan.
fn transcript(plan: &Plan) -> String {
    let mut run = Run::new(plan.settings.clone()).expect("valid settings");
    // The maze as it stands before the first step of the phase; replaced after each step until
    // the phase begins.
    let before = |run: &Run| {
        if plan.ends {
            // The player's walk starts with the path found drawn on.
            let path = run.solver().and_then(|s| s.outcome()?.path());
            route_tiles(run.maze(), run.start(), run.goal(), path)
                .expect("transcripts are on the square grid")
        } else {
            run.maze().to_tile_text()
        }
    };
    let mut maze_before = before(&run);
    let mut body = String::new();
    let mut info = None;
    let mut steps = 0;
    let mut labels = false;
    loop {
        let done = run.advance(1) == 0;
        let phase = run.last_step_phase();
        if done || (info.is_some() && phase != plan.phase) {
            break;
        }
        if phase != plan.phase {
            maze_before = before(&run);
            continue;
        }
        let step = run.last_step().expect("a step was taken");
        let this: &'static Info = run.info();
        info.get_or_insert(this);
        steps = run.phase_steps(phase);
        let line = match this.pseudocode.get(usize::from(step.line)) {
            Some(text) => format!("line {}: \"{}\"", step.line + 1, text.trim()),
            None => format!("line {} (not in the pseudocode!)", step.line + 1),
        };
        let _ = writeln!(body, "step {steps} · {line}");
        let _ = writeln!(body, "  event: {}", event_text(&step.event, run.maze()));
        let _ = writeln!(body, "  says:  {}", run.narration());
        body.push_str(&counters_text(&run.machine().counters()));
        for structure in run.structures(ITEMS) {
            body.push_str(&structure_text(&structure));
        }
        labels |= run.board().groups().iter().any(|&g| g != 0);
        // Whether this is the phase's last step: the run's phase has moved on, or the machine
        // says so.
        let last = run.phase() != plan.phase || run.machine().is_done();
        if steps % PICTURE_EVERY == 0 || last {
            let _ = writeln!(body, "  maze after step {steps}:");
            body.push_str(&picture(&run, plan.ends, "    "));
        }
        body.push('\n');
    }
    let info =
        info.unwrap_or_else(|| panic!("{}: the run has no {:?} steps", plan.name, plan.phase));
    let extra: Vec<&'static Info> = match plan.phase {
        // The player's pictures also show the solver's path marks.
        Phase::Walking => vec![solvers::find(PLAYER_SOLVER).expect("registered").info],
        _ => Vec::new(),
    };
    let mut text = header(info, plan, &extra, labels);
    text.push_str("\nThe maze before the first step:\n");
    text.push_str(&indented(&maze_before, "    "));
    text.push('\n');
    text.push_str(&body);
    let _ = writeln!(text, "{steps} steps.");
    if plan.phase == Phase::Solving {
        let report = run.report().expect("the search finished");
        let outcome = match &report.outcome {
            Outcome::Found(path) => format!(
                "found a way of {} cells: {}",
                path.len(),
                path.iter()
                    .map(|&c| xy(run.maze(), c))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Outcome::Unreachable => "the goal cannot be reached".to_string(),
            Outcome::GaveUp { route, reason } => {
                format!("gave up after walking {} cells: {reason}", route.len())
            }
        };
        text.push_str(&wrap(
            &format!("{outcome}; {} cells visited.", report.visited),
            "Result: ",
            "  ",
        ));
    }
    text
}

/// Every transcript: generators, solvers, braiding, the player.
fn plans() -> Vec<Plan> {
    let mut plans: Vec<Plan> = generators::names()
        .into_iter()
        .map(generator_plan)
        .collect();
    plans.extend(solvers::names().into_iter().map(solver_plan));
    plans.push(braid_plan());
    plans.push(player_plan());
    plans
}

/// The step block (or "the header") holding line `index` of a transcript.
fn where_in(lines: &[&str], index: usize) -> String {
    lines[..=index.min(lines.len().saturating_sub(1))]
        .iter()
        .rev()
        .find_map(|line| {
            let rest = line.strip_prefix("step ")?;
            let number = rest.split(' ').next()?;
            Some(format!("step {number}"))
        })
        .unwrap_or_else(|| "the header".to_string())
}

/// Compares `actual` with the file, or writes it when blessing; says what is wrong, if anything.
fn check(name: &str, actual: &str, bless: bool) -> Option<String> {
    let path = folder().join(file_name(name));
    let shown = format!("tests/transcripts/{}", file_name(name));
    let expected = match std::fs::read_to_string(&path) {
        Ok(expected) if expected == actual => return None,
        found => found,
    };
    if bless {
        std::fs::create_dir_all(folder()).expect("can create tests/transcripts");
        std::fs::write(&path, actual).expect("can write a transcript");
        eprintln!("blessed {shown}");
        return None;
    }
    let how = "If the change is intended, run MAZESTEP_BLESS=1 cargo test --test transcripts, \
               read `git diff tests/transcripts` and commit the files.";
    let expected = match expected {
        Ok(expected) => expected,
        Err(err) => {
            return Some(format!(
                "{name}: {shown} cannot be read ({err}). A new algorithm needs its transcript: \
                 run MAZESTEP_BLESS=1 cargo test --test transcripts, read the new file and \
                 commit it."
            ))
        }
    };
    let (old, new): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let at = (0..old.len().max(new.len()))
        .find(|&i| old.get(i) != new.get(i))
        .unwrap_or(old.len().min(new.len()));
    let show = |line: Option<&&str>| match line {
        Some(line) if line.trim().is_empty() => "(an empty line)".to_string(),
        Some(line) => line.to_string(),
        None => "(the end of the file)".to_string(),
    };
    Some(format!(
        "{name}: the run differs from {shown} at {} (line {} of the file):\n  \
         expected: {}\n  got:      {}\n{how}",
        where_in(&new, at),
        at + 1,
        show(old.get(at)),
        show(new.get(at)),
    ))
}

fn check_all(plans: Vec<Plan>) {
    let bless = blessing();
    let problems: Vec<String> = plans
        .iter()
        .filter_map(|plan| check(plan.name, &transcript(plan), bless))
        .collect();
    assert!(
        problems.is_empty(),
        "{} transcript(s) differ:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

#[test]
fn generator_transcripts_match_their_files() {
    check_all(
        generators::names()
            .into_iter()
            .map(generator_plan)
            .collect(),
    );
}

#[test]
fn solver_transcripts_match_their_files() {
    check_all(solvers::names().into_iter().map(solver_plan).collect());
}

#[test]
fn braid_and_player_transcripts_match_their_files() {
    check_all(vec![braid_plan(), player_plan()]);
}

#[test]
fn every_transcript_file_belongs_to_an_algorithm() {
    // A file left behind by a renamed or removed algorithm would lock nothing.
    let names: Vec<String> = plans().iter().map(|plan| file_name(plan.name)).collect();
    let Ok(entries) = std::fs::read_dir(folder()) else {
        return; // no files yet: the tests above report them missing
    };
    for entry in entries {
        let file = entry.expect("can list tests/transcripts").file_name();
        let file = file.to_string_lossy();
        assert!(
            names.iter().any(|name| *name == file),
            "tests/transcripts/{file} belongs to no registered algorithm: remove it"
        );
    }
}

#[test]
fn transcripts_are_deterministic() {
    // The same plan twice gives the same text, so a file never differs by chance.
    for plan in [
        generator_plan("kruskal"),
        solver_plan("a-star"),
        player_plan(),
    ] {
        assert_eq!(transcript(&plan), transcript(&plan), "{}", plan.name);
    }
}
