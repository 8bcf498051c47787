// The page's transfer size: every file the browser fetches to show the page (HTML, modules,
// styles, the wasm module, the language files), each gzipped at level 9 as a server would
// send it, summed. Opens the page in headless Chromium once per language asked.
//
//   node tests/perf/transfer-size.mjs [--lang en,ko] [--root DIR]
//
// --root serves another checkout (with its own built pkg/), to compare before and after.

import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { launchBrowser, startServer } from '../e2e/harness.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
};
const langs = arg('lang', 'en,ko').split(',');
const root = arg('root', null);

const server = await startServer(root ? resolve(root) : undefined);
const browser = await launchBrowser();
try {
  for (const lang of langs) {
    const page = await browser.context.newPage();
    const bodies = new Map();
    page.on('response', async (response) => {
      if (response.status() !== 200) return;
      try {
        bodies.set(new URL(response.url()).pathname, await response.body());
      } catch {
        // A response without a body (a redirect or an aborted fetch) costs nothing here.
      }
    });
    await page.goto(`${server.url}?lang=${lang}`);
    await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    let raw = 0, gzipped = 0;
    const rows = [];
    for (const [path, body] of bodies) {
      const zipped = gzipSync(body, { level: 9 }).length;
      raw += body.length;
      gzipped += zipped;
      rows.push([path, body.length, zipped]);
    }
    rows.sort((a, b) => b[2] - a[2]);
    console.log(`lang=${lang}: ${rows.length} files, ${raw} bytes, ${gzipped} gzipped`);
    for (const [path, size, zipped] of rows.slice(0, 8)) console.log(`  ${String(zipped).padStart(8)} ${String(size).padStart(8)}  ${path}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
