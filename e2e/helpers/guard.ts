// A Playwright `test` whose every test fails on: a console error, an uncaught
// error (pageerror), a dialog (alert/confirm/prompt), a CSP violation
// (securitypolicyviolation, recorded by an init script, so it is seen even
// inside shadow roots), or `window.__pwned` having been set by an injected
// payload. Tests that expect a console error (e.g. a 404 they provoke) call
// `guard.allow(/re/)` first.
import { expect, test as base, type Page } from '@playwright/test';

export interface Guard {
  /** Console errors matching `re` (text + ' ' + source URL) are expected. */
  allow(re: RegExp): void;
  /** Everything seen so far that would fail the test. */
  readonly problems: string[];
  /** Attach the same checks to another page (e.g. one from `browser.newContext()`). */
  watch(page: Page): Promise<void>;
  /** Asserts now (also done automatically at the end of each test). */
  check(label?: string): Promise<void>;
}

const PAYLOAD_FLAG = '__pwned';

async function instrument(page: Page, allowed: RegExp[], problems: string[]): Promise<void> {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = `${m.text()} ${m.location().url}`;
    if (!allowed.some((r) => r.test(text))) problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('dialog', (d) => { problems.push(`dialog: ${d.message()}`); void d.dismiss().catch(() => {}); });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} ${e.sample ?? ''}`.trim());
    }, true);
  });
}

async function pageState(page: Page): Promise<{ pwned: unknown; csp: string[] } | null> {
  if (page.isClosed()) return null;
  try {
    return await page.evaluate((flag) => ({
      pwned: (window as unknown as Record<string, unknown>)[flag],
      csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
    }), PAYLOAD_FLAG);
  } catch {
    return null; // navigated away / closed: the listeners above still saw everything
  }
}

export const test = base.extend<{ guard: Guard }>({
  guard: [async ({ page }, use) => {
    const allowed: RegExp[] = [];
    const problems: string[] = [];
    const pages: Page[] = [page];
    await instrument(page, allowed, problems);
    const check = async (label = '') => {
      for (const p of pages) {
        const s = await pageState(p);
        if (s && s.pwned !== undefined) problems.push(`injected script ran: window.${PAYLOAD_FLAG} = ${String(s.pwned)}`);
        if (s && s.csp.length) problems.push(...s.csp.map((c) => `CSP violation: ${c}`));
      }
      expect([...new Set(problems)], label).toEqual([]);
    };
    const guard: Guard = {
      allow: (re) => { allowed.push(re); },
      problems,
      watch: async (p) => { pages.push(p); await instrument(p, allowed, problems); },
      check,
    };
    await use(guard);
    await check('end of test');
  }, { auto: true }],
});

export { expect };
