//! What the page shows of Kruskal: the set labels drawn in the board's `groups` layer, what a
//! step did in words, and the sets as a list. For drawing only: none of this decides anything.

use super::Kruskal;
use crate::board::Board;
use crate::machine::{event_sentence, side_words, Event, Step, Structure};
use crate::maze::Maze;
use crate::topology::{Side, Topology, Weave};
use crate::words::Sentence;

/// The set labels drawn in the board's `groups` layer, and the sizes that decide which side of
/// a merge is relabelled. For drawing only: none of this decides anything.
impl<T: Topology + Weave> Kruskal<T> {
    /// The display side of the merge through the wall `side` of `cell`, just made: the merged
    /// root `root` (one of `roots`) gets both sets' sizes, and the smaller set takes the larger
    /// one's label (ties: the east or south side is relabelled). Returns the label kept and
    /// the label absorbed.
    #[inline]
    pub(super) fn show_merge(
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
    pub(super) fn relabel(
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

/// The teaching views: what a step did, in words, and the sets as a list.
impl<T: Topology + Weave> Kruskal<T> {
    /// Says how big the merged set is, from the union-find state after the step.
    pub(super) fn narration(&self, step: &Step, maze: &Maze) -> Sentence {
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
    pub(super) fn views(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
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
