//! Parsing of the settings people type: sizes, seeds, points and counts. Shared by the command line,
//! the wasm edge and through it the page's URL parameters, so every front end accepts and
//! refuses the same text with the same message.

use crate::topology::MAX_SIDE;
use crate::words::{Arg, Sentence, ENGLISH};

// How every message repeats a value, from the words layer; here too for the front ends.
pub use crate::words::{number_text, plain, quote, shown, QUOTE_CHARS};

/// A width or height: a whole number from 1 to [`MAX_SIDE`]. `what` names it in the message.
pub fn side(what: &str, text: &str) -> Result<u32, String> {
    let text = text.trim();
    match text.parse::<u64>() {
        Ok(n) if (1..=u64::from(MAX_SIDE)).contains(&n) => Ok(n as u32),
        _ => Err(side_refusal(what, text).english()),
    }
}

/// [`side`]'s refusal as a sentence (the page says it in its language).
#[inline(never)]
pub fn side_refusal(what: &str, text: &str) -> Sentence {
    Sentence::new("messages.side")
        .with("what", label(what))
        .with("value", Arg::Text(quote(text.trim())))
        // As text: a page writes numbers with separators, the core's message does not.
        .with("max", Arg::Text(MAX_SIDE.to_string()))
}

/// A label of the page's ("width", "start"), as words of their own when the core has them.
fn label(what: &str) -> Arg {
    let key = ENGLISH
        .iter()
        .find(|&&(key, words)| words == what && key.starts_with("labels."));
    match key {
        Some(&(key, _)) => Arg::Words(Sentence::new(key)),
        None => Arg::Text(what.to_string()),
    }
}

/// A seed: a whole number from 0 to 18446744073709551615 (any `u64`).
pub fn seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    text.parse::<u64>()
        .map_err(|_| seed_refusal(text).english())
}

/// [`seed`]'s refusal as a sentence.
#[inline(never)]
pub fn seed_refusal(text: &str) -> Sentence {
    Sentence::new("messages.seed")
        .with("value", Arg::Text(quote(text.trim())))
        // As text: the page's numbers would round it.
        .with("max", Arg::Text(u64::MAX.to_string()))
}

/// A cell as `X,Y` (zero-based column and row). Whether it lies inside a maze is checked
/// where the maze is known.
pub fn point(what: &str, text: &str) -> Result<(u32, u32), String> {
    let trimmed = text.trim();
    let parsed = trimmed
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse::<u32>().ok()?, y.trim().parse::<u32>().ok()?)));
    parsed.ok_or_else(|| point_refusal(what, text).english())
}

/// Cells as `X,Y;X,Y;…` (several goals, waypoints in order); empty pieces are skipped, so
/// `""` is none. How many a run takes is checked with the run's other settings.
pub fn points(what: &str, text: &str) -> Result<Vec<(u32, u32)>, String> {
    text.split(';')
        .filter(|piece| !piece.trim().is_empty())
        .map(|piece| point(what, piece))
        .collect()
}

/// [`point`]'s refusal as a sentence.
#[inline(never)]
pub fn point_refusal(what: &str, text: &str) -> Sentence {
    Sentence::new("messages.point")
        .with("what", label(what))
        .with("value", Arg::Text(quote(text.trim())))
}

/// The most mazes one command may ask for (`mazestep generate --count`).
pub const MAX_COUNT: u64 = 1_000_000;

/// A number of mazes: a whole number from 1 to [`MAX_COUNT`].
pub fn count(text: &str) -> Result<u64, String> {
    let text = text.trim();
    match text.parse::<u64>() {
        Ok(n) if (1..=MAX_COUNT).contains(&n) => Ok(n),
        _ => Err(format!(
            "count {} is not allowed: use a whole number from 1 to {MAX_COUNT}",
            quote(text)
        )),
    }
}

/// A number of sample mazes (`mazestep stats --samples`): a whole number from 1 to
/// [`MAX_COUNT`].
pub fn samples(text: &str) -> Result<u64, String> {
    let text = text.trim();
    match text.parse::<u64>() {
        Ok(n) if (1..=MAX_COUNT).contains(&n) => Ok(n),
        _ => Err(format!(
            "samples {} is not allowed: use a whole number from 1 to {MAX_COUNT}",
            quote(text)
        )),
    }
}

/// A braid share: the part of the dead ends to remove, a decimal number from 0 to 1
/// (`0`, `0.25`, `1`).
pub fn braid(text: &str) -> Result<f64, String> {
    let text = text.trim();
    // Only digits and one point: no signs, exponents, "inf" or "NaN".
    let plain = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && text.matches('.').count() <= 1
        && text.chars().any(|c| c.is_ascii_digit());
    match text.parse::<f64>() {
        Ok(p) if plain && (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!(
            "braid {} is not allowed: use a number from 0 to 1, e.g. 0.5",
            quote(text)
        )),
    }
}

/// A braid as the page gives it: a whole percentage of the dead ends to remove, `0` to `100`,
/// a `%` sign allowed (`35`, `35%`). The share [`braid`] takes is this over 100.
pub fn braid_percent(text: &str) -> Result<u32, String> {
    let text = text.trim();
    let digits = text.strip_suffix('%').unwrap_or(text);
    let whole =
        !digits.is_empty() && digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit());
    match digits.parse::<u32>() {
        Ok(percent) if whole && percent <= 100 => Ok(percent),
        _ => Err(braid_percent_refusal(text).english()),
    }
}

/// [`braid_percent`]'s refusal as a sentence.
#[inline(never)]
pub fn braid_percent_refusal(text: &str) -> Sentence {
    Sentence::new("messages.braid-percent").with("value", Arg::Text(quote(text.trim())))
}

