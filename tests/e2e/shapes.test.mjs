// Grid shapes on the page: every shape drawn with its walls where the core's passages say,
// clicked and tapped cells picked right, masks painted, typed, loaded and linked, the distance
// map, the worksheet, and old links opening exactly as before.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, waitDone, waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

const SHAPES = {
  hex: '?shape=hex&width=9&height=7',
  triangle: '?shape=triangle&width=11&height=6',
  polar: '?shape=polar&width=1&height=6',
  masked: '?width=12&height=10&mask=heart',
};

/** Runs the page to the end at full speed. */
async function finish(page) {
  await page.evaluate(() => {
    window.mazestep.controller.update({ speed: Infinity });
    window.mazestep.controller.play();
  });
  await waitDone(page);
}

/** The messages shown above the maze. */
const messages = (page) => page.evaluate(() =>
  [...document.querySelectorAll('#messages li')].map((li) => li.textContent));

/** Where a cell's centre is in the viewport, by the renderer's own geometry. */
const centreOf = (page, cell) => page.evaluate((c) => {
  const r = window.mazestep.renderer;
  const [x, y] = r.geometry.centre(c);
  const rect = r.canvas.getBoundingClientRect();
  return [rect.left + ((r.geo.ox + x * r.geo.k) / r.geo.bw) * rect.width,
    rect.top + ((r.geo.oy + y * r.geo.k) / r.geo.bh) * rect.height];
}, cell);

for (const [name, query] of Object.entries(SHAPES)) {
  test(`${name}: walls stand exactly where the core's passages are closed`, async () => {
    const { page, errors } = await suite.open(`${query}&generator=recursive-backtracker&solver=bfs&seed=5`);
    await finish(page);
    // For every side of every cell that is on: a point just inside the side, and one just
    // across it. An open side must lead (by the page's geometry) to a cell whose own passage
    // leads back through the same piece of wall, and must be drawn without a wall; a closed
    // side must be drawn as a wall.
    const report = await page.evaluate(() => {
      const r = window.mazestep.renderer;
      const g = r.geometry, run = r.run;
      const cells = new Uint8Array(window.mazestep.wasm.memory.buffer, run.cellsPtr(), run.cellCount);
      const ctx = r.canvas.getContext('2d');
      const image = ctx.getImageData(0, 0, r.canvas.width, r.canvas.height).data;
      const dark = (x, y) => {
        // The pixel that holds the point.
        const i = (Math.floor(r.geo.oy + y * r.geo.k) * r.canvas.width + Math.floor(r.geo.ox + x * r.geo.k)) * 4;
        return image[i] + image[i + 1] + image[i + 2] < 200;
      };
      const problems = [];
      let open = 0, closed = 0;
      for (let c = 0; c < run.cellCount; c++) {
        if (!r.on[c]) continue;
        const [cx, cy] = g.centre(c);
        for (let s = 0; s < g.sides(c); s++) {
          if (g.shape === 'polar' && s === 3 && !g.splits(g.place(c)[1])) continue;
          const [mx, my] = g.sideMiddle(c, s);
          const across = g.cellAt(mx + (mx - cx) * 0.2, my + (my - cy) * 0.2);
          if (cells[c] & (1 << s)) {
            open++;
            if (across < 0 || !r.on[across]) {
              problems.push(`cell ${c} side ${s} is open onto nothing`);
              continue;
            }
            const [ax, ay] = g.centre(across);
            let back = false;
            for (let t = 0; t < g.sides(across); t++) {
              const [bx, by] = g.sideMiddle(across, t);
              if (Math.hypot(bx - mx, by - my) < 0.3 && cells[across] & (1 << t)) back = true;
            }
            if (!back) problems.push(`cell ${c} side ${s} opens into ${across}, which has no passage back (${ax},${ay})`);
            if (dark(mx, my)) problems.push(`cell ${c} side ${s} is open but drawn as a wall`);
          } else {
            closed++;
            if (!dark(mx, my)) problems.push(`cell ${c} side ${s} is closed but no wall is drawn`);
          }
        }
      }
      return { problems: problems.slice(0, 8), open, closed, shape: run.shape() };
    });
    assert.ok(report.open > 10 && report.closed > 10, JSON.stringify(report));
    assert.deepEqual(report.problems, []);
    assert.deepEqual(errors, []);
  });

  test(`${name}: a click puts the start on the cell under the pointer`, async () => {
    const { page, errors } = await suite.open(`${query}&generator=kruskal&solver=bfs&seed=3`);
    const cells = await page.evaluate(() => {
      const r = window.mazestep.renderer;
      const on = [...r.on.keys()].filter((c) => r.on[c]);
      return [on[Math.floor(on.length / 3)], on[Math.floor((2 * on.length) / 3)], on[on.length - 2]];
    });
    for (const cell of cells) {
      const [x, y] = await centreOf(page, cell);
      await page.mouse.click(x, y);
      await page.waitForFunction((c) => window.mazestep.controller.run.start() === c, cell, { timeout: 5000 });
      const place = await page.evaluate((c) => window.mazestep.renderer.geometry.place(c).join(','), cell);
      const [first] = await page.evaluate(() => [window.mazestep.controller.run.start()]);
      assert.equal(first, cell);
      // The address names the cell the same way (start=X,Y; polar: place,ring), unless it is the corner.
      const start = new URL(page.url()).searchParams.get('start');
      if (start !== null) assert.equal(start, place);
    }
    assert.deepEqual(errors, []);
  });
}

