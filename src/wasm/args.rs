//! Reading JavaScript arguments. Every exported function takes its arguments as `JsValue`s and
//! reads them here, so a value of the wrong type is refused with an `Error` that names the
//! function, the parameter and what is allowed. (Letting the generated glue convert them
//! instead read a number passed for a string as a string of undefined length: a memory fault.)
//!
//! The rules, the same for every function:
//! - text parameters take a JS string, and nothing else (no numbers, no `String` objects);
//! - numbers take a JS number, and nothing else (not `"10"`, not `true`); they must be whole
//!   (no rounding: 0.9999999 is refused, not taken as 1); counts may be `Infinity` where the
//!   function says it means "no limit";
//! - flags take `true` or `false`;
//! - optional parameters also take `undefined` and `null`, meaning "not given".

use crate::machine::{Arg, Sentence};
use crate::parse;
use crate::topology::Shape;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// JavaScript's own `String(number)`: quotes a number exactly as the caller wrote it.
    #[wasm_bindgen(js_name = String)]
    fn number_as_js_text(value: f64) -> String;
}

/// What a parameter is called in messages: the function (as JS knows it) and the parameter.
#[derive(Clone, Copy)]
pub struct Param {
    pub call: &'static str,
    pub name: &'static str,
}

/// `Param { call, name }`, shorter.
pub const fn param(call: &'static str, name: &'static str) -> Param {
    Param { call, name }
}

/// What a parameter allows, as words of their own: `key` is one of the `allowed.*` keys of
/// the core's words (`"allowed.string"`: "use a string").
pub fn allowed(key: &'static str) -> Arg {
    Arg::Words(Sentence::new(key))
}

/// What a parameter allows, in words the core has only in English ("use one of …").
pub fn allowed_text(text: impl Into<String>) -> Arg {
    Arg::Text(text.into())
}

impl Param {
    /// An `Error` saying this parameter got `value`, which is not `allowed` ([`allowed`],
    /// [`allowed_text`]). The `Error` has `data` too (see [`Param::fail_with`]).
    pub fn refuse(self, value: &JsValue, allowed: Arg) -> JsError {
        self.fail_with(
            &Sentence::new("refusals.refused")
                .with("name", Arg::Text(self.name.to_string()))
                .with("value", Arg::Text(describe(value)))
                .with("allowed", allowed),
        )
    }

    /// An `Error` carrying a message of the core's, prefixed with the function.
    pub fn fail(self, message: &str) -> JsError {
        JsError::new(&format!("{}: {message}", self.call))
    }

    /// [`Param::fail_with`] for words about a setting they do not name themselves: said as
    /// `setting: words` (the mask, the shape, a size), and so as `data`.
    pub fn fail_about(self, setting: &'static str, words: &Sentence) -> JsError {
        self.fail_with(&about(setting, words))
    }

    /// [`Param::fail`] with the message as a sentence: the `Error` also has `data`, the
    /// message as `{ key, args }` (see `MazeRun.narrationData`) for the page to say in its
    /// language. (The one place the edge turns a sentence into English: its message.)
    #[inline(never)]
    pub fn fail_with(self, message: &Sentence) -> JsError {
        let error = self.fail(&message.english());
        // The clone is another handle on the same JS object.
        let object: JsValue = error.clone().into();
        let _ = js_sys::Reflect::set(
            &object,
            &JsValue::from("data"),
            &super::sentence_object(message),
        );
        error
    }
}

/// A JS value as messages show it: `(the string 'text')` (cut and escaped), `2.5`, `NaN`,
/// `(null)`, `(undefined)`, `(true)`, or its kind for anything else (`(an object)`).
pub fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        return format!("(the string {})", parse::quote(&text));
    }
    if let Some(number) = value.as_f64() {
        return number_as_js_text(number);
    }
    if let Some(flag) = value.as_bool() {
        return format!("({flag})");
    }
    if value.is_undefined() {
        return "(undefined)".to_string();
    }
    if value.is_null() {
        return "(null)".to_string();
    }
    let kind = if value.is_function() {
        "a function"
    } else if value.is_symbol() {
        "a symbol"
    } else if value.is_bigint() {
        "a BigInt"
    } else {
        "an object"
    };
    format!("({kind})")
}

/// A label the caller chose for its own messages (`parseSide`'s `what`): a string, cut and
/// escaped like a quoted value but without the quotes.
pub fn label(param: Param, value: &JsValue) -> Result<String, JsError> {
    Ok(parse::shown(&text(param, value)?))
}

/// A required text parameter.
pub fn text(param: Param, value: &JsValue) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| param.refuse(value, allowed("allowed.string")))
}

/// An optional text parameter: `undefined` and `null` give `None`.
pub fn optional_text(param: Param, value: &JsValue) -> Result<Option<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value
        .as_string()
        .map(Some)
        .ok_or_else(|| param.refuse(value, allowed("allowed.string-or-none")))
}

/// A flag: `true` or `false`.
pub fn flag(param: Param, value: &JsValue) -> Result<bool, JsError> {
    value
        .as_bool()
        .ok_or_else(|| param.refuse(value, allowed("allowed.flag")))
}

/// A whole JS number from 0 up; `Infinity` too when `unlimited` (it then means "no limit" and
/// comes back as `u64::MAX`).
pub fn count(param: Param, value: &JsValue, unlimited: bool) -> Result<u64, JsError> {
    match value.as_f64() {
        Some(n) if n == f64::INFINITY && unlimited => Ok(u64::MAX),
        // Every float from 2^53 up is whole; past u64::MAX `as` saturates.
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 => Ok(n as u64),
        _ => Err(param.refuse(
            value,
            allowed(if unlimited {
                "allowed.count-or-infinity"
            } else {
                "allowed.count"
            }),
        )),
    }
}

