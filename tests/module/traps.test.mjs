// No call ends in a WebAssembly trap. A trap (`RuntimeError: unreachable`, a Rust panic) would
// leave its run poisoned: every later call "recursive use of an object", and free() unable to
// give the memory back. Three checks:
//   - the reproduction of issue 26: text() of a polar run is refused, and the run goes on;
//   - every export (each method of MazeRun, each free function) called with good arguments on
//     every shape, at every phase: before generation ends, while solving, at the end, freed;
//   - a property test: random shapes, phases and calls, with arguments of every JS type, huge
//     and negative numbers, long and hostile strings, never see a RuntimeError, and every
//     run stays usable and can be freed.
//
// Seeded: set MAZESTEP_PROPERTY_SEED=<n> to replay a failure (the seed is in every message).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mz, random } from './load.mjs';

const SEED = Number(process.env.MAZESTEP_PROPERTY_SEED ?? 20261127);

/**
 * A trap, as V8 throws it for `unreachable` (a Rust panic), an out-of-bounds access, a stack
 * overflow; or the messages of a run a trap has poisoned.
 */
const isTrap = (err) => err instanceof WebAssembly.RuntimeError ||
  /recursive use of an object detected|attempted to take ownership of Rust value/.test(String(err?.message));

/** Calls `f`; returns { value } or { error }, failing at once on a trap or a non-Error throw. */
function attempt(what, f) {
  try {
    return { value: f() };
  } catch (error) {
    assert.ok(!isTrap(error), `${what}: a trap: ${error?.stack ?? error}`);
    assert.ok(error instanceof Error, `${what}: threw ${typeof error} ${String(error)}, not an Error`);
    return { error };
  }
}

// ---- the grids and the phases ----------------------------------------------------------

/** Every grid a run can have: each shape, and a masked square. (generator, solver, w, h). */
const GRIDS = [
  ['square', ['kruskal', 'a-star', 9, 7, null, null]],
  ['hex', ['recursive-backtracker', 'bfs', 7, 6, 'hex', null]],
  ['triangle', ['recursive-backtracker', 'bfs', 8, 5, 'triangle', null]],
  ['polar', ['recursive-backtracker', 'bfs', 1, 4, 'polar', null]],
  ['weave', ['recursive-backtracker', 'bfs', 7, 7, 'weave', null]],
  ['masked', ['kruskal', 'bfs', 10, 10, null, 'circle']],
];

/** A fresh run of a grid. */
function makeRun([generator, solver, width, height, shape, preset]) {
  const mask = preset ? mz.presetMask(preset, width, height, shape) : null;
  return new mz.MazeRun(generator, solver, width, height, '3', null, null, null, shape, mask);
}

/** The phases a run is tried at: a way to bring a fresh run there. */
const PHASES = {
  'step 0': () => {},
  generating: (run) => run.advance(3),
  solving: (run) => {
    while (run.phase() !== 'solving' && run.phase() !== 'done') run.advance(1);
    run.advance(2);
  },
  done: (run) => run.finish(),
  freed: (run) => {
    run.advance(5);
    run.free();
  },
};

// ---- good arguments for every export ------------------------------------------------------

