// <attn-heatmap> in headless Chromium, under the strict CSP, against the built
// library (dist/lib/attention-lab.js): controls, attributes, NumPy goldens
// (scripts/gen_heatmap_golden.py), bad input, keyboard, the NumPy snippet.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './helpers/ready';
import { holdBack } from './helpers/hold';
import { weightRgb } from '../web/elements/attn-heatmap/readouts';

interface GoldenCase {
  seed: string; tokens: number; dkMax: number; dk: number; scale: 'sqrt' | 'none' | 'dk'; causal: boolean;
  weights: number[]; scores: (number | null)[]; meanRowMax: number;
}
const golden = JSON.parse(readFileSync(new URL('./golden/heatmap.json', import.meta.url), 'utf8')) as {
  cases: GoldenCase[];
  sweep: { seed: number; tokens: number; dkMax: number; scale: string; points: { dk: number; meanRowMax: number }[] };
};
const TOL = 1e-12;

function find(seed: string, tokens: number, dkMax: number, dk: number, scale: string, causal: boolean): GoldenCase {
  const c = golden.cases.find((g) => g.seed === seed && g.tokens === tokens && g.dkMax === dkMax && g.dk === dk && g.scale === scale && g.causal === causal);
  if (!c) throw new Error(`no golden case for ${seed}/${tokens}/${dkMax}/${dk}/${scale}/${causal}`);
  return c;
}

function expectClose(actual: number[], expected: number[], what: string): void {
  expect(actual.length, `${what}: length`).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  expect(worst, `${what}: max |element − NumPy|`).toBeLessThanOrEqual(TOL);
}

let consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  consoleErrors = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text().slice(0, 300)); });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) consoleErrors.push(`HTTP ${r.status()} ${r.url()}`); });
});

test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

async function open(page: Page): Promise<void> {
  await page.goto('/fixtures/heatmap.html');
  await page.waitForFunction(() => {
    const a = document.getElementById('hm') as unknown as { weights?: Float64Array } | null;
    const b = document.getElementById('en') as unknown as { weights?: Float64Array } | null;
    return (a?.weights?.length ?? 0) > 0 && (b?.weights?.length ?? 0) > 0;
  });
}

/** Waits for the batched render (one per animation frame) after a change. */
async function weightsOf(page: Page, id: string): Promise<number[]> {
  return page.evaluate((i) => Array.from((document.getElementById(i) as unknown as { weights?: Float64Array }).weights ?? []), id);
}

async function stateOf(page: Page, id: string) {
  return page.evaluate((i) => {
    const e = document.getElementById(i) as unknown as Record<string, unknown>;
    return { tokens: e.tokens, dk: e.dk, dkMax: e.dkMax, seed: e.seed, scale: e.scale, causal: e.causal };
  }, id);
}

async function setAttrs(page: Page, id: string, attrs: Record<string, string | null>): Promise<void> {
  await page.evaluate(([i, a]) => {
    const e = document.getElementById(i as string)!;
    for (const [k, v] of Object.entries(a as Record<string, string | null>)) {
      if (v === null) e.removeAttribute(k); else e.setAttribute(k, v);
    }
  }, [id, attrs] as const);
  await elementsReady(page);
}

test('the default picture matches NumPy and shows the readouts', async ({ page }) => {
  await open(page);
  expect(await stateOf(page, 'hm')).toEqual({ tokens: 6, dk: 16, dkMax: 512, seed: '0', scale: 'sqrt', causal: false });
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 16, 'sqrt', false).weights, 'default');
  const hm = page.locator('#hm');
  await expect(hm.locator('canvas').first()).toBeVisible();
  await expect(hm.locator('.readouts')).toContainText('√d_k = 4.000');
  await expect(hm.locator('.readouts')).toContainText('softmax(Q[:, :16] · K[:, :16]ᵀ / √16)');
  await expect(hm.locator('.message')).toBeHidden();
  // English instance: own strings, token labels on the axes
  const en = page.locator('#en');
  await expect(en.locator('.readouts')).toContainText('Std of the raw scores');
  await expect(en.locator('.rowhead').first()).toContainText('cat');
});

