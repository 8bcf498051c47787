//! What the page shows of Bidirectional A*: what a step says and the data structures for the
//! teaching panel.

use super::{BidirectionalAStar, UNREACHED};
use crate::ds::quad_heap::ARITY;
use crate::machine::event_sentence;
use crate::machine::{heap_best, Structure, Words};
use crate::machine::{Event, Step};
use crate::maze::Maze;
use crate::solvers::moves::in_moves;
use crate::topology::Topology;
use crate::words::{Arg, Sentence};
use std::cmp::Reverse;

impl<T: Topology> BidirectionalAStar<T> {
    pub(super) fn sentence_for(&self, step: &Step, maze: &Maze) -> Sentence {
        let Event::Expand { cell, added } = step.event else {
            return event_sentence(&step.event, maze);
        };
        let cell = cell as usize;
        let side = usize::from(!self.halves[0].closed[cell]);
        let best = if self.mu == UNREACHED {
            Sentence::new("narration.bidirectional.no-meeting")
        } else {
            Sentence::new("narration.bidirectional.best-meeting")
                .with("cost", Arg::Dec(in_moves(self.mu)))
        };
        Sentence::new(if side == 0 {
            "narration.bidirectional.forward"
        } else {
            "narration.bidirectional.backward"
        })
        .cell("cell", maze, cell)
        .with("g", Arg::Dec(in_moves(self.halves[side].g[cell])))
        .n("added", added)
        .words("best", best)
    }

    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let titles = [
            "Forward open set (lowest f first)",
            "Backward open set (lowest f first)",
        ];
        let mut views = Vec::new();
        for (half, title) in self.halves.iter().zip(titles) {
            let best = heap_best(half.open.as_slice(), ARITY, limit, &|e| half.is_live(e));
            let mut view = Structure::new(title, half.open.len() as u64);
            for Reverse((f, h, _, cell)) in best {
                let text = format!(" f={:.2} h={:.2}", in_moves(f), in_moves(h));
                view.items
                    .push(Words::new(maze).cell(cell as usize).t(&text).done());
            }
            views.push(view);
        }
        views
    }
}
