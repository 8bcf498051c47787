// The setup every page test file shares: one static server and one browser for the file,
// started before its tests and stopped after them, and a fresh tab per `open`. Kept apart
// from harness.mjs, which the benchmark also uses, because it registers node:test hooks.

import { after, before } from 'node:test';
import { launchBrowser, openPage, requireBuild, startServer } from './harness.mjs';

/** Registers the hooks; `suite.open(query, viewport)` opens the page in a fresh tab. */
export function pageSuite() {
  const suite = {
    server: null,
    browser: null,
    open: (query, viewport) => openPage(suite.browser, suite.server, query, viewport),
  };
  before(async () => {
    requireBuild();
    suite.server = await startServer();
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    suite.server?.close();
  });
  return suite;
}
