// Keeping a change of the settings whole before the controller takes it: a new size, shape or
// mask can leave the start, the goal or the distance map's cell off the maze, a painted mask
// must follow the grid, edits belong to one generated maze, and a race needs a solver. Each
// rule says what it changed in a message. Used by the page's form (www/main.js), the Shape card
// (www/app/shape-card.js) and edit mode (www/app/edit-mode.js).

import { cellsOfText, encodeCells, maskKind, resampleCells, rowLengths } from '../run/masks.js';
import { describeCorner, gridOf, listOf, messageOf, pointInside, pointSetting } from '../run/settings.js';
import { t } from '../words/i18n.js';

/** Every rule below, in order: the changes as the controller should take them. */
export function fitChanges(page, changes) {
  return fitRace(page, fitEnds(page, fitMask(page, fitEdits(page, changes))));
}

/**
 * A new size, shape or mask can leave the start, the goal or the distance map's cell off the
 * maze: back to its corner (the start), and say so.
 */
export function fitEnds(page, changes) {
  const now = page.controller.settings;
  const next = { ...now, ...changes };
  const fitted = { ...changes };
  const notes = [];
  const grid = gridOf(next);
  const gridChanged = 'shape' in changes && changes.shape !== now.shape;
  for (const which of ['start', 'goal']) {
    if (next[which] && gridChanged && !(which in changes)) {
      // Another shape numbers its cells otherwise: the corners again.
      fitted[which] = '';
      continue;
    }
    if (pointInside(next[which], next.width, next.height, grid)) continue;
    fitted[which] = '';
    const key = grid.shape === 'square' && !grid.mask ? `page.${which}Outside` : `page.${which}OffCell`;
    notes.push(t(key, { at: next[which], width: String(next.width), height: String(next.height),
      corner: describeCorner(which, next.width, next.height, grid) }));
  }
  // Goals and waypoints off the new grid are dropped (all of them on another shape).
  for (const key of ['goals', 'via']) {
    if (!next[key]) continue;
    const kept = gridChanged && !(key in changes)
      ? []
      : listOf(next[key]).filter((at) => pointInside(at, next.width, next.height, grid));
    if (kept.join(';') !== next[key]) fitted[key] = kept.join(';');
  }
  if (next.distances && next.distances !== 'start' && !pointInside(next.distances, next.width, next.height, grid)) {
    fitted.distances = 'start';
  }
  if (notes.length > 0) page.panels.showMessages(notes);
  return fitted;
}

/**
 * A new size or shape carries a painted mask along (scaled to the new grid); an outline is
 * drawn again at the new size; a word keeps its own size unless the size is changed by hand,
 * when it becomes painted cells.
 */
export function fitMask(page, changes) {
  const now = page.controller.settings;
  const next = { ...now, ...changes };
  if ('mask' in changes || !next.mask) return changes;
  const kind = maskKind(next.mask);
  const moved = next.shape !== now.shape || next.width !== now.width || next.height !== now.height;
  if (!moved || kind === 'preset') return changes;
  if (kind === 'word' && next.shape === 'polar') {
    page.panels.showMessages([t('page.wordLeftOut')]);
    return { ...changes, mask: '' };
  }
  try {
    const flags = cellsOfText(page.maskOf(now));
    const from = rowLengths(now.shape, now.width, now.height, page.api.ringStarts);
    const to = rowLengths(next.shape, next.width, next.height, page.api.ringStarts);
    return { ...changes, mask: encodeCells(resampleCells(flags, from, to)) };
  } catch (err) {
    page.panels.showMessages([t('page.maskNotCarried', { error: messageOf(err) })]);
    return { ...changes, mask: '' };
  }
}

// Edits are a difference from one generated maze: another maze leaves them behind.
const MAZE_KEYS = ['generator', 'knobs', 'braid', 'density', 'shape', 'width', 'height', 'mask', 'seed'];

export function fitEdits(page, changes) {
  const now = page.controller.settings;
  if (!now.edits || 'edits' in changes || !MAZE_KEYS.some((key) => key in changes && changes[key] !== now[key])) return changes;
  page.panels.showMessages([t('page.editsLeftBehind')]);
  return { ...changes, edits: '' };
}

/** A race needs a solver to race against: with no solver there is no race. */
export function fitRace(page, changes) {
  const next = { ...page.controller.settings, ...changes };
  if (next.race === 'none' || next.solver !== 'none') return changes;
  page.panels.showMessages([changes.race ? t('page.raceNeedsSolver') : t('page.raceTurnedOff')]);
  return { ...changes, race: 'none' };
}

/**
 * Moves the start or the goal to cell (x, y), keeping the maze (same seed): while editing the
 * search runs again at once on the same maze; otherwise a new run starts.
 */
export function placeEnd(page, which, x, y) {
  const c = page.controller;
  const { width, height } = c.settings;
  const setting = pointSetting(which, x, y, width, height, gridOf(c.settings));
  const editor = page.editor;
  if (editor?.active) {
    const before = editor.state();
    if (c.rework({ [which]: setting })) editor.remember(before);
  } else {
    c.update({ [which]: setting });
  }
}
