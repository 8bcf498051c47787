//! Union-find (a disjoint-set forest): which items of `0..len` have been joined into one set,
//! asked and answered in next to no time, with joins that can be taken back exactly.
//!
//! Each set is a tree of its items, every item pointing to a parent; the root names the set.
//! Two items are in one set exactly when they have the same root. Two rules keep the trees
//! shallow, so that a question costs almost nothing:
//! - *union by rank*: joining two sets hangs the root of the shallower tree under the root of
//!   the deeper one. A root's rank is an upper bound on its tree's height;
//! - *path compression*: [`UnionFind::find`] points every item it passes on the way up
//!   straight at the root, so the next question about any of them takes one step.
//!
//! One `u32` per item: its parent, or at a root the top bit (`ROOT`) plus the rank. Kruskal's
//! generator asks this about two cells, scattered over a large maze, per wall, and waiting for
//! memory is most of its work, so the less memory the better.
//!
//! Taking back: [`UnionFind::note_find_union`] lists, before a [`UnionFind::find`] of two items
//! and the [`UnionFind::union`] of their roots, every entry those will overwrite;
//! [`UnionFind::restore`] writes them back, giving back the very same forest.

/// Marks a root in an entry; the bits below it hold the root's rank.
const ROOT: u32 = 1 << 31;

/// A disjoint-set forest over the items `0..len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnionFind {
    /// Each item's parent, or for a root `ROOT` plus its rank.
    parents: Vec<u32>,
}

impl UnionFind {
    /// `len` items, each in a set of its own.
    pub fn new(len: usize) -> UnionFind {
        UnionFind {
            parents: vec![ROOT; len],
        }
    }

