// Orders for a quiz attempt. Randomness comes from crypto.getRandomValues;
// the rules that make a retake feel different are deterministic:
//  - the order of the questions is never the same as in the previous attempt
//    (when there are at least two questions);
//  - in every question with two or more options, the right answer never sits
//    in the same position as in the previous attempt.
// Among the orders that satisfy the rule, each is equally likely.

/** Returns a uniformly random integer in [0, n). */
export type RandomInt = (n: number) => number;

export const cryptoRandomInt: RandomInt = (n) => {
  if (!Number.isInteger(n) || n < 1 || n > 0x1_0000_0000) throw new RangeError(`bad range ${n}`);
  // Rejection sampling: drop the top values that would bias the modulo.
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  const buf = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
};

/** A uniformly random permutation of 0..n-1 (Fisher–Yates). */
export function randomPermutation(n: number, rand: RandomInt = cryptoRandomInt): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rand(i + 1);
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

export function samePermutation(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Shifts every entry one place to the right: each item changes position. */
function rotate(p: readonly number[]): number[] {
  return p.length ? [p[p.length - 1]!, ...p.slice(0, -1)] : [];
}

const TRIES = 64;

/**
 * Order of the questions (display position -> question index). Differs from
 * `prev` whenever n ≥ 2. With n ≥ 2 a random permutation equals `prev` with
 * probability 1/n! ≤ 1/2, so rejection almost never needs more than a try or
 * two; the rotation fallback only guards against a broken random source.
 */
export function nextQuestionOrder(n: number, prev: readonly number[] | null, rand: RandomInt = cryptoRandomInt): number[] {
  if (!prev || prev.length !== n || n < 2) return randomPermutation(n, rand);
  for (let t = 0; t < TRIES; t++) {
    const p = randomPermutation(n, rand);
    if (!samePermutation(p, prev)) return p;
  }
  return rotate(prev);
}

/**
 * Order of one question's options (display position -> option index). When
 * n ≥ 2 the right answer (`answer`, an option index) lands in a different
 * display position than in `prev`, so the order differs too.
 */
export function nextOptionOrder(n: number, answer: number, prev: readonly number[] | null, rand: RandomInt = cryptoRandomInt): number[] {
  if (!prev || prev.length !== n || n < 2) return randomPermutation(n, rand);
  const before = prev.indexOf(answer);
  for (let t = 0; t < TRIES; t++) {
    const p = randomPermutation(n, rand);
    if (p.indexOf(answer) !== before) return p;
  }
  return rotate(prev);
}
