//! A run: one timeline of generation steps, then braiding (if a braid share is set), then the
//! solver's steps (if a solver is chosen), then the player walking the result. Every front end
//! — the page, the command line, the tests — drives algorithms through this type, so they all
//! see the same steps.
//!
//! Its parts: this file steps the run and answers what is on show; `settings` says what
//! defines a run, `phase` moves from one phase to the next, `timeline` seeks and goes back
//! (checkpoints, snapshots), `history` keeps the last steps to take back one by one, `rework`
//! redoes a run after an edit, and `dirty` keeps the cells a call changed.

use crate::board::Board;
use crate::generators::{self, Braid};
use crate::machine::{event_label, Info, Machine, Step, Structure};
use crate::maze::Maze;
use crate::player::Player;
use crate::rng::Rng;
use crate::solvers::{self, Report, Solver};
use crate::stats::{Meter, Stats};

mod best;
mod dirty;
pub mod ends;
mod history;
mod phase;
mod rework;
mod settings;
mod thinking;
mod timeline;

pub use best::{fewest_cells, BestPaths};
use dirty::DirtyList;
pub use ends::{Ends, WallExit};
use history::History;
pub use phase::Phase;
pub use rework::REWORK_CELLS;
pub use settings::{
    algorithm_info, algorithm_shapes, default_ends, default_ends_of, Checked, GoalList, RunError,
    Settings, DEFAULT_SIDE,
};
pub use thinking::Thinking;
use timeline::{default_checkpoint_budget, history_limit, room_for, Timeline};
pub use timeline::{CHECKPOINTS, CHECKPOINT_BUDGET, HISTORY_REPLAY, RECENT_GAP};

/// A generate → braid → solve → walk timeline over one board.
pub struct Run {
    settings: Settings,
    solver_entry: Option<&'static solvers::Entry>,
    start: usize,
    goal: usize,
    /// The goals beyond `goal`, and the waypoints in order ([`solvers::goals`]).
    other_goals: Vec<usize>,
    via: Vec<usize>,
    /// Which ends are gaps in the outer wall.
    exits: crate::solvers::Exits,
    /// Everything a step changes, but the generator.
    now: State,
    /// Kept apart from `now`: a saved state leaves it out once generation is over.
    generator: Box<dyn Machine>,
    /// What the last call changed, for the front end to redraw.
    dirty: DirtyList,
    /// The found path as u32 cell indices, filled on first request (for the wasm edge,
    /// where JS reads it as a `Uint32Array`).
    path_u32: Vec<u32>,
    /// Checkpoints for seeking, laid down by [`Run::lay_timeline`] (all at once by the first
    /// [`Run::total_steps`]).
    timeline: Timeline,
    /// Bytes the checkpoints may use, as estimated by [`checkpoint_bytes`].
    checkpoint_budget: usize,
    /// A measurement of the maze's statistics under way, and the step it is of.
    meter: Option<(u64, Meter)>,
    /// Steps the last seek replayed after restoring a saved state (0 if it restored none).
    last_replay: u64,
    /// Where a seek back still under way (cut into slices) keeps its snapshot.
    snapshot_at: Option<u64>,
    /// A copy of the run going towards a little before the step on show, so that Back finds
    /// a snapshot near (see [`Run::prepare_back`]).
    back_shadow: Option<Box<Run>>,
    /// The last steps taken with the journal on, for Back without replaying.
    history: History,
    /// The maze as generation left it, kept when the search begins (see [`Run::rework`]).
    generated: Option<Box<rework::Generated>>,
}

/// Everything a step can change, but the generator: the live run's, and in every saved state.
#[derive(Clone)]
struct State {
    board: Board,
    rng: Rng,
    phase: Phase,
    braid: Option<Braid>,
    solver: Option<Box<dyn Solver>>,
    player: Option<Player>,
    steps: u64,
    phase_steps: [u64; 4],
    last: Option<Step>,
    last_phase: Phase,
}

impl State {
    /// A copy with the board's journal left out (it is empty and off in a saved state).
    fn snapshot(&self) -> State {
        State {
            board: self.board.snapshot(),
            rng: self.rng.clone(),
            phase: self.phase,
            braid: self.braid.clone(),
            solver: self.solver.clone(),
            player: self.player.clone(),
            steps: self.steps,
            phase_steps: self.phase_steps,
            last: self.last,
            last_phase: self.last_phase,
        }
    }
}

