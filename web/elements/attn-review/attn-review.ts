// <attn-review lesson="lesson-01">: the lesson's spaced review. Shows when the
// next review is due; when it is, runs the session (retake the quiz, write the
// key lines from memory, rate), and schedules the next one with ts-fsrs via
// the storage module. Without `lesson`, lists the reviews of every lesson.
import { AttnElement, define, h, resolveLang, type Lang } from '../../shared/element';
import { text, type Schema } from '../../shared/parse';
import {
  exportProgress, getStorageStatus, importProgress, isDue, isLessonId, now, previewSchedule, quizAttempts,
  RATINGS, recordReview, recoveredBackupKey, reviewItem, reviewItems, subscribe, suggestRating,
  type RatingName, type ReviewItem,
} from '../../storage/progress';
import '../attn-quiz/attn-quiz';
import type { AttnQuizCompleteDetail } from '../attn-quiz/attn-quiz';
import { buildIcs, formatDateTime, formatDue } from './format';
import { STRINGS, type ReviewStrings } from './i18n';
import { recallFor } from './recall';
import { download, evaluate, type Session, type Step } from './session';
import { lessonName } from './lessons';
import { REVIEW_CSS } from './styles';
import { reasonText } from '../attn-exercise/reasons';

export type ReviewState = 'empty' | 'scheduled' | 'due';
export interface ReviewCompleteDetail { lesson: string; rating: RatingName; due: string }
export interface ReviewItemSummary { lesson: string; due: string; lastRating: RatingName | null }

const QUIZ_WAIT_MS = 4000;

interface ReviewAttrs {
  lesson: string | null;
  bank: string | null;
}

export class AttnReview extends AttnElement<ReviewAttrs> {
  /** lesson: a lesson id (trimmed), else the last valid one; bank: the quiz's bank. Both properties read the attribute as written. */
  static override attributes: Schema<ReviewAttrs> = {
    attrs: {
      lesson: text('lesson', null, { prop: 'nullable', parse: (raw) => (isLessonId(raw.trim()) ? raw.trim() : null) }),
      bank: text('bank', null, { prop: 'nullable' }),
    },
  };

  #session: Session | null = null;
  #unsubscribe: (() => void) | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #message: { text: string; error: boolean } | null = null;
  #mainKey = '';
  #focusNext: string | null = null;
  #onVisible = () => { if (document.visibilityState === 'visible') this.requestRender(); };

  constructor() { super(REVIEW_CSS); }

  // lesson, bank: from the attribute table
  declare lesson: string | null;
  declare bank: string | null;
  get lang(): string { return this.getAttribute('lang') ?? ''; }
  set lang(v: string) { if (v) this.setAttribute('lang', v); else this.removeAttribute('lang'); }

