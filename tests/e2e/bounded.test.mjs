// Work bounded by the maze, never by what the input claims, on the page (issue 26): an edit run
// longer than the maze (link, element, world file), the quiz and a masked maze at 4096 × 4096,
// a teacher's tour whose stop lies past its scan, a GIF From past the end of a run not counted
// yet, the quiz at a step past the end, and bidirectional controls in what is quoted. Each
// freezing case is watched with a long-task observer: no task of LONG_MS or more.
//
// Where a 4096 × 4096 page's first tasks are the module's own work (making the run, and the
// mask: the core's MazeRun constructor and presetMask, not the page's), the test holds the
// page's part: the boot task no longer than the same maze's without the feature, and every
// task after the boot under LONG_MS.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageSuite } from './suite.mjs';
import { statusText, waitSettled } from './harness.mjs';

const suite = pageSuite();


// The longest main-thread task a test allows: the suite's limit (tests/e2e/robust.test.mjs
// explains it). The freezes these cases had were 9-38 s, so this still fails them; the target
// of 200 ms a task is a benchmark's (tests/perf/longtasks.mjs), since a test timed at 200 ms
// fails on a busy 2-core machine (a 213 ms task here, with builds running beside it).
const LONG_MS = 1000;

// Records every long task with when it started, and when the page said it was ready.
const observe = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ at: entry.startTime, ms: Math.round(entry.duration) });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => {
      if (document.documentElement.dataset.ready && window.readyAt === undefined) window.readyAt = performance.now();
    }).observe(document.documentElement, { attributes: true });
  });
};

let warm = false;

/** Opens `path` (a query, or a page under the root) with the observer; waits for the boot. */
async function open(path, { ready = true } = {}) {
  if (!warm) {
    // A first page in the fresh browser: its compiling and caching are not what is measured.
    warm = true;
    const first = await suite.open('?seed=1');
    await waitSettled(first.page);
    await first.page.close();
  }
  const page = await suite.browser.context.newPage();
  await page.addInitScript(observe);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto(suite.server.url + path);
  if (ready) await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 60_000 });
  return { page, errors };
}

/** The long tasks so far (and forgets them): { boot, after } the longest before and after the boot. */
async function longTasks(page) {
  // A last frame for the observer to be told of the latest task.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  return page.evaluate(() => {
    const tasks = window.longTasks.splice(0);
    const ready = window.readyAt ?? Infinity;
    const longest = (list) => list.reduce((max, t) => Math.max(max, t.ms), 0);
    return { boot: longest(tasks.filter((t) => t.at < ready)), after: longest(tasks.filter((t) => t.at >= ready)), all: tasks.map((t) => t.ms) };
  });
}

const messages = (page) => page.evaluate(() => [...document.querySelectorAll('#messages li')].map((li) => li.textContent));
const settings = (page) => page.evaluate(() => window.mazestep.controller.settings);
const steps = (page) => page.evaluate(() => window.mazestep.controller.run.steps());
const n = (value) => value.toLocaleString('en-US');

// ---- edit runs ------------------------------------------------------------------------------

const HUGE_RUN = "the edits' terrain run '16777215x' at character 1 is 16,777,215 cells long, but this maze has 384 cells " +
  'and only 384 are left from cell 0';

