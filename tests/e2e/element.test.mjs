// <maze-step> (www/maze-step.js) on examples/embed.html: two elements render with their own
// settings and share one wasm module; an attribute change redraws one element only (once for
// several attributes); bad attributes are explained inside the element, never thrown; a
// removed element frees its run; reduced motion stops autoplay; `tour` and `stop` show a guided
// tour at the same steps as the page's own tour panel.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, launchBrowser, openPage, requireBuild, startServer, waitSettled } from './harness.mjs';

let server, browser;
before(async () => {
  requireBuild();
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.close();
});

/** Opens the example; collects uncaught exceptions and console errors. */
async function open(options = {}) {
  const page = await browser.context.newPage();
  if (options.viewport) await page.setViewportSize(options.viewport);
  if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // The favicon aside, nothing may fail to load.
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  await page.goto(`${server.url}examples/embed.html`);
  await page.waitForFunction(() => customElements.get('maze-step') &&
    [...document.querySelectorAll('maze-step')].every((el) => el.run), null, { timeout: 15_000 });
  return { page, errors };
}

// In the page: a summary of one element's maze canvas.
const PICTURE = (id) => {
  const el = document.getElementById(id);
  const canvas = el.shadowRoot.querySelector('canvas.maze');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const colours = new Set();
  let hash = 2166136261;
  for (let i = 0; i < data.length; i += 4) {
    const px = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    colours.add(px);
    hash = Math.imul(hash ^ px, 16777619) >>> 0;
  }
  return { width: canvas.width, height: canvas.height, colours: colours.size, hash };
};

/** Waits until element `id` has no job under way and its run is at `steps`. */
const settledAt = (page, id, steps) => page.waitForFunction(([id, steps]) => {
  const el = document.getElementById(id);
  return el.controller && !el.controller.job && el.run.steps() === steps;
}, [id, steps], { timeout: 15_000 });

test('both elements render, each with its own settings, on one wasm instance', async () => {
  const { page, errors } = await open();
  await settledAt(page, 'sidewinder', 420);
  const a = await page.evaluate(PICTURE, 'sidewinder');
  const b = await page.evaluate(PICTURE, 'kruskal');
  // Walls, passages, marks: a drawn maze, not a blank canvas.
  assert.ok(a.colours >= 3 && b.colours >= 3, `colours ${a.colours}, ${b.colours}`);
  assert.notDeepEqual([a.width, a.height], [b.width, b.height]);
  const settings = await page.evaluate(() => ['sidewinder', 'kruskal'].map((id) => {
    const s = document.getElementById(id).settings;
    return [s.generator, s.solver, s.width, s.height, s.controls, s.loop];
  }));
  assert.deepEqual(settings, [['sidewinder', 'bfs', 20, 14, 'full', false], ['kruskal', 'a-star', 30, 18, 'minimal', true]]);
  // The Kruskal element plays by itself and speaks Korean; the other waits for Play.
  await page.waitForFunction(() => document.getElementById('kruskal').run.steps() > 0);
  const bars = await page.evaluate(() => ['sidewinder', 'kruskal'].map((id) => {
    const root = document.getElementById(id).shadowRoot;
    return [root.querySelector('button[name=play]').textContent, root.querySelector('.more').hidden,
      root.querySelector('.box').lang];
  }));
  assert.deepEqual(bars[0], ['Play', false, 'en']);
  assert.equal(bars[1][1], true, 'minimal: no generator and solver menus');
  assert.equal(bars[1][2], 'ko');
  assert.match(bars[1][0], /^(재생|일시정지)$/);
  // One module: initialised once, one .wasm fetched.
  const shared = await page.evaluate(() => ({
    inits: customElements.get('maze-step').moduleInits(),
    fetches: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm')).length,
  }));
  assert.deepEqual(shared, { inits: 1, fetches: 1 });
  assert.deepEqual(errors, []);
});

