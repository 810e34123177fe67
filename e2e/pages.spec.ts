import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './helpers/ready';
import { readFile } from 'node:fs/promises';

// The lesson pages as a learner gets them: built site, strict CSP header,
// zero console errors, both languages, MathML, phone width, print, dark mode.

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${m.location().url}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(String(e)));
  return problems;
}

const PAGES = [
  { path: '/', h1: { zh: '缩放点积注意力', en: 'Scaled dot-product attention' },
    sections: ['overview', 'shapes', 'scaling', 'mask', 'exercise', 'quiz', 'interview', 'review', 'sources'],
    elements: { 'attn-heatmap': 2, 'attn-quiz': 2, 'attn-exercise': 1, 'attn-heads': 1, 'attn-review': 1 }, math: true },
  { path: '/reading.html', h1: { zh: '自注意力：从加权平均到 Q、K、V', en: 'Self-attention: from a weighted average to Q, K and V' },
    sections: ['note-ceiling', 'note-matmul', 'note-tril', 'note-softmax', 'note-position', 'note-head', 'note-scale',
      'note-notes', 'note-value', 'note-result', 'quiz', 'review', 'sources'],
    elements: { 'attn-heatmap': 1, 'attn-tril': 4, 'attn-train': 3, 'attn-quiz': 1, 'attn-review': 1 }, math: true },
  { path: '/block.html', h1: { zh: '拼出 Transformer Block', en: 'Assembling the Transformer block' },
    sections: ['block-multihead', 'block-ffwd', 'block-blocks', 'block-residual', 'block-layernorm', 'block-gpt', 'block-ladder', 'block-kv',
      'quiz', 'interview', 'review', 'sources'],
    elements: { 'attn-train': 6, 'attn-quiz': 2, 'attn-review': 1 }, math: false },
] as const;

/**
 * The attention-lab elements on the page (any attn-* tag) not yet defined, or
 * whose shown text has Chinese in it, with the first such line; every section
 * is laid out first.
 */
function chineseInElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('.step').forEach((s) => { s.style.contentVisibility = 'visible'; });
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*')).filter((e) => e.localName.startsWith('attn-'))) {
      if (!el.shadowRoot) { out.push(`${el.localName}#${el.id}: not defined yet`); continue; }
      const shown = Array.from(el.shadowRoot.children).map((c) => (c instanceof HTMLElement && c.checkVisibility() ? c.innerText : '')).join('\n');
      const line = shown.split('\n').find((l) => /[\u3400-\u9fff]/.test(l));
      if (line !== undefined) out.push(`${el.localName}#${el.id}: ${line.trim().slice(0, 60)}`);
    }
    return out;
  });
}

/** Waits until every heatmap on the page has painted a matrix. */
async function heatmapsReady(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Array.from(document.querySelectorAll('attn-heatmap'))
    .every((h) => (h as HTMLElement & { weights?: Float64Array }).weights?.length)), { timeout: 15_000 }).toBe(true);
}

/** Block formulas are drawn as MathML: a fraction taller than a line of text, centred in its column. */
async function mathRendered(page: Page): Promise<void> {
  expect(await page.locator('math').count()).toBeGreaterThan(2);
  const frac = await page.evaluate(() => {
    const f = document.querySelector('mfrac');
    const tallest = Math.max(...Array.from(document.querySelectorAll('math[display="block"]'), (m) => m.getBoundingClientRect().height));
    return f ? { mathml: f instanceof MathMLElement, h: tallest } : null;
  });
  expect(frac?.mathml).toBe(true);
  expect(frac?.h ?? 0).toBeGreaterThan(40);
  // Block formulas sit in the middle of their column, as in Gecko and WebKit (MathML
  // Core's display: block math; a plain display: block set them left-aligned here).
  // A formula as wide as its box (it scrolls) is left out.
  const offCentre = await page.evaluate(() => Array.from(document.querySelectorAll('math[display="block"]'), (m) => {
    const box = m.getBoundingClientRect();
    const ink = Array.from(m.querySelectorAll('*')).filter((e) => !e.children.length)
      .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
    const l = Math.min(...ink.map((r) => r.left)), r = Math.max(...ink.map((r) => r.right));
    return r - l < box.width - 2 ? Math.abs((l + r) / 2 - (box.left + box.right) / 2) : 0;
  }));
  expect(offCentre.length).toBeGreaterThan(0);
  expect(Math.max(...offCentre)).toBeLessThan(4);
}

