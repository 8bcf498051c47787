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
//! no journal), it makes the same decisions a word of coins at a time (`fast.rs`): a coin
//! that is random by design cannot be predicted, and branching on it cell by cell cost more
//! than everything else together.
//!
//! Marks: `ACTIVE` for cells of the current run, `VISITED` for finished cells.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `fast.rs` (the run
//! nobody watches), `undo.rs` (a step taken back), `views.rs` (what a step says, the run for
//! the teaching panel).

mod fast;
mod undo;
mod views;

use crate::board::{mark, Board};
use crate::machine::{Event, Info, Line, Machine, Step, Structure};
use crate::maze::{Direction, Maze};
use crate::rng::{Coins, Odds, Rng};
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
    /// The chance of closing a run when it is not one half (the `run-close` knob): then each
    /// decision takes a draw of its own instead of a coin.
    close_odds: Option<Odds>,
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
        let close = last_column || self.decide_close(rng);
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

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.next >= self.len
    }

    fn current(&self) -> Option<usize> {
        self.next.checked_sub(1)
    }

    /// Rows at a time when nobody watches (fast.rs).
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        self.step_to_end_fast(board, rng)
    }

    /// One cell back, with no notes (undo.rs).
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        self.take_back(step)
    }

    /// Runs a row at a time: the coin decides between going on east and closing the run
    /// (views.rs).
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.sentence_for(step, maze)
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("run", self.run().len() as u64)]
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
            close_odds: None,
        }
    }

    /// The same machine closing a run with chance `p` (the `run-close` knob; one half, the
    /// default, tosses the fair coins as always). Near 1 nearly every cell carves north: long
    /// vertical corridors; near 0 the runs stretch across whole rows.
    pub fn closing(mut self, p: f64) -> SideWinder {
        let odds = Odds::new(p);
        self.close_odds = (odds != Odds::FAIR).then_some(odds);
        self
    }

    /// Whether the run closes here (not at the east edge, which always does).
    #[inline(always)]
    fn decide_close(&mut self, rng: &mut Rng) -> bool {
        match self.close_odds {
            None => self.coins.toss(rng),
            Some(odds) => odds.hit(rng),
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
}
