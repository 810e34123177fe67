// Best-of timing for JS and WASM calls: warm up, size a batch to ~batchMs,
// run `batches` batches and keep the fastest per-call time (the figure least
// disturbed by other work on a shared machine). The clock is this process's
// CPU time (user + system), like Google Benchmark's cpu_time, so that other
// processes on a busy machine do not count; `wall: true` for wall time.
import { performance } from 'node:perf_hooks';

const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

let sink = 0;
/** Keeps results alive so the JIT cannot drop the call. */
export function consume(x) { sink += x; return sink; }

/** fn() runs one call; returns milliseconds per call (best batch). */
export function bestOf(fn, { batchMs = 50, batches = 5, warmupMs = 30, wall = false } = {}) {
  const now = wall ? () => performance.now() : cpuNow;
  let t0 = now();
  let calls = 0;
  do { fn(); calls++; } while (now() - t0 < warmupMs || calls < 2);
  const per = (now() - t0) / calls;
  const n = Math.max(1, Math.ceil(batchMs / Math.max(per, 1e-4)));
  let best = Infinity;
  for (let b = 0; b < batches; b++) {
    t0 = now();
    for (let i = 0; i < n; i++) fn();
    best = Math.min(best, (now() - t0) / n);
  }
  return best;
}

export function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}
