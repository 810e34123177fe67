// Types of the training module's JS API (Emscripten 3.1.6 has no --emit-tsd):
// the interfaces the loader train.js implements. The loader is JavaScript
// checked against them (// @ts-check and JSDoc), so the type check fails when
// the two part ways.
import type { AttentionResult, ModuleOptions, ScaleName, Seed } from '../shared/types';
import type { Info, Maps, Ops, Spreads, Step } from './raw';
import type { TrainCommonSettingName, TrainIntSettingName, TrainModelName, TrainModelSettingName, TrainSettingName } from './settings.js';

export type { Seed, TrainSettingName };

/**
 * Float attention in buffers kept in the WASM heap: write Q, K, V into the
 * views, call run(), read the results. Nothing is allocated per run. The
 * views are live: run() overwrites what it returned last time.
 */
export interface AttentionF32 {
  readonly T: number;
  readonly S: number;
  readonly dK: number;
  readonly dV: number;
  /** (T, dK), row-major: a view into the WASM heap; write the queries here. */
  readonly q: Float32Array;
  /** (S, dK) */
  readonly k: Float32Array;
  /** (S, dV) */
  readonly v: Float32Array;
  /** Computes into the heap buffers and returns views of them: scores and weights (T, S), output (T, dV). */
  run(scale?: ScaleName, causal?: boolean): AttentionResult<Float32Array>;
  /** Frees the WASM-side buffers. */
  delete(): void;
}

/** The float attention kernel, in the float module (attn_train: web/engine/train/train.js's TrainEngine). */
export interface FloatAttention {
  /** The float path (WASM SIMD where available). Returns fresh arrays; reuses its heap buffers while the shape stays. */
  attentionF32(q: Float32Array, k: Float32Array, v: Float32Array, T: number, S: number, dK: number, dV: number,
    scale?: ScaleName, causal?: boolean): AttentionResult<Float32Array>;
  /** Preallocated float attention of one shape (no copies, no allocation per run). */
  createAttentionF32(T: number, S: number, dK: number, dV: number): AttentionF32;
}

/** The engine's models (cpp/src/train/settings.hpp, through ./settings.js). */
export type ModelName = TrainModelName;

/** A camelCase name in kebab-case (nEmbd -> n-embd), as a type. */
export type Kebab<S extends string> = S extends `${infer C}${infer R}` ? `${C extends Lowercase<C> ? C : `-${Lowercase<C>}`}${Kebab<R>}` : '';

/** Every run setting's value (the rows of cpp/src/train/settings.hpp, through ./settings.js). */
export type TrainSettingValues = Record<TrainSettingName, number>;

/**
 * A run's hyperparameters (the lecture's: see defaults()): the model, the
 * seed and a value for each row of ./settings.js, required where every model
 * reads it, else optional (left out: the model's default).
 */
export interface TrainConfig extends Record<TrainCommonSettingName, number>, Partial<Record<TrainModelSettingName, number>> {
  model: ModelName;
  /** Decimal string (or integer / BigInt), 0 <= seed < 2^64: torch.manual_seed(seed). */
  seed: Seed;
  /** Threads that share each step, 1 .. max_threads (the threaded build only; default: the engine's threads). The results are the same bits for any number. */
  threads?: number;
}

/** One line of the lecture's log. Losses are float32 values. */
export interface EvalPoint {
  step: number;
  train: number;
  val: number;
}

export interface AdvanceResult {
  /** The next step to run (0 .. iters). */
  step: number;
  /** The last training step's loss. */
  lastLoss: number;
  /** The step whose loss (training or evaluation) was not finite; the run cannot go on. */
  badStep: number | null;
  done: boolean;
  /** The evaluations run in this call, in order. */
  evals: EvalPoint[];
}

export type TrainerInfo = Info;

/** Attention weights (layers, heads, T, T), rows queries, columns keys, row-major. */
export type AttentionMaps = Maps;

/** Per layer: the population standard deviation of its output and of the loss gradient at that output. */
export type LayerSpreads = Spreads;

