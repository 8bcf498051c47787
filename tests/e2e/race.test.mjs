// Race (two solvers side by side on the same maze) and the "not shortest" note: the pure
// helpers in Node, then the page in headless Chromium (one browser, a fresh tab per test).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageSuite } from './suite.mjs';
import { shortestNote, verdict, verdictOfMany } from '../../www/ui/race.js';
import { parseRace, raceLanes } from '../../www/run/settings.js';
import { readSettings, writeSettings } from '../../www/run/url.js';
import { setLanguage } from '../../www/words/i18n.js';

// The page's modules speak through i18n.js: these tests read their English.
await setLanguage('en');

test('shortestNote speaks only when the path is longer than the shortest', () => {
  assert.equal(shortestNote('Depth-first search', 27, 25),
    'Depth-first search found a path of 27 cells; the shortest is 25 cells.');
  assert.equal(shortestNote('BFS', 25, 25), '');
  assert.equal(shortestNote('BFS', 0, 25), '', 'no path found: nothing to compare');
  assert.equal(shortestNote('BFS', 30, 0), '', 'shortest unknown: no claim');
});

test('verdict names the shorter path and the fewer visited', () => {
  const words = verdict({ title: 'A', visited: 10, path: 9 }, { title: 'B', visited: 5, path: 12 }).join(' ');
  assert.match(words, /A found the shorter path \(9 cells against 12\)/);
  assert.match(words, /B visited fewer cells \(5 against 10\)/);
  assert.match(verdict({ title: 'A', visited: 5, path: 9 }, { title: 'B', visited: 5, path: 9 }).join(' '),
    /Both paths are 9 cells long\. Both visited 5 cells\./);
  assert.match(verdict({ title: 'A', visited: 5, path: 0 }, { title: 'B', visited: 5, path: 9 }).join(' '),
    /Only B found a path; A did not\./);
});

