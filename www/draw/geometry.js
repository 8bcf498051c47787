// Where the cells of each grid shape lie, for drawing and for picking a cell under the
// pointer. The same layout as the core's (src/topology: `position`, and outline.rs for the
// sides), in its units: about one cell across, y downwards. Sides are numbered clockwise as in
// the core, and a cell's passage through side s is bit 1 << s of its byte.
//
//   square    side 0 north, 1 east, 2 south, 3 west
//   hex       flat-topped, odd columns half a cell lower: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
//   triangle  (x + y) even points up (sides 0 E, 1 S, 2 W), odd points down (0 N, 1 E, 2 W)
//   weave     square cells; side 4 + d is a tunnel under the neighbour through side d
//   polar     rings around a centre cell; 0 inward, 1 counter-clockwise, 2 and 3 outward
//             (two when the next ring splits the cell), 4 clockwise; the centre's side k
//             leads to ring 1's cell k. Ring starts come from the module (ringStarts).

const TAU = Math.PI * 2;
const SQRT3 = Math.sqrt(3);
const HEX_RADIUS = 1 / SQRT3;
const TRI_HEIGHT = SQRT3 / 2;
// A hexagon's corners around its centre: side s runs from the corner at 240° + 60°·s to the next.
const HEX_CORNERS = Array.from({ length: 6 }, (_, i) => {
  const angle = ((240 + 60 * i) * Math.PI) / 180;
  return [HEX_RADIUS * Math.cos(angle), HEX_RADIUS * Math.sin(angle)];
}).flat();

/**
 * The geometry of a grid.
 * @param {string} shape  'square', 'hex', 'triangle' or 'polar'
 * @param {number} width  columns (not used for polar)
 * @param {number} height rows, or rings for polar
 * @param {Uint32Array|number[]} [ringStarts] polar: the first cell of each ring, then the count
 */
export function geometryOf(shape, width, height, ringStarts = []) {
  switch (shape) {
    case 'hex': return new HexGeometry(width, height);
    case 'triangle': return new TriangleGeometry(width, height);
    case 'polar': return new PolarGeometry(height, ringStarts);
    case 'weave': return new WeaveGeometry(width, height);
    default: return new SquareGeometry(width, height);
  }
}

class RowGeometry {
  constructor(width, height) {
    this.width = width;
    this.height = height;
    this.cellCount = width * height;
  }

  /** The cell's column and row, as the page's "X,Y" names it. */
  place(c) {
    const x = c % this.width;
    return [x, (c - x) / this.width];
  }

  /** The cell at a column and row, or -1. */
  index(x, y) {
    return x >= 0 && y >= 0 && x < this.width && y < this.height ? y * this.width + x : -1;
  }

  /** Moves a cursor by whole columns and rows, staying inside. */
  move(c, dx, dy) {
    const [x, y] = this.place(c);
    const nx = Math.min(this.width - 1, Math.max(0, x + dx)), ny = Math.min(this.height - 1, Math.max(0, y + dy));
    return this.index(nx, ny);
  }

  /**
   * Adds the cell's outline to the current path (already scaled: px = ox + k * x). Closed by a
   * line back to the first corner, not closePath(): Chromium's closePath takes time in
   * proportion to the path's length, so a path of many cells took seconds.
   */
  trace(ctx, c, k, ox, oy) {
    const points = this.corners(c);
    const x0 = ox + k * points[0], y0 = oy + k * points[1];
    ctx.moveTo(x0, y0);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(ox + k * points[i], oy + k * points[i + 1]);
    ctx.lineTo(x0, y0);
  }

  /** Adds side s of the cell to the current path. */
  side(ctx, c, s, k, ox, oy) {
    const p = this.corners(c), n = p.length;
    const a = 2 * s, b = (2 * s + 2) % n;
    ctx.moveTo(ox + k * p[a], oy + k * p[a + 1]);
    ctx.lineTo(ox + k * p[b], oy + k * p[b + 1]);
  }

