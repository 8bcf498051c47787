//! Parsing of the settings people type: sizes, seeds and points. Shared by the command line,
//! the wasm edge and through it the page's URL parameters, so every front end accepts and
//! refuses the same text with the same message.

use crate::maze::MAX_SIDE;

/// A width or height: a whole number from 1 to [`MAX_SIDE`]. `what` names it in the message.
pub fn side(what: &str, text: &str) -> Result<u32, String> {
    let text = text.trim();
    match text.parse::<u64>() {
        Ok(n) if (1..=u64::from(MAX_SIDE)).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "{what} '{text}' is not allowed: use a whole number from 1 to {MAX_SIDE}"
        )),
    }
}

/// A seed: a whole number from 0 to 18446744073709551615 (any `u64`).
pub fn seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    text.parse::<u64>().map_err(|_| {
        format!(
            "seed '{text}' is not allowed: use a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// A cell as `X,Y` (zero-based column and row). Whether it lies inside a maze is checked
/// where the maze is known.
pub fn point(what: &str, text: &str) -> Result<(u32, u32), String> {
    let trimmed = text.trim();
    let parsed = trimmed
        .split_once(',')
        .and_then(|(x, y)| Some((x.trim().parse::<u32>().ok()?, y.trim().parse::<u32>().ok()?)));
    parsed.ok_or_else(|| {
        format!("{what} '{trimmed}' is not allowed: use X,Y with whole numbers, e.g. 0,0")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
