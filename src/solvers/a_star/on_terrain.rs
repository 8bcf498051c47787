//! A* on terrain: entering a cell costs a whole number from 1 to 9, moves go through the
//! sides of a square cell, and the guess is the number of moves still to go (Manhattan).
//!
//! How it works:
//! 1. Every cell reached has `g`, the cost of the cheapest way to it found so far (the sum of
//!    the costs of the cells entered), and `h`, the moves from it to the goal: each costs at
//!    least 1, so `h` never overestimates. Put the start in the open set with `g = 0`.
//! 2. Take the open cell with the lowest `f = g + h` (ties: lower `h`, then the one added
//!    first). An entry whose `g` is no longer the cell's was left behind when the cell was
//!    reached more cheaply: drop it and take the next.
//! 3. If it is the goal, follow parents back to the start: no path is cheaper.
//! 4. Otherwise close it, and for every open neighbour `n` with `g[cell] + cost(n) < g[n]`,
//!    record the new `g` and this cell as its parent, and add `n` with `f = g[n] + h(n)`.
//! 5. When the open set runs dry first, the goal cannot be reached.
//!
//! A move changes `h` by exactly one and costs at least one, so `h` is *consistent*: a cell's
//! `g` is final when it is taken, a closed cell is never reached more cheaply, and a
//! neighbour's `f` is the cell's `f` to `f + 10`. The open set is therefore buckets
//! ([`crate::ds::score_ring`]): a level per `f`, eleven in use at most, each with a queue
//! per `h` — the order of a heap of `(f, h, order added)` without its reshuffling.
//!
//! Unlike Dijkstra on terrain ([`crate::solvers::dijkstra_on_terrain`]), a cell reached first
//! is not always reached at its final cost: cells are taken by `f`, not `g`, so a cell taken
//! later (farther from the goal) may offer a cheaper way to a cell already open.
//!
//! With diagonal moves, another heuristic or a weight above 1, the general search by cost
//! takes over ([`super::best_first`]).
//!
//! One step is one cell taken from the open set and its neighbours. Marks: `FRONTIER` for the
//! open set, `VISITED` for closed cells, `PATH` for the result.

// The lines of A*'s pseudocode, whose Info this search shows.
use super::{BEGIN, CLOSE, FOUND, OPEN, UNREACHABLE};
use crate::board::{mark, Board};
use crate::ds::parents::{parent_through, NO_SIDE, START_SIDE};
use crate::ds::score_ring::ScoreRing;
use crate::machine::event_sentence;
use crate::machine::Line;
use crate::machine::{step_to_end_inlined, Structure, Words};
use crate::machine::{Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::solvers::{follow_parents, mark_path, open_sides, Outcome, Solver};
use crate::topology::{Square, Topology};
use crate::words::{Arg, Sentence};

/// "Not reached yet" as a `g`.
const UNREACHED: u32 = u32::MAX;

/// A* on terrain as a step machine, on the plain square grid.
#[derive(Clone, Debug)]
pub struct AStarOnTerrain {
    info: &'static Info,
    grid: Square,
    start: usize,
    goal: usize,
    /// The goal's column and row, for `h`.
    goal_x: usize,
    goal_y: usize,
    /// The cost of the cheapest way to each cell found so far, [`UNREACHED`] before any.
    g: Vec<u32>,
    /// The side of each cell that leads back to its parent, [`START_SIDE`] or [`NO_SIDE`].
    parent: Vec<u8>,
    /// Entries `(cell, f, h)`, lowest `f`, then `h`, then first added first; stale ones too.
    open: ScoreRing,
    closed_count: u64,
    started: bool,
    current: Option<usize>,
    visited: u64,
    outcome: Option<Outcome>,
    /// Early exit off: go on past the goal until the frontier is empty ([`Solver::flood`]).
    flood: bool,
}

impl Machine for AStarOnTerrain {
    #[inline(always)]
    fn step(&mut self, board: &mut Board, _rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        if !self.started {
            self.started = true;
            self.g[self.start] = 0;
            self.parent[self.start] = START_SIDE;
            let h = self.h(self.start);
            self.open.push(self.start, h, h);
            self.visited = 1;
            board.add_mark(self.start, mark::FRONTIER);
            let cell = self.start as u32;
            return Some(Step::new(Event::Begin { cell }, BEGIN));
        }
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        // Take entries until a live one turns up; stale ones are dropped within this step.
        let cell = loop {
            let Some(((cell, f, h), record)) = self.open.pop(board) else {
                self.current = None;
                self.outcome = Some(Outcome::Unreachable);
                return Some(Step::new(Event::Unreachable, UNREACHABLE));
            };
            board.note_words(&[record[0], record[1], h, POPPED]);
            if self.g[cell] == f - h {
                break cell;
            }
        };
        self.current = Some(cell);
        self.closed_count += 1;
        board.set_mark(cell, (board.mark(cell) & !mark::FRONTIER) | mark::VISITED);
        if cell == self.goal && !self.flood {
            let path = follow_parents(self.start, self.goal, |cell| self.parent(cell));
            mark_path(board, &path);
            let length = path.len() as u32;
            self.outcome = Some(Outcome::Found(path));
            return Some(Step::new(Event::Found { length }, FOUND));
        }
        let g_cell = self.g[cell];
        let mut added = 0;
        let (open, len) = open_sides(&self.grid, board.maze(), cell);
        Square::for_each_side(
            open,
            #[inline(always)]
            |side| {
                let next = self.grid.through(cell, side);
                if next >= len {
                    return;
                }
                let g = g_cell + u32::from(board.maze().cost(next));
                let old_g = self.g[next];
                if g >= old_g {
                    return;
                }
                let h = self.h(next);
                let lowest = self.open.push(next, g + h, h);
                let old_parent = u32::from(self.parent[next]);
                board.note_words(&[next as u32, old_g, old_parent, lowest, RELAXED]);
                if old_g == UNREACHED {
                    self.visited += 1;
                    board.add_mark(next, mark::FRONTIER);
                }
                self.g[next] = g;
                self.parent[next] = self.grid.back(cell, side);
                added += 1;
            },
        );
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

    // Taking a step back.

    /// A step noted the cell before it, then its records in order, each ending with its kind:
    /// each entry taken (what the pop changed and its `h`), each neighbour reached more
    /// cheaply (its old `g` and parent, and what its push changed). They are taken back newest
    /// first, then the closing of the cell, then the cell before.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        if let Event::Begin { .. } = step.event {
            self.started = false;
            self.open = ScoreRing::new(self.h(self.start), max_h(&self.grid));
            self.g[self.start] = UNREACHED;
            self.parent[self.start] = NO_SIDE;
            self.visited = 0;
            return true;
        }
        let Some((&before, mut rest)) = notes.split_first() else {
            return false;
        };
        if let Event::Expand { .. } | Event::Found { .. } = step.event {
            self.closed_count -= 1;
        }
        while let Some((&kind, older)) = rest.split_last() {
            match (kind, older) {
                (RELAXED, [.., next, old_g, old_parent, lowest]) => {
                    let next = *next as usize;
                    let h = self.h(next);
                    self.open.undo_push(self.g[next] + h, h, *lowest);
                    if *old_g == UNREACHED {
                        self.visited -= 1;
                    }
                    self.g[next] = *old_g;
                    self.parent[next] = *old_parent as u8;
                    rest = &older[..older.len() - 4];
                }
                (POPPED, [.., f_before, lowest_before, h]) => {
                    self.open.undo_pop(*h, [*f_before, *lowest_before]);
                    rest = &older[..older.len() - 3];
                }
                _ => return false,
            }
        }
        self.outcome = None;
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }

    // Speed only: the whole run in one loop, `step` inlined into it.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        step_to_end_inlined(self, board, rng)
    }

    // The teaching views: counters, narration and the open set as a list.

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
        Sentence::new("narration.best-first.lowest")
            .with("g", Arg::Dec(f64::from(self.g[cell])))
            .with("h", Arg::Dec(f64::from(self.h(cell))))
            .cell("cell", maze, cell)
            .n("added", added)
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut open = Structure::new("Open set (lowest f first)", self.open.len() as u64);
        let live = self
            .open
            .in_order()
            .filter(|&(cell, f, h)| self.g[cell] == f - h);
        for (cell, f, h) in live.take(limit) {
            let text = format!(" f={:.2} h={:.2}", f64::from(f), f64::from(h));
            open.items.push(Words::new(maze).cell(cell).t(&text).done());
        }
        vec![open]
    }
}

