//! Binding tests for the JavaScript edge (`src/wasm.rs`), run in headless Chromium:
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
//! The whole file is wasm32 only; on the host `cargo test` compiles it to an empty binary.
#![cfg(target_arch = "wasm32")]

use js_sys::{Uint32Array, Uint8Array, WebAssembly};
use mazestep::wasm::{self as api, MazeRun};
use std::collections::{BTreeSet, VecDeque};
use wasm_bindgen::{JsCast, JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

// ---- helpers --------------------------------------------------------------------------------

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
    ok(MazeRun::new(generator, solver, w, h, seed, "", "", None))
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
        let done = ok(run.advance(1.0));
        let after = view(&run);
        if done == 0.0 {
            break;
        }
        total += 1;
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
                let n = run.cell_count();
                loop {
                    let before = view(&run);
                    let done = ok(run.advance(batch));
                    let after = view(&run);
                    assert!(done <= batch, "{label}");
                    let list = dirty(&run);
                    assert!(list.iter().all(|&c| c < n), "{label}: {list:?}");
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
                    let lines = ok(api::pseudocode(&algorithm)).len() as i32;
                    let line = run.last_line();
                    assert!(
                        (0..lines).contains(&line),
                        "{label}: line {line} of {lines}"
                    );
                    assert!(!run.last_event().is_empty(), "{label}");
                    assert!((-1..n as i32).contains(&run.current()), "{label}");
                    assert!((-1..=3).contains(&run.heading()), "{label}");
                    assert_eq!(
                        run.counter_names().len(),
                        run.counter_values().len(),
                        "{label}"
                    );
                    // The legend must explain every mark the algorithm on show leaves (the
                    // player walks over the solver's marks, so it is checked alone below).
                    if algorithm != "player" {
                        let legend = ok(api::legend_bits(&algorithm))
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
                // Only the set-keeping generators label cells.
                let labels = ["kruskal", "eller"].contains(&generator.as_str());
                assert_eq!(run.has_labels(), labels, "{label}");
            }
        }
    }
}

#[wasm_bindgen_test]
fn finish_runs_to_the_same_end_and_marks_everything_dirty() {
    let mut stepped = new_run("binary-tree", "bfs", 9.0, 8.0, "77");
    while ok(stepped.advance(5.0)) == 5.0 {}

    let mut finished = new_run("binary-tree", "bfs", 9.0, 8.0, "77");
    assert_eq!(ok(finished.advance(3.0)), 3.0);
    let rest = finished.finish();
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
    assert_eq!(ok(finished.advance(10.0)), 0.0);
    assert_eq!(finished.finish(), 0.0);
    assert_eq!(view(&finished), before);
}

