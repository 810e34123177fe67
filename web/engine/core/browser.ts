// The page-wide core engine for elements: one instance of the WASM module
// per page, fetched from the .wasm file that the build emits next to the JS.
// `no-inline` keeps the library build from turning it into a data: URL,
// which `default-src 'self'` would block. (The evaluator module has its own
// loader, ../py/browser.ts, so that elements that need only one of the
// two modules carry only that one's glue.)
import wasmUrl from '../../generated/attn_core.wasm?url&no-inline';
import scalarWasmUrl from '../../generated/attn_core_scalar.wasm?url&no-inline';
import { loadEngine, type Engine } from './engine.js';
import { besideModule } from '../shared/locate';

export type { Engine, Heatmap, HeatmapStats, ScaleName } from './engine.js';

/**
 * Where the core .wasm is, relative to this module. scalar: the fallback
 * build for engines without WebAssembly SIMD (fetched only there).
 */
export function wasmLocation(scalar = false): URL {
  return besideModule(scalar ? scalarWasmUrl : wasmUrl, import.meta.url);
}

export function getEngine(): Promise<Engine> {
  return loadEngine({ wasmUrl: wasmLocation(), scalarWasmUrl: wasmLocation(true) });
}
