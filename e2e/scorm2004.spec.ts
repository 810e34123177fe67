// The SCORM 2004 4th edition packages in a test LMS: the host page provides
// API_1484_11 through scorm-again's Scorm2004API (a maintained runtime with
// the 2004 data model's checks), opens the packaged SCO from the zip's own
// files in an iframe and reads what the SCO reports. Served under the strict
// CSP; the guard fixture fails a test on any console error or CSP violation.
// Needs `npm run package` (scripts/test.sh runs it after the site build).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/guard';
import { STRICT_CSP } from './server.mjs';

const LESSON_ZIP = 'attention-lab-lesson-01-scorm2004.zip';
const READING_ZIP = 'attention-lab-reading-scorm2004.zip';
const zips = new Map<string, Record<string, Uint8Array>>();
const unzip = (name: string) => {
  if (!zips.has(name)) zips.set(name, unzipSync(readFileSync(fileURLToPath(new URL(`../dist/packages/${name}`, import.meta.url)))));
  return zips.get(name)!;
};
const SCORM_AGAIN = readFileSync(fileURLToPath(new URL('../node_modules/scorm-again/dist/scorm2004.min.js', import.meta.url)));

const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS 2004</title>
<script src="./scorm2004.js"></script><script src="./host.js"></script></head><body><h1>Test LMS</h1></body></html>`;

// launch({zip, page, cmi, language}): a Scorm2004API loaded with the previous
// session's CMI (entry "resume" then, as an LMS does after exit "suspend"),
// scaled_passing_score 0.8 as the manifest's minNormalizedMeasure says.
// cmi() is what the LMS would store at Terminate (its commit object).
const HOST_JS = `
window.launch = function (o) {
  var api = new Scorm2004API({ autocommit: false, logLevel: 5 });
  if (o.cmi) { api.loadFromJSON(o.cmi); api.cmi.entry = 'resume'; }
  api.cmi.scaled_passing_score = '0.8';
  if (o.language) api.cmi.learner_preference.language = o.language;
  window.lms = api;
  window.API_1484_11 = api;
  var f = document.createElement('iframe');
  f.id = 'sco'; f.title = 'SCO'; f.width = '1000'; f.height = '700';
  f.src = o.zip + '/' + o.page;
  document.body.appendChild(f);
};
window.closeSco = function () { document.getElementById('sco').src = 'about:blank'; };
window.cmi = function () { return JSON.parse(JSON.stringify(window.lms.renderCommitCMI(true))).cmi; };`;

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', json: 'application/json',
  wasm: 'application/wasm', svg: 'image/svg+xml', txt: 'text/plain; charset=utf-8', xml: 'application/xml',
};

async function serveLms(page: Page): Promise<void> {
  await page.route('**/lms2004/**', async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname).replace(/^\/lms2004\//, '');
    let body: Uint8Array | string | undefined;
    if (path === 'host.html') body = HOST_HTML;
    else if (path === 'host.js') body = HOST_JS;
    else if (path === 'scorm2004.js') body = SCORM_AGAIN;
    else {
      const [zip, ...rest] = path.split('/');
      if (zip === LESSON_ZIP || zip === READING_ZIP) body = unzip(zip)[rest.join('/')];
    }
    if (body === undefined) { await route.fulfill({ status: 404, body: 'not found', headers: { 'content-security-policy': STRICT_CSP } }); return; }
    await route.fulfill({
      status: 200, body: typeof body === 'string' ? body : Buffer.from(body),
      headers: { 'content-type': TYPES[path.split('.').pop()!] ?? 'application/octet-stream', 'content-security-policy': STRICT_CSP, 'cache-control': 'no-store' },
    });
  });
}

type Interaction = { id: string; type: string; description: string; learner_response: string; result: string; latency: string; timestamp: string; correct_responses: Record<string, { pattern: string }> };
type Cmi = Record<string, any> & { interactions: Record<string, Interaction> };

async function launch(page: Page, o: { zip?: string; page?: string; cmi?: Cmi; language?: string } = {}): Promise<Locator> {
  await page.goto('/lms2004/host.html');
  await page.evaluate((opts) => (window as any).launch(opts), { zip: LESSON_ZIP, page: 'index.html', ...o });
  const quiz = page.frameLocator('#sco').locator('attn-quiz#quiz-widget');
  await expect(quiz.locator('[role="radiogroup"]').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForFunction(() => (window as any).lms.isInitialized());
  return quiz;
}

const cmi = (page: Page) => page.evaluate(() => (window as any).cmi() as Cmi);
const interactions = (c: Cmi) => Object.keys(c.interactions).filter((k) => /^\d+$/.test(k)).sort((a, b) => Number(a) - Number(b)).map((k) => c.interactions[k]!);

function quizState(quiz: Locator) {
  return quiz.evaluate((el: any) => ({
    order: el.order as string[],
    answered: el.answered as number,
    score: el.score as number,
    right: Object.fromEntries(el.bankData.questions.map((q: any) => [q.id, q.answer])) as Record<string, number>,
  }));
}

async function answer(quiz: Locator, positions: number[], wrong: number[] = []): Promise<void> {
  const s = await quizState(quiz);
  for (const pos of positions) {
    const id = s.order[pos]!;
    const o = wrong.includes(pos) ? (s.right[id]! + 1) % 4 : s.right[id]!;
    await quiz.locator(`#q-${pos} [role="radio"][data-o="${o}"]`).click();
    await expect(quiz.locator(`#q-${pos} [role="radio"][aria-checked="true"]`)).toHaveAttribute('data-o', String(o));
  }
}