    /// How many items there are.
    pub fn len(&self) -> usize {
        self.parents.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    /// Whether `item` is the root of its tree, the item that names its set.
    #[inline]
    pub fn is_root(&self, item: usize) -> bool {
        self.parents[item] & ROOT != 0
    }

    /// The parent of `item`, or `None` for a root: one step up its tree.
    #[inline]
    pub fn parent(&self, item: usize) -> Option<usize> {
        let parent = self.parents[item];
        (parent & ROOT == 0).then_some(parent as usize)
    }

    /// The root of `item`'s tree, the name of its set, without changing anything.
    #[inline]
    pub fn root(&self, item: usize) -> usize {
        let mut root = item;
        while self.parents[root] & ROOT == 0 {
            root = self.parents[root] as usize;
        }
        root
    }

    /// The root of `item`'s tree, pointing every item on the way straight at it (path
    /// compression). Two passes instead of recursion.
    #[inline]
    pub fn find(&mut self, item: usize) -> usize {
        let root = self.root(item);
        let mut walk = item;
        while walk != root {
            let up = self.parents[walk] as usize;
            self.parents[walk] = root as u32;
            walk = up;
        }
        root
    }

    /// Joins the sets of two different roots: the shallower tree hangs under the deeper (union
    /// by rank; on a tie, `b` under `a`, whose rank grows). Returns the root of the joined set.
    #[inline]
    pub fn union(&mut self, a: usize, b: usize) -> usize {
        let (rank_a, rank_b) = (self.parents[a] & !ROOT, self.parents[b] & !ROOT);
        if rank_a < rank_b {
            self.parents[a] = b as u32;
            b
        } else {
            self.parents[b] = a as u32;
            if rank_a == rank_b {
                self.parents[a] += 1;
            }
            a
        }
    }

    /// Every root, lowest first: one item of each set.
    pub fn roots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len()).filter(|&item| self.is_root(item))
    }

    /// The entries, one per item in item order: only for asking the processor to fetch an
    /// item's entry ahead of time (what a value means is this module's business).
    pub fn as_slice(&self) -> &[u32] {
        &self.parents
    }

    /// Hands `note` each entry that finding the roots of `a` and `b` and joining them (if they
    /// differ) will overwrite, as (item, entry) pairs, in the order to be written back last
    /// first: the links below the last on the way up to each root (path compression), then the
    /// two roots if they differ (one hangs under the other, which may grow a rank). Kept apart
    /// from `find` and `union`, which stay as fast as ever when nobody takes anything back.
    pub fn note_find_union(&self, a: usize, b: usize, mut note: impl FnMut(u32, u32)) {
        let roots = [a, b].map(|item| self.root(item));
        for (item, root) in [a, b].into_iter().zip(roots) {
            let mut at = item;
            while at != root {
                let up = self.parents[at] as usize;
                if up != root {
                    note(at as u32, up as u32);
                }
                at = up;
            }
        }
        if roots[0] != roots[1] {
            for root in roots {
                note(root as u32, self.parents[root]);
            }
        }
    }

    /// Writes back the (item, entry) pairs [`UnionFind::note_find_union`] noted, one after
    /// the other in `pairs`, newest first: the forest is then exactly as it was before the find and the union.
    pub fn restore(&mut self, pairs: &[u32]) {
        for pair in pairs.chunks_exact(2).rev() {
            self.parents[pair[0] as usize] = pair[1];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Finds the roots of `a` and `b` and joins them if they differ, as Kruskal's generator
    /// does; returns whether they were joined.
    fn join(sets: &mut UnionFind, a: usize, b: usize) -> bool {
        let (root_a, root_b) = (sets.find(a), sets.find(b));
        if root_a != root_b {
            sets.union(root_a, root_b);
        }
        root_a != root_b
    }

    #[test]
    fn starts_with_every_item_alone() {
        let sets = UnionFind::new(5);
        assert_eq!(sets.len(), 5);
        assert!(!sets.is_empty());
        assert!(UnionFind::new(0).is_empty());
        assert_eq!(sets.roots().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        for item in 0..5 {
            assert_eq!(sets.root(item), item);
            assert_eq!(sets.parent(item), None);
        }
    }

    #[test]
    fn union_by_rank_hangs_the_shallower_tree_under_the_deeper() {
        let mut sets = UnionFind::new(4);
        // A tie: the second root hangs under the first, whose rank grows.
        assert_eq!(sets.union(0, 1), 0);
        assert_eq!(sets.parent(1), Some(0));
        assert_eq!(sets.as_slice()[0], ROOT | 1);
        // Rank 0 under rank 1, whichever way round it is asked.
        assert_eq!(sets.union(2, 0), 0);
        assert_eq!(sets.parent(2), Some(0));
        assert_eq!(sets.as_slice()[0], ROOT | 1);
        assert_eq!(sets.union(0, 3), 0);
        assert_eq!(sets.roots().collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn find_compresses_the_path() {
        // A chain 3 -> 2 -> 1 -> 0, built by hand since union by rank never makes one.
        let mut sets = UnionFind::new(4);
        sets.parents = vec![ROOT | 3, 0, 1, 2];
        assert_eq!(sets.root(3), 0);
        assert_eq!(sets.parent(3), Some(2), "root changes nothing");
        assert_eq!(sets.find(3), 0);
        for item in 1..4 {
            assert_eq!(sets.parent(item), Some(0));
        }
    }

    /// Random joins against a plain labelling: the same sets, the same sizes, the same count.
    #[test]
    fn agrees_with_a_plain_labelling() {
        let mut rng = Rng::new(11);
        for len in [1, 2, 7, 50, 300] {
            let mut sets = UnionFind::new(len);
            let mut label: Vec<usize> = (0..len).collect();
            for _ in 0..len * 2 {
                let (a, b) = (rng.index(len), rng.index(len));
                let apart = label[a] != label[b];
                assert_eq!(join(&mut sets, a, b), apart);
                if apart {
                    let (kept, gone) = (label[a], label[b]);
                    for l in label.iter_mut().filter(|l| **l == gone) {
                        *l = kept;
                    }
                }
                let roots: Vec<usize> = sets.roots().collect();
                let mut labels = label.clone();
                labels.sort_unstable();
                labels.dedup();
                assert_eq!(roots.len(), labels.len(), "number of sets");
                for item in 0..len {
                    assert_eq!(sets.root(item), sets.root(label[item]));
                    // The set sizes: as many items share a root as share a label.
                    let size = (0..len)
                        .filter(|&i| sets.root(i) == sets.root(item))
                        .count();
                    let expected = label.iter().filter(|&&l| l == label[item]).count();
                    assert_eq!(size, expected, "size of {item}'s set");
                }
                for &root in &roots {
                    // Union by rank: a tree of rank r has at least 2^r items.
                    let rank = sets.as_slice()[root] & !ROOT;
                    let size = (0..len).filter(|&i| sets.root(i) == root).count();
                    assert!(size >= 1 << rank, "rank {rank} with {size} items");
                }
            }
        }
    }

    /// Every find-and-join taken back with its notes gives back the identical forest.
    #[test]
    fn taking_a_union_back_gives_back_the_same_forest() {
        let mut rng = Rng::new(3);
        for len in [2, 9, 64, 500] {
            let mut sets = UnionFind::new(len);
            for _ in 0..len * 3 {
                let (a, b) = (rng.index(len), rng.index(len));
                let before = sets.clone();
                let mut notes = Vec::new();
                sets.note_find_union(a, b, |item, entry| notes.extend([item, entry]));
                let joined = join(&mut sets, a, b);
                let mut after = sets.clone();
                after.restore(&notes);
                assert_eq!(after, before, "{len}: {a} and {b}, joined: {joined}");
                // Notes come in pairs, and a join notes both roots.
                assert_eq!(notes.len() % 2, 0);
                assert!(!joined || notes.len() >= 4);
            }
        }
    }
}
