// @ts-check
// The loader of the CLI module (attn_cli): attn-cli's commands in WASM, the
// same bytes as the native binary. For Node only (scripts/attn-node.mjs:
// `npm run lesson1|normal|torch|exercise|train`, and the tests): no page or
// element loads it, and the site and the library do not ship it. It is the
// only text-side module built with C++ exception catching, which is why the
// evaluator (attn_py, ../py/evaluator.js) does not carry it.
//
// The binding checks its arguments (cpp/bindings/cli.cpp) and returns an
// Error instead of throwing from inside WASM; this wrapper throws it.
// Checked (// @ts-check) against the Cli interface in types.ts, and its calls
// against the raw module's ./raw.ts (generated from the binding).
import createAttnCliModuleGlue from '../../generated/attn_cli.mjs';
import { heapStatsOf, unwrap } from '../shared/checks.js';
import { loadModule } from '../shared/load-module.js';

/**
 * @typedef {import('./types').Cli} Cli
 * @typedef {import('./types').CliLoadOptions} CliLoadOptions
 * @typedef {import('./types').CliResult} CliResult
 * @typedef {import('./raw').RawCli} RawCli
 */

/** @type {import('../shared/types').ModuleFactory<RawCli>} */
const createAttnCliModule = /** @type {any} */ (createAttnCliModuleGlue);

/**
 * Wraps a raw Embind CLI module into the typed API (types.ts).
 * @param {RawCli} m
 * @returns {Cli}
 */
export function wrapCli(m) {
  return {
    raw: m,
    version: () => m.version(),
    runCli: (args, readFile) => {
      // none, or not a function (the binding rejects that with a TypeError)
      if (typeof readFile !== 'function') return unwrap(m.runCli(args, readFile));
      // The binding calls readFile from inside WASM: a throw there would cross
      // C++ frames, so it is caught here and thrown once runCli has returned.
      /** @type {unknown} */
      let failure = null;
      /** @param {string} path */
      const guarded = (path) => {
        if (failure !== null) return null;
        try {
          const bytes = readFile(path);
          if (bytes === null || bytes instanceof Uint8Array) return bytes;
          failure = new TypeError(`readFile must return a Uint8Array or null, got ${Object.prototype.toString.call(bytes)}`);
        } catch (e) {
          failure = e;
        }
        return null;
      };
      const r = m.runCli(args, guarded);
      if (failure !== null) throw failure;
      return unwrap(r);
    },
    heapStats: () => heapStatsOf(m),
  };
}

/**
 * Instantiates the CLI module (once per process: shared/load-module.js) and
 * resolves to its API. options.wasmBinary: the attn_cli.wasm bytes (Node:
 * readFileSync); options.wasmUrl: where to fetch them from otherwise.
 * @param {CliLoadOptions} [options]
 * @returns {Promise<Cli>}
 */
export function loadCli(options = {}) {
  return loadModule(createAttnCliModule, options, wrapCli);
}
