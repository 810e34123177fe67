// The one place that touches localStorage. Everything the learner does that
// is worth keeping (quiz attempts, exercise answers, review items and review
// logs) lives under one key, as a versioned envelope {v, data}:
//
// - every read is schema-checked (not just JSON.parse), old versions are
//   migrated, and anything corrupt, hostile or from an unknown version is
//   copied to a fresh backup key before the valid part is kept;
// - every write is read-merge-write, and a `storage` event from another tab is
//   merged in (and written back if this tab holds something the other lacks),
//   so two tabs never lose each other's attempts;
// - when localStorage is missing or throws, the same API keeps working in
//   memory and getStorageStatus() says 'memory-only';
// - review items are scheduled by ts-fsrs.
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';

export const STORAGE_NAMESPACE = 'attention-lab';
/** Key of the progress envelope. */
export const PROGRESS_KEY = `${STORAGE_NAMESPACE}:progress`;
/** Prefix of backup keys: corrupt or unknown data is copied to `${BACKUP_PREFIX}<ISO time>[-n]`, never overwritten. */
export const BACKUP_PREFIX = `${STORAGE_NAMESPACE}:backup:`;
const PROBE_KEY = `${STORAGE_NAMESPACE}:probe`;
export const CURRENT_VERSION = 2;
export const EXPORT_FORMAT = 'attention-lab-progress';
/** The lesson: come back two days after the first finished quiz. */
export const FIRST_REVIEW_DELAY_MS = 2 * 24 * 60 * 60 * 1000;

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
export type RatingName = 'again' | 'hard' | 'good' | 'easy';
export const RATINGS: readonly RatingName[] = ['again', 'hard', 'good', 'easy'];

/** An FSRS card with its dates as ISO strings (UTC). */
export interface StoredCard {
  due: string; stability: number; difficulty: number; elapsed_days: number; scheduled_days: number;
  learning_steps: number; reps: number; lapses: number; state: number; last_review: string | null;
}
export interface ReviewItem {
  lesson: string;
  createdAt: string;
  /** ISO 8601 UTC. */
  due: string;
  lastRating: RatingName | null;
  lastReview: string | null;
  card: StoredCard;
}
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
interface ExerciseEntry { todos: string[]; savedAt: string }
interface ProgressData {
  attempts: Map<string, QuizAttempt>;
  exercises: Map<string, ExerciseEntry>;
  reviews: Map<string, ReviewItem>;
  logs: Map<string, ReviewLogEntry>;
}

// ---------------------------------------------------------------- time, ids

let clock: () => number = () => Date.now();
/** Milliseconds since the epoch; Date.now unless a test set another clock. */
export function now(): number { return clock(); }
export function setClock(fn: (() => number) | null): void { clock = fn ?? (() => Date.now()); }
const iso = (ms: number) => new Date(ms).toISOString();

export function newId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
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
const isRating = (x: unknown): x is RatingName => typeof x === 'string' && (RATINGS as readonly string[]).includes(x);

