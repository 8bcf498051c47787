//! Taking a step of the unicursal generator back: the board's journal brings the walls and
//! marks back; the generator puts its own stack, passages and counts back as they were.

use super::{Unicursal, BEGIN, CUT, LINE, POP, PUSH, SPLIT};
use crate::machine::{Event, Step};

impl Unicursal {
    /// Puts the state back as it was before `step`, with `notes` its words (the block worked on
    /// before a push or a pop). False, changing nothing, for a step it did not do.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        let line = step.line;
        match (step.event, notes) {
            (Event::Begin { .. }, _) if line == LINE.0 => self.started = false,
            (Event::Carve { .. }, _) if line == LINE.0 && self.carved > 0 => self.carved -= 1,
            (Event::Begin { .. }, _) if line == BEGIN.0 => {
                let Some(block) = self.stack.pop() else {
                    return false;
                };
                self.visited[block as usize] = false;
                self.started = false;
                self.current = None;
            }
            (Event::Push { .. }, &[current]) if line == PUSH.0 => {
                let Some(block) = self.stack.pop() else {
                    return false;
                };
                self.visited[block as usize] = false;
                self.passages.pop();
                self.current = (current != u32::MAX).then_some(current);
            }
            (Event::Pop { .. }, &[current]) if line == POP.0 => {
                let Some(block) = self.current else {
                    return false;
                };
                self.stack.push(block);
                self.current = (current != u32::MAX).then_some(current);
            }
            (Event::Divide { .. }, _) if line == SPLIT.0 && self.split > 0 => self.split -= 1,
            (Event::Divide { .. }, _) if line == CUT.0 && self.cut => self.cut = false,
            _ => return false,
        }
        true
    }
}
