import { describe, expect, it } from 'vitest';
import {
  DEFAULTS, logStops, nearestStop, parseBool, parseIntIn, parseLabels, parseScale, parseSeed, resolveState,
  tokenLabel, type HeatmapState,
} from './parse';

const attrs = (a: Record<string, string>) => (name: string) => (name in a ? a[name] : null);
const last: HeatmapState = { ...DEFAULTS, labels: [] };

describe('parseIntIn', () => {
  it('accepts plain decimal integers in range, with spaces and a plus sign', () => {
    expect(parseIntIn('16', 1, 512)).toBe(16);
    expect(parseIntIn(' 7 ', 1, 512)).toBe(7);
    expect(parseIntIn('+3', 1, 512)).toBe(3);
    expect(parseIntIn('0012', 1, 512)).toBe(12);
    expect(parseIntIn('1', 1, 1)).toBe(1);
  });
  it('rejects everything else', () => {
    for (const s of ['', ' ', 'abc', '0', '513', '-1', '2.5', '1e2', '0x10', '16px', 'Infinity', 'NaN', '99999999999'])
      expect(parseIntIn(s, 1, 512), s).toBeNull();
  });
});

describe('parseSeed', () => {
  it('takes 0 … 2^64 − 1 as canonical decimal strings', () => {
    expect(parseSeed('0')).toBe('0');
    expect(parseSeed('007')).toBe('7');
    expect(parseSeed(' 42 ')).toBe('42');
    expect(parseSeed('18446744073709551615')).toBe('18446744073709551615');
  });
  it('rejects negatives, 2^64 and above, non-integers', () => {
    for (const s of ['-1', '18446744073709551616', '1.5', 'abc', '', '1e3', '0x1', '99999999999999999999999'])
      expect(parseSeed(s), s).toBeNull();
  });
});

describe('parseScale, parseBool, parseLabels', () => {
  it('scale is one of sqrt, none, dk (case-insensitive)', () => {
    expect(parseScale('sqrt')).toBe('sqrt');
    expect(parseScale(' NONE ')).toBe('none');
    expect(parseScale('dk')).toBe('dk');
    expect(parseScale('cube')).toBeNull();
    expect(parseScale('')).toBeNull();
  });
  it('booleans follow HTML presence; "false" also means off', () => {
    expect(parseBool(null)).toBe(false);
    expect(parseBool('')).toBe(true);
    expect(parseBool('causal')).toBe(true);
    expect(parseBool('false')).toBe(false);
  });
  it('labels are comma-separated and trimmed; missing ones fall back to the index', () => {
    expect(parseLabels(null)).toEqual([]);
    expect(parseLabels('  ')).toEqual([]);
    const l = parseLabels('The, cat ,,sat');
    expect(l).toEqual(['The', 'cat', '', 'sat']);
    expect(tokenLabel(l, 1)).toBe('cat');
    expect(tokenLabel(l, 2)).toBe('2');
    expect(tokenLabel(l, 9)).toBe('9');
    expect(parseLabels(Array.from({ length: 40 }, (_, i) => `t${i}`).join(','))).toHaveLength(32);
  });
});

