// The page as one learning surface at every width (docs/page.md, "Layout"): widths 360 to
// 1920 in steps of 20 px at a few heights, portrait and landscape. At each: no two visible
// regions overlap; after Step the maze, the narration and the current pseudocode line are in
// view (inside the viewport and inside every box that clips them); the document never scrolls
// past its content. Then: nothing moves while playing, racing and editing (layout-shift
// entries), the settings drawer's focus and keys, the status and the timeline saying the same
// step, and the race lanes using the room they have.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

// A BFS run paused mid-search (SideWinder, seed 5: generation ends at step 383), and A*.
const BFS = '?generator=sidewinder&solver=bfs&seed=5&step=600';
const A_STAR = '?generator=sidewinder&solver=a-star&seed=5&step=500';

/** Two animation frames: what a resize or a step asked for has been laid out and drawn. */
const frames = (page) => page.evaluate(() => new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * What is wrong with the layout as it stands: overlapping regions, the essentials out of view,
 * a document taller or wider than the viewport. An empty list when all is well.
 */
function layoutProblems(page, essentials = ESSENTIALS) {
  return page.evaluate((essentials) => {
    const problems = [];
    const W = innerWidth, H = innerHeight;
    const visible = (el) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    const name = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const rect = (el) => el.getBoundingClientRect();
    const overlap = (a, b) => {
      const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      return x > 0.5 && y > 0.5;
    };
    // The regions of the shell, and the parts of the stage column and of the transport: none
    // may overlap another of its group. (Banners over the stage lie over it on purpose.)
    const settings = document.getElementById('settings');
    const groups = [
      ['.topbar', '.stage-column', '.info', ...(visible(settings) ? ['#settings'] : [])],
      ['.stage-bar', '#edit-problem', '.lane > .caption', '.lane > .status', '.lane > .stage', '.edit-panel', '.transport'],
      ['.transport .buttons', '.timeline-field', '.speed-field', '.next-field', '.transport .keys-hint'],
      ['.transport .buttons button'],
      ['.stage-bar > *'],
      ['.topbar > *'],
    ];
    for (const selectors of groups) {
      const els = selectors.flatMap((s) => [...document.querySelectorAll(s)]).filter(visible);
      for (let i = 0; i < els.length; i++) {
        for (let j = i + 1; j < els.length; j++) {
          if (els[i].contains(els[j]) || els[j].contains(els[i])) continue;
          if (overlap(rect(els[i]), rect(els[j]))) {
            const [a, b] = [rect(els[i]), rect(els[j])].map((r) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}`);
            problems.push(`${name(els[i])} (${a}) overlaps ${name(els[j])} (${b})`);
          }
        }
      }
    }
    // Each region lies inside the viewport.
    for (const el of [...document.querySelectorAll('.topbar, .stage-column, .info, .transport')].filter(visible)) {
      const r = rect(el);
      if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
        problems.push(`${name(el)} reaches outside the ${W}x${H} viewport: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
    // Seen: inside the viewport and inside every ancestor that clips (scrolls or hides overflow).
    const seen = (el, what) => {
      if (!el || !visible(el)) {
        problems.push(`${what} is not shown`);
        return;
      }
      const r = rect(el);
      let box = { left: 0, top: 0, right: W, bottom: H };
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p);
        if (o.overflowX !== 'visible' || o.overflowY !== 'visible') {
          const c = rect(p);
          box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
        }
      }
      if (r.left < box.left - 1 || r.top < box.top - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1) {
        problems.push(`${what} is not in view: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}, the room it has is ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)}`);
      }
    };
    // 'beside': only where the explanations stand beside the stage (not stacked under it).
    const stacked = matchMedia('(max-width: 1023.98px) and (orientation: portrait), (max-width: 599.98px)').matches;
    for (const [selector, what, where] of essentials) {
      if (where === 'beside' && stacked) continue;
      seen(document.querySelector(selector), what);
    }
    // The document itself never scrolls.
    const doc = document.documentElement;
    if (doc.scrollHeight > H + 1 || doc.scrollWidth > W + 1) problems.push(`the document is ${doc.scrollWidth}x${doc.scrollHeight} in a ${W}x${H} viewport`);
    window.scrollTo(0, 1e6);
    if (window.scrollY !== 0) problems.push(`the document scrolled to ${window.scrollY}`);
    window.scrollTo(0, 0);
    return problems;
  }, essentials);
}

/** What must be in view after Step: [selector, words]. */
const ESSENTIALS = [['#maze', 'the maze'], ['#status', 'the status'], ['#play', 'Play'], ['#narration', 'the narration'],
  ['#pseudocode .is-current', 'the current pseudocode line']];

/** Every width from `from` to `to` in steps of `by` px at `height`, the page paused mid-search. */
async function sweep(query, height, { from = 360, to = 1920, by = 20, essentials = ESSENTIALS, step = true } = {}) {
  const { page, errors } = await suite.open(query, { width: from, height });
  await waitSettled(page);
  if (step) {
    await page.click('#step');
    await waitSettled(page);
  }
  const found = [];
  for (let width = from; width <= to; width += by) {
    await page.setViewportSize({ width, height });
    await frames(page);
    for (const problem of await layoutProblems(page, essentials)) found.push(`${width}x${height}: ${problem}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
  return found;
}

for (const height of [640, 768, 800, 1080]) {
  test(`BFS mid-search at every width from 360 to 1920, ${height} px high: nothing overlaps, the essentials are in view`, async () => {
    const found = await sweep(BFS, height);
    assert.deepEqual(found.slice(0, 12), [], `${found.length} problems`);
  });
}

test('A* mid-search (eight pseudocode lines, the open set with f, g and h), in Korean: every width at 800 px and phones at 640', async () => {
  const found = [...await sweep(`${A_STAR}&lang=ko`, 800), ...await sweep(`${A_STAR}&lang=ko`, 640, { to: 600 })];
  assert.deepEqual(found.slice(0, 12), [], `${found.length} problems`);
});

test('landscape phones and tablets: 390 px high from 640 to 940, and 600 high to 1024', async () => {
  const found = [...await sweep(BFS, 390, { from: 640, to: 940 }), ...await sweep(A_STAR, 600, { from: 700, to: 1020 })];
  assert.deepEqual(found.slice(0, 12), [], `${found.length} problems`);
});

test('a tour and the quiz at every width (40 px apart), 800 and 640 px high: their words and buttons in view with the maze', async () => {
  // A tour stop: its words and Next with the maze; beside the stage, the pseudocode line of the
  // stop too (where the explanations are stacked under the stage the tour's words are the
  // strip, and the pseudocode a scroll away).
  const tour = [['#maze', 'the maze'], ['#status', 'the status'], ['#play', 'Play'], ['#tour-text', 'the tour\'s words'],
    ['#tour-next', 'Next'], ['#pseudocode .is-current', 'the current pseudocode line', 'beside']];
  const quiz = [['#maze', 'the maze'], ['#status', 'the status'], ['#quiz-ask', 'the question'], ['#quiz-choices button', 'the first choice']];
  const found = [];
  for (const height of [800, 640]) {
    found.push(...await sweep('?tour=kruskal&stop=2', height, { by: 40, essentials: tour, step: false }));
    found.push(...await sweep('?generator=kruskal&solver=none&width=10&height=8&seed=5&quiz=1&questions=5&lang=ko', height, { by: 40, essentials: quiz, step: false }));
  }
  assert.deepEqual(found.slice(0, 12), [], `${found.length} problems`);
});

test('at 1280 × 800 A*\'s eight pseudocode lines take at most fifteen short ones (the old column: twenty tall ones), and the open set shows beside the maze', async () => {
  const { page, errors } = await suite.open(A_STAR, { width: 1280, height: 800 });
  await page.click('#step');
  const sizes = await page.evaluate(() => {
    const code = document.getElementById('pseudocode');
    const lines = [...code.children].reduce((n, li) => n + Math.round(li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight)), 0);
    const set = document.querySelector('#structures .structure-items li').getBoundingClientRect();
    const maze = document.getElementById('maze').getBoundingClientRect();
    return { items: code.children.length, lines, height: code.scrollHeight, set: set.bottom, maze: [maze.width, maze.height] };
  });
  assert.equal(sizes.items, 8);
  assert.ok(sizes.lines <= 15, `A*'s pseudocode wraps into ${sizes.lines} lines`);
  assert.ok(sizes.height <= 300, `A*'s pseudocode is ${sizes.height} px tall (it was about 440 in the old 310 px column)`);
  assert.ok(sizes.set < 800, `the open set's first entry ends at ${sizes.set}`);
  assert.ok(sizes.maze[0] > 650 && sizes.maze[1] > 440, `the maze is ${sizes.maze.join(' x ')}`);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Sums the layout shifts seen from now until `stop()`; `all` counts those after input too. */
async function watchShifts(page) {
  await page.evaluate(() => {
    window.shifts = [];
    window.shiftObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.shifts.push({ value: entry.value, input: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((s) => s.node?.id || s.node?.className || s.node?.nodeName || '?') });
      }
    });
    window.shiftObserver.observe({ type: 'layout-shift' });
  });
  return async () => page.evaluate(() => {
    window.shiftObserver.disconnect();
    const total = window.shifts.reduce((sum, s) => sum + s.value, 0);
    return { total, shifts: window.shifts };
  });
}

test('nothing moves while a run plays, at a phone, a tablet and a desktop size', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 820, height: 1180 }, { width: 1280, height: 800 }]) {
    // Binary Tree on a small maze at 200 steps/s: generation, search and walk in about 4 s, the
    // status growing from "Generating, step 9" to "Solving, …, path length 31 · cost 30".
    const { page, errors } = await suite.open('?generator=binary-tree&solver=dijkstra&width=14&height=10&seed=3&speed=200', viewport);
    const stop = await watchShifts(page);
    await page.evaluate(() => window.mazestep.controller.play());
    await page.waitForFunction(() => window.mazestep.controller.state === 'done', null, { timeout: 20_000 });
    await frames(page);
    const { total, shifts } = await stop();
    assert.ok(total <= 0.01, `${viewport.width}x${viewport.height}: layout shifts sum to ${total}: ${JSON.stringify(shifts)}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('nothing moves while a race plays to its comparison, a message shows and a path is not the shortest', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const { page, errors } = await suite.open('?generator=kruskal&braid=60&solver=bfs&race=dfs&width=12&height=9&seed=3&speed=400', viewport);
    const stop = await watchShifts(page);
    await page.evaluate(() => window.mazestep.controller.play());
    // A message banner in the middle of the race (as a refused setting would show one).
    await page.waitForFunction(() => window.mazestep.controller.run.steps() > 150);
    await page.evaluate(() => window.mazestep.panels.showMessages(['A message in the middle of the race.']));
    await page.waitForFunction(() => window.mazestep.controller.state === 'done', null, { timeout: 20_000 });
    await frames(page);
    const { total, shifts } = await stop();
    assert.equal(await page.locator('#race-result').isVisible(), true, 'the comparison is shown');
    assert.equal(await page.locator('#shortest-note-race').isVisible(), true, 'DFS found a longer path on this braided maze');
    assert.ok(total <= 0.01, `${viewport.width}x${viewport.height}: layout shifts sum to ${total}: ${JSON.stringify(shifts)}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('nothing moves while editing a race: strokes that lengthen the statuses, a message mid-stroke', async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    // Water across BFS's path: its lane's status gains "not the cheapest: …".
    const { page, errors } = await suite.open('?generator=sidewinder&braid=100&solver=dijkstra&race=bfs&width=16&height=10&seed=4', viewport);
    await page.click('#edit-mode');
    await page.waitForFunction(() => window.mazestep.controller.state === 'done' && !window.mazestep.controller.job);
    await page.locator('#edit-tools input[value="water"]').check();
    await frames(page);
    const stop = await watchShifts(page);
    const box = await page.locator('#maze').boundingBox();
    // Water painted across the maze in three strokes; a message arrives during the second.
    for (let k = 0; k < 3; k++) {
      const y = box.y + box.height * (0.3 + 0.2 * k);
      await page.mouse.move(box.x + box.width * 0.1, y);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++) {
        await page.mouse.move(box.x + box.width * (0.1 + 0.065 * i), y);
        if (k === 1 && i === 6) await page.evaluate(() => window.mazestep.panels.showMessages(['A message in the middle of a stroke.']));
      }
      await page.mouse.up();
    }
    await frames(page);
    const { shifts } = await stop();
    // Every shift counts here, also those right after the button went down: a stroke is input.
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    assert.match(await page.locator('#status').textContent(), /cost/);
    assert.match(await page.locator('#status-race').textContent(), /cheapest/);
    assert.ok(total <= 0.01, `${viewport.width}x${viewport.height}: layout shifts sum to ${total}: ${JSON.stringify(shifts)}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the status and the timeline say the same step while playing', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=20&height=14&seed=2&speed=100');
  await page.evaluate(() => window.mazestep.controller.play());
  const seen = await page.evaluate(() => new Promise((resolve) => {
    const pairs = [];
    const look = () => {
      const status = document.getElementById('status').textContent;
      const timeline = document.getElementById('timeline-text').textContent;
      pairs.push([status.match(/step ([\d,]+)/i)?.[1], timeline.match(/Step ([\d,]+)/)?.[1]]);
      if (pairs.length < 90) requestAnimationFrame(look);
      else resolve(pairs);
    };
    requestAnimationFrame(look);
  }));
  const differ = seen.filter(([a, b]) => a !== b);
  assert.ok(seen.some(([a]) => Number(a?.replace(/,/g, '')) > 20), `the run moved: ${JSON.stringify(seen.slice(-3))}`);
  assert.deepEqual(differ, [], 'status and timeline agree at every frame');
  // Screen readers still hear the status at most about once a second.
  assert.equal(await page.locator('#status').getAttribute('aria-live'), 'off');
  assert.equal(await page.locator('#status-live').getAttribute('aria-live'), 'polite');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the settings: docked at 1920, a labelled drawer at 1280 (focus in, Escape out, focus back), a sheet on a phone', async () => {
  const wide = await suite.open(BFS, { width: 1920, height: 1080 });
  assert.equal(await wide.page.locator('#settings-toggle').isVisible(), false);
  assert.equal(await wide.page.getByRole('spinbutton', { name: 'Width' }).isVisible(), true);
  assert.equal(await wide.page.locator('#settings').getAttribute('role'), null, 'a plain region when docked');
  await wide.page.close();

  const { page, errors } = await suite.open(BFS, { width: 1280, height: 800 });
  const toggle = page.getByRole('button', { name: 'Settings' });
  assert.equal(await page.getByRole('spinbutton', { name: 'Width' }).isVisible(), false, 'shut at first');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  assert.equal(await dialog.isVisible(), true);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  assert.equal(await page.evaluate(() => document.getElementById('settings').contains(document.activeElement)), true, 'focus moved in');
  await page.getByRole('spinbutton', { name: 'Width' }).fill('12');
  await page.getByRole('spinbutton', { name: 'Width' }).press('Enter');
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.width), 12);
  await page.keyboard.press('Escape');
  assert.equal(await dialog.isVisible(), false, 'Escape shut it');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'settings-toggle', 'focus went back');
  // The drawer makes way for what it starts on the maze: a tour.
  await toggle.click();
  await page.getByRole('button', { name: 'Start tour' }).click();
  assert.equal(await dialog.isVisible(), false, 'the drawer made way for the tour');
  assert.equal(await page.locator('.tour-panel').isVisible(), true);
  assert.deepEqual(errors, []);
  await page.close();

  const phone = await suite.open(BFS, { width: 390, height: 844 });
  await phone.page.getByRole('button', { name: 'Settings' }).click();
  const sheet = await phone.page.evaluate(() => {
    const box = document.getElementById('settings').getBoundingClientRect();
    return { box: [box.left, box.top, box.width, box.height], modal: document.getElementById('settings').getAttribute('aria-modal') };
  });
  assert.deepEqual(sheet, { box: [0, 0, 390, 844], modal: 'true' });
  await phone.page.getByRole('button', { name: 'Close' }).click();
  assert.equal(await phone.page.locator('#settings').isVisible(), false);
  assert.deepEqual(phone.errors, []);
  await phone.page.close();
});

test('race lanes use the room they have: side by side in a wide stage, stacked in a tall one', async () => {
  const sizeOf = (page) => page.evaluate(() => {
    const a = document.getElementById('maze').getBoundingClientRect();
    const b = document.getElementById('maze-race').getBoundingClientRect();
    return { side: Math.abs(a.top - b.top) < 1, width: a.width, height: a.height, same: a.width === b.width && a.height === b.height };
  });
  // A wide maze on a desktop: side by side is bigger; a tall one: one over the other.
  const wide = await suite.open('?generator=kruskal&solver=bfs&race=dfs&width=30&height=12&seed=2', { width: 1280, height: 800 });
  const wideMaze = await sizeOf(wide.page);
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&race=dfs&width=30&height=12&seed=2', { width: 1280, height: 1400 });
  const tallPage = await sizeOf(page);
  await wide.page.close();
  assert.equal(tallPage.same, true, 'both lanes the same size');
  assert.equal(tallPage.side, false, 'stacked in a tall stage');
  // Whichever way, each maze gets more than half the stage column's width or its height.
  const column = await page.evaluate(() => document.querySelector('.stage-column').getBoundingClientRect().width);
  assert.ok(tallPage.width > column * 0.6, `the stacked mazes are ${tallPage.width} of ${column} px wide`);
  assert.ok(wideMaze.width > 0 && wideMaze.same);
  // The choice is the bigger maze: stacking the wide layout would give less.
  const other = await page.evaluate(() => {
    const lanes = document.getElementById('lanes');
    lanes.classList.toggle('stacked');
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
      const a = document.getElementById('maze').getBoundingClientRect();
      lanes.classList.toggle('stacked');
      resolve(a.width);
    })));
  });
  assert.ok(other <= tallPage.width, `side by side would give ${other} px, stacked gives ${tallPage.width}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('embed=1 in a 640 × 480 frame and a 400 × 600 one: the maze fills the box', async () => {
  for (const [viewport, query, share] of [[{ width: 640, height: 480 }, BFS, 0.5], [{ width: 400, height: 600 }, '?generator=sidewinder&solver=bfs&seed=5&width=12&height=16&step=300', 0.45]]) {
    const { page, errors } = await suite.open(`${query}&embed=1`, viewport);
    const sizes = await page.evaluate(() => {
      const maze = document.getElementById('maze').getBoundingClientRect();
      const bar = document.querySelector('.transport').getBoundingClientRect();
      return { maze: [maze.width, maze.height], barBottom: bar.bottom, doc: document.documentElement.scrollHeight };
    });
    const { width, height } = viewport;
    assert.ok(sizes.maze[0] * sizes.maze[1] > share * width * height, `${width}x${height}: the maze is ${sizes.maze.join(' x ')}`);
    assert.ok(sizes.barBottom > height - 10 && sizes.barBottom <= height, `${width}x${height}: the bar ends at ${sizes.barBottom}: no blank band under it`);
    assert.equal(sizes.doc, height);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
