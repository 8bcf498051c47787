//! Taking steps back: every machine's `undo` must put the run exactly as it was before the
//! step, field for field (`Run::fingerprint`), and stepping on again must repeat the step.
//!
//! `UNDO_ONLY=name` limits the run to one generator or solver while working on it.

// Machines are `Debug` only natively (see `machine::DebugState`).
#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators;
use mazestep::run::{Run, Settings};
use mazestep::solvers;

/// The generators and solvers to check: all, or with `UNDO_ONLY` set to one name, that one
/// (a solver after Binary Tree, a generator before BFS; "braid" braids before BFS).
fn pairs() -> Vec<(&'static str, Option<&'static str>, f64)> {
    let generators = generators::names();
    let solvers = solvers::names();
    match std::env::var("UNDO_ONLY") {
        Ok(only) if only == "braid" => vec![("binary-tree", Some("bfs"), 0.5)],
        Ok(only) => {
            let generator = generators.iter().find(|&&g| g == only);
            let solver = solvers.iter().find(|&&s| s == only);
            match (generator, solver) {
                (Some(&g), _) => vec![(g, None, 0.0), (g, Some("bfs"), 0.0)],
                (None, Some(&s)) => {
                    vec![("binary-tree", Some(s), 0.0), ("binary-tree", Some(s), 0.5)]
                }
                (None, None) => panic!("UNDO_ONLY={only}: no such generator or solver"),
            }
        }
        Err(_) => {
            let mut pairs = Vec::new();
            for &generator in &generators {
                pairs.push((generator, None, 0.0));
                for &solver in &solvers {
                    pairs.push((generator, Some(solver), 0.0));
                }
            }
            for &solver in &solvers {
                pairs.push(("recursive-backtracker", Some(solver), 0.5));
            }
            pairs
        }
    }
}

/// Steps the run to its end; after every step takes it back, checks that the run is as it
/// was and that the dirty list names exactly the cells that changed, then steps again.
fn check_every_step(settings: Settings) {
    let label = format!(
        "{} + {:?} braid {} {}x{} seed {}",
        settings.generator,
        settings.solver,
        settings.braid,
        settings.width,
        settings.height,
        settings.seed
    );
    let mut run = Run::new(settings).unwrap();
    loop {
        let before = run.fingerprint();
        if run.advance(1) == 0 {
            break;
        }
        let after = run.fingerprint();
        let board_after = run.board().clone();
        let step = run.last_step();
        let at = run.steps();
        let phase_after = run.last_step_phase();
        assert!(
            run.undo(),
            "{label}: step {at} ({:?}, {:?}) could not be taken back",
            run.last_step_phase(),
            step
        );
        assert_eq!(
            run.fingerprint(),
            before,
            "{label}: step {at} ({step:?}) taken back differs from before it"
        );
        // Only a step that began a phase (and cleared the display) redraws everything.
        assert!(
            !run.all_dirty() || run.phase() != phase_after,
            "{label}: step {at} taken back: all dirty"
        );
        let mut dirty = run.dirty().to_vec();
        dirty.sort_unstable();
        // Every cell that differs from after the step is listed (a cell changed and changed
        // back may be listed too).
        for cell in 0..run.maze().len() {
            let differs = board_after.maze().cells()[cell] != run.board().maze().cells()[cell]
                || board_after.marks()[cell] != run.board().marks()[cell]
                || board_after.groups()[cell] != run.board().groups()[cell];
            assert!(
                !differs || run.all_dirty() || dirty.binary_search(&(cell as u32)).is_ok(),
                "{label}: step {at} taken back: cell {cell} changed but is not dirty"
            );
        }
        run.advance(1);
        assert_eq!(run.last_step(), step, "{label}: step {at} again");
        assert_eq!(run.fingerprint(), after, "{label}: step {at} again differs");
    }
}

#[test]
fn every_step_of_every_pair_is_taken_back() {
    for (generator, solver, braid) in pairs() {
        for seed in [1, 2, 3] {
            let settings = Settings::new(generator, 6, 5, seed).with_braid(braid);
            let Some(solver) = solver else {
                check_every_step(settings);
                continue;
            };
            let settings = settings.with_solver(solver);
            check_every_step(settings.clone());
            // Also a goal at the bottom-left: in a Binary Tree maze the way to the default
            // bottom-right goal is the corridor every solver tries first, so no search would
            // back up, turn back or go round a loop.
            check_every_step(Settings {
                goal: Some((0, 4)),
                ..settings
            });
        }
    }
}

