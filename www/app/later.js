// What the page loads after its first maze (www/main.js): the features a learner reaches for
// later, each a dynamic import() with its words, so the first maze waits for none of them.
//
// - shape:   the Shape card (www/app/shape-card.js) and the shapes' renderer it leads to;
// - edit:    edit mode (www/app/edit-mode.js, www/ui/editor.js);
// - export:  saving pictures, text and worksheets (www/export/export.js), GIF and WebM
//            (www/export/export-anim.js; the GIF encoder itself only when a GIF is made);
// - lessons: tours and the quiz (www/lessons/), at once when the address asks for one.
//
// tests/e2e/lazy.test.mjs checks that none of these is fetched before the first maze.

import { Slicer } from '../run/controller.js';
import { isShaped, runOptions } from '../run/module-api.js';
import { readSettings } from '../run/url.js';
import { needWords, translatePage } from '../words/i18n.js';

// Each feature: its modules (and words), loaded once.
const FEATURES = {
  shape: () => Promise.all([import('./shape-card.js'), import('../run/stage.js').then((stage) => stage.loadShapes())]),
  edit: () => import('./edit-mode.js'),
  export: () => Promise.all([import('../export/export.js'), import('../export/export-anim.js'), needWords('export'),
    import('../export/pack.js')]),
  lessons: () => Promise.all([import('../lessons/lessons.js'), needWords('lessons')]),
  play: () => import('../play/play-mode.js'),
};

export class Later {
  constructor(page) {
    this.page = page;
    this.loading = new Map(); // feature -> promise of its modules
    this.lessonParams = null; // the address's tour and quiz, once the lessons are loaded
    this.lessonsBooted = null; // the promise of bootLessons()
  }

  /** Loads a feature's modules (once); resolves to them. */
  load(feature) {
    if (!this.loading.has(feature)) {
      const loaded = FEATURES[feature]().then((modules) => {
        // Words of a part loaded just now: the page's elements that show them say them.
        translatePage();
        return modules;
      });
      this.loading.set(feature, loaded);
      if (feature === 'lessons') {
        this.loading.set(feature, loaded.then((modules) => {
          this.lessonParams = modules[0].readLessonParams(location.search);
          return modules;
        }));
      }
    }
    return this.loading.get(feature);
  }

  /** Every feature, loaded and wired to the page; the panels then say the run again. */
  async loadAll() {
    const page = this.page;
    const [[shapeCard], editMode, [exporting, animating, , packing], , playMode] = await Promise.all([
      this.load('shape'), this.load('edit'), this.load('export'), this.load('lessons'), this.load('play'),
    ]);
    page.exporter = makeExporter(page, exporting);
    page.animations = makeAnimations(page, animating);
    page.packPrinter = makePackPrinter(page, packing);
    page.shapeControls = shapeCard.setUpShapeCard(page);
    page.editor = editMode.setUpEditMode(page);
    await this.bootLessons();
    page.play = playMode.setUpPlayMode(page);
    const c = page.controller;
    page.showShape();
    if (c.run) page.refresh(c.run, c.state, true);
  }

  /** Tours and the quiz, wired to the page and started from the address (once: the same promise after). */
  bootLessons() {
    this.lessonsBooted ??= this.wireLessons();
    return this.lessonsBooted;
  }

  async wireLessons() {
    const page = this.page;
    const [lessonsModule] = await this.load('lessons');
    const doc = page.doc;
    const c = page.controller;
    const { api, wasm } = page;
    const lessons = new lessonsModule.Lessons(doc, {
      controller: c,
      readMaze(query) {
        const read = readSettings(`?${query}`, api, { ...page.defaults, speed: c.settings.speed, style: c.settings.style });
        if (read.problems.length > 0) page.panels.showMessages(read.problems);
        return read.settings;
      },
      title(name) {
        try {
          return api.algorithmTitle(name);
        } catch {
          return name;
        }
      },
      cells: (run) => new Uint8Array(wasm.memory.buffer, run.cellsPtr(), run.cellCount),
      groups: (run) => new Uint32Array(wasm.memory.buffer, run.groupsPtr(), run.cellCount),
      message: (text) => page.panels.showMessages([text]),
      changed: () => page.writeUrl(),
    });
    page.lessons = lessons;
    // The quiz's keys: 1-4 pick a choice; Enter on the focused maze answers with the cell cursor.
    doc.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
      if (lessons.quiz.key(event, page.cursor ? page.stage.renderer.indexOf(page.cursor) : -1)) event.preventDefault();
    });
    // Begun in the drawer, shown on the stage: the drawer makes way (on wide screens it is a
    // column and stays).
    const maze = doc.getElementById('maze');
    doc.getElementById('tour-start')?.addEventListener('click', () => {
      const next = doc.getElementById('tour-next');
      page.layout.makeWay(next && next.offsetParent !== null ? next : maze);
    });
    doc.getElementById('quiz-start')?.addEventListener('click', () => page.layout.makeWay(maze));
    doc.getElementById('tour-file')?.addEventListener('change', () => page.layout.makeWay(maze));
    lessons.boot(this.lessonParams ?? { problems: [] }, { name: page.openedBy === 'from' ? 'from' : 'step', step: page.opening });
    page.writeUrl();
  }
}

/** Saving pictures, text and worksheets. */
function makeExporter(page, { Exporter, sheetTitle }) {
  const c = page.controller;
  return new Exporter(page.doc, {
    run: () => c.run,
    settings: () => c.settings,
    canvas: () => page.doc.getElementById('maze'),
    distances: () => Boolean(c.settings.distances),
    finish: (done) => c.finishSoon(done),
    title: () => {
      const s = c.settings;
      let title = s.generator;
      try {
        title = page.api.algorithmTitle(s.generator);
      } catch {
        // the name will do
      }
      return sheetTitle(s, title);
    },
    work: (job) => c.startJob({ slicer: new Slicer(4096), ...job }),
  });
}

/** Print a pack: worksheets and an answer key made by the module (www/export/pack.js). */
function makePackPrinter(page, { PackPrinter }) {
  const c = page.controller;
  return new PackPrinter(page.doc, {
    mz: page.mz,
    settings: () => c.settings,
    options: (s) => runOptions(page.mz, s, page.maskOf),
    seed: () => {
      const seed = String(c.settings.seed || c.run?.seed || '0');
      return /^\d{1,20}$/.test(seed) ? seed : '0';
    },
    cells: () => c.run?.cellCount ?? 0,
    plainSquare: () => Boolean(c.run) && !isShaped(c.run),
    title: (name) => {
      try {
        return page.api.algorithmTitle(name);
      } catch {
        return name;
      }
    },
  });
}

/** GIF and WebM of a stretch of steps, drawn on a copy of the run (www/export/export-anim.js). */
function makeAnimations(page, { AnimationExporter }) {
  const c = page.controller;
  return new AnimationExporter(page.doc, {
    run: () => c.run,
    settings: () => c.settings,
    createRun: (s) => c.createRun(s),
    memory: page.wasm.memory,
    baseName: () => page.exporter.baseName(),
    download: (blob, name) => page.exporter.download(blob, name),
  });
}
