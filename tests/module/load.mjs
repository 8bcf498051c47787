// Shared loader for the tests in tests/module/: the built module pkg/mazestep.js +
// pkg/mazestep_bg.wasm, driven directly in Node as code from another page would (no browser,
// no network). Not a test file itself.
//
// Run the folder from the repository root with: node --expose-gc --test tests/module/

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pkgProblem } from '../../scripts/finish-pkg.mjs';

export const PKG_JS = new URL('../../pkg/mazestep.js', import.meta.url);
export const PKG_WASM = new URL('../../pkg/mazestep_bg.wasm', import.meta.url);
/** This file's URL, for child scripts to import. */
export const LOADER = import.meta.url;

const problem = pkgProblem(fileURLToPath(new URL('../../pkg/', import.meta.url)));
if (problem) throw new Error(`tests/module: ${problem}`);

export const mz = await import(PKG_JS);
export const wasm = mz.initSync({ module: readFileSync(PKG_WASM) });

export const MiB = 1024 * 1024;
/** The module's memory now, in bytes (it never shrinks). */
export const memoryBytes = () => wasm.memory.buffer.byteLength;

/** Everything a step can change that the page reads: copies, safe to keep. */
export function state(run) {
  const n = run.cellCount;
  const cellsPtr = run.cellsPtr();
  const marksPtr = run.marksPtr();
  const groupsPtr = run.groupsPtr();
  // Take the buffer only after the calls: one of them could have grown the memory.
  const buffer = wasm.memory.buffer;
  return {
    steps: run.steps(),
    phase: run.phase(),
    lastEvent: run.lastEvent(),
    cells: new Uint8Array(buffer, cellsPtr, n).slice(),
    marks: new Uint8Array(buffer, marksPtr, n).slice(),
    groups: new Uint32Array(buffer, groupsPtr, n).slice(),
  };
}

/** The dirty list of the last batch, as a plain array of cell indices. */
export function dirtyList(run) {
  const ptr = run.dirtyPtr();
  const len = run.dirtyLen();
  return Array.from(new Uint32Array(wasm.memory.buffer, ptr, len));
}

/** The first difference between two `state()`s, or null: a short text for assertion messages. */
export function stateDiff(a, b) {
  for (const key of ['steps', 'phase', 'lastEvent']) {
    if (a[key] !== b[key]) return `${key}: ${JSON.stringify(a[key])} vs ${JSON.stringify(b[key])}`;
  }
  for (const key of ['cells', 'marks', 'groups']) {
    if (a[key].length !== b[key].length) return `${key}: length ${a[key].length} vs ${b[key].length}`;
    for (let i = 0; i < a[key].length; i++) {
      if (a[key][i] !== b[key][i]) return `${key}[${i}]: ${a[key][i]} vs ${b[key][i]}`;
    }
  }
  return null;
}

/** A seeded random source (mulberry32): the same seed gives the same sequence. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number from lo to hi, both included. */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/**
 * Runs `body` (an ES module's text) in a fresh `node` process, so it gets its own wasm
 * instance, after `import { mz, wasm, ... } from '<this loader>'`. The body reports with
 * `report(value)`, which prints one `RESULT <json>` line; the last one is returned as
 * `result`. Returns { status, signal, stdout, stderr, result, seconds }.
 */
export function runChild(body, { timeoutMs = 120_000, nodeArgs = [] } = {}) {
  const code = `import { mz, wasm, state, stateDiff, memoryBytes, MiB } from ${JSON.stringify(LOADER)};
const report = (value) => console.log('RESULT ' + JSON.stringify(value));
${body}
`;
  const began = performance.now();
  const child = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * MiB,
  });
  const seconds = (performance.now() - began) / 1000;
  let result;
  for (const line of (child.stdout ?? '').split('\n')) {
    if (line.startsWith('RESULT ')) result = JSON.parse(line.slice('RESULT '.length));
  }
  return {
    status: child.status,
    signal: child.signal,
    error: child.error,
    stdout: child.stdout ?? '',
    stderr: child.stderr ?? '',
    result,
    seconds,
  };
}

/** A one-paragraph account of a child run, for assertion messages. */
export function describeChild(child) {
  const tail = (text) => text.trim().split('\n').slice(-15).join('\n');
  return `exit status ${child.status}, signal ${child.signal}, ${child.seconds.toFixed(1)} s` +
    `${child.error ? `, spawn error ${child.error.message}` : ''}` +
    `\n--- stdout (tail) ---\n${tail(child.stdout)}\n--- stderr (tail) ---\n${tail(child.stderr)}`;
}
