//! Random mouse: walk the maze with no memory at all, choosing at random at every junction.
//!
//! How it works (Walter Pullen's *Think Labyrinth*: "follow the current passage until a
//! junction, then make a random decision about the next direction"):
//! 1. Stand on the start. Remember nothing but the passage you came in by.
//! 2. Look at the open passages here, leaving out the one you came in by.
//!    - None: a dead end, so go back the way you came.
//!    - One: a corridor (or a bend), so follow it.
//!    - Two or more: a junction, so take one of them at random.
//! 3. Stop on the goal.
//!
//! The mouse never learns: it may walk the same dead end again and again, and on a big maze it
//! may wander for a very long time. So it gives up after [`MOVES_PER_CELL`] moves per cell of
//! the grid, at most [`MAX_MOVES`], and says so (`Outcome::GaveUp`). If the start has no open
//! passage at all it gives up at once (walled in).
//!
//! The mouse decides with no memory, but the machine keeps a notebook for the answer: the
//! first cell each cell was entered from. Followed back from the goal, those first ways give a
//! path with no repeats (the cells the walk reached first form a tree rooted at the start), and
//! that is what the search reports; the route walked, with its loops, would be far longer.
//!
//! One step is one move (`Event::Move`); the first step stands on the start (`Begin`) and the
//! last says how the walk ended (`Found`, or `Unreachable` when walled in); the move that
//! reaches the limit ends the walk itself. Marks: `VISITED` for cells walked on, `PATH` for the
//! result. Taking a step back: `undo.rs`.
//!
//! Its random numbers are its own, not the run's: the choice at a junction is drawn from a
//! generator seeded with the start, the goal and the number of the move (`RandomMouse::pick`).
//! So the walk depends on the maze and its ends only, as every other solver's result does: the
//! same on the page, on the command line and run alone, and a step taken back needs no saved
//! state of a generator.

mod undo;

