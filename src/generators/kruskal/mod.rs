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
//! The file: the algorithm first ([`Kruskal`] and its `step`), then the speed work, the
//! display labels, taking a step back, and what the page shows of the sets, each in a section
//! of its own.
//!
//! Speed: on a large maze the walls taken and the cells beside them are scattered all over
//! memory, and waiting for memory is most of the work. So the order is drawn a batch ahead and
//! the processor is asked to start fetching what the batch will touch (`Kruskal::draw_ahead`);
//! the maze is the same either way.
//!
//! Display: the board's `groups` layer shows each cell's set as a label, 0 for a cell still on
//! its own (drawn uncoloured); a merge reports the label kept and the label absorbed. The
//! labels, and the set sizes that decide which side is relabelled, are only for drawing: the
//! union-find alone decides what is connected, so on a board with its display off
//! ([`Board::set_display`]) they are not kept at all. No marks: the wall considered is the
//! step's event.

use crate::board::Board;
use crate::ds::union_find::UnionFind;
use crate::machine::Line;
use crate::machine::Structure;
use crate::machine::{event_sentence, side_words};
use crate::machine::{step_to_end_inlined, DebugState, Event, Info, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Side, Square, Topology, Weave};
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
        // False on every grid but a weave, and folded away.
        if self.grid.weaves() && self.crossed < self.crossings.len() {
            return Some(self.consider_crossing(board, rng));
        }
        if self.next == self.drawn {
            self.draw_ahead(board, rng);
        }
        let wall = self.walls[self.next];
        self.next += 1;

        let (cell, side, other) = self.grid.wall(wall);
        self.current = Some(cell);

        if board.is_journaling() {
            // For `undo`: what the finds and the union below will overwrite.
            self.sets
                .note_find_union(cell, other, |item, entry| board.note_words(&[item, entry]));
        }
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

    /// With the display off, most of the run is `run_unwatched` (see "Speed" below).
    fn step_to_end(&mut self, board: &mut Board, rng: &mut Rng) -> (u64, Option<Step>) {
        let mut steps = 0;
        let mut last = None;
        // A weave's crossings first, step by step (none on other grids).
        while self.grid.weaves() && self.crossed < self.crossings.len() {
            last = self.step(board, rng);
            steps += 1;
        }
        if !board.is_displaying() {
            steps += self.run_unwatched(board, rng);
        }
        let (rest, after) = step_to_end_inlined(self, board, rng);
        (steps + rest, after.or(last))
    }

    /// See "Taking a step back" below.
    fn undo(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        self.take_back(step, notes, board)
    }

    /// See "What the page shows" below.
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
}

// ---- Speed: the random order drawn ahead, and the run nobody watches ----------------------------

/// How many positions of the random order are drawn at once; see [`Kruskal::draw_ahead`].
const DRAW_AHEAD: usize = 64;

/// How many union-find levels above a wall's cells [`Kruskal::draw_ahead`] fetches early.
/// Measured: one level is quickest. Path compression keeps most cells one step below their
/// root, and fetching further up waits longer than it saves.
const FETCH_LEVELS: usize = 1;

