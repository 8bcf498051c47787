// One small API over the three browser engines, for the cross-engine tests (tests/engines/)
// and the frame-rate benchmark (tests/perf/fps.mjs). Not a test file itself.
//
//   chromium  Debian's Chromium, headless, through playwright-core (as the page tests).
//   firefox   Debian's Firefox ESR, headless, through puppeteer-core over WebDriver BiDi.
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver) and
//             selenium-webdriver, on an Xvfb display: MiniBrowser cannot draw without one.
//
// Each engine is started here and stopped by `close()`, Xvfb and WebKitWebDriver included, so
// a test needs nothing running before it. Nothing here downloads a browser.
//
//   const engine = await launchEngine('webkit');
//   await engine.open(url, { width: 1280, height: 800 });   // waits for data-ready
//   await engine.evaluate((a) => a + 1, 1);                  // a function and one JSON arg
//   await engine.click('#play'); await engine.press('ArrowRight'); await engine.clickAt(x, y);
//   await engine.drag([[x0, y0], [x1, y1]], { pointerType: 'touch' });
//   await engine.screenshot('shot.png');
//   await engine.close();
//
// Functions given to evaluate() and waitFor() run in the page: they see only their argument,
// may be async, and return JSON. Coordinates are CSS pixels of the viewport.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM } from './harness.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ||
  `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`;
export const XVFB = process.env.XVFB || '/usr/bin/Xvfb';

// As the page tests launch it, and no history navigation by a sideways touch swipe (a touch
// drag across the maze would otherwise go back a page).
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-features=OverscrollHistoryNavigation'];

/** The expression that calls a function's source with a JSON argument. */
const call = (source, arg) => `(${source})(${JSON.stringify(arg)})`;

function need(path, what) {
  if (!existsSync(path)) {
    throw new Error(`${what} not found at ${path}: run scripts/setup --test (it installs it from Debian)`);
  }
}

/** Launches `name` (one of ENGINES); resolves to an Engine. */
export async function launchEngine(name) {
  if (name === 'chromium') return launchChromium();
  if (name === 'firefox') return launchFirefox();
  if (name === 'webkit') return launchWebkit();
  throw new Error(`unknown engine '${String(name).slice(0, 80)}' (known: ${ENGINES.join(', ')})`);
}

/**
 * What every engine offers. Subclasses give: goto, evaluateSource (a function's source and
 * its argument), clickElement, key, pointer (a press, moves, a release), shot (PNG bytes),
 * resize, quit.
 */
class Engine {
  constructor(name, version) {
    this.name = name;
    this.version = version;
    this.touch = name !== 'webkit'; // whether drag() can send pointerType touch (WebKitWebDriver sends mouse events)
    this.listens = false; // whether the engine reports the page's errors itself (engineErrors)
    this.engineErrors = [];
  }

  /** Opens `url` at `size` ({ width, height } of the viewport), waits until the page has booted. */
  async open(url, size = { width: 1280, height: 800 }, { ready = true } = {}) {
    await this.resize(size.width, size.height);
    this.engineErrors = [];
    await this.goto(url);
    // In the page too, for WebKit, whose classic WebDriver cannot listen (see errors()).
    await this.evaluate(() => {
      window.engineErrors = [];
      window.addEventListener('error', (e) => window.engineErrors.push(`error: ${e.message}`));
      window.addEventListener('unhandledrejection', (e) => window.engineErrors.push(`rejection: ${e.reason?.message ?? e.reason}`));
      // Input that has reached the page, counted (see inputDone).
      window.engineInput = { pointer: 0, key: 0 };
      for (const type of ['pointerup', 'pointercancel']) window.addEventListener(type, () => window.engineInput.pointer++, true);
      window.addEventListener('keyup', () => window.engineInput.key++, true);
    });
    if (ready) {
      await this.waitFor(() => document.documentElement.dataset.ready, null, { timeout: 30_000 });
      const state = await this.evaluate(() => document.documentElement.dataset.ready);
      if (state !== 'true') throw new Error(`${this.name}: the page did not boot (data-ready = ${state})`);
    }
  }