impl Run {
    /// Checks every setting ([`Settings::check`]) and sets the run up at step 0.
    pub fn new(settings: Settings) -> Result<Run, RunError> {
        let checked = settings.check()?;
        // Room for this run and the copy that will lay its timeline; the run's own copies
        // (`Run::build`) are then covered.
        let cells = checked.maze.len();
        room_for(cells).map_err(|_| RunError::Memory(timeline::memory_refusal(cells)))?;
        Ok(Run::build(settings, checked))
    }

    /// [`Run::new`] without the check for memory: for the copies a run makes of itself.
    fn copy_of(settings: &Settings) -> Option<Run> {
        let checked = settings.check().ok()?;
        Some(Run::build(settings.clone(), checked))
    }

    fn build(settings: Settings, checked: Checked) -> Run {
        let Checked {
            maze,
            generator: entry,
            solver: solver_entry,
            start,
            goal,
            other_goals,
            via,
            exits,
        } = checked;
        let options = generators::Options {
            density: settings.density,
            rule: settings.rule,
        };
        let generator = (entry.make)(&maze, &options);
        let cells = maze.len();
        let mut board = Board::new(generators::starting_maze(generator.as_ref(), maze));
        // Above the history's limit, which forgets old steps first: only one step that changes
        // more than that (clearing the display of a huge maze) overflows.
        board.set_journal_limit(2 * history_limit(cells));
        board.set_journaling(true);
        Run {
            now: State {
                board,
                rng: Rng::new(settings.seed),
                phase: Phase::Generating,
                braid: None,
                solver: None,
                player: None,
                steps: 0,
                phase_steps: [0; 4],
                last: None,
                last_phase: Phase::Generating,
            },
            settings,
            generator,
            solver_entry,
            start,
            goal,
            other_goals,
            via,
            exits,
            dirty: DirtyList::new(cells),
            path_u32: Vec::new(),
            timeline: Timeline::empty(),
            checkpoint_budget: default_checkpoint_budget(cells),
            meter: None,
            last_replay: 0,
            snapshot_at: None,
            back_shadow: None,
            history: History::new(history_limit(cells)),
            generated: None,
        }
    }

    /// Does one step of the timeline, moving on to the next phase when one finishes.
    /// Returns `None` once the whole run is done.
    pub fn step(&mut self) -> Option<Step> {
        let before = self.history.before_step(
            &self.now.board,
            &self.now.rng,
            self.now.phase,
            self.now.last,
            self.now.last_phase,
        );
        loop {
            let step = match self.now.phase {
                Phase::Generating => self.generator.step(&mut self.now.board, &mut self.now.rng),
                Phase::Braiding => self
                    .now
                    .braid
                    .as_mut()
                    .and_then(|b| b.step(&mut self.now.board, &mut self.now.rng)),
                Phase::Solving => self
                    .now
                    .solver
                    .as_mut()
                    .and_then(|s| s.step(&mut self.now.board, &mut self.now.rng)),
                Phase::Walking => self
                    .now
                    .player
                    .as_mut()
                    .and_then(|p| p.step(&mut self.now.board, &mut self.now.rng)),
                Phase::Done => return None,
            };
            match step {
                Some(step) => {
                    self.now.steps += 1;
                    self.now.phase_steps[self.now.phase as usize] += 1;
                    self.now.last = Some(step);
                    self.now.last_phase = self.now.phase;
                    self.end_if_nothing_follows();
                    if let Some(before) = before {
                        self.history.push(before, &mut self.now.board);
                    }
                    return Some(step);
                }
                None => self.next_phase(),
            }
        }
    }

    /// Does up to `n` steps and collects the cells they changed (see [`Run::dirty`]).
    /// Returns how many steps were done; fewer than `n` means the run is done.
    pub fn advance(&mut self, n: u64) -> u64 {
        self.advance_batch(n, None)
    }