/** Multiply-adds of one generation step, by part (counted by the engine), and their sum. */
export interface StepOps extends Ops {
  total: number;
}

/** One step of generation (train/generate.hpp's StepResult), each count with its sum. */
export interface DecoderStep extends Omit<Step, 'recompute' | 'cached'> {
  recompute: StepOps;
  cached: StepOps;
}

/**
 * A generation in progress. cache 'off': recompute the window each step; 'rebuild': a key/value
 * cache, projected again after the window slides (the same text); 'naive': both ways each step, the
 * cache keeping its keys when the window slides (so it drifts), the choice from the recomputed logits.
 */
export interface Decoder {
  step(): DecoderStep;
  delete(): void;
}

export interface DecoderOptions {
  cache?: 'off' | 'rebuild' | 'naive';
  /** argmax (default) or a draw from a generator of its own seeded with `seed`. */
  greedy?: boolean;
  seed?: Seed;
  /** A sampled step draws from softmax(logits / temperature) (default 1; limits().train's min/maxTemperature). */
  temperature?: number;
  /** ... over the topK largest logits only (default 0: all; ties at the k-th kept). */
  topK?: number;
}

export interface Trainer {
  readonly config: Readonly<Omit<TrainConfig, 'seed'> & { seed: string }>;
  info(): TrainerInfo;
  /** Up to maxSteps steps of the lecture's loop (each evaluation before its step). */
  advance(maxSteps: number): AdvanceResult;
  /** Continues `context` ("" = from token 0) by maxNewChars characters, drawn from the run's generator. */
  generate(context: string, maxNewChars: number): string;
  /** As generate, from a generator seeded with `seed`; the run's own generator (and so the rest of the run) is untouched. */
  sample(context: string, maxNewChars: number, seed: Seed): string;
  /** The head model's attention weights on the last `block` characters of snippet: (T, T), rows queries. */
  attention(snippet: string): Float32Array;
  /**
   * Every head of every layer on the last `block` characters of snippet, in eval mode (no dropout):
   * the head model as 1 layer × 1 head; the bigram and position models: RangeError.
   */
  attentionMaps(snippet: string): AttentionMaps;
  /** The block models: each layer's spreads at the last training step (empty arrays before it and for the other models). */
  spreads(): LayerSpreads;
  /** Generation one step at a time from `context` ("" = token 0); characters outside the vocabulary: RangeError. */
  decoder(context: string, options?: DecoderOptions): Decoder;
  /** The vocabulary, one character per id. */
  vocab(): string;
  delete(): void;
}

/** The float module: the trainer, and the float attention kernel (FloatAttention). */
export interface TrainEngine extends FloatAttention {
  version(): string;
  /** True when the SIMD build was loaded. */
  simd: boolean;
  /** Threads its trainers use unless their config says: 1, or the cores (at most max_threads) in the threaded build. */
  threads: number;
  /** Throws a RangeError naming the problem for text that cannot be trained on (too short for the block, ...). */
  createTrainer(text: string, config?: Partial<TrainConfig>): Trainer;
  heapStats(): { memoryBytes: number; usedBytes: number };
  readonly raw: unknown;
}

/** As the core module's: a SIMD build and its scalar fallback (shared/load-module.js). */
export type TrainLoadOptions = ModuleOptions;

/** Where the threaded build's three files are (train.js: loadThreadedTrainEngine). */
export interface ThreadedLoadOptions {
  glueUrl: string | URL;
  wasmUrl: string | URL;
  workerUrl: string | URL;
}

/** The [min, max] of each of a run's settings that the loader checks. */
export type TrainLimits = Readonly<Record<TrainIntSettingName | 'maxSteps' | 'maxNewChars', readonly [number, number]>>;

/** A config with every field, checked, and the seed split for the bindings. */
export type ResolvedTrainConfig = TrainConfig & TrainSettingValues & { seed: string; seedHi: number; seedLo: number; modelCode: number };
