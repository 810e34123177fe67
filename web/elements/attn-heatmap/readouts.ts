// What <attn-heatmap> writes next to the picture: numbers, the formula with
// the current values, the NumPy snippet and the colour scale. Pure functions.
import type { HeatmapState, Scale } from './parse';

/** The number the scores are divided by (matches the engine's scale_divisor). */
export function divisor(scale: Scale, dk: number): number {
  return scale === 'sqrt' ? Math.sqrt(dk) : scale === 'dk' ? dk : 1;
}

/** Fixed decimals, with a real minus sign and −∞ for masked scores. */
export function fmt(x: number, digits = 3): string {
  if (x === -Infinity) return '−∞';
  if (x === Infinity) return '∞';
  if (Number.isNaN(x)) return 'NaN';
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s.replace('-', '−');
}

/** A tiny error such as a row-sum deviation, in scientific notation. */
export function fmtTiny(x: number): string {
  return x === 0 ? '0' : x.toExponential(1).replace('-', '−');
}

export interface Readouts {
  /** std of Q Kᵀ before scaling (≈ √d_k). */
  rawStd: number;
  /** std of the scaled scores (≈ 1 with the √d_k scale). */
  scaledStd: number;
  /** √d_k, the value rawStd is expected to be near. */
  sqrtDk: number;
  divisor: number;
  rowMax: number[];
  meanRowMax: number;
  /** max_i |Σ_j w[i, j] − 1| */
  maxRowSumError: number;
  /** 1/T: what a row's max weight would be if attention were uniform. */
  uniform: number;
}

export interface EngineStats {
  scoreStd: number;
  meanRowMax: number;
  maxRowSumError: number;
}

export function readouts(state: Pick<HeatmapState, 'dk' | 'scale' | 'tokens'>, stats: EngineStats,
  rowMax: ArrayLike<number>): Readouts {
  const d = divisor(state.scale, state.dk);
  return {
    rawStd: stats.scoreStd * d,
    scaledStd: stats.scoreStd,
    sqrtDk: Math.sqrt(state.dk),
    divisor: d,
    rowMax: Array.from(rowMax),
    meanRowMax: stats.meanRowMax,
    maxRowSumError: stats.maxRowSumError,
    uniform: 1 / state.tokens,
  };
}

/** The formula with the current numbers, e.g. "softmax(Q₁₆K₁₆ᵀ / √16) = softmax(Q₁₆K₁₆ᵀ / 4.000)". */
export function formula(state: Pick<HeatmapState, 'dk' | 'scale' | 'causal'>): string {
  const qk = `Q[:, :${state.dk}] · K[:, :${state.dk}]ᵀ`;
  const mask = state.causal ? ' + M' : '';
  if (state.scale === 'none') return `A = softmax(${qk}${mask})`;
  const sym = state.scale === 'sqrt' ? `√${state.dk}` : `${state.dk}`;
  const value = fmt(divisor(state.scale, state.dk), 3);
  return `A = softmax(${qk} / ${sym}${mask}) = softmax(${qk} / ${value}${mask})`;
}

/** Python that reproduces the matrix on screen exactly (see scripts/gen_heatmap_golden.py). */
export function numpySnippet(state: Pick<HeatmapState, 'seed' | 'tokens' | 'dkMax' | 'dk' | 'scale' | 'causal'>): string {
  const div = state.scale === 'sqrt' ? 'np.sqrt(dk)' : state.scale === 'dk' ? 'dk' : '1.0';
  const lines = [
    'import numpy as np',
    '',
    `seed, T, dk_max, dk = ${state.seed}, ${state.tokens}, ${state.dkMax}, ${state.dk}`,
    'rng = np.random.default_rng(seed)',
    'Q = rng.standard_normal((T, dk_max))',
    'K = rng.standard_normal((T, dk_max))',
    `scores = Q[:, :dk] @ K[:, :dk].T / ${div}  # scale="${state.scale}"`,
  ];
  if (state.causal) {
    lines.push('mask = np.triu(np.ones((T, T), dtype=bool), k=1)  # causal: key j > query i',
      'scores = np.where(mask, -np.inf, scores)');
  }
  lines.push(
    'weights = np.exp(scores - scores.max(axis=-1, keepdims=True))',
    'weights /= weights.sum(axis=-1, keepdims=True)',
    'np.set_printoptions(precision=3, suppress=True, linewidth=160)',
    'print(weights)',
  );
  return lines.join('\n') + '\n';
}

// --- colour -----------------------------------------------------------------

/** Viridis, sampled at t = 0, 1/8, …, 1 (dark violet → yellow); lightness rises monotonically. */
const VIRIDIS: ReadonlyArray<readonly [number, number, number]> = [
  [68, 1, 84], [71, 44, 122], [59, 81, 139], [44, 113, 142], [33, 144, 141],
  [39, 173, 129], [92, 200, 99], [170, 220, 50], [253, 231, 37],
];

/** Colour of a weight w in [0, 1]: 0 is light yellow, 1 is dark violet (darker = larger). */
export function weightRgb(w: number): [number, number, number] {
  const t = 1 - Math.min(1, Math.max(0, Number.isFinite(w) ? w : 0));
  const x = t * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const f = x - i;
  const a = VIRIDIS[i];
  const b = VIRIDIS[i + 1];
  return [0, 1, 2].map((k) => Math.round(a[k] + (b[k] - a[k]) * f)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: readonly number[], b: readonly number[]): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** 256 CSS colours for weights 0 … 1, and the text colour readable on each. */
export function buildLut(): { fill: string[]; ink: string[] } {
  const fill: string[] = [];
  const ink: string[] = [];
  for (let i = 0; i < 256; i++) {
    const rgb = weightRgb(i / 255);
    fill.push(`rgb(${rgb[0]},${rgb[1]},${rgb[2]})`);
    ink.push(contrast(rgb, [0, 0, 0]) >= contrast(rgb, [255, 255, 255]) ? '#000' : '#fff');
  }
  return { fill, ink };
}

export function lutIndex(w: number): number {
  return Math.min(255, Math.max(0, Math.round((Number.isFinite(w) ? w : 0) * 255)));
}
