//! A run's grid as the page draws it (its shape, rings and switched-off cells), and distances
//! measured in its maze.

use super::args::{self, param};
use super::MazeRun;
use crate::distance;
use crate::topology::{Shape, Topology};
use wasm_bindgen::prelude::*;

/// The grid's shape for drawing, and the distance map.
#[wasm_bindgen]
impl MazeRun {
    /// "square", "hex", "triangle" or "polar".
    pub fn shape(&self) -> String {
        self.run.maze().shape().to_string()
    }

    /// Polar: the first cell of each ring, then the number of cells; empty for other shapes.
    #[wasm_bindgen(js_name = ringStarts)]
    pub fn ring_starts(&self) -> Vec<u32> {
        self.run
            .maze()
            .grid()
            .filter(|grid| grid.shape() == Shape::Polar)
            .map_or_else(Vec::new, |grid| grid.ring_starts().to_vec())
    }

    /// The cells a mask switched off, in order; empty without a mask.
    #[wasm_bindgen(js_name = offCells)]
    pub fn off_cells(&self) -> Vec<u32> {
        let Some(grid) = self.run.maze().grid() else {
            return Vec::new();
        };
        (0..grid.len())
            .filter(|&cell| !grid.is_on(cell))
            .map(|cell| cell as u32)
            .collect()
    }

    /// Measures every cell's distance in passages from cell `from` in the maze as it is now,
    /// and keeps it for `distancesPtr`: `new Uint32Array(memory.buffer, run.distancesPtr(),
    /// run.cellCount)`, 4294967295 where `from` cannot reach. Returns the greatest distance.
    #[wasm_bindgen(js_name = measureDistances)]
    pub fn measure_distances(&mut self, from: JsValue) -> Result<u32, JsError> {
        let maze = self.run.maze();
        let from = args::index(param("measureDistances", "from"), &from, maze.len())?;
        self.distances = distance::distances(maze, from);
        Ok(self
            .distances
            .iter()
            .copied()
            .filter(|&d| d != distance::UNREACHED)
            .max()
            .unwrap_or(0))
    }

    /// Where the last `measureDistances` left its numbers (empty before the first).
    #[wasm_bindgen(js_name = distancesPtr)]
    pub fn distances_ptr(&self) -> *const u32 {
        self.distances.as_ptr()
    }

    /// The longest path through passages in the part of the maze that holds cell `from` (a
    /// perfect maze's diameter), as cell indices from one end to the other.
    #[wasm_bindgen(js_name = longestPath)]
    pub fn longest_path(&self, from: JsValue) -> Result<Vec<u32>, JsError> {
        let maze = self.run.maze();
        let from = args::index(param("longestPath", "from"), &from, maze.len())?;
        Ok(distance::longest_path(maze, from)
            .path
            .iter()
            .map(|&cell| cell as u32)
            .collect())
    }
}
