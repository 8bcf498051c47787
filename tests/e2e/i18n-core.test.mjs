// The core's words in the page's language (issue 18): with lang=ko the narration, pseudocode,
// algorithm summary, data-structure titles, counters, legend and "run to the next" choices come
// from www/i18n/ko.json, filled from the core's narrationData(); switching language re-says them;
// English stays the core's own words, sentence for sentence.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { pageSuite } from './suite.mjs';
import { ROOT } from './harness.mjs';

const suite = pageSuite();
const ko = JSON.parse(readFileSync(`${ROOT}/www/i18n/ko.json`, 'utf8')).core;
const en = JSON.parse(readFileSync(`${ROOT}/www/i18n/en.json`, 'utf8')).core;

const MAZE = '?generator=kruskal&solver=bfs&width=6&height=5&seed=3';
const HANGUL = /[\uac00-\ud7a3]/;

/** What the panels say of the core's words. */
function words(page) {
  return page.evaluate(() => {
    const text = (id) => document.getElementById(id).textContent;
    return {
      narration: text('narration'),
      live: text('narration-live'),
      pseudocode: [...document.querySelectorAll('#pseudocode li')].map((li) => li.textContent),
      summary: text('algorithm-summary'),
      structures: [...document.querySelectorAll('#structures h3')].map((h) => h.textContent),
      items: [...document.querySelectorAll('#structures .structure-items li')].map((li) => li.textContent),
      notes: [...document.querySelectorAll('#structures .structure-note')].map((p) => p.textContent),
      stats: text('stats'),
      legend: text('legend'),
      events: [...document.querySelectorAll('#next-kind option')].map((o) => o.textContent),
      core: window.mazestep.controller.run.narration(),
    };
  });
}

async function step(page, times) {
  for (let i = 0; i < times; i += 1) await page.locator('#step').click();
}

test('lang=ko: narration, pseudocode and panels in Korean, switching back says them in English', async () => {
  const { page, errors } = await suite.open(`${MAZE}&lang=ko`);
  await step(page, 3);
  let seen = await words(page);
  // Kruskal's sentences: a set merge or a wall kept, in Korean, naming the cell as the core does.
  assert.match(seen.narration, HANGUL, seen.narration);
  assert.match(seen.narration, /\(\d+, \d+\) 칸의 .+ 벽/, seen.narration);
  assert.deepEqual(seen.pseudocode, ko.algorithms.kruskal.pseudocode);
  assert.equal(seen.summary, ko.algorithms.kruskal.summary);
  assert.ok(seen.structures.some((title) => title.startsWith(ko.structures['sets-by-root-cell'])), seen.structures.join());
  assert.match(seen.stats, /크루스칼 알고리즘: 집합/);
  assert.ok(seen.events.includes(ko.events['merge-sets']), seen.events.join());
  assert.match(seen.core, /^The wall |^Cell /, 'the core itself still speaks English');

  // Another language while paused: every core word said again, the same step in English.
  await page.evaluate(async () => (await import('./www/words/i18n.js')).setLanguage('en'));
  seen = await words(page);
  assert.equal(seen.narration, seen.core);
  assert.deepEqual(seen.pseudocode, en.algorithms.kruskal.pseudocode);
  assert.ok(seen.events.includes('next set merge'), seen.events.join());
  assert.ok(seen.structures.some((title) => title.startsWith('Sets (by root cell)')));
  assert.deepEqual(errors, []);
});

test('the solver speaks Korean too, with counts by Korean rules; English is the core word for word', async () => {
  const { page, errors } = await suite.open("?generator=binary-tree&solver=bfs&width=6&height=5&seed=3&lang=ko&step=32");
  await step(page, 3);
  const seen = await words(page);
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.phase()), 'solving');
  // BFS taking a cell: "큐의 맨 앞에서 (x, y) 칸을 꺼내고 새 이웃 N칸을 큐에 넣었습니다. N칸이 기다립니다."
  assert.match(seen.narration, /^큐의 맨 앞에서 \(\d+, \d+\) 칸을 꺼내고 새 이웃 \d+칸을 큐에 넣었습니다\. \d+칸이 기다립니다\.$/, seen.narration);
  assert.deepEqual(seen.pseudocode, ko.algorithms.bfs.pseudocode);
  assert.equal(seen.summary, ko.algorithms.bfs.summary);
  // BFS's legend labels ("queued", "dequeued", …) come from the core: in Korean.
  const marks = Object.values(ko.marks).filter((label) => seen.legend.includes(label));
  assert.ok(marks.length >= 2, seen.legend);
  assert.match(seen.core, /^Took cell/);

  // In English the page's sentence is the core's own, across a whole run.
  const english = await suite.open(`${MAZE}`);
  for (let i = 0; i < 12; i += 1) {
    await step(english.page, 4);
    const said = await words(english.page);
    assert.equal(said.narration, said.core);
  }
  assert.deepEqual([...errors, ...english.errors], []);
});

