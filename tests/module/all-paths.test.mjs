// The solvers that answer with more than one path, through the module: pathCount() is the
// exact number of shortest paths as digits (C(n, k) in an empty room, checked here with
// BigInt), answerCells() the cells marked, and the board's marks draw the same cells (SPECIAL;
// PATH is the one path reported). Other
// solvers say "" and nothing; terrain makes the counters of moves give up.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mz, state } from './load.mjs';

const PATH = 8;
const SPECIAL = 32;

/** C(n, k) with BigInt, as digits. */
function binomial(n, k) {
  let c = 1n;
  for (let i = 1n; i <= BigInt(k); i++) c = (c * (BigInt(n) - BigInt(k) + i)) / i;
  return c.toString();
}

/** `solver` run to the end on `options`: what the module says of it. */
function solved(solver, options) {
  const run = new mz.MazeRun({ solver, seed: '1', ...options });
  try {
    assert.equal(run.pathCount(), '', 'nothing before the end');
    assert.equal(run.answerCells().length, 0);
    run.finish();
    return { count: run.pathCount(), cells: Array.from(run.answerCells()), marks: state(run).marks, outcome: run.outcome(), n: run.cellCount };
  } finally {
    run.free();
  }
}

test('shortest-paths counts an empty room exactly, past 2^53 and u64, and marks every cell', () => {
  for (const [width, height] of [[4, 3], [40, 40], [90, 70]]) {
    const room = solved('shortest-paths', { generator: 'room', width, height });
    assert.equal(room.count, binomial(width + height - 2, width - 1), `${width}x${height}`);
    assert.equal(room.cells.length, room.n);
    assert.ok(room.marks.every((m) => m & SPECIAL), 'every cell drawn on a shortest path');
    assert.equal(room.marks.filter((m) => m & PATH).length, width + height - 1, 'one path drawn as the path');
  }
});

test('collision marks the same cells as shortest-paths; bottlenecks have their own colour', () => {
  const maze = { generator: 'kruskal', width: 12, height: 8, seed: '4', braid: 0.3 };
  const counted = solved('shortest-paths', maze);
  const flooded = solved('collision', maze);
  assert.equal(flooded.count, '', 'collision does not count');
  assert.deepEqual(flooded.cells, counted.cells);
  for (let cell = 0; cell < counted.n; cell++) {
    assert.equal(Boolean(flooded.marks[cell] & SPECIAL), counted.cells.includes(cell), `cell ${cell}`);
  }
  const necks = solved('bottlenecks', maze);
  assert.equal(necks.outcome, 'found');
  assert.ok(necks.cells.length > 0);
  for (const cell of necks.cells) {
    assert.ok(necks.marks[cell] & SPECIAL, `bottleneck ${cell} drawn`);
    assert.ok(!(necks.marks[cell] & PATH), `bottleneck ${cell} keeps its own colour`);
    // Every path passes a bottleneck, the shortest ones too.
    assert.ok(counted.cells.includes(cell), `bottleneck ${cell} on every shortest path`);
  }
});

test('other solvers say nothing, and terrain makes the move counters give up', () => {
  const bfs = solved('bfs', { generator: 'room', width: 5, height: 5 });
  assert.equal(bfs.count, '');
  assert.equal(bfs.cells.length, 0);
  for (const solver of ['shortest-paths', 'collision']) {
    const hills = solved(solver, { generator: 'terrain', width: 8, height: 6 });
    assert.match(hills.outcome, /^gave-up: shortest in moves needs every cell to cost the same/);
    assert.equal(hills.count, '');
  }
});
