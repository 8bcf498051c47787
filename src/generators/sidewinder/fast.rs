//! SideWinder run to the end with nobody watching (no marks, no journal): the same decisions
//! as [`SideWinder::step`](super::SideWinder), a word of coins at a time.

use super::SideWinder;
use crate::board::Board;
use crate::machine::{step_to_end_local, Step};
use crate::maze::Direction;
use crate::rng::Rng;

impl SideWinder {
    /// [`Machine::step_to_end`](crate::machine::Machine::step_to_end): rows at a time while
    /// nobody watches, then the last row stepped so that its last step is known.
    #[inline(always)]
    pub(super) fn step_to_end_fast(
        &mut self,
        board: &mut Board,
        rng: &mut Rng,
    ) -> (u64, Option<Step>) {
        let mut steps = 0;
        // Only the fair coins come a word at a time; other odds are stepped cell by cell.
        if !board.is_displaying() && !board.is_journaling() && self.close_odds.is_none() {
            // Row by row up to the last one, which is stepped so that its last step is known.
            let last_row = self.len - self.width;
            while self.next < last_row {
                steps += self.finish_row_unwatched(board, rng);
            }
        }
        let (rest, last) = step_to_end_local(self, board, rng);
        (steps + rest, last)
    }

    /// Does the rest of the current row at once, exactly as `step` would cell by cell, when
    /// no marks and no journal are kept; returns the number of steps that is. The coins are
    /// taken up to 32 at a time: the extending cells (coin 0) carve east and the closing ones
    /// (coin 1) close their runs, each found by walking the word's bits, so no branch depends
    /// on a coin. The order of the carves differs from stepping, which changes nothing; the
    /// random numbers are drawn in the very same order.
    fn finish_row_unwatched(&mut self, board: &mut Board, rng: &mut Rng) -> u64 {
        let row_end = self.next - self.column + self.width;
        let steps = (row_end - self.next) as u64;
        if row_end == self.width {
            // The top row: one corridor east, no coins.
            for cell in self.next..row_end - 1 {
                board.carve_to(cell, Direction::East, cell + 1);
            }
        } else {
            // Every cell but the last tosses a coin; the last always closes.
            while self.next < row_end - 1 {
                let most = (row_end - 1 - self.next).min(32) as u32;
                let (closes, count) = self.coins.tosses(rng, most);
                let mut extends = !closes & (u32::MAX >> (32 - count));
                while extends != 0 {
                    let cell = self.next + extends.trailing_zeros() as usize;
                    board.carve_to(cell, Direction::East, cell + 1);
                    extends &= extends - 1;
                }
                let mut closes = closes;
                while closes != 0 {
                    let last = self.next + closes.trailing_zeros() as usize;
                    self.close_run(board, rng, last);
                    closes &= closes - 1;
                }
                self.next += count as usize;
            }
            self.close_run(board, rng, row_end - 1);
        }
        (self.next, self.column, self.run_start) = (row_end, 0, row_end);
        steps
    }
}
