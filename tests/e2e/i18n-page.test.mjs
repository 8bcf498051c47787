// The page in Korean and English: lang= picks the language (else the browser's), the picker
// switches every word without losing the run, and the Korean page shows no English but names,
// numbers and the core's own words (narration, pseudocode and the like are the core's to
// translate; they are collected from the module and left out here).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageSuite } from './suite.mjs';
import { CHROMIUM } from './harness.mjs';
import { needWords, setLanguage } from '../../www/words/i18n.js';
import { sheetTitle } from '../../www/export/export.js';
import { langSetting } from '../../www/words/language.js';

await setLanguage('en');
// The parts of the words these modules say, as the page loads them with their features.
await Promise.all(['lessons', 'export', 'element'].map(needWords));

// Names and symbols that stay as they are in every language.
const ALLOWED = ['mazestep', 'English', 'A*', 'BFS', 'DFS', 'IDA*', 'SVG', 'PNG', 'GIF', 'URL', 'JSON', 'MB',
  'Space', 'Enter', 'Shift', 'Delete', 'Ctrl', 'Recursive Backtracker', 'Kruskal'];

test('a worksheet\'s title line in the page\'s words', () => {
  assert.equal(sheetTitle({ shape: 'square', mask: '', width: 20, height: 10, seed: '7', braid: 30 }, 'Kruskal'),
    'Kruskal, 20 × 10 cells, seed 7, braid 0.3');
});

test('lang= values: a known code (any case, with a region) is kept, anything else is not', () => {
  assert.equal(langSetting('ko'), 'ko');
  assert.equal(langSetting('KO-kr'), 'ko');
  assert.equal(langSetting('xx'), '');
  assert.equal(langSetting(''), '');
  assert.equal(langSetting(null), '');
});

const suite = pageSuite();

/** Every visible text and label outside the core's own words, with what is allowed taken out. */
async function englishLeft(page) {
  return page.evaluate((allowed) => {
    const { api, controller } = window.mazestep;
    const core = new Set();
    const add = (value) => {
      for (const text of [value].flat()) if (typeof text === 'string' && text.trim()) core.add(text.trim());
    };
    const safe = (f) => {
      try {
        return f();
      } catch {
        return null;
      }
    };
    const names = [...api.generatorNames(), ...api.solverNames(), 'braid', 'player'];
    for (const name of names) {
      add(safe(() => api.algorithmTitle(name)));
      add(safe(() => api.algorithmSummary(name)));
      add(safe(() => api.algorithmStepUnit(name)));
      add(safe(() => api.pseudocode(name)));
      add(safe(() => api.legendLabels(name)));
      for (const kind of safe(() => Array.from(api.algorithmEvents(name))) ?? []) add(safe(() => api.eventLabel(kind)));
    }
    add(safe(() => api.generatorGroups()));
    const run = controller.run;
    add(run.counterNames().map((n) => n.charAt(0).toUpperCase() + n.slice(1)));
    add(run.lastEvent());
    add(run.noPath());
    // The panels the core fills: its words, whatever they are.
    const skip = ['#algorithm-title', '#algorithm-summary', '#pseudocode', '#narration', '#narration-live', '#structures h3',
      '#structures .structure-items li:not(:last-child)', '#structures .structure-note',
      // The teacher's help quotes the tour file's keywords and link parameters, which stay as written.
      '#tour-help', '#quiz-help'];
    const pieces = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent.trim() || !parent || parent.closest(skip.join(','))) continue;
      if (parent.closest('[hidden], script, style') || !parent.checkVisibility()) continue;
      pieces.push([node.textContent, parent.id || parent.tagName]);
    }
    for (const element of document.querySelectorAll('[title], [aria-label], [placeholder], [aria-valuetext]')) {
      if (element.closest('[hidden]') || element.closest(skip.join(','))) continue;
      for (const attribute of ['title', 'aria-label', 'placeholder', 'aria-valuetext']) {
        const value = element.getAttribute(attribute);
        if (value) pieces.push([value, `${element.id || element.tagName}@${attribute}`]);
      }
    }
    pieces.push([document.title, 'title']);
    const known = [...core, ...allowed].sort((a, b) => b.length - a.length);
    const left = [];
    for (const [text, where] of pieces) {
      let rest = text;
      for (const word of known) rest = rest.split(word).join(' ');
      if (/[A-Za-z]{2,}/.test(rest)) left.push(`${where}: ${text.trim().slice(0, 120)}`);
    }
    return left;
  }, ALLOWED);
}

