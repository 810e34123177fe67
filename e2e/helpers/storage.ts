// localStorage seeding for the browser tests: valid progress envelopes (the
// format of web/storage/progress.ts) and a way to put anything at all into
// the origin's storage before a page loads.
import type { Page } from '@playwright/test';

export const NS = 'attention-lab';
export const PROGRESS_KEY = `${NS}:progress`;
export const LANG_KEY = `${NS}:lang`;

/** A finished quiz attempt that the storage module accepts. */
export function attempt(id: string, lesson = 'lesson-01', finishedAt = '2026-11-20T10:00:00.000Z') {
  return {
    id, lesson, bankId: lesson, bankVersion: 1,
    startedAt: '2026-11-20T09:50:00.000Z', finishedAt,
    answers: [{ questionId: 'q1', chosen: 0, correct: true }, { questionId: 'q2', chosen: 1, correct: false }],
    score: 1, total: 2,
  };
}

/** A review item (FSRS card in its first state) that the storage module accepts. */
export function reviewItem(lesson: string, due: string) {
  return {
    lesson, createdAt: '2026-11-20T10:00:00.000Z', due, lastRating: null, lastReview: null,
    card: { due, stability: 0, difficulty: 0, elapsed_days: 0, scheduled_days: 0, learning_steps: 0, reps: 0, lapses: 0, state: 0, last_review: null },
  };
}

/** A current-version (v2) envelope. */
export function envelope(data: { attempts?: unknown[]; exercises?: Record<string, unknown>; reviews?: Record<string, unknown>; logs?: unknown[] }) {
  return { v: 2, data: { attempts: [], exercises: {}, reviews: {}, logs: [], ...data } };
}

/**
 * Opens a same-origin URL that runs no script of ours, writes `items` (raw
 * strings) into localStorage after clearing it, and leaves the page there.
 * The next `page.goto` sees exactly this storage.
 */
export async function seedStorage(page: Page, items: Record<string, string>): Promise<void> {
  await page.goto('/fixtures/hostile-blank.html');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [k, v] of entries) localStorage.setItem(k, v);
  }, Object.entries(items));
}

/** Everything in localStorage, as raw strings. */
export async function dumpStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ''])));
}

/** Parses the progress envelope currently stored (null when absent). */
export async function storedProgress(page: Page): Promise<{ v: number; data: { attempts: { id: string }[]; exercises: Record<string, { todos: string[] }>; reviews: Record<string, unknown>; logs: unknown[] } } | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), PROGRESS_KEY);
}
