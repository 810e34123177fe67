// <attn-tril> in headless Chromium under the strict CSP: for seed 1337 the
// element shows PyTorch's x and wei (e2e/golden/tril_1337.json, from
// scripts/gen_tril_golden.py with Debian's PyTorch 1.13.1), the three ways
// agree, every control works from the keyboard, bad attributes keep the last
// state with a message, axe finds nothing in zh-CN/en × light/dark, "Copy as
// PyTorch" prints the numbers shown, and the reading page (whose static
// matrices' fences stretch) and embed.html?w=tril carry it.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/guard';
import { runAxe } from './helpers/axe';
import { outrankingHeadings } from './helpers/headings';
import { holdBack } from './helpers/hold';

const golden = JSON.parse(readFileSync(new URL('./golden/tril_1337.json', import.meta.url), 'utf8')) as {
  x: number[]; xbow: number[]; x0_printed: string[]; wei: number[]; wei0_printed: string[];
  wei0_unscaled_printed: string[]; var: [number, number]; temp8: number[];
};

type Tril = HTMLElement & { x: Float64Array; xbow: Float64Array; wei: Float64Array; seed: string; b: number; m: number; perm: number[] };

async function ready(page: Page, sel = '#el'): Promise<Locator> {
  const el = page.locator(sel);
  await expect.poll(() => el.evaluate((e) => (e as Tril).x?.length ?? 0), { timeout: 15_000 }).toBe(64);
  return el;
}

/** The element shows its current attributes (the render after the last change has run). */
const updated = (el: Locator) => el.evaluate((e) => (e as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete);

const cells = (el: Locator, part: string, table = 0) =>
  el.locator(`[part="${part}"] table`).nth(table).locator('tbody td').allTextContents();

test('seed 1337: PyTorch\'s x and wei on screen, the three ways agree', async ({ page }) => {
  const res = await page.goto('/fixtures/tril.html');
  expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
  const el = await ready(page);
  expect(await el.evaluate((e) => Array.from((e as Tril).x))).toEqual(golden.x);
  expect(await cells(el, 'three')).toEqual(golden.x0_printed);
  const wei = await el.evaluate((e) => Array.from((e as Tril).wei));
  wei.forEach((v, i) => expect(Math.abs(v - golden.wei[i])).toBeLessThan(1e-6));
  // the three results, side by side, agree to 4 decimals in every row
  const xbow = await cells(el, 'three', 1);
  for (let r = 0; r < 8; r++) {
    const row = xbow.slice(r * 6, r * 6 + 6);
    expect(row[2]).toBe(row[0]);
    expect(row[4]).toBe(row[0]);
    expect(row[3]).toBe(row[1]);
    expect(row[5]).toBe(row[1]);
  }
  const xb = await el.evaluate((e) => Array.from((e as Tril).xbow));
  xb.forEach((v, i) => expect(Math.abs(v - golden.xbow[i])).toBeLessThan(1e-6));
  await expect(el.locator('[part="max-diff"]')).toContainText('3.24e-8');
  await expect(el.locator('[part="allclose"]')).toHaveText('torch.allclose(xbow, xbow2)：False · torch.allclose(xbow, xbow3)：False');
});

test('while the engine loads each lab stands at its final size, its blanks unread', async ({ page }) => {
  // The engine is held until the blank state has been looked at: nothing here waits on the clock.
  const release = await holdBack(page, '**/attn_torch*.wasm');
  await page.goto('/reading.html');
  const labs = page.locator('attn-tril');
  await expect(labs).toHaveCount(4);
  const heights = () => labs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  for (const lab of await labs.all()) {
    await expect(lab.locator('[role="group"]')).toHaveAttribute('aria-busy', 'true');
    await expect(lab.locator('[part="status"]')).not.toBeEmpty();
  }
  // the first lab (parts="three"): its five tables and two verdicts are blanks
  const three = page.locator('#tril-three');
  await expect(three.locator('table.blank')).toHaveCount(5);
  for (const t of await three.locator('table.blank').all()) await expect(t).toHaveAttribute('aria-hidden', 'true');
  for (const part of ['max-diff', 'allclose']) await expect(three.locator(`[part="${part}"]`)).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('#tril-head [part="variances"]')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('#tril-perm table.blank')).toHaveCount(1);
  const before = await heights();

  release();
  for (const id of ['tril-three', 'tril-head', 'tril-perm', 'tril-temp']) await ready(page, `#${id}`);
  for (const lab of await labs.all()) {
    await updated(lab);
    await expect(lab.locator('[role="group"]')).not.toHaveAttribute('aria-busy', /.*/);
    await expect(lab.locator('.blank')).toHaveCount(0);
    await expect(lab.locator('table[aria-hidden], p[aria-hidden]')).toHaveCount(0);
  }
  const after = await heights();
  after.forEach((h, i) => expect(Math.abs(h - before[i]!), `lab ${i}`).toBeLessThanOrEqual(1));
});

