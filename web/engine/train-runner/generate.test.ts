// Generation through the training module in Node (the WASM the Worker runs):
// the decoder's cached step agrees with the recomputed one while the window
// fits and drifts after it slides, the rebuilt cache writes the same text as
// recomputing, each step becomes what the page shows (generate.ts),
// and bad input is an error that leaves the heap flat.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTrainEngine, type TrainEngine } from '../train/train.js';
import type { Trainer } from '../train/types';
import { Generation, TOP_PROBS } from './generate';
import { TRAIN_ELEMENT_LIMITS } from '../shared/limits.js';

const gen = new URL('../../generated/', import.meta.url);
const text = readFileSync(new URL('../../../public/data/tinyshakespeare.txt', import.meta.url), 'utf8').slice(0, 200_000);
let engine: TrainEngine;
let head: Trainer;
let position: Trainer;
let layernorm: Trainer;

beforeAll(async () => {
  engine = await loadTrainEngine({ wasmBinary: readFileSync(new URL('attn_train.wasm', gen)) });
  head = engine.createTrainer(text, { model: 'head', iters: 200, evalInterval: 1000, evalIters: 1 });
  while (!head.advance(1000).done) { /* train */ }
  position = engine.createTrainer(text, { model: 'position', iters: 100, evalInterval: 1000, evalIters: 1 });
  while (!position.advance(1000).done) { /* train */ }
  layernorm = engine.createTrainer(text, { model: 'layernorm', iters: 20, evalInterval: 1000, evalIters: 1, nEmbd: 32, nHead: 4, nLayer: 2, block: 8 });
  while (!layernorm.advance(1000).done) { /* train */ }
}, 300_000);  // compiling and training: no bound on a loaded machine's speed

describe('decoder', () => {
  it('cached and recomputed logits agree until the window slides, then the naive cache drifts', () => {
    const d = head.decoder('\n', { cache: 'naive' });
    const before: number[] = [];
    const after: number[] = [];
    for (let i = 0; i < 40; i++) {
      const s = d.step();
      expect(s.compared).toBe(true);
      expect(s.window.length).toBe(Math.min(i + 1, 8));
      expect(s.attention.length).toBe(s.window.length);
      (s.slid ? after : before).push(s.diff);
      if (i > 0) expect(s.cached.total).toBeLessThan(s.recompute.total);
    }
    expect(before).toHaveLength(8);  // "\n" and 7 generated characters fill the block of 8
    expect(Math.max(...before)).toBeLessThanOrEqual(1e-5);
    expect(Math.max(...after)).toBeGreaterThan(1e-2);
    d.delete();
  });

  it('a rebuilt cache writes what recomputing writes, greedy and sampled', () => {
    for (const greedy of [true, false]) {
      const a = head.decoder('ROMEO:', { cache: 'off', greedy });
      const b = head.decoder('ROMEO:', { cache: 'rebuild', greedy });
      const ca: number[] = [];
      const cb: number[] = [];
      for (let i = 0; i < 30; i++) { ca.push(a.step().chosen); cb.push(b.step().chosen); }
      expect(cb).toEqual(ca);
      a.delete();
      b.delete();
    }
  });

  it('sampling draws from its own generator: the same seed, the same text', () => {
    const run = (seed: string) => {
      const d = head.decoder('', { greedy: false, seed });
      const out = Array.from({ length: 20 }, () => d.step().chosen);
      d.delete();
      return out;
    };
    expect(run('1337')).toEqual(run('1337'));
    expect(run('1337')).not.toEqual(run('1338'));
  });

  it('bad input is an error that names it; the heap stays flat', () => {
    const before = engine.heapStats().usedBytes;
    expect(() => head.decoder('café')).toThrow(/not in the vocabulary/);
    expect(() => head.decoder('a', { cache: 'always' as never })).toThrow(RangeError);
    const d = head.decoder('');
    for (let i = 0; i < TRAIN_ELEMENT_LIMITS.maxGenerateSteps; i++) d.step();
    expect(() => d.step()).toThrow(/at most 2000 steps/);
    d.delete();
    expect(() => d.step()).toThrow(/deleted/);
    expect(engine.heapStats().usedBytes).toBe(before);
  });
});

