//! Mazes as files: the tile text with a route on it, and a printable SVG worksheet. The command
//! line and the page both use these, so a maze saved from either is the same file.
//!
//! The SVG is a worksheet: thin black walls on white, the start as a blue disc, the goal as an
//! orange square, and optionally the solution as a green line through the cell centres. It has
//! a `viewBox` and no fixed size, so a browser or a printer scales it to the page. Walls are
//! merged into straight runs and drawn as one `<path>`, so even a 1000×1000 maze stays a
//! single element of a few megabytes rather than millions of elements.

use crate::distance::{Measure, UNREACHED};
use crate::maze::{Direction, Maze};
use crate::topology::outline::{self, Outline};
use crate::topology::{Grid, Shape, Side, Topology};
use crate::words::Sentence;
use std::borrow::Cow;
use std::ops::Range;

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
    /// Gaps in the outer wall (an exit: [`crate::run::WallExit`]): a border cell and its side
    /// left undrawn; the plain square grid only.
    pub gaps: [Option<(usize, Side)>; 2],
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
            shape => Sentence::new("messages.shape-grid").with("shape", shape.words()),
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

/// The maze as a standalone SVG document, written at once ([`SheetWriter`] with no limit).
pub fn svg(maze: &Maze, sheet: &Sheet) -> String {
    let mut out =
        String::with_capacity(256 + maze.len() * if maze.grid().is_some() { 24 } else { 6 });
    SheetWriter::new(maze, sheet).write(&mut out, usize::MAX);
    out
}

/// The work of shading one cell, in cells of a sweep (see `SheetWriter::unit_cost`).
const SHADE_COST: usize = 8;

/// The parts of a worksheet, in the order they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// The document's opening, its white page and the title.
    Open,
    /// Each cell shaded by its distance from the start.
    Distances,
    /// Terrain costs and obstacles, patterned.
    Terrain,
    /// The solution as a green line.
    Solution,
    /// On a weave, gaps in the line where it passes under a crossing.
    Gaps,
    /// The longest path in purple, with its ends.
    Longest,
    /// The start and the goal.
    Ends,
    /// The walls, one path, and the document's end.
    Walls,
    Done,
}

impl Part {
    fn next(self) -> Part {
        match self {
            Part::Open => Part::Distances,
            Part::Distances => Part::Terrain,
            Part::Terrain => Part::Solution,
            Part::Solution => Part::Gaps,
            Part::Gaps => Part::Longest,
            Part::Longest => Part::Ends,
            Part::Ends => Part::Walls,
            Part::Walls | Part::Done => Part::Done,
        }
    }
}

/// A worksheet written a piece at a time: [`SheetWriter::write`] writes about as many cells'
/// worth of it as it is told, then stops where it is, so a page can write the largest
/// sheets (hundreds of megabytes with distances) in slices between frames and collect the
/// pieces, with no single giant string. The pieces joined are exactly [`svg`]'s document.
///
/// A writer made by [`SheetWriter::measuring`] owns everything it draws, measuring the
/// distances and the longest path itself (in slices too) before it writes.
pub struct SheetWriter<'a> {
    maze: Cow<'a, Maze>,
    start: Option<usize>,
    goal: Option<usize>,
    path: Option<Cow<'a, [usize]>>,
    title: Option<Cow<'a, str>>,
    distances: Option<Cow<'a, [u32]>>,
    longest: Option<Cow<'a, [usize]>>,
    /// Gaps in the outer wall ([`Sheet::gaps`]).
    gaps: [Option<(usize, Side)>; 2],
    /// Still measuring the distances and the longest path, before anything is written.
    measure: Option<Measure>,
    part: Part,
    /// Units of the part written so far (cells, path entries, wall lines).
    at: usize,
    /// The greatest distance, the shading's dark end (at least 1), once known.
    far: Option<u32>,
    /// On a weave, the first step of the solution that passes under a crossing.
    first_gap: Option<usize>,
    /// Work done so far and the work expected in all, in cells, for [`SheetWriter::progress`].
    done: usize,
    total: usize,
}

