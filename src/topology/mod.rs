//! The shape of a maze: which cells there are, which cells each one touches, and where each
//! one lies. A maze is a graph, and the algorithms only need these answers; the square grid
//! is one shape among several (as in *Mazes for Programmers*' grid classes).
//!
//! Every shape numbers a cell's sides clockwise from 0, and a passage through side `s` is bit
//! `1 << s` of the cell's passage byte, so a cell has at most 8 sides:
//!
//! | shape | cells | sides |
//! |---|---|---|
//! | `square` | `width` × `height` | 0 north, 1 east, 2 south, 3 west |
//! | `hex` | `width` columns × `height` rows, flat-topped, odd columns half a cell lower | 0 north, 1 north-east, 2 south-east, 3 south, 4 south-west, 5 north-west |
//! | `triangle` | `width` × `height`, pointing up where `x + y` is even | up: 0 east, 1 south, 2 west; down: 0 north, 1 east, 2 west |
//! | `polar` | `height` rings around one centre cell; a ring splits its cells in two when they grow too wide (`width` is not used) | centre: 0.. its children; others: 0 inward, 1 anticlockwise, 2 and 3 outward, 4 clockwise |
//! | `weave` | `width` × `height` squares whose passages may cross under one another | 0 north, 1 east, 2 south, 3 west; `4 + d` a tunnel under the neighbour through side `d` to the cell beyond |
//!
//! A [`Grid`] also knows which cells a mask switched off: they touch nothing.
//!
//! What the algorithms ask of a grid comes in three traits: [`Topology`] (neighbours and
//! geometry: every algorithm), [`Walk`] (how a machine moving over the grid keeps a cell, a
//! [`Spot`], and picks where to go: the generators' inner loops and A*'s open set) and
//! [`Weave`] (crossings and tunnels: the generators that make weaves and the wall
//! followers). [`Square`] answers them with the plain square grid's arithmetic, [`Grid`] for
//! every shape. Masks made from figures, pictures and words: [`mask_makers`].

mod direction;
mod hex;
mod mask;
pub mod mask_makers;
pub mod outline;
mod polar;
mod square;
mod triangle;
mod walk;
pub mod weave;

pub use direction::{Direction, E, N, S, W};
pub use mask::{Mask, MaskError};
pub use square::Square;

use crate::rng::{Coins, Rng};
use crate::words::{known_words, Arg, Sentence};
use std::fmt;
use std::sync::Arc;

/// A side of a cell, numbered clockwise from 0 (see the module's table). On the square grid
/// 0 north, 1 east, 2 south, 3 west (`Direction as Side`); passage bit `1 << side`.
pub type Side = u8;

/// The largest width or height a grid may have.
pub const MAX_SIDE: u32 = 4096;

/// The most cells a grid of any shape may have: as many as the largest square grid.
pub const MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The shapes a grid can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Square,
    Hex,
    Triangle,
    Polar,
    Weave,
}

impl Shape {
    /// Every shape, in the order the page and `mazestep list` show them.
    pub const ALL: [Shape; 5] = [
        Shape::Square,
        Shape::Hex,
        Shape::Triangle,
        Shape::Polar,
        Shape::Weave,
    ];

    /// The name used on the command line and in URLs.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::Hex => "hex",
            Shape::Triangle => "triangle",
            Shape::Polar => "polar",
            Shape::Weave => "weave",
        }
    }

    /// Its name as words of their own ("shapes.hex"), for sentences the page says in its
    /// language.
    pub fn words(self) -> Arg {
        known_words("shapes.", self.name())
    }

    /// The shape with this name.
    pub fn parse(text: &str) -> Result<Shape, String> {
        Shape::ALL
            .into_iter()
            .find(|shape| shape.name() == text)
            .ok_or_else(|| {
                let names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
                format!(
                    "unknown shape {}: choose one of {}",
                    crate::words::quote(text),
                    names.join(", ")
                )
            })
    }

    /// The most sides any of its cells has.
    pub const fn max_sides(self) -> u8 {
        match self {
            Shape::Square => 4,
            Shape::Hex => 6,
            Shape::Triangle => 3,
            Shape::Polar => 6,
            Shape::Weave => 8,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a grid could not be made.
#[derive(Clone, Debug, PartialEq)]
pub enum GridError {
    /// A width or height outside `1..=MAX_SIDE`, or more than [`MAX_CELLS`] cells in all.
    BadSize(Sentence),
    /// A mask that does not fit the grid or leaves no cell on.
    BadMask(Sentence),
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::BadSize(why) | GridError::BadMask(why) => f.write_str(&why.english()),
        }
    }
}

