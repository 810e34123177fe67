// <attn-train>'s generation panel in headless Chromium under the strict CSP,
// against the built library and its Worker: after a head run, 40 characters
// stepped with the KV cache on and off write the same text; while the window
// fits the cached and recomputed logits agree (difference shown, <= 1e-5);
// after it slides the naive cache's drift is shown and explained; the page
// takes input while it plays; bad input gets a message and the panel keeps
// working; axe finds nothing; the bigram model steps too; a block model keeps
// a cache per layer and writes attn-cli train --greedy's text (e2e/golden/
// train_gpt_41_greedy.txt: the fixture's settings, --generate "\n" --greedy 24
// --kv-cache 1); the embed has it.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import { runAxe } from './helpers/axe';
import type { Locator, Page } from '@playwright/test';

interface Step {
  probs: { char: string; p: number; model?: number }[];
  window: string[]; chosen: string; slid: boolean; diff?: number; attention?: number[]; ops: { recompute: number; cached?: number };
  cache?: { floats: number; layers: number; heads: number; headSize: number };
}
type El = HTMLElement & { phase: string; generation: { context: string; steps: Step[] } };

async function trainHead(page: Page): Promise<Locator> {
  await page.goto('/fixtures/train.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
  const el = page.locator('#head');
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => page.evaluate(() => (document.getElementById('head') as unknown as El).phase), { timeout: 90_000 }).toBe('done');
  await expect(el.locator('[part="generate"]')).toBeVisible();
  return el;
}

const steps = (page: Page, id = 'head') => page.evaluate((i) => (document.getElementById(i) as unknown as El).generation.steps, id);

async function play(page: Page, el: Locator, n: number, id = 'head'): Promise<Step[]> {
  await el.locator('#gen-count').fill(String(n));
  await el.locator('[part="generate-play"]').click();
  await expect.poll(async () => (await steps(page, id)).length, { timeout: 60_000 }).toBe(n);
  await expect(el.locator('[part="generate-play"]')).toHaveAttribute('aria-pressed', 'false');
  return steps(page, id);
}

