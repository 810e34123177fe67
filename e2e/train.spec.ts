// <attn-train> in headless Chromium under the strict CSP, against the built
// library (dist/lib/attention-lab.js, its Web Worker and attn_train.wasm) and
// the reading page: the head model's log equals PyTorch 1.13's
// (e2e/golden/train_head_300.txt, scripts/train_reference.py), with the chart,
// the sample and the learned attention; the page stays responsive while it
// trains; Pause/Resume gives the same log; own-text errors; a NaN learning
// rate; nothing is fetched before Start; axe light/dark; the embed.
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import { runAxe } from './helpers/axe';
import { elementsReady } from './helpers/ready';
import type { Page } from '@playwright/test';

const golden = readFileSync(new URL('./golden/train_head_300.txt', import.meta.url), 'utf8').trimEnd().split('\n');
// The lecture's default head run (5000 steps, eval every 500): PyTorch's log, the lines before the sample.
const lectureHead = readFileSync(new URL('../cpp/tests/data/train_log_head.txt', import.meta.url), 'utf8')
  .split('\n').filter((l) => l.startsWith('step '));

type El = HTMLElement & {
  phase: string; log: string[]; sample: string; attention: { snippet: string; weights: Float32Array } | null;
  start(): void; pause(): void; resume(): void; stop(): void; reset(): void;
};

async function open(page: Page): Promise<void> {
  await page.goto('/fixtures/train.html');
  await page.waitForFunction(() => customElements.get('attn-train') !== undefined);
}

const phase = (page: Page, id: string) => page.evaluate((i) => (document.getElementById(i) as unknown as El).phase, id);
const log = (page: Page, id: string) => page.evaluate((i) => (document.getElementById(i) as unknown as El).log, id);