impl std::error::Error for GridError {}

impl GridError {
    /// The refusal as a sentence (its `Display` is the sentence in English).
    pub fn words(&self) -> &Sentence {
        match self {
            GridError::BadSize(why) | GridError::BadMask(why) => why,
        }
    }
}

/// Neighbours and geometry: what every algorithm asks of its grid. Implemented by [`Square`]
/// (the plain square grid's arithmetic) and by [`Grid`] for every shape; a machine generic
/// over it is compiled once for each. Two extensions answer the rest: [`Walk`] (how a machine
/// moving over the grid keeps a cell and picks where to go next) and [`Weave`] (where passages
/// may cross, on a weave).
pub trait Topology {
    /// Cells, switched-off ones included; cells are numbered `0..len()`.
    fn len(&self) -> usize;

    /// Whether there are no cells (never, for a grid that was made).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many side numbers a cell uses: its sides are `0..sides(cell)`, though some may
    /// lead nowhere (the border, a switched-off cell, a polar cell with one outward side).
    fn sides(&self, cell: usize) -> u8;

    /// The most sides any cell has: what a per-cell set of sides must have room for.
    fn max_sides(&self) -> u8 {
        8
    }

    /// The cell through side `side` of `cell`, or `None` where that side leads to no cell
    /// that is on.
    fn neighbour(&self, cell: usize, side: Side) -> Option<usize>;

    /// The side of the neighbour through `side` that leads back to `cell`.
    fn back(&self, cell: usize, side: Side) -> Side;

    /// Whether the cell is on (not switched off by a mask).
    fn is_on(&self, cell: usize) -> bool;

    /// Calls `f(side, neighbour)` for every side of `cell` that leads to a cell that is on,
    /// in side order.
    #[inline]
    fn for_each_neighbour(&self, cell: usize, mut f: impl FnMut(Side, usize)) {
        for side in 0..self.sides(cell) {
            if let Some(next) = self.neighbour(cell, side) {
                f(side, next);
            }
        }
    }

    /// The cell through a side known to lead to one (an open passage): for the searches,
    /// which may skip the border check. A side that leads nowhere gives `cell` itself.
    #[inline]
    fn through(&self, cell: usize, side: Side) -> usize {
        self.neighbour(cell, side).unwrap_or(cell)
    }

    /// Calls `f(side)` for every side whose passage bit is set in `bits`, in side order. The
    /// square grid writes its four sides out, so that in each call the side is a constant and
    /// so is everything worked out from it ([`Topology::through`]'s offset, the way back …):
    /// no table built and indexed per neighbour. Takes no grid, so that `f` may borrow the
    /// machine that holds one.
    #[inline(always)]
    fn for_each_side(bits: u8, mut f: impl FnMut(Side))
    where
        Self: Sized,
    {
        let mut left = bits;
        while left != 0 {
            let side = left.trailing_zeros() as Side;
            left &= left - 1;
            f(side);
        }
    }

    /// Calls `f(side, neighbour)` for every open passage of `cell`, whose passage bits are
    /// `bits`, in side order.
    #[inline]
    fn for_each_passage(&self, cell: usize, bits: u8, mut f: impl FnMut(Side, usize))
    where
        Self: Sized,
    {
        Self::for_each_side(bits, |side| f(side, self.through(cell, side)));
    }

    /// The first cell that is on, counting from `cell` (wrapping around): where a random
    /// first cell or a default start or goal goes when a mask switched its cell off.
    #[inline]
    fn nearest_on(&self, cell: usize) -> usize {
        if self.is_on(cell) {
            return cell;
        }
        (0..self.len())
            .map(|i| (cell + i) % self.len())
            .find(|&c| self.is_on(c))
            .unwrap_or(cell)
    }

    /// The side of `cell` that leads to its neighbour `next`.
    #[inline]
    fn side_toward(&self, cell: usize, next: usize) -> Side {
        let mut found = 0;
        self.for_each_neighbour(cell, |side, n| {
            if n == next {
                found = side;
            }
        });
        found
    }

    /// Where the cell's centre lies, in units of about one cell across: for heuristics and
    /// drawing. `x` grows to the right and `y` downwards.
    fn position(&self, cell: usize) -> (f64, f64);

    /// A lower bound on the number of passages between two cells: what A* may assume.
    fn estimate(&self, from: usize, to: usize) -> u32;