test('drag the slider, switch the scale, flip the mask: weights equal NumPy', async ({ page }) => {
  await open(page);
  const hm = page.locator('#hm');
  const slider = hm.locator('input[type="range"]');
  const scale = hm.locator('select');
  const causal = hm.locator('#causal');

  await scale.selectOption('none');
  await elementsReady(page);
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 16, 'none', false).weights, 'scale=none');
  expect(await page.locator('#hm').getAttribute('scale')).toBe('none');
  await scale.selectOption('dk');
  await elementsReady(page);
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 16, 'dk', false).weights, 'scale=dk');
  await scale.selectOption('sqrt');

  await causal.check();
  await elementsReady(page);
  const c = find('0', 6, 512, 16, 'sqrt', true);
  const w = await weightsOf(page, 'hm');
  expectClose(w, c.weights, 'causal');
  for (let i = 0; i < 6; i++) {
    for (let j = i + 1; j < 6; j++) expect(w[i * 6 + j], `w[${i}, ${j}]`).toBe(0);
    const sum = w.slice(i * 6, i * 6 + 6).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 1), `row ${i} sum`).toBeLessThanOrEqual(1e-12);
  }
  const scores = await page.evaluate(() => Array.from((document.getElementById('hm') as unknown as { scores: Float64Array }).scores));
  expect(scores[1]).toBe(-Infinity);
  expectClose(scores.map((x) => (x === -Infinity ? 0 : x)), c.scores.map((x) => x ?? 0), 'causal scores');

  // drag the thumb to the far right: d_k = dk-max
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(box.x + (box.width * k) / 8 + 20, box.y + box.height / 2);
  await page.mouse.up();
  await elementsReady(page);
  expect((await stateOf(page, 'hm')).dk).toBe(512);
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 512, 'sqrt', true).weights, 'dragged to 512, causal');

  // performance marks around one slider step
  const marks = await page.evaluate(() => [
    performance.getEntriesByName('attn-heatmap-input').length, performance.getEntriesByName('attn-heatmap-painted').length]);
  expect(marks[0]).toBeGreaterThan(0);
  expect(marks[1]).toBeGreaterThan(0);

  // mask off, drag to the far left: d_k = 1
  await causal.uncheck();
  await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x - 30, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await elementsReady(page);
  expect((await stateOf(page, 'hm')).dk).toBe(1);
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 1, 'sqrt', false).weights, 'dragged to 1');

  // keyboard on the slider
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await elementsReady(page);
  expect((await stateOf(page, 'hm')).dk).toBe(2);
  expect(await page.locator('#hm').getAttribute('dk')).toBe('2');
});

test('the log-scale slider maps positions to integer d_k and every step moves', async ({ page }) => {
  await open(page);
  await setAttrs(page, 'hm', { 'log-scale': '' });
  const slider = page.locator('#hm input[type="range"]');
  await slider.focus();
  await page.keyboard.press('Home');
  await elementsReady(page);
  const seen: number[] = [(await stateOf(page, 'hm')).dk as number];
  for (let k = 0; k < 12; k++) {
    await page.keyboard.press('ArrowRight');
    await elementsReady(page);
    seen.push((await stateOf(page, 'hm')).dk as number);
  }
  expect(seen[0]).toBe(1);
  for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThan(seen[k - 1]);
  await page.keyboard.press('End');
  await elementsReady(page);
  expect((await stateOf(page, 'hm')).dk).toBe(512);
});

