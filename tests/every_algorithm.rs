//! Every registered algorithm is complete: it has its words in every language, a tour, a
//! transcript and (a generator of perfect mazes) its golden files. This is the checklist of
//! docs/adding-an-algorithm.md as a test: it fails with one line per algorithm naming what it
//! lacks, and how to add it.
//!
//! What it looks for, per generator and solver of the registries:
//! - **words**, in `www/i18n/en.json` and every other language file: the algorithm's title,
//!   summary, step and pseudocode (`core.algorithms.NAME`, as many pseudocode lines as
//!   `Info::pseudocode`), its own words (`Machine::words`), the labels of its events and
//!   marks, and every key it says while it runs on a few small mazes (narration, the titles,
//!   notes and items of its data-structure views, its counters);
//! - **a tour**: an entry `NAME` (or `'NAME'`) in `www/**/tours.js`, and its stops' words
//!   `tour.NAME.1`, `tour.NAME.2`, … in every language (at least two, as many in each);
//! - **a transcript**: `tests/transcripts/NAME.transcript.txt`;
//! - **golden files** (generators of perfect mazes): `tests/golden/NAME-*.txt`, and for those
//!   that work on every shape `tests/golden/shapes/NAME-*.txt`. Solvers have none: their
//!   transcripts lock what they do.

#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators;
use mazestep::machine::{slug, Arg, Info, Sentence};
use mazestep::maze::Maze;
use mazestep::run::{Phase, Run, Settings};
use mazestep::solvers;
use mazestep::topology::Shape;
use mazestep::world::Search;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every language file, by code ("en" first).
fn languages() -> Vec<(String, Value)> {
    let folder = root().join("www/i18n");
    let mut files: Vec<(String, Value)> = std::fs::read_dir(&folder)
        .expect("www/i18n is there")
        .map(|entry| entry.expect("can list www/i18n").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let code = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("can read a language file");
            let words = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
            (code, words)
        })
        .collect();
    files.sort_by_key(|(code, _)| (code != "en", code.clone()));
    assert!(
        files.len() >= 2,
        "www/i18n has English and at least one other language"
    );
    files
}

/// The value at a dotted key, if any.
fn at<'a>(words: &'a Value, key: &str) -> Option<&'a Value> {
    key.split('.').try_fold(words, |node, part| node.get(part))
}

/// The file holding the page's tours, wherever under www/ it lives.
fn tours_file() -> PathBuf {
    let mut folders = vec![root().join("www")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("can list www") {
            let path = entry.expect("can list www").path();
            if path.is_dir() && path.file_name().is_some_and(|n| n != "vendor") {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n == "tours.js") {
                return path;
            }
        }
    }
    panic!("no tours.js under www/: the tours are data in www/**/tours.js");
}

/// Whether the tours' text has an entry named `name`: `'name':`, `"name":`, or `name:` for a
/// name that is a plain identifier.
fn has_tour(tours: &str, name: &str) -> bool {
    let quoted = [format!("'{name}':"), format!("\"{name}\":")];
    if quoted.iter().any(|q| tours.contains(q.as_str())) {
        return true;
    }
    let plain = format!("{name}:");
    tours.match_indices(&plain).any(|(at, _)| {
        tours[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_whitespace() || c == '{' || c == ',')
    })
}

/// Every key a sentence says: its own and those of the words among its values.
fn sentence_keys(sentence: &Sentence, keys: &mut BTreeSet<String>) {
    keys.insert(format!("core.{}", sentence.key));
    for (_, arg) in &sentence.args {
        if let Arg::Words(words) = arg {
            sentence_keys(words, keys);
        }
    }
}

/// The keys a machine says while it runs `settings` (its own phase only).
fn keys_said(settings: Settings, phase: Phase, name: &str, keys: &mut BTreeSet<String>) {
    let Ok(mut run) = Run::new(settings) else {
        return;
    };
    while run.advance(1) > 0 {
        if run.last_step_phase() != phase || run.info().name != name {
            continue;
        }
        if let Some(sentence) = run.sentence() {
            sentence_keys(&sentence, keys);
        }
        for structure in run.structures(4) {
            keys.insert(format!("core.structures.{}", slug(structure.title)));
            for (_, words) in &structure.words {
                sentence_keys(words, keys);
            }
            if let Some(note) = &structure.note_words {
                sentence_keys(note, keys);
            }
        }
        for (counter, _) in run.machine().counters() {
            keys.insert(format!("core.counters.{}", slug(counter)));
        }
    }
}

