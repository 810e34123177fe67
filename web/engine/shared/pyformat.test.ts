// Python's '%.4f', checked on ties, near-ties, signs and the special values.
import { describe, expect, it } from 'vitest';
import { fixed4 } from './pyformat.js';

describe('fixed4', () => {
  it('rounds an exact tie to even, as Python does', () => {
    // Python: '%.4f' % x for each.
    for (const [x, want] of [[0.03125, '0.0312'], [0.09375, '0.0938'], [2.03125, '2.0312'], [-0.03125, '-0.0312'],
      [-0.09375, '-0.0938'], [4.15625, '4.1562'], [1.46875, '1.4688']] as const) expect(fixed4(x), String(x)).toBe(want);
  });
  it('rounds a value that only looks like a tie by its exact binary value', () => {
    expect(fixed4(0.12345)).toBe('0.1235'); // 0.1234500000000000041…
    expect(fixed4(1.00005)).toBe('1.0001'); // 1.0000500000000001…
    expect(fixed4(2.00005)).toBe('2.0000'); // 2.0000499999999999…
  });
  it('prints signs and special values as Python', () => {
    expect(fixed4(-0.00001)).toBe('-0.0000');
    expect(fixed4(Number.NaN)).toBe('nan');
    expect(fixed4(Infinity)).toBe('inf');
    expect(fixed4(-Infinity)).toBe('-inf');
    expect(fixed4(4.2)).toBe('4.2000');
  });
});
