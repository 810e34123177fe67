// How the lesson pages respond, as bench figures (no test asserts them):
// jumps made while the page is still loading (End, and each widget scrolled
// into view 0.5 s after load, looked at 2 s later), and input → next paint of
// four interactions with Chromium's CPU throttled 4× (as a mid-range phone).
// The pages are dist/'s, served by the bench's server (strict CSP, gzip).
import { quantile } from './timing.mjs';
import { CHROME_PATH, lessonPages } from './lighthouse.mjs';
import { chromiumArgs, startBenchServer, twoFrames } from './pages.mjs';

const VIEWPORT = { width: 1280, height: 900 };
const JUMP_AFTER_MS = 500;
const LOOK_AFTER_MS = 2000;

/** The widgets of the page's document (not those inside another widget's shadow root), in page order. */
const WIDGETS = () => Array.from(document.querySelectorAll('*'))
  .filter((el) => el.localName.startsWith('attn-'))
  .map((el, i) => ({ i, tag: el.localName, id: el.id || null }));

/**
 * Waits until `ms` after the page's load event, on the page's own clock (the
 * navigation entry's loadEventEnd): the figure is defined by that moment, so
 * it is the page's time that counts, not how long this script took to get here.
 */
const untilAfterLoad = (page, ms) => page.waitForFunction((t) => {
  const nav = performance.getEntriesByType('navigation')[0];
  return nav && nav.loadEventEnd > 0 && performance.now() >= nav.loadEventEnd + t;
}, ms, { polling: 50, timeout: ms + 60_000 });

async function loadFresh(browser, url) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return { context, page };
}

/** End pressed 0.5 s after load: how far the viewport's bottom is from the page's end 2 s later. */
async function endJump(browser, url) {
  const { context, page } = await loadFresh(browser, url);
  try {
    await untilAfterLoad(page, JUMP_AFTER_MS);
    await page.keyboard.press('End');
    await untilAfterLoad(page, JUMP_AFTER_MS + LOOK_AFTER_MS);
    const r = await page.evaluate(() => ({
      viewport_bottom: Math.round(window.scrollY + window.innerHeight),
      scroll_height: document.documentElement.scrollHeight,
    }));
    return { ...r, gap_px: r.scroll_height - r.viewport_bottom, at_end: r.scroll_height - r.viewport_bottom <= 2 };
  } finally {
    await context.close();
  }
}

/** Widget `index` scrolled into view 0.5 s after load: is it in view 2 s later, and how far did it move? */
async function widgetJump(browser, url, index) {
  const { context, page } = await loadFresh(browser, url);
  try {
    await untilAfterLoad(page, JUMP_AFTER_MS);
    const before = await page.evaluate((i) => {
      const el = Array.from(document.querySelectorAll('*')).filter((e) => e.localName.startsWith('attn-'))[i];
      el.scrollIntoView({ block: 'start', behavior: 'instant' });
      return Math.round(el.getBoundingClientRect().top);
    }, index);
    await untilAfterLoad(page, JUMP_AFTER_MS + LOOK_AFTER_MS);
    const after = await page.evaluate((i) => {
      const el = Array.from(document.querySelectorAll('*')).filter((e) => e.localName.startsWith('attn-'))[i];
      const r = el.getBoundingClientRect();
      return { top: Math.round(r.top), bottom: Math.round(r.bottom), in_view: r.bottom > 0 && r.top < window.innerHeight };
    }, index);
    return { top_after_jump: before, top_2s_later: after.top, moved_px: after.top - before, in_view: after.in_view };
  } finally {
    await context.close();
  }
}

/**
 * Per lesson page of dist/: the End jump and every widget's scrollIntoView.
 * @param {import('playwright-core').Browser} browser
 */
export async function jumps(browser, base, pages, log = () => {}) {
  const out = {};
  for (const path of pages) {
    log(`jumps ${path}`);
    const url = base + path;
    const { context, page } = await loadFresh(browser, url);
    const widgets = await page.evaluate(WIDGETS);
    await context.close();
    const end = await endJump(browser, url);
    const each = [];
    for (const w of widgets) each.push({ tag: w.tag, id: w.id, ...(await widgetJump(browser, url, w.i)) });
    out[path] = {
      end,
      widgets: { stayed: each.filter((w) => w.in_view).length, total: each.length, each },
    };
  }
  return out;
}

