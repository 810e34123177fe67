// @vitest-environment happy-dom
// The adapter with a SCORM 2004 4th edition API from scorm-again (a real
// runtime, its data model checks included) and the real <attn-quiz>.
import * as scormAgain from 'scorm-again/scorm2004';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../elements/attn-quiz/attn-quiz';
import type { AttnQuiz } from '../elements/attn-quiz/attn-quiz';
import { configureStorage, quizAttempts } from '../storage/progress';
import { StubStorage } from '../testing/storage';
import { ScormAdapter } from './adapter';
import type { Scorm2004Api } from './find';
import { findAnyScormApi } from './find';
import { ERRORS_2004, isoTime, isoTimespan } from './lms';
import { resetNotice } from './notice';
import { SUSPEND_LIMIT_2004 } from './suspend';

// The ESM build exports the class by name; its type declarations call it the default export.
const Scorm2004API = (scormAgain as unknown as { Scorm2004API?: typeof scormAgain.default }).Scorm2004API ?? scormAgain.default;

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

let adapters: ScormAdapter[] = [];
const flush = async () => {
  await Promise.all(adapters.map((a) => a.ready));
  await Promise.all(Array.from(document.querySelectorAll<AttnQuiz>('attn-quiz'), (q) => q.updateComplete));
};

type Runtime = InstanceType<typeof Scorm2004API>;
function runtime(saved?: unknown, set: (api: Runtime) => void = () => {}): Runtime {
  const api = new Scorm2004API({ autocommit: false, logLevel: 5 });
  if (saved) api.loadFromJSON(saved as Record<string, unknown>);
  api.cmi.scaled_passing_score = '0.8';
  set(api);
  return api;
}

async function launch(api: Runtime): Promise<{ quiz: AttnQuiz; adapter: ScormAdapter }> {
  document.body.innerHTML = `<main><attn-quiz lang="en" lesson="unit-lesson"><script type="application/json">${JSON.stringify(BANK)}</script></attn-quiz></main>`;
  const adapter = new ScormAdapter(api as unknown as Scorm2004Api, document, '2004');
  adapters.push(adapter);
  adapter.start();
  await flush();
  return { quiz: document.querySelector('attn-quiz')!, adapter };
}

function answer(quiz: AttnQuiz, qi: number, o: number): void {
  const pos = quiz.order.indexOf(`q${qi}`);
  quiz.shadowRoot!.querySelector<HTMLElement>(`#q-${pos} [role="radio"][data-o="${o}"]`)!.click();
}

const cmi = (api: Runtime) => JSON.parse(JSON.stringify(api.renderCommitCMI(true))).cmi;
const notice = () => document.querySelector('[data-scorm-notice]');

