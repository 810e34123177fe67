// The web's yardstick on every lesson page of dist/: Lighthouse 12.2.3's
// mobile preset (simulated slow 4G, a 4× slower CPU) run 3 times per page in
// a fresh Debian chromium, medians into the JSON; and the longest main-thread
// task of the first 10 s (Long Tasks API, no throttling), the median of 3
// loads. The pages are served by the bench's server: the strict CSP, gzip as
// static hosts compress.
// Fully offline: every request goes to 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, startBenchServer } from './pages.mjs';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * The lesson pages of the built site: every page at the top of dist/ but the
 * embed (a frame for other sites, not a page a learner opens). "/" for index.html.
 * @param {string} dist
 * @returns {string[]}
 */
export function lessonPages(dist) {
  return readdirSync(dist)
    .filter((f) => f.endsWith('.html') && f !== 'embed.html')
    .filter((f) => /<main[\s>]/.test(readFileSync(join(dist, f), 'utf8')))
    .sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a.localeCompare(b)))
    .map((f) => (f === 'index.html' ? '/' : `/${f}`));
}

/** @param {number[]} xs */
export const median = (xs) => {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

/**
 * The figures the bench keeps from one Lighthouse result (lhr).
 * @param {any} lhr
 */
export function figuresOf(lhr) {
  const score = (c) => (lhr.categories?.[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100));
  const num = (a) => lhr.audits?.[a]?.numericValue ?? null;
  return {
    performance: score('performance'),
    tbt_ms: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcp_ms: num('first-contentful-paint'),
    lcp_ms: num('largest-contentful-paint'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
  };
}

/** Medians, figure by figure, of several runs' figures. */
export function medianFigures(runs) {
  const out = {};
  for (const k of Object.keys(runs[0] ?? {})) out[k] = median(runs.map((r) => r[k]));
  return out;
}

/** A fresh chromium with its DevTools port (its own profile: a cold cache, as a new learner). */
function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'attn-lh-'));
  const child = spawn(CHROME_PATH, [
    ...chromiumArgs, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = new Promise((ok, fail) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) ok(Number(m[1]));
    });
    child.on('exit', (code) => fail(new Error(`chromium exited (${code}): ${err.slice(-300)}`)));
  });
  const close = () => {
    child.kill();
    try { rmSync(profile, { recursive: true, force: true }); } catch { /* in use a moment longer */ }
  };
  return { port, close };
}

async function lighthouseOnce(lighthouse, url) {
  const chrome = launchChromium();
  try {
    const port = await chrome.port;
    const result = await lighthouse(url, {
      port, output: 'json', logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result?.lhr) throw new Error('no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    return figuresOf(result.lhr);
  } finally {
    chrome.close();
  }
}

// Before any page script: every long task (> 50 ms) of the main thread.
const LONG_TASKS = () => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch { /* no Long Tasks API */ }
};

/** The longest main-thread task in the first `ms` of a load, and how many were over 50 ms. */
async function longestTask(browser, url, ms) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(LONG_TASKS);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction((end) => performance.now() >= end, ms, { polling: 100, timeout: ms + 30_000 });
    const tasks = await page.evaluate((end) => window.__longTasks.filter((t) => t.start < end), ms);
    return {
      longest_task_ms: tasks.length ? Math.round(Math.max(...tasks.map((t) => t.duration))) : 0,
      long_tasks: tasks.length,
      console_errors: errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * The load whose longest task is the median of `loads` (as Lighthouse's figures are medians of
 * its runs: one load on a busy machine can be twice another), with every load's figure beside it
 * and every load's console errors.
 */
function medianLoad(loads) {
  const sorted = [...loads].sort((a, b) => a.longest_task_ms - b.longest_task_ms);
  const mid = sorted[(sorted.length - 1) >> 1];
  return {
    longest_task_ms: mid.longest_task_ms,
    long_tasks: mid.long_tasks,
    loads_longest_task_ms: loads.map((l) => l.longest_task_ms),
    console_errors: [...new Set(loads.flatMap((l) => l.console_errors))],
  };
}

/**
 * Lighthouse (medians of `runs`) and the longest task per lesson page (the median of `runs` loads).
 * @param {string} dist
 * @param {{ runs?: number, taskMs?: number, log?: (s: string) => void }} [options]
 */
export async function runLighthouse(dist, { runs = 3, taskMs = 10_000, log = () => {} } = {}) {
  const pages = lessonPages(dist);
  const out = { lighthouse: {}, longest_task: {} };
  let lighthouse;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
  } catch (e) {
    out.error = `lighthouse missing (npm ci): ${e.message}`;
    return out;
  }
  const server = await startBenchServer(dist);
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    for (const path of pages) {
      const each = [];
      for (let r = 0; r < runs; r++) {
        log(`lighthouse ${path} run ${r + 1}/${runs}`);
        try {
          each.push(await lighthouseOnce(lighthouse, base + path));
        } catch (e) {
          out.lighthouse[path] = { error: String(e?.message ?? e) };
          break;
        }
      }
      if (!out.lighthouse[path]) out.lighthouse[path] = { ...medianFigures(each), runs: each.length };
    }
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: chromiumArgs });
    try {
      for (const path of pages) {
        const loads = [], bare = [];
        for (let r = 0; r < runs; r++) {
          log(`long tasks ${path}: first ${taskMs / 1000} s, load ${r + 1}/${runs} (and without its scripts)`);
          loads.push(await longestTask(browser, base + path, taskMs));
          bare.push(await longestTask(browser, `${base}${path}?without-scripts`, taskMs));
        }
        const { console_errors: _, ...without } = medianLoad(bare);
        out.longest_task[path] = { ...medianLoad(loads), without_scripts: without };
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.close();
  }
  return out;
}
