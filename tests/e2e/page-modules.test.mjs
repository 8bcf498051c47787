// The page's plain modules (clock and state machine, URL parameters, status text, speed
// scale) tested in Node with stand-ins for the wasm run: no browser, no pkg/ needed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Controller } from '../../www/run/controller.js';
import { statusText } from '../../www/run/stage.js';
import {
  DEFAULTS, SPEED_STOPS, describeEnds, describeSpeed, pointInside, pointOf, pointSetting,
  positionToSpeed, speedToPosition, useModuleEnds,
} from '../../www/run/settings.js';
import { parseSpeed, readSettings, writeSettings } from '../../www/run/url.js';
import { setLanguage } from '../../www/words/i18n.js';

// The page's modules speak through i18n.js: these tests read their English.
await setLanguage('en');

// Stand-in for the module's defaultEnds (run::default_ends): top-left start, bottom-right goal.
useModuleEnds({ defaultEnds: (width, height) => [0, 0, width - 1, height - 1] });

/** A run of `total` steps that records every call the controller makes. */
class FakeRun {
  constructor(total) {
    this.total = total;
    this.done = 0;
    this.calls = [];
  }
  advance(n) {
    this.calls.push(n);
    const k = Math.min(n, this.total - this.done);
    this.done += k;
    return k;
  }
  finish() {
    this.calls.push('finish');
    const k = this.total - this.done;
    this.done = this.total;
    return k;
  }
  phase() {
    return this.done >= this.total ? 'done' : 'generating';
  }
  steps() {
    return this.done;
  }
  prepareBack() {
    this.calls.push('prepareBack');
    return true;
  }
  /** No hardest ends to measure: the next step may come at once. */
  prepareEnds() {
    return true;
  }
  free() {
    this.freed = true;
  }
}

/** A controller over fake runs, with a frame clock the test drives by hand. */
function setup({ total = 1000, speed = 60, fail = false } = {}) {
  const runs = [], events = [], errors = [];
  let pending = null;
  const controller = new Controller({
    createRun: (s) => {
      if (fail || s.width > 4096) throw new Error(`width '${s.width}' is not allowed`);
      const run = new FakeRun(total);
      runs.push(run);
      return run;
    },
    settings: { generator: 'g', solver: 'none', width: 4, height: 4, seed: '1', speed, style: 'block' },
    hooks: {
      frame: () => events.push('frame'),
      state: (state) => events.push(state),
      settings: () => events.push('settings'),
      error: (message) => errors.push(message),
    },
    requestFrame: (cb) => {
      pending = cb;
      return 1;
    },
  });
  let time = 1000;
  const tick = (ms = 1000 / 60) => {
    time += ms;
    const cb = pending;
    pending = null;
    cb?.(time);
    return cb !== null;
  };
  return { controller, runs, events, errors, tick };
}

test('playing calls advance once per frame with as many steps as the speed allows', () => {
  const { controller, runs, tick } = setup({ speed: 600 });
  assert.ok(controller.start());
  controller.play();
  assert.equal(controller.state, 'running');
  for (let i = 0; i < 60; i++) assert.ok(tick());
  const calls = runs[0].calls;
  // One call per frame (at most: a frame owed no whole step makes none), never one per step.
  assert.ok(calls.length <= 60 && calls.length >= 59, `calls: ${calls.length}`);
  assert.equal(calls[0], 1, 'the first frame shows a step at once');
  // 600 steps/s for 59 frame intervals of 1/60 s, plus the one in hand.
  const steps = calls.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(steps - (1 + 600 * 59 / 60)) <= 1, `steps: ${steps}`);
  assert.ok(calls.slice(1).every((n) => n === 10), `batches of 10: ${calls}`);
});

test('slow speeds step only when a whole step is due; a long pause does not jump ahead', () => {
  const { controller, runs, tick } = setup({ speed: 2 });
  controller.start();
  controller.play();
  // The first frame starts the clock; 60 frames more are one second.
  for (let i = 0; i < 61; i++) tick();
  const calls = runs[0].calls;
  assert.deepEqual(calls, [1, 1, 1], 'one second at 2 steps/s: the step in hand, then two');
  tick(60_000); // a hidden tab: counted as a tenth of a second at most
  const after = runs[0].calls.reduce((a, b) => a + b, 0);
  assert.ok(after <= 4, `steps after a long gap: ${after}`);
});

