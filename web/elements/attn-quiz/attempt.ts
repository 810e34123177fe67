// An attempt at a quiz: the orders the questions and options are shown in,
// the locked answers, and what was saved; made fresh (reshuffled so that no
// question or option keeps its place) or put back from a saved copy.
import type { Bank } from './bank';
import { nextOptionOrder, nextQuestionOrder, type RandomInt } from './shuffle';
import { uuid } from './xapi';

export interface Attempt {
  id: string;
  startedAt: number;
  /** Wall clock of the last answer (or of the start), for per-answer durations. */
  lastMark: number;
  /** Display position -> question index. */
  qOrder: number[];
  /** Per question index: display position -> option index. */
  optOrders: number[][];
  /** Per question index: chosen option index, or null. */
  chosen: (number | null)[];
  /** Per question index: display position of the option that has the roving tabindex. */
  cursor: number[];
  saved: 'ok' | 'memory-only' | 'failed' | null;
}

/** The orders of an attempt: display position -> question index, and per question the option orders. */
export interface Orders { q: number[]; opt: number[][] }

/** An attempt saved outside the element (e.g. in an LMS's suspend_data), for restoreAttempt(). */
export interface SavedQuizAttempt {
  id: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Display position -> question index (bank order). */
  order: number[];
  /** Per question index: display position -> option index. */
  options: number[][];
  /** Per question index: the locked option index, or null. */
  chosen: (number | null)[];
}

function isPerm(x: unknown, n: number): x is number[] {
  return Array.isArray(x) && x.length === n && new Set(x).size === n && x.every((v) => Number.isInteger(v) && v >= 0 && v < n);
}

/** A new attempt on `b`, its orders drawn by `random` to differ from `prev`'s. */
export function freshAttempt(b: Bank, prev: Orders | null, random: RandomInt): Attempt {
  const qOrder = nextQuestionOrder(b.questions.length, prev?.q ?? null, random);
  const optOrders = b.questions.map((q, i) => nextOptionOrder(q.options.length, q.answer, prev?.opt[i] ?? null, random));
  const t = Date.now();
  return {
    id: uuid(),
    startedAt: t,
    lastMark: t,
    qOrder,
    optOrders,
    chosen: b.questions.map(() => null),
    cursor: b.questions.map(() => 0),
    saved: null,
  };
}

/** `saved` as an attempt on `b`, or null when it does not fit `b`. */
export function restoredAttempt(saved: SavedQuizAttempt, b: Bank): Attempt | null {
  const n = b.questions.length;
  const ok = saved && typeof saved.id === 'string' && saved.id.length > 0 && Number.isFinite(saved.startedAt) &&
    isPerm(saved.order, n) && Array.isArray(saved.options) && saved.options.length === n &&
    saved.options.every((p, i) => isPerm(p, b.questions[i]!.options.length)) &&
    Array.isArray(saved.chosen) && saved.chosen.length === n &&
    saved.chosen.every((c, i) => c === null || (Number.isInteger(c) && c >= 0 && c < b.questions[i]!.options.length));
  if (!ok) return null;
  const chosen = saved.chosen.slice();
  const options = saved.options.map((p) => p.slice());
  return {
    id: saved.id, startedAt: saved.startedAt, lastMark: Date.now(), qOrder: saved.order.slice(), optOrders: options, chosen,
    cursor: chosen.map((c, i) => (c === null ? 0 : options[i]!.indexOf(c))), saved: null,
  };
}
