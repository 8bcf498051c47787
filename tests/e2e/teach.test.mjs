// The teaching tools (issue 6) driven like a person would: Back and ←, the timeline, "run to
// the next", narration in the live region, the data-structure panel, step= links, embed mode
// with its bounds and loop, and the embed code. The URL helpers are checked in Node first.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, statusText } from './harness.mjs';
import { pageSuite } from './suite.mjs';
import { parseStep, readSettings, writeSettings } from '../../www/run/url.js';
import { DEFAULTS } from '../../www/run/settings.js';
import { setLanguage } from '../../www/words/i18n.js';

// The page's modules speak through i18n.js: these tests read their English.
await setLanguage('en');

const api = {
  generatorNames: () => ['kruskal'], solverNames: () => ['bfs'],
  parseSide: (_, t) => Number(t), parseSeed: (t) => t, parsePoint: () => [0, 0], freshSeed: () => '1',
};
const defaults = { ...DEFAULTS, generator: 'kruskal', solver: 'bfs' };

test('step, from and to are whole numbers; from after to is refused as a pair', () => {
  assert.equal(parseStep('42'), 42);
  assert.equal(parseStep(' 0 '), 0);
  for (const bad of ['-1', '1.5', 'x', '', '1e3', '99999999999999999']) assert.equal(parseStep(bad), null, bad);
  const good = readSettings('?step=7&from=2&to=9&loop=1', api, defaults);
  assert.deepEqual([good.settings.step, good.settings.from, good.settings.to, good.settings.loop], [7, 2, 9, true]);
  assert.deepEqual(good.problems, []);
  const swapped = readSettings('?from=9&to=2', api, defaults);
  assert.deepEqual([swapped.settings.from, swapped.settings.to], [0, null]);
  assert.match(swapped.problems.join('\n'), /from 9 is after to 2/);
  const bad = readSettings('?step=-3&controls=lots&embed=maybe', api, defaults);
  assert.equal(bad.settings.step, 0);
  assert.match(bad.problems.join('\n'), /URL: step '-3' is not allowed: use a whole number of steps from 0 to 9007199254740991\. Using 0\./);
  assert.match(bad.problems.join('\n'), /URL: controls 'lots' is not allowed: use none, minimal, full/);
  assert.match(bad.problems.join('\n'), /URL: embed 'maybe' is not allowed: use 1 or 0/);
});

test('embed mode defaults to the minimal controls; the query string round-trips', () => {
  const { settings } = readSettings('?embed=1&from=3&to=40&loop=1', api, defaults);
  assert.equal(settings.controls, 'minimal');
  assert.equal(settings.step, 3, 'an embed with from= opens at from');
  const query = writeSettings(settings, 12);
  for (const part of ['embed=1', 'controls=minimal', 'loop=1', 'from=3', 'to=40', 'step=12']) {
    assert.ok(query.includes(part), `${part} in ${query}`);
  }
  const again = readSettings(query, api, defaults).settings;
  assert.deepEqual([again.embed, again.controls, again.loop, again.from, again.to, again.step],
    [true, 'minimal', true, 3, 40, 12]);
  assert.equal(writeSettings({ ...defaults, seed: '1' }).includes('embed'), false);
});

const suite = pageSuite();
const open = suite.open;

const MAZE = '?generator=kruskal&solver=bfs&width=9&height=7&seed=11&speed=50';

/** Everything a person sees of the run: the canvas pixels and the words around it. */
function picture(page) {
  return page.evaluate(() => ({
    canvas: document.getElementById('maze').toDataURL(),
    status: document.querySelector('[role=status]').textContent,
    narration: document.getElementById('narration').textContent,
    structures: document.getElementById('structures').textContent,
    stats: document.getElementById('stats').textContent,
    line: document.querySelector('#pseudocode .is-current')?.textContent ?? '',
  }));
}

const stepCount = (page) => page.evaluate(() => window.mazestep.controller.run.steps());

async function pressSteps(page, n) {
  for (let i = 0; i < n; i++) await page.getByRole('button', { name: 'Step', exact: true }).click();
}

