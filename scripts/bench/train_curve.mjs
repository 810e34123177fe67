// The training curve: steps per second of the head model (batch 32) at
// n_embd 32, 64, 128 × block 8, 32, 64, native (attn_bench, CPU time), WASM
// under Node (SIMD build, CPU time), Chromium's Web Worker (<attn-train>'s,
// its active time) and Debian's PyTorch with one thread (CPU time) and with
// all (wall time). Sizes run one after another, each tool at every size, so
// a busy machine weighs on all columns alike only as much as it stays busy.
// Each size gets about the same time: the step counts follow WASM's rate.
import { CURVE_SIZES, trainChromiumCurve, trainNodeCurve } from './train.mjs';
import { runNativeCurve, runTorchCurve } from './train_native.mjs';

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
