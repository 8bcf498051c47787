//! Houston: an Aldous–Broder walk for the easy start, then Wilson's loop-erased walks for the
//! hard finish.
//!
//! How it works (Robin Houston's suggestion on Jamis Buck's blog, 2011, as jamis/csmazes has
//! it):
//! 1. Stand on a random cell; it is in the maze.
//! 2. While fewer than a third of the cells are in the maze, walk as Aldous–Broder does
//!    ([`super::aldous_broder`]): step to a random neighbour; if it is new, carve the passage
//!    you came through.
//! 3. Then finish as Wilson does ([`super::wilson`]): start a walk at a random cell not in the
//!    maze, step at random, erase every loop the walk makes, and carve the whole walk in when
//!    it reaches the maze. Repeat until every cell is in.
//!
//! Why: each walk is slow where the other is fast. Aldous–Broder finds new cells at almost
//! every move at first and hardly ever at the end; Wilson's first walk searches for a maze of
//! one cell, but once the maze is big, walks reach it quickly. Both make every perfect maze
//! equally likely on their own. For the pair, no proof is known that the result is exactly
//! uniform (Houston said as much); it is a perfect maze either way.
//!
//! The share: the walk hands over once [`switch_at`] cells are in the maze, a third of them
//! rounded up (csmazes' choice). The step that carves that cell says so, and the "Phase" view
//! shows which half runs and where the switch is.
//!
//! The two halves are the very machines of those two files: Houston steps its Aldous–Broder
//! walker, then a [`Wilson`] started around the cells the walk put in the maze
//! ([`Wilson::around`]), and tells their steps by its own pseudocode lines. One copy over the
//! shared [`Grid`] for every shape (no race here: the wasm module stays small).
//!
//! One step is one step of the half that runs: one move of the walker, or one move of a
//! Wilson walk (or starting one). Marks: `VISITED` for cells in the maze, `ACTIVE` for
//! Wilson's walk; the walker or the walk's head is [`Machine::current`].

use super::aldous_broder::{self, AldousBroder};
use super::wilson::{self, Wilson};
use crate::board::{mark, Board};
use crate::machine::{Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "houston",
    title: "Houston",
    summary: "Aldous–Broder's walk until a third of the cells are in, then Wilson's walks: a fast \
              start and a fast finish.",
    step_unit: "one move of the walker, or of a Wilson walk",
    pseudocode: &[
        "stand on a random cell; it is in the maze", // BEGIN
        "while fewer than a third of the cells are in the maze (Aldous–Broder):",
        "    step to a random neighbour; if it is new: carve the passage you came through", // CARVE
        "    otherwise: carve nothing, walk on", // WALK_ON
        "then, while some cell is not in the maze (Wilson):",
        "    start a walk at a random cell not in the maze", // START_WALK
        "    step to a random neighbour, adding it to the walk", // WALK
        "    if the walk crossed itself: erase the loop",    // ERASE_LOOP
        "    if it reached the maze: carve the walk into the maze", // ADD_WALK
    ],
    marks: &[
        (mark::VISITED, "in the maze"),
        (mark::ACTIVE, "Wilson's walk"),
    ],
    events: &["carve", "add-walk", "erase-loop", "move"],
};

// The pseudocode lines a step reports, by name (the others are the loops around them).
const BEGIN: Line = Line(0);
const CARVE: Line = Line(2);
const WALK_ON: Line = Line(3);
const START_WALK: Line = Line(5);
const WALK: Line = Line(6);
const ERASE_LOOP: Line = Line(7);
const ADD_WALK: Line = Line(8);

/// What Houston says of its own: the switch, and where it stands.
pub static WORDS: &[Template] = &[SWITCHED, WALKING, FINISHING];

const SWITCHED: Template = Template {
    key: "narration.houston.switch",
    english: "Moved from cell {from} to the new cell {to} and carved the passage: {joined} of \
              {cells} cells are in the maze, a third, so from now on Wilson's walks join the rest.",
};
const WALKING: Template = Template {
    key: "notes.houston.walk",
    english: "Aldous–Broder's walk: {joined} of {cells} cells in the maze; Wilson's walks take \
              over at {at}",
};
const FINISHING: Template = Template {
    key: "notes.houston.wilson",
    english: "Wilson's walks: they took over when {at} of {cells} cells were in the maze",
};

/// How many cells must be in the maze before Wilson's walks take over, on a grid of `cells`
/// cells: a third, rounded up.
pub fn switch_at(cells: usize) -> usize {
    cells.div_ceil(3)
}

/// Houston's generator as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct Houston {
    /// The first half, an Aldous–Broder walker; left as it was once Wilson takes over.
    walk: AldousBroder<Grid>,
    /// The second half, once it has taken over.
    wilson: Option<Wilson<Grid>>,
    grid: Grid,
    /// Cells (that are on).
    cells: usize,
    /// How many of them are in the maze when Wilson takes over ([`switch_at`]).
    at: usize,
}

