//! A teacher's pack: worksheets laid out on paper, one maze a page, and answer-key pages of
//! up to [`KEY_PER_PAGE`] solved mazes. The command line (`generate --count N --format svg
//! --out DIR`) writes these pages as files and the page's "Print a pack" prints them, so both
//! hand out the same sheets.
//!
//! A page is an SVG document sized in millimetres (`width="210mm"`) whose user units are
//! millimetres too (`viewBox="0 0 210 297"`): a title, the name and date lines, the maze (the
//! worksheet [`crate::export::svg`] writes, untitled, nested as an `<svg>` fitted into the
//! printable area with its proportions kept), and a small footer with the seed, so a sheet can
//! be made again. Every word is escaped: a title is text, never markup.

use crate::export::{push_escaped, push_fixed, svg, Sheet};
use crate::maze::Maze;
use crate::run::{Run, RunError, Settings};
use crate::topology::Side;

/// How many solved mazes an answer-key page holds: two across, three down.
pub const KEY_PER_PAGE: usize = 6;
/// The most sheets in one pack: a class set, a few times over.
pub const MAX_SHEETS: u64 = 100;
/// The most cells a pack's maze may have, so that its passages still show on a page.
pub const MAX_CELLS: usize = 10_000;
/// The search that draws the answer key: a shortest way from start to goal.
pub const SOLVER: &str = "bfs";

/// One maze of a pack, made and solved by a run (the ends placed by the settings' preset on
/// the maze made, gaps in the outer wall left open), ready to draw as a sheet or a key.
#[derive(Clone, Debug)]
pub struct PackMaze {
    pub maze: Maze,
    pub start: usize,
    pub goal: usize,
    /// The way from start to goal, if the search found one.
    pub path: Option<Vec<usize>>,
    /// The ends that are gaps in the outer wall.
    pub gaps: [Option<(usize, Side)>; 2],
}

impl PackMaze {
    /// Makes the maze of `settings` and finds its way with [`SOLVER`] (refused as the
    /// settings are). Callers keep to [`MAX_CELLS`] first.
    pub fn make(mut settings: Settings) -> Result<PackMaze, RunError> {
        settings.solver = Some(SOLVER.to_string());
        let mut run = Run::new(settings)?;
        run.finish();
        let path = run
            .report()
            .and_then(|report| report.outcome.path().map(<[usize]>::to_vec));
        let exits = run.exits();
        Ok(PackMaze {
            start: run.start(),
            goal: run.goal(),
            path,
            gaps: [
                exits.start.map(|side| (run.start(), side)),
                exits.goal.map(|side| (run.goal(), side)),
            ],
            maze: run.maze().clone(),
        })
    }

    /// The maze as an untitled worksheet, with its way drawn for the key.
    pub fn sheet(&self, with_way: bool) -> String {
        svg(
            &self.maze,
            &Sheet {
                start: Some(self.start),
                goal: Some(self.goal),
                path: self.path.as_deref().filter(|_| with_way),
                gaps: self.gaps,
                ..Sheet::default()
            },
        )
    }
}

/// The refusal of a maze too big for a page.
pub fn too_big(cells: usize) -> String {
    format!(
        "a pack's mazes have at most {MAX_CELLS} cells (e.g. 100 x 100), so that their passages \
         can be drawn on a page: this one has {cells}"
    )
}

/// The paper a pack is printed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

/// The white border left on every side, in millimetres: inside what printers can print.
const MARGIN: f64 = 15.0;

impl Paper {
    pub const ALL: [Paper; 2] = [Paper::A4, Paper::Letter];

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// Width and height in millimetres, standing up (portrait).
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// `a4` or `letter`, in any case.
    pub fn named(text: &str) -> Option<Paper> {
        let name = text.trim().to_ascii_lowercase();
        Paper::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The words printed around the mazes of one page.
#[derive(Clone, Debug, Default)]
pub struct Heading<'a> {
    /// The big line at the top ("Maze", "미로", or the teacher's own).
    pub title: &'a str,
    /// Labels of the lines to write on ("Name", "Date"), left to right; none on key pages.
    pub lines: &'a [&'a str],
    /// The small line at the bottom: what the maze is and its seed, and the page's number.
    pub footer: &'a str,
}

