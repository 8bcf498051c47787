// Animations (www/export-anim.js): a stretch of steps saved as a GIF and as a WebM video,
// decoded again to count their frames: the GIF by omggif in node, the WebM's blocks by the
// EBML reader below and then by the browser's own VP8 decoder. Cancel, bad values, the
// learner's run left alone, and the single-file page from file://.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT, showSettings } from './harness.mjs';
import { pageSuite } from './suite.mjs';

const { GifReader } = createRequire(import.meta.url)('omggif');
const suite = pageSuite();

/** Opens the animation panel, fills it in, clicks `button`; returns the download's name and bytes. */
async function saveAnimation(page, button, fields) {
  await openPanel(page);
  await fillFields(page, fields);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

async function openPanel(page) {
  await showSettings(page);
  const summary = page.locator('#anim summary');
  if (!(await page.locator('#anim').evaluate((d) => d.open))) await summary.click();
}

async function fillFields(page, { from, to, spf, fps, size }) {
  if (from !== undefined) await page.getByLabel('From step', { exact: true }).fill(String(from));
  if (to !== undefined) await page.getByLabel('To step', { exact: true }).fill(String(to));
  if (spf !== undefined) await page.getByLabel('Steps per frame', { exact: true }).fill(String(spf));
  if (fps !== undefined) await page.getByLabel('Frames per second', { exact: true }).fill(String(fps));
  if (size !== undefined) await page.getByLabel('Size', { exact: true }).selectOption(String(size));
}

/** Every frame of a GIF as shown (each drawn over the one before), as RGBA, with its size. */
function decodeGif(bytes) {
  const gif = new GifReader(new Uint8Array(bytes));
  const frames = [];
  let shown = new Uint8Array(gif.width * gif.height * 4);
  for (let i = 0; i < gif.numFrames(); i++) {
    shown = shown.slice();
    gif.decodeAndBlitFrameRGBA(i, shown);
    frames.push(shown);
  }
  return { width: gif.width, height: gif.height, frames, loops: gif.loopCount() };
}

/**
 * The WebM's video blocks (SimpleBlocks, and Blocks inside BlockGroups) in file order, and the
 * track's pixel size, read with a minimal EBML walker written here, apart from www/webm.js.
 */
function readWebm(bytes) {
  const vint = (at, keepMarker) => {
    const first = bytes[at];
    let len = 1;
    while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
    assert.ok(len <= 8, `bad EBML number at ${at}`);
    let value = keepMarker ? first : first & (0xff >> len);
    for (let i = 1; i < len; i++) value = value * 256 + bytes[at + i];
    return { value, len };
  };
  const MASTERS = new Set([0x1a45dfa3, 0x18538067, 0x1f43b675, 0x1654ae6b, 0xae, 0xe0, 0xa0]);
  const blocks = [];
  let width = 0, height = 0, docType = '';
  const walk = (start, end) => {
    let at = start;
    while (at < end) {
      const id = vint(at, true);
      const size = vint(at + id.len, false);
      const body = at + id.len + size.len;
      assert.ok(body + size.value <= end, `element ${id.value.toString(16)} runs past its parent`);
      if (MASTERS.has(id.value)) walk(body, body + size.value);
      else if (id.value === 0xa3 || id.value === 0xa1) {
        const track = vint(body, false);
        const flags = bytes[body + track.len + 2];
        blocks.push({ key: id.value === 0xa3 && (flags & 0x80) !== 0, data: bytes.subarray(body + track.len + 3, body + size.value) });
      } else if (id.value === 0xb0) width = readUint(body, size.value);
      else if (id.value === 0xba) height = readUint(body, size.value);
      else if (id.value === 0x4282) docType = Buffer.from(bytes.subarray(body, body + size.value)).toString();
      at = body + size.value;
    }
  };
  const readUint = (at, n) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + bytes[at + i];
    return v;
  };
  assert.equal(vint(0, true).value, 0x1a45dfa3, 'an EBML file');
  walk(0, bytes.length);
  return { blocks, width, height, docType };
}

const sameFrame = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
/** Pixels whose colour differs by more than `by` in a channel. */
const pixelsApart = (a, b, by) => {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) > by || Math.abs(a[i + 1] - b[i + 1]) > by || Math.abs(a[i + 2] - b[i + 2]) > by) n++;
  }
  return n;
};

