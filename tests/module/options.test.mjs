// `new MazeRun(options)`: the settings as one object. Every key but `generator` may be left
// out; an unknown key is refused by name (with the key meant when it is close); a value of
// the wrong type is refused naming its key, with the very message the positional form gives;
// the object and the (deprecated) positional form make the same run, byte for byte; and the
// types in pkg/mazestep.d.ts declare the object.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { mz, state, stateDiff } from './load.mjs';

/** The options, in the order of the positional arguments. */
const KEYS = ['generator', 'solver', 'width', 'height', 'seed', 'start', 'goal', 'braid', 'shape',
  'mask', 'edits', 'corners', 'heuristic', 'weight', 'density'];
/** Every option of the object: the positional ones, the waypoints, `exit`, `ends` and `knobs` (the object only). */
const OBJECT_KEYS = [...KEYS, 'via', 'exit', 'ends', 'knobs'];

/** What `fn` throws (failing the test if it does not), as the Error itself. */
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

/** A run made and run to the end, as its state; freed. */
function finished(make) {
  const run = make();
  run.finish();
  const seen = { ...state(run), narration: run.narration(), outcome: run.outcome(), path: run.pathLength() };
  run.free();
  return seen;
}

test('the object and the positional form make the same run, byte for byte', () => {
  const settings = [
    { generator: 'kruskal', solver: 'a-star', width: 9, height: 7, seed: '12345' },
    { generator: 'wilson', solver: 'bfs', width: 6, height: 6, seed: 7, start: '1,1', goal: '4,5', braid: 0.5 },
    { generator: 'recursive-backtracker', solver: 'dijkstra', width: 5, height: 6, seed: '3', shape: 'hex' },
    { generator: 'recursive-backtracker', solver: 'bfs', width: 1, height: 5, seed: '3', shape: 'polar' },
    { generator: 'kruskal', solver: 'bfs', width: 6, height: 5, seed: '9', mask: '......\n..XX..\n......\n......\n......\n' },
    { generator: 'kruskal', solver: 'a-star', width: 6, height: 6, seed: '2', edits: '8.c', corners: 'always',
      heuristic: 'octile', weight: 1.5 },
    { generator: 'obstacles', solver: 'a-star', width: 8, height: 8, seed: '5', density: 0.2 },
  ];
  for (const options of settings) {
    const positional = KEYS.map((key) => options[key]);
    const fromObject = finished(() => new mz.MazeRun(options));
    const fromArguments = finished(() => new mz.MazeRun(...positional));
    assert.equal(stateDiff(fromObject, fromArguments), null, JSON.stringify(options));
    assert.deepEqual(
      [fromObject.narration, fromObject.outcome, fromObject.path],
      [fromArguments.narration, fromArguments.outcome, fromArguments.path],
    );
  }
  // The runs can differ (so that the comparison above can fail): another seed, another maze.
  const other = finished(() => new mz.MazeRun({ ...settings[0], seed: '12346' }));
  assert.notEqual(stateDiff(other, finished(() => new mz.MazeRun(settings[0]))), null);
});

test('only the generator is needed: 10 x 10, no solver, a fresh seed the run tells', () => {
  const run = new mz.MazeRun({ generator: 'kruskal' });
  assert.equal(run.width, 10);
  assert.equal(run.height, 10);
  assert.match(run.seed, /^\d+$/);
  run.finish();
  assert.equal(run.phaseSteps('solving'), 0);
  // The seed told makes the same maze again.
  const again = new mz.MazeRun({ generator: 'kruskal', seed: run.seed });
  again.finish();
  assert.equal(stateDiff(state(again), state(run)), null);
  // A seed given is the seed told, as a decimal string.
  const given = new mz.MazeRun({ generator: 'kruskal', seed: 42 });
  assert.equal(given.seed, '42');
  for (const r of [run, again, given]) r.free();
  // Keys left undefined are left out; so is an object without a prototype.
  const bare = Object.assign(Object.create(null), { generator: 'kruskal', seed: '1', solver: undefined });
  const plain = new mz.MazeRun(bare);
  assert.equal(plain.width, 10);
  plain.free();
});

test('an unknown key is refused by name, with the key meant when it is close', () => {
  const error = refusal(() => new mz.MazeRun({ generator: 'kruskal', widht: 5 }));
  assert.equal(error.message, `MazeRun: unknown option 'widht': did you mean width? allowed are ${OBJECT_KEYS.join(', ')}`);
  assert.match(refusal(() => new mz.MazeRun({ generator: 'kruskal', Seed: '1' })).message,
    /^MazeRun: unknown option 'Seed': did you mean seed\? /);
  assert.match(refusal(() => new mz.MazeRun({ Generator: 'kruskal' })).message,
    /^MazeRun: unknown option 'Generator': did you mean generator\? /);
  // Nothing close: no guess.
  assert.equal(refusal(() => new mz.MazeRun({ generator: 'kruskal', colour: 'red' })).message,
    `MazeRun: unknown option 'colour': allowed are ${OBJECT_KEYS.join(', ')}`);
  // A symbol key is no option either; a long key is cut in the message.
  assert.match(refusal(() => new mz.MazeRun({ generator: 'kruskal', [Symbol('s')]: 1 })).message,
    /^MazeRun: unknown option \(a symbol\): allowed are /);
  const long = refusal(() => new mz.MazeRun({ generator: 'kruskal', ['x'.repeat(500)]: 1 })).message;
  assert.ok(long.length < 300, long);
});

