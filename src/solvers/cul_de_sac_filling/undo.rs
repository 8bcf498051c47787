//! Cul-de-sac filling, a step taken back: from the notes the step left, the machine as it was
//! before it.

use super::{CulDeSacFilling, RECHECK};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::solvers::open_neighbours;
use crate::topology::Topology;

impl<T: Topology> CulDeSacFilling<T> {
    /// Notes, after the first step: the cell worked on before, where the two scans were, the
    /// cells taken off the two stacks (in the order taken; those from `recheck` tagged with
    /// [`RECHECK`]), the stacks' lengths before the step pushed, and for the last step the
    /// cells its search reached.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        if let Event::Begin { .. } = step.event {
            self.started = false;
            self.open_sides.fill(0);
            return true;
        }
        let searched = matches!(step.event, Event::Found { .. } | Event::Unreachable);
        let tail = 2 + usize::from(searched);
        let Some(split) = notes.len().checked_sub(tail).filter(|&at| at >= 3) else {
            return false;
        };
        let (head, taken, tail) = (&notes[..3], &notes[3..split], &notes[split..]);
        match step.event {
            Event::Fill { cell } => {
                let cell = cell as usize;
                for (side, next) in open_neighbours(&self.grid, board.maze(), cell) {
                    if !self.filled[next] && self.sealed[cell] & 1 << side == 0 {
                        self.open_sides[next] += 1;
                    }
                }
                self.filled[cell] = false;
                self.filled_count -= 1;
                self.visited -= 1;
            }
            Event::Seal { cell, side } => {
                let cell = cell as usize;
                let next = self.grid.through(cell, side);
                self.sealed[cell] &= !(1 << side);
                self.sealed[next] &= !(1 << self.grid.back(cell, side));
                self.open_sides[cell] += 1;
                self.open_sides[next] += 1;
                self.seals -= 1;
            }
            Event::Found { .. } | Event::Unreachable => {
                self.outcome = None;
                self.visited -= u64::from(tail[2]);
            }
            _ => return false,
        }
        self.pending.truncate(tail[0] as usize);
        self.recheck.truncate(tail[1] as usize);
        for &cell in taken.iter().rev() {
            if cell & RECHECK != 0 {
                self.recheck.push(cell & !RECHECK);
            } else {
                self.pending.push(cell);
            }
        }
        self.current = (head[0] != u32::MAX).then_some(head[0] as usize);
        self.scan = head[1] as usize;
        self.noose_scan = head[2] as usize;
        true
    }
}
