import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './helpers/ready';
import { holdBack } from './helpers/hold';

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

/** How far the view's bottom is from the page's end. */
const gapToEnd = (page: Page) => page.evaluate(() => Math.round(document.documentElement.scrollHeight - (scrollY + innerHeight)));

/**
 * Opens /reading.html with the library (every element but the first heatmap) held back, presses
 * End and waits for the jump to land; returns the function that lets the library through.
 */
async function endBeforeTheWidgets(page: Page): Promise<() => void> {
  const release = await holdBack(page, /\/assets\/attention-lab-[^/]*\.js$/);
  await page.goto('/reading.html', { waitUntil: 'domcontentloaded' });
  await page.keyboard.press('End');
  await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => document.documentElement.dataset.jumpHold)).toBe('end');
  return release;
}

test('End pressed while the widgets\' code is still on its way ends at the end once it has arrived', async ({ page }) => {
  const release = await endBeforeTheWidgets(page);
  const before = await page.evaluate(() => document.documentElement.scrollHeight);
  release();
  await elementsReady(page);
  // The page grew by the widgets' real height (their placeholders are a few lines tall)...
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(before + 1000);
  // ...and the view is at its end again.
  await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(2);
});

test('after End, the reader scrolling up (a scrollbar dragged: no key, no pointer event) is not pulled back to the end', async ({ page }) => {
  const release = await endBeforeTheWidgets(page);
  // The page grows in the last screen: the hold brings the view back to the end (so it has seen the view there).
  await page.evaluate(() => document.querySelector('main section.step:last-of-type')!.append(Object.assign(document.createElement('div'), { className: 'grown' })));
  await page.evaluate(() => { (document.querySelector('.grown') as HTMLElement).style.height = '2000px'; });
  await expect.poll(() => gapToEnd(page)).toBeLessThanOrEqual(2);
  // Then the view moves up as a scrollbar drag moves it: no event the page could take for the reader's.
  const quizTop = () => page.evaluate(() => Math.round(document.getElementById('quiz')!.getBoundingClientRect().top));
  await page.evaluate(() => document.getElementById('quiz')!.scrollIntoView({ block: 'start', behavior: 'instant' }));
  // The page lets go of the end at once.
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.jumpHold ?? 'none')).toBe('none');
  release();
  await elementsReady(page);
  // The quiz's heading stays where the reader put it (scroll anchoring), and the page has not been pulled to its end.
  await expect.poll(async () => Math.abs(await quizTop())).toBeLessThan(40);
  expect(await gapToEnd(page)).toBeGreaterThan(1000);
});

test('a script bringing the last widget into view while the others\' code is on its way keeps it in view once they arrive', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/attention-lab-[^/]*\.js$/);
  await page.goto('/reading.html', { waitUntil: 'domcontentloaded' });
  // The review is in the last screen: the view ends at the page's end with the quiz's place above it.
  await page.evaluate(() => document.getElementById('review-widget')!.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.jumpHold ?? 'none')).toBe('end');
  const before = await page.evaluate(() => document.documentElement.scrollHeight);
  release();
  await elementsReady(page);
  // The widgets above it grew by far more than a screen...
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(before + 1000);
  // ...and the review is still in view.
  await expect.poll(() => page.evaluate(() => {
    const r = document.getElementById('review-widget')!.getBoundingClientRect();
    return r.top >= 0 && r.top < innerHeight;
  })).toBe(true);
});

test('a script bringing a widget into view while the code of those above is on its way keeps it in place once they arrive', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/attention-lab-[^/]*\.js$/);
  await page.goto('/reading.html', { waitUntil: 'domcontentloaded' });
  const top = () => page.evaluate(() => Math.round(document.getElementById('tril-perm')!.getBoundingClientRect().top));
  // Three labs above it, and it, are still their dashed boxes.
  await page.evaluate(() => document.getElementById('tril-perm')!.scrollIntoView({ block: 'start', behavior: 'instant' }));
  const t0 = await top();
  expect(Math.abs(t0)).toBeLessThan(40);
  const before = await page.evaluate(() => document.documentElement.scrollHeight);
  release();
  await elementsReady(page);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(before + 1000);
  // The browser's scroll anchoring kept it at the top: no frame in which its own box changed its layout suspended it.
  await expect.poll(async () => Math.abs(await top() - t0)).toBeLessThan(2);
});

test('a script bringing a widget of the last screen into view keeps it in view when the one below it grows', async ({ page }) => {
  const release = await holdBack(page, /\/assets\/attention-lab-[^/]*\.js$/);
  await page.goto('/block.html', { waitUntil: 'domcontentloaded' });
  // A view tall enough for the interview to be in the last screen (as at 1280 × 900), above the
  // review: it cannot come to the top, and the view ends at the page's end.
  const toEnd = await page.evaluate(() => document.documentElement.scrollHeight - (document.getElementById('interview-widget')!.getBoundingClientRect().top + scrollY));
  await page.setViewportSize({ width: 1280, height: Math.round(toEnd) + 100 });
  await page.evaluate(() => document.getElementById('interview-widget')!.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.jumpHold ?? 'none')).toBe('end');
  release();
  await elementsReady(page);
  // The page grows below the review by two screens: the end moves that far down, and holding the
  // end alone would take the interview out of view.
  await page.evaluate(() => {
    const grown = Object.assign(document.createElement('div'), { className: 'grown' });
    grown.style.height = `${2 * innerHeight}px`;
    document.getElementById('review-widget')!.after(grown);
  });
  // It keeps a quarter of the view (the hold's share); the review's top is in view below it.
  const visible = (id: string) => page.evaluate((i) => {
    const r = document.getElementById(i)!.getBoundingClientRect();
    return Math.round(Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  }, id);
  await expect.poll(async () => [await visible('interview-widget') >= 100, await visible('review-widget') >= 100]).toEqual([true, true]);
  expect(await page.evaluate(() => document.documentElement.dataset.jumpHold)).toBe('end');
});
