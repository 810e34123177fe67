// The progress envelope's schema: the records (quiz attempts, exercise
// answers, review items, review logs), the check every read goes through (not
// just JSON.parse), the migrations from older versions, the serialised form
// and the merge of two copies (two tabs, an import). Pure: no storage here.
import { isRating, newReviewItem, type RatingName, type ReviewItem, type StoredCard } from './schedule';
import { iso } from './time';

export const CURRENT_VERSION = 2;
export const EXPORT_FORMAT = 'attention-lab-progress';

const MAX_RAW_CHARS = 4_000_000;
const MAX_RECORDS = 10_000;
const MAX_LESSONS = 500;
const MAX_TODOS = 20;
const MAX_TODO_CHARS = 4_000;

export interface QuizAnswer { questionId: string; chosen: number; correct: boolean }
export interface QuizAttempt {
  id: string;
  lesson: string;
  bankId: string; bankVersion: number;
  startedAt: string; finishedAt: string;
  answers: QuizAnswer[]; score: number; total: number;
}
export type StorageStatus = 'ok' | 'memory-only' | 'recovered';
// The review records are the scheduler's (schedule.ts): the schema checks and stores them.
export type { ReviewItem, StoredCard };
export interface ReviewLogEntry {
  id: string;
  lesson: string;
  reviewedAt: string;
  rating: RatingName;
  /** What the quiz score and recall check suggested (the learner may have overridden it). */
  suggested: RatingName;
  quizScore: number; quizTotal: number;
  recallCorrect: number; recallTotal: number;
  /** The next due date this review produced. */
  due: string;
}
export interface ExerciseEntry { todos: string[]; savedAt: string }
export interface ProgressData {
  attempts: Map<string, QuizAttempt>;
  exercises: Map<string, ExerciseEntry>;
  reviews: Map<string, ReviewItem>;
  logs: Map<string, ReviewLogEntry>;
}

// ---------------------------------------------------------------- validation


type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const LESSON_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const isLessonId = (x: unknown): x is string => typeof x === 'string' && LESSON_RE.test(x);
const isStr = (x: unknown, max = 128): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;
const isInt = (x: unknown, min: number, max: number): x is number =>
  typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isDate = (x: unknown): x is string => typeof x === 'string' && x.length <= 40 && Number.isFinite(Date.parse(x));
const normDate = (x: string) => new Date(Date.parse(x)).toISOString();

export function cleanAttempt(x: unknown): QuizAttempt | null {
  if (!isObj(x)) return null;
  const { id, lesson, bankId, bankVersion, startedAt, finishedAt, answers, score, total } = x;
  if (!isStr(id) || !isLessonId(lesson) || !isStr(bankId) || !isInt(bankVersion, 0, 1e9)) return null;
  if (!isDate(startedAt) || !isDate(finishedAt) || !Array.isArray(answers) || answers.length > 500) return null;
  if (!isInt(total, 0, 1000) || !isInt(score, 0, total)) return null;
  const clean: QuizAnswer[] = [];
  for (const a of answers) {
    if (!isObj(a) || !isStr(a.questionId) || !isInt(a.chosen, 0, 1000) || typeof a.correct !== 'boolean') return null;
    clean.push({ questionId: a.questionId, chosen: a.chosen, correct: a.correct });
  }
  return { id, lesson, bankId, bankVersion, startedAt: normDate(startedAt), finishedAt: normDate(finishedAt), answers: clean, score, total };
}

export function cleanTodos(x: unknown): string[] | null {
  if (!Array.isArray(x) || x.length > MAX_TODOS) return null;
  if (!x.every((t) => typeof t === 'string' && t.length <= MAX_TODO_CHARS)) return null;
  return x.slice() as string[];
}

function cleanCard(x: unknown): StoredCard | null {
  if (!isObj(x)) return null;
  const { due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review } = x;
  if (!isDate(due) || !isNum(stability) || stability < 0 || !isNum(difficulty) || difficulty < 0) return null;
  if (!isNum(elapsed_days) || elapsed_days < 0 || !isNum(scheduled_days) || scheduled_days < 0) return null;
  if (!isInt(learning_steps, 0, 1000) || !isInt(reps, 0, 1e6) || !isInt(lapses, 0, 1e6) || !isInt(state, 0, 3)) return null;
  if (last_review !== null && last_review !== undefined && !isDate(last_review)) return null;
  return {
    due: normDate(due), stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state,
    last_review: typeof last_review === 'string' ? normDate(last_review) : null,
  };
}

