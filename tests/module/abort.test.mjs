// The biggest mazes (4096 x 4096) run to the end without trapping, leave the run usable, and
// keep the module's memory under 1 GiB. Each case runs in its own child `node` process: a
// fresh wasm instance, so the memory numbers are its own (a wasm memory never shrinks).
//
// Once, advance(1e9) at 4096 x 4096 trapped with "RuntimeError: unreachable" (out of memory)
// and every later call failed with "recursive use of an object detected".

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeChild, runChild } from './load.mjs';

const LIMIT_MIB = 1024;

// The child's steps: each op records its result, any error, its time and the memory after it.
const PRELUDE = `
const ops = [];
let failed = false;
function op(name, f) {
  const began = performance.now();
  let value, error;
  try { value = f(); } catch (e) {
    failed = true;
    error = (e && e.constructor && e.constructor.name) + ': ' + (e && e.message);
  }
  ops.push({ name, value, error, seconds: (performance.now() - began) / 1000, memoryMiB: memoryBytes() / MiB });
  console.log(name, '->', error ?? value, '(' + ops.at(-1).seconds.toFixed(2) + ' s, ' + ops.at(-1).memoryMiB + ' MiB)');
  return value;
}
const finish = () => report({ ops, peakMiB: Math.max(...ops.map((o) => o.memoryMiB)) });
`;

/** Runs a case; returns the ops by name and the peak memory, after the common checks. */
function runCase(label, body, timeoutMs) {
  const child = runChild(PRELUDE + body + '\nfinish();\n', { timeoutMs });
  const account = describeChild(child);
  assert.equal(child.signal, null, `${label}: the child was killed (timeout ${timeoutMs / 1000} s?):\n${account}`);
  assert.equal(child.status, 0, `${label}: the child failed:\n${account}`);
  assert.ok(child.result, `${label}: the child reported nothing:\n${account}`);
  const { ops, peakMiB } = child.result;
  const byName = Object.fromEntries(ops.map((o) => [o.name, o]));
  const errors = ops.filter((o) => o.error).map((o) => `${o.name}: ${o.error}`);
  console.log(`${label}: peak wasm memory ${peakMiB} MiB, ${child.seconds.toFixed(1)} s; ` +
    ops.map((o) => `${o.name} ${o.seconds.toFixed(2)} s -> ${o.memoryMiB} MiB`).join(', '));
  assert.deepEqual(errors, [], `${label}: calls threw:\n${account}`);
  assert.ok(peakMiB < LIMIT_MIB, `${label}: peak wasm memory ${peakMiB} MiB, over ${LIMIT_MIB} MiB`);
  return byName;
}

test('binary-tree + bfs 4096x4096: advance(1e9) ends the run, and the run stays usable', () => {
  const ops = runCase('advance(1e9)', `
let run;
op('new', () => { run = new mz.MazeRun('binary-tree', 'bfs', 4096, 4096, '1', '', ''); return 'made'; });
op('advance(1e9)', () => run.advance(1e9));
op('phase', () => run.phase());
op('steps', () => run.steps());
op('allDirty', () => run.allDirty());
op('advance(1) at the end', () => run.advance(1));
op('seek(10)', () => run.seek(10));
op('steps after seek', () => run.steps());
op('lastEvent after seek', () => run.lastEvent());
op('advance(1) after seek', () => run.advance(1));
op('steps after advance', () => run.steps());
op('totalSteps', () => run.totalSteps());
op('free', () => run.free());
`, 120_000);
  const done = ops['advance(1e9)'].value;
  assert.ok(done > 16_777_216 && done < 1e9, `advance(1e9) returned ${done}`);
  assert.equal(ops.phase.value, 'done');
  assert.equal(ops.steps.value, done);
  assert.equal(ops.allDirty.value, true);
  assert.equal(ops['advance(1) at the end'].value, 0);
  assert.equal(ops['seek(10)'].value, 10);
  assert.equal(ops['steps after seek'].value, 10);
  assert.equal(ops['lastEvent after seek'].value, 'carve');
  assert.equal(ops['advance(1) after seek'].value, 1);
  assert.equal(ops['steps after advance'].value, 11);
  assert.equal(ops.totalSteps.value, done);
});

