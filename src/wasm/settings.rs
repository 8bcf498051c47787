//! Reading a run's settings from JavaScript: `new MazeRun({ generator, … })`, an options
//! object, or (deprecated) the fifteen positional arguments it replaces. Both forms read each
//! value with the same reader and refuse it with the same message, naming the option; the
//! core then checks the settings together ([`crate::run::Settings::check`]).

use super::args::{self, allowed_text, describe, param, Param};
use crate::generators;
use crate::parse;
use crate::rng;
use crate::run::{GoalList, Settings, WallExit, DEFAULT_SIDE};
use crate::topology::{self, Mask};
use crate::world::{Corners, Edits, Exit, Heuristic, Search};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

const CALL: &str = "MazeRun";

/// The options `new MazeRun` takes, in the order of the positional arguments (`via` and
/// `exit`, the last, only in the options object: the positional form is deprecated).
pub const OPTIONS: [&str; 17] = [
    "generator",
    "solver",
    "width",
    "height",
    "seed",
    "start",
    "goal",
    "braid",
    "shape",
    "mask",
    "edits",
    "corners",
    "heuristic",
    "weight",
    "density",
    "via",
    "exit",
];

#[wasm_bindgen(typescript_custom_section)]
const MAZE_RUN_OPTIONS: &str = r#"
/**
 * The settings of a run, for `new MazeRun(options)`. Only `generator` is needed; every other
 * option may be left out (or be `undefined`; `null` where the type says so) for its default.
 * An option of the wrong type or out of range throws an `Error` naming it
 * (`MazeRun: width (the string '10') is not allowed: …`), and so does an option the module
 * does not know (`MazeRun: unknown option 'widht': did you mean width? …`).
 */
export interface MazeRunOptions {
    /** A generator's name, one of `generatorNames()`. */
    generator: string;
    /** A solver's name, one of `solverNames()`; left out, `""` or `"none"`: generate only. */
    solver?: string | null;
    /** Cells across, a whole number from 1 to 4096 (default 10); not used on a polar grid. */
    width?: number;
    /** Cells down, a whole number from 1 to 4096 (default 10); on a polar grid, the rings. */
    height?: number;
    /**
     * Any u64 as a decimal string, or a whole number up to 2^53 − 1. Left out: a fresh random
     * seed, which `run.seed` tells.
     */
    seed?: string | number;
    /**
     * The start cell as `"X,Y"` (polar: place in the ring, ring), or a gap in the outer wall
     * of the plain square grid as `"exit:SIDE"` or `"exit:SIDE:N"` (`"exit:west"`,
     * `"exit:south:5"`: N the column or row from 0, the middle if left out); left out: the
     * first cell.
     */
    start?: string | null;
    /**
     * The goal cell as `"X,Y"`, or a gap in the outer wall as for `start` (the wall followers
     * and Pledge then walk out through it); left out: the last cell. Several goals (up to 8,
     * for bfs, dijkstra and a-star) as `"X,Y;X,Y"` or an array of `"X,Y"`: the search stops
     * at the nearest (`run.goalReached()` says which).
     */
    goal?: string | string[] | null;
    /** The share of dead ends removed after generation, 0 to 1 (default 0: a perfect maze). */
    braid?: number | null;
    /** The grid, one of `shapeNames()` (default `"square"`). */
    shape?: "square" | "hex" | "triangle" | "polar" | "weave" | null;
    /** Cells switched off: rows of `.` (a cell) and `X` (none), as `presetMask()` makes them. */
    mask?: string | null;
    /** A learner's changes to the generated maze, in the text `run.editsText()` gives. */
    edits?: string | null;
    /** When the search may move diagonally, past corners (default `"never"`). */
    corners?: "never" | "no-obstacles" | "at-most-one" | "always" | null;
    /** The guess of the distance left that A* and its kin use (default `"grid"`). */
    heuristic?: "grid" | "manhattan" | "euclidean" | "octile" | "chebyshev" | null;
    /** How much weighted A* trusts its guess, a number from 1 to 100 (default 1). */
    weight?: number | null;
    /** The share of an open world's cells blocked, 0 to 0.9 (default 0.3). */
    density?: number | null;
    /**
     * Waypoints, in order (up to 8), as `"X,Y;X,Y"` or an array of `"X,Y"`: the search goes
     * start → each waypoint → goal, one leg after another (bfs, dijkstra, a-star and the
     * bidirectional searches). Options object only.
     */
    via?: string | string[] | null;
    /**
     * When the search stops: `"goal"` (default) when it takes the goal, `"flood"` once it has
     * reached every cell it can, then giving the path to the goal. Flooding is for `bfs`,
     * `dijkstra`, `a-star` and `a-star-weighted`; the others refuse it.
     */
    exit?: "goal" | "flood" | null;
}
"#;

