// Seek timings of the built wasm module (pkg/) in Node's V8, the engine Chromium uses:
// the first totalSteps() (shadow run laying checkpoints), back() from the end and the slowest of
// the five Backs after it, and a Back at 70% of the run after prepareBack() (what the page does
// in the background after a pause; nothing to do when the steps can be taken back), the slowest
// of a thousand Backs after that,
// and seeks to spread-out steps (20, or 4 from 2000 a side up). Run `scripts/build` first, then
// `node tests/perf/seek.mjs` (sides 100 and 1000) or `node tests/perf/seek.mjs --sizes 4096`.
// Numbers, not a test: nothing here can fail.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../pkg/', import.meta.url));
const { initSync, MazeRun } = await import(pkg + 'mazestep.js');
initSync({ module: readFileSync(pkg + 'mazestep_bg.wasm') });

const runs = [['recursive-backtracker', 'bfs'], ['kruskal', 'a-star'], ['wilson', 'dijkstra']];
console.log('side run steps total_ms back_ms prepare_ms prepared_back_ms back_again_ms back_1000_max_ms seek_avg_ms seek_max_ms');
const at = process.argv.indexOf('--sizes');
const sides = at > 0 ? process.argv[at + 1].split(',').map(Number) : [100, 1000];
for (const side of sides) {
  const seeks = side >= 2000 ? 4 : 20;
  for (const [generator, solver] of runs) {
    const run = new MazeRun(generator, solver, side, side, '7', '', '', 0.1);
    let t = performance.now();
    const total = run.totalSteps();
    const lay = performance.now() - t;
    run.finish();
    // The first Back replays from a checkpoint; it keeps a snapshot near where it went, so the
    // next ones replay a few thousand steps at most.
    t = performance.now();
    run.back();
    const back = performance.now() - t;
    // As the page does after a pause: Back made ready in the background, then Back.
    // Reached going forward, so no snapshot was kept on the way.
    run.seek(0);
    run.seek(Math.floor(total * 0.7));
    t = performance.now();
    run.prepareBack(Infinity);
    const prepare = performance.now() - t;
    t = performance.now();
    run.back();
    const prepared = performance.now() - t;
    let again = 0;
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      run.back();
      again = Math.max(again, performance.now() - t);
    }
    // A thousand Backs in a row from there: each takes a step back (no replay).
    let backs = 0;
    for (let i = 0; i < 1000; i++) {
      t = performance.now();
      run.back();
      backs = Math.max(backs, performance.now() - t);
    }
    let sum = 0;
    let max = 0;
    for (let i = 0; i < seeks; i++) {
      const target = Math.floor((((i * 7919) % seeks) / seeks) * total);
      t = performance.now();
      run.seek(target);
      const took = performance.now() - t;
      sum += took;
      max = Math.max(max, took);
    }
    const ms = (x) => x.toFixed(2);
    console.log(side, `${generator} + ${solver}`, total, ms(lay), ms(back), ms(prepare), ms(prepared), ms(again), ms(backs), ms(sum / seeks), ms(max));
    run.free();
  }
}
