// The one loader of the core WASM engine: the random draws, the attention
// kernels and the heatmap model. Every element on a page awaits loadEngine(),
// which instantiates the module once and shares it. The text side (the
// lesson's printed program, the exercise evaluator, the CLI) is a separate
// module that only the elements needing it load: see evaluator.js.
//
// Arguments are checked here (checks.js), with messages that name the
// argument, its range and the value given. The bindings return an Error
// rather than throw from inside WASM (see cpp/bindings/common.hpp); this
// wrapper throws it, so the WASM heap stays flat after rejected calls.
//
// Two builds of one module: attn_core (WASM SIMD kernels, the default) and
// attn_core_scalar (the fallback for engines without SIMD), chosen by
// feature detection. Both come from the same sources and link flags, so they
// have the same imports and exports and share one JS glue (this import); only
// the .wasm differs (builds.test.ts checks that the two glues are the same).
import createAttnModule from '../generated/attn_core.mjs';
import { simdSupported } from './simd.js';
import { checkAttention, checkBool, checkInt, checkScale, checkShape, heapStatsOf, seedParts, unwrap } from './checks.js';

let shared = null;

export { simdSupported };

// A handle into one of the core module's tables (cpp/bindings/core.cpp):
// get() refuses it once release() has freed it.
function tableHandle(h, what) {
  return {
    get() {
      if (!h) throw new Error(`this ${what} was deleted`);
      return h;
    },
    release(free) {
      if (h) free(h);
      h = 0;
    },
  };
}

const HEATMAP_ARRAYS = ['weights', 'scores', 'rawScores', 'rowMax', 'rowSums'];

// The heatmap model.
function wrapHeatmap(m, handle, tokens, dkMax) {
  const h = tableHandle(handle, 'Heatmap');
  const live = () => h.get();
  const obj = {
    tokens,
    dkMax,
    compute(dk, scale, causal) {
      const s = unwrap(m.heatmapCompute(live(), checkInt(dk, 'dk', 1, dkMax), checkScale(scale), checkBool(causal, 'causal')));
      return { scoreStd: s[0], meanRowMax: s[1], maxRowSumError: s[2] };
    },
    delete: () => h.release(m.heatmapDelete),
  };
  HEATMAP_ARRAYS.forEach((name, i) => { obj[name] = () => unwrap(m.heatmapArray(live(), i)); });
  return obj;
}

const VIEWS = ['q', 'k', 'v', 'scores', 'weights', 'output'];

// Float attention in buffers kept in the WASM heap (AttentionF32 in
// cpp/bindings/core.cpp). The views die when the memory grows (their length
// becomes 0): they are fetched again then.
function wrapAttentionF32(m, handle, T, S, dK, dV) {
  const h = tableHandle(handle, 'AttentionF32');
  const live = () => h.get();
  let views = null;
  const fresh = () => {
    if (!views || views[0].length === 0) views = VIEWS.map((_, i) => unwrap(m.attentionF32View(live(), i)));
    return views;
  };
  return {
    T, S, dK, dV,
    get q() { return fresh()[0]; },
    get k() { return fresh()[1]; },
    get v() { return fresh()[2]; },
    run(scale = 'sqrt', causal = false) {
      unwrap(m.attentionF32Run(live(), checkScale(scale), checkBool(causal, 'causal')));
      const w = fresh();
      return { scores: w[3], weights: w[4], output: w[5] };
    },
    delete() {
      h.release(m.attentionF32Delete);
      views = null;
    },
  };
}

/** Wraps a raw Embind core module into the typed engine API (see engine.d.ts). */
export function wrapModule(m) {
  let cached = null; // the last shape's AttentionF32, reused by attentionF32()
  const createAttentionF32 = (T, S, dK, dV) => {
    checkShape(T, S, dK, dV);
    return wrapAttentionF32(m, unwrap(m.attentionF32New(T, S, dK, dV)), T, S, dK, dV);
  };
  return {
    raw: m,
    version: () => m.version(),
    standardNormal(seed, count) {
      const [hi, lo] = seedParts(seed);
      return unwrap(m.standardNormal(hi, lo, checkInt(count, 'count', 0, 1 << 20)));
    },
    createAttentionF32,
    attentionF32(q, k, v, T, S, dK, dV, scale = 'sqrt', causal = false) {
      checkAttention(Float32Array, q, k, v, T, S, dK, dV, scale, causal);
      if (!cached || cached.T !== T || cached.S !== S || cached.dK !== dK || cached.dV !== dV) {
        cached?.delete();
        cached = null;
        cached = createAttentionF32(T, S, dK, dV);
      }
      cached.q.set(q);
      cached.k.set(k);
      cached.v.set(v);
      const r = cached.run(scale, causal);
      return { scores: r.scores.slice(), weights: r.weights.slice(), output: r.output.slice() };
    },
    createHeatmap(seed, tokens, dkMax) {
      const [hi, lo] = seedParts(seed);
      checkInt(tokens, 'tokens', 2, 32);
      checkInt(dkMax, 'dkMax', 1, 1024);
      return wrapHeatmap(m, unwrap(m.heatmapNew(hi, lo, tokens, dkMax)), tokens, dkMax);
    },
    heapStats: () => heapStatsOf(m),
  };
}

/**
 * Instantiates the engine (once per page) and resolves to its API.
 * options.wasmBinary: the .wasm bytes (Node, where fetch of file URLs fails);
 * options.wasmUrl: where the browser fetches the .wasm from.
 * options.scalarWasmBinary / options.scalarWasmUrl: the same for the scalar
 * build, used where SIMD is missing (or options.simd === false). Without
 * them the SIMD build is loaded regardless.
 */
export function loadEngine(options = {}) {
  if (!shared) {
    const scalar = (options.scalarWasmBinary || options.scalarWasmUrl) &&
      (options.simd === false || (options.simd !== true && !simdSupported()));
    const binary = scalar ? options.scalarWasmBinary : options.wasmBinary;
    const url = scalar ? options.scalarWasmUrl : options.wasmUrl;
    const moduleArg = {};
    if (binary) moduleArg.wasmBinary = binary;
    if (url) moduleArg.locateFile = () => String(url);
    shared = createAttnModule(moduleArg).then((m) => {
      const engine = wrapModule(m);
      engine.simd = !scalar;
      return engine;
    });
    shared.catch(() => { shared = null; });
  }
  return shared;
}