impl AStarOnTerrain {
    /// A search on `maze` (a plain square grid), described by `info` (A*'s).
    pub fn new(info: &'static Info, maze: &Maze, start: usize, goal: usize) -> AStarOnTerrain {
        let grid = maze.square();
        AStarOnTerrain {
            info,
            start,
            goal,
            goal_x: goal % grid.width() as usize,
            goal_y: goal / grid.width() as usize,
            g: vec![UNREACHED; grid.len()],
            parent: vec![NO_SIDE; grid.len()],
            open: ScoreRing::new(grid.estimate(start, goal), max_h(&grid)),
            grid,
            closed_count: 0,
            started: false,
            current: None,
            visited: 0,
            outcome: None,
            flood: false,
        }
    }
}

impl Solver for AStarOnTerrain {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.visited
    }

    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.parent(cell)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        self.g(cell).map(f64::from)
    }

    fn counts_moves(&self) -> bool {
        false
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        Some(f64::from(self.h(cell)))
    }

    fn flood(&mut self) -> bool {
        self.flood = true;
        true
    }

    fn goal_path(&self) -> Option<(Vec<usize>, Line)> {
        let reached = self.goal == self.start || self.parent(self.goal).is_some();
        reached.then(|| {
            (
                follow_parents(self.start, self.goal, |cell| self.parent(cell)),
                FOUND,
            )
        })
    }
}

// -----------------------------------------------------------------------------------------------
// What `step` and `undo` use, and the queries behind the views (and the tests).
// -----------------------------------------------------------------------------------------------

/// The kinds of record a step notes, each written last so that `undo` reads from the end.
const POPPED: u32 = 0;
const RELAXED: u32 = 1;

/// The largest guess on the grid: corner to corner.
fn max_h(grid: &Square) -> u32 {
    grid.width() + grid.height() - 2
}

impl AStarOnTerrain {
    /// The moves from `cell` to the goal (Manhattan): what A* may assume the rest costs.
    #[inline]
    fn h(&self, cell: usize) -> u32 {
        let width = self.grid.width() as usize;
        let (x, y, goal_x, goal_y) = (cell % width, cell / width, self.goal_x, self.goal_y);
        (x.abs_diff(goal_x) + y.abs_diff(goal_y)) as u32
    }

    /// The parent of a cell on the cheapest way found so far, if it has been reached.
    pub fn parent(&self, cell: usize) -> Option<usize> {
        parent_through(&self.grid, cell, self.parent[cell])
    }

    /// The cost of the cheapest way from the start found so far, if the cell has been reached.
    pub fn g(&self, cell: usize) -> Option<u32> {
        let g = self.g[cell];
        (g != UNREACHED).then_some(g)
    }
}
