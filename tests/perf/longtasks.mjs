// The page's longest main-thread task per action, at the sizes a learner can choose: a
// benchmark of "never freeze" (a PerformanceObserver for long tasks, which the browser reports
// for every task over 50 ms). Each action runs in a fresh tab; for each it prints the longest
// task, the number of long tasks and how long the action took to complete. A benchmark, not a
// test: it never fails on a target (the end-to-end suite holds the limit on smaller cases).
//
//   node tests/perf/longtasks.mjs                      (1000 and 4096 a side, three pairs)
//   node tests/perf/longtasks.mjs --sizes 1000 --pairs kruskal:a-star
//   node tests/perf/longtasks.mjs --actions open,play,back
//
// Needs pkg/ built (scripts/build).

import { launchBrowser, requireBuild, startServer } from '../e2e/harness.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const sizes = arg('sizes', '1000,4096').split(',').map(Number);
const pairs = arg('pairs', 'binary-tree:bfs,kruskal:a-star,aldous-broder:bfs').split(',').map((p) => p.split(':'));
const ACTIONS = ['open', 'play', 'timeline', 'seek', 'back', 'end', 'link'];
const actions = arg('actions', ACTIONS.join(',')).split(',');
const TIMEOUT = Number(arg('timeout', '600')) * 1000;

// Installed before the page's own scripts: every long task from the start is recorded.
const OBSERVE = () => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

const ready = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: TIMEOUT });
const idle = (page) => page.waitForFunction(() => {
  const c = window.mazestep.controller;
  return !c.job && c.state !== 'running';
}, null, { timeout: TIMEOUT, polling: 100 });
const steps = (page) => page.evaluate(() => window.mazestep.controller.run.steps());
const timelineLaid = (page) => page.waitForFunction(() => window.mazestep.controller.timeline?.done === true, null, { timeout: TIMEOUT, polling: 100 });

async function measure(browser, server, query, action) {
  const page = await browser.context.newPage();
  await page.addInitScript(OBSERVE);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const t0 = Date.now();
  await page.goto(server.url + query);
  await ready(page);
  let began = Date.now();
  const mark = async () => {
    await page.evaluate(() => { window.longTasks = []; });
    began = Date.now();
  };
  switch (action) {
    case 'open':
      began = t0;
      await page.waitForTimeout(1000);
      break;
    case 'play':
      await mark();
      await page.click('#play');
      await page.waitForFunction(() => window.mazestep.controller.state === 'done', null, { timeout: TIMEOUT, polling: 200 });
      break;
    case 'timeline':
      await mark();
      await page.focus('#timeline');
      await timelineLaid(page);
      break;
    case 'seek':
    case 'back':
    case 'end': {
      // From the end of the run, with its timeline laid.
      await page.evaluate(() => { window.mazestep.controller.settings.speed = Infinity; });
      await page.click('#play');
      await page.waitForFunction(() => window.mazestep.controller.state === 'done', null, { timeout: TIMEOUT, polling: 200 });
      await page.evaluate(() => window.mazestep.controller.layTimeline());
      await timelineLaid(page);
      const total = await steps(page);
      if (action === 'end') {
        await page.evaluate(() => window.mazestep.controller.seek(0));
        await idle(page);
      }
      await mark();
      if (action === 'seek') await page.evaluate((k) => window.mazestep.controller.seek(k), Math.floor(total / 2));
      else if (action === 'back') await page.click('#back');
      else {
        await page.focus('#timeline');
        await page.keyboard.press('End');
      }
      await idle(page);
      break;
    }
    case 'link':
      began = t0;
      await idle(page);
      break;
    default:
      throw new Error(`unknown action ${action}`);
  }
  const took = Date.now() - began;
  const tasks = await page.evaluate(() => window.longTasks);
  await page.close();
  const longest = tasks.reduce((m, t) => Math.max(m, t.ms), 0);
  return { longest, count: tasks.length, took, errors };
}

requireBuild();
const server = await startServer();
const browser = await launchBrowser();
console.log('size  pair                        action    longest task  long tasks  took');
try {
  for (const size of sizes) {
    for (const [generator, solver] of pairs) {
      const query = `?generator=${generator}&solver=${solver}&width=${size}&height=${size}&seed=1&speed=max`;
      for (const action of actions) {
        if (action === 'link') {
          // A link to a late step: nine tenths of the run (counted in a tab of its own).
          const probe = await browser.context.newPage();
          await probe.goto(server.url + query);
          await ready(probe);
          const total = await probe.evaluate(() => {
            const s = window.mazestep.controller.settings;
            const run = new window.mazestep.mz.MazeRun({ generator: s.generator, solver: s.solver, width: s.width, height: s.height, seed: s.seed });
            try { return run.finish(); } finally { run.free(); }
          });
          await probe.close();
          const late = Math.floor(total * 0.9);
          report(size, generator, solver, 'link', await measure(browser, server, `${query}&step=${late}`, 'link'));
          continue;
        }
        report(size, generator, solver, action, await measure(browser, server, query, action));
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}

function report(size, generator, solver, action, r) {
  const pair = `${generator} + ${solver}`;
  console.log(`${String(size).padEnd(5)} ${pair.padEnd(27)} ${action.padEnd(9)} ${r.longest.toFixed(0).padStart(9)} ms ${String(r.count).padStart(11)} ${(r.took / 1000).toFixed(1).padStart(6)} s` +
    (r.errors.length ? `  errors: ${r.errors.join('; ')}` : ''));
}
