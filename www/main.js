// The page: load the wasm module and the words, read the address, show the first maze, then
// load and wire everything else. Each part only knows the callbacks it is given:
// controls -> controller -> (stage, panels, address).
//
// boot() is the list of steps, in order; each step is a method below that says what it sets
// up. Only what the first maze needs is imported here (index.html preloads exactly these
// modules); the features a learner reaches for later (the Shape card, edit mode, tours and the
// quiz, saving) load after the first maze is painted, from www/app/later.js, or at once when
// the address asks for them.

import { Controller } from './run/controller.js';
import { createRun, isShaped, loadModule, moduleApi } from './run/module-api.js';
import { Stage, forgetCosts, loadShapes, loadedShapes, markFirstMaze, mayBeShaped, startFirstRun, statusText, useModule } from './run/stage.js';
import { moduleDefaults, pointOf, raceLanes, rememberEnds } from './run/settings.js';
import { LESSON_PARAMS, readSettings, writeSettings } from './run/url.js';
import { EDITS_URL_MAX } from './run/world.js';
import { Controls } from './ui/controls.js';
import { Panels } from './ui/panels.js';
import { Layout } from './ui/layout.js';
import { RaceView } from './ui/race.js';
import { EventScan, MARK_CELLS_MAX, MARK_SCAN_STEPS, TeachPanels } from './ui/teach.js';
import { Trace } from './ui/trace.js';
import { NUMBER_MAX_CELLS, NUMBER_MIN_CSS } from './draw/thinking.js';
import { formatNumber, onLanguageChange, setLanguage, t, translatePage } from './words/i18n.js';
import { LanguagePicker, startLanguage } from './words/language.js';
import { translatedApi } from './words/core-words.js';
import { fitChanges, placeEnd } from './app/fit.js';
import { Later } from './app/later.js';

// Mazes larger than this are made in a task of their own while the page starts.
const RUN_IN_ITS_OWN_TASK_CELLS = 1_000_000;

async function boot() {
  const page = new Page(document);
  if (!(await page.loadModuleAndWords())) return;
  page.readAddress();
  // Reading the address can take the module long on a big masked maze (making the mask), and
  // so does the first run: a task each, with the event loop between them.
  await nextTask();
  await page.loadWhatTheAddressNeeds();
  page.setUpExplanations();
  page.setUpStages();
  page.makeController();
  page.setUpControls();
  page.setUpProgress();
  page.followTheScreen();
  await page.showFirstMaze();
  page.openTheLink();
  page.followTheLanguage();
  await page.loadTheRest();
  page.ready();
}

class Page {
  constructor(doc) {
    this.doc = doc;
    // Set up by the steps below; the features loaded later are null until they are.
    this.controller = null;
    this.controls = null;
    this.editor = null;
    this.lessons = null;
    this.exporter = null;
    this.animations = null;
    this.shapeControls = null;
    this.play = null; // play mode (www/play/play-mode.js), loaded later
    // The keyboard's cell cursor on the focused maze, as [x, y]; null when the maze has no focus.
    this.cursor = null;
    // "Distance from a cell you click": a click on the maze measures from it.
    this.clickMeasures = false;
    this.editsTooLong = false;
  }

  /** The module and the page's words, fetched together; false (explained on the page) when the module cannot load. */
  async loadModuleAndWords() {
    const module = loadModule();
    module.catch(() => {}); // said below, once the words are there
    // The words first, so even a failed load is explained in the reader's language.
    await startLanguage(location.search);
    try {
      // Loaded once per document (www/run/module-api.js), so a missing build can be explained
      // on the page instead of failing silently in the console.
      ({ mz: this.mz, wasm: this.wasm } = await module);
    } catch (err) {
      fatal(t('page.wasmFailed', { error: err instanceof Error ? err.message : String(err) }));
      return false;
    }
    // The core's words (titles, pseudocode, legend, events) in the page's language.
    this.api = translatedApi(moduleApi(this.mz));
    this.maskOf = useModule(this.mz, this.wasm, this.api);
    return true;
  }

  /** The settings the address asks for (each checked on its own), and what was wrong with it. */
  readAddress() {
    this.defaults = moduleDefaults(this.api);
    // Kept for the features loaded later that read their own parameters (play mode).
    this.search = location.search;
    const { settings, problems, openedBy } = readSettings(location.search, this.api, this.defaults);
    this.settings = settings;
    this.problems = problems;
    this.openedBy = openedBy;
    this.clickMeasures = Boolean(settings.distances && settings.distances !== 'start');
    const params = new URLSearchParams(location.search);
    this.lessonAsked = LESSON_PARAMS.some((name) => params.has(name));
  }

