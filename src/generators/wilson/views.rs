//! What the page shows of Wilson: what a step says and the data structures for the teaching
//! panel.

use super::Wilson;
use crate::machine::Structure;
use crate::maze::Maze;
use crate::topology::{Topology, Walk};

impl<T: Topology + Walk> Wilson<T> {
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.walk.iter().rev().map(|&c| c as usize);
        vec![
            Structure::new("Walk (newest first)", self.walk.len() as u64).cells(
                maze,
                &mut newest_first,
                limit,
            ),
            Structure::new("Cells not in the maze", self.remaining as u64),
        ]
    }
}
