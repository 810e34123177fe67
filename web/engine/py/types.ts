// Types of the evaluator module's JS API (attn_py: the loader py/evaluator.js
// implements them over the raw module, ./raw.ts, generated from the binding;
// checked with // @ts-check and JSDoc).
import type { AttentionResult, OneBuildOptions, ScaleName, Seed } from '../shared/types';

export type { Seed };

/**
 * A verdict's reason as a stable code (cpp/lessons/exercise.hpp lists them with their parameters), so that
 * a UI can word it in its own language. Parameters are strings: shapes as NumPy prints them ("(4, 4)"),
 * values as Python reprs, Python error lines as Python prints them (`text`).
 */
export type VerdictCode =
  | 'ok' | 'empty' | 'syntax' | 'target' | 'error' | 'error_t_later' | 'not_array' | 'shape' | 'shape_contract'
  | 'no_scale' | 'div_dk' | 'mul_sqrt' | 'transposed' | 'scores_values'
  | 'mask_where_error' | 'mask_shape' | 'mask_not_bool' | 'mask_k0' | 'mask_lower' | 'mask_inverted' | 'mask_none'
  | 'mask_all' | 'mask_cells'
  | 'softmax_axis' | 'not_normalized' | 'double_scale' | 'ignores_mask' | 'weights_nan' | 'row_sums' | 'weights_values'
  | 'causal_false' | 'batched' | 'batched_transpose' | 'unsupported' | 'sizes_only' | 'pytorch_transpose';

/**
 * What an 'unsupported' verdict is about (params.what): a stable code with named arguments in params
 * (cpp/src/pyeval/pyeval.hpp kConstructs lists them with their English wording, which is params.construct).
 */
export type ConstructCode =
  | 'line-tokens' | 'string-prefix' | 'complex' | 'long-literal' | 'big-integer' | 'string-escape'
  | 'non-ascii-name' | 'several-statements' | 'assign-target' | 'keyword-expression' | 'dict-set' | 'operator'
  | 'nesting' | 'argument-unpacking' | 'starred' | 'line-length' | 'argument' | 'dtype' | 'fractional-k'
  | 'k-argument' | 'ufunc-keywords' | 'int-conversion' | 'float16' | 'where-string' | 'where-argument'
  | 'tensordot-axes' | 'tensordot-repeated' | 'numpy-name' | 'array-attribute' | 'number-attribute' | 'function'
  | 'einsum-operands' | 'einsum-repeated' | 'einsum-ellipsis' | 'string-conversion' | 'keyword-arguments'
  | 'copy-arguments' | 'dtype-out' | 'builtin-keywords' | 'pow-modulus' | 'long-list' | 'array-object'
  | 'full-array' | 'where-one-argument' | 'fancy-index' | 'bool-index' | 'string-iteration' | 'string-operators'
  | 'long-sequence' | 'int64-overflow' | 'array-too-large' | 'too-much-work' | 'too-many-dims' | 'big-index'
  | 'program-name';

/** An 'unsupported' verdict's params: its English wording, its code and the code's named arguments. */
export interface UnsupportedParams extends Record<string, string> {
  /** e.g. 'arrays of more than 1000000 elements' (English, as the CLI prints it). */
  construct: string;
  /** e.g. 'array-too-large' (its argument: limit = '1000000'). */
  what: ConstructCode;
}

export interface VerdictReason {
  code: VerdictCode;
  /** e.g. {got: '(4, 4, 16)', want: '(4, 4)'} for 'shape', {text: "NameError: name 'x' is not defined"} for 'error'. */
  params: Record<string, string>;
}

/** One TODO line's verdict (see cpp/lessons/exercise.hpp). */
export interface ExerciseTodo extends VerdictReason {
  /** The line as given. */
  source: string;
  correct: boolean;
  /** Why it is wrong; for a correct line "" or a note (e.g. on batched inputs). English. */
  reason: string;
  /**
   * For the wrappers 'causal_false' (wrong only without the mask) and 'batched' / 'batched_transpose'
   * (correct for (T, d) inputs, fails on batched ones): the wrapped reason.
   */
  inner?: VerdictReason;
}
/** Alias of ExerciseTodo. */
export type TodoVerdict = ExerciseTodo;

export interface ExerciseResult {
  /** The program's stdout as NumPy prints it (ends with the error line if it raised). */
  output: string;
  /** Verdicts for TODO 1, 2, 3. */
  todos: ExerciseTodo[];
}

// The √d_k experiment's numbers: the binding's value objects (attn::Lesson1Variance), typed in ./raw.ts.
export type { Lesson1VarianceRow, Lesson1Variance } from './raw';
import type { Lesson1Variance } from './raw';

/** The text side of the engine: NumPy-printed programs and the exercise evaluator. */
export interface Evaluator {
  version(): string;
  /** Lesson 1's exercise script output under default_rng(seed). T in [1, LIMITS.lesson1.maxT], dims in [1, LIMITS.lesson1.maxDim] (./limits.js). */
  lesson1(seed: Seed, T?: number, dModel?: number, dK?: number, dV?: number): string;
  /** The numbers of that program's √d_k experiment (the same sizes and ranges), each also as the program prints it. */
  lesson1Variance(seed: Seed, T?: number, dModel?: number, dK?: number, dV?: number): Lesson1Variance;
  /** lesson1's text and lesson1Variance's numbers from one run of the program (what the lesson page shows). */
  lesson1Run(seed: Seed, T?: number, dModel?: number, dK?: number, dV?: number): { output: string; variance: Lesson1Variance };
  /**
   * Lesson 1's section-5 program with these three lines (sandboxed Python/NumPy subset), run under
   * default_rng(seed); each line at most LIMITS.evaluator.maxLineChars characters (./limits.js), "" = the TODO left as `...`.
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

export type EvaluatorLoadOptions = OneBuildOptions;
