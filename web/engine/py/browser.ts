// The page-wide evaluator for elements (<attn-exercise>, <attn-review>, the
// lesson page's printed program): one instance of attn_py per page. Its glue
// and loader are a dynamic import, so a page fetches them, and the .wasm,
// only when something first asks for the evaluator.
import pyWasmUrl from '../../generated/attn_py.wasm?url&no-inline';
import type { Evaluator } from './evaluator.js';
import { besideModule } from '../shared/locate';

export type { Evaluator } from './evaluator.js';
export type { Lesson1Variance } from './types';

/** Where attn_py.wasm is, relative to this module. */
export function evaluatorWasmLocation(): URL {
  return besideModule(pyWasmUrl, import.meta.url);
}

export async function getEvaluator(): Promise<Evaluator> {
  const { loadEvaluator } = await import('./evaluator.js');
  return loadEvaluator({ wasmUrl: evaluatorWasmLocation() });
}
