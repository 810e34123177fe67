// The page-wide engine for elements: one WASM instance per page, fetched from
// the .wasm file that the build emits next to the JS. `no-inline` keeps the
// library build from turning it into a data: URL, which `default-src 'self'`
// would block.
import wasmUrl from '../generated/attn_core.wasm?url&no-inline';
import scalarWasmUrl from '../generated/attn_core_scalar.wasm?url&no-inline';
import { loadEngine, type Engine } from './engine.js';

export type { Engine, Heatmap, HeatmapStats, ScaleName } from './engine.js';

/**
 * Where the .wasm is, relative to this module (a root-absolute URL from the
 * library build is made relative). scalar: the fallback build for engines
 * without WebAssembly SIMD (fetched only there).
 */
export function wasmLocation(scalar = false): URL {
  const url = scalar ? scalarWasmUrl : wasmUrl;
  const rel = url.startsWith('/') ? `.${url}` : url;
  return new URL(rel, import.meta.url);
}

export function getEngine(): Promise<Engine> {
  return loadEngine({ wasmUrl: wasmLocation(), scalarWasmUrl: wasmLocation(true) });
}