    /// Every wall between two cells (two cells that touch), each once and as one number, in
    /// a fixed order: for Kruskal. By default `cell << 3 | side` for the sides whose neighbour
    /// has the larger number, cell by cell. (A weave's tunnels are no walls: only generators
    /// that know weaves place them.)
    fn walls(&self) -> Vec<u32> {
        let mut walls = Vec::new();
        for cell in 0..self.len() {
            self.for_each_neighbour(cell, |side, next| {
                if next > cell {
                    walls.push((cell as u32) << 3 | u32::from(side));
                }
            });
        }
        walls
    }

    /// A wall of [`Topology::walls`] as the cell on one side, the side of it, and the cell on
    /// the other side.
    #[inline]
    fn wall(&self, wall: u32) -> (usize, Side, usize) {
        let (cell, side) = ((wall >> 3) as usize, (wall & 7) as Side);
        (cell, side, self.through(cell, side))
    }
}

// The generators' inner loops and A*'s places: in walk.rs. Weaves: in weave.rs.
pub use walk::{random_side, Spot, Walk};
pub use weave::Weave;

/// A grid of any shape, with the cells a mask switched off. Cheap to copy: its tables are
/// shared, so that a machine keeps a grid of its own and a copy of the machine (a
/// checkpoint) does not copy the grid's mask and rings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    shape: Shape,
    width: u32,
    height: u32,
    /// Polar only: the first cell of each ring, and the number of cells at the end.
    rings: Arc<[u32]>,
    /// Polar only: the ring of each cell.
    ring_index: Arc<[u16]>,
    /// Cells switched off, if a mask was applied.
    off: Option<Arc<[bool]>>,
}

/// How many cells a grid of `shape` has (polar: `height` rings), without making the grid:
/// what a text naming cells (edits) is checked against before it is read.
pub fn cell_count(shape: Shape, width: u32, height: u32) -> usize {
    match shape {
        Shape::Polar => *polar::ring_starts(height).last().unwrap_or(&0) as usize,
        _ => width as usize * height as usize,
    }
}

impl Grid {
    /// A grid of `shape`. `width` and `height` are columns and rows, except for `polar`,
    /// where `height` is the number of rings and `width` is not used.
    pub fn new(shape: Shape, width: u32, height: u32) -> Result<Grid, GridError> {
        let size_error = || {
            GridError::BadSize(
                Sentence::new("refusals.grid-size")
                    .with("shape", shape.words())
                    .n("width", width)
                    .n("height", height)
                    .with("max", Arg::Text(MAX_SIDE.to_string())),
            )
        };
        if !(1..=MAX_SIDE).contains(&height) || !(1..=MAX_SIDE).contains(&width) {
            return Err(size_error());
        }
        if shape == Shape::Triangle && width == 1 && height > 2 {
            // A column of triangles joins only in pairs: rows 0-1, 2-3 … fall apart.
            return Err(GridError::BadSize(
                Sentence::new("refusals.triangle-column").n("height", height),
            ));
        }
        let rings = match shape {
            Shape::Polar => polar::ring_starts(height),
            _ => Vec::new(),
        };
        let mut grid = Grid {
            shape,
            width,
            height,
            rings: rings.into(),
            ring_index: Arc::new([]),
            off: None,
        };
        if grid.len() > MAX_CELLS {
            return Err(GridError::BadSize(
                Sentence::new("refusals.too-many-rings")
                    .with("shape", shape.words())
                    .n("rings", height)
                    .n("cells", grid.len() as u64)
                    .n("max", MAX_CELLS as u64)
                    .n("most", polar::most_rings(MAX_CELLS) as u64),
            ));
        }
        if shape == Shape::Polar {
            grid.ring_index = polar::ring_index(&grid.rings).into();
        }
        Ok(grid)
    }

