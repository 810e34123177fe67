// Attributes of <attn-train> → a run's settings. Attributes are the source of
// truth; a bad value never throws: the last valid value is kept and an error
// is reported for the element to show. Absent iters / lr / eval-interval take
// the chosen model's lecture defaults.

import { TRAIN_ELEMENT_LIMITS as EL, TRAIN_LIMITS as TL } from '../../engine/shared/limits.js';
import { NUMPY_SEED_LIMIT, parseIntIn, parseSeed as parseSeedIn } from '../../shared/parse';

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
  /** Which settings were given (the rest follow the model). */
  given: Record<SettingKey, boolean>;
}

export type TrainAttr = 'model' | 'seed' | 'sample-chars' | Kebab<SettingKey>;

/** Every attribute the element reads into its state, and the state key that is its property. */
export const REFLECTED: readonly (readonly [TrainAttr, keyof TrainState])[] = [
  ['model', 'model'], ['seed', 'seed'], ...TRAIN_SETTINGS.map((r) => [attrOf(r.name), r.name] as const), ['sample-chars', 'sampleChars'],
];

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

export const DEFAULT_STATE: TrainState = {
  model: 'head', seed: String(TL.defaultSeed), ...modelDefaults('head'), sampleChars: TL.defaultSampleChars,
  given: Object.fromEntries(TRAIN_SETTINGS.map((r) => [r.name, false])) as Record<SettingKey, boolean>,
};

const DROPOUT = TRAIN_SETTINGS.find((r) => r.kind === 'double')!;

/** A non-negative decimal, with an optional exponent (lr and dropout). */
const UNSIGNED_NUMBER = /^[+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** A dropout probability: a decimal in [0, 1). */
export function parseDropout(v: string): number | null {
  const s = v.trim();
  if (!UNSIGNED_NUMBER.test(s)) return null;
  const n = Number(s);
  return n >= DROPOUT.elementMin && n < DROPOUT.elementMax ? n : null;
}

export { parseIntIn };

export const parseSeed = (v: string): string | null => parseSeedIn(v, NUMPY_SEED_LIMIT);

/** A learning rate: a positive decimal or exponent number, finite as a float32 (so "1e40" is refused). */
export function parseLr(v: string): number | null {
  const s = v.trim();
  if (!UNSIGNED_NUMBER.test(s)) return null;
  const n = Number(s);
  return n > 0 && Number.isFinite(Math.fround(n)) && Math.fround(n) > 0 ? n : null;
}

/** An attribute's value as its setting's kind reads it, or the error (without attr and got). */
function parseSetting(r: TrainSetting, v: string): number | Pick<ParseError, 'kind' | 'min' | 'max'> {
  if (r.kind === 'float') return parseLr(v) ?? { kind: 'lr' };
  if (r.kind === 'double') return parseDropout(v) ?? { kind: 'dropout' };
  return parseIntIn(v, r.elementMin, r.elementMax) ?? { kind: 'int', min: r.elementMin, max: r.elementMax };
}

/** The state from the attributes; invalid ones keep `prev`'s value and add an error. */
export function resolveState(get: (name: TrainAttr) => string | null, prev: TrainState): { state: TrainState; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const s: TrainState = { ...prev, given: { ...prev.given } };

  const m = get('model');
  if (m === null) s.model = DEFAULT_STATE.model;
  else if ((MODELS as readonly string[]).includes(m.trim().toLowerCase())) s.model = m.trim().toLowerCase() as ModelName;
  else errors.push({ attr: 'model', kind: 'enum', got: m });
  const d = modelDefaults(s.model);

  const seed = get('seed');
  if (seed === null) s.seed = DEFAULT_STATE.seed;
  else {
    const p = parseSeed(seed);
    if (p === null) errors.push({ attr: 'seed', kind: 'seed', got: seed });
    else s.seed = p;
  }

  // The run settings: absent follows the model; a bad value keeps the last valid one.
  const before = { nEmbd: s.nEmbd, nHead: s.nHead };
  for (const r of TRAIN_SETTINGS) {
    const key = r.name, attr = attrOf(key);
    const v = get(attr);
    if (v === null) { s[key] = d[key]; s.given[key] = false; continue; }
    const n = parseSetting(r, v);
    if (typeof n !== 'number') { errors.push({ attr, got: v, ...n }); if (!s.given[key]) s[key] = d[key]; }
    else { s[key] = n; s.given[key] = true; }
  }

  const sc = get('sample-chars');
  if (sc === null) s.sampleChars = DEFAULT_STATE.sampleChars;
  else {
    const [lo, hi] = LIMITS.sampleChars;
    const n = parseIntIn(sc, lo, hi);
    if (n === null) errors.push({ attr: 'sample-chars', kind: 'int', got: sc, min: lo, max: hi });
    else s.sampleChars = n;
  }

  if (isBlockModel(s.model) && s.nEmbd % s.nHead !== 0) {
    // Each head has n_embd / n_head dimensions: keep the last pair that divides.
    const attr: TrainAttr = get('n-head') !== null && s.nHead !== before.nHead ? 'n-head' : 'n-embd';
    errors.push({ attr, kind: 'divisible', got: `${s.nEmbd}/${s.nHead}`, min: s.nEmbd, max: s.nHead });
    const keep = before.nEmbd % before.nHead === 0 ? before : { nEmbd: d.nEmbd, nHead: d.nHead };
    s.nEmbd = keep.nEmbd;
    s.nHead = keep.nHead;
  }
  if (s.model !== 'gpt' && s.dropout !== 0) {
    errors.push({ attr: 'dropout', kind: 'gpt-only', got: String(s.dropout) });
    s.dropout = 0;
  }
  return { state: s, errors };
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
