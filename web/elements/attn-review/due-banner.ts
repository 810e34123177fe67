// The reminder at the top of a lesson page: when a spaced review is due (any
// lesson's), a banner under the site header says which and links to it: the
// review section on this page, or the page of the lesson. It follows the
// progress store (a review done in this or another tab removes it) and the
// clock (a review that falls due while the page is open adds it). Both
// languages are in the banner; page.css shows the page's one.
import type { Lang } from '../../shared/element';
import { isDue, now, reviewItems, subscribe } from '../../storage/progress';
import { lessonInfo, lessonName } from './lessons';

const TEXT: Record<Lang, { due: (n: number) => string; go: string }> = {
  'zh-CN': { due: (n) => (n === 1 ? '到复习时间了：' : `有 ${n} 个复习到期了：`), go: '去复习' },
  en: { due: (n) => (n === 1 ? 'A review is due: ' : `${n} reviews are due: `), go: 'review now' },
};

/** Where the review of `lesson` is: its section on this page if there is one, else the lesson's own page. */
export function reviewHref(lesson: string, doc: Document = document): string | null {
  for (const el of Array.from(doc.querySelectorAll('attn-review'))) {
    if (el.getAttribute('lesson')?.trim() !== lesson) continue;
    const id = el.closest('section[id]')?.id || el.id;
    if (id) return `#${id}`;
  }
  const info = lessonInfo(lesson);
  return info ? `./${info.page}#${info.reviewAnchor}` : null;
}

function span(lang: Lang, ...children: (Node | string)[]): HTMLSpanElement {
  const s = document.createElement('span');
  s.className = lang === 'en' ? 'en' : 'zh';
  s.lang = lang;
  s.append(...children);
  return s;
}

function render(box: HTMLElement): void {
  const due = reviewItems().filter((i) => isDue(i));
  box.hidden = due.length === 0;
  if (box.hidden) { box.replaceChildren(); return; }
  const part = (lang: Lang) => {
    const t = TEXT[lang];
    const out: (Node | string)[] = [t.due(due.length)];
    due.forEach((item, k) => {
      if (k > 0) out.push(lang === 'en' ? '; ' : '；');
      const name = document.createElement('strong');
      name.textContent = lessonName(item.lesson, lang);
      out.push(name);
      const href = reviewHref(item.lesson);
      if (href) {
        const a = document.createElement('a');
        a.href = href;
        a.className = 'due-link';
        a.dataset.lesson = item.lesson;
        a.textContent = t.go;
        out.push(' ', a);
      }
    });
    return span(lang, ...out);
  };
  box.replaceChildren(part('zh-CN'), part('en'));
}

/**
 * Goes to a section of this page and stays there. The widgets above it may
 * still be arriving and growing, so a plain jump drifts as they do: scroll,
 * let them lay out, scroll again.
 */
function goTo(target: HTMLElement, hash: string): void {
  const doc = target.ownerDocument;
  const jump = () => target.scrollIntoView({ block: 'start', behavior: 'instant' as ScrollBehavior });
  jump();
  let n = 0;
  const settle = () => { jump(); if (++n < 3) requestAnimationFrame(settle); };
  requestAnimationFrame(settle);
  if (doc.location.hash !== hash) history.pushState(null, '', hash);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/** Adds the banner (hidden while nothing is due) at the top of <main>; returns it. */
export function mountDueBanner(doc: Document = document): HTMLElement | null {
  const main = doc.querySelector('main');
  if (!main) return null;
  let box = doc.getElementById('due-banner');
  if (!box) {
    box = doc.createElement('div');
    box.id = 'due-banner';
    box.className = 'due-banner';
    box.setAttribute('role', 'status');
    box.hidden = true;
    box.addEventListener('click', (e) => {
      const a = e.target instanceof Element ? e.target.closest('a.due-link') : null;
      const href = a?.getAttribute('href') ?? '';
      if (!href.startsWith('#')) return;
      const target = doc.getElementById(href.slice(1));
      if (!target) return;
      e.preventDefault();
      goTo(target, href);
    });
    main.prepend(box);
  }
  const target = box;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const update = () => {
    render(target);
    if (timer) clearTimeout(timer);
    const t = now();
    const next = reviewItems().map((i) => Date.parse(i.due)).filter((d) => d > t).sort((a, b) => a - b)[0];
    if (next !== undefined) timer = setTimeout(update, Math.min(next - t + 50, 3_600_000));
  };
  subscribe(update);
  doc.addEventListener('visibilitychange', () => { if (doc.visibilityState === 'visible') update(); });
  update();
  return target;
}
