//! Recursive Backtracker: a randomised depth-first search that carves as it goes.
//!
//! How it works:
//! 1. Pick a random cell, mark it visited and push it on a stack.
//! 2. Look at the cell on top of the stack. If it has unvisited neighbours, pick one at random,
//!    carve the wall between them, mark the neighbour visited and push it.
//! 3. If it has none (a dead end), pop it: the next step looks at the cell below, which is
//!    *backtracking*.
//! 4. When the stack is empty, every cell has been visited.
//!
//! Each carve joins an unvisited cell to the visited ones, so no loop can ever form, and the
//! search reaches every cell: a perfect maze. It makes long, winding corridors with few dead
//! ends. The name comes from the recursive version; this one keeps an explicit stack, because
//! a 4096 × 4096 maze would need a recursion 16 million calls deep. One step is one push or
//! one pop.
//!
//! On a weave (see [`crate::topology::weave`]) it works as in *Mazes for Programmers*: a
//! tunnel is one more neighbour to pick from, there when the cell it passes under is visited
//! and is a straight corridor across it and the cell beyond is not visited yet.
//!
//! Marks: `ACTIVE` for cells on the stack, `VISITED` for cells popped off it.

use crate::board::{mark, Board};
use crate::machine::Line;
use crate::machine::Structure;
use crate::machine::{event_sentence, side_words};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology, Weave};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "recursive-backtracker",
    title: "Recursive Backtracker",
    summary: "A randomised depth-first search: long winding corridors, few dead ends.",
    step_unit: "one push or one pop",
    pseudocode: &[
        "pick a random cell, mark it visited, push it", // BEGIN
        "while the stack is not empty:",
        "    cell = top of the stack",
        "    if cell has unvisited neighbours:",
        "        pick one at random, carve to it, mark it visited, push it", // PUSH
        "    else: pop cell (backtrack)",                                    // POP
    ],
    marks: &[
        (mark::ACTIVE, "on the stack"),
        (mark::VISITED, "done (popped)"),
    ],
    events: &["pop", "push"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const PUSH: Line = Line(4);
const POP: Line = Line(5);

/// The Recursive Backtracker generator as a step machine, on a grid of any shape (`T`: the
/// plain [`Square`] grid, or a shared [`crate::topology::Grid`] of another shape or with a
/// mask).
#[derive(Clone, Debug)]
pub struct RecursiveBacktracker<T = Square> {
    grid: T,
    visited: Vec<bool>,
    stack: Vec<u32>,
    started: bool,
    current: Option<usize>,
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Machine for RecursiveBacktracker<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if !self.started {
            self.started = true;
            let cell = self.grid.nearest_on(rng.index(self.visited.len()));
            self.visited[cell] = true;
            self.stack.push(cell as u32);
            self.current = Some(cell);
            board.add_mark(cell, mark::ACTIVE);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, BEGIN));
        }
        // Done: `current` stays the last cell popped, however the run got here (stepping stops
        // after the last pop; running to the end asks once more).
        let &top = self.stack.last()?;
        let cell = top as usize;
        // After a pop, `current` is the cell popped, which nothing else remembers.
        board.note(self.current.map_or(u32::MAX, |c| c as u32));
        self.current = Some(cell);

        // The unvisited neighbours. Every neighbour is written and only the unvisited ones
        // counted: no branch on a condition that is a coin flip, which the processor would
        // mispredict half the time.
        let mut options = [(0 as Side, 0usize); 8];
        let mut count = 0;
        self.grid.for_each_neighbour(cell, |side, next| {
            options[count] = (side, next);
            count += usize::from(!self.visited[next]);
        });
        // On a weave a tunnel counts only where it may go (under a straight corridor across
        // it, which is visited); an ordinary side to a cell not visited always may. Weeded
        // out here, after the loop above, which stays as it is on every other grid (and on
        // the square grid this folds away).
        if self.grid.weaves() {
            let cells = board.maze().cells();
            let mut kept = 0;
            for i in 0..count {
                let (side, _) = options[i];
                if self.grid.way(side) == side || self.grid.can_carve(cells, cell, side) {
                    options[kept] = options[i];
                    kept += 1;
                }
            }
            count = kept;
        }

        if count == 0 {
            self.stack.pop();
            board.set_mark(cell, (board.mark(cell) & !mark::ACTIVE) | mark::VISITED);
            return Some(Step::new(Event::Pop { cell: top }, POP));
        }
        let (side, next) = options[rng.index(count)];
        board.join(cell, side, next, self.grid.back(cell, side));
        self.visited[next] = true;
        self.stack.push(next as u32);
        board.add_mark(next, mark::ACTIVE);
        Some(Step::new(Event::Push { cell: top, side }, PUSH))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.started && self.stack.is_empty()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    /// Pops what a push pushed, or pushes back what a pop popped; `current` as noted.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        match (step.event, notes) {
            (Event::Begin { cell }, _) => {
                self.started = false;
                self.visited[cell as usize] = false;
                self.stack.pop();
                self.current = None;
            }
            (Event::Push { .. }, &[current]) => {
                if let Some(next) = self.stack.pop() {
                    self.visited[next as usize] = false;
                }
                self.current = (current != u32::MAX).then_some(current as usize);
            }
            (Event::Pop { cell }, &[current]) => {
                self.stack.push(cell);
                self.current = (current != u32::MAX).then_some(current as usize);
            }
            _ => return false,
        }
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("stack", self.stack.len() as u64)]
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let depth = self.stack.len() as u64;
        match step.event {
            Event::Push { cell, side } => Sentence::new("narration.backtracker.push")
                .words("side", side_words(maze, cell, side))
                .cell("cell", maze, cell as usize)
                .n("depth", depth),
            Event::Pop { cell } => Sentence::new("narration.backtracker.pop")
                .cell("cell", maze, cell as usize)
                .n("depth", depth),
            _ => event_sentence(&step.event, maze),
        }
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut top_first = self.stack.iter().rev().map(|&c| c as usize);
        vec![
            Structure::new("Stack (top first)", self.stack.len() as u64).cells(
                maze,
                &mut top_first,
                limit,
            ),
        ]
    }
}

impl RecursiveBacktracker {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> RecursiveBacktracker {
        RecursiveBacktracker::on(maze.square())
    }
}

impl<T: Topology + Weave> RecursiveBacktracker<T> {
    /// A generator for a maze on `grid`.
    pub fn on(grid: T) -> RecursiveBacktracker<T> {
        RecursiveBacktracker {
            visited: vec![false; grid.len()],
            grid,
            stack: Vec::new(),
            started: false,
            current: None,
        }
    }

    /// The stack, bottom first: the path from the start cell to the cell being worked on.
    pub fn stack(&self) -> &[u32] {
        &self.stack
    }

    /// Whether a cell has been reached yet.
    pub fn is_visited(&self, cell: usize) -> bool {
        self.visited[cell]
    }
}
