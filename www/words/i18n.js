// The page's words in every language: one data file per language (www/i18n/<code>.json), a
// template per key, and the language's own rules for numbers and plurals.
//
// A template is plain text with `{name}` for a value and `{name:unit}` for a count with its
// word: `units.<unit>` of the language holds the forms Intl.PluralRules names ("one",
// "other", ...), each with `#` where the number goes. English "{added:neighbour}" with
// units.neighbour = { one: "# neighbour", other: "# neighbours" } reads "1 neighbour" or
// "3 neighbours"; Korean "이웃 {added}곳" needs no unit. Values are numbers (formatted with
// Intl.NumberFormat) or strings (inserted as text: nothing here makes markup).
//
// Keys are dotted paths into the file ("page.play" is { "page": { "play": ... } }). Each file
// is served in parts (scripts/i18n-index.mjs): a language loads `base` (and `core`, but in
// English, whose core words the module itself speaks: core-words.js), and the features loaded
// later ask for theirs (needWords('lessons')). A key the chosen language lacks falls back to
// English, which is then loaded for it, else to the key itself; tests/i18n checks that every
// language has every key, so the fallbacks only show while a file is being written.
//
// Adding a language: add www/i18n/<code>.json with a "language": { "code", "name" } section;
// scripts/build lists it in www/i18n/index.js (generated), the picker shows it.

import { LANGUAGE_FILES, PART_OF } from '../i18n/index.js';

export const DEFAULT_LANGUAGE = 'en';

const loaded = new Map(); // `${code}.${part}` -> promise of its words
let current = DEFAULT_LANGUAGE;
let words = null;
let english = null;
// The parts every language loads: `base` always, `core` in any language but English; more
// once a feature asks for them (needWords).
const wanted = new Set(['base', 'core']);
let englishAsked = false;
const listeners = new Set();
const warned = new Set();

/** The languages there are files for: [{ code, name }], in the files' order. */
export function languages() {
  return LANGUAGE_FILES.map(({ code, name }) => ({ code, name }));
}

/** Whether `code` names a language there is a file for. */
export function isLanguage(code) {
  return LANGUAGE_FILES.some((file) => file.code === code);
}

/**
 * The language to start in: `asked` (the URL's `lang=`) when there is a file for it, else the
 * first of the browser's languages there is a file for (matching "ko-KR" to "ko"), else
 * English. Returns { code, refused } where `refused` is the asked value that was not a known
 * language (for a message), or null.
 */
export function chooseLanguage(asked, preferred = globalThis.navigator?.languages ?? []) {
  if (asked != null && asked !== '') {
    const code = String(asked).toLowerCase();
    if (isLanguage(code)) return { code, refused: null };
    const base = code.split('-')[0];
    if (isLanguage(base)) return { code: base, refused: null };
    return { code: fromBrowser(preferred), refused: String(asked) };
  }
  return { code: fromBrowser(preferred), refused: null };
}