/// The last of `count` consecutive seeds starting at `first` (`count` at least 1). Seeds do
/// not wrap around: a run that would pass `u64::MAX` is refused.
pub fn last_seed(first: u64, count: u64) -> Result<u64, String> {
    let extra = count.saturating_sub(1);
    first.checked_add(extra).ok_or_else(|| {
        format!(
            "seed {first} with count {count} is not allowed: the seeds would pass {}; use a seed from 0 to {}",
            u64::MAX,
            u64::MAX - extra
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_cut_and_escaped() {
        assert_eq!(quote("abc"), "'abc'");
        let long = "7".repeat(10_000);
        let quoted = quote(&long);
        assert_eq!(quoted.chars().count(), QUOTE_CHARS + 3, "{quoted}");
        assert!(quoted.ends_with("…'"));
        assert_eq!(quote("a\u{202e}b\nc"), "'a\\u{202e}b\\nc'");
        assert_eq!(quote("미로"), "'미로'");
        let message = side("width", &long).unwrap_err();
        assert!(message.len() < 200, "{message}");
        let message = seed("\u{2067}1").unwrap_err();
        assert!(message.starts_with("seed '\\u{2067}1'"), "{message}");
    }

    #[test]
    fn sides() {
        assert_eq!(side("width", "1"), Ok(1));
        assert_eq!(side("width", " 4096 "), Ok(4096));
        for bad in ["0", "4097", "-3", "abc", "", "1.5", "99999999999999999999"] {
            let err = side("width", bad).unwrap_err();
            assert!(err.contains("width"), "{err}");
            assert!(err.contains("1 to 4096"), "{err}");
        }
    }

    #[test]
    fn seeds() {
        assert_eq!(seed("0"), Ok(0));
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        for bad in ["-1", "18446744073709551616", "x", "", "0x10"] {
            assert!(seed(bad).unwrap_err().starts_with("seed '"));
        }
    }

    #[test]
    fn points() {
        assert_eq!(point("start", "3,4"), Ok((3, 4)));
        assert_eq!(point("goal", " 0 , 7 "), Ok((0, 7)));
        for bad in ["3", "3,", ",4", "a,b", "-1,2", "1,2,3", ""] {
            let err = point("start", bad).unwrap_err();
            assert!(err.contains("X,Y"), "{err}");
        }
    }

    #[test]
    fn counts() {
        assert_eq!(count("1"), Ok(1));
        assert_eq!(count(" 1000000 "), Ok(MAX_COUNT));
        for bad in ["0", "1000001", "-1", "x", "", "2.5", "99999999999999999999"] {
            let err = count(bad).unwrap_err();
            assert!(err.starts_with("count '"), "{err}");
            assert!(err.contains("1 to 1000000"), "{err}");
        }
    }

    #[test]
    fn samples_counts() {
        assert_eq!(samples("1"), Ok(1));
        assert_eq!(samples(" 1000000 "), Ok(MAX_COUNT));
        for bad in ["0", "1000001", "-1", "x", "", "2.5"] {
            let err = samples(bad).unwrap_err();
            assert!(err.starts_with("samples '"), "{err}");
            assert!(err.contains("1 to 1000000"), "{err}");
        }
    }

    #[test]
    fn braid_percentages() {
        for (text, want) in [
            ("0", 0),
            ("100", 100),
            ("35", 35),
            (" 7 ", 7),
            ("50%", 50),
            ("007", 7),
        ] {
            assert_eq!(braid_percent(text), Ok(want), "{text}");
        }
        for text in [
            "101", "-1", "0.5", "1e2", "abc", "", "%", "1000", "5%%", "+5",
        ] {
            let message = braid_percent(text).unwrap_err();
            assert!(
                message.contains("use a whole percentage from 0 to 100"),
                "{message}"
            );
        }
    }

    #[test]
    fn braid_shares() {
        assert_eq!(braid("0"), Ok(0.0));
        assert_eq!(braid("1"), Ok(1.0));
        assert_eq!(braid(" 0.25 "), Ok(0.25));
        assert_eq!(braid(".5"), Ok(0.5));
        assert_eq!(braid("1.0"), Ok(1.0));
        for bad in [
            "1.5", "-0.1", "-0", "x", "", ".", "1e-1", "inf", "NaN", "0.5.1", "+0.5",
        ] {
            let err = braid(bad).unwrap_err();
            assert!(err.starts_with("braid '"), "{err}");
            assert!(err.contains("0 to 1"), "{err}");
        }
    }

    #[test]
    fn seed_runs_do_not_wrap() {
        assert_eq!(last_seed(5, 1), Ok(5));
        assert_eq!(last_seed(5, 3), Ok(7));
        assert_eq!(last_seed(u64::MAX, 1), Ok(u64::MAX));
        assert_eq!(last_seed(u64::MAX - 2, 3), Ok(u64::MAX));
        let err = last_seed(u64::MAX - 1, 3).unwrap_err();
        assert!(err.contains("0 to 18446744073709551613"), "{err}");
    }

    #[test]
    fn numbers_as_text() {
        for (value, text) in [
            (5.0, "5"),
            (2.5, "2.5"),
            (-3.0, "-3"),
            (0.125, "0.125"),
            (1.9999999, "1.9999999"),
            (100.0000000000001, "100.0000000000001"),
            (-0.0, "0"),
            (1e-300, "1e-300"),
            (1e308, "1e+308"),
            (-2.5e-7, "-2.5e-7"),
            (1e21, "1e+21"),
            (123456789012345680000.0, "123456789012345680000"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (5000.0, "5000"),
            (1.5e300, "1.5e+300"),
        ] {
            assert_eq!(number_text(value), text, "{value}");
        }
    }
}
