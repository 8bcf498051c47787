// How the search thinks, on the page: the came-from arrows and the numbers on the cells.
//
// - The arrows toggle writes `arrows=1` into the address, and a reload restores it (and
//   `numbers=g`).
// - Back takes the arrows back: the overlay's pixels after a step and Back are those before the
//   step, and the arrows drawn are the module's links (a cell reached by the step has none).
// - Pointing at a reached cell traces its way back and says its length, which is the
//   breadth-first distance the module gives (and the number of links followed).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { showSettings, waitDone, waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

/** The overlay's pixels, and what the last overlay drew from the module. */
const overlayState = (page) => page.evaluate(() => {
  const r = window.mazestep.renderer;
  const pixels = r.octx.getImageData(0, 0, r.overlay.width, r.overlay.height).data;
  let sum = 0;
  for (let i = 0; i < pixels.length; i += 7) sum = (sum * 31 + pixels[i]) >>> 0;
  const links = r.thought ? Array.from(r.thought.cameFrom) : null;
  return { sum, links, steps: window.mazestep.controller.run.steps() };
});

test('the arrows toggle is in the address, and a reload restores arrows and numbers', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=8&seed=4');
  await showSettings(page);
  assert.equal(await page.isChecked('#arrows'), false);
  await page.check('#arrows');
  await page.selectOption('#numbers', 'g');
  await page.waitForFunction(() => /[?&]arrows=1\b/.test(location.search) && /[?&]numbers=g\b/.test(location.search));
  const address = await page.evaluate(() => location.search);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await showSettings(page);
  assert.equal(await page.isChecked('#arrows'), true, `restored from ${address}`);
  assert.equal(await page.inputValue('#numbers'), 'g');
  const settings = await page.evaluate(() => window.mazestep.stage.thinking);
  assert.equal(settings.arrows, true);
  assert.equal(settings.numbers, 'g');
  // A bad value is refused with the usual message, and the page goes on without it.
  const bad = await suite.open('?generator=kruskal&solver=bfs&width=6&height=5&seed=1&numbers=q%3Cb%3E&arrows=maybe');
  const messages = await bad.page.locator('#messages').textContent();
  assert.match(messages, /numbers 'q<b>' is not allowed: use g, h, f or off/);
  assert.match(messages, /arrows 'maybe' is not allowed/);
  assert.deepEqual(errors, []);
});

test('Back takes the arrows back: the same links and the same pixels as before the step', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=8&seed=4&arrows=1');
  // Into the search: run the generation to its end, then a few solver steps.
  await page.evaluate(() => {
    const c = window.mazestep.controller;
    while (c.run.phase() === 'generating') c.run.advance(1);
  });
  for (let i = 0; i < 4; i++) await page.click('#step');
  await waitSettled(page);
  const before = await overlayState(page);
  assert.ok(before.links, 'the overlay read the links');
  assert.ok(before.links.filter((p) => p >= 0).length >= 2, 'some cells have arrows');
  // Step until a new cell is reached, then Back as many times.
  let after = before;
  let stepped = 0;
  while (stepped < 10 && after.links.filter((p) => p >= 0).length === before.links.filter((p) => p >= 0).length) {
    await page.click('#step');
    stepped++;
    await waitSettled(page);
    after = await overlayState(page);
  }
  assert.notEqual(after.sum, before.sum, 'a new arrow changed the overlay');
  for (let i = 0; i < stepped; i++) await page.click('#back');
  await waitSettled(page);
  const back = await overlayState(page);
  assert.equal(back.steps, before.steps);
  assert.deepEqual(back.links, before.links, 'the links are those before the step');
  assert.equal(back.sum, before.sum, 'the overlay is drawn as before the step');
  // A cell the step reached has no arrow now, as the module says.
  const gone = after.links.findIndex((p, c) => p >= 0 && before.links[c] < 0);
  assert.ok(gone >= 0);
  assert.equal(await page.evaluate((c) => window.mazestep.controller.run.cameFrom(c), gone), -1);
  assert.deepEqual(errors, []);
});

test('pointing at a reached cell traces its way back and says its length', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=8&height=6&seed=9&arrows=1');
  await page.evaluate(() => window.mazestep.controller.finish());
  await waitDone(page);
  // The goal: reached, its way back the found path.
  const { point, moves, cell } = await page.evaluate(() => {
    const { renderer: r, controller } = window.mazestep;
    const run = controller.run;
    const cell = run.goal();
    const rect = r.canvas.getBoundingClientRect();
    const { w, pitch, wall, bw, bh } = r.geo;
    const x = cell % w, y = Math.floor(cell / w);
    return {
      cell,
      moves: run.costSoFar(cell),
      point: [rect.left + ((x * pitch + wall + (pitch - wall) / 2) / bw) * rect.width,
        rect.top + ((y * pitch + wall + (pitch - wall) / 2) / bh) * rect.height],
    };
  });
  assert.equal(await page.locator('#trace-note').isHidden(), true);
  await page.mouse.move(...point);
  await page.waitForFunction(() => !document.getElementById('trace-note').hidden);
  const text = await page.locator('#trace-note').textContent();
  assert.match(text, new RegExp(`Way back from 7,5: ${moves} moves, cost ${moves}`), text);
  assert.equal(await page.evaluate(() => window.mazestep.renderer.thinking.trace), cell);
  // The path found by BFS has one cell more than the moves back from the goal.
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.pathLength()), moves + 1);
  // Leaving the maze lets go.
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.getElementById('trace-note').hidden);
  assert.equal(await page.evaluate(() => window.mazestep.renderer.thinking.trace), -1);
  assert.deepEqual(errors, []);
});
