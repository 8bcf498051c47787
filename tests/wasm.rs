//! Binding tests for the JavaScript edge (`src/wasm/`), run in headless Chromium:
//!
//! ```sh
//! CHROMEDRIVER=/usr/bin/chromedriver wasm-pack test --headless --chrome -- --test wasm
//! ```
//!
//! They drive `MazeRun` the way the page does and read the board through typed-array views
//! on the wasm memory (`js_sys::Uint8Array` over `memory.buffer`), then check what they read
//! against independent computations: the set of bytes that really changed against the dirty
//! list, a breadth-first search of the passage bits against the solver's path length, the
//! core registries against the name lists. Thrown errors are read as JS `Error` objects.
//!
//! Every exported function takes its arguments as `JsValue`s, as the page's calls arrive, so
//! the tests pass them the same way (`s("bfs")`, `n(5.0)`, `b(true)`) and can also pass what a
//! page must not: a number for a string, `null`, an object, NaN.
//!
//! The whole file is wasm32 only; on the host `cargo test` compiles it to an empty binary.
#![cfg(target_arch = "wasm32")]

use js_sys::{Uint32Array, Uint8Array, WebAssembly};
use mazestep::wasm::{self as api, MazeRun};
use std::collections::{BTreeSet, VecDeque};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

// ---- helpers --------------------------------------------------------------------------------

/// A JS string argument.
fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// A JS number argument.
fn n(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

/// A JS boolean argument.
fn b(x: bool) -> JsValue {
    JsValue::from_bool(x)
}

/// The message of a thrown error, checking that JS sees a real `Error`.
fn message(error: JsError) -> String {
    let value = JsValue::from(error);
    let error = value
        .dyn_into::<js_sys::Error>()
        .expect("errors reach JS as instances of Error");
    error.message().into()
}

/// The value, or a test failure naming the JS error.
fn ok<T>(result: Result<T, JsError>) -> T {
    match result {
        Ok(value) => value,
        Err(error) => panic!("unexpected error: {}", message(error)),
    }
}

/// The error message, or a test failure if the call succeeded.
fn err<T>(result: Result<T, JsError>) -> String {
    match result {
        Ok(_) => panic!("expected an error, the call succeeded"),
        Err(error) => message(error),
    }
}

fn new_run(generator: &str, solver: &str, w: f64, h: f64, seed: &str) -> MazeRun {
    ok(MazeRun::new(
        s(generator),
        s(solver),
        n(w),
        n(h),
        s(seed),
        s(""),
        s(""),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ))
}

/// `memory.buffer`, fetched afresh each time as the page does (memory can grow).
fn buffer() -> JsValue {
    let memory: WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    memory.buffer()
}

fn bytes(ptr: *const u8, len: u32) -> Vec<u8> {
    Uint8Array::new_with_byte_offset_and_length(&buffer(), ptr as u32, len).to_vec()
}

fn words(ptr: *const u32, len: u32) -> Vec<u32> {
    Uint32Array::new_with_byte_offset_and_length(&buffer(), ptr as u32, len).to_vec()
}

/// Everything the page draws, read through JS views.
#[derive(Clone, PartialEq, Debug)]
struct View {
    cells: Vec<u8>,
    marks: Vec<u8>,
    groups: Vec<u32>,
}

fn view(run: &MazeRun) -> View {
    let n = run.cell_count();
    View {
        cells: bytes(run.cells_ptr(), n),
        marks: bytes(run.marks_ptr(), n),
        groups: words(run.groups_ptr(), n),
    }
}

fn dirty(run: &MazeRun) -> Vec<u32> {
    words(run.dirty_ptr(), run.dirty_len())
}

/// Cells whose passage bits, marks or set label differ between two views.
fn changed(before: &View, after: &View) -> BTreeSet<u32> {
    (0..before.cells.len())
        .filter(|&i| {
            before.cells[i] != after.cells[i]
                || before.marks[i] != after.marks[i]
                || before.groups[i] != after.groups[i]
        })
        .map(|i| i as u32)
        .collect()
}

/// Shortest path length in cells (start and goal included) by a breadth-first search over
/// the passage bits N=1 E=2 S=4 W=8, written here independently of the crate's solvers.
fn shortest_path_cells(cells: &[u8], width: u32, start: u32, goal: u32) -> Option<u32> {
    let w = width as usize;
    let mut dist = vec![u32::MAX; cells.len()];
    let mut queue = VecDeque::from([start as usize]);
    dist[start as usize] = 1;
    while let Some(cell) = queue.pop_front() {
        if cell == goal as usize {
            return Some(dist[cell]);
        }
        let bits = cells[cell];
        let mut next = Vec::new();
        if bits & 1 != 0 {
            next.push(cell - w);
        }
        if bits & 2 != 0 {
            next.push(cell + 1);
        }
        if bits & 4 != 0 {
            next.push(cell + w);
        }
        if bits & 8 != 0 {
            next.push(cell - 1);
        }
        for n in next {
            if dist[n] == u32::MAX {
                dist[n] = dist[cell] + 1;
                queue.push_back(n);
            }
        }
    }
    None
}

const ALL_MARKS: u8 = 1 | 2 | 4 | 8 | 16 | 32;
const PATH: u8 = 8;
const WALKED: u8 = 16;

fn solver_choices() -> Vec<String> {
    let mut choices = vec!["none".to_string()];
    choices.extend(api::solver_names());
    choices
}

// ---- stepping and memory views --------------------------------------------------------------

#[wasm_bindgen_test]
fn advance_changes_cells_and_the_dirty_list_is_exactly_the_changed_cells() {
    let mut run = new_run("binary-tree", "bfs", 7.0, 5.0, "11");
    let start = view(&run);
    assert!(
        start.cells.iter().all(|&c| c == 0),
        "a fresh maze has every wall"
    );
    assert_eq!(run.dirty_len(), 0);
    let mut total = 0;
    loop {
        let before = view(&run);
        let phase = run.phase();
        let done = ok(run.advance(n(1.0)));
        let after = view(&run);
        if done == 0.0 {
            break;
        }
        total += 1;
        // The step that begins solving clears the display whole (kept aside whole, to be taken
        // back): everything is redrawn then, and only then.
        if run.phase() != phase && phase == "generating" {
            assert!(run.all_dirty(), "step {total}: the display was cleared");
            continue;
        }
        assert!(!run.all_dirty(), "one step never changes too much");
        let list = dirty(&run);
        let listed: BTreeSet<u32> = list.iter().copied().collect();
        assert_eq!(
            listed.len(),
            list.len(),
            "dirty cells are listed once: {list:?}"
        );
        // Binary Tree and BFS never change a cell and change it back within one step, so
        // the dirty list is exactly the set of cells whose bytes differ.
        assert_eq!(listed, changed(&before, &after), "step {total}");
    }
    assert_eq!(run.phase(), "done");
    assert_eq!(f64::from(total), run.steps());
    assert_ne!(view(&run).cells, start.cells, "generation carved passages");
}

#[wasm_bindgen_test]
fn every_algorithm_lists_every_change_and_keeps_to_its_contract() {
    for generator in api::generator_names() {
        for solver in solver_choices() {
            for batch in [1.0, 7.0] {
                let label = format!("{generator}/{solver} batch {batch}");
                let mut run = new_run(&generator, &solver, 6.0, 5.0, "2024");
                let count = run.cell_count();
                loop {
                    let before = view(&run);
                    let done = ok(run.advance(n(batch)));
                    let after = view(&run);
                    assert!(done <= batch, "{label}");
                    let list = dirty(&run);
                    assert!(list.iter().all(|&c| c < count), "{label}: {list:?}");
                    // The renderer skips the labels while hasLabels() is false.
                    assert!(
                        run.has_labels() || after.groups.iter().all(|&g| g == 0),
                        "{label}: labels set but hasLabels() is false"
                    );
                    let listed: BTreeSet<u32> = list.iter().copied().collect();
                    assert_eq!(listed.len(), list.len(), "{label}: duplicates");
                    if !run.all_dirty() {
                        let missing: Vec<_> = changed(&before, &after)
                            .difference(&listed)
                            .copied()
                            .collect();
                        assert!(
                            missing.is_empty(),
                            "{label}: changed but not dirty {missing:?}"
                        );
                    }
                    if done == 0.0 {
                        break;
                    }
                    let algorithm = run.algorithm();
                    let lines = ok(api::pseudocode(s(&algorithm))).len() as i32;
                    let line = run.last_line();
                    assert!(
                        (0..lines).contains(&line),
                        "{label}: line {line} of {lines}"
                    );
                    assert!(!run.last_event().is_empty(), "{label}");
                    assert!((-1..count as i32).contains(&run.current()), "{label}");
                    assert!((-1..=3).contains(&run.heading()), "{label}");
                    assert_eq!(
                        run.counter_names().len(),
                        run.counter_values().len(),
                        "{label}"
                    );
                    // The legend must explain every mark the algorithm on show leaves (the
                    // player walks over the solver's marks, so it is checked alone below).
                    if algorithm != "player" {
                        let legend = ok(api::legend_bits(s(&algorithm)))
                            .iter()
                            .fold(0u8, |all, bit| all | bit);
                        let stray = after.marks.iter().fold(0u8, |all, m| all | (m & !legend));
                        assert_eq!(
                            stray, 0,
                            "{label}: {algorithm} left marks outside its legend"
                        );
                    }
                }
                assert_eq!(run.phase(), "done", "{label}");
                // Only the generators that keep sets, blobs or trees label cells.
                let labels = ["kruskal", "eller", "growing-forest", "blobby-division"]
                    .contains(&generator.as_str());
                assert_eq!(run.has_labels(), labels, "{label}");
            }
        }
    }
}

#[wasm_bindgen_test]
fn finish_runs_to_the_same_end_and_marks_everything_dirty() {
    let mut stepped = new_run("binary-tree", "bfs", 9.0, 8.0, "77");
    while ok(stepped.advance(n(5.0))) == 5.0 {}

    let mut finished = new_run("binary-tree", "bfs", 9.0, 8.0, "77");
    assert_eq!(ok(finished.advance(n(3.0))), 3.0);
    let rest = ok(finished.finish(JsValue::UNDEFINED));
    assert_eq!(3.0 + rest, finished.steps());
    assert_eq!(finished.steps(), stepped.steps());
    assert_eq!(finished.phase(), "done");
    assert!(
        finished.all_dirty(),
        "after finish the page must redraw everything"
    );
    assert_eq!(finished.dirty_len(), 0);
    assert_eq!(
        view(&finished),
        view(&stepped),
        "finish and stepping end alike"
    );
    assert_eq!(finished.outcome(), stepped.outcome());

    // Done means done: nothing more happens and nothing is dirty.
    let before = view(&finished);
    assert_eq!(ok(finished.advance(n(10.0))), 0.0);
    assert_eq!(ok(finished.finish(JsValue::UNDEFINED)), 0.0);
    assert_eq!(view(&finished), before);
}

#[wasm_bindgen_test]
fn a_huge_batch_falls_back_to_redrawing_everything() {
    let mut run = new_run("binary-tree", "bfs", 40.0, 40.0, "5");
    let before = view(&run);
    let done = ok(run.advance(n(f64::INFINITY)));
    assert!(done > 0.0 && run.phase() == "done");
    if run.all_dirty() {
        assert_eq!(run.dirty_len(), 0);
    } else {
        let listed: BTreeSet<u32> = dirty(&run).into_iter().collect();
        assert!(changed(&before, &view(&run)).is_subset(&listed));
    }
}

#[wasm_bindgen_test]
fn sizes_and_seeds_at_the_limits_work() {
    let mut wide = new_run("binary-tree", "bfs", 4096.0, 1.0, "18446744073709551615");
    assert_eq!(
        (wide.width(), wide.height(), wide.cell_count()),
        (4096, 1, 4096)
    );
    ok(wide.finish(JsValue::UNDEFINED));
    assert_eq!(wide.outcome(), "found");
    assert_eq!(
        wide.path_length(),
        4096,
        "a one-row maze has one path through every cell"
    );

    let mut single = new_run("binary-tree", "bfs", 1.0, 1.0, " 0 ");
    ok(single.finish(JsValue::UNDEFINED));
    assert_eq!((single.start(), single.goal()), (0, 0));
    assert_eq!(single.outcome(), "found");
    assert_eq!(single.path_length(), 1);
}

// ---- phases and solver results --------------------------------------------------------------

#[wasm_bindgen_test]
fn phases_go_generating_solving_walking_done() {
    let mut run = new_run("binary-tree", "bfs", 8.0, 6.0, "3");
    assert_eq!(run.phase(), "generating");
    assert_eq!(run.algorithm(), "binary-tree");
    assert_eq!((run.last_event(), run.last_line()), (String::new(), -1));
    assert_eq!(
        (run.outcome(), run.path_length(), run.visited()),
        (String::new(), 0, 0.0)
    );
    let mut seen = vec![run.phase()];
    while ok(run.advance(n(1.0))) == 1.0 {
        if seen.last() != Some(&run.phase()) {
            seen.push(run.phase());
        }
        let expected_algorithm = match run.phase().as_str() {
            "generating" => "binary-tree",
            "solving" => "bfs",
            _ => "player",
        };
        assert_eq!(run.algorithm(), expected_algorithm);
    }
    seen.push(run.phase());
    seen.dedup();
    assert_eq!(seen, ["generating", "solving", "walking", "done"]);
    let phases = ["generating", "solving", "walking", "done"].map(|p| ok(run.phase_steps(s(p))));
    assert!(phases[..3].iter().all(|&s| s > 0.0), "{phases:?}");
    assert_eq!(phases.iter().sum::<f64>(), run.steps());
    assert_eq!(
        phases[2],
        f64::from(run.path_length()),
        "the player walks one cell per step"
    );
}

#[wasm_bindgen_test]
fn generating_only_stops_after_the_generator() {
    // No solver may be said as "", "none", or by leaving it out (null, undefined).
    for solver in [s(""), s("none"), JsValue::NULL, JsValue::UNDEFINED] {
        let label = format!("{solver:?}");
        let mut run = ok(MazeRun::new(
            s("binary-tree"),
            solver,
            n(5.0),
            n(5.0),
            s("9"),
            s(""),
            s(""),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ));
        ok(run.finish(JsValue::UNDEFINED));
        assert_eq!(run.phase(), "done", "{label}");
        assert_eq!(run.algorithm(), "binary-tree", "{label}");
        assert_eq!(ok(run.phase_steps(s("solving"))), 0.0, "{label}");
        assert_eq!(ok(run.phase_steps(s("walking"))), 0.0, "{label}");
        assert_eq!(ok(run.phase_steps(s("generating"))), run.steps(), "{label}");
        assert_eq!(
            (run.outcome(), run.path_length(), run.visited()),
            (String::new(), 0, 0.0),
            "{label}"
        );
    }
}

#[wasm_bindgen_test]
fn solvers_find_a_path_and_bfs_finds_the_shortest() {
    let cases = [
        ("1", 12.0, 9.0, "", ""),
        ("2", 12.0, 9.0, "3,4", "11,0"),
        ("3", 5.0, 17.0, "4,16", "0,0"),
        ("4", 20.0, 1.0, "7,0", "7,0"),
    ];
    // Mazes only: an open world's obstacles may wall the goal off (tests/open_worlds.rs).
    let mazes = api::generator_names()
        .into_iter()
        .filter(|name| mazestep::generators::find(name).is_ok_and(|entry| entry.perfect));
    for generator in mazes {
        for solver in api::solver_names() {
            for (seed, w, h, start, goal) in cases {
                let label = format!("{generator}/{solver} seed {seed} {start}->{goal}");
                let mut run = ok(MazeRun::new(
                    s(&generator),
                    s(&solver),
                    n(w),
                    n(h),
                    s(seed),
                    s(start),
                    s(goal),
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                    JsValue::UNDEFINED,
                ));
                if let Ok((x, y)) = parse_xy(start) {
                    assert_eq!(run.start(), y * w as u32 + x, "{label}");
                } else {
                    assert_eq!(run.start(), 0, "{label}");
                }
                if let Ok((x, y)) = parse_xy(goal) {
                    assert_eq!(run.goal(), y * w as u32 + x, "{label}");
                } else {
                    assert_eq!(run.goal(), run.cell_count() - 1, "{label}");
                }
                ok(run.finish(JsValue::UNDEFINED));
                let end = view(&run);
                let shortest =
                    shortest_path_cells(&end.cells, run.width(), run.start(), run.goal())
                        .expect("generated mazes connect every cell");
                let visited = run.visited();
                assert!(
                    visited >= 1.0 && visited <= f64::from(run.cell_count()),
                    "{label}"
                );
                let outcome = run.outcome();
                if outcome == "found" {
                    let length = run.path_length();
                    assert!(length >= shortest, "{label}: {length} < {shortest}");
                    if solver == "bfs" {
                        assert_eq!(length, shortest, "{label}: BFS finds a shortest path");
                    }
                    let path = end.marks.iter().filter(|&&m| m & PATH != 0).count() as u32;
                    let walked = end.marks.iter().filter(|&&m| m & WALKED != 0).count() as u32;
                    assert!(path <= length && walked <= length, "{label}");
                    if solver == "bfs" {
                        assert_eq!((path, walked), (length, length), "{label}");
                    }
                    assert_eq!(run.algorithm(), "player", "{label}");
                } else {
                    // Every cell is reachable, so only giving up (wall followers) is possible.
                    assert!(outcome.starts_with("gave-up: "), "{label}: {outcome}");
                    assert_eq!(run.path_length(), 0, "{label}");
                }
            }
        }
    }
}

fn parse_xy(text: &str) -> Result<(u32, u32), JsError> {
    let xy = api::parse_point(s("point"), s(text))?;
    Ok((xy[0], xy[1]))
}

#[wasm_bindgen_test]
fn a_braided_run_has_a_braiding_phase_and_bad_shares_are_refused() {
    let mut run = ok(MazeRun::new(
        s("recursive-backtracker"),
        s("bfs"),
        n(12.0),
        n(9.0),
        s("5"),
        s(""),
        s(""),
        n(1.0),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ));
    let mut seen = vec![run.phase()];
    while ok(run.advance(n(1.0))) == 1.0 {
        if seen.last() != Some(&run.phase()) {
            seen.push(run.phase());
        }
    }
    assert_eq!(
        seen,
        ["generating", "braiding", "solving", "walking", "done"]
    );
    assert!(ok(run.phase_steps(s("braiding"))) > 0.0);
    for (bad, shown) in [(-0.1, "-0.1"), (1.5, "1.5"), (f64::NAN, "NaN")] {
        let text = err(MazeRun::new(
            s("sidewinder"),
            s(""),
            n(5.0),
            n(5.0),
            s("1"),
            s(""),
            s(""),
            n(bad),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ));
        assert!(
            text.starts_with(&format!("MazeRun: braid {shown} is not allowed: "))
                && text.contains("from 0 to 1"),
            "{text}"
        );
    }
}

// ---- bad input ------------------------------------------------------------------------------

/// Good constructor arguments, by name; each bad case below changes one of them.
const GOOD: [(&str, &str); 7] = [
    ("generator", "binary-tree"),
    ("solver", "bfs"),
    ("width", "5"),
    ("height", "5"),
    ("seed", "1"),
    ("start", ""),
    ("goal", ""),
];

fn construct(args: &[(&str, &str); 7]) -> Result<MazeRun, JsError> {
    let [g, sv, w, h, seed, start, goal] = args.map(|(_, value)| value);
    let number = |text: &str| n(text.parse::<f64>().expect("a number in the test table"));
    MazeRun::new(
        s(g),
        s(sv),
        number(w),
        number(h),
        s(seed),
        s(start),
        s(goal),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    )
}

#[wasm_bindgen_test]
fn bad_settings_throw_errors_that_name_the_value_and_what_is_allowed() {
    assert!(construct(&GOOD).is_ok());
    // The first part is how the message begins after "MazeRun: ".
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "generator",
            "nope",
            &["unknown generator 'nope'", "binary-tree"],
        ),
        ("solver", "dfs?", &["unknown solver 'dfs?'", "bfs"]),
        ("width", "0", &["width '0'", "1 to 4096"]),
        ("height", "5000", &["height '5000'", "1 to 4096"]),
        ("width", "4097", &["width '4097'"]),
        ("width", "2.5", &["width '2.5'"]),
        ("width", "-3", &["width '-3'"]),
        ("width", "NaN", &["width 'NaN'"]),
        // A number is quoted as JS writes it.
        ("height", "inf", &["height 'Infinity'", "1 to 4096"]),
        ("seed", "-1", &["seed '-1'", "0 to 18446744073709551615"]),
        ("seed", "abc", &["seed 'abc'"]),
        ("seed", "", &["seed ''"]),
        (
            "seed",
            "18446744073709551616",
            &["seed '18446744073709551616'"],
        ),
        (
            "start",
            "5,0",
            &["start 5,0", "outside the 5x5", "x must be 0 to 4"],
        ),
        ("goal", "0,5", &["goal 0,5", "y 0 to 4"]),
        ("start", "a", &["start 'a'", "X,Y"]),
        ("goal", "1,2,3", &["goal '1,2,3'", "X,Y"]),
        ("start", "-1,0", &["start '-1,0'"]),
    ];
    for &(field, value, expected) in cases {
        let mut args = GOOD;
        for arg in args.iter_mut().filter(|(name, _)| *name == field) {
            arg.1 = value;
        }
        let text = err(construct(&args));
        assert!(
            text.starts_with(&format!("MazeRun: {}", expected[0])),
            "{field} {value:?}: message {text:?} should start with the call and {:?}",
            expected[0]
        );
        for part in expected {
            assert!(
                text.contains(part),
                "{field} {value:?}: message {text:?} should contain {part:?}"
            );
        }
    }
    // A long value is quoted cut to 80 characters, so it cannot flood the message.
    let long = "x".repeat(10_000);
    let mut args = GOOD;
    args[0].1 = &long;
    let text = err(construct(&args));
    let quoted = format!("'{}…'", "x".repeat(80));
    assert!(
        text.starts_with(&format!(
            "MazeRun: unknown generator {quoted}: allowed are "
        )),
        "{text}"
    );
    assert!(!text.contains(&"x".repeat(81)), "{text}");
}

