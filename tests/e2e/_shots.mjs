import { launchBrowser, startServer, openPage, waitDone, waitSettled } from './harness.mjs';
const server = await startServer();
const browser = await launchBrowser();
const edits = '30.8b10.6h20.5d12.4x40.10h';
try {
  for (const [name, query, viewport] of [
    ['desktop', `?width=24&height=16&seed=5&solver=dijkstra&edits=${edits}`, { width: 1280, height: 800 }],
    ['phone', `?width=24&height=16&seed=5&solver=dijkstra&edits=${edits}`, { width: 390, height: 844 }],
    ['hex', `?shape=hex&width=16&height=12&seed=5&solver=dijkstra&edits=${edits}`, { width: 1280, height: 800 }],
    ['thin', `?width=24&height=16&seed=5&solver=dijkstra&style=thin&edits=${edits}`, { width: 1280, height: 800 }],
  ]) {
    const { page, errors } = await openPage(browser, server, query, viewport);
    await page.click('#edit-mode');
    await waitDone(page);
    await page.check('input[name="edit-tool"][value="water"]');
    await page.screenshot({ path: `/tmp/shot-${name}.png` });
    if (name === 'phone') {
      await page.evaluate(() => document.querySelector('.edit-card').scrollIntoView());
      await page.screenshot({ path: `/tmp/shot-phone-card.png` });
      await page.evaluate(() => document.getElementById('legend').scrollIntoView());
      await page.screenshot({ path: `/tmp/shot-phone-legend.png` });
    }
    console.log(name, await page.textContent('#status'), errors);
  }
} finally {
  await browser.close();
  server.close();
}
