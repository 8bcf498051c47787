// Guided tours: a fixed maze and a few stops, each a step of the run and a paragraph on what
// to notice there. The built-in tours are data (www/tours.js, words in www/i18n); a teacher's
// own tour is a small text (a file or the link's `tourtext=`). Stops are resolved by scanning
// the run's events once on a run of its own, so nothing on show moves while they are found.
// Every word from a file or a link is shown with textContent only.

import { t } from './i18n.js';
import { TOURS } from './tours.js';

// A teacher's tour travels in a link: at most this many characters.
export const TOUR_TEXT_MAX = 2000;
// At most this many stops, and words per stop.
const STOPS_MAX = 30;
const STOP_TEXT_MAX = 600;
// A scan gives up after this many steps (tour mazes are small; a teacher's may not be).
const SCAN_MAX = 200_000;

/** The built-in tours' names, in the order of the page's lists. */
export const tourNames = () => Object.keys(TOURS);

// What a tour's maze leaves at its plain value unless it says otherwise.
export const PLAIN_MAZE = {
  braid: 0, density: 30, shape: 'square', mask: '', edits: '', start: '', goal: '', race: 'none',
  corners: 'never', heuristic: 'grid', weight: 1, distances: '',
};

/**
 * Built-in tour `name` for whoever shows it (the page's panel, the <maze-step> element):
 * { maze (settings laid over the run's), stops (for resolveStops), own (their algorithm),
 * keys (the words of each stop) }, or null when there is no such tour.
 */
export function builtInTour(name) {
  if (typeof name !== 'string' || !Object.hasOwn(TOURS, name)) return null;
  const data = TOURS[name];
  return {
    maze: { ...PLAIN_MAZE, ...data.maze }, stops: data.stops, own: name,
    keys: data.stops.map((_, k) => `tour.${name}.${k + 1}`),
  };
}

/**
 * Finds the step of every stop in one pass over a run made from `settings`.
 * `stops` are { step } | { event, nth?, algorithm? } | { share, algorithm? } | { end, algorithm? };
 * `own` is the algorithm that stops without `algorithm` belong to (null: any machine, and
 * `end` is the end of the whole run). Returns one step per stop, or null where it never happens.
 */
export function resolveStops(createRun, settings, stops, own) {
  const run = createRun(settings);
  try {
    const counts = stops.map(() => 0);
    const found = stops.map((stop) => (Number.isInteger(stop.step) ? stop.step : null));
    const spans = new Map(); // algorithm -> [first step, last step]
    while (run.phase() !== 'done' && run.steps() < SCAN_MAX) {
      if (run.advance(1) === 0) break;
      const step = run.steps();
      const algorithm = run.algorithm();
      const event = run.lastEvent();
      const span = spans.get(algorithm);
      if (span) span[1] = step;
      else spans.set(algorithm, [step, step]);
      stops.forEach((stop, i) => {
        if (found[i] !== null || !stop.event || stop.event !== event) return;
        const whose = stop.algorithm ?? own;
        if (whose !== null && whose !== algorithm) return;
        counts[i]++;
        if (counts[i] === (stop.nth ?? 1)) found[i] = step;
      });
    }
    const total = run.steps();
    return stops.map((stop, i) => {
      if (found[i] !== null) return Math.min(found[i], total);
      const whose = stop.algorithm ?? own;
      const span = whose === null ? [1, total] : spans.get(whose);
      if (!span) return null;
      if (stop.end) return span[1];
      if (typeof stop.share === 'number') return span[0] + Math.round(Math.min(1, Math.max(0, stop.share)) * (span[1] - span[0]));
      return null;
    });
  } finally {
    run.free();
  }
}

/**
 * Reads a teacher's tour:
 *   title: Kruskal for class 3B          (optional)
 *   maze: generator=kruskal&seed=3       (optional: the page's own URL parameters)
 *   step 5: what to notice at step 5
 *   merge-sets 2: at the second step whose event is merge-sets
 *   end: at the end of the run
 * Lines starting with # are comments. Returns { title, maze, stops: [{ when, text }] } or
 * throws an Error whose message names the line and says what is allowed.
 */
