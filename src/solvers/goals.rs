//! Several goals and waypoints.
//!
//! **Several goals** (up to [`MAX_GOALS`]): BFS, Dijkstra and A* stop at the first goal they
//! take from their queue. BFS and Dijkstra take cells nearest first, so that goal is a nearest
//! one; A* guesses the distance left as the least guess over the goals, which never
//! overestimates when each guess does not, so its goal is a nearest one too. The searches keep
//! the goals beyond the first in an [`OtherGoals`]; the one reached is the last cell of the
//! path. The bidirectional searches meet in the middle from one goal, so they refuse several
//! ([`goals_refusal`]); the other solvers look for one goal and refuse too.
//!
//! **Waypoints** (up to [`MAX_WAYPOINTS`]): [`Legs`] searches start → first waypoint → … →
//! goal, one leg after the other, each leg a search of its own on a display cleared of the
//! leg before (its path stays drawn). The path is the legs joined, so its cost is the sum of
//! the legs' costs.

use super::{find, mark_path, BestFirst, Bfs, Entry, Outcome, Solver};
use crate::board::Board;
use crate::machine::{Info, Machine, Step, Structure};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::solvers::moves::Moves;
use crate::words::{Arg, Sentence};
use crate::world::{Exit, Search};

/// The most goals a search takes.
pub const MAX_GOALS: usize = 8;
/// The most waypoints a run takes.
pub const MAX_WAYPOINTS: usize = 8;

/// The solvers that take several goals.
pub const SEVERAL_GOALS: [&str; 3] = ["bfs", "dijkstra", "a-star"];
/// The solvers that go by waypoints: those, and the bidirectional searches (each leg has one
/// goal).
pub const WAYPOINTS: [&str; 5] = [
    "bfs",
    "dijkstra",
    "a-star",
    "bidirectional-bfs",
    "bidirectional-a-star",
];

/// The goals of a search beyond its first: none for most searches, so the test costs one
/// comparison of a length.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OtherGoals(Vec<usize>);

impl OtherGoals {
    pub fn new(cells: Vec<usize>) -> OtherGoals {
        OtherGoals(cells)
    }

    /// Whether `cell` is one of them.
    #[inline]
    pub fn has(&self, cell: usize) -> bool {
        !self.0.is_empty() && self.0.contains(&cell)
    }

    /// The least of `first` (the guess to the first goal) and `guess` to each of them.
    #[inline]
    pub fn least(&self, first: u64, guess: impl Fn(usize) -> u64) -> u64 {
        self.0
            .iter()
            .fold(first, |least, &goal| least.min(guess(goal)))
    }
}

/// Why `solver` cannot take `goals` goals (more than one), or `None` if it can.
pub fn goals_refusal(solver: &str, goals: usize) -> Option<Sentence> {
    if goals > MAX_GOALS {
        return Some(
            Sentence::new("refusals.goals-many")
                .n("count", goals as u64)
                .n("max", MAX_GOALS as u64),
        );
    }
    if goals > 1 && !SEVERAL_GOALS.contains(&solver) {
        let key = if solver.starts_with("bidirectional") {
            "refusals.goals-bidirectional"
        } else {
            "refusals.goals-solver"
        };
        return Some(Sentence::new(key).with("name", Arg::Text(solver.to_string())));
    }
    None
}

/// Why `solver` cannot go by `waypoints` waypoints (any), or `None` if it can.
pub fn waypoints_refusal(solver: &str, waypoints: usize) -> Option<Sentence> {
    if waypoints > MAX_WAYPOINTS {
        return Some(
            Sentence::new("refusals.via-many")
                .n("count", waypoints as u64)
                .n("max", MAX_WAYPOINTS as u64),
        );
    }
    (waypoints > 0 && !WAYPOINTS.contains(&solver))
        .then(|| Sentence::new("refusals.via-solver").with("name", Arg::Text(solver.to_string())))
}

/// Why early exit off (`exit`: [`Exit::Flood`]) cannot go with `goals` goals or `waypoints`
/// waypoints, or `None`: the flood reads back the path to one goal ([`Solver::goal_path`]),
/// and only the registry's own one-goal search floods.
pub fn flood_refusal(exit: Exit, goals: usize, waypoints: usize) -> Option<Sentence> {
    if exit != Exit::Flood {
        return None;
    }
    if goals > 1 {
        return Some(Sentence::new("refusals.goals-flood").n("count", goals as u64));
    }
    (waypoints > 0).then(|| Sentence::new("refusals.via-flood").n("count", waypoints as u64))
}

