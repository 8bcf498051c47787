// The page's own modules (www/) in Node, where they can be tested without a browser (issue 26):
// quoting what was given, edit runs read against the maze's size, a tour's stops found a
// bounded piece at a time, and the one build path. The long-task checks of the same on the
// page are in tests/e2e/bounded.test.mjs.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mz, PKG_JS, PKG_WASM } from './load.mjs';
import { needWords, setLanguage } from '../../www/words/i18n.js';
import { plain, quote, QUOTE_CHARS } from '../../www/words/quote.js';
import { Edits, TerrainRuns } from '../../www/run/world.js';
import { StopScan, SCAN_MAX, resolveStops } from '../../www/lessons/tour.js';
import { MAX_CELLS } from '../../www/run/settings.js';
import { finishPkg, pkgProblem } from '../../scripts/finish-pkg.mjs';

await setLanguage('en');
// The parts of the words these modules say, as the page loads them with their features.
await Promise.all(['lessons'].map(needWords));

// ---- quoting ------------------------------------------------------------------------------

test('quote: cut after 80 characters, invisible characters written out as the module does', () => {
  assert.equal(quote('abc'), "'abc'");
  assert.equal(quote('a\u202eb\nc'), "'a\\u{202e}b\\nc'", 'as parse::quote in src/parse.rs');
  assert.equal(quote('\u202eevil link'), "'\\u{202e}evil link'");
  // Every bidirectional control, mark and isolate, and the other invisible ones.
  for (const c of ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e',
    '\u2066', '\u2067', '\u2068', '\u2069', '\u200b', '\u200d', '\ufeff', '\u00ad', '\u2028', '\u2029', '\u0000', '\u007f', '\u0085']) {
    const quoted = quote(`x${c}y`);
    assert.equal(quoted, `'x\\u{${c.codePointAt(0).toString(16)}}y'`, `U+${c.codePointAt(0).toString(16)}`);
  }
  assert.equal(plain('\t\r'), '\\t\\r');
  // A lone surrogate (half of a pair cut apart) is written out too.
  assert.equal(quote('a\ud800b'), "'a\\u{d800}b'");
  // Korean and emoji stay as they are; characters, not UTF-16 units, are counted.
  assert.equal(quote('미로'), "'미로'");
  const faces = '😀'.repeat(QUOTE_CHARS + 5);
  assert.equal(quote(faces), `'${'😀'.repeat(QUOTE_CHARS)}…'`);
  const long = quote('7'.repeat(10_000_000));
  assert.equal(long, `'${'7'.repeat(80)}…'`);
  // Exactly 80 is not cut.
  assert.equal(quote('8'.repeat(80)), `'${'8'.repeat(80)}'`);
  // Escaping comes after the cut, as in the module: the 80 characters are the given ones.
  assert.equal(quote(`${'a'.repeat(79)}\u202ezz`), `'${'a'.repeat(79)}\\u{202e}…'`);
});