/// From the end of a whole run back to step 0 one step at a time, the run matches a fresh
/// run stepped as far at every step (the history holds a small maze's whole run, unless the
/// run is longer than 8192 steps).
#[test]
fn a_whole_run_taken_back_matches_fresh_runs() {
    for (generator, solver, braid) in pairs() {
        let settings = Settings::new(generator, 5, 4, 11).with_braid(braid);
        let settings = match solver {
            Some(solver) => settings.with_solver(solver),
            None => settings,
        };
        let mut run = Run::new(settings.clone()).unwrap();
        let mut fingerprints = vec![run.fingerprint()];
        while run.advance(1) == 1 {
            fingerprints.push(run.fingerprint());
        }
        while run.steps() > 0 {
            if !run.undo() {
                // A run longer than the history keeps (the random mouse pacing round an
                // unreachable goal, 1000 moves a cell) goes back as far as the history
                // reaches: at least its last 8192 steps (a quarter of 1 << 16, halved).
                let taken_back = fingerprints.len() as u64 - 1 - run.steps();
                assert!(
                    taken_back >= 8192,
                    "{generator} + {solver:?}: step {} not taken back",
                    run.steps()
                );
                break;
            }
            assert_eq!(
                run.fingerprint(),
                fingerprints[run.steps() as usize],
                "{generator} + {solver:?}: at step {}",
                run.steps()
            );
        }
        assert!(!run.undo());
    }
}

/// Other shapes, where rows and batches end differently: a single row or column, a 2×2, and
/// mazes big enough for Kruskal's second batch of walls (64 a batch) and Eller's long rows.
#[test]
fn every_generator_takes_its_steps_back_on_other_shapes() {
    for (generator, solver, braid) in pairs() {
        if solver.is_some() || braid > 0.0 {
            continue;
        }
        for (width, height) in [(1, 7), (7, 1), (2, 2), (13, 11), (24, 3)] {
            check_every_step(Settings::new(generator, width, height, 5));
        }
        check_every_step(Settings::new(generator, 11, 9, 6).with_solver("a-star"));
    }
}

/// Random mixes of everything that moves a run (stepping journaled and quietly, seeking both
/// ways with and without checkpoints, taking back) leave it exactly as a fresh run stepped as
/// far: the history never takes back a step it did not record.
#[test]
fn random_moves_keep_the_run_exact() {
    let mut rng = mazestep::rng::Rng::new(99);
    let cases = [
        Settings::new("wilson", 20, 15, 3)
            .with_braid(0.2)
            .with_solver("a-star"),
        Settings::new("kruskal", 16, 12, 4).with_solver("dijkstra"),
        Settings::new("eller", 18, 10, 5).with_solver("tremaux"),
        Settings::new("recursive-division", 12, 12, 6).with_solver("wall-follower-left"),
    ];
    for settings in cases {
        if !pairs()
            .iter()
            .any(|(g, s, _)| *g == settings.generator && s.as_deref() == settings.solver.as_deref())
            && std::env::var("UNDO_ONLY").is_ok()
        {
            continue;
        }
        let mut run = Run::new(settings.clone()).unwrap();
        // Few checkpoints, so seeks back restore, replay and forget the history.
        run.set_checkpoint_budget(2 * 16 * 300);
        let total = run.total_steps();
        let mut expected = vec![];
        let mut fresh = Run::new(settings.clone()).unwrap();
        loop {
            expected.push(fresh.fingerprint());
            if fresh.advance(1) == 0 {
                break;
            }
        }
        for op in 0..400 {
            let what = rng.below(7);
            let k = u64::from(rng.below(total as u32 / 8 + 2));
            match what {
                0 => {
                    run.advance(k);
                }
                1 => {
                    run.advance_quietly(k);
                }
                2 => {
                    run.back();
                }
                3 => {
                    run.undo();
                }
                4 => {
                    run.seek(u64::from(rng.below(total as u32 + 1)));
                }
                5 => {
                    let target = run.steps().saturating_sub(k);
                    while run.seek_within(target, 7) != target {}
                }
                _ => {
                    let target = u64::from(rng.below(total as u32 + 1));
                    run.prepare_back(k + 1);
                    run.seek(target);
                }
            }
            let (now, want) = (run.fingerprint(), &expected[run.steps() as usize]);
            assert!(
                now == *want,
                "{} + {:?}: move {op} ({what}, {k}) to step {}: {}",
                settings.generator,
                settings.solver,
                run.steps(),
                first_difference(&now, want)
            );
        }
    }
}

