//! Worlds: a run's terrain, the live re-solve after a learner's edits, and a world given as
//! text solved at once (for the PathFinding.js benchmark).

use super::args::{self, allowed_text, param};
use super::settings::{goal_list, optional_edits, point, points};
use super::{refused, MazeRun};
use crate::solvers;
use crate::world::{text as world_text, weight_refusal_of, Corners, Heuristic, Search};
use wasm_bindgen::prelude::*;

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
            .map_err(|e| refused(CALL, &e))?;
        Ok(steps as f64)
    }

    /// `rework` with the goals (`"X,Y;X,Y"` or an array: the first, "" for its corner, then
    /// the others) and the waypoints (the same forms, in order) given too: what placing a goal
    /// or a waypoint in edit mode does.
    #[wasm_bindgen(js_name = reworkStops)]
    pub fn rework_stops(
        &mut self,
        edits: JsValue,
        start: JsValue,
        goals: JsValue,
        via: JsValue,
    ) -> Result<f64, JsError> {
        const CALL: &str = "reworkStops";
        let cells = self.run.maze().len();
        let edits = optional_edits(param(CALL, "edits"), &edits, cells)?;
        let start = point(param(CALL, "start"), &start)?;
        let goals = goal_list(param(CALL, "goal"), &goals)?;
        let via = points(param(CALL, "via"), &via)?;
        self.distances.clear();
        let steps = self
            .run
            .rework_stops(edits, start, goals, via)
            .map_err(|e| refused(CALL, &e))?;
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
    let call = |name| param("solveWorld", name);
    let world = world_text::parse(&args::text(call("text"), &text)?)
        .map_err(|e| call("text").fail(&e.to_string()))?;
    let solver = args::text(call("solver"), &solver)?;
    let corners = Corners::parse(&args::text(call("corners"), &corners)?)
        .map_err(|e| call("corners").fail(&e))?;
    let heuristic = Heuristic::parse(&args::text(call("heuristic"), &heuristic)?)
        .map_err(|e| call("heuristic").fail(&e))?;
    let weight_value = weight;
    let weight = weight_value.as_f64().ok_or_else(|| {
        call("weight").refuse(&weight_value, allowed_text("give a number from 1 to 100"))
    })?;
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
        ..Search::default()
    };
    if search.check().is_err() {
        let given = weight_refusal_of(&args::describe(&weight_value));
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
