//! Texture statistics: numbers that tell maze algorithms apart, for any maze, on a grid of any
//! shape.
//!
//! How it works:
//! 1. One pass over the cells counts each cell's openings: one opening is a *dead end*; two
//!    are a *straight* (opposite sides) or a *turn*; three and four (or more, on grids whose
//!    cells have more sides) are junctions. On a grid other than the plain square one, two
//!    openings are a straight when they lead off in directions at least 135° apart, seen from
//!    the cells' centres: opposite sides of a square or a hexagon, inward and outward or
//!    along the ring (where it is 12 cells or more) on a polar grid, never on a triangle
//!    (whose sides meet at 120°). Cells a mask switched off are not counted at all.
//! 2. A breadth-first search from the top-left cell (the first cell that is on) gives the
//!    *solution length*: the number of moves on a shortest path to the bottom-right cell (the
//!    last cell that is on; a path of k cells has k − 1 moves).
//! 3. A second search from the farthest cell the first one found gives the *diameter* (the
//!    "double sweep"): the longest shortest path, in moves. In a perfect maze (a tree) the cell
//!    farthest from any cell is an end of a longest path, so this is exact. In a maze with loops
//!    it is a lower bound — usually the true diameter or close to it, but not always — and
//!    [`Stats::diameter_exact`] says false. Either way it covers the part of the maze reachable
//!    from the top-left cell (all of it, for every generator here).
//! 4. One more flood counts connected parts, giving the number of independent *loops*:
//!    passages − cells + parts (0 for a perfect maze).
//!
//! Everything is iterative and linear in the number of cells.

use crate::maze::{Maze, E, N, S, W};
use crate::topology::{Grid, Side, Topology};
use std::collections::VecDeque;

/// The statistics of one maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Cells that are on (every cell, without a mask).
    pub cells: u64,
    pub passages: u64,
    /// Independent loops: passages − cells + connected parts.
    pub loops: u64,
    /// Cells with exactly one opening.
    pub dead_ends: u64,
    /// Cells with two openings on opposite sides.
    pub straights: u64,
    /// Cells with two openings on adjacent sides.
    pub turns: u64,
    /// Cells with three openings.
    pub junctions3: u64,
    /// Cells with four openings or more.
    pub junctions4: u64,
    /// Longest shortest path in moves (from the double sweep; see the module notes).
    pub diameter: u64,
    /// Whether `diameter` is exact: true for perfect mazes.
    pub diameter_exact: bool,
    /// Moves on a shortest path from the top-left to the bottom-right cell, if there is one.
    pub solution_length: Option<u64>,
}

impl Stats {
    /// Dead ends as a share of all cells, 0 to 1.
    pub fn dead_end_share(&self) -> f64 {
        self.dead_ends as f64 / self.cells as f64
    }

    /// The statistics as plain numbers for a front end: the values of [`Stats::values`] (NaN
    /// where there is none), then 1 or 0 for whether the diameter is exact.
    pub fn numbers(&self) -> Vec<f64> {
        let mut numbers: Vec<f64> = self
            .values()
            .iter()
            .map(|value| value.unwrap_or(f64::NAN))
            .collect();
        numbers.push(if self.diameter_exact { 1.0 } else { 0.0 });
        numbers
    }

    /// The values named by [`STATISTICS`], in that order (`None` where there is none: the
    /// solution length of a maze whose corners are not connected).
    pub fn values(&self) -> [Option<f64>; STATISTICS.len()] {
        [
            Some(self.dead_ends as f64),
            Some(self.dead_end_share()),
            Some(self.diameter as f64),
            self.solution_length.map(|n| n as f64),
            Some(self.straights as f64),
            Some(self.turns as f64),
            Some(self.junctions3 as f64),
            Some(self.junctions4 as f64),
            Some(self.loops as f64),
        ]
    }
}

/// The statistics reported for each maze: a key (for JSON) and a label (for text).
pub const STATISTICS: [(&str, &str); 9] = [
    ("dead_ends", "dead ends"),
    ("dead_end_share", "dead-end share"),
    ("diameter", "diameter"),
    ("solution_length", "solution length"),
    ("straights", "straight corridors"),
    ("turns", "turns"),
    ("junctions3", "3-way junctions"),
    ("junctions4", "4-way junctions"),
    ("loops", "loops"),
];

