//! The phases of a run, one after another: generate, braid, solve, walk.

use super::{Ends, Run};
use crate::generators::Braid;
use crate::machine::Machine;
use crate::player::Player;
use crate::solvers::Outcome;
use crate::world::{Edits, BLOCKED, PLAIN};

/// Where in the timeline a run is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    Generating = 0,
    Braiding = 1,
    Solving = 2,
    Walking = 3,
    Done = 4,
}

impl Phase {
    /// Every phase, in timeline order.
    pub const ALL: [Phase; 5] = [
        Phase::Generating,
        Phase::Braiding,
        Phase::Solving,
        Phase::Walking,
        Phase::Done,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Generating => "generating",
            Phase::Braiding => "braiding",
            Phase::Solving => "solving",
            Phase::Walking => "walking",
            Phase::Done => "done",
        }
    }
}

/// The most cells of the hardest ends' sweeps a bounded call does before it returns (about
/// 20 to 60 ms in the browser).
pub const ENDS_SLICE: usize = 1 << 18;

impl Run {
    /// Says "done" as soon as the last step of the last phase has been taken, rather than on
    /// the next call, so the page's status reads "done" right after the final step.
    pub(super) fn end_if_nothing_follows(&mut self) {
        let last_phase = match self.now.phase {
            Phase::Generating => {
                self.solver_entry.is_none()
                    && self.settings.braid <= 0.0
                    && self.generator.is_done()
            }
            Phase::Braiding => {
                self.solver_entry.is_none() && self.now.braid.as_ref().is_some_and(|b| b.is_done())
            }
            Phase::Solving => self
                .now
                .solver
                .as_ref()
                .is_some_and(|s| s.is_done() && !matches!(s.outcome(), Some(Outcome::Found(_)))),
            Phase::Walking => self.now.player.as_ref().is_some_and(|p| p.is_done()),
            Phase::Done => false,
        };
        if last_phase {
            self.now.phase = Phase::Done;
        }
    }

    /// Applies the settings' edits to the generated maze and frees the start and goal if
    /// they ended up blocked (an open world's obstacles may fall on them): the world the
    /// search sees. Journaled with the search's first step, like the clearing before it.
    pub(super) fn enter_world(&mut self) {
        self.keep_generated();
        let board = &mut self.now.board;
        if let Some(edits) = &self.settings.edits {
            edits.apply(board);
        }
        let ends = [self.start, self.goal].into_iter();
        for end in ends
            .chain(self.other_goals.iter().copied())
            .chain(self.via.iter().copied())
        {
            if board.maze().cost(end) == BLOCKED {
                let mut free = Edits::new();
                free.paint(end as u32, PLAIN);
                free.apply(board);
            }
        }
    }

    /// Measures the hardest ends the search about to begin takes, by at most about `limit`
    /// cells of work, going on from where the last call stopped (the sweeps are kept in the
    /// run); `None` while unfinished. The ends as they are when the preset is not `hardest`.
    #[inline(never)]
    pub(super) fn hardest_ends(&mut self, limit: usize) -> Option<(usize, usize)> {
        let maze = self.now.board.maze();
        let checked = (self.start, self.goal);
        let Some(asked) = self.settings.hardest_ends(maze, checked) else {
            return Some(checked);
        };
        let mut search = match self.hardest.take() {
            Some(kept) if kept.asks_as(&asked) => kept,
            _ => asked,
        };
        let ends = search.work(maze, limit);
        self.hardest = Some(search);
        ends
    }

    /// Gets the next step ready by at most about `limit` cells of work, when it is the one
    /// that begins the search on the hardest ends (two sweeps of the whole maze: seconds at
    /// 4096²); true once it is ready (at once for every other step). Not a step: the steps,
    /// and where the ends go, are the same whether or not this is called first. Front ends
    /// call it before each slice of steps, so no slice holds the whole measuring.
    #[inline(never)]
    pub fn prepare_ends(&mut self, limit: usize) -> bool {
        if self.settings.ends != Ends::Hardest
            || self.hardest.as_ref().is_some_and(|h| h.ends().is_some())
            || !self.search_begins_next()
        {
            return true;
        }
        self.hardest_ends(limit).is_some()
    }

