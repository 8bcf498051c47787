// Guided tours and the quiz (issue 18): a tour moves the maze stop by stop and its link reopens
// the same stop; every algorithm has a tour whose stops resolve; a teacher's tour from a link
// works; quiz answers are scored right and wrong for each kind of question. The true answers
// are found here on their own: from the data structures on screen, or by stepping a fresh run.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';
import { needWords, setLanguage } from '../../www/words/i18n.js';
import { parseTeacherTour } from '../../www/lessons/tour.js';
import { readLessonParams } from '../../www/lessons/lessons.js';
import { kindOf, parseOpenItem } from '../../www/lessons/quiz.js';

test('a teacher tour is read line by line; bad lines and bad parameters say what is allowed', async () => {
  await setLanguage('en');
  // The parts of the words these modules say, as the page loads them with their features.
  await Promise.all(['lessons'].map(needWords));
  const tour = parseTeacherTour('# a comment\ntitle: Class 3B\nmaze: generator=kruskal&seed=3\nstep 5: Look.\nmerge-sets 2: The second merge.\nend: Done.');
  assert.equal(tour.title, 'Class 3B');
  assert.equal(tour.maze, 'generator=kruskal&seed=3');
  assert.deepEqual(tour.stops.map((s) => s.when), [{ step: 5 }, { event: 'merge-sets', nth: 2 }, { end: true }]);
  assert.throws(() => parseTeacherTour('step five: no'), /line 1 is not a stop: write "step N: words"/);
  assert.throws(() => parseTeacherTour('title: only a title'), /the tour has no stops/);
  assert.throws(() => parseTeacherTour('step 3:'), /line 1 has no words after the colon/);
  assert.throws(() => parseTeacherTour('x'.repeat(2001)), /more than the 2,000 a link carries/);
  assert.throws(() => parseTeacherTour(42), /a tour must be text/);
  const bad = readLessonParams('?tour=nope&stop=0&quiz=maybe&questions=999');
  assert.equal(bad.tour, null);
  assert.equal(bad.stop, 0);
  assert.equal(bad.quiz, false);
  assert.equal(bad.questions, 10);
  const said = bad.problems.join('\n');
  assert.match(said, /URL: tour 'nope' is not allowed: use one of binary-tree, .*kruskal.*\. No tour\./);
  assert.match(said, /URL: stop '0' is not allowed: use a whole number from 1/);
  assert.match(said, /URL: quiz 'maybe' is not allowed: use 1 or 0/);
  assert.match(said, /URL: questions '999' is not allowed: use a whole number from 1 to 50\. Using 10\./);
  const good = readLessonParams('?tour=bfs&stop=3');
  assert.deepEqual([good.tour, good.stop, good.problems], ['bfs', 2, []]);
  assert.equal(kindOf('bfs', 'expand'), 'bfs');
  assert.equal(kindOf('bfs', 'found'), null);
  assert.deepEqual(parseOpenItem('(3, 4) f=12 g=5 h=7'), { x: 3, y: 4, f: 12, h: 7 });
});

const suite = pageSuite();

const state = (page) => page.evaluate(() => ({
  steps: window.mazestep.controller.run.steps(),
  event: window.mazestep.controller.run.lastEvent(),
  algorithm: window.mazestep.controller.run.algorithm(),
  where: document.querySelector('.tour-where')?.textContent ?? '',
  text: document.getElementById('tour-text')?.textContent ?? '',
  search: location.search,
}));

test('every generator and solver has a tour, and every stop of it happens, in order', async () => {
  const { page, errors } = await suite.open('');
  const report = await page.evaluate(async () => {
    const { TOURS } = await import('/www/lessons/tours.js');
    const { resolveStops } = await import('/www/lessons/tour.js');
    const { api, controller } = window.mazestep;
    const out = [];
    for (const name of [...api.generatorNames(), ...api.solverNames()]) {
      const tour = TOURS[name];
      if (!tour) {
        out.push(`${name}: no tour`);
        continue;
      }
      const settings = { ...controller.settings, braid: 0, density: 30, start: '', goal: '', edits: '', ...tour.maze };
      const steps = resolveStops((s) => controller.createRun(s), settings, tour.stops, name);
      if (steps.some((s) => s === null)) out.push(`${name}: stops ${JSON.stringify(steps)}`);
      if (steps.some((s, i) => i > 0 && s <= steps[i - 1])) out.push(`${name}: stops out of order ${JSON.stringify(steps)}`);
      if (tour.stops.length < 2) out.push(`${name}: only ${tour.stops.length} stop`);
    }
    return out;
  });
  assert.deepEqual(report, []);
  assert.deepEqual(errors, []);
});

