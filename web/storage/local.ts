// The one place that holds localStorage: the name of every key the site
// writes, the backing Storage (swappable for tests and embedders), and guarded
// access, because storage throws in sandboxed frames, in some private modes
// and when full. The progress store (progress.ts) keeps its versioned envelope
// under PROGRESS_KEY; small preferences (the page language) have their own
// keys and are read and written as plain strings here.

export const STORAGE_NAMESPACE = 'attention-lab';
/** Key of the progress envelope `{v, data}` (progress.ts). */
export const PROGRESS_KEY = `${STORAGE_NAMESPACE}:progress`;
/** Prefix of backup keys: corrupt or unknown data is copied to `${BACKUP_PREFIX}<ISO time>[-n]`, never overwritten. */
export const BACKUP_PREFIX = `${STORAGE_NAMESPACE}:backup:`;
/** Written and removed to find out whether storage works. */
export const PROBE_KEY = `${STORAGE_NAMESPACE}:probe`;
/** The page language chosen with the switch (web/i18n/lang.ts). */
export const LANG_KEY = `${STORAGE_NAMESPACE}:lang`;

/** The cmi5 AU's outbox of xAPI statements (lms-queue.ts). */
export const LMS_QUEUE_KEY = `${STORAGE_NAMESPACE}:lms-queue`;

/** Preferences: one plain string each, outside the progress envelope. */
export const PREFERENCE_KEYS = { lang: LANG_KEY } as const;
export type Preference = keyof typeof PREFERENCE_KEYS;

let getStorage: () => Storage | null | undefined = () => globalThis.localStorage;

/** Where everything is stored (null = nowhere: memory only). progress.ts's configureStorage() calls this. */
export function setBackingStorage(getter: (() => Storage | null | undefined) | null): void {
  getStorage = getter ?? (() => globalThis.localStorage);
}

/** The backing Storage, or null when there is none or merely asking throws. */
export function backingStorage(): Storage | null {
  try { return getStorage() ?? null; } catch { return null; }
}

/** Whether a write and a removal work (false in sandboxed frames, some private modes, when full). */
export function probe(s: Storage | null = backingStorage()): boolean {
  if (!s) return false;
  try { s.setItem(PROBE_KEY, '1'); s.removeItem(PROBE_KEY); return true; } catch { return false; }
}

/** A stored preference, or null when there is none or storage cannot be read. */
export function readPreference(name: Preference): string | null {
  try { return backingStorage()?.getItem(PREFERENCE_KEYS[name]) ?? null; } catch { return null; }
}

/** Stores a preference; false when storage refused it (it still holds for this visit, wherever the caller keeps it). */
export function writePreference(name: Preference, value: string): boolean {
  try {
    const s = backingStorage();
    if (!s) return true; // no storage at all: nothing to refuse (as before: localStorage?.setItem)
    s.setItem(PREFERENCE_KEYS[name], value);
    return true;
  } catch {
    return false;
  }
}