  /** A link to another grid or a mask needs the shapes' renderer, a link to a tour or the quiz the lessons. */
  async loadWhatTheAddressNeeds() {
    this.later = new Later(this);
    await Promise.all([
      mayBeShaped(this.settings) ? loadShapes() : null,
      this.lessonAsked ? this.later.load('lessons') : null,
    ]);
    if (this.lessonAsked) this.problems.push(...this.later.lessonParams.problems);
  }

  /** The app shell, the panels of words, the race's captions, the explanations and the share card. */
  setUpExplanations() {
    const doc = this.doc;
    const { settings, api } = this;
    // Embedded in another page: just the canvas and the chosen controls (style.css).
    doc.documentElement.classList.toggle('embed', settings.embed);
    doc.documentElement.dataset.controls = settings.controls;
    // The app shell: the settings drawer, the stage's shape, the race lanes (www/ui/layout.js).
    this.layout = new Layout(doc, { embedFull: settings.embed && settings.controls === 'full' });
    this.panels = new Panels(doc, api);
    this.panels.onLine = () => this.layout.keepLineInView();
    this.layout.onInfoResize = () => this.panels.reserveCode();
    // Statistics of a big maze are measured in the background.
    this.panels.onMeasure = (work) => this.controller.chore('stats', work);
    // A shortest path for "not shortest" notes: the solution length the maze statistics measure
    // (moves from start to goal, so one cell fewer than the path), once the maze is final. No
    // search of its own: the statistics are measured anyway, a slice at a time on big mazes.
    this.shortest = { run: null, cells: 0 };
    this.panels.onStats = (run, values) => {
      const c = this.controller;
      if (run !== c.run || ['generating', 'braiding'].includes(run.phase())) return;
      if (this.shortest.run === run) return;
      this.shortest.run = run;
      this.shortest.cells = Number.isNaN(values.solution_length) ? 0 : values.solution_length + 1;
      this.race.update(c.settings, c.run, c.partners);
    };
    this.race = new RaceView(doc, api, () => (this.shortest.run === this.controller.run ? this.shortest.cells : null));
    this.raceStatus = LANE_SUFFIXES.map((suffix) => doc.getElementById(`status${suffix}`));
    this.teach = new TeachPanels(doc, api, {
      seek: (k) => {
        const c = this.controller;
        if (k !== Infinity) return c.seek(k);
        // The end: its step when the timeline knows it (for a percentage), else "as far as it goes".
        const total = c.run.knownTotal();
        return c.seek(total >= 0 ? total : Infinity, { label: t('page.jobToEnd') });
      },
      layTimeline: () => this.controller.layTimeline(),
      runUntil: (kind) => this.controller.runUntil(kind),
      link: () => this.address(this.controller.state === 'running' ? 0 : this.controller.run.steps()),
      embedCode: () => embedCode(this.controller, pageAddress(), api),
    });
  }

  /** The stages (the maze, and the race's other lanes), each with its renderers. */
  setUpStages() {
    const $ = (id) => this.doc.getElementById(id);
    const memory = this.wasm.memory;
    const style = this.settings.style;
    // A whole repaint of a big maze is done a band at a time, in the background.
    const shapesLoaded = () => this.controller.run && this.controller.frame({ urgent: true });
    this.stage = new Stage({ canvas: $('maze'), overlay: $('overlay'), box: $('stage'), memory },
      { style, chore: (work) => this.controller.chore('draw', work), shapesLoaded });
    // The race's other lanes (up to three), each a stage of its own.
    this.raceStages = LANE_SUFFIXES.map((suffix) => new Stage({ canvas: $(`maze${suffix}`), overlay: $(`overlay${suffix}`), box: $(`stage${suffix}`), memory },
      { style, chore: (work) => this.controller.chore(`draw${suffix}`, work), shapesLoaded }));
    // Came-from arrows and numbers from the address, on the maze's stage.
    this.stage.setThinking(this.settings);
  }

