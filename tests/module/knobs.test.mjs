// A generator's knobs through the module: `knobs` in `new MazeRun`'s options (NAME=VALUE, the
// one form every front end takes), generatorKnobs() listing them, parseKnobs() checking them;
// a knob the generator lacks, a value out of range or a value of the wrong type is refused with
// the value quoted and the limits named, never a trap.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mz, state } from './load.mjs';

/** The maze a run makes, run to the end; freed. */
function maze(options) {
  const run = new mz.MazeRun({ width: 9, height: 7, seed: '3', ...options });
  run.finish();
  const cells = state(run).cells;
  run.free();
  return cells;
}

/** What `fn` throws, as the Error itself. */
function refusal(fn) {
  try {
    fn()?.free?.();
  } catch (error) {
    assert.ok(error instanceof Error, `threw a non-Error: ${String(error)}`);
    return error;
  }
  assert.fail('expected a refusal');
}

test('a knob changes the maze; at its default, or left out, it changes nothing', () => {
  const plain = maze({ generator: 'sidewinder' });
  assert.deepEqual(maze({ generator: 'sidewinder', knobs: 'run-close=0.5' }), plain);
  assert.deepEqual(maze({ generator: 'sidewinder', knobs: null }), plain);
  assert.deepEqual(maze({ generator: 'sidewinder', knobs: '' }), plain);
  const closing = maze({ generator: 'sidewinder', knobs: 'run-close=1' });
  assert.notDeepEqual(closing, plain);
  // Every cell below the top row carves north: nine vertical corridors.
  const NORTH = 1;
  assert.ok(closing.slice(9).every((c) => c & NORTH));
  assert.deepEqual(maze({ generator: 'eller', knobs: ' drop=1 , join=0 ' }), maze({ generator: 'eller', knobs: 'join=0,drop=1' }));
});

test('generatorKnobs lists each knob with its default and its values; parseKnobs writes them one way', () => {
  assert.deepEqual(mz.generatorKnobs('eller').split('\n').filter(Boolean), ['join 0.5 number 0 1 0', 'drop 0.5 number 0 1 0']);
  assert.equal(mz.generatorKnobs('binary-tree'), 'bias north-east words north-east north-west south-east south-west\n');
  assert.equal(mz.generatorKnobs('kruskal'), '');
  assert.equal(mz.parseKnobs('binary-tree', 'bias=sw'), 'bias=south-west');
  assert.equal(mz.parseKnobs('growing-tree', 'mix=20,policy=mix'), 'policy=mix,mix=20');
  assert.equal(mz.parseKnobs('kruskal', ''), '');
  assert.match(refusal(() => mz.generatorKnobs('nope')).message, /^generatorKnobs: unknown generator 'nope'/);
});

test('knobs a generator lacks, values out of range and values of the wrong type are refused', () => {
  const cases = [
    [{ generator: 'kruskal', knobs: 'join=0.2' }, 'kruskal has no knobs (join is not one): knobs are for binary-tree, sidewinder, eller, recursive-division, growing-tree, cellular-automaton'],
    [{ generator: 'eller', knobs: 'bias=sw' }, 'eller has no knob bias: its knobs are join, drop'],
    [{ generator: 'eller', knobs: 'join=1.5' }, "MazeRun: knob join '1.5' is not allowed: give a number from 0 to 1"],
    [{ generator: 'recursive-division', knobs: 'min-room=1e3' }, "MazeRun: knob min-room '1e3' is not allowed: give a whole number from 1 to 64"],
    [{ generator: 'binary-tree', knobs: 'bias=up' }, "MazeRun: knob bias 'up' is not allowed: give one of north-east, north-west, south-east, south-west"],
    [{ generator: 'eller', knobs: 'join' }, "MazeRun: knob 'join' is not NAME=VALUE: write it e.g. run-close=0.8"],
    [{ generator: 'eller', knobs: 'colour=red' }, "MazeRun: unknown knob 'colour': the knobs are bias, run-close, join, drop, min-room, policy, mix"],
    [{ generator: 'growing-tree', knobs: 'policy=oldest,mix=10' }, 'knob mix is read only with policy=mix: leave it out, or give policy=mix'],
    [{ generator: 'eller', knobs: 0.5 }, 'MazeRun: knobs 0.5 is not allowed: use a string, or leave it out'],
    [{ generator: 'eller', knobs: { join: 0.2 } }, 'MazeRun: knobs (an object) is not allowed'],
  ];
  for (const [options, says] of cases) {
    const error = refusal(() => new mz.MazeRun(options));
    assert.ok(error.message.includes(says), `${JSON.stringify(options)}: ${error.message}`);
  }
  // A long value is cut in the message.
  const long = refusal(() => new mz.MazeRun({ generator: 'eller', knobs: `join=${'9'.repeat(500)}` })).message;
  assert.ok(long.length < 300 && long.includes('…'), long);
  assert.match(refusal(() => mz.parseKnobs('eller', 'run-close=0.9')).message,
    /^parseKnobs: eller has no knob run-close: its knobs are join, drop$/);
  // The refusal carries its words for the page to say in its language.
  const data = refusal(() => mz.parseKnobs('eller', 'join=2')).data;
  assert.equal(data.key, 'core.refusals.knob-value');
});