test('quote: the page and the element share it (no copy of their own is left)', () => {
  for (const file of ['run/url.js', 'lessons/lessons.js', 'maze-step.js', 'run/world.js', 'ui/editor.js', 'main.js', 'export/export-anim.js', 'app/edit-mode.js']) {
    const source = readFileSync(fileURLToPath(new URL(`../../www/${file}`, import.meta.url)), 'utf8');
    assert.doesNotMatch(source, /function quote\(/, `${file} has a quote() of its own`);
  }
});

// ---- edit runs ------------------------------------------------------------------------------

test('edits: a run longer than the cells left is refused at once, by name, with the real limit', () => {
  const refused = (text, cells) => {
    try {
      Edits.parse(text, cells);
    } catch (err) {
      return err.message;
    }
    assert.fail(`${JSON.stringify(text)} was read`);
  };
  assert.equal(refused('16777215x', 384),
    "the edits' terrain run '16777215x' at character 1 is 16,777,215 cells long, but this maze has 384 cells and only 384 are left from cell 0");
  assert.equal(refused('3a2.999999999x', 100),
    "the edits' terrain run '999999999x' at character 5 is 999,999,999 cells long, but this maze has 100 cells and only 95 are left from cell 5");
  // One past the end; the run exactly to the end is read.
  assert.match(refused('99.2x', 100), /run '2x' at character 4 is 2 cells long, but this maze has 100 cells and only 1 are left from cell 99/);
  assert.equal(Edits.parse('99.x', 100).toText(), '99.x');
  // Past any maze (2^24 cells and more), with no maze given: the largest maze is the limit.
  assert.match(refused('16777217x'), /is 16,777,217 cells long, but this maze has 16,777,216 cells/);
  assert.match(refused('1234567890x', 100), /run '1234567890' at character 1 is longer than any maze \(the largest has 16,777,216 cells\)/);
  // A wall of a cell past the maze, the same.
  assert.equal(refused('~zz1o', 100), "the edits' wall 'zz1o' is on cell 1,295, but this maze has 100 cells (0 to 99)");
  // What was given is quoted as everywhere: cut, and invisible characters written out.
  assert.match(refused('3a\u202eb', 100), /has '\\u\{202e\}' at character 3/);
  assert.match(refused(`~${'z'.repeat(200)}o`, 100), new RegExp(`wall '${'z'.repeat(80)}…' is not a cell`));
  assert.match(refused('3a12', 100), /ends with a count and no symbol after it \('12'\)/);
});

test('edits: a run is kept as a run, however many cells it covers', () => {
  // The largest maze painted whole: one entry, not 16 777 216 (a Map would overflow at 2^24).
  const whole = Edits.parse(`${MAX_CELLS}x`, MAX_CELLS);
  assert.equal(whole.terrain.starts.length, 1);
  assert.equal(whole.terrain.size, MAX_CELLS);
  assert.equal(whole.toText(), `${MAX_CELLS}x`);
  assert.equal(whole.terrain.get(MAX_CELLS - 1), 0);
  assert.equal(whole.terrain.get(MAX_CELLS), undefined);
  // A stroke in the middle of it splits it, and the text says so.
  whole.terrain.set(1000, 8);
  whole.terrain.delete(2000);
  assert.equal(whole.terrain.starts.length, 4);
  assert.equal(whole.toText(), `1000xh999x.${MAX_CELLS - 2001}x`);
});

test('edits: TerrainRuns reads and writes as a Map of cells does (random strokes)', () => {
  let seed = 7;
  const random = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  for (let round = 0; round < 40; round++) {
    const runs = new TerrainRuns();
    const model = new Map();
    // A parsed start: a few runs in order.
    let at = 0;
    for (let k = 0; k < 5; k++) {
      at += random(6);
      const n = 1 + random(5), value = random(10);
      runs.append(at, n, value);
      for (let c = at; c < at + n; c++) model.set(c, value);
      at += n;
    }
    for (let k = 0; k < 60; k++) {
      const cell = random(60);
      if (random(3) === 0) {
        assert.equal(runs.delete(cell), model.delete(cell));
      } else {
        const value = random(10);
        runs.set(cell, value);
        model.set(cell, value);
      }
      assert.equal(runs.size, model.size);
    }
    for (let c = 0; c < 70; c++) assert.equal(runs.get(c), model.get(c), `cell ${c}`);
    // The same text as the cell-by-cell form.
    const byCell = new Edits();
    byCell.terrain = runs;
    const again = Edits.parse(byCell.toText());
    for (let c = 0; c < 70; c++) assert.equal(again.terrain.get(c), model.get(c), `cell ${c} after the text`);
  }
});

// ---- a tour's stops -------------------------------------------------------------------------

test('tour stops: found a bounded piece at a time; a stop past the steps read is unknown, not the last step read', () => {
  // 511 422 steps in all: more than one scan reads.
  const settings = ['aldous-broder', 'bfs', 100, 100, '1', '', ''];
  const total = (() => {
    const run = new mz.MazeRun(...settings);
    try {
      return run.totalSteps();
    } finally {
      run.free();
    }
  })();
  assert.ok(total > SCAN_MAX, `${total}`);
  const stops = [{ step: 5 }, { end: true }, { event: 'walk', nth: 2 }];
  const run = new mz.MazeRun(...settings);
  try {
    const scan = new StopScan(run, stops, null);
    assert.equal(scan.work(SCAN_MAX), false, 'more is wanted');
    assert.equal(scan.at, SCAN_MAX);
    assert.deepEqual(scan.steps(), [5, undefined, undefined], 'the end is not where the reading stopped');
    // The run moved in between (the page shows a stop): the scan goes back to where it was.
    run.seek(5);
    while (!scan.work(50_000));
    const [five, end, walk] = scan.steps();
    assert.equal(five, 5);
    assert.equal(end, total);
    assert.ok(walk > 0 && walk <= total, `${walk}`);
    // Once only the end was wanted, the run's timeline counted it: the run stayed where it was.
    assert.equal(run.steps(), walk);
  } finally {
    run.free();
  }
  // Only the end wanted from the first: the run never moves.
  const still = new mz.MazeRun(...settings);
  try {
    const scan = new StopScan(still, [{ step: 5 }, { end: true }, { share: 0.5 }], null);
    assert.equal(scan.work(SCAN_MAX), false);
    assert.deepEqual([scan.at, still.steps()], [SCAN_MAX, 0]);
    assert.deepEqual(scan.steps(), [5, undefined, undefined]);
    while (!scan.work(100_000));
    assert.deepEqual(scan.steps(), [5, total, 1 + Math.round(0.5 * (total - 1))]);
    assert.equal(still.steps(), 0);
  } finally {
    still.free();
  }
  // The built-in tours' one pass: what is past the steps read is left out (null).
  const steps = resolveStops(() => new mz.MazeRun(...settings), null, stops, null);
  assert.deepEqual(steps, [5, null, null]);
});

test('tour stops: an algorithm\'s stops are known once its steps are over', () => {
  const whole = new mz.MazeRun('kruskal', 'bfs', 30, 20, '4', '', '');
  whole.finish();
  const generation = whole.phaseSteps('generating');
  const total = whole.steps();
  whole.free();
  const run = new mz.MazeRun('kruskal', 'bfs', 30, 20, '4', '', '');
  try {
    const scan = new StopScan(run, [{ end: true, algorithm: 'kruskal' }, { event: 'pop', algorithm: 'kruskal' }], 'kruskal');
    let calls = 0;
    while (!scan.work(1000)) calls++;
    assert.deepEqual(scan.steps(), [generation, null], 'kruskal never pops');
    // It stopped soon after generation, not at the end of the whole run.
    assert.ok(scan.at < total, `${scan.at} of ${total}`);
    assert.ok(calls < 100);
  } finally {
    run.free();
  }
});

// ---- one build path -------------------------------------------------------------------------

test('a bare wasm-pack build is named wherever pkg/ is loaded; scripts/build\'s finishes it', async () => {
  assert.equal(pkgProblem(fileURLToPath(new URL('.', PKG_JS))), null, 'this pkg/ was built by scripts/build');
  const dir = mkdtempSync(join(tmpdir(), 'mazestep-pkg-'));
  try {
    // The glue as wasm-pack leaves it: without what scripts/finish-pkg.mjs appends.
    const glue = readFileSync(PKG_JS, 'utf8');
    const bare = glue.slice(0, glue.indexOf('\n// mazestep: calls on a freed run'));
    assert.ok(bare.length > 1000 && bare.length < glue.length);
    writeFileSync(join(dir, 'mazestep.js'), bare);
    copyFileSync(PKG_WASM, join(dir, 'mazestep_bg.wasm'));
    const problem = pkgProblem(dir);
    assert.match(problem, /was built without scripts\/finish-pkg\.mjs \(a bare wasm-pack build\?\)/);
    assert.match(problem, /build it with scripts\/build/);
    // Why it matters: a bare glue's freed run gives wasm-bindgen's words.
    const loaded = await import(`${join(dir, 'mazestep.js')}?bare`);
    loaded.initSync({ module: readFileSync(join(dir, 'mazestep_bg.wasm')) });
    const run = new loaded.MazeRun('kruskal', 'bfs', 4, 4, '1', '', '');
    run.free();
    assert.throws(() => run.steps(), /null pointer passed to rust/);
    assert.notEqual(loaded.MazeRun[Symbol.for('mazestep.pkg-finished')], true, 'the page would refuse it');
    // Finished, it is whole.
    finishPkg(join(dir, 'mazestep.js'));
    assert.equal(pkgProblem(dir), null);
    const finished = await import(`${join(dir, 'mazestep.js')}?finished`);
    finished.initSync({ module: readFileSync(join(dir, 'mazestep_bg.wasm')) });
    assert.equal(finished.MazeRun[Symbol.for('mazestep.pkg-finished')], true);
    const again = new finished.MazeRun('kruskal', 'bfs', 4, 4, '1', '', '');
    again.free();
    assert.throws(() => again.steps(), /MazeRun\.steps: this run was freed/);
    rmSync(join(dir, 'mazestep_bg.wasm'));
    assert.match(pkgProblem(dir), /mazestep_bg\.wasm is missing: pkg\/ is not built; build it with scripts\/build/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('every script and message that says how to build pkg/ says scripts/build', () => {
  const root = new URL('../../', import.meta.url);
  const files = ['bench/pathfinding/bench.mjs', 'scripts/build-offline.mjs', 'tests/e2e/harness.mjs', 'tests/module/load.mjs',
    'www/run/module-api.js', 'www/i18n/en.json', 'www/i18n/ko.json', 'README.md', 'docs/page.md', 'docs/module.md'];
  for (const file of files) {
    const text = readFileSync(new URL(file, root), 'utf8');
    // "run/use/with wasm-pack build" as an instruction; naming what scripts/build does is fine.
    assert.doesNotMatch(text, /(run|with|then|first:?|make it with)[^.\n]{0,40}`?wasm-pack build --target web --release`?(?! *,? *then scripts\/finish-pkg)/i, file);
  }
});
