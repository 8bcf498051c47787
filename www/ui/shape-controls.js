// The Shape card: the grid's shape, its mask (an outline, a word, cells painted on the maze or
// loaded from a picture or a text file) and the colours (the algorithm's marks or a distance
// map). Turns DOM events into callbacks, like controls.js; it knows nothing about runs.

import { WORD_SCALE_MAX, maskKind, parseWord } from '../run/masks.js';
import { has, t } from '../words/i18n.js';
import { SHAPES, shapeTitle } from '../run/settings.js';
import { shown } from '../words/quote.js';

// Largest picture side the page reads (bigger ones are scaled down first).
const PICTURE_MAX = 1024;

export class ShapeControls {
  /**
   * @param {Document} doc
   * @param {object} api  { maskPresets }
   * @param {object} on   { change(changes), word(text, scale), paint(cells, on) where cells is
   *                        a list of [x, y], cellAt(clientX, clientY) -> [x, y] | null, isOn([x, y]),
   *                        loadText(name, text), loadPicture(name, image), saveMask(), colours(mode) }
   */
  constructor(doc, api, on) {
    this.doc = doc;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      shape: $('shape'), shapeNote: $('shape-note'), mask: $('mask'), wordRow: $('word-row'),
      word: $('mask-word'), scale: $('mask-scale'), wordApply: $('mask-word-apply'), problem: $('mask-problem'),
      paint: $('paint'), load: $('mask-load'), file: $('mask-file'), save: $('mask-save'), note: $('mask-note'),
      maze: $('maze'), colours: [...doc.querySelectorAll('input[name="colours"]')],
    };
    this.painting = false;
    this.stroke = null; // while painting: { on, cells: Map key -> [x, y], last: [clientX, clientY] }
    this.fill(api);
    this.wire();
  }

  fill(api) {
    const { shape, mask, scale } = this.el;
    for (const name of SHAPES) shape.append(option(name, shapeTitle(name)));
    mask.append(option('', ''));
    const outlines = this.doc.createElement('optgroup');
    for (const name of api.maskPresets()) outlines.append(option(name, name));
    mask.append(outlines, option('word', ''), option('cells', ''));
    this.relabel();
    for (let s = 1; s <= WORD_SCALE_MAX; s++) scale.append(option(String(s), `× ${s}`));
  }

  wire() {
    const el = this.el;
    el.shape.addEventListener('change', () => this.on.change({ shape: el.shape.value }));
    el.mask.addEventListener('change', () => {
      const value = el.mask.value;
      el.wordRow.hidden = value !== 'word';
      if (value === 'word') {
        el.word.focus();
        return;
      }
      // "Painted cells" with none yet: start painting.
      if (value === 'cells') {
        this.setPainting(true);
        return;
      }
      this.on.change({ mask: value });
    });
    const applyWord = () => {
      const text = el.word.value.trim().toUpperCase();
      if (text) this.on.word(text, Number(el.scale.value));
    };
    el.wordApply.addEventListener('click', applyWord);
    el.word.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        applyWord();
      }
    });
    el.paint.addEventListener('click', () => this.setPainting(!this.painting));
    el.load.addEventListener('click', () => el.file.click());
    el.file.addEventListener('change', () => {
      const file = el.file.files?.[0];
      el.file.value = '';
      if (file) this.load(file);
    });
    el.save.addEventListener('click', () => this.on.saveMask());
    for (const radio of el.colours) {
      radio.addEventListener('change', () => {
        if (radio.checked) this.on.colours(radio.value);
      });
    }
    // Painting: press, drag and let go; the cells under the pointer's way switch over when it
    // is let go (one new maze, not one per cell). Pointer capture keeps the stroke when the
    // pointer leaves the canvas; a cancelled pointer drops it.
    el.maze.addEventListener('pointerdown', (event) => {
      if (!this.painting || event.button !== 0) return;
      event.preventDefault();
      const cell = this.on.cellAt(event.clientX, event.clientY);
      if (!cell) return;
      el.maze.setPointerCapture?.(event.pointerId);
      this.stroke = { on: !this.on.isOn(cell), cells: new Map(), last: [event.clientX, event.clientY] };
      this.addCell(cell);
    });
    el.maze.addEventListener('pointermove', (event) => {
      if (!this.stroke) return;
      // Every cell along the way, not only where move events landed: a fast drag leaves no gaps.
      const [x0, y0] = this.stroke.last;
      const steps = Math.max(1, Math.ceil(Math.hypot(event.clientX - x0, event.clientY - y0) / 2));
      for (let i = 1; i <= steps; i++) {
        const cell = this.on.cellAt(x0 + ((event.clientX - x0) * i) / steps, y0 + ((event.clientY - y0) * i) / steps);
        if (cell) this.addCell(cell);
      }
      this.stroke.last = [event.clientX, event.clientY];
    });
    const finish = (apply) => {
      const stroke = this.stroke;
      this.stroke = null;
      if (apply && stroke && stroke.cells.size > 0) this.on.paint([...stroke.cells.values()], stroke.on);
      else this.on.paint([], true);
    };
    el.maze.addEventListener('pointerup', () => finish(true));
    el.maze.addEventListener('pointercancel', () => finish(false));
    // No browser menu over the maze while painting.
    el.maze.addEventListener('contextmenu', (event) => {
      if (this.painting) event.preventDefault();
    });
  }

  /** The lists' and buttons' words in the current language. */
  relabel() {
    const { shape, mask } = this.el;
    for (const item of shape.options) item.textContent = shapeTitle(item.value);
    const words = { '': 'page.none', word: 'page.maskWord', cells: 'page.maskCells' };
    for (const item of mask.options) {
      const key = words[item.value] ?? `page.outline-${item.value}`;
      // An outline the page has no words for keeps the core's name, capitalised.
      item.textContent = key in words || has(key) ? t(key) : item.value[0].toUpperCase() + item.value.slice(1);
    }
    const group = mask.querySelector('optgroup');
    if (group) group.label = t('page.outlines');
    this.el.paint.textContent = this.painting ? t('page.stopPainting') : t('page.paintCells');
    this.showNote();
  }

  addCell(cell) {
    const key = `${cell[0]},${cell[1]}`;
    if (this.stroke.cells.has(key)) return;
    this.stroke.cells.set(key, cell);
    this.on.preview?.(cell, this.stroke.on);
  }

  setPainting(painting) {
    this.painting = painting;
    this.el.paint.setAttribute('aria-pressed', String(painting));
    this.el.paint.classList.toggle('is-on', painting);
    this.el.paint.textContent = painting ? t('page.stopPainting') : t('page.paintCells');
    this.el.maze.classList.toggle('painting', painting);
    this.showNote();
  }

  async load(file) {
    // The file's name as messages quote anything given: cut, invisible characters written out.
    const name = shown(file.name);
    try {
      if (file.size > 20 * 1024 * 1024) throw new Error(t('page.fileTooBig', { name, size: Math.round(file.size / 1048576) }));
      const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
      const text = file.type.startsWith('text/') || /\.txt$/i.test(file.name) ||
        (head.length > 0 && [...head].every((b) => b === 10 || b === 13 || b === 46 || b === 88 || b === 120));
      if (text) {
        this.on.loadText(name, await file.text());
        return;
      }
      const image = await pictureOf(file, name);
      this.on.loadPicture(name, image);
    } catch (err) {
      this.showProblem(err instanceof Error ? err.message : String(err));
    }
  }

  showProblem(text) {
    this.el.problem.textContent = text;
    this.el.problem.hidden = !text;
  }

  showNote(extra = '') {
    const base = this.painting ? t('page.paintingNote') : t('page.maskNote');
    const text = extra ? `${extra} ${base}` : base;
    if (this.el.note.textContent !== text) this.el.note.textContent = text;
  }

  /** Shows the settings. `notes` are the shape's notes (e.g. polar's height). */
  show(settings, notes = [], colours = null) {
    const el = this.el;
    el.shape.value = settings.shape;
    const kind = maskKind(settings.mask);
    el.mask.value = kind === 'preset' ? settings.mask : kind === 'none' ? '' : kind;
    const word = parseWord(settings.mask);
    if (word) {
      el.word.value = word.text;
      el.scale.value = String(word.scale);
    }
    el.wordRow.hidden = kind !== 'word' && el.mask.value !== 'word';
    el.save.disabled = kind === 'none';
    const note = notes.join(' ');
    if (el.shapeNote.textContent !== note) el.shapeNote.textContent = note;
    el.shapeNote.hidden = note === '';
    const mode = colours ?? (!settings.distances ? 'marks' : settings.distances === 'start' ? 'start' : 'cell');
    for (const radio of el.colours) radio.checked = radio.value === mode;
    this.showProblem('');
  }
}

/** A picture file as pixels: { width, height, rgba } at most PICTURE_MAX a side. */
async function pictureOf(file, name) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(t('page.notPicture', { name }));
  }
  const scale = Math.min(1, PICTURE_MAX / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale)), height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close?.();
  return { width, height, rgba: new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer) };
}

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}
