// Question banks for <attn-quiz>: the schema, the limits and a strict
// validator. No DOM here, so it runs in Node (tests, build checks) as well as
// in the browser. The format is documented in README.md next to this file.

import { isSafeHref } from '../../shared/parse';
import type { Lang } from '../../shared/lang';

export const BANK_LANGS: readonly Lang[] = ['zh-CN', 'en'];

/** A piece of text in every language the UI speaks. */
export type LangText = Record<Lang, string>;

export interface BankQuestion {
  id: string;
  /** Short label of the lesson section this question tests, e.g. "3" or "1.4". */
  section: string;
  /** Link to that section, relative to the bank's `href` (or to the page). */
  sectionHref?: string;
  prompt: LangText;
  options: LangText[];
  /** Index into `options` of the right answer. */
  answer: number;
  explanation: LangText;
}

export interface BankOpenPrompt {
  id: string;
  section?: string;
  sectionHref?: string;
  prompt: LangText;
  /** The model answer, revealed after the learner has written their own. */
  model: LangText;
}

export interface Bank {
  id: string;
  version: number;
  lesson: LangText;
  href?: string;
  questions: BankQuestion[];
  open: BankOpenPrompt[];
}

export const LIMITS = {
  /** Characters of JSON text accepted before parsing at all. */
  maxChars: 4_000_000,
  maxQuestions: 200,
  maxOpen: 20,
  minOptions: 2,
  maxOptions: 8,
  maxString: 2000,
  maxShortString: 64,
  maxHref: 500,
  /** Issues collected before the validator stops looking. */
  maxIssues: 20,
} as const;

/** Names usable in `<attn-quiz bank="…">` and as a bank's own id. */
export const BANK_NAME = /^[a-z0-9-]{1,64}$/;
/** Question and open-prompt ids. */
export const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type IssueCode =
  | 'too-large'
  | 'json'
  | 'type'
  | 'required'
  | 'unknown-field'
  | 'empty'
  | 'too-long'
  | 'too-many'
  | 'too-few'
  | 'answer-range'
  | 'duplicate-id'
  | 'duplicate-option'
  | 'bad-id'
  | 'bad-href'
  | 'bad-version';

export interface BankIssue {
  /** Where in the bank, e.g. `questions[3].answer`; `""` for the whole text. */
  path: string;
  /** The id of the question or open prompt the issue is in, when it has a usable one. */
  itemId?: string;
  code: IssueCode;
  /** Values the message is built from (counts, limits, the offending value). */
  params: Record<string, string | number>;
  /** The issue in English, prefixed by its path and followed by the item's id. */
  message: string;
}

/**
 * Something a valid bank does that gives answers away. Today one kind: the
 * right option is the strictly longest (or shortest) one more often than
 * chance would have it, so a learner can pass by picking on length alone.
 */
export interface BankWarning {
  code: 'longest-answer' | 'shortest-answer';
  lang: Lang;
  /** Questions whose right option is strictly the longest (resp. shortest) in `lang`. */
  count: number;
  total: number;
  /** What blind guessing would give: the sum of 1/options over the questions. */
  expected: number;
  /** Ids of those questions. */
  questions: string[];
  message: string;
}

export type BankResult =
  | { ok: true; bank: Bank; warnings: BankWarning[] }
  | { ok: false; issues: BankIssue[]; truncated: boolean };

const TYPE_NAMES: Record<string, string> = { string: 'a string', number: 'a number', object: 'an object', array: 'an array', integer: 'an integer' };

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 40 ? `a string of ${v.length} characters` : JSON.stringify(v);
  if (typeof v === 'number') return String(v);
  return `${typeof v === 'object' ? 'an' : 'a'} ${typeof v}`;
}

/** English text of an issue (without the path). The element has its own translations. */
export function issueText(code: IssueCode, p: Record<string, string | number>): string {
  switch (code) {
    case 'too-large': return `the bank is ${p.got} characters long; at most ${p.max} are accepted`;
    case 'json': return `not valid JSON (${p.detail})`;
    case 'type': return `must be ${p.expected}, got ${p.got}`;
    case 'required': return 'is required';
    case 'unknown-field': return `unknown field "${p.field}"`;
    case 'empty': return 'must not be empty';
    case 'too-long': return `at most ${p.max} characters, got ${p.got}`;
    case 'too-many': return `at most ${p.max} entries, got ${p.got}`;
    case 'too-few': return `at least ${p.min} entries, got ${p.got}`;
    case 'answer-range': return `must be an index into options (0–${p.max}), got ${p.got}`;
    case 'duplicate-id': return `duplicate id "${p.id}" (first used at ${p.first})`;
    case 'duplicate-option': return `same text as option ${p.first} in ${p.lang}`;
    case 'bad-id': return `must match ${p.pattern}, got ${p.got}`;
    case 'bad-href': return `must be a relative link or an http(s) URL, got ${p.got}`;
    case 'bad-version': return `must be a positive integer, got ${p.got}`;
  }
}

