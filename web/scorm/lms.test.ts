import { describe, expect, it } from 'vitest';
import { cmiTime, cmiTimespan, ERRORS, LmsSession, type LmsFailure } from './lms';
import { FakeLms } from './fake-lms';

function session(api: FakeLms) {
  const seen: LmsFailure[] = [];
  return { lms: new LmsSession(api, (f) => seen.push(f)), seen };
}

describe('LmsSession', () => {
  it('passes calls through and reads values', () => {
    const api = new FakeLms();
    const { lms, seen } = session(api);
    expect(lms.initialize()).toBe(true);
    expect(lms.get('cmi.core.lesson_status')).toEqual({ ok: true, value: 'not attempted' });
    expect(lms.set('cmi.core.lesson_status', 'incomplete')).toBe(true);
    expect(lms.commit()).toBe(true);
    expect(lms.finish()).toBe(true);
    expect(api.values.get('cmi.core.lesson_status')).toBe('incomplete');
    expect(seen).toEqual([]);
  });

  it('accepts boolean true as well as "true"', () => {
    const api = new FakeLms();
    api.LMSCommit = () => true as unknown as string;
    expect(session(api).lms.commit()).toBe(true);
  });

  it('retries a failing call once: a passing retry is no failure', () => {
    const api = new FakeLms();
    const { lms, seen } = session(api);
    api.failures.set('LMSCommit', 1);
    expect(lms.commit()).toBe(true);
    expect(api.calls.filter((c) => c === 'LMSCommit')).toHaveLength(2);
    expect(seen).toEqual([]);
  });

  it('a call failing twice is reported with the LMS code, error string and diagnostic (405)', () => {
    const api = new FakeLms();
    const { lms, seen } = session(api);
    api.failCode = '405';
    api.failures.set('LMSSetValue', 2);
    expect(lms.set('cmi.core.score.raw', 'lots')).toBe(false);
    expect(api.calls.filter((c) => c.startsWith('LMSSetValue'))).toHaveLength(2);
    expect(seen).toEqual([{ call: 'LMSSetValue', element: 'cmi.core.score.raw', code: '405', message: 'Incorrect Data Type', diagnostic: 'diagnostic 405', threw: false }]);
    expect(lms.failures).toEqual(seen);
  });

  it('LMSGetValue fails when LMSGetLastError is not 0', () => {
    const api = new FakeLms();
    const { lms, seen } = session(api);
    api.failCode = '301';
    api.failures.set('LMSGetValue', 2);
    expect(lms.get('cmi.suspend_data')).toEqual({ ok: false, value: '' });
    expect(seen[0]!.code).toBe('301');
  });

  it('an API that throws is a failed call, never an exception', () => {
    const api = new FakeLms();
    api.throwAll = true;
    const { lms, seen } = session(api);
    expect(lms.initialize()).toBe(false);
    expect(lms.get('cmi.core.lesson_status')).toEqual({ ok: false, value: '' });
    expect(lms.set('cmi.suspend_data', 'x')).toBe(false);
    expect(lms.finish()).toBe(false);
    expect(seen).toHaveLength(4);
    expect(seen[0]).toMatchObject({ call: 'LMSInitialize', threw: true, code: '' });
    expect(seen[0]!.message).toContain('LMSInitialize exploded');
    expect(api.calls.filter((c) => c === 'LMSInitialize')).toHaveLength(2);
  });

  it('falls back to our text when LMSGetErrorString says nothing or throws; a throwing listener is contained', () => {
    const api = new FakeLms();
    api.LMSGetErrorString = () => { throw new Error('nope'); };
    api.LMSGetDiagnostic = () => { throw new Error('nope'); };
    api.failCode = '403';
    api.failures.set('LMSSetValue', 2);
    const lms = new LmsSession(api, () => { throw new Error('listener bug'); });
    expect(lms.set('cmi.core.student_id', 'x')).toBe(false);
    expect(lms.failures[0]).toMatchObject({ code: '403', message: ERRORS['403'], diagnostic: '' });
  });

  it('401 on an optional element is skipped quietly and not retried; on a required one it is reported', () => {
    const api = new FakeLms();
    api.notImplemented = /^cmi\.(interactions|suspend_data)/;
    const { lms, seen } = session(api);
    expect(lms.set('cmi.interactions.0.id', 'q1')).toBe(false);
    expect(lms.get('cmi.interactions._count').ok).toBe(false);
    expect(api.calls.filter((c) => c.includes('interactions'))).toHaveLength(2);
    expect(seen).toEqual([]);
    expect(lms.set('cmi.suspend_data', 'x')).toBe(false);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.code).toBe('401');
  });
});

describe('SCORM 1.2 times', () => {
  it('CMITimespan is HHHH:MM:SS.SS', () => {
    expect(cmiTimespan(0)).toBe('0000:00:00.00');
    expect(cmiTimespan(3_205)).toBe('0000:00:03.21');
    expect(cmiTimespan(3_204)).toBe('0000:00:03.20');
    expect(cmiTimespan(((1 * 60 + 2) * 60 + 3) * 1000 + 450)).toBe('0001:02:03.45');
    expect(cmiTimespan(59_999)).toBe('0000:01:00.00');
    expect(cmiTimespan(-5)).toBe('0000:00:00.00');
    expect(cmiTimespan(Number.NaN)).toBe('0000:00:00.00');
    expect(cmiTimespan(1e15)).toBe('9999:59:59.99');
    for (const ms of [0, 1, 999, 61_234, 3_600_000, 123_456_789]) expect(cmiTimespan(ms)).toMatch(/^\d{4}:[0-5]\d:[0-5]\d\.\d\d$/);
  });

  it('CMITime is HH:MM:SS (local clock)', () => {
    expect(cmiTime(new Date(2026, 0, 2, 9, 5, 7).getTime())).toBe('09:05:07');
  });
});
