//! Weighted A*'s open set: a four-way heap of packed entries with a one-entry slot in front
//! of it.
//!
//! Most expansions add a neighbour that is taken straight back out in the next step (the one
//! toward the goal lowers `h`), so the newest entry is held in the slot while it is the best
//! one, and only goes into the heap when something better arrives. `pop` returns the best of
//! the slot and the heap's top, so entries come out in exactly the order the heap alone would
//! give — the slot only saves the trips through the heap.
//!
//! Every push and pop can be taken back exactly, restoring the heap's layout: a push returns
//! the word that takes it back, a pop where it left the heap's last entry.

use crate::ds::open_entry::Entry;
use crate::ds::quad_heap::{QuadHeap, ARITY};
use crate::machine::heap_best;
use std::cmp::Reverse;

/// One entry of the heap, packed into two numbers compared in turn — `f` and `h`, then
/// insertion order and the cell as its row and column — so the heap orders entries with
/// integer comparisons: lower `f` first, then lower `h`, then the one added earlier. The order
/// is unique, so no two entries ever tie and the cell never decides. The cell is kept as
/// coordinates (each side is at most 4096, so 16 bits each) because the neighbours' distances
/// to the goal are worked out from them, and turning an index into coordinates costs a
/// division. Two `u64`s rather than one `u128`: wasm has 64-bit integers but no 128-bit ones,
/// and there the `u128` shifts and compares made A* twice as slow. Wrapped in `Reverse`
/// because the heap pops the greatest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct HeapEntry {
    /// `f` in the high half, `h` in the low half.
    scores: u64,
    /// Insertion order in the high half, then row and column.
    order_at: u64,
}

impl HeapEntry {
    /// `entry`, added after `order` others.
    pub(crate) fn new(entry: Entry, order: u32) -> HeapEntry {
        let (x, y) = entry.xy;
        HeapEntry {
            scores: u64::from(entry.f) << 32 | u64::from(entry.h),
            order_at: u64::from(order) << 32 | u64::from(y) << 16 | u64::from(x),
        }
    }

    /// The entry as four words, for notes.
    pub(crate) fn words(self) -> [u32; 4] {
        let (s, o) = (self.scores, self.order_at);
        [(s >> 32) as u32, s as u32, (o >> 32) as u32, o as u32]
    }

    /// The entry back from [`HeapEntry::words`].
    pub(crate) fn from_words([a, b, c, d]: [u32; 4]) -> HeapEntry {
        HeapEntry {
            scores: u64::from(a) << 32 | u64::from(b),
            order_at: u64::from(c) << 32 | u64::from(d),
        }
    }

    /// The scores and the cell, without the insertion order.
    pub(crate) fn entry(self) -> Entry {
        let at = self.order_at as u32;
        Entry {
            f: (self.scores >> 32) as u32,
            h: self.scores as u32,
            xy: (at & 0xffff, at >> 16),
        }
    }
}

/// A heap of entries, lowest first, plus a one-entry slot in front of it (see the module).
#[derive(Clone, Debug, Default)]
pub(crate) struct SlotHeap {
    /// Our own heap rather than the standard one: taking a step back restores its layout.
    heap: QuadHeap<Reverse<HeapEntry>>,
    slot: Option<HeapEntry>,
}

/// In the word a push returns and a pop gives: the entry only went into or out of the slot.
pub(crate) const SLOT: u32 = u32::MAX;
/// In the word a push returns, beside where the heap took an entry: the one held in the slot
/// went into the heap and the new one into the slot.
pub(crate) const HELD: u32 = 1 << 31;

impl SlotHeap {
    /// Adds `entry`. Returns where the heap took an entry, with [`HELD`] if it was the slot's,
    /// or [`SLOT`].
    #[inline]
    pub(crate) fn push(&mut self, entry: HeapEntry) -> u32 {
        match self.slot {
            Some(held) if held < entry => self.heap.push_at(Reverse(entry)) as u32,
            Some(held) => {
                self.slot = Some(entry);
                self.heap.push_at(Reverse(held)) as u32 | HELD
            }
            None => {
                self.slot = Some(entry);
                SLOT
            }
        }
    }

    /// The best entry, with where the heap's pop left its last entry, or [`SLOT`].
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<(HeapEntry, u32)> {
        match (self.slot, self.heap.peek()) {
            (Some(held), Some(Reverse(top))) if *top < held => self.pop_heap(),
            (Some(_), _) => self.slot.take().map(|entry| (entry, SLOT)),
            (None, _) => self.pop_heap(),
        }
    }

    #[inline]
    fn pop_heap(&mut self) -> Option<(HeapEntry, u32)> {
        let (Reverse(entry), at) = self.heap.pop_at()?;
        Some((entry, at as u32))
    }