test('every control works from the keyboard', async ({ page }) => {
  await page.goto('/fixtures/tril.html');
  const el = await ready(page);
  // view switch (radio group): arrow keys move to "attention"
  await el.locator('#view-average').focus();
  await page.keyboard.press('ArrowRight');
  await expect(el).toHaveAttribute('view', 'attention');
  await updated(el);
  expect(await cells(el, 'head')).toEqual(golden.wei0_printed);
  await expect(el.locator('[part="variances"]')).toContainText(golden.var[0].toFixed(4));
  // scale off: the notebook's wei[0] (0.1574, 0.8426 in row 1)
  await el.locator('#scale').focus();
  await page.keyboard.press('Space');
  await expect(el).toHaveAttribute('scale', 'none');
  await updated(el);
  expect(await cells(el, 'head')).toEqual(golden.wei0_unscaled_printed);
  // mask off: an encoder block, the future takes part
  await el.locator('#mask').focus();
  await page.keyboard.press('Space');
  await expect(el).toHaveAttribute('unmasked', '');
  await updated(el);
  expect((await cells(el, 'head'))[1]).not.toBe('0.0000');
  // batch index
  await el.locator('#b').focus();
  await page.keyboard.press('ArrowDown');
  await expect(el).toHaveAttribute('b', '1');
  await updated(el);
  // back to the three ways, loop step with the keyboard
  await el.locator('#view-attention').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(el).toHaveAttribute('view', 'average');
  await updated(el);
  await el.locator('#step').focus();
  await page.keyboard.press('Home');
  await expect(el).toHaveAttribute('step', '0');
  await updated(el);
  await page.keyboard.press('ArrowRight');
  await expect(el).toHaveAttribute('step', '1');
  await updated(el);
  await expect(el.locator('[part="three"] table').first().locator('tr.hl')).toHaveCount(2);
  // temperature: End → m = 16, bars near one-hot
  await el.locator('#m').focus();
  await page.keyboard.press('End');
  await expect(el).toHaveAttribute('m', '16');
  await updated(el);
  await el.locator('#m').press('Home');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await expect(el).toHaveAttribute('m', '8');
  await updated(el);
  const bars = await el.locator('[part="temperature"] .bars > span:nth-child(3n)').allTextContents();
  expect(bars).toEqual(golden.temp8.map((v) => v.toFixed(4)));
  // permutation buttons and the positions checkbox
  const perm = el.locator('[part="permutation"]');
  await perm.locator('button').first().focus();
  await page.keyboard.press('Enter');
  await expect(el).toHaveAttribute('perm', '7,6,5,4,3,2,1,0');
  await updated(el);
  const moved = await perm.locator('table tbody td').allTextContents();
  for (let r = 0; r < 8; r++) expect(moved[r * 2]).toBe(moved[r * 2 + 1]);
  await el.locator('#positions').focus();
  await page.keyboard.press('Space');
  await expect(el).toHaveAttribute('positions', '');
  await updated(el);
  const changed = await perm.locator('table tbody td').allTextContents();
  expect(Array.from({ length: 8 }, (_, r) => changed[r * 2] === changed[r * 2 + 1]).includes(false)).toBe(true);
  // copy as PyTorch (clipboard may be refused headless: the script is shown either way)
  await el.locator('[part="copy-button"]').focus();
  await page.keyboard.press('Enter');
  await expect(el.locator('[part="snippet"]')).toContainText('torch.manual_seed(1337)');
});

