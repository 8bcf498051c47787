//! The one step trait every generator, solver and the player implement.
//!
//! A machine owns its bookkeeping (queue, stack, run, sets, heading) but not the maze: like
//! petgraph's `Dfs`, it is handed the [`Board`] on each call, so an owner (the wasm edge, the
//! command line, a test) can hold both and look at the board between steps.

use crate::board::Board;
use crate::maze::{Direction, Maze};
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
    /// The event kinds worth jumping to ("next set merge"), most interesting first; each is
    /// one of [`EVENT_KINDS`].
    pub events: &'static [&'static str],
}

/// A value advanced one observable step at a time.
pub trait Machine: CloneMachine {
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

    /// One plain sentence saying what `step` (the step just done) did. Called with the state
    /// after that step, so a machine may use its own state to say more. The default words
    /// come from the event alone.
    fn narrate(&self, step: &Step, maze: &Maze) -> String {
        describe(&step.event, maze)
    }

    /// The machine's data structures as they stand now, each with at most `limit` items.
    fn inspect(&self, _maze: &Maze, _limit: usize) -> Vec<Structure> {
        Vec::new()
    }
}

/// A copy of a machine behind a box: what lets a run keep checkpoints of its machines. Every
/// `Clone` machine gets it for free.
pub trait CloneMachine {
    fn clone_machine(&self) -> Box<dyn Machine>;
}

impl<T: Machine + Clone + 'static> CloneMachine for T {
    fn clone_machine(&self) -> Box<dyn Machine> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Machine> {
    fn clone(&self) -> Self {
        // Call through the trait object, not on the box (that would recurse into this impl).
        (**self).clone_machine()
    }
}

/// One data structure of a machine, as the teaching panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Structure {
    /// E.g. "Queue (front first)".
    pub title: &'static str,
    /// The true number of entries, however many `items` shows.
    pub total: u64,
    /// The first entries, as short text ("(3, 4)", "(3, 4) f=12 g=5 h=7").
    pub items: Vec<String>,
    /// An optional one-liner ("merging set of (3, 4) (12 cells) with …"); "" if none.
    pub note: String,
}

impl Structure {
    pub fn new(title: &'static str, total: u64) -> Structure {
        Structure {
            title,
            total,
            items: Vec::new(),
            note: String::new(),
        }
    }

    /// The structure with `cells` (at most `limit` of them) listed as coordinates.
    pub fn cells(
        mut self,
        maze: &Maze,
        cells: impl IntoIterator<Item = usize>,
        limit: usize,
    ) -> Structure {
        self.items = cells.into_iter().take(limit).map(|c| xy(maze, c)).collect();
        self
    }

    pub fn note(mut self, note: String) -> Structure {
        self.note = note;
        self
    }
}

/// Every event kind with the words for "jump to the next one", in [`Event`] order.
pub const EVENT_KINDS: &[(&str, &str)] = &[
    ("carve", "next carve"),
    ("pass", "next cell with nothing to carve"),
    ("extend-run", "next run extended"),
    ("close-run", "next run closed"),
    ("push", "next push"),
    ("pop", "next backtrack"),
    ("merge-sets", "next set merge"),
    ("keep-wall", "next wall kept"),
    ("begin", "the start"),
    ("expand", "next dequeue"),
    ("skip", "next stale entry"),
    ("found", "the goal found"),
    ("unreachable", "the search giving up"),
    ("turn", "next turn"),
    ("move", "next move"),
    ("looped", "the loop detected"),
    ("walk", "next step of the walk"),
    ("hunt", "next hunt"),
    ("erase-loop", "next loop erased"),
    ("add-walk", "next walk added"),
    ("divide", "next dividing wall"),
    ("fill", "next dead end filled"),
];

/// The "jump to" words for an event kind, or `None` for a kind no algorithm emits.
pub fn event_label(kind: &str) -> Option<&'static str> {
    EVENT_KINDS
        .iter()
        .find(|&&(k, _)| k == kind)
        .map(|&(_, label)| label)
}

/// A cell as "(x, y)".
pub fn xy(maze: &Maze, cell: usize) -> String {
    let (x, y) = maze.coords(cell);
    let mut text = String::with_capacity(12);
    text.push('(');
    text.push_str(&x.to_string());
    text.push_str(", ");
    text.push_str(&y.to_string());
    text.push(')');
    text
}