class TooManyIssues extends Error {}

/** ` (id "q-mask")`: the id an issue's message ends with, so an author finds the item without counting. */
export function itemSuffix(itemId: string | undefined): string {
  return itemId === undefined ? '' : ` (id "${itemId}")`;
}

class Collector {
  readonly issues: BankIssue[] = [];
  truncated = false;
  /** Id of the question or open prompt being checked, when it has a usable one. */
  item: string | undefined;
  add(path: string, code: IssueCode, params: Record<string, string | number> = {}): void {
    if (this.issues.length >= LIMITS.maxIssues) {
      this.truncated = true;
      throw new TooManyIssues();
    }
    const text = issueText(code, params);
    const issue: BankIssue = { path, code, params, message: `${path ? `${path}: ${text}` : text}${itemSuffix(this.item)}` };
    if (this.item !== undefined) issue.itemId = this.item;
    this.issues.push(issue);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkKeys(c: Collector, path: string, o: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(o)) {
    if (allowed.includes(k) || k === '$schema' || k === '$comment') continue;
    c.add(path, 'unknown-field', { field: k.length > 40 ? `${k.slice(0, 40)}…` : k });
  }
}

function str(c: Collector, path: string, v: unknown, max: number = LIMITS.maxString): string | undefined {
  if (v === undefined) { c.add(path, 'required'); return undefined; }
  if (typeof v !== 'string') { c.add(path, 'type', { expected: TYPE_NAMES.string, got: describe(v) }); return undefined; }
  if (v.trim() === '') { c.add(path, 'empty'); return undefined; }
  if (v.length > max) { c.add(path, 'too-long', { max, got: v.length }); return undefined; }
  return v;
}

function langText(c: Collector, path: string, v: unknown): LangText | undefined {
  if (v === undefined) { c.add(path, 'required'); return undefined; }
  if (!isObject(v)) { c.add(path, 'type', { expected: 'an object with "zh-CN" and "en" texts', got: describe(v) }); return undefined; }
  checkKeys(c, path, v, BANK_LANGS);
  const zh = str(c, `${path}.zh-CN`, v['zh-CN']);
  const en = str(c, `${path}.en`, v.en);
  return zh !== undefined && en !== undefined ? { 'zh-CN': zh, en } : undefined;
}

function id(c: Collector, path: string, v: unknown, pattern: RegExp): string | undefined {
  if (v === undefined) { c.add(path, 'required'); return undefined; }
  if (typeof v !== 'string') { c.add(path, 'type', { expected: TYPE_NAMES.string, got: describe(v) }); return undefined; }
  if (!pattern.test(v)) { c.add(path, 'bad-id', { pattern: String(pattern), got: describe(v) }); return undefined; }
  return v;
}

export { isSafeHref };

function href(c: Collector, path: string, v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const s = str(c, path, v, LIMITS.maxHref);
  if (s === undefined) return undefined;
  if (!isSafeHref(s)) { c.add(path, 'bad-href', { got: describe(s) }); return undefined; }
  return s;
}

function array(c: Collector, path: string, v: unknown, min: number, max: number, required: boolean): unknown[] | undefined {
  if (v === undefined) { if (required) c.add(path, 'required'); return undefined; }
  if (!Array.isArray(v)) { c.add(path, 'type', { expected: TYPE_NAMES.array, got: describe(v) }); return undefined; }
  if (v.length > max) { c.add(path, 'too-many', { max, got: v.length }); return undefined; }
  if (v.length < min) { c.add(path, 'too-few', { min, got: v.length }); return undefined; }
  return v;
}

function question(c: Collector, path: string, v: unknown): BankQuestion | undefined {
  if (!isObject(v)) { c.add(path, 'type', { expected: TYPE_NAMES.object, got: describe(v) }); return undefined; }
  checkKeys(c, path, v, ['id', 'section', 'sectionHref', 'prompt', 'options', 'answer', 'explanation']);
  const qid = id(c, `${path}.id`, v.id, ITEM_ID);
  const section = str(c, `${path}.section`, v.section, LIMITS.maxShortString);
  const sectionHref = href(c, `${path}.sectionHref`, v.sectionHref);
  const prompt = langText(c, `${path}.prompt`, v.prompt);
  const rawOptions = array(c, `${path}.options`, v.options, LIMITS.minOptions, LIMITS.maxOptions, true);
  let options: LangText[] | undefined;
  if (rawOptions) {
    const parsed = rawOptions.map((o, i) => langText(c, `${path}.options[${i}]`, o));
    if (parsed.every((o): o is LangText => o !== undefined)) {
      options = parsed;
      for (const lang of BANK_LANGS) {
        const seen = new Map<string, number>();
        options.forEach((o, i) => {
          const key = o[lang].trim();
          const first = seen.get(key);
          if (first !== undefined) c.add(`${path}.options[${i}]`, 'duplicate-option', { first, lang });
          else seen.set(key, i);
        });
      }
    }
  }
  let answer: number | undefined;
  const a = v.answer;
  if (a === undefined) c.add(`${path}.answer`, 'required');
  else if (typeof a !== 'number' || !Number.isInteger(a)) c.add(`${path}.answer`, 'type', { expected: TYPE_NAMES.integer, got: describe(a) });
  else if (rawOptions && (a < 0 || a >= rawOptions.length)) c.add(`${path}.answer`, 'answer-range', { max: rawOptions.length - 1, got: a });
  else answer = a;
  const explanation = langText(c, `${path}.explanation`, v.explanation);
  if (qid === undefined || section === undefined || prompt === undefined || options === undefined || answer === undefined || explanation === undefined) return undefined;
  const q: BankQuestion = { id: qid, section, prompt, options, answer, explanation };
  if (sectionHref !== undefined) q.sectionHref = sectionHref;
  return q;
}

function openPrompt(c: Collector, path: string, v: unknown): BankOpenPrompt | undefined {
  if (!isObject(v)) { c.add(path, 'type', { expected: TYPE_NAMES.object, got: describe(v) }); return undefined; }
  checkKeys(c, path, v, ['id', 'section', 'sectionHref', 'prompt', 'model']);
  const pid = id(c, `${path}.id`, v.id, ITEM_ID);
  const section = v.section === undefined ? undefined : str(c, `${path}.section`, v.section, LIMITS.maxShortString);
  const sectionHref = href(c, `${path}.sectionHref`, v.sectionHref);
  const prompt = langText(c, `${path}.prompt`, v.prompt);
  const model = langText(c, `${path}.model`, v.model);
  if (pid === undefined || prompt === undefined || model === undefined) return undefined;
  const p: BankOpenPrompt = { id: pid, prompt, model };
  if (section !== undefined) p.section = section;
  if (sectionHref !== undefined) p.sectionHref = sectionHref;
  return p;
}

function validateInto(c: Collector, data: unknown): Bank | undefined {
  if (!isObject(data)) { c.add('', 'type', { expected: 'a JSON object', got: describe(data) }); return undefined; }
  checkKeys(c, '', data, ['id', 'version', 'lesson', 'href', 'questions', 'open']);
  const bid = id(c, 'id', data.id, BANK_NAME);
  let version: number | undefined;
  if (data.version === undefined) c.add('version', 'required');
  else if (typeof data.version !== 'number' || !Number.isInteger(data.version) || data.version < 1) c.add('version', 'bad-version', { got: describe(data.version) });
  else version = data.version;
  const lesson = langText(c, 'lesson', data.lesson);
  const base = href(c, 'href', data.href);

  const ids = new Map<string, string>();
  const claim = (path: string, itemId: string | undefined): void => {
    if (itemId === undefined) return;
    const first = ids.get(itemId);
    if (first !== undefined) c.add(`${path}.id`, 'duplicate-id', { id: itemId, first });
    else ids.set(itemId, path);
  };

  const rawQ = array(c, 'questions', data.questions, 1, LIMITS.maxQuestions, true);
  const questions: BankQuestion[] = [];
  let questionsOk = rawQ !== undefined;
  const usableId = (raw: unknown) => (isObject(raw) && typeof raw.id === 'string' && ITEM_ID.test(raw.id) ? raw.id : undefined);
  rawQ?.forEach((raw, i) => {
    c.item = usableId(raw);
    const q = question(c, `questions[${i}]`, raw);
    claim(`questions[${i}]`, c.item);
    c.item = undefined;
    if (q) questions.push(q);
    else questionsOk = false;
  });

  const rawOpen = array(c, 'open', data.open, 0, LIMITS.maxOpen, false);
  const open: BankOpenPrompt[] = [];
  let openOk = data.open === undefined || rawOpen !== undefined;
  rawOpen?.forEach((raw, i) => {
    c.item = usableId(raw);
    const p = openPrompt(c, `open[${i}]`, raw);
    claim(`open[${i}]`, c.item);
    c.item = undefined;
    if (p) open.push(p);
    else openOk = false;
  });

  if (bid === undefined || version === undefined || lesson === undefined || !questionsOk || !openOk || c.issues.length) return undefined;
  const bank: Bank = { id: bid, version, lesson, questions, open };
  if (base !== undefined) bank.href = base;
  return bank;
}

/** Validates already-parsed JSON. */
export function validateBank(data: unknown): BankResult {
  const c = new Collector();
  let bank: Bank | undefined;
  try {
    bank = validateInto(c, data);
  } catch (e) {
    if (!(e instanceof TooManyIssues)) throw e;
  }
  if (bank && c.issues.length === 0) return { ok: true, bank, warnings: lengthWarnings(bank) };
  return { ok: false, issues: c.issues, truncated: c.truncated };
}

// ------------------------------------------------------------ answers given away by length

const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;

/**
 * How wide a text is on screen, in half-width units: a CJK character counts 2,
 * anything else 1 (so a Chinese option and an English one are compared the way
 * they wrap). Leading and trailing spaces do not count.
 */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text.trim()) w += WIDE.test(ch) ? 2 : 1;
  return w;
}

