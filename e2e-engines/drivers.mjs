// One browser per engine, behind the same small interface, so the checks in
// checks.mjs are written once:
//   goto(path) · reload() · run(fn, ...args) (fn runs in the page: a function,
//   serialised; it may be async; args and result are JSON) · runInFrame(src,
//   fn, ...args) · press(key) · resize(size?) · screenshot(file) · problems() ·
//   drain() (problems(), once every event the driver has sent for the page so far is in) · close()
// Firefox: Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi.
// Chromium (the reference, see below): Debian's chromium with playwright-core.
// WebKit: WebKitGTK's WebKitWebDriver with its MiniBrowser, driven by
// selenium-webdriver (classic WebDriver, no BiDi, no console endpoint: the
// page's problems come from the injected capture.js).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { writeFile } from 'node:fs/promises';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const VIEWPORT = { width: 1280, height: 900 };

// Takes what the page recorded since the last call (so a problem is reported
// once, with the check during which it happened, not again with the next one).
const collect = () => (self.__attnProblems ? self.__attnProblems.splice(0) : []);

function withTimeout(p, ms, what) {
  let timer;
  return Promise.race([
    Promise.resolve(p).finally(() => clearTimeout(timer)),
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms); }),
  ]);
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

/** Puppeteer's and Playwright's pages alike: a primary button press at viewport coordinates (`down`), or its release (`up`). */
function mousePointer(page) {
  return async (kind, x, y) => {
    await page.mouse.move(x, y);
    await (kind === 'down' ? page.mouse.down() : page.mouse.up());
  };
}

/**
 * Puppeteer's and Playwright's pages alike: console errors and uncaught errors
 * from the driver's events, plus what the injected capture recorded in the page
 * (read before each navigation, as the record goes with the page). `problems()`
 * returns everything since the last call, once.
 */
function watch(page) {
  const events = [];
  page.on('console', (m) => { if (m.type() === 'error') events.push(`console: ${m.text().slice(0, 400)}`); });
  page.on('pageerror', (e) => events.push(`pageerror: ${String(e.message ?? e).slice(0, 400)}`));
  const seen = [];
  const harvest = async () => {
    try { seen.push(...await page.evaluate(collect)); } catch { /* page gone */ }
  };
  const problems = async () => { await harvest(); const all = [...seen, ...events]; seen.length = 0; events.length = 0; return all; };
  // The driver's console events arrive after the page has gone on: a marker
  // logged last, once its event is in, means every earlier event is in too.
  let marks = 0;
  const drain = async (evaluate) => {
    const mark = `attn-drain-${++marks}`;
    let on;
    const arrived = new Promise((ok) => { on = (m) => { if (m.text().includes(mark)) ok(); }; page.on('console', on); });
    try {
      await evaluate(mark);
      await withTimeout(arrived, 10_000, 'the console event of the drain marker');
    } finally { page.off('console', on); }
    return (await problems()).filter((line) => !line.includes(mark));
  };
  return { harvest, problems, drain };
}

const logMark = (mark) => console.error(mark);

// ---------------------------------------------------------------- Firefox
export async function launchFirefox(base) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true, protocolTimeout: 60_000,
    defaultViewport: VIEWPORT,
  });
  const page = await browser.newPage();
  const { harvest, problems, drain } = watch(page);
  return {
    name: 'firefox',
    version: await browser.version(),
    async goto(path) { await harvest(); await page.goto(new URL(path, base).href, { waitUntil: 'load', timeout: 30_000 }); },
    async reload() { await harvest(); await page.reload({ waitUntil: 'load', timeout: 30_000 }); },
    run: (fn, ...args) => page.evaluate(fn, ...args),
    async runInFrame(srcPart, fn, ...args) {
      const frame = page.frames().find((f) => f.url().includes(srcPart));
      if (!frame) throw new Error(`no frame whose URL contains ${srcPart}`);
      return frame.evaluate(fn, ...args);
    },
    press: (key) => page.keyboard.press(key === 'Space' ? ' ' : key),
    pointer: mousePointer(page),
    resize: (size = VIEWPORT) => page.setViewport(size),
    async screenshot(file) { await page.screenshot({ path: file }); },
    problems,
    drain: () => drain((mark) => page.evaluate(logMark, mark)),
    close: () => browser.close(),
  };
}

