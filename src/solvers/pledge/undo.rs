//! Pledge, a step taken back: the trail kept beside the route gives the heading and counter
//! before, so nothing is noted.

use super::Pledge;
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::solvers::Outcome;

impl Pledge {
    /// A move pops the route and the trail (and forgets the state it remembered, unless it
    /// repeated one); an ending takes the route back from the outcome.
    pub(super) fn take_back(&mut self, step: &Step, _board: &Board) -> bool {
        match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.forget_last();
            }
            Event::Found { .. } | Event::Looped { .. } | Event::Unreachable => {
                let Some(Outcome::Found(route) | Outcome::GaveUp { route, .. }) =
                    self.outcome.take()
                else {
                    return false;
                };
                self.route = route;
            }
            Event::Move { from, .. } => {
                self.forget_last();
                let Some(arrival) = self.trail.last() else {
                    return false;
                };
                self.cell = from as usize;
                self.heading = arrival.heading;
                self.turns = arrival.turns;
            }
            _ => return false,
        }
        true
    }

    /// Steps off the last cell of the route: what [`Pledge::arrive`] did, undone.
    fn forget_last(&mut self) {
        let (Some(cell), Some(arrival)) = (self.route.pop(), self.trail.pop()) else {
            return;
        };
        // Only the last arrival can be a repeat: the walk ends at once after it.
        let repeated = std::mem::take(&mut self.repeating);
        let place = ((cell as u64) << 2) | u64::from(arrival.heading);
        if arrival.turns == 0 {
            // A repeat found the state there already: it stays.
            if !repeated {
                self.seen_free.remove(4, cell, arrival.heading);
            }
        } else {
            match arrival.last_visit_before {
                Some(visit) => self.last_visit.insert(place, visit),
                None => self.last_visit.remove(&place),
            };
        }
        self.last_crossing = arrival.last_crossing_before;
        if arrival.first {
            self.walked[cell / 64] &= !(1u64 << (cell % 64));
            self.visited -= 1;
        }
    }
}
