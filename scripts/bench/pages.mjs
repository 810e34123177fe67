// Page figures: bytes of the library build and the lesson page, raw and gzip;
// first paint of the lesson and reading pages beside a bare page; navigation
// to the first heatmap painted; slider input to painted frame; the
// WASM heap through the element. Chromium is Debian's, headless, with the
// project's flags (playwright.config.ts's chromiumArgs, repeated here because
// Node 20 cannot import a .ts file).
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { quantile } from './timing.mjs';

export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
/** Resolves after the page's next two animation frames (what a change asked for is painted by then). */
export const twoFrames = (page) => page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
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

// The element modules of the library build and the <tag>-<hash>.js chunks
// Rollup splits out of them (attn-review imports the quiz's).
export const ELEMENTS = ['attn-heatmap', 'attn-quiz', 'attn-review', 'attn-exercise', 'attn-train'];
const CORE_WASM = 'attn_core.wasm';
const PY_WASM = 'attn_py.wasm';
const TRAIN_WASM = 'attn_train.wasm';
/**
 * What an element fetches on use beyond its static imports, from its sources
 * (web/elements/<tag>/*.ts, not tests): the core engine if it calls getEngine
 * (attn_core.wasm), the evaluator if it calls getEvaluator (a dynamic import
 * of the evaluator chunk, then attn_py.wasm).
 */
function elementUses(root, tag) {
  const dir = new URL(`web/elements/${tag}/`, root).pathname;
  const src = readdirSync(dir).filter((f) => f.endsWith('.ts') && !/\.test\.ts$|\.d\.ts$/.test(f))
    .map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
  return { core: /\bgetEngine\b/.test(src), evaluator: /\bgetEvaluator\b/.test(src), train: /\bTrainClient\b/.test(src) };
}

