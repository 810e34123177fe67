import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as P from './progress';
import { StubStorage } from '../testing/storage';

const T0 = Date.parse('2025-11-29T10:00:00Z');
const DAY = 86_400_000;

function attempt(id: string, over: Partial<P.QuizAttempt> = {}): P.QuizAttempt {
  const finished = new Date(Date.now()).toISOString();
  return {
    id, lesson: 'lesson-01', bankId: 'lesson-01', bankVersion: 1,
    startedAt: new Date(Date.now() - 60_000).toISOString(), finishedAt: finished,
    answers: [{ questionId: 'q1', chosen: 2, correct: true }, { questionId: 'q2', chosen: 0, correct: false }],
    score: 1, total: 2, ...over,
  };
}

const stored = (s: StubStorage) => JSON.parse(s.map.get(P.PROGRESS_KEY)!);

let s: StubStorage;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  s = new StubStorage();
  P.configureStorage(() => s);
});
afterEach(() => {
  vi.useRealTimers();
  P.configureStorage(null);
});

describe('empty storage', () => {
  it('starts clean and writes a versioned envelope', () => {
    expect(P.getStorageStatus()).toBe('ok');
    expect(P.quizAttempts()).toEqual([]);
    expect(P.reviewItems()).toEqual([]);
    P.recordQuizAttempt(attempt('a1'));
    const env = stored(s);
    expect(env.v).toBe(P.CURRENT_VERSION);
    expect(env.data.attempts.map((a: P.QuizAttempt) => a.id)).toEqual(['a1']);
    expect(env.data.reviews['lesson-01'].due).toBe(new Date(T0 + 2 * DAY).toISOString());
    expect(P.STORAGE_NAMESPACE).toBe('attention-lab');
    expect([...s.map.keys()].every((k) => k.startsWith('attention-lab'))).toBe(true);
  });

  it('deduplicates attempts by id and rejects invalid ones', () => {
    P.recordQuizAttempt(attempt('a1'));
    P.recordQuizAttempt(attempt('a1', { score: 2 }));
    expect(P.quizAttempts('lesson-01')).toHaveLength(1);
    expect(P.quizAttempts('lesson-01')[0].score).toBe(1);
    expect(() => P.recordQuizAttempt({ ...attempt('bad'), score: 5 })).toThrow(TypeError);
    expect(() => P.recordQuizAttempt({ ...attempt('bad'), lesson: '__proto__' })).toThrow(TypeError);
    expect(P.quizAttempts()).toHaveLength(1);
  });

  it('creates the review item on the first finished quiz only, due two days later', () => {
    P.recordQuizAttempt(attempt('a1'));
    vi.setSystemTime(T0 + DAY);
    P.recordQuizAttempt(attempt('a2'));
    const item = P.reviewItem('lesson-01')!;
    expect(item.due).toBe(new Date(T0 + 2 * DAY).toISOString());
    expect(item.lastRating).toBeNull();
    expect(P.isDue(item, T0 + 2 * DAY - 1)).toBe(false);
    expect(P.isDue(item, T0 + 2 * DAY)).toBe(true);
    expect(P.quizAttempts('lesson-02')).toEqual([]);
  });

  it('saves and loads exercise answers, latest save wins', () => {
    expect(P.loadExerciseAnswers('lesson-01')).toBeNull();
    P.saveExerciseAnswers('lesson-01', ['a', 'b', 'c']);
    P.saveExerciseAnswers('lesson-01', ['a', 'b', 'd']);
    expect(P.loadExerciseAnswers('lesson-01')).toEqual(['a', 'b', 'd']);
    expect(() => P.saveExerciseAnswers('lesson-01', [1 as unknown as string])).toThrow(TypeError);
    expect(() => P.saveExerciseAnswers('constructor', ['x'])).not.toThrow();
    expect(P.loadExerciseAnswers('hasOwnProperty')).toBeNull();
  });

  it('notifies subscribers of local changes until unsubscribed', () => {
    const fn = vi.fn();
    const off = P.subscribe(fn);
    P.recordQuizAttempt(attempt('a1'));
    expect(fn).toHaveBeenCalledTimes(1);
    off();
    P.recordQuizAttempt(attempt('a2'));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('unusable storage: works in memory and says so', () => {
  it('localStorage missing', () => {
    P.configureStorage(() => null);
    P.recordQuizAttempt(attempt('a1'));
    expect(P.getStorageStatus()).toBe('memory-only');
    expect(P.quizAttempts()).toHaveLength(1);
    expect(P.reviewItem('lesson-01')).not.toBeNull();
  });

  it('accessing localStorage throws (sandboxed iframe)', () => {
    P.configureStorage(() => { throw new DOMException('no', 'SecurityError'); });
    P.recordQuizAttempt(attempt('a1'));
    expect(P.getStorageStatus()).toBe('memory-only');
    expect(P.quizAttempts()).toHaveLength(1);
  });

  it('reads throw', () => {
    s.throwOnRead = true;
    P.recordQuizAttempt(attempt('a1'));
    expect(P.getStorageStatus()).toBe('memory-only');
    expect(P.quizAttempts()).toHaveLength(1);
  });

  it('writes throw (disabled)', () => {
    s.throwOnWrite = true;
    P.recordQuizAttempt(attempt('a1'));
    expect(P.getStorageStatus()).toBe('memory-only');
    expect(P.quizAttempts()).toHaveLength(1);
    expect(s.map.size).toBe(0);
  });

  it('quota exceeded: stored progress is loaded and never lost, new progress kept in memory', () => {
    P.recordQuizAttempt(attempt('a1'));
    const before = s.map.get(P.PROGRESS_KEY)!;
    P.configureStorage(() => s);
    s.quota = before.length + P.PROGRESS_KEY.length + 5;
    P.recordQuizAttempt(attempt('a2', { answers: Array.from({ length: 50 }, (_, i) => ({ questionId: `q${i}`, chosen: 1, correct: true })), score: 2 }));
    expect(P.getStorageStatus()).toBe('memory-only');
    expect(P.quizAttempts().map((a) => a.id).sort()).toEqual(['a1', 'a2']);
    expect(s.map.get(P.PROGRESS_KEY)).toBe(before);
  });
});

describe('corrupt, old and hostile data', () => {
  it('corrupt JSON is moved to a backup key, the widget starts clean, backups are never overwritten', () => {
    s.map.set(P.PROGRESS_KEY, '{"v":2,"data":{"attempts":[');
    expect(P.getStorageStatus()).toBe('recovered');
    expect(P.quizAttempts()).toEqual([]);
    const [[key, val]] = s.backups();
    expect(val).toBe('{"v":2,"data":{"attempts":[');
    expect(P.recoveredBackupKey()).toBe(key);
    P.recordQuizAttempt(attempt('a1'));
    expect(stored(s).data.attempts).toHaveLength(1);

    // A second corruption at the same instant gets its own key.
    s.map.set(P.PROGRESS_KEY, 'garbage');
    P.configureStorage(() => s);
    expect(P.getStorageStatus()).toBe('recovered');
    const backups = s.backups();
    expect(backups).toHaveLength(2);
    expect(backups.map(([, v]) => v).sort()).toEqual(['{"v":2,"data":{"attempts":[', 'garbage'].sort());
  });

  it('partly invalid data: the valid records are kept, the original is backed up', () => {
    P.recordQuizAttempt(attempt('good'));
    const env = stored(s);
    env.data.attempts.push({ id: 'bad', lesson: 'lesson-01', score: 'lots' });
    env.data.reviews['not a lesson!'] = { nonsense: true };
    const raw = JSON.stringify(env);
    s.map.set(P.PROGRESS_KEY, raw);
    P.configureStorage(() => s);
    expect(P.getStorageStatus()).toBe('recovered');
    expect(P.quizAttempts().map((a) => a.id)).toEqual(['good']);
    expect(P.reviewItem('lesson-01')).not.toBeNull();
    expect(s.backups()[0][1]).toBe(raw);
    expect(stored(s).data.attempts).toHaveLength(1);
  });

  it('corrupt data that cannot be backed up (storage full) is never overwritten', () => {
    s.map.set(P.PROGRESS_KEY, '{"broken":');
    s.quota = 20;
    P.recordQuizAttempt(attempt('a1'));
    expect(P.getStorageStatus()).toBe('memory-only');
    expect(s.map.get(P.PROGRESS_KEY)).toBe('{"broken":');
    expect(P.quizAttempts()).toHaveLength(1);
  });

  it('unknown future version is kept aside and the widget starts clean', () => {
    const raw = JSON.stringify({ v: 99, data: { whatever: [1, 2, 3] } });
    s.map.set(P.PROGRESS_KEY, raw);
    expect(P.getStorageStatus()).toBe('recovered');
    expect(P.reviewItems()).toEqual([]);
    expect(s.backups()[0][1]).toBe(raw);
  });

  it('migrates version 1 (no review items) to the current version', () => {
    const a1 = attempt('old-1', { finishedAt: new Date(T0 - 5 * DAY).toISOString(), startedAt: new Date(T0 - 5 * DAY - 1000).toISOString() });
    const a2 = attempt('old-2', { finishedAt: new Date(T0 - 3 * DAY).toISOString() });
    s.map.set(P.PROGRESS_KEY, JSON.stringify({ v: 1, data: { attempts: [a2, a1], exercises: { 'lesson-01': ['x', 'y', 'z'] } } }));
    expect(P.getStorageStatus()).toBe('ok');
    expect(P.quizAttempts().map((a) => a.id)).toEqual(['old-1', 'old-2']);
    expect(P.loadExerciseAnswers('lesson-01')).toEqual(['x', 'y', 'z']);
    const item = P.reviewItem('lesson-01')!;
    expect(item.due).toBe(new Date(T0 - 3 * DAY).toISOString());
    expect(P.isDue(item)).toBe(true);
    expect(stored(s).v).toBe(P.CURRENT_VERSION);
    expect(s.backups()).toEqual([]);
  });

  it('hostile JSON does not pollute prototypes or crash', () => {
    const hostile = '{"v":2,"data":{"attempts":[{"__proto__":{"polluted":true},"id":"x"}],' +
      '"reviews":{"__proto__":{"polluted":true},"constructor":{"lesson":"constructor"}},' +
      '"exercises":{"toString":{"todos":["' + 'A'.repeat(5000) + '"],"savedAt":"2025-01-01T00:00:00Z"}},' +
      '"logs":"nope"}}';
    s.map.set(P.PROGRESS_KEY, hostile);
    expect(P.getStorageStatus()).toBe('recovered');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(P.reviewItems()).toEqual([]);
    expect(P.loadExerciseAnswers('toString')).toBeNull();
    // Deep nesting and non-object roots.
    for (const raw of ['['.repeat(100000), 'null', '42', '"str"', '{"v":"2","data":{}}', '{"v":2}']) {
      s.map.set(P.PROGRESS_KEY, raw);
      P.configureStorage(() => s);
      expect(P.getStorageStatus()).toBe('recovered');
      expect(P.quizAttempts()).toEqual([]);
    }
  });
});

describe('two tabs', () => {
  async function freshModule(): Promise<typeof P> {
    vi.resetModules();
    return import('./progress');
  }

  it('concurrent writes from two tabs keep both attempts', async () => {
    const tabA = await freshModule();
    const tabB = await freshModule();
    tabA.configureStorage(() => s);
    tabB.configureStorage(() => s);
    expect(tabA.quizAttempts()).toEqual([]);
    expect(tabB.quizAttempts()).toEqual([]);       // both tabs have read the empty state
    tabA.recordQuizAttempt(attempt('from-a'));
    tabB.recordQuizAttempt(attempt('from-b'));      // B's cache is stale, but writes are read-merge-write
    tabA.recordQuizAttempt(attempt('from-a-2'));
    expect(stored(s).data.attempts.map((a: P.QuizAttempt) => a.id).sort()).toEqual(['from-a', 'from-a-2', 'from-b']);
    expect(tabB.quizAttempts()).toHaveLength(3);
  });

  it('a storage event merges and writes back what the other tab lost', async () => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    try {
      const tabA = await freshModule();
      tabA.configureStorage(() => s);
      const seen = vi.fn();
      tabA.subscribe(seen);
      tabA.recordQuizAttempt(attempt('from-a'));
      // The other tab raced and wrote a state without A's attempt.
      const other = await freshModule();
      const s2 = new StubStorage();
      other.configureStorage(() => s2);
      other.recordQuizAttempt(attempt('from-b'));
      s.map.set(P.PROGRESS_KEY, s2.map.get(P.PROGRESS_KEY)!);
      win.dispatchEvent(Object.assign(new Event('storage'), { key: P.PROGRESS_KEY }));
      expect(seen).toHaveBeenCalledTimes(2);
      expect(tabA.quizAttempts().map((a) => a.id).sort()).toEqual(['from-a', 'from-b']);
      expect(stored(s).data.attempts.map((a: P.QuizAttempt) => a.id).sort()).toEqual(['from-a', 'from-b']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('merging review items keeps the one with the latest review, and both review logs', async () => {
    P.recordQuizAttempt(attempt('a1'));
    const tabA = await freshModule();
    const tabB = await freshModule();
    tabA.configureStorage(() => s);
    tabB.configureStorage(() => s);
    vi.setSystemTime(T0 + 2 * DAY);
    expect(tabB.reviewItem('lesson-01')!.lastReview).toBeNull();
    tabA.recordReview({ lesson: 'lesson-01', rating: 'again', quizScore: 0, quizTotal: 2, recallCorrect: 0, recallTotal: 3 });
    vi.setSystemTime(T0 + 2 * DAY + 60_000);
    const b = tabB.recordReview({ lesson: 'lesson-01', rating: 'easy', quizScore: 2, quizTotal: 2, recallCorrect: 3, recallTotal: 3 });
    expect(tabA.reviewItem('lesson-01')).toEqual(b);
    expect(tabA.reviewLogs('lesson-01').map((l) => l.rating)).toEqual(['again', 'easy']);
  });
});

describe('export and import', () => {
  it('export then import into a fresh profile restores everything', () => {
    P.recordQuizAttempt(attempt('a1'));
    P.saveExerciseAnswers('lesson-01', ['s', 'm', 'w']);
    vi.setSystemTime(T0 + 2 * DAY);
    P.recordReview({ lesson: 'lesson-01', rating: 'good', quizScore: 2, quizTotal: 2, recallCorrect: 2, recallTotal: 3 });
    const json = P.exportProgress();
    const before = { attempts: P.quizAttempts(), items: P.reviewItems(), logs: P.reviewLogs(), ex: P.loadExerciseAnswers('lesson-01') };

    const fresh = new StubStorage();
    P.configureStorage(() => fresh);
    expect(P.quizAttempts()).toEqual([]);
    expect(P.importProgress(json)).toEqual({ ok: true, added: 4 });
    expect({ attempts: P.quizAttempts(), items: P.reviewItems(), logs: P.reviewLogs(), ex: P.loadExerciseAnswers('lesson-01') }).toEqual(before);
    expect(P.importProgress(json)).toEqual({ ok: true, added: 0 });
  });

  it('import merges instead of wiping', () => {
    P.recordQuizAttempt(attempt('mine'));
    const other = JSON.stringify({ format: P.EXPORT_FORMAT, v: 2, data: { attempts: [attempt('theirs', { lesson: 'lesson-02' })], exercises: {}, reviews: {}, logs: [] } });
    expect(P.importProgress(other)).toEqual({ ok: true, added: 1 });
    expect(P.quizAttempts().map((a) => a.id).sort()).toEqual(['mine', 'theirs']);
  });

  it('refuses invalid files without touching progress', () => {
    P.recordQuizAttempt(attempt('mine'));
    const before = s.map.get(P.PROGRESS_KEY);
    expect(P.importProgress('not json')).toEqual({ ok: false, error: 'not-json' });
    expect(P.importProgress('{"format":"something-else","v":2,"data":{}}')).toEqual({ ok: false, error: 'not-progress' });
    expect(P.importProgress('{"v":7,"data":{}}')).toEqual({ ok: false, error: 'unknown-version' });
    expect(P.importProgress('{"v":2,"data":{"attempts":[{"id":1}]}}')).toEqual({ ok: false, error: 'invalid-records' });
    expect(s.map.get(P.PROGRESS_KEY)).toBe(before);
    expect(s.backups()).toEqual([]);
  });
});

describe('scheduling with ts-fsrs', () => {
  it('suggests a rating from quiz score and recall', () => {
    const r = (quizScore: number, recallCorrect: number) => P.suggestRating({ quizScore, quizTotal: 5, recallCorrect, recallTotal: 3 });
    expect(r(5, 3)).toBe('easy');
    expect(r(4, 3)).toBe('good');
    expect(r(3, 3)).toBe('hard');
    expect(r(5, 2)).toBe('hard');
    expect(r(5, 0)).toBe('again');
    expect(r(2, 3)).toBe('again');
    expect(P.suggestRating({ quizScore: 4, quizTotal: 5, recallCorrect: 0, recallTotal: 0 })).toBe('good');
    expect(P.suggestRating({ quizScore: 0, quizTotal: 0, recallCorrect: 3, recallTotal: 3 })).toBe('easy');
    expect(P.suggestRating({ quizScore: 0, quizTotal: 0, recallCorrect: 0, recallTotal: 0 })).toBe('good');
  });

  it('the rating schedules the next review, later for better ratings', () => {
    P.recordQuizAttempt(attempt('a1'));
    const at = T0 + 2 * DAY;
    vi.setSystemTime(at);
    const preview = P.previewSchedule('lesson-01')!;
    const t = P.RATINGS.map((r) => Date.parse(preview[r]));
    expect(t[0]).toBeGreaterThan(at);
    for (let i = 1; i < 4; i++) expect(t[i]).toBeGreaterThanOrEqual(t[i - 1]);
    expect(t[3]).toBeGreaterThan(t[0]);

    const item = P.recordReview({ lesson: 'lesson-01', rating: 'good', suggested: 'hard', quizScore: 4, quizTotal: 5, recallCorrect: 3, recallTotal: 3 });
    expect(item.due).toBe(preview.good);
    expect(item.lastRating).toBe('good');
    expect(item.lastReview).toBe(new Date(at).toISOString());
    expect(P.isDue(item)).toBe(false);
    const [log] = P.reviewLogs('lesson-01');
    expect(log).toMatchObject({ rating: 'good', suggested: 'hard', quizScore: 4, due: item.due });

    // Second review after it comes due: the interval grows.
    vi.setSystemTime(Date.parse(item.due));
    const again = P.recordReview({ lesson: 'lesson-01', rating: 'good', quizScore: 5, quizTotal: 5, recallCorrect: 3, recallTotal: 3 });
    expect(Date.parse(again.due) - Date.parse(item.due)).toBeGreaterThan(Date.parse(item.due) - at);
  });

  it('refuses a review for a lesson without a review item', () => {
    expect(() => P.recordReview({ lesson: 'lesson-09', rating: 'good', quizScore: 1, quizTotal: 1, recallCorrect: 1, recallTotal: 1 })).toThrow();
    expect(P.previewSchedule('lesson-09')).toBeNull();
  });
});
