// A guarded SCORM 1.2 or 2004 session over the LMS's API object (2004 names
// its calls Initialize, Terminate, GetValue, SetValue, Commit). Every call:
// - never throws (an API that throws counts as a failed call);
// - is checked: LMSInitialize/LMSFinish/LMSCommit/LMSSetValue must return
//   "true", LMSGetValue must leave LMSGetLastError at "0";
// - is retried once when it fails, then reported to `onFailure` with the
//   LMS's error code, its LMSGetErrorString and LMSGetDiagnostic.
// Optional data model elements the LMS does not implement (error 401 on
// cmi.interactions.*, for instance) are skipped quietly: SCORM 1.2 lets an
// LMS leave them out, and nothing the learner did is at stake (2004: 401/402;
// its 403, "value not initialized", is an empty value, not a failure).
import type { Scorm12Api, Scorm2004Api } from './find';

/** SCORM 1.2 error codes (RTE 3.3.2). */
export const ERRORS = {
  '0': 'No error',
  '101': 'General exception',
  '201': 'Invalid argument error',
  '202': 'Element cannot have children',
  '203': 'Element not an array – cannot have count',
  '301': 'Not initialized',
  '401': 'Not implemented error',
  '402': 'Invalid set value, element is a keyword',
  '403': 'Element is read only',
  '404': 'Element is write only',
  '405': 'Incorrect data type',
} as const;

/** SCORM 2004 error codes (RTE 3.1.7, 4th edition). */
export const ERRORS_2004 = {
  '0': 'No error', '101': 'General exception', '102': 'General initialization failure',
  '103': 'Already initialized', '104': 'Content instance terminated', '111': 'General termination failure',
  '112': 'Termination before initialization', '113': 'Termination after termination',
  '122': 'Retrieve data before initialization', '123': 'Retrieve data after termination',
  '132': 'Store data before initialization', '133': 'Store data after termination',
  '142': 'Commit before initialization', '143': 'Commit after termination',
  '201': 'General argument error', '301': 'General get failure', '351': 'General set failure',
  '391': 'General commit failure', '401': 'Undefined data model element',
  '402': 'Unimplemented data model element', '403': 'Data model element value not initialized',
  '404': 'Data model element is read only', '405': 'Data model element is write only',
  '406': 'Data model element type mismatch', '407': 'Data model element value out of range',
  '408': 'Data model dependency not established',
} as const;

/** The names an API version gives the five calls and three error functions. */
interface Dialect {
  fn: Record<LmsCall | 'LMSGetLastError' | 'LMSGetErrorString' | 'LMSGetDiagnostic', string>;
  errors: Record<string, string>;
  optional: RegExp;
  /** Codes meaning "this LMS does not have that element". */
  missing: string[];
  /** A GetValue whose element simply has no value yet (2004's 403) is not a failure. */
  empty: string[];
}

const DIALECT_12: Dialect = {
  fn: {
    LMSInitialize: 'LMSInitialize', LMSFinish: 'LMSFinish', LMSGetValue: 'LMSGetValue', LMSSetValue: 'LMSSetValue',
    LMSCommit: 'LMSCommit', LMSGetLastError: 'LMSGetLastError', LMSGetErrorString: 'LMSGetErrorString', LMSGetDiagnostic: 'LMSGetDiagnostic',
  },
  errors: ERRORS,
  optional: /^cmi\.(interactions\.|student_data\.|core\.(session_time|exit|lesson_location)$)/,
  missing: ['401'],
  empty: [],
};

const DIALECT_2004: Dialect = {
  fn: {
    LMSInitialize: 'Initialize', LMSFinish: 'Terminate', LMSGetValue: 'GetValue', LMSSetValue: 'SetValue',
    LMSCommit: 'Commit', LMSGetLastError: 'GetLastError', LMSGetErrorString: 'GetErrorString', LMSGetDiagnostic: 'GetDiagnostic',
  },
  errors: ERRORS_2004,
  optional: /^cmi\.(interactions\.|learner_preference\.|scaled_passing_score$|progress_measure$|session_time$|exit$|location$)/,
  missing: ['401', '402'],
  empty: ['403'],
};

/** The logical call (SCORM 1.2 names; a 2004 session calls Initialize, Terminate, … for them). */
export type LmsCall = 'LMSInitialize' | 'LMSFinish' | 'LMSGetValue' | 'LMSSetValue' | 'LMSCommit';

export interface LmsFailure {
  call: LmsCall;
  element?: string;
  /** The LMS's error code ('' when the API threw or could not say). */
  code: string;
  /** LMSGetErrorString(code), or our text for a known code, or the thrown error's message. */
  message: string;
  diagnostic: string;
  threw: boolean;
}

export interface LmsResult { ok: boolean; value: string }


const isTrue = (r: unknown) => r === true || (typeof r === 'string' && r.trim().toLowerCase() === 'true');

export class LmsSession {
  readonly failures: LmsFailure[] = [];
  #api: Record<string, unknown>;
  #onFailure: (f: LmsFailure) => void;
  #d: Dialect;

  constructor(api: Scorm12Api | Scorm2004Api, onFailure: (f: LmsFailure) => void = () => {}, version: '1.2' | '2004' = '1.2') {
    this.#api = api as unknown as Record<string, unknown>;
    this.#onFailure = onFailure;
    this.#d = version === '2004' ? DIALECT_2004 : DIALECT_12;
  }

