#!/usr/bin/env node
// Copies the page's one vendored module, gifenc (GIF encoder, npm devDependency), from
// node_modules into www/vendor/, where the page and the single-file build load it without a
// bundler. `--check` only says whether the committed copy matches the installed package.
//
//   npm ci && node scripts/vendor.mjs [--check]

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(ROOT, 'node_modules', 'gifenc');
const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
const source = readFileSync(join(pkg, 'dist', 'gifenc.esm.js'), 'utf8')
  .replace(/\n\/\/# sourceMappingURL=.*\n?$/, '');
const text = `// gifenc ${version} (npm, MIT, Matt DesLauriers; licence in gifenc.LICENSE.md): dist/gifenc.esm.js as\n` +
  `// published, without its source-map line. Copied by scripts/vendor.mjs; do not edit.\n${source}\n`;
const out = join(ROOT, 'www', 'vendor', 'gifenc.js');
if (process.argv.includes('--check')) {
  const same = readFileSync(out, 'utf8') === text;
  console.log(same ? `vendor: www/vendor/gifenc.js is gifenc ${version}` : `vendor: www/vendor/gifenc.js differs from gifenc ${version}: run node scripts/vendor.mjs`);
  process.exit(same ? 0 : 1);
}
writeFileSync(out, text);
writeFileSync(join(ROOT, 'www', 'vendor', 'gifenc.LICENSE.md'), readFileSync(join(pkg, 'LICENSE.md')));
console.log(`vendor: wrote www/vendor/gifenc.js (gifenc ${version})`);
