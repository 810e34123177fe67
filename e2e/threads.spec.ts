// Threaded training: on a cross-origin isolated page (the e2e server sends
// COOP and COEP to requests carrying the cookie attn-isolated=1, as
// docs/embedding.md asks a host to), <attn-train> loads its threaded build,
// attn_train_mt, shares a gpt run's steps among its threads and prints what
// one thread prints: attn-cli train's log for the same settings, line for line
// (e2e/golden). Elsewhere it loads the one-thread build and fetches nothing of
// the threaded one.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import type { Page } from '@playwright/test';
import { TRAIN_LIMITS } from '../web/engine/shared/limits.js';

const golden = (name: string) => readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8').trimEnd().split('\n');

type El = HTMLElement & { phase: string; log: string[] };

// A gpt run large enough that its products and heads are shared among threads (kTeamWork in
// cpp/src/train/team.hpp): attn-cli train --model gpt --seed 11 --iters 11 --eval-interval 5
// --eval-iters 2 --batch 32 --block 32 --n-embd 64 --n-head 4 --n-layer 1 --dropout 0.2
// --sample-chars 0, whose log Debian's PyTorch 1.13 prints too (train_gpt_11_shared.txt).
const SHARED: Record<string, string> = {
  iters: '11', 'eval-interval': '5', 'eval-iters': '2', batch: '32', block: '32', 'n-embd': '64', 'n-head': '4', 'n-layer': '1', dropout: '0.2',
};

async function train(page: Page, id: string, attrs: Record<string, string> = {}): Promise<{ log: string[]; status: string[] }> {
  await page.goto('/fixtures/train-blocks.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
  const el = page.locator(`#${id}`);
  await el.evaluate((e, a) => { for (const [k, v] of Object.entries(a)) e.setAttribute(k, v); }, attrs);
  if (Object.keys(attrs).length) await expect(el.locator('#n-embd')).toHaveValue(attrs['n-embd']!);
  // Every status line the run shows, from Start on.
  await el.evaluate((e) => {
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    const status = e.shadowRoot!.querySelector('[part="status"]')!;
    new MutationObserver(() => w.statuses.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => el.evaluate((e) => (e as El).phase), { timeout: 90_000 }).toBe('done');
  return { log: await el.evaluate((e) => (e as El).log), status: await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses) };
}

test('an isolated page trains gpt on threads and prints the one-thread log', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  test.skip(cores < 2, 'one core: there is nothing to share');
  await context.addCookies([{ name: 'attn-isolated', value: '1', url: baseURL! }]);
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  const { log, status } = await train(page, 'gpt', SHARED);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(log).toEqual(golden('train_gpt_11_shared.txt'));
  // The threaded build ran: its .wasm and its thread workers' script were fetched, the one-thread .wasm not.
  expect(urls.filter((u) => /attn_train_mt[\w.-]*\.wasm$/.test(u))).toHaveLength(1);
  expect(urls.some((u) => /attn_train_mt\.worker[\w.-]*\.js$/.test(u))).toBe(true);
  expect(urls.filter((u) => /attn_train(_scalar)?[\w-]*\.wasm$/.test(u) && !u.includes('_mt'))).toEqual([]);
  const threads = Math.min(cores, TRAIN_LIMITS.maxThreads);
  expect(status.some((s) => s.includes(`(on ${threads} threads)`)), status.join('\n')).toBe(true);
  // A second run in the same worker: the first run's threads went back to the pool and serve it.
  const el = page.locator('#gpt');
  await el.evaluate((e) => {
    const w = window as unknown as { ended: number };
    w.ended = 0;
    e.addEventListener('attn-train-done', () => { w.ended++; });
  });
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { ended: number }).ended), { timeout: 90_000 }).toBe(1);
  expect(await el.evaluate((e) => (e as El).log)).toEqual(golden('train_gpt_11_shared.txt'));
  expect(urls.filter((u) => /attn_train_mt[\w.-]*\.wasm$/.test(u))).toHaveLength(1);
});

test('a page that is not isolated trains on one thread and fetches nothing of the threaded build', async ({ page }) => {
  test.setTimeout(120_000);
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  const { log, status } = await train(page, 'layernorm');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  expect(log).toEqual(golden('train_layernorm_41.txt'));
  expect(urls.filter((u) => u.includes('attn_train_mt'))).toEqual([]);
  expect(status.some((s) => s.includes('threads)'))).toBe(false);
});