// Relative module specifiers in minified ES output: static `import{…}from"./x.js"`,
// `import"./x.js"`, `export{…}from"./x.js"`; dynamic `import("./x.js")` / import(`./x.js`).
const STATIC_RE = /(?:\bfrom\s*|\bimport\s*)(["'`])(\.\.?\/[^"'`\s]+?)\1/g;
const DYNAMIC_RE = /\bimport\(\s*(["'`])(\.\.?\/[^"'`\s]+?)\1\s*\)/g;
const specifiers = (text, re) => [...text.matchAll(re)].map((m) => m[2]);

/**
 * Bytes of the library build in `dir` (dist/lib), raw and gzip -9, per file
 * and per page: what a SIMD browser loads for a page with attention-lab.js and
 * one element. A page = attention-lab.js (the autoloader) + the element's
 * module and everything it imports statically (recursively) + what the element
 * fetches on use: attn_core.wasm if it calls getEngine, the evaluator chunk
 * (its dynamic import, with its static imports) and attn_py.wasm if it calls
 * getEvaluator (from its sources under root, the repository).
 * A .wasm is only counted if some JS in the page names it. `all` = every .js
 * and .wasm but the scalar fallback (fetched only without SIMD).
 */
export function librarySizes(dir, { root }) {
  if (!existsSync(join(dir, 'attention-lab.js'))) return { error: `${dir}/attention-lab.js missing (npx vite build --config vite.lib.config.ts)` };
  try {
    const files = [];
    const byName = new Map();
    const total = { js: { raw: 0, gzip: 0 }, wasm: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
    for (const f of walk(dir).sort()) {
      const k = kind(f);
      if (!k) continue;
      const body = readFileSync(f);
      const rec = { file: relative(dir, f), kind: k, raw: body.length, gzip: gz(body), fallback: /scalar/.test(relative(dir, f)) };
      files.push(rec);
      byName.set(rec.file, { ...rec, text: k === 'js' ? body.toString('utf8') : null });
      if (rec.fallback) continue;
      total[k].raw += rec.raw;
      total[k].gzip += rec.gzip;
    }
    const resolveSpec = (from, spec) => relative(dir, join(dir, from, '..', spec));
    // The static closure of `entries`, into `seen`; returns the dynamic imports met on the way.
    const closure = (entries, seen) => {
      const dynamic = new Set();
      const todo = [...entries];
      while (todo.length) {
        const f = todo.pop();
        if (seen.has(f)) continue;
        const rec = byName.get(f);
        if (!rec) throw new Error(`${f} is imported but missing from ${dir}`);
        seen.add(f);
        for (const spec of specifiers(rec.text, STATIC_RE)) todo.push(resolveSpec(f, spec));
        for (const spec of specifiers(rec.text, DYNAMIC_RE)) dynamic.add(resolveSpec(f, spec));
      }
      return dynamic;
    };
    const sum = (names, k) => {
      const t = { raw: 0, gzip: 0 };
      for (const n of names) { const r = byName.get(n); if (!k || r.kind === k) { t.raw += r.raw; t.gzip += r.gzip; } }
      return t;
    };
    const names = (set, re) => [...set].some((f) => byName.get(f).text?.includes(re));
    const pages = {};
    for (const tag of ELEMENTS) {
      const entry = `${tag}.js`;
      if (!byName.has(entry)) continue;
      const seen = new Set(['attention-lab.js']);
      const dynamic = closure([entry], seen);
      const staticJs = [...seen];
      // Element modules in the closure: the entry and the chunks split out of elements.
      const tags = ELEMENTS.filter((t) => [...seen].some((f) => f === `${t}.js` || new RegExp(`^${t}-[\\w-]+\\.js$`).test(f)));
      const uses = tags.map((t) => elementUses(root, t));
      const useCore = uses.some((u) => u.core), useEval = uses.some((u) => u.evaluator);
      const notes = [];
      if (useEval) {
        const ev = [...dynamic].filter((f) => /^evaluator[-.]/.test(f));
        if (!ev.length) notes.push('uses the evaluator, but no evaluator chunk is dynamic-imported from its closure');
        closure(ev, seen);
        if (names(seen, PY_WASM) && byName.has(PY_WASM)) seen.add(PY_WASM);
        else notes.push(`${PY_WASM} not named by its JS or missing`);
      }
      if (uses.some((u) => u.train)) {
        // On Start: the Web Worker's module (named by the element's JS) and attn_train.wasm.
        const worker = [...byName.keys()].filter((f) => /(^|\/)train-worker-[\w-]+\.js$/.test(f) && names(seen, f.split('/').pop()));
        if (worker.length) closure(worker, seen);
        else notes.push('starts a training worker, but no train-worker-*.js is named by its closure');
        if (names(seen, TRAIN_WASM) && byName.has(TRAIN_WASM)) seen.add(TRAIN_WASM);
        else notes.push(`${TRAIN_WASM} not named by its JS or missing`);
      }
      if (useCore) {
        if (names(seen, CORE_WASM) && byName.has(CORE_WASM)) seen.add(CORE_WASM);
        else notes.push(`${CORE_WASM} not named by its JS or missing`);
      } else if (names(staticJs, CORE_WASM)) {
        notes.push(`loads the core glue (names ${CORE_WASM}) but never calls getEngine: ${CORE_WASM} not counted`);
      }
      const list = [...seen].sort();
      pages[`${tag.replace(/^attn-/, '')}_page`] = {
        element: tag, files: list, on_use: list.filter((f) => !staticJs.includes(f)),
        js: sum(list, 'js'), wasm: sum(list, 'wasm'), total: sum(list), ...(notes.length ? { notes } : {}),
      };
    }
    if (!Object.keys(pages).length) return { error: `no element modules (${ELEMENTS.map((t) => `${t}.js`).join(', ')}) in ${dir}: an older single-file build?` };
    const allNames = files.filter((f) => !f.fallback && f.kind !== 'css').map((f) => f.file);
    const all = { files: allNames, js: sum(allNames, 'js'), wasm: sum(allNames, 'wasm'), total: sum(allNames) };
    return { dir, files, total, pages, all };
  } catch (e) {
    // e.g. dist/lib being rebuilt while we read it
    return { error: `reading ${dir}: ${e.message}` };
  }
}

// The yardstick for the site's first paint: one paragraph of Chinese and
// English, no stylesheet, no script, served by the same server with the same
// headers as the site's pages.
const BARE_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>bench</title></head>
<body><p>注意力是一次加权平均：每个位置用自己的 query 去比对所有位置的 key，再按权重把 value 加起来。
Attention is a weighted average: each position compares its query with every key and sums the values with those weights.</p></body></html>`;

/**
 * A built page as it is without its scripts (its markup and stylesheets only): what the
 * browser's own parse, style and first layout of the lesson's text cost, with no widget.
 */
export const withoutScripts = (html) => html
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
  .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');

const COMPRESSED = /^(text\/|application\/(json|wasm|javascript)|image\/svg)/;
const gzipped = new Map();
const gzipCached = (file, body) => {
  const k = `${file}:${body.length}`;
  if (!gzipped.has(k)) gzipped.set(k, gzipSync(body, { level: 6 }));
  return gzipped.get(k);
};

/** dist/ at /, plus generated pages under /__bench/: the library build's (they load it) and the bare page; `csp` is the policy sent with every response. */
export function startBenchServer(dist, { csp = STRICT_CSP } = {}) {
  const libPage = (q) => {
    const tokens = Number(q.get('tokens') ?? 6), dkMax = Number(q.get('dkmax') ?? 512);
    const dk = Math.min(dkMax, 16);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/lib/attention-lab.js"></script></head>
<body><attn-heatmap lang="en" tokens="${tokens}" dk="${dk}" dk-max="${dkMax}" seed="0"></attn-heatmap></body></html>`;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headers = { 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' };
    if (url.pathname === '/__bench/lib.html') {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] }).end(libPage(url.searchParams));
      return;
    }
    if (url.pathname === '/__bench/bare.html') {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] }).end(BARE_PAGE);
      return;
    }
    const tag = url.searchParams.get('tag');
    if (url.pathname === '/__bench/element.html' && ELEMENTS.includes(tag)) {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/lib/attention-lab.js"></script></head><body><${tag} lang="en" seed="0"></${tag}></body></html>`);
      return;
    }
    let path = decodeURIComponent(url.pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, headers).end('not found');
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const bare = url.searchParams.has('without-scripts') && type === TYPES['.html'];
    const body = bare ? withoutScripts(readFileSync(file, 'utf8')) : readFileSync(file);
    // Compressed as static hosts serve text and WASM (gzip, when the browser asks for it).
    if (COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      res.end(gzipCached(bare ? `${file}?without-scripts` : file, body));
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Type': type });
    res.end(body);
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
export async function inputToPaint(browser, base, tokens, inputs) {
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
  await twoFrames(page);
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
    const engine = await El.engine();
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

/**
 * What the browser fetches from dist/lib for a page with the library and one
 * element: at load (until the network is idle), then after pointer and focus
 * on the element (the exercise fetches the evaluator then). The cross-check
 * of librarySizes()'s static closures.
 */
async function elementNetwork(browser, base) {
  const out = {};
  for (const tag of ELEMENTS) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const got = [];
    page.on('response', async (r) => {
      const path = new URL(r.url()).pathname;
      if (!path.startsWith('/lib/') || r.status() !== 200) return;
      try { got.push({ file: path.slice(5), body: await r.body() }); } catch { /* aborted */ }
    });
    try {
      await page.goto(`${base}/__bench/element.html?tag=${tag}`);
      await page.waitForLoadState('networkidle');
      const atLoad = got.map((g) => g.file);
      const el = page.locator(tag);
      await el.hover({ timeout: 2000 }).catch(() => {});
      await el.evaluate((e) => e.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))).catch(() => {});
      // A bench, not a test: the fetches that pointer and focus start (the
      // exercise warms its evaluator) are no part of an element's update, so
      // there is no promise to wait on; 300 ms lets them begin, and what
      // arrived is reported, not asserted.
      await page.waitForTimeout(300);
      await page.waitForLoadState('networkidle');
      const sizes = { js: { raw: 0, gzip: 0 }, wasm: { raw: 0, gzip: 0 } };
      for (const g of got) { const k = kind(g.file); if (sizes[k]) { sizes[k].raw += g.body.length; sizes[k].gzip += gz(g.body); } }
      out[`${tag.replace(/^attn-/, '')}_page`] = { element: tag, at_load: atLoad.sort(),
        on_interaction: got.map((g) => g.file).filter((f) => !atLoad.includes(f)).sort(), ...sizes };
    } catch (e) {
      out[`${tag.replace(/^attn-/, '')}_page`] = { element: tag, error: e.message };
    } finally {
      await ctx.close();
    }
  }
  return out;
}