/// The opening every worksheet from [`crate::export::svg`] starts with; a nested maze takes
/// its place and size here instead.
const SHEET_OPENING: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" ";

/// A page of `paper` with `heading` and the `mazes` (worksheets from [`crate::export::svg`]):
/// without `labels`, a worksheet, its one maze filling the printable area; with them, an
/// answer key, the mazes two across and three down, each under its label. `None`
/// when a maze is not a worksheet of the core's (so nothing else is ever nested) or there are
/// none or more than [`KEY_PER_PAGE`].
pub fn page(paper: Paper, heading: &Heading, mazes: &[&str], labels: &[&str]) -> Option<String> {
    if mazes.is_empty()
        || mazes.len() > if labels.is_empty() { 1 } else { KEY_PER_PAGE }
        || !mazes
            .iter()
            .all(|svg| svg.starts_with(SHEET_OPENING) && svg.trim_end().ends_with("</svg>"))
    {
        return None;
    }
    let (width, height) = paper.size_mm();
    let mut out = String::with_capacity(256 + mazes.iter().map(|m| m.len() + 96).sum::<usize>());
    out.push_str(SHEET_OPENING);
    numbers(
        &mut out,
        &[
            ("width=\"", width),
            ("mm\" height=\"", height),
            ("mm\" viewBox=\"0 0 ", width),
            (" ", height),
        ],
    );
    out.push_str(
        "\" font-family=\"sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
    );
    let inner = width - 2.0 * MARGIN;
    text(&mut out, "title", MARGIN, MARGIN + 7.0, 8.0, heading.title);
    let mut top = MARGIN + 12.0;
    if !heading.lines.is_empty() {
        top += 4.0;
        // Each line an equal share of the width, its label before it.
        let share = inner / heading.lines.len() as f64;
        for (i, label) in heading.lines.iter().enumerate() {
            let left = MARGIN + share * i as f64;
            text(&mut out, "line", left, top + 5.0, 5.0, label);
            out.push_str("<path class=\"write-on\" stroke=\"#000\" stroke-width=\"0.3\"");
            numbers(
                &mut out,
                &[
                    (" d=\"M", left + text_width(label, 5.0) + 2.0),
                    (" ", top + 5.5),
                    ("H", left + share - 6.0),
                ],
            );
            out.push_str("\"/>\n");
        }
        top += 12.0;
    }
    // One maze fills the printable area; a key's are two across, three down, each labelled.
    let key = !labels.is_empty();
    let (across, down, pad, room) = if key {
        (2, KEY_PER_PAGE / 2, 2.0, 5.0)
    } else {
        (1, 1, 0.0, 0.0)
    };
    let bottom = height - MARGIN - 5.0;
    let (box_w, box_h) = (inner / across as f64, (bottom - top) / down as f64);
    for (i, maze) in mazes.iter().enumerate() {
        let left = MARGIN + box_w * (i % across) as f64 + pad;
        let up = top + box_h * (i / across) as f64;
        if let Some(label) = labels.get(i).filter(|_| key) {
            text(&mut out, "label", left, up + 4.0, 3.5, label);
        }
        out.push_str("<svg class=\"maze\"");
        numbers(
            &mut out,
            &[
                (" x=\"", left),
                ("\" y=\"", up + room),
                ("\" width=\"", box_w - 2.0 * pad),
                ("\" height=\"", box_h - room - pad),
            ],
        );
        out.push_str("\" preserveAspectRatio=\"xMidYMin meet\" ");
        out.push_str(&maze[SHEET_OPENING.len()..]);
    }
    text(
        &mut out,
        "footer",
        MARGIN,
        height - MARGIN,
        3.0,
        heading.footer,
    );
    out.push_str("</svg>\n");
    Some(out)
}

/// Each piece of markup followed by its number (see [`push_fixed`]); one copy, not inlined
/// at every call (the wasm module stays small).
#[inline(never)]
fn numbers(out: &mut String, parts: &[(&str, f64)]) {
    for &(markup, value) in parts {
        out.push_str(markup);
        push_fixed(out, value);
    }
}

