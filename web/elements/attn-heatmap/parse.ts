// Attribute parsing for <attn-heatmap>: pure functions, no DOM, no engine.
//
// Every attribute is parsed on its own. A value that does not parse keeps the
// attribute's last valid value and yields a ParseError naming the attribute
// and its allowed range; the element shows those errors to the reader.

import { HEATMAP_LIMITS as H } from '../../engine/shared/limits/heatmap.js';
import {
  NUMPY_SEED_LIMIT, choice, defaultsOf, flag, int, list, parseChoice, parseFlag, parseIntIn, parseSeed as parseSeedIn,
  resolveSchema, seed, shown, type Schema,
} from '../../shared/parse';

export type Scale = 'sqrt' | 'none' | 'dk';
export const SCALES: readonly Scale[] = ['sqrt', 'none', 'dk'];

// Ranges and defaults: cpp/src/limits.hpp (through the generated limits/heatmap.js).
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

/**
 * The element's attributes, in the order their errors are listed. dk above
 * dk-max is an error on dk (naming 1..dk-max), and then both dk and dk-max
 * keep their last valid pair; an absent dk is the default, at most dk-max.
 */
export const SCHEMA: Schema<HeatmapState, ParseError> = {
  attrs: {
    tokens: int('tokens', TOKENS_MIN, TOKENS_MAX, H.defaultTokens),
    dkMax: int('dk-max', 1, DK_MAX_LIMIT, H.defaultDkMax),
    dk: int('dk', 1, DK_MAX_LIMIT, H.defaultDk),
    seed: seed('seed', NUMPY_SEED_LIMIT, '0'),
    scale: choice('scale', SCALES, 'sqrt'),
    causal: flag('causal'),
    compare: flag('compare'),
    logScale: flag('log-scale'),
    labels: list('labels', parseLabels, []),
  },
  error: (spec, raw) => {
    const got = shown(raw);
    if (spec.kind === 'seed') return { attr: 'seed', kind: 'seed', got };
    if (spec.kind === 'choice') return { attr: 'scale', kind: 'enum', allowed: SCALES, got };
    return { attr: spec.attr as 'tokens' | 'dk' | 'dk-max', kind: 'int', min: spec.min!, max: spec.max!, got };
  },
  across: ({ state, errors }, prev, get) => {
    const raw = get('dk');
    if (raw === null) { state.dk = Math.min(state.dk, state.dkMax); return; }
    const at = errors.findIndex((e) => e.attr === 'dk');
    if (at < 0 && state.dk <= state.dkMax) return;
    const error: ParseError = { attr: 'dk', kind: 'int', min: 1, max: state.dkMax, got: shown(raw) };
    if (at >= 0) errors[at] = error;
    else {
      const later = errors.findIndex((e) => e.attr === 'seed' || e.attr === 'scale');
      errors.splice(later < 0 ? errors.length : later, 0, error);
    }
    state.dk = prev.dk;
    if (state.dk > state.dkMax) state.dkMax = prev.dkMax; // keep the last valid pair
  },
};

export const DEFAULTS: Readonly<HeatmapState> = Object.freeze(defaultsOf(SCHEMA));

export type AttrReader = (name: string) => string | null;

/** The element's state from its attributes, from the last valid state `last` (SCHEMA's rules). */
export function resolveState(get: AttrReader, last: Readonly<HeatmapState>): { state: HeatmapState; errors: ParseError[] } {
  return resolveSchema(SCHEMA, get, last);
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
