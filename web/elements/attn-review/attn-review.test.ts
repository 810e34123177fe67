// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as P from '../../storage/progress';
import { StubStorage } from '../../testing/storage';
import '../../testing/quiz-stub';
import './attn-review';
import type { AttnReview, ReviewCompleteDetail } from './attn-review';

const DAY = 86_400_000;
let t = Date.parse('2026-11-29T10:00:00Z');

function finishQuiz(id = 'a1') {
  P.recordQuizAttempt({
    id, lesson: 'lesson-01', bankId: 'lesson-01', bankVersion: 1,
    startedAt: new Date(t - 60_000).toISOString(), finishedAt: new Date(t).toISOString(),
    answers: [{ questionId: 'q1', chosen: 0, correct: true }], score: 1, total: 1,
  });
}

async function mount(attrs: Record<string, string>): Promise<AttnReview> {
  const el = document.createElement('attn-review');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const text = (el: AttnReview) => el.shadowRoot!.textContent ?? '';
const q = <T extends Element = HTMLElement>(el: AttnReview, sel: string) => el.shadowRoot!.querySelector(sel) as T;

beforeEach(() => {
  t = Date.parse('2026-11-29T10:00:00Z');
  P.setClock(() => t);
  const s = new StubStorage();
  P.configureStorage(() => s);
});
afterEach(() => {
  document.body.replaceChildren();
  P.setClock(null);
  P.configureStorage(null);
});

describe('<attn-review>', () => {
  it('before the first quiz says what to do first', async () => {
    const el = await mount({ lesson: 'lesson-01', lang: 'en' });
    expect(el.getAttribute('state')).toBe('empty');
    expect(el.state).toBe('empty');
    expect(text(el)).toContain('Finish this lesson’s quiz first');
    expect(el.items).toEqual([]);
  });

  it('after the quiz shows the next due date and updates live', async () => {
    const el = await mount({ lesson: 'lesson-01', lang: 'en' });
    finishQuiz();
    await el.updateComplete;
    expect(el.getAttribute('state')).toBe('scheduled');
    expect(text(el)).toContain('Next review: in 2 days, Tue 1 Dec');
    expect(el.items).toEqual([{ lesson: 'lesson-01', due: new Date(t + 2 * DAY).toISOString(), lastRating: null }]);
    expect(q(el, '[part~="calendar"]')).not.toBeNull();
  });

  it('runs a due review: quiz, recall with self-grading, rating, rescheduled', async () => {
    finishQuiz();
    t += 2 * DAY;
    const el = await mount({ lesson: 'lesson-01', lang: 'en' });
    expect(el.getAttribute('state')).toBe('due');
    q<HTMLButtonElement>(el, '[part~="start"]').click();
    await el.updateComplete;

    const quiz = q(el, 'attn-quiz');
    expect(quiz.getAttribute('bank')).toBe('lesson-01');
    const sameQuiz = quiz;
    (el as unknown as { requestRender(): void }).requestRender();
    await el.updateComplete;
    expect(q(el, 'attn-quiz')).toBe(sameQuiz);           // re-renders keep the running quiz
    quiz.dispatchEvent(new CustomEvent('attn-quiz-complete', { bubbles: true, composed: true, detail: { attempt: { score: 4, total: 5 } } }));
    await el.updateComplete;

    expect(q(el, '[data-step]').dataset.step).toBe('recall');
    const areas = el.shadowRoot!.querySelectorAll('textarea');
    expect(areas).toHaveLength(3);
    areas[0].value = 'scores = Q @ K.T / np.sqrt(d_k)';
    areas[0].dispatchEvent(new Event('input'));
    q<HTMLButtonElement>(el, '[part~="check"]').click();
    await vi.waitFor(() => expect(el.shadowRoot!.querySelectorAll('[part~="reference"]')).toHaveLength(3), { timeout: 5000 });
    expect((el.shadowRoot!.querySelector('#line-0') as HTMLTextAreaElement).value).toBe('scores = Q @ K.T / np.sqrt(d_k)');
    const boxes = el.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="self-grade"]');
    expect(boxes).toHaveLength(3);
    for (const b of boxes) { b.checked = true; b.dispatchEvent(new Event('change')); }
    q<HTMLButtonElement>(el, '[part~="next"]').click();
    await el.updateComplete;

    expect(q(el, '[data-step]').dataset.step).toBe('rate');
    expect(text(el)).toContain('Quiz 4/5, recall 3/3');
    expect(q(el, '[part~="suggested"]').dataset.rating).toBe('good');
    const preview = P.previewSchedule('lesson-01')!;
    const hard = q<HTMLInputElement>(el, '#rating-hard');
    hard.checked = true;
    hard.dispatchEvent(new Event('change'));
    const events: ReviewCompleteDetail[] = [];
    document.addEventListener('attn-review-complete', (e) => events.push((e as CustomEvent<ReviewCompleteDetail>).detail), { once: true });
    q<HTMLButtonElement>(el, '[part~="confirm"]').click();
    await el.updateComplete;

    expect(events).toEqual([{ lesson: 'lesson-01', rating: 'hard', due: preview.hard }]);
    expect(el.getAttribute('state')).toBe('scheduled');
    expect(el.items[0]).toEqual({ lesson: 'lesson-01', due: preview.hard, lastRating: 'hard' });
    expect(P.reviewLogs('lesson-01')[0]).toMatchObject({ rating: 'hard', suggested: 'good', quizScore: 4, recallCorrect: 3 });
    expect(text(el)).toContain('Saved. Next review:');
  });

  it('hands an inline bank child to its quiz (for pages that cannot fetch banks)', async () => {
    finishQuiz();
    t += 2 * DAY;
    const el = document.createElement('attn-review');
    el.setAttribute('lesson', 'lesson-01');
    el.setAttribute('lang', 'en');
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.textContent = '{"id":"lesson-01"}';
    el.append(inline);
    document.body.append(el);
    await el.updateComplete;
    q<HTMLButtonElement>(el, '[part~="start"]').click();
    await el.updateComplete;
    const child = q(el, 'attn-quiz').querySelector('script[type="application/json"]');
    expect(child?.textContent).toBe('{"id":"lesson-01"}');
  });

  it('lists every lesson when there is no lesson attribute', async () => {
    finishQuiz();
    t += DAY;
    P.recordQuizAttempt({ ...P.quizAttempts()[0], id: 'b', lesson: 'lesson-02', finishedAt: new Date(t).toISOString() });
    t += DAY + 1;
    const el = await mount({ lang: 'en' });
    expect(el.getAttribute('state')).toBe('due');
    const rows = [...el.shadowRoot!.querySelectorAll<HTMLElement>('li[data-lesson]')];
    expect(rows.map((r) => r.dataset.lesson)).toEqual(['lesson-01', 'lesson-02']);
    expect(rows[0].getAttribute('part')).toContain('item-due');
    expect(rows[1].getAttribute('part')).not.toContain('item-due');
  });

  it('says when progress will not be kept, and keeps working', async () => {
    P.configureStorage(() => null);
    const el = await mount({ lesson: 'lesson-01', lang: 'zh-CN' });
    expect(q(el, '[data-notice="memory-only"]').textContent).toContain('进度不会保留');
    finishQuiz();
    await el.updateComplete;
    expect(el.getAttribute('state')).toBe('scheduled');
  });

  it('keeps the last valid lesson and shows a message for a bad attribute', async () => {
    finishQuiz();
    const el = await mount({ lesson: 'lesson-01', lang: 'en' });
    el.setAttribute('lesson', '<img src=x onerror=alert(1)>');
    await el.updateComplete;
    expect(el.getAttribute('state')).toBe('scheduled');
    expect(q(el, '[role="alert"]').textContent).toContain('Invalid lesson attribute');
    expect(el.shadowRoot!.querySelector('img')).toBeNull();
  });

  it('imports a progress file and reports a bad one', async () => {
    finishQuiz();
    const json = P.exportProgress();
    P.configureStorage(() => new StubStorage());
    const el = await mount({ lesson: 'lesson-01', lang: 'en' });
    expect(el.getAttribute('state')).toBe('empty');
    const input = q<HTMLInputElement>(el, 'input[type="file"]');
    const put = (content: string) => {
      Object.defineProperty(input, 'files', { configurable: true, value: [new File([content], 'p.json', { type: 'application/json' })] });
      input.dispatchEvent(new Event('change'));
    };
    put(json);
    await vi.waitFor(() => expect(el.getAttribute('state')).toBe('scheduled'));
    expect(text(el)).toContain('Import done');
    put('{"nope":1}');
    await vi.waitFor(() => expect(q(el, '[role="alert"]')?.textContent).toContain('not an attention-lab progress file'));
    expect(el.getAttribute('state')).toBe('scheduled');
  });
});