test('bad attributes keep the last valid state with a visible message', async ({ page }) => {
  await page.goto('/fixtures/tril.html');
  const el = await ready(page);
  await el.evaluate((e) => { e.setAttribute('lang', 'en'); e.setAttribute('seed', '42'); e.setAttribute('b', '2'); e.setAttribute('m', '4'); });
  await expect.poll(() => el.evaluate((e) => (e as Tril).x[0])).not.toBe(golden.x[0]);
  const x42 = await el.evaluate((e) => Array.from((e as Tril).x));
  await el.evaluate((e) => { e.setAttribute('seed', '-1'); e.setAttribute('b', '9'); e.setAttribute('m', 'abc'); });
  const msg = el.locator('[part="message"]');
  await expect(msg).toBeVisible();
  await expect(msg).toContainText('seed must be an integer in [0, 2^63)');
  await expect(msg).toContainText('b must be an integer 0–3');
  await expect(msg).toContainText('m must be a number 1–16');
  expect(await el.evaluate((e) => [(e as Tril).seed, (e as Tril).b, (e as Tril).m])).toEqual(['42', 2, 4]);
  expect(await el.evaluate((e) => Array.from((e as Tril).x))).toEqual(x42);
  await el.evaluate((e) => { e.setAttribute('seed', '1337'); e.removeAttribute('b'); e.removeAttribute('m'); });
  await expect(msg).toBeHidden();
  expect(await el.evaluate((e) => Array.from((e as Tril).x))).toEqual(golden.x);
});

