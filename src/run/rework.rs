//! Live re-solving: a learner edits the world of a run that has been generated, and the
//! search runs again at once on the edited maze, without generating it again.
//!
//! When the search begins, the run keeps the maze as generation (and braiding) left it,
//! before any edits ([`Generated`]); [`Run::rework`] starts the search phase again from that
//! maze with new edits, start and goal, and runs it to the end quietly. The run's settings
//! then say the same (edits, start, goal), so Back, the timeline, a race and a link rebuild
//! the same world from them.

use super::history::History;
use super::{history_limit, Phase, Run, RunError, State, Timeline};
use crate::board::Board;
use crate::maze::Maze;
use crate::rng::Rng;
use crate::world::Edits;
use std::sync::Arc;

/// The largest maze a run keeps its generated maze for (a byte or two a cell): bigger runs
/// cannot be reworked, and a front end makes a new run from the settings instead.
pub const REWORK_CELLS: usize = 1 << 20;

/// The maze and the run's counters as they were when the search began, before the edits.
#[derive(Clone)]
pub(super) struct Generated {
    maze: Maze,
    rng: Rng,
    steps: u64,
    phase_steps: [u64; 4],
}

impl Run {
    /// Keeps the maze as generation left it (called when the search begins), on mazes up to
    /// [`REWORK_CELLS`] cells.
    pub(super) fn keep_generated(&mut self) {
        if self.now.board.maze().len() > REWORK_CELLS {
            return;
        }
        self.generated = Some(Box::new(Generated {
            maze: self.now.board.maze().clone(),
            rng: self.now.rng.clone(),
            steps: self.now.steps,
            phase_steps: self.now.phase_steps,
        }));
    }

    /// Whether [`Run::rework`] can be called: the search has begun on a maze small enough.
    pub fn can_rework(&self) -> bool {
        self.solver_entry.is_some()
            && (self.generated.is_some()
                || (self.search_has_begun() && self.now.board.maze().len() <= REWORK_CELLS))
    }

    fn search_has_begun(&self) -> bool {
        matches!(
            self.now.phase,
            Phase::Solving | Phase::Walking | Phase::Done
        ) && self.now.solver.is_some()
    }

    /// A run that reached the search by restoring a saved state (a seek, Back) never kept the
    /// generated maze itself: a copy of it runs to the end quietly and hands its copy over.
    fn recall_generated(&mut self) {
        if self.generated.is_some() || !self.can_rework() {
            return;
        }
        if let Some(mut copy) = self.fresh_copy() {
            copy.finish();
            self.generated = copy.generated.take();
        }
    }

    /// Searches again on the generated maze with these edits (none: the maze as generated),
    /// start and goal, to the end of the run, quietly: the run ends where a run made from the
    /// new settings ends, and its settings say so. A cell given replaces a gap in the outer
    /// wall on that end; `None` keeps the end's gap if it has one, else leaves the end to the
    /// preset (the corner, the hardest pair's end or the random one, as a new run places
    /// them). Returns the steps the search and the walk took. Afterwards everything is dirty.
    ///
    /// Fails, leaving the run as it was, before the search has begun, without a solver, on
    /// mazes over [`REWORK_CELLS`] cells, and when the edits or ends do not fit the maze.
    pub fn rework(
        &mut self,
        edits: Option<Arc<Edits>>,
        start: Option<(u32, u32)>,
        goal: Option<(u32, u32)>,
    ) -> Result<u64, RunError> {
        let goals = (goal, self.settings.other_goals.clone());
        let via = self.settings.via.clone();
        self.rework_stops(edits, start, goals, via)
    }

