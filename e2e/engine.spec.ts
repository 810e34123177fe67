import { expect, test } from '@playwright/test';

test('the lesson page shows the exercise output computed by WASM, under the strict CSP', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(String(e)));
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  const out = page.locator('#lesson1-output');
  await expect(out).toContainText('avg max weight  unscaled: 0.958  scaled: 0.365');
  await expect(out).toContainText(' [0.23 0.77 0.   0.  ]');
  // A number that only the engine can produce: weights[1][0] rounded to 2 decimals.
  const text = await out.textContent();
  expect(text?.split('\n')[5]).toBe(' [0.23 0.77 0.   0.  ]');
  expect(problems).toEqual([]);
});