  /** Runs `fn(arg)` in the page; resolves to its (awaited) JSON result. */
  evaluate(fn, arg = null) {
    return this.evaluateSource(String(fn), arg);
  }

  /** Waits until `fn(arg)` is truthy in the page, polling; resolves to that value. */
  async waitFor(fn, arg = null, { timeout = 20_000, polling = 50 } = {}) {
    const until = Date.now() + timeout;
    for (;;) {
      const value = await this.evaluate(fn, arg);
      if (value) return value;
      if (Date.now() > until) throw new Error(`${this.name}: timed out after ${timeout} ms waiting for ${String(fn).slice(0, 120)}`);
      await new Promise((resolve) => setTimeout(resolve, polling));
    }
  }

  /** The centre of the element `selector` matches, in viewport pixels (scrolled into view first). */
  centreOf(selector) {
    return this.evaluate((selector) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no element matches ${selector}`);
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      // Where it is once the scroll has been painted.
      return new Promise((resolve) => requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        resolve([r.left + r.width / 2, r.top + r.height / 2]);
      }));
    }, selector);
  }

  /** A click (press and release of the left button) at a point of the viewport. */
  clickAt(x, y) {
    return this.inputDone('pointer', () => this.pointer([[x, y]], 'mouse', 'left'));
  }

  /**
   * Does `act` (input of `kind`, 'pointer' or 'key'), then waits until the page has received
   * its last event: WebKitWebDriver can answer before the web process has handled the input,
   * and a check right after it would see the page as before.
   */
  async inputDone(kind, act) {
    const before = await this.evaluate((kind) => window.engineInput?.[kind] ?? -1, kind);
    await act();
    if (before < 0) return; // a page opened without open(): nothing counted
    await this.waitFor(([kind, before]) => window.engineInput[kind] > before, [kind, before], { timeout: 10_000, polling: 20 });
  }

  /** Presses and releases a key ('ArrowRight', ' ', 'End', 'p', ...) on what has the focus. */
  press(key) {
    return this.inputDone('key', () => this.key(key));
  }

  /** Clicks the element `selector` matches. */
  click(selector) {
    return this.inputDone('pointer', () => this.clickElement(selector));
  }

  /**
   * Errors the page threw since open(): uncaught errors and rejections. Chromium and Firefox
   * report them from the page's first script on; WebKit's classic WebDriver cannot listen, so
   * there they are those the page saw once open() had set its listeners up (a failed boot
   * shows as data-ready).
   */
  async errors() {
    if (this.listens) return [...this.engineErrors];
    return this.evaluate(() => window.engineErrors ?? []);
  }

  /** A pointer drag through `points` ([x, y] in viewport pixels), pressed from first to last. */
  drag(points, { pointerType = 'mouse', button = 'left' } = {}) {
    if (pointerType === 'touch' && !this.touch) throw new Error(`${this.name} cannot send touch input here`);
    return this.inputDone('pointer', () => this.pointer(points, pointerType, button));
  }

  /** Saves a PNG of the viewport at `path` (and returns its bytes). */
  async screenshot(path) {
    const png = await this.shot();
    if (path) writeFileSync(path, png);
    return png;
  }

  async close() {
    await this.quit();
  }
}

// ---- Chromium (playwright-core) ---------------------------------------------------------

class ChromiumEngine extends Engine {
  constructor(context, page, version, profile) {
    super('chromium', version);
    this.context = context;
    this.page = page;
    this.profile = profile;
    this.listens = true;
    page.on('pageerror', (err) => this.engineErrors.push(`pageerror: ${err.message}`));
  }

  async tab() {
    return this.page;
  }

  async goto(url) {
    await (await this.tab()).goto(url);
  }

  async evaluateSource(source, arg) {
    return (await this.tab()).evaluate(call(source, arg));
  }

  async clickElement(selector) {
    await (await this.tab()).click(selector);
  }

  async key(key) {
    await (await this.tab()).keyboard.press(key);
  }

  async pointer(points, pointerType, button) {
    const page = await this.tab();
    if (pointerType === 'touch') {
      // Touch through the DevTools protocol: the page sees pointer events of type touch.
      const cdp = await this.context.newCDPSession(page);
      const at = ([x, y]) => [{ x, y, id: 1 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]) });
      for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
      return;
    }
    await page.mouse.move(...points[0]);
    await page.mouse.down({ button });
    for (const p of points.slice(1)) await page.mouse.move(...p, { steps: 1 });
    await page.mouse.up({ button });
  }

  async shot() {
    return (await this.tab()).screenshot();
  }

  async resize(width, height) {
    await (await this.tab()).setViewportSize({ width, height });
  }

  async quit() {
    await this.context.close();
    rmSync(this.profile, { recursive: true, force: true });
  }
}

async function launchChromium() {
  need(CHROMIUM, 'Chromium');
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'mazestep-engines-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? await context.newPage();
  // The binary's own full version (the user agent says only 156.0.0.0).
  const version = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/[\d.]+/)?.[0] ?? '?';
  return new ChromiumEngine(context, page, version, profile);
}

// ---- Firefox (puppeteer-core, WebDriver BiDi) ---------------------------------------------

class FirefoxEngine extends Engine {
  constructor(browser, page, version) {
    super('firefox', version);
    this.browser = browser;
    this.page = page;
    this.listens = true;
    page.on('pageerror', (err) => this.engineErrors.push(`pageerror: ${err.message}`));
  }

  async goto(url) {
    await this.page.goto(url);
  }

  evaluateSource(source, arg) {
    return this.page.evaluate(call(source, arg));
  }

  async clickElement(selector) {
    await this.page.click(selector);
  }

  async key(key) {
    await this.page.keyboard.press(key === 'Space' ? ' ' : key);
  }

  async pointer(points, pointerType, button) {
    if (pointerType === 'touch') {
      const touch = await this.page.touchscreen.touchStart(...points[0]);
      for (const p of points.slice(1)) await touch.move(...p);
      await touch.end();
      return;
    }
    const mouse = this.page.mouse;
    await mouse.move(...points[0]);
    await mouse.down({ button });
    for (const p of points.slice(1)) await mouse.move(...p);
    await mouse.up({ button });
  }

  async shot() {
    return Buffer.from(await this.page.screenshot({ type: 'png' }));
  }

  async resize(width, height) {
    await this.page.setViewport({ width, height });
  }

  async quit() {
    await this.browser.close();
  }
}

async function launchFirefox() {
  need(FIREFOX, 'Firefox ESR');
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true,
    // No updates, telemetry or remote settings fetched from the network in tests.
    extraPrefsFirefox: { 'app.update.enabled': false, 'datareporting.policy.dataSubmissionEnabled': false },
  });
  const page = (await browser.pages())[0] ?? await browser.newPage();
  const version = (await browser.version()).replace(/^firefox\//, '');
  return new FirefoxEngine(browser, page, version);
}

// ---- WebKit (WebKitWebDriver + MiniBrowser, selenium-webdriver, Xvfb) ----------------------

class WebkitEngine extends Engine {
  constructor(driver, version, processes) {
    super('webkit', version);
    this.driver = driver;
    this.processes = processes; // [WebKitWebDriver, Xvfb], stopped by quit()
    this.chrome = null; // the window's size around the viewport
  }

  async goto(url) {
    await this.driver.get(url);
  }

  async evaluateSource(source, arg) {
    const result = await this.driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       Promise.resolve().then(() => ${call(source, arg)})
         .then((value) => done({ value: value === undefined ? null : value }),
               (err) => done({ error: String(err && err.stack || err) }));`);
    if (result?.error) throw new Error(`webkit: evaluate failed: ${result.error}`);
    return result?.value ?? null;
  }

