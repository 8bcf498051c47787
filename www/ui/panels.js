// Everything the page says in words: the status line, the stats, the legend, the pseudocode of
// the algorithm on show and messages. All text goes in with textContent: names and messages
// can come from the URL and must never be read as markup.

import { formatNumber, has, t } from '../words/i18n.js';
import { COLOURS, DISTANCE_ENDS, colourOfBit } from '../draw/renderer.js';
import { PAINTS, swatchBackground } from '../run/world.js';
import { coreWord } from '../words/core-words.js';
import { statusText } from '../run/stage.js';

// The status line shows every frame, so it says the same step as the timeline. A polite live
// region read out at every change would talk over itself while a run plays: screen readers
// hear it through a hidden copy (#status-live), refreshed at most this often while running.
const STATUS_INTERVAL_MS = 750;
// The path's mark bit (src/board.rs mark::PATH), and the solvers whose path on terrain is the
// cheapest (they weigh each move by its cost; the core labels it "shortest path").
const PATH_BIT = 8;
const CHEAPEST_ON_TERRAIN = ['dijkstra', 'a-star'];

/**
 * The path's label where the core's would mislead: A* with a weight above 1 promises no shortest
 * path, and on terrain the cost-aware searches' path is the cheapest one, not the shortest.
 */
function pathLabel(name, bit, terrain, weight) {
  if (bit !== PATH_BIT) return null;
  if (name === 'a-star' && weight > 1) return t('page.legendWeightedPath', { weight: String(weight) });
  if (terrain && CHEAPEST_ON_TERRAIN.includes(name)) return t('page.legendCheapestPath');
  return null;
}
const STATS_INTERVAL_MS = 100;
// The maze statistics walk the whole maze (linear in the cells; measured in Chromium: about
// 0.1 s for a million cells, 1.5 s for 4096 x 4096). Up to a million cells: every 250 ms while
// playing (every second at a million, so measuring takes under a tenth of the time), and at
// every step, pause and end. Past a million cells: only for a new run and at the end.
const MAZE_STATS_INTERVAL_MS = 250;
const MAZE_STATS_CELLS_PER_MS = 1000;
const MAZE_STATS_LIVE_CELLS = 1_000_000;
// Work (about four units a cell) measured at once; a bigger maze is measured in the
// background, a slice per frame.
const MEASURE_AT_ONCE_CELLS = 100_000;

/** The maze statistics panel: label (a key) and how to show each value of MazeRun.stats(). */
const MAZE_STATS = [
  ['page.statDeadEnds', (v) => `${whole(v.dead_ends)} (${percent(v.dead_end_share)})`],
  // While the corners are not connected (mid-generation) the sweep only saw part of the maze.
  ['page.statDiameter', (v) => Number.isNaN(v.solution_length) ? '—'
    : v.diameter_exact ? whole(v.diameter) : t('page.orMore', { value: whole(v.diameter) })],
  ['page.statSolution', (v) => Number.isNaN(v.solution_length) ? t('page.notConnected') : whole(v.solution_length)],
  ['page.statStraights', (v) => `${whole(v.straights)} / ${whole(v.turns)}`],
  ['page.statJunctions', (v) => `${whole(v.junctions3)} / ${whole(v.junctions4)}`],
  ['page.statLoops', (v) => whole(v.loops)],
];

// A phase in words, lower case inside sentences ("generating").
const phaseLower = (phase) => (has(`page.phaseLower-${phase}`) ? t(`page.phaseLower-${phase}`) : phase);

