// Edit mode: the learner changes the generated maze — draws or erases walls, blocks cells,
// paints terrain, drags the start and the goal — and the solver searches again at once
// (Controller.rework). Edits are kept as a difference from the generated maze (www/run/world.js,
// the core's text form) in the page's settings, so Back, the timeline, a race, links and the
// embed all rebuild the same world.
//
// Pointer Events with pointer capture cover mouse, touch and pen. A stroke samples the
// pointer's way every couple of pixels between events, so a fast drag leaves no holes
// (PathFinding.js #11). Right-drag (or the Erase switch, for touch) erases; the browser's menu
// never opens on the maze while editing. A stroke ends on pointerup, pointercancel or
// lostpointercapture. The keyboard: arrows move the cell cursor, Enter or Space applies the
// tool there, Shift+arrow toggles the wall on that side, Delete clears the cell's paint; S and
// G place the start and goal; Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes. The goal and
// waypoint tools add the cell clicked (or under the cursor, with Enter or Space) as one more
// goal or as the next waypoint, and take it away when it is one already.

import { t } from '../words/i18n.js';
import { BLOCKED, Edits, PAINTS } from '../run/world.js';
import { plain, quote, shown } from '../words/quote.js';
import { MAX_GOALS, MAX_WAYPOINTS, listOf } from '../run/settings.js';

/** The tools: what a stroke does to what it crosses. */
export const TOOLS = ['wall', 'block', ...PAINTS.map((p) => p.name), 'ends', 'goals', 'via'];
// The tools that place goals and waypoints, with the setting each changes and how many it takes.
const STOP_TOOLS = {
  goals: { most: MAX_GOALS - 1, full: 'page.goalsFull', max: MAX_GOALS },
  via: { most: MAX_WAYPOINTS, full: 'page.waypointsFull', max: MAX_WAYPOINTS },
};

// Samples of the pointer's way, in CSS pixels apart.
const SAMPLE_PX = 2;
// Undo keeps this many states.
const UNDO_LIMIT = 200;
// Files larger than this are refused before being read.
const WORLD_FILE_MAX = 8 * 1024 * 1024;

