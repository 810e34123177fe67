// The progress store. Everything the learner does that is worth keeping
// (quiz attempts, exercise answers, review items and review logs) lives under
// one key (local.ts names every key), as a versioned envelope {v, data}:
//
// - every read is schema-checked (schema.ts: not just JSON.parse), old
//   versions are migrated, and anything corrupt, hostile or from an unknown
//   version is copied to a fresh backup key before the valid part is kept;
// - every write is read-merge-write, and a `storage` event from another tab is
//   merged in (and written back if this tab holds something the other lacks),
//   so two tabs never lose each other's attempts;
// - when localStorage is missing or throws, the same API keeps working in
//   memory and getStorageStatus() says 'memory-only';
// - review items are scheduled by schedule.ts (ts-fsrs).
// What the elements and the SCORM adapter use is exported from here.
import { BACKUP_PREFIX, backingStorage, PROGRESS_KEY, probe, setBackingStorage } from './local';
import {
  cleanAttempt, cleanLog, cleanTodos, CURRENT_VERSION, emptyData, EXPORT_FORMAT, isLessonId, mergeInto, parseEnvelope,
  serialise, toJSONData, type ProgressData, type QuizAttempt, type ReviewItem, type ReviewLogEntry,
} from './schema';
import { isRating, newReviewItem, previewCard, rateCard, suggestRating, type RatingName, type ReviewOutcome } from './schedule';
import { iso, newId, now } from './time';

export { BACKUP_PREFIX, PROGRESS_KEY, STORAGE_NAMESPACE } from './local';
export {
  CURRENT_VERSION, EXPORT_FORMAT, isLessonId,
  type QuizAnswer, type QuizAttempt, type ReviewItem, type ReviewLogEntry, type StoredCard,
} from './schema';
export { FIRST_REVIEW_DELAY_MS, isDue, RATINGS, suggestRating, type RatingName, type ReviewOutcome } from './schedule';
export { newId, now, setClock } from './time';

export type StorageStatus = 'ok' | 'memory-only' | 'recovered';

// ---------------------------------------------------------------- the store


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
  setBackingStorage(getter);
  mem = emptyData();
  lastRaw = undefined;
  probed = false;
  unusable = false;
  writesBlocked = false;
  recoveredKey = null;
}

function store(): Storage | null {
  const s = backingStorage();
  if (!s) { unusable = true; return null; }
  if (!probed) {
    probed = true;
    if (!probe(s)) unusable = true;
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

// ---------------------------------------------------------------- review items (scheduled by schedule.ts)

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

/** The due date (ISO) each rating would give if the lesson were reviewed at `at`. */
export function previewSchedule(lesson: string, at: number = now()): Record<RatingName, string> | null {
  const item = reviewItem(lesson);
  if (!item) return null;
  return previewCard(item.card, at);
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
    const card = rateCard(item.card, rating, at);
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