export function parseTeacherTour(text) {
  if (typeof text !== 'string') throw new Error(t('tour.errNotText'));
  if (text.length > TOUR_TEXT_MAX) throw new Error(t('tour.errTooLong', { length: text.length, max: TOUR_TEXT_MAX }));
  const tour = { title: '', maze: '', stops: [] };
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const colon = line.indexOf(':');
    if (colon < 0) throw new Error(t('tour.errLine', { line: i + 1 }));
    const head = line.slice(0, colon).trim().toLowerCase();
    const body = line.slice(colon + 1).trim();
    if (head === 'title') {
      tour.title = body.slice(0, 80);
      return;
    }
    if (head === 'maze') {
      tour.maze = body.replace(/^\?/, '');
      return;
    }
    let when;
    const step = head.match(/^step\s+([0-9]{1,9})$/);
    const event = head.match(/^([a-z][a-z-]{0,30})(?:\s+([0-9]{1,6}))?$/);
    if (step) when = { step: Number(step[1]) };
    else if (head === 'end') when = { end: true };
    else if (event && Number(event[2] ?? 1) >= 1) when = { event: event[1], nth: Number(event[2] ?? 1) };
    else throw new Error(t('tour.errLine', { line: i + 1 }));
    if (body === '') throw new Error(t('tour.errEmpty', { line: i + 1 }));
    if (tour.stops.length >= STOPS_MAX) throw new Error(t('tour.errStops', { max: STOPS_MAX }));
    tour.stops.push({ when, text: body.slice(0, STOP_TEXT_MAX) });
  });
  if (tour.stops.length === 0) throw new Error(t('tour.errNoStops'));
  return tour;
}

export class TourPanel {
  /**
   * @param {Document} doc
   * @param {HTMLElement} box  where the panel goes
   * @param {object} on  { resolve(settings, stops, own) -> steps, apply(maze) -> settings | null
   *   (puts the tour's maze on show), seek(step, done), matches(maze) -> boolean,
   *   title(algorithm), changed() (the address should be written again), message(text) }
   */
  constructor(doc, box, on) {
    this.doc = doc;
    this.on = on;
    this.tour = null; // { name, own: bool, heading, texts: [], steps: [], maze, source }
    this.index = 0;
    const make = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
    this.el = {
      panel: make('section', { className: 'lesson-panel tour-panel', hidden: true }),
      heading: make('h2', { id: 'tour-heading' }),
      where: make('p', { className: 'tour-where' }),
      text: make('p', { className: 'tour-text', id: 'tour-text' }),
      previous: make('button', { type: 'button', id: 'tour-previous' }),
      next: make('button', { type: 'button', id: 'tour-next', className: 'primary' }),
      close: make('button', { type: 'button', id: 'tour-close' }),
    };
    const el = this.el;
    el.panel.setAttribute('aria-labelledby', 'tour-heading');
    el.where.setAttribute('aria-live', 'polite');
    el.previous.setAttribute('aria-keyshortcuts', 'P');
    el.next.setAttribute('aria-keyshortcuts', 'N');
    const buttons = make('div', { className: 'buttons' });
    buttons.append(el.previous, el.next, el.close);
    el.panel.append(el.heading, el.where, el.text, buttons);
    box.append(el.panel);
    el.previous.addEventListener('click', () => this.go(this.index - 1));
    el.next.addEventListener('click', () => this.go(this.index + 1));
    el.close.addEventListener('click', () => this.close());
    doc.addEventListener('keydown', (event) => {
      if (!this.tour || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('input, select, textarea, [contenteditable]')) return;
      const key = event.key.toLowerCase();
      if (key !== 'n' && key !== 'p') return;
      event.preventDefault();
      this.go(this.index + (key === 'n' ? 1 : -1));
    });
    this.words();
  }

  get active() {
    return this.tour !== null;
  }

