// SCORM 1.2 API discovery: the only SCORM code on a lesson page outside an
// LMS. It walks window.parent up to the top, then the opener (and the top
// window's opener), a bounded number of hops, and looks for an object named
// `API` with the eight LMS* functions. Reading a property of a cross-origin
// window throws: such a window simply has no API for us.

/** The SCORM 1.2 runtime API an LMS provides (RTE 3.3). Values are strings. */
export interface Scorm12Api {
  LMSInitialize(arg: ''): string | boolean;
  LMSFinish(arg: ''): string | boolean;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string | boolean;
  LMSCommit(arg: ''): string | boolean;
  LMSGetLastError(): string | number;
  LMSGetErrorString(code: string): string;
  LMSGetDiagnostic(code: string): string;
}

/** At most this many parents are walked (ADL's sample uses 7; frames nest deeper in some LMSs). */
export const MAX_HOPS = 10;

const FUNCTIONS = ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit',
  'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic'] as const;

function apiOn(w: Window): Scorm12Api | null {
  try {
    const api = (w as unknown as { API?: unknown }).API;
    if (!api || (typeof api !== 'object' && typeof api !== 'function')) return null;
    for (const f of FUNCTIONS) if (typeof (api as Record<string, unknown>)[f] !== 'function') return null;
    return api as Scorm12Api;
  } catch {
    return null;                              // cross-origin, or a hostile getter
  }
}

function walk(start: Window | null | undefined): Scorm12Api | null {
  let w = start ?? null;
  for (let hop = 0; w && hop <= MAX_HOPS; hop++) {
    const api = apiOn(w);
    if (api) return api;
    let parent: Window | null = null;
    try { parent = w.parent; } catch { parent = null; }
    if (!parent || parent === w) return null;
    w = parent;
  }
  return null;
}

/** The LMS's API object, or null outside an LMS. Never throws. */
export function findScormApi(win: Window = window): Scorm12Api | null {
  const api = walk(win);
  if (api) return api;
  const openers: (Window | null)[] = [];
  try { openers.push(win.opener as Window | null); } catch { /* cross-origin */ }
  try { openers.push((win.top?.opener ?? null) as Window | null); } catch { /* cross-origin */ }
  for (const o of openers) {
    const found = o ? walk(o) : null;
    if (found) return found;
  }
  return null;
}
