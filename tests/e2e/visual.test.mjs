// Visual regression: the maze canvas's own pixels (not a page screenshot, and not the marker
// overlay on top of it) at a few moments of a few runs, in both styles, against reviewed PNG
// goldens in tests/e2e/visual/. Small mazes, fixed seeds, a fixed 1000 x 800 viewport at
// devicePixelRatio 1, and a stage box pinned at 652 x 670 CSS pixels (STAGE: the box the page
// gave the maze at that size before the responsive layout of issue 27, so the goldens stay
// those reviewed then, and the page's layout can change without touching them; the layout
// has tests of its own, tests/e2e/layout.test.mjs). The 12 x 8 mazes are fitted by its width
// (block: 50-pixel pitch, 625 x 425; thin: 52, 628 x 420), which does not depend on fonts.
//
// A case passes when the sizes match and at most MAX_SHARE of the pixels differ by more than
// CHANNEL_TOLERANCE in some channel. A failure writes <name>.actual.png and <name>.diff.png
// (differing pixels in magenta over a faded copy of the actual picture) to
// tests/e2e/visual/failures/ (git ignores it) and says so.
//
// To accept a deliberate change: `MAZESTEP_BLESS=1 node --test tests/e2e/visual.test.mjs`,
// look at every rewritten PNG, and commit them.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ROOT, waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const GOLDENS = join(ROOT, 'tests', 'e2e', 'visual');
const FAILURES = join(GOLDENS, 'failures');
const BLESS = process.env.MAZESTEP_BLESS === '1';
const VIEWPORT = { width: 1000, height: 800 };
const STAGE = { width: 652, height: 670 };
const CHANNEL_TOLERANCE = 8; // of 255
const MAX_SHARE = 0.001; // of the pixels

// Step numbers, for seed 7 on 12 x 8 (tests/module can print them: totalSteps, phaseSteps):
// Kruskal generates in 117 steps, Sidewinder in 96; braiding half the dead ends of the Kruskal
// maze takes 9 more, then BFS takes 93 steps and A* 54; Recursive Backtracker + BFS, unbraided,
// ends at step 276 (192 generating, 55 solving, 29 walking).
const CASES = [
  { name: 'kruskal-mid-generation', query: 'generator=kruskal&solver=none&width=12&height=8&seed=7', step: 50,
    phase: 'generating' },
  { name: 'sidewinder-mid-row', query: 'generator=sidewinder&solver=none&width=12&height=8&seed=7', step: 42,
    phase: 'generating' },
  { name: 'bfs-mid-search-braided', query: 'generator=kruskal&braid=50&solver=bfs&width=12&height=8&seed=7',
    step: 126 + 45, phase: 'solving' },
  { name: 'a-star-mid-search-braided', query: 'generator=kruskal&braid=50&solver=a-star&width=12&height=8&seed=7',
    step: 126 + 27, phase: 'solving' },
  { name: 'backtracker-bfs-walked', query: 'generator=recursive-backtracker&solver=bfs&width=12&height=8&seed=7',
    step: 276, phase: 'done' },
  // Grid shapes: drawn through the pixel map (www/shape-renderer.js), in one style only.
  { name: 'hex-kruskal-mid-generation', query: 'shape=hex&generator=kruskal&solver=none&width=12&height=8&seed=7',
    step: 50, phase: 'generating', styles: ['thin'] },
  { name: 'triangle-backtracker-mid-generation', query: 'shape=triangle&generator=recursive-backtracker&solver=none&width=14&height=6&seed=7',
    step: 40, phase: 'generating', styles: ['thin'] },
  { name: 'polar-prim-mid-generation', query: 'shape=polar&generator=prim&solver=none&height=6&seed=7',
    step: 40, phase: 'generating', styles: ['thin'] },
  { name: 'heart-wilson-bfs-walked', query: 'mask=heart&generator=wilson&solver=bfs&width=12&height=10&seed=7',
    step: 290, phase: 'done', styles: ['thin'] },
];
const STYLES = ['block', 'thin'];

const suite = pageSuite();

