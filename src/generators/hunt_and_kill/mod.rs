//! Hunt-and-Kill: a random walk that never crosses the maze; when it is stuck, hunt for a new
//! place to start.
//!
//! How it works:
//! 1. Start a walk at a random cell; it is in the maze.
//! 2. *Kill*: from the walk's cell, carve to a random neighbour not yet in the maze and walk
//!    there. Repeat while there is such a neighbour.
//! 3. *Hunt*: when the walk is stuck, scan the grid row by row, top row first, for the first
//!    cell that is not in the maze but touches it. Carve from it to a random neighbour in the
//!    maze, and start a new walk there (back to 2).
//! 4. Stop when every cell is in the maze.
//!
//! The walks make long winding corridors with few dead ends, like the recursive backtracker's,
//! but without keeping a stack: the hunt replaces backtracking.
//!
//! The hunt does not really rescan from the top each time. Every cell before the first cell
//! outside the maze (in reading order) is in the maze, so that cell's north or west neighbour is
//! in the maze and it *is* the cell the scan would find; a pointer to it only ever moves
//! forward. The one exception is the top-left cell itself, which has neither neighbour: while it
//! is outside the maze and touches nothing, the hunt scans from the row above the topmost maze
//! cell (no cell higher up can touch the maze); each such scan covers at most one row, and there
//! are at most width + height of them. Either way every hunt finds the same cell a full scan
//! would, and the whole run stays close to linear time.
//!
//! On a grid of another shape, or with a mask, "reading order" is the order of the cell
//! numbers: row by row for hex and triangle grids, ring by ring from the centre for polar ones
//! (see [`crate::topology`]); switched-off cells never count. The hunt again finds the first
//! cell a full scan would, but it cannot count on that cell's earlier neighbours (an upward
//! triangle at the start of a row has none, a mask may switch them off), so it scans on from
//! the later of two places: the first cell outside the maze (every cell before it is in the
//! maze or switched off), and the lowest cell any finished walk touched while it was outside
//! the maze (the cell the hunt is after is outside the maze and next to a cell of some walk, so
//! it was such a cell when that walk ended and was taken in). Each hunt takes in the walk that
//! just ended, so this costs one look at each cell's neighbours in all, and only a hunt moves
//! these places: it notes them for its undo, as the square hunt notes its pointer. Without a
//! mask the first place is the cell found, or close to it, once the first cell has joined;
//! before that the second is at most about a row (a ring) before it. A mask can make a scan
//! longer.
//!
//! One step is one carve: a step of the walk, or a hunt with its carve. Marks: `VISITED` for
//! cells in the maze, `ACTIVE` for the current walk, `SPECIAL` for the row where the last hunt
//! found its cell; on other grids, which have no rows to mark (the legend still says "row"),
//! for the cells the last hunt scanned, ending with the cell it found.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{random_side, Spot, Square, Topology, Walk};
use std::ops::Range;

