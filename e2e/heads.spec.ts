// <attn-heads> in headless Chromium under the strict CSP: for seed 0 at the
// lesson's shapes, causal, the element shows the lesson's two lines and
// mine[0, 0] as Debian's PyTorch prints it (e2e/golden/bonus_0.json, from
// scripts/gen_bonus_golden.py); the heads grid, the query-row select, Copy and
// Download work from the keyboard; a refused clipboard shows the script
// selected in a read-only box; bad attributes keep the last state with a
// message; axe finds nothing in zh-CN/en × light/dark; the lesson page and
// embed.html?w=heads carry it.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/guard';
import { runAxe } from './helpers/axe';
import { outrankingHeadings } from './helpers/headings';
import { holdBack } from './helpers/hold';

const golden = JSON.parse(readFileSync(new URL('./golden/bonus_0.json', import.meta.url), 'utf8')) as {
  shapeLine: string; mine00: string; q00: string; mine: number[];
};
const printed = (text: string) => text.match(/-?\d+\.\d+/g)!;

type Heads = HTMLElement & {
  mine: Float64Array; fused: Float64Array; weights: Float64Array; maxDiff: number; allclose: boolean;
  selected: [number, number]; pytorchCode: string; updateComplete: Promise<boolean>;
};

async function ready(page: Page, sel = '#el', n = 640): Promise<Locator> {
  const el = page.locator(sel);
  // The engine loads when the element nears the viewport: keep it in view while the page above settles.
  await expect.poll(() => el.evaluate((e) => { e.scrollIntoView({ block: 'center' }); return (e as Heads).mine?.length ?? 0; }),
    { timeout: 15_000 }).toBe(n);
  return el;
}

const updated = (el: Locator) => el.evaluate((e) => (e as Heads).updateComplete);
const cells = (el: Locator, part: string) => el.locator(`table[part="${part}"] tbody td`).allTextContents();

test('seed 0, (2, 4, 5, 16), causal: the lesson\'s lines and PyTorch\'s mine[0, 0]', async ({ page }) => {
  const res = await page.goto('/fixtures/heads.html');
  expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
  const el = await ready(page);
  await expect(el.locator('[part="shape"]')).toHaveText(golden.shapeLine);
  await expect(el.locator('[part="allclose"]')).toContainText('allclose: True');
  expect(await cells(el, 'mine')).toEqual(printed(golden.mine00));
  expect(await cells(el, 'q')).toEqual(printed(golden.q00));
  const got = await el.evaluate((e) => {
    const x = e as Heads;
    return { mine: Array.from(x.mine), fused: x.fused.length, maxDiff: x.maxDiff, allclose: x.allclose, w: x.weights.length };
  });
  expect(Math.max(...got.mine.map((v, i) => Math.abs(v - golden.mine[i])))).toBeLessThan(2e-6);
  expect(got).toMatchObject({ fused: 640, allclose: true, w: 2 * 4 * 5 * 5 });
  expect(got.maxDiff).toBeLessThan(1e-6);
  await expect(el.locator('[part="head"]')).toHaveCount(8);
  await expect(el.locator('[part="step-end"]')).toBeVisible();
});

test('while the engine loads it stands at its final size, its blanks unread and out of the tab order', async ({ page }) => {
  // The engine is held until the blank state has been looked at: nothing here waits on the clock.
  const release = await holdBack(page, '**/attn_torch*.wasm');
  await page.goto('/fixtures/heads.html');
  const el = page.locator('#el');
  await el.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const body = el.locator('[role="group"]');
  await expect(body).toHaveAttribute('aria-busy', 'true');
  await expect(el.locator('[part="shape"]')).toHaveText(golden.shapeLine);
  await expect(el.locator('[part="head"]')).toHaveCount(8);
  for (const head of await el.locator('[part="head"]').all()) await expect(head).toHaveAttribute('aria-label', /\S/);
  const blanks = el.locator('.scroll.blank');
  await expect(blanks).toHaveCount(6); // q, k, v, weights, mine and the fused kernel's steps
  for (const b of await blanks.all()) {
    await expect(b).toHaveAttribute('aria-hidden', 'true');
    await expect(b).not.toHaveAttribute('tabindex', /.*/);
  }
  for (const part of ['max-diff', 'allclose', 'step-end']) await expect(el.locator(`[part="${part}"]`)).toHaveAttribute('aria-hidden', 'true');
  const height = () => el.evaluate((e) => e.getBoundingClientRect().height);
  const before = await height();

  release();
  await ready(page);
  await expect(body).not.toHaveAttribute('aria-busy', /.*/);
  await expect(el.locator('.blank')).toHaveCount(0);
  await expect(el.locator('[aria-hidden]:not(.mini, .hname)')).toHaveCount(0);
  await expect(el.locator('.scroll[role="region"][tabindex="0"]')).toHaveCount(6);
  expect(Math.abs((await height()) - before)).toBeLessThanOrEqual(1);
});

