//! Cul-de-sac filling (Walter Pullen's *Think Labyrinth*): turn every noose into a dead end,
//! and fill dead ends.
//!
//! A **cul-de-sac**, or noose, is a loop hanging off the maze by one stem: every cell of the
//! loop has two open sides (on along the loop), but one, where the stem joins it, which has
//! three. Dead-end filling cannot touch it (no cell of the loop is a dead end), yet no way
//! from the start to the goal goes in, unless the start or the goal is on it.
//!
//! How it works (Pullen: it is used with the dead-end filler):
//! 1. Count, for every cell, its open sides.
//! 2. Fill dead ends as dead-end filling does: a cell with one open side (or none) that is
//!    neither start nor goal is filled; its neighbour loses an open side and may be a dead end
//!    next, so whole blind corridors fill in from their tips.
//! 3. With no dead end left, look for a noose: a cell with three open sides from which a
//!    corridor of cells with two open sides each (no start or goal among them) leaves by one
//!    side and comes back by another. Build a wall across the first side of that loop, where
//!    the stem meets it: the loop is now a corridor with a dead end, and step 2 fills it, and
//!    its stem, back to the junction the stem leaves.
//! 4. Filling may make a new noose (a loop whose other branches were dead ends): the cells
//!    that lost an open side are looked at again, as well as every cell once, in index order.
//! 5. When there is neither a dead end nor a noose, search from the start through the cells
//!    left: what is left holds every way from the start to the goal.
//!
//! A noose with a second loop on it, or loops that share cells, is no noose by this rule and
//! stays (blind-alley filling gets those). One step is one filled cell (`Fill`) or one
//! sealed noose (`Seal`); the first counts the open sides (`Begin`), the last is the search
//! (`Found` or `Unreachable`). Marks: `SPECIAL` for filled cells, `PATH` for the result.
//!
//! This file: the algorithm. Beside it: `undo.rs` (a step taken back); tests in tests/fillers.rs.

mod undo;

use super::{mark_path, open_neighbours, path_through_open, Outcome, Solver};
use crate::board::{mark, Board};
use crate::machine::{event_sentence, side_words, Template};
use crate::machine::{DebugState, Event, Info, Line, Machine, Step, Structure};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Side, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "cul-de-sac-filling",
    title: "Cul-de-sac filling",
    summary: "Walls up each noose (a loop on a stem) where the stem meets it, so it becomes a \
              dead end, and fills dead ends: clears the loops dead-end filling leaves.",
    step_unit: "one filled cell or one sealed noose",
    pseudocode: &[
        "count the open sides of every cell", // BEGIN
        "repeat until neither is found:",
        "    a dead end (one open side or none, not start or goal): fill it", // FILL
        "        its open neighbour has one open side fewer; if now a dead end, fill it next", // FILL_NEXT
        "    else a noose: a loop of cells with two open sides, joined by one cell with three (no start or goal on it):",
        "        wall up the loop where the stem meets it: the loop is now a dead end", // SEAL
        "search from start through unfilled cells",
        "    reached the goal: that is the path", // FOUND
        "    did not reach the goal: the goal is unreachable", // UNREACHABLE
    ],
    marks: &[(mark::SPECIAL, "filled dead end"), (mark::PATH, "path")],
    events: &["fill", "seal", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loop and the tests around
// them).
const BEGIN: Line = Line(0);
const FILL: Line = Line(2);
const FILL_NEXT: Line = Line(3);
const SEAL: Line = Line(5);
const FOUND: Line = Line(7);
const UNREACHABLE: Line = Line(8);

/// What cul-de-sac filling says, in English.
pub static WORDS: &[Template] = &[BEGAN, NOOSE, AGAIN];

const BEGAN: Template = Template {
    key: "narration.cul-de-sac-filling.begin",
    english: "Counted the open sides of every cell, from the start {cell} on: dead ends are \
              filled first, then nooses sealed.",
};
const NOOSE: Template = Template {
    key: "narration.cul-de-sac-filling.seal",
    english: "Cell {cell} has three open sides, and two of them are joined by a loop of \
              {loop:cell} with no start or goal: a noose. Walled up its side {side}, so the \
              loop is now a dead end.",
};
const AGAIN: Template = Template {
    key: "notes.cul-de-sac-filling.again",
    english: "{sealed} nooses sealed; {scanned} of {cells:cell} looked at for a noose",
};

/// Tells a cell taken from `recheck` from one taken from `pending` in the notes.
const RECHECK: u32 = 1 << 31;

/// Cul-de-sac filling as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct CulDeSacFilling<T = Grid> {
    grid: T,
    start: usize,
    goal: usize,
    /// Open sides to unfilled neighbours, not walled up; counted in the first step.
    open_sides: Vec<u8>,
    filled: Vec<bool>,
    /// The sides of each cell walled up by a seal, as bits.
    sealed: Vec<u8>,
    filled_count: u64,
    seals: u64,
    /// Cells that became dead ends when a neighbour was filled or a loop sealed.
    pending: Vec<u32>,
    /// The next cell the scan for dead ends looks at.
    scan: usize,
    /// Cells left with two or three open sides by a fill: a noose may have formed there.
    recheck: Vec<u32>,
    /// The next cell the scan for nooses looks at.
    noose_scan: usize,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for CulDeSacFilling<T> {
    // Not inlined into `step_to_end`: one copy of the step in the wasm module.
    #[inline(never)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            let maze = board.maze();
            for (cell, sides) in self.open_sides.iter_mut().enumerate() {
                *sides = open_neighbours(&self.grid, maze, cell).count() as u8;
            }
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        // For `undo`: what the step may move (the cells it takes off the stacks follow).
        let current = self.current.map_or(u32::MAX, |cell| cell as u32);
        board.note_words(&[current, self.scan as u32, self.noose_scan as u32]);
        let found = self.next_dead_end(board);
        let noose = match found {
            Some(_) => None,
            None => self.next_noose(board),
        };
        board.note_words(&[self.pending.len() as u32, self.recheck.len() as u32]);
        if let Some(cell) = found {
            return Some(self.fill(board, cell));
        }
        let Some((cell, side)) = noose else {
            return Some(self.search(board));
        };
        let next = self.grid.through(cell, side);
        let back = self.grid.back(cell, side);
        self.sealed[cell] |= 1 << side;
        self.sealed[next] |= 1 << back;
        self.open_sides[cell] -= 1;
        self.open_sides[next] -= 1;
        self.seals += 1;
        self.current = Some(cell);
        if self.is_dead_end(next) {
            self.pending.push(next as u32);
        }
        let cell = cell as u32;
        Some(Step::new(Event::Seal { cell, side }, SEAL))
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
        self.current
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Begin { cell } => Sentence::of(&BEGAN).cell("cell", maze, cell as usize),
            Event::Seal { cell, side } => {
                let length = self.loop_length(maze, cell as usize, side);
                Sentence::of(&NOOSE)
                    .cell("cell", maze, cell as usize)
                    .words("side", side_words(maze, cell, side))
                    .n("loop", length)
            }
            _ => event_sentence(&step.event, maze),
        }
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("filled", self.filled_count),
            ("sealed", self.seals),
            ("visited", self.visited),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut pending = self.pending.iter().rev().map(|&c| c as usize);
        let mut waiting = Structure::new("New dead ends waiting", self.pending.len() as u64).cells(
            maze,
            &mut pending,
            limit,
        );
        waiting.set_note(Sentence::new("notes.filled").n("filled", self.filled_count));
        let mut again = self.recheck.iter().rev().map(|&c| c as usize);
        let title = "Cells to look at again for a noose";
        let mut recheck =
            Structure::new(title, self.recheck.len() as u64).cells(maze, &mut again, limit);
        recheck.set_note(
            Sentence::of(&AGAIN)
                .n("sealed", self.seals)
                .n("scanned", self.noose_scan as u64)
                .n("cells", self.grid.len() as u64),
        );
        vec![waiting, recheck]
    }
}

