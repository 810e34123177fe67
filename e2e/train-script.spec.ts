// The run taken home, in headless Chromium: <attn-train>'s Copy as PyTorch
// and Download give the script attn-cli train … --emit-pytorch prints for the
// same settings (the CLI module, in Node), for Tiny Shakespeare and for the
// learner's own text (saved as my_text.txt); the reading page's code blocks
// are pieces of the scripts its widgets hand out, in Chinese and in English.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import { elementsReady } from './helpers/ready';
import { seedStorage, LANG_KEY } from './helpers/storage';
import { loadCli } from '../web/engine/cli/cli.js';
import { cliOptions, type ScriptModel, type ScriptSettings } from '../web/train-script/pytorch-script';
import type { Lang } from '../web/shared/lang';
import { lectureSettings } from '../scripts/vite-pytorch-code';
import type { Page } from '@playwright/test';

const cliModule = loadCli({ wasmBinary: readFileSync(new URL('../web/generated/attn_cli.wasm', import.meta.url)) });
async function emitted(s: ScriptSettings, lang: Lang): Promise<string> {
  const r = (await cliModule).runCli(['train', ...cliOptions(s, lang), '--emit-pytorch'], () => null);
  expect(r.stderr).toBe('');
  return r.stdout;
}

type El = HTMLElement & { pytorchScript: string };
const script = (page: Page, id: string) => page.evaluate((i) => (document.getElementById(i) as El).pytorchScript, id);

async function copied(page: Page, id: string): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.locator(`#${id}`).locator('[part="copy-button"]').click();
  await expect(page.locator(`#${id}`).locator('[part="pytorch"] [role="status"]')).not.toBeEmpty();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [dl] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: dl.suggestedFilename(), text: readFileSync((await dl.path())!, 'utf8') };
}

test.describe('Copy as PyTorch', () => {
  test('the copied and downloaded script is the one attn-cli emits for the settings in the controls', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/fixtures/train.html');
    await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
    await elementsReady(page);
    const head = page.locator('#head');
    await head.locator('#seed').fill('2024');
    await head.locator('#iters').fill('1234');
    await head.locator('#lr').fill('3e-3');
    await head.locator('#lr').blur();
    await page.evaluate(() => document.getElementById('head')!.setAttribute('eval-iters', '50'));
    const want = await emitted({
      model: 'head', seed: '2024', iters: 1234, evalInterval: 100, evalIters: 50, lr: 3e-3, batch: 32, block: 8,
      sampleChars: 200, data: 'input.txt',
    }, 'en');
    await expect.poll(() => script(page, 'head')).toBe(want);
    expect(await copied(page, 'head')).toBe(want);
    await expect(head.locator('[part="copy-button"]')).toHaveText('Copy as PyTorch');
    const dl = await downloaded(page, () => head.locator('[part="download-button"]').click());
    expect(dl).toEqual({ name: 'train_head.py', text: want });
    // the text the script reads: the element's own Tiny Shakespeare, saved as input.txt
    const link = head.locator('[part="text-link"]');
    await expect(link).toHaveAttribute('download', 'input.txt');
    const text = await downloaded(page, () => link.click());
    expect(text.name).toBe('input.txt');
    expect(text.text).toBe(readFileSync(new URL('../public/data/tinyshakespeare.txt', import.meta.url), 'utf8'));
  });

  test('with the learner\'s own text the script reads my_text.txt, which the element saves; comments in the page\'s language', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/fixtures/train.html');
    await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
    await elementsReady(page);
    const el = page.locator('#bigram'); // lang="zh-CN"
    await el.locator('#src-own').check();
    const own = '我的文本：one line\nand another, with a quote \' and a tab\t.\n'.repeat(6);
    await el.locator('#own-text').fill(own);
    const want = await emitted({
      model: 'bigram', seed: '1337', iters: 200, evalInterval: 100, evalIters: 200, lr: 1e-2, batch: 32, block: 8,
      sampleChars: 500, data: 'my_text.txt',
    }, 'zh-CN');
    expect(want).toContain("data_path = 'my_text.txt'");
    expect(await copied(page, 'bigram')).toBe(want);
    expect(await script(page, 'bigram')).toBe(want);
    await expect(el.locator('[part="download-button"]')).toHaveText('下载 train_bigram.py');
    const text = await downloaded(page, () => el.locator('[part="text-link"]').click());
    expect(text).toEqual({ name: 'my_text.txt', text: own });
  });
});

test.describe('the reading page\'s code', () => {
  for (const lang of ['zh-CN', 'en'] as const) {
    test(`five blocks, each a piece of the script its widget hands out (${lang})`, async ({ page }) => {
      await seedStorage(page, { [LANG_KEY]: lang });
      await page.goto('/reading.html');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const blocks = page.locator(`details.pytorch-code pre[lang="${lang}"]`);
      await expect(blocks).toHaveCount(5);
      for (const summary of await page.locator('details.pytorch-code:not([open]) > summary').all()) await summary.click();
      await expect(page.locator(`details.pytorch-code pre[lang="${lang}"]:visible`)).toHaveCount(5);
      await expect(page.locator(`details.pytorch-code pre:not([lang="${lang}"]):visible`)).toHaveCount(0);
      const scripts = new Map<string, string>();
      for (const pre of await blocks.all()) {
        const model = (await pre.getAttribute('data-model')) as ScriptModel;
        if (!scripts.has(model)) scripts.set(model, await emitted(lectureSettings(model), lang));
        const code = (await pre.textContent())!;
        expect(code.length).toBeGreaterThan(100);
        expect(scripts.get(model), `${await pre.getAttribute('data-region')}`).toContain(code);
      }
      // the widget next to the head's code hands out the script those pieces come from
      const headScript = await page.evaluate(async () => {
        const el = document.getElementById('train-head') as HTMLElement & { pytorchScript: string; updateComplete?: Promise<unknown> };
        await customElements.whenDefined('attn-train');
        return el.pytorchScript;
      });
      expect(headScript).toBe(scripts.get('head'));
    });
  }
});
