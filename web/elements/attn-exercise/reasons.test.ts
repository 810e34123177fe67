// The element words verdict reasons from the engine's codes: both tables know
// every code of cpp/lessons/exercise.hpp, the English wording is the engine's own
// reason text, the Chinese one is Chinese and quotes Python's error lines as
// Python prints them, and an unknown code falls back to the English text.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluator, type Evaluator } from '../../engine/py/evaluator.js';
import { KNOWN_CODES, reasonText } from './reasons';

const LINES: [number, string][] = [
  [0, 'Q @ K.swapaxes(-2, -1)'], [0, 'Q @ K.T / d_k'], [0, 'Q @ K.T * np.sqrt(d_k)'], [0, 'K @ Q.T / np.sqrt(d_k)'],
  [0, 'Q @ K / np.sqrt(d_k)'], [0, 'Q * K / np.sqrt(d_k)'], [0, 'np.ones((2, 5, 5))'], [0, 'Q @ K.T / np.sqrt(T)'],
  [0, 'Q @ K.T / np.sqrt(d)'], [0, 'mask = Q @ K.T'], [0, '...'], [0, ''], [0, 'Q @ K.T / np.sqrt(d_k'],
  [0, 'np.sqrt(d_k)'], [0, 'Q @ K.T / np.sqrt(d_k)'], [0, "np.einsum('ij,kj->ik', Q, K) / np.sqrt(d_k)"],
  [0, 'Q @ K.swapaxes(-2, -1) / np.sqrt(d_k) + 1'],
  [1, 'np.triu(np.ones((T, T), dtype=bool), k=0)'], [1, 'np.tril(np.ones((T, T), dtype=bool), k=-1)'],
  [1, 'np.tril(np.ones((T, T), dtype=bool))'], [1, 'np.triu(np.ones((T, T)), k=1)'], [1, 'np.ones((T, T), dtype=bool)'],
  [1, 'np.zeros((T, T), dtype=bool)'], [1, 'np.triu(np.ones((T, T), dtype=bool), k=1)[None]'],
  [1, 'np.triu(np.ones(T, T), k=1)'], [1, 'np.triu(np.ones((T, T), dtype=bool), k=2)'], [1, 'np.ones((T, 2, T))'],
  [2, 'np.exp(scores) / np.exp(scores).sum(axis=0, keepdims=True)'], [2, 'np.exp(scores)'],
  [2, 'softmax(scores / np.sqrt(d_k))'], [2, 'softmax(Q @ K.swapaxes(-2, -1) / np.sqrt(d_k))'],
  [2, 'softmax(np.where(mask, -np.inf, scores))'], [2, 'scores'], [2, 'softmax(scores).sum(-1)'], [2, 'softmax(mask)'],
  [2, 'softmax(scores) + 1e-3'], [2, 'softmax(scores * 1.5)'], [1, 'np.ones((T, T), dtype=bool).swapaxes(0, 1) & False'], [2, 'np.exp(scores) / np.exp(scores).sum(axis=-1)[:, None]'], [2, 'softmax(scores)'],
  [0, 'np.divide(Q @ K.T, np.sqrt(d_k))'], [0, 'Q @ K.T / 4'], [0, 'Q @ K.transpose(-2, -1) * d_k**-0.5'],
  [0, 'Q @ K.T / math.sqrt(d_k)'],
];

let engine: Evaluator;
beforeAll(async () => {
  engine = await loadEvaluator({ wasmBinary: readFileSync(new URL('../../generated/attn_py.wasm', import.meta.url)) });
});

const verdict = (k: number, line: string) => {
  const lines = ['', '', ''];
  lines[k] = line;
  return engine.exercise('0', lines[0], lines[1], lines[2]).todos[k];
};