/// Why ends in gaps of the outer wall (`wall_exits`) cannot go with `goals` goals or
/// `waypoints` waypoints, or `None`: a walker walks out through the one goal's gap, and the
/// solvers that take several goals or waypoints do not walk.
pub fn wall_exits_refusal(wall_exits: bool, goals: usize, waypoints: usize) -> Option<Sentence> {
    if !wall_exits {
        return None;
    }
    if goals > 1 {
        return Some(Sentence::new("refusals.goals-wall-exit").n("count", goals as u64));
    }
    (waypoints > 0).then(|| Sentence::new("refusals.via-wall-exit").n("count", waypoints as u64))
}

/// A search from `start` to the nearest of `goal` and `others` by `entry`: the registry's own
/// search when there is one goal; BFS, or Dijkstra and A* by cost, for several
/// ([`goals_refusal`] refuses the rest before a run begins; they search for `goal` alone).
pub fn search_for(
    entry: &Entry,
    maze: &Maze,
    start: usize,
    goal: usize,
    others: &[usize],
    search: &Search,
) -> Box<dyn Solver> {
    let others = OtherGoals::new(others.to_vec());
    if others.0.is_empty() {
        return (entry.make)(maze, start, goal, search);
    }
    let info = entry.info;
    match info.name {
        "bfs" => {
            let moves = Moves::new(maze, search.corners);
            on_its_grid!(maze, |grid| Bfs::on(grid, start, goal)
                .moving(moves)
                .with_goals(others))
        }
        "dijkstra" => on_its_grid!(maze, |grid| BestFirst::dijkstra(
            info, grid, maze, start, goal, search
        )
        .with_goals(others)),
        "a-star" => on_its_grid!(maze, |grid| BestFirst::a_star(
            info, grid, maze, start, goal, search
        )
        .with_goals(others)),
        _ => (entry.make)(maze, start, goal, search),
    }
}

/// A search by `entry` from `start` through `via`, in order, to the nearest of `goal` and
/// `others`: [`Legs`] when there are waypoints, else [`search_for`].
pub fn route_for(
    entry: &'static Entry,
    maze: &Maze,
    start: usize,
    via: &[usize],
    goals: (usize, &[usize]),
    search: &Search,
) -> Box<dyn Solver> {
    let (goal, others) = goals;
    if via.is_empty() {
        return search_for(entry, maze, start, goal, others, search);
    }
    let mut stops = vec![start];
    stops.extend_from_slice(via);
    stops.push(goal);
    Box::new(Legs {
        entry,
        search: *search,
        stops,
        others: others.to_vec(),
        leg: 0,
        search_now: None,
        steps_now: 0,
        finished: Vec::new(),
        walked: Vec::new(),
        visited_before: 0,
        outcome: None,
    })
}

/// The legs of a route with waypoints, searched one after the other by the same solver.
#[derive(Clone)]
pub struct Legs {
    entry: &'static Entry,
    search: Search,
    /// The start, the waypoints in order, and the (first) goal.
    stops: Vec<usize>,
    /// The goals beyond the first, for the last leg.
    others: Vec<usize>,
    /// The leg searched now, from `stops[leg]` to `stops[leg + 1]`.
    leg: usize,
    /// Its search, once begun; kept when it ends until the next leg begins, so the last step
    /// is said by the search that did it.
    search_now: Option<Box<dyn Solver>>,
    /// Steps the leg's search has taken.
    steps_now: u64,
    /// The searches of the legs before, each with the length of `walked` before it and its
    /// steps: what taking back the first step of a leg returns to.
    finished: Vec<(Box<dyn Solver>, usize, u64)>,
    /// The legs before this one, joined (each waypoint once).
    walked: Vec<usize>,
    /// Cells the earlier legs' searches looked at.
    visited_before: u64,
    outcome: Option<Outcome>,
}

