// The clock and the phase state machine of the page:
//
//   idle --play--> running --pause--> paused --play--> running --(run ends)--> done
//     \---step---> paused (one step at a time)        any setting change --> idle
//
// One run is one timeline (generation, then the solver if one is chosen, then the player),
// owned by the wasm module. The controller never steps it one call per step: once per
// animation frame it asks for as many steps as the speed allows, in a single advance(n).
//
// Going back: back() and seek(k) move every run to an exact earlier (or later) step; the core
// restores it from its checkpoints, so stepping on from there gives the same run again.
// Bounds: settings.from / settings.to (embed mode) keep playing between two steps, and
// settings.loop starts again from `from` after a short pause at the end.
//
// Race: with settings.race set to a solver name, a second run (the partner) is made from the
// same settings with that solver, so its maze is generated identically. Every frame both get
// the same advance(n), one call each; the page is done when both are.

/** Settings that define the maze; changing one starts a new run. */
const RUN_KEYS = ['generator', 'braid', 'solver', 'race', 'width', 'height', 'seed', 'start', 'goal'];

// Longest frame gap the clock counts: after a hidden tab or a debugger pause the run carries
// on where it was instead of jumping ahead by minutes.
const MAX_FRAME_SECONDS = 0.1;

// advance() takes a 32-bit count.
const MAX_BATCH = 0x7fffffff;

// How long a looping animation rests on its last step before starting again.
const LOOP_PAUSE_MS = 1200;

export class Controller {
  /**
   * @param {object} options
   * @param {(settings: object) => object} options.createRun  makes a MazeRun (may throw)
   * @param {object} options.settings  validated initial settings
   * @param {object} options.hooks  { frame(run, state), state(state), settings(settings), error(message) }
   * @param {(cb: FrameRequestCallback) => number} [options.requestFrame]
   */
  constructor({ createRun, settings, hooks, requestFrame = (cb) => requestAnimationFrame(cb) }) {
    this.createRun = createRun;
    this.hooks = hooks;
    this.requestFrame = requestFrame;
    this.settings = { ...settings };
    this.state = 'idle';
    this.run = null;
    this.partner = null; // the race partner's run, or null
    this.budget = 0;
    this.lastTime = null;
    this.frameHandle = null;
    this.restAt = null; // while looping: when the rest at the end began
  }

  /** Builds the first run. Returns false (after reporting) when the settings are refused. */
  start() {
    return this.replaceRun(this.settings);
  }

  /** Applies changed settings; returns false if the wasm module refused them (nothing changes). */
  update(changes) {
    const next = { ...this.settings, ...changes };
    const newRun = RUN_KEYS.some((key) => next[key] !== this.settings[key]);
    if (newRun) {
      if (!this.replaceRun(next)) return false;
    } else {
      this.settings = next;
    }
    this.hooks.settings(this.settings);
    return true;
  }

  replaceRun(settings) {
    let run, partner = null;
    try {
      run = this.createRun(settings);
      if (settings.race && settings.race !== 'none') {
        try {
          partner = this.createRun({ ...settings, solver: settings.race });
        } catch (err) {
          run.free();
          throw err;
        }
      }
    } catch (err) {
      this.hooks.error(err instanceof Error ? err.message : String(err));
      return false;
    }
    if (this.run) this.run.free();
    if (this.partner) this.partner.free();
    this.run = run;
    this.partner = partner;
    this.settings = { ...settings };
    this.setState('idle');
    this.hooks.frame(this.run, this.state, true);
    return true;
  }

  /** Back to the start of the same maze (step 0, or `from` when bounded). */
  reset() {
    if (this.replaceRun(this.settings) && this.settings.from > 0) this.seek(this.settings.from, false);
  }

  play() {
    if (this.state === 'running') return;
    if (this.state === 'done' || this.room() <= 0) this.reset();
    // Start with one step in hand so the first step shows at once, even at 1 step/s.
    this.budget = 1;
    this.lastTime = null;
    this.setState('running');
    this.scheduleFrame();
  }

  pause() {
    if (this.state !== 'running') return;
    this.setState('paused');
  }

  toggle() {
    if (this.state === 'running') this.pause();
    else this.play();
  }

  /** One step, pausing first if running. */
  step() {
    if (this.state === 'done') return;
    if (this.state === 'running' || this.state === 'idle') this.setState('paused');
    this.advance(1);
  }

