// What a new learner meets on the built site, in both languages:
// quizzes that cannot be passed on option length, the missed questions listed
// with the way back to their sections, one numbering on the reading page, the
// note's "why" questions as open prompts, nothing cut off at 360 px, and bank
// errors an author can act on.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANG_KEY, seedStorage } from './helpers/storage';

const LANGS = ['zh-CN', 'en'] as const;
type L = (typeof LANGS)[number];

let errors: string[] = [];
let allowed: RegExp[] = [];
test.beforeEach(({ page }) => {
  errors = [];
  allowed = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && !allowed.some((r) => r.test(m.text()))) errors.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(String(e)));
});
test.afterEach(() => expect(errors).toEqual([]));

async function openIn(page: Page, path: string, lang: L): Promise<void> {
  await seedStorage(page, { [LANG_KEY]: lang });
  await page.goto(path);
}

const quizOn = (page: Page) => page.locator('#quiz-widget');

async function ready(q: Locator): Promise<number> {
  await expect(q.locator('[role="radio"]').first()).toBeVisible();
  return q.evaluate((el) => (el as unknown as { total: number }).total);
}

/** The bank index of the right option of the question shown at `pos`. */
const rightAt = (q: Locator, pos: number) => q.evaluate((el, p) => {
  const e = el as unknown as { order: string[]; bankData: { questions: { id: string; answer: number }[] } };
  return e.bankData.questions.find((x) => x.id === e.order[p])!.answer;
}, pos);

for (const [path, bank] of [['/', 'lesson-01'], ['/reading.html', 'reading-01']] as const) {
  for (const lang of LANGS) {
    test(`${bank} (${lang}): always picking the option that looks longest on screen does no better than chance`, async ({ page }) => {
      await openIn(page, path, lang);
      const q = quizOn(page);
      const total = await ready(q);
      for (let pos = 0; pos < total; pos++) {
        const opts = q.locator('li.question').nth(pos).locator('[role="radio"] .otext');
        // how much room each option takes: its lines' widths added up
        const widths = await opts.evaluateAll((els) => els.map((e) => {
          const r = document.createRange();
          r.selectNodeContents(e);
          return Array.from(r.getClientRects()).reduce((s, x) => s + x.width, 0);
        }));
        const longest = widths.indexOf(Math.max(...widths));
        await opts.nth(longest).click();
      }
      const score = await q.evaluate((el) => (el as unknown as { score: number }).score);
      // Four options: a blind pick scores a quarter; the old banks gave 11–14 of 14 here.
      expect(score, `${score} of ${total} by length alone`).toBeLessThanOrEqual(Math.ceil(total / 4));
    });
  }
}

