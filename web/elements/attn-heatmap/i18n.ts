// The strings of <attn-heatmap>, in Simplified Chinese (default) and English.
import type { Lang } from '../../shared/element';
import { CODE_SNIPPET_STRINGS, type CodeSnippetMessages } from '../../shared/snippet-strings';
import type { ParseError, Scale } from './parse';

/** The copy messages (copied, copyFailed, fallbackLabel) are the shared ones (web/shared/snippet-strings.ts). */
export interface Strings extends CodeSnippetMessages {
  title: string;
  loading: string;
  engineFailed: (msg: string) => string;
  dk: string;
  logScale: string;
  scale: string;
  scaleOption: Record<Scale, string>;
  causal: string;
  compare: string;
  reading: string;
  panelUnscaled: string;
  /** Short names of the panels, which start each readout line in compare mode. */
  panelName: Record<Scale, string>;
  bothPanels: string;
  /** Why the scale menu is off in compare mode. */
  compareFixed: string;
  panelScaled: (scale: Scale) => string;
  legend: string;
  legendMasked: string;
  query: string;
  key: string;
  rawStd: (raw: string, sqrtDk: string) => string;
  scaledStd: (std: string) => string;
  rowMax: string;
  meanRowMax: (mean: string, uniform: string) => string;
  rowSums: (err: string) => string;
  formula: string;
  cell: (q: string, k: string, raw: string, scaled: string, w: string) => string;
  cellMasked: (q: string, k: string, raw: string) => string;
  cellHint: string;
  gridLabel: (scale: string) => string;
  tableCaption: (dk: number, scale: string, causal: boolean) => string;
  copy: string;
  snippetSummary: string;
  error: (e: ParseError) => string;
  /** `labels` holds another count of names than `tokens`: what is shown instead. */
  labelsCount: (given: number, tokens: number) => string;
}

const zh: Strings = {
  title: '注意力权重热图',
  loading: '正在加载计算引擎…',
  engineFailed: (m) => `计算引擎没能加载（${m}），热图暂时无法显示。`,
  dk: 'd_k（query / key 向量的维数）',
  logScale: '对数刻度',
  scale: '缩放方式',
  scaleOption: { sqrt: '除以 √d_k（标准做法）', none: '不缩放', dk: '除以 d_k' },
  causal: '因果掩码（每个 token 只看自己和前面的 token）',
  compare: '并排对比不缩放和缩放',
  reading: '行是 query，列是 key；格子越深，权重越大。',
  panelUnscaled: '不缩放：softmax(QKᵀ)',
  panelName: { none: '不缩放', sqrt: '除以 √d_k', dk: '除以 d_k' },
  bothPanels: '两幅图',
  compareFixed: '并排对比时两幅图是固定的：一幅不缩放，一幅除以 √d_k，所以缩放方式菜单不可用。取消勾选“并排对比”就能自己选缩放方式。',
  panelScaled: (s) => (s === 'dk' ? '缩放：softmax(QKᵀ / d_k)' : s === 'none' ? '不缩放：softmax(QKᵀ)' : '缩放：softmax(QKᵀ / √d_k)'),
  legend: '权重',
  legendMasked: '被掩码（权重为 0）',
  query: 'query',
  key: 'key',
  rawStd: (r, s) => `原始分数 QKᵀ 的标准差：${r}（√d_k = ${s}）`,
  scaledStd: (s) => `缩放后分数的标准差：${s}`,
  rowMax: '每行最大权重',
  meanRowMax: (m, u) => `平均 ${m}（均匀分布时为 1/T = ${u}，接近 1 即接近 one-hot）`,
  rowSums: (e) => `每行权重之和都等于 1（最大偏差 ${e}）`,
  formula: '当前公式',
  cell: (q, k, r, s, w) => `query ${q} → key ${k}：原始分数 ${r}，缩放后 ${s}，权重 ${w}`,
  cellMasked: (q, k, r) => `query ${q} → key ${k}：被掩码（原始分数 ${r}，缩放后 −∞），权重 0`,
  cellHint: '把鼠标移到格子上，或用 Tab 进入热图后按方向键，查看每个格子的数值。',
  gridLabel: (s) => `注意力权重格子（${s}），方向键移动`,
  tableCaption: (dk, s, c) => `注意力权重，d_k = ${dk}，${s}${c ? '，因果掩码' : ''}。行是 query，列是 key。`,
  copy: '复制为 NumPy 代码',
  ...CODE_SNIPPET_STRINGS['zh-CN'],
  snippetSummary: '用 NumPy 重现这张矩阵的代码',
  labelsCount: (g, t) =>
    g > t
      ? `labels 给了 ${g} 个名字，但只有 ${t} 个 token：多出的名字没有显示。`
      : `labels 给了 ${g} 个名字，但有 ${t} 个 token：第 ${g + 1} 到第 ${t} 个 token 显示为编号。`,
  error: (e) =>
    e.kind === 'int'
      ? `属性 ${e.attr} 必须是 ${e.min} 到 ${e.max} 之间的整数，收到的是“${e.got}”。仍显示上一个有效值。`
      : e.kind === 'seed'
        ? `属性 seed 必须是 0 到 2^64 − 1 之间的十进制整数，收到的是“${e.got}”。仍显示上一个有效值。`
        : `属性 scale 只能是 ${e.allowed.join('、')}，收到的是“${e.got}”。仍显示上一个有效值。`,
};

