// The interaction fixes of the page (issue 27, item 2): a finger's drag draws in edit mode (the
// browser's own touch handling, not synthetic events: CDP's Input.dispatchTouchEvent, so
// touch-action decides whether the stroke lives or ends in pointercancel); changing the search
// keeps the generated maze and its edits and opens where the new search begins, without
// replaying generation; saving a maze that is not generated yet says so and offers the end.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { showSettings, waitDone, waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

const SOUTH = 4;

/** The cells' bytes of the main run (walls, as the core keeps them). */
const cellsOf = (page, which = 'run') => page.evaluate((which) => {
  const m = window.mazestep;
  const run = m.controller[which];
  return Array.from(new Uint8Array(m.wasm.memory.buffer, run.cellsPtr(), run.cellCount));
}, which);

/** Where the wall line under row y lies, at the middle of column x (square tiles). */
const wallLineBelow = (page, x, y) => page.evaluate(([x, y]) => {
  const r = window.mazestep.renderer;
  const rect = r.canvas.getBoundingClientRect();
  const { wall, pitch, bw, bh } = r.geo;
  return [rect.left + ((x * pitch + wall + (pitch - wall) / 2) / bw) * rect.width,
    rect.top + (((y + 1) * pitch + wall / 2) / bh) * rect.height];
}, [x, y]);

/** A finger's drag from `from` to `to` in `moves` moves, through the browser's touch input. */
async function fingerDrag(page, from, to, moves = 24) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const at = (i) => ({ x: from[0] + ((to[0] - from[0]) * i) / moves, y: from[1] + ((to[1] - from[1]) * i) / moves });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let i = 1; i <= moves; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  await cdp.detach();
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`a finger's drag across the maze in edit mode draws a continuous wall (${viewport.width} × ${viewport.height})`, async () => {
    const { page, errors } = await suite.open('?generator=sidewinder&solver=bfs&width=16&height=10&seed=4', viewport);
    await page.click('#edit-mode');
    await waitDone(page);
    // The line under row 4 opened from end to end first (right-drag with the mouse erases), so
    // that a wall missing anywhere along it would show.
    const from = await wallLineBelow(page, 1, 4), to = await wallLineBelow(page, 14, 4);
    await page.mouse.move(...from);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(...to, { steps: 12 });
    await page.mouse.up({ button: 'right' });
    await waitSettled(page);
    let cells = await cellsOf(page);
    for (let x = 1; x <= 14; x++) assert.ok(cells[4 * 16 + x] & SOUTH, `cell ${x},4 open to the south before the finger`);
    await page.evaluate(() => {
      window.pointerKinds = [];
      for (const type of ['pointerdown', 'pointerup', 'pointercancel']) {
        document.getElementById('maze').addEventListener(type, (e) => window.pointerKinds.push(`${type}:${e.pointerType}`));
      }
    });
    await fingerDrag(page, from, to);
    await waitSettled(page);
    assert.deepEqual(await page.evaluate(() => window.pointerKinds), ['pointerdown:touch', 'pointerup:touch'],
      'the stroke was a touch, and the browser did not take it over (no pointercancel)');
    cells = await cellsOf(page);
    for (let x = 1; x <= 14; x++) assert.equal(cells[4 * 16 + x] & SOUTH, 0, `the finger drew the wall under ${x},4`);
    assert.equal(await page.evaluate(() => window.mazestep.controller.run.phase()), 'done', 'searched again');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

/** Step counts per phase of the main run. */
const phases = (page) => page.evaluate(() => {
  const run = window.mazestep.controller.run;
  return { steps: run.steps(), phase: run.phase(), generating: run.phaseSteps('generating'), braiding: run.phaseSteps('braiding'), solving: run.phaseSteps('solving') };
});

test('another solver, heuristic or race partner keeps the maze and its edits, and opens where the search begins', async () => {
  // Kruskal generates in hundreds of steps; water is painted on the maze (edits in the link).
  const { page, errors } = await suite.open('?generator=kruskal&braid=30&solver=bfs&width=20&height=14&seed=9&edits=20h5i&step=600');
  await waitSettled(page);
  const before = await phases(page);
  assert.equal(before.phase, 'solving');
  const generated = before.generating + before.braiding;
  const cells = await cellsOf(page);
  await page.getByRole('combobox', { name: 'Solver' }).selectOption('a-star');
  await waitSettled(page);
  let after = await phases(page);
  // The edits enter the world with the search's first step: the new run stands one step into it.
  assert.deepEqual(after, { steps: generated + 1, phase: 'solving', generating: before.generating, braiding: before.braiding, solving: 1 });
  assert.deepEqual(await cellsOf(page), cells, 'the same maze, cell for cell');
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.edits), '20h5i');
  assert.ok(await page.evaluate(() => window.mazestep.controller.run.terrainPtr() !== 0), 'the painted world is there');
  assert.match(await page.locator('#status').textContent(), /Solving \(paused\)/);
  // No replay of generation on show: the run never went back to generating.
  await page.evaluate(() => {
    window.phasesSeen = new Set();
    const look = () => {
      window.phasesSeen.add(window.mazestep.controller.run.phase());
      if (window.watching) requestAnimationFrame(look);
    };
    window.watching = true;
    requestAnimationFrame(look);
  });
  await page.getByRole('combobox', { name: 'Heuristic' }).selectOption('euclidean');
  await page.getByRole('combobox', { name: 'Race against' }).selectOption('dfs');
  await waitSettled(page);
  after = await phases(page);
  assert.equal(after.steps, generated + 1);
  assert.deepEqual(await cellsOf(page), cells);
  assert.deepEqual(await cellsOf(page, 'partner'), cells, 'the race partner on the same maze');
  // Playing on from there: the search, never generation again.
  await page.evaluate(() => window.mazestep.controller.play());
  await page.waitForFunction(() => window.mazestep.controller.run.steps() > 0 && window.phasesSeen.has('solving'));
  await page.evaluate(() => window.mazestep.controller.pause());
  assert.equal(await page.evaluate(() => window.phasesSeen.has('generating')), false, 'generation was not played again');
  await page.evaluate(() => (window.watching = false));
  assert.deepEqual(errors, []);
  await page.close();
});

