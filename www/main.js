// Boot: load the wasm module, read the URL, and wire the parts together. Each part only knows
// the callbacks it is given: controls -> controller -> (renderer, panels, URL).

import { Controller, Slicer } from './controller.js';
import { createRun, isShaped, loadModule, moduleApi } from './module-api.js';
import { Controls } from './controls.js';
import { Panels, forgetCosts, statusText } from './panels.js';
import { Layout } from './layout.js';
import { RaceView } from './race.js';
import { TeachPanels } from './teach.js';
import { Exporter, sheetTitle } from './export.js';
import { formatNumber, onLanguageChange, setLanguage, t, translatePage } from './i18n.js';
import { LanguagePicker, startLanguage } from './language.js';
import { AnimationExporter } from './export-anim.js';
import { Renderer, useModuleBits } from './renderer.js';
import { ShapeRenderer } from './shape-renderer.js';
import { geometryOf } from './geometry.js';
import { ShapeControls } from './shape-controls.js';
import {
  MASK_URL_MAX, cellsOfText, encodeCells, maskKind, maskText, resampleCells, rowLengths, sizeOfText, textOfCells,
  wordSetting,
} from './masks.js';
import {
  cellCount, describeCorner, moduleDefaults, gridOf, messageOf, pointInside,
  pointOf, pointSetting, rememberEnds, useModuleEnds,
} from './settings.js';
import { quote } from './quote.js';
import { readSettings, writeSettings } from './url.js';
import { Editor, WORLD_SETTINGS } from './editor.js';
import { EDITS_URL_MAX, Edits, PAINTS, swatchBackground, useSolverHonours, useWorldMemory } from './world.js';
import { Lessons, ensureWords, readLessonParams } from './lessons.js';
import { translatedApi } from './core-words.js';


// Mazes larger than this are made in a task of their own while the page starts.
const RUN_IN_ITS_OWN_TASK_CELLS = 1_000_000;

