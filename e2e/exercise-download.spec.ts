// <attn-exercise>'s Download button and the NumPy check line: the saved
// 0001_attention_todo.py is the program with the learner's lines, and
// /usr/bin/python3 (NumPy) running it prints what NumPy prints for the lesson
// (the golden the exercise is checked against). Under the strict CSP.
import { execFileSync, spawnSync } from 'node:child_process';
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

test('Download before every line is typed: the file says which TODO is blank, and Python stops there naming it', async ({ page }) => {
  await page.goto('/fixtures/a11y-exercise.html');
  const el = page.locator('attn-exercise');
  await el.evaluate((e) => e.setAttribute('lang', 'en'));
  await elementsReady(page);
  await el.locator('input[data-todo="1"]').fill(REF[0]);
  const [download] = await Promise.all([page.waitForEvent('download'), el.locator('[part="download-button"]').click()]);
  expect(download.suggestedFilename()).toBe('0001_attention_todo.py');
  await expect(el.locator('.copy-status')).toHaveText('Saved 0001_attention_todo.py with your line for TODO 1; the others are still blank, and Python names them when it reaches them.');
  const file = (await download.path())!;
  const text = readFileSync(file, 'utf8');
  expect(text.split('\n')[0]).toContain('python3 0001_attention_todo.py');
  expect(text).toContain(REF[0]);
  const run = spawnSync('/usr/bin/python3', [file], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stderr.trimEnd().split('\n').pop()).toBe('NotImplementedError: TODO 2 is not filled in yet: replace the ... in mask = ... with your line, then run again.');
});
