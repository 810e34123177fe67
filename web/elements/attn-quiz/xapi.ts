// The xAPI statements <attn-quiz> announces: one "answered" per locked answer,
// one "completed" per finished attempt. The element adds no actor: the host
// page that forwards them knows the learner.
import type { QuizAttempt } from '../../storage/progress';
import type { Bank, BankQuestion, LangText } from './bank';

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

/** ISO 8601 duration with tenths of a second, e.g. `PT12.3S`. */
export function isoDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 100) / 10);
  return `PT${Number.isInteger(s) ? s.toFixed(0) : s.toFixed(1)}S`;
}

/** A random (version 4) UUID, an attempt's registration. */
export function uuid(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const x = Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const langMap = (t: LangText): XapiLangMap => ({ 'zh-CN': t['zh-CN'], en: t.en });

/** The statement for locking option `chosen` of `q`, `ms` after the previous answer (or the start), at time `t`. */
export function answerStatement(b: Bank, q: BankQuestion, chosen: number, success: boolean, ms: number, t: number, registration: string): AttnQuizAnswerDetail {
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
      registration: registration,
      contextActivities: { parent: [{ id: `urn:attention-lab:bank:${b.id}`, objectType: 'Activity' }] },
    },
    timestamp: new Date(t).toISOString(),
  };
}

/** The statement for `attempt`, finished at time `t`, started at `startedAt`. */
export function completeStatement(b: Bank, attempt: QuizAttempt, startedAt: number, t: number): AttnQuizCompleteDetail {
  const { score, total } = attempt;
  const scaled = total ? score / total : 0;
  return {
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
      duration: isoDuration(t - startedAt),
    },
    context: { registration: attempt.id },
    timestamp: new Date(t).toISOString(),
    attempt,
  };
}
