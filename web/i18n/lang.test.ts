// @vitest-environment happy-dom
// The page language: a switch sets <html lang>, the title and the elements'
// lang and tells listeners; the same language again writes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { applyLang, LANG_EVENT } from './lang';

const TITLES = { 'zh-CN': '第一课', en: 'Lesson 1' } as const;

afterEach(() => { document.body.replaceChildren(); document.documentElement.setAttribute('lang', 'zh-CN'); });

function watch() {
  const records: MutationRecord[] = [];
  const mo = new MutationObserver((r) => records.push(...r));
  mo.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ['lang'] });
  const events: string[] = [];
  const on = (e: Event) => events.push((e as CustomEvent<string>).detail);
  document.addEventListener(LANG_EVENT, on);
  return { events, done: () => { const r = [...records, ...mo.takeRecords()]; mo.disconnect(); document.removeEventListener(LANG_EVENT, on); return r; } };
}

describe('applyLang', () => {
  it('switches the page, the title and every element, and tells listeners', () => {
    document.documentElement.setAttribute('lang', 'zh-CN');
    document.body.innerHTML = '<attn-heatmap></attn-heatmap><attn-quiz lang="zh-CN"></attn-quiz><p lang="zh-CN">x</p>';
    const w = watch();
    applyLang('en', TITLES);
    const records = w.done();
    expect(document.documentElement.getAttribute('lang')).toBe('en');
    expect(document.title).toBe('Lesson 1');
    expect(document.querySelector('attn-heatmap')!.getAttribute('lang')).toBe('en');
    expect(document.querySelector('attn-quiz')!.getAttribute('lang')).toBe('en');
    expect(document.querySelector('p')!.getAttribute('lang')).toBe('zh-CN'); // the page's own blocks keep theirs
    expect(records.map((r) => (r.target as Element).localName)).toEqual(['html', 'attn-heatmap', 'attn-quiz']);
    expect(w.events).toEqual(['en']);
  });

  it('writes nothing and tells no one when the language is already in place', () => {
    document.documentElement.setAttribute('lang', 'en');
    document.title = TITLES.en;
    document.body.innerHTML = '<attn-heatmap lang="en"></attn-heatmap><attn-train lang="en"></attn-train>';
    const w = watch();
    applyLang('en', TITLES);
    expect(w.done()).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it('gives an element without a lang the page\'s, without touching <html>', () => {
    document.documentElement.setAttribute('lang', 'zh-CN');
    document.body.innerHTML = '<attn-tril></attn-tril>';
    const w = watch();
    applyLang('zh-CN');
    expect(w.done().map((r) => (r.target as Element).localName)).toEqual(['attn-tril']);
    expect(document.querySelector('attn-tril')!.getAttribute('lang')).toBe('zh-CN');
  });
});
