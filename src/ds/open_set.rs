//! A*'s open set: the cells reached but not yet expanded, taken out lowest `f` first, then
//! lowest `h`, then the one added earlier, so that every run is the same.
//!
//! It takes one of two forms, chosen by the heuristic's weight and the grid:
//! - weight 1 (plain A*) where every step changes `h` by exactly one (squares, triangles): `f`
//!   never falls and never grows by one, so the open set only ever holds two values of `f`,
//!   and the buckets of [`two_score_levels`](crate::ds::two_score_levels) hand its entries
//!   out for a few array reads each;
//! - larger weights, or grids where a step can leave `h` as it was (hexagons, rings): a step
//!   toward the goal can lower `f`, or raise it by one, so a heap keeps the order
//!   ([`slot_heap`](crate::ds::slot_heap): a four-way heap with a slot in front of it).
//!
//! Both give exactly the same order. Neither can lower an entry's priority in place: A* adds
//! an improved cell again and drops the stale entry when it comes to the front.
//!
//! Every push and pop can be taken back exactly: a push returns the word that takes it back,
//! and a pop writes to the undo notes what it needs to be taken back.

use crate::ds::open_entry::Entry;
use crate::ds::slot_heap::{HeapEntry, SlotHeap};
use crate::ds::two_score_levels::TwoScoreLevels;
use crate::notes::NoteSink;

/// The open set. Entries come out lowest `f` first, then lowest `h`, then the one added
/// earlier, whichever form it takes.
#[derive(Clone, Debug)]
pub(crate) enum OpenSet {
    /// Weight 1: `f` never falls, so buckets do (see [`TwoScoreLevels`]).
    Buckets(TwoScoreLevels),
    /// Larger weights: a step toward the goal can lower `f`, so a heap keeps the order.
    Heap(SlotHeap),
}

impl OpenSet {
    /// An empty open set for `weight` on a maze whose `h` is at most `max_h`, where the
    /// start's `h` is `start_h`. `max_h` is `None` where a step can leave `h` unchanged: then
    /// the buckets would not keep the order, and the open set is a heap whatever the weight.
    pub(crate) fn new(weight: u32, max_h: Option<u32>, start_h: u32) -> OpenSet {
        match max_h {
            Some(max_h) if weight == 1 => {
                OpenSet::Buckets(TwoScoreLevels::new(max_h as usize, start_h))
            }
            _ => OpenSet::Heap(SlotHeap::default()),
        }
    }

    /// Adds an entry; `order` counts the entries added before it. Returns the word
    /// [`OpenSet::undo_push`] needs.
    #[inline(always)]
    pub(crate) fn push(&mut self, entry: Entry, order: u32) -> u32 {
        match self {
            OpenSet::Buckets(buckets) => buckets.push(entry),
            OpenSet::Heap(heap) => heap.push(HeapEntry::new(entry, order)),
        }
    }

    /// Takes the best entry out, noting what [`OpenSet::undo_pop`] needs.
    #[inline(always)]
    pub(crate) fn pop(&mut self, notes: &mut impl NoteSink) -> Option<Entry> {
        match self {
            OpenSet::Buckets(buckets) => buckets.pop(notes),
            OpenSet::Heap(heap) => {
                let (entry, at) = heap.pop()?;
                // The entry is gone from the heap: noted whole.
                notes.note_words(&entry.words());
                notes.note(at);
                Some(entry.entry())
            }
        }
    }

    /// Takes back the last push, of `entry`, which returned `word`.
    pub(crate) fn undo_push(&mut self, entry: Entry, word: u32) {
        match self {
            OpenSet::Buckets(buckets) => buckets.undo_push(entry, word),
            OpenSet::Heap(heap) => heap.undo_push(word),
        }
    }

    /// Takes back the last pop that found an entry, from the notes it left at the end of
    /// `notes`, and shortens `notes` by them. `None` if they do not fit.
    pub(crate) fn undo_pop(&mut self, notes: &mut &[u32]) -> Option<()> {
        match self {
            OpenSet::Buckets(buckets) => buckets.undo_pop(notes),
            OpenSet::Heap(heap) => {
                let (rest, &[a, b, c, d, at]) = notes.split_last_chunk::<5>()?;
                heap.undo_pop(HeapEntry::from_words([a, b, c, d]), at);
                *notes = rest;
                Some(())
            }
        }
    }

