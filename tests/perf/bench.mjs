// Runs bench.html in headless Chromium and prints its numbers; adds native generation times
// from the command line for comparison. A benchmark, not a test: it never fails on a target.
//
//   node tests/perf/bench.mjs            (needs pkg/ built; scripts/serve or scripts/test build it)
//   node tests/perf/bench.mjs --quick    (one repetition each)
//   node tests/perf/bench.mjs --native   (also `cargo build --release` the CLI if it is missing)
//   node tests/perf/bench.mjs --screenshot /tmp/bench.png   (a picture of the results page)

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { ROOT, launchBrowser, requireBuild, startServer } from '../e2e/harness.mjs';

const quick = process.argv.includes('--quick');
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
  await page.goto(`${server.url}bench.html${quick ? '?quick=1' : ''}`);
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

// Native: the same generators through the command line with --format none (no output cost).
const cli = join(ROOT, 'target', 'release', 'mazestep');
if (!existsSync(cli) && buildNative) {
  console.log('\nbuilding the command line (cargo build --release --bin mazestep)…');
  spawnSync('cargo', ['build', '--release', '--bin', 'mazestep'], { cwd: ROOT, stdio: 'inherit' });
}
if (!existsSync(cli)) {
  console.log('\nnative: skipped (no target/release/mazestep; run with --native to build it)');
} else {
  console.log(`\nnative generation, ${SIDE}x${SIDE}, median of 3 (${cli} generate … --format none):`);
  const names = results.filter((r) => r.measure.startsWith(`generate ${SIDE}x${SIDE}: `))
    .map((r) => [r.measure.split(': ')[1], r.value]);
  for (const [name, wasmMs] of names) {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = process.hrtime.bigint();
      const run = spawnSync(cli, ['generate', '--algorithm', name, '--width', String(SIDE), '--height', String(SIDE),
        '--seed', '1', '--format', 'none'], { encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (run.status !== 0) {
        times.length = 0;
        console.log(`  ${name.padEnd(24)} failed: ${(run.stderr || '').trim()}`);
        break;
      }
      times.push(ms);
    }
    if (times.length) {
      const native = times.sort((a, b) => a - b)[1];
      console.log(`  ${name.padEnd(24)} native ${native.toFixed(1).padStart(8)} ms   wasm ${wasmMs.toFixed(1).padStart(8)} ms   wasm/native ${(wasmMs / native).toFixed(2)}x`);
    }
  }
  console.log('  (native times include process start-up, a millisecond or two)');
}
