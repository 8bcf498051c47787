// The world a learner edits: terrain painted on cells (0 blocked, 1 to 9 the cost of entering)
// and walls opened or closed, kept as a difference from the generated maze in the core's text
// form (src/world/edits.rs), which links and files carry. Also the terrain palette, its
// colours and patterns, and which solvers honour terrain costs and diagonal moves.

import { formatNumber, t } from '../words/i18n.js';
import { quote } from '../words/quote.js';
import { MAX_CELLS } from './settings.js';
import { isShaped } from './module-api.js';

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
let honoursOf = () => [0, 0, 0, 0];

/** Where solverHonours(name) comes from: the module's function (main.js, at boot). */
export function useSolverHonours(fn) {
  honoursOf = fn;
}

/**
 * What a solver does with the world: { costs, diagonal, uniformOnly, floods } (booleans;
 * floods: it can go on past the goal and flood everything reachable, exit 'flood').
 */
export function solverHonours(name) {
  try {
    const [costs, diagonal, uniformOnly, floods] = honoursOf(name);
    return { costs: costs === 1, diagonal: diagonal === 1, uniformOnly: uniformOnly === 1, floods: floods === 1 };
  } catch {
    return { costs: false, diagonal: false, uniformOnly: false, floods: false };
  }
}

// The solvers that use a heuristic (and A*'s weight).
const GUESSES = new Set(['a-star', 'a-star-weighted', 'bidirectional-a-star', 'greedy', 'ida-star', 'jump-point-search']);

/** Whether the solver searches with a heuristic (and A*'s weight). */
export const usesHeuristic = (name) => GUESSES.has(name);

/** Words for the note next to the solver, with the core's caveat on the search options. */
export function honoursText(name, { corners = 'never', heuristic = 'grid', weight = 1 } = {}) {
  if (!name || name === 'none') return '';
  const { costs, diagonal, uniformOnly } = solverHonours(name);
  let text = t('page.honours', {
    costs: t(costs ? 'page.honoursCosts' : 'page.honoursNoCosts'),
    moves: t(diagonal ? 'page.honoursDiagonal' : 'page.honoursSides'),
  });
  if (uniformOnly) text += ` ${t('page.honoursUniform')}`;
  // Where pruning pays (the core's jump_point_search module doc says the same).
  if (name === 'jump-point-search') text += ` ${t('page.honoursJumps')}`;
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

/**
 * The terrain painted on cells, kept as runs (first cell, length, value), so that a long run
 * of one paint costs one entry, however many cells it covers. Reads and writes like a Map of
 * cell → value (`get`, `set`, `delete`, `size`).
 */
export class TerrainRuns {
  constructor() {
    this.starts = [];
    this.lengths = [];
    this.values = [];
    this.size = 0; // cells painted
  }

  /** The index of the run holding `cell`, or -(insertion point) - 1. */
  find(cell) {
    let low = 0, high = this.starts.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (cell < this.starts[mid]) high = mid - 1;
      else if (cell >= this.starts[mid] + this.lengths[mid]) low = mid + 1;
      else return mid;
    }
    return -low - 1;
  }

  get(cell) {
    const i = this.find(cell);
    return i >= 0 ? this.values[i] : undefined;
  }

  has(cell) {
    return this.find(cell) >= 0;
  }

  /** `count` cells from `start` painted `value`, after every run painted so far (parse). */
  append(start, count, value) {
    const last = this.starts.length - 1;
    if (last >= 0 && this.values[last] === value && this.starts[last] + this.lengths[last] === start) {
      this.lengths[last] += count;
    } else {
      this.starts.push(start);
      this.lengths.push(count);
      this.values.push(value);
    }
    this.size += count;
  }

  set(cell, value) {
    this.delete(cell);
    const at = -this.find(cell) - 1;
    this.starts.splice(at, 0, cell);
    this.lengths.splice(at, 0, 1);
    this.values.splice(at, 0, value);
    this.size++;
    return this;
  }

  delete(cell) {
    const i = this.find(cell);
    if (i < 0) return false;
    const start = this.starts[i], length = this.lengths[i], value = this.values[i];
    const before = cell - start, after = start + length - cell - 1;
    const pieces = [];
    if (before > 0) pieces.push([start, before]);
    if (after > 0) pieces.push([cell + 1, after]);
    this.starts.splice(i, 1, ...pieces.map(([s]) => s));
    this.lengths.splice(i, 1, ...pieces.map(([, n]) => n));
    this.values.splice(i, 1, ...pieces.map(() => value));
    this.size--;
    return true;
  }

  /** Every run as [start, length, value], in cell order. */
  *runs() {
    for (let i = 0; i < this.starts.length; i++) yield [this.starts[i], this.lengths[i], this.values[i]];
  }
}

