//! Two score levels: plain A*'s open set (weight 1), buckets instead of a heap.
//!
//! With weight 1, `h` is consistent: a step changes `g` by 1 and `h` by exactly 1 either way,
//! so a neighbour gets the same `f` as the cell taken (a step toward the goal) or `f + 2` (a
//! step away), never less. The open set therefore only ever holds two values of `f`, and
//! within one `f` the order is by `h`, then first in first out: one queue per `h` in each of
//! two levels. Taking and adding cost a few array reads instead of a climb through a heap, and
//! entries come out in exactly the heap's order (lowest `f`, then lowest `h`, then the one
//! added first).
//!
//! Every push and pop can be taken back exactly: a push returns the word that takes it back,
//! and a pop writes to the undo notes what it lost (see `pop`).

use crate::ds::open_entry::Entry;
use crate::notes::NoteSink;

/// The two levels of buckets: the entries with the `f` of the cell taken last, and those with
/// that `f` plus 2.
#[derive(Clone, Debug)]
pub(crate) struct TwoScoreLevels {
    /// `f` of `levels[0]`, the `f` of the cell taken last; `levels[1]` holds `f + 2`.
    f: u32,
    levels: [Level; 2],
}

impl TwoScoreLevels {
    /// Empty buckets for a search whose start has `f` equal to `start_f`, on a maze whose `h`
    /// is at most `max_h`.
    pub(crate) fn new(max_h: usize, start_f: u32) -> TwoScoreLevels {
        TwoScoreLevels {
            f: start_f,
            levels: [Level::new(max_h), Level::new(max_h)],
        }
    }

    /// The `f` of the nearer level: that of the entry taken last (the start's before any).
    /// An entry pushed must have this `f` or this plus 2.
    #[cfg(test)]
    pub(crate) fn f(&self) -> u32 {
        self.f
    }

    /// Adds `entry`. Returns the `lowest` of the level the entry went to, as it was before.
    #[inline(always)]
    pub(crate) fn push(&mut self, entry: Entry) -> u32 {
        let at = entry.xy.1 << 16 | entry.xy.0;
        // Only f or f + 2 can arrive (see above).
        let [now, next] = &mut self.levels;
        if entry.f == self.f { now } else { next }.push(entry.h, at)
    }

    /// Takes the best entry out. Notes the `lowest` of the level taken from as it was, with a
    /// bit for the levels swapped first (after what the level noted).
    #[inline(always)]
    pub(crate) fn pop(&mut self, notes: &mut impl NoteSink) -> Option<Entry> {
        let swapped = self.levels[0].len == 0;
        if swapped {
            if self.levels[1].len == 0 {
                return None;
            }
            self.levels.swap(0, 1);
            self.f += 2;
        }
        let lowest = self.levels[0].lowest as u32;
        let (h, at) = self.levels[0].pop(notes)?;
        notes.note(lowest | u32::from(swapped) << 31);
        Some(Entry {
            f: self.f,
            h,
            xy: (at & 0xffff, at >> 16),
        })
    }

    /// Takes back the last push, of `entry`, which returned `lowest`.
    pub(crate) fn undo_push(&mut self, entry: Entry, lowest: u32) {
        self.levels[usize::from(entry.f != self.f)].undo_push(entry.h, lowest as usize);
    }

    /// Takes back the last pop that found an entry, from the notes it left at the end of
    /// `notes`, and shortens `notes` by them. `None` if they do not fit.
    pub(crate) fn undo_pop(&mut self, notes: &mut &[u32]) -> Option<()> {
        let (&word, rest) = notes.split_last()?;
        *notes = rest;
        self.levels[0].undo_pop(notes, (word & !(1 << 31)) as usize)?;
        if word >> 31 == 1 {
            self.levels.swap(0, 1);
            self.f -= 2;
        }
        Some(())
    }

    /// Every entry, stale ones included, in the order they will be taken.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Entry> + '_ {
        self.levels
            .iter()
            .zip([self.f, self.f + 2])
            .flat_map(|(level, f)| {
                level.iter().map(move |(h, at)| Entry {
                    f,
                    h,
                    xy: (at & 0xffff, at >> 16),
                })
            })
    }
}

/// The entries with one value of `f`: a first-in-first-out queue per `h`.
#[derive(Clone, Debug)]
struct Level {
    queues: Vec<Queue>,
    /// No entry has a lower `h` than this.
    lowest: usize,
    len: usize,
}

/// Cells as `y << 16 | x`, first in first out: the first `taken` of `cells` are gone.
#[derive(Clone, Debug, Default)]
struct Queue {
    cells: Vec<u32>,
    taken: usize,
}

impl Level {
    fn new(max_h: usize) -> Level {
        Level {
            queues: vec![Queue::default(); max_h + 1],
            lowest: max_h + 1,
            len: 0,
        }
    }

    /// Returns `lowest` as it was.
    #[inline(always)]
    fn push(&mut self, h: u32, at: u32) -> u32 {
        let (h, lowest) = (h as usize, self.lowest);
        self.queues[h].cells.push(at);
        self.lowest = lowest.min(h);
        self.len += 1;
        lowest as u32
    }

