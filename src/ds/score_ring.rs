//! A score ring: A*'s open set on terrain (moves cost 1 to [`MAX_COST`], a guess that changes
//! by at most one a move), buckets by `f`, and in each a first-in-first-out queue per `h`.
//!
//! A cell taken with score `f` adds its neighbours at `f + cost - 1` to `f + cost + 1`: never
//! below `f` (the guess is consistent), at most `MAX_COST + 1` above it. So the queued scores
//! span at most `SPAN` values, and that many levels used round and round (`levels[f %
//! SPAN]`) hold the whole set. Within a level, entries come out lowest `h` first, then first
//! in first out: the order of a heap of `(f, h, order added)`, for a few array reads a cell.
//!
//! Every push and pop can be taken back exactly. A queue keeps what was read from it while
//! undo notes are kept (so a pop is taken back by moving its read position back), and
//! starts over when it is read to the end otherwise.

use crate::maze::MAX_COST;
use crate::notes::NoteSink;

/// How many scores can be queued at once, rounded up to a power of two (a mask, not a
/// division, finds a score's level).
const SPAN: usize = (MAX_COST as usize + 2).next_power_of_two();

/// The open set: levels of queues by `f`, then `h`.
#[derive(Clone, Debug)]
pub(crate) struct ScoreRing {
    /// The score being read: every queued `f` is this or up to `MAX_COST + 1` more.
    f: u32,
    levels: [Level; SPAN],
    /// Entries queued and not yet read.
    len: usize,
}

/// The entries of one score, a queue per `h`.
#[derive(Clone, Debug)]
struct Level {
    queues: Vec<Queue>,
    /// No queued entry of this level has a lower `h`.
    lowest: u32,
    len: usize,
}

/// Cells first in first out: the first `taken` of `cells` have been read.
#[derive(Clone, Debug, Default)]
struct Queue {
    cells: Vec<u32>,
    taken: usize,
}

/// What a pop changed besides the read position: for [`ScoreRing::undo_pop`].
pub(crate) type PopRecord = [u32; 2];

impl ScoreRing {
    /// An empty open set whose first entry will have score `f`, for guesses up to `max_h`.
    pub(crate) fn new(f: u32, max_h: u32) -> ScoreRing {
        let level = Level {
            queues: vec![Queue::default(); max_h as usize + 1],
            lowest: 0,
            len: 0,
        };
        ScoreRing {
            f,
            levels: std::array::from_fn(|_| level.clone()),
            len: 0,
        }
    }

    /// Entries queued and not yet read.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Queues `cell` with score `f` and guess `h` (at most `max_h`); `f` must be the score
    /// being read or up to `SPAN - 1` more. Returns the level's `lowest` before, for
    /// [`ScoreRing::undo_push`].
    #[inline]
    pub(crate) fn push(&mut self, cell: usize, f: u32, h: u32) -> u32 {
        debug_assert!(f >= self.f && f - self.f < SPAN as u32);
        let level = &mut self.levels[f as usize % SPAN];
        level.queues[h as usize].cells.push(cell as u32);
        let lowest = level.lowest;
        if level.len == 0 || h < lowest {
            level.lowest = h;
        }
        level.len += 1;
        self.len += 1;
        lowest
    }

    /// Takes back the last push, of score `f` and guess `h`, given what it returned.
    pub(crate) fn undo_push(&mut self, f: u32, h: u32, lowest: u32) {
        let level = &mut self.levels[f as usize % SPAN];
        level.queues[h as usize].cells.pop();
        level.lowest = lowest;
        level.len -= 1;
        self.len -= 1;
    }

    /// Takes the first entry queued with the lowest `f`, then the lowest `h`, as `(cell, f,
    /// h)`, with what [`ScoreRing::undo_pop`] needs.
    #[inline]
    pub(crate) fn pop(&mut self, notes: &impl NoteSink) -> Option<((usize, u32, u32), PopRecord)> {
        if self.len == 0 {
            return None;
        }
        let f_before = self.f;
        while self.levels[self.f as usize % SPAN].len == 0 {
            self.f += 1;
        }
        let level = &mut self.levels[self.f as usize % SPAN];
        let lowest_before = level.lowest;
        loop {
            let queue = &mut level.queues[level.lowest as usize];
            if let Some(&cell) = queue.cells.get(queue.taken) {
                queue.taken += 1;
                if queue.taken == queue.cells.len() && !notes.keeps_notes() {
                    // Read to the end, and no pop will be taken back: start over.
                    queue.cells.clear();
                    queue.taken = 0;
                }
                level.len -= 1;
                self.len -= 1;
                return Some((
                    (cell as usize, self.f, level.lowest),
                    [f_before, lowest_before],
                ));
            }
            level.lowest += 1;
        }
    }