function cleanReview(x: unknown, lessonKey: string): ReviewItem | null {
  if (!isObj(x) || x.lesson !== lessonKey || !isLessonId(lessonKey) || !isDate(x.createdAt)) return null;
  const card = cleanCard(x.card);
  if (!card || !isDate(x.due)) return null;
  if (x.lastRating !== null && !isRating(x.lastRating)) return null;
  if (x.lastReview !== null && !isDate(x.lastReview)) return null;
  return {
    lesson: lessonKey, createdAt: normDate(x.createdAt), due: normDate(x.due),
    lastRating: x.lastRating as RatingName | null,
    lastReview: x.lastReview === null ? null : normDate(x.lastReview as string), card,
  };
}

export function cleanLog(x: unknown): ReviewLogEntry | null {
  if (!isObj(x)) return null;
  const { id, lesson, reviewedAt, rating, suggested, quizScore, quizTotal, recallCorrect, recallTotal, due } = x;
  if (!isStr(id) || !isLessonId(lesson) || !isDate(reviewedAt) || !isRating(rating) || !isRating(suggested)) return null;
  if (!isInt(quizTotal, 0, 1000) || !isInt(quizScore, 0, quizTotal)) return null;
  if (!isInt(recallTotal, 0, 100) || !isInt(recallCorrect, 0, recallTotal) || !isDate(due)) return null;
  return {
    id, lesson, reviewedAt: normDate(reviewedAt), rating, suggested, quizScore, quizTotal, recallCorrect, recallTotal,
    due: normDate(due),
  };
}

export const emptyData = (): ProgressData => ({ attempts: new Map(), exercises: new Map(), reviews: new Map(), logs: new Map() });

/** Schema check of a current-version `data`: returns the valid records and how many were dropped. */
function validateData(x: unknown): { data: ProgressData; dropped: number } {
  const data = emptyData();
  let dropped = 0;
  if (!isObj(x)) return { data, dropped: 1 };
  const list = (v: unknown): unknown[] => {
    if (Array.isArray(v)) { if (v.length > MAX_RECORDS) dropped += v.length - MAX_RECORDS; return v.slice(0, MAX_RECORDS); }
    if (v !== undefined) dropped++;
    return [];
  };
  const record = (v: unknown): [string, unknown][] => {
    if (isObj(v)) {
      const entries = Object.entries(v);
      if (entries.length > MAX_LESSONS) dropped += entries.length - MAX_LESSONS;
      return entries.slice(0, MAX_LESSONS);
    }
    if (v !== undefined) dropped++;
    return [];
  };
  for (const a of list(x.attempts)) {
    const c = cleanAttempt(a);
    if (c && !data.attempts.has(c.id)) data.attempts.set(c.id, c); else if (!c) dropped++;
  }
  for (const l of list(x.logs)) {
    const c = cleanLog(l);
    if (c && !data.logs.has(c.id)) data.logs.set(c.id, c); else if (!c) dropped++;
  }
  for (const [lesson, v] of record(x.exercises)) {
    const todos = isObj(v) ? cleanTodos(v.todos) : null;
    if (isLessonId(lesson) && todos && isObj(v) && isDate(v.savedAt)) data.exercises.set(lesson, { todos, savedAt: normDate(v.savedAt) });
    else dropped++;
  }
  for (const [lesson, v] of record(x.reviews)) {
    const c = cleanReview(v, lesson);
    if (c) data.reviews.set(lesson, c); else dropped++;
  }
  return { data, dropped };
}

// ---------------------------------------------------------------- migrations


/**
 * Version history of the envelope:
 * - v1: `{attempts: QuizAttempt[], exercises: {[lesson]: string[]}}` (no review items yet).
 * - v2: adds `reviews` (FSRS cards per lesson) and `logs`; exercises carry a `savedAt`.
 * Each migration takes the `data` of version n and returns the `data` of version n + 1.
 */
const MIGRATIONS: Record<number, (data: unknown) => unknown> = {
  1: (d) => {
    if (!isObj(d)) throw new Error('v1 data is not an object');
    const exercises: Obj = {};
    if (isObj(d.exercises)) {
      for (const [lesson, todos] of Object.entries(d.exercises)) {
        if (isLessonId(lesson)) exercises[lesson] = { todos, savedAt: iso(0) };
      }
    }
    // Review items for the lessons whose quiz was already finished.
    const reviews: Obj = {};
    const attempts = Array.isArray(d.attempts) ? d.attempts : [];
    const valid = attempts.map(cleanAttempt).filter((a): a is QuizAttempt => a !== null)
      .sort((a, b) => Date.parse(a.finishedAt) - Date.parse(b.finishedAt));
    for (const a of valid) if (!(a.lesson in reviews)) reviews[a.lesson] = newReviewItem(a.lesson, Date.parse(a.finishedAt));
    return { attempts, exercises, reviews, logs: [] };
  },
};

