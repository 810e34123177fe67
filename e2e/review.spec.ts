import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';

// <attn-review> against the built library under the strict CSP: the first
// quiz schedules a review two days later, the clock moves, the review runs
// and is rescheduled; progress survives export/import; tabs merge; a page
// without usable localStorage keeps working and says so.

const FIXTURE = '/fixtures/review.html';
const T0 = new Date('2026-11-29T10:00:00Z');
const KEY = 'attention-lab:progress';
// Written from memory in other words than the reference: the engine's
// evaluator judges what each line computes, not its spelling.
const LINES = [
  'np.matmul(Q, K.swapaxes(-2, -1)) * d_k**-0.5',
  'mask = ~np.tril(np.ones((T, T), dtype=bool))',
  'weights = softmax(scores)',
];

let bankAnswers: number[] = [];
test.beforeAll(async () => {
  const bank = JSON.parse(await readFile(new URL('../public/banks/lesson-01.json', import.meta.url), 'utf8'));
  bankAnswers = bank.questions.map((q: { answer: number }) => q.answer);
});

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** Answers every question of a quiz (scope = CSS path to the <attn-quiz>), `wrong` of them wrongly. */
async function answerQuiz(page: Page, scope: string, wrong = 0): Promise<void> {
  for (let qi = 0; qi < bankAnswers.length; qi++) {
    const o = qi < wrong ? (bankAnswers[qi] + 1) % 4 : bankAnswers[qi];
    await page.locator(`${scope} [role="radio"][data-q="${qi}"][data-o="${o}"]`).click();
  }
}

const items = (page: Page, id = 'review') =>
  page.locator(`#${id}`).evaluate((el) => (el as unknown as { items: { lesson: string; due: string; lastRating: string | null }[] }).items);

