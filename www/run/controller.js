// The clock and the phase state machine of the page:
//
//   idle --play--> running --pause--> paused --play--> running --(run ends)--> done
//     \---step---> paused (one step at a time)        any setting change --> idle
//
// One run is one timeline (generation, then the solver if one is chosen, then the player),
// owned by the wasm module. The controller never steps it one call per step: once per
// animation frame it asks for as many steps as the speed allows.
//
// Never freeze: every call into the run is bounded. Work that can take long (playing at full
// speed, seeking, Back, running to the next event, laying out the timeline) runs a slice per
// animation frame, about SLICE_MS of it, so clicks and keys are answered between slices at any
// maze size. The wasm module's calls take step limits, not times: a Slicer learns how many
// steps fit in a slice from how long the last calls took. This keeps the zero-copy read of
// wasm memory (a worker would need shared memory, and so cross-origin isolation headers, which
// the single-file offline page and many embedding sites cannot send).
//
// A job (seek, Back, next event) shows progress once it has taken PROGRESS_AFTER_MS, and is
// cancelled by Cancel, Escape, Pause, Reset, Step, or any setting change; the run then stays
// at the exact step it had reached. Laying out the timeline is background work: it uses what
// is left of each frame and never blocks anything.
//
// Race: with settings.race naming up to three lanes (settings.js, parseRace), a run per lane
// (the partners) is made from the same settings with that lane's solver, heuristic and
// weight, so its maze is generated identically. Every run gets the same steps, one call each;
// the page is done when all are.

import { t } from '../words/i18n.js';
import { say } from '../words/core-words.js';
import { goalList, isExit, raceLanes } from './settings.js';

/** Settings that define the maze; changing one starts a new run. */
const RUN_KEYS = ['generator', 'knobs', 'braid', 'density', 'solver', 'race', 'shape', 'width', 'height', 'mask', 'seed', 'start', 'goal',
  'goals', 'via', 'edits', 'corners', 'heuristic', 'weight', 'exit', 'ends'];

// What a live re-solve may change without a new run (see rework).
const WORLD_KEYS = ['edits', 'start', 'goal', 'goals', 'via'];

// Settings of the search alone: changing only these keeps the generated maze (and its edits),
// and the new run opens where its search begins instead of replaying generation (see update).
export const SEARCH_KEYS = ['solver', 'race', 'corners', 'heuristic', 'weight', 'exit', 'ends'];

// Longest frame gap the clock counts: after a hidden tab or a debugger pause the run carries
// on where it was instead of jumping ahead by minutes.
const MAX_FRAME_SECONDS = 0.1;

// Largest step count one call is given.
const MAX_BATCH = 0x7fffffff;

// Milliseconds of work per animation frame: leaves the rest of a 60 Hz frame for drawing.
export const SLICE_MS = 10;

// Background chores get at least this much of every frame.
const CHORE_MIN_MS = 4;

// A job shows its progress bar and Cancel once it has run this long.
export const PROGRESS_AFTER_MS = 400;

// How long a looping animation rests on its last step before starting again.
const LOOP_PAUSE_MS = 1200;

// Mazes up to this many cells lay out their timeline in the background as soon as a run is
// made; bigger ones when the timeline is first touched or Back is first used.
export const EAGER_TIMELINE_CELLS = 40_000;

/**
 * Learns how many steps fit in a slice of time. `run(work, ms)` calls `work(n)` until it
 * says it has finished or about `ms` milliseconds have passed, doubling n after quick calls
 * and halving it after slow ones.
 */
export class Slicer {
  constructor(first = 256) {
    this.n = first;
  }

  run(work, ms, now = () => performance.now()) {
    const began = now();
    this.calls = 0;
    for (;;) {
      const callAt = now();
      this.calls++;
      if (work(this.n)) return true;
      const took = now() - callAt;
      if (took < ms / 8) this.n = Math.min(this.n * 2, MAX_BATCH);
      else if (took > ms / 2) this.n = Math.max(1, Math.floor(this.n / 2));
      if (now() - began >= ms) return false;
    }
  }
}

