// Print a pack: several worksheets and their answer key, for a class. The core makes every
// page (src/pack.rs, through the module's packMaze and packPage): the very pages
// `mazestep generate --count N --format svg --out DIR` writes, the maze of seed S + i on sheet
// i + 1, then the key, six solved mazes a page. The dialog shows them small; Print hands them
// to the browser's print dialog, one page each, the key last, nothing of the page around them
// (print CSS in www/style.css: html.pack-printing).
//
// The pages are pictures (<img> of a Blob of the SVG): nothing is inserted as markup, and the
// words typed (the title) reach the core as text, which escapes them.

import { language, languages, t, wordsIn } from '../words/i18n.js';

/** The most sheets in a pack, and the most cells a maze of it may have (the core's limits). */
export const MAX_SHEETS = 100;
export const MAX_CELLS = 10_000;
const KEY_PER_PAGE = 6;
const MAX_TITLE = 60;
const LAST_SEED = 2n ** 64n - 1n;

export class PackPrinter {
  /**
   * @param {Document} doc
   * @param {object} on  { mz: the module, options(settings): the module's options for the
   *   page's settings, settings(): the page's settings, seed(): the first sheet's seed (the
   *   maze on show's, as a decimal string), cells(): the maze's cell count,
   *   plainSquare(): whether the maze is on the plain square grid, title(name): a generator's
   *   title }
   */
  constructor(doc, on) {
    this.doc = doc;
    this.on = on;
    const $ = (id) => doc.getElementById(id);
    this.el = {
      open: $('print-pack'), dialog: $('pack-dialog'), count: $('pack-count'), paper: $('pack-paper'),
      name: $('pack-name'), date: $('pack-date'), title: $('pack-title'), lang: $('pack-lang'),
      ends: $('pack-ends'), openings: $('pack-openings'), make: $('pack-make'), print: $('pack-print'),
      close: $('pack-close'), note: $('pack-note'), preview: $('pack-preview'), pages: $('pack-pages'),
      pageSize: $('pack-page-size'),
    };
    // Each language's name in itself, as the page's own language menu lists them.
    for (const { code, name } of languages()) {
      const option = doc.createElement('option');
      option.value = code;
      option.textContent = name;
      this.el.lang.append(option);
    }
    this.el.lang.addEventListener('change', () => {
      this.el.lang.dataset.chosen = '1';
    });
    this.urls = [];
    this.building = 0; // the build under way (a newer one stops an older one)
    this.el.open.addEventListener('click', () => this.open());
    this.el.close.addEventListener('click', () => this.el.dialog.close());
    this.el.make.addEventListener('click', () => this.build());
    this.el.print.addEventListener('click', () => this.print());
    this.el.dialog.addEventListener('close', () => {
      this.building++;
      this.el.open.focus();
    });
    doc.defaultView.addEventListener('afterprint', () => {
      this.doc.documentElement.classList.remove('pack-printing');
      this.el.pageSize.textContent = '';
    });
  }

  open() {
    const plain = this.on.plainSquare();
    this.el.openings.disabled = !plain;
    if (!plain) this.el.openings.value = '';
    this.el.openings.title = plain ? '' : t('export.packOpeningsSquare');
    if (!this.el.lang.dataset.chosen) this.el.lang.value = language();
    this.el.dialog.showModal();
  }

  /** The language changed: what the note says, again. */
  relabel() {
    if (this.said) this.el.note.textContent = t(this.said.key, this.said.args);
  }

  say(key, args) {
    this.said = { key, args };
    this.el.note.textContent = t(key, args);
  }

