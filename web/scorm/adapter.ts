// The SCORM 1.2 adapter: loaded only when find.ts found an LMS's API. It
// listens to the quiz's xAPI-shaped events and speaks SCORM to the LMS:
// - at launch: LMSInitialize; lesson_status `incomplete` unless the LMS
//   already holds a result; suspend_data read back (locked answers into the
//   quiz, the lesson's review state into the progress store);
// - per answer: cmi.interactions.n.* (id, type choice, student_response,
//   correct_responses.0.pattern, result, latency, time), suspend_data,
//   session_time, LMSCommit;
// - at the end of the quiz: cmi.core.score.raw/min/max (percent) and passed /
//   failed against the mastery score; the best attempt counts;
// - on pagehide: session_time, exit `suspend`, LMSFinish (and a new
//   LMSInitialize if the page comes back from the back/forward cache).
// Every call is guarded (lms.ts): a failure is retried once, then the page
// shows a calm note (notice.ts) and keeps working locally.
// With a SCORM 2004 API (API_1484_11) the same flow speaks the 2004 data
// model: completion_status + success_status (against cmi.scaled_passing_score),
// score.scaled/raw/min/max, progress_measure, location, ISO 8601 session_time
// and interaction times, suspend_data up to 64,000 characters, exit `suspend`
// (or `normal` once passed), learner_preference.language for the page's
// language; Commit after each answer, Terminate on pagehide.
import type { AttnQuiz, AttnQuizAnswerDetail, AttnQuizCompleteDetail } from '../elements/attn-quiz/attn-quiz';
import {
  CURRENT_VERSION, getStorageStatus, importProgress, quizAttempts, reviewItem, reviewLogs, subscribe,
} from '../storage/progress';
import { applyLang, currentLang } from '../i18n/lang';
import { normaliseLang } from '../shared/lang';
import type { Scorm12Api, Scorm2004Api } from './find';
import { cmiTime, cmiTimespan, isoTime, isoTimespan, LmsSession, type LmsFailure } from './lms';
import { showNotice } from './notice';
import { decodeSuspend, encodeSuspend, SUSPEND_LIMIT, SUSPEND_LIMIT_2004, type SavedQuiz, type SuspendState } from './suspend';

export const DEFAULT_MASTERY = 80;
const QUIZ_SELECTOR = 'attn-quiz:not([items="open"])';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export interface ScormStatus {
  initialized: boolean;
  finished: boolean;
  /** False once a call failed for good: the notice is showing. */
  saving: boolean;
  failures: LmsFailure[];
  /** What became of the suspend_data found at launch. */
  resumed: 'none' | 'restored' | 'ignored-corrupt' | 'ignored-too-long' | 'ignored-other-bank';
  interactions: number;
}

/** ISO 8601 duration `PT12.3S` (what the quiz's events carry) in ms; 0 if unreadable. */
export function durationMs(d: string): number {
  const m = /^PT(\d+(?:\.\d+)?)S$/.exec(d);
  return m ? Math.round(Number(m[1]) * 1000) : 0;
}

/** A 2004 interaction description (localized_string_type, SPM 250): the question's text in the page's language, plain. */
function describe(q: { id: string; prompt: Record<'zh-CN' | 'en', string> }, lang: 'zh-CN' | 'en'): string {
  const plain = (q.prompt[lang] ?? '').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim() || q.id;
  return `{lang=${lang}}${plain.slice(0, 230)}`;
}

const safeId = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 255) || 'q';

export class ScormAdapter {
  readonly status: ScormStatus = { initialized: false, finished: false, saving: true, failures: [], resumed: 'none', interactions: 0 };
  #lms: LmsSession;
  #v: '1.2' | '2004';
  #doc: Document;
  #limit: number;
  #done = false;
  #passed = false;
  #started = Date.now();
  #mastery = DEFAULT_MASTERY;
  #bestRaw = NaN;
  #interactionsOff = false;
  #quiz: AttnQuiz | null = null;
  #current: SavedQuiz | null = null;
  #saveQueued = false;
  #off: (() => void)[] = [];
  /**
   * Resolves once start() has found the page's graded quiz (its bank loaded)
   * and restored what suspend_data held, or found none: what tests wait on.
   */
  ready: Promise<void> = Promise.resolve();

