//! Pledge: walk a chosen way; at a wall, follow it with the right hand, counting the turns,
//! and let go once the count is back to zero — so an island of walls cannot hold you.
//!
//! How it works (John Pledge's rule, as Walter Pullen's *Think Labyrinth* and Abelson and
//! diSessa's *Turtle Geometry* tell it):
//! 1. Choose a preferred way and face it; the turn counter is 0. (Here: the way out through the
//!    goal's exit when the goal is one; else the way toward the goal along the longer
//!    distance, east on a tie.)
//! 2. While the counter is 0, walk straight ahead. When a wall stands ahead, turn left (the
//!    counter goes down by one a turn) until a way is open: the wall is now on your right.
//! 3. While the counter is not 0, follow the wall with the right hand — right if open (+1),
//!    else ahead, else left (−1), else back (−2) — and step on.
//! 4. When the counter is back to 0 you face the preferred way again, and that way is open:
//!    let go of the wall and walk straight on (step 2).
//! 5. Stop on stepping out through the goal's exit (or onto the goal cell, when it is not an
//!    exit).
//!
//! Why it escapes: a plain wall follower's hand may rest on an island (walls not joined to
//! the outer wall) and circle it for ever. Going once round an island turns you through a
//! whole circle, four right turns net; Pledge counts them, so the counter never returns to 0
//! on the island's far side until you face the preferred way with the island behind you, and
//! you let go. With the exit a gap in the outer wall, Pledge reaches the outer wall and walks
//! along it to the gap. A goal cell inside the maze has no such promise: the walk may go
//! round for ever, the counter growing by four each time round. Where the walk goes next
//! depends only on the cell, the heading and whether the counter is 0, so the machine gives
//! up when it stands on a cell facing a way it faced there before with the counter as far
//! from 0 or further, on the same side of 0, and the counter has not been 0 nor changed its
//! sign since: from there it would repeat that stretch for ever, never letting go. (It
//! remembers, for each cell and heading, only the last time it stood there, and the
//! states with the counter at 0.)
//!
//! The plain square grid only: the counter counts quarter turns, which need a heading that
//! turns the same on every cell. (Hexagons would count sixths and could come later;
//! triangles and rings change their sides from cell to cell.)
//!
//! One step is one choice of way plus the move into the next cell (`Event::Move`), its line
//! saying whether it walked straight, met a wall, followed it or let go. The first step stands
//! on the start (`Begin`); the last moves nothing and says how the walk ended: `Found` out of
//! the exit or on the goal, `Looped` back in a known state, `Unreachable` when the start is
//! walled in. Marks: `VISITED` for cells walked on, `PATH` for the route once out.
//!
//! This file: the algorithm. Beside it: `undo.rs` (a step taken back), `views.rs` (what a step
//! says, the teaching panel's structures) and `tests.rs`.

mod undo;
mod views;

#[cfg(test)]
mod tests;