beforeEach(() => {
  configureStorage(() => new StubStorage());
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

describe('SCORM 2004 (scorm-again runtime)', () => {
  it('times: ISO 8601 durations and timestamps scorm-again accepts', () => {
    expect(isoTimespan(0)).toBe('PT0S');
    expect(isoTimespan(12_340)).toBe('PT12.34S');
    expect(isoTimespan(3_723_500)).toBe('PT1H2M3.5S');
    expect(isoTime(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('2026-01-02T03:04:05.6Z');
  });

  it('finds API_1484_11 before API, in a parent', () => {
    const parent = { API_1484_11: runtime() } as unknown as Window;
    const child = { parent, opener: null, top: parent } as unknown as Window;
    (parent as unknown as { parent: Window }).parent = parent;
    expect(findAnyScormApi(child)?.version).toBe('2004');
  });

  it('finish: interactions, completion, success against scaled_passing_score, scores, progress, session time, exit; then resume on relaunch', async () => {
    const api = runtime();
    const { quiz, adapter } = await launch(api);
    expect(api.cmi.completion_status).toBe('incomplete');
    answer(quiz, 0, 0);
    answer(quiz, 1, 3);                       // wrong
    await flush();
    let c = cmi(api);
    expect(c.suspend_data).toBe(api.cmi.suspend_data);
    expect(api.GetValue('cmi.interactions._count')).toBe('2');
    expect(api.GetValue('cmi.interactions.0.id')).toBe('q0');
    expect(api.GetValue('cmi.interactions.0.type')).toBe('choice');
    expect(api.GetValue('cmi.interactions.0.description')).toBe('{lang=en}Question 0');
    expect(api.GetValue('cmi.interactions.0.learner_response')).toBe('a');
    expect(api.GetValue('cmi.interactions.0.correct_responses.0.pattern')).toBe('a');
    expect(api.GetValue('cmi.interactions.0.result')).toBe('correct');
    expect(api.GetValue('cmi.interactions.1.result')).toBe('incorrect');
    expect(api.GetValue('cmi.interactions.0.latency')).toMatch(/^PT[\d.]+S$/);
    expect(api.GetValue('cmi.interactions.0.timestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d)?Z$/);
    expect(api.cmi.progress_measure).toBe('0.4');
    expect(api.cmi.location).toBe('q2');
    expect(api.cmi.suspend_data.length).toBeGreaterThan(0);
    expect(c.session_time).toMatch(/^PT[\d.]+S$/);
    for (let i = 2; i < N; i++) answer(quiz, i, i % 4);  // 4 of 5 right
    await flush();
    expect(api.cmi.completion_status).toBe('completed');
    expect(api.cmi.success_status).toBe('passed');
    expect(api.cmi.score.scaled).toBe('0.8');
    expect(api.cmi.score.raw).toBe('80');
    expect(api.cmi.score.min).toBe('0');
    expect(api.cmi.score.max).toBe('100');
    expect(api.cmi.progress_measure).toBe('1');
    expect(adapter.status.saving).toBe(true);
    adapter.finish();
    expect(api.isTerminated()).toBe(true);
    c = cmi(api);
    expect(c.exit).toBe('normal');              // completed and passed
    expect(c.session_time).toMatch(/^PT[\d.]+S$/);
    expect(notice()).toBeNull();
    delete c.exit; delete c.session_time;      // write-only: an LMS keeps them, it does not load them back

    // Relaunch with what the LMS kept, and an empty browser store: the locked answers come back.
    adapter.dispose();
    configureStorage(() => new StubStorage());
    const again = runtime(c);
    const second = await launch(again);
    expect(second.adapter.status.resumed).toBe('restored');
    expect(second.quiz.answered).toBe(N);
    expect(quizAttempts('unit-lesson').length).toBe(1);
    expect(again.cmi.completion_status).toBe('completed');
  });

  it('learner_preference.language sets the page language', async () => {
    document.documentElement.setAttribute('lang', 'en');
    await launch(runtime(undefined, (api) => { api.cmi.learner_preference.language = 'zh-CN'; }));
    expect(document.documentElement.getAttribute('lang')).toBe('zh-CN');
  });

  it('suspend_data holds up to 64,000 characters', async () => {
    const api = runtime();
    const { quiz } = await launch(api);
    answer(quiz, 0, 0);
    await flush();
    expect(api.cmi.suspend_data.length).toBeLessThanOrEqual(SUSPEND_LIMIT_2004);
    expect(SUSPEND_LIMIT_2004).toBe(64_000);
  });

  it('exit is suspend while the quiz is not finished, or finished and failed', async () => {
    const api = runtime();
    const { quiz, adapter } = await launch(api);
    answer(quiz, 0, 1);
    await flush();
    adapter.finish();
    expect(cmi(api).exit).toBe('suspend');
    adapter.dispose();
    const again = runtime();
    const second = await launch(again);
    for (let i = 0; i < N; i++) answer(second.quiz, i, (i + 1) % 4);   // all wrong
    await flush();
    expect([again.cmi.completion_status, again.cmi.success_status]).toEqual(['completed', 'failed']);
    second.adapter.finish();
    expect(cmi(again).exit).toBe('suspend');
  });

  it('every error code GetLastError can give: a calm line, the quiz goes on', async () => {
    const codes = Object.keys(ERRORS_2004).filter((c) => c !== '0');
    for (const code of codes) {
      resetNotice();
      const api = runtime();
      const { quiz, adapter } = await launch(api);
      let last = '0';
      const a = api as unknown as Record<string, (...x: string[]) => string>;
      const set = a.SetValue!.bind(api);
      a.SetValue = (e: string, v: string) => { if (e === 'cmi.suspend_data') { last = code; return 'false'; } last = '0'; return set(e, v); };
      a.GetLastError = () => last;
      answer(quiz, 0, 0);
      await flush();
      expect(adapter.status.failures[0], code).toMatchObject({ element: 'cmi.suspend_data', code });
      expect(notice()?.textContent, code).toContain('did not save');
      expect(quiz.answered, code).toBe(1);
      adapter.dispose();
    }
    document.documentElement.setAttribute('lang', 'zh-CN');
    resetNotice();
    const api = runtime();
    const { quiz } = await launch(api);
    (api as unknown as Record<string, unknown>).Commit = () => 'false';
    answer(quiz, 0, 0);
    await flush();
    expect(notice()?.textContent).toContain('课程平台没有保存');
  });

  it('an error code from the runtime: a calm line, and the answers stay in the browser', async () => {
    const api = runtime();
    const { quiz, adapter } = await launch(api);
    const orig = api.SetValue.bind(api);
    // The runtime refuses suspend_data with 406 (type mismatch) from now on.
    (api as unknown as { SetValue: (e: string, v: string) => string }).SetValue = (e, v) => {
      if (e === 'cmi.suspend_data') { orig('cmi.score.raw', 'not a number'); return 'false'; }
      return orig(e, v);
    };
    for (let i = 0; i < N; i++) answer(quiz, i, i % 4);
    await flush();
    expect(adapter.status.saving).toBe(false);
    expect(adapter.status.failures[0]).toMatchObject({ element: 'cmi.suspend_data', code: '406' });
    expect(notice()?.textContent).toContain('did not save');
    expect(quizAttempts('unit-lesson')).toHaveLength(1);
  });
});
