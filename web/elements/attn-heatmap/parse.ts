// Attribute parsing for <attn-heatmap>: pure functions, no DOM, no engine.
//
// Every attribute is parsed on its own. A value that does not parse keeps the
// attribute's last valid value and yields a ParseError naming the attribute
// and its allowed range; the element shows those errors to the reader.

import { HEATMAP_LIMITS as H } from '../../engine/shared/limits.js';
import { NUMPY_SEED_LIMIT, parseChoice, parseFlag, parseIntIn, parseSeed as parseSeedIn, shown } from '../../shared/parse';

export type Scale = 'sqrt' | 'none' | 'dk';
export const SCALES: readonly Scale[] = ['sqrt', 'none', 'dk'];

// Ranges and defaults: cpp/src/limits.hpp (through the generated limits.js).
export const TOKENS_MIN = H.minTokens;
export const TOKENS_MAX = H.maxTokens;
export const DK_MAX_LIMIT = H.maxDk;
/** 2^64 − 1, the largest seed NumPy's default_rng takes through this API. */
export const SEED_MAX = NUMPY_SEED_LIMIT - 1n;

export interface HeatmapState {
  tokens: number;
  dk: number;
  dkMax: number;
  /** Canonical decimal string (no sign, no leading zeros). */
  seed: string;
  scale: Scale;
  causal: boolean;
  compare: boolean;
  logScale: boolean;
  /** Token labels as given (trimmed); may be shorter or longer than tokens. */
  labels: string[];
}

export const DEFAULTS: Readonly<HeatmapState> = Object.freeze({
  tokens: H.defaultTokens,
  dk: H.defaultDk,
  dkMax: H.defaultDkMax,
  seed: '0',
  scale: 'sqrt',
  causal: false,
  compare: false,
  logScale: false,
  labels: [] as string[],
});

export type ErrorAttr = 'tokens' | 'dk' | 'dk-max' | 'seed' | 'scale';

export type ParseError =
  | { attr: 'tokens' | 'dk' | 'dk-max'; kind: 'int'; min: number; max: number; got: string }
  | { attr: 'seed'; kind: 'seed'; got: string }
  | { attr: 'scale'; kind: 'enum'; allowed: readonly Scale[]; got: string };

export { parseIntIn, shown };

/** A seed 0 <= seed < 2^64 as a canonical decimal string; null if it is not one. */
export const parseSeed = (raw: string): string | null => parseSeedIn(raw, NUMPY_SEED_LIMIT);

export const parseScale = (raw: string): Scale | null => parseChoice(raw, SCALES);

/** A boolean (presence) attribute. */
export const parseBool = parseFlag;

/** Comma-separated labels; empty input means none. */
export function parseLabels(raw: string | null): string[] {
  if (raw === null || raw.trim() === '') return [];
  return raw.split(',').map((s) => s.trim()).slice(0, TOKENS_MAX);
}

/** The label shown for token i: the author's label if given, else its index. */
export function tokenLabel(labels: readonly string[], i: number): string {
  const l = labels[i];
  return l !== undefined && l !== '' ? l : String(i);
}

export type AttrReader = (name: string) => string | null;

/**
 * Resolves the element's state from its attributes. Absent attributes take
 * their defaults; bad ones keep `last`'s value. dk above dk-max is an error on
 * dk, and then both dk and dk-max keep their last valid pair.
 */
export function resolveState(get: AttrReader, last: Readonly<HeatmapState>): { state: HeatmapState; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const int = (attr: 'tokens' | 'dk' | 'dk-max', def: number, prev: number, min: number, max: number): number => {
    const raw = get(attr);
    if (raw === null) return def;
    const v = parseIntIn(raw, min, max);
    if (v !== null) return v;
    errors.push({ attr, kind: 'int', min, max, got: shown(raw) });
    return prev;
  };

  const tokens = int('tokens', DEFAULTS.tokens, last.tokens, TOKENS_MIN, TOKENS_MAX);
  let dkMax = int('dk-max', DEFAULTS.dkMax, last.dkMax, 1, DK_MAX_LIMIT);

  let dk: number;
  const dkRaw = get('dk');
  if (dkRaw === null) {
    dk = Math.min(DEFAULTS.dk, dkMax);
  } else {
    const v = parseIntIn(dkRaw, 1, DK_MAX_LIMIT);
    if (v !== null && v <= dkMax) {
      dk = v;
    } else {
      errors.push({ attr: 'dk', kind: 'int', min: 1, max: dkMax, got: shown(dkRaw) });
      dk = last.dk;
      if (dk > dkMax) dkMax = last.dkMax; // keep the last valid pair
    }
  }

  let seed = DEFAULTS.seed;
  const seedRaw = get('seed');
  if (seedRaw !== null) {
    const v = parseSeed(seedRaw);
    if (v !== null) seed = v;
    else {
      errors.push({ attr: 'seed', kind: 'seed', got: shown(seedRaw) });
      seed = last.seed;
    }
  }

  let scale: Scale = DEFAULTS.scale;
  const scaleRaw = get('scale');
  if (scaleRaw !== null) {
    const v = parseScale(scaleRaw);
    if (v !== null) scale = v;
    else {
      errors.push({ attr: 'scale', kind: 'enum', allowed: SCALES, got: shown(scaleRaw) });
      scale = last.scale;
    }
  }

  return {
    state: {
      tokens, dk, dkMax, seed, scale,
      causal: parseBool(get('causal')),
      compare: parseBool(get('compare')),
      logScale: parseBool(get('log-scale')),
      labels: parseLabels(get('labels')),
    },
    errors,
  };
}

// --- the d_k slider ---------------------------------------------------------

/**
 * Slider stops for the log-scale option: distinct integers from 1 to dkMax,
 * spaced evenly in log(d_k), so every step changes d_k.
 */
export function logStops(dkMax: number, steps = 160): number[] {
  const out = new Set<number>([1]);
  for (let i = 1; i <= steps; i++) out.add(Math.min(dkMax, Math.max(1, Math.round(dkMax ** (i / steps)))));
  out.add(dkMax);
  return [...out].sort((a, b) => a - b);
}

/** Index of the stop nearest to dk in log distance. */
export function nearestStop(stops: readonly number[], dk: number): number {
  let best = 0;
  let bestDist = Infinity;
  for (let i = 0; i < stops.length; i++) {
    const d = Math.abs(Math.log(stops[i]) - Math.log(dk));
    if (d < bestDist) { best = i; bestDist = d; }
  }
  return best;
}
