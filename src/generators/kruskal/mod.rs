//! Kruskal: knock down random walls, but never one whose two sides are already connected.
//!
//! How it works:
//! 1. Start with every wall standing and every cell in a set of its own.
//! 2. Take the inner walls one by one in random order.
//! 3. If the cells on the two sides of a wall are in different sets, carve the wall and merge
//!    the two sets into one.
//! 4. If they are in the same set, a path between them exists already: carving would make a
//!    loop, so the wall stays.
//! 5. When only one set is left, every remaining wall would stay: the maze is done.
//!
//! This is Kruskal's minimum spanning tree algorithm on the grid with random edge weights. The
//! sets are kept in a *union-find* ([`UnionFind`], a disjoint-set forest): each set is a tree
//! of cells pointing to a parent, the root names the set, union by rank keeps the trees shallow
//! and path compression flattens them as they are searched, so each question costs almost
//! nothing.
//!
//! The random order is drawn as it goes (an incremental Fisher–Yates shuffle): a random
//! not-yet-considered wall is swapped to the front of the rest. One step is one wall
//! considered. Walls are stored compactly, one number each, as the grid lists them
//! ([`Topology::walls`]): on the square grid `cell * 2` for the wall east of `cell` and
//! `cell * 2 + 1` for the wall south of it; on other grids (any shape, see
//! [`crate::topology`]) every side of a cell whose neighbour has a larger number.
//!
//! On a weave (see [`crate::topology::weave`]) it first places crossings, as in *Mazes for
//! Programmers*: it visits the cells that have four neighbours in random order, one a step,
//! and where the cell and its four neighbours are in five different sets (so the cell is
//! untouched), it makes the cell a crossing: a corridor over it one way (two passages) and a
//! tunnel under it the other way, merging the sets. Then the walls as above, where a wall into
//! or beside a crossing stays ([`Weave::can_carve`]); tunnels are never walls to consider.
//!
//! This file: the algorithm ([`Kruskal`], its `step` and the shuffle). Beside it: `weave.rs`
//! (the crossings), `fast.rs` (fetching memory early, the run nobody watches), `undo.rs` (a
//! step taken back) and `views.rs` (the set labels, what a step says, the sets as a list).
//!
//! Speed: on a large maze the walls taken and the cells beside them are scattered all over
//! memory, and waiting for memory is most of the work. So the order is drawn a batch ahead and
//! the processor is asked to start fetching what the batch will touch (`fast.rs`); the maze is
//! the same either way.
//!
//! Display: the board's `groups` layer shows each cell's set as a label, 0 for a cell still on
//! its own (drawn uncoloured); a merge reports the label kept and the label absorbed. The
//! labels, and the set sizes that decide which side is relabelled, are only for drawing: the
//! union-find alone decides what is connected, so on a board with its display off
//! ([`Board::set_display`]) they are not kept at all. No marks: the wall considered is the
//! step's event.

mod fast;
mod undo;
mod views;
mod weave;

