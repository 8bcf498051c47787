// The page's language: chosen at boot from the address's lang= (else the browser's languages,
// else English), and the picker that switches it while the page runs. The words themselves are
// in www/i18n/<code>.json, read through i18n.js.

import { chooseLanguage, language, languages, setLanguage, translatePage } from './i18n.js';

/**
 * Loads the language the address asks for (or the browser's) and puts its words into the
 * static page. Returns chooseLanguage's { code, refused }; a refused lang= is named by the
 * URL checks (url.js), so nothing is said here.
 */
export async function startLanguage(search, preferred) {
  let asked = null;
  try {
    asked = new URLSearchParams(search).get('lang');
  } catch {
    asked = null;
  }
  const choice = chooseLanguage(asked, preferred);
  try {
    await setLanguage(choice.code);
  } catch {
    // A language file that cannot be loaded: English, which the page always has.
    await setLanguage('en');
  }
  translatePage();
  return choice;
}

/** The lang= value to keep in the address: the language's code when it was asked for, else ''. */
export function langSetting(asked) {
  if (asked == null || asked === '') return '';
  const { code, refused } = chooseLanguage(String(asked), []);
  return refused === null ? code : '';
}

/** The language select: every language by its own name; `change(code)` when one is picked. */
export class LanguagePicker {
  constructor(doc, change) {
    this.select = doc.getElementById('language');
    if (!this.select) return;
    for (const { code, name } of languages()) {
      const item = doc.createElement('option');
      item.value = code;
      item.textContent = name;
      // Each name is read out in its own language.
      item.lang = code;
      this.select.append(item);
    }
    this.show();
    this.select.addEventListener('change', () => change(this.select.value));
  }

  show() {
    if (this.select && this.select.value !== language()) this.select.value = language();
  }
}

/** Every language's code, for messages ("use one of en, ko"). */
export function languageCodes() {
  return languages().map((entry) => entry.code).join(', ');
}

/** The current language's own name, for messages. */
export function languageName() {
  return languages().find((entry) => entry.code === language())?.name ?? language();
}