#[wasm_bindgen_test]
fn bad_calls_on_a_run_throw() {
    let mut run = new_run("binary-tree", "bfs", 4.0, 4.0, "1");
    let text = err(run.phase_steps(s("walk")));
    assert_eq!(
        text,
        "phaseSteps: phase (the string 'walk') is not allowed: \
         use one of generating, braiding, solving, walking, done"
    );
    // Counts are whole: a fraction is refused, not rounded (0.9999999 is not 1).
    for (bad, shown) in [
        (-1.0, "-1"),
        (f64::NAN, "NaN"),
        (2.9, "2.9"),
        (0.9999999, "0.9999999"),
        (f64::NEG_INFINITY, "-Infinity"),
    ] {
        assert_eq!(
            err(run.advance(n(bad))),
            format!(
                "advance: n {shown} is not allowed: \
                 use a whole number 0 or more, or Infinity for no limit"
            )
        );
    }
    assert_eq!(run.steps(), 0.0, "a refused call changes nothing");
    assert_eq!(ok(run.advance(n(2.0))), 2.0);
    assert_eq!(ok(run.advance(n(0.0))), 0.0);
    assert_eq!(run.steps(), 2.0);
}

/// Every kind of value a page can pass by mistake, with how messages show it.
fn stray_values() -> Vec<(JsValue, &'static str)> {
    vec![
        (n(5.0), "5"),
        (s("5"), "(the string '5')"),
        (JsValue::NULL, "(null)"),
        (JsValue::UNDEFINED, "(undefined)"),
        (js_sys::Object::new().into(), "(an object)"),
        (b(true), "(true)"),
        (n(f64::NAN), "NaN"),
        (n(f64::INFINITY), "Infinity"),
        (n(2.5), "2.5"),
        (n(0.9999999), "0.9999999"),
    ]
}

/// The constructor's parameters, in order, as messages name them.
const PARAMS: [&str; 8] = [
    "generator",
    "solver",
    "width",
    "height",
    "seed",
    "start",
    "goal",
    "braid",
];

/// `MazeRun::new` with good arguments except `value` for the parameter `field`.
fn construct_with(field: &str, value: JsValue) -> Result<MazeRun, JsError> {
    let mut args = [
        s("binary-tree"),
        s("bfs"),
        n(5.0),
        n(5.0),
        s("1"),
        s(""),
        s(""),
        JsValue::UNDEFINED,
    ];
    let at = PARAMS.iter().position(|&p| p == field).expect(field);
    args[at] = value;
    let [g, sv, w, h, seed, start, goal, braid] = args;
    MazeRun::new(
        g,
        sv,
        w,
        h,
        seed,
        start,
        goal,
        braid,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    )
}

/// The generated glue once read a number passed for a string as a string of undefined
/// length: the edge now reads every argument itself, and a wrong type must come back as an
/// `Error` naming the call, the parameter and the value, never a trap or a guess (2.5 is not
/// rounded to 2, nor "5" read as 5).
#[wasm_bindgen_test]
fn wrong_types_in_the_constructor_throw_naming_the_parameter() {
    const TEXT: &str = "use a string";
    const OPTIONAL_TEXT: &str = "use a string, or leave it out";
    const SIDE_TYPE: &str = "use a number, a whole number from 1 to 4096";
    const SIDE: &str = "use a whole number from 1 to 4096";
    const SEED: &str = "use a decimal string from 0 to 18446744073709551615, \
                        or a whole number up to 9007199254740991";
    const SHARE: &str = "use a number from 0 to 1, or leave it out";
    for (value, shown) in stray_values() {
        let is_string = value.is_string();
        let is_number = value.as_f64().is_some();
        let absent = value.is_null() || value.is_undefined();
        let mut expected = vec![];
        // An object first is the options object (below), with nothing after it.
        if !is_string && shown != "(an object)" {
            expected.push(("generator", shown.to_string(), TEXT));
        }
        if !is_string && !absent {
            expected.push(("solver", shown.to_string(), OPTIONAL_TEXT));
            expected.push(("start", shown.to_string(), OPTIONAL_TEXT));
            expected.push(("goal", shown.to_string(), OPTIONAL_TEXT));
        }
        for side in ["width", "height"] {
            if shown == "5" {
                continue;
            }
            if is_number {
                // A number goes to the core's parser as JS writes it, so 0.9999999 stays
                // 0.9999999 and is refused.
                expected.push((side, format!("'{shown}'"), SIDE));
            } else {
                expected.push((side, shown.to_string(), SIDE_TYPE));
            }
        }
        if !is_string && shown != "5" {
            expected.push(("seed", shown.to_string(), SEED));
        }
        // Every number here but NaN and 0.9999999 is outside 0 to 1.
        if !absent && shown != "0.9999999" {
            expected.push(("braid", shown.to_string(), SHARE));
        }
        for (field, quoted, allowed) in expected {
            let text = err(construct_with(field, value.clone()));
            assert_eq!(
                text,
                format!("MazeRun: {field} {quoted} is not allowed: {allowed}"),
                "{field} = {shown}"
            );
        }
    }
    assert_eq!(
        err(construct_with("generator", js_sys::Object::new().into())),
        "MazeRun: solver (the string 'bfs') is not allowed: give it in the options object, \
         not after it"
    );
    // What the rules do allow: leaving the optional ones out, and a seed as a number.
    for absent in [JsValue::NULL, JsValue::UNDEFINED] {
        for field in ["solver", "start", "goal", "braid"] {
            assert!(construct_with(field, absent.clone()).is_ok(), "{field}");
        }
    }
    let mut generate_only = ok(construct_with("solver", JsValue::NULL));
    ok(generate_only.finish(JsValue::UNDEFINED));
    assert_eq!(ok(generate_only.phase_steps(s("solving"))), 0.0);
    for (number, text) in [(7.0, "7"), (9007199254740991.0, "9007199254740991")] {
        let mut by_number = ok(construct_with("seed", n(number)));
        let mut by_text = ok(construct_with("seed", s(text)));
        ok(by_number.finish(JsValue::UNDEFINED));
        ok(by_text.finish(JsValue::UNDEFINED));
        assert_eq!(view(&by_number), view(&by_text), "seed {text}");
    }
    // 2^53 is the first number that does not say which integer was meant.
    assert_eq!(
        err(construct_with("seed", n(9007199254740992.0))),
        format!("MazeRun: seed 9007199254740992 is not allowed: {SEED}")
    );
    // Numbers that JS writes in exponent form are quoted that way, not rounded into range.
    for (bad, shown) in [(1e21, "1e+21"), (1e-7, "1e-7"), (4096.5, "4096.5")] {
        assert_eq!(
            err(construct_with("width", n(bad))),
            format!("MazeRun: width '{shown}' is not allowed: {SIDE}")
        );
    }
    // A long string is cut to 80 characters in the message.
    let text = err(construct_with("width", s(&"9".repeat(1000))));
    assert_eq!(
        text,
        format!(
            "MazeRun: width (the string '{}…') is not allowed: {SIDE_TYPE}",
            "9".repeat(80)
        )
    );
}