    /// The same grid with the cells the mask marks off switched off. The mask must have the
    /// grid's size in cells (for polar: as many cells as the grid) and leave a cell on.
    pub fn with_mask(mut self, mask: &Mask) -> Result<Grid, GridError> {
        let off = mask.cells_off(self.shape, self.width, self.height, self.len())?;
        if off.iter().all(|&o| o) {
            return Err(GridError::BadMask(Sentence::new("refusals.mask-all-off")));
        }
        self.off = off.iter().any(|&o| o).then(|| off.into());
        Ok(self)
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether a mask switched any cell off.
    pub fn is_masked(&self) -> bool {
        self.off.is_some()
    }

    /// The cells that are on.
    pub fn cells_on(&self) -> usize {
        self.off
            .as_ref()
            .map_or(self.len(), |off| off.iter().filter(|&&o| !o).count())
    }

    /// Polar: the first cell of each ring, then the number of cells (empty for other shapes).
    pub fn ring_starts(&self) -> &[u32] {
        &self.rings
    }

    /// Polar: how many rings, and the cells of ring `ring` as a range of cell numbers.
    pub fn ring(&self, ring: u32) -> std::ops::Range<usize> {
        self.rings[ring as usize] as usize..self.rings[ring as usize + 1] as usize
    }

    /// A column and row for a cell, for messages: for polar the ring and the cell's place in
    /// it (clockwise from the east).
    pub fn place(&self, cell: usize) -> (u32, u32) {
        match self.shape {
            Shape::Polar => polar::place(&self.rings, &self.ring_index, cell),
            _ => (
                (cell % self.width as usize) as u32,
                (cell / self.width as usize) as u32,
            ),
        }
    }

    /// The cell at a column and row (polar: ring and place), if there is one.
    pub fn cell_at(&self, x: u32, y: u32) -> Option<usize> {
        match self.shape {
            Shape::Polar => {
                let ring = self.rings.get(y as usize..y as usize + 2)?;
                let cell = ring[0] as usize + x as usize;
                (cell < ring[1] as usize).then_some(cell)
            }
            _ => (x < self.width && y < self.height)
                .then(|| y as usize * self.width as usize + x as usize),
        }
    }

    /// A side's name for narration: "north", "south-east", "inward", "clockwise" …
    pub fn side_name(&self, cell: usize, side: Side) -> &'static str {
        match self.shape {
            Shape::Square => Direction::ALL[usize::from(side & 3)].name(),
            Shape::Weave if side >= 4 => weave::TUNNEL_NAMES[usize::from(side & 3)],
            Shape::Weave => Direction::ALL[usize::from(side & 3)].name(),
            Shape::Hex => hex::SIDE_NAMES[usize::from(side % 6)],
            Shape::Triangle => triangle::side_name(self.place(cell), side),
            Shape::Polar => polar::side_name(cell, side),
        }
    }

    /// The cells that can be reached from `from` through neighbours that are on, as a flag
    /// per cell: a mask may cut a grid into several regions.
    pub fn region_of(&self, from: usize) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        self.flood(from, &mut seen, &mut Vec::new());
        seen
    }

    /// How many separate regions the cells that are on make.
    pub fn regions(&self) -> usize {
        let mut count = 0;
        self.for_each_region(&mut |_, _| count += 1);
        count
    }

    /// Calls `f(first, size)` for every region of cells that are on, in order of its lowest
    /// cell `first`: one pass over the grid, each cell flooded once (a checkerboard of 4096 ×
    /// 4096 cells is eight million regions, counted in one pass).
    pub fn for_each_region(&self, f: &mut dyn FnMut(usize, usize)) {
        let mut seen = vec![false; self.len()];
        let mut stack = Vec::new();
        for first in 0..self.len() {
            if !seen[first] && self.is_on(first) {
                let size = self.flood(first, &mut seen, &mut stack);
                f(first, size);
            }
        }
    }

    /// Flags every cell reachable from `from` (through cells that are on) in `seen`, and
    /// returns how many it flagged. One copy of the walk for every use (it inlines every
    /// shape's neighbours).
    #[inline(never)]
    fn flood(&self, from: usize, seen: &mut [bool], stack: &mut Vec<usize>) -> usize {
        seen[from] = true;
        stack.push(from);
        let mut size = 0;
        while let Some(cell) = stack.pop() {
            size += 1;
            self.for_each_neighbour(cell, |_, next| {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            });
        }
        size
    }
}

impl Topology for Grid {
    #[inline]
    fn len(&self) -> usize {
        match self.shape {
            Shape::Polar => *self.rings.last().unwrap_or(&0) as usize,
            _ => self.width as usize * self.height as usize,
        }
    }

    #[inline]
    fn sides(&self, cell: usize) -> u8 {
        match self.shape {
            Shape::Square => 4,
            Shape::Hex => 6,
            Shape::Triangle => 3,
            Shape::Polar => polar::sides(&self.rings, cell),
            Shape::Weave => 8,
        }
    }

    #[inline]
    fn max_sides(&self) -> u8 {
        self.shape.max_sides()
    }