  /** The clock and its hooks: each frame drawn and said, the address kept up to date. */
  makeController() {
    const page = this;
    const { mz, maskOf } = this;
    this.controller = new Controller({
      createRun: (s) => {
        const run = createRun(mz, s, maskOf);
        const shapes = loadedShapes();
        if (shapes && isShaped(run)) {
          const geometry = shapes.geometryOf(run.shape(), run.width, run.height, run.ringStarts());
          rememberEnds(s, geometry.place(run.start()), geometry.place(run.goal()));
        }
        return run;
      },
      settings: this.settings,
      hooks: {
        frame(run, state, fresh, { urgent = false, partial = false, working = false, reworked = false } = {}) {
          const c = page.controller;
          if (fresh) {
            page.showNewRun(run);
          } else {
            // Another world: the shortest path is measured again.
            if (reworked) {
              page.scanEvents();
              page.shortest.run = null;
              forgetCosts();
              // The step count can be the same in the new world: the distance map is measured again.
              page.stage.renderer.distanceKey = '';
              for (const lane of page.raceStages) lane.renderer.distanceKey = '';
            }
            page.stage.draw(partial);
            c.partners.forEach((_, i) => page.raceStages[i].draw(partial));
            page.trace?.refresh();
          }
          // Work in progress refreshes the panels like a playing run: a few times a second.
          const shownState = working ? 'running' : state;
          // A preset's ends (the hardest pair is placed when the search begins): said where they are.
          page.showPlacedEnds(run);
          page.refresh(run, shownState, fresh || urgent || shownState !== 'running', reworked);
          // The panels' text may have moved the stage: the canvases follow now, not a frame later.
          if (reworked) for (const r of page.renderers()) r.keepPlaced();
          if (state !== 'running' && !working) page.writeUrl();
        },
        progress: (job) => this.showProgress(job),
        total: (run, total, laid) => {
          this.teach.setTotal(run, total, laid);
          // The run's length, counted in the background: a tour's end may be known now.
          if (total !== null) this.lessons?.tour.timelineKnown();
        },
        state: (state) => {
          this.controls?.showState(state);
          if (this.controller.run) this.refresh(this.controller.run, state, true);
          this.writeUrl();
        },
        settings: (s) => {
          const c = this.controller;
          if (s.style !== this.stage.style) {
            this.stage.setStyle(s.style);
            for (const lane of this.raceStages) lane.setStyle(s.style);
            this.refresh(c.run, c.state, true);
          }
          this.controls?.show(s);
          this.noteLongEdits(s);
          this.stage.setDistances(c.run, s.distances);
          this.stage.setThinking(s);
          if (!s.arrows && !s.numbers) this.trace?.show(-1);
          this.showShape();
          if (c.run) this.refresh(c.run, c.state, true);
          // Copying the address shares this exact maze.
          this.writeUrl();
        },
        // A live re-solve: the frame has drawn it and written the address; the ends and the edits' note.
        world: (s) => {
          this.controls?.showEnds(s);
          this.noteLongEdits(s);
        },
        error: (message) => {
          this.panels.showMessages([message]);
          this.controls?.show(this.controller.settings);
          this.showShape();
        },
      },
    });
  }

  /** Where the run put the start and goal, said in the Maze card when a preset placed them. */
  showPlacedEnds(run) {
    const s = this.controller.settings;
    if (!this.controls || !run || (s.ends ?? 'corners') === 'corners') return;
    const key = `${run.start()}:${run.goal()}`;
    if (key === this.placedKey && this.controls.placed) return;
    this.placedKey = key;
    let place = (c) => [c % run.width, Math.floor(c / run.width)];
    const shapes = loadedShapes();
    if (shapes && isShaped(run)) {
      const geometry = shapes.geometryOf(run.shape(), run.width, run.height, run.ringStarts());
      place = (c) => geometry.place(c);
    }
    this.controls.showEnds(s, { start: place(run.start()), goal: place(run.goal()) });
  }

  /** A new run (and its race partner) on the stages, the panels and the lessons. */
  showNewRun(run) {
    const c = this.controller;
    this.race.showLanes(c.settings);
    this.stage.show(run, c.settings.distances);
    this.raceStages.forEach((lane, i) => lane.show(c.partners[i] ?? null));
    // The machines the run shows, in order: their pseudocode cards take the room of the tallest.
    this.panels.reserveCode(algorithmsOf(c.settings));
    this.layout.showMaze(this.stage.renderer);
    this.layout.arrangeLanes();
    this.showShape();
    this.teach.setRun(run);
    this.scanEvents();
    this.lessons?.newRun(c.settings);
    if (this.cursor) this.showCursor(true);
  }

