// Page figures: bytes of the library build and the lesson page, raw and gzip;
// navigation to the first heatmap painted; slider input to painted frame; the
// WASM heap through the element. Chromium is Debian's, headless, with the
// project's flags (playwright.config.ts's chromiumArgs, repeated here because
// Node 20 cannot import a .ts file).
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { quantile } from './timing.mjs';

export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
};
const kind = (file) => ({ '.js': 'js', '.mjs': 'js', '.wasm': 'wasm', '.css': 'css' })[extname(file)] ?? null;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

function walk(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/** Bytes of dist/lib by kind; `startup` is what a SIMD browser loads (no scalar fallback). */
export function librarySizes(dist) {
  const dir = join(dist, 'lib');
  if (!existsSync(join(dir, 'attention-lab.js'))) return { error: 'dist/lib/attention-lab.js missing (npx vite build --config vite.lib.config.ts)' };
  const files = [];
  const total = { js: { raw: 0, gzip: 0 }, wasm: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
  const startup = { raw: 0, gzip: 0 };
  for (const f of walk(dir)) {
    const k = kind(f);
    if (!k) continue;
    const body = readFileSync(f);
    const rec = { file: relative(dist, f), kind: k, raw: body.length, gzip: gz(body), fallback: /scalar/.test(f) };
    files.push(rec);
    if (rec.fallback) continue;
    total[k].raw += rec.raw;
    total[k].gzip += rec.gzip;
    if (k !== 'css') { startup.raw += rec.raw; startup.gzip += rec.gzip; }
  }
  return { files, total, startup };
}

/** dist/ at /, plus generated pages that load the library build under /__bench/. */
export function startBenchServer(dist) {
  const libPage = (q) => {
    const tokens = Number(q.get('tokens') ?? 6), dkMax = Number(q.get('dkmax') ?? 512);
    const dk = Math.min(dkMax, 16);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/lib/attention-lab.js"></script></head>
<body><attn-heatmap lang="en" tokens="${tokens}" dk="${dk}" dk-max="${dkMax}" seed="0"></attn-heatmap></body></html>`;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers = { 'Content-Security-Policy': STRICT_CSP, 'Cache-Control': 'no-store' };
    if (url.pathname === '/__bench/lib.html') {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] }).end(libPage(url.searchParams));
      return;
    }
    let path = decodeURIComponent(url.pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, headers).end('not found');
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// Before any page script: note when the first heatmap has been computed and
// drawn (its first attn-heatmap-change event is dispatched at the end of that
// render), then the frame after it.
const INIT = () => {
  window.__bench = { change: null, frame: null };
  document.addEventListener('attn-heatmap-change', () => {
    if (window.__bench.change !== null) return;
    window.__bench.change = performance.now();
    requestAnimationFrame(() => { window.__bench.frame = performance.now(); });
  }, { capture: true });
};

async function firstPaint(browser, url, loads) {
  const times = [];
  const phases = [];
  const resources = [];
  for (let i = 0; i < loads; i++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.addInitScript(INIT);
    if (i === 0) {
      page.on('response', async (r) => {
        try { resources.push({ url: r.url(), body: await r.body() }); } catch { /* redirects, aborted */ }
      });
    }
    await page.goto(url);
    const ok = await page.waitForFunction(() => window.__bench.change !== null, null, { timeout: 15_000 }).then(() => true, () => false);
    if (!ok) {
      await page.waitForLoadState('networkidle').catch(() => {});
      await ctx.close();
      return { error: 'no attn-heatmap painted within 15 s (no <attn-heatmap> on the page?)', bytes: byKind(resources) };
    }
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const wasm = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'));
      const js = performance.getEntriesByType('resource').filter((e) => /\.m?js$/.test(new URL(e.name).pathname));
      return { change: window.__bench.change, domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        scriptsEnd: js.length ? Math.max(...js.map((e) => e.responseEnd)) : null,
        wasmEnd: wasm.length ? Math.max(...wasm.map((e) => e.responseEnd)) : null };
    });
    times.push(t.change);
    phases.push(t);
    if (i === 0) await page.waitForLoadState('networkidle');
    await ctx.close();
  }
  times.sort((a, b) => a - b);
  const med = (k) => quantile(phases.map((p) => p[k]).filter((x) => x !== null).sort((a, b) => a - b), 0.5);
  return { median_ms: quantile(times, 0.5), best_ms: times[0], loads: times.length,
    // medians of when, after navigation, the scripts and the .wasm had arrived and the DOM was ready
    phases_ms: { scripts_end: med('scriptsEnd'), dom_content_loaded: med('domContentLoaded'), wasm_end: med('wasmEnd') },
    bytes: byKind(resources), files: resources.map((r) => new URL(r.url).pathname) };
}

function byKind(resources) {
  const bytes = { js: { raw: 0, gzip: 0 }, wasm: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 }, html: { raw: 0, gzip: 0 } };
  for (const r of resources) {
    const path = new URL(r.url).pathname;
    const k = kind(path) ?? (extname(path) === '.html' || path.endsWith('/') ? 'html' : null);
    if (!k) continue;
    bytes[k].raw += r.body.length;
    bytes[k].gzip += gz(r.body);
  }
  return bytes;
}

// Drags the d_k slider with the mouse (Chromium aligns such input to frames,
// as for a reader), `inputs` moves back and forth over the track, and pairs
// every attn-heatmap-input mark with the first attn-heatmap-painted after it.
async function inputToPaint(browser, base, tokens, inputs) {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(INIT);
  await page.goto(`${base}/__bench/lib.html?tokens=${tokens}&dkmax=512`);
  const ok = await page.waitForFunction(() => window.__bench.change !== null, null, { timeout: 15_000 }).then(() => true, () => false);
  if (!ok) { await ctx.close(); return { error: 'the library page painted no heatmap within 15 s' }; }
  const slider = page.locator('attn-heatmap input[type=range]');
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  const y = box.y + box.height / 2;
  const x0 = box.x + 2, x1 = box.x + box.width - 2;
  await page.evaluate(() => performance.clearMarks());
  await page.mouse.move(x0, y);
  await page.mouse.down();
  // One pixel per move, back and forth; a move that lands on the same d_k
  // fires no input event, so keep moving until `inputs` events have fired.
  const span = Math.max(1, Math.floor(x1 - x0));
  const count = () => page.evaluate(() => performance.getEntriesByName('attn-heatmap-input').length);
  let moves = 0;
  for (let i = 1; moves < 4 * inputs; i++) {
    const t = i % (2 * span);
    await page.mouse.move(x0 + (t <= span ? t : 2 * span - t) * ((x1 - x0) / span), y);
    moves++;
    if (moves >= inputs && (moves % 10 === 0) && (await count()) >= inputs) break;
  }
  await page.mouse.up();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const marks = await page.evaluate(() => ({
    input: performance.getEntriesByName('attn-heatmap-input').map((e) => e.startTime),
    painted: performance.getEntriesByName('attn-heatmap-painted').map((e) => e.startTime),
    dk: document.querySelector('attn-heatmap').getAttribute('dk'),
  }));
  await ctx.close();
  const lat = [];
  let p = 0;
  for (const t of marks.input.slice(0, inputs)) {
    while (p < marks.painted.length && marks.painted[p] < t) p++;
    if (p < marks.painted.length) lat.push(marks.painted[p] - t);
  }
  lat.sort((a, b) => a - b);
  if (!lat.length) return { error: 'no attn-heatmap-input / attn-heatmap-painted marks' };
  return { tokens, dkMax: 512, moves, inputs: Math.min(inputs, marks.input.length), paints: marks.painted.length,
    p50_ms: quantile(lat, 0.5), p95_ms: quantile(lat, 0.95), max_ms: lat[lat.length - 1] };
}

// The WASM heap through the element: `steps` slider steps, one frame each.
async function elementHeap(browser, base, steps) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.addInitScript(INIT);
  await page.goto(`${base}/__bench/lib.html?tokens=32&dkmax=512`);
  const ok = await page.waitForFunction(() => window.__bench.change !== null, null, { timeout: 15_000 }).then(() => true, () => false);
  if (!ok) { await ctx.close(); return { error: 'the library page painted no heatmap within 15 s' }; }
  const r = await page.evaluate(async (n) => {
    const El = customElements.get('attn-heatmap');
    const engine = await El.engineLoader();
    const el = document.querySelector('attn-heatmap');
    const frame = () => new Promise((ok) => requestAnimationFrame(ok));
    await frame();
    const before = engine.heapStats();
    for (let i = 0; i < n; i++) {
      el.setAttribute('dk', String(1 + (i % 512)));
      el.toggleAttribute('causal', (i & 1) === 1);
      await frame();
    }
    await frame();
    return { before, after: engine.heapStats() };
  }, steps);
  await ctx.close();
  return { steps, ...r, usedGrowth: r.after.usedBytes - r.before.usedBytes, memoryGrowth: r.after.memoryBytes - r.before.memoryBytes };
}

/** Pages containing <attn-heatmap> in dist/ (the lesson pages), else dist/index.html. */
function lessonPage(dist) {
  const pages = walk(dist).filter((f) => f.endsWith('.html') && !f.includes(`${join(dist, 'lib')}`));
  const withHeatmap = pages.find((f) => readFileSync(f, 'utf8').includes('<attn-heatmap'));
  return { path: '/' + relative(dist, withHeatmap ?? join(dist, 'index.html')), hasHeatmap: Boolean(withHeatmap) };
}

export async function runPages(root, { loads = 5, inputs = 200, heapSteps = 1000 } = {}) {
  const dist = new URL('dist/', root).pathname.replace(/\/$/, '');
  const out = { lib: librarySizes(dist) };
  if (!existsSync(join(dist, 'index.html'))) {
    out.error = 'dist/ missing (npx vite build)';
    return out;
  }
  let chromium;
  try { ({ chromium } = await import('playwright-core')); } catch (e) { out.error = `playwright-core missing: ${e.message}`; return out; }
  const server = await startBenchServer(dist);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    const lesson = lessonPage(dist);
    out.lessonPage = { path: lesson.path, ...(await firstPaint(browser, base + lesson.path, loads)) };
    if (!lesson.hasHeatmap) out.lessonPage.error = `${lesson.path} has no <attn-heatmap> yet`;
    out.libPage = await firstPaint(browser, `${base}/__bench/lib.html?tokens=6&dkmax=512`, loads);
    if (!out.lib.error) {
      out.inputToPaint = {
        T6: await inputToPaint(browser, base, 6, inputs),
        T32: await inputToPaint(browser, base, 32, inputs),
      };
      out.elementHeap = await elementHeap(browser, base, heapSteps);
    }
  } finally {
    await browser.close();
    server.close();
  }
  return out;
}