    /// Does up to `n` steps, stopping early right after a step whose event kind is
    /// `stop_after`, and collects the cells they changed. Returns the steps done.
    fn advance_batch(&mut self, n: u64, stop_after: Option<&str>) -> u64 {
        self.now.board.set_journaling(true);
        self.history.take_overflowed();
        // The batch's changes follow the history's in the journal. A batch longer than the
        // history keeps has lost its first changes: it is redrawn whole.
        let start = self.now.board.journal_len();
        let forgotten = self.history.changes_forgotten();
        let mut done = 0;
        while done < n {
            let Some(step) = self.step() else { break };
            done += 1;
            if stop_after.is_some_and(|kind| step.event.kind() == kind) {
                break;
            }
        }
        let lost = self.history.changes_forgotten() - forgotten;
        if self.history.take_overflowed() | self.now.board.take_display_cleared() || lost > start {
            self.everything_dirty();
        } else {
            self.dirty
                .set_changes(&self.now.board.journal()[start - lost..]);
        }
        done
    }

    /// Everything is to be redrawn.
    fn everything_dirty(&mut self) {
        self.now.board.take_display_cleared();
        self.dirty.set_everything();
    }

    /// Runs everything that is left with the journal off (through the same `step` as
    /// stepping one at a time). Returns the steps done; afterwards everything is dirty.
    pub fn finish(&mut self) -> u64 {
        let before = self.now.steps;
        self.now.board.set_journaling(false);
        // Generation and the search run to their ends in their own loops
        // (`Machine::step_to_end`): the same steps as `step` takes, without its per-step
        // bookkeeping. Braiding and walking are short and go through `step`.
        loop {
            let phase = self.now.phase;
            let machine: Option<&mut dyn Machine> = match phase {
                Phase::Generating => Some(self.generator.as_mut()),
                Phase::Solving => self
                    .now
                    .solver
                    .as_deref_mut()
                    .map(|s| s as &mut dyn Machine),
                _ => None,
            };
            if let Some(machine) = machine {
                let (count, last) = machine.step_to_end(&mut self.now.board, &mut self.now.rng);
                if let Some(step) = last {
                    self.now.steps += count;
                    self.now.phase_steps[phase as usize] += count;
                    self.now.last = Some(step);
                    self.now.last_phase = phase;
                }
                if self.walking_is_near() {
                    // The walk is journaled, so Back at the end takes its steps back; `step`
                    // moves on to it as stepping one at a time does.
                    self.now.board.set_journaling(true);
                } else {
                    self.next_phase();
                }
            }
            if self.step().is_none() {
                break;
            }
        }
        self.now.board.set_journaling(true);
        self.everything_dirty();
        self.now.steps - before
    }

    /// Does up to `n` steps with the journal off, as [`Run::finish`] does but a slice at a
    /// time: for a front end that must not block for long. Returns the steps done (fewer than
    /// `n`: the run is done); afterwards everything is dirty.
    ///
    /// Journaled after all, so that Back after a pause in playing at full speed takes steps
    /// back instead of replaying: the last quarter of the steps (at most [`HISTORY_REPLAY`]),
    /// the run's last [`HISTORY_REPLAY`] steps once its length is known, and the walk.
    pub fn advance_quietly(&mut self, n: u64) -> u64 {
        let before = self.now.steps;
        let mut quiet = n - (n / 4).min(HISTORY_REPLAY);
        // Once the run's length is known, its last steps too, so Back at the end takes steps
        // back; and the player's walk, which is cheap to journal and ends most runs.
        if let Some(total) = self.known_total() {
            let last = total.saturating_sub(HISTORY_REPLAY);
            quiet = quiet.min(last.saturating_sub(self.now.steps));
        }
        // Turning the journal off empties it: only when there are quiet steps to take.
        if quiet > 0 && !self.walking_is_near() {
            self.now.board.set_journaling(false);
            while self.now.steps - before < quiet
                && !self.walking_is_near()
                && self.step().is_some()
            {}
            self.now.board.set_journaling(true);
        }
        while self.now.steps - before < n && self.step().is_some() {}
        self.everything_dirty();
        self.now.steps - before
    }

    /// Whether the player walks now or next: the search is over (the walk, or the end, is next).
    fn walking_is_near(&self) -> bool {
        match self.now.phase {
            Phase::Solving => self.now.solver.as_ref().is_some_and(|s| s.is_done()),
            Phase::Walking => true,
            _ => false,
        }
    }

