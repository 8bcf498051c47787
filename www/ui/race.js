// Race and "not shortest": the words around up to three more solvers racing the first on the same maze,
// and the note when a found path is longer than a shortest one, or dearer than the cheapest.
// Text only, never markup from outside: every string goes in with textContent.

import { formatNumber, language, t } from '../words/i18n.js';
import { costOfRun, formatCost, usesHeuristic } from '../run/world.js';
import { heuristicTitle, raceLanes } from '../run/settings.js';
import { bestPathsOf } from '../run/stage.js';
import { isShaped } from '../run/module-api.js';

// The ids' endings of the race's other lanes' elements (index.html), in lane order.
const LANE_SUFFIXES = ['-race', '-race-2', '-race-3'];

// Two costs this close are the same (a path's cost is a sum of whole numbers and √2s).
const SAME = 1e-6;

/**
 * The note for a run on a world where costs are not lengths (terrain painted, or diagonal
 * moves): compared by cost, with the length as a remark. '' when there is nothing to say.
 * @param {string} title  the solver's title
 * @param {{ length: number, cost: number }} found  the found path: cells and cost
 * @param {{ shortestCells: number, shortestCost: number, cheapestCost: number, cheapestCells: number }} best
 */
export function costNote(title, found, best) {
  const { length, cost } = found;
  if (!(length > 0) || !Number.isFinite(cost) || !best) return '';
  if (cost > best.cheapestCost + SAME) {
    return t('page.notCheapest', {
      title, length, cost: formatCost(cost), cheapest: formatCost(best.cheapestCost), cheapestLength: best.cheapestCells,
    });
  }
  // The cheapest, and longer than the shortest: because the shortest costs more, or one of
  // the cheapest paths is shorter.
  if (length > best.shortestCells) {
    const words = { title, length, cost: formatCost(cost), shortest: best.shortestCells, shortestCost: formatCost(best.shortestCost) };
    return t(best.shortestCost > cost + SAME ? 'page.cheapestNotShortest' : 'page.cheapestSameCost', words);
  }
  return '';
}

/**
 * The note for a run whose found path is longer than the shortest, or '' when there is
 * nothing to say (no path yet, or the path is a shortest one).
 * @param {string} title  the solver's title
 * @param {number} length the found path, in cells
 * @param {number} shortest a shortest path from the same start to the same goal, in cells
 */
export function shortestNote(title, length, shortest) {
  if (!(length > 0) || !(shortest > 0) || length <= shortest) return '';
  return t('page.notShortest', { title, length, shortest });
}

/**
 * Who did better, in words, from two { title, visited, path } results (path 0 = none found).
 * @returns {string[]} one sentence for path length, one for visited cells
 */
export function verdict(a, b) {
  const lines = [];
  if (a.path > 0 && b.path > 0) {
    if (a.path === b.path) lines.push(t('page.raceSamePath', { length: a.path }));
    else {
      const [win, lose] = a.path < b.path ? [a, b] : [b, a];
      lines.push(t('page.raceShorter', { winner: win.title, win: win.path, lose: lose.path }));
    }
  } else if (a.path > 0 || b.path > 0) {
    const [win, lose] = a.path > 0 ? [a, b] : [b, a];
    lines.push(t('page.raceOnly', { winner: win.title, loser: lose.title }));
  } else lines.push(t('page.raceNeither'));
  // On terrain or with diagonal moves the shorter path need not be the cheaper one.
  if (a.path > 0 && b.path > 0 && a.cost != null && b.cost != null && Math.abs(a.cost - b.cost) > 1e-9 &&
    (a.cost !== a.path - 1 || b.cost !== b.path - 1)) {
    const [win, lose] = a.cost < b.cost ? [a, b] : [b, a];
    lines.push(t('page.raceCheaper', { winner: win.title, win: formatCost(win.cost), lose: formatCost(lose.cost) }));
  }
  if (a.visited === b.visited) lines.push(t('page.raceSameVisited', { visited: a.visited }));
  else {
    const [win, lose] = a.visited < b.visited ? [a, b] : [b, a];
    lines.push(t('page.raceFewer', { winner: win.title, win: win.visited, lose: lose.visited }));
  }
  return lines;
}

/**
 * Who did best over three or four lanes, in words, from { title, visited, path, cost, steps }
 * results (path 0 = none found): the shortest path, the cheapest where costs are not lengths,
 * the fewest visited, the first done. Ties name every lane that shares the best.
 * @returns {string[]}
 */
