//! Taking a step of the shortest-paths finder back: a layer of either flood is dropped again,
//! and a layer of the flood from the start gets back the counts of the layer before it, which
//! the step noted (each as its number of words, then the words) when it dropped them.

use super::{ShortestPaths, BACK, BEGIN, COUNTED};
use crate::ds::big_count::BigCount;
use crate::machine::{Event, Step};
use crate::topology::Topology;

impl<T: Topology> ShortestPaths<T> {
    /// [`crate::machine::Machine::undo`]: every step can be taken back.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        match (step.event, step.line) {
            (Event::Unreachable, line) if line == BEGIN.0 => {
                self.started = false;
                self.outcome = None;
            }
            (Event::Begin { .. }, _) => {
                if self.start == self.goal {
                    self.uncount();
                }
                self.from_start.drop_layer();
                self.ways.clear();
                self.started = false;
            }
            (Event::Found { .. }, _) => self.outcome = None,
            (Event::Expand { .. }, line) if line == BACK.0 => {
                for &cell in self.from_goal.newest() {
                    if std::mem::take(&mut self.on_shortest[cell as usize]) {
                        self.on_count -= 1;
                    }
                }
                self.from_goal.drop_layer();
            }
            (Event::Expand { .. } | Event::Unreachable, line) => {
                // The layer before the newest: the one whose counts were noted.
                let before = self.from_start.layer_count().saturating_sub(2);
                let Some(ways) = counts_in(notes)
                    .filter(|ways| ways.len() == self.from_start.layer(before).len())
                else {
                    return false;
                };
                if line == COUNTED.0 {
                    self.uncount();
                }
                self.outcome = None;
                self.from_start.drop_layer();
                self.ways = ways;
            }
            _ => return false,
        }
        true
    }

    /// Takes back [`ShortestPaths::count_goal`].
    fn uncount(&mut self) {
        self.from_goal.drop_layer();
        self.on_shortest[self.goal] = false;
        self.on_count = 0;
        self.counted = None;
    }
}

/// The counts a step noted, each its number of words and then the words; `None` if the notes
/// do not read that way.
fn counts_in(mut notes: &[u32]) -> Option<Vec<BigCount>> {
    let mut counts = Vec::new();
    while let Some((&len, rest)) = notes.split_first() {
        let words = rest.get(..len as usize)?;
        counts.push(BigCount::from_words(words));
        notes = &rest[len as usize..];
    }
    Some(counts)
}