    /// Does up to `limit` steps, stopping right after a step whose event kind is `kind`.
    /// Collects the dirty cells as [`Run::advance`] does. Returns the steps done, or `None`
    /// for a kind no algorithm emits.
    pub fn advance_until(&mut self, kind: &str, limit: u64) -> Option<u64> {
        event_label(kind)?;
        Some(self.advance_batch(limit, Some(kind)))
    }

    /// Measures the maze as it stands (with the solution length from start to goal) by at
    /// most about `limit` cells of work; returns the statistics once done. Calls at another
    /// step start over; calls at the same step go on where the last one stopped.
    pub fn measure(&mut self, limit: usize) -> Option<Stats> {
        let steps = self.now.steps;
        if !matches!(self.meter, Some((at, _)) if at == steps) {
            let meter = Meter::new(self.now.board.maze(), self.start, self.goal);
            self.meter = Some((steps, meter));
        }
        let (_, meter) = self.meter.as_mut()?;
        let stats = meter.work(self.now.board.maze(), limit)?;
        self.meter = None;
        Some(stats)
    }

    /// One plain sentence about the most recent step; "" before the first.
    pub fn narration(&self) -> String {
        match self.now.last {
            Some(step) => self.machine().narrate(&step, self.now.board.maze()),
            None => String::new(),
        }
    }

    /// [`Run::narration`] as data (a key and its values), `None` before the first step.
    pub fn sentence(&self) -> Option<crate::words::Sentence> {
        let step = self.now.last?;
        Some(self.machine().sentence(&step, self.now.board.maze()))
    }

    /// The data structures of the machine on show, each with at most `limit` items.
    pub fn structures(&self, limit: usize) -> Vec<Structure> {
        self.machine().inspect(self.now.board.maze(), limit)
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn board(&self) -> &Board {
        &self.now.board
    }

    pub fn maze(&self) -> &Maze {
        self.now.board.maze()
    }

    pub fn phase(&self) -> Phase {
        self.now.phase
    }

    pub fn is_done(&self) -> bool {
        self.now.phase == Phase::Done
    }

    /// Steps done so far in the whole timeline.
    pub fn steps(&self) -> u64 {
        self.now.steps
    }

    /// Steps done so far in one phase.
    pub fn phase_steps(&self, phase: Phase) -> u64 {
        match phase {
            Phase::Done => 0,
            p => self.now.phase_steps[p as usize],
        }
    }

    /// The most recent step.
    pub fn last_step(&self) -> Option<Step> {
        self.now.last
    }

    /// How many changes the history of steps has dropped from the front of the board's
    /// journal so far (its older half, each time it fills: after about 16 000 steps). A
    /// batch's changes begin at the journal's length before it less what was dropped since.
    pub fn changes_forgotten(&self) -> usize {
        self.history.changes_forgotten()
    }

    /// The phase the most recent step ran in (the run may already be past it).
    pub fn last_step_phase(&self) -> Phase {
        self.now.last_phase
    }

    /// Start and goal cell indices.
    pub fn start(&self) -> usize {
        self.start
    }

    pub fn goal(&self) -> usize {
        self.goal
    }

    /// Every goal: the first ([`Run::goal`]) and the others; the search stops at the nearest.
    pub fn goals(&self) -> Vec<usize> {
        let mut goals = vec![self.goal];
        goals.extend_from_slice(&self.other_goals);
        goals
    }

    /// The waypoints, in the order the search goes by them.
    pub fn via(&self) -> &[usize] {
        &self.via
    }

    /// The goal the search reached (the nearest of several), once it has found a path.
    pub fn goal_reached(&self) -> Option<usize> {
        self.now.solver.as_ref()?.outcome()?.path()?.last().copied()
    }

    /// The search a run makes once the world is entered, from `maze`: the solver's own, or
    /// one by waypoints and to several goals ([`solvers::goals::route_for`]).
    fn make_search(&self, entry: &'static solvers::Entry) -> Box<dyn Solver> {
        let mut search = solvers::goals::route_for(
            entry,
            self.now.board.maze(),
            self.start,
            &self.via,
            (self.goal, &self.other_goals),
            &self.settings.search,
        );
        search.use_exits(self.exits);
        search
    }

    /// Which ends are gaps in the outer wall, and where.
    pub fn exits(&self) -> crate::solvers::Exits {
        self.exits
    }

    /// The machine whose state is on show: the one running now, or the last one that ran.
    pub fn machine(&self) -> &dyn Machine {
        match (&self.now.player, &self.now.solver, &self.now.braid) {
            (Some(player), _, _) => player,
            (None, Some(solver), _) => solver.as_ref(),
            (None, None, Some(braid)) => braid,
            (None, None, None) => self.generator.as_ref(),
        }
    }

    /// The braiding machine, once braiding has begun.
    pub fn braid(&self) -> Option<&Braid> {
        self.now.braid.as_ref()
    }

    /// The description of the machine on show.
    pub fn info(&self) -> &'static Info {
        self.machine().info()
    }

