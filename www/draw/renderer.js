// The canvas. Reads cells, marks and groups straight out of wasm memory (views rebuilt every
// frame, because memory growth detaches old views), paints them into one ImageData and puts
// back only the rectangle that changed. Markers (start, goal, current cell, heading, player)
// go on a second canvas on top, drawn at screen resolution so they stay visible on big mazes.
//
// Both styles share one geometry: a tile grid of (2W+1) x (2H+1) tiles where even rows and
// columns are wall lines `wall` device pixels thick and odd ones are cells `cell` pixels
// wide. Block style uses wall == cell, or cell one pixel wider when that fills the screen
// better (the classic tile view); thin style uses thin walls. When cells get smaller than two
// pixels, thin style leaves walls out (wall == 0): one pixel per cell, marks only.

import { paintOf, patternInk } from '../run/world.js';
import { drawThinking } from './thinking.js';

// The mark and passage bits come from the module (useModuleBits), the one place they are
// defined; until then nothing is drawn.
export const MARK = {};
let N = 0, E = 0, S = 0, W = 0;

// Okabe–Ito, the colour-blind-safe palette; big areas (visited) get a light tint of it.
export const COLOURS = {
  wall: '#1d2330',
  passage: '#fbfaf7',
  uncarved: '#c9ced8',
  visited: '#a9d8f5', // sky blue, tinted
  frontier: '#e69f00', // orange
  active: '#cc79a7', // reddish purple
  path: '#d55e00', // vermillion
  walked: '#009e73', // bluish green
  special: '#f0e442', // yellow
  current: '#0072b2', // blue
  marker: '#111111',
  obstacle: '#4b5366', // a blocked cell: a block, lighter than the walls around it
  halo: '#ffffff',
};

/** The colour names of the mark bits, strongest first: a cell with several marks shows the first. */
const STRENGTH = ['walked', 'path', 'active', 'frontier', 'special', 'visited'];

/** Which colour each mark bit gets, strongest first, as [bit, colour name] (see useModuleBits). */
export const MARK_ORDER = [];

/** The colour name for a mark bit (for the legend). */
export function colourOfBit(bit) {
  const entry = MARK_ORDER.find(([b]) => b === bit);
  return entry ? COLOURS[entry[1]] : COLOURS.passage;
}

// CSS pixels of room around the maze for markers on border cells.
export const OVERLAY_MARGIN = 10;

// Above this many tiles per side the tile grid would need too much memory: show cells only.
const MAX_TILES = 4097;
// Mazes over this many cells are repainted whole a band of rows at a time (drawMore).
export const PROGRESSIVE_CELLS = 250_000;

// Set labels get one of 256 light hues; labels are hashed (Fibonacci hashing) so sets with
// neighbouring labels, often neighbours on the maze too, get unrelated hues.
const GROUP_PIXELS = Uint32Array.from({ length: 256 }, (_, i) => pixel(hslToHex((i * 360) / 256, 0.62, 0.74)));

