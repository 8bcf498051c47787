//! Knobs: a generator's own settings, which change the texture of the mazes it makes (Binary
//! Tree's corner, SideWinder's chance of closing a run, …), after mazelib's `MAZE_GEN_ALGOS.md`.
//!
//! Every front end takes them in one form, `NAME=VALUE`, several joined by commas
//! (`join=0.2,drop=0.8`): the command line (`--knob NAME=VALUE`, or `--NAME VALUE`), the URL and
//! the element (`knobs`), the module (`knobs` in `new MazeRun`'s options). [`KNOBS`] lists them,
//! one line each; a generator's `make` reads its own with [`Knobs::get`]. A knob left out keeps
//! its default, which is the value the generator always had, so every maze made without knobs
//! stays exactly as it was.

use crate::words::{number_text, quote, Arg, Sentence};

/// What a knob's value may be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Values {
    /// A number from `min` to `max`, a whole one if `whole`.
    Number { min: f64, max: f64, whole: bool },
    /// One of these words (or, for a word with a hyphen, its initials: `sw` for `south-west`).
    Words(&'static [&'static str]),
}

/// One knob: its name, the generator that has it, its values and its default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knob {
    pub name: &'static str,
    pub generator: &'static str,
    pub values: Values,
    /// The value when none is given: a number, or the index of a word.
    pub default: f64,
    /// Given only with this other knob at this value (the growing tree's `mix`, only with
    /// `policy=mix`).
    pub needs: Option<(&'static str, &'static str)>,
}

/// A chance from 0 to 1.
const CHANCE: Values = Values::Number {
    min: 0.0,
    max: 1.0,
    whole: false,
};

/// A whole number from `min` to `max`.
const fn whole(min: u32, max: u32) -> Values {
    Values::Number {
        min: min as f64,
        max: max as f64,
        whole: true,
    }
}

/// One of these words.
const fn words(words: &'static [&'static str]) -> Values {
    Values::Words(words)
}

const fn knob(name: &'static str, generator: &'static str, values: Values, default: f64) -> Knob {
    Knob {
        name,
        generator,
        values,
        default,
        needs: None,
    }
}

/// Every knob, one line each, grouped by generator.
#[rustfmt::skip]
pub static KNOBS: &[Knob] = &[
    knob("bias", "binary-tree", words(&["north-east", "north-west", "south-east", "south-west"]), 0.0),
    knob("run-close", "sidewinder", CHANCE, 0.5),
    knob("join", "eller", CHANCE, 0.5),
    knob("drop", "eller", CHANCE, 0.5),
    knob("min-room", "recursive-division", whole(1, 64), 1.0),
    knob("policy", "growing-tree", words(&["mix", "newest", "random", "oldest"]), 0.0),
    Knob { needs: Some(("policy", "mix")), ..knob("mix", "growing-tree", whole(0, 100), 50.0) },
    knob("rule", "cellular-automaton", words(&["maze", "mazectric"]), 0.0),
];

/// Knobs given, each once, in the order of [`KNOBS`]: the knob's place there and its value (a
/// number, or the index of a word).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Knobs(Vec<(u8, f64)>);

/// The knob called `name`.
pub fn find(name: &str) -> Option<&'static Knob> {
    KNOBS.iter().find(|knob| knob.name == name)
}

/// The knobs of the generator called `generator`.
pub fn of(generator: &str) -> impl Iterator<Item = &'static Knob> + '_ {
    KNOBS.iter().filter(move |knob| knob.generator == generator)
}

impl Knob {
    /// Reads a value as written (`0.8`, `south-west`, `sw`), or says what is allowed.
    pub fn read(&self, text: &str) -> Result<f64, Sentence> {
        let given = text.trim();
        let value = match self.values {
            Values::Number { min, max, whole } => {
                decimal(given).filter(|n| (min..=max).contains(n) && (!whole || n.fract() == 0.0))
            }
            Values::Words(words) => words
                .iter()
                .position(|word| *word == given || is_initials(given, word))
                .map(|i| i as f64),
        };
        value.ok_or_else(|| {
            Sentence::new("refusals.knob-value")
                .with("name", Arg::Text(self.name.to_string()))
                .with("value", Arg::Text(quote(text)))
                .words("allowed", self.allowed())
        })
    }

