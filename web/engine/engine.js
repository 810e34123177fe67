// The one loader of the WASM engine. Every element on a page awaits
// loadEngine(), which instantiates the module once and shares it.
//
// The bindings return a RangeError/TypeError instead of throwing from inside
// WASM (see cpp/bindings/bindings.cpp); this wrapper throws it, so callers see
// ordinary exceptions and the WASM heap stays flat after rejected calls.
//
// Two builds of one module: attn_core (WASM SIMD kernels, the default) and
// attn_core_scalar (the fallback for engines without SIMD), chosen by
// feature detection. Both come from the same sources and link flags, so they
// have the same imports and exports and share one JS glue (this import); only
// the .wasm differs (builds.test.ts checks that the two glues are the same).
import createAttnModule from '../generated/attn_core.mjs';

let shared = null;

// (module (func (result v128) i32.const 0 i8x16.splat i8x16.popcnt)):
// valid only where WebAssembly SIMD is.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** True where this JS engine validates a WebAssembly SIMD module. */
export function simdSupported() {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

function unwrap(result) {
  if (result instanceof Error) throw result;
  return result;
}

function wrapHeatmap(raw) {
  const h = unwrap(raw);
  return {
    get tokens() { return h.tokens; },
    get dkMax() { return h.dkMax; },
    compute: (dk, scale, causal) => unwrap(h.compute(dk, scale, causal)),
    weights: () => h.weights(),
    scores: () => h.scores(),
    rawScores: () => h.rawScores(),
    rowMax: () => h.rowMax(),
    rowSums: () => h.rowSums(),
    delete: () => h.delete(),
  };
}

/** Wraps a raw Embind module into the typed engine API (see engine.d.ts). */
export function wrapModule(m) {
  return {
    raw: m,
    version: () => m.version(),
    runCli: (args) => unwrap(m.runCli(args)),
    lesson1: (seed, T = 4, dModel = 8, dK = 16, dV = 16) => unwrap(m.lesson1(seed, T, dModel, dK, dV)),
    exercise: (seed, todo1, todo2, todo3) => unwrap(m.exercise(seed, todo1, todo2, todo3)),
    standardNormal: (seed, count) => unwrap(m.standardNormal(seed, count)),
    attention: (q, k, v, T, S, dK, dV, scale = 'sqrt', causal = false) =>
      unwrap(m.attention(q, k, v, T, S, dK, dV, scale, causal)),
    attentionF32: (q, k, v, T, S, dK, dV, scale = 'sqrt', causal = false) =>
      unwrap(m.attentionF32(q, k, v, T, S, dK, dV, scale, causal)),
    createHeatmap: (seed, tokens, dkMax) => wrapHeatmap(m.createHeatmap(seed, tokens, dkMax)),
    heapStats: () => m.heapStats(),
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