/// "north", "east", …
pub fn dir_name(dir: Direction) -> &'static str {
    match dir {
        Direction::North => "north",
        Direction::East => "east",
        Direction::South => "south",
        Direction::West => "west",
    }
}

/// The default narration: what the event says, with cells as (x, y).
pub fn describe(event: &Event, maze: &Maze) -> String {
    let at = |cell: u32| xy(maze, cell as usize);
    match *event {
        Event::Carve { cell, dir } => {
            format!("Carved {} from cell {}.", dir_name(dir), at(cell))
        }
        Event::Pass { cell } => format!("Cell {} had nothing to carve.", at(cell)),
        Event::ExtendRun { cell, run_len } => format!(
            "Carved east from cell {}: the run is now {run_len} cells long.",
            at(cell)
        ),
        Event::CloseRun { cell, dir, run_len } => format!(
            "Closed the run of {run_len}: carved {} from cell {}.",
            dir_name(dir),
            at(cell)
        ),
        Event::Push { cell, dir } => format!(
            "Carved {} from cell {} and pushed the new cell.",
            dir_name(dir),
            at(cell)
        ),
        Event::Pop { cell } => format!(
            "Popped cell {}: nothing new around it, so back up.",
            at(cell)
        ),
        Event::MergeSets {
            cell,
            dir,
            kept,
            absorbed,
        } => format!(
            "The wall {} of cell {} joined two sets: carved it, set {absorbed} joins set {kept}.",
            dir_name(dir),
            at(cell)
        ),
        Event::KeepWall { cell, dir } => format!(
            "The wall {} of cell {} stays: both sides are already connected.",
            dir_name(dir),
            at(cell)
        ),
        Event::Begin { cell } => format!("Started at cell {}.", at(cell)),
        Event::Expand { cell, added } => format!(
            "Took cell {} from the frontier and added {added} new neighbours.",
            at(cell)
        ),
        Event::Skip { cell } => format!(
            "Took cell {} from the frontier, but it was already settled.",
            at(cell)
        ),
        Event::Found { length } => format!("Reached the goal: the path has {length} cells."),
        Event::Unreachable => "The frontier ran out: the goal cannot be reached.".to_string(),
        Event::Turn { cell, heading } => {
            format!("Turned to face {} on cell {}.", dir_name(heading), at(cell))
        }
        Event::Move { from, to, heading } => format!(
            "Moved {} from cell {} to cell {}.",
            dir_name(heading),
            at(from),
            at(to)
        ),
        Event::Looped { cell, heading } => format!(
            "Back on cell {} facing {} as before: following the wall would loop forever.",
            at(cell),
            dir_name(heading)
        ),
        Event::Walk { cell } => format!("The player walked onto cell {}.", at(cell)),
        Event::Hunt { cell, dir } => format!(
            "The hunt found cell {} and carved {} from it into the maze.",
            at(cell),
            dir_name(dir)
        ),
        Event::EraseLoop { cell, erased } => format!(
            "The walk came back to cell {}: erased the loop of {erased} cells after it.",
            at(cell)
        ),
        Event::AddWalk { cell, length } => format!(
            "The walk reached cell {}, already in the maze: carved its {length} passages.",
            at(cell)
        ),
        Event::Divide {
            cell,
            dir,
            length,
            gap,
        } => format!(
            "Built a wall on the {} side of {length} cells from cell {}, leaving a gap at {}.",
            dir_name(dir),
            at(cell),
            at(gap)
        ),
        Event::Fill { cell } => format!("Filled cell {}: a dead end.", at(cell)),
    }
}

/// Steps a machine until it is done, with the board's journal off. Uses the same `step` as
/// stepping one at a time, so the result is the same by construction.
pub fn run_to_end(machine: &mut dyn Machine, board: &mut Board, rng: &mut Rng) -> u64 {
    let journaling = board.is_journaling();
    board.set_journaling(false);
    let mut steps = 0;
    while machine.step(board, rng).is_some() {
        steps += 1;
    }
    board.set_journaling(journaling);
    steps
}
