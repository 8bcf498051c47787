// The maze as a learner walks it: which sides of a cell are open and where they lead, read
// straight out of wasm memory (the renderer's way: a cell's passage through side s is bit
// 1 << s of its byte), on every grid shape. Also the two machines play mode compares the
// learner with: the shortest path (a breadth-first search from the goal, a slice at a time)
// and the right-hand rule (the core's wall follower, src/solvers/wall_follower, mirrored).
//
// Sides are numbered clockwise as in the core (www/draw/geometry.js): square 0 N, 1 E, 2 S,
// 3 W; hex 0 N … 5 NW; triangle (up) 0 E, 1 S, 2 W, (down) 0 N, 1 E, 2 W; polar 0 in,
// 1 anticlockwise, 2 and 3 out, 4 clockwise; weave as square, with 4 + d a tunnel under the
// neighbour through d.

import { geometryOf } from '../draw/geometry.js';
import { offCellsOf } from '../run/module-api.js';

const SQUARE_STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]];
// A direction's alignment with a side's outward direction (cosine) for a key to take it.
const ALIGNED = 0.7;

export class WalkGraph {
  /** @param run a MazeRun whose maze is final; @param memory the wasm memory */
  constructor(run, memory) {
    this.run = run;
    this.memory = memory;
    this.shape = run.shape();
    this.width = run.width;
    this.height = run.height;
    this.count = run.cellCount;
    this.geometry = geometryOf(this.shape, run.width, run.height, run.ringStarts());
    const off = offCellsOf(run);
    this.on = null;
    if (off.length > 0) {
      this.on = new Uint8Array(this.count).fill(1);
      for (let i = 0; i < off.length; i++) this.on[off[i]] = 0;
    }
    this.start = run.start();
    this.goal = run.goal();
    // A start in a gap of the outer wall (square grid): the walker came in through it.
    this.startExit = run.startExit?.() ?? -1;
  }

  /** Fresh views (memory growth detaches old ones): the cells' bytes and the terrain. */
  views() {
    const buffer = this.memory.buffer;
    if (this.cellsBuffer !== buffer || this.cellsPtr !== this.run.cellsPtr()) {
      this.cellsBuffer = buffer;
      this.cellsPtr = this.run.cellsPtr();
      this.cells = new Uint8Array(buffer, this.cellsPtr, this.count);
    }
    const terrain = this.run.terrainPtr();
    this.terrain = terrain ? new Uint8Array(buffer, terrain, this.count) : null;
  }

  /** How many sides a cell has (polar's centre: the cells of ring 1). */
  sides(c) {
    if (this.shape === 'polar') return this.geometry.sides(c);
    return this.geometry.sides();
  }

  /** The cell through side s of c, open or not; -1 past the border or on a cell that is off. */
  neighbour(c, s) {
    let n = -1;
    if (this.shape === 'square' || this.shape === 'weave') {
      const w = this.width;
      const x = c % w, y = (c - x) / w;
      const d = s & 3, k = s >= 4 ? 2 : 1;
      const nx = x + k * SQUARE_STEP[d][0], ny = y + k * SQUARE_STEP[d][1];
      if (nx >= 0 && ny >= 0 && nx < w && ny < this.height) n = ny * w + nx;
    } else {
      const g = this.geometry;
      if (s >= this.sides(c)) return -1;
      // A polar cell whose next ring does not split it has one outward side (2), not two.
      if (this.shape === 'polar' && c > 0 && s === 3 && !g.splits(g.place(c)[1])) return -1;
      const [cx, cy] = g.centre(c), [mx, my] = g.sideMiddle(c, s);
      n = g.cellAt(mx + (mx - cx) * 0.3, my + (my - cy) * 0.3);
      if (n === c) n = -1;
    }
    if (n >= 0 && this.on && !this.on[n]) return -1;
    return n;
  }

  /** Where an open side s of c leads, or -1 (a wall, the border, an obstacle). Call views() first. */
  through(c, s) {
    if ((this.cells[c] & (1 << s)) === 0) return -1;
    const n = this.neighbour(c, s);
    if (n < 0 || (this.terrain && this.terrain[n] === 0)) return -1;
    return n;
  }

  /** The sides of c a walker may take: a weave's way d is its side d or its tunnel 4 + d. */
  ways(c) {
    return this.shape === 'weave' ? 4 : this.sides(c);
  }

  /** The side that way w of c leaves by (a weave's tunnel when that is the open one). */
  waySide(c, w) {
    if (this.shape !== 'weave') return w;
    return (this.cells[c] & (1 << (4 + w))) !== 0 ? 4 + w : w;
  }