/// Where two fingerprints first differ, with a little around it.
fn first_difference(a: &str, b: &str) -> String {
    let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let from = at.saturating_sub(120);
    let cut = |s: &str| {
        s.get(from..(at + 80).min(s.len()))
            .unwrap_or("")
            .to_string()
    };
    format!("at byte {at}:\n got  …{}\n want …{}", cut(a), cut(b))
}

/// Steps taken quietly empty the journal and end the history: the steps before them are not
/// taken back (their changes are gone); those after are.
#[test]
fn an_emptied_journal_ends_the_history() {
    let settings = Settings::new("wilson", 8, 6, 3).with_solver("bfs");
    let mut run = Run::new(settings.clone()).unwrap();
    run.advance(5);
    assert_eq!(run.undoable(), 5);
    // Six quiet steps, then two journaled (the last quarter).
    assert_eq!(run.advance_quietly(8), 8);
    assert_eq!(run.undoable(), 2);
    run.advance(5);
    let mut fresh = Run::new(settings).unwrap();
    while run.undo() {
        fresh.seek(run.steps());
        assert_eq!(run.fingerprint(), fresh.fingerprint(), "at {}", run.steps());
    }
    assert_eq!(
        run.steps(),
        11,
        "only the steps after the quiet ones are taken back"
    );
}

/// Run to the end quietly (all at once, or a slice at a time as the page plays at full speed),
/// the player's walk is journaled all the same: Back at the end takes its steps back.
#[test]
fn after_running_to_the_end_quietly_the_walk_is_taken_back() {
    for solver in ["bfs", "a-star", "wall-follower-right"] {
        let settings = Settings::new("kruskal", 12, 9, 5).with_solver(solver);
        for sliced in [false, true] {
            let mut run = Run::new(settings.clone()).unwrap();
            if sliced {
                while run.advance_quietly(40) == 40 {}
            } else {
                run.finish();
            }
            let walk = run.phase_steps(mazestep::run::Phase::Walking);
            assert!(walk > 0, "{solver}");
            assert!(
                run.undoable() >= walk,
                "{solver}: {} of {walk}",
                run.undoable()
            );
            let mut fresh = Run::new(settings.clone()).unwrap();
            for _ in 0..walk {
                assert!(run.undo(), "{solver} at {}", run.steps());
                fresh.seek(run.steps());
                assert_eq!(
                    run.fingerprint(),
                    fresh.fingerprint(),
                    "{solver} at {}",
                    run.steps()
                );
            }
            assert_eq!(run.phase(), mazestep::run::Phase::Solving);
        }
    }
}

/// Back pressed while the run is still getting Back ready (`prepare_back` part way) goes on
/// from where the preparing copy got to, instead of replaying from the start again.
#[test]
fn back_goes_on_from_the_copy_being_prepared() {
    let settings = Settings::new("kruskal", 60, 50, 8).with_solver("a-star");
    let mut run = Run::new(settings.clone()).unwrap();
    run.set_checkpoint_budget(0);
    run.seek(6000);
    run.forget_history();
    assert!(!run.prepare_back(2500));
    assert!(!run.prepare_back(2500));
    let before = run.fingerprint();
    assert_eq!(before, {
        let mut fresh = Run::new(settings.clone()).unwrap();
        fresh.seek(6000);
        fresh.fingerprint()
    });
    assert!(run.back());
    assert_eq!(run.steps(), 5999);
    assert_eq!(run.last_replay(), 999, "from the copy at step 5000");
    let mut fresh = Run::new(settings).unwrap();
    fresh.seek(5999);
    assert_eq!(run.fingerprint(), fresh.fingerprint());
    // The copy's last steps were journaled: the next Back takes a step back.
    assert!(run.undoable() > 0);
}

/// Knobs away from their defaults: SideWinder's and Eller's chances draw a number of their own
/// instead of a coin, and recursive division leaves rooms; every step is still taken back.
#[test]
fn every_step_with_knobs_is_taken_back() {
    let knobs = [
        ("sidewinder", "run-close=0.8"),
        ("eller", "join=0.2,drop=0.9"),
        ("recursive-division", "min-room=2"),
        ("binary-tree", "bias=south-west"),
        ("growing-tree", "policy=oldest"),
    ];
    for (generator, text) in knobs {
        for seed in [1, 2] {
            let knobs = generators::Knobs::parse(text).unwrap();
            check_every_step(Settings::new(generator, 7, 6, seed).with_knobs(knobs));
        }
    }
}
