// The one loader of the WASM engine. Every element on a page awaits
// loadEngine(), which instantiates the module once and shares it.
//
// The bindings return a RangeError/TypeError instead of throwing from inside
// WASM (see cpp/bindings/bindings.cpp); this wrapper throws it, so callers see
// ordinary exceptions and the WASM heap stays flat after rejected calls.
import createAttnModule from '../generated/attn_core.mjs';

let shared = null;

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
 */
export function loadEngine(options = {}) {
  if (!shared) {
    const moduleArg = {};
    if (options.wasmBinary) moduleArg.wasmBinary = options.wasmBinary;
    if (options.wasmUrl) moduleArg.locateFile = () => String(options.wasmUrl);
    shared = createAttnModule(moduleArg).then(wrapModule);
    shared.catch(() => { shared = null; });
  }
  return shared;
}