test.describe('<attn-train> generation', () => {
  test('40 characters with the cache on and off: agreement before the slide, drift after it, the same text', async ({ page }) => {
    test.setTimeout(180_000);
    const el = await trainHead(page);
    await el.locator('#gen-cache').check();
    // the page keeps taking input while the panel plays
    await el.locator('#gen-count').fill('40');
    await el.locator('[part="generate-play"]').click();
    await page.locator('#probe').click();
    await page.keyboard.type('abc');
    await expect(page.locator('#probe')).toHaveValue('abc');
    await expect.poll(async () => (await steps(page)).length, { timeout: 60_000 }).toBe(40);
    const on = await steps(page);
    const fits = on.filter((s) => !s.slid);
    const slid = on.filter((s) => s.slid);
    expect(fits).toHaveLength(8);  // the context "\n" and 7 generated characters fill the block of 8
    for (const s of fits) expect(s.diff!).toBeLessThanOrEqual(1e-5);
    expect(Math.max(...slid.map((s) => s.diff!))).toBeGreaterThan(1e-3);
    for (const s of on) {
      expect(s.window.length).toBe(Math.min(8, on.indexOf(s) + 1));
      expect(s.attention).toHaveLength(s.window.length);
      if (s.window.length > 1) expect(s.ops.cached!).toBeLessThan(s.ops.recompute);
    }
    // what the learner sees after the last step: the crop, the drift and why
    await expect(el.locator('[part="generate-crop"]')).toBeVisible();
    await expect(el.locator('[part="generate-crop"]')).toContainText('block_size = 8');
    await expect(el.locator('[part="generate-diff"]')).toHaveClass(/drift/);
    await expect(el.locator('[part="generate-explain"]')).toContainText('recomputes every step');
    await expect(el.locator('[part="generate-probs"] li')).toHaveCount(10);
    await expect(el.locator('[part="generate-window"] td.ch')).toHaveCount(8);
    await expect(el.locator('[part="generate-attention"] td')).toHaveCount(8);
    await expect(el.locator('[data-ops="cached"]')).toContainText('1 × 8');
    // one step back at the start: the difference is shown at rounding level
    await el.locator('[part="generate-reset"]').click();
    await el.locator('[part="generate-step"]').click();
    await expect.poll(async () => (await steps(page)).length).toBe(1);
    await expect(el.locator('[part="generate-explain"]')).toContainText('has not slid');
    expect(Number(await el.locator('[part="generate-diff"]').getAttribute('data-diff'))).toBeLessThanOrEqual(1e-5);

    await el.locator('[part="generate-reset"]').click();
    await el.locator('#gen-cache').uncheck();
    const off = await play(page, el, 40);
    expect(off.map((s) => s.chosen).join('')).toBe(on.map((s) => s.chosen).join(''));
    for (const s of off) expect(s.diff).toBeUndefined();
    await expect(el.locator('[data-ops="cached"]')).toHaveCount(0);
    expect((await runAxe(page, '#head')).violations).toEqual([]);
  });

  test('bad input gets a message and the panel keeps working; sampled mode and the keyboard', async ({ page }) => {
    test.setTimeout(180_000);
    const el = await trainHead(page);
    const message = el.locator('[part="generate-message"]');
    await el.locator('#gen-context').fill('naïve');
    await el.locator('[part="generate-step"]').click();
    await expect(message).toContainText('outside the model\'s vocabulary');
    await expect(message).toContainText('ï');
    await el.locator('#gen-context').fill('');
    await el.locator('#gen-count').fill('2001');
    await el.locator('[part="generate-play"]').click();
    await expect(message).toContainText('from 1 to 2000');
    // empty context: token 0
    await el.locator('[part="generate-step"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await steps(page)).length).toBe(1);
    await expect(message).toBeHidden();
    expect((await steps(page))[0]!.window).toEqual(['\n']);
    await el.locator('#gen-sampled').check();
    await el.locator('[part="generate-step"]').click();
    await expect.poll(async () => (await steps(page)).length).toBe(2);
    expect((await runAxe(page, '#head')).violations).toEqual([]);
  });

  test('sampled with temperature and top-k: attn-cli train --sampled\'s text, the model\'s probabilities beside the shaped ones', async ({ page }) => {
    test.setTimeout(180_000);
    const el = await trainHead(page);
    await el.locator('#gen-sampled').check();
    await el.locator('#gen-temperature').fill('0.5');
    await el.locator('#gen-top-k').fill('3');
    const s = await play(page, el, 12);
    // e2e/golden/train_head_300_sampled.txt: the fixture's settings, --generate "\n" --sampled 12 --temperature 0.5 --top-k 3
    const want = JSON.parse(readFileSync(new URL('./golden/train_head_300_sampled.txt', import.meta.url), 'utf8').trim().slice('sampled: '.length)) as string;
    expect(s.map((x) => x.chosen).join('')).toBe(want);
    for (const x of s) expect(x.probs.filter((p) => p.p > 0)).toHaveLength(3);
    await expect(el.locator('[part="generate-probs"] li').nth(3).locator('.p')).toHaveText('0.000');  // cut by top-k
    await expect(el.locator('[part="generate-probs"] li').nth(3).locator('.model')).toContainText('model 0.');
    await expect(el.locator('#gen-probs-title')).toContainText('temperature 0.5 and top-k 3');
    expect((await runAxe(page, '#head')).violations).toEqual([]);
  });

  test('the bigram model steps too: the window and the probabilities, no attention', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/fixtures/train.html');
    await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
    const el = page.locator('#bigram');
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => page.evaluate(() => (document.getElementById('bigram') as unknown as El).phase), { timeout: 90_000 }).toBe('done');
    await expect(el.locator('#gen-cache')).toBeHidden();
    const s = await play(page, el, 12, 'bigram');
    expect(s[11]!.slid).toBe(true);
    for (const x of s) expect(x.attention).toBeUndefined();
    await expect(el.locator('[part="generate-attention"]')).toContainText('注意力头');
  });

  test('a block model: a cache per layer, at rounding level until the window slides, and attn-cli\'s greedy text', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/fixtures/train-blocks.html');
    await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
    const el = page.locator('#gpt');
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => page.evaluate(() => (document.getElementById('gpt') as unknown as El).phase), { timeout: 90_000 }).toBe('done');
    await el.locator('#gen-cache').check();
    const s = await play(page, el, 24, 'gpt');
    const want = JSON.parse(readFileSync(new URL('./golden/train_gpt_41_greedy.txt', import.meta.url), 'utf8').trim().slice('greedy: '.length)) as string;
    expect(s.map((x) => x.chosen).join('')).toBe(want);
    for (const x of s) {
      const T = x.window.length;
      expect(x.cache).toEqual({ floats: 2 * 2 * T * 24, layers: 2, heads: 3, headSize: 8 });  // 2 layers of 3 heads × 8
      if (!x.slid) expect(x.diff!).toBeLessThanOrEqual(1e-5);
      if (T > 1) expect(x.ops.cached!).toBeLessThan(x.ops.recompute);
    }
    expect(s.filter((x) => !x.slid)).toHaveLength(16);  // "\n" and 15 generated characters fill the block of 16
    expect(Math.max(...s.filter((x) => x.slid).map((x) => x.diff!))).toBeGreaterThan(1e-3);
    await expect(el.locator('[data-ops="cache-size"]')).toContainText('1,536');  // 2 × 2 × 16 × 24
    await expect(el.locator('[data-ops="cache-size"]')).toContainText('2 × 2');
    await expect(el.locator('[part="generate-diff"]')).toHaveClass(/drift/);
  });

  test('embed.html?w=train: a short run, then a step', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/embed.html?w=train&model=head&iters=30&lang=en');
    const el = page.locator('attn-train');
    await expect(el.locator('[part="start-button"]')).toHaveText('Start', { timeout: 15_000 });
    await el.locator('[part="start-button"]').click();
    await expect(el.locator('[part="generate"]')).toBeVisible({ timeout: 90_000 });
    await el.locator('[part="generate-step"]').click();
    await expect(el.locator('[part="generate-chosen"]')).toContainText('Chosen:');
  });
});
