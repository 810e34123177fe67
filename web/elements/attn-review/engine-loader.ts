// Loaded on demand for the recall check: the engine with its .wasm as a
// separate file (an inlined data: URL would be blocked by the strict CSP).
import wasmUrl from '../../generated/attn_core.wasm?url&no-inline';
import { loadEngine, type Engine } from '../../engine/engine.js';

let engine: Promise<Engine> | null = null;
export function loadReviewEngine(): Promise<Engine> {
  // The library build emits a root-absolute URL ("/attn_core.wasm"); the file sits next to this module.
  const rel = wasmUrl.startsWith('/') ? `.${wasmUrl}` : wasmUrl;
  engine ??= loadEngine({ wasmUrl: new URL(rel, import.meta.url) });
  return engine;
}
