//! The front ends (the command line, the wasm edge) take what the core knows from the core's
//! own lists, and leave deciding to the core: every grid shape is accepted by both, the
//! options types name exactly the core's shapes, corner rules and heuristics, and the wasm
//! edge never picks words by comparing English text (it only converts the core's sentences).

// Native only: it runs the binary and reads the sources.
#![cfg(not(target_arch = "wasm32"))]

use mazestep::generators;
use mazestep::machine::Sentence;
use mazestep::run::Ends;
use mazestep::topology::Shape;
use mazestep::world::{Corners, Exit, Heuristic};
use std::path::Path;
use std::process::Command;

/// The sources of the wasm edge, by file name.
fn edge_sources() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/wasm");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("src/wasm is there")
        .map(|entry| entry.expect("a file of src/wasm").path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).expect("readable"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the edge is split into files: {files:?}");
    files
}

/// The code of a line, without its comment.
fn code(line: &str) -> &str {
    line.split_once("//").map_or(line, |(code, _)| code)
}

/// The edge turns a sentence into English in exactly one place (the message of an `Error`
/// that carries it as `data`), and never looks at English to choose what to say: no
/// `.english()` anywhere else, no `starts_with`/`ends_with`/`contains` on text, no lookup of
/// words by their English (`known_words`), no `==` against a message.
#[test]
fn the_wasm_edge_compares_no_english() {
    let mut found = Vec::new();
    for (file, text) in edge_sources() {
        for (at, line) in text.lines().enumerate() {
            let code = code(line);
            let english = code.contains(".english()");
            let allowed = file == "args.rs" && code.contains("self.fail(&message.english())");
            let compares = [
                ".starts_with(",
                ".ends_with(",
                "known_words",
                "== message",
                "message ==",
                ".contains(&message",
                "english_template",
            ]
            .iter()
            .any(|pattern| code.contains(pattern));
            if (english && !allowed) || compares {
                found.push(format!("src/wasm/{file}:{}: {}", at + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the edge compares English:\n{}",
        found.join("\n")
    );
}

/// The quoted names in a TypeScript union such as `"square" | "hex" | null`.
fn union_names(text: &str) -> Vec<String> {
    text.split('|')
        .map(str::trim)
        .filter_map(|part| part.strip_prefix('"')?.strip_suffix('"'))
        .map(str::to_string)
        .collect()
}

/// The `MazeRunOptions` interface the edge declares for the `.d.ts`: (key, type) pairs.
fn options_interface() -> Vec<(String, String)> {
    let settings =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/wasm/settings.rs"))
            .expect("src/wasm/settings.rs");
    let body = settings
        .split_once("export interface MazeRunOptions {")
        .expect("the interface is declared")
        .1
        .split_once("\n}")
        .expect("the interface ends")
        .0;
    body.lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('/') && !line.starts_with('*') && !line.is_empty())
        .map(|line| {
            let (key, kind) = line.split_once(':').expect("key: type");
            let kind = kind.trim().trim_end_matches(';');
            (key.trim_end_matches('?').to_string(), kind.to_string())
        })
        .collect()
}

#[test]
fn the_options_types_name_what_the_core_knows() {
    let interface = options_interface();
    let kind = |key: &str| {
        interface
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, kind)| kind.clone())
            .unwrap_or_else(|| panic!("MazeRunOptions has no {key}: {interface:?}"))
    };
    let names = |all: Vec<&str>| all.into_iter().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        union_names(&kind("shape")),
        names(Shape::ALL.map(Shape::name).to_vec())
    );
    assert_eq!(
        union_names(&kind("corners")),
        names(Corners::ALL.map(Corners::name).to_vec())
    );
    assert_eq!(
        union_names(&kind("heuristic")),
        names(Heuristic::ALL.map(Heuristic::name).to_vec())
    );
    assert_eq!(
        union_names(&kind("exit")),
        names(Exit::ALL.map(Exit::name).to_vec())
    );
    assert_eq!(
        union_names(&kind("ends")),
        names(Ends::ALL.map(Ends::name).to_vec())
    );
    // The keys are the options the edge reads, in the positional order.
    let settings =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/wasm/settings.rs"))
            .unwrap();
    let list = settings
        .split_once("pub const OPTIONS: [&str; ")
        .and_then(|(_, rest)| rest.split_once("] = ["))
        .expect("the options list")
        .1
        .split_once("];")
        .unwrap()
        .0;
    let options: Vec<String> = list
        .split(',')
        .map(|name| name.trim().trim_matches('"').to_string())
        .filter(|name| !name.is_empty())
        .collect();
    let keys: Vec<String> = interface.iter().map(|(key, _)| key.clone()).collect();
    assert_eq!(keys, options);
}

/// Every grid shape the core knows, on the command line: `--shape NAME` with a generator
/// that works on it, as the registry says.
#[test]
fn every_shape_the_core_knows_is_accepted_by_the_command_line() {
    for shape in Shape::ALL {
        let generator = generators::ALL
            .iter()
            .find(|entry| entry.works_on(shape))
            .unwrap_or_else(|| panic!("no generator works on {shape}"))
            .info
            .name;
        let size: &[&str] = if shape == Shape::Polar {
            &["--height", "4"]
        } else {
            &["--width", "5", "--height", "4"]
        };
        let out = Command::new(env!("CARGO_BIN_EXE_mazestep"))
            .args([
                "generate",
                "--algorithm",
                generator,
                "--shape",
                shape.name(),
            ])
            .args(size)
            .args(["--seed", "1", "--format", "graph"])
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{shape}: {err}");
        let graph = String::from_utf8_lossy(&out.stdout);
        assert!(graph.contains(&format!("\"shape\":\"{shape}\"")), "{graph}");
    }
}

/// A key read from a source file, for `Sentence::new` (which keeps `'static` keys).
fn leak(key: &str) -> &'static str {
    Box::leak(key.to_string().into_boxed_str())
}

/// What the edge says a parameter allows is words of the core's own, by key: each key it names
/// (`allowed("allowed.…")`) has English words, so the message never shows a bare key.
#[test]
fn the_edge_names_only_words_the_core_has() {
    let mut named = 0;
    for (file, text) in edge_sources() {
        for piece in text.split("allowed(\"").skip(1) {
            let key = piece.split('"').next().unwrap();
            // A key without words is said as the key itself.
            let english = Sentence::new(leak(key)).english();
            assert_ne!(
                english, key,
                "src/wasm/{file} names {key:?}, which has no English words"
            );
            named += 1;
        }
    }
    assert!(named >= 8, "only {named} keys named");
}

/// The scale of a word mask is the core's rule, and its words say the same range.
#[test]
fn the_word_scale_is_the_cores() {
    use mazestep::topology::mask_makers::{word_scale, WORD_SCALES};
    let (low, high) = (*WORD_SCALES.start(), *WORD_SCALES.end());
    assert_eq!(word_scale(f64::from(low)), Some(low));
    assert_eq!(word_scale(f64::from(high)), Some(high));
    for refused in [
        f64::from(low) - 1.0,
        f64::from(high) + 1.0,
        2.5,
        f64::NAN,
        f64::INFINITY,
    ] {
        assert_eq!(word_scale(refused), None, "{refused}");
    }
    assert_eq!(
        Sentence::new("allowed.scale").english(),
        format!("use a whole number from {low} to {high}")
    );
}
