//! Blobby division: recursive division with walls of any shape, grown as two blobs.
//!
//! How it works (Jamis Buck's "blobby recursive subdivision", in jamis/csmazes):
//! 1. Start with every interior wall open: the whole grid is one *region*.
//! 2. Take a region that still has a loop. Pick two of its cells at random: the seeds of two
//!    *blobs*, each in a frontier.
//! 3. Grow the blobs: take a random cell from the frontier, and give each neighbour of it in
//!    the region that is in no blob yet to the cell's blob, adding it to the frontier.
//! 4. When the frontier is empty, every cell of the region is in one blob or the other. Build a
//!    wall on every side between the two blobs but one, chosen at random: the door.
//! 5. The two blobs are new regions; go back to 2 until no region has a loop.
//!
//! Each blob grew from its seed through neighbours, so it is in one piece, and the door is the
//! one passage left between the two: splitting never cuts a region apart and never leaves two
//! ways between its halves. A region is done when its passages make no loop (a region of
//! `n` cells with `n - 1` passages inside it: one cell, two, a short corridor): it is a little
//! perfect maze already. So the whole is a perfect maze. Like recursive division
//! ([`super::recursive_division`]) it adds walls to an open field
//! ([`Machine::starts_open`]), but its walls wander as the blobs did, and it needs nothing of
//! the grid but neighbours: it works on every shape.
//!
//! Keeping the regions: every cell that is on is listed once in `order`, and each region is a
//! run of that list, as in quicksort. A wall step sorts the region's run into its first blob's
//! cells then its second blob's, in place, so the two blobs are the two halves of the run.
//!
//! One step: taking a region and placing its seeds, growing from one frontier cell, or building
//! the wall between the blobs. Marks: `SPECIAL` for the region being split, `FRONTIER` for the
//! frontier; the set labels (colours) show the two blobs while they grow.
//!
//! One copy of the machine over the shared [`Grid`] for every shape, the square one included.

use crate::board::{mark, Board};
use crate::machine::{side_words, Event, Info, Line, Machine, Step, Structure, Template};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Topology};
use crate::words::Sentence;

pub static INFO: Info = Info {
    name: "blobby-division",
    title: "Blobby Division",
    summary: "Starts open and splits regions in two blobs grown from two seeds, walled but for \
              one door: wandering walls, any shape.",
    step_unit: "one region taken, one frontier cell grown from, or one wall built",
    pseudocode: &[
        "start with every interior wall open: one region, the whole maze",
        "while some region has a loop:",
        "    take it; pick two of its cells at random as the seeds of two blobs", // TAKE
        "    while the frontier is not empty:",
        "        take a random cell from it; its free neighbours in the region join its blob", // GROW
        "    wall every side between the two blobs but one random door", // WALL
        "    the two blobs become regions",
    ],
    marks: &[
        (mark::SPECIAL, "the region being split"),
        (mark::FRONTIER, "the frontier"),
    ],
    events: &["divide", "expand"],
};

// The pseudocode lines a step reports, by name (the others are the loops and the setup).
const TAKE: Line = Line(2);
const GROW: Line = Line(4);
const WALL: Line = Line(5);

/// What blobby division says of its own.
pub static WORDS: &[Template] = &[TOOK, GREW, WALLED, REGION, BLOBS];

const TOOK: Template = Template {
    key: "narration.blobby-division.take",
    english: "Took a region of {size:cell} that still has a loop; the two blobs start from the \
              seeds at cells {first} and {second}.",
};
const GREW: Template = Template {
    key: "narration.blobby-division.grow",
    english: "Took cell {cell} from the frontier: {added:new-neighbour} of it joined blob {blob}.",
};
const WALLED: Template = Template {
    key: "narration.blobby-division.wall",
    english: "The blobs fill the region ({first:cell} and {second:cell}): closed \
              {walls:passage} between them, all but the door {side} of cell {cell}.",
};
const REGION: Template = Template {
    key: "notes.blobby-division.region",
    english: "{cell}: {size:cell}",
};
const BLOBS: Template = Template {
    key: "notes.blobby-division.blobs",
    english: "blob 1: {first:cell}, blob 2: {second:cell}, of a region of {size:cell}",
};

/// No cell: a switched-off cell's region.
const NONE: u32 = u32::MAX;