    /// The oldest entry with the lowest `h`, as `(h, y << 16 | x)`. A queue it empties is
    /// noted (its cells, then their count) before it starts over. `lowest` is left at the
    /// queue taken from.
    #[inline(always)]
    fn pop(&mut self, notes: &mut impl NoteSink) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        loop {
            let queue = &mut self.queues[self.lowest];
            if let Some(&at) = queue.cells.get(queue.taken) {
                queue.taken += 1;
                if queue.taken == queue.cells.len() {
                    // Emptied: start the queue over, keeping its memory.
                    if notes.keeps_notes() {
                        note_cells(notes, &queue.cells);
                    }
                    queue.cells.clear();
                    queue.taken = 0;
                }
                self.len -= 1;
                return Some((self.lowest as u32, at));
            }
            self.lowest += 1;
        }
    }

    /// Takes back the last push, to `h`, which found `lowest`.
    fn undo_push(&mut self, h: u32, lowest: usize) {
        self.queues[h as usize].cells.pop();
        self.len -= 1;
        self.lowest = lowest;
    }

    /// Takes back the last pop, which found `lowest` and left it at the queue it took from;
    /// takes that queue's cells off the end of `notes` if the pop emptied it.
    fn undo_pop(&mut self, notes: &mut &[u32], lowest: usize) -> Option<()> {
        let queue = self.queues.get_mut(self.lowest)?;
        if queue.cells.is_empty() {
            let (&count, rest) = notes.split_last()?;
            let (rest, cells) = rest.split_at_checked(rest.len().checked_sub(count as usize)?)?;
            queue.cells.extend_from_slice(cells);
            queue.taken = cells.len().checked_sub(1)?;
            *notes = rest;
        } else {
            queue.taken -= 1;
        }
        self.len += 1;
        self.lowest = lowest;
        Some(())
    }

    /// The entries in the order they will be taken, as `(h, y << 16 | x)`.
    fn iter(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let from = self.lowest.min(self.queues.len());
        self.queues[from..]
            .iter()
            .zip(from as u32..)
            .flat_map(|(queue, h)| queue.cells[queue.taken..].iter().map(move |&at| (h, at)))
    }
}

/// Notes a queue's cells, then their count: out of line, to keep the search's loop small.
#[cold]
#[inline(never)]
fn note_cells(notes: &mut impl NoteSink, cells: &[u32]) {
    notes.note_words(cells);
    notes.note(cells.len() as u32);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::maze::Maze;
    use crate::rng::Rng;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// A random entry as A* makes them: `f` that of the nearer level or 2 more, `h` at most
    /// `max_h`.
    fn entry(rng: &mut Rng, buckets: &TwoScoreLevels, max_h: u32) -> Entry {
        Entry {
            f: buckets.f() + 2 * rng.below(2),
            h: rng.below(max_h + 1),
            xy: (rng.below(4096), rng.below(4096)),
        }
    }

    #[test]
    fn pops_in_the_order_of_a_heap_of_f_h_and_order_added() {
        // Pushes and pops interleaved at random, against the standard heap keyed by
        // (f, h, order added); then both emptied.
        let max_h = 20;
        let mut rng = Rng::new(3);
        let mut buckets = TwoScoreLevels::new(max_h as usize, 7);
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        let mut heap = BinaryHeap::new();
        for order in 0..20_000u32 {
            if rng.chance(0.55) {
                let entry = entry(&mut rng, &buckets, max_h);
                buckets.push(entry);
                heap.push(Reverse((entry.f, entry.h, order, entry.xy)));
            } else {
                let expected = heap.pop().map(|Reverse((f, h, _, xy))| Entry { f, h, xy });
                assert_eq!(buckets.pop(&mut board), expected, "round {order}");
            }
            assert_eq!(buckets.iter().count(), heap.len());
        }
        let mut rest = heap.into_sorted_vec();
        rest.reverse();
        for Reverse((f, h, _, xy)) in rest {
            let expected = Entry { f, h, xy };
            assert_eq!(buckets.pop(&mut board), Some(expected));
        }
        assert_eq!(buckets.pop(&mut board), None);
    }

    #[test]
    fn iter_lists_the_entries_in_the_order_they_are_taken() {
        let mut rng = Rng::new(8);
        let mut buckets = TwoScoreLevels::new(15, 4);
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        for _ in 0..3_000 {
            if rng.chance(0.6) {
                let entry = entry(&mut rng, &buckets, 15);
                buckets.push(entry);
            } else {
                buckets.pop(&mut board);
            }
        }
        let listed: Vec<Entry> = buckets.iter().collect();
        assert!(listed.len() > 100);
        let taken: Vec<Entry> = std::iter::from_fn(|| buckets.pop(&mut board)).collect();
        assert_eq!(listed, taken);
    }

    #[test]
    fn pushes_and_pops_taken_back_in_reverse_give_back_the_same_buckets() {
        // Random pushes and pops, each recorded with the buckets before it (every field, as
        // debug text), and the pops' notes on a journaling board; taken back newest first.
        enum Done {
            Push(Entry, u32),
            Pop(std::ops::Range<usize>),
        }
        let mut rng = Rng::new(21);
        let mut buckets = TwoScoreLevels::new(12, 6);
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        board.set_journaling(true);
        let mut done = Vec::new();
        for _ in 0..3000 {
            let before = format!("{buckets:?}");
            if rng.chance(0.55) {
                let entry = entry(&mut rng, &buckets, 12);
                let word = buckets.push(entry);
                done.push((Done::Push(entry, word), before));
            } else {
                let from = board.notes().len();
                if buckets.pop(&mut board).is_some() {
                    done.push((Done::Pop(from..board.notes().len()), before));
                } else {
                    assert_eq!(
                        format!("{buckets:?}"),
                        before,
                        "an empty pop changes nothing"
                    );
                    assert_eq!(board.notes().len(), from);
                }
            }
        }
        assert!(done.len() > 2000);
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Push(entry, word) => buckets.undo_push(entry, word),
                Done::Pop(notes) => {
                    let mut left = &board.notes()[..notes.end];
                    assert_eq!(buckets.undo_pop(&mut left), Some(()));
                    assert_eq!(left.len(), notes.start, "notes used");
                }
            }
            assert_eq!(format!("{buckets:?}"), before);
        }
    }
}
