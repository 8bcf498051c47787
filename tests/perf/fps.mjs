// Frames per second while the page plays, in each browser engine (a benchmark, not a test: it
// never fails on a target). For each engine and maze size it opens the page at 1280 × 800,
// presses Play at the set speed, lets it run a second, then records the gaps between animation
// frames (requestAnimationFrame timestamps) for a few seconds, and prints the median frame rate,
// the 90th-percentile gap and the steps the run advanced per second (it should follow the speed).
//
//   node tests/perf/fps.mjs                          (every engine; 24x16 and 200x200)
//   node tests/perf/fps.mjs --engines webkit --seconds 10 --style thin
//   node tests/perf/fps.mjs --sizes 24x16 --speed 200 --repeat 3
//   node tests/perf/fps.mjs --roots /tmp/before,.   (two checkouts' pages, alternately: before/after)
//
// Chromium and Firefox run headless; WebKit (MiniBrowser) runs on an Xvfb display that
// tests/e2e/engines.mjs starts and stops. Needs pkg/ built (scripts/build).

import { cpus, loadavg } from 'node:os';
import { ENGINES, launchEngine } from '../e2e/engines.mjs';
import { ROOT, requireBuild, startServer } from '../e2e/harness.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const engines = option('engines', ENGINES.join(',')).split(',');
const sizes = option('sizes', '24x16,200x200').split(',').map((s) => s.split('x').map(Number));
const seconds = Number(option('seconds', '6'));
const speed = Number(option('speed', '50'));
const style = option('style', 'block');
const generator = option('generator', 'recursive-backtracker');
const repeat = Number(option('repeat', '1'));
// Checkouts to serve (each with its own www/ and index.html; pkg/ may be a link to this one's).
const roots = option('roots', ROOT).split(',');

requireBuild();
const servers = [];
for (const root of roots) servers.push({ root, ...await startServer(root) });
const rows = [];
try {
  for (const name of engines) {
    const engine = await launchEngine(name);
    try {
      for (const [width, height] of sizes) {
        for (let r = 0; r < repeat; r++) for (const server of servers) {
          const query = new URLSearchParams({ generator, solver: 'bfs', width, height, seed: 1, speed, style });
          await engine.open(`${server.url}index.html?${query}`, { width: 1280, height: 800 });
          await engine.click('#play');
          const m = await engine.evaluate(async (seconds) => {
            const run = () => window.mazestep.controller.run;
            await new Promise((resolve) => setTimeout(resolve, 1000));
            const times = [];
            const from = run().steps();
            const began = performance.now();
            await new Promise((resolve) => {
              const tick = (t) => {
                times.push(t);
                if (performance.now() - began < seconds * 1000) requestAnimationFrame(tick);
                else resolve();
              };
              requestAnimationFrame(tick);
            });
            const steps = run().steps() - from;
            const elapsed = performance.now() - began;
            const gaps = times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b);
            const at = (q) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))];
            return { frames: gaps.length, median: at(0.5), p90: at(0.9), max: gaps.at(-1), stepsPerSecond: (steps * 1000) / elapsed,
              state: window.mazestep.controller.state };
          }, seconds);
          const where = servers.length > 1 ? server.root : '';
          rows.push({ engine: `${name} ${engine.version}`, size: `${width}x${height}`, where, ...m });
          console.error(`${name} ${width}x${height} ${where}: ${(1000 / m.median).toFixed(1)} fps (median gap ${m.median.toFixed(1)} ms)`);
        }
      }
    } finally {
      await engine.close();
    }
  }
} finally {
  for (const server of servers) server.close();
}

console.log(`fps while playing (${generator} + bfs, speed ${speed} steps/s, style ${style}, ${seconds} s each, ` +
  'viewport 1280x800; chromium and firefox headless, webkit on Xvfb)');
console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
const table = [['engine', 'size', 'page', 'median fps', 'median gap ms', 'p90 gap ms', 'max gap ms', 'frames', 'steps/s']];
for (const r of rows) {
  table.push([r.engine, r.size, r.where || '.', (1000 / r.median).toFixed(1), r.median.toFixed(1), r.p90.toFixed(1), r.max.toFixed(1),
    String(r.frames), r.stepsPerSecond.toFixed(1)]);
}
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const row of table) console.log(row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
