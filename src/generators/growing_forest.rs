//! Growing forest: many growing trees at once, from random seeds, joined where they meet.
//!
//! How it works (Walter Pullen's *Think Labyrinth* and Daedalus call it a growing forest: a
//! growing tree with many roots, joined as Kruskal joins sets):
//! 1. Plant the seeds: random cells, each the first cell of a tree of its own, all in the
//!    active list. One seed for every [`CELLS_PER_TREE`] cells, at least two ([`tree_count`]).
//! 2. Pick a random cell from the active list, and a random neighbour of it outside its tree.
//! 3. If that neighbour is in no tree yet, carve to it: it joins the cell's tree and the list.
//! 4. If it is in another tree, carve to it: the two trees touch through that one passage and
//!    are one tree from now on.
//! 5. If the cell has no neighbour outside its tree, remove it from the list.
//! 6. Repeat from 2 until the list is empty.
//!
//! Every carve either brings a cell into a tree or joins two different trees, never two cells
//! of one tree, so no passage makes a loop. And while two trees still touch, or a tree touches
//! a cell in none, a cell beside them is still in the list: at the end one tree holds every
//! cell, a perfect maze. Which cells belong to which tree is a union-find
//! ([`UnionFind`], as in [`super::kruskal`]): asking costs next to nothing, and a join is one
//! union.
//!
//! Texture: like Prim's (short passages, many dead ends) within each tree, with the seams
//! where trees met as single doors.
//!
//! One step: planting one seed, or one pick from the active list (a carve, a join or a
//! removal). Marks: `VISITED` for cells in a tree, `ACTIVE` for the active list; the set
//! labels (colours) say which seed's tree each cell grew in, and stay so after joins.
//!
//! One copy of the machine over the shared [`Grid`] for every shape, the square one included.

use crate::board::{mark, Board};
use crate::ds::union_find::UnionFind;
use crate::machine::{side_words, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology, Walk};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "growing-forest",
    title: "Growing Forest",
    summary: "Grows many trees at once from random seeds and joins two trees by one passage \
              where they meet.",
    step_unit: "one seed planted, or one pick from the active list: a carve, a join or a removal",
    pseudocode: &[
        "plant the seeds: random cells, a tree each, all in the active list", // PLANT
        "while the active list is not empty:",
        "    pick a random cell from it, and a random neighbour of it outside its tree",
        "    if that neighbour is in no tree: carve to it; it joins the tree and the list", // GROW
        "    if it is in another tree: carve to it; the two trees are one now",             // JOIN
        "    if the cell has no neighbour outside its tree: remove it from the list", // RETIRE
    ],
    marks: &[
        (mark::VISITED, "in a tree"),
        (mark::ACTIVE, "the active list"),
    ],
    events: &["merge-sets", "push", "pop"],
};

// The pseudocode lines a step reports, by name (the others are the loop and the pick).
const PLANT: Line = Line(0);
const GROW: Line = Line(3);
const JOIN: Line = Line(4);
const RETIRE: Line = Line(5);

/// What the growing forest says of its own.
pub static WORDS: &[Template] = &[PLANTED, GREW, JOINED, RETIRED, FOREST];

const PLANTED: Template = Template {
    key: "narration.growing-forest.plant",
    english: "Planted seed {seed} of {seeds} at cell {cell}: the first cell of a tree of its own.",
};
const GREW: Template = Template {
    key: "narration.growing-forest.grow",
    english: "Grew the tree of seed {seed} from cell {cell} {side} into cell {next}, which was \
              in no tree.",
};
const JOINED: Template = Template {
    key: "narration.growing-forest.join",
    english: "Cell {cell} (tree of seed {seed}) touches cell {next} (tree of seed {other}): \
              carved the passage {side}, and the two trees are one. Trees now: {trees}.",
};
const RETIRED: Template = Template {
    key: "narration.growing-forest.retire",
    english: "Every neighbour of cell {cell} is in its own tree: removed it from the active list.",
};
const FOREST: Template = Template {
    key: "notes.growing-forest.trees",
    english: "seeds: {seeds}; trees now: {trees}; joins made: {joins}",
};

