// Saving what is on screen: the canvas as PNG, the maze as a printable SVG worksheet (with or
// without the solution) and as tile text. The SVG and the text come from the core
// (src/export.rs), the same as `mazestep ... --format svg` and `--format tiles` write.

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
      this.saveText('svg', this.on.run().svg(false, this.shaded()), 'image/svg+xml'));
    this.el.solution.addEventListener('click', () =>
      this.saveText('solution.svg', this.on.run().svg(true, this.shaded()), 'image/svg+xml'));
    this.el.text.addEventListener('click', () => this.saveText('txt', this.on.run().text(true), 'text/plain'));
  }

  shaded() {
    return Boolean(this.on.distances?.());
  }

  /** The solution sheet needs a found path; tile text needs the plain square grid. */
  update(run) {
    const found = run.pathLength() > 0;
    if (this.el.solution.disabled === found) this.el.solution.disabled = !found;
    const tiles = run !== this.lastRun ? run.shape() === 'square' && run.offCells().length === 0 : this.tiles;
    this.lastRun = run;
    if (tiles !== this.tiles) {
      this.tiles = tiles;
      this.el.text.disabled = !tiles;
      this.el.text.title = tiles ? '' : 'Tile text is for the plain square grid: save the worksheet (SVG) instead.';
    }
  }

  /** mazestep-kruskal-20x20-seed7 */
  baseName() {
    const s = this.on.settings();
    return `mazestep-${s.generator}-${s.width}x${s.height}-seed${s.seed}`;
  }

  savePng() {
    this.on.canvas().toBlob((blob) => {
      if (blob) this.download(blob, `${this.baseName()}.png`);
      else this.say('The picture could not be made (the canvas is too big for this browser).');
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
    this.say(`Saved ${name}.`);
  }

  say(text) {
    this.el.note.textContent = text;
  }
}