/** Brings an envelope's data to CURRENT_VERSION, or returns null for unknown versions. */
function migrate(v: unknown, data: unknown): unknown | null {
  if (!isInt(v, 1, CURRENT_VERSION)) return null;
  let d = data;
  for (let n = v; n < CURRENT_VERSION; n++) d = MIGRATIONS[n](d);
  return d;
}

// ---------------------------------------------------------------- serialising and merging


export function toJSONData(d: ProgressData): Obj {
  const byKey = <T>(m: Map<string, T>) => Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const attempts = [...d.attempts.values()].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt) || a.id.localeCompare(b.id));
  const logs = [...d.logs.values()].sort((a, b) => a.reviewedAt.localeCompare(b.reviewedAt) || a.id.localeCompare(b.id));
  return { attempts, exercises: byKey(d.exercises), reviews: byKey(d.reviews), logs };
}
export const serialise = (d: ProgressData) => JSON.stringify({ v: CURRENT_VERSION, data: toJSONData(d) });

/** Which of two review items for the same lesson wins: the one with the latest review. */
function newerReview(a: ReviewItem, b: ReviewItem): ReviewItem {
  const t = (r: ReviewItem) => (r.lastReview ? Date.parse(r.lastReview) : -Infinity);
  if (t(a) !== t(b)) return t(a) > t(b) ? a : b;
  if (a.card.reps !== b.card.reps) return a.card.reps > b.card.reps ? a : b;
  return Date.parse(a.createdAt) <= Date.parse(b.createdAt) ? a : b;
}

/** Merges `src` into `dst` in place; returns how many records were added or replaced. */
export function mergeInto(dst: ProgressData, src: ProgressData): number {
  let changed = 0;
  for (const [id, a] of src.attempts) if (!dst.attempts.has(id)) { dst.attempts.set(id, a); changed++; }
  for (const [id, l] of src.logs) if (!dst.logs.has(id)) { dst.logs.set(id, l); changed++; }
  for (const [lesson, e] of src.exercises) {
    const cur = dst.exercises.get(lesson);
    if (!cur || Date.parse(e.savedAt) > Date.parse(cur.savedAt)) { dst.exercises.set(lesson, e); changed++; }
  }
  for (const [lesson, r] of src.reviews) {
    const cur = dst.reviews.get(lesson);
    if (!cur) { dst.reviews.set(lesson, r); changed++; } else if (newerReview(cur, r) !== cur) { dst.reviews.set(lesson, r); changed++; }
  }
  return changed;
}

export type Parsed =
  | { kind: 'ok'; data: ProgressData }
  | { kind: 'bad'; data: ProgressData; reason: string };

/** Parses an envelope `{v, data}` (or an export file) and salvages what is valid. */
export function parseEnvelope(raw: string, allowExport: boolean): Parsed {
  if (raw.length > MAX_RAW_CHARS) return { kind: 'bad', data: emptyData(), reason: 'too-large' };
  let x: unknown;
  try { x = JSON.parse(raw); } catch { return { kind: 'bad', data: emptyData(), reason: 'not-json' }; }
  if (!isObj(x)) return { kind: 'bad', data: emptyData(), reason: 'not-progress' };
  if (allowExport && x.format !== undefined && x.format !== EXPORT_FORMAT) return { kind: 'bad', data: emptyData(), reason: 'not-progress' };
  if (!('v' in x) || !('data' in x)) return { kind: 'bad', data: emptyData(), reason: 'not-progress' };
  if (!isInt(x.v, 1, 1e6)) return { kind: 'bad', data: emptyData(), reason: 'not-progress' };
  let migrated: unknown;
  try { migrated = migrate(x.v, x.data); } catch { return { kind: 'bad', data: emptyData(), reason: 'not-progress' }; }
  if (migrated === null) return { kind: 'bad', data: emptyData(), reason: 'unknown-version' };
  const { data, dropped } = validateData(migrated);
  return dropped > 0 ? { kind: 'bad', data, reason: 'invalid-records' } : { kind: 'ok', data };
}
