//! Depth-first search: walk as deep as you can, and back up only at a dead end.
//!
//! How it works:
//! 1. Put the start on a stack and mark it seen. The stack is always a walkable route from the
//!    start to the cell on top.
//! 2. Look at the cell on top of the stack. If it is the goal, stop: the stack, bottom to top,
//!    is the path.
//! 3. Otherwise, if it has an open neighbour not seen yet (looking north, east, south, west in
//!    that order; on other grids, side by side clockwise from side 0; then, with diagonal
//!    moves, north-east, south-east, south-west, north-west), mark that neighbour seen and
//!    push it.
//! 4. If it has none, pop it: it is a dead end for this search.
//! 5. When the stack is empty, everything reachable has been seen and the goal is not among it.
//!
//! The stack is explicit (a `Vec`), never the call stack, so a 4096 × 4096 corridor is fine.
//! DFS finds *a* path, usually not a shortest one: it follows the first way it tries.
//!
//! Diagonal moves: on the plain square grid, when the corner rule allows them
//! ([`crate::world::Corners`]), the cells across a cell's corners are neighbours too, tried
//! after the open sides; every step of the path is then a side or a diagonal the rule allows.
//!
//! One step is one push or one pop. Marks: `ACTIVE` for cells on the stack, `VISITED` for cells
//! seen, `PATH` for the result.

use super::moves::Moves;
use super::{mark_path, neighbour_through, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::Line;
use crate::machine::Structure;
use crate::machine::{event_sentence, side_words};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "dfs",
    title: "Depth-first search",
    summary: "Goes as deep as it can with a stack and backs up at dead ends; finds a path, \
              not necessarily a shortest one.",
    step_unit: "one push or one pop of the stack",
    pseudocode: &[
        "push start; mark start seen", // BEGIN
        "while the stack is not empty:",
        "    cell = top of the stack",
        "    if cell is the goal: the stack is the path, done", // FOUND
        "    if cell has an open neighbour n not seen: mark n seen; push n", // PUSH
        "    else: pop cell",                                   // POP
        "the stack is empty: the goal is unreachable",          // UNREACHABLE
    ],
    marks: &[
        (mark::ACTIVE, "on the stack"),
        (mark::VISITED, "seen"),
        (mark::PATH, "path found"),
    ],
    events: &["pop", "push", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const FOUND: Line = Line(3);
const PUSH: Line = Line(4);
const POP: Line = Line(5);
const UNREACHABLE: Line = Line(6);

/// Depth-first search as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Dfs<T = Square> {
    grid: T,
    /// The open sides, and the diagonal moves the corner rule allows (none unless chosen).
    moves: Moves,
    start: usize,
    goal: usize,
    seen: Vec<bool>,
    stack: Vec<u32>,
    started: bool,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for Dfs<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.seen[self.start] = true;
            self.stack.push(self.start as u32);
            self.visited = 1;
            board.add_mark(self.start, mark::VISITED | mark::ACTIVE);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        let Some(&top) = self.stack.last() else {
            self.outcome = Some(Outcome::Unreachable);
            return Some(Step::new(Event::Unreachable, UNREACHABLE));
        };
        let cell = top as usize;
        if cell == self.goal {
            let path: Vec<usize> = self.stack().collect();
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let next = (0..self.grid.sides(cell))
            .find_map(|side| {
                neighbour_through(&self.grid, board.maze(), cell, side)
                    .filter(|&n| !self.seen[n])
                    .map(|n| (side, n))
            })
            .or_else(|| {
                // Kept out of the way of four moves, which never look across a corner.
                self.moves
                    .corners
                    .diagonal()
                    .then(|| self.unseen_diagonal(board.maze(), cell))
                    .flatten()
            });
        match next {
            Some((side, next)) => {
                self.seen[next] = true;
                self.visited += 1;
                self.stack.push(next as u32);
                board.add_mark(next, mark::VISITED | mark::ACTIVE);
                Some(Step::new(
                    Event::Push {
                        cell: cell as u32,
                        side,
                    },
                    PUSH,
                ))
            }
            None => {
                self.stack.pop();
                board.remove_mark(cell, mark::ACTIVE);
                Some(Step::new(Event::Pop { cell: cell as u32 }, POP))
            }
        }
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.stack.last().map(|&c| c as usize)
    }

    /// Everything a step did is in its event: a push is popped, a pop pushed back; a cell
    /// pushed is never seen before, so unseeing it is exact.
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        match step.event {
            Event::Begin { .. } => {
                self.started = false;
                self.seen[self.start] = false;
                self.stack.clear();
                self.visited = 0;
            }
            Event::Unreachable | Event::Found { .. } => self.outcome = None,
            Event::Push { .. } => {
                let Some(next) = self.stack.pop() else {
                    return false;
                };
                self.seen[next as usize] = false;
                self.visited -= 1;
            }
            Event::Pop { cell } => self.stack.push(cell),
            _ => return false,
        }
        true
    }

    /// A search goes through open passages: it does not carve, as the generators' words say.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Push { cell, side } => {
                let next = if self.moves.is_diagonal(side) {
                    self.moves.diagonal_through(cell as usize, side)
                } else {
                    let next = self.grid.neighbour(cell as usize, side);
                    next.unwrap_or(cell as usize)
                };
                Sentence::new("narration.dfs.push")
                    .words("side", side_words(maze, cell, side))
                    .cell("cell", maze, cell as usize)
                    .cell("next", maze, next)
            }
            _ => event_sentence(&step.event, maze),
        }
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("stack", self.stack.len() as u64),
            ("visited", self.visited),
        ]
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

