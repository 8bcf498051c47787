// Loading only what the first maze needs (issue 27): the modules of tours, the quiz, the
// editor, exports, the GIF encoder and the other language's words are not fetched before the
// first maze is painted (performance.mark('first-maze'), www/run/stage.js), and each is
// fetched when its feature is wired or first used. index.html's preload hints name exactly the
// modules www/main.js imports, so the import graph is fetched at once, not as a chain.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, launchBrowser, requireBuild, showSettings, startServer } from './harness.mjs';

// What must wait for the first maze (paths under the repository).
const LAZY = [
  'www/lessons/lessons.js', 'www/lessons/tour.js', 'www/lessons/tours.js', 'www/lessons/quiz.js',
  'www/ui/editor.js', 'www/app/edit-mode.js', 'www/ui/shape-controls.js', 'www/app/shape-card.js',
  'www/export/export.js', 'www/export/export-anim.js', 'www/export/webm.js', 'www/vendor/gifenc.js', 'www/export/pack.js',
  'www/draw/shape-renderer.js', 'www/draw/geometry.js',
];
// Words: never a whole file; English's core words never (the module speaks them).
const isWords = (path) => path.startsWith('www/i18n/') && path.endsWith('.json');

/** The modules `entry` imports statically, transitively (paths under the repository). */
function staticGraph(entry) {
  const seen = new Set();
  const walk = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const source = readFileSync(join(ROOT, path), 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s(?:[^;'"(]*?from\s+)?'([^']+)'/gms)) {
      walk(relative(ROOT, resolve(dirname(join(ROOT, path)), match[1])));
    }
  };
  walk(entry);
  seen.delete(entry);
  return seen;
}

test('index.html preloads exactly the modules www/main.js imports, the wasm glue and the wasm', () => {
  const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
  const hints = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  const graph = [...staticGraph('www/main.js')];
  assert.deepEqual([...hints].sort(), ['pkg/mazestep.js', ...graph].sort(),
    'add or remove <link rel="modulepreload"> lines in index.html to match www/main.js\'s imports');
  assert.equal(new Set(hints).size, hints.length, 'a module preloaded twice');
  for (const lazy of LAZY) assert.ok(!graph.includes(lazy), `www/main.js imports ${lazy} statically`);
  assert.match(html, /<link rel="preload" href="pkg\/mazestep_bg\.wasm" as="fetch" type="application\/wasm" crossorigin>/);
});

let browser, server;
before(async () => {
  requireBuild();
  server = await startServer(ROOT);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** Opens the page, records every request, and returns those begun before the first maze's mark. */
async function openRecording(query) {
  const page = await browser.context.newPage();
  const requests = [];
  const warnings = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname.slice(1)));
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /preload/i.test(msg.text())) warnings.push(msg.text());
  });
  await page.goto(server.url + query);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 20_000 });
  // What the page asked for before it marked its first maze (the features start after the mark).
  const beforeFirstMaze = await page.evaluate(() => {
    const mark = performance.getEntriesByName('first-maze')[0];
    if (!mark) return null;
    return performance.getEntriesByType('resource').filter((e) => e.startTime < mark.startTime)
      .map((e) => new URL(e.name).pathname.slice(1));
  });
  assert.ok(beforeFirstMaze, 'the page marked no first maze');
  return { page, requests, beforeFirstMaze, warnings };
}

test('an English load fetches nothing lazy before the first maze, then loads the features; a GIF and Korean when asked', async () => {
  const { page, requests, beforeFirstMaze, warnings } = await openRecording('index.html?generator=kruskal&solver=bfs&width=12&height=8&seed=3');
  const early = beforeFirstMaze.filter((path) => LAZY.includes(path) || (isWords(path) && path !== 'www/i18n/parts/en.base.json'));
  assert.deepEqual(early, [], `fetched before the first maze: ${early.join(', ')}`);
  assert.ok(beforeFirstMaze.includes('www/i18n/parts/en.base.json'), 'the page\'s English words come before the first maze');
  assert.equal(requests.filter((path) => path === 'pkg/mazestep_bg.wasm').length, 1, 'the wasm is fetched once (the preload is used)');
  // Every module www/main.js imports is asked for by the preload hints before the first maze.
  for (const module of staticGraph('www/main.js')) assert.ok(beforeFirstMaze.includes(module), `${module} before the first maze`);

  // Wired after the first maze: the editor, the Shape card, exports, tours and the quiz.
  for (const path of LAZY.filter((p) => p !== 'www/vendor/gifenc.js')) assert.ok(requests.includes(path), `${path} once the page is ready`);
  assert.ok(!requests.includes('www/vendor/gifenc.js'), 'the GIF encoder waits for a GIF');
  assert.ok(requests.some((p) => p === 'www/i18n/parts/en.lessons.json') && requests.includes('www/i18n/parts/en.export.json'));
  assert.ok(!requests.some((p) => p.startsWith('www/i18n/parts/ko.') || p === 'www/i18n/parts/en.core.json' || /i18n\/(en|ko)\.json$/.test(p)),
    `no Korean, no English core words, no whole file: ${requests.filter(isWords).join(', ')}`);

  // The GIF encoder when a GIF is made.
  await showSettings(page);
  await page.locator('#anim summary').click();
  await page.getByLabel('To step', { exact: true }).fill('3');
  await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'GIF', exact: true }).click(),
  ]);
  assert.ok(requests.includes('www/vendor/gifenc.js'), 'the GIF encoder once a GIF is made');

  // Korean when chosen: its words, every part the page has asked for so far.
  await page.selectOption('#language', 'ko');
  await page.waitForFunction(() => document.documentElement.lang === 'ko');
  for (const part of ['base', 'core', 'lessons', 'export']) {
    assert.ok(requests.includes(`www/i18n/parts/ko.${part}.json`), `ko.${part}.json once Korean is chosen`);
  }
  assert.ok(!requests.includes('www/i18n/parts/en.core.json'));
  assert.deepEqual(warnings, []);
  await page.close();
});

test('a Korean link fetches Korean words only; a tour link fetches the lessons before its first maze', async () => {
  const ko = await openRecording('index.html?generator=kruskal&solver=bfs&width=12&height=8&seed=3&lang=ko');
  const words = ko.beforeFirstMaze.filter(isWords).sort();
  assert.deepEqual(words, ['www/i18n/parts/ko.base.json', 'www/i18n/parts/ko.core.json']);
  assert.ok(!ko.requests.some((p) => p.startsWith('www/i18n/parts/en.')), 'no English words for a Korean page with every key');
  assert.deepEqual(ko.warnings, []);
  await ko.page.close();

  const tour = await openRecording('index.html?tour=kruskal');
  assert.ok(tour.beforeFirstMaze.includes('www/lessons/tour.js') && tour.beforeFirstMaze.includes('www/i18n/parts/en.lessons.json'),
    'a tour in the address is loaded with the first maze');
  assert.ok(!tour.beforeFirstMaze.includes('www/ui/editor.js'));
  // The tour is on show, and the address keeps it.
  assert.match(await tour.page.evaluate(() => location.search), /[?&]tour=kruskal\b/);
  assert.deepEqual(tour.warnings, []);
  await tour.page.close();
});
