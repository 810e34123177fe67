// <attn-heads>' attribute rules: the shared ones, limits from limits.hpp, and
// the cap on batch × heads × tokens × dk kept across attributes.
import { describe, expect, it } from 'vitest';
import { BONUS_LIMITS } from '../../engine/shared/limits.js';
import { DEFAULTS, fmt4, resolveState, tuple, type Attr, type HeadsState } from './parse';

const get = (attrs: Partial<Record<Attr, string>>) => (a: Attr) => attrs[a] ?? null;

describe('attn-heads attributes', () => {
  it('defaults are the lesson\'s: seed 0, (2, 4, 5, 16), not causal unless present', () => {
    const { state, errors } = resolveState(get({}), DEFAULTS);
    expect(errors).toEqual([]);
    expect(state).toEqual({ seed: '0', batch: 2, heads: 4, tokens: 5, dk: 16, causal: false });
    expect(resolveState(get({ causal: '' }), DEFAULTS).state.causal).toBe(true);
    expect(resolveState(get({ causal: 'false' }), DEFAULTS).state.causal).toBe(false);
  });

  it('reads valid values and keeps the last valid one for bad ones', () => {
    const prev: HeadsState = { seed: '7', batch: 1, heads: 2, tokens: 6, dk: 8, causal: true };
    const ok = resolveState(get({ seed: '+0042', batch: '3', heads: '8', tokens: '16', dk: '8', causal: '' }), prev);
    expect(ok.errors).toEqual([]);
    expect(ok.state).toEqual({ seed: '42', batch: 3, heads: 8, tokens: 16, dk: 8, causal: true });
    const bad = resolveState(get({ seed: '-1', batch: '1', heads: '0', tokens: '6', dk: 'x', causal: '' }), prev);
    expect(bad.state).toEqual(prev);
    expect(bad.errors).toEqual([{ attr: 'seed', got: '-1' }, { attr: 'heads', got: '0' }, { attr: 'dk', got: 'x' }]);
    expect(resolveState(get({ tokens: String(BONUS_LIMITS.elementMaxTokens + 1) }), prev).errors).toHaveLength(1);
    expect(resolveState(get({ seed: String(2n ** 63n) }), prev).errors).toHaveLength(1);
  });

  it('a product over the cap keeps all four sizes', () => {
    const prev: HeadsState = { ...DEFAULTS };
    const r = resolveState(get({ batch: '2', heads: '4', tokens: '16', dk: '64' }), prev);
    expect(2 * 4 * 16 * 64).toBeGreaterThan(BONUS_LIMITS.elementMaxValues);
    expect(r.state).toEqual(prev);
    expect(r.errors).toEqual([{ attr: 'tokens', got: '16', product: 8192 }]);
  });

  it('prints as PyTorch and Python do', () => {
    expect(fmt4(0.12345)).toBe('0.1235');
    expect(fmt4(-0.00001)).toBe('-0.0000');
    expect(fmt4(0.03125)).toBe('0.0312'); // an exact tie rounds to even, as Python's '%.4f'
    expect(fmt4(0.09375)).toBe('0.0938');
    expect(tuple([2, 4, 5, 16])).toBe('(2, 4, 5, 16)');
    expect(tuple([3])).toBe('(3,)');
  });
});
