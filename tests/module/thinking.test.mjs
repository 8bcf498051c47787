// How the search thinks, through the module: cameFrom, costSoFar, estimate and their views,
// checked against a breadth-first search written here over the maze's own passages, after
// steps back, without a solver, and with bad arguments.
//
// Run from the repository root: node --expose-gc --test tests/module/thinking.test.mjs

import test from 'node:test';
import assert from 'node:assert/strict';
import { mz, wasm } from './load.mjs';

/** The open neighbours of every cell of a square maze, read from its cell bytes. */
function openNeighbours(run) {
  const [w, n] = [run.width, run.cellCount];
  const cells = new Uint8Array(wasm.memory.buffer, run.cellsPtr(), n).slice();
  const bits = mz.passageBits(); // north, east, south, west
  const steps = [-w, 1, w, -1];
  return (cell) => steps
    .map((step, i) => ((cells[cell] & bits[i]) !== 0 ? cell + step : -1))
    .filter((next) => next >= 0 && next < n);
}

function referenceBfs(run, from) {
  const next = openNeighbours(run);
  const dist = new Array(run.cellCount).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    for (const n of next(queue[head])) {
      if (dist[n] === -1) {
        dist[n] = dist[queue[head]] + 1;
        queue.push(n);
      }
    }
  }
  return dist;
}

function views(run) {
  const reached = run.measureThinking();
  const [a, b, c] = [run.cameFromPtr(), run.costSoFarPtr(), run.estimatePtr()];
  const n = run.cellCount;
  const buffer = wasm.memory.buffer;
  return {
    reached,
    cameFrom: new Int32Array(buffer, a, n).slice(),
    cost: new Float32Array(buffer, b, n).slice(),
    estimate: new Float32Array(buffer, c, n).slice(),
  };
}

test('after BFS on a perfect maze every reached cell links to its neighbour one closer to the start', () => {
  for (const generator of ['recursive-backtracker', 'kruskal', 'prim']) {
    const run = new mz.MazeRun({ generator, solver: 'bfs', width: 13, height: 9, seed: 21 });
    run.finish();
    const start = run.start();
    const dist = referenceBfs(run, start);
    const next = openNeighbours(run);
    const view = views(run);
    let linked = 0;
    for (let cell = 0; cell < run.cellCount; cell++) {
      const parent = run.cameFrom(cell);
      assert.equal(view.cameFrom[cell], parent, `${generator}: view and call agree at ${cell}`);
      if (parent === -1 && cell !== start) {
        assert.equal(run.costSoFar(cell), -1, `${generator}: cell ${cell} not reached`);
        continue;
      }
      assert.equal(run.costSoFar(cell), dist[cell], `${generator}: cost so far of ${cell}`);
      assert.equal(view.cost[cell], dist[cell]);
      assert.equal(run.estimate(cell), -1, 'BFS makes no guess');
      if (cell === start) continue;
      assert.ok(next(cell).includes(parent), `${generator}: ${cell} ← ${parent} is a passage`);
      assert.equal(dist[parent], dist[cell] - 1, `${generator}: ${parent} is one closer`);
      linked++;
    }
    assert.equal(linked + 1, view.reached, `${generator}: every reached cell but the start`);
    assert.ok(view.reached > 10);
    run.free();
  }
});

test('A* gives g and h; f = g + h never falls below the path cost at the goal', () => {
  const run = new mz.MazeRun({ generator: 'terrain', solver: 'a-star', width: 14, height: 10, seed: 3 });
  run.finish();
  const goal = run.goal();
  assert.equal(run.costSoFar(goal), run.pathCost(), 'the goal\'s g is the path\'s cost');
  assert.equal(run.estimate(goal), 0, 'h is 0 at the goal');
  const view = views(run);
  const start = run.start();
  assert.equal(view.cameFrom[start], -1);
  assert.equal(view.cost[start], 0);
  assert.ok(view.estimate[start] > 0);
  for (let cell = 0; cell < run.cellCount; cell++) {
    if (view.cameFrom[cell] === -1) continue;
    assert.ok(Math.abs(view.cost[cell] - run.costSoFar(cell)) < 1e-4);
    assert.ok(Math.abs(view.estimate[cell] - run.estimate(cell)) < 1e-4);
  }
  run.free();
});

test('a step back takes the links back; before any solver, all -1', () => {
  const run = new mz.MazeRun({ generator: 'kruskal', solver: 'bfs', width: 10, height: 8, seed: 5 });
  run.advance(3);
  assert.equal(run.phase(), 'generating');
  let view = views(run);
  assert.equal(view.reached, 0);
  assert.ok(view.cameFrom.every((p) => p === -1) && view.cost.every((c) => c === -1));
  assert.equal(run.cameFrom(0), -1);
  assert.equal(run.costSoFar(0), -1);
  while (run.phase() !== 'solving') run.advance(1);
  run.advance(5);
  const before = views(run);
  run.advance(6);
  const after = views(run);
  assert.ok(after.reached > before.reached, 'six more steps reached more cells');
  for (let i = 0; i < 6; i++) assert.ok(run.back());
  view = views(run);
  assert.deepEqual(view, before, 'back where it was');
  for (let cell = 0; cell < run.cellCount; cell++) {
    if (before.cameFrom[cell] === -1 && after.cameFrom[cell] !== -1) {
      assert.equal(run.cameFrom(cell), -1, `cell ${cell} no longer reached`);
      assert.equal(run.costSoFar(cell), -1);
    }
  }
  run.seek(0);
  assert.equal(views(run).reached, 0, 'seeking to step 0: nothing reached');
  run.free();
});

test('bad cells are refused with the usual message, and the run goes on', () => {
  const run = new mz.MazeRun({ generator: 'kruskal', solver: 'a-star', width: 4, height: 3, seed: 1 });
  run.finish();
  for (const [method, value, quoted] of [
    ['cameFrom', 12, '12'], ['costSoFar', -1, '-1'], ['estimate', 1.5, '1.5'],
    ['cameFrom', '3', "the string '3'"], ['costSoFar', null, 'null'], ['estimate', undefined, 'undefined'],
  ]) {
    assert.throws(() => run[method](value), (e) => {
      assert.match(e.message, new RegExp(`^${method}: cell `));
      assert.ok(e.message.includes(quoted), e.message);
      assert.ok(e.message.includes('use a whole number from 0 to 11'), e.message);
      return true;
    });
  }
  assert.equal(run.cameFrom(run.start()), -1);
  assert.notEqual(run.cameFrom(run.goal()), -1);
  run.free();
});
