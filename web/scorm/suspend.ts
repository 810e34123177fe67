// cmi.suspend_data for the SCO: what must come back on the next launch, in at
// most 4,096 characters (SCORM 1.2's CMIString4096):
// - the quiz attempt in progress (or just finished): its id, start, question
//   and option orders and the locked answers;
// - the lesson's part of the progress store (web/storage/progress.ts): its
//   finished attempts, its review item and review logs, so the spaced review
//   survives a launch on another computer or in a browser that keeps nothing.
//
// Compact JSON, bank-relative (question and option indices, times in ms):
//   {"v":1,"l":lesson,"b":bankId,"n":bankVersion,
//    "q":[id,startedAt,order,optionOrders,chosen(-1 = open)],
//    "a":[[id,startedAt,finishedAt,chosen],…], "r":reviewItem|null,
//    "g":[[id,reviewedAt,rating,suggested,quizScore,quizTotal,recallCorrect,recallTotal,due],…]}
// When everything does not fit, the newest attempts and logs are kept.
// decode() never throws: anything malformed is reported, never half-applied.
import type { QuizAttempt, RatingName, ReviewItem, ReviewLogEntry } from '../storage/progress';

export const SUSPEND_LIMIT = 4096;
/** SCORM 2004's cmi.suspend_data: characterstring, SPM 64,000 characters. */
export const SUSPEND_LIMIT_2004 = 64_000;
export const SUSPEND_VERSION = 1;
const RATINGS: readonly RatingName[] = ['again', 'hard', 'good', 'easy'];

/** The minimum of a bank the codec needs. */
export interface BankShape { id: string; version: number; questions: readonly { id: string; answer: number; options: readonly unknown[] }[] }

export interface SavedQuiz {
  id: string;
  startedAt: number;
  /** Display position -> question index (bank order). */
  order: number[];
  /** Per question index: display position -> option index. */
  options: number[][];
  /** Per question index: the locked option index, or null. */
  chosen: (number | null)[];
}

export interface SuspendState {
  lesson: string;
  quiz: SavedQuiz | null;
  attempts: QuizAttempt[];
  review: ReviewItem | null;
  logs: ReviewLogEntry[];
}

export type DecodeResult =
  | { ok: true; state: SuspendState; /** quiz and attempts were dropped: they belong to another bank or version */ bankChanged: boolean }
  | { ok: false; reason: 'empty' | 'too-long' | 'corrupt' };

const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
const isId = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= 128;
const MAX_MS = 8.64e15;
const isMs = (x: unknown): x is number => isInt(x, 0, MAX_MS);
const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

function isPermutation(x: unknown, n: number): x is number[] {
  if (!Array.isArray(x) || x.length !== n) return false;
  const seen = new Set<number>();
  for (const v of x) { if (!isInt(v, 0, n - 1) || seen.has(v)) return false; seen.add(v); }
  return true;
}

function chosenOk(x: unknown, bank: BankShape): x is number[] {
  return Array.isArray(x) && x.length === bank.questions.length &&
    x.every((c, i) => isInt(c, -1, bank.questions[i]!.options.length - 1));
}

/** Chosen options in bank question order, or null if the attempt does not answer this bank's questions. */
function attemptChoices(a: QuizAttempt, bank: BankShape): number[] | null {
  if (a.bankId !== bank.id || a.bankVersion !== bank.version || a.answers.length !== bank.questions.length) return null;
  const out: number[] = [];
  for (let i = 0; i < bank.questions.length; i++) {
    const ans = a.answers.find((x) => x.questionId === bank.questions[i]!.id);
    if (!ans || !isInt(ans.chosen, 0, bank.questions[i]!.options.length - 1)) return null;
    out.push(ans.chosen);
  }
  return out;
}

/** Encodes the state in at most `limit` characters; never throws. */
export function encodeSuspend(state: SuspendState, bank: BankShape, limit = SUSPEND_LIMIT): string {
  const base: Record<string, unknown> = { v: SUSPEND_VERSION, l: state.lesson, b: bank.id, n: bank.version };
  const q = state.quiz;
  if (q && isPermutation(q.order, bank.questions.length) && q.chosen.length === bank.questions.length) {
    base.q = [q.id, q.startedAt, q.order, q.options, q.chosen.map((c) => (c === null ? -1 : c))];
  }
  base.r = state.review;
  base.a = [];
  base.g = [];
  const size = () => JSON.stringify(base).length;
  if (size() > limit) base.r = null;          // the locked answers come first
  if (size() > limit) delete base.q;
  if (size() > limit) return JSON.stringify({ v: SUSPEND_VERSION, l: '', b: '', n: 0, r: null, a: [], g: [] });

  // Newest first, attempts before logs at the same instant; each added only if it still fits.
  type Cand = { t: number; kind: 'a' | 'g'; rec: unknown[] };
  const cands: Cand[] = [];
  for (const a of state.attempts) {
    const c = attemptChoices(a, bank);
    if (c) cands.push({ t: ms(a.finishedAt), kind: 'a', rec: [a.id, ms(a.startedAt), ms(a.finishedAt), c] });
  }
  for (const l of state.logs) {
    cands.push({ t: ms(l.reviewedAt), kind: 'g', rec: [l.id, ms(l.reviewedAt), RATINGS.indexOf(l.rating), RATINGS.indexOf(l.suggested),
      l.quizScore, l.quizTotal, l.recallCorrect, l.recallTotal, ms(l.due)] });
  }
  cands.sort((x, y) => y.t - x.t || (x.kind === y.kind ? 0 : x.kind === 'a' ? -1 : 1));
  const kept: Cand[] = [];
  let len = size();
  for (const c of cands) {
    const extra = JSON.stringify(c.rec).length + 1;   // + the comma
    if (len + extra > limit) continue;
    kept.push(c);
    len += extra;
  }
  kept.sort((x, y) => x.t - y.t);
  base.a = kept.filter((c) => c.kind === 'a').map((c) => c.rec);
  base.g = kept.filter((c) => c.kind === 'g').map((c) => c.rec);
  const text = JSON.stringify(base);
  return text.length <= limit ? text : JSON.stringify({ ...base, a: [], g: [] });
}

