// @ts-check
// The checks of one attention call on typed arrays (the evaluator's float64
// and the trainer's float32 attention): its sizes against ATTENTION_LIMITS
// (generated from cpp/src/limits.hpp), its scale and mask flag, and each
// array's type and length. A module of its own, so that the heatmap's engine,
// which makes no such call, does not carry them.
import { ATTENTION_LIMITS } from './limits/attention.js';
import { checkBool, checkInt, checkScale, shown } from './checks.js';

/**
 * A typed array of one type holding exactly `len` values.
 * @template {Float32Array | Float64Array} A
 * @param {unknown} a
 * @param {string} name
 * @param {{ new (n: number): A; readonly name: string }} Type
 * @param {number} len
 * @returns {A}
 */
export function checkArray(a, name, Type, len) {
  if (!(a instanceof Type)) throw new TypeError(`${name} must be a ${Type.name}, got ${shown(a)}`);
  if (a.length !== len) throw new RangeError(`${name} must hold ${len} values for its shape, got ${a.length}`);
  return a;
}

export const MAX_DIM = ATTENTION_LIMITS.maxDim;
export const MAX_VALUES = ATTENTION_LIMITS.maxValues;

/**
 * Sizes of one attention call: each in [1, MAX_DIM], every matrix at most MAX_VALUES values.
 * @param {number} T
 * @param {number} S
 * @param {number} dK
 * @param {number} dV
 */
export function checkShape(T, S, dK, dV) {
  checkInt(T, 'T', 1, MAX_DIM);
  checkInt(S, 'S', 1, MAX_DIM);
  checkInt(dK, 'dK', 1, MAX_DIM);
  checkInt(dV, 'dV', 1, MAX_DIM);
  if (T * S > MAX_VALUES || T * dK > MAX_VALUES || S * dK > MAX_VALUES || S * dV > MAX_VALUES || T * dV > MAX_VALUES)
    throw new RangeError(`T, S, dK and dV must keep every matrix at most ${MAX_VALUES} values`);
}

/**
 * The arguments of one attention call on typed arrays of `Type`: q (T, dK),
 * k (S, dK), v (S, dV), the sizes, the scale and the mask flag. Returns the
 * scale's code.
 * @template {Float32Array | Float64Array} A
 * @param {{ new (n: number): A; readonly name: string }} Type
 * @param {unknown} q
 * @param {unknown} k
 * @param {unknown} v
 * @param {number} T
 * @param {number} S
 * @param {number} dK
 * @param {number} dV
 * @param {unknown} scale
 * @param {unknown} causal
 * @returns {number}
 */
export function checkAttention(Type, q, k, v, T, S, dK, dV, scale, causal) {
  checkShape(T, S, dK, dV);
  const code = checkScale(scale);
  checkBool(causal, 'causal');
  checkArray(q, 'q', Type, T * dK);
  checkArray(k, 'k', Type, S * dK);
  checkArray(v, 'v', Type, S * dV);
  return code;
}
