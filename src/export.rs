//! Mazes as files: the tile text with a route on it, and a printable SVG worksheet. The command
//! line and the page both use these, so a maze saved from either is the same file.
//!
//! The SVG is a worksheet: thin black walls on white, the start as a blue disc, the goal as an
//! orange square, and optionally the solution as a green line through the cell centres. It has
//! a `viewBox` and no fixed size, so a browser or a printer scales it to the page. Walls are
//! merged into straight runs and drawn as one `<path>`, so even a 1000×1000 maze stays a
//! single element of a few megabytes rather than millions of elements.

use crate::distance::UNREACHED;
use crate::machine::{shape_words, Sentence};
use crate::maze::{Direction, Maze};
use crate::topology::outline::{self, Outline};
use crate::topology::{Grid, Shape, Topology};

/// Size of a cell in SVG user units, and the wall width.
const CELL: usize = 10;
const MARGIN: usize = 10;
const TITLE_HEIGHT: usize = 16;

/// What goes on a worksheet besides the walls.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sheet<'a> {
    /// Start and goal cells, marked when given.
    pub start: Option<usize>,
    pub goal: Option<usize>,
    /// The solution, start first, drawn when given.
    pub path: Option<&'a [usize]>,
    /// A line of text above the maze (escaped here), e.g. "Kruskal, 20 × 20, seed 7".
    pub title: Option<&'a str>,
    /// Passages from a cell to every cell ([`crate::distance::distances`]), to shade each cell
    /// by: pale near, dark far, the book's "Dijkstra colouring".
    pub distances: Option<&'a [u32]>,
    /// The longest path ([`crate::distance::longest_path`]), drawn in purple with its ends.
    pub longest: Option<&'a [usize]>,
}

/// A worksheet's heading: "Kruskal, 20 × 20 cells, seed 7", and the braid share if any
/// (", braid 0.3"). The page and the command line both title their sheets with it.
pub fn sheet_title(generator: &str, width: u32, height: u32, seed: u64, braid: f64) -> String {
    let title = crate::generators::find(generator).map_or(generator, |entry| entry.info.title);
    let mut text = format!("{title}, {width} × {height} cells, seed {seed}");
    if braid > 0.0 {
        // To three decimals with integer formatting: a float's `Display` costs the wasm
        // module about 20 KB of code, for this one line.
        let thousandths = (braid.min(1.0) * 1000.0).round() as u32;
        let mut share = format!("{}.{:03}", thousandths / 1000, thousandths % 1000);
        while share.ends_with('0') {
            share.pop();
        }
        if share.ends_with('.') {
            share.pop();
        }
        text.push_str(", braid ");
        text.push_str(&share);
    }
    text
}

/// [`sheet_title`] for a maze on any grid: the shape and its size in its own terms ("hex
/// grid 12 × 9", "polar grid of 8 rings", "masked square grid 20 × 10").
pub fn grid_sheet_title(generator: &str, maze: &Maze, seed: u64, braid: f64) -> String {
    let Some(grid) = maze.grid() else {
        return sheet_title(generator, maze.width(), maze.height(), seed, braid);
    };
    let plain = sheet_title(generator, maze.width(), maze.height(), seed, braid);
    let masked = if grid.is_masked() { "masked " } else { "" };
    let size = match grid.shape() {
        crate::topology::Shape::Polar => format!("of {} rings", grid.height()),
        _ => format!("{} × {}", grid.width(), grid.height()),
    };
    // The plain title's "W × H cells" becomes the grid's own words.
    let cells = format!("{} × {} cells", maze.width(), maze.height());
    plain.replacen(&cells, &format!("{masked}{} grid {size}", grid.shape()), 1)
}

