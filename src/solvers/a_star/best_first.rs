//! Dijkstra's algorithm and A* where moves cost different amounts: the general path the two
//! take on a world with terrain costs, with diagonal moves, or with a heuristic other than the
//! grid's own. (On a plain maze, where every passage costs 1, each keeps its own faster form:
//! [`crate::solvers::dijkstra`], [`super`] (A*).) Dijkstra is A* with `h = 0`, so one search
//! serves both, under each one's name and description.
//!
//! How it works:
//! 1. Every cell reached has `g`, the cost of the cheapest way to it found so far (the sum of
//!    the costs of the cells entered, √2 times for a diagonal move), and `h`, a guess of the
//!    cost still to go (0 for Dijkstra). Put the start in the open set with `g = 0`.
//! 2. Take the open cell with the lowest `f = g + weight · h` (ties: lower `h`, then the one
//!    added first, so every run is the same).
//! 3. If it is the goal, follow parents back to the start: with `h` never overestimating and
//!    weight 1, no path is cheaper.
//! 4. Otherwise close it, and for every move to a neighbour `n` with `g[cell] + cost(n) <
//!    g[n]`, record the new `g` and this cell as its parent and add `n` with its new `f`. (A
//!    closed cell reached more cheaply is opened again: that only happens with a guess that
//!    is not consistent, and keeps the result the cheapest.)
//! 5. When the open set runs dry first, the goal cannot be reached.
//!
//! Costs are whole numbers of [`crate::world::UNIT`] (`u64`), so adding never rounds, and every
//! search of a world agrees on what a path costs. The open set is a four-way heap whose pushes
//! and pops can be taken back exactly ([`QuadHeap`]); an improved cell is added again and its
//! old entry, stale, is dropped within the step that meets it. (Dijkstra with four moves, every
//! move a whole cost from 1 to 9, has a faster form of its own:
//! [`crate::solvers::dijkstra_on_terrain`].)
//!
//! One step is one cell taken from the open set and its moves. Marks: `FRONTIER` for the open
//! set, `VISITED` for closed cells, `PATH` for the result.

// The lines of A*'s pseudocode, which Dijkstra's names alike (a test below checks it): this
// search shows either.
use super::{BEGIN, CLOSE, FOUND, OPEN, UNREACHABLE};
use crate::board::{mark, Board};
use crate::ds::quad_heap::{QuadHeap, ARITY};
use crate::machine::event_sentence;
use crate::machine::Line;
use crate::machine::{heap_best, step_to_end_inlined, Structure, Words};
use crate::machine::{DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::solvers::cost_notes::{note_pop, note_relax, records, CostEntry, Record};
use crate::solvers::goals::OtherGoals;
use crate::solvers::moves::{in_moves, Guess, Moves};
use crate::solvers::{follow_parents, mark_path, Outcome, Solver, NO_PARENT};
use crate::topology::Topology;
use crate::words::{Arg, Sentence};
use crate::world::Search;
use std::cmp::Reverse;

type Entry = CostEntry;

/// "Not reached" as a `g`.
const UNREACHED: u64 = u64::MAX;

/// What the search knows of a cell.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Node {
    g: u64,
    parent: u32,
    closed: bool,
}

impl Node {
    const UNREACHED: Node = Node {
        g: UNREACHED,
        parent: NO_PARENT,
        closed: false,
    };
}

/// Dijkstra (`h = 0`) or A* by cost, as a step machine on a grid of any shape.
#[derive(Clone, Debug)]
pub struct BestFirst<T> {
    info: &'static Info,
    grid: T,
    moves: Moves,
    /// `None` for Dijkstra.
    guess: Option<Guess>,
    start: usize,
    goal: usize,
    /// The goals beyond `goal`, if several ([`crate::solvers::goals`]).
    others: OtherGoals,
    /// `g`, parent and closed flag of every cell, side by side: one trip to memory a cell.
    nodes: Vec<Node>,
    open: QuadHeap<Entry>,
    added: u32,
    closed_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
    /// Early exit off: go on past the goal until the frontier is empty ([`Solver::flood`]).
    flood: bool,
}

