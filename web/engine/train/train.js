// @ts-check
// The loader of the training module (attn_train): the reading note's
// character models (bigram, position, one head) trained as the lecture
// trains them, in C++ compiled to WASM. Only <attn-train> (inside its Web
// Worker, ../train-runner/train-worker.ts), the tests and the bench load it; no page's first paint
// does.
//
// Arguments are checked here with messages that name the argument, its range
// and the value given; the bindings (cpp/bindings/train.cpp) check the ranges
// again, tersely, and return (never throw) their errors, which this wrapper
// throws.
//
// Two builds, as the core module: attn_train (WASM SIMD) and
// attn_train_scalar (engines without SIMD), one JS glue (this import).
//
// Checked (// @ts-check) against the interfaces in ./types.ts: a method
// renamed or dropped here, or a changed signature, fails the type check.
import createAttnTrainModuleGlue from '../../generated/attn_train.mjs';
import { checkInt, heapStatsOf, seedParts, shown, unwrap } from '../shared/checks.js';
import { floatAttention } from './attention-f32.js';
import { TRAIN_LIMITS as TL } from '../shared/limits/train.js';
import { BLOCK_MODELS, MODELS, checkModel, defaults, settingsOf } from './models.js';
import { TRAIN_MODELS, TRAIN_SETTINGS } from './settings.js';

export { BLOCK_MODELS, MODELS, checkModel, defaults, settingsOf };
import { loadModule } from '../shared/load-module.js';
import { simdSupported } from '../shared/simd.js';
import { fixed4 } from '../shared/pyformat.js';

/**
 * @typedef {import('../shared/types').Seed} Seed
 * @typedef {import('../shared/types').RawModule} RawModule
 * @typedef {import('./types').ModelName} ModelName
 * @typedef {import('./types').TrainConfig} TrainConfig
 * @typedef {import('./types').ResolvedTrainConfig} ResolvedTrainConfig
 * @typedef {import('./types').EvalPoint} EvalPoint
 * @typedef {import('./types').AdvanceResult} AdvanceResult
 * @typedef {import('./types').TrainerInfo} TrainerInfo
 * @typedef {import('./types').Trainer} Trainer
 * @typedef {import('./types').TrainEngine} TrainEngine
 * @typedef {import('./types').TrainLoadOptions} TrainLoadOptions
 * @typedef {import('./types').ThreadedLoadOptions} ThreadedLoadOptions
 * @typedef {import('./types').TrainLimits} TrainLimits
 * @typedef {import('./types').Decoder} Decoder
 * @typedef {import('./types').DecoderOptions} DecoderOptions
 * @typedef {import('./types').StepOps} StepOps
 */

/** @type {import('../shared/types').ModuleFactory} */
const createAttnTrainModule = /** @type {any} */ (createAttnTrainModuleGlue);

/**
 * Ranges of a run's integer settings (cpp/src/train/settings.hpp, through
 * ./settings.js; the bindings check the same) and of the trainers' calls.
 * @type {TrainLimits}
 */
export const TRAIN_RANGES = /** @type {TrainLimits} */ (/** @type {unknown} */ ({
  ...Object.fromEntries(TRAIN_SETTINGS.filter((s) => s.kind === 'int').map((s) => [s.name, [s.min, s.max]])),
  maxSteps: [1, TL.maxAdvance], maxNewChars: [0, TL.maxGenerate],
}));

/**
 * A learning rate: a positive number that stays finite as a float32.
 * @param {unknown} v
 * @returns {number}
 */
export function checkLr(v) {
  const msg = `lr must be a positive finite number (at most 3.4e38), got ${shown(v)}`;
  if (typeof v !== 'number') throw new TypeError(msg);
  if (!(v > 0) || !Number.isFinite(Math.fround(v))) throw new RangeError(msg);
  return v;
}

/**
 * @param {unknown} v
 * @param {string} name
 * @returns {string}
 */
function checkText(v, name) {
  if (typeof v !== 'string') throw new TypeError(`${name} must be a string, got ${shown(v)}`);
  return v;
}

// A loss as C's "%.4f" prints it (toFixed rounds the exact binary value as
// printf does; a float32 loss never sits exactly on a tie at 4 decimals).
/** @param {number} x */
/**
 * The lecture's log line for one evaluation (attn-cli's "step %d: train loss %.4f, val loss %.4f").
 * @param {EvalPoint} e
 * @returns {string}
 */