    // Out of line (as `through` and `back`): one copy of every shape's arithmetic, called
    // by every machine's copy for grids of any shape.
    #[inline(never)]
    fn neighbour(&self, cell: usize, side: Side) -> Option<usize> {
        let next = match self.shape {
            Shape::Square => square_neighbour(self.width, self.height, cell, side),
            Shape::Hex => hex::neighbour(self.width, self.height, cell, side),
            Shape::Triangle => triangle::neighbour(self.width, self.height, cell, side),
            Shape::Polar => polar::neighbour(&self.rings, &self.ring_index, cell, side),
            Shape::Weave => self.weave_neighbour(cell, side),
        }?;
        match &self.off {
            Some(off) if off[cell] || off[next] => None,
            _ => Some(next),
        }
    }

    /// From the list [`Grid::neighbours`] makes out of line: the one copy of every shape's
    /// arithmetic, which every machine's copy for grids of any shape calls. Inlined into each
    /// call site is only this loop over the list.
    #[inline]
    fn for_each_neighbour(&self, cell: usize, mut f: impl FnMut(Side, usize)) {
        let list = self.neighbours(cell);
        for i in 0..usize::from(list.len) {
            f(list.sides[i], list.cells[i] as usize);
        }
    }

    /// From tables indexed by the side rather than a match on it, as the plain square grid's
    /// offsets are: the side of an open passage is as good as random to the processor, and a
    /// jump on it was mostly mispredicted in every search. Sides out of range ask
    /// [`Topology::neighbour`].
    #[inline(never)]
    fn through(&self, cell: usize, side: Side) -> usize {
        let (w, s) = (self.width as usize, usize::from(side));
        match self.shape {
            Shape::Hex if s < 6 => hex::through(w, cell, s),
            Shape::Triangle if s < 3 => triangle::through(w, cell, s),
            Shape::Polar => polar::through(&self.rings, &self.ring_index, cell, s),
            // A masked square grid's sides, and a weave's: its tunnel `4 + d` goes two cells
            // the way of side `d`.
            Shape::Square | Shape::Weave if s < 8 => {
                let w = w as isize;
                cell.wrapping_add_signed([-w, 1, w, -1][s & 3] * (1 + (s >> 2) as isize))
            }
            _ => self.neighbour(cell, side).unwrap_or(cell),
        }
    }

    #[inline(never)]
    fn back(&self, cell: usize, side: Side) -> Side {
        match self.shape {
            Shape::Square => (side + 2) % 4,
            Shape::Hex => (side + 3) % 6,
            Shape::Triangle => triangle::back(self.width, cell, side),
            Shape::Polar => polar::back(&self.rings, &self.ring_index, cell, side),
            Shape::Weave => weave::back(side),
        }
    }

    #[inline]
    fn is_on(&self, cell: usize) -> bool {
        !self.off.as_ref().is_some_and(|off| off[cell])
    }

    fn position(&self, cell: usize) -> (f64, f64) {
        let (x, y) = self.place(cell);
        match self.shape {
            Shape::Square | Shape::Weave => (f64::from(x) + 0.5, f64::from(y) + 0.5),
            Shape::Hex => hex::position(x, y),
            Shape::Triangle => triangle::position(x, y),
            Shape::Polar => polar::position(&self.rings, &self.ring_index, cell),
        }
    }

    fn estimate(&self, from: usize, to: usize) -> u32 {
        let (a, b) = (self.place(from), self.place(to));
        match self.shape {
            Shape::Square => a.0.abs_diff(b.0) + a.1.abs_diff(b.1),
            Shape::Hex => hex::distance(a, b),
            Shape::Triangle => triangle::distance(a, b),
            // Rings apart is a lower bound: each passage changes the ring by at most one.
            Shape::Polar => a.1.abs_diff(b.1),
            // A move changes the Manhattan distance by at most two (a tunnel), so at least
            // half of it, rounded up, is left to walk.
            Shape::Weave => (a.0.abs_diff(b.0) + a.1.abs_diff(b.1)).div_ceil(2),
        }
    }

    /// Every wall between two cells, as [`Topology::walls`] but without a weave's tunnels.
    fn walls(&self) -> Vec<u32> {
        let mut walls = Vec::new();
        for cell in 0..self.len() {
            self.for_each_neighbour(cell, |side, next| {
                if next > cell && self.way(side) == side {
                    walls.push((cell as u32) << 3 | u32::from(side));
                }
            });
        }
        walls
    }
}

/// Plain A*'s two score levels need a move to change the estimate by exactly one: on squares
/// and triangles each step changes the column or the row by one, and so the estimate (their
/// Manhattan distance) by one; on hexagons and rings a step can keep it.
impl Walk for Grid {
    fn most_estimate(&self) -> Option<u32> {
        matches!(self.shape(), Shape::Square | Shape::Triangle)
            .then(|| (self.width() - 1) + (self.height() - 1))
    }

