//! What the page shows of Dijkstra's algorithm: what a step says and the data structures for the
//! teaching panel.

use super::Dijkstra;
use crate::machine::event_sentence;
use crate::machine::{Event, Step};
use crate::machine::{Structure, Words};
use crate::maze::Maze;
use crate::topology::Topology;
use crate::words::Sentence;

impl<T: Topology> Dijkstra<T> {
    pub(super) fn sentence_for(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Expand { cell, added } => Sentence::new("narration.dijkstra.expand")
                .cell("cell", maze, cell as usize)
                .n("distance", self.dist[cell as usize])
                .n("added", added),
            _ => event_sentence(&step.event, maze),
        }
    }

    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut queue = Structure::new("Queue (smallest distance first)", self.queue_len());
        let waiting = self.queue.in_order().filter(|&cell| !self.settled[cell]);
        for cell in waiting.take(limit) {
            queue.items.push(
                Words::new(maze)
                    .cell(cell)
                    .t(" d=")
                    .n(u64::from(self.dist[cell]))
                    .done(),
            );
        }
        vec![queue]
    }
}