/// Blobby division as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct BlobbyDivision {
    grid: Grid,
    /// Every cell that is on, once; each region is a run `order[start..end]`.
    order: Vec<u32>,
    /// The regions still to split, as runs of `order`; the top one is split next.
    regions: Vec<(u32, u32)>,
    /// Each cell's region, named by the start of its run ([`NONE`] for cells that are off).
    region_of: Vec<u32>,
    /// While a region is split: each of its cells' blob, 1 or 2, or 0 while in none. 0 for
    /// every other cell.
    blob: Vec<u8>,
    /// The cells whose neighbours are still to be given to their blob.
    frontier: Vec<u32>,
    /// The region being split, if any.
    splitting: Option<(u32, u32)>,
    /// The seeds of the last split.
    seeds: [u32; 2],
    /// How many cells the two blobs of the last wall had.
    halves: [u32; 2],
    walls: u64,
    current: Option<usize>,
}

impl Machine for BlobbyDivision {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let Some((start, end)) = self.splitting else {
            let (start, end) = self.regions.pop()?;
            return Some(self.take(board, rng, start, end));
        };
        // For `undo`: the cell worked on before, which nothing else remembers.
        board.note(self.current.map_or(NONE, |cell| cell as u32));
        if !self.frontier.is_empty() {
            let at = rng.index(self.frontier.len());
            board.note(at as u32);
            let cell = self.frontier.swap_remove(at) as usize;
            board.remove_mark(cell, mark::FRONTIER);
            let added = self.grow(board, cell);
            self.current = Some(cell);
            let event = Event::Expand {
                cell: cell as u32,
                added,
            };
            return Some(Step::new(event, GROW));
        }
        // Every cell is in a blob: the wall between them, all but the door.
        let between = self.between_blobs(start, end);
        let door = rng.index(between.len());
        for (i, &(cell, side)) in between.iter().enumerate() {
            if i != door {
                let next = self.grid.through(cell, side);
                board.unjoin(cell, side, next, self.grid.back(cell, side));
            }
        }
        let (cell, side) = between[door];
        self.walls += 1;
        self.current = Some(cell);
        self.splitting = None;
        self.split(board, start, end);
        let event = Event::Divide {
            cell: cell as u32,
            side,
            length: between.len() as u32 - 1,
            gap: cell as u32,
        };
        Some(Step::new(event, WALL))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn words(&self) -> &'static [Template] {
        WORDS
    }

    fn is_done(&self) -> bool {
        self.splitting.is_none() && self.regions.is_empty()
    }

    fn starts_open(&self) -> bool {
        true
    }

    fn current(&self) -> Option<usize> {
        self.current
    }

    fn sentence(&self, step: &Step, maze: &Maze) -> Sentence {
        match step.event {
            Event::Begin { .. } => {
                let (start, end) = self.splitting.unwrap_or((0, 0));
                Sentence::of(&TOOK)
                    .n("size", end - start)
                    .cell("first", maze, self.seeds[0] as usize)
                    .cell("second", maze, self.seeds[1] as usize)
            }
            Event::Expand { cell, added } => Sentence::of(&GREW)
                .cell("cell", maze, cell as usize)
                .n("added", added)
                .n("blob", self.blob[cell as usize]),
            Event::Divide {
                cell, side, length, ..
            } => Sentence::of(&WALLED)
                .n("first", self.halves[0])
                .n("second", self.halves[1])
                .n("walls", length)
                .words("side", side_words(maze, cell, side))
                .cell("cell", maze, cell as usize),
            _ => crate::machine::event_sentence(&step.event, maze),
        }
    }

    // Below, with the step it takes back.
    fn undo(&mut self, step: &Step, notes: &[u32], _board: &Board) -> bool {
        self.take_back(step, notes)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("regions waiting", self.regions.len() as u64),
            ("frontier", self.frontier.len() as u64),
            ("walls", self.walls),
        ]
    }

    fn inspect(&self, maze: &Maze, limit: usize) -> Vec<Structure> {
        let mut frontier = self.frontier.iter().map(|&cell| cell as usize);
        let mut frontier = Structure::new("Frontier (taken at random)", self.frontier.len() as u64)
            .cells(maze, &mut frontier, limit);
        if let Some((start, end)) = self.splitting {
            let run = &self.order[start as usize..end as usize];
            let count = |which: u8| {
                run.iter()
                    .filter(|&&c| self.blob[c as usize] == which)
                    .count()
            };
            frontier.set_note(
                Sentence::of(&BLOBS)
                    .n("first", count(1) as u64)
                    .n("second", count(2) as u64)
                    .n("size", end - start),
            );
        }
        let mut regions = Structure::new("Regions waiting (top first)", self.regions.len() as u64);
        for &(start, end) in self.regions.iter().rev().take(limit) {
            regions.item(
                Sentence::of(&REGION)
                    .cell("cell", maze, self.order[start as usize] as usize)
                    .n("size", end - start),
            );
        }
        vec![frontier, regions]
    }
}

