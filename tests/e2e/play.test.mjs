// Play mode (issue 30, items 1 and 2) driven by keys, as a learner would: the shortest route
// scores 100 %, a detour less, a wall refuses a move, going back undoes, giving up shows the
// solution, the challenge link reopens the same maze in play mode, bad play= values are
// refused, and the right-hand variant flags a wrong move and takes a right one. The shortest
// path and the right-hand rule are worked out here again, independently, from the maze's bytes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitSettled } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const suite = pageSuite();
const MAZE = '?generator=kruskal&solver=bfs&width=9&height=7&seed=11&speed=50';
const KEY = { N: 'ArrowUp', E: 'ArrowRight', S: 'ArrowDown', W: 'ArrowLeft' };

async function openPlaying(query) {
  const opened = await suite.open(query);
  await opened.page.waitForFunction(() => window.mazestep.play?.walk?.distances?.done, null, { timeout: 20_000 });
  // Nothing left to load or lay out: taps land where the cells were measured.
  await waitSettled(opened.page);
  await opened.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return opened;
}

/** The maze as the test reads it: each cell's open sides (N, E, S, W), start and goal. */
function readMaze(page) {
  return page.evaluate(() => {
    const { controller, wasm, mz } = window.mazestep;
    const run = controller.run;
    const cells = Array.from(new Uint8Array(wasm.memory.buffer, run.cellsPtr(), run.cellCount));
    const bits = Array.from(mz.passageBits());
    return { width: run.width, height: run.height, start: run.start(), goal: run.goal(), cells, bits };
  });
}

const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const SIDES = ['N', 'E', 'S', 'W'];

function openNeighbours(maze, c) {
  const x = c % maze.width, y = Math.floor(c / maze.width);
  const out = [];
  SIDES.forEach((side, i) => {
    if ((maze.cells[c] & maze.bits[i]) === 0) return;
    const [dx, dy] = STEP[side];
    out.push([side, (y + dy) * maze.width + x + dx]);
  });
  return out;
}

/** Breadth-first search from the start: the shortest route as sides to walk. */
function shortestSides(maze) {
  const parent = new Map([[maze.start, null]]);
  const queue = [maze.start];
  while (queue.length > 0) {
    const c = queue.shift();
    if (c === maze.goal) break;
    for (const [side, n] of openNeighbours(maze, c)) {
      if (!parent.has(n)) {
        parent.set(n, [c, side]);
        queue.push(n);
      }
    }
  }
  const sides = [];
  for (let c = maze.goal; parent.get(c); c = parent.get(c)[0]) sides.unshift(parent.get(c)[1]);
  return sides;
}

const state = (page) => page.evaluate(() => {
  const p = window.mazestep.play;
  return {
    here: p.here, route: p.walk.route.length - 1, moves: p.walk.moves, over: p.walk.over,
    say: p.el.say.textContent, live: p.el.live.textContent, result: p.el.result.hidden ? '' : p.el.resultText.textContent,
  };
});

async function walk(page, sides) {
  for (const side of sides) await page.keyboard.press(KEY[side]);
}

test('the shortest route scores 100 %; a detour into a dead end and back scores less', async () => {
  const { page, errors } = await openPlaying(`${MAZE}&play=1`);
  const maze = await readMaze(page);
  const sides = shortestSides(maze);
  assert.ok(sides.length > 4, `a maze with a walk to make (${sides.length} moves)`);
  await page.locator('#maze').focus();
  await walk(page, sides);
  let s = await state(page);
  assert.equal(s.over, true, 'at the goal');
  assert.equal(s.moves, sides.length);
  assert.match(s.result, new RegExp(`in ${sides.length} moves; the shortest path takes ${sides.length}: 100% optimal`));

  // Again, with a detour: into an open side off the shortest route, and back.
  await page.click('#play-again');
  // The first cell of the route with a way off it: neither onward nor back.
  const opposite = { N: 'S', S: 'N', E: 'W', W: 'E' };
  let at = maze.start, upTo = -1, detour = null;
  for (let i = 0; i < sides.length; i++) {
    const off = openNeighbours(maze, at).find(([side]) => side !== sides[i] && (i === 0 || side !== opposite[sides[i - 1]]));
    if (off) {
      [upTo, detour] = [i, off[0]];
      break;
    }
    at += STEP[sides[i]][1] * maze.width + STEP[sides[i]][0];
  }
  assert.ok(detour, 'the shortest route passes a junction');
  const back = opposite[detour];
  await walk(page, sides.slice(0, upTo));
  await walk(page, [detour]);
  s = await state(page);
  assert.equal(s.route, upTo + 1);
  await walk(page, [back]);
  s = await state(page);
  assert.equal(s.route, upTo, 'going back over the route takes it back');
  assert.equal(s.moves, upTo + 2, 'the moves still count');
  await walk(page, sides.slice(upTo));
  s = await state(page);
  assert.equal(s.over, true);
  const percent = Math.floor((100 * sides.length) / (sides.length + 2));
  assert.match(s.result, new RegExp(`in ${sides.length + 2} moves; the shortest path takes ${sides.length}: ${percent}% optimal`));
  assert.deepEqual(errors, []);
});

