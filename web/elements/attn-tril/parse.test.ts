import { describe, expect, it } from 'vitest';
import { DEFAULTS, fmt4, M_MAX, M_MIN, parseMultiplier, parsePerm, parseSeed, resolveState } from './parse';

describe('attn-tril attribute parsing', () => {
  it('accepts seeds in [0, 2^63)', () => {
    expect(parseSeed('1337')).toBe('1337');
    expect(parseSeed(' 007 ')).toBe('7');
    expect(parseSeed('9223372036854775807')).toBe('9223372036854775807');
    expect(parseSeed('9223372036854775808')).toBeNull();
    expect(parseSeed('-1')).toBeNull();
    expect(parseSeed('1e3')).toBeNull();
  });

  it('parses m, perm and on/off', () => {
    expect(parseMultiplier('8')).toBe(8);
    expect(parseMultiplier('2.5')).toBe(2.5);
    expect(parseMultiplier('abc')).toBeNull();
    expect(parseMultiplier('0.5')).toBeNull();
    expect(parseMultiplier('17')).toBeNull();
    // the bounds themselves, whatever limits.hpp sets them to
    expect(parseMultiplier(String(M_MAX))).toBe(M_MAX);
    expect(parseMultiplier(String(M_MIN))).toBe(M_MIN);
    expect(parseMultiplier(String(M_MAX + 1))).toBeNull();
    expect(parsePerm('7,6,5,4,3,2,1,0')).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    expect(parsePerm('1 0 2 3 4 5 6 7')).toEqual([1, 0, 2, 3, 4, 5, 6, 7]);
    expect(parsePerm('0,0,2,3,4,5,6,7')).toBeNull();
    expect(parsePerm('0,1,2')).toBeNull();
  });

  it('keeps the last valid value of a bad attribute and reports it', () => {
    const first = resolveState({ seed: '42', b: '2', m: '8' }, DEFAULTS);
    expect(first.errors).toEqual([]);
    const { state, errors } = resolveState({ seed: '-1', b: '9', m: 'abc', mask: 'off' }, first.state);
    expect(state.seed).toBe('42');
    expect(state.b).toBe(2);
    expect(state.m).toBe(8);
    expect(state.mask).toBe(false);
    expect(errors.map((e) => e.attr)).toEqual(['seed', 'b', 'm']);
    expect(resolveState({}, state).state).toEqual(DEFAULTS);
  });

  it('reads presence booleans and the older on/off spellings alike', () => {
    const read = (attrs: Parameters<typeof resolveState>[0]) => resolveState(attrs, DEFAULTS);
    expect(read({ unmasked: '' }).state.mask).toBe(false);
    expect(read({ unmasked: 'off' }).state.mask).toBe(true);
    expect(read({ mask: 'off' }).state.mask).toBe(false);
    expect(read({ mask: 'on' }).state.mask).toBe(true);
    expect(read({ mask: 'off', unmasked: 'false' }).state.mask).toBe(true); // the new spelling wins
    expect(read({}).state.mask).toBe(true);
    expect(read({ scale: 'none' }).state.scale).toBe(false);
    expect(read({ scale: 'SQRT' }).state.scale).toBe(true);
    expect(read({ scale: 'off' }).state.scale).toBe(false);
    expect(read({ scale: 'on' }).state.scale).toBe(true);
    const bad = read({ scale: 'dk' });
    expect(bad.state.scale).toBe(true);
    expect(bad.errors.map((e) => e.attr)).toEqual(['scale']);
    expect(read({ positions: '' }).state.positions).toBe(true);
    expect(read({ positions: 'on' }).state.positions).toBe(true);
    expect(read({ positions: 'off' }).state.positions).toBe(false);
    expect(read({}).state.positions).toBe(false);
    expect(read({ unmasked: '', scale: 'none', positions: '' }).errors).toEqual([]);
    const legacy = resolveState({ mask: 'maybe' }, { ...DEFAULTS, mask: false });
    expect(legacy.state.mask).toBe(false);
    expect(legacy.errors.map((e) => e.attr)).toEqual(['mask']);
    expect(read({ positions: 'maybe' }).state.positions).toBe(true);
  });

  it('prints 4 decimals as PyTorch does', () => {
    expect(fmt4(0.18077158927917480)).toBe('0.1808');
    expect(fmt4(-0.06998809427022934)).toBe('-0.0700');
    expect(fmt4(0.03125)).toBe('0.0312'); // tie to even, like Python's format
    expect(fmt4(0.15625)).toBe('0.1562');
    expect(fmt4(1)).toBe('1.0000');
    expect(fmt4(0)).toBe('0.0000');
  });
});