test('weave: corridors, crossings and tunnels are drawn where the core says', async () => {
  const { page, errors } = await suite.open('?shape=weave&width=14&height=10&generator=kruskal&solver=bfs&seed=3');
  await finish(page);
  const report = await page.evaluate(() => {
    const r = window.mazestep.renderer;
    const run = r.run, w = run.width, h = run.height;
    const cells = new Uint8Array(window.mazestep.wasm.memory.buffer, run.cellsPtr(), run.cellCount);
    const image = r.ctx.getImageData(0, 0, r.canvas.width, r.canvas.height).data;
    const at = (x, y) => {
      const i = (Math.floor(r.geo.oy + y * r.geo.k) * r.canvas.width + Math.floor(r.geo.ox + x * r.geo.k)) * 4;
      return [image[i], image[i + 1], image[i + 2]];
    };
    const same = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 2);
    const dark = (rgb) => rgb[0] + rgb[1] + rgb[2] < 200;
    const step = [[0, -1], [1, 0], [0, 1], [-1, 0]];
    const problems = [];
    let tunnels = 0, crossings = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const c = y * w + x;
        const centre = at(x + 0.5, y + 0.5);
        for (let d = 0; d < 4; d++) {
          const [dx, dy] = step[d];
          const opens = (cells[c] & ((1 << d) | (1 << (4 + d)))) !== 0;
          if (cells[c] & (1 << (4 + d))) tunnels++;
          // The middle of the margin strip toward side d, and the inset square's edge.
          const strip = at(x + 0.5 + dx * 0.45, y + 0.5 + dy * 0.45);
          const edge = at(x + 0.5 + dx * 0.3, y + 0.5 + dy * 0.3);
          const nx = x + dx, ny = y + dy;
          const n = nx >= 0 && ny >= 0 && nx < w && ny < h ? ny * w + nx : -1;
          const under = n >= 0 && (cells[n] & (1 << (4 + ((d + 2) % 4)))) !== 0;
          if (under) crossings++;
          if (opens && !same(strip, centre)) problems.push(`(${x},${y}) opens side ${d}, its corridor is not drawn`);
          if (opens && dark(edge)) problems.push(`(${x},${y}) opens side ${d} but a wall is drawn`);
          if (!opens && !dark(edge)) problems.push(`(${x},${y}) side ${d} is closed but no wall is drawn`);
          // A tunnel under the cell shows in its margin in the colour of the tunnel's end.
          if (!opens && under && !same(strip, at(nx + 0.5, ny + 0.5))) {
            problems.push(`(${x},${y}) side ${d}: the tunnel under it is not drawn`);
          }
          if (!opens && !under && !same(strip, [226, 229, 234])) problems.push(`(${x},${y}) side ${d}: a closed margin is not background`);
        }
      }
    }
    return { problems: problems.slice(0, 8), tunnels, crossings };
  });
  assert.ok(report.tunnels > 0, 'a 14 x 10 weave has tunnels');
  // Both ends of a tunnel hold its bit, and it shows on both sides of the cell it passes under.
  assert.equal(report.crossings, report.tunnels);
  assert.deepEqual(report.problems, []);
  assert.deepEqual(errors, []);
});

