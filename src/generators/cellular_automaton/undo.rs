//! Taking a generation back: the board's journal brings the cells back; the automaton takes
//! back the list of cells the generation before changed from the step's notes.

use super::CellularAutomaton;
use crate::machine::{Event, Step};

impl CellularAutomaton {
    /// Puts the state back as it was before `step`, a generation, with `notes` the cells the
    /// generation before it changed. False, changing nothing, for any other step.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        if !matches!(step.event, Event::Generation { .. }) || self.done == 0 {
            return false;
        }
        self.done -= 1;
        self.changed = notes.to_vec();
        self.finished = false;
        true
    }
}
