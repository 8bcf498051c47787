//! Blind-alley filling and blind-alley sealing (Walter Pullen's *Think Labyrinth*): close off
//! every part of the maze that you could only walk into and back out of by the same passage.
//!
//! A **blind alley** is a part of the maze joined to the rest by one passage only, a
//! *bridge*, with neither the start nor the goal in it: whoever goes in must come back out
//! through that same passage, so no solution goes in. Every dead end is one, so is a noose
//! (a loop on a stem), and so is any tangle of loops and branches hanging off one stem. What
//! is left when they are all closed is every cell on some way from the start to the goal that
//! walks no passage twice: all the solutions, short or long.
//!
//! How it works:
//! 1. Search depth-first from the start, numbering the cells in the order found. For each
//!    cell keep `low`: the smallest number that the cell, or the cells the search went on to
//!    from it, can reach by one passage other than the one the search came in by.
//! 2. When the search is done with a cell `c` (nothing new beyond it), hand `low(c)` up to
//!    the cell it came from. If `low(c)` is below `c`'s own number, the cells beyond `c` have
//!    a way round, and the passage into `c` is no bridge. Otherwise it is a bridge: everything
//!    the search found beyond `c` hangs off that one passage. If the goal is not among it (the
//!    start never is: the search began there), it is a blind alley and `c` is its door.
//! 3. Go through the cells in the order numbered (so a cell comes after the one it was found
//!    from). A cell is inside a blind alley if it is a door or the cell it was found from is
//!    inside one. **Filling** fills every such cell. **Sealing** only builds a wall across the
//!    passage into each door not already cut off, and leaves the alley behind it as it is,
//!    unreachable.
//! 4. A breadth-first search from the start through what is left gives the path (a shortest
//!    one: no way from the start to the goal ever enters a blind alley).
//!
//! Unlike Pullen's own method (send a wall follower down each passage of each junction and see
//! whether it comes back through the same passage), the depth-first search needs no wall to
//! follow, so it works on every grid, a weave's tunnels included, and it is linear. Pullen's
//! sealer finds the same passages as those whose walls on both sides are joined.
//!
//! One step is one cell numbered (`Push`), one cell done (`Pop`, said with what its passage in
//! turned out to be), one cell filled (`Fill`) or one passage sealed (`Seal`); the first step
//! numbers the start (`Begin`), the last is the search through what is left (`Found` or
//! `Unreachable`). Marks: `VISITED` for numbered cells, `ACTIVE` for cells on the stack,
//! `SPECIAL` for filled cells (filling) or sealed doors (sealing), `PATH` for the result.
//!
//! This file: the algorithm. Beside it: `undo.rs` (a step taken back); tests in tests/fillers.rs.

mod undo;

use super::{mark_path, open_neighbours, path_through_open, Outcome, Solver};
use crate::board::{mark, Board};
use crate::machine::{event_sentence, Template};
use crate::machine::{side_words, DebugState, Event, Info, Line, Machine, Step, Structure};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::words::Sentence;

// Filling and sealing share every line of their pseudocode but the one that closes an alley
// (`CLOSE`), so the line names below serve both.
pub static INFO_FILLING: Info = Info {
    name: "blind-alley-filling",
    title: "Blind-alley filling",
    summary: "Finds every passage that is the only way into a part of the maze with neither \
              start nor goal (a bridge), and fills that part in: what is left is every \
              solution, long or short.",
    step_unit: "one cell numbered, done or filled",
    pseudocode: &[
        "number cells depth-first from the start; low(c) = the lowest number c and the cells beyond it reach", // BEGIN
        "while the stack is not empty, with c on top:",
        "    a passage from c to a cell not numbered yet: number it, low = its number, push it", // ENTER
        "    a passage to a numbered cell (not the way back): low(c) = min(low(c), its number)",
        "    no passage left: pop c; low(parent) = min(low(parent), low(c)); then",
        "        low(c) < number(c): a way round, so the passage into c is no bridge", // ROUND
        "        else the passage into c is a bridge; the goal is beyond it: keep it", // TO_GOAL
        "        else a bridge with neither start nor goal beyond: c is a blind alley's door", // DOOR
        "        c was the start: every bridge is known", // ALL_KNOWN
        "for each cell in the order numbered:",
        "    inside a blind alley (a door, or found from a cell inside): fill it", // CLOSE
        "search from the start through what is left",
        "    reached the goal: that is the path", // FOUND
        "    did not reach the goal: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[
        (mark::VISITED, "numbered"),
        (mark::ACTIVE, "on the stack"),
        (mark::SPECIAL, "filled blind alley"),
        (mark::PATH, "path"),
    ],
    events: &["pop", "fill", "push", "found"],
};

