# Sourced by scripts/setup, scripts/serve and scripts/test: where things are and the PATH
# every tool is found on. Not meant to be run by itself.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

# `cargo install` puts wasm-pack and wasm-bindgen here; npm puts wasm-opt (binaryen) here.
# node_modules/.bin comes first so that wasm-pack finds npm's wasm-opt, never a system one
# (Debian's binaryen 108 produces modules that fail in the browser).
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# Where the tests expect the browser and its driver (Debian's chromium and chromium-driver).
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# The other engines of the cross-engine tests (tests/engines/): Debian's Firefox ESR (driven
# over WebDriver BiDi), WebKitGTK's WebDriver and its MiniBrowser, and the X server WebKit
# needs (it cannot draw without a display).
export FIREFOX="${FIREFOX:-/usr/bin/firefox-esr}"
export WEBKIT_DRIVER="${WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}"
export MINIBROWSER="${MINIBROWSER:-/usr/lib/$(uname -m)-linux-gnu/webkit2gtk-4.1/MiniBrowser}"
export XVFB="${XVFB:-/usr/bin/Xvfb}"

# The wasm-bindgen version pinned in Cargo.lock: the CLI must match it exactly.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
        "$ROOT/Cargo.lock"
}

# Prints a line saying what a script is doing, with the seconds since the script started.
say() {
    printf '[%s %3ds] %s\n' "$(basename "$0")" "$SECONDS" "$*"
}

die() {
    printf '[%s] ERROR: %s\n' "$(basename "$0")" "$*" >&2
    exit 1
}