impl Machine for Houston {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if let Some(wilson) = &mut self.wilson {
            let step = wilson.step(board, rng)?;
            let line = if step.line == wilson::WALK.0 {
                WALK
            } else if step.line == wilson::ERASE_LOOP.0 {
                ERASE_LOOP
            } else if step.line == wilson::ADD_WALK.0 {
                ADD_WALK
            } else {
                START_WALK
            };
            return Some(Step::new(step.event, line));
        }
        let step = self.walk.step(board, rng)?;
        let line = if step.line == aldous_broder::CARVE.0 {
            CARVE
        } else if step.line == aldous_broder::WALK_ON.0 {
            WALK_ON
        } else {
            BEGIN
        };
        // A third of the cells in (and some still out): Wilson's walks take over.
        let joined = self.cells - self.walk.remaining();
        if joined >= self.at && self.walk.remaining() > 0 {
            let walk = &self.walk;
            self.wilson = Some(Wilson::around(self.grid.clone(), |cell| walk.in_maze(cell)));
        }
        Some(Step::new(step.event, line))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        match &self.wilson {
            Some(wilson) => wilson.is_done(),
            None => self.walk.is_done(),
        }
    }

    fn current(&self) -> Option<usize> {
        match &self.wilson {
            Some(wilson) => wilson.current(),
            None => self.walk.current(),
        }
    }

    /// The step that handed over says so; the others say what their half says.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let walked = step.line == CARVE.0 || step.line == BEGIN.0;
        match (&self.wilson, step.event) {
            (Some(_), crate::machine::Event::Carve { cell, side }) if walked => {
                Sentence::of(&SWITCHED)
                    .cell("from", maze, cell as usize)
                    .cell("to", maze, self.grid.through(cell as usize, side))
                    .n("joined", self.at as u64)
                    .n("cells", self.cells as u64)
            }
            (Some(wilson), _) if !walked && step.line != WALK_ON.0 => wilson.sentence(step, maze),
            _ => self.walk.sentence(step, maze),
        }
    }

    /// The half that ran the step takes it back; taking back the step that handed over hands
    /// back to the walk.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        let inner = |line: Line| Step::new(step.event, line);
        let walked = if step.line == BEGIN.0 {
            Some(inner(aldous_broder::BEGIN))
        } else if step.line == CARVE.0 {
            Some(inner(aldous_broder::CARVE))
        } else if step.line == WALK_ON.0 {
            Some(inner(aldous_broder::WALK_ON))
        } else {
            None
        };
        if let Some(walked) = walked {
            self.wilson = None;
            return self.walk.undo(&walked, notes, board);
        }
        let line = if step.line == WALK.0 {
            wilson::WALK
        } else if step.line == ERASE_LOOP.0 {
            wilson::ERASE_LOOP
        } else if step.line == ADD_WALK.0 {
            wilson::ADD_WALK
        } else {
            wilson::START_WALK
        };
        match &mut self.wilson {
            Some(wilson) => wilson.undo(&inner(line), notes, board),
            None => false,
        }
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        let joined = match &self.wilson {
            Some(wilson) => self.cells - wilson.remaining(),
            None => self.cells - self.walk.remaining(),
        };
        vec![
            ("in the maze", joined as u64),
            ("switch at", self.at as u64),
        ]
    }

    /// Which half runs, then that half's own views (the walker, or the walk).
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let phase = Structure::new("Phase", 1);
        let (phase, mut views) = match &self.wilson {
            Some(wilson) => (
                phase.say(
                    Sentence::of(&FINISHING)
                        .n("at", self.at as u64)
                        .n("cells", self.cells as u64),
                ),
                wilson.inspect(maze, limit),
            ),
            None => (
                phase.say(
                    Sentence::of(&WALKING)
                        .n("joined", (self.cells - self.walk.remaining()) as u64)
                        .n("cells", self.cells as u64)
                        .n("at", self.at as u64),
                ),
                self.walk.inspect(maze, limit),
            ),
        };
        views.insert(0, phase);
        views
    }
}

impl Houston {
    /// A generator for `maze`'s grid, whatever its shape.
    pub fn new(maze: &Maze) -> Houston {
        let grid = maze.topology().into_owned();
        let cells = (0..grid.len()).filter(|&cell| grid.is_on(cell)).count();
        Houston {
            walk: AldousBroder::on(grid.clone()),
            wilson: None,
            grid,
            cells,
            at: switch_at(cells),
        }
    }

    /// Whether Wilson's walks have taken over from the Aldous–Broder walk.
    pub fn switched(&self) -> bool {
        self.wilson.is_some()
    }

    /// How many cells are in the maze when Wilson's walks take over.
    pub fn switch_at(&self) -> usize {
        self.at
    }
}