pub static INFO_SEALING: Info = Info {
    name: "blind-alley-sealing",
    title: "Blind-alley sealing",
    summary: "Finds the same blind alleys as blind-alley filling, but only walls up the \
              passage into each one: the alleys stay as they are, cut off from every solution.",
    step_unit: "one cell numbered, done or sealed",
    pseudocode: &[
        "number cells depth-first from the start; low(c) = the lowest number c and the cells beyond it reach", // BEGIN
        "while the stack is not empty, with c on top:",
        "    a passage from c to a cell not numbered yet: number it, low = its number, push it", // ENTER
        "    a passage to a numbered cell (not the way back): low(c) = min(low(c), its number)",
        "    no passage left: pop c; low(parent) = min(low(parent), low(c)); then",
        "        low(c) < number(c): a way round, so the passage into c is no bridge", // ROUND
        "        else the passage into c is a bridge; the goal is beyond it: keep it", // TO_GOAL
        "        else a bridge with neither start nor goal beyond: c is a blind alley's door", // DOOR
        "        c was the start: every bridge is known", // ALL_KNOWN
        "for each cell in the order numbered:",
        "    a blind alley's door not cut off yet: wall up the passage into it; behind it is cut off", // CLOSE
        "search from the start through what is left",
        "    reached the goal: that is the path", // FOUND
        "    did not reach the goal: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[
        (mark::VISITED, "numbered"),
        (mark::ACTIVE, "on the stack"),
        (mark::SPECIAL, "sealed door"),
        (mark::PATH, "path"),
    ],
    events: &["pop", "seal", "push", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops around them and the
// passages back, which a step takes in silently).
const BEGIN: Line = Line(0);
const ENTER: Line = Line(2);
const ROUND: Line = Line(5);
const TO_GOAL: Line = Line(6);
const DOOR: Line = Line(7);
const ALL_KNOWN: Line = Line(8);
const CLOSE: Line = Line(10);
const FOUND: Line = Line(12);
const UNREACHABLE: Line = Line(13);

/// What blind-alley filling and sealing say, in English.
pub static WORDS: &[Template] = &[
    BEGAN, ENTERED, NO_BRIDGE, BRIDGE, BLIND, KNOWN, FILLED, SEALED, NUMBERS,
];

const BEGAN: Template = Template {
    key: "narration.blind-alley.begin",
    english: "Numbered the start {cell} 1 and pushed it: the depth-first search for bridges \
              begins.",
};
const ENTERED: Template = Template {
    key: "narration.blind-alley.enter",
    english: "Went {side} from cell {cell} to {next}, not numbered yet: numbered it {number} \
              and pushed it.",
};
const NO_BRIDGE: Template = Template {
    key: "narration.blind-alley.round",
    english: "Done with cell {cell}: low {low} is below its number {number}, so there is a \
              way round it; the passage from {parent} into it is no bridge.",
};
const BRIDGE: Template = Template {
    key: "narration.blind-alley.to-goal",
    english: "Done with cell {cell}: nothing beyond it reaches above its number {number}, so \
              the passage from {parent} into it is a bridge; the goal lies beyond it, so it \
              stays open.",
};
const BLIND: Template = Template {
    key: "narration.blind-alley.door",
    english: "Done with cell {cell}: nothing beyond it reaches above its number {number}, so \
              the passage from {parent} into it is a bridge, and the {size:cell} beyond hold \
              neither start nor goal: a blind alley.",
};
const KNOWN: Template = Template {
    key: "narration.blind-alley.known",
    english: "Back at the start {cell}: {numbered:cell} numbered, {bridges} bridges found, \
              {doors} of them into blind alleys.",
};
const FILLED: Template = Template {
    key: "narration.blind-alley.fill",
    english: "Filled cell {cell}: it lies in a blind alley, so no solution passes it.",
};
const SEALED: Template = Template {
    key: "narration.blind-alley.seal",
    english: "Walled up the passage from cell {parent} into cell {cell}, a blind alley's door: \
              everything behind it is cut off.",
};
const NUMBERS: Template = Template {
    key: "notes.blind-alley.numbers",
    english: "cell {cell}: number {number}, low {low}",
};

/// No side: the start was not entered by a passage.
const NO_SIDE: u8 = u8::MAX;

/// Where the machine is in its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Begin,
    /// The depth-first search for bridges.
    Search,
    /// Going through the cells in the order numbered, filling or sealing.
    Close,
}

/// Blind-alley filling or sealing as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct BlindAlley<T = Grid> {
    grid: T,
    start: usize,
    goal: usize,
    /// Sealing (wall up each door) rather than filling (fill each alley).
    seals: bool,
    stage: Stage,
    /// Each cell's number in the order the search found it, from 1; 0 for not found yet.
    number: Vec<u32>,
    /// The lowest number a cell and the cells found beyond it reach (see the module's step 1).
    low: Vec<u32>,
    /// The side each cell was entered by (toward the cell it was found from), [`NO_SIDE`]
    /// for the start and cells not found.
    came_in: Vec<u8>,
    /// The search's stack: a cell and the next of its sides to look through.
    stack: Vec<(u32, u8)>,
    /// The cells in the order numbered.
    order: Vec<u32>,
    /// Whether a cell is a blind alley's door (its passage in is a bridge to no start or goal).
    door: Vec<bool>,
    /// The doors, in the order found.
    doors: Vec<u32>,
    bridges: u64,
    /// How far through `order` the filling or sealing has gone.
    cursor: usize,
    /// Cells inside a blind alley, once the filling or sealing has passed them.
    closed: Vec<bool>,
    /// Cells filled, or passages sealed.
    closings: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for BlindAlley<T> {
    // Not inlined into `step_to_end`: one copy of the step in the wasm module.
    #[inline(never)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        match self.stage {
            Stage::Begin => {
                self.stage = Stage::Search;
                self.enter(board, self.start, NO_SIDE);
                let cell = self.start as u32;
                Some(Step::new(Event::Begin { cell }, BEGIN))
            }
            Stage::Search if !self.stack.is_empty() => Some(self.search_step(board)),
            Stage::Search | Stage::Close => {
                board.note(self.cursor as u32);
                let Some(cell) = self.next_closed() else {
                    return Some(self.last_search(board));
                };
                self.closings += 1;
                board.add_mark(cell, mark::SPECIAL);
                let event = if self.seals {
                    let side = self.came_in[cell];
                    Event::Seal {
                        cell: cell as u32,
                        side,
                    }
                } else {
                    Event::Fill { cell: cell as u32 }
                };
                Some(Step::new(event, CLOSE))
            }
        }
    }

    fn info(&self) -> &'static Info {
        if self.seals {
            &INFO_SEALING
        } else {
            &INFO_FILLING
        }
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        match self.stage {
            Stage::Begin => None,
            Stage::Search => self.stack.last().map(|&(cell, _)| cell as usize),
            Stage::Close if self.outcome.is_none() && self.cursor > 0 => {
                Some(self.order[self.cursor - 1] as usize)
            }
            Stage::Close => None,
        }
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let number = |cell: u32| self.number[cell as usize];
        match step.event {
            Event::Begin { cell } => Sentence::of(&BEGAN).cell("cell", maze, cell as usize),
            Event::Push { cell, side } => {
                let next = self.grid.through(cell as usize, side);
                Sentence::of(&ENTERED)
                    .words("side", side_words(maze, cell, side))
                    .cell("cell", maze, cell as usize)
                    .cell("next", maze, next)
                    .n("number", self.number[next])
            }
            Event::Pop { cell } if step.line == ALL_KNOWN.0 => Sentence::of(&KNOWN)
                .cell("cell", maze, cell as usize)
                .n("numbered", self.order.len() as u64)
                .n("bridges", self.bridges)
                .n("doors", self.doors.len() as u64),
            Event::Pop { cell } => {
                let template = if step.line == ROUND.0 {
                    &NO_BRIDGE
                } else if step.line == TO_GOAL.0 {
                    &BRIDGE
                } else {
                    &BLIND
                };
                // The cells found beyond `cell`: all those numbered since it, as it is done.
                let size = self.order.len() as u32 + 1 - number(cell);
                Sentence::of(template)
                    .cell("cell", maze, cell as usize)
                    .cell("parent", maze, self.parent(cell as usize))
                    .n("number", number(cell))
                    .n("low", self.low[cell as usize])
                    .n("size", size)
            }
            Event::Fill { cell } => Sentence::of(&FILLED).cell("cell", maze, cell as usize),
            Event::Seal { cell, .. } => Sentence::of(&SEALED)
                .cell("cell", maze, cell as usize)
                .cell("parent", maze, self.parent(cell as usize)),
            _ => event_sentence(&step.event, maze),
        }
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("stack", self.stack.len() as u64),
            ("bridges", self.bridges),
            (if self.seals { "sealed" } else { "filled" }, self.closings),
            ("visited", self.order.len() as u64),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut top_first = self.stack.iter().rev().map(|&(c, _)| c as usize);
        let mut stack = Structure::new("Stack (top first)", self.stack.len() as u64).cells(
            maze,
            &mut top_first,
            limit,
        );
        if let Some(&(top, _)) = self.stack.last() {
            let top = top as usize;
            stack.set_note(
                Sentence::of(&NUMBERS)
                    .cell("cell", maze, top)
                    .n("number", self.number[top])
                    .n("low", self.low[top]),
            );
        }
        let mut newest_first = self.doors.iter().rev().map(|&c| c as usize);
        let doors = Structure::new("Blind alley doors (newest first)", self.doors.len() as u64)
            .cells(maze, &mut newest_first, limit);
        vec![stack, doors]
    }
}