  /** Where side s lies: { line: [ax, ay, bx, by] }. */
  sideShape(c, s) {
    const p = this.corners(c), n = p.length;
    const a = 2 * s, b = (2 * s + 2) % n;
    return { line: [p[a], p[a + 1], p[b], p[b + 1]] };
  }

  /** The middle of side s (for the wall follower's heading). */
  sideMiddle(c, s) {
    const p = this.corners(c), n = p.length;
    const a = 2 * s, b = (2 * s + 2) % n;
    return [(p[a] + p[b]) / 2, (p[a + 1] + p[b + 1]) / 2];
  }
}

class SquareGeometry extends RowGeometry {
  constructor(width, height) {
    super(width, height);
    this.shape = 'square';
    this.bounds = [width, height];
  }

  sides() {
    return 4;
  }

  corners(c) {
    const [x, y] = this.place(c);
    return [x, y, x + 1, y, x + 1, y + 1, x, y + 1];
  }

  centre(c) {
    const [x, y] = this.place(c);
    return [x + 0.5, y + 0.5];
  }

  cellAt(px, py) {
    return this.index(Math.floor(px), Math.floor(py));
  }
}

// Square cells whose passages may cross under one another: side 4 + d is a tunnel under the
// neighbour through side d to the cell beyond. Drawn inset (shape-renderer.js's weaveMap).
class WeaveGeometry extends SquareGeometry {
  constructor(width, height) {
    super(width, height);
    this.shape = 'weave';
  }
}

class HexGeometry extends RowGeometry {
  constructor(width, height) {
    super(width, height);
    this.shape = 'hex';
    this.bounds = [HEX_RADIUS * (1.5 * width + 0.5), height + (width > 1 ? 0.5 : 0)];
  }

  sides() {
    return 6;
  }

  centre(c) {
    const [x, y] = this.place(c);
    return [HEX_RADIUS + x * 1.5 * HEX_RADIUS, 0.5 + y + (x % 2 === 1 ? 0.5 : 0)];
  }

  corners(c) {
    const [cx, cy] = this.centre(c);
    const points = new Array(12);
    for (let i = 0; i < 12; i += 2) {
      points[i] = cx + HEX_CORNERS[i];
      points[i + 1] = cy + HEX_CORNERS[i + 1];
    }
    return points;
  }

  // Hexagons are the cells nearest their centres: try the columns and rows around the point.
  // Runs for every pixel of the page's pixel map: plain arithmetic, no arrays.
  cellAt(px, py) {
    const column = Math.floor((px - HEX_RADIUS / 2) / (1.5 * HEX_RADIUS));
    let best = -1, bestDistance = HEX_RADIUS * HEX_RADIUS;
    for (let x = Math.max(0, column - 1); x <= column + 1 && x < this.width; x++) {
      const shift = x % 2 === 1 ? 0.5 : 0;
      const cx = HEX_RADIUS + x * 1.5 * HEX_RADIUS;
      const row = Math.floor(py - shift);
      for (let y = Math.max(0, row - 1); y <= row + 1 && y < this.height; y++) {
        const cy = 0.5 + y + shift;
        const d = (cx - px) * (cx - px) + (cy - py) * (cy - py);
        if (d <= bestDistance) {
          best = y * this.width + x;
          bestDistance = d;
        }
      }
    }
    return best;
  }
}

class TriangleGeometry extends RowGeometry {
  constructor(width, height) {
    super(width, height);
    this.shape = 'triangle';
    this.bounds = [(width + 1) * 0.5, height * TRI_HEIGHT];
  }

  sides() {
    return 3;
  }

  corners(c) {
    const [x, y] = this.place(c);
    const left = x * 0.5, top = y * TRI_HEIGHT, bottom = (y + 1) * TRI_HEIGHT;
    return (x + y) % 2 === 0
      ? [left + 0.5, top, left + 1, bottom, left, bottom] // apex, base right, base left
      : [left, top, left + 1, top, left + 0.5, bottom]; // top left, top right, apex
  }