for (const p of PAGES) {
  test.describe(p.path, () => {
    test('loads under the strict CSP with every section, its elements and MathML, and no console errors', async ({ page }) => {
      const problems = watch(page);
      const res = await page.goto(p.path);
      expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
      await expect.poll(() => page.locator('h1').innerText()).toBe(p.h1.zh);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      for (const id of p.sections) {
        const s = page.locator(`section#${id}`);
        await expect(s).toHaveCount(1);
        await expect(s.locator('h2').first()).toBeVisible();
      }
      for (const [tag, n] of Object.entries(p.elements)) await expect(page.locator(tag)).toHaveCount(n);
      // Landmarks and the skip link.
      await expect(page.locator('header.site')).toHaveCount(1);
      await expect(page.locator('main#main')).toHaveCount(1);
      await expect(page.locator('footer.site-foot')).toHaveCount(1);
      await page.keyboard.press('Tab');
      await expect(page.locator('a.skip')).toBeFocused();
      await expect(page.locator('a.skip')).toBeInViewport();
      // MathML, rendered natively (a fraction is taller than a line of text); the block page has none.
      if (!p.math) expect(await page.locator('math').count()).toBe(0);
      else await mathRendered(page);
      await heatmapsReady(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test('the language switch goes to English and is remembered', async ({ page }) => {
      const problems = watch(page);
      await page.goto(p.path);
      const sw = page.locator('#lang-switch');
      await expect(sw).toHaveText('English');
      await sw.click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect.poll(() => page.locator('h1').innerText()).toBe(p.h1.en);
      await expect(page.locator('h1 .zh')).toBeHidden();
      await expect(sw).toHaveText('中文');
      expect(await page.evaluate(() => localStorage.getItem('attention-lab:lang'))).toBe('en');
      for (const tag of Object.keys(p.elements)) {
        for (const el of await page.locator(tag).all()) await expect(el).toHaveAttribute('lang', 'en');
      }
      // every element of the page, whatever its tag, switched: none shows a Chinese word
      await expect.poll(() => chineseInElements(page)).toEqual([]);
      expect(await page.title()).toMatch(/^[\x20-\x7e·]+$/);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect.poll(() => page.locator('h1').innerText()).toBe(p.h1.en);
      await expect.poll(() => chineseInElements(page)).toEqual([]);
      // The other page follows the remembered choice.
      await page.goto(p.path === '/' ? '/reading.html' : '/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.locator('#lang-switch').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      expect(problems).toEqual([]);
    });

    for (const lang of ['zh-CN', 'en'] as const) {
      test(`no horizontal scroll on a 360 px wide phone (${lang})`, async ({ page }) => {
        const problems = watch(page);
        await page.setViewportSize({ width: 360, height: 740 });
        await page.addInitScript((l) => { try { localStorage.setItem('attention-lab:lang', l); } catch { /* */ } }, lang);
        await page.goto(p.path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await heatmapsReady(page);
        await elementsReady(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        expect(problems).toEqual([]);
      });
    }

    test('prints: no page chrome, details opened, a PDF comes out', async ({ page }) => {
      const problems = watch(page);
      await page.goto(p.path);
      await heatmapsReady(page);
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('#lang-switch')).toBeHidden();
      await expect(page.locator('.site-nav')).toBeHidden();
      await expect(page.locator('.toc')).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.byteLength).toBeGreaterThan(20_000);
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      expect(await page.evaluate(() => Array.from(document.querySelectorAll('details')).every((d) => d.open))).toBe(true);
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await page.emulateMedia({ media: 'screen' });
      expect(problems).toEqual([]);
    });

    test('light and dark follow prefers-color-scheme', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(p.path);
      const light = await page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]);
      await page.emulateMedia({ colorScheme: 'dark' });
      const dark = await page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]);
      expect(light).toEqual(['rgb(252, 251, 248)', 'rgb(28, 30, 35)']);
      expect(dark).toEqual(['rgb(21, 23, 28)', 'rgb(230, 232, 236)']);
    });
  });
}