export function verdictOfMany(rows) {
  const best = (value, ok = () => true) => {
    const eligible = rows.filter(ok);
    if (eligible.length === 0) return null;
    const low = Math.min(...eligible.map(value));
    return { low, names: eligible.filter((r) => Math.abs(value(r) - low) < SAME).map((r) => r.title).join(', ') };
  };
  const lines = [];
  const found = (r) => r.path > 0;
  const shortest = best((r) => r.path, found);
  if (!shortest) lines.push(t('page.raceNobody'));
  else lines.push(t('page.raceShortestOf', { names: shortest.names, length: shortest.low }));
  // Cost only where some path's cost is not its length less one (terrain, diagonal moves).
  if (rows.some((r) => found(r) && r.cost != null && Math.abs(r.cost - (r.path - 1)) > SAME)) {
    const cheapest = best((r) => r.cost, (r) => found(r) && r.cost != null);
    if (cheapest) lines.push(t('page.raceCheapestOf', { names: cheapest.names, cost: formatCost(cheapest.low) }));
  }
  const fewest = best((r) => r.visited);
  lines.push(t('page.raceFewestOf', { names: fewest.names, visited: fewest.low }));
  const first = best((r) => r.steps);
  lines.push(t('page.raceFirstOf', { names: first.names, steps: first.low }));
  return lines;
}

/** The steps a run's search took (its solving phase), 0 where it has none. */
export function searchSteps(run) {
  try {
    return run.phaseSteps('solving');
  } catch {
    return 0;
  }
}

export class RaceView {
  /**
   * @param {Document} doc
   * @param {object} api  { algorithmTitle }
   * @param {(settings: object) => number | null} shortestOf  shortest path in cells on the maze
   *        as it stands (0 when the goal cannot be reached), or null while it is being worked out
   */
  constructor(doc, api, shortestOf) {
    const $ = (id) => doc.getElementById(id);
    this.doc = doc;
    this.api = api;
    this.shortestOf = shortestOf;
    this.el = {
      lanes: $('lanes'), caption: $('caption'), note: $('shortest-note'), result: $('race-result'),
      slot: $('race-slot'), pending: $('race-pending'),
      // The race's other lanes, in order: each its lane, caption and note.
      others: LANE_SUFFIXES.map((suffix) => ({ lane: $(`lane${suffix}`), caption: $(`caption${suffix}`), note: $(`shortest-note${suffix}`) })),
    };
  }

  title(name) {
    try {
      return this.api.algorithmTitle(name);
    } catch {
      return name;
    }
  }

  /**
   * A lane's caption: its solver's title, and the heuristic and weight it searches with when
   * they are not the plain ones (for the solvers that use them).
   */
  laneTitle({ solver, heuristic = 'grid', weight = 1 }) {
    if (solver === 'none') return t('page.noSolver');
    const title = this.title(solver);
    if (!usesHeuristic(solver)) return title;
    const details = [];
    if (heuristic !== 'grid') details.push(heuristicTitle(heuristic));
    if (weight !== 1) details.push(t('page.raceWeight', { weight: formatNumber(weight) }));
    return details.length === 0 ? title : t('page.raceLaneTitle', { title, details: details.join(', ') });
  }

  /** Every lane as { solver, heuristic, weight }, the main one first. */
  lanesOf(settings) {
    return [{ solver: settings.solver, heuristic: settings.heuristic, weight: settings.weight }, ...raceLanes(settings)];
  }

  /** Shows or hides the race's lanes and captions for these settings (before the renderer lays out). */
  showLanes(settings) {
    const lanes = this.lanesOf(settings);
    const racing = lanes.length > 1;
    this.el.others.forEach((other, i) => {
      other.lane.hidden = i + 1 >= lanes.length;
      if (!other.lane.hidden) other.caption.textContent = this.laneTitle(lanes[i + 1]);
    });
    this.el.lanes.classList.toggle('racing', racing);
    this.el.lanes.dataset.lanes = String(lanes.length);
    // The comparison's room is kept from the start of a race, so its end moves nothing.
    if (this.el.slot) {
      this.el.slot.hidden = !racing;
      // Three or four rows in the table: a taller room (style.css).
      this.el.slot.dataset.lanes = String(lanes.length);
    }
    this.el.caption.hidden = !racing;
    if (racing) this.el.caption.textContent = this.laneTitle(lanes[0]);
  }

  /**
   * The results of every lane, the main one first: { title, side, lane, run, visited, path,
   * cost, steps, place } (steps: the search's own steps; place: 1 for the first done).
   */
  results(settings, run, partners) {
    const lanes = this.lanesOf(settings);
    const rows = [run, ...partners].map((r, i) => ({
      title: this.laneTitle(lanes[i] ?? { solver: 'none' }), side: i === 0 ? 'main' : i === 1 ? 'race' : `race-${i}`, lane: i + 1, run: r,
      visited: r.visited(), path: r.pathLength(), cost: costOfRun(r), steps: searchSteps(r),
    }));
    // The runs step together: the fewer steps a search took, the sooner it was done.
    for (const r of rows) r.place = 1 + rows.filter((o) => o.steps < r.steps).length;
    return rows;
  }

