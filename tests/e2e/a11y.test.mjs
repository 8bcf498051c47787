// Accessibility: axe-core's WCAG 2.1 A and AA rules on the page in the states people see it in
// (as opened, paused part way with the panels filled, done, a race, the embed view, a message
// shown), each at a phone and a desktop size. Any violation fails the test, listed with its rule,
// what it asks and where.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, statusText, waitDone, waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const AXE_FILE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
if (!existsSync(AXE_FILE)) throw new Error(`${AXE_FILE} is missing: install the npm packages (scripts/setup, or npm ci)`);
const AXE = readFileSync(AXE_FILE, 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const suite = pageSuite();

/** Runs axe on the page as it stands; resolves to its violations, trimmed to what a report needs. */
async function violations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: n.failureSummary })),
    }));
  }, TAGS);
}

/** One line per violation and up to three places, for the failure message. */
function report(found) {
  return found.map((v) => [`${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} node(s)`,
    ...v.nodes.slice(0, 3).map((n) => `    ${n.target}  ${n.html}\n      ${(n.summary ?? '').replace(/\n/g, '\n      ')}`),
  ].join('\n')).join('\n');
}

async function assertClean(page, errors, what) {
  const found = await violations(page);
  assert.equal(found.length, 0, `axe (WCAG 2.1 A/AA) on ${what}:\n${report(found)}`);
  assert.deepEqual(errors, [], `${what}: console errors`);
}

const MAZE = '?generator=kruskal&solver=bfs&width=10&height=7&seed=3';
const pressStep = (page) => page.getByRole('button', { name: 'Step', exact: true }).click();
const state = (page) => page.evaluate(() => window.mazestep.controller.state);

/**
 * The states: the address to open, what to do there, and a check that the state was reached
 * (so that a state that silently failed to come about cannot pass as clean).
 */
const STATES = {
  'the page as opened': {
    query: MAZE,
    check: async (page) => assert.equal(await state(page), 'idle'),
  },
  'paused after three Steps of generation': {
    query: MAZE,
    reach: async (page) => {
      for (let i = 0; i < 3; i++) await pressStep(page);
    },
    check: async (page) => {
      assert.equal(await state(page), 'paused');
      assert.match(await statusText(page), /Generating/);
      assert.notEqual(await page.locator('#structures').textContent(), '');
    },
  },
  'paused while solving, the data structures showing': {
    query: MAZE,
    reach: async (page) => {
      await page.evaluate(() => {
        const { controller } = window.mazestep;
        controller.seek(1e9);
        const generation = controller.run.phaseSteps('generating');
        controller.seek(generation + 6);
      });
      await waitSettled(page);
      for (let i = 0; i < 2; i++) await pressStep(page);
    },
    check: async (page) => {
      assert.equal(await state(page), 'paused');
      assert.match(await statusText(page), /Solving/);
      assert.notEqual(await page.locator('#structures').textContent(), '');
      assert.ok(await page.locator('#pseudocode .is-current').count() > 0, 'a pseudocode line is current');
    },
  },
  done: {
    query: `${MAZE}&speed=max&autoplay=1`,
    reach: (page) => waitDone(page),
    check: async (page) => assert.equal(await state(page), 'done'),
  },
  'a race, done': {
    query: `${MAZE}&race=dfs&speed=max&autoplay=1`,
    reach: (page) => waitDone(page),
    check: async (page) => {
      assert.equal(await page.locator('#lane-race').isVisible(), true);
      assert.equal(await page.locator('#race-result').isVisible(), true);
    },
  },
  'the embed view with the minimal controls': {
    query: `${MAZE}&embed=1&controls=minimal`,
    check: async (page) => {
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('embed')), true);
      assert.equal(await page.locator('#play').isVisible(), true);
    },
  },
  'a message about a bad URL parameter': {
    query: '?width=abc&height=6&seed=3',
    check: async (page) => {
      const text = await page.getByRole('alert').textContent();
      assert.match(text, /URL: width 'abc' is not allowed/);
      assert.doesNotMatch(text, /parseSide/, 'the module function is not named to a person');
    },
  },
};

for (const [name, { query, reach, check }] of Object.entries(STATES)) {
  for (const [sizeName, size] of Object.entries(SIZES)) {
    const what = `${name}, ${sizeName} ${size.width}×${size.height}`;
    test(`axe finds no WCAG 2.1 A/AA violation: ${what}`, async () => {
      const { page, errors } = await suite.open(query, size);
      await reach?.(page);
      await waitSettled(page);
      await check(page);
      await assertClean(page, errors, what);
      await page.close();
    });
  }
}

// What scrollable-region-focusable stands for, by hand: the explanations' data structures fill
// the rest of their column and scroll inside it (docs/page.md, "Layout"); Tab reaches them, and
// the keyboard scrolls them (no page shortcut takes PageDown). Recent Chromium makes such a
// scroller focusable by itself, so this passes there even without the tabindex; the axe rule
// above is what keeps it for browsers that do not (Safari).
test('the scrolling data structures are reached with Tab and scrolled with the keyboard', async () => {
  // A* part way on a braided maze: an open set longer than its box at 1280 × 800.
  const { page, errors } = await suite.open('?generator=kruskal&braid=50&solver=a-star&width=30&height=20&seed=3&step=700', SIZES.desktop);
  await waitSettled(page);
  const list = page.locator('#structures');
  assert.ok(await list.evaluate((e) => e.scrollHeight > e.clientHeight), 'the list scrolls at 1280×800');
  let presses = 0;
  while (!(await list.evaluate((e) => e === document.activeElement))) {
    assert.ok(++presses <= 80, 'Tab did not reach the data structures in 80 presses');
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => document.getElementById('structures').scrollTop > 0, null, { timeout: 2_000 });
  assert.deepEqual(errors, []);
  await page.close();
});