  constructor(api: Scorm12Api | Scorm2004Api, doc: Document = document, version: '1.2' | '2004' = '1.2') {
    this.#doc = doc;
    this.#v = version;
    this.#limit = version === '2004' ? SUSPEND_LIMIT_2004 : SUSPEND_LIMIT;
    this.#lms = new LmsSession(api, (f) => this.#failed(f), version);
    this.status.failures = this.#lms.failures;
  }

  #failed(f: LmsFailure): void {
    this.status.saving = false;
    try { console.warn(`attention-lab SCORM: ${f.call}${f.element ? `(${f.element})` : ''} failed: ${f.code || '-'} ${f.message}`); } catch { /* no console */ }
    let kind: 'local' | 'memory' = 'local';
    try { if (getStorageStatus() === 'memory-only') kind = 'memory'; } catch { kind = 'memory'; }
    try { showNotice(kind, this.#doc); } catch { /* the page still works */ }
  }

  /** Initialises the LMS session and wires the page. Never throws. */
  start(): void {
    try {
      this.#start();
    } catch (e) {
      // A bug of ours must not break the lesson: say the course is not saving.
      this.#failed({ call: 'LMSInitialize', code: '', message: e instanceof Error ? e.message : String(e), diagnostic: '', threw: true });
    }
  }

  #start(): void {
    if (!this.#lms.initialize()) return;      // not initialised: every later call would fail; the page works as it is
    this.status.initialized = true;
    if (this.#v === '2004') {
      const completion = this.#lms.get('cmi.completion_status').value.trim().toLowerCase();
      this.#done = completion === 'completed';
      if (!this.#done) this.#lms.set('cmi.completion_status', 'incomplete');
      this.#passed = this.#lms.get('cmi.success_status').value.trim().toLowerCase() === 'passed';
      const passing = Number.parseFloat(this.#lms.get('cmi.scaled_passing_score').value);
      if (Number.isFinite(passing) && passing >= -1 && passing <= 1) this.#mastery = Math.max(0, passing * 100);
      this.#language(this.#lms.get('cmi.learner_preference.language').value);
    } else {
      const status = this.#lms.get('cmi.core.lesson_status').value.trim().toLowerCase();
      if (status === '' || status === 'not attempted') this.#lms.set('cmi.core.lesson_status', 'incomplete');
      const mastery = Number.parseFloat(this.#lms.get('cmi.student_data.mastery_score').value);
      if (Number.isFinite(mastery) && mastery >= 0 && mastery <= 100) this.#mastery = mastery;
    }
    const raw = Number.parseFloat(this.#lms.get(this.#el('score.raw')).value);
    if (Number.isFinite(raw)) this.#bestRaw = raw;
    const count = this.#lms.get('cmi.interactions._count');
    if (count.ok) this.status.interactions = Math.max(0, Number.parseInt(count.value, 10) || 0);
    else this.#interactionsOff = true;
    const suspend = this.#lms.get('cmi.suspend_data').value;
    this.#lms.commit();

    const onAnswer = (e: Event) => this.#guard(() => this.#onAnswer(e as CustomEvent<AttnQuizAnswerDetail>));
    const onComplete = (e: Event) => this.#guard(() => this.#onComplete(e as CustomEvent<AttnQuizCompleteDetail>));
    const onHide = () => this.#guard(() => this.finish());
    const onShow = (e: Event) => this.#guard(() => { if ((e as PageTransitionEvent).persisted) this.#reopen(); });
    const onHidden = () => this.#guard(() => { if (this.#doc.visibilityState === 'hidden') this.#save(); });
    this.#doc.addEventListener('attn-quiz-answer', onAnswer);
    this.#doc.addEventListener('attn-quiz-complete', onComplete);
    this.#doc.addEventListener('visibilitychange', onHidden);
    const win = this.#doc.defaultView;
    win?.addEventListener('pagehide', onHide);
    win?.addEventListener('pageshow', onShow);
    this.#off.push(() => {
      this.#doc.removeEventListener('attn-quiz-answer', onAnswer);
      this.#doc.removeEventListener('attn-quiz-complete', onComplete);
      this.#doc.removeEventListener('visibilitychange', onHidden);
      win?.removeEventListener('pagehide', onHide);
      win?.removeEventListener('pageshow', onShow);
    });
    this.ready = this.#whenQuizReady().then(
      (quiz) => this.#guard(() => this.#resume(quiz, suspend)),
      // The quiz broke while we waited for it: nothing reaches the LMS from here on, so say so (never an unhandled rejection).
      (e: unknown) => this.#failed({ call: 'LMSGetValue', element: 'cmi.suspend_data', code: '', message: e instanceof Error ? e.message : String(e), diagnostic: '', threw: true }),
    );
  }

  /** `cmi.core.x` (1.2) or `cmi.x` (2004) for the elements both have. */
  #el(name: 'score.raw' | 'score.min' | 'score.max' | 'session_time' | 'exit'): string {
    return this.#v === '2004' ? `cmi.${name}` : `cmi.core.${name}`;
  }

  /** The LMS's language for the learner (2004's learner_preference.language): the page follows it through its own switch. */
  #language(value: string): void {
    const v = value.trim().toLowerCase();
    const lang = v.startsWith('zh') ? 'zh-CN' : v.startsWith('en') ? 'en' : normaliseLang(value);
    if (!lang || lang === currentLang()) return;
    const button = this.#doc.getElementById('lang-switch');
    if (button) button.click();
    else applyLang(lang);
  }

