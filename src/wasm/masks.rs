//! Masks: switched-off cells from a preset outline, a picture or a word, kept in one piece;
//! and where a grid's search starts and ends, and a polar grid's rings.

use super::args::{self, allowed, param};
use super::settings::optional_mask;
use crate::machine::Sentence;
use crate::maze::Maze;
use crate::parse;
use crate::run;
use crate::topology::{mask_makers as shapes, Grid, Shape};
use wasm_bindgen::prelude::*;

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
    let shape = args::shape(param(CALL, "shape"), &shape, true)?;
    let mask = optional_mask(CALL, &mask)?;
    let ((sx, sy), (gx, gy)) = if shape == Shape::Square && mask.is_none() {
        run::default_ends(width, height)
    } else {
        let mut grid =
            Grid::new(shape, width, height).map_err(|e| param(CALL, "").fail_with(e.words()))?;
        if let Some(mask) = &mask {
            grid = grid
                .with_mask(mask)
                .map_err(|e| param(CALL, "").fail_about("mask", e.words()))?;
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
        .map_err(|e| param("ringStarts", "rings").fail_about("rings", e.words()))?;
    Ok(grid.ring_starts().to_vec())
}

/// A ready-made mask as text (rows of `.` and `X`): one of `maskPresets()` at `width` ×
/// `height` cells of `shape` (one of `shapeNames()`; null or undefined = square; polar: `height` rings, one row per ring), the outline stretched over the box the
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
    let shape = args::shape(param(CALL, "shape"), &shape, true)?;
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
    Grid::new(shape, width, height).map(|_| ()).map_err(|e| {
        let name = if shape == Shape::Polar {
            "height"
        } else {
            "width"
        };
        param(call, name).fail_about(name, e.words())
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
    let shape = args::shape(param(CALL, "shape"), &shape, false)?;
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
        return Err(which.refuse(&rgba, allowed("allowed.rgba")));
    };
    let fits = |length: usize| {
        if length == wanted {
            Ok(())
        } else {
            Err(which.fail_with(
                &Sentence::new("refusals.picture-bytes")
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
        .map_err(|e| which.fail(&format!("rgba: {e}")))
}

/// The names `presetMask` knows.
#[wasm_bindgen(js_name = maskPresets)]
pub fn mask_presets() -> Vec<String> {
    shapes::PRESETS
        .iter()
        .map(|name| name.to_string())
        .collect()
}

/// A mask spelling a word in a block font, each dot `scale` × `scale` cells (a whole number
/// from 1 to 8), as text; throws for characters it cannot draw.
#[wasm_bindgen(js_name = wordMask)]
pub fn word_mask(text: JsValue, scale: JsValue) -> Result<String, JsError> {
    let which = param("wordMask", "text");
    let text = args::text(which, &text)?;
    let Some(scale) = scale.as_f64().and_then(shapes::word_scale) else {
        return Err(param("wordMask", "scale").refuse(&scale, allowed("allowed.scale")));
    };
    shapes::word(&text, scale)
        .map(|mask| mask.to_text())
        .map_err(|e| which.fail(&format!("text: {e}")))
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
    let shape = args::shape(param(CALL, "shape"), &shape, true)?;
    let width = args::side(param(CALL, "width"), &width)?;
    let height = args::side(param(CALL, "height"), &height)?;
    let mask = optional_mask(CALL, &mask)?
        .ok_or_else(|| param(CALL, "mask").fail("mask: give the mask as text"))?;
    shapes::keep_largest_piece(shape, width, height, &mask)
        .map(|(mask, _)| mask.to_text())
        .map_err(|e| param(CALL, "").fail_about("mask", e.words()))
}
