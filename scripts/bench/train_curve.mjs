// The training curve: steps per second of the head model (batch 32) at
// n_embd 32, 64, 128 × block 8, 32, 64, native (attn_bench, CPU time), WASM
// under Node (SIMD build, CPU time), Chromium's Web Worker (<attn-train>'s,
// its active time) and Debian's PyTorch with one thread (CPU time) and with
// all (wall time). Sizes run one after another, each tool at every size, so
// a busy machine weighs on all columns alike only as much as it stays busy.
// Each size gets about the same time: the step counts follow WASM's rate.
import { CURVE_SIZES, blockCurveSizes, trainChromiumBlockCurve, trainChromiumCurve, trainNodeCurve } from './train.mjs';
import { runNativeBlockCurve, runNativeCurve, runTorchCurve } from './train_native.mjs';

const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, Math.round(x)));

/**
 * [{ n_embd, block, native, node, chromium, torch_1, torch_all }] steps per second (null where a
 * tool is missing or failed; --smoke: native and Node only, a few steps each).
 */
export async function trainCurve(root, generated, { smoke, log = () => {} }) {
  log('training curve: native');
  const native = runNativeCurve(root, { smoke });
  log('training curve: WASM under Node');
  const node = await trainNodeCurve(generated, CURVE_SIZES, smoke ? { steps: 2, warmup: 0, budgetMs: 0 } : {});
  const nodeRate = new Map(node.map((r) => [`${r.n_embd}/${r.block}`, r.steps_per_s]));
  const rate = (s) => nodeRate.get(`${s.n_embd}/${s.block}`) ?? 100;
  let chromium = { rows: [] }, torch = [];
  if (!smoke) {
    log('training curve: Chromium\'s worker');
    chromium = await trainChromiumCurve(root, CURVE_SIZES, (s) => clamp(rate(s) * 1.5, 20, 3000));
    log('training curve: PyTorch, one thread and all');
    torch = runTorchCurve(root, CURVE_SIZES, (s) => clamp(rate(s) * 0.25, 3, 300));
  }
  return CURVE_SIZES.map((s) => {
    const k = `${s.n_embd}/${s.block}`;
    const c = chromium.rows?.find((r) => r.n_embd === s.n_embd && r.block === s.block);
    const t = torch.find((r) => r.n_embd === s.n_embd && r.block === s.block);
    return { n_embd: s.n_embd, block: s.block, native: native.rows?.[k] ?? null, node: nodeRate.get(k) ?? null,
      chromium: c?.steps_per_s ?? null, torch_1: t?.torch_1 ?? null, torch_all: t?.torch_all ?? null,
      ...(native.error || chromium.error ? { error: native.error ?? chromium.error } : {}) };
  });
}

const blockKey = (s) => `${s.model}/${s.n_embd}/${s.block}`;
// Evaluated batches per split in the bench's one timed evaluation (the default run's evaluations
// are eval_iters batches per split: the time per batch scales).
const BENCH_EVAL_ITERS = 50;

/**
 * The block models' curve (blockCurveSizes: each at its defaults, gpt also at n_embd 64, block 32 and at n_embd 128, block
 * 64), the same five columns, timed as the head curve, and the default gpt run's total time in
 * Chromium's worker, estimated: its steps at the measured rate at gpt's default size plus its
 * evaluations (ceil(iters / eval_interval), each eval_iters batches of both splits, forward only)
 * at the worker's measured time per evaluated batch.
 * { rows: [{ model, n_embd, n_head, n_layer, block, dropout, native, node, chromium,
 * chromium_threads, threads, torch_1, torch_all }], gpt_default_run } (--smoke: native and Node only, a few steps each).
 */
