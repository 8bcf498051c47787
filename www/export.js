// Saving what is on screen: the canvas as PNG, the maze as a printable SVG worksheet (with or
// without the solution) and as tile text. The SVG and the text come from the core
// (src/export.rs), the same as `mazestep ... --format svg` and `--format tiles` write, with the
// worksheet's title line in the page's language.
//
// A worksheet is written a piece at a time (MazeRun.sheetBegin / sheetNext) as long work of
// the controller's, a slice per frame with progress and Cancel: with distances, a 2048 × 2048
// sheet is some 340 MB, and at 4096 × 4096 no single string could hold it. The pieces become
// Blobs as they come, and the file one Blob of them.
//
// A maze that is not generated yet (step 0: a grid of closed cells) is not saved without a
// word: the card says what would be saved and offers to run to the end first.

import { formatNumber, t } from './i18n.js';
import { isShaped } from './module-api.js';

/** How many characters of a worksheet gather before they become a Blob. */
const SHEET_BLOB_CHARS = 2 * 1024 * 1024;

export class Exporter {
  /**
   * @param {Document} doc
   * @param {object} on  { run(): MazeRun, settings(): object, canvas(): HTMLCanvasElement,
   *   distances(): boolean, title(): string, work(job): long work (the controller's startJob:
   *   { label, slice(n) => finished, progress() => fraction, finished(), cancelled() }),
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
      svg: () => this.saveSheet(false),
      text: () => this.saveText('txt', this.on.run().text(true), 'text/plain'),
    };
    this.offered = null; // { kind, run } while the offer is shown
    for (const kind of Object.keys(this.saves)) this.el[kind].addEventListener('click', () => this.ask(kind));
    this.el.solution.addEventListener('click', () => this.saveSheet(true));
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

  /** Begins the run's worksheet, titled in the page's language. */
  beginSheet(solution) {
    const run = this.on.run();
    run.sheetBegin(solution, this.shaded(), this.on.title?.() ?? null);
    return run;
  }

  /** The worksheet's text at once: for small mazes (the page saves it in slices). */
  sheet(solution) {
    const run = this.beginSheet(solution);
    let text = '';
    for (let piece = run.sheetNext(Infinity); piece !== undefined; piece = run.sheetNext(Infinity)) text += piece;
    return text;
  }

  /** Save › Worksheet: written a slice at a time as long work (progress, Cancel), then saved. */
  saveSheet(solution) {
    const run = this.beginSheet(solution);
    const name = `${this.baseName()}.${solution ? 'solution.svg' : 'svg'}`;
    // Pieces gather into a Blob every few megabytes: the browser may keep a Blob's bytes out
    // of the page's heap, and a few large Blobs cost less than one per piece.
    const blobs = [];
    let pieces = [], gathered = 0;
    const gather = () => {
      blobs.push(new Blob(pieces));
      pieces = [];
      gathered = 0;
    };
    this.on.work({
      label: t('page.jobSheet'),
      keepsRun: true,
      slice: (n) => {
        const piece = run.sheetNext(n);
        if (piece === undefined) return true;
        pieces.push(piece);
        gathered += piece.length;
        if (gathered >= SHEET_BLOB_CHARS) gather();
        return false;
      },
      progress: () => Math.max(0, run.sheetProgress()),
      finished: () => {
        gather();
        this.download(new Blob(blobs, { type: 'image/svg+xml;charset=utf-8' }), name);
      },
      cancelled: () => {
        // The run may be on its way out (a new run cancels its work first).
        try {
          run.sheetCancel();
        } catch {
          // freed: its sheet went with it
        }
      },
    });
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
