// End-to-end tests of the page in headless Chromium: one browser for the whole file, a fresh
// tab per test. Run with `node --test tests/e2e/` after building pkg/ (scripts/test does both).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusText as status, waitDone } from './harness.mjs';
import { pageSuite } from './suite.mjs';

// The palette the page promises (Okabe–Ito); written out here as the specification.
const PATH = [0xd5, 0x5e, 0x00];
const WALKED = [0x00, 0x9e, 0x73];

const suite = pageSuite();
const open = suite.open;

/** A fingerprint of the maze canvas: size and a hash of every pixel. */
function canvasHash(page) {
  return page.evaluate(() => {
    const canvas = document.getElementById('maze');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 0x811c9dc5;
    for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 0x01000193);
    return `${canvas.width}x${canvas.height}:${hash >>> 0}`;
  });
}

/**
 * The colour at the centre of every cell. The canvas is a (2W+1) x (2H+1) grid of tiles, wall
 * lines `wall` pixels thick alternating with cells `cell` pixels wide (the renderer's geometry),
 * and cell (x, y) is tile (2x+1, 2y+1).
 */
function cellCentreColours(page, width, height) {
  return page.evaluate(([w, h]) => {
    const canvas = document.getElementById('maze');
    const { wall, cell } = window.mazestep.renderer.geo;
    if (canvas.width !== w * (wall + cell) + wall) throw new Error('canvas size does not match its geometry');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const centre = (k) => k * (wall + cell) + wall + (cell >> 1);
    const colours = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (centre(y) * canvas.width + centre(x)) * 4;
        colours.push([data[i], data[i + 1], data[i + 2]]);
      }
    }
    return colours;
  }, [width, height]);
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

