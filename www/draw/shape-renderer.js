// The canvas for every grid but the plain square one: hexagons, triangles, circles (polar)
// and masked grids. The colours, the overlay (start, goal, current cell, path) and the distance
// map are the square renderer's; only where cells lie differs (www/draw/geometry.js).
//
// Drawing many small polygons through the canvas API is slow (a 200x200 hex maze took about
// a tenth of a second to fill), so the cells are drawn as pixels, like the square grid's tiles:
// once per grid and canvas size a pixel map is made that says which cell each pixel lies in
// and which walls cover it, and how much (antialiased edges). A redraw then looks every pixel
// up: its cell's colour, darkened toward the wall colour where a closed side covers it. The
// map is kept while only the start, goal or seed change, and a redraw costs the same however
// many cells the maze has. Dirty cells repaint only their own pixels.

import { geometryOf } from './geometry.js';
import { COLOURS, Renderer, pixel, terrainInk } from './renderer.js';
import { patternInk } from '../run/world.js';
import { offCellsOf } from '../run/module-api.js';

// Where no cell is (outside the shape, and cells a mask switched off): the stage's colour.
const BACKGROUND = pixel('#e2e5ea');
// Pixels a cell must cover on average before a dirty cell is repainted alone (its own pixel
// list); smaller cells are repainted by a full pass, which costs the same.
const PIXELS_FOR_LISTS = 1;

export class ShapeRenderer extends Renderer {
  constructor(canvas, overlay, stage, memory) {
    super(canvas, overlay, stage, memory);
    this.map = null; // the pixel map (see buildMap), with the key it was made for
  }

  setRun(run) {
    if (run) {
      this.geometry = geometryOf(run.shape(), run.width, run.height, run.ringStarts());
      const off = offCellsOf(run);
      this.on = new Uint8Array(run.cellCount).fill(1);
      for (let i = 0; i < off.length; i++) this.on[off[i]] = 0;
      this.gridKey = `${run.shape()}|${run.width}|${run.height}|${run.cellCount}|${off.length}|${hashCells(off)}`;
    }
    super.setRun(run);
  }

  layout() {
    const run = this.run;
    if (!run) return;
    const room = this.room();
    const { dpr, availW, availH } = room;
    const [gw, gh] = this.geometry.bounds;
    // Walls about a tenth of a cell, from one device pixel to three CSS pixels; none once
    // cells are smaller than three pixels (colours only). Every shape has this one style.
    const fit = (pad) => Math.max(0.01, Math.min((availW - 2 * pad) / gw, (availH - 2 * pad) / gh));
    let k = fit(2 * dpr);
    const line = k < 3 ? 0 : Math.min(Math.max(1, k * 0.1), 3 * dpr);
    const pad = Math.ceil(line / 2 + dpr);
    k = fit(pad);
    const bw = Math.max(1, Math.ceil(gw * k + 2 * pad)), bh = Math.max(1, Math.ceil(gh * k + 2 * pad));
    // `pitch` and `cell` (a cell's size) for the overlay's markers; `wall` says whether
    // walls show at all.
    this.geo = { k, ox: pad, oy: pad, line, bw, bh, pitch: k, cell: k * 0.8, wall: line, w: run.width, h: run.height };
    // One backing pixel per device pixel: the pixel map is made at the size it is shown.
    this.place(room, bw, bh, bw / dpr, bh / dpr);
    this.colour = new Uint32Array(run.cellCount);
    this.rank = new Uint8Array(run.cellCount);
    const key = `${this.gridKey}|${bw}x${bh}|${k}|${line}`;
    if (!this.map || this.map.key !== key) this.map = buildMap(this.geometry, this.on, this.geo, key);
    this.drawAll();
  }

