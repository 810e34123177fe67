import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_LIMITS } from '../engine/shared/limits.js';
import { flagSpelling, parseChoice, parseDecimal, parseFlag, parseIntIn, parseSeed, resolveState, type Field } from './parse';

describe('parseSeed', () => {
  it('takes digits with an optional + and surrounding space, below the limit, as a canonical decimal', () => {
    expect(parseSeed('0', 10n)).toBe('0');
    expect(parseSeed(' +007 ', 10n)).toBe('7');
    expect(parseSeed('18446744073709551615', 1n << 64n)).toBe('18446744073709551615');
    expect(parseSeed(`${'0'.repeat(5)}18446744073709551615`, 1n << 64n)).toBe('18446744073709551615');
  });
  it('refuses signs, exponents, other digits, the limit itself and over-long text', () => {
    for (const s of ['', ' ', '-1', '1e3', '0x10', '1.0', '١', '++1', '10', `${'0'.repeat(25)}1`]) expect(parseSeed(s, 10n), s).toBeNull();
  });
  it("takes as many digits as attn-cli's --seed (limits.hpp Seed::max_digits)", () => {
    expect(parseSeed(`${'0'.repeat(SEED_LIMITS.maxDigits - 1)}1`, 10n)).toBe('1');
    expect(parseSeed(`${'0'.repeat(SEED_LIMITS.maxDigits)}1`, 10n)).toBeNull();
  });
});

describe('parseIntIn, parseDecimal', () => {
  it('integers in range, a sign only where the range allows it', () => {
    expect(parseIntIn(' +12 ', 1, 512)).toBe(12);
    expect(parseIntIn('0012', 1, 512)).toBe(12);
    expect(parseIntIn('-3', -5, 5)).toBe(-3);
    for (const s of ['-3', '0', '513', '1.5', '1e2', '', '9'.repeat(17)]) expect(parseIntIn(s, 1, 512), s).toBeNull();
  });
  it('decimals in range with a bounded number of decimals, no exponent', () => {
    expect(parseDecimal('2.5', 0.1, 10)).toBe(2.5);
    expect(parseDecimal('.25', 0.1, 10)).toBe(0.25);
    expect(parseDecimal('3.', 0.1, 10)).toBe(3);
    for (const s of ['1e1', '11', '0.05', '2.1234567', '-1', 'x']) expect(parseDecimal(s, 0.1, 10), s).toBeNull();
  });
});

describe('parseFlag, parseChoice', () => {
  it('a presence attribute: absent false, present true unless false/off/0', () => {
    expect(parseFlag(null)).toBe(false);
    for (const s of ['', 'causal', 'true', 'on', 'yes']) expect(parseFlag(s), s).toBe(true);
    for (const s of ['false', ' OFF ', '0']) expect(parseFlag(s), s).toBe(false);
  });
  it('the older spellings: "no" is off too; flagSpelling reads only the spelled-out values', () => {
    expect(parseFlag(' No ')).toBe(false);
    for (const s of ['', 'ON', ' true', '1', 'yes']) expect(flagSpelling(s), s).toBe(true);
    for (const s of ['off', 'False', '0', 'no']) expect(flagSpelling(s), s).toBe(false);
    for (const s of ['causal', 'maybe', '2']) expect(flagSpelling(s), s).toBeNull();
  });
  it('a choice, case-insensitive', () => {
    expect(parseChoice(' Sqrt ', ['sqrt', 'none'] as const)).toBe('sqrt');
    expect(parseChoice('dk', ['sqrt', 'none'] as const)).toBeNull();
  });
});

describe('resolveState', () => {
  interface S { n: number; seed: string; list: number[] }
  const defaults: S = { n: 1, seed: '0', list: [1, 2] };
  const fields: Field<S, 'n' | 'seed'>[] = [{ attr: 'n', key: 'n', parse: (s) => parseIntIn(s, 1, 9) }, { attr: 'seed', key: 'seed', parse: (s) => parseSeed(s, 100n) }];
  it('absent takes the default, bad keeps the last valid value and names the attribute', () => {
    const prev: S = { n: 5, seed: '42', list: [3] };
    const attrs: Record<string, string | null> = { n: 'x', seed: null };
    const { state, errors } = resolveState((a) => attrs[a] ?? null, prev, defaults, fields);
    expect(state).toEqual({ n: 5, seed: '0', list: [3] });
    expect(state.list).not.toBe(prev.list);
    expect(errors).toEqual([{ attr: 'n', got: 'x' }]);
  });
});

// The rules above are the only seed and integer parsers of the elements and pages.
describe('one rule in one place', () => {
  it('no other module under web/ defines its own seed or integer parser', () => {
    const root = new URL('..', import.meta.url).pathname;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) { if (name !== 'generated') walk(p); } else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) files.push(p);
      }
    };
    walk(root);
    const copies = files
      .filter((p) => !p.endsWith(join('shared', 'parse.ts')))
      .filter((p) => /function\s+(parseSeed|parseIntIn|validSeed|parseSeedInput)\b/.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    expect(copies).toEqual([]);
  });
});
