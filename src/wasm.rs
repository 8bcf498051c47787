//! The JavaScript edge: the only file that knows about wasm-bindgen.
//!
//! It translates and nothing more. [`MazeRun`] owns a [`Run`] (the same generate → solve → walk
//! timeline the command line and the tests drive) and hands JavaScript pointers into the
//! board's own vectors, so the page builds `Uint8Array`/`Uint32Array` views on
//! `memory.buffer` and reads cells, marks, set labels and the dirty list without a copy.
//!
//! Every input is checked by the core ([`crate::parse`], [`Run::new`]) and every failure comes
//! back as a thrown JS `Error` carrying the core's message. Nothing here unwraps input.
//!
//! Numbers: counts go out as `f64` (a JS number, exact up to 2^53) rather than `u64`, which
//! wasm-bindgen would turn into a `BigInt`. "None" goes out as -1 where the API says so.

use crate::export;
use crate::generators::{self, braid, UnknownName};
use crate::machine::{self, Info, Structure, EVENT_KINDS};
use crate::maze::MAX_SIDE;
use crate::parse;
use crate::player;
use crate::rng;
use crate::run::{Phase, Run, Settings};
use crate::solvers::{self, Outcome};
use crate::stats::{self, STATISTICS};
use wasm_bindgen::prelude::*;

/// One run of the visualiser: a maze being generated, then solved, then walked.
#[wasm_bindgen]
pub struct MazeRun {
    run: Run,
}

impl MazeRun {
    fn found_path(&self) -> Option<&[usize]> {
        self.run.solver()?.outcome()?.path()
    }
}

