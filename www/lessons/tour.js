// Guided tours: a fixed maze and a few stops, each a step of the run and a paragraph on what
// to notice there. The built-in tours are data (www/lessons/tours.js, words in www/i18n); a teacher's
// own tour is a small text (a file or the link's `tourtext=`). Stops are resolved by scanning
// the run's events once on a run of its own, so nothing on show moves while they are found.
// Every word from a file or a link is shown with textContent only.

import { t } from '../words/i18n.js';
import { TOURS } from './tours.js';

// A teacher's tour travels in a link: at most this many characters.
export const TOUR_TEXT_MAX = 2000;
// At most this many stops, and words per stop.
const STOPS_MAX = 30;
const STOP_TEXT_MAX = 600;
// A scan reads this many steps before it asks to go on (tour mazes are small; a teacher's may
// not be: a stop past them is said to be so, and the tour offers to look further).
export const SCAN_MAX = 200_000;

/** The built-in tours' names, in the order of the page's lists. */
export const tourNames = () => Object.keys(TOURS);

// What a tour's maze leaves at its plain value unless it says otherwise.
export const PLAIN_MAZE = {
  braid: 0, density: 30, knobs: '', shape: 'square', mask: '', edits: '', start: '', goal: '', race: 'none',
  corners: 'never', heuristic: 'grid', weight: 1, distances: '', ends: 'corners',
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
 * Finds the step of every stop by stepping a run on, a bounded piece at a time (`work(n)`),
 * so a big maze's tour never freezes the page. `stops` are { step } | { event, nth?,
 * algorithm? } | { share, algorithm? } | { end, algorithm? }; `own` is the algorithm that stops
 * without `algorithm` belong to (null: any machine, and `end` is the end of the whole run).
 * The scan reads the run from step 0; when the run is elsewhere (the page shows a stop in
 * between), `work` first brings it back to where the scan was.
 */
export class StopScan {
  constructor(run, stops, own) {
    this.run = run;
    this.stops = stops;
    this.own = own;
    this.at = 0; // the step the scan has read up to
    this.counts = stops.map(() => 0);
    this.found = stops.map((stop) => (Number.isInteger(stop.step) ? stop.step : null));
    this.spans = new Map(); // algorithm -> [first step, last step]
    this.closed = new Set(); // algorithms whose steps are over (another came after them)
    this.done = false; // the run has ended: every stop is known
    this.last = null; // the algorithm of the latest step read
  }

  /** The algorithm a stop belongs to (null: any). */
  whose(stop) {
    return stop.algorithm ?? this.own;
  }

  /** Whether a stop's step is known from what was read so far. */
  known(i) {
    if (this.found[i] !== null || this.done) return true;
    // A machine whose steps are over: its stops that were not found never happen.
    const whose = this.whose(this.stops[i]);
    return whose !== null && this.closed.has(whose);
  }

  /** Only the end of the whole run is still wanted (the timeline can count it). */
  onlyEnd() {
    return this.stops.every((stop, i) => this.known(i) || (this.whose(stop) === null && !stop.event));
  }

  /** Takes the run's length from its timeline, if laid by now (by this scan or the page). */
  takeTotal() {
    if (this.done || !this.onlyEnd()) return false;
    const total = this.run.knownTotal();
    if (total < 0) return false;
    this.at = total;
    this.done = true;
    return true;
  }

  /** Whether some stop still needs steps read. */
  get wanted() {
    return !this.done && this.stops.some((_, i) => !this.known(i));
  }

  /** Reads at most `n` more steps (or goes back to where it was); true once nothing is wanted. */
  work(n) {
    const run = this.run;
    if (!this.wanted) return true;
    // Only the end of the whole run is wanted: the run's timeline counts it on a copy of its
    // own, so the run itself does not move (nor has to come back, which on a big maze means
    // restoring step 0 at once).
    if (this.onlyEnd()) {
      const total = run.layTimeline(n);
      this.at = Math.max(this.at, total >= 0 ? total : run.timelineLaid());
      if (total >= 0) {
        this.at = total;
        this.done = true;
      }
      return !this.wanted;
    }
    if (run.steps() !== this.at) {
      // Moved to show a stop: back to where the scan was, a slice at a time.
      run.seek(this.at, n);
      if (run.steps() === this.at) return false;
      if (run.phase() === 'done') this.at = run.steps();
      else return false;
    }
    const closedBefore = this.closed.size;
    for (let k = 0; k < n; k++) {
      if (run.phase() === 'done') {
        this.done = true;
        return true;
      }
      if (run.advance(1) === 0) {
        this.done = true;
        return true;
      }
      const step = run.steps();
      this.at = step;
      const algorithm = run.algorithm();
      const event = run.lastEvent();
      if (this.last !== null && this.last !== algorithm) this.closed.add(this.last);
      this.last = algorithm;
      const span = this.spans.get(algorithm);
      if (span) span[1] = step;
      else this.spans.set(algorithm, [step, step]);
      let found = false;
      this.stops.forEach((stop, i) => {
        if (this.found[i] !== null || !stop.event || stop.event !== event) return;
        const whose = this.whose(stop);
        if (whose !== null && whose !== algorithm) return;
        this.counts[i]++;
        if (this.counts[i] === (stop.nth ?? 1)) {
          this.found[i] = step;
          found = true;
        }
      });
      // A stop found: the next call sees whether only the end is left (then the run stays).
      if (found || this.closed.size > closedBefore) return !this.wanted;
    }
    if (run.phase() === 'done') this.done = true;
    return !this.wanted;
  }

