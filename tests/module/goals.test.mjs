// Several goals and waypoints through the module: `goal` takes "X,Y;X,Y" or an array, `via`
// the waypoints in order; the run says its goals, its waypoints and the goal it reached; a
// live re-solve takes new ones; bad values and runs the core refuses are said clearly.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { mz } from './load.mjs';

/** What `fn` throws (failing the test if it does not). */
function refusal(fn) {
  try {
    const made = fn();
    made?.free?.();
  } catch (error) {
    assert.ok(error instanceof Error, `threw a non-Error: ${String(error)}`);
    return error;
  }
  assert.fail('expected a refusal');
}

const base = { generator: 'kruskal', solver: 'bfs', width: 9, height: 7, seed: '4', braid: 0.5 };

test('goal takes a list as text or as an array, and the run says which goal it reached', () => {
  const asText = new mz.MazeRun({ ...base, goal: '8,6;1,5;7,0' });
  const asArray = new mz.MazeRun({ ...base, goal: ['8,6', '1,5', '7,0'] });
  for (const run of [asText, asArray]) {
    assert.deepEqual(Array.from(run.goals()), [6 * 9 + 8, 5 * 9 + 1, 7]);
    assert.equal(run.goal(), 6 * 9 + 8);
    assert.equal(run.goalReached(), -1, 'not before the search ends');
    run.finish();
  }
  assert.equal(asText.goalReached(), asArray.goalReached());
  assert.ok(Array.from(asText.goals()).includes(asText.goalReached()));
  assert.equal(asText.pathLength(), asArray.pathLength());
  // One goal: the list holds the one.
  const one = new mz.MazeRun({ ...base, goal: '3,3' });
  assert.deepEqual(Array.from(one.goals()), [3 * 9 + 3]);
  assert.deepEqual(Array.from(one.waypoints()), []);
  // ";X,Y": the first goal on its corner, then the other.
  const corner = new mz.MazeRun({ ...base, goal: ';3,3' });
  assert.deepEqual(Array.from(corner.goals()), [6 * 9 + 8, 3 * 9 + 3]);
  for (const run of [asText, asArray, one, corner]) run.free();
});

test('via: waypoints in order, searched leg by leg, and a live re-solve takes new ones', () => {
  const run = new mz.MazeRun({ ...base, solver: 'a-star', via: ['8,0', '0,6'] });
  assert.deepEqual(Array.from(run.waypoints()), [8, 6 * 9]);
  const legs = new Set();
  while (run.phase() !== 'walking' && run.phase() !== 'done') {
    run.advance(1);
    const said = run.narration();
    const leg = /^Leg (\d) of 3, /.exec(said);
    if (run.phase() === 'solving') assert.ok(leg, said);
    if (leg) legs.add(leg[1]);
  }
  assert.deepEqual([...legs], ['1', '2', '3']);
  run.finish();
  assert.equal(run.goalReached(), 62);
  const cost = run.pathCost();
  assert.ok(cost > 0);
  // Again with other stops, on the maze generation left.
  run.reworkStops('', null, '8,6;4,3', '0,6');
  assert.deepEqual(Array.from(run.goals()), [62, 3 * 9 + 4]);
  assert.deepEqual(Array.from(run.waypoints()), [54]);
  assert.ok(run.pathLength() > 0);
  // rework keeps the stops it has.
  run.rework('', null, null);
  assert.deepEqual(Array.from(run.waypoints()), [54]);
  run.free();
});

test('bad goals and waypoints, too many and solvers that cannot take them are refused by name', () => {
  const message = (options) => refusal(() => new mz.MazeRun({ ...base, ...options })).message;
  assert.match(message({ goal: '1,1;x' }), /^MazeRun: goal 'x' /);
  assert.match(message({ via: 5 }), /^MazeRun: via 5 is not allowed: use a string/);
  assert.match(message({ goal: ['1,1', 7] }), /^MazeRun: goal 7 is not allowed: use a string/);
  assert.match(message({ via: '1,1;9,9' }), /^MazeRun: waypoint 9,9 is outside the 9x7 maze/);
  // A huge list is refused by its length, before a cell of it is read.
  assert.equal(message({ goal: new Array(1_000_000).fill('1,1') }),
    'MazeRun: goal is a list of more than 64 cells: a run takes at most 8');
  assert.equal(message({ via: '1,1;'.repeat(1_000_000) }),
    'MazeRun: via is a list of more than 64 cells: a run takes at most 8');
  const nine = Array.from({ length: 9 }, (_, i) => `${i},0`);
  const many = refusal(() => new mz.MazeRun({ ...base, goal: nine }));
  assert.equal(many.message, 'MazeRun: 9 goals are too many: give at most 8');
  assert.equal(many.data?.key, 'core.refusals.goals-many');
  assert.equal(message({ solver: 'dfs', goal: '1,1;2,2' }),
    'MazeRun: dfs looks for one goal: several goals are for bfs, dijkstra and a-star');
  assert.match(message({ solver: 'bidirectional-bfs', goal: '1,1;2,2' }), /meets in the middle, so it takes one goal/);
  assert.match(message({ solver: 'tremaux', via: '1,1' }), /^MazeRun: tremaux does not go by waypoints/);
  // A refused live re-solve leaves the run as it was.
  const run = new mz.MazeRun({ ...base, goal: '8,6;1,5' });
  run.finish();
  const reached = run.goalReached();
  assert.match(refusal(() => run.reworkStops('', null, nine, null)).message, /9 goals are too many/);
  assert.equal(run.goalReached(), reached);
  run.free();
});

test('the types declare goal as a list and via', () => {
  const types = readFileSync(new URL('../../pkg/mazestep.d.ts', import.meta.url), 'utf8');
  assert.match(types, /goal\?: string \| string\[\] \| null;/);
  assert.match(types, /via\?: string \| string\[\] \| null;/);
  assert.match(types, /goalReached\(\): number;/);
  assert.match(types, /reworkStops\(/);
});

test('goals and waypoints refuse exit flood and ends in the outer wall, with the core\'s words', () => {
  const message = (options) => refusal(() => new mz.MazeRun({ ...base, ...options }));
  const flood = message({ goal: '8,6;1,5', exit: 'flood' });
  assert.equal(flood.message, 'MazeRun: exit flood reads back the path to one goal, and 2 goals are given: give one goal, or exit goal');
  assert.equal(flood.data?.key, 'core.refusals.goals-flood');
  assert.equal(message({ via: '3,3', exit: 'flood' }).data?.key, 'core.refusals.via-flood');
  const wall = message({ start: 'exit:west', via: ['3,3'] });
  assert.match(wall.message, /^MazeRun: an end in a gap of the outer wall is for a search without waypoints \(given: 1\)/);
  assert.equal(wall.data?.key, 'core.refusals.via-wall-exit');
  // A goal in the wall is one goal: a list of cells does not take it.
  assert.match(message({ goal: 'exit:south;1,5' }).message, /^MazeRun: goal /);
  // One goal still floods, and a goal in the wall still is one.
  const one = new mz.MazeRun({ ...base, exit: 'flood' });
  one.finish();
  assert.equal(one.goalReached(), 8 + 6 * 9);
  one.free();
  const walled = new mz.MazeRun({ ...base, goal: 'exit:south' });
  assert.equal(walled.goalExit(), 2);
  assert.deepEqual(Array.from(walled.goals()), [walled.goal()]);
  walled.free();
});
