//! Unicursal labyrinth: one path and no choices, made by doubling a perfect maze.
//!
//! How it works (the classic of Walter Pullen's *Think Labyrinth*):
//! 1. Cut the grid into blocks of 2 × 2 cells: a half-size grid. When the width (or height) is
//!    odd, the first column (row) of blocks is 3 cells wide (tall), so every cell is in a block.
//! 2. Make a perfect maze on the blocks with the recursive backtracker, shown as it grows: a
//!    block joins the maze as a ring of open cells around its middle, and a passage between two
//!    blocks is a corridor two cells wide.
//! 3. Build a wall down the middle of every passage of that half maze. Each block's ring now
//!    opens into its neighbours' rings, and because the half maze is a tree, all the rings
//!    together make one circuit that runs up one side of every passage and back down the
//!    other: round every wall of the half maze, through every cell once.
//! 4. Cut the circuit at the first cell: a wall between it and its east neighbour. The route
//!    now starts on the first cell, visits every cell once and ends beside it (where both sizes
//!    are odd, the 3 × 3 corner block's middle cell joins the route at the cut as its end).
//!
//! Every cell then has at most two openings and the route from one end to the other is the
//! whole maze: a perfect maze with no junction at all. Walking it from the top-left cell to the
//! bottom-right one walks part of it; `--ends hardest` puts the start and the goal on its two
//! ends. A grid one cell wide or high has no room for blocks: it becomes one straight corridor.
//!
//! The square grid only (it needs rows and columns to double), any size. One step is one push
//! or pop of the half maze, one wall down the middle of a passage (`Divide`, `length` 2, its
//! `gap` the line's first cell: no gap), or the cut (`Divide`, `length` 1). Marks: `ACTIVE`
//! for the blocks on the stack, `VISITED` for the blocks popped off it.

mod undo;

