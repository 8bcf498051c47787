//! Masks made for you (not the grid's [`Shape`], which says square, hex …): a few ready-made
//! figures (circle, heart, star, diamond), words in a block font, and masks from pictures, for worksheets shaped like a picture or a class's initials. Every mask
//! made here from an outline or a picture keeps its cells in one piece under its grid's own
//! connectivity (hexagons through their six sides, triangles through their three …), as a maze
//! needs (see [`crate::run::Settings::empty_maze`]).

use super::{outline, Grid, GridError, Mask, Shape, Topology};

/// The outlines [`preset`] knows.
pub const PRESETS: [&str; 4] = ["circle", "heart", "star", "diamond"];

/// A mask of a `shape` grid of `width` × `height` cells (polar: `height` rings, `width` not
/// used) in the named outline, stretched over the box the grid is drawn in
/// ([`outline::bounds`]): cells whose centre ([`Topology::position`]) lies inside it are on,
/// and of those only the largest piece under the grid's connectivity is kept. `None` for an
/// unknown name or a size the shape does not allow.
pub fn preset(name: &str, shape: Shape, width: u32, height: u32) -> Option<Mask> {
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
    let grid = Grid::new(shape, width, height).ok()?;
    let (left, top, right, bottom) = outline::bounds(&grid);
    let off: Vec<bool> = (0..grid.len())
        .map(|cell| {
            // On the square grid (column + 0.5) / width * 2 - 1, as before shapes came.
            let (x, y) = grid.position(cell);
            let x = (x - left) / (right - left) * 2.0 - 1.0;
            let y = (y - top) / (bottom - top) * 2.0 - 1.0;
            !inside(x, y)
        })
        .collect();
    Some(largest_region(grid, off).0)
}

/// The most pixels a picture given to [`picture`] may have on a side.
pub const MAX_PICTURE_SIDE: u32 = 4096;

/// A mask of a `shape` grid of `width` × `height` cells (polar: `height` rings) from a picture,
/// as in *Mazes for Programmers*: **dark pixels switch cells off**, light ones keep them on,
/// and transparent ones switch them off too. The picture is `rgba`, 4 bytes a pixel (red,
/// green, blue, alpha), row by row from the top left, `image_width` × `image_height` pixels.
///
/// A pixel is light when it is at least half opaque (alpha 128 or more) and its luminance
/// (0.299 R + 0.587 G + 0.114 B) is at least half of white's.
///
/// Which pixel a cell takes: a picture of exactly the grid's size in cells, on any shape but
/// polar, gives one pixel a cell (cell `(x, y)` takes pixel `(x, y)`). Any other picture is
/// fitted over the box the grid is drawn in ([`outline::bounds`]), as large as fits with its
/// proportions kept, centred; a cell takes the pixel under its centre
/// ([`Topology::position`]), and cells outside the picture are off.
///
/// Of the cells left on, only the largest piece under the grid's connectivity is kept (the
/// first of equal ones): returns the mask and how many cells were switched off for lying
/// apart from it. Refuses a picture whose size or byte count is wrong, a grid size the shape
/// does not allow, and a picture that switches off every cell.
pub fn picture(
    shape: Shape,
    width: u32,
    height: u32,
    rgba: &[u8],
    image_width: u32,
    image_height: u32,
) -> Result<(Mask, usize), String> {
    let sides = 1..=MAX_PICTURE_SIDE;
    if !sides.contains(&image_width) || !sides.contains(&image_height) {
        return Err(format!(
            "a picture of {image_width}x{image_height} pixels is not allowed: it needs 1 to \
             {MAX_PICTURE_SIDE} pixels a side"
        ));
    }
    let (columns, rows) = (image_width as usize, image_height as usize);
    if rgba.len() != columns * rows * 4 {
        return Err(format!(
            "a picture of {image_width}x{image_height} pixels takes {} bytes of RGBA (4 a \
             pixel), not {}",
            columns * rows * 4,
            rgba.len()
        ));
    }
    let grid = Grid::new(shape, width, height).map_err(|e| e.to_string())?;
    let light = |column: usize, row: usize| {
        let at = (row * columns + column) * 4;
        let [r, g, b, a] = [0, 1, 2, 3].map(|i| u32::from(rgba[at + i]));
        a >= 128 && 299 * r + 587 * g + 114 * b >= 127_500
    };
    let off: Vec<bool> = if shape != Shape::Polar && (image_width, image_height) == (width, height)
    {
        (0..grid.len())
            .map(|cell| !light(cell % columns, cell / columns))
            .collect()
    } else {
        let (left, top, right, bottom) = outline::bounds(&grid);
        let (iw, ih) = (f64::from(image_width), f64::from(image_height));
        // Units of the grid's drawing a pixel, and where the picture's top-left corner lies.
        let scale = ((right - left) / iw).min((bottom - top) / ih);
        let x0 = left + (right - left - iw * scale) / 2.0;
        let y0 = top + (bottom - top - ih * scale) / 2.0;
        (0..grid.len())
            .map(|cell| {
                let (x, y) = grid.position(cell);
                let (px, py) = ((x - x0) / scale, (y - y0) / scale);
                let inside = px >= 0.0 && py >= 0.0 && px < iw && py < ih;
                !(inside && light(px as usize, py as usize))
            })
            .collect()
    };
    if off.iter().all(|&o| o) {
        return Err(
            "the picture switches off every cell: dark and transparent pixels switch \
             cells off, so draw the maze's area light on a dark or transparent ground"
                .to_string(),
        );
    }
    Ok(largest_region(grid, off))
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

/// The scales a word mask is drawn at: each font dot `scale` × `scale` cells.
pub const WORD_SCALES: std::ops::RangeInclusive<u32> = 1..=8;

/// A word mask's scale given as a number: whole and within [`WORD_SCALES`], else `None`.
pub fn word_scale(number: f64) -> Option<u32> {
    let (low, high) = (*WORD_SCALES.start(), *WORD_SCALES.end());
    (number.fract() == 0.0 && (f64::from(low)..=f64::from(high)).contains(&number))
        .then_some(number as u32)
}

/// A mask spelling `text` in a block font, each font dot `scale` × `scale` cells (a scale
/// outside [`WORD_SCALES`] is taken as the nearest in it), letters one dot apart, standing on
/// a bar one dot tall that joins them into one piece. Letters are read without case; other
/// characters are refused with a message naming them.
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
                crate::words::quote(&letter.to_string())
            )
        })?;
        glyphs.push(&glyph.1);
    }
    let scale = scale.clamp(*WORD_SCALES.start(), *WORD_SCALES.end()) as usize;
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

