// The page side of the lesson's printed program and its √d_k form: both run
// in a Web Worker (lesson-worker.ts), so the main thread stays free while the
// engine draws. Nothing is fetched before the first request. Where no worker
// can start (a sandboxed iframe has an opaque origin, so `new Worker(url)`
// throws; or the worker fails to load), the page's own evaluator runs them.
import { evaluatorWasmLocation, getEvaluator } from './browser';
import type { Lesson1Variance } from './types';
import type { Lesson1RunResult, LessonReply, LessonRequest } from './lesson-protocol';

export type { Lesson1RunResult } from './lesson-protocol';

type Pending = { resolve: (v: never) => void; reject: (e: Error) => void; req: LessonRequest };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function inPage(req: LessonRequest): Promise<Lesson1RunResult | Lesson1Variance> {
  return getEvaluator().then((py) => (req.kind === 'run' ? py.lesson1Run(req.seed) : py.lesson1Variance(req.seed)));
}

/** The worker failed to start or load: every open request runs in the page instead. */
function fallBack(): void {
  broken = true;
  worker?.terminate();
  worker = null;
  const open = [...pending.values()];
  pending.clear();
  for (const p of open) inPage(p.req).then((v) => p.resolve(v as never), p.reject);
}

function connect(): Worker | null {
  if (worker || broken) return worker;
  try {
    worker = new Worker(new URL('./lesson-worker.ts', import.meta.url), { type: 'module', name: 'attn-lesson' });
  } catch {
    broken = true;
    return null;
  }
  worker.addEventListener('message', (e: MessageEvent<LessonReply>) => {
    const msg = e.data;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.value as never);
    else p.reject(new Error(msg.error));
  });
  worker.addEventListener('error', (e) => { e.preventDefault(); fallBack(); });
  return worker;
}

function ask<T>(kind: LessonRequest['kind'], seed: string): Promise<T> {
  const req: LessonRequest = { id: nextId++, kind, seed, wasmUrl: evaluatorWasmLocation().href };
  const w = connect();
  if (!w) return inPage(req) as Promise<T>;
  return new Promise<T>((resolve, reject) => {
    pending.set(req.id, { resolve: resolve as (v: never) => void, reject, req });
    w.postMessage(req);
  });
}

/** The lesson's printed program for `seed`, and its √d_k numbers from the same run. */
export const lesson1RunOffThread = (seed: string): Promise<Lesson1RunResult> => ask('run', seed);

/** The √d_k experiment's numbers for `seed`. */
export const lesson1VarianceOffThread = (seed: string): Promise<Lesson1Variance> => ask('variance', seed);
