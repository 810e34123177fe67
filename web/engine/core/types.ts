// Types of the core module's JS API (attn_core: the loader core/engine.js
// implements them over the raw module, ./raw.ts, generated from the binding;
// checked with // @ts-check and JSDoc).
import type { ModuleOptions, ScaleName, Seed } from '../shared/types';
import type { HeatmapStats } from './raw';

export type { ScaleName, Seed };
/** One heatmap step's figures: the binding's value object (cpp/bindings/core.cpp). */
export type { HeatmapStats };

/** Q, K = default_rng(seed).standard_normal((tokens, dkMax)) each, drawn once. */
export interface Heatmap {
  readonly tokens: number;
  readonly dkMax: number;
  /** One slider step; uses Q[:, :dk], K[:, :dk]. Throws RangeError/TypeError on bad input. */
  compute(dk: number, scale: ScaleName, causal: boolean): HeatmapStats;
  /** Fresh copies, row-major (tokens × tokens). */
  weights(): Float64Array;
  /** Scaled scores; masked cells are -Infinity. */
  scores(): Float64Array;
  /** Q Kᵀ before scaling and masking. */
  rawScores(): Float64Array;
  rowMax(): Float64Array;
  rowSums(): Float64Array;
  /** Frees the WASM-side buffers. */
  delete(): void;
}

/** The core module: random draws, attention kernels, the heatmap model. */
export interface Engine {
  version(): string;
  /** default_rng(seed).standard_normal(count), count <= 2^20. */
  standardNormal(seed: Seed, count: number): Float64Array;
  createHeatmap(seed: Seed, tokens: number, dkMax: number): Heatmap;
  /** WASM memory size and bytes in use by malloc. */
  heapStats(): { memoryBytes: number; usedBytes: number };
  /** The raw Embind module (errors are returned, not thrown; objects are integer handles). */
  readonly raw: unknown;
  /** Which build loadEngine() chose: true for SIMD, false for the scalar fallback (unset from wrapModule). */
  simd?: boolean;
}

/** The SIMD build, or the scalar one where SIMD is missing (shared/load-module.js). */
export type LoadOptions = ModuleOptions;