test('a wall refuses a move: the walker stays, and the page says why (for screen readers too)', async () => {
  const { page, errors } = await openPlaying(`${MAZE}&play=1`);
  const maze = await readMaze(page);
  const open = openNeighbours(maze, maze.start).map(([side]) => side);
  const shut = SIDES.filter((side) => !open.includes(side));
  assert.ok(shut.length > 0);
  const names = { N: 'north', E: 'east', S: 'south', W: 'west' };
  let s = await state(page);
  assert.match(s.live, new RegExp(`walls ${shut.map((side) => names[side]).join(', ')}; open ${open.map((side) => names[side]).join(', ')}`));
  await page.locator('#maze').focus();
  await walk(page, [shut[0]]);
  s = await state(page);
  assert.equal(s.here, maze.start, 'the walker did not move');
  assert.equal(s.moves, 0);
  assert.match(s.say, new RegExp(`A wall to the ${names[shut[0]]}: you stay at 0,0`));
  assert.match(s.live, /A wall to the/);
  // The page's own keys did not step the run meanwhile: the arrows belong to the walker.
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.phase()), 'done');
  assert.deepEqual(errors, []);
});

test('give up shows the shortest path; the challenge link reopens the same maze in play mode', async () => {
  const { page, errors } = await openPlaying(`${MAZE}&play=1`);
  const maze = await readMaze(page);
  const sides = shortestSides(maze);
  await page.click('#play-give-up');
  await page.waitForFunction(() => window.mazestep.play.walk.overlay?.best);
  const best = await page.evaluate(() => window.mazestep.play.walk.overlay.best);
  assert.equal(best.length, sides.length + 1, 'the path drawn is a shortest one');
  assert.equal(best[0], maze.start);
  assert.equal(best.at(-1), maze.goal);
  assert.match((await state(page)).result, new RegExp(`the shortest path takes ${sides.length} moves`));

  const link = await page.evaluate(() => document.getElementById('play-link').href);
  assert.match(link, /play=1/);
  assert.doesNotMatch(link, /step=/);
  // Another seed on show first: the link must carry the maze, not the page's memory of it.
  const other = await openPlaying(`?generator=wilson&width=5&height=5&seed=3&play=right-hand`);
  await other.page.goto(link);
  await other.page.waitForFunction(() => window.mazestep?.play?.walk?.distances?.done, null, { timeout: 20_000 });
  const again = await readMaze(other.page);
  assert.deepEqual(again.cells, maze.cells, 'the same maze');
  assert.equal(await other.page.evaluate(() => window.mazestep.play.variant), 'free');
  assert.deepEqual(errors, []);
});

test('a bad play= is refused with the page\'s message and no play mode', async () => {
  const { page } = await suite.open(`${MAZE}&play=left-foot`);
  await page.waitForFunction(() => window.mazestep.play);
  const text = await page.locator('#messages').textContent();
  assert.match(text, /URL: play 'left-foot' is not allowed: use 1 \(walk freely\), right-hand/);
  assert.equal(await page.evaluate(() => window.mazestep.play.active), false);
});

/** The right-hand rule worked out here: try right, ahead, left, back of the way faced. */
function rightHandChoice(maze, c, facing) {
  const open = new Map(openNeighbours(maze, c));
  const i = SIDES.indexOf(facing);
  for (const turn of [1, 0, 3, 2]) {
    const side = SIDES[(i + turn) % 4];
    if (open.has(side)) return side;
  }
  return null;
}

