// Race and "not shortest": the words around a second solver racing the first on the same maze,
// and the note when a found path is longer than a shortest one, or dearer than the cheapest.
// Text only, never markup from outside: every string goes in with textContent.

import { formatNumber, language, t } from '../words/i18n.js';
import { costOfRun, formatCost } from '../run/world.js';
import { bestPathsOf } from '../run/stage.js';
import { isShaped } from '../run/module-api.js';

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
      lane: $('lane-race'), caption: $('caption'), captionRace: $('caption-race'),
      note: $('shortest-note'), noteRace: $('shortest-note-race'), result: $('race-result'),
      slot: $('race-slot'), pending: $('race-pending'),
    };
  }

  title(name) {
    try {
      return this.api.algorithmTitle(name);
    } catch {
      return name;
    }
  }

  /** Shows or hides the race lane and captions for these settings (before the renderer lays out). */
  showLanes(settings) {
    const racing = settings.race !== 'none';
    this.el.lane.hidden = !racing;
    this.el.lane.parentElement.classList.toggle('racing', racing);
    // The comparison's room is kept from the start of a race, so its end moves nothing.
    if (this.el.slot) this.el.slot.hidden = !racing;
    this.el.caption.hidden = !racing;
    if (racing) {
      this.el.caption.textContent = settings.solver === 'none' ? t('page.noSolver') : this.title(settings.solver);
      this.el.captionRace.textContent = this.title(settings.race);
    }
  }

  /** Notes and the comparison, from the runs as they are now. */
  update(settings, run, partner) {
    this.showNote(this.el.note, settings, settings.solver, run);
    this.showNote(this.el.noteRace, settings, settings.race, partner);
    const result = this.el.result;
    if (!partner || run.phase() !== 'done' || partner.phase() !== 'done') {
      result.hidden = true;
      result.replaceChildren();
      if (this.el.pending) this.el.pending.hidden = false;
      return;
    }
    if (this.el.pending) this.el.pending.hidden = true;
    const rows = [
      { title: settings.solver === 'none' ? t('page.noSolver') : this.title(settings.solver), run, side: 'main' },
      { title: this.title(settings.race), run: partner, side: 'race' },
    ].map((r) => ({ ...r, visited: r.run.visited(), path: r.run.pathLength(), cost: costOfRun(r.run) }));
    if (result.dataset.key === this.keyOf(settings) && result.dataset.lang === language() && !result.hidden) return;
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
      cell('th', t('page.raceCost')));
    table.append(head);
    for (const r of rows) {
      const tr = doc.createElement('tr');
      tr.dataset.side = r.side;
      tr.append(cell('th', r.title), cell('td', formatNumber(r.visited), 'num visited'),
        cell('td', r.path > 0 ? formatNumber(r.path) : t('page.raceNone'), 'num path'),
        cell('td', r.path > 0 && r.cost !== null ? formatCost(r.cost) : '–', 'num cost'));
      table.append(tr);
    }
    const words = cell('p', verdict(rows[0], rows[1]).join(' '));
    result.replaceChildren(table, words);
    result.dataset.key = this.keyOf(settings);
    result.dataset.lang = language();
    result.hidden = false;
  }

  showNote(node, settings, solver, run) {
    let text = '';
    if (run && solver !== 'none' && run.outcome() === 'found') text = this.noteOf(this.title(solver), settings, run);
    if (node.textContent !== text) node.textContent = text;
    node.hidden = text === '';
  }

  keyOf(s) {
    // The world too: after an edit the same maze settings give another race.
    return [s.generator, s.braid, s.density, s.width, s.height, s.seed, s.start, s.goal, s.solver, s.race,
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