test('a value of the wrong type is refused naming its key, as the positional form refuses it', () => {
  const good = { generator: 'kruskal', solver: 'bfs', width: 6, height: 6, seed: '1' };
  const wrong = {
    generator: [5, null, true, {}], solver: [5, true, {}], width: ['10', 2.5, 0, 4097, null], height: ['10', -1, NaN],
    seed: [-1, 2.5, '1e3', true, null], start: [5, '1,2,3', '9,9'], goal: [5, '-1,0'], braid: ['0.5', 2, true],
    shape: [5, 'circle'], mask: [5, '..?'], edits: [3, 'q'], corners: [8, 'sometimes'], heuristic: [1, 'taxicab'],
    weight: ['2', 0.5, 1e308], density: ['0.3', 0.95, -1],
  };
  assert.deepEqual(Object.keys(wrong), KEYS, 'every key is tried');
  for (const [key, values] of Object.entries(wrong)) {
    for (const value of values) {
      const where = `${key} = ${String(value)}`;
      const fromObject = refusal(() => new mz.MazeRun({ ...good, [key]: value }));
      // The same value in the same place of the positional form.
      const positional = KEYS.map((k) => (k === key ? value : good[k]));
      // (A plain object first is the options object, so it has no positional twin.)
      if (key !== 'generator' || typeof value !== 'object' || value === null) {
        const fromArguments = refusal(() => new mz.MazeRun(...positional));
        assert.equal(fromObject.message, fromArguments.message, where);
        assert.deepEqual(fromObject.data, fromArguments.data, where);
      }
      // The message names the key right after the function, or says what is wrong with its
      // value in the core's words.
      assert.ok(fromObject.message.startsWith('MazeRun: '), `${where}: ${fromObject.message}`);
      assert.ok(
        new RegExp(`^MazeRun: (${key}\\b|unknown (shape|corner rule|heuristic)|the edits|mask|start|goal)`)
          .test(fromObject.message),
        `${where}: ${fromObject.message}`,
      );
    }
  }
  // A wrong type carries its sentence, as every refused argument does.
  const error = refusal(() => new mz.MazeRun({ ...good, width: '10' }));
  assert.equal(error.message,
    "MazeRun: width (the string '10') is not allowed: use a number, a whole number from 1 to 4096");
  assert.equal(error.data.key, 'core.refusals.refused');
  assert.equal(error.data.args.allowed.key, 'core.allowed.side');
});

test('without a generator, or with no object at all, the constructor says what it needs', () => {
  assert.equal(refusal(() => new mz.MazeRun({ width: 5 })).message,
    'MazeRun: generator (undefined) is not allowed: use a string');
  assert.equal(refusal(() => new mz.MazeRun({})).message,
    'MazeRun: generator (undefined) is not allowed: use a string');
  for (const [value, shown] of [[undefined, '(undefined)'], [null, '(null)'], [5, '5'], [[], '(an object)'],
    [[{ generator: 'kruskal' }], '(an object)'], [true, '(true)'], [() => 1, '(a function)']]) {
    const error = refusal(() => new mz.MazeRun(value));
    assert.equal(error.message,
      `MazeRun: options ${shown} is not allowed: use an object of settings, e.g. { generator: 'kruskal' }`);
    assert.equal(error.data.key, 'core.refusals.refused');
  }
  assert.match(refusal(() => new mz.MazeRun()).message, /^MazeRun: options \(undefined\) is not allowed/);
  // Settings after the object belong in it.
  assert.equal(refusal(() => new mz.MazeRun({ generator: 'kruskal' }, 'bfs')).message,
    "MazeRun: solver (the string 'bfs') is not allowed: give it in the options object, not after it");
  assert.match(refusal(() => new mz.MazeRun({ generator: 'kruskal' }, undefined, 10)).message,
    /^MazeRun: width 10 is not allowed: give it in the options object/);
});

