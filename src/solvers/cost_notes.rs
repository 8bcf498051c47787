//! What the searches by cost ([`super::a_star::best_first`], [`super::jump_point_search`])
//! note on the board for Back, and reading it again: each heap entry they took (stale or not)
//! and each cell they reached more cheaply, with what that overwrote.

use crate::board::Board;
use std::cmp::Reverse;

/// An open-set entry: `(f, h, order added, cell)`, lowest first.
pub(crate) type CostEntry = Reverse<(u64, u64, u32, u32)>;

const POPPED: u32 = 0;
const RELAXED: u32 = 1;

/// One noted change, in the order of the step.
pub(crate) enum Record {
    /// An entry taken from the heap, and where that left the heap's last entry.
    Popped { entry: CostEntry, at: usize },
    /// `next` reached more cheaply: its old `g`, parent and closed flag, and where its push went.
    Relaxed {
        next: usize,
        old_g: u64,
        parent: u32,
        was_closed: bool,
        at: usize,
    },
}

/// Notes an entry taken from the heap at `at`.
#[inline]
pub(crate) fn note_pop(board: &mut Board, Reverse((f, h, order, cell)): CostEntry, at: usize) {
    board.note_words(&[
        POPPED,
        f as u32,
        (f >> 32) as u32,
        h as u32,
        (h >> 32) as u32,
    ]);
    board.note_words(&[order, cell, at as u32]);
}

/// Notes that `next` was reached more cheaply (what it had before), its push at `at`.
#[inline]
pub(crate) fn note_relax(
    board: &mut Board,
    next: usize,
    (old_g, parent, was_closed): (u64, u32, bool),
    at: usize,
) {
    board.note_words(&[RELAXED, next as u32, old_g as u32, (old_g >> 32) as u32]);
    board.note_words(&[parent, u32::from(was_closed), at as u32]);
}

/// The records of a step's notes in the order written, or `None` if they do not read.
pub(crate) fn records(mut notes: &[u32]) -> Option<Vec<Record>> {
    let wide = |low: u32, high: u32| u64::from(low) | u64::from(high) << 32;
    let mut records = Vec::new();
    while !notes.is_empty() {
        match *notes {
            [POPPED, f_low, f_high, h_low, h_high, order, cell, at, ..] => {
                let entry = Reverse((wide(f_low, f_high), wide(h_low, h_high), order, cell));
                records.push(Record::Popped {
                    entry,
                    at: at as usize,
                });
                notes = &notes[8..];
            }
            [RELAXED, next, g_low, g_high, parent, was_closed, at, ..] => {
                records.push(Record::Relaxed {
                    next: next as usize,
                    old_g: wide(g_low, g_high),
                    parent,
                    was_closed: was_closed != 0,
                    at: at as usize,
                });
                notes = &notes[7..];
            }
            _ => return None,
        }
    }
    Some(records)
}