test('a tour moves the maze stop by stop, and its link reopens the same stop', async () => {
  const { page, errors } = await suite.open('?generator=sidewinder&solver=bfs&width=6&height=5&seed=1');
  await page.selectOption('#tour-choice', 'recursive-backtracker');
  await page.getByRole('button', { name: 'Start tour' }).click();
  await waitSettled(page);
  const first = await state(page);
  assert.equal(first.event, 'push', 'stop 1 is the first push');
  assert.match(first.where, new RegExp(`^Stop 1 of 3 · step ${first.steps}$`));
  assert.match(first.text, /pushes it on the stack/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await waitSettled(page);
  const second = await state(page);
  assert.equal(second.event, 'pop', 'stop 2 is the first backtrack');
  assert.ok(second.steps > first.steps);
  assert.notEqual(second.text, first.text);
  assert.match(second.where, new RegExp(`^Stop 2 of 3 · step ${second.steps}$`));
  // Independently: the first pop of this maze, found by stepping a fresh run.
  const firstPop = await page.evaluate(() => {
    const { mz, controller } = window.mazestep;
    const s = controller.settings;
    const run = new mz.MazeRun(s.generator, '', s.width, s.height, s.seed, '', '');
    while (run.advance(1) === 1 && run.lastEvent() !== 'pop');
    const k = run.steps();
    run.free();
    return k;
  });
  assert.equal(second.steps, firstPop);
  assert.match(second.search, /[?&]tour=recursive-backtracker&stop=2$/);
  // The keyboard: N for the next stop, P for the previous.
  await page.keyboard.press('n');
  await waitSettled(page);
  const third = await state(page);
  assert.equal(third.algorithm, 'recursive-backtracker');
  assert.match(third.where, /^Stop 3 of 3/);
  assert.ok(await page.locator('#tour-next').isDisabled(), 'no stop after the last');
  await page.keyboard.press('p');
  await waitSettled(page);
  assert.equal((await state(page)).steps, second.steps);

  // The link reopens stop 2, whatever the rest of the address said.
  const { page: again, errors: againErrors } = await suite.open(second.search);
  await waitSettled(again);
  const reopened = await state(again);
  assert.deepEqual([reopened.steps, reopened.text, reopened.where], [second.steps, second.text, second.where]);
  // Closing leaves the maze where it is and drops the tour from the address.
  await again.getByRole('button', { name: 'Close tour' }).click();
  const closed = await state(again);
  assert.equal(closed.steps, second.steps);
  assert.doesNotMatch(closed.search, /tour=/);
  assert.deepEqual([...errors, ...againErrors], []);
});

test('a bad tour address says so; a teacher tour from a link works', async () => {
  const { page: bad, errors: badErrors } = await suite.open('?tour=no-such&stop=x');
  const messages = await bad.locator('#messages').textContent();
  assert.match(messages, /URL: tour 'no-such' is not allowed: use one of /);
  assert.match(messages, /URL: stop 'x' is not allowed/);
  assert.equal(await bad.locator('.tour-panel').isVisible(), false);

  const text = 'title: Sets\nstep 3: Three carves in.\nkeep-wall 1: The first wall kept, in my words.\nend: All joined.';
  const query = `?generator=kruskal&solver=none&width=6&height=5&seed=9&tourtext=${encodeURIComponent(text)}&stop=2`;
  const { page, errors } = await suite.open(query);
  await waitSettled(page);
  const at = await state(page);
  assert.equal(at.event, 'keep-wall');
  assert.equal(at.text, 'The first wall kept, in my words.');
  assert.match(await page.locator('#tour-heading').textContent(), /Tour: Sets/);
  await page.getByRole('button', { name: 'Previous' }).click();
  await waitSettled(page);
  assert.equal((await state(page)).steps, 3);
  assert.match((await state(page)).search, /tourtext=.*&stop=1$/);

  const { page: broken } = await suite.open(`?tourtext=${encodeURIComponent('step x: <b>no</b>')}`);
  assert.match(await broken.locator('#messages').textContent(), /line 1 is not a stop/);
  assert.equal(await broken.locator('#messages b').count(), 0, 'words from a link are text, never markup');
  assert.deepEqual([...badErrors, ...errors], []);
});

// ---- the quiz ----------------------------------------------------------------------------

const question = (page) => page.waitForFunction(() => {
  const { lessons, controller } = window.mazestep;
  const q = lessons.quiz.question;
  return q && !controller.job && controller.run.steps() === q.step && lessons.quiz.answered === null;
}, null, { timeout: 20_000 });

const score = (page) => page.evaluate(() => ({ score: window.mazestep.lessons.quiz.score, streak: window.mazestep.lessons.quiz.streak }));

/** The cell's centre in page coordinates (the canvas is the plain tile renderer here). */
async function clickCell(page, cell) {
  const [x, y] = await page.evaluate((c) => {
    const r = window.mazestep.renderer;
    const rect = r.canvas.getBoundingClientRect();
    const { w, wall, pitch, bw, bh } = r.geo;
    const cx = c % w, cy = Math.floor(c / w);
    return [rect.left + ((wall / 2 + (cx + 0.5) * pitch) / bw) * rect.width, rect.top + ((wall / 2 + (cy + 0.5) * pitch) / bh) * rect.height];
  }, cell);
  await page.mouse.click(x, y);
}

/** What the step after the one on show does, by stepping a fresh run of the same settings. */
const stepped = (page) => page.evaluate(() => {
  const { mz, controller } = window.mazestep;
  const s = controller.settings;
  const run = new mz.MazeRun(s.generator, s.solver === 'none' ? '' : s.solver, s.width, s.height, s.seed, s.start, s.goal, s.braid / 100);
  run.seek(controller.run.steps());
  const heading = run.heading();
  run.advance(1);
  const out = { event: run.lastEvent(), heading, after: run.heading(), current: run.current() };
  run.free();
  return out;
});

/** The cells the learner may rightly click, read from the data structures on screen. */
const rightCells = (page, kind) => page.evaluate((kind) => {
  const run = window.mazestep.controller.run;
  const w = run.width;
  const [items] = run.structures(100000).map((s) => s.items);
  const cells = items.map((text) => {
    const m = /^\((\d+), (\d+)\)(?: f=([0-9.]+) g=[0-9.]+ h=([0-9.]+))?/.exec(text);
    return { c: Number(m[2]) * w + Number(m[1]), f: Number(m[3]), h: Number(m[4]) };
  });
  if (kind === 'bfs') return [cells[0].c];
  const best = cells.reduce((a, b) => (b.f < a.f || (b.f === a.f && b.h < a.h) ? b : a));
  return cells.filter((e) => e.f === best.f && e.h === best.h).map((e) => e.c);
}, kind);

async function answerCell(page, kind, right) {
  const good = await rightCells(page, kind);
  assert.ok(good.length > 0);
  let cell = good[0];
  if (!right) {
    // Any cell that is not a right answer: the start is dequeued first and never again.
    const count = await page.evaluate(() => window.mazestep.controller.run.cellCount);
    cell = [...Array(count).keys()].find((c) => !good.includes(c));
  }
  await clickCell(page, cell);
}

async function answerChoice(page, kind, right) {
  const truth = await stepped(page);
  let choice;
  if (kind === 'backtracker') choice = truth.event;
  if (kind === 'kruskal') choice = truth.event === 'merge-sets' ? 'carve' : 'keep';
  if (kind === 'follower') choice = ['ahead', 'right', 'back', 'left'][(truth.after - truth.heading + 4) % 4];
  const choices = await page.locator('#quiz-choices button').evaluateAll((buttons) => buttons.map((b) => b.dataset.choice));
  assert.ok(choices.includes(choice), `${choice} among ${choices}`);
  const pick = right ? choice : choices.find((c) => c !== choice);
  await page.locator(`#quiz-choices button[data-choice="${pick}"]`).click();
}

const KINDS = [
  { kind: 'bfs', query: 'generator=sidewinder&solver=bfs&braid=30', answer: answerCell },
  { kind: 'astar', query: 'generator=sidewinder&solver=a-star&braid=30', answer: answerCell },
  { kind: 'backtracker', query: 'generator=recursive-backtracker&solver=none', answer: answerChoice },
  { kind: 'kruskal', query: 'generator=kruskal&solver=none', answer: answerChoice },
  { kind: 'follower', query: 'generator=sidewinder&solver=wall-follower-left&braid=30', answer: answerChoice },
];

for (const { kind, query, answer } of KINDS) {
  test(`quiz, ${kind}: a right answer scores 1 and adds to the streak, a wrong one scores 0 and ends it`, async () => {
    const { page, errors } = await suite.open(`?${query}&width=8&height=6&seed=21&quiz=1&questions=3`);
    await question(page);
    assert.equal(await page.evaluate(() => window.mazestep.lessons.quiz.question.kind), kind);
    assert.match(await page.locator('#quiz-heading').textContent(), /Quiz: question 1 of 3/);
    await answer(page, kind, true);
    assert.deepEqual(await score(page), { score: 1, streak: 1 });
    assert.match(await page.locator('#quiz-verdict').textContent(), /^Right!/);
    // The reason is the narration of the step, which is now on show.
    const narration = await page.locator('#narration').textContent();
    assert.equal(await page.locator('#quiz-reason').textContent(), `What happened: ${narration}`);
    await page.getByRole('button', { name: 'Next question' }).click();
    await question(page);
    await answer(page, kind, true);
    assert.deepEqual(await score(page), { score: 2, streak: 2 });
    await page.getByRole('button', { name: 'Next question' }).click();
    await question(page);
    await answer(page, kind, false);
    assert.deepEqual(await score(page), { score: 2, streak: 0 });
    assert.match(await page.locator('#quiz-verdict').textContent(), /^Not quite: the answer is /);
    assert.match(await page.locator('#quiz-reason').textContent(), /Done: 2 of 3 right, best streak 2\./);
    assert.match(new URL(page.url()).search, /quiz=1&questions=3/);
    assert.deepEqual(errors, []);
  });
}

test('quiz by keyboard: Enter on the maze answers with the cell cursor, number keys pick a choice', async () => {
  const { page, errors } = await suite.open('?generator=sidewinder&solver=bfs&width=8&height=6&seed=21&quiz=1&questions=2');
  await question(page);
  const [front] = await rightCells(page, 'bfs');
  const w = await page.evaluate(() => window.mazestep.controller.run.width);
  await page.locator('#maze').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  // The cursor starts on the start cell (0, 0): walk it to the queue's front.
  for (let i = 0; i < front % w; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < Math.floor(front / w); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.deepEqual(await score(page), { score: 1, streak: 1 });

  const { page: choices } = await suite.open('?generator=recursive-backtracker&solver=none&width=8&height=6&seed=21&quiz=1&questions=2');
  await question(choices);
  const truth = await stepped(choices);
  await choices.keyboard.press(truth.event === 'push' ? '1' : '2');
  assert.deepEqual(await score(choices), { score: 1, streak: 1 });
  assert.deepEqual(errors, []);
});

test('screenshots: a tour and a quiz at desktop and phone sizes', async () => {
  const { mkdirSync } = await import('node:fs');
  const dir = new URL('../../target/lessons-shots/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const { page: tour } = await suite.open('?tour=kruskal&stop=2', viewport);
    await waitSettled(tour);
    await tour.screenshot({ path: new URL(`tour-${size}.png`, dir).pathname, fullPage: size === 'phone' });
    const { page: quiz } = await suite.open('?generator=kruskal&solver=none&width=10&height=8&seed=5&quiz=1&questions=5', viewport);
    await question(quiz);
    await quiz.screenshot({ path: new URL(`quiz-${size}.png`, dir).pathname, fullPage: size === 'phone' });
  }
});