test('the right hand, by hand: a move against the rule is refused with the reason, the rule\'s move is taken', async () => {
  // A start in the middle, where more than one way is open.
  const { page, errors } = await openPlaying('?generator=kruskal&width=9&height=7&seed=11&start=4,3&play=right-hand');
  const maze = await readMaze(page);
  const open = openNeighbours(maze, maze.start).map(([side]) => side);
  assert.ok(open.length >= 2, `the start has ${open.length} open sides`);
  // The starting heading as the core's wall follower chooses it: the first open way (N, E, S,
  // W) it would go straight through.
  const facing = SIDES.find((side) => open.includes(side) && rightHandChoice(maze, maze.start, side) === side);
  const wrong = open.find((side) => side !== facing);
  await page.locator('#maze').focus();
  await walk(page, [wrong]);
  let s = await state(page);
  assert.equal(s.here, maze.start, 'the wrong move was not made');
  assert.match(s.say, /The right-hand rule .*was open, so not/);
  await walk(page, [facing]);
  s = await state(page);
  assert.notEqual(s.here, maze.start, 'the rule\'s move was made');
  // And on: every next move the rule's, from the way just walked, for a few moves.
  let at = s.here, heading = facing;
  for (let k = 0; k < 5 && at !== maze.goal; k++) {
    const side = rightHandChoice(maze, at, heading);
    const others = openNeighbours(maze, at).map(([other]) => other).filter((other) => other !== side);
    if (others.length > 0) {
      await walk(page, [others[0]]);
      assert.equal((await state(page)).here, at, `a move ${others[0]} against the rule at ${at} is refused`);
    }
    await walk(page, [side]);
    at += STEP[side][1] * maze.width + STEP[side][0];
    heading = side;
    assert.equal((await state(page)).here, at, `the rule's move ${side} is taken`);
  }
  assert.deepEqual(errors, []);
});

/** The core's own BFS path on the same maze (a run of its own), as cell indices. */
function corePath(page, settings) {
  return page.evaluate((settings) => {
    const { mz, wasm } = window.mazestep;
    const run = new mz.MazeRun({ ...settings, solver: 'bfs' });
    try {
      run.finish();
      return Array.from(new Uint32Array(wasm.memory.buffer, run.pathPtr(), run.pathLen()));
    } finally {
      run.free();
    }
  }, settings);
}

/** Taps the centre of cell c on the maze, where the renderer draws it. */
async function tapCell(page, c) {
  const [x, y] = await page.evaluate((c) => {
    const r = window.mazestep.renderer;
    const [ox, oy] = r.cellCentre(c);
    const rect = r.overlay.getBoundingClientRect();
    return [rect.left + (ox / r.overlay.width) * rect.width, rect.top + (oy / r.overlay.height) * rect.height];
  }, c);
  await page.mouse.click(x, y);
}

for (const shape of ['hex', 'triangle', 'polar', 'weave']) {
  test(`${shape}: tapping the core's BFS path cell by cell reaches the goal at 100 %; a tap two cells away is refused`, async () => {
    const settings = { generator: 'kruskal', width: 8, height: 6, seed: '5', shape };
    const { page, errors } = await openPlaying(`?generator=kruskal&width=8&height=6&seed=5&shape=${shape}&play=1`);
    const path = await corePath(page, settings);
    assert.ok(path.length > 4, `a path of ${path.length} cells`);
    const start = await page.evaluate(() => window.mazestep.play.here);
    assert.equal(start, path[0]);
    // A cell two along the path is no neighbour: refused, the walker stays.
    await tapCell(page, path[2]);
    let s = await state(page);
    assert.equal(s.here, path[0]);
    assert.match(s.say, /is not an open neighbour of/);
    for (const c of path.slice(1)) await tapCell(page, c);
    s = await state(page);
    assert.equal(s.over, true, `at the goal (at ${s.here})`);
    assert.equal(s.moves, path.length - 1);
    assert.match(s.result, /: 100% optimal/);
    assert.equal(await page.evaluate(() => window.mazestep.controller.settings.start), '', 'the taps did not move the start');
    assert.deepEqual(errors, []);
  });
}

test('run to the next junction: one key goes along the corridor to where the way divides or ends', async () => {
  // The recursive backtracker's long corridors.
  const { page, errors } = await openPlaying('?generator=recursive-backtracker&width=9&height=7&seed=11&play=1');
  const maze = await readMaze(page);
  await page.check('#play-junction');
  await page.locator('#maze').focus();
  const [first, next] = openNeighbours(maze, maze.start)[0];
  // Where the run should stop, worked out here: on while a cell has exactly two open sides.
  const expected = [maze.start, next];
  while (expected.at(-1) !== maze.goal && openNeighbours(maze, expected.at(-1)).length === 2) {
    const [, on] = openNeighbours(maze, expected.at(-1)).find(([, n]) => n !== expected.at(-2));
    expected.push(on);
  }
  assert.ok(expected.length > 2, `a corridor of ${expected.length - 1} moves from the start`);
  await walk(page, [first]);
  const s = await state(page);
  const route = await page.evaluate(() => window.mazestep.play.walk.route);
  assert.deepEqual(route, expected, 'one key went along the whole corridor and stopped where it divides or ends');
  assert.equal(s.moves, route.length - 1);
  assert.deepEqual(errors, []);
});

