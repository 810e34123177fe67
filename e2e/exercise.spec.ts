// <attn-exercise> in the built library (dist/lib/attention-lab.js) under the strict CSP:
// reference answers, a wrong line, and every entry of the mistake menu.
import { expect, test, type Page } from '@playwright/test';

const REF = [
  'scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)',
  'mask = np.triu(np.ones((T, T), dtype=bool), k=1)',
  'weights = softmax(scores)',
];
const EXPECTED_SEED0 = [
  'Q (4, 16) K (4, 16) V (4, 16)',
  'out (4, 16) weights (4, 4)',
  'row sums: [1. 1. 1. 1.]',
  'causal weights:',
  ' [[1.   0.   0.   0.  ]',
  ' [0.23 0.77 0.   0.  ]',
  ' [0.19 0.33 0.49 0.  ]',
  ' [0.16 0.37 0.21 0.26]]',
  'd_k=  16  var(q·k)=   16.3  var(q·k/sqrt(d_k))=1.02',
  'd_k= 512  var(q·k)=  511.0  var(q·k/sqrt(d_k))=1.00',
  'avg max weight  unscaled: 0.958  scaled: 0.365',
].join('\n');

async function open(page: Page) {
  await page.goto('/fixtures/a11y-exercise.html');
  const el = page.locator('attn-exercise');
  await expect(el.locator('input[data-todo="1"]')).toBeVisible();
  return el;
}

async function typeAll(el: ReturnType<Page['locator']>, lines: string[]) {
  for (let k = 0; k < 3; k++) await el.locator(`input[data-todo="${k + 1}"]`).fill(lines[k]);
}

test('reference answers: all three correct and the lesson output', async ({ page }) => {
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
