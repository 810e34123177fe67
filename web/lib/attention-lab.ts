// The library entry (dist/lib/attention-lab.js). One script tag and every
// attention-lab element on the page works:
//
//   <script type="module" src="…/attention-lab.js"></script>
//
// This file is small on purpose: each element's code is a chunk of its own,
// loaded the first time an element with its tag is in the document (when
// the script runs, or added later). A page with only heatmaps never loads
// the quiz, the review, the exercise or the exercise's evaluator module.
// (The same pattern as Shoelace's autoloader.) Each element can also be
// imported by itself: dist/lib/attn-heatmap.js, attn-quiz.js, attn-review.js,
// attn-exercise.js, attn-tril.js, attn-heads.js, attn-train.js export its class and define its tag.
//
// The package's types are emitted from these sources by `tsc -p
// tsconfig.lib.json` (into dist/lib/types/; package.json points there): the
// type-only re-exports below put every element's public surface, and the
// HTMLElementTagNameMap entries each element source declares, into this
// module's declarations. They add nothing to the JavaScript.
export type { AttnHeatmap, AttnHeatmapChangeDetail, Scale } from '../elements/attn-heatmap/attn-heatmap';
export type { ParseError as HeatmapParseError } from '../elements/attn-heatmap/parse';
export type {
  AttnQuiz, AttnQuizAnswerDetail, AttnQuizCompleteDetail, SavedQuizAttempt, XapiLangMap, XapiStatement,
} from '../elements/attn-quiz/attn-quiz';
export type { AttnExercise, AttnExerciseRunDetail, AttnExerciseTodo, MistakeId } from '../elements/attn-exercise/attn-exercise';
export type { AttnReview, ReviewCompleteDetail, ReviewItemSummary, ReviewState } from '../elements/attn-review/attn-review';
export type { AttnTril, AttnTrilChangeDetail } from '../elements/attn-tril/attn-tril';
export type { AttnHeads, AttnHeadsChangeDetail } from '../elements/attn-heads/attn-heads';
export type {
  AttnTrain, AttnTrainDoneDetail, AttnTrainErrorDetail, AttnTrainEvalDetail, AttnTrainStartDetail, TrainPhase,
} from '../elements/attn-train/attn-train';
export type { QuizAttempt, RatingName } from '../storage/progress';

import { ELEMENT_TAGS, type AttnTag } from '../shared/tags';
import { watchNearness } from '../shared/nearness';

const LOADERS: Record<AttnTag, () => Promise<unknown>> = {
  'attn-heatmap': () => import('../elements/attn-heatmap/attn-heatmap'),
  'attn-quiz': () => import('../elements/attn-quiz/attn-quiz'),
  'attn-review': () => import('../elements/attn-review/attn-review'),
  'attn-exercise': () => import('../elements/attn-exercise/attn-exercise'),
  'attn-tril': () => import('../elements/attn-tril/attn-tril'),
  'attn-heads': () => import('../elements/attn-heads/attn-heads'),
  'attn-train': () => import('../elements/attn-train/attn-train'),
};

export type { AttnTag };
export const TAGS: AttnTag[] = [...ELEMENT_TAGS];

const loading = new Map<AttnTag, Promise<CustomElementConstructor>>();

/** Loads and defines one element (once); resolves to its class. */
export function load(tag: AttnTag): Promise<CustomElementConstructor> {
  let p = loading.get(tag);
  if (!p) {
    const loader = LOADERS[tag];
    if (!loader) return Promise.reject(new TypeError(`unknown attention-lab element: ${String(tag)}`));
    p = loader().then(() => customElements.whenDefined(tag));
    // A failed load (offline, blocked) may be retried by the next element that appears.
    p.catch(() => loading.delete(tag));
    loading.set(tag, p);
  }
  return p;
}

/** Loads and defines every element, whether or not the page has one yet. */
export function loadAll(): Promise<void> {
  return Promise.all(TAGS.map(load)).then(() => undefined);
}

function scan(root: ParentNode): void {
  // Watched from now, so that an element knows whether it is far from the view when its code arrives.
  watchNearness(root.querySelectorAll(TAGS.join(',')));
  for (const tag of TAGS) {
    if (!loading.has(tag) && root.querySelector(tag)) load(tag).catch(() => undefined);
  }
}

function isTag(name: string): name is AttnTag {
  return Object.hasOwn(LOADERS, name);
}

if (typeof document !== 'undefined') {
  scan(document);
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeType !== 1) continue;
        const name = (node as Element).localName;
        if (isTag(name) && !loading.has(name)) load(name).catch(() => undefined);
        if ((node as Element).firstElementChild) scan(node as Element);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}
