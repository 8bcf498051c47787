//! A priority queue whose nodes have four children instead of two.
//!
//! The same operations and the same order as [`std::collections::BinaryHeap`] (the greatest
//! item first; equal items in an unspecified order), laid out in one array with the children of
//! `i` at `4i + 1 ..= 4i + 4`. With four children the tree has half as many levels, and the
//! four children of a node of 8-byte items share one 64-byte cache line. Taking the top sifts
//! an item down through every level; once the queue no longer fits the processor's caches, each
//! level is a likely cache miss, so half the levels is up to half the misses. Each bucket of
//! true Prim's frontier ([`crate::ds::weight_heaps::WeightHeaps`]) is one.

/// A max-heap with four children per node.
#[derive(Clone, Debug)]
pub struct QuadHeap<T> {
    items: Vec<T>,
}

impl<T> Default for QuadHeap<T> {
    fn default() -> Self {
        QuadHeap { items: Vec::new() }
    }
}

/// Children per node.
pub const ARITY: usize = 4;

impl<T: Ord + Copy> QuadHeap<T> {
    pub fn new() -> QuadHeap<T> {
        QuadHeap::default()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The items in heap order: the greatest first, the children of `i` at `4i + 1 ..= 4i + 4`
    /// (what [`crate::machine::heap_best`] walks with [`ARITY`] 4).
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    /// The greatest item, if any.
    pub fn peek(&self) -> Option<&T> {
        self.items.first()
    }

    /// Adds `item`, moving it up past every smaller parent.
    #[inline]
    pub fn push(&mut self, item: T) {
        self.push_at(item);
    }

    /// [`QuadHeap::push`], returning where the item came to rest: all [`QuadHeap::undo_push`]
    /// needs (a caller that ignores it pays nothing once this is inlined).
    pub fn push_at(&mut self, item: T) -> usize {
        let mut at = self.items.len();
        self.items.push(item);
        while at > 0 {
            let parent = (at - 1) / ARITY;
            if self.items[parent] >= item {
                break;
            }
            self.items[at] = self.items[parent];
            at = parent;
        }
        self.items[at] = item;
        at
    }

    /// Removes and returns the greatest item.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        self.pop_at().map(|(top, _)| top)
    }

    /// Removes and returns the greatest item, with where the last item came to rest: the last
    /// item takes the root's place and moves down, each time past the greatest of its children,
    /// while that child is greater. [`QuadHeap::undo_pop`] takes it back from that place.
    pub fn pop_at(&mut self) -> Option<(T, usize)> {
        let last = self.items.pop()?;
        let Some(&top) = self.items.first() else {
            return Some((last, 0));
        };
        let len = self.items.len();
        let mut at = 0;
        loop {
            let first = ARITY * at + 1;
            if first >= len {
                break;
            }
            let greatest = if first + ARITY <= len {
                self.greatest_of_four(first)
            } else {
                self.greatest_of_last(first)
            };
            if self.items[greatest] <= last {
                break;
            }
            self.items[at] = self.items[greatest];
            at = greatest;
        }
        self.items[at] = last;
        Some((top, at))
    }

    /// Where the last push put `item`: on the way from the last place up to the root, the
    /// first item not smaller than it (the ones below it were moved down past it). Lets a
    /// caller that knows what it pushed take the push back without noting where it went.
    pub fn pushed_at(&self, item: &T) -> Option<usize> {
        let mut at = self.items.len().checked_sub(1)?;
        while self.items[at] < *item {
            at = at.checked_sub(1)? / ARITY;
        }
        (self.items[at] == *item).then_some(at)
    }

    /// Takes back the last push, which came to rest at `at`, and returns the item pushed: the
    /// parents it moved past go back up the way it came, the last place is dropped.
    pub fn undo_push(&mut self, at: usize) -> T {
        let last = self.items.len() - 1;
        let mut carried = self.items[last];
        let mut place = last;
        while place != at {
            place = (place - 1) / ARITY;
            std::mem::swap(&mut carried, &mut self.items[place]);
        }
        self.items.pop();
        carried
    }