use super::{mark_path, Exits, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::state_set::StateSet;
use crate::machine::{Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology};
use crate::words::Sentence;
use std::collections::BTreeMap;

pub static INFO: Info = Info {
    name: "pledge",
    title: "Pledge",
    summary: "Walks a chosen way and follows walls with the right hand, counting turns; lets \
              go when the count is back to zero, so it leaves islands a wall follower circles \
              and walks out of any maze whose exit is in the outer wall.",
    step_unit: "one choice of way and the move into the next cell",
    pseudocode: &[
        "stand on the start facing the preferred way; turn counter = 0", // BEGIN
        "while not out through the exit (or on the goal):",
        "    if this cell, heading and counter were seen before: give up, it is a loop", // LOOP
        "    if the counter is 0:",
        "        if the way ahead is open: step forward", // STRAIGHT
        "        else: turn left until a way is open (counter − 1 a turn); step", // MEET_WALL
        "    else, the right hand on the wall:",
        "        right if open (+1), else ahead, else left (−1), else back (−2); step", // FOLLOW
        "        if the counter is back to 0: let go of the wall",                      // LET_GO
        "out through the exit (or on the goal): the route walked is the answer",        // FOUND
        "no side of the start is open: there is nowhere to go",                         // NOWHERE
    ],
    marks: &[
        (mark::VISITED, "walked on"),
        (mark::PATH, "route to the goal"),
    ],
    events: &["move", "found", "looped"],
};

// The pseudocode lines a step reports, by name (the others are the loop and the tests).
const BEGIN: Line = Line(0);
const LOOP: Line = Line(2);
const STRAIGHT: Line = Line(4);
const MEET_WALL: Line = Line(5);
const FOLLOW: Line = Line(7);
const LET_GO: Line = Line(8);
const FOUND: Line = Line(9);
const NOWHERE: Line = Line(10);

/// What Pledge says, in English (the page says it in its language from `www/i18n/*.json`).
pub static WORDS: &[Template] = &[
    BEGAN,
    WALKED_STRAIGHT,
    MET_WALL,
    FOLLOWED,
    LET_GO_WORDS,
    OUT,
    STATE,
    WALL_HAND,
    FREE,
];

const BEGAN: Template = Template {
    key: "narration.pledge.begin",
    english: "Started at cell {cell} facing {side}, the preferred way; the turn counter is 0.",
};
const WALKED_STRAIGHT: Template = Template {
    key: "narration.pledge.straight",
    english: "The counter is 0 and the way ahead is open: walked straight on {side} to cell \
              {to}.",
};
const MET_WALL: Template = Template {
    key: "narration.pledge.wall",
    english: "A wall ahead on cell {from}: turned left until a way was open (counter {turns}) \
              and stepped {side} to cell {to}, the right hand on the wall.",
};
const FOLLOWED: Template = Template {
    key: "narration.pledge.follow",
    english: "Right hand on the wall: stepped {side} from cell {from} to cell {to}; the \
              counter is {turns}.",
};
const LET_GO_WORDS: Template = Template {
    key: "narration.pledge.let-go",
    english: "The counter is back to 0, facing the preferred way {side} with it open: let go \
              of the wall and stepped to cell {to}.",
};
const OUT: Template = Template {
    key: "narration.pledge.found",
    english: "Reached the goal: a route of {length:cell} walked from the start.",
};
const STATE: Template = Template {
    key: "notes.pledge.state",
    english: "facing {side}; preferred way {preferred}; turn counter {turns}",
};
const WALL_HAND: Template = Template {
    key: "notes.pledge.following",
    english: "following the wall with the right hand until the counter is 0",
};
const FREE: Template = Template {
    key: "notes.pledge.free",
    english: "not on a wall: walking straight the preferred way",
};

/// The reason given when the walk comes back to a state it has been in.
pub const LOOPED: &str = crate::words::reasons::PLEDGE_LOOPED;

/// The reason given when the start has no open side.
pub const WALLED_IN: &str = crate::words::reasons::WALLED_IN;

/// Pledge as a step machine, on the plain square grid.
#[derive(Clone, Debug)]
pub struct Pledge {
    grid: Square,
    start: usize,
    goal: usize,
    /// The side of the goal that is a gap in the outer wall, when the goal is an exit: the
    /// walk ends by stepping out through it.
    goal_exit: Option<Side>,
    /// The way walked while not on a wall, and faced at the start.
    preferred: Side,
    cell: usize,
    heading: Side,
    /// Quarter turns, right +1 and left −1, since the start: `heading` is always
    /// `preferred + turns` round the compass, and the walker is on a wall while it is not 0.
    turns: i32,
    /// The route walked, start first, and what arriving at each of its cells changed.
    route: Vec<usize>,
    trail: Vec<Arrival>,
    /// Each (cell, heading) stood in with the counter not 0: the place on the route of the
    /// last time, and the counter then.
    last_visit: BTreeMap<u64, (usize, i32)>,
    /// Each (cell, heading) stood in with the counter at 0.
    seen_free: StateSet,
    /// The place on the route where the counter was last 0 or changed its sign.
    last_crossing: usize,
    /// The cells walked on, a bit each, and how many.
    walked: Vec<u64>,
    visited: u64,
    started: bool,
    /// The last move brought the walker into a state it had been in before.
    repeating: bool,
    outcome: Option<Outcome>,
}

/// The walker as it arrived on a cell of the route, and what that arrival replaced: enough
/// to take it back.
#[derive(Clone, Copy, Debug)]
struct Arrival {
    heading: Side,
    turns: i32,
    /// The entry of `last_visit` it replaced; `None` when it added one or the counter was 0.
    last_visit_before: Option<(usize, i32)>,
    last_crossing_before: usize,
    /// The first time the walk stood on this cell.
    first: bool,
}

impl Machine for Pledge {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.arrive(board, self.cell);
            let cell = self.cell as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        if self.cell == self.goal && self.goal_exit.is_none() {
            return Some(self.finish(board));
        }
        if self.repeating {
            self.give_up(LOOPED);
            let (cell, heading) = (self.cell as u32, self.heading);
            return Some(Step::new(Event::Looped { cell, heading }, LOOP));
        }
        let Some((turn, line)) = self.choose(board.maze()) else {
            self.give_up(WALLED_IN);
            return Some(Step::new(Event::Unreachable, NOWHERE));
        };
        let side = turned(self.heading, turn);
        if self.cell == self.goal && self.goal_exit == Some(side) {
            // Out through the gap: the route ends on the goal.
            return Some(self.finish(board));
        }
        let from = self.cell;
        let next = self.grid.through(from, side);
        self.heading = side;
        self.turns += turn;
        self.cell = next;
        self.arrive(board, next);
        let event = Event::Move {
            from: from as u32,
            to: next as u32,
            heading: side,
        };
        Some(Step::new(event, line))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        Some(self.cell)
    }

    fn heading(&self) -> Option<Side> {
        Some(self.heading)
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.says(step, maze)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("route", self.route().len() as u64),
            ("visited", self.visited),
        ]
    }

    fn undo(&mut self, step: &Step, _notes: &[u32], board: &Board) -> bool {
        self.take_back(step, board)
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

impl Solver for Pledge {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn use_exits(&mut self, exits: Exits) {
        // The start's gap is behind the walker: it counts as wall. The goal's is the way out,
        // and the preferred way.
        self.goal_exit = exits.goal;
        if !self.started {
            self.preferred = exits
                .goal
                .unwrap_or_else(|| preferred_way(&self.grid, self.start, self.goal));
            self.heading = self.preferred;
        }
    }
}

/// The side `turn` quarter turns clockwise from `heading` (negative: anticlockwise).
fn turned(heading: Side, turn: i32) -> Side {
    (i32::from(heading) + turn).rem_euclid(4) as Side
}

/// The way toward `goal` from `start` along the longer distance (east on a tie, and when
/// they are the same cell).
fn preferred_way(grid: &Square, start: usize, goal: usize) -> Side {
    let w = grid.width() as usize;
    let place = |c: usize| ((c % w) as u32, (c / w) as u32);
    let ((sx, sy), (gx, gy)) = (place(start), place(goal));
    let (dx, dy) = (i64::from(gx) - i64::from(sx), i64::from(gy) - i64::from(sy));
    match (dx.abs() >= dy.abs(), dx >= 0, dy >= 0) {
        (true, true, _) => 1,
        (true, false, _) => 3,
        (false, _, true) => 2,
        (false, _, false) => 0,
    }
}

impl Pledge {
    /// Pledge on a square maze, walking from `start` to `goal` (a cell: see
    /// [`Solver::use_exits`] for a goal in the outer wall).
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Pledge {
        let grid = maze.square();
        let preferred = preferred_way(&grid, start, goal);
        Pledge {
            grid,
            start,
            goal,
            goal_exit: None,
            preferred,
            cell: start,
            heading: preferred,
            turns: 0,
            route: Vec::new(),
            trail: Vec::new(),
            last_visit: BTreeMap::new(),
            seen_free: StateSet::new(maze.len(), 4),
            last_crossing: 0,
            walked: vec![0; maze.len().div_ceil(64)],
            visited: 0,
            started: false,
            repeating: false,
            outcome: None,
        }
    }

    /// The route walked so far, start first, with revisits.
    pub fn route(&self) -> &[usize] {
        match &self.outcome {
            Some(Outcome::Found(route)) | Some(Outcome::GaveUp { route, .. }) => route,
            _ => &self.route,
        }
    }

    /// The turn counter: quarter turns right (+) and left (−) since the start.
    pub fn turns(&self) -> i32 {
        self.turns
    }

    /// Whether the walker has its right hand on a wall (the counter is not 0).
    pub fn following(&self) -> bool {
        self.turns != 0
    }

    /// The way it walks while not on a wall.
    pub fn preferred(&self) -> Side {
        self.preferred
    }

    /// Whether `side` of the walker's cell can be walked through: a passage, or the goal's
    /// gap in the outer wall.
    fn open(&self, maze: &Maze, side: Side) -> bool {
        (self.cell == self.goal && self.goal_exit == Some(side))
            || super::neighbour_through(&self.grid, maze, self.cell, side).is_some()
    }

    /// The turn the rule makes (quarter turns, + right) and the line that says why; `None`
    /// when no side is open.
    fn choose(&self, maze: &Maze) -> Option<(i32, Line)> {
        let open = |turn| self.open(maze, turned(self.heading, turn));
        if self.turns == 0 {
            if open(0) {
                return Some((0, STRAIGHT));
            }
            // A wall ahead: turn left until a way is open, the wall then on the right.
            return [-1, -2, -3]
                .into_iter()
                .find(|&turn| open(turn))
                .map(|turn| (turn, MEET_WALL));
        }
        let turn = [1, 0, -1, -2].into_iter().find(|&turn| open(turn))?;
        let line = if self.turns + turn == 0 {
            LET_GO
        } else {
            FOLLOW
        };
        Some((turn, line))
    }

    /// The key of the walker's (cell, heading).
    fn place(&self) -> u64 {
        ((self.cell as u64) << 2) | u64::from(self.heading)
    }

    /// Stands on `cell` (the walker's, with its heading and counter set): on the route, and
    /// remembered, or found repeating itself.
    fn arrive(&mut self, board: &mut Board, cell: usize) {
        let here = self.route.len();
        let before = self.trail.last().map_or(0, |a| a.turns);
        let mut arrival = Arrival {
            heading: self.heading,
            turns: self.turns,
            last_visit_before: None,
            last_crossing_before: self.last_crossing,
            first: self.walked[cell / 64] & (1u64 << (cell % 64)) == 0,
        };
        if self.turns == 0 || before.signum() != self.turns.signum() {
            self.last_crossing = here;
        }
        let place = self.place();
        if self.turns == 0 {
            self.repeating = self.seen_free.contains(4, cell, self.heading);
            self.seen_free.insert(4, cell, self.heading);
        } else {
            let visit = (here, self.turns);
            arrival.last_visit_before = self.last_visit.insert(place, visit);
            if let Some((then, turns)) = arrival.last_visit_before {
                // Not 0 since then, the same side of 0, and as far or further: for ever.
                self.repeating = then >= self.last_crossing
                    && turns.signum() == self.turns.signum()
                    && self.turns.abs() >= turns.abs();
            }
        }
        self.route.push(cell);
        self.trail.push(arrival);
        if arrival.first {
            self.walked[cell / 64] |= 1u64 << (cell % 64);
            self.visited += 1;
            board.add_mark(cell, mark::VISITED);
        }
    }

    fn finish(&mut self, board: &mut Board) -> Step {
        let route = std::mem::take(&mut self.route);
        mark_path(board, &route);
        let length = route.len() as u32;
        self.outcome = Some(Outcome::Found(route));
        Step::new(Event::Found { length }, FOUND)
    }

    fn give_up(&mut self, reason: &'static str) {
        self.outcome = Some(Outcome::GaveUp {
            route: std::mem::take(&mut self.route),
            reason,
        });
    }
}
