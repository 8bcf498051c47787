// The teaching tools around the canvas: the narration (with its screen-reader live region), the
// data-structure panel, the timeline slider with its event marks, "run to the next event" and
// the share buttons.
// Like panels.js it only shows what the run says, always through textContent.

import { formatNumber, has, t } from '../words/i18n.js';
import { coreWord, moreItems, narrationOf, structureWords } from '../words/core-words.js';

// While playing, screen readers hear at most one sentence per interval; the visible line and
// the data panel are refreshed a few times a second.
const LIVE_INTERVAL_MS = 1000;
const PANEL_INTERVAL_MS = 150;
// Entries shown per data structure.
const ITEMS_SHOWN = 12;

// Event marks on the timeline: the events of the "run to the next" list (and where each machine
// ends), found by stepping a
// copy of the run in the background (a slice per frame, EventScan), never the run on show.
// Bounded: mazes of at most MARK_CELLS_MAX cells (the copy is a second maze in memory), and
// the first MARK_SCAN_STEPS steps of a run (about a second of background work here); a kind
// seen at most MARK_EVERY times is marked every time, a commoner one at its first time only
// (with its count); at most MARKS_MAX marks in all.
export const MARK_CELLS_MAX = 250_000;
export const MARK_SCAN_STEPS = 500_000;
const MARK_EVERY = 6;
const MARKS_MAX = 60;
// Marks nearer each other than this share of the slider are drawn as one.
const MARK_GAP = 0.012;

/**
 * Notes every step's machine and event of a copy of the run, then says which to mark:
 * `marks()` is [{ step, kind, algorithm, count, end }] in step order (`end`: the last step of
 * a machine, where the next begins or the run ends; `count`: how often the kind came).
 */
export class EventScan {
  /** @param {(algorithm: string) => string[]} listOf  the "run to the next" list of a machine */
  constructor(listOf = () => []) {
    this.listOf = listOf;
    this.lists = new Map(); // algorithm -> its list, asked once
    this.kinds = new Map(); // "algorithm kind" -> { algorithm, kind, steps: [...first MARK_EVERY], count }
    this.ends = []; // { step, algorithm }
    this.last = null; // the machine of the last step
    this.steps = 0;
    this.done = false; // the copy reached its end (else it was cut at MARK_SCAN_STEPS)
  }

  /** The step just taken: `steps` the run's count after it. */
  note(algorithm, kind, steps) {
    if (this.last !== null && algorithm !== this.last) this.ends.push({ step: steps - 1, algorithm: this.last });
    this.last = algorithm;
    this.steps = steps;
    if (!kind) return;
    let list = this.lists.get(algorithm);
    if (!list) this.lists.set(algorithm, (list = this.listOf(algorithm)));
    if (!list.includes(kind)) return;
    const key = `${algorithm} ${kind}`;
    let seen = this.kinds.get(key);
    if (!seen) this.kinds.set(key, (seen = { algorithm, kind, steps: [], count: 0 }));
    seen.count++;
    if (seen.steps.length < MARK_EVERY) seen.steps.push(steps);
  }

  /** The run ended at `steps` (its last machine ends there). */
  finish(steps) {
    if (this.last !== null) this.ends.push({ step: steps, algorithm: this.last });
    this.steps = steps;
    this.done = true;
  }

  marks() {
    const marks = this.ends.map((e) => ({ step: e.step, algorithm: e.algorithm, kind: null, count: 1, end: true }));
    const more = [];
    for (const { algorithm, kind, steps, count } of this.kinds.values()) {
      marks.push({ step: steps[0], algorithm, kind, count, end: false });
      if (count <= MARK_EVERY) for (const step of steps.slice(1)) more.push({ step, algorithm, kind, count, end: false });
    }
    // Ends and every kind's first time first; then the rare kinds' other times, while there is room.
    marks.push(...more.slice(0, Math.max(0, MARKS_MAX - marks.length)));
    // In step order; at one step the event before the end of its machine.
    return marks.slice(0, MARKS_MAX).sort((a, b) => a.step - b.step || a.end - b.end);
  }
}

