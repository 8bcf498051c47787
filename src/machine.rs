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
    /// one of [`EVENT_KINDS`]. "begin" and "unreachable" are left out: they happen at most
    /// once, at the first step or the last.
    pub events: &'static [&'static str],
}

/// `Debug` for a machine, natively: tests compare a machine's whole state before and after a
/// step taken back. Not in wasm, where every machine's derived `Debug` would be code in the
/// module (about 70 KB) that nothing calls.
#[cfg(not(target_arch = "wasm32"))]
pub trait DebugState: std::fmt::Debug {}
#[cfg(not(target_arch = "wasm32"))]
impl<T: std::fmt::Debug + ?Sized> DebugState for T {}
#[cfg(target_arch = "wasm32")]
pub trait DebugState {}
#[cfg(target_arch = "wasm32")]
impl<T: ?Sized> DebugState for T {}

/// A value advanced one observable step at a time.
pub trait Machine: CloneMachine + DebugState {
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
    /// result as stepping. A machine may override it to do the same work its own way when
    /// nobody watches (SideWinder does rows at a time); a test holds every machine to the
    /// result of stepping, from any point of its run.
    ///
    /// The steps land in two variables, taking turns, rather than each being copied into a
    /// `last` variable: a `step` that is not inlined writes its result field by field, and
    /// copying it whole right away stalls the processor until those writes are done (store
    /// forwarding fails). That stall was half of Aldous-Broder's run. Only the variant is
    /// read here, which forwards fine.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        let mut steps = 0;
        let mut even = None;
        loop {
            let odd = self.step(board, rng);
            if odd.is_none() {
                return (steps, even);
            }
            steps += 1;
            even = self.step(board, rng);
            if even.is_none() {
                return (steps, odd);
            }
            steps += 1;
        }
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

    /// Takes back `step`, the last step this machine did, putting its own state exactly as it
    /// was before (the run restores the board and the random numbers). `notes` are the words
    /// the step gave [`Board::note`], oldest first; `board` is still as the step left it.
    /// Returns false, changing nothing, if the machine cannot: the run then restores a saved
    /// state and replays, which is slow on big mazes. Only ever called for the last step not
    /// yet taken back, and only if that step ran with the journal on.
    fn undo(&mut self, _step: &Step, _notes: &[u32], _board: &Board) -> bool {
        false
    }
}

/// [`Machine::step_to_end`] for a machine whose `step` is `#[inline(always)]`: there the step
/// is built in registers, so keeping the last one costs no stall, and one call site instead
/// of the default's two keeps a single copy of the inlined step (a kilobyte or so in wasm).
#[inline(always)]
pub fn step_to_end_inlined<M: Machine + ?Sized>(
    machine: &mut M,
    board: &mut Board,
    rng: &mut Rng,
) -> (u64, Option<Step>) {
    let (mut steps, mut last) = (0, None);
    while let Some(step) = machine.step(board, rng) {
        steps += 1;
        last = Some(step);
    }
    (steps, last)
}

