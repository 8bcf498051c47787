//! Bidirectional A*: two A* searches, one from the start toward the goal and one from the goal
//! back toward the start, that stop only once the cheapest path is proven.
//!
//! How it works:
//! 1. The forward search keeps `g_f` (cost from the start) and guesses `h_f` (to the goal);
//!    the backward search keeps `g_b` (cost *to* the goal, walking moves backwards: a move
//!    `m → n` costs what entering `n` costs) and guesses `h_b` (to the start). Each has its
//!    own open set, ordered by `f = g + h`.
//! 2. Whenever one side reaches a cell the other has reached, `g_f + g_b` is the cost of a
//!    real path through it; `μ` is the cheapest such meeting so far.
//! 3. Before each expansion, check the stopping rule: every path not yet seen has a cell in
//!    each open set, so it costs at least the lowest `f` of the forward set *and* at least the
//!    lowest `f` of the backward set. Once `μ ≤ max(min f_forward, min f_backward)`, nothing
//!    cheaper than `μ` can turn up: join the two parent chains at the meeting cell.
//! 4. Otherwise expand the side with the smaller open set (forward on a tie), as one A* step.
//! 5. When a side runs out of open cells, every cell it can reach is closed: the best meeting,
//!    if any, is the answer; with none the goal cannot be reached.
//!
//! Stopping at the *first* meeting (as PathFinding.js's BiAStarFinder does, its issue #28) can
//! return a path that is not the cheapest; the rule in step 3 is what makes this one exact for
//! heuristics that never overestimate and are consistent (all of ours with four moves, and all
//! but Manhattan with diagonal moves). The weight of [`crate::world::Search`] is not used: a
//! weighted guess would break the proof.
//!
//! Costs are whole [`crate::world::UNIT`]s, so the result equals Dijkstra's exactly. One step
//! is one cell taken from one side's open set and its moves (or the final check). Marks:
//! forward `FRONTIER`/`VISITED` as A*, the backward side `SPECIAL` on every cell it reached.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use super::moves::{in_moves, Guess, Moves};
use super::{mark_path, Outcome, Solver, NO_PARENT};
use crate::board::{mark, Board};
use crate::ds::quad_heap::QuadHeap;
use crate::machine::Line;
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::Topology;
use crate::words::Sentence;
use crate::world::Search;
use std::cmp::Reverse;

