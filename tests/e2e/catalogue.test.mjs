// End-to-end tests of the generator catalogue, braiding and the maze statistics panel, in
// headless Chromium: one browser for the file, a fresh tab per test (same harness as
// page.test.mjs). Run with `node --test tests/e2e/` after building pkg/.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusText as status, waitDone } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();
const open = suite.open;


/** Steps through the page's controller until the run is in `phase` (or done). */
function stepUntil(page, phase) {
  return page.evaluate((wanted) => {
    const { controller } = window.mazestep;
    while (controller.run.phase() !== wanted && controller.state !== 'done') controller.step();
    return controller.run.phase();
  }, phase);
}

/** Sets a range input the way a person lets go of it: input, then change. */
function slide(page, id, value) {
  return page.evaluate(([id, value]) => {
    const input = document.getElementById(id);
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [id, value]);
}

/** The maze statistics panel as { label: text }. */
function mazeStats(page) {
  return page.evaluate(() => {
    const out = {};
    for (const dt of document.querySelectorAll('#maze-stats dt')) out[dt.textContent] = dt.nextElementSibling.textContent;
    return out;
  });
}

test('generators are grouped by family, each with its one-line description', async () => {
  const { page, errors } = await open('?generator=kruskal&width=6&height=5&seed=1');
  const select = page.getByRole('combobox', { name: 'Generator' });
  const api = await page.evaluate(() => {
    const { api } = window.mazestep;
    return api.generatorNames().map((name) => ({
      name, group: api.generatorGroup(name), summary: api.algorithmSummary(name),
    }));
  });
  const groups = await select.locator('optgroup').evaluateAll((list) => list.map((g) => ({
    label: g.label, names: [...g.querySelectorAll('option')].map((o) => o.value),
  })));
  assert.ok(groups.length >= 3, `several groups: ${JSON.stringify(groups)}`);
  // Every generator sits in exactly the group the core gives it, and nowhere else.
  assert.equal(groups.flatMap((g) => g.names).length, api.length);
  for (const { name, group } of api) {
    const holders = groups.filter((g) => g.names.includes(name));
    assert.deepEqual(holders.map((g) => g.label), [group], name);
  }
  for (const { name, summary } of api) {
    assert.ok(summary.length > 10, name);
    assert.equal(await select.locator(`option[value="${name}"]`).getAttribute('title'), summary, name);
  }
  // The visible description follows the selection.
  const note = page.locator('#generator-summary');
  const of = (name) => api.find((g) => g.name === name).summary;
  assert.equal(await note.textContent(), of('kruskal'));
  assert.ok(await note.isVisible());
  await select.selectOption('wilson');
  assert.equal(await note.textContent(), of('wilson'));
  assert.notEqual(of('wilson'), of('kruskal'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('every generator in the list reaches done at a small size', async () => {
  const { page, errors } = await open('?width=7&height=5&seed=11&solver=bfs&speed=max');
  const select = page.getByRole('combobox', { name: 'Generator' });
  const names = await select.locator('option').evaluateAll((list) => list.map((o) => o.value));
  assert.equal(names.length, (await page.evaluate(() => window.mazestep.api.generatorNames())).length);
  for (const name of names) {
    await select.selectOption(name);
    assert.match(await status(page), /ready/i, name);
    await page.getByRole('button', { name: 'Play' }).click();
    await waitDone(page);
    const { outcome, generated, group } = await page.evaluate((n) => ({
      outcome: window.mazestep.controller.run.outcome(),
      generated: window.mazestep.controller.run.phaseSteps('generating'),
      group: window.mazestep.api.generatorGroup(n),
    }), name);
    // An open world promises no way through (cellular automata, caves): the search says which.
    if (group === 'Open worlds') assert.ok(['found', 'unreachable'].includes(outcome), `${name}: ${outcome}`);
    else assert.equal(outcome, 'found', `${name} made a maze the solver got through`);
    assert.ok(generated > 0, name);
    // The step unit near Step names what one step of the generator is.
    const unit = await page.evaluate((n) => window.mazestep.api.algorithmStepUnit(n), name);
    assert.ok(unit.length > 0);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the step unit is shown next to Step for the machine on show', async () => {
  const { page, errors } = await open('?generator=binary-tree&width=5&height=4&seed=2&solver=bfs');
  const unit = await page.evaluate(() => window.mazestep.api.algorithmStepUnit('binary-tree'));
  assert.match(await page.locator('#step-unit').textContent(), new RegExp(`One step = ${unit}`));
  assert.ok(await page.locator('#step-unit').isVisible());
  assert.equal(await stepUntil(page, 'solving'), 'solving');
  const solverUnit = await page.evaluate(() => window.mazestep.api.algorithmStepUnit('bfs'));
  assert.match(await page.locator('#step-unit').textContent(), new RegExp(`One step = ${solverUnit}`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('braid from the control: a new run, a braiding phase in the status, written to the URL', async () => {
  const { page, errors } = await open('?generator=recursive-backtracker&width=9&height=7&seed=5&solver=none');
  const slider = page.getByRole('slider', { name: 'Braid' });
  assert.equal(await slider.inputValue(), '0');
  assert.equal(new URLSearchParams(await page.evaluate(() => location.search)).has('braid'), false);
  await page.getByRole('button', { name: 'Step' }).click();
  assert.match(await status(page), /step 1\b/);
  await slide(page, 'braid', 100);
  assert.match(await status(page), /ready.*step 0/i, 'changing braid resets the run');
  assert.match(await page.locator('#braid-text').textContent(), /100%/);
  assert.equal(new URLSearchParams(await page.evaluate(() => location.search)).get('braid'), '100');
  assert.equal(await stepUntil(page, 'braiding'), 'braiding');
  assert.match(await status(page), /^Braiding/);
  // Braid 100% leaves no dead end: the statistics panel says 0 once done.
  await page.getByRole('button', { name: 'Play' }).click();
  await waitDone(page);
  assert.match((await mazeStats(page))['Dead ends'], /^0 \(0\.0%\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('braid from the URL, and bad braid values fall back with a message naming braid', async () => {
  const { page, errors } = await open('?generator=prim&width=8&height=6&seed=9&solver=bfs&braid=40');
  assert.equal(await page.getByRole('slider', { name: 'Braid' }).inputValue(), '40');
  assert.equal(await page.locator('#messages').isVisible(), false);
  assert.equal(await stepUntil(page, 'braiding'), 'braiding');
  assert.match(await status(page), /^Braiding/);
  await page.close();

  for (const bad of ['150', 'abc', '0.5', '-3']) {
    const other = await open(`?generator=prim&width=8&height=6&seed=9&braid=${encodeURIComponent(bad)}`);
    const messages = other.page.locator('#messages');
    assert.ok(await messages.isVisible(), bad);
    assert.match(await messages.textContent(), new RegExp(`braid '${bad.replace('.', '\\.')}' is not allowed: use a whole percentage from 0 to 100`));
    assert.equal(await other.page.getByRole('slider', { name: 'Braid' }).inputValue(), '0');
    assert.equal(await stepUntil(other.page, 'braiding'), 'done', 'no braiding at the default 0');
    errors.push(...other.errors);
    await other.page.close();
  }
  assert.deepEqual(errors, []);
});

test('the maze statistics panel matches counts made here from the wasm cells', async () => {
  const [w, h] = [13, 9];
  const { page, errors } = await open(`?generator=kruskal&width=${w}&height=${h}&seed=77&solver=none&braid=30&speed=max&autoplay=1`);
  await waitDone(page);
  const cells = await page.evaluate(() => {
    const { controller, wasm } = window.mazestep;
    const run = controller.run;
    return Array.from(new Uint8Array(wasm.memory.buffer, run.cellsPtr(), run.cellCount));
  });
  assert.equal(cells.length, w * h);
  const ones = (bits) => [1, 2, 4, 8].filter((b) => bits & b).length;
  const deadEnds = cells.filter((c) => ones(c) === 1).length;
  const straights = cells.filter((c) => c === 5 || c === 10).length;
  const turns = cells.filter((c) => ones(c) === 2).length - straights;
  const j3 = cells.filter((c) => ones(c) === 3).length;
  const j4 = cells.filter((c) => ones(c) === 4).length;
  const passages = cells.reduce((sum, c) => sum + ones(c), 0) / 2;
  // Moves from the top-left corner, by a search written here.
  const dist = new Array(w * h).fill(-1);
  dist[0] = 0;
  const queue = [0];
  while (queue.length) {
    const c = queue.shift();
    for (const [bit, next] of [[1, c - w], [2, c + 1], [4, c + w], [8, c - 1]]) {
      if (cells[c] & bit && dist[next] < 0) {
        dist[next] = dist[c] + 1;
        queue.push(next);
      }
    }
  }
  assert.ok(dist.every((d) => d >= 0), 'connected');
  const stats = await mazeStats(page);
  assert.equal(stats['Dead ends'], `${deadEnds} (${(100 * deadEnds / (w * h)).toFixed(1)}%)`);
  assert.ok(deadEnds > 0, 'a 30% braid leaves dead ends');
  assert.equal(stats['Straights / turns'], `${straights} / ${turns}`);
  assert.equal(stats['Junctions 3/4-way'], `${j3} / ${j4}`);
  assert.equal(stats.Loops, String(passages - w * h + 1));
  assert.ok(passages - w * h + 1 > 0, 'braiding made loops');
  assert.equal(stats['Solution length'], String(dist[w * h - 1]));
  assert.match(stats.Diameter, /^\d+( or more)?$/);
  assert.ok(Number(stats.Diameter.match(/\d+/)[0]) >= dist[w * h - 1]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a maze scaled down to fit, the found path is drawn as a line on the overlay', async () => {
  const { page, errors } = await open('?generator=binary-tree&width=1500&height=1500&seed=4&solver=bfs&speed=max&autoplay=1');
  await waitDone(page, 60_000);
  const counted = await page.evaluate(() => {
    const { renderer, controller } = window.mazestep;
    const overlay = document.getElementById('overlay');
    const data = overlay.getContext('2d').getImageData(0, 0, overlay.width, overlay.height).data;
    let coloured = 0;
    // Path (vermillion) or walked (bluish green) pixels, allowing for anti-aliasing.
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 200 && ((r > 180 && g < 120 && b < 60) || (r < 60 && g > 120 && b > 80 && b < 150))) coloured++;
    }
    return { coloured, scaled: renderer.geo.pitch * renderer.overlayScale < 1.5 * devicePixelRatio,
      path: controller.run.pathLen() };
  });
  assert.ok(counted.scaled, 'the maze is scaled down');
  assert.ok(counted.path >= 2999, `binary tree path corner to corner: ${counted.path}`);
  assert.ok(counted.coloured > 500, `the overlay shows the path line: ${counted.coloured} pixels`);
  // Past a million cells the statistics are measured at the start and the end only, and say so.
  assert.match(await page.locator('#maze-stats-note').textContent(), /over a million cells/);
  assert.match((await mazeStats(page))['Solution length'], /^2,998$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('mid-generation the statistics say the maze is not connected yet, and update live', async () => {
  const { page, errors } = await open('?generator=kruskal&width=12&height=8&seed=3&solver=none');
  await page.getByRole('button', { name: 'Step' }).click();
  let stats = await mazeStats(page);
  assert.equal(stats['Solution length'], 'not connected yet');
  assert.equal(stats.Diameter, '—');
  // Kruskal has carved one wall: two cells with one opening each.
  assert.match(stats['Dead ends'], /^2 \(/);
  // Playing slowly: the panel follows the maze while it runs, not only at the end.
  await page.evaluate(() => window.mazestep.controller.update({ speed: 100 }));
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(700);
  const running = await page.evaluate(() => window.mazestep.controller.state);
  stats = await mazeStats(page);
  assert.equal(running, 'running', 'still generating');
  assert.doesNotMatch(stats['Dead ends'], /^2 \(/, `updated while running: ${stats['Dead ends']}`);
  assert.deepEqual(errors, []);
  await page.close();
});
