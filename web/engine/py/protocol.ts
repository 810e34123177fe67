// Messages between the page's evaluator client (browser.ts) and the worker
// that owns attn_py (py-worker.ts).
import type { Seed } from '../shared/types';

/** The evaluator calls that may run off the main thread (each takes only strings and seeds). */
export const OFF_THREAD_CALLS = ['lesson1', 'lesson1Variance', 'lesson1Run', 'exercise'] as const;
export type OffThreadCall = (typeof OFF_THREAD_CALLS)[number];

export type ToPyWorker =
  | { type: 'init'; wasmUrl: string }
  | { type: 'init'; wasmBinary: Uint8Array }
  | { type: 'call'; id: number; call: OffThreadCall; args: (Seed | string)[] };

export type FromPyWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; message: string };
