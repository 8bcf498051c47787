//! What the page shows of Eller: what a step says and the data structures for the teaching
//! panel.

use super::Eller;
use crate::machine::Structure;
use crate::maze::Maze;
use crate::words::Sentence;

impl Eller {
    /// The sets of the row being built, each named by its first cell, west to east.
    pub(super) fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut sets = Structure::new("Sets in this row (west to east)", 0);
        if self.row < self.height {
            for x in 0..self.width {
                let id = self.set[x as usize];
                if id == 0 || self.head[id as usize] != x {
                    continue;
                }
                sets.total += 1;
                if sets.items.len() < limit {
                    sets.item(
                        Sentence::new("items.row-set")
                            .n("id", id)
                            .cell("cell", maze, self.cell(x))
                            .n("size", self.size[id as usize]),
                    );
                }
            }
            sets.set_note(Sentence::new("notes.row").n("row", self.row));
        }
        vec![sets]
    }
}
