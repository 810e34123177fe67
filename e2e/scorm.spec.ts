// The SCORM 1.2 packages in a test LMS: a host page that provides the API
// through scorm-again (a maintained SCORM runtime), opens the packaged SCO
// from the zip's own files in an iframe, and records what the SCO reports.
// Everything is served under the strict CSP; the guard fixture fails a test on
// any console error, uncaught error or CSP violation, in the SCO's frame too.
// Needs `npm run package` (scripts/test.sh runs it after the site build).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/guard';
import { STRICT_CSP } from './server.mjs';
import { runAxe } from './helpers/axe';

const pkgPath = (name: string) => fileURLToPath(new URL(`../dist/packages/${name}`, import.meta.url));
const LESSON_ZIP = 'attention-lab-lesson-01-scorm12.zip';
const READING_ZIP = 'attention-lab-reading-scorm12.zip';
const zips = new Map<string, Record<string, Uint8Array>>();
const unzip = (name: string) => {
  if (!zips.has(name)) zips.set(name, unzipSync(readFileSync(pkgPath(name))));
  return zips.get(name)!;
};
const SCORM_AGAIN = readFileSync(fileURLToPath(new URL('../node_modules/scorm-again/dist/scorm12.min.js', import.meta.url)));

const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title>
<script src="./scorm12.js"></script><script src="./host.js"></script></head><body><h1>Test LMS</h1></body></html>`;

// The LMS side. launch({zip, page, cmi, fault}) sets window.API (scorm-again's
// Scorm12API, loaded with a previous session's CMI for a relaunch, mastery
// score 80 as the manifest says), optionally wrapped to misbehave, then opens
// the SCO. close() navigates the SCO away (pagehide); cmi() is what the LMS holds.
const HOST_JS = `
window.launch = function (o) {
  var api = new Scorm12API({ autocommit: false, logLevel: 5 });
  if (o.cmi) api.loadFromJSON(o.cmi);
  api.cmi.student_data.mastery_score = '80';
  if (o.suspend !== undefined) api.cmi.suspend_data = o.suspend;
  window.lms = api;
  window.rejected = 0;
  if (o.fault !== 'none') window.API = o.fault ? faulty(api, o.fault) : api;
  var f = document.createElement('iframe');
  f.id = 'sco'; f.title = 'SCO'; f.width = '1000'; f.height = '700';
  f.src = o.zip + '/' + o.page;
  document.body.appendChild(f);
};
window.closeSco = function () { document.getElementById('sco').src = 'about:blank'; };
window.cmi = function () { return JSON.parse(JSON.stringify(window.lms.cmi)); };
function faulty(api, fault) {
  var last = null, w = {};
  ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic'].forEach(function (n) {
    w[n] = function (a, b) {
      if (fault === 'throws') throw new Error('the LMS broke in ' + n);
      if (n === 'LMSGetLastError' && last) return last;
      if (n === 'LMSGetErrorString' || n === 'LMSGetDiagnostic') return api[n](a);
      last = null;
      if (fault === '405' && n === 'LMSSetValue') { last = '405'; window.rejected++; return 'false'; }
      if (fault === 'too-long' && n === 'LMSGetValue' && a === 'cmi.suspend_data') { api.LMSGetValue(a); return new Array(5001).join('x'); }
      return api[n](a, b);
    };
  });
  return w;
}`;

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', json: 'application/json',
  wasm: 'application/wasm', svg: 'image/svg+xml', txt: 'text/plain; charset=utf-8', xml: 'application/xml',
};

/** Serves /lms/: the host page, scorm-again, and each zip's files under /lms/<zip>/. */
async function serveLms(page: Page): Promise<void> {
  await page.route('**/lms/**', async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname).replace(/^\/lms\//, '');
    let body: Uint8Array | string | undefined;
    if (path === 'host.html') body = HOST_HTML;
    else if (path === 'host.js') body = HOST_JS;
    else if (path === 'scorm12.js') body = SCORM_AGAIN;
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

type Cmi = {
  suspend_data: string;
  core: { lesson_status: string; exit: string; session_time: string; score: { raw: string; min: string; max: string } };
  interactions: Record<string, { id: string; type: string; student_response: string; result: string; latency: string; time: string; correct_responses: Record<string, { pattern: string }> }>;
};

async function launch(page: Page, o: { zip?: string; page?: string; cmi?: Cmi; fault?: string; suspend?: string } = {}): Promise<{ sco: FrameLocator; quiz: Locator }> {
  await page.goto('/lms/host.html');
  await page.evaluate((opts) => (window as any).launch(opts), { zip: LESSON_ZIP, page: 'index.html', ...o });
  const sco = page.frameLocator('#sco');
  const quiz = sco.locator('attn-quiz#quiz-widget');
  await expect(quiz.locator('[role="radiogroup"]').first()).toBeVisible({ timeout: 15_000 });
  return { sco, quiz };
}

const cmi = (page: Page) => page.evaluate(() => (window as any).cmi() as Cmi);
const interactions = (c: Cmi) => Object.keys(c.interactions).sort((a, b) => Number(a) - Number(b)).map((k) => c.interactions[k]!);

/** The quiz's question ids in display order, the right option of each, and what is locked. */
function quizState(quiz: Locator) {
  return quiz.evaluate((el: any) => ({
    order: el.order as string[],
    optionOrder: el.optionOrder as Record<string, number[]>,
    answered: el.answered as number,
    score: el.score as number,
    right: Object.fromEntries(el.bankData.questions.map((q: any) => [q.id, q.answer])) as Record<string, number>,
    letters: Object.fromEntries(el.bankData.questions.map((q: any) => [q.id, 'abcdefgh'[q.answer]])) as Record<string, string>,
  }));
}

/** Answers the questions shown at `positions`; `wrong` positions get a wrong option. Returns the chosen option per question id. */
async function answer(quiz: Locator, positions: number[], wrong: number[] = []): Promise<Record<string, number>> {
  const s = await quizState(quiz);
  const chosen: Record<string, number> = {};
  for (const pos of positions) {
    const id = s.order[pos]!;
    const o = wrong.includes(pos) ? (s.right[id]! + 1) % 4 : s.right[id]!;
    chosen[id] = o;
    await quiz.locator(`#q-${pos} [role="radio"][data-o="${o}"]`).click();
    await expect(quiz.locator(`#q-${pos} [role="radio"][aria-checked="true"]`)).toHaveAttribute('data-o', String(o));
  }
  return chosen;
}

