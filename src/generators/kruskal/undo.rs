//! Taking a Kruskal step back: the step's notes put the union-find, the sizes and the random
//! order back.

use super::{Kruskal, DRAW_AHEAD};
use crate::board::Board;
#[cfg(doc)]
use crate::ds::union_find::UnionFind;
use crate::machine::{Event, Step};
use crate::topology::{Topology, Weave};

/// `undo`: the step's notes put the union-find, the sizes and the random order back.
impl<T: Topology + Weave> Kruskal<T> {
    /// Before a step's finds and union: notes what they will overwrite, for `take_back`.
    #[inline(always)]
    pub(super) fn note_for_undo(&self, board: &mut Board, cell: usize, other: usize) {
        if board.is_journaling() {
            self.sets
                .note_find_union(cell, other, |item, entry| board.note_words(&[item, entry]));
        }
    }

    /// Puts back the union-find entries the step's finds and union overwrote, noted before
    /// them as (cell, entry) pairs (see [`UnionFind::note_find_union`]); the merged root's
    /// size loses the absorbed set's, which is still there. A step that drew the next batch of the
    /// random order noted its picks first, to swap them back.
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        let Some(next) = self.next.checked_sub(1) else {
            return self.take_back_crossing(step, notes, board);
        };
        // Batches start at multiples of DRAW_AHEAD: a step there drew one.
        let picked = if next % DRAW_AHEAD == 0 {
            self.drawn - next
        } else {
            0
        };
        let Some((picks, pairs)) = notes.split_at_checked(picked) else {
            return false;
        };
        let (cell, other) = self.sides(self.walls[next]);
        let merged = matches!(step.event, Event::MergeSets { .. });
        let root = self.sets.root(cell);
        self.sets.restore(pairs);
        if merged {
            self.sets_left += 1;
            if board.is_displaying() {
                let (root_a, root_b) = (self.sets.root(cell), self.sets.root(other));
                let absorbed = if root_a == root { root_b } else { root_a };
                self.sizes[root] -= self.sizes[absorbed];
            }
        }
        for (i, &pick) in picks.iter().enumerate().rev() {
            self.walls.swap(next + i, pick as usize);
        }
        if picked > 0 {
            self.drawn = next;
        }
        self.next = next;
        // Every step makes the cell its wall names first the current cell (or the crossing
        // considered last, before the first wall).
        self.current = match next.checked_sub(1) {
            Some(i) => Some(self.sides(self.walls[i]).0),
            None => self
                .crossed
                .checked_sub(1)
                .map(|i| self.crossings[i] as usize),
        };
        true
    }

    /// Takes back a crossing step: its notes are the pick of the random order, then for a
    /// crossing made, each of its three merges' union-find entries after their count. The
    /// merges are undone newest first, each taking its set's size off the merged root.
    pub(super) fn take_back_crossing(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        if !self.grid.weaves() {
            return false;
        }
        let (Some(i), Some((&pick, mut rest))) = (self.crossed.checked_sub(1), notes.split_first())
        else {
            return false;
        };
        let cell = self.crossings[i] as usize;
        if let Event::MergeSets { side: over, .. } = step.event {
            let mut parts = Vec::with_capacity(3);
            while let Some((&count, tail)) = rest.split_first() {
                let Some((pairs, after)) = tail.split_at_checked(count as usize) else {
                    return false;
                };
                parts.push(pairs);
                rest = after;
            }
            if parts.len() != 3 {
                return false;
            }
            for ((a, _, b), pairs) in self
                .crossing_merges(cell, over)
                .into_iter()
                .zip(parts)
                .rev()
            {
                let root = self.sets.root(a);
                self.sets.restore(pairs);
                self.sets_left += 1;
                if board.is_displaying() {
                    let (root_a, root_b) = (self.sets.root(a), self.sets.root(b));
                    let absorbed = if root_a == root { root_b } else { root_a };
                    self.sizes[root] -= self.sizes[absorbed];
                }
            }
        }
        self.crossings.swap(i, pick as usize);
        self.crossed = i;
        self.current = i.checked_sub(1).map(|j| self.crossings[j] as usize);
        true
    }
}
