// Attribute parsing for <attn-tril>: pure functions, no DOM, no engine.
// Each attribute is parsed on its own; a value that does not parse keeps the
// attribute's last valid value and yields a ParseError the element shows.

import { TORCH_LIMITS } from '../../engine/shared/limits/torch.js';
import {
  TORCH_SEED_LIMIT, choice, decimal, defaultsOf, flag, flagSpelling, int, list, parseChoice, parseDecimal, parseFlag,
  parseSeed as parseSeedIn, resolveSchema, seed, type ParseError as SharedParseError, type Schema,
} from '../../shared/parse';

/** The temperature multiplier's range (cpp/src/limits.hpp Torch). */
export const M_MIN = TORCH_LIMITS.elementMinTemperature;
export const M_MAX = TORCH_LIMITS.elementMaxTemperature;

export type View = 'average' | 'attention';
export type Part = 'three' | 'head' | 'temperature' | 'permutation';
export const PARTS: readonly Part[] = ['three', 'head', 'temperature', 'permutation'];

/** torch.manual_seed's range here: 0 <= seed < 2^63. */
export const SEED_LIMIT = TORCH_SEED_LIMIT;

export interface TrilState {
  /** Canonical decimal string. */
  seed: string;
  b: number;
  step: number;
  view: View;
  /** The causal mask (decoder block); off: `unmasked` (an encoder block). */
  mask: boolean;
  /** Divide by √head_size (`scale="sqrt"`); off: `scale="none"`. */
  scale: boolean;
  /** softmax temperature multiplier, M_MIN..M_MAX */
  m: number;
  perm: number[];
  positions: boolean;
  parts: Part[];
}

/** `mask` is the older spelling of `unmasked` (mask="off" is unmasked). */
export type Attr = 'seed' | 'b' | 'step' | 'view' | 'unmasked' | 'mask' | 'scale' | 'm' | 'perm' | 'positions' | 'parts';

export type ScaleChoice = 'sqrt' | 'none';
export const SCALES: readonly ScaleChoice[] = ['sqrt', 'none'];

export type ParseError = SharedParseError<Attr>;

export const parseSeed = (raw: string): string | null => parseSeedIn(raw, SEED_LIMIT);

/** m: a decimal number in [M_MIN, M_MAX], at most 6 decimals. */
export const parseMultiplier = (raw: string): number | null => parseDecimal(raw, M_MIN, M_MAX, 6);

/** scale: `sqrt` (true) or `none` (false), the heatmap's values; the older on/off spelling still reads. */
export function parseScale(raw: string): boolean | null {
  const c = parseChoice(raw, SCALES);
  return c !== null ? c === 'sqrt' : flagSpelling(raw);
}

/** perm: the 8 positions 0..7, each once, separated by commas or spaces. */
export function parsePerm(raw: string): number[] | null {
  const items = raw.trim().split(/[\s,]+/).filter(Boolean);
  if (items.length !== 8 || !items.every((t) => /^[0-7]$/.test(t))) return null;
  const p = items.map(Number);
  return new Set(p).size === 8 ? p : null;
}

export function parseParts(raw: string): Part[] | null {
  const items = raw.trim().split(/[\s,]+/).filter(Boolean);
  if (items.length === 0 || !items.every((t) => (PARTS as readonly string[]).includes(t))) return null;
  return PARTS.filter((p) => items.includes(p));
}

/** The element's attributes; `unmasked` absent, the older `mask` (on/off) is read instead. */
export const SCHEMA: Schema<TrilState, ParseError> = {
  attrs: {
    seed: seed('seed', SEED_LIMIT, '1337'),
    b: int('b', 0, 3, 0),
    step: int('step', 0, 7, 7),
    view: choice('view', ['average', 'attention'] as const, 'average'),
    mask: {
      ...flag('unmasked'), default: true, parse: (raw) => !parseFlag(raw),
      write: (el, v) => { el.removeAttribute('mask'); el.toggleAttribute('unmasked', !v); },
    },
    scale: {
      attr: 'scale', kind: 'choice', choices: SCALES, default: true, parse: parseScale,
      write: (el, v) => el.setAttribute('scale', v ? 'sqrt' : 'none'),
    },
    m: decimal('m', M_MIN, M_MAX, 1),
    perm: list('perm', parsePerm, [0, 1, 2, 3, 4, 5, 6, 7]),
    positions: flag('positions'),
    parts: list('parts', parseParts, PARTS, { join: ' ' }),
  },
  observe: ['mask'],
  across: ({ state, errors }, prev, get) => {
    const legacy = get('mask');
    if (get('unmasked') !== null || legacy === null) return;
    // the older spelling has a fixed vocabulary: anything else keeps the last valid value
    const v = flagSpelling(legacy);
    if (v === null) { errors.push({ attr: 'mask', got: legacy }); state.mask = prev.mask; }
    else state.mask = v;
  },
};

export const DEFAULTS: Readonly<TrilState> = Object.freeze(defaultsOf(SCHEMA));

/**
 * The state for these attribute values (null = attribute absent → default),
 * starting from the last valid state `prev`: a bad value keeps prev's.
 */
export function resolveState(attrs: Partial<Record<Attr, string | null>>, prev: TrilState): { state: TrilState; errors: ParseError[] } {
  return resolveSchema(SCHEMA, (a) => attrs[a as Attr] ?? null, prev);
}

/** A value at 4 decimals as PyTorch prints it (Python's '%.4f'). */
export { fixed4 as fmt4 } from '../../engine/shared/pyformat.js';