/// [`step_to_end_inlined`] for a small machine with no heap data (Binary Tree, SideWinder):
/// it runs on copies of the machine and the random number generator in local variables, and
/// puts them back at the end. The compiler keeps locals in registers, where it must otherwise
/// store every field back to memory each step; in these loops of a few dozen instructions
/// per cell that was a good part of the work.
#[inline(always)]
pub fn step_to_end_local<M: Machine + Clone>(
    machine: &mut M,
    board: &mut Board,
    rng: &mut Rng,
) -> (u64, Option<Step>) {
    let (mut local, mut local_rng) = (machine.clone(), rng.clone());
    let result = step_to_end_inlined(&mut local, board, &mut local_rng);
    (*machine, *rng) = (local, local_rng);
    result
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

    /// The structure with `cells` (at most `limit` of them) listed as coordinates. Takes a
    /// `dyn Iterator` so that one copy of this code serves every machine's collection.
    pub fn cells(
        mut self,
        maze: &Maze,
        cells: &mut dyn Iterator<Item = usize>,
        limit: usize,
    ) -> Structure {
        for cell in cells.take(limit) {
            self.items.push(xy(maze, cell));
        }
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
    Words::new(maze).cell(cell).done()
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

/// A sentence built piece by piece: `Words::new(maze).t("Carved ").dir(d).t(" from ")
/// .cell(c).done()`. One small, non-generic path for all the teaching text, because every
/// `format!` call site costs the wasm module bytes; the methods take `&mut self` so that a
/// chain is a row of plain calls, with no moves of the builder between them.
pub struct Words<'a> {
    maze: &'a Maze,
    text: String,
}

impl<'a> Words<'a> {
    pub fn new(maze: &'a Maze) -> Words<'a> {
        Words {
            maze,
            text: String::new(),
        }
    }

    /// Plain text.
    #[inline(never)]
    pub fn t(&mut self, text: &str) -> &mut Words<'a> {
        self.text.push_str(text);
        self
    }

    /// A whole number, in decimal.
    #[inline(never)]
    pub fn n(&mut self, value: u64) -> &mut Words<'a> {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = value;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &digit in &digits[at..] {
            self.text.push(char::from(digit));
        }
        self
    }

    /// `count` followed by the noun, singular for 1: "1 cell", "3 cells".
    pub fn count(&mut self, count: u64, one: &str, many: &str) -> &mut Words<'a> {
        self.n(count).t(" ").t(if count == 1 { one } else { many })
    }

    /// A cell as "(x, y)".
    #[inline(never)]
    pub fn cell(&mut self, cell: usize) -> &mut Words<'a> {
        let (x, y) = self.maze.coords(cell);
        self.t("(").n(u64::from(x)).t(", ").n(u64::from(y)).t(")")
    }

    /// A direction's name.
    pub fn dir(&mut self, dir: Direction) -> &mut Words<'a> {
        self.t(dir_name(dir))
    }

    /// The text so far (the builder is left empty).
    pub fn done(&mut self) -> String {
        std::mem::take(&mut self.text)
    }
}