for (const query of ['?shape=hex&width=12&height=9', '?shape=polar&height=7', '?shape=weave&width=12&height=9', '?shape=triangle&width=14&height=8&mask=diamond']) {
  test(`${query}: repainting only the dirty cells step by step gives the same picture as a full redraw`, async () => {
    const { page, errors } = await suite.open(`${query}&generator=kruskal&solver=a-star&seed=6`);
    const same = await page.evaluate(async () => {
      const { controller, renderer } = window.mazestep;
      const hash = () => {
        const data = renderer.ctx.getImageData(0, 0, renderer.canvas.width, renderer.canvas.height).data;
        let h = 0;
        for (let i = 0; i < data.length; i += 4) h = (Math.imul(h, 31) + data[i] + data[i + 1] * 7 + data[i + 2] * 13) | 0;
        return h;
      };
      const results = [];
      for (const steps of [1, 5, 40, 400]) {
        for (let i = 0; i < steps; i++) controller.step();
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const dirty = hash();
        renderer.drawAll();
        results.push([steps, dirty === hash()]);
      }
      return results;
    });
    assert.deepEqual(same.map(([, ok]) => ok), [true, true, true, true], JSON.stringify(same));
    assert.deepEqual(errors, []);
  });
}

test('keyboard on a polar maze: left and right go round a ring, up and down in and out', async () => {
  const { page, errors } = await suite.open('?shape=polar&height=4&generator=kruskal&solver=bfs&seed=2');
  await page.locator('#maze').focus();
  // From the centre out one ring: ring 1 has 6 cells, the cursor keeps its angle.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('g');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('goal') === '3,1');
  // Left twice round ring 1 (place 1 of 6), then out to ring 2 (12 cells) at the same angle:
  // place 3.
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowDown', 's']) await page.keyboard.press(key);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('start') === '3,2');
  assert.equal(await page.evaluate(() => window.mazestep.renderer.cursor),
    await page.evaluate(() => window.mazestep.renderer.geometry.index(3, 2)));
  // Left past place 0 wraps round to the ring's last cell.
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 's']) await page.keyboard.press(key);
  await page.waitForFunction(() => new URL(location.href).searchParams.get('start') === '11,2');
  assert.deepEqual(errors, []);
});

test('a generator the shape cannot take is refused with a message, and the maze stays', async () => {
  const { page } = await suite.open('?generator=binary-tree&solver=bfs&width=8&height=6&seed=2');
  await page.selectOption('#shape', 'hex');
  await page.waitForFunction(() => !document.getElementById('messages').hidden);
  const text = (await messages(page)).join(' ');
  assert.match(text, /binary-tree|Binary Tree/i);
  assert.match(text, /shape/i);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.shape()), 'square');
  assert.equal(await page.inputValue('#shape'), 'square');
  assert.equal(new URL(page.url()).searchParams.get('shape'), null);
  // With a generator that works on hexagons, the grid changes, and the list greys out those
  // that do not (their names in the Shape card's note).
  await page.selectOption('#generator', 'kruskal');
  await page.selectOption('#shape', 'hex');
  await page.waitForFunction(() => window.mazestep.controller.run.shape() === 'hex');
  const disabled = await page.evaluate(() => [...document.querySelectorAll('#generator option:disabled')].map((o) => o.value));
  assert.deepEqual(disabled.sort(), ['binary-tree', 'cellular-automaton', 'eller', 'recursive-division', 'rooms', 'sidewinder', 'unicursal']);
  assert.match(await page.textContent('#shape-note'), /need rows and columns/);
  await page.selectOption('#shape', 'weave');
  await page.waitForFunction(() => window.mazestep.controller.run.shape() === 'weave');
  const weaving = await page.evaluate(() => [...document.querySelectorAll('#generator option:not(:disabled)')].map((o) => o.value));
  assert.deepEqual(weaving.sort(), ['kruskal', 'recursive-backtracker']);
});

