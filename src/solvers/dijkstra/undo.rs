//! Dijkstra's algorithm, a step taken back: from the notes the step left, the machine as it was
//! before it.

use super::{Dijkstra, NO_PARENT, UNREACHED};
use crate::board::Board;
use crate::ds::two_distance_lists::TwoDistanceLists;
use crate::machine::{Event, Step};
use crate::topology::Topology;

impl<T: Topology> Dijkstra<T> {
    // Taking a step back.

    /// With every passage costing 1, cells come out in order of distance and each is queued
    /// once, at its final distance (a cell reached already is never improved, so no entry
    /// goes stale): a step read one cell, and the cells it queued were unreached, the last
    /// `added` of the next list. The only thing lost is a list the step emptied, noted.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let settled = match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.queue = TwoDistanceLists::default();
                self.dist[self.start] = UNREACHED;
                self.parent[self.start] = NO_PARENT;
                self.visited = 0;
                return true;
            }
            Event::Unreachable => {
                self.queue.undo_pop_none(notes);
                self.outcome = None;
                self.current = self.queue.last_read();
                return true;
            }
            Event::Found { .. } => self.goal,
            Event::Expand { cell, added } => {
                let cell = cell as usize;
                let dist = self.dist[cell] + 1;
                for next in self.queue.undo_pushes(dist, added as usize) {
                    self.dist[next] = UNREACHED;
                    self.parent[next] = NO_PARENT;
                }
                self.visited -= u64::from(added);
                cell
            }
            _ => return false,
        };
        self.outcome = None;
        self.settled[settled] = false;
        self.settled_count -= 1;
        self.queue.undo_pop(notes);
        self.current = self.queue.last_read();
        true
    }
}
