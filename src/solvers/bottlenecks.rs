//! Bottlenecks: the cells every way from the start to the goal must pass, shortest or not.
//!
//! How it works (Daedalus' bottleneck finder, with Tarjan's numbering of a depth-first search
//! to find them):
//! 1. Search depth first from the start, with a stack (no recursion), numbering each cell in
//!    the order it is reached.
//! 2. Each cell keeps a *low* number: the smallest number its branch of the search (the cell
//!    and everything reached from it) touches by a single passage. A passage to a cell reached
//!    already lowers it; a finished cell hands its low to the cell it was reached from.
//! 3. If the goal was not reached, it cannot be reached.
//! 4. Walk the search's path from the goal up to the start. For each cell `v` on it (the ends
//!    left out), look at its child on the path, whose branch holds the goal: if that branch's
//!    low is no smaller than `v`'s number, nothing in it reaches round `v` to the cells before
//!    it, so every way to the goal passes `v`: a bottleneck. Otherwise there is a way round.
//! 5. Report the bottlenecks and the search's path (a path, not always a shortest one).
//!
//! Only cells on that one path can be bottlenecks: every other cell has a way round it, the
//! path itself. The start and the goal are on every way trivially and are not listed.
//!
//! One step is one move of the search: a cell reached and pushed (`Push`), or a cell finished
//! and popped (`Pop`); then one cell of the path checked (`Expand`: `added` is 1 for a
//! bottleneck), and `Found` or `Unreachable`. Marks: `VISITED` for cells reached, `ACTIVE` for
//! the stack, `SPECIAL` for bottlenecks, `PATH` for the path. Taking a step back: the search's
//! steps note the numbers they overwrite.

