//! SideWinder: carve each row in runs, and close every run with one passage north.
//!
//! How it works:
//! 1. Take the rows one by one, from the top (north) down.
//! 2. In the top row, carve east from every cell but the last: one long corridor, the
//!    "straight edge" every later row hangs from.
//! 3. In every other row, walk from west to east, adding each cell to the current *run*.
//! 4. After adding a cell, toss a coin (at the east edge there is no choice: close):
//!    - extend: carve east, so the next cell joins the same run;
//!    - close: pick one cell of the run at random, carve north from it, and start a new run.
//!
//! Each run gets exactly one way north, and the row above is already connected, so every cell
//! is joined to the top corridor by exactly one path: a perfect maze. Like Binary Tree it needs
//! to remember only the current row's run, but the north passages no longer line up along one
//! side, so only the top row is a straight corridor. One step is one cell's decision.
//!
//! Speed: the coins are tossed 32 from one random number ([`Coins`]), since a full draw per
//! toss cost more than the rest of the step. Run to the end with nobody watching (no marks,
//! no journal), it makes the same decisions a word of coins at a time (`finish_row_unwatched`):
//! a coin that is random by design cannot be predicted, and branching on it cell by cell cost
//! more than everything else together.
//!
//! Marks: `ACTIVE` for cells of the current run, `VISITED` for finished cells.

use crate::board::{mark, Board};
use crate::machine::Line;
use crate::machine::{event_sentence, side_words};
use crate::machine::{step_to_end_local, Structure};
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::{Direction, Maze};
use crate::rng::{Coins, Rng};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "sidewinder",
    title: "SideWinder",
    summary: "Carves each row in runs and opens one passage north from every run.",
    step_unit: "one cell's decision",
    pseudocode: &[
        "for each row, top to bottom:",
        "    top row: carve east from every cell but the last", // TOP_ROW
        "    other rows, for each cell from west to east:",
        "        add the cell to the run",
        "        if at the east edge or a coin says close:",
        "            carve north from a random cell of the run", // CLOSE_RUN
        "            empty the run",
        "        else: carve east, extending the run", // EXTEND_RUN
    ],
    marks: &[(mark::ACTIVE, "current run"), (mark::VISITED, "finished")],
    events: &["close-run", "extend-run", "carve", "pass"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const TOP_ROW: Line = Line(1);
const CLOSE_RUN: Line = Line(5);
const EXTEND_RUN: Line = Line(7);

/// The SideWinder generator as a step machine.
#[derive(Clone, Debug)]
pub struct SideWinder {
    width: usize,
    len: usize,
    /// The next cell to decide about (cells are taken in index order: row by row).
    next: usize,
    /// Its column, kept alongside so no division is needed.
    column: usize,
    /// The first cell of the current run. A run is a stretch of one row, so it runs from
    /// here up to (not including) `next`; empty when the two are equal.
    run_start: usize,
    /// Close-or-extend coins, 32 from each random number.
    coins: Coins,
}

impl Machine for SideWinder {
    // Inlined into `step_to_end`'s loop, where the unused events then cost nothing (in wasm
    // too: the second copy costs about a kilobyte and saves a call per step there).
    #[inline(always)]
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.next >= self.len {
            return None;
        }
        let cell = self.next;
        self.next += 1;
        let last_column = self.column + 1 == self.width;
        self.column = if last_column { 0 } else { self.column + 1 };

        if cell < self.width {
            // The top row: one straight corridor east.
            board.add_mark(cell, mark::VISITED);
            self.run_start = self.next;
            if last_column {
                return Some(Step::new(Event::Pass { cell: cell as u32 }, TOP_ROW));
            }
            let dir = Direction::East;
            board.carve_to(cell, dir, cell + 1);
            let (cell, side) = (cell as u32, dir.side());
            return Some(Step::new(Event::Carve { cell, side }, TOP_ROW));
        }

        board.add_mark(cell, mark::ACTIVE);
        let run_len = self.run().len() as u32;
        // The coin is only tossed when there is a choice, so the east edge draws no number.
        let close = last_column || self.coins.toss(rng);
        if !close {
            board.carve_to(cell, Direction::East, cell + 1);
            return Some(Step::new(
                Event::ExtendRun {
                    cell: cell as u32,
                    run_len,
                },
                EXTEND_RUN,
            ));
        }

        let run = self.run();
        let chosen = self.close_run(board, rng, cell);
        // Display only: with no one watching, the marks are not kept (nor walked over).
        if board.is_displaying() {
            for member in run {
                board.set_mark(member, (board.mark(member) & !mark::ACTIVE) | mark::VISITED);
            }
        }
        Some(Step::new(
            Event::CloseRun {
                cell: chosen as u32,
                side: Direction::North.side(),
                run_len,
            },
            CLOSE_RUN,
        ))
    }

    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        let mut steps = 0;
        if !board.is_displaying() && !board.is_journaling() {
            // Row by row up to the last one, which is stepped so that its last step is known.
            let last_row = self.len - self.width;
            while self.next < last_row {
                steps += self.finish_row_unwatched(board, rng);
            }
        }
        let (rest, last) = step_to_end_local(self, board, rng);
        (steps + rest, last)
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

    /// One cell back, with no notes: the event says where the run started and which way the
    /// coin fell, so the toss is put back into the coins.
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        let Some(cell) = self.next.checked_sub(1) else {
            return false;
        };
        let column = cell % self.width;
        let (run_start, close) = match step.event {
            // The top row: each step started an empty run at its own cell.
            Event::Carve { .. } | Event::Pass { .. } => (cell, None),
            Event::ExtendRun { .. } => (self.run_start, Some(false)),
            // `run_len` counts the cell just added.
            Event::CloseRun { run_len, .. } => (cell + 1 - run_len as usize, Some(true)),
            _ => return false,
        };
        (self.next, self.column, self.run_start) = (cell, column, run_start);
        // The east edge closes without a toss.
        if let Some(close) = close.filter(|_| column + 1 < self.width) {
            self.coins.untake_toss(close);
        }
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("run", self.run().len() as u64)]
    }

    /// Runs a row at a time: the coin decides between going on east and closing the run.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        // After a step at the east edge the column wraps to 0.
        let at_edge = self.column == 0;
        let at =
            |key: &'static str, cell: u32| Sentence::new(key).cell("cell", maze, cell as usize);
        match step.event {
            Event::ExtendRun { cell, run_len } => {
                at("narration.sidewinder.extend-run", cell).n("run", run_len)
            }
            Event::CloseRun {
                cell,
                side,
                run_len,
            } => at(
                if at_edge {
                    "narration.sidewinder.close-run-edge"
                } else {
                    "narration.sidewinder.close-run"
                },
                cell,
            )
            .words("side", side_words(maze, cell, side))
            .n("run", run_len),
            Event::Carve { cell, side } => {
                at("narration.sidewinder.carve", cell).words("side", side_words(maze, cell, side))
            }
            Event::Pass { cell } => at("narration.sidewinder.pass", cell),
            _ => event_sentence(&step.event, maze),
        }
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut run = self.run();
        vec![
            Structure::new("Current run (west to east)", run.len() as u64)
                .cells(maze, &mut run, limit),
        ]
    }
}

