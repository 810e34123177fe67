// The block models (the lecture's part 3) in <attn-train>, under the strict CSP,
// against the built library and its Worker: an author's layernorm and gpt
// widgets (new attributes n-embd, n-head, n-layer, dropout, batch, block) print
// attn-cli train's log for the same settings, line for line (e2e/golden, which
// the emitted PyTorch script also prints); Copy as PyTorch carries the
// settings; a bad size keeps the last valid one and names the rule; and the
// block page has one widget per model, each accepting its model.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import type { Page } from '@playwright/test';

const golden = (name: string) => readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8').trimEnd().split('\n');

type El = HTMLElement & { phase: string; log: string[]; pytorchScript: string; nHead: number; nEmbd: number };
const phase = (page: Page, id: string) => page.evaluate((i) => (document.getElementById(i) as unknown as El).phase, id);

test('an author\'s layernorm and gpt widgets print attn-cli train\'s log for their settings', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/fixtures/train-blocks.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
  for (const [id, file] of [['layernorm', 'train_layernorm_41.txt'], ['gpt', 'train_gpt_41.txt']] as const) {
    const el = page.locator(`#${id}`);
    await expect(el.locator('[part="message"]')).toBeHidden();
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, id), { timeout: 90_000 }).toBe('done');
    expect(await page.evaluate((i) => (document.getElementById(i) as unknown as El).log, id)).toEqual(golden(file));
  }
  const script = await page.evaluate(() => (document.getElementById('gpt') as unknown as El).pytorchScript);
  for (const line of ['n_embd = 24', 'n_head = 3', 'n_layer = 2', 'dropout = 0.2', 'batch_size = 8', 'block_size = 16', 'class Block(nn.Module):'])
    expect(script).toContain(line);
});

test('a size that breaks a rule keeps the last valid one and says which rule', async ({ page }) => {
  await page.goto('/fixtures/train-blocks.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
  const el = page.locator('#layernorm');
  await page.evaluate(() => document.getElementById('layernorm')!.setAttribute('n-head', '5'));
  await expect(el.locator('[part="message"]')).toContainText('n-embd=16 is not a multiple of n-head=5');
  expect(await page.evaluate(() => (document.getElementById('layernorm') as unknown as El).nHead)).toBe(2);
  await page.evaluate(() => document.getElementById('layernorm')!.setAttribute('dropout', '0.3'));
  await expect(el.locator('[part="message"]')).toContainText('dropout="0.3" is for the gpt model only');
});

test('the block page: a widget for each of the six models, each taking its model', async ({ page }) => {
  await page.goto('/block.html');
  const models = ['multihead', 'ffwd', 'blocks', 'residual', 'layernorm', 'gpt'];
  await expect(page.locator('attn-train')).toHaveCount(models.length);
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
  for (const m of models) {
    const el = page.locator(`attn-train[model="${m}"]`);
    await expect(el).toHaveCount(1);
    await expect.poll(() => el.evaluate((e) => (e as unknown as { model: string }).model)).toBe(m);
    await expect(el.locator('[part="message"]')).toBeHidden();
  }
});
