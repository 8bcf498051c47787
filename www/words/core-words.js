// What the Rust core says, in the page's language. The core speaks English (the command line,
// the transcripts, `narration()`); www/i18n/en.json's `core` section is made from it
// (tests/i18n_core.rs), and each other language translates the same keys:
//
// - narration: `run.narrationData()` is { key, args }, filled with the language's template;
// - per algorithm, `core.algorithms.<name>.{title,summary,stepUnit,pseudocode}`;
// - legend labels, structure titles, counter names, event labels, generator groups and
//   statistics under `core.marks|structures|counters|events|groups|stats.<key>`, the key made
//   from the English words by slug() (the core's `machine::slug`, the same rule).
//
// Words a language file lacks show in the core's English, never as a key. In English the core's
// own words are said as they are: en.json's `core` section is made from them and checked
// against them (tests/i18n_core.rs), so the English page never loads it (i18n.js).

import { DEFAULT_LANGUAGE, entry, fill, language } from './i18n.js';

const english = () => language() === DEFAULT_LANGUAGE;

/** The key made from English words: lower case, each run of other characters one '-'. */
export function slug(text) {
  return String(text).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** The plain words at `key` in the current language, or `english` when no file has them. */
function plain(key, core) {
  if (english()) return core;
  const words = entry(key);
  return typeof words === 'string' ? words : core;
}

/** Core words of a section keyed by their English (`marks`, `structures`, `counters`, …). */
export function coreWord(section, english) {
  if (typeof english !== 'string' || english === '') return english;
  return plain(`core.${section}.${slug(english)}`, english);
}

/**
 * A sentence from the core, { key, args }, in the current language: numbers by the language's
 * rules, cells as written, words of their own (sides, phrases) filled the same way. '' in
 * English, and where the language has no words for it: the caller shows the core's English.
 */
export function say(sentence) {
  if (english() || sentence == null || typeof sentence !== 'object' || typeof sentence.key !== 'string') return '';
  const args = {};
  for (const [name, value] of Object.entries(sentence.args ?? {})) {
    args[name] = value !== null && typeof value === 'object' ? say(value) : value;
  }
  const template = entry(sentence.key);
  return typeof template === 'string' ? fill(template, args) : '';
}

/** The narration of the run's last step in the current language ("" at step 0). */
export function narrationOf(run) {
  if (english()) return run.narration();
  let data = null;
  try {
    data = typeof run.narrationData === 'function' ? run.narrationData() : null;
  } catch {
    data = null;
  }
  const said = data ? say(data) : '';
  // A key no language has (a core newer than the files): the core's own English.
  return said || run.narration();
}

/**
 * The page's api with the core's words in the current language: titles, summaries, step
 * units, pseudocode (only a translation with as many lines as the core's: lastLine() indexes
 * it), legend labels and event labels. Each still asks the core first, so bad names throw the
 * core's messages as before.
 */
export function translatedApi(api) {
  const algorithm = (name, field, english) => plain(`core.algorithms.${name}.${field}`, english);
  return {
    ...api,
    algorithmTitle: (name) => algorithm(name, 'title', api.algorithmTitle(name)),
    algorithmSummary: (name) => algorithm(name, 'summary', api.algorithmSummary(name)),
    algorithmStepUnit: (name) => algorithm(name, 'stepUnit', api.algorithmStepUnit(name)),
    pseudocode: (name) => {
      const core = api.pseudocode(name);
      if (english()) return core;
      const lines = entry(`core.algorithms.${name}.pseudocode`);
      const fits = Array.isArray(lines) && lines.length === core.length && lines.every((l) => typeof l === 'string');
      return fits ? [...lines] : core;
    },
    legendLabels: (name) => api.legendLabels(name).map((label) => coreWord('marks', label)),
    eventLabel: (kind) => plain(`core.events.${kind}`, api.eventLabel(kind)),
  };
}

/**
 * A data structure's items and note in the current language: each item or note the core gave
 * as a sentence (`itemData[i]`, `noteData`) is said with the language's template; items of
 * only names and numbers (null in `itemData`) and anything unsaid stay the core's English.
 */
export function structureWords({ items = [], note = '', itemData = [], noteData = null } = {}) {
  const list = Array.isArray(items) ? items : [];
  const data = Array.isArray(itemData) ? itemData : [];
  return {
    items: list.map((item, i) => (data[i] ? say(data[i]) || item : item)),
    note: (noteData ? say(noteData) : '') || note,
  };
}

/** "… and 19 more" after a structure's items, in the current language. */
export function moreItems(count) {
  return say({ key: 'core.items.more', args: { count } }) || `… and ${count.toLocaleString('en')} more`;
}