/// A limit on the work of one call: a whole JS number from 1 up, or `Infinity` (no limit,
/// `u64::MAX`). Not 0: a call that may do no work at all would leave a caller who repeats it
/// until it arrives waiting forever.
pub fn limit(param: Param, value: &JsValue) -> Result<u64, JsError> {
    match value.as_f64() {
        Some(n) if n == f64::INFINITY => Ok(u64::MAX),
        Some(n) if n.is_finite() && n >= 1.0 && n.fract() == 0.0 => Ok(n as u64),
        _ => Err(param.refuse(value, allowed("allowed.limit"))),
    }
}

/// An optional limit: `undefined` and `null` give `None`.
pub fn optional_limit(param: Param, value: &JsValue) -> Result<Option<u64>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    limit(param, value).map(Some)
}

/// A width or height: a whole JS number, checked by the core's parser (1 to 4096).
pub fn side(param: Param, value: &JsValue) -> Result<u32, JsError> {
    let Some(number) = value.as_f64() else {
        return Err(param.refuse(value, allowed("allowed.side")));
    };
    // The core parses text; JS's own text for the number keeps 2.5, 1e+300 and 0.9999999 as
    // they are, so nothing is rounded into range.
    parse::side(param.name, &number_as_js_text(number)).map_err(|e| param.fail(&e))
}

/// A seed: a decimal string (any u64), or a whole JS number up to 2^53 − 1 (larger ones are
/// not exact in a JS number).
pub fn seed(param: Param, value: &JsValue) -> Result<u64, JsError> {
    if let Some(text) = value.as_string() {
        return parse::seed(&text).map_err(|e| param.fail(&e));
    }
    const MAX_SAFE: f64 = 9_007_199_254_740_991.0;
    match value.as_f64() {
        Some(n) if (0.0..=MAX_SAFE).contains(&n) && n.fract() == 0.0 => Ok(n as u64),
        _ => Err(param.refuse(
            value,
            allowed_text(format!(
                "use a decimal string from 0 to {}, or a whole number up to 9007199254740991",
                u64::MAX
            )),
        )),
    }
}

/// A share from 0 to 1 (the braid); `undefined` and `null` give 0.
pub fn share(param: Param, value: &JsValue) -> Result<f64, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(0.0);
    }
    match value.as_f64() {
        Some(n) if (0.0..=1.0).contains(&n) => Ok(n),
        _ => Err(param.refuse(value, allowed("allowed.share"))),
    }
}

/// A grid shape's name (one of [`Shape::ALL`]); when `optional`, `undefined` and `null` give
/// the square grid.
pub fn shape(param: Param, value: &JsValue, optional: bool) -> Result<Shape, JsError> {
    if optional && (value.is_undefined() || value.is_null()) {
        return Ok(Shape::Square);
    }
    let Some(text) = value.as_string() else {
        let names: Vec<String> = Shape::ALL.iter().map(|s| format!("\"{s}\"")).collect();
        let (last, rest) = names.split_last().expect("there are shapes");
        let leave = if optional { ", or leave it out" } else { "" };
        let names = format!("use {} or {last}{leave}", rest.join(", "));
        return Err(param.refuse(value, allowed_text(names)));
    };
    Shape::parse(text.trim()).map_err(|e| param.fail(&e))
}

/// `setting: words`, as words of their own (`messages.about`).
pub fn about(setting: &'static str, words: &Sentence) -> Sentence {
    Sentence::new("messages.about")
        .with("name", Arg::Text(setting.to_string()))
        .words("message", words.clone())
}

/// An index into a list of `len` entries.
pub fn index(param: Param, value: &JsValue, len: usize) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && n < len as f64 => Ok(n as usize),
        _ => Err(param.refuse(
            value,
            allowed_text(match len {
                0 => "there are none".to_string(),
                _ => format!("use a whole number from 0 to {}", len - 1),
            }),
        )),
    }
}

/// The length of `value` if it is a genuine `Uint8Array` or `Uint8ClampedArray`, read through
/// the engine's own `%TypedArray%.prototype` getters (its type by `Symbol.toStringTag`, its
/// length), which answer from the array's internals: a Proxy of one has neither, and a
/// subclass that overrides `length` is not asked. `None` for anything else.
pub fn byte_array_length(value: &JsValue) -> Option<usize> {
    use js_sys::{Function, Object, Reflect};
    use wasm_bindgen::JsCast;
    // %TypedArray%.prototype: the prototype of Uint8Array.prototype.
    let uint8_prototype = Object::get_prototype_of(&js_sys::Uint8Array::new_with_length(0));
    let typed_array_prototype = Object::get_prototype_of(&uint8_prototype);
    let getter = |key: &JsValue| -> Option<Function> {
        let descriptor = Object::get_own_property_descriptor(&typed_array_prototype, key);
        Reflect::get(&descriptor, &JsValue::from("get"))
            .ok()?
            .dyn_into::<Function>()
            .ok()
    };
    let kind = getter(&js_sys::Symbol::to_string_tag().into())?
        .call0(value)
        .ok()?
        .as_string()?;
    if kind != "Uint8Array" && kind != "Uint8ClampedArray" {
        return None;
    }
    let length = getter(&JsValue::from("length"))?
        .call0(value)
        .ok()?
        .as_f64()?;
    Some(length as usize)
}
