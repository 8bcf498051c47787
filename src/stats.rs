//! Texture statistics: numbers that tell maze algorithms apart, for any maze.
//!
//! How it works:
//! 1. One pass over the cells counts each cell's openings: one opening is a *dead end*; two
//!    are a *straight* (opposite sides) or a *turn*; three and four are junctions.
//! 2. A breadth-first search from the top-left cell gives the *solution length*: the number of
//!    moves on a shortest path to the bottom-right cell (a path of k cells has k − 1 moves).
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

use crate::maze::{Direction, Maze, E, N, S, W};
use std::collections::VecDeque;

/// The statistics of one maze.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
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
    /// Cells with four openings.
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
/// bottom-right), as in the classic comparison tables.
pub fn measure(maze: &Maze) -> Stats {
    measure_between(maze, 0, maze.len() - 1)
}

/// Measures a maze, with the solution length between two given cells (the page's start and
/// goal). The diameter's double sweep may begin anywhere, so it begins at `start`.
pub fn measure_between(maze: &Maze, start: usize, goal: usize) -> Stats {
    let mut stats = Stats {
        cells: maze.len() as u64,
        passages: maze.passage_count() as u64,
        loops: 0,
        dead_ends: 0,
        straights: 0,
        turns: 0,
        junctions3: 0,
        junctions4: 0,
        diameter: 0,
        diameter_exact: false,
        solution_length: None,
    };
    for &bits in maze.cells() {
        match bits.count_ones() {
            1 => stats.dead_ends += 1,
            2 if bits == N | S || bits == E | W => stats.straights += 1,
            2 => stats.turns += 1,
            3 => stats.junctions3 += 1,
            4 => stats.junctions4 += 1,
            _ => {}
        }
    }

    let mut distance = vec![UNSEEN; maze.len()];
    let mut queue = VecDeque::new();
    let (far, _) = sweep(maze, start, &mut distance, &mut queue);
    stats.solution_length = Some(distance[goal]).filter(|&d| d != UNSEEN).map(u64::from);
    distance.fill(UNSEEN);
    let (_, diameter) = sweep(maze, far, &mut distance, &mut queue);
    stats.diameter = u64::from(diameter);

    let parts = count_parts(maze, &mut distance);
    stats.loops = (stats.passages + parts).saturating_sub(stats.cells);
    stats.diameter_exact = parts == 1 && stats.loops == 0;
    stats
}

const UNSEEN: u32 = u32::MAX;

/// Breadth-first search from `from`, filling `distance` (which must be all `UNSEEN`). Returns
/// the first cell found at the largest distance, and that distance.
fn sweep(
    maze: &Maze,
    from: usize,
    distance: &mut [u32],
    queue: &mut VecDeque<u32>,
) -> (usize, u32) {
    queue.clear();
    distance[from] = 0;
    queue.push_back(from as u32);
    let mut farthest = (from, 0);
    while let Some(cell) = queue.pop_front() {
        let cell = cell as usize;
        let d = distance[cell];
        if d > farthest.1 {
            farthest = (cell, d);
        }
        for dir in Direction::ALL {
            if let Some(next) = maze.passage(cell, dir) {
                if distance[next] == UNSEEN {
                    distance[next] = d + 1;
                    queue.push_back(next as u32);
                }
            }
        }
    }
    farthest
}

/// Number of connected parts. Uses `scratch` (one entry per cell) as the seen flags.
fn count_parts(maze: &Maze, scratch: &mut [u32]) -> u64 {
    scratch.fill(UNSEEN);
    let mut parts = 0;
    let mut stack = Vec::new();
    for first in 0..maze.len() {
        if scratch[first] != UNSEEN {
            continue;
        }
        parts += 1;
        scratch[first] = 0;
        stack.push(first);
        while let Some(cell) = stack.pop() {
            for dir in Direction::ALL {
                if let Some(next) = maze.passage(cell, dir) {
                    if scratch[next] == UNSEEN {
                        scratch[next] = 0;
                        stack.push(next);
                    }
                }
            }
        }
    }
    parts
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
    fn one_cell() {
        let stats = measure(&Maze::new(1, 1).unwrap());
        assert_eq!(stats.dead_ends, 0);
        assert_eq!(stats.diameter, 0);
        assert!(stats.diameter_exact);
        assert_eq!(stats.solution_length, Some(0));
        assert_eq!(stats.loops, 0);
    }
}