/// The tile view (`#` wall, `.` open, one line per tile row) with the route drawn on it: `o`
/// on every path cell and on the passage tile between consecutive path cells, then `G` on the
/// goal and `S` on the start (so `S` shows when they are the same cell).
///
/// Tiles are the plain square grid's view: a maze on another grid, or with a mask, is refused
/// (its cells have no place among the tiles), saying so.
pub fn route_tiles(
    maze: &Maze,
    start: usize,
    goal: usize,
    path: Option<&[usize]>,
) -> Result<String, Sentence> {
    if let Some(grid) = maze.grid() {
        let words = match grid.shape() {
            Shape::Square => Sentence::new("messages.masked-grid"),
            shape => Sentence::new("messages.shape-grid").with("shape", shape_words(shape)),
        };
        return Err(Sentence::new("refusals.tiles-grid").words("grid", words));
    }
    let mut text = maze.to_tile_text().into_bytes();
    let row = maze.tile_width() + 1; // with the newline
    let tile = |cell: usize| {
        let (x, y) = maze.coords(cell);
        (2 * x as usize + 1, 2 * y as usize + 1)
    };
    for pair in path.unwrap_or(&[]).windows(2) {
        let (a, b) = (tile(pair[0]), tile(pair[1]));
        // Neighbouring cells are two tiles apart; the tile between them is the passage.
        if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 2 {
            text[(a.1 + b.1) / 2 * row + (a.0 + b.0) / 2] = b'o';
        }
    }
    for &cell in path.unwrap_or(&[]) {
        let (tx, ty) = tile(cell);
        text[ty * row + tx] = b'o';
    }
    for (cell, mark) in [(goal, b'G'), (start, b'S')] {
        let (tx, ty) = tile(cell);
        text[ty * row + tx] = mark;
    }
    // Only ASCII bytes were swapped for ASCII bytes.
    Ok(String::from_utf8(text).unwrap_or_default())
}

