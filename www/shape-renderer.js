// The canvas for every grid but the plain square one: hexagons, triangles, circles (polar)
// and masked grids. Cells are drawn as vector shapes (www/geometry.js) rather than pixel
// tiles: each cell filled with the colour of its marks, then every closed side stroked as a
// wall. The colours, the overlay (start, goal, current cell, path) and the distance map are
// the square renderer's; only where cells lie differs.
//
// Dirty cells are redrawn alone: fills and walls are batched a colour at a time into one
// Path2D each, so a frame costs a few canvas calls however many cells changed. A full redraw
// of a big maze goes a slice of cells at a time, like the square renderer's bands of rows.

import { geometryOf } from './geometry.js';
import { COLOURS, OVERLAY_MARGIN, PROGRESSIVE_CELLS, Renderer } from './renderer.js';

// Where no cell is (outside the shape, and cells a mask switched off): the stage's colour.
const BACKGROUND = '#e2e5ea';
// Cells drawn per unit of a progressive repaint's work (drawMore(n) draws n of these).
const CELLS_PER_UNIT = 64;

export class ShapeRenderer extends Renderer {
  constructor(canvas, overlay, stage, memory) {
    super(canvas, overlay, stage, memory);
    this.css = new Map(); // pixel -> CSS colour
    this.nextCell = null; // the next cell of a progressive repaint
  }

  setRun(run) {
    if (run) {
      this.geometry = geometryOf(run.shape(), run.width, run.height, run.ringStarts());
      this.on = new Uint8Array(run.cellCount).fill(1);
      for (const c of run.offCells()) this.on[c] = 0;
    }
    super.setRun(run);
  }

  /** Vector shapes have one style: walls as lines. */
  setStyle(style) {
    this.style = style;
    if (this.run) this.layout();
  }

