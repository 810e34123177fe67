// A due review must be seen: a banner at the top of every lesson page (and of
// an embedded review) says which review is due and leads to it; the calendar
// file names the lesson, not its id.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { attempt, envelope, LANG_KEY, PROGRESS_KEY, reviewItem, seedStorage } from './helpers/storage';

const T0 = new Date('2026-11-29T10:00:00Z');
const NAMES = {
  'zh-CN': { 'lesson-01': '第 1 课 缩放点积注意力', 'reading-01': '阅读笔记：Karpathy《Let\'s build GPT》之自注意力' },
  en: { 'lesson-01': 'Lesson 1: scaled dot-product attention', 'reading-01': 'Reading note: self-attention in Karpathy\'s "Let\'s build GPT"' },
} as const;

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
});
test.afterEach(() => expect(errors).toEqual([]));

async function seed(page: Page, lang: string, reviews: Record<string, string>): Promise<void> {
  const items = Object.fromEntries(Object.entries(reviews).map(([l, due]) => [l, reviewItem(l, due)]));
  await seedStorage(page, {
    [LANG_KEY]: lang,
    [PROGRESS_KEY]: JSON.stringify(envelope({ attempts: [attempt('a1'), attempt('a2', 'reading-01')], reviews: items })),
  });
}

for (const lang of ['zh-CN', 'en'] as const) {
  test(`${lang}: a due review shows at the top of both lesson pages and leads to it`, async ({ page }) => {
    await page.clock.install({ time: T0 });
    await seed(page, lang, { 'lesson-01': '2026-11-28T10:00:00.000Z', 'reading-01': '2026-11-29T11:00:00.000Z' });

    await page.goto('/');
    const banner = page.locator('#due-banner');
    await expect(banner).toBeVisible();
    // At the top: inside <main>, before the lesson, on the first screen.
    expect(await banner.evaluate((b) => b.parentElement?.tagName === 'MAIN' && b === b.parentElement.firstElementChild)).toBe(true);
    expect((await banner.boundingBox())!.y).toBeLessThan(200);
    await expect(banner).toContainText(NAMES[lang]['lesson-01']);
    await expect(banner).not.toContainText(NAMES[lang]['reading-01']); // not due yet
    await expect(banner).not.toContainText('lesson-01');
    const link = banner.locator(`a[data-lesson="lesson-01"]:visible`);
    await expect(link).toHaveAttribute('href', '#review');
    await link.click();
    await expect(page.locator('#review attn-review')).toBeInViewport();
    // The review itself opens with the same news, naming the lesson.
    await expect(page.locator('#review-widget [part="due-banner"]')).toContainText(NAMES[lang]['lesson-01']);

    // The reading note's review falls due while the page is open: the banner adds it, with a link to its page.
    await page.clock.fastForward('01:00:30');
    await expect(banner).toContainText(NAMES[lang]['reading-01']);
    await expect(banner.locator('a[data-lesson="reading-01"]:visible')).toHaveAttribute('href', './reading.html#review');

    // On the reading page: the banner is there too, its own review on the page.
    await page.goto('/reading.html');
    await expect(banner).toBeVisible();
    await expect(banner.locator('a[data-lesson="reading-01"]:visible')).toHaveAttribute('href', '#review');
    await expect(banner.locator('a[data-lesson="lesson-01"]:visible')).toHaveAttribute('href', './index.html#review');
  });
}

test('nothing due: no banner', async ({ page }) => {
  await page.clock.install({ time: T0 });
  await seed(page, 'zh-CN', { 'lesson-01': '2026-12-05T10:00:00.000Z' });
  await page.goto('/');
  await expect(page.locator('attn-review')).toHaveAttribute('state', 'scheduled');
  await expect(page.locator('#due-banner')).toBeHidden();
  await expect(page.locator('#review-widget [part="due-banner"]')).toHaveCount(0);
});

test('an embedded review opens with the banner; the calendar file uses the lesson\'s name', async ({ page }) => {
  await page.clock.install({ time: T0 });
  await seed(page, 'en', { 'lesson-01': '2026-11-28T10:00:00.000Z' });
  await page.goto('/embed.html?w=review&lesson=lesson-01&lang=en');
  const banner = page.locator('attn-review [part="due-banner"]');
  await expect(banner).toHaveText(`Your review is due: ${NAMES.en['lesson-01']}.`);
  expect((await banner.boundingBox())!.y).toBeLessThan(120);

  // Scheduled (not due): the calendar entry says what to review by name.
  await seed(page, 'zh-CN', { 'lesson-01': '2026-12-05T10:00:00.000Z' });
  for (const lang of ['en', 'zh-CN'] as const) {
    await page.goto(`/embed.html?w=review&lesson=lesson-01&lang=${lang}`);
    const [ics] = await Promise.all([page.waitForEvent('download'), page.locator('attn-review [part~="calendar"]').click()]);
    const text = (await readFile((await ics.path())!, 'utf8')).replace(/\r\n /g, '');
    const summary = text.split('\r\n').find((l) => l.startsWith('SUMMARY:'))!;
    expect(summary).toContain(NAMES[lang]['lesson-01'].replace(/,/g, '\\,'));
    expect(summary).not.toContain('lesson-01');
  }
});
