// The Web Worker that owns the page's one evaluator (attn_py): the lesson's
// printed program (about 31 M normal draws), the √d_k form, the exercise
// checker and the review's recall check run here, so the page's main thread
// never waits for them. browser.ts starts it; protocol.ts is what it hears.
import { loadEvaluator, type Evaluator } from './evaluator.js';
import { OFF_THREAD_CALLS, type FromPyWorker, type ToPyWorker } from './protocol';

const scope = self as unknown as {
  postMessage(msg: FromPyWorker): void;
  addEventListener(type: 'message', fn: (e: MessageEvent<ToPyWorker>) => void): void;
};

let engine: Promise<Evaluator> | null = null;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

scope.addEventListener('message', (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    if (engine) return;
    engine = loadEvaluator('wasmBinary' in msg ? { wasmBinary: msg.wasmBinary } : { wasmUrl: new URL(msg.wasmUrl) });
    engine.then(() => scope.postMessage({ type: 'ready' }), (err: unknown) => scope.postMessage({ type: 'failed', message: message(err) }));
    return;
  }
  if (msg.type !== 'call' || !engine || !OFF_THREAD_CALLS.includes(msg.call)) return;
  const { id, call, args } = msg;
  engine.then((py) => {
    const fn = py[call] as (...a: (string | number | bigint)[]) => unknown;
    scope.postMessage({ type: 'result', id, ok: true, value: fn(...args) });
  }).catch((err: unknown) => scope.postMessage({ type: 'result', id, ok: false, message: message(err) }));
});
