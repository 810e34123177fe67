// The strings of <attn-tril>, in Simplified Chinese (default) and English.
import type { Lang } from '../../shared/element';
import { CODE_SNIPPET_STRINGS, type CodeSnippetMessages } from '../../shared/snippet-strings';
import { M_MAX, M_MIN, type ParseError } from './parse';

/** The copy messages (copied, copyFailed, fallbackLabel) are the shared ones (web/shared/snippet-strings.ts). */
export interface Strings extends CodeSnippetMessages {
  title: string;
  loading: string;
  engineFailed: (msg: string) => string;
  viewLabel: string;
  viewAverage: string;
  viewAttention: string;
  batch: string;
  xCaption: (b: number) => string;
  step: string;
  stepReading: (t: number) => string;
  wayLoop: string;
  wayTril: string;
  waySoftmax: string;
  weiCaption: (way: string) => string;
  xbowCaption: (b: number) => string;
  maxDiff: (d: string) => string;
  allclose: (which: string, v: boolean) => string;
  allcloseWhy: string;
  headCaption: (b: number, scale: boolean) => string;
  mask: string;
  scale: string;
  encoderDecoder: (mask: boolean) => string;
  variances: (unscaled: string, scaled: string) => string;
  unitVariances: (unscaled: string, scaled: string) => string;
  tempTitle: string;
  tempLabel: string;
  tempReading: (m: string, max: string) => string;
  permTitle: string;
  permOrder: (p: string) => string;
  permReverse: string;
  permRotate: string;
  permSwap: string;
  permReset: string;
  positions: string;
  permSame: (d: string) => string;
  permChanged: (d: string) => string;
  permCaption: (which: string) => string;
  permBefore: string;
  permAfter: string;
  copy: string;
  snippetSummary: string;
  query: string;
  key: string;
  row: string;
  error: (e: ParseError) => string;
}

const zh: Strings = {
  title: 'tril 技巧实验室',
  loading: '正在加载 PyTorch 引擎…',
  engineFailed: (m) => `引擎加载失败：${m}`,
  viewLabel: '权重',
  viewAverage: '三种等价写法（固定权重）',
  viewAttention: '数据相关的权重（单头注意力）',
  batch: 'batch 下标 b',
  xCaption: (b) => `x[${b}]：torch.randn(4, 8, 2) 的第 ${b} 个序列（8 × 2）`,
  step: '循环步 t',
  stepReading: (t) => `第 t = ${t} 步：对第 0…${t} 行取平均，得到 xbow[b, ${t}]`,
  wayLoop: '① 双重循环 + torch.mean',
  wayTril: '② tril / 行和，再矩阵乘',
  waySoftmax: '③ masked_fill(-inf) + softmax',
  weiCaption: (w) => `${w} 的权重矩阵（8 × 8）`,
  xbowCaption: (b) => `xbow[${b}]：三种写法的结果`,
  maxDiff: (d) => `三种结果两两之间的最大差：${d}`,
  allclose: (w, v) => `torch.allclose(xbow, ${w})：${v ? 'True' : 'False'}`,
  allcloseWhy: 'allclose 要求 |a − b| ≤ 1e-8 + 1e-5·|b|：接近 0 的元素只能容忍极小的浮点误差，所以即使三种写法数学上相同，也可能得到 False。',
  headCaption: (b, sc) => `wei[${b}]：softmax(q @ kᵀ${sc ? ' · 16^-0.5' : ''}) 的注意力权重（PyTorch 打印的 4 位小数）`,
  mask: '掩码（decoder block）',
  scale: '缩放 head_size**-0.5',
  encoderDecoder: (m) => (m ? '有掩码：decoder block，只能看过去' : '无掩码：encoder block，所有位置互相通信'),
  variances: (u, s) => `本例 q @ kᵀ 的方差：不缩放 ${u}，缩放后 ${s}`,
  unitVariances: (u, s) => `若 q、k 为单位方差（randn(4, 8, 16)）：不缩放 ${u}（约等于 head_size = 16），缩放后 ${s}`,
  tempTitle: 'softmax 温度：softmax(m · [0.1, −0.2, 0.3, −0.2, 0.5])',
  tempLabel: '乘数 m',
  tempReading: (m, mx) => `m = ${m}：最大的概率是 ${mx}。m 越大越接近 one-hot。`,
  permTitle: '注意力没有「空间」概念：打乱 8 个 token 的顺序（无掩码的单头）',
  permOrder: (p) => `当前顺序：${p}`,
  permReverse: '倒序',
  permRotate: '循环移一位',
  permSwap: '交换前两个',
  permReset: '恢复',
  positions: '加上位置嵌入 nn.Embedding(8, 32)',
  permSame: (d) => `输出的行只是跟着换了位置（最大差小于 ${d}，仅为浮点舍入）`,
  permChanged: (d) => `加了位置嵌入后，输出本身变了（最大差 ${d}）`,
  permCaption: (w) => `输出第 0 维：${w}`,
  permBefore: '原顺序的输出按新顺序排列',
  permAfter: '打乱后的输出',
  copy: '复制为 PyTorch 代码',
  ...CODE_SNIPPET_STRINGS['zh-CN'],
  snippetSummary: 'PyTorch 代码（打印相同的数字）',
  query: '查询',
  key: '键',
  row: '行',
  error: (e) => {
    const got = `（收到 “${e.got.slice(0, 40)}”）`;
    switch (e.attr) {
      case 'seed': return `seed 必须是 [0, 2^63) 内的整数${got}，保留上一个有效值。`;
      case 'b': return `b 必须是 0–3 的整数${got}，保留上一个有效值。`;
      case 'step': return `step 必须是 0–7 的整数${got}，保留上一个有效值。`;
      case 'm': return `m 必须是 ${M_MIN}–${M_MAX} 的数${got}，保留上一个有效值。`;
      case 'perm': return `perm 必须是 0–7 各出现一次的 8 个数${got}，保留上一个有效值。`;
      case 'view': return `view 只能是 average 或 attention${got}，保留上一个有效值。`;
      case 'parts': return `parts 只能由 three、head、temperature、permutation 组成${got}，保留上一个有效值。`;
      case 'scale': return `scale 只能是 sqrt 或 none${got}，保留上一个有效值。`;
      default: return `${e.attr} 只能是 on 或 off${got}，保留上一个有效值。`;
    }
  },
};

