// The Shape card on the page (www/ui/shape-controls.js): the grid, the mask (an outline, a
// word, painted cells, a file) and the colours, wired to the page's controller. Loaded after
// the first maze (www/app/later.js), with the shapes' renderer it leads to.

import { ShapeControls } from '../ui/shape-controls.js';
import { MASK_URL_MAX, cellsOfText, encodeCells, rowLengths, sizeOfText, wordSetting } from '../run/masks.js';
import { messageOf } from '../run/settings.js';
import { t } from '../words/i18n.js';
import { fitChanges, fitEdits, fitEnds, fitRace } from './fit.js';

/** Makes the page's Shape card; returns its ShapeControls. */
export function setUpShapeCard(page) {
  const c = page.controller;
  const { api, maskOf } = page;
  const renderer = () => page.stage.renderer;
  const cellIndex = ([x, y]) => {
    const r = renderer();
    return r.geometry && r.run ? r.geometry.index(x, y) : y * c.settings.width + x;
  };
  const applyMask = (mask, size = {}) => {
    // A maze joins every cell: cells a stroke or a file cut off from the rest go off too.
    if (mask) {
      const next = { ...c.settings, ...size, mask };
      try {
        const text = maskOf(next);
        const kept = api.largestPiece(next.shape, next.width, next.height, text);
        if (kept !== text) {
          const flags = cellsOfText(kept);
          const dropped = cellsOfText(text).reduce((n, on, i) => n + (on && !flags[i] ? 1 : 0), 0);
          mask = encodeCells(flags);
          page.panels.showMessages([t('page.cellsCutOff', { dropped })]);
        }
      } catch {
        // The run says what is wrong with the mask.
      }
    }
    if (mask && mask.length > MASK_URL_MAX) {
      page.panels.showMessages([t('page.maskTooLong', { length: mask.length, max: MASK_URL_MAX })]);
    }
    c.update(fitRace(page, fitEnds(page, fitEdits(page, { mask, ...size }))));
  };
  const shapeControls = new ShapeControls(page.doc, api, {
    change: (changes) => c.update(fitChanges(page, changes)),
    word(text, given) {
      // Triangles join only across their three sides: letters one cell thick fall apart.
      const scale = c.settings.shape === 'triangle' ? Math.max(2, given) : given;
      const mask = wordSetting(text, scale);
      try {
        const [width, height] = sizeOfText(api.wordMask(text, scale));
        if (c.settings.shape === 'polar') throw new Error(t('page.wordNotPolar'));
        applyMask(mask, { width, height });
      } catch (err) {
        shapeControls.showProblem(messageOf(err));
      }
    },
    cellAt: (x, y) => renderer().cellAt(x, y),
    isOn(cell) {
      const r = renderer();
      return r.on ? r.on[cellIndex(cell)] === 1 : true;
    },
    preview(cell, on) {
      const r = renderer();
      const [x, y, , size] = r.cellCentre(cellIndex(cell));
      const ctx = r.octx;
      ctx.fillStyle = on ? 'rgba(255, 255, 255, 0.8)' : 'rgba(29, 35, 48, 0.6)';
      ctx.fillRect(x - size / 2, y - size / 2, size, size);
      r.overlayKey = '';
    },
    paint(cells, on) {
      if (cells.length === 0 || !c.run) {
        renderer().drawOverlay();
        return;
      }
      let flags;
      try {
        const text = maskOf(c.settings);
        flags = text ? cellsOfText(text) : new Uint8Array(c.run.cellCount).fill(1);
      } catch (err) {
        shapeControls.showProblem(messageOf(err));
        return;
      }
      for (const cell of cells) {
        const i = cellIndex(cell);
        if (i >= 0 && i < flags.length) flags[i] = on ? 1 : 0;
      }
      if (!flags.includes(1)) {
        shapeControls.showProblem(t('page.everyCellOff'));
        renderer().drawOverlay();
        return;
      }
      applyMask(flags.includes(0) ? encodeCells(flags) : '');
    },
    loadText(name, text) {
      const s = c.settings;
      const rows = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
      const bad = rows.findIndex((line) => !/^[.Xx]+$/.test(line));
      if (rows.length === 0 || bad >= 0) {
        shapeControls.showProblem(rows.length === 0 ? t('page.maskNoRows', { name })
          : t('page.maskBadLine', { name, line: bad + 1 }));
        return;
      }
      const flags = cellsOfText(rows.join('\n'));
      let size = {};
      if (s.shape === 'polar') {
        const lengths = rowLengths('polar', s.width, rows.length, api.ringStarts);
        if (rows.some((row, i) => row.length !== lengths[i])) {
          shapeControls.showProblem(t('page.maskNotPolar', { name, rings: rows.length, lengths: lengths.join(', ') }));
          return;
        }
        size = { height: rows.length };
      } else {
        if (rows.some((row) => row.length !== rows[0].length)) {
          shapeControls.showProblem(t('page.maskRagged', { name }));
          return;
        }
        size = { width: rows[0].length, height: rows.length };
      }
      if (!flags.includes(1)) {
        shapeControls.showProblem(t('page.maskAllOff', { name }));
        return;
      }
      applyMask(flags.includes(0) ? encodeCells(flags) : '', size);
    },
    loadPicture(name, image) {
      const s = c.settings;
      if (!api.pictureMask) {
        shapeControls.showProblem(t('page.noPictures'));
        return;
      }
      try {
        const text = api.pictureMask(s.shape, s.width, s.height, image.rgba, image.width, image.height);
        const flags = cellsOfText(text);
        applyMask(flags.includes(0) ? encodeCells(flags) : '');
      } catch (err) {
        shapeControls.showProblem(`${name}: ${messageOf(err)}`);
      }
    },
    saveMask() {
      const s = c.settings;
      try {
        const text = maskOf(s);
        if (!text) return;
        page.exporter.download(new Blob([text], { type: 'text/plain;charset=utf-8' }),
          `mazestep-mask-${s.shape}-${s.width}x${s.height}.txt`);
      } catch (err) {
        shapeControls.showProblem(messageOf(err));
      }
    },
    colours(mode) {
      page.clickMeasures = mode === 'cell';
      const now = c.settings.distances;
      const distances = mode === 'marks' ? '' : mode === 'start' ? 'start' : (now && now !== 'start' ? now : 'start');
      c.update({ distances });
      if (mode === 'cell') page.panels.showMessages([t('page.clickToMeasure')]);
    },
  });
  // Painting is done on the stage: the drawer makes way (on wide screens it is a column and stays).
  page.doc.getElementById('paint').addEventListener('click', () => {
    if (shapeControls.painting) page.layout.makeWay(page.doc.getElementById('maze'));
  });
  return shapeControls;
}
