// Types of the per-element modules of the library (dist/lib/attn-heatmap.js,
// attn-quiz.js, attn-review.js, attn-exercise.js): importing one defines its
// tag and exports its class. Hand-written, like attention-lab.d.ts.
import type {
  AttnExercise as AttnExerciseElement,
  AttnHeatmap as AttnHeatmapElement,
  AttnQuiz as AttnQuizElement,
  AttnReview as AttnReviewElement,
  AttnTril as AttnTrilElement,
  AttnTrain as AttnTrainElement,
} from './attention-lab';

export type * from './attention-lab';

export declare const AttnHeatmap: { new (): AttnHeatmapElement; prototype: AttnHeatmapElement };
export declare const AttnQuiz: { new (): AttnQuizElement; prototype: AttnQuizElement };
export declare const AttnReview: { new (): AttnReviewElement; prototype: AttnReviewElement };
export declare const AttnExercise: { new (): AttnExerciseElement; prototype: AttnExerciseElement };
export declare const AttnTril: { new (): AttnTrilElement; prototype: AttnTrilElement };
export declare const AttnTrain: { new (): AttnTrainElement; prototype: AttnTrainElement };
