//! The one step trait every generator, solver and the player implement.
//!
//! A machine owns its bookkeeping (queue, stack, run, sets, heading) but not the maze: like
//! petgraph's `Dfs`, it is handed the [`Board`] on each call, so an owner (the wasm edge, the
//! command line, a test) can hold both and look at the board between steps.

use crate::board::Board;
use crate::maze::Direction;
use crate::rng::Rng;

/// What one step did, in the words a student would narrate it. Cells are indices
/// (`y * width + x`); directions say which wall of `cell` was involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Opened the passage from `cell` toward `dir`.
    Carve { cell: u32, dir: Direction },
    /// Looked at `cell` and had nothing to carve (e.g. Binary Tree's last corner).
    Pass { cell: u32 },
    /// SideWinder: carved east from `cell`, making the run one longer.
    ExtendRun { cell: u32, run_len: u32 },
    /// SideWinder: closed a run of `run_len` cells by carving `dir` from `cell`, a cell of it.
    CloseRun {
        cell: u32,
        dir: Direction,
        run_len: u32,
    },
    /// Carved from `cell` toward `dir` and pushed the new cell on a stack.
    Push { cell: u32, dir: Direction },
    /// Popped `cell`: it had no unvisited neighbours left.
    Pop { cell: u32 },
    /// Kruskal: the wall `cell`/`dir` separated two sets; carved it and merged them.
    MergeSets {
        cell: u32,
        dir: Direction,
        kept: u32,
        absorbed: u32,
    },
    /// Kruskal: both sides of wall `cell`/`dir` were already connected; the wall stays.
    KeepWall { cell: u32, dir: Direction },
    /// A search started at `cell`.
    Begin { cell: u32 },
    /// Took `cell` from the frontier and added `added` new neighbours to it.
    Expand { cell: u32, added: u32 },
    /// Took `cell` from the frontier but it had already been settled (a stale entry).
    Skip { cell: u32 },
    /// Reached the goal; the path has `length` cells.
    Found { length: u32 },
    /// The frontier ran out before the goal was reached.
    Unreachable,
    /// Wall follower: turned to face `heading` while standing on `cell`, without moving.
    Turn { cell: u32, heading: Direction },
    /// Moved from `from` to `to`, now facing `heading`.
    Move {
        from: u32,
        to: u32,
        heading: Direction,
    },
    /// Wall follower: back on `cell` facing `heading` as before; it would loop forever.
    Looped { cell: u32, heading: Direction },
    /// The player walked onto `cell`.
    Walk { cell: u32 },
    /// Hunt-and-Kill: the scan found `cell`, the first cell not in the maze that touches it,
    /// and carved from it toward `dir` into the maze.
    Hunt { cell: u32, dir: Direction },
    /// Wilson: the walk came back to `cell`, so the loop of `erased` cells after it was erased.
    EraseLoop { cell: u32, erased: u32 },
    /// Wilson: the walk reached `cell`, already in the maze, and its `length` passages were
    /// carved into the maze.
    AddWalk { cell: u32, length: u32 },
    /// Recursive division: walled the `dir` side of `length` cells in a line starting at
    /// `cell` (the line runs across `dir`: east for a south wall, south for an east wall),
    /// all but the cell `gap`, whose passage is left open.
    Divide {
        cell: u32,
        dir: Direction,
        length: u32,
        gap: u32,
    },
    /// Dead-end filling: filled `cell`, a dead end, so no search goes into it again.
    Fill { cell: u32 },
}

impl Event {
    /// The cell the event is about, if any (drawn as the current cell).
    pub fn cell(&self) -> Option<u32> {
        match *self {
            Event::Carve { cell, .. }
            | Event::Pass { cell }
            | Event::ExtendRun { cell, .. }
            | Event::CloseRun { cell, .. }
            | Event::Push { cell, .. }
            | Event::Pop { cell }
            | Event::MergeSets { cell, .. }
            | Event::KeepWall { cell, .. }
            | Event::Begin { cell }
            | Event::Expand { cell, .. }
            | Event::Skip { cell }
            | Event::Turn { cell, .. }
            | Event::Looped { cell, .. }
            | Event::Walk { cell }
            | Event::Hunt { cell, .. }
            | Event::EraseLoop { cell, .. }
            | Event::AddWalk { cell, .. }
            | Event::Divide { cell, .. }
            | Event::Fill { cell } => Some(cell),
            Event::Move { to, .. } => Some(to),
            Event::Found { .. } | Event::Unreachable => None,
        }
    }