/// Measures a maze, with the solution length between the default corners (top-left to
/// bottom-right), as in the classic comparison tables; on a masked grid, between the first
/// and the last cell that is on.
pub fn measure(maze: &Maze) -> Stats {
    let Some(grid) = maze.grid() else {
        return measure_between(maze, 0, maze.len() - 1);
    };
    let first = grid.nearest_on(0);
    let last = (0..grid.len())
        .rev()
        .find(|&c| grid.is_on(c))
        .unwrap_or(first);
    measure_between(maze, first, last)
}

/// Measures a maze, with the solution length between two given cells (the page's start and
/// goal). The diameter's double sweep may begin anywhere, so it begins at `start`.
pub fn measure_between(maze: &Maze, start: usize, goal: usize) -> Stats {
    let mut meter = Meter::new(maze, start, goal);
    loop {
        if let Some(stats) = meter.work(maze, usize::MAX) {
            return stats;
        }
    }
}

/// A cell no search has reached. Distances are kept one more than they are, so that a fresh
/// zeroed vector (free from the allocator) is all unseen.
const UNSEEN: u32 = 0;

/// A measurement done a slice at a time, for a front end that must not block: each
/// [`Meter::work`] call handles at most a given number of cells, in the order of the module
/// notes (count, two sweeps, parts). The maze must not change between calls.
#[derive(Clone, Debug)]
pub struct Meter {
    stats: Stats,
    start: usize,
    goal: usize,
    stage: Stage,
    /// Distances plus one of the sweep under way (0: unseen); then the seen flags of the
    /// parts count.
    distance: Vec<u32>,
    queue: VecDeque<u32>,
    stack: Vec<u32>,
    /// The next cell to count, or to start a part from.
    cursor: usize,
    /// The first cell found at the largest distance in this sweep, and that distance.
    farthest: (usize, u32),
    parts: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Count,
    FirstSweep,
    /// Clearing the distances (a slice at a time: on 16 million cells one fill is a long
    /// task) before the second sweep.
    ClearForSecondSweep,
    SecondSweep,
    ClearForParts,
    Parts,
}

impl Meter {
    /// A measurement of `maze`, with the solution length from `start` to `goal`.
    pub fn new(maze: &Maze, start: usize, goal: usize) -> Meter {
        Meter {
            stats: Stats {
                cells: maze.grid().map_or(maze.len(), Grid::cells_on) as u64,
                passages: 0,
                loops: 0,
                dead_ends: 0,
                straights: 0,
                turns: 0,
                junctions3: 0,
                junctions4: 0,
                diameter: 0,
                diameter_exact: false,
                solution_length: None,
            },
            start,
            goal,
            stage: Stage::Count,
            distance: Vec::new(),
            queue: VecDeque::new(),
            stack: Vec::new(),
            cursor: 0,
            farthest: (start, 0),
            parts: 0,
        }
    }

    /// Goes on by at most about `limit` cells. Returns the statistics once done.
    pub fn work(&mut self, maze: &Maze, limit: usize) -> Option<Stats> {
        let mut budget = limit.max(1);
        while budget > 0 {
            match self.stage {
                Stage::Count => budget = self.count(maze, budget),
                Stage::FirstSweep | Stage::SecondSweep => budget = self.sweep(maze, budget),
                Stage::ClearForSecondSweep | Stage::ClearForParts => budget = self.clear(budget),
                Stage::Parts => {
                    budget = self.count_parts(maze, budget);
                    if self.cursor == maze.len() && self.stack.is_empty() {
                        let stats = &mut self.stats;
                        stats.loops = (stats.passages + self.parts).saturating_sub(stats.cells);
                        stats.diameter_exact = self.parts == 1 && stats.loops == 0;
                        return Some(stats.clone());
                    }
                }
            }
        }
        None
    }