test('bad shape and mask parameters fall back with a message each', async () => {
  const long = `cells:${'1.'.repeat(1200)}1`;
  const { page, errors } = await suite.open(`?shape=octagon&width=10&height=8&mask=${long}&seed=1`);
  const text = (await messages(page)).join('\n');
  assert.match(text, /shape 'octagon' is not allowed: use one of square, hex, triangle, polar/);
  assert.match(text, /mask is \d+ characters long, more than the 2000 a link carries/);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.shape()), 'square');
  const { page: page2 } = await suite.open('?shape=hex&width=4&height=3&mask=cells:5.<b>x</b>&seed=1');
  const text2 = (await messages(page2)).join('\n');
  assert.match(text2, /mask 'cells:5\.<b>x<\/b>' is not allowed: the cells must be run lengths/);
  // Shown as text, never as markup.
  assert.equal(await page2.evaluate(() => document.querySelector('#messages b')), null);
  const { page: rings } = await suite.open('?shape=polar&height=4096&seed=1');
  assert.match((await messages(rings)).join('\n'), /height 4096 is not allowed on a polar grid: a polar grid of 4096 rings has 52590043 cells, more than the 16777216 allowed: use at most 2343 rings\. Using 16\./);
  assert.equal(await rings.evaluate(() => window.mazestep.controller.run.shape()), 'polar');
  const { page: page3 } = await suite.open('?shape=polar&height=5&mask=word:1:A&seed=1');
  assert.match((await messages(page3)).join('\n'), /words are for square, hex and triangle grids/);
  assert.deepEqual(errors, []);
});

test('masks: an outline, a word and painted cells go into the link and come back from it', async () => {
  const { page, errors } = await suite.open('?shape=hex&width=16&height=12&generator=prim&seed=4');
  await page.selectOption('#mask', 'star');
  await page.waitForFunction(() => window.mazestep.controller.run.offCells().length > 0);
  assert.equal(new URL(page.url()).searchParams.get('mask'), 'star');

  await page.selectOption('#mask', 'word');
  await page.fill('#mask-word', 'Hi');
  await page.click('#mask-word-apply');
  await page.waitForFunction(() => window.mazestep.controller.settings.mask === 'word:1:HI');
  const [w, h] = await page.evaluate(() => [window.mazestep.controller.run.width, window.mazestep.controller.run.height]);
  // Two letters 5 dots wide and 7 tall, a dot between them and a cell of margin all round.
  assert.equal(`${w}x${h}`, '13x9');

  // Painting: drag across the middle row of a plain maze; the cells along the way switch off.
  await page.selectOption('#mask', '');
  await page.waitForFunction(() => window.mazestep.controller.settings.mask === '');
  await page.click('#paint');
  // The word left the maze 13 cells wide.
  const from = await centreOf(page, 13 * 6 + 2), to = await centreOf(page, 13 * 6 + 10);
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move(...to, { steps: 2 }); // a fast drag: few move events
  await page.mouse.up();
  await page.waitForFunction(() => window.mazestep.controller.run.offCells().length > 0);
  const off = await page.evaluate(() => Array.from(window.mazestep.controller.run.offCells()));
  // Every column the pointer crossed has a cell switched off (odd columns sit half a cell
  // lower, so the line runs along rows 5 and 6): no gaps, though the drag was fast.
  for (let x = 2; x <= 10; x++) {
    assert.ok(off.includes(13 * 6 + x) || off.includes(13 * 5 + x), `column ${x} was painted: ${off}`);
  }
  assert.ok(off.includes(13 * 6 + 2) && off.includes(13 * 6 + 10));
  const link = new URL(page.url());
  assert.match(link.searchParams.get('mask'), /^cells:/);

  // The link reopens the same grid.
  const { page: again } = await suite.open(link.search);
  assert.deepEqual(await again.evaluate(() => Array.from(window.mazestep.controller.run.offCells())), off);
  assert.deepEqual(errors, []);
});

