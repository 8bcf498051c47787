//! What a person types into the page (a size, a seed, a braid, a point), read by the core's
//! parsers, and a fresh seed.

use super::args::{self, param};
use crate::parse;
use crate::rng;
use wasm_bindgen::prelude::*;

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
