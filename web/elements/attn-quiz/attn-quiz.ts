// <attn-quiz>: retrieval practice from a question bank. One click locks an
// answer and shows the feedback at once; a retake reshuffles questions and
// options; attempts go to the progress store; answers and the completed quiz
// are announced as xAPI-shaped events the host page may forward.
import { AttnElement, define, h } from '../../shared/element';
import { SCHEMA, parseItems, type QuizAttrs, type QuizItems } from './attrs';
import { recordQuizAttempt, getStorageStatus, type QuizAttempt } from '../../storage/progress';
import { parseBank, type Bank } from './bank';
import { freshAttempt, restoredAttempt, type Attempt, type Orders, type SavedQuizAttempt } from './attempt';
import { bankAddress, fetchBank, namedUrl, renderLoadError, type LoadError } from './bank-load';
import { cryptoRandomInt, type RandomInt } from './shuffle';
import { STRINGS, type QuizStrings } from './i18n';
import type { Lang } from '../../shared/lang';
import { renderOpen } from './open-prompts';
import { renderQuestion, renderSummary, type QuizView } from './questions-view';
import { QUIZ_CSS } from './styles';
import { answerStatement, completeStatement, type AttnQuizAnswerDetail, type AttnQuizCompleteDetail } from './xapi';

export type { SavedQuizAttempt } from './attempt';
export { samePage, sectionTitle } from './section';
export {
  isoDuration, PASS_SCALED, VERB_ANSWERED, VERB_COMPLETED,
  type AttnQuizAnswerDetail, type AttnQuizCompleteDetail, type XapiLangMap, type XapiStatement,
} from './xapi';

declare global {
  interface HTMLElementTagNameMap { 'attn-quiz': AttnQuiz }
  interface HTMLElementEventMap {
    'attn-quiz-answer': CustomEvent<AttnQuizAnswerDetail>;
    'attn-quiz-complete': CustomEvent<AttnQuizCompleteDetail>;
  }
  // The events bubble and are composed, so hosts can listen on the document.
  interface DocumentEventMap {
    'attn-quiz-answer': CustomEvent<AttnQuizAnswerDetail>;
    'attn-quiz-complete': CustomEvent<AttnQuizCompleteDetail>;
  }
}

type Phase = { kind: 'loading' } | { kind: 'error'; error: LoadError } | { kind: 'ready' };

export type { QuizItems } from './attrs';

export class AttnQuiz extends AttnElement<QuizAttrs> {
  static override attributes = SCHEMA;

  #phase: Phase = { kind: 'loading' };
  #bank: Bank | null = null;
  /** What the bank's `href` is relative to: the bank's address (or the page's, inline). */
  #bankBase = '';
  #attempt: Attempt | null = null;
  #prevOrders: Orders | null = null;
  #loadToken = 0;
  #abort: AbortController | null = null;
  #sourceKey = '';
  #observer: MutationObserver | null = null;
  #pendingFocus: string | null = null;
  #openText = new Map<string, string>();
  #revealed = new Set<string>();
  #pendingRestore: SavedQuizAttempt | null = null;
  /** Random source; tests may replace it. */
  random: RandomInt = cryptoRandomInt;

