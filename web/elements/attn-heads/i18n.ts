// The strings of <attn-heads>, in Simplified Chinese (default) and English.
import type { Lang } from '../../shared/element';
import { CODE_SNIPPET_STRINGS, type CodeSnippetMessages } from '../../shared/snippet-strings';
import { L, type ParseError } from './parse';

/** The copy messages (copied, copyFailed, fallbackLabel) are the shared ones (web/shared/snippet-strings.ts). */
export interface Strings extends CodeSnippetMessages {
  title: string;
  loading: string;
  waiting: string;
  engineFailed: (msg: string) => string;
  shapesTitle: string;
  shapeSteps: (inp: string, scores: string, out: string) => string;
  gridLabel: string;
  gridHelp: string;
  headName: (b: number, h: number) => string;
  headCell: (b: number, h: number, rows: string) => string;
  weightRow: (i: number, values: string) => string;
  selected: (b: number, h: number) => string;
  tensorCaption: (name: string, b: number, h: number) => string;
  verdictTitle: string;
  maxDiff: (d: string) => string;
  allclose: (v: boolean) => string;
  stepTitle: string;
  rowLabel: string;
  stepIntro: (tile: number) => string;
  stepCols: { tile: string; keys: string; max: string; sum: string; out: string };
  stepEnd: (same: boolean, d: string) => string;
  stepWhy: (T: number, tile: number, d: number) => string;
  copy: string;
  download: string;
  downloaded: (name: string) => string;
  snippetSummary: string;
  torchNote: string;
  error: (e: ParseError) => string;
}

const zh: Strings = {
  title: '加分题：批量多头注意力',
  loading: '正在加载 PyTorch 引擎…',
  waiting: '滚动到这里时加载 PyTorch 引擎。',
  engineFailed: (m) => `引擎加载失败：${m}`,
  shapesTitle: '每一步的形状',
  shapeSteps: (a, s, o) => `q, k, v ${a} → 分数与权重 ${s} → 输出 ${o}。@ 和 transpose(-2, -1) 只作用在最后两维，前面的 (B, H) 都当作批量。`,
  gridLabel: '每个 (批次, 头) 的 T × T 注意力权重',
  gridHelp: '方向键在各个头之间移动，所选的头在下方展开。',
  headName: (b, h) => `批次 ${b}，头 ${h}`,
  headCell: (b, h, rows) => `批次 ${b}，头 ${h} 的权重：${rows}`,
  weightRow: (i, v) => `第 ${i} 行 ${v}`,
  selected: (b, h) => `已选：批次 ${b}，头 ${h}`,
  tensorCaption: (n, b, h) => `${n}[${b}, ${h}]`,
  verdictTitle: '与融合内核对拍',
  maxDiff: (d) => `最大 |mine − fused| = ${d}`,
  allclose: (v) => `allclose: ${v ? 'True' : 'False'}（atol=1e-6）`,
  stepTitle: '融合内核，一步一步',
  rowLabel: '查询行',
  stepIntro: (t) => `融合内核按每块 ${t} 个键扫过去，只保留三样东西：目前的最大分数 m、指数和 l、以及按 m 重新缩放过的累加器。每来一块，若 m 变大，旧的 l 和累加器都乘以 exp(旧 m − 新 m)。`,
  stepCols: { tile: '块', keys: '键', max: '最大值 m', sum: '和 l', out: '当前输出（累加器 / l）' },
  stepEnd: (same, d) => (same ? `最后一块之后，这一行与手写版相同（最大差 ${d}）。` : `最后一块之后，这一行与手写版相差 ${d}。`),
  stepWhy: (T, t, d) => `整个过程中每个查询只存了 ${t} 个分数和长度 ${d} 的累加器，从来没有存下 ${T} × ${T} 的分数矩阵：这正是 FlashAttention 省内存的办法。`,
  copy: '复制为 PyTorch',
  download: '下载 0001_bonus_torch_check.py',
  ...CODE_SNIPPET_STRINGS['zh-CN'],
  downloaded: (n) => `已保存 ${n}。`,
  snippetSummary: 'PyTorch 代码',
  torchNote: 'F.scaled_dot_product_attention 需要 PyTorch 2.0 或更新版本；在旧版本上，脚本会打印一行说明，改用 float64 的手写公式作为对照。',
  error: (e) =>
    e.product !== undefined
      ? `batch × heads × tokens × dk = ${e.product}，超过上限 ${L.elementMaxValues}：保留之前的形状。`
      : `属性 ${e.attr}="${e.got.slice(0, 24)}" 无效：${RANGES.zh[e.attr]}，保留之前的值。`,
};