    /// Takes back the last push, which returned `word`.
    pub(crate) fn undo_push(&mut self, word: u32) {
        if word == SLOT {
            self.slot = None;
        } else if word & HELD != 0 {
            let Reverse(held) = self.heap.undo_push((word & !HELD) as usize);
            self.slot = Some(held);
        } else {
            self.heap.undo_push(word as usize);
        }
    }

    /// Takes back the last pop, which gave `entry` and `at`.
    pub(crate) fn undo_pop(&mut self, entry: HeapEntry, at: u32) {
        if at == SLOT {
            self.slot = Some(entry);
        } else {
            self.heap.undo_pop(Reverse(entry), at as usize);
        }
    }

    /// Up to `limit` entries that `keep` accepts, in the order they will be taken, without
    /// sorting the heap: a walk from its root, then the slot put in its place (a linear
    /// insert, not a sort, which would cost the wasm module a few KB).
    pub(crate) fn best(&self, limit: usize, keep: &dyn Fn(Entry) -> bool) -> Vec<Entry> {
        let live = |Reverse(entry): Reverse<HeapEntry>| keep(entry.entry());
        let mut best: Vec<HeapEntry> = heap_best(self.heap.as_slice(), ARITY, limit, &live)
            .into_iter()
            .map(|Reverse(entry)| entry)
            .collect();
        if let Some(held) = self.slot.filter(|&entry| keep(entry.entry())) {
            let at = best
                .iter()
                .position(|&entry| entry > held)
                .unwrap_or(best.len());
            best.insert(at, held);
            best.truncate(limit);
        }
        best.into_iter().map(HeapEntry::entry).collect()
    }

    /// Entries held: the heap's and the slot's.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.heap.len() + usize::from(self.slot.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::collections::BinaryHeap;

    /// A random entry on a 100 x 100 maze, added after `order` others.
    fn entry(rng: &mut Rng, order: u32) -> HeapEntry {
        let xy = (rng.below(100), rng.below(100));
        let (f, h) = (rng.below(40), rng.below(20));
        HeapEntry::new(Entry { f, h, xy }, order)
    }

    #[test]
    fn the_slot_in_front_of_the_heap_keeps_the_heap_order() {
        // Random pushes and pops against a plain heap: the same entries must come out.
        let mut rng = Rng::new(11);
        let mut open = SlotHeap::default();
        let mut plain = BinaryHeap::new();
        for order in 0..5000 {
            if rng.chance(0.6) {
                let entry = entry(&mut rng, order);
                open.push(entry);
                plain.push(Reverse(entry));
            } else {
                assert_eq!(open.pop().map(|(e, _)| e), plain.pop().map(|e| e.0));
            }
            assert_eq!(open.len(), plain.len());
        }
        while let Some(Reverse(entry)) = plain.pop() {
            assert_eq!(open.pop().map(|(e, _)| e), Some(entry));
        }
        assert_eq!(open.pop(), None);
    }

    #[test]
    fn an_entry_survives_its_words_and_gives_back_its_scores_and_cell() {
        let entry = Entry {
            f: 4_000_000,
            h: 8190,
            xy: (4095, 17),
        };
        let packed = HeapEntry::new(entry, 123_456);
        assert_eq!(HeapEntry::from_words(packed.words()), packed);
        assert_eq!(packed.entry(), entry);
    }

    #[test]
    fn best_lists_the_front_in_order_and_skips_what_keep_refuses() {
        let mut rng = Rng::new(4);
        let mut open = SlotHeap::default();
        for order in 0..2000 {
            open.push(entry(&mut rng, order));
            if rng.chance(0.3) {
                open.pop();
            }
        }
        let keep = |entry: Entry| entry.xy.0 % 3 != 0;
        let best = open.best(50, &keep);
        assert_eq!(best.len(), 50);
        let taken: Vec<Entry> = std::iter::from_fn(|| open.pop())
            .map(|(entry, _)| entry.entry())
            .filter(|&entry| keep(entry))
            .take(50)
            .collect();
        assert_eq!(best, taken);
    }

    #[test]
    fn pushes_and_pops_taken_back_in_reverse_give_back_the_same_heap() {
        // Random pushes and pops, each recorded with the heap before it (every field, as debug
        // text); taken back newest first.
        enum Done {
            Push(u32),
            Pop(HeapEntry, u32),
        }
        let mut rng = Rng::new(12);
        let mut open = SlotHeap::default();
        let mut done = Vec::new();
        for order in 0..3000 {
            let before = format!("{open:?}");
            if rng.chance(0.55) {
                let word = open.push(entry(&mut rng, order));
                done.push((Done::Push(word), before));
            } else if let Some((entry, at)) = open.pop() {
                done.push((Done::Pop(entry, at), before));
            } else {
                assert_eq!(format!("{open:?}"), before, "an empty pop changes nothing");
            }
        }
        assert!(done.len() > 2000);
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Push(word) => open.undo_push(word),
                Done::Pop(entry, at) => open.undo_pop(entry, at),
            }
            assert_eq!(format!("{open:?}"), before);
        }
    }
}
