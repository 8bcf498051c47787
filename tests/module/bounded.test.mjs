// Work in proportion to the maze, never to what an argument claims (issue 26): edit runs are
// checked against the cells left before a cell is painted; a mask's pieces are counted in one
// pass; a worksheet is written a piece at a time; a picture's bytes are read from a genuine
// byte array only. And the words: numbers quoted as given, limits as they are.
//
// Nothing here is timed: each check is on what the module does (its message, memory that
// did not grow, a count made here independently), which the old code failed in another way
// or only after seconds to minutes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MiB, memoryBytes, mz, random } from './load.mjs';

/** The Error a call throws (failing if it does not throw one). */
function refusal(f) {
  try {
    f();
  } catch (err) {
    assert.ok(err instanceof Error, `threw ${String(err)}`);
    assert.ok(!(err instanceof WebAssembly.RuntimeError), err.stack);
    return err;
  }
  assert.fail('no refusal');
}

// ---- edit runs ----------------------------------------------------------------------------

test('an edit run longer than the maze is refused at once, naming the run and the cells left', () => {
  const before = memoryBytes();
  const err = refusal(() =>
    new mz.MazeRun('kruskal', 'bfs', 10, 10, 1, null, null, null, null, null, '16777216x'));
  assert.equal(err.message,
    "MazeRun: the edits' terrain run '16777216x' at character 1 covers 16777216 cells from cell 0, " +
    'but the maze has 100 cells: 100 are left from there');
  assert.deepEqual(err.data, {
    key: 'core.refusals.edits-run',
    args: { run: "'16777216x'", at: 1, count: 16777216, cell: 0, len: 100, left: 100 },
  });
  // Nothing was painted first: the old parser grew memory by some 200 MB before refusing.
  assert.ok(memoryBytes() - before < 4 * MiB, `memory grew ${(memoryBytes() - before) / MiB} MB`);
});

test('rework refuses the same at once, and the run stays as it was', () => {
  const run = new mz.MazeRun('kruskal', 'bfs', 10, 10, 1, null, null, null, null, null, '3.b');
  run.finish();
  const steps = run.steps();
  const before = memoryBytes();
  const err = refusal(() => run.rework('16777215x', null, null));
  assert.match(err.message, /^rework: the edits' terrain run '16777215x' at character 1 covers 16777215 cells/);
  assert.equal(err.data.key, 'core.refusals.edits-run');
  assert.ok(memoryBytes() - before < 4 * MiB, 'nothing painted');
  assert.equal(run.steps(), steps);
  assert.equal(run.editsText(), '3.b');
  assert.ok(run.rework('4.c', null, null) > 0, 'the run still reworks');
  run.free();
});

test('a run is checked against the cells left after the runs before it, on every grid', () => {
  // 95 cells unchanged, 3 cost 2: 2 are left for '7x'.
  let err = refusal(() => new mz.MazeRun('kruskal', 'bfs', 10, 10, 1, null, null, null, null, null, '95.3b7x'));
  assert.match(err.message, /run '7x' at character 6 covers 7 cells from cell 98, but the maze has 100 cells: 2 are left/);
  // Exactly the cells there are is fine.
  const run = new mz.MazeRun('kruskal', 'bfs', 10, 10, 1, null, null, null, null, null, '98.2b');
  assert.equal(run.editsText(), '98.2b');
  run.free();
  // A polar grid's cells, not its width times its rings.
  const cells = mz.ringStarts(5).at(-1);
  const polar = (edits) => new mz.MazeRun('kruskal', 'bfs', 1, 5, 1, null, null, null, 'polar', null, edits);
  polar(`${cells - 1}.b`).free();
  err = refusal(() => polar(`${cells}.b`));
  assert.match(err.message, new RegExp(`covers 1 cells from cell ${cells}, but the maze has ${cells} cells: 0 are left`));
  // A count longer than any maze is refused while it is still being read.
  err = refusal(() => polar('99999999999999999999x'));
  assert.match(err.message, /run '99999999999999999999x' at character 1 is longer than any maze: a maze has at most 16777216 cells/);
  assert.equal(err.data.key, 'core.refusals.edits-count');
  // The other faults of edits text carry their words too.
  for (const [edits, key] of [['3q', 'edits-symbol'], ['12', 'edits-end'], ['~zz', 'edits-wall-text']]) {
    assert.equal(refusal(() => polar(edits)).data.key, `core.refusals.${key}`, edits);
  }
});

// ---- masks in many pieces -----------------------------------------------------------------

/** Mask text of a checkerboard, n × n, its top-left cell on. */
function checkerboard(n) {
  const rows = [];
  for (let y = 0; y < n; y++) {
    let row = '';
    for (let x = 0; x < n; x++) row += (x + y) % 2 === 0 ? '.' : 'X';
    rows.push(row);
  }
  return `${rows.join('\n')}\n`;
}

/**
 * The pieces of a square grid's cells that are on, counted here: their sizes in order of
 * each piece's first cell, and the mask text with only the first of the largest left on.
 */
function piecesByHand(text) {
  const rows = text.trim().split('\n');
  const w = rows[0].length, h = rows.length;
  const on = (x, y) => rows[y][x] === '.';
  const seen = new Uint32Array(w * h); // the piece's number + 1
  const sizes = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !on(start % w, Math.floor(start / w))) continue;
    let size = 0;
    const stack = [start];
    seen[start] = sizes.length + 1;
    while (stack.length) {
      const cell = stack.pop();
      size++;
      const x = cell % w, y = Math.floor(cell / w);
      for (const [nx, ny] of [[x, y - 1], [x + 1, y], [x, y + 1], [x - 1, y]]) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !on(nx, ny)) continue;
        const next = ny * w + nx;
        if (!seen[next]) {
          seen[next] = sizes.length + 1;
          stack.push(next);
        }
      }
    }
    sizes.push(size);
  }
  const most = sizes.reduce((a, b) => Math.max(a, b), 0);
  const first = sizes.indexOf(most) + 1;
  let largest = '';
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) largest += seen[y * w + x] === first ? '.' : 'X';
    largest += '\n';
  }
  return { sizes, largest };
}

