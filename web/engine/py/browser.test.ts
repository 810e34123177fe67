// The page's evaluator (browser.ts): calls answered by the worker (py-worker.ts
// run in-process behind a stand-in Worker), the same answers in the page where
// no worker can start or the worker fails to load, and a call's error kept as its message.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadEvaluator } from './evaluator.js';

const wasm = () => new Uint8Array(readFileSync(`${process.cwd()}/web/generated/attn_py.wasm`));

type Fn = (e: { data: unknown; preventDefault?: () => void }) => void;

/** A Worker whose other end is py-worker.ts, loaded in this process with `self` stood in for. */
async function workerStandIn(): Promise<{ posted: unknown[] }> {
  const posted: unknown[] = [];
  let toWorker: Fn | null = null;
  const toPage: Fn[] = [];
  vi.stubGlobal('self', {
    postMessage: (msg: unknown) => { queueMicrotask(() => toPage.forEach((f) => f({ data: msg }))); },
    addEventListener: (_: string, fn: Fn) => { toWorker = fn; },
  });
  vi.resetModules();
  await import('./py-worker');
  vi.stubGlobal('Worker', class {
    addEventListener(type: string, fn: Fn) { if (type === 'message') toPage.push(fn); }
    postMessage(msg: unknown) { posted.push(msg); queueMicrotask(() => toWorker!({ data: msg })); }
    terminate() {}
  });
  return { posted };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the page evaluator', () => {
  it('answers in the worker what the evaluator answers, and an error as its message', async () => {
    const { posted } = await workerStandIn();
    const { getEvaluator, provideEvaluatorWasm } = await import('./browser');
    provideEvaluatorWasm(wasm());
    const py = await getEvaluator();
    expect(py.offThread).toBe(true);
    const direct = await loadEvaluator({ wasmBinary: wasm() });
    expect(await py.lesson1('7')).toBe(direct.lesson1('7'));
    expect(await py.lesson1Variance('3')).toEqual(direct.lesson1Variance('3'));
    const lines = ['scores = Q @ K.T / np.sqrt(d_k)', '', ''];
    expect(await py.exercise('0', lines[0], lines[1], lines[2])).toEqual(direct.exercise('0', lines[0], lines[1], lines[2]));
    await expect(py.lesson1('not a seed')).rejects.toThrow(/seed/i);
    expect(posted.filter((m) => (m as { type: string }).type === 'init')).toHaveLength(1);
    expect(await getEvaluator()).toBe(py); // one instance per page
  });

  it('answers in the page where no worker can start, and where the worker fails to load', async () => {
    vi.stubGlobal('Worker', class { constructor() { throw new DOMException('opaque origin', 'SecurityError'); } });
    let { getEvaluator, provideEvaluatorWasm } = await import('./browser');
    provideEvaluatorWasm(wasm());
    let py = await getEvaluator();
    expect(py.offThread).toBe(false);
    const direct = await loadEvaluator({ wasmBinary: wasm() });
    expect(await py.lesson1('7')).toBe(direct.lesson1('7'));

    vi.resetModules();
    vi.stubGlobal('Worker', class {
      #error: Fn | null = null;
      addEventListener(type: string, fn: Fn) { if (type === 'error') this.#error = fn; }
      postMessage() { queueMicrotask(() => this.#error?.({ data: null, preventDefault() {} })); }
      terminate() {}
    });
    ({ getEvaluator, provideEvaluatorWasm } = await import('./browser'));
    provideEvaluatorWasm(wasm());
    py = await getEvaluator();
    expect(py.offThread).toBe(false);
    expect((await py.lesson1Run('0')).output).toBe(direct.lesson1Run('0').output);
  });

  it('fails the calls still open when the worker stops after it was ready, and starts a new one at the next call', async () => {
    let started = 0;
    vi.stubGlobal('Worker', class {
      #fns = new Map<string, Fn>();
      constructor() { started++; }
      addEventListener(type: string, fn: Fn) { this.#fns.set(type, fn); }
      postMessage(msg: { type: string; id?: number }) {
        queueMicrotask(() => {
          if (msg.type === 'init') this.#fns.get('message')!({ data: { type: 'ready' } });
          else if (started === 1) this.#fns.get('error')!({ data: null, message: 'RuntimeError: unreachable', preventDefault() {} } as never);
          else this.#fns.get('message')!({ data: { type: 'result', id: msg.id, ok: true, value: 'again' } });
        });
      }
      terminate() {}
    });
    const { getEvaluator } = await import('./browser');
    const py = await getEvaluator();
    await expect(py.lesson1('7')).rejects.toThrow(/evaluator stopped: RuntimeError: unreachable/);
    const next = await getEvaluator();
    expect(next).not.toBe(py);
    expect(started).toBe(2);
    expect(await next.lesson1('7')).toBe('again');
  });
});