export class Controller {
  /**
   * @param {object} options
   * @param {(settings: object) => object} options.createRun  makes a MazeRun (may throw)
   * @param {object} options.settings  validated initial settings
   * @param {object} options.hooks  { frame(run, state, fresh, { urgent, partial, working }),
   *   state(state), settings(settings), error(message), progress(job | null),
   *   total(run, total | null, laid), world(settings) (optional: after a live re-solve, only
   *   the edits, start and goal changed) }. A frame is `reworked` after a live re-solve. A frame is `partial` when the run's dirty list does not
   *   cover every change since the last frame (several calls were made): redraw it all.
   * @param {(cb: FrameRequestCallback) => number} [options.requestFrame]
   */
  constructor({ createRun, settings, hooks, requestFrame = (cb) => requestAnimationFrame(cb) }) {
    this.createRun = createRun;
    this.hooks = hooks;
    this.requestFrame = requestFrame;
    this.settings = { ...settings };
    this.state = 'idle';
    this.run = null;
    this.partners = []; // the race's other lanes' runs, in lane order
    this.budget = 0;
    this.lastTime = null;
    this.frameHandle = null;
    this.restAt = null; // while looping: when the rest at the end began
    this.job = null; // the long action in progress, if any (see startJob)
    this.partial = false; // several calls since the last frame: its dirty list is not enough
    this.preparing = false; // a run is measuring the hardest ends before its search (shown as work)
    this.shownPreparing = false;
    this.timeline = null; // { runs: [...], done: boolean } while the timeline is laid
    this.chores = new Map(); // name -> work(n) => finished: other background work
    this.slicers = { play: new Slicer(), quiet: new Slicer(4096), seek: new Slicer(4096), until: new Slicer(), lay: new Slicer(4096) };
  }

  /** Builds the first run. Returns false (after reporting) when the settings are refused. */
  start() {
    return this.replaceRun(this.settings);
  }

  /**
   * Applies changed settings; returns false if the wasm module refused them (nothing changes).
   * A change of the search alone (solver, race partner, diagonal moves, heuristic, weight)
   * keeps the maze: the new run is taken at once, a slice per frame if it is big, to the step
   * the old one had reached in generation, or to where its search begins (one step in when
   * there are edits, which enter the world with the search's first step), and a playing run
   * plays on from there.
   */
  update(changes) {
    const next = { ...this.settings, ...changes };
    const changed = RUN_KEYS.filter((key) => next[key] !== this.settings[key]);
    if (changed.length > 0) {
      const keep = changed.every((key) => SEARCH_KEYS.includes(key)) ? this.searchStart(next) : 0;
      const playing = this.state === 'running';
      if (!this.replaceRun(next)) return false;
      if (keep > 0) {
        this.seek(keep, {
          pause: false,
          label: t('page.jobKeepMaze'),
          done: () => {
            if (playing) this.play();
          },
        });
      }
    } else {
      // Any setting change stops long work where it is (a new run stops it anyway).
      this.cancelJob(true);
      this.settings = next;
    }
    this.hooks.settings(this.settings);
    return true;
  }

  /**
   * The step a new run with these settings should open at to show the maze on show: the
   * step reached if it is still generating, else the end of generation (plus one with edits),
   * within the `to` bound. 0 when there is nothing to keep.
   */
  searchStart(next) {
    const run = this.run;
    if (!run) return 0;
    const target = safe(() => {
      const phase = run.phase();
      if (phase === 'generating' || phase === 'braiding') return run.steps();
      const generated = run.phaseSteps('generating') + run.phaseSteps('braiding');
      return generated + (next.edits && next.solver !== 'none' ? 1 : 0);
    }, 0);
    const to = next.to;
    return to === null || to === undefined ? target : Math.min(target, to);
  }

  replaceRun(settings) {
    let run;
    const partners = [];
    try {
      run = this.createRun(settings);
      try {
        for (const lane of raceLanes(settings)) partners.push(this.createRun({ ...settings, ...lane, race: 'none' }));
      } catch (err) {
        for (const made of [run, ...partners]) made.free();
        throw err;
      }
    } catch (err) {
      this.hooks.error(messageOf(err));
      return false;
    }
    this.cancelJob(false);
    this.timeline = null;
    this.chores.clear();
    for (const old of this.run ? this.runs() : []) old.free();
    this.run = run;
    this.partners = partners;
    this.settings = { ...settings };
    this.restAt = null;
    this.setState('idle');
    this.hooks.frame(this.run, this.state, true);
    if (run.cellCount <= EAGER_TIMELINE_CELLS) this.layTimeline();
    return true;
  }