/// What an algorithm needs in every language: the keys of its description, its events and
/// marks, its own words, and all it says on a few small mazes.
fn keys_needed(info: &'static Info, runs: Vec<(Settings, Phase)>) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let base = format!("core.algorithms.{}", info.name);
    for part in ["title", "summary", "stepUnit", "pseudocode"] {
        keys.insert(format!("{base}.{part}"));
    }
    for kind in info.events {
        keys.insert(format!("core.events.{kind}"));
    }
    for (_, label) in info.marks {
        keys.insert(format!("core.marks.{}", slug(label)));
    }
    for (settings, phase) in runs {
        let own = Run::new(settings.clone()).ok().map(|run| {
            let maze = run.maze().clone();
            own_keys(info.name, &maze)
        });
        keys.extend(own.into_iter().flatten());
        keys_said(settings, phase, info.name, &mut keys);
    }
    keys
}

/// The keys of an algorithm's own words ([`mazestep::machine::Machine::words`]).
fn own_keys(name: &str, maze: &Maze) -> Vec<String> {
    let words = match generators::create(name, maze) {
        Ok(machine) => machine.words(),
        Err(_) => {
            let entry = solvers::find(name).expect("registered");
            (entry.make)(maze, 0, maze.len() - 1, &Search::default()).words()
        }
    };
    words.iter().map(|w| format!("core.{}", w.key)).collect()
}

/// A generator's runs: alone on a small square maze, and on a hex grid if it works there.
fn generator_runs(entry: &generators::Entry) -> Vec<(Settings, Phase)> {
    let name = entry.info.name;
    let mut runs = vec![(Settings::new(name, 5, 4, 5), Phase::Generating)];
    if entry.any_shape {
        let hex = Settings::new(name, 4, 4, 5).with_shape(Shape::Hex);
        runs.push((hex, Phase::Generating));
    }
    runs
}

/// A solver's runs: the braided maze the transcripts search, a perfect one, and a hex maze if
/// it works there.
fn solver_runs(entry: &solvers::Entry) -> Vec<(Settings, Phase)> {
    let name = entry.info.name;
    let braided = Settings {
        goal: Some((0, 3)),
        ..Settings::new("sidewinder", 6, 4, 2)
            .with_solver(name)
            .with_braid(0.5)
    };
    let mut runs = vec![
        (braided, Phase::Solving),
        (
            Settings::new("recursive-backtracker", 5, 5, 3).with_solver(name),
            Phase::Solving,
        ),
    ];
    if entry.any_shape {
        let hex = Settings::new("recursive-backtracker", 4, 4, 3)
            .with_shape(Shape::Hex)
            .with_solver(name);
        runs.push((hex, Phase::Solving));
    }
    runs
}

/// Whether `file` is a golden file of `name`: `NAME-8x5-seed1.txt`, or on another grid
/// `NAME-hex-6x5-seed1.txt` (so `prim` has none of `true-prim`'s).
fn is_golden_of(file: &str, name: &str) -> bool {
    let Some(rest) = file.strip_prefix(name).and_then(|r| r.strip_prefix('-')) else {
        return false;
    };
    let grid = ["hex-", "triangle-", "polar-", "heart-", "weave-"]
        .iter()
        .find_map(|shape| rest.strip_prefix(shape))
        .unwrap_or(rest);
    grid.starts_with(|c: char| c.is_ascii_digit()) && grid.ends_with(".txt")
}