  /** Way w of c: [side, the cell it leads to] or null when closed. */
  way(c, w) {
    const s = this.waySide(c, w);
    const n = this.through(c, s);
    return n < 0 ? null : [s, n];
  }

  /** The open ways of c, as [way, next] pairs. */
  openWays(c) {
    const open = [];
    for (let w = 0; w < this.ways(c); w++) {
      const step = this.way(c, w);
      if (step) open.push([w, step[1]]);
    }
    return open;
  }

  /** The way of `next` that leads back to `from` (the side a walker entered by). */
  backWay(next, from) {
    for (let w = 0; w < this.ways(next); w++) {
      const step = this.way(next, w);
      if (step && step[1] === from) return w;
    }
    return 0;
  }

  /**
   * The neighbour a direction key leads to from c, or -1 with the way it would have taken
   * (-1 when no side faces that way). The keyboard cursor's move first (www/draw/geometry.js:
   * columns and rows, polar round and in/out); else, on a hexagon or a ring's split, the open
   * side facing most nearly that way.
   */
  keyTarget(c, dx, dy) {
    const g = this.geometry;
    const cursor = g.move(c, dx, dy);
    let wall = -1;
    for (let w = 0; w < this.ways(c); w++) {
      if (this.wayTarget(c, w) === cursor && cursor !== c) {
        const step = this.way(c, w);
        if (step) return { cell: step[1], way: w };
        wall = w;
      }
    }
    if (this.shape === 'square' || this.shape === 'weave') {
      const way = dx > 0 ? 1 : dx < 0 ? 3 : dy < 0 ? 0 : dy > 0 ? 2 : -1;
      if (way < 0 || dx * dy !== 0) return { cell: -1, way: -1 };
      const step = this.way(c, way);
      return step ? { cell: step[1], way } : { cell: -1, way };
    }
    // Polar: up and down are in and out (the other outward side when the cursor's is shut).
    if (this.shape === 'polar') {
      if (dx !== 0) return { cell: -1, way: wall };
      const ring = g.place(c)[1];
      for (let w = 0; w < this.ways(c); w++) {
        const n = this.neighbour(c, w);
        if (n < 0 || g.place(n)[1] !== ring + dy) continue;
        const step = this.way(c, w);
        if (step) return { cell: step[1], way: w };
        if (wall < 0) wall = w;
      }
      return { cell: -1, way: wall };
    }
    // Hexagons and triangles: the open side facing most nearly that way.
    const [cx, cy] = g.centre(c);
    const length = Math.hypot(dx, dy);
    let best = null;
    for (let w = 0; w < this.ways(c); w++) {
      if (this.neighbour(c, w) < 0) continue;
      const [mx, my] = g.sideMiddle(c, w);
      const along = ((mx - cx) * dx + (my - cy) * dy) / (Math.hypot(mx - cx, my - cy) * length);
      if (along < ALIGNED) continue;
      const step = this.way(c, w);
      if (step && (!best || along > best.along)) best = { along, cell: step[1], way: w };
      if (!step && wall < 0) wall = w;
    }
    return best ? { cell: best.cell, way: best.way } : { cell: -1, way: wall };
  }

  /** The cell way w of c faces, open or not (for the cursor's comparison). */
  wayTarget(c, w) {
    return this.neighbour(c, this.shape === 'weave' ? w : w);
  }

  /** The way of c that leads to next (a tapped neighbour), or -1. */
  wayTo(c, next) {
    for (let w = 0; w < this.ways(c); w++) {
      const step = this.way(c, w);
      if (step && step[1] === next) return w;
    }
    return -1;
  }

  // --- The right-hand rule (src/solvers/wall_follower): having come in through a way, try
  // the ways anticlockwise from the one before it, the way back last.

  /** The right hand's choice from c entered by way `entered`: { way, cell, turn } or null. */
  rightHand(c, entered) {
    const n = this.ways(c);
    for (let turn = 1; turn <= n; turn++) {
      const w = (entered + 2 * n - turn) % n;
      const step = this.way(c, w);
      if (step) return { way: w, cell: step[1], turn };
    }
    return null;
  }

  /** The way a walker facing way `heading` on c came in by (the core's `entered`). */
  enteredOf(c, heading) {
    const n = Math.max(1, this.ways(c));
    return (heading + n - Math.floor(n / 2)) % n;
  }

  /** The way a walker entered by at the start: through the start's gap in the outer wall, else
   * facing the first way it would go straight through. */
  startEntered(c) {
    if (c === this.start && this.startExit >= 0 && this.shape === 'square') return this.startExit;
    const n = this.ways(c);
    let first = -1;
    for (let w = 0; w < n; w++) {
      if (!this.way(c, w)) continue;
      if (first < 0) first = w;
      const entered = this.enteredOf(c, w);
      if (this.rightHand(c, entered)?.way === w) return entered;
    }
    return this.enteredOf(c, Math.max(0, first));
  }
}