test.describe('<attn-train>', () => {
  test('nothing training-related is fetched before Start', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await open(page);
    // Both elements have rendered (idle) and the page has no request in flight.
    await elementsReady(page);
    await page.waitForLoadState('networkidle');
    expect(urls.filter((u) => /tinyshakespeare|attn_train|train-worker/.test(u))).toEqual([]);
    // the reading page too: three training widgets, no training bytes on load
    urls.length = 0;
    await page.goto('/reading.html');
    await expect(page.locator('attn-train')).toHaveCount(3);
    await expect(page.locator('#train-head').locator('[part="start-button"]')).toBeVisible({ timeout: 15_000 });
    expect(urls.filter((u) => /tinyshakespeare|attn_train|train-worker/.test(u))).toEqual([]);
  });

  test('the head model prints PyTorch\'s log in a Worker, with chart, sample and attention; the page stays responsive', async ({ page }) => {
    test.setTimeout(120_000);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await open(page);
    // input-to-paint while training: keystrokes into a field on the page
    await page.evaluate(() => {
      const w = window as unknown as { lat: number[] };
      w.lat = [];
      document.getElementById('probe')!.addEventListener('input', (e) => {
        const t0 = e.timeStamp;
        requestAnimationFrame(() => setTimeout(() => w.lat.push(performance.now() - t0), 0));
      });
    });
    await page.locator('#head').locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, 'head'), { timeout: 90_000 }).toBe('done');
    expect(workers.some((u) => /train-worker/.test(u))).toBe(true);
    expect(await log(page, 'head')).toEqual(golden);
    await expect(page.locator('#head').locator('.log')).toHaveText(golden.join('\n'));
    // A long run in the other element (the default head run), typing while it trains.
    await page.evaluate(() => {
      const e = document.getElementById('bigram')!;
      e.setAttribute('model', 'head');
      e.removeAttribute('iters');
      e.removeAttribute('eval-interval');
    });
    await page.locator('#bigram').locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, 'bigram'), { timeout: 20_000 }).toBe('running');
    await page.locator('#probe').click();
    for (let i = 0; i < 25 && (await phase(page, 'bigram')) === 'running'; i++) await page.keyboard.type('a', { delay: 40 });
    await page.evaluate(() => (document.getElementById('bigram') as unknown as El).stop());
    const lat = await page.evaluate(() => (window as unknown as { lat: number[] }).lat.sort((a, b) => a - b));
    // input is answered while training runs (how fast is npm run bench's input-to-paint, not a test)
    expect(lat.length).toBeGreaterThan(10);
    // chart: the current run's train and val curves, 3 points each, and the ln V line
    const head = page.locator('#head');
    await expect(head.locator('svg path.train')).toHaveAttribute('d', /^M[\d.]+ [\d.]+L[\d.]+ [\d.]+L[\d.]+ [\d.]+$/);
    await expect(head.locator('svg path.val')).toHaveCount(1);
    await expect(head.locator('svg .uniform')).toHaveCount(1);
    await expect(head.locator('[part="chart-keys"]')).toContainText('ln V = 4.17');
    const sample = await page.evaluate(() => (document.getElementById('head') as unknown as El).sample);
    expect(Array.from(sample)).toHaveLength(200);
    await expect(head.locator('.sample')).toHaveText(sample);
    // the learned attention on the default snippet, then on one the learner types
    await expect(head.locator('table.hm tbody tr')).toHaveCount(8);
    await head.locator('#snippet').fill('ROMEO: O');
    await head.locator('[part="show-button"]').click();
    await expect(head.locator('table.hm thead th')).toHaveText(['query \\ key', 'R', 'O', 'M', 'E', 'O', ':', '␣', 'O']);
    const att = await page.evaluate(() => {
      const a = (document.getElementById('head') as unknown as El).attention!;
      const w = Array.from(a.weights);
      return { snippet: a.snippet, rows: Array.from({ length: 8 }, (_, i) => w.slice(i * 8, i * 8 + 8).reduce((s, x) => s + x, 0)), upper: w.filter((x, k) => k % 8 > Math.floor(k / 8) && x !== 0).length };
    });
    expect(att.snippet).toBe('ROMEO: O');
    for (const s of att.rows) expect(s).toBeCloseTo(1, 4);
    expect(att.upper).toBe(0);
    await head.locator('#snippet').fill('€€');
    await head.locator('[part="show-button"]').click();
    await expect(head.locator('.attention [role="status"]')).toContainText('occur in the training text');
  });

  test('Pause and Resume continue the same run: the log equals an uninterrupted run\'s', async ({ page }) => {
    test.setTimeout(120_000);
    // The page asks the worker to step back while the learner types (`defer`): counted here.
    await page.addInitScript(() => {
      const w = window as unknown as { defers: number };
      w.defers = 0;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, msg: unknown, ...rest: never[]) {
        if ((msg as { type?: string } | null)?.type === 'defer') w.defers++;
        return post.call(this, msg, ...rest);
      } as typeof post;
    });
    await open(page);
    const el = page.locator('#head');
    // The lecture's default run (5000 steps), long enough to pause by hand
    // however fast the machine: the fixture's 300 steps may end before a click.
    await page.evaluate(() => {
      const h = document.getElementById('head')!;
      h.removeAttribute('iters');
      h.removeAttribute('eval-interval');
    });
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => log(page, 'head').then((l) => l.length), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await el.locator('[part="pause-button"]').click();
    await expect.poll(() => phase(page, 'head')).toBe('paused');
    await expect(el.locator('[part="pause-button"]')).toHaveText('Resume');
    const at = (await log(page, 'head')).length;
    const pausedAt = Number(/step (\d+)/.exec(await el.locator('[part="status"]').innerText())?.[1]);
    expect(pausedAt).toBeGreaterThan(0);
    // No step is taken while paused: the worker reports the step it resumes
    // at (the first status after Resume), and it is the step it paused at,
    // however long the pause lasted. (Recorded as the message lands: progress
    // reports follow it.)
    await page.evaluate(() => {
      const status = document.getElementById('head')!.shadowRoot!.querySelector('[part="status"]')!;
      const w = window as unknown as { statuses: string[] };
      w.statuses = [];
      new MutationObserver(() => w.statuses.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    });
    expect((await log(page, 'head')).length).toBe(at);
    await el.locator('[part="pause-button"]').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses.length)).toBeGreaterThan(0);
    const resumed = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses[0]);
    expect(resumed).toMatch(/^Training: step \d+ of 5000$/);
    expect(Number(/step (\d+)/.exec(resumed)![1])).toBe(pausedAt);
    // pause once more, by the API
    await expect.poll(() => phase(page, 'head')).toBe('running');
    await page.evaluate(() => (document.getElementById('head') as unknown as El).pause());
    await expect.poll(() => phase(page, 'head')).toBe('paused');
    await page.evaluate(() => (document.getElementById('head') as unknown as El).resume());
    // typing while it trains holds the worker back a little at each key, and changes nothing in the run
    await page.locator('#probe').click();
    for (let i = 0; i < 10 && (await phase(page, 'head')) === 'running'; i++) await page.keyboard.type('a', { delay: 30 });
    expect(await page.evaluate(() => (window as unknown as { defers: number }).defers)).toBeGreaterThan(0);
    await expect.poll(() => phase(page, 'head'), { timeout: 90_000 }).toBe('done');
    expect(lectureHead).toHaveLength(10);
    expect(await log(page, 'head')).toEqual(lectureHead);
  });

  test('Stop ends the run, Reset clears it', async ({ page }) => {
    test.setTimeout(60_000);
    await open(page);
    const el = page.locator('#bigram');
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, 'bigram'), { timeout: 20_000 }).toMatch(/running|done/);
    // By the API: a 200-step run may be over before a click lands (the button is then disabled).
    await page.evaluate(() => (document.getElementById('bigram') as unknown as El).stop());
    await expect.poll(() => phase(page, 'bigram')).toMatch(/stopped|done/);
    await el.locator('[part="reset-button"]').click();
    await expect.poll(() => phase(page, 'bigram')).toBe('idle');
    expect(await log(page, 'bigram')).toEqual([]);
  });

  test('a learning rate that makes the loss NaN stops the run with a message naming the step', async ({ page }) => {
    test.setTimeout(60_000);
    await open(page);
    await page.evaluate(() => {
      const el = document.getElementById('head')!;
      el.setAttribute('lr', '1e30');
      el.setAttribute('eval-iters', '5');
    });
    await page.locator('#head').locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, 'head'), { timeout: 30_000 }).toBe('failed');
    await expect(page.locator('#head').locator('.message')).toHaveText(/The loss became NaN at step \d+/);
  });

  test('own text: too short, not UTF-8 and over 5 MB get clear messages; a good text trains', async ({ page }) => {
    test.setTimeout(60_000);
    await open(page);
    const el = page.locator('#head');
    await el.locator('#src-own').check();
    await el.locator('#own-text').fill('tiny');
    await el.locator('[part="start-button"]').click();
    await expect(el.locator('.message')).toHaveText(/only 4 characters; at least 9 are needed/);
    await el.locator('#own-file').setInputFiles({ name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from([0x61, 0x62, 0xff, 0xfe, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68]) });
    await expect(el.locator('.message')).toHaveText(/not valid UTF-8/);
    await el.locator('#own-file').setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x61) });
    await expect(el.locator('.message')).toHaveText(/over the 5 MB limit/);
    const text = 'the cat sat on the mat. '.repeat(40);
    await el.locator('#own-text').fill(text);
    await page.evaluate(() => {
      const e = document.getElementById('head')!;
      e.setAttribute('iters', '20');
      e.setAttribute('eval-interval', '10');
      e.setAttribute('eval-iters', '2');
    });
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => phase(page, 'head'), { timeout: 30_000 }).toBe('done');
    expect(await log(page, 'head')).toHaveLength(2);
    await expect(el.locator('.message')).toBeHidden();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe, ${scheme}: idle, trained (with the attention table) and an error, zh-CN and en`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });
      await open(page);
      await page.evaluate(() => {
        document.documentElement.style.background = 'Canvas';
        document.documentElement.style.color = 'CanvasText';
        const e = document.getElementById('bigram')!;
        e.setAttribute('model', 'head');
        e.setAttribute('iters', '30');
        e.setAttribute('eval-interval', '10');
        e.setAttribute('eval-iters', '2');
      });
      expect((await runAxe(page)).violations).toEqual([]);
      await page.locator('#bigram').locator('[part="start-button"]').click();
      await expect.poll(() => phase(page, 'bigram'), { timeout: 30_000 }).toBe('done');
      await expect(page.locator('#bigram').locator('table.hm')).toBeVisible();
      await page.evaluate(() => document.getElementById('head')!.setAttribute('iters', 'x'));
      await elementsReady(page, '#head');
      expect((await runAxe(page)).violations).toEqual([]);
    });
  }

  test('keyboard: Tab reaches the controls in order and Enter starts', async ({ page }) => {
    await open(page);
    const el = page.locator('#bigram');
    await el.locator('#model').focus();
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      order.push(await page.evaluate(() => {
        const a = document.getElementById('bigram')!.shadowRoot!.activeElement as HTMLElement | null;
        return a ? a.id || a.getAttribute('part') || a.tagName : '';
      }));
      await page.keyboard.press('Tab');
    }
    expect(order).toEqual(['model', 'seed', 'iters', 'lr', 'src-shakespeare', 'start-button']);
  });

  test('embed.html?w=train&model=layernorm with the block sizes: attn-cli train\'s log for the same settings', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/embed.html?w=train&model=layernorm&seed=11&iters=41&eval-interval=20&eval-iters=4&batch=8&block=16'
      + '&n-embd=16&n-head=2&n-layer=2&sample-chars=0&lang=en');
    const el = page.locator('attn-train');
    await expect(el.locator('[part="start-button"]')).toHaveText('Start', { timeout: 15_000 });
    await el.locator('[part="start-button"]').click();
    await expect.poll(() => el.evaluate((e) => (e as unknown as { phase: string }).phase), { timeout: 90_000 }).toBe('done');
    const want = readFileSync(new URL('./golden/train_layernorm_41.txt', import.meta.url), 'utf8').trimEnd().split('\n');
    expect(await el.evaluate((e) => (e as unknown as { log: string[] }).log)).toEqual(want);
  });

  test('embed.html?w=train', async ({ page }) => {
    await page.goto('/embed.html?w=train&model=bigram&iters=50&lang=en');
    const el = page.locator('attn-train');
    await expect(el.locator('[part="start-button"]')).toHaveText('Start', { timeout: 15_000 });
    await expect(el.locator('#iters')).toHaveValue('50');
  });
});