  /**
   * The live re-solve: an edit of the world, or a new start or goal, on a maze already
   * generated. Each run searches again on the maze generation left (MazeRun.rework), to the
   * end, within the frame; where it cannot (still generating, no solver, a maze too big to
   * keep) a new run is made from the changed settings and run to the end. Returns false when
   * the changes were refused (nothing changes).
   */
  rework(changes) {
    const next = { ...this.settings, ...changes };
    const others = RUN_KEYS.filter((key) => !WORLD_KEYS.includes(key));
    // The run keeps an end's gap in the outer wall when given no cell for it, and a cell
    // replaces the gap; a gap added, moved or taken away makes a new run. The presets' ends
    // are placed again by the run itself, as a new run places them.
    const gapKept = (which) => (isExit(next[which])
      ? next[which] === this.settings[which]
      : !(isExit(this.settings[which]) && !next[which]));
    const cells = (s) => ({ ...s, start: isExit(s.start) ? '' : s.start, goal: isExit(s.goal) ? '' : s.goal });
    const live = others.every((key) => next[key] === this.settings[key]) && gapKept('start') && gapKept('goal') &&
      this.runs().every((run) => safe(() => run.canRework(), false));
    this.cancelJob(false);
    if (live) {
      try {
        const n = cells(next);
        for (const run of this.runs()) run.reworkStops(n.edits, n.start, goalList(n), n.via);
      } catch (err) {
        // A partner that failed after the main run succeeded: the settings of both again.
        for (const run of this.runs()) {
          const s = cells(this.settings);
          safe(() => run.reworkStops(s.edits, s.start, goalList(s), s.via));
        }
        this.hooks.error(messageOf(err));
        this.partial = true;
        this.frame({ urgent: true });
        return false;
      }
      this.settings = next;
      this.timeline = null;
      this.setState('done');
      this.partial = true;
      // The maze's statistics follow in the background: the edit's frame is the search and the picture.
      this.hooks.frame(this.run, this.state, false, { urgent: true, partial: true, reworked: true });
      this.partial = false;
      // Only the world changed: its own light hook when there is one (the settings hook
      // refreshes every control, which took half of an edit's frame).
      if (this.hooks.world) this.hooks.world(this.settings);
      else this.hooks.settings(this.settings);
      if (this.run.cellCount <= EAGER_TIMELINE_CELLS) this.layTimeline();
      return true;
    }
    if (!this.replaceRun(next)) return false;
    this.hooks.settings(this.settings);
    this.finishSoon();
    return true;
  }

  /** Runs every run to its end, a slice per frame (the "solve only" way into editing). */
  finishSoon(done) {
    if (this.runs().every((run) => run.phase() === 'done')) {
      this.settle();
      done?.();
      return;
    }
    const total = this.run.knownTotal();
    this.seek(total >= 0 ? total : Infinity, { label: t('page.jobRunToEnd'), done });
  }

  /** Back to the start of the same maze (step 0, or `from` when bounded). */
  reset() {
    if (this.replaceRun(this.settings) && this.settings.from > 0) this.seek(this.settings.from, { pause: false });
  }

  play() {
    // No run yet (a big maze's is made in a task of its own while the page starts): nothing to play.
    if (this.state === 'running' || !this.run) return;
    this.cancelJob(false);
    if (this.state === 'done' || this.room() <= 0) this.reset();
    // Start with one step in hand so the first step shows at once, even at 1 step/s.
    this.budget = 1;
    this.lastTime = null;
    this.setState('running');
    this.scheduleFrame();
  }

  pause() {
    if (this.job) {
      this.cancelJob(true);
      return;
    }
    if (this.state !== 'running') return;
    this.setState('paused');
  }

  toggle() {
    if (this.state === 'running' || this.job) this.pause();
    else this.play();
  }

  /** One step, pausing first if running. */
  step() {
    if (!this.run) return;
    this.cancelJob(false);
    if (this.state === 'done') return;
    if (this.state === 'running' || this.state === 'idle') this.setState('paused');
    this.advanceAll(1, false);
    this.afterWork(false);
  }

  /**
   * Undoes exactly one step (of every run on show), pausing first. Pressed again while a
   * Back is still on its way, it aims one step further back. False at step 0.
   */
  back() {
    if (!this.run) return false;
    if (this.state === 'running') this.setState('paused');
    const from = this.job?.kind === 'seek' ? this.job.target : this.run.steps();
    if (from <= 0) return false;
    // Steps are taken back from each run's history. Past it Back replays from a checkpoint,
    // which a big maze keeps only once its timeline is laid: start laying it then.
    if (this.runs().some((run) => run.undoable() < run.steps() - (from - 1))) this.layTimeline();
    this.seek(from - 1, { label: t('page.jobBack') });
    return true;
  }