test('Back restores exactly the picture before the last step, into generation and back out', async () => {
  const { page, errors } = await open(MAZE);
  // How many steps generation takes, from a look at the finished run.
  const generation = await page.evaluate(() => {
    const { controller } = window.mazestep;
    controller.seek(1e9);
    const steps = controller.run.phaseSteps('generating');
    controller.seek(0);
    return steps;
  });
  const top = generation + 8;
  await page.evaluate((k) => window.mazestep.controller.seek(k), top);
  const before = await picture(page);
  assert.match(before.status, /Solving/);
  await pressSteps(page, 1);
  assert.notDeepEqual(await picture(page), before, 'a step changes what is shown');
  await page.getByRole('button', { name: 'Back' }).click();
  assert.deepEqual(await picture(page), before);
  // The ← key goes back too, here from solving into generation.
  const states = [];
  for (let k = top; k > generation - 5; k--) {
    states.push(await picture(page));
    await page.keyboard.press('ArrowLeft');
  }
  assert.equal(await stepCount(page), generation - 5);
  assert.match(await statusText(page), /Generating/);
  // Stepping forward again gives the same run.
  for (let i = states.length - 1; i >= 0; i--) {
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await picture(page), states[i], `step ${top - i}`);
  }
  assert.deepEqual(errors, []);
});

test('scrubbing the timeline to step k shows what k single steps show', async () => {
  const stepped = await open(MAZE);
  await pressSteps(stepped.page, 23);
  const want = await picture(stepped.page);

  const { page, errors } = await open(MAZE);
  const slider = page.getByRole('slider', { name: 'Timeline' });
  await slider.focus(); // counts the run's steps, so the slider knows its length
  const total = Number(await slider.getAttribute('max'));
  assert.ok(total > 110, `the slider spans the whole run (${total})`);
  // Scrub to the end, then back to 23, as a drag would.
  for (const k of [total, 80, 23]) {
    await slider.evaluate((el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, k);
    await page.waitForFunction((v) => window.mazestep.controller.run.steps() === v, k);
  }
  assert.deepEqual(await picture(page), want);
  assert.match(await page.locator('#timeline-text').textContent(), new RegExp(`Step 23 of ${total}`));
  assert.deepEqual([...stepped.errors, ...errors], []);
});

test('a link with step= reopens the same picture', async () => {
  const first = await open(MAZE);
  await pressSteps(first.page, 31);
  const url = first.page.url();
  assert.match(url, /[?&]step=31(&|$)/);
  const want = await picture(first.page);
  const copy = await openPage(suite.browser, { url: '' }, url);
  assert.deepEqual(await picture(copy.page), want);
  assert.equal(await stepCount(copy.page), 31);
  // A step past the end shows the end, and says so.
  const far = await open(`${MAZE}&step=999999`);
  assert.match(await far.page.locator('#messages').textContent(), /step 999999 is past the end of this run/);
  assert.match(await statusText(far.page), /done/i);
  assert.deepEqual([...first.errors, ...copy.errors, ...far.errors], []);
});

test('narration describes each step and reaches the live region; the data panel shows the sets', async () => {
  const { page, errors } = await open(MAZE);
  const live = page.locator('#narration-live');
  assert.equal(await live.getAttribute('aria-live'), 'polite');
  await pressSteps(page, 1);
  const sentence = await page.locator('#narration').textContent();
  assert.match(sentence, /\(\d+, \d+\)/, 'names a cell as (x, y)');
  assert.equal(await live.textContent(), sentence);
  assert.match(await page.locator('#structures').textContent(), /Sets/);
  // After Back at step 0 there is nothing to narrate but the invitation.
  await page.getByRole('button', { name: 'Back' }).click();
  assert.equal(await stepCount(page), 0);
  assert.match(await page.locator('#narration').textContent(), /Press Step or Play/);
  assert.deepEqual(errors, []);
});

test('"Run to the next" stops right after the chosen kind of event', async () => {
  const { page, errors } = await open('?generator=recursive-backtracker&solver=bfs&width=9&height=7&seed=4');
  const kinds = await page.locator('#next-kind option').evaluateAll((options) => options.map((o) => o.value));
  assert.ok(kinds.includes('pop'), kinds.join());
  await page.getByLabel('Run to the next', { exact: true }).selectOption('pop');
  await page.getByRole('button', { name: 'Go' }).click();
  const after = await stepCount(page);
  assert.ok(after > 1);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.lastEvent()), 'pop');
  // Every step before it was not a pop: going back one step shows a push.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.lastEvent()), 'push');
  assert.deepEqual(errors, []);
});

