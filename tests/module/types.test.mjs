// Every JS type in every parameter of every exported function and method: each call either
// works (where the API documents the value) or throws a real Error that names the function and
// the parameter, quotes the value cut to 80 characters, and leaves the run as it was. Then
// thousands of mixed bad calls in a child process must not bring the host process down.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeChild, mz, runChild, state, stateDiff } from './load.mjs';

const GENERATORS = mz.generatorNames();
const SOLVERS = mz.solverNames();
const ALGORITHMS = [...GENERATORS, ...SOLVERS];
const EVENT_KINDS = [...new Set(ALGORITHMS.flatMap((name) => mz.algorithmEvents(name)))];
const PHASES = ['generating', 'braiding', 'solving', 'walking', 'done'];

/** An object that throws if anything tries to turn it into a primitive. */
const hostile = {
  valueOf() { throw new Error('hostile valueOf was called'); },
  toString() { throw new Error('hostile toString was called'); },
  [Symbol.toPrimitive]() { throw new Error('hostile toPrimitive was called'); },
};
const revoked = (() => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
})();

/** Every JS type, plus the awkward numbers; each parameter adds its own valid strings. */
const VALUES = [
  ['a word', 'nope'],
  ["'10'", '10'],
  ["''", ''],
  ['0', 0],
  ['1', 1],
  ['5', 5],
  ['-1', -1],
  ['-0', -0],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
  ['2.5', 2.5],
  ['0.9999999', 0.9999999],
  ['1e300', 1e300],
  ['2**53', 2 ** 53],
  ['null', null],
  ['undefined', undefined],
  ['{}', {}],
  ['[]', []],
  ['[1]', [1]],
  ['true', true],
  ['false', false],
  ['a Symbol', Symbol('s')],
  ['10n', 10n],
  ['a function', () => 1],
  ["new String('bfs')", new String('bfs')],
  ['a hostile object', hostile],
  ['a revoked Proxy', revoked],
];

