// The page-wide registry of finished runs: every <attn-train> on the page
// draws the other runs' models as comparison curves, and run ids are unique
// across the page's elements.
import type { Point } from './chart';
import type { ModelName } from './parse';

export interface PastRun { owner: object; model: ModelName; source: string; points: Point[] }

const runs: PastRun[] = [];
const changed = new EventTarget();
let nextId = 1;

/** A run id no element of this page has used. */
export function newRunId(): number {
  return nextId++;
}

/** The finished runs, oldest first. */
export function pastRuns(): readonly PastRun[] {
  return runs;
}

export function addPastRun(run: PastRun): void {
  runs.push(run);
  changed.dispatchEvent(new Event('change'));
}

/** Forgets `owner`'s runs (its Reset). */
export function dropPastRuns(owner: object): void {
  for (let i = runs.length - 1; i >= 0; i--) if (runs[i].owner === owner) runs.splice(i, 1);
  changed.dispatchEvent(new Event('change'));
}

export function hasPastRuns(owner: object): boolean {
  return runs.some((r) => r.owner === owner);
}

/** Calls `listener` whenever a run is added or dropped; returns the unsubscribe. */
export function onPastRunsChange(listener: () => void): () => void {
  changed.addEventListener('change', listener);
  return () => changed.removeEventListener('change', listener);
}
