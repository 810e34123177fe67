// The cmi5 packages against a small LRS started on loopback in the test
// (e2e/helpers/lrs.mjs): it refuses bad auth, malformed statements (checked
// with xapi-validation), a missing version header and a second use of the
// fetch URL, and checks the cmi5 rules on every statement. The AU is served
// from the zip by the fixture's content host (another loopback port) under the
// strict CSP, with the LRS's origin in connect-src (as an LMS hosting the
// package must allow its LRS).
// Needs `npm run package` (scripts/test.sh runs it after the site build).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/guard';
import { STRICT_CSP } from './server.mjs';
import { startLrs } from './helpers/lrs.mjs';

const ZIP = 'attention-lab-lesson-01-cmi5.zip';
const files = unzipSync(readFileSync(fileURLToPath(new URL(`../dist/packages/${ZIP}`, import.meta.url))));
const V = 'http://adlnet.gov/expapi/verbs/';

// The fixture is plain JavaScript; its records are read loosely here.
let lrs: any;

/** Opens the AU with the launch parameters in a shuffled order. */
async function launch(page: Page, l: any): Promise<Locator> {
  const params: [string, string][] = [
    ['registration', l.registration], ['actor', JSON.stringify(l.actor)], ['fetch', l.fetch], ['activityId', l.activityId], ['endpoint', l.endpoint],
  ];
  await page.goto(`${lrs.content}index.html?${new URLSearchParams(params)}`);
  const quiz = page.locator('attn-quiz#quiz-widget');
  await expect(quiz.locator('[role="radiogroup"]').first()).toBeVisible({ timeout: 15_000 });
  return quiz;
}

