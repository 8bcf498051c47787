//! The algorithm first, and pseudocode lines by name, in every generator and solver (issue 28).
//!
//! Read from the source text, as a newcomer reads it:
//! - every `// NAME` mark beside a line of an algorithm's pseudocode has a
//!   `const NAME: Line = Line(i)` in the same file whose `i` is that line's index, and every
//!   such const has its mark;
//! - a step's line is always a name: `Line(…)` is written only in those consts, and no
//!   `Step::new(` is given a number or an expression computing one;
//! - each algorithm's main file reads in order: its `Info` with the pseudocode, the line names,
//!   the struct, and then `step` as the first function.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under the generators and solvers (child modules too), and the player.
fn algorithm_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("src/player.rs")];
    let mut folders = vec![root.join("src/generators"), root.join("src/solvers")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(
        files.len() > 30,
        "only {} algorithm files found",
        files.len()
    );
    files
}

/// A file's path from the crate's root, for messages.
fn shown(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// One `Info` of a file: the algorithm's name and its pseudocode lines, each with its
/// `// NAME` mark if it has one, and the source line it starts at.
struct Pseudocode {
    algorithm: String,
    info_line: usize,
    lines: Vec<(String, Option<String>)>,
}

/// A const naming a pseudocode line: `const NAME: Line = Line(i);`.
struct LineName {
    name: String,
    index: usize,
    source_line: usize,
}

fn is_name(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// The `Info`s in `text`, with their pseudocode; problems with the pseudocode's form go to
/// `errors`.
fn infos(file: &str, text: &str, errors: &mut Vec<String>) -> Vec<Pseudocode> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if !(line.contains(": Info = Info {") && line.contains("static ")) {
            i += 1;
            continue;
        }
        let info_line = i + 1;
        let mut algorithm = String::from("?");
        let mut pseudocode = Vec::new();
        i += 1;
        while i < lines.len() && lines[i] != "};" {
            let trimmed = lines[i].trim();
            if let Some(rest) = trimmed.strip_prefix("name: \"") {
                algorithm = rest.trim_end_matches("\",").to_string();
            }
            if trimmed == "pseudocode: &[" {
                i += 1;
                while i < lines.len() && lines[i].trim() != "]," {
                    let entry = lines[i].trim();
                    let comment_at = entry
                        .match_indices("\",")
                        .map(|(at, _)| at + 2)
                        .find(|&at| entry[at..].trim_start().starts_with("//"));
                    let (literal, comment) = match comment_at {
                        Some(at) => (&entry[..at], Some(entry[at..].trim())),
                        None => (entry, None),
                    };
                    if !(literal.starts_with('"') && literal.ends_with("\",")) {
                        errors.push(format!(
                            "{file}:{}: {algorithm}: pseudocode line {} is not one string on \
                             one line (so its index cannot be read): {entry}",
                            i + 1,
                            pseudocode.len()
                        ));
                    }
                    let mark = comment.and_then(|comment| {
                        let word = comment.trim_start_matches("//").trim();
                        is_name(word).then(|| word.to_string())
                    });
                    if let (Some(comment), None) = (comment, &mark) {
                        errors.push(format!(
                            "{file}:{}: {algorithm}: pseudocode line {} has a comment that is \
                             not a line name (// NAME): {comment}",
                            i + 1,
                            pseudocode.len()
                        ));
                    }
                    pseudocode.push((literal.to_string(), mark));
                    i += 1;
                }
            }
            i += 1;
        }
        found.push(Pseudocode {
            algorithm,
            info_line,
            lines: pseudocode,
        });
    }
    found
}

