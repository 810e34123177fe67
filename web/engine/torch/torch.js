// @ts-check
// The loader of the PyTorch module (attn_torch): the reading note's toy
// tensors with PyTorch-exact draws, for <attn-tril>. Its own small module,
// instantiated once per page on first use. The bindings check their
// arguments (cpp/bindings/torch.cpp) and return an Error instead of throwing
// from inside WASM; this wrapper checks first, with full messages, and throws.
// Checked (// @ts-check) against the interfaces in ./types.ts, and its calls
// against the raw module's ./raw.ts (generated from the binding by
// scripts/gen-binding-types.mjs): a method renamed or dropped here or there,
// or a changed signature, fails the type check.
import createAttnTorchModuleGlue from '../../generated/attn_torch.mjs';
import { heapStatsOf, seedParts, shown, unwrap } from '../shared/checks.js';
import { loadModule } from '../shared/load-module.js';
import { BONUS_LIMITS } from '../shared/limits/bonus.js';
import { TORCH_LIMITS } from '../shared/limits/torch.js';

/**
 * @typedef {import('../shared/types').Seed} Seed
 * @typedef {import('./raw').RawTorch} RawTorch
 * @typedef {import('./types').TrilThreeWays} TrilThreeWays
 * @typedef {import('./types').TrilHead} TrilHead
 * @typedef {import('./types').TrilPermutation} TrilPermutation
 * @typedef {import('./types').BonusShape} BonusShape
 * @typedef {import('./types').BonusResult} BonusResult
 * @typedef {import('./types').BonusTileStep} BonusTileStep
 * @typedef {import('./types').TorchLab} TorchLab
 * @typedef {import('./types').TorchLoadOptions} TorchLoadOptions
 */

/** @type {import('../shared/types').ModuleFactory<RawTorch>} */
const createAttnTorchModule = /** @type {any} */ (createAttnTorchModuleGlue);

/**
 * [hi, lo] of a seed in [0, 2^63) (torch.manual_seed's range here).
 * @param {unknown} seed
 * @returns {[number, number]}
 */
function torchSeed(seed) {
  const parts = seedParts(seed);
  if (parts[0] >= 0x80000000) throw new RangeError(`seed must be an integer in [0, 2^63), got ${shown(seed)}`);
  return parts;
}

/**
 * @param {unknown} perm
 * @returns {number[]}
 */
function checkPerm(perm) {
  const ok = Array.isArray(perm) && perm.length === 8 && perm.every((v) => Number.isInteger(v) && v >= 0 && v <= 7) &&
    new Set(perm).size === 8;
  if (!ok) throw new RangeError(`perm must be an array holding 0..7 once each, got ${shown(perm)}`);
  return perm;
}

/**
 * [B, H, T, D] within <attn-heads>' limits (limits.hpp, Bonus).
 * @param {unknown} shape
 * @returns {[number, number, number, number]}
 */
function checkBonusShape(shape) {
  const L = BONUS_LIMITS;
  const max = [L.elementMaxBatch, L.elementMaxHeads, L.elementMaxTokens, L.elementMaxDk];
  const ok = Array.isArray(shape) && shape.length === 4 &&
    shape.every((v, i) => Number.isInteger(v) && v >= 1 && v <= max[i]) &&
    shape.reduce((a, b) => a * b, 1) <= L.elementMaxValues;
  if (!ok) {
    throw new RangeError(`shape must be [B, H, T, D] with B in [1, ${max[0]}], H in [1, ${max[1]}], T in [1, ${max[2]}], ` +
      `D in [1, ${max[3]}] and B·H·T·D at most ${L.elementMaxValues}, got ${shown(shape)}`);
  }
  return /** @type {[number, number, number, number]} */ (shape);
}

/**
 * The binding's BonusArgs, checked.
 * @param {unknown} seed @param {unknown} shape @param {unknown} causal
 */
function bonusArgs(seed, shape, causal) {
  const [seedHi, seedLo] = torchSeed(seed);
  const [batch, heads, tokens, dk] = checkBonusShape(shape);
  return { seedHi, seedLo, batch, heads, tokens, dk, causal: Boolean(causal) };
}

/**
 * Wraps a raw Embind module into the typed API (./types.ts).
 * @param {RawTorch} m
 * @returns {TorchLab}
 */
export function wrapTorch(m) {
  return {
    raw: m,
    version: () => m.version(),
    threeWays(seed) {
      const [hi, lo] = torchSeed(seed);
      return unwrap(m.threeWays(hi, lo));
    },
    head(seed, mask = true, scale = true) {
      const [hi, lo] = torchSeed(seed);
      return unwrap(m.head(hi, lo, Boolean(mask), Boolean(scale)));
    },
    unitVariance(seed) {
      const [hi, lo] = torchSeed(seed);
      return unwrap(m.unitVariance(hi, lo));
    },
    softmaxTemperature(mult) {
      const max = TORCH_LIMITS.maxTemperature;
      if (typeof mult !== 'number' || !(mult >= 0 && mult <= max))
        throw new RangeError(`m must be a number in [0, ${max}], got ${shown(mult)}`);
      return unwrap(m.softmaxTemperature(mult));
    },
    permutation(seed, b, perm, positions = false) {
      const [hi, lo] = torchSeed(seed);
      if (!Number.isInteger(b) || b < 0 || b > 3) throw new RangeError(`b must be an integer in [0, 3], got ${shown(b)}`);
      return unwrap(m.permutation(hi, lo, b, [...checkPerm(perm)], Boolean(positions)));
    },
    bonus(seed, shape, causal = true) {
      return unwrap(m.bonus(bonusArgs(seed, shape, causal)));
    },
    bonusTrace(seed, shape, causal, b, hd, i) {
      const args = bonusArgs(seed, shape, causal);
      const idx = /** @type {const} */ ([['b', b, args.batch], ['h', hd, args.heads], ['i', i, args.tokens]]);
      for (const [name, v, n] of idx) {
        if (!Number.isInteger(v) || v < 0 || v >= n) throw new RangeError(`${name} must be an integer in [0, ${n - 1}], got ${shown(v)}`);
      }
      return unwrap(m.bonusTrace(args, { b, h: hd, i }));
    },
    heapStats: () => heapStatsOf(m),
  };
}

/**
 * Instantiates the module (once per page: shared/load-module.js) and resolves
 * to its API. options.wasmBinary: the .wasm bytes (Node); options.wasmUrl:
 * where the browser fetches attn_torch.wasm from.
 * @param {TorchLoadOptions} [options]
 * @returns {Promise<TorchLab>}
 */
export function loadTorch(options = {}) {
  return loadModule(createAttnTorchModule, options, wrapTorch);
}
