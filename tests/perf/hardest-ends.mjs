// A benchmark, not a test: placing the hardest ends at 4096² (needs pkg/ built by scripts/build).
//
//   node tests/perf/hardest-ends.mjs            the module, then the page
//   node tests/perf/hardest-ends.mjs --module   the module only
//   node tests/perf/hardest-ends.mjs --page     the page only (ROUNDS=1 for one round, not two)
//
// Module: the step that ends generation and begins the search, timed with ends 'corners' and
// 'hardest' (measured in that step), and with 'hardest' measured ahead by prepareEnds() in
// slices (the longest call, the calls, the step after), three rounds each.
// Page: ends=hardest at 4096², played at full speed, in a fresh tab with a PerformanceObserver
// for long tasks: the longest main-thread task while it plays to the end, whether "Finding the
// hardest ends" was shown, and where the markers went.
import { launchBrowser, requireBuild, startServer } from '../e2e/harness.mjs';

const only = process.argv[2];
requireBuild();

if (only !== '--page') {
  const { mz } = await import('../module/load.mjs');
  const base = { generator: 'kruskal', width: 4096, height: 4096, seed: '1' };
  const gen = new mz.MazeRun({ ...base });
  gen.finish();
  const G = gen.steps();
  gen.free();
  console.log('generation steps', G);
  for (let round = 0; round < 3; round++) {
    for (const ends of ['corners', 'hardest', 'hardest ahead']) {
      const run = new mz.MazeRun({ ...base, solver: 'bfs', ends: ends.split(' ')[0] });
      run.finish(G);
      let calls = 0;
      let longest = 0;
      if (ends === 'hardest ahead') {
        for (;;) {
          const t0 = performance.now();
          const ready = run.prepareEnds();
          longest = Math.max(longest, performance.now() - t0);
          calls++;
          if (ready) break;
        }
      }
      const t0 = performance.now();
      run.advance(1);
      const ms = performance.now() - t0;
      const ahead = calls ? `, prepareEnds ${calls} calls, the longest ${longest.toFixed(0)} ms` : '';
      console.log(`${ends}: the crossing step took ${ms.toFixed(0)} ms${ahead}; ends ${run.start()} ${run.goal()}`);
      run.free();
    }
  }
}

if (only !== '--module') {
  const OBSERVE = () => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  };
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
      const page = await browser.context.newPage();
      await page.addInitScript(OBSERVE);
      await page.goto(`${server.url}?generator=kruskal&solver=bfs&width=4096&height=4096&seed=1&ends=${process.env.ENDS ?? 'hardest'}&speed=max`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 600_000 });
      await page.evaluate(() => {
        window.longTasks = [];
        window.sawBusy = false;
        const text = document.getElementById('work-text');
        new MutationObserver(() => {
          if (/hardest ends/.test(text.textContent)) window.sawBusy = true;
        }).observe(text, { subtree: true, childList: true, characterData: true });
      });
      const t0 = Date.now();
      await page.click('#play');
      await page.waitForFunction(() => window.mazestep.controller.state === 'done', null, { timeout: 600_000, polling: 200 });
      const got = await page.evaluate(() => ({
        tasks: window.longTasks,
        busy: window.sawBusy,
        ends: [window.mazestep.controller.run.start(), window.mazestep.controller.run.goal()],
      }));
      const longest = got.tasks.reduce((m, t) => Math.max(m, t.ms), 0);
      console.log(`page 4096² ends=${process.env.ENDS ?? 'hardest'}, played to the end in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
        `longest task ${longest.toFixed(0)} ms, ${got.tasks.length} long tasks (over 50 ms), ` +
        `"Finding the hardest ends" shown: ${got.busy}, ends ${got.ends.join(' ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}