  /**
   * Goes to step k (clamped to the run), forward or back, a slice per frame. Pauses a playing
   * run unless `pause` is false. `done(reached)` is called when it arrives (not if cancelled).
   */
  seek(k, { pause = true, label = t('page.jobGoTo', { step: k }), done } = {}) {
    if (!this.run) return;
    if (pause && this.state === 'running') this.setState('paused');
    const target = k;
    let low = Math.min(this.run.steps(), target);
    this.startJob({
      kind: 'seek',
      target,
      label,
      slicer: this.slicers.seek,
      slice: (n) => {
        let arrived = true;
        for (const run of this.runs()) {
          const at = run.seek(target, n);
          if (at !== target && run.phase() !== 'done') arrived = false;
        }
        low = Math.min(low, this.run.steps());
        return arrived;
      },
      // Towards an end not known yet (Infinity): the steps so far, no fraction.
      progress: () => (Number.isFinite(target) && target > low ? (this.run.steps() - low) / (target - low) : null),
      finished: () => {
        if (this.state !== 'running') this.settle();
        else this.frame();
        done?.(this.run.steps());
      },
    });
  }

  /** Steps until a step of event kind `kind` has been done (or the run ends), pausing first. */
  runUntil(kind) {
    if (!this.run) return;
    this.cancelJob(false);
    if (this.state === 'done') return;
    if (this.state === 'running' || this.state === 'idle') this.setState('paused');
    const began = this.run.steps();
    this.startJob({
      kind: 'until',
      label: t('page.jobNextEvent'),
      slicer: this.slicers.until,
      slice: (n) => {
        // The hardest ends measured a slice at a time before the search's first step.
        if (!this.runs().every((run) => run.phase() === 'done' || run.prepareEnds())) return false;
        const done = this.run.advanceUntil(kind, n);
        // The race's other lanes keep step with the main run.
        for (const partner of this.partners) if (partner.phase() !== 'done') partner.advance(done);
        return done < n || this.run.lastEvent() === kind || this.run.phase() === 'done';
      },
      progress: () => null,
      steps: () => this.run.steps() - began,
      finished: () => this.settle(),
    });
  }

  /**
   * `n` steps at once, pausing first: for tests and the benchmark page, which want a known
   * number of steps in one call. The page's own buttons go through step(), play() and jobs.
   */
  advance(n) {
    this.cancelJob(false);
    if (this.state === 'running' || this.state === 'idle') this.setState('paused');
    try {
      this.advanceAll(n, false);
    } catch (err) {
      this.fail(err);
      return;
    }
    this.afterWork(false);
  }

  /** The whole run at once (journal off): for tests and the benchmark page, like advance(). */
  finish() {
    this.cancelJob(false);
    try {
      for (const run of this.runs()) run.finish();
    } catch (err) {
      this.fail(err);
      return;
    }
    this.partial = true;
    this.afterWork(false);
  }

  /** After a jump: done if every run is done, else paused; then one frame. */
  settle() {
    this.setState(this.runs().every((run) => run.phase() === 'done') ? 'done' : 'paused');
    this.frame({ urgent: true });
    this.prepareBack();
  }

  /**
   * While paused, gets Back ready in the background: a run with no steps to take back (it got
   * here quietly) replays a copy of itself to this step, journaling the last few thousand, and
   * takes its state, so that Back takes steps back instead of replaying.
   */
  prepareBack() {
    // Playing or another job drops the chore; the next pause asks again.
    for (const [i, run] of this.runs().entries()) {
      this.chore(`back-${i}`, (n) => (this.state === 'running' || this.job ? true : run.prepareBack(n)));
    }
  }

