//! Taking a random mouse's step back: the move's event says where it went, and the one note a
//! move writes says what the mouse remembered before it.

use super::RandomMouse;
use crate::board::Board;
use crate::machine::{DebugState, Event, Step};
use crate::solvers::NO_PARENT;
use crate::topology::{Side, Topology, Weave};

/// No side came in by (the mouse on the start).
const NO_SIDE: u32 = 0xff;

/// Bit 16 of a note: the move entered a cell for the first time.
const FIRST_ENTRY: u32 = 1 << 16;

/// What the mouse remembered before a move, as one note: the side it came in by in bits 0-7
/// ([`NO_SIDE`] for none), the ways it had at its last move in bits 8-15, and [`FIRST_ENTRY`]
/// if the move enters a cell not reached before.
pub(super) fn memory_word(came_in: Option<Side>, ways: u8, first_entry: bool) -> u32 {
    came_in.map_or(NO_SIDE, u32::from) | u32::from(ways) << 8 | u32::from(first_entry) << 16
}

impl<T: Topology + Weave + Clone + DebugState + 'static> RandomMouse<T> {
    /// [`crate::machine::Machine::undo`]: every step can be taken back.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.first_from[self.start] = NO_PARENT;
                self.visited = 0;
            }
            Event::Found { .. } | Event::Unreachable => self.outcome = None,
            Event::Move { from, to, .. } => {
                let &[memory] = notes else {
                    return false;
                };
                let (from, to) = (from as usize, to as usize);
                // A cell first entered by this move leaves the notebook again.
                if memory & FIRST_ENTRY != 0 {
                    self.first_from[to] = NO_PARENT;
                    self.visited -= 1;
                }
                self.cell = from;
                self.came_in = match memory & 0xff {
                    NO_SIDE => None,
                    side => Some(side as Side),
                };
                self.ways = (memory >> 8) as u8;
                self.moves -= 1;
                // The last move allowed ended the walk; taken back, the walk goes on.
                self.outcome = None;
            }
            _ => return false,
        }
        true
    }
}
