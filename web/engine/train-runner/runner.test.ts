// The training loop's scheduling (runner.ts) with the real training
// module and a hand-driven event loop and clock: a `defer` holds the next
// slice until its time (and no longer than MAX_DEFER_MS), a slice scheduled
// for a run that was replaced does nothing, and a deferred run prints the
// same log as one that never waited.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRunner, DEFER_INTERACTIVE_MS } from './runner';
import type { FromRunner, RunSettings, ToRunner } from './protocol';

const wasmBinary = new Uint8Array(readFileSync(new URL('../../generated/attn_train.wasm', import.meta.url)));
const text = readFileSync(new URL('../../../public/data/tinyshakespeare.txt', import.meta.url), 'utf8').slice(0, 20_000);
const settings: RunSettings = {
  model: 'bigram', seed: '1337', iters: 40, evalInterval: 10, evalIters: 2, lr: 1e-2, batch: 4, block: 8,
  sampleChars: 0, evalSampleChars: 0,
};

/** A runner whose slices run only when the test says so. */
function harness(extra: { interactiveGapMs?: number } = {}) {
  let clock = 1000;
  const queue: (() => void)[] = [];
  const delayed: { fn: () => void; ms: number }[] = [];
  const out: FromRunner[] = [];
  const waiters = new Set<() => void>();
  const handle = createRunner({
    sliceMs: 40, interactiveSliceMs: 4, worker: true, ...extra,
    schedule: (fn) => queue.push(fn),
    delay: (fn, ms) => delayed.push({ fn, ms }),
    post: (msg) => { out.push(msg); for (const w of [...waiters]) w(); },
    now: () => clock,
  });
  const send = (msg: ToRunner) => handle(msg);
  send({ type: 'init', wasmBinary });
  return {
    send, out, queue, delayed,
    set clock(t: number) { clock = t; },
    get clock() { return clock; },
    /** Resolves when `type` is posted for run `run` (the engine compiles asynchronously); fails after `ms`, naming what it awaited. */
    until(type: FromRunner['type'], run: number, ms = 30_000) {
      const seen = () => out.some((m) => m.type === type && m.run === run);
      if (seen()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no '${type}' message for run ${run} within ${ms / 1000} s (posted: ${out.map((m) => m.type).join(', ') || 'nothing'})`));
        }, ms);
        const check = () => { if (seen()) { clearTimeout(timer); waiters.delete(check); resolve(); } };
        waiters.add(check);
      });
    },
    /** Runs the queued slices until the run is done (or `limit` slices). */
    drain(limit = 10_000) {
      for (let i = 0; i < limit && queue.length; i++) queue.shift()!();
    },
    lines: (run: number) => out.flatMap((m) => (m.type === 'eval' && m.run === run ? [m.line] : [])),
  };
}

describe('train-runner: defer', () => {
  it('holds the next slice until the time asked for, then runs on; the log is the same as without waiting', async () => {
    const plain = harness();
    plain.send({ type: 'start', run: 1, settings, text });
    await plain.until('started', 1);
    plain.drain();
    expect(plain.out.some((m) => m.type === 'done' && m.run === 1)).toBe(true);

    const h = harness();
    h.send({ type: 'start', run: 1, settings, text });
    await h.until('started', 1);
    h.queue.shift()!(); // step 0: the first evaluation
    h.send({ type: 'defer', until: performance.timeOrigin + h.clock + 12 });
    const posted = h.out.length;
    h.queue.shift()!();
    expect(h.delayed).toHaveLength(1);
    expect(h.delayed[0].ms).toBe(12);
    expect(h.queue).toHaveLength(0);
    expect(h.out.length).toBe(posted); // nothing ran
    h.clock += 12;
    h.delayed.shift()!.fn();
    h.drain();
    expect(h.delayed).toHaveLength(0);
    expect(h.out.some((m) => m.type === 'done' && m.run === 1)).toBe(true);
    expect(h.lines(1)).toEqual(plain.lines(1));
    expect(h.lines(1)).toHaveLength(4);
  }, 60_000);

  it('ignores a defer that reaches further than 100 ms, or one that has passed', async () => {
    const h = harness();
    h.send({ type: 'start', run: 1, settings, text });
    await h.until('started', 1);
    h.send({ type: 'defer', until: performance.timeOrigin + h.clock + 101 });
    h.send({ type: 'defer', until: performance.timeOrigin + h.clock - 1 });
    h.send({ type: 'defer', until: Number.NaN });
    h.drain();
    expect(h.delayed).toHaveLength(0);
    expect(h.out.some((m) => m.type === 'done' && m.run === 1)).toBe(true);
  }, 60_000);

  it('a slice held for a run that has been replaced does nothing', async () => {
    const h = harness();
    h.send({ type: 'start', run: 1, settings, text });
    await h.until('started', 1);
    h.send({ type: 'defer', until: performance.timeOrigin + h.clock + 20 });
    h.queue.shift()!();
    expect(h.delayed).toHaveLength(1);
    h.send({ type: 'start', run: 2, settings: { ...settings, iters: 5 }, text });
    await h.until('started', 2);
    const stale = h.delayed.shift()!;
    h.clock += 20;
    h.drain(); // run 2's own slices
    const posted = h.out.length;
    const scheduled = h.queue.length + h.delayed.length;
    stale.fn();
    expect(h.out.length).toBe(posted);
    expect(h.queue.length + h.delayed.length).toBe(scheduled);
    expect(h.out.some((m) => m.type === 'done' && m.run === 2)).toBe(true);
    expect(h.out.some((m) => m.type === 'done' && m.run === 1)).toBe(false);
  }, 60_000);

  it('while the learner interacts, pauses interactiveGapMs after each slice, then runs back to back again; the log is the same', async () => {
    const plain = harness();
    plain.send({ type: 'start', run: 1, settings, text });
    await plain.until('started', 1);
    plain.drain();

    const h = harness({ interactiveGapMs: 4 });
    h.send({ type: 'start', run: 1, settings, text });
    await h.until('started', 1);
    h.queue.shift()!(); // step 0: the first evaluation
    expect(h.queue).toHaveLength(1); // no defer yet: the next slice follows at once
    h.send({ type: 'defer', until: performance.timeOrigin + h.clock + 1 });
    h.clock += 1;
    h.queue.shift()!(); // a slice inside the interactive second
    expect(h.queue).toHaveLength(0);
    expect(h.delayed.map((d) => d.ms)).toEqual([4]);
    h.clock += 4;
    h.delayed.shift()!.fn();
    expect(h.delayed.map((d) => d.ms)).toEqual([4]);
    h.clock += DEFER_INTERACTIVE_MS; // the learner stopped
    h.delayed.shift()!.fn();
    expect(h.delayed).toHaveLength(0);
    h.drain();
    expect(h.delayed).toHaveLength(0);
    expect(h.out.some((m) => m.type === 'done' && m.run === 1)).toBe(true);
    expect(h.lines(1)).toEqual(plain.lines(1));
  }, 60_000);

  it('reports progress every 100 ms, and every 500 ms while the learner interacts', async () => {
    const h = harness();
    h.send({ type: 'start', run: 1, settings: { ...settings, iters: 400, evalInterval: 1000 }, text });
    await h.until('started', 1);
    const progressAt: number[] = [];
    const slices = (ms: number, count: number) => {
      for (let i = 0; i < count; i++) {
        h.clock += ms;
        const before = h.out.length;
        h.queue.shift()!();
        if (h.out.slice(before).some((m) => m.type === 'progress')) progressAt.push(h.clock);
      }
    };
    slices(0, 1); // step 0 (and its evaluation)
    const t0 = h.clock;
    slices(50, 10); // 500 ms, nobody typing: a report every 100 ms
    expect(progressAt.filter((t) => t > t0)).toHaveLength(5);
    progressAt.length = 0;
    h.send({ type: 'defer', until: performance.timeOrigin + h.clock });
    const t1 = h.clock;
    slices(50, 19); // 950 ms of the interactive second: every 500 ms
    expect(progressAt.filter((t) => t > t1)).toHaveLength(1);
    progressAt.length = 0;
    const t2 = h.clock;
    slices(50, 12); // the second has passed: every 100 ms again
    expect(progressAt.filter((t) => t > t2 + 100).length).toBeGreaterThanOrEqual(4);
  }, 60_000);
});

describe('train-runner: generate', () => {
  it('answers steps only after the run has finished; a start makes a new decoder; bad input is an error and the next request works', async () => {
    const h = harness();
    h.send({ type: 'start', run: 7, settings: { ...settings, model: 'head' }, text });
    await h.until('started', 7);
    h.send({ type: 'generate', run: 7, request: 1, count: 1, start: { context: 'a', cache: true, greedy: true } });
    expect(h.out.at(-1)).toMatchObject({ type: 'error', kind: 'generate', request: 1, message: 'no trained model' });
    h.drain();
    await h.until('done', 7);
    h.send({ type: 'generate', run: 7, request: 2, count: 3, start: { context: 'the', cache: true, greedy: true } });
    const first = h.out.at(-1) as Extract<FromRunner, { type: 'generated' }>;
    expect(first).toMatchObject({ type: 'generated', run: 7, request: 2 });
    expect(first.steps.map((s) => s.window.join(''))).toEqual(['the', `the${first.steps[0]!.chosen}`, `the${first.steps[0]!.chosen}${first.steps[1]!.chosen}`]);
    for (const s of first.steps) expect(s.diff!).toBeLessThanOrEqual(1e-5);
    h.send({ type: 'generate', run: 7, request: 3, count: 1, start: { context: 'thé', cache: false, greedy: true } });
    expect(h.out.at(-1)).toMatchObject({ type: 'error', kind: 'generate', request: 3 });
    expect((h.out.at(-1) as { message: string }).message).toMatch(/not in the vocabulary/);
    h.send({ type: 'generate', run: 7, request: 4, count: 3, start: { context: 'the', cache: false, greedy: true } });
    const again = h.out.at(-1) as Extract<FromRunner, { type: 'generated' }>;
    expect(again.steps.map((s) => s.chosen)).toEqual(first.steps.map((s) => s.chosen));  // the cache changes nothing chosen
    expect(again.steps[0]!.diff).toBeUndefined();
  });
});
