//! What the page shows of Jump point search: what a step says and the data structures for the
//! teaching panel.

use super::{Entry, JumpPointSearch};
use crate::ds::quad_heap::ARITY;
use crate::machine::event_sentence;
use crate::machine::{heap_best, Structure, Words};
use crate::machine::{Event, Step};
use crate::maze::Maze;
use crate::solvers::moves::in_moves;
use crate::solvers::Outcome;
use crate::words::{reason_words, Arg, Sentence};
use std::cmp::Reverse;

impl JumpPointSearch {
    pub(super) fn sentence_for(&self, step: &Step, maze: &Maze) -> Sentence {
        if let Some(Outcome::GaveUp { reason, .. }) = &self.outcome {
            return Sentence::new("narration.gave-up").with("reason", reason_words(reason));
        }
        let Event::Expand { cell, added } = step.event else {
            return event_sentence(&step.event, maze);
        };
        let cell = cell as usize;
        let key = if cell == self.start {
            "narration.jps.expand-start"
        } else if self.plain {
            "narration.jps.expand-plain"
        } else if !self.open_ground[cell] {
            "narration.jps.expand-start"
        } else {
            "narration.jps.expand-open"
        };
        Sentence::new(key)
            .cell("cell", maze, cell)
            .with("g", Arg::Dec(in_moves(self.g[cell])))
            .n("added", added)
    }

    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let live = |e: Entry| {
            let Reverse((f, h, _, cell)) = e;
            !self.closed[cell as usize] && f - h == self.g[cell as usize]
        };
        let best = heap_best(self.open.as_slice(), ARITY, limit, &live);
        let mut open = Structure::new(
            "Open set of jump points (lowest f first)",
            self.open.len() as u64,
        );
        for Reverse((f, h, _, cell)) in best {
            let text = format!(" f={:.2} h={:.2}", in_moves(f), in_moves(h));
            open.items
                .push(Words::new(maze).cell(cell as usize).t(&text).done());
        }
        vec![open]
    }
}
