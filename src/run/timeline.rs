//! The timeline: the run's length, checkpoints and snapshots to seek with, and going back
//! (steps taken back from the history, or a saved state restored and replayed).

use super::{Phase, Run, State, ENDS_SLICE};
use crate::board::Board;
use crate::machine::Machine;

/// A saved state: a checkpoint or a snapshot.
#[derive(Clone)]
pub(super) struct Saved {
    state: State,
    /// Kept only while it is the machine on show: once braiding or solving has begun, the
    /// generator is never stepped or shown again, and leaving it out halves a checkpoint.
    generator: Option<Box<dyn Machine>>,
}

/// The run's length and its checkpoints: `checkpoints[i]` is the state after
/// `(i + 1) * interval` steps (step 0 needs none: a fresh run is made for it). Back takes steps
/// back one by one while the history has them (see `history.rs`); further back, or after
/// steps taken with the journal off, going back means restoring a checkpoint and replaying.
///
/// A copy of the run (the shadow) lays the checkpoints down, a slice at a time if the caller
/// wishes ([`Run::lay_timeline`]); the checkpoints laid so far serve seeks already.
pub(super) struct Timeline {
    /// The run's length, once the shadow has reached its end.
    total: Option<u64>,
    interval: u64,
    checkpoints: Vec<Saved>,
    /// How many checkpoints fit the budget (0: none, every seek back replays from step 0).
    max: usize,
    /// The copy being run to the end, while the timeline is being laid.
    shadow: Option<Box<Run>>,
    /// A state a little before where the last long seek back went, for the next Back.
    recent: Option<Saved>,
}

/// How far before its target a long seek back keeps a snapshot (see `Timeline::recent`): the
/// next 4096 Backs each replay at most this many steps.
pub const RECENT_GAP: u64 = 4096;

/// How many steps before its target a replay turns the journal on, so that Back at the
/// target takes steps back instead of replaying again.
pub const HISTORY_REPLAY: u64 = 4096;

/// Most memory all checkpoints of one run may use, as estimated by `checkpoint_bytes`.
pub const CHECKPOINT_BUDGET: usize = 64 << 20;

/// How many checkpoints a run keeps at most when they fit [`CHECKPOINT_BUDGET`]: memory in
/// proportion to the maze, and a seek back replays at most about a 16th of the run.
pub const CHECKPOINTS: usize = 16;

/// A rough size of one checkpoint: the board's 6 bytes per cell (passages, marks, groups)
/// plus about 10 bytes per cell of machine state (visited flags, set arrays, queues).
pub(super) fn checkpoint_bytes(cells: usize) -> usize {
    cells * 16
}

/// The default checkpoint budget of a maze: [`CHECKPOINTS`] of them, within
/// [`CHECKPOINT_BUDGET`].
pub(super) fn default_checkpoint_budget(cells: usize) -> usize {
    (checkpoint_bytes(cells) * CHECKPOINTS).min(CHECKPOINT_BUDGET)
}

/// [`room_for`]'s refusal as a sentence.
pub(super) fn memory_refusal(cells: usize) -> crate::words::Sentence {
    let bytes = checkpoint_bytes(cells).saturating_mul(2);
    crate::words::Sentence::new("refusals.memory")
        .n("cells", cells as u64)
        .n("mb", (bytes >> 20) as u64)
}

/// Checks that memory can be had for a run of `cells` cells: twice the estimate of one state
/// (more than any run needs to be set up), asked for and given back at once. Where memory is
/// short (wasm32 has 4 GB, and many big runs may be alive) a new run is then refused with a
/// message instead of aborting when it first needs memory. A run made near the limit can
/// still run out later, when its solver sets up (A* at 4096 x 4096 takes about 130 MB more).
pub(super) fn room_for(cells: usize) -> Result<(), String> {
    let bytes = checkpoint_bytes(cells).saturating_mul(2);
    // In pieces the size of a run's largest vectors (four bytes a cell), since that is how a
    // run takes its memory: a free region left by a run freed before serves as well.
    let piece = cells.saturating_mul(4).max(1);
    let mut probe: Vec<Vec<u8>> = Vec::new();
    let pieces = bytes.div_ceil(piece);
    let held = probe.try_reserve_exact(pieces);
    let held = held.and_then(|()| {
        (0..pieces).try_for_each(|_| {
            let mut chunk: Vec<u8> = Vec::new();
            chunk.try_reserve_exact(piece)?;
            probe.push(chunk);
            Ok(())
        })
    });
    drop(probe);
    held.map_err(|_| memory_refusal(cells).english())
}

