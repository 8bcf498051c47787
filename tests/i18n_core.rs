//! The `core` section of www/i18n/en.json is what the core says in English, made from the
//! core: narration templates ([`ENGLISH`], and each algorithm's own words beside its `Info`,
//! [`Machine::words`]), each algorithm's title, summary, step and
//! pseudocode (kept at the top of its Rust file), legend labels, event labels, data-structure
//! titles, counter names, generator groups and statistics labels. One source of truth for
//! English; other languages translate the same keys by hand (tests/module/i18n.test.mjs checks
//! they have them all).
//!
//! When this fails after a change to the core's words, run
//! `MAZESTEP_BLESS=1 cargo test --test i18n_core`, read `git diff www/i18n/en.json`, and bring
//! every other language file up to date.

#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators::{self, braid};
use mazestep::machine::{slug, Info, Template, ENGLISH, EVENT_KINDS, UNITS};
use mazestep::maze::Maze;
use mazestep::run::{Run, Settings};
use mazestep::solvers;
use mazestep::stats::STATISTICS;
use mazestep::topology::{Shape, Topology};
use mazestep::world::{Corners, Search};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn en_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/i18n/en.json")
}

fn infos() -> Vec<&'static Info> {
    let mut all: Vec<&'static Info> = generators::ALL.iter().map(|e| e.info).collect();
    all.extend(solvers::ALL.iter().map(|e| e.info));
    all.extend([&braid::INFO, &mazestep::player::INFO]);
    all
}

/// Every registered algorithm's own words ([`Machine::words`]), asked of one made on a 2 × 2
/// maze.
fn own_words() -> Vec<Template> {
    let maze = Maze::new(2, 2).unwrap();
    let mut words: Vec<Template> = Vec::new();
    for name in generators::names() {
        words.extend(generators::create(name, &maze).unwrap().words());
    }
    for entry in solvers::ALL {
        words.extend((entry.make)(&maze, 0, 3, &Search::default()).words());
    }
    // Two names of one machine (blind-alley filling and sealing) share its words.
    let mut seen = std::collections::HashSet::new();
    words.retain(|template| seen.insert((template.key, template.english)));
    words
}

/// Puts `value` at the dotted `key` under `root`.
fn put(root: &mut Map<String, Value>, key: &str, value: Value) {
    let mut node = root;
    let mut parts = key.split('.').peekable();
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            assert!(
                node.insert(part.to_string(), value).is_none(),
                "{key} twice"
            );
            return;
        }
        node = node
            .entry(part.to_string())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .unwrap_or_else(|| panic!("{key}: a part of it is words already"));
    }
}

/// Every data-structure title and counter name the machines show, found by running each
/// generator (with each solver after it) on every shape: they are chosen at run time.
fn titles_and_counters() -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let (mut titles, mut counters) = (BTreeMap::new(), BTreeMap::new());
    let shapes = [
        Shape::Square,
        Shape::Hex,
        Shape::Triangle,
        Shape::Polar,
        Shape::Weave,
    ];
    for shape in shapes {
        for generator in generators::names() {
            let solvers = solvers::names().into_iter().map(Some);
            // Braided with diagonal moves, and plain: open worlds refuse a braid, and a
            // search with diagonal moves is not the one with four.
            let plain = [false, true].into_iter();
            for (solver, plain) in [None]
                .into_iter()
                .chain(solvers)
                .flat_map(|solver| plain.clone().map(move |plain| (solver, plain)))
            {
                let mut settings = Settings::new(generator, 7, 5, 4).with_shape(shape);
                if !plain {
                    settings = settings.with_braid(0.5).with_search(Search {
                        corners: Corners::NoObstacles,
                        ..Search::default()
                    });
                }
                if let Some(solver) = solver {
                    settings = settings.with_solver(solver);
                }
                let Ok(mut run) = Run::new(settings) else {
                    continue;
                };
                loop {
                    for structure in run.structures(0) {
                        titles.insert(slug(structure.title), structure.title.to_string());
                    }
                    for (name, _) in run.machine().counters() {
                        counters.insert(slug(name), name.to_string());
                    }
                    if run.step().is_none() {
                        break;
                    }
                }
            }
        }
    }
    // Titles a small run never shows (a weave's crossings, say), from the source.
    for title in source_titles() {
        titles.insert(slug(&title), title);
    }
    (titles, counters)
}

/// Every `Structure::new("…"` title written in src/.
fn source_titles() -> Vec<String> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for part in text.split("Structure::new(").skip(1) {
                    let part = part.trim_start();
                    if let Some(rest) = part.strip_prefix('"') {
                        found.push(rest[..rest.find('"').unwrap()].to_string());
                    }
                }
            }
        }
    }
    found
}