use super::{facing, mark_path, open_neighbours, trace_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::{DebugState, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Side, Topology, Weave};
use crate::words::{reason_words, reasons, Sentence};

pub static INFO: Info = Info {
    name: "random-mouse",
    title: "Random mouse",
    summary: "Follows passages with no memory and turns at random at junctions: finds a way \
              in the end, often after a long wander, never a planned one.",
    step_unit: "one move into the next cell",
    pseudocode: &[
        "stand on the start; remember only the passage you came in by", // BEGIN
        "while not on the goal:",
        "    if no passage here is open: give up, walled in", // WALLED_IN
        "    ways = the open passages here but the one you came in by",
        "    if ways is empty (a dead end): go back the way you came", // TURN_BACK
        "    else if ways has one passage: follow it",                 // FOLLOW
        "    else (a junction): take one of ways at random",           // CHOOSE
        "    if that was the last move allowed: give up",              // GIVE_UP
        "on the goal: the first way into each cell, followed back, is the path", // FOUND
    ],
    marks: &[(mark::VISITED, "walked on"), (mark::PATH, "path found")],
    events: &["move", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loop and the choice of
// ways around them).
const BEGIN: Line = Line(0);
const WALLED_IN: Line = Line(2);
const TURN_BACK: Line = Line(4);
const FOLLOW: Line = Line(5);
const CHOOSE: Line = Line(6);
const GIVE_UP: Line = Line(7);
const FOUND: Line = Line(8);

/// What the random mouse says, in English: its own keys (the page says them in its language
/// from `www/i18n/*.json`; en.json's `core` section is made from these).
pub static WORDS: &[Template] = &[BEGAN, DEAD_END, CORRIDOR, JUNCTION, LIMIT, REACHED, MEMORY];

const BEGAN: Template = Template {
    key: "narration.random-mouse.begin",
    english: "Started at cell {cell}. The mouse remembers only the passage it came in by; it \
              gives up after {limit} moves.",
};
const DEAD_END: Template = Template {
    key: "narration.random-mouse.dead-end",
    english: "Cell {from} is a dead end: turned back {side} to cell {to}.",
};
const CORRIDOR: Template = Template {
    key: "narration.random-mouse.corridor",
    english: "Only one way on from cell {from}: followed it {side} to cell {to}.",
};
const JUNCTION: Template = Template {
    key: "narration.random-mouse.junction",
    english: "Cell {from} is a junction with {ways} ways on: chose {side} at random, to cell \
              {to}.",
};
const LIMIT: Template = Template {
    key: "narration.random-mouse.limit",
    english: "Moved {side} from cell {from} to cell {to}: that was move {moves}, the last \
              allowed, so the mouse gives up without reaching the goal.",
};
const REACHED: Template = Template {
    key: "narration.random-mouse.found",
    english:
        "Reached the goal after a walk of {moves:step}; the first way into each cell, followed \
              back from the goal, is a path of {length:cell}.",
};
const MEMORY: Template = Template {
    key: "notes.random-mouse.moves",
    english: "{moves} of at most {limit} moves made; nothing else is remembered",
};

/// Moves allowed per cell of the grid before the mouse gives up.
pub const MOVES_PER_CELL: u64 = 1000;
/// Moves allowed at most, however big the grid: about a second of walking natively.
pub const MAX_MOVES: u64 = 20_000_000;
/// Why the mouse gave up when it ran out of moves.
pub const STEP_LIMIT: &str = reasons::RANDOM_MOUSE_LIMIT;

/// The moves allowed on a grid of `cells` cells.
pub fn move_limit(cells: usize) -> u64 {
    (cells as u64).saturating_mul(MOVES_PER_CELL).min(MAX_MOVES)
}

/// The random mouse as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct RandomMouse<T = Grid> {
    grid: T,
    start: usize,
    goal: usize,
    /// Where the mouse stands.
    cell: usize,
    /// The side of `cell` it came in by: all the mouse remembers (`None` on the start).
    came_in: Option<Side>,
    /// How many ways on it had to choose from at its last move (for the narration).
    ways: u8,
    moves: u64,
    limit: u64,
    /// The notebook, not the mouse's: the cell each cell was first entered from (the start is
    /// its own), [`NO_PARENT`] for cells not reached.
    first_from: Vec<u32>,
    started: bool,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Machine for RandomMouse<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.first_from[self.start] = self.start as u32;
            self.visited = 1;
            board.add_mark(self.start, mark::VISITED);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        let from = self.cell;
        if from == self.goal {
            let path = self.path_to(from);
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        // The open passages, the one it came in by left out (kept aside for a dead end).
        let mut ways = [(0, 0); 8];
        let (mut count, mut back) = (0, None);
        for (side, next) in open_neighbours(&self.grid, board.maze(), from) {
            if Some(side) == self.came_in {
                back = Some((side, next));
            } else {
                ways[count] = (side, next);
                count += 1;
            }
        }
        let ((side, next), line) = match (count, back) {
            (0, None) => {
                self.outcome = Some(Outcome::GaveUp {
                    route: vec![from],
                    reason: reasons::WALLED_IN,
                });
                return Some(Step::new(Event::Unreachable, WALLED_IN));
            }
            (0, Some(back)) => (back, TURN_BACK),
            (1, _) => (ways[0], FOLLOW),
            _ => (ways[self.pick(count)], CHOOSE),
        };
        let first_entry = self.first_from[next] == NO_PARENT;
        // For `undo`: what the mouse remembered before this move.
        board.note(undo::memory_word(self.came_in, self.ways, first_entry));
        self.ways = count as u8;
        self.cell = next;
        self.came_in = Some(self.grid.back(from, side));
        self.moves += 1;
        if first_entry {
            self.first_from[next] = from as u32;
            self.visited += 1;
            board.add_mark(next, mark::VISITED);
        }
        let gives_up = next != self.goal && self.moves >= self.limit;
        if gives_up {
            self.outcome = Some(Outcome::GaveUp {
                route: self.path_to(next),
                reason: STEP_LIMIT,
            });
        }
        let event = Event::Move {
            from: from as u32,
            to: next as u32,
            heading: side,
        };
        Some(Step::new(event, if gives_up { GIVE_UP } else { line }))
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
        self.started.then_some(self.cell)
    }

    /// The way it walks: across from the side it came in by.
    fn heading(&self) -> Option<Side> {
        self.came_in
            .map(|entered| facing(&self.grid, self.cell, entered))
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let side = |cell, side| crate::machine::side_words(maze, cell, side);
        match (step.event, step.line) {
            (Event::Begin { cell }, _) => Sentence::of(&BEGAN)
                .cell("cell", maze, cell as usize)
                .n("limit", self.limit),
            (Event::Move { from, to, heading }, line) => {
                let template = if line == TURN_BACK.0 {
                    &DEAD_END
                } else if line == FOLLOW.0 {
                    &CORRIDOR
                } else if line == CHOOSE.0 {
                    &JUNCTION
                } else {
                    &LIMIT
                };
                Sentence::of(template)
                    .cell("from", maze, from as usize)
                    .words("side", side(from, heading))
                    .cell("to", maze, to as usize)
                    .n("ways", self.ways)
                    .n("moves", self.moves)
            }
            (Event::Found { length }, _) => Sentence::of(&REACHED)
                .n("moves", self.moves)
                .n("length", length),
            (Event::Unreachable, _) => {
                Sentence::new("narration.gave-up").with("reason", reason_words(reasons::WALLED_IN))
            }
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("moves", self.moves), ("visited", self.visited)]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        // All the mouse knows: the cell it came from, through the side it came in by.
        let came_from = self
            .came_in
            .filter(|_| self.started)
            .map(|side| self.grid.through(self.cell, side));
        vec![Structure::new(
            "Memory: the cell it came from",
            u64::from(came_from.is_some()),
        )
        .cells(maze, &mut came_from.into_iter(), limit)
        .say(
            Sentence::of(&MEMORY)
                .n("moves", self.moves)
                .n("limit", self.limit),
        )]
    }
}

impl RandomMouse {
    /// A mouse on `maze`, whatever its grid: one copy of the machine for every shape, the
    /// plain square grid included. The walk is no race, and a second copy with the square
    /// grid's own arithmetic added 6.5 KB to the wasm module.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> RandomMouse {
        RandomMouse::on(maze.topology().into_owned(), start, goal)
    }
}

impl<T: Topology + Weave> RandomMouse<T> {
    /// A mouse on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> RandomMouse<T> {
        RandomMouse {
            start,
            goal,
            cell: start,
            came_in: None,
            ways: 0,
            moves: 0,
            limit: move_limit(grid.len()),
            first_from: vec![NO_PARENT; grid.len()],
            grid,
            started: false,
            visited: 0,
            outcome: None,
        }
    }

    /// The moves allowed before it gives up.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// One of `count` ways, at random: drawn from a generator seeded with the start, the goal
    /// and the number of this move, so the same walk comes out wherever it runs.
    fn pick(&self, count: usize) -> usize {
        let ends = (self.start as u64) << 32 ^ self.goal as u64;
        let seed = ends.rotate_left(17) ^ self.moves.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Rng::new(seed).index(count)
    }

    /// The first ways followed back from `cell` to the start: the path reported.
    fn path_to(&self, cell: usize) -> Vec<usize> {
        trace_path(&self.first_from, self.start, cell)
    }
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Solver for RandomMouse<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }
}

#[cfg(test)]
mod tests;
