// Animations to take away: a stretch of steps (from, to) as an animated GIF or a WebM video.
//
// Frames come from the page's own renderers (tiles or shapes), drawn into canvases that are
// never shown, on a copy of the run made from the same settings (same seed, same edits), so
// the learner's run is not touched. The copy seeks to `from` and then advances `steps per
// frame` at a time; the work is cut into slices of about a frame's length with a yield to the
// event loop between them, so the page keeps answering and Cancel stops at once.
//
// GIF: gifenc (www/vendor/gifenc.js, MIT, 9 KB), loaded only when a GIF is made. A maze frame
// has few colours, so each frame gets its exact palette; only a frame of more than 256
// colours (a distance map, antialiased shapes) is quantized.
// WebM: WebCodecs' VP8 VideoEncoder with a small muxer (www/export/webm.js). MediaRecorder on a
// canvas stream was the other way: it records in real time (300 frames at 10 per second take
// 30 s whatever the machine) and cannot promise one video frame per drawn frame. Where the
// browser has no VP8 encoder the WebM button is disabled and says so. Whether it has one is
// asked when the Animation box opens (or WebM is pressed), never at load: in WebKitGTK the
// question itself can crash the web process (see canEncodeWebm), and a page that asks at load
// never draws its first maze there.

import { OVERLAY_MARGIN, Renderer } from '../draw/renderer.js';
import { ShapeRenderer } from '../draw/shape-renderer.js';
import { has, language, onLanguageChange, setLanguage, t, translatePage } from '../words/i18n.js';
import { muxWebm } from './webm.js';
import { shown } from '../words/quote.js';
import { isShaped } from '../run/module-api.js';

export const MAX_FRAMES = 2000;
export const SIZES = [320, 480, 640, 960];
export const MAX_FPS = 50; // GIF delays are in hundredths of a second; browsers slow faster ones
const MAX_STEP = Number.MAX_SAFE_INTEGER;
const BACKGROUND = '#e2e5ea'; // the stage's colour around the maze
const SLICE_MS = 14;

/**
 * Checks the options as typed (strings from the form, or numbers) against a run of `total`
 * steps (-1: not counted yet). Returns { problems } (messages, empty when all is well) and
 * the plan: from, to (null: to the end, when the total is unknown), spf, fps, size, loop,
 * frames (null when unknown), notes (values adjusted, said when saving).
 */
export function planAnimation(raw, total) {
  const problems = [], notes = [];
  const whole = (field, value, min, max, fallback) => {
    // Strings from the form, numbers from code; anything else is refused, not converted.
    const typed = value === undefined || value === null || typeof value === 'string' || typeof value === 'number';
    const text = String(value ?? '').trim();
    if (typed && text === '' && fallback !== undefined) return fallback;
    const n = Number(text);
    if (!typed || text === '' || !Number.isInteger(n) || n < min || n > max) {
      problems.push(t('export.badWhole', { field: t(`export.${field}`), value: shown(text), min, max }));
      return null;
    }
    return n;
  };
  const from = whole('from', raw.from, 0, MAX_STEP, 0);
  let to = whole('to', raw.to, 0, MAX_STEP, null);
  const spf = whole('stepsPerFrame', raw.spf, 1, 1_000_000, 1);
  const fps = whole('fps', raw.fps, 1, MAX_FPS, 10);
  const size = typeof raw.size === 'string' || typeof raw.size === 'number' ? Number(raw.size) : NaN;
  if (!SIZES.includes(size)) problems.push(t('export.badSize', { value: shown(String(raw.size)), sizes: SIZES.join(', ') }));
  if (problems.length > 0) return { problems };
  if (total >= 0 && from > total) return { problems: [t('export.fromPastEnd', { from, total })] };
  if (total >= 0 && (to === null || to > total)) {
    if (to !== null) notes.push(t('export.toPastEnd', { to, total }));
    to = total;
  }
  if (to !== null && from > to) return { problems: [t('export.fromAfterTo', { from, to })] };
  const frames = to === null ? null : Math.ceil((to - from) / spf) + 1;
  if (frames !== null && frames > MAX_FRAMES) {
    const least = Math.ceil((to - from) / (MAX_FRAMES - 1));
    return { problems: [t('export.tooMany', { frames, max: MAX_FRAMES, spf: least })] };
  }
  return { problems, notes, from, to, spf, fps, size, loop: Boolean(raw.loop), frames };
}