  /**
   * The timeline's event marks: a copy of the run on show steps through in the background, a
   * slice per frame, noting each step's event (www/ui/teach.js, EventScan: how it is bounded).
   * The run on show never moves for it.
   */
  scanEvents() {
    const c = this.controller;
    const run = c.run;
    this.markScan?.copy?.free();
    this.markScan = null;
    if (!run || run.cellCount > MARK_CELLS_MAX) return;
    const listOf = (algorithm) => {
      try {
        return Array.from(this.api.algorithmEvents(algorithm));
      } catch {
        return [];
      }
    };
    const job = { copy: null, scan: new EventScan(listOf) };
    this.markScan = job;
    const settings = { ...c.settings, race: 'none' };
    c.chore('marks', (n) => {
      if (this.markScan !== job || c.run !== run) {
        if (this.markScan === job) this.markScan = null;
        job.copy?.free();
        job.copy = null;
        return true;
      }
      job.copy ??= c.createRun(settings);
      const copy = job.copy;
      for (let i = 0; i < n; i++) {
        if (copy.phase() === 'done' || job.scan.steps >= MARK_SCAN_STEPS) {
          if (copy.phase() === 'done') job.scan.finish(copy.steps());
          this.teach.setMarks(run, job.scan.marks(), job.scan.done ? job.scan.steps : null);
          copy.free();
          job.copy = null;
          this.markScan = null;
          return true;
        }
        if (copy.advance(1) === 0) continue;
        job.scan.note(copy.algorithm(), copy.lastEvent(), copy.steps());
      }
      return false;
    });
  }

  /** Every panel says what the run on show is doing. */
  refresh(run, state, urgent, reworked = false) {
    const c = this.controller;
    const lanes = raceLanes(c.settings);
    c.partners.forEach((partner, i) => {
      const text = statusText(partner, partner.phase() === 'done' ? 'done' : state, lanes[i]?.solver ?? 'none');
      if (this.raceStatus[i].textContent !== text) this.raceStatus[i].textContent = text;
    });
    this.race.update(c.settings, run, c.partners);
    const renderer = this.stage.renderer;
    this.panels.update(run, state, {
      urgent,
      statsLater: reworked,
      sawGroups: renderer.sawGroups,
      showsWalls: renderer.showsWalls,
      solver: c.settings.solver,
      weight: c.settings.weight,
      style: renderer.style,
      distance: renderer.distanceFrom >= 0 ? { max: renderer.distanceMax, longest: renderer.longest?.length ?? 0 } : null,
    });
    this.teach.update(run, state, urgent);
    this.exporter?.update(run);
    this.showNumbersNote(run, renderer);
  }

  /** Why the numbers chosen are not in the cells: too small to read, or a search that guesses nothing. */
  showNumbersNote(run, renderer) {
    const note = this.doc.getElementById('numbers-note');
    const numbers = this.controller.settings.numbers;
    let text = '';
    if (numbers && run && renderer.geo) {
      const dpr = renderer.dpr ?? (window.devicePixelRatio || 1);
      const searching = !['generating', 'braiding'].includes(run.phase());
      if (searching && numbers !== 'g' && run.estimate(run.start()) < 0) text = t('page.noEstimate');
      else if (renderer.cellCentre(run.start())[3] < NUMBER_MIN_CSS * dpr || (renderer.thought?.reached ?? 0) > NUMBER_MAX_CELLS) {
        text = t('page.numbersSmall');
      }
    }
    if (note.textContent !== text) note.textContent = text;
    note.hidden = text === '';
  }

  /** The address with every setting, `step` when paused there, and the lesson on show. */
  address(step) {
    return pageAddress() + writeSettings(this.controller.settings, step) + (this.lessons?.query() ?? '') + (this.play?.query() ?? '');
  }

  /** The address always reopens what is on screen: every setting, and the step once paused. */
  writeUrl() {
    const c = this.controller;
    const step = c.run && c.state !== 'running' ? c.run.steps() : 0;
    history.replaceState(null, '', writeSettings(c.settings, step) + (this.lessons?.query() ?? '') + (this.play?.query() ?? ''));
  }