use crate::board::Board;
use crate::ds::union_find::UnionFind;
use crate::machine::{DebugState, Event, Info, Line, Machine, Step, Structure};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Square, Topology, Weave};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "kruskal",
    title: "Kruskal",
    summary: "Carves random walls between cells not yet connected, merging sets as it goes.",
    step_unit: "one wall considered",
    pseudocode: &[
        "put every cell in a set of its own",
        "for each inner wall, in random order:",
        "    if the cells on its two sides are in different sets:",
        "        carve the wall and merge the two sets", // MERGE
        "    else: keep the wall (carving it would make a loop)", // KEEP
        "stop when only one set is left",
        "on a weave, before the walls: for each cell in random order:", // NO_CROSSING
        "    if it and its four neighbours are in five sets: cross there, over one way and under the other", // CROSS
    ],
    marks: &[],
    events: &["merge-sets", "keep-wall"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const MERGE: Line = Line(3);
const KEEP: Line = Line(4);
const NO_CROSSING: Line = Line(6);
const CROSS: Line = Line(7);

/// The Kruskal generator as a step machine, on a grid of any shape (`T`: the plain [`Square`]
/// grid, or a shared [`crate::topology::Grid`] of another shape or with a mask).
#[derive(Clone, Debug)]
pub struct Kruskal<T = Square> {
    grid: T,
    /// Every inner wall (see [`Topology::walls`]). `walls[..next]` have been
    /// considered, `walls[next..drawn]` are the next ones in random order, `walls[drawn..]`
    /// are waiting, in no particular order, to be drawn.
    walls: Vec<u32>,
    next: usize,
    drawn: usize,
    /// Which cells the passages carved so far connect: a set is named by its root cell. The
    /// union-find alone decides what is connected.
    sets: UnionFind,
    /// Number of sets left.
    sets_left: usize,
    /// Display only, meaningful at a root: how many cells its set has, to repaint the
    /// smaller of two merging sets. Not kept when the board's display is off.
    sizes: Vec<u32>,
    /// Display only: cells waiting to be repainted while relabelling a set, each with its
    /// way back (kept between steps so that its memory is reused).
    paint: Vec<(u32, u8)>,
    /// The cell named first by the wall considered last (on the square grid: west or north).
    current: Option<usize>,
    /// Weaves only: the cells that have four neighbours, where a crossing may go.
    /// `crossings[..crossed]` have been considered, in random order (drawn as it goes); the
    /// walls wait until every one has been.
    crossings: Vec<u32>,
    crossed: usize,
}

impl<T: Topology + Weave + Clone + DebugState + 'static> Machine for Kruskal<T> {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        if self.is_done() {
            return None;
        }
        // A weave places its crossings first (weave.rs). False on every other grid, and folded
        // away.
        if self.grid.weaves() && self.crossed < self.crossings.len() {
            return Some(self.consider_crossing(board, rng));
        }
        // The next wall of the random order (drawn a batch ahead, below).
        if self.next == self.drawn {
            self.shuffle_ahead(board, rng);
        }
        let wall = self.walls[self.next];
        self.next += 1;

        let (cell, side, other) = self.grid.wall(wall);
        self.current = Some(cell);

        // The sets of its two sides (noting first, for undo, what finding them overwrites).
        self.note_for_undo(board, cell, other);
        let (root_a, root_b) = (self.sets.find(cell), self.sets.find(other));
        // On a weave a wall into or beside a crossing stays too (always carvable elsewhere).
        if root_a == root_b || !self.grid.can_carve(board.maze().cells(), cell, side) {
            let cell = cell as u32;
            return Some(Step::new(Event::KeepWall { cell, side }, KEEP));
        }
        let root = self.sets.union(root_a, root_b);
        self.sets_left -= 1;
        board.join(cell, side, other, self.grid.back(cell, side));
        // The labels and sizes are only drawn: with no display (plain `generate`) the
        // repaint, which would be most of the time on a large maze, is skipped and the merge
        // reports 0, 0.
        let (kept, absorbed) = if board.is_displaying() {
            self.show_merge(board, (cell, side, other), [root_a, root_b], root)
        } else {
            (0, 0)
        };
        let event = Event::MergeSets {
            cell: cell as u32,
            side,
            kept,
            absorbed,
        };
        Some(Step::new(event, MERGE))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        let crossing = self.grid.weaves() && self.crossed < self.crossings.len();
        !crossing && (self.sets_left <= 1 || self.next >= self.walls.len())
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("sets", self.sets_left as u64),
            ("walls left", (self.walls.len() - self.next) as u64),
        ]
    }

    // In fast.rs: with the display off, most of the run is `run_unwatched`.
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        self.step_to_end_fast(board, rng)
    }

    // In undo.rs.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back(step, notes, board)
    }

    // In views.rs.
    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        self.narration(step, maze)
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        self.views(maze, limit)
    }
}

/// Making one.
impl Kruskal {
    /// A generator for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> Kruskal {
        Kruskal::on(maze.square())
    }
}

impl<T: Topology + Weave> Kruskal<T> {
    /// A generator for a maze on `grid`. The walls are listed in order here; the random order
    /// is drawn while stepping, since the constructor has no random number generator.
    pub fn on(grid: T) -> Kruskal<T> {
        let len = grid.len();
        let cells_on = (0..len).filter(|&cell| grid.is_on(cell)).count();
        let crossings = grid.crossing_cells();
        Kruskal {
            walls: grid.walls(),
            grid,
            next: 0,
            drawn: 0,
            sets: UnionFind::new(len),
            sets_left: cells_on,
            sizes: vec![1; len],
            paint: Vec::new(),
            current: None,
            crossings,
            crossed: 0,
        }
    }

    /// The set a cell belongs to, named by its union-find root (a cell index). Two cells are
    /// connected by the passages carved so far exactly when they have the same set.
    pub fn set_of(&self, cell: usize) -> usize {
        self.sets.root(cell)
    }

    /// How many sets are left (1 when the maze is done).
    pub fn set_count(&self) -> usize {
        self.sets_left
    }

    /// How many walls have been considered so far.
    pub fn walls_considered(&self) -> usize {
        self.next
    }

    /// The cells on the two sides of a wall.
    #[inline]
    fn sides(&self, wall: u32) -> (usize, usize) {
        let (cell, _, other) = self.grid.wall(wall);
        (cell, other)
    }

    /// The random order of the walls, an incremental Fisher–Yates shuffle run a few positions
    /// ahead of the steps: position `i` gets a random wall from `walls[i..]`. These are the
    /// very numbers, in the very order, that one draw per step would use, so the maze is the
    /// same. (The last batch may draw numbers the maze never uses; the run is still the same
    /// for the same seed.) Ahead, so that the processor can be asked to fetch a whole batch's
    /// memory at once (`fetch_batch`, in fast.rs).
    ///
    /// The picks are noted: `undo` swaps them back.
    fn shuffle_ahead(&mut self, board: &mut Board, rng: &mut Rng) {
        let end = (self.next + DRAW_AHEAD).min(self.walls.len());
        let mut picks = [0u32; DRAW_AHEAD];
        for (i, pick) in (self.next..end).zip(&mut picks) {
            *pick = (i + rng.index(self.walls.len() - i)) as u32;
            fast::prefetch(&self.walls, *pick as usize);
        }
        for (i, &pick) in (self.next..end).zip(&picks) {
            self.walls.swap(i, pick as usize);
        }
        board.note_words(&picks[..end - self.next]);
        self.drawn = end;
        self.fetch_batch(board, end);
    }
}

/// How many positions of the random order are drawn at once; see [`Kruskal::shuffle_ahead`].
const DRAW_AHEAD: usize = 64;
