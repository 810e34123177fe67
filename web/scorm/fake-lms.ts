// A minimal in-memory SCORM 1.2 API for the unit tests, with faults to order.
import type { Scorm12Api } from './find';

export class FakeLms implements Scorm12Api {
  readonly values = new Map<string, string>([['cmi.core.lesson_status', 'not attempted'], ['cmi.student_data.mastery_score', '80'], ['cmi.suspend_data', '']]);
  readonly calls: string[] = [];
  lastError = '0';
  initialized = false;
  finished = false;
  commits = 0;
  /** Each failing call of these names fails (returns "false" / sets `failCode`) this many more times. */
  failures = new Map<string, number>();
  failCode = '101';
  throwAll = false;
  /** Elements answered with 401 (not implemented). */
  notImplemented = /^$/;

  #fail(name: string): boolean {
    const n = this.failures.get(name) ?? 0;
    if (n <= 0) return false;
    this.failures.set(name, n - 1);
    this.lastError = this.failCode;
    return true;
  }
  #guard(name: string): void {
    this.calls.push(name);
    if (this.throwAll) throw new Error(`${name} exploded`);
  }
  LMSInitialize(): string {
    this.#guard('LMSInitialize');
    if (this.#fail('LMSInitialize')) return 'false';
    this.initialized = true; this.lastError = '0'; return 'true';
  }
  LMSFinish(): string {
    this.#guard('LMSFinish');
    if (this.#fail('LMSFinish')) return 'false';
    this.finished = true; this.lastError = '0'; return 'true';
  }
  LMSCommit(): string {
    this.#guard('LMSCommit');
    if (this.#fail('LMSCommit')) return 'false';
    this.commits++; this.lastError = '0'; return 'true';
  }
  LMSGetValue(el: string): string {
    this.#guard(`LMSGetValue ${el}`);
    if (this.notImplemented.test(el)) { this.lastError = '401'; return ''; }
    if (this.#fail('LMSGetValue')) return '';
    this.lastError = '0';
    if (el === 'cmi.interactions._count') {
      let n = 0;
      while (this.values.has(`cmi.interactions.${n}.id`)) n++;
      return String(n);
    }
    return this.values.get(el) ?? '';
  }
  LMSSetValue(el: string, v: string): string {
    this.#guard(`LMSSetValue ${el}`);
    if (this.notImplemented.test(el)) { this.lastError = '401'; return 'false'; }
    if (this.#fail('LMSSetValue') || this.#fail(`LMSSetValue ${el}`)) return 'false';
    if (el === 'cmi.suspend_data' && v.length > 4096) { this.lastError = '405'; return 'false'; }
    this.values.set(el, v); this.lastError = '0'; return 'true';
  }
  LMSGetLastError(): string { if (this.throwAll) throw new Error('no'); return this.lastError; }
  LMSGetErrorString(code: string): string { return code === '405' ? 'Incorrect Data Type' : `error ${code}`; }
  LMSGetDiagnostic(code: string): string { return `diagnostic ${code}`; }
}