impl<T: Topology + Clone + DebugState + 'static> Machine for BestFirst<T> {
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.nodes[self.start].g = 0;
            self.nodes[self.start].parent = self.start as u32;
            self.push(self.start, 0);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            return Some(Step::new(
                Event::Begin {
                    cell: self.start as u32,
                },
                BEGIN,
            ));
        }
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        // Pop until a live entry turns up; stale ones are dropped within this step.
        let cell = loop {
            let Some((entry, at)) = self.open.pop_at() else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, UNREACHABLE));
            };
            note_pop(board, entry, at);
            let Reverse((f, h, _, cell)) = entry;
            let cell = cell as usize;
            if !self.nodes[cell].closed && f - self.weighted(h) == self.nodes[cell].g {
                break cell;
            }
        };
        self.current = Some(cell);
        self.nodes[cell].closed = true;
        self.closed_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if (cell == self.goal || self.others.has(cell)) && !self.flood {
            let path = follow_parents(self.start, cell, |cell| {
                Some(self.nodes[cell].parent as usize)
                    .filter(|_| self.nodes[cell].parent != NO_PARENT)
            });
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let g_cell = self.nodes[cell].g;
        let mut added = 0;
        let moves = self.moves.list(&self.grid, board.maze(), cell);
        for &(_side, next, cost) in moves.as_slice() {
            let g = g_cell + cost;
            if g >= self.nodes[next].g {
                continue;
            }
            let (old_g, old_parent, was_closed) = (
                self.nodes[next].g,
                self.nodes[next].parent,
                self.nodes[next].closed,
            );
            if old_g == UNREACHED {
                self.visited += 1;
            }
            if was_closed {
                self.nodes[next].closed = false;
                self.closed_count -= 1;
            }
            board.set_mark(next, (board.mark(next) & !mark::VISITED) | mark::FRONTIER);
            self.nodes[next].g = g;
            self.nodes[next].parent = cell as u32;
            let at = self.push(next, g);
            note_relax(board, next, (old_g, old_parent, was_closed), at);
            added += 1;
        }
        Some(Step::new(
            Event::Expand {
                cell: cell as u32,
                added,
            },
            if added > 0 { OPEN } else { CLOSE },
        ))
    }

    fn info(&self) -> &'static Info {
        self.info
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    /// Takes back, newest first, each neighbour reached (its old `g`, parent and closed flag
    /// noted, and where its push went), the closing of the cell, each pop (the entry and where
    /// it left the heap's last entry), and the cell before.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        if let Event::Begin { .. } = step.event {
            self.open = QuadHeap::new();
            self.added = 0;
            self.nodes[self.start].g = UNREACHED;
            self.nodes[self.start].parent = NO_PARENT;
            self.visited = 0;
            self.started = false;
            return true;
        }
        let Some((&before, rest)) = notes.split_first() else {
            return false;
        };
        let Some(records) = records(rest) else {
            return false;
        };
        if let Event::Expand { .. } | Event::Found { .. } = step.event {
            if let Some(cell) = self.current {
                self.nodes[cell].closed = false;
                self.closed_count -= 1;
            }
        }
        for record in records.into_iter().rev() {
            match record {
                Record::Popped { entry, at } => self.open.undo_pop(entry, at),
                Record::Relaxed {
                    next,
                    old_g,
                    parent,
                    was_closed,
                    at,
                } => {
                    self.open.undo_push(at);
                    self.added -= 1;
                    if old_g == UNREACHED {
                        self.visited -= 1;
                    }
                    if was_closed {
                        self.nodes[next].closed = true;
                        self.closed_count += 1;
                    }
                    self.nodes[next].g = old_g;
                    self.nodes[next].parent = parent;
                }
            }
        }
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }

    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("open", self.open.len() as u64),
            ("closed", self.closed_count),
            ("visited", self.visited),
        ]
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let Event::Expand { cell, added } = step.event else {
            return event_sentence(&step.event, maze);
        };
        let cell = cell as usize;
        let g = Arg::Dec(in_moves(self.nodes[cell].g));
        let sentence = match self.guess {
            None => Sentence::new("narration.best-first.cheapest").with("g", g),
            Some(_) => Sentence::new("narration.best-first.lowest")
                .with("g", g)
                .with("h", Arg::Dec(in_moves(self.h(cell)))),
        };
        sentence.cell("cell", maze, cell).n("added", added)
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let live = |entry: Entry| {
            let Reverse((f, h, _, cell)) = entry;
            !self.nodes[cell as usize].closed && f - self.weighted(h) == self.nodes[cell as usize].g
        };
        let best = heap_best(self.open.as_slice(), ARITY, limit, &live);
        let title = match self.guess {
            None => "Queue (cheapest first)",
            Some(_) => "Open set (lowest f first)",
        };
        let mut open = Structure::new(title, self.open.len() as u64);
        for Reverse((f, h, _, cell)) in best {
            let text = match self.guess {
                None => format!(" g={:.2}", in_moves(f)),
                Some(_) => format!(" f={:.2} h={:.2}", in_moves(f), in_moves(h)),
            };
            open.items
                .push(Words::new(maze).cell(cell as usize).t(&text).done());
        }
        vec![open]
    }
}

