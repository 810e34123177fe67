// The page side of training: starts the Web Worker that owns the training
// module (train-worker.ts) the first time a run starts, and talks to it
// (protocol.ts). Where no worker can start (a sandboxed iframe has an
// opaque origin, so `new Worker(url)` throws; or the worker fails to load),
// the same loop runs in the page in short slices. Nothing here is fetched or
// compiled before the learner presses Start.
import trainWasmUrl from '../../generated/attn_train.wasm?url&no-inline';
import trainScalarWasmUrl from '../../generated/attn_train_scalar.wasm?url&no-inline';
// The threaded build: fetched only where the page is cross-origin isolated,
// its glue imported by URL (train.js: loadThreadedTrainEngine).
import trainMtGlueUrl from '../../generated/attn_train_mt.mjs?url&no-inline';
import trainMtWasmUrl from '../../generated/attn_train_mt.wasm?url&no-inline';
import trainMtWorkerUrl from '../../generated/attn_train_mt.worker.js?url&no-inline';
// Both builds emit it as a hashed asset (assets/tinyshakespeare-*.txt); the site's
// public/ copy at data/tinyshakespeare.txt is for the CLI and scripts, not fetched here.
import shakespeareUrl from '../../../public/data/tinyshakespeare.txt?url&no-inline';
import { besideModule } from '../shared/locate';
import type { FromRunner, ThreadedFiles, ToRunner } from './protocol';

export type { FromRunner, ToRunner, RunSettings, ErrorKind } from './protocol';

/** Tiny Shakespeare (fetched by the worker when a run starts, never before). */
export function defaultTextUrl(): string {
  return besideModule(shakespeareUrl, import.meta.url).href;
}

export function trainWasmLocation(scalar = false): URL {
  return besideModule(scalar ? trainScalarWasmUrl : trainWasmUrl, import.meta.url);
}

/** The threaded build's files, where this page is cross-origin isolated (else null: one thread). */
export function threadedFiles(): ThreadedFiles | null {
  if (globalThis.crossOriginIsolated !== true) return null;
  const at = (url: string) => besideModule(url, import.meta.url).href;
  return { glueUrl: at(trainMtGlueUrl), wasmUrl: at(trainMtWasmUrl), workerUrl: at(trainMtWorkerUrl) };
}

type Listener = (msg: FromRunner) => void;

/**
 * Input that should not wait for training: a key, a change to a field, a click or a tap, a wheel
 * turn. Each asks the worker to start no slice for DEFER_MS after it, so the
 * frame that answers it has a core of its own (on a two-core machine the loop
 * otherwise holds one while the page, the compositor and the browser share the
 * other). While the learner types, training slows; when they stop, it runs at
 * full speed again.
 */
const DEFER_EVENTS = ['keydown', 'input', 'pointerdown', 'wheel'] as const;
export const DEFER_MS = 16;

/** Bytes of the training module for hosts that cannot fetch it (the embed hands them over). */
let givenBinary: Uint8Array | null = null;
export function provideTrainWasm(bytes: Uint8Array): void {
  givenBinary = bytes;
}

/** One connection to the training loop; every <attn-train> has its own (runs are independent). */
export class TrainClient {
  #listener: Listener;
  #send: ((msg: ToRunner) => void) | null = null;
  #worker: Worker | null = null;
  #inPage = false;
  #deferSentUntil = 0;
  readonly #onInput = (e: Event): void => {
    const until = performance.timeOrigin + e.timeStamp + DEFER_MS;
    // One message per burst of events within a few ms (a wheel sends many).
    if (until - this.#deferSentUntil < 4 || !this.#worker) return;
    this.#deferSentUntil = until;
    this.#worker.postMessage({ type: 'defer', until } satisfies ToRunner);
  };

  constructor(listener: Listener) {
    this.#listener = listener;
  }

  /** True once the loop runs in the page instead of a worker. */
  get inPage(): boolean {
    return this.#inPage;
  }

  send(msg: ToRunner): void {
    if (!this.#send) this.#connect();
    this.#send!(msg);
  }

  #init(): ToRunner {
    return givenBinary
      ? { type: 'init', wasmBinary: givenBinary }
      : { type: 'init', wasmUrl: trainWasmLocation().href, scalarWasmUrl: trainWasmLocation(true).href, threaded: threadedFiles() ?? undefined };
  }

  #connect(): void {
    const pending: ToRunner[] = [];
    let worker: Worker | null = null;
    try {
      worker = new Worker(new URL('./train-worker.ts', import.meta.url), { type: 'module', name: 'attn-train' });
    } catch {
      worker = null;
    }
    if (!worker) { this.#startInPage(pending); return; }
    this.#worker = worker;
    let alive = false;
    const sent: ToRunner[] = [];
    let lastRun = 0;
    let generating: { run: number; request: number } | null = null;
    worker.addEventListener('message', (e: MessageEvent<FromRunner>) => {
      alive = true;
      const msg = e.data;
      if ((msg.type === 'generated' || msg.type === 'error') && msg.request === generating?.request) generating = null;
      this.#listener(msg);
    });
    // A worker that cannot load (blocked by a policy, a 404) fails before its
    // first message: replay what it was sent in the page. One that stops later
    // (an uncaught error, out of memory) ends its run with an engine error, and
    // the next message starts a new worker.
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      worker!.terminate();
      this.#worker = null;
      if (!alive) { this.#startInPage(sent); return; }
      this.#send = null;
      for (const type of DEFER_EVENTS) removeEventListener(type, this.#onInput, { capture: true });
      const message = `the training worker stopped${e.message ? `: ${e.message}` : ''}`;
      if (generating) this.#listener({ type: 'error', kind: 'generate', ...generating, message });
      generating = null;
      this.#listener({ type: 'error', run: lastRun, kind: 'engine', message });
    });
    this.#send = (msg) => {
      if ('run' in msg) lastRun = msg.run;
      if (msg.type === 'generate') generating = { run: msg.run, request: msg.request };
      if (!alive) sent.push(msg);
      worker!.postMessage(msg);
    };
    this.#send(this.#init());
    for (const type of DEFER_EVENTS) addEventListener(type, this.#onInput, { capture: true, passive: true });
  }

  #startInPage(replay: ToRunner[]): void {
    this.#inPage = true;
    const queue: ToRunner[] = [...replay];
    let handle: ((msg: ToRunner) => void) | null = null;
    this.#send = (msg) => {
      if (handle) handle(msg);
      else queue.push(msg);
    };
    if (!replay.some((m) => m.type === 'init')) queue.unshift(this.#init());
    void import('./runner').then(({ createRunner }) => {
      handle = createRunner({
        sliceMs: 8,
        worker: false,
        schedule: (fn) => setTimeout(fn, 0),
        delay: (fn, ms) => setTimeout(fn, ms),
        post: (msg) => this.#listener(msg),
      });
      for (const m of queue.splice(0)) handle(m);
    }, (e: unknown) => {
      this.#listener({ type: 'error', run: 0, kind: 'engine', message: e instanceof Error ? e.message : String(e) });
    });
  }

  /** Ends the worker (and with it the module and any run). */
  close(): void {
    for (const type of DEFER_EVENTS) removeEventListener(type, this.#onInput, { capture: true });
    this.#worker?.terminate();
    this.#worker = null;
    this.#send = null;
  }
}