function cleanAttempt(x: unknown): QuizAttempt | null {
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

function cleanTodos(x: unknown): string[] | null {
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

function cleanLog(x: unknown): ReviewLogEntry | null {
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

const emptyData = (): ProgressData => ({ attempts: new Map(), exercises: new Map(), reviews: new Map(), logs: new Map() });

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

function toJSONData(d: ProgressData): Obj {
  const byKey = <T>(m: Map<string, T>) => Object.fromEntries([...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const attempts = [...d.attempts.values()].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt) || a.id.localeCompare(b.id));
  const logs = [...d.logs.values()].sort((a, b) => a.reviewedAt.localeCompare(b.reviewedAt) || a.id.localeCompare(b.id));
  return { attempts, exercises: byKey(d.exercises), reviews: byKey(d.reviews), logs };
}
const serialise = (d: ProgressData) => JSON.stringify({ v: CURRENT_VERSION, data: toJSONData(d) });

/** Which of two review items for the same lesson wins: the one with the latest review. */
function newerReview(a: ReviewItem, b: ReviewItem): ReviewItem {
  const t = (r: ReviewItem) => (r.lastReview ? Date.parse(r.lastReview) : -Infinity);
  if (t(a) !== t(b)) return t(a) > t(b) ? a : b;
  if (a.card.reps !== b.card.reps) return a.card.reps > b.card.reps ? a : b;
  return Date.parse(a.createdAt) <= Date.parse(b.createdAt) ? a : b;
}

/** Merges `src` into `dst` in place; returns how many records were added or replaced. */
function mergeInto(dst: ProgressData, src: ProgressData): number {
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

type Parsed =
  | { kind: 'ok'; data: ProgressData }
  | { kind: 'bad'; data: ProgressData; reason: string };

/** Parses an envelope `{v, data}` (or an export file) and salvages what is valid. */
function parseEnvelope(raw: string, allowExport: boolean): Parsed {
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

// ---------------------------------------------------------------- the store

let getStorage: () => Storage | null | undefined = () => globalThis.localStorage;
let mem: ProgressData = emptyData();
let lastRaw: string | null | undefined;      // what we last read from / wrote to storage; undefined = never read
let probed = false;
let unusable = false;                         // localStorage missing, or the probe / a read / a write threw
let writesBlocked = false;                    // corrupt data could not be backed up: never overwrite it
let recoveredKey: string | null = null;
const listeners = new Set<() => void>();
let windowListening = false;

/** For tests and embedders: where the progress lives (null = memory only). Resets the module state. */
export function configureStorage(getter: (() => Storage | null | undefined) | null): void {
  getStorage = getter ?? (() => globalThis.localStorage);
  mem = emptyData();
  lastRaw = undefined;
  probed = false;
  unusable = false;
  writesBlocked = false;
  recoveredKey = null;
}

function store(): Storage | null {
  let s: Storage | null | undefined;
  try { s = getStorage(); } catch { s = null; }
  if (!s) { unusable = true; return null; }
  if (!probed) {
    probed = true;
    try { s.setItem(PROBE_KEY, '1'); s.removeItem(PROBE_KEY); } catch { unusable = true; }
  }
  return s;
}

function backup(s: Storage, raw: string): string | null {
  const base = BACKUP_PREFIX + iso(now());
  try {
    let key = base;
    for (let n = 1; s.getItem(key) !== null; n++) key = `${base}-${n}`;
    s.setItem(key, raw);
    return key;
  } catch {
    return null;
  }
}

function write(s: Storage | null): void {
  if (!s || writesBlocked) return;
  const text = serialise(mem);
  if (text === lastRaw) return;
  try {
    s.setItem(PROGRESS_KEY, text);
    lastRaw = text;
    if (probed) unusable = false;
  } catch {
    unusable = true;                          // quota exceeded or disabled: keep going in memory
  }
}

/** Reads storage into memory (merging); writes back when memory holds more than storage. */
function sync(): void {
  const s = store();
  if (!s) return;
  let raw: string | null;
  try { raw = s.getItem(PROGRESS_KEY); } catch { unusable = true; return; }
  if (raw === lastRaw) return;
  if (raw === null) { lastRaw = null; if (mem.attempts.size || mem.reviews.size || mem.exercises.size || mem.logs.size) write(s); return; }
  const parsed = parseEnvelope(raw, false);
  if (parsed.kind === 'bad') {
    const key = backup(s, raw);
    if (key === null) { writesBlocked = true; unusable = true; } else recoveredKey = key;
  }
  mergeInto(mem, parsed.data);
  lastRaw = raw;
  write(s);
}

function notify(): void {
  for (const l of [...listeners]) {
    try { l(); } catch (e) { queueMicrotask(() => { throw e; }); }
  }
}

function mutate(fn: (d: ProgressData) => void): void {
  sync();
  fn(mem);
  write(store());
  notify();
}

function onStorageEvent(e: StorageEvent): void {
  if (e.key !== null && e.key !== PROGRESS_KEY) return;
  if (e.key === null) lastRaw = undefined;    // storage cleared elsewhere: write back what we have
  sync();
  notify();
}

export function getStorageStatus(): StorageStatus {
  sync();
  if (unusable || writesBlocked) return 'memory-only';
  return recoveredKey ? 'recovered' : 'ok';
}
/** The backup key that corrupt data was moved to in this session, if any. */
export function recoveredBackupKey(): string | null { sync(); return recoveredKey; }

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!windowListening && typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    window.addEventListener('storage', onStorageEvent);
    windowListening = true;
  }
  return () => { listeners.delete(listener); };
}

// ---------------------------------------------------------------- quiz and exercise

export function recordQuizAttempt(a: QuizAttempt): void {
  const clean = cleanAttempt(a);
  if (!clean) throw new TypeError('recordQuizAttempt: invalid attempt');
  mutate((d) => {
    if (!d.attempts.has(clean.id)) d.attempts.set(clean.id, clean);
    if (!d.reviews.has(clean.lesson)) d.reviews.set(clean.lesson, newReviewItem(clean.lesson, Date.parse(clean.finishedAt)));
  });
}

export function quizAttempts(lesson?: string): QuizAttempt[] {
  sync();
  return [...mem.attempts.values()]
    .filter((a) => lesson === undefined || a.lesson === lesson)
    .sort((a, b) => Date.parse(a.finishedAt) - Date.parse(b.finishedAt))
    .map((a) => structuredClone(a));
}

export function saveExerciseAnswers(lesson: string, todos: string[]): void {
  const clean = cleanTodos(todos);
  if (!isLessonId(lesson) || !clean) throw new TypeError('saveExerciseAnswers: invalid lesson or answers');
  mutate((d) => {
    const prev = d.exercises.get(lesson);
    // Strictly later than what is stored, so the merge keeps this save.
    const t = Math.max(now(), prev ? Date.parse(prev.savedAt) + 1 : 0);
    d.exercises.set(lesson, { todos: clean, savedAt: iso(t) });
  });
}

export function loadExerciseAnswers(lesson: string): string[] | null {
  sync();
  const e = isLessonId(lesson) ? mem.exercises.get(lesson) : undefined;
  return e ? e.todos.slice() : null;
}

// ---------------------------------------------------------------- export / import

export function exportProgress(): string {
  sync();
  return JSON.stringify({ format: EXPORT_FORMAT, v: CURRENT_VERSION, exportedAt: iso(now()), data: toJSONData(mem) }, null, 2);
}

export type ImportError = 'too-large' | 'not-json' | 'not-progress' | 'unknown-version' | 'invalid-records';
/** Validates and merges an export (never replaces). Files with any invalid record are refused whole. */
export function importProgress(json: string): { ok: true; added: number } | { ok: false; error: string } {
  if (typeof json !== 'string') return { ok: false, error: 'not-json' };
  const parsed = parseEnvelope(json, true);
  if (parsed.kind === 'bad') return { ok: false, error: parsed.reason };
  let added = 0;
  mutate((d) => { added = mergeInto(d, parsed.data); });
  return { ok: true, added };
}

// ---------------------------------------------------------------- scheduling (ts-fsrs)

// Day-sized steps only: a lesson review is not a flashcard to repeat in ten minutes.
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
const GRADE: Record<RatingName, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

function toCard(c: StoredCard): Card {
  return { ...c, due: new Date(c.due), state: c.state, last_review: c.last_review ? new Date(c.last_review) : undefined };
}
function fromCard(c: Card): StoredCard {
  return {
    due: c.due.toISOString(), stability: c.stability, difficulty: c.difficulty, elapsed_days: c.elapsed_days,
    scheduled_days: c.scheduled_days, learning_steps: c.learning_steps, reps: c.reps, lapses: c.lapses, state: c.state,
    last_review: c.last_review ? c.last_review.toISOString() : null,
  };
}

function newReviewItem(lesson: string, finishedAt: number): ReviewItem {
  const card = fromCard(createEmptyCard(new Date(finishedAt)));
  const due = iso(finishedAt + FIRST_REVIEW_DELAY_MS);
  card.due = due;
  return { lesson, createdAt: iso(finishedAt), due, lastRating: null, lastReview: null, card };
}

export function reviewItems(): ReviewItem[] {
  sync();
  return [...mem.reviews.values()].sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || a.lesson.localeCompare(b.lesson))
    .map((r) => structuredClone(r));
}
export function reviewItem(lesson: string): ReviewItem | null {
  sync();
  const r = isLessonId(lesson) ? mem.reviews.get(lesson) : undefined;
  return r ? structuredClone(r) : null;
}
export function reviewLogs(lesson?: string): ReviewLogEntry[] {
  sync();
  return [...mem.logs.values()].filter((l) => lesson === undefined || l.lesson === lesson)
    .sort((a, b) => Date.parse(a.reviewedAt) - Date.parse(b.reviewedAt)).map((l) => ({ ...l }));
}
export function isDue(item: Pick<ReviewItem, 'due'>, at: number = now()): boolean {
  return Date.parse(item.due) <= at;
}

export interface ReviewOutcome { quizScore: number; quizTotal: number; recallCorrect: number; recallTotal: number }
/**
 * The rating a review earns: Again if under half the quiz or none of the lines
 * came back, Hard if under 80 % or a line was missed, Easy if both were
 * perfect, Good otherwise.
 */
export function suggestRating(o: ReviewOutcome): RatingName {
  // A part that could not be taken (no quiz bank, no recall lines) is left out.
  const q = o.quizTotal > 0 ? o.quizScore / o.quizTotal : null;
  const r = o.recallTotal > 0 ? o.recallCorrect / o.recallTotal : null;
  if (q === null && r === null) return 'good';
  if ((q !== null && q < 0.5) || r === 0) return 'again';
  if ((q !== null && q < 0.8) || (r !== null && r < 1)) return 'hard';
  if (q === null || q === 1) return 'easy';
  return 'good';
}

/** The due date (ISO) each rating would give if the lesson were reviewed at `at`. */
export function previewSchedule(lesson: string, at: number = now()): Record<RatingName, string> | null {
  const item = reviewItem(lesson);
  if (!item) return null;
  const preview = scheduler.repeat(toCard(item.card), new Date(at));
  const out = {} as Record<RatingName, string>;
  for (const r of RATINGS) out[r] = preview[GRADE[r]].card.due.toISOString();
  return out;
}

/** Records a finished review and schedules the next one. Returns the updated item. */
export function recordReview(input: ReviewOutcome & { lesson: string; rating: RatingName; suggested?: RatingName }): ReviewItem {
  const { lesson, rating } = input;
  if (!isLessonId(lesson) || !isRating(rating)) throw new TypeError('recordReview: invalid lesson or rating');
  const at = now();
  let result = null as ReviewItem | null;
  mutate((d) => {
    const item = d.reviews.get(lesson);
    if (!item) return;
    const next = scheduler.next(toCard(item.card), new Date(at), GRADE[rating]);
    const card = fromCard(next.card);
    result = { lesson, createdAt: item.createdAt, due: card.due, lastRating: rating, lastReview: iso(at), card };
    d.reviews.set(lesson, result);
    const log = cleanLog({
      id: newId(), lesson, reviewedAt: iso(at), rating, suggested: input.suggested ?? suggestRating(input),
      quizScore: input.quizScore, quizTotal: input.quizTotal, recallCorrect: input.recallCorrect,
      recallTotal: input.recallTotal, due: card.due,
    });
    if (log) d.logs.set(log.id, log);
  });
  if (!result) throw new Error(`recordReview: no review item for ${lesson}`);
  return structuredClone(result);
}
