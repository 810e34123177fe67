// Types of the PyTorch module's JS API: the interface the loader torch.js
// implements over the raw module (./raw.ts, generated from the binding). The loader is JavaScript
// checked against them (// @ts-check and JSDoc), so the type check fails when
// the two part ways. Every array is a fresh Float64Array holding float32
// values (PyTorch's dtype) widened, row-major.
import type { OneBuildOptions, Seed } from '../shared/types';

export type { Seed };

// The results are the binding's value objects (cpp/bindings/torch.cpp), typed in ./raw.ts.
export type { TrilThreeWays, TrilHead, TrilPermutation, BonusResult, BonusTileStep } from './raw';
import type { TrilThreeWays, TrilHead, TrilPermutation, BonusResult, BonusTileStep } from './raw';

/** Lesson 1's bonus shape [B, H, T, D]. */
export type BonusShape = readonly [number, number, number, number];

export interface TorchLab {
  version(): string;
  /** seed in [0, 2^63). */
  threeWays(seed: Seed): TrilThreeWays;
  head(seed: Seed, mask?: boolean, scale?: boolean): TrilHead;
  /** After the seed: k = randn(4, 8, 16), q = randn(4, 8, 16); [k.var(), q.var(), (q@kᵀ).var(), (q@kᵀ·¼).var()]. */
  unitVariance(seed: Seed): Float64Array;
  /** softmax(tensor([0.1, -0.2, 0.3, -0.2, 0.5]) * m), m in [0, 64]: (5,) */
  softmaxTemperature(m: number): Float64Array;
  /** b in [0, 3]; perm holds 0..7 once each. */
  permutation(seed: Seed, b: number, perm: readonly number[], positions?: boolean): TrilPermutation;
  /** Lesson 1's bonus; shape within <attn-heads>' limits (BONUS_LIMITS.element*). */
  bonus(seed: Seed, shape: BonusShape, causal?: boolean): BonusResult;
  /** The fused kernel's state for query row i of head (b, h), one entry per key tile. */
  bonusTrace(seed: Seed, shape: BonusShape, causal: boolean, b: number, h: number, i: number): BonusTileStep[];
  heapStats(): { memoryBytes: number; usedBytes: number };
  /** The raw Embind module (errors are returned, not thrown). */
  readonly raw: unknown;
}

export type TorchLoadOptions = OneBuildOptions;
