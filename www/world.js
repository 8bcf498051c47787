// The world a learner edits: terrain painted on cells (0 blocked, 1 to 9 the cost of entering)
// and walls opened or closed, kept as a difference from the generated maze in the core's text
// form (src/world/edits.rs), which links and files carry. Also the terrain palette, its
// colours and patterns, and which solvers honour terrain costs and diagonal moves.

import { formatNumber } from './i18n.js';
import { t } from './page-words.js';

/** The longest edits text a link carries (as masks.js's MASK_URL_MAX); longer: a file. */
export const EDITS_URL_MAX = 2000;

/** The cost of a blocked cell (an obstacle). */
export const BLOCKED = 0;

/** The palette: each paint's cost, name, colour and pattern (so it reads without colour). */
export const PAINTS = [
  { value: 1, name: 'road', label: 'Road', colour: '#d8d2c4', ink: '#8a8170', pattern: 'none' },
  { value: 2, name: 'grass', label: 'Grass', colour: '#b7dfa0', ink: '#3f7f2a', pattern: 'diagonal lines' },
  { value: 4, name: 'sand', label: 'Sand', colour: '#f1dc9a', ink: '#9a6b12', pattern: 'dots' },
  { value: 8, name: 'water', label: 'Water', colour: '#5da3de', ink: '#174a7c', pattern: 'waves' },
];

/** The paint a terrain value is drawn as: the palette entry with the largest cost not above it. */
export function paintOf(value) {
  let found = PAINTS[0];
  for (const paint of PAINTS) if (paint.value <= value) found = paint;
  return found;
}

// Which solvers weigh terrain costs and may move diagonally: the core's registry says
// (solvers::Entry's flags, through the module's solverHonours), given here at boot.
let honoursOf = () => [0, 0, 0];

/** Where solverHonours(name) comes from: the module's function (main.js, at boot). */
export function useSolverHonours(fn) {
  honoursOf = fn;
}

/** What a solver does with the world: { costs, diagonal, uniformOnly } (booleans). */
export function solverHonours(name) {
  try {
    const [costs, diagonal, uniformOnly] = honoursOf(name);
    return { costs: costs === 1, diagonal: diagonal === 1, uniformOnly: uniformOnly === 1 };
  } catch {
    return { costs: false, diagonal: false, uniformOnly: false };
  }
}

// The solvers that use a heuristic (and A*'s weight).
const GUESSES = new Set(['a-star', 'a-star-weighted', 'bidirectional-a-star', 'greedy', 'ida-star', 'jump-point-search']);

/** Words for the note next to the solver, with the core's caveat on the search options. */
export function honoursText(name, { corners = 'never', heuristic = 'grid', weight = 1 } = {}) {
  if (!name || name === 'none') return '';
  const { costs, diagonal, uniformOnly } = solverHonours(name);
  let text = t('page.honours', {
    costs: t(costs ? 'page.honoursCosts' : 'page.honoursNoCosts'),
    moves: t(diagonal ? 'page.honoursDiagonal' : 'page.honoursSides'),
  });
  if (uniformOnly) text += ` ${t('page.honoursUniform')}`;
  // As the core's world::Heuristic::caveat says it.
  if (GUESSES.has(name) && weight > 1) {
    text += ` ${t('page.honoursWeight', { weight })}`;
  } else if (GUESSES.has(name) && corners !== 'never' && heuristic === 'manhattan') {
    text += ` ${t('page.honoursManhattan')}`;
  }
  return text;
}

/**
 * The cost of a path (cell indices, start first): the cost of entering each cell after the
 * first, √2 times for a diagonal move on the square grid (`width` given; null elsewhere).
 * `terrain` is the terrain layer, or null when nothing is painted (every cell costs 1).
 */
export function pathCost(path, terrain, width) {
  let cost = 0;
  for (let i = 1; i < path.length; i++) {
    const c = path[i], p = path[i - 1];
    const enter = terrain ? terrain[c] : 1;
    const diagonal = width !== null && c % width !== p % width && Math.floor(c / width) !== Math.floor(p / width);
    cost += diagonal ? enter * Math.SQRT2 : enter;
  }
  return cost;
}

/** The changes to a generated maze: painted cells and changed walls (see the file's head). */
export class Edits {
  constructor() {
    this.terrain = new Map(); // cell -> 0 blocked or 1..9
    this.walls = new Map(); // cell * 8 + side -> true open, false closed
  }

