//! The crate's layers, lowest first: a module may use the modules of its own layer and of the
//! layers below, never one above, and no modules may use one another in a circle. This test
//! reads every `crate::…`, `super::…` and `self::…` path in src/ (in `use` lines and in code,
//! not in comments, strings or `#[cfg(test)]` items: a unit test may build its fixtures with
//! anything) and fails naming the file and the path for:
//!
//! - a top-level module that uses one in a higher layer ([`LAYERS`]), or that is in no layer;
//! - a circle among the top-level modules of one layer;
//! - a circle among the modules of one folder (`ds/open_set.rs` and `ds/slot_heap.rs` using
//!   each other). A module and its own children may use each other: a child module sees its
//!   parent's private fields, which is how an algorithm keeps its undo and fast paths apart.
//!
//! The command line (src/bin/mazestep/, a crate of its own) sits above every layer; its own
//! files are held to the same rule about circles. README.md's "Layers" section lists the same
//! layers (checked here too).

#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's top-level modules by layer, lowest first. Written once here and once in
/// README.md ("Layers").
const LAYERS: &[&[&str]] = &[
    &["words", "rng", "notes"],
    &["topology"],
    &["maze"],
    &["board"],
    &["machine", "ds"],
    &[
        "world",
        "generators",
        "solvers",
        "player",
        "distance",
        "stats",
    ],
    &["run"],
    &["export", "pack", "parse", "wasm"],
];

/// A module's path from its crate's root, e.g. `["ds", "open_set"]`.
type ModPath = Vec<String>;

/// One use of a module by another: the file and the path as written.
#[derive(Clone, Debug)]
struct Use {
    file: String,
    path: String,
}