const en: Strings = {
  title: 'The tril trick lab',
  loading: 'Loading the PyTorch engine…',
  engineFailed: (m) => `The engine failed to load: ${m}`,
  viewLabel: 'Weights',
  viewAverage: 'Three equivalent ways (fixed weights)',
  viewAttention: 'Data-dependent weights (one head)',
  batch: 'Batch index b',
  xCaption: (b) => `x[${b}]: sequence ${b} of torch.randn(4, 8, 2) (8 × 2)`,
  step: 'Loop step t',
  stepReading: (t) => `Step t = ${t}: rows 0…${t} are averaged into xbow[b, ${t}]`,
  wayLoop: '① double loop + torch.mean',
  wayTril: '② tril / row sums, then matmul',
  waySoftmax: '③ masked_fill(-inf) + softmax',
  weiCaption: (w) => `weights of ${w} (8 × 8)`,
  xbowCaption: (b) => `xbow[${b}]: the three results`,
  maxDiff: (d) => `Largest difference between any two results: ${d}`,
  allclose: (w, v) => `torch.allclose(xbow, ${w}): ${v ? 'True' : 'False'}`,
  allcloseWhy: 'allclose asks |a − b| ≤ 1e-8 + 1e-5·|b|: an element close to 0 tolerates almost no float error, so the three ways, equal in exact arithmetic, can still give False.',
  headCaption: (b, sc) => `wei[${b}]: attention weights softmax(q @ kᵀ${sc ? ' · 16^-0.5' : ''}) (PyTorch's 4 decimals)`,
  mask: 'Mask (decoder block)',
  scale: 'Scale by head_size**-0.5',
  encoderDecoder: (m) => (m ? 'Masked: a decoder block, tokens see only the past' : 'No mask: an encoder block, every token talks to every token'),
  variances: (u, s) => `Variance of q @ kᵀ here: unscaled ${u}, scaled ${s}`,
  unitVariances: (u, s) => `With unit-variance q, k (randn(4, 8, 16)): unscaled ${u} (about head_size = 16), scaled ${s}`,
  tempTitle: 'Softmax temperature: softmax(m · [0.1, −0.2, 0.3, −0.2, 0.5])',
  tempLabel: 'Multiplier m',
  tempReading: (m, mx) => `m = ${m}: the largest probability is ${mx}. The larger m, the closer to one-hot.`,
  permTitle: 'Attention has no notion of space: permute the 8 tokens (one head, no mask)',
  permOrder: (p) => `Order: ${p}`,
  permReverse: 'Reverse',
  permRotate: 'Rotate by one',
  permSwap: 'Swap the first two',
  permReset: 'Reset',
  positions: 'Add position embeddings nn.Embedding(8, 32)',
  permSame: (d) => `The output rows only moved with the tokens (largest difference below ${d}: float rounding)`,
  permChanged: (d) => `With position embeddings the outputs themselves change (largest difference ${d})`,
  permCaption: (w) => `Output channel 0: ${w}`,
  permBefore: 'original outputs, in the new order',
  permAfter: 'outputs of the permuted tokens',
  copy: 'Copy as PyTorch',
  ...CODE_SNIPPET_STRINGS.en,
  snippetSummary: 'PyTorch code (prints the same numbers)',
  query: 'query',
  key: 'key',
  row: 'row',
  error: (e) => {
    const got = ` (got "${e.got.slice(0, 40)}")`;
    switch (e.attr) {
      case 'seed': return `seed must be an integer in [0, 2^63)${got}; keeping the last valid value.`;
      case 'b': return `b must be an integer 0–3${got}; keeping the last valid value.`;
      case 'step': return `step must be an integer 0–7${got}; keeping the last valid value.`;
      case 'm': return `m must be a number ${M_MIN}–${M_MAX}${got}; keeping the last valid value.`;
      case 'perm': return `perm must hold 0–7 once each${got}; keeping the last valid value.`;
      case 'view': return `view must be average or attention${got}; keeping the last valid value.`;
      case 'parts': return `parts may list three, head, temperature, permutation${got}; keeping the last valid value.`;
      case 'scale': return `scale must be sqrt or none${got}; keeping the last valid value.`;
      default: return `${e.attr} must be on or off${got}; keeping the last valid value.`;
    }
  },
};

export const STRINGS: Record<Lang, Strings> = { 'zh-CN': zh, en };
