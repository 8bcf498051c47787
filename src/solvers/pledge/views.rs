//! What the page shows of Pledge: what a step says and the data structures for the teaching
//! panel (the turn counter and heading, whether it follows a wall, the route).

use super::{
    Pledge, BEGAN, FOLLOWED, FREE, LET_GO, LET_GO_WORDS, MEET_WALL, MET_WALL, OUT, STATE, STRAIGHT,
    WALKED_STRAIGHT, WALL_HAND,
};
use crate::machine::{side_words, Event, Step, Structure};
use crate::maze::Maze;
use crate::words::{reason_words, Arg, Sentence};

/// A signed count as text: "+2", "0", "−1" (a minus sign, not a hyphen).
fn signed(turns: i32) -> String {
    match turns {
        0 => "0".to_string(),
        t if t > 0 => format!("+{t}"),
        t => format!("\u{2212}{}", t.unsigned_abs()),
    }
}

impl Pledge {
    pub(super) fn says(&self, step: &Step, maze: &Maze) -> Sentence {
        let side = |cell, side| side_words(maze, cell, side);
        match step.event {
            Event::Begin { cell } => Sentence::of(&BEGAN)
                .cell("cell", maze, cell as usize)
                .words("side", side(cell, self.preferred)),
            Event::Move { from, to, heading } => {
                let template = match step.line {
                    line if line == STRAIGHT.0 => &WALKED_STRAIGHT,
                    line if line == MEET_WALL.0 => &MET_WALL,
                    line if line == LET_GO.0 => &LET_GO_WORDS,
                    _ => &FOLLOWED,
                };
                // The counter after the move: the walker's, as this step left it.
                Sentence::of(template)
                    .cell("from", maze, from as usize)
                    .words("side", side(from, heading))
                    .cell("to", maze, to as usize)
                    .with("turns", Arg::Text(signed(self.turns)))
            }
            Event::Found { length } => Sentence::of(&OUT).n("length", length),
            Event::Looped { .. } => {
                Sentence::new("narration.gave-up").with("reason", reason_words(super::LOOPED))
            }
            Event::Unreachable => {
                Sentence::new("narration.gave-up").with("reason", reason_words(super::WALLED_IN))
            }
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    /// The walker's state (heading, preferred way, counter; on a wall or not) and the route
    /// walked, newest first.
    pub(super) fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let cell = self.cell as u32;
        let mut state = Structure::new("Turn counter and heading", 1).say(
            Sentence::of(&STATE)
                .words("side", side_words(maze, cell, self.heading))
                .words("preferred", side_words(maze, cell, self.preferred))
                .with("turns", Arg::Text(signed(self.turns))),
        );
        if limit > 0 {
            state.item(Sentence::of(if self.following() {
                &WALL_HAND
            } else {
                &FREE
            }));
        }
        let walked = self.route();
        let mut newest_first = walked.iter().rev().copied();
        let route = Structure::new("Route walked (newest first)", walked.len() as u64).cells(
            maze,
            &mut newest_first,
            limit,
        );
        vec![state, route]
    }
}