/** Waits until the run stands still at `step`, with nothing left to paint. */
async function waitStill(page, step) {
  await waitSettled(page);
  await page.waitForFunction((k) => {
    const { controller, renderer } = window.mazestep;
    return controller.state !== 'running' && controller.run.steps() === k && !renderer.pending;
  }, step, { polling: 50 });
  // Two more frames: anything a resize or the last step asked for has been drawn.
  await page.evaluate(() => new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The maze canvas as a PNG data URL. */
const capture = (page) => page.evaluate(() => document.getElementById('maze').toDataURL('image/png'));

/**
 * Compares a captured PNG with the golden PNG in the page (both decoded by the browser).
 * Returns the sizes, how many pixels differ, the largest channel difference and, when they
 * differ at all, the diff image as a PNG data URL.
 */
function compare(page, actualUrl, goldenBase64, tolerance) {
  return page.evaluate(async ([actualSrc, goldenSrc, tol]) => {
    const pixels = async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, canvas.width, canvas.height);
    };
    const actual = await pixels(actualSrc);
    const golden = await pixels(`data:image/png;base64,${goldenSrc}`);
    const result = {
      actual: [actual.width, actual.height], golden: [golden.width, golden.height],
      differing: 0, total: actual.width * actual.height, maxDelta: 0, diff: null,
    };
    if (actual.width !== golden.width || actual.height !== golden.height) return result;
    const a = actual.data, g = golden.data;
    const canvas = document.createElement('canvas');
    canvas.width = actual.width;
    canvas.height = actual.height;
    const ctx = canvas.getContext('2d');
    const out = ctx.createImageData(actual.width, actual.height);
    const o = out.data;
    for (let i = 0; i < a.length; i += 4) {
      const delta = Math.max(Math.abs(a[i] - g[i]), Math.abs(a[i + 1] - g[i + 1]),
        Math.abs(a[i + 2] - g[i + 2]), Math.abs(a[i + 3] - g[i + 3]));
      if (delta > result.maxDelta) result.maxDelta = delta;
      if (delta > tol) {
        result.differing++;
        o[i] = 255; o[i + 1] = 0; o[i + 2] = 255;
      } else {
        // A faded copy of the actual picture, so the magenta stands out and the maze still reads.
        for (let k = 0; k < 3; k++) o[i + k] = 255 - Math.round((255 - a[i + k]) * 0.25);
      }
      o[i + 3] = 255;
    }
    if (result.maxDelta > 0) {
      ctx.putImageData(out, 0, 0);
      result.diff = canvas.toDataURL('image/png');
    }
    return result;
  }, [actualUrl, goldenBase64, tolerance]);
}

const pngBytes = (dataUrl) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

for (const style of STYLES) {
  for (const c of CASES.filter((k) => (k.styles ?? STYLES).includes(style))) {
    const name = `${c.name}.${style}`;
    test(`visual: ${name} (step ${c.step}) matches tests/e2e/visual/${name}.png`, async () => {
      const { page, errors } = await suite.open(`?${c.query}&style=${style}&step=${c.step}`, VIEWPORT);
      assert.equal(await page.evaluate(() => window.devicePixelRatio), 1, 'devicePixelRatio');
      // The maze's box, whatever the page's layout: the renderer fits the maze to it.
      await page.addStyleTag({ content: `#stage { position: fixed !important; left: 0; top: 0; z-index: 50;
        width: ${STAGE.width}px !important; height: ${STAGE.height}px !important; }` });
      const box = await page.evaluate(() => {
        const r = document.getElementById('stage').getBoundingClientRect();
        return { width: r.width, height: r.height };
      });
      assert.deepEqual(box, STAGE, 'the stage box');
      await waitStill(page, c.step);
      const state = await page.evaluate(() => {
        const { controller, renderer } = window.mazestep;
        return { phase: controller.run.phase(), style: renderer.style };
      });
      assert.equal(state.phase, c.phase, 'the run is in the phase the case is about');
      assert.equal(state.style, style);

      // Deterministic: the same state captured again, a few frames later, is the same picture.
      const first = await capture(page);
      await page.waitForTimeout(100);
      const actual = await capture(page);
      assert.equal(actual, first, 'two captures of the same state differ');

      const golden = join(GOLDENS, `${name}.png`);
      const actualFile = join(FAILURES, `${name}.actual.png`);
      const diffFile = join(FAILURES, `${name}.diff.png`);
      rmSync(actualFile, { force: true });
      rmSync(diffFile, { force: true });
      if (BLESS) {
        mkdirSync(GOLDENS, { recursive: true });
        writeFileSync(golden, pngBytes(actual));
      } else {
        assert.ok(existsSync(golden), `no golden ${relative(ROOT, golden)}: run ` +
          '`MAZESTEP_BLESS=1 node --test tests/e2e/visual.test.mjs`, look at the new PNG and commit it');
        const result = await compare(page, actual, readFileSync(golden).toString('base64'), CHANNEL_TOLERANCE);
        const sameSize = result.actual.join() === result.golden.join();
        const ok = sameSize && result.differing <= MAX_SHARE * result.total;
        if (!ok) {
          mkdirSync(FAILURES, { recursive: true });
          writeFileSync(actualFile, pngBytes(actual));
          if (result.diff) writeFileSync(diffFile, pngBytes(result.diff));
          const what = sameSize
            ? `${result.differing} of ${result.total} pixels (${(100 * result.differing / result.total).toFixed(2)}%, ` +
              `allowed ${100 * MAX_SHARE}%) differ by more than ${CHANNEL_TOLERANCE}/255 (largest difference ` +
              `${result.maxDelta})`
            : `the canvas is ${result.actual.join(' x ')} pixels, the golden ${result.golden.join(' x ')} ` +
              '(the renderer fits the maze to the #stage box: did the page layout or the geometry change?)';
          assert.fail(`${name}: ${what}. Wrote ${relative(ROOT, actualFile)}` +
            (result.diff ? ` and ${relative(ROOT, diffFile)} (differing pixels in magenta)` : '') +
            '. If the change is intended: MAZESTEP_BLESS=1 node --test tests/e2e/visual.test.mjs, ' +
            'look at the new PNGs and commit them.');
        }
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