/// The free functions follow the same rules and name themselves as JS knows them.
#[wasm_bindgen_test]
fn wrong_types_in_free_functions_throw_naming_the_function_and_the_parameter() {
    type Call = fn(JsValue) -> Result<(), JsError>;
    let calls: [(&str, &str, Call); 9] = [
        ("parseSide", "what", |v| {
            api::parse_side(v, s("5")).map(drop)
        }),
        ("parseSide", "text", |v| {
            api::parse_side(s("width"), v).map(drop)
        }),
        ("parseSeed", "text", |v| api::parse_seed(v).map(drop)),
        ("parsePoint", "what", |v| {
            api::parse_point(v, s("1,2")).map(drop)
        }),
        ("parsePoint", "text", |v| {
            api::parse_point(s("start"), v).map(drop)
        }),
        ("algorithmTitle", "name", |v| {
            api::algorithm_title(v).map(drop)
        }),
        ("eventLabel", "kind", |v| api::event_label(v).map(drop)),
        ("generatorGroup", "name", |v| {
            api::generator_group(v).map(drop)
        }),
        ("legendBits", "name", |v| api::legend_bits(v).map(drop)),
    ];
    for (call, name, function) in calls {
        for (value, shown) in stray_values() {
            if value.is_string() {
                continue;
            }
            assert_eq!(
                err(function(value)),
                format!("{call}: {name} {shown} is not allowed: use a string"),
            );
        }
    }
    // Text is text: a number typed into a field is passed as the string the page read.
    assert_eq!(ok(api::parse_side(s("width"), s("5"))), 5);
    // A message quotes the core's words after the function's name.
    assert_eq!(
        err(api::parse_side(s("width"), s("2.5"))),
        "parseSide: width '2.5' is not allowed: use a whole number from 1 to 4096"
    );
}

/// What a refused call must leave as it was: everything the page reads, the dirty list of the
/// last good call, and how far the timeline is laid.
fn state(run: &MazeRun) -> (Seen, Vec<u32>, bool, f64, f64) {
    (
        seen(run),
        dirty(run),
        run.all_dirty(),
        run.timeline_laid(),
        run.known_total(),
    )
}

/// The edge promises that a failed call leaves the run as it was and usable (every argument
/// is read before any work starts): after each refusal nothing the page reads has moved, and
/// afterwards the run steps, seeks and finishes exactly like a run that was never refused.
#[wasm_bindgen_test]
fn a_refused_call_leaves_the_run_as_it_was_and_usable() {
    const COUNT: &str = "use a whole number 0 or more, or Infinity for no limit";
    const LIMIT: &str = "use a whole number 1 or more, or Infinity for no limit";
    let mut run = new_run("kruskal", "bfs", 12.0, 10.0, "6");
    ok(run.lay_timeline(n(30.0)));
    ok(run.advance(n(40.0)));
    let structures = run.structure_count();
    assert!(structures >= 1);
    type Call = fn(&mut MazeRun) -> Result<(), JsError>;
    let calls: Vec<(String, Call)> = vec![
        (format!("advance: n NaN is not allowed: {COUNT}"), |r| {
            r.advance(n(f64::NAN)).map(drop)
        }),
        (
            format!("advance: n (the string '5') is not allowed: {COUNT}"),
            |r| r.advance(s("5")).map(drop),
        ),
        (
            format!("advance: n 0.9999999 is not allowed: {COUNT}"),
            |r| r.advance(n(0.9999999)).map(drop),
        ),
        (format!("finish: limit -1 is not allowed: {LIMIT}"), |r| {
            r.finish(n(-1.0)).map(drop)
        }),
        (
            format!("finish: limit (an object) is not allowed: {LIMIT}"),
            |r| r.finish(js_sys::Object::new().into()).map(drop),
        ),
        (format!("seek: step -1 is not allowed: {COUNT}"), |r| {
            r.seek(n(-1.0), JsValue::UNDEFINED).map(drop)
        }),
        (
            format!("seek: step (undefined) is not allowed: {COUNT}"),
            |r| r.seek(JsValue::UNDEFINED, JsValue::UNDEFINED).map(drop),
        ),
        (format!("seek: limit 2.5 is not allowed: {LIMIT}"), |r| {
            r.seek(n(5.0), n(2.5)).map(drop)
        }),
        (
            format!("layTimeline: limit NaN is not allowed: {LIMIT}"),
            |r| r.lay_timeline(n(f64::NAN)).map(drop),
        ),
        (
            format!("layTimeline: limit (null) is not allowed: {LIMIT}"),
            |r| r.lay_timeline(JsValue::NULL).map(drop),
        ),
        (
            "advanceUntil: kind 5 is not allowed: use a string".to_string(),
            |r| r.advance_until(JsValue::from(5), n(10.0)).map(drop),
        ),
        (
            format!("advanceUntil: limit (null) is not allowed: {COUNT}"),
            |r| r.advance_until(s("merge-sets"), JsValue::NULL).map(drop),
        ),
        (
            "phaseSteps: phase 1 is not allowed: use a string".to_string(),
            |r| r.phase_steps(n(1.0)).map(drop),
        ),
        (
            "svg: withSolution (null) is not allowed: use true or false".to_string(),
            |r| r.svg(JsValue::NULL, JsValue::UNDEFINED).map(drop),
        ),
        (
            "text: withSolution (the string 'yes') is not allowed: use true or false".to_string(),
            |r| r.text(s("yes")).map(drop),
        ),
        (
            "solveWith: solver (an object) is not allowed: use a string".to_string(),
            |r| r.solve_with(js_sys::Object::new().into()).map(drop),
        ),
        (
            format!("structureItems: limit (the string '4') is not allowed: {COUNT}"),
            |r| r.structure_items(n(0.0), s("4")).map(drop),
        ),
    ];
    let before = state(&run);
    assert_eq!(before.0.steps, 40.0);
    assert_eq!(before.3, 30.0, "the timeline was laid 30 steps");
    for (expected, call) in calls {
        assert_eq!(err(call(&mut run)), expected);
        assert_eq!(state(&run), before, "after {expected:?}");
    }
    // The unknown kind is checked before any step is taken, too.
    let text = err(run.advance_until(s("teleport"), n(10.0)));
    assert!(
        text.starts_with("advanceUntil: kind (the string 'teleport') is not allowed: use one of "),
        "{text}"
    );
    let text = err(run.structure_title(s("0")));
    assert_eq!(
        text,
        format!(
            "structureTitle: i (the string '0') is not allowed: use a whole number from 0 to {}",
            structures - 1
        )
    );
    assert_eq!(state(&run), before);

    // Still usable: it goes on exactly as a run that was never refused.
    let mut fresh = new_run("kruskal", "bfs", 12.0, 10.0, "6");
    ok(fresh.advance(n(40.0)));
    assert_eq!(ok(run.advance(n(25.0))), 25.0);
    assert_eq!(ok(fresh.advance(n(25.0))), 25.0);
    assert_eq!(seen(&run), seen(&fresh));
    assert_eq!(dirty(&run), dirty(&fresh));
    // Back (a seek without a limit lays the rest of the timeline first), then to the end.
    assert_eq!(ok(run.seek(n(10.0), JsValue::UNDEFINED)), 10.0);
    let mut ten = new_run("kruskal", "bfs", 12.0, 10.0, "6");
    ok(ten.advance(n(10.0)));
    assert_eq!(seen(&run), seen(&ten));
    ok(run.finish(JsValue::UNDEFINED));
    ok(fresh.finish(JsValue::UNDEFINED));
    assert_eq!(seen(&run), seen(&fresh));
    assert_eq!(run.outcome(), "found");
    assert_eq!(run.known_total(), fresh.total_steps());
}

// ---- static functions -----------------------------------------------------------------------

#[wasm_bindgen_test]
fn name_lists_are_the_core_registries() {
    let generators: Vec<String> = mazestep::generators::names()
        .into_iter()
        .map(String::from)
        .collect();
    let solvers: Vec<String> = mazestep::solvers::names()
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(api::generator_names(), generators);
    assert_eq!(api::solver_names(), solvers);
    assert!(generators.iter().any(|n| n == "binary-tree"));
    assert!(solvers.iter().any(|n| n == "bfs"));
}

#[wasm_bindgen_test]
fn every_algorithm_has_a_title_summary_pseudocode_and_legend() {
    let mut names = api::generator_names();
    names.extend(api::solver_names());
    names.push("player".to_string());
    for name in &names {
        assert!(!ok(api::algorithm_title(s(name))).is_empty(), "{name}");
        assert!(!ok(api::algorithm_summary(s(name))).is_empty(), "{name}");
        let code = ok(api::pseudocode(s(name)));
        assert!(
            !code.is_empty() && code.iter().all(|l| !l.trim().is_empty()),
            "{name}"
        );
        let bits = ok(api::legend_bits(s(name)));
        let labels = ok(api::legend_labels(s(name)));
        assert_eq!(bits.len(), labels.len(), "{name}");
        let mut seen = 0u8;
        for (&bit, label) in bits.iter().zip(&labels) {
            assert!(
                bit.is_power_of_two() && bit & ALL_MARKS == bit,
                "{name}: bit {bit}"
            );
            assert_eq!(seen & bit, 0, "{name}: bit {bit} twice");
            seen |= bit;
            assert!(!label.is_empty(), "{name}");
        }
    }
    assert_eq!(ok(api::algorithm_title(s("binary-tree"))), "Binary Tree");
    assert_eq!(ok(api::legend_bits(s("player"))), [WALKED]);
}