impl Machine for Legs {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        // The leg before reached its goal: on to the next.
        if let Some(Outcome::Found(path)) = self.search_now.as_ref().and_then(|s| s.outcome()) {
            let walked_before = self.walked.len();
            self.walked = self.joined(path);
            if let Some(search) = self.search_now.take() {
                self.visited_before += search.visited();
                self.finished.push((search, walked_before, self.steps_now));
            }
            self.leg += 1;
            self.steps_now = 0;
        }
        if self.search_now.is_none() {
            self.begin_leg(board);
        }
        let search = self.search_now.as_mut()?;
        let step = search.step(board, rng)?;
        self.steps_now += 1;
        match search.outcome().cloned() {
            Some(Outcome::Found(path)) if self.leg + 1 == self.legs() => {
                let route = self.joined(&path);
                mark_path(board, &route);
                self.outcome = Some(Outcome::Found(route));
            }
            Some(Outcome::Found(_)) | None => {}
            Some(Outcome::Unreachable) => self.outcome = Some(Outcome::Unreachable),
            Some(Outcome::GaveUp { route, reason }) => {
                self.outcome = Some(Outcome::GaveUp {
                    route: self.joined(&route),
                    reason,
                })
            }
        }
        Some(step)
    }

    fn info(&self) -> &'static Info {
        self.entry.info
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.search_now.as_ref()?.current()
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        let mut counters = self
            .search_now
            .as_ref()
            .map_or_else(Vec::new, |s| s.counters());
        counters.push(("leg", self.leg as u64 + 1));
        counters
    }

    /// "leg 2 of 3, from (4, 0) to (7, 7): " and what the leg's search says.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let said = match &self.search_now {
            Some(search) => search.sentence(step, maze),
            None => crate::machine::event_sentence(&step.event, maze),
        };
        Sentence::new("narration.legs.leg")
            .n("leg", self.leg as u64 + 1)
            .n("legs", self.legs() as u64)
            .cell("from", maze, self.stops[self.leg])
            .cell("to", maze, self.stops[self.leg + 1])
            .words("said", said)
    }

    /// The first step of a leg after the first began it (the display cleared, the search
    /// made): taking it back returns to the leg before, its search as it ended. Any other step
    /// is the leg's search's to take back.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        if self.steps_now == 1 && self.leg > 0 {
            let Some((search, walked_before, steps)) = self.finished.pop() else {
                return false;
            };
            self.visited_before -= search.visited();
            self.walked.truncate(walked_before);
            self.search_now = Some(search);
            self.steps_now = steps;
            self.leg -= 1;
            self.outcome = None;
            return true;
        }
        let undone = self
            .search_now
            .as_mut()
            .is_some_and(|search| search.undo(step, notes, board));
        if undone {
            self.steps_now -= 1;
            self.outcome = None;
        }
        undone
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.search_now
            .as_ref()
            .map_or_else(Vec::new, |s| s.inspect(maze, limit))
    }
}

impl std::fmt::Debug for Legs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut f = f.debug_struct("Legs");
        f.field("solver", &self.entry.info.name)
            .field("stops", &self.stops)
            .field("others", &self.others)
            .field("leg", &self.leg)
            .field("steps_now", &self.steps_now)
            .field("walked", &self.walked)
            .field("visited_before", &self.visited_before)
            .field("outcome", &self.outcome);
        #[cfg(not(target_arch = "wasm32"))]
        f.field("search_now", &self.search_now)
            .field("finished", &self.finished);
        f.finish()
    }
}

impl Legs {
    fn legs(&self) -> usize {
        self.stops.len() - 1
    }

    /// The search of the leg now, made when the leg begins: on a display cleared of the leg
    /// before, with the path so far drawn again.
    fn begin_leg(&mut self, board: &mut Board) {
        if self.leg > 0 {
            board.clear_display();
            mark_path(board, &self.walked);
        }
        let (from, to) = (self.stops[self.leg], self.stops[self.leg + 1]);
        let last = self.leg + 1 == self.legs();
        let others: &[usize] = if last { &self.others } else { &[] };
        self.search_now = Some(search_for(
            self.entry,
            board.maze(),
            from,
            to,
            others,
            &self.search,
        ));
    }

    /// The route so far joined with `more` (which begins where it ends).
    fn joined(&self, more: &[usize]) -> Vec<usize> {
        let mut route = self.walked.clone();
        let skip = usize::from(!route.is_empty());
        route.extend_from_slice(&more[skip.min(more.len())..]);
        route
    }
}

impl Solver for Legs {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited_before + self.search_now.as_ref().map_or(0, |s| s.visited())
    }

    // How the search thinks is the leg's search's: its ways back lead to the leg's start.
    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.search_now.as_ref()?.search_parent(cell)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        self.search_now.as_ref()?.cost_so_far(cell)
    }

    fn parents_into(&self, parents: &mut [u32]) -> bool {
        self.search_now
            .as_ref()
            .is_some_and(|s| s.parents_into(parents))
    }

    fn counts_moves(&self) -> bool {
        self.search_now.as_ref().map_or(true, |s| s.counts_moves())
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        self.search_now.as_ref()?.estimate(cell)
    }
}

/// The cheapest route (Dijkstra by cost) from `start` through `via` to the nearest goal on
/// `maze`, as [`route_for`] searches it: its cost and cells; `None` when it cannot be reached.
pub fn cheapest_route(
    maze: &Maze,
    start: usize,
    via: &[usize],
    goals: (usize, &[usize]),
    search: &Search,
) -> Option<(f64, usize)> {
    let entry = find("dijkstra").ok()?;
    let mut dijkstra = route_for(entry, maze, start, via, goals, search);
    let mut board = Board::new(maze.clone());
    board.set_display(false);
    crate::machine::run_to_end(dijkstra.as_mut(), &mut board, &mut Rng::new(0));
    let outcome = dijkstra.outcome()?;
    let cells = outcome.path()?.len();
    Some((super::cost_of(maze, outcome), cells))
}
