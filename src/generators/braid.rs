//! Braiding: remove a share of a finished maze's dead ends by knocking one wall out of each,
//! which adds loops.
//!
//! How it works:
//! 1. List the dead ends (cells with exactly one opening) and aim to remove a share `p` of them
//!    (rounded up, so any `p > 0` removes at least one).
//! 2. Take a random dead end from the list. If an earlier step already opened it, take another.
//! 3. Carve one wall of it. Prefer a neighbour that is a dead end too — one passage then removes
//!    two dead ends — otherwise any neighbour behind a wall.
//! 4. Repeat from 2 until the share is removed, or no dead end that can be opened is left.
//!
//! Carving only adds passages, so every cell stays reachable and each carve closes a loop: a
//! braided maze is no longer perfect. A dead end whose only neighbour is the one it opens to (the
//! ends of a maze one cell wide) cannot be opened; at `p = 1` those are all that remain.
//!
//! It runs as a phase of [`crate::run::Run`] after generation when `Settings::braid` is above
//! zero, drawing from the same random number generator, so a seed still fixes the whole result.
//! One step is one dead end opened. Marks: `SPECIAL` for the dead ends opened.
//!
//! It works on a grid of any shape (see [`crate::topology`]): a dead end is a cell with one
//! passage bit, and the walls it may open are its sides that lead to a cell. On a weave it
//! opens only ordinary walls, and none into or beside a crossing (a cell a tunnel passes
//! under, or a wall a tunnel already goes through): every crossing stays a plain over and
//! under, and a dead end walled in by crossings stays a dead end.

use crate::board::{mark, Board};
use crate::machine::Structure;
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Topology, Weave};
use crate::words::{Arg, Sentence};