for (const lang of LANGS) {
  test(`reading page (${lang}): contents, headings and quiz links share one numbering, by anchor`, async ({ page }) => {
    await openIn(page, '/reading.html', lang);
    // contents list number == the heading's number, for every entry
    const toc = await page.evaluate(() => {
      const ol = document.querySelector('nav.toc ol') as HTMLOListElement;
      return Array.from(ol.querySelectorAll('a')).map((a, i) => {
        const id = a.getAttribute('href')!.slice(1);
        const num = document.getElementById(id)?.querySelector('h2 .num')?.textContent?.trim() ?? null;
        return { id, listed: String(ol.start + i), num };
      });
    });
    expect(toc.length).toBeGreaterThan(8);
    for (const e of toc) expect(e.listed, e.id).toBe(e.num);

    // every quiz feedback link points at a section of this page and is named after its heading
    const q = quizOn(page);
    const total = await ready(q);
    for (let pos = 0; pos < total; pos++) await q.locator('li.question').nth(pos).locator('[role="radio"]').first().click();
    const links = q.locator('li.question a[part="section-link"]');
    await expect(links).toHaveCount(total);
    for (const a of await links.all()) {
      const hash = new URL((await a.getAttribute('href'))!).hash.slice(1);
      const heading = await page.evaluate(([id, l]) => {
        const h = document.getElementById(id)?.querySelector('h2');
        if (!h) return null;
        const clone = h.cloneNode(true) as HTMLElement;
        clone.querySelectorAll(`[lang]:not([lang^="${l === 'en' ? 'en' : 'zh'}"])`).forEach((x) => x.remove());
        clone.querySelectorAll('sup').forEach((x) => x.prepend('^'));
        return clone.textContent!.replace(/\s+/g, ' ').trim();
      }, [hash, lang] as const);
      expect(heading, hash).not.toBeNull();
      await expect(a).toHaveText(lang === 'en' ? `Review “${heading}”` : `回到“${heading}”复习`);
    }
  });

  test(`reading page (${lang}): the note's seven "why" questions are free-recall prompts beside the quiz`, async ({ page }) => {
    await openIn(page, '/reading.html', lang);
    const q = quizOn(page);
    await ready(q);
    const open = q.locator('[part="open-item"]');
    await expect(open).toHaveCount(7);
    await expect(q.locator('#open-title')).toHaveText(lang === 'en' ? 'In your own words' : '用自己的话回答');
    const first = open.first();
    await first.locator('textarea').fill(lang === 'en' ? 'each row of the ones matrix adds the rows' : '全 1 的一行与每列点积就是求和');
    await expect(first.locator('[part="model-answer"]')).toBeHidden();
    await first.locator('[part="reveal"]').click();
    await expect(first.locator('[part="model-answer"]')).toBeVisible();
    await expect(first.locator('[part="model-answer"] a[part="section-link"]')).toHaveAttribute('href', /#note-[a-z]+$/);
  });

  test(`lesson quiz (${lang}): the summary lists the questions answered wrongly, each linked to its section`, async ({ page }) => {
    await openIn(page, '/', lang);
    const q = quizOn(page);
    const total = await ready(q);
    const missed: string[] = [];
    for (let pos = 0; pos < total; pos++) {
      const right = await rightAt(q, pos);
      const item = q.locator('li.question').nth(pos);
      const wrong = pos % 4 === 1;
      if (wrong) missed.push((await item.getAttribute('data-question'))!);
      await item.locator(`[role="radio"][data-o="${wrong ? (right + 1) % 4 : right}"]`).click();
    }
    const list = q.locator('[part="summary"] [part="missed"] li');
    await expect(list).toHaveCount(missed.length);
    expect(await list.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.question))).toEqual(missed);
    for (const li of await list.all()) {
      const a = li.locator('a[part="section-link"]');
      const hash = new URL((await a.getAttribute('href'))!).hash.slice(1);
      expect(await page.evaluate((id) => document.getElementById(id) !== null, hash), hash).toBe(true);
    }
    // the link takes the learner there
    const a = list.first().locator('a');
    const hash = new URL((await a.getAttribute('href'))!).hash;
    await a.click();
    await expect(page.locator(hash)).toBeInViewport();
    // all right: no list
    await q.locator('[part="retake"]').click();
    for (let pos = 0; pos < total; pos++) {
      await q.locator('li.question').nth(pos).locator(`[role="radio"][data-o="${await rightAt(q, pos)}"]`).click();
    }
    await expect(q.locator('[part="score"]')).toBeVisible();
    await expect(q.locator('[part="missed"]')).toHaveCount(0);
  });

  test(`360 px (${lang}): nothing is cut off on either page`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ['/', '/reading.html']) {
      await openIn(page, path, lang);
      await expect(page.locator('attn-heatmap canvas').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: page width`).toBeLessThanOrEqual(360);
      // Tables fit their box, or their box scrolls and shows it (edge shadows).
      for (const wrap of await page.locator('.table-wrap').all()) {
        const r = await wrap.evaluate((el) => ({ fits: el.scrollWidth <= el.clientWidth + 1, bg: getComputedStyle(el).backgroundImage, css: getComputedStyle(el).overflowX }));
        expect(r.fits || (r.css === 'auto' && r.bg.includes('radial-gradient')), `${path} table`).toBe(true);
      }
    }
    await openIn(page, '/', lang);
    expect(await page.locator('table.shapes').evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth + 1), 'the shapes table fits').toBe(true);
    const ex = page.locator('attn-exercise');
    await expect(ex.locator('input[data-todo]').first()).toBeVisible();
    // Each TODO's hint is whole on screen (wrapped under its input), not beyond the right edge.
    const hints = ex.locator('.slot .tag');
    await expect(hints).toHaveCount(3);
    for (const hint of await hints.all()) {
      const box = (await hint.boundingBox())!;
      expect(box.x, 'hint starts on screen').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'hint ends on screen').toBeLessThanOrEqual(360);
      const inputBox = (await hint.locator('xpath=preceding-sibling::input').boundingBox())!;
      expect(inputBox.x + inputBox.width, 'input on screen').toBeLessThanOrEqual(360);
    }
    // The program's long lines scroll inside their box, which shows it can.
    const prog = await ex.locator('.prog').evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth, overflow: getComputedStyle(el).overflowX, bg: getComputedStyle(el).backgroundImage }));
    if (prog.scrolls) { expect(prog.overflow).toBe('auto'); expect(prog.bg).toContain('radial-gradient'); }
  });
}

// The edge shadows of a box that scrolls sideways (tables, code, the exercise's
// program, the bonus's tables) show only where there is more to see: none on a box that fits.
test('a box that fits shows no edge shadow; one that scrolls shows it on the side with more', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openIn(page, '/', 'en');
  // each box, and the style that makes it as wide as its content (the table is, as laid out
  // here; the bonus's box is a flex item, which would shrink back)
  const boxes = [
    ['table', page.locator('.table-wrap').first(), { width: '' }],
    ['program', page.locator('attn-exercise .prog'), { width: 'max-content', maxWidth: 'none' }],
    ['bonus table', page.locator('attn-heads .scroll:has(table[part="mine"])'), { minWidth: 'max-content', maxWidth: 'none' }],
  ] as const;
  await expect(boxes[1][1]).toBeVisible();
  // the bonus loads its engine when it nears the viewport
  await expect.poll(() => page.locator('attn-heads').evaluate((e) => { e.scrollIntoView({ block: 'center' }); return (e as HTMLElement & { mine?: unknown[] }).mine?.length ?? 0; }),
    { timeout: 15_000 }).toBeGreaterThan(0);
  /** The largest difference, in 8-bit levels, between two screenshots of the same size. */
  const largestDifference = (a: Buffer, b: Buffer) => page.evaluate(async ([a, b]) => {
    const pixels = async (b64: string) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    };
    const [p, q] = await Promise.all([pixels(a), pixels(b)]);
    let most = 0;
    for (let i = 0; i < p.length; i++) most = Math.max(most, Math.abs(p[i]! - q[i]!));
    return most;
  }, [a.toString('base64'), b.toString('base64')]);
  for (const [name, box, wide] of boxes) {
    await box.scrollIntoViewIfNeeded();
    // each edge of the box (2rem of it, less the rounded corners) as drawn, then as drawn
    // with no background image at all; text drawn over the gradients may round a level
    // differently, a shadow darkens by tens
    const edges = async () => {
      const b = (await box.boundingBox())!;
      const w = 32, corner = 12;
      return Promise.all([b.x, b.x + b.width - w].map((x) => page.screenshot({ clip: { x, y: b.y + corner, width: w, height: b.height - 2 * corner }, animations: 'disabled' })));
    };
    const shaded = async () => {
      const drawn = await edges();
      const image = await box.evaluate((el: HTMLElement) => { const was = el.style.backgroundImage; el.style.backgroundImage = 'none'; return was; });
      const plain = await edges();
      await box.evaluate((el: HTMLElement, was) => { el.style.backgroundImage = was; }, image);
      return Promise.all(drawn.map(async (d, i) => (await largestDifference(d, plain[i]!)) > 3));
    };
    const set = (css: Partial<Record<'width' | 'minWidth' | 'maxWidth', string>>, left: 'start' | 'end' = 'start') => box.evaluate((el: HTMLElement, [c, l]) => {
      Object.assign(el.style, c);
      el.scrollLeft = l === 'end' ? el.scrollWidth : 0;
    }, [css, left] as const);

    // as wide as its content
    await set(wide);
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} fits`).toBe(true);
    expect(await shaded(), `${name} fits: [left, right] shaded`).toEqual([false, false]);
    // narrower than its content: more to the right, then (scrolled to the end) to the left
    await set({ width: '240px', minWidth: '', maxWidth: '' });
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth + 64), `${name} scrolls`).toBe(true);
    expect(await shaded(), `${name} at the start: [left, right] shaded`).toEqual([false, true]);
    await set({ width: '240px', minWidth: '', maxWidth: '' }, 'end');
    expect(await shaded(), `${name} at the end: [left, right] shaded`).toEqual([true, false]);
    await set({ width: '', minWidth: '', maxWidth: '' });
  }
});

