//! Wilson, a step taken back: from the notes the step left, the machine as it was before it.

use super::{Standing, Wilson, BEGIN};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::topology::{Topology, Walk};

impl<T: Topology + Walk> Wilson<T> {
    /// Puts back what the step erased or carved from the walk, as noted (a move notes the old,
    /// stale position of the cell it entered); a square inner head's quarter goes back into
    /// the coins.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        // The walk's cell the step moved from, and the cell it moved to.
        let (from, to) = match (step.event, notes) {
            (Event::Begin { cell }, _) => {
                let drawn = if step.line == BEGIN.0 {
                    self.started = false;
                    self.remaining += 1;
                    notes
                } else {
                    let [drawn @ .., position, head] = notes else {
                        return false;
                    };
                    self.walk.pop();
                    self.position[cell as usize] = *position;
                    self.head = self.grid.spot(*head as usize);
                    drawn
                };
                self.standing[cell as usize] = Standing::Outside;
                // Put the drawn entries back, last drawn first: a swap_remove undone.
                for pair in drawn.chunks_exact(2).rev() {
                    self.candidates.push(pair[1]);
                    let last = self.candidates.len() - 1;
                    self.candidates.swap(pair[0] as usize, last);
                }
                return true;
            }
            (Event::Move { from, to, .. }, &[position]) => {
                self.walk.pop();
                self.standing[to as usize] = Standing::Outside;
                self.position[to as usize] = position;
                (from as usize, to as usize)
            }
            (Event::EraseLoop { cell, .. }, &[.., last]) => {
                for &erased in notes {
                    self.standing[erased as usize] = Standing::OnWalk;
                }
                self.walk.extend_from_slice(notes);
                (last as usize, cell as usize)
            }
            (Event::AddWalk { cell, length }, &[.., last]) => {
                for &joined in notes {
                    self.standing[joined as usize] = Standing::OnWalk;
                }
                self.walk.extend_from_slice(notes);
                self.remaining += length as usize;
                (last as usize, cell as usize)
            }
            _ => return false,
        };
        self.head = self.grid.spot(from);
        let side = self.grid.side_toward(from, to);
        self.grid.untake_walk(self.head, side, &mut self.quarters);
        true
    }
}
