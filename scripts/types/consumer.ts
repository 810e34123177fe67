// A lesson author's TypeScript against the package's emitted types
// (dist/lib/types/, through package.json "exports": the package name refers
// to itself). `npm test` compiles it (scripts/types/tsconfig.json) after the
// library build, so a public type that goes missing or changes shape fails.
import { load, loadAll, TAGS, type AttnHeatmapChangeDetail, type AttnQuiz, type AttnTag, type RatingName } from 'attention-lab';
import { AttnHeatmap } from 'attention-lab/attn-heatmap';
import { AttnQuiz as AttnQuizClass } from 'attention-lab/attn-quiz';
import { AttnReview } from 'attention-lab/attn-review';
import { AttnExercise } from 'attention-lab/attn-exercise';

export async function author(): Promise<void> {
  const tags: AttnTag[] = TAGS;
  await load(tags[0]!);
  await loadAll();

  // Elements come typed from querySelector / createElement (HTMLElementTagNameMap in each source).
  const hm = document.querySelector('attn-heatmap')!;
  hm.dk = 64;
  hm.causal = true;
  hm.seed = 42n;
  const w: Float64Array = hm.weights;
  await hm.updateComplete;
  hm.addEventListener('attn-heatmap-change', (e) => { const d: AttnHeatmapChangeDetail = e.detail; void d.weights; });

  const quiz: AttnQuiz = document.createElement('attn-quiz');
  quiz.items = 'questions';
  quiz.bank = 'lesson-01';
  const restored: boolean = quiz.restoreAttempt({ id: 'a', startedAt: 0, order: [0], options: [[0, 1]], chosen: [null] });
  quiz.addEventListener('attn-quiz-complete', (e) => { const n: number = e.detail.result.score.raw; void n; });

  const review = document.createElement('attn-review');
  const rating: RatingName | null = review.items[0]?.lastRating ?? null;
  const ex = document.createElement('attn-exercise');
  const run = await ex.run();
  const code: string | undefined = run?.todos[0]?.code;
  ex.addEventListener('attn-exercise-run', (e) => { void e.detail.output; });
  const tril = document.createElement('attn-tril');
  tril.addEventListener('attn-tril-change', (e) => { void e.detail; });
  await tril.updateComplete;
  const train = document.createElement('attn-train');
  train.addEventListener('attn-train-done', (e) => { void e.detail.sample; });
  // The run settings' properties and the start event's values come from the engine's table.
  train.nEmbd = 64;
  const layers: number = train.nLayer;
  train.addEventListener('attn-train-start', (e) => { const d: number = e.detail.dropout + e.detail.evalIters; void d; });

  // The per-element modules export the classes.
  const made: AttnHeatmap = new AttnHeatmap();
  void [w, restored, rating, code, made, layers, AttnQuizClass, AttnReview, AttnExercise];

  // @ts-expect-error: tokens is a number
  hm.tokens = 'six';
  // @ts-expect-error: n_embd is a number
  train.nEmbd = 'sixty-four';
  // @ts-expect-error: no such element in the library
  load('attn-nothing');
}
