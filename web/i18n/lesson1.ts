// The numbers of the √d_k experiment as the lesson page's table shows them
// (the engine computes them and gives each as the learner's NumPy script
// prints it), and checking a seed typed by the reader. Pure functions.

import type { Lesson1Variance } from '../engine/py/browser';
import { NUMPY_SEED_LIMIT, parseSeed } from '../shared/parse';

/** The table's cells by id, each with its text: d_k = 16 and 512, then the avg max weights. */
export function varianceCells(v: Lesson1Variance): [id: string, text: string][] {
  const [d16, d512] = v.rows;
  return [
    ['var-16-raw', d16.rawText], ['var-16-scaled', d16.scaledText],
    ['var-512-raw', d512.rawText], ['var-512-scaled', d512.scaledText],
    ['max-unscaled', v.maxUnscaledText], ['max-scaled', v.maxScaledText],
  ];
}

/** A seed 0 <= seed < 2^64 as a canonical decimal string, or null. */
export const parseSeedInput = (raw: string): string | null => parseSeed(raw, NUMPY_SEED_LIMIT);