test('a GIF of steps 0..40 has 41 frames that show the run moving, and leaves the run on show alone', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=7&seed=21');
  const gif = await saveAnimation(page, 'GIF', { from: 0, to: 40, spf: 1, fps: 20, size: 320 });
  assert.equal(gif.name, 'mazestep-kruskal-10x7-seed21-steps0-40.gif');
  const decoded = decodeGif(gif.bytes);
  assert.equal(decoded.frames.length, 41);
  assert.ok(decoded.width <= 320 && decoded.height <= 320 && decoded.width > 200, `${decoded.width}x${decoded.height}`);
  assert.equal(decoded.loops, 0, 'loops for ever');
  // Kruskal joins two cells a step: every frame differs from the one before.
  for (let i = 1; i < decoded.frames.length; i++) {
    assert.ok(!sameFrame(decoded.frames[i - 1], decoded.frames[i]), `frame ${i} is the same as frame ${i - 1}`);
  }
  assert.match(await page.locator('#anim-note').textContent(), /Saved mazestep-kruskal-10x7-seed21-steps0-40\.gif: 41 frames/);
  // Frames after the first hold only what changed: drawn over the ones before, the last is
  // the same picture as a GIF of step 40 alone.
  const alone = decodeGif((await saveAnimation(page, 'GIF', { from: 40, to: 40 })).bytes);
  assert.equal(alone.frames.length, 1);
  // (The markers' antialiased edges may differ by a level or two from one drawing to the next.)
  assert.equal(alone.frames[0].length, decoded.frames[40].length);
  assert.equal(pixelsApart(alone.frames[0], decoded.frames[40], 4), 0, 'frame 40 drawn over the others is step 40');
  assert.ok(pixelsApart(alone.frames[0], decoded.frames[39], 4) > 20);
  assert.ok(gif.bytes.length < 41 * alone.frames[0].length / 40, `${gif.bytes.length} bytes: frames are not whole pictures`);
  assert.deepEqual(errors, []);
});

test('shaped grids and the distance map animate too', async () => {
  const { page, errors } = await suite.open('?generator=wilson&solver=bfs&shape=hex&width=12&height=9&seed=2&distances=start');
  const gif = decodeGif((await saveAnimation(page, 'GIF', { from: 0, to: 30, spf: 3, size: 320 })).bytes);
  assert.equal(gif.frames.length, 11);
  assert.ok(pixelsApart(gif.frames[0], gif.frames[10], 16) > 50, 'the maze grows');
  const video = readWebm(new Uint8Array((await saveAnimation(page, 'Video (WebM)', { from: 0, to: 30, spf: 3, size: 320 })).bytes));
  assert.equal(video.blocks.length, 11);
  assert.deepEqual(errors, []);
});

test('the learner\'s run stays at its step while an animation is made', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=7&seed=21');
  await page.evaluate(() => window.mazestep.controller.seek(7));
  await page.waitForFunction(() => window.mazestep.controller.run.steps() === 7);
  await saveAnimation(page, 'GIF', { from: 20, to: 30, spf: 1, size: 320 });
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.steps()), 7);
  assert.deepEqual(errors, []);
});

test('a WebM of steps 10..70, two steps a frame, holds 31 frames the browser decodes', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=10&height=7&seed=21');
  const video = await saveAnimation(page, 'Video (WebM)', { from: 10, to: 70, spf: 2, fps: 10, size: 480 });
  assert.equal(video.name, 'mazestep-kruskal-10x7-seed21-steps10-70.webm');
  const webm = readWebm(new Uint8Array(video.bytes));
  assert.equal(webm.docType, 'webm');
  assert.equal(webm.blocks.length, 31);
  assert.ok(webm.blocks[0].key, 'starts with a key frame');
  assert.ok(webm.width > 300 && webm.width <= 480 && webm.width % 2 === 0, `width ${webm.width}`);
  // The browser's VP8 decoder turns every block into a frame of that size.
  const decoded = await page.evaluate(async (blocks) => {
    const frames = [];
    const decoder = new VideoDecoder({
      output: (frame) => {
        frames.push([frame.codedWidth, frame.codedHeight]);
        frame.close();
      },
      error: (err) => frames.push(String(err)),
    });
    decoder.configure({ codec: 'vp8' });
    blocks.forEach(([key, b64], i) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      decoder.decode(new EncodedVideoChunk({ type: key ? 'key' : 'delta', timestamp: i * 100_000, data }));
    });
    await decoder.flush();
    return frames;
  }, webm.blocks.map((b) => [b.key, Buffer.from(b.data).toString('base64')]));
  assert.equal(decoded.length, 31);
  assert.ok(decoded.every((f) => Array.isArray(f) && f[0] === webm.width && f[1] === webm.height), JSON.stringify(decoded[0]));
  // And a <video> element reads the file: its size and its length (31 frames at 10 a second).
  const meta = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const v = document.createElement('video');
    v.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
    await new Promise((resolve, reject) => {
      v.onloadedmetadata = resolve;
      v.onerror = () => reject(new Error(`video error ${v.error?.code}`));
    });
    return [v.videoWidth, v.videoHeight, v.duration];
  }, video.bytes.toString('base64'));
  assert.deepEqual(meta.slice(0, 2), [webm.width, webm.height]);
  assert.ok(Math.abs(meta[2] - 3.1) < 0.05, `duration ${meta[2]}`);
  assert.deepEqual(errors, []);
});