export class Panels {
  /**
   * @param {Document} doc
   * @param {object} api { algorithmTitle, algorithmSummary, pseudocode, legendBits, legendLabels }
   */
  constructor(doc, api) {
    this.doc = doc;
    this.api = api;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      status: $('status'), statusLive: $('status-live'), messages: $('messages'), stats: $('stats'), legend: $('legend'),
      title: $('algorithm-title'), summary: $('algorithm-summary'), code: $('pseudocode'),
      canvas: $('maze'), note: $('stage-note'), mazeStats: $('maze-stats'), stepUnit: $('step-unit'),
      mazeStatsNote: $('maze-stats-note'),
    };
    this.lastMazeStatsAt = -Infinity;
    this.mazeStatsRun = null;
    this.mazeStatsFinal = null;
    this.mazeStatRows = null;
    this.statKeys = safe(() => api.statsNames(), []);
    this.algorithm = null;
    this.legendKey = '';
    this.lastStatusAt = -Infinity;
    this.lastStatsAt = -Infinity;
    this.statRows = new Map();
    this.lines = [];
    this.lastLine = -1;
  }

  /**
   * Shows the run's state. `urgent` updates (state changes, single steps, a new run) always go
   * through; the frames of a playing run are throttled.
   */
  update(run, state, { urgent = false, statsLater = false, sawGroups = false, showsWalls = true, solver = 'none', weight = 1, style = 'block', distance = null } = {}) {
    const now = performance.now();
    const algorithm = run.algorithm();
    if (algorithm !== this.algorithm) {
      this.algorithm = algorithm;
      this.showAlgorithm(algorithm);
    }
    if (distance) this.showDistanceLegend(distance);
    else {
      this.showLegend(algorithm, solver, sawGroups, run.heading() >= 0 || this.headingSeen, safe(() => run.terrainPtr() !== 0, false),
        safe(() => run.waypoints().length > 0, false), weight);
    }
    this.highlightLine(run.lastLine());
    const status = statusText(run, state, solver);
    if (this.el.status.textContent !== status) {
      this.el.status.textContent = status;
      // Two lines are kept for it; where it is cut, the whole sentence is the tooltip.
      this.el.status.title = status;
    }
    if (urgent || state !== 'running' || now - this.lastStatusAt >= STATUS_INTERVAL_MS) {
      this.lastStatusAt = now;
      if (this.el.statusLive) setText(this.el.statusLive, status);
    }
    if (urgent || state !== 'running' || now - this.lastStatsAt >= STATS_INTERVAL_MS) {
      this.lastStatsAt = now;
      this.showStats(run);
    }
    const live = run.cellCount <= MAZE_STATS_LIVE_CELLS;
    const mazeInterval = Math.max(MAZE_STATS_INTERVAL_MS, run.cellCount / MAZE_STATS_CELLS_PER_MS);
    const final = state === 'done' && this.mazeStatsFinal !== run;
    if (run !== this.mazeStatsRun || final ||
        (live && (urgent || state !== 'running' || now - this.lastMazeStatsAt >= mazeInterval))) {
      this.lastMazeStatsAt = now;
      this.mazeStatsRun = run;
      if (state === 'done') this.mazeStatsFinal = run;
      this.showMazeStats(run, statsLater);
      setText(this.el.mazeStatsNote, live ? '' : t('page.mazeStatsBig'));
      this.el.mazeStatsNote.hidden = live;
    }
    this.el.note.hidden = showsWalls;
    if (!showsWalls) {
      setText(this.el.note, style === 'thin' ? t('page.noWallsThin') : t('page.noWallsBlock'));
    }
    const label = t('page.mazeLabel', { width: String(run.width), height: String(run.height), phase: phaseLower(run.phase()) });
    if (this.el.canvas.getAttribute('aria-label') !== label) this.el.canvas.setAttribute('aria-label', label);
  }

  /** The language changed: show the algorithm's words and the legend again. */
  relanguage() {
    this.algorithm = null;
    this.legendKey = '';
  }

  showAlgorithm(name) {
    setText(this.el.title, safe(() => this.api.algorithmTitle(name), name));
    setText(this.el.summary, safe(() => this.api.algorithmSummary(name), ''));
    const unit = safe(() => this.api.algorithmStepUnit(name), '');
    setText(this.el.stepUnit, unit ? t('page.stepUnit', { unit, title: safe(() => this.api.algorithmTitle(name), name) }) : '');
    const code = this.el.code;
    code.replaceChildren();
    this.lines = safe(() => this.api.pseudocode(name), []).map((text) => {
      const li = this.doc.createElement('li');
      // The leading spaces become an indent of the whole line (style.css collapses the spaces
      // themselves), so that a line wrapped in a narrow column still stands under its start.
      const indent = text.length - text.trimStart().length;
      if (indent > 0) li.style.setProperty('--indent', String(indent));
      li.textContent = text;
      code.append(li);
      return li;
    });
    this.lastLine = -1;
    this.headingSeen = false;
  }

  /**
   * Measures how tall the pseudocode card is for the tallest of `names` (the run's
   * algorithms: the generator, braiding, the solver, the player) at the column's width now,
   * as --code-reserve: the card keeps that height (or less, where the column is short and its
   * pseudocode becomes a window), so going from one phase to the next moves nothing under it.
   * Called again with no names when the column changes width or the language changes.
   */
  reserveCode(names = this.reservedFor ?? []) {
    this.reservedFor = names;
    const card = this.el.code.closest('.code-card');
    if (!card) return;
    const [shown, line] = [this.algorithm, this.lastLine];
    card.style.removeProperty('--code-reserve');
    card.classList.add('is-measured');
    let tallest = 0, summary = 0, unit = 0;
    if (card.offsetParent !== null) {
      for (const name of names) {
        this.showAlgorithm(name);
        tallest = Math.max(tallest, card.getBoundingClientRect().height);
        summary = Math.max(summary, this.el.summary.getBoundingClientRect().height);
        unit = Math.max(unit, this.el.stepUnit.getBoundingClientRect().height);
      }
    }
    if (shown !== null) {
      this.showAlgorithm(shown);
      this.highlightLine(line);
    } else {
      this.algorithm = null;
    }
    card.classList.remove('is-measured');
    for (const [name, px] of [['--code-reserve', tallest], ['--summary-reserve', summary], ['--unit-reserve', unit]]) {
      if (px > 0) card.style.setProperty(name, `${Math.ceil(px)}px`);
      else card.style.removeProperty(name);
    }
  }

  highlightLine(line) {
    if (line === this.lastLine) return;
    this.lines[this.lastLine]?.classList.remove('is-current');
    this.lines[this.lastLine]?.removeAttribute('aria-current');
    this.lines[line]?.classList.add('is-current');
    this.lines[line]?.setAttribute('aria-current', 'step');
    this.lastLine = line;
    this.onLine?.(line);
  }

  /** The marks the machine on show uses, plus the markers that are always there. */
  showLegend(algorithm, solver, sawGroups, heading, terrain = false, waypoints = false, weight = 1) {
    if (heading) this.headingSeen = true;
    const key = `${algorithm}:${solver}:${sawGroups}:${heading}:${terrain}:${waypoints}:${weight}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    // The player walks over the solver's marks, which stay on screen: explain both.
    const sources = algorithm === 'player' && solver !== 'none' ? [solver, algorithm] : [algorithm];
    const bits = [], labels = [];
    for (const name of sources) {
      const b = safe(() => Array.from(this.api.legendBits(name)), []);
      const l = safe(() => this.api.legendLabels(name), []);
      b.forEach((bit, i) => {
        if (!bits.includes(bit)) {
          bits.push(bit);
          labels.push(pathLabel(name, bit, terrain, weight) ?? l[i]);
        }
      });
    }
    // The page's own entries; the machine's marks are labelled by the core (legendLabels).
    const items = [
      ['swatch', COLOURS.wall, t('page.legendWall')],
      ['swatch', COLOURS.passage, t('page.legendPassage')],
    ];
    if (this.api.generatorNames?.().includes(algorithm)) items.push(['swatch', COLOURS.uncarved, t('page.legendUncarved')]);
    bits.forEach((bit, i) => items.push(['swatch', colourOfBit(bit), labels[i] ?? t('page.legendMark', { bit: String(bit) })]));
    if (sawGroups) items.push(['sets', '', t('page.legendSets')]);
    if (terrain) {
      items.push(['swatch', COLOURS.obstacle, t('page.legendObstacle')]);
      for (const paint of PAINTS) {
        const name = t(`page.paint-${paint.name}`);
        const label = paint.value === 1 ? t('page.legendRoad', { name })
          : t('page.legendPaint', { name, cost: paint.value, pattern: t(`page.pattern-${paint.name}`) });
        items.push(['swatch', paint.value === 1 ? COLOURS.passage : swatchBackground(paint, this.doc), label]);
      }
    }
    items.push(['start', '', t('page.legendStart')], ['goal', '', t('page.legendGoal')]);
    if (waypoints) items.push(['waypoint', '', t('page.legendWaypoint')]);
    if (algorithm === 'player') items.push(['player', '', t('page.legendPlayer')]);
    else items.push(['current', '', t('page.legendCurrent')]);
    if (heading) items.push(['heading', '', t('page.legendHeading')]);
    this.fillLegend(items);
  }

  /** The distance map's legend: its colour scale, the longest path and its ends. */
  showDistanceLegend({ max, longest }) {
    const key = `distance:${max}:${longest}`;
    if (key === this.legendKey) return;
    this.legendKey = key;
    this.fillLegend([
      ['swatch', COLOURS.wall, t('page.legendWall')],
      ['swatch', DISTANCE_ENDS[0], t('page.legendNear')],
      ['swatch', DISTANCE_ENDS[1], t('page.legendFar', { max })],
      ['swatch', COLOURS.uncarved, t('page.legendUnreached')],
      ['source', '', t('page.legendSource')],
      ['longest', '', t('page.legendLongest', { moves: Math.max(0, longest - 1) })],
      ['start', '', t('page.legendStart')], ['goal', '', t('page.legendGoal')],
    ]);
  }

  fillLegend(items) {
    const list = this.el.legend;
    list.replaceChildren(...items.map(([kind, colour, label]) => {
      const li = this.doc.createElement('li');
      const key = this.doc.createElement('span');
      key.className = `key key-${kind}`;
      key.setAttribute('aria-hidden', 'true');
      if (colour) key.style.background = colour;
      const text = this.doc.createElement('span');
      text.textContent = label;
      li.append(key, text);
      return li;
    }));
  }

  showStats(run) {
    const rows = [
      [t('page.statSteps'), run.steps()],
      [t('page.statGenerationSteps'), run.phaseSteps('generating')],
      [t('page.statSolverSteps'), run.phaseSteps('solving')],
      [t('page.statWalkSteps'), run.phaseSteps('walking')],
      [t('page.statVisited'), run.visited()],
      [t('page.statPathLength'), run.pathLength()],
      [t('page.statLastEvent'), lastEventLabel(this.api, run)],
    ];
    const names = run.counterNames();
    const values = run.counterValues();
    const title = safe(() => this.api.algorithmTitle(run.algorithm()), run.algorithm());
    names.forEach((name, i) => rows.push([t('page.statCounter', { counter: capitalise(coreWord('counters', name)), title }), values[i]]));
    const seen = new Set();
    for (const [name, value] of rows) {
      seen.add(name);
      let row = this.statRows.get(name);
      if (!row) {
        const dt = this.doc.createElement('dt');
        dt.textContent = name;
        const dd = this.doc.createElement('dd');
        this.el.stats.append(dt, dd);
        row = { dt, dd };
        this.statRows.set(name, row);
      }
      setText(row.dd, typeof value === 'number' ? formatNumber(value) : String(value));
    }
    // Counters belong to one machine; drop rows of the machine that went away.
    for (const [name, row] of this.statRows) {
      if (!seen.has(name)) {
        row.dt.remove();
        row.dd.remove();
        this.statRows.delete(name);
      }
    }
  }

  /**
   * The texture statistics of the maze as it stands (MazeRun.measure(), named by statsNames()):
   * measured at once on a small maze, else a slice at a time in the background (onMeasure).
   */
  showMazeStats(run, later = false) {
    if (!this.el.mazeStats || this.statKeys.length === 0) return;
    // Later: all of it in the background (after a live re-solve, whose frame is the picture).
    const raw = later ? null : run.measure(MEASURE_AT_ONCE_CELLS);
    if (raw) {
      this.showMazeStatValues(raw, run);
      return;
    }
    this.onMeasure?.((n) => {
      if (this.mazeStatsRun !== run) return true;
      const values = run.measure(n);
      if (values) this.showMazeStatValues(values, run);
      return Boolean(values);
    });
  }

  /** Shows measured statistics of `run`'s maze, and passes them on (onStats). */
  showMazeStatValues(raw, run) {
    const list = this.el.mazeStats;
    const values = {};
    this.statKeys.forEach((key, i) => { values[key] = raw[i]; });
    this.onStats?.(run, values);
    if (!this.mazeStatRows) {
      this.mazeStatRows = MAZE_STATS.map(([label]) => {
        const dt = this.doc.createElement('dt');
        dt.textContent = t(label);
        const dd = this.doc.createElement('dd');
        list.append(dt, dd);
        return dd;
      });
    }
    MAZE_STATS.forEach(([, show], i) => setText(this.mazeStatRows[i], show(values)));
  }

  /** Shows messages (problems with the URL, refused settings). Text only. */
  showMessages(messages) {
    const box = this.el.messages;
    const list = box.querySelector('ul');
    for (const message of messages) {
      const li = this.doc.createElement('li');
      li.textContent = message;
      list.append(li);
    }
    box.hidden = list.childElementCount === 0;
  }

  /** The language changed: the page's words are drawn again at the next update. */
  relabel() {
    this.legendKey = '';
    this.algorithm = null;
    this.mazeStatsRun = null;
    this.mazeStatRows = null;
    this.el.mazeStats?.replaceChildren();
    for (const row of this.statRows.values()) {
      row.dt.remove();
      row.dd.remove();
    }
    this.statRows.clear();
  }

  clearMessages() {
    this.el.messages.querySelector('ul').replaceChildren();
    this.el.messages.hidden = true;
  }
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function safe(f, fallback) {
  try {
    return f();
  } catch {
    return fallback;
  }
}

function whole(n) {
  return Number.isFinite(n) ? formatNumber(n) : '—';
}

function percent(share) {
  return Number.isFinite(share) ? formatNumber(share, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '—';
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The run's last event in words (the core's label in the page's language), '—' before any. */
function lastEventLabel(api, run) {
  const kind = safe(() => run.lastEvent(), '');
  if (!kind) return '—';
  // The run-to-the-next list's labels say "next …": a past event has words of its own.
  if (has(`page.lastEvent.${kind}`)) return t(`page.lastEvent.${kind}`);
  return safe(() => api.eventLabel(kind), kind) || kind;
}
