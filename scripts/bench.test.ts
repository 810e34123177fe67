// Smoke run of `npm run bench` with tiny sizes (T = 6, d = 16): the JSON has
// the documented shape and every figure is a finite positive number. No
// timing assertions: this is not a performance test.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const hasNative = existsSync(new URL('build/native/attn_bench', root));

describe('npm run bench -- --smoke --json', () => {
  const out = execFileSync(process.execPath, ['scripts/bench.mjs', '--smoke', '--json'], {
    cwd: root, encoding: 'utf8', timeout: 120_000,
  });
  const r = JSON.parse(out);
  const positive = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x > 0;

  it('prints one JSON object with the machine, the kernel rows, memory and the summary', () => {
    expect(r.mode).toBe('smoke');
    expect(typeof r.machine.cpu).toBe('string');
    expect(positive(r.machine.cores)).toBe(true);
    expect(r.kernel).toHaveLength(2); // T = 6, d = 16, causal and not
    for (const key of ['wasm_over_native_T256_d64', 'js_over_wasm_T256_d64', 'lib_gzip_bytes', 'first_paint_ms',
      'input_to_paint_p95_ms_T32', 'heap_growth_bytes_10k_steps']) expect(r.summary).toHaveProperty(key);
  });

  it('has a positive finite time for every kernel figure it measured', () => {
    for (const row of r.kernel) {
      for (const k of ['wasm_ms', 'wasm_scalar_ms', 'js_f64_ms', 'js_f32_ms', 'js_over_wasm']) {
        expect(positive(row[k]), `${k} T=${row.T} causal=${row.causal}: ${row[k]}`).toBe(true);
      }
      expect(positive(row.wasm_kernel_ms), `wasm_kernel_ms: ${row.wasm_kernel_ms}`).toBe(true);
      if (hasNative) {
        expect(positive(row.native_ms), `native_ms: ${row.native_ms}`).toBe(true);
        expect(positive(row.wasm_over_native)).toBe(true);
      }
    }
  });

  it('reports the WASM heap after load and its growth over the steps', () => {
    expect(positive(r.memory.afterLoad.memoryBytes)).toBe(true);
    expect(positive(r.memory.afterFirstStep.usedBytes)).toBe(true);
    expect(Number.isFinite(r.summary.heap_growth_bytes_10k_steps)).toBe(true);
    expect(r.memory.steps).toBeGreaterThan(0);
  });
});
