// The write-then-reveal prompts under a quiz: the learner writes an answer,
// then reveals the model answer (and the way back to its section).
import { h } from '../../shared/element';
import type { Bank } from './bank';
import { QuizStrings } from './i18n';
import type { Lang } from '../../shared/lang';
import { sectionLink } from './section';

/** The open prompts of `b`; `revealed` holds the ids whose model answer shows, `texts` what was written so far. */
export function renderOpen(b: Bank, bankBase: string, revealed: ReadonlySet<string>, texts: ReadonlyMap<string, string>, s: QuizStrings, lang: Lang): Node {
  const items = b.open.map((p, i) => {
    const shown = revealed.has(p.id);
    const ta = h('textarea', { id: `open-${i}`, part: 'open-answer', 'data-open': p.id, 'aria-describedby': `open-prompt-${i}` });
    ta.value = texts.get(p.id) ?? '';
    return h('div', { class: 'open-item', part: 'open-item', 'data-open-id': p.id },
      h('p', { class: 'prompt', part: 'prompt', id: `open-prompt-${i}` }, `${i + 1}. ${p.prompt[lang]}`),
      h('label', { for: `open-${i}` }, s.yourAnswer),
      ta,
      h('button', {
        type: 'button', class: 'secondary', id: `reveal-${i}`, part: 'reveal', 'data-action': 'reveal', 'data-open': p.id,
        'aria-expanded': String(shown), 'aria-controls': `model-${i}`,
      }, shown ? s.hide : s.reveal),
      h('div', { class: 'model', part: 'model-answer', id: `model-${i}`, hidden: !shown },
        h('p', { class: 'model-title' }, s.modelAnswer),
        h('p', {}, p.model[lang]),
        shown ? sectionLink(b, bankBase, p.sectionHref, p.section, s, lang) : null));
  });
  return h('section', { class: 'open', part: 'open', 'aria-labelledby': 'open-title' },
    h('h3', { id: 'open-title' }, s.openTitle),
    h('p', { class: 'hint' }, s.openHint),
    ...items);
}