/// The value given for each option, `undefined` where none was, in the order of [`OPTIONS`];
/// `object` tells the options object from the positional arguments, whose width, height and
/// seed have no defaults.
pub struct Given {
    values: [JsValue; 17],
    object: bool,
}

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

impl Given {
    /// `new MazeRun`'s arguments: an options object (a non-null object that is no array) and
    /// nothing after it, else the positional arguments.
    pub fn of(first: JsValue, rest: [JsValue; 14]) -> Result<Given, JsError> {
        let given = rest
            .iter()
            .zip(&OPTIONS[1..])
            .find(|(v, _)| !v.is_undefined());
        let object = first.is_object() && is_array(&first) == Ok(false);
        match given {
            _ if first.is_string() => {}
            Some((value, name)) if object => {
                let after = allowed_text("give it in the options object, not after it");
                return Err(param(CALL, name).refuse(value, after));
            }
            None if object => return from_object(&first).map(|values| Given { values, object }),
            None => {
                let options = "use an object of settings, e.g. { generator: 'kruskal' }";
                return Err(param(CALL, "options").refuse(&first, allowed_text(options)));
            }
            Some(_) => {}
        }
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n] = rest;
        // Waypoints and the exit come in the options object only.
        let values = [
            first,
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            m,
            n,
            JsValue::UNDEFINED,
            JsValue::UNDEFINED,
        ];
        Ok(Given { values, object })
    }

    fn get(&self, name: &str) -> &JsValue {
        let at = OPTIONS.iter().position(|&o| o == name).unwrap_or(0);
        &self.values[at]
    }

    /// The value of an option the options object may leave out for `default`.
    fn or(&self, name: &str, default: impl Into<JsValue>) -> JsValue {
        match self.get(name) {
            value if self.object && value.is_undefined() => default.into(),
            value => value.clone(),
        }
    }

    /// The settings, each value read and checked alone; the core checks them together.
    pub fn settings(&self) -> Result<Settings, JsError> {
        let opt = |name| param(CALL, name);
        let generator = args::text(opt("generator"), self.get("generator"))?;
        let solver = match args::optional_text(opt("solver"), self.get("solver"))? {
            None => None,
            Some(name) => match name.trim() {
                "" | "none" => None,
                name => Some(name.to_string()),
            },
        };
        let side = DEFAULT_SIDE as f64;
        let width = args::side(opt("width"), &self.or("width", side))?;
        let height = args::side(opt("height"), &self.or("height", side))?;
        let seed = match self.get("seed") {
            seed if self.object && seed.is_undefined() => rng::fresh_seed(),
            seed => args::seed(opt("seed"), seed)?,
        };
        // Read in the order of the options, so the first bad one is the one reported.
        let (start, start_exit) = end(opt("start"), self.get("start"))?;
        let ((goal, other_goals), goal_exit) = goal_end(opt("goal"), self.get("goal"))?;
        let braid = args::share(opt("braid"), self.get("braid"))?;
        let shape = args::shape(opt("shape"), self.get("shape"), true)?;
        let mask = optional_mask(CALL, self.get("mask"))?;
        // Edits are read against the cells the grid will have: a run claiming more is
        // refused before a cell of it is painted.
        let cells = topology::cell_count(shape, width, height);
        Ok(Settings {
            generator: generator.trim().to_string(),
            solver,
            width,
            height,
            seed,
            start,
            goal,
            other_goals,
            via: points(opt("via"), self.get("via"))?,
            start_exit,
            goal_exit,
            ends: Default::default(),
            braid,
            shape,
            mask,
            edits: optional_edits(opt("edits"), self.get("edits"), cells)?,
            search: Search {
                exit: exit(opt("exit"), self.get("exit"))?,
                ..search(
                    CALL,
                    self.get("corners"),
                    self.get("heuristic"),
                    self.get("weight"),
                )?
            },
            density: optional_density(opt("density"), self.get("density"))?,
            // The cellular automaton's rule: the page's knobs set it (not yet).
            rule: Default::default(),
        })
    }
}