test('a mask loads from a text file and saves back as the same text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mazestep-mask-'));
  try {
    const file = join(dir, 'ring.txt');
    const text = '......\n.XXXX.\n.X....\n......\n';
    writeFileSync(file, text);
    const { page, errors } = await suite.open('?shape=hex&width=10&height=10&seed=9');
    await page.setInputFiles('#mask-file', file);
    await page.waitForFunction(() => window.mazestep.controller.run.width === 6);
    assert.equal(await page.evaluate(() => window.mazestep.controller.run.offCells().length), 5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#mask-save')]);
    assert.equal(download.suggestedFilename(), 'mazestep-mask-hex-6x4.txt');
    assert.equal(readFileSync(await download.path(), 'utf8'), text);
    // A file that is not a mask is refused and says why.
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, '...\n.?.\n');
    await page.setInputFiles('#mask-file', bad);
    await page.waitForFunction(() => !document.getElementById('mask-problem').hidden);
    assert.match(await page.textContent('#mask-problem'), /bad\.txt, line 2: use \. for a cell and X for none/);
    assert.deepEqual(errors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a picture loads as a mask: dark and transparent parts switch cells off', async () => {
  const { page, errors } = await suite.open('?shape=hex&width=20&height=16&generator=prim&seed=5');
  // A white picture with a black disc in the middle, made by the browser as a PNG.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 160;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 200, 160);
    ctx.fillStyle = '#000';
    ctx.beginPath();
    ctx.arc(100, 80, 40, 0, Math.PI * 2);
    ctx.fill();
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  await page.setInputFiles('#mask-file', { name: 'disc.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await page.waitForFunction(() => window.mazestep.controller.run.offCells().length > 0);
  const { off, middle, corner } = await page.evaluate(() => {
    const { renderer, controller } = window.mazestep;
    const g = renderer.geometry;
    return {
      off: controller.run.offCells().length,
      middle: renderer.on[g.index(10, 8)],
      // The picture is fitted over the grid, proportions kept: its white left edge.
      corner: renderer.on[g.index(1, 8)],
    };
  });
  assert.equal(middle, 0, 'the dark disc switched the middle off');
  assert.equal(corner, 1, 'the white edge stays on');
  assert.ok(off > 20 && off < 150, `${off} cells off`);
  assert.match(new URL(page.url()).searchParams.get('mask'), /^cells:/);
  // Not a picture and not text: a clear message, nothing changes.
  await page.setInputFiles('#mask-file', { name: 'noise.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 1, 2, 3, 250]) });
  await page.waitForFunction(() => !document.getElementById('mask-problem').hidden);
  assert.match(await page.textContent('#mask-problem'), /noise\.bin is not a picture this browser can read/);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.offCells().length), off);
  assert.deepEqual(errors, []);
});

test('painting a wall across the maze switches the smaller side off too, and says so', async () => {
  const { page, errors } = await suite.open('?width=10&height=6&generator=kruskal&seed=5');
  await page.click('#paint');
  // A square masked grid: the pixel map renderer takes over once a mask exists, so the first
  // stroke is painted on the plain grid.
  const centre = (x, y) => page.evaluate(([cx, cy]) => {
    const r = window.mazestep.renderer;
    const rect = r.canvas.getBoundingClientRect();
    if (r.geometry) {
      const [wx, wy] = r.geometry.centre(r.geometry.index(cx, cy));
      return [rect.left + ((r.geo.ox + wx * r.geo.k) / r.geo.bw) * rect.width, rect.top + ((r.geo.oy + wy * r.geo.k) / r.geo.bh) * rect.height];
    }
    const { pitch, wall, cell, bw, bh } = r.geo;
    return [rect.left + ((cx * pitch + wall + cell / 2) / bw) * rect.width, rect.top + ((cy * pitch + wall + cell / 2) / bh) * rect.height];
  }, [x, y]);
  await page.mouse.move(...await centre(2, 0));
  await page.mouse.down();
  await page.mouse.move(...await centre(2, 5), { steps: 3 });
  await page.mouse.up();
  await page.waitForFunction(() => window.mazestep.controller.run.offCells().length > 0);
  const off = await page.evaluate(() => Array.from(window.mazestep.controller.run.offCells()));
  // Column 2 painted, columns 0 and 1 (12 cells) cut off and switched off with it.
  assert.equal(off.length, 18, `${off}`);
  for (let y = 0; y < 6; y++) for (let x = 0; x <= 2; x++) assert.ok(off.includes(y * 10 + x));
  assert.match((await messages(page)).join(' '), /12 cells were cut off from the rest and switched off too/);
  assert.deepEqual(errors, []);
});

test('the distance map shades cells from the start or a clicked cell and marks the longest path', async () => {
  const { page, errors } = await suite.open('?shape=polar&height=6&generator=recursive-backtracker&solver=none&seed=8');
  await finish(page);
  await page.check('input[name="colours"][value="start"]');
  await page.waitForFunction(() => window.mazestep.renderer.longest?.length > 1);
  assert.equal(new URL(page.url()).searchParams.get('distances'), 'start');
  assert.match(await page.textContent('#legend'), /longest path: \d+ moves/);
  const { longest, max, nearColour, farColour } = await page.evaluate(() => {
    const r = window.mazestep.renderer;
    const d = new Uint32Array(window.mazestep.wasm.memory.buffer, r.run.distancesPtr(), r.run.cellCount);
    const pixelAt = (c) => {
      const [x, y] = r.geometry.centre(c);
      const px = r.ctx.getImageData(Math.round(r.geo.ox + x * r.geo.k), Math.round(r.geo.oy + y * r.geo.k), 1, 1).data;
      return [px[0], px[1], px[2]];
    };
    const far = [...d.keys()].reduce((a, b) => (d[b] > d[a] ? b : a), 0);
    return { longest: r.longest.length, max: r.distanceMax, nearColour: pixelAt(r.run.start()), farColour: pixelAt(far) };
  });
  assert.ok(longest - 1 >= max, 'the longest path is at least as long as the farthest distance');
  assert.ok(nearColour[1] > 200 && farColour[1] < 80, `pale near ${nearColour}, dark far ${farColour}`);

  // From a clicked cell.
  await page.check('input[name="colours"][value="cell"]');
  const target = await page.evaluate(() => window.mazestep.renderer.geometry.index(3, 4));
  await page.mouse.click(...await centreOf(page, target));
  await page.waitForFunction((c) => window.mazestep.renderer.distanceFrom === c, target);
  assert.equal(new URL(page.url()).searchParams.get('distances'), '3,4');
  // The start did not move.
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.start()), 0);
  assert.deepEqual(errors, []);
});