/// Most changes the history of steps that can be taken back keeps (16 bytes each), and
/// so most notes; a quarter of it is the most steps: 65 536, about 16 000 steps, at any size.
/// Enough for Back after a seek (which journals its last 4096 steps) and for holding Back
/// down; small enough to stay in the processor's cache. With a million, the history's writes
/// and the moves that forget its older half went to memory, and stepping with the journal on
/// took 1.4 to 3 times as long (`cargo bench --bench core`, "page ms").
pub(super) fn history_limit(_cells: usize) -> usize {
    1 << 16
}

impl Timeline {
    /// The last checkpoint at or before `step`, as its index and the step it holds; `None`
    /// before the first (step 0 needs none: a fresh run is made for it).
    fn checkpoint_before(&self, step: u64) -> Option<(usize, u64)> {
        let whole = (step / self.interval).min(self.checkpoints.len() as u64);
        let index = whole.checked_sub(1)?;
        Some((index as usize, whole * self.interval))
    }

    pub(super) fn empty() -> Timeline {
        Timeline {
            total: None,
            interval: 64,
            checkpoints: Vec::new(),
            max: 0,
            shadow: None,
            recent: None,
        }
    }
}

impl Run {
    /// Sets the memory the checkpoints may use (before the timeline is laid): less memory,
    /// slower seeks back. Tests use it to exercise thinning and the no-checkpoint case.
    pub fn set_checkpoint_budget(&mut self, bytes: usize) {
        self.checkpoint_budget = bytes;
    }

    /// Steps in the whole run. The first call lays the whole timeline (see
    /// [`Run::lay_timeline`]) at once; later calls are free.
    pub fn total_steps(&mut self) -> u64 {
        self.lay_timeline(u64::MAX);
        self.timeline.total.unwrap_or(self.now.steps)
    }

    /// Steps the last seek replayed after restoring a checkpoint or snapshot (0 when it only
    /// stepped on): what a seek back costs, for tests and benchmarks.
    pub fn last_replay(&self) -> u64 {
        self.last_replay
    }

    /// The run's length if the timeline is laid, else `None`.
    pub fn known_total(&self) -> Option<u64> {
        self.timeline.total
    }

    /// How far the timeline has been laid: steps the shadow copy has run.
    pub fn timeline_laid(&self) -> u64 {
        match (&self.timeline.total, &self.timeline.shadow) {
            (Some(total), _) => *total,
            (None, Some(shadow)) => shadow.now.steps,
            (None, None) => 0,
        }
    }

