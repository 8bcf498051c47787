// Never abort, never freeze (issue 14), in a real browser: the largest mazes open at a late step
// with progress, End, Back, Reset and Step keep working, Cancel stops long work where it is, and
// a PerformanceObserver for long tasks holds the page's actions to a limit.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchBrowser, openPage, requireBuild, startServer, statusText, waitSettled,
} from './harness.mjs';

let server, browser;
before(async () => {
  requireBuild();
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.close();
});

// Binary Tree + BFS at 4096 x 4096: generation, search and walk take this many steps.
const BIG = '?generator=binary-tree&solver=bfs&width=4096&height=4096&seed=1';
const BIG_TOTAL = 27_967_144;

// Records every long task (over 50 ms) from the first script on, with when it started.
const observeLongTasks = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
};

async function open(query) {
  const page = await browser.context.newPage();
  await page.addInitScript(observeLongTasks);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(server.url + query);
  await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 30_000 });
  return { page, errors };
}

const steps = (page) => page.evaluate(() => window.mazestep.controller.run.steps());
const longTasks = async (page) => {
  const tasks = await page.evaluate(() => window.longTasks.splice(0));
  return tasks.length ? Math.max(...tasks) : 0;
};

test('a link to a late step of a 4096 x 4096 maze opens there with progress; End, Back, Reset and Step work', async () => {
  const late = 27_000_000;
  const { page, errors } = await open(`${BIG}&step=${late}`);
  // The page is live at once: the way there shows as progress, and the status answers.
  await page.waitForSelector('#work:not([hidden])', { timeout: 10_000 });
  assert.match(await page.locator('#work-text').textContent(), /^Opening at step 27,000,000… \d+%$/);
  await waitSettled(page, 120_000);
  assert.equal(await steps(page), late);
  assert.match(await statusText(page), /step 27,000,000/);
  assert.equal(await page.locator('#work').isHidden(), true, 'the progress bar goes when done');

  // Back right away takes the step back (the way there journaled its last steps): the run's
  // history shrinks by one, where a replay would have started it afresh.
  const undoable = () => page.evaluate(() => window.mazestep.controller.run.undoable());
  const before = await undoable();
  assert.ok(before >= 1000, `${before} steps to take back`);
  await page.getByRole('button', { name: 'Back' }).click();
  await waitSettled(page, 10_000);
  assert.equal(await steps(page), late - 1);
  assert.equal(await undoable(), before - 1);
  await page.getByRole('button', { name: 'Step' }).click();
  await waitSettled(page, 10_000);
  assert.equal(await steps(page), late);

  // End on the timeline: to the end of the run, whose length is not known yet.
  await page.focus('#timeline');
  await page.keyboard.press('End');
  await waitSettled(page, 120_000);
  assert.equal(await steps(page), BIG_TOTAL);
  assert.match(await statusText(page), /^All done: 27,967,144 steps/);

  // Back: exactly one step, however far it has to replay.
  await page.getByRole('button', { name: 'Back' }).click();
  await waitSettled(page, 120_000);
  assert.equal(await steps(page), BIG_TOTAL - 1);
  assert.match(await statusText(page), /step 27,967,143/);

  // Reset and Step, as after any run.
  await page.getByRole('button', { name: 'Reset' }).click();
  await waitSettled(page, 60_000);
  assert.match(await statusText(page), /^Ready to start generating, step 0/);
  await page.getByRole('button', { name: 'Step' }).click();
  await waitSettled(page, 60_000);
  assert.equal(await steps(page), 1);
  assert.match(await statusText(page), /Generating \(paused\), step 1\b/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Cancel (and Escape) stop long work where it is; the run stays exact and usable', async () => {
  const { page, errors } = await open(BIG);
  await page.focus('#timeline');
  await page.keyboard.press('End');
  await page.waitForSelector('#work:not([hidden])', { timeout: 10_000 });
  assert.match(await page.locator('#work-text').textContent(), /^Going to the end… step [\d,]+$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  const stopped = await steps(page);
  assert.ok(stopped > 0 && stopped < BIG_TOTAL, `stopped at ${stopped}`);
  assert.equal(await page.evaluate(() => window.mazestep.controller.job), null);
  assert.equal(await page.locator('#work').isHidden(), true);
  // Nothing goes on by itself: the run stays where Cancel left it.
  await page.waitForTimeout(300);
  assert.equal(await steps(page), stopped);
  assert.match(await statusText(page), /\(paused\)/);
  // The run is exact there: one more step is step stopped + 1, as on a fresh run.
  await page.getByRole('button', { name: 'Step' }).click();
  assert.equal(await steps(page), stopped + 1);
  const same = await page.evaluate((k) => {
    const { controller, mz } = window.mazestep;
    const s = controller.settings;
    const fresh = new mz.MazeRun(s.generator, s.solver, s.width, s.height, s.seed, '', '');
    try {
      fresh.finish(k);
      return fresh.steps() === k && fresh.phase() === controller.run.phase() &&
        fresh.lastEvent() === controller.run.lastEvent() && fresh.current() === controller.run.current();
    } finally {
      fresh.free();
    }
  }, stopped + 1);
  assert.ok(same, 'the run after Cancel and Step is the run stepped that far');

  // Escape cancels too. (Home first: from where the run is now, the end is near enough to be
  // reached before the progress bar shows.)
  await page.focus('#timeline');
  await page.keyboard.press('Home');
  await waitSettled(page, 60_000);
  assert.equal(await steps(page), 0);
  await page.keyboard.press('End');
  await page.waitForSelector('#work:not([hidden])', { timeout: 10_000 });
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => window.mazestep.controller.job), null);
  assert.equal(await page.locator('#work').isHidden(), true);

  // So does changing a setting, even one that keeps the run (the speed).
  await page.focus('#timeline');
  await page.keyboard.press('Home');
  await waitSettled(page, 60_000);
  await page.keyboard.press('End');
  await page.waitForSelector('#work:not([hidden])', { timeout: 10_000 });
  await page.evaluate(() => window.mazestep.controller.update({ speed: 100 }));
  assert.equal(await page.evaluate(() => window.mazestep.controller.job), null);
  assert.equal(await page.locator('#work').isHidden(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

// The longest main-thread task allowed per action on a 2000 x 2000 maze. Issue 14 asks for
// about 100 ms, and tests/perf/longtasks.mjs (a benchmark) measures 50-120 ms at 1000 x 1000 and
// 4096 x 4096 on a quiet machine. A test cannot hold that on a shared 2-core machine running the
// whole suite: there this maze once showed tasks of 442 ms (play) and 337 ms (timeline), where
// alone it shows under 150 ms. So this guard is set where it still catches what it is for:
// before slicing, running this maze to the end was one task of 2.8 s (measured by putting the
// one-call finish() back), and laying its timeline one of about 1.5 s.
const LONG_TASK_LIMIT_MS = 1000;

test('on a 2000 x 2000 maze no action blocks the page for long: play, timeline, seek, Back, End', async () => {
  const { page, errors } = await open('?generator=kruskal&solver=a-star&width=2000&height=2000&seed=1&speed=max');
  await waitSettled(page, 60_000);
  await longTasks(page); // opening is measured by the benchmark, not held here
  const worst = {};
  const measure = async (name, action) => {
    await action();
    await waitSettled(page, 120_000);
    worst[name] = await longTasks(page);
  };
  await measure('play', async () => {
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => window.mazestep.controller.state === 'done', null, { timeout: 120_000 });
  });
  const total = await steps(page);
  await measure('timeline', async () => {
    await page.focus('#timeline');
    await page.waitForFunction(() => window.mazestep.controller.timeline?.done === true, null, { timeout: 120_000 });
  });
  await measure('seek', () => page.evaluate((k) => window.mazestep.controller.seek(k), Math.floor(total / 2)));
  assert.equal(await steps(page), Math.floor(total / 2));
  await measure('back', () => page.getByRole('button', { name: 'Back' }).click());
  assert.equal(await steps(page), Math.floor(total / 2) - 1);
  await measure('end', async () => {
    await page.focus('#timeline');
    await page.keyboard.press('End');
  });
  assert.equal(await steps(page), total);
  for (const [name, ms] of Object.entries(worst)) {
    assert.ok(ms <= LONG_TASK_LIMIT_MS, `${name}: a task of ${ms} ms (limit ${LONG_TASK_LIMIT_MS}); all: ${JSON.stringify(worst)}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('in loop mode the status follows the run to the end of its bounds', async () => {
  const { page, errors } = await openPage(browser, server,
    '?generator=binary-tree&solver=bfs&width=12&height=8&seed=1&embed=1&controls=minimal&autoplay=1&loop=1&from=5&to=10&speed=1000');
  // At the `to` bound the run rests 1.2 s before starting again: the status says step 10 then.
  await page.waitForFunction(() => window.mazestep.controller.restAt !== null, null, { timeout: 10_000 });
  assert.equal(await steps(page), 10);
  assert.match(await statusText(page), /step 10\b/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a race needs a solver; refused in the URL and in the settings', async () => {
  const { page, errors } = await openPage(browser, server, '?generator=binary-tree&width=8&height=8&seed=1&race=bfs&solver=none');
  const messages = await page.locator('#messages').textContent();
  assert.match(messages, /race 'bfs' needs a solver to race against/);
  assert.equal(await page.evaluate(() => window.mazestep.controller.partner), null);
  // Choosing a race partner with no solver: refused, and said.
  await page.selectOption('#race', 'dfs');
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.race), 'none');
  assert.match(await page.locator('#messages').textContent(), /A race needs a solver to race against/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a from bound past the end says from, not step', async () => {
  const { page, errors } = await openPage(browser, server, '?generator=binary-tree&solver=none&width=5&height=4&seed=1&from=999999');
  await waitSettled(page);
  const messages = await page.locator('#messages').textContent();
  assert.match(messages, /URL: from 999999 is past the end of this run, which has 20 steps\. Showing the end\./);
  assert.doesNotMatch(messages, /URL: step 999999/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('URL values are quoted at most 80 characters long', async () => {
  const { page, errors } = await openPage(browser, server, `?width=${'7'.repeat(10_000)}&seed=1`);
  const messages = await page.locator('#messages li').allTextContents();
  assert.ok(messages.length >= 1);
  for (const message of messages) assert.ok(message.length < 300, `${message.length} characters: ${message.slice(0, 120)}…`);
  assert.deepEqual(errors, []);
  await page.close();
});
