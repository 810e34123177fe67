import { describe, expect, it } from 'vitest';
import { cryptoRandomInt, nextOptionOrder, nextQuestionOrder, randomPermutation, samePermutation, type RandomInt } from './shuffle';

const isPermutation = (p: number[], n: number) => p.length === n && [...p].sort((a, b) => a - b).every((v, i) => v === i);

describe('cryptoRandomInt', () => {
  it('stays in range and covers it', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = cryptoRandomInt(7);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(7);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
    expect(cryptoRandomInt(1)).toBe(0);
    expect(() => cryptoRandomInt(0)).toThrow(RangeError);
  });
});

describe('permutations', () => {
  it('randomPermutation returns permutations', () => {
    for (let n = 0; n < 10; n++) expect(isPermutation(randomPermutation(n), n)).toBe(true);
  });

  it('the right answer moves on every retake, over many retakes, and every other slot is used', () => {
    for (const n of [2, 3, 4, 8]) {
      for (let answer = 0; answer < n; answer++) {
        let prev = nextOptionOrder(n, answer, null);
        const counts = new Array<number>(n).fill(0);
        const retakes = 600;
        for (let r = 0; r < retakes; r++) {
          const next = nextOptionOrder(n, answer, prev);
          expect(isPermutation(next, n)).toBe(true);
          expect(next.indexOf(answer)).not.toBe(prev.indexOf(answer));
          expect(samePermutation(next, prev)).toBe(false);
          counts[next.indexOf(answer)]!++;
          prev = next;
        }
        // Positions are spread out: none is starved or dominant.
        for (const c of counts) {
          expect(c).toBeGreaterThan(retakes / n / 3);
          expect(c).toBeLessThan((retakes / n) * 2.2);
        }
      }
    }
  });

  it('with two options the right answer alternates', () => {
    let prev = nextOptionOrder(2, 1, null);
    for (let r = 0; r < 50; r++) {
      const next = nextOptionOrder(2, 1, prev);
      expect(next).toEqual([...prev].reverse());
      prev = next;
    }
  });

  it('the question order is never the same twice in a row', () => {
    for (const n of [2, 3, 10]) {
      let prev = nextQuestionOrder(n, null);
      for (let r = 0; r < 500; r++) {
        const next = nextQuestionOrder(n, prev);
        expect(isPermutation(next, n)).toBe(true);
        expect(samePermutation(next, prev)).toBe(false);
        prev = next;
      }
    }
    expect(nextQuestionOrder(1, [0])).toEqual([0]);
  });

  it('still moves things with a degenerate random source', () => {
    const stuck: RandomInt = (n) => n - 1; // Fisher–Yates then always returns the identity
    expect(randomPermutation(4, stuck)).toEqual([0, 1, 2, 3]);
    const q = nextQuestionOrder(4, [0, 1, 2, 3], stuck);
    expect(samePermutation(q, [0, 1, 2, 3])).toBe(false);
    const o = nextOptionOrder(4, 2, [0, 1, 2, 3], stuck);
    expect(o.indexOf(2)).not.toBe(2);
    expect(isPermutation(o, 4)).toBe(true);
  });
});
