// The cmi5 AU (assignable unit): loaded only when the page's URL carries a
// cmi5 launch (endpoint, fetch, actor, registration, activityId, in any order).
// - POSTs once to `fetch` for the auth token (cmi5 error codes 1–3: a calm line);
// - reads the state LMS.LaunchData (contextTemplate, launchMode, masteryScore,
//   moveOn, returnURL) and the agent profile cmi5LearnerPreferences (its
//   languagePreference sets the page's language);
// - sends initialized first; per locked answer an `answered` (an allowed
//   statement); completed once per registration; one passed/failed per session
//   against the LMS's masteryScore; terminated last, on pagehide or the exit
//   button (which then follows returnURL). Browse/Review: initialized and
//   terminated only.
// Every statement goes to the outbox (web/storage/lms-queue.ts) first and is
// sent from there in order; what the LRS did not take waits for the next
// chance (the next statement, coming back online, the next launch).
import type { AttnQuizAnswerDetail, AttnQuizCompleteDetail } from '../elements/attn-quiz/attn-quiz';
import { applyLang, currentLang, LANG_EVENT } from '../i18n/lang';
import { readLmsQueue, writeLmsQueue } from '../storage/lms-queue';
import { showNotice } from '../scorm/notice';
import { uuid } from '../elements/attn-quiz/xapi';

export const XAPI_VERSION = '1.0.3';
const V = 'http://adlnet.gov/expapi/verbs/';
export const VERBS = {
  initialized: `${V}initialized`, completed: `${V}completed`, passed: `${V}passed`, failed: `${V}failed`,
  terminated: `${V}terminated`, answered: `${V}answered`,
} as const;
export const CAT_CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
export const CAT_MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
export const EXT_MASTERY = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
export const EXT_SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const QUIZ_SELECTOR = 'attn-quiz:not([items="open"])';

export interface Cmi5Launch { endpoint: string; fetch: string; actor: Record<string, unknown>; registration: string; activityId: string }