/// Speed only: these change how fast the maze is made, never which maze.
impl<T: Topology + Weave> Kruskal<T> {
    /// Runs the Fisher–Yates shuffle a few positions ahead of the steps: position `i` gets a
    /// random wall from `walls[i..]`. These are the very numbers, in the very order, that one
    /// draw per step would use, so the maze is the same. (The last batch may draw numbers the
    /// maze never uses; the run is still the same for the same seed.)
    ///
    /// Why ahead: the walls picked, and the cells on their two sides, are scattered all over a
    /// large maze's memory, and waiting for each in turn was most of the running time. So the
    /// processor is asked to start fetching a whole batch at once: first the walls, then the
    /// cells' union-find entries, passages and display labels, then their ancestors in the
    /// union-find, [`FETCH_LEVELS`] levels up (usually the root, whose entry holds the rank
    /// a merge compares). The steps then find nearly everything in the cache. This changes only
    /// how fast memory arrives, never what is computed.
    ///
    /// The picks are noted: `undo` swaps them back.
    fn draw_ahead(&mut self, board: &mut Board, rng: &mut Rng) {
        let end = (self.next + DRAW_AHEAD).min(self.walls.len());
        let mut picks = [0u32; DRAW_AHEAD];
        for (i, pick) in (self.next..end).zip(&mut picks) {
            *pick = (i + rng.index(self.walls.len() - i)) as u32;
            prefetch(&self.walls, *pick as usize);
        }
        for (i, &pick) in (self.next..end).zip(&picks) {
            self.walls.swap(i, pick as usize);
        }
        board.note_words(&picks[..end - self.next]);
        self.drawn = end;

        // Both sides of every wall of the batch, then (level by level) their ancestors.
        let mut ups = [0; 2 * DRAW_AHEAD];
        for (&wall, pair) in self.walls[self.next..end].iter().zip(ups.chunks_mut(2)) {
            let (cell, other) = self.sides(wall);
            for (up, side) in pair.iter_mut().zip([cell, other]) {
                *up = side as u32;
                prefetch(self.sets.as_slice(), side);
                if board.is_displaying() {
                    prefetch(board.groups(), side);
                }
                prefetch(board.maze().cells(), side);
            }
        }
        let count = 2 * (end - self.next);
        for _ in 0..FETCH_LEVELS {
            for up in &mut ups[..count] {
                if let Some(parent) = self.sets.parent(*up as usize) {
                    *up = parent as u32;
                    prefetch(self.sets.as_slice(), parent);
                }
            }
        }
        // The highest ancestor reached is usually the root, whose set size a shown merge reads.
        if board.is_displaying() {
            for &up in &ups[..count] {
                prefetch(&self.sizes, up as usize);
            }
        }
    }

    /// Considers walls as `step` does, up to (not including) the last merge, which is left to
    /// `step` so that the last step is known; returns how many walls it considered. Only
    /// for a board whose display is off: then a step is just "find both roots, join them if
    /// they differ", and doing that in a loop of its own, without building a step for each
    /// wall, takes a sixth of the instructions (and 5–10% of the time) off a large maze's run.
    fn run_unwatched(&mut self, board: &mut Board, rng: &mut Rng) -> u64 {
        let start = self.next;
        while self.sets_left > 2 && self.next < self.walls.len() {
            if self.next == self.drawn {
                self.draw_ahead(board, rng);
            }
            let wall = self.walls[self.next];
            self.next += 1;
            let (cell, side, other) = self.grid.wall(wall);
            let (root_a, root_b) = (self.sets.find(cell), self.sets.find(other));
            if root_a != root_b && self.grid.can_carve(board.maze().cells(), cell, side) {
                self.sets.union(root_a, root_b);
                self.sets_left -= 1;
                board.join(cell, side, other, self.grid.back(cell, side));
            }
            self.current = Some(cell);
        }
        (self.next - start) as u64
    }
}

/// Asks the processor to start loading `slice[index]` into its cache, without waiting for it.
/// A hint only: it changes no value, and does nothing on processors where it is not available
/// (WebAssembly has no such instruction).
#[inline(always)]
fn prefetch<T>(slice: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // Not bounds-checked: the address is only a hint, never read through.
        let address = slice.as_ptr().wrapping_add(index);
        // SAFETY: SSE, which this instruction needs, is part of every x86_64 processor, and a
        // prefetch never faults or changes memory, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, index);
}

// ---- Display: the set labels --------------------------------------------------------------------

/// The set labels drawn in the board's `groups` layer, and the sizes that decide which side of
/// a merge is relabelled. For drawing only: none of this decides anything.
impl<T: Topology + Weave> Kruskal<T> {
    /// The display side of the merge through the wall `side` of `cell`, just made: the merged
    /// root `root` (one of `roots`) gets both sets' sizes, and the smaller set takes the larger
    /// one's label (ties: the east or south side is relabelled). Returns the label kept and
    /// the label absorbed.
    #[inline]
    fn show_merge(
        &mut self,
        board: &mut Board,
        (cell, side, other): (usize, Side, usize),
        [root_a, root_b]: [usize; 2],
        root: usize,
    ) -> (u32, u32) {
        let (size_a, size_b) = (self.sizes[root_a], self.sizes[root_b]);
        self.sizes[root] = size_a + size_b;
        if size_a >= size_b {
            self.relabel(board, cell, other, self.grid.back(cell, side))
        } else {
            self.relabel(board, other, cell, side)
        }
    }