  /** The form (generator, solver, size, seed, speed, the buttons, the keys), each change made to fit. */
  setUpControls() {
    const page = this;
    const c = this.controller;
    this.trace = new Trace(this.doc.getElementById('maze'), this.doc.getElementById('trace-note'), {
      renderer: () => page.stage.renderer,
      active: () => Boolean(c.settings.arrows || c.settings.numbers),
      editing: () => Boolean(page.shapeControls?.painting || page.editor?.active),
    });
    this.controls = new Controls(this.doc, this.api, {
      change(changes) {
        const done = c.update(fitChanges(page, changes));
        // Editing shows the search's end: another solver on the same world goes there too.
        if (done && page.editor?.active && c.run.phase() !== 'done') c.finishSoon();
        return done;
      },
      step: () => c.step(),
      back: () => c.back(),
      toggle: () => c.toggle(),
      reset: () => c.reset(),
      pick(which, clientX, clientY) {
        if (page.shapeControls?.painting || page.editor?.active) return;
        // A tap that traced a cell's way back moves nothing.
        if (page.trace?.tookTap()) return;
        const renderer = page.stage.renderer;
        const cell = renderer.cellAt(clientX, clientY);
        if (!cell) return;
        // A quiz question about a cell: the click is the answer.
        if (page.lessons?.quiz.takesCell()) {
          page.lessons.quiz.answer(renderer.indexOf(cell));
          return;
        }
        if (page.cursor) {
          page.cursor = cell;
          renderer.setCursor(page.cursor);
        }
        if (page.clickMeasures && Boolean(c.settings.distances)) c.update({ distances: `${cell[0]},${cell[1]}` });
        else placeEnd(page, which, ...cell);
      },
      moveCursor(dx, dy) {
        if (!page.cursor) page.showCursor(true);
        const { width, height } = c.settings;
        const renderer = page.stage.renderer;
        if (renderer.geometry && renderer.run) {
          const g = renderer.geometry;
          let cell = g.move(g.index(...page.cursor), dx, dy);
          if (cell < 0) cell = g.index(...page.cursor);
          page.cursor = g.place(cell);
        } else {
          page.cursor = [Math.min(width - 1, Math.max(0, page.cursor[0] + dx)), Math.min(height - 1, Math.max(0, page.cursor[1] + dy))];
        }
        renderer.setCursor(page.cursor);
        // The keyboard traces too: the way back from the cell under the cursor.
        if (page.trace && (c.settings.arrows || c.settings.numbers)) page.trace.show(renderer.cursor);
      },
      placeCursor(which) {
        if (!page.cursor) page.showCursor(true);
        placeEnd(page, which, ...page.cursor);
      },
      showCursor: (shown) => this.showCursor(shown),
      corners: () => c.update({ start: '', goal: '', ends: 'corners' }),
    });
    this.doc.getElementById('dismiss-messages').addEventListener('click', () => this.panels.clearMessages());
  }

  /** Shows or hides the keyboard's cell cursor (at the start when it first shows). */
  showCursor(shown) {
    const c = this.controller;
    const renderer = this.stage.renderer;
    if (!shown) {
      this.cursor = null;
      this.trace?.show(-1);
    } else {
      const { width, height } = c.settings;
      const [x, y] = this.cursor ?? pointOf(c.settings, 'start');
      this.cursor = renderer.geometry && renderer.run ? [x, y] : [Math.min(x, width - 1), Math.min(y, height - 1)];
    }
    renderer.setCursor(this.cursor);
  }

  /** Edits too long for a link are kept, and said once. */
  noteLongEdits(s) {
    const tooLong = s.edits.length > EDITS_URL_MAX;
    if (tooLong && !this.editsTooLong) {
      this.panels.showMessages([t('page.editsTooLong', { length: s.edits.length, max: EDITS_URL_MAX })]);
    }
    this.editsTooLong = tooLong;
  }

