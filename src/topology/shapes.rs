//! Ready-made masks: a few outlines (circle, heart, star, diamond) and words in a block font,
//! for worksheets shaped like a picture or a class's initials. Every mask made here keeps its
//! cells in one piece, as a maze needs (see [`crate::run::Settings::empty_maze`]).

use super::Mask;

/// The outlines [`preset`] knows.
pub const PRESETS: [&str; 4] = ["circle", "heart", "star", "diamond"];

/// A mask of `width` × `height` cells in the named outline: cells whose centre lies inside it
/// are on. `None` for an unknown name.
pub fn preset(name: &str, width: u32, height: u32) -> Option<Mask> {
    let inside: fn(f64, f64) -> bool = match name {
        "circle" => |x, y| x * x + y * y <= 1.0,
        "diamond" => |x, y| x.abs() + y.abs() <= 1.0,
        // The classic heart curve, (x² + y² − 1)³ ≤ x²y³, scaled to fill the box.
        "heart" => |x, y| {
            let (x, y) = (x * 1.25, -y * 1.25 + 0.25);
            let a = x * x + y * y - 1.0;
            a * a * a <= x * x * y * y * y
        },
        "star" => |x, y| {
            // A five-pointed star: the radius swings between an inner and outer one.
            let angle = y.atan2(x) + std::f64::consts::FRAC_PI_2;
            let radius = (x * x + y * y).sqrt();
            let point = (angle * 5.0 / std::f64::consts::TAU).fract().abs();
            let swing = (point - 0.5).abs() * 2.0;
            radius <= 0.45 + 0.55 * swing
        },
        _ => return None,
    };
    let rows = (0..height)
        .map(|row| {
            (0..width)
                .map(|column| {
                    let x = (f64::from(column) + 0.5) / f64::from(width) * 2.0 - 1.0;
                    let y = (f64::from(row) + 0.5) / f64::from(height) * 2.0 - 1.0;
                    !inside(x, y)
                })
                .collect()
        })
        .collect();
    Some(largest_region(Mask::from_rows(rows)))
}

/// Glyphs 5 wide and 7 tall, one string per row, `#` for ink. Every glyph is one piece once
/// dots that touch at a corner are joined (see [`word`]).
const FONT: &[(char, [&str; 7])] = &[
    (
        'A',
        [
            " ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #",
        ],
    ),
    (
        'B',
        [
            "#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### ",
        ],
    ),
    (
        'C',
        [
            " ####", "#    ", "#    ", "#    ", "#    ", "#    ", " ####",
        ],
    ),
    (
        'D',
        [
            "#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### ",
        ],
    ),
    (
        'E',
        [
            "#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####",
        ],
    ),
    (
        'F',
        [
            "#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    ",
        ],
    ),
    (
        'G',
        [
            " ####", "#    ", "#    ", "#  ##", "#   #", "#   #", " ####",
        ],
    ),
    (
        'H',
        [
            "#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #",
        ],
    ),
    (
        'I',
        [
            "#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "#####",
        ],
    ),
    (
        'J',
        [
            "#####", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  ",
        ],
    ),
    (
        'K',
        [
            "#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #",
        ],
    ),
    (
        'L',
        [
            "#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####",
        ],
    ),
    (
        'M',
        [
            "#   #", "## ##", "# # #", "#   #", "#   #", "#   #", "#   #",
        ],
    ),
    (
        'N',
        [
            "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #", "#   #",
        ],
    ),
    (
        'O',
        [
            " ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### ",
        ],
    ),
    (
        'P',
        [
            "#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    ",
        ],
    ),
    (
        'Q',
        [
            " ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #",
        ],
    ),
    (
        'R',
        [
            "#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #",
        ],
    ),
    (
        'S',
        [
            " ####", "#    ", "#    ", " ### ", "    #", "    #", "#### ",
        ],
    ),
    (
        'T',
        [
            "#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ",
        ],
    ),
    (
        'U',
        [
            "#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### ",
        ],
    ),
    (
        'V',
        [
            "#   #", "#   #", "#   #", "#   #", " # # ", " # # ", "  #  ",
        ],
    ),
    (
        'W',
        [
            "#   #", "#   #", "#   #", "# # #", "# # #", "## ##", "#   #",
        ],
    ),
    (
        'X',
        [
            "#   #", " # # ", "  #  ", "  #  ", "  #  ", " # # ", "#   #",
        ],
    ),
    (
        'Y',
        [
            "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ",
        ],
    ),
    (
        'Z',
        [
            "#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####",
        ],
    ),
    (
        '0',
        [
            " ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### ",
        ],
    ),
    (
        '1',
        [
            "  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", "#####",
        ],
    ),
    (
        '2',
        [
            " ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####",
        ],
    ),
    (
        '3',
        [
            "#### ", "    #", "    #", " ### ", "    #", "    #", "#### ",
        ],
    ),
    (
        '4',
        [
            "#   #", "#   #", "#   #", "#####", "    #", "    #", "    #",
        ],
    ),
    (
        '5',
        [
            "#####", "#    ", "#    ", "#### ", "    #", "    #", "#### ",
        ],
    ),
    (
        '6',
        [
            " ### ", "#    ", "#    ", "#### ", "#   #", "#   #", " ### ",
        ],
    ),
    (
        '7',
        [
            "#####", "    #", "   # ", "  #  ", "  #  ", "  #  ", "  #  ",
        ],
    ),
    (
        '8',
        [
            " ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### ",
        ],
    ),
    (
        '9',
        [
            " ### ", "#   #", "#   #", " ####", "    #", "    #", " ### ",
        ],
    ),
    (
        '-',
        [
            "     ", "     ", "     ", "#####", "     ", "     ", "     ",
        ],
    ),
    (
        ' ',
        [
            "     ", "     ", "     ", "     ", "     ", "     ", "     ",
        ],
    ),
];