    /// Updates the display labels for the merge of `small`'s set into `big`'s (already carved
    /// and joined), and returns the label kept and the label that disappeared (0 for a lone
    /// cell).
    ///
    /// The labels are for drawing only; the union-find decides what is connected. A label
    /// is `1 + ` the index of some member cell, so two live sets never share one. The smaller
    /// set takes the larger one's label, so a cell is repainted only when its set at least
    /// doubles: `O(n log n)` repaints over the whole run.
    ///
    /// Every set is a tree of passages, joined to the big set only through the wall just
    /// carved (any other passage would be a loop). So its members are found by walking those
    /// passages from `small`, never turning back the way the walk came: in a tree that reaches
    /// every cell exactly once, without asking which cells were seen already, and starting with
    /// the way back toward the big set shut keeps the walk out of it. Neighbours lie close
    /// together in memory, which makes this walk much faster than following a list of members
    /// scattered over the grid.
    fn relabel(
        &mut self,
        board: &mut Board,
        big: usize,
        small: usize,
        toward_big: Side,
    ) -> (u32, u32) {
        let big_label = board.group(big);
        let small_label = board.group(small);
        let label = if big_label == 0 {
            // Two lone cells: the merged set gets a new label, named after one of them.
            let label = big as u32 + 1;
            board.set_group(big, label);
            label
        } else {
            big_label
        };
        // Cells to repaint, each with the passage bit that leads back where the walk came from.
        self.paint.clear();
        self.paint.push((small as u32, 1 << toward_big));
        while let Some((cell, back)) = self.paint.pop() {
            let cell = cell as usize;
            board.set_group(cell, label);
            let ways = board.maze().cell(cell) & !back;
            // Open passages never lead off the grid, so these neighbours exist.
            let (grid, paint) = (&self.grid, &mut self.paint);
            grid.for_each_passage(cell, ways, |side, next| {
                paint.push((next as u32, 1 << grid.back(cell, side)));
            });
        }
        (label, small_label)
    }
}

// ---- Taking a step back -------------------------------------------------------------------------

/// `undo`: the step's notes put the union-find, the sizes and the random order back.
impl<T: Topology + Weave> Kruskal<T> {
    /// Puts back the union-find entries the step's finds and union overwrote, noted before
    /// them as (cell, entry) pairs (see [`UnionFind::note_find_union`]); the merged root's size
    /// loses the absorbed set's, which is still there. A step that drew the next batch of the
    /// random order noted its picks first, to swap them back.
    fn take_back(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        let Some(next) = self.next.checked_sub(1) else {
            return self.take_back_crossing(step, notes, board);
        };
        // Batches start at multiples of DRAW_AHEAD: a step there drew one.
        let picked = if next % DRAW_AHEAD == 0 {
            self.drawn - next
        } else {
            0
        };
        let Some((picks, pairs)) = notes.split_at_checked(picked) else {
            return false;
        };
        let (cell, other) = self.sides(self.walls[next]);
        let merged = matches!(step.event, Event::MergeSets { .. });
        let root = self.sets.root(cell);
        self.sets.restore(pairs);
        if merged {
            self.sets_left += 1;
            if board.is_displaying() {
                let (root_a, root_b) = (self.sets.root(cell), self.sets.root(other));
                let absorbed = if root_a == root { root_b } else { root_a };
                self.sizes[root] -= self.sizes[absorbed];
            }
        }
        for (i, &pick) in picks.iter().enumerate().rev() {
            self.walls.swap(next + i, pick as usize);
        }
        if picked > 0 {
            self.drawn = next;
        }
        self.next = next;
        // Every step makes the cell its wall names first the current cell (or the crossing
        // considered last, before the first wall).
        self.current = match next.checked_sub(1) {
            Some(i) => Some(self.sides(self.walls[i]).0),
            None => self
                .crossed
                .checked_sub(1)
                .map(|i| self.crossings[i] as usize),
        };
        true
    }

