//! Taking a SideWinder step back, with no notes: the event says where the run started and which
//! way the coin fell.

use super::SideWinder;
use crate::machine::{Event, Step};

impl SideWinder {
    /// One cell back, with no notes: the event says where the run started and which way the
    /// coin fell, so the toss is put back into the coins.
    #[inline]
    pub(super) fn take_back(&mut self, step: &Step) -> bool {
        let Some(cell) = self.next.checked_sub(1) else {
            return false;
        };
        let column = cell % self.width;
        let (run_start, close) = match step.event {
            // The top row: each step started an empty run at its own cell.
            Event::Carve { .. } | Event::Pass { .. } => (cell, None),
            Event::ExtendRun { .. } => (self.run_start, Some(false)),
            // `run_len` counts the cell just added.
            Event::CloseRun { run_len, .. } => (cell + 1 - run_len as usize, Some(true)),
            _ => return false,
        };
        (self.next, self.column, self.run_start) = (cell, column, run_start);
        // The east edge closes without a toss; other odds than one half toss no coins (the run
        // puts their draw back).
        let tossed = column + 1 < self.width && self.close_odds.is_none();
        if let Some(close) = close.filter(|_| tossed) {
            self.coins.untake_toss(close);
        }
        true
    }
}
