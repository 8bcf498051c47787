//! Bidirectional BFS, a step taken back: from the notes the step left, the machine as it was before
//! it.

use super::{BidirectionalBfs, Meeting, Turn, NONE, UNREACHED};
use crate::machine::{Event, Step};
use crate::solvers::NO_PARENT;

/// A meeting as three words for notes, [`NONE`] three times for none.
pub(super) fn meeting_words(meeting: Option<Meeting>) -> [u32; 3] {
    meeting.map_or([NONE; 3], |m| {
        [m.from_start as u32, m.from_goal as u32, m.length]
    })
}

/// [`meeting_words`] read back.
fn meeting_from_words([from_start, from_goal, length]: [u32; 3]) -> Option<Meeting> {
    (length != NONE).then_some(Meeting {
        from_start: from_start as usize,
        from_goal: from_goal as usize,
        length,
    })
}

impl<T> BidirectionalBfs<T> {
    /// An expand is taken back from its event: the `added` cells leave the back of its side's
    /// queue and the cell returns to the front. Noted: the cell worked on before (first word
    /// of every step after Begin) and, if the step found a shorter meeting, the one it
    /// replaced (the first three words after that).
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        if let Event::Begin { .. } = step.event {
            self.sides = None;
            self.best = None;
            self.visited = 0;
            return true;
        }
        let (Some(sides), Some(&current)) = (self.sides.as_mut(), notes.first()) else {
            return false;
        };
        match step.event {
            Event::Found { .. } | Event::Unreachable => self.outcome = None,
            Event::Expand { cell, added } => {
                let this = 1 - self.turn as usize;
                let other = 1 - this;
                for _ in 0..added {
                    let next = sides[this].queue.pop_back().expect("queued by the step") as usize;
                    sides[this].dist[next] = UNREACHED;
                    sides[this].parent[next] = NO_PARENT;
                    if sides[other].dist[next] == UNREACHED {
                        self.visited -= 1;
                    }
                }
                sides[this].queue.push_front(cell);
                self.turn = if this == 0 { Turn::Start } else { Turn::Goal };
                if let &[_, from_start, from_goal, length, ..] = notes {
                    self.best = meeting_from_words([from_start, from_goal, length]);
                }
            }
            _ => return false,
        }
        self.current = (current != NONE).then_some(current as usize);
        true
    }
}
