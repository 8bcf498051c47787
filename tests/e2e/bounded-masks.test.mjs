// Issue 26 in the page: work bounded by the maze, never by what a link, a file or a picture
// claims, and long work sliced. A link of a mask in 401 pieces (1 649 characters), the same
// mask in a world file, a checkerboard picture as a mask, and Save › Worksheet with distances
// at 2048 × 2048, each watched by a PerformanceObserver for long tasks.
//
// The limit on a task: issue 14 asks for about 100 ms and this issue for under 200 ms; a test
// cannot hold that on a shared 2-core machine running the whole suite (tests/e2e/robust.test.mjs
// explains its 1 000 ms), so each test holds the suite's limit and prints what it saw. Before
// this issue these were one task of 38 s (the link), 35 s (the world file), 21.7 s (the
// picture) and 6.5 s (the worksheet at 2048 × 2048; 28.7 s at 4096 × 4096).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { launchBrowser, requireBuild, startServer, waitSettled } from './harness.mjs';

let server, browser;
before(async () => {
  requireBuild();
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** The longest task allowed, as in robust.test.mjs. */
const LONG_TASK_LIMIT_MS = 1000;

// Opening a page at 4096 × 4096 with that mask is one task of work in proportion to the maze
// (measured 1.1-1.8 s here, under load): the run refused (its 16.8-million-character mask
// copied into the module, read, its pieces counted in one flood: 0.7-1.4 s in node), the
// grid's default ends found on the masked grid (0.4 s), and the maze it falls back to (a plain
// 4096 × 4096 run: 0.2-0.5 s alone). None of that is per piece any more; this limit holds the
// task to its maze, where it was 38 s.
const OPENING_TASK_LIMIT_MS = 4000;

// After that task the fallback 4096 x 4096 maze is drawn and its first frames run: tasks of
// 0.5-1.4 s were measured here with the machine's load at 10-15 (the 200 ms target is measured
// by tests/perf/longtasks.mjs, not here). The freezes this guards against were 9-38 s.
const AFTER_OPENING_LIMIT_MS = 2500;

/** Every long task (over 50 ms) from the first script on: [start, duration]. */
const observeLongTasks = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask', buffered: true });
};

async function open(query) {
  const page = await browser.context.newPage();
  await page.addInitScript(observeLongTasks);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(server.url + query);
  await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 60_000 });
  return { page, errors };
}

/** The long tasks since the last call, and the longest of them. */
async function longTasks(page) {
  const tasks = await page.evaluate(() => window.longTasks.splice(0));
  return { tasks, longest: tasks.reduce((most, [, ms]) => Math.max(most, ms), 0) };
}

/** The 1 649-character link of the issue: 401 pieces on a 4096 x 4096 grid. */
const PIECES = `cells:${Array(399).fill('1.1').join('.')}.1.${(7393).toString(36)}.${(16769024).toString(36)}`;
const PIECES_LINK = `?width=4096&height=4096&seed=1&mask=${PIECES}`;

const messages = (page) => page.locator('#messages li').allTextContents();

