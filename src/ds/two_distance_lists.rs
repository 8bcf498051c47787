//! Two distance lists: Dijkstra's priority queue when every passage costs 1, a bucket queue
//! (Dial's algorithm) of two lists.
//!
//! Distances are whole numbers and every passage costs 1, so every queued distance is the
//! smallest one or one more: two lists, one per distance, read first in first out, hand out
//! cells by smallest distance, ties to the one queued first — the order a binary heap of
//! `(dist, order queued)` would give, without its `log n` reshuffling per cell.
//!
//! Every push and pop can be taken back exactly: the only thing a pop loses is a list it used
//! up, which it writes to the undo notes.

use crate::notes::NoteSink;

/// The priority queue for distances that grow by 1 per passage: a list of cells for the
/// smallest queued distance, read from `head` on, and one for that distance plus one.
#[derive(Clone, Debug, Default)]
pub(crate) struct TwoDistanceLists {
    /// `lists[d % 2]` holds the cells queued with distance `d`, in the order queued.
    lists: [Vec<u32>; 2],
    /// The smallest distance that may still be queued: the list being read.
    dist: u32,
    /// How far the list being read has been read.
    head: usize,
}

impl TwoDistanceLists {
    /// Queues `cell` at distance `dist`, which is the smallest queued distance or one more.
    pub(crate) fn push(&mut self, cell: usize, dist: u32) {
        debug_assert!(dist == self.dist || dist == self.dist + 1);
        self.lists[(dist % 2) as usize].push(cell as u32);
    }

    /// The queued cells in the order `pop` would hand them out.
    pub(crate) fn in_order(&self) -> impl Iterator<Item = usize> + '_ {
        let now = &self.lists[(self.dist % 2) as usize];
        let next = &self.lists[((self.dist + 1) % 2) as usize];
        now[self.head.min(now.len())..]
            .iter()
            .chain(next)
            .map(|&cell| cell as usize)
    }

    /// Takes the first cell queued with the smallest distance. A list it uses up is noted on
    /// `notes` (its cells) for [`TwoDistanceLists::undo_pop`].
    pub(crate) fn pop(&mut self, notes: &mut impl NoteSink) -> Option<usize> {
        loop {
            let list = &mut self.lists[(self.dist % 2) as usize];
            if let Some(&cell) = list.get(self.head) {
                self.head += 1;
                return Some(cell as usize);
            }
            // That distance is used up: its list is reused for the distance after the next
            // (noted first, for `undo_pop`).
            note_list(notes, list);
            list.clear();
            self.head = 0;
            if self.lists[((self.dist + 1) % 2) as usize].is_empty() {
                return None;
            }
            self.dist += 1;
        }
    }

    /// Takes back a pop that took a cell (the last one read), given the list it emptied on the
    /// way, if any (its notes).
    pub(crate) fn undo_pop(&mut self, emptied: &[u32]) {
        self.head -= 1;
        if self.head == 0 && !emptied.is_empty() {
            self.dist -= 1;
            self.undo_pop_none(emptied);
        }
    }

    /// Takes back a pop that found nothing, given the list it emptied.
    pub(crate) fn undo_pop_none(&mut self, emptied: &[u32]) {
        self.lists[(self.dist % 2) as usize].extend_from_slice(emptied);
        self.head = emptied.len();
    }

    /// Takes back the last `count` pushes, at distance `dist`, and returns their cells.
    pub(crate) fn undo_pushes(
        &mut self,
        dist: u32,
        count: usize,
    ) -> impl Iterator<Item = usize> + '_ {
        let list = &mut self.lists[(dist % 2) as usize];
        list.drain(list.len() - count..).map(|cell| cell as usize)
    }

    /// The cell read last, if any.
    pub(crate) fn last_read(&self) -> Option<usize> {
        let list = &self.lists[(self.dist % 2) as usize];
        self.head.checked_sub(1).map(|at| list[at] as usize)
    }
}

/// Notes a list of cells, once per distance. Out of line: copying the list inside the search's
/// loop measurably slowed the search, journaling or not.
#[cold]
#[inline(never)]
fn note_list(notes: &mut impl NoteSink, list: &[u32]) {
    notes.note_words(list);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::maze::Maze;
    use crate::rng::Rng;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    #[test]
    fn the_buckets_hand_out_cells_in_the_order_of_a_heap_of_dist_and_order_queued() {
        // Pushes as Dijkstra makes them (the smallest queued distance or one more), mixed with
        // pops, against a plain heap keyed by (dist, order queued).
        let mut rng = Rng::new(5);
        let mut buckets = TwoDistanceLists::default();
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        let mut heap = BinaryHeap::new();
        let (mut order, mut smallest) = (0u32, 0u32);
        for _ in 0..2000 {
            if rng.below(3) == 0 {
                let cell = rng.below(1000) as usize;
                // The distance being read or one more: what relaxing a settled cell queues.
                let dist = buckets.dist + u32::from(rng.coin());
                assert!(
                    dist >= smallest,
                    "never below a distance already handed out"
                );
                buckets.push(cell, dist);
                heap.push(Reverse((dist, order, cell)));
                order += 1;
            } else {
                let expected = heap.pop().map(|Reverse((dist, _, cell))| {
                    smallest = dist;
                    cell
                });
                assert_eq!(buckets.pop(&mut board), expected);
            }
        }
    }

    #[test]
    fn in_order_lists_the_cells_in_the_order_they_are_taken() {
        let mut rng = Rng::new(6);
        let mut buckets = TwoDistanceLists::default();
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        for cell in 0..3000 {
            if rng.chance(0.6) {
                buckets.push(cell, buckets.dist + u32::from(rng.coin()));
            } else {
                buckets.pop(&mut board);
            }
        }
        let listed: Vec<usize> = buckets.in_order().collect();
        assert!(listed.len() > 100);
        let taken: Vec<usize> = std::iter::from_fn(|| buckets.pop(&mut board)).collect();
        assert_eq!(listed, taken);
    }

    #[test]
    fn pops_and_pushes_taken_back_in_reverse_give_back_the_same_buckets() {
        // As Dijkstra uses them: each cell taken queues a few at the next distance, until
        // none are left; every pop's notes (a list it emptied) are the board's.
        enum Done {
            Pop(std::ops::Range<usize>),
            PopNone(std::ops::Range<usize>),
            Pushes(u32, usize),
        }
        let mut rng = Rng::new(9);
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        board.set_journaling(true);
        let mut buckets = TwoDistanceLists::default();
        buckets.push(0, 0);
        let mut done = Vec::new();
        let mut queued = 1;
        loop {
            let before = format!("{buckets:?}");
            let from = board.notes().len();
            let popped = buckets.pop(&mut board);
            let notes = from..board.notes().len();
            let Some(cell) = popped else {
                done.push((Done::PopNone(notes), before));
                break;
            };
            done.push((Done::Pop(notes), before));
            let before = format!("{buckets:?}");
            let count = if queued < 3_000 {
                rng.below(4) as usize
            } else {
                0
            };
            for _ in 0..count {
                buckets.push(cell + 1, buckets.dist + 1);
            }
            queued += count;
            done.push((Done::Pushes(buckets.dist + 1, count), before));
        }
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Pop(notes) => buckets.undo_pop(&board.notes()[notes]),
                Done::PopNone(notes) => buckets.undo_pop_none(&board.notes()[notes]),
                Done::Pushes(dist, count) => {
                    assert_eq!(buckets.undo_pushes(dist, count).count(), count)
                }
            }
            assert_eq!(format!("{buckets:?}"), before);
        }
    }
}
