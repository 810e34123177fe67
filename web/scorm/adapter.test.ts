// @vitest-environment happy-dom
// The adapter against a fake LMS and the real <attn-quiz> (inline bank).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../elements/attn-quiz/attn-quiz';
import type { AttnQuiz } from '../elements/attn-quiz/attn-quiz';
import { configureStorage, quizAttempts, reviewItem } from '../storage/progress';
import { StubStorage } from '../testing/storage';
import { ScormAdapter, durationMs } from './adapter';
import { FakeLms } from './fake-lms';
import { resetNotice } from './notice';

const N = 5;
const BANK = {
  id: 'unit-bank', version: 2,
  lesson: { 'zh-CN': '测试课', en: 'Test lesson' },
  questions: Array.from({ length: N }, (_, i) => ({
    id: `q${i}`, section: '1',
    prompt: { 'zh-CN': `问题 ${i}`, en: `Question ${i}` },
    options: [0, 1, 2, 3].map((k) => ({ 'zh-CN': `选项 ${k}`, en: `option ${k}` })),
    answer: i % 4,
    explanation: { 'zh-CN': '解释', en: 'Why' },
  })),
  open: [],
};

/** Every adapter has found its quiz, and every quiz shows its current state (its update, and the events it sends then, are done). */
const flush = async () => {
  await Promise.all(adapters.map((a) => a.ready));
  await Promise.all(Array.from(document.querySelectorAll<AttnQuiz>('attn-quiz'), (q) => q.updateComplete));
};

let storage: StubStorage;
let adapters: ScormAdapter[] = [];

async function launch(api: FakeLms): Promise<{ quiz: AttnQuiz; adapter: ScormAdapter }> {
  document.body.innerHTML = `<main><attn-quiz lang="en" lesson="unit-lesson"><script type="application/json">${JSON.stringify(BANK)}</script></attn-quiz>
    <attn-quiz lang="en" items="open" lesson="unit-lesson"><script type="application/json">${JSON.stringify(BANK)}</script></attn-quiz></main>`;
  const adapter = new ScormAdapter(api, document);
  adapters.push(adapter);
  adapter.start();
  await flush();
  return { quiz: document.querySelector('attn-quiz')!, adapter };
}

/** Answers question `id` (bank order index) with option `o`. */
function answer(quiz: AttnQuiz, qi: number, o: number): void {
  const pos = quiz.order.indexOf(`q${qi}`);
  quiz.shadowRoot!.querySelector<HTMLElement>(`#q-${pos} [role="radio"][data-o="${o}"]`)!.click();
}

const notice = () => document.querySelector('[data-scorm-notice]');

beforeEach(() => {
  storage = new StubStorage();
  configureStorage(() => storage);
  resetNotice();
  document.documentElement.setAttribute('lang', 'en');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  for (const a of adapters) { a.finish(); a.dispose(); }
  adapters = [];
  document.body.innerHTML = '';
  configureStorage(null);
  vi.restoreAllMocks();
});

