// <maze-step>: the visualiser as a custom element any page can use with one script tag,
//
//   <script type="module" src="https://…/www/maze-step.js"></script>
//   <maze-step generator="kruskal" solver="a-star" width="30" height="20" autoplay loop></maze-step>
//
// Its attributes are the page's URL parameters, read by the same checks (url.js readSettings),
// so an attribute means what the parameter means. Each element has its own shadow DOM (a
// canvas, an overlay, a status line and the bar `controls` asks for) and its own run, driven
// by the page's Controller and shown on the page's stage (www/run/stage.js: the renderer, the
// distance map, the module's set-up, the first run's fallbacks, the status line). The wasm
// module is loaded once per document (module-api.js) and shared by every element.
//
// Language: per element. `lang` picks the element's words; without it, the nearest `lang`
// around the element (the host page's <html lang>), else the browser's languages, else
// English. i18n.js keeps one language per document, so the element reads the language files
// itself and never changes the host page's language.

import { createRun, loadModule, moduleApi, moduleInits } from './run/module-api.js';
import { Controller } from './run/controller.js';
import { Stage, loadShapes, mayBeShaped, startFirstRun, statusText, useModule } from './run/stage.js';
import {
  SPEED_STOPS, moduleDefaults, formatSpeed, messageOf, positionToSpeed, speedToPosition,
} from './run/settings.js';
import { PARAMS, readSettings } from './run/url.js';
import { chooseLanguage, useFallbackWords } from './words/i18n.js';
import { builtInTour, resolveStops, tourNames } from './lessons/tour.js';
import { LANGUAGE_FILES } from './i18n/index.js';
import { quote } from './words/quote.js';

/** The attributes the element reacts to: the URL's parameters (but race and embed), lang and tour. */
export const ATTRIBUTES = [
  'generator', 'solver', 'width', 'height', 'seed', 'speed', 'style', 'shape', 'controls', 'autoplay', 'loop',
  'from', 'to', 'lang', 'tour', 'braid', 'density', 'knobs', 'mask', 'start', 'goal', 'via', 'ends', 'corners', 'heuristic', 'weight', 'exit',
  'distances', 'arrows', 'numbers', 'edits', 'step', 'stop',
];
// lang, tour and stop are the element's own (its words, its tour panel): url.js does not read them here.
const URL_ATTRIBUTES = ATTRIBUTES.filter((name) => PARAMS.includes(name) && !['lang', 'tour', 'stop'].includes(name));

// The words of each phase of a run (MazeRun.phase()).
const PHASE_KEYS = { generating: 'phaseGenerating', braiding: 'phaseBraiding', solving: 'phaseSolving', walking: 'phaseWalking' };

// A status line refresh at most this often while playing (the canvas is drawn every frame).
const STATUS_MS = 250;

// ---- shared by every element: the module, its lookups, and each language's words --------

let shared = null;
function sharedModule() {
  shared ??= loadModule().then(({ mz, wasm }) => {
    const api = moduleApi(mz);
    // The same one-time wiring the page does; harmless when the page has done it already.
    const maskOf = useModule(mz, wasm, api);
    const generators = api.generatorNames();
    const solvers = api.solverNames();
    const defaults = {
      ...moduleDefaults(api),
      // An element is an embedded animation: the minimal bar unless `controls` says otherwise.
      embed: true,
      controls: 'minimal',
    };
    return { mz, wasm, api, maskOf, generators, solvers, defaults };
  });
  return shared;
}

// The parts of the language files an element says (scripts/i18n-index.mjs): the units, its
// own words, and the tours' words.
const ELEMENT_PARTS = ['base', 'element', 'lessons'];

function tableOf(code) {
  const file = LANGUAGE_FILES.find((entry) => entry.code === code);
  return Promise.all(ELEMENT_PARTS.map((part) => file.parts[part]().then((m) => m.default)))
    .then((tables) => Object.assign({}, ...tables));
}

const wordFiles = new Map();
function wordsOf(code) {
  if (!wordFiles.has(code)) {
    wordFiles.set(code, Promise.all([tableOf(code), tableOf('en')]).then(([own, en]) => {
      // The modules the element shares with the page (url.js, settings.js, …) speak English
      // where the page has loaded no language of its own.
      useFallbackWords(en);
      return new Words(code, own, en);
    }));
  }
  return wordFiles.get(code);
}