    /// What its values may be, in words.
    pub fn allowed(&self) -> Sentence {
        match self.values {
            Values::Number { min, max, whole } => {
                let key = if whole {
                    "refusals.knob-whole"
                } else {
                    "refusals.knob-number"
                };
                Sentence::new(key)
                    .with("min", Arg::Text(number_text(min)))
                    .with("max", Arg::Text(number_text(max)))
            }
            Values::Words(words) => {
                Sentence::new("refusals.knob-words").with("words", Arg::Text(words.join(", ")))
            }
        }
    }

    /// A value as the knobs' text writes it.
    pub fn text(&self, value: f64) -> String {
        match self.values {
            Values::Number { .. } => number_text(value),
            Values::Words(words) => words.get(value as usize).unwrap_or(&"").to_string(),
        }
    }
}

/// A plain decimal, `12`, `0.8` or `.25`, of at most 15 digits: read as the whole of its
/// digits over a power of ten, both exact, so the one rounding gives the same number as Rust's
/// and JavaScript's own readers (whose code the wasm module then does without).
fn decimal(text: &str) -> Option<f64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = whole.len() + fraction.len();
    if digits == 0
        || digits > 15
        || !(whole.bytes().chain(fraction.bytes())).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let number = whole
        .bytes()
        .chain(fraction.bytes())
        .fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    Some(number as f64 / 10u64.pow(fraction.len() as u32) as f64)
}

/// Whether `given` is the initials of a word with hyphens: `sw` for `south-west`.
fn is_initials(given: &str, word: &str) -> bool {
    word.contains('-')
        && given
            .bytes()
            .eq(word.split('-').filter_map(|part| part.bytes().next()))
}

impl Knobs {
    /// No knob given: every generator as it always was.
    pub fn none() -> Knobs {
        Knobs::default()
    }

    /// Reads knobs as `NAME=VALUE`, several joined by commas (spaces around each ignored; an
    /// empty text is no knob). Whether the generator has them is [`Knobs::check_for`]'s.
    pub fn parse(text: &str) -> Result<Knobs, Sentence> {
        let mut knobs = Knobs::none();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            knobs.add(pair)?;
        }
        Ok(knobs)
    }

    /// Adds one knob written `NAME=VALUE`.
    pub fn add(&mut self, pair: &str) -> Result<(), Sentence> {
        let Some((name, value)) = pair.split_once('=') else {
            return Err(Sentence::new("refusals.knob-form").with("given", Arg::Text(quote(pair))));
        };
        let name = name.trim();
        let Some(at) = KNOBS.iter().position(|knob| knob.name == name) else {
            return Err(Sentence::new("refusals.knob-unknown")
                .with("name", Arg::Text(quote(name)))
                .with(
                    "names",
                    Arg::Text(joined(KNOBS.iter().map(|knob| knob.name))),
                ));
        };
        let value = KNOBS[at].read(value)?;
        if self.0.iter().any(|&(i, _)| usize::from(i) == at) {
            return Err(Sentence::new("refusals.knob-twice").with("name", Arg::Text(name.into())));
        }
        // Kept in the order of the table (no sort: its code would cost the wasm module).
        let place = self
            .0
            .iter()
            .take_while(|&&(i, _)| usize::from(i) < at)
            .count();
        self.0.insert(place, (at as u8, value));
        Ok(())
    }

    /// The value of the knob called `name`: as given, else its default.
    #[inline(never)]
    pub fn get(&self, name: &str) -> f64 {
        self.given(name)
            .or_else(|| find(name).map(|knob| knob.default))
            .unwrap_or(f64::NAN)
    }

    /// The value given for the knob called `name`, if one was.
    fn given(&self, name: &str) -> Option<f64> {
        self.0
            .iter()
            .find(|&&(i, _)| KNOBS[usize::from(i)].name == name)
            .map(|&(_, value)| value)
    }

    /// Whether no knob is given.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The knobs as [`Knobs::parse`] reads them, in the order of [`KNOBS`] (`""` for none).
    pub fn text(&self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|&(i, value)| {
                let knob = &KNOBS[usize::from(i)];
                format!("{}={}", knob.name, knob.text(value))
            })
            .collect();
        pairs.join(",")
    }

    /// Checks that the generator called `generator` has every knob given, and that a knob
    /// read only with another's value has it.
    pub fn check_for(&self, generator: &str) -> Result<(), Sentence> {
        for &(i, _) in &self.0 {
            let knob = &KNOBS[usize::from(i)];
            if knob.generator != generator {
                let own = of(generator).map(|knob| knob.name);
                let (key, list) = match joined(own) {
                    list if !list.is_empty() => ("refusals.knob-other", list),
                    // Each generator's knobs stand together in the table: one name per run.
                    _ => ("refusals.knob-none", joined(makers())),
                };
                return Err(Sentence::new(key)
                    .with("generator", Arg::Text(generator.to_string()))
                    .with("name", Arg::Text(knob.name.to_string()))
                    .with("list", Arg::Text(list)));
            }
            if let Some((other, word)) = knob.needs {
                if find(other).is_some_and(|o| o.text(self.get(other)) != word) {
                    let needed = format!("{other}={word}");
                    return Err(Sentence::new("refusals.knob-needs")
                        .with("name", Arg::Text(knob.name.to_string()))
                        .with("needed", Arg::Text(needed)));
                }
            }
        }
        Ok(())
    }
}