describe('what the page gets', () => {
  it('a step as characters: window, the ten likeliest, the choice, attention, diff and ops', () => {
    const g = new Generation();
    g.start(head, { context: 'First Citizen:', cache: true, greedy: true }, '1337');
    const [s] = g.step(1);
    expect(s!.window.join('')).toBe('Citizen:');  // the last block = 8 characters
    expect(s!.slid).toBe(true);
    expect(s!.probs).toHaveLength(TOP_PROBS);
    expect(s!.probs[0]!.char).toBe(s!.chosen);  // greedy: the likeliest
    for (let i = 1; i < s!.probs.length; i++) expect(s!.probs[i]!.p).toBeLessThanOrEqual(s!.probs[i - 1]!.p);
    expect(s!.attention).toHaveLength(8);
    expect(s!.attention!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    // a fresh cache of the window: not stale yet
    expect(s!.diff).toBeLessThanOrEqual(1e-5);
    expect(s!.ops.cached).toBeDefined();
    g.free();
  });

  it('a block model: a cache per layer, its size, every layer counted both ways', () => {
    const g = new Generation();
    g.start(layernorm, { context: '\n', cache: true, greedy: true }, '1');
    const steps = g.step(10);
    steps.forEach((s, i) => {
      const T = s.window.length;
      expect(s.attention).toBeUndefined();  // the maps are the layer × head grid's
      expect(s.cache).toEqual({ floats: 2 * 2 * T * 32, layers: 2, heads: 4, headSize: 8 });
      expect(s.ops.recomputeParts.ffwd).toBe(2 * T * (32 * 32 + 2 * 32 * 128));
      expect(s.ops.cachedParts!.scores).toBe(2 * T * 32);  // the newest row of each layer
      if (!s.slid) expect(s.diff).toBeLessThanOrEqual(1e-5);
      if (i > 0) expect(s.ops.cached).toBeLessThan(s.ops.recompute);
    });
    expect(steps.some((s) => s.slid)).toBe(true);
    g.free();
    const a = layernorm.decoder('ROMEO:', { cache: 'off' });
    const b = layernorm.decoder('ROMEO:', { cache: 'rebuild' });
    const ca = Array.from({ length: 20 }, () => a.step().chosen);
    expect(Array.from({ length: 20 }, () => b.step().chosen)).toEqual(ca);
    a.delete();
    b.delete();
  });

  it('temperature and top-k: the drawn-from distribution with the model\'s beside it, and a clear error', () => {
    const g = new Generation();
    g.start(head, { context: 'KING', cache: false, greedy: false, temperature: 0.7, topK: 3 }, '5');
    for (const s of g.step(8)) {
      expect(s.probs.filter((p) => p.p > 0)).toHaveLength(3);
      expect(s.probs.slice(0, 3).map((p) => p.char)).toContain(s.chosen);
      expect(s.probs.slice(0, 3).reduce((a, p) => a + p.p, 0)).toBeCloseTo(1, 5);
      // sharper than the model: the likeliest gains, and the cut ones keep their model probability
      expect(s.probs[0]!.p).toBeGreaterThan(s.probs[0]!.model!);
      expect(s.probs[3]!.p).toBe(0);
      expect(s.probs[3]!.model!).toBeGreaterThan(0);
    }
    g.start(head, { context: 'KING', cache: false, greedy: false }, '5');
    expect(g.step(1)[0]!.probs[0]!.model).toBeUndefined();  // nothing changed the distribution
    expect(() => g.start(head, { context: '', cache: false, greedy: false, temperature: 0 }, '5')).toThrow(/temperature must be a number from 0.05 to 5/);
    expect(() => g.start(head, { context: '', cache: false, greedy: false, topK: -2 }, '5')).toThrow(/topK must be a whole number from 0 to 65536/);
    g.free();
  });

  it('a model without a head: the window and the probabilities only', () => {
    const g = new Generation();
    g.start(position, { context: '', cache: true, greedy: true }, '1');
    const steps = g.step(3);
    for (const s of steps) {
      expect(s.attention).toBeUndefined();
      expect(s.diff).toBeUndefined();
      expect(s.probs).toHaveLength(TOP_PROBS);
    }
    g.free();
  });
});