/// The `core` section as the core says it.
fn core_section() -> Value {
    let mut core = Map::new();
    for &(key, template) in ENGLISH {
        put(&mut core, key, json!(template));
    }
    for Template { key, english } in own_words() {
        put(&mut core, key, json!(english));
    }
    let mut marks = BTreeMap::new();
    for info in infos() {
        let base = format!("algorithms.{}", info.name);
        put(&mut core, &format!("{base}.title"), json!(info.title));
        put(&mut core, &format!("{base}.summary"), json!(info.summary));
        put(
            &mut core,
            &format!("{base}.stepUnit"),
            json!(info.step_unit),
        );
        put(
            &mut core,
            &format!("{base}.pseudocode"),
            json!(info.pseudocode),
        );
        for &(_, label) in info.marks {
            marks.insert(slug(label), label);
        }
    }
    for (key, label) in marks {
        put(&mut core, &format!("marks.{key}"), json!(label));
    }
    for &(kind, label) in EVENT_KINDS {
        put(&mut core, &format!("events.{kind}"), json!(label));
    }
    for group in generators::GROUPS {
        put(&mut core, &format!("groups.{}", slug(group)), json!(group));
    }
    for (key, label) in STATISTICS {
        put(&mut core, &format!("stats.{key}"), json!(label));
    }
    put(
        &mut core,
        "stats.diameter_exact",
        json!("diameter is exact"),
    );
    let (titles, counters) = titles_and_counters();
    for (key, title) in titles {
        put(&mut core, &format!("structures.{key}"), json!(title));
    }
    for (key, name) in counters {
        put(&mut core, &format!("counters.{key}"), json!(name));
    }
    Value::Object(core)
}

/// en.json with its `core` section replaced by `core`, keeping every other line as it is.
fn with_core(text: &str, core: &Value) -> String {
    let start = text.find("\n  \"core\": {").expect("a core section") + 1;
    let end = start + text[start..].find("\n  },").expect("the end of core") + "\n  },".len();
    // The sentinel last: other sections' helpers add their lines just before theirs.
    let pretty = serde_json::to_string_pretty(core).unwrap();
    let pretty = format!(
        "{},\n  \"_\": \"\"\n}}",
        pretty.strip_suffix("\n}").unwrap()
    );
    let body = pretty.replace("\n", "\n  ");
    format!("{}  \"core\": {body},{}", &text[..start], &text[end..])
}

#[test]
fn en_json_core_section_is_what_the_core_says() {
    let text = std::fs::read_to_string(en_path()).unwrap();
    let file: Value = serde_json::from_str(&text).expect("en.json is JSON");
    let want = core_section();
    if std::env::var("MAZESTEP_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(en_path(), with_core(&text, &want)).unwrap();
        return;
    }
    let mut have = file["core"].clone();
    have.as_object_mut().map(|core| core.remove("_"));
    let have = &have;
    if *have != want {
        let (mut a, mut b) = (BTreeMap::new(), BTreeMap::new());
        flatten(have, "", &mut a);
        flatten(&want, "", &mut b);
        let differ: Vec<_> = b
            .iter()
            .filter(|(k, v)| a.get(*k) != Some(v))
            .map(|(k, v)| format!("{k}: en.json has {:?}, the core says {v}", a.get(k)))
            .chain(
                a.keys()
                    .filter(|k| !b.contains_key(*k))
                    .map(|k| format!("{k}: not in the core")),
            )
            .take(10)
            .collect();
        panic!(
            "www/i18n/en.json's core section differs from the core (MAZESTEP_BLESS=1 cargo \
             test --test i18n_core rewrites it):\n{}",
            differ.join("\n")
        );
    }
}

fn flatten(value: &Value, prefix: &str, out: &mut BTreeMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(value, &path, out);
            }
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// The units the core's templates count with are en.json's, word for word.
#[test]
fn en_json_has_the_units_the_core_counts_with() {
    let file: Value = serde_json::from_str(&std::fs::read_to_string(en_path()).unwrap()).unwrap();
    for &(unit, one, other) in UNITS {
        assert_eq!(
            file["units"][unit],
            json!({ "one": one, "other": other }),
            "units.{unit}"
        );
    }
    // Every `{name:unit}` in a template names one of them.
    for &(key, template) in ENGLISH {
        for field in template.split('{').skip(1) {
            let field = &field[..field.find('}').unwrap()];
            if let Some((_, unit)) = field.split_once(':') {
                assert!(UNITS.iter().any(|u| u.0 == unit), "{key}: unit {unit}");
            }
        }
    }
}

/// Every side name the grids use has its key (a missing one would be said as "north").
#[test]
fn every_side_name_has_a_key() {
    let names = ENGLISH
        .iter()
        .filter(|(key, _)| key.starts_with("sides."))
        .map(|&(_, words)| words)
        .collect::<Vec<_>>();
    for shape in [
        Shape::Square,
        Shape::Hex,
        Shape::Triangle,
        Shape::Polar,
        Shape::Weave,
    ] {
        let grid = mazestep::topology::Grid::new(shape, 6, 6).unwrap();
        for cell in 0..grid.len() {
            for side in 0..grid.sides(cell) {
                let name = grid.side_name(cell, side);
                assert!(names.contains(&name), "{shape:?}: side {name:?} has no key");
            }
        }
    }
}
