// The √d_k table's cells for the lesson's seed, from the evaluator module:
// the digits the learner's NumPy script prints (and the page has shown).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEvaluator } from '../engine/py/evaluator.js';
import { parseSeedInput, varianceCells } from './lesson1';

describe('lesson 1 page', () => {
  it('fills the variance table with the program\'s printed numbers', async () => {
    const py = await loadEvaluator({ wasmBinary: readFileSync(new URL('../generated/attn_py.wasm', import.meta.url)) });
    expect(varianceCells(py.lesson1Variance('0'))).toEqual([
      ['var-16-raw', '16.3'], ['var-16-scaled', '1.02'], ['var-512-raw', '511.0'], ['var-512-scaled', '1.00'],
      ['max-unscaled', '0.958'], ['max-scaled', '0.365'],
    ]);
  }, 60_000);

  it('reads a seed typed by the reader', () => {
    expect(parseSeedInput(' 42 ')).toBe('42');
    expect(parseSeedInput('-3')).toBeNull();
    expect(parseSeedInput(String(2n ** 64n))).toBeNull();
  });
});
