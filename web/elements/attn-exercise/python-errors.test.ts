// The Chinese glosses of Python's error lines: the lines are real output of
// Python 3.11 + NumPy 1.24 (and of the checker, which prints the same lines).
import { describe, expect, it } from 'vitest';
import { glossPythonError, quotePythonErrorZh } from './python-errors';

const CASES: [string, RegExp][] = [
  ["NameError: name 'd' is not defined", /没有叫 d 的名字/],
  ["UnboundLocalError: cannot access local variable 'T' where it is not associated with a value", /T 在赋值之前/],
  ["AttributeError: 'numpy.ndarray' object has no attribute 'softmax'", /numpy\.ndarray 类型的对象没有 softmax/],
  ["AttributeError: module 'numpy' has no attribute 'softmax'", /模块 numpy 里没有 softmax/],
  ['ValueError: operands could not be broadcast together with shapes (4,4) (3,) ', /（\(4,4\)、\(3,\)）无法广播/],
  ['ValueError: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 4 != 16)', /内维对不上/],
  ['ValueError: matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with signature (n?,k),(k,m?)->(n?,m?) requires 1)', /不能是标量/],
  ['ValueError: shapes (4,16) and (4,16) not aligned: 16 (dim 1) != 4 (dim 0)', /内维对不上/],
  ['ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()', /np\.where/],
  ["TypeError: 'int' object is not subscriptable", /int 类型的对象不能用 \[ \] 取下标/],
  ["TypeError: 'float' object cannot be interpreted as an integer", /需要一个整数，得到的却是 float/],
  ['TypeError: triu() takes from 1 to 2 positional arguments but 3 were given', /triu\(\) 收到的位置参数太多了（给了 3 个）/],
  ["TypeError: softmax() got an unexpected keyword argument 'dim'", /softmax\(\) 没有叫 dim 的关键字参数/],
  ['TypeError: len() takes no keyword arguments', /len\(\) 的参数只能按位置传/],
  ["TypeError: data type 'boolean' not understood", /不认识 'boolean' 这个 dtype/],
  ['TypeError: arange() is only supported for booleans when the result has at most length 2.', /最多只能生成 2 个元素/],
  ["ValueError: could not convert string to float: '1e'", /字符串 '1e' 不是一个能读成浮点数/],
  ["ValueError: invalid literal for int() with base 10: '1.5'", /字符串 '1.5' 不是一个十进制整数/],
  ["TypeError: unsupported operand type(s) for @: 'int' and 'int'", /运算符 @ 不能用在 int 和 int 之间/],
  ["TypeError: ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", /invert 不能用于/],
  ['TypeError: only size-1 arrays can be converted to Python scalars', /多个元素的数组/],
  ['IndexError: tuple index out of range', /元组的长度/],
  ['IndexError: index 5 is out of bounds for axis 0 with size 4', /第 0 轴只有 4 个元素，下标 5 越界/],
  ["SyntaxError: invalid decimal literal", /不认识这个数/],
  ['SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers', /不能以 0 开头/],
  ['SyntaxError: invalid hexadecimal literal', /十六进制/],
  ["SyntaxError: invalid character '，' (U+FF0C)", /“，”/],
  ['SyntaxError: cannot assign to expression here. Maybe you meant \'==\' instead of \'=\'?', /等号左边/],
  ["SyntaxError: '(' was never closed", /括号没有配对/],
  ['ZeroDivisionError: float division by zero', /除以零/],
  ['OverflowError: (34, \'Numerical result out of range\')', /超出/],
  ['numpy.core._exceptions._ArrayMemoryError: Unable to allocate 74.5 GiB for an array with shape (100000, 100000) and data type float64', /内存放不下/],
  // no pattern: the gloss of the type
  ['SyntaxError: invalid syntax', /语法错误/],
  ['ValueError: maximum supported dimension for an ndarray is 32, found 40', /值错误/],
];

describe('Python error glosses (zh-CN)', () => {
  it.each(CASES)('%s', (line, want) => {
    expect(glossPythonError(line)).toMatch(want);
    const quoted = quotePythonErrorZh(line);
    expect(quoted.startsWith(line), 'the line comes first, as Python prints it').toBe(true);
    expect(quoted).toMatch(/（意思是：.+）$/);
  });

  it('an unknown exception type or a non-error text is quoted alone', () => {
    expect(glossPythonError('FloatingPointError: invalid value')).toBeNull();
    expect(quotePythonErrorZh('FloatingPointError: invalid value')).toBe('FloatingPointError: invalid value');
    expect(glossPythonError('constructor: x')).toBeNull();
    expect(glossPythonError("toString: 'x'")).toBeNull();
  });
});