  #guard(fn: () => void): void {
    try { fn(); } catch (e) {
      this.#failed({ call: 'LMSSetValue', code: '', message: e instanceof Error ? e.message : String(e), diagnostic: '', threw: true });
    }
  }

  /** The page's graded quiz, once its bank has loaded (null if the page has none or it cannot load). */
  async #whenQuizReady(): Promise<AttnQuiz | null> {
    const el = this.#doc.querySelector(QUIZ_SELECTOR);
    if (!el) return null;
    await customElements.whenDefined('attn-quiz');
    const quiz = el as AttnQuiz;
    for (let i = 0; i < 600 && quiz.state === 'loading'; i++) {
      await new Promise<void>((ok) => {
        const mo = new MutationObserver(() => { mo.disconnect(); ok(); });
        mo.observe(quiz, { attributes: true, attributeFilter: ['aria-busy'] });
        setTimeout(() => { mo.disconnect(); ok(); }, 100);
      });
    }
    return quiz.state === 'ready' && quiz.bankData ? quiz : null;
  }

  #lesson(quiz: AttnQuiz): string {
    return quiz.lesson.trim() || quiz.bankData!.id;
  }

  #resume(quiz: AttnQuiz | null, suspend: string): void {
    if (!quiz) return;
    this.#quiz = quiz;
    const off = subscribe(() => this.#queueSave());
    this.#off.push(off);
    const bank = quiz.bankData!;
    const d = decodeSuspend(suspend, bank, this.#limit);
    if (!d.ok) {
      if (d.reason !== 'empty') this.status.resumed = d.reason === 'too-long' ? 'ignored-too-long' : 'ignored-corrupt';
      return;
    }
    if (d.state.lesson !== this.#lesson(quiz)) { this.status.resumed = 'ignored-other-bank'; return; }
    // The lesson's review state into the progress store (validated there, merged, never replacing).
    const lesson = d.state.lesson;
    if (d.state.review || d.state.attempts.length || d.state.logs.length) {
      const env = {
        v: CURRENT_VERSION,
        data: { attempts: d.state.attempts, exercises: {}, reviews: d.state.review ? { [lesson]: d.state.review } : {}, logs: d.state.logs },
      };
      const r = importProgress(JSON.stringify(env));
      if (!r.ok) { this.status.resumed = 'ignored-corrupt'; return; }
    }
    // The locked answers, unless the learner has already started answering.
    if (d.state.quiz && quiz.answered === 0 && quiz.restoreAttempt(d.state.quiz)) this.#current = d.state.quiz;
    this.status.resumed = d.bankChanged ? 'ignored-other-bank' : 'restored';
  }

  #isOurs(e: Event): boolean {
    const q = this.#quiz ?? this.#doc.querySelector(QUIZ_SELECTOR);
    return q !== null && e.target === q;
  }

  #onAnswer(e: CustomEvent<AttnQuizAnswerDetail>): void {
    if (!this.#isOurs(e) || this.status.finished) return;
    const quiz = e.target as AttnQuiz;
    this.#quiz ??= quiz;
    const bank = quiz.bankData;
    const d = e.detail;
    if (!bank) return;
    const qid = d.object.id.split(':question:')[1] ?? '';
    const qi = bank.questions.findIndex((q) => q.id === qid);
    const chosen = Number(/^option-(\d+)$/.exec(d.result.response ?? '')?.[1] ?? NaN);
    if (qi < 0 || !Number.isInteger(chosen)) return;
    const q = bank.questions[qi]!;
    const ms = durationMs(d.result.duration);
    const t = Date.parse(d.timestamp) || Date.now();

    // Track the attempt the quiz is on (a retake has a new registration).
    if (!this.#current || this.#current.id !== d.context.registration) {
      this.#current = { id: d.context.registration, startedAt: t - ms, order: [], options: [], chosen: bank.questions.map(() => null) };
    }
    const cur = this.#current;
    const ids = bank.questions.map((x) => x.id);
    cur.order = quiz.order.map((id) => ids.indexOf(id));
    const opt = quiz.optionOrder;
    cur.options = ids.map((id) => opt[id] ?? []);
    cur.chosen[qi] = chosen;

    if (!this.#interactionsOff && this.#v === '2004') {
      const n = this.status.interactions++;
      const p = `cmi.interactions.${n}.`;
      this.#lms.set(`${p}id`, safeId(q.id));
      this.#lms.set(`${p}type`, 'choice');
      this.#lms.set(`${p}description`, describe(q, currentLang()));
      this.#lms.set(`${p}learner_response`, LETTERS[chosen] ?? String(chosen));
      this.#lms.set(`${p}correct_responses.0.pattern`, LETTERS[q.answer] ?? String(q.answer));
      this.#lms.set(`${p}result`, d.result.success ? 'correct' : 'incorrect');
      this.#lms.set(`${p}timestamp`, isoTime(t - ms));
      this.#lms.set(`${p}latency`, isoTimespan(ms));
    } else if (!this.#interactionsOff) {
      const n = this.status.interactions++;
      const p = `cmi.interactions.${n}.`;
      this.#lms.set(`${p}id`, safeId(q.id));
      this.#lms.set(`${p}type`, 'choice');
      this.#lms.set(`${p}student_response`, LETTERS[chosen] ?? String(chosen));
      this.#lms.set(`${p}correct_responses.0.pattern`, LETTERS[q.answer] ?? String(q.answer));
      this.#lms.set(`${p}result`, d.result.success ? 'correct' : 'wrong');
      this.#lms.set(`${p}latency`, cmiTimespan(ms));
      this.#lms.set(`${p}time`, cmiTime(t));
    }
    if (this.#v === '2004') {
      const answered = cur.chosen.filter((c) => c !== null).length;
      this.#lms.set('cmi.location', `q${answered}`);
      if (!this.#done) this.#lms.set('cmi.progress_measure', String(Math.round((1000 * answered) / bank.questions.length) / 1000));
    }
    this.#save();
  }

  #onComplete(e: CustomEvent<AttnQuizCompleteDetail>): void {
    if (!this.#isOurs(e) || this.status.finished) return;
    const { raw: score, max: total } = e.detail.result.score;
    if (!(total > 0)) return;
    const raw = Math.round((10_000 * score) / total) / 100;
    if (!(raw < this.#bestRaw)) {             // the best attempt counts (NaN: the first)
      this.#bestRaw = raw;
      this.#lms.set(this.#el('score.min'), '0');
      this.#lms.set(this.#el('score.max'), '100');
      this.#lms.set(this.#el('score.raw'), String(raw));
      if (this.#v === '2004') {
        this.#lms.set('cmi.score.scaled', String(Math.round(raw * 100) / 10_000));
        this.#passed = raw >= this.#mastery;
        this.#lms.set('cmi.success_status', this.#passed ? 'passed' : 'failed');
      } else {
        this.#lms.set('cmi.core.lesson_status', raw >= this.#mastery ? 'passed' : 'failed');
      }
    }
    if (this.#v === '2004' && !this.#done) {
      this.#done = true;                      // the quiz is finished: the SCO is complete, whatever the score
      this.#lms.set('cmi.progress_measure', '1');
      this.#lms.set('cmi.completion_status', 'completed');
    }
    this.#save();
  }

  #snapshot(): string | null {
    const quiz = this.#quiz;
    const bank = quiz?.bankData;
    if (!quiz || !bank) return null;
    const lesson = this.#lesson(quiz);
    const state: SuspendState = {
      lesson, quiz: this.#current, attempts: quizAttempts(lesson).filter((a) => a.bankId === bank.id),
      review: reviewItem(lesson), logs: reviewLogs(lesson),
    };
    return encodeSuspend(state, bank, this.#limit);
  }

  #queueSave(): void {
    if (this.#saveQueued || this.status.finished) return;
    this.#saveQueued = true;
    setTimeout(() => { this.#saveQueued = false; this.#guard(() => this.#save()); }, 50);
  }

  /** suspend_data, session_time, LMSCommit. */
  #save(): void {
    if (!this.status.initialized || this.status.finished) return;
    const data = this.#snapshot();
    if (data !== null) this.#lms.set('cmi.suspend_data', data);
    this.#lms.set(this.#el('session_time'), this.#span(Date.now() - this.#started));
    this.#lms.commit();
  }

  /** Final save and LMSFinish (on pagehide); later calls do nothing. */
  finish(): void {
    if (!this.status.initialized || this.status.finished) return;
    const data = this.#snapshot();
    if (data !== null) this.#lms.set('cmi.suspend_data', data);
    this.#lms.set(this.#el('session_time'), this.#span(Date.now() - this.#started));
    // `suspend` keeps the attempt (and its suspend_data) for the next launch. 2004: `normal`
    // once the quiz is completed and passed (the LMS may then start a new attempt; the
    // review schedule stays in the browser's store).
    this.#lms.set(this.#el('exit'), this.#v === '2004' && this.#done && this.#passed ? 'normal' : 'suspend');
    this.status.finished = true;
    this.#lms.finish();
  }

  #span(ms: number): string {
    return this.#v === '2004' ? isoTimespan(ms) : cmiTimespan(ms);
  }

  /** Back from the back/forward cache after pagehide finished the session: a new LMS session. */
  #reopen(): void {
    if (!this.status.finished) return;
    this.#started = Date.now();
    if (!this.#lms.initialize()) return;      // the notice says so
    this.status.finished = false;
    this.#save();
  }

  /** Removes every listener (tests; a page never needs it). */
  dispose(): void {
    for (const off of this.#off.splice(0)) off();
  }
}

let running: ScormAdapter | null = null;

/** Starts the adapter once per page. */
export function startScorm(api: Scorm12Api | Scorm2004Api, doc: Document = document, version: '1.2' | '2004' = '1.2'): ScormAdapter {
  if (!running) {
    running = new ScormAdapter(api, doc, version);
    running.start();
  }
  return running;
}
