// Smoke run of `npm run bench` with tiny sizes (T = 6, d = 16): the JSON has
// the documented shape and every figure is a finite positive number. No
// timing assertions: this is not a performance test. The library sizes are
// checked when dist/lib is there (they are computed from its files).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const hasNative = existsSync(new URL('build/native/attn_bench', root));
const hasScalar = existsSync(new URL('web/generated/attn_core_scalar.wasm', root));

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
    for (const key of ['wasm_over_native_T256_d64', 'wasm_copy_over_native_T256_d64', 'wasm_kernel_over_native_T256_d64',
      'js_over_wasm_T256_d64', 'lib_gzip_bytes', 'lib_all_gzip_bytes', 'lib_exercise_page_gzip_bytes',
      'lib_quiz_page_gzip_bytes', 'first_paint_ms', 'first_paint_reading_ms', 'first_paint_bare_ms', 'first_paint_over_bare',
      'first_paint_reading_over_bare', 'first_paint_cjk_font_families', 'first_heatmap_ms', 'input_to_paint_p95_ms_T32', 'heap_growth_bytes_10k_steps',
      'generate_step_ms_wasm_node', 'train_head_steps_per_s_wasm_node', 'train_head_steps_per_s_chromium_worker',
      'train_chromium_worker_over_wasm_node', 'train_head_steps_per_s_chromium_element', 'train_chromium_over_torch']) {
      expect(r.summary).toHaveProperty(key);
    }
    for (const k of ['wasm_ms_T6_d16', 'wasm_copy_ms_T6_d16', 'js_over_wasm_T6_d16', 'wasm_copy_ms_T6_d16_causal']) {
      expect(positive(r.summary[k]), `${k}: ${r.summary[k]}`).toBe(true);
    }
  });

  it('has a positive finite time for every kernel figure it measured', () => {
    for (const row of r.kernel) {
      for (const k of ['wasm_ms', 'wasm_copy_ms', 'js_f64_ms', 'js_f32_ms', 'js_over_wasm', 'js_over_wasm_copy', 'wasm_copy_over_wasm',
        ...(hasScalar ? ['wasm_scalar_ms'] : [])]) {
        expect(positive(row[k]), `${k} T=${row.T} causal=${row.causal}: ${row[k]}`).toBe(true);
      }
      expect(positive(row.wasm_kernel_ms), `wasm_kernel_ms: ${row.wasm_kernel_ms}`).toBe(true);
      if (hasNative) {
        expect(positive(row.native_ms), `native_ms: ${row.native_ms}`).toBe(true);
        expect(positive(row.wasm_over_native)).toBe(true);
        expect(positive(row.wasm_copy_over_native)).toBe(true);
      }
    }
  });

  it('has the training curve: at least six sizes, each with every column, Node measured', () => {
    const rows = r.train_curve;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const sizes = new Set(rows.map((row: { n_embd: number; block: number }) => `${row.n_embd}/${row.block}`));
    expect(sizes.size).toBe(rows.length);
    for (const row of rows) {
      for (const k of ['n_embd', 'block', 'native', 'node', 'chromium', 'torch_1', 'torch_all']) expect(row).toHaveProperty(k);
      expect(positive(row.n_embd) && positive(row.block)).toBe(true);
      expect(positive(row.node), `node ${row.n_embd}/${row.block}: ${row.node}`).toBe(true);
      if (hasNative && row.native !== null) expect(positive(row.native)).toBe(true);
    }
    expect(r.summary).toHaveProperty('train_curve_min_chromium_over_torch_1');
  });

  it('has the block models\' curve: each block model once, gpt at two sizes, every column, Node measured', () => {
    const rows = r.train_curve_blocks;
    expect(Array.isArray(rows)).toBe(true);
    const models = rows.map((row: { model: string }) => row.model);
    for (const m of ['multihead', 'ffwd', 'blocks', 'residual', 'layernorm']) expect(models.filter((x: string) => x === m)).toHaveLength(1);
    expect(models.filter((x: string) => x === 'gpt').length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      for (const k of ['model', 'n_embd', 'n_head', 'n_layer', 'block', 'dropout', 'native', 'node', 'chromium', 'chromium_threads', 'threads',
        'torch_1', 'torch_all']) {
        expect(row).toHaveProperty(k);
      }
      expect(positive(row.n_embd) && positive(row.n_head) && positive(row.n_layer) && positive(row.block)).toBe(true);
      expect(positive(row.node), `node ${row.model} ${row.n_embd}/${row.block}: ${row.node}`).toBe(true);
      if (hasNative && row.native !== null) expect(positive(row.native)).toBe(true);
    }
    expect(r.train_gpt_default_run_estimated).toHaveProperty('chromium_estimated_s');
    for (const k of ['train_curve_blocks_min_chromium_over_torch_1', 'train_gpt_default_run_s_chromium_estimated']) expect(r.summary).toHaveProperty(k);
  });

  it('reports the WASM heap after load and its growth over the steps', () => {
    expect(positive(r.memory.afterLoad.memoryBytes)).toBe(true);
    expect(positive(r.memory.afterFirstStep.usedBytes)).toBe(true);
    expect(Number.isFinite(r.summary.heap_growth_bytes_10k_steps)).toBe(true);
    expect(r.memory.steps).toBeGreaterThan(0);
  });

  it('sizes the library build per page when dist/lib is there, else says why not', () => {
    const lib = r.lib;
    expect(lib).toBeTruthy();
    if (lib.error) {
      // No build (or one being rebuilt): the size keys are null, not missing.
      expect(typeof lib.error).toBe('string');
      expect(r.summary.lib_gzip_bytes).toBeNull();
      return;
    }
    for (const page of ['heatmap_page', 'quiz_page', 'review_page', 'exercise_page']) {
      const p = lib.pages[page];
      expect(p.files, page).toContain('attention-lab.js');
      expect(positive(p.js.gzip) && positive(p.total.raw), page).toBe(true);
      expect(p.total.gzip).toBe(p.js.gzip + p.wasm.gzip);
    }
    expect(lib.pages.heatmap_page.files).toContain('attn_core.wasm');
    expect(lib.pages.exercise_page.files).toContain('attn_py.wasm');
    expect(lib.pages.quiz_page.wasm.raw).toBe(0);
    for (const f of lib.files) expect(positive(f.raw) && positive(f.gzip), f.file).toBe(true);
    expect(lib.all.files.some((f: string) => /scalar/.test(f))).toBe(false);
    expect(r.summary.lib_gzip_bytes).toBe(lib.pages.heatmap_page.total.gzip);
    for (const k of ['lib_gzip_bytes', 'lib_all_gzip_bytes', 'lib_exercise_page_gzip_bytes', 'lib_quiz_page_gzip_bytes']) {
      expect(positive(r.summary[k]), k).toBe(true);
    }
    expect(r.summary.lib_all_gzip_bytes).toBeGreaterThanOrEqual(r.summary.lib_exercise_page_gzip_bytes);
  });
});
