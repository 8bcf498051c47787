// The benchmark page: measures what makes the page feel fast or slow, in this browser.
//   - the .wasm download size;
//   - generating (and solving) 1000x1000 cells in wasm, per algorithm;
//   - a full redraw of a finished 1000x1000 maze, in both styles;
//   - a full redraw of finished 200x200 hex, triangle, polar (200 rings) and masked mazes;
//   - frames per second of the real page (in an iframe) playing a 200x200 run.
// Results go into the table and into window.benchResults (read by tests/perf/bench.mjs).

import { Renderer, useModuleBits } from './renderer.js';
import { ShapeRenderer } from './shape-renderer.js';
import { Edits } from './world.js';

const params = new URLSearchParams(location.search);
// Fewer repetitions with ?quick=1, for a fast look.
const REPEAT = params.has('quick') ? 1 : 3;
const REDRAWS = params.has('quick') ? 3 : 10;
const SIDE = Number(params.get('side')) || 1000;
// Only some parts, e.g. ?only=shapes (wasm size, generation, redraw, shapes, play, resolve).
const ONLY = params.get('only');
const SHAPE_SIDE = 200;
const PLAY_SIDE = 200;
const PLAY_SPEEDS = [5_000, 20_000, 100_000];
// One big run too: dirty painting on a canvas of millions of pixels.
const PLAY_BIG = { side: 1000, speed: 200_000 };
const PLAY_SECONDS = 3;

const results = [];
const statusEl = document.getElementById('status');
const table = document.getElementById('results');

function report(measure, value, unit, target = '', pass = null) {
  const row = { measure, value, unit, target, pass };
  results.push(row);
  const tr = document.createElement('tr');
  // Measures indented with spaces are details of the one above.
  if (measure.startsWith(' ')) tr.className = 'detail';
  const cells = [measure.trim(), `${format(value)} ${unit}`, target, pass === null ? '' : pass ? 'met' : 'missed'];
  cells.forEach((text, i) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (i === 1) td.className = 'num';
    if (i === 3 && pass !== null) td.className = pass ? 'ok' : 'miss';
    tr.append(td);
  });
  table.append(tr);
}

