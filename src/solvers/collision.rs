//! Collision solver ("amoebas"): pour water on the start and watch its fronts; when the goal is
//! wet, every shortest path is in what the water remembers.
//!
//! How it works (Walter Pullen's *Think Labyrinth* calls it the collision solver, or the
//! amoeba solver):
//! 1. Pour water on the start: one amoeba.
//! 2. Every round, every amoeba flows one cell on, all at once, into every dry cell beside it:
//!    at a junction it splits into several.
//! 3. Amoebas that flow into the same cell in the same round meet there and merge into one;
//!    the cell remembers that it was filled from both. An amoeba with no dry cell ahead dies:
//!    a dead end, or water from another front already there (two fronts meeting head on both
//!    die).
//! 4. The round that wets the goal ends the flood; a round that leaves no amoeba alive means
//!    the goal cannot be reached.
//! 5. Trace back from the goal, one move at a time: a wet neighbour of a traced cell that got
//!    wet one round earlier is where the water came from, so it is on a shortest path. The
//!    traced cells hold every shortest path, and only those.
//!
//! A cell's round is its distance from the start, so what each cell remembers (the
//! neighbours it was filled from) is the wet neighbours one round older. "Shortest" is in
//! moves: the registry refuses worlds with terrain costs.
//!
//! One step is one round of the flood (`Expand`: the first amoeba of the round, and the cells
//! wetted), or one move of the trace back (`Expand`: the first traced cell, and the cells it
//! marked); the first step pours the water (`Begin`), the last reports a path (`Found`) or
//! that every amoeba died (`Unreachable`). Marks: `VISITED` for wet cells, `FRONTIER` for the
//! amoebas of the newest round, `SPECIAL` for every cell on a shortest path, `PATH` for the one
//! reported. A step is taken back
//! by dropping the layer it made: nothing is noted.

use super::{is_uniform, mark_path, open_neighbours, terrain_refusal, Outcome, Solver};
use crate::board::{mark, Board};
use crate::ds::layers::Layers;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "collision",
    title: "Collision solver (amoebas)",
    summary: "Floods from the start like water: its fronts split at junctions and die where \
              they meet; once the goal is wet, tracing the water back marks every shortest path.",
    step_unit: "one round: every amoeba flows one cell on",
    pseudocode: &[
        "pour water on the start: one amoeba", // BEGIN
        "repeat, one round at a time:",
        "    every amoeba flows into each dry cell beside it; at a junction it splits", // ROUND
        "    amoebas flowing into one cell meet and merge; the cell remembers both",
        "    an amoeba with no dry cell ahead dies (a dead end, or it met water)",
        "    the goal is wet: the flood stops", // GOAL_WET
        "    no amoeba is left: the goal cannot be reached", // ALL_DIED
        "trace back from the goal, one move at a time:", // TRACE
        "    a wet neighbour one round older is where the water came from: on a shortest path",
        "the traced cells hold every shortest path; report one of them", // FOUND
    ],
    marks: &[
        (mark::VISITED, "wet"),
        (mark::FRONTIER, "amoebas (the newest round)"),
        (mark::SPECIAL, "on a shortest path"),
        (mark::PATH, "the path reported"),
    ],
    events: &["expand", "found"],
};

const BEGIN: Line = Line(0);
const ROUND: Line = Line(2);
const GOAL_WET: Line = Line(5);
const ALL_DIED: Line = Line(6);
const TRACE: Line = Line(7);
const FOUND: Line = Line(9);

/// What the collision solver says, in English.
pub static WORDS: &[Template] = &[POURED, FLOWED, WET_GOAL, DIED, TRACED, REACHED, FRONT_NOTE];

const POURED: Template = Template {
    key: "narration.collision.begin",
    english: "Poured water on cell {cell}: one amoeba.",
};
const FLOWED: Template = Template {
    key: "narration.collision.round",
    english: "Round {round}: {fronts} amoebas, from cell {cell} on, flowed into {wetted:cell}. {split} split at a \
              junction, {met} cells were reached by two or more at once (they merged there), \
              {died} died with nothing dry ahead.",
};
const WET_GOAL: Template = Template {
    key: "narration.collision.goal",
    english: "Round {round}: the amoebas from cell {cell} on wet the goal, {round} moves from \
              the start: the flood stops. Now the trace back from the goal.",
};
const DIED: Template = Template {
    key: "narration.collision.died",
    english: "Round {round}: every amoeba died without wetting the goal: it cannot be reached.",
};
const TRACED: Template = Template {
    key: "narration.collision.trace",
    english: "Traced back from cell {cell} on to round {round}: {marked:cell} there gave water to the traced cells \
              next to them, so they are on a shortest path.",
};
const REACHED: Template = Template {
    key: "narration.collision.found",
    english: "The trace reached the start: {on:cell} lie on a shortest path of {moves} moves. \
              One of them is reported as the path.",
};
const FRONT_NOTE: Template = Template {
    key: "notes.collision.round",
    english: "round {round}: {wet:cell} wet so far",
};

