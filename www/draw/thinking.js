// How the search thinks, drawn on the markers' canvas over any grid (the square tiles and every
// shape: both renderers give cellCentre): an arrow on every reached cell pointing to the cell it
// was reached from, the cost so far (g), the guess (h) or their sum (f) written in the cells
// when they are big enough to read, and the way back from one cell to the start (trace back).
//
// The numbers come from the module (run.measureThinking, then typed arrays over its memory:
// docs/module.md "How the search thinks"); nothing here knows a solver.

/** The numbers a page may write in the cells: none, g (cost so far), h (estimate) or f = g + h. */
export const NUMBER_CHOICES = ['', 'g', 'h', 'f'];

/** Cells at least this many CSS pixels across get an arrow; smaller ones are too dense to read. */
export const ARROW_MIN_CSS = 5;
/** Cells at least this many CSS pixels across get their number written in them. */
export const NUMBER_MIN_CSS = 20;
/**
 * At most this many reached cells get their numbers written: text is slow to draw (20 000
 * numbers take about half a second), and a frame must stay short. Past it, hover or tap.
 */
export const NUMBER_MAX_CELLS = 2500;

const ARROW = '#1d3f8f';
const TRACE = '#d4380d';
const HALO = 'rgba(255,255,255,0.85)';

/**
 * What the search knows now, read from the module: { reached, cameFrom (Int32Array), cost,
 * estimate (Float32Array) }, copies-free views taken after the call (memory may have grown).
 */
export function readThinking(run, memory) {
  const reached = run.measureThinking();
  const n = run.cellCount;
  const [a, b, c] = [run.cameFromPtr(), run.costSoFarPtr(), run.estimatePtr()];
  const buffer = memory.buffer;
  return {
    reached,
    cameFrom: new Int32Array(buffer, a, n),
    cost: new Float32Array(buffer, b, n),
    estimate: new Float32Array(buffer, c, n),
  };
}

/** The number `which` ('g', 'h', 'f') of cell c, or null where the search has none. */
export function numberOf(view, which, c) {
  const g = view.cost[c], h = view.estimate[c];
  if (which === 'g') return g >= 0 ? g : null;
  if (which === 'h') return g >= 0 && h >= 0 ? h : null;
  if (which === 'f') return g >= 0 && h >= 0 ? g + h : null;
  return null;
}

/** A cost as people read it: whole numbers as they are, others to one decimal. */
export function formatNumber(x) {
  const r = Math.round(x * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}

/**
 * The way back from `cell` to the start along the came-from links: { cells (cell first),
 * moves, cost }, or null when the cell was not reached. Stops after as many links as there are
 * cells (a guard: links form a tree).
 */
export function traceBack(view, cell) {
  if (cell < 0 || cell >= view.cameFrom.length || view.cost[cell] < 0 && view.cameFrom[cell] < 0) return null;
  const cells = [cell];
  let at = cell;
  for (let i = 0; i < view.cameFrom.length && view.cameFrom[at] >= 0; i++) {
    at = view.cameFrom[at];
    cells.push(at);
  }
  return { cells, moves: cells.length - 1, cost: view.cost[cell] };
}

/**
 * Draws arrows, numbers and the traced way on `ctx` (the overlay) for `renderer`'s run.
 * `options`: { arrows: boolean, numbers: '' | 'g' | 'h' | 'f', trace: a cell or -1 }.
 * Returns the view it read (null when it drew nothing).
 */
export function drawThinking(renderer, ctx, dpr, { arrows, numbers, trace }) {
  const run = renderer.run;
  if (!run || (!arrows && !numbers && trace < 0)) return null;
  const view = readThinking(run, renderer.memory);
  if (view.reached === 0) return view;
  const n = run.cellCount;
  const [, , , size] = renderer.cellCentre(run.start());
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (arrows && size >= ARROW_MIN_CSS * dpr) drawArrows(renderer, ctx, view, n, size, dpr);
  if (numbers && size >= NUMBER_MIN_CSS * dpr && view.reached <= NUMBER_MAX_CELLS) drawNumbers(renderer, ctx, view, n, size, numbers, arrows);
  if (trace >= 0) drawTrace(renderer, ctx, view, trace, size, dpr);
  ctx.restore();
  return view;
}

// One path for every arrow, stroked once: a shaft from behind the centre to a point toward the
// parent, and a head there. A parent many cells away (jump point search) only sets the direction.
function drawArrows(renderer, ctx, view, n, size, dpr) {
  const reach = size * 0.32;
  const head = Math.max(1.5 * dpr, size * 0.14);
  ctx.beginPath();
  for (let c = 0; c < n; c++) {
    const p = view.cameFrom[c];
    if (p < 0) continue;
    const [x, y] = renderer.cellCentre(c);
    const [px, py] = renderer.cellCentre(p);
    const dx = px - x, dy = py - y;
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    const ux = dx / len, uy = dy / len;
    const tx = x + ux * reach, ty = y + uy * reach;
    ctx.moveTo(x - ux * reach * 0.6, y - uy * reach * 0.6);
    ctx.lineTo(tx, ty);
    ctx.moveTo(tx - ux * head - uy * head * 0.7, ty - uy * head + ux * head * 0.7);
    ctx.lineTo(tx, ty);
    ctx.lineTo(tx - ux * head + uy * head * 0.7, ty - uy * head - ux * head * 0.7);
  }
  ctx.strokeStyle = ARROW;
  ctx.lineWidth = Math.max(1, Math.min(2 * dpr, size * 0.08));
  ctx.stroke();
}

// The numbers under the arrow's tail when both are on (the arrow keeps the middle).
function drawNumbers(renderer, ctx, view, n, size, which, arrows) {
  const font = Math.max(8, Math.floor(size * (arrows ? 0.3 : 0.4)));
  ctx.font = `600 ${font}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2, font / 4);
  ctx.strokeStyle = HALO;
  ctx.fillStyle = '#111';
  const drop = arrows ? size * 0.3 : 0;
  for (let c = 0; c < n; c++) {
    const value = numberOf(view, which, c);
    if (value === null) continue;
    const [x, y] = renderer.cellCentre(c);
    const text = formatNumber(value);
    ctx.strokeText(text, x, y + drop);
    ctx.fillText(text, x, y + drop);
  }
}

function drawTrace(renderer, ctx, view, cell, size, dpr) {
  const way = traceBack(view, cell);
  if (!way || way.cells.length < 1) return;
  const line = () => {
    ctx.beginPath();
    way.cells.forEach((c, i) => {
      const [x, y] = renderer.cellCentre(c);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    if (way.cells.length === 1) ctx.lineTo(...renderer.cellCentre(cell).slice(0, 2).map((v) => v + 0.01));
  };
  const width = Math.max(2.5 * dpr, Math.min(size * 0.28, 7 * dpr));
  line();
  ctx.strokeStyle = HALO;
  ctx.lineWidth = width + 2 * dpr;
  ctx.stroke();
  line();
  ctx.strokeStyle = TRACE;
  ctx.lineWidth = width;
  ctx.stroke();
  const [x, y] = renderer.cellCentre(cell);
  ctx.beginPath();
  ctx.arc(x, y, Math.max(4 * dpr, size * 0.3), 0, Math.PI * 2);
  ctx.fillStyle = TRACE;
  ctx.fill();
}
