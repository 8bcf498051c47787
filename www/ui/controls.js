// The form: turns DOM events into callbacks and shows the settings and state it is given.
// It knows nothing about runs or canvases; every check of typed text goes through the wasm
// parsers handed in, so the page and the core accept the same values.

import { t } from '../words/i18n.js';
import { honoursText, solverHonours } from '../run/world.js';
import { KnobControls } from './knobs.js';
import {
  CORNERS, DENSITY_MAX, ENDS, EXITS, endsTitle, HEURISTICS, NUMBERS, RACE_PRESETS, raceLanes, cornerTitle, heuristicTitle, numbersTitle, describeDensity, WEIGHT_MAX, WEIGHT_MIN, BRAID_MAX, BRAID_STEP, SPEED_STOPS, describeBraid, describeEnds, describeSpeed, messageOf,
  positionToSpeed, speedToPosition,
} from '../run/settings.js';

export class Controls {
  /**
   * @param {Document} doc
   * @param {object} api  { generatorNames, generatorGroups, generatorGroup, solverNames,
   *                        algorithmTitle, algorithmSummary, parseSide, parseSeed, freshSeed }
   * @param {object} on   { change(changes), step(), back(), toggle(), reset(),
   *                        pick(which, clientX, clientY)  a click ('start') or shift-click ('goal') on the maze,
   *                        moveCursor(dx, dy), placeCursor(which), showCursor(shown), corners() }
   */
  constructor(doc, api, on) {
    this.api = api;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      generator: $('generator'), solver: $('solver'), race: $('race'), width: $('width'), height: $('height'),
      seed: $('seed'), newSeed: $('new-seed'), step: $('step'), back: $('back'), play: $('play'), reset: $('reset'),
      speed: $('speed'), speedText: $('speed-text'), styleBlock: $('style-block'),
      styleThin: $('style-thin'), generatorSummary: $('generator-summary'), braid: $('braid'),
      braidText: $('braid-text'), density: $('density'), densityText: $('density-text'),
      densityField: $('density-field'), maze: $('maze'), ends: $('ends'), corners: $('corners'),
      diagonals: $('diagonals'), heuristic: $('heuristic'), weight: $('weight'), honours: $('solver-honours'),
      arrows: $('arrows'), numbers: $('numbers'),
      exit: $('exit'), exitField: $('exit-field'), endsPreset: $('ends-preset'),
    };
    // Where the run put the ends, as { start, goal } ([x, y] each), when a preset placed them
    // (see showEnds); null: where the settings say.
    this.placed = null;
    this.summaries = new Map();
    this.knobs = new KnobControls(doc, api, (knobs) => this.on.change({ knobs }));
    this.fillOptions();
    this.wire(doc);
  }

  fillOptions() {
    const { generator, solver } = this.el;
    // Grouped by family (the grouping is the core's, beside its registry); registry order
    // within a group. A generator with no known group still gets listed, at the end.
    const groups = new Map(safe(() => this.api.generatorGroups(), []).map((g) => [g, []]));
    const loose = [];
    for (const name of this.api.generatorNames()) {
      const item = option(name, this.api.algorithmTitle(name));
      this.summaries.set(name, safe(() => this.api.algorithmSummary(name), ''));
      item.title = this.summaries.get(name);
      const list = groups.get(safe(() => this.api.generatorGroup(name), ''));
      (list ?? loose).push(item);
    }
    for (const [label, items] of groups) {
      if (items.length === 0) continue;
      const group = document.createElement('optgroup');
      group.label = label;
      group.append(...items);
      generator.append(group);
    }
    generator.append(...loose);
    solver.append(option('none', t('page.solverNone')));
    for (const name of this.api.solverNames()) solver.append(option(name, this.api.algorithmTitle(name)));
    this.el.race.append(option('none', t('page.none')));
    for (const name of this.api.solverNames()) this.el.race.append(option(name, this.api.algorithmTitle(name)));
    // Ready-made races of three and of two lanes; a race from an address gets an entry of its own (show).
    const solvers = this.api.solverNames();
    for (const [name, preset] of Object.entries(RACE_PRESETS)) {
      if ([preset.solver, ...raceLanes(preset).map((lane) => lane.solver)].every((s) => solvers.includes(s))) {
        this.el.race.append(option(`preset:${name}`, t(`page.racePreset-${name}`)));
      }
    }
    for (const name of Object.keys(CORNERS)) this.el.diagonals.append(option(name, cornerTitle(name)));
    for (const name of Object.keys(HEURISTICS)) this.el.heuristic.append(option(name, heuristicTitle(name)));
    for (const name of NUMBERS) this.el.numbers.append(option(name, numbersTitle(name)));
    for (const name of EXITS) this.el.exit.append(option(name, t(`page.exit-${name}`)));
    for (const name of ENDS) this.el.endsPreset?.append(option(name, endsTitle(name)));
    this.el.speed.min = '0';
    this.el.speed.max = String(SPEED_STOPS.length - 1);
    this.el.speed.step = '1';
    this.el.braid.min = '0';
    this.el.braid.max = String(BRAID_MAX);
    this.el.braid.step = String(BRAID_STEP);
    this.el.density.max = String(DENSITY_MAX);
  }

  wire(doc) {
    const el = this.el;
    el.generator.addEventListener('change', () => {
      this.showSummary(el.generator.value);
      // Knobs belong to their generator: another one starts at its own defaults.
      this.on.change({ generator: el.generator.value, knobs: '' });
    });
    // The text follows the slider while it moves; the new maze comes when it is let go.
    el.braid.addEventListener('input', () => this.showBraid(Number(el.braid.value)));
    el.braid.addEventListener('change', () => this.on.change({ braid: Number(el.braid.value) }));
    el.density.addEventListener('input', () => this.showDensity(Number(el.density.value)));
    el.density.addEventListener('change', () => this.on.change({ density: Number(el.density.value) }));
    el.solver.addEventListener('change', () => this.on.change({ solver: el.solver.value }));
    el.race.addEventListener('change', () => {
      const value = el.race.value;
      // A preset sets the main lane's solver, heuristic and weight too.
      const preset = value.startsWith('preset:') ? RACE_PRESETS[value.slice('preset:'.length)] : null;
      this.on.change(preset ? { ...preset } : { race: value });
    });
    el.diagonals.addEventListener('change', () => this.on.change({ corners: el.diagonals.value }));
    el.heuristic.addEventListener('change', () => this.on.change({ heuristic: el.heuristic.value }));
    el.arrows.addEventListener('change', () => this.on.change({ arrows: el.arrows.checked }));
    el.numbers.addEventListener('change', () => this.on.change({ numbers: el.numbers.value }));
    el.exit.addEventListener('change', () => this.on.change({ exit: el.exit.value }));
    el.endsPreset?.addEventListener('change', () => this.on.change({ ends: el.endsPreset.value }));
    el.weight.addEventListener('change', () => {
      const value = this.checked(el.weight, () => {
        const weight = Number(el.weight.value);
        if (el.weight.value.trim() === '' || !(weight >= WEIGHT_MIN && weight <= WEIGHT_MAX)) {
          throw new Error(t('page.weightProblem', { min: WEIGHT_MIN, max: WEIGHT_MAX }));
        }
        return weight;
      });
      if (value !== null) this.on.change({ weight: value });
    });
    // 'change', not 'input': a new maze per keystroke would throw away half-typed numbers.
    for (const side of ['width', 'height']) {
      el[side].addEventListener('change', () => {
        const value = this.checked(el[side], () => this.api.parseSide(side, el[side].value));
        if (value !== null) this.on.change({ [side]: value });
      });
    }
    el.seed.addEventListener('change', () => {
      const value = this.checked(el.seed, () => this.api.parseSeed(el.seed.value));
      if (value !== null) this.on.change({ seed: value });
    });
    el.newSeed.addEventListener('click', () => {
      const seed = this.api.freshSeed();
      el.seed.value = seed;
      this.clearProblem(el.seed);
      this.on.change({ seed });
    });
    el.speed.addEventListener('input', () => {
      const speed = positionToSpeed(Number(el.speed.value));
      this.showSpeed(speed);
      this.on.change({ speed });
    });
    for (const radio of [el.styleBlock, el.styleThin]) {
      radio.addEventListener('change', () => {
        if (radio.checked) this.on.change({ style: radio.value });
      });
    }
    el.step.addEventListener('click', () => this.on.step());
    el.back.addEventListener('click', () => this.on.back());
    el.play.addEventListener('click', () => this.on.toggle());
    el.reset.addEventListener('click', () => this.on.reset());
    // Start and goal: click (or tap) and shift-click on the maze, or the keyboard on it.
    el.maze.addEventListener('click', (event) => {
      if (event.button !== 0) return;
      this.on.pick(event.shiftKey ? 'goal' : 'start', event.clientX, event.clientY);
    });
    el.maze.addEventListener('keydown', (event) => this.onMazeKey(event));
    // The cursor shows when focus came from the keyboard (a click focuses the maze too).
    el.maze.addEventListener('focus', () => {
      if (el.maze.matches(':focus-visible')) this.on.showCursor(true);
    });
    el.maze.addEventListener('blur', () => this.on.showCursor(false));
    el.corners.addEventListener('click', () => this.on.corners());
    doc.addEventListener('keydown', (event) => this.onKey(event));
  }

  // On the focused maze, arrows move the cell cursor and S / G put the start / goal on it.
  // Handled here first; preventDefault keeps the page's keys (→ steps) out of it. Space and R
  // still reach onKey.
  onMazeKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      this.on.moveCursor(...move);
    } else if (event.key === 's' || event.key === 'S') {
      event.preventDefault();
      this.on.placeCursor('start');
    } else if (event.key === 'g' || event.key === 'G') {
      event.preventDefault();
      this.on.placeCursor('goal');
    }
  }

  // Space, ArrowRight, ArrowLeft and R act on the page unless focus is in a field that uses those keys
  // itself (typing, choosing, moving the slider). On a focused button Space keeps pressing
  // that button, as everywhere else; the arrows and R still step, go back and reset.
  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, select, textarea, [contenteditable]')) return;
    const space = event.key === ' ' || event.code === 'Space';
    if (space && target?.closest('button, a[href]')) return;
    if (space) {
      event.preventDefault();
      this.on.toggle();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      this.on.step();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      this.on.back();
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      this.on.reset();
    }
  }

  /** Runs a wasm parser on a field; marks the field and shows the message when it throws. */
  checked(input, parse) {
    try {
      const value = parse();
      this.clearProblem(input);
      return value;
    } catch (err) {
      input.setAttribute('aria-invalid', 'true');
      const note = this.noteFor(input);
      note.textContent = messageOf(err);
      note.hidden = false;
      return null;
    }
  }

  clearProblem(input) {
    input.removeAttribute('aria-invalid');
    const note = this.noteFor(input);
    note.textContent = '';
    note.hidden = true;
  }

  noteFor(input) {
    return input.ownerDocument.getElementById(`${input.id}-problem`);
  }

  /** Shows settings (after load, or after the controller refused or accepted a change). */
  show(settings) {
    const el = this.el;
    el.generator.value = settings.generator;
    this.showSummary(settings.generator);
    el.braid.value = String(settings.braid);
    this.showBraid(settings.braid);
    el.density.value = String(settings.density);
    this.showDensity(settings.density);
    // The slider only for the generators that read it (the core says which).
    el.densityField.hidden = !this.usesDensity(settings.generator);
    this.knobs.show(settings.generator, settings.knobs);
    el.solver.value = settings.solver;
    this.showRace(settings);
    el.diagonals.value = settings.corners;
    el.heuristic.value = settings.heuristic;
    el.arrows.checked = Boolean(settings.arrows);
    el.numbers.value = settings.numbers ?? '';
    el.weight.value = String(settings.weight);
    this.clearProblem(el.weight);
    el.exit.value = settings.exit;
    // Only for the solvers that can flood (the core's registry says which).
    el.exitField.hidden = !solverHonours(settings.solver).floods;
    const honours = honoursText(settings.solver, settings);
    if (el.honours.textContent !== honours) el.honours.textContent = honours;
    el.width.value = String(settings.width);
    el.height.value = String(settings.height);
    el.seed.value = settings.seed;
    for (const input of [el.width, el.height, el.seed]) this.clearProblem(input);
    el.speed.value = String(speedToPosition(settings.speed));
    this.showSpeed(settings.speed);
    this.showEnds(settings);
    el.styleBlock.checked = settings.style === 'block';
    el.styleThin.checked = settings.style === 'thin';
  }

  /**
   * The race list shows the race on show: a solver, a preset whose settings it has, or an entry
   * of its own for a race made in the address (its lanes' names).
   */
  showRace(settings) {
    const select = this.el.race;
    select.querySelector('option[data-custom]')?.remove();
    const preset = Object.entries(RACE_PRESETS).find(([, p]) => Object.entries(p).every(([key, value]) => settings[key] === value));
    let value = preset ? `preset:${preset[0]}` : settings.race;
    if (![...select.options].some((item) => item.value === value)) {
      const item = option(settings.race, raceLanes(settings).map((lane) => safe(() => this.api.algorithmTitle(lane.solver), lane.solver)).join(' · '));
      item.dataset.custom = '';
      select.append(item);
      value = settings.race;
    }
    select.value = value;
  }

  /**
   * Where the start and goal are (also after a live re-solve moved one); `placed`, where a
   * preset put them on the run ({ start, goal } as [x, y]: the hardest pair is placed when the
   * search begins), kept for the next call.
   */
  showEnds(settings, placed = this.placed) {
    this.placed = placed;
    const ends = describeEnds(settings, settings.ends && settings.ends !== 'corners' ? placed : null);
    if (this.el.ends.textContent !== ends) this.el.ends.textContent = ends;
    this.el.corners.disabled = !settings.start && !settings.goal && (settings.ends ?? 'corners') === 'corners';
    if (this.el.endsPreset && this.el.endsPreset.value !== (settings.ends ?? 'corners')) this.el.endsPreset.value = settings.ends ?? 'corners';
  }

  showSummary(name) {
    const text = this.summaries.get(name) ?? '';
    if (this.el.generatorSummary.textContent !== text) this.el.generatorSummary.textContent = text;
  }

  usesDensity(name) {
    try {
      return this.api.usesDensity(name);
    } catch {
      return false;
    }
  }

  showDensity(percent) {
    const text = describeDensity(percent);
    this.el.densityText.textContent = text;
    this.el.density.setAttribute('aria-valuetext', text);
  }

  showBraid(percent) {
    const text = describeBraid(percent);
    this.el.braidText.textContent = text;
    this.el.braid.setAttribute('aria-valuetext', text);
  }

  showSpeed(speed) {
    const text = describeSpeed(speed);
    this.el.speedText.textContent = text;
    this.el.speed.setAttribute('aria-valuetext', text);
  }

  /** The page's own words in the lists, again in the current language (algorithm names are the core's). */
  relabel() {
    const none = (select, key) => {
      const item = select.querySelector('option[value="none"]');
      if (item) item.textContent = t(key);
    };
    none(this.el.solver, 'page.solverNone');
    none(this.el.race, 'page.none');
    for (const item of this.el.diagonals.options) item.textContent = cornerTitle(item.value);
    for (const item of this.el.heuristic.options) item.textContent = heuristicTitle(item.value);
    for (const item of this.el.numbers.options) item.textContent = numbersTitle(item.value);
    for (const item of this.el.exit.options) item.textContent = t(`page.exit-${item.value}`);
    // The seam to the core's words: titles and summaries asked again, in case they follow the language.
    for (const [name] of Object.entries(RACE_PRESETS)) {
      const item = this.el.race.querySelector(`option[value="preset:${name}"]`);
      if (item) item.textContent = t(`page.racePreset-${name}`);
    }
    for (const select of [this.el.generator, this.el.solver, this.el.race]) {
      for (const item of select.options) {
        if (item.value !== 'none' && !item.value.startsWith('preset:') && !('custom' in item.dataset)) item.textContent = safe(() => this.api.algorithmTitle(item.value), item.value);
      }
    }
    for (const name of this.summaries.keys()) this.summaries.set(name, safe(() => this.api.algorithmSummary(name), ''));
    for (const item of this.el.generator.options) {
      item.title = this.summaries.get(item.value) ?? '';
      delete item.dataset.summary;
    }
    this.showSummary(this.el.generator.value);
    this.knobs.relabel();
  }

  /** Play turns into Pause while running; Step is useless once done. */
  showState(state) {
    const running = state === 'running';
    this.el.play.textContent = running ? t('page.pause') : t('page.play');
    this.el.play.classList.toggle('is-running', running);
    this.el.step.disabled = state === 'done';
  }
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}
