import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillSiteChrome, PAGES, preloadHeatmap, preloadMathFont, stylesheetEarly } from './vite-site-chrome';

const page = (file: string) => readFileSync(new URL(`../web/${file}`, import.meta.url), 'utf8');

describe('site chrome', () => {
  it('fills every lesson page: one head, header and footer, the page itself current in the nav', () => {
    for (const { file } of PAGES) {
      const html = fillSiteChrome(page(file), file);
      expect(html).not.toMatch(/<!--site-/);
      expect(html.match(/<meta charset="utf-8">/g)).toHaveLength(1);
      expect(html.indexOf('<meta charset="utf-8">')).toBeLessThan(html.indexOf('<title>'));
      expect(html.match(/<header class="site">/g)).toHaveLength(1);
      expect(html.match(/<footer class="site-foot">/g)).toHaveLength(1);
      const current = [...html.matchAll(/<a href="\.\/([^"]+)" aria-current="page">/g)].map((m) => m[1]);
      expect(current).toEqual([file]);
      for (const p of PAGES) expect(html).toContain(`href="./${p.file}"`);
    }
  });

  it('leaves other HTML alone and refuses a lesson page without its markers', () => {
    const embed = page('embed.html');
    expect(fillSiteChrome(embed, 'embed.html')).toBe(embed);
    expect(() => fillSiteChrome('<html><body></body></html>', 'index.html')).toThrow('index.html: expected one <!--site-head-->');
    expect(() => fillSiteChrome('<!--site-head--><!--site-header--><!--site-header--><!--site-footer-->', 'reading.html')).toThrow(
      'reading.html: expected one <!--site-header-->',
    );
  });

  it('puts the built stylesheet right after the boot script, before the module script and its preloads', () => {
    const built = `<head>\n  <script src="./assets/page-boot.js"></script>\n  <title>t</title>\n  <script type="module" crossorigin src="./assets/index-a.js"></script>\n  <link rel="modulepreload" crossorigin href="./assets/shared-b.js">\n  <link rel="stylesheet" crossorigin href="./assets/lang-c.css">\n</head>`;
    const out = stylesheetEarly(built);
    expect(out).toBe(`<head>\n  <script src="./assets/page-boot.js"></script>\n  <link rel="stylesheet" crossorigin href="./assets/lang-c.css">\n  <title>t</title>\n  <script type="module" crossorigin src="./assets/index-a.js"></script>\n  <link rel="modulepreload" crossorigin href="./assets/shared-b.js">\n</head>`);
    expect(stylesheetEarly('<head><link rel="stylesheet" href="a.css"></head>')).toBe('<head><link rel="stylesheet" href="a.css"></head>');
  });

  it('preloads the heatmap chunk after the other preloads on a page that shows a heatmap, and only there', () => {
    const head = '<head>\n  <script type="module" crossorigin src="./assets/index-a.js"></script>\n  <link rel="modulepreload" crossorigin href="./assets/shared-b.js">\n  <link rel="modulepreload" crossorigin href="./assets/lang-c.js">\n</head>';
    const withMap = `${head}<body><attn-heatmap tokens="6"></attn-heatmap></body>`;
    expect(preloadHeatmap(withMap, 'assets/attn-heatmap-d.js')).toBe(withMap.replace(
      'lang-c.js">', 'lang-c.js">\n  <link rel="modulepreload" crossorigin href="./assets/attn-heatmap-d.js">'));
    const without = `${head}<body><attn-train></attn-train></body>`;
    expect(preloadHeatmap(without, 'assets/attn-heatmap-d.js')).toBe(without);
    expect(preloadHeatmap(withMap, undefined)).toBe(withMap);
    expect(() => preloadHeatmap('<body><attn-heatmap></attn-heatmap></body>', 'assets/attn-heatmap-d.js')).toThrow('no modulepreload');
  });

  it('preloads the fences\' font ahead of the stylesheet on a page with MathML, and only there', () => {
    const withMath = '<head>\n  <script src="./assets/page-boot.js"></script>\n  <link rel="stylesheet" href="./assets/a.css">\n</head><body><math><mo>(</mo></math></body>';
    expect(preloadMathFont(withMath, 'assets/attn-math-fences-x1.woff2')).toBe(withMath.replace('<link rel="stylesheet"',
      '<link rel="preload" href="./assets/attn-math-fences-x1.woff2" as="font" type="font/woff2" crossorigin>\n  <link rel="stylesheet"'));
    const without = withMath.replace('<math><mo>(</mo></math>', '<p>x</p>');
    expect(preloadMathFont(without, 'assets/attn-math-fences-x1.woff2')).toBe(without);
    expect(preloadMathFont(withMath, undefined)).toBe(withMath);
    expect(() => preloadMathFont('<body><math></math></body>', 'assets/f.woff2')).toThrow('no stylesheet');
  });
});
