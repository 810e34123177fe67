// The table of the errors Python and NumPy raise that pyeval reproduces (see
// pyeval.hpp: PyErrorEntry). The differential suite (scripts/diff) confirms
// every entry against Python + NumPy 1.24 and fails on an error raised by
// the evaluator that matches no entry.
#include <span>

#include "pyeval.hpp"

namespace attn::py {

namespace {

using E = Exc;

constexpr PyErrorEntry kPyErrors[] = {
    // calls: binding arguments to a signature
    {"no-keywords", E::TypeError, "{}() takes no keyword arguments", "calls of builtins and methods"},
    {"positional-range", E::TypeError, "{}() takes from {} to {} positional arguments but {} were given", "calls, ufuncs"},
    {"positional-count", E::TypeError, "{}() takes {} positional argument{} but {} were given", "calls"},
    {"unexpected-keyword", E::TypeError, "{}() got an unexpected keyword argument '{}'", "calls, ufuncs"},
    {"multiple-values", E::TypeError, "{}() got multiple values for argument '{}'", "calls"},
    {"missing-argument", E::TypeError, "{}() missing 1 required positional argument: '{}'", "calls, np.triu/tril of a 0-d"},
    {"at-least-one", E::TypeError, "{} expected at least 1 argument, got 0", "max(), min()"},
    {"list-arguments", E::TypeError, "list expected at most 1 argument, got {}", "list()"},
    {"reshape-arguments", E::TypeError, "reshape() takes exactly 1 argument (0 given)", "a.reshape()"},
    {"not-callable", E::TypeError, "'{}' object is not callable", "calls"},
    // names, attributes, subscripts
    {"name", E::NameError, "name '{}' is not defined", "names"},
    {"unbound-local", E::UnboundLocalError, "cannot access local variable '{}' where it is not associated with a value",
     "names attention() assigns"},
    {"module-attribute", E::AttributeError, "module '{}' has no attribute '{}'", "np.x, math.x"},
    {"object-attribute", E::AttributeError, "'{}' object has no attribute '{}'", "attributes"},
    {"not-subscriptable", E::TypeError, "'{}' object is not subscriptable", "x[i]"},
    {"slice-indices", E::TypeError, "slice indices must be integers or None or have an __index__ method", "x[a:b]"},
    {"slice-step", E::ValueError, "slice step cannot be zero", "x[::0]"},
    {"sequence-index-type", E::TypeError, "{} indices must be integers or slices, not {}", "tuple/list[i]"},
    {"sequence-index-range", E::IndexError, "{} index out of range", "tuple/list[i]"},
    {"scalar-index", E::IndexError, "invalid index to scalar variable.", "NumPy scalar[i]"},
    {"index-types", E::IndexError,
     "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices",
     "a[i]"},
    {"single-ellipsis", E::IndexError, "an index can only have a single ellipsis ('...')", "a[..., ...]"},
    {"too-many-indices", E::IndexError, "too many indices for array: array is {}-dimensional, but {} were indexed", "a[i]"},
    {"index-bounds", E::IndexError, "index {} is out of bounds for axis {} with size {}", "a[i]"},
    {"not-iterable", E::TypeError, "'{}' object is not iterable", "iteration"},
    {"iterate-0d", E::TypeError, "iteration over a 0-d array", "iteration"},
    {"len-unsized", E::TypeError, "len() of unsized object", "len() of a 0-d array"},
    {"no-len", E::TypeError, "object of type '{}' has no len()", "len()"},
    {"empty-sequence", E::ValueError, "{}() arg is an empty sequence", "max(), min()"},
    // numbers and conversions
    {"operand-types", E::TypeError, "unsupported operand type(s) for {}: '{}' and '{}'", "operators, np.arange"},
    {"unary-operand", E::TypeError, "bad operand type for unary {}: '{}'", "- + ~"},
    {"division-by-zero", E::ZeroDivisionError, "division by zero", "int / 0, np.arange(..., step=0)"},
    {"float-division-by-zero", E::ZeroDivisionError, "float division by zero", "float / 0"},
    {"int-floor-division-by-zero", E::ZeroDivisionError, "integer division or modulo by zero", "int // 0"},
    {"int-modulo-by-zero", E::ZeroDivisionError, "integer modulo by zero", "int % 0"},
    {"float-floor-division-by-zero", E::ZeroDivisionError, "float floor division by zero", "float // 0"},
    {"float-modulo-by-zero", E::ZeroDivisionError, "float modulo", "float % 0"},
    {"zero-negative-power", E::ZeroDivisionError, "0.0 cannot be raised to a negative power", "0 ** -1"},
    {"power-overflow", E::OverflowError, "(34, 'Numerical result out of range')", "float ** float"},
    {"not-integer", E::TypeError, "'{}' object cannot be interpreted as an integer", "sizes, indices, axes"},
    {"integer-required", E::TypeError, "an integer is required", "axis=True"},
    {"float-axis", E::TypeError, "integer argument expected, got float", "mean(axis=1.0)"},
    {"float-string", E::ValueError, "could not convert string to float: {}", "float('x'), np.float64('x')"},
    {"int-string", E::ValueError, "invalid literal for int() with base 10: {}", "int('x'), np.int64('x')"},
    {"number-argument", E::TypeError, "{}() argument must be a string{} or a real number, not '{}'", "float(), int()"},
    {"size-one", E::TypeError, "only size-1 arrays can be converted to Python scalars", "float(a), math.exp(a)"},
    // math (only where a program imports it: not the exercise's; cpp/tests' golden script checks them)
    {"real-number", E::TypeError, "must be real number, not {}", "math.sqrt, exp, log", false},
    {"math-domain", E::ValueError, "math domain error", "math.sqrt, log", false},
    {"math-range", E::OverflowError, "math range error", "math.exp", false},
    {"truth-ambiguous", E::ValueError,
     "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()", "if, and, or, not"},
    // dtypes
    {"dtype-not-understood", E::TypeError, "data type '{}' not understood", "dtype='x'"},
    {"dtype-interpret", E::TypeError, "Cannot interpret '{}' as a data type", "dtype=x"},
    // NumPy: shapes, sizes, axes
    {"negative-dimensions", E::ValueError, "negative dimensions are not allowed", "np.ones, zeros, full, eye, tri"},
    {"reshape-unknown", E::ValueError, "can only specify one unknown dimension", "a.reshape"},
    {"reshape-size", E::ValueError, "cannot reshape array of size {} into shape {}", "a.reshape"},
    {"max-dimensions", E::ValueError, "maximum supported dimension for an ndarray is 32, found {}", "shapes"},
    {"too-big", E::ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.",
     "any array NumPy allocates"},
    {"memory", E::MemoryError, "Unable to allocate {} for an array with shape {} and data type {}",
     "any array NumPy allocates"},
    {"axis-bounds", E::AxisError, "{}axis {} is out of bounds for array of dimension {}", "axis arguments"},
    {"duplicate-axis", E::ValueError, "duplicate value in 'axis'", "reductions"},
    {"axes-mismatch", E::ValueError, "axes don't match array", "transpose"},
    {"repeated-axis", E::ValueError, "repeated axis in transpose", "transpose"},
    {"broadcast", E::ValueError, "operands could not be broadcast together with shapes {}", "elementwise operators, np.where"},
    {"zero-size-reduction", E::ValueError, "zero-size array to reduction operation {} which has no identity", "max, min"},
    {"output-array", E::TypeError, "output must be an array", "out="},
    // NumPy: ufuncs and operators
    {"ufunc-types", E::TypeError,
     "ufunc '{}' not supported for the input types, and the inputs could not be safely coerced to any supported types "
     "according to the casting rule ''safe''",
     "ufuncs, & | ^ ~"},
    {"ufunc-no-loop", E::TypeError, "loop of ufunc does not support argument 0 of type NoneType which has no callable {} method",
     "np.sqrt(None), ..."},
    {"round-cast", E::UFuncOutputCastingError,
     "Cannot cast ufunc '{}' output from dtype('float64') to dtype('bool') with casting rule 'same_kind'", "np.round of bool"},
    {"bool-subtract", E::TypeError,
     "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the "
     "logical_xor function instead.",
     "bool array - bool array"},
    {"bool-negative", E::TypeError,
     "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function "
     "instead.",
     "-bool array"},
    {"negative-integer-power", E::ValueError, "Integers to negative integer powers are not allowed.", "int array ** -1"},
    {"matmul-dimensions", E::ValueError,
     "matmul: Input operand {} does not have enough dimensions (has 0, gufunc core with signature "
     "(n?,k),(k,m?)->(n?,m?) requires 1)",
     "@ of a 0-d"},
    {"matmul-core", E::ValueError,
     "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) "
     "(size {} is different from {})",
     "@"},
    {"matmul-broadcast", E::ValueError,
     "operands could not be broadcast together with remapped shapes [original->remapped]: {}  and requested shape {}", "@"},
    {"not-aligned", E::ValueError, "shapes {} and {} not aligned: {} (dim {}) != {} (dim {})", "np.dot, np.inner"},
    {"tensordot-mismatch", E::ValueError, "shape-mismatch for sum", "np.tensordot"},
    {"arange-length", E::ValueError, "arange: cannot compute length", "np.arange with NaN"},
    {"arange-size", E::ValueError, "Maximum allowed size exceeded", "np.arange with infinity, or longer than NumPy's sizes"},
    {"arange-bool", E::TypeError, "arange() is only supported for booleans when the result has at most length 2.",
     "np.arange(..., dtype=bool)"},
    {"where-xy", E::ValueError, "either both or neither of x and y should be given", "np.where"},
    // np.einsum
    {"einsum-operand-count", E::ValueError,
     "{} operands provided to einstein sum function than specified in the subscripts string", "np.einsum"},
    {"einsum-subscript", E::ValueError, "invalid subscript '{}' in einstein sum subscripts string, subscripts must be letters",
     "np.einsum"},
    {"einsum-subscript-count", E::ValueError, "einstein sum subscripts string contains too {} subscripts for operand {}",
     "np.einsum"},
    {"einsum-broadcast", E::ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: {}",
     "np.einsum: sizes of a subscript or of '...' that differ"},
    {"einsum-output-unknown", E::ValueError,
     "einstein sum subscripts string included output subscript '{}' which never appeared in an input", "np.einsum"},
    {"einsum-output-repeated", E::ValueError, "einstein sum subscripts string includes output subscript '{}' multiple times",
     "np.einsum"},
    {"einsum-output-dimensions", E::ValueError,
     "output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the "
     "extra dimensions.",
     "np.einsum"},
    // the parser: Python prints the line and a caret where the checker gives the column
    {"syntax", E::SyntaxError, "{} (col {})", "the parser"},
};

// `text` matches `pattern`, each {} standing for any run of characters (an
// entry before another that would match its messages too comes first).
bool matches(std::string_view pattern, std::string_view text) {
  const std::size_t hole = pattern.find("{}");
  if (hole == std::string_view::npos) return pattern == text;
  if (text.substr(0, hole) != pattern.substr(0, hole)) return false;
  const std::string_view rest = pattern.substr(hole + 2);
  for (std::size_t i = hole; i <= text.size(); ++i)
    if (matches(rest, text.substr(i))) return true;
  return false;
}

}  // namespace

std::span<const PyErrorEntry> py_error_table() { return kPyErrors; }

const PyErrorEntry* find_py_error(const Error& e) {
  if (e.type == Context::kUnsupported) return nullptr;
  for (const PyErrorEntry& entry : kPyErrors)
    if (entry.exc == e.exc && matches(entry.message, e.message)) return &entry;
  return nullptr;
}

}  // namespace attn::py
