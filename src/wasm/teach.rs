//! The teaching tools of a run: its timeline (seek, Back, steps until an event), the words
//! for each step, and the data structures of the machine on show.

use super::args::{self, allowed_text, param};
use super::{kind_names, sentence_object, MazeRun};
use wasm_bindgen::prelude::*;

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
            None => Err(which.refuse(&kind, allowed_text(format!("use one of {}", kind_names())))),
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
