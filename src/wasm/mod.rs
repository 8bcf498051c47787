//! The JavaScript edge: the only file that knows about wasm-bindgen.
//!
//! It translates and nothing more. [`MazeRun`] owns a [`Run`] (the same generate → solve → walk
//! timeline the command line and the tests drive) and hands JavaScript pointers into the
//! board's own vectors, so the page builds `Uint8Array`/`Uint32Array` views on
//! `memory.buffer` and reads cells, marks, set labels and the dirty list without a copy.
//!
//! Every argument arrives as a `JsValue` and is read by [`args`], which refuses a value of the
//! wrong type with an `Error` naming the function and the parameter; values are then checked
//! by the core ([`crate::parse`], [`Run::new`]) and every failure comes back as a thrown JS
//! `Error` carrying the core's message. Nothing here unwraps input, and every limit inside the
//! run is bounded (the journal, the checkpoints), so no call ends in a trap: a failed call
//! leaves the run as it was and usable.
//!
//! Long work (running to the end, laying the timeline, seeking) can be done a slice at a time
//! (`finish(limit)`, `layTimeline(limit)`, `seek(step, limit)`), so a page never blocks for
//! long.
//!
//! Numbers: counts go out as `f64` (a JS number, exact up to 2^53) rather than `u64`, which
//! wasm-bindgen would turn into a `BigInt`. "None" goes out as -1 where the API says so.

mod args;

use crate::board::mark;
use crate::distance;
use crate::export;
use crate::generators;
use crate::machine::{self, Info, Structure, EVENT_KINDS};
use crate::maze::Maze;
use crate::maze::{Direction, MAX_SIDE};
use crate::parse;
use crate::rng;
use crate::run::{self, Phase, Run, RunError, Settings};
use crate::solvers::{self, Outcome, SolveError};
use crate::stats::{self, STATISTICS};
use crate::topology::{self, mask_makers as shapes, Grid, GridError, Mask, Shape, Topology};
use crate::world::{Corners, Edits, Heuristic, Search};
use args::param;
use wasm_bindgen::prelude::*;

/// The most cells `svg()` writes a worksheet of at once (1024 × 1024): larger sheets run to
/// hundreds of megabytes, past what one JavaScript string can hold, and are written a piece at
/// a time (`sheetBegin`, `sheetNext`).
pub const SVG_AT_ONCE_CELLS: usize = 1 << 20;

/// One run of the visualiser: a maze being generated, then solved, then walked.
#[wasm_bindgen]
pub struct MazeRun {
    run: Run,
    /// The last distance map measured (`measureDistances`).
    distances: Vec<u32>,
    /// The worksheet being written a piece at a time (`sheetBegin`), if any.
    sheet: Option<export::SheetWriter<'static>>,
}

impl MazeRun {
    fn found_path(&self) -> Option<&[usize]> {
        self.run.solver()?.outcome()?.path()
    }
}