impl<'a> SheetWriter<'a> {
    /// A writer of `sheet` on `maze`.
    pub fn new(maze: &'a Maze, sheet: &Sheet<'a>) -> SheetWriter<'a> {
        SheetWriter::from_parts(
            Cow::Borrowed(maze),
            sheet.start,
            sheet.goal,
            sheet.path.map(Cow::Borrowed),
            sheet.title.map(Cow::Borrowed),
            sheet.distances.map(Cow::Borrowed),
            sheet.longest.map(Cow::Borrowed),
            None,
        )
        .with_gaps(sheet.gaps)
    }

    /// The same writer with gaps in the outer wall.
    pub fn with_gaps(mut self, gaps: [Option<(usize, Side)>; 2]) -> SheetWriter<'a> {
        self.gaps = gaps;
        self
    }

    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        maze: Cow<'a, Maze>,
        start: Option<usize>,
        goal: Option<usize>,
        path: Option<Cow<'a, [usize]>>,
        title: Option<Cow<'a, str>>,
        distances: Option<Cow<'a, [u32]>>,
        longest: Option<Cow<'a, [usize]>>,
        measure: Option<Measure>,
    ) -> SheetWriter<'a> {
        let cells = maze.len();
        let paths = path.as_ref().map_or(0, |p| p.len());
        // Measuring: two sweeps; writing: the shading, terrain and walls (see `unit_cost`).
        let total = measure.as_ref().map_or(0, |_| 2 * cells)
            + usize::from(measure.is_some() || distances.is_some()) * SHADE_COST * cells
            + maze.terrain().map_or(0, <[u8]>::len) * SHADE_COST
            + paths
            + 2 * cells
            + 2;
        SheetWriter {
            maze,
            start,
            goal,
            path,
            title,
            distances,
            longest,
            gaps: [None; 2],
            measure,
            part: Part::Open,
            at: 0,
            far: None,
            first_gap: None,
            done: 0,
            total,
        }
    }

    /// How far the sheet is written, from 0 to 1.
    pub fn progress(&self) -> f64 {
        if self.part == Part::Done {
            1.0
        } else {
            (self.done as f64 / self.total.max(1) as f64).min(0.99)
        }
    }

    /// Whether the whole sheet has been written.
    pub fn is_done(&self) -> bool {
        self.part == Part::Done
    }

    /// Writes the next piece of the sheet to `out`, about `limit` cells of work (at least a
    /// little); true once the sheet is complete.
    pub fn write(&mut self, out: &mut String, limit: usize) -> bool {
        let mut budget = limit.max(1);
        while budget > 0 && self.part != Part::Done {
            if let Some(measure) = &mut self.measure {
                let (measured, used) = measure.run(&self.maze, budget);
                self.spend(&mut budget, used);
                if !measured {
                    continue;
                }
                if let Some((near, far, longest)) =
                    self.measure.take().and_then(Measure::into_parts)
                {
                    self.distances = Some(Cow::Owned(near));
                    self.far = Some(far.max(1));
                    self.longest = Some(Cow::Owned(longest.path));
                }
                continue;
            }
            let len = self.part_len(self.part);
            if len == 0 {
                self.part = self.part.next();
                continue;
            }
            if self.at == 0 {
                // What a part needs from all of its units, found before its first one.
                let scanned = self.prepare(self.part);
                self.spend(&mut budget, scanned);
            }
            let cost = self.unit_cost(self.part);
            let end = len.min(self.at + (budget / cost).max(1));
            self.write_units(out, self.part, self.at..end, len);
            self.spend(&mut budget, (end - self.at) * cost);
            self.at = end;
            if end == len {
                self.part = self.part.next();
                self.at = 0;
            }
        }
        self.part == Part::Done
    }

    fn spend(&mut self, budget: &mut usize, used: usize) {
        *budget = budget.saturating_sub(used);
        self.done += used;
    }

    fn grid(&self) -> Option<&Grid> {
        self.maze.grid()
    }

    /// Units of a part: 0 when the sheet has none of it.
    fn part_len(&self, part: Part) -> usize {
        let path = self.path.as_deref().unwrap_or(&[]);
        match part {
            Part::Open | Part::Ends => 1,
            Part::Distances => self.distances.as_ref().map_or(0, |_| self.maze.len()),
            Part::Terrain => self.maze.terrain().map_or(0, <[u8]>::len),
            Part::Solution => path.len(),
            Part::Gaps => match self.grid() {
                Some(grid) if grid.shape() == Shape::Weave => path.len().saturating_sub(1),
                _ => 0,
            },
            Part::Longest => self.longest.as_ref().map_or(0, |l| l.len()),
            Part::Walls => match self.grid() {
                Some(grid) => grid.len(),
                None => (self.maze.height() + 1 + self.maze.width() + 1) as usize,
            },
            Part::Done => 0,
        }
    }

    /// The work of one unit of a part, in cells of a sweep (as [`SheetWriter::write`]'s limit
    /// counts): a shaded cell writes a path of its own, about eight times a sweep's work; a
    /// line of the square grid's walls is a row or a column of them. Each call then takes
    /// about as long whatever the part, so a caller that sizes its limit by the time the last
    /// call took is not surprised by the next.
    fn unit_cost(&self, part: Part) -> usize {
        match (part, self.grid()) {
            (Part::Distances | Part::Terrain, _) => SHADE_COST,
            (Part::Walls, None) => self.maze.width().max(self.maze.height()) as usize,
            (Part::Walls, Some(_)) => 2,
            _ => 1,
        }
    }

    /// Finds what a part needs from all of its units; returns the cells of work it took.
    fn prepare(&mut self, part: Part) -> usize {
        match part {
            Part::Distances if self.far.is_none() => {
                let distances = self.distances.as_deref().unwrap_or(&[]);
                let far = distances
                    .iter()
                    .take(self.maze.len())
                    .copied()
                    .filter(|&d| d != UNREACHED)
                    .max()
                    .unwrap_or(0);
                self.far = Some(far.max(1));
                self.maze.len()
            }
            Part::Gaps => {
                let path = self.path.as_deref().unwrap_or(&[]);
                self.first_gap = match self.grid() {
                    Some(grid) => (0..path.len().saturating_sub(1))
                        .find(|&i| passes_under(grid, path[i], path[i + 1])),
                    None => None,
                };
                path.len()
            }
            _ => 0,
        }
    }

    /// How far from the top the maze is drawn: below the title, if there is one.
    fn top(&self) -> usize {
        MARGIN
            + if self.title.is_some() {
                TITLE_HEIGHT
            } else {
                0
            }
    }

    /// A point of the grid's drawing, in the sheet's units.
    fn point(&self, out: &mut String, (x, y): (f64, f64)) {
        push_fixed(out, MARGIN as f64 + x * CELL as f64);
        out.push(' ');
        push_fixed(out, self.top() as f64 + y * CELL as f64);
    }

    /// Where a square grid's cell has its top-left corner.
    fn corner(&self, cell: usize) -> (usize, usize) {
        let (x, y) = self.maze.coords(cell);
        (MARGIN + x as usize * CELL, self.top() + y as usize * CELL)
    }

    /// A cell's closed outline.
    fn outline(&self, out: &mut String, cell: usize) {
        if let Some(grid) = self.grid() {
            cell_outline(out, grid, cell, &|out, p| self.point(out, p), CELL as f64);
            return;
        }
        let (x, y) = self.maze.coords(cell);
        let corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
        for (i, (cx, cy)) in corners.into_iter().enumerate() {
            out.push(if i == 0 { 'M' } else { 'L' });
            push_fixed(out, MARGIN as f64 + f64::from(cx) * CELL as f64);
            out.push(' ');
            push_fixed(out, self.top() as f64 + f64::from(cy) * CELL as f64);
        }
        out.push('Z');
    }

    /// A cell's centre, in the sheet's units.
    fn centre(&self, cell: usize) -> (f64, f64) {
        match self.grid() {
            Some(grid) => {
                let (x, y) = grid.position(cell);
                (
                    MARGIN as f64 + x * CELL as f64,
                    self.top() as f64 + y * CELL as f64,
                )
            }
            None => {
                let (x, y) = self.corner(cell);
                ((x + CELL / 2) as f64, (y + CELL / 2) as f64)
            }
        }
    }

    /// Writes units `range` of `part` (of `len`), with the part's opening before its first
    /// unit and its closing after its last.
    fn write_units(&self, out: &mut String, part: Part, range: Range<usize>, len: usize) {
        let (first, last) = (range.start == 0, range.end == len);
        match part {
            Part::Open => {
                let (width, height) = match self.grid() {
                    Some(grid) => {
                        let (_, _, right, bottom) = outline::bounds(grid);
                        let scale = CELL as f64;
                        (
                            right * scale + 2.0 * MARGIN as f64,
                            bottom * scale + self.top() as f64 + MARGIN as f64,
                        )
                    }
                    None => (
                        (self.maze.width() as usize * CELL + 2 * MARGIN) as f64,
                        (self.maze.height() as usize * CELL + self.top() + MARGIN) as f64,
                    ),
                };
                open_sheet(out, width, height, self.title.as_deref());
            }
            Part::Distances => {
                let distances = self.distances.as_deref().unwrap_or(&[]);
                if first {
                    out.push_str("<g class=\"distances\" stroke=\"none\">\n");
                }
                for cell in range {
                    let Some(&distance) = distances.get(cell).filter(|&&d| d != UNREACHED) else {
                        continue;
                    };
                    out.push_str("<path fill=\"");
                    push_colour(out, distance, self.far.unwrap_or(1));
                    out.push_str("\" d=\"");
                    self.outline(out, cell);
                    out.push_str("\"/>\n");
                }
                if last {
                    out.push_str("</g>\n");
                }
            }
            Part::Terrain => {
                let terrain = self.maze.terrain().unwrap_or(&[]);
                if first {
                    open_terrain(out);
                }
                for cell in range {
                    shade_terrain_cell(out, terrain[cell], |out| self.outline(out, cell));
                }
                if last {
                    out.push_str("</g>\n");
                }
            }
            Part::Solution => {
                let path = self.path.as_deref().unwrap_or(&[]);
                if first {
                    out.push_str("<polyline class=\"solution\" fill=\"none\" stroke=\"#009e73\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"");
                }
                for i in range {
                    if i > 0 {
                        out.push(' ');
                    }
                    match self.grid() {
                        Some(grid) => self.point(out, grid.position(path[i])),
                        None => {
                            let (x, y) = self.corner(path[i]);
                            push_num(out, x + CELL / 2);
                            out.push(',');
                            push_num(out, y + CELL / 2);
                        }
                    }
                }
                if last {
                    out.push_str("\"/>\n");
                }
            }
            Part::Gaps => {
                // Where the way goes under a crossing, a gap in the line under the corridor
                // over it (whose walls are drawn on top), so the line is seen to pass beneath.
                let (Some(grid), Some(first_gap)) = (self.grid(), self.first_gap) else {
                    return;
                };
                let path = self.path.as_deref().unwrap_or(&[]);
                for i in range.start.max(first_gap)..range.end {
                    let (a, b) = (path[i], path[i + 1]);
                    if !passes_under(grid, a, b) {
                        continue;
                    }
                    if i == first_gap {
                        out.push_str(
                            "<path class=\"under\" fill=\"none\" stroke=\"#fff\" stroke-width=\"5\" d=\"",
                        );
                    }
                    let ((ax, ay), (bx, by)) = (grid.position(a), grid.position(b));
                    let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
                    let reach = 0.5 - WEAVE_INSET;
                    let (dx, dy) = ((bx - ax) / 2.0 * reach, (by - ay) / 2.0 * reach);
                    out.push('M');
                    self.point(out, (mx - dx, my - dy));
                    out.push('L');
                    self.point(out, (mx + dx, my + dy));
                }
                if last {
                    out.push_str("\"/>\n");
                }
            }
            Part::Longest => {
                let path = self.longest.as_deref().unwrap_or(&[]);
                if first {
                    out.push_str("<polyline class=\"longest\" fill=\"none\" stroke=\"#cc79a7\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"");
                }
                for i in range {
                    if i > 0 {
                        out.push(' ');
                    }
                    let (x, y) = self.centre(path[i]);
                    push_fixed(out, x);
                    out.push(',');
                    push_fixed(out, y);
                }
                if last {
                    out.push_str("\"/>\n");
                    for end in [path[0], path[path.len() - 1]] {
                        let (x, y) = self.centre(end);
                        out.push_str("<circle class=\"longest-end\" r=\"3.5\" fill=\"none\" stroke=\"#cc79a7\" stroke-width=\"1.5\" cx=\"");
                        push_fixed(out, x);
                        out.push_str("\" cy=\"");
                        push_fixed(out, y);
                        out.push_str("\"/>\n");
                    }
                }
            }
            Part::Ends => self.write_ends(out),
            Part::Walls => {
                if first {
                    out.push_str("<path class=\"walls\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\" stroke-linecap=\"");
                    out.push_str(if self.grid().is_some() {
                        "round"
                    } else {
                        "square"
                    });
                    out.push_str("\" d=\"");
                }
                let point = |out: &mut String, p| self.point(out, p);
                for unit in range {
                    match self.grid() {
                        Some(grid) if !grid.is_on(unit) => {}
                        Some(grid) if grid.shape() == Shape::Weave => {
                            weave_cell_walls(out, &self.maze, grid, unit, &point);
                        }
                        Some(grid) => grid_cell_walls(out, &self.maze, grid, unit, &point),
                        None => square_wall_line(out, &self.maze, unit, self.top(), &self.gaps),
                    }
                }
                if last {
                    out.push_str("\"/>\n</svg>\n");
                }
            }
            Part::Done => {}
        }
    }

    /// The start as a blue disc and the goal as an orange square.
    fn write_ends(&self, out: &mut String) {
        if let Some(start) = self.start {
            out.push_str("<circle class=\"start\" r=\"3\" fill=\"#0072b2\" cx=\"");
            match self.grid() {
                Some(_) => {
                    let (x, y) = self.centre(start);
                    push_fixed(out, x);
                    out.push_str("\" cy=\"");
                    push_fixed(out, y);
                }
                None => {
                    let (x, y) = self.corner(start);
                    push_num(out, x + CELL / 2);
                    out.push_str("\" cy=\"");
                    push_num(out, y + CELL / 2);
                }
            }
            out.push_str("\"/>\n");
        }
        if let Some(goal) = self.goal {
            out.push_str("<rect class=\"goal\" width=\"6\" height=\"6\" fill=\"#d55e00\" x=\"");
            match self.grid() {
                Some(_) => {
                    let (x, y) = self.centre(goal);
                    push_fixed(out, x - 3.0);
                    out.push_str("\" y=\"");
                    push_fixed(out, y - 3.0);
                }
                None => {
                    let (x, y) = self.corner(goal);
                    push_num(out, x + 2);
                    out.push_str("\" y=\"");
                    push_num(out, y + 2);
                }
            }
            out.push_str("\"/>\n");
        }
    }
}

impl SheetWriter<'static> {
    /// A writer that owns the maze it draws, for a front end that writes a sheet over many
    /// calls while its run goes on: the start and goal marked, `path` drawn when given,
    /// `title` above; with `distances`, every cell shaded by its distance from the start and
    /// the longest path drawn, both measured by the writer first, a slice at a time.
    pub fn measuring(
        maze: Maze,
        start: usize,
        goal: usize,
        path: Option<Vec<usize>>,
        title: String,
        distances: bool,
    ) -> SheetWriter<'static> {
        let measure = distances.then(|| Measure::new(&maze, start));
        SheetWriter::from_parts(
            Cow::Owned(maze),
            Some(start),
            Some(goal),
            path.map(Cow::Owned),
            Some(Cow::Owned(title)),
            None,
            None,
            measure,
        )
    }
}