impl SideWinder {
    /// A generator for a maze of `maze`'s size.
    pub fn new(maze: &Maze) -> SideWinder {
        SideWinder {
            width: maze.width() as usize,
            len: maze.len(),
            next: 0,
            column: 0,
            run_start: 0,
            coins: Coins::default(),
        }
    }

    /// The cells of the current run, west to east (empty between runs).
    pub fn run(&self) -> std::ops::Range<usize> {
        self.run_start..self.next
    }

    /// Closes the run that ends at `last`: carves north from one of its cells, picked at
    /// random, and returns that cell. The next run starts after `last`.
    #[inline(always)]
    fn close_run(&mut self, board: &mut Board, rng: &mut Rng, last: usize) -> usize {
        let chosen = self.run_start + rng.index(last + 1 - self.run_start);
        board.carve_to(chosen, Direction::North, chosen - self.width);
        self.run_start = last + 1;
        chosen
    }

    /// Does the rest of the current row at once, exactly as `step` would cell by cell, when
    /// no marks and no journal are kept; returns the number of steps that is. The coins are
    /// taken up to 32 at a time: the extending cells (coin 0) carve east and the closing ones
    /// (coin 1) close their runs, each found by walking the word's bits, so no branch depends
    /// on a coin. The order of the carves differs from stepping, which changes nothing; the
    /// random numbers are drawn in the very same order.
    fn finish_row_unwatched(&mut self, board: &mut Board, rng: &mut Rng) -> u64 {
        let row_end = self.next - self.column + self.width;
        let steps = (row_end - self.next) as u64;
        if row_end == self.width {
            // The top row: one corridor east, no coins.
            for cell in self.next..row_end - 1 {
                board.carve_to(cell, Direction::East, cell + 1);
            }
        } else {
            // Every cell but the last tosses a coin; the last always closes.
            while self.next < row_end - 1 {
                let most = (row_end - 1 - self.next).min(32) as u32;
                let (closes, count) = self.coins.tosses(rng, most);
                let mut extends = !closes & (u32::MAX >> (32 - count));
                while extends != 0 {
                    let cell = self.next + extends.trailing_zeros() as usize;
                    board.carve_to(cell, Direction::East, cell + 1);
                    extends &= extends - 1;
                }
                let mut closes = closes;
                while closes != 0 {
                    let last = self.next + closes.trailing_zeros() as usize;
                    self.close_run(board, rng, last);
                    closes &= closes - 1;
                }
                self.next += count as usize;
            }
            self.close_run(board, rng, row_end - 1);
        }
        (self.next, self.column, self.run_start) = (row_end, 0, row_end);
        steps
    }
}