const en: Strings = {
  title: 'Bonus: batched multi-head attention',
  loading: 'Loading the PyTorch engine…',
  waiting: 'The PyTorch engine loads when you scroll here.',
  engineFailed: (m) => `The engine failed to load: ${m}`,
  shapesTitle: 'Shapes at each step',
  shapeSteps: (a, s, o) => `q, k, v ${a} → scores and weights ${s} → output ${o}. @ and transpose(-2, -1) act on the last two axes only; (B, H) in front are batch axes.`,
  gridLabel: 'The T × T attention weights of each (batch, head)',
  gridHelp: 'Arrow keys move between heads; the chosen head opens below.',
  headName: (b, h) => `batch ${b}, head ${h}`,
  headCell: (b, h, rows) => `Weights of batch ${b}, head ${h}: ${rows}`,
  weightRow: (i, v) => `row ${i} ${v}`,
  selected: (b, h) => `Chosen: batch ${b}, head ${h}`,
  tensorCaption: (n, b, h) => `${n}[${b}, ${h}]`,
  verdictTitle: 'Checked against the fused kernel',
  maxDiff: (d) => `largest |mine − fused| = ${d}`,
  allclose: (v) => `allclose: ${v ? 'True' : 'False'} (atol=1e-6)`,
  stepTitle: 'The fused kernel, step by step',
  rowLabel: 'Query row',
  stepIntro: (t) => `The fused kernel walks the keys ${t} at a time and keeps only three things: the largest score so far m, the sum of exponentials l, and an accumulator scaled to m. When a tile raises m, the old l and accumulator are multiplied by exp(old m − new m).`,
  stepCols: { tile: 'tile', keys: 'keys', max: 'max m', sum: 'sum l', out: 'output so far (accumulator / l)' },
  stepEnd: (same, d) => (same ? `After the last tile the row equals the manual one (largest difference ${d}).` : `After the last tile the row differs from the manual one by ${d}.`),
  stepWhy: (T, t, d) => `Each query held ${t} scores and an accumulator of length ${d} at a time; the ${T} × ${T} score matrix was never stored. That is how FlashAttention saves memory.`,
  copy: 'Copy as PyTorch',
  download: 'Download 0001_bonus_torch_check.py',
  ...CODE_SNIPPET_STRINGS.en,
  downloaded: (n) => `Saved ${n}.`,
  snippetSummary: 'PyTorch code',
  torchNote: 'F.scaled_dot_product_attention needs PyTorch 2.0 or later; on older versions the script prints a note and compares with the manual formula in float64 instead.',
  error: (e) =>
    e.product !== undefined
      ? `batch × heads × tokens × dk = ${e.product} is over the cap of ${L.elementMaxValues}: the previous shape is kept.`
      : `${e.attr}="${e.got.slice(0, 24)}" is not valid: ${RANGES.en[e.attr]}; the previous value is kept.`,
};

const RANGES = {
  zh: {
    seed: '应为 [0, 2^63) 内的整数',
    batch: `应为 1 到 ${L.elementMaxBatch} 的整数`,
    heads: `应为 1 到 ${L.elementMaxHeads} 的整数`,
    tokens: `应为 1 到 ${L.elementMaxTokens} 的整数`,
    dk: `应为 1 到 ${L.elementMaxDk} 的整数`,
    causal: '是布尔属性',
  },
  en: {
    seed: 'an integer in [0, 2^63)',
    batch: `an integer from 1 to ${L.elementMaxBatch}`,
    heads: `an integer from 1 to ${L.elementMaxHeads}`,
    tokens: `an integer from 1 to ${L.elementMaxTokens}`,
    dk: `an integer from 1 to ${L.elementMaxDk}`,
    causal: 'a boolean attribute',
  },
} as const;

export const STRINGS: Record<Lang, Strings> = { 'zh-CN': zh, en };
