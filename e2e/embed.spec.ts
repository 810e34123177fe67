import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './helpers/ready';
import { holdBack } from './helpers/hold';

// The library in a foreign host page (e2e/fixtures/host.html): its own
// aggressive CSS, two heatmaps, a quiz, and iframe embeds, all under the
// strict CSP header the test server sends.

function watch(page: Page) {
  const problems: string[] = [];
  const wasm: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${m.location().url}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(r.url()); });
  return { problems, wasm };
}

async function weights(page: Page, id: string): Promise<number[]> {
  // (before the element's code has loaded, it has no weights yet)
  return page.evaluate((sel) => Array.from((document.getElementById(sel) as HTMLElement & { weights?: Float64Array }).weights ?? []), id);
}

async function ready(page: Page, id: string, n: number): Promise<void> {
  await expect.poll(async () => (await weights(page, id)).length, { timeout: 15_000 }).toBe(n * n);
}

/** Resolves after every message posted to this window before the call has been dispatched (a message to itself comes after them). */
function messagesDelivered(): Promise<void> {
  return new Promise((resolve) => {
    const mark = `attention-lab-test:${Math.random()}`;
    const on = (e: MessageEvent) => { if (e.data === mark) { removeEventListener('message', on); resolve(); } };
    addEventListener('message', on);
    postMessage(mark, location.origin);
  });
}

