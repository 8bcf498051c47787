//! Weight heaps: a smallest-first priority queue for keys whose top bits are spread evenly,
//! such as keys that start with a random weight.
//!
//! The keys are filed into buckets by their top bits, each bucket a small heap ([`QuadHeap`]),
//! and a bitmap says which buckets hold any. The smallest key is the smallest of the lowest
//! bucket that holds any, so the order is exactly that of one big heap. But a pop sifts
//! through a heap of a few hundred keys instead of millions, and which buckets are busy
//! matters too: true Prim takes its cells mostly from the low buckets, while the costly cells
//! it passes over pile up in high buckets that nothing touches until the end. The busy
//! buckets stay in the processor's cache, where one big heap of the whole frontier did not.

use crate::ds::quad_heap::{QuadHeap, ARITY};
use crate::machine::heap_best;
use std::cmp::Reverse;

/// Keys must be below 2^63 (true Prim's are a 31-bit weight above a 32-bit cell index).
pub const KEY_BITS: u32 = 63;

/// At most this many buckets, by the top twelve bits of a key.
const MAX_BUCKET_BITS: u32 = 12;

/// A queue of `u64` keys below 2^[`KEY_BITS`], smallest first.
#[derive(Clone, Debug)]
pub struct WeightHeaps {
    buckets: Vec<QuadHeap<Reverse<u64>>>,
    /// Bit `b % 64` of word `b / 64` is set while bucket `b` holds a key.
    occupied: Vec<u64>,
    /// The lowest bucket that holds a key (the bucket count when none does): exactly that,
    /// not merely a bound, so taking a step back can work it out again.
    lowest: usize,
    /// How far a key is shifted right to give its bucket.
    shift: u32,
    len: usize,
}

