// Notes that never mislead, and a Korean page with no leftovers.
//
// - "Not the shortest" is worked out on the world the solver searched: after walls are closed
//   in edit mode, the note agrees with the maze statistics (it once kept the shortest path of
//   the maze before the edits).
// - On terrain the comparison is by cost, with the length as a remark: A* finding the cheapest
//   path is told so, never "the shortest is …"; breadth-first search, which does not weigh
//   costs, is told what the cheapest path costs.
// - A Korean page driven through play, step, the stats card, a quiz answer and a tour shows no
//   word keys, no raw event keys, no English sentence and no doubled brackets, and warns of no
//   missing words.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitDone, waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

/** Where the wall line under row y lies, at the middle of column x (square tile renderer). */
const wallLineBelow = (page, x, y) => page.evaluate(([x, y]) => {
  const r = window.mazestep.renderer;
  const rect = r.canvas.getBoundingClientRect();
  const { wall, pitch, bw, bh } = r.geo;
  return [rect.left + ((x * pitch + wall + (pitch - wall) / 2) / bw) * rect.width,
    rect.top + (((y + 1) * pitch + wall / 2) / bh) * rect.height];
}, [x, y]);

/** The found path's length and the note under it, once the page has settled. */
const noteAndPath = (page) => page.evaluate(() => {
  const { controller } = window.mazestep;
  const note = document.getElementById('shortest-note');
  return { length: controller.run.pathLength(), note: note.hidden ? '' : note.textContent, edits: controller.settings.edits };
});

