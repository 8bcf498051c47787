// Race and "not shortest": the words around a second solver racing the first on the same maze,
// and the note when a found path is longer than a shortest one. Text only, never markup from
// outside: every string goes in with textContent.

import { formatNumber, language, t } from './i18n.js';
import { costOfRun, formatCost } from './world.js';

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
   * @param {(settings: object) => number | null} shortestOf  shortest path in cells for these
   *        settings (0 when the goal cannot be reached), or null while it is being worked out
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
    this.shortestKey = '';
    this.shortest = 0;
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
    if (run && solver !== 'none' && run.outcome() === 'found') {
      text = shortestNote(this.title(solver), run.pathLength(), this.shortestFor(settings));
    }
    if (node.textContent !== text) node.textContent = text;
    node.hidden = text === '';
  }

  keyOf(s) {
    // The world too: after an edit the same maze settings give another race.
    return [s.generator, s.braid, s.density, s.width, s.height, s.seed, s.start, s.goal, s.solver, s.race,
      s.shape, s.mask, s.edits, s.corners, s.heuristic, s.weight].join('|');
  }

  /** A shortest path for these settings, computed once per maze (the solvers do not change it). */
  shortestFor(s) {
    const key = [s.generator, s.braid, s.width, s.height, s.seed, s.start, s.goal].join('|');
    if (key !== this.shortestKey) {
      let shortest;
      try {
        shortest = this.shortestOf(s);
      } catch {
        shortest = 0;
      }
      // null: not known yet (it is being worked out); asked again on a later update.
      if (shortest === null) return 0;
      this.shortestKey = key;
      this.shortest = shortest;
    }
    return this.shortest;
  }
}
