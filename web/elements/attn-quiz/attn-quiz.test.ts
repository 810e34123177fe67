// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './attn-quiz';
import type { AttnQuiz, AttnQuizAnswerDetail, AttnQuizCompleteDetail } from './attn-quiz';
import { isoDuration } from './attn-quiz';
import { quizAttempts } from '../../storage/progress';

const BANK = {
  id: 'dom-test',
  version: 3,
  lesson: { 'zh-CN': '测试', en: 'Test' },
  questions: [
    {
      id: 'a', section: '2', sectionHref: '#shapes',
      prompt: { 'zh-CN': '问题甲 <b>粗</b>', en: 'Question A <b>bold</b>' },
      options: [{ 'zh-CN': '一', en: 'one' }, { 'zh-CN': '二', en: 'two' }, { 'zh-CN': '三', en: 'three' }],
      answer: 2,
      explanation: { 'zh-CN': '解释甲', en: 'Explanation A' },
    },
    {
      id: 'b', section: '4', sectionHref: '#mask',
      prompt: { 'zh-CN': '问题乙', en: 'Question B' },
      options: [{ 'zh-CN': '是', en: 'yes' }, { 'zh-CN': '否', en: 'no' }],
      answer: 0,
      explanation: { 'zh-CN': '解释乙', en: 'Explanation B' },
    },
  ],
  open: [{ id: 'iq', prompt: { 'zh-CN': '开放题', en: 'Open question' }, model: { 'zh-CN': '参考答案内容', en: 'Model content' } }],
};

async function mount(html: string): Promise<AttnQuiz> {
  document.body.innerHTML = html;
  const el = document.querySelector('attn-quiz')!;
  await el.updateComplete;
  return el;
}

function inline(bank: unknown, attrs = 'lang="en"'): string {
  const json = typeof bank === 'string' ? bank : JSON.stringify(bank);
  return `<attn-quiz ${attrs}><script type="application/json">${json}</script></attn-quiz>`;
}

const radios = (el: AttnQuiz, qPos: number) =>
  Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>(`#q-${qPos} [role="radio"]`));

beforeEach(() => localStorage.clear());
afterEach(() => { document.body.innerHTML = ''; vi.restoreAllMocks(); });

describe('<attn-quiz items>', () => {
  it('shows only the multiple choice with items="questions"', async () => {
    const el = await mount(inline(BANK, 'lang="en" items="questions"'));
    const sr = el.shadowRoot!;
    expect(sr.querySelectorAll('[role="radiogroup"]')).toHaveLength(2);
    expect(sr.querySelector('textarea')).toBeNull();
    expect(el.items).toBe('questions');
  });

  it('shows only the open prompts with items="open", and records no attempt', async () => {
    const el = await mount(inline(BANK, 'lang="en" items="open"'));
    const sr = el.shadowRoot!;
    expect(sr.querySelectorAll('[role="radiogroup"]')).toHaveLength(0);
    expect(sr.querySelectorAll('textarea')).toHaveLength(1);
    expect(sr.textContent).toContain('Open question');
    expect(quizAttempts()).toHaveLength(0);
  });

  it('shows everything, with a note naming the attribute, for an unknown value', async () => {
    const el = await mount(inline(BANK, 'lang="en" items="some"'));
    const sr = el.shadowRoot!;
    expect(el.items).toBe('all');
    expect(sr.querySelectorAll('[role="radiogroup"]')).toHaveLength(2);
    expect(sr.querySelectorAll('textarea')).toHaveLength(1);
    expect(sr.querySelector('[role="alert"]')?.textContent).toContain('items attribute must be all, questions or open; got "some"');
    el.items = 'open';
    await el.updateComplete;
    expect(sr.querySelector('[role="alert"]')).toBeNull();
    expect(sr.querySelectorAll('[role="radiogroup"]')).toHaveLength(0);
  });
});