    /// Takes back a crossing step: its notes are the pick of the random order, then for a
    /// crossing made, each of its three merges' union-find entries after their count. The
    /// merges are undone newest first, each taking its set's size off the merged root.
    fn take_back_crossing(&mut self, step: &Step, notes: &[u32], board: &Board) -> bool {
        if !self.grid.weaves() {
            return false;
        }
        let (Some(i), Some((&pick, mut rest))) = (self.crossed.checked_sub(1), notes.split_first())
        else {
            return false;
        };
        let cell = self.crossings[i] as usize;
        if let Event::MergeSets { side: over, .. } = step.event {
            let mut parts = Vec::with_capacity(3);
            while let Some((&count, tail)) = rest.split_first() {
                let Some((pairs, after)) = tail.split_at_checked(count as usize) else {
                    return false;
                };
                parts.push(pairs);
                rest = after;
            }
            if parts.len() != 3 {
                return false;
            }
            for ((a, _, b), pairs) in self
                .crossing_merges(cell, over)
                .into_iter()
                .zip(parts)
                .rev()
            {
                let root = self.sets.root(a);
                self.sets.restore(pairs);
                self.sets_left += 1;
                if board.is_displaying() {
                    let (root_a, root_b) = (self.sets.root(a), self.sets.root(b));
                    let absorbed = if root_a == root { root_b } else { root_a };
                    self.sizes[root] -= self.sizes[absorbed];
                }
            }
        }
        self.crossings.swap(i, pick as usize);
        self.crossed = i;
        self.current = i.checked_sub(1).map(|j| self.crossings[j] as usize);
        true
    }
}

// ---- Weaves: the crossings placed before the walls ----------------------------------------------

impl<T: Topology + Weave> Kruskal<T> {
    /// A step of the crossings: the next cell of the random order becomes a crossing if it
    /// and its four neighbours are in five different sets (then the cell has no passage yet,
    /// and no loop can form), over one way at random and under the other. One random number
    /// picks the cell, one more the way over.
    #[inline(never)]
    fn consider_crossing(&mut self, board: &mut Board, rng: &mut Rng) -> Step {
        let i = self.crossed;
        let pick = i + rng.index(self.crossings.len() - i);
        self.crossings.swap(i, pick);
        board.note(pick as u32);
        self.crossed += 1;
        let cell = self.crossings[i] as usize;
        self.current = Some(cell);
        let roots = [0, 1, 2, 3].map(|d| self.sets.root(self.grid.through(cell, d)));
        let apart = (0..4).all(|a| (a + 1..4).all(|b| roots[a] != roots[b]));
        if !apart || board.maze().cell(cell) != 0 {
            return Step::new(Event::Pass { cell: cell as u32 }, NO_CROSSING);
        }
        let over = rng.index(2) as Side;
        let (mut kept, mut absorbed) = (0, 0);
        for (a, side, b) in self.crossing_merges(cell, over) {
            debug_assert!(self.grid.can_carve(board.maze().cells(), a, side));
            if board.is_journaling() {
                let mut pairs = Vec::new();
                self.sets
                    .note_find_union(a, b, |item, entry| pairs.extend([item, entry]));
                board.note(pairs.len() as u32);
                board.note_words(&pairs);
            }
            let (root_a, root_b) = (self.sets.find(a), self.sets.find(b));
            let root = self.sets.union(root_a, root_b);
            self.sets_left -= 1;
            board.join(a, side, b, self.grid.back(a, side));
            if board.is_displaying() {
                (kept, absorbed) = self.show_merge(board, (a, side, b), [root_a, root_b], root);
            }
        }
        let event = Event::MergeSets {
            cell: cell as u32,
            side: over,
            kept,
            absorbed,
        };
        Step::new(event, CROSS)
    }

    /// A crossing's three passages, each as (cell, side, cell): the corridor over `cell`
    /// through its sides `over` and `over + 2`, and the tunnel under it the other way, from
    /// the neighbour before it to the one after.
    fn crossing_merges(&self, cell: usize, over: Side) -> [(usize, Side, usize); 3] {
        let under = over + 1;
        let from = self.grid.through(cell, (under + 2) % 4);
        [
            (cell, over, self.grid.through(cell, over)),
            (cell, over + 2, self.grid.through(cell, over + 2)),
            (from, 4 + under, self.grid.through(cell, under)),
        ]
    }
}

// ---- What the page shows: narration and the sets ------------------------------------------------