    /// The neighbours listed once, and the one `random_side` would pick (the k-th in side
    /// order, from the same one random number) taken from the list: no second trip through
    /// [`Topology::neighbour`] for the side picked, no loop over its bits (a branch on a
    /// random number, mostly mispredicted).
    #[inline]
    fn random_step(&self, spot: Spot, _coins: &mut Coins, rng: &mut Rng) -> (Side, Spot) {
        // A cell with no neighbour stays (as `through` leaves it), through side 0.
        let mut options = [(0 as Side, spot.cell); 8];
        let mut count = 0;
        self.for_each_neighbour(spot.cell, |side, next| {
            options[count & 7] = (side, next);
            count += 1;
        });
        let (side, next) = options[rng.below(count as u32) as usize & 7];
        (side, self.spot(next))
    }

    #[inline]
    fn pick(&self, spot: Spot, keep: impl Fn(usize) -> bool, rng: &mut Rng) -> (Side, Spot) {
        self.pick_where(spot, keep, rng).unwrap_or((0, spot))
    }

    /// As [`Grid::random_step`]: the neighbours kept listed once, the k-th taken from the list.
    #[inline]
    fn pick_where(
        &self,
        spot: Spot,
        keep: impl Fn(usize) -> bool,
        rng: &mut Rng,
    ) -> Option<(Side, Spot)> {
        let mut options = [(0 as Side, spot.cell); 8];
        let mut count = 0;
        self.for_each_neighbour(spot.cell, |side, next| {
            options[count & 7] = (side, next);
            count += usize::from(keep(next));
        });
        if count == 0 {
            return None;
        }
        let (side, next) = options[rng.below(count as u32) as usize & 7];
        Some((side, self.spot(next)))
    }
}

impl Weave for Grid {
    #[inline]
    fn weaves(&self) -> bool {
        self.shape == Shape::Weave
    }

    fn crossing_cells(&self) -> Vec<u32> {
        if self.shape != Shape::Weave {
            return Vec::new();
        }
        (0..self.len())
            .filter(|&cell| (0..4).all(|side| self.neighbour(cell, side).is_some()))
            .map(|cell| cell as u32)
            .collect()
    }

    #[inline]
    fn can_carve(&self, cells: &[u8], cell: usize, side: Side) -> bool {
        let (w, h) = (self.width as usize, self.height as usize);
        self.shape != Shape::Weave || weave::can_carve(w, h, cells, cell, side)
    }

    #[inline]
    fn ways(&self, cell: usize) -> u8 {
        if self.shape == Shape::Weave {
            4
        } else {
            self.sides(cell)
        }
    }

    #[inline]
    fn way(&self, side: Side) -> Side {
        if self.shape == Shape::Weave {
            side & 3
        } else {
            side
        }
    }

    #[inline]
    fn way_side(&self, bits: u8, way: Side) -> Side {
        if self.shape == Shape::Weave && bits & 1 << way == 0 {
            way + 4
        } else {
            way
        }
    }
}

/// A cell's neighbours that are on, listed once, in side order: the sides, and the cells
/// through them.
#[derive(Clone, Copy, Debug)]
pub struct Neighbours {
    pub sides: [Side; 8],
    pub cells: [u32; 8],
    pub len: u8,
}

impl Grid {
    /// The neighbours of `cell` that are on, with the cell's column and row (or ring) found
    /// once for all its sides, rather than once a side as [`Topology::neighbour`] must. Out of
    /// line, so that every shape's arithmetic is compiled once, not into each machine.
    #[inline(never)]
    pub fn neighbours(&self, cell: usize) -> Neighbours {
        let mut list = Neighbours {
            sides: [0; 8],
            cells: [0; 8],
            len: 0,
        };
        let off = self.off.as_deref();
        if off.is_some_and(|off| off[cell]) {
            return list;
        }
        let mut emit = |side: Side, next: usize| {
            if !off.is_some_and(|off| off[next]) {
                let at = usize::from(list.len) & 7;
                list.sides[at] = side;
                list.cells[at] = next as u32;
                list.len += 1;
            }
        };
        let (w, h) = (self.width as usize, self.height as usize);
        match self.shape {
            Shape::Square => {
                let (x, y) = (cell % w, cell / w);
                if y > 0 {
                    emit(0, cell - w);
                }
                if x + 1 < w {
                    emit(1, cell + 1);
                }
                if y + 1 < h {
                    emit(2, cell + w);
                }
                if x > 0 {
                    emit(3, cell - 1);
                }
            }
            Shape::Weave => {
                // Worked out out of line, with a loop over set bits (not unrolled).
                let (next, mut sides) = weave::neighbours(w, h, cell, off);
                while sides != 0 {
                    let side = sides.trailing_zeros() as Side;
                    sides &= sides - 1;
                    emit(side, next[usize::from(side)]);
                }
            }
            Shape::Hex => hex::for_each(w, h, cell, emit),
            Shape::Triangle => triangle::for_each(w, h, cell, emit),
            Shape::Polar => polar::for_each(&self.rings, &self.ring_index, cell, emit),
        }
        list
    }
}

