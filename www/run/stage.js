// A stage: a run drawn on a canvas, as the page (www/main.js: the maze and the race lane) and
// <maze-step> (www/maze-step.js) show it. What both need, in one place:
//
// - the module's one-time wiring (useModule): the default ends, the mark bits, the memory the
//   world is read from, which solvers weigh costs;
// - the renderer for a run (Stage.show): pixel tiles on the plain square grid, vector shapes on
//   any other grid or under a mask. The shapes' renderer (www/draw/shape-renderer.js, with
//   geometry.js) is loaded when a run first needs it (loadShapes), not for the first plain maze;
// - the distance map's source cell (Stage.distanceSource);
// - the first run, with its fallbacks when the settings are refused as a whole
//   (startFirstRun);
// - the status line's words (statusText);
// - the mark of the first frame painted with a maze (markFirstMaze), which tests/perf/load.mjs
//   and the load test read.

import { isShaped } from './module-api.js';
import { maskText } from './masks.js';
import { useModuleEnds } from './settings.js';
import { costOfRun, formatCost, useSolverHonours, useWorldMemory } from './world.js';
import { Renderer, useModuleBits } from '../draw/renderer.js';
import { has, t } from '../words/i18n.js';
import { say } from '../words/core-words.js';

/**
 * The wiring every user of the module does once (harmless when done again: the page and
 * elements on one page share it). Returns `maskOf(settings)`: the mask text the settings stand
 * for (null for none), which throws when it cannot be made.
 */
export function useModule(mz, wasm, api) {
  const maskOf = (s) => maskText(s.mask, s.shape, s.width, s.height, api);
  useModuleEnds(api, maskOf);
  useModuleBits(mz);
  useWorldMemory(wasm.memory);
  useSolverHonours((name) => Array.from(mz.solverHonours(name)));
  return maskOf;
}

// ---- the shapes' renderer, loaded when first needed ----------------------------------------

let shapes = null; // { ShapeRenderer, geometryOf } once loaded
let shapesLoading = null;

/** Loads the renderer of every grid but the plain square one; resolves to { ShapeRenderer, geometryOf }. */
export function loadShapes() {
  shapesLoading ??= Promise.all([import('../draw/shape-renderer.js'), import('../draw/geometry.js')])
    .then(([renderer, geometry]) => (shapes = { ShapeRenderer: renderer.ShapeRenderer, geometryOf: geometry.geometryOf }));
  return shapesLoading;
}

/** The shapes' module once loaded, else null. */
export function loadedShapes() {
  return shapes;
}

/** Whether runs with these settings may be drawn as shapes (another grid, or a mask). */
export function mayBeShaped(settings) {
  return settings.shape !== 'square' || Boolean(settings.mask);
}

// ---- a stage ------------------------------------------------------------------------------

export class Stage {
  /**
   * @param {object} parts { canvas, overlay, box, memory }: the maze's canvas, the markers'
   *   canvas on it, the box both fit into, the module's memory
   * @param {object} options { style, chore(work): background work of the controller's (a big
   *   maze's repaint, a band at a time), shapesLoaded(): a run waited for the shapes' renderer
   *   and is drawn now (the owner lays the stage out again) }
   */
  constructor({ canvas, overlay, box, memory }, { style = 'block', chore = () => {}, shapesLoaded = () => {} } = {}) {
    this.parts = [canvas, overlay, box, memory];
    this.style = style;
    this.chore = chore;
    this.shapesLoaded = shapesLoaded;
    this.tiles = this.prepare(new Renderer(...this.parts));
    this.shapes = null; // made once the shapes' module is loaded
    this.renderer = this.tiles;
    this.waiting = null; // { run, distances } while a shaped run waits for the shapes' module
    this.thinking = { arrows: false, numbers: '', trace: -1 }; // www/draw/thinking.js
  }

  /**
   * How the search thinks, drawn over the maze: any of { arrows, numbers, trace } (the
   * settings' `arrows` and `numbers`; a traced cell, -1 for none), on every renderer.
   */
  setThinking({ arrows = this.thinking.arrows, numbers = this.thinking.numbers, trace = this.thinking.trace }) {
    this.thinking = { arrows: Boolean(arrows), numbers: numbers || '', trace };
    for (const r of this.renderers()) r.setThinking(this.thinking);
  }

  prepare(renderer) {
    renderer.setStyle(this.style);
    if (this.thinking) renderer.setThinking(this.thinking);
    renderer.onPending = () => this.chore((rows) => this.renderer.drawMore(rows));
    return renderer;
  }

  /** The shapes' renderer, made on first use; null while its module is not loaded. */
  shapeRenderer() {
    if (!this.shapes && shapes) this.shapes = this.prepare(new shapes.ShapeRenderer(...this.parts));
    return this.shapes;
  }

  /** Every renderer made so far. */
  renderers() {
    return this.shapes ? [this.tiles, this.shapes] : [this.tiles];
  }