test('Cancel stops at once, saves nothing, and the page goes on working', async () => {
  const { page, errors } = await suite.open('?generator=recursive-backtracker&solver=bfs&width=60&height=40&seed=3');
  let downloads = 0;
  page.on('download', () => downloads++);
  await openPanel(page);
  await fillFields(page, { from: 0, to: 1999, spf: 1, size: 960 });
  await page.getByRole('button', { name: 'GIF', exact: true }).click();
  await page.waitForFunction(() => Number(document.getElementById('anim-bar').value) >= 3);
  assert.equal(await page.getByRole('button', { name: 'GIF', exact: true }).isDisabled(), true);
  await page.getByRole('button', { name: 'Cancel the animation' }).click();
  await page.waitForFunction(() => document.getElementById('anim-work').hidden);
  const done = await page.evaluate(() => Number(document.getElementById('anim-bar').value));
  assert.ok(done < 1000, `stopped at frame ${done}`);
  assert.match(await page.locator('#anim-note').textContent(), /Cancelled/);
  assert.equal(downloads, 0);
  assert.equal(await page.getByRole('button', { name: 'GIF', exact: true }).isDisabled(), false);
  // The page answers: a step is a step.
  const before = await page.evaluate(() => window.mazestep.controller.run.steps());
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  assert.equal(await page.evaluate(() => window.mazestep.controller.run.steps()), before + 1);
  // And a second animation can be made.
  const gif = await saveAnimation(page, 'GIF', { from: 0, to: 4, spf: 1, size: 320 });
  assert.equal(decodeGif(gif.bytes).frames.length, 5);
  assert.deepEqual(errors, []);
});

test('bad values get a clear message and nothing is made', async () => {
  const { page, errors } = await suite.open('?generator=kruskal&solver=bfs&width=40&height=30&seed=4');
  await page.waitForFunction(() => window.mazestep.controller.run.knownTotal() > 0);
  const n = (v) => v.toLocaleString('en-US');
  const total = await page.evaluate(() => window.mazestep.controller.run.knownTotal());
  await openPanel(page);
  const problem = page.locator('#anim-problem');
  const tryWith = async (fields) => {
    await fillFields(page, fields);
    await page.getByRole('button', { name: 'GIF', exact: true }).click();
    await page.waitForFunction(() => !document.getElementById('anim-problem').hidden);
    return problem.textContent();
  };
  assert.equal(await tryWith({ from: 50, to: 10, spf: 1 }), 'From (50) must not be after To (10).');
  assert.equal(await tryWith({ from: 0, to: 10, spf: 0 }),
    "Steps per frame '0' is not allowed: use a whole number from 1 to 1,000,000.");
  assert.equal(await tryWith({ spf: 1, fps: 2.5 }),
    "Frames per second '2.5' is not allowed: use a whole number from 1 to 50.");
  assert.equal(await tryWith({ fps: 10, from: total + 5, to: '' }),
    `From ${n(total + 5)} is past the end of this run, which has ${n(total)} steps.`);
  // More than 2000 frames: it says how many steps per frame would do.
  assert.ok(total > 2000, `total ${total}`);
  const least = Math.ceil(total / 1999);
  assert.equal(await tryWith({ from: 0, to: '', spf: 1 }),
    `That would be ${n(total + 1)} frames, and at most ${n(2000)} are saved: use ${least} steps per frame or more, or a shorter stretch.`);
  // Wrong JS types through the API: a message, no exception.
  const viaApi = await page.evaluate(async () => {
    const out = await window.mazestep.animations.save('gif', { from: {}, to: null, spf: [], fps: 'x', size: 7, loop: 1 });
    return [out, document.getElementById('anim-problem').textContent];
  });
  assert.equal(viaApi[0], null);
  assert.match(viaApi[1], /^From step '\[object Object\]' is not allowed.* Steps per frame '' is not allowed.* Frames per second 'x' is not allowed.* Size '7' is not allowed/);
  // A To past the end is saved to the end, and the note says so.
  const gif = await saveAnimation(page, 'GIF', { from: total - 3, to: total + 100, spf: 1, size: 320 });
  assert.equal(decodeGif(gif.bytes).frames.length, 4);
  assert.match(await page.locator('#anim-note').textContent(), new RegExp(`To ${n(total + 100)} is past the end`));
  assert.deepEqual(errors, []);
});