describe('resolveState', () => {
  it('gives the documented defaults when no attribute is set', () => {
    const { state, errors } = resolveState(attrs({}), last);
    expect(errors).toEqual([]);
    expect(state).toEqual({ tokens: 6, dk: 16, dkMax: 512, seed: '0', scale: 'sqrt', causal: false, compare: false, logScale: false, labels: [] });
  });

  it('reads every attribute', () => {
    const { state, errors } = resolveState(attrs({
      tokens: '32', dk: '1024', 'dk-max': '1024', seed: '18446744073709551615', scale: 'dk',
      causal: '', compare: '', 'log-scale': '', labels: 'a,b',
    }), last);
    expect(errors).toEqual([]);
    expect(state).toEqual({ tokens: 32, dk: 1024, dkMax: 1024, seed: '18446744073709551615', scale: 'dk', causal: true, compare: true, logScale: true, labels: ['a', 'b'] });
  });

  it('clamps the default dk to a smaller dk-max', () => {
    expect(resolveState(attrs({ 'dk-max': '8' }), last).state.dk).toBe(8);
  });

  it.each([
    ['dk', 'abc', { attr: 'dk', kind: 'int', min: 1, max: 512, got: 'abc' }],
    ['dk', '0', { attr: 'dk', kind: 'int', min: 1, max: 512, got: '0' }],
    ['dk', '513', { attr: 'dk', kind: 'int', min: 1, max: 512, got: '513' }],
    ['tokens', '1000', { attr: 'tokens', kind: 'int', min: 2, max: 32, got: '1000' }],
    ['tokens', '1', { attr: 'tokens', kind: 'int', min: 2, max: 32, got: '1' }],
    ['dk-max', '0', { attr: 'dk-max', kind: 'int', min: 1, max: 1024, got: '0' }],
    ['seed', '-1', { attr: 'seed', kind: 'seed', got: '-1' }],
    ['scale', 'cube', { attr: 'scale', kind: 'enum', allowed: ['sqrt', 'none', 'dk'], got: 'cube' }],
  ])('%s="%s" is an error and keeps the last valid state', (attr, value, error) => {
    const prev: HeatmapState = { ...last, tokens: 8, dk: 32, seed: '5', scale: 'none' };
    const { state, errors } = resolveState(attrs({ tokens: '8', dk: '32', seed: '5', scale: 'none', [attr]: value }), prev);
    expect(errors).toEqual([error]);
    expect(state).toEqual(prev);
  });

  it('dk-max below dk: error on dk naming the new range, and the last valid pair is kept', () => {
    const prev: HeatmapState = { ...last, dk: 16, dkMax: 512 };
    const { state, errors } = resolveState(attrs({ dk: '16', 'dk-max': '8' }), prev);
    expect(errors).toEqual([{ attr: 'dk', kind: 'int', min: 1, max: 8, got: '16' }]);
    expect(state.dk).toBe(16);
    expect(state.dkMax).toBe(512);
    // then a valid dk for the new dk-max clears it
    const fixed = resolveState(attrs({ dk: '8', 'dk-max': '8' }), state);
    expect(fixed.errors).toEqual([]);
    expect(fixed.state).toMatchObject({ dk: 8, dkMax: 8 });
  });

  it('several bad attributes give several errors; the good ones still apply', () => {
    const { state, errors } = resolveState(attrs({ dk: 'x', tokens: '99', causal: '', seed: '3' }), last);
    expect(errors.map((e) => e.attr)).toEqual(['tokens', 'dk']);
    expect(state).toMatchObject({ tokens: 6, dk: 16, causal: true, seed: '3' });
  });

  it('cuts long bad values shown back in messages', () => {
    const { errors } = resolveState(attrs({ scale: 'x'.repeat(500) }), last);
    expect(errors[0].got.length).toBeLessThanOrEqual(25);
  });
});

describe('log-scale slider stops', () => {
  it('are distinct integers from 1 to dk-max, increasing', () => {
    for (const max of [1, 2, 7, 64, 512, 1024]) {
      const s = logStops(max);
      expect(s[0]).toBe(1);
      expect(s[s.length - 1]).toBe(max);
      for (let i = 1; i < s.length; i++) expect(s[i]).toBeGreaterThan(s[i - 1]);
    }
  });
  it('are spaced evenly in log(d_k) where integers allow', () => {
    const s = logStops(512);
    const ratios = s.slice(1).map((x, i) => x / s[i]).filter((_, i) => s[i] >= 64);
    for (const r of ratios) expect(r).toBeLessThan(1.06);
    expect(s.filter((x) => x <= 16).length).toBeGreaterThan(10); // small d_k are reachable one by one
  });
  it('nearestStop finds the stop for a d_k, or its log-nearest neighbour', () => {
    const s = logStops(512);
    expect(s[nearestStop(s, 1)]).toBe(1);
    expect(s[nearestStop(s, 512)]).toBe(512);
    expect(s[nearestStop(s, 16)]).toBe(16);
    const k = nearestStop(s, 300);
    expect(Math.abs(Math.log(s[k] / 300))).toBeLessThan(0.03);
  });
});