/// Cells per tree: one seed is planted for every this many cells.
pub const CELLS_PER_TREE: usize = 16;

/// How many seeds a grid of `cells` cells gets: one per [`CELLS_PER_TREE`] cells, rounded up,
/// at least two (one on a grid of one cell).
pub fn tree_count(cells: usize) -> usize {
    cells.div_ceil(CELLS_PER_TREE).max(2).min(cells)
}

/// The growing forest as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct GrowingForest {
    grid: Grid,
    /// Which cells are in one tree.
    trees: UnionFind,
    /// For each cell, the number (from 1) of the seed whose tree it grew in; 0 for a cell in
    /// no tree yet. Never changed by a join: it is the colour the cell is drawn in.
    seed_of: Vec<u32>,
    /// The seeds planted so far, in order.
    seeds: Vec<u32>,
    /// How many seeds to plant.
    wanted: usize,
    /// The active list, in no particular order (picks are random).
    active: Vec<u32>,
    /// How many separate trees there are now.
    trees_left: usize,
    joins: u64,
    current: Option<usize>,
}

impl Machine for GrowingForest {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        // For `undo`: the cell worked on before, which nothing else remembers.
        let before = self.current.map_or(u32::MAX, |cell| cell as u32);
        if self.seeds.len() < self.wanted {
            let cell = self.random_free_cell(rng);
            board.note(before);
            self.seeds.push(cell as u32);
            self.claim(board, cell, self.seeds.len() as u32);
            self.trees_left += 1;
            self.current = Some(cell);
            return Some(Step::new(Event::Begin { cell: cell as u32 }, PLANT));
        }
        if self.active.is_empty() {
            return None;
        }
        board.note(before);
        let at = rng.index(self.active.len());
        let cell = self.active[at] as usize;
        self.current = Some(cell);
        let (trees, seed_of) = (&self.trees, &self.seed_of);
        let root = trees.root(cell);
        let outside = |next: usize| seed_of[next] == 0 || trees.root(next) != root;
        let Some((side, to)) = self.grid.pick_where(self.grid.spot(cell), outside, rng) else {
            board.note(at as u32);
            self.active.swap_remove(at);
            board.remove_mark(cell, mark::ACTIVE);
            return Some(Step::new(Event::Pop { cell: cell as u32 }, RETIRE));
        };
        let next = to.cell;
        board.join(cell, side, next, self.grid.back(cell, side));
        if board.is_journaling() {
            self.trees
                .note_find_union(cell, next, |item, entry| board.note_words(&[item, entry]));
        }
        let (root_a, root_b) = (self.trees.find(cell), self.trees.find(next));
        self.trees.union(root_a, root_b);
        let cell = cell as u32;
        if self.seed_of[next] == 0 {
            self.claim(board, next, self.seed_of[cell as usize]);
            return Some(Step::new(Event::Push { cell, side }, GROW));
        }
        self.trees_left -= 1;
        self.joins += 1;
        let (kept, absorbed) = (self.seed_of[cell as usize], self.seed_of[next]);
        let event = Event::MergeSets {
            cell,
            side,
            kept,
            absorbed,
        };
        Some(Step::new(event, JOIN))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        self.seeds.len() == self.wanted && self.active.is_empty()
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        let seed = |cell: u32| u64::from(self.seed_of[cell as usize]);
        match step.event {
            Event::Begin { cell } => Sentence::of(&PLANTED)
                .n("seed", self.seeds.len() as u64)
                .n("seeds", self.wanted as u64)
                .cell("cell", maze, cell as usize),
            Event::Push { cell, side } => Sentence::of(&GREW)
                .n("seed", seed(cell))
                .cell("cell", maze, cell as usize)
                .words("side", side_words(maze, cell, side))
                .cell("next", maze, self.grid.through(cell as usize, side)),
            Event::MergeSets {
                cell,
                side,
                kept,
                absorbed,
            } => Sentence::of(&JOINED)
                .cell("cell", maze, cell as usize)
                .n("seed", kept)
                .cell("next", maze, self.grid.through(cell as usize, side))
                .n("other", absorbed)
                .words("side", side_words(maze, cell, side))
                .n("trees", self.trees_left as u64),
            Event::Pop { cell } => Sentence::of(&RETIRED).cell("cell", maze, cell as usize),
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    /// Puts back the cell worked on before (noted first by every step), then what the step
    /// changed: a seed unplanted, a removed cell back at its noted place in the list, or the
    /// union-find entries a carve overwrote (noted before it).
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        let Some((&before, rest)) = notes.split_first() else {
            return false;
        };
        match (step.event, rest) {
            (Event::Begin { cell }, _) => {
                self.seeds.pop();
                self.active.pop();
                self.seed_of[cell as usize] = 0;
                self.trees_left -= 1;
            }
            (Event::Pop { cell }, &[at]) => {
                self.active.push(cell);
                let last = self.active.len() - 1;
                self.active.swap(at as usize, last);
            }
            (Event::Push { cell, side }, pairs) => {
                self.trees.restore(pairs);
                self.active.pop();
                self.seed_of[self.grid.through(cell as usize, side)] = 0;
            }
            (Event::MergeSets { .. }, pairs) => {
                self.trees.restore(pairs);
                self.trees_left += 1;
                self.joins -= 1;
            }
            _ => return false,
        }
        self.current = (before != u32::MAX).then_some(before as usize);
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("trees", self.trees_left as u64),
            ("active", self.active.len() as u64),
            ("joins", self.joins),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut newest_first = self.active.iter().rev().map(|&cell| cell as usize);
        let mut seeds = self.seeds.iter().map(|&cell| cell as usize);
        vec![
            Structure::new("Active list (newest first)", self.active.len() as u64).cells(
                maze,
                &mut newest_first,
                limit,
            ),
            Structure::new("Seeds (a tree each at first)", self.seeds.len() as u64)
                .cells(maze, &mut seeds, limit)
                .say(
                    Sentence::of(&FOREST)
                        .n("trees", self.trees_left as u64)
                        .n("seeds", self.wanted as u64)
                        .n("joins", self.joins),
                ),
        ]
    }
}