/// What one algorithm lacks, as short phrases ("ko: core.narration.x.y", "a tour in …").
fn lacks(
    info: &'static Info,
    runs: Vec<(Settings, Phase)>,
    goldens: &[&str],
    languages: &[(String, Value)],
    tours: (&Path, &str),
) -> Vec<String> {
    let name = info.name;
    let mut missing = Vec::new();
    let needed = keys_needed(info, runs);
    for (code, words) in languages {
        let absent: Vec<&str> = needed
            .iter()
            .filter(|key| at(words, key).is_none())
            .map(String::as_str)
            .collect();
        if !absent.is_empty() {
            missing.push(format!("words in {code}.json: {}", absent.join(", ")));
        }
        let lines = at(words, &format!("core.algorithms.{name}.pseudocode"))
            .and_then(Value::as_array)
            .map(Vec::len);
        if lines.is_some_and(|n| n != info.pseudocode.len()) {
            missing.push(format!(
                "pseudocode lines in {code}.json: core.algorithms.{name}.pseudocode has {}, \
                 its Info {}",
                lines.unwrap_or(0),
                info.pseudocode.len()
            ));
        }
    }
    let (tours_path, tours_text) = tours;
    let shown = tours_path
        .strip_prefix(root())
        .unwrap_or(tours_path)
        .display();
    if !has_tour(tours_text, name) {
        missing.push(format!("a tour: no entry '{name}' in {shown}"));
    }
    let stops: Vec<(String, usize)> = languages
        .iter()
        .map(|(code, words)| {
            let stops = at(words, &format!("tour.{name}"))
                .and_then(Value::as_object)
                .map_or(0, |stops| {
                    (1..)
                        .take_while(|k| stops.contains_key(&k.to_string()))
                        .count()
                });
            (code.clone(), stops)
        })
        .collect();
    for (code, count) in &stops {
        if *count < 2 {
            missing.push(format!(
                "its tour's words in {code}.json: tour.{name}.1, tour.{name}.2, … ({count} found)"
            ));
        } else if *count != stops[0].1 {
            missing.push(format!(
                "as many tour stops in {code}.json as in {}.json ({count}, not {})",
                stops[0].0, stops[0].1
            ));
        }
    }
    let transcript = root().join(format!("tests/transcripts/{name}.transcript.txt"));
    if !transcript.is_file() {
        missing.push(format!(
            "a transcript: tests/transcripts/{name}.transcript.txt (MAZESTEP_BLESS=1 cargo \
             test --test transcripts writes it)"
        ));
    }
    for folder in goldens {
        let has = std::fs::read_dir(root().join(folder)).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|entry| is_golden_of(&entry.file_name().to_string_lossy(), name))
        });
        if !has {
            missing.push(format!(
                "golden files: {folder}/{name}-*.txt (MAZESTEP_BLESS=1 cargo test --test golden \
                 writes them)"
            ));
        }
    }
    missing
}

#[test]
fn every_registered_algorithm_has_its_words_tour_transcript_and_golden_files() {
    let languages = languages();
    let tours_path = tours_file();
    let tours_text = std::fs::read_to_string(&tours_path).expect("can read tours.js");
    let tours = (tours_path.as_path(), tours_text.as_str());
    let mut problems = Vec::new();
    for entry in generators::ALL {
        let goldens: &[&str] = match (entry.perfect, entry.any_shape) {
            (true, true) => &["tests/golden", "tests/golden/shapes"],
            (true, false) => &["tests/golden"],
            (false, _) => &[],
        };
        let runs = generator_runs(entry);
        for lack in lacks(entry.info, runs, goldens, &languages, tours) {
            problems.push(format!("generator {}: lacks {lack}", entry.info.name));
        }
    }
    for entry in solvers::ALL {
        let runs = solver_runs(entry);
        for lack in lacks(entry.info, runs, &[], &languages, tours) {
            problems.push(format!("solver {}: lacks {lack}", entry.info.name));
        }
    }
    assert!(
        problems.is_empty(),
        "{} thing(s) missing (docs/adding-an-algorithm.md says where each goes):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The checks above can fail: an algorithm named nowhere lacks every kind of thing.
#[test]
fn an_algorithm_with_nothing_is_told_everything_it_lacks() {
    static NOTHING: Info = Info {
        name: "no-such-algorithm",
        title: "",
        summary: "",
        step_unit: "",
        pseudocode: &["a line"],
        marks: &[],
        events: &["move"],
    };
    let languages = languages();
    let missing = lacks(
        &NOTHING,
        Vec::new(),
        &["tests/golden"],
        &languages,
        (Path::new("tours.js"), "export const TOURS = { bfs: {} };"),
    );
    let text = missing.join("\n");
    for expected in [
        "words in en.json: core.algorithms.no-such-algorithm.pseudocode",
        "words in ko.json: core.algorithms.no-such-algorithm.pseudocode",
        "a tour: no entry 'no-such-algorithm' in tours.js",
        "its tour's words in en.json: tour.no-such-algorithm.1",
        "its tour's words in ko.json",
        "a transcript: tests/transcripts/no-such-algorithm.transcript.txt",
        "golden files: tests/golden/no-such-algorithm-*.txt",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    // A tour is found however its name is written.
    assert!(has_tour("  bfs: { maze }", "bfs"));
    assert!(has_tour("{'a-star': {}}", "a-star"));
    assert!(!has_tour("  'a-star-weighted': {}", "a-star"));
    assert!(!has_tour("  xbfs: {}", "bfs"));
    assert!(is_golden_of("prim-8x5-seed1.txt", "prim"));
    assert!(is_golden_of("prim-polar-5rings-seed1.txt", "prim"));
    assert!(!is_golden_of("true-prim-8x5-seed1.txt", "prim"));
    assert!(!is_golden_of("growing-tree-8x5-seed1.txt", "growing"));
}