impl<T: Topology> BlindAlley<T> {
    /// One step of the depth-first search (the stack is not empty): look through the sides of
    /// the cell on top of the stack for one to a cell not numbered yet (taking the passages back to numbered cells
    /// into its `low` on the way), and number it; or, with none left, be done with the cell.
    fn search_step(&mut self, board: &mut Board) -> Step {
        let (top, next_side) = self.stack[self.stack.len() - 1];
        let cell = top as usize;
        // For `undo`: where the look through the sides began, and `low` before it.
        board.note(u32::from(next_side));
        board.note(self.low[cell]);
        for (side, next) in open_neighbours(&self.grid, board.maze(), cell) {
            if side < next_side || side == self.came_in[cell] {
                continue;
            }
            if self.number[next] == 0 {
                let last = self.stack.len() - 1;
                self.stack[last].1 = side + 1;
                self.enter(board, next, self.grid.back(cell, side));
                let event = Event::Push {
                    cell: cell as u32,
                    side,
                };
                return Step::new(event, ENTER);
            }
            self.low[cell] = self.low[cell].min(self.number[next]);
        }
        self.stack.pop();
        board.remove_mark(cell, mark::ACTIVE);
        let event = Event::Pop { cell: cell as u32 };
        if self.stack.is_empty() {
            self.stage = Stage::Close;
            return Step::new(event, ALL_KNOWN);
        }
        let parent = self.parent(cell);
        board.note(self.low[parent]);
        self.low[parent] = self.low[parent].min(self.low[cell]);
        if self.low[cell] < self.number[cell] {
            return Step::new(event, ROUND);
        }
        self.bridges += 1;
        // Everything numbered since `cell` lies beyond it; the goal is there if it was
        // numbered since.
        let goal_beyond = self.number[self.goal] >= self.number[cell];
        if goal_beyond {
            return Step::new(event, TO_GOAL);
        }
        self.door[cell] = true;
        self.doors.push(cell as u32);
        Step::new(event, DOOR)
    }