/// `mask` on a grid of `shape` with only its largest piece of cells left on: a mask painted by
/// hand can cut a few cells off from the rest, and a maze must join every cell. Returns the
/// mask and how many cells were switched off for lying apart.
pub fn keep_largest_piece(
    shape: Shape,
    width: u32,
    height: u32,
    mask: &Mask,
) -> Result<(Mask, usize), GridError> {
    let grid = Grid::new(shape, width, height)?;
    let off = mask.cells_off(shape, width, height, grid.len())?;
    Ok(largest_region(grid, off))
}

/// The mask of `grid` with the cells flagged in `off` switched off, and then every cell but
/// those of the largest piece under the grid's connectivity (the first of equal ones): a curve
/// or a picture sampled on a coarse grid can leave a stray cell or two apart. Returns the mask
/// and how many cells were switched off for lying apart. With every cell off, that mask.
fn largest_region(grid: Grid, off: Vec<bool>) -> (Mask, usize) {
    let rows = |flags: &[bool]| -> Mask {
        Mask::from_rows(match grid.shape() {
            Shape::Polar => (0..grid.height())
                .map(|ring| flags[grid.ring(ring)].to_vec())
                .collect(),
            _ => flags
                .chunks(grid.width() as usize)
                .map(<[bool]>::to_vec)
                .collect(),
        })
    };
    let mask = rows(&off);
    let Ok(masked) = grid.clone().with_mask(&mask) else {
        return (mask, 0);
    };
    // The largest region's first cell, found in one pass; then that region alone, flooded
    // again from it.
    let (mut best_first, mut best_size) = (0, 0);
    masked.for_each_region(&mut |first, size| {
        if size > best_size {
            (best_first, best_size) = (first, size);
        }
    });
    let best = masked.region_of(best_first);
    let kept: Vec<bool> = best.iter().map(|&kept| !kept).collect();
    (rows(&kept), masked.cells_on() - best_size)
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

    /// The grid of `shape` with the mask on, and how many pieces its cells make.
    fn shaped_regions(shape: Shape, width: u32, height: u32, mask: &Mask) -> usize {
        Grid::new(shape, width, height)
            .unwrap()
            .with_mask(mask)
            .unwrap()
            .regions()
    }

    /// The sizes the preset tests try: (shape, width, height), polar with `height` rings.
    fn sizes() -> Vec<(Shape, u32, u32)> {
        let mut sizes = Vec::new();
        for shape in [Shape::Square, Shape::Hex, Shape::Triangle] {
            for (width, height) in [(9, 9), (10, 10), (20, 15), (31, 17), (40, 40), (63, 31)] {
                sizes.push((shape, width, height));
            }
        }
        for rings in [3, 5, 8, 12, 20] {
            sizes.push((Shape::Polar, 1, rings));
        }
        sizes
    }

    #[test]
    fn presets_are_one_piece_on_every_shape_and_a_run_takes_them() {
        for name in PRESETS {
            for (shape, width, height) in sizes() {
                let mask = preset(name, shape, width, height).unwrap();
                let at = format!("{name} on {shape} {width}x{height}");
                assert_eq!(shaped_regions(shape, width, height, &mask), 1, "{at}");
                let settings = crate::run::Settings::new("recursive-backtracker", width, height, 1)
                    .with_shape(shape)
                    .with_mask(mask.clone());
                let empty = settings.empty_maze();
                assert!(empty.is_ok(), "{at}: {:?}\n{}", empty.err(), mask.to_text());
                assert!(crate::run::Run::new(settings).is_ok(), "{at}");
                // An outline, not a stray cell or the whole grid.
                let grid = Grid::new(shape, width, height)
                    .unwrap()
                    .with_mask(&mask)
                    .unwrap();
                let (on, all) = (grid.cells_on(), grid.len());
                // (A circle fills a polar grid: the grid is a disc.)
                let whole = name == "circle" && shape == Shape::Polar;
                assert!(on * 5 > all && (on < all || whole), "{at}: {on} of {all}");
            }
        }
        assert!(preset("moon", Shape::Square, 9, 9).is_none());
        assert!(preset("heart", Shape::Triangle, 1, 9).is_none());
    }

    /// The square grid's presets are what they were before presets knew shapes: the column
    /// and row stretched over -1..1, kept by square connectivity.
    #[test]
    fn square_presets_did_not_change() {
        let circle = |w: u32, h: u32| {
            let rows: Vec<Vec<bool>> = (0..h)
                .map(|row| {
                    (0..w)
                        .map(|column| {
                            let x = (f64::from(column) + 0.5) / f64::from(w) * 2.0 - 1.0;
                            let y = (f64::from(row) + 0.5) / f64::from(h) * 2.0 - 1.0;
                            x * x + y * y > 1.0
                        })
                        .collect()
                })
                .collect();
            Mask::from_rows(rows)
        };
        for (w, h) in [(9, 9), (20, 15), (63, 31)] {
            assert_eq!(preset("circle", Shape::Square, w, h), Some(circle(w, h)));
        }
    }

    /// On triangles, cells that touch on the square grid's terms may not touch at all: a
    /// triangle pointing down has no side to the south.
    #[test]
    fn the_largest_region_follows_the_grids_own_connectivity() {
        // Column 1 of a 3x3 triangle grid: (1,0) points down, (1,1) up and (1,2) down.
        let off = (0..9).map(|cell| cell % 3 != 1).collect();
        let grid = Grid::new(Shape::Triangle, 3, 3).unwrap();
        let (mask, dropped) = largest_region(grid, off);
        assert_eq!(mask.to_text(), "XXX\nX.X\nX.X\n");
        assert_eq!(dropped, 1);
        // The same column on hexagons is one piece.
        let off = (0..9).map(|cell| cell % 3 != 1).collect();
        let (mask, dropped) = largest_region(Grid::new(Shape::Hex, 3, 3).unwrap(), off);
        assert_eq!((mask.to_text().as_str(), dropped), ("X.X\nX.X\nX.X\n", 0));
    }

    /// A picture as RGBA bytes from rows of characters: `#` black, `.` white, ` ` transparent
    /// white, or a digit `d` for the grey `d * 28`.
    fn rgba(rows: &[&str]) -> (Vec<u8>, u32, u32) {
        let mut bytes = Vec::new();
        for row in rows {
            for c in row.chars() {
                bytes.extend(match c {
                    '#' => [0, 0, 0, 255],
                    '.' => [255, 255, 255, 255],
                    ' ' => [255, 255, 255, 0],
                    d => {
                        let grey = d.to_digit(10).unwrap() as u8 * 28;
                        [grey, grey, grey, 255]
                    }
                });
            }
        }
        (bytes, rows[0].len() as u32, rows.len() as u32)
    }

    #[test]
    fn a_picture_of_the_grids_size_gives_one_pixel_a_cell_dark_off() {
        let (bytes, w, h) = rgba(&["#....", "..#..", "....#"]);
        for shape in [Shape::Square, Shape::Hex, Shape::Triangle] {
            let (mask, dropped) = picture(shape, 5, 3, &bytes, w, h).unwrap();
            assert_eq!(mask.to_text(), "X....\n..X..\n....X\n", "{shape}");
            assert_eq!(dropped, 0, "{shape}");
        }
    }

    #[test]
    fn transparent_and_dark_pixels_switch_cells_off_light_ones_keep_them() {
        // Greys 0, 28 … 252 (digits 0 to 9): half of white is 127.5, so 4 (112) is dark and
        // 5 (140) light; a transparent white pixel is off.
        let (mut bytes, w, h) = rgba(&["0123456789", "..........", "..  ......"]);
        let (mask, _) = picture(Shape::Square, 10, 3, &bytes, w, h).unwrap();
        assert_eq!(mask.to_text(), "XXXXX.....\n..........\n..XX......\n");
        // Half opaque counts as opaque; less does not. Colour: luminance, not the average.
        let mut set = |column: usize, pixel: [u8; 4]| {
            bytes[4 * (10 + column)..4 * (11 + column)].copy_from_slice(&pixel);
        };
        set(5, [255, 255, 255, 128]);
        set(6, [255, 255, 255, 127]);
        set(7, [0, 255, 0, 255]); // green: light (luminance 150)
        set(8, [0, 0, 255, 255]); // blue: dark (29), though its average (85) equals green's
        let (mask, _) = picture(Shape::Square, 10, 3, &bytes, w, h).unwrap();
        assert_eq!(mask.to_text(), "XXXXX.....\n......X.X.\n..XX......\n");
    }

    #[test]
    fn other_pictures_are_fitted_over_the_grid_and_centred() {
        // Two pixels, white then black, over a 10x10 square grid: 5 units a pixel, covering
        // rows 2.5 to 7.5, so cells of rows 2 to 6 (centres 2.5 to 6.5) in columns 0 to 4.
        let (bytes, w, h) = rgba(&[".#"]);
        let (mask, dropped) = picture(Shape::Square, 10, 10, &bytes, w, h).unwrap();
        let row = |on: bool| if on { ".....XXXXX\n" } else { "XXXXXXXXXX\n" };
        let wanted: String = (0..10).map(|r| row((2..7).contains(&r))).collect();
        assert_eq!(mask.to_text(), wanted);
        assert_eq!(dropped, 0);
        // Two pixels, white above black: columns 2.5 to 7.5, rows 0 to 4.
        let (bytes, w, h) = rgba(&[".", "#"]);
        let (mask, _) = picture(Shape::Square, 10, 10, &bytes, w, h).unwrap();
        let row = |on: bool| if on { "XX.....XXX\n" } else { "XXXXXXXXXX\n" };
        let wanted: String = (0..10).map(|r| row(r < 5)).collect();
        assert_eq!(mask.to_text(), wanted);
    }

    #[test]
    fn a_picture_fits_a_polar_grid() {
        // A 20x20 picture: the right half white, the left half black, over 8 rings.
        let rows: Vec<String> = (0..20).map(|_| "#".repeat(10) + &".".repeat(10)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (bytes, w, h) = rgba(&rows);
        let (mask, _) = picture(Shape::Polar, 1, 8, &bytes, w, h).unwrap();
        let grid = Grid::new(Shape::Polar, 1, 8).unwrap();
        let masked = grid.clone().with_mask(&mask).unwrap();
        assert_eq!(masked.regions(), 1);
        for cell in 0..grid.len() {
            // Cells straight above and below the centre (and the centre) lie at x = 8, the
            // left edge of the white half's first column.
            let (x, _) = grid.position(cell);
            assert_eq!(masked.is_on(cell), x >= 8.0, "cell {cell} at x = {x}");
        }
        assert_eq!(mask.to_text().lines().count(), 8);
    }

    #[test]
    fn only_the_largest_piece_of_a_picture_is_kept() {
        let (bytes, w, h) = rgba(&["..#.", "..#.", "####"]);
        let (mask, dropped) = picture(Shape::Square, 4, 3, &bytes, w, h).unwrap();
        assert_eq!(mask.to_text(), "..XX\n..XX\nXXXX\n");
        assert_eq!(dropped, 2);
    }

    #[test]
    fn bad_pictures_are_refused() {
        let (bytes, w, h) = rgba(&["##", "# "]);
        assert_eq!(
            picture(Shape::Square, 2, 2, &bytes, w, h).unwrap_err(),
            "the picture switches off every cell: dark and transparent pixels switch cells \
             off, so draw the maze's area light on a dark or transparent ground"
        );
        assert_eq!(
            picture(Shape::Square, 2, 2, &bytes[1..], w, h).unwrap_err(),
            "a picture of 2x2 pixels takes 16 bytes of RGBA (4 a pixel), not 15"
        );
        for (w, h) in [(0, 2), (2, 0), (4097, 1)] {
            let error = picture(Shape::Square, 2, 2, &[], w, h).unwrap_err();
            assert!(error.contains("1 to 4096 pixels a side"), "{error}");
        }
        let error = picture(Shape::Hex, 0, 2, &bytes, 2, 2).unwrap_err();
        assert!(error.contains("width and height must be 1"), "{error}");
    }

    #[test]
    fn a_heart_is_narrower_at_the_bottom_than_in_the_middle() {
        let text = preset("heart", Shape::Square, 21, 21).unwrap().to_text();
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