function fromBrowser(preferred) {
  for (const tag of preferred) {
    const code = String(tag).toLowerCase();
    if (isLanguage(code)) return code;
    const base = code.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The parts a language loads of those wanted: English's core words are the module's own. */
function partsOf(code) {
  return [...wanted].filter((part) => part !== 'core' || code !== DEFAULT_LANGUAGE);
}

function loadPart(code, part) {
  const key = `${code}.${part}`;
  if (!loaded.has(key)) {
    const file = LANGUAGE_FILES.find((entry) => entry.code === code);
    if (!file) return Promise.reject(new Error(`there is no language file for '${code}'`));
    loaded.set(key, file.parts[part]().then((module) => module.default));
  }
  return loaded.get(key);
}

/**
 * `code`'s words of a part (a table of sections), whatever the page's language: for words
 * printed in a language of their own (a pack of worksheets).
 */
export function wordsIn(code, part) {
  return loadPart(code, part);
}

/** `code`'s words of the given parts, as one table of sections. */
async function wordsOf(code, parts) {
  const tables = await Promise.all(parts.map((part) => loadPart(code, part)));
  return Object.assign({}, ...tables);
}

/** Loads `code`'s words and makes them current (English is loaded only when a key is missing). */
export async function setLanguage(code) {
  if (!isLanguage(code)) code = DEFAULT_LANGUAGE;
  const chosen = await wordsOf(code, partsOf(code));
  current = code;
  words = chosen;
  if (code === DEFAULT_LANGUAGE) english = chosen;
  else if (englishAsked) english = await wordsOf(DEFAULT_LANGUAGE, partsOf(DEFAULT_LANGUAGE));
  if (globalThis.document) document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
  return code;
}

/**
 * Loads the words of a part of the files (`lessons`, `export`, `element`) in the current
 * language, and in every language chosen later; resolves when they can be said.
 */
export async function needWords(part) {
  if (!LANGUAGE_FILES[0]?.parts[part]) throw new Error(`there is no part '${part}' of the language files`);
  wanted.add(part);
  const code = current;
  const more = await loadPart(code, part);
  // Another language chosen meanwhile has loaded it itself.
  if (code !== current) return;
  words = { ...words, ...more };
  if (code === DEFAULT_LANGUAGE) english = words;
  else if (englishAsked) english = { ...english, ...(await loadPart(DEFAULT_LANGUAGE, part)) };
}

/**
 * English as the fallback of another language's missing keys: loaded the first time a key is
 * missing, then the page is told (onLanguageChange) so it says that key again.
 */
function askEnglish() {
  if (englishAsked || current === DEFAULT_LANGUAGE) return;
  englishAsked = true;
  const code = current;
  wordsOf(DEFAULT_LANGUAGE, partsOf(DEFAULT_LANGUAGE)).then((table) => {
    english ??= table;
    if (code === current) for (const listener of listeners) listener(current);
  }, () => {});
}

/**
 * English words to fall back on where no language is loaded: <maze-step> on another page
 * gives its English `base` here, so the modules it shares with the page (url.js, settings.js,
 * …) speak English there, while the element says its own words in its own language.
 */
export function useFallbackWords(table) {
  english ??= table;
}

/** The current language's code. */
export function language() {
  return current;
}

/** Calls `listener(code)` after every setLanguage; returns a function that stops it. */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function lookup(table, key) {
  let node = table;
  for (const part of key.split('.')) {
    if (node == null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/** The raw entry at `key` (a string, a list or a section) in the current language, else English. */
export function entry(key) {
  const own = words ? lookup(words, key) : undefined;
  if (own !== undefined) return own;
  const base = english ? lookup(english, key) : undefined;
  if (base !== undefined) return base;
  if (words) askEnglish();
  if (!warned.has(key)) {
    warned.add(key);
    console.warn(`i18n: no words for '${key}'`);
  }
  return undefined;
}

/** Whether `key` has words in the current language or English. */
export function has(key) {
  return (words && lookup(words, key) !== undefined) || (english && lookup(english, key) !== undefined);
}

/** A number in the current language's way of writing numbers. */
export function formatNumber(value, options) {
  return new Intl.NumberFormat(current, options).format(value);
}

/** `count` with its word `unit` (a key under "units"), by the language's plural rules. */
export function countOf(count, unit) {
  const forms = entry(`units.${unit}`);
  const number = formatNumber(count);
  if (forms == null || typeof forms !== 'object') return number;
  const category = new Intl.PluralRules(current).select(count);
  const form = forms[category] ?? forms.other ?? '#';
  return form.replaceAll('#', number);
}

/** Fills a template: `{name}` with args[name], `{name:unit}` with countOf(args[name], unit). */
export function fill(template, args = {}) {
  return String(template).replace(/\{([A-Za-z0-9_]+)(?::([A-Za-z0-9_.-]+))?\}/g, (whole, name, unit) => {
    if (!Object.hasOwn(args, name)) return whole;
    const value = args[name];
    if (unit) return countOf(Number(value), unit);
    return typeof value === 'number' ? formatNumber(value) : String(value);
  });
}

/** The words at `key`, filled with `args`; the key itself when no language has it. */
export function t(key, args) {
  const template = entry(key);
  if (typeof template !== 'string') return key;
  return fill(template, args);
}

/**
 * Puts the current language's words into the static page: every element with
 * `data-i18n="key"` gets t(key) as its text, and `data-i18n-attr="title:key; aria-label:key2"`
 * sets those attributes. Text only, never markup.
 */
export function translatePage(root = document) {
  // Words of a part not loaded yet (a feature loaded later) stay as they are until it is.
  const ready = (key) => has(key) || wanted.has(PART_OF[key.split('.')[0]] ?? 'base');
  for (const element of root.querySelectorAll('[data-i18n]')) {
    if (ready(element.dataset.i18n)) element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of element.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute && key && ready(key)) element.setAttribute(attribute, t(key));
    }
  }
}