  /**
   * Shows `run` (null: nothing) from its first step, in the renderer that suits it, with the
   * distance map from `distances` ('' off, 'start', or 'x,y'). Returns the renderer in use. A
   * shaped run before the shapes' module is loaded shows nothing until it is, then is drawn.
   */
  show(run, distances = '') {
    this.waiting = null;
    let use = this.tiles;
    if (run !== null && isShaped(run)) {
      use = this.shapeRenderer();
      if (!use) {
        this.waiting = { run, distances };
        loadShapes().then(() => {
          if (this.waiting?.run !== run) return;
          this.show(run, distances);
          this.shapesLoaded();
        });
        use = this.tiles;
        run = null;
      }
    }
    for (const rest of this.renderers()) {
      if (rest === use) continue;
      if (rest.run) rest.setRun(null);
      rest.nextRow = null;
      rest.nextCell = null;
    }
    this.renderer = use;
    // A new run: no cell traced (its numbering may differ).
    this.thinking.trace = -1;
    use.setThinking(this.thinking);
    use.setDistanceFrom(-1);
    use.setRun(run);
    use.setDistanceFrom(this.distanceSource(run, distances));
    return use;
  }

  /** The distance map's source cell for `run` and the `distances` setting, -1 when the map is off. */
  distanceSource(run, distances) {
    if (!distances || !run) return -1;
    if (distances === 'start') return run.start();
    const [x, y] = distances.split(',').map(Number);
    const r = this.renderer;
    const c = r.geometry && r === this.shapes ? r.geometry.index(x, y) : y * run.width + x;
    return c >= 0 && c < run.cellCount ? c : run.start();
  }

  /** The distance map for the run on show follows the `distances` setting. */
  setDistances(run, distances) {
    this.renderer.setDistanceFrom(this.distanceSource(run, distances));
  }

  setStyle(style) {
    this.style = style;
    for (const r of this.renderers()) r.setStyle(style);
  }

  /** The frame's picture: what changed, or all of it when the dirty list does not cover the changes (`partial`). */
  draw(partial) {
    if (partial) this.renderer.drawAll();
    else this.renderer.draw();
  }
}

// ---- the first run ------------------------------------------------------------------------

/**
 * Makes the controller's first run. Edits that do not fit the maze (a link made for another
 * size) are left out (`editsDropped()` says so); settings refused as a whole are tried
 * without their grid (a mask in pieces, a generator the shape cannot take), then as the
 * defaults with the same seed and `keep`. Returns whether the settings in use changed.
 */
export function startFirstRun(controller, defaults, { keep = {}, editsDropped = () => {} } = {}) {
  const settings = controller.settings;
  if (settings.edits && !controller.start()) {
    editsDropped();
    controller.settings = { ...settings, edits: '' };
  }
  if (controller.run || controller.start()) return controller.settings !== settings;
  controller.settings = { ...settings, shape: 'square', mask: '', start: '', goal: '', distances: '', edits: '', corners: 'never' };
  if ((settings.shape === 'square' && !settings.mask) || !controller.start()) {
    controller.settings = { ...defaults, seed: settings.seed, ...keep };
    controller.start();
  }
  return true;
}

// ---- the status line ------------------------------------------------------------------------

/**
 * The page's status words; an element gives its own (www/maze-step.js statusWords). `cost`,
 * `notCheapest` and `noPath` are optional: without them the line leaves those out.
 */
export const PAGE_STATUS_WORDS = {
  ready: (phase, steps) => t('page.statusReady', { phase: phaseWord(phase, 'page.phaseLower-'), steps }),
  done: (steps) => t('page.statusDone', { steps }),
  phase: (phase, steps) => t('page.statusPhase', { phase: phaseWord(phase, 'page.phase-'), steps }),
  paused: (phase, steps) => t('page.statusPaused', { phase: phaseWord(phase, 'page.phase-'), steps }),
  visited: (visited) => t('page.statusVisited', { visited }),
  path: (length) => t('page.statusPath', { length }),
  // A count of more than 15 digits (an open room's reach 10^2465) by its first digits and length.
  paths: (count) => (count.length > 15
    ? t('page.statusPathsLong', { head: count.slice(0, 6), digits: count.length })
    : t('page.statusPaths', { count })),
  cost: (cost) => t('page.statusCost', { cost }),
  notCheapest: (cheapest) => t('page.statusNotCheapest', { cheapest }),
  // The module's words: its sentence in the page's language, else its English as it is.
  noPath: (run, english) => say(safe(() => run.noPathData?.(), null)) || english,
};

// A phase in words ("Generating", lower case inside sentences), else its name.
const phaseWord = (phase, prefix) => (has(`${prefix}${phase}`) ? t(`${prefix}${phase}`) : phase);

/**
 * The status line: phase, step count, and for solvers what the search has found, in the
 * given words (the page's by default).
 */