    /// Counts each cell's openings (eight cells a unit of work: counting is cheap next to a
    /// search), setting the searches' distances to unseen as it goes; then starts the first
    /// sweep.
    fn count(&mut self, maze: &Maze, budget: usize) -> usize {
        if self.distance.capacity() < maze.len() {
            // Reserved, not filled: zeroing 64 MB at once would be a long task of its own.
            self.distance = Vec::with_capacity(maze.len());
        }
        let end = (self.cursor + budget.saturating_mul(8)).min(maze.len());
        let stats = &mut self.stats;
        let cells = &maze.cells()[self.cursor..end];
        match maze.grid() {
            None => {
                for &bits in cells {
                    stats.passages += u64::from(bits & E != 0) + u64::from(bits & S != 0);
                    match bits.count_ones() {
                        1 => stats.dead_ends += 1,
                        2 if bits == N | S || bits == E | W => stats.straights += 1,
                        2 => stats.turns += 1,
                        3 => stats.junctions3 += 1,
                        4 => stats.junctions4 += 1,
                        _ => {}
                    }
                }
            }
            Some(grid) => {
                for (cell, &bits) in (self.cursor..).zip(cells) {
                    // Each passage is open from both its cells: halved when the count ends.
                    stats.passages += u64::from(bits.count_ones());
                    match bits.count_ones() {
                        1 => stats.dead_ends += 1,
                        2 if goes_straight(grid, cell, bits) => stats.straights += 1,
                        2 => stats.turns += 1,
                        3 => stats.junctions3 += 1,
                        4.. => stats.junctions4 += 1,
                        _ => {}
                    }
                }
            }
        }
        self.distance.resize(end, UNSEEN);
        let used = (end - self.cursor).div_ceil(8);
        self.cursor = end;
        if self.cursor == maze.len() {
            if maze.grid().is_some() {
                stats.passages /= 2;
            }
            self.begin_sweep(self.start, Stage::FirstSweep);
        }
        budget.saturating_sub(used)
    }

    fn begin_sweep(&mut self, from: usize, stage: Stage) {
        self.stage = stage;
        self.queue.clear();
        self.distance[from] = 1;
        self.queue.push_back(from as u32);
        self.farthest = (from, 0);
    }

    /// Breadth-first search: the first finds the solution length and the farthest cell, the
    /// second, from that cell, the diameter.
    fn sweep(&mut self, maze: &Maze, mut budget: usize) -> usize {
        while budget > 0 {
            let Some(cell) = self.queue.pop_front() else {
                if self.stage == Stage::FirstSweep {
                    let to_goal = self.distance[self.goal];
                    self.stats.solution_length = to_goal.checked_sub(1).map(u64::from);
                    self.stage = Stage::ClearForSecondSweep;
                } else {
                    self.stats.diameter = u64::from(self.farthest.1);
                    self.stage = Stage::ClearForParts;
                }
                self.cursor = 0;
                return budget;
            };
            budget -= 1;
            let cell = cell as usize;
            let d = self.distance[cell];
            if d - 1 > self.farthest.1 {
                self.farthest = (cell, d - 1);
            }
            for_each_passage(maze, cell, |next| {
                if self.distance[next] == UNSEEN {
                    self.distance[next] = d + 1;
                    self.queue.push_back(next as u32);
                }
            });
        }
        0
    }

    /// Sets the distances back to unseen, 64 cells a unit of work, a slice at a time; then
    /// starts what comes next.
    fn clear(&mut self, budget: usize) -> usize {
        let end = (self.cursor + budget.saturating_mul(64)).min(self.distance.len());
        self.distance[self.cursor..end].fill(UNSEEN);
        let used = (end - self.cursor).div_ceil(64);
        self.cursor = end;
        if end == self.distance.len() {
            self.cursor = 0;
            if self.stage == Stage::ClearForSecondSweep {
                self.begin_sweep(self.farthest.0, Stage::SecondSweep);
            } else {
                self.stage = Stage::Parts;
            }
        }
        budget.saturating_sub(used)
    }

    /// Number of connected parts, with `distance` as the seen flags.
    fn count_parts(&mut self, maze: &Maze, mut budget: usize) -> usize {
        while budget > 0 {
            if let Some(cell) = self.stack.pop() {
                budget -= 1;
                for_each_passage(maze, cell as usize, |next| {
                    if self.distance[next] == UNSEEN {
                        self.distance[next] = 1;
                        self.stack.push(next as u32);
                    }
                });
                continue;
            }
            if self.cursor == maze.len() {
                return budget;
            }
            let first = self.cursor;
            self.cursor += 1;
            // A cell a mask switched off is no part of the maze.
            let on = maze.grid().map_or(true, |grid| grid.is_on(first));
            if on && self.distance[first] == UNSEEN {
                self.parts += 1;
                self.distance[first] = 1;
                self.stack.push(first as u32);
            }
        }
        0
    }
}