#[wasm_bindgen]
impl MazeRun {
    /// Sets a run up at step 0. `solver` "" or "none" generates only; `seed` is a decimal
    /// string (any u64); `start`/`goal` are "X,Y" or "" for the corners; `braid` is the share
    /// of dead ends to remove after generation, 0 to 1 (undefined = 0). Throws on bad input.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        generator: &str,
        solver: &str,
        width: f64,
        height: f64,
        seed: &str,
        start: &str,
        goal: &str,
        braid: Option<f64>,
    ) -> Result<MazeRun, JsError> {
        let solver = match solver.trim() {
            "" | "none" => None,
            name => Some(name.to_string()),
        };
        let settings = Settings {
            generator: generator.trim().to_string(),
            solver,
            width: side("width", width)?,
            height: side("height", height)?,
            seed: parse::seed(seed).map_err(|e| JsError::new(&e))?,
            start: point("start", start)?,
            goal: point("goal", goal)?,
            braid: braid.unwrap_or(0.0),
        };
        let run = Run::new(settings).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(MazeRun { run })
    }

    /// Does up to `n` steps (fractions are rounded down) and collects the cells they changed.
    /// Returns the steps done; fewer than `n` means the run is done.
    pub fn advance(&mut self, n: f64) -> Result<f64, JsError> {
        if n.is_nan() || n < 0.0 {
            return Err(JsError::new(&format!(
                "advance: the number of steps '{}' is not allowed: use a number 0 or more",
                parse::number_text(n)
            )));
        }
        // `as` saturates: Infinity becomes u64::MAX, which simply runs to the end.
        Ok(self.run.advance(n as u64) as f64)
    }

    /// Runs to the end with the journal off. Returns the steps done; afterwards
    /// `allDirty()` is true.
    pub fn finish(&mut self) -> f64 {
        self.run.finish() as f64
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
    pub fn phase_steps(&self, phase: &str) -> Result<f64, JsError> {
        match Phase::ALL.iter().find(|p| p.name() == phase) {
            Some(&p) => Ok(self.run.phase_steps(p) as f64),
            None => Err(JsError::new(&format!(
                "unknown phase '{phase}': allowed are {}",
                Phase::ALL.map(Phase::name).join(", ")
            ))),
        }
    }

    /// The cell the machine on show is working on, or -1.
    pub fn current(&self) -> i32 {
        self.run.machine().current().map_or(-1, |cell| cell as i32)
    }

    /// 0 north, 1 east, 2 south, 3 west, or -1 for machines without a heading.
    pub fn heading(&self) -> i32 {
        self.run.machine().heading().map_or(-1, |dir| dir as i32)
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

    /// "" until the solver ends, then "found", "unreachable" or "gave-up: <reason>".
    pub fn outcome(&self) -> String {
        match self.outcome_ref() {
            None => String::new(),
            Some(Outcome::Found(_)) => "found".to_string(),
            Some(Outcome::Unreachable) => "unreachable".to_string(),
            Some(Outcome::GaveUp { reason, .. }) => format!("gave-up: {reason}"),
        }
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
    /// found path drawn when `with_solution` is true and there is one.
    pub fn svg(&self, with_solution: bool) -> String {
        let settings = self.run.settings();
        let mut title = generators::find(&settings.generator)
            .map_or("Maze", |entry| entry.info.title)
            .to_string();
        title.push_str(", ");
        title.push_str(&settings.width.to_string());
        title.push_str(" × ");
        title.push_str(&settings.height.to_string());
        title.push_str(" cells, seed ");
        title.push_str(&settings.seed.to_string());
        let sheet = export::Sheet {
            start: Some(self.run.start()),
            goal: Some(self.run.goal()),
            path: self.found_path().filter(|_| with_solution),
            title: Some(&title),
        };
        export::svg(self.run.maze(), &sheet)
    }

    /// Solves the maze as it stands now with `solver` from this run's start to its goal, with
    /// no display work and without touching the run, and returns the path's length in cells (0
    /// if there is none). For benchmarks: only the search is timed. Throws on an unknown name.
    #[wasm_bindgen(js_name = solveWith)]
    pub fn solve_with(&self, solver: &str) -> Result<u32, JsError> {
        let maze = self.run.maze();
        let (start, goal) = (maze.coords(self.run.start()), maze.coords(self.run.goal()));
        let report =
            solvers::solve(solver, maze, start, goal).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(report.outcome.path().map_or(0, |path| path.len() as u32))
    }

    /// The maze as tile text (`#` wall, `.` open, `S` start, `G` goal), with the found path
    /// as `o` when `with_solution` is true and there is one.
    pub fn text(&self, with_solution: bool) -> String {
        let path = self.found_path().filter(|_| with_solution);
        export::route_tiles(self.run.maze(), self.run.start(), self.run.goal(), path)
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
    /// the number of cells: call it a few times per second at most, not every frame.
    pub fn stats(&self) -> Vec<f64> {
        let measured = stats::measure_between(self.run.maze(), self.run.start(), self.run.goal());
        let mut values: Vec<f64> = measured
            .values()
            .iter()
            .map(|value| value.unwrap_or(f64::NAN))
            .collect();
        values.push(if measured.diameter_exact { 1.0 } else { 0.0 });
        values
    }
}

/// The teaching tools: the timeline, words for each step, and the machine's structures.
#[wasm_bindgen]
impl MazeRun {
    /// Steps in the whole run. The first call runs a copy to the end (laying down
    /// checkpoints); later calls are free.
    #[wasm_bindgen(js_name = totalSteps)]
    pub fn total_steps(&mut self) -> f64 {
        self.run.total_steps() as f64
    }

    /// Moves to exactly `step` (clamped to 0..=totalSteps), forward or back. Afterwards the
    /// dirty list holds exactly the cells that differ from before, or `allDirty()` is true.
    /// Returns the step now at.
    pub fn seek(&mut self, step: f64) -> Result<f64, JsError> {
        let step = count("seek", "step", step)?;
        Ok(self.run.seek(step) as f64)
    }

    /// Goes back one step; false (and nothing changes) at step 0.
    pub fn back(&mut self) -> bool {
        self.run.back()
    }

    /// Steps until a step of event kind `kind` has been done (that step included), the run
    /// ends, or `limit` steps were done. Returns the steps done.
    #[wasm_bindgen(js_name = advanceUntil)]
    pub fn advance_until(&mut self, kind: &str, limit: f64) -> Result<f64, JsError> {
        let limit = count("advanceUntil", "limit", limit)?;
        match self.run.advance_until(kind, limit) {
            Some(done) => Ok(done as f64),
            None => Err(unknown_kind(kind)),
        }
    }

    /// One plain sentence for the most recent step, "" at step 0.
    pub fn narration(&self) -> String {
        self.run.narration()
    }

    /// How many data structures the machine on show exposes.
    #[wasm_bindgen(js_name = structureCount)]
    pub fn structure_count(&self) -> u32 {
        self.run.structures(0).len() as u32
    }

    /// The title of structure `i`, e.g. "Queue (front first)".
    #[wasm_bindgen(js_name = structureTitle)]
    pub fn structure_title(&self, i: f64) -> Result<String, JsError> {
        Ok(self.structure(i, 0)?.title.to_string())
    }

    /// The true size of structure `i`.
    #[wasm_bindgen(js_name = structureTotal)]
    pub fn structure_total(&self, i: f64) -> Result<f64, JsError> {
        Ok(self.structure(i, 0)?.total as f64)
    }

    /// At most `limit` entries of structure `i`, as short text.
    #[wasm_bindgen(js_name = structureItems)]
    pub fn structure_items(&self, i: f64, limit: f64) -> Result<Vec<String>, JsError> {
        let limit = count("structureItems", "limit", limit)?;
        // No panel shows more than a few hundred entries; cap what is built.
        let limit = limit.min(10_000) as usize;
        Ok(self.structure(i, limit)?.items)
    }

    /// A one-line note about structure `i`, "" if none.
    #[wasm_bindgen(js_name = structureNote)]
    pub fn structure_note(&self, i: f64) -> Result<String, JsError> {
        Ok(self.structure(i, 0)?.note)
    }
}

/// Rust-only helpers, not exported.
impl MazeRun {
    fn outcome_ref(&self) -> Option<&Outcome> {
        self.run.solver().and_then(|s| s.outcome())
    }

    fn structure(&self, i: f64, limit: usize) -> Result<Structure, JsError> {
        let mut all = self.run.structures(limit);
        let n = all.len();
        if i.is_nan() || i < 0.0 || i >= n as f64 || i.fract() != 0.0 {
            return Err(JsError::new(&format!(
                "structure index '{}' is out of range: the machine shows {n}",
                parse::number_text(i)
            )));
        }
        Ok(all.swap_remove(i as usize))
    }
}

/// A count from JS: NaN and negatives are refused; fractions round down; Infinity saturates.
fn count(method: &str, what: &str, value: f64) -> Result<u64, JsError> {
    if value.is_nan() || value < 0.0 {
        return Err(JsError::new(&format!(
            "{method}: the {what} '{}' is not allowed: use a number 0 or more",
            parse::number_text(value)
        )));
    }
    Ok(value as u64)
}

fn unknown_kind(kind: &str) -> JsError {
    let error = UnknownName {
        kind: "event kind",
        given: kind.to_string(),
        allowed: EVENT_KINDS.iter().map(|&(k, _)| k).collect(),
    };
    JsError::new(&error.to_string())
}

/// A width or height from JS: any number goes through the core's parser, so 0, 5000, 2.5
/// and NaN are refused with the same message the command line gives.
fn side(what: &str, value: f64) -> Result<u32, JsError> {
    parse::side(what, &parse::number_text(value)).map_err(|e| JsError::new(&e))
}

/// A start or goal from JS: "" means the default corner.
fn point(what: &str, text: &str) -> Result<Option<(u32, u32)>, JsError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse::point(what, text)
        .map(Some)
        .map_err(|e| JsError::new(&e))
}

/// Any algorithm by name: a generator, a solver, or the player.
fn info(name: &str) -> Result<&'static Info, JsError> {
    if let Ok(entry) = generators::find(name) {
        return Ok(entry.info);
    }
    if let Ok(entry) = solvers::find(name) {
        return Ok(entry.info);
    }
    if name == player::INFO.name {
        return Ok(&player::INFO);
    }
    if name == braid::INFO.name {
        return Ok(&braid::INFO);
    }
    let mut allowed = generators::names();
    allowed.extend(solvers::names());
    allowed.push(player::INFO.name);
    allowed.push(braid::INFO.name);
    let error = UnknownName {
        kind: "algorithm",
        given: name.to_string(),
        allowed,
    };
    Err(JsError::new(&error.to_string()))
}

fn strings(items: impl IntoIterator<Item = &'static str>) -> Vec<String> {
    items.into_iter().map(str::to_string).collect()
}

/// The event kinds worth jumping to for an algorithm, most interesting first.
#[wasm_bindgen(js_name = algorithmEvents)]
pub fn algorithm_events(name: &str) -> Result<Vec<String>, JsError> {
    Ok(strings(info(name)?.events.iter().copied()))
}

/// The words for "jump to the next event of this kind", e.g. "next set merge".
#[wasm_bindgen(js_name = eventLabel)]
pub fn event_label(kind: &str) -> Result<String, JsError> {
    machine::event_label(kind)
        .map(str::to_string)
        .ok_or_else(|| unknown_kind(kind))
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
pub fn algorithm_title(name: &str) -> Result<String, JsError> {
    Ok(info(name)?.title.to_string())
}

#[wasm_bindgen(js_name = algorithmSummary)]
pub fn algorithm_summary(name: &str) -> Result<String, JsError> {
    Ok(info(name)?.summary.to_string())
}

/// The algorithm's pseudocode; `lastLine()` indexes it.
#[wasm_bindgen(js_name = pseudocode)]
pub fn pseudocode(name: &str) -> Result<Vec<String>, JsError> {
    Ok(strings(info(name)?.pseudocode.iter().copied()))
}

/// The mark bits the algorithm uses, in legend order ...
#[wasm_bindgen(js_name = legendBits)]
pub fn legend_bits(name: &str) -> Result<Vec<u8>, JsError> {
    Ok(info(name)?.marks.iter().map(|&(bit, _)| bit).collect())
}

/// ... and what each means for it.
#[wasm_bindgen(js_name = legendLabels)]
pub fn legend_labels(name: &str) -> Result<Vec<String>, JsError> {
    Ok(strings(info(name)?.marks.iter().map(|&(_, label)| label)))
}

/// The generator's family, for grouping lists (one of `generatorGroups()`).
#[wasm_bindgen(js_name = generatorGroup)]
pub fn generator_group(name: &str) -> Result<String, JsError> {
    generators::find(name)
        .map(|entry| entry.group.to_string())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Every generator family, in the order lists show them.
#[wasm_bindgen(js_name = generatorGroups)]
pub fn generator_groups() -> Vec<String> {
    strings(generators::GROUPS)
}

/// What one step of the algorithm is, e.g. "one cell's choice".
#[wasm_bindgen(js_name = algorithmStepUnit)]
pub fn algorithm_step_unit(name: &str) -> Result<String, JsError> {
    Ok(info(name)?.step_unit.to_string())
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
pub fn parse_side(what: &str, text: &str) -> Result<u32, JsError> {
    parse::side(what, text).map_err(|e| JsError::new(&e))
}

/// A seed typed by a person, normalised to a plain decimal string.
#[wasm_bindgen(js_name = parseSeed)]
pub fn parse_seed(text: &str) -> Result<String, JsError> {
    parse::seed(text)
        .map(|seed| seed.to_string())
        .map_err(|e| JsError::new(&e))
}

/// A point "X,Y" typed by a person, as [x, y].
#[wasm_bindgen(js_name = parsePoint)]
pub fn parse_point(what: &str, text: &str) -> Result<Vec<u32>, JsError> {
    parse::point(what, text)
        .map(|(x, y)| vec![x, y])
        .map_err(|e| JsError::new(&e))
}

/// The largest width or height (4096).
#[wasm_bindgen(js_name = maxSide)]
pub fn max_side() -> u32 {
    MAX_SIDE
}