    /// Lays the timeline on by up to `n` steps: a copy of this run (the shadow) goes on
    /// towards its end with the journal off, keeping its state every `interval` steps. When the
    /// checkpoints outgrow the budget, every other one is dropped and the interval doubles, so
    /// memory stays bounded at any size. Returns the total once the end is reached.
    pub fn lay_timeline(&mut self, n: u64) -> Option<u64> {
        if self.timeline.total.is_some() {
            return self.timeline.total;
        }
        if self.timeline.shadow.is_none() {
            let Some(mut shadow) = self.fresh_copy() else {
                // The settings were checked when this run was made; unreachable in practice.
                self.timeline.total = Some(self.now.steps);
                return self.timeline.total;
            };
            shadow.now.board.set_journaling(false);
            // At the largest sizes not even one fits: then every seek back replays from step 0.
            let max = self.checkpoint_budget / checkpoint_bytes(self.cells()).max(1);
            self.timeline.max = max;
            // A run takes at least about one step a cell, so checkpoints closer than
            // cells / 2max would all be thinned out again: start the interval there, not at
            // 64, and save most of the copies (the same power-of-two multiples of 64 result).
            while max > 0 && self.timeline.interval * 2 * (max as u64) < self.cells() as u64 {
                self.timeline.interval *= 2;
            }
            self.timeline.shadow = Some(Box::new(shadow));
        }
        let timeline = &mut self.timeline;
        let shadow = timeline.shadow.as_deref_mut()?;
        let mut done = 0;
        while done < n {
            // The hardest ends a slice at a time, as the run's own steps take them.
            if !shadow.prepare_ends(ENDS_SLICE) {
                return None;
            }
            if shadow.step().is_none() {
                timeline.total = Some(shadow.now.steps);
                timeline.shadow = None;
                return timeline.total;
            }
            done += 1;
            if timeline.max > 0 && shadow.now.steps % timeline.interval == 0 {
                timeline.checkpoints.push(shadow.state());
                if timeline.checkpoints.len() > timeline.max {
                    // Keep the multiples of the doubled interval: entries 1, 3, 5, ….
                    let mut i = 0;
                    timeline.checkpoints.retain(|_| {
                        i += 1;
                        i % 2 == 0
                    });
                    timeline.interval *= 2;
                }
            }
        }
        None
    }

    fn cells(&self) -> usize {
        self.dirty.maze_cells()
    }

    /// The state at step 0, from a fresh run with the same settings.
    fn fresh_state(&self) -> Option<Saved> {
        let fresh = Run::copy_of(&self.settings)?;
        let mut saved = fresh.state_moved();
        saved.state.board.set_journaling(false);
        Some(saved)
    }

    /// Like [`Run::state`], moving the parts out instead of copying them.
    fn state_moved(self) -> Saved {
        Saved {
            state: self.now,
            generator: Some(self.generator),
        }
    }

    /// The run's state as a saved state keeps it (see [`Saved::generator`]).
    fn state(&self) -> Saved {
        Saved {
            state: self.now.snapshot(),
            generator: (self.now.braid.is_none() && self.now.solver.is_none())
                .then(|| self.generator.clone()),
        }
    }

    /// Puts a saved state in place; returns the board that was there.
    fn restore(&mut self, saved: Saved) -> Board {
        if let Some(generator) = saved.generator {
            self.generator = generator;
        }
        self.path_u32.clear();
        self.history.clear();
        std::mem::replace(&mut self.now, saved.state).board
    }

    /// Goes to exactly step `target` (clamped to the run's length), forward or back.
    /// Afterwards [`Run::dirty`] lists exactly the cells whose passages, marks or set label
    /// differ from before, or [`Run::all_dirty`] is set. Returns the step now at.
    pub fn seek(&mut self, target: u64) -> u64 {
        let total = self.total_steps();
        self.seek_within(target.min(total), u64::MAX)
    }

