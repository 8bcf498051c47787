// A learner's journeys through the page in every browser engine: Chromium, Firefox ESR and
// WebKit (Safari's engine, as WebKitGTK's MiniBrowser), each driven through one API
// (tests/e2e/engines.mjs). The whole page suite (tests/e2e/) runs in Chromium; this set checks
// that the same page works and draws alike in the other engines: load, play, step and back,
// the timeline, drawing a wall with the pointer, a shaped grid, a tour, the quiz, saving an
// animation, Korean, the <maze-step> element, and the page at a desktop and a phone width.
//
//   node --test tests/engines/                  (every engine; pkg/ built first)
//   MAZESTEP_ENGINES=webkit node --test tests/engines/
//
// Each engine is started once for its journeys and stopped after them (WebKit's Xvfb and
// WebKitWebDriver too). Screenshots go to target/engine-shots/ for people to look at.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { ENGINES, launchEngine } from '../e2e/engines.mjs';
import { ROOT, requireBuild, startServer } from '../e2e/harness.mjs';

const engines = (process.env.MAZESTEP_ENGINES || ENGINES.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
const SHOTS = `${ROOT}target/engine-shots/`;

// The palette the page promises (Okabe–Ito), written out here as the specification.
const WALKED = [0x00, 0x9e, 0x73];
const WALL = [0x1d, 0x23, 0x30];

// ---- in the page (each function sees only its argument) ----------------------------------

/** The maze canvas: its size, how many colours it holds and a hash of its pixels. */
const PICTURE = () => {
  const canvas = document.getElementById('maze');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const colours = new Set();
  let hash = 0x811c9dc5;
  for (let i = 0; i < data.length; i += 4) {
    const px = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    colours.add(px);
    hash = Math.imul(hash ^ px, 0x01000193) >>> 0;
  }
  return { size: `${canvas.width}x${canvas.height}`, colours: colours.size, hash };
};

/** The colour drawn at the centre of cell `c` of the square tile renderer, as [r, g, b]. */
const CELL_COLOUR = (c) => {
  const r = window.mazestep.renderer;
  const { w, wall, pitch } = r.geo;
  const x = (c % w) * pitch + wall + ((pitch - wall) >> 1), y = Math.floor(c / w) * pitch + wall + ((pitch - wall) >> 1);
  return Array.from(r.canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
};

/** Where on screen (viewport pixels) the wall line under row y lies, at the middle of column x. */
const WALL_LINE_BELOW = ([x, y]) => {
  const r = window.mazestep.renderer;
  const rect = r.canvas.getBoundingClientRect();
  const { wall, pitch, bw, bh } = r.geo;
  return [rect.left + ((x * pitch + wall + (pitch - wall) / 2) / bw) * rect.width,
    rect.top + (((y + 1) * pitch + wall / 2) / bh) * rect.height];
};

const STATE = () => {
  const c = window.mazestep.controller;
  return { steps: c.run.steps(), phase: c.run.phase(), state: c.state, status: document.getElementById('status').textContent };
};

const SETTLED = () => {
  const c = window.mazestep.controller;
  // A slider move seeks on the next frame (teach.pendingSeek until then).
  return !c.job && c.chores.size === 0 && window.mazestep.teach.pendingSeek === null;
};

const DONE = () => {
  const c = window.mazestep.controller;
  return c.state === 'done' && !c.job && c.chores.size === 0;
};

for (const name of engines) {
  describe(name, () => {
    let engine, server;
    before(async () => {
      requireBuild();
      mkdirSync(SHOTS, { recursive: true });
      server = await startServer();
      engine = await launchEngine(name);
    });
    after(async () => {
      await engine?.close();
      server?.close();
    });
    const open = (query, size, options) => engine.open(`${server.url}${query}`, size, options);
    const noErrors = async () => assert.deepEqual(await engine.errors(), []);
    // Below 1440 px the settings are a drawer: opened with its button, as a person would.
    const showSettings = async () => {
      const shown = await engine.evaluate(() => document.getElementById('settings').getClientRects().length > 0 &&
        getComputedStyle(document.getElementById('settings')).visibility !== 'hidden');
      if (!shown) await engine.click('#settings-toggle');
    };

    test('the page loads and draws the maze at step 0', async () => {
      await open('index.html?generator=kruskal&solver=bfs&width=12&height=8&seed=3');
      const s = await engine.evaluate(STATE);
      assert.equal(s.steps, 0);
      assert.match(s.status, /ready.*step 0/i);
      const picture = await engine.evaluate(PICTURE);
      assert.ok(picture.colours >= 2, `a drawn maze, not a blank canvas: ${JSON.stringify(picture)}`);
      assert.deepEqual(await engine.evaluate(CELL_COLOUR, 0), [0xc9, 0xce, 0xd8], 'an uncarved cell');
      assert.equal(await engine.evaluate(() => document.querySelectorAll('#generator option').length),
        await engine.evaluate(() => window.mazestep.api.generatorNames().length));
      await noErrors();
    });

    test('Play runs the maze to its end and the player walks the path', async () => {
      await open('index.html?generator=kruskal&solver=bfs&width=12&height=8&seed=3&speed=max');
      await engine.click('#play');
      await engine.waitFor(DONE, null, { timeout: 60_000 });
      const s = await engine.evaluate(STATE);
      assert.equal(s.phase, 'done');
      assert.match(s.status, /done/i);
      const path = await engine.evaluate(() => {
        const { controller, wasm } = window.mazestep;
        return Array.from(new Uint32Array(wasm.memory.buffer, controller.run.pathPtr(), controller.run.pathLen()));
      });
      assert.ok(path.length >= 12, `path of ${path.length} cells`);
      for (const c of [path[0], path[path.length >> 1], path.at(-1)]) {
        assert.deepEqual(await engine.evaluate(CELL_COLOUR, c), WALKED, `cell ${c} walked`);
      }
      await noErrors();
    });

    test('Step, Back and the keys: Back draws exactly what the step before drew', async () => {
      await open('index.html?generator=recursive-backtracker&solver=bfs&width=10&height=7&seed=5');
      await engine.press('ArrowRight');
      await engine.waitFor(() => window.mazestep.controller.run.steps() === 1);
      await engine.waitFor(SETTLED);
      const one = await engine.evaluate(PICTURE);
      await engine.click('#step');
      await engine.press('ArrowRight');
      await engine.waitFor(() => window.mazestep.controller.run.steps() === 3);
      await engine.waitFor(SETTLED);
      const three = await engine.evaluate(PICTURE);
      assert.notEqual(three.hash, one.hash, 'two more steps change the picture');
      await engine.press('ArrowLeft');
      await engine.click('#back');
      await engine.waitFor(() => window.mazestep.controller.run.steps() === 1);
      await engine.waitFor(SETTLED);
      assert.deepEqual(await engine.evaluate(PICTURE), one, 'back at step 1, the same picture');
      // Space plays, Space again pauses (with the focus on no button, which Space would press).
      await engine.evaluate(() => document.activeElement?.blur());
      await engine.press(' ');
      await engine.waitFor(() => window.mazestep.controller.state === 'running');
      await engine.press(' ');
      await engine.waitFor(() => window.mazestep.controller.state === 'paused');
      await noErrors();
    });

    test('the timeline: a click on the slider goes there, End to the end, Home to the start', async () => {
      await open('index.html?generator=kruskal&solver=bfs&width=12&height=8&seed=3');
      await engine.waitFor(() => window.mazestep.teach.total !== null, null, { timeout: 30_000 });
      const total = await engine.evaluate(() => window.mazestep.teach.total);
      assert.ok(total > 100, `total ${total}`);
      await engine.click('#timeline');
      await engine.waitFor(SETTLED);
      const middle = await engine.evaluate(STATE);
      assert.ok(middle.steps > total * 0.25 && middle.steps < total * 0.75, `a click in the middle went to ${middle.steps} of ${total}`);
      assert.equal(middle.state, 'paused');
      await engine.press('End');
      await engine.waitFor(() => window.mazestep.controller.run.phase() === 'done');
      await engine.waitFor(SETTLED);
      assert.equal((await engine.evaluate(STATE)).steps, total);
      assert.match(await engine.evaluate(() => document.getElementById('timeline-text').textContent),
        new RegExp(`Step ${total.toLocaleString('en')} of ${total.toLocaleString('en')}`));
      await engine.press('Home');
      await engine.waitFor(() => window.mazestep.controller.run.steps() === 0);
      await noErrors();
    });

    test('edit mode: a mouse drag along a wall line opens it, then draws it again', async () => {
      await open('index.html?width=24&height=16&seed=11&solver=bfs');
      await engine.click('#edit-mode');
      await engine.waitFor(DONE, null, { timeout: 60_000 });
      await engine.click('input[name="edit-tool"][value="wall"]');
      const from = await engine.evaluate(WALL_LINE_BELOW, [2, 7]);
      const to = await engine.evaluate(WALL_LINE_BELOW, [21, 7]);
      const south = () => engine.evaluate(() => {
        const { controller, wasm } = window.mazestep;
        const cells = new Uint8Array(wasm.memory.buffer, controller.run.cellsPtr(), controller.run.cellCount);
        return Array.from({ length: 20 }, (_, i) => cells[7 * 24 + 2 + i] & 4);
      });
      await engine.click('#edit-erase');
      await engine.drag([from, [(from[0] + to[0]) / 2, from[1]], to]);
      await engine.waitFor(SETTLED);
      assert.ok((await south()).every((bit) => bit === 4), 'every wall along the line erased');
      await engine.click('#edit-erase');
      await engine.drag([from, [(from[0] + to[0]) / 2, from[1]], to]);
      await engine.waitFor(SETTLED);
      assert.ok((await south()).every((bit) => bit === 0), 'every wall along the line drawn');
      const s = await engine.evaluate(() => ({ edits: window.mazestep.controller.settings.edits, phase: window.mazestep.controller.run.phase() }));
      assert.match(s.edits, /~/);
      assert.equal(s.phase, 'done', 'searched again at once');
      const [x, y] = await engine.evaluate(WALL_LINE_BELOW, [10, 7]);
      const drawn = await engine.evaluate(([x, y]) => {
        const r = window.mazestep.renderer;
        const rect = r.canvas.getBoundingClientRect();
        const bx = Math.floor(((x - rect.left) / rect.width) * r.canvas.width), by = Math.floor(((y - rect.top) / rect.height) * r.canvas.height);
        return Array.from(r.canvas.getContext('2d').getImageData(bx, by, 1, 1).data.slice(0, 3));
      }, [x, y]);
      assert.deepEqual(drawn, WALL, 'the wall is drawn where it was dragged');
      await noErrors();
    });

    // WebKitWebDriver turns touch actions into mouse events: no touch input to test there.
    if (name !== 'webkit') test('a touch drag reaches the maze as pointer events of type touch', async () => {
      await open('index.html?width=24&height=16&seed=11&solver=bfs');
      await engine.evaluate(() => {
        window.seen = [];
        for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel']) {
          document.getElementById('maze').addEventListener(type, (e) => window.seen.push(`${e.type}:${e.pointerType}`));
        }
      });
      const from = await engine.evaluate(WALL_LINE_BELOW, [2, 7]);
      const to = await engine.evaluate(WALL_LINE_BELOW, [12, 7]);
      await engine.drag([from, [(from[0] + to[0]) / 2, from[1]], to], { pointerType: 'touch' });
      await engine.waitFor(() => window.seen.some((e) => /^pointer(up|cancel)/.test(e)));
      const seen = await engine.evaluate(() => window.seen);
      assert.equal(seen[0], 'pointerdown:touch', seen.join(' '));
      assert.ok(seen.every((e) => e.endsWith(':touch')), seen.join(' '));
      await noErrors();
    });

    test('a hex maze (a non-square grid) draws and plays to its end', async () => {
      await open('index.html?generator=wilson&solver=bfs&shape=hex&width=10&height=8&seed=2&speed=max&style=thin');
      const before = await engine.evaluate(PICTURE);
      assert.ok(before.colours >= 2, JSON.stringify(before));
      await engine.click('#play');
      await engine.waitFor(DONE, null, { timeout: 60_000 });
      const after = await engine.evaluate(PICTURE);
      assert.notEqual(after.hash, before.hash);
      assert.ok(after.colours >= 4, `walls, passages, marks and the path: ${after.colours} colours`);
      assert.equal(await engine.evaluate(() => window.mazestep.controller.run.shape()), 'hex');
      await noErrors();
    });

    test('play mode: the arrow keys walk the shortest route to the goal and score 100 %', async () => {
      await open('index.html?generator=kruskal&width=9&height=7&seed=11&play=1');
      await engine.waitFor(() => window.mazestep.play?.walk?.distances?.done, null, { timeout: 30_000 });
      // The shortest route worked out here (breadth-first, from the maze's bytes), as keys.
      const keys = await engine.evaluate(() => {
        const { controller, wasm, mz } = window.mazestep;
        const run = controller.run;
        const cells = new Uint8Array(wasm.memory.buffer, run.cellsPtr(), run.cellCount);
        const bits = Array.from(mz.passageBits());
        const step = [-run.width, 1, run.width, -1];
        const names = ['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'];
        const parent = new Map([[run.start(), null]]);
        const queue = [run.start()];
        while (queue.length > 0) {
          const c = queue.shift();
          for (let s = 0; s < 4; s++) {
            const n = c + step[s];
            if ((cells[c] & bits[s]) && !parent.has(n)) {
              parent.set(n, [c, names[s]]);
              queue.push(n);
            }
          }
        }
        const route = [];
        for (let c = run.goal(); parent.get(c); c = parent.get(c)[0]) route.unshift(parent.get(c)[1]);
        // A wall between the start and a cell of the maze (not the border).
        const s0 = run.start(), x0 = s0 % run.width, y0 = Math.floor(s0 / run.width);
        const inside = [y0 > 0, x0 < run.width - 1, y0 < run.height - 1, x0 > 0];
        const wall = names.find((_, s) => inside[s] && !(cells[s0] & bits[s]));
        return { route, wall };
      });
      assert.ok(keys.route.length > 4, `a walk of ${keys.route.length} moves`);
      assert.ok(keys.wall, 'the start has a wall inside the maze');
      await engine.evaluate(() => document.getElementById('maze').focus());
      // Into a wall first: refused, the walker stays.
      await engine.press(keys.wall);
      assert.equal(await engine.evaluate(() => window.mazestep.play.here), 0);
      assert.match(await engine.evaluate(() => document.getElementById('play-say').textContent), /A wall to the/);
      for (const key of keys.route) await engine.press(key);
      await engine.waitFor(() => !document.getElementById('play-result').hidden);
      assert.match(await engine.evaluate(() => document.getElementById('play-result-text').textContent),
        new RegExp(`in ${keys.route.length} moves; the shortest path takes ${keys.route.length}: 100% optimal`));
      await engine.screenshot(`${SHOTS}${name}-play.png`);
      await noErrors();
    });

    test('a tour: Next and the P key move the maze stop by stop', async () => {
      await open('index.html?tour=recursive-backtracker');
      await engine.waitFor(SETTLED);
      const where = () => engine.evaluate(() => ({
        where: document.querySelector('.tour-where')?.textContent ?? '', steps: window.mazestep.controller.run.steps(),
        event: window.mazestep.controller.run.lastEvent(), search: location.search,
      }));
      const first = await where();
      assert.match(first.where, new RegExp(`^Stop 1 of \\d+ · step ${first.steps}$`));
      assert.equal(first.event, 'push');
      await engine.click('#tour-next');
      await engine.waitFor(([steps]) => window.mazestep.controller.run.steps() !== steps && !window.mazestep.controller.job, [first.steps]);
      const second = await where();
      assert.match(second.where, /^Stop 2 of /);
      assert.equal(second.event, 'pop');
      assert.match(second.search, /[?&]tour=recursive-backtracker&stop=2$/);
      await engine.press('p');
      await engine.waitFor(([steps]) => window.mazestep.controller.run.steps() === steps && !window.mazestep.controller.job, [first.steps]);
      assert.match((await where()).where, /^Stop 1 of /);
      await noErrors();
    });

    test('the quiz: the right choice scores, a wrong one does not', async () => {
      await open('index.html?generator=recursive-backtracker&solver=none&width=8&height=6&seed=21&quiz=1&questions=2');
      const question = () => engine.waitFor(() => {
        const { lessons, controller } = window.mazestep;
        const q = lessons.quiz.question;
        return q && !controller.job && controller.run.steps() === q.step && lessons.quiz.answered === null;
      }, null, { timeout: 30_000 });
      // The truth, found apart from the quiz: step a fresh run of the same maze once more.
      const truth = () => engine.evaluate(() => {
        const { mz, controller } = window.mazestep;
        const s = controller.settings;
        const run = new mz.MazeRun({ generator: s.generator, width: s.width, height: s.height, seed: s.seed });
        run.seek(controller.run.steps());
        run.advance(1);
        const event = run.lastEvent();
        run.free();
        return event;
      });
      await question();
      const right = await truth();
      await engine.click(`#quiz-choices button[data-choice="${right}"]`);
      await engine.waitFor(() => window.mazestep.lessons.quiz.answered !== null);
      assert.deepEqual(await engine.evaluate(() => [window.mazestep.lessons.quiz.score, document.getElementById('quiz-verdict').textContent.slice(0, 6)]),
        [1, 'Right!']);
      await engine.click('#quiz-next');
      await question();
      const wrong = (await truth()) === 'push' ? 'pop' : 'push';
      await engine.click(`#quiz-choices button[data-choice="${wrong}"]`);
      await engine.waitFor(() => window.mazestep.lessons.quiz.answered !== null);
      assert.deepEqual(await engine.evaluate(() => [window.mazestep.lessons.quiz.score, window.mazestep.lessons.quiz.streak]), [1, 0]);
      assert.match(await engine.evaluate(() => document.getElementById('quiz-verdict').textContent), /^Not quite/);
      await noErrors();
    });

    test('the Animation box: WebM (VP8) and GIF are made, and the page lives on', async () => {
      // WebKitGTK's web process crashed on the VP8 question when the page asked it at load; it
      // is asked when the box opens (www/export/export-anim.js).
      await open('index.html?generator=kruskal&solver=bfs&width=10&height=7&seed=21');
      await showSettings();
      await engine.click('#anim summary');
      await engine.waitFor(() => window.mazestep.animations.webmOk !== null);
      assert.equal(await engine.evaluate(() => window.mazestep.animations.webmOk), true, 'this engine encodes VP8');
      const saved = await engine.evaluate(async () => {
        const a = window.mazestep.animations;
        const files = [];
        a.on.download = (blob, name) => files.push({ name, type: blob.type, bytes: blob.size });
        const webm = await a.save('webm', { from: 10, to: 70, spf: 2, fps: 10, size: 320, loop: false });
        const gif = await a.save('gif', { from: 0, to: 20, spf: 1, fps: 10, size: 320, loop: true });
        return { frames: [webm?.frames, gif?.frames], files, problem: document.getElementById('anim-problem').textContent };
      });
      assert.deepEqual(saved.frames, [31, 21], JSON.stringify(saved));
      assert.deepEqual(saved.files.map((f) => [f.name, f.type]), [
        ['mazestep-kruskal-10x7-seed21-steps10-70.webm', 'video/webm'], ['mazestep-kruskal-10x7-seed21-steps0-20.gif', 'image/gif']]);
      assert.ok(saved.files.every((f) => f.bytes > 1000), JSON.stringify(saved.files));
      assert.equal(await engine.evaluate(() => window.mazestep.controller.run.steps()), 0, 'the run on show stays');
      await noErrors();
    });

    test('Korean (lang=ko): the page, its status and the narration speak Korean', async () => {
      await open('index.html?lang=ko&generator=kruskal&solver=bfs&width=8&height=6&seed=1');
      const words = () => engine.evaluate(() => ({
        lang: document.documentElement.lang, play: document.getElementById('play').textContent,
        status: document.getElementById('status').textContent, narration: document.getElementById('narration').textContent,
      }));
      let w = await words();
      assert.equal(w.lang, 'ko');
      assert.equal(w.play, '재생');
      assert.match(w.status, /[가-힣]/);
      await engine.press('ArrowRight');
      await engine.waitFor(() => window.mazestep.controller.run.steps() === 1);
      w = await words();
      assert.match(w.narration, /[가-힣]/);
      assert.match(w.narration, /\(\d+, \d+\)/, 'names the cells');
      await noErrors();
    });

    test('<maze-step> elements (examples/embed.html) draw, play and follow a tour', async () => {
      await open('examples/embed.html', { width: 1280, height: 900 }, { ready: false });
      await engine.waitFor(() => customElements.get('maze-step') &&
        [...document.querySelectorAll('maze-step')].every((el) => el.run && el.controller && !el.controller.job), null, { timeout: 30_000 });
      const pictures = await engine.evaluate(() => [...document.querySelectorAll('maze-step')].map((el) => {
        const canvas = el.shadowRoot.querySelector('canvas.maze');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const colours = new Set();
        for (let i = 0; i < data.length; i += 4) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        return { id: el.id, colours: colours.size, steps: el.run.steps() };
      }));
      assert.deepEqual(pictures.map((p) => p.id), ['sidewinder', 'kruskal', 'tour']);
      // Walls and cells at least (the looping Kruskal may be back at step 0); marks at step 420.
      assert.ok(pictures.every((p) => p.colours >= 2) && pictures[0].colours >= 3, JSON.stringify(pictures));
      assert.equal(pictures[0].steps, 420, 'opened at step 420');
      // A real click on the element's own Play button, inside its shadow root.
      const play = await engine.evaluate(() => {
        const button = document.getElementById('sidewinder').shadowRoot.querySelector('button[name=play]');
        button.scrollIntoView({ block: 'center' });
        const r = button.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];
      });
      await engine.clickAt(...play);
      await engine.waitFor(() => document.getElementById('sidewinder').run.steps() > 425);
      const tour = await engine.evaluate(() => document.getElementById('tour').tourStop);
      assert.equal(tour.stop, 2);
      assert.equal(await engine.evaluate(() => document.getElementById('tour').run.steps()), tour.step);
      await noErrors();
    });

    test('screenshots at 1280 and 390 wide, in English and Korean', async () => {
      for (const lang of ['en', 'ko']) {
        for (const width of [1280, 390]) {
          const size = { width, height: width > 800 ? 800 : 844 };
          const query = `index.html?lang=${lang}&generator=kruskal&solver=a-star&width=20&height=14&seed=4&step=300`;
          await open(query, size);
          // A window that cannot be this narrow (MiniBrowser keeps its toolbar's width): the
          // page in a frame of exactly this size instead.
          const framed = await engine.evaluate(([width]) => innerWidth > width, [width]);
          if (framed) {
            await open(`tests/engines/frame.html?width=${size.width}&height=${size.height}&src=${encodeURIComponent(`/${query}`)}`,
              size, { ready: false });
            await engine.waitFor(() => document.getElementById('frame').contentDocument?.documentElement.dataset.ready === 'true');
          }
          // In the page, or in the frame of tests/engines/frame.html.
          await engine.waitFor(([framed, width]) => {
            const w = framed ? document.getElementById('frame').contentWindow : window;
            return w.innerWidth === width && !w.mazestep.controller.job && w.mazestep.controller.chores.size === 0;
          }, [framed, width]);
          const fits = await engine.evaluate((framed) => {
            const w = framed ? document.getElementById('frame').contentWindow : window;
            const r = w.document.getElementById('maze').getBoundingClientRect();
            return r.width > 0 && r.left >= 0 && r.right <= w.innerWidth + 0.5;
          }, framed);
          assert.ok(fits, `the maze lies within ${width} px`);
          const png = await engine.screenshot(`${SHOTS}${name}-${width}-${lang}.png`);
          // The PNG's own header says its width: the window's, in device pixels.
          assert.equal(png.readUInt32BE(16), await engine.evaluate(() => innerWidth * devicePixelRatio));
        }
      }
      await noErrors();
    });
  });
}