test('every control works from the keyboard', async ({ page }) => {
  await page.goto('/fixtures/heads.html');
  const el = await ready(page);
  await el.evaluate((e) => e.setAttribute('lang', 'en'));
  await updated(el);
  const events: unknown[] = [];
  await page.exposeFunction('onHeads', (d: unknown) => events.push(d));
  await page.evaluate(() => document.addEventListener('attn-heads-change', (e) => (window as unknown as { onHeads(d: unknown): void }).onHeads((e as CustomEvent).detail)));
  // the heads grid: arrow keys move the choice
  await el.locator('[part="head"]').first().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await updated(el);
  expect(await el.evaluate((e) => (e as Heads).selected)).toEqual([1, 1]);
  await expect(el.locator('[part="selected"]')).toHaveText('Chosen: batch 1, head 1');
  const focusedLabel = await page.evaluate(() => document.querySelector('#el')!.shadowRoot!.activeElement?.getAttribute('aria-label') ?? '');
  expect(focusedLabel).toMatch(/^Weights of batch 1, head 1: row 0 1\.0000; row 1 /);
  const mine = await el.evaluate((e) => Array.from((e as Heads).mine));
  const at = (1 * 4 + 1) * 5 * 16;
  expect(await cells(el, 'mine')).toEqual(mine.slice(at, at + 80).map((v) => v.toFixed(4)));
  await expect.poll(() => events.length).toBeGreaterThan(0);
  expect(events.at(-1)).toMatchObject({ b: 1, h: 1, seed: '0', causal: true, allclose: true });
  // the query row of the step-by-step
  await el.locator('#row').focus();
  await page.keyboard.press('Home');
  await updated(el);
  await expect(el.locator('table[part="steps-table"] tbody tr')).toHaveCount(1);
  await page.keyboard.press('End');
  await updated(el);
  await expect(el.locator('table[part="steps-table"] tbody tr')).toHaveCount(3);
  await expect(el.locator('[part="step-end"]')).toContainText('equals the manual one');
  // Copy as PyTorch (the clipboard may be refused headless: the script is shown either way)
  await el.locator('[part="copy-button"]').focus();
  await page.keyboard.press('Enter');
  await expect(el.locator('[part="snippet"]')).toContainText('torch.manual_seed(0)');
  // Download: the file is the script
  await el.locator('[part="download-button"]').focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('0001_bonus_torch_check.py');
  const path = await download.path();
  const code = await el.evaluate((e) => (e as Heads).pytorchCode);
  expect(readFileSync(path!, 'utf8')).toBe(code);
  expect(code).toContain('print(mine[1, 1])');
  expect(code).toContain('is_causal=True');
});

test('a refused clipboard: the script is selected in a read-only box, and axe finds nothing', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new DOMException('refused', 'NotAllowedError')) } });
  });
  await page.goto('/fixtures/heads.html');
  await page.evaluate(() => document.getElementById('el')!.setAttribute('lang', 'en'));
  const el = await ready(page);
  await el.locator('[part="copy-button"]').click();
  await updated(el);
  const box = el.locator('textarea.copy-text');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('readonly', '');
  const code = await el.evaluate((e) => (e as Heads).pytorchCode);
  await expect(box).toHaveValue(code);
  expect(await box.evaluate((a) => [(a as HTMLTextAreaElement).selectionStart, (a as HTMLTextAreaElement).selectionEnd])).toEqual([0, code.length]);
  await expect(el.locator('.copy-status')).toContainText('Ctrl+C');
  expect((await runAxe(page)).violations).toEqual([]);
});

