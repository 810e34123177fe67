import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './helpers/ready';

// Jumps to a section land on it, also while the elements above it are still
// loading (web/pages/page-anchors.ts). Also checked in Firefox and WebKit by e2e-engines/.

const topOf = (page: Page, id: string) => page.evaluate((i) => Math.round(document.getElementById(i)!.getBoundingClientRect().top), id);

for (const [path, ids] of [['/', ['scaling', 'quiz', 'review']], ['/reading.html', ['note-scale', 'quiz']]] as const) {
  test(`${path}: opened with a fragment, the section is at the top once the page has settled`, async ({ page }) => {
    for (const id of ids) {
      await page.goto(`${path}#${id}`);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => topOf(page, id), { timeout: 10_000 }).toBeLessThan(40);
      // The quiz, exercise and review code arrive and grow the page above:
      // once every element has loaded and rendered, the section is (still, or
      // put back) at the top.
      await elementsReady(page);
      await expect.poll(async () => Math.abs(await topOf(page, id)), { message: `#${id}`, timeout: 10_000 }).toBeLessThan(40);
    }
  });
}

test('a contents link and a script setting the fragment land on the section', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.locator('.toc a[href="#review"]').click();
  // Lands on it (not past it: sections above may still be growing or
  // settling their guessed heights while the jump happens), and stays there
  // once every element has rendered.
  await expect.poll(async () => Math.abs(await topOf(page, 'review')), { timeout: 10_000 }).toBeLessThan(40);
  await elementsReady(page);
  await expect.poll(async () => Math.abs(await topOf(page, 'review')), { timeout: 10_000 }).toBeLessThan(40);
  await page.evaluate(() => { location.hash = '#quiz'; });
  await expect.poll(async () => Math.abs(await topOf(page, 'quiz')), { timeout: 10_000 }).toBeLessThan(40);
});


test('End pressed while the widgets\' code is still on its way ends at the end once it has arrived', async ({ page }) => {
  // Hold the library (every element but the first heatmap) back until End has been pressed and the jump has landed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/attention-lab-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto('/reading.html', { waitUntil: 'domcontentloaded' });
  const gap = () => page.evaluate(() => Math.round(document.documentElement.scrollHeight - (scrollY + innerHeight)));
  const before = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.keyboard.press('End');
  await expect.poll(gap).toBeLessThanOrEqual(2);
  release();
  await elementsReady(page);
  // The page grew by the widgets' real height (their placeholders are a few lines tall)...
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(before + 1000);
  // ...and the view is at its end again.
  await expect.poll(gap).toBeLessThanOrEqual(2);
});