use super::{open_neighbours, trace_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::{xy, DebugState, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "bottlenecks",
    title: "Bottleneck finder",
    summary: "Finds the cells every way from start to goal must pass, by numbering a \
              depth-first search and the lowest number each branch reaches back to.",
    step_unit: "one move of the search, or one cell of the path checked",
    pseudocode: &[
        "depth-first search from the start; number each cell in the order reached", // BEGIN
        "while the stack is not empty:",
        "    a passage to a cell not reached: number it, low = its number, push it", // DISCOVER
        "    a passage to a cell reached already: low = the smaller of low and its number",
        "    no passage left: pop the cell; its parent's low = the smaller of the two", // RETREAT
        "goal not reached: the goal cannot be reached", // UNREACHABLE
        "walk the path from the goal up to the start; for each cell v on it:",
        "    low of v's child on the path ≥ number of v: every way passes v, a bottleneck", // BOTTLENECK
        "    else the child's branch reaches back before v: there is a way round", // WAY_ROUND
        "report the bottlenecks and the path",                                     // FOUND
    ],
    marks: &[
        (mark::VISITED, "reached"),
        (mark::ACTIVE, "on the stack"),
        (mark::SPECIAL, "bottleneck"),
        (mark::PATH, "path"),
    ],
    events: &["push", "pop", "expand", "found"],
};

const BEGIN: Line = Line(0);
const DISCOVER: Line = Line(2);
const RETREAT: Line = Line(4);
const UNREACHABLE: Line = Line(5);
const BOTTLENECK: Line = Line(7);
const WAY_ROUND: Line = Line(8);
const FOUND: Line = Line(9);

/// What the bottleneck finder says, in English.
pub static WORDS: &[Template] = &[
    BEGAN,
    PUSHED,
    POPPED,
    IS_BOTTLENECK,
    NOT_BOTTLENECK,
    REACHED,
    STACK_NOTE,
];

const BEGAN: Template = Template {
    key: "narration.bottlenecks.begin",
    english: "Started the search at cell {cell}: number 0.",
};
const PUSHED: Template = Template {
    key: "narration.bottlenecks.push",
    english: "Went {side} from cell {from} to cell {cell}, not reached before: number {number}.",
};
const POPPED: Template = Template {
    key: "narration.bottlenecks.pop",
    english: "Cell {cell} (number {number}) has no passage left to follow: popped; the lowest \
              number its branch reaches is {low}.",
};
const IS_BOTTLENECK: Template = Template {
    key: "narration.bottlenecks.bottleneck",
    english: "Cell {cell} (number {number}): the branch of the path after it reaches back only \
              to {low}, not before it, so every way to the goal passes it: a bottleneck.",
};
const NOT_BOTTLENECK: Template = Template {
    key: "narration.bottlenecks.way-round",
    english: "Cell {cell} (number {number}): the branch of the path after it reaches back to \
              {low}, before it, so there is a way round.",
};
const REACHED: Template = Template {
    key: "narration.bottlenecks.found",
    english: "Checked the path: {count:cell} every way from start to goal must pass. The path \
              reported is the search's, {length:cell} long.",
};
const STACK_NOTE: Template = Template {
    key: "notes.bottlenecks.stack",
    english: "number / low of each cell, the top first",
};

/// "Not reached yet" in the numbers.
const NOT_SEEN: u32 = u32::MAX;

/// Past every side: a cell with nothing left to look at.
const NO_SIDES_LEFT: u8 = 8;

/// The bottleneck finder as a step machine, one copy over the shared grid for every shape.
#[derive(Clone, Debug)]
pub struct Bottlenecks<T = Grid> {
    grid: T,
    start: usize,
    goal: usize,
    /// The order in which the search reached each cell, [`NOT_SEEN`] if not yet.
    number: Vec<u32>,
    /// The smallest number each cell's branch touches by one passage (Tarjan's low).
    low: Vec<u32>,
    /// The cell each cell was reached from (the start its own), [`NO_PARENT`] if not reached.
    parent: Vec<u32>,
    /// The search's stack, the cell it stands on last.
    stack: Vec<u32>,
    /// The first side of each cell on the stack not looked at yet.
    next_side: Vec<u8>,
    /// Cells reached so far (the next number).
    reached: u32,
    /// The cell of the path whose parent is checked next, once the checks began.
    checking: Option<u32>,
    /// The bottlenecks found, from the goal's end.
    found: Vec<u32>,
    started: bool,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for Bottlenecks<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.reach(board, self.start, self.start);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        if let Some(&top) = self.stack.last() {
            return Some(self.search(board, top as usize));
        }
        if self.number[self.goal] == NOT_SEEN {
            self.outcome = Some(Outcome::Unreachable);
            return Some(Step::new(Event::Unreachable, UNREACHABLE));
        }
        let child = self.checking.map_or(self.goal, |c| c as usize);
        let cell = self.parent[child] as usize;
        if child == self.start || cell == self.start {
            let path = trace_path(&self.parent, self.start, self.goal);
            // The bottlenecks keep their own colour on the path (the path's would hide it).
            for &cell in &path {
                if board.mark(cell) & (mark::SPECIAL | mark::PATH) == 0 {
                    board.add_mark(cell, mark::PATH);
                }
            }
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        board.note(self.checking.unwrap_or(NOT_SEEN));
        self.checking = Some(cell as u32);
        let bottleneck = self.low[child] >= self.number[cell];
        if bottleneck {
            self.found.push(cell as u32);
            board.add_mark(cell, mark::SPECIAL);
        }
        let event = Event::Expand {
            cell: cell as u32,
            added: u32::from(bottleneck),
        };
        Some(Step::new(
            event,
            if bottleneck { BOTTLENECK } else { WAY_ROUND },
        ))
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
        if self.outcome.is_some() {
            return None;
        }
        match self.checking {
            Some(cell) => Some(cell as usize),
            None => self.stack.last().map(|&c| c as usize),
        }
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let numbered = |template, cell: u32| {
            let cell = cell as usize;
            Sentence::of(template)
                .cell("cell", maze, cell)
                .n("number", self.number[cell])
        };
        match step.event {
            Event::Begin { cell } => Sentence::of(&BEGAN).cell("cell", maze, cell as usize),
            Event::Push { cell, side } => {
                let from = self.parent[cell as usize] as usize;
                numbered(&PUSHED, cell)
                    .cell("from", maze, from)
                    .words("side", crate::machine::side_words(maze, from as u32, side))
            }
            Event::Pop { cell } => numbered(&POPPED, cell).n("low", self.low[cell as usize]),
            Event::Expand { cell, added } => {
                // The child on the path is the cell checked before (the goal first).
                let child = self
                    .path_child(cell as usize)
                    .map_or(0, |child| self.low[child]);
                let template = if added == 1 {
                    &IS_BOTTLENECK
                } else {
                    &NOT_BOTTLENECK
                };
                numbered(template, cell).n("low", child)
            }
            Event::Found { length } => Sentence::of(&REACHED)
                .n("count", self.found.len() as u64)
                .n("length", length),
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("visited", u64::from(self.reached)),
            ("stack", self.stack.len() as u64),
            ("bottlenecks", self.found.len() as u64),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut stack = Structure::new("Stack (number / low)", self.stack.len() as u64);
        for &cell in self.stack.iter().rev().take(limit) {
            let cell = cell as usize;
            let (number, low) = (self.number[cell], self.low[cell]);
            stack
                .items
                .push(format!("{} {number}/{low}", xy(maze, cell)));
        }
        stack.set_note(Sentence::of(&STACK_NOTE));
        let found = Structure::new("Bottlenecks", self.found.len() as u64).cells(
            maze,
            &mut self.found.iter().map(|&c| c as usize),
            limit,
        );
        vec![stack, found]
    }
}

impl Bottlenecks {
    /// The finder on `maze`, whatever its grid: one copy of the machine for every shape.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Bottlenecks {
        Bottlenecks::on(maze.topology().into_owned(), start, goal)
    }
}

impl<T: Topology> Bottlenecks<T> {
    /// The finder on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> Bottlenecks<T> {
        let cells = grid.len();
        Bottlenecks {
            grid,
            start,
            goal,
            number: vec![NOT_SEEN; cells],
            low: vec![NOT_SEEN; cells],
            parent: vec![NO_PARENT; cells],
            stack: Vec::new(),
            next_side: vec![0; cells],
            reached: 0,
            checking: None,
            found: Vec::new(),
            started: false,
            outcome: None,
        }
    }

    /// One move of the search from `top`: on to the next cell not reached, or back. Notes
    /// what it overwrites: `top`'s next side and low, and (popping) its parent's low.
    fn search(&mut self, board: &mut Board, top: usize) -> Step {
        board.note_words(&[u32::from(self.next_side[top]), self.low[top]]);
        let first = self.next_side[top];
        let mut ahead = None;
        for (side, near) in open_neighbours(&self.grid, board.maze(), top) {
            if side < first {
                continue;
            }
            if self.number[near] == NOT_SEEN {
                ahead = Some((side, near));
                break;
            }
            // The passage back to the parent counts too: it cannot make a bottleneck's low
            // smaller than the bottleneck's own number.
            self.low[top] = self.low[top].min(self.number[near]);
        }
        match ahead {
            Some((side, near)) => {
                self.next_side[top] = side + 1;
                self.reach(board, near, top);
                let event = Event::Push {
                    cell: near as u32,
                    side,
                };
                Step::new(event, DISCOVER)
            }
            None => {
                self.next_side[top] = NO_SIDES_LEFT;
                self.stack.pop();
                board.remove_mark(top, mark::ACTIVE);
                let parent = self.parent[top] as usize;
                board.note(self.low[parent]);
                if parent != top {
                    self.low[parent] = self.low[parent].min(self.low[top]);
                }
                Step::new(Event::Pop { cell: top as u32 }, RETREAT)
            }
        }
    }

    /// Numbers `cell`, reached from `parent`, and pushes it.
    fn reach(&mut self, board: &mut Board, cell: usize, parent: usize) {
        self.number[cell] = self.reached;
        self.low[cell] = self.reached;
        self.reached += 1;
        self.parent[cell] = parent as u32;
        self.stack.push(cell as u32);
        board.add_mark(cell, mark::VISITED | mark::ACTIVE);
    }

    /// The child of `cell` on the path to the goal (the goal's end of the path).
    fn path_child(&self, cell: usize) -> Option<usize> {
        let mut child = self.goal;
        while self.parent[child] as usize != cell {
            let up = self.parent[child] as usize;
            if up == child || up >= self.parent.len() {
                return None;
            }
            child = up;
        }
        Some(child)
    }

    /// [`Machine::undo`]: every step can be taken back.
    fn take_back(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        match (step.event, notes) {
            (Event::Begin { .. }, _) => {
                self.unreach(self.start);
                self.started = false;
            }
            (Event::Push { cell, .. }, &[side, low]) => {
                let cell = cell as usize;
                let top = self.parent[cell] as usize;
                self.unreach(cell);
                self.next_side[top] = side as u8;
                self.low[top] = low;
            }
            (Event::Pop { cell }, &[side, low, parent_low]) => {
                let cell = cell as usize;
                self.stack.push(cell as u32);
                self.next_side[cell] = side as u8;
                // The parent first: the start is its own parent, and its own low comes last.
                self.low[self.parent[cell] as usize] = parent_low;
                self.low[cell] = low;
            }
            (Event::Expand { added, .. }, &[checking]) => {
                if added == 1 {
                    self.found.pop();
                }
                self.checking = (checking != NOT_SEEN).then_some(checking);
            }
            (Event::Found { .. } | Event::Unreachable, _) => self.outcome = None,
            _ => return false,
        }
        true
    }

    /// Takes back [`Bottlenecks::reach`].
    fn unreach(&mut self, cell: usize) {
        self.stack.pop();
        self.number[cell] = NOT_SEEN;
        self.low[cell] = NOT_SEEN;
        self.parent[cell] = NO_PARENT;
        self.next_side[cell] = 0;
        self.reached -= 1;
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for Bottlenecks<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        u64::from(self.reached)
    }

    fn search_parent(&self, cell: usize) -> Option<usize> {
        let parent = self.parent[cell];
        (parent != NO_PARENT).then_some(parent as usize)
    }

    fn answer_cells(&self) -> Option<Vec<usize>> {
        self.outcome.as_ref()?;
        let mut cells: Vec<usize> = self.found.iter().map(|&c| c as usize).collect();
        cells.sort_unstable();
        Some(cells)
    }
}