/** A renderer drawing into canvases of its own, `size` pixels square at most, one pixel per pixel. */
function offscreenRenderer(Base, doc, memory, size) {
  const Offscreen = class extends Base {
    room() {
      const box = { left: 0, top: 0, width: size, height: size };
      // The overlay's margin is inside the size: the frame is at most size × size.
      return { dpr: 1, box, availW: size - 2 * OVERLAY_MARGIN, availH: size - 2 * OVERLAY_MARGIN };
    }
  };
  const stage = { getBoundingClientRect: () => ({ left: 0, top: 0, width: size, height: size }) };
  const r = new Offscreen(doc.createElement('canvas'), doc.createElement('canvas'), stage, memory);
  // A big maze's whole repaint is done in bands by the page; here all at once.
  r.onPending = () => {
    while (!r.drawMore(1 << 30));
  };
  return r;
}

// A yield to the event loop that background tabs do not slow to once a second (setTimeout does).
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

class Cancelled extends Error {}

// A plan that turned out not to fit the run once it was counted: its message is the problem.
class Refused extends Error {}

/** Whether this browser can encode VP8 (WebCodecs); resolves to false where it cannot. */
export async function canEncodeWebm(doc = document) {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined') return false;
  try {
    // WebKitGTK 2.50 crashes its web process (a GStreamer fault) when WebCodecs is the first
    // user of its media back end in that process; asking a <video> what it plays sets the back
    // end up first, and then VP8 encodes there too. Costs nothing elsewhere.
    doc.createElement('video').canPlayType('video/webm');
    const { supported } = await VideoEncoder.isConfigSupported({ codec: 'vp8', width: 640, height: 480, bitrate: 1_000_000 });
    return Boolean(supported);
  } catch {
    return false;
  }
}

