//! Early exit off: a search that floods everything it can reach before it reads the path to
//! the goal (Red Blob Games, "Introduction to the A* Algorithm": *early exit*). Breadth-first
//! search, Dijkstra and A* stop when they take the goal from their frontier; told to flood
//! ([`Solver::flood`]) they take the goal as any other cell and go on until the frontier is
//! empty. This wrapper then turns their "the goal cannot be reached" into the path their ways
//! back lead along ([`Solver::goal_path`]), at the pseudocode line that reads it, so the
//! visited count is every reachable cell and the path is the one stopping at the goal finds.
//!
//! The others cannot flood meaningfully and are refused by `Settings::check`: depth-first and
//! greedy search keep the first way they find into a cell, not the best, so flooding adds
//! cells without making any way better; the bidirectional searches stop where their two
//! floods meet; jump point search reaches only jump points; IDA* keeps no ways back; the wall
//! followers, Trémaux, the random mouse and dead-end filling walk or fill, they do not flood.

use super::{mark_path, Outcome, Solver};
use crate::board::Board;
use crate::machine::{Event, Info, Machine, Step, Structure};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::Side;
use crate::words::Sentence;

/// A search told to flood, and how it ended.
#[derive(Clone)]
#[cfg_attr(not(target_arch = "wasm32"), derive(Debug))]
pub struct Flood {
    search: Box<dyn Solver>,
    goal: usize,
    /// The line of the search's own last step ("the frontier is empty"), while the path read
    /// after the flood stands in for it.
    emptied_at: Option<u8>,
    outcome: Option<Outcome>,
}

impl Machine for Flood {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.outcome.is_some() {
            return None;
        }
        let step = self.search.step(board, rng)?;
        if self.search.is_done() {
            self.outcome = self.search.outcome().cloned();
            if matches!(step.event, Event::Unreachable) {
                if let Some((path, line)) = self.search.goal_path() {
                    mark_path(board, &path);
                    let length = path.len() as u32;
                    self.emptied_at = Some(step.line);
                    self.outcome = Some(Outcome::Found(path));
                    // The search's own line that reads the path back (its `FOUND`).
                    return Some(Step {
                        event: Event::Found { length },
                        line: line.0,
                    });
                }
            }
        }
        Some(step)
    }

    fn info(&self) -> &'static Info {
        self.search.info()
    }

    fn is_done(&self) -> bool {
        self.outcome.is_some()
    }

    fn current(&self) -> Option<usize> {
        self.search.current()
    }

    fn heading(&self) -> Option<Side> {
        self.search.heading()
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        self.search.counters()
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Found { length } if self.emptied_at.is_some() => {
                Sentence::new("narration.flood.found")
                    .n("visited", self.search.visited())
                    .n("length", length)
            }
            Event::Expand { cell, added } if cell as usize == self.goal => {
                Sentence::new("narration.flood.goal")
                    .cell("cell", maze, cell as usize)
                    .n("added", added)
            }
            _ => self.search.sentence(step, maze),
        }
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.search.inspect(maze, limit)
    }

    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        let own = match (step.event, self.emptied_at) {
            (Event::Found { .. }, Some(line)) => Step {
                event: Event::Unreachable,
                line,
            },
            _ => *step,
        };
        if !self.search.undo(&own, notes, board) {
            return false;
        }
        self.emptied_at = None;
        self.outcome = None;
        true
    }
}

impl Flood {
    /// Wraps `search` to `goal`, already told to flood ([`Solver::flood`] returned true).
    pub fn new(search: Box<dyn Solver>, goal: usize) -> Flood {
        Flood {
            search,
            goal,
            emptied_at: None,
            outcome: None,
        }
    }
}

impl Solver for Flood {
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn visited(&self) -> u64 {
        self.search.visited()
    }

    // How the search thinks is the wrapped search's: the flood only decides when it stops.
    fn search_parent(&self, cell: usize) -> Option<usize> {
        self.search.search_parent(cell)
    }

    fn cost_so_far(&self, cell: usize) -> Option<f64> {
        self.search.cost_so_far(cell)
    }

    fn parents_into(&self, parents: &mut [u32]) -> bool {
        self.search.parents_into(parents)
    }

    fn counts_moves(&self) -> bool {
        self.search.counts_moves()
    }

    fn estimate(&self, cell: usize) -> Option<f64> {
        self.search.estimate(cell)
    }
}
