// A keyboard-only walk through the whole of lesson 1: no mouse, no
// element.focus(), only Tab / Shift+Tab / arrows / Home / End / Space / Enter
// and typing. Heatmap slider, toggles, selector and cells; the exercise; the
// quiz; the spaced review from "due" to "saved". Focus must never fall back to
// <body> while walking, and no widget may trap it.
import { expect, test } from './helpers/guard';
import { LANG_KEY, seedStorage } from './helpers/storage';
import type { Page } from '@playwright/test';

interface Focus { host: string | null; hostId: string | null; tag: string; id: string; type: string; role: string; part: string; text: string }

/** The element that really has focus, through shadow roots. */
async function focused(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    let el: Element | null = document.activeElement;
    let host: Element | null = null;
    while (el?.shadowRoot?.activeElement) { host = el; el = el.shadowRoot.activeElement; }
    const e = el ?? document.body;
    // the outermost attention-lab element around the focus
    let outer: Element | null = host;
    for (let n: Node | null = host; n; n = (n.getRootNode() as ShadowRoot).host ?? null) if ((n as Element).localName?.startsWith('attn-')) outer = n as Element;
    return {
      host: outer?.localName ?? null, hostId: outer?.id ?? null,
      tag: e.localName, id: e.id, type: e.getAttribute('type') ?? '', role: e.getAttribute('role') ?? '',
      part: e.getAttribute('part') ?? '', text: ((e as HTMLElement).innerText ?? e.textContent ?? '').trim().slice(0, 60),
    };
  });
}

/** Presses Tab until `want` matches the focused element; fails if focus lands on <body> or `max` presses pass. */
async function tabTo(page: Page, want: (f: Focus) => boolean, what: string, max = 80): Promise<Focus> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    expect(f.tag, `focus fell back to <body> while tabbing to ${what}`).not.toBe('body');
    if (want(f)) return f;
  }
  throw new Error(`${what}: not reached with ${max} Tab presses`);
}

