// Types of the two WASM modules' JS API (Emscripten 3.1.6 has no --emit-tsd):
// the interfaces the loaders engine.js and evaluator.js implement. Those are
// JavaScript (Node scripts import them as they are) checked against these
// interfaces with // @ts-check and JSDoc, so `npm test`'s type check fails
// when a loader and its interface part ways.

export type ScaleName = 'none' | 'sqrt' | 'dk';
/** A seed 0 <= seed < 2^64: a decimal string, a safe integer or a BigInt. */
export type Seed = string | number | bigint;

export interface HeatmapStats {
  /** Standard deviation of the scaled scores before masking (≈ √d_k unscaled, ≈ 1 scaled). */
  scoreStd: number;
  /** Mean over rows of each row's largest weight. */
  meanRowMax: number;
  /** max_i |Σ_j w[i, j] − 1| */
  maxRowSumError: number;
}

/** Q, K = default_rng(seed).standard_normal((tokens, dkMax)) each, drawn once. */
export interface Heatmap {
  readonly tokens: number;
  readonly dkMax: number;
  /** One slider step; uses Q[:, :dk], K[:, :dk]. Throws RangeError/TypeError on bad input. */
  compute(dk: number, scale: ScaleName, causal: boolean): HeatmapStats;
  /** Fresh copies, row-major (tokens × tokens). */
  weights(): Float64Array;
  /** Scaled scores; masked cells are -Infinity. */
  scores(): Float64Array;
  /** Q Kᵀ before scaling and masking. */
  rawScores(): Float64Array;
  rowMax(): Float64Array;
  rowSums(): Float64Array;
  /** Frees the WASM-side buffers. */
  delete(): void;
}

export interface AttentionResult<A extends Float64Array | Float32Array> {
  scores: A;
  weights: A;
  output: A;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A verdict's reason as a stable code (cpp/src/exercise.hpp lists them with their parameters), so that
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

/** One TODO line's verdict (see cpp/src/exercise.hpp). */
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

/** The float attention kernel, in the float module (attn_train: web/engine/train.js's TrainEngine). */
export interface FloatAttention {
  /** The float path (WASM SIMD where available). Returns fresh arrays; reuses its heap buffers while the shape stays. */
  attentionF32(q: Float32Array, k: Float32Array, v: Float32Array, T: number, S: number, dK: number, dV: number,
    scale?: ScaleName, causal?: boolean): AttentionResult<Float32Array>;
  /** Preallocated float attention of one shape (no copies, no allocation per run). */
  createAttentionF32(T: number, S: number, dK: number, dV: number): AttentionF32;
}

/** The core module: random draws, attention kernels, the heatmap model. */
export interface Engine {
  version(): string;
  /** default_rng(seed).standard_normal(count), count <= 2^20. */
  standardNormal(seed: Seed, count: number): Float64Array;
  createHeatmap(seed: Seed, tokens: number, dkMax: number): Heatmap;
  /** WASM memory size and bytes in use by malloc. */
  heapStats(): { memoryBytes: number; usedBytes: number };
  /** The raw Embind module (errors are returned, not thrown; objects are integer handles). */
  readonly raw: unknown;
  /** Which build loadEngine() chose: true for SIMD, false for the scalar fallback (unset from wrapModule). */
  simd?: boolean;
}

export interface LoadOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string | URL;
  /** The scalar build, loaded instead where WebAssembly SIMD is missing. */
  scalarWasmBinary?: ArrayBuffer | Uint8Array;
  scalarWasmUrl?: string | URL;
  /** Force the SIMD (true) or the scalar (false) build; default: feature detection. */
  simd?: boolean;
}

/** The text side of the engine: NumPy-printed programs and the exercise evaluator. */
export interface Evaluator {
  version(): string;
  /** Lesson 1's exercise script output under default_rng(seed). T in [1, LIMITS.lesson1.maxT], dims in [1, LIMITS.lesson1.maxDim] (./limits.js). */
  lesson1(seed: Seed, T?: number, dModel?: number, dK?: number, dV?: number): string;
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

export interface EvaluatorLoadOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string | URL;
}

/** attn-cli in WASM (the CLI module, attn_cli: Node scripts and tests only; no page loads it). */
export interface Cli {
  version(): string;
  /**
   * attn-cli's commands: same arguments, same bytes out. At most LIMITS.cli.maxArgs strings of
   * LIMITS.cli.maxArgChars characters (./limits.js). The module has no file system: `train --data FILE`
   * (and its default, the project's Tiny Shakespeare) is read through `readFile`, which returns the
   * file's bytes or null when it cannot be read; without it no file can be read. A readFile that
   * throws or returns anything else makes runCli throw (a TypeError for a wrong result).
   */
  runCli(args: string[], readFile?: (path: string) => Uint8Array | null): CliResult;
  /** WASM memory size and bytes in use by malloc (this module's own heap). */
  heapStats(): { memoryBytes: number; usedBytes: number };
  /** The raw Embind module (errors are returned, not thrown). */
  readonly raw: unknown;
}

export interface CliLoadOptions {
  /** The attn_cli.wasm bytes (Node: readFileSync). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string | URL;
}

/** What the loaders pass to an Emscripten module factory. */
export interface ModuleArg {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (path: string, prefix: string) => string;
}
/**
 * A raw Embind module (cpp/bindings): functions that return a value or an
 * Error (they do not throw), objects as integer handles. Typed loosely on
 * purpose: the loaders' checks and the interfaces above are the contract.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RawModule = Record<string, (...args: any[]) => any>;
/** The default export of a generated web/generated/*.mjs glue. */
export type ModuleFactory = (arg?: ModuleArg) => Promise<RawModule>;