    /// Numbers `cell`, entered through its side `came_in`, and pushes it.
    fn enter(&mut self, board: &mut Board, cell: usize, came_in: u8) {
        self.order.push(cell as u32);
        let number = self.order.len() as u32;
        self.number[cell] = number;
        self.low[cell] = number;
        self.came_in[cell] = came_in;
        self.stack.push((cell as u32, 0));
        board.add_mark(cell, mark::VISITED | mark::ACTIVE);
    }

    /// The cell `cell` was found from (the start is its own).
    fn parent(&self, cell: usize) -> usize {
        match self.came_in[cell] {
            NO_SIDE => cell,
            side => self.grid.through(cell, side),
        }
    }

    /// Moves on through the cells in the order numbered, marking those inside a blind alley
    /// closed, to the next one to fill (filling: any of them) or seal (sealing: a door whose
    /// parent is not closed already); `None` at the end.
    fn next_closed(&mut self) -> Option<usize> {
        while let Some(&cell) = self.order.get(self.cursor) {
            let cell = cell as usize;
            self.cursor += 1;
            let behind = cell != self.start && self.closed[self.parent(cell)];
            if !behind && !self.door[cell] {
                continue;
            }
            self.closed[cell] = true;
            if !self.seals || !behind {
                return Some(cell);
            }
        }
        None
    }