// Before any page script: for every trusted pointerdown, pointerup, keydown
// and keyup, the time from the event's creation to the end of the next frame
// the page's main thread renders (the task after that frame's
// requestAnimationFrame callbacks, style, layout and paint); and the Event
// Timing API's durations (input to the next frame presented, ≥ 16 ms only).
// Each figure is reported to the bench through a binding as it is made, so
// that nothing of the bench's runs in the page while it waits.
const LATENCY = () => {
  window.__lat = [];
  window.__eventTiming = [];
  const mark = (e) => {
    if (!e.isTrusted) return;
    const t0 = e.timeStamp;
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        window.__lat.push({ type: e.type, at: t0, ms: performance.now() - t0 });
        window.__latReport?.(window.__lat.length);
      };
      ch.port2.postMessage(0);
    });
  };
  for (const t of ['pointerdown', 'pointerup', 'keydown', 'keyup']) addEventListener(t, mark, true);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.interactionId) window.__eventTiming.push({ id: e.interactionId, name: e.name, ms: e.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch { /* no Event Timing */ }
};

/**
 * A click as a learner's: `locator` scrolled into view (two frames before
 * the input), then the mouse pressed and released at its centre, nothing
 * else. Playwright's own click first checks in the page that the element
 * would receive it, with listeners of its own on pointerdown, pointerup and
 * click that hit-test the whole page (elementsFromPoint through every shadow
 * root): work inside the measured input that is no part of the page.
 */
async function click(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  await twoFrames(page);
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to click: not rendered');
  return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Per page: how many latency figures it has reported (`LATENCY` through its binding), and the bench's wait for more. */
const reported = new WeakMap();

async function reportLatency(page) {
  const r = { count: 0, wait: null };
  reported.set(page, r);
  await page.exposeFunction('__latReport', (n) => {
    r.count = n;
    if (r.wait && n >= r.wait.n) r.wait.ok();
  });
}

/** Resolves once `page` has reported `n` figures (one interaction is measured at a time). */
const reportedAtLeast = (page, n, ms) => new Promise((ok, fail) => {
  const r = reported.get(page);
  if (r.count >= n) { ok(); return; }
  const timer = setTimeout(() => { r.wait = null; fail(new Error(`no paint after the input in ${ms} ms`)); }, ms);
  r.wait = { n, ok: () => { r.wait = null; clearTimeout(timer); ok(); } };
});

/**
 * Runs `act` once and waits for the frames after its input: the interaction's
 * latency is the largest of its events'. While it waits the bench sends the
 * page nothing (no polling of its own on the page's main thread).
 */
async function measured(page, act) {
  const n0 = await page.evaluate(() => window.__lat.length);
  // pointerdown + pointerup, or keydown + keyup
  const done = reportedAtLeast(page, n0 + 2, 30_000);
  await act();
  await done;
  return page.evaluate((n) => Math.max(...window.__lat.slice(n).map((r) => r.ms)), n0);
}

const summarize = (lat, eventTiming) => {
  const s = [...lat].sort((a, b) => a - b);
  return {
    samples: s.length, p50_ms: +quantile(s, 0.5).toFixed(1), p95_ms: +quantile(s, 0.95).toFixed(1), max_ms: +s[s.length - 1].toFixed(1),
    // the browser's own figure (Event Timing, what INP is made of), largest per interaction, ≥ 16 ms only
    event_timing_max_ms: eventTiming.length ? Math.max(...eventTiming.map((e) => e.ms)) : null,
  };
};

async function throttledPage(browser, url, rate) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await reportLatency(page);
  await page.addInitScript(LATENCY);
  await page.goto(url, { waitUntil: 'load' });
  const cdp = await context.newCDPSession(page);
  const throttle = (r) => cdp.send('Emulation.setCPUThrottlingRate', { rate: r });
  return { context, page, throttle, rate };
}

/** Waits until every widget matched by `selector` has finished its update (their updateComplete). */
const ready = (page, selector) => page.evaluate(async (sel) => {
  const els = Array.from(document.querySelectorAll(sel));
  await Promise.all(els.map(async (el) => { await customElements.whenDefined(el.localName); await el.updateComplete; }));
}, selector);

/**
 * One interaction's figures: the page at `path` loaded unthrottled, `prepare(page)`
 * (its widget ready, an unmeasured first run), then, with the CPU `rate`× slower,
 * `measure(page, ctx)`'s latencies and the Event Timing entries made meanwhile.
 */
async function throttledInteraction(browser, url, rate, prepare, measure) {
  const { context, page, throttle } = await throttledPage(browser, url, rate);
  try {
    const ctx = await prepare(page);
    await page.evaluate(() => { window.__eventTiming.length = 0; });
    await throttle(rate);
    const lat = await measure(page, ctx);
    await throttle(1);
    return summarize(lat, await page.evaluate(() => window.__eventTiming));
  } finally {
    await context.close();
  }
}

const sliderInteraction = (browser, base, { rate, samples }) => throttledInteraction(browser, `${base}/`, rate,
  async (page) => {
    await ready(page, 'attn-heatmap');
    const slider = page.locator('attn-heatmap').first().locator('input[type=range]');
    await slider.scrollIntoViewIfNeeded();
    await slider.focus();
  },
  async (page) => {
    const lat = [];
    for (let i = 0; i < samples; i++) lat.push(await measured(page, () => page.keyboard.press(i % 20 < 10 ? 'ArrowRight' : 'ArrowLeft')));
    return lat;
  });

/** Two frames on (the viewport observers have reported a scroll by then), every widget of the page has finished its update. */
const settled = async (page) => {
  await twoFrames(page);
  const tags = [...new Set((await page.evaluate(WIDGETS)).map((w) => w.tag))];
  await ready(page, tags.join(', '));
};

const quizInteraction = (browser, base, { rate, samples }) => throttledInteraction(browser, `${base}/`, rate,
  async (page) => {
    const quiz = page.locator('attn-quiz').first();
    await ready(page, 'attn-quiz');
    // The first question's options in view, as a learner has them before answering: the
    // measured clicks then scroll nothing. (The quiz is taller than the viewport; a click
    // that scrolled up to its first option brought the heads lab above it near, and that
    // lab's engine and first render landed in the first measured answer.)
    await quiz.locator('li.question [role=radio]').first().scrollIntoViewIfNeeded();
    await settled(page);
    return quiz;
  },
  async (page, quiz) => {
    const lat = [];
    while (lat.length < samples) {
      // the first option of the first question not answered yet; when all are, retake (not measured)
      const open = quiz.locator('li.question [role=radio]:not([aria-disabled=true])').first();
      const before = await quiz.locator('li.question [role=radio]:not([aria-disabled=true])').count();
      if (!before) {
        await quiz.locator('#retake').click();
        await ready(page, 'attn-quiz');
        continue;
      }
      lat.push(await measured(page, await click(page, open)));
      // its feedback shown (the question's options locked)
      await page.waitForFunction((n) => {
        const q = document.querySelector('attn-quiz');
        return q.shadowRoot.querySelectorAll('li.question [role=radio]:not([aria-disabled=true])').length < n;
      }, before, { timeout: 30_000 }).catch(() => {});
    }
    return lat;
  });

const exerciseInteraction = (browser, base, { rate, samples }) => throttledInteraction(browser, `${base}/`, rate,
  async (page) => {
    const ex = page.locator('attn-exercise').first();
    await ex.scrollIntoViewIfNeeded();
    await ready(page, 'attn-exercise');
    // the reference lines, and one run unmeasured (the evaluator fetched and started)
    await ex.locator('button.reference').click();
    await ex.evaluate((e) => e.run());
    return ex;
  },
  async (page, ex) => {
    const lat = [];
    for (let i = 0; i < samples; i++) {
      const done = ex.evaluate((e) => new Promise((ok) => e.addEventListener('attn-exercise-run', ok, { once: true })));
      lat.push(await measured(page, await click(page, ex.locator('button.run'))));
      await done;
    }
    return lat;
  });

const trainInteraction = (browser, base, { rate, samples }) => throttledInteraction(browser, `${base}/reading.html`, rate,
  async (page) => {
    const tr = page.locator('attn-train').first();
    await tr.scrollIntoViewIfNeeded();
    await ready(page, 'attn-train');
    // A run long enough that none ends by itself before its Stop (a finished run disables Stop).
    await tr.evaluate((e) => e.setAttribute('iters', '100000'));
    await ready(page, 'attn-train');
    return tr;
  },
  async (page, tr) => {
    const lat = [];
    const start = tr.locator('[part=start-button]'), stop = tr.locator('[part=stop-button]');
    for (let i = 0; i < samples; i++) {
      await start.waitFor();
      await page.waitForFunction((el) => !el.disabled, await start.elementHandle(), { timeout: 30_000 });
      lat.push(await measured(page, await click(page, start)));
      await page.waitForFunction((el) => !el.disabled, await stop.elementHandle(), { timeout: 60_000 });
      await (await click(page, stop))(); // unmeasured, but none of Playwright's listeners left in the page either
    }
    return lat;
  });

/**
 * Input → next paint with the CPU throttled `rate`×: the heatmap's slider
 * (arrow keys), a quiz answer, Run in the exercise, Start in training.
 */
export async function interactions(browser, base, { rate = 4, samples = 20, log = () => {}, only = null } = {}) {
  const out = { cpu_throttling: rate };
  for (const [name, fn, n] of [['heatmap_slider', sliderInteraction, samples], ['quiz_answer', quizInteraction, samples],
    ['exercise_run', exerciseInteraction, samples], ['train_start', trainInteraction, samples]]) {
    if (only && !only.includes(name)) continue;
    log(`interaction ${name}, CPU ${rate}× slower`);
    try {
      out[name] = await fn(browser, base, { rate, samples: n });
    } catch (e) {
      out[name] = { error: String(e?.message ?? e).split('\n')[0] };
    }
  }
  return out;
}

/** Jumps and interaction latency for the lesson pages of `dist`. */
export async function runResponsiveness(dist, { log = () => {}, samples = 20 } = {}) {
  const { chromium } = await import('playwright-core');
  const server = await startBenchServer(dist);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: chromiumArgs });
  try {
    return {
      jumps: await jumps(browser, base, lessonPages(dist), log),
      interactions: await interactions(browser, base, { samples, log }),
    };
  } finally {
    await browser.close();
    server.close();
  }
}
