//! Iterative deepening A*, a step taken back: from the notes the step left, the machine as it was
//! before it.

use super::{Frame, IdaStar, STEP_LIMIT};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::topology::Topology;

impl<T: Topology> IdaStar<T> {
    /// Takes back a push (the cell's old best noted, the top's old next move), a pop (the frame
    /// noted), or a new round (bounds and the start's best noted).
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let wide = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
        if self.steps > STEP_LIMIT || matches!(step.event, Event::Unreachable) {
            if !notes.is_empty() {
                return false;
            }
            self.outcome = None;
            self.steps -= 1;
            return true;
        }
        let new_round = matches!(step.event, Event::Begin { .. })
            || (matches!(step.event, Event::Found { .. }) && self.stack.len() == 1);
        if new_round {
            let &[b_low, b_high, n_low, n_high, round, g_low, g_high] = notes else {
                return false;
            };
            self.stack.pop();
            self.on_path[self.start] = false;
            self.round -= 1;
            self.bound = wide(b_low, b_high);
            self.next_bound = wide(n_low, n_high);
            if round == 0 {
                self.visited -= 1;
            }
            self.best[self.start] = (round, wide(g_low, g_high));
        } else {
            let (&[old_next, n_low, n_high], rest) = notes.split_at(3.min(notes.len())) else {
                return false;
            };
            match (step.event, rest) {
                (Event::Expand { .. } | Event::Found { .. }, &[round, g_low, g_high]) => {
                    let Some(frame) = self.stack.pop() else {
                        return false;
                    };
                    let next = frame.cell as usize;
                    self.on_path[next] = false;
                    if round == 0 {
                        self.visited -= 1;
                    }
                    self.best[next] = (round, wide(g_low, g_high));
                }
                (Event::Pop { .. }, &[cell, g_low, g_high]) => {
                    self.on_path[cell as usize] = true;
                    self.stack.push(Frame {
                        cell,
                        g: wide(g_low, g_high),
                        next: 0,
                    });
                }
                _ => return false,
            }
            self.stack.last_mut().expect("top").next = old_next as u8;
            self.next_bound = wide(n_low, n_high);
        }
        self.outcome = None;
        self.steps -= 1;
        true
    }
}