pub static INFO: Info = Info {
    name: "hunt-and-kill",
    title: "Hunt-and-Kill",
    summary: "Random walks through new cells; when stuck, scans for the next start: long passages.",
    step_unit: "one carve (a walk step, or a hunt and its carve)",
    pseudocode: &[
        "start a walk at a random cell; it is in the maze", // BEGIN
        "while some cell is not in the maze:",
        "    if the walk's cell has neighbours not in the maze: carve to a random one, walk on", // WALK
        "    otherwise hunt: scan the rows, top first, for the first cell not in the maze",
        "        that touches it; carve from it to a random neighbour in the maze", // HUNT
        "        and start a new walk there",
    ],
    marks: &[
        (mark::VISITED, "in the maze"),
        (mark::ACTIVE, "the current walk"),
        (
            mark::SPECIAL,
            "where the last hunt looked (its row on a square grid)",
        ),
    ],
    events: &["hunt", "carve"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const WALK: Line = Line(2);
const HUNT: Line = Line(4);

/// Hunt-and-Kill as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid, or
/// a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct HuntAndKill<T = Square> {
    grid: T,
    /// The square grid of [`HuntAndKill::new`], whose hunt goes by rows; `None`: the hunt goes
    /// cell by cell (see the module's notes).
    rows: Option<Square>,
    in_maze: Vec<bool>,
    /// Cells (that are on) still outside the maze.
    remaining: usize,
    /// The cells of the current walk, oldest first (for the `ACTIVE` marks).
    walk: Vec<u32>,
    /// The walk's spot: its cell, and on the square grid its column and row.
    current: Option<Spot>,
    /// Every cell before this index is in the maze (or switched off).
    first_outside: usize,
    /// By rows: the topmost row holding a maze cell.
    top_row: u32,
    /// By rows: the row marked as the last hunt's.
    hunt_row: Option<u32>,
    /// Cell by cell: no cell before this one was outside the maze next to a cell of a walk
    /// when that walk ended (the walks the hunts have taken in; `len` before any).
    reach: usize,
    /// Cell by cell: the cells the last hunt scanned, marked (empty: none).
    scanned: Range<usize>,
    hunts: u64,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for HuntAndKill<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let step = match self.current {
            None => {
                let cell = self.grid.nearest_on(rng.index(self.in_maze.len()));
                self.enter(board, self.grid.spot(cell));
                Step::new(Event::Begin { cell: cell as u32 }, BEGIN)
            }
            Some(_) if self.remaining == 0 => return None,
            Some(spot) => {
                let pick = self.grid.pick_where(spot, |next| !self.in_maze[next], rng);
                if let Some((side, next)) = pick {
                    board.join(spot.cell, side, next.cell, self.grid.back(spot.cell, side));
                    self.enter(board, next);
                    Step::new(
                        Event::Carve {
                            cell: spot.cell as u32,
                            side,
                        },
                        WALK,
                    )
                } else {
                    self.hunt(board, rng)
                }
            }
        };
        if self.remaining == 0 {
            // Finished: the walk and the hunt's marks mean nothing any more.
            match self.rows {
                Some(_) => board.note(row_word(self.hunt_row)),
                None => board.note_words(&range_words(&self.scanned)),
            }
            board.note_words(&self.walk);
            self.end_walk(board);
            match self.rows {
                Some(square) => self.mark_hunt_row(board, square, None),
                None => self.mark_scanned(board, 0..0),
            }
        }
        Some(step)
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.current.is_some() && self.remaining == 0
    }

    fn current(&self) -> Option<usize> {
        self.current.map(|spot| spot.cell)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("walk", self.walk.len() as u64),
            ("hunts", self.hunts),
            ("left to join", self.remaining as u64),
        ]
    }

    /// See "Taking a step back" below.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    /// See "What the page shows" below.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

impl HuntAndKill {
    /// A generator for a square maze of `maze`'s size, hunting by rows.
    pub fn new(maze: &Maze) -> HuntAndKill {
        let square = maze.square();
        HuntAndKill {
            rows: Some(square),
            top_row: square.height(),
            ..HuntAndKill::on(square)
        }
    }
}

/// Making one, and the pieces `step` uses: entering a cell, the hunts, the marks.
impl<T: Topology + Walk> HuntAndKill<T> {
    /// A generator for a maze on `grid`, hunting cell by cell.
    pub fn on(grid: T) -> HuntAndKill<T> {
        HuntAndKill {
            in_maze: vec![false; grid.len()],
            remaining: (0..grid.len()).filter(|&cell| grid.is_on(cell)).count(),
            reach: grid.len(),
            grid,
            rows: None,
            walk: Vec::new(),
            current: None,
            first_outside: 0,
            top_row: 0,
            hunt_row: None,
            scanned: 0..0,
            hunts: 0,
        }
    }

    /// The current walk, oldest cell first.
    pub fn walk(&self) -> &[u32] {
        &self.walk
    }

    /// Hunting by rows: the row where the last hunt found its cell.
    pub fn hunt_row(&self) -> Option<u32> {
        self.hunt_row
    }

    /// Hunting cell by cell: the cells the last hunt scanned (the last one is the cell it
    /// found), marked `SPECIAL`.
    pub fn scanned(&self) -> Range<usize> {
        self.scanned.clone()
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.in_maze[cell]
    }

    /// Puts the cell at `spot` in the maze as the new head of the walk.
    #[inline]
    fn enter(&mut self, board: &mut Board, spot: Spot) {
        let cell = spot.cell;
        self.in_maze[cell] = true;
        self.remaining -= 1;
        // By rows only: on the square grid a spot's place is its column and row; on other
        // grids `top_row` starts at 0 and stays there.
        self.top_row = self.top_row.min(spot.place.1);
        self.walk.push(cell as u32);
        self.current = Some(spot);
        board.add_mark(cell, mark::VISITED | mark::ACTIVE);
    }

