// Attributes of <attn-train> → a run's settings: its table (SCHEMA), which
// the element's base reads. Attributes are the source of truth; a bad value
// never throws: the last valid value is kept and an error is reported for the
// element to show. An absent run setting takes the chosen model's lecture default.

import { TRAIN_ELEMENT_LIMITS as EL } from '../../engine/shared/limits/train-element.js';
import { TRAIN_LIMITS as TL } from '../../engine/shared/limits/train.js';
import {
  NUMPY_SEED_LIMIT, choice, defaultsOf, int, parseIntIn, parseSeed as parseSeedIn, resolveSchema, seed, text,
  type AttrSpec, type AttrTable, type Schema,
} from '../../shared/parse';

import type { Kebab, ModelName } from '../../engine/train/types';
import { BLOCK_MODELS, MODELS, defaults, kebab, settingsOf } from '../../engine/train/models.js';
import { TRAIN_SETTINGS, type TrainIntSettingName, type TrainSetting, type TrainSettingName, type TrainSizeSettingName } from '../../engine/train/settings.js';

export type { ModelName };
/** The engine's models in its order, and the block models (the lecture's part 3: they read n-head, n-layer and, gpt, dropout). */
export { MODELS, settingsOf };
export const isBlockModel = (m: ModelName): boolean => BLOCK_MODELS.includes(m);

/** A run setting's key (web/engine/train/settings.js, generated from cpp/src/train/settings.hpp). */
export type SettingKey = TrainSettingName;

/** The lecture's settings per model: the engine's defaults (Config::defaults, through the train module's models.js). */
export function modelDefaults(model: ModelName): Record<SettingKey, number> {
  const { model: _, seed: __, ...d } = defaults(model);
  return d as Record<SettingKey, number>;
}

/** The model's size and batch settings (the table's size group), each an attribute that follows the model when absent. */
export type SizeKey = TrainSizeSettingName;

/** A setting's attribute: its name in kebab-case (nEmbd -> n-embd). */
export const attrOf = <K extends SettingKey>(key: K): Kebab<K> => kebab(key);


/** The attributes' ranges: every integer setting's element range (settings.js), and sample-chars. */
export const LIMITS = Object.freeze({
  ...Object.fromEntries(TRAIN_SETTINGS.filter((r) => r.kind === 'int').map((r) => [r.name, Object.freeze([r.elementMin, r.elementMax] as const)])),
  sampleChars: Object.freeze([0, EL.maxSampleChars] as const),
}) as Readonly<Record<TrainIntSettingName | 'sampleChars', readonly [number, number]>>;

export interface TrainState extends Record<SettingKey, number> {
  model: ModelName;
  seed: string;
  sampleChars: number;
  /** The text's URL as the attribute gives it (null: Tiny Shakespeare). */
  src: string | null;
  /** Which settings were given (the rest follow the model). */
  given: Record<SettingKey, boolean>;
}

export type TrainAttr = 'model' | 'seed' | 'sample-chars' | Kebab<SettingKey>;

/** The settings that set the model's size and batch (the table's size group), in the table's order: the sizes fieldset's fields. */
export const SIZE_SETTINGS = TRAIN_SETTINGS.filter((r): r is TrainSetting & { name: SizeKey } => r.group === 'size');

export interface ParseError {
  attr: TrainAttr;
  /** 'divisible': n-embd is not a multiple of n-head; 'dropout': not a number in [0, 1); 'gpt-only': dropout on another model. */
  kind: 'enum' | 'int' | 'seed' | 'lr' | 'dropout' | 'divisible' | 'gpt-only';
  got: string;
  min?: number;
  max?: number;
}

const DROPOUT = TRAIN_SETTINGS.find((r) => r.kind === 'double')!;

