import { describe, expect, it } from 'vitest';
import { chartGeometry, niceTicks } from './chart';
import { DEFAULT_STATE, charLabel, formatLr, formatSeconds, parseLr, resolveState, type TrainAttr } from './parse';
import { checkBytes, checkText } from './text';
import { MAX_TEXT_BYTES } from '../../engine/train-runner/protocol';

const attrs = (o: Partial<Record<TrainAttr, string>>) => (n: TrainAttr) => o[n] ?? null;

describe('attributes', () => {
  it('absent iters, eval-interval and lr follow the model (the lecture\'s defaults)', () => {
    expect(resolveState(attrs({}), DEFAULT_STATE).state).toMatchObject({ model: 'head', iters: 5000, evalInterval: 500, lr: 1e-3, seed: '1337', evalIters: 200 });
    expect(resolveState(attrs({ model: 'bigram' }), DEFAULT_STATE).state).toMatchObject({ iters: 3000, evalInterval: 300, lr: 1e-2 });
    expect(resolveState(attrs({ model: 'position', iters: '200', lr: '3e-4' }), DEFAULT_STATE).state).toMatchObject({ iters: 200, evalInterval: 300, lr: 3e-4 });
  });

  it('a bad value keeps the last valid one and reports itself', () => {
    const first = resolveState(attrs({ iters: '400', seed: '7' }), DEFAULT_STATE).state;
    const { state, errors } = resolveState(attrs({ iters: 'lots', seed: '-3', model: 'gpt-2', lr: 'fast' }), first);
    expect(state).toMatchObject({ iters: 400, seed: '7', model: 'head', lr: 1e-3 });
    expect(errors.map((e) => e.attr).sort()).toEqual(['iters', 'lr', 'model', 'seed']);
    expect([first.given.iters, state.given.iters, state.given.lr]).toEqual([true, true, false]);
    // with no valid value before, a bad one follows the chosen model: bigram's iters, not head's
    expect(resolveState(attrs({ model: 'bigram', iters: 'lots' }), DEFAULT_STATE).state).toMatchObject({ iters: 3000, given: { iters: false } });
  });

  it('the block models: their defaults, their size attributes and the rules between them', () => {
    expect(resolveState(attrs({ model: 'layernorm' }), DEFAULT_STATE).state).toMatchObject({ iters: 5000, evalInterval: 500, lr: 1e-3, nEmbd: 32, nHead: 4, nLayer: 3, dropout: 0, batch: 32, block: 8 });
    const gpt = resolveState(attrs({ model: 'gpt' }), DEFAULT_STATE).state;
    expect(gpt).toMatchObject({ nEmbd: 32, nHead: 4, nLayer: 4, block: 16, dropout: 0.1 });
    const own = resolveState(attrs({ model: 'gpt', 'n-embd': '48', 'n-head': '3', 'n-layer': '2', dropout: '0.25', batch: '16', block: '16' }), DEFAULT_STATE);
    expect(own.errors).toEqual([]);
    expect(own.state).toMatchObject({ nEmbd: 48, nHead: 3, nLayer: 2, dropout: 0.25, batch: 16, block: 16 });
    // n_embd must be a multiple of n_head: the last pair that divides is kept, and the rule is named.
    const bad = resolveState(attrs({ model: 'gpt', 'n-embd': '48', 'n-head': '5' }), own.state);
    expect(bad.state).toMatchObject({ nEmbd: 48, nHead: 3 });
    expect(bad.errors).toEqual([expect.objectContaining({ kind: 'divisible', attr: 'n-head' })]);
    expect(resolveState(attrs({ model: 'gpt', dropout: '1' }), own.state).errors).toEqual([expect.objectContaining({ attr: 'dropout', kind: 'dropout' })]);
    expect(resolveState(attrs({ model: 'residual', dropout: '0.2' }), DEFAULT_STATE)).toMatchObject({ state: { dropout: 0 }, errors: [{ attr: 'dropout', kind: 'gpt-only' }] });
    expect(resolveState(attrs({ model: 'layernorm', 'n-layer': '99' }), DEFAULT_STATE).errors).toEqual([expect.objectContaining({ attr: 'n-layer', kind: 'int', max: 8 })]);
  });

  it('learning rates: positive, finite as float32', () => {
    expect(parseLr('1e-3')).toBe(1e-3);
    expect(parseLr('.5')).toBe(0.5);
    expect(parseLr('0')).toBeNull();
    expect(parseLr('1e40')).toBeNull();
    expect(parseLr('NaN')).toBeNull();
    expect(parseLr('-1')).toBeNull();
    expect(formatLr(1e-3)).toBe('1e-3');
    expect(formatLr(0.01)).toBe('0.01');
    expect(formatLr(3e-4)).toBe('3e-4');
  });

  it('labels and durations', () => {
    expect([' ', '\n', 'a'].map(charLabel)).toEqual(['␣', '↵', 'a']);
    expect(formatSeconds(3.21)).toBe('3.2 s');
    expect(formatSeconds(75)).toBe('1 min 15 s');
  });
});