/// The generators that have knobs, in the order of [`KNOBS`].
fn makers() -> impl Iterator<Item = &'static str> {
    KNOBS
        .iter()
        .enumerate()
        .filter(|&(i, knob)| i == 0 || KNOBS[i - 1].generator != knob.generator)
        .map(|(_, knob)| knob.generator)
}

/// Names joined by ", ".
fn joined(names: impl Iterator<Item = &'static str>) -> String {
    let mut list = String::new();
    for name in names {
        if !list.is_empty() {
            list.push_str(", ");
        }
        list.push_str(name);
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_the_one_form() {
        let knobs = Knobs::parse(" policy=newest , bias=sw,run-close=0.25").unwrap();
        assert_eq!(knobs.text(), "bias=south-west,run-close=0.25,policy=newest");
        assert_eq!(knobs.get("bias"), 3.0);
        assert_eq!(knobs.get("join"), 0.5);
        assert_eq!(Knobs::parse(&knobs.text()).unwrap(), knobs);
        assert!(Knobs::parse("").unwrap().is_empty());
    }

    #[test]
    fn decimals_read_as_rust_reads_them() {
        for text in [
            "0",
            "1",
            "0.5",
            "0.1",
            "0.3",
            ".25",
            "0.12345678901234",
            "64",
            "007.70",
        ] {
            assert_eq!(decimal(text), text.parse::<f64>().ok(), "{text}");
        }
        for text in [
            "",
            ".",
            "1e-1",
            "-0.5",
            "+1",
            "0.5.5",
            "1,5",
            "0.1234567890123456",
            "inf",
        ] {
            assert_eq!(decimal(text), None, "{text}");
        }
    }

    #[test]
    fn refuses_with_the_value_and_the_limits() {
        let said = |text: &str| Knobs::parse(text).unwrap_err().english();
        assert_eq!(
            said("run-close=1.5"),
            "knob run-close '1.5' is not allowed: give a number from 0 to 1"
        );
        assert_eq!(
            said("min-room=2.5"),
            "knob min-room '2.5' is not allowed: give a whole number from 1 to 64"
        );
        assert_eq!(
            said("bias=up"),
            "knob bias 'up' is not allowed: give one of north-east, north-west, south-east, south-west"
        );
        assert!(said("colour=red").starts_with("unknown knob 'colour': the knobs are bias, "));
        assert!(said("bias").contains("'bias'"));
        assert_eq!(
            said("join=0.1,join=0.2"),
            "knob join is given twice: give it once"
        );
    }

    #[test]
    fn a_knob_belongs_to_its_generator() {
        let knobs = Knobs::parse("run-close=0.9").unwrap();
        assert!(knobs.check_for("sidewinder").is_ok());
        assert_eq!(
            knobs.check_for("eller").unwrap_err().english(),
            "eller has no knob run-close: its knobs are join, drop"
        );
        assert!(knobs
            .check_for("kruskal")
            .unwrap_err()
            .english()
            .starts_with("kruskal has no knobs (run-close is not one): knobs are for binary-tree, sidewinder, eller, "));
        let mix = Knobs::parse("policy=newest,mix=30").unwrap();
        assert_eq!(
            mix.check_for("growing-tree").unwrap_err().english(),
            "knob mix is read only with policy=mix: leave it out, or give policy=mix"
        );
        assert!(Knobs::parse("mix=30")
            .unwrap()
            .check_for("growing-tree")
            .is_ok());
    }
}