impl<T: Topology> BestFirst<T> {
    /// Dijkstra's algorithm by cost (`info` its description).
    pub fn dijkstra(
        info: &'static Info,
        grid: T,
        maze: &Maze,
        start: usize,
        goal: usize,
        search: &Search,
    ) -> BestFirst<T> {
        BestFirst::new(info, grid, maze, start, goal, search, false)
    }

    /// A* by cost with `search`'s heuristic and weight.
    pub fn a_star(
        info: &'static Info,
        grid: T,
        maze: &Maze,
        start: usize,
        goal: usize,
        search: &Search,
    ) -> BestFirst<T> {
        BestFirst::new(info, grid, maze, start, goal, search, true)
    }

    fn new(
        info: &'static Info,
        grid: T,
        maze: &Maze,
        start: usize,
        goal: usize,
        search: &Search,
        guessing: bool,
    ) -> BestFirst<T> {
        let moves = Moves::new(maze, search.corners);
        let guess = guessing.then(|| Guess::new(maze, &moves, search));
        BestFirst {
            info,
            moves,
            guess,
            start,
            goal,
            others: OtherGoals::default(),
            nodes: vec![Node::UNREACHED; grid.len()],
            grid,
            open: QuadHeap::new(),
            added: 0,
            closed_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
            flood: false,
        }
    }
}

impl<T: Topology + Clone + DebugState + 'static> Solver for BestFirst<T> {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn search_parent(&self, cell: usize) -> Option<usize> {
        let parent = self.nodes[cell].parent;
        (parent != NO_PARENT).then_some(parent as usize)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        self.g(cell).map(in_moves)
    }

    fn counts_moves(&self) -> bool {
        false
    }

    /// Dijkstra guesses nothing.
    fn estimate(&self, cell: usize) -> Option<f64> {
        self.guess.is_some().then(|| in_moves(self.h(cell)))
    }

    fn flood(&mut self) -> bool {
        self.flood = true;
        true
    }

    fn goal_path(&self) -> Option<(Vec<usize>, Line)> {
        let reached = self.nodes[self.goal].parent != NO_PARENT;
        reached.then(|| {
            (
                follow_parents(self.start, self.goal, |cell| {
                    Some(self.nodes[cell].parent as usize)
                        .filter(|_| self.nodes[cell].parent != NO_PARENT)
                }),
                FOUND,
            )
        })
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` uses, and the queries behind the views (and the tests).
// -----------------------------------------------------------------------------------------------

impl<T: Topology> BestFirst<T> {
    /// The search stopping at the nearest of its goal and `others`.
    pub fn with_goals(self, others: OtherGoals) -> BestFirst<T> {
        BestFirst { others, ..self }
    }

    /// The guess from `cell` to the goal in units (0 for Dijkstra); with several goals, the
    /// least guess over them.
    #[inline]
    fn h(&self, cell: usize) -> u64 {
        self.guess.map_or(0, |guess| {
            let first = guess.units(&self.grid, cell, self.goal);
            self.others
                .least(first, |goal| guess.units(&self.grid, cell, goal))
        })
    }

    #[inline]
    fn weighted(&self, h: u64) -> u64 {
        self.guess.map_or(0, |guess| guess.weighted(h))
    }

    /// Adds `cell` with `g`; returns where it came to rest in the heap.
    #[inline]
    fn push(&mut self, cell: usize, g: u64) -> usize {
        let h = self.h(cell);
        let f = g + self.weighted(h);
        let order = self.added;
        self.added = self.added.wrapping_add(1);
        self.open.push_at(Reverse((f, h, order, cell as u32)))
    }

    /// The cheapest known cost from the start in units, if the cell has been reached.
    pub fn g(&self, cell: usize) -> Option<u64> {
        let g = self.nodes[cell].g;
        (g != UNREACHED).then_some(g)
    }
}
