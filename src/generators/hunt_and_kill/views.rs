//! What the page shows of Hunt-and-Kill: what a step says and the data structures for the teaching
//! panel.

use super::HuntAndKill;
use crate::machine::Structure;
use crate::maze::Maze;
use crate::topology::{Topology, Walk};
use crate::words::Sentence;

impl<T: Topology + Walk> HuntAndKill<T> {
    /// The walk, newest first, and where the next hunt scans from.
    pub(super) fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.walk.iter().rev().map(|&c| c as usize);
        let mut scan = Structure::new("Hunts so far", self.hunts);
        if self.remaining > 0 {
            let note = match self.rows {
                Some(_) => {
                    let (_, row) = maze.coords(self.first_outside);
                    Sentence::new("notes.hunt-row").n("row", row)
                }
                None if maze.grid().is_some_and(|grid| grid.is_masked()) => {
                    Sentence::new("notes.hunt-from-masked")
                }
                None => Sentence::new("notes.hunt-from"),
            };
            scan.set_note(note.cell("cell", maze, self.first_outside));
        }
        vec![
            Structure::new("Walk (newest first)", self.walk.len() as u64).cells(
                maze,
                &mut newest_first,
                limit,
            ),
            scan,
        ]
    }
}
