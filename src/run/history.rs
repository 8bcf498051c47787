//! The last steps a run took with the journal on, so Back can take them back one by one
//! instead of restoring a saved state and replaying: at 4096×4096 that replay is seconds, a
//! step taken back is microseconds.
//!
//! A step's record is in three places: what it changed on the board (the board's journal),
//! what its machine noted about its own bookkeeping ([`Board::note`]), and what the run was
//! before it ([`Before`]: the random numbers, the phase, the step before). The history keeps
//! where each step's changes and notes begin, and forgets its oldest half whenever the journal
//! passes its limit, so memory stays bounded however long the run goes on.

use super::Phase;
use crate::board::Board;
use crate::machine::Step;
use crate::rng::Rng;

/// What the run was just before one step, and where that step's changes and notes begin in
/// the board's journal.
#[derive(Clone, Debug)]
pub(crate) struct Before {
    pub changes: usize,
    pub notes: usize,
    pub rng: Rng,
    pub phase: Phase,
    pub last: Option<Step>,
    pub last_phase: Phase,
}

/// The steps that can be taken back, oldest first.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    steps: Vec<Before>,
    /// Most changes (and most notes) kept; a quarter of it is the most steps kept.
    limit: usize,
    /// Changes forgotten from the front of the journal so far: lets a batch tell whether the
    /// changes it made are all still there (see [`History::changes_forgotten`]).
    forgotten: usize,
    /// Whether a step overflowed the board's journal since the owner last asked.
    overflowed: bool,
    /// The board's journal epoch the steps' positions are in: once the journal has been
    /// emptied (steps taken quietly, a saved state restored), they are forgotten.
    epoch: u64,
}

impl History {
    pub fn new(limit: usize) -> History {
        History {
            limit: limit.max(4),
            ..History::default()
        }
    }

    /// Steps that can be taken back.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Forgets every step (the journal is the board's to clear).
    pub fn clear(&mut self) {
        self.steps.clear();
    }

    /// Changes forgotten from the front of the journal since the history was made.
    pub fn changes_forgotten(&self) -> usize {
        self.forgotten
    }

    /// Whether a step overflowed the journal since the last call; resets the flag.
    pub fn take_overflowed(&mut self) -> bool {
        std::mem::take(&mut self.overflowed)
    }

    /// What to remember before a step: `None` when the board is not journaling, which also
    /// ends the history (a step without a record cannot be taken back, nor any before it).
    pub fn before_step(
        &mut self,
        board: &Board,
        rng: &Rng,
        phase: Phase,
        last: Option<Step>,
        last_phase: Phase,
    ) -> Option<Before> {
        self.check(board);
        if !board.is_journaling() {
            self.steps.clear();
            return None;
        }
        Some(Before {
            changes: board.journal_len(),
            notes: board.notes().len(),
            rng: rng.clone(),
            phase,
            last,
            last_phase,
        })
    }

    /// Keeps the record of the step just taken. A step that overflowed the journal cannot be
    /// taken back: the history starts over after it.
    pub fn push(&mut self, before: Before, board: &mut Board) {
        if board.overflowed() {
            self.steps.clear();
            self.overflowed = true;
            board.set_journaling(true);
            self.epoch = board.journal_epoch();
            return;
        }
        self.steps.push(before);
        if board.journal_len() > self.limit
            || board.notes().len() > self.limit
            || self.steps.len() > self.limit / 4
        {
            self.forget_oldest_half(board);
        }
    }

    /// Forgets the older half of the steps and their changes and notes: a memmove of at most
    /// the limit, once every half limit of changes, so a constant cost per change.
    fn forget_oldest_half(&mut self, board: &mut Board) {
        let keep_from = (self.steps.len() / 2).max(1);
        let (changes, notes) = match self.steps.get(keep_from) {
            Some(first_kept) => (first_kept.changes, first_kept.notes),
            None => (board.journal_len(), board.notes().len()),
        };
        board.forget_oldest(changes, notes);
        self.steps.drain(..keep_from);
        for step in &mut self.steps {
            step.changes -= changes;
            step.notes -= notes;
        }
        self.forgotten += changes;
    }

    /// Whether the steps' positions are still good for `board`'s journal.
    pub fn epoch_matches(&self, board: &Board) -> bool {
        self.epoch == board.journal_epoch()
    }

    /// Forgets every step if the board's journal was emptied since they were recorded.
    pub fn check(&mut self, board: &Board) {
        if self.epoch != board.journal_epoch() {
            self.steps.clear();
            self.epoch = board.journal_epoch();
        }
    }

    /// The record of the newest step, to take it back.
    pub fn last(&self) -> Option<&Before> {
        self.steps.last()
    }

    /// Forgets the newest step once it has been taken back.
    pub fn pop(&mut self) -> Option<Before> {
        self.steps.pop()
    }
}
