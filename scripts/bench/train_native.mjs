// Training steps per second of the one-head model (batch 32, block 8): native
// (Google Benchmark BM_TrainHeadStep / BM_TrainHeadDefaultRun in attn_bench)
// and Debian's PyTorch with one thread (scripts/bench/train_torch.py; omitted
// when python3-torch is not installed). CPU time for both.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function runNativeTrain(root, { smoke }) {
  const exe = new URL('build/native/attn_bench', root).pathname;
  if (!existsSync(exe)) return { error: 'build/native/attn_bench missing (npm run build:native)' };
  const filter = smoke ? 'BM_TrainHeadStep$' : 'BM_TrainHead(Step$|DefaultRun)';
  const out = execFileSync(exe, [`--benchmark_filter=${filter}`, '--benchmark_format=json',
    `--benchmark_min_time=${smoke ? 0.05 : 0.5}`], { encoding: 'utf8', maxBuffer: 16 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  const res = {};
  for (const b of JSON.parse(out).benchmarks) {
    const scale = { ns: 1e-6, us: 1e-3, ms: 1 }[b.time_unit];
    if (b.name.startsWith('BM_TrainHeadStep')) {
      res.step_ms = b.cpu_time * scale;
      res.steps_per_s = 1000 / res.step_ms;
    } else if (b.name.startsWith('BM_TrainHeadDefaultRun')) {
      res.default_run_s = (b.cpu_time * scale) / 1000;
    }
  }
  return res;
}

export function runTorchTrain(root, { smoke }) {
  const script = new URL('scripts/bench/train_torch.py', root).pathname;
  const r = spawnSync('/usr/bin/python3', [script, '--steps', smoke ? '20' : '300'], { encoding: 'utf8' });
  if (r.error || r.status === 3) return null; // no python3 or no torch: omitted
  if (r.status !== 0) return { error: (r.stderr || '').trim().split('\n').pop() };
  return JSON.parse(r.stdout);
}
