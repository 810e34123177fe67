// The exercise's verdict reasons, worded by the element in the learner's
// language from the engine's stable code and parameters (the codes and their
// parameters are listed in cpp/lessons/exercise.hpp). The English table words
// them as the engine's own `reason` does; Python error lines (`text`) are
// quoted as Python prints them in both languages, followed on the Chinese
// page by a gloss in plain words (python-errors.ts). An unknown code falls back
// to the engine's English `reason`.
import type { Lang } from '../../shared/element';
import { constructText } from './constructs';
import { quotePythonErrorZh } from './python-errors';

export interface VerdictReasonData {
  code: string;
  params?: Record<string, string>;
}

export interface VerdictData extends VerdictReasonData {
  correct: boolean;
  reason: string;
  inner?: VerdictReasonData;
}

type P = Record<string, string>;
type Words = (p: P) => string;

/** A space between Chinese text and a phrase that starts with Latin letters, digits or code. */
const spaced = (s: string) => `${/^[\x21-\x7e]/.test(s) ? ' ' : ''}${s}`;

/** The reason codes worded from their own parameters (cpp/lessons/exercise.hpp). */
export type ReasonCode =
  | 'ok' | 'empty' | 'syntax' | 'target' | 'error' | 'error_t_later' | 'not_array' | 'shape' | 'shape_contract'
  | 'no_scale' | 'div_dk' | 'mul_sqrt' | 'transposed' | 'scores_values' | 'mask_where_error' | 'mask_shape'
  | 'mask_not_bool' | 'mask_k0' | 'mask_lower' | 'mask_inverted' | 'mask_none' | 'mask_all' | 'mask_cells'
  | 'softmax_axis' | 'not_normalized' | 'double_scale' | 'ignores_mask' | 'weights_nan' | 'row_sums'
  | 'weights_values' | 'unsupported' | 'sizes_only' | 'batched_transpose';
/** The codes that wrap another reason (`inner`). */
export type WrapperCode = 'causal_false' | 'pytorch_transpose';
/** Every verdict code: a table without one of them does not compile. */
export type VerdictCode = ReasonCode | WrapperCode;

