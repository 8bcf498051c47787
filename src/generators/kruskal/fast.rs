//! Kruskal at speed: the memory a batch of the random order will touch, fetched early, and the
//! run nobody watches. These change how fast the maze is made, never which maze.

use super::{Kruskal, DRAW_AHEAD};
use crate::board::Board;
use crate::machine::DebugState;
use crate::machine::{step_to_end_inlined, Machine, Step};
use crate::rng::Rng;
use crate::topology::{Topology, Weave};

/// How many union-find levels above a wall's cells `fetch_batch` fetches early.
/// Measured: one level is quickest. Path compression keeps most cells one step below their
/// root, and fetching further up waits longer than it saves.
const FETCH_LEVELS: usize = 1;

impl<T: Topology + Weave + Clone + DebugState + 'static> Kruskal<T> {
    /// [`Machine::step_to_end`](crate::machine::Machine::step_to_end): a weave's crossings
    /// step by step, then with the display off most of the run in `run_unwatched`.
    #[inline(always)]
    pub(super) fn step_to_end_fast(
        &mut self,
        board: &mut Board,
        rng: &mut Rng,
    ) -> (u64, Option<Step>) {
        let mut steps = 0;
        let mut last = None;
        // A weave's crossings first, step by step (none on other grids).
        while self.grid.weaves() && self.crossed < self.crossings.len() {
            last = self.step(board, rng);
            steps += 1;
        }
        if !board.is_displaying() {
            steps += self.run_unwatched(board, rng);
        }
        let (rest, after) = step_to_end_inlined(self, board, rng);
        (steps + rest, after.or(last))
    }
}

impl<T: Topology + Weave> Kruskal<T> {
    /// Why the random order is drawn ahead: the walls picked, and the cells on their two
    /// sides, are scattered all over a large maze's memory, and waiting for each in turn was
    /// most of the running time. So the processor is asked to start fetching a whole batch at
    /// once: first the walls (as they are picked), then here the cells' union-find entries,
    /// passages and display labels, then their ancestors in the union-find, [`FETCH_LEVELS`]
    /// levels up (usually the root, whose entry holds the rank a merge compares). The steps
    /// then find nearly everything in the cache. This changes only how fast memory arrives,
    /// never what is computed. `end` is where the batch just shuffled ends.
    #[inline(always)]
    pub(super) fn fetch_batch(&self, board: &Board, end: usize) {
        // Both sides of every wall of the batch, then (level by level) their ancestors.
        let mut ups = [0; 2 * DRAW_AHEAD];
        for (&wall, pair) in self.walls[self.next..end].iter().zip(ups.chunks_mut(2)) {
            let (cell, other) = self.sides(wall);
            for (up, side) in pair.iter_mut().zip([cell, other]) {
                *up = side as u32;
                prefetch(self.sets.as_slice(), side);
                if board.is_displaying() {
                    prefetch(board.groups(), side);
                }
                prefetch(board.maze().cells(), side);
            }
        }
        let count = 2 * (end - self.next);
        for _ in 0..FETCH_LEVELS {
            for up in &mut ups[..count] {
                if let Some(parent) = self.sets.parent(*up as usize) {
                    *up = parent as u32;
                    prefetch(self.sets.as_slice(), parent);
                }
            }
        }
        // The highest ancestor reached is usually the root, whose set size a shown merge reads.
        if board.is_displaying() {
            for &up in &ups[..count] {
                prefetch(&self.sizes, up as usize);
            }
        }
    }

    /// Considers walls as `step` does, up to (not including) the last merge, which is left to
    /// `step` so that the last step is known; returns how many walls it considered. Only
    /// for a board whose display is off: then a step is just "find both roots, join them if
    /// they differ", and doing that in a loop of its own, without building a step for each
    /// wall, takes a sixth of the instructions (and 5–10% of the time) off a large maze's run.
    pub(super) fn run_unwatched(&mut self, board: &mut Board, rng: &mut Rng) -> u64 {
        let start = self.next;
        while self.sets_left > 2 && self.next < self.walls.len() {
            if self.next == self.drawn {
                self.shuffle_ahead(board, rng);
            }
            let wall = self.walls[self.next];
            self.next += 1;
            let (cell, side, other) = self.grid.wall(wall);
            let (root_a, root_b) = (self.sets.find(cell), self.sets.find(other));
            if root_a != root_b && self.grid.can_carve(board.maze().cells(), cell, side) {
                self.sets.union(root_a, root_b);
                self.sets_left -= 1;
                board.join(cell, side, other, self.grid.back(cell, side));
            }
            self.current = Some(cell);
        }
        (self.next - start) as u64
    }
}

/// Asks the processor to start loading `slice[index]` into its cache, without waiting for it.
/// A hint only: it changes no value, and does nothing on processors where it is not available
/// (WebAssembly has no such instruction).
#[inline(always)]
pub(super) fn prefetch<T>(slice: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // Not bounds-checked: the address is only a hint, never read through.
        let address = slice.as_ptr().wrapping_add(index);
        // SAFETY: SSE, which this instruction needs, is part of every x86_64 processor, and a
        // prefetch never faults or changes memory, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, index);
}