    /// The last step: a breadth-first search from the start through the cells not closed.
    fn last_search(&mut self, board: &mut Board) -> Step {
        let maze = board.maze();
        let (path, _) = path_through_open(&self.grid, maze, self.start, self.goal, &self.closed);
        let Some(path) = path else {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, UNREACHABLE);
        };
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, FOUND)
    }

    /// Whether the filling or sealing closed `cell` (a cell inside a blind alley).
    pub fn is_closed(&self, cell: usize) -> bool {
        self.closed[cell]
    }

    /// The blind alleys' doors found so far: the far cells of the bridges into them.
    pub fn doors(&self) -> &[u32] {
        &self.doors
    }

    /// The cell a door's bridge comes from (the cell it was found from).
    pub fn entered_from(&self, cell: usize) -> usize {
        self.parent(cell)
    }
}

impl BlindAlley {
    /// Blind-alley filling (`seals` false) or sealing on `maze`, whatever its grid: one copy of
    /// the machine for every shape (nobody races it).
    pub fn new(maze: &Maze, start: usize, goal: usize, seals: bool) -> BlindAlley {
        BlindAlley::on(maze.topology().into_owned(), start, goal, seals)
    }
}

impl<T: Topology> BlindAlley<T> {
    /// The machine on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize, seals: bool) -> BlindAlley<T> {
        let len = grid.len();
        BlindAlley {
            grid,
            start,
            goal,
            seals,
            stage: Stage::Begin,
            number: vec![0; len],
            low: vec![0; len],
            came_in: vec![NO_SIDE; len],
            stack: Vec::new(),
            order: Vec::new(),
            door: vec![false; len],
            doors: Vec::new(),
            bridges: 0,
            cursor: 0,
            closed: vec![false; len],
            closings: 0,
            outcome: None,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for BlindAlley<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.order.len() as u64
    }
}
