// A slow machine loses nothing: the learner flows with Chromium's CPU
// throttled 6x (CDP Emulation.setCPUThrottlingRate), as on a low-end phone or
// a loaded two-core machine. Each control is used as soon as it is visible,
// without waiting for the page to settle; afterwards every input is reflected,
// and a reload restores what was stored. Every wait is for a condition; the
// deadlines are generous because the CPU is slow on purpose.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import { REF } from './helpers/lesson1';
import { attempt, envelope, LANG_KEY, PROGRESS_KEY, reviewItem, seedStorage } from './helpers/storage';
import { pointerTo, redraw, shiftDown } from './helpers/press';
import type { Locator, Page } from '@playwright/test';
import { TRAIN_LIMITS } from '../web/engine/shared/limits.js';

const RATE = 6;
const SLOW = { timeout: 60_000 };

test.describe.configure({ timeout: 240_000 });

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
}

const prop = <T>(el: Locator, name: string) => el.evaluate((e, n) => (e as unknown as Record<string, unknown>)[n], name) as Promise<T>;

/** Clicks one option of every question, each as soon as it is visible; checks each answer is the one clicked. */
async function answerAll(quiz: Locator, pick: (pos: number) => number): Promise<void> {
  const first = quiz.locator('li.question').first().locator('[role="radio"]').first();
  await expect(first).toBeVisible(SLOW);
  const total = await prop<number>(quiz, 'total');
  expect(total).toBeGreaterThan(0);
  for (let pos = 0; pos < total; pos++) {
    const opt = quiz.locator('li.question').nth(pos).locator('[role="radio"]').nth(pick(pos));
    await opt.click();
  }
  await expect(quiz.locator('[part="score"]')).toBeVisible(SLOW);
  for (let pos = 0; pos < total; pos++) {
    const radios = quiz.locator('li.question').nth(pos).locator('[role="radio"]');
    await expect(radios.nth(pick(pos)), `question ${pos + 1}: the option clicked`).toHaveAttribute('aria-checked', 'true');
    await expect(quiz.locator('li.question').nth(pos).locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
  }
  expect(await prop<number>(quiz, 'answered')).toBe(total);
}

const storedAttempts = (page: Page) => page.evaluate((k) => {
  const raw = localStorage.getItem(k);
  return raw ? (JSON.parse(raw) as { data: { attempts: { lesson: string; answers: { chosen: number }[] }[] } }).data.attempts : [];
}, PROGRESS_KEY);

for (const { path, bank, lang } of [
  { path: '/', bank: 'lesson-01', lang: 'zh-CN' },
  { path: '/reading.html', bank: 'reading-01', lang: 'en' },
]) {
  test(`${path}: every quiz answer clicked as soon as it shows counts, ${lang}`, async ({ page }) => {
    await seedStorage(page, { [LANG_KEY]: lang });
    await throttle(page);
    await page.goto(path);
    const quiz = page.locator(`attn-quiz[bank="${bank}"]`).first();
    await answerAll(quiz, (pos) => pos % 2);
    const stored = await storedAttempts(page);
    expect(stored.filter((a) => a.lesson === bank)).toHaveLength(1);
    const review = page.locator(`attn-review[lesson="${bank}"]`).first();
    await expect(review).toHaveAttribute('state', 'scheduled', SLOW);
    await page.reload();
    await expect(page.locator(`attn-review[lesson="${bank}"]`).first()).toHaveAttribute('state', 'scheduled', SLOW);
    expect((await storedAttempts(page)).filter((a) => a.lesson === bank)).toHaveLength(1);
  });
}

// The lost first answer: the page moved the option from under the pointer, or
// redrew it, between press and release, while the lesson page was still
// loading. Each press counts, once, and is the option pressed.
test('/: a first press the page moves, then one it redraws, under a still pointer counts once, zh-CN', async ({ page }) => {
  await seedStorage(page, { [LANG_KEY]: 'zh-CN' });
  await throttle(page);
  await page.goto('/');
  const quiz = page.locator('attn-quiz[bank="lesson-01"]').first();
  const option = (q: number, o: number) => quiz.locator('li.question').nth(q).locator('[role="radio"]').nth(o);
  await expect(option(0, 1)).toBeVisible(SLOW);
  await option(0, 1).scrollIntoViewIfNeeded();
  await pointerTo(page, option(0, 1));
  await page.mouse.down();
  await shiftDown(quiz, 40);
  await page.mouse.up();
  await expect(option(0, 1)).toHaveAttribute('aria-checked', 'true', SLOW);
  await option(1, 0).scrollIntoViewIfNeeded();
  await pointerTo(page, option(1, 0));
  await page.mouse.down();
  expect(await redraw(quiz, 'li.question:nth-child(2) [role="radio"]')).toBe(true);
  await page.mouse.up();
  await expect(option(1, 0)).toHaveAttribute('aria-checked', 'true', SLOW);
  expect(await prop<number>(quiz, 'answered')).toBe(2);
  for (const q of [0, 1]) await expect(quiz.locator('li.question').nth(q).locator('[role="radio"][aria-checked="true"]')).toHaveCount(1);
  // The rest clicked as usual: one finished attempt is stored, and a reload shows it scheduled for review.
  const total = await prop<number>(quiz, 'total');
  for (let q = 2; q < total; q++) await option(q, 0).click();
  await expect(quiz.locator('[part="score"]')).toBeVisible(SLOW);
  expect(await prop<number>(quiz, 'answered')).toBe(total);
  const stored = (await storedAttempts(page)).filter((a) => a.lesson === 'lesson-01');
  expect(stored).toHaveLength(1);
  expect(stored[0]!.answers).toHaveLength(total);
  await page.reload();
  await expect(page.locator('attn-review[lesson="lesson-01"]').first()).toHaveAttribute('state', 'scheduled', SLOW);
  expect((await storedAttempts(page)).filter((a) => a.lesson === 'lesson-01')).toHaveLength(1);
});

test('a review session: the quiz, the recall lines and a rating, then a reload', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-29T10:00:00Z') });
  await seedStorage(page, {
    [PROGRESS_KEY]: JSON.stringify(envelope({ attempts: [attempt('seeded')], reviews: { 'lesson-01': reviewItem('lesson-01', '2026-11-22T10:00:00.000Z') } })),
    [LANG_KEY]: 'en',
  });
  await throttle(page);
  await page.goto('/fixtures/review.html');
  const review = page.locator('#review');
  await expect(review).toHaveAttribute('state', 'due', SLOW);
  await review.locator('[part~="start"]').click();
  // The right answer of every question, each clicked as soon as it shows: the session moves on
  // to the recall step when the last one is in, and its summary counts them.
  const answers = (JSON.parse(readFileSync(new URL('../public/banks/lesson-01.json', import.meta.url), 'utf8')) as { questions: { answer: number }[] }).questions.map((q) => q.answer);
  for (const [qi, o] of answers.entries()) await review.locator(`attn-quiz [role="radio"][data-q="${qi}"][data-o="${o}"]`).click();
  await expect(review.locator('[data-step="recall"]')).toBeVisible(SLOW);
  for (let i = 0; i < 3; i++) await review.locator(`#line-${i}`).fill(REF[i]!);
  await review.locator('[part~="check"]').click();
  await expect(review.locator('[part~="reference"]')).toHaveCount(3, SLOW);
  await review.locator('[part~="next"]').click();
  await expect(review.locator('[data-step="rate"]')).toBeVisible(SLOW);
  await expect(review.locator('[part~="summary"]')).toContainText(`Quiz ${answers.length}/${answers.length}, recall 3/3`);
  await review.locator('#rating-hard').check();
  await review.locator('[part~="confirm"]').click();
  await expect(review).toHaveAttribute('state', 'scheduled', SLOW);
  const lastRating = () => review.evaluate((el) => (el as unknown as { items: { lastRating: string | null }[] }).items[0]?.lastRating);
  expect(await lastRating()).toBe('hard');
  await page.reload();
  await expect(page.locator('#review')).toHaveAttribute('state', 'scheduled', SLOW);
  expect(await lastRating()).toBe('hard');
});

