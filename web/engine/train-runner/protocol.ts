// The messages between <attn-train> (client.ts) and the code that owns
// the training module and runs the loop (runner.ts, in a Web Worker or,
// where no worker can start, in the page in short slices).
import { TRAIN_ELEMENT_LIMITS } from '../shared/limits/train-element.js';
import type { EvalPoint, ModelName, TrainConfig, TrainerInfo } from '../train/train.js';
import type { ThreadedLoadOptions } from '../train/types';
import type { GenStepView } from './generate';

export type { EvalPoint, ModelName, TrainerInfo, GenStepView };

/** What a run trains on and how (the lecture's settings; see train.js defaults()), the seed as a decimal string. */
export interface RunSettings extends Omit<TrainConfig, 'seed'> {
  seed: string;
  /** Characters sampled at the end (0: none), from the run's own generator as the lecture's generate. */
  sampleChars: number;
  /** Characters sampled at each evaluation (0: none), from a generator of their own (the run is unchanged). */
  evalSampleChars: number;
}

/** The threaded build's files (absolute URLs), sent where the page is cross-origin isolated. */
export type ThreadedFiles = { [K in keyof ThreadedLoadOptions]: string };

export type ToRunner =
  /** Where the module's .wasm files are (absolute URLs), or its bytes. */
  | { type: 'init'; wasmUrl?: string; scalarWasmUrl?: string; wasmBinary?: Uint8Array; threaded?: ThreadedFiles }
  /** A new run: on `text`, or on the text at `textUrl` (fetched now, not before). */
  | { type: 'start'; run: number; settings: RunSettings; text?: string; textUrl?: string }
  | { type: 'pause'; run: number }
  | { type: 'resume'; run: number }
  | { type: 'stop'; run: number }
  /** Every head's attention weights on a snippet (after or during a run). */
  | { type: 'attention'; run: number; request: number; snippet: string }
  /**
   * Generation from the run's model: `count` steps, after (with `start`) a new decoder from
   * `start.context` (cache on: both ways each step; sampling from a generator seeded with the run's seed).
   */
  | { type: 'generate'; run: number; request: number; count: number; start?: { context: string; cache: boolean; greedy: boolean; temperature?: number; topK?: number } }
  /** Frees the run's trainer. */
  | { type: 'reset'; run: number }
  /**
   * The learner just typed, clicked or scrolled: start no slice of training before `until`
   * (ms since the epoch: performance.timeOrigin + performance.now()), so the frame that answers
   * the input does not share the machine's cores with the loop. Any run, or none.
   */
  | { type: 'defer'; until: number };

export type ErrorKind = 'engine' | 'fetch' | 'text' | 'settings' | 'attention' | 'generate';

export type FromRunner =
  | { type: 'loading'; run: number; what: 'engine' | 'text' }
  | { type: 'started'; run: number; info: TrainerInfo; vocab: string; simd: boolean; threads: number; textChars: number; worker: boolean }
  /** `spreads`: the block models' per-layer spreads at the step before the evaluation (from step 1 on). */
  | { type: 'eval'; run: number; point: EvalPoint; line: string; sample: string; spreads?: { activation: number[]; gradient: number[] } }
  | { type: 'progress'; run: number; step: number; iters: number; stepsPerSecond: number; secondsLeft: number; activeMs: number }
  | { type: 'paused'; run: number; step: number }
  | { type: 'resumed'; run: number; step: number }
  | { type: 'nan'; run: number; step: number }
  | { type: 'done'; run: number; step: number; stopped: boolean; sample: string; activeMs: number; stepsPerSecond: number }
  /** `weights`: (layers, heads, T, T), rows queries; the head model is 1 × 1. */
  | { type: 'attention'; run: number; request: number; snippet: string; weights: Float32Array; layers: number; heads: number; T: number }
  | { type: 'generated'; run: number; request: number; steps: GenStepView[] }
  | { type: 'error'; run: number; kind: ErrorKind; message: string; request?: number };

/** Largest text a learner may train on (UTF-8 bytes). */
export const MAX_TEXT_BYTES = TRAIN_ELEMENT_LIMITS.maxTextBytes;
