// The cmi5 AU's outbox: xAPI statements not yet accepted by the LRS, in the
// order they were made, and what each registration has already sent
// (completed, passed) so the once-only rules hold across launches. One key,
// `attention-lab:lms-queue`, holding `{v, items, sent}` (current v = 1); every
// read is checked, anything else is treated as empty (never thrown). Memory
// only when storage does not work: the statements then wait until the page closes.
import { backingStorage, LMS_QUEUE_KEY } from './local';

export const LMS_QUEUE_VERSION = 1;
/** At most this many statements wait (oldest kept: order matters more than the newest). */
export const LMS_QUEUE_MAX = 500;

export interface QueuedStatement { endpoint: string; statement: Record<string, unknown> }
export interface LmsQueue {
  items: QueuedStatement[];
  /** registration → verbs this AU has sent (or queued) for it once and only once. */
  sent: Record<string, string[]>;
}

let memory: LmsQueue = { items: [], sent: {} };

function valid(x: unknown): LmsQueue | null {
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  if (o.v !== LMS_QUEUE_VERSION || !Array.isArray(o.items) || typeof o.sent !== 'object' || o.sent === null || Array.isArray(o.sent)) return null;
  const items = o.items.filter((i): i is QueuedStatement => typeof i === 'object' && i !== null
    && typeof (i as QueuedStatement).endpoint === 'string' && typeof (i as QueuedStatement).statement === 'object'
    && (i as QueuedStatement).statement !== null && typeof (i as QueuedStatement).statement.id === 'string');
  const sent: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(o.sent as Record<string, unknown>)) {
    if (Array.isArray(v)) sent[k] = v.filter((s): s is string => typeof s === 'string');
  }
  return { items: items.slice(0, LMS_QUEUE_MAX), sent };
}

/** The outbox as stored (or as held in memory when storage does not work). */
export function readLmsQueue(): LmsQueue {
  let raw: string | null | undefined;
  let s: Storage | null = null;
  try {
    s = backingStorage();
    raw = s?.getItem(LMS_QUEUE_KEY);
  } catch {
    return structuredClone(memory);           // storage throws: what this page holds
  }
  if (raw === null || raw === undefined) return s ? { items: [], sent: {} } : structuredClone(memory);
  try { return valid(JSON.parse(raw)) ?? { items: [], sent: {} }; } catch { return { items: [], sent: {} }; }
}

/** Stores the outbox; false when storage refused it (kept in memory then). */
export function writeLmsQueue(q: LmsQueue): boolean {
  memory = structuredClone({ items: q.items.slice(0, LMS_QUEUE_MAX), sent: q.sent });
  try {
    const s = backingStorage();
    if (!s) return false;
    s.setItem(LMS_QUEUE_KEY, JSON.stringify({ v: LMS_QUEUE_VERSION, items: memory.items, sent: memory.sent }));
    return true;
  } catch {
    return false;
  }
}
