// Encoding time of the animation exports (www/export/export-anim.js) in headless Chromium: GIF and
// WebM of steps 0..300 (301 frames, one step each) of a 30 × 20 Kruskal + BFS maze, at each
// frame size asked for (default 480). Times the whole save as the page does it: the copy of
// the run, drawing every frame with the page's renderer, encoding, the file. Numbers, not a
// test: nothing here can fail.
//
//   node tests/perf/export-anim.mjs [--sizes 320,480,960] [--repeat 3]

import { launchBrowser, openPage, requireBuild, startServer } from '../e2e/harness.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const sizes = arg('--sizes', '480').split(',').map(Number);
const repeat = Number(arg('--repeat', '3'));

requireBuild();
const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await openPage(browser, server, '?generator=kruskal&solver=bfs&width=30&height=20&seed=7');
  // The page's own download is not needed here: keep the files in memory.
  await page.evaluate(() => {
    window.mazestep.animations.on.download = (blob) => {
      window.lastBytes = blob.size;
    };
  });
  console.log('format size frames width height bytes ms_runs ms_median ms_per_frame');
  for (const size of sizes) {
    for (const kind of ['gif', 'webm']) {
      const times = [];
      let result = null;
      for (let i = 0; i < repeat; i++) {
        result = await page.evaluate(async ([kind, size]) => {
          const out = await window.mazestep.animations.save(kind, { from: 0, to: 300, spf: 1, fps: 30, size, loop: true });
          return out && { ...out, bytes: window.lastBytes };
        }, [kind, size]);
        if (!result) throw new Error(`${kind} at ${size} was not made: ${await page.locator('#anim-problem').textContent()}`);
        times.push(result.ms);
      }
      const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
      console.log([kind, size, result.frames, result.width, result.height, result.bytes,
        times.map((t) => t.toFixed(0)).join('/'), median.toFixed(0), (median / result.frames).toFixed(2)].join(' '));
    }
  }
} finally {
  await browser.close();
  server.close();
}