  /**
   * What the page says about the grid in use: generators that cannot work on it are greyed
   * out in the Generator list, and the Shape card (once loaded) shows its notes.
   */
  showShape() {
    const s = this.controller.settings;
    const notes = [];
    if (s.shape === 'polar') notes.push(t('page.polarNote'));
    if (s.shape === 'weave') notes.push(t('page.weaveNote'));
    const cannot = [];
    // Which shapes each generator works on, asked once.
    this.shapesOf ??= new Map(this.api.generatorNames().map((name) => [name, this.api.algorithmShapes(name)]));
    for (const option of this.doc.querySelectorAll('#generator option')) {
      const works = this.shapesOf.get(option.value)?.includes(s.shape) ?? true;
      option.disabled = !works;
      option.dataset.summary ??= option.title;
      option.title = works ? option.dataset.summary : t(s.shape === 'weave' ? 'page.notOnWeave' : 'page.notOnGrid');
      if (!works) cannot.push(option.textContent);
    }
    if (cannot.length > 0 && s.shape !== 'weave') notes.push(t('page.needRows', { names: cannot.join(', ') }));
    if ((s.shape !== 'square' || s.mask) && s.style === 'block') {
      notes.push(t('page.thinOnly', { grids: t(`page.grids-${s.shape}`) }));
    }
    const colours = !s.distances ? 'marks' : this.clickMeasures ? 'cell' : s.distances === 'start' ? 'start' : 'cell';
    this.shapeControls?.show(s, notes, colours);
  }

