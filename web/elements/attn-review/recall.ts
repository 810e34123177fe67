// What to write from memory in step 2 of a review: the key lines of each
// lesson's exercise. Lessons without an entry skip the recall step.
import type { Lang } from '../../shared/element';
import { REFERENCE } from '../attn-exercise/reference';

export interface RecallSpec {
  /** Passed to the exercise evaluator, when the engine has one. */
  exercise: string;
  prompts: Record<Lang, string>[];
  /** Reference lines, shown when the learner reveals the answer. */
  answers: string[];
}

export const RECALL: Record<string, RecallSpec> = {
  'lesson-01': {
    exercise: 'lesson1',
    prompts: [
      { 'zh-CN': 'TODO 1：scores（Q 与 K 的点积，再缩放）', en: 'TODO 1: scores (Q dot K, then scaled)' },
      { 'zh-CN': 'TODO 2：mask（未来位置为 True）', en: 'TODO 2: mask (True at future positions)' },
      { 'zh-CN': 'TODO 3：weights（softmax 沿哪个轴？）', en: 'TODO 3: weights (softmax along which axis?)' },
    ],
    answers: [...REFERENCE],
  },
};

export function recallFor(lesson: string): RecallSpec | null {
  return Object.prototype.hasOwnProperty.call(RECALL, lesson) ? RECALL[lesson] : null;
}