/// The most characters a word mask takes.
pub const WORD_CHARS: usize = 24;

/// A mask spelling `text` in a block font, each font dot `scale` × `scale` cells, letters one
/// dot apart, standing on a bar one dot tall that joins them into one piece. Letters are read
/// without case; other characters are refused with a message naming them.
pub fn word(text: &str, scale: u32) -> Result<Mask, String> {
    let letters: Vec<char> = text
        .trim()
        .chars()
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if letters.is_empty() {
        return Err("the word is empty: type a few letters".into());
    }
    if letters.len() > WORD_CHARS {
        return Err(format!("a word mask takes at most {WORD_CHARS} characters"));
    }
    let mut glyphs = Vec::new();
    for &letter in &letters {
        let glyph = FONT.iter().find(|(c, _)| *c == letter).ok_or_else(|| {
            format!(
                "{} cannot be drawn: use the letters A to Z, digits, spaces and '-'",
                crate::parse::quote(&letter.to_string())
            )
        })?;
        glyphs.push(&glyph.1);
    }
    let scale = scale.clamp(1, 8) as usize;
    // Dots: 5 per letter, 1 between letters and around; 7 rows, a gap, then the bar.
    let dots_wide = glyphs.len() * 6 + 1;
    let dots_tall = 7 + 2;
    let mut on = vec![vec![false; dots_wide]; dots_tall];
    for (i, glyph) in glyphs.iter().enumerate() {
        for (row, line) in glyph.iter().enumerate() {
            for (column, ink) in line.chars().enumerate() {
                on[row][1 + i * 6 + column] = ink == '#';
            }
        }
        // A stem from the letter's lowest dots down to the bar.
        let bottom = (0..7).rev().find(|&r| glyph[r].contains('#')).unwrap_or(6);
        let column = glyph[bottom].find('#').unwrap_or(2);
        for dots in &mut on[bottom + 1..8] {
            dots[1 + i * 6 + column] = true;
        }
    }
    on[8] = vec![true; dots_wide];
    // Cells join only through their sides: where two dots touch only at a corner (the
    // rounded corners of A, C, O …), fill one of the two dots beside both.
    for row in 0..dots_tall - 1 {
        for column in 0..dots_wide - 1 {
            let [a, b] = [on[row][column], on[row][column + 1]];
            let [c, d] = [on[row + 1][column], on[row + 1][column + 1]];
            if (a && d && !b && !c) || (b && c && !a && !d) {
                on[row][column] = true;
                on[row][column + 1] = true;
            }
        }
    }
    let rows = on
        .iter()
        .flat_map(|dots| {
            let row: Vec<bool> = dots
                .iter()
                .flat_map(|&dot| std::iter::repeat(!dot).take(scale))
                .collect();
            std::iter::repeat(row).take(scale)
        })
        .collect();
    Ok(Mask::from_rows(rows))
}

