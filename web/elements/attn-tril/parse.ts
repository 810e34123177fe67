// Attribute parsing for <attn-tril>: pure functions, no DOM, no engine.
// Each attribute is parsed on its own; a value that does not parse keeps the
// attribute's last valid value and yields a ParseError the element shows.

import { TORCH_LIMITS } from '../../engine/shared/limits.js';
import {
  TORCH_SEED_LIMIT, field, flagSpelling, parseChoice, parseDecimal, parseFlag, parseIntIn, parseSeed as parseSeedIn, resolveState as resolveShared,
  type Field, type ParseError as SharedParseError,
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

export const DEFAULTS: Readonly<TrilState> = Object.freeze({
  seed: '1337',
  b: 0,
  step: 7,
  view: 'average' as View,
  mask: true,
  scale: true,
  m: 1,
  perm: [0, 1, 2, 3, 4, 5, 6, 7],
  positions: false,
  parts: [...PARTS],
});

/** `mask` is the older spelling of `unmasked` (mask="off" is unmasked). */
export type Attr = 'seed' | 'b' | 'step' | 'view' | 'unmasked' | 'mask' | 'scale' | 'm' | 'perm' | 'positions' | 'parts';
export const ATTRS: readonly Attr[] = ['seed', 'b', 'step', 'view', 'unmasked', 'mask', 'scale', 'm', 'perm', 'positions', 'parts'];

export type ScaleChoice = 'sqrt' | 'none';
export const SCALES: readonly ScaleChoice[] = ['sqrt', 'none'];

export type ParseError = SharedParseError<Attr>;

export const parseSeed = (raw: string): string | null => parseSeedIn(raw, SEED_LIMIT);

/** m: a decimal number in [M_MIN, M_MAX], at most 6 decimals. */
export const parseMultiplier = (raw: string): number | null => parseDecimal(raw, M_MIN, M_MAX, 6);

/** scale: `sqrt` (true) or `none` (false), the heatmap's values; the older on/off spelling still reads. */
export function parseScale(raw: string): boolean | null {
  const choice = parseChoice(raw, SCALES);
  return choice !== null ? choice === 'sqrt' : flagSpelling(raw);
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

const FIELDS: readonly Field<TrilState, Attr>[] = [
  field('seed', 'seed', parseSeed),
  field('b', 'b', (s) => parseIntIn(s, 0, 3)),
  field('step', 'step', (s) => parseIntIn(s, 0, 7)),
  field('view', 'view', (s) => parseChoice(s, ['average', 'attention'] as const)),
  field('scale', 'scale', parseScale),
  field('m', 'm', parseMultiplier),
  field('perm', 'perm', parsePerm),
  field('positions', 'positions', parseFlag),
  field('parts', 'parts', parseParts),
];

/**
 * The state for these attribute values (null = attribute absent → default),
 * starting from the last valid state `prev`: a bad value keeps prev's.
 */
export function resolveState(attrs: Partial<Record<Attr, string | null>>, prev: TrilState): { state: TrilState; errors: ParseError[] } {
  const r = resolveShared((a) => attrs[a] ?? null, prev, DEFAULTS, FIELDS);
  const unmasked = attrs.unmasked ?? null;
  const legacy = attrs.mask ?? null;
  if (unmasked !== null) r.state.mask = !parseFlag(unmasked);
  else if (legacy === null) r.state.mask = DEFAULTS.mask;
  else {
    // the older spelling has a fixed vocabulary: anything else keeps the last valid value
    const v = flagSpelling(legacy);
    if (v === null) r.errors.push({ attr: 'mask', got: legacy });
    else r.state.mask = v;
  }
  return r;
}

/** A value at 4 decimals as PyTorch prints it (Python's '%.4f'). */
export { fixed4 as fmt4 } from '../../engine/shared/pyformat.js';
