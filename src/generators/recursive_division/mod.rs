//! Recursive division: start from an open field and add walls, splitting chambers in two.
//!
//! How it works:
//! 1. Start with every interior wall open: the whole grid is one *chamber*.
//! 2. Take a chamber that is at least two cells wide and two tall.
//! 3. Split it with a straight wall across its longer side (across either, by a coin, if it is
//!    square), at a random place, leaving one random gap in the wall.
//! 4. The two halves are new chambers; go back to 2 until no chamber can be split.
//!
//! Each wall has exactly one gap, so the two halves stay connected by exactly one passage: the
//! result is a perfect maze. It is the one *wall-adding* generator here: it starts from an open
//! field rather than from closed cells (see [`Machine::starts_open`]). Its texture shows long
//! straight walls and a visible hierarchy of rooms.
//!
//! "Recursive" names the idea, not the code: the chambers still to split wait on an explicit
//! stack, so no call stack grows with the maze.
//!
//! One step is one wall: taking a chamber and dividing it (chambers too thin to split are
//! dropped without a step). Marks: `SPECIAL` for the chamber being split.
//!
//! Cost: the walls themselves take time in proportion to the number of cells, but marking each
//! chamber takes time in proportion to its area, and every cell lies in about as many chambers
//! as there are levels of splitting. So a whole run takes O(N log N) for N cells on average,
//! like quicksort, and the marking is most of it.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `fast.rs` (the run
//! nobody watches), `undo.rs` (a step taken back) and `views.rs` (what a step says, the teaching
//! panel's structures).

#[cfg(not(target_arch = "wasm32"))]
mod fast;
mod undo;
mod views;

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::maze::{Direction, Maze};
use crate::rng::Rng;