#[wasm_bindgen]
impl MazeRun {
    /// Sets a run up at step 0. `generator` is a name; `solver` a name, or "", "none", null
    /// or undefined to generate only; `width` and `height` whole numbers from 1 to 4096; `seed`
    /// a decimal string (any u64) or a whole number up to 2^53 − 1; `start`/`goal` "X,Y", or
    /// "", null or undefined for the corners; `braid` the share of dead ends to remove after
    /// generation, 0 to 1 (null or undefined = 0); `shape` "square", "hex", "triangle" or
    /// "polar" (null or undefined = square; polar: `height` is the number of rings); `mask`
    /// rows of `.` (a cell) and `X` (none), or null or undefined for none; `edits` the
    /// learner's changes in the core's text form (`crate::world::edits`), "" / null / undefined
    /// for none; `corners` "never", "no-obstacles", "at-most-one" or "always"; `heuristic`
    /// "grid", "manhattan", "euclidean", "octile" or "chebyshev"; `weight` a number from 1 to
    /// 100 (the last three null or undefined for their defaults); `density` the share of an
    /// open world's cells blocked, 0 to 0.9 (null or undefined = 0.3). Throws on bad input.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        generator: JsValue,
        solver: JsValue,
        width: JsValue,
        height: JsValue,
        seed: JsValue,
        start: JsValue,
        goal: JsValue,
        braid: JsValue,
        shape: JsValue,
        mask: JsValue,
        edits: JsValue,
        corners: JsValue,
        heuristic: JsValue,
        weight: JsValue,
        density: JsValue,
    ) -> Result<MazeRun, JsError> {
        const CALL: &str = "MazeRun";
        let generator = args::text(param(CALL, "generator"), &generator)?;
        let solver = match args::optional_text(param(CALL, "solver"), &solver)? {
            None => None,
            Some(name) => match name.trim() {
                "" | "none" => None,
                name => Some(name.to_string()),
            },
        };
        let width = args::side(param(CALL, "width"), &width)?;
        let height = args::side(param(CALL, "height"), &height)?;
        let seed = args::seed(param(CALL, "seed"), &seed)?;
        let start = point(param(CALL, "start"), &start)?;
        let goal = point(param(CALL, "goal"), &goal)?;
        let braid = args::share(param(CALL, "braid"), &braid)?;
        let shape = optional_shape(CALL, &shape)?;
        let mask = optional_mask(CALL, &mask)?;
        // Edits are read against the cells the grid will have: a run claiming more is
        // refused before a cell of it is painted.
        let cells = topology::cell_count(shape, width, height);
        let settings = Settings {
            generator: generator.trim().to_string(),
            solver,
            width,
            height,
            seed,
            start,
            goal,
            braid,
            shape,
            mask,
            edits: optional_edits(param(CALL, "edits"), &edits, cells)?,
            search: search(CALL, &corners, &heuristic, &weight)?,
            density: optional_density(param(CALL, "density"), &density)?,
        };
        // An algorithm that cannot work on the grid: the grid's parameter is named, the mask
        // when it is what makes a square grid not plain.
        let grid_param = if settings.shape == Shape::Square {
            "mask"
        } else {
            "shape"
        };
        let names = (settings.generator.clone(), settings.solver.clone());
        let grid = (
            settings.shape,
            settings.width,
            settings.height,
            settings.mask.clone(),
        );
        let asked = settings.clone();
        let run = Run::new(settings).map_err(|e| {
            let message = e.to_string();
            let named = match e {
                RunError::Grid(GridError::BadMask(_)) => about("mask", &message),
                RunError::Shape(_) | RunError::Solver(SolveError::Shape(_)) => {
                    // Said again as a sentence for the page, if it is the same words.
                    let words = shape_refusal(&names.0, names.1.as_deref(), grid)
                        .filter(|words| words.english() == message);
                    if let (Some(words), false) = (words, message.starts_with(grid_param)) {
                        let about = machine::Sentence::new("messages.about")
                            .with("name", machine::Arg::Text(grid_param.to_string()))
                            .words("message", words);
                        return param(CALL, "").fail_with(&about);
                    }
                    about(grid_param, &message)
                }
                _ => message,
            };
            // Said again as a sentence for the page, where the core has one.
            match run::refusal_words(&asked, &e) {
                Some(words) if named == words.english() => param(CALL, "").fail_with(&words),
                Some(words) => {
                    let about = machine::Sentence::new("messages.about")
                        .with("name", machine::Arg::Text("mask".to_string()))
                        .words("message", words);
                    if named == about.english() {
                        param(CALL, "").fail_with(&about)
                    } else {
                        param(CALL, "").fail(&named)
                    }
                }
                None => param(CALL, "").fail(&named),
            }
        })?;
        Ok(MazeRun {
            run,
            distances: Vec::new(),
            sheet: None,
        })
    }

    /// Does up to `n` steps (a whole number; Infinity runs to the end) and collects the cells
    /// they changed. Returns the steps done; fewer than `n` means the run is done.
    pub fn advance(&mut self, n: JsValue) -> Result<f64, JsError> {
        let n = args::count(param("advance", "n"), &n, true)?;
        Ok(self.run.advance(n) as f64)
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
                &format!("use one of {}", Phase::ALL.map(Phase::name).join(", ")),
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

#[wasm_bindgen]
impl MazeRun {
    /// The maze as it is now as a printable SVG worksheet (start and goal marked), with the
    /// found path drawn when `with_solution` is true and there is one; with `with_distances`
    /// true (leave it out for false) every cell shaded by its distance from the start and the
    /// longest path drawn. All at once, for mazes of up to [`SVG_AT_ONCE_CELLS`] cells; larger
    /// sheets (hundreds of megabytes) are written a piece at a time (`sheetBegin`).
    pub fn svg(&self, with_solution: JsValue, with_distances: JsValue) -> Result<String, JsError> {
        let with_solution = args::flag(param("svg", "withSolution"), &with_solution)?;
        let with_distances = if with_distances.is_undefined() || with_distances.is_null() {
            false
        } else {
            args::flag(param("svg", "withDistances"), &with_distances)?
        };
        let settings = self.run.settings();
        let maze = self.run.maze();
        if maze.len() > SVG_AT_ONCE_CELLS {
            return Err(param("svg", "").fail_with(
                &machine::Sentence::new("refusals.svg-size")
                    .n("cells", maze.len() as u64)
                    .n("max", SVG_AT_ONCE_CELLS as u64),
            ));
        }
        let title =
            export::grid_sheet_title(&settings.generator, maze, settings.seed, settings.braid);
        let distances = with_distances.then(|| distance::distances(maze, self.run.start()));
        let longest = with_distances.then(|| distance::longest_path(maze, self.run.start()));
        let sheet = export::Sheet {
            start: Some(self.run.start()),
            goal: Some(self.run.goal()),
            path: self.found_path().filter(|_| with_solution),
            title: Some(&title),
            distances: distances.as_deref(),
            longest: longest.as_ref().map(|l| l.path.as_slice()),
        };
        Ok(export::svg(maze, &sheet))
    }

    /// Begins writing the worksheet of the maze as it is now, to be had a piece at a time
    /// from `sheetNext`: the same document as `svg(withSolution, withDistances)`, with `title`
    /// (a string, escaped; null or undefined for the core's English title) as its title line.
    /// The sheet is of this moment: the run may go on meanwhile. A sheet begun earlier and
    /// not finished is dropped.
    #[wasm_bindgen(js_name = sheetBegin)]
    pub fn sheet_begin(
        &mut self,
        with_solution: JsValue,
        with_distances: JsValue,
        title: JsValue,
    ) -> Result<(), JsError> {
        const CALL: &str = "sheetBegin";
        let with_solution = args::flag(param(CALL, "withSolution"), &with_solution)?;
        let with_distances = args::flag(param(CALL, "withDistances"), &with_distances)?;
        let title = args::optional_text(param(CALL, "title"), &title)?;
        let settings = self.run.settings();
        let maze = self.run.maze();
        let title = title.unwrap_or_else(|| {
            export::grid_sheet_title(&settings.generator, maze, settings.seed, settings.braid)
        });
        let path = self
            .found_path()
            .filter(|_| with_solution)
            .map(<[usize]>::to_vec);
        self.sheet = None;
        self.sheet = Some(export::SheetWriter::measuring(
            maze.clone(),
            self.run.start(),
            self.run.goal(),
            path,
            title,
            with_distances,
        ));
        Ok(())
    }

    /// The next piece of the worksheet begun with `sheetBegin`, about `limit` cells of work (a
    /// whole number from 1, or Infinity), or undefined once it is all written (the sheet is
    /// then let go). A piece may be "" while the distances are measured. Throws when no sheet
    /// was begun.
    #[wasm_bindgen(js_name = sheetNext)]
    pub fn sheet_next(&mut self, limit: JsValue) -> Result<Option<String>, JsError> {
        let limit = args::limit(param("sheetNext", "limit"), &limit)?;
        let Some(writer) = self.sheet.as_mut() else {
            return Err(
                param("sheetNext", "").fail_with(&machine::Sentence::new("refusals.sheet-none"))
            );
        };
        if writer.is_done() {
            self.sheet = None;
            return Ok(None);
        }
        let mut piece = String::new();
        writer.write(&mut piece, usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(Some(piece))
    }

    /// How much of the worksheet begun with `sheetBegin` is written, from 0 to 1; -1 when none
    /// is being written.
    #[wasm_bindgen(js_name = sheetProgress)]
    pub fn sheet_progress(&self) -> f64 {
        self.sheet
            .as_ref()
            .map_or(-1.0, export::SheetWriter::progress)
    }

    /// Drops the worksheet being written, if any, and the memory it holds.
    #[wasm_bindgen(js_name = sheetCancel)]
    pub fn sheet_cancel(&mut self) {
        self.sheet = None;
    }

    /// Solves the maze as it stands now with `solver` from this run's start to its goal, with
    /// no display work and without touching the run, and returns the path's length in cells (0
    /// if there is none). For benchmarks: only the search is timed. Throws on an unknown name.
    #[wasm_bindgen(js_name = solveWith)]
    pub fn solve_with(&self, solver: JsValue) -> Result<u32, JsError> {
        let which = param("solveWith", "solver");
        let solver = args::text(which, &solver)?;
        let maze = self.run.maze();
        let (start, goal) = (maze.coords(self.run.start()), maze.coords(self.run.goal()));
        let report =
            solvers::solve(&solver, maze, start, goal).map_err(|e| which.fail(&e.to_string()))?;
        Ok(report.outcome.path().map_or(0, |path| path.len() as u32))
    }

    /// The maze as tile text (`#` wall, `.` open, `S` start, `G` goal), with the found path
    /// as `o` when `with_solution` is true and there is one. The plain square grid only:
    /// other shapes and masks are refused (their worksheet is `svg()`).
    pub fn text(&self, with_solution: JsValue) -> Result<String, JsError> {
        let with_solution = args::flag(param("text", "withSolution"), &with_solution)?;
        let path = self.found_path().filter(|_| with_solution);
        export::route_tiles(self.run.maze(), self.run.start(), self.run.goal(), path)
            .map_err(|words| param("text", "").fail_with(&words))
    }

    /// The found path as u32 cell indices, start first: build
    /// `new Uint32Array(memory.buffer, run.pathPtr(), run.pathLen())`. Empty until found.
    #[wasm_bindgen(js_name = pathPtr)]
    pub fn path_ptr(&mut self) -> *const u32 {
        self.run.path_u32().as_ptr()
    }

    /// Cells on the found path (the length of the `pathPtr` view), 0 if none (yet).
    #[wasm_bindgen(js_name = pathLen)]
    pub fn path_len(&mut self) -> u32 {
        self.run.path_u32().len() as u32
    }

    /// Texture statistics of the maze as it is now, in the order of `statsNames()`; NaN where
    /// there is none (the solution length while the corners are not connected). Linear in
    /// the number of cells: on big mazes a page measures a slice at a time with `measure`.
    pub fn stats(&self) -> Vec<f64> {
        stats::measure_between(self.run.maze(), self.run.start(), self.run.goal()).numbers()
    }

    /// `stats()` a slice at a time: does at most about `limit` cells of work on measuring
    /// the maze as it is now, and returns the statistics once done, else undefined. Calls at
    /// the same step go on where the last one stopped; at another step they start over.
    pub fn measure(&mut self, limit: JsValue) -> Result<Option<Vec<f64>>, JsError> {
        let limit = args::limit(param("measure", "limit"), &limit)?;
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        Ok(self.run.measure(limit).as_ref().map(stats::Stats::numbers))
    }
}

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

/// The teaching tools: the timeline, words for each step, and the machine's structures.
#[wasm_bindgen]
impl MazeRun {
    /// Steps in the whole run. The first call lays the whole timeline at once (a copy of the
    /// run goes to the end, laying down checkpoints): on big mazes that takes long, and a page
    /// lays it a slice at a time with `layTimeline`. Later calls are free.
    #[wasm_bindgen(js_name = totalSteps)]
    pub fn total_steps(&mut self) -> f64 {
        self.run.total_steps() as f64
    }

    /// Lays the timeline on by at most `limit` steps (Infinity: to the end). Returns the
    /// run's total steps once laid, else -1; `timelineLaid()` tells how far it is.
    #[wasm_bindgen(js_name = layTimeline)]
    pub fn lay_timeline(&mut self, limit: JsValue) -> Result<f64, JsError> {
        let limit = args::limit(param("layTimeline", "limit"), &limit)?;
        Ok(self
            .run
            .lay_timeline(limit)
            .map_or(-1.0, |total| total as f64))
    }

    /// Steps of the timeline laid so far (the total once it is laid).
    #[wasm_bindgen(js_name = timelineLaid)]
    pub fn timeline_laid(&self) -> f64 {
        self.run.timeline_laid() as f64
    }

    /// Steps Back can take back one by one without replaying. Never does any work.
    pub fn undoable(&self) -> f64 {
        self.run.undoable() as f64
    }

    /// The run's total steps if the timeline is laid, else -1. Never does any work.
    #[wasm_bindgen(js_name = knownTotal)]
    pub fn known_total(&self) -> f64 {
        self.run.known_total().map_or(-1.0, |total| total as f64)
    }

    /// Moves to exactly `step` (a whole number; clamped to the run's end), forward or back.
    /// Afterwards the dirty list holds exactly the cells that differ from before, or
    /// `allDirty()` is true. Returns the step now at.
    ///
    /// Without `limit` it first lays the timeline, then arrives. With `limit` it does at most
    /// that many steps of replay and lays nothing: call it again with the same `step` until it
    /// returns `step` (or the run is done); the run is at an exact step after every call.
    pub fn seek(&mut self, step: JsValue, limit: JsValue) -> Result<f64, JsError> {
        let step = args::count(param("seek", "step"), &step, true)?;
        let reached = match args::optional_limit(param("seek", "limit"), &limit)? {
            None => self.run.seek(step),
            Some(limit) => self.run.seek_within(step, limit),
        };
        Ok(reached as f64)
    }

    /// Gets Back ready ahead of time, at most `limit` steps of work a call, without changing
    /// what is on show; true once ready (or when there is nothing to prepare). A page calls it
    /// in the background after pausing, so that Back replays at most a few thousand steps.
    #[wasm_bindgen(js_name = prepareBack)]
    pub fn prepare_back(&mut self, limit: JsValue) -> Result<bool, JsError> {
        let limit = args::limit(param("prepareBack", "limit"), &limit)?;
        Ok(self.run.prepare_back(limit))
    }

    /// Goes back one step; false (and nothing changes) at step 0.
    pub fn back(&mut self) -> bool {
        self.run.back()
    }

    /// Steps until a step of event kind `kind` has been done (that step included), the run
    /// ends, or `limit` steps were done (a whole number, or Infinity). Returns the steps done.
    #[wasm_bindgen(js_name = advanceUntil)]
    pub fn advance_until(&mut self, kind: JsValue, limit: JsValue) -> Result<f64, JsError> {
        let which = param("advanceUntil", "kind");
        let name = args::text(which, &kind)?;
        let limit = args::count(param("advanceUntil", "limit"), &limit, true)?;
        match self.run.advance_until(&name, limit) {
            Some(done) => Ok(done as f64),
            None => Err(which.refuse(&kind, &format!("use one of {}", kind_names()))),
        }
    }

    /// One plain sentence for the most recent step, "" at step 0.
    pub fn narration(&self) -> String {
        self.run.narration()
    }

    /// The narration as data for the page to say in its language: `{ key, args }`, the key
    /// under `core.` of www/i18n/<code>.json (full, e.g. "core.narration.bfs.expand"), each
    /// arg a number, a string, or words of its own as `{ key, args }`; `null` at step 0.
    #[wasm_bindgen(js_name = narrationData)]
    pub fn narration_data(&self) -> JsValue {
        self.run
            .sentence()
            .map_or(JsValue::NULL, |s| sentence_object(&s))
    }

    /// Every data structure of the machine on show, worked out once: an array of
    /// `{ title, total, items, note, itemData, noteData }`, each with at most `limit` items;
    /// `itemData[i]` is item i as `{ key, args }` (see `narrationData`) or null for an item of
    /// only names and numbers, `noteData` the note so, or null. (The accessors below
    /// work the views out again on every call.)
    pub fn structures(&self, limit: JsValue) -> Result<js_sys::Array, JsError> {
        let limit = args::count(param("structures", "limit"), &limit, true)?;
        let all = js_sys::Array::new();
        for structure in self.run.structures(limit.min(10_000) as usize) {
            let items: js_sys::Array = structure.items.iter().map(JsValue::from).collect();
            // Beside each item, its sentence, or null for an item of only names and numbers.
            let words = js_sys::Array::new_with_length(items.length());
            words.fill(&JsValue::NULL, 0, items.length());
            for (at, sentence) in &structure.words {
                words.set(*at as u32, sentence_object(sentence));
            }
            let note_words = structure
                .note_words
                .as_ref()
                .map_or(JsValue::NULL, sentence_object);
            let object = js_sys::Object::new();
            for (key, value) in [
                ("title", JsValue::from(structure.title)),
                ("total", JsValue::from(structure.total as f64)),
                ("items", items.into()),
                ("note", JsValue::from(structure.note)),
                ("itemData", words.into()),
                ("noteData", note_words),
            ] {
                // Setting a property of a plain new object cannot fail.
                let _ = js_sys::Reflect::set(&object, &JsValue::from(key), &value);
            }
            all.push(&object);
        }
        Ok(all)
    }

    /// How many data structures the machine on show exposes.
    #[wasm_bindgen(js_name = structureCount)]
    pub fn structure_count(&self) -> u32 {
        self.run.structures(0).len() as u32
    }

    /// The title of structure `i`, e.g. "Queue (front first)".
    #[wasm_bindgen(js_name = structureTitle)]
    pub fn structure_title(&self, i: JsValue) -> Result<String, JsError> {
        Ok(self.structure("structureTitle", &i, 0)?.title.to_string())
    }

    /// The true size of structure `i`.
    #[wasm_bindgen(js_name = structureTotal)]
    pub fn structure_total(&self, i: JsValue) -> Result<f64, JsError> {
        Ok(self.structure("structureTotal", &i, 0)?.total as f64)
    }

    /// At most `limit` entries of structure `i`, as short text.
    #[wasm_bindgen(js_name = structureItems)]
    pub fn structure_items(&self, i: JsValue, limit: JsValue) -> Result<Vec<String>, JsError> {
        let limit = args::count(param("structureItems", "limit"), &limit, true)?;
        // No panel shows more than a few hundred entries; cap what is built.
        let limit = limit.min(10_000) as usize;
        Ok(self.structure("structureItems", &i, limit)?.items)
    }

    /// A one-line note about structure `i`, "" if none.
    #[wasm_bindgen(js_name = structureNote)]
    pub fn structure_note(&self, i: JsValue) -> Result<String, JsError> {
        Ok(self.structure("structureNote", &i, 0)?.note)
    }
}

#[wasm_bindgen]
impl MazeRun {
    /// Where the terrain layer lies in wasm memory (a byte a cell: 0 blocked, 1 to 9 the cost
    /// of entering), or 0 while nothing is painted. It can move when the maze changes: ask
    /// again before each read.
    #[wasm_bindgen(js_name = terrainPtr)]
    pub fn terrain_ptr(&self) -> *const u8 {
        self.run
            .maze()
            .terrain()
            .map_or(std::ptr::null(), |t| t.as_ptr())
    }

    /// Whether `rework` can be called now: the search has begun, there is a solver, and the
    /// maze is not too big to keep (`REWORK_CELLS`).
    #[wasm_bindgen(js_name = canRework)]
    pub fn can_rework(&self) -> bool {
        self.run.can_rework()
    }

    /// Searches again on the generated maze with these `edits` (text, "" / null for none),
    /// `start` and `goal` ("X,Y", "" / null for the corners), to the end of the run: the live
    /// re-solve after an edit. Returns the steps taken; afterwards `allDirty()` is true.
    /// Throws (leaving the run as it was) before the search has begun (see `canRework`) and
    /// on edits or ends that do not fit.
    pub fn rework(
        &mut self,
        edits: JsValue,
        start: JsValue,
        goal: JsValue,
    ) -> Result<f64, JsError> {
        const CALL: &str = "rework";
        let cells = self.run.maze().len();
        let edits = optional_edits(param(CALL, "edits"), &edits, cells)?;
        let start = point(param(CALL, "start"), &start)?;
        let goal = point(param(CALL, "goal"), &goal)?;
        self.distances.clear();
        let steps = self
            .run
            .rework(edits, start, goal)
            .map_err(|e| param(CALL, "").fail(&e.to_string()))?;
        Ok(steps as f64)
    }

    /// The run's edits as text ("" for none): what links and files keep.
    #[wasm_bindgen(js_name = editsText)]
    pub fn edits_text(&self) -> String {
        self.run
            .settings()
            .edits
            .as_ref()
            .map_or_else(String::new, |e| e.to_text())
    }
}

/// Edits in the core's text form for a maze of `cells` cells; "", null and undefined mean
/// none.
fn optional_edits(
    which: args::Param,
    value: &JsValue,
    cells: usize,
) -> Result<Option<std::sync::Arc<Edits>>, JsError> {
    let text = args::optional_text(which, value)?.unwrap_or_default();
    let edits = Edits::parse(text.trim(), cells).map_err(|e| which.fail_with(&e.0))?;
    Ok((!edits.is_empty()).then(|| std::sync::Arc::new(edits)))
}

/// The search options; null or undefined for each default.
fn search(
    call: &'static str,
    corners: &JsValue,
    heuristic: &JsValue,
    weight: &JsValue,
) -> Result<Search, JsError> {
    let mut search = Search::default();
    if let Some(name) = args::optional_text(param(call, "corners"), corners)? {
        search.corners =
            Corners::parse(name.trim()).map_err(|e| param(call, "corners").fail(&e))?;
    }
    if let Some(name) = args::optional_text(param(call, "heuristic"), heuristic)? {
        search.heuristic =
            Heuristic::parse(name.trim()).map_err(|e| param(call, "heuristic").fail(&e))?;
    }
    if !(weight.is_undefined() || weight.is_null()) {
        search.weight = weight.as_f64().ok_or_else(|| {
            param(call, "weight").refuse(weight, "use a number from 1 to 100, or leave it out")
        })?;
        if search.check().is_err() {
            // The number as JavaScript writes it: `1e+308`, `100.0000000000001`.
            let given = crate::world::weight_refusal_of(&args::describe(weight));
            return Err(param(call, "weight").fail_with(&given));
        }
    }
    Ok(search)
}

/// Rust-only helpers, not exported.
impl MazeRun {
    fn outcome_ref(&self) -> Option<&Outcome> {
        self.run.solver().and_then(|s| s.outcome())
    }

    fn structure(
        &self,
        call: &'static str,
        i: &JsValue,
        limit: usize,
    ) -> Result<Structure, JsError> {
        let mut all = self.run.structures(limit);
        let index = args::index(param(call, "i"), i, all.len())?;
        Ok(all.swap_remove(index))
    }
}

/// Every event kind, for messages.
fn kind_names() -> String {
    EVENT_KINDS
        .iter()
        .map(|&(kind, _)| kind)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A start or goal from JS: "", null or undefined mean the default corner.
fn point(which: args::Param, value: &JsValue) -> Result<Option<(u32, u32)>, JsError> {
    let text = args::optional_text(which, value)?.unwrap_or_default();
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse::point(which.name, &text)
        .map(Some)
        .map_err(|e| which.fail(&e))
}

/// Any algorithm by name (see [`run::algorithm_info`]).
fn info(call: &'static str, name: &JsValue) -> Result<&'static Info, JsError> {
    let which = param(call, "name");
    let text = args::text(which, name)?;
    run::algorithm_info(&text).map_err(|error| which.fail(&error.to_string()))
}

/// Why the generator (or else the solver) cannot work on this grid, as a sentence.
fn shape_refusal(
    generator: &str,
    solver: Option<&str>,
    (shape, width, height, mask): (Shape, u32, u32, Option<Mask>),
) -> Option<machine::Sentence> {
    let mut grid = Grid::new(shape, width, height).ok()?;
    if let Some(mask) = &mask {
        grid = grid.with_mask(mask).ok()?;
    }
    let maze = Maze::on_grid(grid);
    let from_generator = generators::find(generator)
        .ok()
        .and_then(|entry| generators::shape_refusal(entry, &maze));
    from_generator.or_else(|| {
        solvers::find(solver?)
            .ok()
            .and_then(|entry| solvers::shape_refusal(entry, &maze))
    })
}

/// A sentence as `{ key, args }` (see `MazeRun.narrationData`).
pub(crate) fn sentence_object(sentence: &machine::Sentence) -> JsValue {
    let args = js_sys::Object::new();
    for (name, arg) in &sentence.args {
        let value = match arg {
            machine::Arg::Num(n) => JsValue::from(*n as f64),
            machine::Arg::Dec(x) => JsValue::from(format!("{x:.2}")),
            machine::Arg::Text(text) => JsValue::from(text.as_str()),
            machine::Arg::Words(words) => sentence_object(words),
        };
        // Setting a property of a plain new object cannot fail.
        let _ = js_sys::Reflect::set(&args, &JsValue::from(*name), &value);
    }
    let object = js_sys::Object::new();
    let key = format!("core.{}", sentence.key);
    let _ = js_sys::Reflect::set(&object, &JsValue::from("key"), &JsValue::from(key));
    let _ = js_sys::Reflect::set(&object, &JsValue::from("args"), &args);
    object.into()
}

fn strings(items: impl IntoIterator<Item = &'static str>) -> Vec<String> {
    items.into_iter().map(str::to_string).collect()
}

/// The event kinds worth jumping to for an algorithm, most interesting first.
#[wasm_bindgen(js_name = algorithmEvents)]
pub fn algorithm_events(name: JsValue) -> Result<Vec<String>, JsError> {
    Ok(strings(
        info("algorithmEvents", &name)?.events.iter().copied(),
    ))
}

/// The words for "jump to the next event of this kind", e.g. "next set merge".
#[wasm_bindgen(js_name = eventLabel)]
pub fn event_label(kind: JsValue) -> Result<String, JsError> {
    let which = param("eventLabel", "kind");
    let name = args::text(which, &kind)?;
    machine::event_label(&name)
        .map(str::to_string)
        .ok_or_else(|| which.refuse(&kind, &format!("use one of {}", kind_names())))
}

/// Generator names, in registry order.
#[wasm_bindgen(js_name = generatorNames)]
pub fn generator_names() -> Vec<String> {
    strings(generators::names())
}

/// Solver names, in registry order.
#[wasm_bindgen(js_name = solverNames)]
pub fn solver_names() -> Vec<String> {
    strings(solvers::names())
}

#[wasm_bindgen(js_name = algorithmTitle)]
pub fn algorithm_title(name: JsValue) -> Result<String, JsError> {
    Ok(info("algorithmTitle", &name)?.title.to_string())
}

#[wasm_bindgen(js_name = algorithmSummary)]
pub fn algorithm_summary(name: JsValue) -> Result<String, JsError> {
    Ok(info("algorithmSummary", &name)?.summary.to_string())
}

/// The algorithm's pseudocode; `lastLine()` indexes it.
#[wasm_bindgen(js_name = pseudocode)]
pub fn pseudocode(name: JsValue) -> Result<Vec<String>, JsError> {
    Ok(strings(
        info("pseudocode", &name)?.pseudocode.iter().copied(),
    ))
}

/// The mark bits the algorithm uses, in legend order ...
#[wasm_bindgen(js_name = legendBits)]
pub fn legend_bits(name: JsValue) -> Result<Vec<u8>, JsError> {
    Ok(info("legendBits", &name)?
        .marks
        .iter()
        .map(|&(bit, _)| bit)
        .collect())
}

/// ... and what each means for it.
#[wasm_bindgen(js_name = legendLabels)]
pub fn legend_labels(name: JsValue) -> Result<Vec<String>, JsError> {
    Ok(strings(
        info("legendLabels", &name)?
            .marks
            .iter()
            .map(|&(_, label)| label),
    ))
}

/// The generator's family, for grouping lists (one of `generatorGroups()`).
#[wasm_bindgen(js_name = generatorGroup)]
pub fn generator_group(name: JsValue) -> Result<String, JsError> {
    let which = param("generatorGroup", "name");
    let name = args::text(which, &name)?;
    generators::find(&name)
        .map(|entry| entry.group.to_string())
        .map_err(|e| which.fail(&e.to_string()))
}

/// Every generator family, in the order lists show them.
#[wasm_bindgen(js_name = generatorGroups)]
pub fn generator_groups() -> Vec<String> {
    strings(generators::GROUPS)
}

/// What one step of the algorithm is, e.g. "one cell's choice".
#[wasm_bindgen(js_name = algorithmStepUnit)]
pub fn algorithm_step_unit(name: JsValue) -> Result<String, JsError> {
    Ok(info("algorithmStepUnit", &name)?.step_unit.to_string())
}

/// Keys of the values `MazeRun.stats()` returns, in order: the core's statistics
/// ("dead_ends", "dead_end_share", "diameter", …) then "diameter_exact" (1 or 0).
#[wasm_bindgen(js_name = statsNames)]
pub fn stats_names() -> Vec<String> {
    strings(
        STATISTICS
            .iter()
            .map(|&(key, _)| key)
            .chain(["diameter_exact"]),
    )
}

/// Labels for people, in the same order as `statsNames()`.
#[wasm_bindgen(js_name = statsLabels)]
pub fn stats_labels() -> Vec<String> {
    strings(
        STATISTICS
            .iter()
            .map(|&(_, label)| label)
            .chain(["diameter is exact"]),
    )
}

/// A fresh random seed as a decimal string (a u64 does not fit a JS number).
#[wasm_bindgen(js_name = freshSeed)]
pub fn fresh_seed() -> String {
    rng::fresh_seed().to_string()
}

/// A width or height typed by a person; throws "width 'x' is not allowed: ...".
#[wasm_bindgen(js_name = parseSide)]
pub fn parse_side(what: JsValue, text: JsValue) -> Result<u32, JsError> {
    let what = args::label(param("parseSide", "what"), &what)?;
    let which = param("parseSide", "text");
    let text = args::text(which, &text)?;
    parse::side(&what, &text).map_err(|_| which.fail_with(&parse::side_refusal(&what, &text)))
}

/// A seed typed by a person, normalised to a plain decimal string.
#[wasm_bindgen(js_name = parseSeed)]
pub fn parse_seed(text: JsValue) -> Result<String, JsError> {
    let which = param("parseSeed", "text");
    let text = args::text(which, &text)?;
    parse::seed(&text)
        .map(|seed| seed.to_string())
        .map_err(|_| which.fail_with(&parse::seed_refusal(&text)))
}

/// A braid typed by a person or given in a link: a whole percentage from 0 to 100, a `%`
/// sign allowed; throws "braid 'x' is not allowed: ...".
#[wasm_bindgen(js_name = parseBraid)]
pub fn parse_braid(text: JsValue) -> Result<u32, JsError> {
    let which = param("parseBraid", "text");
    let text = args::text(which, &text)?;
    parse::braid_percent(&text).map_err(|_| which.fail_with(&parse::braid_percent_refusal(&text)))
}

/// A point "X,Y" typed by a person, as [x, y].
#[wasm_bindgen(js_name = parsePoint)]
pub fn parse_point(what: JsValue, text: JsValue) -> Result<Vec<u32>, JsError> {
    let what = args::label(param("parsePoint", "what"), &what)?;
    let which = param("parsePoint", "text");
    let text = args::text(which, &text)?;
    parse::point(&what, &text)
        .map(|(x, y)| vec![x, y])
        .map_err(|_| which.fail_with(&parse::point_refusal(&what, &text)))
}

/// Where a search starts and ends when no start or goal is given, for a maze of `width` ×
/// `height`: [start x, start y, goal x, goal y].
/// With `shape` and `mask` (null or undefined for square and none) the ends on that grid: the
/// first cell that is on and the last (polar: x is the place in the ring, y the ring).
#[wasm_bindgen(js_name = defaultEnds)]
pub fn default_ends(
    width: JsValue,
    height: JsValue,
    shape: JsValue,
    mask: JsValue,
) -> Result<Vec<u32>, JsError> {
    const CALL: &str = "defaultEnds";
    let width = args::side(param(CALL, "width"), &width)?;
    let height = args::side(param(CALL, "height"), &height)?;
    let shape = optional_shape(CALL, &shape)?;
    let mask = optional_mask(CALL, &mask)?;
    let ((sx, sy), (gx, gy)) = if shape == Shape::Square && mask.is_none() {
        run::default_ends(width, height)
    } else {
        let mut grid =
            Grid::new(shape, width, height).map_err(|e| param(CALL, "").fail(&e.to_string()))?;
        if let Some(mask) = &mask {
            grid = grid
                .with_mask(mask)
                .map_err(|e| param(CALL, "").fail(&about("mask", &e.to_string())))?;
        }
        run::default_ends_of(&Maze::on_grid(grid))
    };
    Ok(vec![sx, sy, gx, gy])
}

/// A polar grid of `rings` rings: the first cell of each ring, then the number of cells.
#[wasm_bindgen(js_name = ringStarts)]
pub fn ring_starts(rings: JsValue) -> Result<Vec<u32>, JsError> {
    let rings = args::side(param("ringStarts", "rings"), &rings)?;
    let grid = Grid::new(Shape::Polar, 1, rings)
        .map_err(|e| param("ringStarts", "rings").fail(&about("rings", &e.to_string())))?;
    Ok(grid.ring_starts().to_vec())
}

/// A shape's name read from JS: null or undefined for square.
fn optional_shape(call: &'static str, shape: &JsValue) -> Result<Shape, JsError> {
    match args::optional_text(param(call, "shape"), shape)? {
        None => Ok(Shape::Square),
        Some(name) => Shape::parse(name.trim()).map_err(|e| param(call, "").fail(&e)),
    }
}

/// A mask's text read from JS: null or undefined for none.
fn optional_mask(call: &'static str, mask: &JsValue) -> Result<Option<Mask>, JsError> {
    match args::optional_text(param(call, "mask"), mask)? {
        None => Ok(None),
        Some(text) => Mask::parse(&text)
            .map(Some)
            .map_err(|e| param(call, "").fail(&about("mask", &e.to_string()))),
    }
}

/// The mark bits of the display layer, in the order of `markNames()`.
#[wasm_bindgen(js_name = markBits)]
pub fn mark_bits() -> Vec<u8> {
    mark::NAMED.iter().map(|&(bit, _)| bit).collect()
}

/// The mark bits' names ("visited", "frontier", …), in the order of `markBits()`.
#[wasm_bindgen(js_name = markNames)]
pub fn mark_names() -> Vec<String> {
    strings(mark::NAMED.iter().map(|&(_, name)| name))
}

/// A cell's passage bits toward north, east, south and west, in that order.
#[wasm_bindgen(js_name = passageBits)]
pub fn passage_bits() -> Vec<u8> {
    Direction::ALL.iter().map(|dir| dir.bit()).collect()
}

/// The largest width or height (4096).
#[wasm_bindgen(js_name = maxSide)]
pub fn max_side() -> u32 {
    MAX_SIDE
}

/// A ready-made mask as text (rows of `.` and `X`): one of `maskPresets()` at `width` ×
/// `height` cells of `shape` ("square", "hex", "triangle" or "polar"; null or undefined =
/// square; polar: `height` rings, one row per ring), the outline stretched over the box the
/// grid is drawn in and kept in one piece under the grid's connectivity.
#[wasm_bindgen(js_name = presetMask)]
pub fn preset_mask(
    name: JsValue,
    width: JsValue,
    height: JsValue,
    shape: JsValue,
) -> Result<String, JsError> {
    const CALL: &str = "presetMask";
    let name = args::text(param(CALL, "name"), &name)?;
    let width = args::side(param(CALL, "width"), &width)?;
    let height = args::side(param(CALL, "height"), &height)?;
    let shape = shape_arg(param(CALL, "shape"), &shape, true)?;
    if !shapes::PRESETS.contains(&name.trim()) {
        return Err(param(CALL, "name").fail(&format!(
            "name {} is not an outline: choose one of {}",
            parse::quote(&name),
            shapes::PRESETS.join(", ")
        )));
    }
    grid_fits(CALL, shape, width, height)?;
    shapes::preset(name.trim(), shape, width, height)
        .map(|mask| mask.to_text())
        .ok_or_else(|| param(CALL, "name").fail("name: no such outline"))
}

/// Refuses a size the shape does not allow (a triangle grid one cell wide and more than two
/// tall, a polar grid of too many rings), naming the parameter to change.
fn grid_fits(call: &'static str, shape: Shape, width: u32, height: u32) -> Result<(), JsError> {
    crate::topology::Grid::new(shape, width, height)
        .map(|_| ())
        .map_err(|e| {
            let name = if shape == Shape::Polar {
                "height"
            } else {
                "width"
            };
            param(call, name).fail(&about(name, &e.to_string()))
        })
}

/// A mask from a picture, as text (rows of `.` and `X`) for a `shape` grid of `width` ×
/// `height` cells (polar: `height` rings, `width` not used but checked). `rgba` holds the
/// picture's pixels, 4 bytes each (red, green, blue, alpha) row by row from the top left: a
/// `Uint8Array` or `Uint8ClampedArray` (a canvas's `ImageData.data`) of exactly `4 ×
/// imageWidth × imageHeight` bytes, each side 1 to 4096 pixels. Dark and transparent pixels
/// switch cells off, light ones keep them. A picture of the grid's size (not polar) gives one
/// pixel a cell; any other is fitted over the grid, proportions kept, centred, each cell taking
/// the pixel under its centre. Only the largest piece of cells is kept. Throws for a picture
/// that switches off every cell.
#[wasm_bindgen(js_name = pictureMask)]
pub fn picture_mask(
    shape: JsValue,
    width: JsValue,
    height: JsValue,
    rgba: JsValue,
    image_width: JsValue,
    image_height: JsValue,
) -> Result<String, JsError> {
    const CALL: &str = "pictureMask";
    let shape = shape_arg(param(CALL, "shape"), &shape, false)?;
    let width = args::side(param(CALL, "width"), &width)?;
    let height = args::side(param(CALL, "height"), &height)?;
    grid_fits(CALL, shape, width, height)?;
    let image_width = args::side(param(CALL, "imageWidth"), &image_width)?;
    let image_height = args::side(param(CALL, "imageHeight"), &image_height)?;
    let which = param(CALL, "rgba");
    let wanted = 4 * image_width as usize * image_height as usize;
    // Only a genuine byte array, its length read from the array itself (no getter a subclass
    // or a Proxy could answer), and checked before a byte is copied: a wrong picture costs no
    // memory.
    let Some(length) = args::byte_array_length(&rgba) else {
        return Err(which.refuse(
            &rgba,
            "use a Uint8Array or Uint8ClampedArray of RGBA bytes (a canvas's ImageData.data)",
        ));
    };
    let fits = |length: usize| {
        if length == wanted {
            Ok(())
        } else {
            Err(which.fail_with(
                &machine::Sentence::new("refusals.picture-bytes")
                    .n("length", length as u64)
                    .n("width", image_width)
                    .n("height", image_height)
                    .n("wanted", wanted as u64),
            ))
        }
    };
    fits(length)?;
    // A copy made by the engine from the array's own bytes, then read: its length is its own.
    let copy = js_sys::Uint8Array::new(&rgba);
    fits(copy.length() as usize)?;
    let bytes = copy.to_vec();
    shapes::picture(shape, width, height, &bytes, image_width, image_height)
        .map(|(mask, _dropped)| mask.to_text())
        .map_err(|e| which.fail(&about("rgba", &e)))
}

/// A shape's name: "square", "hex", "triangle" or "polar"; when `optional`, null and undefined
/// give square.
fn shape_arg(which: args::Param, value: &JsValue, optional: bool) -> Result<Shape, JsError> {
    if optional && (value.is_undefined() || value.is_null()) {
        return Ok(Shape::Square);
    }
    let Some(text) = value.as_string() else {
        let names = "use \"square\", \"hex\", \"triangle\" or \"polar\"";
        return Err(which.refuse(
            value,
            &if optional {
                format!("{names}, or leave it out")
            } else {
                names.to_string()
            },
        ));
    };
    Shape::parse(text.trim()).map_err(|e| which.fail(&e))
}

/// The grid shapes a generator works on (`"square"`, `"hex"`, `"triangle"`, `"polar"`,
/// `"weave"`), in that order, and the shapes a solver works on. Throws for an unknown name.
#[wasm_bindgen(js_name = algorithmShapes)]
pub fn algorithm_shapes(name: JsValue) -> Result<Vec<String>, JsError> {
    let which = param("algorithmShapes", "name");
    let name = args::text(which, &name)?;
    let all = || Shape::ALL.iter().map(|shape| shape.name().to_string());
    if let Ok(entry) = generators::find(name.trim()) {
        return Ok(all()
            .zip(Shape::ALL)
            .filter(|&(_, shape)| entry.works_on(shape))
            .map(|(name, _)| name)
            .collect());
    }
    if let Some(entry) = solvers::ALL.iter().find(|e| e.info.name == name.trim()) {
        return Ok(if entry.any_shape {
            all().collect()
        } else {
            vec![Shape::Square.name().to_string()]
        });
    }
    Err(which.fail(&format!(
        "name {} is not a generator or solver: choose one of generatorNames() or solverNames()",
        parse::quote(&name)
    )))
}

/// An open world's density: undefined or null for the default, else a number 0 to 0.9.
fn optional_density(which: args::Param, value: &JsValue) -> Result<f64, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(generators::DEFAULT_DENSITY);
    }
    value
        .as_f64()
        .and_then(|n| generators::check_density(n).ok())
        .ok_or_else(|| which.refuse(value, "use a number from 0 to 0.9, or leave it out"))
}

/// Whether a generator reads the density (the page shows the slider only for those).
#[wasm_bindgen(js_name = usesDensity)]
pub fn uses_density(name: JsValue) -> Result<bool, JsError> {
    let which = param("usesDensity", "name");
    let name = args::text(which, &name)?;
    generators::find(name.trim())
        .map(|entry| entry.uses_density)
        .map_err(|e| which.fail(&e.to_string()))
}

/// What a solver does with a world, as `[costs, diagonal, uniformOnly]`: whether it weighs
/// terrain costs, whether it may move diagonally, whether it needs every cell to cost the same.
#[wasm_bindgen(js_name = solverHonours)]
pub fn solver_honours(name: JsValue) -> Result<Vec<u8>, JsError> {
    let which = param("solverHonours", "name");
    let name = args::text(which, &name)?;
    let entry = solvers::find(name.trim()).map_err(|e| which.fail(&e.to_string()))?;
    Ok(vec![
        u8::from(entry.costs),
        u8::from(entry.diagonal),
        u8::from(entry.uniform_only),
    ])
}

/// The names `presetMask` knows.
#[wasm_bindgen(js_name = maskPresets)]
pub fn mask_presets() -> Vec<String> {
    shapes::PRESETS
        .iter()
        .map(|name| name.to_string())
        .collect()
}

/// A mask spelling a word in a block font, each dot `scale` × `scale` cells (1 to 8), as
/// text; throws for characters it cannot draw.
#[wasm_bindgen(js_name = wordMask)]
pub fn word_mask(text: JsValue, scale: JsValue) -> Result<String, JsError> {
    let which = param("wordMask", "text");
    let text = args::text(which, &text)?;
    let scale = match scale.as_f64() {
        Some(n) if (1.0..=8.0).contains(&n) && n.fract() == 0.0 => n as u32,
        _ => {
            let allowed = "use a whole number from 1 to 8";
            return Err(param("wordMask", "scale").refuse(&scale, allowed));
        }
    };
    shapes::word(&text, scale)
        .map(|mask| mask.to_text())
        .map_err(|e| which.fail(&about("text", &e)))
}

/// `mask` (rows of `.` and `X`) on a grid of `shape`, `width` × `height`, with only its largest
/// piece of cells left on (a maze joins every cell), as text. Throws when it does not fit.
#[wasm_bindgen(js_name = largestPiece)]
pub fn largest_piece(
    shape: JsValue,
    width: JsValue,
    height: JsValue,
    mask: JsValue,
) -> Result<String, JsError> {
    const CALL: &str = "largestPiece";
    let shape = optional_shape(CALL, &shape)?;
    let width = args::side(param(CALL, "width"), &width)?;
    let height = args::side(param(CALL, "height"), &height)?;
    let mask = optional_mask(CALL, &mask)?
        .ok_or_else(|| param(CALL, "mask").fail("mask: give the mask as text"))?;
    shapes::keep_largest_piece(shape, width, height, &mask)
        .map(|(mask, _)| mask.to_text())
        .map_err(|e| param(CALL, "").fail(&about("mask", &e.to_string())))
}

/// A core message about a parameter, led by the parameter's name unless it names it already.
fn about(name: &str, message: &str) -> String {
    if message.starts_with(name) {
        message.to_string()
    } else {
        format!("{name}: {message}")
    }
}

/// Solves a world given as text (rows of `#` `.` `1`-`9` `S` `G`, see `world::text`) with
/// `solver` under `corners`, `heuristic` and `weight` (names as on the command line), for the
/// PathFinding.js benchmark: returns `[found (1 or 0), path cost, cells visited, steps]`. Throws
/// on a bad world, name or weight, or a world without S and G; never panics.
#[wasm_bindgen(js_name = solveWorld)]
pub fn solve_world(
    text: JsValue,
    solver: JsValue,
    corners: JsValue,
    heuristic: JsValue,
    weight: JsValue,
) -> Result<Vec<f64>, JsError> {
    use crate::world::{text as world_text, Corners, Heuristic, Search};
    let call = |name| param("solveWorld", name);
    let world = world_text::parse(&args::text(call("text"), &text)?)
        .map_err(|e| call("text").fail(&e.to_string()))?;
    let solver = args::text(call("solver"), &solver)?;
    let corners = Corners::parse(&args::text(call("corners"), &corners)?)
        .map_err(|e| call("corners").fail(&e))?;
    let heuristic = Heuristic::parse(&args::text(call("heuristic"), &heuristic)?)
        .map_err(|e| call("heuristic").fail(&e))?;
    let weight_value = weight;
    let weight = weight_value
        .as_f64()
        .ok_or_else(|| call("weight").refuse(&weight_value, "give a number from 1 to 100"))?;
    let (Some(start), Some(goal)) = (world.start, world.goal) else {
        return Err(call("text").fail("the world needs an S and a G"));
    };
    let maze = world
        .maze()
        .map_err(|e| call("text").fail(&e.to_string()))?;
    let search = Search {
        corners,
        heuristic,
        weight,
    };
    if search.check().is_err() {
        let given = crate::world::weight_refusal_of(&args::describe(&weight_value));
        return Err(call("weight").fail_with(&given));
    }
    let report = solvers::solve_with(&solver, &maze, start, goal, &search)
        .map_err(|e| call("solver").fail(&e.to_string()))?;
    let found = report.outcome.path().is_some();
    Ok(vec![
        f64::from(u8::from(found)),
        report.cost,
        report.visited as f64,
        report.steps as f64,
    ])
}