  layout() {
    const run = this.run;
    if (!run) return;
    const dpr = window.devicePixelRatio || 1;
    const box = this.stage.getBoundingClientRect();
    const availW = Math.max(1, Math.floor((box.width - 2 * OVERLAY_MARGIN) * dpr));
    const availH = Math.max(1, Math.floor((box.height - 2 * OVERLAY_MARGIN) * dpr));
    const [gw, gh] = this.geometry.bounds;
    // Walls about a tenth of a cell, from one device pixel to three CSS pixels; none once
    // cells are smaller than three pixels (colours only).
    const fit = (pad) => Math.max(0.01, Math.min((availW - 2 * pad) / gw, (availH - 2 * pad) / gh));
    let k = fit(2 * dpr);
    const line = k < 3 ? 0 : Math.min(Math.max(1, k * 0.1), 3 * dpr);
    const pad = Math.ceil(line / 2 + dpr);
    k = fit(pad);
    const bw = Math.max(1, Math.ceil(gw * k + 2 * pad)), bh = Math.max(1, Math.ceil(gh * k + 2 * pad));
    // `pitch` and `cell` (a cell's size) for the overlay's markers; `wall` says whether
    // walls show at all.
    this.geo = { k, ox: pad, oy: pad, line, bw, bh, pitch: k, cell: k * 0.8, wall: line, w: run.width, h: run.height };
    if (this.canvas.width !== bw || this.canvas.height !== bh) {
      this.canvas.width = bw;
      this.canvas.height = bh;
    }
    const cssW = bw / dpr, cssH = bh / dpr;
    const snap = (start, size, inner) => Math.round((start + (size - inner) / 2) * dpr) / dpr - start;
    const left = snap(box.left, box.width, cssW), top = snap(box.top, box.height, cssH);
    Object.assign(this.canvas.style, { width: `${cssW}px`, height: `${cssH}px`, left: `${left}px`, top: `${top}px` });
    Object.assign(this.overlay.style, {
      width: `${cssW + 2 * OVERLAY_MARGIN}px`, height: `${cssH + 2 * OVERLAY_MARGIN}px`,
      left: `${left - OVERLAY_MARGIN}px`, top: `${top - OVERLAY_MARGIN}px`,
    });
    this.overlay.width = Math.max(1, Math.round((cssW + 2 * OVERLAY_MARGIN) * dpr));
    this.overlay.height = Math.max(1, Math.round((cssH + 2 * OVERLAY_MARGIN) * dpr));
    this.overlayScale = 1;
    this.overlayOffset = OVERLAY_MARGIN * dpr;
    this.colour = new Uint32Array(run.cellCount);
    this.rank = new Uint8Array(run.cellCount);
    this.overlayKey = '';
    this.nextCell = null;
    this.again = false;
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
      if (len * 3 > this.run.cellCount) {
        this.drawAll();
        return;
      }
      this.views();
      const dirty = new Uint32Array(this.memory.buffer, this.run.dirtyPtr(), len);
      for (let i = 0; i < len; i++) this.colour[dirty[i]] = this.cellColour(dirty[i]);
      this.paint(dirty, 0, len);
    }
    this.drawOverlay();
  }

  drawAll() {
    if (!this.run) return;
    this.measureDistances();
    const ctx = this.ctx;
    if (this.run.cellCount <= PROGRESSIVE_CELLS) {
      this.nextCell = null;
      this.views();
      this.colourRange(0, this.run.cellCount);
      ctx.fillStyle = BACKGROUND;
      ctx.fillRect(0, 0, this.geo.bw, this.geo.bh);
      this.paint(null, 0, this.run.cellCount);
      this.overlayKey = '';
      this.drawOverlay();
      return;
    }
    if (this.nextCell === null) {
      this.nextCell = 0;
      ctx.fillStyle = BACKGROUND;
      ctx.fillRect(0, 0, this.geo.bw, this.geo.bh);
    } else {
      this.again = true;
    }
    this.overlayKey = '';
    this.drawOverlay();
    this.onPending?.(this);
  }

  get pending() {
    return this.nextCell !== null;
  }

  /** Draws up to n units of a progressive repaint; true when it is complete. */
  drawMore(n) {
    if (!this.run || this.nextCell === null) return true;
    this.views();
    const from = this.nextCell, to = Math.min(this.run.cellCount, from + Math.max(1, n) * CELLS_PER_UNIT);
    this.colourRange(from, to);
    this.paint(null, from, to);
    if (to < this.run.cellCount) {
      this.nextCell = to;
      return false;
    }
    this.nextCell = null;
    if (this.again) {
      this.again = false;
      this.drawAll();
      return false;
    }
    this.overlayKey = '';
    this.drawOverlay();
    return true;
  }

  /**
   * Fills cells (list[from..to], or cells from..to when list is null) in their colours and
   * strokes their closed sides. Colours must be computed already. Each colour is one path;
   * a hairline of the fill colour around each cell hides the seams antialiasing leaves
   * between neighbours.
   */
  paint(list, from, to) {
    const { k, ox, oy, line } = this.geo;
    const { geometry, cells, colour, on, ctx } = this;
    const fills = new Map();
    const walls = line > 0 ? new Path2D() : null;
    for (let i = from; i < to; i++) {
      const c = list === null ? i : list[i];
      if (!on[c]) continue;
      let path = fills.get(colour[c]);
      if (!path) fills.set(colour[c], (path = new Path2D()));
      geometry.trace(path, c, k, ox, oy);
      if (walls) {
        const bits = cells[c];
        const sides = geometry.sides(c);
        for (let s = 0; s < sides; s++) if (!(bits & (1 << s))) geometry.side(walls, c, s, k, ox, oy);
      }
    }
    ctx.save();
    ctx.lineWidth = 1;
    ctx.lineJoin = 'round';
    for (const [pixelValue, path] of fills) {
      const css = this.cssOf(pixelValue);
      ctx.fillStyle = css;
      ctx.fill(path);
      ctx.strokeStyle = css;
      ctx.stroke(path);
    }
    if (walls) {
      ctx.lineWidth = line;
      ctx.lineCap = 'round';
      ctx.strokeStyle = COLOURS.wall;
      ctx.stroke(walls);
    }
    ctx.restore();
  }

  /** A colour from the tables (little-endian RGBA pixels) as CSS. */
  cssOf(value) {
    let css = this.css.get(value);
    if (!css) {
      css = `rgb(${value & 255},${(value >>> 8) & 255},${(value >>> 16) & 255})`;
      this.css.set(value, css);
    }
    return css;
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