test('binary-tree + bfs 4096x4096: advanceUntil("expand", 2**31 - 1) from step 0', () => {
  const ops = runCase('advanceUntil', `
const run = new mz.MazeRun('binary-tree', 'bfs', 4096, 4096, '1', '', '');
op('advanceUntil', () => run.advanceUntil('expand', 2 ** 31 - 1));
op('steps', () => run.steps());
op('phase', () => run.phase());
op('lastEvent', () => run.lastEvent());
op('generating steps', () => run.phaseSteps('generating'));
op('advance(5)', () => run.advance(5));
op('back', () => run.back());
op('steps at the end', () => run.steps());
`, 120_000);
  const done = ops.advanceUntil.value;
  assert.ok(done > 4096 * 4096 && done < 2 ** 31 - 1, `advanceUntil returned ${done}`);
  assert.equal(ops.steps.value, done);
  assert.equal(ops.phase.value, 'solving');
  assert.equal(ops.lastEvent.value, 'expand');
  // The first expand is the step after the generator's last one (and any phase start).
  assert.ok(ops['generating steps'].value < done, `${ops['generating steps'].value} generating steps`);
  assert.equal(ops['advance(5)'].value, 5);
  assert.equal(ops.back.value, true);
  assert.equal(ops['steps at the end'].value, done + 4);
});

test('kruskal + a-star 4096x4096: finish() then totalSteps()', () => {
  const ops = runCase('kruskal finish', `
const run = new mz.MazeRun('kruskal', 'a-star', 4096, 4096, '1', '', '');
op('finish', () => run.finish());
op('phase', () => run.phase());
op('steps', () => run.steps());
op('totalSteps', () => run.totalSteps());
op('knownTotal', () => run.knownTotal());
op('seek(3)', () => run.seek(3));
op('advance(2)', () => run.advance(2));
op('lastEvent', () => run.lastEvent());
`, 240_000);
  const done = ops.finish.value;
  assert.ok(done > 4096 * 4096, `finish() returned ${done}`);
  assert.equal(ops.phase.value, 'done');
  assert.equal(ops.steps.value, done);
  assert.equal(ops.totalSteps.value, done, 'the laid timeline and the finished run disagree on the total');
  assert.equal(ops.knownTotal.value, done);
  assert.equal(ops['seek(3)'].value, 3);
  assert.equal(ops['advance(2)'].value, 2);
  assert.match(ops.lastEvent.value, /^(merge-sets|keep-wall)$/);
});

// wasm32 has 4 GB. Big runs kept alive one after another used to fill it until a run aborted
// when it first needed memory; now a new run that may not fit is refused with a message, the
// runs already made keep working, and freeing one makes room again.
test('4096x4096 runs kept alive until memory runs short: refused with a message, never a trap', () => {
  const child = runChild(`
const runs = [];
let refusal = null;
for (let i = 0; i < 20 && refusal === null; i++) {
  try {
    runs.push(new mz.MazeRun('kruskal', 'a-star', 4096, 4096, String(i), '', ''));
  } catch (e) {
    refusal = (e && e.constructor && e.constructor.name) + ': ' + (e && e.message);
  }
}
const made = runs.length;
const usable = runs.every((run) => run.advance(1000) === 1000);
runs.pop().free();
let again = 'made';
try {
  runs.push(new mz.MazeRun('kruskal', 'a-star', 4096, 4096, '99', '', ''));
  runs.at(-1).advance(10);
} catch (e) {
  again = e.message;
}
report({ made, refusal, usable, again, memoryMiB: memoryBytes() / MiB });
`, { timeoutMs: 120_000 });
  const account = describeChild(child);
  assert.equal(child.signal, null, account);
  assert.equal(child.status, 0, account);
  const { made, refusal, usable, again, memoryMiB } = child.result;
  console.log(`live 4096x4096 kruskal runs: ${made} made, then refused at ${memoryMiB} MiB: ${refusal}`);
  assert.ok(made >= 3, `${made} runs`);
  assert.match(refusal ?? '', /^Error: MazeRun: not enough memory left for a maze of 16777216 cells \(it may need about 512 MB\): free\(\) runs that are no longer needed, or choose a smaller size$/);
  assert.equal(usable, true, 'the runs made before still step');
  assert.equal(again, 'made', 'after free() there is room again');
});
