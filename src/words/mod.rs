//! Words, the lowest layer: everything the core says is a [`Sentence`], a key and named values,
//! and the English words for every key live in [`ENGLISH`] here. The core fills them itself for
//! the command line, the transcripts and `narration()`; the page gets the key and values
//! (`narrationData()`) and fills the template of its language, so a translation is a data file,
//! never code.
//!
//! Templates read `{name}` for a value and `{name:unit}` for a count with its word from
//! [`UNITS`], the same syntax `www/i18n.js` fills. `www/i18n/en.json`'s `core` section is made
//! from these tables (tests/i18n_core.rs checks it, and writes it with `MAZESTEP_BLESS=1`).
//!
//! - this file: [`Sentence`] and its values ([`Arg`]);
//! - `english.rs`: the English templates ([`ENGLISH`], [`UNITS`]) and looking words up in them;
//! - `quote.rs`: how a message repeats what someone gave ([`quote`]) and writes a number
//!   ([`number_text`]).
//!
//! Nothing here imports from the rest of the crate: every other layer builds its sentences
//! from these pieces (see the layers in the crate's docs).

mod english;
mod quote;

pub use english::{
    english_template, known_words, reason_words, reasons, slug, unit_forms, ENGLISH, UNITS,
};
pub use quote::{number_text, plain, quote, shown, QUOTE_CHARS};

/// How sentences write a cell: "(3, 4)", or on a polar grid its place in its ring and the
/// ring. The maze answers ([`crate::maze::Maze`]); this layer knows no grids.
pub trait CellNames {
    /// The cell's name in a sentence.
    fn cell_name(&self, cell: usize) -> String;
}

// The builder's methods are kept out of line: a sentence is built at a hundred or so call
// sites, and each inlined copy of a Vec push costs the wasm module bytes.

/// A value in a sentence.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A whole number (the page writes it the language's way).
    Num(u64),
    /// A cost in moves, written with two decimals ("3.50").
    Dec(f64),
    /// Language-neutral text: a cell as "(3, 4)", or a reason the core only has in English.
    Text(String),
    /// Words of their own: a side ("sides.north"), or a phrase with values of its own.
    Words(Sentence),
}

/// A key with its English template, declared where it is said rather than in [`ENGLISH`]: an
/// algorithm's own words stand beside its `Info` (`pub static WORDS: &[Template]`, handed out
/// by `Machine::words`), so adding an algorithm adds no line here. `www/i18n/en.json`'s `core`
/// section takes them in like [`ENGLISH`]'s (tests/i18n_core.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Template {
    /// The key under `core.` in the language files, e.g. `"narration.random-mouse.junction"`.
    pub key: &'static str,
    /// The English words, with `{name}` and `{name:unit}` as in [`ENGLISH`].
    pub english: &'static str,
}

/// A sentence: the key of its template (under `core.` in the language files) and its values.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
    /// The English template when the key is not in [`ENGLISH`] (a [`Template`] declared where
    /// it is said).
    pub own_english: Option<&'static str>,
}

impl Sentence {
    #[inline(never)]
    pub fn new(key: &'static str) -> Sentence {
        Sentence {
            key,
            args: Vec::new(),
            own_english: None,
        }
    }

    /// A sentence of a [`Template`] declared where it is said.
    #[inline(never)]
    pub fn of(template: &Template) -> Sentence {
        Sentence {
            key: template.key,
            args: Vec::new(),
            own_english: Some(template.english),
        }
    }

    /// Adds a value.
    #[inline(never)]
    pub fn with(mut self, name: &'static str, value: Arg) -> Sentence {
        self.args.push((name, value));
        self
    }

    /// Adds a whole number.
    pub fn n(self, name: &'static str, value: impl Into<u64>) -> Sentence {
        self.num(name, value.into())
    }

    #[inline(never)]
    fn num(self, name: &'static str, value: u64) -> Sentence {
        self.with(name, Arg::Num(value))
    }

    /// Adds a cell as "(x, y)" (on a polar grid: place in its ring, ring).
    #[inline(never)]
    pub fn cell(self, name: &'static str, maze: &dyn CellNames, cell: usize) -> Sentence {
        self.with(name, Arg::Text(maze.cell_name(cell)))
    }

    /// Adds words of their own (a side, a phrase).
    #[inline(never)]
    pub fn words(self, name: &'static str, words: Sentence) -> Sentence {
        self.with(name, Arg::Words(words))
    }

    /// The sentence in English, as the command line and the transcripts show it.
    pub fn english(&self) -> String {
        let mut out = String::new();
        self.english_into(&mut out);
        out
    }

    #[inline(never)]
    fn english_into(&self, out: &mut String) {
        let template = self
            .own_english
            .or_else(|| english_template(self.key))
            .unwrap_or(self.key);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else {
                break;
            };
            let field = &rest[open + 1..open + close];
            rest = &rest[open + close + 1..];
            let (name, unit) = match field.split_once(':') {
                Some((name, unit)) => (name, Some(unit)),
                None => (field, None),
            };
            match self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a) {
                Some(Arg::Num(n)) => match unit.and_then(unit_forms) {
                    Some((one, other)) => {
                        let form = if *n == 1 { one } else { other };
                        let (before, after) = form.split_once('#').unwrap_or((form, ""));
                        out.push_str(before);
                        push_number(out, *n);
                        out.push_str(after);
                    }
                    None => push_number(out, *n),
                },
                Some(Arg::Dec(x)) => out.push_str(&format!("{x:.2}")),
                Some(Arg::Text(text)) => out.push_str(text),
                Some(Arg::Words(words)) => words.english_into(out),
                // A template naming a value the sentence lacks shows it as written.
                None => {
                    out.push('{');
                    out.push_str(field);
                    out.push('}');
                }
            }
        }
        out.push_str(rest);
    }
}

/// A whole number in decimal, without `format!` (each call site of it costs the wasm module).
pub fn push_number(out: &mut String, value: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}
