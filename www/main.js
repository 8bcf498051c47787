// Boot: load the wasm module, read the URL, and wire the parts together. Each part only knows
// the callbacks it is given: controls -> controller -> (renderer, panels, URL).

import { Controller } from './controller.js';
import { Controls } from './controls.js';
import { Panels, statusText } from './panels.js';
import { RaceView } from './race.js';
import { TeachPanels } from './teach.js';
import { Exporter } from './export.js';
import { Renderer, useModuleBits } from './renderer.js';
import {
  DEFAULTS, PREFERRED_GENERATOR, PREFERRED_SOLVER, describeCorner, pointInside, pointOf, pointSetting,
  useModuleEnds,
} from './settings.js';
import { readSettings, writeSettings } from './url.js';


async function boot() {
  let wasm, mz;
  try {
    // A dynamic import, so a missing build can be explained on the page instead of failing
    // silently in the console.
    mz = await import('../pkg/mazestep.js');
    // The single-file page (scripts/build-offline) carries the module inline, as base64.
    const inline = globalThis.MAZESTEP_WASM_BASE64;
    wasm = await mz.default(inline
      ? { module_or_path: Uint8Array.from(atob(inline), (c) => c.charCodeAt(0)) }
      : undefined);
  } catch (err) {
    fatal(`The WebAssembly module could not be loaded (${err instanceof Error ? err.message : err}). ` +
      'Build it first: scripts/setup, then wasm-pack build --target web --release (or scripts/serve).');
    return;
  }

  const api = {
    generatorNames: () => Array.from(mz.generatorNames()),
    solverNames: () => Array.from(mz.solverNames()),
    algorithmTitle: mz.algorithmTitle,
    algorithmSummary: mz.algorithmSummary,
    algorithmStepUnit: mz.algorithmStepUnit,
    generatorGroup: mz.generatorGroup,
    generatorGroups: () => Array.from(mz.generatorGroups()),
    statsNames: () => Array.from(mz.statsNames()),
    pseudocode: (name) => Array.from(mz.pseudocode(name)),
    legendBits: mz.legendBits,
    legendLabels: (name) => Array.from(mz.legendLabels(name)),
    parseSide: mz.parseSide,
    parseSeed: mz.parseSeed,
    parsePoint: mz.parsePoint,
    parseBraid: mz.parseBraid,
    freshSeed: mz.freshSeed,
    algorithmEvents: mz.algorithmEvents,
    eventLabel: mz.eventLabel,
  };

  useModuleEnds(mz);
  const generators = api.generatorNames();
  const solvers = api.solverNames();
  const defaults = {
    ...DEFAULTS,
    generator: generators.includes(PREFERRED_GENERATOR) ? PREFERRED_GENERATOR : generators[0],
    solver: solvers.includes(PREFERRED_SOLVER) ? PREFERRED_SOLVER : (solvers[0] ?? 'none'),
  };
  const { settings, problems, openedBy } = readSettings(location.search, api, defaults);

  const doc = document;
  // Embedded in another page: just the canvas and the chosen controls (style.css).
  doc.documentElement.classList.toggle('embed', settings.embed);
  doc.documentElement.dataset.controls = settings.controls;
  const panels = new Panels(doc, api);
  // Statistics of a big maze are measured in the background (set once the controller exists).
  panels.onMeasure = (work) => controller.chore('stats', work);
  useModuleBits(mz);
  const renderer = new Renderer(doc.getElementById('maze'), doc.getElementById('overlay'),
    doc.getElementById('stage'), wasm.memory);
  renderer.setStyle(settings.style);
  // The race partner's canvas: a second renderer on its own stage.
  const raceRenderer = new Renderer(doc.getElementById('maze-race'), doc.getElementById('overlay-race'),
    doc.getElementById('stage-race'), wasm.memory);
  raceRenderer.setStyle(settings.style);
  // A whole repaint of a big maze is done a band at a time, in the background.
  renderer.onPending = () => controller.chore('draw', (rows) => renderer.drawMore(rows));
  raceRenderer.onPending = () => controller.chore('draw-race', (rows) => raceRenderer.drawMore(rows));
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
    history.replaceState(null, '', writeSettings(controller.settings, step));
  };
  const pageAddress = () => location.href.split(/[?#]/)[0];
  const teach = new TeachPanels(doc, api, {
    seek(k) {
      if (k !== Infinity) return controller.seek(k);
      // The end: its step when the timeline knows it (for a percentage), else "as far as it goes".
      const total = controller.run.knownTotal();
      return controller.seek(total >= 0 ? total : Infinity, { label: 'Going to the end' });
    },
    layTimeline: () => controller.layTimeline(),
    runUntil: (kind) => controller.runUntil(kind),
    link: () => pageAddress() + writeSettings(controller.settings,
      controller.state === 'running' ? 0 : controller.run.steps()),
    embedCode: () => embedCode(controller, pageAddress(), api),
  });
  const exporter = new Exporter(doc, {
    run: () => controller.run,
    settings: () => controller.settings,
    canvas: () => doc.getElementById('maze'),
  });
  const refresh = (run, state, urgent) => {
    const partner = controller.partner;
    if (partner) {
      const text = statusText(partner, partner.phase() === 'done' ? 'done' : state, controller.settings.race);
      if (raceStatus.textContent !== text) raceStatus.textContent = text;
    }
    race.update(controller.settings, run, partner);
    panels.update(run, state, {
      urgent,
      sawGroups: renderer.sawGroups,
      showsWalls: renderer.showsWalls,
      solver: controller.settings.solver,
      style: renderer.style,
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
    createRun: (s) => new mz.MazeRun(s.generator, s.solver === 'none' ? '' : s.solver,
      s.width, s.height, s.seed, s.start, s.goal, s.braid / 100),
    settings,
    hooks: {
      frame(run, state, fresh, { urgent = false, partial = false, working = false } = {}) {
        if (fresh) {
          race.showLanes(controller.settings);
          renderer.setRun(run);
          raceRenderer.setRun(controller.partner);
          teach.setRun(run);
          if (cursor) showCursor(true);
        } else {
          draw(partial);
        }
        // Work in progress refreshes the panels like a playing run: a few times a second.
        const shownState = working ? 'running' : state;
        refresh(run, shownState, fresh || urgent || shownState !== 'running');
        if (state !== 'running' && !working) writeUrl();
      },
      progress(job) {
        showProgress(job);
      },
      total(run, total, laid) {
        teach.setTotal(run, total, laid);
      },
      state(state) {
        controls?.showState(state);
        if (controller.run) refresh(controller.run, state, true);
        writeUrl();
      },
      settings(s) {
        if (s.style !== renderer.style) {
          renderer.setStyle(s.style);
          raceRenderer.setStyle(s.style);
          refresh(controller.run, controller.state, true);
        }
        controls?.show(s);
        // Copying the address shares this exact maze.
        writeUrl();
      },
      error(message) {
        panels.showMessages([message]);
        controls?.show(controller.settings);
      },
    },
  });

  // A new size can leave the start or goal outside the maze: back to its corner, and say so.
  const fitEnds = (changes) => {
    const next = { ...controller.settings, ...changes };
    const fitted = { ...changes };
    const notes = [];
    for (const which of ['start', 'goal']) {
      if (pointInside(next[which], next.width, next.height)) continue;
      fitted[which] = '';
      notes.push(`${which === 'start' ? 'Start' : 'Goal'} ${next[which]} is outside the new ` +
        `${next.width} × ${next.height} maze: using ${describeCorner(which, next.width, next.height)}.`);
    }
    if (notes.length > 0) panels.showMessages(notes);
    return fitted;
  };
  // Moving the start or goal keeps the maze (same seed) and starts the run again.
  const place = (which, x, y) => {
    const { width, height } = controller.settings;
    controller.update({ [which]: pointSetting(which, x, y, width, height) });
  };
  // The keyboard's cell cursor on the focused maze, as [x, y]; null when the maze has no focus.
  let cursor = null;
  const showCursor = (shown) => {
    if (!shown) {
      cursor = null;
    } else {
      const { width, height } = controller.settings;
      const [x, y] = cursor ?? pointOf(controller.settings, 'start');
      cursor = [Math.min(x, width - 1), Math.min(y, height - 1)];
    }
    renderer.setCursor(cursor);
  };

  // A race needs a solver to race against: with no solver there is no race.
  const fitRace = (changes) => {
    const next = { ...controller.settings, ...changes };
    if (next.race === 'none' || next.solver !== 'none') return changes;
    panels.showMessages([changes.race
      ? 'A race needs a solver to race against: choose a solver first.'
      : 'No solver, so no race: the race was turned off.']);
    return { ...changes, race: 'none' };
  };

  controls = new Controls(doc, api, {
    change: (changes) => controller.update(fitRace(fitEnds(changes))),
    step: () => controller.step(),
    back: () => controller.back(),
    toggle: () => controller.toggle(),
    reset: () => controller.reset(),
    pick(which, clientX, clientY) {
      const cell = renderer.cellAt(clientX, clientY);
      if (!cell) return;
      if (cursor) {
        cursor = cell;
        renderer.setCursor(cursor);
      }
      place(which, ...cell);
    },
    moveCursor(dx, dy) {
      if (!cursor) showCursor(true);
      const { width, height } = controller.settings;
      cursor = [Math.min(width - 1, Math.max(0, cursor[0] + dx)), Math.min(height - 1, Math.max(0, cursor[1] + dy))];
      renderer.setCursor(cursor);
    },
    placeCursor(which) {
      if (!cursor) showCursor(true);
      place(which, ...cursor);
    },
    showCursor,
    corners: () => controller.update({ start: '', goal: '' }),
  });
  controls.show(settings);
  controls.showState('idle');
  panels.showMessages(problems);
  doc.getElementById('dismiss-messages').addEventListener('click', () => panels.clearMessages());

  if (!controller.start()) {
    // The URL's combination was refused as a whole: start over from the defaults.
    controller.settings = { ...defaults, seed: settings.seed };
    controller.start();
    controls.show(controller.settings);
  }
  // A shared moment (step=, or from= in embed mode): go there, a slice per frame.
  const opening = controller.settings.step;
  if (opening > 0) {
    const fromBound = openedBy === 'from';
    controller.seek(opening, {
      label: `Opening at step ${opening.toLocaleString('en-US')}`,
      done(reached) {
        if (reached >= opening) return;
        panels.showMessages([fromBound
          ? `URL: from ${opening} is past the end of this run, which has ${reached} steps. Showing the end.`
          : `URL: step ${opening} is past the end of this run, which has ${reached} steps. Showing the end.`]);
      },
    });
  }
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
    const percent = job.fraction === null ? `step ${job.steps.toLocaleString('en-US')}`
      : `${Math.floor(100 * Math.max(0, Math.min(1, job.fraction)))}%`;
    const text = `${job.label}… ${percent}`;
    if (work.text.textContent !== text) work.text.textContent = text;
  }
  work.cancel.addEventListener('click', () => controller.cancelJob(true));
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && controller.job) {
      event.preventDefault();
      controller.cancelJob(true);
    }
  });

  // Fit the canvas to the window; coalesce bursts of resize events into one layout per frame.
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
  new ResizeObserver(relayout).observe(doc.getElementById('stage'));
  new ResizeObserver(relayout).observe(doc.getElementById('stage-race'));
  // Moving the window to a screen with another pixel ratio: a media query per ratio, renewed.
  const watchPixelRatio = () => matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`)
    .addEventListener('change', () => {
      relayout();
      watchPixelRatio();
    }, { once: true });
  watchPixelRatio();

  // For the end-to-end tests and the benchmark page.
  window.mazestep = { controller, renderer, raceRenderer, race, panels, teach, exporter, api, wasm, mz };
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
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(`mazestep: ${title}, ${s.width} × ${s.height}`)}" ` +
    'width="640" height="480" style="border: 0" loading="lazy"></iframe>';
}

function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fatal(message) {
  const box = document.getElementById('messages');
  const item = document.createElement('li');
  item.textContent = message;
  box.querySelector('ul').append(item);
  box.hidden = false;
  document.getElementById('status').textContent = 'Not loaded';
  document.documentElement.dataset.ready = 'error';
}

boot();