test('checkerboards of 256, 512 and 1024 a side: their pieces counted in one pass', () => {
  for (const n of [256, 512, 1024]) {
    const text = checkerboard(n);
    const pieces = n * n / 2;
    assert.equal(piecesByHand(text).sizes.length, pieces);
    const err = refusal(() => new mz.MazeRun('kruskal', 'bfs', n, n, 1, null, null, null, null, text));
    assert.equal(err.message, `MazeRun: mask: the mask leaves ${pieces} separate regions of cells: ` +
      'a maze joins every cell, so join them or switch the smaller ones off');
    assert.equal(err.data.args.message.args.regions, pieces);
    // The largest piece: every piece is one cell; the first is kept.
    const kept = mz.largestPiece('square', n, n, text);
    assert.equal([...kept].filter((c) => c === '.').length, 1);
    assert.ok(kept.startsWith('.X'), 'the first piece');
  }
});

test('random masks: the pieces and the largest one agree with a count made here', () => {
  const rng = random(26);
  for (let round = 0; round < 40; round++) {
    const w = rng.int(1, 40), h = rng.int(1, 40), p = rng.next();
    const rows = Array.from({ length: h }, () => Array.from({ length: w }, () => (rng.chance(p) ? '.' : 'X')).join(''));
    const text = `${rows.join('\n')}\n`;
    const { sizes, largest: expected } = piecesByHand(text);
    const what = `${w}x${h} at ${p.toFixed(2)}`;
    if (sizes.length === 0) {
      assert.match(refusal(() => mz.largestPiece('square', w, h, text)).message, /every cell/, what);
      continue;
    }
    let made;
    try {
      made = new mz.MazeRun('kruskal', 'bfs', w, h, 1, null, null, null, null, text);
    } catch (err) {
      made = err;
    }
    if (sizes.length === 1) {
      assert.ok(made instanceof mz.MazeRun, `${what}: one piece is a maze: ${made.message}`);
      made.free();
    } else {
      assert.equal(made.data?.args?.message?.args?.regions, sizes.length, `${what}: ${made.message}`);
    }
    // The largest piece, the first of equally large ones, exactly as found here.
    assert.equal(mz.largestPiece('square', w, h, text), expected, what);
  }
});

test('a checkerboard picture of 384 a side keeps its first cell; a circle on a polar grid is one piece', () => {
  const n = 384;
  const rgba = new Uint8Array(n * n * 4);
  for (let i = 0; i < n * n; i++) {
    const white = ((i % n) + Math.floor(i / n)) % 2 === 0 ? 255 : 0;
    rgba.fill(white, 4 * i, 4 * i + 3);
    rgba[4 * i + 3] = 255;
  }
  const mask = mz.pictureMask('square', n, n, rgba, n, n);
  assert.equal([...mask].filter((c) => c === '.').length, 1);
  const polar = mz.presetMask('circle', 1, 40, 'polar');
  assert.ok(polar.includes('.'));
});

