//! Eller, a step taken back: from the notes the step left, the machine as it was before it.

use super::{Eller, Stage, CARVE_DOWN, KEEP_FLOOR, NONE};
use crate::board::Board;
use crate::machine::{Event, Step};
use crate::maze::Direction;

/// Taking steps back: what a step notes for `undo` as it goes, and the pieces `undo` puts
/// together, each taking back one piece of a step, newest first, with its notes from the end
/// of `notes`. The board is as the step left it.
impl Eller {
    /// Takes back the decision, and the row's start or end around it. Notes come only at row
    /// boundaries: the went-down flags when a row's floors begin (a word per 32 ids), and when
    /// a row ends, the sets of its `k` cells that did not go down, its lists and the `k` new
    /// ids' old heads and sizes (width + 3k words).
    pub(super) fn take_back(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        let Some(cell) = step.event.cell() else {
            return false;
        };
        let (cell, width) = (cell as usize, self.width as usize);
        let (row, x) = ((cell / width) as u32, (cell % width) as u32);
        // CARVE_DOWN and KEEP_FLOOR decide a floor; the others, a wall in the row.
        let down = step.line == CARVE_DOWN.0 || step.line == KEEP_FLOOR.0;
        // The first step began the first row (with its floors, in a maze one cell wide).
        let first = cell == 0 && (!down || width == 1);
        let mut notes = notes;
        if down && x + 1 == self.width {
            // The row ended and the next began; one cell wide, its floors began at once.
            if self.width == 1 && row + 2 < self.height {
                self.undo_floors_begun(&mut notes);
            }
            self.undo_start_row(board, &mut notes);
            self.undo_next_row(board, &mut notes);
        } else if !down && x + 2 == self.width && row + 1 < self.height {
            self.undo_floors_begun(&mut notes);
        }
        if down {
            self.stage = Stage::Down(x);
            let id = self.set[x as usize];
            self.undecided[id as usize] += 1;
            if let Event::Carve { .. } = step.event {
                self.below[x as usize] = 0;
                // The set had gone down already if a cell of it to the west had.
                self.went_down[id as usize] = self.below[..x as usize].contains(&id);
            }
        } else {
            self.stage = Stage::Join(x);
            if let Event::MergeSets { kept, absorbed, .. } = step.event {
                self.undo_merge(kept, absorbed);
            }
        }
        if first {
            if self.width == 1 {
                self.undo_floors_begun(&mut notes);
            }
            self.undo_start_row(board, &mut notes);
            self.stage = Stage::Start;
        }
        debug_assert!(notes.is_empty(), "eller: notes left over");
        // The decision before: the cell before, but before the first floor the last wall.
        self.current = if first {
            None
        } else if down && x == 0 && width > 1 {
            Some(cell + width - 2)
        } else {
            Some(cell - 1)
        };
        true
    }

    /// Notes, for `undo`, what `start_row` overwrites: the lists of the row before, and the old
    /// head and size of each id it gives out (the last ones on `free`, last first).
    pub(super) fn note_start_row(&self, board: &mut Board) {
        board.note_words(&self.next_in_set);
        let given = self.set.iter().filter(|&&id| id == 0).count();
        for &id in self.free.iter().rev().take(given) {
            board.note_words(&[self.head[id as usize], self.size[id as usize]]);
        }
    }

    /// Notes every set's went-down flag, 32 to a word, for `undo`: the row's floors reset
    /// them, and which were set (by an earlier row) cannot be told afterwards.
    pub(super) fn note_went_down(&self, board: &mut Board) {
        for flags in self.went_down.chunks(32) {
            board.note(
                flags
                    .iter()
                    .rev()
                    .fold(0, |bits, &f| bits << 1 | u32::from(f)),
            );
        }
    }