test('the right hand on hexagons: a move against the rule is refused with the sweep\'s reason', async () => {
  const { page, errors } = await openPlaying('?generator=kruskal&width=8&height=6&seed=5&shape=hex&start=3,2&play=right-hand');
  // The rule's move and another open one, from the page's walk graph (the rule's order is
  // checked on squares above, against this test's own rule).
  const { wrong } = await page.evaluate(() => {
    const p = window.mazestep.play;
    const g = p.walk.graph;
    const rule = g.rightHand(p.here, p.walk.entered);
    const other = g.openWays(p.here).find(([w]) => w !== rule.way);
    return { wrong: other ? other[1] : -1 };
  });
  assert.ok(wrong >= 0, 'the start has two open sides');
  await tapCell(page, wrong);
  const s = await state(page);
  assert.equal(s.here, await page.evaluate(() => window.mazestep.play.walk.graph.start));
  assert.match(s.say, /The right-hand rule takes the first open side sweeping round from your right hand: .* comes before/);
  assert.deepEqual(errors, []);
});

test('the solver waits aside while walking: Walk it again, or Edit the maze, gives it back', async () => {
  const { page, errors } = await openPlaying(`${MAZE}&play=1`);
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.solver), 'none');
  await page.click('#play-mode');
  assert.equal(await page.evaluate(() => window.mazestep.play.active), false);
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.solver), 'bfs');
  assert.doesNotMatch(await page.evaluate(() => location.search), /play=/);
  await page.click('#play-mode');
  await page.waitForFunction(() => window.mazestep.play.walk?.distances.done);
  await page.click('#edit-mode');
  assert.equal(await page.evaluate(() => window.mazestep.play.active), false);
  assert.equal(await page.evaluate(() => window.mazestep.controller.settings.solver), 'bfs');
  await page.waitForFunction(() => window.mazestep.editor.active);
  assert.deepEqual(errors, []);
});

test('Walk it waits, disabled and busy, until play mode has loaded; the walk is on a bare maze; give up, then compare', async () => {
  // Play mode's module held back: the button says it is getting ready and does nothing.
  const held = await suite.browser.context.newPage();
  await held.route('**/play/play-mode.js', () => {});
  await held.goto(`${suite.server.url}${MAZE}`, { waitUntil: 'domcontentloaded' });
  await held.waitForTimeout(1500);
  const waiting = await held.evaluate(() => {
    const b = document.getElementById('play-mode');
    return { disabled: b.disabled, busy: b.getAttribute('aria-busy'), title: b.title };
  });
  assert.deepEqual(waiting, { disabled: true, busy: 'true', title: 'Getting play mode ready…' });
  await held.close();

  const { page, errors } = await openPlaying('?generator=kruskal&solver=none&width=9&height=7&seed=11&speed=max&play=1');
  const ready = await page.evaluate(() => {
    const b = document.getElementById('play-mode');
    return { disabled: b.disabled, busy: b.getAttribute('aria-busy'), title: b.title };
  });
  assert.deepEqual(ready, { disabled: false, busy: null, title: '' });
  // Kruskal's sets would colour the cells under the walk: drawn bare while walking.
  const marks = () => page.evaluate(() => {
    const r = window.mazestep.stage.renderer;
    r.views();
    const { controller, wasm } = window.mazestep;
    const run = controller.run;
    const own = new Uint8Array(wasm.memory.buffer, run.marksPtr(), run.cellCount);
    return { bare: r.bare, marked: r.marks.some((m) => m !== 0), underneath: own.some((m) => m !== 0) || run.hasLabels() };
  });
  assert.deepEqual(await marks(), { bare: true, marked: false, underneath: true });
  await page.click('#play-give-up');
  await page.waitForFunction(() => window.mazestep.play.walk.overlay?.best);
  assert.equal(await page.locator('#play-compare').isVisible(), true, 'compare after giving up too');
  await page.click('#play-compare');
  await page.waitForFunction(() => window.mazestep.play.walk.overlay?.hand);
  assert.equal(await page.locator('.play-legend').isVisible(), true);
  await page.click('#play-mode');
  assert.equal((await marks()).bare, false, 'as it is again after leaving');
  assert.deepEqual(errors, []);
});