/**
 * First paint of the lesson page, the reading page and the bare page, side by
 * side: `loads` rounds, each loading the three once in a fresh context (the
 * order rotates from round to round), so that the machine's load falls on all
 * three alike. First paint and first contentful paint are the browser's paint
 * timing entries, from navigation start.
 */
export async function firstPaintSideBySide(browser, urls, loads) {
  const names = Object.keys(urls);
  const got = Object.fromEntries(names.map((n) => [n, { fp: [], fcp: [] }]));
  for (let i = 0; i < loads; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length];
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      try {
        await page.goto(urls[name], { waitUntil: 'commit' });
        const t = await page.evaluate(() => new Promise((ok) => {
          const seen = {};
          const take = (list) => {
            for (const e of list.getEntries()) seen[e.name] = e.startTime;
            if (seen['first-contentful-paint'] !== undefined) ok({ fp: seen['first-paint'] ?? seen['first-contentful-paint'], fcp: seen['first-contentful-paint'] });
          };
          new PerformanceObserver(take).observe({ type: 'paint', buffered: true });
        }));
        got[name].fp.push(t.fp);
        got[name].fcp.push(t.fcp);
      } finally {
        await ctx.close();
      }
    }
  }
  const med = (xs) => quantile([...xs].sort((a, b) => a - b), 0.5);
  const out = { loads };
  for (const n of names) out[n] = { path: new URL(urls[n]).pathname, first_paint_ms: med(got[n].fp), first_contentful_paint_ms: med(got[n].fcp), fcp_each_ms: got[n].fcp };
  return out;
}

