// <attn-quiz> in headless Chromium, against the built library (dist/lib) and
// the shipped banks (dist/banks), under the strict CSP of e2e/server.mjs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pointerTo, redraw, shiftDown } from './helpers/press';

/** Console errors a test expects (e.g. the 404 of an unknown bank); anything else fails it. */
let allowed: RegExp[] = [];
let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  allowed = [];
  problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allowed.some((r) => r.test(m.text() + ' ' + m.location().url))) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => { problems.push(`dialog: ${d.message()}`); void d.dismiss(); });
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

const quiz = (page: Page, id: string) => page.locator(`attn-quiz#${id}`);
const questions = (q: Locator) => q.locator('li.question');

async function ready(q: Locator): Promise<void> {
  await expect(q.locator('[role="radiogroup"]').first()).toBeVisible();
}

/** Index (bank order) of the right answer of the question shown at `pos`. */
async function rightOption(q: Locator, pos: number): Promise<number> {
  return q.evaluate((el, p) => {
    const quizEl = el as unknown as { order: string[]; bankData: { questions: { id: string; answer: number }[] } };
    const id = quizEl.order[p]!;
    return quizEl.bankData.questions.find((x) => x.id === id)!.answer;
  }, pos);
}

test('one click locks the answer and the feedback shows at once', async ({ page }) => {
  await page.goto('/fixtures/quiz.html');
  const q = quiz(page, 'lesson');
  await ready(q);
  expect(await q.evaluate((el: any) => el.total)).toBeGreaterThanOrEqual(10);
  const first = questions(q).first();
  const answer = await rightOption(q, 0);
  const wrong = first.locator(`[role="radio"]:not([data-o="${answer}"])`).first();
  const wrongText = (await wrong.locator('.otext').textContent())!;
  await wrong.click();

  const fb = first.locator('[part~="feedback"]');
  await expect(fb).toBeVisible();
  await expect(fb).toContainText('Not quite');
  await expect(fb).toContainText('The right answer is');
  await expect(fb.locator('.explanation')).not.toBeEmpty();
  const link = fb.locator('a[part="section-link"]');
  await expect(link).toHaveText(/^Review section \d/);
  // The bank names its lesson page (index.html); this fixture is another page: a new tab.
  expect(await link.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/index\.html#[a-z-]+$/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(fb).toBeFocused();

  // Locked: clicking the right answer afterwards changes nothing.
  // (force: a locked option is aria-disabled, which Playwright would otherwise wait out)
  await first.locator(`[role="radio"][data-o="${answer}"]`).click({ force: true });
  await expect(first.locator('[role="radio"][aria-checked="true"] .otext')).toHaveText(wrongText);
  await expect(first.locator('[role="radiogroup"]')).toHaveAttribute('aria-disabled', 'true');
  await expect(first.locator('[role="radio"].is-correct')).toHaveAttribute('data-o', String(answer));
  expect(await q.evaluate((el: any) => [el.score, el.answered])).toEqual([0, 1]);

  // The reading-note bank renders in Chinese on the same page.
  const r = quiz(page, 'reading');
  await ready(r);
  await expect(r.locator('h2')).toContainText('检索练习');
  expect(await r.evaluate((el: any) => el.total)).toBeGreaterThanOrEqual(8);
});

test('completing gives a score, an xAPI statement and a stored attempt; retake reshuffles', async ({ page }) => {
  await page.goto('/fixtures/quiz-inline.html');
  const q = quiz(page, 'inline');
  await ready(q);
  await page.evaluate(() => {
    (window as any).statements = [];
    document.addEventListener('attn-quiz-answer', (e) => (window as any).statements.push((e as CustomEvent).detail));
    document.addEventListener('attn-quiz-complete', (e) => (window as any).statements.push((e as CustomEvent).detail));
  });
  const total = await q.evaluate((el: any) => el.total);
  for (let pos = 0; pos < total; pos++) {
    const answer = await rightOption(q, pos);
    await questions(q).nth(pos).locator(`[role="radio"][data-o="${answer}"]`).click();
  }
  await expect(q.locator('[part="score"]')).toHaveText(`得分：${total} / ${total}`);
  await expect(q.locator('#summary')).toBeFocused();
  await expect(q.locator('[part="saved"]')).toHaveText('本次成绩已保存在这台设备上。');

  const statements = await page.evaluate(() => (window as any).statements);
  expect(statements).toHaveLength(total + 1);
  expect(statements[0].verb).toEqual({ id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } });
  expect(statements[0].object.id).toMatch(/^urn:attention-lab:bank:author-demo:question:/);
  const done = statements[total];
  expect(done.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
  expect(done.object.id).toBe('urn:attention-lab:bank:author-demo');
  expect(done.result).toMatchObject({ success: true, completion: true, score: { raw: total, max: total, scaled: 1 } });
  expect(done.result.duration).toMatch(/^PT\d+(\.\d)?S$/);

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:progress') ?? 'null'));
  expect(JSON.stringify(stored)).toContain('"bankId":"author-demo"');
  expect(JSON.stringify(stored)).toContain('"lesson":"my-lesson"');

  // Retake several times: questions and right-answer positions move every time.
  for (let round = 0; round < 5; round++) {
    const before = await q.evaluate((el: any) => ({ order: el.order, opts: el.optionOrder, bank: el.bankData.questions }));
    await q.locator('[part="retake"]').click();
    await expect(q.locator('[part="score"]')).toHaveCount(0);
    const after = await q.evaluate((el: any) => ({ order: el.order, opts: el.optionOrder }));
    expect(after.order).not.toEqual(before.order);
    for (const b of before.bank) {
      expect(after.opts[b.id].indexOf(b.answer)).not.toBe(before.opts[b.id].indexOf(b.answer));
    }
    // And the screen follows the new order.
    const shownFirst = await questions(q).first().getAttribute('data-question');
    expect(shownFirst).toBe(after.order[0]);
    await expect(q.locator('[role="radio"]').first()).toBeFocused();
    // finish the round by clicking the first option everywhere
    for (let pos = 0; pos < after.order.length; pos++) await questions(q).nth(pos).locator('[role="radio"]').first().click();
  }
});

test('the whole quiz by keyboard alone', async ({ page }) => {
  await page.goto('/fixtures/quiz.html');
  const q = quiz(page, 'lesson');
  await ready(q);
  const total: number = await q.evaluate((el: any) => el.total);
  // Tab into the first radiogroup.
  await page.keyboard.press('Tab');
  await expect(questions(q).first().locator('[role="radio"]').first()).toBeFocused();
  for (let pos = 0; pos < total; pos++) {
    const group = questions(q).nth(pos);
    await expect(group.locator('[role="radio"][tabindex="0"]')).toBeFocused();
    const answer = await rightOption(q, pos);
    const target = Number(await group.locator(`[role="radio"][data-o="${answer}"]`).getAttribute('id').then((id) => id!.split('-')[2]));
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    expect(await q.evaluate((el: any) => el.answered)).toBe(pos); // moving never chooses
    await page.keyboard.press(pos % 2 ? 'Enter' : ' ');
    if (pos < total - 1) {
      await expect(group.locator('[part~="feedback"]')).toBeFocused();
      await page.keyboard.press('Tab'); // the section link
      await expect(group.locator('a[part="section-link"]')).toBeFocused();
      await page.keyboard.press('Tab'); // the next question
    }
  }
  await expect(q.locator('#summary')).toBeFocused();
  await expect(q.locator('[part="score"]')).toHaveText(`Score: ${total} / ${total}`);
  // Retake by keyboard.
  await page.keyboard.press('Tab');
  await expect(q.locator('[part="retake"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(q.locator('[role="radio"]').first()).toBeFocused();
  expect(await q.evaluate((el: any) => el.answered)).toBe(0);

  // Open prompts: write, then reveal the model answer.
  const ta = q.locator('textarea').first();
  await ta.focus();
  await page.keyboard.type('softmax(QK^T/sqrt(d_k))V');
  await page.keyboard.press('Tab');
  await expect(q.locator('#reveal-0')).toBeFocused();
  await expect(q.locator('#model-0')).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(q.locator('#model-0')).toBeVisible();
  await expect(q.locator('#reveal-0')).toHaveAttribute('aria-expanded', 'true');
  await expect(ta).toHaveValue('softmax(QK^T/sqrt(d_k))V');
});

test('a press the quiz redraws under the pointer still answers on release', async ({ page }) => {
  await page.goto('/fixtures/quiz.html');
  const q = quiz(page, 'lesson');
  await ready(q);
  const answered = () => q.evaluate((el) => (el as unknown as { answered: number }).answered);
  const opt = questions(q).nth(1).locator('[role="radio"]').first();
  await opt.scrollIntoViewIfNeeded();
  await pointerTo(page, opt);
  await page.mouse.down();
  expect(await redraw(q, 'li.question:nth-child(2) [role="radio"]')).toBe(true);
  await page.mouse.up();
  await expect(questions(q).nth(1).locator('[part~="feedback"]')).toBeVisible();
  expect(await answered()).toBe(1);
  // A press that ends on another option answers nothing.
  const [a, b] = [0, 1].map((n) => questions(q).nth(2).locator('[role="radio"]').nth(n));
  await a!.scrollIntoViewIfNeeded();
  await pointerTo(page, a!);
  await page.mouse.down();
  await redraw(q, 'li.question:nth-child(3) [role="radio"]');
  await pointerTo(page, b!);
  await page.mouse.up();
  expect(await answered()).toBe(1);
});

test('a press the page moves from under a still pointer still answers on release', async ({ page }) => {
  await page.goto('/fixtures/quiz.html');
  const q = quiz(page, 'lesson');
  await ready(q);
  const answered = () => q.evaluate((el) => (el as unknown as { answered: number }).answered);
  const opt = questions(q).nth(0).locator('[role="radio"]').first();
  await opt.scrollIntoViewIfNeeded();
  await pointerTo(page, opt);
  await page.mouse.down();
  await shiftDown(q, 40); // the option is no longer under the pointer
  await page.mouse.up();
  await expect(questions(q).nth(0).locator('[part~="feedback"]')).toBeVisible();
  expect(await answered()).toBe(1);
  await expect(questions(q).nth(0).locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
  // The same press redrawn while the page moves answers too, once.
  const next = questions(q).nth(1).locator('[role="radio"]').first();
  await next.scrollIntoViewIfNeeded();
  await pointerTo(page, next);
  await page.mouse.down();
  await shiftDown(q, 40);
  await redraw(q, 'li.question:nth-child(2) [role="radio"]');
  await page.mouse.up();
  await expect(questions(q).nth(1).locator('[part~="feedback"]')).toBeVisible();
  expect(await answered()).toBe(2);
  // A pointer that moves off before the release still cancels, as in every browser.
  const [a, b] = [0, 1].map((n) => questions(q).nth(2).locator('[role="radio"]').nth(n));
  await a!.scrollIntoViewIfNeeded();
  await pointerTo(page, a!);
  await page.mouse.down();
  await shiftDown(q, 40);
  await pointerTo(page, b!);
  await page.mouse.up();
  expect(await answered()).toBe(2);
});

test('an inline bank written by a lesson author', async ({ page }) => {
  await page.goto('/fixtures/quiz-inline.html');
  const q = quiz(page, 'inline');
  await ready(q);
  await expect(q.locator('h2')).toHaveText('检索练习 · 作者自测');
  await expect(questions(q)).toHaveCount(3);
  const first = questions(q).first();
  await first.locator('[role="radio"]').first().click();
  const href = await first.locator('a[part="section-link"]').getAttribute('href');
  expect(href).toBe(new URL('/fixtures/quiz-inline.html#own', page.url()).href);
  // The page's inline JSON stays data: not rendered in the light DOM.
  await expect(page.getByText('"author-demo"')).toHaveCount(0);
});

test('a hostile bank is shown as text and never runs', async ({ page }) => {
  // If any markup were parsed, the CSP would log a refused inline handler/script (a console error).
  await page.goto('/fixtures/quiz-hostile.html');
  for (const id of ['from-src', 'inline-hostile']) {
    const q = quiz(page, id);
    await ready(q);
    await expect(q.locator('.prompt').first()).toContainText(`<img src=x onerror="document.title='pwned'">`);
    await q.locator('[role="radio"]').first().click();
    await expect(q.locator('[part~="feedback"]')).toBeVisible();
    expect(await q.evaluate((el) => el.shadowRoot!.querySelectorAll('img, script, svg, iframe, b, i').length)).toBe(0);
  }
  const src = quiz(page, 'from-src');
  await expect(src.locator('[role="radio"]').first()).toContainText(/<script>|<svg/);
  await src.locator('#reveal-0').click();
  await expect(src.locator('#model-0')).toContainText('<img src=x onerror=alert(1)>');
  expect(await page.title()).toBe('attn-quiz fixture: hostile banks');

  // A javascript: link is refused with a specific error.
  const bad = quiz(page, 'bad-link');
  await expect(bad.locator('[role="alert"]')).toContainText('questions[0].sectionHref: must be a relative link or an http(s) URL');
});

test('every kind of bad input gets its own visible message', async ({ page }) => {
  allowed = [/404/, /offline-bank\.json/, /ERR_FAILED/];
  await page.route('**/fixtures/offline-bank.json', (r) => r.abort('failed'));
  await page.goto('/fixtures/quiz-errors.html');
  const expectations: [string, RegExp][] = [
    ['malformed', /not valid JSON/],
    ['missing', /questions\[0\]\.prompt: is required/],
    ['range', /questions\[0\]\.answer: must be an index into options \(0–3\), got 7/],
    ['duplicate', /questions\[1\]\.id: duplicate id "same" \(first used at questions\[0\]\)/],
    ['unknown', /Question bank “no-such-bank” not found \(HTTP 404\)/],
    ['badname', /Invalid bank name "\.\.\/secrets"/],
    ['offline', /Network error/],
    ['empty', /No question bank given/],
  ];
  for (const [id, text] of expectations) {
    const alert = quiz(page, id).locator('[role="alert"]');
    await expect(alert, id).toBeVisible();
    await expect(alert, id).toContainText(text);
  }
});

test('no axe violations (WCAG 2 AA) in light and dark, answered and unanswered', async ({ page }) => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/fixtures/quiz-inline.html');
    const q = quiz(page, 'inline');
    await ready(q);
    // one wrong, one right, one open: every state is on screen
    const a0 = await rightOption(q, 0);
    await questions(q).nth(0).locator(`[role="radio"]:not([data-o="${a0}"])`).first().click();
    const a1 = await rightOption(q, 1);
    await questions(q).nth(1).locator(`[role="radio"][data-o="${a1}"]`).click();
    await q.evaluate((el) => (el as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete);
    await page.evaluate(axeSource);
    const result = await page.evaluate(async () => {
      const axe = (window as any).axe;
      const r = await axe.run(document.querySelector('attn-quiz'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
      return r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
    });
    expect(result, scheme).toEqual([]);

    // The shipped bank with its open prompts, a model answer revealed and the error box.
    await page.goto('/fixtures/quiz.html');
    const l = quiz(page, 'lesson');
    await ready(l);
    await questions(l).nth(0).locator('[role="radio"]').first().click();
    await l.locator('#reveal-0').click();
    await expect(l.locator('#model-0')).toBeVisible();
    await l.evaluate((el) => (el as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete);
    await page.evaluate(axeSource);
    const again = await page.evaluate(async () => {
      const axe = (window as any).axe;
      const el = document.createElement('attn-quiz');
      el.setAttribute('bank', 'Not A Name');
      document.querySelector('main')!.append(el);
      await (el as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
      const out: string[] = [];
      for (const target of Array.from(document.querySelectorAll('attn-quiz'))) {
        const r = await axe.run(target, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
        out.push(...r.violations.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`));
      }
      return out;
    });
    expect(again, scheme).toEqual([]);
  }
});

for (const [path, bank] of [['/', 'lesson-01'], ['/reading.html', 'reading-01']] as const) {
  test(`the ${bank} bank on ${path}: answering links to a section that exists on the page`, async ({ page }) => {
    await page.goto(path);
    const q = page.locator(`attn-quiz[bank="${bank}"]:not([items="open"])`);
    await ready(q);
    const total: number = await q.evaluate((el: any) => el.total);
    for (let pos = 0; pos < total; pos++) await questions(q).nth(pos).locator('[role="radio"]').first().click();
    await expect(q.locator('[part="score"]')).toBeVisible();
    const hrefs = await q.locator('li.question a[part="section-link"]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash));
    expect(hrefs).toHaveLength(total);
    for (const hash of new Set(hrefs)) {
      expect(await page.evaluate((id) => document.getElementById(id) !== null, hash.slice(1)), hash).toBe(true);
    }
    // Jumps within the page (same document, same tab), not a reload of index.html.
    const links = await q.locator('li.question a[part="section-link"]').evaluateAll((as) => as.map((a) => [(a as HTMLAnchorElement).href.split('#')[0], (a as HTMLAnchorElement).target]));
    expect(new Set(links.map(([u, t]) => `${u}|${t}`))).toEqual(new Set([`${page.url().split('#')[0]}|`]));
  });

  test(`the ${bank} bank embedded (embed.html): its section links open the lesson page's sections in a new tab`, async ({ page, context }) => {
    await page.goto(`/embed.html?w=quiz&bank=${bank}&items=questions&lang=en`);
    const q = page.locator('attn-quiz');
    await ready(q);
    await questions(q).first().locator('[role="radio"]').first().click();
    const link = questions(q).first().locator('a[part="section-link"]');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName(/in a new tab/);
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.pathname).toBe(path === '/' ? '/index.html' : path);
    const [lesson] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await lesson.waitForLoadState('domcontentloaded');
    expect(await lesson.evaluate((id) => document.getElementById(id) !== null, href.hash.slice(1)), href.hash).toBe(true);
    await lesson.close();
  });
}

test('huge banks (10,000 questions, 1 MB strings) are refused with a specific message, never a hang', async ({ page }) => {
  const q = { id: 'q', section: '1', prompt: { 'zh-CN': '问', en: 'Q' }, options: [{ 'zh-CN': '甲', en: 'a' }, { 'zh-CN': '乙', en: 'b' }], answer: 0, explanation: { 'zh-CN': '解', en: 'E' } };
  const many = { id: 'many', version: 1, lesson: { 'zh-CN': '多', en: 'Many' }, questions: Array.from({ length: 10_000 }, (_, i) => ({ ...q, id: `q${i}` })) };
  const long = { id: 'long', version: 1, lesson: { 'zh-CN': '长', en: 'Long' }, questions: [{ ...q, prompt: { 'zh-CN': '长'.repeat(1 << 20), en: 'x'.repeat(1 << 20) } }] };
  await page.route('**/fixtures/many.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(many) }));
  await page.route('**/fixtures/long.json', (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(long) }));
  await page.goto('/fixtures/quiz-inline.html');
  await ready(quiz(page, 'inline'));
  await page.evaluate(() => {
    for (const name of ['many', 'long']) {
      const el = document.createElement('attn-quiz');
      el.id = name;
      el.setAttribute('lang', 'en');
      el.setAttribute('src', `/fixtures/${name}.json`);
      document.querySelector('main')!.append(el);
    }
  });
  await expect(quiz(page, 'many').locator('[role="alert"]')).toContainText('questions: at most 200 entries, got 10000', { timeout: 20_000 });
  const longAlert = quiz(page, 'long').locator('[role="alert"]');
  await expect(longAlert).toContainText('questions[0].prompt.zh-CN: at most 2000 characters, got 1048576', { timeout: 20_000 });
  await expect(longAlert).toContainText('questions[0].prompt.en: at most 2000 characters, got 1048576');
});
