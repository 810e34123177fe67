// Types of the PyTorch module's JS API (Emscripten 3.1.6 has no --emit-tsd):
// the interfaces the loader torch.js implements. The loader is JavaScript
// checked against them (// @ts-check and JSDoc), so the type check fails when
// the two part ways. Every array is a fresh Float64Array holding float32
// values (PyTorch's dtype) widened, row-major.
import type { OneBuildOptions, Seed } from '../shared/types';

export type { Seed };

/** torch.manual_seed(seed); x = torch.randn(4, 8, 2), averaged over the past three ways. */
export interface TrilThreeWays {
  /** (4, 8, 2) */
  x: Float64Array;
  /** The double loop with torch.mean: (4, 8, 2) */
  xbowLoop: Float64Array;
  /** tril / tril.sum(1, keepdim=True) @ x: (4, 8, 2) */
  xbowTril: Float64Array;
  /** softmax(zeros.masked_fill(tril == 0, -inf)) @ x: (4, 8, 2) */
  xbowSoftmax: Float64Array;
  /** The weights the loop applies (1/(t+1) for j <= t): (8, 8) */
  weiLoop: Float64Array;
  /** (8, 8) */
  weiTril: Float64Array;
  /** (8, 8) */
  weiSoftmax: Float64Array;
  /** Largest |difference| between any two of the three results. */
  maxDiff: number;
  /** torch.allclose(xbow, xbow2) (rtol 1e-5, atol 1e-8), as PyTorch 1.13 on x86 computes it. */
  allcloseTril: boolean;
  /** torch.allclose(xbow, xbow3). */
  allcloseSoftmax: boolean;
}

/**
 * The notebook's single head after torch.manual_seed(seed): x = randn(4, 8, 32), then
 * key, query, value = nn.Linear(32, 16, bias=False) (in this order), then nn.Embedding(8, 32).
 */
export interface TrilHead {
  /** (4, 8, 32) */
  x: Float64Array;
  /** q @ k^T (times 16**-0.5 when scaled): (4, 8, 8) */
  scores: Float64Array;
  /** softmax of the (masked) scores: (4, 8, 8) */
  wei: Float64Array;
  /** wei @ v: (4, 8, 16) */
  out: Float64Array;
  /** (q @ k^T).var() over all 256 values (unbiased, as torch.var). */
  varUnscaled: number;
  /** (q @ k^T * 16**-0.5).var() */
  varScaled: number;
}

/** The head without the mask on x[b] (+ positions) and on x[b][perm] (+ positions). */
export interface TrilPermutation {
  /** (8, 16) */
  out: Float64Array;
  /** (8, 16); row i is the output at token perm[i]'s new place. */
  outPerm: Float64Array;
  /** max |outPerm[i] - out[perm[i]]| */
  maxDiff: number;
}

/** Lesson 1's bonus shape [B, H, T, D]. */
export type BonusShape = readonly [number, number, number, number];

/** torch.manual_seed(seed); q, k, v = torch.randn(3, B, H, T, D).unbind(0), then both attentions. */
export interface BonusResult {
  /** (B, H, T, D) each */
  q: Float64Array;
  k: Float64Array;
  v: Float64Array;
  /** The learner's lines (masked softmax(q kᵀ / √D) v): (B, H, T, D) */
  mine: Float64Array;
  /** The tiled online-softmax kernel: (B, H, T, D) */
  fused: Float64Array;
  /** softmax weights: (B, H, T, T) */
  weights: Float64Array;
  /** max |mine − fused| */
  maxDiff: number;
  /** torch.allclose(mine, fused, atol=1e-6) */
  allclose: boolean;
}

/** One query row's online-softmax state after a key tile. */
export interface BonusTileStep {
  /** keys [firstKey, lastKey) */
  firstKey: number;
  lastKey: number;
  /** running max of the scaled scores */
  max: number;
  /** running sum of exp(score − max) */
  sum: number;
  /** the row's output so far (accumulator / sum): (D,) */
  out: Float64Array;
}

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