    /// The solver, once solving has begun.
    pub fn solver(&self) -> Option<&dyn Solver> {
        self.now.solver.as_deref()
    }

    /// The search result with its costs, once the solver has finished.
    pub fn report(&self) -> Option<Report> {
        let solver = self.now.solver.as_ref()?;
        let outcome = solver.outcome()?.clone();
        Some(Report {
            cost: solvers::cost_of(self.now.board.maze(), &outcome),
            outcome,
            visited: solver.visited(),
            steps: self.now.phase_steps[Phase::Solving as usize],
        })
    }

    /// What the cheapest path from start to goal costs on the maze the solver searched
    /// (Dijkstra by cost, with the run's moves), once the search is over: beside
    /// [`Report::cost`] it says whether the path found is the cheapest. `None` before the
    /// search ends and when the goal cannot be reached. A whole search of the maze: the page
    /// asks once per run, and only when costs are not lengths (terrain or diagonal moves).
    pub fn cheapest_cost(&self) -> Option<f64> {
        self.cheapest_path().map(|(cost, _)| cost)
    }

    /// The cheapest path's cost and cells, as [`Run::cheapest_cost`] finds it.
    fn cheapest_path(&self) -> Option<(f64, usize)> {
        self.report()?;
        let maze = self.now.board.maze();
        if !(self.via.is_empty() && self.other_goals.is_empty()) {
            let goals = (self.goal, &self.other_goals[..]);
            let search = &self.settings.search;
            return solvers::goals::cheapest_route(maze, self.start, &self.via, goals, search);
        }
        let entry = solvers::find("dijkstra").ok()?;
        let mut dijkstra = (entry.make)(maze, self.start(), self.goal(), &self.settings.search);
        let mut board = Board::new(maze.clone());
        board.set_display(false);
        crate::machine::run_to_end(dijkstra.as_mut(), &mut board, &mut Rng::new(0));
        let outcome = dijkstra.outcome()?;
        let cells = outcome.path()?.len();
        Some((solvers::cost_of(maze, outcome), cells))
    }

    /// The shortest and the cheapest paths on the maze the solver searched (its edits,
    /// terrain, mask and shape, with the run's moves), once the search is over: what the
    /// page's "not the shortest" and "not the cheapest" notes compare the found path with.
    /// `None` before the search ends and when the goal cannot be reached. Two whole searches
    /// of the maze: ask once per run and world.
    /// With waypoints or several goals: `None` (the notes compare with one path to one goal).
    pub fn best_paths(&self) -> Option<BestPaths> {
        if !(self.via.is_empty() && self.other_goals.is_empty()) {
            return None;
        }
        let cheapest = self.cheapest_path()?;
        let maze = self.now.board.maze();
        let corners = self.settings.search.corners;
        best::best_paths(maze, self.start(), self.goal(), corners, cheapest)
    }

    /// The found path as u32 cell indices, start first; empty while there is none. A run's
    /// path never changes once found, so it is converted once.
    pub fn path_u32(&mut self) -> &[u32] {
        if self.path_u32.is_empty() {
            if let Some(path) = self.now.solver.as_ref().and_then(|s| s.outcome()?.path()) {
                self.path_u32 = path.iter().map(|&cell| cell as u32).collect();
            }
        }
        &self.path_u32
    }

    /// Cells changed by the last [`Run::advance`], each once, unless [`Run::all_dirty`].
    pub fn dirty(&self) -> &[u32] {
        self.dirty.cells()
    }