test('the exercise: three lines typed, then Run, then a reload', async ({ page }) => {
  await seedStorage(page, { [LANG_KEY]: 'en' });
  await throttle(page);
  await page.goto('/fixtures/a11y-exercise.html');
  const ex = page.locator('attn-exercise');
  for (let k = 0; k < 3; k++) {
    const input = ex.locator(`input[data-todo="${k + 1}"]`);
    await input.fill(REF[k]!);
  }
  await ex.locator('button.run').click();
  for (let k = 1; k <= 3; k++) await expect(ex.locator(`li[data-todo="${k}"]`)).toHaveAttribute('data-correct', 'true', SLOW);
  for (let k = 0; k < 3; k++) await expect(ex.locator(`input[data-todo="${k + 1}"]`)).toHaveValue(REF[k]!);
  await page.reload();
  for (let k = 0; k < 3; k++) await expect(page.locator(`attn-exercise input[data-todo="${k + 1}"]`)).toHaveValue(REF[k]!, SLOW);
});

test('the heatmap slider moved by the keyboard: every key press is one step', async ({ page }) => {
  await throttle(page);
  await page.goto('/fixtures/heatmap.html');
  const hm = page.locator('#hm');
  const slider = hm.locator('input[type="range"]');
  await expect(slider).toBeVisible(SLOW);
  const start = await prop<number>(hm, 'dk');
  await slider.focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => prop<number>(hm, 'dk'), SLOW).toBe(start + 5);
  await expect(slider).toHaveValue(String(start + 5));
  await expect(hm).toHaveAttribute('dk', String(start + 5));
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => prop<number>(hm, 'dk'), SLOW).toBe(start + 4);
  await expect.poll(() => hm.evaluate((e) => (e as unknown as { weights?: Float64Array }).weights?.length ?? 0), SLOW).toBeGreaterThan(0);
});

