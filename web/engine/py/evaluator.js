// @ts-check
// The loader of the evaluator module (attn_py): the lesson's program printed
// as NumPy prints it and the exercise's sandboxed Python/NumPy subset (the
// CLI is its own module, attn_cli: ../cli/cli.js). It is most of the engine's
// code, and only <attn-exercise>, <attn-review> and the lesson page's printed
// program need it, so it is its
// own module, instantiated once per page on first use. One scalar build for
// every browser (its work is parsing and double-precision arithmetic).
//
// The bindings check their arguments (cpp/bindings/py.cpp) and return an
// Error instead of throwing from inside WASM; this wrapper throws it.
// Checked (// @ts-check) against the Evaluator interface in types.ts.
import createAttnPyModuleGlue from '../../generated/attn_py.mjs';
import { checkAttention } from '../shared/attention-checks.js';
import { heapStatsOf, unwrap } from '../shared/checks.js';
import { loadModule } from '../shared/load-module.js';
import { LESSON1_LIMITS as L1 } from '../shared/limits/lesson1.js';

/**
 * @typedef {import('./types').Evaluator} Evaluator
 * @typedef {import('./types').EvaluatorLoadOptions} EvaluatorLoadOptions
 * @typedef {import('./types').ExerciseResult} ExerciseResult
 * @typedef {import('./types').ExerciseTodo} ExerciseTodo
 * @typedef {import('./types').TodoVerdict} TodoVerdict
 * @typedef {import('./types').VerdictCode} VerdictCode
 * @typedef {import('./types').VerdictReason} VerdictReason
 * @typedef {import('../shared/types').Seed} Seed
 * @typedef {import('./raw').RawPy} RawPy
 */

/** @type {import('../shared/types').ModuleFactory<RawPy>} */
const createAttnPyModule = /** @type {any} */ (createAttnPyModuleGlue);

/**
 * Wraps a raw Embind evaluator module into the typed API (types.ts).
 * @param {RawPy} m
 * @returns {Evaluator}
 */
export function wrapEvaluator(m) {
  return {
    raw: m,
    version: () => m.version(),
    lesson1: (seed, T = L1.defaultT, dModel = L1.defaultDModel, dK = L1.defaultDk, dV = L1.defaultDv) => unwrap(m.lesson1(seed, T, dModel, dK, dV)),
    lesson1Variance: (seed, T = L1.defaultT, dModel = L1.defaultDModel, dK = L1.defaultDk, dV = L1.defaultDv) =>
      unwrap(m.lesson1Variance(seed, T, dModel, dK, dV)),
    lesson1Run: (seed, T = L1.defaultT, dModel = L1.defaultDModel, dK = L1.defaultDk, dV = L1.defaultDv) =>
      unwrap(m.lesson1Run(seed, T, dModel, dK, dV)),
    // the binding's codes are strings; ExerciseResult names them (types.ts VerdictCode)
    exercise: (seed, todo1, todo2, todo3) => /** @type {ExerciseResult} */ (unwrap(m.exercise(seed, todo1, todo2, todo3))),
    attention(q, k, v, T, S, dK, dV, scale = 'sqrt', causal = false) {
      const code = checkAttention(Float64Array, q, k, v, T, S, dK, dV, scale, causal);
      return unwrap(m.attention(q, k, v, T, S, dK, dV, code, causal));
    },
    heapStats: () => heapStatsOf(m),
  };
}

/**
 * Instantiates the evaluator (once per page: shared/load-module.js) and
 * resolves to its API. options.wasmBinary: the .wasm bytes (Node);
 * options.wasmUrl: where the browser fetches attn_py.wasm from.
 * @param {EvaluatorLoadOptions} [options]
 * @returns {Promise<Evaluator>}
 */
export function loadEvaluator(options = {}) {
  return loadModule(createAttnPyModule, options, wrapEvaluator);
}