  #fn(name: keyof Dialect['fn']): (...a: string[]) => unknown {
    return this.#api[this.#d.fn[name]] as (...a: string[]) => unknown;
  }

  #lastError(): string {
    try {
      const c = this.#fn('LMSGetLastError').call(this.#api);
      return c === undefined || c === null ? '' : String(c).trim();
    } catch {
      return '';
    }
  }

  #describe(code: string): { message: string; diagnostic: string } {
    let message = '';
    let diagnostic = '';
    try { message = String(this.#fn('LMSGetErrorString').call(this.#api, code) ?? ''); } catch { /* keep ours */ }
    try { diagnostic = String(this.#fn('LMSGetDiagnostic').call(this.#api, code) ?? ''); } catch { /* none */ }
    if (!message) message = this.#d.errors[code] ?? `LMS error ${code || '(none)'}`;
    return { message: message.slice(0, 500), diagnostic: diagnostic.slice(0, 500) };
  }

  /** One attempt: did it work, what did it return, and if not, why. */
  #once(call: LmsCall, args: string[]): { ok: boolean; value: string; code: string; threw: string | null } {
    let r: unknown;
    try {
      r = this.#fn(call).apply(this.#api, args);
    } catch (e) {
      let text = 'the LMS API threw';
      try { text = e instanceof Error ? `${e.name}: ${e.message}` : String(e); } catch { /* keep */ }
      return { ok: false, value: '', code: '', threw: text.slice(0, 500) };
    }
    if (call === 'LMSGetValue') {
      const code = this.#lastError();
      if (this.#d.empty.includes(code)) return { ok: true, value: '', code, threw: null };
      const ok = code === '' || code === '0';
      return { ok, value: ok && r !== undefined && r !== null ? String(r) : '', code, threw: null };
    }
    if (isTrue(r)) return { ok: true, value: 'true', code: '0', threw: null };
    return { ok: false, value: '', code: this.#lastError(), threw: null };
  }

  #call(call: LmsCall, args: string[], element?: string): LmsResult {
    let res = this.#once(call, args);
    if (res.ok) return { ok: true, value: res.value };
    const optional = element !== undefined && this.#d.optional.test(element);
    const missing = this.#d.missing.includes(res.code);
    if (missing && optional) return { ok: false, value: '' };
    if (!missing) {                 // "not implemented" stays so: no point asking twice
      res = this.#once(call, args);
      if (res.ok) return { ok: true, value: res.value };
    }
    const failure: LmsFailure = res.threw !== null
      ? { call, element, code: '', message: res.threw, diagnostic: '', threw: true }
      : { call, element, code: res.code, ...this.#describe(res.code), threw: false };
    if (this.failures.length < 50) this.failures.push(failure);
    try { this.#onFailure(failure); } catch { /* a listener's bug is not the LMS's */ }
    return { ok: false, value: '' };
  }

  initialize(): boolean { return this.#call('LMSInitialize', ['']).ok; }
  finish(): boolean { return this.#call('LMSFinish', ['']).ok; }
  commit(): boolean { return this.#call('LMSCommit', ['']).ok; }
  get(element: string): LmsResult { return this.#call('LMSGetValue', [element], element); }
  set(element: string, value: string): boolean { return this.#call('LMSSetValue', [element, value], element).ok; }
}

/** A SCORM 1.2 CMITimespan, `HHHH:MM:SS.SS` (hours capped at 9999:59:59.99). */
export function cmiTimespan(ms: number): string {
  let cs = Number.isFinite(ms) && ms > 0 ? Math.round(ms / 10) : 0;
  cs = Math.min(cs, 9999 * 360_000 + 59 * 6_000 + 59 * 100 + 99);
  const h = Math.floor(cs / 360_000);
  const m = Math.floor((cs % 360_000) / 6_000);
  const s = Math.floor((cs % 6_000) / 100);
  const c = cs % 100;
  const p = (n: number, w: number) => String(n).padStart(w, '0');
  return `${p(h, 4)}:${p(m, 2)}:${p(s, 2)}.${p(c, 2)}`;
}

/** A SCORM 1.2 CMITime (time of day), `HH:MM:SS`, local clock. */
export function cmiTime(t: number): string {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A SCORM 2004 timeinterval (ISO 8601 duration, second precision 0.01), e.g. `PT1H2M3.45S`. */
export function isoTimespan(ms: number): string {
  let cs = Number.isFinite(ms) && ms > 0 ? Math.round(ms / 10) : 0;
  const h = Math.floor(cs / 360_000); cs %= 360_000;
  const m = Math.floor(cs / 6_000); cs %= 6_000;
  const s = (cs / 100).toFixed(2).replace(/\.?0+$/, '');
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}

/** A SCORM 2004 time (second,10,0): ISO 8601 in UTC, at most two decimals of a second, e.g. `2026-01-01T10:00:00.1Z`. */
export function isoTime(t: number): string {
  const d = new Date(Number.isFinite(t) ? t : Date.now());
  return d.toISOString().replace(/(\.\d)\d\dZ$/, '$1Z');
}
