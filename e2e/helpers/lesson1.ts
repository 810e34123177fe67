// Lesson 1's exercise as the specs check it: the reference lines and what
// NumPy prints for them under default_rng(0), the first case of the golden
// file scripts/lesson1_reference.py writes.
import { readFileSync } from 'node:fs';

export const REF = [
  'scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)',
  'mask = np.triu(np.ones((T, T), dtype=bool), k=1)',
  'weights = softmax(scores)',
];

export const EXPECTED_SEED0 = (() => {
  const text = readFileSync(new URL('../../cpp/tests/data/lesson1_golden.txt', import.meta.url), 'utf8');
  const m = /^# case seed=0 T=4 d_model=8 d_k=16 d_v=16 lines=(\d+)\n/m.exec(text)!;
  return text.slice(m.index + m[0].length).split('\n').slice(0, Number(m[1])).join('\n');
})();