impl<T: Topology> CulDeSacFilling<T> {
    /// Fills the dead end `cell`: its open neighbours lose a side, and each becomes a dead
    /// end to fill next or, left with two or three sides, a place to look for a noose again.
    fn fill(&mut self, board: &mut Board, cell: usize) -> Step {
        self.filled[cell] = true;
        self.filled_count += 1;
        self.visited += 1;
        self.current = Some(cell);
        board.add_mark(cell, mark::SPECIAL);
        let mut line = FILL;
        for (side, next) in open_neighbours(&self.grid, board.maze(), cell) {
            if self.filled[next] || self.sealed[cell] & 1 << side != 0 {
                continue;
            }
            self.open_sides[next] -= 1;
            if self.is_dead_end(next) {
                self.pending.push(next as u32);
                line = FILL_NEXT;
            } else if matches!(self.open_sides[next], 2 | 3) {
                self.recheck.push(next as u32);
            }
        }
        Step::new(Event::Fill { cell: cell as u32 }, line)
    }

    /// A cell a mask switched off is no dead end: it is not part of the maze at all.
    fn is_dead_end(&self, cell: usize) -> bool {
        !self.filled[cell]
            && self.open_sides[cell] <= 1
            && !self.is_end(cell)
            && self.grid.is_on(cell)
    }

    fn is_end(&self, cell: usize) -> bool {
        cell == self.start || cell == self.goal
    }

    /// The next dead end to fill: a follow-up first, else the next one the scan finds. Notes
    /// the follow-ups it takes off the stack.
    fn next_dead_end(&mut self, board: &mut Board) -> Option<usize> {
        while let Some(cell) = self.pending.pop() {
            board.note(cell);
            if self.is_dead_end(cell as usize) {
                return Some(cell as usize);
            }
        }
        while self.scan < self.filled.len() {
            let cell = self.scan;
            self.scan += 1;
            if self.is_dead_end(cell) {
                return Some(cell);
            }
        }
        None
    }