/// The collision solver as a step machine, one copy over the shared grid for every shape.
#[derive(Clone, Debug)]
pub struct Collision<T = Grid> {
    grid: T,
    start: usize,
    goal: usize,
    /// The water: every wet cell, round by round (a cell's round is its distance).
    wet: Layers,
    /// The trace back: the cells on a shortest path, one move at a time from the goal.
    traced: Layers,
    started: bool,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for Collision<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            if !is_uniform(board.maze()) {
                self.outcome = Some(terrain_refusal(self.start));
                return Some(Step::new(Event::Unreachable, BEGIN));
            }
            self.wet.open_layer();
            self.wet.add(self.start);
            board.add_mark(self.start, mark::VISITED | mark::FRONTIER);
            self.begin_trace(board);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        Some(if self.traced.layer_count() == 0 {
            self.round(board)
        } else if self.traced.layer_count() <= self.rounds() {
            self.trace(board)
        } else {
            self.found(board)
        })
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

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        match (step.event, step.line) {
            (Event::Begin { cell }, _) => Sentence::of(&POURED).cell("cell", maze, cell as usize),
            (Event::Expand { cell, added }, line) if line == ROUND.0 => {
                let round = self.wet.depth(cell as usize).unwrap_or(0);
                let [fronts, split, met, died] = self.fronts(maze, round);
                Sentence::of(&FLOWED)
                    .cell("cell", maze, cell as usize)
                    .n("round", round as u64 + 1)
                    .n("fronts", fronts)
                    .n("wetted", added)
                    .n("split", split)
                    .n("met", met)
                    .n("died", died)
            }
            (Event::Expand { cell, .. }, line) if line == GOAL_WET.0 => Sentence::of(&WET_GOAL)
                .cell("cell", maze, cell as usize)
                .n("round", self.rounds() as u64),
            (Event::Expand { cell, added }, _) => {
                let back = self.traced.layer_count().saturating_sub(1);
                Sentence::of(&TRACED)
                    .cell("cell", maze, cell as usize)
                    .n("round", self.rounds().saturating_sub(back) as u64)
                    .n("marked", added)
            }
            (Event::Unreachable, line) if line == BEGIN.0 => super::terrain_words(),
            (Event::Unreachable, _) => Sentence::of(&DIED).n("round", self.rounds() as u64),
            (Event::Found { .. }, _) => Sentence::of(&REACHED)
                .n("on", self.traced.cells().len() as u64)
                .n("moves", self.rounds() as u64),
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        match (step.event, step.line) {
            (Event::Unreachable, line) if line == BEGIN.0 => {
                self.started = false;
                self.outcome = None;
            }
            (Event::Begin { .. }, _) => {
                self.traced.drop_layer();
                self.wet.drop_layer();
                self.started = false;
            }
            (Event::Found { .. }, _) => self.outcome = None,
            (Event::Expand { .. }, line) if line == TRACE.0 => self.traced.drop_layer(),
            (Event::Expand { .. } | Event::Unreachable, line) => {
                if line == GOAL_WET.0 {
                    self.traced.drop_layer();
                }
                self.outcome = None;
                self.wet.drop_layer();
            }
            _ => return false,
        }
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("rounds", self.wet.layer_count().saturating_sub(1) as u64),
            ("visited", self.visited()),
            ("on a shortest path", self.traced.cells().len() as u64),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let round = self.wet.layer_count().saturating_sub(1);
        let fronts = self.wet.newest();
        let fronts = Structure::new("Amoebas (the newest round)", fronts.len() as u64)
            .cells(maze, &mut fronts.iter().map(|&c| c as usize), limit)
            .say(
                Sentence::of(&FRONT_NOTE)
                    .n("round", round as u64)
                    .n("wet", self.visited()),
            );
        let traced = self.traced.newest();
        let traced = Structure::new("Traced back (the newest move)", traced.len() as u64).cells(
            maze,
            &mut traced.iter().map(|&c| c as usize),
            limit,
        );
        vec![fronts, traced]
    }
}

impl Collision {
    /// The solver on `maze`, whatever its grid: one copy of the machine for every shape.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Collision {
        Collision::on(maze.topology().into_owned(), start, goal)
    }
}