/**
 * Breadth-first distances to the goal, a slice at a time: `next(budgetMs)` returns true when
 * done. Then `distance[c]` is the fewest moves from c to the goal (-1: cannot reach it) and
 * `pathFrom(c)` the shortest path from c to the goal.
 */
export class GoalDistances {
  constructor(graph) {
    this.graph = graph;
    this.distance = new Int32Array(graph.count).fill(-1);
    this.queue = new Int32Array(graph.count);
    this.head = 0;
    this.tail = 0;
    this.distance[graph.goal] = 0;
    this.queue[this.tail++] = graph.goal;
    this.done = false;
  }

  /** Work for about `budgetMs` milliseconds; true once every reachable cell is measured. */
  next(budgetMs) {
    if (this.done) return true;
    const g = this.graph;
    g.views();
    const { distance, queue } = this;
    const until = performance.now() + budgetMs;
    while (this.head < this.tail) {
      for (let k = 0; k < 4096 && this.head < this.tail; k++) {
        const c = queue[this.head++];
        const d = distance[c] + 1;
        const ways = g.ways(c);
        for (let w = 0; w < ways; w++) {
          const step = g.way(c, w);
          if (step && distance[step[1]] < 0) {
            distance[step[1]] = d;
            queue[this.tail++] = step[1];
          }
        }
      }
      if (performance.now() > until) return false;
    }
    this.done = true;
    this.queue = null;
    return true;
  }

  /** The shortest path from c to the goal (c first), or [] when c cannot reach it: all at once. */
  pathFrom(c) {
    const path = new ShortestPath(this, c);
    while (!path.next(Infinity));
    return path.cells;
  }
}

/**
 * A shortest path from cell `from` to the goal down the measured distances, a slice at a
 * time: `next(budgetMs)` returns true once `cells` holds it (from first; [] when `from`
 * cannot reach the goal). A million cells take a few hundred milliseconds: never in one task.
 */
export class ShortestPath {
  constructor(distances, from) {
    this.distances = distances;
    this.at = from;
    this.cells = distances.distance[from] < 0 ? [] : [from];
    this.done = this.cells.length === 0;
  }

  next(budgetMs) {
    if (this.done) return true;
    const g = this.distances.graph;
    const distance = this.distances.distance;
    g.views();
    const until = performance.now() + budgetMs;
    for (;;) {
      for (let k = 0; k < 4096; k++) {
        const here = this.at;
        const d = distance[here];
        if (d <= 0) {
          this.done = true;
          return true;
        }
        let next = -1;
        for (let w = 0, ways = g.ways(here); w < ways && next < 0; w++) {
          const n = g.through(here, g.waySide(here, w));
          if (n >= 0 && distance[n] === d - 1) next = n;
        }
        if (next < 0) {
          this.done = true;
          return true;
        }
        this.cells.push(next);
        this.at = next;
      }
      if (performance.now() > until) return false;
    }
  }
}

/**
 * The right hand's walk from the start, as far as the goal, a loop (a cell and heading seen
 * before) or `limit` moves; { route, ending: 'found' | 'looped' | 'walled-in' | 'too-long' }.
 * A slice at a time: `next(budgetMs)` returns the walk once it is over, else null.
 */
export class RightHandWalk {
  constructor(graph, limit) {
    this.graph = graph;
    this.limit = limit;
    graph.views();
    this.cell = graph.start;
    this.entered = graph.startEntered(graph.start);
    this.route = [graph.start];
    // (cell, entered way) pairs seen: a byte per cell, a bit per way (at most 8 ways matter).
    this.seen = new Uint8Array(graph.count);
    this.result = null;
  }

  next(budgetMs) {
    if (this.result) return this.result;
    const g = this.graph;
    g.views();
    const until = performance.now() + budgetMs;
    for (;;) {
      for (let k = 0; k < 4096; k++) {
        if (this.cell === g.goal) return this.end('found');
        const bit = 1 << (this.entered & 7);
        if (this.seen[this.cell] & bit) return this.end('looped');
        this.seen[this.cell] |= bit;
        const choice = g.rightHand(this.cell, this.entered);
        if (!choice) return this.end('walled-in');
        if (this.route.length > this.limit) return this.end('too-long');
        this.entered = g.backWay(choice.cell, this.cell);
        this.cell = choice.cell;
        this.route.push(this.cell);
      }
      if (performance.now() > until) return null;
    }
  }

  end(ending) {
    this.seen = null;
    this.result = { route: this.route, ending };
    return this.result;
  }
}