test('while playing through generation, another solver carries on from the same step; in edit mode the world stays', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=20&height=14&seed=9&speed=100');
  await page.evaluate(() => window.mazestep.controller.play());
  await page.waitForFunction(() => window.mazestep.controller.run.steps() > 40);
  const at = await page.evaluate(() => {
    const { controller } = window.mazestep;
    const steps = controller.run.steps();
    controller.update({ solver: 'dijkstra' });
    return { steps, now: controller.run.steps(), state: controller.state, phase: controller.run.phase() };
  });
  assert.equal(at.now, at.steps, 'the new run is at the step the old one had reached');
  assert.equal(at.state, 'running', 'and plays on');
  assert.equal(at.phase, 'generating');
  await page.evaluate(() => window.mazestep.controller.pause());

  // Edit mode: water painted, then another solver: the run goes to its end on the same world.
  await page.click('#edit-mode');
  await waitDone(page);
  await page.evaluate(() => window.mazestep.controller.rework({ edits: '30h10i' }));
  const world = await cellsOf(page);
  await page.getByRole('combobox', { name: 'Solver' }).selectOption('a-star');
  await waitDone(page);
  assert.equal(await page.locator('#edit-mode').getAttribute('aria-pressed'), 'true', 'still editing');
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.phase()), 'done', 'the new search ran to its end');
  assert.deepEqual(await cellsOf(page), world, 'the same world');
  assert.ok(await page.evaluate(() => window.mazestep.controller.run.terrainPtr() !== 0), 'the water is still there');
  assert.deepEqual(errors, []);
  await page.close();
});

/** Clicks `name` and resolves to the downloaded file's name and text, or null if none comes. */
async function saved(page, name, timeout = 1500) {
  const download = page.waitForEvent('download', { timeout }).catch(() => null);
  await page.getByRole('button', { name, exact: true }).click();
  const file = await download;
  if (!file) return null;
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

test('saving at step 0 says what it would save and offers the finished maze', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=8&height=6&seed=3', { width: 1280, height: 800 });
  await showSettings(page);
  // Step 0: the worksheet would be closed cells; nothing is saved without a word.
  assert.equal(await saved(page, 'Worksheet'), null, 'nothing saved at once');
  const offer = page.getByRole('group', { name: /Step 0: the maze is not generated yet/ });
  assert.equal(await offer.isVisible(), true);
  assert.match(await offer.textContent(), /worksheet would show closed cells only/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'save-finished', 'focus on the offer');
  // Save it as shown: the closed grid, as asked.
  const closed = await saved(page, 'Save it as shown');
  assert.match(closed.name, /\.svg$/);
  assert.equal(await offer.isVisible(), false);
  // Again, and the finished maze: the run goes to its end, then the sheet is saved.
  assert.equal(await saved(page, 'Worksheet'), null);
  const finished = await saved(page, 'Run to the end and save', 10_000);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.phase()), 'done');
  // The closed grid draws every inner wall line whole (the second row's: M10 36H90); the
  // finished maze has passages through it.
  assert.match(closed.text, /M10 36H90M/);
  assert.doesNotMatch(finished.text, /M10 36H90M/);
  assert.notEqual(finished.text, closed.text, 'the finished maze is another sheet');
  // Text and PNG say it too; mid-generation the words say the step. (The drawer lies over
  // the transport at this width: shut it, step, open it again.)
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Reset' }).click();
  for (let i = 0; i < 5; i++) await page.click('#step');
  await showSettings(page);
  assert.equal(await saved(page, 'Text'), null);
  assert.match(await page.locator('#export-offer-text').textContent(), /Step 5: the maze is still being generated, so this text would show it half made/);
  // A step on while the offer shows keeps it true to the step (→ steps).
  await page.locator('#maze-card h2').click();
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('#export-offer-text').textContent(), /Step 6:/);
  assert.equal(await saved(page, 'Picture (PNG)'), null);
  assert.match(await page.locator('#export-offer-text').textContent(), /this picture would/);
  // Once generated, each saves at once.
  await page.evaluate(() => window.mazestep.controller.finish());
  assert.match((await saved(page, 'Text')).name, /\.txt$/);
  assert.equal(await page.locator('#export-offer').isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});
