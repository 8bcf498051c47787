//! The JavaScript edge: the only code that knows about wasm-bindgen.
//!
//! It translates and nothing more. [`MazeRun`] owns a [`Run`] (the same generate → solve → walk
//! timeline the command line and the tests drive) and hands JavaScript pointers into the
//! board's own vectors, so the page builds `Uint8Array`/`Uint32Array` views on
//! `memory.buffer` and reads cells, marks, set labels and the dirty list without a copy.
//!
//! Every argument arrives as a `JsValue` and is read by [`args`], which refuses a value of the
//! wrong type with an `Error` naming the function and the parameter; values are then checked
//! by the core ([`crate::parse`], [`crate::run::Settings::check`]) and every failure comes back
//! as a thrown JS `Error` carrying the core's message, and its sentence as `data` where the
//! core has one. Nothing here decides what is allowed or picks words: the core's errors carry
//! their sentences. Nothing here unwraps input, and every limit inside the run is bounded (the
//! journal, the checkpoints), so no call ends in a trap: a failed call leaves the run as it was
//! and usable.
//!
//! The files follow what they export: [`settings`] reads `new MazeRun(options)`, [`run`]
//! steps and reads a run, [`teach`] its timeline, words and structures, [`grid`] its shape
//! and distances, [`thinking`] how the search thinks (came-from links, costs, estimates),
//! [`sheets`] what it writes out, [`worlds`] terrain and re-solving,
//! [`catalogue`] what the core knows by name, [`masks`] the masks and ends of grids, and
//! [`input`] what a person types.
//!
//! Long work (running to the end, laying the timeline, seeking) can be done a slice at a time
//! (`finish(limit)`, `layTimeline(limit)`, `seek(step, limit)`), so a page never blocks for
//! long.
//!
//! Numbers: counts go out as `f64` (a JS number, exact up to 2^53) rather than `u64`, which
//! wasm-bindgen would turn into a `BigInt`. "None" goes out as -1 where the API says so.

mod args;
mod catalogue;
mod grid;
mod input;
mod masks;
mod run;
mod settings;
mod sheets;
mod teach;
mod thinking;
mod worlds;

pub use catalogue::*;
pub use input::*;
pub use masks::*;
pub use worlds::solve_world;

use crate::export;
use crate::machine::{self, Info, Structure, EVENT_KINDS};
use crate::run::{Run, RunError};
use crate::solvers::Outcome;
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
    /// The last view of how the search thinks (`measureThinking`).
    thinking: crate::run::Thinking,
    /// The worksheet being written a piece at a time (`sheetBegin`), if any.
    sheet: Option<export::SheetWriter<'static>>,
}

/// Rust-only helpers, not exported.
impl MazeRun {
    fn found_path(&self) -> Option<&[usize]> {
        self.run.solver()?.outcome()?.path()
    }

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

/// A run the core refused, as the `Error` JavaScript gets: the core's words, after the setting
/// they are about where they do not name it themselves, with their sentence as `data`.
fn refused(call: &'static str, error: &RunError) -> JsError {
    let at = param(call, "");
    match (error.words(), error.setting()) {
        (Some(words), Some(setting)) => at.fail_about(setting, &words),
        (Some(words), None) => at.fail_with(&words),
        (None, _) => at.fail(&error.to_string()),
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

/// Any algorithm by name (see [`crate::run::algorithm_info`]).
fn info(call: &'static str, name: &JsValue) -> Result<&'static Info, JsError> {
    let which = param(call, "name");
    let text = args::text(which, name)?;
    crate::run::algorithm_info(&text).map_err(|error| which.fail(&error.to_string()))
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
