// Boot: load the wasm module, read the URL, and wire the parts together. Each part only knows
// the callbacks it is given: controls -> controller -> (renderer, panels, URL).

import { Controller } from './controller.js';
import { Controls } from './controls.js';
import { Panels } from './panels.js';
import { Renderer } from './renderer.js';
import { DEFAULTS, PREFERRED_GENERATOR, PREFERRED_SOLVER } from './settings.js';
import { readSettings, writeSettings } from './url.js';

async function boot() {
  let wasm, mz;
  try {
    // A dynamic import, so a missing build can be explained on the page instead of failing
    // silently in the console.
    mz = await import('../pkg/mazestep.js');
    wasm = await mz.default();
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
    freshSeed: mz.freshSeed,
  };

  const generators = api.generatorNames();
  const solvers = api.solverNames();
  const defaults = {
    ...DEFAULTS,
    generator: generators.includes(PREFERRED_GENERATOR) ? PREFERRED_GENERATOR : generators[0],
    solver: solvers.includes(PREFERRED_SOLVER) ? PREFERRED_SOLVER : (solvers[0] ?? 'none'),
  };
  const { settings, problems } = readSettings(location.search, api, defaults);

  const doc = document;
  const panels = new Panels(doc, api);
  const renderer = new Renderer(doc.getElementById('maze'), doc.getElementById('overlay'),
    doc.getElementById('stage'), wasm.memory);
  renderer.setStyle(settings.style);

  let controls = null;
  const refresh = (run, state, urgent) =>
    panels.update(run, state, {
      urgent,
      sawGroups: renderer.sawGroups,
      showsWalls: renderer.showsWalls,
      solver: controller.settings.solver,
      style: renderer.style,
    });

  const controller = new Controller({
    createRun: (s) => new mz.MazeRun(s.generator, s.solver === 'none' ? '' : s.solver,
      s.width, s.height, s.seed, '', '', s.braid / 100),
    settings,
    hooks: {
      frame(run, state, fresh) {
        if (fresh) renderer.setRun(run);
        else renderer.draw();
        refresh(run, state, fresh || state !== 'running');
      },
      state(state) {
        controls?.showState(state);
        if (controller.run) refresh(controller.run, state, true);
      },
      settings(s) {
        if (s.style !== renderer.style) {
          renderer.setStyle(s.style);
          refresh(controller.run, controller.state, true);
        }
        controls?.show(s);
        // Copying the address shares this exact maze.
        history.replaceState(null, '', writeSettings(s));
      },
      error(message) {
        panels.showMessages([message]);
        controls?.show(controller.settings);
      },
    },
  });

  controls = new Controls(doc, api, {
    change: (changes) => controller.update(changes),
    step: () => controller.step(),
    toggle: () => controller.toggle(),
    reset: () => controller.reset(),
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
  history.replaceState(null, '', writeSettings(controller.settings));

  // Fit the canvas to the window; coalesce bursts of resize events into one layout per frame.
  let pending = false;
  const relayout = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      renderer.layout();
    });
  };
  new ResizeObserver(relayout).observe(doc.getElementById('stage'));
  // Moving the window to a screen with another pixel ratio: a media query per ratio, renewed.
  const watchPixelRatio = () => matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`)
    .addEventListener('change', () => {
      relayout();
      watchPixelRatio();
    }, { once: true });
  watchPixelRatio();

  // For the end-to-end tests and the benchmark page.
  window.mazestep = { controller, renderer, panels, api, wasm, mz };
  doc.documentElement.dataset.ready = 'true';
  if (controller.settings.autoplay) controller.play();
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
