// The multiple-choice part of <attn-quiz> as DOM: one question with its
// options (a radio group; a locked answer shows the feedback and the way back
// to its section) and the summary of a completed attempt.
import { h } from '../../shared/element';
import type { Attempt } from './attempt';
import type { Bank } from './bank';
import { QuizStrings } from './i18n';
import type { Lang } from '../../shared/lang';
import { sectionLink } from './section';

const LETTERS = 'ABCDEFGH';

/** What the views read: the bank, where its links are relative to, the attempt, the strings. */
export interface QuizView {
  bank: Bank;
  bankBase: string;
  attempt: Attempt;
  s: QuizStrings;
  lang: Lang;
}

export function renderQuestion(v: QuizView, qi: number, pos: number, total: number): Node {
  const { bank: b, attempt: a, s, lang } = v;
  const q = b.questions[qi]!;
  const order = a.optOrders[qi]!;
  const chosen = a.chosen[qi]!;
  const locked = chosen !== null;
  const promptId = `prompt-${pos}`;
  const options = order.map((oi, dpos) => {
    const isRight = oi === q.answer;
    const isChosen = oi === chosen;
    const cls = ['option', locked && isRight ? 'is-correct' : '', locked && isChosen && !isRight ? 'is-wrong' : ''].filter(Boolean).join(' ');
    const parts = ['option', locked && isRight ? 'correct' : '', locked && isChosen ? 'chosen' : '', locked && isChosen && !isRight ? 'wrong' : ''].filter(Boolean).join(' ');
    const tabStop = locked ? isChosen : dpos === a.cursor[qi];
    const marks: string[] = [];
    if (locked && isChosen) marks.push(s.yourChoice);
    if (locked && isRight) marks.push(s.rightAnswerMark);
    return h('div', {
      role: 'radio', id: `opt-${pos}-${dpos}`, class: cls, part: parts,
      'aria-checked': String(isChosen), 'aria-disabled': locked ? 'true' : undefined,
      tabindex: tabStop ? '0' : '-1', 'data-q': String(qi), 'data-o': String(oi),
    },
    h('span', { class: 'letter', 'aria-hidden': 'true' }, `${LETTERS[dpos]}.`),
    h('span', { class: 'otext' }, q.options[oi]![lang]),
    marks.length ? h('span', { class: 'mark' }, `(${marks.join(' · ')})`) : null);
  });
  let feedback: Node | null = null;
  if (locked) {
    const right = chosen === q.answer;
    const rightPos = order.indexOf(q.answer);
    feedback = h('div', {
      id: `fb-${pos}`, class: `feedback ${right ? 'is-correct' : 'is-wrong'}`, part: `feedback ${right ? 'correct' : 'wrong'}`,
      tabindex: '-1', role: 'group', 'aria-label': right ? s.correct : s.wrong,
    },
    h('p', { class: 'verdict' }, right ? s.correct : s.wrong, ' ', s.rightAnswerIs(LETTERS[rightPos]!, q.options[q.answer]![lang])),
    h('p', { class: 'explanation', part: 'explanation' }, q.explanation[lang]),
    sectionLink(b, v.bankBase, q.sectionHref, q.section, s, lang));
  }
  return h('li', { class: 'question', part: 'question', id: `q-${pos}`, 'data-question': q.id },
    h('p', { class: 'qlabel' }, s.questionLabel(pos + 1, total)),
    h('p', { class: 'prompt', part: 'prompt', id: promptId }, q.prompt[lang]),
    h('div', {
      role: 'radiogroup', class: 'options', part: 'options', 'aria-labelledby': promptId,
      'aria-disabled': locked ? 'true' : undefined,
    }, ...options),
    feedback);
}

export function renderSummary(v: QuizView, score: number, total: number): Node {
  const { bank: b, attempt: a, s, lang } = v;
  const saved = a.saved === 'ok' ? s.savedOk : a.saved === 'memory-only' ? s.savedMemory : a.saved === 'failed' ? s.savedFailed : null;
  // The questions missed, in the order they were shown, each with the way back to its section.
  const missed = a.qOrder
    .map((qi, pos) => ({ q: b.questions[qi]!, pos, wrong: a.chosen[qi] !== b.questions[qi]!.answer }))
    .filter((x) => x.wrong)
    .map(({ q, pos }) => h('li', { 'data-question': q.id },
      h('span', { class: 'missed-label' }, s.questionLabel(pos + 1, total)), ' ',
      h('span', { class: 'missed-prompt' }, q.prompt[lang]), ' ',
      sectionLink(b, v.bankBase, q.sectionHref, q.section, s, lang)));
  return h('div', { class: 'summary', part: 'summary', id: 'summary', tabindex: '-1', role: 'group', 'aria-labelledby': 'summary-title' },
    h('p', { id: 'summary-title', class: 'summary-title' }, s.scoreTitle),
    h('p', { class: 'score', part: 'score' }, s.score(score, total)),
    h('p', {}, score === total ? s.perfect : s.notPerfect),
    missed.length ? h('ul', { class: 'missed', part: 'missed', 'aria-label': s.missedTitle }, ...missed) : null,
    saved ? h('p', { class: 'saved', part: 'saved' }, saved) : null,
    h('button', { type: 'button', id: 'retake', part: 'retake', 'data-action': 'retake' }, s.retake));
}