describe('<attn-quiz>', () => {
  it('renders an inline bank as text, with radiogroups', async () => {
    const el = await mount(inline(BANK));
    expect(el.state).toBe('ready');
    expect(el.total).toBe(2);
    const sr = el.shadowRoot!;
    expect(sr.querySelectorAll('[role="radiogroup"]')).toHaveLength(2);
    expect(sr.querySelector('b')).toBeNull();
    expect(sr.textContent).toContain('Question A <b>bold</b>');
    expect([...el.order].sort()).toEqual(['a', 'b']);
  });

  it('locks on the first click, shows feedback and emits an xAPI-shaped answer', async () => {
    const el = await mount(inline(BANK));
    const events: AttnQuizAnswerDetail[] = [];
    document.addEventListener('attn-quiz-answer', (e) => events.push(e.detail));
    const pos = el.order.indexOf('a');
    const wrong = radios(el, pos).find((r) => r.dataset.o === '0')!;
    wrong.click();
    await el.updateComplete;
    // a second click on another option changes nothing
    radios(el, pos).find((r) => r.dataset.o === '2')!.click();
    await el.updateComplete;
    expect(events).toHaveLength(1);
    const d = events[0]!;
    expect(d.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
    expect(d.object.id).toBe('urn:attention-lab:bank:dom-test:question:a');
    expect(d.result.success).toBe(false);
    expect(d.result.response).toBe('option-0');
    expect(d.result.duration).toMatch(/^PT\d+(\.\d)?S$/);
    const fb = el.shadowRoot!.querySelector(`#fb-${pos}`)!;
    expect(fb.textContent).toContain('Not quite');
    expect(fb.textContent).toContain('Explanation A');
    expect(fb.querySelector('a')!.getAttribute('href')).toMatch(/#shapes$/);
    expect(radios(el, pos).find((r) => r.dataset.o === '0')!.getAttribute('aria-checked')).toBe('true');
    expect(el.score).toBe(0);
  });

  it('an answer redraws its own question, the progress and the summary; the rest of the quiz stays the same nodes', async () => {
    const el = await mount(inline(BANK));
    const sr = el.shadowRoot!;
    const section = sr.querySelector('section.quiz');
    const [q0, q1] = [sr.querySelector('#q-0'), sr.querySelector('#q-1')];
    const open = sr.querySelector('#open-0') as HTMLTextAreaElement;
    open.value = 'typed before';
    radios(el, 0)[0]!.click();
    await el.updateComplete;
    expect(sr.querySelector('section.quiz')).toBe(section);
    expect(sr.querySelector('#q-0')).not.toBe(q0);
    expect(sr.querySelector('#q-0 .feedback')).not.toBeNull();
    expect(sr.querySelector('#q-1')).toBe(q1);
    expect(sr.querySelector('#open-0')).toBe(open);
    expect(open.value).toBe('typed before');
    expect(sr.querySelector('.progress')!.textContent).toContain('1');
    expect(sr.activeElement?.id).toBe('fb-0');
    radios(el, 1)[0]!.click();
    await el.updateComplete;
    expect(sr.querySelector('.score')).not.toBeNull();
    expect(sr.querySelectorAll('.score')).toHaveLength(1);
    // a language switch draws it all again, in the other language
    el.setAttribute('lang', 'zh-CN');
    await el.updateComplete;
    expect(sr.querySelector('section.quiz')).not.toBe(section);
    expect(sr.querySelector('#q-1')!.textContent).toContain('问题');
    expect(sr.querySelectorAll('.score')).toHaveLength(1);
  });

  it('completes, stores the attempt and emits completed; retake reshuffles', async () => {
    const el = await mount(inline(BANK, 'lang="en" lesson="lesson-x"'));
    let done: AttnQuizCompleteDetail | null = null;
    el.addEventListener('attn-quiz-complete', (e) => { done = e.detail; });
    for (let pos = 0; pos < 2; pos++) {
      const id = el.order[pos]!;
      const right = BANK.questions.find((q) => q.id === id)!.answer;
      radios(el, pos).find((r) => Number(r.dataset.o) === right)!.click();
      await el.updateComplete;
    }
    expect(el.score).toBe(2);
    expect(done).not.toBeNull();
    const d = done! as AttnQuizCompleteDetail;
    expect(d.object.id).toBe('urn:attention-lab:bank:dom-test');
    expect(d.result).toMatchObject({ success: true, completion: true, score: { raw: 2, max: 2, scaled: 1 } });
    const stored = quizAttempts('lesson-x');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ bankId: 'dom-test', bankVersion: 3, score: 2, total: 2 });
    expect(stored[0]!.answers).toEqual([{ questionId: 'a', chosen: 2, correct: true }, { questionId: 'b', chosen: 0, correct: true }]);
    expect(el.shadowRoot!.querySelector('.score')!.textContent).toBe('Score: 2 / 2');

    const beforeQ = el.order;
    const beforeO = el.optionOrder;
    (el.shadowRoot!.querySelector('[data-action="retake"]') as HTMLElement).click();
    await el.updateComplete;
    expect(el.score).toBe(0);
    expect(el.order).not.toEqual(beforeQ);
    for (const q of BANK.questions) expect(el.optionOrder[q.id]!.indexOf(q.answer)).not.toBe(beforeO[q.id]!.indexOf(q.answer));
  });

  it('the same bank loaded again keeps the attempt under way: its order and the answer given meanwhile', async () => {
    const text = JSON.stringify(BANK);
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(text, { status: 200 }));
    const el = await mount('<attn-quiz lang="en" src="/banks/one.json"></attn-quiz>');
    await vi.waitFor(() => expect(el.state).toBe('ready'));
    const order = el.order;
    const options = el.optionOrder;
    radios(el, 0)[1]!.click();
    await el.updateComplete;
    expect(el.answered).toBe(1);
    // another address serving the very same questions: fetched again, nothing lost
    el.setAttribute('src', '/mirror/one.json');
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(el.state).toBe('ready'));
    await el.updateComplete;
    expect(el.order).toEqual(order);
    expect(el.optionOrder).toEqual(options);
    expect(el.answered).toBe(1);
    expect(radios(el, 0)[1]!.getAttribute('aria-checked')).toBe('true');
    // the inline form of the same questions, written differently, keeps it too
    const inlineEl = await mount(inline(BANK));
    const inlineOrder = inlineEl.order;
    radios(inlineEl, 1)[0]!.click();
    await inlineEl.updateComplete;
    inlineEl.querySelector('script')!.textContent = JSON.stringify(BANK, null, 2);
    await vi.waitFor(() => expect(inlineEl.state).toBe('ready'));
    await inlineEl.updateComplete;
    expect(inlineEl.order).toEqual(inlineOrder);
    expect(inlineEl.answered).toBe(1);
    // a bank whose questions changed starts a new attempt
    const changed = structuredClone(BANK);
    changed.questions[0]!.answer = 1;
    inlineEl.querySelector('script')!.textContent = JSON.stringify(changed);
    await vi.waitFor(() => expect(inlineEl.answered).toBe(0));
  });

  it('keyboard: arrows move without choosing, Enter chooses', async () => {
    const el = await mount(inline(BANK));
    const [first, second] = radios(el, 0);
    first!.focus();
    first!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true }));
    expect(el.shadowRoot!.activeElement).toBe(second);
    expect(second!.tabIndex).toBe(0);
    expect(first!.tabIndex).toBe(-1);
    expect(el.answered).toBe(0);
    second!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(el.answered).toBe(1);
    expect(el.shadowRoot!.activeElement?.id).toBe('fb-0');
  });

  it('open prompts reveal a model answer', async () => {
    const el = await mount(inline(BANK));
    const model = el.shadowRoot!.querySelector<HTMLElement>('#model-0')!;
    expect(model.hidden).toBe(true);
    (el.shadowRoot!.querySelector('#reveal-0') as HTMLElement).click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector<HTMLElement>('#model-0')!.hidden).toBe(false);
    expect(el.shadowRoot!.querySelector('#reveal-0')!.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows specific visible errors', async () => {
    let el = await mount(inline('{"id": nope'));
    expect(el.state).toBe('error');
    expect(el.shadowRoot!.querySelector('[role="alert"]')!.textContent).toContain('not valid JSON');

    const dup = structuredClone(BANK);
    dup.questions[1]!.id = 'a';
    el = await mount(inline(dup));
    expect(el.shadowRoot!.textContent).toContain('questions[1].id: duplicate id "a"');

    el = await mount('<attn-quiz lang="en" bank="../etc/passwd"></attn-quiz>');
    expect(el.shadowRoot!.querySelector('[data-error]')!.getAttribute('data-error')).toBe('bad-name');

    el = await mount('<attn-quiz lang="zh-CN"></attn-quiz>');
    expect(el.shadowRoot!.textContent).toContain('没有指定题库');
  });

  it('reports an unknown bank and a network error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('nope', { status: 404 }));
    let el = await mount('<attn-quiz lang="en" bank="no-such-bank"></attn-quiz>');
    expect(el.shadowRoot!.textContent).toContain('Question bank “no-such-bank” not found (HTTP 404)');
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    el = await mount('<attn-quiz lang="en" bank="lesson-01"></attn-quiz>');
    expect(el.shadowRoot!.textContent).toContain('Network error');
  });

  it('follows its lang attribute (zh-CN by default)', async () => {
    const el = await mount(inline(BANK, ''));
    expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('检索练习 · 测试');
    el.setAttribute('lang', 'en');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('Retrieval practice · Test');
    expect(el.shadowRoot!.textContent).toContain('Question A');
  });

  it('formats ISO 8601 durations', () => {
    expect(isoDuration(12_345)).toBe('PT12.3S');
    expect(isoDuration(3000)).toBe('PT3S');
    expect(isoDuration(-5)).toBe('PT0S');
  });
});

