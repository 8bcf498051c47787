// Every generator and solver that works on any grid, run in wasm (node) on each shape at about
// a million cells: time per cell against the square grid's, as `cargo bench --bench shapes`
// does natively. A benchmark, not a test: it never fails on a target.
//
//   node tests/perf/shapes.mjs [--cells 1000000] [--reps 3] [--only NAME ...]
//
// Generators run to the end with the display on (`finish()`, as the page's whole run in one
// frame); solvers search a recursive-backtracker maze from the default start to the goal, timed
// per cell visited.

import { mz } from '../module/load.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CELLS = arg('--cells', 1_000_000);
const REPS = arg('--reps', 3);
const only = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--only' ? [a] : []));
const wants = (name) => only.length === 0 || only.includes(name);
const SIDE = Math.round(Math.sqrt(CELLS));

/** The most rings a polar grid can have within the cells (the module refuses more). */
function polarRings() {
  let best = 1;
  for (let rings = 1; rings <= 4096; rings += 1) {
    try {
      const run = new mz.MazeRun('recursive-backtracker', '', 1, rings, '1', '', '', undefined, 'polar');
      const cells = run.cellCount;
      run.free();
      if (cells > CELLS) break;
      best = rings;
    } catch {
      break;
    }
  }
  return best;
}

const SHAPES = [
  ['square', SIDE, SIDE],
  ['hex', SIDE, SIDE],
  ['triangle', SIDE, SIDE],
  ['polar', 1, polarRings()],
];

/** Fastest and median of `work` on fresh runs; `count(run)` says how many cells it did. */
function time(make, work, count = (run) => run.cellCount) {
  const times = [];
  let cells = 0;
  for (let i = 0; i < REPS; i += 1) {
    const run = make();
    const began = performance.now();
    work(run);
    times.push(performance.now() - began);
    cells = count(run);
    run.free();
  }
  times.sort((a, b) => a - b);
  return { min: times[0], med: times[Math.floor(times.length / 2)], cells };
}

function works(generator, solver) {
  try {
    new mz.MazeRun(generator, solver, 3, 3, '1', '', '', undefined, 'hex').free();
    return true;
  } catch {
    return false;
  }
}

const row = (name, shape, t, base) =>
  console.log(
    `${name.padEnd(26)} ${shape.padEnd(9)} ${String(t.cells).padStart(8)} ${t.min.toFixed(1).padStart(8)} ` +
      `${t.med.toFixed(1).padStart(8)} ${((t.min * 1e6) / t.cells).toFixed(1).padStart(8)} ${(((t.min * 1e6) / t.cells) / base).toFixed(2).padStart(8)}`,
  );

console.log(`${'algorithm'.padEnd(26)} ${'shape'.padEnd(9)} ${'cells'.padStart(8)} ${'min ms'.padStart(8)} ${'med ms'.padStart(8)} ${'ns/cell'.padStart(8)} ${'× square'.padStart(8)}`);
for (const generator of mz.generatorNames().filter((g) => wants(g) && works(g, ''))) {
  let base = null;
  for (const [shape, width, height] of SHAPES) {
    const t = time(() => new mz.MazeRun(generator, '', width, height, '2024', '', '', undefined, shape), (run) => run.finish());
    base ??= (t.min * 1e6) / t.cells;
    row(generator, shape, t, base);
  }
}
for (const solver of mz.solverNames().filter((s) => wants(s) && works('recursive-backtracker', s))) {
  let base = null;
  for (const [shape, width, height] of SHAPES) {
    // Generated first, untimed; then the search alone (the walk after it is not timed).
    const t = time(
      () => {
        const run = new mz.MazeRun('recursive-backtracker', solver, width, height, '2024', '', '', undefined, shape);
        // The generator's first step and the search's first step are both "begin".
        run.advanceUntil('begin', Infinity);
        run.advanceUntil('begin', Infinity);
        return run;
      },
      (run) => {
        while (run.phase() === 'solving') run.advance(1 << 20);
      },
      // Per cell the search visited: where the goal lies decides how much of a maze it sees.
      (run) => run.visited(),
    );
    base ??= (t.min * 1e6) / t.cells;
    row(`${solver} (solve)`, shape, t, base);
  }
}
