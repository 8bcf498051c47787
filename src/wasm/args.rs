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

use crate::machine::{known_words, Arg, Sentence};
use crate::parse;
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

impl Param {
    /// An `Error` saying this parameter got `value`, which is not `allowed`.
    /// The `Error` has `data` too (see [`Param::fail_with`]); what is allowed is words of
    /// their own where the core has them (`allowed.*`).
    pub fn refuse(self, value: &JsValue, allowed: &str) -> JsError {
        self.fail_with(
            &Sentence::new("refusals.refused")
                .with("name", Arg::Text(self.name.to_string()))
                .with("value", Arg::Text(describe(value)))
                .with("allowed", known_words("allowed.", allowed)),
        )
    }

    /// An `Error` carrying a message of the core's, prefixed with the function.
    pub fn fail(self, message: &str) -> JsError {
        JsError::new(&format!("{}: {message}", self.call))
    }

    /// [`Param::fail`] with the message as a sentence: the `Error` also has `data`, the
    /// message as `{ key, args }` (see `MazeRun.narrationData`) for the page to say in its
    /// language.
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
        .ok_or_else(|| param.refuse(value, "use a string"))
}

/// An optional text parameter: `undefined` and `null` give `None`.
pub fn optional_text(param: Param, value: &JsValue) -> Result<Option<String>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value
        .as_string()
        .map(Some)
        .ok_or_else(|| param.refuse(value, "use a string, or leave it out"))
}

/// A flag: `true` or `false`.
pub fn flag(param: Param, value: &JsValue) -> Result<bool, JsError> {
    value
        .as_bool()
        .ok_or_else(|| param.refuse(value, "use true or false"))
}

/// A whole JS number from 0 up; `Infinity` too when `unlimited` (it then means "no limit" and
/// comes back as `u64::MAX`).
pub fn count(param: Param, value: &JsValue, unlimited: bool) -> Result<u64, JsError> {
    let allowed = if unlimited {
        "use a whole number 0 or more, or Infinity for no limit"
    } else {
        "use a whole number 0 or more"
    };
    match value.as_f64() {
        Some(n) if n == f64::INFINITY && unlimited => Ok(u64::MAX),
        // Every float from 2^53 up is whole; past u64::MAX `as` saturates.
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 => Ok(n as u64),
        _ => Err(param.refuse(value, allowed)),
    }
}

/// A limit on the work of one call: a whole JS number from 1 up, or `Infinity` (no limit,
/// `u64::MAX`). Not 0: a call that may do no work at all would leave a caller who repeats it
/// until it arrives waiting forever.
pub fn limit(param: Param, value: &JsValue) -> Result<u64, JsError> {
    match value.as_f64() {
        Some(n) if n == f64::INFINITY => Ok(u64::MAX),
        Some(n) if n.is_finite() && n >= 1.0 && n.fract() == 0.0 => Ok(n as u64),
        _ => Err(param.refuse(
            value,
            "use a whole number 1 or more, or Infinity for no limit",
        )),
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
        return Err(param.refuse(value, "use a number, a whole number from 1 to 4096"));
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
            &format!(
                "use a decimal string from 0 to {}, or a whole number up to 9007199254740991",
                u64::MAX
            ),
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
        _ => Err(param.refuse(value, "use a number from 0 to 1, or leave it out")),
    }
}

/// An index into a list of `len` entries.
pub fn index(param: Param, value: &JsValue, len: usize) -> Result<usize, JsError> {
    match value.as_f64() {
        Some(n) if n >= 0.0 && n.fract() == 0.0 && n < len as f64 => Ok(n as usize),
        _ => Err(param.refuse(
            value,
            &match len {
                0 => "there are none".to_string(),
                _ => format!("use a whole number from 0 to {}", len - 1),
            },
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