function format(value) {
  if (typeof value !== 'number') return String(value);
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const nextFrame = (win = window) => new Promise((resolve) => win.requestAnimationFrame(resolve));
const say = (text) => (statusEl.textContent = text);

async function wasmSize() {
  const bytes = (await (await fetch('pkg/mazestep_bg.wasm', { cache: 'no-store' })).arrayBuffer()).byteLength;
  report('pkg/mazestep_bg.wasm size', bytes / 1024, 'KB', '≤ 150 KB', bytes <= 150 * 1024);
}

async function generation(mz) {
  // The seed benches/core.rs uses (SEED), so that --native compares the very same mazes: a
  // random walk's length, and with it Aldous-Broder's and Wilson's time, depends on the seed.
  const seed = '2024';
  const genMs = {};
  for (const name of mz.generatorNames()) {
    say(`Generating ${SIDE}x${SIDE} with ${name}…`);
    await nextFrame();
    const times = [];
    for (let i = 0; i < REPEAT; i++) {
      const run = new mz.MazeRun({ generator: name, width: SIDE, height: SIDE, seed });
      const t0 = performance.now();
      run.finish();
      times.push(performance.now() - t0);
      run.free();
    }
    genMs[name] = median(times);
    report(`generate ${SIDE}x${SIDE}: ${name}`, genMs[name], 'ms');
  }
  // Solvers: generate first (untimed), then time the rest of the timeline (search + walk).
  const gen = mz.generatorNames()[0];
  for (const name of mz.solverNames()) {
    say(`Solving ${SIDE}x${SIDE} with ${name}…`);
    await nextFrame();
    const times = [];
    for (let i = 0; i < REPEAT; i++) {
      const probe = new mz.MazeRun({ generator: gen, width: SIDE, height: SIDE, seed });
      const generationSteps = probe.finish();
      probe.free();
      const run = new mz.MazeRun({ generator: gen, solver: name, width: SIDE, height: SIDE, seed });
      run.advance(generationSteps);
      const t0 = performance.now();
      run.finish();
      times.push(performance.now() - t0);
      run.free();
    }
    report(`solve + walk ${SIDE}x${SIDE} (${gen} maze): ${name}`, median(times), 'ms');
  }
  return genMs;
}

async function redraw(mz, wasm) {
  const stage = document.getElementById('redraw-stage');
  useModuleBits(mz);
  const renderer = new Renderer(document.getElementById('bench-maze'),
    document.getElementById('bench-overlay'), stage, wasm.memory);
  const solver = mz.solverNames()[0] ?? '';
  const run = new mz.MazeRun({ generator: mz.generatorNames()[0], solver, width: SIDE, height: SIDE, seed: '1' });
  run.finish();
  for (const style of ['block', 'thin']) {
    say(`Redrawing ${SIDE}x${SIDE} in ${style} style…`);
    renderer.style = style;
    renderer.setRun(run);
    await nextFrame();
    // A few untimed redraws first, so the numbers are for optimised code.
    for (let i = 0; i < 5; i++) renderer.drawAll();
    const times = [];
    for (let i = 0; i < REDRAWS; i++) {
      const t0 = performance.now();
      renderer.drawAll();
      times.push(performance.now() - t0);
      await nextFrame();
    }
    const { bw, bh } = renderer.geo;
    const ms = median(times);
    report(`full redraw ${SIDE}x${SIDE}, ${style} style (${bw}x${bh} px canvas), median`, ms, 'ms', '≤ 16 ms', ms <= 16);
    report('  fastest of them', Math.min(...times), 'ms');
    // A frame that redraws everything, measured from one animation frame to the next.
    const gaps = [];
    let last = await nextFrame();
    for (let i = 0; i < REDRAWS; i++) {
      renderer.drawAll();
      const now = await nextFrame();
      gaps.push(now - last);
      last = now;
    }
    report(`  frame with a full redraw, ${style} style`, median(gaps), 'ms');
  }
  run.free();
}

/** Full redraws of finished shaped mazes, drawn as vector cells (www/shape-renderer.js). */
async function shapeRedraw(mz, wasm) {
  const stage = document.getElementById('redraw-stage');
  useModuleBits(mz);
  const renderer = new ShapeRenderer(document.getElementById('bench-maze'),
    document.getElementById('bench-overlay'), stage, wasm.memory);
  const grids = [
    ['hex', SHAPE_SIDE, SHAPE_SIDE, null],
    ['triangle', SHAPE_SIDE, SHAPE_SIDE, null],
    ['polar', 1, SHAPE_SIDE, null],
    ['square', SHAPE_SIDE, SHAPE_SIDE, mz.presetMask('heart', SHAPE_SIDE, SHAPE_SIDE)],
  ];
  for (const [shape, width, height, mask] of grids) {
    const name = mask ? `heart-masked ${width}x${height}` : shape === 'polar' ? `polar ${height} rings` : `${shape} ${width}x${height}`;
    say(`Redrawing ${name}…`);
    const run = new mz.MazeRun({ generator: 'recursive-backtracker', solver: 'bfs', width, height, seed: '1', shape, mask });
    run.finish();
    renderer.setRun(run);
    await nextFrame();
    for (let i = 0; i < 3; i++) renderer.drawAll();
    const times = [];
    for (let i = 0; i < REDRAWS; i++) {
      const t0 = performance.now();
      renderer.drawAll();
      // Make the canvas do its work inside the timing: reading a pixel waits for it.
      renderer.ctx.getImageData(0, 0, 1, 1);
      times.push(performance.now() - t0);
      await nextFrame();
    }
    const ms = median(times);
    report(`full redraw ${name} (${run.cellCount.toLocaleString('en-US')} cells, ${renderer.geo.bw}x${renderer.geo.bh} px), median`,
      ms, 'ms', '≤ 16 ms', ms <= 16);
    report('  fastest of them', Math.min(...times), 'ms');
    renderer.setRun(null);
    run.free();
  }
}

/** Loads the real page in the iframe and plays a run at each speed, counting frames. */
async function playFps(mz) {
  const frame = document.getElementById('play-frame');
  const gens = mz.generatorNames();
  const generator = gens.includes('recursive-backtracker') ? 'recursive-backtracker' : gens[0];
  const solver = mz.solverNames().includes('bfs') ? 'bfs' : (mz.solverNames()[0] ?? 'none');
  const plays = [...PLAY_SPEEDS.map((speed) => [PLAY_SIDE, speed]), [PLAY_BIG.side, PLAY_BIG.speed]];
  for (const [side, speed] of plays) {
    say(`Playing ${side}x${side} at ${speed} steps/s…`);
    const query = new URLSearchParams({
      generator, solver, width: side, height: side, seed: '1', speed, style: 'block',
    });
    await new Promise((resolve) => {
      frame.onload = resolve;
      frame.src = `index.html?${query}`;
    });
    const win = frame.contentWindow;
    while (win.document.documentElement.dataset.ready !== 'true') await nextFrame();
    const { controller } = win.mazestep;
    // Time the page's own per-frame work (advance + draw + panels).
    const work = [];
    const onFrame = controller.onFrame.bind(controller);
    controller.onFrame = (time) => {
      const t0 = win.performance.now();
      onFrame(time);
      work.push(win.performance.now() - t0);
    };
    const stepsBefore = controller.run.steps();
    controller.play();
    const start = await nextFrame(win);
    let frames = 0, now = start;
    const gaps = [];
    while (controller.state === 'running' && now - start < PLAY_SECONDS * 1000) {
      const t = await nextFrame(win);
      gaps.push(t - now);
      now = t;
      frames++;
    }
    const seconds = (now - start) / 1000;
    const fps = frames / seconds;
    const steps = controller.run.steps() - stepsBefore;
    controller.pause();
    const target = side === PLAY_SIDE;
    report(`play ${side}x${side} (${generator} + ${solver}) at ${speed.toLocaleString('en-US')} steps/s`,
      fps, 'fps', target ? '≥ 55 fps' : '', target ? fps >= 55 : null);
    report(`  per-frame work: median / 95th percentile (${steps.toLocaleString('en-US')} steps in ${seconds.toFixed(1)} s)`,
      `${median(work).toFixed(2)} / ${percentile(work, 0.95).toFixed(2)}`, 'ms');
    report('  longest frame gap', Math.max(...gaps), 'ms');
  }
  frame.src = 'about:blank';
}

// Live re-solve: edits on a finished 200 x 200 maze, each searched again and redrawn.
const RESOLVE_SIDE = 200;
const RESOLVE_EDITS = 60;

/**
 * Loads the real page in the iframe, finishes a 200 x 200 run, turns edit mode on, and times
 * the page's whole answer to an edit: MazeRun.rework (the search again, to the end), the
 * redraw and the panels, as one edit of the pointer makes it (Controller.rework).
 */
async function liveResolve(mz) {
  const frame = document.getElementById('play-frame');
  const solver = mz.solverNames().includes('dijkstra') ? 'dijkstra' : mz.solverNames()[0];
  for (const [what, braid] of [['perfect', 0], ['braided', 100]]) {
    say(`Re-solving ${RESOLVE_SIDE}x${RESOLVE_SIDE} (${what}) after edits…`);
    const query = new URLSearchParams({
      generator: 'recursive-backtracker', solver, width: RESOLVE_SIDE, height: RESOLVE_SIDE, seed: '1', braid,
    });
    await new Promise((resolve) => {
      frame.onload = resolve;
      frame.src = `index.html?${query}`;
    });
    const win = frame.contentWindow;
    while (win.document.documentElement.dataset.ready !== 'true') await nextFrame();
    const { controller, editor } = win.mazestep;
    editor.setActive(true);
    while (controller.state !== 'done' || controller.job) await nextFrame(win);
    const cells = RESOLVE_SIDE * RESOLVE_SIDE;
    const times = [];
    let edits = new Edits();
    for (let i = 0; i < RESOLVE_EDITS; i++) {
      // A stroke of water somewhere, or a few obstacles: a different world each time.
      const at = (i * 7919) % (cells - 40);
      for (let k = 0; k < 20; k++) edits.terrain.set(at + k, i % 3 === 0 ? 0 : 8);
      const text = edits.toText();
      const live = controller.run;
      const t0 = win.performance.now();
      const ok = controller.rework({ edits: text });
      // The canvas's own work inside the timing: reading a pixel waits for it.
      win.mazestep.renderer.ctx.getImageData(0, 0, 1, 1);
      times.push(win.performance.now() - t0);
      if (!ok) throw new Error(`edits ${text.slice(0, 60)} were refused`);
      // Measuring the live path only: a new run (the fallback) would be another thing.
      if (controller.run !== live) throw new Error('the edit made a new run instead of searching again');
      if (edits.terrain.size > 200) edits = new Edits();
      await nextFrame(win);
    }
    const p95 = percentile(times, 0.95);
    report(`live re-solve ${RESOLVE_SIDE}x${RESOLVE_SIDE} ${what} (${solver}): edit → search → redraw, 95th percentile`,
      p95, 'ms', '≤ 16 ms', p95 <= 16);
    report(`  median / slowest of ${RESOLVE_EDITS}`, `${median(times).toFixed(2)} / ${Math.max(...times).toFixed(2)}`, 'ms');
  }
  frame.src = 'about:blank';
}

async function main() {
  try {
    const mz = await import('../pkg/mazestep.js');
    const wasm = await mz.default();
    const part = (name) => !ONLY || ONLY.split(',').includes(name);
    if (part('size')) await wasmSize();
    if (part('generation')) await generation(mz);
    if (part('redraw')) await redraw(mz, wasm);
    if (part('shapes')) await shapeRedraw(mz, wasm);
    if (part('play')) await playFps(mz);
    if (part('resolve')) await liveResolve(mz);
    say(`Done: ${results.length} measures.`);
  } catch (err) {
    say(`Failed: ${err instanceof Error ? err.message : err}`);
    window.benchError = String(err && err.stack || err);
  }
  window.benchResults = results;
  document.documentElement.dataset.done = 'true';
}

main();