export async function trainBlockCurve(root, generated, { smoke, log = () => {} }) {
  const sizes = await blockCurveSizes();
  const { MODELS, defaults } = await import(new URL('../../web/engine/train/train.js', import.meta.url).href);
  log('block models: native');
  const native = runNativeBlockCurve(root, { smoke, models: MODELS });
  log('block models: WASM under Node');
  const node = await trainNodeCurve(generated, sizes, smoke ? { steps: 2, warmup: 0, budgetMs: 0 } : { steps: 5, warmup: 2, budgetMs: 2500 });
  const nodeRate = new Map(node.map((r) => [blockKey(r), r.steps_per_s]));
  const rate = (s) => nodeRate.get(blockKey(s)) ?? 10;
  const gpt = defaults('gpt');
  const gptSize = sizes.find((s) => s.model === 'gpt' && s.n_embd === gpt.nEmbd && s.block === gpt.block);
  let chromium = { rows: [] }, torch = [];
  if (!smoke) {
    log('block models: Chromium\'s worker');
    chromium = await trainChromiumBlockCurve(root, sizes, (s) => clamp(rate(s) * 2.5, 10, 3000), { evalSize: gptSize, evalIters: BENCH_EVAL_ITERS });
    log('block models: PyTorch, one thread and all');
    torch = runTorchCurve(root, sizes, (s) => clamp(rate(s) * 0.1, 2, 100));
  }
  const rows = sizes.map((s) => {
    const k = blockKey(s);
    const c = chromium.rows?.find((r) => blockKey(r) === k);
    const m = chromium.threadRows?.find((r) => blockKey(r) === k);
    const t = torch.find((r) => blockKey(r) === k);
    return { model: s.model, n_embd: s.n_embd, n_head: s.n_head, n_layer: s.n_layer, block: s.block, dropout: s.dropout,
      native: native.rows?.[k] ?? null, node: nodeRate.get(k) ?? null, chromium: c?.steps_per_s ?? null,
      chromium_threads: m?.steps_per_s ?? null, threads: m?.threads ?? null,
      torch_1: t?.torch_1 ?? null, torch_all: t?.torch_all ?? null,
      ...(native.error || chromium.error || c?.error ? { error: native.error ?? chromium.error ?? c.error } : {}) };
  });
  const sps = rows.find((r) => blockKey(r) === blockKey(gptSize))?.chromium ?? null;
  const ev = chromium.eval;
  const evaluations = Math.ceil(gpt.iters / gpt.evalInterval);
  const stepsS = sps ? gpt.iters / sps : null;
  const evalS = ev?.ms_per_batch !== undefined ? (evaluations * 2 * gpt.evalIters * ev.ms_per_batch) / 1000 : null;
  return {
    rows,
    gpt_default_run: {
      model: 'gpt', n_embd: gpt.nEmbd, n_head: gpt.nHead, n_layer: gpt.nLayer, block: gpt.block, dropout: gpt.dropout,
      iters: gpt.iters, evaluations, eval_iters: gpt.evalIters, chromium_steps_per_s: sps,
      chromium_eval_ms_per_batch: ev?.ms_per_batch ?? null, chromium_eval_measured_iters: ev?.eval_iters ?? null,
      chromium_estimated_steps_s: stepsS, chromium_estimated_eval_s: evalS,
      chromium_estimated_s: stepsS !== null && evalS !== null ? stepsS + evalS : null,
      ...(ev?.error ? { error: ev.error } : {}),
    },
  };
}

const num = (x, d = 1) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(d));
const ratio = (a, b) => (a && b ? a / b : null);

/** The curve as a table: steps per second, then Chromium's and Node's ratios to the others. */
export function curveLines(rows) {
  if (!rows?.length) return [];
  const head = ['n_embd', 'block', 'native', 'node', 'chromium', 'torch_1', 'torch_all', 'chr/torch_1', 'chr/torch_all', 'chr/node', 'node/native'];
  const body = rows.map((r) => [String(r.n_embd), String(r.block), num(r.native), num(r.node), num(r.chromium), num(r.torch_1), num(r.torch_all),
    num(ratio(r.chromium, r.torch_1), 2), num(ratio(r.chromium, r.torch_all), 2), num(ratio(r.chromium, r.node), 2), num(ratio(r.node, r.native), 2)]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => '  ' + cells.map((c, i) => c.padStart(w[i])).join('  ');
  return ['', 'Training curve, head model, batch 32: steps per second (native, node: CPU time; chromium: the worker\'s active time; torch_1: CPU time; torch_all: wall time)',
    line(head), ...body.map(line)];
}

/** The block models' curve as a table (as curveLines), then the default gpt run's estimated time in Chromium's worker. */
export function blockCurveLines(curve) {
  const rows = curve?.rows;
  if (!rows?.length) return [];
  const head = ['model', 'n_embd', 'n_head', 'n_layer', 'block', 'dropout', 'native', 'node', 'chromium', 'chr_threads', 'torch_1', 'torch_all',
    'chr/torch_1', 'chr/torch_all', 'chr/node', 'node/native', 'thr/chr'];
  const body = rows.map((r) => [r.model, String(r.n_embd), String(r.n_head), String(r.n_layer), String(r.block), String(r.dropout),
    num(r.native), num(r.node), num(r.chromium), r.chromium_threads == null ? '—' : `${num(r.chromium_threads)} (${r.threads})`,
    num(r.torch_1), num(r.torch_all),
    num(ratio(r.chromium, r.torch_1), 2), num(ratio(r.chromium, r.torch_all), 2), num(ratio(r.chromium, r.node), 2), num(ratio(r.node, r.native), 2),
    num(ratio(r.chromium_threads, r.chromium), 2)]);
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  const g = curve.gpt_default_run;
  const est = g?.chromium_estimated_s;
  return ['', 'Training curve, block models, batch 32: steps per second (native, node: CPU time; chromium: the worker\'s active time; chr_threads: the same on a cross-origin isolated page, the threaded build (threads); torch_1: CPU time; torch_all: wall time)',
    line(head), ...body.map(line),
    ...(g ? [`  default gpt run in Chromium's worker, estimated: ${num(est)} s (${g.iters} steps at ${num(g.chromium_steps_per_s)} steps/s = ${num(g.chromium_estimated_steps_s)} s; `
      + `${g.evaluations} evaluations of 2 × ${g.eval_iters} batches at ${num(g.chromium_eval_ms_per_batch, 2)} ms = ${num(g.chromium_estimated_eval_s)} s)`] : [])];
}