/** The learner leaves: the SCO's frame navigates away (pagehide). */
async function close(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).closeSco());
}

/** The progress store of the SCO's origin (same as the host's here). */
const localAttempts = (page: Page) => page.evaluate(() => {
  const raw = localStorage.getItem('attention-lab:progress');
  return raw ? (JSON.parse(raw).data.attempts as { lesson: string; score: number; total: number }[]) : [];
});

test.describe.configure({ mode: 'parallel', timeout: 90_000 });
test.beforeEach(async ({ page }) => { await serveLms(page); });

test('the packaged lesson reports to the LMS and resumes from suspend_data on the next launch', async ({ page }) => {
  test.setTimeout(180_000);                   // three launches of the full lesson page
  // Launch 1: five answers (one wrong), then the learner leaves.
  const first = await launch(page);
  await page.waitForFunction(() => (window as any).lms.isInitialized());
  expect((await cmi(page)).core.lesson_status).toBe('incomplete');
  const s1 = await quizState(first.quiz);
  const chosen1 = await answer(first.quiz, [0, 1, 2, 3, 4], [2]);
  await expect.poll(async () => interactions(await cmi(page)).length).toBe(5);
  let c = await cmi(page);
  const recs = interactions(c);
  expect(recs.map((r) => r.id)).toEqual(s1.order.slice(0, 5));
  recs.forEach((r, k) => {
    expect(r.type).toBe('choice');
    expect(r.student_response).toBe('abcd'[chosen1[s1.order[k]!]!]);
    expect(r.correct_responses['0']!.pattern).toBe(s1.letters[s1.order[k]!]);
    expect(r.result).toBe(k === 2 ? 'wrong' : 'correct');
    expect(r.latency).toMatch(/^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/);
  });
  expect(c.core.score.raw).toBe('');
  expect(c.suspend_data.length).toBeGreaterThan(0);
  expect(c.suspend_data.length).toBeLessThanOrEqual(4096);
  await close(page);
  await page.waitForFunction(() => (window as any).lms.isTerminated());
  c = await cmi(page);
  expect(c.core.exit).toBe('suspend');
  expect(c.core.session_time).toMatch(/^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/);
  expect(c.core.lesson_status).toBe('incomplete');

  // Launch 2, "on another computer": nothing in local storage, only what the LMS kept.
  await page.evaluate(() => localStorage.clear());
  const second = await launch(page, { cmi: c });
  await expect.poll(async () => (await quizState(second.quiz)).answered).toBe(5);
  const s2 = await quizState(second.quiz);
  expect(s2.order).toEqual(s1.order);
  expect(s2.optionOrder).toEqual(s1.optionOrder);
  expect(s2.score).toBe(4);
  for (const [id, o] of Object.entries(chosen1)) {
    const pos = s2.order.indexOf(id);
    await expect(second.quiz.locator(`#q-${pos} [role="radio"][aria-checked="true"]`)).toHaveAttribute('data-o', String(o));
  }
  // The rest, one more wrong: 12 of 14 = 85.71 % ≥ 80 → passed.
  const rest = Array.from({ length: s2.order.length - 5 }, (_, k) => k + 5);
  await answer(second.quiz, rest, [7]);
  await expect(second.quiz.locator('[part="summary"]')).toBeVisible();
  await expect.poll(async () => (await cmi(page)).core.lesson_status).toBe('passed');
  c = await cmi(page);
  expect(c.core.score).toEqual({ raw: '85.71', min: '0', max: '100' });
  const all = interactions(c);
  expect(all).toHaveLength(14);
  expect(all.map((r) => r.id).sort()).toEqual([...s1.order].sort());
  expect(all.filter((r) => r.result === 'wrong')).toHaveLength(2);
  expect(await localAttempts(page)).toHaveLength(1);
  await close(page);
  await page.waitForFunction(() => (window as any).lms.isTerminated());
  c = await cmi(page);

  // Launch 3, again with nothing local: the finished quiz and the review item come back.
  await page.evaluate(() => localStorage.clear());
  const third = await launch(page, { cmi: c });
  await expect(third.quiz.locator('[part="summary"]')).toBeVisible();
  expect((await quizState(third.quiz)).score).toBe(12);
  await expect(third.sco.locator('attn-review#review-widget')).toHaveAttribute('state', 'scheduled');
  expect((await localAttempts(page)).map((a) => [a.score, a.total])).toEqual([[12, 14]]);
  expect((await cmi(page)).core.lesson_status).toBe('passed');
  await expect(third.sco.locator('[data-scorm-notice]')).toHaveCount(0);
});