/// The options object's values, in the order of [`OPTIONS`]. Every key it has must be an
/// option (an unknown one is refused by name, with the option it is closest to); a getter that
/// throws is refused too.
fn from_object(object: &JsValue) -> Result<[JsValue; 17], JsError> {
    let unreadable = || {
        let options = "use a plain object of settings, e.g. { generator: 'kruskal' }";
        param(CALL, "options").refuse(object, allowed_text(options))
    };
    let keys = js_sys::Reflect::own_keys(object).map_err(|_| unreadable())?;
    for key in keys.iter() {
        let name = key.as_string();
        if !name.as_deref().is_some_and(|name| OPTIONS.contains(&name)) {
            let shown = name.as_deref().map_or_else(|| describe(&key), parse::quote);
            let near = name.as_deref().and_then(|name| nearest(name, &OPTIONS));
            let hint = near.map_or_else(String::new, |near| format!(" did you mean {near}?"));
            return Err(param(CALL, "").fail(&format!(
                "unknown option {shown}:{hint} allowed are {}",
                OPTIONS.join(", ")
            )));
        }
    }
    let mut values: [JsValue; 17] = Default::default();
    for (value, name) in values.iter_mut().zip(OPTIONS) {
        *value = js_sys::Reflect::get(object, &JsValue::from_str(name))
            .map_err(|_| param(CALL, name).fail(&format!("{name} could not be read: it threw")))?;
    }
    Ok(values)
}

