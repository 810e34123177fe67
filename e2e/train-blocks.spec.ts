// The block models (the lecture's part 3) in <attn-train>, under the strict CSP,
// against the built library and its Worker: an author's layernorm and gpt
// widgets (new attributes n-embd, n-head, n-layer, dropout, batch, block) print
// attn-cli train's log for the same settings, line for line (e2e/golden, which
// the emitted PyTorch script also prints); Copy as PyTorch carries the
// settings; their attention maps (n_layer × n_head, on the default snippet) are
// attn-cli train --attention's (e2e/golden/*_attention.json), picked from a
// layer × head grid by keyboard; a bad size keeps the last valid one and
// names the rule; and the block page has one widget per model, each accepting its model.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import { runAxe } from './helpers/axe';
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
    // Every head of every layer on the default snippet: attn-cli train … --attention "my lord,"'s maps.
    await expect.poll(() => page.evaluate((i) => (document.getElementById(i) as unknown as { attention: unknown }).attention !== null, id)).toBe(true);
    const layers = await page.evaluate((i) => (document.getElementById(i) as unknown as { attention: { layers: Float32Array[][] } })
      .attention.layers.map((l) => l.map((m) => Array.from(m))), id);
    const want = JSON.parse(readFileSync(new URL(`./golden/${file.replace('.txt', '_attention.json')}`, import.meta.url), 'utf8')) as number[][][][];
    expect(layers.length).toBe(want.length);
    for (let l = 0; l < want.length; l++) {
      expect(layers[l]!.length).toBe(want[l]!.length);
      for (let hd = 0; hd < want[l]!.length; hd++) {
        const T = want[l]![hd]!.length, m = layers[l]![hd]!;
        expect(m.length).toBe(T * T);
        for (let q = 0; q < T; q++) {
          let sum = 0;
          for (let k = 0; k < T; k++) {
            const v = m[q * T + k]!;
            sum += v;
            if (k > q) expect(v).toBe(0);
            expect(Math.abs(v - want[l]![hd]![q]![k]!), `${id} layer ${l} head ${hd} [${q}][${k}]`).toBeLessThan(1e-5);
          }
          expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
        }
      }
    }
    // The grid by keyboard: from layer 1 head 1, Down then Right, Enter shows layer 2 head 2's rows.
    const first = el.locator('[part~="map"]').first();
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(el.locator('[part="heatmap-table"] caption')).toContainText('Layer 2, head 2');
    const row = await el.locator('[part="heatmap-table"] tbody tr').nth(1).locator('td').first().textContent();
    expect(row).toBe(want[1]![1]![1]![0]!.toFixed(4));
  }
  const script = await page.evaluate(() => (document.getElementById('gpt') as unknown as El).pytorchScript);
  for (const line of ['n_embd = 24', 'n_head = 3', 'n_layer = 2', 'dropout = 0.2', 'batch_size = 8', 'block_size = 16', 'class Block(nn.Module):'])
    expect(script).toContain(line);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe, ${scheme}: a trained block model with its spreads, its layer × head grid and a picked map, zh-CN and en`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/fixtures/train-blocks.html');
    await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
    await page.evaluate(() => {
      document.documentElement.style.background = 'Canvas';
      document.documentElement.style.color = 'CanvasText';
    });
    const el = page.locator('#layernorm');
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, 'layernorm'), { timeout: 90_000 }).toBe('done');
    await expect(el.locator('[part="spreads-table"] tbody tr')).toHaveCount(2);
    await expect(el.locator('[part~="map"]')).toHaveCount(4);
    await el.locator('[part~="map"]').nth(1).click();
    await expect(el.locator('[part="heatmap-table"] caption')).toContainText('Layer 1, head 2');
    expect((await runAxe(page)).violations).toEqual([]);
    await page.evaluate(() => document.getElementById('layernorm')!.setAttribute('lang', 'zh-CN'));
    await expect(el.locator('[part="heatmap-table"] caption')).toContainText('第 1 层第 2 个头');
    expect((await runAxe(page)).violations).toEqual([]);
  });
}

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

test('the block page\'s ladder: a finished run joins the chart and the table with its last log line, beside the one-head baseline', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/block.html');
  const ladder = page.locator('#block-ladder-runs');
  await expect(ladder.locator('tbody tr')).toHaveCount(1);
  await expect(ladder.locator('tbody tr').first().locator('td.num')).toHaveText(['2.3980', '2.4084', '0.0104']);
  await page.waitForFunction(() => !!document.getElementById('train-layernorm')?.shadowRoot?.querySelector('[part="start-button"]'));
  // The e2e golden's settings, set as an author would; then the page's own widget trains them.
  await page.evaluate(() => {
    const el = document.getElementById('train-layernorm')!;
    for (const [k, v] of Object.entries({ seed: '11', iters: '41', 'eval-interval': '20', 'eval-iters': '4', batch: '8', block: '16',
      'n-embd': '16', 'n-head': '2', 'n-layer': '2', 'sample-chars': '0' })) el.setAttribute(k, v);
    return (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  });
  await page.locator('#train-layernorm [part="start-button"]').click();
  await expect.poll(() => phase(page, 'train-layernorm'), { timeout: 90_000 }).toBe('done');
  const log = golden('train_layernorm_41.txt');
  expect(await page.evaluate(() => (document.getElementById('train-layernorm') as unknown as El).log)).toEqual(log);
  await expect(ladder.locator('tbody tr')).toHaveCount(2);
  const row = ladder.locator('tbody tr').nth(1);
  await expect(row.locator('th code')).toHaveText('layernorm');
  await expect(row.locator('th .settings')).toHaveText('seed 11 · iters 41 · lr 0.001 · batch 8 · block 16 · n_embd 16 · n_head 2 · n_layer 2');
  await expect(row.locator('td')).toHaveText(['40', '3.7595', '3.7424', '-0.0171']);
  expect(log.at(-1)).toBe('step 40: train loss 3.7595, val loss 3.7424');
  await expect(ladder.locator('path.run')).toHaveCount(2);
  // The layernorm run's spreads, side by side (its column alone so far): one row per layer.
  const side = page.locator('#block-spreads-side');
  await expect(side.locator('thead th[scope="colgroup"] code')).toHaveText(['layernorm']);
  await expect(side.locator('tbody tr')).toHaveCount(2);
  const spreads = await page.evaluate(() => (document.getElementById('train-layernorm') as unknown as { layerSpreads: { activation: number[] }[] })
    .layerSpreads.at(-1)!.activation.map((x) => x.toPrecision(4)));
  await expect(side.locator('tbody tr td:nth-of-type(1)')).toHaveText(spreads);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await runAxe(page, '#block-ladder')).violations, scheme).toEqual([]);
    expect((await runAxe(page, '#block-spreads-side')).violations, scheme).toEqual([]);
  }
});

test('the block page\'s gpt widget: its size fields typed in give attn-cli\'s log, and a second run with dropout 0 joins the ladder beside it', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/block.html');
  await page.waitForFunction(() => !!document.getElementById('train-gpt')?.shadowRoot?.querySelector('[part="start-button"]'));
  // What the controls do not hold: how often and how long to evaluate, and no sample.
  await page.evaluate(() => {
    const el = document.getElementById('train-gpt')!;
    for (const [k, v] of Object.entries({ 'eval-interval': '20', 'eval-iters': '4', 'sample-chars': '0' })) el.setAttribute(k, v);
  });
  const el = page.locator('#train-gpt');
  // The golden's settings (attn-cli train --model gpt --seed 11 --iters 41 … --n-embd 24 --n-head 3 --n-layer 2 --dropout 0.2), typed in.
  for (const [id, v] of [['seed', '11'], ['iters', '41'], ['n-head', '3'], ['n-embd', '24'], ['n-layer', '2'], ['dropout', '0.2'], ['batch', '8'], ['block', '16']]) {
    await el.locator(`#${id}`).fill(v);
    await el.locator(`#${id}`).press('Tab');
  }
  await expect.poll(() => page.evaluate(() => { const e = document.getElementById('train-gpt') as unknown as El & { dropout: number; block: number };
    return [e.nEmbd, e.nHead, e.dropout, e.block]; })).toEqual([24, 3, 0.2, 16]);
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => phase(page, 'train-gpt'), { timeout: 90_000 }).toBe('done');
  expect(await page.evaluate(() => (document.getElementById('train-gpt') as unknown as El).log)).toEqual(golden('train_gpt_41.txt'));
  await el.locator('#dropout').fill('0');
  await el.locator('#dropout').press('Tab');
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => phase(page, 'train-gpt'), { timeout: 90_000 }).toBe('done');
  const rows = page.locator('#block-ladder-runs tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).locator('th .settings')).toContainText('dropout 0.2');
  await expect(rows.nth(2).locator('th .settings')).toContainText('dropout 0');
  const last = (await page.evaluate(() => (document.getElementById('train-gpt') as unknown as El).log)).at(-1)!;
  const m = /^step 40: train loss (\d\.\d{4}), val loss (\d\.\d{4})$/.exec(last)!;
  await expect(rows.nth(2).locator('td')).toHaveText(['40', m[1]!, m[2]!, /^-?0\.\d{4}$/]);
});

test('the block page fetches nothing heavy before Start: no training text, no engine module', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/block.html');
  await page.waitForFunction(() => !!document.getElementById('train-gpt')?.shadowRoot?.querySelector('[part="start-button"]'));
  await page.evaluate(async () => {
    window.scrollTo(0, document.body.scrollHeight);
    // An element whose code has not arrived has no updateComplete yet: wait for its definition first.
    const tags = ['attn-train', 'attn-quiz', 'attn-review'];
    await Promise.all(tags.map((t) => customElements.whenDefined(t)));
    await Promise.all(Array.from(document.querySelectorAll(tags.join(', ')),
      (e) => (e as unknown as { updateComplete: Promise<unknown> }).updateComplete));
  });
  await expect.poll(() => fetched.some((p) => /banks\/block-01\.json$/.test(p))).toBe(true);
  expect(fetched.filter((p) => /\.wasm$|tinyshakespeare/.test(p))).toEqual([]);
});