// ---- worksheets ---------------------------------------------------------------------------

/** The worksheet written a piece at a time, as the pieces. */
function pieces(run, solution, distances, limit, title = null) {
  run.sheetBegin(solution, distances, title);
  const out = [];
  for (let piece = run.sheetNext(limit); piece !== undefined; piece = run.sheetNext(limit)) out.push(piece);
  return out;
}

test('a worksheet in pieces is the worksheet at once, on every grid, and the run goes on meanwhile', () => {
  for (const [shape, w, h] of [[null, 12, 9], ['hex', 8, 6], ['triangle', 9, 6], ['polar', 1, 6], ['weave', 8, 8]]) {
    const run = new mz.MazeRun('recursive-backtracker', 'bfs', w, h, 4, null, null, null, shape);
    run.finish();
    for (const [solution, distances] of [[false, false], [true, true], [true, false]]) {
      const whole = run.svg(solution, distances);
      const parts = pieces(run, solution, distances, 7);
      assert.ok(parts.length > 10, `${shape}: ${parts.length} pieces`);
      assert.equal(parts.join(''), whole, `${shape} ${solution} ${distances}`);
    }
    // A sheet is of the moment it was begun: stepping back meanwhile changes nothing in it.
    const whole = run.svg(true, true);
    run.sheetBegin(true, true);
    const out = [run.sheetNext(20)];
    run.seek(3);
    assert.equal(run.sheetProgress() > 0 && run.sheetProgress() < 1, true);
    for (let piece = run.sheetNext(50); piece !== undefined; piece = run.sheetNext(50)) out.push(piece);
    assert.equal(out.join(''), whole, `${shape}: begun at the end, finished at step 3`);
    assert.equal(run.sheetProgress(), -1, 'let go once written');
    assert.match(refusal(() => run.sheetNext(5)).message, /^sheetNext: no worksheet is being written: call sheetBegin first/);
    run.free();
  }
});

test('the title given is the title line, escaped; a cancelled sheet is let go', () => {
  const run = new mz.MazeRun('kruskal', 'bfs', 6, 5, 7);
  run.finish();
  const sheet = pieces(run, false, false, 1000, '<b>&"미로"').join('');
  assert.match(sheet, /<text[^>]*>&lt;b&gt;&amp;&quot;미로&quot;<\/text>/);
  assert.equal(sheet.match(/<text/g).length, 1);
  run.sheetBegin(true, true);
  run.sheetNext(5);
  run.sheetCancel();
  assert.equal(run.sheetProgress(), -1);
  run.free();
});

