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

/** The SCORM 2004 runtime API (RTE 3.1), `API_1484_11`. Values are strings. */
export interface Scorm2004Api {
  Initialize(arg: ''): string | boolean;
  Terminate(arg: ''): string | boolean;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string | boolean;
  Commit(arg: ''): string | boolean;
  GetLastError(): string | number;
  GetErrorString(code: string): string;
  GetDiagnostic(code: string): string;
}

const FUNCTIONS_2004 = ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit',
  'GetLastError', 'GetErrorString', 'GetDiagnostic'] as const;

function apiOn<T>(w: Window, name: 'API' | 'API_1484_11', functions: readonly string[]): T | null {
  try {
    const api = (w as unknown as Record<string, unknown>)[name];
    if (!api || (typeof api !== 'object' && typeof api !== 'function')) return null;
    for (const f of functions) if (typeof (api as Record<string, unknown>)[f] !== 'function') return null;
    return api as T;
  } catch {
    return null;                              // cross-origin, or a hostile getter
  }
}

function walk<T>(start: Window | null | undefined, name: 'API' | 'API_1484_11', functions: readonly string[]): T | null {
  let w = start ?? null;
  for (let hop = 0; w && hop <= MAX_HOPS; hop++) {
    const api = apiOn<T>(w, name, functions);
    if (api) return api;
    let parent: Window | null = null;
    try { parent = w.parent; } catch { parent = null; }
    if (!parent || parent === w) return null;
    w = parent;
  }
  return null;
}

function find<T>(win: Window, name: 'API' | 'API_1484_11', functions: readonly string[]): T | null {
  const api = walk<T>(win, name, functions);
  if (api) return api;
  const openers: (Window | null)[] = [];
  try { openers.push(win.opener as Window | null); } catch { /* cross-origin */ }
  try { openers.push((win.top?.opener ?? null) as Window | null); } catch { /* cross-origin */ }
  for (const o of openers) {
    const found = o ? walk<T>(o, name, functions) : null;
    if (found) return found;
  }
  return null;
}

/** The LMS's SCORM 1.2 API object, or null outside an LMS. Never throws. */
export function findScormApi(win: Window = window): Scorm12Api | null {
  return find<Scorm12Api>(win, 'API', FUNCTIONS);
}

/** The LMS's SCORM 2004 API object (`API_1484_11`), or null. Never throws. */
export function findScorm2004Api(win: Window = window): Scorm2004Api | null {
  return find<Scorm2004Api>(win, 'API_1484_11', FUNCTIONS_2004);
}

export type FoundApi = { version: '2004'; api: Scorm2004Api } | { version: '1.2'; api: Scorm12Api };

/** SCORM 2004 first (an LMS offering both speaks the newer one), then 1.2; null outside an LMS. */
export function findAnyScormApi(win: Window = window): FoundApi | null {
  const a = findScorm2004Api(win);
  if (a) return { version: '2004', api: a };
  const b = findScormApi(win);
  return b ? { version: '1.2', api: b } : null;
}