#[wasm_bindgen_test]
fn unknown_algorithm_names_throw_listing_the_known_ones() {
    type Call = fn(JsValue) -> Result<(), JsError>;
    let calls: [(&str, Call); 6] = [
        ("algorithmTitle", |name| {
            api::algorithm_title(name).map(drop)
        }),
        ("algorithmSummary", |name| {
            api::algorithm_summary(name).map(drop)
        }),
        ("pseudocode", |name| api::pseudocode(name).map(drop)),
        ("legendBits", |name| api::legend_bits(name).map(drop)),
        ("legendLabels", |name| api::legend_labels(name).map(drop)),
        ("algorithmStepUnit", |name| {
            api::algorithm_step_unit(name).map(drop)
        }),
    ];
    for (name, call) in calls {
        for bad in ["", "Binary Tree", "zz"] {
            let text = err(call(s(bad)));
            assert!(
                text.starts_with(&format!("{name}: unknown algorithm '{bad}': allowed are ")),
                "{text}"
            );
            assert!(
                text.contains("binary-tree") && text.contains("bfs") && text.contains("player"),
                "{text}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn parse_functions_accept_and_refuse_like_the_core() {
    assert_eq!(api::max_side(), 4096);
    assert_eq!(ok(api::parse_side(s("width"), s(" 12 "))), 12);
    assert_eq!(ok(api::parse_side(s("height"), s("4096"))), 4096);
    for bad in ["0", "4097", "x", "", "1.5"] {
        let text = err(api::parse_side(s("height"), s(bad)));
        assert!(
            text.starts_with(&format!("parseSide: height '{bad}' is not allowed")),
            "{text}"
        );
        assert!(text.contains("1 to 4096"), "{text}");
    }
    assert_eq!(ok(api::parse_seed(s(" 007 "))), "7");
    assert_eq!(
        ok(api::parse_seed(s("18446744073709551615"))),
        "18446744073709551615"
    );
    for bad in ["-1", "18446744073709551616", "0x10", ""] {
        let text = err(api::parse_seed(s(bad)));
        assert!(
            text.starts_with(&format!("parseSeed: seed '{bad}' is not allowed")),
            "{text}"
        );
    }
    assert_eq!(ok(api::parse_point(s("start"), s(" 3 , 4 "))), [3, 4]);
    for bad in ["3", "3,", "a,b", "-1,2", "1,2,3"] {
        let text = err(api::parse_point(s("goal"), s(bad)));
        assert!(
            text.starts_with(&format!("parsePoint: goal '{bad}' is not allowed"))
                && text.contains("X,Y"),
            "{text}"
        );
    }
}

#[wasm_bindgen_test]
fn fresh_seeds_are_valid_and_differ() {
    let a = api::fresh_seed();
    let b = api::fresh_seed();
    assert_eq!(
        ok(api::parse_seed(s(&a))),
        a,
        "a fresh seed is already normalised"
    );
    assert_ne!(a, b, "two fresh seeds coincide with probability 2^-64");
    let mut run = new_run("binary-tree", "", 3.0, 3.0, &a);
    assert!(ok(run.finish(JsValue::UNDEFINED)) > 0.0);
}

// ---- page catalogue, found path, texture statistics -----------------------------------------

#[wasm_bindgen_test]
fn every_generator_has_a_known_group_and_every_algorithm_a_step_unit() {
    let groups = api::generator_groups();
    assert!(!groups.is_empty());
    for name in api::generator_names() {
        let group = ok(api::generator_group(s(&name)));
        assert!(groups.contains(&group), "{name}: unknown group '{group}'");
        let entry = mazestep::generators::find(&name).expect("registered");
        assert_eq!(group, entry.group);
    }
    for group in &groups {
        let used = api::generator_names()
            .iter()
            .any(|name| ok(api::generator_group(s(name))) == *group);
        assert!(used, "group '{group}' has no generator");
    }
    let text = err(api::generator_group(s("bfs")));
    assert!(
        text.starts_with("generatorGroup: unknown generator 'bfs': allowed are ")
            && text.contains("binary-tree"),
        "{text}"
    );

    let mut names = api::generator_names();
    names.extend(api::solver_names());
    names.push("player".to_string());
    for name in names {
        let unit = ok(api::algorithm_step_unit(s(&name)));
        assert!(unit.starts_with("one "), "{name}: step unit '{unit}'");
    }
    let text = err(api::algorithm_step_unit(s("nope")));
    assert!(
        text.starts_with("algorithmStepUnit: unknown algorithm 'nope'"),
        "{text}"
    );
}

/// Whether `a` and `b` are neighbours joined by an open passage, seen from both sides.
fn joined(cells: &[u8], width: u32, a: u32, b: u32) -> bool {
    let (bit, back) = if b + width == a {
        (1, 4)
    } else if a + 1 == b && b % width != 0 {
        (2, 8)
    } else if a + width == b {
        (4, 1)
    } else if b + 1 == a && a % width != 0 {
        (8, 2)
    } else {
        return false;
    };
    cells[a as usize] & bit != 0 && cells[b as usize] & back != 0
}

#[wasm_bindgen_test]
fn the_found_path_runs_from_start_to_goal_through_open_passages() {
    for solver in api::solver_names() {
        for braid in [0.0, 0.6] {
            let mut run = ok(MazeRun::new(
                s("kruskal"),
                s(&solver),
                n(11.0),
                n(8.0),
                s("21"),
                s("1,2"),
                s(""),
                n(braid),
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
                JsValue::UNDEFINED,
            ));
            assert_eq!(run.path_len(), 0, "{solver}: no path before solving");
            while run.outcome().is_empty() && ok(run.advance(n(1.0))) == 1.0 {}
            if run.outcome() != "found" {
                // A wall follower may go round a loop of a braided maze for ever and give up.
                assert!(
                    braid > 0.0 && solver.starts_with("wall-follower"),
                    "{solver}"
                );
                assert_eq!(run.path_len(), 0, "{solver}: no path when none was found");
                continue;
            }
            let len = run.path_len();
            assert_eq!(len, run.path_length(), "{solver}");
            let path = words(run.path_ptr(), len);
            let cells = view(&run).cells;
            assert_eq!(path.first(), Some(&run.start()), "{solver}");
            assert_eq!(path.last(), Some(&run.goal()), "{solver}");
            for pair in path.windows(2) {
                assert!(
                    joined(&cells, 11, pair[0], pair[1]),
                    "{solver}: {} to {} is not an open passage",
                    pair[0],
                    pair[1]
                );
            }
            if solver == "bfs" {
                // Wall followers report the route they walked, which may pass a cell twice;
                // a shortest path never does.
                let distinct: BTreeSet<u32> = path.iter().copied().collect();
                assert_eq!(distinct.len(), path.len(), "bfs: the path repeats a cell");
                let shortest = shortest_path_cells(&cells, 11, run.start(), run.goal());
                assert_eq!(Some(len), shortest);
            }
            // The view stays right after the run goes on (walking does not change the path).
            ok(run.finish(JsValue::UNDEFINED));
            assert_eq!(words(run.path_ptr(), run.path_len()), path, "{solver}");
        }
    }
}

/// Moves from `from` to every cell (u32::MAX where unreachable), by its own search.
fn distances(cells: &[u8], width: u32, from: u32) -> Vec<u32> {
    let w = width as usize;
    let mut dist = vec![u32::MAX; cells.len()];
    dist[from as usize] = 0;
    let mut queue = VecDeque::from([from as usize]);
    while let Some(cell) = queue.pop_front() {
        let bits = cells[cell];
        let steps = [
            (1, cell.wrapping_sub(w)),
            (2, cell + 1),
            (4, cell + w),
            (8, cell.wrapping_sub(1)),
        ];
        for (bit, next) in steps {
            if bits & bit != 0 && dist[next] == u32::MAX {
                dist[next] = dist[cell] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

#[wasm_bindgen_test]
fn stats_match_counts_made_here_from_the_cells() {
    let names = api::stats_names();
    assert_eq!(names.len(), api::stats_labels().len());
    let at = |key: &str| names.iter().position(|n| n == key).expect(key);
    for (generator, braid) in [
        ("recursive-backtracker", 0.0),
        ("prim", 0.0),
        ("wilson", 0.7),
    ] {
        let (w, h) = (9u32, 7u32);
        let mut run = ok(MazeRun::new(
            s(generator),
            s(""),
            n(f64::from(w)),
            n(f64::from(h)),
            s("8"),
            s(""),
            s(""),
            n(braid),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ));
        // Mid-generation the maze is not connected yet: no solution length, NaN.
        ok(run.advance(n(3.0)));
        let early = run.stats();
        assert_eq!(early.len(), names.len());
        ok(run.finish(JsValue::UNDEFINED));
        let values = run.stats();
        let cells = view(&run).cells;
        let n = cells.len() as f64;
        let openings = |k: u32| cells.iter().filter(|c| c.count_ones() == k).count() as f64;
        let straight = cells.iter().filter(|&&c| c == 1 | 4 || c == 2 | 8).count() as f64;
        assert_eq!(values[at("dead_ends")], openings(1), "{generator}");
        assert_eq!(values[at("dead_end_share")], openings(1) / n, "{generator}");
        assert_eq!(values[at("straights")], straight, "{generator}");
        assert_eq!(values[at("turns")], openings(2) - straight, "{generator}");
        assert_eq!(values[at("junctions3")], openings(3), "{generator}");
        assert_eq!(values[at("junctions4")], openings(4), "{generator}");
        let passages = cells.iter().map(|c| c.count_ones()).sum::<u32>() as f64 / 2.0;
        // Every generator here connects every cell: loops = passages - cells + 1.
        assert!(distances(&cells, w, 0).iter().all(|&d| d != u32::MAX));
        assert_eq!(values[at("loops")], passages - n + 1.0, "{generator}");
        let solution = shortest_path_cells(&cells, w, 0, w * h - 1).map(|c| f64::from(c - 1));
        assert_eq!(Some(values[at("solution_length")]), solution, "{generator}");
        // The true diameter, by a search from every cell.
        let diameter = (0..w * h)
            .map(|from| *distances(&cells, w, from).iter().max().unwrap())
            .max()
            .unwrap();
        if braid == 0.0 {
            assert_eq!(values[at("loops")], 0.0, "{generator}");
            assert_eq!(values[at("diameter_exact")], 1.0, "{generator}");
            assert_eq!(values[at("diameter")], f64::from(diameter), "{generator}");
        } else {
            assert!(
                values[at("loops")] > 0.0,
                "{generator}: braiding makes loops"
            );
            assert_eq!(values[at("diameter_exact")], 0.0, "{generator}");
            assert!(values[at("diameter")] <= f64::from(diameter), "{generator}");
            assert!(values[at("diameter")] >= values[at("solution_length")]);
        }
    }
    // Before any passage is carved the corners are not connected.
    let run = new_run("kruskal", "", 4.0, 4.0, "1");
    assert!(run.stats()[at("solution_length")].is_nan());
}

// ---- teaching tools: timeline, narration, structures, events ---------------------------------

/// What the page reads about a run at one step, through the JS API.
#[derive(Clone, PartialEq, Debug)]
struct Seen {
    view: View,
    steps: f64,
    phase: String,
    algorithm: String,
    current: i32,
    heading: i32,
    last_event: String,
    last_line: i32,
    narration: String,
    counters: Vec<f64>,
    structures: Vec<(String, f64, Vec<String>, String)>,
}

fn seen(run: &MazeRun) -> Seen {
    let structures = (0..run.structure_count())
        .map(|i| {
            let i = n(f64::from(i));
            (
                ok(run.structure_title(i.clone())),
                ok(run.structure_total(i.clone())),
                ok(run.structure_items(i.clone(), n(4.0))),
                ok(run.structure_note(i)),
            )
        })
        .collect();
    Seen {
        view: view(run),
        steps: run.steps(),
        phase: run.phase(),
        algorithm: run.algorithm(),
        current: run.current(),
        heading: run.heading(),
        last_event: run.last_event(),
        last_line: run.last_line(),
        narration: run.narration(),
        counters: run.counter_values(),
        structures,
    }
}

fn braided_run(generator: &str, solver: &str, seed: &str) -> MazeRun {
    ok(MazeRun::new(
        s(generator),
        s(solver),
        n(7.0),
        n(6.0),
        s(seed),
        s(""),
        s(""),
        n(0.5),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ))
}

#[wasm_bindgen_test]
fn seek_and_back_equal_single_steps_and_the_dirty_list_is_exact() {
    for (generator, solver) in [
        ("kruskal", "a-star"),
        ("eller", "bfs"),
        ("recursive-division", "wall-follower-left"),
        ("sidewinder", "dead-end-filling"),
    ] {
        // The reference: single steps from a fresh run.
        let mut reference = braided_run(generator, solver, "5");
        let mut expected = vec![seen(&reference)];
        while ok(reference.advance(n(1.0))) == 1.0 {
            expected.push(seen(&reference));
        }
        let mut run = braided_run(generator, solver, "5");
        let total = run.total_steps();
        assert_eq!(total as usize, expected.len() - 1, "{generator}");
        assert_eq!(run.steps(), 0.0);
        for target in [total, 3.0, total - 1.0, 0.0, total / 2.0, 1.0, total + 9.0] {
            let target = target.floor();
            let before = view(&run);
            let at = ok(run.seek(n(target), JsValue::UNDEFINED));
            assert_eq!(at, target.min(total));
            let now = seen(&run);
            assert_eq!(now, expected[at as usize], "{generator} seek {target}");
            if !run.all_dirty() {
                let listed: BTreeSet<u32> = dirty(&run).into_iter().collect();
                assert!(changed(&before, &now.view).is_subset(&listed));
            }
        }
        // back() walks to the start one step at a time, taking steps back while it can.
        ok(run.seek(n(total), JsValue::UNDEFINED));
        assert!(
            run.undoable() >= 1.0,
            "{generator}: a seek journals its last steps"
        );
        let mut k = total as usize;
        while run.back() {
            k -= 1;
            assert_eq!(seen(&run), expected[k], "{generator} back to {k}");
        }
        assert_eq!(k, 0);
        assert_eq!(run.narration(), "");
        assert!(!run.back());
    }
}

/// A fresh run of the settings `new_run` takes, stepped `steps` steps (quietly: the same steps).
fn stepped(generator: &str, solver: &str, side: f64, seed: &str, steps: f64) -> MazeRun {
    let mut run = new_run(generator, solver, side, side, seed);
    assert_eq!(ok(run.finish(n(steps))), steps);
    run
}

/// A page seeks back on a big maze a slice per frame: `seek(step, limit)` called again and
/// again must arrive where one `seek(step)` does, be at an exact step after every call (the
/// same board as a fresh run stepped that far), replay at most `limit` steps per call, and ask
/// for a full redraw until it arrives. Tried without a timeline (replay from step 0) and with
/// one laid (replay from the checkpoint before the target, so fewer calls).
#[wasm_bindgen_test]
fn seek_with_a_limit_arrives_in_slices_where_one_seek_does() {
    let (generator, solver, side, seed) = ("kruskal", "bfs", 30.0, "12");
    let mut whole = new_run(generator, solver, side, side, seed);
    let total = whole.total_steps();
    let target = (total * 0.6).floor();
    ok(whole.finish(JsValue::UNDEFINED));
    assert_eq!(ok(whole.seek(n(target), JsValue::UNDEFINED)), target);
    let expected = seen(&whole);
    let limit = 97.0;
    let mut calls_by_case = vec![];
    for lay_first in [false, true] {
        let label = if lay_first {
            "timeline laid"
        } else {
            "no timeline"
        };
        let mut run = new_run(generator, solver, side, side, seed);
        if lay_first {
            assert_eq!(run.total_steps(), total);
        }
        ok(run.finish(JsValue::UNDEFINED));
        assert_eq!(run.steps(), total);
        let mut calls = 0;
        let mut previous = None;
        loop {
            let at = ok(run.seek(n(target), n(limit)));
            calls += 1;
            assert!(calls <= 100, "{label}: no arrival after {calls} calls");
            assert_eq!(at, run.steps(), "{label}");
            assert!(at <= target, "{label}: went past {target} to {at}");
            if let Some(previous) = previous {
                assert!(
                    at > previous && at - previous <= limit,
                    "{label}: from {previous} to {at} in one call of limit {limit}"
                );
            } else if !lay_first {
                assert!(at <= limit, "{label}: replays from step 0, got {at}");
            }
            previous = Some(at);
            assert_eq!(
                seen(&run),
                seen(&stepped(generator, solver, side, seed, at)),
                "{label}: call {calls} left the run at {at}, but not as a run stepped that far"
            );
            if at == target {
                break;
            }
            assert!(
                run.all_dirty(),
                "{label}: a call short of the target redraws all"
            );
        }
        assert_eq!(seen(&run), expected, "{label}");
        // Asked again once there, it stays.
        assert_eq!(ok(run.seek(n(target), n(limit))), target, "{label}");
        assert_eq!(seen(&run), expected, "{label}");
        calls_by_case.push(calls);
        // Forward to the end in slices, as a page plays to Infinity. (With a timeline a call
        // may jump ahead to a checkpoint: only the replay after it is limited.)
        let mut forward = 0;
        while run.phase() != "done" {
            let before = run.steps();
            let at = ok(run.seek(n(f64::INFINITY), n(limit)));
            assert!(at > before, "{label}: stuck at {at}");
            assert!(
                lay_first || at - before <= limit,
                "{label}: {before} -> {at}"
            );
            forward += 1;
            assert!(forward <= 100, "{label}: the end not reached");
        }
        assert_eq!(run.steps(), total, "{label}");
        assert_eq!(
            seen(&run),
            seen(&stepped(generator, solver, side, seed, total)),
            "{label}"
        );
    }
    let per_slice = (target / limit).ceil() as usize;
    assert_eq!(
        calls_by_case[0], per_slice,
        "without a timeline every call replays a full slice from step 0"
    );
    assert!(
        calls_by_case[1] < calls_by_case[0],
        "a checkpoint near the target saves calls: {calls_by_case:?}"
    );
}

/// A page lays the timeline a slice per frame so the scrubber can show the run's length
/// without blocking: `layTimeline(limit)` says -1 until the end, `timelineLaid()` grows by
/// `limit` per call, the run itself does not move, and the total it ends with is the one a
/// fresh run's `totalSteps()` gives.
#[wasm_bindgen_test]
fn lay_timeline_in_slices_grows_to_the_total_of_a_fresh_run() {
    let (generator, solver, side, seed) = ("kruskal", "bfs", 30.0, "12");
    let expected = new_run(generator, solver, side, side, seed).total_steps();
    let mut run = new_run(generator, solver, side, side, seed);
    ok(run.advance(n(7.0)));
    let before = seen(&run);
    assert_eq!((run.timeline_laid(), run.known_total()), (0.0, -1.0));
    // A limit of 0 is refused: a caller repeating the call until it arrives would wait forever.
    assert!(err(run.lay_timeline(n(0.0))).starts_with("layTimeline: limit 0 is not allowed"));
    assert_eq!(run.timeline_laid(), 0.0);
    let limit = 250.0;
    let mut calls = 0;
    let total = loop {
        let laid = run.timeline_laid();
        let total = ok(run.lay_timeline(n(limit)));
        calls += 1;
        assert!(calls <= 100, "not laid after {calls} calls");
        if total != -1.0 {
            break total;
        }
        assert_eq!(run.timeline_laid(), laid + limit, "call {calls}");
        assert!(run.timeline_laid() <= expected);
        assert_eq!(
            run.known_total(),
            -1.0,
            "call {calls}: not known before the end"
        );
    };
    assert_eq!(total, expected);
    assert!(calls >= 2 && calls as f64 >= (expected / limit).ceil());
    assert_eq!(run.timeline_laid(), expected);
    assert_eq!(run.known_total(), expected);
    assert_eq!(
        seen(&run),
        before,
        "laying the timeline does not move the run"
    );
    // Once laid it stays laid, and every way of asking agrees.
    assert_eq!(ok(run.lay_timeline(n(1.0))), expected);
    assert_eq!(ok(run.lay_timeline(n(2.0))), expected);
    assert_eq!(run.total_steps(), expected);
    let mut at_once = new_run(generator, solver, side, side, seed);
    assert_eq!(ok(at_once.lay_timeline(n(f64::INFINITY))), expected);
    assert_eq!(at_once.known_total(), expected);
    // The laid timeline serves seeks: to the end, then back.
    assert_eq!(ok(run.seek(n(expected), JsValue::UNDEFINED)), expected);
    assert_eq!(run.phase(), "done");
    assert_eq!(ok(run.seek(n(3.0), JsValue::UNDEFINED)), 3.0);
    assert_eq!(
        seen(&run),
        seen(&stepped(generator, solver, side, seed, 3.0))
    );
}

#[wasm_bindgen_test]
fn narration_names_the_cell_of_every_step() {
    let mut run = braided_run("sidewinder", "bfs", "9");
    assert_eq!(run.narration(), "");
    while ok(run.advance(n(1.0))) == 1.0 {
        let text = run.narration();
        assert!(text.ends_with('.'), "{text:?}");
        // A search's current cell is the one its step took from the frontier.
        let cell = run.current();
        if run.last_event() == "expand" {
            let (x, y) = (cell as u32 % run.width(), cell as u32 / run.width());
            assert!(text.contains(&format!("({x}, {y})")), "{text:?}");
        }
    }
}

#[wasm_bindgen_test]
fn structures_show_true_totals_and_at_most_the_limit() {
    let mut run = new_run("recursive-backtracker", "bfs", 12.0, 9.0, "4");
    ok(run.advance(n(30.0)));
    assert!(run.structure_count() >= 1);
    assert_eq!(ok(run.structure_title(n(0.0))), "Stack (top first)");
    let total = ok(run.structure_total(n(0.0)));
    assert!(total > 2.0);
    assert_eq!(ok(run.structure_items(n(0.0), n(2.0))).len(), 2);
    assert_eq!(ok(run.structure_items(n(0.0), n(0.0))).len(), 0);
    assert_eq!(ok(run.structure_items(n(0.0), n(1e9))).len() as f64, total);
    assert_eq!(
        ok(run.structure_items(n(0.0), n(f64::INFINITY))).len() as f64,
        total
    );
    let count = run.structure_count();
    let allowed = format!("is not allowed: use a whole number from 0 to {}", count - 1);
    let bad_indices = [
        (f64::from(count), count.to_string()),
        (-1.0, "-1".to_string()),
        (f64::NAN, "NaN".to_string()),
        (0.5, "0.5".to_string()),
        (f64::INFINITY, "Infinity".to_string()),
    ];
    for (bad, shown) in bad_indices {
        for (call, text) in [
            ("structureTitle", err(run.structure_title(n(bad)))),
            ("structureTotal", err(run.structure_total(n(bad)))),
            ("structureNote", err(run.structure_note(n(bad)))),
            ("structureItems", err(run.structure_items(n(bad), n(3.0)))),
        ] {
            assert_eq!(text, format!("{call}: i {shown} {allowed}"));
        }
    }
    for (bad, shown) in [(f64::NAN, "NaN"), (-2.0, "-2"), (1.5, "1.5")] {
        assert_eq!(
            err(run.structure_items(n(0.0), n(bad))),
            format!(
                "structureItems: limit {shown} is not allowed: \
                 use a whole number 0 or more, or Infinity for no limit"
            )
        );
    }
}

#[wasm_bindgen_test]
fn advance_until_stops_after_the_kind_and_bad_calls_throw() {
    let mut run = new_run("kruskal", "bfs", 8.0, 8.0, "2");
    let mut steps = 0.0;
    loop {
        let done = ok(run.advance_until(s("keep-wall"), n(1e9)));
        if done == 0.0 {
            break;
        }
        steps += done;
        assert_eq!(run.steps(), steps);
        if run.phase() != "done" && run.algorithm() == "kruskal" {
            assert_eq!(run.last_event(), "keep-wall");
        }
    }
    let mut run = new_run("kruskal", "bfs", 8.0, 8.0, "2");
    assert_eq!(ok(run.advance_until(s("found"), n(3.0))), 3.0);
    let text = err(run.advance_until(s("teleport"), n(3.0)));
    assert!(
        text.starts_with("advanceUntil: kind (the string 'teleport') is not allowed: use one of ")
            && text.contains("merge-sets"),
        "{text}"
    );
    assert!(err(run.advance_until(s("found"), n(f64::NAN)))
        .starts_with("advanceUntil: limit NaN is not allowed"));
    assert!(
        err(run.seek(n(f64::NAN), JsValue::UNDEFINED)).starts_with("seek: step NaN is not allowed")
    );
    assert!(err(run.seek(n(-1.0), JsValue::UNDEFINED)).starts_with("seek: step -1 is not allowed"));
    assert!(err(run.seek(n(1.0), n(-1.0))).starts_with("seek: limit -1 is not allowed"));
    assert_eq!(run.steps(), 3.0);
    // Infinity saturates to the end.
    let total = run.total_steps();
    assert_eq!(ok(run.seek(n(f64::INFINITY), JsValue::UNDEFINED)), total);
    assert_eq!(run.phase(), "done");
}

#[wasm_bindgen_test]
fn event_lists_and_labels_cover_every_algorithm_including_braid_and_player() {
    let mut names = api::generator_names();
    names.extend(api::solver_names());
    names.extend(["braid".to_string(), "player".to_string()]);
    for name in &names {
        let events = ok(api::algorithm_events(s(name)));
        assert!(!events.is_empty(), "{name}");
        for kind in &events {
            assert!(!ok(api::event_label(s(kind))).is_empty());
        }
        assert!(!ok(api::pseudocode(s(name))).is_empty(), "{name}");
    }
    assert_eq!(ok(api::algorithm_events(s("kruskal")))[0], "merge-sets");
    assert_eq!(ok(api::event_label(s("merge-sets"))), "next set merge");
    let text = err(api::algorithm_events(s("nope")));
    assert!(
        text.starts_with("algorithmEvents: unknown algorithm 'nope': allowed are "),
        "{text}"
    );
    let text = err(api::event_label(s("nope")));
    assert!(
        text.starts_with("eventLabel: kind (the string 'nope') is not allowed: use one of ")
            && text.contains("merge-sets"),
        "{text}"
    );
    // The algorithm on show in every phase has pseudocode whose length covers lastLine.
    let mut run = braided_run("prim", "bfs", "3");
    while ok(run.advance(n(1.0))) == 1.0 {
        let lines = ok(api::pseudocode(s(&run.algorithm())));
        assert!(
            (run.last_line() as usize) < lines.len(),
            "{}",
            run.algorithm()
        );
    }
}

// ---- export ---------------------------------------------------------------------------------

#[wasm_bindgen_test]
fn svg_and_text_show_the_maze_and_the_path_once_found() {
    let mut run = new_run("kruskal", "bfs", 6.0, 4.0, "5");
    // Before a path exists, "with solution" has nothing to add.
    assert!(!ok(run.svg(b(true), JsValue::UNDEFINED)).contains("class=\"solution\""));
    assert_eq!(ok(run.text(b(true))).matches('o').count(), 0);
    ok(run.finish(JsValue::UNDEFINED));
    let length = run.path_length() as usize;
    assert!(
        length >= 9,
        "a path from corner to corner of 6 x 4 has at least 9 cells"
    );
    let sheet = ok(run.svg(b(true), JsValue::UNDEFINED));
    assert!(sheet.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(sheet.contains("Kruskal, 6 × 4 cells, seed 5"));
    let points = sheet
        .split("points=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert_eq!(points.split(' ').count(), length);
    assert!(!ok(run.svg(b(false), JsValue::UNDEFINED)).contains("class=\"solution\""));
    let text = ok(run.text(b(true)));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert!(lines.iter().all(|line| line.len() == 13));
    // Path cells and the passages between them, less the S and G letters.
    assert_eq!(text.matches('o').count(), 2 * length - 1 - 2);
    assert_eq!(ok(run.text(b(false))).matches('o').count(), 0);
}

#[wasm_bindgen_test]
fn solve_with_searches_the_maze_as_it_stands_without_changing_the_run() {
    let mut run = new_run("sidewinder", "bfs", 9.0, 7.0, "3");
    ok(run.finish(JsValue::UNDEFINED));
    let shortest = run.path_length();
    let before = view(&run);
    for solver in ["bfs", "a-star", "dijkstra", "bidirectional-bfs"] {
        assert_eq!(ok(run.solve_with(s(solver))), shortest, "{solver}");
    }
    assert_eq!(view(&run), before, "the run's board is untouched");
    let text = err(run.solve_with(s("teleport")));
    assert!(
        text.starts_with("solveWith: unknown solver 'teleport': allowed are ")
            && text.contains("bfs"),
        "{text}"
    );
}

/// `structures(limit)` gives in one call what the per-structure accessors give one by one.
#[wasm_bindgen_test]
fn structures_at_once_equal_the_accessors() {
    let mut run = new_run("kruskal", "a-star", 8.0, 6.0, "3");
    for steps in [0.0, 5.0, 40.0, 90.0] {
        ok(run.advance(n(steps)));
        let all = ok(run.structures(n(3.0)));
        assert_eq!(all.length(), run.structure_count(), "after {steps} more");
        for i in 0..run.structure_count() {
            let object = all.get(i);
            let field = |key: &str| js_sys::Reflect::get(&object, &JsValue::from(key)).unwrap();
            let index = n(f64::from(i));
            assert_eq!(
                field("title").as_string().unwrap(),
                ok(run.structure_title(index.clone()))
            );
            assert_eq!(
                field("total").as_f64().unwrap(),
                ok(run.structure_total(index.clone()))
            );
            assert_eq!(
                field("note").as_string().unwrap(),
                ok(run.structure_note(index.clone()))
            );
            let items: Vec<String> = js_sys::Array::from(&field("items"))
                .iter()
                .map(|item| item.as_string().unwrap())
                .collect();
            assert_eq!(items, ok(run.structure_items(index, n(3.0))));
        }
    }
    assert!(err(run.structures(n(0.5))).contains("structures"));
}

/// The page asks the module where a search starts and ends by default, and which bits mean
/// what, instead of keeping its own copies.
#[wasm_bindgen_test]
fn defaults_and_bits_come_from_the_core() {
    let none = || JsValue::UNDEFINED;
    assert_eq!(
        ok(api::default_ends(n(5.0), n(4.0), none(), none())),
        vec![0, 0, 4, 3]
    );
    assert_eq!(
        ok(api::default_ends(n(1.0), n(1.0), none(), none())),
        vec![0, 0, 0, 0]
    );
    assert!(
        err(api::default_ends(n(0.0), n(4.0), none(), none())).starts_with("defaultEnds: width")
    );
    let names = api::mark_names();
    assert_eq!(names.len(), api::mark_bits().len());
    assert!(names.iter().any(|name| name == "frontier"));
    assert_eq!(api::passage_bits(), vec![1, 2, 4, 8]);
}

/// A run on another grid shape or with a mask: named by the two last arguments; a bad shape
/// or mask is refused with the core's message.
#[wasm_bindgen_test]
fn shapes_and_masks_reach_the_core() {
    let shaped = |shape: JsValue, mask: JsValue| {
        MazeRun::new(
            s("recursive-backtracker"),
            s(""),
            n(5.0),
            n(4.0),
            s("3"),
            s(""),
            s(""),
            JsValue::UNDEFINED,
            shape,
            mask,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        )
    };
    let mut hex = ok(shaped(s("hex"), JsValue::NULL));
    ok(hex.finish(n(f64::INFINITY)));
    assert_eq!(hex.cell_count(), 20);
    let mut polar = ok(shaped(s("polar"), JsValue::UNDEFINED));
    ok(polar.finish(n(f64::INFINITY)));
    assert_eq!(polar.cell_count(), 1 + 6 + 12 + 24, "four rings");
    let masked = ok(shaped(s("square"), s(".....\n.XX..\n.....\n.....\n")));
    assert_eq!(masked.cell_count(), 20);
    let unknown = err(shaped(s("circle"), JsValue::NULL));
    assert!(unknown.contains("unknown shape 'circle'"), "{unknown}");
    let bad = err(shaped(s("square"), s("..?\n")));
    assert!(bad.contains("'?' is not a cell"), "{bad}");
    let wrong_type = err(shaped(n(6.0), JsValue::NULL));
    assert!(wrong_type.contains("shape"), "{wrong_type}");
    let square_only = err(MazeRun::new(
        s("binary-tree"),
        s(""),
        n(5.0),
        n(4.0),
        s("3"),
        s(""),
        s(""),
        JsValue::UNDEFINED,
        s("triangle"),
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ));
    assert!(square_only.contains("triangle grid"), "{square_only}");
}

/// Ready-made masks reach JavaScript as text the constructor takes back.
#[wasm_bindgen_test]
fn preset_and_word_masks_are_text_a_run_takes() {
    assert!(mazestep::wasm::mask_presets().contains(&"heart".to_string()));
    let heart = ok(mazestep::wasm::preset_mask(
        s("heart"),
        n(12.0),
        n(10.0),
        JsValue::UNDEFINED,
    ));
    assert_eq!(heart.lines().count(), 10);
    let run = MazeRun::new(
        s("recursive-backtracker"),
        s(""),
        n(12.0),
        n(10.0),
        s("1"),
        s(""),
        s(""),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        s(&heart),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    );
    ok(run);
    let word = ok(mazestep::wasm::word_mask(s("Hi"), n(2.0)));
    assert_eq!(word.lines().next().map(str::len), Some((2 * 6 + 1) * 2));
    let moon = err(mazestep::wasm::preset_mask(
        s("moon"),
        n(5.0),
        n(5.0),
        JsValue::NULL,
    ));
    assert!(moon.contains("name 'moon' is not an outline"), "{moon}");
    let hangul = err(mazestep::wasm::word_mask(s("미로"), n(1.0)));
    assert!(hangul.contains("cannot be drawn"), "{hangul}");
}

/// Presets know the shape: a polar heart has a row per ring, and a run on that grid takes it.
#[wasm_bindgen_test]
fn presets_fit_every_shape() {
    let polar = ok(mazestep::wasm::preset_mask(
        s("heart"),
        n(1.0),
        n(6.0),
        s("polar"),
    ));
    let rows: Vec<usize> = polar.lines().map(str::len).collect();
    assert_eq!(rows, [1, 6, 12, 24, 24, 24], "{polar}");
    for (shape, width, mask) in [
        ("polar", 1.0, polar),
        (
            "triangle",
            9.0,
            ok(mazestep::wasm::preset_mask(
                s("diamond"),
                n(9.0),
                n(9.0),
                s("triangle"),
            )),
        ),
    ] {
        let run = MazeRun::new(
            s("kruskal"),
            s("bfs"),
            n(width),
            n(if shape == "polar" { 6.0 } else { 9.0 }),
            s("1"),
            s(""),
            s(""),
            JsValue::UNDEFINED,
            s(shape),
            s(&mask),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        );
        ok(run);
    }
    let shape = err(mazestep::wasm::preset_mask(
        s("heart"),
        n(9.0),
        n(9.0),
        s("circle"),
    ));
    assert!(
        shape.starts_with("presetMask: unknown shape 'circle'"),
        "{shape}"
    );
    let thin = err(mazestep::wasm::preset_mask(
        s("heart"),
        n(1.0),
        n(9.0),
        s("triangle"),
    ));
    assert!(
        thin.starts_with("presetMask: width: a triangle grid"),
        "{thin}"
    );
}

/// RGBA bytes from rows of characters: `#` black, `.` white, ` ` transparent.
fn rgba(rows: &[&str]) -> Vec<u8> {
    rows.iter()
        .flat_map(|row| row.chars())
        .flat_map(|c| match c {
            '#' => [0, 0, 0, 255],
            '.' => [255, 255, 255, 255],
            _ => [255, 255, 255, 0],
        })
        .collect()
}

/// A picture the page read from a canvas becomes mask text: one pixel a cell at the grid's
/// size, fitted otherwise, from a Uint8Array or a canvas's Uint8ClampedArray.
#[wasm_bindgen_test]
fn picture_masks_switch_dark_and_transparent_cells_off() {
    let picture = rgba(&["#.. ", "...."]);
    let bytes: JsValue = Uint8Array::from(&picture[..]).into();
    let mask = ok(api::picture_mask(
        s("square"),
        n(4.0),
        n(2.0),
        bytes,
        n(4.0),
        n(2.0),
    ));
    assert_eq!(mask, "X..X\n....\n");
    let clamped: JsValue = js_sys::Uint8ClampedArray::from(&picture[..]).into();
    let hex = ok(api::picture_mask(
        s("hex"),
        n(4.0),
        n(2.0),
        clamped,
        n(4.0),
        n(2.0),
    ));
    assert_eq!(hex, mask);
    // Fitted over a polar grid: a white picture leaves every cell on, and a run takes it.
    let white: JsValue = Uint8Array::from(&rgba(&["...."; 4])[..]).into();
    let polar = ok(api::picture_mask(
        s("polar"),
        n(1.0),
        n(5.0),
        white,
        n(4.0),
        n(4.0),
    ));
    assert_eq!(polar.lines().count(), 5);
    assert!(!polar.contains('X'), "{polar}");
    ok(MazeRun::new(
        s("wilson"),
        s("a-star"),
        n(1.0),
        n(5.0),
        s("3"),
        s(""),
        s(""),
        JsValue::UNDEFINED,
        s("polar"),
        s(&polar),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ));
}

/// Bad pictures are refused by name, before a byte is copied, and never trap.
#[wasm_bindgen_test]
fn bad_pictures_are_refused_naming_the_parameter() {
    let call = |shape: JsValue, w: f64, bytes: JsValue, iw: f64, ih: f64| {
        err(api::picture_mask(shape, n(w), n(4.0), bytes, n(iw), n(ih)))
    };
    let bytes = |len: usize| -> JsValue { Uint8Array::new_with_length(len as u32).into() };
    let short = call(s("square"), 4.0, bytes(15), 2.0, 2.0);
    assert_eq!(
        short,
        "pictureMask: rgba has 15 bytes, but a picture of 2x2 pixels takes 16 (4 a pixel: red, \
         green, blue, alpha)"
    );
    let array = call(s("square"), 4.0, js_sys::Array::new().into(), 2.0, 2.0);
    assert!(
        array.starts_with("pictureMask: rgba (an object) is not allowed"),
        "{array}"
    );
    let text = call(s("square"), 4.0, s("...."), 2.0, 2.0);
    assert!(text.starts_with("pictureMask: rgba (the string"), "{text}");
    let huge = call(s("square"), 4.0, bytes(16), 4097.0, 1.0);
    assert!(
        huge.starts_with("pictureMask: imageWidth '4097' is not allowed"),
        "{huge}"
    );
    let high = call(s("square"), 4.0, bytes(16), 1.0, 0.0);
    assert!(
        high.starts_with("pictureMask: imageHeight '0' is not allowed"),
        "{high}"
    );
    let shape = call(s("circle"), 4.0, bytes(16), 2.0, 2.0);
    assert!(
        shape.starts_with("pictureMask: unknown shape 'circle'"),
        "{shape}"
    );
    let missing = call(JsValue::UNDEFINED, 4.0, bytes(16), 2.0, 2.0);
    assert!(
        missing.starts_with("pictureMask: shape (undefined) is not allowed"),
        "{missing}"
    );
    let thin = call(s("triangle"), 1.0, bytes(16), 2.0, 2.0);
    assert!(
        thin.starts_with("pictureMask: width: a triangle grid"),
        "{thin}"
    );
    // All zero bytes: transparent black, every cell off.
    let dark = call(s("hex"), 4.0, bytes(16), 2.0, 2.0);
    assert!(
        dark.starts_with("pictureMask: rgba: the picture switches off every cell"),
        "{dark}"
    );
}

/// A worksheet shaded by distance from the start, with the longest path, on request only.
#[wasm_bindgen_test]
fn svg_shades_by_distance_when_asked() {
    let mut run = new_run("prim", "", 6.0, 4.0, "2");
    ok(run.finish(n(f64::INFINITY)));
    let plain = ok(run.svg(b(false), JsValue::UNDEFINED));
    assert!(!plain.contains("class=\"distances\""));
    let shaded = ok(run.svg(b(false), b(true)));
    assert_eq!(
        shaded.matches("<path fill=\"#").count(),
        24,
        "one shade per cell"
    );
    assert!(shaded.contains("class=\"longest\""));
    let wrong = err(run.svg(b(false), n(1.0)));
    assert!(wrong.starts_with("svg: withDistances"), "{wrong}");
}

/// A run on a shaped grid, generated to the end.
fn shaped_run(shape: &str, width: f64, height: f64, mask: Option<&str>) -> MazeRun {
    let mut run = ok(MazeRun::new(
        s("recursive-backtracker"),
        s("bfs"),
        n(width),
        n(height),
        s("4"),
        s(""),
        s(""),
        JsValue::UNDEFINED,
        s(shape),
        mask.map_or(JsValue::UNDEFINED, s),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
    ));
    ok(run.finish(n(f64::INFINITY)));
    run
}

#[wasm_bindgen_test]
fn a_run_tells_the_page_its_shape_rings_and_switched_off_cells() {
    let polar = shaped_run("polar", 1.0, 4.0, None);
    assert_eq!(polar.shape(), "polar");
    assert_eq!(polar.ring_starts(), [0, 1, 7, 19, 43]);
    assert_eq!(polar.cell_count(), 43);
    assert!(polar.off_cells().is_empty());
    assert_eq!(ok(api::ring_starts(n(4.0))), [0, 1, 7, 19, 43]);
    assert!(err(api::ring_starts(n(0.0))).contains("rings"));

    let hex = shaped_run("hex", 3.0, 2.0, Some(".X.\n...\n"));
    assert_eq!(hex.shape(), "hex");
    assert!(hex.ring_starts().is_empty());
    assert_eq!(hex.off_cells(), [1]);
    let square = shaped_run("square", 3.0, 2.0, None);
    assert_eq!(square.shape(), "square");
    assert!(square.off_cells().is_empty());
}

#[wasm_bindgen_test]
fn default_ends_follow_the_shape_and_the_mask() {
    assert_eq!(
        ok(api::default_ends(
            n(5.0),
            n(4.0),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED
        )),
        [0, 0, 4, 3]
    );
    // Polar: the centre, and the last cell of the rim (place 23 of ring 3).
    assert_eq!(
        ok(api::default_ends(n(1.0), n(4.0), s("polar"), JsValue::NULL)),
        [0, 0, 23, 3]
    );
    // A mask that switches the corners off: the first and last cells that are on.
    assert_eq!(
        ok(api::default_ends(n(3.0), n(2.0), s("hex"), s("X..\n..X\n"))),
        [1, 0, 1, 1]
    );
    assert!(err(api::default_ends(
        n(3.0),
        n(2.0),
        s("octagon"),
        JsValue::NULL
    ))
    .contains("octagon"));
    assert!(err(api::default_ends(n(3.0), n(2.0), s("hex"), s("..\n")))
        .starts_with("defaultEnds: mask"));
}

#[wasm_bindgen_test]
fn distance_map_matches_a_breadth_first_search_and_the_longest_path_is_the_diameter() {
    for (shape, width, height) in [
        ("hex", 7.0, 5.0),
        ("triangle", 8.0, 4.0),
        ("polar", 1.0, 5.0),
    ] {
        let mut run = shaped_run(shape, width, height, None);
        let start = run.start();
        let far = ok(run.measure_distances(n(f64::from(start))));
        let distances = words(run.distances_ptr(), run.cell_count());
        assert_eq!(distances[start as usize], 0);
        // In a perfect maze the goal's distance is the path the solver found, less one.
        let goal = run.goal() as usize;
        assert_eq!(distances[goal] + 1, run.path_len(), "{shape}");
        assert_eq!(
            far,
            *distances.iter().max().unwrap(),
            "{shape}: every cell is reached"
        );
        let longest = ok(run.longest_path(n(f64::from(start))));
        assert!(
            longest.len() as u32 > far,
            "{shape}: the diameter is at least the farthest distance"
        );
        // Each step of the longest path goes through a passage: distances from its first
        // end grow by one along it.
        ok(run.measure_distances(n(f64::from(longest[0]))));
        let from_end = words(run.distances_ptr(), run.cell_count());
        for (i, &cell) in longest.iter().enumerate() {
            assert_eq!(from_end[cell as usize], i as u32, "{shape}");
        }
        assert_eq!(
            *from_end.iter().max().unwrap() as usize,
            longest.len() - 1,
            "{shape}"
        );
    }
    let mut run = shaped_run("hex", 3.0, 3.0, None);
    assert!(err(run.measure_distances(n(9.0))).contains("from"));
    assert!(err(run.measure_distances(s("0"))).contains("from"));
    assert!(err(run.longest_path(n(-1.0))).contains("from"));
}

#[wasm_bindgen_test]
fn largest_piece_keeps_the_biggest_part_of_a_painted_mask() {
    // A wall of switched-off cells down the middle: three cells on the left, six on the right.
    let kept = ok(api::largest_piece(
        s("square"),
        n(4.0),
        n(3.0),
        s(".X..\n.X..\n.X..\n"),
    ));
    assert_eq!(kept, "XX..\nXX..\nXX..\n");
    // Already one piece: unchanged.
    assert_eq!(
        ok(api::largest_piece(
            s("hex"),
            n(3.0),
            n(2.0),
            s("X..\n...\n")
        )),
        "X..\n...\n"
    );
    assert!(err(api::largest_piece(s("hex"), n(3.0), n(2.0), s("..\n"))).contains("mask"));
    assert!(err(api::largest_piece(s("hex"), n(3.0), n(2.0), JsValue::NULL)).contains("mask"));
}

/// A 6 × 5 run with these world arguments (edits, corners, heuristic, weight).
fn world_run(
    shape: &str,
    edits: JsValue,
    corners: JsValue,
    heuristic: JsValue,
    weight: JsValue,
) -> Result<MazeRun, JsError> {
    MazeRun::new(
        s("recursive-backtracker"),
        s("dijkstra"),
        n(6.0),
        n(5.0),
        s("3"),
        s(""),
        s(""),
        JsValue::UNDEFINED,
        s(shape),
        JsValue::UNDEFINED,
        edits,
        corners,
        heuristic,
        weight,
        JsValue::UNDEFINED,
    )
}

/// The world's arguments: wrong types and bad values are refused with a message naming the
/// parameter, never a trap; good ones make a run whose edits come back as text.
#[wasm_bindgen_test]
fn world_arguments_are_checked_with_clear_messages() {
    let u = || JsValue::UNDEFINED;
    let cases: Vec<(JsValue, JsValue, JsValue, JsValue, &str)> = vec![
        (
            n(3.0),
            u(),
            u(),
            u(),
            "MazeRun: edits 3 is not allowed: use a string, or leave it out",
        ),
        (
            s("3q"),
            u(),
            u(),
            u(),
            "the edits' terrain has 'q' at character 2",
        ),
        (
            s("999.x"),
            u(),
            u(),
            u(),
            "the edits' terrain run '999.' at character 1 covers 999 cells from cell 0, but the \
             maze has 30 cells: 30 are left from there",
        ),
        (
            s("30.x"),
            u(),
            u(),
            u(),
            "run 'x' at character 4 covers 1 cells from cell 30, but the maze has 30 cells: 0 \
             are left",
        ),
        (s("~0zo"), u(), u(), u(), "the edits' wall '0zo'"),
        (
            u(),
            s("sometimes"),
            u(),
            u(),
            "unknown corner rule 'sometimes'",
        ),
        (u(), b(true), u(), u(), "corners (true) is not allowed"),
        (u(), u(), n(1.0), u(), "heuristic 1 is not allowed"),
        (u(), u(), s("taxicab"), u(), "unknown heuristic 'taxicab'"),
        (
            u(),
            u(),
            u(),
            s("2"),
            "weight (the string '2') is not allowed",
        ),
        (u(), u(), u(), n(0.5), "weight 0.5 is not allowed"),
        (u(), u(), u(), n(f64::NAN), "weight NaN is not allowed"),
    ];
    for (edits, corners, heuristic, weight, expected) in cases {
        let text = err(world_run("square", edits, corners, heuristic, weight));
        assert!(text.contains(expected), "{text:?} should say {expected:?}");
    }
    let text = err(world_run("hex", u(), s("always"), u(), u()));
    assert!(
        text.contains("diagonal moves are for the square grid"),
        "{text}"
    );

    let run = ok(world_run(
        "square",
        s("3.2e.x~02o"),
        s("no-obstacles"),
        s("octile"),
        n(1.5),
    ));
    assert_eq!(run.edits_text(), "3.2e.x~02o");
    let plain = ok(world_run(
        "square",
        s(""),
        JsValue::NULL,
        JsValue::NULL,
        JsValue::NULL,
    ));
    assert_eq!(plain.edits_text(), "");
}

/// `rework` refuses to run before the search has begun, reads its arguments like the
/// constructor, and afterwards the terrain layer is in memory where `terrainPtr` says.
#[wasm_bindgen_test]
fn rework_searches_the_edited_world_again() {
    let u = || JsValue::UNDEFINED;
    let mut run = ok(world_run("square", u(), u(), u(), u()));
    assert!(!run.can_rework());
    assert!(run.terrain_ptr().is_null(), "nothing painted yet");
    let text = err(run.rework(s("5h"), u(), u()));
    assert!(
        text.starts_with("rework: the maze can be searched again only once"),
        "{text}"
    );
    ok(run.finish(u()));
    assert!(run.can_rework());
    let text = err(run.rework(n(1.0), u(), u()));
    assert!(text.contains("rework: edits 1 is not allowed"), "{text}");
    let text = err(run.rework(s("5h"), s("9,9"), u()));
    assert!(text.contains("start"), "{text}");
    // Block the cell right of the start and paint the one below with water.
    ok(run.rework(s(".x4.h"), u(), s("5,4")));
    assert_eq!(run.edits_text(), ".x4.h");
    assert_eq!(run.phase(), "done");
    let ptr = run.terrain_ptr();
    assert!(!ptr.is_null());
    let terrain = js_sys::Uint8Array::new_with_byte_offset_and_length(&buffer(), ptr as u32, 30);
    assert_eq!(terrain.get_index(1), 0, "blocked");
    assert_eq!(terrain.get_index(6), 8, "water");
    assert_eq!(terrain.get_index(0), 1);
    assert!(run.all_dirty());
}

fn obstacles_run(density: JsValue) -> Result<MazeRun, JsError> {
    let u = || JsValue::UNDEFINED;
    MazeRun::new(
        s("obstacles"),
        s(""),
        n(10.0),
        n(10.0),
        s("4"),
        s(""),
        s(""),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        density,
    )
}

/// The density reaches the open world (that many cells blocked), bad ones are refused naming
/// the parameter, and `usesDensity` says which generators read it.
#[wasm_bindgen_test]
fn density_blocks_its_share_of_an_open_world() {
    let u = || JsValue::UNDEFINED;
    for (density, blocked) in [(JsValue::UNDEFINED, 30), (n(0.5), 50), (n(0.0), 0)] {
        let mut run = ok(obstacles_run(density));
        ok(run.finish(u()));
        let ptr = run.terrain_ptr();
        let count = if ptr.is_null() {
            0
        } else {
            bytes(ptr, 100).iter().filter(|&&c| c == 0).count()
        };
        assert_eq!(count, blocked);
    }
    for bad in [n(0.95), n(-0.1), s("half"), n(f64::NAN)] {
        let text = err(obstacles_run(bad));
        assert!(
            text.contains("density") && text.contains("0 to 0.9"),
            "{text}"
        );
    }
    assert_eq!(api::uses_density(s("obstacles")).ok(), Some(true));
    assert_eq!(api::uses_density(s("room")).ok(), Some(false));
    assert!(err(api::uses_density(s("nope"))).contains("usesDensity"));
}

/// `solverHonours` is the registry's flags: Dijkstra weighs costs and may move diagonally,
/// BFS moves diagonally but counts moves, Trémaux does neither, jump point search needs uniform
/// costs; BFS and Dijkstra flood, Trémaux and JPS do not; unknown names are refused.
#[wasm_bindgen_test]
fn solver_honours_reads_the_registry() {
    assert_eq!(
        api::solver_honours(s("dijkstra")).ok(),
        Some(vec![1, 1, 0, 1])
    );
    assert_eq!(api::solver_honours(s("bfs")).ok(), Some(vec![0, 1, 0, 1]));
    assert_eq!(
        api::solver_honours(s("tremaux")).ok(),
        Some(vec![0, 0, 0, 0])
    );
    assert_eq!(
        api::solver_honours(s("jump-point-search")).ok(),
        Some(vec![0, 1, 1, 0])
    );
    assert!(err(api::solver_honours(s("nope"))).contains("solverHonours"));
    assert!(err(api::solver_honours(n(3.0))).contains("solverHonours"));
}

// ---- narration as data -----------------------------------------------------------------------

fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &s(key)).expect("an object")
}

/// `narrationData()` says each step as a key and values: numbers stay numbers, cells are text,
/// sides are words of their own; filled with the core's English it reads as `narration()`.
#[wasm_bindgen_test]
fn narration_data_is_a_key_with_values() {
    let mut run = new_run("binary-tree", "bfs", 5.0, 4.0, "3");
    assert!(run.narration_data().is_null(), "nothing said at step 0");
    ok(run.advance(n(1.0)));
    let carve = run.narration_data();
    assert_eq!(
        get(&carve, "key").as_string().unwrap(),
        "core.narration.event.carve"
    );
    let side = get(&get(&carve, "args"), "side");
    let side_key = get(&side, "key").as_string().unwrap();
    assert!(side_key.starts_with("core.sides."), "{side_key}");
    assert!(get(&get(&carve, "args"), "cell")
        .as_string()
        .unwrap()
        .starts_with('('));
    let narration = run.narration();
    let word = &side_key["core.sides.".len()..];
    assert!(
        narration.starts_with(&format!("Carved {word} from cell (")),
        "{narration}"
    );
    // On to BFS taking a cell: `added` and `waiting` are numbers.
    while run.phase() == "generating" {
        ok(run.advance(n(1.0)));
    }
    ok(run.advance(n(2.0)));
    let expand = run.narration_data();
    assert_eq!(
        get(&expand, "key").as_string().unwrap(),
        "core.narration.bfs.expand"
    );
    let args = get(&expand, "args");
    let added = get(&args, "added").as_f64().expect("a number");
    let waiting = get(&args, "waiting").as_f64().expect("a number");
    let cell = get(&args, "cell").as_string().expect("text");
    let plural =
        |n: f64, one: &str, many: &str| format!("{n} {}", if n == 1.0 { one } else { many });
    assert_eq!(
        run.narration(),
        format!(
            "Took cell {cell} from the front of the queue and queued {}; {}.",
            plural(added, "new neighbour", "new neighbours"),
            plural(waiting, "cell waits", "cells wait")
        )
    );
}

/// `pathCost` and `cheapestCost`: NaN until the search ends; then BFS, which does not weigh
/// costs, wades through water that Dijkstra walks round, so BFS's path costs more than the
/// cheapest, and Dijkstra's is the cheapest.
#[wasm_bindgen_test]
fn path_cost_and_cheapest_cost_tell_a_cheapest_path_from_another() {
    let mut edits = mazestep::world::Edits::new();
    // A room 4 wide: water (cost 9) across the first three columns of row 5.
    for x in 0..3 {
        edits.paint(5 * 4 + x, 9);
    }
    let run_with = |solver: &str| {
        ok(MazeRun::new(
            s("room"),
            s(solver),
            n(4.0),
            n(10.0),
            s("1"),
            s("0,0"),
            s("0,9"),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            s(&edits.to_text()),
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ))
    };
    let mut bfs = run_with("bfs");
    assert!(bfs.path_cost().is_nan() && bfs.cheapest_cost().is_nan());
    ok(bfs.finish(JsValue::UNDEFINED));
    let mut dijkstra = run_with("dijkstra");
    ok(dijkstra.finish(JsValue::UNDEFINED));
    let cheapest = dijkstra.cheapest_cost();
    assert_eq!(dijkstra.path_cost(), cheapest);
    assert_eq!(bfs.cheapest_cost(), cheapest);
    assert!(
        bfs.path_cost() > cheapest,
        "{} vs {cheapest}",
        bfs.path_cost()
    );
}

/// `structures()` gives each item and note with words as `{ key, args }` beside its English,
/// null for an item of only names and numbers; filled with the English template it reads as
/// the item.
#[wasm_bindgen_test]
fn structure_items_with_words_are_sentences() {
    let mut run = new_run("kruskal", "dijkstra", 6.0, 5.0, "3");
    ok(run.advance(n(10.0)));
    let all = ok(run.structures(n(4.0)));
    let sets = all.get(0);
    let items = js_sys::Array::from(&get(&sets, "items"));
    let data = js_sys::Array::from(&get(&sets, "itemData"));
    assert_eq!(data.length(), items.length());
    assert!(items.length() > 0);
    for i in 0..items.length() {
        let item = data.get(i);
        assert_eq!(get(&item, "key").as_string().unwrap(), "core.items.set-of");
        let args = get(&item, "args");
        let (cell, size) = (get(&args, "cell").as_string().unwrap(), get(&args, "size"));
        let size = size.as_f64().expect("a number");
        let unit = if size == 1.0 { "cell" } else { "cells" };
        assert_eq!(
            items.get(i).as_string().unwrap(),
            format!("set of {cell}: {size} {unit}")
        );
    }
    let note = get(&sets, "noteData");
    let key = get(&note, "key").as_string().unwrap();
    assert!(
        key == "core.notes.merged" || key == "core.notes.kept-wall",
        "{key}"
    );
    let walls = all.get(1);
    let note = get(&walls, "noteData");
    assert_eq!(
        get(&note, "key").as_string().unwrap(),
        "core.notes.random-order"
    );
    // Dijkstra's queue: cells and distances only, so no sentences.
    while run.phase() == "generating" {
        ok(run.advance(n(50.0)));
    }
    ok(run.advance(n(3.0)));
    let queue = ok(run.structures(n(4.0))).get(0);
    let data = js_sys::Array::from(&get(&queue, "itemData"));
    assert!(data.length() > 0);
    assert!(data.iter().all(|item| item.is_null()));
    assert!(get(&queue, "noteData").is_null());
}

/// Refusals the page shows carry `data`, the message as `{ key, args }` beside the English.
#[wasm_bindgen_test]
fn refusals_carry_their_sentence() {
    let error: JsValue = api::parse_side(s("width"), s("5000")).unwrap_err().into();
    let message = get(&error, "message").as_string().unwrap();
    assert_eq!(
        message,
        "parseSide: width '5000' is not allowed: use a whole number from 1 to 4096"
    );
    let data = get(&error, "data");
    assert_eq!(get(&data, "key").as_string().unwrap(), "core.messages.side");
    let args = get(&data, "args");
    assert_eq!(
        get(&get(&args, "what"), "key").as_string().unwrap(),
        "core.labels.width"
    );
    assert_eq!(get(&args, "value").as_string().unwrap(), "'5000'");
    let error: JsValue = api::parse_seed(s("x")).unwrap_err().into();
    assert_eq!(
        get(&get(&error, "data"), "key").as_string().unwrap(),
        "core.messages.seed"
    );
    // A generator refused on a shape: "shape: …" as words of their own.
    let none = || JsValue::UNDEFINED;
    let refused = MazeRun::new(
        s("sidewinder"),
        none(),
        n(6.0),
        n(5.0),
        s("3"),
        none(),
        none(),
        none(),
        s("hex"),
        none(),
        none(),
        none(),
        none(),
        none(),
        none(),
    );
    let error: JsValue = match refused {
        Ok(_) => panic!("sidewinder on a hex grid"),
        Err(error) => error.into(),
    };
    let data = get(&error, "data");
    assert_eq!(
        get(&data, "key").as_string().unwrap(),
        "core.messages.about"
    );
    let inner = get(&get(&data, "args"), "message");
    assert_eq!(
        get(&inner, "key").as_string().unwrap(),
        "core.messages.square-only"
    );
    // A refusal with no sentence has no data (an unknown name says the names as they are).
    let error: JsValue = api::algorithm_title(s("no-such")).unwrap_err().into();
    assert!(get(&error, "data").is_undefined());
}

/// A MazeRun with the given generator, solver, size and the rest by name (undefined else).
fn refused_run(
    generator: &str,
    solver: &str,
    w: JsValue,
    h: f64,
    more: &[(&str, JsValue)],
) -> JsValue {
    let arg = |name: &str| {
        more.iter()
            .find(|(n, _)| *n == name)
            .map_or(JsValue::UNDEFINED, |(_, v)| v.clone())
    };
    let made = MazeRun::new(
        s(generator),
        s(solver),
        w,
        n(h),
        s("3"),
        JsValue::UNDEFINED,
        JsValue::UNDEFINED,
        arg("braid"),
        arg("shape"),
        arg("mask"),
        arg("edits"),
        arg("corners"),
        arg("heuristic"),
        arg("weight"),
        arg("density"),
    );
    match made {
        Ok(_) => panic!("expected {generator} to be refused"),
        Err(error) => error.into(),
    }
}

/// The `data` of a refusal, checked to say what its message says: (key, args).
fn said(error: &JsValue) -> (String, JsValue) {
    let data = get(error, "data");
    assert!(
        !data.is_undefined(),
        "{:?} has no data",
        get(error, "message")
    );
    (get(&data, "key").as_string().unwrap(), get(&data, "args"))
}

/// The constructor's other refusals and its type errors carry their sentence too.
#[wasm_bindgen_test]
fn run_refusals_carry_their_sentence() {
    // An open world cannot be braided.
    let error = refused_run("obstacles", "bfs", n(6.0), 5.0, &[("braid", n(0.5))]);
    assert_eq!(
        get(&error, "message").as_string().unwrap(),
        "MazeRun: braid 0.5 is not allowed with obstacles: it makes an open world, with no dead \
         ends to remove; give braid 0"
    );
    let (key, args) = said(&error);
    assert_eq!(key, "core.refusals.braid-open");
    assert_eq!(get(&args, "name").as_string().unwrap(), "obstacles");
    // Diagonal moves on a hex grid: the shape is words of its own.
    let error = refused_run(
        "kruskal",
        "a-star",
        n(6.0),
        5.0,
        &[("shape", s("hex")), ("corners", s("always"))],
    );
    let (key, args) = said(&error);
    assert_eq!(key, "core.refusals.diagonal");
    assert_eq!(
        get(&get(&args, "grid"), "key").as_string().unwrap(),
        "core.shapes.hex"
    );
    // Too many rings on a polar grid.
    let error = refused_run("kruskal", "bfs", n(1.0), 4096.0, &[("shape", s("polar"))]);
    let (key, args) = said(&error);
    assert_eq!(key, "core.refusals.too-many-rings");
    assert_eq!(get(&args, "rings").as_f64(), Some(4096.0));
    // A mask that switches every cell off: "mask: …" around the sentence.
    let error = refused_run("kruskal", "bfs", n(2.0), 1.0, &[("mask", s("XX"))]);
    let (key, args) = said(&error);
    assert_eq!(key, "core.messages.about");
    assert_eq!(
        get(&get(&args, "message"), "key").as_string().unwrap(),
        "core.refusals.mask-all-off"
    );
    // Edits running past the maze's cells: refused as they are read, naming the run.
    let error = refused_run("kruskal", "bfs", n(2.0), 2.0, &[("edits", s("10.x"))]);
    assert!(get(&error, "message")
        .as_string()
        .unwrap()
        .contains("run '10.' at character 1 covers 10 cells"));
    let (key, args) = said(&error);
    assert_eq!(key, "core.refusals.edits-run");
    assert_eq!(get(&args, "len").as_f64(), Some(4.0));
    assert_eq!(get(&args, "left").as_f64(), Some(4.0));
    // Edits painting a cell a mask switched off.
    let error = refused_run(
        "kruskal",
        "bfs",
        n(3.0),
        1.0,
        &[("mask", s("..X")), ("edits", s("2.x"))],
    );
    assert!(get(&error, "message")
        .as_string()
        .unwrap()
        .contains("paint cell 2"));
    let (key, args) = said(&error);
    assert_eq!(key, "core.refusals.edits-paint");
    assert_eq!(get(&args, "len").as_f64(), Some(3.0));
    // A width of the wrong type: what is allowed is words of their own.
    let error = refused_run("kruskal", "bfs", s("10"), 5.0, &[]);
    assert_eq!(
        get(&error, "message").as_string().unwrap(),
        "MazeRun: width (the string '10') is not allowed: use a number, a whole number from 1 to 4096"
    );
    let (key, args) = said(&error);
    assert_eq!(key, "core.refusals.refused");
    assert_eq!(
        get(&get(&args, "allowed"), "key").as_string().unwrap(),
        "core.allowed.side"
    );
}

/// `noPathData()` is `noPath()` as a sentence; undefined while there is a path (or none yet).
#[wasm_bindgen_test]
fn no_path_data_says_no_path() {
    let mut run = new_run("terrain", "jump-point-search", 8.0, 6.0, "3");
    assert!(run.no_path_data().is_undefined());
    ok(run.finish(JsValue::UNDEFINED));
    assert!(run
        .no_path()
        .starts_with("no path: gave up (jump-point-search needs"));
    let data = run.no_path_data();
    assert_eq!(
        get(&data, "key").as_string().unwrap(),
        "core.no-path.gave-up"
    );
    assert_eq!(
        get(&get(&get(&data, "args"), "reason"), "key")
            .as_string()
            .unwrap(),
        "core.reasons.jps-costs"
    );
    let mut found = new_run("kruskal", "bfs", 6.0, 5.0, "3");
    ok(found.finish(JsValue::UNDEFINED));
    assert_eq!(found.no_path(), "");
    assert!(found.no_path_data().is_undefined());
}

/// `new MazeRun(options)`: an object of settings, as JavaScript builds it.
fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in pairs {
        js_sys::Reflect::set(&object, &s(key), value).unwrap();
    }
    object.into()
}

/// `MazeRun::new` as `new MazeRun(options)` calls it: the object, the rest undefined.
fn from_options(object: JsValue) -> Result<MazeRun, JsError> {
    let u = || JsValue::UNDEFINED;
    MazeRun::new(
        object,
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
        u(),
    )
}

/// The options object and the positional form make the same run; an unknown key, a key of
/// the wrong type and a missing generator are refused by name.
#[wasm_bindgen_test]
fn an_options_object_makes_the_run_the_positional_form_makes() {
    let mut by_object = ok(from_options(options(&[
        ("generator", s("kruskal")),
        ("solver", s("a-star")),
        ("width", n(7.0)),
        ("height", n(5.0)),
        ("seed", s("11")),
        ("braid", n(0.5)),
        ("heuristic", s("octile")),
    ])));
    let u = || JsValue::UNDEFINED;
    let mut by_position = ok(MazeRun::new(
        s("kruskal"),
        s("a-star"),
        n(7.0),
        n(5.0),
        s("11"),
        u(),
        u(),
        n(0.5),
        u(),
        u(),
        u(),
        u(),
        s("octile"),
        u(),
        u(),
    ));
    ok(by_object.finish(u()));
    ok(by_position.finish(u()));
    assert_eq!(view(&by_object), view(&by_position));
    assert_eq!(by_object.steps(), by_position.steps());
    assert_eq!(by_object.seed(), "11");
    // Only the generator is needed.
    let least = ok(from_options(options(&[("generator", s("wilson"))])));
    assert_eq!((least.width(), least.height()), (10, 10));
    assert!(least.seed().parse::<u64>().is_ok(), "{}", least.seed());
    let unknown = err(from_options(options(&[
        ("generator", s("kruskal")),
        ("hieght", n(5.0)),
    ])));
    assert!(
        unknown.starts_with("MazeRun: unknown option 'hieght': did you mean height? allowed are generator, solver, width,"),
        "{unknown}"
    );
    assert_eq!(
        err(from_options(options(&[
            ("generator", s("kruskal")),
            ("width", s("7"))
        ]))),
        "MazeRun: width (the string '7') is not allowed: use a number, a whole number from 1 to 4096"
    );
    assert_eq!(
        err(from_options(options(&[("seed", s("1"))]))),
        "MazeRun: generator (undefined) is not allowed: use a string"
    );
    assert_eq!(
        err(from_options(JsValue::NULL)),
        "MazeRun: options (null) is not allowed: use an object of settings, e.g. { generator: 'kruskal' }"
    );
}

/// Every grid shape the core knows is taken by every function of the edge that takes a shape,
/// and named when a shape of the wrong type is refused: the edge reads them from the core's
/// one list.
#[wasm_bindgen_test]
fn every_shape_the_core_knows_is_accepted_by_the_edge() {
    use mazestep::topology::Shape;
    let names: Vec<String> = Shape::ALL.iter().map(|s| s.name().to_string()).collect();
    assert_eq!(api::shape_names(), names);
    for shape in Shape::ALL {
        let name = shape.name();
        let generator = api::generator_names()
            .into_iter()
            .find(|g| ok(api::algorithm_shapes(s(g))).iter().any(|s| s == name))
            .unwrap_or_else(|| panic!("no generator works on {name}"));
        let (width, height) = if shape == Shape::Polar {
            (1.0, 5.0)
        } else {
            (6.0, 5.0)
        };
        let mut run = ok(from_options(options(&[
            ("generator", s(&generator)),
            ("solver", s("bfs")),
            ("width", n(width)),
            ("height", n(height)),
            ("seed", s("2")),
            ("shape", s(name)),
        ])));
        ok(run.finish(JsValue::UNDEFINED));
        assert_eq!(run.shape(), name);
        let mask = ok(api::preset_mask(s("circle"), n(9.0), n(9.0), s(name)));
        assert!(!mask.is_empty(), "{name}");
        let white = js_sys::Uint8Array::from(&[255u8; 16][..]);
        ok(api::picture_mask(
            s(name),
            n(4.0),
            n(4.0),
            white.into(),
            n(2.0),
            n(2.0),
        ));
        ok(api::default_ends(
            n(width),
            n(height),
            s(name),
            JsValue::UNDEFINED,
        ));
    }
    let refused = err(api::preset_mask(s("circle"), n(9.0), n(9.0), n(3.0)));
    let listed: Vec<String> = names.iter().map(|name| format!("\"{name}\"")).collect();
    let (last, rest) = listed.split_last().unwrap();
    assert_eq!(
        refused,
        format!(
            "presetMask: shape 3 is not allowed: use {} or {last}, or leave it out",
            rest.join(", ")
        )
    );
}

/// How the search thinks, through the bindings and their views: after BFS every reached cell
/// links to the neighbour one closer to the start, its cost the distance measured here; a step
/// back takes links back; bad cells are refused.
#[wasm_bindgen_test]
fn came_from_links_and_costs_follow_the_search_and_back() {
    use js_sys::{Float32Array, Int32Array};
    let mut run = new_run("kruskal", "bfs", 9.0, 7.0, "8");
    let thinking = |run: &mut MazeRun| {
        let reached = run.measure_thinking();
        let n = run.cell_count();
        let links =
            Int32Array::new_with_byte_offset_and_length(&buffer(), run.came_from_ptr() as u32, n)
                .to_vec();
        let costs = Float32Array::new_with_byte_offset_and_length(
            &buffer(),
            run.cost_so_far_ptr() as u32,
            n,
        )
        .to_vec();
        (reached, links, costs)
    };
    let (reached, links, _) = thinking(&mut run);
    assert_eq!(reached, 0, "generating: no search yet");
    assert!(links.iter().all(|&l| l == -1));
    ok(run.finish(JsValue::UNDEFINED));
    let cells = view(&run).cells;
    let start = run.start();
    let dist = distances(&cells, 9, start);
    let (reached, links, costs) = thinking(&mut run);
    let mut linked = 0;
    for cell in 0..run.cell_count() {
        let link = ok(run.came_from(n(f64::from(cell))));
        assert_eq!(link, links[cell as usize]);
        if link == -1 {
            continue;
        }
        linked += 1;
        let d = dist[cell as usize];
        assert_eq!(dist[link as usize] + 1, d, "cell {cell} links one closer");
        assert_eq!(ok(run.cost_so_far(n(f64::from(cell)))), f64::from(d));
        assert_eq!(costs[cell as usize], d as f32);
    }
    assert_eq!(linked + 1, reached);
    // Back a step at a time to before the search: nothing is reached, nothing linked.
    let mut backs = 0;
    while run.phase() != "generating" && backs < 10_000 {
        assert!(run.back());
        backs += 1;
    }
    let (reached, links, _) = thinking(&mut run);
    assert_eq!(reached, 0, "back before the search, {backs} steps back");
    assert!(links.iter().all(|&l| l == -1));
    let message = err(run.came_from(n(63.0)));
    assert!(message.starts_with("cameFrom: cell 63"), "{message}");
    assert!(message.contains("from 0 to 62"), "{message}");
    assert!(err(run.estimate(s("1"))).contains("the string '1'"));
}
