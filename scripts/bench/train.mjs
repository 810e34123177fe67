// Training figures, head model, batch 32, block 8, on Tiny
// Shakespeare: training steps per second in WASM under Node (SIMD build; the
// scalar build too) and in Chromium's Web Worker (<attn-train> on the
// library fixture, under the strict CSP), the default head run's total time
// in Chromium (5000 steps and 10 evaluations of 2 × 200 batches, click to
// done), and input-to-paint while it trains: keystrokes into a field on the
// page, from the event's timestamp to the end of the frame that shows it (a
// message posted from that frame's requestAnimationFrame callback runs once
// the frame's style, layout and paint are done), with the same keystrokes on
// the idle page as the baseline. Native and PyTorch figures,
// when present, come from the training engine's own bench rows.
import { readFileSync } from 'node:fs';
import { quantile } from './timing.mjs';
import { chromiumArgs } from './pages.mjs';

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const STEPS_EVAL_INTERVAL = 1_000_000; // one evaluation (step 0) of eval-iters batches, then none

/** The training curve's sizes: n_embd × block, batch 32 (the default size first). */
export const CURVE_SIZES = [32, 64, 128].flatMap((n_embd) => [8, 32, 64].map((block) => ({ n_embd, block })));
const CURVE_BATCH = 32;

/**
 * The block models' curve: multihead, ffwd, blocks, residual and layernorm at their defaults, gpt
 * at its default, at n_embd 64, block 32 and at n_embd 128, block 64 (its other settings its defaults). The defaults are
 * train.js's defaults(), read from limits.hpp (web/engine/shared/limits.js).
 */
export async function blockCurveSizes() {
  const { BLOCK_MODELS, defaults } = await import(new URL('../../web/engine/train/train.js', import.meta.url).href);
  const size = (d) => ({ model: d.model, n_embd: d.nEmbd, n_head: d.nHead, n_layer: d.nLayer, block: d.block, dropout: d.dropout, batch: d.batch });
  return [...BLOCK_MODELS.map((m) => size(defaults(m))), size({ ...defaults('gpt'), nEmbd: 64, block: 32 }), size({ ...defaults('gpt'), nEmbd: 128, block: 64 })];
}

/** A curve size as the engine's settings (head sizes: the head model, batch 32). */
const sizeConfig = (s) => ({
  model: s.model ?? 'head', nEmbd: s.n_embd, block: s.block, batch: s.batch ?? CURVE_BATCH,
  ...(s.n_head !== undefined ? { nHead: s.n_head, nLayer: s.n_layer, dropout: s.dropout } : {}),
});

const loadText = () => readFileSync(new URL('../../public/data/tinyshakespeare.txt', import.meta.url), 'utf8');

async function trainEngine(generated, file) {
  const { wrapTrainModule } = await import(new URL('../../web/engine/train/train.js', import.meta.url).href);
  const { default: create } = await import(new URL('attn_train.mjs', generated).href);
  return wrapTrainModule(await create({ wasmBinary: readFileSync(new URL(file, generated)) }));
}

/**
 * CPU time of this process (as the kernel figures: other work on a shared machine does not
 * count) over `steps` head-model steps after step 0 (its one-batch evaluation) and `warmup`;
 * with `budgetMs`, as many steps as fit in it (at least `steps`).
 */
function timeSteps(engine, text, config, { steps, warmup, budgetMs = 0 }) {
  const t = engine.createTrainer(text, { model: 'head', iters: 1_000_000, evalInterval: STEPS_EVAL_INTERVAL, evalIters: 1, ...config });
  try {
    t.advance(warmup + 1);
    const c0 = cpuMs();
    const w0 = performance.now();
    let done = 0;
    while (done < steps || cpuMs() - c0 < budgetMs) {
      const n = Math.min(Math.max(steps - done, 1), 500);
      t.advance(n);
      done += n;
    }
    const ms = cpuMs() - c0;
    const wallMs = performance.now() - w0;
    return { steps: done, ms_per_step: ms / done, steps_per_s: (done * 1000) / ms, wall_steps_per_s: (done * 1000) / wallMs };
  } finally {
    t.delete();
  }
}