test('attributes set from outside: every golden case, with the change event', async ({ page }) => {
  await open(page);
  await setAttrs(page, 'hm', { dk: '3' }); // no golden case has d_k = 3, so every case below is a change
  for (const c of golden.cases) {
    const detail = page.evaluate(() => new Promise<Record<string, unknown>>((ok) => {
      document.addEventListener('attn-heatmap-change', (e) => {
        const d = (e as CustomEvent).detail;
        if ((e.target as Element).id === 'hm') ok({ ...d, weights: Array.from(d.weights as Float64Array) });
      }, { once: true });
    }));
    await setAttrs(page, 'hm', {
      seed: c.seed, tokens: String(c.tokens), 'dk-max': String(c.dkMax), dk: String(c.dk), scale: c.scale, causal: c.causal ? '' : null,
    });
    const what = `seed=${c.seed} T=${c.tokens} dkMax=${c.dkMax} dk=${c.dk} ${c.scale}${c.causal ? ' causal' : ''}`;
    expect(await stateOf(page, 'hm'), what).toEqual({ tokens: c.tokens, dk: c.dk, dkMax: c.dkMax, seed: c.seed, scale: c.scale, causal: c.causal });
    expectClose(await weightsOf(page, 'hm'), c.weights, what);
    const d = await detail;
    expect({ ...d, weights: undefined }).toEqual({
      tokens: c.tokens, dk: c.dk, dkMax: c.dkMax, seed: c.seed, scale: c.scale, causal: c.causal, weights: undefined,
    });
    expectClose(d.weights as number[], c.weights, `${what} (event)`);
  }
  // properties reflect to attributes
  await page.evaluate(() => {
    const e = document.getElementById('hm') as unknown as Record<string, unknown> & Element;
    e.tokens = 6; e.dkMax = 512; e.dk = 16; e.seed = 0n; e.scale = 'sqrt'; e.causal = false;
  });
  await elementsReady(page);
  expect(await page.locator('#hm').getAttribute('dk')).toBe('16');
  expect(await page.locator('#hm').getAttribute('seed')).toBe('0');
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 16, 'sqrt', false).weights, 'via properties');
});

test('the unscaled mean max weight rises with d_k (and matches NumPy)', async ({ page }) => {
  await open(page);
  const s = golden.sweep;
  await setAttrs(page, 'hm', { seed: String(s.seed), tokens: String(s.tokens), 'dk-max': String(s.dkMax), scale: s.scale });
  const means: number[] = [];
  for (const p of s.points) {
    await setAttrs(page, 'hm', { dk: String(p.dk) });
    const w = await weightsOf(page, 'hm');
    let sum = 0;
    for (let i = 0; i < s.tokens; i++) sum += Math.max(...w.slice(i * s.tokens, (i + 1) * s.tokens));
    const mean = sum / s.tokens;
    expect(Math.abs(mean - p.meanRowMax), `d_k=${p.dk}`).toBeLessThanOrEqual(1e-12);
    means.push(mean);
  }
  for (let k = 1; k < means.length; k++) expect(means[k], `d_k=${s.points[k].dk}`).toBeGreaterThan(means[k - 1]);
  expect(means[means.length - 1]).toBeGreaterThan(0.9);
  // with the √d_k scale the picture keeps its shape: no drift towards one-hot
  await setAttrs(page, 'hm', { scale: 'sqrt', dk: '512' });
  await expect(page.locator('#hm .readouts')).toContainText('0.16');
});

