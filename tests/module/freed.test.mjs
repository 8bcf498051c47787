// After free(), every method (and the cellCount/width/height getters) throws a clear Error
// that names the method and says the run was freed; a second free() does nothing; other runs
// are not disturbed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mz, state, stateDiff } from './load.mjs';

const ARGS = ['kruskal', 'bfs', 8, 8, '5', '', ''];

/** Valid arguments for each method, so only the freeing can make a call fail. */
const CALLS = {
  advance: [3],
  advanceUntil: ['merge-sets', 10],
  finish: [],
  layTimeline: [5],
  seek: [2],
  back: [],
  steps: [],
  phase: [],
  totalSteps: [],
  timelineLaid: [],
  knownTotal: [],
  dirtyPtr: [],
  dirtyLen: [],
  allDirty: [],
  cellsPtr: [],
  marksPtr: [],
  groupsPtr: [],
  phaseSteps: ['generating'],
  svg: [true],
  text: [false],
  solveWith: ['bfs'],
  structureCount: [],
  structureTitle: [0],
  structureTotal: [0],
  structureItems: [0, 3],
  structureNote: [0],
  narration: [],
  lastEvent: [],
};

test('every method of a freed run throws "MazeRun.<method>: this run was freed"', () => {
  const run = new mz.MazeRun(...ARGS);
  run.advance(5);
  // Each call works before the free (so a failure afterwards is the freeing's doing).
  for (const [name, args] of Object.entries(CALLS)) {
    const probe = new mz.MazeRun(...ARGS);
    probe.advance(5);
    assert.doesNotThrow(() => probe[name](...args), `${name} should work on a live run`);
    probe.free();
  }
  run.free();
  const methods = [
    ...Object.keys(CALLS),
    // And every other method on the prototype, called without arguments.
    ...Object.getOwnPropertyNames(mz.MazeRun.prototype).filter((name) =>
      name !== 'constructor' && name !== 'free' && !name.startsWith('__') && !(name in CALLS) &&
      typeof Object.getOwnPropertyDescriptor(mz.MazeRun.prototype, name).value === 'function'),
  ];
  assert.ok(methods.length >= Object.keys(CALLS).length);
  for (const name of methods) {
    assert.throws(
      () => run[name](...(CALLS[name] ?? [])),
      (e) => {
        assert.ok(e instanceof Error, `${name}: threw a non-Error ${String(e)}`);
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `${name}: trapped: ${e.message}`);
        assert.match(e.message, new RegExp(`^MazeRun\\.${name}: this run was freed\\b`), name);
        return true;
      },
      `${name} on a freed run`,
    );
  }
  for (const getter of ['cellCount', 'width', 'height']) {
    assert.throws(() => run[getter], (e) => {
      assert.ok(e instanceof Error);
      assert.match(e.message, new RegExp(`^MazeRun\\.${getter}: this run was freed\\b`), getter);
      return true;
    });
  }
});

test('free() twice does nothing', () => {
  const run = new mz.MazeRun(...ARGS);
  assert.equal(run.free(), undefined);
  assert.equal(run.free(), undefined);
  assert.equal(run.free(), undefined);
  assert.throws(() => run.steps(), (e) => e instanceof Error && /^MazeRun\.steps: this run was freed/.test(e.message));
});

// `using run = new MazeRun(...)` calls [Symbol.dispose]() at the end of the scope, also when
// the code freed the run itself before: that must do nothing, like a second free().
test('[Symbol.dispose]() after free(), and twice, does nothing', { skip: typeof Symbol.dispose !== 'symbol' && 'no Symbol.dispose in this Node' }, () => {
  const run = new mz.MazeRun(...ARGS);
  assert.equal(typeof run[Symbol.dispose], 'function');
  run.free();
  assert.doesNotThrow(() => run[Symbol.dispose](), 'dispose after free');
  const other = new mz.MazeRun(...ARGS);
  other[Symbol.dispose]();
  assert.throws(() => other.steps(), (e) => e instanceof Error && /^MazeRun\.steps: this run was freed/.test(e.message));
  assert.doesNotThrow(() => other.free(), 'free after dispose');
  assert.doesNotThrow(() => other[Symbol.dispose](), 'dispose twice');
});

test('freeing one run leaves the others (and new ones) working and right', () => {
  const keep = new mz.MazeRun(...ARGS);
  keep.advance(7);
  const dropped = [];
  for (let i = 0; i < 5; i++) {
    const run = new mz.MazeRun(...ARGS);
    run.advance(i * 3);
    run.totalSteps();
    dropped.push(run);
  }
  for (const run of dropped) {
    run.free();
    run.free();
  }
  keep.advance(10);
  const fresh = new mz.MazeRun(...ARGS);
  fresh.advance(17);
  assert.equal(stateDiff(state(keep), state(fresh)), null);
  assert.equal(keep.steps(), 17);
  // A run made after the frees reuses their memory and still starts at step 0.
  const again = new mz.MazeRun(...ARGS);
  assert.equal(again.steps(), 0);
  again.advance(17);
  assert.equal(stateDiff(state(again), state(fresh)), null);
  for (const run of [keep, fresh, again]) run.free();
});