/// The line names declared in `text`; any other `Line(` goes to `errors`.
fn line_names(file: &str, text: &str, errors: &mut Vec<String>) -> Vec<LineName> {
    let mut names = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let Some(column) = line.find("Line(") else {
            continue;
        };
        if line[..column].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // another name ending in "Line("
        }
        let trimmed = line.trim();
        let declaration = trimmed
            .strip_prefix("pub(crate) ")
            .or_else(|| trimmed.strip_prefix("pub(super) "))
            .or_else(|| trimmed.strip_prefix("pub "))
            .unwrap_or(trimmed)
            .strip_prefix("const ")
            .and_then(|rest| rest.split_once(": Line = Line("))
            .and_then(|(name, rest)| Some((name, rest.strip_suffix(");")?)))
            .filter(|(name, _)| is_name(name))
            .and_then(|(name, index)| Some((name, index.parse::<usize>().ok()?)));
        match declaration {
            Some((name, index)) => names.push(LineName {
                name: name.to_string(),
                index,
                source_line: at + 1,
            }),
            None => errors.push(format!(
                "{file}:{}: a pseudocode line is made here other than as a name \
                 (only `const NAME: Line = Line(i);` may write Line(…)): {trimmed}",
                at + 1
            )),
        }
    }
    names
}

/// What `Step::new(` is given as its line, for each call in `text`, with the source line.
fn step_lines(text: &str) -> Vec<(usize, String)> {
    let mut calls = Vec::new();
    let bytes = text.as_bytes();
    for (start, _) in text.match_indices("Step::new(") {
        let mut depth = 1;
        let mut end = start + "Step::new(".len();
        // Where each argument starts, and where the call's parenthesis closes.
        let mut starts = vec![end];
        while depth > 0 && end < bytes.len() {
            match bytes[end] {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth -= 1,
                b',' if depth == 1 => starts.push(end + 1),
                _ => {}
            }
            end += 1;
        }
        starts.push(end);
        // The last argument that is not empty (a trailing comma leaves an empty one).
        let argument = starts
            .windows(2)
            .map(|pair| text[pair[0]..pair[1] - 1].trim())
            .rfind(|argument| !argument.is_empty())
            .unwrap_or("");
        let source_line = text[..start].lines().count().max(1);
        calls.push((
            source_line,
            argument.split_whitespace().collect::<Vec<_>>().join(" "),
        ));
    }
    calls
}

/// Whether a step's line argument is a name, or a choice (`if … { A } else { B }`) between
/// names.
fn is_named_line(argument: &str) -> bool {
    let argument = argument.trim();
    let is_path = !argument.is_empty()
        && !argument.starts_with(|c: char| c.is_ascii_digit())
        && argument
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '.');
    if is_path {
        return true;
    }
    // `if cond { A } else { B }`, B perhaps another if.
    let Some(rest) = argument.strip_prefix("if ") else {
        return false;
    };
    let Some(open) = rest.find(" { ") else {
        return false;
    };
    let Some((then, otherwise)) = rest[open + 3..].split_once(" } else ") else {
        return false;
    };
    let otherwise = otherwise.trim();
    let otherwise = match otherwise.strip_prefix("{ ") {
        Some(block) => match block.strip_suffix(" }") {
            Some(inner) => inner,
            None => return false,
        },
        None => otherwise,
    };
    is_named_line(then) && is_named_line(otherwise)
}

/// Whether a line of code compares a step's line with a number (`step.line >= 7`).
fn compares_line_to_number(code: &str) -> bool {
    code.match_indices(".line ").any(|(at, _)| {
        let rest = code[at + ".line ".len()..].trim_start();
        let rest = ["==", "!=", ">=", "<=", ">", "<"]
            .iter()
            .find_map(|operator| rest.strip_prefix(operator));
        rest.is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
    })
}

