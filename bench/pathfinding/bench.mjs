// Times mazestep's solvers against PathFinding.js on the same 1000 x 1000 SideWinder maze.
//
// How it works:
// 1. Load the wasm build in ../../pkg (make it with `scripts/setup && scripts/build` at the
//    repository root) with initSync, and generate the maze with a
//    MazeRun that has no solver. Read its passage bits (N=1 E=2 S=4 W=8) from wasm memory.
// 2. Turn the maze into the tile grid PathFinding.js needs: (2w+1) x (2h+1) tiles, cell (x, y)
//    on tile (2x+1, 2y+1), the tile between two cells open when their passage is. Time
//    PathFinding.js's BFS, A* (Manhattan, no diagonals) and Dijkstra from the top-left cell to
//    the bottom-right one, each on a fresh clone of the grid (the clone is not timed: the
//    finders write into the grid's nodes).
// 3. Time ours in the same node, from the same wasm build: MazeRun.solveWith(solver) on the
//    finished maze, which runs the core's solvers::solve (the search and its path, no display
//    layers), as findPath is PathFinding.js's search and path. (Until November 2026 this
//    timed a whole animated run minus a generate-only run, display marks included.)
// 4. Check that both found paths have the same length (tiles = 2 · cells - 1), and print the
//    median of the repetitions (after one untimed warm-up run on each side) side by side with
//    the speed-up.
//
// Run: `npm install && npm run bench` here, or `node --max-old-space-size=6144 bench.mjs
// [--side 1000] [--reps 3] [--seed 1]`. PathFinding.js needs a few GB of heap for 4 million
// tiles.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PF from "pathfinding";
import { pkgProblem } from "../../scripts/finish-pkg.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, "../../pkg");

function option(name, fallback) {
    const at = process.argv.indexOf(`--${name}`);
    if (at < 0) return fallback;
    const value = Number(process.argv[at + 1]);
    if (!Number.isInteger(value) || value < 1) {
        console.error(`--${name} must be a whole number 1 or more, not '${process.argv[at + 1]}'`);
        process.exit(2);
    }
    return value;
}

const side = option("side", 1000);
const reps = option("reps", 3);
const seed = String(option("seed", 1));
const generator = "sidewinder";
const start = "0,0";
const goal = `${side - 1},${side - 1}`;

const problem = pkgProblem(pkg);
if (problem) {
    console.error(`no usable wasm build: ${problem} (after scripts/setup)`);
    process.exit(2);
}
const wasm = await import(path.join(pkg, "mazestep.js"));
const exports = wasm.initSync({ module: fs.readFileSync(path.join(pkg, "mazestep_bg.wasm")) });

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function timed(f) {
    const t0 = process.hrtime.bigint();
    const result = f();
    return { ms: Number(process.hrtime.bigint() - t0) / 1e6, result };
}

// 1. The maze.
const plain = new wasm.MazeRun(generator, "none", side, side, seed, start, goal, 0);
plain.finish();
const cells = new Uint8Array(exports.memory.buffer, plain.cellsPtr(), plain.cellCount).slice();
plain.free();

// 2. The tile grid: 1 = blocked.
const tiles = 2 * side + 1;
const matrix = Array.from({ length: tiles }, () => new Array(tiles).fill(1));
for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
        const bits = cells[y * side + x];
        matrix[2 * y + 1][2 * x + 1] = 0;
        if (bits & 2) matrix[2 * y + 1][2 * x + 2] = 0; // east
        if (bits & 4) matrix[2 * y + 2][2 * x + 1] = 0; // south
    }
}
const grid = new PF.Grid(tiles, tiles, matrix);

const finders = [
    ["bfs", "BFS", () => new PF.BreadthFirstFinder()],
    ["a-star", "A*", () => new PF.AStarFinder({ heuristic: PF.Heuristic.manhattan })],
    ["dijkstra", "Dijkstra", () => new PF.DijkstraFinder()],
];

function theirs(make) {
    const times = [];
    let length = 0;
    // One untimed run first, as for ours: the JIT compiles the hot code before the timed runs.
    make().findPath(1, 1, tiles - 2, tiles - 2, grid.clone());
    for (let r = 0; r < reps; r++) {
        const fresh = grid.clone();
        const finder = make();
        const { ms, result } = timed(() => finder.findPath(1, 1, tiles - 2, tiles - 2, fresh));
        times.push(ms);
        length = result.length;
    }
    return { ms: median(times), length };
}

// 3. Ours: the search alone on the same maze (MazeRun.solveWith: the core's solvers::solve,
//    no display work), as PathFinding.js's findPath is the search alone on its grid.
const mazeRun = new wasm.MazeRun(generator, "none", side, side, seed, start, goal, 0);
mazeRun.finish();

function ours(solver) {
    const times = [];
    let length = 0;
    // One untimed run first: V8 starts wasm in its baseline compiler and swaps in the
    // optimised code only for later calls (the first call is about twice as slow).
    mazeRun.solveWith(solver);
    for (let r = 0; r < reps; r++) {
        const { ms, result } = timed(() => mazeRun.solveWith(solver));
        times.push(ms);
        length = result;
    }
    return { ms: median(times), length };
}