impl BlobbyDivision {
    /// A generator for `maze`'s grid, whatever its shape.
    pub fn new(maze: &Maze) -> BlobbyDivision {
        let grid = maze.topology().into_owned();
        let order: Vec<u32> = (0..grid.len() as u32)
            .filter(|&cell| grid.is_on(cell as usize))
            .collect();
        let mut region_of = vec![NONE; grid.len()];
        let mut pairs = 0;
        for &cell in &order {
            region_of[cell as usize] = 0;
            grid.for_each_neighbour(cell as usize, |_, _| pairs += 1);
        }
        // The open field has a loop if it has as many passages as cells.
        let regions = if pairs / 2 >= order.len() {
            vec![(0, order.len() as u32)]
        } else {
            Vec::new()
        };
        BlobbyDivision {
            blob: vec![0; grid.len()],
            grid,
            order,
            regions,
            region_of,
            frontier: Vec::new(),
            splitting: None,
            seeds: [NONE; 2],
            halves: [0; 2],
            walls: 0,
            current: None,
        }
    }

    /// The regions waiting to be split, as runs of cells; the next one last.
    pub fn regions(&self) -> Vec<Vec<usize>> {
        let run = |&(start, end): &(u32, u32)| {
            self.order[start as usize..end as usize]
                .iter()
                .map(|&cell| cell as usize)
                .collect()
        };
        self.regions.iter().map(run).collect()
    }

    /// The blob (1 or 2) of a cell of the region being split, or 0.
    pub fn blob(&self, cell: usize) -> u8 {
        self.blob[cell]
    }

    /// Takes the region `order[start..end]` to split: two random cells of it seed the blobs.
    fn take(&mut self, board: &mut Board, rng: &mut Rng, start: u32, end: u32) -> Step {
        board.note_words(&[
            self.current.map_or(NONE, |cell| cell as u32),
            self.seeds[0],
            self.seeds[1],
        ]);
        let len = (end - start) as usize;
        let first = rng.index(len);
        let mut second = rng.index(len - 1);
        if second >= first {
            second += 1;
        }
        let seeds = [first, second].map(|i| self.order[start as usize + i]);
        self.splitting = Some((start, end));
        self.seeds = seeds;
        if board.is_displaying() {
            for &cell in &self.order[start as usize..end as usize] {
                board.add_mark(cell as usize, mark::SPECIAL);
            }
        }
        for (blob, &cell) in [1, 2].into_iter().zip(&seeds) {
            self.blob[cell as usize] = blob;
            self.frontier.push(cell);
            board.add_mark(cell as usize, mark::FRONTIER);
            board.set_group(cell as usize, u32::from(blob));
        }
        self.current = Some(seeds[0] as usize);
        Step::new(Event::Begin { cell: seeds[0] }, TAKE)
    }

    /// Gives the neighbours of `cell` in its region and in no blob to its blob, adding them to
    /// the frontier; says how many.
    fn grow(&mut self, board: &mut Board, cell: usize) -> u32 {
        let (grid, region_of, blob, frontier) = (
            &self.grid,
            &self.region_of,
            &mut self.blob,
            &mut self.frontier,
        );
        let (region, which) = (region_of[cell], blob[cell]);
        let before = frontier.len();
        grid.for_each_neighbour(cell, |_, next| {
            if region_of[next] == region && blob[next] == 0 {
                blob[next] = which;
                frontier.push(next as u32);
            }
        });
        for &next in &self.frontier[before..] {
            board.add_mark(next as usize, mark::FRONTIER);
            board.set_group(next as usize, u32::from(which));
        }
        (self.frontier.len() - before) as u32
    }

    /// Every side between the first blob and the second in `order[start..end]`, each once,
    /// from the first blob's side.
    fn between_blobs(&self, start: u32, end: u32) -> Vec<(usize, u8)> {
        let mut between = Vec::new();
        for &cell in &self.order[start as usize..end as usize] {
            let cell = cell as usize;
            if self.blob[cell] == 1 {
                self.grid.for_each_neighbour(cell, |side, next| {
                    if self.blob[next] == 2 {
                        between.push((cell, side));
                    }
                });
            }
        }
        between
    }