export class AnimationExporter {
  /**
   * @param {Document} doc
   * @param {object} on { run(): MazeRun, settings(): object, createRun(settings): MazeRun,
   *   memory: WebAssembly.Memory, baseName(): string, download(blob, name) }
   */
  constructor(doc, on) {
    this.doc = doc;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      box: $('anim'), from: $('anim-from'), to: $('anim-to'), spf: $('anim-spf'), fps: $('anim-fps'),
      size: $('anim-size'), loop: $('anim-loop'), gif: $('save-gif'), webm: $('save-webm'),
      work: $('anim-work'), bar: $('anim-bar'), text: $('anim-text'), cancel: $('anim-cancel'),
      problem: $('anim-problem'), note: $('anim-note'),
    };
    this.job = null; // { cancelled } while an animation is being made
    this.filledFor = null; // the run the fields were filled for
    this.webmOk = null; // null until asked
    this.webmAsked = null; // the question, once asked (probeWebm)
    for (const size of SIZES) {
      const option = doc.createElement('option');
      option.value = String(size);
      this.el.size.append(option);
    }
    this.el.size.value = '480';
    this.el.box.addEventListener('toggle', () => {
      if (!this.el.box.open) return;
      if (this.on.run() !== this.filledFor) this.fill();
      this.probeWebm();
    });
    this.el.gif.addEventListener('click', () => this.save('gif'));
    this.el.webm.addEventListener('click', () => this.save('webm'));
    this.el.cancel.addEventListener('click', () => this.cancel());
    this.el.box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.job) {
        event.preventDefault();
        event.stopPropagation();
        this.cancel();
      }
    });
    this.translate();
    onLanguageChange(() => this.translate());
    // The page may not have loaded its words yet (nothing else asked for them).
    if (!has('export._')) setLanguage(language()).then(() => this.translate(), () => {});
  }

  /** Asks once whether WebM can be made (when the box opens or WebM is pressed); resolves when known. */
  probeWebm() {
    this.webmAsked ??= canEncodeWebm(this.doc).then((ok) => {
      this.webmOk = ok;
      this.showWebm();
    });
    return this.webmAsked;
  }

  translate() {
    translatePage(this.el.box);
    for (const option of this.el.size.options) option.textContent = t('export.sizeOption', { px: Number(option.value) });
    this.showWebm();
  }

  showWebm() {
    if (this.webmOk === null) return;
    this.el.webm.disabled = !this.webmOk || this.job !== null;
    this.el.webm.title = this.webmOk ? '' : t('export.noWebm');
    if (!this.webmOk && !this.job) this.el.note.textContent = t('export.noWebm');
  }

  /** The fields for the run on show: its timeline selection (from, to), a speed that fits. */
  fill() {
    const run = this.on.run();
    if (!run) return;
    this.filledFor = run;
    const s = this.on.settings();
    const total = run.knownTotal();
    const from = s.from ?? 0;
    const to = s.to ?? (total >= 0 ? total : null);
    this.el.from.value = String(from);
    this.el.to.value = to === null ? '' : String(to);
    // About 200 frames at most by default: a GIF of a few hundred kilobytes.
    this.el.spf.value = String(to === null ? 1 : Math.max(1, Math.ceil((to - from) / 200)));
    if (this.el.fps.value === '') this.el.fps.value = '10';
  }

  cancel() {
    if (this.job) this.job.cancelled = true;
  }

  showProblems(problems) {
    this.el.problem.hidden = problems.length === 0;
    this.el.problem.textContent = problems.join(' ');
  }

  options() {
    const { from, to, spf, fps, size, loop } = this.el;
    return { from: from.value, to: to.value, spf: spf.value, fps: fps.value, size: size.value, loop: loop.checked };
  }

  /** Makes and downloads the animation ('gif' or 'webm'); resolves when done, cancelled or refused. */
  async save(kind, options = this.options()) {
    if (kind === 'webm') {
      await this.probeWebm();
      if (!this.webmOk) {
        this.showProblems([t('export.noWebm')]);
        return null;
      }
    }
    if (this.job) {
      this.showProblems([t('export.busy')]);
      return null;
    }
    const run = this.on.run();
    if (!run) return null;
    const plan = planAnimation(options, run.knownTotal());
    this.showProblems(plan.problems);
    if (plan.problems.length > 0) {
      this.el.note.textContent = '';
      return null;
    }
    const job = { cancelled: false };
    this.job = job;
    this.el.gif.disabled = true;
    this.el.webm.disabled = true;
    this.el.work.hidden = false;
    this.el.note.textContent = '';
    const name = `${this.on.baseName()}-steps${plan.from}-${plan.to ?? 'end'}.${kind}`;
    const started = performance.now();
    let copy = null;
    try {
      copy = this.on.createRun({ ...this.on.settings() });
      const frames = kind === 'gif' ? await this.encodeGif(copy, plan, job) : await this.encodeWebm(copy, plan, job);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.on.download(frames.blob, name);
      this.el.note.textContent = [t('export.saved', { name, frames: frames.count, seconds }), ...plan.notes].join(' ');
      return { name, frames: frames.count, width: frames.width, height: frames.height, ms: performance.now() - started };
    } catch (err) {
      if (err instanceof Cancelled) this.el.note.textContent = t('export.cancelled');
      else if (err instanceof Refused) this.showProblems([err.message]);
      else this.showProblems([t('export.failed', { reason: err instanceof Error ? err.message : String(err) })]);
      return null;
    } finally {
      copy?.free();
      this.job = null;
      this.el.work.hidden = true;
      this.el.gif.disabled = false;
      this.showWebm();
    }
  }

  progress(done, total) {
    if (total === null) this.el.bar.removeAttribute('value');
    else {
      this.el.bar.max = total;
      this.el.bar.value = done;
    }
    this.el.text.textContent = total === null ? t('export.progressOpen', { done }) : t('export.progress', { done, total });
  }

  /**
   * Draws the frames of `plan` on `run` (a copy), calling `take(canvas, i, last)` for each,
   * a slice at a time; throws Cancelled when the job is cancelled.
   */
  async draw(run, plan, job, take) {
    const shaped = isShaped(run);
    const r = offscreenRenderer(shaped ? ShapeRenderer : Renderer, this.doc, this.on.memory, plan.size);
    r.setStyle(this.on.settings().style ?? 'block');
    let sliceStart = performance.now();
    const pause = async () => {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await nextTask();
      if (job.cancelled) throw new Cancelled();
      sliceStart = performance.now();
    };
    this.progress(0, plan.frames);
    // To `from` first, a slice at a time. This counts a run whose length was not known yet:
    // a From past its end is refused here, before any frame.
    let n = 4096;
    while (run.steps() < plan.from && run.phase() !== 'done') {
      const began = performance.now();
      run.seek(plan.from, n);
      const took = performance.now() - began;
      if (took < SLICE_MS / 4) n = Math.min(n * 2, 1 << 24);
      else if (took > SLICE_MS) n = Math.max(256, n >> 1);
      this.el.text.textContent = t('export.toFrom', { from: plan.from, step: run.steps() });
      await pause();
    }
    if (run.steps() < plan.from) throw new Refused(t('export.fromPastEnd', { from: plan.from, total: run.steps() }));
    r.setRun(run);
    const distances = this.on.settings().distances;
    if (distances) {
      const source = distances === 'start' ? run.start() : r.indexOf(distances.split(',').map(Number));
      r.setDistanceFrom(source >= 0 ? source : run.start());
    }
    const { width: ow, height: oh } = r.overlay;
    // Even sides: VP8 and most players want them.
    const frame = this.doc.createElement('canvas');
    frame.width = ow + (ow % 2);
    frame.height = oh + (oh % 2);
    const ctx = frame.getContext('2d', { alpha: false, willReadFrequently: true });
    // The maze canvas sits a margin inside the overlay (renderer.place), shown at its CSS size.
    const m = OVERLAY_MARGIN, cssW = parseFloat(r.canvas.style.width), cssH = parseFloat(r.canvas.style.height);
    const compose = () => {
      ctx.fillStyle = BACKGROUND;
      ctx.fillRect(0, 0, frame.width, frame.height);
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(r.canvas, m, m, cssW, cssH);
      ctx.drawImage(r.overlay, 0, 0);
    };
    const limit = plan.to ?? Infinity;
    let i = 0;
    for (;;) {
      compose();
      const last = run.steps() >= limit || run.phase() === 'done' || i + 1 >= MAX_FRAMES;
      await take(frame, i, last);
      i++;
      this.progress(i, plan.frames);
      if (last) break;
      await pause();
      let want = Math.min(plan.spf, limit - run.steps());
      // A long stretch per frame in pieces; then the dirty list covers only the last piece.
      const pieces = want > 4096;
      while (want > 0) {
        const n = Math.min(want, 4096);
        const done = run.advance(n);
        want -= n;
        if (done < n) break;
        if (pieces) await pause();
      }
      if (pieces) r.drawAll();
      else r.draw();
    }
    r.setRun(null);
    return { count: i, width: frame.width, height: frame.height };
  }

  async encodeGif(run, plan, job) {
    const gifenc = await import('../vendor/gifenc.js');
    const gif = gifenc.GIFEncoder();
    const frameMs = 1000 / plan.fps;
    let previous = null;
    const drawn = await this.draw(run, plan, job, (canvas, i, last) => {
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const { index, palette, transparent, transparentIndex } = indexFrame(data, gifenc, previous);
      previous = new Uint32Array(data.buffer);
      // While looping, the last frame rests a second so the end can be seen.
      const delay = last && plan.loop ? Math.max(frameMs, 1000) : frameMs;
      // dispose 1: each frame stays, the next is drawn over it (its transparent pixels show it).
      gif.writeFrame(index, canvas.width, canvas.height, {
        palette, delay, repeat: plan.loop ? 0 : -1, transparent, transparentIndex, dispose: 1,
      });
    });
    gif.finish();
    return { ...drawn, blob: new Blob([gif.bytesView()], { type: 'image/gif' }) };
  }

  async encodeWebm(run, plan, job) {
    const chunks = [];
    let failure = null;
    const encoder = new VideoEncoder({
      output: (chunk) => {
        const data = new Uint8Array(chunk.byteLength);
        chunk.copyTo(data);
        chunks.push({ data, timestamp: chunk.timestamp, key: chunk.type === 'key' });
      },
      error: (err) => {
        failure = err;
      },
    });
    const frameUs = 1e6 / plan.fps;
    try {
      const drawn = await this.draw(run, plan, job, async (canvas, i) => {
        if (failure) throw failure;
        if (i === 0) {
          encoder.configure({
            codec: 'vp8', width: canvas.width, height: canvas.height, framerate: plan.fps,
            // libvpx's real-time settings: 5 to 10 times faster here than 'quality' (tests/perf).
            latencyMode: 'realtime',
            // Flat colours and sharp edges: a generous rate keeps the walls crisp.
            bitrate: Math.max(1_000_000, Math.round(canvas.width * canvas.height * plan.fps * 0.5)),
          });
        }
        const frame = new VideoFrame(canvas, { timestamp: Math.round(i * frameUs), duration: Math.round(frameUs) });
        // A key frame every 5 s of video, so players can seek.
        encoder.encode(frame, { keyFrame: i % (plan.fps * 5) === 0 });
        frame.close();
        // Wait for the encoder (its 'dequeue' event) rather than poll: polling takes the CPU
        // the encoder's threads need.
        while (encoder.encodeQueueSize > 8) {
          await new Promise((resolve) => {
            if ('ondequeue' in encoder) encoder.addEventListener('dequeue', resolve, { once: true });
            else setTimeout(resolve, 5);
          });
          if (failure) throw failure;
          if (job.cancelled) throw new Cancelled();
        }
      });
      await encoder.flush();
      if (failure) throw failure;
      chunks.sort((a, b) => a.timestamp - b.timestamp);
      const bytes = muxWebm(chunks, { width: drawn.width, height: drawn.height, frameMs: frameUs / 1000 });
      return { ...drawn, count: chunks.length, blob: new Blob([bytes], { type: 'video/webm' }) };
    } finally {
      if (encoder.state !== 'closed') encoder.close();
    }
  }
}

