// @ts-check
// The one loader of the core WASM engine: the random draws and the heatmap
// model (the float attention kernel is in the float module: attention-f32.js). Every element on a page awaits loadEngine(),
// which instantiates the module once and shares it. The text side (the
// lesson's printed program, the exercise evaluator, the CLI) is a separate
// module that only the elements needing it load: see evaluator.js.
//
// Arguments are checked here (checks.js), with messages that name the
// argument, its range and the value given. The bindings return an Error
// rather than throw from inside WASM (see cpp/bindings/common.hpp); this
// wrapper throws it, so the WASM heap stays flat after rejected calls.
//
// Two builds of one module: attn_core (WASM SIMD, the default) and
// attn_core_scalar (the fallback for engines without SIMD), chosen by
// feature detection. Both come from the same sources and link flags, so they
// have the same imports and exports and share one JS glue (this import); only
// the .wasm differs (builds.test.ts checks that the two glues are the same).
// Checked (// @ts-check) against the interfaces in types.ts: a method renamed
// or dropped here, or a changed signature, fails the type check in npm test.
import createAttnModuleGlue from '../generated/attn_core.mjs';
import { simdSupported } from './simd.js';
import { checkBool, checkInt, checkScale, heapStatsOf, seedParts, unwrap } from './checks.js';
import { tableHandle } from './handle.js';
import { HEATMAP_LIMITS } from './limits.js';

/**
 * @typedef {import('./types').ScaleName} ScaleName
 * @typedef {import('./types').Seed} Seed
 * @typedef {import('./types').HeatmapStats} HeatmapStats
 * @typedef {import('./types').Heatmap} Heatmap
 * @typedef {import('./types').CliResult} CliResult
 * @typedef {import('./types').VerdictCode} VerdictCode
 * @typedef {import('./types').VerdictReason} VerdictReason
 * @typedef {import('./types').ExerciseTodo} ExerciseTodo
 * @typedef {import('./types').TodoVerdict} TodoVerdict
 * @typedef {import('./types').ExerciseResult} ExerciseResult
 * @typedef {import('./types').Engine} Engine
 * @typedef {import('./types').LoadOptions} LoadOptions
 * @typedef {import('./types').RawModule} RawModule
 */

/** @type {import('./types').ModuleFactory} */
const createAttnModule = /** @type {any} */ (createAttnModuleGlue);

/** @type {Promise<Engine> | null} */
let shared = null;

export { simdSupported };

// The heatmap model.
/**
 * @param {RawModule} m
 * @param {number} handle
 * @param {number} tokens
 * @param {number} dkMax
 * @returns {Heatmap}
 */
function wrapHeatmap(m, handle, tokens, dkMax) {
  const h = tableHandle(handle, 'Heatmap');
  const live = () => h.get();
  /** @param {number} i */
  const array = (i) => () => /** @type {Float64Array} */ (unwrap(m.heatmapArray(live(), i)));
  return {
    tokens,
    dkMax,
    compute(dk, scale, causal) {
      const s = unwrap(m.heatmapCompute(live(), checkInt(dk, 'dk', 1, dkMax), checkScale(scale), checkBool(causal, 'causal')));
      return { scoreStd: s[0], meanRowMax: s[1], maxRowSumError: s[2] };
    },
    // (by the array codes of heatmapArray in cpp/bindings/core.cpp)
    weights: array(0), scores: array(1), rawScores: array(2), rowMax: array(3), rowSums: array(4),
    delete: () => h.release(m.heatmapDelete),
  };
}

/**
 * Wraps a raw Embind core module into the typed engine API (types.ts).
 * @param {RawModule} m
 * @returns {Engine}
 */
export function wrapModule(m) {
  return {
    raw: m,
    version: () => m.version(),
    standardNormal(seed, count) {
      const [hi, lo] = seedParts(seed);
      return unwrap(m.standardNormal(hi, lo, checkInt(count, 'count', 0, 1 << 20)));
    },
    createHeatmap(seed, tokens, dkMax) {
      const [hi, lo] = seedParts(seed);
      checkInt(tokens, 'tokens', HEATMAP_LIMITS.minTokens, HEATMAP_LIMITS.maxTokens);
      checkInt(dkMax, 'dkMax', 1, HEATMAP_LIMITS.maxDk);
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
 * @param {LoadOptions} [options]
 * @returns {Promise<Engine>}
 */
export function loadEngine(options = {}) {
  if (!shared) {
    const scalar = (options.scalarWasmBinary || options.scalarWasmUrl) &&
      (options.simd === false || (options.simd !== true && !simdSupported()));
    const binary = scalar ? options.scalarWasmBinary : options.wasmBinary;
    const url = scalar ? options.scalarWasmUrl : options.wasmUrl;
    /** @type {import('./types').ModuleArg} */
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