async function boot() {
  // The words first, so even a failed load is explained in the reader's language.
  await startLanguage(location.search);
  let wasm, mz;
  try {
    // Loaded once per document (www/module-api.js), so a missing build can be explained on the
    // page instead of failing silently in the console.
    ({ mz, wasm } = await loadModule());
  } catch (err) {
    fatal(t('page.wasmFailed', { error: err instanceof Error ? err.message : String(err) }));
    return;
  }

  // The core's words (titles, pseudocode, legend, events) in the page's language.
  const api = translatedApi(moduleApi(mz));
  // The mask text a settings object stands for (null for none); throws when it cannot be made.
  const maskOf = (s) => maskText(s.mask, s.shape, s.width, s.height, api);

  useModuleEnds(api, maskOf);
  const generators = api.generatorNames();
  const solvers = api.solverNames();
  const defaults = moduleDefaults(api);
  const { settings, problems, openedBy } = readSettings(location.search, api, defaults);
  // Reading the address can take the module long on a big masked maze (making the mask), and
  // so does the first run: a task each, with the event loop between them.
  await nextTask();
  // The language was set at the start (startLanguage); url.js read lang= with the rest.
  // Tours and the quiz (www/lessons.js): their own parameters, in the page's words.
  await ensureWords();
  const lesson = readLessonParams(location.search);
  problems.push(...lesson.problems);
  let lessons = null;

  const doc = document;
  // Embedded in another page: just the canvas and the chosen controls (style.css).
  doc.documentElement.classList.toggle('embed', settings.embed);
  doc.documentElement.dataset.controls = settings.controls;
  // The app shell: the settings drawer, the stage's shape, the race lanes (www/layout.js).
  const layout = new Layout(doc, { embedFull: settings.embed && settings.controls === 'full' });
  const panels = new Panels(doc, api);
  panels.onLine = () => layout.keepLineInView();
  layout.onInfoResize = () => panels.reserveCode();
  // The machines a run shows, in order: their pseudocode cards take the room of the tallest.
  const algorithmsOf = (s) => [s.generator, ...(s.braid > 0 ? ['braid'] : []), ...(s.solver !== 'none' ? [s.solver, 'player'] : [])];
  // Statistics of a big maze are measured in the background (set once the controller exists).
  panels.onMeasure = (work) => controller.chore('stats', work);
  useModuleBits(mz);
  useWorldMemory(wasm.memory);
  useSolverHonours((name) => Array.from(mz.solverHonours(name)));
  // Each canvas has two renderers: pixel tiles for the plain square grid, vector shapes for
  // every other grid. The one that suits the run is in use; the other rests.
  const lane = (canvas, overlay, stage) => {
    const ids = [doc.getElementById(canvas), doc.getElementById(overlay), doc.getElementById(stage), wasm.memory];
    return { tiles: new Renderer(...ids), shapes: new ShapeRenderer(...ids) };
  };
  const mainLane = lane('maze', 'overlay', 'stage');
  const raceLane = lane('maze-race', 'overlay-race', 'stage-race');
  let renderer = mainLane.tiles;
  let raceRenderer = raceLane.tiles;
  for (const r of [mainLane.tiles, mainLane.shapes, raceLane.tiles, raceLane.shapes]) r.setStyle(settings.style);
  // A whole repaint of a big maze is done a band at a time, in the background.
  for (const r of [mainLane.tiles, mainLane.shapes]) {
    r.onPending = () => controller.chore('draw', (rows) => renderer.drawMore(rows));
  }
  for (const r of [raceLane.tiles, raceLane.shapes]) {
    r.onPending = () => controller.chore('draw-race', (rows) => raceRenderer.drawMore(rows));
  }
  // The renderer for a run: tiles on the plain square grid, shapes on any other.
  const rendererFor = (laneOf, run) => {
    const shaped = run !== null && isShaped(run);
    const [use, rest] = shaped ? [laneOf.shapes, laneOf.tiles] : [laneOf.tiles, laneOf.shapes];
    if (rest.run) rest.setRun(null);
    rest.nextRow = null;
    rest.nextCell = null;
    return use;
  };
  // The distance map's source cell for a run, -1 when the map is off.
  const distanceSource = (run) => {
    const which = controller.settings.distances;
    if (!which || !run) return -1;
    if (which === 'start') return run.start();
    const [x, y] = which.split(',').map(Number);
    const c = renderer.geometry && renderer === mainLane.shapes ? renderer.geometry.index(x, y) : y * run.width + x;
    return c >= 0 && c < run.cellCount ? c : run.start();
  };
  const raceStatus = doc.getElementById('status-race');
  // A shortest path for "not shortest" notes: the solution length the maze statistics measure
  // (moves from start to goal, so one cell fewer than the path), once the maze is final. No
  // search of its own: the statistics are measured anyway, a slice at a time on big mazes.
  const shortest = { run: null, cells: 0 };
  const shortestOf = () => (shortest.run === controller.run ? shortest.cells : null);
  panels.onStats = (run, values) => {
    if (run !== controller.run || ['generating', 'braiding'].includes(run.phase())) return;
    if (shortest.run === run) return;
    shortest.run = run;
    shortest.cells = Number.isNaN(values.solution_length) ? 0 : values.solution_length + 1;
    race.update(controller.settings, controller.run, controller.partner);
  };
  const race = new RaceView(doc, api, shortestOf);

  let controls = null;
  // The address always reopens what is on screen: every setting, and the step once paused.
  const writeUrl = () => {
    const run = controller.run;
    const step = run && controller.state !== 'running' ? run.steps() : 0;
    history.replaceState(null, '', writeSettings(controller.settings, step) + (lessons?.query() ?? ''));
  };
  const pageAddress = () => location.href.split(/[?#]/)[0];
  const teach = new TeachPanels(doc, api, {
    seek(k) {
      if (k !== Infinity) return controller.seek(k);
      // The end: its step when the timeline knows it (for a percentage), else "as far as it goes".
      const total = controller.run.knownTotal();
      return controller.seek(total >= 0 ? total : Infinity, { label: t('page.jobToEnd') });
    },
    layTimeline: () => controller.layTimeline(),
    runUntil: (kind) => controller.runUntil(kind),
    link: () => pageAddress() + writeSettings(controller.settings,
      controller.state === 'running' ? 0 : controller.run.steps()) + (lessons?.query() ?? ''),
    embedCode: () => embedCode(controller, pageAddress(), api),
  });
  const exporter = new Exporter(doc, {
    run: () => controller.run,
    settings: () => controller.settings,
    canvas: () => doc.getElementById('maze'),
    distances: () => Boolean(controller.settings.distances),
    finish: (done) => controller.finishSoon(done),
    title: () => {
      const s = controller.settings;
      let title = s.generator;
      try {
        title = api.algorithmTitle(s.generator);
      } catch {
        // the name will do
      }
      return sheetTitle(s, title);
    },
    work: (job) => controller.startJob({ slicer: new Slicer(4096), ...job }),
  });
  // GIF and WebM of a stretch of steps, drawn on a copy of the run (www/export-anim.js).
  const animations = new AnimationExporter(doc, {
    run: () => controller.run,
    settings: () => controller.settings,
    createRun: (s) => controller.createRun(s),
    memory: wasm.memory,
    baseName: () => exporter.baseName(),
    download: (blob, name) => exporter.download(blob, name),
  });
  const refresh = (run, state, urgent, reworked = false) => {
    const partner = controller.partner;
    if (partner) {
      const text = statusText(partner, partner.phase() === 'done' ? 'done' : state, controller.settings.race);
      if (raceStatus.textContent !== text) raceStatus.textContent = text;
    }
    race.update(controller.settings, run, partner);
    panels.update(run, state, {
      urgent,
      statsLater: reworked,
      sawGroups: renderer.sawGroups,
      showsWalls: renderer.showsWalls,
      solver: controller.settings.solver,
      style: renderer.style,
      distance: renderer.distanceFrom >= 0 ? { max: renderer.distanceMax, longest: renderer.longest?.length ?? 0 } : null,
    });
    teach.update(run, state, urgent);
    exporter.update(run);
  };

  // The dirty list covers the changes since the last frame unless the controller says the
  // frame is `partial` (several calls were made): then everything is repainted.
  const draw = (partial) => {
    if (partial) {
      renderer.drawAll();
      if (controller.partner) raceRenderer.drawAll();
    } else {
      renderer.draw();
      if (controller.partner) raceRenderer.draw();
    }
  };
  const controller = new Controller({
    createRun: (s) => {
      const run = createRun(mz, s, maskOf);
      if (isShaped(run)) {
        const geometry = geometryOf(run.shape(), run.width, run.height, run.ringStarts());
        rememberEnds(s, geometry.place(run.start()), geometry.place(run.goal()));
      }
      return run;
    },
    settings,
    hooks: {
      frame(run, state, fresh, { urgent = false, partial = false, working = false, reworked = false } = {}) {
        if (fresh) {
          race.showLanes(controller.settings);
          renderer = rendererFor(mainLane, run);
          raceRenderer = rendererFor(raceLane, controller.partner);
          renderer.setDistanceFrom(-1);
          renderer.setRun(run);
          renderer.setDistanceFrom(distanceSource(run));
          raceRenderer.setRun(controller.partner);
          panels.reserveCode(algorithmsOf(controller.settings));
          layout.showMaze(renderer);
          layout.arrangeLanes();
          showShape();
          teach.setRun(run);
          lessons?.newRun(controller.settings);
          if (cursor) showCursor(true);
        } else {
          // Another world: the shortest path is measured again.
          if (reworked) {
            shortest.run = null;
            forgetCosts();
            // The step count can be the same in the new world: the distance map is measured again.
            renderer.distanceKey = '';
            raceRenderer.distanceKey = '';
          }
          draw(partial);
        }
        // Work in progress refreshes the panels like a playing run: a few times a second.
        const shownState = working ? 'running' : state;
        refresh(run, shownState, fresh || urgent || shownState !== 'running', reworked);
        // The panels' text may have moved the stage: the canvases follow now, not a frame later.
        if (reworked) for (const r of [renderer, raceRenderer]) r.keepPlaced();
        if (state !== 'running' && !working) writeUrl();
      },
      progress(job) {
        showProgress(job);
      },
      total(run, total, laid) {
        teach.setTotal(run, total, laid);
        // The run's length, counted in the background: a tour's end may be known now.
        if (total !== null) lessons?.tour.timelineKnown();
      },
      state(state) {
        controls?.showState(state);
        if (controller.run) refresh(controller.run, state, true);
        writeUrl();
      },
      settings(s) {
        if (s.style !== renderer.style) {
          for (const r of [mainLane.tiles, mainLane.shapes, raceLane.tiles, raceLane.shapes]) r.setStyle(s.style);
          refresh(controller.run, controller.state, true);
        }
        controls?.show(s);
        noteLongEdits(s);
        renderer.setDistanceFrom(distanceSource(controller.run));
        showShape();
        if (controller.run) refresh(controller.run, controller.state, true);
        // Copying the address shares this exact maze.
        writeUrl();
      },
      // A live re-solve: the frame has drawn it and written the address; the ends and the edits' note.
      world(s) {
        controls?.showEnds(s);
        noteLongEdits(s);
      },
      error(message) {
        panels.showMessages([message]);
        controls?.show(controller.settings);
        showShape();
      },
    },
  });

  // A new size, shape or mask can leave the start, the goal or the distance map's cell off
  // the maze: back to its corner (the start), and say so.
  const fitEnds = (changes) => {
    const next = { ...controller.settings, ...changes };
    const fitted = { ...changes };
    const notes = [];
    const grid = gridOf(next);
    const gridChanged = 'shape' in changes && changes.shape !== controller.settings.shape;
    for (const which of ['start', 'goal']) {
      if (next[which] && gridChanged && !(which in changes)) {
        // Another shape numbers its cells otherwise: the corners again.
        fitted[which] = '';
        continue;
      }
      if (pointInside(next[which], next.width, next.height, grid)) continue;
      fitted[which] = '';
      const key = grid.shape === 'square' && !grid.mask ? `page.${which}Outside` : `page.${which}OffCell`;
      notes.push(t(key, { at: next[which], width: String(next.width), height: String(next.height),
        corner: describeCorner(which, next.width, next.height, grid) }));
    }
    if (next.distances && next.distances !== 'start' && !pointInside(next.distances, next.width, next.height, grid)) {
      fitted.distances = 'start';
    }
    if (notes.length > 0) panels.showMessages(notes);
    return fitted;
  };
  // A new size or shape carries a painted mask along (scaled to the new grid); an outline is
  // drawn again at the new size; a word keeps its own size unless the size is changed by
  // hand, when it becomes painted cells.
  const fitMask = (changes) => {
    const now = controller.settings;
    const next = { ...now, ...changes };
    if ('mask' in changes || !next.mask) return changes;
    const kind = maskKind(next.mask);
    const moved = next.shape !== now.shape || next.width !== now.width || next.height !== now.height;
    if (!moved || kind === 'preset') return changes;
    if (kind === 'word' && next.shape === 'polar') {
      panels.showMessages([t('page.wordLeftOut')]);
      return { ...changes, mask: '' };
    }
    try {
      const flags = cellsOfText(maskOf(now));
      const from = rowLengths(now.shape, now.width, now.height, api.ringStarts);
      const to = rowLengths(next.shape, next.width, next.height, api.ringStarts);
      return { ...changes, mask: encodeCells(resampleCells(flags, from, to)) };
    } catch (err) {
      panels.showMessages([t('page.maskNotCarried', { error: messageOf(err) })]);
      return { ...changes, mask: '' };
    }
  };
  // Moving the start or goal keeps the maze (same seed) and starts the run again.
  // While editing the search runs again at once on the same maze; otherwise a new run starts.
  const place = (which, x, y) => {
    const { width, height } = controller.settings;
    const setting = pointSetting(which, x, y, width, height, gridOf(controller.settings));
    if (editor.active) {
      const before = editor.state();
      if (controller.rework({ [which]: setting })) editor.remember(before);
    } else {
      controller.update({ [which]: setting });
    }
  };
  // The keyboard's cell cursor on the focused maze, as [x, y]; null when the maze has no focus.
  let cursor = null;
  const showCursor = (shown) => {
    if (!shown) {
      cursor = null;
    } else {
      const { width, height } = controller.settings;
      const [x, y] = cursor ?? pointOf(controller.settings, 'start');
      cursor = renderer.geometry && renderer.run ? [x, y] : [Math.min(x, width - 1), Math.min(y, height - 1)];
    }
    renderer.setCursor(cursor);
  };

  // Edits are a difference from one generated maze: another maze leaves them behind.
  const MAZE_KEYS = ['generator', 'braid', 'density', 'shape', 'width', 'height', 'mask', 'seed'];
  const fitEdits = (changes) => {
    const now = controller.settings;
    if (!now.edits || 'edits' in changes || !MAZE_KEYS.some((key) => key in changes && changes[key] !== now[key])) return changes;
    panels.showMessages([t('page.editsLeftBehind')]);
    return { ...changes, edits: '' };
  };
  let editsTooLong = false;
  function noteLongEdits(s) {
    const tooLong = s.edits.length > EDITS_URL_MAX;
    if (tooLong && !editsTooLong) {
      panels.showMessages([t('page.editsTooLong', { length: s.edits.length, max: EDITS_URL_MAX })]);
    }
    editsTooLong = tooLong;
  }

  // A race needs a solver to race against: with no solver there is no race.
  const fitRace = (changes) => {
    const next = { ...controller.settings, ...changes };
    if (next.race === 'none' || next.solver !== 'none') return changes;
    panels.showMessages([changes.race ? t('page.raceNeedsSolver') : t('page.raceTurnedOff')]);
    return { ...changes, race: 'none' };
  };

  controls = new Controls(doc, api, {
    change(changes) {
      const done = controller.update(fitRace(fitEnds(fitMask(fitEdits(changes)))));
      // Editing shows the search's end: another solver on the same world goes there too.
      if (done && editor.active && controller.run.phase() !== 'done') controller.finishSoon();
      return done;
    },
    step: () => controller.step(),
    back: () => controller.back(),
    toggle: () => controller.toggle(),
    reset: () => controller.reset(),
    pick(which, clientX, clientY) {
      if (shapeControls.painting || editor.active) return;
      const cell = renderer.cellAt(clientX, clientY);
      if (!cell) return;
      // A quiz question about a cell: the click is the answer.
      if (lessons?.quiz.takesCell()) {
        lessons.quiz.answer(renderer.indexOf(cell));
        return;
      }
      if (cursor) {
        cursor = cell;
        renderer.setCursor(cursor);
      }
      if (measuringFromClick()) controller.update({ distances: `${cell[0]},${cell[1]}` });
      else place(which, ...cell);
    },
    moveCursor(dx, dy) {
      if (!cursor) showCursor(true);
      const { width, height } = controller.settings;
      if (renderer.geometry && renderer.run) {
        const g = renderer.geometry;
        let c = g.move(g.index(...cursor), dx, dy);
        if (c < 0) c = g.index(...cursor);
        cursor = g.place(c);
      } else {
        cursor = [Math.min(width - 1, Math.max(0, cursor[0] + dx)), Math.min(height - 1, Math.max(0, cursor[1] + dy))];
      }
      renderer.setCursor(cursor);
    },
    placeCursor(which) {
      if (!cursor) showCursor(true);
      place(which, ...cursor);
    },
    showCursor,
    corners: () => controller.update({ start: '', goal: '' }),
  });
  // Edit mode: the learner's own world (www/editor.js).
  const editor = new Editor(doc, {
    renderer: () => renderer,
    run: () => controller.run,
    settings: () => controller.settings,
    rework: (changes) => controller.rework(changes),
    enter: () => controller.finishSoon(),
    endSetting(which, c) {
      const s = controller.settings;
      const [x, y] = renderer.geometry && renderer.run ? renderer.geometry.place(c) : [c % s.width, Math.floor(c / s.width)];
      return pointSetting(which, x, y, s.width, s.height, gridOf(s));
    },
    cursor: () => (cursor ? renderer.indexOf(cursor) : -1),
    download: (blob, name) => exporter.download(blob, name),
    loadWorld(name, data) {
      // The file's settings go through the URL's checks, each on its own.
      const query = new URLSearchParams();
      for (const key of WORLD_SETTINGS) if (key in data.settings) query.set(key, String(data.settings[key]));
      const read = readSettings(`?${query}`, api, { ...defaults, speed: controller.settings.speed, style: controller.settings.style });
      const notes = read.problems.map((p) => p.replace(/^URL: /, `${name}: `));
      let edits = '';
      try {
        edits = Edits.parse(data.edits, cellCount(read.settings)).toText();
      } catch (err) {
        notes.push(t('page.worldEditsBad', { name, given: quote(data.edits), message: messageOf(err) }));
      }
      if (notes.length > 0) panels.showMessages(notes);
      const changes = Object.fromEntries(WORLD_SETTINGS.map((key) => [key, read.settings[key]]));
      if (!controller.update({ ...changes, edits, race: 'none', distances: '' })) return false;
      controller.finishSoon();
      return true;
    },
  });
  for (const swatch of doc.querySelectorAll('.swatch[data-paint]')) {
    const paint = PAINTS.find((p) => p.name === swatch.dataset.paint);
    if (paint) swatch.style.background = swatchBackground(paint, doc);
  }

  // The Shape card: shape, mask and colours.
  let clickMeasures = Boolean(settings.distances && settings.distances !== 'start');
  const measuringFromClick = () => clickMeasures && Boolean(controller.settings.distances);
  const cellIndex = ([x, y]) => (renderer.geometry && renderer.run ? renderer.geometry.index(x, y) : y * controller.settings.width + x);
  const applyMask = (mask, size = {}) => {
    // A maze joins every cell: cells a stroke or a file cut off from the rest go off too.
    if (mask) {
      const next = { ...controller.settings, ...size, mask };
      try {
        const text = maskOf(next);
        const kept = api.largestPiece(next.shape, next.width, next.height, text);
        if (kept !== text) {
          const flags = cellsOfText(kept);
          const dropped = cellsOfText(text).reduce((n, on, i) => n + (on && !flags[i] ? 1 : 0), 0);
          mask = encodeCells(flags);
          panels.showMessages([t('page.cellsCutOff', { dropped })]);
        }
      } catch {
        // The run says what is wrong with the mask.
      }
    }
    if (mask && mask.length > MASK_URL_MAX) {
      panels.showMessages([t('page.maskTooLong', { length: mask.length, max: MASK_URL_MAX })]);
    }
    controller.update(fitRace(fitEnds(fitEdits({ mask, ...size }))));
  };
  const shapeControls = new ShapeControls(doc, api, {
    change: (changes) => controller.update(fitRace(fitEnds(fitMask(fitEdits(changes))))),
    word(text, given) {
      // Triangles join only across their three sides: letters one cell thick fall apart.
      const scale = controller.settings.shape === 'triangle' ? Math.max(2, given) : given;
      const mask = wordSetting(text, scale);
      try {
        const [width, height] = sizeOfText(api.wordMask(text, scale));
        if (controller.settings.shape === 'polar') throw new Error(t('page.wordNotPolar'));
        applyMask(mask, { width, height });
      } catch (err) {
        shapeControls.showProblem(messageOf(err));
      }
    },
    cellAt: (x, y) => renderer.cellAt(x, y),
    isOn(cell) {
      const c = cellIndex(cell);
      return renderer.on ? renderer.on[c] === 1 : true;
    },
    preview(cell, on) {
      const c = cellIndex(cell);
      const [x, y, , size] = renderer.cellCentre(c);
      const ctx = renderer.octx;
      ctx.fillStyle = on ? 'rgba(255, 255, 255, 0.8)' : 'rgba(29, 35, 48, 0.6)';
      ctx.fillRect(x - size / 2, y - size / 2, size, size);
      renderer.overlayKey = '';
    },
    paint(cells, on) {
      if (cells.length === 0 || !controller.run) {
        renderer.drawOverlay();
        return;
      }
      const s = controller.settings;
      let flags;
      try {
        const text = maskOf(s);
        flags = text ? cellsOfText(text) : new Uint8Array(controller.run.cellCount).fill(1);
      } catch (err) {
        shapeControls.showProblem(messageOf(err));
        return;
      }
      for (const cell of cells) {
        const c = cellIndex(cell);
        if (c >= 0 && c < flags.length) flags[c] = on ? 1 : 0;
      }
      if (!flags.includes(1)) {
        shapeControls.showProblem(t('page.everyCellOff'));
        renderer.drawOverlay();
        return;
      }
      applyMask(flags.includes(0) ? encodeCells(flags) : '');
    },
    loadText(name, text) {
      const s = controller.settings;
      const rows = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
      const bad = rows.findIndex((line) => !/^[.Xx]+$/.test(line));
      if (rows.length === 0 || bad >= 0) {
        shapeControls.showProblem(rows.length === 0 ? t('page.maskNoRows', { name })
          : t('page.maskBadLine', { name, line: bad + 1 }));
        return;
      }
      const flags = cellsOfText(rows.join('\n'));
      let size = {};
      if (s.shape === 'polar') {
        const lengths = rowLengths('polar', s.width, rows.length, api.ringStarts);
        if (rows.some((row, i) => row.length !== lengths[i])) {
          shapeControls.showProblem(t('page.maskNotPolar', { name, rings: rows.length, lengths: lengths.join(', ') }));
          return;
        }
        size = { height: rows.length };
      } else {
        if (rows.some((row) => row.length !== rows[0].length)) {
          shapeControls.showProblem(t('page.maskRagged', { name }));
          return;
        }
        size = { width: rows[0].length, height: rows.length };
      }
      if (!flags.includes(1)) {
        shapeControls.showProblem(t('page.maskAllOff', { name }));
        return;
      }
      applyMask(flags.includes(0) ? encodeCells(flags) : '', size);
    },
    loadPicture(name, image) {
      const s = controller.settings;
      if (!api.pictureMask) {
        shapeControls.showProblem(t('page.noPictures'));
        return;
      }
      try {
        const text = api.pictureMask(s.shape, s.width, s.height, image.rgba, image.width, image.height);
        const flags = cellsOfText(text);
        applyMask(flags.includes(0) ? encodeCells(flags) : '');
      } catch (err) {
        shapeControls.showProblem(`${name}: ${messageOf(err)}`);
      }
    },
    saveMask() {
      const s = controller.settings;
      try {
        const text = maskOf(s);
        if (!text) return;
        exporter.download(new Blob([text], { type: 'text/plain;charset=utf-8' }),
          `mazestep-mask-${s.shape}-${s.width}x${s.height}.txt`);
      } catch (err) {
        shapeControls.showProblem(messageOf(err));
      }
    },
    colours(mode) {
      clickMeasures = mode === 'cell';
      const now = controller.settings.distances;
      const distances = mode === 'marks' ? '' : mode === 'start' ? 'start' : (now && now !== 'start' ? now : 'start');
      controller.update({ distances });
      if (mode === 'cell') panels.showMessages([t('page.clickToMeasure')]);
    },
  });
  // Which shapes each generator works on, asked once.
  const shapesOf = new Map(generators.map((name) => [name, api.algorithmShapes(name)]));
  // What the Shape card says about the grid in use; generators that cannot work on it are
  // greyed out in the Generator list.
  function showShape() {
    const s = controller.settings;
    const notes = [];
    if (s.shape === 'polar') notes.push(t('page.polarNote'));
    if (s.shape === 'weave') notes.push(t('page.weaveNote'));
    const cannot = [];
    for (const option of doc.querySelectorAll('#generator option')) {
      const works = shapesOf.get(option.value)?.includes(s.shape) ?? true;
      option.disabled = !works;
      option.dataset.summary ??= option.title;
      option.title = works ? option.dataset.summary : t(s.shape === 'weave' ? 'page.notOnWeave' : 'page.notOnGrid');
      if (!works) cannot.push(option.textContent);
    }
    if (cannot.length > 0 && s.shape !== 'weave') notes.push(t('page.needRows', { names: cannot.join(', ') }));
    if ((s.shape !== 'square' || s.mask) && s.style === 'block') {
      notes.push(t('page.thinOnly', { grids: t(`page.grids-${s.shape}`) }));
    }
    const colours = !s.distances ? 'marks' : clickMeasures ? 'cell' : s.distances === 'start' ? 'start' : 'cell';
    shapeControls.show(s, notes, colours);
  }
  showShape();

  controls.show(settings);
  controls.showState('idle');
  panels.showMessages(problems);
  // Another language: the panels say the core's words again in it.
  onLanguageChange(() => {
    panels.relanguage();
    teach.relanguage();
    if (controller.run) controller.frame({ urgent: true });
  });
  doc.getElementById('dismiss-messages').addEventListener('click', () => panels.clearMessages());

  // A big maze's run begins with a first touch of fresh wasm memory (about 0.1 s at 4096 ×
  // 4096): in a task of its own, apart from the page's set-up before and after it, so no task
  // holds the page for long (issue 27). The controller does nothing without a run meanwhile.
  const big = settings.width * settings.height > RUN_IN_ITS_OWN_TASK_CELLS;
  if (big) await nextTask();
  // Edits that do not fit the maze (a link made for another size): the maze without them.
  if (settings.edits && !controller.start()) {
    panels.showMessages([t('page.urlEditsDoNotFit')]);
    controller.settings = { ...settings, edits: '' };
  }
  if (!controller.run && !controller.start()) {
    // The URL's combination was refused as a whole: without its grid first (a mask in pieces,
    // a generator the shape cannot take), then from the defaults.
    controller.settings = { ...settings, shape: 'square', mask: '', start: '', goal: '', distances: '', edits: '', corners: 'never' };
    if (settings.shape === 'square' && !settings.mask || !controller.start()) {
      controller.settings = { ...defaults, seed: settings.seed };
      controller.start();
    }
    controls.show(controller.settings);
    showShape();
  }
  // And the rest of the set-up in another.
  if (big) await nextTask();
  // A shared moment (step=, or from= in embed mode): go there, a slice per frame.
  const opening = controller.settings.step;
  // A quiz asks from the step a link opens at: it goes there itself (www/quiz.js).
  if (opening > 0 && !lesson.quiz) {
    const fromBound = openedBy === 'from';
    controller.seek(opening, {
      label: t('page.jobOpening', { step: opening }),
      done(reached) {
        if (reached >= opening) return;
        panels.showMessages([t('page.urlPastEnd', { name: fromBound ? 'from' : 'step', step: String(opening), reached })]);
      },
    });
  }
  lessons = new Lessons(doc, {
    controller,
    readMaze(query) {
      const read = readSettings(`?${query}`, api, { ...defaults, speed: controller.settings.speed, style: controller.settings.style });
      if (read.problems.length > 0) panels.showMessages(read.problems);
      return read.settings;
    },
    title(name) {
      try {
        return api.algorithmTitle(name);
      } catch {
        return name;
      }
    },
    cells: (run) => new Uint8Array(wasm.memory.buffer, run.cellsPtr(), run.cellCount),
    groups: (run) => new Uint32Array(wasm.memory.buffer, run.groupsPtr(), run.cellCount),
    message: (text) => panels.showMessages([text]),
    changed: () => writeUrl(),
  });
  // The quiz's keys: 1-4 pick a choice; Enter on the focused maze answers with the cell cursor.
  doc.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
    if (lessons.quiz.key(event, cursor ? renderer.indexOf(cursor) : -1)) event.preventDefault();
  });
  // Begun in the drawer, shown on the stage: the drawer makes way (on wide screens it is a
  // column and stays).
  const maze = doc.getElementById('maze');
  doc.getElementById('tour-start')?.addEventListener('click', () => {
    const next = doc.getElementById('tour-next');
    layout.makeWay(next && next.offsetParent !== null ? next : maze);
  });
  doc.getElementById('quiz-start')?.addEventListener('click', () => layout.makeWay(maze));
  doc.getElementById('tour-file')?.addEventListener('change', () => layout.makeWay(maze));
  doc.getElementById('paint').addEventListener('click', () => {
    if (shapeControls.painting) layout.makeWay(maze);
  });
  lessons.boot(lesson, { name: openedBy === 'from' ? 'from' : 'step', step: opening });
  writeUrl();

  // Long work's progress, with Cancel (Escape too).
  const work = {
    box: doc.getElementById('work'), bar: doc.getElementById('work-bar'),
    text: doc.getElementById('work-text'), cancel: doc.getElementById('work-cancel'),
  };
  function showProgress(job) {
    work.box.hidden = job === null;
    if (job === null) return;
    if (job.fraction === null) work.bar.removeAttribute('value');
    else work.bar.value = Math.max(0, Math.min(1, job.fraction));
    const percent = job.fraction === null ? t('page.jobStep', { step: job.steps })
      : formatNumber(Math.floor(100 * Math.max(0, Math.min(1, job.fraction))) / 100, { style: 'percent' });
    const text = t('page.jobProgress', { label: job.label, progress: percent });
    if (work.text.textContent !== text) work.text.textContent = text;
  }
  work.cancel.addEventListener('click', () => controller.cancelJob(true));
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && controller.job) {
      event.preventDefault();
      controller.cancelJob(true);
    }
  });

  // Fit the canvas again on the next frame (a screen with another pixel ratio).
  let pending = false;
  const relayout = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      renderer.layout();
      raceRenderer.layout();
    });
  };
  // A stage that changed size is laid out again before the frame is painted (a resize
  // observer runs after layout, before paint): a frame later, the maze would show out of place.
  const resized = new ResizeObserver(() => {
    for (const r of [renderer, raceRenderer]) r.keepPlaced();
  });
  resized.observe(doc.getElementById('stage'));
  resized.observe(doc.getElementById('stage-race'));
  // Moving the window to a screen with another pixel ratio: a media query per ratio, renewed.
  const watchPixelRatio = () => matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`)
    .addEventListener('change', () => {
      relayout();
      watchPixelRatio();
    }, { once: true });
  watchPixelRatio();

  // For the end-to-end tests and the benchmark page.
  window.mazestep = {
    controller, race, panels, teach, exporter, animations, api, wasm, mz, shapeControls, editor, lessons, layout,
    get renderer() { return renderer; },
    get raceRenderer() { return raceRenderer; },
  };
  // The language picker: every word switches at once; the run keeps its step. The words of
  // the run itself (narration, pseudocode, structures) are the core's, shown at the refresh.
  let picker = null;
  onLanguageChange(() => {
    translatePage();
    picker?.show();
    controls.relabel();
    controls.show(controller.settings);
    controls.showState(controller.state);
    shapeControls.relabel();
    editor.relabel();
    layout.relabel();
    panels.relabel();
    teach.relabel();
    exporter.relabel();
    race.showLanes(controller.settings);
    showShape();
    panels.reserveCode();
    if (controller.run) refresh(controller.run, controller.state, true);
  });
  picker = new LanguagePicker(doc, async (code) => {
    controller.settings = { ...controller.settings, lang: code };
    await setLanguage(code);
    writeUrl();
  });

  doc.documentElement.dataset.ready = 'true';
  if (controller.settings.autoplay) controller.play();
}

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