const isWhole = (v) => typeof v === 'number' && Number.isInteger(v);
/** A count: a whole number 0 or more, or Infinity. */
const isCount = (v) => (isWhole(v) && v >= 0) || v === Infinity;
/** A limit on one call's work: a whole number 1 or more, or Infinity (0 could never arrive). */
const isLimit = (v) => (isWhole(v) && v >= 1) || v === Infinity;
const isSide = (v) => isWhole(v) && v >= 1 && v <= 4096;
const isAbsent = (v) => v === null || v === undefined;
const isSeed = (v) =>
  (typeof v === 'string' && /^\s*\+?\d+\s*$/.test(v) && BigInt(v.trim()) < 2n ** 64n) ||
  (isWhole(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER);
/** An empty array (not a revoked Proxy, on which Array.isArray throws). */
const isEmptyArray = (v) => {
  try {
    return Array.isArray(v) && v.length === 0;
  } catch {
    return false;
  }
};
const oneOf = (list) => (v) => typeof v === 'string' && list.includes(v);

const SHAPES = ['square', 'hex', 'triangle', 'polar'];
/** A white picture of 2 x 2 pixels, as RGBA bytes. */
const WHITE = new Uint8Array(16).fill(255);
const WHITE_CLAMPED = new Uint8ClampedArray(16).fill(255);

/** A mask that fits the run below, with one cell off. */
const SIX_BY_SIX = '......\n'.repeat(5) + '.....X\n';

// The run every method is tried on: small, a few steps in (kruskal shows 2 structures).
const RUN = ['kruskal', 'bfs', 6, 6, '7', '', '', undefined, undefined, undefined];
const PREP_STEPS = 3;
function preparedRun() {
  const run = new mz.MazeRun(...RUN);
  run.advance(PREP_STEPS);
  return run;
}

/**
 * The parameters under test. `fn` is the name messages must start with, `names` the words
 * that may name the parameter right after it, `call(v)` puts v in that parameter (`run` is a
 * fresh prepared run for methods), `ok(v)` says whether the API documents v as working
 * (true), refused (false) or leaves it open ('either'), `extra` adds parameter-specific values.
 */
function parameters(run) {
  const ctor = (i, name, ok, extra = []) => ({
    fn: 'MazeRun',
    param: name,
    // An object first is the options object, and the solver given after it is refused.
    names: i === 0 ? [name, 'solver'] : [name],
    call: (v) => {
      const args = RUN.slice();
      args[i] = v;
      const made = new mz.MazeRun(...args);
      const steps = made.steps();
      made.free();
      return steps;
    },
    ok,
    extra,
  });
  const structures = run.structureCount();
  const isIndex = (v) => isWhole(v) && v >= 0 && v < structures;
  return [
    ctor(0, 'generator', oneOf(GENERATORS), GENERATORS.map((g) => [`'${g}'`, g]).concat([["'bfs'", 'bfs']])),
    ctor(1, 'solver', (v) => isAbsent(v) || v === '' || v === 'none' || oneOf(SOLVERS)(v),
      [["'none'", 'none'], ["'a-star'", 'a-star'], ["'kruskal'", 'kruskal']]),
    ctor(2, 'width', isSide, [['4097', 4097], ['4096.5', 4096.5]]),
    ctor(3, 'height', isSide, [['4097', 4097]]),
    ctor(4, 'seed', isSeed, [
      ["'0'", '0'], ["'18446744073709551615'", '18446744073709551615'],
      ["'18446744073709551616'", '18446744073709551616'], ["'-1'", '-1'], ["'1e3'", '1e3'],
      ['2**53-1', Number.MAX_SAFE_INTEGER],
    ]),
    ctor(5, 'start', (v) => isAbsent(v) || v === '' || v === '1,2' || v === '5,5',
      [["'1,2'", '1,2'], ["'5,5'", '5,5'], ["'6,0'", '6,0'], ["'-1,0'", '-1,0'], ["'1,2,3'", '1,2,3']]),
    // A list of goals too: an empty one is none given.
    ctor(6, 'goal', (v) => isAbsent(v) || v === '' || v === '1,2' || isEmptyArray(v),
      [["'1,2'", '1,2'], ["'0,6'", '0,6']]),
    ctor(7, 'braid', (v) => isAbsent(v) || (typeof v === 'number' && v >= 0 && v <= 1),
      [['0.5', 0.5], ['1.0000001', 1.0000001], ['-0.1', -0.1]]),
    // Shapes other than square depend on which algorithms work on them: left open.
    ctor(8, 'shape', (v) => isAbsent(v) || v === 'square' || (oneOf(['hex', 'triangle', 'polar'])(v) ? 'either' : false),
      [["'square'", 'square'], ["'hex'", 'hex'], ["'circle'", 'circle']]),
    ctor(9, 'mask', (v) => isAbsent(v) || (v === SIX_BY_SIX ? 'either' : false),
      [['six rows of six', SIX_BY_SIX], ["'..'", '..'], ["'XX'", 'XX'], ["'..\\n..?'", '..\n..?']]),

    { fn: 'advance', param: 'n', names: ['n'], method: (r, v) => r.advance(v), ok: isCount },
    { fn: 'finish', param: 'limit', names: ['limit'], method: (r, v) => r.finish(v), ok: (v) => isAbsent(v) || isLimit(v) },
    { fn: 'layTimeline', param: 'limit', names: ['limit'], method: (r, v) => r.layTimeline(v), ok: isLimit },
    { fn: 'prepareBack', param: 'limit', names: ['limit'], method: (r, v) => r.prepareBack(v), ok: isLimit },
    { fn: 'seek', param: 'step', names: ['step'], method: (r, v) => r.seek(v), ok: isCount },
    { fn: 'seek', param: 'limit', names: ['limit'], method: (r, v) => r.seek(5, v), ok: (v) => isAbsent(v) || isLimit(v) },
    { fn: 'measure', param: 'limit', names: ['limit'], method: (r, v) => r.measure(v), ok: isLimit },
    { fn: 'advanceUntil', param: 'kind', names: ['kind'], method: (r, v) => r.advanceUntil(v, 10), ok: oneOf(EVENT_KINDS),
      extra: EVENT_KINDS.map((k) => [`'${k}'`, k]) },
    { fn: 'advanceUntil', param: 'limit', names: ['limit'], method: (r, v) => r.advanceUntil('merge-sets', v), ok: isCount },
    { fn: 'phaseSteps', param: 'phase', names: ['phase', 'name'], method: (r, v) => r.phaseSteps(v), ok: oneOf(PHASES),
      extra: PHASES.map((p) => [`'${p}'`, p]) },
    { fn: 'svg', param: 'withSolution', names: ['withSolution', 'with_solution'], method: (r, v) => r.svg(v), ok: (v) => typeof v === 'boolean' },
    { fn: 'svg', param: 'withDistances', names: ['withDistances'], method: (r, v) => r.svg(false, v), ok: (v) => isAbsent(v) || typeof v === 'boolean' },
    { fn: 'sheetBegin', param: 'withSolution', names: ['withSolution'], method: (r, v) => r.sheetBegin(v, false), ok: (v) => typeof v === 'boolean' },
    { fn: 'sheetBegin', param: 'withDistances', names: ['withDistances'], method: (r, v) => r.sheetBegin(false, v), ok: (v) => typeof v === 'boolean' },
    { fn: 'sheetBegin', param: 'title', names: ['title'], method: (r, v) => r.sheetBegin(false, false, v),
      ok: (v) => isAbsent(v) || typeof v === 'string' },
    { fn: 'sheetNext', param: 'limit', names: ['limit'], method: (r, v) => (r.sheetBegin(true, true), r.sheetNext(v)), ok: isLimit },
    { fn: 'text', param: 'withSolution', names: ['withSolution', 'with_solution'], method: (r, v) => r.text(v), ok: (v) => typeof v === 'boolean' },
    { fn: 'solveWith', param: 'solver', names: ['solver', 'name'], method: (r, v) => r.solveWith(v), ok: oneOf(SOLVERS),
      extra: [["'a-star'", 'a-star'], ["'none'", 'none'], ["'kruskal'", 'kruskal']] },
    { fn: 'structureTitle', param: 'i', names: ['i'], method: (r, v) => r.structureTitle(v), ok: isIndex },
    { fn: 'structureTotal', param: 'i', names: ['i'], method: (r, v) => r.structureTotal(v), ok: isIndex },
    { fn: 'structureNote', param: 'i', names: ['i'], method: (r, v) => r.structureNote(v), ok: isIndex },
    { fn: 'structureItems', param: 'i', names: ['i'], method: (r, v) => r.structureItems(v, 3), ok: isIndex },
    { fn: 'structureItems', param: 'limit', names: ['limit'], method: (r, v) => r.structureItems(0, v), ok: isCount },
    { fn: 'structures', param: 'limit', names: ['limit'], method: (r, v) => r.structures(v), ok: isCount },
    { fn: 'defaultEnds', param: 'width', names: ['width'], call: (v) => mz.defaultEnds(v, 4), ok: isSide },
    { fn: 'defaultEnds', param: 'height', names: ['height'], call: (v) => mz.defaultEnds(4, v), ok: isSide },
    { fn: 'defaultEnds', param: 'shape', names: ['shape'], call: (v) => mz.defaultEnds(6, 6, v), ok: (v) => isAbsent(v) || oneOf(SHAPES)(v),
      extra: [["'polar'", 'polar'], ["'hex'", 'hex'], ["'circle'", 'circle']] },
    { fn: 'defaultEnds', param: 'mask', names: ['mask'], call: (v) => mz.defaultEnds(6, 6, 'square', v),
      ok: (v) => isAbsent(v) || v === SIX_BY_SIX, extra: [['six rows of six', SIX_BY_SIX], ["'..'", '..'], ["'XX\nXX'", 'XX\nXX']] },
    { fn: 'algorithmShapes', param: 'name', names: ['name'], call: (v) => mz.algorithmShapes(v), ok: oneOf(ALGORITHMS),
      extra: [["'kruskal'", 'kruskal'], ["'binary-tree'", 'binary-tree'], ["'bfs'", 'bfs'], ["'player'", 'player']] },
    { fn: 'ringStarts', param: 'rings', names: ['rings'], call: (v) => mz.ringStarts(v), ok: (v) => isWhole(v) && v >= 1 && v <= 2343,
      extra: [['2343', 2343], ['2344', 2344]] },
    { fn: 'measureDistances', param: 'from', names: ['from'], method: (r, v) => r.measureDistances(v),
      ok: (v) => isWhole(v) && v >= 0 && v < 36, extra: [['35', 35], ['36', 36]] },
    { fn: 'longestPath', param: 'from', names: ['from'], method: (r, v) => r.longestPath(v),
      ok: (v) => isWhole(v) && v >= 0 && v < 36, extra: [['35', 35], ['36', 36]] },
    // A grid the mask does not fit is reported as the mask not fitting.
    { fn: 'largestPiece', param: 'shape', names: ['shape', 'mask'], call: (v) => mz.largestPiece(v, 6, 6, SIX_BY_SIX),
      ok: (v) => isAbsent(v) || ['square', 'hex', 'triangle'].includes(v), extra: [["'hex'", 'hex'], ["'polar'", 'polar'], ["'circle'", 'circle']] },
    { fn: 'largestPiece', param: 'width', names: ['width', 'mask'], call: (v) => mz.largestPiece('square', v, 6, SIX_BY_SIX), ok: (v) => v === 6,
      extra: [['6', 6]] },
    { fn: 'largestPiece', param: 'height', names: ['height', 'mask'], call: (v) => mz.largestPiece('hex', 6, v, SIX_BY_SIX), ok: (v) => v === 6,
      extra: [['6', 6]] },
    { fn: 'largestPiece', param: 'mask', names: ['mask'], call: (v) => mz.largestPiece('square', 6, 6, v), ok: (v) => v === SIX_BY_SIX,
      extra: [['six rows of six', SIX_BY_SIX], ["'..'", '..']] },
    { fn: 'presetMask', param: 'name', names: ['name'], call: (v) => mz.presetMask(v, 9, 9), ok: oneOf(mz.maskPresets()),
      extra: [["'heart'", 'heart'], ["'moon'", 'moon']] },
    { fn: 'presetMask', param: 'width', names: ['width'], call: (v) => mz.presetMask('circle', v, 9), ok: isSide },
    { fn: 'presetMask', param: 'height', names: ['height'], call: (v) => mz.presetMask('circle', 9, v), ok: isSide },
    { fn: 'presetMask', param: 'shape', names: ['shape'], call: (v) => mz.presetMask('circle', 9, 9, v),
      ok: (v) => isAbsent(v) || oneOf(SHAPES)(v), extra: [["'polar'", 'polar'], ["'hex'", 'hex'], ["'circle'", 'circle']] },
    { fn: 'pictureMask', param: 'shape', names: ['shape'], call: (v) => mz.pictureMask(v, 4, 4, WHITE, 2, 2),
      ok: oneOf(SHAPES), extra: [["'polar'", 'polar'], ["'triangle'", 'triangle'], ["'circle'", 'circle']] },
    { fn: 'pictureMask', param: 'width', names: ['width'], call: (v) => mz.pictureMask('square', v, 4, WHITE, 2, 2), ok: isSide },
    { fn: 'pictureMask', param: 'height', names: ['height'], call: (v) => mz.pictureMask('hex', 4, v, WHITE, 2, 2), ok: isSide },
    { fn: 'pictureMask', param: 'rgba', names: ['rgba'], call: (v) => mz.pictureMask('square', 2, 2, v, 2, 2),
      ok: (v) => v === WHITE || v === WHITE_CLAMPED,
      extra: [['16 white bytes', WHITE], ['16 white clamped bytes', WHITE_CLAMPED], ['15 bytes', new Uint8Array(15)],
        ['16 transparent bytes', new Uint8Array(16)], ['a Float32Array(16)', new Float32Array(16).fill(255)],
        ['an Int8Array(16)', new Int8Array(16)], ['an ArrayBuffer', new ArrayBuffer(16)], ['16 numbers', Array(16).fill(255)]] },
    ...['imageWidth', 'imageHeight'].map((name, i) => ({
      fn: 'pictureMask', param: name, names: [name],
      // A square white picture (a thin one would miss the cells' centres: every cell off).
      call: (v) => {
        const side = isSide(v) ? v : 2;
        const size = i === 0 ? [v, side] : [side, v];
        return mz.pictureMask('square', 2, 2, new Uint8Array(4 * side * side).fill(255), ...size);
      },
      ok: isSide,
      extra: [['4097', 4097], ['3', 3]],
    })),
    { fn: 'wordMask', param: 'text', names: ['text'], call: (v) => mz.wordMask(v, 1),
      ok: (v) => typeof v === 'string' && /^[A-Za-z0-9 -]{0,24}$/.test(v) && v.trim() !== '',
      extra: [["'Hi'", 'Hi'], ["'미로'", '미로'], ["'A'.repeat(25)", 'A'.repeat(25)]] },
    { fn: 'wordMask', param: 'scale', names: ['scale'], call: (v) => mz.wordMask('Hi', v), ok: (v) => isWhole(v) && v >= 1 && v <= 8,
      extra: [['8', 8], ['9', 9]] },
    { fn: 'parseBraid', param: 'text', names: ['text', 'braid'], call: (v) => mz.parseBraid(v),
      ok: (v) => typeof v === 'string' && /^\s*[0-9]{1,3}%?\s*$/.test(v) && Number(v.trim().replace('%', '')) <= 100,
      extra: [["'35'", '35'], ["'35%'", '35%'], ["'100'", '100'], ["'101'", '101'], ["'0.5'", '0.5']] },

    ...['algorithmTitle', 'algorithmSummary', 'pseudocode', 'legendBits', 'legendLabels', 'algorithmEvents',
      'algorithmStepUnit'].map((fn) => ({
      fn, param: 'name', names: ['name', 'algorithm'], call: (v) => mz[fn](v),
      ok: (v) => (v === 'player' || v === 'braid' ? 'either' : oneOf(ALGORITHMS)(v)),
      extra: [["'kruskal'", 'kruskal'], ["'a-star'", 'a-star'], ["'player'", 'player']],
    })),
    { fn: 'eventLabel', param: 'kind', names: ['kind'], call: (v) => mz.eventLabel(v), ok: oneOf(EVENT_KINDS),
      extra: EVENT_KINDS.map((k) => [`'${k}'`, k]) },
    { fn: 'generatorGroup', param: 'name', names: ['name', 'generator'], call: (v) => mz.generatorGroup(v), ok: oneOf(GENERATORS),
      extra: [["'kruskal'", 'kruskal'], ["'bfs'", 'bfs']] },
    { fn: 'parseSide', param: 'what', names: ['what'], call: (v) => mz.parseSide(v, '10'), ok: (v) => typeof v === 'string',
      extra: [["'width'", 'width']] },
    { fn: 'parseSide', param: 'text', names: ['text', 'width'], call: (v) => mz.parseSide('width', v),
      ok: (v) => v === '10' || v === '4096' || v === ' 12 ',
      extra: [["'4096'", '4096'], ["'4097'", '4097'], ["'0'", '0'], ["' 12 '", ' 12 '], ["'1e2'", '1e2']] },
    { fn: 'parseSeed', param: 'text', names: ['text', 'seed'], call: (v) => mz.parseSeed(v),
      ok: (v) => typeof v === 'string' && isSeed(v),
      extra: [["'18446744073709551615'", '18446744073709551615'], ["'18446744073709551616'", '18446744073709551616']] },
    { fn: 'parsePoint', param: 'what', names: ['what'], call: (v) => mz.parsePoint(v, '1,2'), ok: (v) => typeof v === 'string',
      extra: [["'goal'", 'goal']] },
    { fn: 'parsePoint', param: 'text', names: ['text', 'start'], call: (v) => mz.parsePoint('start', v),
      ok: (v) => v === '1,2', extra: [["'1,2'", '1,2'], ["'1,2,3'", '1,2,3'], ["'-1,2'", '-1,2']] },
  ];
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Problems with a thrown value, as a list of texts (empty: a good refusal). */
function refusalProblems(spec, error) {
  if (!(error instanceof Error)) return [`threw a non-Error: ${String(error)}`];
  const problems = [];
  if (error instanceof WebAssembly.RuntimeError) problems.push('threw a WebAssembly.RuntimeError (a trap)');
  if (/recursive use|null pointer|borrow|panicked|hostile/.test(error.message)) {
    problems.push('the message tells of an internal failure');
  }
  const head = new RegExp(`^${escape(spec.fn)}: (unknown )?(${spec.names.map(escape).join('|')})\\b`);
  if (!head.test(error.message)) {
    problems.push(`the message does not start with "${spec.fn}: " and the parameter (${spec.names.join(' or ')})`);
  }
  return problems;
}

test('every JS type in every parameter: works where documented, else a clear Error', () => {
  const failures = [];
  let calls = 0;
  for (const spec of parameters(preparedRun())) {
    for (const [label, value] of [...VALUES, ...(spec.extra ?? [])]) {
      const where = `${spec.fn}(${spec.param} = ${label})`;
      const run = spec.method ? preparedRun() : null;
      const before = run ? state(run) : null;
      const expected = spec.ok(value);
      let result;
      let error;
      let threw = false;
      calls++;
      try {
        result = spec.method ? spec.method(run, value) : spec.call(value);
      } catch (e) {
        threw = true;
        error = e;
      }
      if (threw) {
        if (expected === true) {
          failures.push(`${where}: documented to work, threw ${error?.message ?? String(error)}`);
        }
        for (const p of refusalProblems(spec, error)) failures.push(`${where}: ${p}: ${error?.message}`);
        if (run) {
          // A refused call changes nothing, and the next valid call works as on a run that
          // never saw it.
          const diff = stateDiff(state(run), before);
          if (diff) failures.push(`${where}: the refused call changed the run (${diff})`);
          const reference = preparedRun();
          run.advance(5);
          reference.advance(5);
          const after = stateDiff(state(run), state(reference));
          if (after) failures.push(`${where}: after the refused call, advance(5) differs from a fresh run (${after})`);
          reference.free();
        }
      } else if (expected === false) {
        failures.push(`${where}: should have been refused, returned ${String(result).slice(0, 60)}`);
      }
      run?.free();
    }
  }
  assert.ok(calls > 1000, `only ${calls} calls were tried`);
  assert.deepEqual(failures, [], `${failures.length} of ${calls} calls misbehaved`);
});

test('documented values give the documented results', () => {
  assert.equal(mz.parseSide('width', '10'), 10);
  assert.equal(mz.parseSide('height', ' 4096 '), 4096);
  assert.equal(mz.parseSeed('00012'), '12');
  assert.equal(mz.parseSeed('18446744073709551615'), '18446744073709551615');
  assert.deepEqual(Array.from(mz.parsePoint('start', '3,4')), [3, 4]);
  // A seed as a string and as a number give the same maze; null/undefined/'' mean the same.
  const mazes = [
    ['kruskal', 'bfs', 9, 7, '12345', '', '', undefined],
    ['kruskal', null, 9, 7, 12345, null, null, null],
    ['kruskal', undefined, 9, 7, '12345', undefined, undefined, 0],
    ['kruskal', 'none', 9, 7, 12345, '0,0', '', -0],
  ].map((args) => {
    const run = new mz.MazeRun(...args);
    run.advance(Infinity);
    const s = state(run);
    run.free();
    return s.cells;
  });
  for (const cells of mazes.slice(1)) assert.deepEqual(cells, mazes[0]);
  // Different seeds give different mazes (so the comparison above can fail).
  const other = new mz.MazeRun('kruskal', 'bfs', 9, 7, '12346', '', '');
  other.advance(Infinity);
  assert.notDeepEqual(state(other).cells, mazes[0]);
  other.free();
  // advance counts, and Infinity runs to the end.
  const run = new mz.MazeRun('binary-tree', 'bfs', 5, 5, '1', '', '');
  assert.equal(run.advance(4), 4);
  assert.equal(run.steps(), 4);
  const total = run.totalSteps();
  assert.equal(run.advance(Infinity), total - 4);
  assert.equal(run.phase(), 'done');
  assert.equal(run.advance(1e300), 0);
  run.free();
});

test('values in messages are cut to 80 characters', () => {
  const run = preparedRun();
  const long = 'x'.repeat(10_000);
  const short = 'nope';
  const wide = '\u{1F600}'.repeat(5_000); // 10 000 UTF-16 units, 5 000 characters
  // Each case must throw for both a short and a 10 000-character string.
  const cases = {
    'MazeRun generator': (s) => new mz.MazeRun(s, 'bfs', 6, 6, '1', '', ''),
    'MazeRun solver': (s) => new mz.MazeRun('kruskal', s, 6, 6, '1', '', ''),
    'MazeRun width': (s) => new mz.MazeRun('kruskal', 'bfs', s, 6, '1', '', ''),
    'MazeRun seed': (s) => new mz.MazeRun('kruskal', 'bfs', 6, 6, s, '', ''),
    'MazeRun start': (s) => new mz.MazeRun('kruskal', 'bfs', 6, 6, '1', s, ''),
    'MazeRun goal': (s) => new mz.MazeRun('kruskal', 'bfs', 6, 6, '1', '', s),
    'MazeRun braid': (s) => new mz.MazeRun('kruskal', 'bfs', 6, 6, '1', '', '', s),
    'advance n': (s) => run.advance(s),
    'finish limit': (s) => run.finish(s),
    'seek step': (s) => run.seek(s),
    'seek limit': (s) => run.seek(3, s),
    'layTimeline limit': (s) => run.layTimeline(s),
    'prepareBack limit': (s) => run.prepareBack(s),
    'advanceUntil kind': (s) => run.advanceUntil(s, 1),
    'advanceUntil limit': (s) => run.advanceUntil('carve', s),
    'phaseSteps phase': (s) => run.phaseSteps(s),
    'svg withSolution': (s) => run.svg(s),
    'text withSolution': (s) => run.text(s),
    'solveWith solver': (s) => run.solveWith(s),
    'structureTitle i': (s) => run.structureTitle(s),
    'structureItems limit': (s) => run.structureItems(0, s),
    'algorithmTitle name': (s) => mz.algorithmTitle(s),
    'pseudocode name': (s) => mz.pseudocode(s),
    'eventLabel kind': (s) => mz.eventLabel(s),
    'generatorGroup name': (s) => mz.generatorGroup(s),
    'parseSeed text': (s) => mz.parseSeed(s),
    'parseSide text': (s) => mz.parseSide('width', s),
    'parseSide what': (s) => mz.parseSide(s, 'nope'),
    'parsePoint text': (s) => mz.parsePoint('start', s),
    'parsePoint what': (s) => mz.parsePoint(s, 'nope'),
  };
  const message = (f, s) => {
    try {
      f(s);
    } catch (e) {
      assert.ok(e instanceof Error, `threw a non-Error: ${String(e)}`);
      return e.message;
    }
    return null;
  };
  const failures = [];
  const lengths = [];
  for (const [name, f] of Object.entries(cases)) {
    const small = message(f, short);
    if (small === null) {
      failures.push(`${name}: 'nope' was accepted`);
      continue;
    }
    for (const [what, s, runOf] of [['x', long, /x+/g], ['emoji', wide, /(\u{1F600})+/gu]]) {
      const big = message(f, s);
      if (big === null) {
        failures.push(`${name}: a 10 000-unit ${what} string was accepted`);
        continue;
      }
      lengths.push(`${name} ${big.length}`);
      const longestRun = Math.max(0, ...[...big.matchAll(runOf)].map((m) => [...m[0]].length));
      if (longestRun > 80) failures.push(`${name}: the ${what} string shows ${longestRun} characters of it (at most 80)`);
      // A long value may add at most the 80 characters it is cut to (plus the … mark).
      if ([...big].length - [...small].length > 81) {
        failures.push(`${name}: the ${what} message is ${big.length} units against ${small.length} for 'nope': ` +
          `${big.slice(0, 120)}…`);
      }
      // Under 300 characters, apart from a list of the allowed names (which is as long as it is).
      const list = /(allowed are|use one of) .*$/.exec(big)?.[0] ?? '';
      if ([...big].length - [...list].length >= 300) {
        failures.push(`${name}: the ${what} message is ${big.length} units long: ${big.slice(0, 120)}…`);
      }
    }
  }
  run.free();
  console.log(`message lengths for a 10 000-unit string: ${lengths.join(', ')}`);
  assert.deepEqual(failures, []);
});

test('extra arguments to argument-less methods are ignored', () => {
  const a = preparedRun();
  const b = preparedRun();
  assert.equal(a.steps('junk', {}), b.steps());
  assert.equal(a.phase(Symbol('s')), b.phase());
  assert.equal(a.back(NaN), true);
  assert.equal(b.back(), true);
  assert.equal(stateDiff(state(a), state(b)), null);
  a.free();
  b.free();
});

// The child: thousands of bad calls of every kind, mixed (numbers for strings above all, which
// once crashed the process with SIGSEGV after 650-2300 calls), among valid steps on two runs;
// then the runs must still match fresh runs stepped as far.
const CRASH_LOOP = `
const GENERATORS = mz.generatorNames();
let seed = 12345;
const rnd = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 4294967296; };
const pick = (a) => a[Math.floor(rnd() * a.length)];
const bad = [0, 1, 7, -1, -0, NaN, Infinity, -Infinity, 2.5, 0.9999999, 1e300, 2 ** 53, null, undefined, {}, [], [1],
  true, false, Symbol('s'), 10n, () => 1, 'nope', '10', '', 'x'.repeat(2000), new String('bfs')];
const numbers = [0, 1, 7, -1, NaN, Infinity, 2.5, 1e300, 123456789];
const runs = [new mz.MazeRun('kruskal', 'bfs', 12, 12, '3', '', ''), new mz.MazeRun('wilson', 'a-star', 9, 11, '4', '', '')];
const calls = [
  (r, v) => r.advance(typeof v === 'number' && v >= 0 && (Number.isInteger(v) || v === Infinity) ? 'n' : v),
  (r, v) => r.seek(typeof v === 'number' ? 'far' : v),
  (r, v) => r.seek(3, typeof v === 'number' ? -1 : v === undefined || v === null ? 'no' : v),
  (r, v) => r.advanceUntil(typeof v === 'string' ? v + '?' : v, 5),
  (r, v) => r.advanceUntil('carve', typeof v === 'number' ? -5 : v),
  (r, v) => r.finish(typeof v === 'number' ? -1 : v === undefined || v === null ? 'x' : v),
  (r, v) => r.layTimeline(typeof v === 'number' ? NaN : v),
  (r, v) => r.phaseSteps(v),
  (r, v) => r.svg(typeof v === 'boolean' ? 'yes' : v),
  (r, v) => r.text(typeof v === 'boolean' ? 0 : v),
  (r, v) => r.solveWith(v),
  (r, v) => r.structureTitle(typeof v === 'number' ? 99 : v),
  (r, v) => r.structureItems(0, typeof v === 'number' ? -2 : v),
  (r, v) => r.structureNote(typeof v === 'number' ? 2.5 : v),
  (r, v) => mz.algorithmTitle(v), (r, v) => mz.algorithmSummary(v), (r, v) => mz.pseudocode(v),
  (r, v) => mz.legendBits(v), (r, v) => mz.legendLabels(v), (r, v) => mz.algorithmEvents(v),
  (r, v) => mz.eventLabel(v), (r, v) => mz.generatorGroup(v), (r, v) => mz.algorithmStepUnit(v),
  (r, v) => mz.parseSide(typeof v === 'string' ? 7 : v, '10'), (r, v) => mz.parseSide('width', typeof v === 'string' ? v + 'z' : v),
  (r, v) => mz.parseSeed(typeof v === 'string' ? v + 'z' : v), (r, v) => mz.parsePoint('start', typeof v === 'string' ? v + 'z' : v),
  (r, v) => new mz.MazeRun(v, 'bfs', 5, 5, '1', '', ''),
  (r, v) => new mz.MazeRun('kruskal', typeof v === 'string' || v == null ? v + 'z' : v, 5, 5, '1', '', ''),
  (r, v) => new mz.MazeRun('kruskal', 'bfs', typeof v === 'number' ? -v - 1 : v, 5, '1', '', ''),
  (r, v) => new mz.MazeRun('kruskal', 'bfs', 5, 5, typeof v === 'number' ? -1 : typeof v === 'string' ? v + 'z' : v, '', ''),
  (r, v) => new mz.MazeRun('kruskal', 'bfs', 5, 5, '1', typeof v === 'string' || v == null ? v + 'z' : v, ''),
  (r, v) => new mz.MazeRun('kruskal', 'bfs', 5, 5, '1', '', '', typeof v === 'number' || v == null ? 2 : v),
];
// Numbers where strings belong, the calls that once crashed.
const numbersForStrings = [
  (r, v) => mz.algorithmTitle(v), (r, v) => mz.eventLabel(v), (r, v) => r.phaseSteps(v), (r, v) => r.solveWith(v),
  (r, v) => r.advanceUntil(v, 3), (r, v) => new mz.MazeRun(v, 'bfs', 5, 5, '1', '', ''),
  (r, v) => new mz.MazeRun('kruskal', v, 5, 5, '1', '', ''), (r, v) => new mz.MazeRun('kruskal', 'bfs', 5, 5, '1', v, ''),
  (r, v) => mz.parseSeed(v), (r, v) => mz.parsePoint('start', v), (r, v) => mz.parseSide(v, '10'),
];
const N = ${'${N}'};
let refused = 0, steps = 0;
for (let i = 0; i < N; i++) {
  const r = pick(runs);
  const [f, v] = rnd() < 0.5 ? [pick(numbersForStrings), pick(numbers)] : [pick(calls), pick(bad)];
  try { f(r, v); console.log('NOT REFUSED: call', i, String(f), typeof v, String(v).slice(0, 40)); process.exit(3); }
  catch (e) {
    if (!(e instanceof Error) || e instanceof WebAssembly.RuntimeError || !/ is not allowed|unknown |is outside/.test(e.message)) {
      console.log('BAD REFUSAL at call', i, e && e.message); process.exit(4);
    }
    refused++;
  }
  if (i % 25 === 0) { for (const run of runs) steps += run.advance(1); }
}
const diffs = runs.map((run, k) => {
  const fresh = k === 0 ? new mz.MazeRun('kruskal', 'bfs', 12, 12, '3', '', '') : new mz.MazeRun('wilson', 'a-star', 9, 11, '4', '', '');
  fresh.advance(run.steps());
  const before = stateDiff(state(run), state(fresh));
  run.advance(40); fresh.advance(40);
  const after = stateDiff(state(run), state(fresh));
  return { steps: run.steps(), before, after };
});
report({ refused, steps, diffs, memoryMiB: memoryBytes() / MiB });
console.log('OK after', N, 'bad calls');
`;

test('thousands of mixed bad calls do not crash the process, and the runs stay right', () => {
  const N = 20_000;
  const child = runChild(CRASH_LOOP.replace('${N}', String(N)), { timeoutMs: 120_000 });
  const account = describeChild(child);
  assert.equal(child.signal, null, `the child was killed by a signal:\n${account}`);
  assert.equal(child.status, 0, `the child failed:\n${account}`);
  assert.match(child.stdout, new RegExp(`^OK after ${N} bad calls$`, 'm'), account);
  const { refused, steps, diffs, memoryMiB } = child.result;
  console.log(`${refused} bad calls refused, ${steps} steps done between them, ` +
    `${child.seconds.toFixed(1)} s, wasm memory ${memoryMiB} MiB`);
  assert.equal(refused, N);
  assert.ok(steps > 0);
  for (const d of diffs) {
    assert.ok(d.steps > 40, `the run only reached step ${d.steps}`);
    assert.equal(d.before, null, `after the bad calls the run differs from a fresh run: ${d.before}`);
    assert.equal(d.after, null, `after the bad calls and advance(40) the run differs from a fresh run: ${d.after}`);
  }
});
