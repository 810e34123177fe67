// The attribute rules every element shares: pure functions, no DOM, no engine.
//
// An attribute is parsed on its own. A value that does not parse keeps the
// attribute's last valid value and yields a ParseError naming the attribute;
// an absent attribute takes its default. Each element lists its attributes in
// one table (a Schema, below) that resolveSchema reads; its own parse module
// keeps only what is particular to it (a rule across attributes, an enum, a list).

import { SEED_LIMITS } from '../engine/shared/limits/seed.js';

export interface ParseError<A extends string = string> {
  attr: A;
  got: string;
}

/** NumPy's seeds and the training run's: below 2^64. */
export const NUMPY_SEED_LIMIT = 1n << 64n;
/** torch.manual_seed's: below 2^63. */
export const TORCH_SEED_LIMIT = 1n << BigInt(SEED_LIMITS.torchBits);

/** A seed 0 <= seed < limit: trimmed, an optional '+', decimal digits only; its canonical decimal string. */
export function parseSeed(raw: string, limit: bigint): string | null {
  const s = raw.trim().replace(/^\+/, '');
  if (!/^\d+$/.test(s) || s.length > SEED_LIMITS.maxDigits) return null;
  const v = BigInt(s);
  return v < limit ? v.toString() : null;
}

/** A decimal integer in [min, max]: trimmed, an optional sign ('-' only where min < 0), digits only. */
export function parseIntIn(raw: string, min: number, max: number): number | null {
  const s = raw.trim();
  if (!(min < 0 ? /^[+-]?\d{1,16}$/ : /^\+?\d{1,16}$/).test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** A decimal number in [min, max] with at most `maxDecimals` digits after the point (no exponent). */
export function parseDecimal(raw: string, min: number, max: number, maxDecimals = 6): number | null {
  const s = raw.trim();
  const re = new RegExp(`^[+${min < 0 ? '-' : ''}]?(\\d{1,16}(\\.\\d{0,${maxDecimals}})?|\\.\\d{1,${maxDecimals}})$`);
  if (!re.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

// Booleans are presence attributes everywhere (HTML's convention: `causal`,
// `positions`). Pages written for earlier releases spell them on/off
// (`mask="on"`, `positions="off"`), and embed query strings 1/0: those
// spellings keep their meaning.
const FLAG_ON = ['', 'on', 'true', '1', 'yes'];
const FLAG_OFF = ['off', 'false', '0', 'no'];

/** A spelled-out boolean: true for "", "on", "true", "1", "yes"; false for "off", "false", "0", "no"; null for anything else. */
export function flagSpelling(raw: string): boolean | null {
  const s = raw.trim().toLowerCase();
  return FLAG_ON.includes(s) ? true : FLAG_OFF.includes(s) ? false : null;
}

/** A boolean (presence) attribute: absent is false; present is true unless it spells off ("off", "false", "0", "no"). */
export function parseFlag(raw: string | null): boolean {
  return raw !== null && flagSpelling(raw) !== false;
}

/** One of `choices` (trimmed, case-insensitive), or null. */
export function parseChoice<T extends string>(raw: string, choices: readonly T[]): T | null {
  const s = raw.trim().toLowerCase();
  return (choices as readonly string[]).includes(s) ? (s as T) : null;
}

/**
 * A link is accepted if it is relative (`#mask`, `lesson.html#mask`, `/x`) or
 * absolute http(s). Anything with another scheme (javascript:, data:, …) or
 * with control characters/whitespace a browser would strip is refused.
 */
export function isSafeHref(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(v)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(v);
  if (scheme) return /^https?$/i.test(scheme[1]!);
  return true;
}

/** Cuts an untrusted value shown back in a message. */
export function shown(raw: string): string {
  return raw.length > 24 ? `${raw.slice(0, 24)}…` : raw;
}

export interface Field<S, A extends string> {
  attr: A;
  key: keyof S;
  /** The attribute's value, or null when it does not parse. */
  parse: (raw: string) => unknown;
}

const copy = <T>(v: T): T => (Array.isArray(v) ? ([...v] as T) : v);

/**
 * The state for the attributes `get` reads, starting from the last valid
 * state `prev`: an absent attribute takes `defaults`' value, one that does not
 * parse keeps prev's and adds a ParseError, the others take their parsed value.
 * Keys no field names are copied from prev.
 */
export function resolveState<S extends object, A extends string>(
  get: (attr: A) => string | null,
  prev: Readonly<S>,
  defaults: Readonly<S>,
  fields: readonly Field<S, A>[],
): { state: S; errors: ParseError<A>[] } {
  const state = { ...prev } as S;
  for (const k of Object.keys(state) as (keyof S)[]) state[k] = copy(state[k]);
  const errors: ParseError<A>[] = [];
  for (const f of fields) {
    const raw = get(f.attr);
    if (raw === null) { state[f.key] = copy(defaults[f.key]); continue; }
    const v = f.parse(raw);
    if (v === null) errors.push({ attr: f.attr, got: raw });
    else state[f.key] = v as S[keyof S];
  }
  return { state, errors };
}

// --- the attribute table -----------------------------------------------------
//
// Each element declares one table (`static attributes`): per property, its
// attribute, kind, limits and default. AttnElement derives observedAttributes,
// the properties and the parsed state from it (web/shared/element.ts).

export type AttrKind = 'int' | 'decimal' | 'seed' | 'choice' | 'flag' | 'string' | 'list';

/** One attribute of an element's table, read into the state key (and property) that names its entry. */
export interface AttrSpec<V> {
  attr: string;
  kind: AttrKind;
  /** The value when the attribute is absent. */
  default: V;
  /** The attribute's value, or null when it does not parse. */
  parse: (raw: string) => V | null;
  min?: number;
  max?: number;
  choices?: readonly string[];
  /**
   * The property: 'parsed' (default) reads the parsed value, 'text' the
   * attribute ('' when absent), 'nullable' the attribute or null; false: none.
   */
  prop?: 'parsed' | 'text' | 'nullable' | false;
  /** How the property's setter writes the attribute (else: a flag toggles it, a list joins it, null removes it, a value sets its text). */
  write?: (el: Element, v: unknown) => void;
  /** The separator a list property joins its items with. */
  join?: string;
}

export type AttrTable<S> = { [K in keyof S]: AttrSpec<S[K]> };

export interface Resolved<S, E> {
  state: S;
  errors: E[];
}

/**
 * An element's attributes: the table, the attributes read only by a rule
 * across them (observed, but not properties), that rule (applied after each
 * attribute is parsed on its own), and the error a bad value yields.
 * `K`: the state's keys the table holds (all of them, but where `derived` holds the rest).
 */
export interface Schema<S extends object, E = ParseError, K extends keyof S = keyof S> {
  attrs: AttrTable<Pick<S, K>>;
  /**
   * The state's keys no attribute holds, and their values before any
   * attribute is read; `across` keeps them. What a rule must remember from one
   * read to the next has no attribute to be read from: attn-train's `given`
   * (which run settings were set) decides whether a bad value keeps the last
   * valid one or follows the chosen model's default, a default no table entry
   * can name since it changes with another attribute.
   */
  derived?: Omit<S, K>;
  observe?: readonly string[];
  across?: (r: Resolved<S, E>, prev: Readonly<S>, get: (attr: string) => string | null) => void;
  error?: (spec: AttrSpec<unknown>, raw: string) => E;
}

// The base reads any element's table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySchema = Schema<any, any>;

type Opts<V> = Partial<Omit<AttrSpec<V>, 'attr' | 'kind' | 'default'>>;

/** An integer in [min, max] (parseIntIn). */
export const int = (attr: string, min: number, max: number, dflt: number, o: Opts<number> = {}): AttrSpec<number> =>
  ({ attr, kind: 'int', default: dflt, min, max, parse: (raw) => parseIntIn(raw, min, max), ...o });

/** A decimal number in [min, max] with at most `decimals` digits after the point (parseDecimal). */
export const decimal = (attr: string, min: number, max: number, dflt: number, decimals = 6, o: Opts<number> = {}): AttrSpec<number> =>
  ({ attr, kind: 'decimal', default: dflt, min, max, parse: (raw) => parseDecimal(raw, min, max, decimals), ...o });

/** A seed below `limit`, as its canonical decimal string (parseSeed). */
export const seed = (attr: string, limit: bigint, dflt: string, o: Opts<string> = {}): AttrSpec<string> =>
  ({ attr, kind: 'seed', default: dflt, parse: (raw) => parseSeed(raw, limit), ...o });

/** One of `choices` (parseChoice). */
export const choice = <T extends string>(attr: string, choices: readonly T[], dflt: T, o: Opts<T> = {}): AttrSpec<T> =>
  ({ attr, kind: 'choice', default: dflt, choices, parse: (raw) => parseChoice(raw, choices), ...o });

/** A presence attribute (parseFlag): absent is false. */
export const flag = (attr: string, o: Opts<boolean> = {}): AttrSpec<boolean> =>
  ({ attr, kind: 'flag', default: false, parse: (raw) => parseFlag(raw), ...o });

/** Text taken as it is. */
export const text = (attr: string, dflt: string | null, o: Opts<string | null> = {}): AttrSpec<string | null> =>
  ({ attr, kind: 'string', default: dflt, parse: (raw) => raw, ...o });

/** A list read by `parse`. */
export const list = <T>(attr: string, parse: (raw: string) => T[] | null, dflt: readonly T[], o: Opts<T[]> = {}): AttrSpec<T[]> =>
  ({ attr, kind: 'list', default: [...dflt], parse, ...o });

/** The attributes an element observes: its table's, then those its rules read. */
export function observedOf(schema: AnySchema): string[] {
  return [...new Set([...Object.values(schema.attrs as Record<string, AttrSpec<unknown>>).map((a) => a.attr), ...(schema.observe ?? [])])];
}

/** The state when no attribute is set. */
export function defaultsOf<S extends object, E, K extends keyof S>(schema: Schema<S, E, K>): S {
  const out = { ...schema.derived } as S;
  for (const k of Object.keys(schema.attrs) as K[]) out[k] = copy(schema.attrs[k].default);
  return out;
}

/**
 * The state for the attributes `get` reads, starting from the last valid
 * state `prev` (resolveState over the table's entries, in table order), then
 * the table's rule across attributes.
 */
export function resolveSchema<S extends object, E = ParseError, K extends keyof S = keyof S>(
  schema: Schema<S, E, K>, get: (attr: string) => string | null, prev: Readonly<S>,
): Resolved<S, E> {
  const keys = Object.keys(schema.attrs) as (K & string)[];
  const fields = keys.map((k) => ({ attr: schema.attrs[k].attr, key: k, parse: schema.attrs[k].parse }));
  const r = resolveState<S, string>(get, prev, defaultsOf(schema), fields);
  const byAttr = new Map(keys.map((k) => [schema.attrs[k].attr, schema.attrs[k] as AttrSpec<unknown>]));
  const errors = r.errors.map((e) => (schema.error ? schema.error(byAttr.get(e.attr)!, e.got) : (e as E)));
  const out = { state: r.state, errors };
  schema.across?.(out, prev, get);
  return out;
}

/** The text of a change key: the values of `keys` in `state`. */
export function keyOf<S>(state: S, keys: readonly (keyof S)[]): string {
  return JSON.stringify(keys.map((k) => state[k]));
}