  /** 'empty' | 'scheduled' | 'due', also reflected as the `state` attribute. */
  get state(): ReviewState { return this.#computeState(); }
  /** Every lesson's review item, soonest first; `due` is an ISO date (UTC). */
  get items(): ReviewItemSummary[] {
    return reviewItems().map(({ lesson, due, lastRating }) => ({ lesson, due, lastRating }));
  }

  connectedCallback(): void {
    this.#unsubscribe = subscribe(() => this.requestRender());
    document.addEventListener('visibilitychange', this.#onVisible);
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    document.removeEventListener('visibilitychange', this.#onVisible);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Checking recalled lines with the evaluator is part of an update. */
  protected override busy(): boolean {
    return this.#session?.checking === true;
  }

  /** The lesson in effect: the attribute when valid, else the last valid one. */
  #lesson(): { lesson: string | null; invalid: string | null } {
    const { state, errors } = this.readAttributes();
    return { lesson: state.lesson, invalid: errors.find((e) => e.attr === 'lesson')?.got ?? null };
  }

  #computeState(): ReviewState {
    const { lesson, invalid } = this.#lesson();
    if (invalid !== null && lesson === null) return 'empty';
    const list = lesson === null ? reviewItems() : [reviewItem(lesson)].filter((x): x is ReviewItem => x !== null);
    if (list.length === 0) return 'empty';
    return list.some((i) => isDue(i)) ? 'due' : 'scheduled';
  }

  /** Re-renders when the soonest future due date arrives. */
  #armTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const t = now();
    const next = reviewItems().map((i) => Date.parse(i.due)).filter((d) => d > t).sort((a, b) => a - b)[0];
    if (next === undefined) return;
    this.#timer = setTimeout(() => { this.#timer = null; this.requestRender(); }, Math.min(next - t + 50, 3_600_000));
  }

  protected render(): void {
    const { lang, t } = this.localize(STRINGS);
    const { lesson, invalid } = this.#lesson();
    const state = this.#computeState();
    if (this.getAttribute('state') !== state) this.setAttribute('state', state);
    this.#armTimer();
    if (this.#session && this.#session.lesson !== lesson) this.#session = null;

    // Notices: a due review, storage trouble and bad attributes.
    const s = this.#session;
    const notices: Node[] = [];
    const status = getStorageStatus();
    if (status === 'memory-only') notices.push(h('p', { part: 'notice', role: 'status', 'data-notice': 'memory-only' }, t.memoryOnly));
    else if (status === 'recovered') notices.push(h('p', { part: 'notice', role: 'status', 'data-notice': 'recovered' }, t.recovered(recoveredBackupKey() ?? '')));
    // (the value is echoed shortened: a 1 MB attribute must not become a 1 MB message)
    if (invalid !== null) notices.push(h('p', { part: 'notice error', role: 'alert' }, t.badLesson(invalid.length > 64 ? `${invalid.slice(0, 64)}…` : invalid)));

    const key = s ? `${lang}|${s.lesson}|${s.step}|${s.quizMissing}` : '';
    const keepQuiz = s !== null && s.step === 'quiz' && key === this.#mainKey && this.root.querySelector('[part~="main"]');

    // A due review is the first thing the element shows (on a lesson page and in an embed alike).
    if (!s && state === 'due') notices.unshift(this.#dueBanner(lesson, t, lang));
    const noticeBox = h('div', { part: 'notices' }, ...notices);
    let main: Element;
    if (keepQuiz) main = this.root.querySelector('[part~="main"]')!;
    else if (s) main = this.#renderSession(s, t, lang);
    else if (lesson === null && invalid === null) main = this.#renderAll(t, lang);
    else if (lesson === null) main = h('section', { part: 'main' }, h('h2', {}, t.title));
    else main = this.#renderLesson(lesson, t, lang);
    this.#mainKey = key;

    const msg = this.#message
      ? h('p', { role: this.#message.error ? 'alert' : 'status', part: this.#message.error ? 'message error' : 'message' }, this.#message.text)
      : null;
    const progress = this.#renderProgress(t);
    if (keepQuiz) {
      this.root.querySelector('[part~="notices"]')?.replaceWith(noticeBox);
      this.root.querySelector('[part~="progress"]')?.replaceWith(progress);
    } else {
      this.root.replaceChildren(noticeBox, main, progress);
    }
    const oldMsg = this.root.querySelector('[part~="message"]');
    if (oldMsg) oldMsg.remove();
    if (msg) progress.append(msg);

    if (this.#focusNext) {
      const el = this.root.querySelector<HTMLElement>(this.#focusNext);
      this.#focusNext = null;
      el?.focus();
    }
  }

  /** "Your review is due: <lesson name>" (the start button follows right below it). */
  #dueBanner(lesson: string | null, t: ReviewStrings, lang: Lang): HTMLElement {
    const due = (lesson === null ? reviewItems() : [reviewItem(lesson)]).filter((i): i is ReviewItem => i !== null && isDue(i));
    const names = due.map((i) => lessonName(i.lesson, lang));
    return h('p', { part: 'due-banner', class: 'due-banner', role: 'status' }, t.dueBanner(names));
  }

  #dueLine(item: ReviewItem, t: ReviewStrings, lang: Lang): HTMLElement {
    const when = formatDue(item.due, lang, now());
    return h('time', { datetime: item.due, title: formatDateTime(item.due, lang) }, when);
  }

  #renderLesson(lesson: string, t: ReviewStrings, lang: Lang): Element {
    const item = reviewItem(lesson);
    const sec = h('section', { part: 'main', 'aria-labelledby': 'title' }, h('h2', { id: 'title', tabindex: '-1' }, t.title));
    if (!item) {
      sec.append(h('p', { part: 'status' }, t.empty));
      return sec;
    }
    if (isDue(item)) {
      sec.append(
        h('p', { class: 'muted' }, t.dueSince(''), this.#dueLine(item, t, lang)),
        h('ol', {}, ...t.steps.map((x) => h('li', {}, x))),
      );
      const start = h('button', { type: 'button', class: 'primary', part: 'button start' }, t.start);
      start.addEventListener('click', () => this.#startSession(lesson));
      sec.append(start);
    } else {
      sec.append(h('p', { part: 'status' }, t.nextDue(''), this.#dueLine(item, t, lang)));
      if (item.lastRating) sec.append(h('p', { class: 'muted' }, t.lastRating(t.ratingNames[item.lastRating])));
      sec.append(this.#calendarButton(item, t));
    }
    return sec;
  }

  #calendarButton(item: ReviewItem, t: ReviewStrings): HTMLButtonElement {
    const b = h('button', { type: 'button', part: 'button calendar' }, t.calendar);
    b.addEventListener('click', () => {
      const ics = buildIcs({
        uid: `${item.lesson}-${item.due}@attention-lab`, start: item.due, minutes: 30, stamp: now(),
        summary: t.icsSummary(lessonName(item.lesson, resolveLang(this))), description: t.icsDescription(lessonName(item.lesson, resolveLang(this))),
      });
      download(`attention-lab-${item.lesson}-review.ics`, 'text/calendar;charset=utf-8', ics);
    });
    return b;
  }

  #renderAll(t: ReviewStrings, lang: Lang): Element {
    const sec = h('section', { part: 'main', 'aria-labelledby': 'title' }, h('h2', { id: 'title', tabindex: '-1' }, t.allTitle));
    const items = reviewItems();
    if (items.length === 0) {
      sec.append(h('p', { part: 'status' }, t.allEmpty));
      return sec;
    }
    const due = items.filter((i) => isDue(i));
    const later = items.filter((i) => !isDue(i));
    const list = h('ul', { class: 'items', part: 'list' });
    for (const i of [...due, ...later]) {
      const d = isDue(i);
      list.append(h('li', { part: d ? 'item item-due' : 'item', 'data-lesson': i.lesson },
        h('strong', {}, lessonName(i.lesson, lang)),
        h('span', { class: d ? 'badge due' : 'badge muted' }, d ? t.dueBadge : t.scheduledBadge),
        this.#dueLine(i, t, lang),
        i.lastRating ? h('span', { class: 'muted' }, t.lastRating(t.ratingNames[i.lastRating])) : null));
    }
    sec.append(list);
    return sec;
  }

  #renderProgress(t: ReviewStrings): Element {
    const exp = h('button', { type: 'button', part: 'button export' }, t.exportBtn);
    exp.addEventListener('click', () => {
      const day = new Date(now()).toISOString().slice(0, 10);
      download(`attention-lab-progress-${day}.json`, 'application/json', exportProgress());
    });
    const input = h('input', { type: 'file', accept: 'application/json,.json', hidden: true, part: 'import-input', 'aria-hidden': 'true', tabindex: '-1' });
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      if (!file) return;
      let text: string;
      try { text = await file.text(); } catch { this.#say(STRINGS[resolveLang(this)].importErrors['read-failed'], true); return; }
      const res = importProgress(text);
      const tt = STRINGS[resolveLang(this)];
      if (res.ok) this.#say(tt.imported(res.added), false);
      else this.#say(tt.importErrors[res.error] ?? tt.importErrors['not-progress'], true);
      input.value = '';
    });
    const imp = h('button', { type: 'button', part: 'button import' }, t.importBtn);
    imp.addEventListener('click', () => input.click());
    return h('div', { part: 'progress' }, h('h3', {}, t.progressTitle), exp, imp, input);
  }

  #say(text: string, error: boolean): void {
    this.#message = { text, error };
    this.requestRender();
  }

  // ------------------------------------------------------------- session

  #startSession(lesson: string): void {
    const spec = recallFor(lesson);
    this.#message = null;
    this.#session = {
      lesson, step: 'quiz', quizScore: 0, quizTotal: 0, startedAt: now(),
      lines: spec ? spec.answers.map(() => '') : [], verdict: spec ? spec.answers.map(() => null) : [], judged: [],
      revealed: false, checkedByEvaluator: false, checking: false, evaluatorFailed: false, rating: null, quizMissing: false,
    };
    this.#focusNext = '#step-title';
    this.requestRender();
  }

  #goto(step: Step): void {
    const s = this.#session;
    if (!s) return;
    s.step = step;
    if (step === 'recall' && !recallFor(s.lesson)) s.step = 'rate';
    if (s.step === 'rate') s.rating = suggestRating(this.#outcome(s));
    this.#focusNext = '#step-title';
    this.requestRender();
  }

  #outcome(s: Session) {
    const spec = recallFor(s.lesson);
    return {
      quizScore: s.quizScore, quizTotal: s.quizTotal,
      recallCorrect: s.verdict.filter((v) => v === true).length, recallTotal: spec ? spec.answers.length : 0,
    };
  }