  /**
   * One entry per stop: its step; null where it never happens in this run; undefined where it
   * is not known yet (it lies past the steps read so far).
   */
  steps() {
    const total = this.done ? this.at : null;
    return this.stops.map((stop, i) => {
      if (!this.known(i)) return undefined;
      if (this.found[i] !== null) return total === null ? this.found[i] : Math.min(this.found[i], total);
      const whose = this.whose(stop);
      const span = whose === null ? [1, total] : this.spans.get(whose);
      if (!span) return null;
      if (stop.end) return span[1];
      if (typeof stop.share === 'number') return span[0] + Math.round(Math.min(1, Math.max(0, stop.share)) * (span[1] - span[0]));
      return null;
    });
  }
}

/**
 * Finds the step of every stop in one pass over a run made from `settings` (the built-in tours'
 * small mazes: at most SCAN_MAX steps are read). Returns one step per stop, or null where it
 * never happens (or lies past the steps read).
 */
export function resolveStops(createRun, settings, stops, own) {
  const run = createRun(settings);
  try {
    const scan = new StopScan(run, stops, own);
    while (scan.at < SCAN_MAX && !scan.work(SCAN_MAX - scan.at));
    return scan.steps().map((step) => step ?? null);
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
   * @param {object} on  { run() (the run on show), work(job) (long work a slice per frame: the
   *   controller's startJob, `cancelled()` called if it is stopped), apply(maze) -> settings |
   *   null (puts the tour's maze on show), seek(step, done), matches(maze) -> boolean,
   *   title(algorithm), changed() (the address should be written again), message(text) }
   */
  constructor(doc, box, on) {
    this.doc = doc;
    this.on = on;
    // { name, own: bool, texts: [], stops: [{ step, k, key | text }], maze, settings, scan
    // (StopScan), pending: [k] (stops past the steps read), scanning, wanted (the stop asked for) }
    this.tour = null;
    this.index = 0;
    const make = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
    this.el = {
      panel: make('section', { className: 'lesson-panel tour-panel', hidden: true }),
      heading: make('h2', { id: 'tour-heading' }),
      where: make('p', { className: 'tour-where' }),
      text: make('p', { className: 'tour-text', id: 'tour-text' }),
      more: make('p', { className: 'tour-more', id: 'tour-more', hidden: true }),
      readOn: make('button', { type: 'button', id: 'tour-read-on', hidden: true }),
      previous: make('button', { type: 'button', id: 'tour-previous' }),
      next: make('button', { type: 'button', id: 'tour-next', className: 'primary' }),
      close: make('button', { type: 'button', id: 'tour-close' }),
    };
    const el = this.el;
    el.panel.setAttribute('aria-labelledby', 'tour-heading');
    el.where.setAttribute('aria-live', 'polite');
    el.more.setAttribute('aria-live', 'polite');
    el.previous.setAttribute('aria-keyshortcuts', 'P');
    el.next.setAttribute('aria-keyshortcuts', 'N');
    const buttons = make('div', { className: 'buttons' });
    buttons.append(el.previous, el.next, el.close);
    const more = make('div', { className: 'buttons' });
    more.append(el.readOn);
    el.panel.append(el.heading, el.where, el.text, el.more, more, buttons);
    box.append(el.panel);
    el.previous.addEventListener('click', () => this.go(this.index - 1));
    el.next.addEventListener('click', () => this.go(this.index + 1));
    el.close.addEventListener('click', () => this.close());
    el.readOn.addEventListener('click', () => this.readOn());
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
  openOwn(text, stop = 0, source = t('tour.fromLink')) {
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

  /**
   * Puts the tour's maze on show and finds its stops on that run, a slice per frame (at most
   * SCAN_MAX steps before asking to read on); then goes to stop `stop` (0-based).
   */
  start(tour, stop) {
    const settings = this.on.apply(tour.maze);
    if (!settings) return false;
    const run = this.on.run();
    if (!run) return false;
    Object.assign(tour, {
      settings, scan: new StopScan(run, tour.stopsSpec, tour.ownAlgorithm), stops: [], pending: [],
      scanning: false, wanted: stop, said: new Set(),
    });
    this.tour = tour;
    this.index = 0;
    this.el.panel.hidden = false;
    this.scan(SCAN_MAX);
    this.on.changed();
    return true;
  }

  /** Reads the tour's run on by `limit` more steps (Infinity: until every stop is known). */
  scan(limit) {
    const tour = this.tour;
    const scan = tour.scan;
    const from = scan.at;
    const until = from + limit;
    tour.scanning = true;
    this.show();
    const over = () => {
      if (this.tour !== tour) return;
      tour.scanning = false;
      this.place();
    };
    this.on.work({
      kind: 'tour',
      label: t('tour.finding'),
      slice: (n) => {
        if (this.tour !== tour) return true;
        return scan.work(Math.max(1, Math.min(n, until - scan.at))) || scan.at >= until;
      },
      progress: () => (Number.isFinite(limit) ? Math.min(1, (scan.at - from) / limit) : null),
      finished: over,
      // After the code that stopped it: a new maze closes the tour first (newRun).
      cancelled: () => Promise.resolve().then(over),
    });
  }

  /** The run's timeline was laid in the background: stops waiting for the end are placed. */
  timelineKnown() {
    const tour = this.tour;
    if (!tour || tour.scanning || tour.pending.length === 0 || !tour.scan.takeTotal()) return;
    const showing = tour.stops[this.index]?.k;
    this.place({ move: false });
    this.index = Math.max(0, tour.stops.findIndex((s) => s.k === showing));
    this.show();
    this.on.changed();
  }

  /** Reads on past the steps read so far, until every stop is known (a slice per frame). */
  readOn() {
    if (!this.tour || this.tour.scanning || this.tour.pending.length === 0) return;
    this.scan(Infinity);
  }

  /**
   * The stops found so far go on the panel; the first time, the run goes to the one asked for,
   * after reading on to the first one just found (`move` false: the run stays).
   */
  place({ move = true } = {}) {
    const tour = this.tour;
    const steps = tour.scan.steps();
    const missing = steps.map((step, k) => (step === null && !tour.said.has(k) ? k + 1 : 0)).filter(Boolean);
    for (const k of missing) tour.said.add(k - 1);
    if (missing.length > 0) this.on.message(t('tour.errMissing', { stops: missing.join(', ') }));
    const showing = tour.stops[this.index]?.k;
    const waited = tour.pending;
    // Stops that never happen in this run are left out; those past the steps read wait.
    tour.stops = steps.map((step, k) => ({ step, k, ...tour.texts[k] })).filter((s) => s.step !== null && s.step !== undefined);
    tour.pending = steps.map((step, k) => (step === undefined ? k + 1 : 0)).filter(Boolean);
    if (tour.stops.length === 0 && tour.pending.length === 0) {
      this.close();
      return;
    }
    // The stop a link asked for (counted among the stops that happen): once it is found.
    const wanted = tour.wanted;
    if (wanted !== null) {
      const found = wanted < tour.stops.length;
      if (found || tour.pending.length === 0) {
        tour.wanted = null;
        if (!found) this.on.message(t('tour.stopPast', { stop: wanted + 1, n: tour.stops.length }));
      }
      if (tour.stops.length > 0) this.go(found ? wanted : 0);
      else this.show();
      return;
    }
    if (!move) return;
    // Reading moved the run on: back to the stop on show, or on to the first one just found.
    const fresh = tour.stops.findIndex((s) => waited.includes(s.k + 1));
    this.go(fresh >= 0 ? fresh : Math.max(0, tour.stops.findIndex((s) => s.k === showing)));
  }

  /** Goes to stop k (clamped): the run seeks there, paused, and the panel says what to notice. */
  go(k) {
    if (!this.tour || this.tour.stops.length === 0) return;
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
    el.readOn.textContent = t('tour.readOn');
    if (this.tour) this.show();
  }

  show() {
    const tour = this.tour;
    if (!tour) return;
    const el = this.el;
    const stop = tour.stops[this.index];
    const heading = tour.own ? t('tour.ownTitle', { title: tour.title || t('tour.ownUntitled') })
      : t('tour.title', { algorithm: this.on.title(tour.name) });
    setText(el.heading, heading);
    if (stop) {
      setText(el.where, t('tour.where', { k: this.index + 1, n: tour.stops.length, step: stop.step }));
      setText(el.text, stop.key ? t(stop.key) : stop.text);
    } else {
      setText(el.where, tour.scanning ? t('tour.finding') : '');
      setText(el.text, '');
    }
    // Stops past the steps read: said, with the offer to read on.
    const waiting = tour.pending.length > 0;
    el.more.hidden = !waiting;
    el.readOn.hidden = !waiting;
    el.readOn.disabled = tour.scanning;
    setText(el.more, !waiting ? '' : tour.scanning ? t('tour.readingOn', { stops: tour.pending.join(', ') })
      : t('tour.pastScan', { stops: tour.pending.join(', '), step: tour.scan.at }));
    el.previous.disabled = !stop || this.index === 0;
    el.next.disabled = !stop || this.index === tour.stops.length - 1;
  }
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
