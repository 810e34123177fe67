import { basename } from 'node:path';
import type { Plugin } from 'vite';

/**
 * What every lesson page shares, written once: the head's common lines, the
 * site header (skip link, brand, the lessons' nav, the language switch) and
 * the footer. A page in PAGES holds three markers, `<!--site-head-->`,
 * `<!--site-header-->` and `<!--site-footer-->`, which this plugin replaces
 * before Vite reads the HTML (in `npm start`'s dev server and in the build),
 * so the stylesheets it names are bundled as if written in the page. The nav
 * marks the page itself with aria-current="page". A new lesson is one entry
 * in PAGES (and one input in vite.config.ts).
 */
export const PAGES = [
  { file: 'index.html', zh: '第 1 课', en: 'Lesson 1' },
  { file: 'reading.html', zh: '阅读笔记', en: 'Reading note' },
  { file: 'block.html', zh: 'Transformer block', en: 'Transformer block' },
] as const;

const both = (zh: string, en: string) => `<span class="zh" lang="zh-CN">${zh}</span><span class="en" lang="en">${en}</span>`;

/**
 * The classic script in every lesson page's <head>, run before the body is
 * parsed (web/pages/page-boot.ts: the remembered language, the first frame's
 * sections). The build writes it to dist/; `npm start` serves it from the source.
 */
export const PAGE_BOOT_SCRIPT = 'assets/page-boot.js';

const HEAD = `<meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <link rel="icon" href="./favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="./styles/page.css">
  <link rel="stylesheet" href="./styles/print.css">
  <link rel="stylesheet" href="./styles/math.css">
  <script src="./${PAGE_BOOT_SCRIPT}"></script>`;

export function siteHeader(file: string): string {
  const items = PAGES.map((p) =>
    `        <li><a href="./${p.file}"${p.file === file ? ' aria-current="page"' : ''}>${both(p.zh, p.en)}</a></li>`);
  return `<a class="skip" href="#main">${both('跳到正文', 'Skip to content')}</a>
  <header class="site">
    <p class="brand"><a href="./index.html">attention-lab</a></p>
    <nav class="site-nav" aria-labelledby="site-nav-label">
      <span id="site-nav-label" class="sr-only">${both('课程', 'Lessons')}</span>
      <ul>
${items.join('\n')}
      </ul>
    </nav>
    <button type="button" id="lang-switch" class="lang-switch" lang="en">English</button>
  </header>`;
}

const FOOTER = `<footer class="site-foot">
    <p class="zh" lang="zh-CN">attention-lab · 一切计算都在你的浏览器里完成，没有账号，没有追踪。</p>
    <p class="en" lang="en">attention-lab · everything is computed in your browser; no account, no tracking.</p>
    <p><a href="./embed.html?w=heatmap&amp;dk=16&amp;causal=1">${both('嵌入示例', 'Embed example')}</a></p>
  </footer>`;

/** The page `file` (a name in PAGES) with its markers filled in; any other HTML as it is. */
export function fillSiteChrome(html: string, file: string): string {
  if (!PAGES.some((p) => p.file === file)) return html;
  const parts: [string, string][] = [['<!--site-head-->', HEAD], ['<!--site-header-->', siteHeader(file)], ['<!--site-footer-->', FOOTER]];
  let out = html;
  for (const [marker, text] of parts) {
    if (out.split(marker).length !== 2) throw new Error(`${file}: expected one ${marker}`);
    out = out.replace(marker, () => text);
  }
  return out;
}

/**
 * The built page's stylesheet moved up to follow the boot script: Vite writes
 * it after the module script and its preloads, and the render-blocking CSS
 * then waits behind them for one of the browser's six connections to the host.
 */
export function stylesheetEarly(html: string): string {
  const boot = `<script src="./${PAGE_BOOT_SCRIPT}"></script>`;
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  if (!html.includes(boot) || !links.length) return html;
  let out = html.replace(/\n\s*<link rel="stylesheet"[^>]*>/g, '');
  out = out.replace(boot, [boot, ...links].join('\n  '));
  return out;
}

/**
 * A page that shows a heatmap preloads the heatmap's chunk (`file`, a path under the built
 * site) beside its script's own: the page imports it dynamically, so that its evaluation is a
 * task of its own, and Vite writes preloads only for static imports.
 */
export function preloadHeatmap(html: string, file: string | undefined): string {
  if (!file || !html.includes('<attn-heatmap')) return html;
  const links = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)];
  const last = links[links.length - 1];
  const link = `<link rel="modulepreload" crossorigin href="./${file}">`;
  if (!last) throw new Error('a page with a heatmap has no modulepreload to follow');
  const at = last.index! + last[0].length;
  return `${html.slice(0, at)}\n  ${link}${html.slice(at)}`;
}

/**
 * A page with MathML preloads the fences' font (`file`, under the built site; web/styles/math.css)
 * ahead of its stylesheet. Left to the stylesheet, the font is asked for when the first layout
 * meets a `mo`, arrives after it, and the swap restyles and lays out every formula again.
 */
export function preloadMathFont(html: string, file: string | undefined): string {
  if (!file || !html.includes('<math')) return html;
  const css = html.indexOf('<link rel="stylesheet"');
  if (css < 0) throw new Error('a page with MathML has no stylesheet to precede');
  return `${html.slice(0, css)}<link rel="preload" href="./${file}" as="font" type="font/woff2" crossorigin>\n  ${html.slice(css)}`;
}

/** The built font of math.css's fences. */
const mathFont = (bundle: Record<string, { type: string; fileName: string }> | undefined) =>
  Object.values(bundle ?? {}).find((c) => c.type === 'asset' && /(^|\/)attn-math-fences-[\w-]+\.woff2$/.test(c.fileName))?.fileName;

/** The built chunk whose entry is the heatmap element's module. */
const heatmapChunk = (bundle: Record<string, { type: string; facadeModuleId?: string | null; fileName: string }> | undefined) =>
  Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && /[\\/]attn-heatmap[\\/]attn-heatmap\.ts$/.test(c.facadeModuleId ?? ''))?.fileName;

export function siteChrome(): Plugin[] {
  return [{
    name: 'attention-lab:site-chrome-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => preloadMathFont(preloadHeatmap(stylesheetEarly(html), heatmapChunk(ctx.bundle)), mathFont(ctx.bundle)),
    },
  }, {
    name: 'attention-lab:site-chrome',
    transformIndexHtml: { order: 'pre', handler: (html, ctx) => fillSiteChrome(html, basename(ctx.filename)) },
    // In `npm start`, the boot script loads its module from the source (a classic script may import()).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `/${PAGE_BOOT_SCRIPT}`) { next(); return; }
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end('import("/pages/page-boot.ts");\n');
      });
    },
  }];
}
