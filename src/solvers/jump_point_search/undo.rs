//! Jump point search, a step taken back: from the notes the step left, the machine as it was before
//! it.

use super::{JumpPointSearch, UNREACHED};
use crate::board::Board;
use crate::ds::quad_heap::QuadHeap;
use crate::machine::{Event, Step};
use crate::solvers::cost_notes::{records, Record};
use crate::solvers::NO_PARENT;

impl JumpPointSearch {
    /// As A* by cost: the successors reached (old values noted), the closing, the pops.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        match step.event {
            Event::Begin { .. } => {
                self.open = QuadHeap::new();
                self.added = 0;
                self.g[self.start] = UNREACHED;
                self.parent[self.start] = NO_PARENT;
                self.visited = 0;
                self.started = false;
                return true;
            }
            // Gave up at once on a world with costs.
            Event::Unreachable if notes.is_empty() => {
                self.outcome = None;
                self.started = false;
                return true;
            }
            _ => {}
        }
        let Some((&before, rest)) = notes.split_first() else {
            return false;
        };
        let Some(records) = records(rest) else {
            return false;
        };
        if let Event::Expand { .. } | Event::Found { .. } = step.event {
            if let Some(cell) = self.current {
                self.closed[cell] = false;
                self.closed_count -= 1;
            }
        }
        for record in records.into_iter().rev() {
            match record {
                Record::Popped { entry, at } => self.open.undo_pop(entry, at),
                Record::Relaxed {
                    next,
                    old_g,
                    parent,
                    was_closed,
                    at,
                } => {
                    self.open.undo_push(at);
                    self.added = self.added.wrapping_sub(1);
                    if old_g == UNREACHED {
                        self.visited -= 1;
                    }
                    if was_closed {
                        self.closed[next] = true;
                        self.closed_count += 1;
                    }
                    self.g[next] = old_g;
                    self.parent[next] = parent;
                }
            }
        }
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }
}
