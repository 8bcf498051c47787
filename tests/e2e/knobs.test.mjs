// A generator's knobs on the page (www/ui/knobs.js): shown beside the generator only for one
// that has some, with a note of what they do; a knob changes the maze, the link carries it, and
// a bad knob in the address falls back with a message.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

const MAZE = '&width=12&height=10&seed=4&solver=none';

/** The maze once generation is over. */
async function cells(page) {
  await page.evaluate(() => window.mazestep.controller.seek(Infinity));
  await waitSettled(page);
  return page.evaluate(() => {
    const m = window.mazestep;
    const run = m.controller.run;
    return Array.from(new Uint8Array(m.wasm.memory.buffer, run.cellsPtr(), run.cellCount));
  });
}

/** Shown for real: not hidden, and not only flagged so (a class's display must not show it anyway). */
const visible = async (page, selector) => {
  const hidden = await page.evaluate((s) => document.querySelector(s)?.hidden ?? true, selector);
  return !hidden && (await page.isVisible(selector));
};

test('knobs show only for a generator that has them, change its maze, and the link carries them', async () => {
  const { page, errors } = await suite.open(`?generator=kruskal${MAZE}`);
  const flagged = () => page.evaluate(() => document.getElementById('knobs-field').hidden);
  assert.equal(await flagged(), true);
  assert.equal(await visible(page, '#knobs-field'), false);
  assert.equal(await visible(page, '#knobs-note'), false);

  await page.selectOption('#generator', 'sidewinder');
  await waitSettled(page);
  assert.equal(await visible(page, '#knob-run-close'), true);
  assert.match(await page.textContent('#knobs-note'), /closing a run/);
  assert.equal(await page.inputValue('#knob-run-close'), '0.5');
  const plain = await cells(page);

  await page.fill('#knob-run-close', '0.95');
  await waitSettled(page);
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.knobs), 'run-close=0.95');
  const closing = await cells(page);
  assert.notDeepEqual(closing, plain);
  // Nearly every cell below the top row carves north: its own passage up.
  const NORTH = 1, WEST = 8;
  const rows = closing.slice(12);
  const up = rows.filter((c) => c & NORTH).length;
  const along = rows.filter((c) => c & WEST).length;
  assert.ok(up > 100 && along < 12, `north ${up}, west ${along} of 108`);

  // The link opens the same maze with the knob in place.
  const link = await page.evaluate(() => location.search);
  assert.match(link, /knobs=run-close%3D0\.95/);
  const again = await suite.open(link);
  assert.equal(await again.page.inputValue('#knob-run-close'), '0.95');
  assert.deepEqual(await cells(again.page), closing);

  // Another generator starts at its own knobs; one without any hides them.
  await page.selectOption('#generator', 'eller');
  await waitSettled(page);
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.knobs), '');
  assert.equal(await visible(page, '#knob-join'), true);
  assert.equal(await visible(page, '#knob-run-close'), false);
  await page.selectOption('#generator', 'prim');
  await waitSettled(page);
  assert.equal(await flagged(), true);
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
});

test('the growing tree shows its mix only with the policy mix; the corner is a choice of words', async () => {
  const { page, errors } = await suite.open(`?generator=growing-tree${MAZE}`);
  assert.equal(await visible(page, '#knob-mix'), true);
  await page.selectOption('#knob-policy', 'newest');
  await waitSettled(page);
  assert.equal(await visible(page, '#knob-mix'), false);
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.knobs), 'policy=newest');
  const tree = await suite.open(`?generator=binary-tree&knobs=bias%3Dsw${MAZE}&lang=ko`);
  assert.equal(await tree.page.inputValue('#knob-bias'), 'south-west');
  assert.equal(await tree.page.textContent('#knob-bias option:checked'), '남서');
  const maze = await cells(tree.page);
  // South-west: the bottom row is one corridor west, the left column one corridor south.
  const WEST = 8, SOUTH = 4;
  assert.ok(maze.slice(-11).every((c) => c & WEST));
  assert.ok([0, 1, 2, 3, 4, 5, 6, 7, 8].every((y) => maze[y * 12] & SOUTH));
  assert.deepEqual(errors, []);
  assert.deepEqual(tree.errors, []);
});

test('a knob the generator lacks, or out of range, in the address falls back with a message', async () => {
  for (const [query, says] of [
    ['?generator=kruskal&knobs=run-close%3D0.9', /kruskal has no knobs \(run-close is not one\)/],
    ['?generator=sidewinder&knobs=run-close%3D7', /knob run-close '7' is not allowed: give a number from 0 to 1/],
  ]) {
    const { page, errors } = await suite.open(query + MAZE);
    const said = await page.evaluate(() => [...document.querySelectorAll('#messages li')].map((li) => li.textContent));
    // Said of the address, before any run is made from it.
    assert.ok(said.some((m) => m.startsWith('URL: ') && says.test(m)), said.join('\n'));
    assert.equal(await page.evaluate(() => window.mazestep.controller.settings.knobs), '');
    assert.deepEqual(errors, []);
  }
});

test('<maze-step knobs> makes the knob\'s maze; a bad knob is explained inside the element', async () => {
  const { page, errors } = await suite.open('');
  await page.goto(`${suite.server.url}examples/embed.html`);
  await page.waitForFunction(() => customElements.get('maze-step'));
  const made = (attributes) => page.evaluate(async (attributes) => {
    const el = document.createElement('maze-step');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.querySelector('main').append(el);
    while (!el.run) await new Promise((r) => setTimeout(r, 20));
    el.run.finish();
    return { text: el.run.text(false), knobs: el.settings.knobs,
      messages: [...el.shadowRoot.querySelectorAll('.messages li')].map((li) => li.textContent) };
  }, attributes);
  const closing = await made({ generator: 'sidewinder', knobs: 'run-close=1', width: '6', height: '4', seed: '2' });
  assert.equal(closing.knobs, 'run-close=1');
  // Every wall line under the top row has a gap above each cell: every cell carves north.
  const lines = closing.text.trim().split('\n');
  for (const line of lines.slice(2, -1).filter((_, i) => i % 2 === 0)) assert.equal(line, '#.#.#.#.#.#.#', closing.text);
  const bad = await made({ generator: 'prim', knobs: 'join=0.1', width: '6', height: '4', seed: '2' });
  assert.equal(bad.knobs, '');
  assert.ok(bad.messages.some((m) => /prim has no knobs/.test(m)), bad.messages.join('\n'));
  assert.deepEqual(errors, []);
});