test('first quiz schedules a review two days later; when due it runs and is rescheduled', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.install({ time: T0 });
  await page.goto(FIXTURE);
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('state', 'empty');
  await expect(review).toContainText('Finish this lesson');

  await answerQuiz(page, '#quiz', 2);
  await expect(review).toHaveAttribute('state', 'scheduled');
  await expect(review.locator('[part~="status"]')).toContainText('in 2 days, Tue 1 Dec');
  const [first] = await items(page);
  expect(Date.parse(first.due)).toBeGreaterThanOrEqual(T0.getTime() + 2 * 86_400_000);
  expect(first.lastRating).toBeNull();

  // The calendar file for the next due date.
  const [ics] = await Promise.all([page.waitForEvent('download'), review.locator('[part~="calendar"]').click()]);
  expect(ics.suggestedFilename()).toBe('attention-lab-lesson-01-review.ics');
  const icsText = await readFile((await ics.path())!, 'utf8');
  expect(icsText).toContain('BEGIN:VCALENDAR');
  expect(icsText).toContain(`DTSTART:${first.due.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

  await page.clock.fastForward('48:00:00');
  await expect(review).toHaveAttribute('state', 'due');
  await expect(page.locator('#all')).toHaveAttribute('state', 'due');

  await page.evaluate(() => {
    (window as unknown as { reviewEvents: unknown[] }).reviewEvents = [];
    document.addEventListener('attn-review-complete', (e) => (window as unknown as { reviewEvents: unknown[] }).reviewEvents.push((e as CustomEvent).detail));
  });
  await review.locator('[part~="start"]').click();
  await expect(review.locator('[data-step="quiz"]')).toBeVisible();
  await answerQuiz(page, '#review attn-quiz');

  await expect(review.locator('[data-step="recall"]')).toBeVisible();
  for (let i = 0; i < 3; i++) await review.locator(`#line-${i}`).fill(LINES[i]);
  await review.locator('[part~="check"]').click();
  await expect(review.locator('[part~="reference"]')).toHaveCount(3);
  // Checked by the evaluator, so there is nothing to grade by hand.
  await expect(review.locator('[part~="self-grade"]')).toHaveCount(0);
  await review.locator('[part~="next"]').click();

  await expect(review.locator('[data-step="rate"]')).toBeVisible();
  await expect(review.locator('[part~="summary"]')).toContainText(`Quiz ${bankAnswers.length}/${bankAnswers.length}, recall 3/3`);
  await expect(review.locator('[part~="suggested"]')).toHaveAttribute('data-rating', 'easy');
  await review.locator('#rating-good').check();
  await review.locator('[part~="confirm"]').click();

  await expect(review).toHaveAttribute('state', 'scheduled');
  await expect(review).toContainText('Saved. Next review:');
  const [after] = await items(page);
  expect(after.lastRating).toBe('good');
  const now = await page.evaluate(() => Date.now());
  expect(Date.parse(after.due)).toBeGreaterThan(now + 86_400_000);
  const events = await page.evaluate(() => (window as unknown as { reviewEvents: unknown[] }).reviewEvents);
  expect(events).toEqual([{ lesson: 'lesson-01', rating: 'good', due: after.due }]);
  await expect(page.locator('#all')).toHaveAttribute('state', 'scheduled');

  const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!);
  expect(stored.v).toBe(2);
  expect(stored.data.attempts).toHaveLength(2);
  expect(stored.data.logs).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('export then import into a fresh profile restores everything', async ({ page, browser }) => {
  const errors = watchErrors(page);
  await page.goto(FIXTURE);
  await answerQuiz(page, '#quiz', 1);
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('state', 'scheduled');
  const before = await items(page);
  const storedBefore = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!);

  const [download] = await Promise.all([page.waitForEvent('download'), review.locator('[part~="export"]').click()]);
  expect(download.suggestedFilename()).toMatch(/^attention-lab-progress-\d{4}-\d{2}-\d{2}\.json$/);
  const file = (await download.path())!;

  const fresh = await browser.newContext();
  const page2 = await fresh.newPage();
  const errors2 = watchErrors(page2);
  await page2.goto(FIXTURE);
  const review2 = page2.locator('#review');
  await expect(review2).toHaveAttribute('state', 'empty');
  await review2.locator('input[type="file"]').setInputFiles(file);
  await expect(review2).toHaveAttribute('state', 'scheduled');
  await expect(review2.locator('[part~="message"]')).toContainText('Import done');
  expect(await items(page2)).toEqual(before);
  const storedAfter = JSON.parse((await page2.evaluate((k) => localStorage.getItem(k), KEY))!);
  expect(storedAfter).toEqual(storedBefore);

  // A broken file is refused and changes nothing.
  await review2.locator('input[type="file"]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"v":2,"data":{"attempts":[{"id":1}]}}') });
  await expect(review2.locator('[part~="message"]')).toContainText('invalid records');
  expect(await items(page2)).toEqual(before);
  await fresh.close();
  expect(errors).toEqual([]);
  expect(errors2).toEqual([]);
});

test('two tabs: changes show up in the other tab and simultaneous attempts are both kept', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  const errors = [...[a, b].map(watchErrors)];
  await a.goto(FIXTURE);
  await b.goto(FIXTURE);
  await expect(b.locator('#review')).toHaveAttribute('state', 'empty');

  // Interleave the answers so both tabs finish within moments of each other.
  for (let qi = 0; qi < bankAnswers.length; qi++) {
    await a.bringToFront();
    await a.locator(`#quiz [role="radio"][data-q="${qi}"][data-o="${bankAnswers[qi]}"]`).click();
    await b.bringToFront();
    await b.locator(`#quiz [role="radio"][data-q="${qi}"][data-o="${(bankAnswers[qi] + 1) % 4}"]`).click();
  }
  for (const p of [a, b]) {
    await expect(p.locator('#review')).toHaveAttribute('state', 'scheduled');
    await expect.poll(async () => JSON.parse((await p.evaluate((k) => localStorage.getItem(k), KEY))!).data.attempts.length).toBe(2);
  }
  const scores = JSON.parse((await a.evaluate((k) => localStorage.getItem(k), KEY))!).data.attempts.map((x: { score: number }) => x.score).sort();
  expect(scores).toEqual([0, bankAnswers.length]);

  // A tab that never acted sees the change through the storage event.
  const c = await context.newPage();
  errors.push(watchErrors(c));
  await c.goto(FIXTURE);
  await expect(c.locator('#all li[data-lesson="lesson-01"]')).toBeVisible();
  expect(errors.flat()).toEqual([]);
});

