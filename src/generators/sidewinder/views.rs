//! What SideWinder says about a step, and the current run for the teaching panel.

use super::SideWinder;
use crate::machine::{event_sentence, side_words, Event, Step, Structure};
use crate::maze::Maze;
use crate::words::Sentence;

impl SideWinder {
    /// Runs a row at a time: the coin decides between going on east and closing the run.
    pub(super) fn sentence_for(&self, step: &Step, maze: &Maze) -> Sentence {
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

    /// The current run, for the data-structure panel.
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut run = self.run();
        vec![
            Structure::new("Current run (west to east)", run.len() as u64)
                .cells(maze, &mut run, limit),
        ]
    }
}