    /// The next noose, as its joining cell and the side of it to wall up: near a cell that
    /// lost a side first, else the next the scan finds. Notes the cells it takes off the
    /// stack.
    fn next_noose(&mut self, board: &mut Board) -> Option<(usize, Side)> {
        while let Some(cell) = self.recheck.pop() {
            board.note(cell | RECHECK);
            let (cell, maze) = (cell as usize, board.maze());
            let joint = if self.open_sides[cell] == 2 && !self.filled[cell] && !self.is_end(cell) {
                // On a corridor: a noose's loop, if this is one, ends at its joint both ways.
                self.corridor(maze, cell, None).1
            } else {
                cell
            };
            if let Some(side) = self.noose_at(maze, joint) {
                return Some((joint, side));
            }
        }
        while self.noose_scan < self.filled.len() {
            let cell = self.noose_scan;
            self.noose_scan += 1;
            if let Some(side) = self.noose_at(board.maze(), cell) {
                return Some((cell, side));
            }
        }
        None
    }

    /// If `cell` joins a noose to the maze, the side of it where the loop leaves first.
    fn noose_at(&self, maze: &Maze, cell: usize) -> Option<Side> {
        if self.filled[cell] || self.open_sides[cell] != 3 || self.is_end(cell) {
            return None;
        }
        // A loop leaves by two of the three sides, so one of the first two finds it.
        for nth in 0..2 {
            let (side, next) = self.way(maze, cell, None, nth)?;
            let (_, end) = self.corridor(maze, next, Some(self.grid.back(cell, side)));
            if end == cell {
                return Some(side);
            }
        }
        None
    }

    /// Walks on from `cell` (entered through its side `entered`, or either way if `None`)
    /// through cells with two open sides, neither start nor goal, to the first cell that is
    /// not one (or back to where it began, on a loop with no joint): the cells walked (the
    /// last one included) and that cell.
    fn corridor(&self, maze: &Maze, cell: usize, entered: Option<Side>) -> (u64, usize) {
        let (mut at, mut entered, mut walked) = (cell, entered, 1);
        while self.open_sides[at] == 2 && !self.is_end(at) && walked <= self.grid.len() as u64 {
            let Some((side, next)) = self.way(maze, at, entered, 0) else {
                break;
            };
            entered = Some(self.grid.back(at, side));
            at = next;
            walked += 1;
            if at == cell {
                break;
            }
        }
        (walked, at)
    }

    /// The cells of the noose just walled up at `joint`'s side `side`, the joint included:
    /// from the cell beyond the wall round the loop, now a corridor, back to the joint.
    fn loop_length(&self, maze: &Maze, joint: usize, side: Side) -> u64 {
        let (mut at, mut entered) = (self.grid.through(joint, side), self.grid.back(joint, side));
        let mut cells = 2;
        while cells <= self.grid.len() as u64 {
            let Some((side, next)) = self.way(maze, at, Some(entered), 0) else {
                break;
            };
            if next == joint {
                break;
            }
            (at, entered) = (next, self.grid.back(at, side));
            cells += 1;
        }
        cells
    }

    /// The `nth` (from 0) open side of `cell` to an unfilled cell, not walled up and not
    /// `but`, with the cell beyond.
    #[inline(never)]
    fn way(
        &self,
        maze: &Maze,
        cell: usize,
        but: Option<Side>,
        nth: usize,
    ) -> Option<(Side, usize)> {
        open_neighbours(&self.grid, maze, cell)
            .filter(|&(side, next)| {
                Some(side) != but && self.sealed[cell] & 1 << side == 0 && !self.filled[next]
            })
            .nth(nth)
    }

    /// The last step: a breadth-first search from the start through unfilled cells.
    fn search(&mut self, board: &mut Board) -> Step {
        self.current = None;
        let maze = board.maze();
        let (path, reached) =
            path_through_open(&self.grid, maze, self.start, self.goal, &self.filled);
        self.visited += reached;
        board.note(reached as u32);
        let Some(path) = path else {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, UNREACHABLE);
        };
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, FOUND)
    }

    /// Whether a cell has been filled.
    pub fn is_filled(&self, cell: usize) -> bool {
        self.filled[cell]
    }

    /// Nooses sealed so far.
    pub fn sealed_count(&self) -> u64 {
        self.seals
    }
}

impl CulDeSacFilling {
    /// Cul-de-sac filling on `maze`, whatever its grid: one copy of the machine for every
    /// shape (nobody races it).
    pub fn new(maze: &Maze, start: usize, goal: usize) -> CulDeSacFilling {
        CulDeSacFilling::on(maze.topology().into_owned(), start, goal)
    }
}

impl<T: Topology> CulDeSacFilling<T> {
    /// The machine on a maze whose grid is `grid`.
    pub fn on(grid: T, start: usize, goal: usize) -> CulDeSacFilling<T> {
        let len = grid.len();
        CulDeSacFilling {
            grid,
            start,
            goal,
            open_sides: vec![0; len],
            filled: vec![false; len],
            sealed: vec![0; len],
            filled_count: 0,
            seals: 0,
            pending: Vec::new(),
            scan: 0,
            recheck: Vec::new(),
            noose_scan: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for CulDeSacFilling<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }
}