/** Each method with good arguments (some twice: with and without a limit). */
const METHOD_CALLS = [
  ['advance', [3]], ['advanceUntil', ['expand', 10]], ['algorithm', []], ['allDirty', []],
  ['back', []], ['bestPaths', []], ['cameFrom', [0]], ['cameFromPtr', []], ['canRework', []], ['cellsPtr', []],
  ['cheapestCost', []], ['costSoFar', [1]], ['costSoFarPtr', []], ['counterNames', []],
  ['counterValues', []], ['current', []], ['dirtyLen', []], ['dirtyPtr', []],
  ['distancesPtr', []], ['editsText', []], ['estimate', [2]], ['estimatePtr', []], ['finish', [5]], ['finish', []], ['goal', []], ['goalExit', []],
  ['goalReached', []], ['goals', []],
  ['groupsPtr', []], ['hasLabels', []], ['heading', []], ['knownTotal', []], ['lastEvent', []],
  ['lastLine', []], ['layTimeline', [5]], ['longestPath', [0]], ['marksPtr', []],
  ['measureDistances', [0]], ['measureThinking', []], ['measure', [100]], ['narrationData', []], ['narration', []],
  ['noPathData', []], ['noPath', []], ['offCells', []], ['outcome', []], ['pathCost', []],
  ['pathLen', []], ['pathLength', []], ['pathPtr', []], ['pathCount', []], ['answerCells', []], ['phaseSteps', ['generating']],
  ['phase', []], ['prepareBack', [100]], ['prepareEnds', []], ['prepareEnds', [100]], ['rework', ['', null, null]], ['rework', ['2.a', null, null]],
  ['reworkStops', ['', null, '5,5;1,1', ['2,2']]],
  ['ringStarts', []], ['seek', [2]], ['seek', [9, 4]], ['shape', []],
  ['sheetBegin', [true, true, null]], ['sheetNext', [1000]], ['sheetProgress', []],
  ['sheetCancel', []], ['solveWith', ['bfs']], ['start', []], ['startExit', []], ['stats', []], ['steps', []],
  ['structureCount', []], ['structureItems', [0, 3]], ['structureNote', [0]],
  ['structureTitle', [0]], ['structureTotal', [0]], ['structures', [3]], ['svg', [true, true]],
  ['svg', [false]], ['terrainPtr', []], ['text', [true]], ['timelineLaid', []],
  ['totalSteps', []], ['undoable', []], ['visited', []], ['waypoints', []],
];
const GETTERS = ['cellCount', 'width', 'height'];

/** Each free function with good arguments for a grid of `shape` (null: square). */
const freeCalls = (shape) => {
  const s = shape ?? 'square';
  const [w, h] = s === 'polar' ? [1, 4] : [6, 5];
  const mask = mz.presetMask('circle', w, h, s);
  return [
    ['algorithmEvents', ['bfs']], ['algorithmShapes', ['kruskal']], ['algorithmStepUnit', ['bfs']],
    ['algorithmSummary', ['bfs']], ['algorithmTitle', ['bfs']], ['defaultEnds', [w, h, s, mask]],
    ['eventLabel', ['expand']], ['freshSeed', []], ['generatorGroup', ['kruskal']],
    ['generatorGroups', []], ['generatorNames', []], ['largestPiece', [s, w, h, mask]],
    ['generatorKnobs', ['eller']], ['parseKnobs', ['eller', 'join=0.2']],
    ['legendBits', ['bfs']], ['legendLabels', ['bfs']], ['markBits', []], ['markNames', []],
    ['maskPresets', []], ['maxSide', []], ['parseBraid', ['35']], ['parsePoint', ['start', '1,2']],
    ['parseSeed', ['7']], ['parseSide', ['width', '9']], ['passageBits', []],
    ['pictureMask', [s, w, h, new Uint8Array(16).fill(255), 2, 2]],
    ['presetMask', ['heart', w, h, s]], ['pseudocode', ['bfs']], ['ringStarts', [5]], ['shapeNames', []],
    ['solveWorld', ['S.\n.G\n', 'a-star', 'never', 'grid', 1]], ['solverHonours', ['bfs']],
    ['solverNames', []], ['statsLabels', []], ['statsNames', []], ['usesDensity', ['caves']],
    ['wordMask', ['AB', 2]],
    ['packMaze', [{ generator: 'recursive-backtracker', width: w, height: h, shape: s, mask, seed: '1' }, 'hardest', true]],
    ['packPage', ['a4', 'Maze', 'Name\nDate', 'seed 1',
      mz.packMaze({ generator: 'recursive-backtracker', width: w, height: h, shape: s, mask, seed: '1' }, 'corners', false), '']],
  ];
};

/** The free functions of the module, found by looking (not a list that could miss one). */
const FREE_FUNCTIONS = Object.keys(mz).filter((name) =>
  typeof mz[name] === 'function' && !['default', 'initSync', 'MazeRun'].includes(name));
/** The methods of MazeRun, found by looking. */
const METHODS = Object.getOwnPropertyNames(mz.MazeRun.prototype).filter((name) =>
  name !== 'constructor' && !name.startsWith('__') &&
  typeof Object.getOwnPropertyDescriptor(mz.MazeRun.prototype, name).value === 'function');

test('the lists above name every export of the module', () => {
  const listed = new Set(METHOD_CALLS.map(([name]) => name));
  assert.deepEqual(METHODS.filter((name) => name !== 'free' && !listed.has(name)), [], 'methods not tried');
  const free = new Set(freeCalls(null).map(([name]) => name));
  assert.deepEqual(FREE_FUNCTIONS.filter((name) => !free.has(name)), [], 'free functions not tried');
});

