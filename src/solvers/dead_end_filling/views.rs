//! What the page shows of Dead-end filling: what a step says and the data structures for the
//! teaching panel.

use super::DeadEndFilling;
use crate::machine::Structure;
use crate::maze::Maze;
use crate::topology::Topology;
use crate::words::Sentence;

impl<T: Topology> DeadEndFilling<T> {
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut pending = self.pending.iter().rev().map(|&c| c as usize);
        let mut waiting = Structure::new("New dead ends waiting", self.pending.len() as u64).cells(
            maze,
            &mut pending,
            limit,
        );
        waiting.set_note(Sentence::new("notes.filled").n("filled", self.filled_count));
        vec![waiting]
    }
}