/// Calls `f` with the cell through each open passage of `cell`, on any grid.
#[inline]
fn for_each_passage(maze: &Maze, cell: usize, mut f: impl FnMut(usize)) {
    let mut bits = maze.cell(cell);
    while bits != 0 {
        let side = bits.trailing_zeros() as Side;
        bits &= bits - 1;
        if let Some(next) = maze.passage_through(cell, side) {
            f(next);
        }
    }
}

/// Whether a cell's two openings (`bits`) lead off in directions at least 135° apart, seen
/// from the centre of the cell to the centres of the cells they lead to.
fn goes_straight(grid: &Grid, cell: usize, bits: u8) -> bool {
    let first = bits.trailing_zeros() as Side;
    let second = (bits & (bits - 1)).trailing_zeros() as Side;
    let (Some(a), Some(b)) = (grid.neighbour(cell, first), grid.neighbour(cell, second)) else {
        return false;
    };
    let ((x, y), (ax, ay), (bx, by)) = (grid.position(cell), grid.position(a), grid.position(b));
    let (u, v) = ((ax - x, ay - y), (bx - x, by - y));
    let cos = (u.0 * v.0 + u.1 * v.1) / ((u.0 * u.0 + u.1 * u.1) * (v.0 * v.0 + v.1 * v.1)).sqrt();
    cos <= -std::f64::consts::FRAC_1_SQRT_2
}

/// Mean and standard deviation of each statistic over many mazes (Welford's running method,
/// which stays accurate over millions of samples).
#[derive(Clone, Debug, Default)]
pub struct Summary {
    count: [u64; STATISTICS.len()],
    mean: [f64; STATISTICS.len()],
    /// Sum of squared differences from the running mean.
    m2: [f64; STATISTICS.len()],
}

impl Summary {
    pub fn new() -> Summary {
        Summary::default()
    }

    /// Adds one maze's statistics.
    pub fn add(&mut self, stats: &Stats) {
        for (i, value) in stats.values().into_iter().enumerate() {
            if let Some(x) = value {
                self.count[i] += 1;
                let delta = x - self.mean[i];
                self.mean[i] += delta / self.count[i] as f64;
                self.m2[i] += delta * (x - self.mean[i]);
            }
        }
    }

    /// How many mazes had statistic `i` (of [`STATISTICS`]).
    pub fn count(&self, i: usize) -> u64 {
        self.count[i]
    }

    /// The mean of statistic `i`, if any maze had it.
    pub fn mean(&self, i: usize) -> Option<f64> {
        (self.count[i] > 0).then_some(self.mean[i])
    }

