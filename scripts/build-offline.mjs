#!/usr/bin/env node
// Builds one self-contained HTML file of the visualiser that works from disk (file://), with
// no server and no network: for USB sticks and learning platforms.
//
//   node scripts/build-offline.mjs [--out dist/mazestep.html]
//
// Needs pkg/, built by scripts/build. No bundler: browsers refuse to load
// ES modules from file:// URLs, so every module reachable from www/main.js becomes a data: URL
// under a bare name ("mazestep/www/controller.js"), its relative imports are rewritten to those
// names, and an import map resolves them. The stylesheet goes into a <style>, the .wasm into a
// base64 string that www/run/module-api.js (loaded by www/main.js) hands to the wasm-bindgen glue. Anything that cannot be
// inlined (a module that fetches files at run time, an import that does not resolve) stops
// the build with a message.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pkgProblem } from './finish-pkg.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function fail(message) {
  console.error(`build-offline: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  let out = join(ROOT, 'dist', 'mazestep.html');
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' && argv[i + 1]) out = resolve(argv[++i]);
    else fail(`unknown argument '${argv[i]}': use --out FILE`);
  }
  return { out };
}

// Relative module specifiers in static imports/exports and dynamic imports.
const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;

/** Every module reachable from `entry` (paths relative to ROOT), each with its source. */
function collectModules(entry) {
  const modules = new Map();
  const queue = [entry];
  while (queue.length > 0) {
    const path = queue.shift();
    if (modules.has(path)) continue;
    const file = join(ROOT, path);
    if (!existsSync(file)) fail(`${path} is imported but does not exist`);
    const source = readFileSync(file, 'utf8');
    modules.set(path, source);
    if (path.endsWith('.json')) continue;
    for (const match of source.matchAll(IMPORT)) {
      queue.push(relative(ROOT, resolve(dirname(file), match[3])));
    }
  }
  return modules;
}

const bareName = (path) => `mazestep/${path.split('\\').join('/')}`;

function rewrite(path, source) {
  // The wasm glue's default (fetching mazestep_bg.wasm next to itself) is never used here:
  // www/run/module-api.js passes the inline bytes. Other run-time fetches would fail from file://.
  if (!path.startsWith('pkg/') && /\bfetch\s*\(|import\.meta\.url/.test(source)) {
    fail(`${path} loads files at run time (fetch or import.meta.url), which cannot work offline`);
  }
  return source.replace(IMPORT, (_, lead, quote, spec) =>
    `${lead}${quote}${bareName(relative(ROOT, resolve(dirname(join(ROOT, path)), spec)))}${quote}`);
}

function main() {
  const { out } = parseArgs(process.argv.slice(2));
  const wasmFile = join(ROOT, 'pkg', 'mazestep_bg.wasm');
  const problem = pkgProblem(join(ROOT, 'pkg'));
  if (problem) fail(problem);
  let html = readFileSync(join(ROOT, 'index.html'), 'utf8');

  const entry = html.match(/<script type="module" src="([^"]+)"><\/script>/);
  if (!entry) fail('index.html has no <script type="module" src="..."> to start from');
  const modules = collectModules(entry[1]);
  const imports = {};
  for (const [path, source] of modules) {
    // Language files (www/i18n/*.json) are JSON modules: inlined as JSON, not as script.
    imports[bareName(path)] = path.endsWith('.json')
      ? `data:application/json;base64,${Buffer.from(source).toString('base64')}`
      : `data:text/javascript;base64,${Buffer.from(rewrite(path, source)).toString('base64')}`;
  }
  const wasm = readFileSync(wasmFile).toString('base64');
  const boot = [
    `<script type="importmap">${JSON.stringify({ imports })}</script>`,
    `<script>globalThis.MAZESTEP_WASM_BASE64 = "${wasm}";</script>`,
    `<script type="module">import '${bareName(entry[1])}';</script>`,
  ].join('\n  ');
  html = html.replace(entry[0], () => boot);

  html = html.replace(/<link rel="stylesheet" href="([^"]+)">/g, (_, href) => {
    const file = join(ROOT, href);
    if (!existsSync(file)) fail(`stylesheet ${href} does not exist`);
    return `<style>\n${readFileSync(file, 'utf8')}</style>`;
  });
  // Preload hints name files the single file carries inside it.
  html = html.replace(/\s*<!-- What the first maze needs[\s\S]*?-->/, '');
  html = html.replace(/\s*<link rel="(?:modulepreload|preload)"[^>]*>/g, '');
  // Pages that need a server (the benchmarks) are not part of the single file.
  html = html.replace(/\s*<nav>[\s\S]*?<\/nav>/, '');
  const leftover = html.match(/<(?:script|link)[^>]+(?:src|href)="(?!data:)([^"]+)"/);
  if (leftover) fail(`index.html still refers to ${leftover[1]}, which the single file cannot carry`);

  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
  console.log(`build-offline: wrote ${relative(process.cwd(), out) || out} (${(html.length / 1024).toFixed(0)} KB, ${modules.size} modules inlined)`);
}

main();