describe('<attn-quiz> section links', () => {
  const answerFirst = async (el: AttnQuiz) => {
    radios(el, 0)[0]!.click();
    await el.updateComplete;
    return el.shadowRoot!.querySelector<HTMLAnchorElement>('#q-0 a[part="section-link"]')!;
  };

  it('an inline bank without href links within the page, in the same tab', async () => {
    const el = await mount(inline({ ...BANK, questions: [BANK.questions[0]] }));
    const a = await answerFirst(el);
    expect(new URL(a.href).hash).toBe('#shapes');
    expect(new URL(a.href).pathname).toBe(new URL(document.URL).pathname);
    expect(a.target).toBe('');
  });

  it('a bank href resolves against where the bank lives; another page opens in a new tab, named for a screen reader', async () => {
    const bank = { ...BANK, href: '../lesson.html', questions: [BANK.questions[0]] };
    // Built in order (bank inside before src is set, then connected): nothing is fetched.
    const el = document.createElement('attn-quiz');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = JSON.stringify(bank);
    el.append(script);
    el.setAttribute('lang', 'en');
    el.setAttribute('src', '/course/banks/x.json');
    document.body.append(el);
    await el.updateComplete;
    const a = await answerFirst(el);
    expect(a.href).toBe(new URL('/course/lesson.html#shapes', document.URL).href);
    expect(a.target).toBe('_blank');
    expect(a.rel).toBe('noopener');
    expect(a.textContent).toBe('Review section 2 (opens the lesson in a new tab)');
  });

  it('a link to this page by its index.html name stays a jump within the page', async () => {
    const here = new URL(document.URL);
    const dir = here.pathname.replace(/[^/]*$/, '');
    const bank = { ...BANK, href: `${dir}index.html`, questions: [BANK.questions[0]] };
    history.replaceState(null, '', dir);
    const el = await mount(inline(bank));
    const a = await answerFirst(el);
    expect(a.href).toBe(new URL(`${dir}#shapes`, document.URL).href);
    expect(a.target).toBe('');
  });
});