/** One language's words for an element: the `element` section and the units, English behind. */
export class Words {
  constructor(code, own, english) {
    this.code = code;
    this.own = own;
    this.english = english;
    this.numbers = new Intl.NumberFormat(code);
    this.plurals = new Intl.PluralRules(code);
  }

  entry(section, key) {
    return this.own?.[section]?.[key] ?? this.english?.[section]?.[key];
  }

  /** A key of any section as a dotted path ('tour.kruskal.1'), English behind, else the key. */
  path(key) {
    const find = (words) => key.split('.').reduce((at, part) => (at && typeof at === 'object' && Object.hasOwn(at, part) ? at[part] : undefined), words);
    const found = find(this.own) ?? find(this.english);
    return typeof found === 'string' ? found : key;
  }

  number(n) {
    return this.numbers.format(n);
  }

  count(n, unit) {
    const forms = this.entry('units', unit);
    const number = this.number(n);
    if (!forms || typeof forms !== 'object') return number;
    return (forms[this.plurals.select(n)] ?? forms.other ?? '#').replaceAll('#', number);
  }

  /** element.<key> filled with args: {name} a value, {name:unit} a count with its word. */
  t(key, args = {}) {
    const template = this.entry('element', key);
    return typeof template === 'string' ? this.fill(template, args) : key;
  }

  /** Another section's words (the page's tour words, shared with the element): say('tour.where', …). */
  say(key, args = {}) {
    return this.fill(this.path(key), args);
  }

  fill(template, args) {
    return template.replace(/\{([A-Za-z0-9_]+)(?::([A-Za-z0-9_.-]+))?\}/g, (whole, name, unit) => {
      if (!Object.hasOwn(args, name)) return whole;
      const value = args[name];
      if (unit) return this.count(Number(value), unit);
      return typeof value === 'number' ? this.number(value) : String(value);
    });
  }
}

// ---- the element's look: one sheet, made once, adopted by every shadow root ------------------

const CSS = `
:host { display: block; position: relative; height: 360px; min-height: 160px; contain: content;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
  color: #1d2330; background: #ffffff; border: 1px solid #d5d9e0; border-radius: 10px; }
:host([hidden]) { display: none; }
.box { display: flex; flex-direction: column; height: 100%; gap: 0.35rem; padding: 0.4rem; box-sizing: border-box; }
.stage { position: relative; flex: 1; min-height: 100px; background: #e2e5ea; border-radius: 8px; }
.canvas-wrap { position: absolute; inset: 0; overflow: hidden; }
.canvas-wrap canvas { position: absolute; display: block; }
.overlay { pointer-events: none; }
canvas.maze:focus-visible { outline: 3px solid #0072b2; outline-offset: 4px; }
.messages { position: absolute; z-index: 3; top: 0.7rem; left: 0.7rem; right: 0.7rem; margin: 0; padding: 0.3rem 0.5rem;
  list-style: none; background: #fff4e5; color: #a33a00; border: 1px solid #e8c9a8; border-radius: 6px; font-size: 0.85rem;
  max-height: 40%; overflow: auto; box-shadow: 0 2px 8px rgba(29, 35, 48, 0.2); }
.messages[hidden] { display: none; }
.messages li + li { margin-top: 0.2rem; }
.status { margin: 0; font-size: 0.85rem; color: #4a5263; font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere; line-height: 1.3; height: calc(2 * 1.3em); flex: none; overflow: hidden;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; }
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.5rem; }
.bar[hidden], .more[hidden], .status[hidden] { display: none; }
.more { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.7rem; }
button, select { font: inherit; font-size: 0.85rem; }
button { padding: 0.2rem 0.6rem; min-height: 1.9rem; border: 1px solid #b9c0cc; border-radius: 6px; background: #f6f7f9; color: inherit; cursor: pointer; }
button.primary { background: #0b5d99; border-color: #0b5d99; color: #ffffff; min-width: 4.6rem; }
button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #0072b2; outline-offset: 1px; }
label { display: inline-flex; align-items: center; gap: 0.3rem; font-size: 0.85rem; }
.timeline { flex: 1; min-width: 6rem; display: flex; }
.timeline input { flex: 1; min-width: 0; }
.speed-value { min-width: 5.5rem; font-variant-numeric: tabular-nums; }
.more [hidden] { display: none; }
.tour { display: flex; flex-direction: column; gap: 0.25rem; padding: 0.4rem 0.5rem; background: #f3f7fb;
  border: 1px solid #c9d6e3; border-radius: 6px; font-size: 0.9rem; }
.tour[hidden] { display: none; }
.tour p { margin: 0; }
.tour-title { font-weight: 600; }
.tour-where { color: #4a5263; font-size: 0.85rem; font-variant-numeric: tabular-nums; }
.tour-buttons { display: flex; gap: 0.5rem; }
`;
let sheet = null;
function styleFor(root) {
  try {
    sheet ??= new CSSStyleSheet();
    if (sheet.cssRules.length === 0) sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    // Browsers without constructable sheets: a <style> of its own.
    const style = document.createElement('style');
    style.textContent = CSS;
    root.append(style);
  }
}