// ---- the reproduction ---------------------------------------------------------------------

test('text() of a polar run is refused clearly, and the run goes on and can be freed', () => {
  const run = new mz.MazeRun('recursive-backtracker', 'bfs', 1, 2, 1, null, null, null, 'polar');
  for (const solution of [false, true]) {
    const { error } = attempt('text', () => run.text(solution));
    assert.ok(error, 'refused');
    assert.equal(error.message,
      'text: tile text draws the plain square grid only, not a polar grid: save the SVG worksheet instead');
    assert.equal(error.data.key, 'core.refusals.tiles-grid');
    assert.equal(error.data.args.grid.key, 'core.messages.shape-grid');
    assert.equal(error.data.args.grid.args.shape.key, 'core.shapes.polar');
  }
  // The run is not poisoned: it steps, finishes, reworks and frees.
  assert.equal(run.advance(1), 1);
  run.finish();
  assert.equal(run.phase(), 'done');
  assert.ok(run.rework('', null, null) >= 0);
  assert.throws(() => run.text(false), /plain square grid only/);
  run.free();
  assert.throws(() => run.steps(), /this run was freed/);
});

test('text() refuses every grid but the plain square one, at every step', () => {
  for (const [name, grid] of GRIDS) {
    const run = makeRun(grid);
    for (let i = 0; i < 4; i++) {
      if (name === 'square') {
        assert.match(run.text(true), /^#+\n#S/);
      } else {
        const { error } = attempt(`${name} text`, () => run.text(true));
        assert.equal(error?.data?.key, 'core.refusals.tiles-grid', `${name} step ${run.steps()}`);
        assert.match(error.message, name === 'masked' ? /not a masked grid/ : new RegExp(`not a ${name} grid`));
      }
      run.advance(i === 2 ? Infinity : 7);
    }
    run.free();
  }
});

// ---- every export, every shape, every phase -------------------------------------------------

test('every export on every shape at every phase: an answer or a clear Error, never a trap', () => {
  let calls = 0;
  for (const [gridName, grid] of GRIDS) {
    for (const [phaseName, bring] of Object.entries(PHASES)) {
      for (const [method, args] of METHOD_CALLS) {
        const run = makeRun(grid);
        bring(run);
        const what = `${gridName}, ${phaseName}: ${method}(${args.map(String).join(', ')})`;
        const { error } = attempt(what, () => run[method](...args));
        calls++;
        if (phaseName === 'freed') {
          assert.match(String(error?.message), /this run was freed/, what);
          continue;
        }
        if (error) assert.match(error.message, new RegExp(`^${method}: `), `${what}: ${error.message}`);
        // Whatever it said, the run still answers and steps, and frees.
        for (const getter of GETTERS) attempt(`${what} then ${getter}`, () => run[getter]);
        attempt(`${what} then advance`, () => run.advance(2));
        attempt(`${what} then free`, () => run.free());
      }
      for (const getter of GETTERS) {
        const run = makeRun(grid);
        bring(run);
        attempt(`${gridName}, ${phaseName}: ${getter}`, () => run[getter]);
      }
    }
    for (const [name, args] of freeCalls(grid[4])) {
      attempt(`${gridName}: ${name}`, () => mz[name](...args));
      calls++;
    }
  }
  assert.ok(calls > 2000, `${calls} calls`);
});

// ---- random calls with arguments of every kind --------------------------------------------

/** An object that throws if anything tries to turn it into a primitive. */
const hostile = {
  valueOf() { throw new Error('hostile valueOf'); },
  toString() { throw new Error('hostile toString'); },
  [Symbol.toPrimitive]() { throw new Error('hostile toPrimitive'); },
};
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
})();
class LyingBytes extends Uint8Array {
  get length() { return 1 << 20; }
  get byteLength() { return 1 << 20; }
}

