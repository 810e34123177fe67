// <attn-exercise>'s Download button and the NumPy check line: the saved
// 0001_attention_todo.py is the program with the learner's lines, and
// /usr/bin/python3 (NumPy) running it prints what NumPy prints for the lesson
// (the golden the exercise is checked against). Under the strict CSP.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/guard';
import { elementsReady } from './helpers/ready';
import { EXPECTED_SEED0, REF } from './helpers/lesson1';

test('Download saves the program with the typed lines, and Python prints the lesson\'s output', async ({ page }) => {
  await page.goto('/fixtures/a11y-exercise.html');
  const el = page.locator('attn-exercise');
  await el.evaluate((e) => e.setAttribute('lang', 'en'));
  await elementsReady(page);
  await expect(el.locator('[part="numpy-check"]')).toContainText('python3 -c "import numpy; print(numpy.__version__)"');
  for (let k = 0; k < 3; k++) await el.locator(`input[data-todo="${k + 1}"]`).fill(REF[k]);
  await el.locator('[part="download-button"]').focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('0001_attention_todo.py');
  const file = (await download.path())!;
  const text = readFileSync(file, 'utf8');
  expect(text).toBe(await el.evaluate((e) => (e as HTMLElement & { programText: string }).programText));
  for (const line of REF) expect(text).toContain(line);
  await expect(el.locator('.copy-status')).toContainText('0001_attention_todo.py');
  const out = execFileSync('/usr/bin/python3', [file], { encoding: 'utf8' });
  expect(out.trimEnd()).toBe(EXPECTED_SEED0.trimEnd());
});
