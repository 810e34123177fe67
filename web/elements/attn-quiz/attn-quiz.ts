// <attn-quiz>: retrieval practice from a question bank. One click locks an
// answer and shows the feedback at once; a retake reshuffles questions and
// options; attempts go to the progress store; answers and the completed quiz
// are announced as xAPI-shaped events the host page may forward.
import { AttnElement, define, h, resolveLang } from '../../shared/element';
import { recordQuizAttempt, getStorageStatus, type QuizAttempt } from '../../storage/progress';
import { BANK_NAME, parseBank, type Bank, type BankIssue, type BankQuestion, type LangText } from './bank';
import { nextOptionOrder, nextQuestionOrder, cryptoRandomInt, type RandomInt } from './shuffle';
import { STRINGS, type QuizLang, type QuizStrings } from './i18n';
import { QUIZ_CSS } from './styles';

export const VERB_ANSWERED = 'http://adlnet.gov/expapi/verbs/answered';
export const VERB_COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';
/** A completed attempt counts as a success from this scaled score on. */
export const PASS_SCALED = 0.8;

export interface XapiLangMap { [lang: string]: string }

export interface XapiStatement {
  actor?: undefined;
  verb: { id: typeof VERB_ANSWERED | typeof VERB_COMPLETED; display: { 'en-US': 'answered' | 'completed' } };
  object: {
    objectType: 'Activity';
    id: string;
    definition: {
      type: string;
      name: XapiLangMap;
      description?: XapiLangMap;
      interactionType?: 'choice';
      correctResponsesPattern?: string[];
      choices?: { id: string; description: XapiLangMap }[];
    };
  };
  result: {
    success: boolean;
    completion?: boolean;
    response?: string;
    score: { raw: number; min: 0; max: number; scaled: number };
    duration: string;
  };
  context: { registration: string; contextActivities?: { parent: { id: string; objectType: 'Activity' }[] } };
  timestamp: string;
}

/** Detail of `attn-quiz-answer`. */
export interface AttnQuizAnswerDetail extends XapiStatement {
  verb: { id: typeof VERB_ANSWERED; display: { 'en-US': 'answered' } };
}
/** Detail of `attn-quiz-complete`. */
export interface AttnQuizCompleteDetail extends XapiStatement {
  verb: { id: typeof VERB_COMPLETED; display: { 'en-US': 'completed' } };
  /** The attempt as it was handed to the progress store. */
  attempt: QuizAttempt;
}

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

/** ISO 8601 duration with tenths of a second, e.g. `PT12.3S`. */
export function isoDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 100) / 10);
  return `PT${Number.isInteger(s) ? s.toFixed(0) : s.toFixed(1)}S`;
}