for (const fault of ['405', 'throws'] as const) {
  test(`an LMS that ${fault === '405' ? 'refuses every LMSSetValue with error 405' : 'throws'}: a calm notice, the learner finishes, nothing is lost locally`, async ({ page }) => {
    const { sco, quiz } = await launch(page, { fault });
    const n = (await quizState(quiz)).order.length;
    await answer(quiz, [0]);
    const notice = sco.locator('[data-scorm-notice]');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(notice).toContainText('课程平台没有保存');
    await sco.locator('#lang-switch').click();
    await expect(notice).toContainText('The course platform did not save your progress');
    await answer(quiz, Array.from({ length: n - 1 }, (_, k) => k + 1));
    await expect(quiz.locator('[part="summary"]')).toBeVisible();
    expect((await quizState(quiz)).score).toBe(n);
    expect(await localAttempts(page)).toHaveLength(1);
    if (fault === '405') {
      expect(await page.evaluate(() => (window as any).rejected)).toBeGreaterThan(10);
      const c = await cmi(page);
      expect(c.core.score.raw).toBe('');               // nothing got through
      expect(interactions(c)).toEqual([]);
    }
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
    await close(page);
  });
}

for (const fault of ['corrupt', 'too-long'] as const) {
  test(`${fault} suspend_data: the quiz starts fresh, then the LMS gets valid data`, async ({ page }) => {
    const suspend = fault === 'corrupt' ? '{"v":1,"l":"lesson-01","b":"lesson-01","n":1,"q":["x",1,[0,0' : undefined;
    const { sco, quiz } = await launch(page, { fault: fault === 'too-long' ? 'too-long' : undefined, suspend });
    expect((await quizState(quiz)).answered).toBe(0);
    const n = (await quizState(quiz)).order.length;
    await answer(quiz, Array.from({ length: n }, (_, k) => k));
    await expect.poll(async () => (await cmi(page)).core.lesson_status).toBe('passed');
    const c = await cmi(page);
    expect(c.core.score.raw).toBe('100');
    expect(JSON.parse(c.suspend_data).v).toBe(1);
    expect(await localAttempts(page)).toHaveLength(1);
    await expect(sco.locator('[data-scorm-notice]')).toHaveCount(0);
  });
}

