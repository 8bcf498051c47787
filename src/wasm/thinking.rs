//! How the search thinks, cell by cell: came-from links, costs so far and estimates, one cell
//! at a time or every cell at once for a renderer.

use super::args::{self, param};
use super::MazeRun;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl MazeRun {
    /// The cell the search reached `cell` from (its parent: the arrow the page draws), or -1
    /// for the start, for a cell not reached and when no solver has begun. Right after a step
    /// back or a seek too. Throws when `cell` is not a cell index.
    #[wasm_bindgen(js_name = cameFrom)]
    pub fn came_from(&self, cell: JsValue) -> Result<i32, JsError> {
        let cell = args::index(param("cameFrom", "cell"), &cell, self.run.maze().len())?;
        Ok(self.run.came_from(cell).map_or(-1, |parent| parent as i32))
    }

    /// The cost of the way to `cell` the search knows so far, in moves (BFS's distance,
    /// Dijkstra's cost, A*'s g; a diagonal move counts √2 times the cell's cost), or -1 for a
    /// cell not reached and when no solver has begun. Throws when `cell` is not a cell index.
    #[wasm_bindgen(js_name = costSoFar)]
    pub fn cost_so_far(&self, cell: JsValue) -> Result<f64, JsError> {
        let cell = args::index(param("costSoFar", "cell"), &cell, self.run.maze().len())?;
        Ok(self.run.cost_so_far(cell).unwrap_or(-1.0))
    }

    /// The search's guess of the cost from `cell` to the goal (A*'s h, greedy search's guess),
    /// or -1 where the solver makes no guess and when no solver has begun. Throws when `cell`
    /// is not a cell index.
    pub fn estimate(&self, cell: JsValue) -> Result<f64, JsError> {
        let cell = args::index(param("estimate", "cell"), &cell, self.run.maze().len())?;
        Ok(self.run.estimate(cell).unwrap_or(-1.0))
    }

    /// Reads every cell's link, cost so far and estimate as the search knows them now, for
    /// `cameFromPtr` (`new Int32Array(memory.buffer, run.cameFromPtr(), run.cellCount)`),
    /// `costSoFarPtr` and `estimatePtr` (`Float32Array`s of the same length), -1 where there is
    /// none. Returns how many cells the search has reached (the start counted). Call it again
    /// after each step: the views hold what this call read.
    #[wasm_bindgen(js_name = measureThinking)]
    pub fn measure_thinking(&mut self) -> u32 {
        self.run.thinking_into(&mut self.thinking) as u32
    }

    /// Where the last `measureThinking` left the came-from links (empty before the first).
    #[wasm_bindgen(js_name = cameFromPtr)]
    pub fn came_from_ptr(&self) -> *const i32 {
        self.thinking.came_from.as_ptr()
    }

    /// Where the last `measureThinking` left the costs so far (empty before the first).
    #[wasm_bindgen(js_name = costSoFarPtr)]
    pub fn cost_so_far_ptr(&self) -> *const f32 {
        self.thinking.cost_so_far.as_ptr()
    }

    /// Where the last `measureThinking` left the estimates (empty before the first).
    #[wasm_bindgen(js_name = estimatePtr)]
    pub fn estimate_ptr(&self) -> *const f32 {
        self.thinking.estimate.as_ptr()
    }
}