    /// The last `count` notes, taken off `notes`.
    pub(super) fn take<'a>(notes: &mut &'a [u32], count: usize) -> &'a [u32] {
        let (rest, taken) = notes.split_at(notes.len() - count);
        *notes = rest;
        taken
    }

    /// Whether column `x` of the row being built got its set from the row above (a passage
    /// comes down into it); the others were given new ids by `start_row`.
    pub(super) fn came_down(&self, board: &Board, x: u32) -> bool {
        self.row > 0 && board.maze().is_open(self.cell(x), Direction::North)
    }

    /// Takes back the reset of the went-down flags before a row's floors. Every set's
    /// `undecided` was 0 then: each row's floors count them all down to 0.
    pub(super) fn undo_floors_begun(&mut self, notes: &mut &[u32]) {
        let bits = Eller::take(notes, self.went_down.len().div_ceil(32));
        for (id, flag) in self.went_down.iter_mut().enumerate() {
            *flag = bits[id / 32] >> (id % 32) & 1 != 0;
        }
        for &id in &self.set {
            self.undecided[id as usize] = 0;
        }
    }

    /// Takes back `start_row`: the lists as noted, and the new ids back on the free list,
    /// last given first, with their old heads and sizes.
    pub(super) fn undo_start_row(&mut self, board: &Board, notes: &mut &[u32]) {
        let given = (0..self.width)
            .filter(|&x| !self.came_down(board, x))
            .count();
        let old = Eller::take(notes, self.width as usize + 2 * given);
        let (lists, mut heads_sizes) = old.split_at(self.width as usize);
        for x in (0..self.width).rev() {
            if self.came_down(board, x) {
                continue;
            }
            let id = self.set[x as usize];
            let old = Eller::take(&mut heads_sizes, 2);
            (self.head[id as usize], self.size[id as usize]) = (old[0], old[1]);
            self.free.push(id);
            self.set[x as usize] = 0;
        }
        self.next_in_set.copy_from_slice(lists);
    }

    /// Takes back the move to a new row (after `start_row` is taken back): the finished row's
    /// sets come back, from the row below where they went down and as noted elsewhere. Each of
    /// its sets went down, so `start_row` reset all their heads and sizes: a set's list starts
    /// at the one column of it no other column points to.
    pub(super) fn undo_next_row(&mut self, board: &Board, notes: &mut &[u32]) {
        let stayed = (0..self.width)
            .filter(|&x| !self.came_down(board, x))
            .count();
        let mut stayed = Eller::take(notes, stayed).iter();
        std::mem::swap(&mut self.set, &mut self.below);
        self.row -= 1;
        let mut pointed_to = vec![false; self.width as usize];
        for x in 0..self.width as usize {
            if self.below[x] != 0 {
                self.set[x] = self.below[x];
            } else if let Some(&id) = stayed.next() {
                self.set[x] = id;
            }
            self.size[self.set[x] as usize] = 0;
            if self.next_in_set[x] != NONE {
                pointed_to[self.next_in_set[x] as usize] = true;
            }
        }
        for (x, &pointed_to) in pointed_to.iter().enumerate() {
            let id = self.set[x] as usize;
            self.size[id] += 1;
            if !pointed_to {
                self.head[id] = x as u32;
            }
        }
    }

    /// Takes back the merge of `absorbed` into `kept`: its cells lead the merged list, as
    /// many as it had, and the last of them points where `kept`'s list began.
    pub(super) fn undo_merge(&mut self, kept: u32, absorbed: u32) {
        let (kept, absorbed) = (kept as usize, absorbed as usize);
        let mut col = self.head[kept] as usize;
        for _ in 1..self.size[absorbed] {
            self.set[col] = absorbed as u32;
            col = self.next_in_set[col] as usize;
        }
        self.set[col] = absorbed as u32;
        self.head[kept] = self.next_in_set[col];
        self.next_in_set[col] = NONE;
        self.size[kept] -= self.size[absorbed];
        self.free.pop();
        self.merges -= 1;
    }
}