/**
 * A frame as palette indices: its exact colours when there are at most 255 (a maze frame
 * usually has a dozen), else gifenc's quantizer. Given the previous frame's pixels, the
 * pixels that did not change get the transparent index instead, so a step that changes two
 * cells costs a few bytes, not a picture (the frame is drawn over the last one).
 */
export function indexFrame(rgba, gifenc, previous = null) {
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
  const index = new Uint8Array(px.length);
  const seen = new Map();
  const palette = [];
  let last = -1, lastIndex = 0;
  for (let i = 0; i < px.length; i++) {
    const c = px[i];
    if (previous !== null && previous[i] === c) {
      index[i] = 255;
      continue;
    }
    if (c !== last) {
      let k = seen.get(c);
      if (k === undefined) {
        if (palette.length === 255) return quantizedFrame(rgba, gifenc, px, previous);
        k = palette.length;
        seen.set(c, k);
        palette.push([c & 255, (c >>> 8) & 255, (c >>> 16) & 255]);
      }
      last = c;
      lastIndex = k;
    }
    index[i] = lastIndex;
  }
  // The transparent index right after the colours used: the table stays small.
  if (previous !== null && palette.length < 255) {
    const clear = palette.length;
    for (let i = 0; i < index.length; i++) if (index[i] === 255) index[i] = clear;
    palette.push([0, 0, 0]);
    return { index, palette, transparent: true, transparentIndex: clear };
  }
  return finish(index, palette, previous !== null);
}

function quantizedFrame(rgba, gifenc, px, previous) {
  const palette = gifenc.quantize(rgba, 255, { format: 'rgb565' });
  const index = gifenc.applyPalette(rgba, palette, 'rgb565');
  if (previous !== null) for (let i = 0; i < px.length; i++) if (previous[i] === px[i]) index[i] = 255;
  return finish(index, palette, previous !== null);
}

// A full table: the transparent index is 255, the table filled up to it.
function finish(index, palette, transparent) {
  if (!transparent) return { index, palette, transparent: false, transparentIndex: 0 };
  while (palette.length < 256) palette.push([0, 0, 0]);
  return { index, palette, transparent: true, transparentIndex: 255 };
}
