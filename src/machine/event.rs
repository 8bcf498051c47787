//! What a step did, as a typed event, and the words for jumping to the next one of a kind.

use crate::topology::Side;

/// What one step did, in the words a student would narrate it. Cells are indices
/// (`y * width + x`); sides say which wall of `cell` was involved, numbered clockwise from 0
/// ([`Side`]: on the square grid 0 north, 1 east, 2 south, 3 west).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Opened the passage through the side `side` of `cell`.
    Carve { cell: u32, side: Side },
    /// Looked at `cell` and had nothing to carve (e.g. Binary Tree's last corner).
    Pass { cell: u32 },
    /// SideWinder: carved east from `cell`, making the run one longer.
    ExtendRun { cell: u32, run_len: u32 },
    /// SideWinder: closed a run of `run_len` cells by carving the side `side` of `cell`, a cell
    /// of it.
    CloseRun { cell: u32, side: Side, run_len: u32 },
    /// Carved the side `side` of `cell` and pushed the new cell on a stack.
    Push { cell: u32, side: Side },
    /// Popped `cell`: it had no unvisited neighbours left.
    Pop { cell: u32 },
    /// Kruskal: the wall on the side `side` of `cell` separated two sets; carved it and merged
    /// them.
    MergeSets {
        cell: u32,
        side: Side,
        kept: u32,
        absorbed: u32,
    },
    /// Kruskal: both sides of the wall on the side `side` of `cell` were already connected; the
    /// wall stays.
    KeepWall { cell: u32, side: Side },
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
    /// Wall follower: turned to face the side `heading` of `cell`, standing on it without moving.
    Turn { cell: u32, heading: Side },
    /// Moved from `from` to `to` through the side `heading` of `from`, now facing that way.
    Move { from: u32, to: u32, heading: Side },
    /// Wall follower: back on `cell` facing its side `heading` as before; it would loop forever.
    Looped { cell: u32, heading: Side },
    /// The player walked onto `cell`.
    Walk { cell: u32 },
    /// Hunt-and-Kill: the scan found `cell`, the first cell not in the maze that touches it,
    /// and carved its side `side` into the maze.
    Hunt { cell: u32, side: Side },
    /// Wilson: the walk came back to `cell`, so the loop of `erased` cells after it was erased.
    EraseLoop { cell: u32, erased: u32 },
    /// Wilson: the walk reached `cell`, already in the maze, and its `length` passages were
    /// carved into the maze.
    AddWalk { cell: u32, length: u32 },
    /// Recursive division: walled the side `side` of `length` cells in a line starting at
    /// `cell` (the line runs across that side: east for a south wall, south for an east wall),
    /// all but the cell `gap`, whose passage is left open.
    Divide {
        cell: u32,
        side: Side,
        length: u32,
        gap: u32,
    },
    /// Dead-end filling: filled `cell`, a dead end, so no search goes into it again.
    Fill { cell: u32 },
    /// An open world: opened every wall between two of its `cells` cells, one empty room.
    OpenAll { cells: u32 },
    /// An open world: blocked `cell`, an obstacle with every passage closed.
    Block { cell: u32 },
    /// Rooms: blocked `length` cells in a line from `cell` through its side `side` onwards,
    /// all but the cell `door`, left free as a door.
    BlockLine {
        cell: u32,
        side: Side,
        length: u32,
        door: u32,
    },
    /// Caves: worked out generation `number` (0: the random fill), which blocked `blocked`
    /// cells and freed `freed`.
    Generation {
        number: u32,
        blocked: u32,
        freed: u32,
    },
    /// Terrain: painted the costs of `length` cells from `cell` on (a row).
    PaintRow { cell: u32, length: u32 },
    /// The fillers: closed the passage through the side `side` of `cell` with a wall of the
    /// search's own (drawn as a mark; the maze itself is not changed).
    Seal { cell: u32, side: Side },
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
            | Event::Fill { cell }
            | Event::Block { cell }
            | Event::BlockLine { cell, .. }
            | Event::PaintRow { cell, .. }
            | Event::Seal { cell, .. } => Some(cell),
            Event::Move { to, .. } => Some(to),
            Event::Found { .. }
            | Event::Unreachable
            | Event::OpenAll { .. }
            | Event::Generation { .. } => None,
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
            Event::OpenAll { .. } => "open-all",
            Event::Block { .. } => "block",
            Event::BlockLine { .. } => "block-line",
            Event::Generation { .. } => "generation",
            Event::PaintRow { .. } => "paint-row",
            Event::Seal { .. } => "seal",
        }
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
    ("open-all", "the room opened"),
    ("block", "next obstacle"),
    ("block-line", "next wall of rooms"),
    ("generation", "next generation"),
    ("paint-row", "next row painted"),
    ("seal", "next passage sealed"),
];

/// The "jump to" words for an event kind, or `None` for a kind no algorithm emits.
pub fn event_label(kind: &str) -> Option<&'static str> {
    EVENT_KINDS
        .iter()
        .find(|&&(k, _)| k == kind)
        .map(|&(_, label)| label)
}