/** Steps per second of the head model in WASM under Node: `steps` timed steps after `warmup`. */
export async function trainNode(generated, { steps = 1000, warmup = 100 } = {}) {
  const text = loadText();
  const out = {};
  for (const [name, file] of [['simd', 'attn_train.wasm'], ['scalar', 'attn_train_scalar.wasm']]) {
    try {
      out[name] = timeSteps(await trainEngine(generated, file), text, {}, { steps, warmup });
    } catch (e) {
      out[name] = { error: String(e?.message ?? e) };
    }
  }
  return out;
}

/** The curve in WASM under Node (SIMD build): steps per second at each size, about `budgetMs` of CPU each. */
export async function trainNodeCurve(generated, sizes, { steps = 10, warmup = 3, budgetMs = 1500 } = {}) {
  const text = loadText();
  const engine = await trainEngine(generated, 'attn_train.wasm');
  return sizes.map((size) => {
    const r = timeSteps(engine, text, sizeConfig(size), { steps, warmup, budgetMs });
    return { ...size, steps: r.steps, steps_per_s: r.steps_per_s };
  });
}

/**
 * One generation step of the head model in WASM under Node (the decoder <attn-train>'s panel
 * steps, block 8): ms per step recomputing the window, with the rebuilt cache, and both ways
 * (the panel with the cache on), CPU time over `steps` steps each (after a round of all three).
 */
export async function generateStepNode(generated, { steps = 2000 } = {}) {
  const { wrapTrainModule } = await import(new URL('../../web/engine/train/train.js', import.meta.url).href);
  const text = readFileSync(new URL('../../public/data/tinyshakespeare.txt', import.meta.url), 'utf8');
  const { default: create } = await import(new URL('attn_train.mjs', generated).href);
  const engine = wrapTrainModule(await create({ wasmBinary: readFileSync(new URL('attn_train.wasm', generated)) }));
  const t = engine.createTrainer(text, { model: 'head', iters: 200, evalInterval: STEPS_EVAL_INTERVAL, evalIters: 1 });
  t.advance(200);
  const out = {};
  // Two rounds over the three modes, the second kept (the first warms the engine's JIT for all three).
  for (const cache of ['off', 'rebuild', 'naive', 'off', 'rebuild', 'naive']) {
    let d = t.decoder('\n', { cache });
    for (let i = 0; i < 20; i++) d.step();
    let left = 2000 - 20;  // a decoder takes at most 2000 steps
    const c0 = cpuMs();
    for (let i = 0; i < steps; i++) {
      if (left-- === 0) { d.delete(); d = t.decoder('\n', { cache }); left = 1999; }
      d.step();
    }
    const ms = cpuMs() - c0;
    d.delete();
    out[cache] = { steps, ms_per_step: ms / steps };
  }
  t.delete();
  return out;
}

/** The default head run in Node (5000 steps, 10 evaluations): total seconds. */
export async function defaultRunNode(generated) {
  const { wrapTrainModule } = await import(new URL('../../web/engine/train/train.js', import.meta.url).href);
  const text = readFileSync(new URL('../../public/data/tinyshakespeare.txt', import.meta.url), 'utf8');
  const { default: create } = await import(new URL('attn_train.mjs', generated).href);
  const engine = wrapTrainModule(await create({ wasmBinary: readFileSync(new URL('attn_train.wasm', generated)) }));
  const t = engine.createTrainer(text, { model: 'head' });
  const t0 = performance.now();
  const lines = [];
  for (;;) {
    const r = t.advance(1000);
    lines.push(...r.evals);
    if (r.done) break;
  }
  const s = (performance.now() - t0) / 1000;
  t.delete();
  return { seconds: s, evaluations: lines.length, last: lines[lines.length - 1] ?? null };
}

