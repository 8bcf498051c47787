// Several goals and waypoints on the page: `goal=X,Y;X,Y` and `via=` in the URL are drawn (a
// flag for each goal, a numbered ring for each waypoint), the found path goes by the waypoint
// to the nearest goal, the link keeps them, and edit mode adds and takes away a waypoint by
// click and by keyboard.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitDone } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

/** The main run's goals, waypoints, path and reached goal, as cell indices. */
const stops = (page) => page.evaluate(() => {
  const m = window.mazestep;
  const run = m.controller.run;
  const path = Array.from(new Uint32Array(m.wasm.memory.buffer, run.pathPtr(), run.pathLen()));
  return {
    goals: Array.from(run.goals()), via: Array.from(run.waypoints()), path, reached: run.goalReached(),
    start: run.start(), width: m.controller.settings.width, settings: { ...m.controller.settings },
    url: location.search,
  };
});

/** How much of the overlay is painted in the middle of each cell (alpha summed over a few pixels). */
const inkAt = (page, cells) => page.evaluate((cells) => {
  const r = window.mazestep.renderer;
  r.drawOverlay();
  return cells.map((c) => {
    const [x, y] = r.cellCentre(c);
    const data = r.octx.getImageData(Math.round(x) - 2, Math.round(y) - 2, 5, 5).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) ink += data[i];
    return ink;
  });
}, cells);

/** Viewport point of the middle of cell index `c`. */
const pointOfCell = (page, c) => page.evaluate((c) => {
  const r = window.mazestep.renderer;
  const rect = r.overlay.getBoundingClientRect();
  const [x, y] = r.cellCentre(c);
  return [rect.left + (x / r.overlay.width) * rect.width, rect.top + (y / r.overlay.height) * rect.height];
}, c);

/** The cells of `path` in order, each found after the one before: every stop in turn. */
function inOrder(path, cells) {
  let at = 0;
  for (const cell of cells) {
    const found = path.indexOf(cell, at);
    if (found < 0) return false;
    at = found;
  }
  return true;
}

test('goals and a waypoint in the URL are drawn, and the path goes by the waypoint to the nearest goal', async () => {
  const { page, errors } = await suite.open('?width=12&height=10&seed=7&braid=50&solver=bfs&goal=11,9;2,8;11,1&via=6,4');
  await page.click('#edit-mode');
  await waitDone(page);
  const s = await stops(page);
  const at = (x, y) => y * s.width + x;
  assert.deepEqual(s.goals, [at(11, 9), at(2, 8), at(11, 1)]);
  assert.deepEqual(s.via, [at(6, 4)]);
  assert.equal(s.path[0], s.start);
  assert.ok(s.path.includes(at(6, 4)), `the path ${s.path} does not pass the waypoint`);
  assert.ok(s.goals.includes(s.reached), `reached ${s.reached}`);
  assert.equal(s.path.at(-1), s.reached);
  // The link keeps them as given.
  const params = new URLSearchParams(s.url);
  assert.equal(params.get('goal'), '11,9;2,8;11,1');
  assert.equal(params.get('via'), '6,4');
  // A flag on every goal, the ring on the waypoint; a cell with nothing on it stays clear.
  const empty = [at(5, 0), at(0, 9), at(9, 6)].find((c) => !s.path.includes(c) && c !== s.start);
  const ink = await inkAt(page, [...s.goals, ...s.via, empty]);
  for (const [i, amount] of ink.slice(0, -1).entries()) assert.ok(amount > 500, `marker ${i}: ink ${amount}`);
  assert.equal(ink.at(-1), 0, 'ink on a cell with no marker');
  assert.deepEqual(errors, []);
  await page.close();
});

test('edit mode places waypoints and goals by click and by keyboard, and takes them away again', async () => {
  const { page, errors } = await suite.open('?width=10&height=8&seed=3&solver=a-star');
  await page.click('#edit-mode');
  await waitDone(page);
  await page.check('input[name="edit-tool"][value="via"]');
  const before = await stops(page);
  const at = (x, y) => y * before.width + x;
  // A waypoint in the far corner from the path's own way: the path now goes through it.
  const waypoint = at(9, 0);
  await page.mouse.click(...await pointOfCell(page, waypoint));
  await page.waitForFunction(() => window.mazestep.controller.settings.via === '9,0');
  const added = await stops(page);
  assert.deepEqual(added.via, [waypoint]);
  assert.ok(inOrder(added.path, [added.start, waypoint, added.goals[0]]), `${added.path}`);
  assert.equal(new URLSearchParams(added.url).get('via'), '9,0');
  // The goal tool adds a second goal; the nearest one is reached after the waypoint.
  await page.check('input[name="edit-tool"][value="goals"]');
  await page.mouse.click(...await pointOfCell(page, at(0, 7)));
  await page.waitForFunction(() => window.mazestep.controller.settings.goals === '0,7');
  const twoGoals = await stops(page);
  assert.deepEqual(twoGoals.goals, [at(9, 7), at(0, 7)]);
  assert.ok(inOrder(twoGoals.path, [twoGoals.start, waypoint]), `${twoGoals.path}`);
  assert.ok(twoGoals.goals.includes(twoGoals.reached));
  // The keyboard: Enter with the waypoint tool adds the cell under the cursor as the next
  // waypoint, and Enter again takes it away.
  await page.check('input[name="edit-tool"][value="via"]');
  await page.focus('#maze');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const cursor = await page.evaluate(() => window.mazestep.renderer.cursor);
  const cursorText = `${cursor % before.width},${Math.floor(cursor / before.width)}`;
  await page.keyboard.press('Enter');
  await page.waitForFunction((t) => window.mazestep.controller.settings.via === `9,0;${t}`, cursorText);
  const two = await stops(page);
  assert.deepEqual(two.via, [waypoint, cursor]);
  assert.ok(inOrder(two.path, [two.start, waypoint, cursor]), `${two.path}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.mazestep.controller.settings.via === '9,0');
  const removed = await stops(page);
  assert.deepEqual(removed.via, [waypoint]);
  // Undo brings it back.
  await page.keyboard.press('Control+z');
  await page.waitForFunction((t) => window.mazestep.controller.settings.via === `9,0;${t}`, cursorText);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a solver that takes one goal is refused in the words of the page, naming the goals', async () => {
  const { page } = await suite.open('?width=8&height=8&seed=1&solver=dfs&goal=7,7;3,3');
  const text = await page.evaluate(() => document.body.textContent);
  assert.match(text, /dfs looks for one goal: several goals are for bfs, dijkstra and a-star/);
  await page.close();
});
