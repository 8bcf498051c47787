//! Recursive Division, a step taken back: from the notes the step left, the machine as it was
//! before it.

use super::{Chamber, RecursiveDivision};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::maze::Direction;

impl RecursiveDivision {
    /// Puts the split chamber back on the stack in place of its halves, and shows the chamber
    /// shown before, as noted (four words; none on the first step).
    pub(super) fn take_back_step(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let Event::Divide {
            cell, side, length, ..
        } = step.event
        else {
            return false;
        };
        let (cx, cy) = (cell % self.maze_width, cell / self.maze_width);
        let horizontal = side == Direction::South.side();
        // With rooms, the last step noted its chamber after the one shown before it.
        let (notes, last) = match notes.len().checked_sub(4) {
            Some(at) if self.shown.is_none() && self.min_room > 1 => {
                let [x, y, width, height] =
                    [notes[at], notes[at + 1], notes[at + 2], notes[at + 3]];
                (
                    &notes[..at],
                    Some(Chamber {
                        x,
                        y,
                        width,
                        height,
                    }),
                )
            }
            _ => (notes, None),
        };
        // The chamber split is shown, except after the last step: there both halves were too
        // thin to split, so it was two cells across the wall, which starts at its corner.
        let chamber = self.shown.or(last).unwrap_or(if horizontal {
            Chamber {
                x: cx,
                y: cy,
                width: length,
                height: 2,
            }
        } else {
            Chamber {
                x: cx,
                y: cy,
                width: 2,
                height: length,
            }
        });
        // The first half ends at the wall's line; the second half is the rest.
        let at = if horizontal {
            cy + 1 - chamber.y
        } else {
            cx + 1 - chamber.x
        };
        let (first, second) = chamber.split(horizontal, at);
        for half in [first, second] {
            if self.can_split(&half) {
                self.stack.pop();
            }
        }
        self.stack.push(chamber);
        self.shown = match *notes {
            [x, y, width, height] => Some(Chamber {
                x,
                y,
                width,
                height,
            }),
            _ => None,
        };
        self.walls -= 1;
        true
    }
}