  #renderSession(s: Session, t: ReviewStrings, lang: Lang): Element {
    const n = s.step === 'quiz' ? 1 : s.step === 'recall' ? 2 : 3;
    const sec = h('section', { part: 'main session', 'aria-labelledby': 'step-title', 'data-step': s.step },
      h('h2', { id: 'title' }, t.title),
      h('h3', { id: 'step-title', tabindex: '-1' }, t.stepOf(n, 3, t.stepNames[n - 1])));
    if (s.step === 'quiz') this.#renderQuizStep(sec, s, t);
    else if (s.step === 'recall') this.#renderRecallStep(sec, s, t);
    else this.#renderRateStep(sec, s, t, lang);
    if (s.step !== 'rate') {
      const cancel = h('button', { type: 'button', part: 'button cancel' }, t.cancel);
      cancel.addEventListener('click', () => { this.#session = null; this.#focusNext = '#title'; this.requestRender(); });
      sec.append(cancel);
    }
    return sec;
  }

  #renderQuizStep(sec: Element, s: Session, t: ReviewStrings): void {
    if (s.quizMissing) {
      const skip = h('button', { type: 'button', part: 'button skip' }, t.skipQuiz);
      skip.addEventListener('click', () => this.#goto('recall'));
      sec.append(h('p', { part: 'notice', role: 'status' }, t.quizMissing), skip);
      return;
    }
    const bank = this.getAttribute('bank')?.trim() || s.lesson;
    const quiz = document.createElement('attn-quiz');
    quiz.setAttribute('bank', bank);
    quiz.setAttribute('lesson', s.lesson);
    quiz.setAttribute('lang', resolveLang(this));
    quiz.setAttribute('part', 'quiz');
    // An inline bank given to the review (e.g. by the iframe embed, where a
    // sandbox can't fetch banks/*.json) goes to its quiz as is.
    const inline = this.querySelector(':scope > script[type="application/json"]');
    if (inline) quiz.append(inline.cloneNode(true));
    quiz.addEventListener('attn-quiz-complete', (e) => {
      if (this.#session !== s || s.step !== 'quiz') return;
      const d = (e as CustomEvent<AttnQuizCompleteDetail>).detail;
      let score = d?.attempt?.score ?? d?.result?.score?.raw;
      let total = d?.attempt?.total ?? d?.result?.score?.max;
      if (typeof score !== 'number' || typeof total !== 'number' || !Number.isFinite(score) || !Number.isFinite(total)) {
        const last = quizAttempts(s.lesson).filter((a) => Date.parse(a.finishedAt) >= s.startedAt).pop();
        score = last?.score ?? 0;
        total = last?.total ?? 0;
      }
      s.quizScore = Math.max(0, Math.min(score, total));
      s.quizTotal = Math.max(0, total);
      this.#goto('recall');
    });
    sec.append(quiz);
    if (!customElements.get('attn-quiz')) {
      const timer = setTimeout(() => {
        if (this.#session === s && s.step === 'quiz' && !customElements.get('attn-quiz')) { s.quizMissing = true; this.requestRender(); }
      }, QUIZ_WAIT_MS);
      customElements.whenDefined('attn-quiz').then(() => clearTimeout(timer), () => undefined);
    }
  }

  #renderRecallStep(sec: Element, s: Session, t: ReviewStrings): void {
    const spec = recallFor(s.lesson)!;
    const lang = resolveLang(this);
    sec.append(h('p', {}, t.recallIntro));
    const done = s.revealed;
    spec.prompts.forEach((p, i) => {
      const id = `line-${i}`;
      const ta = h('textarea', { id, rows: '2', spellcheck: 'false', autocapitalize: 'off', part: 'line-input', readonly: done });
      ta.value = s.lines[i];
      ta.addEventListener('input', () => { s.lines[i] = ta.value; });
      sec.append(h('label', { class: 'line', for: id }, p[lang]), ta);
      if (done) {
        sec.append(h('p', { class: 'muted' }, `${t.reference}:`), h('code', { class: 'ref', part: 'reference' }, spec.answers[i]));
        if (s.checkedByEvaluator) {
          const ok = s.verdict[i] === true;
          // why, in the page's language, as the exercise says it
          const why = s.judged[i] ? reasonText(lang, s.judged[i]) : '';
          sec.append(h('p', { class: ok ? 'ok' : 'bad', part: 'line-result' }, t.lineResult(ok), why ? ` — ${why}` : ''));
        } else {
          const cb = h('input', { type: 'checkbox', id: `got-${i}`, part: 'self-grade', checked: s.verdict[i] === true });
          cb.addEventListener('change', () => { s.verdict[i] = cb.checked; });
          sec.append(h('label', { for: `got-${i}` }, cb, ' ', t.gotIt));
        }
      }
    });
    if (!done) {
      // While checking, the button stays focusable (aria-disabled, not
      // disabled) and keeps the focus across the re-render, so a keyboard
      // user is not dropped to the page until the verdicts arrive.
      const check = h('button', { type: 'button', id: 'check', class: 'primary', part: 'button check', 'aria-disabled': s.checking ? 'true' : 'false' },
        s.checking ? t.checking : t.check);
      check.addEventListener('click', async () => {
        if (s.checking) return;
        s.checking = true;
        if (this.root.activeElement === check) this.#focusNext = '#check';
        this.requestRender();
        const res = await evaluate(spec, s.lines.slice());
        s.checking = false;
        s.revealed = true;
        if (res) { s.verdict = res.map((v) => v.correct); s.judged = res; s.checkedByEvaluator = true; } else { s.verdict = s.verdict.map(() => false); s.evaluatorFailed = true; }
        this.#focusNext = '#line-0';
        this.requestRender();
      });
      sec.append(h('p', {}, check));
    } else {
      sec.append(h('p', { class: 'muted', role: 'status' }, s.checkedByEvaluator ? t.checkedBy : t.checkFailed));
      const next = h('button', { type: 'button', class: 'primary', part: 'button next' }, t.next);
      next.addEventListener('click', () => this.#goto('rate'));
      sec.append(next);
    }
  }

  #renderRateStep(sec: Element, s: Session, t: ReviewStrings, lang: Lang): void {
    const o = this.#outcome(s);
    const suggested = suggestRating(o);
    const quizText = o.quizTotal > 0 ? `${o.quizScore}/${o.quizTotal}` : t.noQuiz;
    const recallText = o.recallTotal > 0 ? `${o.recallCorrect}/${o.recallTotal}` : t.noRecall;
    sec.append(h('p', { part: 'summary' }, t.summary(quizText, recallText)),
      h('p', { part: 'suggested', 'data-rating': suggested }, t.suggested(t.ratingNames[suggested])));
    const preview = previewSchedule(s.lesson);
    const fs = h('fieldset', { part: 'ratings' }, h('legend', {}, t.ratingLegend));
    for (const r of RATINGS) {
      const id = `rating-${r}`;
      const radio = h('input', { type: 'radio', name: 'rating', id, value: r, checked: s.rating === r });
      radio.addEventListener('change', () => { if (radio.checked) s.rating = r; });
      const when = preview ? formatDue(preview[r], lang, now()) : '';
      fs.append(h('label', { for: id, part: `rating rating-${r}` }, radio, ' ', t.ratingOption(t.ratingNames[r], when)));
    }
    const confirm = h('button', { type: 'button', class: 'primary', part: 'button confirm' }, t.confirm);
    confirm.addEventListener('click', () => this.#finish(s, suggested));
    sec.append(fs, confirm);
  }

  #finish(s: Session, suggested: RatingName): void {
    const rating = s.rating ?? suggested;
    const t = STRINGS[resolveLang(this)];
    let item: ReviewItem;
    try {
      item = recordReview({ lesson: s.lesson, rating, suggested, ...this.#outcome(s) });
    } catch {
      this.#session = null;
      this.#say(t.empty, true);
      return;
    }
    this.#session = null;
    this.#message = { text: t.saved(formatDue(item.due, resolveLang(this), now())), error: false };
    this.#focusNext = '#title';
    this.requestRender();
    this.emit('attn-review-complete', { lesson: s.lesson, rating, due: item.due });
  }
}

define('attn-review', AttnReview);

declare global {
  interface HTMLElementTagNameMap { 'attn-review': AttnReview }
  interface HTMLElementEventMap { 'attn-review-complete': CustomEvent<ReviewCompleteDetail> }
}
