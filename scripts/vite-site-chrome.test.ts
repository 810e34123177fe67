import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillSiteChrome, PAGES } from './vite-site-chrome';

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
});