/// The default narration: what the event says, with cells as (x, y).
pub fn describe(event: &Event, maze: &Maze) -> String {
    let mut words = Words::new(maze);
    let w = &mut words;
    let c = |cell: u32| cell as usize;
    match *event {
        Event::Carve { cell, dir } => w.t("Carved ").dir(dir).t(" from cell ").cell(c(cell)),
        Event::Pass { cell } => w.t("Cell ").cell(c(cell)).t(" had nothing to carve"),
        Event::ExtendRun { cell, run_len } => w
            .t("Carved east from cell ")
            .cell(c(cell))
            .t(": the run is now ")
            .count(u64::from(run_len), "cell", "cells")
            .t(" long"),
        Event::CloseRun { cell, dir, run_len } => w
            .t("Closed the run of ")
            .n(u64::from(run_len))
            .t(": carved ")
            .dir(dir)
            .t(" from cell ")
            .cell(c(cell)),
        Event::Push { cell, dir } => w
            .t("Carved ")
            .dir(dir)
            .t(" from cell ")
            .cell(c(cell))
            .t(" and pushed the new cell"),
        Event::Pop { cell } => w
            .t("Popped cell ")
            .cell(c(cell))
            .t(": nothing new around it, so back up"),
        Event::MergeSets { cell, dir, .. } => w
            .t("The wall ")
            .dir(dir)
            .t(" of cell ")
            .cell(c(cell))
            .t(" divided two sets: carved it and merged them"),
        Event::KeepWall { cell, dir } => w
            .t("The wall ")
            .dir(dir)
            .t(" of cell ")
            .cell(c(cell))
            .t(" stays: both sides are already connected"),
        Event::Begin { cell } => w.t("Started at cell ").cell(c(cell)),
        Event::Expand { cell, added } => w
            .t("Took cell ")
            .cell(c(cell))
            .t(" from the frontier and added ")
            .count(u64::from(added), "new neighbour", "new neighbours"),
        Event::Skip { cell } => w
            .t("Took cell ")
            .cell(c(cell))
            .t(" from the frontier, but it was already settled"),
        Event::Found { length } => {
            w.t("Reached the goal: the path has ")
                .count(u64::from(length), "cell", "cells")
        }
        Event::Unreachable => w.t("The frontier ran out: the goal cannot be reached"),
        Event::Turn { cell, heading } => w
            .t("Turned to face ")
            .dir(heading)
            .t(" on cell ")
            .cell(c(cell)),
        Event::Move { from, to, heading } => w
            .t("Moved ")
            .dir(heading)
            .t(" from cell ")
            .cell(c(from))
            .t(" to cell ")
            .cell(c(to)),
        Event::Looped { cell, heading } => w
            .t("Back on cell ")
            .cell(c(cell))
            .t(" facing ")
            .dir(heading)
            .t(" as before: following the wall would loop forever"),
        Event::Walk { cell } => w.t("The player walked onto cell ").cell(c(cell)),
        Event::Hunt { cell, dir } => w
            .t("The hunt found cell ")
            .cell(c(cell))
            .t(" and carved ")
            .dir(dir)
            .t(" from it into the maze"),
        Event::EraseLoop { cell, erased } => w
            .t("The walk came back to cell ")
            .cell(c(cell))
            .t(": erased the loop of ")
            .count(u64::from(erased), "cell", "cells")
            .t(" after it"),
        Event::AddWalk { cell, length } => w
            .t("The walk reached cell ")
            .cell(c(cell))
            .t(", already in the maze: carved its ")
            .count(u64::from(length), "passage", "passages")
            .t(" into the maze"),
        Event::Divide {
            cell,
            dir,
            length,
            gap,
        } => w
            .t("Built a wall on the ")
            .dir(dir)
            .t(" side of ")
            .count(u64::from(length), "cell", "cells")
            .t(" from cell ")
            .cell(c(cell))
            .t(", leaving a gap at ")
            .cell(c(gap)),
        Event::Fill { cell } => w.t("Filled cell ").cell(c(cell)).t(": a dead end"),
    }
    .t(".")
    .done()
}

/// Steps a machine until it is done, with the board's journal off, by
/// [`Machine::step_to_end`]: the same maze, step count and last step as stepping one at a time.
pub fn run_to_end(machine: &mut dyn Machine, board: &mut Board, rng: &mut Rng) -> u64 {
    let journaling = board.is_journaling();
    board.set_journaling(false);
    let (steps, _) = machine.step_to_end(board, rng);
    board.set_journaling(journaling);
    steps
}

/// The best `limit` entries of a binary heap's array (the layout `BinaryHeap::as_slice`
/// gives: children of `i` at `2i + 1` and `2i + 2`; with `arity` 4, a
/// [`crate::ds::quad_heap::QuadHeap`]'s, at `4i + 1 ..= 4i + 4`), best (greatest) first, skipping
/// those `keep` refuses. A best-first walk from the root touches about arity·limit entries (plus
/// the refused ones), so a panel can show the front of a huge open set without sorting it.
pub fn heap_best<T: Ord + Copy>(
    heap: &[T],
    arity: usize,
    limit: usize,
    keep: &dyn Fn(T) -> bool,
) -> Vec<T> {
    let mut best = Vec::new();
    let mut fringe = std::collections::BinaryHeap::new();
    if !heap.is_empty() {
        fringe.push((heap[0], 0));
    }
    while best.len() < limit {
        let Some((entry, at)) = fringe.pop() else {
            break;
        };
        if keep(entry) {
            best.push(entry);
        }
        for child in arity * at + 1..=arity * at + arity {
            if let Some(&next) = heap.get(child) {
                fringe.push((next, child));
            }
        }
    }
    best
}