pub static INFO: Info = Info {
    name: "recursive-division",
    title: "Recursive Division",
    summary:
        "Starts open and splits chambers with walls that each keep one gap: long straight walls.",
    step_unit: "one dividing wall",
    pseudocode: &[
        "start with every interior wall open: one chamber, the whole maze",
        "while some chamber is at least 2 cells wide and 2 tall:",
        "    take it; split it across its longer side (a coin if it is square)",
        "    build a wall across it at a random place, leaving one random gap", // WALL
        "    the two halves become chambers",
    ],
    marks: &[(mark::SPECIAL, "the chamber being split")],
    events: &["divide"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const WALL: Line = Line(3);

/// A rectangle of cells with no walls inside yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chamber {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Chamber {
    /// The two halves either side of a wall after `at` rows (`horizontal`) or columns.
    fn split(self, horizontal: bool, at: u32) -> (Chamber, Chamber) {
        if horizontal {
            let first = Chamber { height: at, ..self };
            let second = Chamber {
                y: self.y + at,
                height: self.height - at,
                ..self
            };
            (first, second)
        } else {
            let first = Chamber { width: at, ..self };
            let second = Chamber {
                x: self.x + at,
                width: self.width - at,
                ..self
            };
            (first, second)
        }
    }
}

/// Recursive division as a step machine.
#[derive(Clone, Debug)]
pub struct RecursiveDivision {
    maze_width: u32,
    /// Chambers still to split; the top one can always be split.
    stack: Vec<Chamber>,
    /// The chamber split by the last step, marked on the board.
    shown: Option<Chamber>,
    walls: u64,
    /// The smallest room (the `min-room` knob, 1 by default): no wall leaves a half narrower
    /// than this, and a chamber that no wall can split so is left open, a room.
    min_room: u32,
}

impl Machine for RecursiveDivision {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let chamber = self.stack.pop()?;
        if let Some(old) = self.shown.take() {
            // For `undo`: which chamber was shown cannot be told from what follows.
            board.note_words(&[old.x, old.y, old.width, old.height]);
            self.mark(board, old, false);
        }
        self.mark(board, chamber, true);
        self.shown = Some(chamber);
        let Chamber { width, height, .. } = chamber;
        let horizontal = self.across_rows(chamber, rng);
        // The wall runs along `length` cells, on their `dir` side, after `at` cells of the
        // chamber; the halves are `first` and `second`.
        let (dir, length, at) = if horizontal {
            (Direction::South, width, self.place(height, rng))
        } else {
            (Direction::East, height, self.place(width, rng))
        };
        let (first, second) = chamber.split(horizontal, at);
        let gap = rng.below(length);
        for i in (0..length).filter(|&i| i != gap) {
            board.build_wall(self.before_wall(first, horizontal, i), dir);
        }
        self.walls += 1;
        // The first half is split next.
        self.stack.push(second);
        self.drop_thin();
        self.stack.push(first);
        self.drop_thin();
        if self.stack.is_empty() {
            // Finished: no chamber is being split any more.
            if let Some(old) = self.shown.take() {
                // For `undo`: with rooms, the last chamber's size cannot be told from its wall.
                if self.min_room > 1 {
                    board.note_words(&[old.x, old.y, old.width, old.height]);
                }
                self.mark(board, old, false);
            }
        }
        Some(self.divide_step(first, horizontal, length, gap))
    }

    // Natively only (fast.rs): the page always watches (its runs keep the display), so in
    // wasm this loop would be a kilobyte of code nobody runs.
    #[cfg(not(target_arch = "wasm32"))]
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        self.step_to_end_fast(board, rng)
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.stack.is_empty()
    }

    fn starts_open(&self) -> bool {
        true
    }

    fn current(&self) -> Option<usize> {
        self.shown.map(|c| self.cell(c.x, c.y))
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("chambers waiting", self.stack.len() as u64),
            ("walls", self.walls),
        ]
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl RecursiveDivision {
    pub fn new(maze: &Maze) -> RecursiveDivision {
        RecursiveDivision::with_rooms(maze, 1)
    }

    /// A machine leaving rooms at least `min_room` cells wide and tall (the `min-room` knob):
    /// above 1 the rooms stay open, so the maze has loops.
    pub fn with_rooms(maze: &Maze, min_room: u32) -> RecursiveDivision {
        let whole = Chamber {
            x: 0,
            y: 0,
            width: maze.width(),
            height: maze.height(),
        };
        let mut machine = RecursiveDivision {
            maze_width: maze.width(),
            stack: vec![whole],
            shown: None,
            walls: 0,
            min_room: min_room.max(1),
        };
        machine.drop_thin();
        machine
    }

    /// Whether a wall can split `chamber` with both halves at least the smallest room across:
    /// one cell wide or tall is a corridor, already a perfect maze.
    fn can_split(&self, chamber: &Chamber) -> bool {
        let room = 2 * self.min_room;
        chamber.width >= 2
            && chamber.height >= 2
            && (chamber.width >= room || chamber.height >= room)
    }

    /// Whether the wall runs across the rows (east to west, splitting the height): across the
    /// longer side, by a coin if it is square, unless only one way leaves rooms big enough.
    #[inline]
    pub(super) fn across_rows(&self, chamber: Chamber, rng: &mut Rng) -> bool {
        let room = 2 * self.min_room;
        match (chamber.height >= room, chamber.width >= room) {
            (true, false) => true,
            (false, true) => false,
            _ => match chamber.width.cmp(&chamber.height) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => rng.coin(),
            },
        }
    }

    /// Where the wall goes along a side of `side` cells: after at least the smallest room,
    /// leaving at least that much.
    #[inline]
    pub(super) fn place(&self, side: u32, rng: &mut Rng) -> u32 {
        self.min_room + rng.below(side + 1 - 2 * self.min_room)
    }

    /// The chambers waiting to be split, the next one last.
    pub fn chambers(&self) -> &[Chamber] {
        &self.stack
    }

    /// The chamber the last step split.
    pub fn shown(&self) -> Option<Chamber> {
        self.shown
    }

    fn cell(&self, x: u32, y: u32) -> usize {
        y as usize * self.maze_width as usize + x as usize
    }

    /// The `i`th cell just before a wall: in the last row (`horizontal`) or column of the
    /// first half.
    fn before_wall(&self, first: Chamber, horizontal: bool, i: u32) -> usize {
        if horizontal {
            self.cell(first.x + i, first.y + first.height - 1)
        } else {
            self.cell(first.x + first.width - 1, first.y + i)
        }
    }

    /// The step that built a wall after `first`, with its gap `gap` cells along.
    fn divide_step(&self, first: Chamber, horizontal: bool, length: u32, gap: u32) -> Step {
        let dir = if horizontal {
            Direction::South
        } else {
            Direction::East
        };
        Step::new(
            Event::Divide {
                cell: self.before_wall(first, horizontal, 0) as u32,
                side: dir.side(),
                length,
                gap: self.before_wall(first, horizontal, gap) as u32,
            },
            WALL,
        )
    }

    /// Drops chambers that cannot be split from the top of the stack: a chamber one cell wide
    /// or tall is a straight corridor, already a perfect maze.
    fn drop_thin(&mut self) {
        while self.stack.last().is_some_and(|c| !self.can_split(c)) {
            self.stack.pop();
        }
    }

    /// Sets or clears `SPECIAL` on every cell of a chamber.
    fn mark(&self, board: &mut Board, chamber: Chamber, on: bool) {
        // Once here, not once a row: unwatched runs keep no display.
        if !board.is_displaying() {
            return;
        }
        for y in chamber.y..chamber.y + chamber.height {
            let first = self.cell(chamber.x, y);
            board.mark_run(first, chamber.width as usize, mark::SPECIAL, on);
        }
    }
}
