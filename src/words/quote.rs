//! How a message repeats a value someone gave, and writes a number: one way for every front end.

/// Longest stretch of a given value that a message quotes, in characters.
pub const QUOTE_CHARS: usize = 80;

/// A value someone gave, as a message quotes it: in single quotes, cut after
/// [`QUOTE_CHARS`] characters (with "…"), and with control and bidirectional-override
/// characters written as `\u{202e}`, so a crafted value can neither flood a message nor
/// reorder the text around it.
pub fn quote(text: &str) -> String {
    format!("'{}'", shown(text))
}

/// [`quote`] without the quotes: cut after [`QUOTE_CHARS`] characters (with "…") and escaped.
pub fn shown(text: &str) -> String {
    let mut cut: String = text.chars().take(QUOTE_CHARS).collect();
    let more = cut.len() < text.len();
    cut = plain(&cut);
    if more {
        cut.push('…');
    }
    cut
}

/// Text with control and bidirectional-override characters written as `\u{202e}`, so a
/// message that repeats someone's input stays one line in the order it was written.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || is_bidi_control(c) {
            // `\n`, `\t`, `\u{202e}`: the escapes Rust (and JavaScript) readers know.
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Characters that change the direction of the text around them (Unicode's bidirectional
/// formatting characters and marks).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A number as text for messages, exactly as JavaScript's `String(number)` writes it: the
/// shortest decimal that reads back as the same number (`5`, `2.5`, `-3`,
/// `100.0000000000001`), with an exponent below 10^-6 and from 10^21 up (`1e-300`,
/// `1e+308`), and `NaN`, `Infinity`. Nothing is rounded, so a message never shows a value
/// other than the one given.
pub fn number_text(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-Infinity" } else { "Infinity" }.to_string();
    }
    if value == 0.0 {
        // JavaScript writes -0 as 0.
        return "0".to_string();
    }
    let magnitude = value.abs();
    if (1e-6..1e21).contains(&magnitude) {
        return format!("{value}");
    }
    // Rust writes `1e308` and `1e-300`; JavaScript puts a sign on every exponent.
    let text = format!("{value:e}");
    match text.split_once('e') {
        Some((digits, exponent)) if !exponent.starts_with('-') => format!("{digits}e+{exponent}"),
        _ => text,
    }
}