test('lang=ko: data-structure items and notes in Korean; in English the core\'s own', async () => {
  const { page, errors } = await suite.open(`${MAZE}&lang=ko`);
  await step(page, 4);
  let seen = await words(page);
  // Kruskal's sets: "(1, 1) 칸의 집합: 3칸", then "… 그리고 N개 더" when some are not shown.
  const sets = seen.items.filter((item) => /^\(\d+, \d+\) 칸의 집합: \d+칸$/.test(item));
  assert.ok(sets.length >= 2, seen.items.join(' | '));
  assert.ok(seen.items.some((item) => /^… 그리고 \d+개 더$/.test(item)), seen.items.join(' | '));
  assert.ok(seen.notes.includes(ko.notes['random-order']), seen.notes.join(' | '));
  assert.ok(seen.notes.some((note) => /칸의 집합\(\d+칸\)과 .+합쳤습니다$|벽을 남겼습니다/.test(note)), seen.notes.join(' | '));
  assert.ok(!seen.items.concat(seen.notes).some((text) => /set of|cells?\b|and \d+ more|random order/.test(text)));

  // English: the core's items and notes as they are.
  await page.evaluate(async () => (await import('./www/words/i18n.js')).setLanguage('en'));
  seen = await words(page);
  const core = await page.evaluate(() => window.mazestep.controller.run.structures(1000));
  assert.ok(seen.items.some((item) => /^set of \(\d+, \d+\): \d+ cells?$/.test(item)), seen.items.join(' | '));
  for (const item of seen.items) {
    assert.ok(core.some((s) => s.items.includes(item)) || /^… and \d+ more$/.test(item), item);
  }
  assert.deepEqual(seen.notes, core.map((s) => s.note).filter(Boolean));
  assert.deepEqual(errors, []);
});

test('lang=ko: the core\'s refusals in Korean (a generator on a shape it cannot do, a typed size)', async () => {
  const { page } = await suite.open('?lang=ko&shape=hex&generator=sidewinder&width=6&height=5&seed=3');
  const shown = await page.evaluate(() => document.body.innerText);
  // "shape: sidewinder은(는) 온전한 정사각형 격자의 행과 열이 필요해서 육각형 격자에서는 미로를 …"
  // (the shape's name is a word of its own: core.shapes.hex)
  assert.match(shown, /sidewinder은\(는\) 온전한 정사각형 격자의 행과 열이 필요해서 육각형 격자에서는 미로를 만들 수 없습니다/, shown);
  assert.doesNotMatch(shown, /needs the rows and columns/);

  // A width typed by hand: the core's parseSide refusal, in Korean, beside the box.
  const ko = await suite.open(`${MAZE}&lang=ko`);
  await ko.page.fill('#width', '5000');
  await ko.page.dispatchEvent('#width', 'change');
  const note = await ko.page.evaluate(() => document.body.innerText);
  assert.match(note, /너비 '5000'은\(는\) 쓸 수 없습니다: 1부터 4,?096까지의 정수를 쓰세요/, note);

  // English: the core's own words, as before.
  const en = await suite.open(MAZE);
  await en.page.fill('#width', '5000');
  await en.page.dispatchEvent('#width', 'change');
  const english = await en.page.evaluate(() => document.body.innerText);
  assert.match(english, /width '5000' is not allowed: use a whole number from 1 to 4096/, english);
  assert.deepEqual(en.errors, []);
});

/** The status line and the messages once the run is over. */
async function ending(page) {
  await page.evaluate(() => window.mazestep.controller.run.finish());
  await page.locator('#step').click();
  return page.evaluate(() => ({
    status: document.getElementById('status').textContent,
    messages: document.getElementById('messages').textContent,
  }));
}

test('lang=ko: a search without a path and a refused world are said in Korean; English is the core\'s own', async () => {
  // Jump point search on painted terrain gives up (every cell must cost the same).
  const gaveUp = '?generator=terrain&solver=jump-point-search&width=8&height=6&seed=3';
  const ko = await suite.open(`${gaveUp}&lang=ko`);
  let seen = await ending(ko.page);
  assert.match(seen.status, new RegExp(`경로 없음: 포기했습니다 \\(${ko_('reasons', 'jps-costs')}\\)`), seen.status);
  assert.doesNotMatch(seen.status, /no path|gave up/, seen.status);
  const en = await suite.open(gaveUp);
  seen = await ending(en.page);
  const core = await en.page.evaluate(() => window.mazestep.controller.run.noPath());
  assert.match(core, /^no path: gave up \(jump-point-search needs every cell to cost the same/);
  assert.ok(seen.status.endsWith(` · ${core}`), seen.status);

  // An open world cannot be braided: the core refuses the run; the page says why in Korean.
  const braided = '?generator=obstacles&braid=50&solver=bfs&width=6&height=5&seed=3';
  const refused = await suite.open(`${braided}&lang=ko`);
  const text = await refused.page.evaluate(() => document.body.innerText);
  assert.match(text, /obstacles에서는 브레이드 0\.5을\(를\) 쓸 수 없습니다: 열린 월드를 만들어서 없앨 막다른 길이 없습니다/, text);
  assert.doesNotMatch(text, /is not allowed with obstacles/);
  const english = await suite.open(braided);
  const said = await english.page.evaluate(() => document.body.innerText);
  assert.match(said, /braid 0\.5 is not allowed with obstacles: it makes an open world, with no dead ends to remove; give braid 0/);
  assert.deepEqual([...ko.errors, ...en.errors, ...refused.errors, ...english.errors], []);
});

/** Korean words of the core at `section.key`, as a pattern. */
function ko_(section, key) {
  return ko[section][key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