    /// The walk is stuck: finds the cell to start the next one, carves from it into the maze
    /// and enters it. Notes what it forgets: the scan's start, what the scan keeps and marks,
    /// and the walk.
    fn hunt(&mut self, board: &mut Board, rng: &mut Rng) -> Step {
        let target = match self.rows {
            Some(square) => {
                board.note_words(&[self.first_outside as u32, row_word(self.hunt_row)]);
                board.note_words(&self.walk);
                self.end_walk(board);
                let target = self.hunt_by_rows(square);
                let (_, y) = square.spot(target).place;
                self.mark_hunt_row(board, square, Some(y));
                target
            }
            None => {
                let [start, end] = range_words(&self.scanned);
                board.note_words(&[self.first_outside as u32, self.reach as u32, start, end]);
                board.note_words(&self.walk);
                self.take_in_walk();
                self.end_walk(board);
                let (from, target) = self.hunt_by_cells();
                self.mark_scanned(board, from..target + 1);
                target
            }
        };
        let spot = self.grid.spot(target);
        let side = random_side(self.grid.sides_where(spot, |next| self.in_maze[next]), rng);
        let next = self.grid.through(target, side);
        board.join(target, side, next, self.grid.back(target, side));
        self.enter(board, spot);
        self.hunts += 1;
        Step::new(
            Event::Hunt {
                cell: target as u32,
                side,
            },
            HUNT,
        )
    }

    /// By rows: the first cell in reading order that is outside the maze but touches it.
    fn hunt_by_rows(&mut self, square: Square) -> usize {
        while self.in_maze[self.first_outside] {
            self.first_outside += 1;
        }
        let cell = self.first_outside;
        if cell != 0 {
            // Its west neighbour, or (at the start of a row) its north one, comes earlier in
            // reading order, so it is in the maze.
            return cell;
        }
        let start = self.top_row.saturating_sub(1) as usize * square.width() as usize;
        (start..self.in_maze.len())
            .find(|&cell| {
                !self.in_maze[cell]
                    && square.sides_where(square.spot(cell), |n| self.in_maze[n]) != 0
            })
            // Some cell outside the maze touches it while the maze is not the whole grid.
            .unwrap_or(0)
    }

    /// Cell by cell: lowers `reach` to the lowest cell outside the maze next to a cell of the
    /// walk that just ended.
    fn take_in_walk(&mut self) {
        let (grid, in_maze) = (&self.grid, &self.in_maze);
        let mut reach = self.reach;
        for &cell in &self.walk {
            grid.for_each_neighbour(cell as usize, |_, next| {
                if !in_maze[next] {
                    reach = reach.min(next);
                }
            });
        }
        self.reach = reach;
    }

    /// Cell by cell: where the scan starts, and the first cell in number order that is
    /// outside the maze but touches it. No cell before the first outside the maze, or before
    /// `reach`, can be that cell.
    fn hunt_by_cells(&mut self) -> (usize, usize) {
        while self.in_maze[self.first_outside] || !self.grid.is_on(self.first_outside) {
            self.first_outside += 1;
        }
        let from = self.first_outside.max(self.reach);
        let target = (from..self.in_maze.len())
            .find(|&cell| {
                // A switched-off cell touches nothing.
                !self.in_maze[cell]
                    && self
                        .grid
                        .sides_where(self.grid.spot(cell), |next| self.in_maze[next])
                        != 0
            })
            // Some cell outside the maze touches it while the maze is not every cell that is
            // on (they make one region).
            .unwrap_or(from);
        (from, target)
    }

    /// By rows: moves the `SPECIAL` row marks to `row` (or removes them).
    fn mark_hunt_row(&mut self, board: &mut Board, square: Square, row: Option<u32>) {
        if self.hunt_row == row {
            return;
        }
        let w = square.width() as usize;
        if let Some(old) = self.hunt_row {
            for cell in old as usize * w..(old as usize + 1) * w {
                board.remove_mark(cell, mark::SPECIAL);
            }
        }
        if let Some(new) = row {
            for cell in new as usize * w..(new as usize + 1) * w {
                board.add_mark(cell, mark::SPECIAL);
            }
        }
        self.hunt_row = row;
    }

