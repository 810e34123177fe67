// What an "unsupported" verdict is about, worded in the learner's language
// from the engine's stable code (params.what) and its named arguments
// (cpp/src/pyeval/pyeval.hpp kConstructs lists the codes, their arguments and the
// English wording, which is params.construct). Both tables are typed by the
// code union: a code without its wording in either language does not compile.
// Arguments are code (names, operators, dtypes) or numbers: quoted as they are.
import type { Lang } from '../../shared/element';
import type { ConstructCode } from '../../engine/py/types';

type P = Record<string, string>;
type Words = (p: P) => string;

const ZH: Record<ConstructCode, Words> = {
  'line-tokens': (p) => `超过 ${p.limit} 个词法单元的一行代码`,
  'string-prefix': (p) => `带 ${p.prefix} 前缀的字符串`,
  complex: () => '复数',
  'long-literal': () => '超过 400 位的数字',
  'big-integer': () => '大于 2**53 的整数',
  'string-escape': (p) => `字符串里的转义 \\${p.escape}`,
  'non-ascii-name': () => '含有非 ASCII 字母的变量名',
  'several-statements': () => '一行里写好几条语句',
  'assign-target': () => '给变量名以外的东西赋值',
  'keyword-expression': (p) => `“${p.keyword}”表达式`,
  'dict-set': () => '字典和集合',
  operator: (p) => `${p.op} 运算符`,
  nesting: (p) => `嵌套超过 ${p.limit} 层的表达式`,
  'argument-unpacking': () => '用 * 或 ** 展开参数',
  starred: () => '带星号的表达式',
  'line-length': (p) => `超过 ${p.limit} 个字符的一行代码`,
  argument: (p) => `${p.function}() 的 ${p.argument} 参数`,
  dtype: (p) => `数据类型 ${p.dtype}`,
  'fractional-k': () => '不是整数的 k',
  'k-argument': () => '这种写法的 k 参数',
  'ufunc-keywords': (p) => `${p.function} 的 out 参数和关键字参数`,
  'int-conversion': () => '把 NaN、无穷大或大于 2**53 的数转成 int64',
  float16: (p) => `对布尔数组调用 ${p.function}（结果是 float16）`,
  'where-string': () => '以字符串作条件的 np.where',
  'where-argument': (p) => `参数类型为 ${p.type} 的 np.where`,
  'tensordot-axes': () => 'np.tensordot 的这种 axes 参数',
  'tensordot-repeated': () => 'np.tensordot 里重复的轴',
  'numpy-name': (p) => `NumPy 的 ${p.name}`,
  'array-attribute': (p) => `数组的 ${p.name}`,
  'number-attribute': (p) => `Python 数字的 ${p.name}`,
  function: (p) => `${p.function}()`,
  'einsum-operands': () => '超过两个操作数的 np.einsum',
  'einsum-repeated': () => '同一个操作数里下标重复的 np.einsum',
  'einsum-ellipsis': () => '输出里的 ... 不在最前面的 np.einsum',
  'string-conversion': (p) => `对字符串调用 ${p.function}()`,
  'keyword-arguments': (p) => `${p.function} 的关键字参数`,
  'copy-arguments': () => '带参数的 copy()',
  'dtype-out': (p) => `${p.function}() 的 dtype 和 out 参数`,
  'builtin-keywords': (p) => `带关键字参数的 ${p.function}()`,
  'pow-modulus': () => '带第三个参数（模数）的 pow()',
  'long-list': () => '这么长的列表',
  'array-object': () => '用这种对象调用 np.array',
  'full-array': () => 'fill_value 是数组的 np.full',
  'where-one-argument': () => '只有一个参数的 np.where',
  'fancy-index': () => '用数组或序列做下标',
  'bool-index': () => '用 True/False 做下标',
  'string-iteration': () => '遍历字符串',
  'string-operators': () => '对字符串使用运算符',
  'long-sequence': () => '这么长的序列',
  'int64-overflow': () => '大于 2**53 的 int64 结果',
  'array-too-large': (p) => `超过 ${p.limit} 个元素的数组`,
  'too-much-work': (p) => `超过 ${p.limit} 次元素运算的计算`,
  'too-many-dims': (p) => `超过 ${p.limit} 维的数组`,
  'big-index': () => '这么大的整数作为大小或下标',
  'program-name': (p) => `名字 ${p.name}`,
};