describe('own text', () => {
  it('needs block + 1 characters (code points), at most 5 MB, valid UTF-8', () => {
    expect(checkText('', 8)).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(checkText('12345678', 8)).toMatchObject({ ok: false, problem: { kind: 'tooShort', chars: 8, min: 9 } });
    expect(checkText('😀'.repeat(9), 8)).toMatchObject({ ok: true, chars: 9, bytes: 36 });
    expect(checkText('abc\uD800defghij', 8)).toMatchObject({ ok: false, problem: { kind: 'notUtf8' } });
    expect(checkText('x'.repeat(MAX_TEXT_BYTES + 1), 8)).toMatchObject({ ok: false, problem: { kind: 'tooLarge' } });
    expect(checkBytes(new Uint8Array([0x61, 0xff, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69]), 8)).toMatchObject({ ok: false, problem: { kind: 'notUtf8' } });
    expect(checkBytes(new TextEncoder().encode('你好，世界，这是一段文本'), 8)).toMatchObject({ ok: true, chars: 12 });
  });
});

describe('chart', () => {
  it('ticks of 1, 2, 5 × 10^k', () => {
    expect(niceTicks(0, 5000, 6)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
    expect(niceTicks(2, 5, 5)).toEqual([2, 3, 4, 5]);
    expect(niceTicks(2.5, 4.5, 5)).toEqual([2.5, 3, 3.5, 4, 4.5]);
  });

  it('current run on top, the uniform line inside the plot, steps mapped left to right', () => {
    const g = chartGeometry([
      { model: 'head', current: true, points: [{ step: 0, train: 4.2, val: 4.2 }, { step: 500, train: 2.7, val: 2.71 }] },
      { model: 'bigram', current: false, points: [{ step: 0, train: 4.73, val: 4.72 }, { step: 300, train: 2.5, val: 2.5 }] },
    ], Math.log(65), 5000);
    expect(g.lines.map((l) => `${l.model}/${l.split}/${l.current}`)).toEqual(['bigram/train/false', 'bigram/val/false', 'head/train/true', 'head/val/true']);
    expect(g.uniform!.y).toBeGreaterThan(g.plot.y);
    expect(g.uniform!.y).toBeLessThan(g.plot.y + g.plot.h);
    const head = g.lines[2];
    expect(head.d.startsWith(`M${g.plot.x} `)).toBe(true);
    expect(head.last!.x).toBeCloseTo(g.plot.x + g.plot.w * 0.1, 0);
    expect(g.yTicks[0].value).toBeLessThanOrEqual(2.5);
  });

  it('non-finite losses are left out of the lines', () => {
    const g = chartGeometry([{ model: 'head', current: true, points: [{ step: 0, train: 4.2, val: 4.2 }, { step: 100, train: NaN, val: NaN }] }], null, 200);
    expect(g.lines[0].d.match(/[ML]/g)).toHaveLength(1);
  });
});