    /// [`Run::seek`] a slice at a time, without laying the timeline first: restores the
    /// nearest state at or before `target` that it has (a checkpoint laid so far, or step 0)
    /// and steps on from there by at most `limit` steps. Call it again with the same target
    /// until [`Run::steps`] reaches it or the run is done; each call leaves the run at an exact
    /// step, the same as a fresh run stepped that far. When the target is not reached in this
    /// call, [`Run::all_dirty`] is set.
    pub fn seek_within(&mut self, target: u64, limit: u64) -> u64 {
        let target = self
            .timeline
            .total
            .map_or(target, |total| target.min(total));
        // Near enough, take the steps back one by one. A machine that cannot take its steps
        // back leaves the rest to a restore and replay, and everything is redrawn.
        let mut partly_taken_back = false;
        if target < self.now.steps && self.now.steps - target <= self.undoable() {
            self.start_dirty();
            let at = self.now.steps;
            while self.now.steps > target && self.take_back() {}
            if self.now.steps == target {
                return self.now.steps;
            }
            partly_taken_back = self.now.steps < at;
        }
        let base = self
            .timeline
            .checkpoint_before(target)
            .map_or(0, |(_, at)| at);
        if target >= self.now.steps && base <= self.now.steps {
            // The hardest ends, when measured ahead, a slice a call.
            if target > self.now.steps && !self.prepare_ends(ENDS_SLICE) {
                return self.now.steps;
            }
            // A seek back cut into slices goes on here: take its snapshot on the way.
            if let Some(at) = self
                .snapshot_at
                .filter(|&at| self.now.steps < at && at <= target)
            {
                let done = self.advance_quietly((at - self.now.steps).min(limit));
                if self.now.steps == at {
                    self.timeline.recent = Some(self.state());
                    self.snapshot_at = None;
                }
                self.last_replay = done;
                return self.now.steps;
            }
            // Nothing to restore: stepping on from here is the shortest way. A short stretch
            // is journaled for an exact dirty list; a long one runs quietly.
            let to_go = target - self.now.steps;
            let ahead = to_go.min(limit);
            self.last_replay = 0;
            if ahead <= self.cells() as u64 && ahead == to_go {
                self.advance(ahead);
            } else {
                // Quietly, but the last stretch before the target with the journal on, so
                // that Back there can take steps back.
                let journaled = to_go.min(HISTORY_REPLAY);
                let quiet = ahead.min(to_go - journaled);
                let done = self.advance_quietly(quiet);
                if done == to_go - journaled {
                    self.advance(ahead - done);
                }
                self.everything_dirty();
            }
            return self.now.steps;
        }
        // The nearest state at or before the target: the copy `prepare_back` is running, the
        // snapshot a recent seek back left, a checkpoint, or step 0's.
        let going_back = target < self.now.steps;
        let saved = self
            .saved_state_if_any(target)
            .map_or(0, |saved| saved.state.steps);
        let old = match self.back_shadow.take() {
            Some(copy) if copy.now.steps <= target && copy.now.steps > saved => self.adopt(*copy),
            _ => {
                let Some(state) = self.saved_state_before(target) else {
                    return self.now.steps;
                };
                self.restore(state)
            }
        };
        // A copy that was journaling, far from the target: replay quietly (it forgets its
        // history, which is behind the target anyway).
        if self.now.board.is_journaling() && target - self.now.steps > HISTORY_REPLAY {
            self.now.board.set_journaling(false);
        }
        // Going back far, keep a snapshot a little before the target on the way: Back pressed
        // again (and again) then replays at most RECENT_GAP steps instead of a whole interval.
        // Only where checkpoints fit at all: it costs one more of them.
        self.snapshot_at = (going_back && self.snapshots_fit())
            .then(|| target.saturating_sub(RECENT_GAP))
            .filter(|&at| at > self.now.steps);
        // Replay with the journal off (the same `step`, so the same result), but for the last
        // stretch before the target: Back there can then take steps back one by one.
        let mut done = 0;
        while self.now.steps < target && done < limit {
            if !self.now.board.is_journaling() && target - self.now.steps <= HISTORY_REPLAY {
                self.now.board.set_journaling(true);
            }
            if !self.prepare_ends(ENDS_SLICE) {
                break;
            }
            if self.step().is_none() {
                break;
            }
            done += 1;
            if Some(self.now.steps) == self.snapshot_at {
                self.timeline.recent = Some(self.state());
                self.snapshot_at = None;
            }
        }
        self.last_replay = done;
        self.now.board.set_journaling(true);
        if (self.now.steps == target || self.is_done()) && !partly_taken_back {
            self.dirty_since(&old);
        } else {
            self.everything_dirty();
        }
        self.now.steps
    }