test('the top speed finishes the run in one frame; the run ending makes the state done', () => {
  const { controller, runs, tick, events, errors } = setup({ speed: Infinity });
  controller.start();
  controller.play();
  tick();
  assert.equal(runs[0].calls[0], 'finish');
  assert.equal(controller.state, 'done');
  // Once done, background chores (getting Back ready) take a frame at most; then the frames stop.
  let frames = 0;
  while (tick() && frames < 5) frames++;
  assert.ok(frames <= 1, `${frames} frames after done`);
  assert.equal(tick(), false, 'no more frames once done');
  assert.deepEqual(runs[0].calls, ['finish', 'prepareBack']);
  assert.deepEqual(errors, []);
  assert.ok(events.includes('done'));
});

test('a run ending on its own is detected from advance returning fewer steps', () => {
  const { controller, tick } = setup({ total: 25, speed: 600 });
  controller.start();
  controller.play();
  for (let i = 0; i < 10 && controller.state === 'running'; i++) tick();
  assert.equal(controller.state, 'done');
});

test('Step pauses and does one step; Play after done starts the same maze again', () => {
  const { controller, runs, tick } = setup({ total: 3 });
  controller.start();
  controller.step();
  assert.equal(controller.state, 'paused');
  assert.deepEqual(runs[0].calls, [1]);
  controller.step();
  assert.equal(controller.state, 'paused');
  controller.step(); // the last step: the run says it is done
  assert.equal(controller.state, 'done');
  controller.step();
  assert.equal(runs[0].calls.length, 3, 'Step does nothing once done');
  controller.play();
  assert.equal(runs.length, 2, 'a fresh run');
  assert.ok(runs[0].freed, 'the old run is freed');
  assert.equal(controller.state, 'running');
  tick();
  assert.deepEqual(runs[1].calls, [1]);
});

test('maze settings start a new run; speed and style do not; refused settings change nothing', () => {
  const { controller, runs, errors } = setup();
  controller.start();
  controller.step();
  assert.ok(controller.update({ speed: 5 }));
  assert.ok(controller.update({ style: 'thin' }));
  assert.equal(runs.length, 1);
  assert.equal(controller.state, 'paused');
  for (const change of [{ seed: '2' }, { width: 9 }, { height: 9 }, { generator: 'h' }, { solver: 'bfs' }, { start: '1,1' }, { goal: '0,0' }]) {
    const before = runs.length;
    assert.ok(controller.update(change));
    assert.equal(runs.length, before + 1, JSON.stringify(change));
    assert.equal(controller.state, 'idle');
  }
  assert.equal(controller.update({ width: 5000 }), false);
  assert.equal(controller.settings.width, 9);
  assert.match(errors[0], /width '5000'/);
});

const api = {
  generatorNames: () => ['binary-tree', 'kruskal'],
  solverNames: () => ['bfs', 'a-star'],
  parseSide: (what, text) => {
    const n = Number(text);
    if (!/^\d+$/.test(text.trim()) || n < 1 || n > 4096) {
      throw new Error(`${what} '${text}' is not allowed: use a whole number from 1 to 4096`);
    }
    return n;
  },
  parseSeed: (text) => {
    if (!/^\d{1,20}$/.test(text) || BigInt(text) > 18446744073709551615n) throw new Error(`seed '${text}' is not allowed`);
    return BigInt(text).toString();
  },
  // Mirrors parse::point: "X,Y", whole numbers, spaces allowed around them.
  parsePoint: (what, text) => {
    const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
    if (!match) throw new Error(`${what} '${text.trim()}' is not allowed: use X,Y with whole numbers, e.g. 0,0`);
    return Uint32Array.of(Number(match[1]), Number(match[2]));
  },
  // Mirrors parse::braid_percent: a whole percentage, a % sign allowed.
  parseBraid: (text) => {
    const match = /^([0-9]{1,3})%?$/.exec(text.trim());
    if (!match || Number(match[1]) > 100) throw new Error(`braid '${text.trim()}' is not allowed: use a whole percentage from 0 to 100`);
    return Number(match[1]);
  },
  freshSeed: () => '777',
};
const defaults = { ...DEFAULTS, generator: 'binary-tree', solver: 'bfs' };

test('URL parameters: good values are taken, each bad one is named and replaced', () => {
  const good = readSettings('?generator=kruskal&braid=35&solver=none&width=7&height=4096&seed=18446744073709551615&speed=max&style=thin&autoplay=1', api, defaults);
  assert.deepEqual(good.problems, []);
  assert.deepEqual(good.settings, {
    ...DEFAULTS,
    generator: 'kruskal', solver: 'none', race: 'none', width: 7, height: 4096, seed: '18446744073709551615',
    speed: Infinity, style: 'thin', autoplay: true, braid: 35, start: '', goal: '',
  });
  const bad = readSettings('?generator=x&braid=101&solver=y&width=0&height=&seed=-1&speed=0&style=z&autoplay=2&what=1', api, defaults);
  assert.deepEqual(bad.settings, { ...defaults, seed: '777' });
  for (const name of ['generator', 'braid', 'solver', 'width', 'height', 'seed', 'speed', 'style', 'autoplay', 'what']) {
    assert.ok(bad.problems.some((p) => p.includes(name)), `a problem names ${name}: ${bad.problems.join(' | ')}`);
  }
  assert.equal(bad.problems.length, 10);
  assert.ok(bad.problems.some((p) => p.includes('binary-tree, kruskal')), 'says what is allowed');
  // No seed: a fresh one, and no complaint.
  const none = readSettings('', api, defaults);
  assert.deepEqual(none, { settings: { ...defaults, seed: '777' }, problems: [], openedBy: 'step' });
});