/** The learner leaves (pagehide), the LMS keeps what it was sent; write-only elements are not loaded back. */
async function leave(page: Page): Promise<Cmi> {
  await page.evaluate(() => (window as any).closeSco());
  await page.waitForFunction(() => (window as any).lms.isTerminated());
  return cmi(page);
}
const forRelaunch = (c: Cmi): Cmi => { const { exit: _e, session_time: _s, ...rest } = c; return rest as Cmi; };

test.describe.configure({ mode: 'parallel', timeout: 120_000 });
test.beforeEach(async ({ page }) => { await serveLms(page); });

test('SCORM 2004: finish, relaunch, resume under scorm-again', async ({ page }) => {
  // Launch 1: five answers (one wrong), then the learner leaves.
  let quiz = await launch(page);
  expect((await cmi(page)).completion_status).toBe('incomplete');
  const s1 = await quizState(quiz);
  await answer(quiz, [0, 1, 2, 3, 4], [2]);
  await expect.poll(async () => interactions(await cmi(page)).length).toBe(5);
  let c = await cmi(page);
  interactions(c).forEach((r, k) => {
    expect(r.id).toBe(s1.order[k]);
    expect(r.type).toBe('choice');
    expect(r.description).toMatch(/^\{lang=zh-CN\}\S/);
    expect(r.learner_response).toMatch(/^[a-d]$/);
    expect(r.correct_responses['0']!.pattern).toMatch(/^[a-d]$/);
    expect(r.result).toBe(k === 2 ? 'incorrect' : 'correct');
    expect(r.latency).toMatch(/^PT[\d.]+S$/);
    expect(r.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,2})?Z$/);
  });
  expect(c.location).toBe('q5');
  expect(Number(c.progress_measure)).toBeCloseTo(5 / 14, 2);
  expect(c.suspend_data.length).toBeGreaterThan(0);
  c = await leave(page);
  expect(c.exit).toBe('suspend');
  expect(c.session_time).toMatch(/^PT[\d.HMS]+$/);
  expect(c.success_status).toBe('unknown');

  // Launch 2 "on another computer", the LMS asking for English: the answers come back, the page speaks English.
  await page.evaluate(() => localStorage.clear());
  quiz = await launch(page, { cmi: forRelaunch(c), language: 'en-US' });
  await expect(page.frameLocator('#sco').locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await quizState(quiz)).answered).toBe(5);
  expect((await quizState(quiz)).order).toEqual(s1.order);
  const rest = Array.from({ length: s1.order.length - 5 }, (_, k) => k + 5);
  await answer(quiz, rest, [7]);             // 12 of 14 = 85.71 % ≥ 80 → passed
  await expect.poll(async () => (await cmi(page)).success_status).toBe('passed');
  c = await cmi(page);
  expect(c.completion_status).toBe('completed');
  expect(c.score).toMatchObject({ scaled: '0.8571', raw: '85.71', min: '0', max: '100' });
  expect(c.progress_measure).toBe('1');
  expect(interactions(c)).toHaveLength(14);
  expect(interactions(c).slice(5).every((r) => r.description.startsWith('{lang=en}'))).toBe(true);
  c = await leave(page);
  expect(c.exit).toBe('normal');             // completed and passed

  // Launch 3 with what the LMS kept: the finished quiz comes back, nothing is lowered.
  await page.evaluate(() => localStorage.clear());
  quiz = await launch(page, { cmi: forRelaunch(c) });
  await expect(quiz.locator('[part="summary"]')).toBeVisible();
  expect((await quizState(quiz)).score).toBe(12);
  c = await cmi(page);
  expect([c.completion_status, c.success_status]).toEqual(['completed', 'passed']);
  await expect(page.frameLocator('#sco').locator('[data-scorm-notice]')).toHaveCount(0);
});

test('SCORM 2004: each manifest is 4th edition, one SCO, lists every file in its zip', async ({ page }) => {
  await page.goto('/lms2004/host.html');
  for (const name of [LESSON_ZIP, READING_ZIP]) {
    const files = unzip(name);
    const m = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) return null;
      const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
      const res = doc.getElementsByTagNameNS(CP, 'resource');
      return {
        schemaversion: doc.getElementsByTagNameNS(CP, 'schemaversion')[0]?.textContent,
        resources: res.length,
        scormType: res[0]!.getAttributeNS('http://www.adlnet.org/xsd/adlcp_v1p3', 'scormType'),
        href: res[0]!.getAttribute('href'),
        measure: doc.getElementsByTagNameNS('http://www.imsglobal.org/xsd/imsss', 'minNormalizedMeasure')[0]?.textContent,
        files: Array.from(doc.getElementsByTagNameNS(CP, 'file'), (f) => f.getAttribute('href')!),
      };
    }, new TextDecoder().decode(files['imsmanifest.xml']));
    expect(m, `${name}: imsmanifest.xml is not well-formed`).not.toBeNull();
    expect(m!.schemaversion).toBe('2004 4th Edition');
    expect(m!.resources).toBe(1);
    expect(m!.scormType).toBe('sco');
    expect(m!.measure).toBe('0.8');
    const inZip = Object.keys(files).filter((f) => f !== 'imsmanifest.xml').sort();
    expect([...m!.files].sort()).toEqual(inZip);
    expect(inZip).toContain(m!.href);
  }
});