test('the worksheet of a hex maze is an SVG of hexagons; tile text is for the square grid', async () => {
  const { page, errors } = await suite.open('?shape=hex&width=6&height=5&generator=kruskal&solver=bfs&seed=2');
  await finish(page);
  assert.equal(await page.isDisabled('#save-text'), true);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-svg-solution')]);
  const svg = readFileSync(await download.path(), 'utf8');
  assert.match(svg, /^<svg|^<\?xml/);
  assert.match(svg, /class="solution"/);
  assert.deepEqual(errors, []);
});

test('every link in docs/page.md opens as it did before shapes: square, no mask, no messages', async () => {
  const doc = readFileSync(join(ROOT, 'docs/page.md'), 'utf8');
  const links = [...doc.matchAll(/index\.html(\?[^`\s)]+)/g)].map((m) => m[1]);
  assert.ok(links.length >= 1);
  for (const query of links) {
    const { page, errors } = await suite.open(query.replace('autoplay=1', 'autoplay=0'));
    await waitSettled(page);
    const params = new URLSearchParams(query);
    const written = new URL(page.url()).searchParams;
    const shaped = params.has('shape') || params.has('mask');
    if (!shaped) {
      assert.equal(await page.evaluate(() => window.mazestep.controller.run.shape()), 'square', query);
      assert.equal(written.get('shape'), null, query);
      assert.equal(written.get('mask'), null, query);
    }
    assert.deepEqual(await messages(page), [], query);
    for (const [key, value] of params) if (key !== 'autoplay') assert.equal(written.get(key), value, `${query}: ${key}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