type Train = HTMLElement & { phase: string; log: string[]; generation: { steps: unknown[] } };
const phase = (page: Page, id: string) => page.evaluate((i) => (document.getElementById(i) as unknown as Train).phase, id);

test('training: Start, Pause and Resume, then five generation steps', async ({ page }) => {
  await seedStorage(page, { [LANG_KEY]: 'en' });
  await throttle(page);
  await page.goto('/fixtures/train.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined, null, SLOW);
  // The lecture's default run (5000 steps, eval every 500): long enough to pause by hand.
  await page.evaluate(() => {
    const h = document.getElementById('head')!;
    h.removeAttribute('iters');
    h.removeAttribute('eval-interval');
  });
  const el = page.locator('#head');
  const log = () => page.evaluate(() => (document.getElementById('head') as unknown as Train).log);
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => phase(page, 'head'), SLOW).toBe('running');
  await el.locator('[part="pause-button"]').click();
  await expect.poll(() => phase(page, 'head'), SLOW).toBe('paused');
  await expect(el.locator('[part="pause-button"]')).toHaveText('Resume', SLOW);
  const held = (await log()).length;
  await el.locator('[part="pause-button"]').click();
  await expect.poll(() => phase(page, 'head'), SLOW).not.toBe('paused');
  await expect.poll(() => phase(page, 'head'), { timeout: 180_000 }).toBe('done');
  const lines = await log();
  expect(lines.length).toBe(10); // steps 0, 500, …, 4500
  expect(lines.length).toBeGreaterThanOrEqual(held);
  await expect(el.locator('[part="generate"]')).toBeVisible(SLOW);
  await el.locator('#gen-count').fill('5');
  await el.locator('[part="generate-play"]').click();
  await expect.poll(() => page.evaluate(() => (document.getElementById('head') as unknown as Train).generation.steps.length), SLOW).toBe(5);
  await expect(el.locator('[part="generate-play"]')).toHaveAttribute('aria-pressed', 'false', SLOW);
});

// On a cross-origin isolated page (the e2e server sends COOP and COEP to requests with this
// cookie) a gpt run is shared among threads: Start pressed as soon as it shows counts, the
// status line says the threads while the run goes on, and the log is the one-thread log.
test('an isolated page: Start as soon as it shows runs gpt on threads and prints the one-thread log', async ({ page, context, baseURL }) => {
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  test.skip(cores < 2, 'one core: there is nothing to share');
  await context.addCookies([{ name: 'attn-isolated', value: '1', url: baseURL! }]);
  await throttle(page);
  await page.goto('/fixtures/train-blocks.html');
  const el = page.locator('#gpt');
  // train_gpt_11_shared.txt's settings (e2e/threads.spec.ts).
  await page.evaluate(() => {
    const g = document.getElementById('gpt')!;
    for (const [k, v] of Object.entries({ iters: '11', 'eval-interval': '5', 'eval-iters': '2', batch: '32', block: '32', 'n-embd': '64', 'n-head': '4', 'n-layer': '1' })) g.setAttribute(k, v);
  });
  await el.locator('[part="start-button"]').click(SLOW);
  const threads = `(on ${Math.min(cores, TRAIN_LIMITS.maxThreads)} threads)`;
  await expect(el.locator('[part="status"]')).toContainText(threads, SLOW);
  await expect.poll(() => phase(page, 'gpt'), { timeout: 180_000 }).toBe('done');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const golden = readFileSync(new URL('./golden/train_gpt_11_shared.txt', import.meta.url), 'utf8').trimEnd().split('\n');
  expect(await page.evaluate(() => (document.getElementById('gpt') as unknown as Train).log)).toEqual(golden);
});
