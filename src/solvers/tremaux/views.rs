//! What the page shows of Trémaux's algorithm: what a step says and the data structures for the
//! teaching panel.

use super::Tremaux;
use crate::machine::Structure;
use crate::maze::Maze;
use crate::topology::{Topology, Weave};
use crate::words::Sentence;

impl<T: Topology + Weave> Tremaux<T> {
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.way.iter().rev().map(|&c| c as usize);
        vec![
            Structure::new("Way marked once (newest first)", self.way.len() as u64)
                .cells(maze, &mut newest_first, limit)
                .say(Sentence::new("notes.marked-twice")),
        ]
    }
}