test('no API: the packaged page works as it does on the site, and never loads the adapter', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const { sco, quiz } = await launch(page, { fault: 'none' });
  const n = (await quizState(quiz)).order.length;
  await answer(quiz, Array.from({ length: n }, (_, k) => k));
  await expect(quiz.locator('[part="summary"]')).toBeVisible();
  expect(await localAttempts(page)).toHaveLength(1);
  await expect(sco.locator('[data-scorm-notice]')).toHaveCount(0);
  expect(requests.filter((u) => /\/assets\/adapter-[^/]*\.js$/.test(u))).toEqual([]);
  expect(requests.filter((u) => !u.startsWith(test.info().project.use.baseURL!))).toEqual([]);
});

test('the reading package reports its own quiz', async ({ page }) => {
  const { quiz } = await launch(page, { zip: READING_ZIP, page: 'reading.html' });
  const s = await quizState(quiz);
  expect(s.order[0]).toMatch(/^r-/);
  await answer(quiz, [0]);
  await expect.poll(async () => interactions(await cmi(page)).map((r) => r.id)).toEqual([s.order[0]]);
  expect((await cmi(page)).core.lesson_status).toBe('incomplete');
});

test('the reading package trains from the text inside the zip (the one copy of it the package keeps)', async ({ page }) => {
  test.setTimeout(120_000);
  const texts: [string, number][] = [];
  page.on('response', (r) => { if (/tinyshakespeare/.test(r.url())) texts.push([r.url(), r.status()]); });
  const { sco } = await launch(page, { zip: READING_ZIP, page: 'reading.html' });
  const el = sco.locator('attn-train#train-bigram');
  await expect(el.locator('[part="start-button"]')).toBeVisible({ timeout: 15_000 });
  await el.evaluate((e) => { e.setAttribute('iters', '20'); e.setAttribute('eval-interval', '10'); e.setAttribute('eval-iters', '2'); });
  await el.locator('[part="start-button"]').click();
  await expect.poll(() => el.evaluate((e: any) => e.phase as string), { timeout: 90_000 }).toBe('done');
  expect(await el.evaluate((e: any) => (e.log as string[]).filter((l) => l.startsWith('step ')).length)).toBeGreaterThan(0);
  expect(texts).toHaveLength(1);
  expect(texts[0]![1]).toBe(200);
  expect(Object.keys(unzip(READING_ZIP)).filter((f) => /tinyshakespeare/.test(f))).toEqual([new URL(texts[0]![0]).pathname.replace(`/lms/${READING_ZIP}/`, '')]);
});