    /// Whether the last batch changed so much that everything should be redrawn.
    pub fn all_dirty(&self) -> bool {
        self.dirty.is_everything()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::mark;
    use crate::generators::{Bias, BinaryTree};
    use crate::maze::{E, W};
    use crate::solvers::Outcome;

    /// Generated mazes are connected, so a run only meets an unreachable goal (or a solver that
    /// gives up) on a maze made by hand: swap one in, with a generator that has nothing to do.
    fn run_on(maze: Maze, solver: &str) -> Run {
        let settings =
            Settings::new("binary-tree", maze.width(), maze.height(), 0).with_solver(solver);
        let mut run = Run::new(settings).unwrap();
        run.now.board = Board::new(maze);
        run.now.board.set_journaling(true);
        run.generator = Box::new(BinaryTree::new(0, 0, Bias::default()));
        run
    }

    #[test]
    fn the_cheapest_cost_is_dijkstras_and_below_what_bfs_pays_across_water() {
        // An open room 4 wide with water (cost 9) across all but the last column: BFS
        // wades straight through, the cheapest path walks round.
        let mut edits = crate::world::Edits::new();
        for x in 0..3 {
            edits.paint(5 * 4 + x, 9);
        }
        let settings = |solver: &str| {
            let mut s = Settings::new("room", 4, 10, 1)
                .with_solver(solver)
                .with_edits(edits.clone());
            s.start = Some((0, 0));
            s.goal = Some((0, 9));
            s
        };
        let mut bfs = Run::new(settings("bfs")).unwrap();
        assert_eq!(bfs.cheapest_cost(), None, "not before the search");
        bfs.finish();
        let mut dijkstra = Run::new(settings("dijkstra")).unwrap();
        dijkstra.finish();
        let cheapest = dijkstra.report().unwrap().cost;
        assert_eq!(dijkstra.cheapest_cost(), Some(cheapest));
        assert_eq!(bfs.cheapest_cost(), Some(cheapest));
        assert!(
            bfs.report().unwrap().cost > cheapest,
            "{} vs {cheapest}",
            bfs.report().unwrap().cost
        );
        // The best paths the page's notes compare with: the fewest cells (straight down the
        // first column, through the water), the cheapest (round it, by the last column).
        let best = bfs.best_paths().unwrap();
        assert_eq!(best.shortest_cells, 10);
        assert_eq!(best.shortest_cost, bfs.report().unwrap().cost);
        assert_eq!(best.cheapest_cost, cheapest);
        assert_eq!(
            best.cheapest_cells,
            dijkstra.report().unwrap().outcome.path().unwrap().len()
        );
        assert!(best.cheapest_cells > best.shortest_cells);
    }

    #[test]
    fn runs_that_find_no_path_end_without_walking() {
        // 0 - 1 | 2: the goal (2, 0) is walled off.
        let maze = Maze::from_cells(3, 1, vec![E, W, 0]).unwrap();
        for name in solvers::names() {
            let mut run = run_on(maze.clone(), name);
            let mut phases = Vec::new();
            while run.step().is_some() {
                phases.push(run.phase());
            }
            // The run says "done" right after its last step, not one call later.
            let (last, before) = phases.split_last().unwrap();
            assert_eq!(*last, Phase::Done, "{name}: {phases:?}");
            assert!(
                before.iter().all(|&p| p == Phase::Solving),
                "{name}: {phases:?}"
            );
            assert_eq!(run.phase(), Phase::Done);
            assert_eq!(run.phase_steps(Phase::Walking), 0, "{name}");
            assert_eq!(run.phase_steps(Phase::Solving), phases.len() as u64);
            let report = run.report().unwrap();
            assert!(report.outcome.path().is_none(), "{name}: {report:?}");
            // The machine on show stays the solver, with its outcome.
            assert_eq!(run.info().name, name);
            assert!(run.board().marks().iter().all(|&m| m & mark::WALKED == 0));
        }
        let outcome = |name| {
            let mut run = run_on(maze.clone(), name);
            run.finish();
            run.report().unwrap().outcome
        };
        assert_eq!(outcome("bfs"), Outcome::Unreachable);
        assert!(matches!(
            outcome("wall-follower-right"),
            Outcome::GaveUp {
                reason: "no way to the goal by following this wall",
                ..
            }
        ));
    }
}