impl GrowingForest {
    /// A generator for `maze`'s grid, whatever its shape.
    pub fn new(maze: &Maze) -> GrowingForest {
        let grid = maze.topology().into_owned();
        let cells = (0..grid.len()).filter(|&cell| grid.is_on(cell)).count();
        GrowingForest {
            trees: UnionFind::new(grid.len()),
            seed_of: vec![0; grid.len()],
            seeds: Vec::new(),
            wanted: tree_count(cells),
            active: Vec::new(),
            trees_left: 0,
            joins: 0,
            current: None,
            grid,
        }
    }

    /// How many separate trees there are now (after planting, before joins: the seeds).
    pub fn trees(&self) -> usize {
        self.trees_left
    }

    /// The seeds planted so far.
    pub fn seeds(&self) -> &[u32] {
        &self.seeds
    }

    /// A uniformly random cell that is on and in no tree (there is one while seeds are
    /// wanted: there are no more seeds than cells).
    fn random_free_cell(&self, rng: &mut Rng) -> usize {
        loop {
            let cell = rng.index(self.seed_of.len());
            if self.grid.is_on(cell) && self.seed_of[cell] == 0 {
                return cell;
            }
        }
    }

    /// Puts `cell` in the tree of seed `seed` and in the active list.
    fn claim(&mut self, board: &mut Board, cell: usize, seed: u32) {
        self.seed_of[cell] = seed;
        self.active.push(cell as u32);
        board.add_mark(cell, mark::VISITED | mark::ACTIVE);
        board.set_group(cell, seed);
    }
}
