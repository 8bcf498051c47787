//! Tests of the teaching tools: seeking and stepping back, narration, data structures,
//! jumping to the next event, and pseudocode coverage.
//!
//! The reference for every seek is the plainest possible one: a fresh run stepped one step at
//! a time, its observable state recorded after each step. Settings cover every generator
//! (with braiding and a solver, so all four phases run) and every solver.

// Native only: wasm-pack compiles every test target for wasm32. Browser tests: tests/wasm.rs.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::board::Board;
use mazestep::generators::{self, braid};
use mazestep::machine::{event_label, Structure, EVENT_KINDS};
use mazestep::maze::Maze;
use mazestep::maze::{Direction, E, N, S, W};
use mazestep::player;
use mazestep::rng::Rng;
use mazestep::run::{Phase, Run, Settings};
use mazestep::solvers;
use std::collections::{HashMap, HashSet};

/// Everything the page can read about a run at one step.
#[derive(Clone, Debug, PartialEq)]
struct Observed {
    steps: u64,
    cells: Vec<u8>,
    marks: Vec<u8>,
    groups: Vec<u32>,
    phase: Phase,
    phase_steps: Vec<u64>,
    last: Option<(String, u8)>,
    algorithm: &'static str,
    current: Option<usize>,
    heading: Option<u8>,
    counters: Vec<(&'static str, u64)>,
    narration: String,
    structures: Vec<Structure>,
    path: Vec<u32>,
}

fn observe(run: &mut Run) -> Observed {
    let board = run.board();
    Observed {
        steps: run.steps(),
        cells: board.maze().cells().to_vec(),
        marks: board.marks().to_vec(),
        groups: board.groups().to_vec(),
        phase: run.phase(),
        phase_steps: Phase::ALL.iter().map(|&p| run.phase_steps(p)).collect(),
        last: run
            .last_step()
            .map(|s| (s.event.kind().to_string(), s.line)),
        algorithm: run.info().name,
        current: run.machine().current(),
        heading: run.machine().heading(),
        counters: run.machine().counters(),
        narration: run.narration(),
        structures: run.structures(5),
        path: run.path_u32().to_vec(),
    }
}

/// Every generator with braiding and BFS (all four phases), and every solver on a braided
/// maze (loops make the searches differ).
fn cases(width: u32, height: u32) -> Vec<Settings> {
    let mut all = Vec::new();
    for (i, entry) in generators::ALL.iter().enumerate() {
        // Open worlds are not braided: three phases.
        let braid = if entry.perfect { 0.4 } else { 0.0 };
        all.push(
            Settings::new(entry.info.name, width, height, 7 + i as u64)
                .with_braid(braid)
                .with_solver("bfs"),
        );
    }
    for (i, name) in solvers::names().into_iter().enumerate() {
        all.push(
            Settings::new("recursive-backtracker", width, height, 100 + i as u64)
                .with_braid(0.5)
                .with_solver(name),
        );
    }
    all
}

/// The reference: observations after 0, 1, 2, … single steps of a fresh run.
fn reference(settings: &Settings) -> Vec<Observed> {
    let mut run = Run::new(settings.clone()).unwrap();
    let mut seen = vec![observe(&mut run)];
    while run.step().is_some() {
        seen.push(observe(&mut run));
    }
    seen
}

fn name(settings: &Settings) -> String {
    format!(
        "{} + {}",
        settings.generator,
        settings.solver.as_deref().unwrap_or("-")
    )
}

#[test]
fn seeking_anywhere_equals_stepping_there() {
    for settings in cases(9, 7) {
        let expected = reference(&settings);
        let total = expected.len() as u64 - 1;
        let mut run = Run::new(settings.clone()).unwrap();
        assert_eq!(run.total_steps(), total, "{}", name(&settings));
        // The first call laid checkpoints down but did not move this run.
        assert_eq!(run.steps(), 0);
        // A walk of forward and backward jumps of all sizes, from everywhere.
        let mut rng = mazestep::rng::Rng::new(settings.seed);
        let mut targets: Vec<u64> = (0..40)
            .map(|_| rng.below(total as u32 + 1) as u64)
            .collect();
        targets.extend([total, 0, total / 2, total, total + 50]);
        for target in targets {
            let before = observe(&mut run);
            let at = run.seek(target);
            assert_eq!(at, target.min(total));
            let now = observe(&mut run);
            assert_eq!(
                now,
                expected[at as usize],
                "{} seek {target}",
                name(&settings)
            );
            check_dirty(&run, &before, &now, &name(&settings));
        }
    }
}

/// The dirty list is exactly the cells whose bytes changed (or everything is dirty).
fn check_dirty(run: &Run, before: &Observed, now: &Observed, what: &str) {
    if run.all_dirty() {
        return;
    }
    let changed: HashSet<u32> = (0..now.cells.len())
        .filter(|&c| {
            before.cells[c] != now.cells[c]
                || before.marks[c] != now.marks[c]
                || before.groups[c] != now.groups[c]
        })
        .map(|c| c as u32)
        .collect();
    let dirty: HashSet<u32> = run.dirty().iter().copied().collect();
    assert_eq!(dirty.len(), run.dirty().len(), "{what}: duplicates");
    // Seeking forward by stepping lists every touched cell, which may include cells changed
    // and changed back; seeking back lists exactly the changed ones.
    assert!(changed.is_subset(&dirty), "{what}: missed dirty cells");
}

#[test]
fn back_restores_the_previous_step_all_the_way_to_the_start() {
    for settings in cases(6, 5) {
        let expected = reference(&settings);
        let mut run = Run::new(settings.clone()).unwrap();
        run.finish();
        let mut k = run.steps();
        while run.back() {
            k -= 1;
            let now = observe(&mut run);
            assert_eq!(now, expected[k as usize], "{} back to {k}", name(&settings));
        }
        assert_eq!(k, 0);
        assert_eq!(run.narration(), "");
        // At step 0 back changes nothing.
        assert!(!run.back());
        assert_eq!(observe(&mut run), expected[0]);
    }
}

#[test]
fn seeking_is_exact_with_thinned_checkpoints_and_with_none() {
    let settings = Settings::new("wilson", 40, 30, 3)
        .with_braid(0.2)
        .with_solver("a-star");
    let expected = reference(&settings);
    let cells = 40 * 30;
    // Room for about 3 checkpoints (thinned many times over), for 1, and for none at all.
    for budget in [3 * 16 * cells, 16 * cells, 0] {
        let mut run = Run::new(settings.clone()).unwrap();
        run.set_checkpoint_budget(budget);
        let total = run.total_steps();
        assert_eq!(total as usize, expected.len() - 1);
        for k in [
            total - 1,
            1,
            total / 3,
            64,
            63,
            65,
            1000,
            999,
            0,
            total,
            total / 2,
            7,
        ] {
            run.seek(k);
            assert_eq!(
                observe(&mut run),
                expected[k as usize],
                "budget {budget} seek {k}"
            );
        }
        run.seek(total);
        for k in (total - 5..total).rev() {
            assert!(run.back());
            assert_eq!(
                observe(&mut run),
                expected[k as usize],
                "budget {budget} back {k}"
            );
        }
    }
}

#[test]
fn each_steps_journal_undone_restores_the_board_before_it() {
    for settings in cases(7, 6) {
        let mut run = Run::new(settings.clone()).unwrap();
        loop {
            let before = run.board().clone();
            let (start, notes) = (run.board().journal_len(), run.board().notes().len());
            if run.advance(1) == 0 {
                break;
            }
            let mut board = run.board().clone();
            board.take_back(start, notes, |_| {});
            assert_eq!(board.maze(), before.maze(), "{}", name(&settings));
            assert_eq!(board.marks(), before.marks());
            assert_eq!(board.groups(), before.groups());
        }
    }
}

#[test]
fn every_step_names_a_pseudocode_line_and_every_line_runs() {
    // Lines that never run as a step on their own, by algorithm and index: headers such as
    // "repeat:" or "function ...", and else-branches that only lead into another line.
    let mut executed: HashMap<&'static str, HashSet<u8>> = HashMap::new();
    // Kruskal's crossing lines run on a weave only.
    let weaves = generators::ALL
        .iter()
        .filter(|e| e.weave)
        .map(|e| Settings::new(e.info.name, 8, 6, 3).with_shape(mazestep::topology::Shape::Weave));
    let all: Vec<Settings> = cases(8, 6).into_iter().chain(weaves).collect();
    for seed in 0..6 {
        for mut settings in all.clone() {
            settings.seed += seed * 1000;
            let mut run = Run::new(settings.clone()).unwrap();
            while let Some(step) = run.step() {
                let info = run.info();
                assert!(
                    (step.line as usize) < info.pseudocode.len(),
                    "{}: line {} of {}",
                    info.name,
                    step.line,
                    info.pseudocode.len()
                );
                executed.entry(info.name).or_default().insert(step.line);
            }
        }
    }
    // Generated mazes are connected: the "unreachable" lines need a goal walled off, and a
    // start walled in. 0 - 1 | 2, and two closed cells.
    let cut = Maze::from_cells(3, 1, vec![E, W, 0]).unwrap();
    let closed = Maze::new(2, 1).unwrap();
    // And a noose for cul-de-sac filling: a loop of four on a stem south of the top row.
    let noose = vec![
        E | S,
        W | E | S,
        W,
        N | S,
        N | E | S,
        W | S,
        N,
        N | E,
        N | W,
    ];
    let noose = Maze::from_cells(3, 3, noose).unwrap();
    for entry in solvers::ALL {
        for (maze, goal) in [(&cut, 2), (&closed, 1), (&noose, 2)] {
            let mut machine = (entry.make)(maze, 0, goal, &Default::default());
            let mut board = Board::new(maze.clone());
            let mut rng = Rng::new(0);
            while let Some(step) = machine.step(&mut board, &mut rng) {
                assert!((step.line as usize) < entry.info.pseudocode.len());
                executed
                    .entry(entry.info.name)
                    .or_default()
                    .insert(step.line);
            }
        }
    }
    let mut never = Vec::new();
    let infos = generators::ALL
        .iter()
        .map(|e| e.info)
        .chain(solvers::ALL.iter().map(|e| e.info))
        .chain([&braid::INFO, &player::INFO]);
    for info in infos {
        let lines = executed.get(info.name).cloned().unwrap_or_default();
        for (i, text) in info.pseudocode.iter().enumerate() {
            let folded = FOLDED
                .iter()
                .any(|&(n, l, _)| n == info.name && l == i as u8);
            if lines.contains(&(i as u8)) {
                assert!(
                    !folded,
                    "{} line {i} is listed as folded but runs",
                    info.name
                );
            } else if !folded {
                never.push(format!("{} line {i}: {text}", info.name));
            }
        }
    }
    assert!(never.is_empty(), "never executed:\n{}", never.join("\n"));
}

/// Pseudocode lines no step reports as its own: the work they describe is done inside the
/// step of another line (named in the reason). Checked both ways: each listed line never
/// runs on its own, and every other line does.
const FOLDED: &[(&str, u8, &str)] = &[
    ("room", 0, "the starting state, before any step"),
    ("obstacles", 0, "the starting state, before any step"),
    ("obstacles", 1, "worked out when the machine is made"),
    ("obstacles", 2, "loop or branch header"),
    ("rooms", 0, "the starting state, before any step"),
    ("rooms", 1, "loop or branch header"),
    ("rooms", 2, "done inside the step of another line"),
    ("rooms", 4, "done inside the step of another line"),
    ("caves", 0, "the starting state, before any step"),
    ("caves", 2, "loop or branch header"),
    ("caves", 3, "done inside the step of another line"),
    (
        "unicursal",
        0,
        "runs on a grid one cell thin only (its unit tests walk those)",
    ),
    ("unicursal", 1, "worked out when the machine is made"),
    ("unicursal", 3, "loop or branch header"),
    ("unicursal", 4, "done inside the step of another line"),
    ("unicursal", 5, "loop or branch header"),
    ("unicursal", 8, "loop or branch header"),
    (
        "cellular-automaton",
        0,
        "the starting state, before any step",
    ),
    ("cellular-automaton", 2, "loop or branch header"),
    (
        "cellular-automaton",
        3,
        "done inside the step of another line",
    ),
    (
        "cellular-automaton",
        4,
        "done inside the step of another line",
    ),
    (
        "cellular-automaton",
        7,
        "runs only when a pattern never settles (its unit tests reach it)",
    ),
    ("chain", 1, "loop or branch header"),
    ("terrain", 0, "the starting state, before any step"),
    ("terrain", 1, "done inside the first row's step"),
    ("terrain", 2, "loop or branch header"),
    ("terrain", 3, "done inside the step of another line"),
    ("binary-tree", 0, "loop or branch header"),
    ("binary-tree", 1, "done inside the step of another line"),
    ("sidewinder", 0, "loop or branch header"),
    ("sidewinder", 2, "loop or branch header"),
    ("sidewinder", 3, "done inside the step of another line"),
    ("sidewinder", 4, "loop or branch header"),
    ("sidewinder", 6, "done inside the step of another line"),
    ("recursive-backtracker", 1, "loop or branch header"),
    (
        "recursive-backtracker",
        2,
        "done inside the step of another line",
    ),
    ("recursive-backtracker", 3, "loop or branch header"),
    ("kruskal", 0, "setup, done before the first step"),
    ("kruskal", 1, "loop or branch header"),
    ("kruskal", 2, "loop or branch header"),
    ("kruskal", 5, "done inside the step of another line"),
    ("prim", 1, "loop or branch header"),
    ("prim", 2, "done inside the step of another line"),
    ("prim", 4, "done inside the step of another line"),
    ("true-prim", 1, "loop or branch header"),
    ("true-prim", 2, "done inside the step of another line"),
    ("true-prim", 4, "done inside the step of another line"),
    ("aldous-broder", 1, "loop or branch header"),
    ("aldous-broder", 2, "done inside the step of another line"),
    ("wilson", 1, "loop or branch header"),
    ("hunt-and-kill", 1, "loop or branch header"),
    ("hunt-and-kill", 3, "done inside the step of another line"),
    ("hunt-and-kill", 5, "done inside the step of another line"),
    ("eller", 0, "loop or branch header"),
    ("eller", 1, "done inside the step of another line"),
    ("eller", 2, "loop or branch header"),
    ("eller", 6, "loop or branch header"),
    ("eller", 8, "done inside the step of another line"),
    ("growing-tree", 1, "loop or branch header"),
    ("growing-tree", 2, "done inside the step of another line"),
    ("houston", 1, "loop or branch header"),
    ("houston", 4, "loop or branch header"),
    ("growing-forest", 1, "loop or branch header"),
    ("growing-forest", 2, "done inside the step of another line"),
    ("blobby-division", 0, "setup, done before the first step"),
    ("blobby-division", 1, "loop or branch header"),
    ("blobby-division", 3, "loop or branch header"),
    ("blobby-division", 6, "done inside the step of another line"),
    ("recursive-division", 0, "setup, done before the first step"),
    ("recursive-division", 1, "loop or branch header"),
    (
        "recursive-division",
        2,
        "done inside the step of another line",
    ),
    (
        "recursive-division",
        4,
        "done inside the step of another line",
    ),
    ("bfs", 1, "loop or branch header"),
    ("bfs", 4, "loop or branch header"),
    ("a-star", 1, "loop or branch header"),
    ("a-star", 2, "done inside the step of another line"),
    ("a-star", 5, "loop or branch header"),
    ("wall-follower-right", 1, "loop or branch header"),
    (
        "wall-follower-right",
        3,
        "done inside the step of another line",
    ),
    ("wall-follower-left", 1, "loop or branch header"),
    (
        "wall-follower-left",
        3,
        "done inside the step of another line",
    ),
    ("dfs", 1, "loop or branch header"),
    ("dfs", 2, "done inside the step of another line"),
    ("dijkstra", 1, "loop or branch header"),
    ("dijkstra", 2, "done inside the step of another line"),
    ("dijkstra", 5, "loop or branch header"),
    ("greedy", 1, "loop or branch header"),
    ("greedy", 4, "loop or branch header"),
    ("bidirectional-a-star", 1, "loop or branch header"),
    ("bidirectional-a-star", 2, "loop or branch header"),
    ("bidirectional-a-star", 5, "loop or branch header"),
    ("jump-point-search", 1, "loop or branch header"),
    (
        "jump-point-search",
        2,
        "done inside the step of another line",
    ),
    (
        "jump-point-search",
        4,
        "done inside the step of another line",
    ),
    ("ida-star", 1, "loop or branch header"),
    ("ida-star", 2, "loop or branch header"),
    ("ida-star", 3, "done inside the step of another line"),
    ("bidirectional-bfs", 1, "loop or branch header"),
    ("bidirectional-bfs", 2, "loop or branch header"),
    ("tremaux", 1, "loop or branch header"),
    ("tremaux", 6, "done inside the step of another line"),
    ("random-mouse", 1, "loop or branch header"),
    ("random-mouse", 3, "done inside the step of another line"),
    ("pledge", 1, "loop or branch header"),
    ("pledge", 3, "loop or branch header"),
    ("pledge", 6, "loop or branch header"),
    ("dead-end-filling", 1, "loop or branch header"),
    (
        "dead-end-filling",
        4,
        "done inside the step of another line",
    ),
    ("a-star-weighted", 1, "loop or branch header"),
    ("a-star-weighted", 2, "done inside the step of another line"),
    ("a-star-weighted", 5, "loop or branch header"),
    ("braid", 0, "setup, done before the first step"),
    ("braid", 1, "loop or branch header"),
    ("braid", 2, "done inside the step of another line"),
    ("braid", 3, "done inside the step of another line"),
    ("player", 1, "loop or branch header"),
    ("collision", 1, "loop or branch header"),
    ("collision", 3, "done inside the step of another line"),
    ("collision", 4, "done inside the step of another line"),
    ("collision", 8, "done inside the step of another line"),
    ("shortest-paths", 1, "loop or branch header"),
    ("shortest-paths", 3, "done inside the step of another line"),
    ("shortest-paths", 4, "done inside the step of another line"),
    ("shortest-paths", 8, "done inside the step of another line"),
    ("bottlenecks", 1, "loop or branch header"),
    ("bottlenecks", 3, "done inside the step of another line"),
    ("bottlenecks", 6, "loop or branch header"),
    ("cul-de-sac-filling", 1, "loop or branch header"),
    ("cul-de-sac-filling", 4, "loop or branch header"),
    (
        "cul-de-sac-filling",
        6,
        "done inside the step of another line",
    ),
    ("blind-alley-filling", 1, "loop or branch header"),
    (
        "blind-alley-filling",
        3,
        "done inside the step of another line",
    ),
    ("blind-alley-filling", 4, "loop or branch header"),
    ("blind-alley-filling", 9, "loop or branch header"),
    (
        "blind-alley-filling",
        11,
        "done inside the step of another line",
    ),
    ("blind-alley-sealing", 1, "loop or branch header"),
    (
        "blind-alley-sealing",
        3,
        "done inside the step of another line",
    ),
    ("blind-alley-sealing", 4, "loop or branch header"),
    ("blind-alley-sealing", 9, "loop or branch header"),
    (
        "blind-alley-sealing",
        11,
        "done inside the step of another line",
    ),
];

#[test]
fn narration_is_a_sentence_naming_the_cell() {
    for settings in cases(8, 6) {
        let mut run = Run::new(settings.clone()).unwrap();
        assert_eq!(run.narration(), "");
        while let Some(step) = run.step() {
            let text = run.narration();
            assert!(text.ends_with('.'), "{}: {text:?}", name(&settings));
            assert!(
                text.chars().next().is_some_and(char::is_uppercase),
                "{text:?}"
            );
            if let Some(cell) = step.event.cell() {
                let (x, y) = run.maze().coords(cell as usize);
                let at = format!("({x}, {y})");
                assert!(
                    text.contains(&at),
                    "{}: {text:?} lacks {at}",
                    name(&settings)
                );
            }
        }
    }
}

#[test]
fn structures_respect_the_limit_and_report_true_totals() {
    for settings in cases(10, 8) {
        let mut run = Run::new(settings.clone()).unwrap();
        while run.advance(3) > 0 {
            for limit in [0, 1, 4] {
                for s in run.structures(limit) {
                    assert!(s.items.len() <= limit, "{}: {s:?}", name(&settings));
                    assert!(s.items.len() as u64 <= s.total, "{s:?}");
                    assert!(!s.title.is_empty());
                }
            }
            let big = run.structures(usize::MAX);
            for s in &big {
                // With no limit, a list shows every entry it counts.
                if !s.items.is_empty() && s.total < 1000 {
                    assert!(s.items.len() as u64 <= s.total, "{s:?}");
                }
            }
        }
    }
}

#[test]
fn advance_until_stops_right_after_the_wanted_kind() {
    for settings in cases(8, 6) {
        let expected = reference(&settings);
        let kinds: Vec<&str> = generators::find(&settings.generator)
            .unwrap()
            .info
            .events
            .iter()
            .chain(
                solvers::find(settings.solver.as_deref().unwrap())
                    .unwrap()
                    .info
                    .events,
            )
            .copied()
            .collect();
        for kind in kinds {
            let mut run = Run::new(settings.clone()).unwrap();
            let mut at = 0usize;
            loop {
                let done = run.advance_until(kind, 1_000_000).unwrap() as usize;
                if done == 0 {
                    break;
                }
                // The first step of `kind` after `at` in the reference.
                let next = (at + 1..expected.len())
                    .find(|&k| expected[k].last.as_ref().is_some_and(|(k2, _)| k2 == kind));
                match next {
                    Some(k) => assert_eq!(at + done, k, "{} {kind}", name(&settings)),
                    None => assert_eq!(at + done, expected.len() - 1),
                }
                at += done;
            }
        }
        // A limit stops it early.
        let mut run = Run::new(settings.clone()).unwrap();
        assert_eq!(run.advance_until("found", 2), Some(2));
        // A kind no algorithm emits is refused.
        assert_eq!(run.advance_until("teleport", 5), None);
        assert_eq!(run.steps(), 2);
    }
}

#[test]
fn every_listed_event_kind_has_a_label_and_is_emitted() {
    let infos: Vec<_> = generators::ALL
        .iter()
        .map(|e| e.info)
        .chain(solvers::ALL.iter().map(|e| e.info))
        .chain([&braid::INFO, &player::INFO])
        .collect();
    let mut emitted: HashMap<&'static str, HashSet<String>> = HashMap::new();
    for seed in 0..4 {
        for mut settings in cases(8, 6) {
            settings.seed += seed * 1000;
            let mut run = Run::new(settings).unwrap();
            while let Some(step) = run.step() {
                emitted
                    .entry(run.info().name)
                    .or_default()
                    .insert(step.event.kind().to_string());
            }
        }
    }
    for info in infos {
        assert!(!info.events.is_empty(), "{}", info.name);
        for kind in info.events {
            assert!(event_label(kind).is_some(), "{}: {kind}", info.name);
        }
        // The most interesting kind (listed first) really happens.
        let seen = &emitted[info.name];
        assert!(seen.contains(info.events[0]), "{}: {seen:?}", info.name);
        // And every kind it emits is listed, so the page can offer it, except the first
        // step ("begin") and giving up ("unreachable"), which happen at most once.
        for kind in seen {
            assert!(
                info.events.contains(&kind.as_str()) || kind == "begin" || kind == "unreachable",
                "{} emits {kind} but does not list it",
                info.name
            );
        }
    }
    let kinds: HashSet<_> = EVENT_KINDS.iter().map(|&(k, _)| k).collect();
    assert_eq!(kinds.len(), EVENT_KINDS.len(), "duplicate kinds");
}

#[test]
fn a_seek_on_a_large_maze_is_exact_at_the_far_end() {
    let settings = Settings::new("kruskal", 60, 50, 11).with_solver("dijkstra");
    let mut run = Run::new(settings.clone()).unwrap();
    let total = run.total_steps();
    run.seek(total);
    let mut reference = Run::new(settings).unwrap();
    reference.finish();
    assert_eq!(run.maze(), reference.maze());
    assert_eq!(run.board().marks(), reference.board().marks());
    assert!(run.is_done());
    let _ = Maze::new(1, 1);
}

/// Runs until the machine named `algorithm` is on show and `pick` says stop, checking
/// `check` after every step while it is.
fn during(settings: Settings, algorithm: &str, mut check: impl FnMut(&mut Run)) -> usize {
    let mut run = Run::new(settings).unwrap();
    let mut checked = 0;
    while run.step().is_some() {
        if run.info().name == algorithm && run.phase() != Phase::Done {
            check(&mut run);
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_best_of_a_heap_equals_a_full_sort() {
    let mut rng = Rng::new(42);
    for case in 0..200 {
        let len = rng.below(300) as usize;
        let values: Vec<u32> = (0..len).map(|_| rng.below(50)).collect();
        let heap: std::collections::BinaryHeap<u32> = values.iter().copied().collect();
        let mut quad = mazestep::ds::quad_heap::QuadHeap::new();
        values.iter().for_each(|&v| quad.push(v));
        let limit = rng.below(20) as usize;
        let keep = |v: u32| v % 3 != 0;
        let mut sorted: Vec<u32> = values.into_iter().filter(|&v| keep(v)).collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        sorted.truncate(limit);
        let best = mazestep::machine::heap_best(heap.as_slice(), 2, limit, &keep);
        assert_eq!(best, sorted, "case {case}");
        let best = mazestep::machine::heap_best(quad.as_slice(), 4, limit, &keep);
        assert_eq!(best, sorted, "case {case}, four-way heap");
    }
}

#[test]
fn a_star_lists_its_open_set_in_the_order_it_will_take_them() {
    let settings = Settings::new("recursive-backtracker", 14, 11, 5)
        .with_braid(0.6)
        .with_solver("a-star");
    let checked = during(settings, "a-star", |run| {
        let solver = run.solver().unwrap();
        let structures = run.structures(6);
        let open = &structures[0];
        // Read the scores back out of the text and check them against the definitions.
        let goal = run.maze().coords(run.goal());
        let mut last_f = 0;
        for item in &open.items {
            let numbers: Vec<u32> = item
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let [x, y, f, g, h] = numbers[..] else {
                panic!("{item}")
            };
            assert_eq!(h, x.abs_diff(goal.0) + y.abs_diff(goal.1), "{item}");
            assert_eq!(f, g + h, "{item}");
            assert!(f >= last_f, "not lowest f first: {:?}", open.items);
            last_f = f;
            // An open cell is marked frontier on the board.
            let cell = run.maze().index(x, y);
            assert_ne!(run.board().mark(cell) & mazestep::board::mark::FRONTIER, 0);
        }
        let _ = solver;
        // The true total is every cell still marked frontier.
        let frontier = run
            .board()
            .marks()
            .iter()
            .filter(|&&m| m & mazestep::board::mark::FRONTIER != 0)
            .count() as u64;
        assert_eq!(open.total, frontier);
        assert_eq!(open.items.len() as u64, open.total.min(6));
    });
    assert!(checked > 10);
}

#[test]
fn queue_and_stack_totals_match_the_marks_on_the_board() {
    use mazestep::board::mark;
    for (solver, bit) in [("bfs", mark::FRONTIER), ("dijkstra", mark::FRONTIER)] {
        let settings = Settings::new("kruskal", 12, 10, 8)
            .with_braid(0.5)
            .with_solver(solver);
        let checked = during(settings, solver, |run| {
            let s = &run.structures(1000)[0];
            let marked = run
                .board()
                .marks()
                .iter()
                .filter(|&&m| m & bit != 0)
                .count();
            assert_eq!(s.total as usize, marked, "{solver}");
            assert_eq!(s.items.len(), marked);
        });
        assert!(checked > 10);
    }
    // The backtracker's stack is the cells marked active.
    let settings = Settings::new("recursive-backtracker", 12, 10, 8);
    during(settings, "recursive-backtracker", |run| {
        let s = &run.structures(1000)[0];
        let active = run
            .board()
            .marks()
            .iter()
            .filter(|&&m| m & mark::ACTIVE != 0)
            .count();
        assert_eq!(s.total as usize, active);
        assert_eq!(s.items.len(), active);
        // Top first: after a push, the top is the cell just carved into.
        if let Some(mazestep::machine::Event::Push { cell, side }) =
            run.last_step().map(|s| s.event)
        {
            let next = run
                .maze()
                .neighbour(cell as usize, Direction::from_side(side))
                .unwrap();
            let (x, y) = run.maze().coords(next);
            assert_eq!(s.items[0], format!("({x}, {y})"));
        }
    });
}

#[test]
fn kruskal_counts_its_sets_as_the_connected_pieces_of_the_maze() {
    let settings = Settings::new("kruskal", 9, 8, 21);
    let cells = 72;
    let checked = during(settings, "kruskal", |run| {
        let structures = run.structures(usize::MAX);
        let sets = &structures[0];
        // Count the pieces independently: flood fill over the passages.
        let maze = run.maze();
        let mut seen = vec![false; maze.len()];
        let mut pieces = 0;
        for start in 0..maze.len() {
            if seen[start] {
                continue;
            }
            pieces += 1;
            seen[start] = true;
            let mut todo = vec![start];
            while let Some(cell) = todo.pop() {
                for dir in Direction::ALL {
                    let Some(next) = maze.passage(cell, dir) else {
                        continue;
                    };
                    if !seen[next] {
                        seen[next] = true;
                        todo.push(next);
                    }
                }
            }
        }
        assert_eq!(sets.total, pieces);
        assert_eq!(sets.items.len() as u64, pieces);
        let sizes: u64 = sets
            .items
            .iter()
            .map(|item| item.rsplit(": ").next().unwrap().split(' ').next().unwrap())
            .map(|n| n.parse::<u64>().unwrap())
            .sum();
        assert_eq!(sizes, cells);
    });
    assert!(checked > 50);
}

#[test]
fn kruskal_notes_the_two_sets_it_merged_with_their_sizes() {
    // The sizes before the merge, read from the structure before the step, must add up in the
    // note after it: "merged the set of A (a cells) with the set of B (b cells)".
    let settings = Settings::new("kruskal", 8, 7, 5);
    let mut run = Run::new(settings.clone()).unwrap();
    // The same run one step behind: the sets as they were before each merge.
    let mut before = Run::new(settings).unwrap();
    let size_of = |run: &Run, x: u32, y: u32| -> u64 {
        // Count the cells connected to (x, y) by a flood over the passages.
        let maze = run.maze();
        let mut seen = vec![false; maze.len()];
        let start = maze.index(x, y);
        seen[start] = true;
        let mut todo = vec![start];
        let mut count = 0;
        while let Some(cell) = todo.pop() {
            count += 1;
            for dir in Direction::ALL {
                if let Some(next) = maze.passage(cell, dir) {
                    if !seen[next] {
                        seen[next] = true;
                        todo.push(next);
                    }
                }
            }
        }
        count
    };
    let mut merges = 0;
    while let Some(step) = run.step() {
        let note = run.structures(0)[0].note.clone();
        let numbers: Vec<u64> = note
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        match step.event {
            mazestep::machine::Event::MergeSets { .. } => {
                merges += 1;
                let [ax, ay, a, bx, by, b] = numbers[..] else {
                    panic!("{note}")
                };
                assert_eq!(a, size_of(&before, ax as u32, ay as u32), "{note}");
                assert_eq!(b, size_of(&before, bx as u32, by as u32), "{note}");
            }
            mazestep::machine::Event::KeepWall { .. } => {
                assert!(note.starts_with("kept the wall between"), "{note}");
            }
            _ => {}
        }
        before.step();
    }
    assert_eq!(merges, 8 * 7 - 1);
}

/// Back pressed again and again far from any checkpoint: the first Back replays up to a whole
/// checkpoint interval, and keeps a snapshot a little before where it went, so the next ones
/// replay only a few thousand steps. Every one is still exactly the run stepped that far.
#[test]
fn repeated_backs_far_from_a_checkpoint_replay_little() {
    let settings = Settings::new("kruskal", 160, 160, 3).with_solver("bfs");
    let budgeted = || {
        let mut run = Run::new(settings.clone()).unwrap();
        // Room for one checkpoint: the interval is then half the run or more.
        run.set_checkpoint_budget(160 * 160 * 16);
        run.total_steps();
        run
    };
    // Where the one checkpoint is: a Back from the end replays from it (when it cannot take
    // the step back: the history is forgotten, as after steps taken quietly).
    let mut probe = budgeted();
    let total = probe.total_steps();
    probe.seek(total);
    probe.forget_history();
    probe.back();
    let checkpoint = total - 1 - probe.last_replay();
    assert!(checkpoint > 40_000, "checkpoint at {checkpoint} of {total}");
    // Just before it, the state to go back from is step 0's: far.
    let start = checkpoint - 1;
    let mut run = budgeted();
    run.seek(start);
    assert_eq!(run.last_replay(), 0, "forward: no restore");
    run.forget_history();
    let mut fresh = Run::new(settings.clone()).unwrap();
    let mut replays = Vec::new();
    for back in 1..=50 {
        assert!(run.back());
        replays.push(run.last_replay());
        let at = start - back;
        assert_eq!(run.steps(), at);
        fresh.seek(at);
        assert_eq!(observe(&mut run), observe(&mut fresh), "after {back} Backs");
    }
    assert_eq!(replays[0], start - 1, "the first Back replays from step 0");
    assert!(
        replays[1..].iter().all(|&r| r == 0),
        "the next ones are taken back: {replays:?}"
    );

    // The same when the first Back is done a slice at a time, as the page does it.
    let mut run = budgeted();
    run.seek(start);
    run.forget_history();
    while run.seek_within(start - 1, 1000) != start - 1 {}
    assert!(run.back());
    assert_eq!(run.steps(), start - 2);
    assert!(run.last_replay() <= 4096, "{}", run.last_replay());
    fresh.seek(start - 2);
    assert_eq!(observe(&mut run), observe(&mut fresh));
}

/// Back made ready ahead of time, a slice at a time (as the page does after a pause): the run
/// on show does not change while it is prepared, and Back then replays little, exactly.
#[test]
fn back_prepared_ahead_replays_little_and_changes_nothing_meanwhile() {
    let settings = Settings::new("kruskal", 160, 160, 3).with_solver("bfs");
    let mut run = Run::new(settings.clone()).unwrap();
    run.set_checkpoint_budget(160 * 160 * 16);
    let total = run.total_steps();
    // Just before the one checkpoint (found as in the test above), far from step 0.
    let mut probe = Run::new(settings.clone()).unwrap();
    probe.set_checkpoint_budget(160 * 160 * 16);
    probe.seek(total);
    probe.forget_history();
    probe.back();
    let start = total - 2 - probe.last_replay();
    run.seek(start);
    run.forget_history();
    let before = observe(&mut run);
    let mut calls = 0;
    while !run.prepare_back(1000) {
        calls += 1;
        assert_eq!(
            observe(&mut run),
            before,
            "preparing changes nothing on show"
        );
    }
    assert!(calls > 10, "{calls} slices of 1000 steps");
    // Ready: asking again is free.
    assert!(run.prepare_back(1));
    assert!(run.back());
    assert!(run.last_replay() <= 4096, "{}", run.last_replay());
    let mut fresh = Run::new(settings).unwrap();
    fresh.seek(start - 1);
    assert_eq!(observe(&mut run), observe(&mut fresh));
    // Near step 0 there is nothing to prepare.
    run.seek(100);
    assert!(run.prepare_back(1));
}
