// A guarded SCORM 1.2 session over the LMS's API object. Every call:
// - never throws (an API that throws counts as a failed call);
// - is checked: LMSInitialize/LMSFinish/LMSCommit/LMSSetValue must return
//   "true", LMSGetValue must leave LMSGetLastError at "0";
// - is retried once when it fails, then reported to `onFailure` with the
//   LMS's error code, its LMSGetErrorString and LMSGetDiagnostic.
// Optional data model elements the LMS does not implement (error 401 on
// cmi.interactions.*, for instance) are skipped quietly: SCORM 1.2 lets an
// LMS leave them out, and nothing the learner did is at stake.
import type { Scorm12Api } from './find';

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

/** Elements an LMS may leave unimplemented (401) without the course losing anything the learner needs. */
const OPTIONAL = /^cmi\.(interactions\.|student_data\.|core\.(session_time|exit|lesson_location)$)/;

const isTrue = (r: unknown) => r === true || (typeof r === 'string' && r.trim().toLowerCase() === 'true');

export class LmsSession {
  readonly failures: LmsFailure[] = [];
  #api: Scorm12Api;
  #onFailure: (f: LmsFailure) => void;

  constructor(api: Scorm12Api, onFailure: (f: LmsFailure) => void = () => {}) {
    this.#api = api;
    this.#onFailure = onFailure;
  }

  #lastError(): string {
    try {
      const c = this.#api.LMSGetLastError();
      return c === undefined || c === null ? '' : String(c).trim();
    } catch {
      return '';
    }
  }

  #describe(code: string): { message: string; diagnostic: string } {
    let message = '';
    let diagnostic = '';
    try { message = String(this.#api.LMSGetErrorString(code) ?? ''); } catch { /* keep ours */ }
    try { diagnostic = String(this.#api.LMSGetDiagnostic(code) ?? ''); } catch { /* none */ }
    if (!message) message = ERRORS[code as keyof typeof ERRORS] ?? `LMS error ${code || '(none)'}`;
    return { message: message.slice(0, 500), diagnostic: diagnostic.slice(0, 500) };
  }

  /** One attempt: did it work, what did it return, and if not, why. */
  #once(call: LmsCall, args: string[]): { ok: boolean; value: string; code: string; threw: string | null } {
    let r: unknown;
    try {
      const fn = this.#api[call] as (...a: string[]) => unknown;
      r = fn.apply(this.#api, args);
    } catch (e) {
      let text = 'the LMS API threw';
      try { text = e instanceof Error ? `${e.name}: ${e.message}` : String(e); } catch { /* keep */ }
      return { ok: false, value: '', code: '', threw: text.slice(0, 500) };
    }
    if (call === 'LMSGetValue') {
      const code = this.#lastError();
      const ok = code === '' || code === '0';
      return { ok, value: ok && r !== undefined && r !== null ? String(r) : '', code, threw: null };
    }
    if (isTrue(r)) return { ok: true, value: 'true', code: '0', threw: null };
    return { ok: false, value: '', code: this.#lastError(), threw: null };
  }

  #call(call: LmsCall, args: string[], element?: string): LmsResult {
    let res = this.#once(call, args);
    if (res.ok) return { ok: true, value: res.value };
    const optional = element !== undefined && OPTIONAL.test(element);
    if (res.code === '401' && optional) return { ok: false, value: '' };
    if (res.code !== '401') {                 // "not implemented" stays so: no point asking twice
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