test('bad attributes keep the last valid state with a visible message', async ({ page }) => {
  await page.goto('/fixtures/heads.html');
  const el = await ready(page);
  await el.evaluate((e) => { e.setAttribute('lang', 'en'); e.setAttribute('seed', '7'); e.setAttribute('tokens', '6'); });
  await expect.poll(() => el.evaluate((e) => (e as Heads).mine.length)).toBe(2 * 4 * 6 * 16);
  const kept = await el.evaluate((e) => Array.from((e as Heads).mine));
  const msg = el.locator('[part="message"]');
  const bad: [Record<string, string>, string][] = [
    [{ seed: '-1' }, 'seed="-1"'], [{ heads: '0' }, 'heads="0"'], [{ dk: 'x' }, 'dk="x"'],
    [{ tokens: '16', dk: '64' }, 'is over the cap of 4096'],
  ];
  for (const [attrs, text] of bad) {
    await el.evaluate((e, a) => { for (const [k, v] of Object.entries(a)) e.setAttribute(k, v); }, attrs);
    await updated(el);
    await expect(msg).toBeVisible();
    await expect(msg).toContainText(text);
    expect(await el.evaluate((e) => Array.from((e as Heads).mine))).toEqual(kept);
    await expect(el.locator('[part="shape"]')).toHaveText('shape: (2, 4, 6, 16)');
    await el.evaluate((e) => { e.setAttribute('seed', '7'); e.setAttribute('heads', '4'); e.setAttribute('tokens', '6'); e.setAttribute('dk', '16'); });
    await updated(el);
    await expect(msg).toBeHidden();
  }
  // not causal: every head's weights fill the whole row
  await el.evaluate((e) => e.removeAttribute('causal'));
  await updated(el);
  const w = await el.evaluate((e) => Array.from((e as Heads).weights.slice(0, 6)));
  w.forEach((v) => expect(v).toBeGreaterThan(0));
});

for (const scheme of ['light', 'dark'] as const) {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`axe: no violations (${lang}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/fixtures/heads.html');
      const el = await ready(page);
      await el.evaluate((e, l) => e.setAttribute('lang', l), lang);
      await updated(el);
      const r = await runAxe(page);
      expect(r.violations, `${lang} ${scheme}`).toEqual([]);
    });
  }
}

test('the lesson page carries the bonus after the exercise, causal', async ({ page }) => {
  await page.goto('/');
  const el = await ready(page, '#heads-widget');
  await expect(el).toHaveAttribute('causal', '');
  await expect(el.locator('[part="shape"]')).toHaveText('shape: (2, 4, 5, 16)');
  await expect(el.locator('[part="allclose"]')).toContainText('allclose: True');
  expect(await cells(el, 'mine')).toEqual(printed(golden.mine00));
  const after = await page.evaluate(() => {
    const ex = document.querySelector('attn-exercise')!;
    const hd = document.querySelector('attn-heads')!;
    return Boolean(ex.compareDocumentPosition(hd) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(after).toBe(true);
  expect(await outrankingHeadings(el)).toEqual([]);
});

test('embed.html?w=heads works', async ({ page }) => {
  await page.goto('/embed.html?w=heads&seed=0&causal=1&lang=en');
  const el = await ready(page, 'attn-heads');
  expect(await cells(el, 'mine')).toEqual(printed(golden.mine00));
  await expect(page).toHaveTitle(/Bonus: batched multi-head attention/);
});

// Copy as PyTorch / Download prints what the element shows: for each state of
// golden/bonus_snippet/states.json the element's script is NAME.py and Debian's
// PyTorch printed NAME.out running it (scripts/gen_bonus_golden.py).
const snippetDir = new URL('./golden/bonus_snippet/', import.meta.url);
const snippetStates = JSON.parse(readFileSync(new URL('states.json', snippetDir), 'utf8')) as
  Record<string, { attrs: Record<string, string>; head: [number, number] } | string>;
for (const [name, entry] of Object.entries(snippetStates)) {
  if (typeof entry === 'string') continue;
  test(`the script prints what the element shows (${name})`, async ({ page }) => {
    await page.goto('/fixtures/heads.html');
    const el = await ready(page);
    await el.evaluate((e, a) => {
      for (const n of e.getAttributeNames()) if (n !== 'id') e.removeAttribute(n);
      for (const [k, v] of Object.entries(a)) e.setAttribute(k, v);
      e.setAttribute('lang', 'en');
    }, entry.attrs);
    await updated(el);
    const heads = Number(entry.attrs.heads ?? 4);
    await el.locator('[part="head"]').nth(entry.head[0] * heads + entry.head[1]).click();
    await updated(el);
    expect(await el.evaluate((e) => (e as Heads).pytorchCode)).toBe(readFileSync(new URL(`${name}.py`, snippetDir), 'utf8'));
    const out = readFileSync(new URL(`${name}.out`, snippetDir), 'utf8').split('\n');
    const shapeAt = out.findIndex((l) => l.startsWith('shape: '));
    await expect(el.locator('[part="shape"]')).toHaveText(out[shapeAt]);
    await expect(el.locator('[part="allclose"]')).toContainText(out[shapeAt + 1]);
    expect(await cells(el, 'mine')).toEqual(printed(out.slice(shapeAt + 3).join('\n')));
  });
}
