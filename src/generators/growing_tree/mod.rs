//! Growing Tree: keep a list of *active* cells; each step, grow the maze from one of them,
//! chosen by a policy.
//!
//! How it works:
//! 1. Put a random cell in the maze and in the active list.
//! 2. Pick a cell from the active list by the policy: the newest (most recently added), a random
//!    one, the oldest, or a mix (newest with some chance, else random).
//! 3. If it has neighbours not in the maze, carve to a random one of them; that cell joins the
//!    maze and the active list.
//! 4. Otherwise it can never grow again: remove it from the list.
//! 5. Repeat from 2 until the list is empty.
//!
//! The policy sets the texture. Always the newest is the recursive backtracker: long winding
//! passages, few dead ends. Always a random one behaves much like simplified Prim: short
//! passages, many dead ends. Always the oldest gives long straight corridors fanning out from
//! the start. The registered `growing-tree` uses the 50/50 mix of newest and random, which sits
//! in between.
//!
//! The list keeps its order (newest and oldest must mean something) yet removes from anywhere in
//! constant time: a removed entry is blanked and skipped, and the list is compacted whenever
//! blanks make up more than half of it.
//!
//! One step is one pick from the list: a carve or a removal (the first step places the start
//! cell). Marks: `VISITED` for cells in the maze, `ACTIVE` for the active list.
//!
//! This file: the algorithm (its pseudocode, state and `step`). Beside it: `undo.rs` (a step taken
//! back) and `views.rs` (what a step says, the teaching panel's structures).

mod undo;
mod views;

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology, Walk};

pub static INFO: Info = Info {
    name: "growing-tree",
    title: "Growing Tree",
    summary: "Grows from a list of active cells, picking newest or random 50/50 (or newest, random, oldest).",
    step_unit: "one pick from the active list: a carve or a removal",
    pseudocode: &[
        "put a random cell in the maze and in the active list", // BEGIN
        "while the active list is not empty:",
        "    pick a cell from it by the policy (newest, random, oldest, or a mix)",
        "    if it has neighbours not in the maze: carve to a random one, add that to the list", // CARVE
        "    otherwise: remove it from the list", // REMOVE
    ],
    marks: &[
        (mark::VISITED, "in the maze"),
        (mark::ACTIVE, "the active list"),
    ],
    events: &["pop", "push"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const BEGIN: Line = Line(0);
const CARVE: Line = Line(3);
const REMOVE: Line = Line(4);

/// Which active cell to grow from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The most recently added: the recursive backtracker.
    Newest,
    /// Any, uniformly: close to simplified Prim.
    Random,
    /// The earliest added: long straight corridors.
    Oldest,
    /// The newest with a chance of `newest_percent` in 100 (capped at 100), otherwise a
    /// random one.
    Mix { newest_percent: u8 },
}

impl Default for Policy {
    /// The registered default: newest half the time, random the other half.
    fn default() -> Policy {
        Policy::Mix { newest_percent: 50 }
    }
}

impl Policy {
    /// A short name for lists and URLs ("newest", "random", "oldest", "mix-50").
    pub fn name(self) -> String {
        match self {
            Policy::Newest => "newest".to_string(),
            Policy::Random => "random".to_string(),
            Policy::Oldest => "oldest".to_string(),
            Policy::Mix { newest_percent } => format!("mix-{}", newest_percent.min(100)),
        }
    }

    /// The policy the `policy` and `mix` knobs ask for (`mix` with 50 by default).
    pub fn of_knobs(knobs: &crate::generators::Knobs) -> Policy {
        match knobs.get("policy") as u8 {
            1 => Policy::Newest,
            2 => Policy::Random,
            3 => Policy::Oldest,
            _ => Policy::Mix {
                newest_percent: knobs.get("mix") as u8,
            },
        }
    }
}

/// A blanked (removed) entry of the active list.
const REMOVED: u32 = u32::MAX;

/// Growing Tree as a step machine, on a grid of any shape (`T`: the plain [`Square`] grid, or
/// a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct GrowingTree<T = Square> {
    grid: T,
    policy: Policy,
    in_maze: Vec<bool>,
    /// The active list, oldest first, with `REMOVED` blanks; `items[..head]` are all blanks.
    items: Vec<u32>,
    head: usize,
    live: usize,
    started: bool,
    current: Option<usize>,
}