test('the page loads with its controls and no console errors', async () => {
  const { page, errors } = await open();
  for (const name of ['Generator', 'Solver']) {
    assert.ok(await page.getByRole('combobox', { name }).count(), `select ${name}`);
  }
  const generators = await page.evaluate(() => window.mazestep.api.generatorNames());
  assert.ok(generators.length > 0);
  assert.equal(await page.getByRole('combobox', { name: 'Generator' }).locator('option').count(), generators.length);
  assert.equal(await page.getByRole('combobox', { name: 'Solver' }).locator('option', { hasText: 'None' }).count(), 1);
  for (const name of ['Width', 'Height']) assert.equal(await page.getByRole('spinbutton', { name }).count(), 1);
  assert.equal(await page.getByRole('textbox', { name: 'Seed' }).count(), 1);
  for (const name of ['New seed', 'Step', 'Play', 'Reset']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, `button ${name}`);
  }
  assert.equal(await page.getByRole('slider', { name: 'Speed' }).count(), 1);
  assert.equal(await page.getByRole('radio', { name: 'Block' }).count(), 1);
  assert.equal(await page.getByRole('radio', { name: 'Thin walls' }).count(), 1);
  assert.match(await status(page), /ready.*step 0/i);
  // The URL was completed with every setting, including the fresh seed, so it can be shared.
  const search = new URLSearchParams(await page.evaluate(() => location.search));
  assert.match(search.get('seed'), /^\d+$/);
  assert.equal(search.get('seed'), await page.getByRole('textbox', { name: 'Seed' }).inputValue());
  await page.waitForTimeout(200);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Play, Step and the Generator are in view as the page opens, without scrolling', async () => {
  // A laptop, a small laptop whose columns stack (settings beside the canvas), and a tablet.
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1100, height: 700 }, { width: 900, height: 1000 }]) {
    const { page, errors } = await open('?width=20&height=14&seed=3', viewport);
    for (const control of [
      page.getByRole('button', { name: 'Play', exact: true }),
      page.getByRole('button', { name: 'Step', exact: true }),
      page.getByRole('combobox', { name: 'Generator' }),
    ]) {
      const box = await control.boundingBox();
      assert.ok(box, `${await control.textContent()} is laid out`);
      const inView = box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
      assert.ok(inView, `${JSON.stringify(viewport)}: ${await control.evaluate((e) => e.id)} at ${JSON.stringify(box)}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('Step changes the canvas and the step count', async () => {
  const { page, errors } = await open('?width=8&height=6&seed=5');
  const before = await canvasHash(page);
  await page.getByRole('button', { name: 'Step' }).click();
  assert.match(await status(page), /step 1\b/);
  const after = await canvasHash(page);
  assert.notEqual(after, before, 'one step repaints at least one cell');
  await page.getByRole('button', { name: 'Step' }).click();
  assert.match(await status(page), /step 2\b/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Play at the top speed reaches done, and Play turns into Pause meanwhile', async () => {
  const { page, errors } = await open('?width=30&height=20&seed=11&solver=none&speed=1');
  const play = page.getByRole('button', { name: 'Play' });
  await play.click();
  assert.equal(await page.getByRole('button', { name: 'Pause' }).count(), 1, 'running shows Pause');
  await page.getByRole('button', { name: 'Pause' }).click();
  // The slider's End key is its top stop: the whole run in one frame.
  const speed = page.getByRole('slider', { name: 'Speed' });
  await speed.focus();
  await speed.press('End');
  assert.match(await page.locator('#speed-text').textContent(), /whole run/i);
  await page.getByRole('button', { name: 'Play' }).click();
  await waitDone(page);
  assert.match(await status(page), /done/i);
  assert.equal(await page.getByRole('button', { name: 'Play' }).count(), 1, 'back to Play when done');
  assert.equal(new URLSearchParams(await page.evaluate(() => location.search)).get('speed'), 'max');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a solver draws its path and the status gives its length', async () => {
  const [w, h] = [14, 10];
  const { page, errors } = await open(`?width=${w}&height=${h}&seed=42&solver=bfs&style=block`);
  // Step (through the page's own controller, one frame per call) until the player sets off:
  // the solver has then marked the whole path and the player stands on its first cell.
  await page.evaluate(() => {
    const { controller } = window.mazestep;
    while (controller.run.phase() !== 'walking' && controller.state !== 'done') controller.step();
  });
  const text = await status(page);
  const length = Number(text.match(/path length (\d+)/)[1]);
  assert.ok(length >= w + h - 1, `a path from corner to corner has at least ${w + h - 1} cells: ${text}`);
  const colours = await cellCentreColours(page, w, h);
  const onPath = colours.filter((c) => same(c, PATH) || same(c, WALKED)).length;
  assert.equal(onPath, length, 'as many cells drawn in path colours as the status says');
  assert.ok(colours.some((c) => same(c, PATH)), 'path colour appears');
  // Generation alone draws no path.
  const plain = await open(`?width=${w}&height=${h}&seed=42&solver=none&speed=max&autoplay=1`);
  await waitDone(plain.page);
  const plainColours = await cellCentreColours(plain.page, w, h);
  assert.equal(plainColours.filter((c) => same(c, PATH) || same(c, WALKED)).length, 0);
  assert.doesNotMatch(await status(plain.page), /path length/);
  assert.deepEqual([...errors, ...plain.errors], []);
  await page.close();
  await plain.page.close();
});

test('the same seed gives the same picture, another seed another one', async () => {
  const query = (seed) => `?width=25&height=18&solver=bfs&speed=max&autoplay=1&seed=${seed}`;
  const pictures = [];
  for (const seed of ['18446744073709551615', '18446744073709551615', '18446744073709551614']) {
    const { page, errors } = await open(query(seed));
    await waitDone(page);
    // All 20 digits survive: the seed is never squeezed through a JS number.
    assert.equal(await page.getByRole('textbox', { name: 'Seed' }).inputValue(), seed);
    pictures.push(await canvasHash(page));
    assert.deepEqual(errors, []);
    await page.close();
  }
  assert.equal(pictures[0], pictures[1]);
  assert.notEqual(pictures[0], pictures[2]);
});

test('URL parameters select the settings, and changes are written back', async () => {
  const { page, errors } = await open('?generator=binary-tree&solver=none&width=7&height=5&seed=99&speed=300&style=thin');
  assert.equal(await page.getByRole('combobox', { name: 'Generator' }).inputValue(), 'binary-tree');
  assert.equal(await page.getByRole('combobox', { name: 'Solver' }).inputValue(), 'none');
  assert.equal(await page.getByRole('spinbutton', { name: 'Width' }).inputValue(), '7');
  assert.equal(await page.getByRole('spinbutton', { name: 'Height' }).inputValue(), '5');
  assert.equal(await page.getByRole('textbox', { name: 'Seed' }).inputValue(), '99');
  assert.match(await page.locator('#speed-text').textContent(), /^300 steps\/s$/);
  assert.ok(await page.getByRole('radio', { name: 'Thin walls' }).isChecked());
  assert.equal(await page.locator('#messages').isVisible(), false, 'no messages for good parameters');
  assert.equal(await page.evaluate(() => [window.mazestep.controller.run.width, window.mazestep.controller.run.height].join('x')), '7x5');

  // Any change starts a new run and is written back into the URL.
  await page.getByRole('button', { name: 'Step' }).click();
  assert.match(await status(page), /step 1\b/);
  const width = page.getByRole('spinbutton', { name: 'Width' });
  await width.fill('9');
  await width.press('Enter');
  assert.match(await status(page), /ready.*step 0/i);
  let search = new URLSearchParams(await page.evaluate(() => location.search));
  assert.equal(search.get('width'), '9');
  assert.equal(search.get('seed'), '99');
  assert.equal(search.get('style'), 'thin');
  await page.getByRole('radio', { name: 'Block' }).check();
  await page.getByRole('combobox', { name: 'Solver' }).selectOption('bfs');
  search = new URLSearchParams(await page.evaluate(() => location.search));
  assert.equal(search.get('style'), 'block');
  assert.equal(search.get('solver'), 'bfs');
  // A refused value stays in its field with a message; the run keeps its old size.
  await width.fill('5000');
  await width.press('Enter');
  assert.match(await page.locator('#width-problem').textContent(), /width '5000' is not allowed/);
  assert.equal(await width.getAttribute('aria-invalid'), 'true');
  assert.equal(new URLSearchParams(await page.evaluate(() => location.search)).get('width'), '9');
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad URL parameters show a message each and the page keeps working', async () => {
  const { page, errors } = await open('?generator=nope&solver=quantum&width=0&height=abc&seed=-1&speed=fast&style=round&autoplay=maybe&colour=red');
  const messages = page.locator('#messages');
  assert.ok(await messages.isVisible());
  const text = await messages.textContent();
  for (const name of ['generator', 'solver', 'width', 'height', 'seed', 'speed', 'style', 'autoplay', 'colour']) {
    assert.match(text, new RegExp(`\\b${name}\\b`), `a message names ${name}`);
  }
  assert.match(text, /width '0' is not allowed: use a whole number from 1 to 4096/);
  assert.match(text, /'nope'.*binary-tree/);
  // Defaults were used instead.
  const generators = await page.evaluate(() => window.mazestep.api.generatorNames());
  assert.ok(generators.includes(await page.getByRole('combobox', { name: 'Generator' }).inputValue()));
  assert.match(await page.getByRole('textbox', { name: 'Seed' }).inputValue(), /^\d+$/);
  await page.getByRole('button', { name: 'Step' }).click();
  assert.match(await status(page), /step 1\b/);
  // The URL now holds valid values only.
  const search = new URLSearchParams(await page.evaluate(() => location.search));
  assert.ok(generators.includes(search.get('generator')));
  assert.equal(search.get('width'), await page.getByRole('spinbutton', { name: 'Width' }).inputValue());
  await page.getByRole('button', { name: 'Dismiss' }).click();
  assert.equal(await messages.isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard: Space plays and pauses, ArrowRight steps, R resets', async () => {
  const { page, errors } = await open('?width=40&height=30&seed=3&speed=2');
  // Focus on the page, not in a field (nor on the maze, where a click moves the start).
  await page.locator('h1').click();
  await page.keyboard.press('ArrowRight');
  assert.match(await status(page), /step 1\b/);
  await page.keyboard.press('ArrowRight');
  assert.match(await status(page), /step 2\b/);
  await page.keyboard.press('Space');
  assert.equal(await page.getByRole('button', { name: 'Pause' }).count(), 1);
  await page.keyboard.press('Space');
  assert.equal(await page.getByRole('button', { name: 'Play' }).count(), 1);
  assert.match(await status(page), /paused/i);
  await page.keyboard.press('r');
  assert.match(await status(page), /ready.*step 0/i);
  // In a text field the keys type instead.
  const seed = page.getByRole('textbox', { name: 'Seed' });
  await page.keyboard.press('ArrowRight');
  await seed.focus();
  await page.keyboard.press('r');
  await page.keyboard.press('Space');
  assert.match(await status(page), /step 1\b/, 'no reset, no play from inside the seed field');
  assert.equal(await page.getByRole('button', { name: 'Play' }).count(), 1);
  // On a focused button, the arrow still steps; Space presses that button.
  await page.getByRole('button', { name: 'Reset' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.match(await status(page), /step 2\b/);
  await page.keyboard.press('Space');
  assert.match(await status(page), /ready.*step 0/i, 'Space pressed the focused Reset button');
  assert.equal(await page.getByRole('button', { name: 'Play' }).count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the one-pixel fast path paints the same picture as big tiles, in both styles', async () => {
  const [w, h] = [31, 17];
  const { page, errors } = await open(`?width=${w}&height=${h}&seed=8&solver=bfs`);
  const mismatches = await page.evaluate(([w, h]) => {
    const { controller, renderer } = window.mazestep;
    // Stop half-way through the search so visited, frontier and plain cells all show.
    controller.step();
    controller.advance(w * h + (w * h) / 3);
    const stage = document.getElementById('stage');
    const margin = (stage.getBoundingClientRect().width - renderer.geo.bw / devicePixelRatio) / 2;
    // Sizes the stage so the maze gets exactly `pitch` device pixels per cell pitch.
    const picture = (style, pitch) => {
      const cssPerTile = (style === 'block' ? pitch / 2 : pitch) / devicePixelRatio;
      stage.style.flex = 'none';
      const size = (cells) => `${Math.ceil((style === 'block' ? 2 * cells + 1 : cells + 0.1) * cssPerTile + 2 * margin + 1)}px`;
      stage.style.width = size(w);
      stage.style.height = size(h);
      renderer.setStyle(style);
      const { wall, cell, bw, bh } = renderer.geo;
      const data = renderer.snapshot().data;
      // The colour at the centre of tile (tx, ty) of the (2W+1) x (2H+1) tile grid.
      const at = (k) => (k >> 1) * (wall + cell) + (k & 1 ? wall + (cell >> 1) : wall >> 1);
      return { wall, cell, bw, bh, tile: (tx, ty) => { const i = (at(ty) * bw + at(tx)) * 4; return data.slice(i, i + 3).join(','); } };
    };
    const found = [];
    // Block at pitch 7 has cells one pixel wider than walls; thin at 9 has thin walls.
    for (const [style, pitch] of [['block', 6], ['block', 7], ['thin', 9]]) {
      const small = picture(style, 2);
      const big = picture(style, pitch);
      if (small.wall !== 1 || small.cell !== 1 || big.wall + big.cell !== pitch) {
        found.push(`${style}: sizes not as planned ${JSON.stringify([small, big])}`);
      }
      for (let ty = 0; ty < 2 * h + 1; ty++) {
        for (let tx = 0; tx < 2 * w + 1; tx++) {
          if (small.tile(tx, ty) !== big.tile(tx, ty)) found.push(`${style} ${pitch} tile ${tx},${ty}: ${small.tile(tx, ty)} vs ${big.tile(tx, ty)}`);
        }
      }
    }
    return found;
  }, [w, h]);
  assert.deepEqual(mismatches.slice(0, 5), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('drawing only the dirty cells gives the same picture as redrawing everything', async () => {
  const { page, errors } = await open('?width=13&height=9&seed=21&solver=bfs');
  const mismatches = await page.evaluate(async () => {
    const { controller, renderer, api } = window.mazestep;
    const hash = () => {
      const data = renderer.snapshot().data;
      let h = 0x811c9dc5;
      for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i], 0x01000193);
      return h >>> 0;
    };
    const found = [];
    for (const generator of api.generatorNames()) {
      for (const style of ['block', 'thin']) {
        controller.update({ generator, style });
        controller.reset();
        for (let batch = 0; controller.state !== 'done'; batch++) {
          controller.state = 'paused';
          controller.advance(1 + (batch % 7)); // batches of 1 to 7 steps, each drawn dirty
          if (batch % 5 === 0 || controller.state === 'done') {
            const incremental = hash();
            renderer.drawAll();
            if (hash() !== incremental) found.push(`${generator} ${style} after ${controller.run.steps()} steps (${controller.run.phase()})`);
          }
        }
      }
    }
    return found;
  });
  assert.deepEqual(mismatches, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('text from the URL is never inserted as markup', async () => {
  const attack = '<img src=x onerror="window.__pwned=1">';
  const query = '?' + new URLSearchParams({
    generator: attack, solver: '<script>window.__pwned=2</script>', width: '<b>7</b>', seed: attack,
    [attack]: '1',
  }).toString();
  const { page, errors } = await open(query);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('#messages img, #messages script, #messages b').count(), 0);
  assert.equal(await page.locator('body img').count(), 0);
  const text = await page.locator('#messages').textContent();
  assert.ok(text.includes('<img src=x'), 'the text is shown literally');
  assert.deepEqual(errors, []);
  await page.close();
});

// ---- Start and goal ----

/** Where cell (x, y)'s centre is, in CSS pixels from the maze canvas's top-left corner: from
 * the renderer's geometry (tiles of `wall` + `cell` backing pixels) and the canvas's box. */
function cellPosition(page, x, y) {
  return page.evaluate(([x, y]) => {
    const canvas = document.getElementById('maze');
    const { wall, cell, bw, bh } = window.mazestep.renderer.geo;
    const rect = canvas.getBoundingClientRect();
    return {
      x: ((x * (wall + cell) + wall + cell / 2) * rect.width) / bw,
      y: ((y * (wall + cell) + wall + cell / 2) * rect.height) / bh,
    };
  }, [x, y]);
}

/** The finished run's start, goal and found path (start first), through the test hook. */
function finishedRoute(page) {
  return page.evaluate(() => {
    const { controller, wasm } = window.mazestep;
    controller.finish();
    const run = controller.run;
    const path = Array.from(new Uint32Array(wasm.memory.buffer, run.pathPtr(), run.pathLen()));
    return { start: run.start(), goal: run.goal(), path, outcome: run.outcome() };
  });
}

/** Resolves after two animation frames (the renderer relayouts one frame after a resize). */
const settle = (page) => page.evaluate(() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(done))));

const ends = (page) => page.locator('#ends').textContent();
const searchOf = async (page) => new URLSearchParams(await page.evaluate(() => location.search));

test('clicking a cell moves the start, shift-click the goal; same maze, new run, path between them', async () => {
  const [w, h] = [10, 8];
  const { page, errors } = await open(`?width=${w}&height=${h}&seed=5&solver=bfs&style=block`);
  assert.equal(await ends(page), `Start 0,0 · Goal ${w - 1},${h - 1}`);
  assert.equal(await page.getByRole('button', { name: 'Corners' }).isDisabled(), true);
  const maze = page.locator('#maze');
  const cellsBefore = await page.evaluate(() => {
    const { controller } = window.mazestep;
    controller.finish();
    return Array.from(new Uint8Array(window.mazestep.wasm.memory.buffer, controller.run.cellsPtr(), controller.run.cellCount));
  });

  await maze.click({ position: await cellPosition(page, 3, 2) });
  assert.equal(await ends(page), `Start 3,2 · Goal ${w - 1},${h - 1}`);
  assert.match(await status(page), /ready.*step 0/i, 'moving the start starts the run again');
  let search = await searchOf(page);
  assert.equal(search.get('start'), '3,2');
  assert.equal(search.get('goal'), null, 'the goal is still its corner');
  assert.equal(search.get('seed'), '5');

  await maze.click({ position: await cellPosition(page, 1, 6), modifiers: ['Shift'] });
  assert.equal(await ends(page), 'Start 3,2 · Goal 1,6');
  search = await searchOf(page);
  assert.equal(search.get('goal'), '1,6');
  assert.equal(search.get('start'), '3,2');

  const route = await finishedRoute(page);
  assert.equal(route.outcome, 'found');
  assert.equal(route.start, 2 * w + 3);
  assert.equal(route.goal, 6 * w + 1);
  assert.equal(route.path[0], 2 * w + 3, 'the path begins at the new start');
  assert.equal(route.path.at(-1), 6 * w + 1, 'and ends at the new goal');
  // The same maze: only where the solver starts changed, not the seed's passages.
  const cellsAfter = await page.evaluate(() => {
    const { controller, wasm } = window.mazestep;
    return Array.from(new Uint8Array(wasm.memory.buffer, controller.run.cellsPtr(), controller.run.cellCount));
  });
  assert.deepEqual(cellsAfter, cellsBefore);
  // Every step of the path is to a neighbour through an open passage (independent of the solver).
  for (let i = 1; i < route.path.length; i++) {
    const [a, b] = [route.path[i - 1], route.path[i]];
    const bit = b === a - w ? 1 : b === a + 1 ? 2 : b === a + w ? 4 : b === a - 1 ? 8 : 0;
    assert.ok(bit && cellsAfter[a] & bit, `step ${i} from ${a} to ${b} goes through a passage`);
  }

  // Corners puts both back and the address loses them.
  await page.getByRole('button', { name: 'Corners' }).click();
  assert.equal(await ends(page), `Start 0,0 · Goal ${w - 1},${h - 1}`);
  search = await searchOf(page);
  assert.equal(search.get('start'), null);
  assert.equal(search.get('goal'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('clicks map to cells in thin style at devicePixelRatio 2 and on a scaled-down canvas', async () => {
  // A pixel ratio of 2 as the page sees it (the renderer reads window.devicePixelRatio):
  // twice as many backing pixels as CSS pixels, as on a high-density screen.
  const page = await suite.browser.context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await page.addInitScript(() => Object.defineProperty(window, 'devicePixelRatio', { get: () => 2 }));
  await page.goto(suite.server.url + '?width=13&height=9&seed=2&solver=bfs&style=thin');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const ratio = await page.evaluate(() => {
    const c = document.getElementById('maze');
    return c.width / c.getBoundingClientRect().width;
  });
  assert.ok(Math.abs(ratio - 2) < 0.01, `two backing pixels per CSS pixel: ${ratio}`);
  const maze = page.locator('#maze');
  for (const [x, y] of [[12, 0], [0, 8], [6, 4], [1, 1]]) {
    await maze.click({ position: await cellPosition(page, x, y) });
    assert.equal(await ends(page), `Start ${x},${y} · Goal 12,8`, `click on ${x},${y} (thin, dpr 2)`);
  }
  // A point on a wall line belongs to the nearer cell; outside the canvas is no cell at all.
  const onWalls = await page.evaluate(() => {
    const { renderer } = window.mazestep;
    const rect = document.getElementById('maze').getBoundingClientRect();
    const { wall, pitch, bw } = renderer.geo;
    const css = rect.width / bw;
    return {
      // The wall line between cells 2 and 3 spans backing pixels 3 * pitch to 3 * pitch + wall.
      leftOfCell3: renderer.cellAt(rect.left + (3 * pitch + wall * 0.75) * css, rect.top + (pitch + wall + 1) * css),
      rightOfCell2: renderer.cellAt(rect.left + (3 * pitch + wall * 0.25) * css, rect.top + (pitch + wall + 1) * css),
      outside: renderer.cellAt(rect.left - 5, rect.top - 5),
    };
  });
  assert.deepEqual(onWalls.leftOfCell3, [3, 1]);
  assert.deepEqual(onWalls.rightOfCell2, [2, 1]);
  assert.equal(onWalls.outside, null);

  // Block style on a maze too big for the screen: the browser scales the canvas down.
  await page.goto(suite.server.url + '?width=700&height=500&seed=2&solver=bfs&style=block');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const scale = await page.evaluate(() => {
    const c = document.getElementById('maze');
    return c.getBoundingClientRect().width / c.width;
  });
  assert.ok(scale < 1, `the canvas is scaled down (${scale})`);
  // Cell centres in exact (fractional) coordinates map back to their own cells…
  const mapped = await page.evaluate(() => {
    const { renderer } = window.mazestep;
    const rect = document.getElementById('maze').getBoundingClientRect();
    const { wall, cell, pitch, bw, bh } = renderer.geo;
    const wrong = [];
    for (const [x, y] of [[0, 0], [699, 499], [350, 250], [17, 401]]) {
      const got = renderer.cellAt(rect.left + ((x * pitch + wall + cell / 2) * rect.width) / bw,
        rect.top + ((y * pitch + wall + cell / 2) * rect.height) / bh);
      if (!got || got[0] !== x || got[1] !== y) wrong.push([x, y, got]);
    }
    return wrong;
  });
  assert.deepEqual(mapped, []);
  // …and a real click lands on that cell or, at under a CSS pixel per cell, a neighbour.
  await page.locator('#maze').click({ position: await cellPosition(page, 350, 250) });
  const [sx, sy] = (await ends(page)).match(/Start (\d+),(\d+)/).slice(1).map(Number);
  assert.ok(Math.abs(sx - 350) <= 1 && Math.abs(sy - 250) <= 1, `clicked near 350,250, got ${sx},${sy}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard on the maze: arrows move a cursor, S and G place start and goal; page keys still work', async () => {
  const { page, errors } = await open('?width=8&height=6&seed=11&solver=bfs&speed=2');
  await page.locator('#maze').focus();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'maze');
  // Says how to use it: the description (its label says size and phase).
  assert.match(await page.locator('#maze').getAttribute('aria-describedby'), /\bmaze-help\b/);
  assert.match(await page.locator('#maze-help').textContent(), /arrow keys move a cell cursor, S puts the start and G the goal/);
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 's']) await page.keyboard.press(key);
  assert.equal(await ends(page), 'Start 2,1 · Goal 7,5');
  assert.match(await status(page), /ready.*step 0/i, 'arrows on the maze move the cursor, they do not step');
  assert.equal(await page.evaluate(() => window.mazestep.renderer.cursor), 1 * 8 + 2, 'the cursor is drawn');
  // The cursor stops at the edge.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('G');
  assert.equal(await ends(page), 'Start 2,1 · Goal 7,0');
  assert.equal((await searchOf(page)).get('goal'), '7,0');
  const route = await finishedRoute(page);
  assert.equal(route.path[0], 1 * 8 + 2);
  assert.equal(route.path.at(-1), 7);
  // Space and R still act on the focused maze; elsewhere → steps again.
  await page.keyboard.press('r');
  assert.match(await status(page), /ready.*step 0/i);
  await page.locator('h1').click();
  assert.equal(await page.evaluate(() => window.mazestep.renderer.cursor), -1, 'no cursor without focus');
  await page.keyboard.press('ArrowRight');
  assert.match(await status(page), /step 1\b/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('URL start and goal select them; bad ones show a message each and fall back to the corners', async () => {
  const good = await open('?width=10&height=10&seed=4&solver=bfs&start=2,3&goal=7,1');
  assert.equal(await good.page.locator('#messages').isVisible(), false);
  assert.equal(await ends(good.page), 'Start 2,3 · Goal 7,1');
  const route = await finishedRoute(good.page);
  assert.deepEqual([route.start, route.goal, route.path[0], route.path.at(-1)], [32, 17, 32, 17]);
  assert.deepEqual(good.errors, []);
  await good.page.close();

  const { page, errors } = await open('?width=10&height=10&seed=4&solver=bfs&start=99,99&goal=a,b');
  const text = await page.locator('#messages').textContent();
  assert.match(text, /start '99,99' is not allowed: use X,Y inside the 10 × 10 maze, X from 0 to 9 and Y from 0 to 9\. Using the top-left corner 0,0\./);
  assert.match(text, /goal 'a,b' is not allowed: use X,Y with whole numbers, e\.g\. 0,0\. Using the bottom-right corner 9,9\./);
  assert.equal(await ends(page), 'Start 0,0 · Goal 9,9');
  let search = await searchOf(page);
  assert.equal(search.get('start'), null, 'the bad values are gone from the address');
  assert.equal(search.get('goal'), null);
  await page.getByRole('button', { name: 'Step' }).click();
  assert.match(await status(page), /step 1\b/);

  // A new size that leaves the start outside puts it back in its corner, and says so.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await settle(page); // the stage grew: let the renderer lay the maze out again
  await page.locator('#maze').click({ position: await cellPosition(page, 8, 2) });
  assert.equal(await ends(page), 'Start 8,2 · Goal 9,9');
  const width = page.getByRole('spinbutton', { name: 'Width' });
  await width.fill('5');
  await width.press('Enter');
  assert.equal(await ends(page), 'Start 0,0 · Goal 4,9');
  assert.match(await page.locator('#messages').textContent(), /Start 8,2 is outside the new 5 × 10 maze: using the top-left corner 0,0\./);
  search = await searchOf(page);
  assert.equal(search.get('width'), '5');
  assert.equal(search.get('start'), null);
  assert.deepEqual(errors, []);
  await page.close();
});
