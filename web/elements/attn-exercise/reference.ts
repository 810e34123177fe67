// The three lines of lesson 1's answer, as the learner types them: the
// exercise's placeholders and "Show the answer", and the spaced review's
// recall check. The engine's copy (kExerciseReference, cpp/lessons/exercise.cpp)
// is checked against this one by web/shared/one-place.test.ts.
export const REFERENCE = [
  'scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)',
  'mask = np.triu(np.ones((T, T), dtype=bool), k=1)',
  'weights = softmax(scores)',
] as const;