  async clickElement(selector) {
    // A pointer press at the element's centre: WebKitGTK's element click does not move a
    // range slider, and refuses some visible radios as "not interactable".
    await this.pointer([await this.centreOf(selector)], 'mouse', 'left');
  }

  async key(key) {
    const { Key } = await import('selenium-webdriver');
    const named = { ' ': Key.SPACE, Space: Key.SPACE, ArrowRight: Key.ARROW_RIGHT, ArrowLeft: Key.ARROW_LEFT,
      ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN, Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB,
      Home: Key.HOME, End: Key.END, PageUp: Key.PAGE_UP, PageDown: Key.PAGE_DOWN, Delete: Key.DELETE, Backspace: Key.BACK_SPACE };
    const k = named[key] ?? key;
    await this.driver.actions({ async: true }).keyDown(k).keyUp(k).perform();
  }

  async pointer(points, pointerType, button) {
    const { Button, Origin } = await import('selenium-webdriver');
    const at = ([x, y]) => ({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT, duration: 0 });
    const code = button === 'right' ? Button.RIGHT : Button.LEFT;
    const actions = this.driver.actions({ async: true });
    if (pointerType === 'touch') {
      const { Pointer } = (await import('selenium-webdriver/lib/input.js')).default;
      const finger = new Pointer('finger', Pointer.Type.TOUCH);
      await actions.insert(finger, finger.move(at(points[0])), finger.press(code),
        ...points.slice(1).map((p) => finger.move(at(p))), finger.release(code)).perform();
      return;
    }
    let chain = actions.move(at(points[0])).press(code);
    for (const p of points.slice(1)) chain = chain.move(at(p));
    await chain.release(code).perform();
  }