test('axe finds no WCAG 2.1 A/AA violation in the animation panel, at work and with a problem', async () => {
  const { page, errors } = await suite.open('?generator=recursive-backtracker&solver=bfs&width=60&height=40&seed=3',
    { width: 390, height: 844 });
  await page.addScriptTag({ content: readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8') });
  const axe = () => page.evaluate(async () => {
    const result = await window.axe.run({ include: ['#anim'] }, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  });
  await openPanel(page);
  await fillFields(page, { from: 0, to: 1999, spf: 1, size: 960 });
  await page.getByRole('button', { name: 'GIF', exact: true }).click();
  await page.waitForFunction(() => Number(document.getElementById('anim-bar').value) >= 2);
  assert.deepEqual(await axe(), [], 'at work');
  // Escape in the panel cancels too.
  await page.locator('#anim-cancel').focus();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('anim-work').hidden);
  assert.ok(await page.evaluate(() => Number(document.getElementById('anim-bar').value)) < 1000);
  assert.match(await page.locator('#anim-note').textContent(), /Cancelled/);
  await fillFields(page, { from: 9, to: 3 });
  await page.getByRole('button', { name: 'GIF', exact: true }).click();
  await page.waitForFunction(() => !document.getElementById('anim-problem').hidden);
  assert.deepEqual(await axe(), [], 'with a problem');
  assert.deepEqual(errors, []);
});

test('without a VP8 encoder the video button is off and says why, once the box is opened', async () => {
  const context = suite.browser.context;
  const page = await context.newPage();
  await page.addInitScript(() => {
    delete window.VideoEncoder;
  });
  await page.goto(`${suite.server.url}?generator=kruskal&solver=bfs&width=8&height=6&seed=1`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  // Nothing is asked at load (see the next test): the button waits for the box to open.
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#save-webm').isDisabled(), false);
  await page.locator('#anim summary').click();
  await page.waitForFunction(() => document.getElementById('save-webm').disabled);
  assert.match(await page.locator('#anim-note').textContent(), /cannot make WebM video/);
  assert.equal(await page.evaluate(() => window.mazestep.animations.save('webm')), null);
  await page.close();
});

test('the VP8 encoder is asked about when an animation is asked for, not at load', async () => {
  // WebKitGTK's web process can crash on that question (export-anim.js), so the page must draw
  // and play without ever asking it; opening the Animation box asks, once.
  const page = await suite.browser.context.newPage();
  await page.addInitScript(() => {
    window.vp8Asked = 0;
    const ask = VideoEncoder.isConfigSupported.bind(VideoEncoder);
    VideoEncoder.isConfigSupported = (config) => {
      window.vp8Asked++;
      return ask(config);
    };
  });
  await page.goto(`${suite.server.url}?generator=kruskal&solver=bfs&width=8&height=6&seed=1`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(() => /\bdone\b/i.test(document.querySelector('[role=status]').textContent));
  assert.equal(await page.evaluate(() => window.vp8Asked), 0, 'asked at load or while playing');
  await page.locator('#anim summary').click();
  await page.waitForFunction(() => window.vp8Asked === 1);
  await page.locator('#anim summary').click();
  await page.locator('#anim summary').click();
  await page.waitForTimeout(100);
  assert.equal(await page.evaluate(() => window.vp8Asked), 1, 'asked again');
  assert.equal(await page.locator('#save-webm').isDisabled(), false);
  await page.close();
});

test('the single file from disk makes a GIF', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'mazestep-anim-'));
  try {
    const out = join(folder, 'mazestep.html');
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-offline.mjs'), '--out', out], { encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    const page = await suite.browser.context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const refused = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
      refused.push(url);
      return route.abort();
    });
    await page.goto(`${pathToFileURL(out).href}?generator=kruskal&solver=bfs&width=8&height=6&seed=5`);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const gif = await saveAnimation(page, 'GIF', { from: 0, to: 12, spf: 3, size: 320 });
    assert.equal(gif.name, 'mazestep-kruskal-8x6-seed5-steps0-12.gif');
    assert.equal(decodeGif(gif.bytes).frames.length, 5);
    assert.deepEqual(refused, []);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