function uuid(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const x = Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const LETTERS = 'ABCDEFGH';

/**
 * The heading of the section `url` points to, as this page shows it in
 * `lang` (text in the other language's `lang` blocks is left out), or null
 * when the section is not on this page.
 */
/** True when `url` is this document (a directory and its index.html are one page). */
export function samePage(url: URL): boolean {
  const here = new URL(document.URL);
  const path = (p: string) => p.replace(/\/index\.html$/i, '/');
  return url.origin === here.origin && path(url.pathname) === path(here.pathname) && url.search === here.search;
}

export function sectionTitle(url: URL, lang: QuizLang): string | null {
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
const langMap = (t: LangText): XapiLangMap => ({ 'zh-CN': t['zh-CN'], en: t.en });

type LoadError =
  | { kind: 'no-source' }
  | { kind: 'bad-name'; name: string }
  | { kind: 'bad-src'; src: string }
  | { kind: 'not-found'; what: string; status: number; url: string; base: string }
  | { kind: 'not-json'; what: string; url: string; base: string }
  | { kind: 'http'; what: string; status: number; url: string; base: string }
  | { kind: 'network'; what: string; url: string; base: string }
  | { kind: 'invalid'; issues: BankIssue[]; truncated: boolean };

type Phase = { kind: 'loading' } | { kind: 'error'; error: LoadError } | { kind: 'ready' };

interface Attempt {
  id: string;
  startedAt: number;
  /** Wall clock of the last answer (or of the start), for per-answer durations. */
  lastMark: number;
  /** Display position -> question index. */
  qOrder: number[];
  /** Per question index: display position -> option index. */
  optOrders: number[][];
  /** Per question index: chosen option index, or null. */
  chosen: (number | null)[];
  /** Per question index: display position of the option that has the roving tabindex. */
  cursor: number[];
  saved: 'ok' | 'memory-only' | 'failed' | null;
}

const MAX_SHOWN_ISSUES = 20;

/** An attempt saved outside the element (e.g. in an LMS's suspend_data), for restoreAttempt(). */
export interface SavedQuizAttempt {
  id: string;
  /** ms since the epoch. */
  startedAt: number;
  /** Display position -> question index (bank order). */
  order: number[];
  /** Per question index: display position -> option index. */
  options: number[][];
  /** Per question index: the locked option index, or null. */
  chosen: (number | null)[];
}

function isPerm(x: unknown, n: number): x is number[] {
  return Array.isArray(x) && x.length === n && new Set(x).size === n && x.every((v) => Number.isInteger(v) && v >= 0 && v < n);
}

export type QuizItems = 'all' | 'questions' | 'open';
function parseItems(v: string | null): QuizItems | null {
  return v === 'all' || v === 'questions' || v === 'open' ? v : null;
}

export class AttnQuiz extends AttnElement {
  static observedAttributes = ['bank', 'src', 'lang', 'lesson', 'items'];

  #phase: Phase = { kind: 'loading' };
  #bank: Bank | null = null;
  /** What the bank's `href` is relative to: the bank's address (or the page's, inline). */
  #bankBase = '';
  #attempt: Attempt | null = null;
  #prevOrders: { q: number[]; opt: number[][] } | null = null;
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

  get bank(): string { return this.getAttribute('bank') ?? ''; }
  set bank(v: string) { this.setAttribute('bank', v); }
  get src(): string { return this.getAttribute('src') ?? ''; }
  set src(v: string) { this.setAttribute('src', v); }
  get lesson(): string { return this.getAttribute('lesson') ?? ''; }
  set lesson(v: string) { this.setAttribute('lesson', v); }
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
    const b = this.#bank, n = b.questions.length;
    const ok = saved && typeof saved.id === 'string' && saved.id.length > 0 && Number.isFinite(saved.startedAt) &&
      isPerm(saved.order, n) && Array.isArray(saved.options) && saved.options.length === n &&
      saved.options.every((p, i) => isPerm(p, b.questions[i]!.options.length)) &&
      Array.isArray(saved.chosen) && saved.chosen.length === n &&
      saved.chosen.every((c, i) => c === null || (Number.isInteger(c) && c >= 0 && c < b.questions[i]!.options.length));
    if (!ok) return false;
    const chosen = saved.chosen.slice();
    const options = saved.options.map((p) => p.slice());
    this.#attempt = {
      id: saved.id, startedAt: saved.startedAt, lastMark: Date.now(), qOrder: saved.order.slice(), optOrders: options, chosen,
      cursor: chosen.map((c, i) => (c === null ? 0 : options[i]!.indexOf(c))), saved: null,
    };
    this.#prevOrders = { q: this.#attempt.qOrder, opt: options };
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
      this.#bankBase = this.#namedUrl() ?? document.baseURI;
      this.#accept(parseBank(inline.textContent ?? ''), token);
      return;
    }
    let url: URL;
    let what: string;
    // Relative names resolve against the document's base URL (the page's own
    // address unless a <base> says otherwise); errors name both.
    const base = document.baseURI;
    const src = this.src.trim();
    const name = this.bank.trim();
    if (src) {
      what = src.length > 80 ? `${src.slice(0, 80)}…` : src;
      try {
        url = new URL(src, base);
      } catch {
        this.#setPhase({ kind: 'error', error: { kind: 'bad-src', src: what } });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        this.#setPhase({ kind: 'error', error: { kind: 'bad-src', src: what } });
        return;
      }
    } else if (name) {
      if (!BANK_NAME.test(name)) {
        this.#setPhase({ kind: 'error', error: { kind: 'bad-name', name: name.length > 80 ? `${name.slice(0, 80)}…` : name } });
        return;
      }
      what = `“${name}”`;
      url = new URL(`banks/${name}.json`, base);
    } else {
      this.#setPhase({ kind: 'error', error: { kind: 'no-source' } });
      return;
    }
    const abort = new AbortController();
    this.#abort = abort;
    // (shortened: a 1 MB src must not become a 1 MB message)
    const clip = (u: string) => (u.length > 160 ? `${u.slice(0, 160)}…` : u);
    const where = { url: clip(url.href), base: clip(base) };
    let text: string;
    try {
      const res = await fetch(url, { credentials: 'same-origin', signal: abort.signal, headers: { Accept: 'application/json' } });
      if (token !== this.#loadToken) return;
      if (!res.ok) {
        const kind = res.status === 404 || res.status === 410 ? 'not-found' : 'http';
        this.#setPhase({ kind: 'error', error: { kind, what, status: res.status, ...where } });
        return;
      }
      if ((res.headers.get('content-type') ?? '').toLowerCase().includes('text/html')) {
        this.#setPhase({ kind: 'error', error: { kind: 'not-json', what, ...where } });
        return;
      }
      text = await res.text();
    } catch {
      if (token !== this.#loadToken || abort.signal.aborted) return;
      this.#setPhase({ kind: 'error', error: { kind: 'network', what, ...where } });
      return;
    }
    if (token !== this.#loadToken) return;
    this.#bankBase = url.href; // a fetched bank's links resolve against its own address
    this.#accept(parseBank(text), token);
  }

  /** Where `src` or `bank` says the bank lives, when one is set and valid. */
  #namedUrl(): string | null {
    const src = this.src.trim();
    const name = this.bank.trim();
    try {
      if (src) return new URL(src, document.baseURI).href;
      if (name && BANK_NAME.test(name)) return new URL(`banks/${name}.json`, document.baseURI).href;
    } catch { /* no usable address: the page is the base */ }
    return null;
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
    this.#bank = result.bank;
    if (!sameBank) this.#prevOrders = null;
    this.#newAttempt();
    this.#setPhase({ kind: 'ready' });
    const pending = this.#pendingRestore;
    this.#pendingRestore = null;
    if (pending) this.restoreAttempt(pending);
  }

  #setPhase(p: Phase): void {
    this.#phase = p;
    if (p.kind !== 'ready') { this.#bank = p.kind === 'loading' ? this.#bank : null; }
    this.requestRender();
  }

  #newAttempt(): void {
    const b = this.#bank!;
    const prev = this.#attempt ? { q: this.#attempt.qOrder, opt: this.#attempt.optOrders } : this.#prevOrders;
    const qOrder = nextQuestionOrder(b.questions.length, prev?.q ?? null, this.random);
    const optOrders = b.questions.map((q, i) => nextOptionOrder(q.options.length, q.answer, prev?.opt[i] ?? null, this.random));
    const t = Date.now();
    this.#attempt = {
      id: uuid(),
      startedAt: t,
      lastMark: t,
      qOrder,
      optOrders,
      chosen: b.questions.map(() => null),
      cursor: b.questions.map(() => 0),
      saved: null,
    };
    this.#prevOrders = { q: qOrder, opt: optOrders };
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
    this.emit('attn-quiz-answer', this.#answerStatement(q, optionIndex, success, duration, t));
    if (this.complete) this.#finish(t);
    this.requestRender();
  }

  #answerStatement(q: BankQuestion, chosen: number, success: boolean, ms: number, t: number): AttnQuizAnswerDetail {
    const b = this.#bank!;
    return {
      verb: { id: VERB_ANSWERED, display: { 'en-US': 'answered' } },
      object: {
        objectType: 'Activity',
        id: `urn:attention-lab:bank:${b.id}:question:${q.id}`,
        definition: {
          type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
          name: langMap(q.prompt),
          interactionType: 'choice',
          correctResponsesPattern: [`option-${q.answer}`],
          choices: q.options.map((o, i) => ({ id: `option-${i}`, description: langMap(o) })),
        },
      },
      result: {
        success,
        response: `option-${chosen}`,
        score: { raw: success ? 1 : 0, min: 0, max: 1, scaled: success ? 1 : 0 },
        duration: isoDuration(ms),
      },
      context: {
        registration: this.#attempt!.id,
        contextActivities: { parent: [{ id: `urn:attention-lab:bank:${b.id}`, objectType: 'Activity' }] },
      },
      timestamp: new Date(t).toISOString(),
    };
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
    const scaled = total ? score / total : 0;
    this.emit('attn-quiz-complete', {
      verb: { id: VERB_COMPLETED, display: { 'en-US': 'completed' } },
      object: {
        objectType: 'Activity',
        id: `urn:attention-lab:bank:${b.id}`,
        definition: { type: 'http://adlnet.gov/expapi/activities/assessment', name: langMap(b.lesson) },
      },
      result: {
        success: scaled >= PASS_SCALED,
        completion: true,
        score: { raw: score, min: 0, max: total, scaled: Math.round(scaled * 1000) / 1000 },
        duration: isoDuration(t - a.startedAt),
      },
      context: { registration: a.id },
      timestamp: new Date(t).toISOString(),
      attempt,
    });
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
    const lang: QuizLang = resolveLang(this);
    const s = STRINGS[lang];
    const active = this.root.activeElement as HTMLElement | null;
    const focusId = this.#pendingFocus ?? (active?.id || null);
    this.#pendingFocus = null;

    let content: Node;
    if (this.#phase.kind === 'loading') content = h('p', { class: 'loading', part: 'loading', role: 'status' }, s.loading);
    else if (this.#phase.kind === 'error') content = this.#renderError(this.#phase.error, s);
    else content = this.#renderQuiz(lang, s);
    this.root.replaceChildren(content);
    this.setAttribute('aria-busy', String(this.#phase.kind === 'loading'));

    if (focusId) {
      const el = this.root.getElementById(focusId);
      if (el instanceof HTMLElement) el.focus({ preventScroll: false });
    }
  }

  #renderError(err: LoadError, s: QuizStrings): Node {
    let msg: string;
    let list: Node | null = null;
    switch (err.kind) {
      case 'no-source': msg = s.errNoSource; break;
      case 'bad-name': msg = s.errBadName(err.name); break;
      case 'bad-src': msg = s.errBadSrc(err.src); break;
      case 'not-found': msg = `${s.errNotFound(err.what, err.status)} ${s.tried(err.url, err.base, this.src.trim() === '', document.querySelector('base[href]') !== null)}`; break;
      case 'not-json': msg = `${s.errNotJson(err.what)} ${s.tried(err.url, err.base, this.src.trim() === '', document.querySelector('base[href]') !== null)}`; break;
      case 'http': msg = `${s.errHttp(err.what, err.status)} ${s.tried(err.url, err.base, this.src.trim() === '', document.querySelector('base[href]') !== null)}`; break;
      case 'network': msg = `${s.errNetwork(err.what)} ${s.tried(err.url, err.base, this.src.trim() === '', document.querySelector('base[href]') !== null)}`; break;
      case 'invalid': {
        msg = s.errInvalid(err.issues.length, err.truncated);
        list = h('ul', { part: 'error-list' }, ...err.issues.slice(0, MAX_SHOWN_ISSUES).map((i) => h('li', {}, s.issue(i))));
        break;
      }
    }
    return h('div', { class: 'error', part: 'error', role: 'alert', 'data-error': err.kind },
      h('p', { class: 'error-title' }, s.errorTitle),
      h('p', { class: 'error-message' }, msg),
      list);
  }

  #sectionLink(href: string | undefined, section: string | undefined, s: QuizStrings, lang: QuizLang): HTMLAnchorElement | null {
    const b = this.#bank!;
    if (!section || (!href && !b.href)) return null;
    let url: URL;
    try {
      const base = b.href ? new URL(b.href, this.#bankBase || document.baseURI) : new URL(document.baseURI);
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

  #renderQuiz(lang: QuizLang, s: QuizStrings): Node {
    const b = this.#bank!, a = this.#attempt!;
    const raw = this.getAttribute('items');
    const bad = raw !== null && parseItems(raw) === null
      ? h('p', { class: 'error', part: 'error', role: 'alert' }, s.errItems(raw.slice(0, 40))) : null;
    const mode = this.items;
    if (mode === 'open') {
      return h('section', { class: 'quiz', part: 'quiz' },
        b.open.length ? this.#renderOpen(lang, s) : h('p', { class: 'hint', part: 'hint' }, s.noOpen));
    }
    const total = b.questions.length;
    const items = a.qOrder.map((qi, pos) => this.#renderQuestion(qi, pos, total, lang, s));
    const header = h('header', {},
      h('h2', { id: 'title', part: 'title' }, s.title(b.lesson[lang])),
      h('p', { class: 'hint', part: 'hint' }, s.instructions),
      h('p', { class: 'progress', part: 'progress' }, s.progress(this.answered, total)));
    const summary = this.complete ? this.#renderSummary(s, lang) : null;
    const open = b.open.length && mode === 'all' ? this.#renderOpen(lang, s) : null;
    return h('section', { class: 'quiz', part: 'quiz', 'aria-labelledby': 'title' },
      bad,
      header,
      h('ol', { class: 'questions', part: 'questions' }, ...items),
      summary,
      open);
  }

  #renderQuestion(qi: number, pos: number, total: number, lang: QuizLang, s: QuizStrings): Node {
    const b = this.#bank!, a = this.#attempt!;
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
      this.#sectionLink(q.sectionHref, q.section, s, lang));
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

  #renderSummary(s: QuizStrings, lang: QuizLang): Node {
    const a = this.#attempt!, b = this.#bank!;
    const score = this.score, total = this.total;
    const saved = a.saved === 'ok' ? s.savedOk : a.saved === 'memory-only' ? s.savedMemory : a.saved === 'failed' ? s.savedFailed : null;
    // The questions missed, in the order they were shown, each with the way back to its section.
    const missed = a.qOrder
      .map((qi, pos) => ({ q: b.questions[qi]!, pos, wrong: a.chosen[qi] !== b.questions[qi]!.answer }))
      .filter((x) => x.wrong)
      .map(({ q, pos }) => h('li', { 'data-question': q.id },
        h('span', { class: 'missed-label' }, s.questionLabel(pos + 1, total)), ' ',
        h('span', { class: 'missed-prompt' }, q.prompt[lang]), ' ',
        this.#sectionLink(q.sectionHref, q.section, s, lang)));
    return h('div', { class: 'summary', part: 'summary', id: 'summary', tabindex: '-1', role: 'group', 'aria-labelledby': 'summary-title' },
      h('p', { id: 'summary-title', class: 'summary-title' }, s.scoreTitle),
      h('p', { class: 'score', part: 'score' }, s.score(score, total)),
      h('p', {}, score === total ? s.perfect : s.notPerfect),
      missed.length ? h('ul', { class: 'missed', part: 'missed', 'aria-label': s.missedTitle }, ...missed) : null,
      saved ? h('p', { class: 'saved', part: 'saved' }, saved) : null,
      h('button', { type: 'button', id: 'retake', part: 'retake', 'data-action': 'retake' }, s.retake));
  }

  #renderOpen(lang: QuizLang, s: QuizStrings): Node {
    const b = this.#bank!;
    const items = b.open.map((p, i) => {
      const shown = this.#revealed.has(p.id);
      const ta = h('textarea', { id: `open-${i}`, part: 'open-answer', 'data-open': p.id, 'aria-describedby': `open-prompt-${i}` });
      ta.value = this.#openText.get(p.id) ?? '';
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
          shown ? this.#sectionLink(p.sectionHref, p.section, s, lang) : null));
    });
    return h('section', { class: 'open', part: 'open', 'aria-labelledby': 'open-title' },
      h('h3', { id: 'open-title' }, s.openTitle),
      h('p', { class: 'hint' }, s.openHint),
      ...items);
  }
}

define('attn-quiz', AttnQuiz);
