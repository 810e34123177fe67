// Attributes of <attn-train> → a run's settings. Attributes are the source of
// truth; a bad value never throws: the last valid value is kept and an error
// is reported for the element to show. Absent iters / lr / eval-interval take
// the chosen model's lecture defaults.

import { TRAIN_ELEMENT_LIMITS as EL, TRAIN_LIMITS as TL } from '../../engine/shared/limits.js';
import { NUMPY_SEED_LIMIT, parseIntIn, parseSeed as parseSeedIn } from '../../shared/parse';

import type { ModelName } from '../../engine/train/types';
import { BLOCK_MODELS, MODELS, defaults } from '../../engine/train/models.js';

export type { ModelName };
/** The engine's models in its order, and the block models (the lecture's part 3: they read n-head, n-layer and, gpt, dropout). */
export { MODELS };
export const isBlockModel = (m: ModelName): boolean => BLOCK_MODELS.includes(m);

/** The lecture's settings per model: the engine's defaults (limits.hpp, through the train module's models.js). */
export function modelDefaults(model: ModelName): Pick<TrainState, SizeKey> & { iters: number; evalInterval: number; lr: number } {
  const { iters, evalInterval, lr, nEmbd, nHead, nLayer, dropout, batch, block } = defaults(model);
  return { iters: iters!, evalInterval: evalInterval!, lr: lr!, nEmbd, nHead, nLayer, dropout, batch: batch!, block: block! };
}

/** The model's size and batch settings, each an attribute that follows the model when absent. */
export type SizeKey = 'nEmbd' | 'nHead' | 'nLayer' | 'dropout' | 'batch' | 'block';

/** The attributes' ranges (cpp/src/limits.hpp TrainElement). */
export const LIMITS = {
  iters: [1, EL.maxIters],
  evalInterval: [1, EL.maxEvalInterval],
  evalIters: [1, EL.maxEvalIters],
  sampleChars: [0, EL.maxSampleChars],
  nEmbd: [1, TL.maxNEmbd],
  nHead: [1, TL.maxNHead],
  nLayer: [1, TL.maxNLayer],
  batch: [1, TL.maxBatch],
  block: [1, TL.maxBlock],
} as const;

export interface TrainState {
  model: ModelName;
  seed: string;
  iters: number;
  evalInterval: number;
  evalIters: number;
  lr: number;
  sampleChars: number;
  nEmbd: number;
  nHead: number;
  nLayer: number;
  /** Dropout p (the gpt model only; 0 for the others). */
  dropout: number;
  batch: number;
  block: number;
  /** Which of iters / eval-interval / lr and the sizes were given (the rest follow the model). */
  given: { iters: boolean; evalInterval: boolean; lr: boolean } & Record<SizeKey, boolean>;
}

export type TrainAttr = 'model' | 'seed' | 'iters' | 'eval-interval' | 'eval-iters' | 'lr' | 'sample-chars'
  | 'n-embd' | 'n-head' | 'n-layer' | 'dropout' | 'batch' | 'block';

/** Every attribute the element reads into its state, and the state key that is its property. */
export const REFLECTED: readonly (readonly [TrainAttr, keyof TrainState])[] = [
  ['model', 'model'], ['seed', 'seed'], ['iters', 'iters'], ['lr', 'lr'], ['eval-interval', 'evalInterval'], ['eval-iters', 'evalIters'],
  ['sample-chars', 'sampleChars'], ['n-embd', 'nEmbd'], ['n-head', 'nHead'], ['n-layer', 'nLayer'], ['dropout', 'dropout'],
  ['batch', 'batch'], ['block', 'block'],
];

/** The attributes that set the model's size and batch, and their state keys. */
export const SIZE_ATTRS: readonly (readonly [TrainAttr, SizeKey])[] = [
  ['n-embd', 'nEmbd'], ['n-head', 'nHead'], ['n-layer', 'nLayer'], ['dropout', 'dropout'], ['batch', 'batch'], ['block', 'block'],
];

export interface ParseError {
  attr: TrainAttr;
  /** 'divisible': n-embd is not a multiple of n-head; 'dropout': not a number in [0, 1); 'gpt-only': dropout on another model. */
  kind: 'enum' | 'int' | 'seed' | 'lr' | 'dropout' | 'divisible' | 'gpt-only';
  got: string;
  min?: number;
  max?: number;
}

export const DEFAULT_STATE: TrainState = {
  model: 'head', seed: String(TL.defaultSeed), ...modelDefaults('head'), evalIters: TL.defaultEvalIters,
  sampleChars: TL.defaultSampleChars,
  given: { iters: false, evalInterval: false, lr: false, nEmbd: false, nHead: false, nLayer: false, dropout: false, batch: false, block: false },
};

/** A dropout probability: a decimal in [0, 1). */
export function parseDropout(v: string): number | null {
  const s = v.trim();
  if (!/^[+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(s)) return null;
  const n = Number(s);
  return n >= 0 && n < TL.maxDropout ? n : null;
}

export { parseIntIn };

export const parseSeed = (v: string): string | null => parseSeedIn(v, NUMPY_SEED_LIMIT);

/** A learning rate: a positive decimal or exponent number, finite as a float32 (so "1e40" is refused). */
export function parseLr(v: string): number | null {
  const s = v.trim();
  if (!/^[+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && Number.isFinite(Math.fround(n)) && Math.fround(n) > 0 ? n : null;
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

  const int = (attr: TrainAttr, key: 'iters' | 'evalInterval' | 'evalIters' | 'sampleChars', fallback: number, givenKey?: 'iters' | 'evalInterval') => {
    const v = get(attr);
    const [lo, hi] = LIMITS[key];
    if (v === null) {
      s[key] = fallback;
      if (givenKey) s.given[givenKey] = false;
      return;
    }
    const n = parseIntIn(v, lo, hi);
    if (n === null) {
      errors.push({ attr, kind: 'int', got: v, min: lo, max: hi });
      if (givenKey && !s.given[givenKey]) s[key] = fallback;
    } else {
      s[key] = n;
      if (givenKey) s.given[givenKey] = true;
    }
  };
  int('iters', 'iters', d.iters, 'iters');
  int('eval-interval', 'evalInterval', d.evalInterval, 'evalInterval');
  int('eval-iters', 'evalIters', DEFAULT_STATE.evalIters);
  int('sample-chars', 'sampleChars', DEFAULT_STATE.sampleChars);

  const lr = get('lr');
  if (lr === null) { s.lr = d.lr; s.given.lr = false; }
  else {
    const n = parseLr(lr);
    if (n === null) { errors.push({ attr: 'lr', kind: 'lr', got: lr }); if (!s.given.lr) s.lr = d.lr; }
    else { s.lr = n; s.given.lr = true; }
  }

  // The sizes: absent follows the model; a bad value keeps the last valid one.
  const before = { nEmbd: s.nEmbd, nHead: s.nHead };
  for (const [attr, key] of SIZE_ATTRS) {
    const v = get(attr);
    if (v === null) { s[key] = d[key]; s.given[key] = false; continue; }
    if (key === 'dropout') {
      const n = parseDropout(v);
      if (n === null) { errors.push({ attr, kind: 'dropout', got: v }); if (!s.given.dropout) s.dropout = d.dropout; }
      else { s.dropout = n; s.given.dropout = true; }
      continue;
    }
    const [lo, hi] = LIMITS[key];
    const n = parseIntIn(v, lo, hi);
    if (n === null) { errors.push({ attr, kind: 'int', got: v, min: lo, max: hi }); if (!s.given[key]) s[key] = d[key]; }
    else { s[key] = n; s.given[key] = true; }
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