test('an attribute change redraws that element alone, once for several attributes', async () => {
  const { page, errors } = await open();
  await settledAt(page, 'sidewinder', 420);
  const before = await page.evaluate(PICTURE, 'sidewinder');
  await page.evaluate(() => {
    window.kruskalRun = document.getElementById('kruskal').run;
    window.sidewinderRun = document.getElementById('sidewinder').run;
  });
  await page.getByRole('button', { name: 'Another SideWinder maze' }).click();
  await page.waitForFunction(() => document.getElementById('sidewinder').run !== window.sidewinderRun);
  await settledAt(page, 'sidewinder', 420);
  const after = await page.evaluate(PICTURE, 'sidewinder');
  assert.notEqual(after.hash, before.hash, 'another seed, another picture');
  assert.equal(await page.evaluate(() => document.getElementById('kruskal').run === window.kruskalRun), true,
    'the other element keeps its run');

  // Three attributes set in one go make one new run, not three.
  const made = await page.evaluate(async () => {
    const el = document.getElementById('sidewinder');
    let calls = 0;
    const make = el.controller.createRun;
    el.controller.createRun = (s) => {
      calls++;
      return make(s);
    };
    el.setAttribute('generator', 'binary-tree');
    el.setAttribute('width', '12');
    el.setAttribute('seed', '99');
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { calls, generator: el.settings.generator, width: el.run.width };
  });
  assert.deepEqual(made, { calls: 1, generator: 'binary-tree', width: 12 });
  // A speed change keeps the maze.
  const kept = await page.evaluate(async () => {
    const el = document.getElementById('sidewinder');
    const run = el.run;
    el.setAttribute('speed', '7');
    await new Promise((resolve) => setTimeout(resolve, 50));
    return [el.run === run, el.settings.speed];
  });
  assert.deepEqual(kept, [true, 7]);
  assert.deepEqual(errors, []);
});

test('bad attributes are explained inside the element, and nothing is thrown', async () => {
  const { page, errors } = await open();
  const messages = await page.evaluate(async () => {
    const el = document.getElementById('sidewinder');
    el.setAttribute('width', 'abc');
    el.setAttribute('generator', 'no-such-maze');
    el.setAttribute('lang', 'xx');
    el.setAttribute('tour', '<b>');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const list = el.shadowRoot.querySelector('.messages');
    return { hidden: list.hidden, items: [...list.querySelectorAll('li')].map((li) => li.textContent), bold: list.querySelector('b') };
  });
  assert.equal(messages.hidden, false);
  const text = messages.items.join('\n');
  assert.match(text, /width 'abc' is not allowed/);
  assert.match(text, /generator 'no-such-maze' is not allowed/);
  assert.match(text, /lang 'xx' has no words here/);
  assert.match(text, /tour '<b>' is not allowed/);
  assert.equal(messages.bold, null, 'attribute values are shown as text');
  // A combination the core refuses (a generator the shape cannot take) keeps a maze on show.
  const refused = await page.evaluate(async () => {
    const el = document.createElement('maze-step');
    el.setAttribute('shape', 'hex');
    el.setAttribute('generator', 'sidewinder');
    document.body.append(el);
    await el.ready;
    return { run: el.run !== null, text: el.shadowRoot.querySelector('.messages').textContent };
  });
  assert.equal(refused.run, true);
  assert.match(refused.text, /sidewinder|SideWinder/i);
  // Fixing the attributes clears their messages.
  const cleared = await page.evaluate(async () => {
    const el = document.getElementById('sidewinder');
    for (const name of ['width', 'generator', 'lang', 'tour']) el.removeAttribute(name);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return el.shadowRoot.querySelector('.messages').hidden;
  });
  assert.equal(cleared, true);
  assert.deepEqual(errors, []);
});

test('a removed element frees its run; put back, it makes a new one', async () => {
  const { page, errors } = await open();
  const result = await page.evaluate(async () => {
    const el = document.getElementById('kruskal');
    const run = el.run;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
    let freed = '';
    try {
      run.steps();
    } catch (err) {
      freed = err.message;
    }
    const gone = el.run === null;
    document.body.append(el);
    await el.ready;
    // Moved in one go (removed and put back before a microtask): the run stays.
    const kept = el.run;
    document.body.prepend(el);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { freed, gone, back: el.run !== null && el.run !== run, moved: el.run === kept };
  });
  assert.match(result.freed, /freed/);
  assert.deepEqual([result.gone, result.back, result.moved], [true, true, true]);
  assert.deepEqual(errors, []);
});

test('reduced motion: autoplay shows the end instead of playing, and says so', async () => {
  const { page, errors } = await open({ reducedMotion: true });
  await page.waitForFunction(() => {
    const el = document.getElementById('kruskal');
    return el.controller && !el.controller.job && el.run.phase() === 'done';
  }, null, { timeout: 15_000 });
  const shown = await page.evaluate(() => {
    const el = document.getElementById('kruskal');
    return { state: el.state, note: el.shadowRoot.querySelector('.messages').textContent };
  });
  assert.notEqual(shown.state, 'running');
  assert.match(shown.note, /움직임/);
  assert.deepEqual(errors, []);
});

