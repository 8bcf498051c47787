// The wasm module, loaded once per document and shared by everything that needs it: the page
// (main.js) and every <maze-step> element. ES modules are singletons per URL, so the promise
// below is the one instance, however many elements ask for it.

import { goalList } from './settings.js';

let loading = null;
let inits = 0;

/**
 * Loads pkg/ (found next to www/, relative to this file, so a page in another folder can use
 * it) and initialises it once. Resolves to { mz, wasm }; rejects with the loader's error.
 */
export function loadModule() {
  loading ??= (async () => {
    const mz = await import('../../pkg/mazestep.js');
    // pkg/ is built one way, scripts/build; a bare `wasm-pack build` lacks the guard its last
    // step appends (scripts/finish-pkg.mjs), and is named here rather than half-used.
    if (mz.MazeRun?.[Symbol.for('mazestep.pkg-finished')] !== true) {
      throw new Error('pkg/mazestep.js was built without scripts/finish-pkg.mjs (a bare wasm-pack build?), so a call ' +
        'on a freed run would say "null pointer passed to rust"');
    }
    // The single-file page (scripts/build-offline) carries the module inline, as base64.
    const inline = globalThis.MAZESTEP_WASM_BASE64;
    inits++;
    const wasm = await mz.default(inline
      ? { module_or_path: Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)) }
      : undefined);
    return { mz, wasm };
  })();
  return loading;
}

/** How many times the module was initialised (1 once loaded): for tests. */
export function moduleInits() {
  return inits;
}

/** The module's lookups as plain arrays, in the shape readSettings and the panels take. */
export function moduleApi(mz) {
  return {
    generatorNames: () => Array.from(mz.generatorNames()),
    solverNames: () => Array.from(mz.solverNames()),
    algorithmTitle: mz.algorithmTitle,
    algorithmSummary: mz.algorithmSummary,
    algorithmStepUnit: mz.algorithmStepUnit,
    generatorGroup: mz.generatorGroup,
    generatorGroups: () => Array.from(mz.generatorGroups()),
    statsNames: () => Array.from(mz.statsNames()),
    pseudocode: (name) => Array.from(mz.pseudocode(name)),
    legendBits: mz.legendBits,
    legendLabels: (name) => Array.from(mz.legendLabels(name)),
    parseSide: mz.parseSide,
    parseSeed: mz.parseSeed,
    parsePoint: mz.parsePoint,
    parseBraid: mz.parseBraid,
    freshSeed: mz.freshSeed,
    algorithmEvents: mz.algorithmEvents,
    eventLabel: mz.eventLabel,
    maskPresets: () => Array.from(mz.maskPresets()),
    presetMask: mz.presetMask,
    wordMask: mz.wordMask,
    pictureMask: mz.pictureMask,
    largestPiece: mz.largestPiece,
    algorithmShapes: (name) => Array.from(mz.algorithmShapes(name)),
    usesDensity: mz.usesDensity,
    generatorKnobs: (name) => knobsOf(mz, name),
    parseKnobs: mz.parseKnobs,
    ringStarts: (rings) => Array.from(mz.ringStarts(rings)),
    defaultEnds: mz.defaultEnds,
  };
}

// Each run's switched-off cells: they never change during a run, and at 4096 × 4096 under a
// mask the list is millions long, so it is read from the module once per run.
const offCellsKept = new WeakMap();

/** `run.offCells()`, read once per run. */
export function offCellsOf(run) {
  let off = offCellsKept.get(run);
  if (!off) {
    off = run.offCells();
    offCellsKept.set(run, off);
  }
  return off;
}

/** Whether a run is drawn as a shape (any grid but the plain square one, or cells off). */
export function isShaped(run) {
  return run.shape() !== 'square' || offCellsOf(run).length > 0;
}

/** A new MazeRun from the page's settings (throws the module's message when refused). */
export function createRun(mz, settings, maskOf) {
  return new mz.MazeRun(runOptions(mz, settings, maskOf));
}

/** The module's options (new MazeRun, packMaze) for the page's settings. */
export function runOptions(mz, settings, maskOf) {
  const s = settings;
  return {
    generator: s.generator,
    solver: s.solver === 'none' ? '' : s.solver,
    width: s.width,
    height: s.height,
    seed: s.seed,
    start: s.start,
    goal: goalList(s),
    via: s.via || null,
    // The page keeps percentages; the module takes shares.
    braid: s.braid / 100,
    shape: s.shape,
    mask: maskOf(s),
    edits: s.edits,
    corners: s.corners,
    heuristic: s.heuristic,
    weight: s.weight,
    density: s.density / 100,
    // A generator's own knobs as NAME=VALUE text ('' none); see knobsOf.
    knobs: s.knobs || null,
    // Flooding only for the solvers that can, to one goal without waypoints (the module refuses
    // the rest): a race partner, a newly chosen solver or a goal list simply stops at the goal.
    exit: s.exit === 'flood' && floods(mz, s.solver) && !s.goals && !s.via ? 'flood' : 'goal',
    // Where the ends not given go: the corners, the hardest pair or a random pair.
    ends: s.ends || 'corners',
  };
}

/**
 * A generator's knobs as the module lists them (generatorKnobs): [{ name, value (the default, as
 * text), words }] for a choice of words, or [{ name, value, min, max, whole }] for a number.
 */
export function knobsOf(mz, name) {
  return mz.generatorKnobs(name).split('\n').filter(Boolean).map((line) => {
    const [knob, value, kind, ...rest] = line.split(' ');
    if (kind === 'words') return { name: knob, value, words: rest };
    return { name: knob, value, min: Number(rest[0]), max: Number(rest[1]), whole: rest[2] === '1' };
  });
}

/** Whether the module's solver `name` can flood (solverHonours' fourth flag). */
function floods(mz, name) {
  try {
    return mz.solverHonours(name)[3] === 1;
  } catch {
    return false;
  }
}