test('URL: a parameter given twice says which counts; steps outside the bounds; a race needs a solver', () => {
  const twice = readSettings('?width=10&width=20&seed=1', api, defaults);
  assert.equal(twice.settings.width, 10);
  assert.deepEqual(twice.problems, ["URL: width is given 2 times: using the first, '10'."]);
  // A shared step outside from..to opens at the nearest bound (docs/page.md).
  assert.equal(readSettings('?seed=1&step=5&from=10&to=20', api, defaults).settings.step, 10);
  assert.equal(readSettings('?seed=1&step=25&from=10&to=20', api, defaults).settings.step, 20);
  // Without step, from says where to open, and messages name from.
  const fromOnly = readSettings('?seed=1&from=999999', api, defaults);
  assert.equal(fromOnly.settings.step, 999999);
  assert.equal(fromOnly.openedBy, 'from');
  assert.equal(readSettings('?seed=1&step=3&from=2', api, defaults).openedBy, 'step');
  // The largest step is named when one is too large.
  const huge = readSettings('?seed=1&step=9007199254740992', api, defaults);
  assert.match(huge.problems[0], /use a whole number of steps from 0 to 9007199254740991/);
  const race = readSettings('?seed=1&race=bfs&solver=none', api, defaults);
  assert.equal(race.settings.race, 'none');
  assert.match(race.problems.join(' '), /race 'bfs' needs a solver to race against/);
  // A long value is cut in the message.
  const long = readSettings(`?seed=1&generator=${'x'.repeat(10_000)}`, api, defaults);
  assert.ok(long.problems[0].length < 400, `${long.problems[0].length} characters`);
});

test('written URLs read back to the same settings', () => {
  for (const settings of [
    { ...defaults, seed: '0' },
    { ...DEFAULTS, generator: 'kruskal', solver: 'none', race: 'none', width: 4096, height: 1, seed: '18446744073709551615', speed: Infinity, style: 'thin', autoplay: true, braid: 100, start: '', goal: '' },
    { ...defaults, seed: '8', embed: true, controls: 'none', loop: true, from: 2, to: 30, step: 2 },
    { ...defaults, seed: '9', race: 'bfs' },
    { ...defaults, seed: '3', width: 10, height: 6, start: '9,0', goal: '0,5' },
    { ...defaults, seed: '3', start: '0,1', goal: '' },
    { ...defaults, seed: '5', braid: 1 },
    { ...defaults, seed: '42', speed: 7 },
  ]) {
    const back = readSettings(writeSettings(settings), api, defaults);
    // writeSettings leaves step out (it is not paused): a from bound then says where to open.
    assert.deepEqual(back, { settings, problems: [], openedBy: settings.from > 0 ? 'from' : 'step' });
  }
});

test('URL start and goal: parsed, checked against the size, corners left out of the address', () => {
  const good = readSettings('?width=10&height=6&start=9,0&goal=%203%20,%202', api, defaults);
  assert.deepEqual(good.problems, []);
  assert.equal(good.settings.start, '9,0');
  assert.equal(good.settings.goal, '3,2');
  // Naming a corner is the same as leaving the parameter out.
  const corners = readSettings('?width=10&height=6&start=0,0&goal=9,5', api, defaults);
  assert.deepEqual([corners.settings.start, corners.settings.goal, corners.problems], ['', '', []]);
  assert.equal(writeSettings(corners.settings).includes('start'), false);
  assert.equal(writeSettings(corners.settings).includes('goal'), false);
  assert.ok(writeSettings(good.settings).includes('start=9%2C0'));
  // Outside the size (checked against the width and height read from the same URL), or not X,Y.
  const bad = readSettings('?width=10&height=10&start=99,99&goal=a,b', api, defaults);
  assert.deepEqual([bad.settings.start, bad.settings.goal], ['', '']);
  assert.equal(bad.problems.length, 2, bad.problems.join(' | '));
  assert.match(bad.problems[0], /start '99,99' is not allowed: use X,Y inside the 10 × 10 maze, X from 0 to 9 and Y from 0 to 9\. Using the top-left corner 0,0\./);
  assert.match(bad.problems[1], /goal 'a,b' is not allowed: use X,Y with whole numbers.*Using the bottom-right corner 9,9\./);
  // The edge: the last column is inside, one more is not.
  assert.equal(readSettings('?width=10&height=10&goal=9,9', api, defaults).problems.length, 0);
  assert.equal(readSettings('?width=10&height=10&goal=10,9', api, defaults).problems.length, 1);
  assert.equal(readSettings('?width=10&height=10&goal=9,10', api, defaults).problems.length, 1);
});