    /// [`Run::rework`] with new goals (the first, `None` for its corner, and the others) and
    /// waypoints too: placing them in edit mode searches again as moving the start does.
    pub fn rework_stops(
        &mut self,
        edits: Option<Arc<Edits>>,
        start: Option<(u32, u32)>,
        (goal, other_goals): super::GoalList,
        via: Vec<(u32, u32)>,
    ) -> Result<u64, RunError> {
        let entry = self.solver_entry.ok_or_else(|| {
            RunError::Rework("there is no solver to search the edited maze: choose one".into())
        })?;
        self.recall_generated();
        let generated = self.generated.as_deref().ok_or_else(|| {
            RunError::Rework(format!(
                "the maze can be searched again only once generation is over, on mazes of up \
                 to {REWORK_CELLS} cells"
            ))
        })?;
        let mut settings = self.settings.clone();
        settings.edits = edits.filter(|e| !e.is_empty());
        settings.start = start;
        settings.goal = goal;
        // A cell given is the end now, not the gap that was there.
        settings.start_exit = settings.start_exit.filter(|_| start.is_none());
        settings.goal_exit = settings.goal_exit.filter(|_| goal.is_none());
        settings.other_goals = other_goals;
        settings.via = via;
        let maze = &generated.maze;
        settings.check_world(maze)?;
        let (start, goal) = settings.end_cells(maze)?;
        let (other_goals, via) = settings.stops(maze, Some(entry))?;

        let cells = maze.len();
        let mut board = Board::new(maze.clone());
        board.set_journal_limit(2 * history_limit(cells));
        board.set_journaling(true);
        self.now = State {
            board,
            rng: generated.rng.clone(),
            phase: Phase::Solving,
            braid: None,
            solver: None,
            player: None,
            steps: generated.steps,
            phase_steps: generated.phase_steps,
            last: None,
            last_phase: Phase::Solving,
        };
        self.settings = settings;
        self.start = start;
        self.goal = goal;
        self.other_goals = other_goals;
        self.via = via;
        self.exits = self.settings.exits();
        // The hardest ends on the maze as generated (the edits come after), as a new run's
        // search places them.
        self.hardest = None;
        (self.start, self.goal) = self.hardest_ends(usize::MAX).unwrap_or((start, goal));
        // Whatever was laid or kept for the old world is of no use in the new one.
        self.timeline = Timeline::empty();
        self.history = History::new(history_limit(cells));
        self.back_shadow = None;
        self.meter = None;
        self.snapshot_at = None;
        self.last_replay = 0;
        self.path_u32.clear();
        self.enter_world();
        self.now.solver = Some(self.make_search(entry));
        Ok(self.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Settings;

    fn settings() -> Settings {
        Settings::new("recursive-backtracker", 12, 9, 7).with_solver("dijkstra")
    }

    #[test]
    fn rework_ends_where_a_new_run_with_the_same_settings_ends() {
        let mut run = Run::new(settings()).unwrap();
        assert!(
            run.rework(None, None, None).is_err(),
            "not before the search"
        );
        run.finish();
        let mut edits = Edits::new();
        for cell in 20..40 {
            edits.paint(cell, 8);
        }
        edits.paint(50, crate::world::BLOCKED);
        edits.set_wall(0, 1, true);
        let edits = Arc::new(edits);
        run.rework(Some(edits.clone()), Some((1, 1)), Some((10, 7)))
            .unwrap();

        let mut again = settings().with_edits((*edits).clone());
        again.start = Some((1, 1));
        again.goal = Some((10, 7));
        let mut fresh = Run::new(again).unwrap();
        fresh.finish();
        assert_eq!(run.settings(), fresh.settings());
        assert_eq!(run.steps(), fresh.steps());
        assert_eq!(run.maze().cells(), fresh.maze().cells());
        assert_eq!(run.maze().terrain(), fresh.maze().terrain());
        assert_eq!(run.board().marks(), fresh.board().marks());
        assert_eq!(run.path_u32().to_vec(), fresh.path_u32().to_vec());
        assert!(run.is_done());

        // Back and a seek rebuild the same world from the new settings.
        let end = run.steps();
        run.seek(end - 3);
        fresh.seek(end - 3);
        assert_eq!(run.board().marks(), fresh.board().marks());

        // A run that got to its end through a checkpoint (it never entered the search itself)
        // can be reworked too.
        let mut seeker = Run::new(settings()).unwrap();
        let total = seeker.total_steps();
        seeker.seek(total);
        assert!(seeker.is_done());
        assert!(seeker.can_rework());
        fresh.seek(end);
        seeker
            .rework(Some(edits.clone()), Some((1, 1)), Some((10, 7)))
            .unwrap();
        assert_eq!(seeker.board().marks(), fresh.board().marks());
        assert_eq!(seeker.maze().terrain(), fresh.maze().terrain());

        // Bad edits are refused and leave the run as it was.
        let mut bad = Edits::new();
        bad.paint(10_000, 2);
        assert!(run.rework(Some(Arc::new(bad)), None, None).is_err());
        assert_eq!(run.settings(), fresh.settings());
    }

    /// With the ends to a preset, a rework places them as a new run with the same settings
    /// does: the hardest pair measured on the maze as generated (not the corners), a random
    /// pair from the seed; a cell given keeps it and the other end comes from the preset; a
    /// cell given replaces the gap in the outer wall on that end, and `None` keeps a gap.
    #[test]
    fn rework_places_the_presets_ends_as_a_new_run_does() {
        use crate::run::{Ends, WallExit};
        let mut edits = Edits::new();
        edits.paint(40, 5);
        let edits = Arc::new(edits);
        let west = WallExit::parse("start", "exit:west").unwrap();
        type Case = (
            Ends,
            Option<WallExit>,
            Option<(u32, u32)>,
            Option<(u32, u32)>,
        );
        let cases: [Case; 7] = [
            (Ends::Hardest, None, None, None),
            (Ends::Hardest, None, Some((2, 3)), None),
            (Ends::Hardest, None, None, Some((5, 5))),
            (Ends::Random, None, None, None),
            (Ends::Random, None, Some((2, 3)), None),
            (Ends::Hardest, Some(west), Some((2, 3)), None),
            (Ends::Corners, Some(west), None, Some((5, 5))),
        ];
        for braid in [0.0, 0.4] {
            for (ends, start_exit, start, goal) in cases {
                let mut before = settings().with_braid(braid);
                before.ends = ends;
                before.start_exit = start_exit;
                let mut run = Run::new(before.clone()).unwrap();
                run.finish();
                run.rework(Some(edits.clone()), start, goal).unwrap();

                let mut again = before.with_edits((*edits).clone());
                again.start = start;
                again.goal = goal;
                again.start_exit = start_exit.filter(|_| start.is_none());
                let mut fresh = Run::new(again).unwrap();
                fresh.finish();
                let case = format!(
                    "{ends:?} exit {start_exit:?} start {start:?} goal {goal:?} braid {braid}"
                );
                assert_eq!(run.settings(), fresh.settings(), "{case}");
                assert_eq!((run.start, run.goal), (fresh.start, fresh.goal), "{case}");
                assert_eq!(run.exits(), fresh.exits(), "{case}");
                assert_eq!(run.steps(), fresh.steps(), "{case}");
                assert_eq!(run.board().marks(), fresh.board().marks(), "{case}");
                assert_eq!(run.path_u32().to_vec(), fresh.path_u32().to_vec(), "{case}");
                if let Some(at) = start {
                    assert_eq!(
                        run.start,
                        (at.1 * 12 + at.0) as usize,
                        "{case}: the cell given"
                    );
                }
                if ends == Ends::Hardest && start.is_none() && goal.is_none() {
                    assert_ne!(
                        (run.start, run.goal),
                        (0, 12 * 9 - 1),
                        "{case}: not the corners"
                    );
                }
                // Back to step 0 and forward again: the same ends.
                let end = run.steps();
                run.seek(0);
                run.seek(end);
                assert_eq!((run.start, run.goal), (fresh.start, fresh.goal), "{case}");
            }
        }
    }
}
