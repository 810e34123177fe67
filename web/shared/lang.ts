// The two languages of every page, element, question bank and script, and how
// a language tag is read: one home for both (no DOM here, so build scripts in
// Node can import it).

export type Lang = 'zh-CN' | 'en';

/** A language tag as the project reads it: `en`, `en-GB` → `en`; `zh`, `zh-Hans`, `zh-CN` → `zh-CN`; anything else null. */
export function normaliseLang(v: string | null | undefined): Lang | null {
  if (!v) return null;
  const s = v.trim().toLowerCase();
  if (s === 'en' || s.startsWith('en-') || s.startsWith('en_')) return 'en';
  if (s === 'zh' || s.startsWith('zh-') || s.startsWith('zh_')) return 'zh-CN';
  return null;
}
