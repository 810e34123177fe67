import { describe, expect, it } from 'vitest';
import {
  buildLut, contrast, divisor, fmt, fmtTiny, formula, luminance, lutIndex, numpySnippet, readouts, weightRgb,
} from './readouts';
import { STRINGS } from './i18n';

describe('divisor', () => {
  it('is √d_k, d_k or 1', () => {
    expect(divisor('sqrt', 16)).toBe(4);
    expect(divisor('dk', 16)).toBe(16);
    expect(divisor('none', 16)).toBe(1);
  });
});

describe('number formatting', () => {
  it('uses fixed decimals, a real minus sign and −∞', () => {
    expect(fmt(0.123456, 3)).toBe('0.123');
    expect(fmt(-1.5, 2)).toBe('−1.50');
    expect(fmt(-0.0001, 3)).toBe('0.000');
    expect(fmt(-Infinity)).toBe('−∞');
    expect(fmt(Number.NaN)).toBe('NaN');
    expect(fmtTiny(0)).toBe('0');
    expect(fmtTiny(2.220446049250313e-16)).toBe('2.2e−16');
  });
});

describe('readouts', () => {
  it('recovers the raw-score std from the scaled one (≈ √d_k unscaled, ≈ 1 scaled)', () => {
    const r = readouts({ dk: 64, scale: 'sqrt', tokens: 4 }, { scoreStd: 1.02, meanRowMax: 0.4, maxRowSumError: 1e-16 }, [0.3, 0.4, 0.5, 0.4]);
    expect(r.rawStd).toBeCloseTo(8.16, 12);
    expect(r.scaledStd).toBe(1.02);
    expect(r.sqrtDk).toBe(8);
    expect(r.uniform).toBe(0.25);
    expect(r.rowMax).toEqual([0.3, 0.4, 0.5, 0.4]);
    expect(r.meanRowMax).toBe(0.4);
    const u = readouts({ dk: 64, scale: 'none', tokens: 4 }, { scoreStd: 7.9, meanRowMax: 0.9, maxRowSumError: 0 }, new Float64Array(4));
    expect(u.rawStd).toBe(7.9);
    const d = readouts({ dk: 64, scale: 'dk', tokens: 4 }, { scoreStd: 0.125, meanRowMax: 0.3, maxRowSumError: 0 }, new Float64Array(4));
    expect(d.rawStd).toBe(8);
  });

  it('the formula shows the current numbers', () => {
    expect(formula({ dk: 16, scale: 'sqrt', causal: false })).toBe(
      'A = softmax(Q[:, :16] · K[:, :16]ᵀ / √16) = softmax(Q[:, :16] · K[:, :16]ᵀ / 4.000)');
    expect(formula({ dk: 2, scale: 'sqrt', causal: true })).toContain('/ 1.414 + M)');
    expect(formula({ dk: 8, scale: 'dk', causal: false })).toContain('/ 8) = softmax(Q[:, :8] · K[:, :8]ᵀ / 8.000)');
    expect(formula({ dk: 8, scale: 'none', causal: false })).toBe('A = softmax(Q[:, :8] · K[:, :8]ᵀ)');
  });

  it('messages name the attribute and the allowed range in both languages', () => {
    const e = { attr: 'dk', kind: 'int', min: 1, max: 512, got: 'abc' } as const;
    expect(STRINGS.en.error(e)).toContain('dk must be an integer from 1 to 512');
    expect(STRINGS['zh-CN'].error(e)).toContain('dk 必须是 1 到 512 之间的整数');
    expect(STRINGS.en.error({ attr: 'seed', kind: 'seed', got: '-1' })).toContain('0 to 2^64 − 1');
    expect(STRINGS.en.error({ attr: 'scale', kind: 'enum', allowed: ['sqrt', 'none', 'dk'], got: 'cube' })).toContain('sqrt, none, dk');
  });
});

describe('numpySnippet', () => {
  it('spells out the exact draws, the slice, the divisor and the mask', () => {
    const s = numpySnippet({ seed: '18446744073709551615', tokens: 9, dkMax: 300, dk: 77, scale: 'sqrt', causal: true });
    expect(s).toContain('seed, T, dk_max, dk = 18446744073709551615, 9, 300, 77');
    expect(s).toContain('rng = np.random.default_rng(seed)');
    expect(s).toContain('Q = rng.standard_normal((T, dk_max))\nK = rng.standard_normal((T, dk_max))');
    expect(s).toContain('Q[:, :dk] @ K[:, :dk].T / np.sqrt(dk)');
    expect(s).toContain('np.triu(np.ones((T, T), dtype=bool), k=1)');
    expect(s).toContain('-np.inf');
    expect(numpySnippet({ seed: '0', tokens: 6, dkMax: 512, dk: 16, scale: 'none', causal: false })).not.toContain('triu');
    expect(numpySnippet({ seed: '0', tokens: 6, dkMax: 512, dk: 16, scale: 'dk', causal: false })).toContain('.T / dk ');
  });
});

describe('colour scale', () => {
  it('gets darker as the weight grows (monotonic lightness, reads in greyscale)', () => {
    let prev = Infinity;
    for (let i = 0; i <= 100; i++) {
      const l = luminance(weightRgb(i / 100));
      expect(l).toBeLessThan(prev);
      prev = l;
    }
    expect(luminance(weightRgb(0)) / luminance(weightRgb(1))).toBeGreaterThan(10);
  });
  it('clamps out-of-range and non-finite weights', () => {
    expect(weightRgb(-1)).toEqual(weightRgb(0));
    expect(weightRgb(2)).toEqual(weightRgb(1));
    expect(weightRgb(Number.NaN)).toEqual(weightRgb(0));
    expect(lutIndex(1)).toBe(255);
    expect(lutIndex(0)).toBe(0);
    expect(lutIndex(Number.NaN)).toBe(0);
  });
  it('the numbers drawn in cells meet WCAG AA against their cell', () => {
    const { fill, ink } = buildLut();
    expect(fill).toHaveLength(256);
    for (let i = 0; i < 256; i++) {
      const rgb = weightRgb(i / 255);
      const text = ink[i] === '#000' ? [0, 0, 0] : [255, 255, 255];
      expect(contrast(rgb, text), `weight ${i / 255}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
