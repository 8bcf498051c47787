//! What the page shows of Iterative deepening A*: what a step says and the data structures for the
//! teaching panel.

use super::IdaStar;
use crate::machine::event_sentence;
use crate::machine::{Event, Step};
use crate::machine::{Structure, Words};
use crate::maze::Maze;
use crate::solvers::moves::in_moves;
use crate::solvers::Outcome;
use crate::topology::Topology;
use crate::words::{reason_words, Arg, Sentence};

impl<T: Topology> IdaStar<T> {
    pub(super) fn sentence_for(&self, step: &Step, maze: &Maze) -> Sentence {
        let bound = Arg::Dec(in_moves(self.bound));
        let at =
            |key: &'static str, cell: u32| Sentence::new(key).cell("cell", maze, cell as usize);
        match step.event {
            Event::Begin { cell } if self.round > 1 => at("narration.ida.raise", cell)
                .with("bound", bound)
                .n("round", self.round),
            Event::Begin { cell } => at("narration.ida.begin", cell).with("bound", bound),
            Event::Expand { cell, .. } => {
                let g = self.stack.last().map_or(0, |frame| frame.g);
                at("narration.ida.push", cell)
                    .with("g", Arg::Dec(in_moves(g)))
                    .with("f", Arg::Dec(in_moves(g + self.h(cell as usize))))
                    .with("bound", bound)
            }
            Event::Pop { cell } => at("narration.ida.pop", cell),
            Event::Unreachable => match &self.outcome {
                Some(Outcome::GaveUp { reason, .. }) => {
                    Sentence::new("narration.gave-up").with("reason", reason_words(reason))
                }
                _ => Sentence::new("narration.ida.unreachable"),
            },
            _ => event_sentence(&step.event, maze),
        }
    }

    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut stack = Structure::new("Path stack (top first)", self.stack.len() as u64);
        for frame in self.stack.iter().rev().take(limit) {
            let text = format!(" g={:.2}", in_moves(frame.g));
            stack
                .items
                .push(Words::new(maze).cell(frame.cell as usize).t(&text).done());
        }
        vec![stack]
    }
}
