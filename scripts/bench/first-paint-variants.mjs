// What the lesson pages' first paint would be if they were built otherwise:
// each variant is a copy of dist/ with one change, served beside the bare page
// and the site as built, all side by side (firstPaintSideBySide). The figures
// in docs/performance.md#first-paint come from here; nothing here is shipped.
//
//   node scripts/bench/first-paint-variants.mjs [loads=25]   (after npm run build)
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, firstPaintSideBySide, startBenchServer, STRICT_CSP } from './pages.mjs';

const PAGES = ['index.html', 'reading.html'];
const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'dist');
const loads = Number(process.argv[2] ?? 25);

const cssFile = (dir) => join(dir, 'assets', readdirSync(join(dir, 'assets')).find((f) => /^lang-.*\.css$/.test(f)));
const editCss = (dir, edit) => { const f = cssFile(dir); writeFileSync(f, edit(readFileSync(f, 'utf8'))); };
// a change that finds nothing to change would measure the site as built under another name
const replace = (text, pattern, by) => {
  const out = text.replace(pattern, by);
  if (out === text) throw new Error(`first-paint-variants: ${pattern} not found in the build`);
  return out;
};

// Each change edits a copy of dist/: its stylesheet once (`css`), then each
// page (`html`). Inline blocks are allowed by their hashes in the policy, the
// only change to it.
const changes = {
  // the stylesheet and the boot script as <style> and <script> in the head
  inline: {
    html: (dir, html, hashes) => replace(replace(html, /<link rel="stylesheet" crossorigin href="\.\/([^"]+\.css)">/, (_, p) => {
      const css = readFileSync(join(dir, p), 'utf8');
      hashes.style.add(sha(css));
      return `<style>${css}</style>`;
    }), /<script src="\.\/(assets\/page-boot\.js)"><\/script>/, (_, p) => {
      const js = readFileSync(join(dir, p), 'utf8');
      hashes.script.add(sha(js));
      return `<script>${js}</script>`;
    }),
  },
  // the generic families alone in place of the named font stacks
  genericFonts: {
    css: (css) => replace(replace(replace(css, /--font-body:[^;]*;/, '--font-body:serif;'),
      /--font-ui:[^;]*;/, '--font-ui:sans-serif;'), /--font-mono:[^;]*;/, '--font-mono:monospace;'),
  },
  // no module script and no module preloads (no widget would ever run)
  noModules: {
    html: (dir, html) => replace(html, /\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, ''),
  },
  // a first screen of the site header, the kicker, the title and the lede only
  titleOnly: {
    css: (css) => css + '.note,.toc,.step,main>:not(article),article>:not(.lesson-head){display:none!important}',
  },
};
const variants = {
  'as built': [],
  inline: ['inline'],
  'generic fonts': ['genericFonts'],
  'inline + generic fonts': ['inline', 'genericFonts'],
  'inline + generic fonts + no modules': ['inline', 'genericFonts', 'noModules'],
  'title only': ['titleOnly'],
  'title only + inline + generic fonts + no modules': ['titleOnly', 'inline', 'genericFonts', 'noModules'],
};
// Every variant must be styled as the site is and break no rule of its policy
// (a blocked inline block would make a page faster by leaving it unstyled).
async function checkStyled(browser, pages) {
  for (const [name, url] of Object.entries(pages)) {
    if (name === 'bare') continue;
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
    });
    await page.goto(url, { waitUntil: 'load' });
    const { violations, background } = await page.evaluate(() => ({ violations: window.__violations, background: getComputedStyle(document.body).backgroundColor }));
    await ctx.close();
    if (violations.length || background === 'rgba(0, 0, 0, 0)') throw new Error(`${name}: not styled as the site (${background}) or CSP violations: ${violations.join(', ')}`);
  }
}
const sha = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ missing: npm run build');
const { chromium } = await import('playwright-core');
const tmp = mkdtempSync(join(tmpdir(), 'attn-fp-'));
const servers = [];
const urls = {};
try {
  for (const [name, steps] of Object.entries(variants)) {
    const dir = join(tmp, String(servers.length));
    cpSync(dist, dir, { recursive: true });
    const hashes = { style: new Set(), script: new Set() };
    for (const step of steps) if (changes[step].css) editCss(dir, changes[step].css);
    for (const page of PAGES) {
      let html = readFileSync(join(dir, page), 'utf8');
      for (const step of steps) if (changes[step].html) html = changes[step].html(dir, html, hashes);
      writeFileSync(join(dir, page), html);
    }
    const csp = STRICT_CSP.replace("style-src 'self'", `style-src 'self' ${[...hashes.style].join(' ')}`.trim())
      .replace("script-src 'self'", `script-src 'self' ${[...hashes.script].join(' ')}`.trim());
    const server = await startBenchServer(dir, { csp });
    servers.push(server);
    const base = `http://127.0.0.1:${server.address().port}`;
    if (servers.length === 1) urls.bare = `${base}/__bench/bare.html`;
    urls[`${name} | lesson`] = `${base}/index.html`;
    urls[`${name} | reading`] = `${base}/reading.html`;
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  let got;
  try {
    await checkStyled(browser, urls);
    got = await firstPaintSideBySide(browser, urls, loads);
  } finally { await browser.close(); }
  const bare = got.bare.first_contentful_paint_ms;
  console.log(`first contentful paint, medians of ${loads} alternating loads; bare page ${bare.toFixed(0)} ms\n`);
  console.log('| variant | lesson page | reading page |\n|---|---:|---:|');
  for (const name of Object.keys(variants)) {
    const cell = (p) => { const ms = got[`${name} | ${p}`].first_contentful_paint_ms; return `${ms.toFixed(0)} ms, ${(ms / bare).toFixed(2)}×`; };
    console.log(`| ${name} | ${cell('lesson')} | ${cell('reading')} |`);
  }
} finally {
  for (const s of servers) s.close();
  rmSync(tmp, { recursive: true, force: true });
}
