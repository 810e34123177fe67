// @ts-check
// The one loader of the core WASM engine: the random draws and the heatmap
// model (the float attention kernel is in the float module:
// ../train/attention-f32.js). Every element on a page
// awaits loadEngine(), which instantiates the module once and shares it. The text side (the
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
import createAttnModuleGlue from '../../generated/attn_core.mjs';
import { simdSupported } from '../shared/simd.js';
import { loadModule } from '../shared/load-module.js';
import { checkBool, checkInt, checkScale, heapStatsOf, seedParts, unwrap } from '../shared/checks.js';
import { tableHandle } from '../shared/handle.js';
import { HEATMAP_LIMITS } from '../shared/limits/heatmap.js';
import { RNG_LIMITS } from '../shared/limits/rng.js';

/**
 * @typedef {import('../shared/types').ScaleName} ScaleName
 * @typedef {import('../shared/types').Seed} Seed
 * @typedef {import('./types').HeatmapStats} HeatmapStats
 * @typedef {import('./types').Heatmap} Heatmap
 * @typedef {import('./types').Engine} Engine
 * @typedef {import('./types').LoadOptions} LoadOptions
 * @typedef {import('./raw').RawCore} RawCore
 */

/** @type {import('../shared/types').ModuleFactory<RawCore>} */
const createAttnModule = /** @type {any} */ (createAttnModuleGlue);

export { simdSupported };

// The heatmap model.
/**
 * @param {RawCore} m
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
      return unwrap(m.heatmapCompute(live(), checkInt(dk, 'dk', 1, dkMax), checkScale(scale), checkBool(causal, 'causal')));
    },
    // (by the array codes of heatmapArray in cpp/bindings/core.cpp)
    weights: array(0), scores: array(1), rawScores: array(2), rowMax: array(3), rowSums: array(4),
    delete: () => h.release(m.heatmapDelete),
  };
}

/**
 * Wraps a raw Embind core module into the typed engine API (types.ts).
 * @param {RawCore} m
 * @returns {Engine}
 */
export function wrapModule(m) {
  return {
    raw: m,
    version: () => m.version(),
    standardNormal(seed, count) {
      const [hi, lo] = seedParts(seed);
      return unwrap(m.standardNormal(hi, lo, checkInt(count, 'count', 0, RNG_LIMITS.maxNormals)));
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
 * Instantiates the engine (once per page and build: shared/load-module.js,
 * which says what the options mean) and resolves to its API.
 * @param {LoadOptions} [options]
 * @returns {Promise<Engine>}
 */
export function loadEngine(options = {}) {
  return loadModule(createAttnModule, options, (m, simd) => ({ ...wrapModule(m), simd }));
}
