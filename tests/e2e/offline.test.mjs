// The single-file page (scripts/build-offline.mjs): built into a temporary folder, opened
// from file:// with every network request refused, it boots, plays a run to the end and
// saves nothing from anywhere but itself.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { ROOT, launchBrowser, requireBuild } from './harness.mjs';

let browser, folder;

before(async () => {
  requireBuild();
  folder = mkdtempSync(join(tmpdir(), 'mazestep-offline-'));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('the single file works from disk with no network', async () => {
  const out = join(folder, 'mazestep.html');
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-offline.mjs'), '--out', out], { encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
  assert.match(build.stdout, /wrote .*mazestep\.html/);
  const html = readFileSync(out, 'utf8');
  // Nothing is fetched from elsewhere: no src/href but data: addresses.
  assert.equal(/<(?:script|link)[^>]+(?:src|href)="(?!data:)/.test(html), false);

  const refused = [];
  await browser.context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    refused.push(url);
    return route.abort();
  });
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${pathToFileURL(out).href}?generator=kruskal&solver=bfs&width=8&height=6&seed=5&speed=max`);
  await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 15_000 });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.ready), 'true');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => /done/i.test(document.querySelector('[role=status]').textContent));
  // Back works too, from the inlined wasm.
  await page.getByRole('button', { name: 'Back' }).click();
  assert.match(await page.locator('[role=status]').first().textContent(), /paused/i);
  assert.deepEqual(refused, []);
  assert.deepEqual(errors, []);
});
