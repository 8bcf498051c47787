//! Iterative deepening A* (Korf, 1985): depth-first searches under a rising bound on
//! `f = g + h`, keeping only the current path in memory instead of an open set.
//!
//! How it works:
//! 1. `bound = h(start)`. Walk depth first from the start on an explicit stack (no recursion):
//!    from the cell on top, take its next move to a cell `n` not on the path; with
//!    `g(n) = g + cost(n)`, if `f(n) = g(n) + h(n)` is above the bound, remember the smallest
//!    such `f` and try the next move; else push `n`.
//! 2. Reaching the goal ends the search: the stack is the path, and with `h` never
//!    overestimating, no cheaper one exists (every cheaper path would have stayed under a
//!    smaller bound, tried before).
//! 3. A cell with no move left is popped (backtrack).
//! 4. When the stack empties, raise the bound to the smallest `f` that was above it and start
//!    again; if none was, the goal cannot be reached.
//!
//! Plain IDA* walks every path under the bound, which on a grid with loops is exponential. This
//! one also keeps, per cell, the cheapest `g` it reached the cell with in the current round,
//! and does not go on from a cell reached again no more cheaply (the subtree was walked
//! already): a transposition table, one entry per cell, which trades memory for not repeating.
//!
//! Raising the bound only to the next `f` fails on terrain and diagonal moves: with costs in
//! units of √2 nearly every round adds one new `f` value and a handful of cells, and the rounds
//! are as many as the cells. So, as IDA*_CR ("IDA* with controlled re-expansion", Sarkar,
//! Chakrabarti, Ghose and De Sarkar, 1991) and Burns and Ruml's IBEX ("Iterative-deepening
//! search with on-line tree size prediction", 2013) do, the bound grows faster when a round
//! grows too little: when a round pushed fewer than twice the cells of the round before, the
//! next raise is at least twice the last one. The rounds then grow geometrically and the last
//! one costs about as much as all before it.
//!
//! A bound raised past the cheapest cost may meet an expensive path to the goal first, so the
//! last round ends by branch and bound: a goal reached at a cost above `floor` (the smallest
//! `f` above the last failed bound: no path can cost less) is kept as the best so far and the
//! bound drops below its cost, so that the rest of the round looks only for cheaper paths;
//! when the round ends, the path kept is the cheapest. A goal reached at no more than `floor`
//! is the cheapest at once. With plain raises `floor` is the bound, so that is classic IDA*.
//! The search is still bounded: it gives up after [`STEP_LIMIT`] steps, saying so.
//!
//! One step is one push (a move tried and taken), one pop, or one raise of the bound. Marks:
//! `FRONTIER` for cells on the path (the stack), `VISITED` for cells reached this far, `PATH`.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use super::moves::in_moves;
use super::moves::{Guess, Moves};
use super::{mark_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::Topology;
use crate::words::Sentence;
use crate::world::Search;

pub static INFO: Info = Info {
    name: "ida-star",
    title: "Iterative deepening A*",
    summary: "Depth-first searches under a rising bound on g + h, keeping only the path in \
              memory; finds the cheapest path, but repeats work (raising the bound faster when \
              a round grows too little; gives up on very big worlds).",
    step_unit: "one push, one pop, or one raise of the bound",
    pseudocode: &[
        "bound = h(start); push start", // BEGIN
        "while the stack is not empty:",
        "    for the next move of the top cell to n not on the path: g(n) = g + cost(n)",
        "        if g(n) + h(n) > bound: next bound = min(next bound, g(n) + h(n)); try the next move",
        "        if n is the goal and g(n) <= floor: the stack and n are the path, done", // FOUND
        "        if n is the goal: keep the path as the best so far; bound = g(n) - 1", // BETTER
        "        push n (unless reached this round at no greater g)", // PUSH
        "    no move left: pop the top cell", // POP
        "stack empty, a best path kept: it is the cheapest, done", // PROVEN
        "stack empty: floor = next bound (none: unreachable); bound = max(floor, bound + 2 * last raise if the round grew under 2x); push start", // NEXT_ROUND
    ],
    marks: &[
        (mark::FRONTIER, "on the path (the stack)"),
        (mark::VISITED, "reached"),
        (mark::PATH, "cheapest path"),
    ],
    events: &["expand", "pop", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const FOUND: Line = Line(4);
const BETTER: Line = Line(5);
const PUSH: Line = Line(6);
const POP: Line = Line(7);
const PROVEN: Line = Line(8);
const NEXT_ROUND: Line = Line(9);

/// Steps after which the search gives up.
pub const STEP_LIMIT: u64 = 20_000_000;
pub(crate) const GAVE_UP: &str = crate::words::reasons::IDA_STEP_LIMIT;

const NONE: u64 = u64::MAX;

/// One cell on the path: its cost from the start and the next of its moves to try.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frame {
    cell: u32,
    g: u64,
    next: u8,
}

/// IDA* as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct IdaStar<T> {
    grid: T,
    moves: Moves,
    guess: Guess,
    start: usize,
    goal: usize,
    stack: Vec<Frame>,
    on_path: Vec<bool>,
    /// Per cell: the round it was last reached in and its cheapest `g` that round.
    best: Vec<(u32, u64)>,
    round: u32,
    bound: u64,
    next_bound: u64,
    /// No path costs less: the smallest `f` above the last bound that failed.
    floor: u64,
    /// How much the bound rose last time.
    raise: u64,
    /// Pushes in this round and in the round before.
    pushes: u64,
    last_pushes: u64,
    /// The best path to the goal found this round (branch and bound), and its cost.
    best_path: Vec<u32>,
    best_cost: u64,
    steps: u64,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for IdaStar<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        self.steps += 1;
        if self.steps > STEP_LIMIT {
            let route = self.path();
            self.outcome = Some(Outcome::GaveUp {
                route,
                reason: GAVE_UP,
            });
            return Some(Step::new(Event::Unreachable, NEXT_ROUND));
        }
        let Some(&top) = self.stack.last() else {
            if self.best_cost != NONE {
                return Some(self.proven(board));
            }
            // A new round: the first, or one under a raised bound.
            if self.round > 0 && self.next_bound == NONE {
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, NEXT_ROUND));
            }
            let (bound, next_bound, best) = (self.bound, self.next_bound, self.best[self.start]);
            board.note_words(&[bound as u32, (bound >> 32) as u32]);
            board.note_words(&[next_bound as u32, (next_bound >> 32) as u32]);
            board.note_words(&[best.0, best.1 as u32, (best.1 >> 32) as u32]);
            for word in [self.floor, self.raise, self.pushes, self.last_pushes] {
                board.note_words(&[word as u32, (word >> 32) as u32]);
            }
            if self.round == 0 {
                self.bound = self.h(self.start);
                self.floor = self.bound;
            } else {
                self.floor = self.next_bound;
                let least = self.next_bound - self.bound;
                let grew_too_little = self.pushes < 2 * self.last_pushes;
                self.raise = if grew_too_little {
                    least.max(2 * self.raise)
                } else {
                    least
                };
                self.bound += self.raise;
            }
            self.last_pushes = self.pushes;
            self.pushes = 0;
            self.next_bound = NONE;
            self.round += 1;
            if best.0 == 0 {
                self.visited += 1;
            }
            self.best[self.start] = (self.round, 0);
            self.push(board, self.start, 0);
            if self.start == self.goal {
                return Some(self.found(board));
            }
            let line = if self.round > 1 { NEXT_ROUND } else { BEGIN };
            return Some(Step::new(
                Event::Begin {
                    cell: self.start as u32,
                },
                line,
            ));
        };
        let next_bound = self.next_bound;
        board.note_words(&[
            u32::from(top.next),
            next_bound as u32,
            (next_bound >> 32) as u32,
        ]);
        let cell = top.cell as usize;
        let moves = self.moves.list(&self.grid, board.maze(), cell);
        let moves = moves.as_slice();
        let mut index = usize::from(top.next);
        while let Some(&(_, next, cost)) = moves.get(index) {
            index += 1;
            if self.on_path[next] {
                continue;
            }
            let g = top.g + cost;
            let f = g + self.h(next);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let (round, best_g) = self.best[next];
            if round == self.round && best_g <= g {
                continue;
            }
            self.stack.last_mut().expect("top").next = index as u8;
            board.note_words(&[round, best_g as u32, (best_g >> 32) as u32]);
            if round == 0 {
                self.visited += 1;
            }
            self.best[next] = (self.round, g);
            self.push(board, next, g);
            if next == self.goal {
                if g <= self.floor {
                    return Some(self.found(board));
                }
                return Some(self.better(board, g));
            }
            return Some(Step::new(
                Event::Expand {
                    cell: next as u32,
                    added: 1,
                },
                PUSH,
            ));
        }
        // No move left: backtrack.
        board.note_words(&[top.cell, top.g as u32, (top.g >> 32) as u32]);
        self.stack.pop();
        self.on_path[cell] = false;
        board.set_mark(cell, board.mark(cell) & !mark::FRONTIER);
        Some(Step::new(Event::Pop { cell: top.cell }, POP))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.stack.last().map(|frame| frame.cell as usize)
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("path", self.stack.len() as u64),
            ("round", u64::from(self.round)),
            ("visited", self.visited),
        ]
    }

    // In views.rs.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.sentence_for(step, maze)
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl<T: Topology> IdaStar<T> {
    pub fn on(grid: T, maze: &Maze, start: usize, goal: usize, search: &Search) -> Self {
        let moves = Moves::new(maze, search.corners);
        let search = Search {
            weight: 1.0,
            ..*search
        };
        let len = grid.len();
        IdaStar {
            guess: Guess::new(maze, &moves, &search),
            grid,
            moves,
            start,
            goal,
            stack: Vec::new(),
            on_path: vec![false; len],
            best: vec![(0, NONE); len],
            round: 0,
            bound: 0,
            next_bound: NONE,
            floor: 0,
            raise: 0,
            pushes: 0,
            last_pushes: 0,
            best_path: Vec::new(),
            best_cost: NONE,
            steps: 0,
            visited: 0,
            outcome: None,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for IdaStar<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// IDA* keeps no parents, only its current path: a cell on it came from the one before.
    fn search_parent(&self, cell: usize) -> Option<usize> {
        let at = self.stack.iter().position(|f| f.cell as usize == cell)?;
        Some(self.stack[at.saturating_sub(1)].cell as usize)
    }

    fn parents_into(&self, parents: &mut [u32]) -> bool {
        parents.fill(NO_PARENT);
        let mut up = self.stack.first().map(|f| f.cell);
        for frame in &self.stack {
            parents[frame.cell as usize] = up.unwrap_or(frame.cell);
            up = Some(frame.cell);
        }
        true
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        let frame = self.stack.iter().find(|f| f.cell as usize == cell)?;
        Some(in_moves(frame.g))
    }

    fn counts_moves(&self) -> bool {
        false
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        Some(in_moves(self.h(cell)))
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` uses.
// -----------------------------------------------------------------------------------------------

impl<T: Topology> IdaStar<T> {
    fn h(&self, cell: usize) -> u64 {
        self.guess.units(&self.grid, cell, self.goal)
    }

    fn push(&mut self, board: &mut Board, cell: usize, g: u64) {
        self.pushes += 1;
        self.stack.push(Frame {
            cell: cell as u32,
            g,
            next: 0,
        });
        self.on_path[cell] = true;
        board.add_mark(cell, mark::FRONTIER | mark::VISITED);
    }

    fn path(&self) -> Vec<usize> {
        self.stack.iter().map(|frame| frame.cell as usize).collect()
    }

    fn found(&mut self, board: &mut Board) -> Step {
        let path = self.path();
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, FOUND)
    }

    /// Branch and bound: the goal reached above `floor` is the best path so far; the bound
    /// drops below its cost, so the rest of the round looks only for cheaper paths. Notes the
    /// old best (its cost, the bound, its cells) for undo.
    fn better(&mut self, board: &mut Board, cost: u64) -> Step {
        let (old_cost, old_bound) = (self.best_cost, self.bound);
        board.note_words(&[old_cost as u32, (old_cost >> 32) as u32]);
        board.note_words(&[old_bound as u32, (old_bound >> 32) as u32]);
        board.note_words(&self.best_path);
        self.best_path.clear();
        self.best_path
            .extend(self.stack.iter().map(|frame| frame.cell));
        self.best_cost = cost;
        self.bound = cost - 1;
        Step::new(
            Event::Expand {
                cell: self.goal as u32,
                added: 1,
            },
            BETTER,
        )
    }

    /// The round ended with a best path kept: nothing cheaper lies under the bound.
    fn proven(&mut self, board: &mut Board) -> Step {
        let path: Vec<usize> = self.best_path.iter().map(|&cell| cell as usize).collect();
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, PROVEN)
    }
}