use crate::board::{mark, Board};
use crate::machine::{side_words, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;
use crate::topology::Side;

// The sides of a square cell.
const N: Side = Direction::North as Side;
const E: Side = Direction::East as Side;
const S: Side = Direction::South as Side;
const W: Side = Direction::West as Side;
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "unicursal",
    title: "Unicursal labyrinth",
    summary: "One path and no choices: a perfect maze at half the size, doubled so the route \
              runs round its walls through every cell.",
    step_unit: "one push or pop of the half maze, one wall down a passage, or the cut",
    pseudocode: &[
        "if the grid is one cell thin: carve it into one straight corridor", // LINE
        "cut the grid into blocks of 2 × 2 cells (3 wide or tall at an odd edge)",
        "pick a random block, open the ring of its cells, push it", // BEGIN
        "while the stack is not empty:",
        "    block = top of the stack",
        "    if it has unvisited neighbours:",
        "        pick one, open its ring and a corridor two cells wide to it, push it", // PUSH
        "    else: pop it (backtrack)",                                                 // POP
        "for every passage of the half maze, in the order it was carved:",
        "    build a wall down its middle: the rings join round it", // SPLIT
        "cut the circuit beside the first cell: one route from end to end", // CUT
    ],
    marks: &[
        (mark::ACTIVE, "block on the stack"),
        (mark::VISITED, "block done (popped)"),
    ],
    events: &["push", "pop", "divide"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const LINE: Line = Line(0);
const BEGIN: Line = Line(2);
const PUSH: Line = Line(6);
const POP: Line = Line(7);
const SPLIT: Line = Line(9);
const CUT: Line = Line(10);

/// What the unicursal generator says, in English.
pub static WORDS: &[Template] = &[
    THIN_BEGIN, THIN, BEGAN, PUSHED, POPPED, SPLITTED, CUT_ONE, CUT_MIDDLE, STACK,
];

const THIN_BEGIN: Template = Template {
    key: "narration.unicursal.line-begin",
    english: "The grid is one cell thin, too thin for blocks: the labyrinth is one straight \
              corridor from cell {cell}.",
};
const THIN: Template = Template {
    key: "narration.unicursal.line",
    english: "The grid is one cell thin, too thin for blocks: carved {side} from cell {cell}, \
              part of one straight corridor.",
};
const BEGAN: Template = Template {
    key: "narration.unicursal.begin",
    english: "The half maze starts at the block whose corner is cell {cell}: opened the ring of \
              its cells and pushed it.",
};
const PUSHED: Template = Template {
    key: "narration.unicursal.push",
    english: "Carved {side} from the block at cell {cell} to the block at cell {to}: a corridor \
              two cells wide; stack depth {depth}.",
};
const POPPED: Template = Template {
    key: "narration.unicursal.pop",
    english: "The block at cell {cell} has no unvisited neighbour: popped it; stack depth \
              {depth}.",
};
const SPLITTED: Template = Template {
    key: "narration.unicursal.split",
    english: "Built a wall down the middle of the passage {side} of the block at cell {block}, \
              from cell {cell}: the route now runs up one side of it and back down the other ({done} of {total}).",
};
const CUT_ONE: Template = Template {
    key: "narration.unicursal.cut",
    english: "Cut the circuit between cell {cell} and the cell east of it: one route now runs \
              from {cell} through all {cells} cells to {end}, with no choice on the way.",
};
const CUT_MIDDLE: Template = Template {
    key: "narration.unicursal.cut-middle",
    english: "Cut the circuit between cell {cell} and the cell east of it, and joined the \
              corner block's middle cell to the route: one route now runs from {cell} through \
              all {cells} cells to {end}, with no choice on the way.",
};
const STACK: Template = Template {
    key: "notes.unicursal.stack",
    english: "blocks of the half maze, each named by its top-left cell",
};

/// The unicursal generator as a step machine, on the plain square grid.
#[derive(Clone, Debug)]
pub struct Unicursal {
    width: u32,
    height: u32,
    /// Blocks across and down; 0 for a grid one cell thin (a straight corridor).
    blocks_wide: u32,
    blocks_high: u32,
    visited: Vec<bool>,
    /// The blocks of the half maze on the stack, bottom first.
    stack: Vec<u32>,
    /// The passages of the half maze in the order they were carved: the block carved from
    /// and the side it was carved through.
    passages: Vec<(u32, Side)>,
    started: bool,
    /// The block worked on last (after a pop, the block popped).
    current: Option<u32>,
    /// How many passages have their wall down the middle.
    split: usize,
    cut: bool,
    /// On a grid one cell thin: the passages of the corridor carved so far.
    carved: u32,
}

impl Machine for Unicursal {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.is_done() {
            return None;
        }
        if self.blocks_wide == 0 {
            return Some(self.carve_corridor(board));
        }
        if !self.started {
            self.started = true;
            let block = rng.index(self.visited.len()) as u32;
            self.visited[block as usize] = true;
            self.stack.push(block);
            self.current = Some(block);
            self.open_ring(board, block);
            self.mark_block(board, block, mark::ACTIVE);
            let cell = self.corner(block) as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        if let Some(&top) = self.stack.last() {
            board.note(self.current.unwrap_or(u32::MAX));
            self.current = Some(top);
            let mut options = [(0 as Side, 0u32); 4];
            let mut count = 0;
            for side in [N, E, S, W] {
                if let Some(next) = self.neighbour(top, side) {
                    if !self.visited[next as usize] {
                        options[count] = (side, next);
                        count += 1;
                    }
                }
            }
            let cell = self.corner(top) as u32;
            if count == 0 {
                self.stack.pop();
                self.mark_block(board, top, mark::VISITED);
                return Some(Step::new(Event::Pop { cell }, POP));
            }
            let (side, next) = options[rng.index(count)];
            self.visited[next as usize] = true;
            self.stack.push(next);
            self.passages.push((top, side));
            self.open_ring(board, next);
            self.open_corridor(board, top, side);
            self.mark_block(board, next, mark::ACTIVE);
            return Some(Step::new(Event::Push { cell, side }, PUSH));
        }
        if self.split < self.passages.len() {
            let (block, side) = self.passages[self.split];
            self.split += 1;
            let (cell, across) = self.split_wall(board, block, side);
            let event = Event::Divide {
                cell: cell as u32,
                side: across,
                length: 2,
                gap: cell as u32,
            };
            return Some(Step::new(event, SPLIT));
        }
        // The cut: a wall between the first cell and its east neighbour.
        self.cut = true;
        set_wall(board, 0, Direction::East, false);
        if self.has_middle() {
            set_wall(board, 1, Direction::South, true);
        }
        let event = Event::Divide {
            cell: 0,
            side: E,
            length: 1,
            gap: 0,
        };
        Some(Step::new(event, CUT))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        if self.blocks_wide == 0 {
            self.started && self.carved + 1 >= self.width.max(self.height)
        } else {
            self.cut
        }
    }

    fn current(&self) -> Option<usize> {
        if self.blocks_wide == 0 {
            return self.started.then_some(self.carved as usize);
        }
        self.current.map(|block| self.corner(block))
    }

    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("stack", self.stack.len() as u64),
            ("passages", self.passages.len() as u64),
            ("walls down the middle", self.split as u64),
        ]
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let depth = self.stack.len() as u64;
        match (step.event, step.line) {
            (Event::Begin { cell }, line) if line == LINE.0 => {
                Sentence::of(&THIN_BEGIN).cell("cell", maze, cell as usize)
            }
            (Event::Carve { cell, side }, _) => Sentence::of(&THIN)
                .words("side", side_words(maze, cell, side))
                .cell("cell", maze, cell as usize),
            (Event::Begin { cell }, _) => Sentence::of(&BEGAN).cell("cell", maze, cell as usize),
            (Event::Push { cell, side }, _) => {
                let to = self.stack.last().map_or(0, |&b| self.corner(b));
                Sentence::of(&PUSHED)
                    .words("side", side_words(maze, cell, side))
                    .cell("cell", maze, cell as usize)
                    .cell("to", maze, to)
                    .n("depth", depth)
            }
            (Event::Pop { cell }, _) => Sentence::of(&POPPED)
                .cell("cell", maze, cell as usize)
                .n("depth", depth),
            (Event::Divide { cell, .. }, line) if line == SPLIT.0 => {
                let (block, side) = self.passages[self.split - 1];
                let corner = self.corner(block);
                Sentence::of(&SPLITTED)
                    .words("side", side_words(maze, corner as u32, side))
                    .cell("cell", maze, cell as usize)
                    .cell("block", maze, corner)
                    .n("done", self.split as u64)
                    .n("total", self.passages.len() as u64)
            }
            (Event::Divide { .. }, _) => {
                let (template, end) = if self.has_middle() {
                    (&CUT_MIDDLE, self.width as usize + 1)
                } else {
                    (&CUT_ONE, 1)
                };
                Sentence::of(template)
                    .cell("cell", maze, 0)
                    .n("cells", maze.len() as u64)
                    .cell("end", maze, end)
            }
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut top_first = self.stack.iter().rev().map(|&b| self.corner(b));
        vec![
            Structure::new("Stack of blocks (top first)", self.stack.len() as u64)
                .cells(maze, &mut top_first, limit)
                .say(Sentence::of(&STACK)),
        ]
    }
}

impl Unicursal {
    /// A unicursal generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> Unicursal {
        let (width, height) = (maze.width(), maze.height());
        let thin = width < 2 || height < 2;
        let (blocks_wide, blocks_high) = if thin {
            (0, 0)
        } else {
            (width / 2, height / 2)
        };
        Unicursal {
            width,
            height,
            blocks_wide,
            blocks_high,
            visited: vec![false; (blocks_wide * blocks_high) as usize],
            stack: Vec::new(),
            passages: Vec::new(),
            started: false,
            current: None,
            split: 0,
            cut: false,
            carved: 0,
        }
    }

    /// The passages of the half maze carved so far: the block (by its top-left cell) and the
    /// side carved through.
    pub fn passages(&self) -> Vec<(usize, Side)> {
        self.passages
            .iter()
            .map(|&(block, side)| (self.corner(block), side))
            .collect()
    }

    /// On a grid one cell thin: the next passage of the straight corridor, after a first step
    /// that only stands on the first cell.
    fn carve_corridor(&mut self, board: &mut Board) -> Step {
        let side = self.corridor_side();
        if !self.started {
            self.started = true;
            return Step::new(Event::Begin { cell: 0 }, LINE);
        }
        // One cell thin: the cells are numbered along the corridor.
        let cell = self.carved as usize;
        set_wall(board, cell, Direction::ALL[side as usize], true);
        self.carved += 1;
        Step::new(
            Event::Carve {
                cell: cell as u32,
                side,
            },
            LINE,
        )
    }

    /// The way a thin grid's corridor runs: east along a row, else south down a column.
    fn corridor_side(&self) -> Side {
        if self.height == 1 {
            E
        } else {
            S
        }
    }

    /// Whether both sizes are odd: the first block is 3 × 3, and its middle cell is left out
    /// of the rings until the cut.
    fn has_middle(&self) -> bool {
        self.width % 2 == 1 && self.height % 2 == 1
    }

    /// The first and last column of block column `i`: the first one is 3 wide on an odd width.
    fn columns(&self, i: u32) -> (u32, u32) {
        let extra = self.width % 2;
        if i == 0 {
            (0, 1 + extra)
        } else {
            (2 * i + extra, 2 * i + extra + 1)
        }
    }

    /// The first and last row of block row `j`, as [`Unicursal::columns`].
    fn rows(&self, j: u32) -> (u32, u32) {
        let extra = self.height % 2;
        if j == 0 {
            (0, 1 + extra)
        } else {
            (2 * j + extra, 2 * j + extra + 1)
        }
    }

    fn cell(&self, x: u32, y: u32) -> usize {
        (y * self.width + x) as usize
    }

    /// The top-left cell of `block`.
    fn corner(&self, block: u32) -> usize {
        let (i, j) = (block % self.blocks_wide, block / self.blocks_wide);
        self.cell(self.columns(i).0, self.rows(j).0)
    }

    /// The block beside `block` through `side`, if there is one.
    fn neighbour(&self, block: u32, side: Side) -> Option<u32> {
        let (i, j) = (block % self.blocks_wide, block / self.blocks_wide);
        let (i, j) = match side {
            N => (i, j.checked_sub(1)?),
            E => (i + 1, j),
            S => (i, j + 1),
            _ => (i.checked_sub(1)?, j),
        };
        (i < self.blocks_wide && j < self.blocks_high).then_some(j * self.blocks_wide + i)
    }

    /// Opens the ring of cells round the edge of `block`.
    fn open_ring(&self, board: &mut Board, block: u32) {
        let (i, j) = (block % self.blocks_wide, block / self.blocks_wide);
        let ((x0, x1), (y0, y1)) = (self.columns(i), self.rows(j));
        for x in x0..x1 {
            set_wall(board, self.cell(x, y0), Direction::East, true);
            set_wall(board, self.cell(x, y1), Direction::East, true);
        }
        for y in y0..y1 {
            set_wall(board, self.cell(x0, y), Direction::South, true);
            set_wall(board, self.cell(x1, y), Direction::South, true);
        }
    }

    /// The two cells of `block`'s edge through `side` that a passage that way leaves from, the
    /// first two of that edge (the left two of a top or bottom edge, the top two of a side).
    fn edge_pair(&self, block: u32, side: Side) -> (usize, usize) {
        let (i, j) = (block % self.blocks_wide, block / self.blocks_wide);
        let ((x0, x1), (y0, y1)) = (self.columns(i), self.rows(j));
        match side {
            N => (self.cell(x0, y0), self.cell(x0 + 1, y0)),
            S => (self.cell(x0, y1), self.cell(x0 + 1, y1)),
            E => (self.cell(x1, y0), self.cell(x1, y0 + 1)),
            _ => (self.cell(x0, y0), self.cell(x0, y0 + 1)),
        }
    }

    /// Opens the corridor two cells wide from `block` through `side` into its neighbour.
    fn open_corridor(&self, board: &mut Board, block: u32, side: Side) {
        let (a, b) = self.edge_pair(block, side);
        let dir = Direction::ALL[side as usize];
        set_wall(board, a, dir, true);
        set_wall(board, b, dir, true);
    }

    /// Builds the wall down the middle of the passage from `block` through `side`: the link
    /// between the edge pair on each side of it. Returns where the wall's line starts and the
    /// side of its cells it stands on.
    fn split_wall(&self, board: &mut Board, block: u32, side: Side) -> (usize, Side) {
        let (a, _) = self.edge_pair(block, side);
        let next = self
            .neighbour(block, side)
            .expect("a passage leads to a block");
        let (c, _) = self.edge_pair(next, side ^ 2);
        // The pair runs across the passage: south along an east passage, east along a south one.
        let across = if side == E || side == W { S } else { E };
        let dir = Direction::ALL[across as usize];
        set_wall(board, a, dir, false);
        set_wall(board, c, dir, false);
        (a.min(c), across)
    }

    /// Marks every cell of `block` with `bits` alone (of the stack's marks).
    fn mark_block(&self, board: &mut Board, block: u32, bits: u8) {
        let (i, j) = (block % self.blocks_wide, block / self.blocks_wide);
        let ((x0, x1), (y0, y1)) = (self.columns(i), self.rows(j));
        for y in y0..=y1 {
            for x in x0..=x1 {
                let cell = self.cell(x, y);
                let kept = board.mark(cell) & !(mark::ACTIVE | mark::VISITED);
                board.set_mark(cell, kept | bits);
            }
        }
    }
}

/// Opens (`open`) or builds the wall of `cell` toward `dir`: one call site of the board's
/// carving code rather than ten copies of it inlined (the wasm module has a size budget).
#[inline(never)]
fn set_wall(board: &mut Board, cell: usize, dir: Direction, open: bool) {
    if open {
        board.carve(cell, dir);
    } else {
        board.build_wall(cell, dir);
    }
}

#[cfg(test)]
mod tests;