impl Grid {
    /// A weave's neighbour through `side`, before the mask's check of the two ends: sides 0
    /// to 3 as on the square grid, a tunnel `4 + d` under the neighbour through `d`, which
    /// must be on, to the cell beyond.
    #[inline(never)]
    fn weave_neighbour(&self, cell: usize, side: Side) -> Option<usize> {
        if side < 4 {
            return square_neighbour(self.width, self.height, cell, side);
        }
        let middle = square_neighbour(self.width, self.height, cell, side - 4)?;
        if !self.is_on(middle) {
            return None;
        }
        square_neighbour(self.width, self.height, middle, side - 4)
    }
}

/// The square grid's neighbour: sides 0 north, 1 east, 2 south, 3 west.
#[inline]
fn square_neighbour(width: u32, height: u32, cell: usize, side: Side) -> Option<usize> {
    let (w, h) = (width as usize, height as usize);
    let (x, y) = (cell % w, cell / w);
    match side {
        0 => (y > 0).then(|| cell - w),
        1 => (x + 1 < w).then(|| cell + 1),
        2 => (y + 1 < h).then(|| cell + w),
        3 => (x > 0).then(|| cell - 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every side that leads somewhere leads back, the same way, on every shape.
    fn check_symmetric(grid: &Grid) {
        for cell in 0..grid.len() {
            assert!(grid.sides(cell) <= 8, "{cell}: more than 8 sides");
            assert!(
                grid.sides(cell) <= grid.max_sides(),
                "{cell}: above max_sides"
            );
            let mut seen = Vec::new();
            grid.for_each_neighbour(cell, |side, next| {
                assert_ne!(next, cell, "cell {cell} side {side} leads to itself");
                assert!(!seen.contains(&next), "cell {cell} touches {next} twice");
                seen.push(next);
                let back = grid.back(cell, side);
                assert!(back < grid.sides(next), "back side {back} out of range");
                assert_eq!(
                    grid.neighbour(next, back),
                    Some(cell),
                    "{:?} cell {cell} side {side} -> {next}, whose side {back} does not lead back",
                    grid.shape()
                );
            });
        }
    }

    #[test]
    fn every_shape_is_symmetric_at_many_sizes() {
        for shape in Shape::ALL {
            for (w, h) in [(1, 1), (1, 2), (5, 1), (2, 2), (3, 4), (7, 6), (12, 9)] {
                check_symmetric(&Grid::new(shape, w, h).unwrap());
            }
        }
    }

    /// The fast enumeration of a cell's neighbours gives what asking side by side gives.
    #[test]
    fn neighbours_at_once_are_neighbours_side_by_side() {
        for shape in Shape::ALL {
            for (w, h) in [(1, 1), (1, 2), (2, 1), (3, 4), (7, 6)] {
                let plain = Grid::new(shape, w, h).unwrap();
                let rows = (0..h)
                    .map(|y| (0..w).map(|x| (x + 2 * y) % 5 == 3).collect())
                    .collect();
                let masked = match shape {
                    Shape::Polar => None,
                    _ => plain.clone().with_mask(&Mask::from_rows(rows)).ok(),
                };
                for grid in std::iter::once(plain).chain(masked) {
                    for cell in 0..grid.len() {
                        let mut at_once = Vec::new();
                        grid.for_each_neighbour(cell, |side, next| at_once.push((side, next)));
                        let one_by_one: Vec<(Side, usize)> = (0..grid.sides(cell))
                            .filter_map(|side| grid.neighbour(cell, side).map(|n| (side, n)))
                            .collect();
                        assert_eq!(at_once, one_by_one, "{shape} {w}x{h} cell {cell}");
                        for &(side, next) in &at_once {
                            assert_eq!(grid.through(cell, side), next, "{shape} {w}x{h} {cell}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_shape_is_connected() {
        for shape in Shape::ALL {
            for (w, h) in [(1, 1), (1, 5), (5, 1), (4, 3), (9, 8), (1, 2), (2, 9)] {
                let Ok(grid) = Grid::new(shape, w, h) else {
                    assert!(
                        shape == Shape::Triangle && w == 1,
                        "{shape} {w}x{h} refused"
                    );
                    continue;
                };
                assert_eq!(grid.regions(), 1, "{shape} {w}x{h}");
            }
        }
    }

    #[test]
    fn square_matches_the_maze_model() {
        let grid = Grid::new(Shape::Square, 5, 3).unwrap();
        let maze = crate::maze::Maze::new(5, 3).unwrap();
        for cell in 0..15 {
            for dir in Direction::ALL {
                assert_eq!(grid.neighbour(cell, dir as u8), maze.neighbour(cell, dir));
                assert_eq!(grid.back(cell, dir as u8), dir.opposite() as u8);
            }
        }
    }

    #[test]
    fn the_square_topology_is_the_square_grid() {
        for (w, h) in [(1, 1), (1, 4), (4, 1), (5, 3)] {
            let (grid, square) = (Grid::new(Shape::Square, w, h).unwrap(), Square::new(w, h));
            assert_eq!(square.len(), grid.len());
            for cell in 0..grid.len() {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                grid.for_each_neighbour(cell, |side, next| a.push((side, next)));
                square.for_each_neighbour(cell, |side, next| b.push((side, next)));
                assert_eq!(a, b, "{w}x{h} cell {cell}");
                for side in 0..4 {
                    assert_eq!(square.neighbour(cell, side), grid.neighbour(cell, side));
                    assert_eq!(square.back(cell, side), grid.back(cell, side));
                    if let Some(next) = grid.neighbour(cell, side) {
                        assert_eq!(square.through(cell, side), next);
                    }
                }
                assert_eq!(square.position(cell), grid.position(cell));
                assert_eq!(square.estimate(cell, 0), grid.estimate(cell, 0));
            }
        }
    }

    #[test]
    fn neighbour_counts_are_the_shapes() {
        let count = |grid: &Grid, cell| {
            let mut n = 0;
            grid.for_each_neighbour(cell, |_, _| n += 1);
            n
        };
        let hex = Grid::new(Shape::Hex, 5, 5).unwrap();
        assert_eq!(count(&hex, 2 * 5 + 2), 6, "an inner hexagon");
        assert_eq!(count(&hex, 0), 2, "the top-left hexagon");
        let triangle = Grid::new(Shape::Triangle, 5, 5).unwrap();
        assert_eq!(count(&triangle, 2 * 5 + 2), 3, "an inner triangle");
        let polar = Grid::new(Shape::Polar, 1, 4).unwrap();
        assert_eq!(
            count(&polar, 0),
            6,
            "the centre touches the six cells of ring 1"
        );
    }

    #[test]
    fn estimates_never_exceed_the_true_distance() {
        for shape in Shape::ALL {
            let grid = Grid::new(shape, 9, 7).unwrap();
            for from in [0, grid.len() / 2, grid.len() - 1] {
                // Breadth-first distances over the full grid.
                let mut distance = vec![u32::MAX; grid.len()];
                let mut queue = std::collections::VecDeque::from([from]);
                distance[from] = 0;
                while let Some(cell) = queue.pop_front() {
                    grid.for_each_neighbour(cell, |_, next| {
                        if distance[next] == u32::MAX {
                            distance[next] = distance[cell] + 1;
                            queue.push_back(next);
                        }
                    });
                }
                for (to, &d) in distance.iter().enumerate() {
                    assert!(
                        grid.estimate(to, from) <= d,
                        "{shape}: estimate {} > distance {d} from {to} to {from}",
                        grid.estimate(to, from)
                    );
                }
                if shape != Shape::Polar {
                    // And exact on open grids of hexagons and squares.
                    let far = grid.len() - 1 - from.min(grid.len() - 1);
                    if shape != Shape::Triangle {
                        assert_eq!(grid.estimate(far, from), distance[far], "{shape}");
                    }
                }
            }
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Grid::new(Shape::Hex, 0, 3).is_err());
        assert!(Grid::new(Shape::Triangle, 4097, 3).is_err());
        let too_many = Grid::new(Shape::Polar, 1, 4096).unwrap_err().to_string();
        assert!(too_many.contains("rings"), "{too_many}");
        assert!(Grid::new(Shape::Polar, 1, polar::most_rings(MAX_CELLS)).is_ok());
        assert_eq!(
            Shape::parse("hexagon").unwrap_err(),
            "unknown shape 'hexagon': choose one of square, hex, triangle, polar, weave"
        );
    }
}