/// The maze as a standalone SVG document.
pub fn svg(maze: &Maze, sheet: &Sheet) -> String {
    if let Some(grid) = maze.grid() {
        return svg_on_grid(maze, grid, sheet);
    }
    let (w, h) = (maze.width() as usize, maze.height() as usize);
    let top = MARGIN
        + if sheet.title.is_some() {
            TITLE_HEIGHT
        } else {
            0
        };
    let mut out = String::with_capacity(256 + maze.len() * 6);
    open_sheet(
        &mut out,
        (w * CELL + 2 * MARGIN) as f64,
        (h * CELL + top + MARGIN) as f64,
        sheet.title,
    );
    let square = |out: &mut String, cell: usize| {
        let scale = CELL as f64;
        let (x, y) = maze.coords(cell);
        let corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
        for (i, (cx, cy)) in corners.into_iter().enumerate() {
            out.push(if i == 0 { 'M' } else { 'L' });
            push_fixed(out, MARGIN as f64 + f64::from(cx) * scale);
            out.push(' ');
            push_fixed(out, top as f64 + f64::from(cy) * scale);
        }
        out.push('Z');
    };
    if let Some(distances) = sheet.distances {
        shade_cells(&mut out, maze.len(), distances, square);
    }
    if let Some(terrain) = maze.terrain() {
        shade_terrain(&mut out, terrain, square);
    }
    let at = |cell: usize| {
        let (x, y) = maze.coords(cell);
        (MARGIN + x as usize * CELL, top + y as usize * CELL)
    };
    if let Some(path) = sheet.path.filter(|p| !p.is_empty()) {
        out.push_str("<polyline class=\"solution\" fill=\"none\" stroke=\"#009e73\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"");
        for (i, &cell) in path.iter().enumerate() {
            let (x, y) = at(cell);
            if i > 0 {
                out.push(' ');
            }
            push_num(&mut out, x + CELL / 2);
            out.push(',');
            push_num(&mut out, y + CELL / 2);
        }
        out.push_str("\"/>\n");
    }
    if let Some(longest) = sheet.longest {
        draw_longest(&mut out, longest, |cell| {
            let (x, y) = at(cell);
            ((x + CELL / 2) as f64, (y + CELL / 2) as f64)
        });
    }
    if let Some(start) = sheet.start {
        let (x, y) = at(start);
        out.push_str("<circle class=\"start\" r=\"3\" fill=\"#0072b2\" cx=\"");
        push_num(&mut out, x + CELL / 2);
        out.push_str("\" cy=\"");
        push_num(&mut out, y + CELL / 2);
        out.push_str("\"/>\n");
    }
    if let Some(goal) = sheet.goal {
        let (x, y) = at(goal);
        out.push_str("<rect class=\"goal\" width=\"6\" height=\"6\" fill=\"#d55e00\" x=\"");
        push_num(&mut out, x + 2);
        out.push_str("\" y=\"");
        push_num(&mut out, y + 2);
        out.push_str("\"/>\n");
    }
    out.push_str("<path class=\"walls\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\" stroke-linecap=\"square\" d=\"");
    push_walls(&mut out, maze, MARGIN, top);
    out.push_str("\"/>\n</svg>\n");
    out
}

/// Every wall as straight runs: `M x y H x2` along each row line, `M x y V y2` down each column
/// line. A run is a stretch of consecutive cells with a wall on the same side.
fn push_walls(out: &mut String, maze: &Maze, left: usize, top: usize) {
    let (w, h) = (maze.width() as usize, maze.height() as usize);
    // Row lines 0..=h: line y is the north side of row y (the south side of the last row).
    for y in 0..=h {
        let walled = |x: usize| {
            if y < h {
                !maze.is_open(y * w + x, Direction::North)
            } else {
                !maze.is_open((h - 1) * w + x, Direction::South)
            }
        };
        let mut x = 0;
        while x < w {
            if !walled(x) {
                x += 1;
                continue;
            }
            let begin = x;
            while x < w && walled(x) {
                x += 1;
            }
            out.push('M');
            push_num(out, left + begin * CELL);
            out.push(' ');
            push_num(out, top + y * CELL);
            out.push('H');
            push_num(out, left + x * CELL);
        }
    }
    // Column lines 0..=w: line x is the west side of column x (the east side of the last).
    for x in 0..=w {
        let walled = |y: usize| {
            if x < w {
                !maze.is_open(y * w + x, Direction::West)
            } else {
                !maze.is_open(y * w + w - 1, Direction::East)
            }
        };
        let mut y = 0;
        while y < h {
            if !walled(y) {
                y += 1;
                continue;
            }
            let begin = y;
            while y < h && walled(y) {
                y += 1;
            }
            out.push('M');
            push_num(out, left + x * CELL);
            out.push(' ');
            push_num(out, top + begin * CELL);
            out.push('V');
            push_num(out, top + y * CELL);
        }
    }
}

/// [`svg`] for a grid of another shape or with a mask: each wall is drawn once, as a line or
/// (polar) an arc; switched-off cells are left blank, their borders drawn as walls of the
/// cells that are on.
fn svg_on_grid(maze: &Maze, grid: &Grid, sheet: &Sheet) -> String {
    let scale = CELL as f64;
    let top = (MARGIN
        + if sheet.title.is_some() {
            TITLE_HEIGHT
        } else {
            0
        }) as f64;
    let left = MARGIN as f64;
    let (_, _, right, bottom) = outline::bounds(grid);
    let mut out = String::with_capacity(256 + maze.len() * 24);
    open_sheet(
        &mut out,
        right * scale + 2.0 * left,
        bottom * scale + top + left,
        sheet.title,
    );
    let point = |out: &mut String, (x, y): (f64, f64)| {
        push_fixed(out, left + x * scale);
        out.push(' ');
        push_fixed(out, top + y * scale);
    };
    if let Some(distances) = sheet.distances {
        shade_cells(&mut out, grid.len(), distances, |out, cell| {
            cell_outline(out, grid, cell, &point, scale);
        });
    }
    if let Some(terrain) = maze.terrain() {
        shade_terrain(&mut out, terrain, |out, cell| {
            cell_outline(out, grid, cell, &point, scale);
        });
    }
    if let Some(path) = sheet.path.filter(|p| !p.is_empty()) {
        out.push_str("<polyline class=\"solution\" fill=\"none\" stroke=\"#009e73\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"");
        for (i, &cell) in path.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            point(&mut out, grid.position(cell));
        }
        out.push_str("\"/>\n");
        if grid.shape() == crate::topology::Shape::Weave {
            // Where the way goes under a crossing, a gap in the line under the corridor over
            // it (whose walls are drawn on top), so the line is seen to pass beneath.
            let mut gaps = String::new();
            for pair in path.windows(2) {
                let ((ax, ay), (bx, by)) = (grid.position(pair[0]), grid.position(pair[1]));
                if (ax - bx).abs() + (ay - by).abs() < 1.5 {
                    continue;
                }
                let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
                let reach = 0.5 - WEAVE_INSET;
                let (dx, dy) = ((bx - ax) / 2.0 * reach, (by - ay) / 2.0 * reach);
                gaps.push('M');
                point(&mut gaps, (mx - dx, my - dy));
                gaps.push('L');
                point(&mut gaps, (mx + dx, my + dy));
            }
            if !gaps.is_empty() {
                out.push_str(
                    "<path class=\"under\" fill=\"none\" stroke=\"#fff\" stroke-width=\"5\" d=\"",
                );
                out.push_str(&gaps);
                out.push_str("\"/>\n");
            }
        }
    }
    if let Some(longest) = sheet.longest {
        draw_longest(&mut out, longest, |cell| {
            let (x, y) = grid.position(cell);
            (left + x * scale, top + y * scale)
        });
    }
    if let Some(start) = sheet.start {
        let (x, y) = grid.position(start);
        out.push_str("<circle class=\"start\" r=\"3\" fill=\"#0072b2\" cx=\"");
        push_fixed(&mut out, left + x * scale);
        out.push_str("\" cy=\"");
        push_fixed(&mut out, top + y * scale);
        out.push_str("\"/>\n");
    }
    if let Some(goal) = sheet.goal {
        let (x, y) = grid.position(goal);
        out.push_str("<rect class=\"goal\" width=\"6\" height=\"6\" fill=\"#d55e00\" x=\"");
        push_fixed(&mut out, left + x * scale - 3.0);
        out.push_str("\" y=\"");
        push_fixed(&mut out, top + y * scale - 3.0);
        out.push_str("\"/>\n");
    }
    out.push_str("<path class=\"walls\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\" stroke-linecap=\"round\" d=\"");
    if grid.shape() == crate::topology::Shape::Weave {
        weave_walls(&mut out, maze, grid, &point);
        out.push_str("\"/>\n</svg>\n");
        return out;
    }
    for cell in (0..grid.len()).filter(|&c| grid.is_on(c)) {
        let bits = maze.cell(cell);
        for side in 0..grid.sides(cell) {
            let next = grid.neighbour(cell, side);
            // Each wall once: from the lower-numbered cell, or from the only cell on.
            let walled = bits & (1 << side) == 0 && next.map_or(true, |n| n > cell);
            let Some(shape) = walled
                .then(|| outline::side_outline(grid, cell, side))
                .flatten()
            else {
                continue;
            };
            let (from, to) = shape.ends();
            out.push('M');
            point(&mut out, from);
            match shape {
                Outline::Line(..) => out.push('L'),
                Outline::Arc { radius, .. } => {
                    out.push('A');
                    push_fixed(&mut out, radius * scale);
                    out.push(' ');
                    push_fixed(&mut out, radius * scale);
                    out.push_str(" 0 0 1 ");
                }
            }
            point(&mut out, to);
        }
    }
    out.push_str("\"/>\n</svg>\n");
    out
}

/// How far a weave's cells are drawn inside their squares, as a share of a cell each side.
const WEAVE_INSET: f64 = 0.15;

/// A weave's walls drawn as in *Mazes for Programmers*: each cell a square inset in its
/// place; an open side (a passage, or a tunnel leaving that way) is a corridor's two short
/// walls out to the cell's edge, a closed side the inset square's side. Under a crossing the
/// tunnel shows as its two pairs of short walls meeting the corridor over it, whose walls run
/// on unbroken.
fn weave_walls(
    out: &mut String,
    maze: &Maze,
    grid: &Grid,
    point: &impl Fn(&mut String, (f64, f64)),
) {
    let (w, h) = (grid.width() as usize, grid.height() as usize);
    let cells = maze.cells();
    let line = |out: &mut String, a: (f64, f64), b: (f64, f64)| {
        out.push('M');
        point(out, a);
        out.push('L');
        point(out, b);
    };
    for cell in (0..grid.len()).filter(|&c| grid.is_on(c)) {
        let (x, y) = (cell % w, cell / w);
        let (fx, fy) = (x as f64, y as f64);
        let xs = [fx, fx + WEAVE_INSET, fx + 1.0 - WEAVE_INSET, fx + 1.0];
        let ys = [fy, fy + WEAVE_INSET, fy + 1.0 - WEAVE_INSET, fy + 1.0];
        let bits = cells[cell];
        // Whether a tunnel passes under the cell through its side `d`: the cell beyond that
        // side opens a tunnel back through it.
        let tunnel_through = |d: usize| {
            let next = match d {
                0 => y.checked_sub(1).map(|up| up * w + x),
                1 => (x + 1 < w).then(|| cell + 1),
                2 => (y + 1 < h).then(|| cell + w),
                _ => x.checked_sub(1).map(|left| y * w + left),
            };
            next.is_some_and(|n| cells[n] & 1 << (4 + (d + 2) % 4) != 0)
        };
        for d in 0..4 {
            // The inset square's side d, and the corridor's two walls out through it.
            let (side, stubs) = match d {
                0 => (
                    [(xs[1], ys[1]), (xs[2], ys[1])],
                    [
                        [(xs[1], ys[0]), (xs[1], ys[1])],
                        [(xs[2], ys[0]), (xs[2], ys[1])],
                    ],
                ),
                1 => (
                    [(xs[2], ys[1]), (xs[2], ys[2])],
                    [
                        [(xs[2], ys[1]), (xs[3], ys[1])],
                        [(xs[2], ys[2]), (xs[3], ys[2])],
                    ],
                ),
                2 => (
                    [(xs[1], ys[2]), (xs[2], ys[2])],
                    [
                        [(xs[1], ys[2]), (xs[1], ys[3])],
                        [(xs[2], ys[2]), (xs[2], ys[3])],
                    ],
                ),
                _ => (
                    [(xs[1], ys[1]), (xs[1], ys[2])],
                    [
                        [(xs[0], ys[1]), (xs[1], ys[1])],
                        [(xs[0], ys[2]), (xs[1], ys[2])],
                    ],
                ),
            };
            let open = bits & (1 << d | 1 << (4 + d)) != 0;
            if !open {
                line(out, side[0], side[1]);
            }
            if open || tunnel_through(d) {
                for [a, b] in stubs {
                    line(out, a, b);
                }
            }
        }
    }
}

/// One `<path>` per cell that has a distance, filled from pale (near) to dark (far). `outline`
/// writes the cell's closed outline.
fn shade_cells(
    out: &mut String,
    cells: usize,
    distances: &[u32],
    mut outline: impl FnMut(&mut String, usize),
) {
    let reached = |cell: &usize| distances.get(*cell).is_some_and(|&d| d != UNREACHED);
    let far = (0..cells)
        .filter(reached)
        .map(|c| distances[c])
        .max()
        .unwrap_or(0)
        .max(1);
    out.push_str("<g class=\"distances\" stroke=\"none\">\n");
    for cell in (0..cells).filter(reached) {
        out.push_str("<path fill=\"");
        push_colour(out, distances[cell], far);
        out.push_str("\" d=\"");
        outline(out, cell);
        out.push_str("\"/>\n");
    }
    out.push_str("</g>\n");
}

/// Terrain painted on the maze (see [`crate::world`]): obstacles filled dark, costs in the
/// page's palette (grass 2–3, sand 4–7, water 8–9) with a pattern each, so a worksheet printed
/// in black and white still tells them apart. Cost 1 is left plain, as unpainted cells.
fn shade_terrain(out: &mut String, terrain: &[u8], mut outline: impl FnMut(&mut String, usize)) {
    // (lowest cost, fill, ink, pattern id); the pattern tile is 6 units.
    const PAINTS: [(u8, &str, &str, &str); 3] = [
        (2, "#b7dfa0", "#3f7f2a", "grass"),
        (4, "#f1dc9a", "#9a6b12", "sand"),
        (8, "#5da3de", "#174a7c", "water"),
    ];
    out.push_str("<defs>\n");
    for (_, fill, ink, id) in PAINTS {
        out.push_str("<pattern id=\"terrain-");
        out.push_str(id);
        out.push_str("\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\"><rect width=\"6\" height=\"6\" fill=\"");
        out.push_str(fill);
        out.push_str("\"/>");
        out.push_str(match id {
            "grass" => "<path d=\"M0 6L6 0\" stroke-width=\"1\" stroke=\"",
            "sand" => "<circle cx=\"3\" cy=\"3\" r=\"0.9\" fill=\"",
            _ => "<path d=\"M0 2Q1.5 1 3 2T6 2\" fill=\"none\" stroke-width=\"0.8\" stroke=\"",
        });
        out.push_str(ink);
        out.push_str("\"/></pattern>\n");
    }
    out.push_str("</defs>\n<g class=\"terrain\" stroke=\"none\">\n");
    for (cell, &value) in terrain.iter().enumerate() {
        if value == crate::world::PLAIN {
            continue;
        }
        out.push_str("<path fill=\"");
        match PAINTS.iter().rev().find(|p| value >= p.0) {
            Some((_, _, _, id)) => {
                out.push_str("url(#terrain-");
                out.push_str(id);
                out.push(')');
            }
            None => out.push_str("#4b5366"),
        }
        out.push_str("\" d=\"");
        outline(out, cell);
        out.push_str("\"/>\n");
    }
    out.push_str("</g>\n");
}

/// From a pale yellow at distance 0 to a dark red at `far`, as `#rrggbb`.
fn push_colour(out: &mut String, distance: u32, far: u32) {
    const NEAR: [u32; 3] = [0xff, 0xf5, 0xd6];
    const FAR: [u32; 3] = [0x9e, 0x1b, 0x1b];
    let t = distance.min(far);
    out.push('#');
    for (near, far_part) in NEAR.into_iter().zip(FAR) {
        let value = (near * (far - t) + far_part * t) / far;
        for nibble in [value >> 4, value & 15] {
            out.push(char::from_digit(nibble, 16).unwrap_or('0'));
        }
    }
}

/// A cell's closed outline on any grid: its sides in clockwise order, each line or arc drawn
/// the way that continues from where the last one ended.
fn cell_outline(
    out: &mut String,
    grid: &Grid,
    cell: usize,
    point: &impl Fn(&mut String, (f64, f64)),
    scale: f64,
) {
    let sides: Vec<Outline> = (0..grid.sides(cell))
        .filter_map(|side| outline::side_outline(grid, cell, side))
        .collect();
    if sides.is_empty() {
        // A polar grid of one ring: its centre is a whole circle.
        let (x, y) = grid.position(cell);
        out.push('M');
        point(out, (x - 1.0, y));
        for end in [(x + 1.0, y), (x - 1.0, y)] {
            out.push('A');
            push_fixed(out, scale);
            out.push(' ');
            push_fixed(out, scale);
            out.push_str(" 0 0 1 ");
            point(out, end);
        }
        out.push('Z');
        return;
    }
    let close = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() + (a.1 - b.1).abs() < 1e-6;
    let (first, _) = sides[0].ends();
    let (a0, b0) = sides[0].ends();
    let next = sides.get(1).map(|o| o.ends());
    // Begin where the first side meets the second, walking the first side toward it.
    let start = match next {
        Some((a, b)) if close(a0, a) || close(a0, b) => b0,
        _ => first,
    };
    out.push('M');
    point(out, start);
    let mut at = start;
    for side in &sides {
        let (a, b) = side.ends();
        let forward = close(a, at);
        let end = if forward { b } else { a };
        match side {
            Outline::Line(..) => out.push('L'),
            Outline::Arc { radius, .. } => {
                out.push('A');
                push_fixed(out, radius * scale);
                out.push(' ');
                push_fixed(out, radius * scale);
                // Clockwise when walked as stored, anticlockwise when walked back.
                out.push_str(if forward { " 0 0 1 " } else { " 0 0 0 " });
            }
        }
        point(out, end);
        at = end;
    }
    out.push('Z');
}

/// The longest path as a purple line through the cell centres, its ends as rings.
fn draw_longest(out: &mut String, path: &[usize], centre: impl Fn(usize) -> (f64, f64)) {
    if path.is_empty() {
        return;
    }
    out.push_str("<polyline class=\"longest\" fill=\"none\" stroke=\"#cc79a7\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"");
    for (i, &cell) in path.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let (x, y) = centre(cell);
        push_fixed(out, x);
        out.push(',');
        push_fixed(out, y);
    }
    out.push_str("\"/>\n");
    for &end in [path[0], path[path.len() - 1]].iter() {
        let (x, y) = centre(end);
        out.push_str("<circle class=\"longest-end\" r=\"3.5\" fill=\"none\" stroke=\"#cc79a7\" stroke-width=\"1.5\" cx=\"");
        push_fixed(out, x);
        out.push_str("\" cy=\"");
        push_fixed(out, y);
        out.push_str("\"/>\n");
    }
}

/// The document's opening: its size, a white page and the title, escaped.
fn open_sheet(out: &mut String, width: f64, height: f64, title: Option<&str>) {
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ");
    push_fixed(out, width);
    out.push(' ');
    push_fixed(out, height);
    out.push_str("\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
    if let Some(title) = title {
        out.push_str("<text x=\"");
        push_num(out, MARGIN);
        out.push_str("\" y=\"");
        push_num(out, MARGIN + 10);
        out.push_str("\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#000\">");
        push_escaped(out, title);
        out.push_str("</text>\n");
    }
}

/// A non-negative number with one decimal (`12.5`, `3`), without `format!`'s float code,
/// which would cost the wasm module about 20 KB.
fn push_fixed(out: &mut String, value: f64) {
    let tenths = (value.max(0.0) * 10.0).round() as usize;
    push_num(out, tenths / 10);
    if tenths % 10 != 0 {
        out.push('.');
        out.push(char::from(b'0' + (tenths % 10) as u8));
    }
}

/// Whole numbers without `format!`, which keeps the wasm module small.
fn push_num(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terrain_and_obstacles_are_shaded_with_patterns_on_every_grid() {
        for shape in [None, Some(crate::topology::Shape::Hex)] {
            let maze = match shape {
                None => Maze::open_field(4, 3).unwrap(),
                Some(shape) => Maze::on_grid(crate::topology::Grid::new(shape, 4, 3).unwrap()),
            };
            let plain = svg(&maze, &Sheet::default());
            assert!(!plain.contains("terrain"), "no terrain until painted");
            let mut board = crate::board::Board::new(maze);
            board.set_terrain(1, 8);
            board.set_terrain(2, 2);
            board.block(5);
            let sheet = svg(board.maze(), &Sheet::default());
            assert!(sheet.contains("<pattern id=\"terrain-water\""), "{sheet}");
            assert_eq!(sheet.matches("fill=\"url(#terrain-water)\"").count(), 1);
            assert_eq!(sheet.matches("fill=\"url(#terrain-grass)\"").count(), 1);
            assert_eq!(
                sheet.matches("<path fill=\"#4b5366\"").count(),
                1,
                "one obstacle"
            );
        }
    }

    #[test]
    fn numbers_are_written_in_full() {
        for n in [0, 7, 10, 1234567890] {
            let mut s = String::new();
            push_num(&mut s, n);
            assert_eq!(s, n.to_string());
        }
    }

    #[test]
    fn fixed_numbers_have_one_decimal() {
        for (value, text) in [
            (0.0, "0"),
            (12.5, "12.5"),
            (3.04, "3"),
            (7.96, "8"),
            (-1.0, "0"),
        ] {
            let mut s = String::new();
            push_fixed(&mut s, value);
            assert_eq!(s, text, "{value}");
        }
    }

    /// On every shape, a wall is drawn for each closed side exactly once: a perfect maze on
    /// `n` cells with `p` passages has as many wall pieces as sides minus passages, counted
    /// once per shared side.
    #[test]
    fn every_shape_draws_each_wall_once() {
        use crate::topology::{Mask, Shape, Topology};
        let holed = Mask::parse("......\n......\n..X...\n......\nX.....\n").unwrap();
        let square = Grid::new(Shape::Square, 6, 5)
            .unwrap()
            .with_mask(&holed)
            .unwrap();
        let others =
            [Shape::Hex, Shape::Triangle, Shape::Polar].map(|s| Grid::new(s, 6, 5).unwrap());
        for grid in others.into_iter().chain([square]) {
            let shape = grid.shape();
            let maze = crate::generators::generate_on(
                "recursive-backtracker",
                Maze::on_grid(grid.clone()),
                3,
                0.0,
            )
            .unwrap();
            let (mut shared, mut border) = (0, 0);
            for cell in (0..grid.len()).filter(|&c| grid.is_on(c)) {
                for side in 0..grid.sides(cell) {
                    match grid.neighbour(cell, side) {
                        Some(next) if next > cell => shared += 1,
                        Some(_) => {}
                        None if outline::side_outline(&grid, cell, side).is_some() => border += 1,
                        None => {}
                    }
                }
            }
            let walls = shared + border - maze.passage_count();
            let svg = svg(&maze, &Sheet::default());
            let drawn = svg.matches('M').count();
            assert_eq!(drawn, walls, "{shape}");
            assert!(svg.contains("<path class=\"walls\""), "{shape}");
        }
    }

    /// A weave drawn the book's way: each cell an inset square whose open sides (a passage
    /// or a tunnel leaving that way) are a corridor's two short walls out to the edge, its
    /// closed sides one wall; a cell a tunnel passes under also gets the tunnel's four short
    /// walls. A solution through a tunnel has a gap drawn where it passes under.
    #[test]
    fn weaves_are_drawn_inset_with_their_crossings() {
        use crate::topology::{Shape, Topology};
        let grid = Grid::new(Shape::Weave, 12, 9).unwrap();
        let maze =
            crate::generators::generate_on("kruskal", Maze::on_grid(grid.clone()), 4, 0.0).unwrap();
        let ends: usize = maze.cells().iter().map(|&b| b.count_ones() as usize).sum();
        let tunnels: usize = maze
            .cells()
            .iter()
            .map(|&b| (b >> 4).count_ones() as usize)
            .sum();
        let tunnels = tunnels / 2;
        assert!(tunnels > 0);
        let plain = svg(&maze, &Sheet::default());
        let walls = plain.split("class=\"walls\"").nth(1).unwrap();
        assert_eq!(
            walls.matches('M').count(),
            4 * grid.len() + ends + 4 * tunnels
        );
        assert!(!plain.contains("class=\"under\""));
        // A path with a tunnel in it: from one end of a tunnel to the other.
        let from = (0..grid.len()).find(|&c| maze.cell(c) >> 4 != 0).unwrap();
        let side = 4 + (maze.cell(from) >> 4).trailing_zeros() as u8;
        let to = grid.neighbour(from, side).unwrap();
        let path = [from, to];
        let solved = svg(
            &maze,
            &Sheet {
                path: Some(&path),
                ..Sheet::default()
            },
        );
        let under = solved
            .split("class=\"under\"")
            .nth(1)
            .expect("a gap under the crossing");
        assert_eq!(under.split("/>").next().unwrap().matches('M').count(), 1);
    }

    /// Shading by distance: one closed outline per cell reached, pale at the start and
    /// darkest at the far end, on the square grid and every shape (the one-ring polar grid,
    /// a whole circle, too).
    #[test]
    fn cells_are_shaded_by_distance_on_every_shape() {
        use crate::distance::{distances, longest_path};
        use crate::topology::Shape;
        let mut mazes = vec![Maze::new(5, 3).unwrap()];
        for (shape, w, h) in [
            (Shape::Hex, 5, 4),
            (Shape::Triangle, 6, 3),
            (Shape::Polar, 1, 4),
            (Shape::Polar, 1, 1),
        ] {
            mazes.push(Maze::on_grid(Grid::new(shape, w, h).unwrap()));
        }
        for empty in mazes {
            let maze =
                crate::generators::generate_on("recursive-backtracker", empty, 3, 0.0).unwrap();
            let distance = distances(&maze, 0);
            let longest = longest_path(&maze, 0);
            let sheet = Sheet {
                distances: Some(&distance),
                longest: Some(&longest.path),
                ..Sheet::default()
            };
            let sheet_text = svg(&maze, &sheet);
            let shaded: Vec<&str> = sheet_text.split("<path fill=\"#").skip(1).collect();
            assert_eq!(shaded.len(), maze.len(), "{:?}", maze.shape());
            assert!(
                shaded.iter().all(|p| p.contains('Z')),
                "outlines are closed"
            );
            assert!(
                shaded[0].starts_with("fff5d6"),
                "the start is palest: {}",
                shaded[0]
            );
            let far = (0..maze.len()).max_by_key(|&c| distance[c]).unwrap();
            if distance[far] > 0 {
                assert!(shaded[far].starts_with("9e1b1b"), "the far end is darkest");
            }
            assert_eq!(sheet_text.matches("class=\"longest-end\"").count(), 2);
            assert!(!svg(&maze, &Sheet::default()).contains("distances"));
        }
    }

    #[test]
    fn titles_are_escaped() {
        let maze = Maze::new(1, 1).unwrap();
        let svg = svg(
            &maze,
            &Sheet {
                title: Some("<b>&\"x\""),
                ..Sheet::default()
            },
        );
        assert!(svg.contains("&lt;b&gt;&amp;&quot;x&quot;"), "{svg}");
        assert!(!svg.contains("<b>"));
    }
}
