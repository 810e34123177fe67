// Attribute parsing for <attn-heads>: pure functions, no DOM, no engine.
// The rules are the shared ones (web/shared/parse.ts); what is particular
// here is the cap on batch × heads × tokens × dk, checked across attributes.

import { BONUS_LIMITS } from '../../engine/shared/limits.js';
import {
  TORCH_SEED_LIMIT, field, parseFlag, parseIntIn, parseSeed, resolveState as resolveShared, type Field, type ParseError as SharedParseError,
} from '../../shared/parse';

export const L = BONUS_LIMITS;

/** torch.manual_seed's range here: 0 <= seed < 2^63. */
export const SEED_LIMIT = TORCH_SEED_LIMIT;

export interface HeadsState {
  /** Canonical decimal string. */
  seed: string;
  batch: number;
  heads: number;
  tokens: number;
  dk: number;
  causal: boolean;
}

export const DEFAULTS: Readonly<HeadsState> = Object.freeze({
  seed: String(L.defaultSeed),
  batch: L.defaultBatch,
  heads: L.defaultHeads,
  tokens: L.defaultTokens,
  dk: L.defaultDk,
  causal: false,
});

export type Attr = 'seed' | 'batch' | 'heads' | 'tokens' | 'dk' | 'causal';
export const ATTRS: readonly Attr[] = ['seed', 'batch', 'heads', 'tokens', 'dk', 'causal'];

/** A bad attribute; `product` is set when each size parsed but their product is over the cap. */
export interface ParseError extends SharedParseError<Attr> {
  product?: number;
}

const FIELDS: readonly Field<HeadsState, Attr>[] = [
  field('seed', 'seed', (raw) => parseSeed(raw, SEED_LIMIT)),
  field('batch', 'batch', (raw) => parseIntIn(raw, 1, L.elementMaxBatch)),
  field('heads', 'heads', (raw) => parseIntIn(raw, 1, L.elementMaxHeads)),
  field('tokens', 'tokens', (raw) => parseIntIn(raw, 1, L.elementMaxTokens)),
  field('dk', 'dk', (raw) => parseIntIn(raw, 1, L.elementMaxDk)),
];

const SIZES = ['batch', 'heads', 'tokens', 'dk'] as const;

export const product = (s: Pick<HeadsState, 'batch' | 'heads' | 'tokens' | 'dk'>): number => s.batch * s.heads * s.tokens * s.dk;

/**
 * The state for the element's attributes from the last valid one. Sizes whose
 * product is over L.elementMaxValues keep their previous values together, with
 * one error naming the first size that changed.
 */
export function resolveState(get: (attr: Attr) => string | null, prev: Readonly<HeadsState>): { state: HeadsState; errors: ParseError[] } {
  const { state, errors } = resolveShared<HeadsState, Attr>(get, prev, DEFAULTS, FIELDS);
  state.causal = parseFlag(get('causal'));
  const p = product(state);
  if (p > L.elementMaxValues) {
    const changed = SIZES.find((k) => state[k] !== prev[k]) ?? 'dk';
    const out: ParseError[] = [...errors, { attr: changed, got: get(changed) ?? String(state[changed]), product: p }];
    for (const k of SIZES) state[k] = prev[k];
    return { state, errors: out };
  }
  return { state, errors };
}

/** A value at 4 decimals as PyTorch prints it (Python's '%.4f'). */
export { fixed4 as fmt4 } from '../../engine/shared/pyformat.js';

/** Python's tuple text of a shape: (2, 4, 5, 16). */
export const tuple = (dims: readonly number[]): string => (dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(', ')})`);
