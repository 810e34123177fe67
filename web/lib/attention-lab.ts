// The library entry (dist/lib/attention-lab.js): importing it defines every
// attention-lab custom element. One import/export line per element.
export { AttnHeatmap, type AttnHeatmapChangeDetail } from '../elements/attn-heatmap/attn-heatmap';
export { AttnQuiz, type AttnQuizAnswerDetail, type AttnQuizCompleteDetail } from '../elements/attn-quiz/attn-quiz';
export { AttnReview, type ReviewCompleteDetail } from '../elements/attn-review/attn-review';
export { AttnExercise, type AttnExerciseRunDetail } from '../elements/attn-exercise/attn-exercise';