impl<T: Topology + Walk + Clone + DebugState + 'static> Machine for GrowingTree<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if !self.started {
            self.started = true;
            let cell = self.grid.nearest_on(rng.index(self.in_maze.len()));
            self.add(board, cell);
            self.current = Some(cell);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, BEGIN));
        }
        if self.live == 0 {
            return None;
        }
        let at = self.pick(rng);
        let cell = self.items[at] as usize;
        // The cell picked before, which nothing else remembers.
        board.note(self.current.map_or(u32::MAX, |c| c as u32));
        self.current = Some(cell);
        let pick = self
            .grid
            .pick_where(self.grid.spot(cell), |next| !self.in_maze[next], rng);
        let Some((side, to)) = pick else {
            board.note(at as u32);
            self.remove(board, at);
            board.remove_mark(cell, mark::ACTIVE);
            return Some(Step::new(Event::Pop { cell: cell as u32 }, REMOVE));
        };
        let next = to.cell;
        board.join(cell, side, next, self.grid.back(cell, side));
        self.add(board, next);
        Some(Step::new(
            Event::Push {
                cell: cell as u32,
                side,
            },
            CARVE,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.started && self.live == 0
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back_step(step, notes, board)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("active", self.live as u64)]
    }

    // In views.rs.
    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.structures(maze, limit)
    }
}

impl GrowingTree {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze, policy: Policy) -> GrowingTree {
        GrowingTree::on(maze.square(), policy)
    }
}

impl<T: Topology + Walk> GrowingTree<T> {
    /// A generator for a maze on `grid`.
    pub fn on(grid: T, policy: Policy) -> GrowingTree<T> {
        GrowingTree {
            policy,
            in_maze: vec![false; grid.len()],
            grid,
            items: Vec::new(),
            head: 0,
            live: 0,
            started: false,
            current: None,
        }
    }

    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// The active cells, oldest first.
    pub fn active(&self) -> impl Iterator<Item = usize> + '_ {
        self.items[self.head..]
            .iter()
            .filter(|&&c| c != REMOVED)
            .map(|&c| c as usize)
    }

    /// Number of active cells.
    pub fn active_len(&self) -> usize {
        self.live
    }

    /// Whether `cell` has joined the maze.
    pub fn in_maze(&self, cell: usize) -> bool {
        self.in_maze[cell]
    }

    fn add(&mut self, board: &mut Board, cell: usize) {
        self.in_maze[cell] = true;
        self.items.push(cell as u32);
        self.live += 1;
        board.add_mark(cell, mark::VISITED | mark::ACTIVE);
    }

    /// The index in `items` of the cell the policy picks (the list is not empty).
    fn pick(&self, rng: &mut Rng) -> usize {
        let newest = match self.policy {
            Policy::Newest => true,
            Policy::Oldest => return self.head,
            Policy::Random => false,
            Policy::Mix { newest_percent } => rng.below(100) < u32::from(newest_percent),
        };
        if newest {
            return self.items.len() - 1;
        }
        // At least half the entries are live, so this takes two tries on average.
        loop {
            let at = self.head + rng.index(self.items.len() - self.head);
            if self.items[at] != REMOVED {
                return at;
            }
        }
    }

    /// Blanks entry `at`, trims blanks off both ends, and compacts if blanks are the majority.
    /// A compaction notes where the blanks were: the head, then each blank's index after it.
    fn remove(&mut self, board: &mut Board, at: usize) {
        self.items[at] = REMOVED;
        self.live -= 1;
        while self.items.len() > self.head && self.items.last() == Some(&REMOVED) {
            self.items.pop();
        }
        while self.head < self.items.len() && self.items[self.head] == REMOVED {
            self.head += 1;
        }
        if self.head == self.items.len() {
            self.items.clear();
            self.head = 0;
        } else if 2 * self.live < self.items.len() - self.head {
            if board.is_journaling() {
                board.note(self.head as u32);
                for i in self.head..self.items.len() {
                    if self.items[i] == REMOVED {
                        board.note(i as u32);
                    }
                }
            }
            self.items.retain(|&c| c != REMOVED);
            self.head = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the mix is registered (and checked by tests/undo.rs); every policy takes its steps
    /// back, compactions included.
    #[test]
    fn every_policy_takes_every_step_back() {
        let policies = [
            Policy::Newest,
            Policy::Random,
            Policy::Oldest,
            Policy::Mix { newest_percent: 50 },
        ];
        for policy in policies {
            for (width, height, seed) in [(6, 5, 1), (9, 7, 2), (1, 8, 3), (1, 1, 4), (12, 12, 5)] {
                let maze = Maze::new(width, height).unwrap();
                let mut machine = GrowingTree::new(&maze, policy);
                let mut board = Board::new(maze);
                board.set_journaling(true);
                let mut rng = Rng::new(seed);
                loop {
                    let (before, notes) = (format!("{machine:?}"), board.notes().len());
                    let Some(step) = machine.step(&mut board, &mut rng) else {
                        break;
                    };
                    let mut back = machine.clone();
                    assert!(back.undo(&step, &board.notes()[notes..], &board));
                    assert_eq!(format!("{back:?}"), before, "{policy:?} {step:?}");
                }
            }
        }
    }
}
