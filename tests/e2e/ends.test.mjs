// Exits in the outer wall and the ends presets on the page: `start=exit:west` draws a gap in the
// outer wall (read back from the canvas's pixels), Pledge walks out through an east gap the
// right hand never reaches, `ends=hardest` puts the markers on the ends of a longest path
// (checked by a breadth-first search here over the cells' passage bits, north 1, east 2, south
// 4, west 8), the Ends control and <maze-step ends goal> do the same, and bad values are
// refused with the page's message.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitDone } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();

/** The colour of the canvas's backing pixel at the middle of the wall line on `side` of cell (x, y). */
const wallPixel = (page, x, y, side) => page.evaluate(([x, y, side]) => {
  const r = window.mazestep.renderer;
  const { wall, cell, pitch } = r.geo;
  const px = x * pitch + wall, py = y * pitch + wall;
  const [gx, gy] = [[px + cell / 2, py - wall / 2], [px + cell + wall / 2, py + cell / 2],
    [px + cell / 2, py + cell + wall / 2], [px - wall / 2, py + cell / 2]][side];
  const [red, green, blue] = r.ctx.getImageData(Math.floor(gx), Math.floor(gy), 1, 1).data;
  return `#${[red, green, blue].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}, [x, y, side]);

const WALL = '#1d2330';

/** The run on show: cells, ends, exits, path, outcome. */
const shown = (page) => page.evaluate(() => {
  const m = window.mazestep;
  const run = m.controller.run;
  const cells = Array.from(new Uint8Array(m.wasm.memory.buffer, run.cellsPtr(), run.cellCount));
  const path = Array.from(new Uint32Array(m.wasm.memory.buffer, run.pathPtr(), run.pathLen()));
  return { cells, path, width: run.width, start: run.start(), goal: run.goal(), startExit: run.startExit(),
    goalExit: run.goalExit(), outcome: run.outcome(), ends: document.getElementById('ends').textContent, url: location.search };
});

/** Distances from `from` through the passages of a width-wide square grid. */
function bfs(cells, width, from) {
  const dist = new Array(cells.length).fill(-1);
  dist[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i];
    for (const [bit, step] of [[1, -width], [2, 1], [4, width], [8, -1]]) {
      if (cells[c] & bit && dist[c + step] < 0) {
        dist[c + step] = dist[c] + 1;
        queue.push(c + step);
      }
    }
  }
  return dist;
}

test('an exit in the address is a gap in the outer wall, the start marker on its cell', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=12&height=9&seed=3&start=exit:west&goal=exit:south:5&speed=max&autoplay=1');
  await waitDone(page);
  const run = await shown(page);
  assert.deepEqual([run.start, run.startExit, run.goal, run.goalExit], [4 * 12, 3, 8 * 12 + 5, 2]);
  assert.equal(await wallPixel(page, 0, 4, 3), '#009e73', 'the west gap takes its cell\'s colour (walked)');
  assert.equal(await wallPixel(page, 0, 3, 3), WALL, 'the west wall beside the gap stays');
  assert.equal(await wallPixel(page, 0, 5, 3), WALL);
  assert.notEqual(await wallPixel(page, 5, 8, 2), WALL, 'the south gap');
  assert.equal(await wallPixel(page, 4, 8, 2), WALL);
  assert.equal(await wallPixel(page, 6, 8, 2), WALL);
  assert.match(run.ends, /^Start the gap in the west wall \(0,4\) · Goal the gap in the south wall \(5,8\)$/);
  assert.match(run.url, /start=exit%3Awest&goal=exit%3Asouth%3A5/);
  assert.deepEqual(errors, []);
});

test('Pledge walks out through the east gap that the right hand never reaches', async () => {
  const island = '?generator=kruskal&width=10&height=8&seed=1&braid=50&start=4,3&goal=exit:east:7&speed=max&autoplay=1';
  const right = await suite.open(`${island}&solver=wall-follower-right`);
  await waitDone(right.page);
  assert.match((await shown(right.page)).outcome, /^gave-up/);
  const { page, errors } = await suite.open(`${island}&solver=pledge`);
  await waitDone(page);
  const run = await shown(page);
  assert.equal(run.outcome, 'found');
  assert.equal(run.goalExit, 1);
  assert.equal(run.path[0], 3 * 10 + 4);
  assert.equal(run.path.at(-1), 7 * 10 + 9);
  assert.notEqual(await wallPixel(page, 9, 7, 1), WALL, 'the east gap is drawn');
  assert.deepEqual(errors, []);
});

test('ends=hardest moves the markers to the ends of a longest path', async () => {
  const { page, errors } = await suite.open('?generator=recursive-backtracker&solver=bfs&width=12&height=9&seed=5&ends=hardest&speed=max&autoplay=1');
  await waitDone(page);
  const run = await shown(page);
  let diameter = 0;
  for (let c = 0; c < run.cells.length; c++) diameter = Math.max(diameter, ...bfs(run.cells, 12, c));
  assert.equal(bfs(run.cells, 12, run.start)[run.goal], diameter);
  assert.notDeepEqual([run.start, run.goal], [0, 12 * 9 - 1], 'not the corners on this maze');
  const at = (c) => `${c % 12},${Math.floor(c / 12)}`;
  assert.equal(run.ends, `Start ${at(run.start)} · Goal ${at(run.goal)}`, 'the Maze card reads the placed ends');
  assert.match(run.url, /ends=hardest/);
  assert.equal(await page.locator('#ends-preset').inputValue(), 'hardest');
  assert.deepEqual(errors, []);
});

test('the Ends control places them, a goal given wins, Corners puts them back', async () => {
  const { page, errors } = await suite.open('?generator=recursive-backtracker&solver=bfs&width=12&height=9&seed=5&goal=exit:east&speed=max&autoplay=1');
  await waitDone(page);
  await page.selectOption('#ends-preset', 'hardest');
  await page.waitForFunction(() => /ends=hardest/.test(location.search) && !window.mazestep.controller.job);
  await page.click('#play');
  await waitDone(page);
  const run = await shown(page);
  assert.equal(run.goal, 4 * 12 + 11, 'the goal given stays');
  const dist = bfs(run.cells, 12, run.goal);
  assert.equal(dist[run.start], Math.max(...dist), 'the start is the cell furthest from it');
  await page.selectOption('#ends-preset', 'random');
  await page.waitForFunction(() => /ends=random/.test(location.search));
  await page.click('#corners');
  await page.waitForFunction(() => !/ends=|goal=/.test(location.search) && !window.mazestep.controller.job);
  await page.click('#play');
  await waitDone(page);
  const back = await shown(page);
  assert.deepEqual([back.start, back.goal, back.goalExit], [0, 12 * 9 - 1, -1]);
  assert.deepEqual(errors, []);
});

test('<maze-step> takes ends, start and goal in the same forms', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&width=5&height=5&seed=1');
  const got = await page.evaluate(async () => {
    await import('./www/maze-step.js');
    const el = document.createElement('maze-step');
    for (const [name, value] of Object.entries({ generator: 'kruskal', solver: 'pledge', width: '10', height: '8', seed: '1',
      braid: '50', start: '4,3', goal: 'exit:east:7', speed: 'max', autoplay: '1' })) el.setAttribute(name, value);
    document.body.append(el);
    const wait = (ok) => new Promise((resolve, reject) => {
      const until = performance.now() + 10_000;
      const poll = () => (ok() ? resolve() : performance.now() > until ? reject(new Error(`waited 10 s for ${ok}`)) : setTimeout(poll, 20));
      poll();
    });
    await wait(() => el.run?.phase() === 'done');
    const pledge = [el.run.goal(), el.run.goalExit(), el.run.outcome()];
    el.setAttribute('ends', 'hardest');
    el.setAttribute('solver', 'bfs');
    el.removeAttribute('start');
    el.removeAttribute('goal');
    await wait(() => el.controller?.settings.ends === 'hardest' && el.run?.phase() === 'done');
    const hardest = [el.run.start(), el.run.goal()];
    el.setAttribute('ends', 'far');
    await wait(() => /ends 'far'/.test(el.shadowRoot.textContent));
    return { pledge, hardest };
  });
  assert.deepEqual(got.pledge, [7 * 10 + 9, 1, 'found']);
  assert.notDeepEqual(got.hardest, [0, 79]);
  assert.deepEqual(errors, []);
});

test('bad exits and ends are refused with the page\'s message, quoting what was given', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=6&seed=1&start=exit:up&goal=exit:east:6&ends=far');
  const text = await page.locator('#messages').textContent();
  assert.match(text, /URL: start 'exit:up' is not allowed: use X,Y, or a gap in the outer wall as exit:SIDE or exit:SIDE:N .*Using the top-left corner 0,0\./);
  assert.match(text, /URL: goal 'exit:east:6' is not allowed: the east wall has places 0 to 5\. Using the bottom-right corner 9,5\./);
  assert.match(text, /URL: ends 'far' is not allowed: use one of corners, hardest, random\. Using corners\./);
  const run = await shown(page);
  assert.deepEqual([run.start, run.goal, run.startExit, run.goalExit], [0, 59, -1, -1]);
  const hex = await suite.open('?generator=kruskal&solver=bfs&shape=hex&width=10&height=6&seed=1&goal=exit:east');
  assert.match(await hex.page.locator('#messages').textContent(),
    /URL: goal 'exit:east' is not allowed: exits in the outer wall are for the plain square grid only: use X,Y\./);
  const long = await suite.open(`?generator=kruskal&width=10&height=6&seed=1&goal=exit:${'x'.repeat(300)}`);
  const said = await long.page.locator('#messages').textContent();
  assert.ok(said.length < 600 && said.includes('…'), said);
  assert.deepEqual([...errors, ...hex.errors, ...long.errors], []);
});

test('an exit goes alone: more goals and waypoints are left out with a message, the list works without it', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=6&seed=1&goal=exit:south:5;3,3&via=2,2&speed=max&autoplay=1');
  await waitDone(page);
  const text = await page.locator('#messages').textContent();
  assert.match(text, /URL: goal '3,3' is not allowed: more goals and waypoints do not go with a start or goal in a gap of the outer wall\. Using the exit alone\./);
  assert.match(text, /URL: via '2,2' is not allowed: more goals and waypoints do not go with a start or goal in a gap of the outer wall\. Using the exit alone\./);
  const run = await shown(page);
  assert.deepEqual([run.goal, run.goalExit, run.outcome], [5 * 10 + 5, 2, 'found']);
  assert.match(run.url, /goal=exit%3Asouth%3A5&/);
  assert.doesNotMatch(run.url, /via=/);
  // Without the exit the same list is read: two goals and a waypoint.
  const list = await suite.open('?generator=kruskal&solver=bfs&width=10&height=6&seed=1&goal=9,5;3,3&via=2,2&ends=hardest&speed=max&autoplay=1');
  await waitDone(list.page);
  const got = await list.page.evaluate(() => {
    const run = window.mazestep.controller.run;
    return { goals: Array.from(run.goals()), via: Array.from(run.waypoints()), messages: document.getElementById('messages').textContent };
  });
  assert.deepEqual(got.goals, [59, 33]);
  assert.deepEqual(got.via, [22]);
  assert.doesNotMatch(got.messages, /not allowed/);
  assert.deepEqual([...errors, ...list.errors], []);
});

test('play mode: walking in from the north gap to the east gap\'s cell reaches the goal', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=9&height=7&seed=11&speed=50&start=exit:north&goal=exit:east:2&play=1');
  await page.waitForFunction(() => window.mazestep.play?.walk?.distances?.done, null, { timeout: 20_000 });
  const run = await shown(page);
  assert.deepEqual([run.start, run.goal], [4, 2 * 9 + 8]);
  // The shortest route by a breadth-first search from the goal, walked with the arrow keys.
  const dist = bfs(run.cells, 9, run.goal);
  const keys = [];
  for (let c = run.start; c !== run.goal;) {
    const [key, next] = [['ArrowUp', c - 9, 1], ['ArrowRight', c + 1, 2], ['ArrowDown', c + 9, 4], ['ArrowLeft', c - 1, 8]]
      .find(([, n, bit]) => run.cells[c] & bit && dist[n] === dist[c] - 1);
    keys.push(key);
    c = next;
  }
  await page.locator('#maze').focus();
  for (const key of keys) await page.keyboard.press(key);
  const play = await page.evaluate(() => {
    const { walk } = window.mazestep.play;
    return { over: walk.over, moves: walk.moves, entered: walk.graph.startEntered(walk.graph.start) };
  });
  assert.equal(play.over, true, 'the goal at the exit\'s cell counts');
  assert.equal(play.entered, 0, 'the walker came in through the north gap (for the right-hand rule)');
  assert.equal(play.moves, keys.length);
  assert.deepEqual(errors, []);
});

test('ends=hardest on a big maze: "Finding the hardest ends" while they are measured a slice at a time, then the same ends', async () => {
  const query = 'generator=binary-tree&solver=bfs&width=700&height=700&seed=1&ends=hardest';
  const { page, errors } = await suite.open(`?${query}&speed=max`);
  await page.evaluate(() => {
    window.sawBusy = false;
    const text = document.getElementById('work-text');
    new MutationObserver(() => {
      if (/Finding the hardest ends/.test(text.textContent) && !document.getElementById('work').hidden) window.sawBusy = true;
    }).observe(text, { subtree: true, childList: true, characterData: true });
  });
  await page.click('#play');
  await waitDone(page, 120_000);
  const got = await page.evaluate(() => {
    const { controller, mz } = window.mazestep;
    const fresh = new mz.MazeRun({ generator: 'binary-tree', solver: 'bfs', width: 700, height: 700, seed: '1', ends: 'hardest' });
    fresh.finish();
    const said = [controller.run.start(), controller.run.goal(), fresh.start(), fresh.goal()];
    fresh.free();
    return { said, busy: window.sawBusy, shown: !document.getElementById('work').hidden };
  });
  assert.equal(got.busy, true, 'the page said it was finding them');
  assert.equal(got.shown, false, 'and stopped saying it');
  assert.deepEqual(got.said.slice(0, 2), got.said.slice(2));
  assert.notDeepEqual(got.said.slice(0, 2), [0, 700 * 700 - 1]);
  assert.deepEqual(errors, []);
});

test('an edit searches again on the same run: the hardest ends stay the preset\'s, an exit stays a gap', async () => {
  for (const [query, options] of [
    ['ends=hardest', { ends: 'hardest' }],
    ['ends=random', { ends: 'random' }],
    ['start=exit:west&goal=exit:south:5', { start: 'exit:west', goal: 'exit:south:5' }],
  ]) {
    const { page, errors } = await suite.open(`?generator=kruskal&solver=bfs&width=12&height=9&seed=3&${query}&speed=max&autoplay=1`);
    await waitDone(page);
    const got = await page.evaluate((options) => {
      const { controller, mz } = window.mazestep;
      const before = controller.run;
      controller.rework({ edits: '20.a' });
      const run = controller.run;
      const fresh = new mz.MazeRun({ generator: 'kruskal', solver: 'bfs', width: 12, height: 9, seed: '3', edits: '20.a', ...options });
      fresh.finish();
      const ends = (r) => [r.start(), r.goal(), r.startExit(), r.goalExit(), r.pathLength()];
      const out = { live: run === before, run: ends(run), fresh: ends(fresh) };
      fresh.free();
      return out;
    }, options);
    assert.equal(got.live, true, `${query}: searched again on the same run, not a new one`);
    assert.deepEqual(got.run, got.fresh, query);
    // A cell given replaces the gap, on the same run.
    if (query.startsWith('start=exit')) {
      const moved = await page.evaluate(() => {
        const c = window.mazestep.controller;
        const before = c.run;
        c.rework({ start: '2,2' });
        return { live: c.run === before, start: c.run.start(), exit: c.run.startExit(), goalExit: c.run.goalExit() };
      });
      assert.deepEqual(moved, { live: true, start: 2 * 12 + 2, exit: -1, goalExit: 2 });
    }
    assert.deepEqual(errors, []);
  }
});

test('the legend has a waypoint entry when there are waypoints', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=8&seed=2&via=3,3&speed=max&autoplay=1');
  await waitDone(page);
  assert.match(await page.locator('#legend').textContent(), /waypoint \(1, 2, … in order\)/);
  const plain = await suite.open('?generator=kruskal&solver=bfs&width=10&height=8&seed=2&speed=max&autoplay=1');
  await waitDone(plain.page);
  assert.doesNotMatch(await plain.page.locator('#legend').textContent(), /waypoint/);
  assert.deepEqual([...errors, ...plain.errors], []);
});