    /// Up to `limit` entries that `keep` accepts, in the order they will be taken.
    pub(crate) fn best(&self, limit: usize, keep: &dyn Fn(Entry) -> bool) -> Vec<Entry> {
        match self {
            OpenSet::Buckets(buckets) => buckets.iter().filter(|&e| keep(e)).take(limit).collect(),
            OpenSet::Heap(heap) => heap.best(limit, keep),
        }
    }

    /// Entries held, stale ones included.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        match self {
            OpenSet::Buckets(buckets) => buckets.iter().count(),
            OpenSet::Heap(heap) => heap.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::maze::Maze;
    use crate::rng::Rng;

    #[test]
    fn both_forms_take_entries_in_the_same_order() {
        // The same pushes (as plain A* makes them: f or f + 2) and pops on both forms.
        let mut rng = Rng::new(17);
        let mut buckets = OpenSet::new(1, Some(30), 10);
        let mut heap = OpenSet::new(2, Some(30), 10);
        assert!(matches!(buckets, OpenSet::Buckets(_)) && matches!(heap, OpenSet::Heap(_)));
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        for order in 0..20_000 {
            if rng.chance(0.55) {
                let OpenSet::Buckets(levels) = &buckets else {
                    unreachable!()
                };
                let entry = Entry {
                    f: levels.f() + 2 * rng.below(2),
                    h: rng.below(31),
                    xy: (rng.below(1000), rng.below(1000)),
                };
                buckets.push(entry, order);
                heap.push(entry, order);
            } else {
                assert_eq!(
                    buckets.pop(&mut board),
                    heap.pop(&mut board),
                    "round {order}"
                );
            }
            assert_eq!(buckets.len(), heap.len());
        }
        let all = |open: &OpenSet| open.best(usize::MAX, &|_| true);
        assert_eq!(all(&buckets), all(&heap));
        while let Some(entry) = heap.pop(&mut board) {
            assert_eq!(buckets.pop(&mut board), Some(entry));
        }
        assert_eq!(buckets.pop(&mut board), None);
    }

    #[test]
    fn pushes_and_pops_taken_back_in_reverse_give_back_the_same_open_set() {
        // Both forms, random pushes (for the buckets, only f or f + 2, as A* makes them) and
        // pops, each recorded with the open set before it (every field, as debug text), and
        // the pops' notes on a journaling board; taken back newest first.
        enum Done {
            Push(Entry, u32),
            Pop(std::ops::Range<usize>),
        }
        for weight in [1, 2] {
            let mut rng = Rng::new(u64::from(weight));
            let mut open = OpenSet::new(weight, Some(12), 6);
            let mut board = Board::new(Maze::new(1, 1).unwrap());
            board.set_journaling(true);
            let mut done = Vec::new();
            for order in 0..3000 {
                let before = format!("{open:?}");
                if rng.chance(0.55) {
                    let f = match &open {
                        OpenSet::Buckets(buckets) => buckets.f() + 2 * rng.below(2),
                        OpenSet::Heap(_) => rng.below(30),
                    };
                    let xy = (rng.below(50), rng.below(50));
                    let entry = Entry {
                        f,
                        h: rng.below(13),
                        xy,
                    };
                    let word = open.push(entry, order);
                    done.push((Done::Push(entry, word), before));
                } else {
                    let from = board.notes().len();
                    if open.pop(&mut board).is_some() {
                        done.push((Done::Pop(from..board.notes().len()), before));
                    } else {
                        assert_eq!(format!("{open:?}"), before, "an empty pop changes nothing");
                        assert_eq!(board.notes().len(), from);
                    }
                }
            }
            while let Some((op, before)) = done.pop() {
                match op {
                    Done::Push(entry, word) => open.undo_push(entry, word),
                    Done::Pop(notes) => {
                        let mut left = &board.notes()[..notes.end];
                        assert_eq!(open.undo_pop(&mut left), Some(()));
                        assert_eq!(left.len(), notes.start, "weight {weight}: notes used");
                    }
                }
                assert_eq!(format!("{open:?}"), before, "weight {weight}");
            }
        }
    }
}
