// The attributes of <attn-quiz> (the base's table, web/shared/parse.ts).
import { choice, text, type Schema } from '../../shared/parse';

export type QuizItems = 'all' | 'questions' | 'open';
const ITEMS: readonly QuizItems[] = ['all', 'questions', 'open'];

/** `items` as written (exactly), or null. */
export function parseItems(v: string | null): QuizItems | null {
  return v === 'all' || v === 'questions' || v === 'open' ? v : null;
}

export interface QuizAttrs {
  bank: string | null;
  src: string | null;
  lesson: string | null;
  items: QuizItems;
}

/**
 * bank, src, lesson: properties that read the attribute ('' when absent);
 * items has a property of its own (a value it does not know shows everything).
 */
export const SCHEMA: Schema<QuizAttrs> = {
  attrs: {
    bank: text('bank', '', { prop: 'text' }),
    src: text('src', '', { prop: 'text' }),
    lesson: text('lesson', '', { prop: 'text' }),
    items: { ...choice('items', ITEMS, 'all'), parse: parseItems, prop: false },
  },
};
