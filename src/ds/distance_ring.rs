//! A distance ring: Dijkstra's queue when every move costs a whole number from 1 to
//! [`MAX_COST`], Dial's buckets, one list per distance, read first in first out.
//!
//! A cell taken at distance `d` only queues its neighbours at `d + 1` to `d + MAX_COST`, so at
//! any time the queued distances span fewer than `MAX_COST + 1` values: that many lists, used
//! round and round (`lists[d % SPAN]`), hand out cells by smallest distance, ties to the one
//! queued first — the order a heap of `(dist, order queued)` gives, without its `log n`
//! reshuffling per cell. ([`super::two_distance_lists`] is the same with two lists, for costs of 1.)
//!
//! Every push and pop can be taken back exactly: a pop loses only the lists it used up on the
//! way, which it writes to the undo notes, each followed by its length, then how many there were.

use crate::maze::MAX_COST;
use crate::notes::NoteSink;

/// How many lists: enough for every distance that can be queued at once, rounded up to a
/// power of two so that finding a distance's list is a mask, not a division.
const SPAN: usize = (MAX_COST as usize + 1).next_power_of_two();

/// Dial's buckets for moves of cost 1 to [`MAX_COST`].
#[derive(Clone, Debug, Default)]
pub(crate) struct DistanceRing {
    /// `lists[d % SPAN]` holds the cells queued with distance `d`, in the order queued.
    lists: [Vec<u32>; SPAN],
    /// The distance being read: every queued distance is this or up to `MAX_COST` more.
    dist: u64,
    /// How far the list being read has been read.
    head: usize,
    /// Cells queued and not yet read.
    queued: usize,
}

impl DistanceRing {
    /// Queues `cell` at distance `dist`, at most `MAX_COST` past the distance being read.
    #[inline]
    pub(crate) fn push(&mut self, cell: usize, dist: u64) {
        debug_assert!(dist >= self.dist && dist < self.dist + SPAN as u64);
        self.lists[(dist % SPAN as u64) as usize].push(cell as u32);
        self.queued += 1;
    }

    /// Cells queued and not yet read.
    pub(crate) fn len(&self) -> usize {
        self.queued
    }

    /// The queued cells with their distances, in the order `pop` would hand them out.
    pub(crate) fn in_order(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        (0..SPAN as u64).flat_map(move |ahead| {
            let dist = self.dist + ahead;
            let list = &self.lists[(dist % SPAN as u64) as usize];
            let from = if ahead == 0 {
                self.head.min(list.len())
            } else {
                0
            };
            list[from..].iter().map(move |&cell| (cell as usize, dist))
        })
    }

    /// Takes the first cell queued with the smallest distance, with that distance. Lists it
    /// uses up on the way are noted in `notes` for [`DistanceRing::undo_pop`].
    #[inline]
    pub(crate) fn pop(&mut self, notes: &mut impl NoteSink) -> Option<(usize, u64)> {
        if self.queued == 0 {
            return None;
        }
        let mut emptied = 0;
        loop {
            let list = &mut self.lists[(self.dist % SPAN as u64) as usize];
            if let Some(&cell) = list.get(self.head) {
                self.head += 1;
                self.queued -= 1;
                notes.note(emptied);
                return Some((cell as usize, self.dist));
            }
            // That distance is used up: its list is reused for the distance `SPAN` further on.
            note_list(notes, list);
            list.clear();
            self.head = 0;
            self.dist += 1;
            emptied += 1;
        }
    }

    /// Takes back the last pop that found a cell, given that pop's notes (the lists it used
    /// up, each followed by its length, then their number).
    pub(crate) fn undo_pop(&mut self, notes: &[u32]) {
        self.head -= 1;
        self.queued += 1;
        let Some((&emptied, mut rest)) = notes.split_last() else {
            return;
        };
        for _ in 0..emptied {
            let Some((&len, before)) = rest.split_last() else {
                return;
            };
            let (older, list) = before.split_at(before.len() - len as usize);
            self.dist -= 1;
            let slot = &mut self.lists[(self.dist % SPAN as u64) as usize];
            slot.clear();
            slot.extend_from_slice(list);
            self.head = list.len();
            rest = older;
        }
    }