pub static INFO: Info = Info {
    name: "braid",
    title: "Braid",
    summary: "Opens a share of the dead ends, preferring to join two at once: adds loops.",
    step_unit: "one dead end opened",
    pseudocode: &[
        "list the dead ends; aim to remove a share p of them",
        "while fewer than that are removed and some can be opened:",
        "    take a random dead end from the list",
        "    (skip it if an earlier carve opened it already)",
        "    carve to a neighbour that is a dead end too, or else to any walled-off one", // CARVE
    ],
    marks: &[(mark::SPECIAL, "dead ends opened")],
    events: &["carve"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const CARVE: Line = Line(4);

/// Checks a braid share: a number from 0 to 1.
pub fn check_share(share: f64) -> Result<f64, String> {
    if (0.0..=1.0).contains(&share) {
        Ok(share)
    } else {
        Err(share_refusal(share).english())
    }
}

/// [`check_share`]'s refusal as a sentence.
pub fn share_refusal(share: f64) -> Sentence {
    Sentence::new("refusals.braid-share").with("value", Arg::Text(crate::words::number_text(share)))
}

fn is_dead_end(bits: u8) -> bool {
    bits.count_ones() == 1
}

/// Braiding as a step machine, made for the maze it will work on.
#[derive(Clone, Debug)]
pub struct Braid {
    share: f64,
    /// Dead ends that can be opened, in the order found; drawn at random. Entries opened since
    /// (by a neighbour's carve) are skipped when drawn.
    candidates: Vec<u32>,
    /// Dead ends in the maze when braiding began, and now.
    initial: usize,
    dead_ends: usize,
    /// Dead ends to remove.
    target: usize,
    /// Dead ends in `candidates` that are still dead ends.
    openable: usize,
    opened: u64,
    current: Option<usize>,
}

impl Machine for Braid {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.is_done() {
            return None;
        }
        // Notes for `undo`: the cell worked on before, each entry drawn (where and what), and
        // whether the neighbour was a dead end too.
        board.note(self.current.map_or(u32::MAX, |cell| cell as u32));
        // `openable > 0`, so a dead end that can be opened is still in the list.
        let cell = loop {
            let at = rng.index(self.candidates.len());
            board.note_words(&[at as u32, self.candidates[at]]);
            let cell = self.candidates.swap_remove(at) as usize;
            if is_dead_end(board.maze().cell(cell)) {
                break cell;
            }
        };
        let maze = board.maze();
        let grid = maze.topology();
        let (walled, count) = walled_neighbours(&*grid, maze, cell);
        let mut best = [(0, 0); 8];
        let mut best_count = 0;
        for &(dir, next) in &walled[..count] {
            if is_dead_end(maze.cell(next)) {
                best[best_count] = (dir, next);
                best_count += 1;
            }
        }
        let (side, next) = if best_count > 0 {
            best[rng.index(best_count)]
        } else {
            walled[rng.index(count)]
        };
        let neighbour_was_dead_end = best_count > 0;
        let back = grid.back(cell, side);
        drop(grid);
        board.note(u32::from(neighbour_was_dead_end));
        board.join(cell, side, next, back);
        board.add_mark(cell, mark::SPECIAL);
        self.dead_ends -= 1;
        self.openable -= 1;
        if neighbour_was_dead_end {
            // It had a wall toward `cell`, so it was an openable dead end in the list too.
            self.dead_ends -= 1;
            self.openable -= 1;
        }
        self.opened += 1;
        self.current = Some(cell);
        Some(Step::new(
            Event::Carve {
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
        self.removed() >= self.target || self.openable == 0
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn undo(&mut self, _step: &Step, notes: &[u32], _board: &Board) -> bool {
        let [current, drawn @ .., neighbour_was_dead_end] = notes else {
            return false;
        };
        // Put the drawn entries back, last drawn first: a swap_remove undone.
        for pair in drawn.chunks_exact(2).rev() {
            let (at, cell) = (pair[0] as usize, pair[1]);
            self.candidates.push(cell);
            let last = self.candidates.len() - 1;
            self.candidates.swap(at, last);
        }
        let removed = 1 + usize::from(*neighbour_was_dead_end == 1);
        self.dead_ends += removed;
        self.openable += removed;
        self.opened -= 1;
        self.current = (*current != u32::MAX).then_some(*current as usize);
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("dead ends", self.dead_ends as u64),
            ("opened", self.opened),
        ]
    }

    fn inspect(&self, _maze: &Maze, _limit: usize) -> Vec<Structure> {
        let note = Sentence::new("notes.braid")
            .n("target", self.target as u64)
            .n("initial", self.initial as u64)
            .n("opened", self.opened);
        vec![Structure::new("Dead ends left", self.dead_ends as u64).say(note)]
    }
}

impl Braid {
    /// Braiding for `maze` with a share `share` of dead ends to remove (clamped to 0..=1; use
    /// [`check_share`] to refuse bad values instead).
    pub fn new(maze: &Maze, share: f64) -> Braid {
        let share = if share.is_nan() {
            0.0
        } else {
            share.clamp(0.0, 1.0)
        };
        let grid = maze.topology();
        let mut candidates = Vec::new();
        let mut initial = 0;
        for cell in 0..maze.len() {
            if is_dead_end(maze.cell(cell)) {
                initial += 1;
                if walled_neighbours(&*grid, maze, cell).1 > 0 {
                    candidates.push(cell as u32);
                }
            }
        }
        Braid {
            share,
            openable: candidates.len(),
            candidates,
            initial,
            dead_ends: initial,
            target: (share * initial as f64).ceil() as usize,
            opened: 0,
            current: None,
        }
    }

    pub fn share(&self) -> f64 {
        self.share
    }

    /// Dead ends when braiding began.
    pub fn initial_dead_ends(&self) -> usize {
        self.initial
    }

    /// Dead ends left now.
    pub fn dead_ends(&self) -> usize {
        self.dead_ends
    }

    /// How many dead ends braiding aims to remove.
    pub fn target(&self) -> usize {
        self.target
    }

    fn removed(&self) -> usize {
        self.initial - self.dead_ends
    }
}

/// The neighbours of `cell` behind a wall, with the side toward each, in side order, and how
/// many there are.
fn walled_neighbours(grid: &impl Weave, maze: &Maze, cell: usize) -> ([(Side, usize); 8], usize) {
    let mut found = [(0, 0); 8];
    let mut count = 0;
    let bits = maze.cell(cell);
    grid.for_each_neighbour(cell, |side, next| {
        // On a weave only ordinary walls, and only those that cut into no crossing (see
        // [`Weave::can_carve`]): tunnels are left to the generators that place them. Which
        // walls qualify never changes as ordinary walls open, so the counts kept stay right.
        let ordinary = grid.way(side) == side && grid.can_carve(maze.cells(), cell, side);
        if bits & 1 << side == 0 && ordinary {
            found[count] = (side, next);
            count += 1;
        }
    });
    (found, count)
}