test('verdict names the cheaper path when costs differ from lengths, and not otherwise', () => {
  const weighed = verdict({ title: 'Dijkstra', visited: 9, path: 12, cost: 20 },
    { title: 'BFS', visited: 7, path: 10, cost: 37 }).join(' ');
  assert.match(weighed, /BFS found the shorter path \(10 cells against 12\)/);
  assert.match(weighed, /Dijkstra's path is the cheaper \(cost 20 against 37\)/);
  // Unit costs: the cost is the length less one, and no sentence repeats the lengths.
  const plain = verdict({ title: 'A', visited: 5, path: 9, cost: 8 }, { title: 'B', visited: 5, path: 12, cost: 11 }).join(' ');
  assert.doesNotMatch(plain, /cheaper/);
});

test('race URL parameter: solver names only, written back only when set', () => {
  const api = {
    generatorNames: () => ['kruskal'], solverNames: () => ['bfs', 'dfs'],
    parseSide: (_, t) => Number(t), parseSeed: (t) => t, parsePoint: () => [0, 0], freshSeed: () => '1',
  };
  const defaults = { generator: 'kruskal', solver: 'bfs', race: 'none', width: 4, height: 4, seed: '', speed: 50, style: 'block', autoplay: false, braid: 0, start: '', goal: '' };
  const good = readSettings('?race=dfs', api, defaults);
  assert.equal(good.settings.race, 'dfs');
  assert.deepEqual(good.problems, []);
  assert.ok(writeSettings(good.settings).includes('race=dfs'));
  const bad = readSettings('?race=zigzag', api, defaults);
  assert.equal(bad.settings.race, 'none');
  assert.match(bad.problems.join('\n'), /URL: race 'zigzag' is not allowed: use none or one of bfs, dfs\. Using none\./);
  assert.equal(writeSettings(bad.settings).includes('race'), false);
});

const SOLVERS = ['bfs', 'dfs', 'dijkstra', 'greedy', 'a-star'];

test('parseRace: one name as old links have it, up to three lanes each with its own heuristic and weight', () => {
  assert.deepEqual(parseRace('dfs', SOLVERS), { lanes: [{ solver: 'dfs', heuristic: null, weight: null }], canonical: 'dfs' });
  assert.deepEqual(parseRace('none', SOLVERS), { lanes: [], canonical: 'none' });
  assert.deepEqual(parseRace('', SOLVERS), { lanes: [], canonical: 'none' });
  // Options in any order; written back heuristic first, then the weight.
  const four = parseRace('greedy:euclidean, a-star , a-star:w2.5:octile', SOLVERS);
  assert.equal(four.canonical, 'greedy:euclidean,a-star,a-star:octile:w2.5');
  assert.deepEqual(four.lanes.map((l) => [l.solver, l.heuristic, l.weight]),
    [['greedy', 'euclidean', null], ['a-star', null, null], ['a-star', 'octile', 2.5]]);
  // A lane without its own heuristic or weight takes the page's.
  assert.deepEqual(raceLanes({ race: four.canonical, heuristic: 'manhattan', weight: 3 }), [
    { solver: 'greedy', heuristic: 'euclidean', weight: 3 },
    { solver: 'a-star', heuristic: 'manhattan', weight: 3 },
    { solver: 'a-star', heuristic: 'octile', weight: 2.5 },
  ]);
  assert.deepEqual(raceLanes({ race: 'none', heuristic: 'grid', weight: 1 }), []);
});

test('parseRace refuses a bad lane with a message that quotes it and names the limits', () => {
  const refusal = (text) => {
    try {
      parseRace(text, SOLVERS);
    } catch (err) {
      return err.message;
    }
    return null;
  };
  assert.equal(refusal('bfs,dfs,greedy,a-star'),
    "a race has at most 3 lanes beside the solver's (four in all), and this names 4: separate up to 3 solvers with commas");
  assert.equal(refusal('bfs,zigzag'), "lane 3 names 'zigzag', which is not a solver: use one of bfs, dfs, dijkstra, greedy, a-star");
  assert.match(refusal('a-star:w0'), /^lane 2's option 'w0' is neither a heuristic \(grid, manhattan, euclidean, octile, chebyshev\) nor a weight from w1 to w100/);
  assert.match(refusal('a-star:w2:w3'), /option 'w3'/, 'a weight at most once');
  assert.match(refusal('a-star:euclidean:octile'), /option 'octile'/, 'a heuristic at most once');
  assert.match(refusal('a-star:'), /option ''/);
  assert.match(refusal(`a-star:${'x'.repeat(200)}`), /option 'x{60,80}…'/, 'a long option is cut');
});

test('race URL parameter: lanes read, refused with the page\'s message, written back the same', () => {
  const api = {
    generatorNames: () => ['kruskal'], solverNames: () => SOLVERS,
    parseSide: (_, t) => Number(t), parseSeed: (t) => t, parsePoint: () => [0, 0], freshSeed: () => '1',
  };
  const defaults = { generator: 'kruskal', solver: 'bfs', race: 'none', width: 4, height: 4, seed: '', speed: 50, style: 'block', autoplay: false, braid: 0, start: '', goal: '' };
  const good = readSettings('?solver=dijkstra&race=greedy,a-star:w2', api, defaults);
  assert.equal(good.settings.race, 'greedy,a-star:w2');
  assert.deepEqual(good.problems, []);
  const again = readSettings(writeSettings(good.settings), api, defaults);
  assert.equal(again.settings.race, 'greedy,a-star:w2');
  const bad = readSettings('?race=bfs,a-star:fast', api, defaults);
  assert.equal(bad.settings.race, 'none');
  assert.equal(bad.problems.join('\n'), "URL: race 'bfs,a-star:fast' is not allowed: lane 3's option 'fast' is neither a heuristic " +
    '(grid, manhattan, euclidean, octile, chebyshev) nor a weight from w1 to w100 (such as w2), each at most once. Using none.');
});

test('verdictOfMany names the best of every column, and every lane that ties', () => {
  const rows = [
    { title: 'A', visited: 10, path: 9, cost: 8, steps: 12 },
    { title: 'B', visited: 4, path: 11, cost: 10, steps: 5 },
    { title: 'C', visited: 4, path: 9, cost: 8, steps: 7 },
  ];
  assert.equal(verdictOfMany(rows).join(' '),
    'Shortest path: A, C (9 cells). Fewest visited: B, C (4 cells). First done: B (5 steps of search).');
  assert.match(verdictOfMany([{ ...rows[0], cost: 12.5 }, rows[1], rows[2]]).join(' '), /Cheapest path: C \(cost 8\)/);
  assert.match(verdictOfMany(rows.map((r) => ({ ...r, path: 0 }))).join(' '), /^No lane found a path\./);
});

const suite = pageSuite();
const open = suite.open;


/** Length in cells of a shortest start-to-goal path, by a BFS written here over the run's cell bytes. */
function independentShortest(page) {
  return page.evaluate(() => {
    const { controller, wasm } = window.mazestep;
    const run = controller.run;
    const w = run.width, h = run.height;
    const cells = new Uint8Array(wasm.memory.buffer, run.cellsPtr(), run.cellCount).slice();
    const dist = new Int32Array(w * h).fill(-1);
    const start = run.start(), goal = run.goal();
    dist[start] = 1;
    const queue = [start];
    const moves = [[1, 0, -1], [2, 1, 0], [4, 0, 1], [8, -1, 0]]; // N E S W: bit, dx, dy
    for (let head = 0; head < queue.length; head++) {
      const c = queue[head], x = c % w, y = (c - x) / w;
      for (const [bit, dx, dy] of moves) {
        if (!(cells[c] & bit)) continue;
        const n = (y + dy) * w + (x + dx);
        if (dist[n] < 0) {
          dist[n] = dist[c] + 1;
          queue.push(n);
        }
      }
    }
    return dist[goal];
  });
}

// On this braided 12 x 8 maze depth-first search finds a path longer than the shortest.
const LONGER = '?generator=recursive-backtracker&braid=50&width=12&height=8&seed=1';

test('race=dfs: two captioned canvases, identical generation, stepping together, comparison at the end', async () => {
  const { page, errors } = await open('?generator=kruskal&solver=bfs&race=dfs&width=14&height=9&seed=5&speed=max');
  assert.equal(await page.locator('#lane-race').isVisible(), true);
  assert.equal(await page.locator('#caption').textContent(), 'Breadth-first search');
  assert.equal(await page.locator('#caption-race').textContent(), 'Depth-first search');
  assert.equal(await page.locator('#race').inputValue(), 'dfs');
  assert.equal(await page.locator('#race-result').isVisible(), false, 'no comparison before the end');

  // Step through generation: after every step both runs are at the same step and both
  // canvases show the same picture (markers live on the overlays).
  const generation = await page.evaluate(() => {
    const { controller } = window.mazestep;
    const hash = (id) => {
      const canvas = document.getElementById(id);
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let h = 0x811c9dc5;
      for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i], 0x01000193);
      return `${canvas.width}x${canvas.height}:${h >>> 0}`;
    };
    const seen = [];
    for (let i = 0; i < 100000 && controller.run.phase() === 'generating'; i++) {
      controller.step();
      if (controller.run.phase() !== 'generating') break;
      seen.push([controller.run.steps(), controller.partner.steps(), hash('maze'), hash('maze-race')]);
    }
    return seen;
  });
  assert.ok(generation.length > 50, `generation took ${generation.length} steps`);
  for (const [a, b, ha, hb] of generation) {
    assert.equal(a, b, 'both runs at the same step');
    assert.equal(ha, hb, `same picture at step ${a}`);
  }
  assert.notEqual(generation[0][2], generation.at(-1)[2], 'the picture changed while generating');

  await page.click('#play');
  await page.locator('#race-result').waitFor({ state: 'visible', timeout: 20_000 });
  const runs = await page.evaluate(() => {
    const { controller } = window.mazestep;
    return [controller.run, controller.partner].map((r) => ({ phase: r.phase(), visited: r.visited(), path: r.pathLength() }));
  });
  for (const r of runs) assert.equal(r.phase, 'done');
  assert.match(await page.locator('#status').textContent(), /All done/);
  assert.match(await page.locator('#status-race').textContent(), /All done/);
  const rows = await page.evaluate(() => ['main', 'race'].map((side) => {
    const row = document.querySelector(`#race-result tr[data-side=${side}]`);
    return { title: row.querySelector('th').textContent, visited: row.querySelector('.visited').textContent,
      path: row.querySelector('.path').textContent, cost: row.querySelector('.cost').textContent };
  }));
  // Nothing painted: every move costs 1, so the cost is the length less one.
  assert.deepEqual(rows, [
    { title: 'Breadth-first search', visited: runs[0].visited.toLocaleString('en-US'), path: runs[0].path.toLocaleString('en-US'), cost: String(runs[0].path - 1) },
    { title: 'Depth-first search', visited: runs[1].visited.toLocaleString('en-US'), path: runs[1].path.toLocaleString('en-US'), cost: String(runs[1].path - 1) },
  ]);
  // Kruskal makes a perfect maze: one path, so both are as long, and BFS is the shortest.
  assert.equal(runs[0].path, await independentShortest(page));
  assert.equal(runs[0].path, runs[1].path);
  assert.match(await page.locator('#race-result').textContent(), /Both paths are/);
  assert.ok(page.url().includes('race=dfs'));

  // The select turns the race off again: one lane, no comparison, no race in the URL.
  await page.selectOption('#race', 'none');
  assert.equal(await page.locator('#lane-race').isVisible(), false);
  assert.equal(await page.locator('#race-result').isVisible(), false);
  assert.equal(await page.evaluate(() => window.mazestep.controller.partner), null);
  assert.equal(page.url().includes('race='), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad race value is named in a message and the page runs without a race', async () => {
  const { page, errors } = await open('?race=zigzag&seed=2&width=8&height=6');
  assert.match(await page.locator('#messages').textContent(), /URL: race 'zigzag' is not allowed: use none or one of .*bfs.*\. Using none\./);
  assert.equal(await page.locator('#lane-race').isVisible(), false);
  assert.equal(await page.locator('#race').inputValue(), 'none');
  assert.equal(page.url().includes('race='), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('not shortest: the note for dfs in a race against bfs, none for bfs', async () => {
  const { page, errors } = await open(`${LONGER}&solver=bfs&race=dfs&speed=max&autoplay=1`);
  await page.locator('#race-result').waitFor({ state: 'visible', timeout: 20_000 });
  const shortest = await independentShortest(page);
  const [bfs, dfs] = await page.evaluate(() => {
    const { controller } = window.mazestep;
    return [controller.run.pathLength(), controller.partner.pathLength()];
  });
  assert.equal(bfs, shortest, 'BFS finds a shortest path');
  assert.ok(dfs > shortest, `this maze makes DFS longer (${dfs} > ${shortest})`);
  assert.equal(await page.locator('#shortest-note-race').textContent(),
    `Depth-first search found a path of ${dfs} cells; the shortest is ${shortest} cells.`);
  assert.equal(await page.locator('#shortest-note').isVisible(), false, 'no note for BFS');
  assert.match(await page.locator('#race-result').textContent(), /Breadth-first search found the shorter path/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('not shortest: the note for a wall follower on its own, gone after a reset', async () => {
  const { page, errors } = await open(`${LONGER}&solver=wall-follower-left&speed=max&autoplay=1`);
  await page.waitForFunction(() => /All done/.test(document.getElementById('status').textContent), null, { timeout: 20_000 });
  const shortest = await independentShortest(page);
  const length = await page.evaluate(() => window.mazestep.controller.run.pathLength());
  assert.ok(length > shortest, `this maze makes the left wall follower longer (${length} > ${shortest})`);
  const title = await page.evaluate(() => window.mazestep.api.algorithmTitle('wall-follower-left'));
  assert.equal(await page.locator('#shortest-note').textContent(),
    `${title} found a path of ${length} cells; the shortest is ${shortest} cells.`);
  assert.equal(await page.locator('#lane-race').isVisible(), false);
  await page.click('#reset');
  assert.equal(await page.locator('#shortest-note').isVisible(), false, 'no note before the solver ends');
  assert.deepEqual(errors, []);
  await page.close();
});

// Four lanes, each its own solver, heuristic and weight, on a braided maze (many paths).
const FOUR = '?generator=recursive-backtracker&braid=100&width=16&height=11&seed=4&solver=dijkstra' +
  '&race=greedy:euclidean,a-star,a-star:octile:w3&speed=max';

test('a four-lane race in the address reopens with its four lanes and their own settings', async () => {
  const { page, errors } = await open(FOUR);
  const lanes = await page.evaluate(() => {
    const { controller } = window.mazestep;
    return {
      runs: controller.runs().length,
      captions: ['caption', 'caption-race', 'caption-race-2', 'caption-race-3'].map((id) => document.getElementById(id).textContent),
      visible: ['lane-race', 'lane-race-2', 'lane-race-3'].map((id) => !document.getElementById(id).hidden),
      race: document.getElementById('race').selectedOptions[0].textContent,
    };
  });
  assert.equal(lanes.runs, 4);
  assert.deepEqual(lanes.visible, [true, true, true]);
  assert.deepEqual(lanes.captions, ["Dijkstra's algorithm", 'Greedy best-first search (Euclidean)', 'A* search', 'A* search (Octile, weight 3)']);
  assert.equal(lanes.race, 'Greedy best-first search · A* search · A* search', 'a race of its own in the list');
  // Paused part way: the address keeps the race, and a new tab from it shows the same.
  await page.evaluate(() => window.mazestep.controller.advance(400));
  const address = new URL(page.url()).search;
  assert.match(address, /race=greedy%3Aeuclidean%2Ca-star%2Ca-star%3Aoctile%3Aw3/);
  const again = await open(address);
  const reopened = await again.page.evaluate(() => ({
    captions: ['caption', 'caption-race', 'caption-race-2', 'caption-race-3'].map((id) => document.getElementById(id).textContent),
    steps: window.mazestep.controller.runs().map((r) => r.steps()),
  }));
  assert.deepEqual(reopened.captions, lanes.captions);
  assert.deepEqual(reopened.steps, [400, 400, 400, 400]);
  assert.deepEqual(again.errors, []);
  await again.page.close();
  assert.deepEqual(errors, []);
  await page.close();
});

test("the race table's numbers are each lane's own run, made here with the module", async () => {
  const { page, errors } = await open(`${FOUR}&autoplay=1`);
  await page.locator('#race-result').waitFor({ state: 'visible', timeout: 20_000 });
  const { table, direct } = await page.evaluate(() => {
    const { mz, controller } = window.mazestep;
    const s = controller.settings;
    const lanes = [
      { solver: 'dijkstra', heuristic: 'grid', weight: 1 },
      { solver: 'greedy', heuristic: 'euclidean', weight: 1 },
      { solver: 'a-star', heuristic: 'grid', weight: 1 },
      { solver: 'a-star', heuristic: 'octile', weight: 3 },
    ];
    const direct = lanes.map((lane) => {
      const run = new mz.MazeRun({ generator: s.generator, braid: s.braid / 100, width: s.width, height: s.height, seed: s.seed, ...lane });
      run.finish();
      const out = { visited: run.visited(), path: run.pathLength(), steps: run.phaseSteps('solving') };
      run.free();
      return out;
    });
    const table = [...document.querySelectorAll('#race-result tr[data-lane]')].map((row) => ({
      lane: row.dataset.lane,
      visited: Number(row.querySelector('.visited').textContent.replace(/,/g, '')),
      path: Number(row.querySelector('.path').textContent.replace(/,/g, '')),
      cost: row.querySelector('.cost').textContent,
      steps: Number(row.querySelector('.steps').textContent.replace(/,/g, '')),
      place: row.querySelector('.place').textContent,
    }));
    return { table, direct };
  });
  assert.equal(table.length, 4);
  table.forEach((row, i) => {
    assert.equal(row.lane, String(i + 1));
    assert.equal(row.visited, direct[i].visited, `lane ${i + 1} visited`);
    assert.equal(row.path, direct[i].path, `lane ${i + 1} path`);
    assert.equal(row.cost, String(direct[i].path - 1), `lane ${i + 1} cost (every move costs 1)`);
    assert.equal(row.steps, direct[i].steps, `lane ${i + 1} steps`);
    const place = 1 + direct.filter((d) => d.steps < direct[i].steps).length;
    assert.equal(row.place, ['first', 'second', 'third', 'fourth'][place - 1]);
  });
  // The lanes' own settings matter here: weight 3 and greedy search look at fewer cells.
  assert.notEqual(direct[3].visited, direct[2].visited, 'A* with weight 3 searches otherwise than plain A*');
  assert.ok(direct[1].visited < direct[0].visited);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the presets: Dijkstra, Greedy and A* in three lanes; A* weight 1 against 2', async () => {
  const { page, errors } = await open('?generator=kruskal&solver=bfs&width=12&height=8&seed=5');
  await page.selectOption('#race', 'preset:trio');
  let shown = await page.evaluate(() => ({
    solver: document.getElementById('solver').value,
    lanes: window.mazestep.controller.runs().length,
    race: window.mazestep.controller.settings.race,
  }));
  assert.deepEqual(shown, { solver: 'dijkstra', lanes: 3, race: 'greedy,a-star' });
  assert.equal(await page.locator('#race').inputValue(), 'preset:trio');
  await page.selectOption('#race', 'preset:weights');
  shown = await page.evaluate(() => ({
    captions: ['caption', 'caption-race'].map((id) => document.getElementById(id).textContent),
    lanes: window.mazestep.controller.runs().length,
  }));
  assert.deepEqual(shown, { captions: ['A* search', 'A* search (weight 2)'], lanes: 2 });
  assert.match(page.url(), /solver=a-star&race=a-star%3Aw2/);
  assert.deepEqual(errors, []);
  await page.close();
});
