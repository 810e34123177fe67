// Attribute parsing for <attn-heads>: pure functions, no DOM, no engine.
// The rules are the shared ones (web/shared/parse.ts); what is particular
// here is the cap on batch × heads × tokens × dk, checked across attributes.

import { BONUS_LIMITS } from '../../engine/shared/limits/bonus.js';
import {
  TORCH_SEED_LIMIT, defaultsOf, flag, int, resolveSchema, seed, type ParseError as SharedParseError, type Schema,
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

export type Attr = 'seed' | 'batch' | 'heads' | 'tokens' | 'dk' | 'causal';

/** A bad attribute; `product` is set when each size parsed but their product is over the cap. */
export interface ParseError extends SharedParseError<Attr> {
  product?: number;
}

const SIZES = ['batch', 'heads', 'tokens', 'dk'] as const;

export const product = (s: Pick<HeadsState, 'batch' | 'heads' | 'tokens' | 'dk'>): number => s.batch * s.heads * s.tokens * s.dk;

/**
 * The element's attributes. Sizes whose product is over L.elementMaxValues
 * keep their previous values together, with one error naming the first size
 * that changed.
 */
export const SCHEMA: Schema<HeadsState, ParseError> = {
  attrs: {
    seed: seed('seed', SEED_LIMIT, String(L.defaultSeed)),
    batch: int('batch', 1, L.elementMaxBatch, L.defaultBatch),
    heads: int('heads', 1, L.elementMaxHeads, L.defaultHeads),
    tokens: int('tokens', 1, L.elementMaxTokens, L.defaultTokens),
    dk: int('dk', 1, L.elementMaxDk, L.defaultDk),
    causal: flag('causal'),
  },
  across: ({ state, errors }, prev, get) => {
    const p = product(state);
    if (p <= L.elementMaxValues) return;
    const changed = SIZES.find((k) => state[k] !== prev[k]) ?? 'dk';
    errors.push({ attr: changed, got: get(changed) ?? String(state[changed]), product: p });
    for (const k of SIZES) state[k] = prev[k];
  },
};

export const DEFAULTS: Readonly<HeadsState> = Object.freeze(defaultsOf(SCHEMA));

/** The state for the element's attributes from the last valid one (SCHEMA's rules). */
export function resolveState(get: (attr: Attr) => string | null, prev: Readonly<HeadsState>): { state: HeadsState; errors: ParseError[] } {
  return resolveSchema(SCHEMA, (a) => get(a as Attr), prev);
}

/** A value at 4 decimals as PyTorch prints it (Python's '%.4f'). */
export { fixed4 as fmt4 } from '../../engine/shared/pyformat.js';

/** Python's tuple text of a shape: (2, 4, 5, 16). */
export const tuple = (dims: readonly number[]): string => (dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(', ')})`);
