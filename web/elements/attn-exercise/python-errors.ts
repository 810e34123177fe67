// Python's error lines, explained in Chinese. The exercise quotes the line
// exactly as Python prints it (the learner sees the same line in Colab or a
// terminal); on the Chinese page a short gloss in plain words follows it.
// Patterns cover the errors learners meet most in this exercise (measured on
// the differential suite's generated lines, scripts/diff); anything else gets
// the gloss of its exception type, and an unknown type none.

type Gloss = (m: RegExpMatchArray) => string;

/** Message patterns, tried in order, for "Type: message". */
const PATTERNS: readonly (readonly [RegExp, Gloss])[] = [
  [/^NameError: name '([^']*)' is not defined/, (m) => `程序里没有叫 ${m[1]} 的名字：检查拼写，或者它是否需要先 import、先赋值`],
  [/^UnboundLocalError: cannot access local variable '([^']*)'/, (m) => `函数里的 ${m[1]} 在赋值之前就被用到了`],
  [/^AttributeError: '([^']*)' object has no attribute '([^']*)'/, (m) => `${m[1]} 类型的对象没有 ${m[2]} 这个属性或方法`],
  [/^AttributeError: module '([^']*)' has no attribute '([^']*)'/, (m) => `模块 ${m[1]} 里没有 ${m[2]}`],
  [/^ValueError: operands could not be broadcast together with shapes (.*?)\s*$/, (m) => `这几个形状（${m[1].trim().split(/\s+/).join('、')}）无法广播：逐元素运算要求从最后一维往前，每一维要么相等，要么其中一个是 1`],
  [/^ValueError: matmul: Input operand \d+ has a mismatch in its core dimension/, () => '矩阵乘法的内维对不上：左边的最后一维必须等于右边的倒数第二维'],
  [/^ValueError: matmul: Input operand \d+ does not have enough dimensions/, () => '矩阵乘法（@）的两边都必须是数组，至少一维，不能是标量'],
  [/^ValueError: shapes \(.*\) and \(.*\) not aligned/, () => '点积的内维对不上：左边的最后一维必须等于右边的倒数第二维'],
  [/^ValueError: The truth value of an array with more than one element is ambiguous/, () => '把整个数组当成了一个真假值（例如用在 if、and、or、not 里）；逐元素的与或非请用 &、|、~，按条件取值请用 np.where'],
  [/^ValueError: zero-size array to reduction operation/, () => '对一个空数组求最大值或最小值，没有结果'],
  [/^TypeError: '([^']*)' object is not subscriptable/, (m) => `${m[1]} 类型的对象不能用 [ ] 取下标`],
  [/^TypeError: '([^']*)' object is not callable/, (m) => `${m[1]} 类型的对象不能像函数那样加括号调用`],
  [/^TypeError: '([^']*)' object is not iterable/, (m) => `${m[1]} 类型的对象不能逐个遍历`],
  [/^TypeError: '([^']*)' object cannot be interpreted as an integer/, (m) => `这里需要一个整数，得到的却是 ${m[1]}`],
  [/^TypeError: (\S+)\(\) takes (.*) positional arguments? but (\d+) (?:was|were) given/, (m) => `${m[1]}() 收到的位置参数太多了（给了 ${m[3]} 个）`],
  [/^TypeError: (\S+)\(\) got an unexpected keyword argument '([^']*)'/, (m) => `${m[1]}() 没有叫 ${m[2]} 的关键字参数`],
  [/^TypeError: (\S+)\(\) missing \d+ required positional arguments?/, (m) => `调用 ${m[1]}() 时少了必需的参数`],
  [/^TypeError: (\S+)\(\) takes no keyword arguments/, (m) => `${m[1]}() 的参数只能按位置传，不能写成 名字=值`],
  [/^TypeError: data type '([^']*)' not understood/, (m) => `NumPy 不认识 '${m[1]}' 这个 dtype 写法（例如布尔型写 bool 或 '?'）`],
  [/^TypeError: arange\(\) is only supported for booleans when the result has at most length 2/, () => 'np.arange 配 dtype=bool 最多只能生成 2 个元素'],
  [/^ValueError: could not convert string to float: (.*)$/, (m) => `字符串 ${m[1]} 不是一个能读成浮点数的写法`],
  [/^ValueError: invalid literal for int\(\) with base 10: (.*)$/, (m) => `字符串 ${m[1]} 不是一个十进制整数的写法`],
  [/^TypeError: unsupported operand type\(s\) for (\S+): '([^']*)' and '([^']*)'/, (m) => `运算符 ${m[1]} 不能用在 ${m[2]} 和 ${m[3]} 之间`],
  [/^TypeError: ufunc '([^']*)' not supported for the input types/, (m) => `NumPy 的 ${m[1]} 不能用于这种类型的输入`],
  [/^TypeError: only (?:size-1|length-1|integer scalar) arrays can be converted to Python scalars/, () => '需要一个数，给的却是一个有多个元素的数组'],
  [/^IndexError: tuple index out of range/, () => '下标超出了元组的长度（例如数组只有两维，却取了 shape[2]）'],
  [/^IndexError: index (-?\d+) is out of bounds for axis (\d+) with size (\d+)/, (m) => `第 ${m[2]} 轴只有 ${m[3]} 个元素，下标 ${m[1]} 越界了`],
  [/^IndexError: too many indices for array/, () => '给的下标比数组的维数还多'],
  [/^SyntaxError: invalid decimal literal/, () => '数字后面紧跟着字母或下划线，Python 不认识这个数'],
  [/^SyntaxError: leading zeros in decimal integer literals are not permitted/, () => '十进制整数不能以 0 开头（八进制要写 0o 前缀）'],
  [/^SyntaxError: invalid (?:binary|octal|hexadecimal) literal/, () => '二进制、八进制或十六进制数里出现了不属于它的数字'],
  [/^SyntaxError: invalid character '(.)'/, (m) => `这一行里有 Python 不认的字符“${m[1]}”（常见于从网页或输入法复制来的全角符号）`],
  [/^SyntaxError: cannot assign to/, () => '等号左边必须是一个名字（或下标、属性），不能是表达式'],
  [/^SyntaxError: .*(?:never closed|unmatched|does not match)/, () => '括号没有配对'],
  [/^SyntaxError: .*(?:ends too early|unexpected EOF)/, () => '这一行还没写完就结束了（例如缺了右括号或运算符右边的部分）'],
  [/^ZeroDivisionError:/, () => '除以零（或对零取模）'],
  [/^numpy\.core\._exceptions\._ArrayMemoryError:/, () => '这个数组太大，内存放不下'],
  [/^OverflowError:/, () => '数值太大，超出了能表示的范围'],
  [/^(?:IndentationError|TabError):/, () => '缩进不对'],
];

