//! The maze model: a grid of cells, each holding which of its four sides are open.
//!
//! A cell is one byte of passage bits, `N = 1, E = 2, S = 4, W = 8`; north is the smaller `y`.
//! Cells are stored row by row, so cell `(x, y)` has index `y * width + x`.
//!
//! The classic teaching material draws mazes on a *tile grid* instead: a `(2W+1) × (2H+1)` grid
//! of wall and open tiles where cell `(x, y)` sits on tile `(2x+1, 2y+1)` and the tile between two
//! cells is open exactly when the passage between them is. That grid is a view of this model
//! ([`Maze::tiles`]), used by the text format and the block render style.

// The square grid's sides and directions, and the size limit, from the topology layer below;
// here too because every square maze speaks of them.
pub use crate::topology::{Direction, Side, E, MAX_SIDE, N, S, W};
use crate::topology::{Grid, Shape, Square, Topology};
use crate::words::{push_number, Arg, CellNames, Sentence};
use std::borrow::Cow;
use std::fmt;

/// The terrain value of a blocked cell (an obstacle; see [`crate::world`]).
pub const BLOCKED: u8 = 0;
/// The cost of entering a cell where nothing was painted.
pub const PLAIN: u8 = 1;
/// The largest cost of entering a cell.
pub const MAX_COST: u8 = 9;

/// Why a maze could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MazeError {
    /// Width or height outside `1..=MAX_SIDE`.
    BadSize { width: u32, height: u32 },
    /// A cell list whose length is not `width * height`, or with bits outside `N|E|S|W`, or
    /// passages that lead off the grid or are open on one side only.
    BadCells(String),
}

impl fmt::Display for MazeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MazeError::BadSize { width, height } => {
                f.write_str(&size_refusal(*width, *height).english())
            }
            MazeError::BadCells(why) => write!(f, "bad maze cells: {why}"),
        }
    }
}

impl MazeError {
    /// The refusal as a sentence, for a page in another language (a size; bad cells come
    /// from a program, not a learner, and stay English).
    pub fn words(&self) -> Option<Sentence> {
        match self {
            MazeError::BadSize { width, height } => Some(size_refusal(*width, *height)),
            MazeError::BadCells(_) => None,
        }
    }
}

fn size_refusal(width: u32, height: u32) -> Sentence {
    Sentence::new("refusals.maze-size")
        .n("width", width)
        .n("height", height)
        // As text: a page writes numbers with separators, the core's message does not.
        .with("max", Arg::Text(MAX_SIDE.to_string()))
}

impl std::error::Error for MazeError {}

/// A cell in a sentence: "(3, 4)".
impl CellNames for Maze {
    #[inline(never)]
    fn cell_name(&self, cell: usize) -> String {
        let (x, y) = self.place(cell);
        let mut text = String::from("(");
        push_number(&mut text, u64::from(x));
        text.push_str(", ");
        push_number(&mut text, u64::from(y));
        text.push(')');
        text
    }
}

/// A rectangular maze of `width × height` cells with no passages until something carves them.
#[derive(Clone, Debug)]
pub struct Maze {
    width: u32,
    height: u32,
    cells: Vec<u8>,
    /// The grid when it is not the plain square grid of `width` × `height`: another shape,
    /// or a mask. Shared: a maze's copies (checkpoints, snapshots) all use the one grid.
    grid: Option<Grid>,
    /// The world's terrain, a byte a cell (see [`crate::world`]): 0 blocked, else the cost of
    /// entering the cell. `None` until something is painted: every cell costs 1.
    terrain: Option<Vec<u8>>,
}

/// Equal mazes have the same grid, passages and costs: a terrain layer of cost 1 everywhere
/// (painted, then taken back) equals having none.
impl PartialEq for Maze {
    fn eq(&self, other: &Maze) -> bool {
        let same_terrain = match (&self.terrain, &other.terrain) {
            (Some(a), Some(b)) => a == b,
            (Some(t), None) | (None, Some(t)) => t.iter().all(|&c| c == PLAIN),
            (None, None) => true,
        };
        self.width == other.width
            && self.height == other.height
            && self.cells == other.cells
            && self.grid == other.grid
            && same_terrain
    }
}