test('bank errors an author can act on: the URL tried and its base; the question\'s id', async ({ page }) => {
  allowed = [/404/];
  await page.route('**/fixtures/offline-bank.json', (r) => r.abort('failed'));
  allowed.push(/ERR_FAILED/, /offline-bank/);
  await page.goto('/fixtures/quiz-errors.html');
  const origin = new URL(page.url()).origin;
  const unknown = page.locator('#unknown [role="alert"]');
  // (this page has <base href="/">, and the message says so)
  await expect(unknown).toContainText(`tried was ${origin}/banks/no-such-bank.json, resolved against ${origin}/ (the base URL set by the page's <base> element)`);
  // without a <base>, relative to the page itself
  await page.evaluate(() => {
    document.querySelector('base')?.remove();
    const el = document.createElement('attn-quiz');
    el.id = 'nobase';
    el.setAttribute('lang', 'zh-CN');
    el.setAttribute('bank', 'still-missing');
    document.querySelector('main')!.append(el);
  });
  await expect(page.locator('#nobase [role="alert"]')).toContainText(`尝试的地址是 ${origin}/fixtures/banks/still-missing.json，它是相对于 ${origin}/fixtures/quiz-errors.html（页面自己的地址）解析出来的`);
  await expect(page.locator('#offline [role="alert"]')).toContainText(`${origin}/fixtures/offline-bank.json`);
  // the question's id, not only its index
  await expect(page.locator('#range [role="alert"]')).toContainText(/questions\[0\]\.answer: .*\(id "[^"]+"\)|questions\[0\]\.answer: .*（id "[^"]+"）/);
});