test('axe: page-level contrast, landmarks and names pass in light and dark (elements excluded: they have their own checks)', async ({ page }) => {
  const axeSource = await readFile(new URL('../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
  for (const path of ['/', '/reading.html', '/block.html']) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      // Injected through the DevTools protocol, not a <script>, so the CSP does not apply.
      await page.evaluate(axeSource);
      const result = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
        const r = await axe.run({ exclude: [['attn-heatmap'], ['attn-quiz'], ['attn-exercise'], ['attn-review'], ['attn-tril'], ['attn-heads'], ['attn-train']] },
          { resultTypes: ['violations'] });
        return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(result, `${path} ${scheme}`).toEqual([]);
    }
  }
});

test('the variance experiment is computed live by the engine, not written in the page', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/');
  const cell = (id: string) => page.locator(`#${id}`);
  await expect(cell('var-16-raw')).toHaveText('16.3', { timeout: 15_000 });
  await expect(cell('var-512-raw')).toHaveText('511.0');
  await expect(cell('var-16-scaled')).toHaveText('1.02');
  await expect(cell('var-512-scaled')).toHaveText('1.00');
  await expect(cell('max-unscaled')).toHaveText('0.958');
  await expect(cell('max-scaled')).toHaveText('0.365');
  // The built HTML does not contain these numbers: they can only come from the engine.
  const html = await (await page.request.get('/')).text();
  for (const n of ['16.3', '511.0', '1.02', '0.958', '0.365']) expect(html).not.toContain(n);

  // Another seed, other numbers, same pattern (and the same as the exercise script prints for it).
  await page.locator('#variance-seed').fill('1');
  await page.locator('#variance-form button[type="submit"]').click();
  await expect(cell('var-16-raw')).not.toHaveText('16.3');
  const v = await page.evaluate(() => ['var-16-raw', 'var-16-scaled', 'var-512-raw', 'var-512-scaled', 'max-unscaled', 'max-scaled']
    .map((id) => Number(document.getElementById(id)!.textContent)));
  expect(v[0]).toBeGreaterThan(14); expect(v[0]).toBeLessThan(18.5);
  expect(v[1]).toBeGreaterThan(0.9); expect(v[1]).toBeLessThan(1.1);
  expect(v[2]).toBeGreaterThan(480); expect(v[2]).toBeLessThan(545);
  expect(v[4]).toBeGreaterThan(0.9);
  expect(v[5]).toBeLessThan(0.5);
  await expect(page.locator('#variance-seed-shown')).toHaveText('1');

  // A bad seed is refused with a message, and the numbers stay.
  await page.locator('#variance-seed').fill('-3');
  await page.locator('#variance-form button[type="submit"]').click();
  await expect(page.locator('#variance-seed-error')).toHaveText('种子须为 0 到 2^64 − 1 之间的整数。');
  await expect(page.locator('#variance-seed')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#variance-seed-shown')).toHaveText('1');
  expect(problems).toEqual([]);
});

test('the lesson page keeps working when storage throws (language switch for this visit only)', async ({ page }) => {
  const problems = watch(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  await page.goto('/');
  await page.locator('#lang-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#var-16-raw')).toHaveText('16.3', { timeout: 15_000 });
  expect(problems).toEqual([]);
});

test('the Node-only CLI module (attn_cli) is not shipped: no file of it in dist and no reference to it', async () => {
  const { readdir, readFile: read } = await import('node:fs/promises');
  const dist = new URL('../dist/', import.meta.url);
  const files = (await readdir(dist, { recursive: true })).map(String);
  expect(files.filter((f) => /attn_cli/.test(f))).toEqual([]);
  const texts = files.filter((f) => /\.(m?js|html|json|xml)$/.test(f));
  expect(texts.length).toBeGreaterThan(10);
  for (const f of texts) expect((await read(new URL(f, dist), 'utf8')).includes('attn_cli'), f).toBe(false);
});

test('a page preloads the heatmap\'s chunk exactly when it shows a heatmap, and the block page never fetches it', async ({ page }) => {
  const preloads = async (path: string) => [...(await (await page.request.get(path)).text())
    .matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  for (const { path, elements } of PAGES) {
    const heatmap = (await preloads(path)).filter((f) => /^attn-heatmap-[\w-]+\.js$/.test(f));
    expect(heatmap, path).toHaveLength('attn-heatmap' in elements ? 1 : 0);
  }
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto('/block.html');
  await elementsReady(page);
  expect(fetched.filter((p) => p.includes('/assets/attn-train-')).length).toBeGreaterThan(0);
  expect(fetched.filter((p) => /attn-heatmap-|attn_core/.test(p))).toEqual([]);
});