const ZH: Record<ReasonCode, Words> = {
  ok: () => '',
  empty: () => '还没填：这一行仍然是 `...`',
  syntax: (p) => `Python 无法解析这一行：${quotePythonErrorZh(p.text)}`,
  target: (p) => `这一行赋值给了 ${p.got}，但 TODO ${p.todo} 要求得到的是 ${p.want}`,
  error: (p) => `运行时 Python 报错：${quotePythonErrorZh(p.text)}`,
  error_t_later: (p) => `运行时 Python 报错：${p.text}（T 要到后面的 if causal: 里才有值；这里请用 d_k，或者 Q、K 的形状）`,
  not_array: (p) => `算出来的是 ${p.type} ${p.value}，而不是形状为 ${p.want} 的 ${p.what} 数组`,
  shape: (p) => `形状不对：得到 ${p.got}，应当是 ${p.want}`,
  shape_contract: (p) => `形状不对：得到 ${p.got}，应当是 ${p.want}（矩阵乘法要把 d_k 这一维乘掉：Q @ K.swapaxes(-2, -1)）`,
  no_scale: () => '没有缩放：这只是 Q·Kᵀ，还要再除以 √d_k（np.sqrt(d_k)）；不除的话分数的标准差约为 √d_k，softmax 会被推向饱和',
  div_dk: () => '除的是 d_k 而不是 √d_k：分数被压得太小（标准差只有约 1/√d_k），softmax 变得接近均匀分布',
  mul_sqrt: () => '乘了 √d_k——应该是除以它',
  transposed: () => '乘反了：这是 K·Qᵀ / √d_k，scores[i, j] 成了 k_i·q_j；应当是第 i 个 query 和第 j 个 key 的点积 q_i·k_j：Q @ K.swapaxes(-2, -1)',
  scores_values: (p) => `数值和 Q·Kᵀ/√d_k 对不上：scores${p.index} 是 ${p.got}，应当是 ${p.want}`,
  mask_where_error: (p) => `执行 np.where(mask, -np.inf, scores) 时 Python 报错：${quotePythonErrorZh(p.text)}`,
  mask_shape: (p) => `形状不对：mask 的形状是 ${p.mask}，于是 np.where(mask, -np.inf, scores) 得到 ${p.got}，而不是 ${p.want}`,
  mask_not_bool: (p) => `不是布尔矩阵：这个 mask 的类型是 ${p.dtype}。np.where 会把非零值当成 True，所以这次结果碰巧一样，但掩码应当是布尔矩阵（dtype=bool 或 .astype(bool)）`,
  mask_k0: () => 'k=0 把对角线也遮住了：每个位置都看不到自己，第 0 行的 key 全被遮住，softmax 算出 exp(-inf - -inf) = NaN，也就是 0/0；应当用 k=1',
  mask_lower: () => '遮错了三角：这样遮住的是过去（对角线以下），每个位置反而都能看到未来；True 应当落在 j > i 的位置，np.triu(..., k=1) 正是如此',
  mask_inverted: () => '真假颠倒了：True 标出的是允许看的位置（过去和对角线），而不是未来；用 ~ 取反，或者改用 np.triu(..., k=1)',
  mask_none: () => '什么都没遮：没有一个位置是 True，每个位置仍然能看到未来',
  mask_all: () => '全都遮住了：所有 key 都被挡住，softmax 的每一行都成了 0/0 = NaN',
  mask_cells: (p) => `遮错了格子：mask${p.index} 是 ${p.got}，应当是 ${p.want}（True 表示未来位置，即列号大于行号）`,
  softmax_axis: () => 'softmax 的轴不对：现在每一列的和是 1，每一行却不是；应当沿 key 所在的最后一个轴（axis=-1）归一化，让每个 query 的权重加起来等于 1',
  not_normalized: () => '没有归一化：这只是 exp(scores)，还要让每一行除以自己的和（也就是 softmax）',
  double_scale: () => '又缩放了一次：TODO 1 已经除过 √d_k 了',
  ignores_mask: () => '掩码没起作用：这是用未加掩码的分数算出的权重；softmax 应当作用在加过掩码的 scores 上',
  weights_nan: (p) => `出现了 NaN，而 softmax(scores) 并没有：weights${p.index} 是 ${p.got}，应当是 ${p.want}`,
  row_sums: (p) => `每一行的和不是 1：行和为 ${p.sums}`,
  weights_values: (p) => `数值和 softmax(scores) 对不上：weights${p.index} 是 ${p.got}，应当是 ${p.want}`,
  unsupported: (p) => `这一行可能是对的，只是检查器还不支持${spaced(constructText('zh-CN', p) ?? p.construct)}，所以没有检查它：请复制完整程序，用 Python 运行确认`,
  sizes_only: () => '只对本程序的大小（T = 4，d_k = 16）成立：换成别的大小结果就不对了；请用 T、d_k 或数组的形状，而不是写死的数字',
  batched_transpose: () => '提示：如果输入是批量的 (B, H, T, d) 数组，K.T 会把四个轴整个倒过来，K.swapaxes(-2, -1) 只交换最后两个轴',
};