test('an edit run longer than the maze in a link is refused at once, by name, with the real limit', async () => {
  const { page, errors } = await open('?edits=16777215x&seed=1');
  await waitSettled(page);
  const tasks = await longTasks(page);
  assert.ok(Math.max(tasks.boot, tasks.after) < LONG_MS, `tasks ${tasks.all}`);
  assert.ok((await messages(page)).includes(`URL: edits '16777215x' is not allowed: ${HUGE_RUN}. No edits.`), (await messages(page)).join('\n'));
  assert.equal((await settings(page)).edits, '');
  // Past 2^24 cells (a Map of cells would overflow there), after a run that fits.
  const past = await open('?edits=3a16777216x&seed=1');
  await waitSettled(past.page);
  const said = (await messages(past.page)).join('\n');
  assert.match(said, /URL: edits '3a16777216x' is not allowed: the edits' terrain run '16777216x' at character 3 is 16,777,216 cells long, but this maze has 384 cells and only 381 are left from cell 3\. No edits\./);
  assert.doesNotMatch(said, /Map maximum size/);
  assert.ok((await longTasks(past.page)).boot < LONG_MS);
  assert.deepEqual([...errors, ...past.errors], []);
  await page.close();
  await past.page.close();
});

test('a world file with an edit run longer than its maze is refused at once, by name', async () => {
  const { page, errors } = await open('?seed=1');
  await waitSettled(page);
  await page.click('#edit-mode');
  await waitSettled(page);
  const file = JSON.stringify({
    mazestep: 'world', version: 1,
    settings: { generator: 'kruskal', solver: 'bfs', width: 24, height: 16, seed: '1' },
    edits: '16777215x',
  }, null, 2);
  assert.ok(file.length < 300, `${file.length} bytes, as the issue's file`);
  await longTasks(page);
  await page.setInputFiles('#world-file', { name: 'huge.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.waitForFunction(() => [...document.querySelectorAll('#messages li')].some((li) => li.textContent.startsWith('huge.json')));
  await waitSettled(page);
  assert.ok((await longTasks(page)).after < LONG_MS);
  assert.ok((await messages(page)).includes(`huge.json: the edits '16777215x' are not allowed: ${HUGE_RUN}. No edits.`),
    (await messages(page)).join('\n'));
  assert.equal((await settings(page)).edits, '');
  assert.equal((await settings(page)).generator, 'kruskal', 'the rest of the file is used');
  assert.deepEqual(errors, []);
  await page.close();
});

test('<maze-step edits> with an edit run longer than its maze is refused at once, inside the element', async () => {
  const { page, errors } = await open('examples/embed.html', { ready: false });
  await page.waitForFunction(() => [...document.querySelectorAll('maze-step')].every((el) => el.run), null, { timeout: 30_000 });
  await longTasks(page);
  // Added in a task of its own (a timer), which the observer sees, as a page's script would.
  await page.evaluate(() => setTimeout(() => {
    const el = document.createElement('maze-step');
    el.id = 'huge';
    el.setAttribute('seed', '1');
    el.setAttribute('edits', '16777215x');
    document.querySelector('main').append(el);
  }));
  await page.waitForFunction(() => document.getElementById('huge'));
  await page.waitForFunction(() => document.getElementById('huge').run, null, { timeout: 30_000 });
  const tasks = await longTasks(page);
  assert.ok(Math.max(tasks.boot, tasks.after) < LONG_MS, `tasks ${tasks.all}`);
  const inside = await page.evaluate(() => [...document.getElementById('huge').shadowRoot.querySelectorAll('.messages li')].map((li) => li.textContent));
  assert.ok(inside.includes(`Attribute edits '16777215x' is not allowed: ${HUGE_RUN}. No edits.`), inside.join('\n'));
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- 4096 × 4096 ----------------------------------------------------------------------------

const BIG = '?width=4096&height=4096&generator=kruskal&solver=bfs&seed=1';

/** The longest boot task of the same maze without the feature under test (the module's own work). */
async function plainBoot(query) {
  const { page } = await open(query);
  await waitSettled(page, 120_000);
  const { boot } = await longTasks(page);
  await page.close();
  return boot;
}

test('the quiz at 4096 × 4096 looks for its question a slice per frame', async () => {
  const baseline = await plainBoot(BIG);
  const { page, errors } = await open(`${BIG}&quiz=1`);
  await page.waitForFunction(() => {
    const { lessons, controller } = window.mazestep;
    return lessons.quiz.question && !controller.job;
  }, null, { timeout: 120_000 });
  await waitSettled(page, 120_000);
  const tasks = await longTasks(page);
  // The boot is the module's making of the run, as without the quiz (it was 22 s with it).
  assert.ok(tasks.boot <= 2 * baseline + LONG_MS, `boot ${tasks.boot} ms, without the quiz ${baseline} ms`);
  assert.ok(tasks.after < LONG_MS, `tasks ${tasks.all}`);
  const quiz = await page.evaluate(() => {
    const q = window.mazestep.lessons.quiz.question;
    return { kind: q.kind, step: q.step, steps: window.mazestep.controller.run.steps(), ask: document.getElementById('quiz-ask').textContent };
  });
  assert.equal(quiz.kind, 'kruskal');
  assert.equal(quiz.steps, quiz.step, 'asked at the step on show');
  assert.match(quiz.ask, /^The next wall drawn is the one (east|south) of cell \(\d+, \d+\)\. Does Kruskal carve it or keep it\?$/);
  // Answering shows the step, and the next question is found the same way.
  await page.locator('#quiz-choices button').first().click();
  assert.equal(await steps(page), quiz.step + 1);
  await page.click('#quiz-next');
  await page.waitForFunction((step) => {
    const { lessons, controller } = window.mazestep;
    return lessons.quiz.question && lessons.quiz.question.step > step && !controller.job;
  }, quiz.step, { timeout: 60_000 });
  assert.ok((await longTasks(page)).after < LONG_MS);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a built-in mask at 4096 × 4096: the mask is made once, and nothing after the boot blocks', async () => {
  const { page, errors } = await open(`${BIG}&mask=circle`);
  await waitSettled(page, 120_000);
  const boot = await longTasks(page);
  // The boot's two tasks are the module's (presetMask, the MazeRun): the test holds what follows,
  // done as a learner does it (events, not calls from the test, which no long task counts).
  await page.focus('#speed');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.click('#step');
  await page.click('#step');
  await page.click('#back');
  await waitSettled(page, 60_000);
  await page.focus('#speed');
  await page.keyboard.press('ArrowRight');
  await page.click('#play');
  await page.waitForTimeout(500);
  await page.click('#play');
  await waitSettled(page, 60_000);
  const after = await longTasks(page);
  assert.ok(after.after < LONG_MS, `tasks after the boot ${after.all} (boot: ${boot.all})`);
  assert.match(await statusText(page), /step \d/);
  assert.equal((await settings(page)).mask, 'circle');
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- a tour past its scan -------------------------------------------------------------------

const tourLink = (maze) => `?tourtext=${encodeURIComponent(`title: Far\nmaze: ${maze}\nstep 5: early\nend: the end`)}`;

test('a teacher\'s tour whose stop lies past the scan says so, and reading on reaches the real end', async () => {
  // 42 000 cells: more than the page counts by itself in the background (EAGER_TIMELINE_CELLS).
  const maze = 'generator=aldous-broder&solver=bfs&width=210&height=200&seed=1';
  const { page, errors } = await open(tourLink(maze));
  await page.waitForFunction(() => !document.getElementById('tour-read-on').hidden && !document.getElementById('tour-read-on').disabled,
    null, { timeout: 30_000 });
  await waitSettled(page);
  const more = page.locator('#tour-more');
  assert.equal(await more.textContent(), "Stops 2 lie past step 200,000, as far as the tour's run has been read. " +
    'Read on to find them (on a big maze this can take a while; Cancel stops it).');
  assert.equal(await page.locator('.tour-where').textContent(), 'Stop 1 of 1 · step 5');
  assert.equal(await steps(page), 5);
  let tasks = await longTasks(page);
  assert.ok(Math.max(tasks.boot, tasks.after) < LONG_MS, `tasks ${tasks.all}`);
  // Reading on: the real end, as the whole run counts it.
  const total = await page.evaluate(() => {
    const run = new window.mazestep.mz.MazeRun('aldous-broder', 'bfs', 210, 200, '1', '', '');
    const total = run.totalSteps();
    run.free();
    return total;
  });
  assert.ok(total > 200_000, `${total}`);
  await longTasks(page);
  await page.click('#tour-read-on');
  await page.waitForFunction(() => document.getElementById('tour-more').hidden, null, { timeout: 60_000 });
  await waitSettled(page);
  assert.equal(await page.locator('.tour-where').textContent(), `Stop 2 of 2 · step ${n(total)}`);
  assert.equal(await page.locator('#tour-text').textContent(), 'the end');
  assert.equal(await steps(page), total);
  assert.match(new URL(page.url()).search, /&stop=2$/);
  tasks = await longTasks(page);
  assert.ok(tasks.after < LONG_MS, `tasks ${tasks.all}`);
  // Previous goes back to the first stop.
  await page.click('#tour-previous');
  await waitSettled(page);
  assert.equal(await steps(page), 5);
  // A smaller maze's length the page counts by itself in the background: the end is placed
  // when it is known, and the run stays at the stop on show.
  const small = await open(tourLink('generator=aldous-broder&solver=bfs&width=100&height=100&seed=1'));
  await small.page.waitForFunction(() => document.querySelector('.tour-where').textContent === 'Stop 1 of 2 · step 5', null, { timeout: 30_000 });
  assert.equal(await small.page.locator('#tour-more').isHidden(), true);
  assert.equal(await steps(small.page), 5);
  assert.deepEqual([...errors, ...small.errors], []);
  await page.close();
  await small.page.close();
});

// Counting a run's end without moving the run on show lays its timeline on a copy: at 4096 ×
// 4096 making that copy is the module's one long call (lay_timeline's copy of step 0, about
// 0.1 s in Node, up to 0.4 s here under load), as Back's copy after a seek is. The test holds
// the freeze it is about (the whole scan in one task, or a tour that never says) to this.
const COPY_MS = 1000;

test('the issue\'s tour at 4096 × 4096 says its end lies past the scan, without a freeze', async () => {
  const { page, errors } = await open(tourLink('generator=aldous-broder&solver=bfs&width=4096&height=4096&seed=1'));
  await page.waitForFunction(() => !document.getElementById('tour-read-on').hidden && !document.getElementById('tour-read-on').disabled,
    null, { timeout: 120_000 });
  assert.match(await page.locator('#tour-more').textContent(), /^Stops 2 lie past step 200,000/);
  assert.equal(await page.locator('.tour-where').textContent(), 'Stop 1 of 1 · step 5');
  await waitSettled(page, 120_000);
  const scanned = await longTasks(page);
  assert.ok(scanned.after < COPY_MS, `tasks ${scanned.all}`);
  // Reading on goes a slice per frame and can be stopped: the offer comes back.
  await page.click('#tour-read-on');
  await page.waitForSelector('#work:not([hidden])', { timeout: 10_000 });
  assert.match(await page.locator('#tour-more').textContent(), /^Reading on to find stops 2…/);
  await page.click('#work-cancel');
  await page.waitForFunction(() => !document.getElementById('tour-read-on').disabled, null, { timeout: 30_000 });
  await waitSettled(page, 60_000);
  assert.match(await page.locator('#tour-more').textContent(), /^Stops 2 lie past step [\d,]+/);
  assert.equal(await steps(page), 5, 'the run on show did not move');
  assert.ok((await longTasks(page)).after < LONG_MS, 'reading on, the copy is made already');
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- the quiz's step, GIF From ---------------------------------------------------------------

test('quiz=1 with a step past the end: the message and the maze agree; inside the run the quiz asks from there', async () => {
  const { page, errors } = await open('?quiz=1&step=999999&seed=1');
  await waitSettled(page);
  const total = await page.evaluate(() => window.mazestep.controller.run.totalSteps());
  assert.ok((await messages(page)).includes(`URL: step 999999 is past the end of this run, which has ${n(total)} steps. Showing the end.`),
    (await messages(page)).join('\n'));
  assert.equal(await steps(page), total, 'showing the end, as said');
  assert.equal(await page.locator('#quiz-ask').textContent(), 'The run has no more questions: start again, or choose another maze.');
  const inside = await open('?quiz=1&step=30&generator=kruskal&solver=none&width=8&height=6&seed=21');
  await inside.page.waitForFunction(() => window.mazestep.lessons.quiz.question && !window.mazestep.controller.job);
  const asked = await inside.page.evaluate(() => window.mazestep.lessons.quiz.question.step);
  assert.ok(asked >= 30, `asked at step ${asked}`);
  assert.equal(await steps(inside.page), asked);
  assert.deepEqual(await messages(inside.page), []);
  assert.deepEqual([...errors, ...inside.errors], []);
  await page.close();
  await inside.page.close();
});

test('a GIF From past the end of a run not counted yet is refused once counted, and nothing is saved', async () => {
  const { page, errors } = await open('?generator=kruskal&solver=bfs&width=2000&height=2000&seed=1');
  await waitSettled(page, 60_000);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.knownTotal()), -1, 'not counted yet');
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.locator('#anim summary').click();
  await page.getByLabel('From step', { exact: true }).fill('9007199254740990');
  await page.getByLabel('To step', { exact: true }).fill('');
  await page.getByLabel('Steps per frame', { exact: true }).fill('1');
  await longTasks(page);
  await page.getByRole('button', { name: 'GIF', exact: true }).click();
  await page.waitForFunction(() => !document.getElementById('anim-problem').hidden, null, { timeout: 60_000 });
  const total = await page.evaluate(() => {
    const s = window.mazestep.controller.settings;
    const run = new window.mazestep.mz.MazeRun(s.generator, s.solver, s.width, s.height, s.seed, '', '');
    const total = run.totalSteps();
    run.free();
    return total;
  });
  assert.equal(await page.locator('#anim-problem').textContent(),
    `From ${n(9007199254740990)} is past the end of this run, which has ${n(total)} steps.`);
  assert.equal(await page.locator('#anim-note').textContent(), '');
  assert.equal(downloads, 0);
  assert.ok((await longTasks(page)).after < LONG_MS);
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- quoting --------------------------------------------------------------------------------

test('a link with bidirectional controls reads in order: quoted values have them written out', async () => {
  const { page, errors } = await open('?generator=%E2%80%AEevil%20link&tour=%E2%81%A7x&seed=%E2%80%8F1');
  await waitSettled(page);
  const said = await messages(page);
  const text = said.join('\n');
  assert.ok(said.some((m) => m.startsWith("URL: generator '\\u{202e}evil link' is not allowed: use one of ")), text);
  assert.ok(said.includes("URL: tour '\\u{2067}x' is not allowed: use one of " +
    `${await page.evaluate(() => [...document.querySelectorAll('#tour-choice option')].map((o) => o.value).join(', '))}. No tour.`), text);
  assert.match(text, /seed '\\u\{200f\}1' is not allowed/);
  // None of the controls themselves is in the messages.
  assert.doesNotMatch(await page.locator('#messages').textContent(), /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
  // A world file's name and values the same.
  await page.click('#edit-mode');
  await page.setInputFiles('#world-file', { name: 'evil\u202enosj.json', mimeType: 'application/json', buffer: Buffer.from('{"mazestep": "world", "version": "\u202e2"}') });
  await page.waitForFunction(() => !document.getElementById('edit-problem').hidden);
  assert.equal(await page.locator('#edit-problem').textContent(),
    "evil\\u{202e}nosj.json is not a world file: version '\\u{202e}2' is not known (1 is).");
  // The element's attributes the same.
  const element = await open('examples/embed.html', { ready: false });
  await element.page.waitForFunction(() => [...document.querySelectorAll('maze-step')].every((el) => el.run), null, { timeout: 30_000 });
  await element.page.evaluate(() => {
    const el = document.createElement('maze-step');
    el.id = 'bidi';
    el.setAttribute('generator', '\u202eevil');
    el.setAttribute('tour', '\u2067x');
    document.querySelector('main').append(el);
  });
  await element.page.waitForFunction(() => document.getElementById('bidi').run);
  const inside = await element.page.evaluate(() => [...document.getElementById('bidi').shadowRoot.querySelectorAll('.messages li')].map((li) => li.textContent));
  assert.ok(inside.some((m) => m.startsWith("Attribute generator '\\u{202e}evil' is not allowed")), inside.join('\n'));
  assert.ok(inside.some((m) => m.startsWith("tour '\\u{2067}x' is not allowed")), inside.join('\n'));
  assert.deepEqual([...errors, ...element.errors], []);
  await page.close();
  await element.page.close();
});