describe('ScormAdapter', () => {
  it('initialises, marks the lesson incomplete, records each answer as an interaction and commits', async () => {
    const api = new FakeLms();
    const { quiz, adapter } = await launch(api);
    expect(api.initialized).toBe(true);
    expect(api.values.get('cmi.core.lesson_status')).toBe('incomplete');
    const commits = api.commits;
    answer(quiz, 0, 0);                       // right (answer 0)
    answer(quiz, 1, 3);                       // wrong (answer 1)
    await flush();
    const v = api.values;
    expect(v.get('cmi.interactions.0.id')).toBe('q0');
    expect(v.get('cmi.interactions.0.type')).toBe('choice');
    expect(v.get('cmi.interactions.0.student_response')).toBe('a');
    expect(v.get('cmi.interactions.0.correct_responses.0.pattern')).toBe('a');
    expect(v.get('cmi.interactions.0.result')).toBe('correct');
    expect(v.get('cmi.interactions.0.latency')).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
    expect(v.get('cmi.interactions.0.time')).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(v.get('cmi.interactions.1.id')).toBe('q1');
    expect(v.get('cmi.interactions.1.student_response')).toBe('d');
    expect(v.get('cmi.interactions.1.correct_responses.0.pattern')).toBe('b');
    expect(v.get('cmi.interactions.1.result')).toBe('wrong');
    expect(api.commits).toBeGreaterThanOrEqual(commits + 2);
    expect(v.get('cmi.core.session_time')).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
    expect(v.has('cmi.core.score.raw')).toBe(false);
    const suspend = v.get('cmi.suspend_data')!;
    expect(suspend.length).toBeGreaterThan(0);
    expect(suspend.length).toBeLessThanOrEqual(4096);
    expect(adapter.status).toMatchObject({ saving: true, interactions: 2 });
    expect(notice()).toBeNull();
  });

  it('scores the finished quiz in percent, passed or failed against the mastery score; the best attempt counts', async () => {
    const api = new FakeLms();
    const { quiz } = await launch(api);
    for (let i = 0; i < N; i++) answer(quiz, i, i === 4 ? 1 : i % 4);   // 4 of 5 right
    await flush();
    expect(api.values.get('cmi.core.score.raw')).toBe('80');
    expect(api.values.get('cmi.core.score.min')).toBe('0');
    expect(api.values.get('cmi.core.score.max')).toBe('100');
    expect(api.values.get('cmi.core.lesson_status')).toBe('passed');
    // A worse retake does not lower the grade.
    quiz.retake();
    await flush();
    for (let i = 0; i < N; i++) answer(quiz, i, (i % 4 + 1) % 4);
    await flush();
    expect(api.values.get('cmi.interactions.9.result')).toBe('wrong');
    expect(api.values.get('cmi.core.score.raw')).toBe('80');
    expect(api.values.get('cmi.core.lesson_status')).toBe('passed');
  });

  it('uses the LMS mastery score, and fails below it', async () => {
    const api = new FakeLms();
    api.values.set('cmi.student_data.mastery_score', '90');
    const { quiz } = await launch(api);
    for (let i = 0; i < N; i++) answer(quiz, i, i === 4 ? 1 : i % 4);
    await flush();
    expect(api.values.get('cmi.core.lesson_status')).toBe('failed');
  });

  it('does not downgrade a result the LMS already holds', async () => {
    const api = new FakeLms();
    api.values.set('cmi.core.lesson_status', 'passed');
    await launch(api);
    expect(api.values.get('cmi.core.lesson_status')).toBe('passed');
  });

  it('restores the locked answers and the review state on the next launch, from suspend_data alone', async () => {
    const api = new FakeLms();
    const first = await launch(api);
    for (let i = 0; i < N; i++) answer(first.quiz, i, i % 4);
    await flush();
    const order = first.quiz.order;
    const optionOrder = first.quiz.optionOrder;
    expect(reviewItem('unit-lesson')).not.toBeNull();
    first.adapter.finish();
    expect(api.finished).toBe(true);
    expect(api.values.get('cmi.core.exit')).toBe('suspend');

    // Another computer: empty local storage; the LMS keeps its values.
    storage = new StubStorage();
    configureStorage(() => storage);
    resetNotice();
    const api2 = new FakeLms();
    for (const [k, v] of api.values) api2.values.set(k, v);
    const second = await launch(api2);
    expect(second.adapter.status.resumed).toBe('restored');
    expect(second.quiz.order).toEqual(order);
    expect(second.quiz.optionOrder).toEqual(optionOrder);
    expect(second.quiz.answered).toBe(N);
    expect(second.quiz.score).toBe(N);
    expect(second.quiz.complete).toBe(true);
    expect(reviewItem('unit-lesson')).not.toBeNull();
    expect(quizAttempts('unit-lesson')).toHaveLength(1);
    // Interactions go on from the LMS's count.
    expect(second.adapter.status.interactions).toBe(N);
    expect(api2.values.get('cmi.core.lesson_status')).toBe('passed');
  });

  it('restores a half-done quiz, and the learner finishes it', async () => {
    const api = new FakeLms();
    const first = await launch(api);
    answer(first.quiz, 2, 2);
    answer(first.quiz, 3, 0);
    await flush();
    first.adapter.finish();
    const api2 = new FakeLms();
    for (const [k, v] of api.values) api2.values.set(k, v);
    const { quiz } = await launch(api2);
    expect(quiz.answered).toBe(2);
    expect(quiz.score).toBe(1);
    for (const i of [0, 1, 4]) answer(quiz, i, i % 4);
    await flush();
    expect(quiz.complete).toBe(true);
    expect(api2.values.get('cmi.core.score.raw')).toBe('80');
    expect(api2.values.get('cmi.interactions.4.id')).toBe('q4');
  });

  it('corrupt or too long suspend_data is ignored: the quiz starts fresh, local progress is kept', async () => {
    for (const [data, why] of [['{"v":1,"l":"unit-lesson","b":"unit-bank","n":2,"q":[1,2', 'ignored-corrupt'], ['x'.repeat(5000), 'ignored-too-long']] as const) {
      storage.map.clear();
      configureStorage(() => storage);
      const api = new FakeLms();
      api.values.set('cmi.suspend_data', data);
      const { quiz, adapter } = await launch(api);
      expect(adapter.status.resumed).toBe(why);
      expect(quiz.answered).toBe(0);
      for (let i = 0; i < N; i++) answer(quiz, i, i % 4);
      await flush();
      expect(quizAttempts('unit-lesson')).toHaveLength(1);
      expect(api.values.get('cmi.suspend_data')!.startsWith('{"v":1')).toBe(true);
      expect(notice()).toBeNull();
      adapter.finish();
      document.body.innerHTML = '';
    }
  });

  it('LMSSetValue returning "false" with 405: retried once, then the notice; the learner finishes and the attempt is kept locally', async () => {
    const api = new FakeLms();
    const { quiz, adapter } = await launch(api);
    api.failCode = '405';
    api.LMSSetValue = function (this: FakeLms, el: string) { this.calls.push(`LMSSetValue ${el}`); this.lastError = '405'; return 'false'; };
    answer(quiz, 0, 0);
    await flush();
    expect(api.calls.filter((c) => c === 'LMSSetValue cmi.interactions.0.id')).toHaveLength(2);
    expect(adapter.status.saving).toBe(false);
    expect(adapter.status.failures[0]).toMatchObject({ code: '405', message: 'Incorrect Data Type' });
    const n = notice();
    expect(n?.getAttribute('role')).toBe('status');
    expect(n?.textContent).toContain('did not save');
    for (let i = 1; i < N; i++) answer(quiz, i, i % 4);
    await flush();
    expect(quiz.complete).toBe(true);
    expect(quizAttempts('unit-lesson')).toHaveLength(1);
    // The notice follows the page language.
    document.documentElement.setAttribute('lang', 'zh-CN');
    document.dispatchEvent(new CustomEvent('attention-lab:langchange'));
    expect(notice()?.textContent).toContain('没有保存');
    // and can be dismissed
    notice()!.querySelector('button')!.click();
    expect(notice()).toBeNull();
  });

  it('an API that throws: no exception reaches the page, the notice shows, the quiz works', async () => {
    const api = new FakeLms();
    api.throwAll = true;
    const errors: unknown[] = [];
    window.addEventListener('error', (e) => errors.push(e));
    const { quiz, adapter } = await launch(api);
    expect(adapter.status.initialized).toBe(false);
    expect(notice()).not.toBeNull();
    for (let i = 0; i < N; i++) answer(quiz, i, i % 4);
    await flush();
    expect(quiz.complete).toBe(true);
    expect(quizAttempts('unit-lesson')).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('an LMS without interactions (401) still gets the score, and no notice', async () => {
    const api = new FakeLms();
    api.notImplemented = /^cmi\.interactions/;
    const { quiz, adapter } = await launch(api);
    for (let i = 0; i < N; i++) answer(quiz, i, i % 4);
    await flush();
    expect(api.values.get('cmi.core.score.raw')).toBe('100');
    expect(api.calls.some((c) => c.startsWith('LMSSetValue cmi.interactions'))).toBe(false);
    expect(adapter.status.saving).toBe(true);
    expect(notice()).toBeNull();
  });

  it('pagehide finishes the session once', async () => {
    const api = new FakeLms();
    await launch(api);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));
    expect(api.calls.filter((c) => c === 'LMSFinish')).toHaveLength(1);
    expect(api.values.get('cmi.core.session_time')).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
  });

  it('a page back from the back/forward cache starts a new LMS session', async () => {
    const api = new FakeLms();
    const { quiz, adapter } = await launch(api);
    window.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    expect(adapter.status.finished).toBe(true);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(adapter.status.finished).toBe(true);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(adapter.status.finished).toBe(false);
    expect(api.calls.filter((c) => c === 'LMSInitialize')).toHaveLength(2);
    answer(quiz, 0, 0);
    await flush();
    expect(api.values.get('cmi.interactions.0.id')).toBe('q0');
  });

  it('a quiz that breaks while the adapter waits for it: the notice, no unhandled rejection', async () => {
    const api = new FakeLms();
    const rejections: unknown[] = [];
    const onRejection = (e: unknown) => rejections.push(e);
    process.on('unhandledRejection', onRejection);
    try {
      document.body.innerHTML = `<main><attn-quiz lang="en" lesson="unit-lesson"><script type="application/json">${JSON.stringify(BANK)}</script></attn-quiz></main>`;
      Object.defineProperty(document.querySelector('attn-quiz')!, 'state', { get() { throw new Error('broken quiz'); } });
      const adapter = new ScormAdapter(api, document);
      adapters.push(adapter);
      adapter.start();
      await adapter.ready;
      await new Promise((ok) => setTimeout(ok, 0));
      expect(rejections).toEqual([]);
      expect(adapter.status.saving).toBe(false);
      expect(notice()).not.toBeNull();
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('reads the quiz events\' durations', () => {
    expect(durationMs('PT12.3S')).toBe(12_300);
    expect(durationMs('PT0S')).toBe(0);
    expect(durationMs('nonsense')).toBe(0);
  });
});

describe('<attn-quiz>.restoreAttempt', () => {
  it('refuses what does not fit the bank, changing nothing', async () => {
    const { quiz } = await launch(new FakeLms());
    const order = quiz.order;
    const ok = { id: 'x', startedAt: 1, order: [0, 1, 2, 3, 4], options: BANK.questions.map(() => [0, 1, 2, 3]), chosen: [null, 1, null, null, null] };
    for (const bad of [
      { ...ok, order: [0, 1, 2, 3] }, { ...ok, order: [0, 0, 1, 2, 3] }, { ...ok, options: ok.options.slice(1) },
      { ...ok, options: ok.options.map(() => [0, 1, 2, 2]) }, { ...ok, chosen: [null, 7, null, null, null] },
      { ...ok, chosen: [null] }, { ...ok, id: '' }, { ...ok, startedAt: Number.NaN },
    ]) {
      expect(quiz.restoreAttempt(bad)).toBe(false);
      expect(quiz.order).toEqual(order);
      expect(quiz.answered).toBe(0);
    }
    expect(quiz.restoreAttempt(ok)).toBe(true);
    await flush();
    expect(quiz.order).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
    expect(quiz.answered).toBe(1);
    expect(quiz.shadowRoot!.querySelector('#q-1 [role="radio"][aria-checked="true"]')?.getAttribute('data-o')).toBe('1');
  });
});
