// The app shell's behaviour (docs/page.md, "Layout"); the shapes themselves are CSS
// (www/style.css). The settings are docked as a column at 1440 px and wider; below that they
// are a drawer over the page (a full-screen sheet on phones), opened by the top bar's Settings
// button: focus moves into it, Escape or Close shuts it and focus goes back to the button, and
// it is a labelled dialog while it lies over the page. The stage's height follows the maze's
// shape where the layout stacks the stage over the explanations (--maze-aspect); race lanes
// stand side by side or one over the other, whichever shows the bigger maze; on phones the
// pseudocode is a window of a few lines kept on the current one, "All lines" opens it.

import { t } from '../words/i18n.js';
import { OVERLAY_MARGIN } from '../draw/renderer.js';

/** Where the settings dock as a column. */
export const DOCKED_QUERY = '(min-width: 1440px)';
/** Where the stage and the explanations are stacked (portrait below 1024 px, and below 600 px). */
export const STACKED_QUERY = '(max-width: 1023.98px) and (orientation: portrait), (max-width: 599.98px)';

export class Layout {
  /**
   * @param {Document} doc
   * @param {object} [options]  { embedFull: boolean } the embed's full controls dock the settings too
   */
  constructor(doc, { embedFull = false } = {}) {
    this.doc = doc;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      settings: $('settings'), toggle: $('settings-toggle'), close: $('settings-close'),
      lanes: $('lanes'), info: $('info'), codeMore: $('code-more'), code: $('pseudocode'),
    };
    this.view = doc.defaultView;
    this.docked = this.view.matchMedia(DOCKED_QUERY);
    this.stacked = this.view.matchMedia(STACKED_QUERY);
    this.embedFull = embedFull;
    this.open = false;
    this.returnFocus = null;
    this.aspect = 0;
    this.wire();
    this.showMode();
  }

  wire() {
    const el = this.el;
    el.toggle.addEventListener('click', () => (this.open ? this.closeSettings() : this.openSettings()));
    el.close.addEventListener('click', () => this.closeSettings());
    this.doc.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !this.open || event.defaultPrevented) return;
      event.preventDefault();
      this.closeSettings();
    });
    // The section links scroll the drawer, not the document.
    for (const link of el.settings.querySelectorAll('.settings-nav a')) {
      link.addEventListener('click', (event) => {
        const target = this.doc.getElementById(link.getAttribute('href').slice(1));
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({ block: 'start' });
        const focusable = target.querySelector('select, input, button, textarea');
        focusable?.focus({ preventScroll: true });
      });
    }
    this.docked.addEventListener('change', () => this.showMode());
    this.stacked.addEventListener('change', () => {
      this.placeRaceSlot();
      this.arrangeLanes();
    });
    this.placeRaceSlot();
    el.codeMore?.addEventListener('click', () => {
      const expanded = !el.info.classList.contains('is-expanded');
      el.info.classList.toggle('is-expanded', expanded);
      el.codeMore.setAttribute('aria-expanded', String(expanded));
      el.codeMore.textContent = t(expanded ? 'page.fewerLines' : 'page.allLines');
      this.keepLineInView();
    });
    new ResizeObserver(() => this.arrangeLanes()).observe(el.lanes);
    // The pseudocode card's reserved height depends on the column's width.
    let infoWidth = 0;
    new ResizeObserver(() => {
      const width = el.info.clientWidth;
      if (width === infoWidth) return;
      infoWidth = width;
      this.onInfoResize?.();
    }).observe(el.info);
    // A window on the pseudocode that changed size stays on the current line.
    new ResizeObserver(() => this.keepLineInView()).observe(el.code);
    this.wireTabs(this.doc.querySelector('#more-card [role="tablist"]'));
  }

  /** Tabs: a click or Enter shows a panel; the arrow keys, Home and End move between tabs. */
  wireTabs(list) {
    if (!list) return;
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    const select = (tab, focus) => {
      for (const other of tabs) {
        const on = other === tab;
        other.setAttribute('aria-selected', String(on));
        other.tabIndex = on ? 0 : -1;
        const panel = this.doc.getElementById(other.getAttribute('aria-controls'));
        if (panel) panel.hidden = !on;
      }
      if (focus) tab.focus();
    };
    for (const tab of tabs) {
      tab.addEventListener('click', () => select(tab, false));
      tab.addEventListener('keydown', (event) => {
        const i = tabs.indexOf(tab);
        const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
        if (to === undefined) return;
        event.preventDefault();
        select(tabs[(to + tabs.length) % tabs.length], true);
      });
    }
  }

  /** Whether the settings are a docked column (not a drawer). */
  isDocked() {
    return this.embedFull || this.docked.matches;
  }

  /** Docked: a plain labelled region, always there. Otherwise a dialog, shut until asked for. */
  showMode() {
    const { settings, toggle } = this.el;
    if (this.isDocked()) {
      this.open = false;
      settings.classList.remove('is-open');
      settings.removeAttribute('role');
      settings.removeAttribute('aria-modal');
      toggle.setAttribute('aria-expanded', 'false');
      return;
    }
    settings.setAttribute('role', 'dialog');
    this.showOpen();
  }

  showOpen() {
    const { settings, toggle } = this.el;
    settings.classList.toggle('is-open', this.open);
    toggle.setAttribute('aria-expanded', String(this.open));
    // On a phone the sheet covers the whole page: nothing else can be reached meanwhile.
    const sheet = this.open && this.view.matchMedia('(max-width: 599.98px)').matches;
    if (sheet) settings.setAttribute('aria-modal', 'true');
    else settings.removeAttribute('aria-modal');
  }

  /** Opens the drawer; focus goes to its first section (or `focusId`). */
  openSettings(focusId = null) {
    if (this.isDocked()) {
      if (focusId) this.doc.getElementById(focusId)?.focus();
      return;
    }
    if (!this.open) this.returnFocus = this.doc.activeElement;
    this.open = true;
    this.showOpen();
    const first = (focusId && this.doc.getElementById(focusId)) || this.el.close;
    first.focus();
  }

  /** Shuts the drawer and gives focus back to what had it (the Settings button). */
  closeSettings({ restoreFocus = true } = {}) {
    if (!this.open) return;
    this.open = false;
    this.showOpen();
    if (!restoreFocus) return;
    const back = this.returnFocus && this.returnFocus.isConnected ? this.returnFocus : this.el.toggle;
    this.returnFocus = null;
    back.focus();
  }

  /**
   * Something begun in the drawer that happens on the maze (a tour, the quiz, painting cells):
   * the drawer makes way. Focus goes to `focus` (the maze, the tour's panel), not back.
   */
  makeWay(focus = null) {
    if (!this.open) return;
    this.closeSettings({ restoreFocus: !focus });
    focus?.focus();
  }

  /**
   * A new run on show: its shape (width over height of the drawn maze, markers' margin
   * included) sizes the stage where the layout stacks it, and decides the race lanes.
   */
  showMaze(renderer) {
    const canvas = renderer?.canvas;
    if (!canvas || canvas.width === 0 || canvas.height === 0) return;
    const margin = 2 * OVERLAY_MARGIN * (window.devicePixelRatio || 1);
    const aspect = Math.round(((canvas.width + margin) / (canvas.height + margin)) * 1000) / 1000;
    if (aspect === this.aspect) return;
    this.aspect = aspect;
    this.doc.documentElement.style.setProperty('--maze-aspect', String(Math.min(4, Math.max(0.25, aspect))));
    this.arrangeLanes();
  }

  /**
   * Race lanes side by side or stacked, whichever shows the bigger maze in the room the lanes
   * have; stacked layouts stack them (each lane then takes the maze's shape).
   */
  arrangeLanes() {
    const lanes = this.el.lanes;
    const count = Number(lanes.dataset.lanes) || 1;
    if (count <= 2) this.placeLanes(lanes, 0);
    if (!lanes.classList.contains('racing')) {
      lanes.classList.remove('stacked');
      return;
    }
    if (count > 2) {
      this.arrangeMany(lanes, count);
      return;
    }
    const aspect = this.aspect || 1.5;
    const caption = lanes.querySelector('.caption')?.offsetHeight ?? 0;
    const status = lanes.querySelector('.status')?.offsetHeight ?? 0;
    const header = caption + status + 12;
    const width = lanes.clientWidth;
    // The room the lanes have: their own box where the layout gives them one (beside the
    // explanations); where the stage is stacked over the explanations, the viewport less all
    // that does not move aside for them (measured, so it does not depend on the lanes).
    const height = this.stacked.matches ? this.roomForLanes() : lanes.clientHeight;
    const side = Math.min((width - 10) / 2, (height - header) * aspect);
    const over = Math.min(width, ((height - 2 * header - 8) / 2) * aspect);
    // A margin against flipping back and forth at the border.
    const now = lanes.classList.contains('stacked');
    lanes.classList.toggle('stacked', now ? over * 1.04 >= side : over > side * 1.04);
  }

  /**
   * Three or four lanes: in the number of columns (one to four) that gives each maze the most
   * room, row after row (two by two on most screens, four in a row on a wide one with a tall
   * maze).
   */
  arrangeMany(lanes, count) {
    lanes.classList.remove('stacked');
    const aspect = this.aspect || 1.5;
    const caption = lanes.querySelector('.caption')?.offsetHeight ?? 0;
    const status = lanes.querySelector('.status')?.offsetHeight ?? 0;
    const header = caption + status + 12;
    const width = lanes.clientWidth;
    const height = this.stacked.matches ? this.roomForLanes() : lanes.clientHeight;
    const sideWith = (columns) => {
      const rows = Math.ceil(count / columns);
      return Math.min((width - 10 * (columns - 1)) / columns, ((height - rows * header - 8 * (rows - 1)) / rows) * aspect);
    };
    const now = Number(lanes.style.getPropertyValue('--lane-cols')) || 2;
    let columns = now;
    for (let c = 1; c <= count; c++) {
      // A margin against flipping back and forth at a border.
      if (sideWith(c) > sideWith(columns) * (columns === now ? 1.04 : 1)) columns = c;
    }
    this.placeLanes(lanes, columns, count);
    // Where the stage is stacked over the explanations, the stages' height is the room's share.
    const rows = Math.ceil(count / columns);
    const stageHeight = Math.floor((height - rows * header - 8 * (rows - 1)) / rows);
    if (this.stacked.matches) lanes.style.setProperty('--lane-stage-h', `${Math.max(60, stageHeight)}px`);
    else lanes.style.removeProperty('--lane-stage-h');
  }

  /**
   * Puts each lane's caption, status and stage in its cell of a grid of `columns` (0: the
   * two-lane layout of style.css, nothing set here).
   */
  placeLanes(lanes, columns, count = 0) {
    lanes.classList.toggle('many', columns > 0);
    if (columns === 0) {
      if (!lanes.style.getPropertyValue('--lane-cols')) return;
      lanes.style.removeProperty('--lane-cols');
      lanes.style.removeProperty('--lane-rows');
      lanes.style.removeProperty('--lane-stage-h');
      for (const part of lanes.querySelectorAll('.lane > *')) {
        part.style.removeProperty('grid-row');
        part.style.removeProperty('grid-column');
      }
      return;
    }
    lanes.style.setProperty('--lane-cols', String(columns));
    lanes.style.setProperty('--lane-rows', String(Math.ceil(count / columns)));
    [...lanes.querySelectorAll('.lane:not([hidden])')].forEach((lane, i) => {
      const block = Math.floor(i / columns);
      const parts = [lane.querySelector('.caption'), lane.querySelector('.status'), lane.querySelector('.stage')];
      parts.forEach((part, k) => {
        if (!part) return;
        part.style.gridRow = String(3 * block + k + 1);
        part.style.gridColumn = String((i % columns) + 1);
      });
    });
  }

  /**
   * The race's comparison goes under the lanes where they stand beside the explanations (the
   * lanes leave room under a wide maze), at the head of the explanations where the stage is
   * stacked over them (a phone's stage has none to spare).
   */
  placeRaceSlot() {
    const slot = this.doc.getElementById('race-slot');
    if (!slot) return;
    if (this.stacked.matches) {
      const lessons = this.doc.getElementById('lesson-panels');
      if (slot.previousElementSibling !== lessons) lessons.after(slot);
    } else if (slot.previousElementSibling !== this.el.lanes) {
      this.el.lanes.after(slot);
    }
  }

  /** The height left for the lanes in a stacked layout, from everything else's heights. */
  roomForLanes() {
    const doc = this.doc;
    const column = doc.querySelector('.stage-column');
    const px = (el, property) => parseFloat(getComputedStyle(el)[property]) || 0;
    let others = 0, count = 0;
    for (const child of column.children) {
      if (child === this.el.lanes || child.offsetParent === null) continue;
      others += child.offsetHeight;
      count++;
    }
    const topbar = doc.querySelector('.topbar')?.offsetHeight ?? 0;
    const app = doc.querySelector('.app');
    const gaps = count * px(column, 'rowGap') + px(app, 'rowGap') + px(app, 'paddingTop') + px(app, 'paddingBottom');
    return this.view.innerHeight - topbar - px(this.el.info, 'minHeight') - others - gaps;
  }

  /** The current pseudocode line stays in view inside its own box (never scrolls the page). */
  keepLineInView() {
    const code = this.el.code;
    const line = code.querySelector('.is-current');
    if (!line || code.scrollHeight <= code.clientHeight + 1) return;
    const top = line.offsetTop, bottom = top + line.offsetHeight;
    if (top >= code.scrollTop && bottom <= code.scrollTop + code.clientHeight) return;
    code.scrollTop = Math.max(0, top - (code.clientHeight - line.offsetHeight) / 2);
  }

  /** The language changed: the words this module wrote. */
  relabel() {
    if (!this.el.codeMore) return;
    this.el.codeMore.textContent = t(this.el.info.classList.contains('is-expanded') ? 'page.fewerLines' : 'page.allLines');
  }
}
