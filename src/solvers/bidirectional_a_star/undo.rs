//! Bidirectional A*, a step taken back: from the notes the step left, the machine as it was before
//! it.

use super::{BidirectionalAStar, Half, CLOSED, MET, POPPED, RELAXED, UNREACHED};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::topology::Topology;
use std::cmp::Reverse;

impl<T: Topology> BidirectionalAStar<T> {
    /// Takes back the step's records newest first: meetings, neighbours reached, the closing,
    /// the pops; then the cell before.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        if let Event::Begin { .. } = step.event {
            let len = self.grid.len();
            self.halves = [
                Half::new(len, self.start, self.goal),
                Half::new(len, self.goal, self.start),
            ];
            self.mu = UNREACHED;
            self.meet = u32::MAX;
            self.visited = 0;
            self.started = false;
            return true;
        }
        let Some((&before, mut rest)) = notes.split_first() else {
            return false;
        };
        let mut records = Vec::new();
        while let Some(&kind) = rest.first() {
            let len = match kind {
                POPPED => 9,
                RELAXED => 8,
                MET => 4,
                CLOSED => 3,
                _ => return false,
            };
            if rest.len() < len {
                return false;
            }
            records.push(&rest[..len]);
            rest = &rest[len..];
        }
        let wide = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
        for record in records.iter().rev() {
            match **record {
                [POPPED, side, f_low, f_high, h_low, h_high, order, cell, at] => {
                    let entry = Reverse((wide(f_low, f_high), wide(h_low, h_high), order, cell));
                    self.halves[side as usize].open.undo_pop(entry, at as usize);
                }
                [RELAXED, side, next, g_low, g_high, parent, was_closed, at] => {
                    let (side, next) = (side as usize, next as usize);
                    let old_g = wide(g_low, g_high);
                    if old_g == UNREACHED && self.halves[1 - side].g[next] == UNREACHED {
                        self.visited -= 1;
                    }
                    let half = &mut self.halves[side];
                    half.open.undo_push(at as usize);
                    half.added = half.added.wrapping_sub(1);
                    half.g[next] = old_g;
                    half.parent[next] = parent;
                    half.closed[next] = was_closed != 0;
                }
                [MET, mu_low, mu_high, meet] => {
                    self.mu = wide(mu_low, mu_high);
                    self.meet = meet;
                }
                [CLOSED, side, cell] => self.halves[side as usize].closed[cell as usize] = false,
                _ => return false,
            }
        }
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }
}
