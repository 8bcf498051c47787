//! The catalogue: what the core knows, by name: the generators and solvers (their titles,
//! pseudocode, legends, groups, events, shapes, options), the statistics, the shapes, and the
//! bits of cells and marks.

use super::args::{self, allowed_text, param};
use super::{info, kind_names, strings};
use crate::board::mark;
use crate::generators;
use crate::machine;
use crate::maze::{Direction, MAX_SIDE};
use crate::parse;
use crate::run;
use crate::solvers;
use crate::stats::STATISTICS;
use crate::topology::Shape;
use wasm_bindgen::prelude::*;

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
        .ok_or_else(|| which.refuse(&kind, allowed_text(format!("use one of {}", kind_names()))))
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

/// The grid shapes a generator or a solver works on, in the order of `shapeNames()`. Throws
/// for a name that is neither.
#[wasm_bindgen(js_name = algorithmShapes)]
pub fn algorithm_shapes(name: JsValue) -> Result<Vec<String>, JsError> {
    let which = param("algorithmShapes", "name");
    let name = args::text(which, &name)?;
    let shapes = run::algorithm_shapes(name.trim()).ok_or_else(|| {
        which.fail(&format!(
            "name {} is not a generator or solver: choose one of generatorNames() or \
             solverNames()",
            parse::quote(&name)
        ))
    })?;
    Ok(strings(shapes.into_iter().map(Shape::name)))
}

/// Every grid shape, in the order the page lists them: the names `shape` takes.
#[wasm_bindgen(js_name = shapeNames)]
pub fn shape_names() -> Vec<String> {
    strings(Shape::ALL.map(Shape::name))
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

/// A generator's knobs, one line each: `NAME DEFAULT number MIN MAX WHOLE` (WHOLE 1 or 0) or
/// `NAME DEFAULT words WORD WORD …`; `""` for a generator without knobs. Throws for a name
/// that is no generator.
#[wasm_bindgen(js_name = generatorKnobs)]
pub fn generator_knobs(name: JsValue) -> Result<String, JsError> {
    let which = param("generatorKnobs", "name");
    let name = args::text(which, &name)?;
    let entry = generators::find(name.trim()).map_err(|e| which.fail(&e.to_string()))?;
    let mut lines = String::new();
    for knob in generators::knobs::of(entry.info.name) {
        let kind = match knob.values {
            generators::knobs::Values::Number { min, max, whole } => {
                format!("number {min} {max} {}", u8::from(whole))
            }
            generators::knobs::Values::Words(words) => format!("words {}", words.join(" ")),
        };
        lines += &format!("{} {} {kind}\n", knob.name, knob.text(knob.default));
    }
    Ok(lines)
}

/// Knobs as `NAME=VALUE` text, checked for the generator called `generator`: the same text
/// written the one way (`"bias=south-west,run-close=0.2"`, `""` for none). Throws, with the
/// reason as `data`, for a knob the generator does not have or a value out of range.
#[wasm_bindgen(js_name = parseKnobs)]
pub fn parse_knobs(generator: JsValue, text: JsValue) -> Result<String, JsError> {
    let which = param("parseKnobs", "text");
    let name = args::text(param("parseKnobs", "generator"), &generator)?;
    let text = args::text(which, &text)?;
    let knobs = generators::Knobs::parse(&text).map_err(|words| which.fail_with(&words))?;
    knobs
        .check_for(name.trim())
        .map_err(|words| which.fail_with(&words))?;
    Ok(knobs.text())
}

/// What a solver does with a world, as `[costs, diagonal, uniformOnly, floods]`: whether it
/// weighs terrain costs, whether it may move diagonally, whether it needs every cell to cost
/// the same, whether it can flood everything reachable before reading the path (`exit:
/// 'flood'`).
#[wasm_bindgen(js_name = solverHonours)]
pub fn solver_honours(name: JsValue) -> Result<Vec<u8>, JsError> {
    let which = param("solverHonours", "name");
    let name = args::text(which, &name)?;
    let entry = solvers::find(name.trim()).map_err(|e| which.fail(&e.to_string()))?;
    Ok(vec![
        u8::from(entry.costs),
        u8::from(entry.diagonal),
        u8::from(entry.uniform_only),
        u8::from(entry.floods),
    ])
}