  async shot() {
    return Buffer.from(await this.driver.takeScreenshot(), 'base64');
  }

  async resize(width, height) {
    // The window holds the viewport and MiniBrowser's own bars: measure them once.
    if (!this.chrome) {
      await this.driver.manage().window().setRect({ width: 1000, height: 800, x: 0, y: 0 });
      const inner = await this.evaluate(() => [innerWidth, innerHeight]);
      this.chrome = [1000 - inner[0], 800 - inner[1]];
    }
    await this.driver.manage().window().setRect({ width: width + this.chrome[0], height: height + this.chrome[1] });
  }

  async quit() {
    try {
      await this.driver.quit();
    } finally {
      for (const child of this.processes) child.kill();
      await Promise.all(this.processes.map((child) => child.exitCode !== null ? null
        : new Promise((resolve) => child.once('exit', resolve))));
    }
  }
}

/** Starts Xvfb on a free display (it picks one: -displayfd); resolves to { display, child }. */
function startXvfb() {
  need(XVFB, 'Xvfb');
  return new Promise((resolve, reject) => {
    const child = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`Xvfb did not start within 10 s: ${err.slice(-400)}`));
    }, 10_000);
    child.stderr.on('data', (chunk) => (err += chunk));
    child.stdio[3].on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve({ display: `:${out.trim()}`, child });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${err.slice(-400)}`));
    });
  });
}

/** A TCP port that was free a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function launchWebkit() {
  need(WEBKIT_DRIVER, 'WebKitWebDriver');
  need(MINIBROWSER, 'MiniBrowser');
  const xvfb = await startXvfb();
  const processes = [xvfb.child];
  try {
    const port = await freePort();
    const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`],
      { stdio: 'ignore', env: { ...process.env, DISPLAY: xvfb.display } });
    processes.unshift(driverProcess);
    const url = `http://127.0.0.1:${port}`;
    const until = Date.now() + 10_000;
    for (;;) {
      if (driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driverProcess.exitCode})`);
      const up = await fetch(`${url}/status`).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > until) throw new Error(`WebKitWebDriver did not answer on ${url} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { Builder } = await import('selenium-webdriver');
    const driver = await new Builder().usingServer(url).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }).build();
    const caps = await driver.getCapabilities();
    return new WebkitEngine(driver, caps.get('browserVersion') ?? '?', processes);
  } catch (err) {
    for (const child of processes) child.kill();
    throw err;
  }
}