test('axe finds no WCAG 2.1 A/AA violation on the example, phone and desktop', async () => {
  const axe = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const { page, errors } = await open({ viewport });
    await settledAt(page, 'sidewinder', 420);
    await page.addScriptTag({ content: axe });
    const found = await page.evaluate(async () => {
      const result = await window.axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'],
      });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    assert.deepEqual(found, [], `${viewport.width} px`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

// ---- tours ----------------------------------------------------------------------------------

const EN = JSON.parse(readFileSync(join(ROOT, 'www', 'i18n', 'en.json'), 'utf8'));
const KO = JSON.parse(readFileSync(join(ROOT, 'www', 'i18n', 'ko.json'), 'utf8'));

/** The page's own tour (index.html?tour=NAME): the step of each stop, going Next through them. */
async function pageTourSteps(name) {
  const { page, errors } = await openPage(browser, server, `?tour=${name}`);
  const steps = [];
  for (;;) {
    await waitSettled(page);
    steps.push(await page.evaluate(() => window.mazestep.controller.run.steps()));
    if (await page.locator('#tour-next').isDisabled()) break;
    await page.locator('#tour-next').click();
  }
  assert.deepEqual(errors, []);
  await page.close();
  return steps;
}

/** Waits until element `id` shows a tour stop and its run stands at that stop's step. */
const atStop = (page, id, stop) => page.waitForFunction(([id, stop]) => {
  const el = document.getElementById(id);
  const at = el?.tourStop;
  return at && at.stop === stop && el.controller && !el.controller.job && el.run.steps() === at.step;
}, [id, stop], { timeout: 15_000 });

/** What element `id` shows of its tour. */
const tourShown = (page, id) => page.evaluate((id) => {
  const el = document.getElementById(id);
  const root = el.shadowRoot;
  const text = (sel) => root.querySelector(sel).textContent;
  return {
    hidden: root.querySelector('.tour').hidden, title: text('.tour-title'), where: text('.tour-where'), text: text('.tour-text'),
    steps: el.run.steps(), event: el.run.lastEvent(), generator: el.settings.generator, tour: el.settings.tour,
    previous: root.querySelector('button[name=tour-previous]').disabled, next: root.querySelector('button[name=tour-next]').disabled,
    messages: [...root.querySelectorAll('.messages li')].map((li) => li.textContent),
  };
}, id);

/** Adds <maze-step id=ID ...attributes> to the example page. */
const addElement = (page, id, attributes) => page.evaluate(([id, attributes]) => {
  const el = document.createElement('maze-step');
  el.id = id;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.querySelector('main').append(el);
}, [id, attributes]);

test('tour="recursive-backtracker": the stops, their words and steps are the page\'s own tour\'s', async () => {
  const expected = await pageTourSteps('recursive-backtracker');
  assert.equal(expected.length, 3);
  const { page, errors } = await open();
  await addElement(page, 'rb', { tour: 'recursive-backtracker', generator: 'wilson', width: '30', seed: '8' });
  await atStop(page, 'rb', 1);
  let shown = await tourShown(page, 'rb');
  // The tour's maze replaces the element's own.
  assert.equal(shown.generator, 'recursive-backtracker');
  assert.equal(shown.hidden, false);
  assert.equal(shown.text, EN.tour['recursive-backtracker']['1']);
  assert.equal(shown.where, `Stop 1 of 3 · step ${expected[0]}`);
  assert.deepEqual([shown.steps, shown.event], [expected[0], 'push']);
  assert.deepEqual([shown.previous, shown.next], [true, false]);
  // Next, from the keyboard: Tab reaches it, Enter presses it.
  const next = page.locator('#rb').getByRole('button', { name: 'Next' });
  await next.focus();
  await page.keyboard.press('Enter');
  await atStop(page, 'rb', 2);
  shown = await tourShown(page, 'rb');
  assert.equal(shown.text, EN.tour['recursive-backtracker']['2']);
  assert.deepEqual([shown.steps, shown.event, shown.where], [expected[1], 'pop', `Stop 2 of 3 · step ${expected[1]}`]);
  assert.equal(shown.previous, false);
  // N and P while the focus is in the element; Previous goes back.
  await page.keyboard.press('n');
  await atStop(page, 'rb', 3);
  assert.equal((await tourShown(page, 'rb')).steps, expected[2]);
  await page.locator('#rb').getByRole('button', { name: 'Previous' }).click();
  await atStop(page, 'rb', 2);
  assert.equal((await tourShown(page, 'rb')).steps, expected[1]);
  assert.deepEqual(errors, []);
});

test('stop="2" opens at stop 2; changing tour switches tours; bad names and stops are said inside', async () => {
  const expected = await pageTourSteps('recursive-backtracker');
  const { page, errors } = await open();
  await addElement(page, 'rb', { tour: 'recursive-backtracker', stop: '2' });
  await atStop(page, 'rb', 2);
  let shown = await tourShown(page, 'rb');
  assert.deepEqual([shown.steps, shown.text, shown.messages], [expected[1], EN.tour['recursive-backtracker']['2'], []]);

  // Another tour: its maze and its words, still at stop 2.
  await page.evaluate(() => document.getElementById('rb').setAttribute('tour', 'kruskal'));
  await page.waitForFunction(() => document.getElementById('rb').settings.generator === 'kruskal');
  await atStop(page, 'rb', 2);
  shown = await tourShown(page, 'rb');
  assert.deepEqual([shown.tour, shown.event, shown.text], ['kruskal', 'keep-wall', EN.tour.kruskal['2']]);

  // In Korean, the page's Korean tour words; a speed change keeps the stop on show.
  await page.evaluate(() => document.getElementById('rb').setAttribute('lang', 'ko'));
  await page.waitForFunction(() => document.getElementById('rb').shadowRoot.querySelector('.box').lang === 'ko');
  const before = (await tourShown(page, 'rb')).steps;
  await page.evaluate(() => document.getElementById('rb').setAttribute('speed', '7'));
  await page.waitForFunction(() => document.getElementById('rb').settings.speed === 7);
  shown = await tourShown(page, 'rb');
  assert.equal(shown.text, KO.tour.kruskal['2']);
  assert.match(shown.where, /3곳 중 2번째/);
  assert.equal(shown.steps, before);

  // Bad values: a message inside the element (text, not markup), no tour, nothing thrown.
  const bad = await page.evaluate(async () => {
    const el = document.getElementById('rb');
    el.setAttribute('lang', 'en');
    el.setAttribute('tour', '<b>no-such-tour</b>');
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { bold: el.shadowRoot.querySelector('.messages b'), tour: el.tourStop, generator: el.settings.generator };
  });
  shown = await tourShown(page, 'rb');
  assert.equal(shown.hidden, true);
  assert.deepEqual([bad.bold, bad.tour, bad.generator], [null, null, 'recursive-backtracker']);
  assert.match(shown.messages.join('\n'), /tour '<b>no-such-tour<\/b>' is not allowed: use one of binary-tree, .*kruskal.*\. No tour\./);
  for (const [stop, said] of [['9', /stop 9 is not allowed: this tour has 3 stops\. Using stop 1\./],
    ['two', /stop 'two' is not allowed: use a whole number from 1\. Using stop 1\./]]) {
    await page.evaluate((stop) => {
      const el = document.getElementById('rb');
      el.setAttribute('tour', 'bfs');
      el.setAttribute('stop', stop);
    }, stop);
    await atStop(page, 'rb', 1);
    shown = await tourShown(page, 'rb');
    assert.equal(shown.generator, 'kruskal');
    assert.match(shown.messages.join('\n'), said);
    await page.evaluate(() => document.getElementById('rb').removeAttribute('tour'));
    await page.waitForFunction(() => document.getElementById('rb').tourStop === null);
  }
  // No tour left: the panel goes, and a lone stop is named.
  shown = await tourShown(page, 'rb');
  assert.equal(shown.hidden, true);
  assert.match(shown.messages.join('\n'), /stop 'two' needs a tour attribute/);
  assert.deepEqual(errors, []);
});

test('the example\'s tour element opens Kruskal\'s tour at stop 2 (screenshots at phone and desktop size)', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, errors } = await open({ viewport });
    await atStop(page, 'tour', 2);
    const shown = await tourShown(page, 'tour');
    assert.deepEqual([shown.event, shown.text, shown.where.startsWith('Stop 2 of 3')], ['keep-wall', EN.tour.kruskal['2'], true]);
    if (process.env.MAZESTEP_SHOTS) {
      await page.locator('#tour').scrollIntoViewIfNeeded();
      await page.locator('#tour').screenshot({ path: join(process.env.MAZESTEP_SHOTS, `element-tour-${viewport.width}.png`) });
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});
