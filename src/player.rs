//! The player: walks a found path from start to goal, one cell per tick.
//!
//! Marks: `WALKED` for cells the player has stood on.

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "player",
    title: "Player",
    summary: "Walks the path that was found, one cell per tick.",
    step_unit: "one cell of the path",
    pseudocode: &[
        "stand on the start", // START
        "while not on the goal:",
        "    move to the next cell of the path", // MOVE
        "arrived",                               // ARRIVE
    ],
    marks: &[(mark::WALKED, "walked")],
    events: &["walk"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const START: Line = Line(0);
const MOVE: Line = Line(2);
const ARRIVE: Line = Line(3);

/// A walk along a path as a step machine.
#[derive(Clone, Debug)]
pub struct Player {
    path: Vec<usize>,
    /// Cells of the path walked so far; the player stands on `path[walked - 1]`.
    walked: usize,
}

impl Machine for Player {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        let &cell = self.path.get(self.walked)?;
        self.walked += 1;
        board.add_mark(cell, mark::WALKED);
        let line = match self.walked {
            1 => START,
            n if n == self.path.len() => ARRIVE,
            _ => MOVE,
        };
        Some(Step::new(Event::Walk { cell: cell as u32 }, line))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.walked >= self.path.len()
    }

    fn current(&self) -> Option<usize> {
        self.position()
    }

    fn undo(&mut self, _step: &Step, _notes: &[u32], _board: &Board) -> bool {
        self.walked = self.walked.saturating_sub(1);
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("walked", self.walked as u64),
            ("path", self.path.len() as u64),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut position = Structure::new("Position", u64::from(self.walked > 0)).cells(
            maze,
            &mut self.position().into_iter(),
            limit,
        );
        position.set_note(
            Sentence::new("notes.walked")
                .n("walked", self.walked as u64)
                .n("cells", self.path.len() as u64),
        );
        vec![position]
    }
}

impl Player {
    pub fn new(path: Vec<usize>) -> Player {
        Player { path, walked: 0 }
    }

    /// Where the player stands, once it has started.
    pub fn position(&self) -> Option<usize> {
        self.walked.checked_sub(1).map(|i| self.path[i])
    }
}