    /// Takes back the last push, made at distance `dist`.
    pub(crate) fn undo_push(&mut self, dist: u64) {
        self.lists[(dist % SPAN as u64) as usize].pop();
        self.queued -= 1;
    }
}

/// Notes a used-up list and its length. Out of line: it runs once per distance, not per cell.
#[cold]
#[inline(never)]
fn note_list(notes: &mut impl NoteSink, list: &[u32]) {
    notes.note_words(list);
    notes.note(list.len() as u32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::maze::Maze;
    use crate::rng::Rng;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    fn board() -> Board {
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        board.set_journaling(true);
        board
    }

    #[test]
    fn the_buckets_hand_out_cells_in_the_order_of_a_heap_of_dist_and_order_queued() {
        let mut rng = Rng::new(5);
        let mut buckets = DistanceRing::default();
        let mut board = board();
        let mut heap = BinaryHeap::new();
        let mut order = 0u32;
        let mut read = 0u64;
        for _ in 0..5000 {
            if rng.below(3) == 0 {
                let cell = rng.below(1000) as usize;
                // What relaxing the cell read last queues: its distance plus a cost of 1 to 9.
                let dist = read + 1 + rng.below(u32::from(MAX_COST)) as u64;
                buckets.push(cell, dist);
                heap.push(Reverse((dist, order, cell)));
                order += 1;
            } else {
                let expected = heap.pop().map(|Reverse((dist, _, cell))| (cell, dist));
                assert_eq!(buckets.pop(&mut board), expected);
                if let Some((_, dist)) = expected {
                    read = dist;
                }
                assert_eq!(buckets.len(), heap.len());
            }
        }
    }

    #[test]
    fn in_order_lists_the_cells_in_the_order_they_are_taken() {
        let mut rng = Rng::new(6);
        let mut buckets = DistanceRing::default();
        let mut board = board();
        let mut read = 0;
        for cell in 0..3000 {
            if rng.chance(0.6) {
                buckets.push(cell, read + 1 + rng.below(9) as u64);
            } else if let Some((_, dist)) = buckets.pop(&mut board) {
                read = dist;
            }
        }
        let listed: Vec<(usize, u64)> = buckets.in_order().collect();
        assert!(listed.len() > 100);
        let taken: Vec<(usize, u64)> = std::iter::from_fn(|| buckets.pop(&mut board)).collect();
        assert_eq!(listed, taken);
    }

    #[test]
    fn pops_and_pushes_taken_back_in_reverse_give_back_the_same_buckets() {
        enum Done {
            Pop(std::ops::Range<usize>),
            Push(u64),
        }
        let mut rng = Rng::new(9);
        let mut board = board();
        let mut buckets = DistanceRing::default();
        buckets.push(0, 0);
        let mut done = Vec::new();
        let mut queued = 1;
        loop {
            let before = format!("{buckets:?}");
            let from = board.notes().len();
            let Some((cell, dist)) = buckets.pop(&mut board) else {
                assert_eq!(board.notes().len(), from, "an empty pop changes nothing");
                break;
            };
            done.push((Done::Pop(from..board.notes().len()), before));
            let count = if queued < 3_000 { rng.below(4) } else { 0 };
            for _ in 0..count {
                let before = format!("{buckets:?}");
                // Costs of 5 to 9 only, so that some distances queue nothing.
                let at = dist + 5 + rng.below(5) as u64;
                buckets.push(cell + 1, at);
                done.push((Done::Push(at), before));
            }
            queued += count;
        }
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Pop(notes) => buckets.undo_pop(&board.notes()[notes]),
                Done::Push(dist) => buckets.undo_push(dist),
            }
            assert_eq!(format!("{buckets:?}"), before);
        }
    }
}
