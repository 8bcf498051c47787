//! What the page shows of Recursive Division: what a step says and the data structures for the
//! teaching panel.

use super::RecursiveDivision;
use crate::machine::{Structure, Words};
use crate::maze::Maze;

impl RecursiveDivision {
    pub(super) fn structures(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut stack = Structure::new("Chambers waiting (top first)", self.stack.len() as u64);
        for chamber in self.stack.iter().rev().take(limit) {
            stack.items.push(
                Words::new(maze)
                    .cell(maze.index(chamber.x, chamber.y))
                    .t(" ")
                    .n(u64::from(chamber.width))
                    .t("×")
                    .n(u64::from(chamber.height))
                    .done(),
            );
        }
        vec![stack]
    }
}
