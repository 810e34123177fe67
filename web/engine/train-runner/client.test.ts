// @vitest-environment happy-dom
// The page side of training (client.ts) behind a stand-in Worker: a worker
// that stops after it has answered ends the run and a generation still open
// with an error each, and the next message starts a new worker.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FromRunner, ToRunner } from './protocol';

type Fn = (e: { data?: unknown; message?: string; preventDefault(): void }) => void;

class StandIn {
  static made: StandIn[] = [];
  fns = new Map<string, Fn>();
  posted: ToRunner[] = [];
  terminated = false;
  constructor() { StandIn.made.push(this); }
  addEventListener(type: string, fn: Fn) { this.fns.set(type, fn); }
  postMessage(msg: ToRunner) { this.posted.push(msg); }
  terminate() { this.terminated = true; }
  answer(data: FromRunner) { this.fns.get('message')!({ data, preventDefault() {} }); }
  fail(message: string) { this.fns.get('error')!({ message, preventDefault() {} }); }
}

afterEach(() => {
  vi.unstubAllGlobals();
  StandIn.made = [];
});

describe('TrainClient', () => {
  it('ends the run and an open generation when the worker stops after it answered, and starts a new worker at the next message', async () => {
    vi.stubGlobal('Worker', StandIn);
    const { TrainClient } = await import('./client');
    const got: FromRunner[] = [];
    const client = new TrainClient((m) => got.push(m));
    client.send({ type: 'start', run: 3, settings: {} as never, textUrl: 'x' });
    const first = StandIn.made[0]!;
    expect(first.posted.map((m) => m.type)).toEqual(['init', 'start']);
    first.answer({ type: 'loading', run: 3, what: 'engine' });
    client.send({ type: 'generate', run: 3, request: 7, count: 1 });
    first.fail('RuntimeError: memory access out of bounds');
    expect(first.terminated).toBe(true);
    expect(client.inPage).toBe(false);
    expect(got.slice(1)).toEqual([
      { type: 'error', run: 3, kind: 'generate', request: 7, message: 'the training worker stopped: RuntimeError: memory access out of bounds' },
      { type: 'error', run: 3, kind: 'engine', message: 'the training worker stopped: RuntimeError: memory access out of bounds' },
    ]);
    client.send({ type: 'start', run: 4, settings: {} as never, textUrl: 'x' });
    expect(StandIn.made).toHaveLength(2);
    expect(StandIn.made[1]!.posted.map((m) => m.type)).toEqual(['init', 'start']);
    client.close();
  });

  it('a generation answered before the worker stops is not failed again', async () => {
    vi.stubGlobal('Worker', StandIn);
    const { TrainClient } = await import('./client');
    const got: FromRunner[] = [];
    const client = new TrainClient((m) => got.push(m));
    client.send({ type: 'generate', run: 1, request: 2, count: 1 });
    const w = StandIn.made[0]!;
    w.answer({ type: 'generated', run: 1, request: 2, steps: [] });
    w.fail('');
    expect(got.map((m) => m.type === 'error' ? `${m.kind}:${m.message}` : m.type)).toEqual(['generated', 'engine:the training worker stopped']);
    client.close();
  });
});