  /** Undoes exactly one step (of every run on show), pausing first. False at step 0. */
  back() {
    if (this.state === 'running') this.setState('paused');
    let moved = false;
    try {
      for (const run of this.runs()) moved = run.back() || moved;
    } catch (err) {
      this.fail(err);
      return false;
    }
    if (moved) this.settle();
    return moved;
  }

  /** Goes to step k (clamped to the run), forward or back. Pauses a playing run unless `pause` is false. */
  seek(k, pause = true) {
    if (pause && this.state === 'running') this.setState('paused');
    try {
      for (const run of this.runs()) run.seek(k);
    } catch (err) {
      this.fail(err);
      return;
    }
    if (this.state !== 'running') this.settle();
    else this.hooks.frame(this.run, this.state, false);
  }

  /** Steps until a step of event kind `kind` has been done (or the run ends), pausing first. */
  runUntil(kind) {
    if (this.state === 'done') return;
    if (this.state === 'running' || this.state === 'idle') this.setState('paused');
    try {
      const n = this.run.advanceUntil(kind, MAX_BATCH);
      // The race partner keeps step with the main run.
      if (this.partner && this.partner.phase() !== 'done') this.partner.advance(n);
    } catch (err) {
      this.fail(err);
      return;
    }
    this.settle();
  }

  /** After a jump: done if every run is done, else paused; then one frame. */
  settle() {
    this.setState(this.runs().every((run) => run.phase() === 'done') ? 'done' : 'paused');
    this.hooks.frame(this.run, this.state, false);
  }

  /** Steps left before the `to` bound (Infinity when there is none). */
  room() {
    const to = this.settings.to;
    return to === null || to === undefined ? Infinity : to - this.run.steps();
  }

  /** At the end of the run or of its bounds. */
  atEnd() {
    return this.room() <= 0 || this.runs().every((run) => run.phase() === 'done');
  }

  scheduleFrame() {
    if (this.frameHandle !== null) return;
    this.frameHandle = this.requestFrame((time) => {
      this.frameHandle = null;
      this.onFrame(time);
    });
  }

  onFrame(time) {
    if (this.state !== 'running') return;
    const seconds = this.lastTime === null ? 0 : Math.min((time - this.lastTime) / 1000, MAX_FRAME_SECONDS);
    this.lastTime = time;
    if (this.atEnd()) {
      this.endOfBounds(time);
    } else if (this.settings.speed === Infinity && this.room() === Infinity) {
      this.finish();
    } else if (this.settings.speed === Infinity) {
      this.advance(Math.min(this.room(), MAX_BATCH));
    } else {
      this.budget += this.settings.speed * seconds;
      // The epsilon keeps 600 steps/s at 60 fps at 10 per frame, not 9.999… -> 9, then 11.
      const n = Math.min(Math.floor(this.budget + 1e-9), MAX_BATCH, this.room());
      if (n > 0) {
        this.budget -= n;
        this.advance(n);
      }
    }
    if (this.state === 'running') this.scheduleFrame();
  }

  /** Playing has reached `to` or the end: loop after a rest, or stop there. */
  endOfBounds(time) {
    if (!this.settings.loop) {
      this.settle();
      return;
    }
    if (this.restAt === null) this.restAt = time;
    if (time - this.restAt < LOOP_PAUSE_MS) return;
    this.restAt = null;
    this.seek(this.settings.from || 0, false);
    this.budget = 1;
  }

  advance(n) {
    let finished = true;
    try {
      // The same n for each run, one call each, so they step together; a run that is done
      // already is left alone.
      for (const run of this.runs()) {
        if (run.phase() === 'done') continue;
        const done = run.advance(n);
        if (done === n && run.phase() !== 'done') finished = false;
      }
    } catch (err) {
      this.fail(err);
      return;
    }
    // A looping animation keeps running through its end (onFrame rests, then starts again).
    if (finished && !(this.settings.loop && this.state === 'running')) this.setState('done');
    this.hooks.frame(this.run, this.state, false);
  }

  finish() {
    try {
      for (const run of this.runs()) run.finish();
    } catch (err) {
      this.fail(err);
      return;
    }
    if (!(this.settings.loop && this.state === 'running')) this.setState('done');
    this.hooks.frame(this.run, this.state, false);
  }

  /** The runs on show: the main one, then the race partner if there is one. */
  runs() {
    return this.partner ? [this.run, this.partner] : [this.run];
  }

  fail(err) {
    this.setState('paused');
    this.hooks.error(err instanceof Error ? err.message : String(err));
  }

  setState(state) {
    if (state === this.state) return;
    this.state = state;
    this.hooks.state(state);
  }
}