impl<T: Topology> Collision<T> {
    /// The solver on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> Collision<T> {
        let cells = grid.len();
        Collision {
            grid,
            start,
            goal,
            wet: Layers::new(cells),
            traced: Layers::new(cells),
            started: false,
            outcome: None,
        }
    }

    /// One round: every amoeba of the newest round flows into the dry cells beside it.
    fn round(&mut self, board: &mut Board) -> Step {
        let fronts = self.wet.newest().to_vec();
        self.wet.open_layer();
        for &cell in &fronts {
            for (_, near) in open_neighbours(&self.grid, board.maze(), cell as usize) {
                self.wet.add(near);
            }
        }
        for &cell in &fronts {
            board.remove_mark(cell as usize, mark::FRONTIER);
        }
        for &cell in self.wet.newest() {
            board.add_mark(cell as usize, mark::VISITED | mark::FRONTIER);
        }
        let wetted = self.wet.newest().len() as u32;
        if wetted == 0 {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, ALL_DIED);
        }
        let event = Event::Expand {
            cell: fronts[0],
            added: wetted,
        };
        if self.begin_trace(board) {
            Step::new(event, GOAL_WET)
        } else {
            Step::new(event, ROUND)
        }
    }

    /// If the goal is wet, begins the trace back at it; says whether it did.
    fn begin_trace(&mut self, board: &mut Board) -> bool {
        if !self.wet.reached(self.goal) {
            return false;
        }
        self.traced.open_layer();
        self.traced.add(self.goal);
        board.add_mark(self.goal, mark::SPECIAL);
        true
    }

    /// One move of the trace back: the wet neighbours, one round older, of the traced cells.
    fn trace(&mut self, board: &mut Board) -> Step {
        let traced = self.traced.newest().to_vec();
        let older = self.rounds() - self.traced.layer_count();
        self.traced.open_layer();
        for &cell in &traced {
            for (_, near) in open_neighbours(&self.grid, board.maze(), cell as usize) {
                if self.wet.depth(near) == Some(older) {
                    self.traced.add(near);
                }
            }
        }
        for &cell in self.traced.newest() {
            board.add_mark(cell as usize, mark::SPECIAL);
        }
        let event = Event::Expand {
            cell: traced[0],
            added: self.traced.newest().len() as u32,
        };
        Step::new(event, TRACE)
    }

    /// The end: one of the shortest paths, from the goal back each time to the first traced
    /// neighbour (in side order) one round older.
    fn found(&mut self, board: &mut Board) -> Step {
        let maze = board.maze();
        let mut path = vec![self.goal];
        let mut cell = self.goal;
        while let Some(round) = self.wet.depth(cell).filter(|&r| r > 0) {
            let Some((_, older)) = open_neighbours(&self.grid, maze, cell).find(|&(_, near)| {
                self.traced.reached(near) && self.wet.depth(near) == Some(round - 1)
            }) else {
                break;
            };
            path.push(older);
            cell = older;
        }
        path.reverse();
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, FOUND)
    }

    /// The rounds the flood took to wet the goal (or so far).
    fn rounds(&self) -> usize {
        self.wet.layer_count().saturating_sub(1)
    }

    /// What the amoebas of `round` did, for the narration: how many there were, how many split
    /// (flowed into two or more cells), how many cells two or more flowed into at once (they
    /// met), how many died (flowed nowhere).
    fn fronts(&self, maze: &Maze, round: usize) -> [u64; 4] {
        let fronts = self.wet.layer(round);
        let (mut split, mut met, mut died) = (0, 0, 0);
        for &cell in fronts {
            let ahead = open_neighbours(&self.grid, maze, cell as usize)
                .filter(|&(_, near)| self.wet.depth(near) == Some(round + 1))
                .count();
            split += u64::from(ahead >= 2);
            died += u64::from(ahead == 0);
        }
        for &cell in self.wet.layer(round + 1) {
            let from = open_neighbours(&self.grid, maze, cell as usize)
                .filter(|&(_, near)| self.wet.depth(near) == Some(round))
                .count();
            met += u64::from(from >= 2);
        }
        [fronts.len() as u64, split, met, died]
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for Collision<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The wet cells.
    fn visited(&self) -> u64 {
        self.wet.cells().len() as u64
    }

    fn answer_cells(&self) -> Option<Vec<usize>> {
        if let None | Some(Outcome::GaveUp { .. }) = self.outcome {
            return None;
        }
        let mut cells: Vec<usize> = self.traced.cells().iter().map(|&c| c as usize).collect();
        cells.sort_unstable();
        Some(cells)
    }
}
