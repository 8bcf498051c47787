//! Recursive Division at speed, natively only: the run nobody watches. It changes how fast the maze
//! is made, never which maze.

use super::RecursiveDivision;
use crate::board::Board;
use crate::machine::step_to_end_local;
use crate::machine::Step;
use crate::maze::{E, N, S, W};
use crate::rng::Rng;

impl RecursiveDivision {
    #[inline(always)]
    pub(super) fn step_to_end_fast(
        &mut self,
        board: &mut Board,
        rng: &mut Rng,
    ) -> (u64, Option<Step>) {
        match board.unwatched_cells() {
            Some(cells) => self.divide_unwatched(cells, rng),
            None => step_to_end_local(self, board, rng),
        }
    }
}

impl RecursiveDivision {
    /// The rest of the run when nothing is displayed or journaled: the same chambers split by
    /// the same random numbers in the same order as [`Machine::step`], each wall written
    /// straight into the passage bytes. Returns the steps taken and the last one.
    pub(super) fn divide_unwatched(
        &mut self,
        cells: &mut [u8],
        rng: &mut Rng,
    ) -> (u64, Option<Step>) {
        let width = self.maze_width as usize;
        let mut steps = 0;
        let mut last = None;
        // Nothing is shown when nobody watches, and nothing is left to show at the end.
        self.shown = None;
        while let Some(chamber) = self.stack.pop() {
            let horizontal = self.across_rows(chamber, rng);
            let (length, at) = if horizontal {
                (chamber.width, self.place(chamber.height, rng))
            } else {
                (chamber.height, self.place(chamber.width, rng))
            };
            let (first, second) = chamber.split(horizontal, at);
            let gap = rng.below(length);
            let (start, length_cells) = (self.before_wall(first, horizontal, 0), length as usize);
            // The wall closes every passage across the line, then the gap reopens its one:
            // inside a chamber every passage was open.
            if horizontal {
                let (above, below) = cells[start..].split_at_mut(width);
                for (a, b) in above[..length_cells]
                    .iter_mut()
                    .zip(&mut below[..length_cells])
                {
                    *a &= !S;
                    *b &= !N;
                }
                above[gap as usize] |= S;
                below[gap as usize] |= N;
            } else {
                let column = cells[start..].chunks_mut(width).take(length_cells);
                for row in column {
                    row[0] &= !E;
                    row[1] &= !W;
                }
                let gap_cell = start + gap as usize * width;
                cells[gap_cell] |= E;
                cells[gap_cell + 1] |= W;
            }
            // Only chambers that can be split go on the stack, as `drop_thin` leaves it.
            if self.can_split(&second) {
                self.stack.push(second);
            }
            if self.can_split(&first) {
                self.stack.push(first);
            }
            steps += 1;
            last = Some((first, horizontal, length, gap));
        }
        self.walls += steps;
        let last = last.map(|(first, horizontal, length, gap)| {
            self.divide_step(first, horizontal, length, gap)
        });
        (steps, last)
    }
}
