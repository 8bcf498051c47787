//! The phases of a run, one after another: generate, braid, solve, walk.

use super::Run;
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
                    (self.start, self.goal) = self
                        .settings
                        .ends_on(self.now.board.maze(), (self.start, self.goal));
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