export function formatEval(e) {
  return `step ${e.step}: train loss ${fixed4(e.train)}, val loss ${fixed4(e.val)}`;
}

/**
 * A full config from a partial one: the model's defaults, then the given fields, checked.
 * @param {Partial<TrainConfig>} [config]
 * @returns {ResolvedTrainConfig}
 */
export function resolveConfig(config = {}) {
  const d = defaults(config.model ?? 'head');
  const c = { ...d, ...config };
  const [hi, lo] = seedParts(c.seed);
  /** @type {Record<string, number>} */
  const values = {};
  for (const s of TRAIN_SETTINGS) values[s.name] = checkSetting(s, optional(s) ? c[s.name] ?? d[s.name] : c[s.name]);
  if (c.threads !== undefined) checkInt(c.threads, 'threads', 1, TL.maxThreads);
  return { ...c, ...values, seed: String(c.seed), seedHi: hi, seedLo: lo, modelCode: checkModel(c.model) };
}

/**
 * Whether a config may leave the setting undefined (it takes the model's default): TrainConfig's optional fields, the settings only some models read.
 * @param {import('./settings.js').TrainSetting} s
 */
const optional = (s) => s.models.length < TRAIN_MODELS.length;

/**
 * A setting's value checked against its row of ./settings.js, or a TypeError / RangeError naming it.
 * @param {import('./settings.js').TrainSetting} s
 * @param {unknown} v
 * @returns {number}
 */
export function checkSetting(s, v) {
  if (s.kind === 'int') return checkInt(v, s.name, s.min, s.max);
  if (s.kind === 'float') return checkLr(v);
  if (typeof v !== 'number') throw new TypeError(`${s.name} must be a number, got ${shown(v)}`);
  if (!(v >= s.min && v < s.max)) throw new RangeError(`${s.name} must be in [${s.min}, ${s.max}), got ${shown(v)}`);
  return v;
}

/**
 * @param {RawModule} m
 * @param {number} handle
 * @param {ResolvedTrainConfig} config
 * @returns {Trainer}
 */
function wrapTrainer(m, handle, config) {
  let h = handle;
  const live = () => {
    if (!h) throw new Error('this Trainer was deleted');
    return h;
  };
  return {
    config: { model: config.model, seed: config.seed, ...settingsOf(config) },
    info: () => unwrap(m.trainerInfo(live())),
    advance(maxSteps) {
      /** @type {{ step: number, lastLoss: number, badStep: number, evals: EvalPoint[] }} */
      const a = unwrap(m.trainerAdvance(live(), checkInt(maxSteps, 'maxSteps', ...TRAIN_RANGES.maxSteps)));
      return { step: a.step, lastLoss: a.lastLoss, badStep: a.badStep >= 0 ? a.badStep : null, done: a.step >= config.iters, evals: a.evals };
    },
    generate(context, maxNewChars) {
      checkText(context, 'context');
      return unwrap(m.trainerGenerate(live(), context, checkInt(maxNewChars, 'maxNewChars', ...TRAIN_RANGES.maxNewChars)));
    },
    sample(context, maxNewChars, seed) {
      checkText(context, 'context');
      const [hi, lo] = seedParts(seed);
      return unwrap(m.trainerSample(live(), context, checkInt(maxNewChars, 'maxNewChars', ...TRAIN_RANGES.maxNewChars), hi, lo));
    },
    attention(snippet) {
      checkText(snippet, 'snippet');
      return unwrap(m.trainerAttention(live(), snippet));
    },
    attentionMaps(snippet) {
      checkText(snippet, 'snippet');
      return unwrap(m.trainerAttentionMaps(live(), snippet));
    },
    spreads: () => unwrap(m.trainerSpreads(live())),
    decoder(context, options = {}) {
      checkText(context, 'context');
      const cache = options.cache ?? 'off';
      const code = CACHE_MODES.indexOf(cache);
      if (code < 0) throw new RangeError(`cache must be 'off', 'rebuild' or 'naive', got ${shown(cache)}`);
      const [hi, lo] = seedParts(options.seed ?? config.seed);
      const decoderConfig = {
        cache: code, greedy: Boolean(options.greedy ?? true), seedHi: hi, seedLo: lo,
        temperature: Number(options.temperature ?? 1), topK: Number(options.topK ?? 0),
      };
      return wrapDecoder(m, unwrap(m.decoderNew(live(), context, decoderConfig)), live);
    },
    vocab: () => unwrap(m.trainerVocab(live())),
    delete() {
      if (h) m.trainerDelete(h);
      h = 0;
    },
  };
}