    /// Takes back the last pop, which took an entry with guess `h`, given its record.
    pub(crate) fn undo_pop(&mut self, h: u32, [f_before, lowest_before]: PopRecord) {
        let level = &mut self.levels[self.f as usize % SPAN];
        level.queues[h as usize].taken -= 1;
        level.lowest = lowest_before;
        level.len += 1;
        self.len += 1;
        self.f = f_before;
    }

    /// The queued entries as `(cell, f, h)`, in the order `pop` would hand them out.
    pub(crate) fn in_order(&self) -> impl Iterator<Item = (usize, u32, u32)> + '_ {
        (0..SPAN as u32).flat_map(move |ahead| {
            let f = self.f + ahead;
            let level = &self.levels[f as usize % SPAN];
            level.queues.iter().enumerate().flat_map(move |(h, queue)| {
                let unread = &queue.cells[queue.taken..];
                unread.iter().map(move |&cell| (cell as usize, f, h as u32))
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::maze::Maze;
    use crate::rng::Rng;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    fn board(journaling: bool) -> Board {
        let mut board = Board::new(Maze::new(1, 1).unwrap());
        board.set_journaling(journaling);
        board
    }

    /// What taking a cell with score `f` and guess `h` may add: a cost of 1 to 9 and a guess
    /// one more or one less.
    fn neighbour(rng: &mut Rng, f: u32, h: u32) -> (u32, u32) {
        let cost = 1 + rng.below(u32::from(MAX_COST));
        if h > 0 && rng.chance(0.5) {
            (f + cost - 1, h - 1)
        } else {
            (f + cost + 1, h + 1)
        }
    }

    #[test]
    fn the_buckets_hand_out_entries_in_the_order_of_a_heap_of_f_h_and_order_added() {
        for journaling in [false, true] {
            let mut rng = Rng::new(5);
            let mut buckets = ScoreRing::new(40, 2000);
            let board = board(journaling);
            let mut heap = BinaryHeap::from([Reverse((40, 40, 0, 0))]);
            buckets.push(0, 40, 40);
            let (mut read, mut order) = ((40, 40), 1);
            for _ in 0..20_000 {
                if rng.below(3) == 0 {
                    let cell = rng.below(1000) as usize;
                    let (f, h) = neighbour(&mut rng, read.0, read.1);
                    buckets.push(cell, f, h);
                    heap.push(Reverse((f, h, order, cell)));
                    order += 1;
                } else {
                    let expected = heap.pop().map(|Reverse((f, h, _, cell))| (cell, f, h));
                    let got = buckets.pop(&board).map(|(entry, _)| entry);
                    assert_eq!(got, expected);
                    if let Some((_, f, h)) = expected {
                        read = (f, h);
                    }
                    assert_eq!(buckets.len(), heap.len());
                }
            }
        }
    }

    #[test]
    fn in_order_lists_the_entries_in_the_order_they_are_taken() {
        let mut rng = Rng::new(6);
        let mut buckets = ScoreRing::new(10, 2000);
        let board = board(false);
        buckets.push(0, 10, 10);
        let mut read = (10, 10);
        for cell in 1..3000 {
            if rng.chance(0.6) {
                let (f, h) = neighbour(&mut rng, read.0, read.1);
                buckets.push(cell, f, h);
            } else if let Some(((_, f, h), _)) = buckets.pop(&board) {
                read = (f, h);
            }
        }
        let listed: Vec<_> = buckets.in_order().collect();
        assert!(listed.len() > 100);
        let taken: Vec<_> = std::iter::from_fn(|| buckets.pop(&board).map(|(e, _)| e)).collect();
        assert_eq!(listed, taken);
    }

    #[test]
    fn pops_and_pushes_taken_back_in_reverse_give_back_the_same_buckets() {
        enum Done {
            Pop(u32, PopRecord),
            Push(u32, u32, u32),
        }
        let mut rng = Rng::new(9);
        let board = board(true);
        let mut buckets = ScoreRing::new(20, 2000);
        buckets.push(0, 20, 20);
        let mut done = Vec::new();
        let mut queued = 1;
        loop {
            let before = format!("{:?}", buckets.in_order().collect::<Vec<_>>());
            let Some(((cell, f, h), record)) = buckets.pop(&board) else {
                break;
            };
            done.push((Done::Pop(h, record), before));
            let count = if queued < 3_000 { rng.below(4) } else { 0 };
            for _ in 0..count {
                let before = format!("{:?}", buckets.in_order().collect::<Vec<_>>());
                let (f, h) = neighbour(&mut rng, f, h);
                let lowest = buckets.push(cell + 1, f, h);
                done.push((Done::Push(f, h, lowest), before));
            }
            queued += count;
        }
        while let Some((op, before)) = done.pop() {
            match op {
                Done::Pop(h, record) => buckets.undo_pop(h, record),
                Done::Push(f, h, lowest) => buckets.undo_push(f, h, lowest),
            }
            let now = format!("{:?}", buckets.in_order().collect::<Vec<_>>());
            assert_eq!(now, before);
        }
    }
}
