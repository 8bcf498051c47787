// A full redraw with the came-from arrows and the numbers on the cells (issue 29), in Chromium:
// a 200 × 200 maze half searched by BFS, with the overlay drawn by www/draw/thinking.js. A
// benchmark, not a test: it prints the times, and whether they meet the 16 ms of a frame.
//
// For each viewport (the stage grows with it, so the cells do: arrows from 5 CSS pixels a cell,
// numbers from 22) and each drawing (nothing of the search's thinking; arrows; arrows and
// numbers f), it times `drawAll()` (every cell repainted, then the overlay) and the overlay
// alone (`drawOverlay()`, what a step redraws), `--reps` times each, and prints the median and
// the range (fastest–slowest) in milliseconds.
//
//   node tests/perf/redraw.mjs                      (1280, 2400 and 4600 px wide; 30 reps)
//   node tests/perf/redraw.mjs --widths 2400 --reps 60 --size 200x200 --solver a-star
//
// Needs pkg/ built (scripts/build) and Chromium (tests/e2e/harness.mjs).

import { cpus, loadavg } from 'node:os';
import { launchBrowser, openPage, requireBuild, startServer } from '../e2e/harness.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const widths = option('widths', '1280,2400,4600').split(',').map(Number);
const reps = Number(option('reps', '30'));
const [width, height] = option('size', '200x200').split('x').map(Number);
const solver = option('solver', 'a-star');

requireBuild();
const server = await startServer();
const browser = await launchBrowser();
const rows = [];
try {
  for (const viewport of widths) {
    const query = `?generator=recursive-backtracker&solver=${solver}&width=${width}&height=${height}&seed=1&braid=30&style=thin`;
    const { page, errors } = await openPage(browser, server, query, { width: viewport, height: viewport });
    const drawings = [['nothing', { arrows: false, numbers: '' }], ['arrows', { arrows: true, numbers: '' }],
      ['arrows + numbers f', { arrows: true, numbers: 'f' }]];
    for (const [label, thinking] of drawings) {
      const m = await page.evaluate(async ({ thinking, reps }) => {
        const { controller: c, stage } = window.mazestep;
        const run = c.run;
        // Half the search: every cell generated, then about half the cells reached.
        while (run.phase() === 'generating' || run.phase() === 'braiding') run.advance(1000);
        if (run.visited() === 0) run.advance(1);
        while (run.visited() < run.cellCount / 2 && run.phase() === 'solving') run.advance(50);
        stage.setThinking(thinking);
        const r = stage.renderer;
        const time = (f) => {
          const times = [];
          for (let i = 0; i < reps; i++) {
            const began = performance.now();
            f();
            times.push(performance.now() - began);
          }
          times.sort((a, b) => a - b);
          return { median: times[Math.floor(times.length / 2)], min: times[0], max: times.at(-1) };
        };
        const all = time(() => r.drawAll());
        const overlay = time(() => {
          r.overlayKey = '';
          r.drawOverlay();
        });
        const dpr = window.devicePixelRatio || 1;
        const cellCss = r.cellCentre(run.start())[3] / dpr;
        return { all, overlay, cellCss, reached: r.thought?.reached ?? 0, canvas: `${r.overlay.width}x${r.overlay.height}` };
      }, { thinking, reps });
      if (errors.length) throw new Error(errors.join('\n'));
      rows.push({ viewport, label, ...m });
      console.error(`${viewport}px ${label}: drawAll ${m.all.median.toFixed(1)} ms, overlay ${m.overlay.median.toFixed(1)} ms`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

console.log(`full redraw of a ${width}x${height} maze half searched by ${solver}, with the search's thinking drawn ` +
  `(chromium headless, ${reps} reps each; ms: median [fastest–slowest])`);
console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
const table = [['viewport', 'cell px', 'overlay canvas', 'reached', 'drawn', 'drawAll ms', 'overlay only ms', '≤ 16 ms']];
const range = (t) => `${t.median.toFixed(1)} [${t.min.toFixed(1)}–${t.max.toFixed(1)}]`;
for (const r of rows) {
  table.push([String(r.viewport), r.cellCss.toFixed(1), r.canvas, String(r.reached), r.label, range(r.all), range(r.overlay),
    r.all.median <= 16 ? 'yes' : 'no']);
}
const w = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(w[i])).join('  '));