// ---------------------------------------------------------------- Chromium
// Debian's chromium through playwright-core, as the Playwright suite runs it
// (playwright.config.ts): not one of the suite's engines by default (e2e/
// covers Chromium), but the reference some checks compare the others with
// (`node e2e-engines/run.mjs chromium` runs the whole suite in it too).
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(base) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: VIEWPORT });
  const { harvest, problems, drain } = watch(page);
  // (page.evaluate takes one argument: hand the function over as source, called with the JSON args)
  const evaluateIn = (target, fn, args) => target.evaluate(`(${fn.toString()}).apply(null, ${JSON.stringify(args)})`);
  return {
    name: 'chromium',
    version: `chromium ${browser.version()}`,
    async goto(path) { await harvest(); await page.goto(new URL(path, base).href, { waitUntil: 'load', timeout: 30_000 }); },
    async reload() { await harvest(); await page.reload({ waitUntil: 'load', timeout: 30_000 }); },
    run: (fn, ...args) => evaluateIn(page, fn, args),
    async runInFrame(srcPart, fn, ...args) {
      const frame = page.frames().find((f) => f.url().includes(srcPart));
      if (!frame) throw new Error(`no frame whose URL contains ${srcPart}`);
      return evaluateIn(frame, fn, args);
    },
    press: (key) => page.keyboard.press(key === 'Space' ? ' ' : key),
    pointer: mousePointer(page),
    resize: (size = VIEWPORT) => page.setViewportSize(size),
    async screenshot(file) { await page.screenshot({ path: file }); },
    problems,
    drain: () => drain((mark) => evaluateIn(page, logMark, [mark])),
    close: () => browser.close(),
  };
}

// ---------------------------------------------------------------- WebKit
export async function launchWebKit(base) {
  const { Builder, Key, By } = await import('selenium-webdriver');
  const port = await freePort();
  // Its own process group, so that killing it by PID takes MiniBrowser along.
  const driverProc = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let driverErr = '';
  driverProc.stderr.on('data', (d) => { driverErr = (driverErr + d).slice(-2000); });
  const kill = () => { try { process.kill(-driverProc.pid, 'SIGKILL'); } catch { /* gone */ } };
  // Also when the runner ends without close() (an exception, a closed pipe, Ctrl-C: run.mjs
  // turns signals into an exit): else the driver and MiniBrowser outlive it.
  process.once('exit', kill);
  let driver;
  try {
    await withTimeout(new Promise((ok, fail) => {
      const tryConnect = async () => {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/status`);
          if (r.ok) return ok();
        } catch { /* not yet */ }
        if (driverProc.exitCode !== null) return fail(new Error(`WebKitWebDriver exited (${driverProc.exitCode}): ${driverErr}`));
        setTimeout(tryConnect, 100);
      };
      tryConnect();
    }), 15_000, 'WebKitWebDriver start');
    // Without a display the new-session request hangs silently: hence the timeout.
    driver = await withTimeout(new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }).build(), 60_000, `WebKitWebDriver new session (DISPLAY=${process.env.DISPLAY ?? 'unset'})`);
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: 30_000 });
    await driver.manage().window().setRect(VIEWPORT);
  } catch (e) {
    kill();
    throw e;
  }
  const seen = [];
  const call = (fn, args) => driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     const args = Array.prototype.slice.call(arguments, 0, -1);
     Promise.resolve().then(() => (${fn.toString()}).apply(null, args))
       .then((value) => done({ value: value === undefined ? null : JSON.parse(JSON.stringify(value)) }),
             (e) => done({ error: String(e && e.stack || e) }));`, ...args).then((r) => {
    if (r && 'error' in r) throw new Error(r.error);
    return r ? r.value : null;
  });
  const harvest = async () => {
    try { seen.push(...await call(collect, [])); } catch { /* page gone */ }
  };
  const caps = await driver.getCapabilities();
  const keys = { ArrowRight: Key.ARROW_RIGHT, ArrowLeft: Key.ARROW_LEFT, ArrowDown: Key.ARROW_DOWN, ArrowUp: Key.ARROW_UP,
    Space: Key.SPACE, Enter: Key.ENTER, Tab: Key.TAB, Home: Key.HOME, End: Key.END };
  return {
    name: 'webkit',
    version: `${caps.get('browserName')} ${caps.get('browserVersion')}`,
    async goto(path) { await harvest(); await driver.get(new URL(path, base).href); },
    async reload() { await harvest(); await driver.navigate().refresh(); },
    run: (fn, ...args) => call(fn, args),
    async runInFrame(srcPart, fn, ...args) {
      const el = await driver.findElement(By.css(`iframe[src*="${srcPart}"]`));
      await driver.switchTo().frame(el);
      try { return await call(fn, args); } finally { await driver.switchTo().defaultContent(); }
    },
    async press(key) {
      if (!(key in keys)) throw new Error(`no key mapping for ${key}`);
      await driver.actions().sendKeys(keys[key]).perform();
    },
    async pointer(kind, x, y) {
      const a = driver.actions().move({ x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 });
      await (kind === 'down' ? a.press() : a.release()).perform();
    },
    // (the window's size; MiniBrowser keeps it at least about 450 px wide)
    resize: (size = VIEWPORT) => driver.manage().window().setRect(size),
    async screenshot(file) { await writeFile(file, Buffer.from(await driver.takeScreenshot(), 'base64')); },
    async problems() { await harvest(); const all = [...seen]; seen.length = 0; return all; },
    // (no driver events here: the capture's record is all there is, and it is read at once)
    async drain() { return this.problems(); },
    async close() {
      try { await withTimeout(driver.quit(), 10_000, 'WebKit quit'); } catch { /* killed below */ }
      kill();
      process.removeListener('exit', kill);
    },
  };
}