    /// After the wall: sorts the run into the first blob's cells then the second's (keeping
    /// their order), names the second blob's region by its new start, clears the blobs and
    /// the display, and puts each blob that still has a loop on the stack, the first on top.
    /// Notes, for `undo`: the run, which blob each cell was in (32 to a word), and which
    /// blobs were put on the stack.
    fn split(&mut self, board: &mut Board, start: u32, end: u32) {
        let (from, to) = (start as usize, end as usize);
        if board.is_journaling() {
            board.note_words(&[start, end, self.halves[0], self.halves[1]]);
            for chunk in self.order[from..to].chunks(32) {
                let bits = chunk.iter().enumerate().fold(0u32, |bits, (i, &cell)| {
                    bits | u32::from(self.blob[cell as usize] == 2) << i
                });
                board.note(bits);
            }
        }
        let mut second: Vec<u32> = Vec::new();
        let mut mid = from;
        for i in from..to {
            let cell = self.order[i];
            if self.blob[cell as usize] == 1 {
                self.order[mid] = cell;
                mid += 1;
            } else {
                second.push(cell);
            }
        }
        self.order[mid..to].copy_from_slice(&second);
        self.halves = [(mid - from) as u32, (to - mid) as u32];
        let loops = [(from, mid), (mid, to)].map(|(a, b)| self.has_loop(a, b));
        for &cell in &second {
            self.region_of[cell as usize] = mid as u32;
        }
        for &cell in &self.order[from..to] {
            let cell = cell as usize;
            self.blob[cell] = 0;
            board.remove_mark(cell, mark::SPECIAL);
            board.set_group(cell, 0);
        }
        let mut pushed = 0;
        if loops[1] {
            self.regions.push((mid as u32, end));
            pushed |= 2;
        }
        if loops[0] {
            self.regions.push((start, mid as u32));
            pushed |= 1;
        }
        board.note(pushed);
    }

    /// Whether the cells of `order[from..to]`, all in one blob, have a loop: as many passages
    /// among them as cells. Inside a region every two neighbours are joined (walls go only
    /// between blobs), so its passages are its pairs of neighbours: counted on the grid,
    /// whatever the board holds.
    fn has_loop(&self, from: usize, to: usize) -> bool {
        let cells = &self.order[from..to];
        let Some(&first) = cells.first() else {
            return false;
        };
        let which = self.blob[first as usize];
        let mut ends = 0;
        for &cell in cells {
            let cell = cell as usize;
            self.grid.for_each_neighbour(cell, |_, next| {
                ends += usize::from(self.blob[next] == which);
            });
        }
        ends / 2 >= cells.len()
    }

    /// Takes back the step just done, from its notes (see each step for what it notes).
    fn take_back(&mut self, step: &Step, notes: &[u32]) -> bool {
        let Some((&before, rest)) = notes.split_first() else {
            return false;
        };
        match (step.event, rest) {
            (Event::Begin { .. }, &[first, second]) => {
                let Some(region) = self.splitting.take() else {
                    return false;
                };
                for cell in self.frontier.drain(..) {
                    self.blob[cell as usize] = 0;
                }
                self.regions.push(region);
                self.seeds = [first, second];
            }
            (Event::Expand { cell, added }, &[at]) => {
                for _ in 0..added {
                    if let Some(next) = self.frontier.pop() {
                        self.blob[next as usize] = 0;
                    }
                }
                self.frontier.push(cell);
                let last = self.frontier.len() - 1;
                self.frontier.swap(at as usize, last);
            }
            (Event::Divide { .. }, &[start, end, first, second, ref bits @ .., pushed]) => {
                self.unsplit(start as usize, end as usize, bits, pushed);
                self.halves = [first, second];
                self.walls -= 1;
            }
            _ => return false,
        }
        self.current = (before != NONE).then_some(before as usize);
        true
    }

    /// Undoes [`BlobbyDivision::split`]: pops the blobs it pushed, and merges the two halves
    /// of the run back in their old order, each cell in its blob again.
    fn unsplit(&mut self, from: usize, to: usize, bits: &[u32], pushed: u32) {
        for _ in 0..pushed.count_ones() {
            self.regions.pop();
        }
        let was_second = |i: usize| bits[i / 32] >> (i % 32) & 1 == 1;
        let firsts = (0..to - from).filter(|&i| !was_second(i)).count();
        let run: Vec<u32> = self.order[from..to].to_vec();
        let (mut one, mut two) = (run[..firsts].iter(), run[firsts..].iter());
        for i in 0..to - from {
            let (cell, blob) = if was_second(i) {
                (two.next(), 2)
            } else {
                (one.next(), 1)
            };
            let Some(&cell) = cell else { break };
            self.order[from + i] = cell;
            self.blob[cell as usize] = blob;
            self.region_of[cell as usize] = from as u32;
        }
        self.splitting = Some((from as u32, to as u32));
    }
}