test('after walls are closed in edit mode, "not the shortest" agrees with the maze statistics', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&braid=100&seed=7&width=12&height=8');
  await page.click('#edit-mode');
  await waitDone(page);
  await page.check('input[name="edit-tool"][value="wall"]');
  const before = await noteAndPath(page);
  assert.equal(before.note, '', 'breadth-first search finds a shortest path: no note');
  // Close walls across the found path, one at a time, until the shortest path is longer.
  let now = before;
  for (let tries = 0; tries < 8 && now.length <= before.length; tries++) {
    const [w, path] = await page.evaluate(() => {
      const { controller, wasm } = window.mazestep;
      const run = controller.run;
      return [run.width, Array.from(new Uint32Array(wasm.memory.buffer, run.pathPtr(), run.pathLen()))];
    });
    // A step down or up the path: the wall under the upper cell.
    const i = path.findIndex((c, k) => k > 0 && Math.abs(c - path[k - 1]) === w);
    assert.ok(i > 0, 'the path has a vertical step');
    const upper = Math.min(path[i], path[i - 1]);
    const point = await wallLineBelow(page, upper % w, Math.floor(upper / w));
    await page.mouse.move(...point);
    await page.mouse.down();
    await page.mouse.move(point[0] + 2, point[1], { steps: 1 });
    await page.mouse.up();
    await waitSettled(page);
    await page.waitForFunction(() => window.mazestep.controller.run.phase() === 'done', null, { timeout: 20_000 });
    now = await noteAndPath(page);
  }
  assert.ok(now.edits, 'walls were closed');
  assert.ok(now.length > before.length, `the shortest path grew (${before.length} → ${now.length})`);
  // The statistics of the edited maze, and the note: breadth-first search found a shortest path.
  await page.click('#tab-maze-stats');
  await page.waitForFunction((length) => {
    const rows = [...document.querySelectorAll('#maze-stats dt')];
    const row = rows.find((dt) => /Solution/.test(dt.textContent));
    return row && Number(row.nextElementSibling.textContent.replace(/[^0-9]/g, '')) + 1 === length;
  }, now.length, { timeout: 20_000 });
  assert.equal((await noteAndPath(page)).note, '', 'no "not the shortest" note for breadth-first search after the edits');
  // And a solver that is not shortest is compared with the edited maze's shortest path.
  await page.selectOption('#solver', 'wall-follower-left');
  await waitDone(page);
  const follower = await noteAndPath(page);
  const solution = await page.evaluate(() => {
    const row = [...document.querySelectorAll('#maze-stats dt')].find((dt) => /Solution/.test(dt.textContent));
    return Number(row.nextElementSibling.textContent.replace(/[^0-9]/g, ''));
  });
  if (follower.length > solution + 1) {
    assert.match(follower.note, new RegExp(`found a path of ${follower.length} cells; the shortest is ${solution + 1} cells\\.$`));
  } else {
    assert.equal(follower.note, '');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('on terrain the note compares costs: A* is told it found the cheapest, BFS what the cheapest costs', async () => {
  // Noise terrain: every cell has a cost; a race against Dijkstra gives the cheapest cost.
  const { page, errors } = await suite.open('?generator=terrain&solver=a-star&race=bfs&seed=22&width=30&height=20&speed=max&autoplay=1');
  await page.locator('#race-result').waitFor({ state: 'visible', timeout: 20_000 });
  const runs = await page.evaluate(() => {
    const { controller, api } = window.mazestep;
    const one = (run) => ({ length: run.pathLength(), cost: run.pathCost(), cheapest: run.cheapestCost() });
    return {
      a: one(controller.run), b: one(controller.partner), aTitle: api.algorithmTitle('a-star'), bTitle: api.algorithmTitle('bfs'),
      note: document.getElementById('shortest-note').textContent, noteHidden: document.getElementById('shortest-note').hidden,
      race: document.getElementById('shortest-note-race').textContent,
    };
  });
  const { a, b } = runs;
  assert.ok(Math.abs(a.cost - a.cheapest) < 1e-6, `A* finds the cheapest path (${a.cost} against ${a.cheapest})`);
  assert.ok(b.cost > a.cost, `breadth-first search pays more on this terrain (${b.cost} > ${a.cost})`);
  assert.ok(a.length > b.length, `the cheapest path is longer than the shortest here (${a.length} > ${b.length})`);
  // A*: the cheapest, with the length as a remark; never "the shortest is".
  assert.equal(runs.noteHidden, false);
  assert.doesNotMatch(runs.note, /the shortest is/);
  const shortestCost = Number(/costs (\d+)\.$/.exec(runs.note)?.[1]);
  assert.match(runs.note, new RegExp(`^${runs.aTitle.replace(/[*]/g, '\\*')} found the cheapest path: ${a.length} cells, cost ${a.cost}\\. The shortest has ${b.length} cells but costs \\d+\\.$`));
  assert.ok(shortestCost > a.cost && shortestCost <= b.cost, `the shortest path's cost (${shortestCost}) is between A*'s and BFS's`);
  // BFS: compared by cost with what A* (the cheapest) paid.
  assert.match(runs.race, new RegExp(`^${runs.bTitle} found a path of ${b.length} cells costing ${b.cost}; the cheapest costs ${a.cost} \\(${a.length} cells\\)\\.$`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the legend calls weighted A*\'s path what it is: found, not always the shortest; weight 1 keeps "shortest path"', async () => {
  const legend = (page) => page.locator('#legend-panel').textContent();
  const weighted = await suite.open('?generator=recursive-backtracker&solver=a-star&weight=2&seed=4&width=12&height=8&speed=max&autoplay=1');
  await waitDone(weighted.page);
  assert.match(await legend(weighted.page), /path found \(weight 2: not always the shortest\)/);
  assert.doesNotMatch(await legend(weighted.page), /shortest path/);
  await weighted.page.close();
  const plain = await suite.open('?generator=recursive-backtracker&solver=a-star&seed=4&width=12&height=8&speed=max&autoplay=1&lang=ko');
  await waitDone(plain.page);
  assert.doesNotMatch(await legend(plain.page), /가중치/);
  assert.deepEqual([...weighted.errors, ...plain.errors], []);
  await plain.page.close();
});

// ---- Korean: no leftovers ----------------------------------------------------------------

// Names that stay as they are in Korean text (algorithm names the course leaves in English,
// symbols, keys): a run of English words outside these is a sentence that was not translated.
const NAMES = ['A*', 'IDA*', 'BFS', 'DFS', 'JPS', 'SideWinder', 'Binary Tree', 'Recursive Backtracker', 'Recursive Division',
  'Growing Tree', 'Hunt-and-Kill', 'Aldous–Broder', 'Aldous-Broder', 'Eller', 'Wilson', 'Prim', 'Braid', 'Kruskal', 'Obstacles',
  'Caves', 'Terrain', 'mazestep', 'English', 'PNG', 'GIF', 'SVG', 'WebM', 'URL', 'JSON', 'Space', 'Enter', 'Shift', 'Ctrl',
  'push', 'pop', 'run', 'frontier', 'backtrack', 'hunt', 'greedy'];

/** What is wrong with the visible text of a Korean page: keys, event keys, English, doubled brackets. */
const leftovers = (page) => page.evaluate((names) => {
  const { api } = window.mazestep;
  const events = new Set();
  for (const name of [...api.generatorNames(), ...api.solverNames()]) {
    try {
      for (const kind of api.algorithmEvents(name)) events.add(kind);
    } catch { /* a name without events */ }
  }
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent || parent.closest('[hidden], script, style, #tour-help, #quiz-help')) continue;
    if (!parent.checkVisibility()) continue;
    texts.push([node.textContent.trim(), parent.id || parent.tagName]);
  }
  const problems = [];
  const sorted = [...names].sort((x, y) => y.length - x.length);
  for (const [text, where] of texts) {
    const say = (what) => problems.push(`${where}: ${what}: ${text.slice(0, 100)}`);
    if (/\b(core|page|quiz|tour|export|element|units)\.[a-zA-Z-]+/.test(text)) say('a word key');
    // A text that is just an event's key (a-b-c or one lower-case word the core names).
    if (events.has(text) || text.split(/\s*\/\s*/).every((part) => events.has(part))) say('a raw event key');
    if (/\([^()]*\([^()]*\)\s*\)/.test(text)) say('doubled brackets');
    let rest = text;
    for (const name of sorted) rest = rest.split(name).join(' · ');
    // Three English words in a row: a sentence, not a name.
    if (/[A-Za-z]{2,}[\s,:;'’-]+[A-Za-z]{2,}[\s,:;'’-]+[A-Za-z]{2,}/.test(rest)) say('English words');
  }
  return problems;
}, NAMES);

test('lang=ko: play, step, the stats card, a quiz answer and a tour leave no key, event key or English', async () => {
  const warnings = [];
  const watch = (page) => page.on('console', (msg) => {
    if (msg.type() === 'warning' && /i18n/.test(msg.text())) warnings.push(msg.text());
  });
  // Play a search to its end, then step back and forth, with the stats card open.
  const { page, errors } = await suite.open('?lang=ko&generator=sidewinder&solver=dijkstra&race=bfs&seed=5&width=10&height=8');
  watch(page);
  assert.deepEqual(await leftovers(page), [], 'at the start');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  await page.click('#tab-stats');
  assert.deepEqual(await leftovers(page), [], 'stepping, the stats card open');
  const lastEvent = await page.evaluate(() => {
    const row = [...document.querySelectorAll('#stats dt')].find((dt) => dt.textContent === '마지막 사건');
    return row?.nextElementSibling.textContent;
  });
  assert.ok(lastEvent && /[가-힣]/.test(lastEvent), `the last event in Korean: ${lastEvent}`);
  // Dijkstra's own counters (settled, queued) mid-search.
  await page.evaluate(() => window.mazestep.controller.seek(100));
  await page.waitForFunction(() => window.mazestep.controller.run.phase() === 'solving' && !window.mazestep.controller.job);
  await page.click('#tab-stats');
  const stats = await page.locator('#stats').innerText();
  assert.match(stats, /확정됨/, 'Dijkstra\'s settled cells, in Korean');
  assert.deepEqual(await leftovers(page), [], 'mid-search, the stats card open');
  await page.evaluate(() => window.mazestep.controller.seek(Infinity));
  await page.waitForFunction(() => !document.getElementById('race-result').hidden, null, { timeout: 20_000 });
  await page.click('#tab-stats');
  assert.deepEqual(await leftovers(page), [], 'at the end, with the race and the stats card');
  await page.click('#tab-maze-stats');
  assert.deepEqual(await leftovers(page), [], 'the maze statistics');
  // The quiz: one question answered, its feedback in Korean.
  const { page: quiz, errors: quizErrors } = await suite.open('?lang=ko&generator=kruskal&solver=none&seed=21&width=8&height=6&quiz=1&questions=3');
  watch(quiz);
  await quiz.waitForFunction(() => {
    const { lessons, controller } = window.mazestep;
    const q = lessons?.quiz.question;
    return q && !controller.job && controller.run.steps() === q.step;
  }, null, { timeout: 20_000 });
  await quiz.locator('#quiz-choices button').first().click();
  await quiz.waitForFunction(() => document.getElementById('quiz-reason').textContent.length > 0);
  const reason = await quiz.locator('#quiz-reason').textContent();
  assert.doesNotMatch(reason, /Carved|Kept|wall|cell/, `the quiz's feedback in Korean: ${reason}`);
  // The score says what was counted: "N문제 중 M문제", never a bare number after 중.
  assert.match(await quiz.locator('#quiz-score').textContent(), /1문제 중 [01]문제/);
  assert.deepEqual(await leftovers(quiz), [], 'a quiz answer');
  // A tour's stop, and the next.
  const { page: tour, errors: tourErrors } = await suite.open('?lang=ko&tour=sidewinder');
  watch(tour);
  await tour.waitForFunction(() => !document.getElementById('tour-next')?.disabled, null, { timeout: 20_000 });
  assert.deepEqual(await leftovers(tour), [], 'a tour');
  const tourText = await tour.locator('#tour-text').textContent().catch(() => '');
  assert.doesNotMatch(tourText, /셀(?!룰)/, `the tour says 칸 as the narration does: ${tourText}`);
  await tour.click('#tour-next');
  await waitSettled(tour);
  assert.deepEqual(await leftovers(tour), [], 'the tour\'s next stop');
  assert.deepEqual(warnings, [], 'no words missing');
  assert.deepEqual([...errors, ...quizErrors, ...tourErrors], []);
  for (const p of [page, quiz, tour]) await p.close();
});
