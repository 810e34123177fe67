// @ts-check
// What the engines' loaders share: argument checks, with
// the argument's name, allowed range and given value in the message, before
// anything crosses into WASM (the core's C++ bindings check the ranges again,
// but tersely, so the module stays small; see cpp/bindings/core.cpp), and the
// shapes of what the bindings return. Every range comes from ./limits/
// (generated from cpp/src/limits.hpp). The checks of one attention call on
// typed arrays are in ./attention-checks.js (the heatmap's engine makes none).
import { SEED_LIMITS } from './limits/seed.js';

/**
 * A value as shown in a message, cut to 40 characters.
 * @param {unknown} v
 * @returns {string}
 */
export function shown(v) {
  let s;
  try {
    s = typeof v === 'string' ? `"${v}"` : String(v);
  } catch {
    s = Object.prototype.toString.call(v);
  }
  return s.length > 42 ? `${s.slice(0, 40)}...` : s;
}

/**
 * An integer in [lo, hi], or a TypeError / RangeError naming it.
 * @param {unknown} v
 * @param {string} name
 * @param {number} lo
 * @param {number} hi
 * @returns {number}
 */
export function checkInt(v, name, lo, hi) {
  const want = `${name} must be an integer in [${lo}, ${hi}], got ${shown(v)}`;
  if (typeof v !== 'number') throw new TypeError(want);
  if (!Number.isInteger(v) || v < lo || v > hi) throw new RangeError(want);
  return v;
}

/**
 * seed: a decimal string, a non-negative safe integer or a BigInt, < 2^64 -> its decimal string.
 * @param {unknown} v
 * @returns {string}
 */
export function checkSeed(v) {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'bigint')
    throw new TypeError(`seed must be a decimal string, an integer or a BigInt in [0, 2^64), got ${shown(v)}`);
  if ((typeof v === 'string' && v.length > SEED_LIMITS.maxTextChars) || (typeof v === 'number' && !Number.isSafeInteger(v)))
    throw new RangeError(`seed must be an integer in [0, 2^64), got ${shown(v)}`);
  return String(v); // the evaluator parses it (and words the range error)
}

const U64 = 2n ** 64n;

/**
 * A seed checked and parsed here, for the core module (which takes no text):
 * [high 32 bits, low 32 bits] of the uint64.
 * @param {unknown} v
 * @returns {[number, number]}
 */
export function seedParts(v) {
  const text = checkSeed(v);
  if (!/^[0-9]+$/.test(text) || BigInt(text) >= U64) {
    const chars = Array.from(text);
    const echo = chars.length > 40 ? `${chars.slice(0, 40).join('')}\u2026` : text;
    throw new RangeError(`seed must be an integer in [0, 2^64), got "${echo}"`);
  }
  const b = BigInt(text);
  return [Number(b >> 32n), Number(b & 0xffffffffn)];
}

/** @type {Record<import('./types').ScaleName, number>} */
const SCALES = { none: 0, sqrt: 1, dk: 2 };

/**
 * 'none' | 'sqrt' | 'dk' -> the engine's code (0, 1, 2).
 * @param {unknown} v
 * @returns {number}
 */
export function checkScale(v) {
  if (typeof v === 'string' && Object.hasOwn(SCALES, v)) return SCALES[/** @type {import('./types').ScaleName} */ (v)];
  const msg = `scale must be one of "none", "sqrt", "dk", got ${shown(v)}`;
  throw typeof v === 'string' ? new RangeError(msg) : new TypeError(msg);
}

/**
 * @param {unknown} v
 * @param {string} name
 * @returns {boolean}
 */
export function checkBool(v, name) {
  if (typeof v !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${shown(v)}`);
  return v;
}

/**
 * heapStats() of any module: WASM memory bytes and malloc bytes in use (the bindings' HeapStats).
 * @param {import('./types').RawModule | { heapStats(): { memoryBytes: number; usedBytes: number } }} m
 * @returns {{ memoryBytes: number; usedBytes: number }}
 */
export function heapStatsOf(m) {
  return m.heapStats();
}

/**
 * Throws an Error the bindings returned (they return errors rather than throw from WASM).
 * @template T
 * @param {T} result
 * @returns {Exclude<T, Error>}
 */
export function unwrap(result) {
  if (result instanceof Error) throw result;
  return /** @type {Exclude<T, Error>} */ (result);
}