/// The teaching views: what a step did, in words, and the sets as a list.
impl<T: Topology + Weave> Kruskal<T> {
    /// Says how big the merged set is, from the union-find state after the step.
    fn narration(&self, step: &Step, maze: &Maze) -> Sentence {
        // On a weave, the steps before the first wall place crossings.
        let crossing = self.grid.weaves() && self.next == 0;
        let at =
            |key: &'static str, cell: u32| Sentence::new(key).cell("cell", maze, cell as usize);
        let wall = |key: &'static str, cell: u32, side: Side| {
            at(key, cell).words("side", side_words(maze, cell, side))
        };
        let size = |cell: u32| u64::from(self.sizes[self.sets.root(cell as usize)]);
        let sets = self.sets_left as u64;
        match step.event {
            Event::MergeSets { cell, side, .. } if crossing => {
                at("narration.kruskal.crossing", cell)
                    .words(
                        "way",
                        Sentence::new(if side == 0 {
                            "narration.kruskal.north-south"
                        } else {
                            "narration.kruskal.east-west"
                        }),
                    )
                    .n("sets", sets)
            }
            Event::Pass { cell } if crossing => at("narration.kruskal.no-crossing", cell),
            Event::KeepWall { cell, side }
                if self.grid.weaves()
                    && self.sets.root(cell as usize)
                        != self.sets.root(self.grid.through(cell as usize, side)) =>
            {
                wall("narration.kruskal.keep-crossing", cell, side)
            }
            Event::MergeSets { cell, side, .. } => wall("narration.kruskal.merge", cell, side)
                .n("size", size(cell))
                .n("sets", sets),
            Event::KeepWall { cell, side } => {
                wall("narration.kruskal.keep", cell, side).n("size", size(cell))
            }
            _ => event_sentence(&step.event, maze),
        }
    }

    /// The sets (each named by its root cell, the representative union-find keeps) and the
    /// walls still to draw. Listing sets scans the cells for roots, stopping at `limit`.
    fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut sets = Structure::new("Sets (by root cell)", self.sets_left as u64);
        // Cells a mask switched off are sets of their own that never join.
        let roots = self.sets.roots().filter(|&root| self.grid.is_on(root));
        for root in roots.take(limit) {
            sets.item(
                Sentence::new("items.set-of")
                    .cell("cell", maze, root)
                    .n("size", self.sizes[root]),
            );
        }
        // The last wall: if it is open now, it merged two sets; say which, and how big each was.
        if let Some(&wall) = self.next.checked_sub(1).and_then(|i| self.walls.get(i)) {
            let (cell, side, other) = self.grid.wall(wall);
            let merged = u64::from(self.sizes[self.sets.root(cell)]);
            if maze.cell(cell) & 1 << side == 0 {
                sets.set_note(
                    Sentence::new("notes.kept-wall")
                        .cell("cell", maze, cell)
                        .cell("other", maze, other)
                        .n("size", merged),
                );
            } else if let Some(size) = tree_side(&self.grid, maze, cell, other, merged) {
                sets.set_note(
                    Sentence::new("notes.merged")
                        .cell("cell", maze, cell)
                        .n("size", size)
                        .cell("other", maze, other)
                        .n("rest", merged - size),
                );
            }
        }
        let left = (self.walls.len() - self.next) as u64;
        let walls =
            Structure::new("Walls left to consider", left).say(Sentence::new("notes.random-order"));
        if self.grid.weaves() {
            let left = (self.crossings.len() - self.crossed) as u64;
            let crossings = Structure::new("Cells left to try as crossings", left)
                .say(Sentence::new("notes.before-walls"));
            return vec![sets, crossings, walls];
        }
        vec![sets, walls]
    }
}

/// The number of cells on `cell`'s side of the passage `cell`–`other` in a tree of `total`
/// cells (a merged Kruskal set). Both sides are walked in turn, so the work is twice the
/// smaller side; trees above 2^16 cells are not walked at all (a panel shows it every frame).
fn tree_side(
    grid: &impl Topology,
    maze: &Maze,
    cell: usize,
    other: usize,
    total: u64,
) -> Option<u64> {
    if total > 1 << 16 {
        return None;
    }
    // Per side: a stack of (cell, the cell it was reached from) and a count.
    let mut sides = [(vec![(cell, other)], 0u64), (vec![(other, cell)], 0u64)];
    loop {
        for (i, (stack, count)) in sides.iter_mut().enumerate() {
            let Some((at, from)) = stack.pop() else {
                return Some(if i == 0 { *count } else { total - *count });
            };
            *count += 1;
            grid.for_each_passage(at, maze.cell(at), |_, next| {
                if next != from {
                    stack.push((next, at));
                }
            });
        }
    }
}