test('each manifest is well-formed XML, lists every file in its zip, and every listed file is there', async ({ page }) => {
  await page.goto('/lms/host.html');
  for (const name of [LESSON_ZIP, READING_ZIP]) {
    const files = unzip(name);
    const xml = new TextDecoder().decode(files['imsmanifest.xml']);
    const m = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length) return null;
      const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
      const ADLCP = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
      const res = doc.getElementsByTagNameNS(CP, 'resource');
      const item = doc.getElementsByTagNameNS(CP, 'item')[0]!;
      return {
        root: doc.documentElement.localName,
        identifier: doc.documentElement.getAttribute('identifier'),
        schemaversion: doc.getElementsByTagNameNS(CP, 'schemaversion')[0]?.textContent,
        schemaLocation: doc.documentElement.getAttributeNS('http://www.w3.org/2001/XMLSchema-instance', 'schemaLocation'),
        title: doc.getElementsByTagNameNS(CP, 'title')[0]?.textContent,
        resources: res.length,
        scormtype: res[0]!.getAttributeNS(ADLCP, 'scormtype'),
        href: res[0]!.getAttribute('href'),
        identifierref: item.getAttribute('identifierref'),
        resourceId: res[0]!.getAttribute('identifier'),
        mastery: item.getElementsByTagNameNS(ADLCP, 'masteryscore')[0]?.textContent,
        description: doc.getElementsByTagNameNS('http://www.imsglobal.org/xsd/imsmd_rootv1p2p1', 'description')[0]?.textContent?.trim(),
        files: Array.from(doc.getElementsByTagNameNS(CP, 'file'), (f) => f.getAttribute('href')!),
      };
    }, xml);
    expect(m, `${name}: imsmanifest.xml is not well-formed`).not.toBeNull();
    expect(m!.root).toBe('manifest');
    expect(m!.identifier).toMatch(/^attention-lab-/);
    expect(m!.schemaversion).toBe('1.2');
    expect(m!.schemaLocation).toContain('adlcp_rootv1p2.xsd');
    expect(m!.title).toMatch(/[\u4e00-\u9fff]/);
    expect(m!.description).toMatch(/^(Lesson 1|Reading note)/);
    expect(m!.resources).toBe(1);
    expect(m!.scormtype).toBe('sco');
    expect(m!.identifierref).toBe(m!.resourceId);
    expect(m!.mastery).toBe('80');
    const inZip = Object.keys(files).filter((f) => f !== 'imsmanifest.xml').sort();
    expect([...m!.files].sort()).toEqual(inZip);
    expect(inZip).toContain(m!.href);
    expect(inZip.some((f) => f.endsWith('.wasm'))).toBe(true);
    expect(inZip.some((f) => f.startsWith('lib/') || f.startsWith('packages/'))).toBe(false);
    // Every link of the launch page stays in the SCO (a file in the zip) or opens a new window:
    // following one must never end the LMS session on a "not found" page or a site that refuses frames.
    const html = new TextDecoder().decode(files[m!.href!]);
    const links = await page.evaluate(({ text, href }) => {
      const doc = new DOMParser().parseFromString(text, 'text/html');
      const base = `https://sco.invalid/${href}`;
      return Array.from(doc.querySelectorAll('a[href]'), (a) => {
        const url = new URL(a.getAttribute('href')!, base);
        return { href: a.getAttribute('href')!, inside: url.origin === 'https://sco.invalid', path: decodeURIComponent(url.pathname.slice(1)), target: a.getAttribute('target') };
      });
    }, { text: html, href: m!.href! });
    expect(links.length).toBeGreaterThan(5);
    for (const l of links) {
      if (l.inside) expect(inZip, `${name}: ${l.href}`).toContain(l.path);
      else expect(l.target, `${name}: ${l.href}`).toBe('_blank');
    }
  }
});

test('the did-not-save notice is axe-clean in light and dark, and reads well', async ({ page }) => {
  // A page whose own window has an API that refuses everything (the discovery starts at the page itself).
  await page.addInitScript(() => {
    const no = () => 'false';
    (window as any).API = {
      LMSInitialize: () => 'true', LMSFinish: no, LMSGetValue: () => '', LMSSetValue: no, LMSCommit: no,
      LMSGetLastError: () => '101', LMSGetErrorString: () => 'General exception', LMSGetDiagnostic: () => '',
    };
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/index.html');
    const notice = page.locator('[data-scorm-notice]');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText('课程平台没有保存');
    const { violations } = await runAxe(page, '[data-scorm-notice]');
    expect(violations, colorScheme).toEqual([]);
    await notice.screenshot({ path: test.info().outputPath(`notice-${colorScheme}.png`) });
  }
});