    /// The sample standard deviation of statistic `i` (dividing by n − 1; 0 for one maze).
    pub fn std_dev(&self, i: usize) -> Option<f64> {
        match self.count[i] {
            0 => None,
            1 => Some(0.0),
            n => Some((self.m2[i] / (n - 1) as f64).sqrt()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Settings;

    #[test]
    fn numbers_are_the_values_then_whether_the_diameter_is_exact() {
        // Two cells with no passage: no solution length between the corners.
        let maze = Maze::new(2, 1).unwrap();
        let stats = measure_between(&maze, 0, 1);
        let numbers = stats.numbers();
        assert_eq!(numbers.len(), STATISTICS.len() + 1);
        assert!(numbers[3].is_nan(), "solution length: {numbers:?}");
        assert_eq!(numbers[0], stats.dead_ends as f64);
        assert_eq!(
            numbers[STATISTICS.len()],
            f64::from(u8::from(stats.diameter_exact))
        );
    }

    #[test]
    fn summary_of_known_numbers() {
        let mut summary = Summary::new();
        for dead_ends in [2, 4, 4, 4, 5, 5, 7, 9] {
            let maze = Maze::new(1, 1).unwrap();
            let mut stats = measure(&maze);
            stats.dead_ends = dead_ends;
            summary.add(&stats);
        }
        // Mean 5, sum of squared differences 32, so the sample variance is 32 / 7.
        assert_eq!(summary.mean(0), Some(5.0));
        let sd = summary.std_dev(0).unwrap();
        assert!((sd - (32.0f64 / 7.0).sqrt()).abs() < 1e-12, "{sd}");
        assert_eq!(summary.count(0), 8);
    }

    #[test]
    fn measuring_a_slice_at_a_time_gives_the_same_numbers() {
        use crate::generators;
        for (name, braid) in [
            ("kruskal", 0.0),
            ("recursive-backtracker", 0.5),
            ("binary-tree", 1.0),
        ] {
            let maze = generators::generate_braided(name, 23, 17, 5, braid).unwrap();
            let whole = measure_between(&maze, 3, 200);
            for limit in [1, 7, 100] {
                let mut meter = Meter::new(&maze, 3, 200);
                let mut calls = 0;
                let sliced = loop {
                    calls += 1;
                    if let Some(stats) = meter.work(&maze, limit) {
                        break stats;
                    }
                };
                assert_eq!(sliced, whole, "{name}, slices of {limit}");
                // Each cell is swept twice and flooded once (counting and clearing are cheaper
                // units of work): at least three passes of work.
                assert!(
                    calls >= 3 * maze.len() / limit,
                    "{name}: {calls} calls of {limit}"
                );
            }
        }
    }

    /// A perfect maze of recursive-backtracker (which works on any grid) on `shape`.
    fn on_shape(shape: crate::topology::Shape, mask: Option<&str>) -> Maze {
        let mut settings = Settings::new("", 9, 7, 0).with_shape(shape);
        if let Some(text) = mask {
            settings = settings.with_mask(crate::topology::Mask::parse(text).unwrap());
        }
        let empty = settings.empty_maze().unwrap();
        crate::generators::generate_on("recursive-backtracker", empty, 4, 0.0).unwrap()
    }

    #[test]
    fn perfect_mazes_of_every_shape_add_up() {
        use crate::topology::Shape;
        let mask = "XX.....XX\n.........\n....X....\n.........\n.........\n.........\nXX.....XX\n";
        let polar_mask = ".\n......\nX...........\n";
        let mut mazes: Vec<Maze> = Shape::ALL.iter().map(|&s| on_shape(s, None)).collect();
        mazes.push(on_shape(Shape::Square, Some(mask)));
        mazes.push(on_shape(Shape::Hex, Some(mask)));
        let polar = Settings::new("", 1, 3, 0)
            .with_shape(Shape::Polar)
            .with_mask(crate::topology::Mask::parse(polar_mask).unwrap());
        let polar = crate::generators::generate_on(
            "recursive-backtracker",
            polar.empty_maze().unwrap(),
            2,
            0.0,
        );
        mazes.push(polar.unwrap());
        for maze in &mazes {
            let stats = measure(maze);
            let on = maze.grid().map_or(maze.len(), Grid::cells_on) as u64;
            let shape = maze.shape();
            assert_eq!(stats.cells, on, "{shape}");
            assert_eq!(stats.passages, on - 1, "{shape}: a perfect maze");
            assert_eq!(stats.loops, 0, "{shape}");
            assert!(stats.diameter_exact, "{shape}");
            assert!(stats.solution_length.is_some(), "{shape}");
            let kinds = stats.dead_ends
                + stats.straights
                + stats.turns
                + stats.junctions3
                + stats.junctions4;
            assert_eq!(kinds, on, "{shape}: every cell on is of one kind");
            if shape == Shape::Triangle {
                assert_eq!(stats.straights, 0, "triangles never go straight");
            }
        }
        // On a masked square grid, straight means opposite sides, as on the plain grid.
        let masked = &mazes[Shape::ALL.len()];
        let straights = masked
            .cells()
            .iter()
            .filter(|&&bits| bits == N | S || bits == E | W)
            .count() as u64;
        assert!(straights > 0);
        assert_eq!(measure(masked).straights, straights);
    }

    #[test]
    fn one_cell() {
        let stats = measure(&Maze::new(1, 1).unwrap());
        assert_eq!(stats.dead_ends, 0);
        assert_eq!(stats.diameter, 0);
        assert!(stats.diameter_exact);
        assert_eq!(stats.solution_length, Some(0));
        assert_eq!(stats.loops, 0);
    }
}
