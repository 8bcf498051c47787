//! Binary Tree: every cell carves toward one of two fixed directions, chosen by a coin.
//!
//! How it works:
//! 1. Visit the cells one by one, row by row.
//! 2. For each, list the two bias directions (north and east by default) that stay inside the
//!    maze, and carve toward one of them at random.
//! 3. The corner where both are missing carves nothing.
//!
//! The result always has two unbroken corridors along the bias sides — the algorithm's
//! signature texture. One step is one cell.
//!
//! Speed: the machine keeps the cell's column and row as it goes, so neither they nor the
//! neighbour need a division, and tosses its coins from one random number 32 at a time
//! ([`Coins`]).
//!
//! Marks: `VISITED` for cells already handled. (Every cell before the current one is handled,
//! but the page draws from the marks alone, so the mark is kept: one byte written in order.)

use crate::board::{mark, Board};
use crate::machine::{step_to_end_local, Event, Info, Line, Machine, Step};
use crate::maze::Direction;
use crate::rng::{Coins, Rng};

/// The two directions every cell may carve toward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bias {
    #[default]
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Bias {
    /// Every bias, the classic (registered) one first.
    pub const ALL: [Bias; 4] = [
        Bias::NorthEast,
        Bias::NorthWest,
        Bias::SouthEast,
        Bias::SouthWest,
    ];

    /// A short name for lists and URLs ("north-east", ...).
    pub fn name(self) -> &'static str {
        match self {
            Bias::NorthEast => "north-east",
            Bias::NorthWest => "north-west",
            Bias::SouthEast => "south-east",
            Bias::SouthWest => "south-west",
        }
    }

    fn directions(self) -> (Direction, Direction) {
        match self {
            Bias::NorthEast => (Direction::North, Direction::East),
            Bias::NorthWest => (Direction::North, Direction::West),
            Bias::SouthEast => (Direction::South, Direction::East),
            Bias::SouthWest => (Direction::South, Direction::West),
        }
    }
}

pub static INFO: Info = Info {
    name: "binary-tree",
    title: "Binary Tree",
    summary: "Each cell carves north or east at random: fast, with two straight border corridors.",
    step_unit: "one cell's choice",
    pseudocode: &[
        "for each cell, row by row:",
        "    choose north or east at random, among those inside the maze",
        "    carve a passage that way", // CARVE
        "    (the north-east corner has neither: carve nothing)", // PASS
    ],
    marks: &[(mark::VISITED, "handled")],
    events: &["carve", "pass"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const CARVE: Line = Line(2);
const PASS: Line = Line(3);

/// The Binary Tree generator as a step machine.
#[derive(Clone, Debug)]
pub struct BinaryTree {
    /// The two directions of the bias, vertical first, each with the distance to the
    /// neighbour that way in the cell numbering.
    vertical: (Direction, isize),
    horizontal: (Direction, isize),
    /// The one row without a neighbour toward `vertical`, and the one column without one
    /// toward `horizontal` (the two border corridors run along them).
    edge_row: u32,
    edge_column: u32,
    next: usize,
    len: usize,
    width: u32,
    /// The column and row of `next`, kept alongside so no division is needed.
    column: u32,
    row: u32,
    coins: Coins,
}

impl Machine for BinaryTree {
    // Inlined into `step_to_end`'s loop, where the unused events then cost nothing (in wasm
    // too: the second copy costs about a kilobyte and saves a call per step there).
    #[inline(always)]
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.next >= self.len {
            return None;
        }
        let cell = self.next;
        let (x, y) = (self.column, self.row);
        self.next += 1;
        self.column += 1;
        if self.column == self.width {
            self.column = 0;
            self.row += 1;
        }
        board.add_mark(cell, mark::VISITED);

        let can_go_vertical = y != self.edge_row;
        let can_go_horizontal = x != self.edge_column;
        if !can_go_vertical && !can_go_horizontal {
            return Some(Step::new(Event::Pass { cell: cell as u32 }, PASS));
        }
        // The coin is only tossed when there is a choice, so the edges draw no number.
        let vertical = if can_go_vertical && can_go_horizontal {
            board.note_words(&self.coins.words());
            self.coins.toss(rng)
        } else {
            can_go_vertical
        };
        // Picked by indexing rather than branching: the coin is unpredictable by design.
        let (dir, offset) = [self.horizontal, self.vertical][usize::from(vertical)];
        board.carve_to(cell, dir, cell.wrapping_add_signed(offset));
        Some(Step::new(
            Event::Carve {
                cell: cell as u32,
                side: dir.side(),
            },
            CARVE,
        ))
    }

    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_local(self, board, rng)
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.next >= self.len
    }

    fn current(&self) -> Option<usize> {
        self.next.checked_sub(1)
    }

    /// One cell back; the coins as noted if the step tossed one.
    fn undo(&mut self, _step: &Step, notes: &[u32], _board: &Board) -> bool {
        let Some(cell) = self.next.checked_sub(1) else {
            return false;
        };
        self.next = cell;
        self.column = cell as u32 % self.width;
        self.row = cell as u32 / self.width;
        if let &[bits, left] = notes {
            self.coins = Coins::from_words([bits, left]);
        }
        true
    }
}

impl BinaryTree {
    /// A generator for a maze of `width` × `height` cells.
    pub fn new(width: u32, height: u32, bias: Bias) -> BinaryTree {
        let (vertical, horizontal) = bias.directions();
        BinaryTree {
            vertical: (vertical, BinaryTree::offset(vertical, width)),
            horizontal: (horizontal, BinaryTree::offset(horizontal, width)),
            edge_row: if vertical == Direction::North {
                0
            } else {
                height.saturating_sub(1)
            },
            edge_column: if horizontal == Direction::West {
                0
            } else {
                width.saturating_sub(1)
            },
            next: 0,
            len: width as usize * height as usize,
            width,
            column: 0,
            row: 0,
            coins: Coins::default(),
        }
    }

    /// How far away in the cell numbering the neighbour toward `dir` is.
    fn offset(dir: Direction, width: u32) -> isize {
        match dir {
            Direction::North => -(width as isize),
            Direction::South => width as isize,
            Direction::East => 1,
            Direction::West => -1,
        }
    }
}
