//! Blind-alley filling and sealing, a step taken back: from the notes the step left, the
//! machine as it was before it.

use super::{BlindAlley, Stage, ALL_KNOWN, DOOR, NO_SIDE, ROUND};
use crate::machine::{Event, Step};
use crate::topology::Topology;

impl<T: Topology> BlindAlley<T> {
    /// Notes: a search step leaves the side its look began at and the cell's `low` before
    /// it, and a cell done but the start also its parent's `low` before; a step of the
    /// filling or sealing, and the last search, leave where the cursor was.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        match (step.event, notes) {
            (Event::Begin { .. }, []) => {
                self.stage = Stage::Begin;
                self.stack.clear();
                self.order.clear();
                self.number[self.start] = 0;
                self.low[self.start] = 0;
            }
            (Event::Push { .. }, &[next_side, low]) => {
                let Some((cell, _)) = self.stack.pop() else {
                    return false;
                };
                let cell = cell as usize;
                self.order.pop();
                self.number[cell] = 0;
                self.low[cell] = 0;
                self.came_in[cell] = NO_SIDE;
                let Some(top) = self.stack.last_mut() else {
                    return false;
                };
                top.1 = next_side as u8;
                self.low[top.0 as usize] = low;
            }
            (Event::Pop { cell }, [next_side, low, rest @ ..]) => {
                let cell = cell as usize;
                self.stack.push((cell as u32, *next_side as u8));
                self.low[cell] = *low;
                let line = step.line;
                if line == ALL_KNOWN.0 {
                    self.stage = Stage::Search;
                    return rest.is_empty();
                }
                let &[parent_low] = rest else {
                    return false;
                };
                let parent = self.parent(cell);
                self.low[parent] = parent_low;
                if line != ROUND.0 {
                    self.bridges -= 1;
                }
                if line == DOOR.0 {
                    self.door[cell] = false;
                    self.doors.pop();
                }
            }
            (Event::Fill { .. } | Event::Seal { .. }, &[cursor]) => {
                self.reopen(cursor as usize);
                self.closings -= 1;
            }
            (Event::Found { .. } | Event::Unreachable, &[cursor]) => {
                self.reopen(cursor as usize);
                self.outcome = None;
            }
            _ => return false,
        }
        true
    }

    /// Puts the cursor back to `cursor`, opening the cells it closed since.
    fn reopen(&mut self, cursor: usize) {
        for &cell in &self.order[cursor..self.cursor] {
            self.closed[cell as usize] = false;
        }
        self.cursor = cursor;
    }
}