impl Dfs {
    /// A search on a square maze.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Dfs {
        Dfs::on(maze.square(), start, goal)
    }
}

impl<T: Topology> Dfs<T> {
    /// A search on a maze whose grid is `grid`, along the sides only.
    pub fn on(grid: T, start: usize, goal: usize) -> Dfs<T> {
        Dfs {
            moves: Moves::SIDES,
            start,
            goal,
            seen: vec![false; grid.len()],
            grid,
            stack: Vec::new(),
            started: false,
            visited: 0,
            outcome: None,
        }
    }

    /// The search making `moves`: diagonally too where they allow it.
    pub fn moving(self, moves: Moves) -> Dfs<T> {
        Dfs { moves, ..self }
    }

    /// The first diagonal move out of `cell` into a cell not seen yet, if any.
    #[inline(never)]
    fn unseen_diagonal(&self, maze: &Maze, cell: usize) -> Option<(Side, usize)> {
        let mut diagonals = self.moves.diagonals(maze, cell);
        diagonals.find(|&(_, n)| !self.seen[n])
    }

    /// The stack, bottom (the start) first: a route from the start to the current cell.
    pub fn stack(&self) -> impl Iterator<Item = usize> + '_ {
        self.stack.iter().map(|&c| c as usize)
    }

    /// Whether a cell has been seen.
    pub fn is_seen(&self, cell: usize) -> bool {
        self.seen[cell]
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for Dfs<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// DFS keeps no parents, only its stack (the way from the start to the current cell): a
    /// cell on it came from the one below it; a cell it has backed out of has no link.
    fn search_parent(&self, cell: usize) -> Option<usize> {
        let at = self.stack.iter().position(|&c| c as usize == cell)?;
        Some(self.stack[at.saturating_sub(1)] as usize)
    }

    fn parents_into(&self, parents: &mut [u32]) -> bool {
        parents.fill(NO_PARENT);
        let mut up = self.stack.first().copied();
        for &cell in &self.stack {
            parents[cell as usize] = up.unwrap_or(cell);
            up = Some(cell);
        }
        true
    }

    /// Its place on the stack, in moves from the start.
    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        let at = self.stack.iter().position(|&c| c as usize == cell)?;
        Some(at as f64)
    }
}
