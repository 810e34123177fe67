// Training steps per second of the one-head model (batch 32, block 8): native
// (Google Benchmark BM_TrainHeadStep / BM_TrainHeadDefaultRun in attn_bench)
// and Debian's PyTorch with one thread (scripts/bench/train_torch.py; omitted
// when python3-torch is not installed). CPU time for both. The curve's
// native and PyTorch columns (BM_TrainHeadCurve; PyTorch with one thread and
// with all, the latter on wall time) at every size.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const MS = { ns: 1e-6, us: 1e-3, ms: 1 };
const benchmarks = (exe, filter, minTime) => JSON.parse(execFileSync(exe, [`--benchmark_filter=${filter}`, '--benchmark_format=json',
  `--benchmark_min_time=${minTime}`], { encoding: 'utf8', maxBuffer: 16 << 20, stdio: ['ignore', 'pipe', 'ignore'] })).benchmarks;

export function runNativeTrain(root, { smoke }) {
  const exe = new URL('build/native/attn_bench', root).pathname;
  if (!existsSync(exe)) return { error: 'build/native/attn_bench missing (npm run build:native)' };
  const filter = smoke ? 'BM_TrainHeadStep$' : 'BM_TrainHead(Step$|DefaultRun)';
  const res = {};
  for (const b of benchmarks(exe, filter, smoke ? 0.05 : 0.5)) {
    const scale = MS[b.time_unit];
    if (b.name.startsWith('BM_TrainHeadStep')) {
      res.step_ms = b.cpu_time * scale;
      res.steps_per_s = 1000 / res.step_ms;
    } else if (b.name.startsWith('BM_TrainHeadDefaultRun')) {
      res.default_run_s = (b.cpu_time * scale) / 1000;
    }
  }
  return res;
}

export function runTorchTrain(root, { smoke, steps = smoke ? 20 : 300, threads = 1, model = 'head', n_embd = 32, block = 8, batch = 32,
  n_head, n_layer, dropout } = {}) {
  const script = new URL('scripts/bench/train_torch.py', root).pathname;
  const blockArgs = n_head !== undefined ? ['--n-head', String(n_head), '--n-layer', String(n_layer), '--dropout', String(dropout)] : [];
  const r = spawnSync('/usr/bin/python3', [script, '--steps', String(steps), '--threads', String(threads), '--model', model,
    '--n-embd', String(n_embd), '--block', String(block), '--batch', String(batch), ...blockArgs], { encoding: 'utf8' });
  if (r.error || r.status === 3) return null; // no python3 or no torch: omitted
  if (r.status !== 0) return { error: (r.stderr || '').trim().split('\n').pop() };
  return JSON.parse(r.stdout);
}

/** Native steps per second at each size of the curve (BM_TrainHeadCurve/n_embd/block), CPU time. */
export function runNativeCurve(root, { smoke }) {
  const exe = new URL('build/native/attn_bench', root).pathname;
  if (!existsSync(exe)) return { error: 'build/native/attn_bench missing (npm run build:native)' };
  const rows = {};
  for (const b of benchmarks(exe, 'BM_TrainHeadCurve/', smoke ? 0.01 : 0.3)) {
    const [, c, t] = b.name.split('/').map(Number);
    rows[`${c}/${t}`] = 1000 / (b.cpu_time * MS[b.time_unit]);
  }
  return { rows };
}

/**
 * Native steps per second of the block models (BM_TrainBlockCurve/model/n_embd/block, the
 * model as ModelKind's index, MODELS' order), CPU time: { rows: { 'model/n_embd/block': steps/s } }.
 */
export function runNativeBlockCurve(root, { smoke, models }) {
  const exe = new URL('build/native/attn_bench', root).pathname;
  if (!existsSync(exe)) return { error: 'build/native/attn_bench missing (npm run build:native)' };
  const rows = {};
  for (const b of benchmarks(exe, 'BM_TrainBlockCurve/', smoke ? 0.001 : 0.5)) {
    const [, m, c, t] = b.name.split('/').map(Number);
    rows[`${models[m]}/${c}/${t}`] = 1000 / (b.cpu_time * MS[b.time_unit]);
  }
  return { rows };
}

/**
 * PyTorch at each size (null when torch is missing): one thread and all threads, `steps(size)`
 * steps in each of the script's three rounds.
 */
export function runTorchCurve(root, sizes, steps) {
  return sizes.map((size) => {
    const one = runTorchTrain(root, { ...size, steps: steps(size), threads: 1 });
    const all = one && !one.error ? runTorchTrain(root, { ...size, steps: steps(size), threads: 0 }) : one;
    return { ...size, torch_1: one?.steps_per_s ?? null, torch_all: all?.steps_per_s ?? null, threads_all: all?.threads ?? null };
  });
}