test.describe('foreign host page', () => {
  test('two heatmaps work independently on one WASM instance, under the strict CSP, without console errors', async ({ page }) => {
    const { problems, wasm } = watch(page);
    const res = await page.goto('/fixtures/host.html');
    expect(res?.headers()['content-security-policy']).toBe("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'");
    await ready(page, 'hm-a', 6);
    await ready(page, 'hm-b', 5);

    const a0 = await weights(page, 'hm-a');
    const b0 = await weights(page, 'hm-b');
    // hm-a is causal: the upper triangle is exactly 0 and every row sums to 1.
    for (let i = 0; i < 6; i++) {
      for (let j = i + 1; j < 6; j++) expect(a0[i * 6 + j]).toBe(0);
      expect(a0.slice(i * 6, i * 6 + 6).reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    }
    // hm-b is not causal: it has weight above the diagonal.
    expect(b0[1]).toBeGreaterThan(0);

    // Change one: only that one changes.
    await page.evaluate(() => document.getElementById('hm-a')!.setAttribute('dk', '4'));
    await expect.poll(async () => (await weights(page, 'hm-a')).join(), { timeout: 10_000 }).not.toBe(a0.join());
    expect((await weights(page, 'hm-b')).join()).toBe(b0.join());
    await page.evaluate(() => document.getElementById('hm-b')!.removeAttribute('scale'));
    await expect.poll(async () => (await weights(page, 'hm-b')).join(), { timeout: 10_000 }).not.toBe(b0.join());
    const a1 = await weights(page, 'hm-a');
    expect(a1.join()).not.toBe(a0.join());

    // The quiz loaded its bank in the host page.
    await expect.poll(() => page.evaluate(() => document.getElementById('quiz')?.shadowRoot?.textContent ?? ''), { timeout: 10_000 })
      .toContain('Lesson 1');

    // One module instance: the page fetched the engine's .wasm once (the iframes carry their own bytes).
    await page.waitForLoadState('networkidle');
    expect(wasm).toHaveLength(1);
    expect(new URL(wasm[0]!).pathname).toBe('/lib/attn_core.wasm');
    expect(problems).toEqual([]);
  });

  test('host CSS does not reach inside the elements, and theirs does not leak out', async ({ page }) => {
    const { problems } = watch(page);
    await page.goto('/fixtures/host.html');
    await ready(page, 'hm-a', 6);
    await expect.poll(() => page.evaluate(() => !!document.getElementById('quiz')?.shadowRoot?.querySelector('button')), { timeout: 10_000 }).toBe(true);

    const inside = await page.evaluate(() => {
      const root = document.getElementById('hm-a')!.shadowRoot!;
      const qroot = document.getElementById('quiz')!.shadowRoot!;
      const cs = (el: Element | null) => (el ? getComputedStyle(el) : null);
      const canvas = cs(root.querySelector('canvas'));
      const button = cs(root.querySelector('button')) ?? cs(qroot.querySelector('button'));
      const range = cs(root.querySelector('input[type="range"]'));
      const select = cs(root.querySelector('select'));
      const status = cs(root.querySelector('.status'));
      const anyDiv = cs(root.querySelector('div'));
      return {
        canvasDisplay: canvas?.display, canvasBorder: canvas?.borderTopWidth,
        buttonBg: button?.backgroundColor, buttonBorderStyle: button?.borderTopStyle, buttonPadding: button?.paddingTop,
        buttonTransform: button?.textTransform,
        rangeWidth: range?.width, rangeBg: range?.backgroundColor,
        selectDisplay: select?.display,
        statusPadding: status?.paddingTop,
        divOutline: anyDiv?.outlineStyle, divMargin: anyDiv?.marginTop, divBoxSizing: anyDiv?.boxSizing,
      };
    });
    expect(inside.canvasDisplay).not.toBe('none');
    expect(inside.canvasBorder).not.toBe('9px');
    expect(inside.buttonBg).not.toBe('rgb(255, 0, 0)');
    expect(inside.buttonBorderStyle).not.toBe('dotted');
    expect(inside.buttonPadding).not.toBe('20px');
    expect(inside.buttonTransform).not.toBe('uppercase');
    expect(inside.rangeWidth).not.toBe('7px');
    expect(inside.rangeBg).not.toBe('rgb(0, 0, 255)');
    expect(inside.selectDisplay).not.toBe('none');
    expect(inside.statusPadding).not.toBe('11px');
    expect(inside.divOutline).not.toBe('dashed');
    expect(inside.divMargin).not.toBe('3px');
    expect(inside.divBoxSizing).toBe('border-box');

    // The host's own elements look exactly as host.css says, although the
    // elements' shadow styles use the same class names and tag selectors.
    const outside = await page.evaluate(() => {
      const cs = (id: string) => getComputedStyle(document.getElementById(id)!);
      return {
        status: { padding: cs('host-status').paddingTop, minHeight: cs('host-status').minHeight, color: cs('host-status').color },
        sronly: { position: cs('host-sronly').position, width: cs('host-sronly').width },
        button: { bg: cs('host-button').backgroundColor, padding: cs('host-button').paddingTop, border: cs('host-button').borderTopStyle },
        canvas: cs('host-canvas').display,
        input: cs('host-input').width,
        body: getComputedStyle(document.body).backgroundColor,
        font: getComputedStyle(document.documentElement).fontFamily,
      };
    });
    expect(outside.status).toEqual({ padding: '11px', minHeight: '0px', color: 'rgb(40, 20, 10)' });
    expect(outside.sronly.position).toBe('static');
    expect(outside.button).toEqual({ bg: 'rgb(255, 0, 0)', padding: '20px', border: 'dotted' });
    expect(outside.canvas).toBe('none');
    expect(outside.input).toBe('7px');
    expect(outside.body).toBe('rgb(250, 245, 230)');
    expect(outside.font).toContain('Georgia');

    // Theming goes through custom properties, which do cross the boundary by design.
    const accent = await page.evaluate(() =>
      getComputedStyle(document.getElementById('hm-b')!).getPropertyValue('--attn-accent').trim());
    expect(accent).toBe('rgb(0, 128, 0)');
    expect(problems).toEqual([]);
  });

  test('the iframe embed fits its content via postMessage, with origins checked', async ({ page }) => {
    const { problems } = watch(page);
    await page.goto('/fixtures/host.html');
    const embed = page.locator('#embed');
    await expect(embed).toHaveAttribute('data-reported', /^\d+$/, { timeout: 15_000 });
    const frame = page.frameLocator('#embed');
    // The element inside is the heatmap, in English, causal.
    await expect.poll(async () => page.frame({ url: /w=heatmap&dk=16&causal=1/ })!
      .evaluate(() => (document.querySelector('attn-heatmap') as HTMLElement & { weights?: Float64Array }).weights?.length ?? 0), { timeout: 15_000 }).toBe(36);
    await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
    // The iframe is as tall as its document, so it does not scroll.
    await expect.poll(async () => {
      const reported = Number(await embed.getAttribute('data-reported'));
      const box = await embed.boundingBox();
      const inner = await page.frame({ url: /w=heatmap&dk=16&causal=1/ })?.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)) ?? 0;
      return reported > 150 && Math.abs((box?.height ?? 0) - reported) <= 1 && Math.abs(inner - reported) <= 1;
    }, { timeout: 10_000 }).toBe(true);

    // It resizes when its content grows.
    const before = Number(await embed.getAttribute('data-reported'));
    await page.frame({ url: /w=heatmap&dk=16&causal=1/ })!.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'grow';
      p.className = 'grow';
      for (let i = 0; i < 8; i++) document.getElementById('embed-root')!.append(p.cloneNode(true));
    });
    await expect.poll(async () => Number(await embed.getAttribute('data-reported')), { timeout: 10_000 }).toBeGreaterThan(before);

    // A frame pinned to another origin does not report to this one: once its heatmap
    // has painted and its size observer has had a frame to fire, and once the messages
    // posted before ours have been handed out here, there is still no report.
    const wrong = page.frame({ url: /origin=https%3A%2F%2Fexample\.com/ })!;
    await elementsReady(wrong);
    await wrong.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.evaluate(messagesDelivered);
    expect(await page.locator('#embed-wrong-origin').getAttribute('data-reported')).toBeNull();
    // The host ignores size messages that do not come from an embed's window.
    const h = await embed.evaluate((el) => el.getBoundingClientRect().height);
    await page.evaluate(() => window.postMessage({ type: 'attention-lab:size', height: 3000 }, location.origin));
    await page.evaluate(messagesDelivered);
    expect(await embed.evaluate((el) => el.getBoundingClientRect().height)).toBe(h);
    expect(problems).toEqual([]);
  });

  test('a sandboxed iframe (allow-scripts only) works and says progress will not be kept', async ({ page }) => {
    const { problems } = watch(page);
    await page.goto('/fixtures/host.html');
    const sandboxed = page.frame({ url: /w=quiz&bank=lesson-01/ });
    expect(sandboxed).not.toBeNull();
    // Storage throws in there.
    expect(await sandboxed!.evaluate(() => { try { void localStorage.length; return 'ok'; } catch (e) { return (e as Error).name; } }))
      .toBe('SecurityError');
    await expect(page.frameLocator('#embed-sandboxed').locator('#embed-storage-note')).toBeVisible();
    await expect(page.frameLocator('#embed-sandboxed').locator('#embed-storage-note')).toContainText('will not be kept');
    // The quiz has its questions (the bank travels inside the embed script).
    await expect.poll(() => sandboxed!.evaluate(() => document.querySelector('attn-quiz')?.shadowRoot?.querySelectorAll('[role="radio"]').length ?? 0), { timeout: 10_000 })
      .toBeGreaterThan(3);
    // The frame is far below the screen and of another (opaque) origin, so Chromium gives it
    // no animation frames (and no ResizeObserver callbacks) until someone scrolls to it.
    expect(await page.locator('#embed-sandboxed').evaluate((el) => el.getBoundingClientRect().top > 2 * innerHeight)).toBe(true);
    // Still, the host sized it, from the 'null'-origin message of that frame, to the whole quiz.
    await expect.poll(async () => {
      const reported = Number(await page.locator('#embed-sandboxed').getAttribute('data-reported'));
      const inner = await sandboxed!.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      return reported > 1000 && Math.abs(inner - reported) <= 1;
    }, { timeout: 10_000 }).toBe(true);
    // And a change made there shows without a frame.
    await sandboxed!.evaluate(() => document.querySelector('attn-quiz')!.setAttribute('lang', 'zh-CN'));
    await expect.poll(() => sandboxed!.evaluate(() => document.querySelector('attn-quiz')?.shadowRoot?.textContent ?? ''), { timeout: 10_000 })
      .toContain('第 1 题');
    expect(problems).toEqual([]);
  });

  test('a host whose listener runs after the frames loaded still sizes them (the documented hello)', async ({ page }) => {
    const { problems } = watch(page);
    // Hold the host's listener back until both reporting frames have loaded and shown their widget.
    const release = await holdBack(page, '**/fixtures/host.js');
    await page.goto('/fixtures/host.html', { waitUntil: 'commit' });
    const frames = [
      { id: '#embed', url: /w=heatmap&dk=16/, tag: 'attn-heatmap' },
      { id: '#embed-sandboxed', url: /w=quiz&bank=lesson-01/, tag: 'attn-quiz' },
    ];
    for (const f of frames) {
      await expect.poll(() => page.frame({ url: f.url }) !== null).toBe(true);
      const frame = page.frame({ url: f.url })!;
      await frame.waitForLoadState('load');
      await frame.evaluate((tag) => (document.querySelector(tag) as Element & { updateComplete: Promise<boolean> }).updateComplete, f.tag);
      expect(await page.locator(f.id).getAttribute('data-reported')).toBeNull();
    }
    release();
    for (const f of frames) {
      const frame = page.frame({ url: f.url })!;
      await expect.poll(async () => {
        const reported = Number(await page.locator(f.id).getAttribute('data-reported'));
        const inner = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
        return reported > 200 && Math.abs(inner - reported) <= 1;
      }).toBe(true);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('embed.html on its own', () => {
  for (const [q, tag] of [
    ['w=heatmap&dk=16&causal=1&lang=en', 'attn-heatmap'],
    ['w=quiz&bank=lesson-01&lang=en', 'attn-quiz'],
    ['w=quiz&bank=reading-01&items=questions&lang=en', 'attn-quiz'],
    ['w=exercise&seed=0&lang=en', 'attn-exercise'],
    ['w=review&lesson=lesson-01', 'attn-review'],
  ] as const) {
    test(`${q} puts one <${tag}> on the page with its attributes, no console errors`, async ({ page }) => {
      const { problems } = watch(page);
      await page.goto(`/embed.html?${q}`);
      const el = page.locator(tag);
      await expect(el).toHaveCount(1);
      const params = new URLSearchParams(q);
      for (const [k, v] of params) {
        if (k === 'w') continue;
        if (k === 'causal') await expect(el).toHaveAttribute('causal', '');
        else if (k === 'lang') await expect(page.locator('html')).toHaveAttribute('lang', v);
        else await expect(el).toHaveAttribute(k, v);
      }
      await page.waitForLoadState('networkidle');
      await elementsReady(page);
      expect(problems).toEqual([]);
    });
  }

  test('w=tril: flags become presence attributes, and the older on/off spellings still read', async ({ page }) => {
    const read = () => page.locator('attn-tril').evaluate((e) => {
      const el = e as HTMLElementTagNameMap['attn-tril'];
      return { mask: el.mask, scale: el.scale, positions: el.positions };
    });
    await page.goto('/embed.html?w=tril&unmasked=1&scale=none&positions&lang=en');
    const el = page.locator('attn-tril');
    await expect(el).toHaveAttribute('unmasked', '');
    await expect(el).toHaveAttribute('positions', '');
    await elementsReady(page);
    expect(await read()).toEqual({ mask: false, scale: false, positions: true });
    await page.goto('/embed.html?w=tril&mask=off&scale=on&positions=off&lang=en');
    await expect(el).toHaveAttribute('mask', 'off');
    await expect(el).not.toHaveAttribute('positions');
    await elementsReady(page);
    expect(await read()).toEqual({ mask: false, scale: true, positions: false });
  });

  test('a frame fetches only its widget\'s files: a heatmap within 60 KB gzip, no quiz, banks or evaluator', async ({ page }) => {
    const { problems } = watch(page);
    const files: string[] = [];
    page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname !== '/favicon.svg') files.push(u.pathname); });
    await page.goto('/embed.html?w=heatmap&dk=16&lang=en');
    await expect.poll(() => page.evaluate(() => (document.querySelector('attn-heatmap') as HTMLElement & { weights?: Float64Array })?.weights?.length ?? 0), { timeout: 15_000 }).toBe(36);
    await page.waitForLoadState('networkidle');
    expect(files.sort()).toEqual(['/embed-heatmap.js', '/embed-wasm-attn_core.js', '/embed.css', '/embed.html', '/embed.js']);
    const gz = files.reduce((sum, f) => sum + gzipSync(readFileSync(new URL(`../dist${f}`, import.meta.url))).length, 0);
    expect(gz).toBeLessThanOrEqual(60_000);

    // A quiz frame: its script (with the banks), no engine at all.
    files.length = 0;
    await page.goto('/embed.html?w=quiz&bank=lesson-01&items=questions&lang=en');
    await expect(page.locator('attn-quiz')).toHaveAttribute('items', 'questions');
    await expect.poll(() => page.evaluate(() => document.querySelector('attn-quiz')?.shadowRoot?.querySelectorAll('[role="radio"]').length ?? 0), { timeout: 10_000 })
      .toBeGreaterThan(8);
    await expect(page.locator('attn-quiz').locator('textarea')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(files.sort()).toEqual(['/embed-quiz.js', '/embed.css', '/embed.html', '/embed.js']);
    expect(problems).toEqual([]);
  });

  test('unknown widgets and unknown attributes are refused, text only', async ({ page }) => {
    const { problems } = watch(page);
    await page.goto('/embed.html?w=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&onclick=alert(1)');
    await expect(page.locator('.embed-error')).toContainText('<img src=x onerror=alert(1)>');
    await expect(page.locator('img')).toHaveCount(0);
    await page.goto('/embed.html?w=heatmap&onclick=alert(1)&style=color:red');
    await expect(page.locator('attn-heatmap')).not.toHaveAttribute('onclick', /.*/);
    await expect(page.locator('attn-heatmap')).not.toHaveAttribute('style', /.*/);
    expect(problems).toEqual([]);
  });
});