test('lang=ko: no English on the page but names, numbers and the core\'s words', async () => {
  const { page, errors } = await suite.open('?lang=ko&generator=kruskal&solver=bfs&race=dfs&braid=20&seed=5&width=12&height=9');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
  assert.deepEqual(await englishLeft(page), [], 'at the start');
  // Mid-run, at the end (race table and verdict), and with the distance map's legend.
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  assert.deepEqual(await englishLeft(page), [], 'mid-run');
  await page.evaluate(() => window.mazestep.controller.seek(Infinity));
  await page.waitForFunction(() => !document.getElementById('race-result').hidden, null, { timeout: 20_000 });
  assert.match(await page.locator('#race-result').textContent(), /방문/);
  assert.deepEqual(await englishLeft(page), [], 'at the end, with the race');
  await page.locator('input[name="colours"][value="start"]').check();
  await page.locator('#shape').selectOption('hex');
  await page.locator('#copy-link').click();
  assert.deepEqual(await englishLeft(page), [], 'a hex grid with the distance map, after Copy link');
  assert.deepEqual(errors, []);
});

test('the picker switches every word at once and back, keeping the run at its step', async () => {
  const { page, errors } = await suite.open('?lang=ko&generator=kruskal&solver=bfs&seed=3&width=10&height=8');
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
  const steps = () => page.evaluate(() => window.mazestep.controller.run.steps());
  const run = await page.evaluate(() => { window.before = window.mazestep.controller.run; return true; });
  assert.ok(run);
  assert.equal(await steps(), 25);
  assert.equal(await page.locator('#play').textContent(), '재생');
  await page.getByLabel('언어').selectOption('en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.locator('#play').textContent(), 'Play');
  assert.match(await page.locator('#status').textContent(), /step 25/);
  assert.match(await page.locator('#timeline-text').textContent(), /^Step 25/);
  assert.equal(await page.locator('#reset').textContent(), 'Reset');
  assert.equal(await steps(), 25);
  assert.ok(await page.evaluate(() => window.before === window.mazestep.controller.run), 'the same run, not a new one');
  assert.match(await page.evaluate(() => location.search), /lang=en/);
  // Back to Korean with the keyboard: focus the picker and choose.
  await page.getByLabel('Language').focus();
  await page.getByLabel('Language').selectOption('ko');
  await page.waitForFunction(() => document.documentElement.lang === 'ko');
  assert.equal(await page.locator('#play').textContent(), '재생');
  assert.match(await page.locator('#timeline-text').textContent(), /25단계/);
  assert.equal(await steps(), 25);
  assert.match(await page.evaluate(() => location.search), /lang=ko/);
  assert.deepEqual(await englishLeft(page), []);
  assert.deepEqual(errors, []);
});

test('lang=xx: English, and a message saying so', async () => {
  const { page, errors } = await suite.open('?lang=xx');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.locator('#play').textContent(), 'Play');
  const messages = await page.locator('#messages').textContent();
  assert.match(messages, /URL: lang 'xx' is not allowed: use one of en, ko\. Using English\./);
  // Markup in the value stays text.
  const { page: page2 } = await suite.open(`?lang=${encodeURIComponent('<b>x</b>')}`);
  assert.equal(await page2.locator('#messages b').count(), 0);
  assert.match(await page2.locator('#messages').textContent(), /<b>x<\/b>/);
  assert.doesNotMatch(await page.evaluate(() => location.search), /lang=/);
  assert.deepEqual(errors, []);
});