test('at 2048 × 2048 with distances: no piece is a giant string, and the pieces make one document', () => {
  const run = new mz.MazeRun('binary-tree', 'bfs', 2048, 2048, 1);
  run.finish();
  // All at once is refused above a million cells, saying what to do instead.
  const err = refusal(() => run.svg(true, true));
  assert.equal(err.message, 'svg: a worksheet of 4194304 cells is written a piece at a time: ' +
    'use sheetBegin and sheetNext (svg() writes up to 1048576 cells at once)');
  assert.equal(err.data.key, 'core.refusals.svg-size');
  run.sheetBegin(true, true);
  let total = 0, count = 0, largest = 0, first = '', last = '', previous = 0;
  for (let piece = run.sheetNext(100_000); piece !== undefined; piece = run.sheetNext(100_000)) {
    if (!first && piece) first = piece.slice(0, 200);
    if (piece) last = piece;
    total += piece.length;
    largest = Math.max(largest, piece.length);
    count++;
    const progress = run.sheetProgress();
    assert.ok(progress >= previous && progress <= 1, `progress ${progress} after ${previous}`);
    previous = progress;
  }
  assert.match(first, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 20500 20516">/);
  assert.ok(last.endsWith('"/>\n</svg>\n'));
  // One shaded path a cell (some 80 characters), the walls and the paths: over 300 million.
  assert.ok(total > 4_194_304 * 60 && total < 4_194_304 * 120, `${total} characters`);
  assert.ok(largest < 16 * MiB, `largest piece ${largest}`);
  assert.ok(count > 100, `${count} pieces`);
  run.free();
});

// ---- pictures -----------------------------------------------------------------------------

test('pictureMask takes only genuine byte arrays, their own length, never stale bytes', () => {
  const white = new Uint8Array(16).fill(255);
  const good = mz.pictureMask('square', 2, 2, white, 2, 2);
  assert.equal(good, '..\n..\n');
  const proxy = refusal(() => mz.pictureMask('square', 2, 2, new Proxy(white, {}), 2, 2));
  assert.equal(proxy.message, "pictureMask: rgba (an object) is not allowed: use a Uint8Array or " +
    "Uint8ClampedArray of RGBA bytes (a canvas's ImageData.data)");
  assert.equal(proxy.data.args.allowed.key, 'core.allowed.rgba');
  // A subclass whose length lies: its own 4 bytes are read, and refused as 4.
  class Liar extends Uint8Array {
    get length() { return 16; }
    get byteLength() { return 16; }
  }
  const liar = refusal(() => mz.pictureMask('square', 2, 2, new Liar(4), 2, 2));
  assert.equal(liar.message, 'pictureMask: rgba has 4 bytes, but a picture of 2x2 pixels takes 16 ' +
    '(4 a pixel: red, green, blue, alpha)');
  assert.deepEqual(liar.data, { key: 'core.refusals.picture-bytes', args: { length: 4, width: 2, height: 2, wanted: 16 } });
  // A subclass that tells the truth is a byte array like any other; its bytes are its own:
  // dark ones switch cells off, whatever was in memory before.
  const honest = new Liar(16);
  honest.set([255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255]);
  assert.equal(mz.pictureMask('square', 2, 2, honest, 2, 2), '.X\n.X\n');
  // Other views and look-alikes are refused by type, before a byte is read.
  for (const other of [new Int8Array(16), new Uint16Array(8), new DataView(new ArrayBuffer(16)),
    new ArrayBuffer(16), { length: 16 }, Array(16).fill(255), new Proxy(new Uint8ClampedArray(16), {})]) {
    assert.match(refusal(() => mz.pictureMask('square', 2, 2, other, 2, 2)).message,
      /rgba \(an object\) is not allowed/, other.constructor?.name);
  }
  // A detached buffer has no bytes left: its length is 0.
  const detached = new Uint8Array(16);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  assert.match(refusal(() => mz.pictureMask('square', 2, 2, detached, 2, 2)).message, /rgba has 0 bytes/);
});

// ---- numbers in messages --------------------------------------------------------------------

test('weights are quoted as given, with the real range, in the constructor and solveWorld', () => {
  const make = (weight) => refusal(() =>
    new mz.MazeRun('kruskal', 'a-star', 10, 10, 1, null, null, null, null, null, null, null, null, weight));
  for (const [weight, shown] of [[1e308, '1e+308'], [1e-300, '1e-300'], [100.0000000000001, '100.0000000000001'],
    [0.9999999999, '0.9999999999'], [-5, '-5'], [Infinity, 'Infinity']]) {
    const err = make(weight);
    assert.equal(err.message, `MazeRun: weight ${shown} is not allowed: give a number from 1 to 100`);
    assert.deepEqual(err.data, { key: 'core.refusals.weight', args: { value: shown, max: '100' } });
    const world = refusal(() => mz.solveWorld('S.\n.G\n', 'a-star', 'never', 'grid', weight));
    assert.equal(world.message, `solveWorld: weight ${shown} is not allowed: give a number from 1 to 100`);
    assert.equal(world.data.key, 'core.refusals.weight');
  }
  // Braid and density, through the same kind of check.
  assert.match(refusal(() => new mz.MazeRun('kruskal', 'bfs', 5, 5, 1, null, null, 1e-300 - 1)).message,
    /braid -1 is not allowed/);
  assert.match(refusal(() => new mz.MazeRun('caves', 'bfs', 5, 5, 1, null, null, null, null, null, null, null, null,
    null, 0.9000000000001)).message, /density 0\.9000000000001 is not allowed/);
});

test('wordMask\'s scale is 1 to 8, and says so', () => {
  for (const scale of [0, 8.5, 9, -1, 4096, 1e300, NaN]) {
    const err = refusal(() => mz.wordMask('AB', scale));
    assert.equal(err.message, `wordMask: scale ${String(scale)} is not allowed: use a whole number from 1 to 8`);
    assert.equal(err.data.args.allowed.key, 'core.allowed.scale');
  }
  // Two letters are 13 dots wide and 9 tall; at scale 8 each dot is 8 × 8 cells.
  const rows = mz.wordMask('AB', 8).trim().split('\n');
  assert.deepEqual([rows[0].length, rows.length], [13 * 8, 9 * 8]);
});