/** The launch parameters, in any order; null unless all five are there and usable. */
export function parseLaunch(search: string): Cmi5Launch | null {
  const q = new URLSearchParams(search);
  const [endpoint, fetchUrl, actor, registration, activityId] = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'].map((k) => q.get(k));
  if (!endpoint || !fetchUrl || !actor || !registration || !activityId) return null;
  let a: unknown;
  try { a = JSON.parse(actor); } catch { return null; }
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return null;
  try { new URL(endpoint); new URL(fetchUrl); } catch { return null; }
  return { endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`, fetch: fetchUrl, actor: a as Record<string, unknown>, registration, activityId };
}

interface LaunchData {
  contextTemplate: { contextActivities?: Record<string, unknown[]>; extensions?: Record<string, unknown> } & Record<string, unknown>;
  launchMode: 'Normal' | 'Browse' | 'Review';
  masteryScore?: number;
  moveOn?: string;
  returnURL?: string;
}

type Status = 'starting' | 'running' | 'launch-failed' | 'terminated';

export class Cmi5Au {
  status: Status = 'starting';
  /** Statements the LRS took in this page, in order (tests). */
  readonly delivered: string[] = [];
  #l: Cmi5Launch;
  #doc: Document;
  #token = '';
  #data: LaunchData | null = null;
  #started = Date.now();
  #judged = false;
  #sending: Promise<void> = Promise.resolve();
  #retry: ReturnType<typeof setTimeout> | null = null;
  #noticed = false;
  ready: Promise<void>;

  constructor(launch: Cmi5Launch, doc: Document = document) {
    this.#l = launch;
    this.#doc = doc;
    this.ready = this.#start().catch((e: unknown) => {
      try { console.warn(`attention-lab cmi5: ${e instanceof Error ? e.message : String(e)}`); } catch { /* no console */ }
      this.status = 'launch-failed';
      this.#notice('launch');
    });
  }

  #notice(kind: 'local' | 'auth' | 'launch'): void {
    if (this.#noticed && kind === 'local') return;
    this.#noticed = true;
    try { showNotice(kind, this.#doc); } catch { /* the page still works */ }
  }

  #headers(json = true): Record<string, string> {
    const h: Record<string, string> = { 'X-Experience-API-Version': XAPI_VERSION, Authorization: `Basic ${this.#token}` };
    if (json) h['Content-Type'] = 'application/json';
    return h;
  }

  #query(extra: Record<string, string>): string {
    return new URLSearchParams({ activityId: this.#l.activityId, agent: JSON.stringify(this.#l.actor), ...extra }).toString();
  }

  async #start(): Promise<void> {
    // The fetch URL is good for one POST only: never again, not even after a failure.
    const r = await fetch(this.#l.fetch, { method: 'POST' });
    const body = (await r.json().catch(() => null)) as Record<string, unknown> | null;
    if (!r.ok || !body || typeof body['auth-token'] !== 'string') {
      const code = body && typeof body['error-code'] === 'string' ? body['error-code'] : String(r.status);
      throw new Error(`fetch: no auth token (cmi5 error ${code}${body && typeof body['error-text'] === 'string' ? `: ${body['error-text']}` : ''})`);
    }
    this.#token = body['auth-token'];
    const s = await fetch(`${this.#l.endpoint}activities/state?${this.#query({ stateId: 'LMS.LaunchData', registration: this.#l.registration })}`, { headers: this.#headers(false) });
    if (s.status === 401) { this.#notice('auth'); throw new Error('LMS.LaunchData: 401'); }
    if (!s.ok) throw new Error(`LMS.LaunchData: ${s.status}`);
    const data = (await s.json()) as LaunchData;
    if (!data || typeof data.contextTemplate !== 'object' || !['Normal', 'Browse', 'Review'].includes(data.launchMode)) throw new Error('LMS.LaunchData: not cmi5 launch data');
    this.#data = data;
    const p = await fetch(`${this.#l.endpoint}agents/profile?${new URLSearchParams({ agent: JSON.stringify(this.#l.actor), profileId: 'cmi5LearnerPreferences' })}`, { headers: this.#headers(false) }).catch(() => null);
    if (p?.ok) {
      const prefs = (await p.json().catch(() => null)) as { languagePreference?: unknown } | null;
      this.#language(typeof prefs?.languagePreference === 'string' ? prefs.languagePreference : '');
    }
    this.status = 'running';
    this.#send(this.#statement('initialized', true));
    this.#wire();
  }

  #language(pref: string): void {
    for (const tag of pref.split(',').map((t) => t.trim().toLowerCase())) {
      const lang = tag.startsWith('zh') ? 'zh-CN' : tag.startsWith('en') ? 'en' : null;
      if (!lang) continue;
      if (lang !== currentLang()) {
        const button = this.#doc.getElementById('lang-switch');
        if (button) button.click(); else applyLang(lang);
      }
      return;
    }
  }

  #wire(): void {
    const win = this.#doc.defaultView;
    this.#doc.addEventListener('attn-quiz-answer', (e) => this.#guard(() => this.#onAnswer(e as CustomEvent<AttnQuizAnswerDetail>)));
    this.#doc.addEventListener('attn-quiz-complete', (e) => this.#guard(() => this.#onComplete(e as CustomEvent<AttnQuizCompleteDetail>)));
    win?.addEventListener('pagehide', () => this.#guard(() => this.terminate()));
    win?.addEventListener('online', () => this.#flush());
    if (this.#data?.returnURL) this.#exitButton(this.#data.returnURL);
  }

  #guard(fn: () => void): void {
    try { fn(); } catch (e) { try { console.warn(`attention-lab cmi5: ${e instanceof Error ? e.message : String(e)}`); } catch { /* none */ } }
  }

  #exitButton(returnURL: string): void {
    const b = this.#doc.createElement('button');
    b.type = 'button';
    b.dataset.cmi5Exit = '';
    b.className = 'attn-cmi5-exit';
    const paint = () => { b.textContent = currentLang() === 'en' ? 'Exit the lesson' : '退出本课'; };
    paint();
    this.#doc.addEventListener(LANG_EVENT, paint);
    b.addEventListener('click', async () => {
      this.terminate();
      await this.#sending;
      this.#doc.defaultView?.location.assign(returnURL);
    });
    (this.#doc.querySelector('header') ?? this.#doc.body).append(b);
  }

  get #normal(): boolean { return this.#data?.launchMode === 'Normal'; }

  #ours(e: Event): boolean { return e.target === this.#doc.querySelector(QUIZ_SELECTOR); }

  #onAnswer(e: CustomEvent<AttnQuizAnswerDetail>): void {
    if (this.status !== 'running' || !this.#normal || !this.#ours(e)) return;
    const d = e.detail;
    const st = this.#statement('answered', false, { ...d.result });
    st.object = d.object;
    const ctx = st.context as { contextActivities: Record<string, unknown[]> };
    ctx.contextActivities.parent = [{ objectType: 'Activity', id: this.#l.activityId }];
    this.#send(st);
  }

  #onComplete(e: CustomEvent<AttnQuizCompleteDetail>): void {
    if (this.status !== 'running' || !this.#normal || !this.#ours(e)) return;
    const scaled = e.detail.result.score.scaled;
    const q = readLmsQueue();
    const sent = q.sent[this.#l.registration] ?? [];
    const duration = isoDuration(Date.now() - this.#started);
    if (!sent.includes('completed')) {
      this.#send(this.#statement('completed', true, { completion: true, duration }, true), 'completed');
    }
    if (!this.#judged && !sent.includes('passed')) {
      this.#judged = true;
      const mastery = typeof this.#data?.masteryScore === 'number' ? this.#data.masteryScore : null;
      const passed = mastery === null ? e.detail.result.success : scaled >= mastery;
      const st = this.#statement(passed ? 'passed' : 'failed', true, { success: passed, score: { scaled }, duration }, true);
      if (mastery !== null) (st.context as { extensions: Record<string, unknown> }).extensions[EXT_MASTERY] = mastery;
      this.#send(st, passed ? 'passed' : undefined);
    }
  }

  /** terminated (once), then nothing more from this session. */
  terminate(): void {
    if (this.status !== 'running') return;
    this.status = 'terminated';
    this.#send(this.#statement('terminated', true, { duration: isoDuration(Date.now() - this.#started) }), undefined, true);
  }

  #statement(verb: keyof typeof VERBS, cmi5: boolean, result?: Record<string, unknown>, moveOn = false): Record<string, unknown> {
    const t = this.#data!.contextTemplate;
    const ca: Record<string, unknown[]> = {};
    for (const [k, v] of Object.entries(t.contextActivities ?? {})) if (Array.isArray(v)) ca[k] = [...v];
    if (cmi5) ca.category = [...(ca.category ?? []), { id: CAT_CMI5, objectType: 'Activity' }, ...(moveOn ? [{ id: CAT_MOVEON, objectType: 'Activity' }] : [])];
    const st: Record<string, unknown> = {
      id: uuid(),
      timestamp: new Date().toISOString(),
      actor: this.#l.actor,
      verb: { id: VERBS[verb], display: { 'en-US': verb } },
      object: { objectType: 'Activity', id: this.#l.activityId },
      context: { ...t, registration: this.#l.registration, contextActivities: ca, extensions: { ...(t.extensions ?? {}) } },
    };
    if (result) st.result = result;
    return st;
  }

  /** Into the outbox (and, for once-only verbs, the registration's record), then send what waits. */
  #send(statement: Record<string, unknown>, once?: string, leaving = false): void {
    const q = readLmsQueue();
    q.items.push({ endpoint: this.#l.endpoint, statement });
    if (once) q.sent[this.#l.registration] = [...(q.sent[this.#l.registration] ?? []), once];
    writeLmsQueue(q);
    this.#flush(leaving);
  }

  /** Sends the outbox in order, one at a time; stops at the first failure and tries again later. */
  #flush(leaving = false): void {
    this.#sending = this.#sending.then(() => this.#drain(leaving));
  }

  async #drain(leaving: boolean): Promise<void> {
    if (!this.#token) return;
    for (;;) {
      const q = readLmsQueue();
      const next = q.items.find((i) => i.endpoint === this.#l.endpoint);
      if (!next) return;
      const id = String(next.statement.id);
      let status = 0;
      try {
        const r = await fetch(`${this.#l.endpoint}statements?${new URLSearchParams({ statementId: id })}`, {
          method: 'PUT', headers: this.#headers(), body: JSON.stringify(next.statement), keepalive: leaving,
        });
        status = r.status;
      } catch { status = 0; }
      // 204: taken; 409: the LRS has a statement with this id already (an earlier send got through); 400: it will never take it.
      if (status === 204 || status === 200 || status === 409 || status === 400) {
        if (status === 400) try { console.warn(`attention-lab cmi5: the LRS refused statement ${id} as malformed`); } catch { /* none */ }
        const now = readLmsQueue();
        now.items = now.items.filter((i) => String(i.statement.id) !== id);
        writeLmsQueue(now);
        if (status !== 400) this.delivered.push(id);
        continue;
      }
      if (status === 401 || status === 403) this.#notice('auth');
      else this.#notice('local');
      if (!this.#retry && !leaving) this.#retry = setTimeout(() => { this.#retry = null; this.#flush(); }, 2000);
      return;
    }
  }

  /** Resolves when the outbox has been tried (tests). */
  settled(): Promise<void> { return this.#sending; }
}

function isoDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 10) / 100);
  return `PT${s}S`;
}

let running: Cmi5Au | null = null;
export function startCmi5(launch: Cmi5Launch, doc: Document = document): Cmi5Au {
  running ??= new Cmi5Au(launch, doc);
  return running;
}