    /// Gets Back ready ahead of time, at most `limit` steps of work a call, without changing
    /// anything on show: when the run has no steps to take back (it got here quietly, as
    /// `finish` or End does), a copy of it replays from the nearest saved state to this very
    /// step with the journal on for the last [`HISTORY_REPLAY`] steps, and the run then takes
    /// the copy's state, the same state with steps to take back. Returns true once Back is
    /// ready (or at step 0). While the timeline is being laid it waits (returns false without
    /// working): two copies of a big run at once would be too much memory.
    pub fn prepare_back(&mut self, limit: u64) -> bool {
        let at = self.now.steps;
        if self.undoable() > 0 || at == 0 {
            self.back_shadow = None;
            return true;
        }
        if self.timeline.shadow.is_some() {
            return false;
        }
        if self
            .back_shadow
            .as_ref()
            .is_some_and(|shadow| shadow.now.steps > at)
        {
            self.back_shadow = None;
        }
        if self.back_shadow.is_none() {
            let Some(mut shadow) = self.fresh_copy() else {
                return true;
            };
            if let Some(state) = self.saved_state_if_any(at) {
                shadow.restore(state);
            }
            shadow.now.board.set_journaling(false);
            self.back_shadow = Some(Box::new(shadow));
        }
        let Some(shadow) = self.back_shadow.as_deref_mut() else {
            return true;
        };
        let mut done = 0;
        while shadow.now.steps < at && done < limit {
            if !shadow.now.board.is_journaling() && at - shadow.now.steps <= HISTORY_REPLAY {
                shadow.now.board.set_journaling(true);
            }
            if !shadow.prepare_ends(ENDS_SLICE) {
                return false;
            }
            if shadow.step().is_none() {
                break;
            }
            done += 1;
        }
        if shadow.now.steps < at && !shadow.is_done() {
            return false;
        }
        if let Some(shadow) = self.back_shadow.take() {
            if shadow.now.steps == at {
                self.adopt(*shadow);
            }
        }
        true
    }

    /// Takes the state of `copy`, a copy of this run (at the same step, so that nothing on
    /// show changes, or at an earlier one to replay from, as a restored state), with its
    /// history of steps to take back; returns the board that was there.
    fn adopt(&mut self, copy: Run) -> Board {
        let old = std::mem::replace(&mut self.now, copy.now).board;
        self.now.board.set_journaling(true);
        self.generator = copy.generator;
        self.history = copy.history;
        self.path_u32.clear();
        old
    }

    /// Whether one more saved state fits the checkpoint budget: not on the largest mazes,
    /// where one state is as big as the whole run.
    fn snapshots_fit(&self) -> bool {
        self.checkpoint_budget >= checkpoint_bytes(self.cells())
    }

    /// A copy of the nearest saved state at or before `step` (the recent snapshot or a
    /// checkpoint), or `None` if step 0 is the nearest.
    fn saved_state_if_any(&self, step: u64) -> Option<Saved> {
        let timeline = &self.timeline;
        let checkpoint = timeline.checkpoint_before(step);
        let base = checkpoint.map_or(0, |(_, at)| at);
        let recent = timeline
            .recent
            .as_ref()
            .filter(|saved| saved.state.steps <= step && saved.state.steps > base);
        match (recent, checkpoint) {
            (Some(state), _) => Some(state.clone()),
            (None, Some((index, _))) => Some(timeline.checkpoints[index].clone()),
            (None, None) => None,
        }
    }

    /// A copy of the nearest saved state at or before `step`: the recent snapshot, a
    /// checkpoint, or step 0's.
    fn saved_state_before(&self, step: u64) -> Option<Saved> {
        self.saved_state_if_any(step).or_else(|| self.fresh_state())
    }

    /// Goes back one step: takes it back ([`Run::undo`]) when it can, else restores the nearest
    /// saved state and replays. Returns false (and changes nothing) at step 0.
    pub fn back(&mut self) -> bool {
        if self.now.steps == 0 {
            return false;
        }
        self.start_dirty();
        if !self.take_back() {
            self.seek(self.now.steps - 1);
        }
        true
    }

    /// Steps that can be taken back one by one without replaying (see [`Run::back`]).
    pub fn undoable(&self) -> u64 {
        if self.history.epoch_matches(&self.now.board) {
            self.history.len() as u64
        } else {
            0
        }
    }

    /// Takes the last step back without replaying, as [`Run::back`] does when it can; the
    /// dirty list is then the cells it changed. Returns false, changing nothing, when it
    /// cannot: at step 0, after steps taken with the journal off, or past the history.
    pub fn undo(&mut self) -> bool {
        self.history.check(&self.now.board);
        if self.history.len() == 0 {
            return false;
        }
        self.start_dirty();
        self.take_back()
    }