// The distance map's colours, from pale yellow near its source to dark red far away (as the
// SVG worksheet shades cells: src/export.rs).
const DISTANCE_PIXELS = Uint32Array.from({ length: 256 }, (_, i) => {
  const mix = (near, far) => Math.round(near + ((far - near) * i) / 255);
  return pixel(`#${[mix(0xff, 0x9e), mix(0xf5, 0x1b), mix(0xd6, 0x1b)].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
});
/** CSS colours of the distance map's two ends, for the legend. */
export const DISTANCE_ENDS = ['#fff5d6', '#9e1b1b'];
// Distance value of a cell the source cannot reach.
const UNREACHED = 0xffffffff;

// Terrain by value (0 blocked .. 9): the palette's fill and pattern ink (www/run/world.js). Cost 1
// is the plain passage: unpainted cells cost 1 too.
const TERRAIN_PIXEL = Uint32Array.from({ length: 10 }, (_, v) => pixel(v <= 1 ? COLOURS.passage : paintOf(v).colour));
const TERRAIN_INK = Uint32Array.from({ length: 10 }, (_, v) => pixel(v <= 1 ? COLOURS.passage : paintOf(v).ink));
// Visited cells keep a tint of their terrain, so the terrain shows through a search even where
// cells are too small for patterns.
const TERRAIN_VISITED = Uint32Array.from({ length: 10 }, (_, v) => mixPixels(TERRAIN_PIXEL[v], pixel(COLOURS.visited), 0.45));
/** The pattern ink of terrain value `v` (for the shape renderer). */
export const terrainInk = (v) => TERRAIN_INK[v];

// Ranks decide the colour of an open passage between two cells: the weaker of the two, so a
// path drawn over a visited region reads as one line and regions stay connected.
const RANK_PLAIN = 0, RANK_VISITED = 1, RANK_GROUP = 2, RANK_STRONG = 3;
// Every possible mark byte looked up once here instead of bit by bit per cell per frame:
// its colour and rank when a bit other than VISITED decides (rank >= RANK_STRONG), else rank
// 0 or 1 and the cell's set or plain colour decides.
const MARK_PIXEL = new Uint32Array(256);
const MARK_RANK = new Uint8Array(256);

/**
 * Takes the mark and passage bits from the wasm module (`markBits`, `markNames`,
 * `passageBits`) and builds the colour tables from them. Call once, before drawing.
 */
export function useModuleBits(api) {
  const bits = Array.from(api.markBits());
  const names = Array.from(api.markNames());
  for (const [i, name] of names.entries()) MARK[name.toUpperCase()] = bits[i];
  [N, E, S, W] = Array.from(api.passageBits());
  MARK_ORDER.length = 0;
  for (const name of STRENGTH) MARK_ORDER.push([MARK[name.toUpperCase()], name]);
  for (let m = 0; m < 256; m++) {
    const strongest = MARK_ORDER.findIndex(([bit]) => bit !== MARK.VISITED && m & bit);
    if (strongest >= 0) {
      MARK_PIXEL[m] = pixel(COLOURS[MARK_ORDER[strongest][1]]);
      MARK_RANK[m] = RANK_STRONG + MARK_ORDER.length - strongest;
    } else {
      MARK_PIXEL[m] = pixel(COLOURS.visited);
      MARK_RANK[m] = m & MARK.VISITED ? RANK_VISITED : RANK_PLAIN;
    }
  }
}

export class Renderer {
  /**
   * @param {HTMLCanvasElement} canvas  the maze
   * @param {HTMLCanvasElement} overlay the markers, stacked on top of `canvas`
   * @param {HTMLElement} stage         the box the canvases fit into
   * @param {WebAssembly.Memory} memory the wasm module's memory
   */
  constructor(canvas, overlay, stage, memory) {
    this.canvas = canvas;
    this.overlay = overlay;
    this.stage = stage;
    this.memory = memory;
    // Both canvases are drawn by the CPU: the maze is an ImageData put back a rectangle at a
    // time, and a canvas kept on the GPU would copy it up again each frame (where the GPU is
    // emulated, as in WebKitGTK on llvmpipe, that took about 20 ms a frame; issue 27).
    this.ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
    this.octx = overlay.getContext('2d', { willReadFrequently: true });
    this.style = 'block';
    this.run = null;
    this.sawGroups = false;
    this.overlayKey = '';
    this.cursor = -1; // the keyboard's cell cursor (a cell index), -1 when hidden
    this.nextRow = null; // the next row of a progressive repaint, null when there is none
    this.again = false; // a repaint was asked for during one: go round once more
    this.onPending = null; // (renderer) => void: a progressive repaint needs frames
    this.px = {
      wall: pixel(COLOURS.wall), passage: pixel(COLOURS.passage), uncarved: pixel(COLOURS.uncarved),
      obstacle: pixel(COLOURS.obstacle),
    };
    this.distanceFrom = -1; // the distance map's source cell, -1 when the map is off
    this.distanceKey = '';
    this.distanceMax = 0;
    this.longest = null; // the longest path (Uint32Array of cells) while the map is on
    // How the search thinks (www/draw/thinking.js): arrows, numbers ('', 'g', 'h', 'f'), the
    // cell whose way back is traced (-1: none). `thought` is what the last overlay read.
    this.thinking = { arrows: false, numbers: '', trace: -1 };
    this.thought = null;
  }

  /** Arrows, numbers and trace back: any of { arrows, numbers, trace }; redraws the markers. */
  setThinking(change) {
    const next = { ...this.thinking, ...change };
    if (next.arrows === this.thinking.arrows && next.numbers === this.thinking.numbers && next.trace === this.thinking.trace) return;
    this.thinking = next;
    if (this.run && this.geo) this.drawOverlay();
  }

  /**
   * Colours every cell by its distance from cell `from` (-1: back to the algorithm's marks),
   * and marks the longest path. Measured again whenever the maze changed.
   */
  setDistanceFrom(from) {
    if (from === this.distanceFrom) return;
    this.distanceFrom = from;
    this.distanceKey = '';
    this.longest = null;
    if (this.run && this.geo) this.drawAll();
  }

  /** Measures the distance map for the maze as it is now, unless it already was. */
  measureDistances() {
    const run = this.run;
    if (this.distanceFrom < 0 || !run) return;
    const key = `${run.steps()}:${this.distanceFrom}`;
    if (key === this.distanceKey) return;
    this.distanceKey = key;
    this.distanceMax = run.measureDistances(this.distanceFrom);
    this.longest = run.longestPath(this.distanceFrom);
  }

  /** Shows a new run from its first step. */
  setRun(run) {
    this.run = run;
    this.sawGroups = false;
    this.distanceKey = '';
    if (run && this.distanceFrom >= run.cellCount) this.distanceFrom = -1;
    this.cursor = -1; // cell indices change with the size: the owner sets it again
    this.layout();
  }

  setStyle(style) {
    this.style = style;
    if (this.run) this.layout();
  }

  /**
   * The stage's box and the device pixels it leaves for the maze: room around it for markers
   * on border cells (the overlay reaches into it).
   */
  /**
   * Lays the canvas out again if its stage moved or changed size since it was placed (text
   * above it grew by a line): at once, so that the maze never shows out of place for a frame
   * and a click just after an edit lands on the cell that was seen.
   */
  keepPlaced() {
    if (!this.run) return;
    const box = this.stage.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    if (this.placedIn !== `${box.left} ${box.top} ${box.width} ${box.height} ${dpr}`) this.layout();
  }

  room() {
    const dpr = window.devicePixelRatio || 1;
    const box = this.stage.getBoundingClientRect();
    const availW = Math.max(1, Math.floor((box.width - 2 * OVERLAY_MARGIN) * dpr));
    const availH = Math.max(1, Math.floor((box.height - 2 * OVERLAY_MARGIN) * dpr));
    return { dpr, box, availW, availH };
  }

  /**
   * Gives the canvas bw x bh backing pixels shown at cssW x cssH CSS pixels, centred in the
   * stage on a whole device pixel (half a pixel off and every line is blurred), and the
   * overlay centred on it, larger by a margin on every side.
   */
  place({ dpr, box }, bw, bh, cssW, cssH) {
    this.placedIn = `${box.left} ${box.top} ${box.width} ${box.height} ${dpr}`;
    this.dpr = dpr; // the markers' scale: the screen's, or 1 for an animation's frames
    if (this.canvas.width !== bw || this.canvas.height !== bh) {
      this.canvas.width = bw;
      this.canvas.height = bh;
    }
    const snap = (start, size, inner) => Math.round((start + (size - inner) / 2) * dpr) / dpr - start;
    const left = snap(box.left, box.width, cssW), top = snap(box.top, box.height, cssH);
    Object.assign(this.canvas.style, { width: `${cssW}px`, height: `${cssH}px`, left: `${left}px`, top: `${top}px` });
    Object.assign(this.overlay.style, {
      width: `${cssW + 2 * OVERLAY_MARGIN}px`, height: `${cssH + 2 * OVERLAY_MARGIN}px`,
      left: `${left - OVERLAY_MARGIN}px`, top: `${top - OVERLAY_MARGIN}px`,
    });
    this.overlay.width = Math.max(1, Math.round((cssW + 2 * OVERLAY_MARGIN) * dpr));
    this.overlay.height = Math.max(1, Math.round((cssH + 2 * OVERLAY_MARGIN) * dpr));
    this.overlayScale = (cssW * dpr) / bw;
    this.overlayOffset = OVERLAY_MARGIN * dpr;
    this.image = this.ctx.createImageData(bw, bh);
    this.buf = new Uint32Array(this.image.data.buffer);
    this.overlayKey = '';
  }

  /** Recomputes the geometry for the stage's current size and redraws everything. */
  layout() {
    const run = this.run;
    if (!run) return;
    const room = this.room();
    const { dpr, availW, availH } = room;
    const w = run.width, h = run.height;
    // How thick the wall lines are for a given cell pitch: block tiles are (nearly) square,
    // thin walls about an eighth of a cell but within one device pixel and four CSS pixels.
    const wallOf = this.style === 'block'
      ? (pitch) => Math.floor(pitch / 2)
      : (pitch) => Math.min(Math.max(1, Math.round(pitch / 8)), Math.round(4 * dpr));
    // The largest whole pitch that fits: whole device pixels keep every line crisp.
    const fit = (cells, avail) => {
      let pitch = Math.floor(avail / cells);
      while (pitch > 1 && cells * pitch + wallOf(pitch) > avail) pitch--;
      return pitch;
    };
    const pitch = Math.min(fit(w, availW), fit(h, availH));
    let wall, cell;
    if (this.style === 'block' && 2 * Math.max(w, h) + 1 > MAX_TILES) [wall, cell] = [0, 1];
    else if (pitch >= 2) [wall, cell] = [wallOf(pitch), pitch - wallOf(pitch)];
    // Too small for walls: block style keeps one pixel per tile and lets the browser scale it
    // down; thin style shows one pixel per cell, marks only.
    else if (this.style === 'block') [wall, cell] = [1, 1];
    else [wall, cell] = [0, 1];
    this.geo = { w, h, wall, cell, pitch: wall + cell, bw: w * (wall + cell) + wall, bh: h * (wall + cell) + wall };
    const { bw, bh } = this.geo;
    // Crisp: one backing pixel per device pixel when it fits; scaled down only when the maze
    // needs more pixels than the screen has (then the browser averages).
    const scale = Math.min(1, availW / bw, availH / bh);
    this.place(room, bw, bh, (bw * scale) / dpr, (bh * scale) / dpr);
    this.colour = new Uint32Array(w * h);
    this.rank = new Uint8Array(w * h);
    // A new image: any repaint under way starts over.
    this.nextRow = null;
    this.again = false;
    this.drawAll();
  }

  /**
   * The cell under a point given in CSS pixels of the viewport (a click or tap), as [x, y];
   * null outside the maze. Goes through the same geometry as the drawing: the canvas's box on
   * screen (however the browser scaled it) maps to its backing pixels, and a point on a wall
   * line belongs to the nearer cell.
   */
  cellAt(clientX, clientY) {
    if (!this.run || !this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const { w, h, wall, pitch, bw, bh } = this.geo;
    const bx = ((clientX - rect.left) / rect.width) * bw;
    const by = ((clientY - rect.top) / rect.height) * bh;
    if (bx < 0 || by < 0 || bx > bw || by > bh) return null;
    const clamp = (v, n) => Math.min(n - 1, Math.max(0, v));
    return [clamp(Math.floor((bx - wall / 2) / pitch), w), clamp(Math.floor((by - wall / 2) / pitch), h)];
  }

  /** The index of the cell under a point of the viewport, or -1. */
  cellIndexAt(clientX, clientY) {
    const cell = this.cellAt(clientX, clientY);
    return cell ? cell[1] * this.geo.w + cell[0] : -1;
  }

  /** The index of cell [x, y] (the page's "X,Y"), or -1 outside. */
  indexOf([x, y]) {
    return this.run && x >= 0 && y >= 0 && x < this.run.width && y < this.run.height ? y * this.run.width + x : -1;
  }

  /**
   * The wall between two cells nearest a point of the viewport, as [cell, side] named from
   * the cell above or to the left (one name per wall, so edits of it never disagree); null
   * off the maze or where the nearest side is the border.
   */
  wallAt(clientX, clientY) {
    if (!this.run || !this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const { w, h, wall, pitch, bw, bh } = this.geo;
    const fx = ((((clientX - rect.left) / rect.width) * bw) - wall / 2) / pitch;
    const fy = ((((clientY - rect.top) / rect.height) * bh) - wall / 2) / pitch;
    if (fx < -0.5 || fy < -0.5 || fx > w + 0.5 || fy > h + 0.5) return null;
    const x = Math.min(w - 1, Math.max(0, Math.floor(fx))), y = Math.min(h - 1, Math.max(0, Math.floor(fy)));
    const u = fx - x, v = fy - y;
    const sides = [[v, 0, y > 0], [1 - u, 1, x + 1 < w], [1 - v, 2, y + 1 < h], [u, 3, x > 0]]
      .filter(([, , inside]) => inside).sort((a, b) => a[0] - b[0]);
    if (sides.length === 0) return null;
    const side = sides[0][1], c = y * w + x;
    if (side === 0) return [c - w, 2];
    if (side === 3) return [c - 1, 1];
    return [c, side];
  }

  /** The two cells a wall [cell, side] lies between (for the keyboard's wall edits). */
  wallFrom(c, side) {
    const w = this.geo.w, h = this.geo.h, x = c % w, y = (c - x) / w;
    if (side === 0) return y > 0 ? [c - w, 2] : null;
    if (side === 3) return x > 0 ? [c - 1, 1] : null;
    if (side === 1) return x + 1 < w ? [c, 1] : null;
    return y + 1 < h ? [c, 2] : null;
  }

  /** The wall on the side of cell c that (dx, dy) points to (the keyboard's wall edits). */
  wallToward(c, dx, dy) {
    return this.wallFrom(c, dy < 0 ? 0 : dx > 0 ? 1 : dy > 0 ? 2 : 3);
  }

  /** Shows the keyboard's cell cursor on (x, y), or hides it (null). */
  setCursor(point) {
    const cursor = point && this.run ? point[1] * this.run.width + point[0] : -1;
    if (cursor === this.cursor) return;
    this.cursor = cursor;
    if (this.run && this.geo) this.drawOverlay();
  }

  /** Whether walls are drawn at all (false when cells are a single pixel). */
  get showsWalls() {
    return this.geo ? this.geo.wall > 0 : true;
  }

  views() {
    const run = this.run, buffer = this.memory.buffer, n = run.cellCount;
    this.cells = new Uint8Array(buffer, run.cellsPtr(), n);
    // Play mode walks a bare maze (`bare`): the generator's last marks and sets are not drawn.
    if (!this.bare) this.marks = new Uint8Array(buffer, run.marksPtr(), n);
    else this.marks = this.bareMarks?.length === n ? this.bareMarks : (this.bareMarks = new Uint8Array(n));
    this.groups = new Uint32Array(buffer, run.groupsPtr(), n);
    this.distances = this.distanceFrom >= 0 ? new Uint32Array(buffer, run.distancesPtr(), n) : null;
    // 0 until something is painted; it moves when the layer is made: asked every time.
    const terrain = run.terrainPtr();
    this.terrain = terrain ? new Uint8Array(buffer, terrain, n) : null;
  }

  /** Colours (and passage ranks) of cells from..to: the algorithm's marks, or the distance map. */
  colourRange(from, to) {
    if (this.distances) {
      distanceColours(this.distances, this.distanceMax, this.colour, this.rank, from, to, this.px);
    } else if (computeColours(this.marks, this.run.hasLabels() && !this.bare ? this.groups : null, this.cells,
      this.colour, this.rank, from, to, this.px, this.terrain)) {
      this.sawGroups = true;
    }
  }

  /** colourRange for the cells of `list` only (indices in order). */
  colourList(list) {
    const groups = this.distances || !this.run.hasLabels() || this.bare ? null : this.groups;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (this.distances) distanceColours(this.distances, this.distanceMax, this.colour, this.rank, c, c + 1, this.px);
      else if (computeColours(this.marks, groups, this.cells, this.colour, this.rank, c, c + 1, this.px, this.terrain)) {
        this.sawGroups = true;
      }
    }
  }

  /** Draws what the last advance() changed: the dirty cells, or everything. */
  draw() {
    if (!this.run) return;
    // The distance map changes all over with any change: measured and painted whole.
    if (this.run.allDirty() || this.distanceFrom >= 0) {
      if (this.distanceFrom < 0 || `${this.run.steps()}:${this.distanceFrom}` !== this.distanceKey) this.drawAll();
      else this.drawOverlay();
      return;
    }
    this.views();
    const len = this.run.dirtyLen();
    if (len > 0) {
      const dirty = new Uint32Array(this.memory.buffer, this.run.dirtyPtr(), len);
      // Past about a third of the maze, one pass over everything is cheaper.
      if (len * 3 > this.run.cellCount) {
        this.drawAll();
        return;
      }
      const { w, pitch, wall } = this.geo;
      let minX = Infinity, minY = Infinity, maxX = -1, maxY = -1;
      for (let i = 0; i < len; i++) {
        const c = dirty[i];
        this.paintCell(c);
        const x = c % w, y = (c - x) / w;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      // A cell's repaint reaches into the wall lines around it.
      this.ctx.putImageData(this.image, 0, 0, minX * pitch, minY * pitch,
        (maxX - minX + 1) * pitch + wall, (maxY - minY + 1) * pitch + wall);
    }
    this.drawOverlay();
  }

  /**
   * Repaints every cell. Up to PROGRESSIVE_CELLS cells at once; a bigger maze is repainted a
   * band of rows at a time by drawMore (a whole repaint of 16 million cells takes longer than
   * a frame), and onPending() asks the owner for the frames to do it in. A repaint asked for
   * while one is under way goes round once more, so the last state always ends on screen.
   */
  drawAll() {
    if (!this.run) return;
    this.measureDistances();
    if (this.run.cellCount <= PROGRESSIVE_CELLS) {
      this.nextRow = null;
      this.views();
      this.paintRows(0, this.geo.h);
      this.ctx.putImageData(this.image, 0, 0);
      this.overlayKey = '';
      this.drawOverlay();
      return;
    }
    if (this.nextRow === null) this.nextRow = 0;
    else this.again = true;
    // The markers and the path line are cheap: they show at once, the cells follow.
    this.overlayKey = '';
    this.drawOverlay();
    this.onPending?.(this);
  }

  /** Whether a progressive repaint is under way. */
  get pending() {
    return this.nextRow !== null;
  }

  /** Paints up to `rows` more rows of a progressive repaint; true when it is complete. */
  drawMore(rows) {
    if (!this.run || this.nextRow === null) return true;
    this.views();
    const { h, pitch, wall, bw } = this.geo;
    const y0 = this.nextRow, y1 = Math.min(h, y0 + Math.max(1, rows));
    this.paintRows(y0, y1);
    const top = y0 * pitch;
    this.ctx.putImageData(this.image, 0, 0, 0, top, bw, (y1 - y0) * pitch + wall);
    if (y1 < h) {
      this.nextRow = y1;
      return false;
    }
    this.nextRow = this.again ? 0 : null;
    this.again = false;
    this.overlayKey = '';
    this.drawOverlay();
    return this.nextRow === null;
  }

  /** Paints rows y0 to y1 (not included) into the image, not yet onto the canvas. */
  paintRows(y0, y1) {
    const { w, h, wall, cell, pitch, bw } = this.geo;
    const { cells, buf, colour } = this;
    // Passages read the colour of the row below: colour one row more.
    const from = y0 * w, to = Math.min(h, y1 + 1) * w;
    this.colourRange(from, to);
    if (wall === 0) {
      // One pixel per cell: the colours are the image.
      if (cell === 1) buf.set(colour.subarray(y0 * w, y1 * w), y0 * w);
      else for (let c = y0 * w; c < y1 * w; c++) this.fill((c % w) * pitch, Math.floor(c / w) * pitch, cell, cell, colour[c]);
    } else if (wall === 1 && cell === 1) {
      // The common big-maze case, one pixel per tile, in a tight loop of its own: a function
      // call per tile would cost more than the pixel.
      paintSinglePixelTiles(buf, bw, w, h, y0, y1, cells, colour, this.rank, this.px, this.style === 'thin');
    } else {
      // The wall line above row y0 belongs to the rows before (their south passages).
      buf.fill(this.px.wall, (y0 === 0 ? 0 : y0 * pitch + wall) * bw, (y1 * pitch + wall) * bw);
      const thin = this.style === 'thin';
      const wallPx = this.px.wall;
      const inked = this.terrain !== null && cell >= 4 && !this.distances;
      for (let y = y0, c = y0 * w; y < y1; y++) {
        const py = y * pitch + wall;
        for (let x = 0; x < w; x++, c++) {
          const px = x * pitch + wall;
          const bits = cells[c];
          const east = bits & E && x + 1 < w;
          const south = bits & S && y + 1 < h;
          this.fill(px, py, cell, cell, colour[c]);
          if (inked && this.terrain[c] > 1) this.ink(px, py, cell, this.terrain[c]);
          if (east) this.fill(px + cell, py, wall, cell, this.edge(c, c + 1));
          if (south) this.fill(px, py + cell, cell, wall, this.edge(c, c + w));
          if (thin && east && south) {
            const corner = this.cornerColour(x + 1, y + 1);
            if (corner !== wallPx) this.fill(px + cell, py + cell, wall, wall, corner);
          }
        }
      }
    }
    this.paintGaps(y0, y1);
  }

  /**
   * The start's and the goal's gaps in the outer wall (exits: `run.startExit()`, `goalExit()`)
   * whose cells are in rows y0 to y1: the wall segment takes the cell's colour, as an open
   * passage does.
   */
  paintGaps(y0, y1) {
    const run = this.run;
    const { w, wall, cell, pitch } = this.geo;
    if (wall === 0) return;
    for (const [c, side] of [[run.start(), run.startExit?.() ?? -1], [run.goal(), run.goalExit?.() ?? -1]]) {
      const x = c % w, y = (c - x) / w;
      if (side < 0 || y < y0 || y >= y1) continue;
      const px = x * pitch + wall, py = y * pitch + wall;
      const [gx, gy, gw, gh] = [[px, py - wall, cell, wall], [px + cell, py, wall, cell],
        [px, py + cell, cell, wall], [px - wall, py, wall, cell]][side];
      this.fill(gx, gy, gw, gh, this.colour[c]);
    }
  }

  /** Colour of a cell from its marks and set; also records its rank for passages. */
  cellColour(c) {
    if (this.distances) {
      distanceColours(this.distances, this.distanceMax, this.colour, this.rank, c, c + 1, this.px);
      return this.colour[c];
    }
    const m = this.marks[c];
    const r = MARK_RANK[m];
    if (r >= RANK_STRONG) {
      this.rank[c] = r;
      return MARK_PIXEL[m];
    }
    const g = this.groups[c];
    if (g !== 0) {
      this.sawGroups = true;
      this.rank[c] = RANK_GROUP;
      return GROUP_PIXELS[Math.imul(g, 0x9e3779b1) >>> 24];
    }
    this.rank[c] = r;
    const t = this.terrain ? this.terrain[c] : 1;
    if (t === 0) return this.px.obstacle;
    if (r === RANK_VISITED) return t > 1 ? TERRAIN_VISITED[t] : MARK_PIXEL[m];
    if (t > 1) return TERRAIN_PIXEL[t];
    return this.cells[c] === 0 ? this.px.uncarved : this.px.passage;
  }

  /** The pattern of terrain value `t` over a cell's square (it shows through the marks). */
  ink(px, py, size, t) {
    const buf = this.buf, stride = this.geo.bw, ink = TERRAIN_INK[t];
    const unit = Math.max(1, Math.floor(size / 8));
    for (let y = py; y < py + size; y++) {
      for (let x = px, i = y * stride + px; x < px + size; x++, i++) {
        if (patternInk(t, x, y, unit)) buf[i] = ink;
      }
    }
  }

  /** Colour of the open passage between cells a and b (colours already computed). */
  edge(a, b) {
    const ca = this.colour[a], cb = this.colour[b];
    return ca === cb ? ca : passagePixel(ca, cb, this.rank[a], this.rank[b], this.px.passage);
  }

  /**
   * Thin style: the wall post at grid point (gx, gy) disappears when all four walls are open,
   * and takes the colour of the cells around it as a passage does (the weakest mark; plain
   * passage when the weakest disagree), so an open block of visited cells has no white hole.
   */
  cornerColour(gx, gy) {
    const { w, h } = this.geo;
    if (gx <= 0 || gy <= 0 || gx >= w || gy >= h) return this.px.wall;
    const nw = (gy - 1) * w + gx - 1, ne = nw + 1, sw = nw + w, se = sw + 1;
    const cells = this.cells;
    if (!(cells[nw] & E && cells[nw] & S && cells[ne] & S && cells[sw] & E)) return this.px.wall;
    let colour = this.px.passage, weakest = Infinity, mixed = false;
    for (const c of [nw, ne, sw, se]) {
      const col = this.cellColour(c), r = this.rank[c];
      if (r < weakest) [colour, weakest, mixed] = [col, r, false];
      else if (r === weakest && col !== colour) mixed = true;
    }
    return mixed ? this.px.passage : colour;
  }

  /** Repaints one cell and the wall lines around it (they depend on it too). */
  paintCell(c) {
    const { w, h, wall, cell, pitch } = this.geo;
    const x = c % w, y = (c - x) / w;
    const px = x * pitch + wall, py = y * pitch + wall;
    const col = (this.colour[c] = this.cellColour(c));
    this.fill(px, py, cell, cell, col);
    if (this.terrain && cell >= 4 && !this.distances && this.terrain[c] > 1) this.ink(px, py, cell, this.terrain[c]);
    if (wall === 0) return;
    const bits = this.cells[c];
    const neighbour = (d) => ((this.colour[d] = this.cellColour(d)), d);
    const wallPx = this.px.wall;
    this.fill(px, py - wall, cell, wall, bits & N && y > 0 ? this.edge(c, neighbour(c - w)) : wallPx);
    this.fill(px, py + cell, cell, wall, bits & S && y + 1 < h ? this.edge(c, neighbour(c + w)) : wallPx);
    this.fill(px - wall, py, wall, cell, bits & W && x > 0 ? this.edge(c, neighbour(c - 1)) : wallPx);
    this.fill(px + cell, py, wall, cell, bits & E && x + 1 < w ? this.edge(c, neighbour(c + 1)) : wallPx);
    if (this.style === 'thin') {
      this.fill(px - wall, py - wall, wall, wall, this.cornerColour(x, y));
      this.fill(px + cell, py - wall, wall, wall, this.cornerColour(x + 1, y));
      this.fill(px - wall, py + cell, wall, wall, this.cornerColour(x, y + 1));
      this.fill(px + cell, py + cell, wall, wall, this.cornerColour(x + 1, y + 1));
    }
    if (c === this.run.start() || c === this.run.goal()) this.paintGaps(y, y + 1);
  }

  fill(x, y, fw, fh, col) {
    const buf = this.buf, stride = this.geo.bw;
    if (fw === 1) {
      for (let i = y * stride + x, end = i + fh * stride; i < end; i += stride) buf[i] = col;
    } else if (fw < 8) {
      for (let row = 0; row < fh; row++) {
        const start = (y + row) * stride + x;
        for (let i = start; i < start + fw; i++) buf[i] = col;
      }
    } else {
      for (let row = 0; row < fh; row++) {
        const start = (y + row) * stride + x;
        buf.fill(col, start, start + fw);
      }
    }
  }

  /** Centre of a cell in overlay pixels, with the overlay size of a cell pitch and of a cell. */
  cellCentre(c) {
    const { w, wall, cell, pitch } = this.geo;
    const k = this.overlayScale, o = this.overlayOffset;
    const x = c % w, y = (c - x) / w;
    return [o + (x * pitch + wall + cell / 2) * k, o + (y * pitch + wall + cell / 2) * k, pitch * k, cell * k];
  }

  /** Start, goal, current cell, heading and player. Redrawn only when one of them moved. */
  drawOverlay() {
    const run = this.run;
    const phase = run.phase();
    const walking = run.algorithm() === 'player';
    const current = run.current();
    const heading = run.heading();
    const { arrows, numbers, trace } = this.thinking;
    const thinks = arrows || numbers || trace >= 0;
    const thinkingKey = thinks ? `${run.steps()}:${arrows}:${numbers}:${trace}:${run.dirtyLen()}` : '';
    const key = `${this.overlay.width}x${this.overlay.height}:${phase}:${current}:${heading}:${walking}:${this.geo.bw}:${this.cursor}:${this.distanceKey}:${this.distanceFrom}:${thinkingKey}:${this.extraOverlay?.key() ?? ''}`;
    if (key === this.overlayKey) return;
    this.overlayKey = key;
    const ctx = this.octx;
    ctx.clearRect(0, 0, this.overlay.width, this.overlay.height);
    const dpr = this.dpr ?? (window.devicePixelRatio || 1);
    const minSize = 10 * dpr; // markers never shrink below ~10 CSS pixels
    const marker = (c) => {
      const [x, y, pitch, cell] = this.cellCentre(c);
      return [x, y, Math.max(pitch, minSize), Math.max(cell, minSize)];
    };

    if (this.distanceFrom >= 0 && this.longest) this.drawLongest(ctx, dpr);
    else if (walking || phase === 'done') this.drawPathDots(ctx, dpr);
    this.thought = thinks ? drawThinking(this, ctx, dpr, this.thinking) : null;
    // Play mode's route and comparison (www/play/play-mode.js) under the markers, its walker over them.
    this.extraOverlay?.under(ctx, dpr, this);
    const [sx, sy, sPitch] = marker(run.start());
    drawStart(ctx, sx, sy, sPitch, dpr);
    if (walking && current >= 0) {
      const [x, y, pitch] = marker(current);
      drawPlayer(ctx, x, y, pitch, dpr);
    }
    // Every goal a flag (several: the search stops at the nearest), each waypoint its number.
    for (const goal of run.goals()) {
      const [gx, gy, gPitch] = marker(goal);
      drawGoal(ctx, gx, gy, gPitch, dpr);
    }
    run.waypoints().forEach((cell, i) => {
      const [x, y, pitch] = marker(cell);
      drawWaypoint(ctx, x, y, pitch, dpr, i + 1);
    });
    if (!walking && current >= 0 && phase !== 'done') {
      const [x, y, pitch, cell] = marker(current);
      drawCurrent(ctx, x, y, cell, dpr);
      if (heading >= 0) drawHeading(ctx, x, y, pitch, this.headingAngle(current, heading));
    }
    if (this.cursor >= 0 && this.cursor < run.cellCount) {
      const [x, y, , cell] = marker(this.cursor);
      drawCursor(ctx, x, y, cell, dpr);
    }
    this.extraOverlay?.over(ctx, dpr, this);
  }

  /** The direction of a heading (a side of cell c) on screen: north, east, south or west. */
  headingAngle(c, heading) {
    return [-Math.PI / 2, 0, Math.PI / 2, Math.PI][heading] ?? 0;
  }

  // When the maze is scaled down to fit, a one-pixel path disappears in the averaging: draw
  // the found path (and the walk over it) again on the overlay as a line at least a CSS pixel
  // and a half wide, from the path's own cell list (pathPtr/pathLen) in path order.
  drawPathDots(ctx, dpr) {
    const width = 1.5 * dpr;
    const { pitch } = this.geo;
    if (pitch * this.overlayScale >= width) return;
    const run = this.run;
    const len = run.pathLen();
    if (len === 0) return;
    this.views();
    // A fresh view each time: memory can grow and detach old ones.
    const path = new Uint32Array(this.memory.buffer, run.pathPtr(), len);
    // The player walks the path in order, so the walked cells are a prefix of it.
    let walked = 0;
    while (walked < len && this.marks[path[walked]] & MARK.WALKED) walked++;
    const stroke = (from, to, colour) => {
      if (to - from < 1) return;
      ctx.strokeStyle = colour;
      ctx.beginPath();
      const [x0, y0] = this.cellCentre(path[from]);
      ctx.moveTo(x0, y0);
      // Only the corners: a straight stretch is one segment however many cells it crosses,
      // which keeps a path of many thousand cells cheap to stroke. A corner is where the step
      // from one cell to the next (±1 or ±width in the numbering) changes.
      for (let i = from + 1; i < to - 1; i++) {
        if (path[i] - path[i - 1] !== path[i + 1] - path[i]) {
          const [x, y] = this.cellCentre(path[i]);
          ctx.lineTo(x, y);
        }
      }
      if (to - from > 1) {
        const [x, y] = this.cellCentre(path[to - 1]);
        ctx.lineTo(x, y);
      }
      if (to - from === 1) ctx.lineTo(x0 + 0.01, y0);
      ctx.stroke();
    };
    ctx.save();
    ctx.lineWidth = width;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    stroke(Math.max(0, walked - 1), len, COLOURS.path);
    stroke(0, walked, COLOURS.walked);
    ctx.restore();
  }

  // The distance map's longest path: a dark line through the cells' centres with a ring at
  // each end, and the source of the map as a small diamond.
  drawLongest(ctx, dpr) {
    const path = this.longest;
    ctx.save();
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    if (path.length > 0) {
      const line = () => {
        ctx.beginPath();
        for (let i = 0; i < path.length; i++) {
          const [x, y] = this.cellCentre(path[i]);
          if (i === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        if (path.length === 1) ctx.lineTo(...this.cellCentre(path[0]).slice(0, 2));
      };
      const width = Math.max(2 * dpr, Math.min(this.cellCentre(path[0])[3] * 0.25, 6 * dpr));
      line();
      ctx.strokeStyle = COLOURS.halo;
      ctx.lineWidth = width + 2 * dpr;
      ctx.stroke();
      line();
      ctx.strokeStyle = COLOURS.current;
      ctx.lineWidth = width;
      ctx.stroke();
      for (const end of [path[0], path[path.length - 1]]) {
        const [x, y, , cell] = this.cellCentre(end);
        const r = Math.max(4 * dpr, cell * 0.3);
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fillStyle = COLOURS.halo;
        ctx.fill();
        ctx.lineWidth = 2 * dpr;
        ctx.strokeStyle = COLOURS.current;
        ctx.stroke();
      }
    }
    const [sx, sy, , cell] = this.cellCentre(this.distanceFrom);
    const r = Math.max(5 * dpr, cell * 0.32);
    ctx.beginPath();
    ctx.moveTo(sx, sy - r);
    ctx.lineTo(sx + r, sy);
    ctx.lineTo(sx, sy + r);
    ctx.lineTo(sx - r, sy);
    ctx.closePath();
    ctx.fillStyle = COLOURS.marker;
    ctx.fill();
    ctx.lineWidth = 1.5 * dpr;
    ctx.strokeStyle = COLOURS.halo;
    ctx.stroke();
    ctx.restore();
  }

  /** Pixels of the maze canvas (for tests and benchmarks). */
  snapshot() {
    return this.ctx.getImageData(0, 0, this.canvas.width, this.canvas.height);
  }
}

// Colours and ranks of cells from..to (see cellColour); returns whether any has a set label.
// `groups` is null when there are no labels. A plain function over local typed arrays: this
// loop runs a million times per full redraw.
export function computeColours(marks, groups, cells, colour, rank, from, to, px, terrain = null) {
  let sawGroups = false;
  const passage = px.passage, uncarved = px.uncarved;
  for (let c = from; c < to; c++) {
    const m = marks[c];
    const r = MARK_RANK[m];
    if (r >= RANK_STRONG) {
      rank[c] = r;
      colour[c] = MARK_PIXEL[m];
      continue;
    }
    const g = groups === null ? 0 : groups[c];
    if (g !== 0) {
      sawGroups = true;
      rank[c] = RANK_GROUP;
      colour[c] = GROUP_PIXELS[Math.imul(g, 0x9e3779b1) >>> 24];
    } else {
      rank[c] = r;
      const t = terrain === null ? 1 : terrain[c];
      // An obstacle is a block of wall; painted terrain its colour unless visited.
      if (t === 0) colour[c] = px.obstacle;
      else if (r === RANK_VISITED) colour[c] = t > 1 ? TERRAIN_VISITED[t] : MARK_PIXEL[m];
      else if (t > 1) colour[c] = TERRAIN_PIXEL[t];
      else colour[c] = cells[c] === 0 ? uncarved : passage;
    }
  }
  return sawGroups;
}

// The distance map's colours of cells from..to. Ranks alternate with the distance, so the
// passage between two joined cells (always one apart) takes one of their colours.
export function distanceColours(distances, max, colour, rank, from, to, px) {
  const scale = 255 / Math.max(1, max);
  for (let c = from; c < to; c++) {
    const d = distances[c];
    if (d === UNREACHED) {
      colour[c] = px.uncarved;
      rank[c] = RANK_PLAIN;
    } else {
      colour[c] = DISTANCE_PIXELS[Math.min(255, Math.round(d * scale))];
      rank[c] = 1 + (d & 1);
    }
  }
}

// Block or thin style with one pixel per tile: cell (x, y) is pixel (2x+1, 2y+1). Each cell
// writes its own pixel and the two east and south of it, row after row. Whether a side is open
// is as good as random in a maze, so it picks the pixel with bit masks rather than branches
// (a mispredicted branch per side cost more than the rest of the work).
function paintSinglePixelTiles(buf, bw, w, h, y0, y1, cells, colour, rank, px, thin) {
  const wallPx = px.wall, passage = px.passage;
  if (y0 === 0) buf.fill(wallPx, 0, bw);
  for (let y = y0, c = y0 * w; y < y1; y++) {
    const notLastRow = y + 1 < h ? 1 : 0;
    let i = (2 * y + 1) * bw;
    buf[i] = wallPx;
    buf[i + bw] = wallPx;
    i++;
    for (let x = 0; x < w; x++, c++, i += 2) {
      const col = colour[c];
      const bits = cells[c];
      const eastOpen = (bits >> 1) & 1 & (x + 1 < w ? 1 : 0);
      const southOpen = (bits >> 2) & 1 & notLastRow;
      // The neighbour's index when that side is open, else the cell's own (always in range).
      const e = c + eastOpen, s = c + w * southOpen;
      const eastMask = -eastOpen, southMask = -southOpen; // all ones when open, else zero
      const eastPx = colour[e] === col ? col : passagePixel(col, colour[e], rank[c], rank[e], passage);
      const southPx = colour[s] === col ? col : passagePixel(col, colour[s], rank[c], rank[s], passage);
      buf[i] = col;
      buf[i + 1] = (eastPx & eastMask) | (wallPx & ~eastMask);
      buf[i + bw] = (southPx & southMask) | (wallPx & ~southMask);
      // Thin style: the post between four cells goes when all four walls around it are open.
      buf[i + bw + 1] = thin && eastOpen & southOpen && (cells[c + 1] & S) !== 0 && (cells[c + w] & E) !== 0
        ? passage : wallPx;
    }
  }
}

// The pixel of an open passage between two cells of different colours: the stronger mark's
// (lower rank), or plain passage when they rank the same.
function passagePixel(col, other, ra, rb, passage) {
  return ra === rb ? passage : ra < rb ? col : other;
}

function drawStart(ctx, x, y, size, dpr) {
  const r = size * 0.3;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.halo;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5 * dpr, size * 0.1);
  ctx.strokeStyle = COLOURS.marker;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, r * 0.35, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.marker;
  ctx.fill();
}

// A waypoint: a ring with its number in order (1, 2, …), drawn as text on the canvas.
function drawWaypoint(ctx, x, y, size, dpr, number) {
  const r = size * 0.36;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.halo;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5 * dpr, size * 0.08);
  ctx.strokeStyle = COLOURS.marker;
  ctx.stroke();
  ctx.fillStyle = COLOURS.marker;
  ctx.font = `bold ${Math.max(8 * dpr, r * 1.3)}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(number), x, y + r * 0.05);
}

// A flag: the goal the walker heads for.
function drawGoal(ctx, x, y, size, dpr) {
  const s = size * 0.8;
  const left = x - s * 0.3, top = y - s * 0.45, bottom = y + s * 0.45;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const pennant = () => {
    ctx.beginPath();
    ctx.moveTo(left, top);
    ctx.lineTo(left + s * 0.65, top + s * 0.2);
    ctx.lineTo(left, top + s * 0.42);
    ctx.closePath();
  };
  // White halo first so the flag reads on any colour.
  ctx.strokeStyle = COLOURS.halo;
  ctx.lineWidth = Math.max(3 * dpr, s * 0.22);
  ctx.beginPath();
  ctx.moveTo(left, bottom);
  ctx.lineTo(left, top);
  ctx.stroke();
  pennant();
  ctx.stroke();
  ctx.strokeStyle = COLOURS.marker;
  ctx.lineWidth = Math.max(1.2 * dpr, s * 0.09);
  ctx.beginPath();
  ctx.moveTo(left, bottom);
  ctx.lineTo(left, top);
  ctx.stroke();
  pennant();
  ctx.fillStyle = COLOURS.special;
  ctx.fill();
  ctx.stroke();
}

function drawPlayer(ctx, x, y, size, dpr) {
  ctx.beginPath();
  ctx.arc(x, y, size * 0.34, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.current;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5 * dpr, size * 0.08);
  ctx.strokeStyle = COLOURS.halo;
  ctx.stroke();
}

// A blue frame with a light blue fill, haloed in white: visible on every mark colour.
function drawCurrent(ctx, x, y, size, dpr) {
  const half = size * 0.5;
  const line = Math.min(Math.max(2.5 * dpr, size * 0.1), 5 * dpr);
  ctx.fillStyle = 'rgba(0, 114, 178, 0.28)';
  ctx.fillRect(x - half, y - half, size, size);
  ctx.lineWidth = line + 2 * dpr;
  ctx.strokeStyle = COLOURS.halo;
  ctx.strokeRect(x - half, y - half, size, size);
  ctx.lineWidth = line;
  ctx.strokeStyle = COLOURS.current;
  ctx.strokeRect(x - half, y - half, size, size);
}

// The keyboard's cell cursor: a dashed frame, dark on a white halo, unlike the solid blue
// frame of the current cell.
function drawCursor(ctx, x, y, size, dpr) {
  const half = size * 0.5 + dpr;
  ctx.save();
  ctx.lineWidth = 4 * dpr;
  ctx.strokeStyle = COLOURS.halo;
  ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
  ctx.lineWidth = 2 * dpr;
  ctx.setLineDash([3 * dpr, 2 * dpr]);
  ctx.strokeStyle = COLOURS.marker;
  ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
  ctx.restore();
}

// The wall follower's heading: a triangle pointing along `angle` (radians, clockwise from
// the east, as y grows downwards).
function drawHeading(ctx, x, y, size, angle) {
  const r = size * 0.32;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  // An arrowhead with a notch at the back: it reads as pointing one way at any angle (a plain
  // triangle turned 30° looks as if it pointed elsewhere).
  ctx.beginPath();
  ctx.moveTo(r, 0);
  ctx.lineTo(-r * 0.6, r * 0.6);
  ctx.lineTo(-r * 0.25, 0);
  ctx.lineTo(-r * 0.6, -r * 0.6);
  ctx.closePath();
  ctx.fillStyle = COLOURS.current;
  ctx.fill();
  ctx.restore();
}

/** Two ImageData pixels mixed, `share` of the second. */
function mixPixels(a, b, share) {
  let out = 255 << 24;
  for (const shift of [0, 8, 16]) {
    const x = (a >>> shift) & 255, y = (b >>> shift) & 255;
    out |= Math.round(x + (y - x) * share) << shift;
  }
  return out >>> 0;
}

/** '#rrggbb' -> the Uint32 an ImageData view holds (little-endian RGBA). */
export function pixel(hex) {
  const v = parseInt(hex.slice(1), 16);
  const r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

function hslToHex(h, s, l) {
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}
