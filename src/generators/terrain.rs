//! Terrain: an open room whose cells cost 1 to 9 to enter, laid out by smooth noise (hills and
//! valleys rather than speckles).
//!
//! How it works (value noise with three octaves):
//! 1. Start from an open field: every wall between two cells open, nothing blocked.
//! 2. Draw a random number, the noise's seed: it gives every point of a coarse lattice a
//!    random height from 0 to 1 (a hash of the seed and the point, so nothing is stored).
//! 3. A cell's height at one octave blends the heights of the four lattice points around its
//!    centre, weighted by nearness (smoothstep): it varies smoothly between them.
//! 4. Add three octaves, each with a lattice twice as fine and half the weight: broad hills
//!    with smaller bumps on them.
//! 5. Stretch the heights around the middle and cut them into nine bands: cost 1 to 9.
//! 6. Paint the grid row by row.
//!
//! Not a maze: every wall is open and nothing is blocked; only the costs differ, which is what
//! Dijkstra and A* weigh and BFS ignores. It works on a grid of any shape (a cell's centre is
//! all it needs). One step is one row painted (on a polar grid, one ring). No marks.

use crate::board::Board;
use crate::machine::{Event, Info, Line, Machine, Step};
use crate::maze::Maze;
use crate::rng::Rng;
use crate::topology::{Grid, Shape, Topology};
use crate::world::MAX_COST;

pub static INFO: Info = Info {
    name: "terrain",
    title: "Noise Terrain",
    summary: "Paints every cell a cost from 1 to 9 by smooth value noise: hills to go around.",
    step_unit: "one row painted",
    pseudocode: &[
        "start with every wall between two cells open",
        "draw a seed: it gives each point of a coarse lattice a random height",
        "for each row:",
        "    for each cell: blend the heights of the lattice points around it, three octaves",
        "    cut the height into nine bands: the cell's cost, 1 to 9", // PAINT
    ],
    marks: &[],
    events: &["paint-row"],
};

// The pseudocode lines a step reports, by name (the others are the loops and tests around
// them).
const PAINT: Line = Line(4);

/// The octaves added: each twice as fine as the one before, half its weight.
pub const OCTAVES: u32 = 3;

/// The noise terrain as a step machine, on a grid of any shape.
#[derive(Clone, Debug)]
pub struct Terrain {
    grid: Grid,
    /// The first cell of the next row.
    next: usize,
    /// The noise's seed, drawn by the first step.
    seed: Option<u64>,
    /// The coarsest lattice's spacing, in cells.
    spacing: f64,
}

impl Machine for Terrain {
    fn step(&mut self, board: &mut Board, rng: &mut Rng) -> Option<Step> {
        let len = self.grid.len();
        if self.next >= len {
            return None;
        }
        let seed = *self
            .seed
            .get_or_insert_with(|| u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32()));
        let first = self.next;
        let end = self.row_end(first);
        for cell in (first..end).filter(|&cell| self.grid.is_on(cell)) {
            board.set_terrain(cell, self.cost_at(seed, cell));
        }
        self.next = end;
        Some(Step::new(
            Event::PaintRow {
                cell: first as u32,
                length: (end - first) as u32,
            },
            PAINT,
        ))
    }

    fn info(&self) -> &'static Info {
        &INFO
    }

    fn is_done(&self) -> bool {
        self.next >= self.grid.len()
    }

    fn starts_open(&self) -> bool {
        true
    }

    fn current(&self) -> Option<usize> {
        self.next.checked_sub(1)
    }

    /// Goes back to the row's first cell; before the first row, forgets the seed (the run
    /// gives the random numbers back).
    fn undo(&mut self, step: &Step, _notes: &[u32], _board: &Board) -> bool {
        let Event::PaintRow { cell, .. } = step.event else {
            return false;
        };
        self.next = cell as usize;
        if cell == 0 {
            self.seed = None;
        }
        true
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![("cells left to paint", (self.grid.len() - self.next) as u64)]
    }
}

impl Terrain {
    /// Terrain for a square maze of `maze`'s size.
    pub fn new(maze: &Maze) -> Terrain {
        Terrain::on(maze.topology().into_owned())
    }

    /// Terrain on `grid`.
    pub fn on(grid: Grid) -> Terrain {
        // Hills about a third of the grid across, between 4 and 32 cells.
        let across = f64::from(grid.width().max(grid.height()));
        Terrain {
            spacing: (across / 3.0).clamp(4.0, 32.0),
            grid,
            next: 0,
            seed: None,
        }
    }

    /// The cells after the last of the row that starts at `first`: the row's end, or a polar
    /// grid's ring's.
    fn row_end(&self, first: usize) -> usize {
        let len = self.grid.len();
        if self.grid.shape() == Shape::Polar {
            let starts = self.grid.ring_starts();
            return starts
                .iter()
                .map(|&s| s as usize)
                .find(|&s| s > first)
                .unwrap_or(len)
                .min(len);
        }
        (first + self.grid.width().max(1) as usize).min(len)
    }

    /// The cost of `cell` for the noise seeded by `seed`.
    pub fn cost_at(&self, seed: u64, cell: usize) -> u8 {
        let (x, y) = self.grid.position(cell);
        let (mut height, mut weight, mut total) = (0.0, 1.0, 0.0);
        let mut spacing = self.spacing;
        for octave in 0..OCTAVES {
            height += weight * value_noise(seed ^ u64::from(octave), x / spacing, y / spacing);
            total += weight;
            weight /= 2.0;
            spacing /= 2.0;
        }
        // Averages crowd the middle: stretch them out before cutting into bands.
        let stretched = ((height / total - 0.5) * 2.2 + 0.5).clamp(0.0, 0.999);
        1 + (stretched * f64::from(MAX_COST)) as u8
    }
}

/// Smooth noise from 0 to 1 at (`x`, `y`) in lattice units: the random heights of the four
/// lattice points around, blended by smoothstep weights.
fn value_noise(seed: u64, x: f64, y: f64) -> f64 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (smooth(x - x0), smooth(y - y0));
    let (ix, iy) = (x0 as i64, y0 as i64);
    let at = |dx: i64, dy: i64| lattice_height(seed, ix + dx, iy + dy);
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * fx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * fx;
    top + (bottom - top) * fy
}

fn smooth(t: f64) -> f64 {
    t * t * (3.0 - 2.0 * t)
}

/// A lattice point's random height, 0 to 1: a hash (SplitMix64's finaliser) of the seed and
/// the point, the same on every machine.
fn lattice_height(seed: u64, x: i64, y: i64) -> f64 {
    let mut z = seed
        ^ (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}