/// A line of text (escaped) with its baseline at `y`, `size` millimetres high.
fn text(out: &mut String, class: &str, x: f64, y: f64, size: f64, words: &str) {
    if words.is_empty() {
        return;
    }
    out.push_str("<text class=\"");
    out.push_str(class);
    numbers(
        out,
        &[("\" x=\"", x), ("\" y=\"", y), ("\" font-size=\"", size)],
    );
    out.push_str(if class == "footer" {
        "\" fill=\"#555\">"
    } else {
        "\" fill=\"#000\">"
    });
    push_escaped(out, words);
    out.push_str("</text>\n");
}

/// About how wide `words` are at `size`: Latin letters some 0.6 of the size, Hangul and other
/// wide letters the whole size. Enough to start the line to write on after its label.
fn text_width(words: &str, size: f64) -> f64 {
    words
        .chars()
        .map(|c| if c.is_ascii() { 0.6 } else { 1.0 })
        .sum::<f64>()
        * size
}

/// The words a pack prints, in a language the command line knows (the page has its own,
/// in www/i18n).
#[derive(Clone, Copy, Debug)]
pub struct Words {
    pub code: &'static str,
    pub title: &'static str,
    pub name: &'static str,
    pub date: &'static str,
    pub key: &'static str,
    pub seed: &'static str,
}

/// English and Korean (the course's words: 미로, 이름, 날짜, 정답; 시드 as the page says it).
pub const LANGUAGES: [Words; 2] = [
    Words {
        code: "en",
        title: "Maze",
        name: "Name",
        date: "Date",
        key: "Answer key",
        seed: "seed",
    },
    Words {
        code: "ko",
        title: "미로",
        name: "이름",
        date: "날짜",
        key: "정답",
        seed: "시드",
    },
];

impl Words {
    pub fn find(code: &str) -> Result<Words, String> {
        LANGUAGES
            .into_iter()
            .find(|w| w.code == code.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                format!(
                    "language {} is not known: choose en or ko",
                    crate::words::quote(code.trim())
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{svg, Sheet};
    use crate::maze::Maze;

    fn sheet() -> String {
        svg(&Maze::new(3, 2).unwrap(), &Sheet::default())
    }

    #[test]
    fn only_the_cores_worksheets_are_nested() {
        let heading = Heading::default();
        let maze = sheet();
        assert!(page(Paper::A4, &heading, &[&maze], &[]).is_some());
        for bad in ["<script>alert(1)</script>", "<svg onload=\"x\"></svg>", ""] {
            assert!(page(Paper::A4, &heading, &[bad], &[]).is_none(), "{bad}");
        }
        assert!(page(Paper::A4, &heading, &[], &[]).is_none());
        // A worksheet has one maze; a key (labelled) up to six.
        assert!(page(Paper::A4, &heading, &[&maze, &maze], &[]).is_none());
        assert!(page(Paper::A4, &heading, &[&maze, &maze], &["1", "2"]).is_some());
        let seven = vec![maze.as_str(); KEY_PER_PAGE + 1];
        assert!(page(Paper::A4, &heading, &seven, &["1"]).is_none());
    }

    #[test]
    fn pages_are_sized_in_millimetres() {
        let maze = sheet();
        for (paper, size) in [
            (
                Paper::A4,
                "width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\"",
            ),
            (
                Paper::Letter,
                "width=\"215.9mm\" height=\"279.4mm\" viewBox=\"0 0 215.9 279.4\"",
            ),
        ] {
            let text = page(paper, &Heading::default(), &[&maze], &[]).unwrap();
            assert!(text.contains(size), "{text}");
        }
    }

    #[test]
    fn words_are_text_not_markup() {
        let maze = sheet();
        let heading = Heading {
            title: "<b>&\"x\"",
            lines: &["이름", "Date"],
            footer: "seed 7",
        };
        let text = page(Paper::Letter, &heading, &[&maze, &maze], &["<i>"]).unwrap();
        assert!(text.contains("&lt;b&gt;&amp;&quot;x&quot;"), "{text}");
        assert!(!text.contains("<b>") && !text.contains("<i>"));
        assert_eq!(text.matches("class=\"write-on\"").count(), 2);
        assert_eq!(text.matches("<svg class=\"maze\"").count(), 2);
    }
}