#[wasm_bindgen_test]
fn a_huge_batch_falls_back_to_redrawing_everything() {
    let mut run = new_run("binary-tree", "bfs", 40.0, 40.0, "5");
    let before = view(&run);
    let done = ok(run.advance(f64::INFINITY));
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
    wide.finish();
    assert_eq!(wide.outcome(), "found");
    assert_eq!(
        wide.path_length(),
        4096,
        "a one-row maze has one path through every cell"
    );

    let mut single = new_run("binary-tree", "bfs", 1.0, 1.0, " 0 ");
    single.finish();
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
    while ok(run.advance(1.0)) == 1.0 {
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
    let phases = ["generating", "solving", "walking", "done"].map(|p| ok(run.phase_steps(p)));
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
    for solver in ["", "none"] {
        let mut run = ok(MazeRun::new(
            "binary-tree",
            solver,
            5.0,
            5.0,
            "9",
            "",
            "",
            None,
        ));
        run.finish();
        assert_eq!(run.phase(), "done");
        assert_eq!(run.algorithm(), "binary-tree");
        assert_eq!(ok(run.phase_steps("solving")), 0.0);
        assert_eq!(ok(run.phase_steps("walking")), 0.0);
        assert_eq!(ok(run.phase_steps("generating")), run.steps());
        assert_eq!(
            (run.outcome(), run.path_length(), run.visited()),
            (String::new(), 0, 0.0)
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
    for generator in api::generator_names() {
        for solver in api::solver_names() {
            for (seed, w, h, start, goal) in cases {
                let label = format!("{generator}/{solver} seed {seed} {start}->{goal}");
                let mut run = ok(MazeRun::new(
                    &generator, &solver, w, h, seed, start, goal, None,
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
                run.finish();
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
    let xy = api::parse_point("point", text)?;
    Ok((xy[0], xy[1]))
}

#[wasm_bindgen_test]
fn a_braided_run_has_a_braiding_phase_and_bad_shares_are_refused() {
    let mut run = ok(MazeRun::new(
        "recursive-backtracker",
        "bfs",
        12.0,
        9.0,
        "5",
        "",
        "",
        Some(1.0),
    ));
    let mut seen = vec![run.phase()];
    while ok(run.advance(1.0)) == 1.0 {
        if seen.last() != Some(&run.phase()) {
            seen.push(run.phase());
        }
    }
    assert_eq!(
        seen,
        ["generating", "braiding", "solving", "walking", "done"]
    );
    assert!(ok(run.phase_steps("braiding")) > 0.0);
    for bad in [-0.1, 1.5, f64::NAN] {
        let text = err(MazeRun::new(
            "sidewinder",
            "",
            5.0,
            5.0,
            "1",
            "",
            "",
            Some(bad),
        ));
        assert!(text.contains("braid"), "{text}");
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
    let [g, s, w, h, seed, start, goal] = args.map(|(_, value)| value);
    let number = |text: &str| text.parse::<f64>().expect("a number in the test table");
    MazeRun::new(g, s, number(w), number(h), seed, start, goal, None)
}

#[wasm_bindgen_test]
fn bad_settings_throw_errors_that_name_the_value_and_what_is_allowed() {
    assert!(construct(&GOOD).is_ok());
    let cases: &[(&str, &str, &[&str])] = &[
        ("generator", "nope", &["generator 'nope'", "binary-tree"]),
        ("solver", "dfs?", &["solver 'dfs?'", "bfs"]),
        ("width", "0", &["width '0'", "1 to 4096"]),
        ("height", "5000", &["height '5000'", "1 to 4096"]),
        ("width", "4097", &["width '4097'"]),
        ("width", "2.5", &["width '2.5'"]),
        ("width", "-3", &["width '-3'"]),
        ("width", "NaN", &["width 'NaN'"]),
        ("height", "inf", &["height '"]),
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
        for part in expected {
            assert!(
                text.contains(part),
                "{field} {value:?}: message {text:?} should contain {part:?}"
            );
        }
    }
}

#[wasm_bindgen_test]
fn bad_calls_on_a_run_throw() {
    let mut run = new_run("binary-tree", "bfs", 4.0, 4.0, "1");
    let text = err(run.phase_steps("walk"));
    assert!(
        text.contains("phase 'walk'")
            && text.contains("generating, braiding, solving, walking, done")
    );
    for n in [-1.0, f64::NAN] {
        assert!(err(run.advance(n)).contains("advance"));
    }
    assert_eq!(run.steps(), 0.0, "a refused call changes nothing");
    assert_eq!(ok(run.advance(2.9)), 2.0, "fractions round down");
    assert_eq!(ok(run.advance(0.0)), 0.0);
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
        assert!(!ok(api::algorithm_title(name)).is_empty(), "{name}");
        assert!(!ok(api::algorithm_summary(name)).is_empty(), "{name}");
        let code = ok(api::pseudocode(name));
        assert!(
            !code.is_empty() && code.iter().all(|l| !l.trim().is_empty()),
            "{name}"
        );
        let bits = ok(api::legend_bits(name));
        let labels = ok(api::legend_labels(name));
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
    assert_eq!(ok(api::algorithm_title("binary-tree")), "Binary Tree");
    assert_eq!(ok(api::legend_bits("player")), [WALKED]);
}

#[wasm_bindgen_test]
fn unknown_algorithm_names_throw_listing_the_known_ones() {
    type Call = fn(&str) -> Result<(), JsError>;
    let calls: [Call; 5] = [
        |n| api::algorithm_title(n).map(drop),
        |n| api::algorithm_summary(n).map(drop),
        |n| api::pseudocode(n).map(drop),
        |n| api::legend_bits(n).map(drop),
        |n| api::legend_labels(n).map(drop),
    ];
    for call in calls {
        for bad in ["", "Binary Tree", "zz"] {
            let text = err(call(bad));
            assert!(text.contains(&format!("'{bad}'")), "{text}");
            assert!(
                text.contains("binary-tree") && text.contains("bfs") && text.contains("player")
            );
        }
    }
}

#[wasm_bindgen_test]
fn parse_functions_accept_and_refuse_like_the_core() {
    assert_eq!(api::max_side(), 4096);
    assert_eq!(ok(api::parse_side("width", " 12 ")), 12);
    assert_eq!(ok(api::parse_side("height", "4096")), 4096);
    for bad in ["0", "4097", "x", "", "1.5"] {
        let text = err(api::parse_side("height", bad));
        assert!(
            text.starts_with(&format!("height '{bad}' is not allowed")),
            "{text}"
        );
        assert!(text.contains("1 to 4096"), "{text}");
    }
    assert_eq!(ok(api::parse_seed(" 007 ")), "7");
    assert_eq!(
        ok(api::parse_seed("18446744073709551615")),
        "18446744073709551615"
    );
    for bad in ["-1", "18446744073709551616", "0x10", ""] {
        assert!(err(api::parse_seed(bad)).starts_with(&format!("seed '{bad}'")));
    }
    assert_eq!(ok(api::parse_point("start", " 3 , 4 ")), [3, 4]);
    for bad in ["3", "3,", "a,b", "-1,2", "1,2,3"] {
        let text = err(api::parse_point("goal", bad));
        assert!(
            text.starts_with(&format!("goal '{bad}'")) && text.contains("X,Y"),
            "{text}"
        );
    }
}

#[wasm_bindgen_test]
fn fresh_seeds_are_valid_and_differ() {
    let a = api::fresh_seed();
    let b = api::fresh_seed();
    assert_eq!(
        ok(api::parse_seed(&a)),
        a,
        "a fresh seed is already normalised"
    );
    assert_ne!(a, b, "two fresh seeds coincide with probability 2^-64");
    let mut run = new_run("binary-tree", "", 3.0, 3.0, &a);
    assert!(run.finish() > 0.0);
}

// ---- page catalogue, found path, texture statistics -----------------------------------------

#[wasm_bindgen_test]
fn every_generator_has_a_known_group_and_every_algorithm_a_step_unit() {
    let groups = api::generator_groups();
    assert!(!groups.is_empty());
    for name in api::generator_names() {
        let group = ok(api::generator_group(&name));
        assert!(groups.contains(&group), "{name}: unknown group '{group}'");
        let entry = mazestep::generators::find(&name).expect("registered");
        assert_eq!(group, entry.group);
    }
    for group in &groups {
        let used = api::generator_names()
            .iter()
            .any(|name| ok(api::generator_group(name)) == *group);
        assert!(used, "group '{group}' has no generator");
    }
    let text = err(api::generator_group("bfs"));
    assert!(
        text.contains("'bfs'") && text.contains("binary-tree"),
        "{text}"
    );

    let mut names = api::generator_names();
    names.extend(api::solver_names());
    names.push("player".to_string());
    for name in names {
        let unit = ok(api::algorithm_step_unit(&name));
        assert!(unit.starts_with("one "), "{name}: step unit '{unit}'");
    }
    let text = err(api::algorithm_step_unit("nope"));
    assert!(text.contains("'nope'"), "{text}");
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
                "kruskal",
                &solver,
                11.0,
                8.0,
                "21",
                "1,2",
                "",
                Some(braid),
            ));
            assert_eq!(run.path_len(), 0, "{solver}: no path before solving");
            while run.outcome().is_empty() && ok(run.advance(1.0)) == 1.0 {}
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
            run.finish();
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
            generator,
            "",
            f64::from(w),
            f64::from(h),
            "8",
            "",
            "",
            Some(braid),
        ));
        // Mid-generation the maze is not connected yet: no solution length, NaN.
        ok(run.advance(3.0));
        let early = run.stats();
        assert_eq!(early.len(), names.len());
        run.finish();
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
            let i = f64::from(i);
            (
                ok(run.structure_title(i)),
                ok(run.structure_total(i)),
                ok(run.structure_items(i, 4.0)),
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
        generator,
        solver,
        7.0,
        6.0,
        seed,
        "",
        "",
        Some(0.5),
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
        while ok(reference.advance(1.0)) == 1.0 {
            expected.push(seen(&reference));
        }
        let mut run = braided_run(generator, solver, "5");
        let total = run.total_steps();
        assert_eq!(total as usize, expected.len() - 1, "{generator}");
        assert_eq!(run.steps(), 0.0);
        for target in [total, 3.0, total - 1.0, 0.0, total / 2.0, 1.0, total + 9.0] {
            let target = target.floor();
            let before = view(&run);
            let at = ok(run.seek(target));
            assert_eq!(at, target.min(total));
            let now = seen(&run);
            assert_eq!(now, expected[at as usize], "{generator} seek {target}");
            if !run.all_dirty() {
                let listed: BTreeSet<u32> = dirty(&run).into_iter().collect();
                assert!(changed(&before, &now.view).is_subset(&listed));
            }
        }
        // back() walks to the start one step at a time.
        ok(run.seek(total));
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

#[wasm_bindgen_test]
fn narration_names_the_cell_of_every_step() {
    let mut run = braided_run("sidewinder", "bfs", "9");
    assert_eq!(run.narration(), "");
    while ok(run.advance(1.0)) == 1.0 {
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
    ok(run.advance(30.0));
    assert!(run.structure_count() >= 1);
    assert_eq!(ok(run.structure_title(0.0)), "Stack (top first)");
    let total = ok(run.structure_total(0.0));
    assert!(total > 2.0);
    assert_eq!(ok(run.structure_items(0.0, 2.0)).len(), 2);
    assert_eq!(ok(run.structure_items(0.0, 0.0)).len(), 0);
    assert_eq!(ok(run.structure_items(0.0, 1e9)).len() as f64, total);
    let n = f64::from(run.structure_count());
    for bad in [n, -1.0, f64::NAN, 0.5, f64::INFINITY] {
        assert!(
            err(run.structure_title(bad)).contains("out of range"),
            "{bad}"
        );
        assert!(run.structure_total(bad).is_err());
        assert!(run.structure_note(bad).is_err());
        assert!(run.structure_items(bad, 3.0).is_err());
    }
    assert!(err(run.structure_items(0.0, f64::NAN)).contains("not allowed"));
    assert!(err(run.structure_items(0.0, -2.0)).contains("not allowed"));
}

#[wasm_bindgen_test]
fn advance_until_stops_after_the_kind_and_bad_calls_throw() {
    let mut run = new_run("kruskal", "bfs", 8.0, 8.0, "2");
    let mut steps = 0.0;
    loop {
        let done = ok(run.advance_until("keep-wall", 1e9));
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
    assert_eq!(ok(run.advance_until("found", 3.0)), 3.0);
    assert!(err(run.advance_until("teleport", 3.0)).contains("teleport"));
    assert!(err(run.advance_until("found", f64::NAN)).contains("not allowed"));
    assert!(err(run.seek(f64::NAN)).contains("not allowed"));
    assert!(err(run.seek(-1.0)).contains("not allowed"));
    assert_eq!(run.steps(), 3.0);
    // Infinity saturates to the end.
    let total = run.total_steps();
    assert_eq!(ok(run.seek(f64::INFINITY)), total);
    assert_eq!(run.phase(), "done");
}

#[wasm_bindgen_test]
fn event_lists_and_labels_cover_every_algorithm_including_braid_and_player() {
    let mut names = api::generator_names();
    names.extend(api::solver_names());
    names.extend(["braid".to_string(), "player".to_string()]);
    for name in &names {
        let events = ok(api::algorithm_events(name));
        assert!(!events.is_empty(), "{name}");
        for kind in &events {
            assert!(!ok(api::event_label(kind)).is_empty());
        }
        assert!(!ok(api::pseudocode(name)).is_empty(), "{name}");
    }
    assert_eq!(ok(api::algorithm_events("kruskal"))[0], "merge-sets");
    assert_eq!(ok(api::event_label("merge-sets")), "next set merge");
    assert!(err(api::algorithm_events("nope")).contains("nope"));
    assert!(err(api::event_label("nope")).contains("merge-sets"));
    // The algorithm on show in every phase has pseudocode whose length covers lastLine.
    let mut run = braided_run("prim", "bfs", "3");
    while ok(run.advance(1.0)) == 1.0 {
        let lines = ok(api::pseudocode(&run.algorithm()));
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
    assert!(!run.svg(true).contains("class=\"solution\""));
    assert_eq!(run.text(true).matches('o').count(), 0);
    run.finish();
    let length = run.path_length() as usize;
    assert!(
        length >= 9,
        "a path from corner to corner of 6 x 4 has at least 9 cells"
    );
    let sheet = run.svg(true);
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
    assert!(!run.svg(false).contains("class=\"solution\""));
    let text = run.text(true);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    assert!(lines.iter().all(|line| line.len() == 13));
    // Path cells and the passages between them, less the S and G letters.
    assert_eq!(text.matches('o').count(), 2 * length - 1 - 2);
    assert_eq!(run.text(false).matches('o').count(), 0);
}

#[wasm_bindgen_test]
fn solve_with_searches_the_maze_as_it_stands_without_changing_the_run() {
    let mut run = new_run("sidewinder", "bfs", 9.0, 7.0, "3");
    run.finish();
    let shortest = run.path_length();
    let before = view(&run);
    for solver in ["bfs", "a-star", "dijkstra", "bidirectional-bfs"] {
        assert_eq!(ok(run.solve_with(solver)), shortest, "{solver}");
    }
    assert_eq!(view(&run), before, "the run's board is untouched");
    assert!(err(run.solve_with("teleport")).contains("teleport"));
}
