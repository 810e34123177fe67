// @ts-check
// Instantiating a WASM module once per realm (a page, a worker, a Node
// process), for every loader (core/engine.js, py/evaluator.js, cli/cli.js,
// torch/torch.js, train/train.js).
//
// options.wasmBinary: the .wasm bytes (Node, where fetch of file URLs fails,
// and the embed, which carries them); options.wasmUrl: where the browser
// fetches the .wasm from. A module with two builds (a SIMD build and its
// scalar fallback, one JS glue) also takes options.scalarWasmBinary /
// options.scalarWasmUrl: the scalar build is loaded where SIMD is missing,
// or with options.simd === false; without them the SIMD build is loaded
// regardless.
//
// One instance per factory and build: every later call for the same build
// gets the same promise, whatever else its options say (the embed hands the
// bytes over first; the elements then ask with URLs and share that
// instance). A failed instantiation rejects the promise of every call that
// waited for it, once, and is forgotten, so that a later call tries again.
import { simdSupported } from './simd.js';

/**
 * @typedef {import('./types').ModuleFactory} ModuleFactory
 * @typedef {import('./types').ModuleArg} ModuleArg
 * @typedef {import('./types').RawModule} RawModule
 * @typedef {import('./types').ModuleOptions} ModuleOptions
 */

/** @type {WeakMap<import('./types').ModuleFactory<any>, Map<boolean, Promise<unknown>>>} */
const instances = new WeakMap();

/**
 * Whether these options load the scalar build.
 * @param {ModuleOptions} options
 * @returns {boolean}
 */
export function usesScalar(options) {
  const hasScalar = Boolean(options.scalarWasmBinary || options.scalarWasmUrl);
  return hasScalar && (options.simd === false || (options.simd !== true && !simdSupported()));
}

/**
 * The module's API, instantiated on the first call for its build and shared after.
 * wrap: the loader's typed API over the raw Embind module (simd: which build it is).
 * @template T
 * @template [R=RawModule]
 * @param {import('./types').ModuleFactory<R>} factory
 * @param {ModuleOptions} options
 * @param {(m: R, simd: boolean) => T} wrap
 * @returns {Promise<T>}
 */
export function loadModule(factory, options, wrap) {
  let builds = instances.get(factory);
  if (!builds) instances.set(factory, (builds = new Map()));
  const scalar = usesScalar(options);
  const known = builds.get(scalar);
  if (known) return /** @type {Promise<T>} */ (known);
  const binary = scalar ? options.scalarWasmBinary : options.wasmBinary;
  const url = scalar ? options.scalarWasmUrl : options.wasmUrl;
  /** @type {ModuleArg} */
  const moduleArg = {};
  if (binary) moduleArg.wasmBinary = binary;
  if (url) moduleArg.locateFile = () => String(url);
  const loading = factory(moduleArg).then((m) => wrap(m, !scalar));
  builds.set(scalar, loading);
  loading.catch(() => builds.delete(scalar));
  return loading;
}