impl Eq for Maze {}

impl Maze {
    /// A maze with every wall standing. Sizes must be 1 to [`MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Maze, MazeError> {
        check_size(width, height)?;
        Ok(Maze {
            width,
            height,
            cells: vec![0; width as usize * height as usize],
            grid: None,
            terrain: None,
        })
    }

    /// An open field of `width` × `height` cells: every inner wall open, the border closed.
    /// What wall-adding generators (recursive division) start from; a few row fills rather
    /// than a check per cell, which took a quarter of a second at 4096 × 4096 in wasm.
    pub fn open_field(width: u32, height: u32) -> Result<Maze, MazeError> {
        check_size(width, height)?;
        let (w, h) = (width as usize, height as usize);
        let mut cells = vec![N | E | S | W; w * h];
        for row in cells.chunks_exact_mut(w) {
            row[0] &= !W;
            row[w - 1] &= !E;
        }
        for cell in &mut cells[..w] {
            *cell &= !N;
        }
        for cell in &mut cells[(h - 1) * w..] {
            *cell &= !S;
        }
        Ok(Maze {
            width,
            height,
            cells,
            grid: None,
            terrain: None,
        })
    }

    /// This maze's grid as an open field: every wall between two cells that are on opened, on
    /// a grid of any shape (the plain square grid takes [`Maze::open_field`]'s row fills).
    /// What open-world generators start from.
    pub fn into_open_field(self) -> Maze {
        let Some(grid) = self.grid.clone() else {
            return Maze::open_field(self.width, self.height).unwrap_or(self);
        };
        let mut maze = self;
        for cell in 0..grid.len() {
            let mut bits = 0;
            if grid.is_on(cell) {
                grid.for_each_neighbour(cell, |side, _| bits |= 1 << side);
            }
            maze.cells[cell] = bits;
        }
        maze
    }

    /// A maze from row-major passage bytes, checked to be consistent.
    pub fn from_cells(width: u32, height: u32, cells: Vec<u8>) -> Result<Maze, MazeError> {
        check_size(width, height)?;
        if cells.len() != width as usize * height as usize {
            return Err(MazeError::BadCells(format!(
                "{} cells given for a {width}x{height} maze",
                cells.len()
            )));
        }
        let maze = Maze {
            width,
            height,
            cells,
            grid: None,
            terrain: None,
        };
        maze.check_consistent().map_err(MazeError::BadCells)?;
        Ok(maze)
    }

    /// A maze on a grid of any shape, with every wall standing. A plain square grid gives the
    /// same maze as [`Maze::new`].
    pub fn on_grid(grid: Grid) -> Maze {
        let cells = vec![0; grid.len()];
        let (width, height) = (grid.width(), grid.height());
        let plain = grid.shape() == Shape::Square && !grid.is_masked();
        Maze {
            width,
            height,
            cells,
            grid: (!plain).then_some(grid),
            terrain: None,
        }
    }

    /// The grid, when it is not the plain square grid (another shape, or a mask).
    pub fn grid(&self) -> Option<&Grid> {
        self.grid.as_ref()
    }

    /// The plain square grid of the maze's size: what a machine works on when the maze has no
    /// [`Maze::grid`] (its fast arithmetic).
    pub fn square(&self) -> Square {
        Square::new(self.width, self.height)
    }

    /// A column and row for a cell, for messages: on a polar grid the cell's place in its
    /// ring and the ring.
    pub fn place(&self, cell: usize) -> (u32, u32) {
        match self.grid() {
            Some(grid) => grid.place(cell),
            None => self.coords(cell),
        }
    }

    /// [`Maze::grid`], a copy of its own (cheap: its tables are shared): for machines that
    /// keep the grid they work on.
    pub fn shared_grid(&self) -> Option<Grid> {
        self.grid.clone()
    }

    pub fn shape(&self) -> Shape {
        self.grid
            .as_ref()
            .map_or(Shape::Square, |grid| grid.shape())
    }

    /// The grid as a [`Topology`], whatever its shape: its own, or the plain square one.
    pub fn topology(&self) -> Cow<'_, Grid> {
        match &self.grid {
            Some(grid) => Cow::Borrowed(grid),
            None => Cow::Owned(
                Grid::new(Shape::Square, self.width, self.height)
                    .expect("a maze's size is a grid's"),
            ),
        }
    }

    /// The cell through side `side` of `cell`, if that side is an open passage: on any grid.
    pub fn passage_through(&self, cell: usize, side: Side) -> Option<usize> {
        if self.cells[cell] & (1 << side) == 0 {
            return None;
        }
        match &self.grid {
            Some(grid) => grid.neighbour(cell, side),
            None => self.neighbour(cell, Direction::ALL[usize::from(side & 3)]),
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, `width * height`.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true: a maze has at least one cell. Here for clippy's `len` convention.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The passage bytes, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Index of cell `(x, y)`.
    #[inline]
    pub fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    /// Column and row of a cell index.
    #[inline]
    pub fn coords(&self, cell: usize) -> (u32, u32) {
        // 32-bit division is enough (indices stay below 2^24) and is the cheaper one.
        let cell = cell as u32;
        (cell % self.width, cell / self.width)
    }

    /// Whether `(x, y)` names a cell of this maze.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        x < self.width && y < self.height
    }

    /// Every cell's passage bytes, to change in place. For the runs nobody watches, which
    /// keep the two sides of each wall consistent themselves.
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The passage bits of one cell.
    #[inline]
    pub fn cell(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// The neighbouring cell in a direction, or `None` at the border.
    #[inline]
    pub fn neighbour(&self, cell: usize, dir: Direction) -> Option<usize> {
        // The hottest call of every algorithm, written without branching on `dir`: generators
        // pick directions at random, and a `match` on a random value mispredicts half the time.
        let (x, y) = self.coords(cell);
        let nx = x.wrapping_add(dir.dx() as u32);
        let ny = y.wrapping_add(dir.dy() as u32);
        (nx < self.width && ny < self.height).then(|| self.index(nx, ny))
    }

    /// Whether the side of `cell` facing `dir` is an open passage.
    #[inline]
    pub fn is_open(&self, cell: usize, dir: Direction) -> bool {
        self.cells[cell] & dir.bit() != 0
    }

    /// The cell reached by walking through an open passage, or `None` if the way is walled.
    #[inline]
    pub fn passage(&self, cell: usize, dir: Direction) -> Option<usize> {
        if self.is_open(cell, dir) {
            self.neighbour(cell, dir)
        } else {
            None
        }
    }

    /// The terrain layer, if anything was painted (see [`crate::world`]).
    pub fn terrain(&self) -> Option<&[u8]> {
        self.terrain.as_deref()
    }

    /// The cost of entering `cell`: 0 for a blocked cell, else 1 to 9 (1 where nothing was
    /// painted).
    #[inline]
    pub fn cost(&self, cell: usize) -> u8 {
        match &self.terrain {
            Some(terrain) => terrain[cell],
            None => PLAIN,
        }
    }

    /// Whether some cell costs more than 1 (or is blocked): the searches that weigh paths
    /// keep their unit-cost speed otherwise.
    pub fn has_terrain(&self) -> bool {
        self.terrain.is_some()
    }

    /// Sets one cell's terrain. Only [`crate::board::Board`] calls this (journaled); the
    /// layer is made on the first write.
    pub(crate) fn set_cost(&mut self, cell: usize, value: u8) {
        let len = self.cells.len();
        self.terrain.get_or_insert_with(|| vec![PLAIN; len])[cell] = value;
    }

    /// Gives the maze a whole terrain layer at once (one byte a cell), or none where every
    /// cell costs 1, as [`Maze::set_cost`] would have left it: for worlds read whole.
    pub(crate) fn set_terrain_layer(&mut self, terrain: Vec<u8>) {
        debug_assert_eq!(terrain.len(), self.cells.len());
        let plain = terrain.iter().all(|&cost| cost == PLAIN);
        self.terrain = (!plain).then_some(terrain);
    }

    /// Sets one cell's passage byte. Only [`crate::board::Board`] calls this, so that every
    /// change is journaled; it keeps both sides of a wall in step itself.
    #[inline]
    pub(crate) fn set_cell(&mut self, cell: usize, bits: u8) {
        self.cells[cell] = bits;
    }

    /// Number of open passages (each counted once).
    pub fn passage_count(&self) -> usize {
        if self.grid.is_some() {
            // Every passage opens one side of each of its two cells.
            return self
                .cells
                .iter()
                .map(|c| c.count_ones() as usize)
                .sum::<usize>()
                / 2;
        }
        self.cells
            .iter()
            .map(|&c| ((c & E != 0) as usize) + ((c & S != 0) as usize))
            .sum()
    }

    /// Cells reachable from `from` through open passages, as a flag per cell. Iterative.
    pub fn reachable_from(&self, from: usize) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(cell) = stack.pop() {
            for side in 0..8 {
                if let Some(next) = self.passage_through(cell, side) {
                    if !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
        }
        seen
    }

    /// A *perfect* maze: consistent, every cell connected, and no loops (exactly `W·H − 1`
    /// passages), so there is one path between any two cells.
    pub fn is_perfect(&self) -> bool {
        let topology = self.topology();
        let first = (0..self.len()).find(|&c| topology.is_on(c)).unwrap_or(0);
        let reached = self.reachable_from(first);
        self.check_consistent().is_ok()
            && self.passage_count() == topology.cells_on() - 1
            && (0..self.len()).all(|c| reached[c] || !topology.is_on(c))
    }

    /// Checks that passage bits stay inside `N|E|S|W`, never lead off the grid, and agree on
    /// both sides of every wall.
    pub fn check_consistent(&self) -> Result<(), String> {
        if let Some(grid) = &self.grid {
            return self.check_consistent_on(grid);
        }
        for cell in 0..self.len() {
            let bits = self.cells[cell];
            if bits & !(N | E | S | W) != 0 {
                return Err(format!("cell {cell} has unknown bits {bits:#04x}"));
            }
            for dir in Direction::ALL {
                if bits & dir.bit() == 0 {
                    continue;
                }
                let (x, y) = self.coords(cell);
                match self.neighbour(cell, dir) {
                    None => {
                        return Err(format!("cell ({x}, {y}) is open to the {dir} border"));
                    }
                    Some(next) if !self.is_open(next, dir.opposite()) => {
                        return Err(format!(
                            "cell ({x}, {y}) is open to the {dir} but its neighbour is not open back"
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }

    /// [`Maze::check_consistent`] on a grid of any shape: no bit past a cell's sides, no
    /// passage to the border or a switched-off cell, and both sides of every passage open; on
    /// a weave, every tunnel under a straight corridor across it ([`crate::topology::weave`]).
    fn check_consistent_on(&self, grid: &Grid) -> Result<(), String> {
        for cell in 0..self.len() {
            let bits = self.cells[cell];
            let sides = grid.sides(cell);
            if sides < 8 && bits >> sides != 0 {
                return Err(format!(
                    "cell {cell} has bits {bits:#04x} past its {sides} sides"
                ));
            }
            for side in (0..sides).filter(|s| bits & (1 << s) != 0) {
                let (x, y) = grid.place(cell);
                let name = grid.side_name(cell, side);
                match grid.neighbour(cell, side) {
                    None => {
                        return Err(format!("cell ({x}, {y}) is open {name} to no cell"));
                    }
                    Some(next) if self.cells[next] & (1 << grid.back(cell, side)) == 0 => {
                        return Err(format!(
                            "cell ({x}, {y}) is open {name} but its neighbour is not open back"
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
        if grid.shape() == Shape::Weave {
            let (w, h) = (grid.width() as usize, grid.height() as usize);
            crate::topology::weave::check(w, h, &self.cells)?;
        }
        Ok(())
    }

    /// Width of the tile view, `2W + 1`.
    pub fn tile_width(&self) -> usize {
        2 * self.width as usize + 1
    }

    /// Height of the tile view, `2H + 1`.
    pub fn tile_height(&self) -> usize {
        2 * self.height as usize + 1
    }

    /// The tile view, row by row: `true` for an open tile, `false` for a wall. Cell `(x, y)` is
    /// tile `(2x+1, 2y+1)`; the border is all wall.
    pub fn tiles(&self) -> Vec<bool> {
        let tw = self.tile_width();
        let mut tiles = vec![false; tw * self.tile_height()];
        for cell in 0..self.len() {
            let (x, y) = self.coords(cell);
            let (tx, ty) = (2 * x as usize + 1, 2 * y as usize + 1);
            tiles[ty * tw + tx] = true;
            if self.is_open(cell, Direction::East) {
                tiles[ty * tw + tx + 1] = true;
            }
            if self.is_open(cell, Direction::South) {
                tiles[(ty + 1) * tw + tx] = true;
            }
        }
        tiles
    }

    /// The tile view as text: `#` for wall, `.` for open, one line per tile row.
    pub fn to_tile_text(&self) -> String {
        let tw = self.tile_width();
        let mut text = String::with_capacity((tw + 1) * self.tile_height());
        for row in self.tiles().chunks(tw) {
            text.extend(row.iter().map(|&open| if open { '.' } else { '#' }));
            text.push('\n');
        }
        text
    }
}

fn check_size(width: u32, height: u32) -> Result<(), MazeError> {
    if (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(MazeError::BadSize { width, height })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_field_is_consistent_with_every_inner_wall_open() {
        for (width, height) in [(1, 1), (1, 5), (5, 1), (2, 2), (4, 3), (7, 6)] {
            let maze = Maze::open_field(width, height).unwrap();
            let checked = Maze::from_cells(width, height, maze.cells().to_vec()).unwrap();
            for cell in 0..checked.len() {
                for dir in Direction::ALL {
                    let inside = checked.neighbour(cell, dir).is_some();
                    assert_eq!(
                        checked.is_open(cell, dir),
                        inside,
                        "{width}x{height} {cell} {dir:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn sizes_outside_the_limits_are_refused() {
        assert!(Maze::new(0, 5).is_err());
        assert!(Maze::new(5, 0).is_err());
        assert!(Maze::new(MAX_SIDE + 1, 1).is_err());
        assert!(Maze::new(MAX_SIDE, 1).is_ok());
    }

    #[test]
    fn directions_turn_and_reverse() {
        for dir in Direction::ALL {
            assert_eq!(dir.right().left(), dir);
            assert_eq!(dir.opposite().opposite(), dir);
            assert_eq!(dir.right().right(), dir.opposite());
            assert_eq!(dir.dx() + dir.opposite().dx(), 0);
        }
        assert_eq!(Direction::North.bit(), N);
        assert_eq!(Direction::West.bit(), W);
    }

    #[test]
    fn neighbours_stop_at_the_border() {
        let maze = Maze::new(3, 2).unwrap();
        assert_eq!(maze.neighbour(0, Direction::North), None);
        assert_eq!(maze.neighbour(0, Direction::West), None);
        assert_eq!(maze.neighbour(0, Direction::East), Some(1));
        assert_eq!(maze.neighbour(0, Direction::South), Some(3));
        assert_eq!(maze.neighbour(5, Direction::East), None);
        assert_eq!(maze.neighbour(5, Direction::South), None);
    }

    #[test]
    fn tile_view_of_a_corridor() {
        // Two cells side by side joined by a passage.
        let maze = Maze::from_cells(2, 1, vec![E, W]).unwrap();
        assert_eq!(maze.to_tile_text(), "#####\n#...#\n#####\n");
        assert!(maze.is_perfect());
    }

    #[test]
    fn one_sided_passages_are_rejected() {
        assert!(Maze::from_cells(2, 1, vec![E, 0]).is_err());
        assert!(Maze::from_cells(1, 1, vec![N]).is_err());
        assert!(Maze::from_cells(1, 1, vec![16]).is_err());
    }
}