/// A crate's files by module path.
struct Crate {
    name: &'static str,
    files: BTreeMap<ModPath, PathBuf>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The crate whose root file is `root_file` (`lib.rs` or `main.rs`), skipping `skip`.
fn read_crate(name: &'static str, dir: &Path, root_file: &str, skip: Option<&Path>) -> Crate {
    let mut all = Vec::new();
    rust_files(dir, &mut all);
    let mut files = BTreeMap::new();
    for path in all {
        if skip.is_some_and(|skip| path.starts_with(skip)) {
            continue;
        }
        let relative = path.strip_prefix(dir).unwrap();
        let mut parts: Vec<String> = relative
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        let last = parts.pop().unwrap();
        let stem = last.trim_end_matches(".rs");
        if !(last == root_file && parts.is_empty()) && stem != "mod" {
            parts.push(stem.to_string());
        }
        files.insert(parts, path);
    }
    Crate { name, files }
}

/// The text with comments, strings and characters blanked out, so that only code is left.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !is_ident(out.chars().last())
        {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character ('x', '\n', '\u{2067}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The code without its `#[cfg(test)]` items.
fn without_tests(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        // The item ends at its first `;` outside braces, or where its first brace closes.
        let mut depth = 0;
        let mut end = item.len();
        for (i, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Every path in a `use` tree (`a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`).
fn use_paths(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head = tree[..open].trim().trim_end_matches("::");
        let inner = &tree[open + 1..tree.rfind('}').unwrap()];
        let prefix = join(prefix, head);
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_paths(&inner[start..i], &prefix, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        use_paths(&inner[start..], &prefix, out);
    } else {
        let path = tree.split(" as ").next().unwrap().trim();
        let path = path.trim_end_matches("::*");
        // `a::b::{self}` names `a::b` itself.
        let path = path.strip_suffix("::self").unwrap_or(path);
        if path == "self" {
            out.push(prefix.to_string());
        } else {
            out.push(join(prefix, path));
        }
    }
}

fn join(prefix: &str, path: &str) -> String {
    match (prefix.is_empty(), path.is_empty()) {
        (true, _) => path.to_string(),
        (_, true) => prefix.to_string(),
        _ => format!("{prefix}::{path}"),
    }
}

/// Every path the code names that starts with `crate`, `super`, `self` (or, with
/// `library`, the library's name, as the command line writes it).
fn paths_in(code: &str, library: Option<&str>) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    // `use` statements, whose trees may group paths.
    let mut others = String::new();
    while let Some(at) = find_word(rest, "use") {
        others.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        use_paths(
            &after[..end].replace(char::is_whitespace, ""),
            "",
            &mut paths,
        );
        rest = &after[end..];
    }
    others.push_str(rest);
    // Paths written in code.
    let bytes: Vec<char> = others.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if is_ident(Some(bytes[i]))
            && (i == 0 || !is_ident(Some(bytes[i - 1])) && bytes[i - 1] != ':')
        {
            let mut j = i;
            while j < bytes.len() && (is_ident(Some(bytes[j])) || bytes[j] == ':') {
                j += 1;
            }
            let word: String = bytes[i..j].iter().collect();
            let word = word.trim_end_matches(':').to_string();
            if word.contains("::") {
                paths.push(word);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    let roots = ["crate", "super", "self"];
    paths
        .into_iter()
        .filter(|p| {
            let first = p.split("::").next().unwrap();
            roots.contains(&first) || Some(first) == library
        })
        .collect()
}

/// Where `word` stands alone in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        let before = text[..at].chars().last();
        let after = text[at + word.len()..].chars().next();
        if !is_ident(before) && !is_ident(after) && before != Some(':') {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The module a path leads to, from the module `here`: the longest start of it that is a
/// module of the crate. `None` for paths outside the crate.
fn target(krate: &Crate, here: &ModPath, path: &str, library: Option<&str>) -> Option<ModPath> {
    let mut parts = path.split("::").peekable();
    let mut at: ModPath = match *parts.peek()? {
        "crate" => {
            parts.next();
            Vec::new()
        }
        first if Some(first) == library => return None,
        _ => here.clone(),
    };
    while let Some(&part) = parts.peek() {
        match part {
            "super" => {
                at.pop();
            }
            "self" => {}
            _ => break,
        }
        parts.next();
    }
    for part in parts {
        let mut next = at.clone();
        next.push(part.to_string());
        if krate.files.contains_key(&next) {
            at = next;
        } else {
            break;
        }
    }
    Some(at)
}

/// The library module a command-line path (`mazestep::a::b`) leads to.
fn library_target(library: &Crate, path: &str) -> ModPath {
    let mut at = Vec::new();
    for part in path.split("::").skip(1) {
        let mut next = at.clone();
        next.push(part.to_string());
        if library.files.contains_key(&next) {
            at = next;
        } else {
            break;
        }
    }
    at
}

/// Sibling uses: for each folder (a parent module), which of its children uses which, and
/// where. A use between a module and one of its own ancestors is no sibling use.
type Siblings = BTreeMap<ModPath, BTreeMap<(String, String), Vec<Use>>>;

fn sibling_uses(krate: &Crate, library: Option<&str>, siblings: &mut Siblings) {
    for (here, file) in &krate.files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = without_tests(&code_only(&text));
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        for path in paths_in(&code, library) {
            let Some(there) = target(krate, here, &path, library) else {
                continue;
            };
            let common = here.iter().zip(&there).take_while(|(a, b)| a == b).count();
            if common == here.len() || common == there.len() {
                continue;
            }
            let parent = here[..common].to_vec();
            let pair = (here[common].clone(), there[common].clone());
            siblings
                .entry(parent)
                .or_default()
                .entry(pair)
                .or_default()
                .push(Use {
                    file: shown.clone(),
                    path: path.clone(),
                });
        }
    }
}

/// A circle in a graph, as its nodes in order, if there is one.
fn find_cycle(edges: &BTreeMap<(String, String), Vec<Use>>) -> Option<Vec<String>> {
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    // 0 unseen, 1 on the path, 2 done.
    let mut state: BTreeMap<&String, u8> = nodes.iter().map(|&n| (n, 0)).collect();
    fn visit<'a>(
        node: &'a String,
        edges: &'a BTreeMap<(String, String), Vec<Use>>,
        state: &mut BTreeMap<&'a String, u8>,
        path: &mut Vec<&'a String>,
    ) -> Option<Vec<String>> {
        state.insert(node, 1);
        path.push(node);
        for (a, b) in edges.keys() {
            if a != node {
                continue;
            }
            match state[b] {
                1 => {
                    let from = path.iter().position(|&n| n == b).unwrap();
                    let mut cycle: Vec<String> =
                        path[from..].iter().map(|n| n.to_string()).collect();
                    cycle.push(b.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(b, edges, state, path) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node, 2);
        None
    }
    for node in nodes {
        if state[node] == 0 {
            if let Some(cycle) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

/// The circle written out with the file and path of each use in it.
fn describe_cycle(
    krate: &str,
    parent: &ModPath,
    cycle: &[String],
    edges: &BTreeMap<(String, String), Vec<Use>>,
) -> String {
    let name = |m: &String| {
        let mut path = parent.clone();
        path.push(m.clone());
        path.join("::")
    };
    let mut text = format!("{krate}: a circle of modules: ");
    text.push_str(&cycle.iter().map(name).collect::<Vec<_>>().join(" -> "));
    for pair in cycle.windows(2) {
        let uses = &edges[&(pair[0].clone(), pair[1].clone())];
        let first = &uses[0];
        text.push_str(&format!(
            "\n  {} uses {} ({}: {}{})",
            name(&pair[0]),
            name(&pair[1]),
            first.file,
            first.path,
            if uses.len() > 1 {
                format!(", and {} more", uses.len() - 1)
            } else {
                String::new()
            }
        ));
    }
    text
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every problem with the library and the command line, one line or block each.
fn problems() -> Vec<String> {
    let src = root().join("src");
    let bin = src.join("bin");
    let library = read_crate("the library", &src, "lib.rs", Some(&bin));
    let cli = read_crate("the command line", &bin.join("mazestep"), "main.rs", None);
    let mut problems = Vec::new();

    let mut siblings = Siblings::new();
    sibling_uses(&library, None, &mut siblings);
    // Every top-level module is in a layer.
    for module in library.files.keys().filter(|m| m.len() == 1) {
        if layer_of(&module[0]).is_none() {
            problems.push(format!(
                "src: module {} is in no layer: add it to LAYERS in tests/layers.rs and to \
                 README.md's \"Layers\"",
                module[0]
            ));
        }
    }
    for (parent, edges) in &siblings {
        if parent.is_empty() {
            for ((a, b), uses) in edges {
                if let (Some(la), Some(lb)) = (layer_of(a), layer_of(b)) {
                    if lb > la {
                        for used in uses {
                            problems.push(format!(
                                "{}: {a} (layer {}) uses {b}, a higher layer ({}): {}",
                                used.file,
                                la + 1,
                                lb + 1,
                                used.path
                            ));
                        }
                    }
                }
            }
        }
        if let Some(cycle) = find_cycle(edges) {
            problems.push(describe_cycle(library.name, parent, &cycle, edges));
        }
    }

    let mut cli_siblings = Siblings::new();
    sibling_uses(&cli, None, &mut cli_siblings);
    for (parent, edges) in &cli_siblings {
        if let Some(cycle) = find_cycle(edges) {
            problems.push(describe_cycle(cli.name, parent, &cycle, edges));
        }
    }
    // The command line's paths into the library lead to modules that exist.
    for file in cli.files.values() {
        let code = without_tests(&code_only(&std::fs::read_to_string(file).unwrap()));
        for path in paths_in(&code, Some("mazestep")) {
            if path.starts_with("mazestep::") && library_target(&library, &path).is_empty() {
                problems.push(format!(
                    "{}: {path} leads to no module of the library",
                    file.display()
                ));
            }
        }
    }
    problems
}

#[test]
fn no_module_uses_a_higher_layer_or_one_that_uses_it() {
    let problems = problems();
    assert!(
        problems.is_empty(),
        "{} problem(s) with the layers (lowest first: {}):\n{}",
        problems.len(),
        LAYERS
            .iter()
            .map(|layer| layer.join(", "))
            .collect::<Vec<_>>()
            .join(" -> "),
        problems.join("\n")
    );
}

/// README.md's "Layers" section lists [`LAYERS`]: numbered lines, lowest first, each naming
/// its modules in backquotes before a dash.
#[test]
fn the_readme_lists_the_same_layers() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme
        .split("\n## Layers\n")
        .nth(1)
        .expect("README.md has a \"## Layers\" section");
    let section = section.split("\n## ").next().unwrap();
    let listed: Vec<Vec<String>> = section
        .lines()
        .filter(|line| {
            let digits = line.chars().take_while(char::is_ascii_digit).count();
            digits > 0 && line[digits..].starts_with(". ")
        })
        .map(|line| {
            let names = line.split(" — ").next().unwrap();
            names
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        })
        .collect();
    let want: Vec<Vec<String>> = LAYERS
        .iter()
        .map(|layer| layer.iter().map(|m| m.to_string()).collect())
        .collect();
    assert_eq!(
        listed, want,
        "README.md's layers differ from tests/layers.rs's LAYERS"
    );
}

/// The reader itself: paths in `use` trees, and what is not code.
#[test]
fn the_reader_finds_paths_in_code_only() {
    let mut paths = Vec::new();
    use_paths("crate::{a::B, c::{self, d::E as F}, g::*}", "", &mut paths);
    assert_eq!(
        paths,
        ["crate::a::B", "crate::c", "crate::c::d::E", "crate::g"]
    );
    let code = code_only(
        "let a = crate::x::y(); // crate::comment::Z\n\
         let s = \"crate::string::Z\"; let c = '\"'; fn f<'a>(x: &'a str) {}\n\
         /* crate::block::Z */ let r = r#\"crate::raw::Z\"#; super::sibling::go();",
    );
    let found = paths_in(&without_tests(&code), None);
    assert_eq!(found, ["crate::x::y", "super::sibling::go"]);
    let tests =
        without_tests("use crate::a::B;\n#[cfg(test)]\nmod tests { use crate::z::Z; }\nfn f() {}");
    assert_eq!(paths_in(&tests, None), ["crate::a::B"]);
}
