//! Trémaux's algorithm, a step taken back: from the notes the step left, the machine as it was
//! before it.

use super::{move_from_word, Tremaux};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::topology::{Topology, Weave};

impl<T: Topology + Weave> Tremaux<T> {
    /// A move is taken back from its event and the chalk: one mark left on the passage means
    /// the move went on into `to` (pop it off the way), two that it backed out of `from` (push
    /// it back on). The last move says whether `to` was new; the one before it is noted.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.seen[self.start] = false;
                self.visited = 0;
                self.way.clear();
                self.on_way[self.start] = 0;
            }
            Event::Found { .. } | Event::Unreachable => self.outcome = None,
            Event::Move { from, to, heading } => {
                let (&[before], Some((_, was_seen))) = (notes, self.last_move) else {
                    return false;
                };
                let (from, to) = (from as usize, to as usize);
                if self.passage_marks(from, heading) == 1 {
                    self.way.pop();
                    self.on_way[to] -= 1;
                } else {
                    self.way.push(from as u32);
                    self.on_way[from] += 1;
                }
                self.change_marks(from, heading, u8::MAX);
                self.change_marks(to, self.grid.back(from, heading), u8::MAX);
                if !was_seen {
                    self.seen[to] = false;
                    self.visited -= 1;
                }
                self.last_move = move_from_word(before);
            }
            _ => return false,
        }
        true
    }
}