// 4. The table.
const rows = [];
for (const [name, label, make] of finders) {
    const pf = theirs(make);
    const us = ours(name);
    if (pf.length !== 2 * us.length - 1) {
        console.error(`${label}: PathFinding.js path has ${pf.length} tiles, ours ${us.length} cells (expected ${2 * us.length - 1} tiles)`);
        process.exit(1);
    }
    rows.push([label, pf.ms, us.ms, pf.ms / us.ms, us.length]);
}

console.log(`${side}x${side} ${generator} maze (seed ${seed}), ${tiles}x${tiles} tiles for PathFinding.js, ` +
    `top-left to bottom-right, median of ${reps}, node ${process.versions.node}`);
console.log("algorithm  PathFinding.js 0.4.18   mazestep (wasm)   speed-up   path cells");
for (const [label, pf, us, speedup, length] of rows) {
    console.log(
        `${label.padEnd(10)} ${pf.toFixed(1).padStart(18)} ms ${us.toFixed(1).padStart(14)} ms ${speedup.toFixed(1).padStart(9)}x ${String(length).padStart(12)}`,
    );
}

// 5. Open worlds: a field with random obstacles (density 0.3, seeded), diagonal moves past at
//    most one obstacle (PathFinding.js's IfAtMostOneObstacle, our "at-most-one"), octile
//    heuristic. Ours: solveWorld(text, ...) from the same wasm build — which also parses the
//    world text and builds the maze, inside the time; theirs: findPath on a fresh grid clone
//    (the clone not timed). Both paths must cost the same (1 a side move, √2 a diagonal one).
const density = 0.3;
let state = Number(seed) >>> 0 || 1;
function random() {
    // xorshift32: the same world every run for a seed.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
}
const open = Array.from({ length: side }, () => new Array(side).fill(0));
for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
        if (random() < density) open[y][x] = 1;
    }
}
// The corners' 2 x 2 kept free, so that start and goal are not walled in by chance.
for (const [x, y] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
    open[y][x] = 0;
    open[side - 1 - y][side - 1 - x] = 0;
}
const worldText = open
    .map((row, y) =>
        row
            .map((b, x) => (x === 0 && y === 0 ? "S" : x === side - 1 && y === side - 1 ? "G" : b ? "#" : "."))
            .join(""),
    )
    .join("\n");
const openGrid = new PF.Grid(side, side, open);

function octileCost(points) {
    let cost = 0;
    for (let i = 1; i < points.length; i++) {
        const dx = Math.abs(points[i][0] - points[i - 1][0]);
        const dy = Math.abs(points[i][1] - points[i - 1][1]);
        cost += Math.max(dx, dy) - Math.min(dx, dy) + Math.SQRT2 * Math.min(dx, dy);
    }
    return cost;
}

const diagonal = PF.DiagonalMovement.IfAtMostOneObstacle;
const openFinders = [
    ["a-star", "A*", () => new PF.AStarFinder({ diagonalMovement: diagonal, heuristic: PF.Heuristic.octile })],
    ["jump-point-search", "JPS", () => new PF.JumpPointFinder({ diagonalMovement: diagonal, heuristic: PF.Heuristic.octile })],
];
const openRows = [];
for (const [name, label, make] of openFinders) {
    const pfTimes = [];
    let pfCost = 0;
    make().findPath(0, 0, side - 1, side - 1, openGrid.clone());
    for (let r = 0; r < reps; r++) {
        const fresh = openGrid.clone();
        const finder = make();
        const { ms, result } = timed(() => finder.findPath(0, 0, side - 1, side - 1, fresh));
        pfTimes.push(ms);
        pfCost = octileCost(result);
    }
    const usTimes = [];
    let us = null;
    wasm.solveWorld(worldText, name, "at-most-one", "octile", 1);
    for (let r = 0; r < reps; r++) {
        const { ms, result } = timed(() => wasm.solveWorld(worldText, name, "at-most-one", "octile", 1));
        usTimes.push(ms);
        us = result;
    }
    const usCost = us[0] ? us[1] : 0;
    if (Math.abs(pfCost - usCost) > 1e-6 * Math.max(1, usCost)) {
        console.error(`${label} on the open world: PathFinding.js path costs ${pfCost}, ours ${usCost}`);
        process.exit(1);
    }
    openRows.push([label, median(pfTimes), median(usTimes), usCost, us[2]]);
}
console.log();
console.log(`${side}x${side} open world, obstacles ${density} (seed ${seed}), diagonal past at most one obstacle, ` +
    `octile, top-left to bottom-right, median of ${reps}; ours includes parsing the world text`);
console.log("algorithm  PathFinding.js 0.4.18   mazestep (wasm)   speed-up    path cost   visited");
for (const [label, pf, us, cost, visited] of openRows) {
    console.log(
        `${label.padEnd(10)} ${pf.toFixed(1).padStart(18)} ms ${us.toFixed(1).padStart(14)} ms ${(pf / us).toFixed(1).padStart(9)}x ${cost.toFixed(2).padStart(12)} ${String(visited).padStart(9)}`,
    );
}