/** The machine's fonts that cover Chinese (fontconfig's list; none here means the pages' Chinese falls back glyph run by glyph run). */
function cjkFonts() {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).split('\n').filter(Boolean).length;
  } catch {
    return null;
  }
}

/** Pages containing <attn-heatmap> in dist/ (the lesson pages), else dist/index.html. */
function lessonPage(dist) {
  const pages = walk(dist).filter((f) => f.endsWith('.html') && !f.includes(`${join(dist, 'lib')}`));
  const withHeatmap = pages.find((f) => readFileSync(f, 'utf8').includes('<attn-heatmap'));
  return { path: '/' + relative(dist, withHeatmap ?? join(dist, 'index.html')), hasHeatmap: Boolean(withHeatmap) };
}

export async function runPages(root, { loads = 5, paintLoads = 25, inputs = 200, heapSteps = 1000 } = {}) {
  const dist = new URL('dist/', root).pathname.replace(/\/$/, '');
  const out = { lib: librarySizes(join(dist, 'lib'), { root }) };
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
    out.firstPaint = await firstPaintSideBySide(browser, {
      lesson: base + lesson.path, reading: `${base}/reading.html`, bare: `${base}/__bench/bare.html`,
    }, paintLoads);
    out.firstPaint.cjk_fonts = cjkFonts();
    if (!out.lib.error) {
      out.inputToPaint = {
        T6: await inputToPaint(browser, base, 6, inputs),
        T32: await inputToPaint(browser, base, 32, inputs),
      };
      out.elementHeap = await elementHeap(browser, base, heapSteps);
      out.libNetwork = await elementNetwork(browser, base);
    }
  } finally {
    await browser.close();
    server.close();
  }
  return out;
}
