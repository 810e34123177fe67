// The strings of <attn-exercise>, in Simplified Chinese (default) and English.
import type { Lang } from '../../shared/element';
import { EVALUATOR_LIMITS } from '../../engine/shared/limits/evaluator.js';
import type { MistakeId } from './program';

const MAX_LINE = EVALUATOR_LIMITS.maxLineChars;

export interface Strings {
  title: string;
  todo: (k: number) => string;
  hints: readonly string[];
  run: string;
  reset: string;
  mistake: string;
  none: string;
  mistakes: Record<MistakeId, string>;
  explain: Record<MistakeId, string>;
  output: string;
  expected: string;
  correct: string;
  wrong: string;
  unsupported: string;
  same: string;
  differs: (n: number) => string;
  differLine: string;
  copy: string;
  download: string;
  /** After Download: which of the three lines the saved file carries (indices of the TODOs typed). */
  downloaded: (typed: readonly number[]) => string;
  numpyCheck: string;
  copied: string;
  /** When the clipboard is refused: the program is selected in the box below. */
  copyFailed: string;
  /** The name of that box. */
  fallbackLabel: string;
  loading: string;
  /** While the checker runs the program (in the evaluator's worker). */
  computing: string;
  failed: string;
  runFailed: string;
  tooLong: (k: number, n: number) => string;
  badSeed: (v: string, kept: string) => string;
}

export const STRINGS: Readonly<Record<Lang, Strings>> = {
  'zh-CN': {
    title: '第 1 课练习：补完 3 个 TODO',
    todo: (k) => `TODO ${k}`,
    hints: ['Q 和 K 的点积，再缩放。形状应为 (T, T)', '布尔矩阵，True 表示"未来位置"', '对哪一个轴做 softmax？'],
    run: '运行',
    reset: '填入参考答案',
    mistake: '或者看看常见错误：',
    none: '（选择一个错误）',
    mistakes: {
      axis: 'softmax 用错了轴（axis=0）',
      k0: '掩码用 k=0',
      noscale: '不缩放',
      dk: '除以 d_k 而不是 √d_k',
    },
    explain: {
      axis: '按列归一化：每一列的和是 1，每一行（每个 query 的权重）却不是。softmax 必须沿 key 所在的最后一个轴。',
      k0: 'k=0 连对角线也遮住了：第 0 行只能看见自己，现在所有 key 都被设为 −∞，softmax 算出 exp(−∞−(−∞)) = NaN，也就是 0/0，整行变成 NaN。',
      noscale: '不除以 √d_k 时，分数的标准差约为 √d_k，softmax 接近 one-hot，梯度变得很小。',
      dk: '除以 d_k 缩得太多：分数的标准差约为 1/√d_k，softmax 变得接近均匀分布。',
    },
    output: '你的程序输出',
    expected: '预期输出（NumPy）',
    correct: '正确',
    wrong: '错误',
    unsupported: '未检查',
    same: '输出与预期完全一致。',
    differs: (n) => `有 ${n} 行与预期不同（行首标有 ≠）。`,
    differLine: '与预期不同',
    copy: '复制完整程序',
    download: '下载 0001_attention_todo.py',
    downloaded: (typed) => typed.length === 3 ? '已保存 0001_attention_todo.py，含你写的三行。'
      : typed.length === 0 ? '已保存 0001_attention_todo.py，三个 TODO 都还空着：补完后再运行，Python 会指出哪一个还没写。'
      : `已保存 0001_attention_todo.py，含你写的 TODO ${typed.map((k) => k + 1).join('、')}；其余的还空着，Python 运行到那里会指出来。`,
    numpyCheck: '在自己的电脑上运行前，先确认装好了 NumPy：',
    copied: '完整程序（含你的三行）已复制到剪贴板。',
    copyFailed: '这里无法直接写入剪贴板：完整程序已在下面选中，请按 Ctrl+C（Mac 上按 ⌘C）复制。',
    fallbackLabel: '完整程序（含你的三行）',
    loading: '正在加载引擎…',
    computing: '正在运行程序…',
    failed: '引擎加载失败：',
    runFailed: '运行出错：',
    tooLong: (k, n) => `TODO ${k} 太长了：每行最多 ${MAX_LINE} 个字符，这里有 ${n} 个。没有运行。`,
    badSeed: (v, kept) => `seed 属性必须是 0 到 2^64−1 之间的整数，收到 "${v}"；仍使用种子 ${kept}。`,
  },
  en: {
    title: 'Lesson 1 exercise: fill in the 3 TODOs',
    todo: (k) => `TODO ${k}`,
    hints: ['dot product of Q and K, then scale. Shape (T, T)', 'boolean matrix, True marks a future position', 'softmax over which axis?'],
    run: 'Run',
    reset: 'Fill in the reference answer',
    mistake: 'Or see a common mistake:',
    none: '(pick a mistake)',
    mistakes: {
      axis: 'softmax over the wrong axis (axis=0)',
      k0: 'mask with k=0',
      noscale: 'no scaling',
      dk: 'dividing by d_k instead of √d_k',
    },
    explain: {
      axis: 'Normalizing columns: every column sums to 1, but the rows (each query\'s weights) do not. Softmax must run over the keys, the last axis.',
      k0: 'k=0 hides the diagonal too: row 0 may only see itself, and now every key is -inf, so softmax computes exp(-inf - -inf) = NaN, i.e. 0/0: the whole row is NaN.',
      noscale: 'Without dividing by √d_k the scores have a standard deviation of about √d_k, softmax is nearly one-hot and its gradients vanish.',
      dk: 'Dividing by d_k shrinks too much: the scores have a standard deviation of about 1/√d_k and softmax becomes nearly uniform.',
    },
    output: 'Your program prints',
    expected: 'Expected (NumPy)',
    correct: 'correct',
    wrong: 'wrong',
    unsupported: 'not checked',
    same: 'The output equals the expected output.',
    differs: (n) => `${n} line(s) differ from the expected output (marked ≠).`,
    differLine: 'differs from the expected output',
    copy: 'Copy program',
    download: 'Download 0001_attention_todo.py',
    downloaded: (typed) => typed.length === 3 ? 'Saved 0001_attention_todo.py, with your three lines.'
      : typed.length === 0 ? 'Saved 0001_attention_todo.py with its three TODOs still blank: fill them in; Python names any one left.'
      : `Saved 0001_attention_todo.py with your line${typed.length > 1 ? 's' : ''} for TODO ${typed.map((k) => k + 1).join(' and ')}; the others are still blank, and Python names them when it reaches them.`,
    numpyCheck: 'To run it on your own machine, first check that NumPy is installed:',
    copied: 'The whole program, with your three lines, is on the clipboard.',
    copyFailed: 'The clipboard is not available here: the whole program is selected below; press Ctrl+C (⌘C on a Mac) to copy it.',
    fallbackLabel: 'The whole program, with your three lines',
    loading: 'Loading the engine…',
    computing: 'Running the program…',
    failed: 'The engine failed to load: ',
    runFailed: 'The run failed: ',
    tooLong: (k, n) => `TODO ${k} is too long: at most ${MAX_LINE} characters per line, got ${n}. Nothing was run.`,
    badSeed: (v, kept) => `The seed attribute must be an integer from 0 to 2^64−1; got "${v}". Still using seed ${kept}.`,
  },
};