  constructor() {
    super(QUIZ_CSS);
    this.root.addEventListener('click', (e) => this.#onClick(e));
    this.root.addEventListener('keydown', (e) => this.#onKeydown(e as KeyboardEvent));
    this.root.addEventListener('input', (e) => this.#onInput(e));
  }

  // ------------------------------------------------------------ attributes and properties

  // bank, src, lesson: from the attribute table
  declare bank: string;
  declare src: string;
  declare lesson: string;
  /**
   * Which parts to show: 'all' (default), 'questions' (the locked multiple
   * choice only) or 'open' (only the write-then-reveal prompts, e.g. in an
   * "interview questions" section). Anything else shows everything, with a note.
   */
  get items(): QuizItems { return parseItems(this.getAttribute('items')) ?? 'all'; }
  set items(v: QuizItems) { this.setAttribute('items', v); }

  /** 'loading', 'ready' or 'error'. */
  get state(): Phase['kind'] { return this.#phase.kind; }
  /** The validated bank, once loaded. */
  get bankData(): Bank | null { return this.#bank; }
  /** Right answers so far in the current attempt. */
  get score(): number {
    const a = this.#attempt, b = this.#bank;
    if (!a || !b) return 0;
    return a.chosen.reduce<number>((n, c, i) => n + (c !== null && c === b.questions[i]!.answer ? 1 : 0), 0);
  }
  /** Number of multiple-choice questions. */
  get total(): number { return this.#bank?.questions.length ?? 0; }
  /** Number answered in the current attempt. */
  get answered(): number { return this.#attempt?.chosen.filter((c) => c !== null).length ?? 0; }
  get complete(): boolean { return this.total > 0 && this.answered === this.total; }
  /** Question ids in the order they are shown. */
  get order(): string[] {
    const a = this.#attempt, b = this.#bank;
    return a && b ? a.qOrder.map((i) => b.questions[i]!.id) : [];
  }
  /** Per question id: the option indices (bank order) in the order they are shown. */
  get optionOrder(): Record<string, number[]> {
    const a = this.#attempt, b = this.#bank;
    const out: Record<string, number[]> = {};
    if (a && b) b.questions.forEach((q, i) => { out[q.id] = a.optOrders[i]!.slice(); });
    return out;
  }

  /** Starts a new attempt with questions and options reshuffled. */
  retake(): void {
    if (!this.#bank) return;
    this.#newAttempt();
    this.#pendingFocus = 'opt-0-0';
    this.requestRender();
  }

  /**
   * Puts back a saved attempt (question and option orders, locked answers),
   * now or as soon as the bank has loaded. Emits no events and records
   * nothing: the answers were reported when they were given. Returns false,
   * changing nothing, when it does not fit the loaded bank.
   */
  restoreAttempt(saved: SavedQuizAttempt): boolean {
    if (!this.#bank || this.#phase.kind !== 'ready') { this.#pendingRestore = saved; return true; }
    const restored = restoredAttempt(saved, this.#bank);
    if (!restored) return false;
    this.#attempt = restored;
    this.#prevOrders = { q: restored.qOrder, opt: restored.optOrders };
    this.requestRender();
    return true;
  }

  // ------------------------------------------------------------ lifecycle

  connectedCallback(): void {
    this.#observer ??= new MutationObserver(() => this.#maybeReload());
    this.#observer.observe(this, { childList: true, subtree: true, characterData: true });
    this.#maybeReload();
    this.requestRender();
  }

  disconnectedCallback(): void {
    this.#observer?.disconnect();
  }

  /** A bank being fetched is part of an update. */
  protected override busy(): boolean {
    return this.#phase.kind === 'loading';
  }

  override attributeChangedCallback(name?: string): void {
    if (name === 'bank' || name === 'src') this.#maybeReload();
    this.requestRender();
  }

  #inlineScript(): HTMLScriptElement | null {
    for (const c of Array.from(this.children)) {
      if (c instanceof HTMLScriptElement && c.type.trim().toLowerCase() === 'application/json') return c;
    }
    return null;
  }

  #maybeReload(): void {
    if (!this.isConnected) return;
    const inline = this.#inlineScript();
    const key = inline ? `inline:${inline.textContent ?? ''}` : `src:${this.src}|bank:${this.bank}`;
    if (key === this.#sourceKey) return;
    this.#sourceKey = key;
    void this.#load(inline);
  }

  async #load(inline: HTMLScriptElement | null): Promise<void> {
    const token = ++this.#loadToken;
    this.#abort?.abort();
    this.#abort = null;
    this.#setPhase({ kind: 'loading' });
    if (inline) {
      // An inline bank's links resolve as if it had been fetched from where
      // `src` or `bank` name it (the iframe embed ships our banks inline),
      // else against the page.
      this.#bankBase = namedUrl(this.src.trim(), this.bank.trim()) ?? document.baseURI;
      this.#accept(parseBank(inline.textContent ?? ''), token);
      return;
    }
    // Relative names resolve against the document's base URL (the page's own
    // address unless a <base> says otherwise); errors name both.
    const base = document.baseURI;
    const addr = bankAddress(this.src.trim(), this.bank.trim(), base);
    if ('error' in addr) { this.#setPhase({ kind: 'error', error: addr.error }); return; }
    const abort = new AbortController();
    this.#abort = abort;
    const got = await fetchBank(addr, base, abort.signal);
    if (token !== this.#loadToken || ('error' in got && abort.signal.aborted)) return;
    if ('error' in got) { this.#setPhase({ kind: 'error', error: got.error }); return; }
    this.#bankBase = addr.url.href; // a fetched bank's links resolve against its own address
    this.#accept(parseBank(got.text), token);
  }

  #accept(result: ReturnType<typeof parseBank>, token: number): void {
    if (token !== this.#loadToken) return;
    if (!result.ok) {
      this.#bank = null;
      this.#attempt = null;
      this.#setPhase({ kind: 'error', error: { kind: 'invalid', issues: result.issues, truncated: result.truncated } });
      return;
    }
    // For the author: a bank whose right answers stand out by their length
    // can be passed without knowing anything (see docs/bank-format.md).
    for (const w of result.warnings) console.warn(`attn-quiz: bank "${result.bank.id}": ${w.message}`);
    const sameBank = this.#bank?.id === result.bank.id && this.#bank.questions.length === result.bank.questions.length;
    // The very same questions loaded again (the bank fetched a second time): the attempt under way
    // keeps its order and its answers, so an answer given meanwhile is never lost.
    const unchanged = sameBank && this.#attempt !== null && JSON.stringify(this.#bank!.questions) === JSON.stringify(result.bank.questions);
    this.#bank = result.bank;
    if (!sameBank) this.#prevOrders = null;
    if (!unchanged) this.#newAttempt();
    this.#setPhase({ kind: 'ready' });
    const pending = this.#pendingRestore;
    this.#pendingRestore = null;
    if (pending) this.restoreAttempt(pending);
  }

  #newAttempt(): void {
    const prev = this.#attempt ? { q: this.#attempt.qOrder, opt: this.#attempt.optOrders } : this.#prevOrders;
    this.#attempt = freshAttempt(this.#bank!, prev, this.random);
    this.#prevOrders = { q: this.#attempt.qOrder, opt: this.#attempt.optOrders };
  }

  #setPhase(p: Phase): void {
    this.#phase = p;
    if (p.kind !== 'ready') { this.#bank = p.kind === 'loading' ? this.#bank : null; }
    this.requestRender();
  }

  // ------------------------------------------------------------ answering

  /** Locks option `optionIndex` (bank order) for question `qIndex` (bank order). */
  #choose(qIndex: number, optionIndex: number): void {
    const a = this.#attempt, b = this.#bank;
    if (!a || !b || a.chosen[qIndex] !== null) return;
    const q = b.questions[qIndex]!;
    a.chosen[qIndex] = optionIndex;
    a.cursor[qIndex] = a.optOrders[qIndex]!.indexOf(optionIndex);
    const t = Date.now();
    const duration = t - Math.max(a.startedAt, a.lastMark);
    a.lastMark = t;
    const success = optionIndex === q.answer;
    const pos = a.qOrder.indexOf(qIndex);
    this.#pendingFocus = `fb-${pos}`;
    this.emit('attn-quiz-answer', answerStatement(b, q, optionIndex, success, duration, t, a.id));
    if (this.complete) this.#finish(t);
    this.requestRender();
  }

  #finish(t: number): void {
    const a = this.#attempt!, b = this.#bank!;
    const score = this.score, total = this.total;
    const attempt: QuizAttempt = {
      id: a.id,
      lesson: this.lesson.trim() || b.id,
      bankId: b.id,
      bankVersion: b.version,
      startedAt: new Date(a.startedAt).toISOString(),
      finishedAt: new Date(t).toISOString(),
      answers: b.questions.map((q, i) => ({ questionId: q.id, chosen: a.chosen[i]!, correct: a.chosen[i] === q.answer })),
      score,
      total,
    };
    try {
      recordQuizAttempt(attempt);
      a.saved = getStorageStatus() === 'memory-only' ? 'memory-only' : 'ok';
    } catch {
      a.saved = 'failed';
    }
    this.#pendingFocus = 'summary';
    this.emit('attn-quiz-complete', completeStatement(b, attempt, a.startedAt, t));
  }

  // ------------------------------------------------------------ events

  #optionOf(target: EventTarget | null): HTMLElement | null {
    const el = target instanceof Element ? target.closest('[role="radio"]') : null;
    return el instanceof HTMLElement ? el : null;
  }

  #onClick(e: Event): void {
    const t = e.target instanceof Element ? e.target : null;
    if (!t) return;
    const opt = this.#optionOf(t);
    if (opt) {
      this.#choose(Number(opt.dataset.q), Number(opt.dataset.o));
      return;
    }
    const btn = t.closest('button');
    if (!btn) return;
    if (btn.dataset.action === 'retake') this.retake();
    else if (btn.dataset.action === 'reveal') {
      const id = btn.dataset.open!;
      if (this.#revealed.has(id)) this.#revealed.delete(id);
      else this.#revealed.add(id);
      this.#pendingFocus = btn.id;
      this.requestRender();
    }
  }

  #onKeydown(e: KeyboardEvent): void {
    const opt = this.#optionOf(e.target);
    const a = this.#attempt;
    if (!opt || !a) return;
    const q = Number(opt.dataset.q);
    const group = opt.parentElement;
    const radios = group ? Array.from(group.querySelectorAll<HTMLElement>('[role="radio"]')) : [];
    const cur = radios.indexOf(opt);
    let next = -1;
    switch (e.key) {
      case 'ArrowDown': case 'ArrowRight': next = (cur + 1) % radios.length; break;
      case 'ArrowUp': case 'ArrowLeft': next = (cur - 1 + radios.length) % radios.length; break;
      case 'Home': next = 0; break;
      case 'End': next = radios.length - 1; break;
      case 'Enter': case ' ': case 'Spacebar':
        e.preventDefault();
        this.#choose(q, Number(opt.dataset.o));
        return;
      default: return;
    }
    e.preventDefault();
    if (a.chosen[q] !== null) {
      // Locked: arrows still let the learner read every option, without moving the tab stop.
      radios[next]!.focus();
      return;
    }
    a.cursor[q] = next;
    radios.forEach((r, i) => { r.tabIndex = i === next ? 0 : -1; });
    radios[next]!.focus();
  }

  #onInput(e: Event): void {
    const t = e.target;
    if (t instanceof HTMLTextAreaElement && t.dataset.open) this.#openText.set(t.dataset.open, t.value.slice(0, 20_000));
  }

  // ------------------------------------------------------------ rendering

  protected render(): void {
    const { lang, t: s } = this.localize(STRINGS);
    const active = this.root.activeElement as HTMLElement | null;
    const focusId = this.#pendingFocus ?? (active?.id || null);
    this.#pendingFocus = null;

    let content: Node | null = null;
    if (this.#phase.kind === 'loading') content = h('p', { class: 'loading', part: 'loading', role: 'status' }, s.loading);
    else if (this.#phase.kind === 'error') content = renderLoadError(this.#phase.error, s, this.src.trim() === '');
    else if (!this.#patchQuiz(lang, s)) content = this.#renderQuiz(lang, s);
    if (content) {
      if (content !== this.#shown?.section) this.#shown = null; // (a loading or error screen)
      this.root.replaceChildren(content);
    }
    this.setAttribute('aria-busy', String(this.#phase.kind === 'loading'));

    if (focusId) {
      const el = this.root.getElementById(focusId);
      if (el instanceof HTMLElement) el.focus({ preventScroll: false });
    }
  }

  #renderQuiz(lang: Lang, s: QuizStrings): Node {
    const b = this.#bank!, a = this.#attempt!;
    const raw = this.getAttribute('items');
    const bad = raw !== null && parseItems(raw) === null
      ? h('p', { class: 'error', part: 'error', role: 'alert' }, s.errItems(raw.slice(0, 40))) : null;
    const mode = this.items;
    if (mode === 'open') {
      return h('section', { class: 'quiz', part: 'quiz' },
        b.open.length ? renderOpen(this.#bank!, this.#bankBase, this.#revealed, this.#openText, s, lang) : h('p', { class: 'hint', part: 'hint' }, s.noOpen));
    }
    const total = b.questions.length;
    const view: QuizView = { bank: b, bankBase: this.#bankBase, attempt: a, s, lang };
    const items = a.qOrder.map((qi, pos) => renderQuestion(view, qi, pos, total));
    const progress = h('p', { class: 'progress', part: 'progress' }, s.progress(this.answered, total));
    const header = h('header', {},
      h('h2', { id: 'title', part: 'title' }, s.title(b.lesson[lang])),
      h('p', { class: 'hint', part: 'hint' }, s.instructions),
      progress);
    const summary = this.complete ? renderSummary(view, this.score, total) : null;
    const open = b.open.length && mode === 'all' ? renderOpen(this.#bank!, this.#bankBase, this.#revealed, this.#openText, s, lang) : null;
    const list = h('ol', { class: 'questions', part: 'questions' }, ...items);
    const section = h('section', { class: 'quiz', part: 'quiz', 'aria-labelledby': 'title' }, bad, header, list, summary, open);
    this.#shown = {
      section, key: this.#layoutKey(lang, raw), items, itemKeys: a.qOrder.map((qi) => this.#itemKey(qi)),
      progress, list, summary, open, openKey: this.#openKey(),
    };
    return section;
  }

  // What is on screen, so that an answer or an arrow key redraws its own
  // question (and the progress line and the summary), not the whole quiz:
  // a bank of 13 questions is over a thousand nodes, too many to rebuild
  // within a frame on a slow phone.
  #shown: { section: Node; key: string; items: Node[]; itemKeys: string[]; progress: Node; list: Node;
    summary: Node | null; open: Node | null; openKey: string } | null = null;

  #layoutKey(lang: Lang, rawItems: string | null): string {
    const a = this.#attempt!;
    return JSON.stringify([a.id, a.qOrder, lang, rawItems, this.#bankBase, this.#bank!.questions.length]);
  }
  #itemKey(qi: number): string {
    const a = this.#attempt!;
    return `${a.chosen[qi]}|${a.cursor[qi]}`;
  }
  #openKey(): string { return [...this.#revealed].sort().join('\n'); }

  /** Redraws in place what changed since the last full render; false when a full render is needed. */
  #patchQuiz(lang: Lang, s: QuizStrings): boolean {
    const shown = this.#shown, b = this.#bank, a = this.#attempt;
    if (!shown || !b || !a || this.items === 'open' || !shown.section.isConnected) return false;
    if (shown.key !== this.#layoutKey(lang, this.getAttribute('items'))) return false;
    const total = b.questions.length;
    const view: QuizView = { bank: b, bankBase: this.#bankBase, attempt: a, s, lang };
    a.qOrder.forEach((qi, pos) => {
      const key = this.#itemKey(qi);
      if (key === shown.itemKeys[pos]) return;
      const li = renderQuestion(view, qi, pos, total);
      shown.list.replaceChild(li, shown.items[pos]!);
      shown.items[pos] = li;
      shown.itemKeys[pos] = key;
    });
    shown.progress.textContent = s.progress(this.answered, total);
    const summary = this.complete ? renderSummary(view, this.score, total) : null;
    if (shown.summary) shown.summary.parentNode?.removeChild(shown.summary);
    if (summary) shown.section.insertBefore(summary, shown.list.nextSibling);
    shown.summary = summary;
    const openKey = this.#openKey();
    if (shown.open && openKey !== shown.openKey) {
      const open = renderOpen(b, this.#bankBase, this.#revealed, this.#openText, s, lang);
      shown.section.replaceChild(open, shown.open);
      shown.open = open;
      shown.openKey = openKey;
    }
    return true;
  }
}

define('attn-quiz', AttnQuiz);