test('the link of a mask in 401 pieces at 4096 x 4096 is refused in its maze\'s time, saying why', async () => {
  assert.equal(`index.html${PIECES_LINK}`.length, 1659);
  const { page, errors } = await open(PIECES_LINK);
  await waitSettled(page, 120_000);
  const said = await messages(page);
  assert.ok(said.some((m) => /the mask leaves 401 separate regions of cells/.test(m)), said.join('\n'));
  // The maze opens without the mask, at the size asked for.
  const shown = await page.evaluate(() => {
    const { controller } = window.mazestep;
    return { width: controller.run.width, cells: controller.run.cellCount, mask: controller.settings.mask };
  });
  assert.deepEqual(shown, { width: 4096, cells: 4096 * 4096, mask: '' });
  const { tasks, longest } = await longTasks(page);
  console.log(`# 401-piece link: longest task ${longest} ms (${tasks.length} over 50 ms)`);
  assert.ok(longest < OPENING_TASK_LIMIT_MS, `a task of ${longest} ms: ${JSON.stringify(tasks)}`);
  assert.ok(tasks.slice(1).every(([, ms]) => ms < AFTER_OPENING_LIMIT_MS), `after opening: ${JSON.stringify(tasks)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the same mask in a world file is refused as quickly, naming the file\'s problem', async () => {
  const { page, errors } = await open('?width=20&height=20&seed=1');
  await waitSettled(page);
  await longTasks(page);
  const world = { mazestep: 'world', version: 1, settings: { width: 4096, height: 4096, seed: 1, mask: PIECES }, edits: '' };
  const file = { name: 'pieces.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(world)) };
  assert.ok(file.buffer.length < 2000, `${file.buffer.length} bytes`);
  await page.setInputFiles('#world-file', file);
  await page.waitForFunction(() => [...document.querySelectorAll('#messages li')]
    .some((li) => /401 separate regions/.test(li.textContent)), null, { timeout: 120_000 });
  await waitSettled(page, 120_000);
  // Refused as a whole: the maze on show is the one before.
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.cellCount), 400);
  const { tasks, longest } = await longTasks(page);
  console.log(`# 401-piece world file: longest task ${longest} ms`);
  assert.ok(longest < OPENING_TASK_LIMIT_MS, `a task of ${longest} ms: ${JSON.stringify(tasks)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a checkerboard picture of 384 x 384 loads as a mask in a moment: its largest piece kept', async () => {
  const { page, errors } = await open('?width=384&height=384&seed=1&generator=kruskal');
  await waitSettled(page, 60_000);
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 384;
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(384, 384);
    for (let i = 0; i < 384 * 384; i++) {
      const white = ((i % 384) + Math.floor(i / 384)) % 2 === 0 ? 255 : 0;
      image.data.fill(white, 4 * i, 4 * i + 3);
      image.data[4 * i + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  await longTasks(page);
  await page.setInputFiles('#mask-file', { name: 'checkerboard.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  // Every white square is a piece alone: the first is kept, every other cell goes off.
  await page.waitForFunction(() => window.mazestep.controller.run.offCells().length === 384 * 384 - 1, null,
    { timeout: 120_000, polling: 100 });
  await waitSettled(page, 60_000);
  const { tasks, longest } = await longTasks(page);
  console.log(`# 384 x 384 checkerboard picture: longest task ${longest} ms`);
  assert.ok(longest < LONG_TASK_LIMIT_MS, `a task of ${longest} ms: ${JSON.stringify(tasks)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The first and last `bytes` bytes of a file, as text. */
function ends(path, bytes = 400) {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    const head = Buffer.alloc(bytes), tail = Buffer.alloc(bytes);
    readSync(fd, head, 0, bytes, 0);
    readSync(fd, tail, 0, bytes, size - bytes);
    return { size, head: head.toString('utf8'), tail: tail.toString('utf8') };
  } finally {
    closeSync(fd);
  }
}

test('Save › Worksheet with distances at 2048 x 2048 is written in slices, with progress and Cancel', async () => {
  const { page, errors } = await open('?generator=binary-tree&solver=bfs&width=2048&height=2048&seed=1');
  await waitSettled(page, 120_000);
  // Run to the end and shade by distance (opening there is measured elsewhere).
  await page.evaluate(() => window.mazestep.controller.run.finish());
  await page.evaluate(() => window.mazestep.controller.update({ distances: 'start' }));
  await waitSettled(page, 120_000);
  await longTasks(page);

  // Cancel first: the work stops, nothing is saved, the sheet is let go.
  let saved = 0;
  page.on('download', () => saved++);
  await page.click('#save-svg');
  await page.waitForSelector('#work:not([hidden])', { timeout: 30_000 });
  assert.match(await page.locator('#work-text').textContent(), /^Writing the worksheet… \d+%$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await page.evaluate(() => window.mazestep.controller.job), null);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.sheetProgress()), -1, 'let go');
  await page.waitForTimeout(500);
  assert.equal(saved, 0, 'nothing saved');

  // Then all the way: the file is the whole sheet.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 600_000 }),
    page.click('#save-svg'),
  ]);
  assert.equal(download.suggestedFilename(), 'mazestep-binary-tree-2048x2048-seed1.svg');
  const { size, head, tail } = ends(await download.path());
  assert.match(head, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 20500 20516">\n<rect /);
  assert.match(head, /<text [^>]*>Binary Tree, 2048 × 2048 cells, seed 1<\/text>\n<g class="distances"/);
  assert.ok(tail.endsWith('"/>\n</svg>\n'), tail);
  // A shaded path for each of the 4 194 304 cells, the walls and the two paths: some 339 MB.
  assert.ok(size > 300e6 && size < 400e6, `${size} bytes`);
  const { tasks, longest } = await longTasks(page);
  console.log(`# worksheet 2048 x 2048: ${size} bytes, longest task ${longest} ms (${tasks.length} over 50 ms)`);
  assert.ok(longest < LONG_TASK_LIMIT_MS, `a task of ${longest} ms: ${JSON.stringify(tasks)}`);
  assert.equal(await page.locator('#work').isHidden(), true);
  assert.deepEqual(errors, []);
  await page.close();
});