#[test]
fn every_pseudocode_line_a_step_reports_has_a_name_beside_it() {
    let mut errors = Vec::new();
    let mut marks_seen = 0;
    for path in algorithm_files() {
        let file = shown(&path);
        let text = fs::read_to_string(&path).unwrap();
        let infos = infos(&file, &text, &mut errors);
        let names = line_names(&file, &text, &mut errors);
        if !names.is_empty() && infos.is_empty() {
            errors.push(format!(
                "{file}: names pseudocode lines ({}) but has no Info with the pseudocode: \
                 the names belong beside it, in the algorithm's main file",
                names
                    .iter()
                    .map(|n| n.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        for info in &infos {
            for (index, (text, mark)) in info.lines.iter().enumerate() {
                let Some(mark) = mark else { continue };
                marks_seen += 1;
                let algorithm = &info.algorithm;
                match names.iter().find(|name| &name.name == mark) {
                    None => errors.push(format!(
                        "{file}: {algorithm}: pseudocode line {index} {text} is marked \
                         {mark}, but the file has no `const {mark}: Line = Line({index});`"
                    )),
                    Some(name) if name.index != index => errors.push(format!(
                        "{file}:{}: {algorithm}: const {mark} is Line({}), but its mark is on \
                         pseudocode line {index} {text}",
                        name.source_line, name.index
                    )),
                    Some(_) => {}
                }
            }
        }
        for name in &names {
            let marked = infos.iter().any(|info| {
                info.lines
                    .iter()
                    .any(|(_, mark)| mark.as_deref() == Some(name.name.as_str()))
            });
            if !marked && !infos.is_empty() {
                let algorithm = &infos[0].algorithm;
                errors.push(format!(
                    "{file}:{}: {algorithm}: const {} names pseudocode line {}, which has no \
                     `// {}` mark beside it",
                    name.source_line, name.name, name.index, name.name
                ));
            }
        }
        for (source_line, argument) in step_lines(&text) {
            if !is_named_line(&argument) {
                let algorithm = infos.first().map_or("?", |info| info.algorithm.as_str());
                errors.push(format!(
                    "{file}:{source_line}: {algorithm}: Step::new is given `{argument}` as its \
                     line: give it a line's name (const NAME: Line beside the pseudocode)"
                ));
            }
        }
        for (at, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            let builds_step = trimmed.contains("Step { event") || trimmed.contains("Step { line");
            let sets_line = trimmed.contains(".line = ") && !trimmed.starts_with("//");
            if builds_step || sets_line {
                errors.push(format!(
                    "{file}:{}: a step's line is set here without Step::new: {trimmed}",
                    at + 1
                ));
            }
            if compares_line_to_number(trimmed) {
                errors.push(format!(
                    "{file}:{}: a step's line is compared with a number: compare it with a \
                     line's name (NAME.0): {trimmed}",
                    at + 1
                ));
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(marks_seen > 100, "only {marks_seen} marked lines found");
}

/// The name of the type that `impl … Machine for NAME<…>` is for, and that line's index.
fn machine_impl(lines: &[&str]) -> Option<(String, usize)> {
    lines.iter().enumerate().find_map(|(at, line)| {
        if !line.starts_with("impl") {
            return None;
        }
        let (_, target) = line.split_once(" Machine for ")?;
        let name: String = target
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        Some((name, at))
    })
}

/// The index of the line that ends the struct declared at `start`.
fn struct_end(lines: &[&str], start: usize) -> usize {
    if lines[start].trim_end().ends_with(';') {
        return start;
    }
    (start..lines.len())
        .find(|&at| lines[at] == "}" || (at > start && lines[at].starts_with("}")))
        .unwrap_or(lines.len() - 1)
}

/// The name of the function a line declares, if it declares one.
fn declared_fn(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return None;
    }
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    let at = words.iter().position(|word| *word == "fn")?;
    // Only qualifiers before `fn`: pub, pub(crate), const, unsafe, extern.
    if !words[..at].iter().all(|word| {
        word.starts_with("pub") || ["const", "unsafe", "extern", "async"].contains(word)
    }) {
        return None;
    }
    let name = words.get(at + 1)?;
    Some(name.split(['(', '<']).next().unwrap_or(name))
}

#[test]
fn every_algorithm_reads_info_then_line_names_then_struct_then_step() {
    let mut errors = Vec::new();
    let mut checked = String::new();
    for path in algorithm_files() {
        let file = shown(&path);
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let Some((name, impl_line)) = machine_impl(&lines) else {
            continue;
        };
        let algorithm = infos(&file, &text, &mut Vec::new())
            .first()
            .map_or_else(|| name.clone(), |info| info.algorithm.clone());
        let declaration = lines.iter().position(|line| {
            let rest = line
                .strip_prefix("pub struct ")
                .or_else(|| line.strip_prefix("pub(crate) struct "))
                .or_else(|| line.strip_prefix("struct "));
            rest.is_some_and(|rest| {
                rest.strip_prefix(name.as_str())
                    .is_some_and(|after| after.starts_with([' ', '<', '(', ';']))
            })
        });
        let Some(declaration) = declaration else {
            errors.push(format!(
                "{file}: {algorithm}: implements Machine for {name}, which is not declared \
                 in this file"
            ));
            continue;
        };
        let end = struct_end(&lines, declaration);
        match (end + 1..lines.len()).find_map(|at| Some((at, declared_fn(lines[at])?))) {
            Some((_, "step")) if impl_line > end => {}
            Some((at, "step")) => errors.push(format!(
                "{file}:{}: {algorithm}: `step` comes first but is not in `impl Machine for \
                 {name}`",
                at + 1
            )),
            Some((at, other)) => errors.push(format!(
                "{file}:{}: {algorithm}: the first function after struct {name} is `{other}`, \
                 not `step`: the algorithm's step comes first",
                at + 1
            )),
            None => errors.push(format!(
                "{file}: {algorithm}: no function after struct {name}"
            )),
        }
        // Info and the line names come before the struct.
        let info_lines: Vec<usize> = infos(&file, &text, &mut Vec::new())
            .iter()
            .map(|info| info.info_line)
            .collect();
        if !info_lines.is_empty() && info_lines.iter().all(|&at| at > declaration) {
            errors.push(format!(
                "{file}: {algorithm}: struct {name} comes before the Info with the pseudocode"
            ));
        }
        for line_name in line_names(&file, &text, &mut Vec::new()) {
            if line_name.source_line > declaration {
                errors.push(format!(
                    "{file}:{}: {algorithm}: const {} comes after struct {name}: the line \
                     names go beside the pseudocode",
                    line_name.source_line, line_name.name
                ));
            }
        }
        let _ = writeln!(checked, "{file}: {name}");
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(
        checked.lines().count() >= 34,
        "only these machines were checked:\n{checked}"
    );
}

#[test]
fn the_readers_of_the_source_understand_what_they_read() {
    // The pieces the checks above rely on, on text whose answer is known.
    assert!(is_named_line("CLOSE_RUN"));
    assert!(is_named_line("line"));
    assert!(is_named_line("if added > 0 { OPEN } else { CLOSE }"));
    assert!(is_named_line("if a { X } else if b { Y } else { Z }"));
    assert!(!is_named_line("5"));
    assert!(!is_named_line("Line(5)"));
    assert!(!is_named_line("if added > 0 { 5 } else { 2 }"));
    assert!(!is_named_line("OPEN + 1"));
    assert_eq!(
        step_lines("Some(Step::new(Event::Carve { cell, side }, if x { A } else { B }))"),
        vec![(1, "if x { A } else { B }".to_string())]
    );
    assert_eq!(
        declared_fn("    pub(crate) fn step(&mut self) {"),
        Some("step")
    );
    assert!(compares_line_to_number("let down = step.line >= 7;"));
    assert!(!compares_line_to_number(
        "let down = step.line == CARVE_DOWN.0;"
    ));
    assert_eq!(declared_fn("    fn info<T>(&self)"), Some("info"));
    assert_eq!(declared_fn("    // fn step"), None);
    assert_eq!(declared_fn("    let f = |x| fn_like(x);"), None);
    let mut errors = Vec::new();
    let names = line_names(
        "x.rs",
        "const A: Line = Line(3);\nlet b = Line(4);\n",
        &mut errors,
    );
    assert_eq!((names.len(), names[0].index, errors.len()), (1, 3, 1));
}