/** The changes to a generated maze: painted cells and changed walls (see the file's head). */
export class Edits {
  constructor() {
    this.terrain = new TerrainRuns(); // cell -> 0 blocked or 1..9
    this.walls = new Map(); // cell * 8 + side -> true open, false closed
  }

  /**
   * Reads edits from their text form, against a maze of `cells` cells (every cell of the grid,
   * those a mask switches off included; the largest maze's when not known). A terrain run that
   * goes past the maze, or a wall of a cell it does not have, is refused at once, by what it
   * says: the work is bounded by the text and the maze, never by a count the text claims.
   */
  static parse(text, cells = MAX_CELLS) {
    const edits = new Edits();
    if (typeof text !== 'string') throw new Error(t('page.editsText'));
    const [terrain, walls = ''] = text.split('~', 2);
    let cell = 0, count = '', runAt = 0;
    for (let i = 0; i < terrain.length; i++) {
      const ch = terrain[i];
      if (ch >= '0' && ch <= '9') {
        if (count === '') runAt = i;
        count += ch;
        if (count.length > 9) throw new Error(t('page.editsLongRun', { run: quote(terrain.slice(runAt, i + 1)), at: runAt + 1, max: MAX_CELLS }));
        continue;
      }
      if (count === '') runAt = i;
      const n = count === '' ? 1 : Number(count);
      count = '';
      let value;
      if (ch === '.') value = null;
      else if (ch === 'x') value = BLOCKED;
      else if (ch >= 'a' && ch <= 'i') value = ch.charCodeAt(0) - 96;
      else throw new Error(t('page.editsBadSymbol', { symbol: quote(String.fromCodePoint(terrain.codePointAt(i))), at: i + 1 }));
      if (n > cells - cell) {
        throw new Error(t('page.editsRunPast', {
          run: quote(terrain.slice(runAt, i + 1)), at: runAt + 1, count: n, from: cell, left: Math.max(0, cells - cell), cells,
        }));
      }
      if (value !== null && n > 0) edits.terrain.append(cell, n, value);
      cell += n;
    }
    if (count !== '') throw new Error(t('page.editsTrailingCount', { run: quote(terrain.slice(runAt)) }));
    for (const token of walls.split('.')) {
      if (token === '') continue;
      const match = /^([0-9a-z]+)([0-7])([ox])$/.exec(token);
      if (!match) throw new Error(t('page.editsBadWall', { wall: quote(token) }));
      const wallCell = parseInt(match[1], 36);
      if (!(wallCell < cells)) throw new Error(t('page.editsWallPast', { wall: quote(token), cell: wallCell, cells, last: cells - 1 }));
      edits.walls.set(wallCell * 8 + Number(match[2]), match[3] === 'o');
    }
    return edits;
  }

  get empty() {
    return this.terrain.size === 0 && this.walls.size === 0;
  }

  /** The core's text form: runs of terrain symbols, then `~` and the walls. */
  toText() {
    const parts = [];
    let next = 0, runSymbol = '', runCount = 0;
    const flush = () => {
      if (runCount > 0) parts.push((runCount === 1 ? '' : String(runCount)) + runSymbol);
    };
    const add = (count, symbol) => {
      if (count <= 0) return;
      if (symbol === runSymbol) runCount += count;
      else {
        flush();
        [runSymbol, runCount] = [symbol, count];
      }
    };
    for (const [start, length, value] of this.terrain.runs()) {
      add(start - next, '.');
      add(length, value === BLOCKED ? 'x' : String.fromCharCode(96 + value));
      next = start + length;
    }
    flush();
    const text = parts.join('');
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
  const width = isShaped(run) ? null : run.width;
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