  /** Notes and the comparison, from the runs as they are now. */
  update(settings, run, partners) {
    const list = Array.isArray(partners) ? partners : partners ? [partners] : [];
    const lanes = this.lanesOf(settings);
    this.showNote(this.el.note, settings, settings.solver, run);
    this.el.others.forEach((other, i) => {
      if (list[i]) this.showNote(other.note, settings, lanes[i + 1]?.solver ?? 'none', list[i]);
    });
    const result = this.el.result;
    if (list.length === 0 || [run, ...list].some((r) => r.phase() !== 'done')) {
      result.hidden = true;
      result.replaceChildren();
      if (this.el.pending) this.el.pending.hidden = false;
      return;
    }
    if (this.el.pending) this.el.pending.hidden = true;
    if (result.dataset.key === this.keyOf(settings) && result.dataset.lang === language() && !result.hidden) return;
    const rows = this.results(settings, run, list);
    const doc = this.doc;
    const cell = (tag, text, cls) => {
      const node = doc.createElement(tag);
      node.textContent = text;
      if (cls) node.className = cls;
      return node;
    };
    const table = doc.createElement('table');
    const head = doc.createElement('tr');
    head.append(cell('th', t('page.raceRace')), cell('th', t('page.statVisited')), cell('th', t('page.statPathLength')),
      cell('th', t('page.raceCost')), cell('th', t('page.raceSteps')), cell('th', t('page.raceFinished')));
    table.append(head);
    for (const r of rows) {
      const tr = doc.createElement('tr');
      tr.dataset.side = r.side;
      tr.dataset.lane = String(r.lane);
      if (r.place === 1) tr.classList.add('is-first');
      tr.append(cell('th', r.title), cell('td', formatNumber(r.visited), 'num visited'),
        cell('td', r.path > 0 ? formatNumber(r.path) : t('page.raceNone'), 'num path'),
        cell('td', r.path > 0 && r.cost !== null ? formatCost(r.cost) : '–', 'num cost'),
        cell('td', formatNumber(r.steps), 'num steps'), cell('td', t(`page.racePlace${r.place}`), 'place'));
      table.append(tr);
    }
    const words = cell('p', (rows.length === 2 ? verdict(rows[0], rows[1]) : verdictOfMany(rows)).join(' '));
    result.replaceChildren(table, words);
    result.dataset.key = this.keyOf(settings);
    result.dataset.lang = language();
    result.hidden = false;
  }

  showNote(node, settings, solver, run) {
    let text = '';
    if (run && solver !== 'none' && run.outcome() === 'found') text = this.noteOf(this.title(solver), settings, run);
    if (node.textContent !== text) node.textContent = text;
    // The whole sentence, where three or four lanes cut it to two lines.
    if (node.title !== text) node.title = text;
    node.hidden = text === '';
  }

  keyOf(s) {
    // The world too: after an edit the same maze settings give another race.
    return [s.generator, s.knobs, s.braid, s.density, s.width, s.height, s.seed, s.start, s.goal, s.solver, s.race,
      s.shape, s.mask, s.edits, s.corners, s.heuristic, s.weight].join('|');
  }

  /**
   * The note for a run that found a path, compared with the best paths on the world it
   * searched: by cost where costs are not lengths (terrain, diagonal moves), else by length,
   * with the maze statistics' solution length (measured on the maze as it stands, edits and
   * all, a slice at a time on big mazes).
   */
  noteOf(title, settings, run) {
    // With more goals or waypoints the best paths are another question (one goal, no stops
    // between): no note.
    if (settings.goals || settings.via) return '';
    const length = run.pathLength();
    let terrain = false;
    try {
      terrain = run.terrainPtr() !== 0;
    } catch {
      terrain = false;
    }
    const diagonal = settings.corners !== 'never' && !isShaped(run);
    if (terrain || diagonal) {
      let cost = NaN;
      try {
        cost = typeof run.pathCost === 'function' ? run.pathCost() : costOfRun(run);
      } catch {
        cost = NaN;
      }
      return costNote(title, { length, cost }, bestPathsOf(run));
    }
    let shortest = null;
    try {
      shortest = this.shortestOf(settings);
    } catch {
      shortest = null;
    }
    // null: not measured yet; asked again when the statistics are in.
    return shortest === null ? '' : shortestNote(title, length, shortest);
  }
}