const en: Strings = {
  title: 'Attention weight heatmap',
  loading: 'Loading the compute engine…',
  engineFailed: (m) => `The compute engine did not load (${m}), so the heatmap cannot be shown yet.`,
  dk: 'd_k (length of each query / key vector)',
  logScale: 'Log scale',
  scale: 'Scaling',
  scaleOption: { sqrt: 'divide by √d_k (standard)', none: 'no scaling', dk: 'divide by d_k' },
  causal: 'Causal mask (each token sees only itself and earlier tokens)',
  compare: 'Compare unscaled and scaled side by side',
  reading: 'Rows are queries, columns are keys; a darker cell is a larger weight.',
  panelUnscaled: 'Unscaled: softmax(QKᵀ)',
  panelName: { none: 'Unscaled', sqrt: 'Divided by √d_k', dk: 'Divided by d_k' },
  bothPanels: 'Both panels',
  compareFixed: 'In compare mode the two panels are fixed, one unscaled and one divided by √d_k, so the scaling menu is off. Untick “Compare” to choose the scaling yourself.',
  panelScaled: (s) => (s === 'dk' ? 'Scaled: softmax(QKᵀ / d_k)' : s === 'none' ? 'Unscaled: softmax(QKᵀ)' : 'Scaled: softmax(QKᵀ / √d_k)'),
  legend: 'Weight',
  legendMasked: 'Masked (weight 0)',
  query: 'query',
  key: 'key',
  rawStd: (r, s) => `Std of the raw scores QKᵀ: ${r} (√d_k = ${s})`,
  scaledStd: (s) => `Std of the scaled scores: ${s}`,
  rowMax: 'Largest weight in each row',
  meanRowMax: (m, u) => `mean ${m} (uniform attention gives 1/T = ${u}; near 1 means nearly one-hot)`,
  rowSums: (e) => `Every row of weights sums to 1 (largest deviation ${e})`,
  formula: 'Formula now',
  cell: (q, k, r, s, w) => `query ${q} → key ${k}: raw score ${r}, scaled ${s}, weight ${w}`,
  cellMasked: (q, k, r) => `query ${q} → key ${k}: masked (raw score ${r}, scaled −∞), weight 0`,
  cellHint: 'Hover a cell, or Tab into the heatmap and use the arrow keys, to read its values.',
  gridLabel: (s) => `Attention weight cells (${s}); arrow keys move`,
  tableCaption: (dk, s, c) => `Attention weights, d_k = ${dk}, ${s}${c ? ', causal mask' : ''}. Rows are queries, columns are keys.`,
  copy: 'Copy as NumPy',
  ...CODE_SNIPPET_STRINGS.en,
  snippetSummary: 'NumPy code that reproduces this matrix',
  labelsCount: (g, t) =>
    g > t
      ? `labels names ${g} tokens but there are ${t}: the extra names are not shown.`
      : `labels names ${g} tokens but there are ${t}: tokens ${g + 1} to ${t} show their index.`,
  error: (e) =>
    e.kind === 'int'
      ? `Attribute ${e.attr} must be an integer from ${e.min} to ${e.max}; got “${e.got}”. Showing the last valid value.`
      : e.kind === 'seed'
        ? `Attribute seed must be a decimal integer from 0 to 2^64 − 1; got “${e.got}”. Showing the last valid value.`
        : `Attribute scale must be one of ${e.allowed.join(', ')}; got “${e.got}”. Showing the last valid value.`,
};

export const STRINGS: Record<Lang, Strings> = { 'zh-CN': zh, en };