impl WeightHeaps {
    /// A queue for about `expected` keys at once: about one bucket per 256 of them, a power of
    /// two from 1 to 4096, so that a small maze's queue stays small (and cheap to copy).
    pub fn new(expected: usize) -> WeightHeaps {
        let bits = (expected / 256).max(1).ilog2().min(MAX_BUCKET_BITS);
        let count = 1 << bits;
        WeightHeaps {
            buckets: vec![QuadHeap::new(); count],
            occupied: vec![0; count.div_ceil(64)],
            lowest: count,
            shift: KEY_BITS - bits,
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `key`, which must be below 2^[`KEY_BITS`].
    pub fn push(&mut self, key: u64) {
        debug_assert!(key >> KEY_BITS == 0, "key {key} has too many bits");
        let bucket = self.bucket(key);
        self.buckets[bucket].push(Reverse(key));
        self.occupied[bucket / 64] |= 1 << (bucket % 64);
        self.lowest = self.lowest.min(bucket);
        self.len += 1;
    }

    /// Removes and returns the smallest key.
    pub fn pop(&mut self) -> Option<u64> {
        self.pop_at().map(|(key, _)| key)
    }

    /// Removes and returns the smallest key, with where the pop left its bucket's last key
    /// (what [`WeightHeaps::undo_pop`] needs besides the key).
    pub fn pop_at(&mut self) -> Option<(u64, usize)> {
        if self.len == 0 {
            return None;
        }
        let bucket = self.lowest;
        let (Reverse(key), at) = self.buckets[bucket].pop_at()?;
        self.len -= 1;
        if self.buckets[bucket].is_empty() {
            self.occupied[bucket / 64] &= !(1 << (bucket % 64));
            self.lowest = self.lowest_from(bucket);
        }
        Some((key, at))
    }

    /// Takes back the last push, of `key`; false, changing nothing, if `key` is not where the
    /// last push would have left it.
    pub fn undo_push(&mut self, key: u64) -> bool {
        let bucket = self.bucket(key);
        let heap = &mut self.buckets[bucket];
        let Some(at) = heap.pushed_at(&Reverse(key)) else {
            return false;
        };
        heap.undo_push(at);
        self.len -= 1;
        if heap.is_empty() {
            self.occupied[bucket / 64] &= !(1 << (bucket % 64));
            if self.lowest == bucket {
                self.lowest = self.lowest_from(bucket);
            }
        }
        true
    }

    /// Takes back the last pop, which returned `key` and `at`.
    pub fn undo_pop(&mut self, key: u64, at: usize) {
        let bucket = self.bucket(key);
        self.buckets[bucket].undo_pop(Reverse(key), at);
        self.occupied[bucket / 64] |= 1 << (bucket % 64);
        self.lowest = self.lowest.min(bucket);
        self.len += 1;
    }

    fn bucket(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    /// The first bucket from `bucket` on that holds a key, or the bucket count if none does.
    fn lowest_from(&self, bucket: usize) -> usize {
        if self.len == 0 {
            return self.buckets.len();
        }
        // Some bucket from here on holds a key: find the first set bit.
        let mut word = bucket / 64;
        let mut bits = self.occupied[word] & (u64::MAX << (bucket % 64));
        while bits == 0 {
            word += 1;
            bits = self.occupied[word];
        }
        word * 64 + bits.trailing_zeros() as usize
    }

    /// The `limit` smallest keys for which `keep` holds, smallest first, without taking them
    /// out (for a panel showing the front of the queue).
    pub fn smallest(&self, limit: usize, keep: &dyn Fn(u64) -> bool) -> Vec<u64> {
        let mut best = Vec::new();
        for bucket in self.buckets.iter().skip(self.lowest) {
            if best.len() >= limit {
                break;
            }
            let wanted = limit - best.len();
            let front = heap_best(bucket.as_slice(), ARITY, wanted, &|Reverse(key)| keep(key));
            best.extend(front.into_iter().map(|Reverse(key)| key));
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::collections::BinaryHeap;

    /// A random key shaped like true Prim's: a 31-bit weight above a cell index.
    fn key(rng: &mut Rng, cells: u32) -> u64 {
        u64::from(rng.next_u32() >> 1) << 32 | u64::from(rng.below(cells))
    }

    #[test]
    fn pops_in_the_order_a_binary_heap_does() {
        // Pushes and pops interleaved at random, for small and large queues (one bucket and
        // many), against the standard heap.
        for expected in [1, 300, 5_000, 2_000_000] {
            let mut rng = Rng::new(expected as u64);
            let (mut queue, mut heap) = (WeightHeaps::new(expected), BinaryHeap::new());
            for round in 0..30_000 {
                if rng.below(5) < 3 {
                    let key = key(&mut rng, 1 << 20);
                    queue.push(key);
                    heap.push(Reverse(key));
                } else {
                    let popped = heap.pop().map(|Reverse(key)| key);
                    assert_eq!(queue.pop(), popped, "expected {expected}, round {round}");
                }
                assert_eq!(queue.len(), heap.len());
            }
            while let Some(Reverse(key)) = heap.pop() {
                assert_eq!(queue.pop(), Some(key));
            }
            assert!(queue.is_empty());
            assert_eq!(queue.pop(), None);
        }
    }

    #[test]
    fn extreme_keys_find_their_buckets() {
        let mut queue = WeightHeaps::new(1 << 24);
        for key in [(1 << KEY_BITS) - 1, 0, 1 << 62, 5] {
            queue.push(key);
        }
        let popped: Vec<u64> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(popped, [0, 5, 1 << 62, (1 << KEY_BITS) - 1]);
    }

    #[test]
    fn smallest_lists_the_front_in_order_and_skips_what_keep_refuses() {
        let mut rng = Rng::new(3);
        let mut queue = WeightHeaps::new(100_000);
        let mut all = Vec::new();
        for _ in 0..20_000 {
            let key = key(&mut rng, 1 << 20);
            queue.push(key);
            all.push(key);
        }
        // Take some out, so that the lowest buckets are partly used up.
        let mut taken: Vec<u64> = (0..5_000).map(|_| queue.pop().unwrap()).collect();
        taken.sort_unstable();
        all.retain(|k| taken.binary_search(k).is_err());
        all.sort_unstable();
        let even = |key: u64| key % 2 == 0;
        let expected: Vec<u64> = all.iter().copied().filter(|&k| even(k)).take(50).collect();
        assert_eq!(queue.smallest(50, &even), expected);
        assert_eq!(queue.smallest(0, &even), Vec::<u64>::new());
        assert_eq!(queue.len(), 15_000, "smallest takes nothing out");
    }

    #[test]
    fn pushes_and_pops_taken_back_in_reverse_give_back_the_same_queue() {
        // One bucket and many; each operation recorded with the queue before it (as its debug
        // text: every field, the heaps' layouts included).
        for expected in [1, 5_000, 100_000] {
            let mut rng = Rng::new(expected as u64 + 1);
            let mut queue = WeightHeaps::new(expected);
            let mut done = Vec::new();
            for _ in 0..4_000 {
                let before = format!("{queue:?}");
                if rng.below(5) < 3 {
                    let key = key(&mut rng, 1 << 20);
                    queue.push(key);
                    done.push((Ok(key), before));
                } else if let Some(popped) = queue.pop_at() {
                    done.push((Err(popped), before));
                }
            }
            while let Some((op, before)) = done.pop() {
                match op {
                    Ok(key) => assert!(queue.undo_push(key)),
                    Err((key, at)) => queue.undo_pop(key, at),
                }
                assert_eq!(format!("{queue:?}"), before, "expected {expected}");
            }
            assert!(queue.is_empty());
        }
    }
}
