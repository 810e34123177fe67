// The text of lesson 1's section-5 program as <attn-exercise> shows it and
// copies it: the part before each TODO slot, and the whole program with the
// learner's three lines filled in. It is what lesson1_program
// (cpp/lessons/lesson1.cpp) computes, statement for statement: run with NumPy it
// prints engine.lesson1(seed) for the reference lines (program.test.ts runs it).
import type { Lang } from '../../shared/element';

/** The name the Download button saves the program under. */
export const PROGRAM_FILE = '0001_attention_todo.py';
/** The lesson's one-line check that NumPy is installed. */
export const NUMPY_CHECK = 'python3 -c "import numpy; print(numpy.__version__)"';

export const TARGETS = ['scores', 'mask', 'weights'] as const;
/** Indentation of TODO 1, 2, 3 inside attention(). */
export const INDENT = ['    ', '        ', '    '] as const;

export const PROGRAM_HEAD = `import numpy as np

def softmax(x):
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)

def attention(Q, K, V, causal=False):
    d_k = Q.shape[-1]`;
export const PROGRAM_MID1 = `    if causal:
        T = scores.shape[-1]`;
export const PROGRAM_MID2 = `        scores = np.where(mask, -np.inf, scores)`;

const COMMENTS: Record<Lang, { head: string; data: string; run: string; experiment: string; maxWeight: string; unfilled: (k: number) => string }> = {
  'zh-CN': {
    head: `# 第 1 课练习：缩放点积注意力（带因果掩码）。需要 NumPy，运行：python3 ${PROGRAM_FILE}`,
    data: '# 输入 X 和三个投影矩阵，全部来自同一个随机数生成器',
    run: '# 调用 attention，并打印形状、行和与权重',
    experiment: '# 第 3 节的实验：不缩放时点积的方差约为 d_k，缩放后约为 1',
    maxWeight: '# 1000 行、每行 8 个 key 的分数：缩放前后，每行最大权重的平均值',
    unfilled: (k) => `TODO ${k + 1} 还没有补完：把 ${TARGETS[k]} = ... 里的 ... 换成你的那一行，再运行。`,
  },
  en: {
    head: `# Lesson 1 exercise: scaled dot-product attention with a causal mask. Needs NumPy; run: python3 ${PROGRAM_FILE}`,
    data: '# the input X and the three projection matrices, all from one random generator',
    run: '# call attention, then print the shapes, the row sums and the weights',
    experiment: '# the section 3 experiment: unscaled dot products have variance ≈ d_k, scaled ones ≈ 1',
    maxWeight: '# 1000 rows of scores over 8 keys: the mean of each row\'s largest weight, unscaled vs scaled',
    unfilled: (k) => `TODO ${k + 1} is not filled in yet: replace the ... in ${TARGETS[k]} = ... with your line, then run again.`,
  },
};

/** Everything after the last TODO slot, for `seed` (a decimal string). */
export function programTail(seed: string, lang: Lang): string {
  const c = COMMENTS[lang];
  return `    return weights @ V, weights

${c.data}
rng = np.random.default_rng(${seed})
T, d_model, d_k, d_v = 4, 8, 16, 16
X = rng.standard_normal((T, d_model))
W_q, W_k, W_v = (rng.standard_normal((d_model, d)) / np.sqrt(d_model) for d in (d_k, d_k, d_v))
Q, K, V = X @ W_q, X @ W_k, X @ W_v

${c.run}
out, w = attention(Q, K, V, causal=True)
print("Q", Q.shape, "K", K.shape, "V", V.shape)
print("out", out.shape, "weights", w.shape)
print("row sums:", w.sum(axis=-1).round(3))
print("causal weights:\\n", w.round(2))

${c.experiment}
for d in (16, 512):
    q, k = rng.standard_normal((2, 10000, d))
    dots = (q * k).sum(-1)
    print(f"d_k={d:4d}  var(q·k)={dots.var():7.1f}  var(q·k/sqrt(d_k))={(dots/np.sqrt(d)).var():.2f}")

${c.maxWeight}
S = rng.standard_normal((1000, 8)) * np.sqrt(512)
print("avg max weight  unscaled:", softmax(S).max(-1).mean().round(3),
      " scaled:", softmax(S / np.sqrt(512)).max(-1).mean().round(3))`;
}

/**
 * TODO `k`'s line as a Python statement: a blank line is the unfilled `target = ...`, a bare
 * expression becomes `target = expression` (as the engine reads it), an assignment stays as typed.
 */
export function todoStatement(k: number, line: string): string {
  const s = line.trim();
  if (s === '') return `${TARGETS[k]} = ...`;
  if (/^[A-Za-z_]\w*\s*=(?!=)/.test(s)) return s;
  return `${TARGETS[k]} = ${s}`;
}

/**
 * The whole program with the three lines filled in, ready to save and run with Python. A TODO
 * left blank stays `target = ...`, followed by a line that stops the program there with a
 * message naming that TODO (in `lang`), instead of failing later on the `...` itself.
 */
export function fullProgram(seed: string, lines: readonly string[], lang: Lang): string {
  const slot = (k: number) => {
    const line = INDENT[k] + todoStatement(k, lines[k] ?? '');
    if ((lines[k] ?? '').trim() !== '') return line;
    return `${line}  # TODO ${k + 1}\n${INDENT[k]}if ${TARGETS[k]} is ...: raise NotImplementedError(${JSON.stringify(COMMENTS[lang].unfilled(k))})`;
  };
  return [
    COMMENTS[lang].head, PROGRAM_HEAD, slot(0), PROGRAM_MID1, slot(1), PROGRAM_MID2, slot(2), programTail(seed, lang),
  ].join('\n') + '\n';
}

export { REFERENCE } from './reference';

/** The mistake menu: one TODO replaced by a common wrong line. */
export const MISTAKES = {
  axis: { todo: 2, line: 'weights = np.exp(scores) / np.exp(scores).sum(axis=0, keepdims=True)' },
  k0: { todo: 1, line: 'mask = np.triu(np.ones((T, T), dtype=bool), k=0)' },
  noscale: { todo: 0, line: 'scores = Q @ K.swapaxes(-2, -1)' },
  dk: { todo: 0, line: 'scores = Q @ K.swapaxes(-2, -1) / d_k' },
} as const;
export type MistakeId = keyof typeof MISTAKES;