const attr = (page: Page, sel: string, name: string) => page.locator(sel).getAttribute(name);
const T0 = new Date('2026-11-29T10:00:00Z');
const EXERCISE = ['scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'mask = np.triu(np.ones((T, T), dtype=bool), k=1)', 'weights = softmax(scores)'];

for (const lang of ['zh-CN', 'en'] as const) {
  test(`keyboard only: the whole lesson, ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.clock.install({ time: T0 });
    await seedStorage(page, { [LANG_KEY]: lang });
    await page.goto('/');
    await expect(page.locator('#lesson1-output')).toContainText('weights', { timeout: 15_000 });
    await expect(page.locator('#heatmap-scaling canvas').first()).toBeVisible();

    // Skip link first, and it works.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe(lang === 'en' ? 'Skip to content' : '跳到正文');
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main');

    // --- the "drag d_k" heatmap: slider, scale selector, toggles, cells
    const hs = '#heatmap-scaling';
    await tabTo(page, (f) => f.hostId === 'heatmap-scaling' && f.type === 'range', 'the d_k slider');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.locator(hs)).toHaveAttribute('dk', '19');
    await page.keyboard.press('End');
    await expect(page.locator(hs)).toHaveAttribute('dk', '512');
    await page.keyboard.press('Home');
    await expect(page.locator(hs)).toHaveAttribute('dk', '1');
    await page.keyboard.press('PageUp');
    expect(Number(await attr(page, hs, 'dk'))).toBeGreaterThan(1);

    await tabTo(page, (f) => f.hostId === 'heatmap-scaling' && f.id === 'log', 'the log-scale toggle', 5);
    await page.keyboard.press('Space');
    await expect(page.locator(hs)).toHaveAttribute('log-scale', /.*/);
    await page.keyboard.press('Space');
    await expect(page.locator(hs)).not.toHaveAttribute('log-scale', /.*/);

    await tabTo(page, (f) => f.hostId === 'heatmap-scaling' && f.tag === 'select', 'the scale selector', 5);
    const scale0 = (await attr(page, hs, 'scale')) ?? 'sqrt';
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => attr(page, hs, 'scale')).not.toBe(scale0);

    await tabTo(page, (f) => f.hostId === 'heatmap-scaling' && f.id === 'causal', 'the causal toggle', 5);
    await page.keyboard.press('Space');
    await expect(page.locator(hs)).toHaveAttribute('causal', /.*/);
    // The lesson's heatmap starts with one panel (its text asks for "no scaling"); compare adds the second.
    await tabTo(page, (f) => f.hostId === 'heatmap-scaling' && f.id === 'compare', 'the compare toggle', 5);
    await expect(page.locator(`${hs} [role="grid"]:visible`)).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(page.locator(hs)).toHaveAttribute('compare', /.*/);
    await expect(page.locator(`${hs} [role="grid"]:visible`)).toHaveCount(2);
    await page.keyboard.press('Space');
    await expect(page.locator(hs)).not.toHaveAttribute('compare', /.*/);
    await expect(page.locator(`${hs} [role="grid"]:visible`)).toHaveCount(1); // one panel left

    const cell = await tabTo(page, (f) => f.hostId === 'heatmap-scaling' && f.role === 'gridcell', 'the heatmap grid', 10);
    expect(cell.role).toBe('gridcell');
    const info = page.locator(`${hs} .info`);
    await expect(info).toContainText('query 0 → key 0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(info).toContainText('query 1 → key 1');
    await page.keyboard.press('Control+End');
    await expect(info).toContainText('query 5 → key 5');
    await page.keyboard.press('Home');
    await expect(info).toContainText('query 5 → key 0');
    // One tab stop for the grid: the next Tab leaves it.
    await page.keyboard.press('Tab');
    expect((await focused(page)).role).not.toBe('gridcell');

    // --- the mask heatmap: its toggle by keyboard
    await tabTo(page, (f) => f.hostId === 'heatmap-mask' && f.id === 'causal', 'the second heatmap\'s mask toggle');
    await page.keyboard.press('Space');
    await expect(page.locator('#heatmap-mask')).not.toHaveAttribute('causal', /.*/);
    await page.keyboard.press('Space');
    await expect(page.locator('#heatmap-mask')).toHaveAttribute('causal', /.*/);

    // --- the exercise: three TODO lines typed, Enter runs, the verdicts appear
    if (await page.evaluate(() => customElements.whenDefined('attn-exercise').then(() => true))) {
      const ex = page.locator('#exercise-widget');
      for (const [k, line] of EXERCISE.entries()) {
        await tabTo(page, (f) => f.hostId === 'exercise-widget' && f.tag === 'input', `exercise TODO ${k + 1}`, k === 0 ? 40 : 4);
        await page.keyboard.press('Control+A');
        await page.keyboard.type(line);
      }
      await page.keyboard.press('Enter');
      await expect(ex.locator('ul.verdicts li[data-correct="true"]')).toHaveCount(3, { timeout: 15_000 });
    } else {
      throw new Error('attn-exercise was never defined on the lesson page');
    }

    // --- the quiz: arrows move, Enter/Space choose, Tab goes on
    const quiz = page.locator('#quiz-widget');
    await tabTo(page, (f) => f.hostId === 'quiz-widget' && f.role === 'radio', 'the quiz');
    const total: number = await quiz.evaluate((el) => (el as unknown as { total: number }).total);
    for (let pos = 0; pos < total; pos++) {
      if (pos > 0) await tabTo(page, (f) => f.hostId === 'quiz-widget' && f.role === 'radio', `question ${pos + 1}`, 4);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      expect(await quiz.evaluate((el) => (el as unknown as { answered: number }).answered)).toBe(pos);
      await page.keyboard.press(pos % 2 ? 'Enter' : 'Space');
      await expect.poll(() => quiz.evaluate((el) => (el as unknown as { answered: number }).answered)).toBe(pos + 1);
      // the quiz moves focus to the feedback (the score after the last answer); wait for it before tabbing on
      if (pos < total - 1) await expect(quiz.locator('li.question').nth(pos).locator('[part~="feedback"]')).toBeFocused();
      else await expect(quiz.locator('#summary')).toBeFocused();
    }
    await expect(quiz.locator('[part="score"]')).toBeVisible();
    // (past the links of the missed questions the summary lists, if any)
    await tabTo(page, (f) => f.hostId === 'quiz-widget' && /retake/.test(f.part), 'the retake button', 6 + total);
    // the open (interview) questions — in this quiz, or in their own quiz (items="open"): type, then reveal
    const open = await tabTo(page, (f) => f.host === 'attn-quiz' && f.tag === 'textarea', 'an open question', 60);
    await page.keyboard.type('softmax(QK^T / sqrt(d_k)) V');
    await tabTo(page, (f) => f.hostId === open.hostId && /^reveal-/.test(f.id), 'reveal the model answer', 3);
    await page.keyboard.press('Enter');
    await expect(page.locator(`#${open.hostId}`).locator('[id^="model-"]:visible').first()).toBeVisible();

    // --- interview questions written on the page as <details> (older layout), if any: open with Enter
    if (await page.locator('#interview details').count()) {
      await tabTo(page, (f) => f.tag === 'summary', 'an interview question');
      await page.keyboard.press('Enter');
      await expect(page.locator('#interview details[open]').first()).toBeVisible();
    }

    // --- the review: scheduled now; the calendar button is reachable
    const review = page.locator('#review-widget');
    await expect(review).toHaveAttribute('state', 'scheduled');
    await tabTo(page, (f) => f.hostId === 'review-widget' && /calendar/.test(f.part), 'the calendar button');
    const [ics] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(ics.suggestedFilename()).toMatch(/\.ics$/);

    // two days later the review is due: start it, take the quiz, recall, rate, save — keyboard only
    await page.clock.fastForward('48:00:00');
    await expect(review).toHaveAttribute('state', 'due');
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, (f) => f.hostId === 'review-widget' && /start/.test(f.part), 'the review start button', 10);
    await page.keyboard.press('Enter');
    await expect(review.locator('[data-step="quiz"]')).toBeVisible();
    await expect(review.locator('#step-title')).toBeFocused();
    const inner = review.locator('attn-quiz');
    await expect(inner.locator('[role="radiogroup"]').first()).toBeVisible();
    const n: number = await inner.evaluate((el) => (el as unknown as { total: number }).total);
    for (let pos = 0; pos < n; pos++) {
      await tabTo(page, (f) => f.hostId === 'review-widget' && f.role === 'radio', `review question ${pos + 1}`, 6);
      await page.keyboard.press('Space');
      if (pos < n - 1) await expect(inner.locator('li.question').nth(pos).locator('[part~="feedback"]')).toBeFocused();
    }
    await expect(review.locator('[data-step="recall"]')).toBeVisible();
    const lines = ['scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'mask = np.triu(np.ones((T, T), dtype=bool), k=1)', 'weights = softmax(scores)'];
    for (const line of lines) {
      await tabTo(page, (f) => f.hostId === 'review-widget' && f.tag === 'textarea' && f.text === '', 'a recall box', 6);
      await page.keyboard.type(line);
    }
    for (const [i, line] of lines.entries()) await expect(review.locator(`#line-${i}`)).toHaveValue(line);
    await tabTo(page, (f) => f.hostId === 'review-widget' && /check/.test(f.part), 'check', 4);
    // Watch where the focus is on every frame while the lines are checked: it
    // stays inside the review (on the busy Check button), never on <body>.
    await page.evaluate(() => {
      const w = window as unknown as { focusTrail: string[] };
      w.focusTrail = [];
      const sample = () => {
        const host = document.activeElement;
        const inner = host?.shadowRoot?.activeElement;
        w.focusTrail.push(inner?.id ? `${host!.id}#${inner.id}` : host?.localName ?? 'none');
        if (!(host?.id === 'review-widget' && inner?.id === 'line-0') && w.focusTrail.length < 2000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.keyboard.press('Enter');
    // after checking, the review puts focus back on the first line (now read-only, with its verdict)
    await expect(review.locator('#line-0')).toBeFocused({ timeout: 15_000 });
    const trail = await page.evaluate(() => (window as unknown as { focusTrail: string[] }).focusTrail);
    expect(trail.filter((f) => !f.startsWith('review-widget#')), trail.join(' ')).toEqual([]);
    await tabTo(page, (f) => f.hostId === 'review-widget' && (/next/.test(f.part) || f.type === 'checkbox'), 'next (or self-grading)', 12);
    for (let i = 0; i < 12 && !/next/.test((await focused(page)).part); i++) {
      if ((await focused(page)).type === 'checkbox') await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(review.locator('[data-step="rate"]')).toBeVisible();
    await tabTo(page, (f) => f.hostId === 'review-widget' && f.type === 'radio', 'the ratings', 6);
    await page.keyboard.press('ArrowRight'); // radios: arrows move and select
    await tabTo(page, (f) => f.hostId === 'review-widget' && /confirm/.test(f.part), 'save', 4);
    await page.keyboard.press('Enter');
    await expect(review).toHaveAttribute('state', 'scheduled');

    // --- no trap: Tab gets out of the last widget to the footer
    await tabTo(page, (f) => f.host === null && f.tag === 'a' && /embed/.test((f.text + f.id)) || (f.host === null && f.tag === 'a' && /嵌入|Embed/.test(f.text)), 'the footer link', 40);
  });
}

test('keyboard only: the exercise (type the three TODOs, run, read the verdicts)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const ex = page.locator('#exercise-widget');
  await expect(ex.locator('input').first()).toBeVisible({ timeout: 15_000 });
  const lines = ['scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', 'mask = np.triu(np.ones((T, T), dtype=bool), k=1)', 'weights = softmax(scores)'];
  await tabTo(page, (f) => f.hostId === 'exercise-widget' && f.tag === 'input', 'the first TODO', 120);
  for (const [k, line] of lines.entries()) {
    if (k > 0) await tabTo(page, (f) => f.hostId === 'exercise-widget' && f.tag === 'input', `TODO ${k + 1}`, 4);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(line);
  }
  await tabTo(page, (f) => f.hostId === 'exercise-widget' && f.tag === 'button', 'Run', 4);
  await page.keyboard.press('Enter');
  await expect(ex.locator('ul.verdicts li[data-correct="true"]')).toHaveCount(3, { timeout: 15_000 });
  // the mistake menu by keyboard
  await tabTo(page, (f) => f.hostId === 'exercise-widget' && f.tag === 'select', 'the mistake menu', 4);
  await page.keyboard.press('ArrowDown');
  await expect(ex.locator('ul.verdicts li[data-correct="false"]')).toHaveCount(1, { timeout: 15_000 });
  // and out again
  await tabTo(page, (f) => f.hostId !== 'exercise-widget', 'out of the exercise', 20);
});
