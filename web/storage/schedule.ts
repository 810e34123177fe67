// When a lesson comes back for review: ts-fsrs with day-sized steps, the
// first review two days after the first finished quiz, and the rating a
// review's results suggest. Pure functions on cards; the progress store
// (progress.ts) applies them to the stored review items.
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import { iso, now } from './time';

/** An FSRS card with its dates as ISO strings (UTC). */
export interface StoredCard {
  due: string; stability: number; difficulty: number; elapsed_days: number; scheduled_days: number;
  learning_steps: number; reps: number; lapses: number; state: number; last_review: string | null;
}
export interface ReviewItem {
  lesson: string;
  createdAt: string;
  /** ISO 8601 UTC. */
  due: string;
  lastRating: RatingName | null;
  lastReview: string | null;
  card: StoredCard;
}

export type RatingName = 'again' | 'hard' | 'good' | 'easy';
export const RATINGS: readonly RatingName[] = ['again', 'hard', 'good', 'easy'];
export const isRating = (x: unknown): x is RatingName => typeof x === 'string' && (RATINGS as readonly string[]).includes(x);
/** The lesson: come back two days after the first finished quiz. */
export const FIRST_REVIEW_DELAY_MS = 2 * 24 * 60 * 60 * 1000;


// Day-sized steps only: a lesson review is not a flashcard to repeat in ten minutes.
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
const GRADE: Record<RatingName, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

function toCard(c: StoredCard): Card {
  return { ...c, due: new Date(c.due), state: c.state, last_review: c.last_review ? new Date(c.last_review) : undefined };
}
function fromCard(c: Card): StoredCard {
  return {
    due: c.due.toISOString(), stability: c.stability, difficulty: c.difficulty, elapsed_days: c.elapsed_days,
    scheduled_days: c.scheduled_days, learning_steps: c.learning_steps, reps: c.reps, lapses: c.lapses, state: c.state,
    last_review: c.last_review ? c.last_review.toISOString() : null,
  };
}

export function newReviewItem(lesson: string, finishedAt: number): ReviewItem {
  const card = fromCard(createEmptyCard(new Date(finishedAt)));
  const due = iso(finishedAt + FIRST_REVIEW_DELAY_MS);
  card.due = due;
  return { lesson, createdAt: iso(finishedAt), due, lastRating: null, lastReview: null, card };
}

export function isDue(item: Pick<ReviewItem, 'due'>, at: number = now()): boolean {
  return Date.parse(item.due) <= at;
}

export interface ReviewOutcome { quizScore: number; quizTotal: number; recallCorrect: number; recallTotal: number }
/**
 * The rating a review earns: Again if under half the quiz or none of the lines
 * came back, Hard if under 80 % or a line was missed, Easy if both were
 * perfect, Good otherwise.
 */
export function suggestRating(o: ReviewOutcome): RatingName {
  // A part that could not be taken (no quiz bank, no recall lines) is left out.
  const q = o.quizTotal > 0 ? o.quizScore / o.quizTotal : null;
  const r = o.recallTotal > 0 ? o.recallCorrect / o.recallTotal : null;
  if (q === null && r === null) return 'good';
  if ((q !== null && q < 0.5) || r === 0) return 'again';
  if ((q !== null && q < 0.8) || (r !== null && r < 1)) return 'hard';
  if (q === null || q === 1) return 'easy';
  return 'good';
}

/** The due date (ISO) each rating would give to a card reviewed at `at`. */
export function previewCard(card: StoredCard, at: number): Record<RatingName, string> {
  const preview = scheduler.repeat(toCard(card), new Date(at));
  const out = {} as Record<RatingName, string>;
  for (const r of RATINGS) out[r] = preview[GRADE[r]].card.due.toISOString();
  return out;
}

/** The card after a review rated `rating` at `at`. */
export function rateCard(card: StoredCard, rating: RatingName, at: number): StoredCard {
  return fromCard(scheduler.next(toCard(card), new Date(at), GRADE[rating]).card);
}