test('bad input keeps the last valid state and names the attribute and range', async ({ page }) => {
  await open(page);
  const before = await weightsOf(page, 'hm');
  const message = page.locator('#hm .message');
  const bad: [string, string, RegExp][] = [
    ['dk', 'abc', /dk.*1.*512/],
    ['dk', '0', /dk.*1.*512/],
    ['dk', '513', /dk.*1.*512/],
    ['dk', '2.5', /dk.*1.*512/],
    ['tokens', '1000', /tokens.*2.*32/],
    ['tokens', '1', /tokens.*2.*32/],
    ['dk-max', '2048', /dk-max.*1.*1024/],
    ['seed', '-1', /seed.*2\^64/],
    ['seed', '18446744073709551616', /seed.*2\^64/],
    ['scale', 'cube', /scale.*sqrt.*none.*dk/],
    ['scale', '<img src=x onerror=alert(1)>', /scale/],
  ];
  for (const [attr, value, re] of bad) {
    await setAttrs(page, 'hm', { [attr]: value });
    await expect(message, `${attr}="${value}"`).toBeVisible();
    await expect(message).toContainText(re);
    expect(await stateOf(page, 'hm')).toEqual({ tokens: 6, dk: 16, dkMax: 512, seed: '0', scale: 'sqrt', causal: false });
    expect(await weightsOf(page, 'hm')).toEqual(before);
    await expect(page.locator('#hm canvas').first()).toBeVisible();
    await setAttrs(page, 'hm', { [attr]: null });
    await expect(message).toBeHidden();
  }
  // no markup was parsed from the hostile value
  expect(await page.evaluate(() => document.getElementById('hm')!.shadowRoot!.querySelectorAll('img').length)).toBe(0);
  // dk-max below the current dk: message on dk, last valid pair kept; valid again → message goes away
  await setAttrs(page, 'hm', { dk: '16', 'dk-max': '8' });
  await expect(message).toContainText(/dk.*1.*8/);
  expect((await stateOf(page, 'hm')).dkMax).toBe(512);
  await setAttrs(page, 'hm', { dk: '8' });
  await expect(message).toBeHidden();
  expect(await stateOf(page, 'hm')).toMatchObject({ dk: 8, dkMax: 8 });
  // English message
  await setAttrs(page, 'en', { tokens: '1000' });
  await expect(page.locator('#en .message')).toContainText('Attribute tokens must be an integer from 2 to 32');
});