export class Editor {
  /**
   * @param {Document} doc
   * @param {object} on  { renderer(), run(), settings(), rework(changes) -> bool, enter(),
   *   endSetting(which, cellIndex) -> string, pointText(cellIndex) -> "X,Y", cursor() -> cell index or -1,
   *   message(text), problem(text), download(blob, name), loadWorld(name, data) }
   */
  constructor(doc, on) {
    this.doc = doc;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      maze: $('maze'), toggle: $('edit-mode'), tools: $('edit-tools'), erase: $('edit-erase'),
      undo: $('edit-undo'), redo: $('edit-redo'), clear: $('edit-clear'), save: $('world-save'),
      load: $('world-load'), file: $('world-file'), problem: $('edit-problem'), panel: $('edit-panel'),
    };
    this.active = false;
    this.tool = 'wall';
    this.stroke = null; // { erase, before, last: [x, y], pointerId, end?: 'start' | 'goal' }
    this.undoStack = [];
    this.redoStack = [];
    this.pending = false; // an edit waits for the next frame to be searched
    this.model = null; // Edits while a stroke is under way
    this.wire();
  }

  wire() {
    const el = this.el;
    el.toggle.addEventListener('click', () => this.setActive(!this.active));
    for (const radio of el.tools.querySelectorAll('input[name="edit-tool"]')) {
      radio.addEventListener('change', () => {
        if (radio.checked) this.tool = radio.value;
      });
    }
    el.undo.addEventListener('click', () => this.undo());
    el.redo.addEventListener('click', () => this.redo());
    el.clear.addEventListener('click', () => this.clear());
    el.save.addEventListener('click', () => this.save());
    el.load.addEventListener('click', () => el.file.click());
    el.file.addEventListener('change', () => {
      const file = el.file.files?.[0];
      el.file.value = '';
      if (file) this.load(file);
    });

    const maze = el.maze;
    maze.addEventListener('pointerdown', (event) => this.down(event));
    maze.addEventListener('pointermove', (event) => this.move(event));
    maze.addEventListener('pointerup', (event) => this.up(event, true));
    maze.addEventListener('pointercancel', (event) => this.up(event, false));
    maze.addEventListener('lostpointercapture', (event) => this.up(event, true));
    maze.addEventListener('contextmenu', (event) => {
      if (this.active) event.preventDefault();
    });
    // Before the page's own keys on the maze (controls.js), which move the cursor.
    maze.addEventListener('keydown', (event) => this.mazeKey(event), { capture: true });
    this.doc.addEventListener('keydown', (event) => this.pageKey(event));
  }

  setActive(active) {
    if (active && this.on.settings().solver === 'none') {
      this.showProblem(t('page.editNeedsSolver'));
      return;
    }
    this.active = active;
    this.stroke = null;
    this.el.toggle.setAttribute('aria-pressed', String(active));
    this.showToggle();
    this.el.maze.classList.toggle('editing', active);
    this.el.panel.hidden = !active;
    this.showProblem('');
    // The edits are a difference from the generated maze: generate it to the end first.
    if (active) this.on.enter();
    this.showButtons();
  }

  showToggle() {
    this.el.toggle.textContent = this.active ? t('page.stopEditing') : t('page.editMaze');
  }

  /** The language changed: the toggle's words again. */
  relabel() {
    this.showToggle();
  }

  showProblem(text) {
    this.el.problem.textContent = text;
    this.el.problem.hidden = text === '';
  }

  showButtons() {
    this.el.undo.disabled = this.undoStack.length === 0;
    this.el.redo.disabled = this.redoStack.length === 0;
    this.el.clear.disabled = !this.on.settings().edits;
  }

  /** The world as the settings have it: what undo returns to. */
  state() {
    const s = this.on.settings();
    return { edits: s.edits, start: s.start, goal: s.goal, goals: s.goals, via: s.via };
  }

  remember(before) {
    const now = this.state();
    if (Object.keys(now).every((key) => before[key] === now[key])) return;
    this.undoStack.push(before);
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.showButtons();
  }

  undo() {
    const state = this.undoStack.pop();
    if (state === undefined) return;
    const now = this.state();
    if (this.on.rework(state)) this.redoStack.push(now);
    else this.undoStack.push(state);
    this.showButtons();
  }

  redo() {
    const state = this.redoStack.pop();
    if (state === undefined) return;
    const now = this.state();
    if (this.on.rework(state)) this.undoStack.push(now);
    else this.redoStack.push(state);
    this.showButtons();
  }

  clear() {
    const before = this.state();
    if (!before.edits) return;
    if (this.on.rework({ edits: '' })) this.remember(before);
  }

  // ---- pointer -----------------------------------------------------------------------------

  down(event) {
    if (!this.active || !this.on.run()) return;
    if (event.button !== 0 && event.button !== 2) return;
    event.preventDefault();
    this.el.maze.focus({ preventScroll: true });
    const renderer = this.on.renderer();
    const cell = renderer.cellIndexAt(event.clientX, event.clientY);
    if (cell < 0) return;
    try {
      this.el.maze.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer knows (already up): the stroke still ends on pointerup.
    }
    const run = this.on.run();
    const erase = event.button === 2 || this.el.erase.checked;
    const before = this.state();
    // The start and the goal are dragged with any tool; the Ends tool moves the nearer one.
    let end = cell === run.start() ? 'start' : cell === run.goal() ? 'goal' : null;
    if (!end && this.tool === 'ends') end = event.shiftKey ? 'goal' : 'start';
    if (!end && STOP_TOOLS[this.tool]) {
      this.toggleStop(cell);
      return;
    }
    this.stroke = { erase, before, last: [event.clientX, event.clientY], pointerId: event.pointerId, end, at: -1 };
    if (end) {
      this.moveEnd(cell);
      return;
    }
    this.model = parseOrEmpty(this.on.settings().edits);
    this.touch(event.clientX, event.clientY);
    this.schedule();
  }

  move(event) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.pointerId) return;
    event.preventDefault();
    const renderer = this.on.renderer();
    // Every point along the way, not only where events landed: no holes however fast.
    const events = event.getCoalescedEvents?.() ?? [];
    const points = events.length > 0 ? events.map((e) => [e.clientX, e.clientY]) : [[event.clientX, event.clientY]];
    for (const [x1, y1] of points) {
      const [x0, y0] = stroke.last;
      const steps = Math.min(4000, Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / SAMPLE_PX)));
      for (let i = 1; i <= steps; i++) {
        const x = x0 + ((x1 - x0) * i) / steps, y = y0 + ((y1 - y0) * i) / steps;
        if (stroke.end) {
          const cell = renderer.cellIndexAt(x, y);
          if (cell >= 0) this.moveEnd(cell);
        } else {
          this.touch(x, y);
        }
      }
      stroke.last = [x1, y1];
    }
    this.schedule();
  }

  up(event, keep) {
    const stroke = this.stroke;
    if (!stroke || event.pointerId !== stroke.pointerId) return;
    if (keep) this.flush(stroke);
    this.stroke = null;
    this.model = null;
    if (!keep) {
      // A cancelled stroke (the browser took the touch over): back to before it.
      this.pending = false;
      this.on.rework(stroke.before);
      return;
    }
    this.remember(stroke.before);
  }

  /** Applies the tool to what lies under point (x, y) of the viewport, in the model. */
  touch(x, y) {
    const renderer = this.on.renderer();
    const model = this.model;
    const erase = this.stroke.erase;
    if (this.tool === 'wall') {
      const wall = renderer.wallAt(x, y);
      if (wall) setWall(model, wall, erase);
      return;
    }
    const cell = renderer.cellIndexAt(x, y);
    if (cell < 0) return;
    paintCell(model, this.tool, cell, erase);
  }

  /** Moves the end being dragged to `cell` (searched again on the next frame). */
  moveEnd(cell) {
    const stroke = this.stroke;
    if (stroke.at === cell) return;
    stroke.at = cell;
    stroke.endSetting = this.on.endSetting(stroke.end, cell);
    this.schedule();
  }

  /** One search per frame however many pointer events came. */
  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => this.flush());
  }

  flush(stroke = this.stroke) {
    if (!this.pending || !stroke) return;
    this.pending = false;
    if (stroke.end) {
      if (stroke.endSetting !== undefined && stroke.endSetting !== this.on.settings()[stroke.end]) {
        this.on.rework({ [stroke.end]: stroke.endSetting });
      }
      return;
    }
    if (!this.model) return;
    const text = this.model.toText();
    if (text === this.on.settings().edits) return;
    if (!this.on.rework({ edits: text })) {
      // Refused (the message says why): the stroke stops, the world stays as it was.
      this.model = parseOrEmpty(this.on.settings().edits);
      this.stroke = null;
    }
    this.showButtons();
  }

  // ---- keyboard ----------------------------------------------------------------------------

  mazeKey(event) {
    if (!this.active || event.ctrlKey || event.metaKey || event.altKey) return;
    const renderer = this.on.renderer();
    const cursor = this.on.cursor();
    const arrows = { ArrowUp: [0, -1], ArrowRight: [1, 0], ArrowDown: [0, 1], ArrowLeft: [-1, 0] };
    const handled = () => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    if (event.shiftKey && arrows[event.key]) {
      handled();
      if (cursor < 0) return;
      const wall = renderer.wallToward(cursor, ...arrows[event.key]);
      if (!wall) return;
      const open = (renderer.cells?.[wall[0]] ?? 0) & (1 << wall[1]);
      this.editOnce((model) => setWall(model, wall, !open));
    } else if (event.key === 'Enter' || event.key === ' ') {
      handled();
      if (cursor < 0 || this.tool === 'ends') return;
      if (STOP_TOOLS[this.tool]) {
        this.toggleStop(cursor);
        return;
      }
      if (this.tool === 'wall') {
        this.showProblem(t('page.wallToolKeys'));
        return;
      }
      this.editOnce((model) => paintCell(model, this.tool, cursor, false));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      handled();
      if (cursor >= 0) this.editOnce((model) => paintCell(model, 'block', cursor, true));
    }
  }

  /** The goal or waypoint tool on `cell`: one more goal, or the next waypoint; or, when it is
   * one already, one fewer. Searched again at once, and remembered for undo. */
  toggleStop(cell) {
    const key = this.tool;
    const { most, full, max } = STOP_TOOLS[key];
    const run = this.on.run();
    if (cell === run.start() || cell === run.goal()) {
      this.showProblem(t('page.stopOnEnd'));
      return;
    }
    const at = this.on.pointText(cell);
    const list = listOf(this.on.settings()[key]);
    const i = list.indexOf(at);
    if (i >= 0) list.splice(i, 1);
    else if (list.length >= most) {
      this.showProblem(t(full, { max: String(max) }));
      return;
    } else list.push(at);
    this.showProblem('');
    const before = this.state();
    if (this.on.rework({ [key]: list.join(';') })) this.remember(before);
  }

  /** One edit from the keyboard: change the model, search again, remember for undo. */
  editOnce(change) {
    const before = this.state();
    const model = parseOrEmpty(before.edits);
    change(model);
    if (this.on.rework({ edits: model.toText() })) this.remember(before);
  }

  pageKey(event) {
    if (!this.active || event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input[type="text"], input[type="number"], textarea, [contenteditable]')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      this.undo();
    } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
      event.preventDefault();
      this.redo();
    }
  }

  // ---- files -------------------------------------------------------------------------------

  save() {
    const s = this.on.settings();
    const world = {
      mazestep: 'world',
      version: 1,
      settings: Object.fromEntries(WORLD_SETTINGS.map((key) => [key, s[key]])),
      edits: s.edits,
    };
    const blob = new Blob([JSON.stringify(world, null, 2) + '\n'], { type: 'application/json' });
    this.on.download(blob, `mazestep-world-${s.generator}-${s.width}x${s.height}-${s.seed}.json`);
  }

  async load(file) {
    const name = shown(file.name);
    if (file.size > WORLD_FILE_MAX) {
      this.showProblem(t('page.worldTooBig', { name, size: file.size, max: WORLD_FILE_MAX }));
      return;
    }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (err) {
      this.showProblem(t('page.worldNotJson', { name, error: plain(err instanceof Error ? err.message : String(err)) }));
      return;
    }
    const problem = checkWorld(data);
    if (problem) {
      this.showProblem(t('page.worldNotWorld', { name, problem }));
      return;
    }
    this.showProblem('');
    // Another maze: the old undo steps mean nothing on it.
    if (this.on.loadWorld(name, data)) {
      this.undoStack = [];
      this.redoStack = [];
    }
    this.showButtons();
  }
}