/// The name in `names` that `given` is a slip for: the same but for case, or at most two
/// letters added, dropped or changed (the first of the closest).
fn nearest(given: &str, names: &[&'static str]) -> Option<&'static str> {
    let mut best: Option<(usize, &'static str)> = None;
    for &name in names {
        if name.len().abs_diff(given.len()) > 2 {
            continue;
        }
        let distance = edit_distance(given.as_bytes(), name.as_bytes());
        if distance <= 2 && best.map_or(true, |(closest, _)| distance < closest) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name)
}

/// Letters to add, drop or change to turn `a` into `b` (Levenshtein's distance, letters
/// compared without case); `b` is an option's name, at most 15 letters.
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row = [0usize; 16];
    let b = &b[..b.len().min(15)];
    for (j, cell) in row.iter_mut().enumerate() {
        *cell = j;
    }
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            let change = usize::from(!ca.eq_ignore_ascii_case(&cb));
            row[j + 1] = (diagonal + change).min(above + 1).min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A start or goal: "", null or undefined mean the default corner.
pub fn point(which: Param, value: &JsValue) -> Result<Option<(u32, u32)>, JsError> {
    let text = args::optional_text(which, value)?.unwrap_or_default();
    if text.trim().is_empty() {
        return Ok(None);
    }
    parse::point(which.name, &text)
        .map(Some)
        .map_err(|e| which.fail(&e))
}

/// Cells as `"X,Y;X,Y"` or an array of `"X,Y"` texts (several goals, waypoints); "", null
/// and undefined mean none.
pub fn points(which: Param, value: &JsValue) -> Result<Vec<(u32, u32)>, JsError> {
    // Far more than a run takes (it says how many it does): a huge list is refused before
    // it is read, so it costs no time.
    const MOST_READ: u32 = 64;
    let too_long = || {
        which.fail(&format!(
            "{} is a list of more than {MOST_READ} cells: a run takes at most 8",
            which.name
        ))
    };
    let texts = if is_array(value) == Ok(true) {
        let array = js_sys::Array::from(value);
        if array.length() > MOST_READ {
            return Err(too_long());
        }
        let mut texts = Vec::new();
        for item in array.iter() {
            texts.push(args::text(which, &item)?);
        }
        texts.join(";")
    } else {
        let text = args::optional_text(which, value)?.unwrap_or_default();
        if text.split(';').nth(MOST_READ as usize).is_some() {
            return Err(too_long());
        }
        text
    };
    let what = if which.name == "via" {
        "waypoint"
    } else {
        which.name
    };
    parse::points(what, &texts).map_err(|e| which.fail(&e))
}

/// Goals as [`points`] reads them: the first (`None`: its corner, also when the text's first
/// piece is empty, as in `";5,5"`) and the others.
pub fn goal_list(which: Param, value: &JsValue) -> Result<GoalList, JsError> {
    let first_empty = value
        .as_string()
        .is_some_and(|text| text.split(';').next().is_some_and(|p| p.trim().is_empty()));
    let mut goals = points(which, value)?;
    if first_empty || goals.is_empty() {
        return Ok((None, goals));
    }
    let goal = goals.remove(0);
    Ok((Some(goal), goals))
}

/// A start or goal as given: a cell, or a gap in the outer wall.
type End = (Option<(u32, u32)>, Option<WallExit>);

/// A start or goal: a cell as `"X,Y"`, or a gap in the outer wall as `"exit:SIDE[:N]"`
/// ([`WallExit`]); empty, null or undefined for the default.
pub fn end(which: Param, value: &JsValue) -> Result<End, JsError> {
    let text = args::optional_text(which, value)?.unwrap_or_default();
    if WallExit::is_exit(&text) {
        let exit = WallExit::parse(which.name, &text).map_err(|e| which.fail(&e))?;
        return Ok((None, Some(exit)));
    }
    Ok((point(which, value)?, None))
}

/// The goals as given: a gap in the outer wall (`"exit:SIDE[:N]"`, one goal), else a list
/// as [`goal_list`] reads it.
pub fn goal_end(which: Param, value: &JsValue) -> Result<(GoalList, Option<WallExit>), JsError> {
    if let Some(text) = value.as_string().filter(|text| WallExit::is_exit(text)) {
        let exit = WallExit::parse(which.name, &text).map_err(|e| which.fail(&e))?;
        return Ok(((None, Vec::new()), Some(exit)));
    }
    Ok((goal_list(which, value)?, None))
}

/// A mask's text: null or undefined for none.
pub fn optional_mask(call: &'static str, mask: &JsValue) -> Result<Option<Mask>, JsError> {
    match args::optional_text(param(call, "mask"), mask)? {
        None => Ok(None),
        Some(text) => Mask::parse(&text)
            .map(Some)
            .map_err(|e| param(call, "mask").fail(&format!("mask: {e}"))),
    }
}

/// Edits in the core's text form for a maze of `cells` cells; "", null and undefined mean
/// none.
pub fn optional_edits(
    which: Param,
    value: &JsValue,
    cells: usize,
) -> Result<Option<Arc<Edits>>, JsError> {
    let text = args::optional_text(which, value)?.unwrap_or_default();
    let edits = Edits::parse(text.trim(), cells).map_err(|e| which.fail_with(&e.0))?;
    Ok((!edits.is_empty()).then(|| Arc::new(edits)))
}

/// The search options; null or undefined for each default.
pub fn search(
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
            param(call, "weight").refuse(
                weight,
                allowed_text("use a number from 1 to 100, or leave it out"),
            )
        })?;
        if search.check().is_err() {
            // The number as JavaScript writes it: `1e+308`, `100.0000000000001`.
            let given = crate::world::weight_refusal_of(&describe(weight));
            return Err(param(call, "weight").fail_with(&given));
        }
    }
    Ok(search)
}

/// When the search stops: undefined or null for the default (at the goal), else a name.
pub fn exit(which: Param, value: &JsValue) -> Result<Exit, JsError> {
    match args::optional_text(which, value)? {
        None => Ok(Exit::default()),
        Some(name) => Exit::parse(name.trim()).map_err(|e| which.fail(&e)),
    }
}

/// An open world's density: undefined or null for the default, else a number 0 to 0.9.
fn optional_density(which: Param, value: &JsValue) -> Result<f64, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(generators::DEFAULT_DENSITY);
    }
    value
        .as_f64()
        .and_then(|n| generators::check_density(n).ok())
        .ok_or_else(|| {
            which.refuse(
                value,
                allowed_text("use a number from 0 to 0.9, or leave it out"),
            )
        })
}