/// The mask with every cell off but those of its largest piece: a curve sampled on a coarse
/// grid can leave a stray cell or two apart.
fn largest_region(mask: Mask) -> Mask {
    let Some((width, height)) = mask.size() else {
        return mask;
    };
    let Ok(grid) = super::Grid::new(super::Shape::Square, width, height)
        .and_then(|grid| grid.with_mask(&mask))
    else {
        return mask;
    };
    let mut best: Vec<bool> = Vec::new();
    let mut seen = vec![false; super::Topology::len(&grid)];
    for cell in 0..seen.len() {
        if super::Topology::is_on(&grid, cell) && !seen[cell] {
            let region = grid.region_of(cell);
            for (s, &r) in seen.iter_mut().zip(&region) {
                *s |= r;
            }
            if region.iter().filter(|&&r| r).count() > best.iter().filter(|&&r| r).count() {
                best = region;
            }
        }
    }
    let rows = best
        .chunks(width as usize)
        .map(|row| row.iter().map(|&kept| !kept).collect())
        .collect();
    Mask::from_rows(rows)
}

#[cfg(test)]
mod tests {
    use super::super::{Grid, Shape};
    use super::*;

    fn regions(mask: &Mask) -> usize {
        let (width, height) = mask.size().unwrap();
        Grid::new(Shape::Square, width, height)
            .unwrap()
            .with_mask(mask)
            .unwrap()
            .regions()
    }

    #[test]
    fn presets_are_one_piece_at_many_sizes() {
        for name in PRESETS {
            for (width, height) in [(9, 9), (20, 15), (40, 40), (63, 31)] {
                let mask = preset(name, width, height).unwrap();
                assert_eq!(mask.size(), Some((width, height)));
                assert_eq!(regions(&mask), 1, "{name} {width}x{height}");
            }
        }
        assert!(preset("moon", 9, 9).is_none());
    }

    #[test]
    fn a_heart_is_narrower_at_the_bottom_than_in_the_middle() {
        let text = preset("heart", 21, 21).unwrap().to_text();
        let rows: Vec<&str> = text.lines().collect();
        let on = |row: &str| row.chars().filter(|&c| c == '.').count();
        assert!(on(rows[20]) < on(rows[8]), "\n{text}");
        assert!(on(rows[8]) > 15, "\n{text}");
    }

    #[test]
    fn every_glyph_is_one_piece_and_words_too() {
        for (letter, _) in FONT.iter().filter(|(c, _)| *c != ' ') {
            let mask = word(&letter.to_string(), 1).unwrap();
            assert_eq!(regions(&mask), 1, "{letter}");
        }
        let mask = word("Maze 2026", 2).unwrap();
        assert_eq!(mask.size(), Some(((9 * 6 + 1) * 2, 9 * 2)));
        assert_eq!(regions(&mask), 1);
    }

    #[test]
    fn words_refuse_what_they_cannot_draw() {
        assert_eq!(
            word("미로", 1).unwrap_err(),
            "'미' cannot be drawn: use the letters A to Z, digits, spaces and '-'"
        );
        assert!(word("  ", 1).is_err());
        assert!(word(&"A".repeat(25), 1).is_err());
    }
}