test('start and goal helpers: corners, settings, inside, text', () => {
  const s = { ...defaults, width: 24, height: 12, start: '', goal: '' };
  assert.equal(describeEnds(s), 'Start 0,0 · Goal 23,11');
  assert.equal(describeEnds({ ...s, start: '5,6', goal: '0,0' }), 'Start 5,6 · Goal 0,0');
  assert.deepEqual(pointOf({ ...s, goal: '2,3' }, 'goal'), [2, 3]);
  assert.equal(pointSetting('start', 0, 0, 24, 12), '');
  assert.equal(pointSetting('goal', 0, 0, 24, 12), '0,0');
  assert.equal(pointSetting('goal', 23, 11, 24, 12), '');
  assert.equal(pointInside('', 1, 1), true);
  assert.equal(pointInside('23,11', 24, 12), true);
  assert.equal(pointInside('24,11', 24, 12), false);
  assert.equal(pointInside('23,12', 24, 12), false);
});

test('speed scale: logarithmic stops from 1 step/s to the whole run, and text to match', () => {
  assert.equal(SPEED_STOPS[0], 1);
  assert.equal(SPEED_STOPS.at(-1), Infinity);
  for (let i = 1; i < SPEED_STOPS.length; i++) {
    assert.ok(SPEED_STOPS[i] > SPEED_STOPS[i - 1]);
    if (i < SPEED_STOPS.length - 1) assert.ok(SPEED_STOPS[i] / SPEED_STOPS[i - 1] <= 2.01, 'no big jumps');
  }
  SPEED_STOPS.forEach((speed, i) => {
    assert.equal(speedToPosition(speed), i);
    assert.equal(positionToSpeed(i), speed);
  });
  assert.equal(speedToPosition(240), speedToPosition(200), 'in-between speeds go to the nearest stop');
  assert.equal(describeSpeed(1), '1 step/s');
  assert.equal(describeSpeed(20000), '20,000 steps/s');
  assert.equal(describeSpeed(Infinity), 'whole run in one frame');
  for (const bad of ['', '0', '-5', '1.5', '10000001', 'fast', '1e3']) assert.equal(parseSpeed(bad), null, bad);
  assert.equal(parseSpeed('MAX'), Infinity);
});

/** A stand-in for a MazeRun at some moment of its timeline. */
const runAt = ({ phase, steps = 10, visited = 0, pathLength = 0, noPath = '' }) => ({
  phase: () => phase, steps: () => steps, visited: () => visited, pathLength: () => pathLength, noPath: () => noPath,
});

test('status text: phase, steps, search figures, and how a failed search ended', () => {
  assert.equal(statusText(runAt({ phase: 'generating', steps: 0 }), 'idle', 'bfs'), 'Ready to start generating, step 0');
  assert.equal(statusText(runAt({ phase: 'generating', steps: 1234 }), 'running', 'bfs'), 'Generating, step 1,234');
  assert.equal(statusText(runAt({ phase: 'braiding', steps: 1300 }), 'running', 'bfs'), 'Braiding, step 1,300');
  assert.equal(statusText(runAt({ phase: 'solving', steps: 50, visited: 20 }), 'paused', 'bfs'),
    'Solving (paused), step 50 · visited 20 · path length 0');
  const found = statusText(runAt({ phase: 'done', steps: 99, visited: 40, pathLength: 17 }), 'done', 'bfs');
  assert.match(found, /\bdone\b/);
  assert.match(found, /path length 17/);
  assert.doesNotMatch(found, /no path/);
  assert.match(statusText(runAt({ phase: 'done', noPath: 'no path: the goal cannot be reached' }), 'done', 'bfs'), /done.*no path/);
  const gaveUp = statusText(runAt({ phase: 'done', noPath: 'no path: gave up (back where it started, facing the same way)' }), 'done', 'wall-follower-right');
  assert.match(gaveUp, /no path: gave up \(back where it started, facing the same way\)/);
  assert.doesNotMatch(statusText(runAt({ phase: 'done' }), 'done', 'none'), /visited|path/);
});

