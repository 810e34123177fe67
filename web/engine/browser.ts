// The page-wide engine for elements: one WASM instance per page, fetched from
// the .wasm file that the build emits next to the JS.
import wasmUrl from '../generated/attn_core.wasm?url';
import { loadEngine, type Engine } from './engine.js';

export type { Engine, Heatmap, HeatmapStats, ScaleName } from './engine.js';

export function getEngine(): Promise<Engine> {
  return loadEngine({ wasmUrl: new URL(wasmUrl, import.meta.url) });
}