export class TeachPanels {
  /**
   * @param {Document} doc
   * @param {object} api  { algorithmEvents(name), eventLabel(kind) }
   * @param {object} on   { seek(step), runUntil(kind), layTimeline(), link(): string,
   *   embedCode(): string }. The run's length comes in through setTotal, from the controller,
   *   which lays the timeline out in the background.
   */
  constructor(doc, api, on) {
    this.doc = doc;
    this.api = api;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      narration: $('narration'), live: $('narration-live'), structures: $('structures'),
      timeline: $('timeline'), timelineText: $('timeline-text'), nextKind: $('next-kind'),
      nextEvent: $('next-event'), copyLink: $('copy-link'), copyEmbed: $('copy-embed'),
      shareStatus: $('share-status'), shareCode: $('share-code'), marks: $('timeline-marks'),
    };
    this.marks = null; // { run, list, total }: the event marks of the run on show
    this.run = null;
    this.total = null; // steps in the whole run, once known
    this.laid = 0; // steps of the timeline laid out so far, while it is being laid
    this.lastLiveAt = -Infinity;
    this.lastPanelAt = -Infinity;
    this.liveText = '';
    this.eventsFor = null;
    this.pendingSeek = null;
    this.wire();
  }

  wire() {
    const el = this.el;
    // Scrubbing: many input events per frame become one seek per animation frame.
    el.timeline.addEventListener('input', () => {
      const first = this.pendingSeek === null;
      this.pendingSeek = Number(el.timeline.value);
      if (first) {
        requestAnimationFrame(() => {
          const k = this.pendingSeek;
          this.pendingSeek = null;
          this.on.seek(k);
        });
      }
    });
    // The slider needs the run's length: lay the timeline out when the slider is first used.
    for (const type of ['pointerdown', 'focus', 'keydown']) {
      el.timeline.addEventListener(type, () => this.on.layTimeline());
    }
    // Home and End go to the ends of the run even before its length is known.
    el.timeline.addEventListener('keydown', (event) => {
      if (event.key !== 'Home' && event.key !== 'End') return;
      event.preventDefault();
      this.pendingSeek = null;
      this.on.seek(event.key === 'Home' ? 0 : Infinity);
    });
    el.nextEvent.addEventListener('click', () => {
      if (el.nextKind.value) this.on.runUntil(el.nextKind.value);
    });
    // The marks are a list box, one stop in the tab order: a click seeks to a mark's step; on
    // the keyboard the arrow keys, Home and End choose a mark, Enter or Space seeks to it.
    el.marks?.addEventListener('click', (event) => {
      const mark = event.target.closest('.mark[data-step]');
      if (!mark) return;
      this.chooseMark(mark);
      this.on.seek(Number(mark.dataset.step));
    });
    el.marks?.addEventListener('keydown', (event) => {
      const marks = [...el.marks.querySelectorAll('.mark[data-step]')];
      const i = marks.findIndex((m) => m.id === el.marks.getAttribute('aria-activedescendant'));
      if ((event.key === 'Enter' || event.key === ' ') && i >= 0) {
        event.preventDefault();
        this.on.seek(Number(marks[i].dataset.step));
        return;
      }
      const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: marks.length - 1 }[event.key];
      if (to === undefined || marks.length === 0) return;
      event.preventDefault();
      this.chooseMark(marks[Math.max(0, Math.min(marks.length - 1, to))]);
    });
    el.copyLink.addEventListener('click', () => this.share(this.on.link(), 'link'));
    el.copyEmbed.addEventListener('click', () => this.share(this.on.embedCode(), 'embed'));
  }

  /** The language changed: say the core's words again (events, titles, narration). */
  relanguage() {
    this.eventsFor = null;
    this.structuresKey = null;
    this.liveText = '';
  }

  /** A new run: forget what was known about the old one. */
  setRun(run) {
    this.run = run;
    this.setMarks(run, null);
    this.total = null;
    this.laid = 0;
    this.liveText = '';
    this.el.live.textContent = '';
  }

  /** The run's length once the timeline is laid (`total`), or how far laying has come. */
  setTotal(run, total, laid) {
    if (run !== this.run) return;
    if (total !== null) this.total = total;
    this.laid = laid;
    this.showTimeline(run);
  }

  /** Shows the run after a frame; `urgent` for single steps, jumps and state changes. */
  update(run, state, urgent) {
    if (run.phase() === 'done' && this.total === null) {
      this.total = run.steps();
      this.el.timeline.max = String(this.total);
    }
    const now = performance.now();
    this.showTimeline(run);
    this.showEvents(run);
    if (urgent || state !== 'running' || now - this.lastPanelAt >= PANEL_INTERVAL_MS) {
      this.lastPanelAt = now;
      const sentence = narrationOf(run) || (run.steps() === 0 ? t('page.pressToBegin') : '');
      setText(this.el.narration, sentence);
      this.showStructures(run);
    }
    if (urgent || state !== 'running' || now - this.lastLiveAt >= LIVE_INTERVAL_MS) {
      this.lastLiveAt = now;
      const sentence = narrationOf(run);
      if (sentence && sentence !== this.liveText) {
        this.liveText = sentence;
        this.el.live.textContent = sentence;
      }
    }
  }

  showTimeline(run) {
    const steps = run.steps();
    const slider = this.el.timeline;
    const max = this.total ?? Math.max(steps, this.laid);
    if (Number(slider.max) !== max) slider.max = String(max);
    if (this.pendingSeek === null && Number(slider.value) !== steps) slider.value = String(steps);
    let of = '';
    let text = t('page.timelineStep', { step: steps });
    if (this.total !== null) text = t('page.timelineOf', { step: steps, total: this.total });
    else if (this.laid > 0) text = t('page.timelineCounting', { step: steps, laid: this.laid });
    setText(this.el.timelineText, text);
    if (slider.getAttribute('aria-valuetext') !== text) slider.setAttribute('aria-valuetext', text);
    if (this.marks) this.showMarks();
  }

  /**
   * The event marks of `run` (EventScan's list, null for none), drawn on the timeline where its
   * length is known (the scan's own end when it got there).
   */
  setMarks(run, list, total = null) {
    if (run !== this.run) return;
    this.marks = list ? { list, total } : null;
    this.marksKey = null;
    this.showMarks();
  }

  showMarks() {
    const box = this.el.marks;
    if (!box) return;
    const marks = this.marks;
    const max = this.total ?? marks?.total ?? null;
    const key = marks && max ? `${max}` : '';
    if (key === this.marksKey) return;
    this.marksKey = key;
    box.replaceChildren();
    box.removeAttribute('aria-activedescendant');
    box.hidden = !key;
    if (!key) return;
    // Marks closer than MARK_GAP of the slider are one button: it seeks to the first of them,
    // and its name says them all.
    const groups = [];
    for (const mark of marks.list) {
      if (mark.step > max) continue;
      const last = groups.at(-1);
      if (last && max > 0 && (mark.step - last[0].step) / max < MARK_GAP) last.push(mark);
      else groups.push([mark]);
    }
    groups.forEach((group, i) => {
      const [mark] = group;
      const button = this.doc.createElement('div');
      button.id = `timeline-mark-${i}`;
      button.setAttribute('role', 'option');
      button.setAttribute('aria-selected', 'false');
      button.className = group.every((m) => m.end) ? 'mark mark-end' : 'mark';
      button.dataset.step = String(mark.step);
      if (mark.kind) button.dataset.kind = mark.kind;
      const tip = group.map((m) => this.markWords(m)).join(' · ');
      button.title = tip;
      button.dataset.tip = tip;
      button.setAttribute('aria-label', tip);
      button.style.setProperty('--at', String(max > 0 ? mark.step / max : 0));
      box.append(button);
    });
    const first = box.querySelector('.mark');
    if (first) this.chooseMark(first);
  }

  /** Makes `mark` the list box's chosen one (for the keyboard, and its name on show). */
  chooseMark(mark) {
    for (const other of this.el.marks.querySelectorAll('.mark[aria-selected="true"]')) other.setAttribute('aria-selected', 'false');
    mark.setAttribute('aria-selected', 'true');
    this.el.marks.setAttribute('aria-activedescendant', mark.id);
  }

  /** A mark in words: its step and its event (or the machine that ends there). */
  markWords(mark) {
    const step = formatNumber(mark.step);
    if (mark.end) return t('page.markEnd', { step, title: safe(() => this.api.algorithmTitle(mark.algorithm), mark.algorithm) });
    const kind = mark.kind;
    const event = has(`page.lastEvent.${kind}`) ? t(`page.lastEvent.${kind}`) : safe(() => this.api.eventLabel(kind), kind);
    return mark.count > MARK_EVERY ? t('page.markFirst', { step, event, count: formatNumber(mark.count) }) : t('page.markEvent', { step, event });
  }

  /** The "run to the next …" choices for the machine on show. */
  showEvents(run) {
    const name = run.algorithm();
    if (name === this.eventsFor) return;
    this.eventsFor = name;
    const select = this.el.nextKind;
    const kept = select.value;
    select.replaceChildren();
    let kinds = [];
    try {
      kinds = Array.from(this.api.algorithmEvents(name));
    } catch {
      kinds = [];
    }
    for (const kind of kinds) {
      const option = this.doc.createElement('option');
      option.value = kind;
      try {
        option.textContent = this.api.eventLabel(kind);
      } catch {
        option.textContent = kind;
      }
      select.append(option);
    }
    if (kinds.includes(kept)) select.value = kept;
    select.disabled = kinds.length === 0;
    this.el.nextEvent.disabled = kinds.length === 0;
  }

  showStructures(run) {
    const box = this.el.structures;
    const parts = [];
    // One call: the machine works its views out once per refresh.
    for (const structure of run.structures(ITEMS_SHOWN)) {
      const { title, total } = structure;
      const { items, note } = structureWords(structure);
      const more = total - items.length;
      if (more > 0) items.push(moreItems(more));
      parts.push({ title: `${coreWord('structures', title)}: ${formatNumber(total)}`, items, note });
    }
    const key = JSON.stringify(parts);
    if (key === this.structuresKey) return;
    this.structuresKey = key;
    box.replaceChildren();
    if (parts.length === 0) {
      const p = this.doc.createElement('p');
      p.className = 'hint';
      p.textContent = t('page.nothingToShow');
      box.append(p);
      return;
    }
    for (const part of parts) {
      const section = this.doc.createElement('div');
      section.className = 'structure';
      const title = this.doc.createElement('h3');
      title.textContent = part.title;
      section.append(title);
      if (part.items.length) {
        const list = this.doc.createElement('ul');
        list.className = 'structure-items';
        for (const text of part.items) {
          const li = this.doc.createElement('li');
          li.textContent = text;
          list.append(li);
        }
        section.append(list);
      }
      if (part.note) {
        const note = this.doc.createElement('p');
        note.className = 'structure-note';
        note.textContent = part.note;
        section.append(note);
      }
      box.append(section);
    }
  }

  /** Copies text to the clipboard, and always shows it selected in the code box as well. */
  async share(text, what) {
    const box = this.el.shareCode;
    box.value = text;
    box.hidden = false;
    box.select();
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        copied = true;
      }
    } catch {
      copied = false;
    }
    this.shared = { what, copied };
    this.showShared();
  }

  showShared() {
    if (!this.shared) return;
    const { what, copied } = this.shared;
    this.el.shareStatus.textContent = t(`page.${what}${copied ? 'Copied' : 'Below'}`);
  }

  /** The language changed: the page's words again (the run's own words come from the core). */
  relabel() {
    this.eventsFor = null;
    this.structuresKey = '';
    this.marksKey = null;
    this.showMarks();
    this.showShared();
  }
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}