    /// Cell by cell: moves the `SPECIAL` marks to the cells that are on in `cells`.
    fn mark_scanned(&mut self, board: &mut Board, cells: Range<usize>) {
        if self.scanned == cells {
            return;
        }
        for cell in self.scanned.clone().filter(|&cell| self.grid.is_on(cell)) {
            board.remove_mark(cell, mark::SPECIAL);
        }
        for cell in cells.clone().filter(|&cell| self.grid.is_on(cell)) {
            board.add_mark(cell, mark::SPECIAL);
        }
        self.scanned = cells;
    }

    /// Removes the `ACTIVE` marks of the walk and forgets it.
    fn end_walk(&mut self, board: &mut Board) {
        for &cell in &self.walk {
            board.remove_mark(cell as usize, mark::ACTIVE);
        }
        self.walk.clear();
    }
}

/// A hunt row as a note word, and back.
fn row_word(row: Option<u32>) -> u32 {
    row.unwrap_or(u32::MAX)
}

fn word_row(word: u32) -> Option<u32> {
    (word != u32::MAX).then_some(word)
}

/// The scanned cells as note words.
fn range_words(cells: &Range<usize>) -> [u32; 2] {
    [cells.start as u32, cells.end as u32]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::{Grid, Mask, Shape};

    /// Runs `machine` to the end on `maze`, checking that every hunt finds the first cell in
    /// number order that is outside the maze and touches it (the full scan, done the slow way)
    /// and returning the steps.
    fn run_checking_hunts<T: Topology + Walk + Clone + DebugState + 'static>(
        mut machine: HuntAndKill<T>,
        maze: Maze,
        seed: u64,
    ) -> (Vec<Step>, Maze) {
        let mut board = Board::new(maze);
        let mut rng = Rng::new(seed);
        let mut steps = Vec::new();
        loop {
            let expected = (0..machine.in_maze.len()).find(|&c| {
                let mut touches = false;
                machine
                    .grid
                    .for_each_neighbour(c, |_, n| touches |= machine.in_maze(n));
                !machine.in_maze(c) && touches
            });
            let Some(step) = machine.step(&mut board, &mut rng) else {
                break;
            };
            if let Event::Hunt { cell, .. } = step.event {
                assert_eq!(Some(cell as usize), expected, "seed {seed}");
                if machine.rows.is_none() && !machine.is_done() {
                    assert_eq!(machine.scanned().end, cell as usize + 1);
                    assert!(board.mark(cell as usize) & mark::SPECIAL != 0);
                }
            }
            steps.push(step);
        }
        assert!(board.maze().is_perfect(), "seed {seed}");
        (steps, board.into_maze())
    }

    #[test]
    fn both_hunts_make_the_same_square_mazes() {
        for (width, height, seed) in [(1, 1, 1), (9, 7, 1), (15, 4, 2), (4, 15, 3), (20, 20, 4)] {
            let maze = Maze::new(width, height).unwrap();
            let rows = run_checking_hunts(HuntAndKill::new(&maze), maze.clone(), seed);
            let cells = run_checking_hunts(HuntAndKill::on(maze.square()), maze, seed);
            assert_eq!(rows, cells, "{width}x{height} seed {seed}");
        }
    }

    #[test]
    fn cell_by_cell_hunts_find_the_first_cell_on_every_shape() {
        let holes = Mask::parse("X....X...\n.........\n..XXXXX..\n....X....\n.........\n").unwrap();
        // Not on a weave, where it is refused: it would tunnel under any cell.
        for shape in Shape::ALL.into_iter().filter(|&s| s != Shape::Weave) {
            for (width, height) in [(1, 2), (2, 2), (9, 5), (12, 9)] {
                let Ok(grid) = Grid::new(shape, width, height) else {
                    continue;
                };
                let mut grids = vec![grid.clone()];
                if (width, height) == (9, 5) && shape != Shape::Polar {
                    grids.push(grid.with_mask(&holes).unwrap());
                }
                for grid in grids {
                    assert_eq!(grid.regions(), 1);
                    for seed in 1..6 {
                        let maze = Maze::on_grid(grid.clone());
                        run_checking_hunts(HuntAndKill::on(grid.clone()), maze, seed);
                    }
                }
            }
        }
    }
}