  static parse(text) {
    const edits = new Edits();
    if (typeof text !== 'string') throw new Error(t('page.editsText'));
    const [terrain, walls = ''] = text.split('~', 2);
    let cell = 0, count = '';
    for (let i = 0; i < terrain.length; i++) {
      const ch = terrain[i];
      if (ch >= '0' && ch <= '9') {
        count += ch;
        if (count.length > 9) throw new Error(t('page.editsLongRun', { at: String(i + 1) }));
        continue;
      }
      const n = count === '' ? 1 : Number(count);
      count = '';
      let value;
      if (ch === '.') value = null;
      else if (ch === 'x') value = BLOCKED;
      else if (ch >= 'a' && ch <= 'i') value = ch.charCodeAt(0) - 96;
      else throw new Error(t('page.editsBadSymbol', { symbol: ch, at: String(i + 1) }));
      if (value !== null) for (let c = cell; c < cell + n; c++) edits.terrain.set(c, value);
      cell += n;
    }
    if (count !== '') throw new Error(t('page.editsTrailingCount'));
    for (const token of walls.split('.').filter((t) => t !== '')) {
      const match = /^([0-9a-z]+)([0-7])([ox])$/.exec(token);
      if (!match) throw new Error(t('page.editsBadWall', { wall: token.slice(0, 20) }));
      edits.walls.set(parseInt(match[1], 36) * 8 + Number(match[2]), match[3] === 'o');
    }
    return edits;
  }

  get empty() {
    return this.terrain.size === 0 && this.walls.size === 0;
  }

  /** The core's text form: runs of terrain symbols, then `~` and the walls. */
  toText() {
    let text = '';
    let next = 0, runSymbol = '', runCount = 0;
    const flush = () => {
      if (runCount > 0) text += (runCount === 1 ? '' : String(runCount)) + runSymbol;
    };
    const add = (count, symbol) => {
      if (count <= 0) return;
      if (symbol === runSymbol) runCount += count;
      else {
        flush();
        [runSymbol, runCount] = [symbol, count];
      }
    };
    for (const cell of [...this.terrain.keys()].sort((a, b) => a - b)) {
      const value = this.terrain.get(cell);
      add(cell - next, '.');
      add(1, value === BLOCKED ? 'x' : String.fromCharCode(96 + value));
      next = cell + 1;
    }
    flush();
    if (this.walls.size === 0) return text;
    const walls = [...this.walls.keys()].sort((a, b) => a - b)
      .map((key) => `${Math.floor(key / 8).toString(36)}${key % 8}${this.walls.get(key) ? 'o' : 'x'}`);
    return `${text}~${walls.join('.')}`;
  }
}

// ---- drawing terrain --------------------------------------------------------------------

/**
 * Whether pixel (x, y) of a cell painted `value` carries its pattern's ink: grass diagonal
 * lines, sand dots, water waves. Patterns are laid in canvas pixels, `scale` device pixels a
 * unit, so neighbouring cells of one paint join up.
 */
export function patternInk(value, x, y, scale) {
  const u = Math.max(1, Math.round(scale));
  const i = Math.floor(x / u), j = Math.floor(y / u);
  if (value >= 8) return (j + (i % 6 < 3 ? 0 : 1)) % 4 === 0;
  if (value >= 4) return i % 3 === 1 && j % 3 === 1;
  if (value >= 2) return (i + j) % 5 === 0;
  return false;
}

/** A CSS background for a paint's swatch (legend, tool list): its colour and its pattern. */
export function swatchBackground(paint, doc = document) {
  const canvas = doc.createElement('canvas');
  canvas.width = canvas.height = 16;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = paint.colour;
  ctx.fillRect(0, 0, 16, 16);
  ctx.fillStyle = paint.ink;
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) if (patternInk(paint.value, x, y, 2)) ctx.fillRect(x, y, 1, 1);
  return `url("${canvas.toDataURL()}") center / cover`;
}

// ---- the path's cost, until the core reports it ------------------------------------------

let wasmMemory = null;

/** The wasm module's memory, for reading paths and terrain without a copy. */
export function useWorldMemory(memory) {
  wasmMemory = memory;
}

/** The found path's cost on the run's terrain (see pathCost), or null while there is none. */
export function costOfRun(run) {
  if (!wasmMemory) return null;
  // Every call that may allocate (and so grow memory) before any view is made.
  const width = run.shape() === 'square' && run.offCells().length === 0 ? run.width : null;
  const pathAt = run.pathPtr(), len = run.pathLen(), terrainAt = run.terrainPtr();
  if (len === 0) return null;
  const path = new Uint32Array(wasmMemory.buffer, pathAt, len);
  const terrain = terrainAt ? new Uint8Array(wasmMemory.buffer, terrainAt, run.cellCount) : null;
  return pathCost(path, terrain, width);
}

/** A cost as the status line says it: whole, or to one decimal. */
export function formatCost(cost) {
  return Number.isInteger(cost) ? formatNumber(cost) : formatNumber(cost, { maximumFractionDigits: 1 });
}
