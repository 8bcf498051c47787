// Edit mode on the page (www/ui/editor.js): the learner's own world, wired to the page's
// controller and stage. Loaded after the first maze (www/app/later.js).

import { Editor, WORLD_SETTINGS } from '../ui/editor.js';
import { cellCount, gridOf, messageOf, pointSetting } from '../run/settings.js';
import { readSettings } from '../run/url.js';
import { Edits, PAINTS, swatchBackground } from '../run/world.js';
import { quote } from '../words/quote.js';
import { t } from '../words/i18n.js';

/** Makes the page's edit mode; returns its Editor. */
export function setUpEditMode(page) {
  const doc = page.doc;
  const c = page.controller;
  const editor = new Editor(doc, {
    renderer: () => page.stage.renderer,
    run: () => c.run,
    settings: () => c.settings,
    rework: (changes) => c.rework(changes),
    enter: () => c.finishSoon(),
    endSetting(which, cell) {
      const s = c.settings;
      const r = page.stage.renderer;
      const [x, y] = r.geometry && r.run ? r.geometry.place(cell) : [cell % s.width, Math.floor(cell / s.width)];
      return pointSetting(which, x, y, s.width, s.height, gridOf(s));
    },
    pointText(cell) {
      const s = c.settings;
      const r = page.stage.renderer;
      const [x, y] = r.geometry && r.run ? r.geometry.place(cell) : [cell % s.width, Math.floor(cell / s.width)];
      return `${x},${y}`;
    },
    cursor: () => (page.cursor ? page.stage.renderer.indexOf(page.cursor) : -1),
    download: (blob, name) => page.exporter.download(blob, name),
    loadWorld(name, data) {
      // The file's settings go through the URL's checks, each on its own.
      const query = new URLSearchParams();
      for (const key of WORLD_SETTINGS) if (key in data.settings) query.set(key, String(data.settings[key]));
      const read = readSettings(`?${query}`, page.api, { ...page.defaults, speed: c.settings.speed, style: c.settings.style });
      const notes = read.problems.map((p) => p.replace(/^URL: /, `${name}: `));
      let edits = '';
      try {
        edits = Edits.parse(data.edits, cellCount(read.settings)).toText();
      } catch (err) {
        notes.push(t('page.worldEditsBad', { name, given: quote(data.edits), message: messageOf(err) }));
      }
      if (notes.length > 0) page.panels.showMessages(notes);
      const changes = Object.fromEntries(WORLD_SETTINGS.map((key) => [key, read.settings[key]]));
      if (!c.update({ ...changes, edits, race: 'none', distances: '' })) return false;
      c.finishSoon();
      return true;
    },
  });
  for (const swatch of doc.querySelectorAll('.swatch[data-paint]')) {
    const paint = PAINTS.find((p) => p.name === swatch.dataset.paint);
    if (paint) swatch.style.background = swatchBackground(paint, doc);
  }
  return editor;
}