export interface LengthTells {
  lang: Lang;
  total: number;
  /** Sum over the questions of 1/options: how often a blind pick would land on the right one. */
  expected: number;
  /** Questions whose right option is strictly wider than every other one. */
  longest: string[];
  /** Questions whose right option is strictly narrower than every other one. */
  shortest: string[];
}

/** Per language: where the right option stands out by its length alone. */
export function lengthTells(bank: Pick<Bank, 'questions'>): LengthTells[] {
  return BANK_LANGS.map((lang) => {
    const out: LengthTells = { lang, total: bank.questions.length, expected: 0, longest: [], shortest: [] };
    for (const q of bank.questions) {
      out.expected += 1 / q.options.length;
      const w = q.options.map((o) => displayWidth(o[lang]));
      const right = w[q.answer]!;
      const others = w.filter((_, i) => i !== q.answer);
      if (others.every((x) => right > x)) out.longest.push(q.id);
      if (others.every((x) => right < x)) out.shortest.push(q.id);
    }
    return out;
  });
}

/** A warning per language where the right option is the longest (or the shortest) more often than chance. */
export function lengthWarnings(bank: Pick<Bank, 'questions'>): BankWarning[] {
  const out: BankWarning[] = [];
  for (const t of lengthTells(bank)) {
    const expected = Math.round(t.expected * 100) / 100;
    for (const [code, ids, word] of [['longest-answer', t.longest, 'longest'], ['shortest-answer', t.shortest, 'shortest']] as const) {
      if (ids.length <= t.expected + 1e-9) continue;
      out.push({
        code, lang: t.lang, count: ids.length, total: t.total, expected, questions: ids.slice(),
        message: `${t.lang}: the right answer is the ${word} option in ${ids.length} of ${t.total} questions `
          + `(chance: ${expected}), so it can be guessed from its length: ${ids.join(', ')}`,
      });
    }
  }
  return out;
}

/** Parses and validates JSON text (a fetched file or an inline <script type="application/json">). */
export function parseBank(text: string): BankResult {
  const c = new Collector();
  if (text.length > LIMITS.maxChars) {
    c.add('', 'too-large', { got: text.length, max: LIMITS.maxChars });
    return { ok: false, issues: c.issues, truncated: false };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    c.add('', 'json', { detail: detail.length > 200 ? `${detail.slice(0, 200)}…` : detail });
    return { ok: false, issues: c.issues, truncated: false };
  }
  return validateBank(data);
}