/** The engine's own English wording (kConstructs' templates). */
const EN: Record<ConstructCode, Words> = {
  'line-tokens': (p) => `lines of more than ${p.limit} tokens`,
  'string-prefix': (p) => `string prefixes such as ${p.prefix}''`,
  complex: () => 'complex numbers',
  'long-literal': () => 'a number literal of more than 400 digits',
  'big-integer': () => 'integers beyond 2**53',
  'string-escape': (p) => `the string escape \\${p.escape}`,
  'non-ascii-name': () => 'names with non-ASCII letters',
  'several-statements': () => 'several statements on one line',
  'assign-target': () => 'assigning to anything but a name',
  'keyword-expression': (p) => `'${p.keyword}' expressions`,
  'dict-set': () => 'dictionaries and sets',
  operator: (p) => `the ${p.op} operator`,
  nesting: (p) => `expressions nested more than ${p.limit} levels deep`,
  'argument-unpacking': () => 'argument unpacking',
  starred: () => 'starred expressions',
  'line-length': (p) => `lines longer than ${p.limit} characters`,
  argument: (p) => `the ${p.argument} argument of ${p.function}()`,
  dtype: (p) => `the dtype ${p.dtype}`,
  'fractional-k': () => 'a k that is not a whole number',
  'k-argument': () => 'this k argument',
  'ufunc-keywords': (p) => `${p.function}'s out and keyword arguments`,
  'int-conversion': () => 'converting NaN, infinity or numbers beyond 2**53 to int64',
  float16: (p) => `float16 results (${p.function} of booleans)`,
  'where-string': () => 'np.where with a string condition',
  'where-argument': (p) => `np.where with a ${p.type} argument`,
  'tensordot-axes': () => 'this axes argument of np.tensordot',
  'tensordot-repeated': () => 'repeated axes in np.tensordot',
  'numpy-name': (p) => p.name,
  'array-attribute': (p) => p.name,
  'number-attribute': (p) => `${p.name} of a Python number`,
  function: (p) => `${p.function}()`,
  'einsum-operands': () => 'np.einsum with more than two operands',
  'einsum-repeated': () => 'np.einsum with repeated subscripts in one operand',
  'einsum-ellipsis': () => "np.einsum with '...' elsewhere than at the start of the output",
  'string-conversion': (p) => `${p.function}() of a string`,
  'keyword-arguments': (p) => `${p.function}'s keyword arguments`,
  'copy-arguments': () => "copy's arguments",
  'dtype-out': (p) => `the dtype and out arguments of ${p.function}()`,
  'builtin-keywords': (p) => `${p.function}() with keyword arguments`,
  'pow-modulus': () => 'pow() with a modulus',
  'long-list': () => 'lists this long',
  'array-object': () => 'np.array of this object',
  'full-array': () => 'np.full with an array fill_value',
  'where-one-argument': () => 'np.where with one argument',
  'fancy-index': () => 'indexing with arrays or sequences',
  'bool-index': () => 'indexing with True/False',
  'string-iteration': () => 'iterating over a string',
  'string-operators': () => 'operators on strings',
  'long-sequence': () => 'sequences this long',
  'int64-overflow': () => 'int64 results beyond 2**53',
  'array-too-large': (p) => `arrays of more than ${p.limit} elements`,
  'too-much-work': (p) => `more than ${p.limit} element operations`,
  'too-many-dims': (p) => `arrays of more than ${p.limit} dimensions`,
  'big-index': () => 'integers this large as sizes or indices',
  'program-name': (p) => `the name ${p.name}`,
};

const TABLES: Record<Lang, Record<ConstructCode, Words>> = { 'zh-CN': ZH, en: EN };

/** Every construct code the element words (tests check it against cpp/src/pyeval/pyeval.hpp). */
export const CONSTRUCT_CODES: readonly ConstructCode[] = Object.keys(EN) as ConstructCode[];

/**
 * An unsupported verdict's construct in `lang`, from params.what and its arguments; null when the code is
 * unknown (an engine newer than the page) or an argument is missing: the caller keeps the English wording.
 */
export function constructText(lang: Lang, params: Record<string, string>): string | null {
  const table = TABLES[lang];
  const what = params.what;
  if (typeof what !== 'string' || !Object.prototype.hasOwnProperty.call(table, what)) return null;
  const s = table[what as ConstructCode](params);
  return s.includes('undefined') && !Object.values(params).some((v) => String(v).includes('undefined')) ? null : s;
}
