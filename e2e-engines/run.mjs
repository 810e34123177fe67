#!/usr/bin/env node
// The cross-engine suite: the built site (dist/, as `npm run build` leaves it)
// in Firefox (firefox-esr + puppeteer-core over WebDriver BiDi) and WebKit
// (WebKitWebDriver + MiniBrowser + selenium-webdriver), under the strict CSP
// of e2e/server.mjs. One browser per engine; every check also fails on any
// console error, uncaught exception or CSP violation. Screenshots go to
// test-results/engines/. Prints a summary per engine; exits non-zero on any
// failure or on an engine that could not be started.
//
//   node e2e-engines/run.mjs [firefox] [webkit] [chromium] [--only=text]
//   (default: Firefox and WebKit, every check; --only runs the checks whose name contains text;
//   chromium, on request, runs the same checks in Debian's chromium through playwright-core)
//
// MiniBrowser has no headless mode: without a DISPLAY this re-runs itself
// under xvfb-run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../e2e/server.mjs';
import { CHECKS, OPTIONAL_CHECKS } from './checks.mjs';
import { launchChromium, launchFirefox, launchWebKit } from './drivers.mjs';

const root = new URL('..', import.meta.url).pathname;
// A signal ends the run through process.exit, so the drivers' exit hooks kill what they started.
for (const [sig, n] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]]) process.once(sig, () => process.exit(128 + n));
const ENGINES = { firefox: launchFirefox, webkit: launchWebKit, chromium: launchChromium };
const DEFAULT_ENGINES = ['firefox', 'webkit']; // (Chromium: e2e/ on Playwright; here on request)
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const only = process.argv.slice(2).find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? null;
const engines = wanted.length ? wanted : DEFAULT_ENGINES;
for (const e of engines) if (!ENGINES[e]) { console.error(`unknown engine ${e} (${Object.keys(ENGINES).join(', ')})`); process.exit(2); }

if (engines.includes('webkit') && !process.env.DISPLAY && !process.env.ATTN_UNDER_XVFB) {
  const r = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, ATTN_UNDER_XVFB: '1' } });
  if (r.error) { console.error(`engines: xvfb-run failed to start (${r.error.message}); install xvfb (bash scripts/setup.sh --test)`); process.exit(1); }
  process.exit(r.status ?? 1);
}

for (const f of ['dist/index.html', 'dist/embed.html', 'dist/lib/attention-lab.js']) {
  if (!existsSync(join(root, f))) { console.error(`engines: ${f} is missing: build the site first (npm run build)`); process.exit(1); }
}

const outDir = join(root, 'test-results/engines');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const CHECK_TIMEOUT = 150_000;
const timeout = (ms, what) => new Promise((_, no) => setTimeout(() => no(new Error(`${what}: timed out after ${ms / 1000} s`)), ms).unref());
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

const live = await startServer(0, { inject: '/__engines/capture.js' });
const base = `http://127.0.0.1:${live.address().port}/`;

const results = [];
const t00 = Date.now();
for (const engine of engines) {
  const r = { engine, version: '', launch: 0, checks: [], report: [], screenshots: [], error: null, total: 0 };
  results.push(r);
  const t0 = Date.now();
  console.log(`\n== ${engine}`);
  let s;
  try {
    s = await Promise.race([ENGINES[engine](base), timeout(90_000, `${engine} launch`)]);
    r.version = s.version;
    r.launch = Date.now() - t0;
    console.log(`   ${s.version}, started in ${secs(r.launch)}`);
  } catch (e) {
    r.error = `could not start ${engine}: ${e.message}`;
    console.log(`   ✗ ${r.error}`);
    r.total = Date.now() - t0;
    continue;
  }
  const ctx = { base, outDir, report: r.report, screenshots: r.screenshots };
  const all = [...CHECKS.map((c) => ({ ...c, available: () => true })), ...OPTIONAL_CHECKS]
    .filter((c) => only === null || c.name.includes(only));
  for (const c of all) {
    if (!c.available()) {
      r.checks.push({ name: c.name, status: 'skip', ms: 0, detail: 'not in this build' });
      console.log(`   - ${c.name} (skipped: not in this build)`);
      continue;
    }
    const t = Date.now();
    let status = 'pass', detail = '';
    try {
      await Promise.race([c.run(s, ctx), timeout(CHECK_TIMEOUT, c.name)]);
    } catch (e) {
      status = 'fail';
      detail = e.message;
    }
    let problems = [];
    try { problems = await s.problems(); } catch (e) { problems = [`could not read the page's problems: ${e.message}`]; }
    if (problems.length) {
      status = 'fail';
      detail += `${detail ? '\n' : ''}console errors / exceptions / CSP violations:\n      ${problems.join('\n      ')}`;
    }
    r.checks.push({ name: c.name, status, ms: Date.now() - t, detail });
    console.log(`   ${status === 'pass' ? '✓' : '✗'} ${c.name} (${secs(Date.now() - t)})${detail ? `\n      ${detail.replace(/\n/g, '\n      ')}` : ''}`);
  }
  try { await s.close(); } catch { /* ignore */ }
  r.total = Date.now() - t0;
}
live.close();

console.log('\n== cross-engine summary');
let failed = false;
for (const r of results) {
  const pass = r.checks.filter((c) => c.status === 'pass').length;
  const fail = r.checks.filter((c) => c.status === 'fail').length;
  const skip = r.checks.filter((c) => c.status === 'skip').length;
  const ok = !r.error && fail === 0;
  failed ||= !ok;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${r.engine.padEnd(8)} ${r.version}: ${pass} passed, ${fail} failed, ${skip} skipped, ${secs(r.total)} (start ${secs(r.launch)})`);
  if (r.error) console.log(`      ${r.error}`);
  for (const c of r.checks.filter((x) => x.status === 'fail')) console.log(`      ✗ ${c.name}`);
  for (const line of r.report) console.log(`      ${line}`);
  for (const f of r.screenshots) console.log(`      screenshot ${f.slice(root.length)}`);
}
console.log(`total ${secs(Date.now() - t00)}`);
process.exit(failed ? 1 : 0);
