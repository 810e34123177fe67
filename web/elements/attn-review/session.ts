// The parts of a review session that are not the element: the session's
// state, checking recalled lines with the engine's evaluator, and handing a
// file (calendar entry, progress export) to the browser to save.
import { saveText } from '../../shared/download';
import type { RatingName } from '../../storage/progress';
import { getEvaluator } from '../../engine/py/browser';
import type { VerdictData } from '../attn-exercise/reasons';
import type { RecallSpec } from './recall';

export type Step = 'quiz' | 'recall' | 'rate';
export interface Session {
  lesson: string;
  step: Step;
  quizScore: number; quizTotal: number;
  startedAt: number;
  lines: string[];
  /** Per line: null until checked/revealed; then whether it is right. */
  verdict: (boolean | null)[];
  /** Per line, after the evaluator checked it: its verdict (the reason is worded at render time). */
  judged: VerdictData[];
  revealed: boolean;
  checkedByEvaluator: boolean;
  checking: boolean;
  evaluatorFailed: boolean;
  rating: RatingName | null;
  quizMissing: boolean;
}


/**
 * Checks the recalled lines with the engine's exercise evaluator: each line is
 * judged by what it computes on several inputs, not by its spelling. Null when
 * the engine can't be loaded (the learner then reveals and grades themselves).
 */
export async function evaluate(spec: RecallSpec, lines: string[]): Promise<VerdictData[] | null> {
  if (spec.exercise !== 'lesson1' || lines.length !== 3) return null;
  try {
    const engine = await getEvaluator();
    const r = await engine.exercise('0', lines[0], lines[1], lines[2]);
    return r.todos.map((t) => ({ correct: t.correct, reason: t.reason, code: t.code, params: t.params, inner: t.inner }));
  } catch {
    return null;
  }
}

export const download = (name: string, type: string, text: string): void => saveText(document.body, name, text, type);
