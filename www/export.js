// Saving what is on screen: the canvas as PNG, the maze as a printable SVG worksheet (with or
// without the solution) and as tile text. The SVG and the text come from the core
// (src/export.rs), the same as `mazestep ... --format svg` and `--format tiles` write. The
// worksheet's title line is the core's English; the page puts its own language's in its place.
// A maze that is not generated yet (step 0: a grid of closed cells) is not saved without a
// word: the card says what would be saved and offers to run to the end first.

import { formatNumber, t } from './i18n.js';

export class Exporter {
  /**
   * @param {Document} doc
   * @param {object} on  { run(): MazeRun, settings(): object, canvas(): HTMLCanvasElement,
   *   finish(done) (optional): runs the run on show to its end, then calls done }
   */
  constructor(doc, on) {
    this.doc = doc;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      png: $('save-png'), svg: $('save-svg'), solution: $('save-svg-solution'), text: $('save-text'),
      note: $('export-note'), offer: $('export-offer'), offerText: $('export-offer-text'),
      finished: $('save-finished'), asShown: $('save-as-shown'),
    };
    this.saves = {
      png: () => this.savePng(),
      // With the distance map on, the worksheet is shaded the same way.
      svg: () => this.saveText('svg', this.sheet(false), 'image/svg+xml'),
      text: () => this.saveText('txt', this.on.run().text(true), 'text/plain'),
    };
    this.offered = null; // { kind, run } while the offer is shown
    for (const kind of Object.keys(this.saves)) this.el[kind].addEventListener('click', () => this.ask(kind));
    this.el.solution.addEventListener('click', () =>
      this.saveText('solution.svg', this.sheet(true), 'image/svg+xml'));
    this.el.finished?.addEventListener('click', () => this.saveFinished());
    this.el.asShown?.addEventListener('click', () => {
      const kind = this.offered?.kind;
      this.hideOffer();
      if (kind) this.saves[kind]();
    });
  }

  /** Saves at once, unless the maze is still being generated: then says so and offers the end. */
  ask(kind) {
    const run = this.on.run();
    const phase = run.phase();
    if (!this.el.offer || (phase !== 'generating' && phase !== 'braiding')) {
      this.hideOffer();
      this.saves[kind]();
      return;
    }
    this.offered = { kind, run };
    this.showOffer();
    this.el.offer.hidden = false;
    this.el.finished.focus();
  }

  showOffer() {
    if (!this.offered) return;
    const { kind, run } = this.offered;
    const steps = run.steps();
    const what = t(`page.saveWhat-${kind}`);
    const text = steps === 0 ? t('page.saveEarlyZero', { what }) : t('page.saveEarly', { what, step: steps });
    if (this.el.offerText.textContent !== text) this.el.offerText.textContent = text;
  }

  hideOffer() {
    this.offered = null;
    if (this.el.offer) this.el.offer.hidden = true;
  }

  /** Runs the run on show to its end (a slice per frame on big mazes), then saves. */
  saveFinished() {
    const offered = this.offered;
    if (!offered) return;
    this.hideOffer();
    const save = () => {
      if (this.on.run() === offered.run) this.saves[offered.kind]();
    };
    if (this.on.finish) this.on.finish(save);
    else save();
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
    // The offer was about that run at that step: a new run or a step on takes it away.
    if (this.offered && (this.offered.run !== run || run.phase() !== 'generating' && run.phase() !== 'braiding')) this.hideOffer();
    else if (this.offered) this.showOffer();
    const found = run.pathLength() > 0;
    if (this.el.solution.disabled === found) this.el.solution.disabled = !found;
    const tiles = run !== this.lastRun ? run.shape() === 'square' && run.offCells().length === 0 : this.tiles;
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
    this.showOffer();
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