    /// Forgets the steps that could be taken back, as steps taken with the journal off do:
    /// for tests and benchmarks of going back by replaying.
    #[doc(hidden)]
    pub fn forget_history(&mut self) {
        self.history.clear();
        self.now.board.clear_journal();
    }

    /// Everything a step can change, as text: for tests that hold a step taken back to the
    /// state before it, field for field.
    #[doc(hidden)]
    #[cfg(not(target_arch = "wasm32"))]
    pub fn fingerprint(&self) -> String {
        format!(
            "{:?}\n{:?}\n{:?}\n{:?} {:?} {} {:?} {:?} {:?}\ngenerator {:?}\nbraid {:?}\nsolver {:?}\nplayer {:?}",
            self.now.board.maze().cells(),
            self.now.board.marks(),
            self.now.board.groups(),
            self.now.rng,
            self.now.phase,
            self.now.steps,
            self.now.phase_steps,
            self.now.last,
            self.now.last_phase,
            // Once braiding or solving has begun the generator is never stepped or shown
            // again, and a restored state leaves it as it was (see `Saved::generator`).
            (self.now.braid.is_none() && self.now.solver.is_none()).then_some(&self.generator),
            self.now.braid,
            self.now.solver,
            self.now.player,
        )
    }

    /// Empties the dirty list, for steps taken back to add their cells to.
    fn start_dirty(&mut self) {
        self.dirty.clear();
        self.last_replay = 0;
        self.now.board.take_display_cleared();
    }

    /// Takes the last step back from the history, adding the cells it changed to the dirty
    /// list. Returns false, changing nothing, when the history is empty or the machine that
    /// took the step cannot take it back.
    fn take_back(&mut self) -> bool {
        self.history.check(&self.now.board);
        let (Some(before), Some(step)) = (self.history.last(), self.now.last) else {
            return false;
        };
        let stepper = self.now.last_phase;
        // A step that began a phase made the phase's machine: dropping it takes the step back.
        let began_phase = before.phase != stepper;
        if !began_phase {
            let notes = &self.now.board.notes()[before.notes.min(self.now.board.notes().len())..];
            let board = &self.now.board;
            let undone = match stepper {
                Phase::Generating => self.generator.undo(&step, notes, board),
                Phase::Braiding => self
                    .now
                    .braid
                    .as_mut()
                    .is_some_and(|m| m.undo(&step, notes, board)),
                Phase::Solving => self
                    .now
                    .solver
                    .as_mut()
                    .is_some_and(|m| m.undo(&step, notes, board)),
                Phase::Walking => self
                    .now
                    .player
                    .as_mut()
                    .is_some_and(|m| m.undo(&step, notes, board)),
                Phase::Done => false,
            };
            if !undone {
                return false;
            }
        }
        let Some(before) = self.history.pop() else {
            return false;
        };
        let dirty = &mut self.dirty;
        self.now
            .board
            .take_back(before.changes, before.notes, |cell| dirty.add(cell));
        if began_phase {
            // Drop the machines made since `before.phase`, latest first.
            for phase in [Phase::Walking, Phase::Solving, Phase::Braiding] {
                if phase as usize > before.phase as usize && phase as usize <= stepper as usize {
                    match phase {
                        Phase::Walking => self.now.player = None,
                        Phase::Solving => self.now.solver = None,
                        _ => self.now.braid = None,
                    }
                }
            }
        }
        self.now.rng = before.rng;
        self.now.phase = before.phase;
        self.now.last = before.last;
        self.now.last_phase = before.last_phase;
        self.now.steps -= 1;
        self.now.phase_steps[stepper as usize] -= 1;
        self.path_u32.clear();
        if self.now.board.take_display_cleared() {
            self.everything_dirty();
        }
        true
    }

    /// Makes the dirty list the cells whose bytes differ between `old` and the board now.
    fn dirty_since(&mut self, old: &Board) {
        self.now.board.take_display_cleared();
        self.dirty.set_differences(old, &self.now.board);
    }
}
