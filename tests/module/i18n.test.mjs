// The language files (www/i18n/*.json): every language has every key English has and no
// other, every template names the same values as English's, and every plural unit has its
// "other" form. A key missing in one language fails here, not on a learner's screen.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../www/i18n');
const files = readdirSync(DIR).filter((name) => name.endsWith('.json')).sort();
const data = Object.fromEntries(files.map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(DIR, file), 'utf8'))]));

/** Every key path to a string or a list, with its value. Units are checked on their own. */
function leaves(node, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (path === 'language' || path === 'units') continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) leaves(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text) => [...String(text).matchAll(/\{([A-Za-z0-9_]+)(?::[A-Za-z0-9_.-]+)?\}/g)].map((m) => m[1]).sort();

test('there is an English file and at least one other language', () => {
  assert.ok(data.en, 'www/i18n/en.json is missing');
  assert.ok(files.length >= 2, `only ${files.join(', ')}`);
});

for (const [code, words] of Object.entries(data)) {
  test(`${code}: names itself`, () => {
    assert.equal(words.language?.code, code);
    assert.equal(typeof words.language?.name, 'string');
  });
  if (code === 'en') continue;

  test(`${code}: has every key English has, and no other`, () => {
    const base = leaves(data.en);
    const own = leaves(words);
    const missing = [...base.keys()].filter((key) => !own.has(key));
    const extra = [...own.keys()].filter((key) => !base.has(key));
    assert.deepEqual(missing, [], `${code} lacks ${missing.length} keys`);
    assert.deepEqual(extra, [], `${code} has keys English does not`);
  });

  test(`${code}: every template names the values English's does, lists are as long`, () => {
    const base = leaves(data.en);
    const own = leaves(words);
    for (const [key, english] of base) {
      if (!own.has(key)) continue;
      const value = own.get(key);
      if (Array.isArray(english)) {
        assert.ok(Array.isArray(value) && value.length === english.length, `${key}: ${english.length} lines in English`);
        english.forEach((line, i) => assert.deepEqual(placeholders(value[i]), placeholders(line), `${key}[${i}]`));
      } else {
        assert.deepEqual(placeholders(value), placeholders(english), `${key}: values differ from English`);
      }
    }
  });

  test(`${code}: every unit English uses has an "other" form with #`, () => {
    for (const unit of Object.keys(data.en.units ?? {})) {
      if (unit === '_') continue;
      const forms = words.units?.[unit];
      assert.ok(forms && typeof forms.other === 'string' && forms.other.includes('#'), `units.${unit}`);
    }
  });
}
