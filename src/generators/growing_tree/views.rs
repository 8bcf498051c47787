//! What the page shows of Growing Tree: what a step says and the data structures for the teaching
//! panel.

use super::{GrowingTree, REMOVED};
use crate::machine::Structure;
use crate::maze::Maze;
use crate::topology::{Topology, Walk};

impl<T: Topology + Walk> GrowingTree<T> {
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.items[self.head..]
            .iter()
            .rev()
            .filter(|&&c| c != REMOVED)
            .map(|&c| c as usize);
        vec![
            Structure::new("Active list (newest first)", self.live as u64).cells(
                maze,
                &mut newest_first,
                limit,
            ),
        ]
    }
}