  /** Opens the built-in tour `name` at stop `stop` (0-based). Returns false (with a message) if it cannot. */
  open(name, stop = 0) {
    const data = builtInTour(name);
    if (!data) return false;
    const tour = {
      name, own: false, maze: data.maze, stopsSpec: data.stops, ownAlgorithm: data.own,
      texts: data.keys.map((key) => ({ key })),
    };
    return this.start(tour, stop);
  }

  /** Opens a teacher's tour from its text; the maze is its `maze:` line, else what is on show. */
  openOwn(text, stop = 0, source = 'link') {
    let parsed;
    try {
      parsed = parseTeacherTour(text);
    } catch (err) {
      this.on.message(t('tour.errOwn', { source, message: err.message }));
      return false;
    }
    const tour = {
      name: null, own: true, title: parsed.title, text, maze: parsed.maze || null,
      stopsSpec: parsed.stops.map((s) => s.when), ownAlgorithm: null,
      texts: parsed.stops.map((s) => ({ text: s.text })),
    };
    return this.start(tour, stop);
  }

  start(tour, stop) {
    const settings = this.on.apply(tour.maze);
    if (!settings) return false;
    let steps;
    try {
      steps = this.on.resolve(settings, tour.stopsSpec, tour.ownAlgorithm);
    } catch (err) {
      this.on.message(t('tour.errResolve', { message: err instanceof Error ? err.message : String(err) }));
      return false;
    }
    const missing = steps.map((s, k) => (s === null ? k + 1 : 0)).filter(Boolean);
    if (missing.length > 0) this.on.message(t('tour.errMissing', { stops: missing.join(', ') }));
    // Stops that never happen in this run are left out.
    tour.stops = steps.map((step, k) => ({ step, ...tour.texts[k] })).filter((s) => s.step !== null);
    if (tour.stops.length === 0) return false;
    tour.settings = settings;
    this.tour = tour;
    if (stop >= tour.stops.length) stop = 0;
    this.el.panel.hidden = false;
    this.go(stop);
    return true;
  }

  /** Goes to stop k (clamped): the run seeks there, paused, and the panel says what to notice. */
  go(k) {
    if (!this.tour) return;
    this.index = Math.max(0, Math.min(this.tour.stops.length - 1, k));
    this.show();
    this.on.seek(this.tour.stops[this.index].step, () => this.show());
    this.on.changed();
  }

  close() {
    if (!this.tour) return;
    this.tour = null;
    this.el.panel.hidden = true;
    this.on.changed();
  }

  /** A new run on show: the tour stays only while its maze is the one on show. */
  newRun(settings) {
    if (this.tour && !this.on.matches(this.tour.settings, settings)) {
      this.close();
      this.on.message(t('tour.closed'));
    }
  }

  /** The tour's part of the address: tour=NAME (or tourtext=) and stop=K (1-based). */
  params() {
    if (!this.tour) return [];
    const which = this.tour.own ? ['tourtext', this.tour.text] : ['tour', this.tour.name];
    return [which, ['stop', String(this.index + 1)]];
  }

  /** The words again (after a language change). */
  words() {
    const el = this.el;
    el.previous.textContent = t('tour.previous');
    el.next.textContent = t('tour.next');
    el.close.textContent = t('tour.close');
    if (this.tour) this.show();
  }

  show() {
    const tour = this.tour;
    if (!tour) return;
    const stop = tour.stops[this.index];
    const heading = tour.own ? t('tour.ownTitle', { title: tour.title || t('tour.ownUntitled') })
      : t('tour.title', { algorithm: this.on.title(tour.name) });
    setText(this.el.heading, heading);
    setText(this.el.where, t('tour.where', { k: this.index + 1, n: tour.stops.length, step: stop.step }));
    setText(this.el.text, stop.key ? t(stop.key) : stop.text);
    this.el.previous.disabled = this.index === 0;
    this.el.next.disabled = this.index === tour.stops.length - 1;
  }
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
