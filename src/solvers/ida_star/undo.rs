//! Iterative deepening A*, a step taken back: from the notes the step left, the machine as it was
//! before it.

use super::{Frame, IdaStar, BETTER, STEP_LIMIT};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::topology::Topology;

impl<T: Topology> IdaStar<T> {
    /// Takes back a push (the cell's old best noted, the top's old next move; for a better path
    /// to the goal also the old best path and bound), a pop (the frame noted), a new round
    /// (bounds, the start's best, floor, raise and push counts noted), or the end.
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let wide = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
        let proven = matches!(step.event, Event::Found { .. }) && self.stack.is_empty();
        if self.steps > STEP_LIMIT || matches!(step.event, Event::Unreachable) || proven {
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
            let &[b_low, b_high, n_low, n_high, round, g_low, g_high, f_low, f_high, r_low, r_high, p_low, p_high, l_low, l_high] =
                notes
            else {
                return false;
            };
            self.stack.pop();
            self.on_path[self.start] = false;
            self.round -= 1;
            self.bound = wide(b_low, b_high);
            self.next_bound = wide(n_low, n_high);
            self.floor = wide(f_low, f_high);
            self.raise = wide(r_low, r_high);
            self.pushes = wide(p_low, p_high);
            self.last_pushes = wide(l_low, l_high);
            if round == 0 {
                self.visited -= 1;
            }
            self.best[self.start] = (round, wide(g_low, g_high));
        } else {
            let (&[old_next, n_low, n_high], rest) = notes.split_at(3.min(notes.len())) else {
                return false;
            };
            match (step.event, rest) {
                (
                    Event::Expand { .. } | Event::Found { .. },
                    [round, g_low, g_high, better @ ..],
                ) => {
                    if step.line == BETTER.0 {
                        let &[c_low, c_high, b_low, b_high, ref path @ ..] = better else {
                            return false;
                        };
                        self.best_cost = wide(c_low, c_high);
                        self.bound = wide(b_low, b_high);
                        self.best_path.clear();
                        self.best_path.extend_from_slice(path);
                    } else if !better.is_empty() {
                        return false;
                    }
                    let Some(frame) = self.stack.pop() else {
                        return false;
                    };
                    let next = frame.cell as usize;
                    self.on_path[next] = false;
                    self.pushes -= 1;
                    if *round == 0 {
                        self.visited -= 1;
                    }
                    self.best[next] = (*round, wide(*g_low, *g_high));
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