/** A gloss by exception type when no pattern matched. */
const BY_TYPE: Readonly<Record<string, string>> = {
  SyntaxError: '语法错误：Python 读不懂这一行',
  NameError: '用到了一个不存在的名字',
  TypeError: '类型错误：这个操作不能用在这种类型的值上',
  ValueError: '值错误：类型对了，但这个值（常见的是数组形状）不行',
  IndexError: '下标越界或下标的写法不对',
  KeyError: '字典里没有这个键',
  AttributeError: '对象没有这个属性或方法',
  ZeroDivisionError: '除以零',
  OverflowError: '数值超出了能表示的范围',
  RecursionError: '函数递归得太深了',
  MemoryError: '内存不够',
};

/** The Chinese gloss of one Python error line ("Type: message"), or null. */
export function glossPythonError(text: string): string | null {
  const line = text.trim();
  for (const [re, gloss] of PATTERNS) {
    const m = line.match(re);
    if (m) return gloss(m);
  }
  const type = /^([A-Za-z]+(?:Error|Exception))\b/.exec(line)?.[1];
  return type && Object.prototype.hasOwnProperty.call(BY_TYPE, type) ? BY_TYPE[type]! : null;
}

/** The error line as Python prints it, followed on the Chinese page by its gloss. */
export function quotePythonErrorZh(text: string): string {
  const gloss = glossPythonError(text);
  return gloss ? `${text}（意思是：${gloss}）` : text;
}
