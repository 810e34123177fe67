// Types of the evaluator module's API (hand-written: Emscripten 3.1.6 has no --emit-tsd).
import type { AttentionResult, CliResult, ExerciseResult, ScaleName, Seed } from './engine.js';

export type { CliResult, ExerciseResult, ExerciseTodo, TodoVerdict, VerdictCode, VerdictReason, Seed } from './engine.js';

/** The text side of the engine: NumPy-printed programs, the exercise evaluator, the CLI. */
export interface Evaluator {
  version(): string;
  /** attn-cli in WASM: same arguments, same bytes out. */
  runCli(args: string[]): CliResult;
  /** Lesson 1's exercise script output under default_rng(seed). T in [1, 10], dims in [1, 512]. */
  lesson1(seed: Seed, T?: number, dModel?: number, dK?: number, dV?: number): string;
  /**
   * Lesson 1's section-5 program with these three lines (sandboxed Python/NumPy subset), run under
   * default_rng(seed); each line at most 2000 characters, "" = the TODO left as `...`.
   */
  exercise(seed: Seed, todo1: string, todo2: string, todo3: string): ExerciseResult;
  /** Double-precision attention, the reference for the float kernels. q: (T, dK), k: (S, dK), v: (S, dV), row-major. */
  attention(q: Float64Array, k: Float64Array, v: Float64Array, T: number, S: number, dK: number, dV: number,
    scale?: ScaleName, causal?: boolean): AttentionResult<Float64Array>;
  /** WASM memory size and bytes in use by malloc (this module's own heap). */
  heapStats(): { memoryBytes: number; usedBytes: number };
  /** The raw Embind module (errors are returned, not thrown). */
  readonly raw: unknown;
}

export interface EvaluatorLoadOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string | URL;
}

export function wrapEvaluator(m: unknown): Evaluator;
export function loadEvaluator(options?: EvaluatorLoadOptions): Promise<Evaluator>;
