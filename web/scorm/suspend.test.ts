import { describe, expect, it } from 'vitest';
import type { QuizAttempt, ReviewItem, ReviewLogEntry } from '../storage/progress';
import { decodeSuspend, encodeSuspend, SUSPEND_LIMIT, type BankShape, type SuspendState } from './suspend';

const N = 14;
const BANK: BankShape = {
  id: 'lesson-01', version: 1,
  questions: Array.from({ length: N }, (_, i) => ({ id: `q-${i}-some-question-id`, answer: i % 4, options: [1, 2, 3, 4] })),
};
const T0 = Date.parse('2026-11-29T10:00:00Z');
const iso = (t: number) => new Date(t).toISOString();
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function attempt(i: number, chosen: number[]): QuizAttempt {
  const answers = BANK.questions.map((q, k) => ({ questionId: q.id, chosen: chosen[k]!, correct: chosen[k] === q.answer }));
  return {
    id: uuid(i), lesson: 'lesson-01', bankId: 'lesson-01', bankVersion: 1, startedAt: iso(T0 + i * 1e6), finishedAt: iso(T0 + i * 1e6 + 60_000),
    answers, score: answers.filter((a) => a.correct).length, total: N,
  };
}
function log(i: number): ReviewLogEntry {
  return {
    id: uuid(1000 + i), lesson: 'lesson-01', reviewedAt: iso(T0 + i * 1e6 + 1), rating: 'good', suggested: 'hard',
    quizScore: 12, quizTotal: 14, recallCorrect: 2, recallTotal: 3, due: iso(T0 + (i + 5) * 86_400_000),
  };
}
const REVIEW: ReviewItem = {
  lesson: 'lesson-01', createdAt: iso(T0), due: iso(T0 + 2 * 86_400_000), lastRating: null, lastReview: null,
  card: { due: iso(T0 + 2 * 86_400_000), stability: 0, difficulty: 0, elapsed_days: 0, scheduled_days: 0, learning_steps: 0, reps: 0, lapses: 0, state: 0, last_review: null },
};
const order = [3, 1, 0, 2, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4];
const options = BANK.questions.map((_, i) => [(i + 1) % 4, (i + 2) % 4, (i + 3) % 4, i % 4]);
const chosen = BANK.questions.map((q, i) => (i < 5 ? (i === 2 ? (q.answer + 1) % 4 : q.answer) : null));

function state(over: Partial<SuspendState> = {}): SuspendState {
  return { lesson: 'lesson-01', quiz: { id: uuid(99), startedAt: T0, order, options, chosen }, attempts: [], review: REVIEW, logs: [], ...over };
}

describe('suspend_data', () => {
  it('round-trips the locked answers and the review state', () => {
    const s = state({ attempts: [attempt(1, BANK.questions.map((q) => q.answer))], logs: [log(1)] });
    const text = encodeSuspend(s, BANK);
    expect(text.length).toBeLessThanOrEqual(SUSPEND_LIMIT);
    const d = decodeSuspend(text, BANK);
    expect(d).toEqual({ ok: true, state: s, bankChanged: false });
  });

  it('an empty state stays small; an attempt costs about a hundred characters', () => {
    expect(encodeSuspend(state({ quiz: null, review: null }), BANK).length).toBeLessThan(80);
    const one = encodeSuspend(state({ quiz: null, review: null, attempts: [attempt(1, BANK.questions.map(() => 0))] }), BANK).length;
    expect(one).toBeLessThan(180);
  });

  it('keeps to 4,096 characters: the newest attempts and logs are kept, the locked answers always', () => {
    const attempts = Array.from({ length: 60 }, (_, i) => attempt(i, BANK.questions.map((_, k) => (k + i) % 4)));
    const logs = Array.from({ length: 60 }, (_, i) => log(i));
    const s = state({ attempts, logs });
    const text = encodeSuspend(s, BANK);
    expect(text.length).toBeLessThanOrEqual(SUSPEND_LIMIT);
    expect(text.length).toBeGreaterThan(SUSPEND_LIMIT - 200);
    const d = decodeSuspend(text, BANK);
    if (!d.ok) throw new Error('decode failed');
    expect(d.state.quiz).toEqual(s.quiz);
    expect(d.state.review).toEqual(REVIEW);
    expect(d.state.attempts.length).toBeGreaterThan(5);
    expect(d.state.attempts.at(-1)).toEqual(attempts.at(-1));
    expect(d.state.logs.at(-1)).toEqual(logs.at(-1));
    // newest kept, in order
    const ids = d.state.attempts.map((a) => a.id);
    expect(ids).toEqual(attempts.slice(-ids.length).map((a) => a.id));
    // a smaller limit too
    expect(encodeSuspend(s, BANK, 1000).length).toBeLessThanOrEqual(1000);
    expect(encodeSuspend(s, BANK, 10).length).toBeLessThan(80);
  });

  it('attempts of another bank or version are left out', () => {
    const other = { ...attempt(1, BANK.questions.map(() => 0)), bankVersion: 2 };
    const d = decodeSuspend(encodeSuspend(state({ attempts: [other] }), BANK), BANK);
    expect(d.ok && d.state.attempts).toEqual([]);
  });

  it('a changed bank drops the quiz and attempts but keeps the review', () => {
    const text = encodeSuspend(state({ attempts: [attempt(1, BANK.questions.map(() => 1))] }), BANK);
    const d = decodeSuspend(text, { ...BANK, version: 2 });
    expect(d).toMatchObject({ ok: true, bankChanged: true, state: { quiz: null, attempts: [], review: REVIEW } });
  });

  it('reports empty, too long and corrupt data, never throws', () => {
    expect(decodeSuspend('', BANK)).toEqual({ ok: false, reason: 'empty' });
    expect(decodeSuspend(undefined, BANK)).toEqual({ ok: false, reason: 'empty' });
    expect(decodeSuspend('x'.repeat(SUSPEND_LIMIT + 1), BANK)).toEqual({ ok: false, reason: 'too-long' });
    const good = JSON.parse(encodeSuspend(state({ attempts: [attempt(1, BANK.questions.map(() => 2))], logs: [log(1)] }), BANK));
    const bad: unknown[] = [
      '{', 'null', '[]', '42', '"text"', '{"v":2}', '{"__proto__":{"x":1}}',
      { ...good, v: 2 }, { ...good, a: 'no' }, { ...good, g: {} }, { ...good, n: -1 },
      { ...good, q: [uuid(1), T0, order.slice(1), options, chosen] },                           // not a permutation
      { ...good, q: [uuid(1), T0, [...order.slice(1), 3], options, chosen] },                   // duplicate
      { ...good, q: [uuid(1), T0, order, options, chosen.map(() => 9)] },                       // option out of range
      { ...good, q: [uuid(1), -5, order, options, chosen] },
      { ...good, q: ['', T0, order, options, chosen] },
      { ...good, a: [[uuid(1), T0, T0, BANK.questions.map(() => -1)]] },                        // unfinished "attempt"
      { ...good, a: [[uuid(1), T0, T0]] },
      { ...good, g: [[uuid(1), T0, 7, 0, 1, 2, 0, 3, T0]] },                                    // unknown rating
      { ...good, g: [[uuid(1), T0, 0, 0, 5, 2, 0, 3, T0]] },                                    // score > total
      { ...good, r: { lesson: 'another-lesson' } },
      { ...good, r: [] },
    ];
    for (const b of bad) {
      const text = typeof b === 'string' ? b : JSON.stringify(b);
      expect(decodeSuspend(text, BANK), text.slice(0, 80)).toEqual({ ok: false, reason: 'corrupt' });
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
