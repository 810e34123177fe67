// Types shared by the WASM modules' loaders (Emscripten 3.1.6 has no
// --emit-tsd): seeds, scale names, result shapes, and what a loader passes to
// an Emscripten factory. Each module's own API is typed in its folder
// (core/types.ts, py/types.ts, cli/types.ts, torch/types.ts, train/types.ts);
// the loaders are JavaScript checked against those interfaces with
// // @ts-check and JSDoc, so the type check fails when a loader and its
// interface part ways. The raw modules' types (core/raw.ts, py/raw.ts,
// cli/raw.ts, torch/raw.ts) are generated from their bindings by
// scripts/gen-binding-types.mjs; the train module's raw module is still RawModule.

export type ScaleName = 'none' | 'sqrt' | 'dk';
/** A seed 0 <= seed < 2^64: a decimal string, a safe integer or a BigInt. */
export type Seed = string | number | bigint;

export interface AttentionResult<A extends Float64Array | Float32Array> {
  scores: A;
  weights: A;
  output: A;
}

/** Where a module with one build comes from: its bytes, or the URL to fetch them from. */
export interface OneBuildOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  wasmUrl?: string | URL;
}

/** A module with a SIMD build and its scalar fallback (shared/load-module.js). */
export interface ModuleOptions extends OneBuildOptions {
  /** The scalar build, loaded instead where WebAssembly SIMD is missing. */
  scalarWasmBinary?: ArrayBuffer | Uint8Array;
  scalarWasmUrl?: string | URL;
  /** Force the SIMD (true) or the scalar (false) build; default: feature detection. */
  simd?: boolean;
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
/** The default export of a generated web/generated/*.mjs glue (R: its raw module's type, see gen-binding-types.mjs). */
export type ModuleFactory<R = RawModule> = (arg?: ModuleArg) => Promise<R>;
