// <attn-exercise> in the built library (dist/lib/attention-lab.js) under the strict CSP:
// reference answers, a wrong line, and every entry of the mistake menu; reasons in
// the element's language; the whole program and "Copy program"; the layout at
// phone and desktop widths (nothing wider than its container).
import { expect, test, type Page } from '@playwright/test';
import { elementsReady } from './helpers/ready';
import { EXPECTED_SEED0, REF } from './helpers/lesson1';

async function open(page: Page, lang = 'en') {
  await page.goto('/fixtures/a11y-exercise.html');
  const el = page.locator('attn-exercise');
  // (a language change rebuilds the element in the next frame)
  await el.evaluate((e, l) => e.setAttribute('lang', l), lang);
  await elementsReady(page);
  await expect(el.locator('input[data-todo="1"]')).toBeVisible();
  return el;
}

async function typeAll(el: ReturnType<Page['locator']>, lines: string[]) {
  for (let k = 0; k < 3; k++) await el.locator(`input[data-todo="${k + 1}"]`).fill(lines[k]);
}

test('reference answers: all three correct and the lesson output, checked in the evaluator\'s worker', async ({ page }) => {
  const workerScripts: number[] = [];
  page.on('response', (r) => { if (/\/py-worker-[\w-]+\.js$/.test(r.url())) workerScripts.push(r.status()); });
  const el = await open(page);
  await typeAll(el, REF);
  const detail = page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('attn-exercise-run', (e) => resolve((e as CustomEvent).detail), { once: true });
  }));
  await el.locator('button.run').click();
  for (let k = 1; k <= 3; k++) await expect(el.locator(`li[data-todo="${k}"]`)).toHaveAttribute('data-correct', 'true');
  await expect(el.locator('pre.got')).toHaveText(EXPECTED_SEED0 + '\n');
  await expect(el.locator('pre.got span.d')).toHaveCount(0);
  const d = await detail as { output: string; todos: { correct: boolean; source: string }[] };
  expect(d.output).toBe(EXPECTED_SEED0 + '\n');
  expect(d.todos.map((t) => t.correct)).toEqual([true, true, true]);
  expect(d.todos[0].source).toBe(REF[0]);
  // The library's worker file is found next to the module that starts it (not at the site's /assets/).
  expect(workerScripts).toEqual([200]);
  expect(page.workers().map((w) => w.url()).filter((u) => /\/lib\/assets\/py-worker-/.test(u))).toHaveLength(1);
});

test('a wrong line: which TODO is wrong and why', async ({ page }) => {
  const el = await open(page);
  await typeAll(el, [REF[0], REF[1], 'np.exp(scores)']);
  await el.locator('button.run').click();
  const li = el.locator('li[data-todo="3"]');
  await expect(li).toHaveAttribute('data-correct', 'false');
  await expect(li).toContainText('not normalized');
  await expect(el.locator('li[data-todo="1"]')).toHaveAttribute('data-correct', 'true');
  await expect(el.locator('pre.got span.d').first()).toBeVisible();
});

for (const [id, todo, text] of [
  ['axis', 3, 'wrong axis'], ['k0', 2, 'k=0'], ['noscale', 1, 'not scaled'], ['dk', 1, 'divides by d_k'],
] as const) {
  test(`mistake menu: ${id}`, async ({ page }) => {
    const el = await open(page);
    await el.locator('select.mistakes').selectOption(id);
    const li = el.locator(`li[data-todo="${todo}"]`);
    await expect(li).toHaveAttribute('data-correct', 'false');
    await expect(li).toContainText(text);
    await expect(el.locator('p.explain')).not.toBeEmpty();
    if (id === 'k0') await expect(el.locator('pre.got')).toContainText('nan');
  });
}

test('answers are kept across a reload', async ({ page }) => {
  const el = await open(page);
  await typeAll(el, ['Q @ K.T / np.sqrt(d_k)', REF[1], REF[2]]);
  await el.locator('button.run').click();
  await expect(el.locator('li[data-todo="1"]')).toContainText('K.swapaxes(-2, -1)');
  await page.reload();
  await expect(page.locator('attn-exercise input[data-todo="1"]')).toHaveValue('Q @ K.T / np.sqrt(d_k)');
});

test('reasons in the learner\'s language: Chinese for zh-CN, English for en', async ({ page }) => {
  for (const [lang, want, other] of [['zh-CN', '没有归一化', 'not normalized'], ['en', 'not normalized', '没有归一化']] as const) {
    const el = await open(page, lang);
    await typeAll(el, [REF[0], REF[1], 'np.exp(scores)']);
    const detail = page.evaluate(() => new Promise((resolve) => {
      document.addEventListener('attn-exercise-run', (e) => resolve((e as CustomEvent).detail), { once: true });
    }));
    await el.locator('button.run').click();
    const li = el.locator('li[data-todo="3"]');
    await expect(li).toContainText(want);
    await expect(li).not.toContainText(other);
    const d = await detail as { todos: { code: string; reason: string; params: Record<string, string> }[] };
    expect(d.todos[2].code).toBe('not_normalized');
    expect(d.todos[2].reason).toContain('not normalized');
    expect(d.todos[0].code).toBe('ok');
  }
  // A Python error line stays as Python prints it, after a Chinese lead-in.
  const el = await open(page, 'zh-CN');
  await typeAll(el, ['Q @ K.T / np.sqrt(x)', REF[1], REF[2]]);
  await el.locator('button.run').click();
  await expect(el.locator('li[data-todo="1"]')).toContainText("运行时 Python 报错：NameError: name 'x' is not defined");
});

