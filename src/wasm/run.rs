//! `new MazeRun(options)`, and a run stepped and read: its steps, phases, pointers into the
//! board's memory, the search's outcome and the machine on show.

use super::args::{self, allowed_text, param};
use super::settings::Given;
use super::{refused, sentence_object, MazeRun};
use crate::run::{Phase, Run, ENDS_SLICE};
use crate::solvers::Outcome;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl MazeRun {
    /// Sets a run up at step 0 (the positional form of `new MazeRun(options)`, whose
    /// options it takes in this order; see `MazeRunOptions`). `generator` is a name; `solver`
    /// a name, or "", "none", null or undefined to generate only; `width` and `height` whole
    /// numbers from 1 to 4096; `seed` a decimal string (any u64) or a whole number up to
    /// 2^53 − 1; the rest as in `MazeRunOptions`, each null or undefined for its default.
    /// Throws on bad input.
    ///
    /// @deprecated Give the settings as one object, `new MazeRun({ generator, solver, width,
    /// height, seed, … })`: the positional form stays through the 0.1 releases and goes in 0.2.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] generator: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null | undefined")] solver: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] height: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | number")] seed: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] start: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] goal: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] braid: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "MazeRunOptions[\"shape\"]")] shape: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] mask: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] edits: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "MazeRunOptions[\"corners\"]")]
        corners: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "MazeRunOptions[\"heuristic\"]")]
        heuristic: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] weight: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number | null")] density: JsValue,
    ) -> Result<MazeRun, JsError> {
        let rest = [
            solver, width, height, seed, start, goal, braid, shape, mask, edits, corners,
            heuristic, weight, density,
        ];
        let settings = Given::of(generator, rest)?.settings()?;
        let run = Run::new(settings).map_err(|e| refused("MazeRun", &e))?;
        Ok(MazeRun {
            run,
            distances: Vec::new(),
            thinking: Default::default(),
            sheet: None,
        })
    }

    /// The seed the run was made with, as a decimal string: the one given, or the fresh one
    /// chosen when the options left it out.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> String {
        self.run.settings().seed.to_string()
    }

    /// Does up to `n` steps (a whole number; Infinity runs to the end) and collects the cells
    /// they changed. Returns the steps done; fewer than `n` means the run is done.
    pub fn advance(&mut self, n: JsValue) -> Result<f64, JsError> {
        let n = args::count(param("advance", "n"), &n, true)?;
        Ok(self.run.advance(n) as f64)
    }

    /// Measures the hardest ends (`ends: 'hardest'`: two sweeps of the maze, seconds at
    /// 4096²) ahead of the search, by at most `limit` cells of work (default 262,144) when the
    /// next step begins the search; returns true once ready, at once for any other step. Not a
    /// step, and the ends are the same. Once called, `advance`, `finish(limit)` and `seek`
    /// stop before the search's first step until the ends are measured (fewer steps than
    /// asked, the run not done): a page calls it before each slice of steps, so that no slice
    /// holds the whole measuring.
    #[wasm_bindgen(js_name = prepareEnds)]
    pub fn prepare_ends(&mut self, limit: JsValue) -> Result<bool, JsError> {
        let limit = args::optional_limit(param("prepareEnds", "limit"), &limit)?;
        let limit = limit.map_or(ENDS_SLICE, |l| usize::try_from(l).unwrap_or(usize::MAX));
        Ok(self.run.measure_ends_ahead(limit))
    }

    /// Runs to the end with the journal off, or, given `limit`, at most that many steps: a
    /// page calls it once per frame to run to the end without blocking. Returns the steps
    /// done; afterwards `allDirty()` is true.
    pub fn finish(&mut self, limit: JsValue) -> Result<f64, JsError> {
        let done = match args::optional_limit(param("finish", "limit"), &limit)? {
            None | Some(u64::MAX) => self.run.finish(),
            Some(limit) => self.run.advance_quietly(limit),
        };
        Ok(done as f64)
    }

    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.run.maze().width()
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.run.maze().height()
    }

    #[wasm_bindgen(getter, js_name = cellCount)]
    pub fn cell_count(&self) -> u32 {
        self.run.maze().len() as u32
    }

    /// Passage bits, one byte per cell (N=1 E=2 S=4 W=8).
    #[wasm_bindgen(js_name = cellsPtr)]
    pub fn cells_ptr(&self) -> *const u8 {
        self.run.board().maze().cells().as_ptr()
    }

    /// Mark bits, one byte per cell (see `legendBits`).
    #[wasm_bindgen(js_name = marksPtr)]
    pub fn marks_ptr(&self) -> *const u8 {
        self.run.board().marks().as_ptr()
    }

    /// Set labels, one u32 per cell; 0 means no set.
    #[wasm_bindgen(js_name = groupsPtr)]
    pub fn groups_ptr(&self) -> *const u32 {
        self.run.board().groups().as_ptr()
    }

    /// False while no set label has been written (the labels are then all 0 and need not be
    /// read); may stay true after they are cleared.
    #[wasm_bindgen(js_name = hasLabels)]
    pub fn has_labels(&self) -> bool {
        self.run.board().has_labels()
    }

    /// Cell indices (u32) changed by the last `advance`, each once.
    #[wasm_bindgen(js_name = dirtyPtr)]
    pub fn dirty_ptr(&self) -> *const u32 {
        self.run.dirty().as_ptr()
    }

    #[wasm_bindgen(js_name = dirtyLen)]
    pub fn dirty_len(&self) -> u32 {
        self.run.dirty().len() as u32
    }

    /// Whether the last batch (or `finish`) changed so much that everything must be redrawn.
    #[wasm_bindgen(js_name = allDirty)]
    pub fn all_dirty(&self) -> bool {
        self.run.all_dirty()
    }

    /// "generating", "solving", "walking" or "done".
    pub fn phase(&self) -> String {
        self.run.phase().name().to_string()
    }

    /// Steps of the whole timeline so far.
    pub fn steps(&self) -> f64 {
        self.run.steps() as f64
    }

    /// Steps done in one phase, named as `phase()` names them.
    #[wasm_bindgen(js_name = phaseSteps)]
    pub fn phase_steps(&self, phase: JsValue) -> Result<f64, JsError> {
        let which = param("phaseSteps", "phase");
        let name = args::text(which, &phase)?;
        match Phase::ALL.iter().find(|p| p.name() == name) {
            Some(&p) => Ok(self.run.phase_steps(p) as f64),
            None => Err(which.refuse(
                &phase,
                allowed_text(format!(
                    "use one of {}",
                    Phase::ALL.map(Phase::name).join(", ")
                )),
            )),
        }
    }

    /// The cell the machine on show is working on, or -1.
    pub fn current(&self) -> i32 {
        self.run.machine().current().map_or(-1, |cell| cell as i32)
    }

    /// The side of the current cell the machine faces (on the square grid 0 north, 1 east,
    /// 2 south, 3 west), or -1 for machines without a heading.
    pub fn heading(&self) -> i32 {
        self.run.machine().heading().map_or(-1, i32::from)
    }

    pub fn start(&self) -> u32 {
        self.run.start() as u32
    }

    pub fn goal(&self) -> u32 {
        self.run.goal() as u32
    }

    /// Every goal's cell, the first (`goal()`) first: more than one when the options gave
    /// several, and the search stops at the nearest.
    pub fn goals(&self) -> Vec<u32> {
        self.run
            .goals()
            .into_iter()
            .map(|cell| cell as u32)
            .collect()
    }

    /// The waypoints' cells, in the order the search goes by them (none unless given).
    pub fn waypoints(&self) -> Vec<u32> {
        self.run.via().iter().map(|&cell| cell as u32).collect()
    }

    /// The goal the search reached (the nearest of several), or -1 before it has found a path.
    #[wasm_bindgen(js_name = goalReached)]
    pub fn goal_reached(&self) -> i32 {
        self.run.goal_reached().map_or(-1, |cell| cell as i32)
    }

    /// The side of the start cell that is a gap in the outer wall (0 north, 1 east, 2 south,
    /// 3 west), or -1 when the start is no exit.
    #[wasm_bindgen(js_name = startExit)]
    pub fn start_exit(&self) -> i32 {
        self.run.exits().start.map_or(-1, i32::from)
    }

    /// As [`MazeRun::start_exit`], for the goal.
    #[wasm_bindgen(js_name = goalExit)]
    pub fn goal_exit(&self) -> i32 {
        self.run.exits().goal.map_or(-1, i32::from)
    }

    /// Distinct cells the solver has looked at (0 before solving starts).
    pub fn visited(&self) -> f64 {
        self.run.solver().map_or(0, |s| s.visited()) as f64
    }

    /// Cells on the found path, 0 if there is none (yet).
    #[wasm_bindgen(js_name = pathLength)]
    pub fn path_length(&self) -> u32 {
        self.outcome_ref()
            .and_then(Outcome::path)
            .map_or(0, |path| path.len() as u32)
    }

    /// How many paths the solver counted, in decimal digits (exact, however big), for a
    /// solver that counts them (`shortest-paths`); "" for the others and until it ends.
    #[wasm_bindgen(js_name = pathCount)]
    pub fn path_count(&self) -> String {
        self.run
            .solver()
            .and_then(|solver| solver.path_count())
            .unwrap_or_default()
    }

    /// The cells the solver's answer marks beside its path (`collision`, `shortest-paths`:
    /// every cell on a shortest path; `bottlenecks`: the cells every path passes), as cell
    /// numbers in order; empty for the others and until it ends.
    #[wasm_bindgen(js_name = answerCells)]
    pub fn answer_cells(&self) -> Vec<u32> {
        self.run
            .solver()
            .and_then(|solver| solver.answer_cells())
            .map_or_else(Vec::new, |cells| {
                cells.into_iter().map(|c| c as u32).collect()
            })
    }

    /// The found path's cost (each cell entered, √2 times for a diagonal move), NaN until the
    /// search ends or when it found no path.
    #[wasm_bindgen(js_name = pathCost)]
    pub fn path_cost(&self) -> f64 {
        self.run
            .report()
            .filter(|report| report.outcome.path().is_some())
            .map_or(f64::NAN, |report| report.cost)
    }

    /// What the cheapest path costs on the searched maze (Dijkstra by cost, the run's moves),
    /// NaN until the search ends or when the goal cannot be reached. A whole search: ask once.
    #[wasm_bindgen(js_name = cheapestCost)]
    pub fn cheapest_cost(&self) -> f64 {
        self.run.cheapest_cost().unwrap_or(f64::NAN)
    }

    /// The shortest and the cheapest paths on the searched maze, once the search is over:
    /// [fewest cells, the cost of the cheapest path with that many cells, the cheapest cost,
    /// the cells of the cheapest path found], or an empty array before the search ends and
    /// when the goal cannot be reached. Two whole searches: ask once per run and world.
    #[wasm_bindgen(js_name = bestPaths)]
    pub fn best_paths(&self) -> Vec<f64> {
        self.run.best_paths().map_or_else(Vec::new, |best| {
            vec![
                best.shortest_cells as f64,
                best.shortest_cost,
                best.cheapest_cost,
                best.cheapest_cells as f64,
            ]
        })
    }

    /// "" until the solver ends, then "found", "unreachable" or "gave-up: <reason>".
    pub fn outcome(&self) -> String {
        match self.outcome_ref() {
            None => String::new(),
            Some(Outcome::Found(_)) => "found".to_string(),
            Some(Outcome::Unreachable) => "unreachable".to_string(),
            Some(Outcome::GaveUp { reason, .. }) => format!("gave-up: {reason}"),
        }
    }

    /// What to say of a search that ended without a path ("no path: the goal cannot be
    /// reached", "no path: gave up (…)"), "" otherwise: the page shows it as it is.
    #[wasm_bindgen(js_name = noPath)]
    pub fn no_path(&self) -> String {
        self.outcome_ref()
            .and_then(Outcome::no_path)
            .unwrap_or_default()
    }

    /// `noPath()` as a sentence, `{ key, args }` (see `narrationData`), or `undefined` when
    /// `noPath()` is "": the page says it in its language.
    #[wasm_bindgen(js_name = noPathData)]
    pub fn no_path_data(&self) -> JsValue {
        self.outcome_ref()
            .and_then(Outcome::no_path_words)
            .map_or(JsValue::UNDEFINED, |words| sentence_object(&words))
    }

    /// The name of the machine on show: the generator, the solver or "player".
    pub fn algorithm(&self) -> String {
        self.run.info().name.to_string()
    }

    /// The kind of the last event ("carve", "expand", …), or "" before the first step.
    #[wasm_bindgen(js_name = lastEvent)]
    pub fn last_event(&self) -> String {
        self.run
            .last_step()
            .map_or("", |step| step.event.kind())
            .to_string()
    }

    /// The pseudocode line of the last step, or -1 before the first step.
    #[wasm_bindgen(js_name = lastLine)]
    pub fn last_line(&self) -> i32 {
        self.run.last_step().map_or(-1, |step| i32::from(step.line))
    }

    /// Names of the machine's counters, e.g. ["queue", "visited"].
    #[wasm_bindgen(js_name = counterNames)]
    pub fn counter_names(&self) -> Vec<String> {
        self.run
            .machine()
            .counters()
            .into_iter()
            .map(|(name, _)| name.to_string())
            .collect()
    }

    /// Values of the machine's counters, in the order of `counterNames()`.
    #[wasm_bindgen(js_name = counterValues)]
    pub fn counter_values(&self) -> Vec<f64> {
        self.run
            .machine()
            .counters()
            .into_iter()
            .map(|(_, value)| value as f64)
            .collect()
    }
}