/** Decodes suspend_data written by encodeSuspend for this bank. Never throws. */
export function decodeSuspend(text: unknown, bank: BankShape, limit = SUSPEND_LIMIT): DecodeResult {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, reason: 'empty' };
  if (text.length > limit) return { ok: false, reason: 'too-long' };
  let x: unknown;
  try { x = JSON.parse(text); } catch { return { ok: false, reason: 'corrupt' }; }
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return { ok: false, reason: 'corrupt' };
  const o = x as Record<string, unknown>;
  if (o.v !== SUSPEND_VERSION || typeof o.l !== 'string' || typeof o.b !== 'string' || !isInt(o.n, 0, 1e9)) return { ok: false, reason: 'corrupt' };
  if (!Array.isArray(o.a) || !Array.isArray(o.g)) return { ok: false, reason: 'corrupt' };
  const lesson = o.l;
  const state: SuspendState = { lesson, quiz: null, attempts: [], review: null, logs: [] };

  if (o.r !== null && o.r !== undefined) {
    if (typeof o.r !== 'object' || Array.isArray(o.r) || (o.r as { lesson?: unknown }).lesson !== lesson) return { ok: false, reason: 'corrupt' };
    state.review = o.r as ReviewItem;         // schema-checked by the progress store on import
  }
  for (const g of o.g) {
    if (!Array.isArray(g) || g.length !== 9) return { ok: false, reason: 'corrupt' };
    const [id, at, r, s, qs, qt, rc, rt, due] = g as unknown[];
    if (!isId(id) || !isMs(at) || !isInt(r, 0, 3) || !isInt(s, 0, 3) || !isInt(qt, 0, 1000) || !isInt(qs, 0, qt as number) ||
      !isInt(rt, 0, 100) || !isInt(rc, 0, rt as number) || !isMs(due)) return { ok: false, reason: 'corrupt' };
    state.logs.push({ id, lesson, reviewedAt: iso(at), rating: RATINGS[r]!, suggested: RATINGS[s]!, quizScore: qs as number,
      quizTotal: qt as number, recallCorrect: rc as number, recallTotal: rt as number, due: iso(due) });
  }

  const sameBank = o.b === bank.id && o.n === bank.version;
  const n = bank.questions.length;
  if (sameBank) {
    if (o.q !== undefined) {
      if (!Array.isArray(o.q) || o.q.length !== 5) return { ok: false, reason: 'corrupt' };
      const [id, startedAt, order, options, chosen] = o.q as unknown[];
      if (!isId(id) || !isMs(startedAt) || !isPermutation(order, n) || !Array.isArray(options) || options.length !== n ||
        !options.every((p, i) => isPermutation(p, bank.questions[i]!.options.length)) || !chosenOk(chosen, bank)) {
        return { ok: false, reason: 'corrupt' };
      }
      state.quiz = { id, startedAt, order, options: options as number[][], chosen: chosen.map((c) => (c < 0 ? null : c)) };
    }
    for (const a of o.a) {
      if (!Array.isArray(a) || a.length !== 4) return { ok: false, reason: 'corrupt' };
      const [id, start, end, chosen] = a as unknown[];
      if (!isId(id) || !isMs(start) || !isMs(end) || !chosenOk(chosen, bank) || chosen.includes(-1)) return { ok: false, reason: 'corrupt' };
      const answers = bank.questions.map((q, i) => ({ questionId: q.id, chosen: chosen[i]!, correct: chosen[i] === q.answer }));
      state.attempts.push({
        id, lesson, bankId: bank.id, bankVersion: bank.version, startedAt: iso(start), finishedAt: iso(end), answers,
        score: answers.filter((x) => x.correct).length, total: n,
      });
    }
  }
  return { ok: true, state, bankChanged: !sameBank && (o.q !== undefined || o.a.length > 0) };
}
