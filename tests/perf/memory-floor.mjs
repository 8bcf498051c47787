// The floor under opening a 4096 x 4096 maze: making a run needs a few hundred MB of wasm
// memory, and the first write to fresh memory costs the operating system a zeroed page per
// 4 KB whatever the code does. Prints how long making a run takes the first time (fresh
// memory) and the second (memory the first run gave back), and how long a first write of
// every byte of fresh wasm memory takes. Numbers, not a test. After scripts/build:
//   node tests/perf/memory-floor.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('../../pkg/', import.meta.url));
const { initSync, MazeRun } = await import(pkg + 'mazestep.js');
initSync({ module: readFileSync(pkg + 'mazestep_bg.wasm') });

for (const [generator, solver] of [['binary-tree', 'bfs'], ['kruskal', 'a-star'], ['recursive-division', 'bfs']]) {
  for (const when of ['fresh memory', 'memory given back']) {
    let t = performance.now();
    const run = new MazeRun(generator, solver, 4096, 4096, '1', '', '', 0);
    const make = performance.now() - t;
    t = performance.now();
    run.advance(1);
    const first = performance.now() - t;
    console.log(`${generator} + ${solver}, ${when}: making the run ${make.toFixed(0)} ms, its first step ${first.toFixed(0)} ms`);
    run.free();
  }
}
for (const mb of [100, 300]) {
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
  let t = performance.now();
  memory.grow((mb << 20) >> 16);
  const grow = performance.now() - t;
  t = performance.now();
  new Uint8Array(memory.buffer).fill(1);
  const touch = performance.now() - t;
  console.log(`fresh wasm memory, ${mb} MB: growing ${grow.toFixed(0)} ms, a first write of every byte ${touch.toFixed(0)} ms`);
}
