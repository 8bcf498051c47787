// The timeline's event marks (issue 29, item 6): the "run to the next" events of the run on show,
// found on a copy of the run in the background, as marks under the slider that seek there. The
// scan's choices are checked in Node first; the page in headless Chromium.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageSuite } from './suite.mjs';
import { EventScan, MARK_CELLS_MAX } from '../../www/ui/teach.js';
import { setLanguage } from '../../www/words/i18n.js';

await setLanguage('en');

test('EventScan: a rare kind every time, a common one at its first time with its count, each machine\'s end', () => {
  const scan = new EventScan((algorithm) => (algorithm === 'gen' ? ['push', 'pop'] : ['found']));
  let step = 0;
  for (let i = 0; i < 50; i++) scan.note('gen', 'push', ++step);
  for (let i = 0; i < 3; i++) scan.note('gen', 'pop', ++step);
  scan.note('gen', 'begin', ++step); // not in the list: no mark
  scan.note('solve', 'expand', ++step);
  scan.note('solve', 'found', ++step);
  scan.finish(step);
  assert.deepEqual(scan.marks().map((m) => [m.step, m.kind, m.count, m.end]), [
    [1, 'push', 50, false], [51, 'pop', 3, false], [52, 'pop', 3, false], [53, 'pop', 3, false],
    [54, null, 1, true], [56, 'found', 1, false], [56, null, 1, true],
  ]);
  assert.equal(scan.done, true);
});

test('EventScan: at most 60 marks, however many rare kinds there are', () => {
  const kinds = Array.from({ length: 40 }, (_, i) => `k${i}`);
  const scan = new EventScan(() => kinds);
  let step = 0;
  for (let round = 0; round < 5; round++) for (const kind of kinds) scan.note('gen', kind, ++step);
  const marks = scan.marks();
  assert.equal(marks.length, 60);
  // Every kind keeps its first time.
  for (const kind of kinds) assert.ok(marks.some((m) => m.kind === kind), kind);
});

const suite = pageSuite();

const SMALL = '?generator=recursive-backtracker&solver=bfs&width=12&height=8&seed=3&braid=30';

/** The marks once the background scan has drawn them: { step, kind, tip } each. */
async function marksOf(page) {
  await page.waitForFunction(() => document.querySelectorAll('#timeline-marks .mark').length > 0, null, { timeout: 20_000 });
  return page.evaluate(() => [...document.querySelectorAll('#timeline-marks .mark')].map((b) => ({
    step: Number(b.dataset.step), kind: b.dataset.kind ?? null, tip: b.title,
  })));
}

test('a mark click seeks to its event\'s step, where a run of its own meets that event', async () => {
  const { page, errors } = await suite.open(SMALL);
  const marks = await marksOf(page);
  const pop = marks.find((m) => m.kind === 'pop');
  const found = marks.find((m) => m.kind === 'found');
  assert.ok(pop && found, JSON.stringify(marks));
  assert.match(pop.tip, /^Step \d+: a backtrack, the first of \d+( · |$)/);
  assert.ok(found.tip.startsWith(`Step ${found.step}: the goal found`), found.tip);
  // The same steps from a run made here: the first backtrack, and the goal found.
  const direct = await page.evaluate(() => {
    const { mz, controller } = window.mazestep;
    const s = controller.settings;
    const run = new mz.MazeRun({ generator: s.generator, solver: s.solver, width: s.width, height: s.height, seed: s.seed, braid: s.braid / 100 });
    run.advanceUntil('pop', 1_000_000);
    const pop = run.steps();
    run.advanceUntil('found', 1_000_000);
    const found = run.steps();
    run.free();
    return { pop, found };
  });
  assert.deepEqual({ pop: pop.step, found: found.step }, direct);
  for (const mark of [found, pop]) {
    await page.click(`#timeline-marks .mark[data-step="${mark.step}"][data-kind="${mark.kind}"]`);
    await page.waitForFunction((k) => window.mazestep.controller.run.steps() === k && !window.mazestep.controller.job, mark.step);
    assert.equal(await page.evaluate(() => window.mazestep.controller.run.lastEvent()), mark.kind);
  }
  // The marks do not move with the run: the scan stepped a copy.
  assert.deepEqual(await marksOf(page), marks);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the marks are one stop for the keyboard (a list box): arrows choose a mark, Enter seeks', async () => {
  const { page, errors } = await suite.open(SMALL);
  const marks = await marksOf(page);
  await page.focus('#timeline-marks');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const chosen = await page.evaluate(() => {
    const box = document.getElementById('timeline-marks');
    return Number(document.getElementById(box.getAttribute('aria-activedescendant')).dataset.step);
  });
  assert.equal(chosen, marks[2].step);
  await page.keyboard.press('Enter');
  await page.waitForFunction((k) => window.mazestep.controller.run.steps() === k, marks[2].step);
  assert.equal(await page.locator('#timeline-marks .mark[aria-selected="true"]').count(), 1);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'timeline-marks', 'one stop: the list keeps the focus');
  assert.deepEqual(errors, []);
  await page.close();
});

test(`a maze over ${MARK_CELLS_MAX.toLocaleString('en')} cells gets no marks and no copy`, async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=600&height=500&seed=1');
  assert.equal(await page.evaluate(() => window.mazestep.controller.chores.has('marks')), false, 'no scan under way');
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#timeline-marks .mark').count(), 0);
  assert.equal(await page.evaluate(() => document.getElementById('timeline-marks').hidden), true);
  assert.deepEqual(errors, []);
  await page.close();
});