async function answer(quiz: Locator, positions: number[], wrong: number[] = []): Promise<void> {
  const s = await quiz.evaluate((el: any) => ({ order: el.order as string[], right: Object.fromEntries(el.bankData.questions.map((q: any) => [q.id, q.answer])) as Record<string, number> }));
  for (const pos of positions) {
    const o = wrong.includes(pos) ? (s.right[s.order[pos]!]! + 1) % 4 : s.right[s.order[pos]!]!;
    await quiz.locator(`#q-${pos} [role="radio"][data-o="${o}"]`).click();
    await expect(quiz.locator(`#q-${pos} [role="radio"][aria-checked="true"]`)).toHaveAttribute('data-o', String(o));
  }
}
const verbs = (session?: string) => lrs.statements
  .filter((s: any) => !session || s.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid'] === session)
  .map((s: any) => s.verb.id.slice(V.length));
const count = async (n: number) => expect.poll(() => lrs.statements.length, { timeout: 20_000, message: `statements (refused: ${JSON.stringify(lrs.violations)})` }).toBe(n);

test.describe.configure({ mode: 'parallel', timeout: 90_000 });
test.beforeEach(async ({ guard }) => {
  lrs = await startLrs(files, STRICT_CSP);
  guard.allow(/Failed to load resource: the server responded with a status of 404/);   // no cmi5LearnerPreferences: an LRS answers 404
});
test.afterEach(async ({ page }) => {
  await page.goto('about:blank');             // nothing of the page talks to the servers as they close
  await lrs.close();
});

test('cmi5: one fetch, LaunchData first, initialized … answered … completed, passed, terminated; the LMS\'s language and returnURL', async ({ page }) => {
  lrs.prefs = { languagePreference: 'en-US,zh-CN', audioPreference: 'on' };
  const l = lrs.launch({ masteryScore: 0.85, returnURL: `${lrs.content}done.html` });
  const quiz = await launch(page, l);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await count(1);
  const n = await quiz.evaluate((el: any) => el.order.length as number);
  await answer(quiz, Array.from({ length: n }, (_, k) => k), [3]);   // 13 of 14 = 0.929 ≥ 0.85
  await count(n + 3);
  await page.locator('[data-cmi5-exit]').click();
  await page.waitForURL(/done\.html$/);
  await count(n + 4);
  expect(lrs.violations).toEqual([]);
  expect(lrs.events.filter((e: string) => e === 'fetch')).toHaveLength(1);
  expect(lrs.events.slice(0, 3)).toEqual(['fetch', 'state LMS.LaunchData', 'profile cmi5LearnerPreferences']);
  expect(verbs()).toEqual(['initialized', ...Array(n).fill('answered'), 'completed', 'passed', 'terminated']);
  const passed = lrs.statements.find((s: any) => s.verb.id === `${V}passed`);
  expect(passed.result.score.scaled).toBeCloseTo(13 / 14, 3);
  expect(passed.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore']).toBe(0.85);
  for (const s of lrs.statements) {
    expect(s.context.registration).toBe(l.registration);
    expect(s.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid']).toBe(l.session);
    expect(s.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(s.timestamp)).not.toBeNaN();
  }

  // Relaunch in the same registration: completed and passed are not sent again.
  const again = lrs.launch({ registration: l.registration, masteryScore: 0.85 });
  await launch(page, again);
  await expect.poll(() => verbs(again.session)).toEqual(['initialized']);
});

test('cmi5: the fixture refuses bad auth, a missing version header, malformed statements and a second fetch; the AU says so calmly', async ({ page, guard }) => {
  const l = lrs.launch();
  const token = (await (await fetch(l.fetch, { method: 'POST' })).json())['auth-token'];
  expect((await (await fetch(l.fetch, { method: 'POST' })).json())['error-code']).toBe('1');
  const h = { 'X-Experience-API-Version': '1.0.3', Authorization: `Basic ${token}`, 'Content-Type': 'application/json' };
  const good = { id: crypto.randomUUID(), actor: l.actor, verb: { id: `${V}initialized` }, object: { id: l.activityId } };
  expect((await fetch(`${l.endpoint}statements`, { method: 'POST', headers: { ...h, Authorization: 'Basic bm9wZQ==' }, body: JSON.stringify(good) })).status).toBe(401);
  expect((await fetch(`${l.endpoint}statements`, { method: 'POST', headers: { Authorization: h.Authorization, 'Content-Type': 'application/json' }, body: JSON.stringify(good) })).status).toBe(400);
  expect((await fetch(`${l.endpoint}statements`, { method: 'POST', headers: h, body: JSON.stringify({ ...good, verb: { display: { 'en-US': 'no id' } } }) })).status).toBe(400);
  expect(lrs.violations.some((v: string) => v.startsWith('xapi-validation'))).toBe(true);
  expect(lrs.statements).toHaveLength(0);

  // The AU launched with the used fetch URL: a calm line, the quiz works, nothing is sent.
  guard.allow(/cmi5|Failed to load resource/);
  await launch(page, l);
  await expect(page.locator('[data-scorm-notice]')).toContainText('没能拿到课程平台的登录信息');
  expect(lrs.statements).toHaveLength(0);
});

test('cmi5 Browse mode: only initialized and terminated', async ({ page }) => {
  const l = lrs.launch({ launchMode: 'Browse' });
  const quiz = await launch(page, l);
  await count(1);
  await answer(quiz, [0, 1]);
  await page.goto(`${lrs.content}done.html`);
  await count(2);
  expect(verbs()).toEqual(['initialized', 'terminated']);
  expect(lrs.violations).toEqual([]);
});

test('cmi5: the LRS goes down mid-session and comes back; then down at the end, and the next launch sends the rest: all in order, none twice', async ({ page, guard }) => {
  guard.allow(/Failed to load resource|ERR_EMPTY_RESPONSE|ERR_CONNECTION|net::/);
  const l = lrs.launch();
  const quiz = await launch(page, l);
  await count(1);
  lrs.down = true;
  await answer(quiz, [0, 1, 2]);
  await expect(page.locator('[data-scorm-notice]')).toBeVisible();
  const queued = await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:lms-queue')!).items.length);
  expect(queued).toBe(3);
  lrs.down = false;
  await count(4);                              // the retry sends them
  lrs.down = true;
  await answer(quiz, [3]);
  await page.goto(`${lrs.content}done.html`);       // terminated cannot get through either
  lrs.down = false;
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:lms-queue')!).items.length)).toBe(2);
  const next = lrs.launch({ registration: l.registration });
  await launch(page, next);
  await count(7);
  expect(verbs(l.session)).toEqual(['initialized', 'answered', 'answered', 'answered', 'answered', 'terminated']);
  expect(verbs(next.session)).toEqual(['initialized']);
  const ids = lrs.statements.map((s: any) => s.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(lrs.violations).toEqual([]);
  const answered = lrs.statements.filter((s: any) => s.verb.id === `${V}answered`).map((s: any) => Date.parse(s.timestamp));
  expect([...answered].sort((a, b) => a - b)).toEqual(answered);
});