/** Values of every JS type; small valid numbers, and huge, negative and odd ones. */
function valuePool() {
  const names = [...mz.generatorNames(), ...mz.solverNames()];
  const kinds = [...new Set(names.flatMap((name) => mz.algorithmEvents(name)))];
  return [
    undefined, null, true, false, 0, -0, 1, 2, 3, 5, 7, 12, -1, -7, 2.5, 0.5, 0.9999999, NaN,
    Infinity, -Infinity, 1e300, -1e300, 1e-300, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 4097,
    Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, '', ' ', 'nope', '3', '-1', '1e999', '0,0', '3,4',
    '99999,2', 'square', 'hex', 'triangle', 'polar', 'weave', 'circle', 'AB', 'generating',
    'solving', 'done', ...names, ...kinds, '16777216x', '95.3b7x', 'x', '~0zo', '3q', '1z2o',
    '..\n.X\n', 'X\n', '.'.repeat(10_000), 'x'.repeat(100_000), '\u202eevil', 'S.\n.G\n',
    'S#\n#G\n', '\u{feff}S.\n.G\n', '\n\nS.\n.G\n', Symbol('s'), 10n, 2n ** 70n, () => 1, {}, [],
    [1, 2], { length: 16 }, new String('bfs'), new Number(3), hostile, revoked,
    new Proxy(new Uint8Array(16), {}), new Uint8Array(16).fill(255), new Uint8ClampedArray(4),
    new Uint8Array(0), new Int8Array(16), new Float64Array(4), new LyingBytes(4),
    new DataView(new ArrayBuffer(16)), new ArrayBuffer(16), new Date(0), /x/, new Map(),
  ];
}

test('property: random calls with every kind of argument never trap', () => {
  const rng = random(SEED);
  const pool = valuePool();
  const someValue = () => rng.pick(pool);
  /** Good arguments, or with one or more swapped for anything, or anything at all. */
  const argumentsFor = (good) => {
    const roll = rng.next();
    if (roll < 0.3) return good.slice();
    if (roll < 0.8) {
      const args = good.slice();
      const swaps = rng.int(1, Math.max(1, args.length));
      for (let i = 0; i < swaps; i++) args[rng.int(0, Math.max(0, args.length))] = someValue();
      return args;
    }
    return Array.from({ length: rng.int(0, 6) }, someValue);
  };
  const ITERATIONS = 160, CALLS = 30;
  let calls = 0, refused = 0;
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const where = `seed ${SEED}, iteration ${iteration}`;
    const [gridName, grid] = rng.pick(GRIDS);
    // Sometimes the constructor itself with odd arguments.
    let run;
    if (rng.chance(0.2)) {
      const good = ['kruskal', 'bfs', 5, 4, '1', null, null, null, null, null, null, null, null, null, null];
      const made = attempt(`${where}: new MazeRun`, () => new mz.MazeRun(...argumentsFor(good)));
      calls++;
      run = made.value ?? makeRun(grid);
    } else {
      run = makeRun(grid);
    }
    const phase = rng.pick(Object.keys(PHASES).filter((p) => p !== 'freed'));
    PHASES[phase](run);
    let freed = false;
    for (let i = 0; i < CALLS; i++) {
      const which = rng.next();
      if (which < 0.03) {
        attempt(`${where}: free`, () => run.free());
        freed = true;
        continue;
      }
      if (which < 0.25) {
        const [name, good] = rng.pick(freeCalls(grid[4]));
        const args = argumentsFor(good);
        const { error } = attempt(`${where} (${gridName}): ${name}(${args.map(safe).join(', ')})`, () => mz[name](...args));
        calls++;
        if (error) refused++;
        continue;
      }
      const [name, good] = rng.pick(METHOD_CALLS);
      const args = argumentsFor(good);
      const what = `${where} (${gridName}, ${phase}${freed ? ', freed' : ''}): ${name}(${args.map(safe).join(', ')})`;
      const { error } = attempt(what, () => run[name](...args));
      calls++;
      if (error) refused++;
      if (freed) {
        assert.match(error?.message ?? '', /this run was freed/, what);
        continue;
      }
      // The run still answers after every call, refused or not.
      attempt(`${what}, then steps()`, () => run.steps());
    }
    if (!freed) attempt(`${where}: free`, () => run.free());
  }
  assert.ok(calls > ITERATIONS * CALLS * 0.9, `${calls} calls`);
  assert.ok(refused > calls / 10, `a good share refused (${refused} of ${calls}): the arguments were odd enough`);
});

/** A value as assertion messages show it. */
function safe(value) {
  try {
    if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'symbol' || typeof value === 'function') return typeof value;
    if (value && typeof value === 'object') return value.constructor?.name ?? 'object';
    return String(value);
  } catch {
    return 'object';
  }
}
