// t() for the modules the <maze-step> element (www/maze-step.js) shares with the page: url.js,
// settings.js, masks.js, world.js, controller.js. On the page a language is loaded at boot and
// this is i18n.js's t(); an element on another page loads none into i18n.js (it keeps its own
// words), so there the page's words come from the English file, as they read before.

import english from './i18n/en.json' with { type: 'json' };
import { fill, has, t as translate } from './i18n.js';

export function t(key, args) {
  if (has(key)) return translate(key, args);
  let node = english;
  for (const part of key.split('.')) node = node != null && typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? fill(node, args) : key;
}
