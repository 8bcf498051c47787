// Exits in the outer wall through the module: `start`/`goal` as `exit:SIDE[:N]`. On a braided
// maze whose start stands beside an island, the right-hand wall follower gives up on its
// loop and Pledge walks out through the east gap; Pledge's route is legal by the cells'
// passage bits (north 1, east 2, south 4, west 8), read here, not from the solver. Exits
// that cannot be are refused, quoting what was given.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mz, wasm, state } from './load.mjs';

const ISLAND = { generator: 'kruskal', width: 10, height: 8, seed: '1', braid: 0.5, start: '4,3', goal: 'exit:east:7' };

/** The run of `solver` on the island maze, to the end: its outcome, path and cells. */
function walk(solver) {
  const run = new mz.MazeRun({ ...ISLAND, solver });
  try {
    run.finish();
    const path = Array.from(new Uint32Array(wasm.memory.buffer, run.pathPtr(), run.pathLen()));
    return { outcome: run.outcome(), path, cells: state(run).cells, start: run.start(), goal: run.goal(), goalExit: run.goalExit(), startExit: run.startExit() };
  } finally {
    run.free();
  }
}

test('the right hand circles the island; Pledge walks out through the east gap', () => {
  const right = walk('wall-follower-right');
  assert.match(right.outcome, /^gave-up: no way to the goal by following this wall/);
  const pledge = walk('pledge');
  assert.equal(pledge.outcome, 'found');
  assert.equal(pledge.goalExit, 1);
  assert.equal(pledge.startExit, -1);
  assert.equal(pledge.start, 3 * 10 + 4);
  assert.equal(pledge.goal, 7 * 10 + 9);
  assert.equal(pledge.path[0], pledge.start);
  assert.equal(pledge.path.at(-1), pledge.goal);
  const bit = { [-10]: 1, 1: 2, 10: 4, [-1]: 8 };
  for (let i = 1; i < pledge.path.length; i++) {
    const [from, to] = [pledge.path[i - 1], pledge.path[i]];
    const side = bit[to - from];
    assert.ok(side && (pledge.cells[from] & side), `move ${from} -> ${to} goes through a wall`);
  }
});

test('exits that cannot be are refused, quoting what was given', () => {
  const refused = (options, pattern) => assert.throws(() => new mz.MazeRun({ generator: 'kruskal', solver: 'bfs', ...options }).free(), pattern);
  refused({ goal: 'exit:up' }, /goal 'exit:up' is not an exit: write exit:SIDE or exit:SIDE:N/);
  refused({ start: 'exit:west:x' }, /start 'exit:west:x' is not an exit/);
  refused({ goal: 'exit:east:10' }, /goal exit:east:10 is past the end of the east wall: it has places 0 to 9/);
  refused({ shape: 'hex', goal: 'exit:east' }, /exits in the outer wall are for the plain square grid only, not on a hex grid/);
});
