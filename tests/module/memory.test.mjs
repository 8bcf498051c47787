// Memory of many runs. Each measurement runs in its own child `node` process: a fresh wasm
// instance whose memory (which never shrinks) is its own.
//
// 1. 150 live 100x100 runs, each with its timeline laid (totalSteps()): once each held 49 MB
//    and the 84th aborted at the 4 GB limit; now the module must stay under LIVE_LIMIT_MIB.
// 2. Runs dropped without free(): the FinalizationRegistry frees them once they are collected,
//    so a second round of as many dropped runs must reuse the memory, not grow it.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeChild, runChild } from './load.mjs';

/** Wasm memory allowed for 150 live 100x100 runs with laid timelines ("say, 300 MB"). */
const LIVE_LIMIT_MIB = 300;
/** How much a second round of dropped runs may grow the memory. */
const DROPPED_GROWTH_LIMIT_MIB = 16;

test('150 live 100x100 runs with laid timelines stay under the memory limit', () => {
  const child = runChild(`
const generators = mz.generatorNames();
const solvers = mz.solverNames();
const runs = [];
const base = memoryBytes();
const after = [];
let error = null;
const began = performance.now();
try {
  for (let i = 0; i < 150; i++) {
    const run = new mz.MazeRun(generators[i % generators.length], solvers[i % solvers.length], 100, 100, String(1000 + i), '', '');
    run.totalSteps();
    runs.push(run);
    after.push(memoryBytes());
  }
} catch (e) {
  error = (e && e.constructor && e.constructor.name) + ': ' + (e && e.message) + ' (at run ' + runs.length + ')';
}
const seconds = (performance.now() - began) / 1000;
// The runs still work and are right: the first and the last, sought to the middle, match
// fresh runs stepped there.
const checks = [0, runs.length - 1].filter((k) => k >= 0 && !error).map((k) => {
  const run = runs[k];
  const total = run.knownTotal();
  const middle = Math.floor(total / 2);
  run.seek(middle);
  const fresh = new mz.MazeRun(generators[k % generators.length], solvers[k % solvers.length], 100, 100, String(1000 + k), '', '');
  fresh.advance(middle);
  const diff = stateDiff(state(run), state(fresh));
  fresh.free();
  return { k, total, middle, diff };
});
const perRun = after.map((bytes, i) => (bytes - (i ? after[i - 1] : base)) / MiB);
report({ error, runs: runs.length, baseMiB: base / MiB, endMiB: memoryBytes() / MiB,
  maxStepMiB: Math.max(...perRun), seconds, checks });
`, { timeoutMs: 180_000 });
  const account = describeChild(child);
  assert.equal(child.status, 0, `the child failed:\n${account}`);
  const r = child.result;
  const perRun = (r.endMiB - r.baseMiB) / Math.max(1, r.runs);
  console.log(`150 live 100x100 runs: ${r.runs} made in ${r.seconds.toFixed(1)} s; wasm memory ` +
    `${r.baseMiB} -> ${r.endMiB} MiB, ${perRun.toFixed(2)} MiB per run (largest growth at one run ` +
    `${r.maxStepMiB.toFixed(2)} MiB); limit ${LIVE_LIMIT_MIB} MiB`);
  assert.equal(r.error, null, 'making the runs threw');
  assert.equal(r.runs, 150);
  for (const c of r.checks) {
    assert.ok(c.total > 0);
    assert.equal(c.diff, null, `run ${c.k} sought to ${c.middle} of ${c.total} differs from a fresh run: ${c.diff}`);
  }
  assert.ok(r.endMiB < LIVE_LIMIT_MIB,
    `150 live 100x100 runs took the wasm memory to ${r.endMiB} MiB (${perRun.toFixed(2)} MiB per run), ` +
    `over ${LIVE_LIMIT_MIB} MiB`);
});

test('runs dropped without free() are reclaimed: a second round does not grow memory', {
  skip: typeof global.gc !== 'function' &&
    'global.gc is undefined: run with node --expose-gc --test tests/module/',
}, () => {
  const child = runChild(`
const generators = ['kruskal', 'recursive-backtracker', 'eller', 'prim'];
let seed = 0;
// FinalizationRegistry callbacks run as tasks after a collection: let them run.
async function settle() {
  for (let k = 0; k < 3; k++) { global.gc(); await new Promise((resolve) => setTimeout(resolve, 0)); }
}
async function round(count) {
  for (let i = 0; i < count; i++) {
    const run = new mz.MazeRun(generators[i % generators.length], 'bfs', 200, 200, String(seed++), '', '');
    run.advance(Infinity);
    run.totalSteps();
    // Dropped here, never freed. A page yields to the event loop between frames; so does this
    // loop, every 10 runs (without yielding, no finalizer can run at all).
    if (i % 10 === 9) await settle();
  }
  await settle();
  return memoryBytes() / MiB;
}
const began = performance.now();
const base = memoryBytes() / MiB;
const first = await round(300);
const second = await round(300);
const third = await round(100);
report({ base, first, second, third, seconds: (performance.now() - began) / 1000 });
`, { timeoutMs: 240_000, nodeArgs: ['--expose-gc'] });
  const account = describeChild(child);
  assert.equal(child.status, 0, `the child failed:\n${account}`);
  const { base, first, second, third, seconds } = child.result;
  console.log(`dropped 200x200 runs: wasm memory ${base} MiB at start, ${first} MiB after 300 dropped, ` +
    `${second} MiB after 300 more, ${third} MiB after 100 more (${seconds.toFixed(1)} s)`);
  assert.ok(first < 1024, `300 dropped runs (collected every 10) took the memory to ${first} MiB`);
  assert.ok(second - first <= DROPPED_GROWTH_LIMIT_MIB,
    `a second round of 300 dropped runs grew the memory from ${first} to ${second} MiB: they are not reclaimed`);
  assert.ok(third - second <= DROPPED_GROWTH_LIMIT_MIB,
    `a third round grew the memory from ${second} to ${third} MiB`);
});