test('lang=ko: the address\'s problems are told in Korean (parameter names and values as given)', async () => {
  const { page, errors } = await suite.open('?lang=ko&style=zig&step=-3&bogus=1');
  const messages = await page.locator('#messages li').allTextContents();
  assert.deepEqual(messages, [
    "URL: style 'zig'은(는) 쓸 수 없습니다. block 또는 thin 가운데 하나를 쓰세요. block을(를) 씁니다.",
    "URL: step '-3'은(는) 쓸 수 없습니다. 0에서 9007199254740991 사이의 정수 단계 수를 쓰세요. 0을(를) 씁니다.",
    `URL: 매개변수 'bogus'은(는) 알 수 없어서 무시했습니다. 쓸 수 있는 것: ${await page.evaluate(async () => (await import('./www/run/url.js')).PARAMS.join(', '))}.`,
  ]);
  assert.equal(await page.locator('#dismiss-messages').textContent(), '닫기');
  assert.deepEqual(errors, []);
});

test('the link and the embed code keep lang=ko; the worksheet is titled in Korean', async () => {
  const { page, errors } = await suite.open('?lang=ko&generator=kruskal&solver=bfs&seed=7&width=6&height=5');
  const { link, embed, search } = await page.evaluate(() => ({
    link: window.mazestep.teach.on.link(), embed: window.mazestep.teach.on.embedCode(), search: location.search,
  }));
  for (const text of [link, embed, search]) assert.match(text, /lang=ko/);
  const sheet = await page.evaluate(() => window.mazestep.exporter.sheet(false));
  assert.match(sheet, /<text[^>]*>[^<]*6 × 5칸, 시드 7<\/text>/);
  assert.deepEqual(errors, []);
});

test('in English the worksheet is exactly the core\'s, on every grid', async () => {
  const { page, errors } = await suite.open('?lang=en&generator=kruskal&solver=bfs&seed=7&width=6&height=5&braid=35');
  const same = async () => page.evaluate(() => {
    const { exporter, controller } = window.mazestep;
    return exporter.sheet(false) === controller.run.svg(false, false);
  });
  assert.ok(await same(), 'square, braided');
  for (const query of ['&width=1200&height=3', '&shape=hex', '&shape=polar&height=4', '&shape=triangle&mask=heart', '&mask=circle']) {
    const { page: other } = await suite.open(`?lang=en&generator=kruskal&solver=bfs&seed=2&width=12&height=10${query}`);
    const equal = await other.evaluate(() => {
      const { exporter, controller } = window.mazestep;
      const ours = exporter.sheet(false), core = controller.run.svg(false, false);
      return ours === core || [ours.match(/<text[^>]*>[^<]*/)?.[0], core.match(/<text[^>]*>[^<]*/)?.[0]];
    });
    assert.equal(equal, true, query);
  }
  assert.deepEqual(errors, []);
});

test('the browser\'s language: ko-KR with no lang= gives Korean, and links stay without lang=', async () => {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}?seed=1`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
    assert.equal(await page.locator('#play').textContent(), '재생');
    assert.equal(await page.locator('#language').inputValue(), 'ko');
    assert.doesNotMatch(await page.evaluate(() => window.mazestep.teach.on.link()), /lang=/);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('screenshots of the Korean page, desktop and phone (written for a person to look at)', async () => {
  const dir = process.env.MAZESTEP_SHOTS || mkdtempSync(join(tmpdir(), 'mazestep-i18n-'));
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const { page, errors } = await suite.open('?lang=ko&generator=kruskal&solver=a-star&race=bfs&seed=4&width=16&height=12', viewport);
    await page.evaluate(() => window.mazestep.controller.seek(Infinity));
    await page.waitForFunction(() => !document.getElementById('race-result').hidden, null, { timeout: 20_000 });
    await page.screenshot({ path: join(dir, `ko-${name}.png`) });
    await page.screenshot({ path: join(dir, `ko-${name}-full.png`), fullPage: true });
    // Nothing pokes out sideways: Korean words fit the buttons and the columns.
    const wide = await page.evaluate(() => [...document.querySelectorAll('button, select, label, h2, p, td, th')]
      .filter((el) => el.checkVisibility() && !el.closest('.sr-only') && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto')
      // Labels visually hidden where the layout has no room for them (the screen reader's alone).
      .filter((el) => getComputedStyle(el).clip !== 'rect(0px, 0px, 0px, 0px)')
      .map((el) => `${el.id || el.tagName}: ${el.textContent.trim().slice(0, 40)}`));
    assert.deepEqual(wide, [], name);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: no sideways scroll`);
    assert.deepEqual(errors, []);
  }
  console.log(`screenshots in ${dir}`);
});
