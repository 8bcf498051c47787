// A benchmark, not a test: node tests/perf/hardest-ends.mjs (needs pkg/ built by scripts/build).
// The cost of placing the hardest ends at 4096²: the one advance that ends generation and
// begins the search, timed with ends 'corners' and 'hardest' alternately.
import { mz } from '../module/load.mjs';
const base = { generator: 'kruskal', width: 4096, height: 4096, seed: '1' };
const gen = new mz.MazeRun({ ...base });
gen.finish();
const G = gen.steps();
gen.free();
console.log('generation steps', G);
for (let round = 0; round < 3; round++) {
  for (const ends of ['corners', 'hardest']) {
    const run = new mz.MazeRun({ ...base, solver: 'bfs', ends });
    run.finish(G);
    const before = run.phase();
    const t0 = performance.now();
    run.advance(1);
    const ms = performance.now() - t0;
    console.log(`${ends}: ${before} -> ${run.phase()}, the crossing step took ${ms.toFixed(0)} ms, ends ${run.start()} ${run.goal()}`);
    run.free();
  }
}