    /// Takes back the last pop, which returned `top` and left the last item at `at`: a sift
    /// down from the root to `at` moved exactly the ancestors of `at` up one level, so they go
    /// back down, `top` goes back to the root and the item at `at` back to the end.
    pub fn undo_pop(&mut self, top: T, at: usize) {
        let Some(&last) = self.items.get(at) else {
            // The pop emptied the heap.
            self.items.push(top);
            return;
        };
        let mut place = at;
        while place > 0 {
            let parent = (place - 1) / ARITY;
            self.items[place] = self.items[parent];
            place = parent;
        }
        self.items[0] = top;
        self.items.push(last);
    }

    /// The index of the greatest of the items from `first` to the end: the children of the one
    /// node with fewer than four. Out of line, as a sift rarely gets there: it keeps the code
    /// inlined into a search's loop small.
    #[cold]
    #[inline(never)]
    fn greatest_of_last(&self, first: usize) -> usize {
        let mut greatest = first;
        for child in first + 1..self.items.len() {
            if self.items[child] > self.items[greatest] {
                greatest = child;
            }
        }
        greatest
    }

    /// The index of the greatest of the four items from `first`, by a small tournament of
    /// comparisons that are only ever added to an index: which child wins is as good as random,
    /// and a branch on it was mispredicted every other time.
    #[inline(always)]
    fn greatest_of_four(&self, first: usize) -> usize {
        let four = &self.items[first..first + ARITY];
        let left = usize::from(four[1] > four[0]);
        let right = 2 + usize::from(four[3] > four[2]);
        let right_wins = usize::from(four[right] > four[left]);
        first + left + right_wins * (right - left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::collections::BinaryHeap;

    #[test]
    fn pops_in_the_order_a_binary_heap_does() {
        // Pushes and pops interleaved at random, duplicates included, against the standard heap.
        let mut rng = Rng::new(5);
        let (mut quad, mut binary) = (QuadHeap::new(), BinaryHeap::new());
        for round in 0..20_000 {
            if rng.below(3) < 2 {
                let item = rng.below(500);
                quad.push(item);
                binary.push(item);
            } else {
                assert_eq!(quad.pop(), binary.pop(), "round {round}");
            }
            assert_eq!(quad.len(), binary.len());
            assert_eq!(quad.as_slice().first(), binary.peek());
        }
        while let Some(item) = binary.pop() {
            assert_eq!(quad.pop(), Some(item));
        }
        assert!(quad.is_empty());
        assert_eq!(quad.pop(), None);
    }

    #[test]
    fn every_parent_is_at_least_its_children() {
        let mut rng = Rng::new(8);
        let mut heap = QuadHeap::new();
        for _ in 0..5_000 {
            heap.push(rng.next_u32());
            if rng.coin() {
                heap.pop();
            }
            let items = heap.as_slice();
            for (i, item) in items.iter().enumerate().skip(1) {
                assert!(items[(i - 1) / ARITY] >= *item, "item {i}");
            }
        }
    }

    #[test]
    fn pushes_and_pops_taken_back_in_reverse_give_back_the_same_heap() {
        // Random pushes and pops, duplicates included (ties decide where items go), each
        // recorded with its heap before; taken back newest first, each gives back that heap.
        enum Done {
            Push(u32, usize),
            Pop(u32, usize),
        }
        let mut rng = Rng::new(13);
        let mut heap = QuadHeap::new();
        let mut done = Vec::new();
        for _ in 0..3_000 {
            let before = heap.as_slice().to_vec();
            if rng.below(5) < 3 {
                let item = rng.below(40);
                let at = heap.push_at(item);
                assert_eq!(heap.pushed_at(&item), Some(at));
                done.push((Done::Push(item, at), before));
            } else if let Some((top, at)) = heap.pop_at() {
                done.push((Done::Pop(top, at), before));
            }
        }
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Push(item, at) => assert_eq!(heap.undo_push(at), item),
                Done::Pop(top, at) => heap.undo_pop(top, at),
            }
            assert_eq!(heap.as_slice(), before);
        }
        assert!(heap.is_empty());
    }
}
