//! Growing Tree, a step taken back: from the notes the step left, the machine as it was before it.

use super::{GrowingTree, REMOVED};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::topology::{Topology, Walk};

impl<T: Topology + Walk> GrowingTree<T> {
    /// Takes the newest entry back off the list after a carve, or puts a removed cell back at
    /// its noted index (undoing a compaction from its notes); `current` as noted.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let current = match (step.event, notes) {
            (Event::Begin { cell }, _) => {
                self.started = false;
                self.in_maze[cell as usize] = false;
                self.items.pop();
                self.live -= 1;
                self.current = None;
                return true;
            }
            (Event::Push { .. }, &[current]) => {
                if let Some(next) = self.items.pop() {
                    self.in_maze[next as usize] = false;
                }
                self.live -= 1;
                current
            }
            (Event::Pop { cell }, &[current, at, ref compacted @ ..]) => {
                let at = at as usize;
                if let [head, blanks @ ..] = compacted {
                    // The live entries with the blanks back between them, as before `retain`.
                    let head = *head as usize;
                    let len = head + self.items.len() + blanks.len();
                    let (mut live, mut blanks) = (self.items.iter(), blanks.iter().peekable());
                    let mut items = vec![REMOVED; head];
                    for i in head..len {
                        if blanks.next_if(|&&b| b as usize == i).is_some() {
                            items.push(REMOVED);
                        } else {
                            items.push(live.next().copied().unwrap_or(REMOVED));
                        }
                    }
                    (self.items, self.head) = (items, head);
                }
                // The first and last entries were live before, so the trims stopped at `at`,
                // or took it and every entry (then the list was cleared).
                self.head = if self.live == 0 {
                    at
                } else {
                    self.head.min(at)
                };
                self.items.resize(self.items.len().max(at + 1), REMOVED);
                self.items[at] = cell;
                self.live += 1;
                current
            }
            _ => return false,
        };
        self.current = (current != u32::MAX).then_some(current as usize);
        true
    }
}