  /** Shows the runs as they are; says whether the dirty list covers every change. */
  frame({ urgent = false, working = false } = {}) {
    const partial = this.partial;
    this.partial = false;
    this.hooks.frame(this.run, this.state, false, { urgent, partial, working });
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

  // ---- long work ------------------------------------------------------------------------

  /**
   * Starts a job: `slice(n)` does a bounded piece (n a step count) and says whether the job
   * is finished; `progress()` is a fraction or null; `finished()` runs at the end, and
   * `cancelled()` (if given) when it is stopped before. A job with `keepsRun` leaves the run
   * as it is (writing a worksheet): nothing is redrawn for it.
   */
  startJob(job) {
    if (this.job) this.cancelJob(false);
    this.job = { ...job, began: performance.now(), shown: false };
    // A quick job ends in this very call, with no frame of waiting.
    this.workOnJob();
    if (this.job) this.scheduleFrame();
  }

  /** Stops the job where it is; the run stays at the exact step reached. */
  cancelJob(report = true) {
    const job = this.job;
    if (!job) {
      // Cancel while the hardest ends are measured (playing): pause, as the Pause button does.
      if (report && this.shownPreparing) this.pause();
      return;
    }
    this.job = null;
    if (job.shown) this.hooks.progress?.(null);
    if (report) this.settle();
    job.cancelled?.();
  }

  /** A slice of the job; ends it when it is finished. */
  workOnJob() {
    const job = this.job;
    let finished;
    try {
      finished = job.slicer.run(job.slice, SLICE_MS);
    } catch (err) {
      this.job = null;
      if (job.shown) this.hooks.progress?.(null);
      this.fail(err);
      return;
    }
    if (this.job !== job) return;
    if (!job.keepsRun) this.partial ||= job.slicer.calls > 1;
    if (finished) {
      this.job = null;
      if (job.shown) this.hooks.progress?.(null);
      job.finished();
      return;
    }
    if (performance.now() - job.began >= PROGRESS_AFTER_MS) {
      job.shown = true;
      this.hooks.progress?.({ label: job.label, fraction: job.progress(), steps: this.run.steps() });
    }
    if (!job.keepsRun) this.frame({ working: true });
  }

  /**
   * Lays out the timeline (the run's length and its checkpoints) in the background, in what
   * is left of each frame. Idempotent.
   */
  layTimeline() {
    if (this.timeline || !this.run) return;
    this.timeline = { runs: this.runs(), done: false };
    this.scheduleFrame();
  }

  /**
   * Background work other than the timeline, e.g. measuring the maze: `work(n)` does a
   * bounded piece and says whether it has finished. A chore of the same name replaces it.
   */
  chore(name, work) {
    const slicer = this.chores.get(name)?.slicer ?? new Slicer(16);
    this.chores.set(name, { work, slicer });
    this.scheduleFrame();
  }

  workOnChores(ms) {
    for (const [name, chore] of this.chores) {
      if (ms <= 1) return;
      const began = performance.now();
      let finished;
      try {
        finished = chore.slicer.run(chore.work, ms);
      } catch (err) {
        finished = true;
        this.hooks.error(messageOf(err));
      }
      if (finished && this.chores.get(name) === chore) this.chores.delete(name);
      ms -= performance.now() - began;
    }
  }

  /** Background work for the time left in a frame. */
  workOnTimeline(ms) {
    const timeline = this.timeline;
    if (!timeline || timeline.done || ms <= 1) return;
    const pending = timeline.runs.filter((run) => run.knownTotal() < 0);
    if (pending.length === 0) {
      timeline.done = true;
      this.hooks.total?.(this.run, this.run.knownTotal(), this.run.knownTotal());
      return;
    }
    const run = pending[0];
    try {
      this.slicers.lay.run((n) => run.layTimeline(n) >= 0, ms);
    } catch (err) {
      timeline.done = true;
      this.fail(err);
      return;
    }
    const total = this.run.knownTotal();
    this.hooks.total?.(this.run, total >= 0 ? total : null, this.run.timelineLaid());
    if (!pending.some((r) => r.knownTotal() < 0)) timeline.done = true;
  }

  scheduleFrame() {
    if (this.frameHandle !== null) return;
    this.frameHandle = this.requestFrame((time) => {
      this.frameHandle = null;
      this.onFrame(time);
    });
  }

  onFrame(time) {
    const began = performance.now();
    if (this.job) {
      this.workOnJob();
    } else if (this.state === 'running') {
      this.playFrame(time);
    }
    // Chores (a repaint of a big maze, its statistics) get a few milliseconds even when
    // playing took the whole slice, or the picture would never catch up.
    this.workOnChores(Math.max(CHORE_MIN_MS, SLICE_MS - (performance.now() - began)));
    this.workOnTimeline(SLICE_MS - (performance.now() - began));
    const background = (this.timeline && !this.timeline.done) || this.chores.size > 0;
    if (this.job || this.state === 'running' || background) this.scheduleFrame();
  }

  playFrame(time) {
    const seconds = this.lastTime === null ? 0 : Math.min((time - this.lastTime) / 1000, MAX_FRAME_SECONDS);
    this.lastTime = time;
    if (this.atEnd()) {
      this.endOfBounds(time);
      return;
    }
    const whole = this.settings.speed === Infinity;
    let want;
    if (whole) {
      want = this.room();
    } else {
      this.budget += this.settings.speed * seconds;
      // The epsilon keeps 600 steps/s at 60 fps at 10 per frame, not 9.999… -> 9, then 11.
      want = Math.min(Math.floor(this.budget + 1e-9), this.room());
      if (want <= 0) return;
      // Steps that do not fit in a frame are dropped, not owed: the run falls behind the
      // nominal speed rather than freezing the page.
      this.budget = Math.max(0, this.budget - want);
    }
    let left = want;
    try {
      // At full speed the journal is off (everything is redrawn); otherwise each batch
      // records the cells it changed.
      const slicer = whole ? this.slicers.quiet : this.slicers.play;
      slicer.run((n) => {
        const batch = Math.min(n, left);
        const finished = this.advanceAll(batch, whole, true);
        left -= batch;
        return finished || left <= 0;
      }, SLICE_MS);
      this.partial ||= slicer.calls > 1;
    } catch (err) {
      this.fail(err);
      return;
    }
    this.showPreparing();
    this.afterWork(true);
  }

  /**
   * `n` steps of every run that is not done (journal off when `quiet`). Returns whether every
   * run is done. With `prepare`, a run whose next step begins the search on the hardest ends
   * measures them a slice first (MazeRun.prepareEnds: seconds of work at 4096², not a step)
   * and takes its steps once they are measured.
   */
  advanceAll(n, quiet, prepare = false) {
    let finished = true;
    this.preparing = false;
    for (const run of this.runs()) {
      if (run.phase() === 'done') continue;
      if (prepare && !run.prepareEnds()) {
        this.preparing = true;
        finished = false;
        continue;
      }
      if (!prepare) {
        // n steps at once (tests, the benchmark page): the hardest ends measured whole.
        let left = n;
        while (left > 0 && run.phase() !== 'done') {
          run.prepareEnds(Number.MAX_SAFE_INTEGER);
          const done = quiet ? run.finish(left) : run.advance(left);
          if (done === 0) break;
          left -= done;
        }
      } else if (quiet) run.finish(n);
      else run.advance(n);
      if (run.phase() !== 'done') finished = false;
    }
    return finished;
  }

  /** Says that the hardest ends are being measured while they are (playing, no job on). */
  showPreparing() {
    if (this.preparing === this.shownPreparing) return;
    this.shownPreparing = this.preparing;
    this.hooks.progress?.(this.preparing ? { label: t('page.jobHardest'), fraction: null, steps: this.run.steps() } : null);
  }

  /** After steps were taken: done when every run is, then one frame. */
  afterWork(playing) {
    const finished = this.runs().every((run) => run.phase() === 'done');
    // A looping animation keeps running through its end (onFrame rests, then starts again).
    if (finished && !(this.settings.loop && playing)) this.setState('done');
    // Reaching the `to` bound is a moment to show at once, not at the next throttled refresh.
    this.frame({ urgent: !playing || this.room() <= 0 });
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
    this.budget = 1;
    this.seek(this.settings.from || 0, { pause: false, label: t('page.jobAgain') });
  }

  /** The first of the race's other lanes, or null (a two-lane race's partner). */
  get partner() {
    return this.partners[0] ?? null;
  }

  set partner(run) {
    this.partners = run ? [run] : [];
  }

  /** The runs on show: the main one, then the race's other lanes in order. */
  runs() {
    return [this.run, ...this.partners];
  }

  fail(err) {
    this.setState(this.runs().every((run) => safePhase(run) === 'done') ? 'done' : 'paused');
    this.hooks.error(messageOf(err));
    this.partial = true;
    this.frame({ urgent: true });
  }

  setState(state) {
    if (state === this.state) return;
    this.state = state;
    // Measuring the hardest ends is said only while playing (a job shows its own work).
    if (state !== 'running' && this.shownPreparing && !this.job) {
      this.preparing = false;
      this.showPreparing();
    }
    this.hooks.state(state);
    if (state === 'paused' || state === 'done') this.prepareBack();
  }
}

// Without the module function's name that leads the module's messages ("MazeRun: …").
function messageOf(err) {
  // A refusal the core also gave as a sentence (`data`): in the page's language.
  const said = err instanceof Error && err.data ? say(err.data) : '';
  if (said) return said;
  return (err instanceof Error ? err.message : String(err)).replace(/^MazeRun: /, '');
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}

function safePhase(run) {
  try {
    return run.phase();
  } catch {
    return 'done';
  }
}
