// The kernel comparison: native -O3 (Google Benchmark), the WASM build in
// Node (the float module's createAttentionF32 with preallocated heap
// buffers, the copying attentionF32, and the scalar fallback build when it
// was built), and the plain-JS reference on Float64Array and Float32Array.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { attentionJs } from './js-attention.mjs';
import { bestOf, consume } from './timing.mjs';

export const FULL_SIZES = { T: [6, 64, 256, 1024], d: [16, 64], causal: [false, true] };
export const SMOKE_SIZES = { T: [6], d: [16], causal: [false, true] };

export function configs(sizes) {
  const out = [];
  for (const causal of sizes.causal) for (const d of sizes.d) for (const T of sizes.T) out.push({ T, d, causal });
  return out;
}
export const key = ({ T, d, causal }) => `T${T}_d${d}${causal ? '_causal' : ''}`;

/**
 * Native figures in ms per call, keyed by key(); or {error}. BM_AttentionF32Into:
 * attn::attention_into into buffers allocated once, the call the attentionF32
 * binding makes and the one wasm_kernel_bench.cpp times.
 */
export function runNative(root, sizes, { smoke }) {
  const exe = new URL('build/native/attn_bench', root).pathname;
  if (!existsSync(exe)) {
    // Build it if the native tree is configured; cmake skips it without Google Benchmark.
    spawnSync('cmake', ['--build', new URL('build/native', root).pathname, '--target', 'attn_bench', '-j2'], { stdio: 'ignore' });
  }
  if (!existsSync(exe)) return { error: 'build/native/attn_bench missing (libbenchmark-dev not installed, or run npm run build:native)' };
  const alt = (xs) => (xs.length === 1 ? String(xs[0]) : `(${xs.join('|')})`);
  const filter = `BM_AttentionF32Into/T:${alt(sizes.T)}/d:${alt(sizes.d)}/causal:${alt(sizes.causal.map(Number))}$`;
  const args = [`--benchmark_filter=${filter}`, '--benchmark_format=json',
    `--benchmark_min_time=${smoke ? 0.01 : 0.2}`, `--benchmark_repetitions=${smoke ? 1 : 5}`];
  const out = execFileSync(exe, args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  const json = JSON.parse(out);
  const res = {};
  for (const b of json.benchmarks) {
    if (b.run_type !== 'iteration') continue;
    const m = /T:(\d+)\/d:(\d+)\/causal:(\d)/.exec(b.run_name ?? b.name);
    const k = key({ T: +m[1], d: +m[2], causal: m[3] === '1' });
    const scale = { ns: 1e-6, us: 1e-3, ms: 1 }[b.time_unit];
    const ms = b.cpu_time * scale; // CPU time, as the JS/WASM figures
    res[k] = Math.min(res[k] ?? Infinity, ms);
  }
  return { times: res, context: json.context };
}

/**
 * The same call timed inside WASM, without Embind (cpp/bench/wasm_kernel_bench.cpp:
 * attention_into, buffers allocated once), linked with em++ against
 * build/wasm/libattn_engine.a, the shipping module's objects.
 */
export function runWasmKernel(root, sizes, { smoke }) {
  const lib = new URL('build/wasm/libattn_engine.a', root).pathname;
  const src = new URL('cpp/bench/wasm_kernel_bench.cpp', root).pathname;
  const exe = new URL('build/wasm/attn_kernel_bench.cjs', root).pathname;
  if (!existsSync(lib)) return { error: 'build/wasm/libattn_engine.a missing (npm run build:wasm)' };
  const stale = !existsSync(exe) || statSync(exe).mtimeMs < Math.max(statSync(lib).mtimeMs, statSync(src).mtimeMs);
  if (stale) {
    const r = spawnSync('em++', ['-std=c++20', '-O3', '-msimd128', `-I${new URL('cpp/src', root).pathname}`, src, lib,
      '-sENVIRONMENT=node', '-sALLOW_MEMORY_GROWTH=1', '-o', exe], {
      encoding: 'utf8', env: { ...process.env, NODE_PATH: `/usr/share/nodejs${process.env.NODE_PATH ? `:${process.env.NODE_PATH}` : ''}` },
    });
    if (r.status !== 0 || !existsSync(exe)) return { error: `em++ failed: ${(r.stderr || r.error?.message || '').slice(0, 300)}` };
  }
  const times = {};
  for (const c of configs(sizes)) {
    const out = execFileSync(process.execPath, ['--no-experimental-fetch', exe, String(c.T), String(c.d), c.causal ? '1' : '0',
      smoke ? '2' : '60'], { encoding: 'utf8' });
    times[key(c)] = Number(out.trim());
  }
  return { times };
}

function inputs(engine, T, d) {
  const all = engine.standardNormal('0', 3 * T * d); // the native bench's draws: Q, K, V
  const f64 = [0, 1, 2].map((i) => all.slice(i * T * d, (i + 1) * T * d));
  return { f64, f32: f64.map((a) => Float32Array.from(a)) };
}

/**
 * Times run() of engine.createAttentionF32(T, T, d, d): Q, K, V written once
 * into its heap views, nothing copied or allocated per call (the engine's
 * main float path). The buffers are freed afterwards.
 */
function timePrealloc(engine, [q, k, v], T, d, causal, opts) {
  const a = engine.createAttentionF32(T, T, d, d);
  try {
    a.q.set(q);
    a.k.set(k);
    a.v.set(v);
    return bestOf(() => consume(a.run('sqrt', causal).output[0]), opts);
  } finally {
    a.delete();
  }
}

/**
 * WASM and JS figures in ms per call, keyed by key().
 * wasm: createAttentionF32(...).run() (preallocated, no copies);
 * wasm_copy: attentionF32(q, k, v, ...) (copies the inputs into the heap and
 * returns fresh copies of scores, weights and output); wasm_scalar: the
 * scalar fallback build, preallocated as wasm.
 * engines: loadEngines()'s { simd, scalar?, core }
 */
export function runJsAndWasm(engines, sizes, { smoke }) {
  const opts = smoke ? { batchMs: 2, batches: 1, warmupMs: 1 } : { batchMs: 60, batches: 5, warmupMs: 40 };
  const res = { wasm: {}, wasm_copy: {}, wasm_scalar: {}, js_f64: {}, js_f32: {} };
  for (const c of configs(sizes)) {
    const { T, d, causal } = c;
    const k = key(c);
    const { f64, f32 } = inputs(engines.core, T, d);
    const [q, kk, v] = f32;
    res.wasm[k] = timePrealloc(engines.simd, f32, T, d, causal, opts);
    res.wasm_copy[k] = bestOf(() => consume(engines.simd.attentionF32(q, kk, v, T, T, d, d, 'sqrt', causal).output[0]), opts);
    if (engines.scalar) res.wasm_scalar[k] = timePrealloc(engines.scalar, f32, T, d, causal, opts);
    // The JS reference, like the WASM and native figures, writes into buffers allocated once.
    const buffers = (Arr) => ({ scores: new Arr(T * T), weights: new Arr(T * T), output: new Arr(T * d) });
    const out64 = buffers(Float64Array), out32 = buffers(Float32Array);
    res.js_f64[k] = bestOf(() => consume(attentionJs(Float64Array, f64[0], f64[1], f64[2], T, T, d, d, causal, out64).output[0]), opts);
    res.js_f32[k] = bestOf(() => consume(attentionJs(Float32Array, q, kk, v, T, T, d, d, causal, out32).output[0]), opts);
  }
  return res;
}

/**
 * The float kernel's engines from dir: simd and (if built) scalar are the
 * float module's builds (attn_train{,_scalar}: the kernel lives there, with
 * the trainer); core is the core module (attn_core: the draws the inputs come
 * from, and the heatmap).
 */
export async function loadEngines(dir) {
  // Emscripten 3.1.6's ES6 output still reaches for CommonJS globals in Node
  // (`__dirname`, `require('fs')`) even when it is given wasmBinary.
  globalThis.__dirname ??= new URL('.', dir.generated).pathname;
  globalThis.require ??= createRequire(dir.generated);
  const { wrapModule } = await import(new URL('web/engine/core/engine.js', dir.root).href);
  const { wrapTrainModule } = await import(new URL('web/engine/train/train.js', dir.root).href);
  const load = async (glue, name, wrap) => {
    const mjs = new URL(`${glue}.mjs`, dir.generated);
    const wasm = new URL(`${name}.wasm`, dir.generated);
    if (!existsSync(mjs) || !existsSync(wasm)) return null;
    const factory = (await import(mjs.href)).default;
    return wrap(await factory({ wasmBinary: readFileSync(wasm) }));
  };
  const core = await load('attn_core', 'attn_core', wrapModule);
  const simd = await load('attn_train', 'attn_train', wrapTrainModule);
  if (!core || !simd) throw new Error(`no WASM build in ${dir.generated.pathname} (run npm run build:wasm)`);
  return { simd, scalar: await load('attn_train', 'attn_train_scalar', wrapTrainModule), core };
}