    /// [`Run::prepare_ends`], and from now on [`Run::advance`], [`Run::advance_quietly`] and
    /// the seeks stop before the search's first step until the hardest ends are measured
    /// (returning fewer steps than asked, the run not done): a page calls this before each
    /// slice of steps, so that no slice holds the whole measuring.
    pub fn measure_ends_ahead(&mut self, limit: usize) -> bool {
        self.ends_ahead = true;
        self.prepare_ends(limit)
    }

    /// Whether the next step waits for the hardest ends to be measured ahead.
    pub(super) fn waits_for_ends(&self) -> bool {
        self.ends_ahead
            && self.settings.ends == Ends::Hardest
            && !self.hardest.as_ref().is_some_and(|h| h.ends().is_some())
            && self.search_begins_next()
    }

    /// Whether the next step is the search's first: generation (and braiding) is over.
    fn search_begins_next(&self) -> bool {
        self.solver_entry.is_some()
            && match self.now.phase {
                Phase::Generating => self.settings.braid <= 0.0 && self.generator.is_done(),
                Phase::Braiding => self.now.braid.as_ref().is_some_and(|b| b.is_done()),
                _ => false,
            }
    }

    pub(super) fn next_phase(&mut self) {
        self.now.phase = match self.now.phase {
            Phase::Generating if self.settings.braid > 0.0 => {
                // Braiding shows its own marks on a clean display.
                self.now.board.clear_display();
                self.now.braid = Some(Braid::new(self.now.board.maze(), self.settings.braid));
                Phase::Braiding
            }
            Phase::Generating | Phase::Braiding => match self.solver_entry {
                Some(entry) => {
                    // The generator's marks mean nothing to the search: start it on a clean
                    // display (the clearing is journaled with the solver's first step).
                    self.now.board.clear_display();
                    // The hardest ends are known only now, on the maze made.
                    (self.start, self.goal) = self.hardest_ends(usize::MAX).unwrap_or_default();
                    self.enter_world();
                    self.now.solver = Some(self.make_search(entry));
                    Phase::Solving
                }
                None => Phase::Done,
            },
            Phase::Solving => match self.now.solver.as_ref().and_then(|s| s.outcome()) {
                Some(Outcome::Found(path)) => {
                    self.now.player = Some(Player::new(path.clone()));
                    Phase::Walking
                }
                _ => Phase::Done,
            },
            Phase::Walking | Phase::Done => Phase::Done,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Settings;

    /// Measured ahead in slices or in the step itself, the hardest ends are the same, and so
    /// is every step after them; braided too, with an end given, and through a seek back.
    #[test]
    fn ends_measured_ahead_are_the_ends_the_step_measures() {
        for (braid, start) in [(0.0, None), (0.5, None), (0.0, Some((3, 2)))] {
            let mut settings = Settings::new("kruskal", 30, 20, 5).with_solver("bfs");
            settings.ends = Ends::Hardest;
            settings.braid = braid;
            settings.start = start;
            let mut at_once = Run::new(settings.clone()).unwrap();
            at_once.finish();

            let mut ahead = Run::new(settings).unwrap();
            assert!(
                ahead.measure_ends_ahead(1),
                "nothing to measure before generation ends"
            );
            // Measured ahead: a bounded call stops before the search's first step.
            ahead.advance_quietly(u64::MAX / 2);
            assert!(ahead.search_begins_next() && !ahead.is_done());
            assert_eq!(ahead.advance(5), 0);
            let mut calls = 1;
            while !ahead.measure_ends_ahead(50) {
                calls += 1;
            }
            assert!(calls >= 600 / 50, "measured in slices: {calls} calls");
            assert!(ahead.prepare_ends(1));
            assert_eq!(ahead.advance(1), 1);
            ahead.finish();
            assert_eq!(
                (ahead.start, ahead.goal),
                (at_once.start, at_once.goal),
                "braid {braid}"
            );
            assert_ne!((ahead.start, ahead.goal), (0, 599), "not the corners");
            assert_eq!(ahead.steps(), at_once.steps());
            assert_eq!(ahead.path_u32().to_vec(), at_once.path_u32().to_vec());
            let end = ahead.steps();
            ahead.seek(3);
            ahead.seek(end);
            assert_eq!(ahead.board().marks(), at_once.board().marks());
            assert_eq!((ahead.start, ahead.goal), (at_once.start, at_once.goal));
        }
    }
}