  /** The cell under a point of the viewport as its [x, y] ("X,Y"; polar: place, ring); null
   * off the maze or on a cell a mask switched off. */
  cellAt(clientX, clientY) {
    if (!this.run || !this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const { k, ox, oy, bw, bh } = this.geo;
    const bx = ((clientX - rect.left) / rect.width) * bw, by = ((clientY - rect.top) / rect.height) * bh;
    const c = this.geometry.cellAt((bx - ox) / k, (by - oy) / k);
    return c >= 0 && this.on[c] ? this.geometry.place(c) : null;
  }

  cellIndexAt(clientX, clientY) {
    const cell = this.cellAt(clientX, clientY);
    return cell ? this.geometry.index(cell[0], cell[1]) : -1;
  }

  indexOf([x, y]) {
    return this.run ? this.geometry.index(x, y) : -1;
  }

  /** The cell through side s of cell c, or -1 (the border, a cell that is off, no such side). */
  neighbourThrough(c, s) {
    const g = this.geometry;
    const sides = g.sides(c);
    if (s >= sides || (g.shape === 'weave' && s >= 4)) return -1;
    // A polar cell whose next ring does not split it has one outward side (2), not two.
    if (g.shape === 'polar' && c > 0 && s === 3 && !g.splits(g.place(c)[1])) return -1;
    const [cx, cy] = g.centre(c), [mx, my] = g.sideMiddle(c, s);
    const n = g.cellAt(mx + (mx - cx) * 0.3, my + (my - cy) * 0.3);
    return n >= 0 && n !== c && this.on[n] ? n : -1;
  }

  /** The wall nearest a point, as [cell, side] named from the lower-numbered cell; or null. */
  wallAt(clientX, clientY) {
    if (!this.run || !this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const { k, ox, oy, bw, bh } = this.geo;
    const mx = ((((clientX - rect.left) / rect.width) * bw) - ox) / k;
    const my = ((((clientY - rect.top) / rect.height) * bh) - oy) / k;
    const c = this.geometry.cellAt(mx, my);
    if (c < 0 || !this.on[c]) return null;
    let best = null;
    for (let s = 0; s < this.geometry.sides(c); s++) {
      const n = this.neighbourThrough(c, s);
      if (n < 0) continue;
      const [sx, sy] = this.geometry.sideMiddle(c, s);
      const d = (sx - mx) ** 2 + (sy - my) ** 2;
      if (!best || d < best.d) best = { d, s, n };
    }
    if (!best) return null;
    return best.n < c ? this.wallFrom(c, best.s) : [c, best.s];
  }

  /** Wall [c, side] named from the lower-numbered of its two cells; null if it is no wall. */
  wallFrom(c, s) {
    const n = this.neighbourThrough(c, s);
    if (n < 0) return null;
    if (c < n) return [c, s];
    for (let t = 0; t < this.geometry.sides(n); t++) if (this.neighbourThrough(n, t) === c) return [n, t];
    return null;
  }

  /** The wall of cell c whose side faces most nearly the way (dx, dy) points. */
  wallToward(c, dx, dy) {
    const g = this.geometry;
    const [cx, cy] = g.centre(c);
    let best = null;
    for (let s = 0; s < g.sides(c); s++) {
      if (this.neighbourThrough(c, s) < 0) continue;
      const [mx, my] = g.sideMiddle(c, s);
      const along = ((mx - cx) * dx + (my - cy) * dy) / Math.hypot(mx - cx, my - cy);
      if (!best || along > best.along) best = { along, s };
    }
    return best ? this.wallFrom(c, best.s) : null;
  }

  setCursor(point) {
    const cursor = point && this.run ? this.geometry.index(point[0], point[1]) : -1;
    if (cursor === this.cursor) return;
    this.cursor = cursor;
    if (this.run && this.geo) this.drawOverlay();
  }

  get showsWalls() {
    return this.geo ? this.geo.line > 0 : true;
  }

  draw() {
    if (!this.run) return;
    if (this.run.allDirty() || this.distanceFrom >= 0) {
      if (this.distanceFrom < 0 || `${this.run.steps()}:${this.distanceFrom}` !== this.distanceKey) this.drawAll();
      else this.drawOverlay();
      return;
    }
    const len = this.run.dirtyLen();
    if (len > 0) {
      const map = this.map;
      if (len * 3 > this.run.cellCount) {
        this.drawAll();
        return;
      }
      this.views();
      const dirty = new Uint32Array(this.memory.buffer, this.run.dirtyPtr(), len);
      if (!map.start) {
        // Cells smaller than pixels have no pixel lists: new colours for the dirty cells, then
        // one pass over the pixels (not over millions of cells).
        for (let i = 0; i < len; i++) this.colour[dirty[i]] = this.cellColour(dirty[i]);
        this.paintPixels();
        this.drawOverlay();
        return;
      }
      let minP = Infinity, maxP = -1;
      for (let i = 0; i < len; i++) {
        const c = dirty[i];
        this.colour[c] = this.cellColour(c);
        for (let j = map.start[c]; j < map.start[c + 1]; j++) {
          const p = map.pixels[j];
          this.paintPixel(p);
          if (p < minP) minP = p;
          if (p > maxP) maxP = p;
        }
      }
      if (maxP >= 0) {
        // The rows the repainted pixels span (a cell's pixels lie in a few rows).
        const { bw } = this.geo;
        const top = Math.floor(minP / bw), bottom = Math.floor(maxP / bw);
        this.ctx.putImageData(this.image, 0, 0, 0, top, bw, bottom - top + 1);
      }
    }
    this.drawOverlay();
  }

  drawAll() {
    if (!this.run || !this.map) return;
    this.measureDistances();
    this.views();
    if (this.map.shown) this.colourList(this.map.shown);
    else this.colourRange(0, this.run.cellCount);
    this.paintPixels();
    this.overlayKey = '';
    this.drawOverlay();
  }

  /** Every pixel from the cells' colours (already computed) and the walls, onto the canvas. */
  paintPixels() {
    // paintPixel's work in one tight loop: it runs for every pixel of the canvas.
    const { fillA, fillMaskA, fillB, fillMaskB, wallA, infoA, wallB, infoB } = this.map;
    const { cells, colour, on, buf } = this;
    const wallPx = this.px.wall;
    const conditional = this.map.conditional;
    const terrain = this.inkable() ? this.terrain : null;
    const bw = this.geo.bw, unit = this.inkUnit();
    for (let p = 0; p < fillA.length; p++) {
      let base = BACKGROUND;
      const fa = fillA[p];
      if (!conditional) {
        if (fa >= 0 && on[fa]) base = colour[fa];
      } else if (fa >= 0 && on[fa] && (fillMaskA[p] === 0 || cells[fa] & fillMaskA[p])) {
        base = colour[fa];
      } else {
        const fb = fillB[p];
        if (fb >= 0 && on[fb] && cells[fb] & fillMaskB[p]) base = colour[fb];
      }
      // Painted terrain's pattern, so it reads without colour too.
      if (terrain !== null && fa >= 0 && terrain[fa] > 1 && patternInk(terrain[fa], p % bw, (p - (p % bw)) / bw, unit)) {
        base = terrainInk(terrain[fa]);
      }
      const a = wallA[p];
      if (a >= 0) {
        let alpha = shows(cells[a], infoA[p]);
        const b = wallB[p];
        if (b >= 0) alpha = Math.max(alpha, shows(cells[b], infoB[p]));
        if (alpha !== 0) base = mix(base, wallPx, alpha);
      }
      buf[p] = base;
    }
    this.ctx.putImageData(this.image, 0, 0);
  }

  /** No progressive repaint: a full redraw costs a pass over the canvas's pixels. */
  get pending() {
    return false;
  }

  drawMore() {
    return true;
  }

  /**
   * Repaints one pixel: the colour of the first of its cells that shows there (see buildMap),
   * else the background, with the walls that cover it over it.
   */
  paintPixel(p) {
    const { fillA, fillMaskA, fillB, fillMaskB, wallA, infoA, wallB, infoB } = this.map;
    const { cells, colour, on } = this;
    let base = BACKGROUND;
    const fa = fillA[p];
    if (fa >= 0 && on[fa] && (fillMaskA[p] === 0 || cells[fa] & fillMaskA[p])) {
      base = colour[fa];
    } else {
      const fb = fillB[p];
      if (fb >= 0 && on[fb] && cells[fb] & fillMaskB[p]) base = colour[fb];
    }
    const terrain = this.inkable() ? this.terrain : null;
    if (terrain !== null && fa >= 0 && terrain[fa] > 1) {
      const bw = this.geo.bw;
      if (patternInk(terrain[fa], p % bw, (p - (p % bw)) / bw, this.inkUnit())) base = terrainInk(terrain[fa]);
    }
    let alpha = 0;
    const a = wallA[p];
    if (a >= 0) {
      alpha = shows(cells[a], infoA[p]);
      const b = wallB[p];
      if (b >= 0) alpha = Math.max(alpha, shows(cells[b], infoB[p]));
    }
    this.buf[p] = alpha === 0 ? base : mix(base, this.px.wall, alpha);
  }

  /** Whether terrain patterns show: something painted, cells of 6 pixels or more, no distance map. */
  inkable() {
    return this.terrain !== null && this.terrain !== undefined && this.geo.k >= 6 && !this.distances;
  }

  /** The pattern's unit in canvas pixels: about an eighth of a cell. */
  inkUnit() {
    return Math.max(1, Math.floor(this.geo.k / 8));
  }

  cellCentre(c) {
    const { k, ox, oy } = this.geo;
    const [x, y] = this.geometry.centre(c);
    const o = this.overlayOffset;
    return [o + ox + x * k, o + oy + y * k, k, k * 0.8];
  }

  headingAngle(c, heading) {
    const [cx, cy] = this.geometry.centre(c);
    const [mx, my] = this.geometry.sideMiddle(c, heading);
    return Math.atan2(my - cy, mx - cx);
  }

  // The path as a line through every cell's centre (corners cannot be read off cell numbers
  // as on the square grid), when cells are too small for the path's colour to show.
  drawPathDots(ctx, dpr) {
    const width = 1.5 * dpr;
    if (this.geo.k >= 3 * width) return;
    const run = this.run;
    const len = run.pathLen();
    if (len === 0) return;
    const path = new Uint32Array(this.memory.buffer, run.pathPtr(), len);
    ctx.save();
    ctx.lineWidth = width;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = COLOURS.path;
    ctx.beginPath();
    for (let i = 0; i < len; i++) {
      const [x, y] = this.cellCentre(path[i]);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * The pixel map of a grid drawn at scale k (device pixels per unit) with walls `line` pixels
 * thick, offset by (ox, oy). For each pixel p:
 *   fillA[p], fillMaskA[p]  the cell whose colour it shows (-1 for none), and when: always
 *             (mask 0), or while the cell has one of the passages in the mask;
 *   fillB[p], fillMaskB[p]  the cell it shows otherwise, and when (a weave's tunnel);
 *   wallA[p], infoA[p], wallB[p], infoB[p]  the two walls covering it most: the cell they
 *             depend on (-1 for none) and mask << 9 | mode << 8 | coverage (1 to 255). Mode 0:
 *             the wall shows while the cell has none of the passages in the mask (a closed
 *             side); mode 1: while it has one (the sides of a corridor).
 *   start, pixels  each cell's pixels (pixels[start[c] .. start[c + 1]]): those it colours
 *             and those its walls cover, for repainting dirty cells alone; null when cells
 *             are smaller than pixels (a full pass is as cheap).
 */
function buildMap(geometry, on, geo, key) {
  const { k, ox, oy, line, bw, bh } = geo;
  const count = bw * bh;
  const map = emptyMap(count, key);
  if (geometry.shape === 'weave') {
    // Only the weave's cells show under conditions (their corridors and tunnels).
    map.conditional = true;
    weaveMap(geometry, on, geo, map);
  } else {
    const { fillA } = map;
    for (let y = 0, p = 0; y < bh; y++) {
      const wy = (y + 0.5 - oy) / k;
      for (let x = 0; x < bw; x++, p++) fillA[p] = geometry.cellAt((x + 0.5 - ox) / k, wy);
    }
    if (line > 0) {
      const reach = line / 2 + 0.5; // pixels from a side's centre line that it touches
      // Cells with straight sides give their corners once; polar sides may be arcs.
      const straight = typeof geometry.corners === 'function';
      for (let c = 0; c < geometry.cellCount; c++) {
        if (!on[c]) continue;
        const [cx, cy] = geometry.centre(c);
        const corners = straight ? geometry.corners(c) : null;
        const sides = geometry.sides(c);
        for (let s = 0; s < sides; s++) {
          let shape, mx, my;
          if (straight) {
            const a = 2 * s, b = (2 * s + 2) % corners.length;
            shape = { line: [corners[a], corners[a + 1], corners[b], corners[b + 1]] };
            [mx, my] = [(corners[a] + corners[b]) / 2, (corners[a + 1] + corners[b + 1]) / 2];
          } else {
            shape = geometry.sideShape(c, s);
            if (!shape) continue;
            [mx, my] = geometry.sideMiddle(c, s);
          }
          // Each wall between two cells that are on is drawn once, by the lower-numbered cell.
          const across = geometry.cellAt(mx + (mx - cx) * 0.1, my + (my - cy) * 0.1);
          if (across >= 0 && across < c && on[across]) continue;
          rasterise(shape, k, ox, oy, reach, bw, bh, wallAdder(map, c, 1 << s, 0));
        }
      }
    }
  }
  if (count >= geometry.cellCount * PIXELS_FOR_LISTS) listPixels(map, geometry.cellCount, on);
  else map.shown = shownCells(map, geometry.cellCount);
  return map;
}

// The cells any pixel shows (its fill or a wall), in order: where there are fewer pixels than
// cells (4096 × 4096 on a screen), a whole repaint colours these and skips the rest.
function shownCells(map, cells) {
  // A bit a cell: the words with no bit set are skipped whole when the list is read out.
  const seen = new Uint32Array((cells + 31) >>> 5);
  let n = 0;
  for (const layer of [map.fillA, map.fillB, map.wallA, map.wallB]) {
    for (let p = 0; p < layer.length; p++) {
      const c = layer[p];
      if (c < 0) continue;
      const bit = 1 << (c & 31);
      if ((seen[c >>> 5] & bit) === 0) {
        seen[c >>> 5] |= bit;
        n++;
      }
    }
  }
  const list = new Int32Array(n);
  for (let w = 0, i = 0; i < n; w++) {
    for (let bits = seen[w]; bits !== 0; bits &= bits - 1) list[i++] = (w << 5) + (31 - Math.clz32(bits & -bits));
  }
  return list;
}

function emptyMap(count, key) {
  return {
    key,
    fillA: new Int32Array(count).fill(-1), fillMaskA: new Uint8Array(count),
    fillB: new Int32Array(count).fill(-1), fillMaskB: new Uint8Array(count),
    wallA: new Int32Array(count).fill(-1), infoA: new Uint32Array(count),
    wallB: new Int32Array(count).fill(-1), infoB: new Uint32Array(count),
    start: null, pixels: null, conditional: false, shown: null,
  };
}

// A visitor for rasterise that records a wall of `cell` (mask, mode) on the pixels it covers,
// keeping the two that cover each pixel most.
function wallAdder(map, cell, mask, mode) {
  const { wallA, infoA, wallB, infoB } = map;
  const info = (mask << 9) | (mode << 8);
  return (p, cover) => {
    if (wallA[p] < 0 || cover > (infoA[p] & 255)) {
      wallB[p] = wallA[p];
      infoB[p] = infoA[p];
      wallA[p] = cell;
      infoA[p] = info | cover;
    } else if (wallB[p] < 0 || cover > (infoB[p] & 255)) {
      wallB[p] = cell;
      infoB[p] = info | cover;
    }
  };
}

// How much a wall (its info, see buildMap) covers its pixel given its cell's passages.
function shows(bits, info) {
  const open = (bits & (info >>> 9)) !== 0;
  return open === ((info & 256) !== 0) ? info & 255 : 0;
}

// Each cell's pixels, by counting sort: the pixels it may colour and those its walls cover.
function listPixels(map, cells, on) {
  const { fillA, fillB, wallA, wallB } = map;
  const count = fillA.length;
  const start = new Uint32Array(cells + 1);
  const each = (visit) => {
    for (let p = 0; p < count; p++) {
      const a = fillA[p] >= 0 && on[fillA[p]] ? fillA[p] : -1;
      if (a >= 0) visit(a, p);
      const b = fillB[p];
      if (b >= 0 && b !== a) visit(b, p);
      const w = wallA[p];
      if (w >= 0 && w !== a && w !== b) visit(w, p);
      const v = wallB[p];
      if (v >= 0 && v !== a && v !== b && v !== w) visit(v, p);
    }
  };
  each((c) => start[c + 1]++);
  for (let c = 0; c < cells; c++) start[c + 1] += start[c];
  const pixels = new Uint32Array(start[cells]);
  const next = start.slice(0, cells);
  each((c, p) => {
    pixels[next[c]++] = p;
  });
  map.start = start;
  map.pixels = pixels;
}

// The weave, drawn as in Mazes for Programmers: each cell a square inset from its edges, and a
// corridor from it through each side it opens (a passage or the mouth of a tunnel) across the
// margin to the next cell. A tunnel under a cell shows in that cell's margins on either side
// of its corridor, whose walls run unbroken over it.
const WEAVE_INSET = 0.2;

function weaveMap(geometry, on, { k, ox, oy, line, bw, bh }, map) {
  const { width, height } = geometry;
  const { fillA, fillMaskA, fillB, fillMaskB } = map;
  const m = WEAVE_INSET;
  // Sides: 0 north, 1 east, 2 south, 3 west; the tunnel through side d is side 4 + d.
  const opens = (d) => (1 << d) | (1 << (4 + d));
  const step = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  const neighbour = (x, y, d) => {
    const nx = x + step[d][0], ny = y + step[d][1];
    return nx >= 0 && ny >= 0 && nx < width && ny < height ? ny * width + nx : -1;
  };
  for (let py = 0, p = 0; py < bh; py++) {
    const wy = (py + 0.5 - oy) / k;
    for (let px = 0; px < bw; px++, p++) {
      const wx = (px + 0.5 - ox) / k;
      const x = Math.floor(wx), y = Math.floor(wy);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const c = y * width + x;
      const u = wx - x, v = wy - y;
      const inU = u >= m && u <= 1 - m, inV = v >= m && v <= 1 - m;
      if (inU && inV) {
        fillA[p] = c; // the cell itself
        continue;
      }
      // A margin strip: which side it leads through (corners show nothing).
      let d = -1;
      if (inU) d = v < m ? 0 : 2;
      else if (inV) d = u < m ? 3 : 1;
      if (d < 0) continue;
      fillA[p] = c;
      fillMaskA[p] = opens(d);
      // A tunnel under this cell: the cell across this side has its tunnel mouth toward it.
      const n = neighbour(x, y, d);
      if (n >= 0) {
        fillB[p] = n;
        fillMaskB[p] = 1 << (4 + ((d + 2) % 4));
      }
    }
  }
  if (line <= 0) return;
  const reach = line / 2 + 0.5;
  const segment = (ax, ay, bx, by) => ({ line: [ax, ay, bx, by] });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = y * width + x;
      if (!on[c]) continue;
      const l = x + m, r = x + 1 - m, t = y + m, b = y + 1 - m;
      // The inset square's edges: closed unless the cell opens that side.
      const edges = [segment(l, t, r, t), segment(r, t, r, b), segment(l, b, r, b), segment(l, t, l, b)];
      edges.forEach((edge, d) => rasterise(edge, k, ox, oy, reach, bw, bh, wallAdder(map, c, opens(d), 0)));
      // The corridor's sides across each margin: while the cell opens that side, or a tunnel
      // from the cell across it passes under.
      const strips = [
        [segment(l, y, l, t), segment(r, y, r, t)],
        [segment(r, t, x + 1, t), segment(r, b, x + 1, b)],
        [segment(l, b, l, y + 1), segment(r, b, r, y + 1)],
        [segment(x, t, l, t), segment(x, b, l, b)],
      ];
      strips.forEach((pair, d) => {
        const n = neighbour(x, y, d);
        for (const edge of pair) {
          rasterise(edge, k, ox, oy, reach, bw, bh, wallAdder(map, c, opens(d), 1));
          if (n >= 0 && on[n]) rasterise(edge, k, ox, oy, reach, bw, bh, wallAdder(map, n, 1 << (4 + ((d + 2) % 4)), 1));
        }
      });
    }
  }
}

// Calls visit(pixel, coverage 1..255) for every pixel within `reach` of a side's centre line.
function rasterise(shape, k, ox, oy, reach, bw, bh, visit) {
  let x0, y0, x1, y1, distance;
  if (shape.line) {
    const [ax, ay, bx, by] = shape.line.map((v, i) => (i % 2 === 0 ? ox + v * k : oy + v * k));
    [x0, x1] = [Math.min(ax, bx), Math.max(ax, bx)];
    [y0, y1] = [Math.min(ay, by), Math.max(ay, by)];
    const dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy || 1;
    distance = (px, py) => {
      const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
      const ex = px - ax - t * dx, ey = py - ay - t * dy;
      return Math.sqrt(ex * ex + ey * ey);
    };
  } else {
    const [wcx, wcy, radius, from, to] = shape.arc;
    const cx = ox + wcx * k, cy = oy + wcy * k, r = radius * k;
    const at = (angle) => [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    // The box of the arc: its ends and the points where it crosses an axis.
    const xs = [], ys = [];
    for (const angle of [from, to]) {
      const [x, y] = at(angle);
      xs.push(x);
      ys.push(y);
    }
    for (let q = Math.ceil(from / (Math.PI / 2)); q * (Math.PI / 2) <= to; q++) {
      const [x, y] = at(q * (Math.PI / 2));
      xs.push(x);
      ys.push(y);
    }
    [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const [ex0, ey0] = at(from), [ex1, ey1] = at(to);
    const TAU = Math.PI * 2;
    distance = (px, py) => {
      let angle = Math.atan2(py - cy, px - cx);
      if (angle < from) angle += TAU;
      const dx = px - cx, dy = py - cy;
      if (angle <= to) return Math.abs(Math.sqrt(dx * dx + dy * dy) - r);
      return Math.sqrt(Math.min((px - ex0) ** 2 + (py - ey0) ** 2, (px - ex1) ** 2 + (py - ey1) ** 2));
    };
  }
  const left = Math.max(0, Math.floor(x0 - reach)), right = Math.min(bw - 1, Math.ceil(x1 + reach));
  const top = Math.max(0, Math.floor(y0 - reach)), bottom = Math.min(bh - 1, Math.ceil(y1 + reach));
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const cover = reach - distance(x + 0.5, y + 0.5);
      if (cover > 0) visit(y * bw + x, Math.max(1, Math.min(255, Math.round(cover * 255))));
    }
  }
}

// A pixel (little-endian RGBA) blended toward another by about alpha/255.
function mix(under, over, alpha) {
  const keep = 256 - alpha, take = alpha;
  const r = ((under & 255) * keep + (over & 255) * take) >> 8;
  const g = (((under >>> 8) & 255) * keep + ((over >>> 8) & 255) * take) >> 8;
  const b = (((under >>> 16) & 255) * keep + ((over >>> 16) & 255) * take) >> 8;
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

// A short fingerprint of the switched-off cells, so a new mask makes a new pixel map.
function hashCells(list) {
  let h = 2166136261;
  for (let i = 0; i < list.length; i++) h = Math.imul(h ^ list[i], 16777619);
  return (h >>> 0).toString(36);
}
