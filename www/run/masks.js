// Masks on the page: which cells of the grid are switched off. A mask setting is one short
// string, the same in the page's settings and in the URL's `mask=` parameter:
//
//   ''                   no mask
//   'heart', 'circle' …  a ready-made outline at the maze's size and shape (presetMask)
//   'word:2:ANNA'        a word in the block font, each dot 2 × 2 cells (wordMask); the
//                        word decides the maze's width and height
//   'cells:…'            any cells, painted or from a picture: run lengths over the cells in
//                        order (row by row; polar ring by ring), alternately on and off,
//                        starting with cells on, each in base 36, separated by dots
//
// The module reads masks as text (rows of '.' for a cell and 'X' for none, polar one row per
// ring); maskText turns a setting into that text.

import { t } from '../words/i18n.js';

/** Longest mask a link carries; longer ones are saved as a file instead. */
export const MASK_URL_MAX = 2000;

/** Largest word scale (the module's wordMask allows 1 to 8). */
export const WORD_SCALE_MAX = 8;

/** The kind of a mask setting: 'none', 'preset', 'word' or 'cells'. */
export function maskKind(setting) {
  if (!setting) return 'none';
  if (setting.startsWith('word:')) return 'word';
  if (setting.startsWith('cells:')) return 'cells';
  return 'preset';
}

/** A word setting's scale and text, or null when it is not one. */
export function parseWord(setting) {
  const match = /^word:([1-8]):(.+)$/s.exec(setting);
  return match ? { scale: Number(match[1]), text: match[2] } : null;
}

/** The setting for a word. */
export function wordSetting(text, scale) {
  return `word:${scale}:${text}`;
}

/**
 * The lengths of the grid's rows as the mask text lists them: `height` rows of `width` cells,
 * or for polar each ring's cells (from the module's ringStarts).
 */
export function rowLengths(shape, width, height, ringStarts) {
  if (shape === 'polar') {
    const starts = ringStarts(height);
    return Array.from({ length: height }, (_, ring) => starts[ring + 1] - starts[ring]);
  }
  return Array.from({ length: height }, () => width);
}

/** Mask text ('.' and 'X' rows) as one flag per cell: 1 for a cell that is on. */
export function cellsOfText(text) {
  const flags = [];
  for (const line of text.split('\n')) {
    for (const ch of line.trim()) flags.push(ch === 'X' || ch === 'x' ? 0 : 1);
  }
  return Uint8Array.from(flags);
}

/**
 * One flag per cell back to mask text, cut into rows of the given lengths. Written as bytes
 * and read as one string: at 4096 × 4096, adding a character at a time made a rope of 16
 * million pieces that took the garbage collector seconds.
 */
export function textOfCells(flags, lengths) {
  const bytes = new Uint8Array(lengths.reduce((sum, length) => sum + length + 1, 0));
  let at = 0, i = 0;
  for (const length of lengths) {
    for (let j = 0; j < length; j++, i++) bytes[at++] = flags[i] ? 46 /* . */ : 88 /* X */;
    bytes[at++] = 10; // \n
  }
  return new TextDecoder().decode(bytes);
}

/** The 'cells:' setting for one flag per cell. */
export function encodeCells(flags) {
  const runs = [];
  let value = 1, run = 0;
  for (const flag of flags) {
    if ((flag ? 1 : 0) === value) {
      run++;
    } else {
      runs.push(run);
      value = 1 - value;
      run = 1;
    }
  }
  runs.push(run);
  return `cells:${runs.map((r) => r.toString(36)).join('.')}`;
}

/**
 * The flags of a 'cells:' setting for a grid of `count` cells; throws an Error saying what is
 * wrong when the setting is malformed or does not have that many cells.
 */
export function decodeCells(setting, count) {
  const body = setting.slice('cells:'.length);
  if (!/^[0-9a-z]+(\.[0-9a-z]+)*$/.test(body)) {
    throw new Error(t('page.maskRuns'));
  }
  const flags = new Uint8Array(count);
  let at = 0, value = 1;
  for (const part of body.split('.')) {
    const run = parseInt(part, 36);
    if (at + run > count) throw new Error(t('page.maskMoreCells', { count: String(count) }));
    if (value) flags.fill(1, at, at + run);
    at += run;
    value = 1 - value;
  }
  if (at !== count) throw new Error(t('page.maskCellCount', { at: String(at), count: String(count) }));
  return flags;
}

/**
 * The mask text a setting stands for on a grid, or null for none. `api` is the module's
 * { presetMask, wordMask, ringStarts }. Throws an Error with a message for a person when the
 * setting cannot be used on this grid.
 */
export function maskText(setting, shape, width, height, api) {
  if (maskKind(setting) === 'none') return null;
  // The same setting on the same grid is asked for often (the run, the start and goal's
  // checks, the controls): at 4096 × 4096 the text is 16 MB and an outline takes the core
  // most of a second, so the last few are kept.
  const key = `${shape}|${width}|${height}|${setting}`;
  const kept = madeTexts.get(key);
  if (kept !== undefined && kept.api === api) return kept.text;
  const text = makeMaskText(setting, shape, width, height, api);
  madeTexts.delete(key);
  madeTexts.set(key, { api, text });
  while (madeTexts.size > MADE_TEXTS_KEPT) madeTexts.delete(madeTexts.keys().next().value);
  return text;
}

// The mask texts made last, by grid and setting, oldest first: { api, text }.
const madeTexts = new Map();
const MADE_TEXTS_KEPT = 4;

function makeMaskText(setting, shape, width, height, api) {
  switch (maskKind(setting)) {
    case 'preset':
      return api.presetMask(setting, width, height, shape);
    case 'word': {
      const word = parseWord(setting);
      if (!word) throw new Error(t('page.maskWordForm'));
      if (shape === 'polar') throw new Error(t('page.maskWordPolar'));
      return api.wordMask(word.text, word.scale);
    }
    default: {
      const lengths = rowLengths(shape, width, height, api.ringStarts);
      const count = lengths.reduce((a, b) => a + b, 0);
      return textOfCells(decodeCells(setting, count), lengths);
    }
  }
}

/** The width and height (columns and rows) of mask text. */
export function sizeOfText(text) {
  const rows = text.split('\n').filter((line) => line.trim() !== '');
  return [rows[0]?.trim().length ?? 0, rows.length];
}

/**
 * A painted mask carried to another size of the same kind of grid: each new cell takes the
 * cell at the same place, as a share of the width and height (polar: of the rings and of the
 * way round). Returns the new flags.
 */
export function resampleCells(flags, fromLengths, toLengths) {
  const fromStarts = [0];
  for (const length of fromLengths) fromStarts.push(fromStarts[fromStarts.length - 1] + length);
  const out = [];
  for (let row = 0; row < toLengths.length; row++) {
    const fromRow = Math.min(fromLengths.length - 1, Math.floor(((row + 0.5) / toLengths.length) * fromLengths.length));
    const fromLength = fromLengths[fromRow];
    for (let i = 0; i < toLengths[row]; i++) {
      const fromI = Math.min(fromLength - 1, Math.floor(((i + 0.5) / toLengths[row]) * fromLength));
      out.push(flags[fromStarts[fromRow] + fromI]);
    }
  }
  return Uint8Array.from(out);
}
