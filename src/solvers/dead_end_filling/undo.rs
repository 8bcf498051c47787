//! Dead-end filling, a step taken back: from the notes the step left, the machine as it was before
//! it.

use super::DeadEndFilling;
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::solvers::open_neighbours;
use crate::topology::Topology;

impl<T: Topology> DeadEndFilling<T> {
    /// A fill is taken back from the maze: its unfilled neighbours get their open side back,
    /// and the one it left a dead end (its follow-up) comes off the pending stack. Noted: the
    /// cell worked on before, follow-ups dropped as already filled, where the scan was if the
    /// step got to scanning (a fill came from the scan iff the scan stands just past it), and
    /// the cells the last step's search reached.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        // Notes: current, dropped follow-ups..., [scan], [reached].
        let (scanned, searched) = match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.open_sides.fill(0);
                return true;
            }
            Event::Fill { cell } => (self.scan == cell as usize + 1, false),
            Event::Found { .. } | Event::Unreachable => (true, true),
            _ => return false,
        };
        let tail = usize::from(scanned) + usize::from(searched);
        let Some(split) = notes.len().checked_sub(tail).filter(|&at| at > 0) else {
            return false;
        };
        let (&[current, ref dropped @ ..], tail) = notes.split_at(split) else {
            return false;
        };
        match step.event {
            Event::Fill { cell } => {
                let cell = cell as usize;
                let mut pushed = 0;
                for (_, next) in open_neighbours(&self.grid, board.maze(), cell) {
                    if !self.filled[next] {
                        pushed += usize::from(self.is_dead_end(next));
                        self.open_sides[next] += 1;
                    }
                }
                self.pending.truncate(self.pending.len() - pushed);
                if !scanned {
                    self.pending.push(cell as u32);
                }
                self.filled[cell] = false;
                self.filled_count -= 1;
                self.visited -= 1;
            }
            _ => {
                self.outcome = None;
                self.visited -= u64::from(tail[1]);
            }
        }
        self.pending.extend(dropped.iter().rev());
        if scanned {
            self.scan = tail[0] as usize;
        }
        self.current = (current != u32::MAX).then_some(current as usize);
        true
    }
}
