// The lessons of this site, by id: their names (the ones the question banks
// give, so a calendar entry or a reminder says "Lesson 1: scaled dot-product
// attention", not "lesson-01") and the page each lives on. A lesson id from
// elsewhere (an author's own) falls back to the id itself.
import type { Lang } from '../../shared/element';

export interface LessonInfo {
  name: Record<Lang, string>;
  /** The page of the lesson, relative to the site's root, and the id of its review section there. */
  page: string;
  reviewAnchor: string;
}

export const LESSONS: Record<string, LessonInfo> = {
  'lesson-01': {
    name: { 'zh-CN': '第 1 课 缩放点积注意力', en: 'Lesson 1: scaled dot-product attention' },
    page: 'index.html',
    reviewAnchor: 'review',
  },
  'reading-01': {
    name: { 'zh-CN': '阅读笔记：Karpathy《Let\'s build GPT》之自注意力', en: 'Reading note: self-attention in Karpathy\'s "Let\'s build GPT"' },
    page: 'reading.html',
    reviewAnchor: 'review',
  },
  'block-01': {
    name: { 'zh-CN': '第三篇：拼出 Transformer Block', en: 'Part 3: assembling the Transformer block' },
    page: 'block.html',
    reviewAnchor: 'review',
  },
};

export function lessonInfo(id: string): LessonInfo | null {
  return Object.prototype.hasOwnProperty.call(LESSONS, id) ? LESSONS[id]! : null;
}

/** The lesson's name in `lang`, or its id when the site does not know it. */
export function lessonName(id: string, lang: Lang): string {
  return lessonInfo(id)?.name[lang] ?? id;
}