test('a line the checker cannot run is said calmly in the page\'s language, with no English construct text', async ({ page }) => {
  for (const [lang, want, other] of [
    ['zh-CN', ['“lambda”表达式', '超过 1000000 个元素的数组'], ["'lambda' expressions", 'arrays of more than']],
    ['en', ["unsupported: 'lambda' expressions", 'unsupported: arrays of more than 1000000 elements'], ['表达式', '数组']],
  ] as const) {
    const el = await open(page, lang);
    await typeAll(el, ['scores = (lambda a: a @ K.T / np.sqrt(d_k))(Q)', REF[1],
      'weights = softmax(scores) + np.zeros((2000, 2000)).sum()']);
    await el.locator('button.run').click();
    for (const [k, todo] of [[0, '1'], [1, '3']] as const) {
      const li = el.locator(`li[data-todo="${todo}"]`);
      await expect(li).toHaveAttribute('data-verdict', 'unsupported');
      await expect(li).toContainText(want[k]);
      await expect(li).not.toContainText(other[k]);
    }
  }
});

test('the whole program is listed, and Copy program copies it with the typed lines', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const el = await open(page);
  const tail = el.locator('.prog pre.tail');
  await expect(tail).toContainText('rng = np.random.default_rng(0)');
  await expect(tail).toContainText('for d in (16, 512):');
  await expect(tail).toContainText('avg max weight  unscaled:');
  await typeAll(el, ['Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)', REF[1], REF[2]]);
  await el.locator('button.copy').click();
  await expect(el.locator('.copy-status')).not.toBeEmpty();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('\n    scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)\n');
  expect(copied).toContain('\n        mask = np.triu(np.ones((T, T), dtype=bool), k=1)\n');
  expect(copied).toContain('\nout, w = attention(Q, K, V, causal=True)\n');
  expect(copied.endsWith('.max(-1).mean().round(3))\n')).toBe(true);
});

/** Runs a wrong line (so that both panes have marked lines) and measures the layout. */
async function layout(page: Page, el: ReturnType<Page['locator']>) {
  await typeAll(el, [REF[0], REF[1], 'np.exp(scores)']);
  await el.locator('button.run').click();
  await expect(el.locator('pre.got span.d').first()).toBeVisible();
  return el.evaluate((host) => {
    const root = host.shadowRoot!;
    const box = (s: string) => root.querySelector(s)!.getBoundingClientRect();
    const hostBox = host.getBoundingClientRect();
    // Every element (outside the scroll boxes' contents) stays inside the host's box.
    const outside = Array.from(root.querySelectorAll('*'))
      .filter((e) => !e.closest('pre.out, .prog, textarea'))
      .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > hostBox.right + 0.5 || r.left < hostBox.left - 0.5); })
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
    const pres = Array.from(root.querySelectorAll('pre.out')).map((p) => ({
      overflowX: getComputedStyle(p).overflowX, right: p.getBoundingClientRect().right,
    }));
    const marker = getComputedStyle(root.querySelector('pre.got span.d')!, '::before').content;
    return {
      host: { scrollWidth: host.scrollWidth, clientWidth: host.clientWidth, right: hostBox.right },
      page: { scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth },
      got: box('pre.got'), want: box('pre.want'), outside, pres, marker,
    };
  });
}

for (const width of [360, 1200]) {
  test(`layout at ${width} px: nothing wider than its container, panes ${width < 900 ? 'stacked' : 'side by side'}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const el = await open(page);
    const m = await layout(page, el);
    expect(m.host.scrollWidth).toBeLessThanOrEqual(m.host.clientWidth);
    expect(m.page.scrollWidth).toBeLessThanOrEqual(m.page.clientWidth);
    expect(m.outside).toEqual([]);
    for (const p of m.pres) {
      expect(p.overflowX).toBe('auto');
      expect(p.right).toBeLessThanOrEqual(m.host.right + 0.5);
    }
    expect(m.marker).toContain('≠');
    if (width < 900) expect(m.want.top).toBeGreaterThanOrEqual(m.got.bottom);
    else {
      expect(m.want.left).toBeGreaterThanOrEqual(m.got.right);
      expect(m.want.top).toBe(m.got.top);
    }
  });
}

test('layout in the lesson page\'s column at 1200 px: the panes stack and fit', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto('/');
  const el = page.locator('#exercise-widget');
  await expect(el.locator('input[data-todo="1"]')).toBeVisible({ timeout: 15_000 });
  const m = await layout(page, el);
  expect(m.host.clientWidth).toBeLessThan(900);
  expect(m.host.scrollWidth).toBeLessThanOrEqual(m.host.clientWidth);
  expect(m.page.scrollWidth).toBeLessThanOrEqual(m.page.clientWidth);
  expect(m.outside).toEqual([]);
  expect(m.want.top).toBeGreaterThanOrEqual(m.got.bottom);
  for (const p of m.pres) expect(p.right).toBeLessThanOrEqual(m.host.right + 0.5);
});
