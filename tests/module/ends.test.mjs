// The `ends` option through the module: 'corners', 'hardest', 'random'. The hardest pair is
// checked against a brute-force diameter here (a breadth-first search from every cell over the
// cells' passage bits, north 1, east 2, south 4, west 8, read from memory, not from the core's
// own distance code); a start or goal given wins over the preset; bad values are refused.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mz, state } from './load.mjs';

const MAZE = { generator: 'recursive-backtracker', solver: 'bfs', width: 9, height: 7, seed: '7' };

/** Steps up to the search's first step, so the hardest ends are placed. */
function toSearch(run) {
  while (run.phase() !== 'solving' && run.phase() !== 'done') run.advance(1);
}

/** Distances from `from` through the passages, on a width-wide square grid. */
function bfs(cells, width, from) {
  const dist = new Array(cells.length).fill(-1);
  dist[from] = 0;
  const queue = [from];
  const moves = [[1, -width], [2, 1], [4, width], [8, -1]];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i];
    for (const [bit, step] of moves) {
      const n = c + step;
      if (cells[c] & bit && dist[n] < 0) {
        dist[n] = dist[c] + 1;
        queue.push(n);
      }
    }
  }
  return dist;
}

test('corners by default and by name: the first and the last cell', () => {
  for (const ends of [undefined, null, 'corners']) {
    const run = new mz.MazeRun({ ...MAZE, ends });
    toSearch(run);
    assert.equal(run.start(), 0);
    assert.equal(run.goal(), 9 * 7 - 1);
    run.free();
  }
});

test('hardest: the corners until the search begins, then the two ends of a diameter', () => {
  for (const seed of ['1', '7', '42']) {
    const run = new mz.MazeRun({ ...MAZE, seed, ends: 'hardest' });
    assert.equal(run.start(), 0, 'before generation the corners stand in');
    toSearch(run);
    const { cells } = state(run);
    let diameter = 0;
    for (let c = 0; c < cells.length; c++) diameter = Math.max(diameter, ...bfs(cells, 9, c));
    const apart = bfs(cells, 9, run.start())[run.goal()];
    assert.equal(apart, diameter, `seed ${seed}: ends ${run.start()} and ${run.goal()} are ${apart} apart, the diameter is ${diameter}`);
    run.finish();
    assert.equal(run.pathLength(), diameter + 1);
    run.free();
  }
});

test('a start or goal given wins; hardest puts the other end furthest from it', () => {
  const run = new mz.MazeRun({ ...MAZE, ends: 'hardest', start: '4,3' });
  toSearch(run);
  assert.equal(run.start(), 3 * 9 + 4);
  const dist = bfs(state(run).cells, 9, run.start());
  assert.equal(dist[run.goal()], Math.max(...dist));
  run.free();
  const both = new mz.MazeRun({ ...MAZE, ends: 'random', start: '1,1', goal: 'exit:east' });
  toSearch(both);
  assert.deepEqual([both.start(), both.goal(), both.goalExit()], [10, 3 * 9 + 8, 1]);
  both.free();
});

test('random: two different cells from the seed, the maze unchanged', () => {
  const random = new mz.MazeRun({ ...MAZE, ends: 'random' });
  const again = new mz.MazeRun({ ...MAZE, ends: 'random' });
  const plain = new mz.MazeRun({ ...MAZE });
  for (const run of [random, again, plain]) toSearch(run);
  assert.notEqual(random.start(), random.goal());
  assert.deepEqual([random.start(), random.goal()], [again.start(), again.goal()]);
  assert.notDeepEqual([random.start(), random.goal()], [0, 62]);
  assert.deepEqual(state(random).cells, state(plain).cells);
  for (const run of [random, again, plain]) run.free();
});

test('bad ends are refused, naming the option and quoting what was given', () => {
  const refused = (ends, pattern) => assert.throws(() => new mz.MazeRun({ ...MAZE, ends }).free(), pattern);
  refused('far', /^Error: MazeRun: ends 'far' is not known: choose corners, hardest or random$/);
  refused('', /ends '' is not known/);
  refused('x'.repeat(200), /ends 'x{80}…' is not known/);
  refused(2, /MazeRun: ends 2 is not allowed: use a string, or leave it out/);
  refused({}, /ends \(an object\) is not allowed/);
  assert.throws(() => new mz.MazeRun({ ...MAZE, end: 'hardest' }), /unknown option 'end': did you mean ends\?/);
});

test('prepareEnds measures the hardest pair ahead a slice at a time; the same ends and steps', () => {
  const settings = { ...MAZE, width: 40, height: 30, ends: 'hardest' };
  const whole = new mz.MazeRun(settings);
  whole.finish();
  const ahead = new mz.MazeRun(settings);
  assert.equal(ahead.prepareEnds(10), true, 'nothing to measure while generating');
  // Once asked, a bounded call stops before the search's first step until the pair is measured.
  ahead.finish(1e9);
  assert.equal(ahead.phase(), 'generating');
  assert.equal(ahead.advance(10), 0);
  let calls = 1;
  while (!ahead.prepareEnds(100)) calls++;
  assert.ok(calls >= 1200 / 100, `in slices: ${calls} calls`);
  ahead.finish();
  assert.deepEqual([ahead.start(), ahead.goal(), ahead.steps(), ahead.pathLength()],
    [whole.start(), whole.goal(), whole.steps(), whole.pathLength()]);
  assert.notDeepEqual([ahead.start(), ahead.goal()], [0, 40 * 30 - 1]);
  // Other presets and runs have nothing to measure.
  const corners = new mz.MazeRun({ ...settings, ends: 'corners' });
  corners.finish(1e9);
  assert.equal(corners.prepareEnds(), true);
  assert.throws(() => corners.prepareEnds('lots'), /prepareEnds.*'lots'/);
  for (const run of [whole, ahead, corners]) run.free();
});

test('rework places the preset\'s ends as a new run does; a cell replaces a gap, null keeps it', () => {
  for (const [options, start, goal] of [
    [{ ends: 'hardest' }, null, null],
    [{ ends: 'hardest' }, '2,2', null],
    [{ ends: 'random' }, null, '5,5'],
    [{ ends: 'hardest', start: 'exit:west' }, null, null],
    [{ start: 'exit:west' }, '3,3', null],
  ]) {
    const run = new mz.MazeRun({ ...MAZE, ...options });
    run.finish();
    run.rework('20.a', start, goal);
    const fresh = new mz.MazeRun({ ...MAZE, ...options, edits: '20.a', ...(start ? { start } : {}), ...(goal ? { goal } : {}) });
    fresh.finish();
    const said = JSON.stringify([options, start, goal]);
    assert.deepEqual([run.start(), run.goal(), run.startExit(), run.steps(), run.pathLength()],
      [fresh.start(), fresh.goal(), fresh.startExit(), fresh.steps(), fresh.pathLength()], said);
    run.free();
    fresh.free();
  }
});