/** A non-negative decimal, with an optional exponent (lr and dropout). */
const UNSIGNED_NUMBER = /^[+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** The number a non-negative decimal attribute spells, or null. */
function unsignedNumber(v: string): number | null {
  const s = v.trim();
  return UNSIGNED_NUMBER.test(s) ? Number(s) : null;
}

/** A dropout probability: a decimal in [0, 1). */
export function parseDropout(v: string): number | null {
  const n = unsignedNumber(v);
  return n !== null && n >= DROPOUT.elementMin && n < DROPOUT.elementMax ? n : null;
}

export { parseIntIn };

export const parseSeed = (v: string): string | null => parseSeedIn(v, NUMPY_SEED_LIMIT);

/** A learning rate: a positive decimal or exponent number, finite as a float32 (so "1e40" is refused). */
export function parseLr(v: string): number | null {
  const n = unsignedNumber(v);
  return n !== null && n > 0 && Number.isFinite(Math.fround(n)) && Math.fround(n) > 0 ? n : null;
}

const FIRST_MODEL: ModelName = 'head';
const FIRST_DEFAULTS = modelDefaults(FIRST_MODEL);

/** A run setting's entry, from its row: an integer in the element's range, a learning rate or a dropout. */
function settingSpec(r: TrainSetting): AttrSpec<number> {
  const attr = attrOf(r.name);
  if (r.kind === 'int') return int(attr, r.elementMin, r.elementMax, FIRST_DEFAULTS[r.name]);
  return { attr, kind: 'decimal', default: FIRST_DEFAULTS[r.name], parse: r.kind === 'float' ? parseLr : parseDropout };
}

/** The error kind of a run setting that does not parse, by its row's kind. */
const SETTING_ERROR = { int: 'int', float: 'lr', double: 'dropout' } as const;
const ROWS = new Map<string, TrainSetting>(TRAIN_SETTINGS.map((r) => [attrOf(r.name), r]));

type TableKey = Exclude<keyof TrainState, 'given'>;

/**
 * The element's attributes, in the order their errors are listed: the model,
 * the seed, one entry per run setting (settings.js's rows), sample-chars and
 * src (whose property the element defines: the text's URL, Tiny Shakespeare's
 * when absent). Across them: a run setting that is absent, or bad with no
 * valid value before, follows the model's defaults; a block model's n-embd
 * must be a multiple of its n-head (the last pair that divides is kept); only
 * gpt reads dropout.
 */
export const SCHEMA: Schema<TrainState, ParseError, TableKey> = {
  attrs: {
    model: choice('model', MODELS, FIRST_MODEL),
    seed: seed('seed', NUMPY_SEED_LIMIT, String(TL.defaultSeed)),
    ...Object.fromEntries(TRAIN_SETTINGS.map((r) => [r.name, settingSpec(r)])) as AttrTable<Record<SettingKey, number>>,
    sampleChars: int('sample-chars', ...LIMITS.sampleChars, TL.defaultSampleChars),
    src: text('src', null, { prop: false }),
  },
  derived: { given: Object.fromEntries(TRAIN_SETTINGS.map((r) => [r.name, false])) as Record<SettingKey, boolean> },
  error: (spec, got) => {
    const attr = spec.attr as TrainAttr;
    const row = ROWS.get(spec.attr);
    if (row && row.kind !== 'int') return { attr, kind: SETTING_ERROR[row.kind], got };
    if (spec.kind === 'int') return { attr, kind: 'int', got, min: spec.min!, max: spec.max! };
    return { attr, kind: spec.kind === 'seed' ? 'seed' : 'enum', got };
  },
  across: ({ state: s, errors }, prev, get) => {
    const d = modelDefaults(s.model);
    s.given = { ...prev.given };
    // The run settings: absent follows the model; a bad value keeps the last valid one, else the model's.
    for (const [attr, { name: key }] of ROWS) {
      if (get(attr) === null) { s[key] = d[key]; s.given[key] = false; }
      else if (errors.some((e) => e.attr === attr)) { if (!s.given[key]) s[key] = d[key]; }
      else s.given[key] = true;
    }
    if (isBlockModel(s.model) && s.nEmbd % s.nHead !== 0) {
      // Each head has n_embd / n_head dimensions: keep the last pair that divides.
      const attr: TrainAttr = get('n-head') !== null && s.nHead !== prev.nHead ? 'n-head' : 'n-embd';
      errors.push({ attr, kind: 'divisible', got: `${s.nEmbd}/${s.nHead}`, min: s.nEmbd, max: s.nHead });
      const keep = prev.nEmbd % prev.nHead === 0 ? prev : { nEmbd: d.nEmbd, nHead: d.nHead };
      s.nEmbd = keep.nEmbd;
      s.nHead = keep.nHead;
    }
    if (s.model !== 'gpt' && s.dropout !== 0) {
      errors.push({ attr: 'dropout', kind: 'gpt-only', got: String(s.dropout) });
      s.dropout = 0;
    }
  },
};

export const DEFAULT_STATE: Readonly<TrainState> = Object.freeze(defaultsOf(SCHEMA));

/** The state from the attributes; invalid ones keep `prev`'s value and add an error (SCHEMA's rules). */
export function resolveState(get: (name: TrainAttr) => string | null, prev: Readonly<TrainState>): { state: TrainState; errors: ParseError[] } {
  return resolveSchema(SCHEMA, (a) => get(a as TrainAttr), prev);
}

/** A number as a learning-rate field shows it: 1e-3, 0.01, 3e-4. */
export function formatLr(lr: number): string {
  if (lr >= 1e-2 && lr < 1e3) return String(lr);
  return lr.toExponential().replace(/\.?0+e/, 'e').replace('e+', 'e');
}

/** ln V: the loss of a uniform guess over V characters. */
export function uniformLoss(vocabSize: number): number {
  return Math.log(vocabSize);
}

/** How a character is shown as a heatmap label. */
export function charLabel(c: string): string {
  if (c === ' ') return '␣';
  if (c === '\n') return '↵';
  if (c === '\t') return '⇥';
  return c;
}

/** Seconds as "1 min 05 s" / "42 s" / "0.8 s" (language-neutral digits). */
export function formatSeconds(s: number): string {
  if (!Number.isFinite(s) || s < 0) return '–';
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(Math.round(s - 60 * m)).padStart(2, '0')} s`;
}
