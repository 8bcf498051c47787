//! Hunt-and-Kill, a step taken back: from the notes the step left, the machine as it was before it.

use super::{word_row, HuntAndKill};
use crate::machine::{Event, Step};
use crate::topology::{Topology, Walk};

impl<T: Topology + Walk> HuntAndKill<T> {
    /// Takes the cell the step let in out of the maze again. The walk's cell before a carve is
    /// where it carved from; a hunt noted what it forgot (the scan's start; by rows the hunt
    /// row, cell by cell `reach` and the scanned cells; the walk), and so did the last step,
    /// which ends the walk (the hunt row or the scanned cells, and the walk).
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        // The words a hunt notes before the walk, and the last of them, the marks' words,
        // which the last step notes too.
        let (saved, marked) = match self.rows {
            Some(_) => (2, 1),
            None => (4, 2),
        };
        let mut notes = notes;
        if self.remaining == 0 {
            // After a hunt the walk is its one cell.
            let at = match step.event {
                Event::Hunt { .. } => notes.len().saturating_sub(marked + 1),
                _ => 0,
            };
            if notes.len() < at + marked {
                return false;
            }
            let (words, walk) = notes[at..].split_at(marked);
            self.restore_marks(words);
            self.walk = walk.to_vec();
            notes = &notes[..at];
        }
        match step.event {
            Event::Begin { cell } => {
                self.leave(cell as usize, cell as usize);
                if let Some(square) = self.rows {
                    self.top_row = square.height();
                }
                self.current = None;
            }
            Event::Carve { cell, side } => {
                let next = self.grid.through(cell as usize, side);
                self.leave(next, cell as usize);
                self.current = Some(self.grid.spot(cell as usize));
            }
            Event::Hunt { cell, side } => {
                if notes.len() <= saved {
                    return false;
                }
                let (words, walk) = notes.split_at(saved);
                let from = self.grid.through(cell as usize, side);
                self.leave(cell as usize, from);
                self.first_outside = words[0] as usize;
                if self.rows.is_none() {
                    self.reach = words[1] as usize;
                }
                self.restore_marks(&words[saved - marked..]);
                self.walk.clear();
                self.walk.extend_from_slice(walk);
                let last = walk[walk.len() - 1] as usize;
                self.current = Some(self.grid.spot(last));
                self.hunts -= 1;
            }
            _ => return false,
        }
        true
    }

    /// The hunt row, or the scanned cells, from their note words.
    pub(super) fn restore_marks(&mut self, words: &[u32]) {
        match *words {
            [row] => self.hunt_row = word_row(row),
            [start, end] => self.scanned = start as usize..end as usize,
            _ => {}
        }
    }

    /// Takes `cell` out of the maze again, the head of the walk, which joined it through a
    /// passage from `from`. By rows, the top row goes back down too if `cell` alone raised it:
    /// then it came from the cell south of it, and its row holds no other maze cell.
    pub(super) fn leave(&mut self, cell: usize, from: usize) {
        self.walk.pop();
        self.in_maze[cell] = false;
        self.remaining += 1;
        let Some(square) = self.rows else {
            return;
        };
        let w = square.width() as usize;
        let y = (cell / w) as u32;
        if from == cell + w && self.top_row == y {
            let row = y as usize * w..(y as usize + 1) * w;
            if !self.in_maze[row].contains(&true) {
                self.top_row = y + 1;
            }
        }
    }
}