describe('verdict reasons by code', () => {
  it('both tables know every code the engine lists (cpp/lessons/exercise.hpp kVerdictCodes)', () => {
    const hpp = readFileSync(new URL('../../../cpp/lessons/exercise.hpp', import.meta.url), 'utf8');
    const list = hpp.match(/kVerdictCodes\[\]\s*=\s*\{([^}]*)\}/);
    expect(list).not.toBeNull();
    const codes = [...list![1].matchAll(/"([a-z_0-9]+)"/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(30);
    expect([...KNOWN_CODES].sort()).toEqual([...codes].sort());
  });

  it('every verdict carries a code; English is the engine\'s reason, Chinese is Chinese', () => {
    const seen = new Set<string>();
    for (const [k, line] of LINES) {
      const v = verdict(k, line);
      expect(KNOWN_CODES, `${line} -> ${v.code}`).toContain(v.code);
      if (v.inner) expect(KNOWN_CODES, `${line} -> inner ${v.inner.code}`).toContain(v.inner.code);
      seen.add(v.code);
      expect(reasonText('en', v), line).toBe(v.reason);
      const zh = reasonText('zh-CN', v);
      if (v.reason === '') { expect(zh, line).toBe(''); continue; }
      expect(zh, line).toMatch(/[\u4e00-\u9fff]/);
      expect(zh, line).not.toContain('undefined');
      expect(zh, line).not.toBe(v.reason);
      // Python's error line is quoted as Python prints it.
      const text = v.params.text ?? v.inner?.params.text;
      if (text) expect(zh, line).toContain(text);
    }
    for (const c of ['div_dk', 'shape', 'shape_contract', 'error', 'error_t_later', 'syntax', 'target', 'empty', 'mask_k0',
      'mask_cells', 'softmax_axis', 'causal_false', 'batched_transpose', 'ok', 'row_sums', 'weights_values',
      'scores_values', 'unsupported', 'sizes_only', 'pytorch_transpose']) expect(seen, c).toContain(c);
  });

  it('the zh-CN reason of a Python error keeps the error line and adds a lead-in', () => {
    const v = verdict(0, 'Q @ K.T / np.sqrt(x)');
    expect(v.code).toBe('error');
    expect(v.params.text).toBe("NameError: name 'x' is not defined");
    expect(reasonText('zh-CN', v)).toBe("运行时 Python 报错：NameError: name 'x' is not defined（意思是：程序里没有叫 x 的名字：检查拼写，或者它是否需要先 import、先赋值）");
  });

  it('the zh-CN reason explains the Python errors learners meet most, after the line as Python prints it', () => {
    let explained = 0;
    for (const [todo, line] of [[0, 'Q @ K / np.sqrt(d_k)'], [0, 'Q @ K.T + np.ones(3)'], [0, 'Q.T.shape[2]'], [0, 'Q.transpose_me()'],
      [0, 'Q @ K.T / np.sqrt(d_k'], [0, 'Q @ K.T / np.sqrt(d_k) if Q else 0'], [1, 'np.triu(np.ones((T, T)), k=1.5)']] as const) {
      const v = verdict(todo, line);
      const text = v.params.text ?? v.inner?.params.text;
      if (!text) continue; // judged without an error: nothing to explain
      explained++;
      const zh = reasonText('zh-CN', v);
      expect(zh, line).toContain(text);
      expect(zh, `${line} → ${text}`).toMatch(/（意思是：[^）]+[\u4e00-\u9fff]/);
    }
    expect(explained).toBeGreaterThanOrEqual(5);
  });

  it('the lesson\'s 2-D answer is simply correct, with a tip in the page\'s language and no engine text', () => {
    const v = verdict(0, 'scores = Q @ K.T / np.sqrt(d_k)');
    expect(v.correct).toBe(true);
    expect(v.code).toBe('batched_transpose');
    expect(v.inner).toBeUndefined();
    const zh = reasonText('zh-CN', v);
    expect(zh).toMatch(/^提示/);
    expect(zh).not.toMatch(/ValueError|size 3|\(5, /);
  });

  it('an unsupported line is not called wrong and says so calmly', () => {
    const v = verdict(0, 'np.divide(Q @ K.T, np.sqrt(d_k))');
    expect(v.correct).toBe(false);
    expect(v.code).toBe('unsupported');
    expect(v.params.construct).toBe('np.divide');
    expect(v.params).toMatchObject({ what: 'numpy-name', name: 'np.divide' });
    expect(reasonText('zh-CN', v)).toContain('可能是对的');
    expect(reasonText('zh-CN', v)).toContain('NumPy 的 np.divide');
    expect(reasonText('en', v)).toBe('unsupported: np.divide');
  });

  it('words an unsupported construct from its code in Chinese, without its English text', () => {
    for (const [k, line] of [
      [0, 'Q @ K.T / np.sqrt(d_k) + np.zeros((2000, 2000)).sum()'], [0, '(lambda a: a @ K.T / np.sqrt(d_k))(Q)'],
      [1, 'np.triu(np.ones((T, T), dtype=bool), k=1.5)'], [2, 'softmax(scores) if True else {}'],
      [0, 'Q @ K.T / np.sqrt(d_k); x = 1'], [2, 'np.exp(scores) / np.exp(scores).sum(axis=-1, keepdims=True, dtype=float)'],
    ] as const) {
      const v = verdict(k, line);
      expect(v.code, line).toBe('unsupported');
      expect(typeof v.params.what, line).toBe('string');
      expect(reasonText('en', v), line).toBe(v.reason);
      const zh = reasonText('zh-CN', v);
      expect(zh, line).toMatch(/[\u4e00-\u9fff]/);
      expect(zh, line).not.toContain(v.params.construct);
      expect(zh, line).not.toMatch(/\b(arrays|expressions|argument|arguments|statements|whole|number|dictionaries|unsupported)\b/);
    }
  });

  it('an unknown code (or inner code) falls back to the English text', () => {
    expect(reasonText('zh-CN', { code: 'from_the_future', params: {}, correct: false, reason: 'some English' })).toBe('some English');
    expect(reasonText('zh-CN', { code: 'causal_false', params: {}, correct: false, reason: 'note text', inner: { code: '??', params: {} } })).toBe('note text');
    expect(reasonText('en', { code: 'toString', params: {}, correct: false, reason: 'plain' })).toBe('plain');
  });
});