test('hostile objects are refused, never a trap', () => {
  const throwing = { generator: 'kruskal', get width() { throw new Error('no width for you'); } };
  assert.equal(refusal(() => new mz.MazeRun(throwing)).message, 'MazeRun: width could not be read: it threw');
  const { proxy, revoke } = Proxy.revocable({ generator: 'kruskal' }, {});
  revoke();
  assert.match(refusal(() => new mz.MazeRun(proxy)).message, /^MazeRun: options \(an object\) is not allowed/);
  // A Proxy that answers like a plain object works like one.
  const proxied = new Proxy({ generator: 'kruskal', seed: '4', width: 5, height: 5 }, {});
  const run = new mz.MazeRun(proxied);
  assert.equal(run.cellCount, 25);
  run.free();
  // The core's refusals of settings together come through as from the positional form.
  const hex = refusal(() => new mz.MazeRun({ generator: 'sidewinder', shape: 'hex', seed: '1' }));
  assert.match(hex.message, /^MazeRun: shape: sidewinder needs the rows and columns of a whole square grid/);
  assert.equal(hex.data.key, 'core.messages.about');
  assert.equal(hex.data.args.message.key, 'core.messages.square-only');
});

test('pkg/mazestep.d.ts declares the options object, and the positional form as deprecated', () => {
  const types = readFileSync(new URL('../../pkg/mazestep.d.ts', import.meta.url), 'utf8');
  const body = types.split('export interface MazeRunOptions {')[1]?.split('\n}')[0];
  assert.ok(body, 'the .d.ts declares MazeRunOptions');
  const keys = [...body.matchAll(/^ {4}(\w+)\??:/gm)].map((m) => m[1]);
  assert.deepEqual(keys, OBJECT_KEYS);
  assert.match(body, /^ {4}generator: string;$/m, 'generator is required');
  assert.equal([...body.matchAll(/^ {4}\w+\?:/gm)].length, OBJECT_KEYS.length - 1, 'the rest are optional');
  // Each key has its doc comment.
  assert.equal([...body.matchAll(/\*\/\n {4}\w+\??:/g)].length, OBJECT_KEYS.length);
  assert.deepEqual(
    JSON.parse(`[${body.match(/shape\?: (.*) \| null;/)[1].replaceAll(' | ', ',')}]`),
    Array.from(mz.shapeNames()),
  );
  const constructors = [...types.matchAll(/\n {4}constructor\((.*)\);/g)].map((m) => m[1]);
  assert.deepEqual(constructors.length, 2, constructors.join('\n'));
  assert.equal(constructors[0], 'options: MazeRunOptions');
  assert.match(constructors[1], /^generator: string, solver: /);
  const positional = types.split('constructor(options: MazeRunOptions);')[1].split('constructor(generator')[0];
  assert.match(positional, /@deprecated/);
});

test('exit: flood visits every reachable cell and keeps the path; goal is the default; the rest refuse it', () => {
  const maze = { generator: 'kruskal', width: 9, height: 7, seed: '4', braid: 0.5 };
  for (const solver of ['bfs', 'dijkstra', 'a-star', 'a-star-weighted']) {
    const outcome = (exit) => {
      let narration = '';
      const run = new mz.MazeRun({ ...maze, solver, ...(exit ? { exit } : {}) });
      // The search's last step says "found" (the player's walk comes after it).
      while (run.phase() !== 'done' && !narration) {
        run.advance(1);
        if (run.lastEvent() === 'found') narration = run.narration();
      }
      run.finish();
      const seen = { visited: run.visited(), path: run.pathLength(), outcome: run.outcome(), narration };
      run.free();
      return seen;
    };
    const [plain, goal, flood] = [outcome(null), outcome('goal'), outcome('flood')];
    assert.deepEqual(goal, plain, `${solver}: exit goal is the default`);
    assert.equal(flood.visited, 63, `${solver}: the flood reaches all 9 x 7 cells`);
    assert.ok(goal.visited < 63, `${solver}: stopping at the goal visits fewer (${goal.visited})`);
    assert.equal(flood.path, goal.path, `${solver}: the same path`);
    assert.match(flood.narration, /^The frontier is empty: the flood reached every cell it can \(63 cells\)/);
  }
  const refused = refusal(() => new mz.MazeRun({ ...maze, solver: 'dfs', exit: 'flood' }));
  assert.match(refused.message, /exit flood is not for dfs: .* choose one of bfs, a-star, dijkstra, a-star-weighted, or exit goal/);
  assert.equal(refused.data.key, 'core.refusals.exit-flood');
  assert.equal(refusal(() => new mz.MazeRun({ ...maze, solver: 'bfs', exit: 'sea' })).message,
    "MazeRun: unknown exit 'sea': choose one of goal, flood");
  assert.match(refusal(() => new mz.MazeRun({ ...maze, solver: 'bfs', exit: 5 })).message, /^MazeRun: exit 5 is not allowed: use a string, or leave it out$/);
  assert.deepEqual(['bfs', 'dfs', 'dijkstra'].map((name) => mz.solverHonours(name)[3]), [1, 0, 1]);
});