async function runElement(page, attrs, { typeWhileTraining = false } = {}) {
  await page.goto('/fixtures/train.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
  await page.evaluate((a) => {
    const el = document.getElementById('head');
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    const w = window;
    w.__lat = [];
    w.__done = null;
    el.addEventListener('attn-train-done', (e) => { w.__done = { ...e.detail, wall_ms: performance.now() - w.__t0 }; });
    const channel = new MessageChannel();
    const started = [];
    channel.port1.onmessage = () => { w.__lat.push(performance.now() - started.shift()); };
    document.getElementById('probe').addEventListener('input', (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => { started.push(t0); channel.port2.postMessage(0); });
    });
  }, attrs);
  let idle = [];
  if (typeWhileTraining) {
    // Baseline: the same keystrokes on the same page before Start.
    await page.locator('#probe').click();
    for (let i = 0; i < IDLE_KEYS; i++) await typeKey(page);
    idle = await page.evaluate(() => window.__lat.splice(0));
  }
  await page.evaluate(() => { window.__t0 = performance.now(); });
  await page.locator('#head').locator('[part="start-button"]').click();
  if (typeWhileTraining) {
    await page.waitForFunction(() => document.getElementById('head').phase === 'running', null, { timeout: 60_000 });
    await page.locator('#probe').click();
    while (await page.evaluate(() => document.getElementById('head').phase === 'running')) await typeKey(page);
  }
  await page.waitForFunction(() => window.__done !== null || document.getElementById('head').phase === 'failed', null, { timeout: 180_000 });
  const r = await page.evaluate(() => ({ done: window.__done, lat: window.__lat, log: document.getElementById('head').log }));
  return { ...r, idle };
}

const IDLE_KEYS = 60;
// Keystrokes 40–70 ms apart (a fast typist), so they land at every phase of a frame.
async function typeKey(page) {
  await page.keyboard.type('a');
  await page.waitForTimeout(40 + Math.random() * 30);
}

function summary(values) {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? { inputs: v.length, p50_ms: quantile(v, 0.5), p95_ms: quantile(v, 0.95), max_ms: v[v.length - 1] } : null;
}

/** The train worker's file in the library build (the one <attn-train> starts). */
function workerFile(root) {
  const lib = readFileSync(new URL('dist/lib/attn-train.js', root), 'utf8');
  const worker = lib.match(/assets\/train-worker-[\w-]+\.js/)?.[0];
  if (!worker) throw new Error('dist/lib/attn-train.js names no train worker');
  return worker;
}

/**
 * One run of <attn-train>'s own Web Worker (the library build's, under the strict CSP) on a page
 * of the test server, started with the messages train-client.ts sends: `iters` steps after its
 * one-batch evaluation at `size`. Returns the worker's own rate over its active time (wall clock,
 * every step), and the rate from its first progress report at or after step `warmup` to the end
 * (`after_warmup`), or { error }.
 */
async function workerRun(page, worker, size, iters, warmup = 0, evalIters = 1, threaded = false) {
  const r = await page.evaluate(async ({ worker, config, iters, evalIters, threaded }) => new Promise((done) => {
    const w = new Worker(new URL(`/lib/${worker}`, location.href), { type: 'module' });
    const lib = new URL('/lib/', location.href).href;
    const progress = [];
    let threads = null;
    w.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'started') threads = m.threads;
      if (m.type === 'progress') progress.push({ step: m.step, activeMs: m.activeMs });
      if (m.type === 'done' || m.type === 'error' || m.type === 'nan') { w.terminate(); done({ ...m, progress, threads }); }
    };
    w.onerror = (e) => { w.terminate(); done({ type: 'error', message: String(e.message), progress }); };
    // threaded: the threaded build's files, as the element sends them on a cross-origin isolated page
    w.postMessage({ type: 'init', wasmUrl: `${lib}attn_train.wasm`, scalarWasmUrl: `${lib}attn_train_scalar.wasm`,
      ...(threaded ? { threaded: { glueUrl: `${lib}attn_train_mt.mjs`, wasmUrl: `${lib}attn_train_mt.wasm`, workerUrl: `${lib}attn_train_mt.worker.js` } } : {}) });
    w.postMessage({ type: 'start', run: 1, textUrl: `${lib}tinyshakespeare.txt`, settings: {
      seed: '1337', iters, evalInterval: 1_000_000, evalIters, lr: 1e-3, ...config, sampleChars: 0, evalSampleChars: 0 } });
  }), { worker, config: sizeConfig(size), iters: iters + 1, evalIters, threaded });
  if (r.type !== 'done') return { steps: r.step ?? null, error: r.message ?? r.type };
  const from = r.progress.find((p) => p.step >= warmup);
  return {
    steps: r.step, steps_per_s: r.stepsPerSecond, active_ms: r.activeMs, threads: r.threads,
    after_warmup: from && r.activeMs > from.activeMs
      ? { from_step: from.step, steps: r.step - from.step, steps_per_s: ((r.step - from.step) * 1000) / (r.activeMs - from.activeMs) }
      : null,
  };
}