/** Cache modes in the engine's order (train/generate.hpp CacheMode). */
const CACHE_MODES = ['off', 'rebuild', 'naive'];

/**
 * @param {Omit<StepOps, 'total'>} o the binding's counts
 * @returns {StepOps}
 */
const opsOf = (o) => ({ ...o, total: o.qkv + o.scores + o.weighted + o.ffwd + o.lmHead });

/**
 * @param {RawModule} m
 * @param {number} handle
 * @param {() => number} trainerLive throws once the trainer is deleted (its decoders go with it)
 * @returns {Decoder}
 */
function wrapDecoder(m, handle, trainerLive) {
  let d = handle;
  return {
    step() {
      if (!d) throw new Error('this Decoder was deleted');
      trainerLive();
      const r = unwrap(m.decoderStep(d));
      return { ...r, recompute: opsOf(r.recompute), cached: opsOf(r.cached) };
    },
    delete() {
      if (d) m.decoderDelete(d);
      d = 0;
    },
  };
}

/**
 * Wraps a raw Embind training module into the typed API (./types.ts).
 * threads: how many threads its trainers use unless a config says (1 but in
 * the threaded build).
 * @param {RawModule} m
 * @param {number} [threads]
 * @returns {TrainEngine}
 */
export function wrapTrainModule(m, threads = 1) {
  return {
    raw: m,
    version: () => m.version(),
    simd: false, // (loadTrainEngine() says which build it loaded)
    threads,
    ...floatAttention(m),
    createTrainer(text, config) {
      checkText(text, 'text');
      const c = resolveConfig(config);
      const runConfig = { model: c.modelCode, seedHi: c.seedHi, seedLo: c.seedLo, ...settingsOf(c), threads: c.threads ?? threads };
      const handle = unwrap(m.trainerNew(text, runConfig));
      return wrapTrainer(m, handle, c);
    },
    heapStats: () => heapStatsOf(m),
  };
}

/**
 * Instantiates the training module (once per realm, a worker or Node, and
 * build: shared/load-module.js, which says what the options mean) and
 * resolves to its API.
 * @param {TrainLoadOptions} [options]
 * @returns {Promise<TrainEngine>}
 */
export function loadTrainEngine(options = {}) {
  return loadModule(createAttnTrainModule, options, (m, simd) => ({ ...wrapTrainModule(m), simd }));
}

/**
 * Whether this realm can run the threaded build: shared memory (only where
 * the page is cross-origin isolated), nested workers and WebAssembly SIMD.
 * @returns {boolean}
 */
export function threadsAvailable() {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' &&
    typeof Worker === 'function' && simdSupported() && (globalThis.navigator?.hardwareConcurrency ?? 1) > 1;
}

/** @type {Promise<TrainEngine | null> | null} */
let threaded = null;

/**
 * The threaded build (attn_train_mt): the same engine, a run's work shared
 * by min(cores, max_threads) threads with the same bits as one. Its JS glue
 * is imported from options.glueUrl, never bundled (each thread's worker
 * imports it again); its .wasm and its thread worker's script come from
 * wasmUrl and workerUrl. Resolves to null where it cannot run
 * (threadsAvailable() is false) or fails to load: the caller then loads the
 * one-thread builds (loadTrainEngine). Loaded once per realm.
 * @param {ThreadedLoadOptions} options
 * @returns {Promise<TrainEngine | null>}
 */
export function loadThreadedTrainEngine(options) {
  if (!threadsAvailable()) return Promise.resolve(null);
  threaded ??= (async () => {
    try {
      const glueUrl = String(options.glueUrl);
      /** @type {{ default: (arg: object) => Promise<RawModule> }} */
      const glue = await import(/* @vite-ignore */ glueUrl);
      /** @type {Record<string, string>} */
      const files = { 'attn_train_mt.wasm': String(options.wasmUrl), 'attn_train_mt.worker.js': String(options.workerUrl) };
      const m = await glue.default({ locateFile: (/** @type {string} */ p) => files[p] ?? p, mainScriptUrlOrBlob: glueUrl });
      const threads = Math.min(Number(m.maxThreads()), globalThis.navigator?.hardwareConcurrency ?? 1);
      return { ...wrapTrainModule(m, threads), simd: true };
    } catch {
      return null;
    }
  })();
  return threaded;
}