test('embed mode shows the canvas and the chosen controls only', async () => {
  const visible = (page, selector) => page.locator(selector).isVisible();
  const minimal = await open(`${MAZE}&embed=1`, { width: 640, height: 400 });
  assert.equal(await visible(minimal.page, '#maze'), true);
  assert.equal(await visible(minimal.page, '#play'), true);
  assert.equal(await visible(minimal.page, '#back'), true);
  for (const hidden of ['#generator', '#seed', '.topbar', '#pseudocode', '#speed', '#copy-embed']) {
    assert.equal(await visible(minimal.page, hidden), false, hidden);
  }
  const none = await open(`${MAZE}&embed=1&controls=none`, { width: 640, height: 400 });
  assert.equal(await visible(none.page, '#play'), false);
  assert.equal(await visible(none.page, '#maze'), true);
  const full = await open(`${MAZE}&embed=1&controls=full`, { width: 900, height: 600 });
  assert.equal(await visible(full.page, '#generator'), true);
  assert.equal(await visible(full.page, '.topbar'), false);
  assert.deepEqual([...minimal.errors, ...none.errors, ...full.errors], []);
});

test('from/to bound the animation, and loop starts again from from', async () => {
  const stopped = await open(`${MAZE}&embed=1&from=5&to=20&autoplay=1&speed=max`);
  await stopped.page.waitForFunction(() => window.mazestep.controller.state === 'paused');
  assert.equal(await stepCount(stopped.page), 20, 'playing stops at to');
  // Play again from the bound starts over at from.
  await stopped.page.evaluate(() => window.mazestep.controller.play());
  await stopped.page.waitForFunction(() => window.mazestep.controller.state === 'paused');
  assert.equal(await stepCount(stopped.page), 20);

  const looping = await open(`${MAZE}&embed=1&from=5&to=12&loop=1&autoplay=1&speed=500`);
  const seen = await looping.page.evaluate(() => new Promise((resolve) => {
    const steps = [];
    const timer = setInterval(() => {
      steps.push(window.mazestep.controller.run.steps());
      if (steps.length >= 60) {
        clearInterval(timer);
        resolve(steps);
      }
    }, 50);
  }));
  assert.ok(Math.max(...seen) <= 12, `never past to: ${seen}`);
  assert.ok(Math.min(...seen) >= 5, `never before from: ${seen}`);
  const restarts = seen.filter((s, i) => i > 0 && s < seen[i - 1]).length;
  assert.ok(restarts >= 1, `it started again: ${seen}`);
  assert.equal(await looping.page.evaluate(() => window.mazestep.controller.state), 'running');
  assert.deepEqual([...stopped.errors, ...looping.errors], []);
});

test('Copy embed code gives an iframe of the current settings that opens in embed mode', async () => {
  const { page, errors } = await open(MAZE);
  await pressSteps(page, 4);
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const code = await page.locator('#share-code').inputValue();
  assert.match(code, /^<iframe src="[^"]+" title="mazestep: Kruskal, 9 × 7" width="640" height="480"/);
  const src = code.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  for (const part of ['generator=kruskal', 'solver=bfs', 'width=9', 'height=7', 'seed=11', 'embed=1', 'controls=minimal', 'step=4']) {
    assert.ok(src.includes(part), `${part} in ${src}`);
  }
  // The status follows the clipboard's answer, which comes asynchronously.
  await page.waitForFunction(() => /Embed code/.test(document.getElementById('share-status').textContent));
  const embedded = await openPage(suite.browser, { url: '' }, src, { width: 640, height: 480 });
  assert.equal(await embedded.page.evaluate(() => document.documentElement.classList.contains('embed')), true);
  assert.equal(await stepCount(embedded.page), 4);
  // Copy link gives this page's address with the step.
  await page.getByRole('button', { name: 'Copy link' }).click();
  assert.match(await page.locator('#share-code').inputValue(), /step=4/);
  assert.deepEqual([...errors, ...embedded.errors], []);
});

test('bad step, controls and bounds in the URL show messages and the page keeps working', async () => {
  const { page, errors } = await open(`${MAZE}&step=abc&controls=zz&from=9&to=3`);
  const text = await page.locator('#messages').textContent();
  assert.match(text, /step 'abc' is not allowed/);
  assert.match(text, /controls 'zz' is not allowed/);
  assert.match(text, /from 9 is after to 3/);
  assert.equal(await stepCount(page), 0);
  await pressSteps(page, 2);
  assert.equal(await stepCount(page), 2);
  assert.deepEqual(errors, []);
});
