// The page-wide evaluator for elements (<attn-exercise>, <attn-review>, the
// lesson page's printed program): one instance of attn_py per page, in a Web
// Worker (py-worker.ts), so its longer calls (the printed program draws about
// 31 M normals; the exercise checker runs the program several times) never
// hold the main thread. Nothing is fetched before something first asks for it.
// Where no worker can start (a sandboxed iframe has an opaque origin, so
// `new Worker(url)` throws; or the worker fails to load), the same calls run
// in the page on its own instance.
import pyWasmUrl from '../../generated/attn_py.wasm?url&no-inline';
import type { Evaluator } from './evaluator.js';
import type { ExerciseResult, Lesson1Variance } from './types';
import type { Seed } from '../shared/types';
import { besideModule } from '../shared/locate';
import type { FromPyWorker, OffThreadCall, ToPyWorker } from './protocol';

export type { Evaluator } from './evaluator.js';
export type { Lesson1Variance } from './types';

/** The evaluator's calls a page makes, answered asynchronously (by the worker, or in the page where none can start). */
export interface EvaluatorService {
  lesson1(seed: Seed): Promise<string>;
  lesson1Variance(seed: Seed): Promise<Lesson1Variance>;
  lesson1Run(seed: Seed): Promise<{ output: string; variance: Lesson1Variance }>;
  exercise(seed: Seed, todo1: string, todo2: string, todo3: string): Promise<ExerciseResult>;
  /** True when the calls run in a worker. */
  readonly offThread: boolean;
}

/** Where attn_py.wasm is, relative to this module. */
export function evaluatorWasmLocation(): URL {
  return besideModule(pyWasmUrl, import.meta.url);
}

/** Bytes of the evaluator for hosts that cannot fetch it (the embed hands them over). */
let givenBinary: Uint8Array | null = null;
export function provideEvaluatorWasm(bytes: Uint8Array): void {
  givenBinary = bytes;
}

/** The service over `invoke`, which answers one call by its name (the one list of calls: protocol.ts). */
function serviceOf(offThread: boolean, invoke: (name: OffThreadCall, args: (Seed | string)[]) => Promise<unknown>): EvaluatorService {
  const by = <T>(name: OffThreadCall) => (...args: (Seed | string)[]) => invoke(name, args) as Promise<T>;
  return { offThread, lesson1: by('lesson1'), lesson1Variance: by('lesson1Variance'), lesson1Run: by('lesson1Run'), exercise: by('exercise') };
}

function inPage(): Promise<EvaluatorService> {
  return import('./evaluator.js')
    .then(({ loadEvaluator }) => loadEvaluator(givenBinary ? { wasmBinary: givenBinary } : { wasmUrl: evaluatorWasmLocation() }))
    .then((py: Evaluator) => serviceOf(false, async (name, args) => (py[name] as (...a: (Seed | string)[]) => unknown)(...args)));
}

function inWorker(onStopped: () => void): Promise<EvaluatorService> | null {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./py-worker.ts', import.meta.url), { type: 'module', name: 'attn-py' });
  } catch {
    return null;
  }
  let nextId = 1;
  const open = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  const service = serviceOf(true, (name, args) => new Promise((resolve, reject) => {
    const id = nextId++;
    open.set(id, { resolve: resolve as (v: never) => void, reject });
    worker.postMessage({ type: 'call', id, call: name, args } satisfies ToPyWorker);
  }));
  return new Promise<EvaluatorService>((resolve, reject) => {
    let ready = false;
    worker.addEventListener('message', (e: MessageEvent<FromPyWorker>) => {
      const msg = e.data;
      if (msg.type === 'ready') { ready = true; resolve(service); return; }
      if (msg.type === 'failed') { worker.terminate(); reject(new Error(msg.message)); return; }
      const p = open.get(msg.id);
      if (!p) return;
      open.delete(msg.id);
      if (msg.ok) p.resolve(msg.value as never);
      else p.reject(new Error(msg.message));
    });
    // A worker that cannot load (blocked by a policy, a 404) fails before it is ready: the page's own instance answers.
    // One that stops later (an uncaught error, out of memory) fails the calls still open, and the next call starts a new one.
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      worker.terminate();
      if (!ready) { inPage().then(resolve, reject); return; }
      const why = new Error(`the evaluator stopped${e.message ? `: ${e.message}` : ''}`);
      for (const p of open.values()) p.reject(why);
      open.clear();
      onStopped();
    });
    worker.postMessage((givenBinary ? { type: 'init', wasmBinary: givenBinary } : { type: 'init', wasmUrl: evaluatorWasmLocation().href }) satisfies ToPyWorker);
  });
}

let service: Promise<EvaluatorService> | null = null;

/** The page's evaluator, started on the first call; a failed start is tried again at the next. */
export function getEvaluator(): Promise<EvaluatorService> {
  if (!service) {
    const s: Promise<EvaluatorService> = inWorker(() => { if (service === s) service = null; }) ?? inPage();
    service = s;
    s.catch(() => { if (service === s) service = null; });
  }
  return service;
}
