// The page language: zh-CN by default, English on request, and the choice is
// remembered as the storage module's `lang` preference (web/storage/local.ts,
// key `attention-lab:lang`), whose every access is guarded, because storage
// throws in sandboxed frames and in some private modes.
//
// Pages carry both languages: blocks marked `class="zh"` / `class="en"` (each
// with its own `lang`) are shown or hidden by page.css from <html lang>. The
// custom elements get the language as their own `lang` attribute.

import { ELEMENT_TAGS } from '../shared/tags';
import { LANG_KEY, readPreference, writePreference } from '../storage/local';
import { normaliseLang, type Lang } from '../shared/lang';

export { LANG_KEY };
export const LANG_EVENT = 'attention-lab:langchange';

/** The stored choice, or null when there is none or storage cannot be read. */
export function storedLang(): Lang | null {
  return normaliseLang(readPreference('lang'));
}

/** Stores the choice; false when storage refused it (the switch still works for this visit). */
export function storeLang(lang: Lang): boolean {
  return writePreference('lang', lang);
}

export function currentLang(): Lang {
  return normaliseLang(document.documentElement.getAttribute('lang')) ?? 'zh-CN';
}

/**
 * Sets <html lang>, the title, every attention-lab element's lang, and tells
 * listeners; does nothing where the language is already `lang`. (Writing an
 * attribute its own value still counts as a change: the browser restyles and
 * re-lays out every element whose style or font depends on the language, and
 * each element renders again. The pages call this once as they load.)
 */
export function applyLang(lang: Lang, titles?: Record<Lang, string>): void {
  const html = document.documentElement;
  let changed = false;
  if (html.getAttribute('lang') !== lang) { html.setAttribute('lang', lang); changed = true; }
  if (titles && document.title !== titles[lang]) document.title = titles[lang];
  for (const el of Array.from(document.querySelectorAll(ELEMENT_TAGS.join(', ')))) {
    if (el.getAttribute('lang') !== lang) { el.setAttribute('lang', lang); changed = true; }
  }
  if (changed) document.dispatchEvent(new CustomEvent<Lang>(LANG_EVENT, { detail: lang }));
}

/**
 * Wires the language switch button (`#lang-switch`): it names the other
 * language in that language, and a press switches and remembers.
 */
export function initLang(titles: Record<Lang, string>): Lang {
  const lang = storedLang() ?? currentLang();
  applyLang(lang, titles);
  const button = document.getElementById('lang-switch');
  const paint = (l: Lang) => {
    if (!button) return;
    const other: Lang = l === 'en' ? 'zh-CN' : 'en';
    button.textContent = other === 'en' ? 'English' : '中文';
    button.setAttribute('lang', other);
    button.setAttribute('aria-label', other === 'en' ? 'Read this page in English' : '切换到中文');
  };
  paint(lang);
  button?.addEventListener('click', () => {
    const next: Lang = currentLang() === 'en' ? 'zh-CN' : 'en';
    storeLang(next);
    applyLang(next, titles);
    paint(next);
  });
  // Another tab switched: follow it.
  globalThis.addEventListener('storage', (e) => {
    if (e.key !== LANG_KEY) return;
    const l = normaliseLang(e.newValue);
    if (l && l !== currentLang()) { applyLang(l, titles); paint(l); }
  });
  return lang;
}

/** Opens every <details> for printing and closes again the ones that were closed. */
export function initPrint(): void {
  let opened: HTMLDetailsElement[] = [];
  globalThis.addEventListener('beforeprint', () => {
    opened = Array.from(document.querySelectorAll('details')).filter((d) => !d.open);
    for (const d of opened) d.open = true;
  });
  globalThis.addEventListener('afterprint', () => {
    for (const d of opened) d.open = false;
    opened = [];
  });
}