/// Whether a step of a weave's path from `a` to `b` goes under a crossing (to a cell two away).
fn passes_under(grid: &Grid, a: usize, b: usize) -> bool {
    let ((ax, ay), (bx, by)) = (grid.position(a), grid.position(b));
    (ax - bx).abs() + (ay - by).abs() >= 1.5
}

/// One straight line of a square grid's walls as runs: `M x y H x2` along row line `unit` (the
/// north side of row `unit`, the south side of the last row for the last), then `M x y V y2`
/// down column line `unit - (h + 1)`. A run is a stretch of consecutive cells with a wall on
/// the same side.
fn square_wall_line(
    out: &mut String,
    maze: &Maze,
    unit: usize,
    top: usize,
    gaps: &[Option<(usize, Side)>; 2],
) {
    let (w, h) = (maze.width() as usize, maze.height() as usize);
    let gap = |cell: usize, side: Direction| gaps.contains(&Some((cell, side as Side)));
    let left = MARGIN;
    if unit <= h {
        let y = unit;
        let walled = |x: usize| {
            if y == 0 && gap(x, Direction::North) {
                false
            } else if y < h {
                !maze.is_open(y * w + x, Direction::North)
            } else {
                !maze.is_open((h - 1) * w + x, Direction::South)
                    && !gap((h - 1) * w + x, Direction::South)
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
        return;
    }
    // Column line x is the west side of column x (the east side of the last).
    let x = unit - (h + 1);
    let walled = |y: usize| {
        if x == 0 && gap(y * w, Direction::West) {
            false
        } else if x < w {
            !maze.is_open(y * w + x, Direction::West)
        } else {
            !maze.is_open(y * w + w - 1, Direction::East) && !gap(y * w + w - 1, Direction::East)
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

/// A cell's walls on a grid of another shape or with a mask: each wall once, as a line or
/// (polar) an arc, from the lower-numbered cell or from the only cell that is on; the borders
/// of switched-off cells are drawn as walls of the cells that are on.
fn grid_cell_walls(
    out: &mut String,
    maze: &Maze,
    grid: &Grid,
    cell: usize,
    point: &impl Fn(&mut String, (f64, f64)),
) {
    let bits = maze.cell(cell);
    for side in 0..grid.sides(cell) {
        let next = grid.neighbour(cell, side);
        let walled = bits & (1 << side) == 0 && next.map_or(true, |n| n > cell);
        let Some(shape) = walled
            .then(|| outline::side_outline(grid, cell, side))
            .flatten()
        else {
            continue;
        };
        let (from, to) = shape.ends();
        out.push('M');
        point(out, from);
        match shape {
            Outline::Line(..) => out.push('L'),
            Outline::Arc { radius, .. } => {
                out.push('A');
                push_fixed(out, radius * CELL as f64);
                out.push(' ');
                push_fixed(out, radius * CELL as f64);
                out.push_str(" 0 0 1 ");
            }
        }
        point(out, to);
    }
}

/// How far a weave's cells are drawn inside their squares, as a share of a cell each side.
const WEAVE_INSET: f64 = 0.15;

/// A weave cell's walls drawn as in *Mazes for Programmers*: the cell a square inset in its
/// place; an open side (a passage, or a tunnel leaving that way) is a corridor's two short
/// walls out to the cell's edge, a closed side the inset square's side. Under a crossing the
/// tunnel shows as its two pairs of short walls meeting the corridor over it, whose walls run
/// on unbroken.
fn weave_cell_walls(
    out: &mut String,
    maze: &Maze,
    grid: &Grid,
    cell: usize,
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
    let (x, y) = (cell % w, cell / w);
    let (fx, fy) = (x as f64, y as f64);
    let xs = [fx, fx + WEAVE_INSET, fx + 1.0 - WEAVE_INSET, fx + 1.0];
    let ys = [fy, fy + WEAVE_INSET, fy + 1.0 - WEAVE_INSET, fy + 1.0];
    let bits = cells[cell];
    // Whether a tunnel passes under the cell through its side `d`: the cell beyond that side
    // opens a tunnel back through it.
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

/// Terrain painted on the maze (see [`crate::world`]) is drawn with obstacles filled dark,
/// costs in the page's palette (grass 2–3, sand 4–7, water 8–9) with a pattern each, so a
/// worksheet printed in black and white still tells them apart. Cost 1 is left plain, as
/// unpainted cells. (lowest cost, fill, ink, pattern id); the pattern tile is 6 units.
const PAINTS: [(u8, &str, &str, &str); 3] = [
    (2, "#b7dfa0", "#3f7f2a", "grass"),
    (4, "#f1dc9a", "#9a6b12", "sand"),
    (8, "#5da3de", "#174a7c", "water"),
];

/// The terrain's patterns and the opening of its group.
fn open_terrain(out: &mut String) {
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
}

/// One cell of terrain `value`, its closed outline written by `outline`; nothing for cost 1.
fn shade_terrain_cell(out: &mut String, value: u8, outline: impl FnOnce(&mut String)) {
    if value == crate::world::PLAIN {
        return;
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
    outline(out);
    out.push_str("\"/>\n");
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
pub(crate) fn push_fixed(out: &mut String, value: f64) {
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

pub(crate) fn push_escaped(out: &mut String, text: &str) {
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