  /** The dialog's choices, checked; null (and a message) when one is not allowed. */
  choices() {
    const text = this.el.count.value.trim();
    const count = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(count >= 1 && count <= MAX_SHEETS)) {
      this.say('export.packBadCount', { count: text.slice(0, 80), max: String(MAX_SHEETS) });
      return null;
    }
    const cells = this.on.cells();
    if (cells > MAX_CELLS) {
      this.say('export.packTooBig', { cells: String(cells), max: String(MAX_CELLS) });
      return null;
    }
    const seed = BigInt(this.on.seed());
    if (seed + BigInt(count - 1) > LAST_SEED) {
      this.say('export.packSeeds', { count: String(count) });
      return null;
    }
    const title = this.el.title.value.trim();
    if ([...title].length > MAX_TITLE) {
      this.say('export.packLongTitle', { max: String(MAX_TITLE) });
      return null;
    }
    const openings = this.el.openings.disabled ? '' : this.el.openings.value;
    return {
      count, seed, title,
      paper: this.el.paper.value === 'letter' ? 'letter' : 'a4',
      lang: languages().some(({ code }) => code === this.el.lang.value) ? this.el.lang.value : language(),
      name: this.el.name.checked,
      date: this.el.date.checked,
      ends: ['corners', 'hardest', 'random'].includes(this.el.ends.value) ? this.el.ends.value : 'corners',
      openings: openings ? openings.split('-') : null,
    };
  }

  /** Makes every page, one maze per task (so the page never waits long), then shows them. */
  async build() {
    const choice = this.choices();
    if (!choice) return;
    const build = ++this.building;
    this.el.print.disabled = true;
    const { mz } = this.on;
    const words = (await wordsIn(choice.lang, 'export')).export.packPrinted;
    if (build !== this.building) return;
    const settings = this.on.settings();
    const name = this.on.title(settings.generator);
    const options = this.on.options({ ...settings, solver: 'bfs', goals: null, via: null, edits: '', exit: 'goal' });
    const title = choice.title || words.title;
    const lines = [choice.name && words.name, choice.date && words.date].filter(Boolean).join('\n');
    const sheets = [], keys = [];
    try {
      for (let i = 0; i < choice.count; i++) {
        this.say('export.packMaking', { at: String(i + 1), count: String(choice.count) });
        await new Promise((resolve) => setTimeout(resolve));
        if (build !== this.building) return;
        const seed = String(choice.seed + BigInt(i));
        const maze = { ...options, seed, start: choice.openings ? `exit:${choice.openings[0]}` : null,
          goal: choice.openings ? `exit:${choice.openings[1]}` : null };
        const size = settings.shape === 'polar' ? `${settings.height}` : `${settings.width} × ${settings.height}`;
        const footer = `${name}, ${size}, ${words.seed} ${seed} · ${i + 1}/${choice.count}`;
        sheets.push(mz.packPage(choice.paper, title, lines, footer, mz.packMaze(maze, choice.ends, false), ''));
        keys.push({ svg: mz.packMaze(maze, choice.ends, true), label: `${i + 1} · ${words.seed} ${seed}` });
      }
    } catch (err) {
      this.say('export.packFailed', { message: String(err?.message ?? err).slice(0, 200) });
      return;
    }
    const keyPages = [];
    for (let at = 0; at < keys.length; at += KEY_PER_PAGE) {
      const some = keys.slice(at, at + KEY_PER_PAGE);
      const footer = `${words.key} ${keyPages.length + 1}/${Math.ceil(keys.length / KEY_PER_PAGE)}`;
      keyPages.push(mz.packPage(choice.paper, `${title} · ${words.key}`, '', footer,
        some.map((k) => k.svg).join(''), some.map((k) => k.label).join('\n')));
    }
    this.show(sheets, keyPages, choice);
    this.say('export.packReady', { sheets: String(sheets.length), keys: String(keyPages.length) });
    this.el.print.disabled = false;
  }

  /** The pages as pictures: small in the dialog, full size for printing. */
  show(sheets, keyPages, choice) {
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls = [];
    this.el.preview.replaceChildren();
    this.el.pages.replaceChildren();
    const pages = [...sheets.map((svg, i) => ({ svg, kind: 'sheet', n: i + 1 })),
      ...keyPages.map((svg, i) => ({ svg, kind: 'key', n: i + 1 }))];
    for (const { svg, kind, n } of pages) {
      const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      this.urls.push(url);
      const label = t(kind === 'key' ? 'export.packKeyPage' : 'export.packSheet', { n: String(n) });
      const figure = this.doc.createElement('figure');
      const small = this.doc.createElement('img');
      small.src = url;
      small.alt = label;
      const caption = this.doc.createElement('figcaption');
      caption.textContent = label;
      figure.append(small, caption);
      this.el.preview.append(figure);
      const big = small.cloneNode();
      big.alt = '';
      big.dataset.kind = kind;
      this.el.pages.append(big);
    }
    this.el.pages.dataset.paper = choice.paper;
  }

  /** The browser's print dialog with the pack's pages only, on the paper chosen. */
  print() {
    if (!this.el.pages.childElementCount) return;
    const letter = this.el.pages.dataset.paper === 'letter';
    this.el.pageSize.textContent = `@media print { @page { size: ${letter ? '215.9mm 279.4mm' : '210mm 297mm'}; margin: 0; } }`;
    this.el.pages.classList.toggle('letter', letter);
    this.doc.documentElement.classList.add('pack-printing');
    this.doc.defaultView.print();
  }
}