// "Copy as PyTorch" prints what the element shows: for each state of
// golden/tril_snippet/states.json the element's script is NAME.py and Debian's
// PyTorch printed NAME.out running it (scripts/gen_tril_golden.py). Every number
// on screen is compared with the printout, in the script's print order.
const snippetDir = new URL('./golden/tril_snippet/', import.meta.url);
const snippetStates = JSON.parse(readFileSync(new URL('states.json', snippetDir), 'utf8')) as Record<string, Record<string, string> | string>;
for (const [name, attrs] of Object.entries(snippetStates)) {
  if (typeof attrs === 'string') continue;
  test(`Copy as PyTorch: the element shows what the script prints (${name})`, async ({ page }) => {
    await page.goto('/fixtures/tril.html');
    const el = await ready(page);
    await el.evaluate((e, a) => { for (const [k, v] of Object.entries(a)) e.setAttribute(k, v); e.setAttribute('lang', 'en'); }, attrs);
    await updated(el);
    expect(await el.evaluate((e) => (e as HTMLElement & { pytorchCode: string }).pytorchCode))
      .toBe(readFileSync(new URL(`${name}.py`, snippetDir), 'utf8'));
    const printed = readFileSync(new URL(`${name}.out`, snippetDir), 'utf8').match(/-?\d+\.\d+(e[-+]\d+)?|True|False/g)!;
    let at = 0;
    const take = (n: number) => { at += n; return printed.slice(at - n, at); };
    const text = (part: string) => el.locator(`[part="${part}"]`).textContent();
    // the three ways: x[b], xbow[b] (the loop), wei3, the largest difference, allclose
    await el.evaluate((e) => e.setAttribute('view', 'average'));
    await updated(el);
    expect(await cells(el, 'three', 0)).toEqual(take(16));
    const xbow = await cells(el, 'three', 1);
    expect(Array.from({ length: 16 }, (_, i) => xbow[Math.floor(i / 2) * 6 + (i % 2)])).toEqual(take(16));
    expect(await cells(el, 'three', 4)).toEqual(take(64));
    expect(await text('max-diff')).toContain(Number(take(1)[0]).toExponential(2));
    const [a2, a3] = take(2);
    expect(await text('allclose')).toBe(`torch.allclose(xbow, xbow2): ${a2} · torch.allclose(xbow, xbow3): ${a3}`);
    // the head: wei[b] and both variances
    await el.evaluate((e) => e.setAttribute('view', 'attention'));
    await updated(el);
    expect(await cells(el, 'head')).toEqual(take(64));
    const vars = await text('variances');
    for (const v of take(2)) expect(vars).toContain(Number(v).toFixed(4));
    // the permutation: channel 0 before and after, and the verdict
    const perm = await el.locator('[part="permutation"] table tbody td').allTextContents();
    expect(perm.filter((_, i) => i % 2 === 0)).toEqual(take(8));
    expect(perm.filter((_, i) => i % 2 === 1)).toEqual(take(8));
    const verdict = take(1)[0];
    expect(await text('perm-verdict')).toContain(verdict === 'True' ? 'below 1e-6' : `(largest difference ${verdict})`);
    const unit = await text('unit-variances');
    for (const v of take(2)) expect(unit).toContain(Number(v).toFixed(4));
    // the temperature bars
    expect(await el.locator('[part="temperature"] .bars > span:nth-child(3n)').allTextContents()).toEqual(take(5));
    expect(at).toBe(printed.length);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`axe: no violations (${lang}, ${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/fixtures/tril.html');
      const el = await ready(page);
      await el.evaluate((e, l) => e.setAttribute('lang', l), lang);
      for (const view of ['average', 'attention']) {
        await el.evaluate((e, v) => e.setAttribute('view', v), view);
        await updated(el);
        const r = await runAxe(page);
        expect(r.violations, `${lang} ${scheme} ${view}`).toEqual([]);
      }
    });
  }
}

test('the reading page carries four labs in sections 2–4 and 6, seed 1337', async ({ page }) => {
  await page.goto('/reading.html');
  const head = await ready(page, '#tril-head');
  await expect(head).toHaveAttribute('view', 'attention');
  expect(await cells(head, 'head')).toEqual(golden.wei0_printed);
  const three = await ready(page, '#tril-three');
  await expect(page.locator('attn-tril')).toHaveCount(4);
  for (const el of [head, three]) expect(await outrankingHeadings(el)).toEqual([]);
});

test('the reading page\'s static matrices: every fence stretches over its rows', async ({ page }) => {
  await page.goto('/reading.html');
  await page.evaluate(() => document.fonts.ready);
  // [ ] around the 3 × 3 matrices of sections 1–2, { for the mask's cases in section 3
  const fences = await page.evaluate(() => Array.from(document.querySelectorAll('math mrow > mo'))
    .filter((mo) => /^[[\]{}]$/.test(mo.textContent!.trim()) && mo.parentElement!.querySelector(':scope > mtable'))
    .map((mo) => [mo.textContent!.trim(), mo.getBoundingClientRect().height, mo.parentElement!.querySelector(':scope > mtable')!.getBoundingClientRect().height]));
  expect(fences.length).toBe(9);
  for (const [fence, h, rows] of fences) expect(h as number, `${fence} over ${rows} px of rows`).toBeGreaterThanOrEqual(0.95 * (rows as number));
});

test('embed.html?w=tril works', async ({ page }) => {
  await page.goto('/embed.html?w=tril&seed=1337&view=attention&parts=three%20head&lang=en');
  const el = await ready(page, 'attn-tril');
  expect(await cells(el, 'head')).toEqual(golden.wei0_printed);
  await expect(page).toHaveTitle(/The tril trick lab/);
});
