// Shared by the end-to-end tests and the benchmark: serves the repository root on a free
// 127.0.0.1 port and launches Debian's Chromium headless through playwright-core.
// Not a test file itself (node --test only picks up *.test.mjs here).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pkgProblem } from '../../scripts/finish-pkg.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Throws a message saying what to do when the wasm module (of `root`'s checkout) was not built by scripts/build. */
export function requireBuild(root = ROOT) {
  const problem = pkgProblem(join(root, 'pkg'));
  if (problem) throw new Error(`${problem} (scripts/test and scripts/serve do this).`);
}

/**
 * Starts scripts/static-server.mjs on a free port (serving `root`, the repository by default;
 * `gzip`: compressed, as scripts/serve does); resolves to { url, close() }.
 */
export function startServer(root = ROOT, { gzip = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath,
      [join(ROOT, 'scripts', 'static-server.mjs'), '--root', root, '--port', '0', ...(gzip ? ['--gzip'] : [])],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`static server did not start within 10 s: ${err || out}`));
    }, 10_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], close: () => child.kill() });
      }
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`static server exited (${code}): ${err || out}`));
    });
  });
}

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Launches headless Chromium with a fresh profile; `close()` also removes the profile. */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM.`);
  }
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'mazestep-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    // Wide enough for the settings to be a docked column (www/ui/layout.js, DOCKED_QUERY), so that
    // tests reach every control without opening the drawer; tests/e2e/layout.test.mjs covers
    // the other widths, and tests that need a size say so.
    viewport: { width: 1600, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the page at `server.url + query` in a fresh tab of `browser`, waits until it has
 * booted, and collects console errors and uncaught exceptions in `errors`.
 */
export async function openPage(browser, server, query = '', viewport) {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await page.goto(server.url + query);
  await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 15_000 });
  const ready = await page.evaluate(() => document.documentElement.dataset.ready);
  if (ready !== 'true') throw new Error(`the page did not boot (data-ready = ${ready})`);
  return { page, errors };
}

/** The text of the page's status line (role="status"). */
export const statusText = (page) => page.getByRole('status').textContent();

/**
 * Waits until the run has finished (the controller's state, so it works in every language) and
 * the page has settled: no job under way, and no background chore (a big maze's repaint or
 * statistics) left.
 */
export async function waitDone(page, timeout = 20_000) {
  await page.waitForFunction(() => window.mazestep?.controller?.state === 'done', null, { timeout });
  await waitSettled(page, timeout);
}

/** Waits until the controller has no job and no background chore left. */
export async function waitSettled(page, timeout = 20_000) {
  await page.waitForFunction(() => {
    const controller = window.mazestep.controller;
    return !controller.job && controller.chores.size === 0;
  }, null, { timeout, polling: 50 });
}

/**
 * Opens the settings drawer when the settings are not a docked column (below 1440 px wide:
 * www/ui/layout.js), so that their controls can be reached; does nothing when they are shown.
 */
export async function showSettings(page) {
  const shown = await page.evaluate(() => {
    const settings = document.getElementById('settings');
    return settings.checkVisibility();
  });
  if (!shown) await page.click('#settings-toggle');
}