  centre(c) {
    const [x, y] = this.place(c);
    const third = ((x + y) % 2 === 0 ? 2 : 1) / 3;
    return [(x + 1) * 0.5, (y + third) * TRI_HEIGHT];
  }

  cellAt(px, py) {
    const y = Math.floor(py / TRI_HEIGHT);
    if (y < 0 || y >= this.height) return -1;
    // Two triangles overlap each half-cell column: the one that holds the point.
    const guess = Math.floor(px * 2);
    for (const x of [guess - 1, guess]) {
      const c = this.index(x, y);
      if (c >= 0 && inside(this.corners(c), px, py)) return c;
    }
    return -1;
  }
}

// Whether a point lies in a triangle given as six numbers (on an edge counts).
function inside(p, x, y) {
  const cross = (ax, ay, bx, by) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  const d1 = cross(p[0], p[1], p[2], p[3]), d2 = cross(p[2], p[3], p[4], p[5]), d3 = cross(p[4], p[5], p[0], p[1]);
  const negative = d1 < 0 || d2 < 0 || d3 < 0, positive = d1 > 0 || d2 > 0 || d3 > 0;
  return !(negative && positive);
}

class PolarGeometry {
  constructor(rings, ringStarts) {
    this.shape = 'polar';
    this.rings = rings;
    this.starts = Uint32Array.from(ringStarts);
    if (this.starts.length !== rings + 1) throw new Error(`polar geometry: ${rings} rings need ${rings + 1} ring starts, got ${this.starts.length}`);
    this.cellCount = this.starts[rings];
    this.bounds = [2 * rings, 2 * rings];
    this.width = this.starts[rings] - this.starts[rings - 1]; // the outer ring's cells
    this.height = rings;
  }

  count(ring) {
    return this.starts[ring + 1] - this.starts[ring];
  }

  ringOf(c) {
    // Binary search: the last ring that starts at or before c.
    let lo = 0, hi = this.rings - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= c) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** [place in the ring, ring], as the page's "X,Y" names a polar cell. */
  place(c) {
    const ring = this.ringOf(c);
    return [c - this.starts[ring], ring];
  }

  index(x, y) {
    if (y < 0 || y >= this.rings || x < 0 || x >= this.count(y)) return -1;
    return this.starts[y] + x;
  }

  /** Left and right go round the ring, up and down in and out (keeping the angle). */
  move(c, dx, dy) {
    let [i, ring] = this.place(c);
    if (dx !== 0) {
      const n = this.count(ring);
      i = (((i + dx) % n) + n) % n;
    }
    if (dy !== 0) {
      const next = Math.min(this.rings - 1, Math.max(0, ring + dy));
      i = Math.floor(((i + 0.5) / this.count(ring)) * this.count(next));
      ring = next;
    }
    return this.index(i, ring);
  }

  sides(c) {
    if (c === 0) return this.rings > 1 ? this.count(1) : 0;
    return 5;
  }

  // Angles of a cell in its ring, clockwise from the east.
  span(c) {
    const [i, ring] = this.place(c);
    const n = this.count(ring);
    return [ring, (TAU * i) / n, (TAU * (i + 1)) / n];
  }

  splits(ring) {
    return ring + 1 < this.rings && this.count(ring + 1) > this.count(ring);
  }

  centre(c) {
    const r = this.rings;
    if (c === 0) return [r, r];
    const [ring, from, to] = this.span(c);
    const angle = (from + to) / 2, radius = ring + 0.5;
    return [r + radius * Math.cos(angle), r + radius * Math.sin(angle)];
  }

