// Runs bench.html in headless Chromium and prints its numbers; with --native adds the same
// generation timed natively by the core benchmark, for comparison. A benchmark, not a test: it never fails on a target.
//
//   node tests/perf/bench.mjs            (needs pkg/ built; scripts/serve or scripts/test build it)
//   node tests/perf/bench.mjs --quick    (one repetition each)
//   node tests/perf/bench.mjs --only shapes   (only the shaped redraws; also size, generation, redraw, play)
//   node tests/perf/bench.mjs --native   (also runs cargo bench --bench core for native times)
//   node tests/perf/bench.mjs --screenshot /tmp/bench.png   (a picture of the results page)

import { spawnSync } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import { ROOT, launchBrowser, requireBuild, startServer } from '../e2e/harness.mjs';

const quick = process.argv.includes('--quick');
// --only shapes (or size,generation,redraw,shapes,play): just those parts of the page.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
const buildNative = process.argv.includes('--native');
const shotAt = process.argv.indexOf('--screenshot');
const screenshot = shotAt > 0 ? process.argv[shotAt + 1] : null;
const SIDE = 1000;

requireBuild();
const server = await startServer();
const browser = await launchBrowser();
let results = [];
try {
  const page = await browser.context.newPage();
  // Tall enough that the live iframe and canvas stay on screen (hidden frames are throttled).
  await page.setViewportSize({ width: 1400, height: 2400 });
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  const query = new URLSearchParams();
  if (quick) query.set('quick', '1');
  if (only) query.set('only', only);
  await page.goto(`${server.url}bench.html${query.size > 0 ? `?${query}` : ''}`);
  await page.waitForFunction(() => document.documentElement.dataset.done === 'true', null, { timeout: 15 * 60_000 });
  const error = await page.evaluate(() => window.benchError);
  if (error) console.error(`bench page failed: ${error}`);
  results = await page.evaluate(() => window.benchResults);
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  const version = await page.evaluate(() => navigator.userAgent.match(/Chrom(e|ium)\/[\d.]+/)?.[0] ?? navigator.userAgent);
  console.log(`browser: ${version} (headless, --disable-gpu), ${new Date().toISOString()}`);
  // Shared machines make timings swing: say how busy this one was.
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  await browser.close();
  server.close();
}

const width = Math.max(...results.map((r) => r.measure.length));
for (const r of results) {
  const value = typeof r.value === 'number' ? (r.value >= 100 ? Math.round(r.value).toString() : r.value.toFixed(2)) : r.value;
  const verdict = r.pass === null ? '' : r.pass ? `  (target ${r.target}: met)` : `  (target ${r.target}: MISSED)`;
  console.log(`${r.measure.padEnd(width)}  ${value.padStart(12)} ${r.unit}${verdict}`);
}

// Native: the same generation, like for like. The page's MazeRun.finish() runs each generator
// to its end with the display layers on (the marks the page draws), so the native figure is
// the "shown ms" column of the core benchmark, which times exactly that (run_to_end on a board
// with display on; the run is set up before the clock starts, as the wasm side's is).
if (!buildNative) {
  console.log('\nnative: skipped (run with --native to time the same generation with cargo bench)');
} else {
  console.log(`\nnative generation, ${SIDE}x${SIDE} (cargo bench --bench core -- --reps 3 --sizes ${SIDE}: "shown ms", display on):`);
  const bench = spawnSync('cargo', ['bench', '--bench', 'core', '--', '--reps', '3', '--sizes', String(SIDE)],
    { cwd: ROOT, encoding: 'utf8' });
  if (bench.status !== 0) {
    console.log(`  cargo bench failed: ${(bench.stderr || '').trim().split('\n').slice(-3).join(' ')}`);
  } else {
    const shown = new Map();
    for (const line of bench.stdout.split('\n')) {
      // name, size, min, med, shown, ...
      const cols = line.trim().split(/\s+/);
      if (cols.length >= 5 && cols[1] === `${SIDE}x${SIDE}` && !cols[0].includes('(')) shown.set(cols[0], Number(cols[4]));
    }
    const names = results.filter((r) => r.measure.startsWith(`generate ${SIDE}x${SIDE}: `))
      .map((r) => [r.measure.split(': ')[1], r.value]);
    for (const [name, wasmMs] of names) {
      const native = shown.get(name);
      if (!native) {
        console.log(`  ${name.padEnd(24)} no native figure`);
        continue;
      }
      const ratio = wasmMs / native;
      console.log(`  ${name.padEnd(24)} native ${native.toFixed(1).padStart(8)} ms   wasm ${wasmMs.toFixed(1).padStart(8)} ms   ` +
        `wasm/native ${ratio.toFixed(2)}x${ratio <= 2 ? '' : '  (target ≤ 2x: MISSED)'}`);
    }
  }
}