pub static INFO: Info = Info {
    name: "bidirectional-a-star",
    title: "Bidirectional A*",
    summary: "Two A* searches, from the start and from the goal, that stop only when no path \
              cheaper than their best meeting can remain; finds the cheapest path.",
    step_unit: "one cell taken from one side's open set and its moves",
    pseudocode: &[
        "add start to the forward open set, goal to the backward one; mu = infinity", // BEGIN
        "while both open sets are not empty:",
        "    if mu <= max(lowest f forward, lowest f backward):",
        "        join the parent chains at the meeting cell: cheapest path, done", // MEET
        "    side = the one with the smaller open set; cell = its lowest f", // TAKE
        "    for each move to n with g[cell] + cost < g[n] on this side:",
        "        g[n] = g[cell] + cost; parent[n] = cell; add n; if the other side reached n: mu = min(mu, g[n] + other g[n])", // RELAX
        "an open set is empty: the best meeting is the path, or the goal is unreachable", // EXHAUSTED
    ],
    marks: &[
        (mark::FRONTIER, "open, forward"),
        (mark::VISITED, "closed, forward"),
        (mark::SPECIAL, "reached backward"),
        (mark::PATH, "cheapest path"),
    ],
    events: &["expand", "found"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const MEET: Line = Line(3);
const TAKE: Line = Line(4);
const RELAX: Line = Line(6);
const EXHAUSTED: Line = Line(7);

/// An open-set entry: `(f, h, order added, cell)`, lowest first.
type Entry = Reverse<(u64, u64, u32, u32)>;

const UNREACHED: u64 = u64::MAX;

/// Kinds of the records a step notes for `undo`.
const POPPED: u32 = 0;
const RELAXED: u32 = 1;
const MET: u32 = 2;
const CLOSED: u32 = 3;

/// One direction of the search: an A* without its own stopping.
#[derive(Clone, Debug)]
struct Half {
    /// The cell it starts from, and the one it heads for (its guess aims there).
    from: usize,
    toward: usize,
    g: Vec<u64>,
    parent: Vec<u32>,
    closed: Vec<bool>,
    open: QuadHeap<Entry>,
    added: u32,
}

impl Half {
    fn new(len: usize, from: usize, toward: usize) -> Half {
        Half {
            from,
            toward,
            g: vec![UNREACHED; len],
            parent: vec![NO_PARENT; len],
            closed: vec![false; len],
            open: QuadHeap::new(),
            added: 0,
        }
    }

    fn is_live(&self, entry: Entry) -> bool {
        let Reverse((f, h, _, cell)) = entry;
        !self.closed[cell as usize] && f - h == self.g[cell as usize]
    }

    /// The lowest `f` in the open set, stale entries included (which only makes it lower, so
    /// the stopping rule stays safe).
    fn lowest_f(&self) -> u64 {
        self.open.peek().map_or(UNREACHED, |&Reverse((f, ..))| f)
    }
}

/// Bidirectional A* as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct BidirectionalAStar<T> {
    grid: T,
    moves: Moves,
    guess: Guess,
    start: usize,
    goal: usize,
    /// `halves[0]` forward from the start, `halves[1]` backward from the goal.
    halves: [Half; 2],
    /// The cheapest meeting: its cost and cell.
    mu: u64,
    meet: u32,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for BidirectionalAStar<T> {
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            for side in 0..2 {
                let from = self.halves[side].from;
                self.halves[side].g[from] = 0;
                self.halves[side].parent[from] = from as u32;
                self.push(side, from, 0);
            }
            self.visited = if self.start == self.goal { 1 } else { 2 };
            self.mu = if self.start == self.goal {
                0
            } else {
                UNREACHED
            };
            self.meet = self.start as u32;
            board.add_mark(self.start, mark::FRONTIER);
            board.add_mark(self.goal, mark::SPECIAL);
            return Some(Step::new(
                Event::Begin {
                    cell: self.start as u32,
                },
                BEGIN,
            ));
        }
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        let [forward, backward] = &self.halves;
        if self.mu <= forward.lowest_f().max(backward.lowest_f()) {
            return Some(self.finish(board, MEET));
        }
        let side = usize::from(backward.open.len() < forward.open.len());
        let cell = loop {
            let half = &mut self.halves[side];
            let Some((entry, at)) = half.open.pop_at() else {
                // This side has reached all it can: the best meeting, if any, is the answer.
                return Some(self.finish(board, EXHAUSTED));
            };
            let Reverse((f, h, order, cell)) = entry;
            board.note_words(&[POPPED, side as u32, f as u32, (f >> 32) as u32]);
            board.note_words(&[h as u32, (h >> 32) as u32, order, cell, at as u32]);
            if half.is_live(entry) {
                break cell as usize;
            }
        };
        self.current = Some(cell);
        self.halves[side].closed[cell] = true;
        board.note_words(&[CLOSED, side as u32, cell as u32]);
        if side == 0 {
            board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        }
        let g_cell = self.halves[side].g[cell];
        let mut added = 0;
        let moves = self.moves.list(&self.grid, board.maze(), cell);
        for &(way, next, forward_units) in moves.as_slice() {
            // Backward, the move is `next → cell`: it costs what entering `cell` costs.
            let units = if side == 0 {
                forward_units
            } else {
                self.moves.units(board.maze(), cell, way)
            };
            let g = g_cell + units;
            let half = &self.halves[side];
            if g >= half.g[next] {
                continue;
            }
            let (old_g, old_parent, was_closed) =
                (half.g[next], half.parent[next], half.closed[next]);
            if old_g == UNREACHED && self.halves[1 - side].g[next] == UNREACHED {
                self.visited += 1;
            }
            let half = &mut self.halves[side];
            half.closed[next] = false;
            half.g[next] = g;
            half.parent[next] = cell as u32;
            let at = self.push(side, next, g);
            board.note_words(&[RELAXED, side as u32, next as u32, old_g as u32]);
            board.note_words(&[
                (old_g >> 32) as u32,
                old_parent,
                u32::from(was_closed),
                at as u32,
            ]);
            board.add_mark(
                next,
                if side == 0 {
                    mark::FRONTIER
                } else {
                    mark::SPECIAL
                },
            );
            added += 1;
            let other = self.halves[1 - side].g[next];
            if other != UNREACHED && g + other < self.mu {
                let (mu, meet) = (self.mu, self.meet);
                board.note_words(&[MET, mu as u32, (mu >> 32) as u32, meet]);
                self.mu = g + other;
                self.meet = next as u32;
            }
        }
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { RELAX } else { TAKE },
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("open forward", self.halves[0].open.len() as u64),
            ("open backward", self.halves[1].open.len() as u64),
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

impl<T: Topology> BidirectionalAStar<T> {
    /// The half that reached `cell`: the forward one (0) first, else the backward one (1).
    fn half_of(&self, cell: usize) -> Option<usize> {
        (0..2).find(|&half| self.halves[half].parent[cell] != NO_PARENT)
    }

    pub fn on(grid: T, maze: &Maze, start: usize, goal: usize, search: &Search) -> Self {
        let moves = Moves::new(maze, search.corners);
        let search = Search {
            weight: 1.0,
            ..*search
        };
        let guess = Guess::new(maze, &moves, &search);
        let len = grid.len();
        BidirectionalAStar {
            grid,
            moves,
            guess,
            start,
            goal,
            halves: [Half::new(len, start, goal), Half::new(len, goal, start)],
            mu: UNREACHED,
            meet: u32::MAX,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for BidirectionalAStar<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    /// The forward half's parent where it reached the cell, else the backward half's (a link
    /// toward the goal, its cost counted from the goal).
    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.half_of(cell)
            .map(|half| self.halves[half].parent[cell] as usize)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        self.half_of(cell)
            .map(|half| in_moves(self.halves[half].g[cell]))
    }

    fn counts_moves(&self) -> bool {
        false
    }

    /// The guess of the half that reached the cell, toward where that half heads.
    fn estimate(&self, cell: usize) -> Option<f64> {
        let half = &self.halves[self.half_of(cell)?];
        Some(in_moves(self.guess.units(&self.grid, cell, half.toward)))
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` uses.
// -----------------------------------------------------------------------------------------------

impl<T: Topology> BidirectionalAStar<T> {
    /// Adds `cell` with `g` to one side's open set; returns where it came to rest.
    fn push(&mut self, side: usize, cell: usize, g: u64) -> usize {
        let half = &mut self.halves[side];
        let h = self.guess.units(&self.grid, cell, half.toward);
        let at = half
            .open
            .push_at(Reverse((g + h, h, half.added, cell as u32)));
        half.added = half.added.wrapping_add(1);
        at
    }

    /// Ends the search: the path through the best meeting, or unreachable.
    fn finish(&mut self, board: &mut Board, line: Line) -> Step {
        self.current = None;
        if self.mu == UNREACHED {
            self.outcome = Some(Outcome::Unreachable);
            return Step::new(Event::Unreachable, EXHAUSTED);
        }
        let meet = self.meet as usize;
        let mut path = Vec::new();
        let mut cell = meet;
        // Forward parents back to the start, then backward parents on to the goal.
        while cell != self.start {
            path.push(cell);
            cell = self.halves[0].parent[cell] as usize;
        }
        path.push(self.start);
        path.reverse();
        let mut cell = meet;
        while cell != self.goal {
            cell = self.halves[1].parent[cell] as usize;
            path.push(cell);
        }
        mark_path(board, &path);
        let length = path.len() as u32;
        self.outcome = Some(Outcome::Found(path));
        Step::new(Event::Found { length }, line)
    }

    /// The cost of the best meeting so far in units, if the two sides have met.
    pub fn best_meeting(&self) -> Option<u64> {
        (self.mu != UNREACHED).then_some(self.mu)
    }
}