const EN: Record<ReasonCode, Words> = {
  ok: () => '',
  empty: () => 'not filled in: the line is still `...`',
  syntax: (p) => p.text,
  target: (p) => `assigns to ${p.got}, but TODO ${p.todo} must set ${p.want}`,
  error: (p) => `raises ${p.text}`,
  error_t_later: (p) => `raises ${p.text} (T is set only later, inside \`if causal:\`; use d_k or the shapes of Q and K)`,
  not_array: (p) => `gives ${p.type} ${p.value}, not a ${p.want} array of ${p.what}`,
  shape: (p) => `wrong shape: gives ${p.got}, expected ${p.want}`,
  shape_contract: (p) => `wrong shape: gives ${p.got}, expected ${p.want} (the product must contract the d_k axis: Q @ K.swapaxes(-2, -1))`,
  no_scale: () => 'not scaled: this is Q·Kᵀ; divide it by √d_k (np.sqrt(d_k)), otherwise the scores have a standard deviation of about √d_k and softmax saturates',
  div_dk: () => 'divides by d_k instead of √d_k: the scores shrink too much (standard deviation about 1/√d_k) and softmax flattens towards uniform',
  mul_sqrt: () => 'multiplies by √d_k instead of dividing by it',
  transposed: () => 'transposed: this is K·Qᵀ / √d_k, so scores[i, j] = k_i·q_j; it must be q_i·k_j (query i against key j): Q @ K.swapaxes(-2, -1)',
  scores_values: (p) => `values differ from Q·Kᵀ/√d_k: scores${p.index} is ${p.got}, expected ${p.want}`,
  mask_where_error: (p) => `np.where(mask, -np.inf, scores) raises ${p.text}`,
  mask_shape: (p) => `wrong shape: mask has shape ${p.mask}, so np.where(mask, -np.inf, scores) gives ${p.got} instead of ${p.want}`,
  mask_not_bool: (p) => `not boolean: the mask is ${p.dtype}; np.where treats nonzero as True so the result happens to match, but the mask must be a boolean matrix (dtype=bool or .astype(bool))`,
  mask_k0: () => 'k=0 also hides the diagonal: no position can see itself, and row 0 has every key masked, so its softmax is exp(-inf - -inf) = NaN, i.e. 0/0; use k=1',
  mask_lower: () => 'wrong triangle: this hides the past (below the diagonal) and lets every position see the future; True must mark j > i, as np.triu(..., k=1) does',
  mask_inverted: () => 'inverted: True marks the allowed positions (the past and the diagonal) instead of the future ones; negate it with ~ or use np.triu(..., k=1)',
  mask_none: () => 'masks nothing: no position is True, so every position still sees the future',
  mask_all: () => 'masks everything: every key is hidden, so every row of the softmax is 0/0 = NaN',
  mask_cells: (p) => `hides the wrong cells: mask${p.index} is ${p.got}, expected ${p.want} (True must mean a future position, column > row)`,
  softmax_axis: () => 'softmax over the wrong axis: each column sums to 1 but the rows don\'t; normalize over the keys, the last axis (axis=-1), so that every query\'s weights sum to 1',
  not_normalized: () => 'not normalized: this is exp(scores) alone; divide each row by its sum (softmax)',
  double_scale: () => 'scales the scores a second time: TODO 1 already divided by √d_k',
  ignores_mask: () => 'ignores the mask: these are the weights of the unmasked scores; apply softmax to the masked scores',
  weights_nan: (p) => `gives NaN where softmax(scores) does not: weights${p.index} is ${p.got}, expected ${p.want}`,
  row_sums: (p) => `rows don't sum to 1: row sums are ${p.sums}`,
  weights_values: (p) => `values differ from softmax(scores): weights${p.index} is ${p.got}, expected ${p.want}`,
  unsupported: (p) => `unsupported: ${constructText('en', p) ?? p.construct}`,
  sizes_only: () => 'right for this program\'s sizes (T = 4, d_k = 16) only: with other sizes it gives other results; use T, d_k or the arrays\' shapes instead of fixed numbers',
  batched_transpose: () => 'tip: with batched (B, H, T, d) arrays, K.T reverses all four axes; K.swapaxes(-2, -1) swaps only the last two',
};

/** The wrappers: `inner` is the wrapped reason, already worded. */
const WRAP: Record<Lang, Record<WrapperCode, (inner: string) => string>> = {
  'zh-CN': {
    causal_false: (inner) => `不加掩码（causal=False）时出错：${inner}`,
    pytorch_transpose: (inner) =>
      `${inner}（NumPy 的 K.transpose(-2, -1) 按给出的顺序排列轴，对二维数组来说什么也没变，不像 PyTorch 那样交换两个轴：请写 K.T 或 K.swapaxes(-2, -1)）`,
  },
  en: {
    causal_false: (inner) => `with causal=False: ${inner}`,
    pytorch_transpose: (inner) =>
      `${inner} (NumPy's K.transpose(-2, -1) keeps a 2-D array's axes in that order, it does not swap them as PyTorch's does: write K.T or K.swapaxes(-2, -1))`,
  },
};

const TABLES: Record<Lang, Record<ReasonCode, Words>> = { 'zh-CN': ZH, en: EN };

/** Every code the element words itself (tests check it against cpp/lessons/exercise.hpp). */
export const KNOWN_CODES: readonly VerdictCode[] = [...Object.keys(EN), ...Object.keys(WRAP.en)] as VerdictCode[];

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function words(lang: Lang, r: VerdictReasonData): string | null {
  const table = TABLES[lang];
  if (!own(table, r.code)) return null;
  const p: P = {};
  for (const [k, v] of Object.entries(r.params ?? {})) p[k] = String(v);
  const s = table[r.code as ReasonCode](p);
  return s.includes('undefined') && !Object.values(p).some((v) => v.includes('undefined')) ? null : s;
}

/**
 * The verdict's reason in `lang`: worded from its code and parameters, or the engine's English
 * `reason` when the code (or a wrapper's inner code) is unknown. "" for a correct line without a note.
 */
export function reasonText(lang: Lang, v: VerdictData): string {
  const wrap = WRAP[lang];
  if (own(wrap, v.code)) {
    const inner = v.inner ? words(lang, v.inner) : null;
    return inner === null || inner === '' ? v.reason : wrap[v.code as WrapperCode](inner);
  }
  const s = words(lang, v);
  if (s === null) return v.reason;
  // A code that says "nothing to add" on a line that has a reason: keep the engine's text.
  return s === '' ? v.reason : s;
}