const make = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
};

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

// ---- the element ---------------------------------------------------------------------------

export class MazeStepElement extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTES;
  }

  /** How many times the wasm module was initialised on this page (1 once loaded). */
  static moduleInits() {
    return moduleInits();
  }

  constructor() {
    super();
    this.controller = null;
    this.life = null; // a token per run of the element: frames of a torn-down one do nothing
    this.pending = false;
    this.generation = 0;
    this.words = null;
    this.seed = null; // the element's own seed while no `seed` attribute is given
    this.problems = [];
    this.stage = null;
    this.touring = null; // the tour on show: { name, stopGiven, stops: [{ step, key }], index, notes }
    let ready;
    this.ready = new Promise((resolve) => (ready = resolve));
    this.markReady = ready;
  }

  /** The renderer on show (the stage's). */
  get renderer() {
    return this.stage?.renderer ?? null;
  }

  connectedCallback() {
    if (!this.shadowRoot) this.build();
    this.schedule();
  }

  disconnectedCallback() {
    // Moved within the page (removed and inserted in one go): keep the run.
    queueMicrotask(() => {
      if (!this.isConnected) this.teardown();
    });
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected) return;
    this.schedule();
  }

  /** Several attributes set together rebuild once: in a microtask after the last. */
  schedule() {
    if (this.pending) return;
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      this.apply().catch((err) => this.showMessages([this.t('failed', { message: messageOf(err) })]));
    });
  }

  // ---- public controls (safe to call at any time: before the run exists they wait for it) ----

  play() { this.whenRunning((c) => c.play()); }
  pause() { this.whenRunning((c) => c.pause()); }
  step() { this.whenRunning((c) => c.step()); }
  back() { this.whenRunning((c) => c.back()); }
  reset() { this.whenRunning((c) => c.reset()); }

  /** 'idle', 'running', 'paused' or 'done'; 'loading' before the run exists. */
  get state() {
    return this.controller?.state ?? 'loading';
  }

  /** The run on show (a MazeRun), null before it exists or after the element was removed. */
  get run() {
    return this.controller?.run ?? null;
  }

  /** The tour's stop on show: { stop (1-based), of, step }, or null without a tour. */
  get tourStop() {
    const tour = this.touring;
    if (!tour || tour.stops.length === 0) return null;
    return { stop: tour.index + 1, of: tour.stops.length, step: tour.stops[tour.index].step };
  }

  /** A copy of the settings in use. */
  get settings() {
    return this.controller ? { ...this.controller.settings, tour: this.tour } : null;
  }

  whenRunning(action) {
    this.ready.then(() => {
      if (this.controller) action(this.controller);
    });
  }

  t(key, args) {
    return this.words ? this.words.t(key, args) : key;
  }

  // ---- building -------------------------------------------------------------------------

  build() {
    const root = this.attachShadow({ mode: 'open' });
    styleFor(root);
    const ui = {};
    ui.maze = make('canvas', { className: 'maze', tabIndex: 0 });
    ui.maze.setAttribute('role', 'img');
    ui.overlay = make('canvas', { className: 'overlay' });
    ui.overlay.setAttribute('aria-hidden', 'true');
    ui.stage = make('div', { className: 'stage' }, make('div', { className: 'canvas-wrap' }, ui.maze, ui.overlay));
    ui.messages = make('ul', { className: 'messages', hidden: true });
    ui.messages.setAttribute('part', 'messages');
    ui.status = make('p', { className: 'status' });
    ui.status.setAttribute('role', 'status');
    // The tour's panel: what to notice at this stop, and Previous / Next (words as text only).
    ui.tourTitle = make('p', { className: 'tour-title' });
    ui.tourWhere = make('p', { className: 'tour-where' });
    ui.tourWhere.setAttribute('aria-live', 'polite');
    ui.tourText = make('p', { className: 'tour-text' });
    ui.tourPrevious = make('button', { type: 'button', name: 'tour-previous' });
    ui.tourNext = make('button', { type: 'button', name: 'tour-next', className: 'primary' });
    ui.tourPrevious.setAttribute('aria-keyshortcuts', 'P');
    ui.tourNext.setAttribute('aria-keyshortcuts', 'N');
    ui.tour = make('section', { className: 'tour', hidden: true }, ui.tourTitle, ui.tourWhere, ui.tourText,
      make('div', { className: 'tour-buttons' }, ui.tourPrevious, ui.tourNext));
    ui.tour.setAttribute('part', 'tour');
    const button = (name, primary = false) => make('button', { type: 'button', className: primary ? 'primary' : '', name });
    ui.back = button('back');
    ui.step = button('step');
    ui.play = button('play', true);
    ui.reset = button('reset');
    ui.timeline = make('input', { type: 'range', min: 0, max: 0, value: 0, step: 1 });
    ui.timelineBox = make('label', { className: 'timeline' }, ui.timeline);
    ui.bar = make('div', { className: 'bar' }, ui.back, ui.step, ui.play, ui.reset, ui.timelineBox);
    ui.bar.setAttribute('part', 'controls');
    ui.generator = make('select');
    ui.solver = make('select');
    ui.speed = make('input', { type: 'range', min: 0, max: SPEED_STOPS.length - 1, step: 1 });
    ui.speedValue = make('span', { className: 'speed-value' });
    ui.newMaze = button('new-maze');
    ui.generatorLabel = make('span');
    ui.solverLabel = make('span');
    ui.speedLabel = make('span');
    ui.more = make('div', { className: 'more' },
      make('label', {}, ui.generatorLabel, ui.generator), make('label', {}, ui.solverLabel, ui.solver),
      make('label', {}, ui.speedLabel, ui.speed, ui.speedValue), ui.newMaze);
    ui.box = make('div', { className: 'box' }, ui.messages, ui.stage, ui.tour, ui.status, ui.bar, ui.more);
    root.append(ui.box);
    this.ui = ui;

    ui.back.addEventListener('click', () => this.controller?.back());
    ui.step.addEventListener('click', () => this.controller?.step());
    ui.play.addEventListener('click', () => this.controller?.toggle());
    ui.reset.addEventListener('click', () => this.controller?.reset());
    ui.tourPrevious.addEventListener('click', () => this.moveStop(-1));
    ui.tourNext.addEventListener('click', () => this.moveStop(1));
    ui.timeline.addEventListener('pointerdown', () => this.controller?.layTimeline());
    ui.timeline.addEventListener('focus', () => this.controller?.layTimeline());
    ui.timeline.addEventListener('input', () => this.controller?.seek(Number(ui.timeline.value)));
    // The full bar writes its choices into the attributes: they stay the one truth, and the
    // host page sees them.
    ui.generator.addEventListener('change', () => this.setAttribute('generator', ui.generator.value));
    ui.solver.addEventListener('change', () => this.setAttribute('solver', ui.solver.value));
    ui.speed.addEventListener('input', () => this.setAttribute('speed', formatSpeed(positionToSpeed(Number(ui.speed.value)))));
    ui.newMaze.addEventListener('click', () => {
      if (!this.api) return;
      // A fresh maze: a new seed in the attribute when one is given, else the element's own.
      if (this.hasAttribute('seed')) this.setAttribute('seed', this.api.freshSeed());
      else {
        this.seed = this.api.freshSeed();
        this.schedule();
      }
    });
    // Keys while the focus is in the element (not in a field, which keeps its keys).
    root.addEventListener('keydown', (event) => {
      const c = this.controller;
      const target = event.composedPath()[0];
      if (!c || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
      if (event.key === ' ' && !(target instanceof HTMLButtonElement)) c.toggle();
      else if (event.key === 'ArrowRight') c.step();
      else if (event.key === 'ArrowLeft') c.back();
      else if (this.touring && (event.key === 'n' || event.key === 'N')) this.moveStop(1);
      else if (this.touring && (event.key === 'p' || event.key === 'P')) this.moveStop(-1);
      else return;
      event.preventDefault();
    });
  }

  /** Reads the attributes and makes the run follow them. */
  async apply() {
    const generation = ++this.generation;
    let module;
    try {
      module = await sharedModule();
    } catch (err) {
      this.words ??= await wordsOf('en').catch(() => null);
      this.showMessages([this.t('loadFailed', { message: messageOf(err) })]);
      this.ui.status.textContent = '';
      return;
    }
    const lang = this.language();
    const words = await wordsOf(lang.code);
    // A later change, or removal, overtook this one.
    if (generation !== this.generation || !this.isConnected) return;
    this.words = words;
    this.api = module.api;
    this.module = module;
    const { settings, problems: urlProblems } = this.read(module);
    const problems = urlProblems.map((p) => this.t('problem', { message: p.replace(/^URL: /, '') }));
    if (lang.refused !== null) {
      problems.push(this.t('badLang', { given: quote(lang.refused), allowed: LANGUAGE_FILES.map((f) => f.code).join(', '), used: lang.code }));
    }
    const tour = this.readTour(problems);
    this.tour = tour?.name ?? '';
    // The tour's maze replaces the element's own, paused at its stops (as on the page).
    if (tour) Object.assign(settings, tour.data.maze, { from: 0, to: null, loop: false, autoplay: false, step: 0 });
    this.ui.box.lang = words.code;
    this.problems = problems;
    this.translate();
    this.showMessages(problems);
    this.showControls(settings);

    // A shaped maze's renderer first, so its first frame is drawn at once.
    if (mayBeShaped(settings)) await loadShapes();
    if (generation !== this.generation || !this.isConnected) return;
    if (!this.controller) this.begin(settings);
    else this.follow(settings);
    this.followTour(tour);
  }

  /** The `tour` and `stop` attributes: { name, data, stop (0-based), stopGiven } or null; bad values in `problems`. */
  readTour(problems) {
    const hasStop = this.hasAttribute('stop');
    const stopGiven = hasStop ? this.getAttribute('stop') : null;
    if (!this.hasAttribute('tour')) {
      if (hasStop) problems.push(this.t('stopWithoutTour', { given: quote(stopGiven) }));
      return null;
    }
    const given = this.getAttribute('tour');
    const data = builtInTour(given);
    if (!data) {
      problems.push(this.t('badTour', { given: quote(given), names: tourNames().join(', ') }));
      return null;
    }
    let stop = 0;
    if (hasStop) {
      if (/^[0-9]{1,3}$/.test(stopGiven.trim()) && Number(stopGiven) >= 1) stop = Number(stopGiven) - 1;
      else problems.push(this.t('badStop', { given: quote(stopGiven) }));
    }
    return { name: given, data, stop, stopGiven };
  }

  /**
   * Shows the tour the attributes ask for: its stops are resolved once per tour (a scan of a
   * run of its own, tour.js), and the run goes to the asked stop when the tour or `stop` changed.
   */
  followTour(tour) {
    const c = this.controller;
    const before = this.touring;
    if (!tour || !c) {
      this.touring = null;
      this.ui.tour.hidden = true;
      return;
    }
    if (before && before.name === tour.name && before.stopGiven === tour.stopGiven) {
      // Another attribute changed (speed, lang, ...): stay at the stop on show, notes kept.
      this.problems.push(...before.notes);
      this.showMessages(this.problems);
      this.showTour();
      return;
    }
    const notes = [];
    let stops = before?.name === tour.name ? before.stops : null;
    if (!stops) {
      const { mz, maskOf } = this.module;
      // The run on show must be the tour's maze (a refused combination falls back to another).
      const differs = Object.keys(tour.data.maze).some((key) => String(c.settings[key]) !== String(tour.data.maze[key]));
      let steps = null;
      try {
        if (!differs) steps = resolveStops((s) => createRun(mz, s, maskOf), c.settings, tour.data.stops, tour.data.own);
      } catch (err) {
        this.showMessages([...this.problems, this.words.say('tour.errResolve', { message: messageOf(err) })]);
      }
      if (!steps) {
        this.touring = null;
        this.ui.tour.hidden = true;
        return;
      }
      const missing = steps.map((s, k) => (s === null ? k + 1 : 0)).filter(Boolean);
      if (missing.length > 0) notes.push(this.words.say('tour.errMissing', { stops: missing.join(', ') }));
      stops = steps.map((step, k) => ({ step, key: tour.data.keys[k] })).filter((s) => s.step !== null);
    }
    let index = tour.stop;
    if (index >= stops.length) {
      notes.push(this.t('stopPast', { stop: index + 1, n: stops.length }));
      index = 0;
    }
    this.problems.push(...notes);
    this.showMessages(this.problems);
    this.touring = { name: tour.name, stopGiven: tour.stopGiven, stops, index, notes };
    this.ui.tour.hidden = stops.length === 0;
    if (stops.length > 0) this.goStop(index);
  }

  moveStop(by) {
    if (this.touring) this.goStop(this.touring.index + by);
  }

  /** Goes to stop k (clamped): the run seeks there, paused, and the panel says what to notice. */
  goStop(k) {
    const tour = this.touring;
    const c = this.controller;
    if (!tour || !c || tour.stops.length === 0) return;
    tour.index = Math.max(0, Math.min(tour.stops.length - 1, k));
    this.showTour();
    c.seek(tour.stops[tour.index].step, { pause: true, label: '', done: () => this.showTour() });
  }

  showTour() {
    const tour = this.touring;
    if (!tour || tour.stops.length === 0 || !this.words) return;
    const ui = this.ui;
    const stop = tour.stops[tour.index];
    let title = tour.name;
    try {
      title = this.api.algorithmTitle(tour.name);
    } catch {
      // a tour named after no algorithm of this build: its name
    }
    ui.tour.setAttribute('aria-label', this.words.say('tour.choose'));
    setText(ui.tourTitle, this.words.say('tour.title', { algorithm: title }));
    setText(ui.tourWhere, this.words.say('tour.where', { k: tour.index + 1, n: tour.stops.length, step: stop.step }));
    setText(ui.tourText, this.words.say(stop.key));
    setText(ui.tourPrevious, this.words.say('tour.previous'));
    setText(ui.tourNext, this.words.say('tour.next'));
    ui.tourPrevious.disabled = tour.index === 0;
    ui.tourNext.disabled = tour.index === tour.stops.length - 1;
  }

  /** The language the element speaks: { code, refused } (refused: a `lang` with no words). */
  language() {
    if (this.hasAttribute('lang')) return chooseLanguage(this.getAttribute('lang'));
    const around = this.parentElement?.closest('[lang]')?.getAttribute('lang') || null;
    return { code: chooseLanguage(around).code, refused: null };
  }

  /** The attributes as settings, through the URL's own checks. */
  read(module) {
    const query = new URLSearchParams();
    for (const name of URL_ATTRIBUTES) {
      if (this.hasAttribute(name)) query.set(name, this.getAttribute(name));
    }
    const read = readSettings(`?${query}`, module.api, module.defaults);
    // Without a seed attribute the element keeps one seed, so changing its speed or controls
    // does not make another maze.
    if (!this.hasAttribute('seed') || read.problems.some((p) => p.startsWith('URL: seed'))) {
      this.seed ??= read.settings.seed;
      read.settings.seed = this.seed;
    } else {
      this.seed = null;
    }
    return read;
  }

  /** The first run of this element (or the first after it was put back on a page). */
  begin(settings) {
    const { mz, wasm, maskOf, defaults } = this.module;
    const life = {};
    this.life = life;
    const ui = this.ui;
    this.stage = new Stage({ canvas: ui.maze, overlay: ui.overlay, box: ui.stage, memory: wasm.memory }, {
      style: settings.style,
      chore: (work) => this.controller?.chore('draw', work),
      // A shaped run waited for the shapes' renderer: its status and timeline again.
      shapesLoaded: () => this.life === life && this.controller?.frame({ urgent: true }),
    });
    // Came-from arrows and numbers (the arrows and numbers attributes), as on the page.
    this.stage.setThinking(settings);
    this.lastStatus = 0;
    this.total = null;
    const controller = new Controller({
      createRun: (s) => createRun(mz, s, maskOf),
      settings,
      requestFrame: (cb) => requestAnimationFrame((time) => {
        if (this.life === life) cb(time);
      }),
      hooks: {
        frame: (run, state, fresh, { urgent = false, partial = false, working = false } = {}) => {
          if (fresh) this.showRun(run);
          else if (partial) this.renderer.drawAll();
          else this.renderer.draw();
          this.showStatus(run, working ? 'running' : state, fresh || urgent || state !== 'running');
        },
        state: (state) => {
          this.showPlay(state);
          if (this.controller?.run) this.showStatus(this.controller.run, state, true);
          if (state === 'done') this.announce('mazestep-done');
        },
        settings: (s) => {
          if (s.style !== this.stage.style) this.stage.setStyle(s.style);
          this.stage.setDistances(this.controller?.run ?? null, s.distances);
          this.stage.setThinking(s);
          this.showControls(s);
        },
        error: (message) => this.showMessages([...this.problems, message]),
        progress: () => {},
        total: (run, total) => {
          this.total = total;
          this.showTimeline(run);
        },
      },
    });
    this.controller = controller;
    // Refused as a whole: without its grid, then the defaults (as the page does).
    startFirstRun(controller, defaults, { keep: { controls: settings.controls, speed: settings.speed } });
    this.observe();
    this.opening(settings, true);
    this.markReady();
    this.announce('mazestep-ready');
  }

  /** Attributes changed: a new run when the maze changed, else only the settings. */
  follow(settings) {
    const c = this.controller;
    const before = c.settings;
    const changes = {};
    for (const key of Object.keys(settings)) if (settings[key] !== before[key]) changes[key] = settings[key];
    if (Object.keys(changes).length === 0) return;
    const oldRun = c.run;
    if (!c.update(changes)) return; // refused: the error hook says why, the run on show stays
    const fresh = c.run !== oldRun;
    if (fresh || 'step' in changes || 'from' in changes || ('autoplay' in changes && settings.autoplay)) this.opening(c.settings, fresh);
  }

  /** Opens at `step` (or `from`), and plays when autoplay asks (reduced motion: the end instead). */
  opening(settings, fresh) {
    const c = this.controller;
    const at = settings.step;
    if (settings.autoplay && reducedMotion()) {
      // Nothing moves by itself: the end (or `to`) at once, Play to watch it.
      const end = settings.to ?? c.run.knownTotal();
      c.seek(end !== null && end >= 0 ? end : Infinity, { label: '' });
      this.showMessages([...this.problems, this.t('reducedMotion')]);
      return;
    }
    if (at > 0 && (fresh || c.run.steps() !== at)) {
      c.seek(at, { pause: !settings.autoplay, label: '', done: () => settings.autoplay && c.play() });
      return;
    }
    if (settings.autoplay && c.state !== 'running') c.play();
  }

  /** A new run on the canvas. */
  showRun(run) {
    this.stage.show(run, this.controller.settings.distances);
    this.total = null;
    this.showTimeline(run);
    this.labelCanvas();
  }

  // ---- showing ------------------------------------------------------------------------

  translate() {
    const ui = this.ui;
    ui.back.textContent = this.t('back');
    ui.step.textContent = this.t('step');
    ui.reset.textContent = this.t('reset');
    ui.newMaze.textContent = this.t('newMaze');
    ui.timeline.setAttribute('aria-label', this.t('timeline'));
    ui.generatorLabel.textContent = this.t('generator');
    ui.solverLabel.textContent = this.t('solver');
    ui.speedLabel.textContent = this.t('speed');
    this.showPlay(this.controller?.state ?? 'idle');
    this.showTour();
    if (this.controller?.run) {
      this.labelCanvas();
      this.showStatus(this.controller.run, this.controller.state, true);
    }
  }

  showPlay(state) {
    const playing = state === 'running' || Boolean(this.controller?.job);
    const text = this.t(playing ? 'pause' : 'play');
    if (this.ui.play.textContent !== text) this.ui.play.textContent = text;
  }

  /** The bar `controls` asks for: none, minimal (Back, Step, Play, Reset, Timeline) or full. */
  showControls(s) {
    const ui = this.ui;
    ui.bar.hidden = s.controls === 'none';
    ui.status.hidden = s.controls === 'none';
    ui.more.hidden = s.controls !== 'full';
    if (s.controls !== 'full' || !this.module) return;
    // A tour's maze replaces these choices: hide them while it is on.
    for (const node of [ui.generator.parentElement, ui.solver.parentElement, ui.newMaze]) node.hidden = Boolean(this.tour);
    const { api, generators, solvers } = this.module;
    const title = (name) => {
      try {
        return api.algorithmTitle(name);
      } catch {
        return name;
      }
    };
    if (ui.generator.options.length === 0) {
      for (const name of generators) ui.generator.append(make('option', { value: name, textContent: title(name) }));
    }
    if (ui.solver.options.length === 0) ui.solver.append(make('option', { value: 'none' }));
    if (ui.solver.options.length === 1) {
      for (const name of solvers) ui.solver.append(make('option', { value: name, textContent: title(name) }));
    }
    ui.solver.options[0].textContent = this.t('noSolver');
    ui.generator.value = s.generator;
    ui.solver.value = s.solver;
    ui.speed.value = String(speedToPosition(s.speed));
    ui.speedValue.textContent = s.speed === Infinity ? this.t('speedMax') : this.t('speedValue', { speed: s.speed });
  }

  /** The status line's words (www/run/stage.js statusText): the element's own, shorter than the page's. */
  statusWords() {
    const phaseName = (phase) => this.t(PHASE_KEYS[phase] ?? 'phaseSolving');
    return {
      ready: (phase, steps) => this.t('ready', { steps }),
      done: (steps) => this.t('done', { steps }),
      phase: (phase, steps) => this.t('phase', { phase: phaseName(phase), steps }),
      paused: (phase, steps) => this.t('phasePaused', { phase: phaseName(phase), steps }),
      visited: (count) => this.t('visited', { count }),
      path: (count) => this.t('path', { count }),
    };
  }

  showStatus(run, state, urgent) {
    const now = performance.now();
    if (!urgent && now - this.lastStatus < STATUS_MS) return;
    this.lastStatus = now;
    let text;
    try {
      text = statusText(run, state, this.controller.settings.solver, this.statusWords());
      if (!this.controller.job) this.showTimeline(run);
    } catch (err) {
      text = messageOf(err);
    }
    if (this.ui.status.textContent !== text) {
      // Two lines are kept for it (the maze never moves when it grows); cut, it is the tooltip.
      this.ui.status.textContent = text;
      this.ui.status.title = text;
    }
  }

  showTimeline(run) {
    const input = this.ui.timeline;
    const steps = run.steps();
    const max = this.total ?? Math.max(steps, Number(input.max));
    if (Number(input.max) !== max) input.max = String(max);
    if (Number(input.value) !== steps) input.value = String(steps);
    input.setAttribute('aria-valuetext', this.t('atStep', { steps }));
  }

  labelCanvas() {
    const s = this.controller.settings;
    const title = (name) => {
      try {
        return this.api.algorithmTitle(name);
      } catch {
        return name;
      }
    };
    this.ui.maze.setAttribute('aria-label', this.t('maze', {
      generator: title(s.generator), solver: s.solver === 'none' ? this.t('noSolver') : title(s.solver),
      width: s.width, height: s.height,
    }));
  }

  /** Messages inside the element (text only: they may quote attribute values). */
  showMessages(messages) {
    const list = this.ui.messages;
    list.replaceChildren(...messages.map((m) => make('li', { textContent: m })));
    list.hidden = messages.length === 0;
  }

  announce(type) {
    const run = this.run;
    let detail = {};
    try {
      detail = run ? { steps: run.steps(), outcome: run.outcome(), pathLength: run.pathLength(), visited: run.visited() } : {};
    } catch {
      detail = {};
    }
    this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }

  // ---- size and life ------------------------------------------------------------------

  observe() {
    const life = this.life;
    // Laid out again before the frame is painted (an observer runs after layout, before
    // paint): a frame later, the maze would show out of place for a frame.
    this.resizer = new ResizeObserver(() => {
      if (this.life === life) this.renderer.keepPlaced();
    });
    this.resizer.observe(this.ui.stage);
  }

  /** Off the page: stop the clock and give the run's memory back at once. */
  teardown() {
    const c = this.controller;
    if (!c) return;
    this.life = null;
    this.generation++;
    this.resizer?.disconnect();
    c.cancelJob(false);
    c.chores.clear();
    this.stage.waiting = null;
    for (const r of this.stage.renderers()) {
      r.run = null;
      r.onPending = null;
    }
    for (const run of c.run ? c.runs() : []) {
      try {
        run.free();
      } catch {
        // already freed
      }
    }
    c.run = null;
    c.partner = null;
    this.controller = null;
    this.touring = null;
    let ready;
    this.ready = new Promise((resolve) => (ready = resolve));
    this.markReady = ready;
  }
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Defined once, however many times (or from however many URLs) this file is loaded.
if (globalThis.customElements && !customElements.get('maze-step')) {
  customElements.define('maze-step', MazeStepElement);
}