    /// A short kebab-case name for the kind of event ("carve", "merge-sets", …).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Carve { .. } => "carve",
            Event::Pass { .. } => "pass",
            Event::ExtendRun { .. } => "extend-run",
            Event::CloseRun { .. } => "close-run",
            Event::Push { .. } => "push",
            Event::Pop { .. } => "pop",
            Event::MergeSets { .. } => "merge-sets",
            Event::KeepWall { .. } => "keep-wall",
            Event::Begin { .. } => "begin",
            Event::Expand { .. } => "expand",
            Event::Skip { .. } => "skip",
            Event::Found { .. } => "found",
            Event::Unreachable => "unreachable",
            Event::Turn { .. } => "turn",
            Event::Move { .. } => "move",
            Event::Looped { .. } => "looped",
            Event::Walk { .. } => "walk",
            Event::Hunt { .. } => "hunt",
            Event::EraseLoop { .. } => "erase-loop",
            Event::AddWalk { .. } => "add-walk",
            Event::Divide { .. } => "divide",
            Event::Fill { .. } => "fill",
        }
    }
}

/// One step: what happened and which line of the algorithm's pseudocode did it.
///
/// The cells it changed, with old and new bytes, are the board's journal entries recorded
/// during the step (see [`crate::board::Board::journal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub event: Event,
    /// Index into the machine's [`Info::pseudocode`].
    pub line: u8,
}

impl Step {
    pub fn new(event: Event, line: u8) -> Step {
        Step { event, line }
    }
}

/// What the page and the command line show about an algorithm. One per algorithm, static.
#[derive(Debug)]
pub struct Info {
    /// The name used on the command line and in URLs, e.g. `"recursive-backtracker"`.
    pub name: &'static str,
    /// A human title, e.g. `"Recursive Backtracker"`.
    pub title: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// What one step is, for this algorithm.
    pub step_unit: &'static str,
    /// The pseudocode; [`Step::line`] indexes it.
    pub pseudocode: &'static [&'static str],
    /// Which mark bits it uses and what they mean here, for the legend.
    pub marks: &'static [(u8, &'static str)],
}

/// A value advanced one observable step at a time.
pub trait Machine {
    /// Does one step and says what it did, or returns `None` once finished (and on every call
    /// after that). Never recurses, never panics on a board of the size it was made for.
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step>;

    /// The algorithm's static description.
    fn info(&self) -> &'static Info;

    /// Whether `step` would return `None`.
    fn is_done(&self) -> bool;

    /// The cell being worked on, if any.
    fn current(&self) -> Option<usize> {
        None
    }

    /// The way the machine faces, for those with a heading (wall followers).
    fn heading(&self) -> Option<Direction> {
        None
    }

    /// Whether this generator adds walls rather than carving passages: it then starts from an
    /// open field (every interior wall open) instead of a grid of closed cells. Honoured by
    /// [`crate::generators::starting_maze`], and through it by `generate` and `run::Run`.
    fn starts_open(&self) -> bool {
        false
    }

    /// Named sizes of its internal state for the status panel ("run" 3, "queue" 17, "sets" 40).
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// Calls `step` until it returns `None`; says how many steps that took and what the last
    /// one was. Provided here so every machine gets its own copy of this loop with its `step`
    /// inlined: one dynamic call per run instead of one per step. Same `step`, so the same
    /// result as stepping.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        let (mut steps, mut last) = (0, None);
        while let Some(step) = self.step(board, rng) {
            steps += 1;
            last = Some(step);
        }
        (steps, last)
    }
}

/// Steps a machine until it is done, with the board's journal off. Uses the same `step` as
/// stepping one at a time, so the result is the same by construction.
pub fn run_to_end(machine: &mut dyn Machine, board: &mut Board, rng: &mut Rng) -> u64 {
    let journaling = board.is_journaling();
    board.set_journaling(false);
    let (steps, _) = machine.step_to_end(board, rng);
    board.set_journaling(journaling);
    steps
}