export function statusText(run, state, solver, words = PAGE_STATUS_WORDS) {
  const phase = run.phase();
  const steps = run.steps();
  const parts = [];
  if (state === 'idle') parts.push(words.ready(phase, steps));
  else if (phase === 'done' || state === 'done') parts.push(words.done(steps));
  else parts.push((state === 'paused' ? words.paused : words.phase)(phase, steps));
  // Search figures once there is a search to speak of.
  if (solver !== 'none' && phase !== 'generating' && phase !== 'braiding') {
    parts.push(words.visited(run.visited()));
    parts.push(words.path(run.pathLength()));
    // The shortest-paths finder's count, exact (digits, however many).
    const count = words.paths ? safe(() => run.pathCount?.() ?? '', '') : '';
    if (count) parts.push(words.paths(count));
    // The cost on the terrain (√2 a diagonal move), worked out here until the core reports it.
    const cost = words.cost ? costOf(run) : null;
    if (cost !== null) {
      parts.push(words.cost(formatCost(cost)));
      const cheapest = cheapestOf(run, cost);
      if (cheapest !== null && cost > cheapest + 1e-9) parts.push(words.notCheapest(formatCost(cheapest)));
    }
    const noPath = words.noPath ? run.noPath() : '';
    if (noPath) parts.push(words.noPath(run, noPath));
  }
  return parts.join(' · ');
}

// A path's cost, per run: worked out again only when the path or the terrain changed (the
// status is shown every frame; a world edited in place says so through forgetCosts).
let costs = new WeakMap();

function costOf(run) {
  const key = safe(() => `${run.pathLength()}|${run.terrainPtr()}|${run.phase()}`, '');
  const known = costs.get(run);
  if (known && known.key === key) return known.cost;
  const cost = safe(() => costOfRun(run), null);
  costs.set(run, { key, cost });
  return cost;
}

/** The world of a run changed in place (a live re-solve): its path's cost is worked out again. */
export function forgetCosts() {
  costs = new WeakMap();
}

// What the cheapest path costs, per run and world: asked of the core once the search is over,
// and only where costs are not lengths (terrain painted, or a diagonal move on the path) and
// the maze is small enough for one more whole search not to be felt (2^20 cells). A live
// re-solve keeps the run but changes its world, so the edits and ends are part of the key.
const cheapestCosts = new WeakMap();
const CHEAPEST_CELLS = 1 << 20;

function cheapestOf(run, cost) {
  const phase = run.phase();
  if (phase !== 'walking' && phase !== 'done') return null;
  const world = worldKey(run);
  const known = cheapestCosts.get(run);
  if (known && known.world === world) return known.cheapest;
  let cheapest = null;
  const weighs = safe(() => run.terrainPtr() !== 0, false) || !Number.isInteger(Math.round(cost * 1e6) / 1e6);
  if (weighs) cheapest = bestPathsOf(run)?.cheapestCost ?? null;
  cheapestCosts.set(run, { world, cheapest });
  return cheapest;
}

// The world a run searched, as far as a live re-solve changes it (the run stays the same).
const worldKey = (run) => safe(() => `${run.editsText()}|${run.start()}|${run.goal()}`, '');

// The shortest and the cheapest paths, per run and world (www/ui/race.js's notes and the
// status line's "not the cheapest" compare the found path with them).
const bestPaths = new WeakMap();

/**
 * The best paths on the world the run's solver searched (its edits, terrain, mask, shape and
 * diagonal moves), once the search is over: { shortestCells, shortestCost, cheapestCost,
 * cheapestCells }, or null (the search not over, the goal unreachable, or a maze over 2^20
 * cells, where one more whole search would be felt). Asked of the core once per run and world.
 */
export function bestPathsOf(run) {
  const phase = safe(() => run.phase(), '');
  if (phase !== 'walking' && phase !== 'done') return null;
  const world = worldKey(run);
  const known = bestPaths.get(run);
  if (known && known.world === world) return known.best;
  let best = null;
  if (run.cellCount <= CHEAPEST_CELLS && typeof run.bestPaths === 'function') {
    const values = safe(() => Array.from(run.bestPaths()), []);
    if (values.length === 4 && values.every(Number.isFinite)) {
      const [shortestCells, shortestCost, cheapestCost, cheapestCells] = values;
      best = { shortestCells, shortestCost, cheapestCost, cheapestCells };
    }
  }
  bestPaths.set(run, { world, best });
  return best;
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}

// ---- the first maze on screen ---------------------------------------------------------------

/**
 * Marks `performance.mark('first-maze')` once, after the first frame painted with a maze: the
 * canvas is drawn now, the frame is painted after the next animation frame's callbacks, and a
 * task after those runs once it has been. Resolves then (at once when marked before), or
 * after a second in a tab in the background, which paints no frames.
 */
let marked = null;
export function markFirstMaze() {
  if (typeof requestAnimationFrame !== 'function') return Promise.resolve();
  marked ??= new Promise((resolve) => {
    setTimeout(resolve, 1000);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark('first-maze');
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
  return marked;
}
