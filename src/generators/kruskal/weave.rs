//! Kruskal on a weave: the crossings placed before the walls (see the module's doc).

use super::{Kruskal, CROSS, NO_CROSSING};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::rng::Rng;
use crate::topology::{Side, Topology, Weave};

impl<T: Topology + Weave> Kruskal<T> {
    /// A step of the crossings: the next cell of the random order becomes a crossing if it
    /// and its four neighbours are in five different sets (then the cell has no passage yet,
    /// and no loop can form), over one way at random and under the other. One random number
    /// picks the cell, one more the way over.
    #[inline(never)]
    pub(super) fn consider_crossing(&mut self, board: &mut Board, rng: &mut Rng) -> Step {
        let i = self.crossed;
        let pick = i + rng.index(self.crossings.len() - i);
        self.crossings.swap(i, pick);
        board.note(pick as u32);
        self.crossed += 1;
        let cell = self.crossings[i] as usize;
        self.current = Some(cell);
        let roots = [0, 1, 2, 3].map(|d| self.sets.root(self.grid.through(cell, d)));
        let apart = (0..4).all(|a| (a + 1..4).all(|b| roots[a] != roots[b]));
        if !apart || board.maze().cell(cell) != 0 {
            return Step::new(Event::Pass { cell: cell as u32 }, NO_CROSSING);
        }
        let over = rng.index(2) as Side;
        let (mut kept, mut absorbed) = (0, 0);
        for (a, side, b) in self.crossing_merges(cell, over) {
            debug_assert!(self.grid.can_carve(board.maze().cells(), a, side));
            if board.is_journaling() {
                let mut pairs = Vec::new();
                self.sets
                    .note_find_union(a, b, |item, entry| pairs.extend([item, entry]));
                board.note(pairs.len() as u32);
                board.note_words(&pairs);
            }
            let (root_a, root_b) = (self.sets.find(a), self.sets.find(b));
            let root = self.sets.union(root_a, root_b);
            self.sets_left -= 1;
            board.join(a, side, b, self.grid.back(a, side));
            if board.is_displaying() {
                (kept, absorbed) = self.show_merge(board, (a, side, b), [root_a, root_b], root);
            }
        }
        let event = Event::MergeSets {
            cell: cell as u32,
            side: over,
            kept,
            absorbed,
        };
        Step::new(event, CROSS)
    }

    /// A crossing's three passages, each as (cell, side, cell): the corridor over `cell`
    /// through its sides `over` and `over + 2`, and the tunnel under it the other way, from
    /// the neighbour before it to the one after.
    pub(super) fn crossing_merges(&self, cell: usize, over: Side) -> [(usize, Side, usize); 3] {
        let under = over + 1;
        let from = self.grid.through(cell, (under + 2) % 4);
        [
            (cell, over, self.grid.through(cell, over)),
            (cell, over + 2, self.grid.through(cell, over + 2)),
            (from, 4 + under, self.grid.through(cell, under)),
        ]
    }
}