test('with localStorage blocked the widgets still work and say progress will not be kept', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
  });
  await page.goto(FIXTURE);
  const review = page.locator('#review');
  await expect(review.locator('[data-notice="memory-only"]')).toContainText('progress will be gone');
  await answerQuiz(page, '#quiz');
  await expect(review).toHaveAttribute('state', 'scheduled');
  await expect(page.locator('#all li[data-lesson="lesson-01"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('defaults to Chinese and keeps corrupt data aside with a visible note', async ({ page }) => {
  const errors = watchErrors(page);
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) { localStorage.setItem(key, '{"v":2,"data":{"attempts":[{"broken"'); sessionStorage.setItem('seeded', '1'); }
  }, KEY);
  await page.goto(FIXTURE);
  await page.locator('#review').evaluate((el) => el.setAttribute('lang', 'zh-CN'));
  const review = page.locator('#review');
  await expect(review.locator('[data-notice="recovered"]')).toContainText('已保存的进度数据已损坏');
  await expect(review).toContainText('先做完本课的检索练习测验');
  const backups = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('attention-lab:backup:')).map((k) => localStorage.getItem(k)));
  expect(backups).toEqual(['{"v":2,"data":{"attempts":[{"broken"']);
  expect(errors).toEqual([]);
});

test('no axe violations (WCAG 2 AA) in every step, light and dark, and keyboard reachable', async ({ browser }) => {
  test.setTimeout(90_000);
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install({ time: T0 });
    await page.goto(FIXTURE);
    await page.evaluate(axeSource);
    const check = async (label: string) => {
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const out: string[] = [];
        for (const id of ['review', 'all']) {
          const r = await axe.run(document.getElementById(id), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
          out.push(...r.violations.map((v) => `${id} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
        }
        return out;
      });
      expect(violations, `${colorScheme} ${label}`).toEqual([]);
    };
    const review = page.locator('#review');
    await expect(review).toHaveAttribute('state', 'empty');
    await check('empty');
    await answerQuiz(page, '#quiz');
    await expect(review).toHaveAttribute('state', 'scheduled');
    await check('scheduled');
    await page.clock.fastForward('48:00:00');
    await expect(review).toHaveAttribute('state', 'due');
    await check('due');

    // Keyboard: the start button is reachable with Tab and works with Enter.
    await review.locator('[part~="start"]').focus();
    await page.keyboard.press('Enter');
    await expect(review.locator('[data-step="quiz"]')).toBeVisible();
    await expect(review.locator('#step-title')).toBeFocused();
    await answerQuiz(page, '#review attn-quiz');
    await expect(review.locator('[data-step="recall"]')).toBeVisible();
    await check('recall');
    await review.locator('[part~="check"]').click();
    await expect(review.locator('[part~="reference"]')).toHaveCount(3);
    await check('recall revealed');
    await review.locator('[part~="next"]').click();
    await expect(review.locator('[data-step="rate"]')).toBeVisible();
    await check('rate');
    await context.close();
    expect(errors).toEqual([]);
  }
});

test('on the lesson page: the review widget follows the lesson quiz, in Chinese', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.install({ time: T0 });
  await page.goto('/');
  const review = page.locator('attn-review[lesson="lesson-01"]').first();
  await expect(review).toHaveAttribute('state', 'empty');
  await expect(review).toContainText('先做完本课的检索练习测验');
  await answerQuiz(page, 'attn-quiz[bank="lesson-01"]');
  await expect(review).toHaveAttribute('state', 'scheduled');
  await expect(review.locator('[part~="status"]')).toContainText('下次复习：后天');
  await page.clock.fastForward('48:00:00');
  await expect(review).toHaveAttribute('state', 'due');
  expect(errors).toEqual([]);
});