  trace(ctx, c, k, ox, oy) {
    const cx = ox + k * this.rings, cy = oy + k * this.rings;
    if (c === 0) {
      ctx.moveTo(cx + k, cy);
      ctx.arc(cx, cy, k, 0, TAU);
      return;
    }
    const [ring, from, to] = this.span(c);
    const x0 = cx + k * ring * Math.cos(from), y0 = cy + k * ring * Math.sin(from);
    ctx.moveTo(x0, y0);
    ctx.arc(cx, cy, k * ring, from, to);
    ctx.arc(cx, cy, k * (ring + 1), to, from, true);
    ctx.lineTo(x0, y0); // not closePath(): see trace above
  }

  side(ctx, c, s, k, ox, oy) {
    const cx = ox + k * this.rings, cy = oy + k * this.rings;
    const arc = (radius, from, to) => {
      ctx.moveTo(cx + k * radius * Math.cos(from), cy + k * radius * Math.sin(from));
      ctx.arc(cx, cy, k * radius, from, to);
    };
    const radial = (angle, inner) => {
      ctx.moveTo(cx + k * inner * Math.cos(angle), cy + k * inner * Math.sin(angle));
      ctx.lineTo(cx + k * (inner + 1) * Math.cos(angle), cy + k * (inner + 1) * Math.sin(angle));
    };
    if (c === 0) {
      const [, from, to] = this.span(1 + s);
      arc(1, from, to);
      return;
    }
    const [ring, from, to] = this.span(c);
    const middle = (from + to) / 2, split = this.splits(ring);
    if (s === 0) arc(ring, from, to);
    else if (s === 1) radial(from, ring);
    else if (s === 2) arc(ring + 1, from, split ? middle : to);
    else if (s === 3 && split) arc(ring + 1, middle, to);
    else if (s === 4) radial(to, ring);
  }

  /** Where side s lies: { line: [ax, ay, bx, by] } or { arc: [cx, cy, radius, from, to] }; null
   * for a side the cell does not have (the second outward side where the ring does not split). */
  sideShape(c, s) {
    const r = this.rings;
    const radial = (angle, inner) => ({
      line: [r + inner * Math.cos(angle), r + inner * Math.sin(angle),
        r + (inner + 1) * Math.cos(angle), r + (inner + 1) * Math.sin(angle)],
    });
    if (c === 0) {
      if (s >= this.sides(0)) return null;
      const [, from, to] = this.span(1 + s);
      return { arc: [r, r, 1, from, to] };
    }
    const [ring, from, to] = this.span(c);
    const middle = (from + to) / 2, split = this.splits(ring);
    if (s === 0) return { arc: [r, r, ring, from, to] };
    if (s === 1) return radial(from, ring);
    if (s === 2) return { arc: [r, r, ring + 1, from, split ? middle : to] };
    if (s === 3) return split ? { arc: [r, r, ring + 1, middle, to] } : null;
    if (s === 4) return radial(to, ring);
    return null;
  }

  sideMiddle(c, s) {
    const r = this.rings;
    const at = (radius, angle) => [r + radius * Math.cos(angle), r + radius * Math.sin(angle)];
    if (c === 0) {
      const [, from, to] = this.span(1 + s);
      return at(1, (from + to) / 2);
    }
    const [ring, from, to] = this.span(c);
    const middle = (from + to) / 2, split = this.splits(ring);
    if (s === 0) return at(ring, middle);
    if (s === 1) return at(ring + 0.5, from);
    if (s === 2) return at(ring + 1, split ? (from + middle) / 2 : middle);
    if (s === 3) return at(ring + 1, (middle + to) / 2);
    return at(ring + 0.5, to);
  }

  cellAt(px, py) {
    const dx = px - this.rings, dy = py - this.rings;
    const ring = Math.floor(Math.hypot(dx, dy));
    if (ring >= this.rings) return -1;
    if (ring === 0) return 0;
    let angle = Math.atan2(dy, dx);
    if (angle < 0) angle += TAU;
    const n = this.count(ring);
    return this.starts[ring] + Math.min(n - 1, Math.floor((angle / TAU) * n));
  }
}
