// t() for the modules the <maze-step> element (www/maze-step.js) shares with the page: url.js,
// settings.js, masks.js, world.js, controller.js. On the page a language is loaded at boot and
// this is i18n.js's t(); an element on another page loads none into i18n.js (it keeps its own
// words), so there the page's words come from the English file, as they read before.

import english from '../i18n/en.json' with { type: 'json' };
import { formatNumber, has, t as translate } from './i18n.js';

export function t(key, args) {
  if (has(key)) return translate(key, args);
  let node = english;
  for (const part of key.split('.')) node = node != null && typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? fillEnglish(node, args) : key;
}

// fill() with English's units ("{count:cell}" reads "384 cells"): i18n.js has none loaded here.
function fillEnglish(template, args = {}) {
  return String(template).replace(/\{([A-Za-z0-9_]+)(?::([A-Za-z0-9_.-]+))?\}/g, (whole, name, unit) => {
    if (!Object.hasOwn(args, name)) return whole;
    const value = args[name];
    if (!unit) return typeof value === 'number' ? formatNumber(value) : String(value);
    const count = Number(value);
    const forms = english.units?.[unit];
    if (!forms) return formatNumber(count);
    const form = forms[new Intl.PluralRules('en').select(count)] ?? forms.other;
    return form.replaceAll('#', formatNumber(count));
  });
}
