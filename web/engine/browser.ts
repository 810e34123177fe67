// The page-wide engines for elements: one instance of each WASM module per
// page, fetched from the .wasm files that the build emits next to the JS.
// `no-inline` keeps the library build from turning them into data: URLs,
// which `default-src 'self'` would block. The evaluator (its glue and its
// .wasm) is loaded on first use only, by a dynamic import.
import wasmUrl from '../generated/attn_core.wasm?url&no-inline';
import scalarWasmUrl from '../generated/attn_core_scalar.wasm?url&no-inline';
import pyWasmUrl from '../generated/attn_py.wasm?url&no-inline';
import { loadEngine, type Engine } from './engine.js';
import type { Evaluator } from './evaluator.js';

export type { Engine, Heatmap, HeatmapStats, ScaleName } from './engine.js';
export type { Evaluator } from './evaluator.js';

type Which = 'simd' | 'scalar' | 'py';
const URLS: Record<Which, string> = { simd: wasmUrl, scalar: scalarWasmUrl, py: pyWasmUrl };

/**
 * Where a .wasm is, relative to this module (a root-absolute URL from the
 * library build is made relative). scalar: the fallback build for engines
 * without WebAssembly SIMD (fetched only there); py: the evaluator.
 */
export function wasmLocation(which: Which | boolean = 'simd'): URL {
  const url = URLS[which === true ? 'scalar' : which === false ? 'simd' : which];
  const rel = url.startsWith('/') ? `.${url}` : url;
  return new URL(rel, import.meta.url);
}

export function getEngine(): Promise<Engine> {
  return loadEngine({ wasmUrl: wasmLocation('simd'), scalarWasmUrl: wasmLocation('scalar') });
}

export async function getEvaluator(): Promise<Evaluator> {
  const { loadEvaluator } = await import('./evaluator.js');
  return loadEvaluator({ wasmUrl: wasmLocation('py') });
}