  /** Long work's progress, with Cancel (Escape too). */
  setUpProgress() {
    const $ = (id) => this.doc.getElementById(id);
    this.work = { box: $('work'), bar: $('work-bar'), text: $('work-text'), cancel: $('work-cancel') };
    this.work.cancel.addEventListener('click', () => this.controller.cancelJob(true));
    this.doc.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.controller.job) {
        event.preventDefault();
        this.controller.cancelJob(true);
      }
    });
  }

  showProgress(job) {
    const work = this.work;
    work.box.hidden = job === null;
    if (job === null) return;
    if (job.fraction === null) work.bar.removeAttribute('value');
    else work.bar.value = Math.max(0, Math.min(1, job.fraction));
    const percent = job.fraction === null ? t('page.jobStep', { step: job.steps })
      : formatNumber(Math.floor(100 * Math.max(0, Math.min(1, job.fraction))) / 100, { style: 'percent' });
    const text = t('page.jobProgress', { label: job.label, progress: percent });
    if (work.text.textContent !== text) work.text.textContent = text;
  }

  /** The main maze's renderer, then every race lane's. */
  renderers() {
    return [this.stage.renderer, ...this.raceStages.map((lane) => lane.renderer)];
  }

  /** The canvases follow their boxes, and the screen's pixel ratio. */
  followTheScreen() {
    const stages = () => this.renderers();
    // Fit the canvas again on the next frame (a screen with another pixel ratio).
    let pending = false;
    const relayout = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        for (const r of stages()) r.layout();
      });
    };
    // A stage that changed size is laid out again before the frame is painted (a resize
    // observer runs after layout, before paint): a frame later, the maze would show out of place.
    const resized = new ResizeObserver(() => {
      for (const r of stages()) r.keepPlaced();
    });
    resized.observe(this.doc.getElementById('stage'));
    for (const suffix of LANE_SUFFIXES) resized.observe(this.doc.getElementById(`stage${suffix}`));
    // Moving the window to a screen with another pixel ratio: a media query per ratio, renewed.
    const watchPixelRatio = () => matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`)
      .addEventListener('change', () => {
        relayout();
        watchPixelRatio();
      }, { once: true });
    watchPixelRatio();
  }

  /** The first run, drawn and marked once painted (its own task on a big maze), with the fallbacks of a refused link. */
  async showFirstMaze() {
    const c = this.controller;
    this.showShape();
    this.controls.show(this.settings);
    this.controls.showState('idle');
    this.panels.showMessages(this.problems);
    // A big maze's run begins with a first touch of fresh wasm memory (about 0.1 s at 4096 ×
    // 4096): in a task of its own, apart from the page's set-up before and after it, so no task
    // holds the page for long (issue 27). The controller does nothing without a run meanwhile.
    const big = this.settings.width * this.settings.height > RUN_IN_ITS_OWN_TASK_CELLS;
    if (big) await nextTask();
    const changed = startFirstRun(c, this.defaults, {
      editsDropped: () => this.panels.showMessages([t('page.urlEditsDoNotFit')]),
    });
    if (changed) {
      this.controls.show(c.settings);
      this.showShape();
    }
    // The features loaded later wait for this frame: nothing they fetch comes before it.
    this.firstMazePainted = c.run ? markFirstMaze() : Promise.resolve();
    // And the rest of the set-up in another.
    if (big) await nextTask();
  }

  /** A shared moment (step=, or from= in embed mode): go there, a slice per frame. */
  openTheLink() {
    const c = this.controller;
    this.opening = c.settings.step;
    // A quiz asks from the step a link opens at: it goes there itself (www/lessons/quiz.js).
    if (this.opening > 0 && !this.later.lessonParams?.quiz) {
      const fromBound = this.openedBy === 'from';
      const opening = this.opening;
      c.seek(opening, {
        label: t('page.jobOpening', { step: opening }),
        done: (reached) => {
          if (reached >= opening) return;
          this.panels.showMessages([t('page.urlPastEnd', { name: fromBound ? 'from' : 'step', step: String(opening), reached })]);
        },
      });
    }
    if (this.lessonAsked) this.later.bootLessons();
    this.writeUrl();
  }

  /** The language picker, and every word said again when the language changes (the run keeps its step). */
  followTheLanguage() {
    // The words of the run itself (narration, pseudocode, structures) are the core's, shown at the refresh.
    onLanguageChange(() => {
      const c = this.controller;
      translatePage();
      this.picker?.show();
      this.panels.relanguage();
      this.teach.relanguage();
      this.controls.relabel();
      this.controls.show(c.settings);
      this.controls.showState(c.state);
      this.shapeControls?.relabel();
      this.editor?.relabel();
      this.play?.relabel();
      this.layout.relabel();
      this.panels.relabel();
      this.teach.relabel();
      this.exporter?.relabel();
      this.packPrinter?.relabel();
      this.race.showLanes(c.settings);
      this.showShape();
      this.panels.reserveCode();
      if (c.run) {
        this.refresh(c.run, c.state, true);
        c.frame({ urgent: true });
      }
    });
    this.picker = new LanguagePicker(this.doc, async (code) => {
      this.controller.settings = { ...this.controller.settings, lang: code };
      await setLanguage(code);
      this.writeUrl();
    });
  }

  /** The Shape card, edit mode, tours and the quiz, saving: loaded now that the first maze is painted. */
  async loadTheRest() {
    await this.firstMazePainted;
    await this.later.loadAll();
  }

  /** Ready: for the tests, the benchmark page, and a link that plays at once. */
  ready() {
    const page = this;
    window.mazestep = {
      controller: this.controller, race: this.race, panels: this.panels, teach: this.teach, exporter: this.exporter,
      animations: this.animations, api: this.api, wasm: this.wasm, mz: this.mz, shapeControls: this.shapeControls,
      editor: this.editor, lessons: this.lessons, layout: this.layout, stage: this.stage,
      get play() { return page.play; },
      get packPrinter() { return page.packPrinter; },
      get renderer() { return page.stage.renderer; },
      get raceRenderer() { return page.raceStages[0].renderer; },
      get raceRenderers() { return page.raceStages.map((lane) => lane.renderer); },
    };
    this.writeUrl();
    this.doc.documentElement.dataset.ready = 'true';
    if (this.controller.settings.autoplay) this.controller.play();
  }
}

// The ids' endings of the race's other lanes' elements (index.html), in lane order.
const LANE_SUFFIXES = ['-race', '-race-2', '-race-3'];

// The machines a run shows, in order.
const algorithmsOf = (s) => [s.generator, ...(s.braid > 0 ? ['braid'] : []), ...(s.solver !== 'none' ? [s.solver, 'player'] : [])];

const pageAddress = () => location.href.split(/[?#]/)[0];

/** The <iframe> snippet that embeds the current maze with the minimal controls. */
function embedCode(controller, address, api) {
  const s = { ...controller.settings, embed: true, controls: 'minimal' };
  const step = controller.state === 'paused' ? controller.run.steps() : 0;
  const src = address + writeSettings(s, step);
  let title = s.generator;
  try {
    title = api.algorithmTitle(s.generator);
  } catch {
    // the name will do
  }
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(t('page.embedTitle', { title, width: String(s.width), height: String(s.height) }))}" ` +
    'width="640" height="480" style="border: 0" loading="lazy"></iframe>';
}

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// A yield to the event loop (a message, not a timer: not slowed in background tabs).
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function fatal(message) {
  const box = document.getElementById('messages');
  const item = document.createElement('li');
  item.textContent = message;
  box.querySelector('ul').append(item);
  box.hidden = false;
  document.getElementById('status').textContent = t('page.notLoaded');
  document.documentElement.dataset.ready = 'error';
}


boot();