/**
 * The curve in Chromium: one worker run per size of `steps(size)` steps (see workerRun), in one
 * page; steps per second over the worker's active time, as the element reports it.
 */
async function workerCurve(page, root, sizes, steps, threaded = false) {
  const worker = workerFile(root);
  await page.goto('/fixtures/train.html');
  const rows = [];
  for (const size of sizes) {
    const r = await workerRun(page, worker, size, steps(size), 0, 1, threaded);
    rows.push({ ...size, steps: r.steps, steps_per_s: r.steps_per_s ?? null, threads: r.threads ?? null, ...(r.error ? { error: r.error } : {}) });
  }
  return rows;
}

/**
 * One evaluation in Chromium's worker at `size`: a run of one step whose step-0 evaluation takes
 * `evalIters` batches of each split (forward only, eval mode); the worker's active time per
 * evaluated batch, the one training step's time (at `stepsPerS`) taken off. { ms_per_batch } or { error }.
 */
async function workerEvalCost(page, worker, size, evalIters, stepsPerS) {
  const r = await workerRun(page, worker, size, 0, 0, evalIters);
  if (r.error) return { error: r.error };
  return { eval_iters: evalIters, active_ms: r.active_ms, ms_per_batch: Math.max(0, r.active_ms - (stepsPerS ? 1000 / stepsPerS : 0)) / (2 * evalIters) };
}

/** fn(browser, baseURL) with headless Chromium and the test server; its result, or { error }. */
async function withChromium(root, fn) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    return { error: `playwright-core: ${e.message}` };
  }
  const { startServer } = await import(new URL('e2e/server.mjs', root).href);
  const port = 4300 + Math.floor(Math.random() * 500);
  const server = await startServer(port);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  try {
    return await fn(browser, `http://127.0.0.1:${port}/`);
  } catch (e) {
    return { error: String(e?.message ?? e) };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The curve in Chromium's worker (see workerCurve): a browser of its own. */
export function trainChromiumCurve(root, sizes, steps) {
  return withChromium(root, async (browser, baseURL) => ({ rows: await workerCurve(await browser.newPage({ baseURL }), root, sizes, steps) }));
}

/**
 * The block curve in Chromium's worker (see workerCurve), then, at `evalSize`, one evaluation of
 * `evalIters` batches per split (workerEvalCost): a browser of its own. { rows, eval } or { error }.
 */
export function trainChromiumBlockCurve(root, sizes, steps, { evalSize, evalIters }) {
  return withChromium(root, async (browser, baseURL) => {
    const page = await browser.newPage({ baseURL });
    const rows = await workerCurve(page, root, sizes, steps);
    const at = rows.find((r) => r.model === evalSize.model && r.n_embd === evalSize.n_embd && r.block === evalSize.block);
    const evalCost = await workerEvalCost(page, workerFile(root), evalSize, evalIters, at?.steps_per_s ?? null);
    // The same runs on a cross-origin isolated page (the test server's attn-isolated cookie): the threaded build.
    const isolated = await browser.newContext({ baseURL });
    await isolated.addCookies([{ name: 'attn-isolated', value: '1', url: baseURL }]);
    const threadRows = await workerCurve(await isolated.newPage(), root, sizes, steps, true);
    await isolated.close();
    return { rows, threadRows, eval: evalCost };
  });
}

const median = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return v.length ? quantile(v, 0.5) : null;
};