/** The settings a world file keeps (with its edits). */
export const WORLD_SETTINGS = ['generator', 'braid', 'solver', 'shape', 'width', 'height', 'mask', 'seed', 'start', 'goal',
  'corners', 'heuristic', 'weight'];

/** What is wrong with a parsed world file, or '' when its form is right (values are checked later). */
export function checkWorld(data) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return t('page.worldNoObject');
  if (data.mazestep !== 'world') return t('page.worldNotMarked');
  if (data.version !== 1) return t('page.worldVersion', { version: quote(String(data.version)) });
  if (typeof data.edits !== 'string') return t('page.worldEditsText');
  const s = data.settings;
  if (s === null || typeof s !== 'object' || Array.isArray(s)) return t('page.worldNoSettings');
  for (const [key, value] of Object.entries(s)) {
    if (!WORLD_SETTINGS.includes(key)) return t('page.worldUnknownSetting', { key: quote(key) });
    if (!['string', 'number'].includes(typeof value)) return t('page.worldSettingType', { key });
  }
  return '';
}

function parseOrEmpty(text) {
  try {
    return Edits.parse(text || '');
  } catch {
    return new Edits();
  }
}

/** Closes a wall (opens it when erasing). */
function setWall(model, [cell, side], erase) {
  model.walls.set(cell * 8 + side, erase);
}

/** Paints (or, erasing, unpaints) a cell with a tool: block or a paint's name. */
function paintCell(model, tool, cell, erase) {
  if (erase) {
    model.terrain.delete(cell);
    return;
  }
  if (tool === 'block') model.terrain.set(cell, BLOCKED);
  else {
    const paint = PAINTS.find((p) => p.name === tool);
    if (paint) model.terrain.set(cell, paint.value);
  }
}
