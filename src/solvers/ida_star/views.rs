//! What the page shows of Iterative deepening A*: what a step says and the data structures for the
//! teaching panel.

use super::{IdaStar, BETTER, NONE, PROVEN};
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
            Event::Begin { cell } if self.round > 1 && self.bound > self.floor => {
                at("narration.ida.raise-more", cell)
                    .with("bound", bound)
                    .with("floor", Arg::Dec(in_moves(self.floor)))
                    .n("round", self.round)
            }
            Event::Begin { cell } if self.round > 1 => at("narration.ida.raise", cell)
                .with("bound", bound)
                .n("round", self.round),
            Event::Expand { cell, .. } if step.line == BETTER.0 => at("narration.ida.better", cell)
                .with("g", Arg::Dec(in_moves(self.best_cost)))
                .with("floor", Arg::Dec(in_moves(self.floor))),
            Event::Found { length } if step.line == PROVEN.0 => {
                Sentence::new("narration.ida.proven")
                    .with("cost", Arg::Dec(in_moves(self.best_cost)))
                    .n("length", length)
            }
            Event::Begin { cell } => at("narration.ida.begin", cell).with("bound", bound),
            Event::Expand { cell, .. } if self.best_cost != NONE => {
                let g = self.stack.last().map_or(0, |frame| frame.g);
                at("narration.ida.push-cheaper", cell)
                    .with("g", Arg::Dec(in_moves(g)))
                    .with("f", Arg::Dec(in_moves(g + self.h(cell as usize))))
                    .with("best", Arg::Dec(in_moves(self.best_cost)))
            }
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
        if self.best_cost == NONE || self.outcome.is_some() {
            return vec![stack];
        }
        let title = "Best path kept (goal first)";
        let mut best = Structure::new(title, self.best_path.len() as u64);
        for &cell in self.best_path.iter().rev().take(limit) {
            best.items.push(Words::new(maze).cell(cell as usize).done());
        }
        vec![stack, best]
    }
}