/**
 * The default size, WASM under Node against Chromium's worker, measured alike: `rounds` rounds,
 * each a Node run (a fresh module instance) and a worker run (a fresh browser context, as on a
 * learner's first visit), taking turns at going first. On both sides the rate is wall-clock
 * time over the steps after the first `warmup` (Node: `steps` steps; the worker: from its first
 * progress report at or after step `warmup` to the end of `steps + warmup` steps). Returns each
 * round's pair and the medians.
 */
export function trainSideBySide(root, generated, { rounds = 7, steps = 1500, warmup = 100 } = {}) {
  return withChromium(root, async (browser, baseURL) => {
    const text = loadText();
    const worker = workerFile(root);
    const out = [];
    const nodeRun = async () => timeSteps(await trainEngine(generated, 'attn_train.wasm'), text, {}, { steps, warmup });
    for (let i = 0; i < rounds; i++) {
      const context = await browser.newContext({ baseURL });
      try {
        const page = await context.newPage();
        await page.goto('/fixtures/train.html');
        // Node first in even rounds, the worker first in odd ones: a machine getting faster or
        // slower over a round favours neither.
        const first = i % 2 === 0 ? await nodeRun() : null;
        const w = await workerRun(page, worker, { n_embd: 32, block: 8 }, steps + warmup, warmup);
        const node = first ?? await nodeRun();
        out.push({
          node: node.wall_steps_per_s, node_cpu: node.steps_per_s,
          worker: w.after_warmup?.steps_per_s ?? null, worker_all_steps: w.steps_per_s ?? null,
          worker_from_step: w.after_warmup?.from_step ?? null, ...(w.error ? { error: w.error } : {}),
        });
      } finally {
        await context.close();
      }
    }
    const ratios = out.map((r) => (r.node && r.worker ? r.worker / r.node : null));
    return {
      rounds: out, steps, warmup,
      node_steps_per_s: median(out.map((r) => r.node)),
      worker_steps_per_s: median(out.map((r) => r.worker)),
      worker_over_node: median(ratios),
      worker_over_node_range: ratios.every((x) => x !== null) ? [Math.min(...ratios), Math.max(...ratios)] : null,
    };
  });
}

/** Chromium: worker steps/s, the default head run's total time, input-to-paint while training. */
export function trainChromium(root) {
  return withChromium(root, async (browser, baseURL) => {
    const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 900 } });
    // Steps per second: 2000 steps after one one-batch evaluation.
    const steps = await runElement(page, { iters: '2000', 'eval-interval': String(STEPS_EVAL_INTERVAL), 'eval-iters': '1', 'sample-chars': '0' });
    // The default head run: once untouched (its time), then twice typing
    // while it trains, the keystrokes of both pooled (one run gives ~50-70,
    // too few for a steady p95). The worker steps back after each keystroke,
    // so a typed run takes longer: its time is reported too.
    const defaults = { iters: '5000', 'eval-interval': '500', 'eval-iters': '200', 'sample-chars': '500' };
    const run = await runElement(page, defaults);
    const typed = [await runElement(page, defaults, { typeWhileTraining: true }), await runElement(page, defaults, { typeWhileTraining: true })];
    return {
      worker_steps_per_s: steps.done?.stepsPerSecond ?? null,
      default_run: run.done ? {
        wall_s: run.done.wall_ms / 1000, worker_s: run.done.seconds, evaluations: run.log.length,
        last_line: run.log[run.log.length - 1] ?? null,
        typed_wall_s: typed.map((t) => (t.done ? t.done.wall_ms / 1000 : null)),
      } : { error: 'did not finish' },
      input_to_paint: summary(typed.flatMap((t) => t.lat)),
      input_to_paint_idle: summary(typed.flatMap((t) => t.idle)),
    };
  });
}
