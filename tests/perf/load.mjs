// How fast the page shows its first maze, and what it fetches before it (a benchmark, not a
// test: it never fails on a target). Serves each checkout gzipped (scripts/static-server.mjs
// --gzip, as a real host would), opens the page in headless Chromium under each network
// profile, and prints per checkout and profile the median and range of:
//
// - first maze: milliseconds from the navigation's start to the first frame painted with a
//   maze, the page's own `performance.mark('first-maze')` (www/run/stage.js sets it after that
//   frame). A checkout from before the mark existed is timed at the first paint after
//   `data-ready`, which its boot set in the task that drew the first maze;
// - the bytes fetched before it (transfer size: gzipped bodies and headers, from Resource
//   Timing), in how many files, and by kind (html, js, css, json, wasm);
// - ready: when the page set `data-ready` (every feature loaded and wired).
//
// Profiles: `mobile` is Lighthouse's mobile network (1.6 Mbit/s down, 750 Kbit/s up, 150 ms
// latency, through CDP's Network.emulateNetworkConditions); `mobile-cpu4` adds its 4× CPU
// slowdown (Emulation.setCPUThrottlingRate); `fast` is neither. Runs alternate between the
// checkouts, each in a fresh tab with the cache off.
//
//   node tests/perf/load.mjs                             (this checkout, 5 runs, every profile)
//   node tests/perf/load.mjs --roots /tmp/before,. --runs 7
//   node tests/perf/load.mjs --profiles mobile --query '?lang=ko' --files
//
// Needs pkg/ built (scripts/build) in each checkout.

import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { launchBrowser, requireBuild, ROOT, startServer } from '../e2e/harness.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const roots = option('roots', ROOT).split(',').map((root) => resolve(root));
const runs = Number(option('runs', '5'));
const query = option('query', '');
const showFiles = process.argv.includes('--files');
const TIMEOUT = 60_000;

// Lighthouse's mobile profile, in CDP's units (bytes per second, milliseconds).
const MOBILE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const PROFILES = {
  fast: { network: null, cpu: 1 },
  mobile: { network: MOBILE, cpu: 1 },
  'mobile-cpu4': { network: MOBILE, cpu: 4 },
};
const profiles = option('profiles', Object.keys(PROFILES).join(',')).split(',');
for (const name of profiles) if (!PROFILES[name]) throw new Error(`unknown profile '${name}': use ${Object.keys(PROFILES).join(', ')}`);

// Installed before the page's scripts: marks the paint after data-ready, for a checkout whose
// page sets no first-maze mark of its own.
const WATCH_READY = () => {
  const afterPaint = (name) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => performance.mark(name);
    channel.port2.postMessage(null);
  });
  // The document may have no <html> element yet: watch the whole document for the attribute.
  new MutationObserver((changes, observer) => {
    if (document.documentElement?.dataset.ready) {
      observer.disconnect();
      afterPaint('ready-painted');
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
};

function kindOf(url) {
  const path = new URL(url).pathname;
  const ext = path.slice(path.lastIndexOf('.') + 1);
  if (path.endsWith('/') || ext === 'html') return 'html';
  return ['js', 'css', 'json', 'wasm'].includes(ext) ? ext : 'other';
}

async function measure(browser, server, profile) {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  await page.addInitScript(WATCH_READY);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(server.url + query, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.documentElement.dataset.ready
    && (performance.getEntriesByName('first-maze').length > 0 || performance.getEntriesByName('ready-painted').length > 0),
  null, { timeout: TIMEOUT, polling: 50 });
  if (await page.evaluate(() => document.documentElement.dataset.ready) !== 'true') {
    throw new Error(`the page did not boot: ${errors.join('; ')}`);
  }
  // What is still under way after the first maze is not counted, but wait for it to see ready.
  const m = await page.evaluate(() => {
    const own = performance.getEntriesByName('first-maze')[0];
    const mark = own ?? performance.getEntriesByName('ready-painted')[0];
    const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    return {
      firstMaze: mark.startTime,
      ownMark: Boolean(own),
      ready: performance.getEntriesByName('ready-painted')[0]?.startTime ?? null,
      files: entries.map((e) => ({ url: e.name, bytes: e.transferSize, body: e.encodedBodySize, start: e.startTime, end: e.responseEnd })),
    };
  });
  await cdp.detach();
  await page.close();
  const before = m.files.filter((f) => f.end <= m.firstMaze);
  const bytes = { html: 0, js: 0, css: 0, json: 0, wasm: 0, other: 0 };
  for (const f of before) bytes[kindOf(f.url)] += f.bytes;
  const total = before.reduce((sum, f) => sum + f.bytes, 0);
  const later = m.files.filter((f) => f.end > m.firstMaze);
  return { firstMaze: m.firstMaze, ownMark: m.ownMark, ready: m.ready, total, count: before.length, bytes, before, later, errors };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const range = (values, digits = 0, scale = 1) => {
  const f = (v) => (v / scale).toFixed(digits);
  return `${f(median(values))} (${f(Math.min(...values))}–${f(Math.max(...values))})`;
};

for (const root of roots) requireBuild(root);
const servers = [];
for (const root of roots) servers.push({ root, ...await startServer(root, { gzip: true }) });
const browser = await launchBrowser();
const results = new Map();
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`load.mjs: ${runs} runs per checkout and profile, query '${query}', load average before: ${load()}`);
try {
  for (const name of profiles) {
    for (let r = 0; r < runs; r++) {
      for (const server of servers) {
        const m = await measure(browser, server, PROFILES[name]);
        const key = `${server.root}\t${name}`;
        if (!results.has(key)) results.set(key, []);
        results.get(key).push(m);
      }
    }
  }
} finally {
  await browser.close();
  for (const server of servers) server.close();
}
console.log(`load average after: ${load()}`);
for (const server of servers) {
  console.log(`\n${server.root}`);
  for (const name of profiles) {
    const list = results.get(`${server.root}\t${name}`);
    const first = list[0];
    const by = Object.keys(first.bytes).filter((kind) => first.bytes[kind] > 0)
      .map((kind) => `${kind} ${(median(list.map((m) => m.bytes[kind])) / 1024).toFixed(1)}`).join(', ');
    console.log(`  ${name.padEnd(12)} first maze ${range(list.map((m) => m.firstMaze))} ms` +
      `${first.ownMark ? '' : ' (paint after data-ready)'}; before it ${range(list.map((m) => m.total), 1, 1024)} KB in ` +
      `${range(list.map((m) => m.count))} files [${by} KB]; ready ${range(list.map((m) => m.ready ?? NaN))} ms` +
      (list.some((m) => m.errors.length) ? `; errors: ${[...new Set(list.flatMap((m) => m.errors))].join('; ')}` : ''));
    if (showFiles) {
      for (const f of first.before.sort((a, b) => b.bytes - a.bytes)) {
        console.log(`      ${String(f.bytes).padStart(8)} B  ${f.start.toFixed(0).padStart(5)}–${f.end.toFixed(0).padStart(5)} ms  ${new URL(f.url).pathname}`);
      }
      console.log(`      after the first maze: ${first.later.length} files, ${(first.later.reduce((s, f) => s + f.bytes, 0) / 1024).toFixed(1)} KB`);
    }
  }
}
