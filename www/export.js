// Saving what is on screen: the canvas as PNG, the maze as a printable SVG worksheet (with or
// without the solution) and as tile text. The SVG and the text come from the core
// (src/export.rs), the same as `mazestep ... --format svg` and `--format tiles` write. The
// worksheet's title line is the core's English; the page puts its own language's in its place.

import { formatNumber, t } from './i18n.js';
import { isShaped } from './module-api.js';

export class Exporter {
  /**
   * @param {Document} doc
   * @param {object} on  { run(): MazeRun, settings(): object, canvas(): HTMLCanvasElement }
   */
  constructor(doc, on) {
    this.doc = doc;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      png: $('save-png'), svg: $('save-svg'), solution: $('save-svg-solution'), text: $('save-text'),
      note: $('export-note'),
    };
    this.el.png.addEventListener('click', () => this.savePng());
    // With the distance map on, the worksheet is shaded the same way.
    this.el.svg.addEventListener('click', () =>
      this.saveText('svg', this.sheet(false), 'image/svg+xml'));
    this.el.solution.addEventListener('click', () =>
      this.saveText('solution.svg', this.sheet(true), 'image/svg+xml'));
    this.el.text.addEventListener('click', () => this.saveText('txt', this.on.run().text(true), 'text/plain'));
  }

  /** The core's worksheet with its title line in the page's language. */
  sheet(solution) {
    const svg = this.on.run().svg(solution, this.shaded());
    const title = this.on.title?.();
    return title ? retitle(svg, title) : svg;
  }

  shaded() {
    return Boolean(this.on.distances?.());
  }

  /** The solution sheet needs a found path; tile text needs the plain square grid. */
  update(run) {
    const found = run.pathLength() > 0;
    if (this.el.solution.disabled === found) this.el.solution.disabled = !found;
    const tiles = run !== this.lastRun ? !isShaped(run) : this.tiles;
    this.lastRun = run;
    if (tiles !== this.tiles) {
      this.tiles = tiles;
      this.el.text.disabled = !tiles;
      this.showTilesTitle();
    }
  }

  showTilesTitle() {
    if (this.tiles === undefined) return;
    this.el.text.title = this.tiles ? '' : t('page.tilesOnlySquare');
  }

  /** The language changed: the button's tooltip and the last note again. */
  relabel() {
    this.showTilesTitle();
    if (this.said) this.el.note.textContent = t(this.said.key, this.said.args);
  }

  /** mazestep-kruskal-20x20-seed7 */
  baseName() {
    const s = this.on.settings();
    return `mazestep-${s.generator}-${s.width}x${s.height}-seed${s.seed}`;
  }

  savePng() {
    this.on.canvas().toBlob((blob) => {
      if (blob) this.download(blob, `${this.baseName()}.png`);
      else this.say('page.pictureFailed');
    }, 'image/png');
  }

  saveText(extension, text, type) {
    this.download(new Blob([text], { type: `${type};charset=utf-8` }), `${this.baseName()}.${extension}`);
  }

  download(blob, name) {
    const url = URL.createObjectURL(blob);
    const link = this.doc.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    this.doc.body.append(link);
    link.click();
    link.remove();
    // Give the download a moment to start before the address is let go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.say('page.saved', { name });
  }

  say(key, args) {
    this.said = { key, args };
    this.el.note.textContent = t(key, args);
  }
}

/**
 * A worksheet's title line in the page's language, as the core's export::grid_sheet_title
 * words it: "Kruskal, 20 × 20 cells, seed 7, braid 0.3"; `title` is the generator's title.
 */
export function sheetTitle(settings, title) {
  const { shape = 'square', mask = '', seed, braid = 0 } = settings;
  // Sizes as the core writes them: digits, no grouping.
  const width = String(settings.width), height = String(settings.height);
  let size;
  if (shape === 'square' && !mask) size = t('page.sheetCells', { width, height });
  else if (shape === 'polar') size = t(mask ? 'page.sheetMaskedPolar' : 'page.sheetPolar', { rings: height });
  else size = t(mask ? 'page.sheetMaskedGrid' : 'page.sheetGrid', { shape: t(`page.sheetShape-${shape}`), width, height });
  let text = t('page.sheetTitle', { title, size, seed: String(seed) });
  if (braid > 0) text += t('page.sheetBraid', { braid: formatNumber(Math.min(braid, 100) / 100, { maximumFractionDigits: 3 }) });
  return text;
}

/**
 * `svg` with the text of its first <text> element (the core's title line, src/export.rs
 * open_sheet) replaced by `title`, escaped for XML. A sheet without one is returned as it is.
 */
export function retitle(svg, title) {
  const open = svg.indexOf('<text');
  if (open < 0) return svg;
  const start = svg.indexOf('>', open) + 1;
  const end = svg.indexOf('</text>', start);
  if (start <= 0 || end < 0) return svg;
  const escaped = String(title).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return svg.slice(0, start) + escaped + svg.slice(end);
}
