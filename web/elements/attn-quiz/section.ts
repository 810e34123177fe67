// Links from a quiz's feedback back to the lesson section it tests, named
// after the section's heading when that section is on this page.
import { h } from '../../shared/element';
import type { Bank } from './bank';
import { QuizStrings } from './i18n';
import type { Lang } from '../../shared/lang';

/** True when `url` is this document (a directory and its index.html are one page). */
export function samePage(url: URL): boolean {
  const here = new URL(document.URL);
  const path = (p: string) => p.replace(/\/index\.html$/i, '/');
  return url.origin === here.origin && path(url.pathname) === path(here.pathname) && url.search === here.search;
}

/**
 * The heading of the section `url` points to, as this page shows it in
 * `lang` (text in the other language's `lang` blocks is left out), or null
 * when the section is not on this page.
 */
export function sectionTitle(url: URL, lang: Lang): string | null {
  if (!url.hash || !samePage(url)) return null;
  let target: HTMLElement | null;
  try { target = document.getElementById(decodeURIComponent(url.hash.slice(1))); } catch { return null; }
  if (!target) return null;
  const heading = /^H[1-6]$/.test(target.tagName) ? target : target.querySelector('h1, h2, h3, h4, h5, h6');
  if (!heading) return null;
  const want = lang === 'en' ? 'en' : 'zh';
  let text = '';
  const walk = (n: Node): void => {
    if (n.nodeType === Node.TEXT_NODE) { text += n.textContent ?? ''; return; }
    if (!(n instanceof Element)) return;
    const l = n.getAttribute('lang');
    if (l && !l.toLowerCase().startsWith(want)) return;
    if (n.tagName === 'SUP') text += '^'; // head_size<sup>−0.5</sup> reads head_size^−0.5
    n.childNodes.forEach(walk);
  };
  walk(heading);
  text = text.replace(/\s+/g, ' ').trim();
  return text ? (text.length > 80 ? `${text.slice(0, 80)}…` : text) : null;
}

/**
 * The link to a question's section: `href` (else the bank's own `href`)
 * resolved against the bank's `href` and `bankBase`, or null when there is
 * no section, no address or not an http(s) one.
 */
export function sectionLink(b: Bank, bankBase: string, href: string | undefined, section: string | undefined, s: QuizStrings, lang: Lang): HTMLAnchorElement | null {
  if (!section || (!href && !b.href)) return null;
  let url: URL;
  try {
    const base = b.href ? new URL(b.href, bankBase || document.baseURI) : new URL(document.baseURI);
    url = href ? new URL(href, base) : base;
  } catch {
    return null;
  }
  if (!/^https?:$/i.test(url.protocol)) return null;
  // Linked by anchor: when the section is on this page, the link is named
  // after its heading as the page shows it, so the label, the page's
  // numbering and its contents list cannot drift apart, and it stays a jump
  // within the page. The bank's `section` is the fallback (another page, an
  // embed); such a link opens the lesson in a new tab, so that a quiz in an
  // iframe or an author's page stays where it is.
  if (samePage(url)) {
    const here = new URL(document.URL);
    here.hash = url.hash;
    const title = sectionTitle(here, lang);
    return h('a', { href: here.href, part: 'section-link', class: 'section-link' }, title ? s.reviewAt(title) : s.review(section));
  }
  return h('a', { href: url.href, part: 'section-link', class: 'section-link', target: '_blank', rel: 'noopener' },
    s.review(section), h('span', { class: 'sr-only' }, s.newTab));
}