test('keyboard reaches every cell; hover and focus show the values; screen-reader table', async ({ page }) => {
  await open(page);
  const hm = page.locator('#hm');
  const cells = hm.locator('[role="gridcell"]:visible');
  await expect(cells).toHaveCount(36);
  await expect(hm.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  await cells.first().focus();
  const info = hm.locator('.info');
  await expect(info).toContainText('query 0 → key 0');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(info).toContainText('query 1 → key 1');
  await page.keyboard.press('End');
  await page.keyboard.press('PageDown');
  await expect(info).toContainText('query 5 → key 5');
  const w = await weightsOf(page, 'hm');
  await expect(info).toContainText(w[35].toFixed(4));
  expect(await page.evaluate(() => document.getElementById('hm')!.shadowRoot!.activeElement?.getAttribute('aria-label'))).toContain('query 5 → key 5');
  // only one tab stop in the grid (roving tabindex)
  await expect(hm.locator('[role="gridcell"][tabindex="0"]')).toHaveCount(1);
  // hovering a cell
  await hm.locator('[role="gridcell"][data-i="2"][data-j="3"]').hover();
  await expect(info).toContainText('query 2 → key 3');
  // masked cells say so
  await setAttrs(page, 'hm', { causal: '' });
  await hm.locator('[role="gridcell"][data-i="0"][data-j="4"]').hover();
  await expect(info).toContainText('−∞');
  // the hidden table carries the values (refreshed after the slider rests: part of the update)
  await elementsReady(page);
  const table = hm.locator('table').first();
  await expect(table.locator('tbody tr')).toHaveCount(6);
  const wc = await weightsOf(page, 'hm');
  await expect(table.locator('tbody tr').nth(3).locator('td').nth(2)).toHaveText(wc[3 * 6 + 2].toFixed(4));
  await expect(table.locator('caption')).toContainText('d_k = 16');
});

test('the canvas holds one pixel per weight in the ramp\'s colour; cells print values where they are large enough', async ({ page }) => {
  // What each visible panel shows: the canvas's size and pixels, each cell's hatch and printed value.
  const shown = () => page.locator('#hm').evaluate((el) => Array.from(el.shadowRoot!.querySelectorAll('figure.panel'))
    .filter((f) => f.getClientRects().length > 0)
    .map((f) => {
      const c = f.querySelector('canvas')!;
      const px = Array.from(c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data);
      const cells = Array.from(f.querySelectorAll<HTMLElement>('[role="gridcell"]'));
      return {
        bitmap: [c.width, c.height], board: Math.round(c.parentElement!.getBoundingClientRect().width),
        rgba: cells.map((_, n) => px.slice(n * 4, n * 4 + 4)),
        masked: cells.map((cell) => cell.classList.contains('masked')),
        printed: Array.from(f.querySelectorAll<HTMLElement>('.values .v'), (v) => (v.getClientRects().length ? v.textContent : null)),
      };
    }));
  const ramp = Array.from({ length: 256 }, (_, i) => weightRgb(i / 255));
  for (const [width, tokens, values] of [[1280, '6', true], [360, '6', true], [360, '16', false]] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    await setAttrs(page, 'hm', { tokens, causal: '' });
    const T = Number(tokens);
    const w = await weightsOf(page, 'hm');
    const [p] = await shown();
    expect(p!.bitmap, `${width} px, T = ${T}`).toEqual([T, T]);
    for (let n = 0; n < T * T; n++) {
      const masked = n % T > Math.floor(n / T);
      expect(p!.masked[n], `cell ${n}`).toBe(masked);
      // a masked pixel is clear (its cell shows the hatch); the others opaque, darker for a larger weight
      expect(p!.rgba[n]![3], `cell ${n}`).toBe(masked ? 0 : 255);
      if (!masked) expect(p!.rgba[n]!.slice(0, 3), `cell ${n}`).toEqual(ramp[Math.round(w[n]! * 255)]);
      expect(p!.printed[n], `${width} px, T = ${T}, cell ${n}`).toBe(values && !masked ? w[n]!.toFixed(2) : masked && values ? '' : null);
    }
    const lum = (n: number) => p!.rgba[n]!.slice(0, 3).reduce((a, b) => a + b, 0);
    expect(lum(0)).toBeLessThan(lum(T * T - 1)); // row 0 puts all its weight on key 0: the darkest cell
    await page.locator('#hm #compare').check();
    await elementsReady(page);
    const both = await shown();
    expect(both.map((q) => q.bitmap)).toEqual([[T, T], [T, T]]);
  }
});

test('compare shows unscaled and scaled side by side', async ({ page }) => {
  await open(page);
  await page.locator('#hm #compare').check();
  await elementsReady(page);
  const hm = page.locator('#hm');
  await expect(hm.locator('figure.panel:visible')).toHaveCount(2);
  await expect(hm.locator('canvas:visible')).toHaveCount(2);
  await expect(hm.locator('figcaption:visible').first()).toContainText('softmax(QKᵀ)');
  // the weights property still reports the selected (√d_k) scale
  expectClose(await weightsOf(page, 'hm'), find('0', 6, 512, 16, 'sqrt', false).weights, 'compare');
});

test('compare mode: fixed panels, the scale menu off with a note, every readout names its panel', async ({ page }) => {
  for (const [width, lang] of [[1280, 'zh-CN'], [360, 'en']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page);
    const id = 'hm';
    const hm = page.locator(`#${id}`);
    await setAttrs(page, id, { lang });
    // "no scaling" chosen, then compare: the panels are unscaled and √d_k, not two identical pictures.
    await setAttrs(page, id, { scale: 'none', compare: '' });
    const select = hm.locator('select#scale');
    await expect(select).toBeDisabled();
    const note = hm.locator('[part="scale-note"]');
    await expect(note).toBeVisible();
    await expect(note).toContainText(lang === 'en' ? 'panels are fixed' : '两幅图是固定的');
    await expect(hm.locator('figcaption:visible')).toHaveText(lang === 'en'
      ? ['Unscaled: softmax(QKᵀ)', 'Scaled: softmax(QKᵀ / √d_k)']
      : ['不缩放：softmax(QKᵀ)', '缩放：softmax(QKᵀ / √d_k)']);
    const readouts = hm.locator('[part="compare-readouts"] p');
    const names = lang === 'en' ? ['Both panels', 'Unscaled', 'Divided by √d_k'] : ['两幅图', '不缩放', '除以 √d_k'];
    for (const text of await readouts.allTextContents()) expect(names.some((n) => text.startsWith(`${n} · `)), text).toBe(true);
    await expect(readouts.filter({ hasText: '/ √16' })).toHaveCount(1); // only the scaled panel's formula divides
    await expect(hm.locator('.single')).toBeHidden();
    // Side by side where the width allows, stacked on a phone; row labels right next to their grid.
    const boards = hm.locator('figure.panel:visible .board');
    const [a, b] = [await boards.nth(0).boundingBox(), await boards.nth(1).boundingBox()];
    if (width === 1280) expect(Math.abs(a!.y - b!.y), 'side by side').toBeLessThan(2);
    else expect(b!.y, 'stacked').toBeGreaterThan(a!.y + a!.height);
    for (const fig of await hm.locator('figure.panel:visible').all()) {
      const rows = await fig.locator('.rowhead').boundingBox();
      const board = await fig.locator('.board').boundingBox();
      expect(board!.x - (rows!.x + rows!.width), 'gap between row labels and grid').toBeLessThan(8);
      expect(board!.x + board!.width, 'grid inside the page').toBeLessThanOrEqual(width);
    }
    // Leaving compare mode gives the menu back, and "no scaling" now shows.
    await setAttrs(page, id, { compare: null });
    await expect(select).toBeEnabled();
    await expect(note).toBeHidden();
    await expect(hm.locator('.single .formula code')).not.toContainText('√');
    expectClose(await weightsOf(page, id), find('0', 6, 512, 16, 'none', false).weights, 'none after compare');
  }
});

test('the lesson page\'s "drag d_k" heatmap starts the way its text says: one panel, the scale menu free', async ({ page }) => {
  for (const lang of ['zh-CN', 'en'] as const) {
    await page.addInitScript((l) => localStorage.setItem('attention-lab:lang', l), lang);
    await page.goto('/');
    const hm = page.locator('#heatmap-scaling');
    await expect(hm.locator('canvas').first()).toBeVisible();
    await expect(hm).not.toHaveAttribute('compare', /.*/);
    await expect(hm.locator('[role="grid"]:visible')).toHaveCount(1);
    // The text names an option of the menu ("不缩放" / "no scaling"): choosing it changes the picture.
    const text = (await page.locator('#heatmap-scaling').evaluate((el) => {
      const p = el.previousElementSibling; // the two language paragraphs sit right before it
      return `${p?.previousElementSibling?.textContent ?? ''} ${p?.textContent ?? ''}`;
    }));
    const option = lang === 'en' ? 'no scaling' : '不缩放';
    expect(text).toContain(`“${option}”`);
    const select = hm.locator('select#scale');
    await expect(select).toBeEnabled();
    const before = await page.evaluate(() => Array.from((document.getElementById('heatmap-scaling') as unknown as { weights: Float64Array }).weights));
    await select.selectOption({ label: option });
    await expect(hm).toHaveAttribute('scale', 'none');
    await expect(hm.locator('.single .formula code')).not.toContainText('√');
    const after = await page.evaluate(() => Array.from((document.getElementById('heatmap-scaling') as unknown as { weights: Float64Array }).weights));
    expect(after).not.toEqual(before);
  }
});

test('Copy as NumPy: the snippet reproduces the matrix in Python', async ({ page }) => {
  await open(page);
  await setAttrs(page, 'hm', { seed: '18446744073709551615', tokens: '9', 'dk-max': '300', dk: '77', scale: 'none', causal: '' });
  const snippet = await page.locator('#hm pre').textContent();
  expect(snippet).toContain('default_rng(seed)');
  const script = `${snippet}\nimport json\nprint(json.dumps([float(x) for x in weights.ravel()]))\n`;
  const out = execFileSync('/usr/bin/python3', ['-c', script], { encoding: 'utf8' }).trim().split('\n').pop()!;
  expectClose(await weightsOf(page, 'hm'), JSON.parse(out) as number[], 'snippet');
  await page.locator('#hm button').first().click();
  await expect(page.locator('#hm .copy-status')).not.toBeEmpty();
});

test('random parameters, not listed anywhere: weights equal NumPy', async ({ page }) => {
  await open(page);
  const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
  const scales = ['sqrt', 'none', 'dk'] as const;
  const cases = Array.from({ length: 6 }, () => {
    const dkMax = rand(1, 1024);
    const seed = ((BigInt(rand(0, 2 ** 31)) << 33n) ^ BigInt(rand(0, 2 ** 31)) ^ (BigInt(rand(0, 3)) << 62n)).toString(); // < 2^64
    return { seed, tokens: rand(2, 32), dkMax, dk: rand(1, dkMax), scale: scales[rand(0, 2)], causal: Math.random() < 0.5 };
  });
  const py = [
    'import json, sys',
    'import numpy as np',
    'out = []',
    'for c in json.loads(sys.argv[1]):',
    '    rng = np.random.default_rng(int(c["seed"]))',
    '    T, m, dk = c["tokens"], c["dkMax"], c["dk"]',
    '    Q = rng.standard_normal((T, m)); K = rng.standard_normal((T, m))',
    '    d = {"none": 1.0, "sqrt": np.sqrt(dk), "dk": float(dk)}[c["scale"]]',
    '    s = Q[:, :dk] @ K[:, :dk].T / d',
    '    if c["causal"]: s = np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, s)',
    '    w = np.exp(s - s.max(axis=-1, keepdims=True)); w = w / w.sum(axis=-1, keepdims=True)',
    '    out.append([float(x) for x in w.ravel()])',
    'print(json.dumps(out))',
  ].join('\n');
  const expected = JSON.parse(execFileSync('/usr/bin/python3', ['-c', py, JSON.stringify(cases)], { encoding: 'utf8' })) as number[][];
  for (const [k, c] of cases.entries()) {
    expect(BigInt(c.seed) < 1n << 64n).toBe(true);
    await setAttrs(page, 'hm', {
      seed: c.seed, tokens: String(c.tokens), 'dk-max': String(c.dkMax), dk: String(c.dk), scale: c.scale, causal: c.causal ? '' : null,
    });
    expect(await stateOf(page, 'hm')).toEqual({ tokens: c.tokens, dk: c.dk, dkMax: c.dkMax, seed: c.seed, scale: c.scale, causal: c.causal });
    expectClose(await weightsOf(page, 'hm'), expected[k], JSON.stringify(c));
  }
});

test('a loading state shows until the engine arrives', async ({ page }) => {
  const release = await holdBack(page, '**/*.wasm');
  await page.goto('/fixtures/heatmap.html');
  const status = page.locator('#hm .status');
  await expect(status).toBeVisible();
  await expect(status).not.toBeEmpty();
  release();
  await expect(page.locator('#hm canvas').first()).toBeVisible();
  await expect(status).toBeHidden();
});

test.describe('accessibility (axe-core, injected with the CSP bypassed for the checker only)', () => {
  test.use({ bypassCSP: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no WCAG A/AA violations, no page overflow at T=32 (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await open(page);
      await setAttrs(page, 'hm', { tokens: '32', dk: '512', causal: '', compare: '', labels: 'a,b,c' });
      await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
        const r = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
        return r.violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
});
