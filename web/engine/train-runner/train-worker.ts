// The Web Worker of <attn-train>: owns the training module and runs the loop
// (runner.ts) off the page's main thread. Started by client.ts
// with `new Worker(new URL('./train-worker.ts', import.meta.url), { type: 'module' })`,
// so the site and library builds emit it as a same-origin file (worker-src /
// script-src 'self'); it fetches its .wasm from the URLs the page sends.
import { createRunner } from './runner';
import type { ToRunner } from './protocol';

const scope = self as unknown as {
  postMessage(msg: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', fn: (e: MessageEvent<ToRunner>) => void): void;
};

// A MessageChannel yields to the worker's event loop (so pause and stop are
// seen between slices) without setTimeout's 4 ms clamp.
const channel = new MessageChannel();
const queue: (() => void)[] = [];
channel.port1.onmessage = () => queue.shift()?.();

const handle = createRunner({
  sliceMs: 40,
  // While the learner types, a slice ends within ~4 ms, so the page's next
  // `defer` is read before the frame it protects is under way.
  interactiveSliceMs: 4,
  // ...and is followed by a 4 ms pause: on a machine with two cores, the page's
  // frames then share the second core with one thread fewer (input-to-paint
  // p95 while typing 17.5-19 ms -> 15.4-16.7 ms here; the run goes at half
  // speed only while the learner types).
  interactiveGapMs: 4,
  worker: true,
  schedule(fn) {
    queue.push(fn);
    channel.port2.postMessage(null);
  },
  delay: (fn, ms) => setTimeout(fn, ms),
  post: (msg, transfer) => scope.postMessage(msg, transfer ?? []),
});

scope.addEventListener('message', (e) => handle(e.data));
