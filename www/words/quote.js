// Quoting what someone gave (a URL parameter, an attribute, a line of a file) inside a message:
// cut after QUOTE_CHARS characters and with invisible characters written out, as the core's
// `parse::quote` does, so a message stays one line in the order it was written. One copy for
// the page, the <maze-step> element and the lessons.

/** Characters of a quoted value shown before it is cut (the core's `parse::QUOTE_CHARS`). */
export const QUOTE_CHARS = 80;

// Controls (Cc), format characters (Cf: the bidirectional overrides, isolates and marks, zero
// widths, the byte-order mark), line and paragraph separators, and lone surrogates. The core
// escapes controls and the bidirectional ones; the page also the other invisible ones, which
// a reader could not see in a message either.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every invisible character written as `\u{202e}` (`\n`, `\r`, `\t` by name). */
export function plain(text) {
  let out = '';
  for (const ch of String(text)) {
    if (INVISIBLE.test(ch)) out += NAMED[ch] ?? `\\u{${ch.codePointAt(0).toString(16)}}`;
    else out += ch;
  }
  return out;
}

/** [quote] without the quotes: the first QUOTE_CHARS characters (then "…"), made plain. */
export function shown(text) {
  // Only the head is read: a quoted file may be megabytes long.
  let head = '', count = 0;
  for (const ch of String(text)) {
    if (count === QUOTE_CHARS) return `${plain(head)}…`;
    head += ch;
    count++;
  }
  return plain(head);
}

/** `text` in single quotes, cut and made plain: `'‮evil'` becomes `'\u{202e}evil'`. */
export function quote(text) {
  return `'${shown(text)}'`;
}
