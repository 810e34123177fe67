// pyeval interpreter: values, NumPy-style arrays with broadcasting, the
// allow-listed functions and methods, and printing. See pyeval.hpp.
#include "pyeval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>

#include "npformat.hpp"
#include "npreduce.hpp"
#include "numpy_names.hpp"
#include "pyeval_internal.hpp"

namespace attn::py {

namespace {

using ArrayPtr = std::shared_ptr<const Array>;
using Shape = std::vector<std::size_t>;

constexpr double kMaxExactInt = 9007199254740992.0;  // 2^53

// ------------------------------------------------------------------ names --

// Allow-lists: everything a line can reach.
const char* const kNumpyFunctions[] = {
    "sqrt", "exp", "log", "abs", "ones", "zeros", "ones_like", "zeros_like", "full", "arange", "triu",
    "tril", "tri", "where", "matmul", "dot", "transpose", "swapaxes", "einsum", "sum", "max", "amax",
    "min", "amin", "mean", "round", "around", "logical_not", "maximum", "minimum", "eye", "array", "inner",
    "tensordot", "isinf", "isnan"};
const char* const kArrayMethods[] = {"swapaxes", "transpose", "astype", "dot", "sum", "max",
                                     "min", "mean", "round", "reshape", "copy"};
const char* const kMathFunctions[] = {"sqrt", "exp", "log"};
const char* const kBuiltinFunctions[] = {"len", "abs", "max", "min", "sum", "pow", "list"};

// ndarray's (and NumPy scalars') public attributes, for telling "unsupported"
// from AttributeError.
constexpr std::string_view kNdarrayAttributes =
    " T all any argmax argmin argpartition argsort astype base byteswap choose clip compress conj conjugate copy ctypes"
    " cumprod cumsum data diagonal dot dtype dump dumps fill flags flat flatten getfield imag item itemset itemsize max"
    " mean min nbytes ndim newbyteorder nonzero partition prod ptp put ravel real repeat reshape resize round"
    " searchsorted setfield setflags shape size sort squeeze std strides sum swapaxes take tobytes tofile tolist"
    " tostring trace transpose var view as_integer_ratio fromhex hex is_integer ";
constexpr std::string_view kIntAttributes =
    " as_integer_ratio bit_count bit_length conjugate denominator from_bytes imag numerator real to_bytes ";
constexpr std::string_view kFloatAttributes = " as_integer_ratio conjugate fromhex hex imag is_integer real ";

bool in_names(std::string_view list, const std::string& name) {
  return list.find(" " + name + " ") != std::string_view::npos;
}
bool ndarray_attribute(const std::string& name) {
  return (name.size() > 2 && name[0] == '_' && name[1] == '_') || in_names(kNdarrayAttributes, name);
}
bool number_attribute(const std::string& name, Kind k) {
  return (name.size() > 2 && name[0] == '_' && name[1] == '_') ||
         in_names(k == Kind::Float ? kFloatAttributes : kIntAttributes, name);
}

// Every name of Python 3.11's builtins module: a line may use one that this
// evaluator lacks (then it is unsupported, not a NameError).
constexpr std::string_view kPythonBuiltins =
    " ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError"
    " BufferError BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError"
    " ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception"
    " ExceptionGroup FileExistsError FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError"
    " ImportError ImportWarning IndentationError IndexError InterruptedError IsADirectoryError KeyError"
    " KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplemented"
    " NotImplementedError OSError OverflowError PendingDeprecationWarning PermissionError ProcessLookupError"
    " RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning StopAsyncIteration StopIteration"
    " SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError TypeError UnboundLocalError"
    " UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning ValueError"
    " Warning ZeroDivisionError abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr"
    " classmethod compile complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float"
    " format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len license list"
    " locals map max memoryview min next object oct open ord pow print property quit range repr reversed round set"
    " setattr slice sorted staticmethod str sum super tuple type vars zip ";

bool python_builtin(const std::string& name) {
  if (name.size() > 2 && name[0] == '_' && name[1] == '_') return true;  // __import__, __name__, __file__, ...
  return in_names(kPythonBuiltins, name);
}

template <std::size_t N>
bool listed(const char* const (&list)[N], const std::string& s) {
  for (const char* x : list)
    if (s == x) return true;
  return false;
}

std::string int_text(double x) {
  if (!std::isfinite(x)) return x != x ? "nan" : x > 0 ? "inf" : "-inf";
  if (std::fabs(x) < 9.2e18) return std::to_string(static_cast<long long>(x));
  return np::py_float_repr(x);
}

// NumPy's shape in error messages: "(4,16)", "(4,)", "()".
std::string shape_msg(const Shape& s) {
  std::string out = "(";
  for (std::size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
  if (s.size() == 1) out += ",";
  return out + ")";
}

std::size_t numel(const Shape& s) {
  std::size_t n = 1;
  for (std::size_t d : s) n *= d;
  return n;
}

Value func(std::string name, const Value* self = nullptr) {
  Value v;
  v.kind = Kind::Function;
  v.text = std::move(name);
  if (self) v.self_ = std::make_shared<const Value>(*self);
  return v;
}

Value module(const char* name) {
  Value v;
  v.kind = Kind::Module;
  v.text = name;
  return v;
}

Value dtype_obj(DType d, const char* name) {
  Value v;
  v.kind = Kind::DTypeObj;
  v.dtype = d;
  v.text = name;
  return v;
}

bool is_num(const Value& v) { return v.kind == Kind::Bool || v.kind == Kind::Int || v.kind == Kind::Float; }

DType scalar_dtype(const Value& v) {
  return v.kind == Kind::Bool ? DType::Bool : v.kind == Kind::Int ? DType::Int : DType::Float;
}

// ----------------------------------------------------------------- checks --

bool check_size(Context& cx, double n) {
  if (n > static_cast<double>(cx.limits.max_array_elements)) {
    cx.unsupported("arrays of more than " + std::to_string(cx.limits.max_array_elements) + " elements");
    return false;
  }
  return true;
}

bool charge(Context& cx, double n) {
  cx.work += static_cast<std::uint64_t>(std::min(n, 1e18));
  if (cx.work > cx.limits.max_work) {
    cx.unsupported("more than " + std::to_string(cx.limits.max_work) + " element operations");
    return false;
  }
  return true;
}

bool check_ndim(Context& cx, std::size_t nd) {
  if (nd > cx.limits.max_ndim) {
    if (nd > 32) cx.fail("ValueError", "maximum supported dimension for an ndarray is 32, found " + std::to_string(nd));
    else cx.unsupported("arrays of more than " + std::to_string(cx.limits.max_ndim) + " dimensions");
    return false;
  }
  return true;
}

Value make(DType dt, Shape shape, std::vector<double> data) {
  Array a;
  a.dtype = dt;
  a.shape = std::move(shape);
  a.data = std::move(data);
  const bool scalar = a.shape.empty();
  return Value::array(std::move(a), scalar);
}

// A Python int from a double result, or an OverflowError.
Value py_int(Context& cx, double x) {
  if (!(std::fabs(x) <= kMaxExactInt)) {
    cx.unsupported("integers beyond 2**53");
    return {};
  }
  return Value::integer(x == 0 ? 0.0 : x);
}

// An integer argument (Python int/bool, NumPy integer scalar, or an
// integral float where NumPy accepts one).
bool to_index(const Value& v, Context& cx, long long& out, bool allow_float = false) {
  double x = 0;
  if (v.kind == Kind::Int || v.kind == Kind::Bool) x = v.num;
  else if (v.kind == Kind::Float && allow_float) x = v.num;
  else if (v.kind == Kind::Array && v.arr->shape.empty() && v.arr->dtype != DType::Float) x = v.arr->data[0];
  else if (v.kind == Kind::Array && v.arr->shape.empty() && allow_float) x = v.arr->data[0];
  else {
    cx.fail("TypeError", "'" + type_name(v) + "' object cannot be interpreted as an integer");
    return false;
  }
  if (!std::isfinite(x) || std::fabs(x) > 1e15) {
    cx.unsupported("integers this large as sizes or indices");
    return false;
  }
  out = static_cast<long long>(std::trunc(x));
  return true;
}

bool normalize_axis(long long axis, std::size_t ndim, Context& cx, std::size_t& out, const char* prefix = "") {
  const long long n = static_cast<long long>(ndim);
  if (axis < -n || axis >= n) {
    cx.fail("numpy.AxisError", std::string(prefix) + "axis " + std::to_string(axis) +
                                   " is out of bounds for array of dimension " + std::to_string(ndim));
    return false;
  }
  out = static_cast<std::size_t>(axis < 0 ? axis + n : axis);
  return true;
}

// ----------------------------------------------------------- conversions --

ArrayPtr to_array(const Value& v, Context& cx, const char* what = nullptr) {
  ArrayPtr a = as_array(v);
  if (!a) {
    if (what) cx.fail("TypeError", std::string(what) + ": unsupported operand type '" + type_name(v) + "'");
    else cx.fail("TypeError", "expected an array, got '" + type_name(v) + "'");
  }
  return a;
}

DType promote(DType a, DType b) { return a > b ? a : b; }

// Strides (in elements) of `in` broadcast to `out` (0 on broadcast axes).
std::vector<std::size_t> bstrides(const Shape& in, const Shape& out) {
  std::vector<std::size_t> st(out.size(), 0);
  std::size_t s = 1;
  for (std::size_t k = 0; k < in.size(); ++k) {
    const std::size_t ai = in.size() - 1 - k, oi = out.size() - 1 - k;
    st[oi] = in[ai] == 1 ? 0 : s;
    s *= in[ai];
  }
  return st;
}

// Calls f(out_index, offsets...) over the broadcast shape.
template <std::size_t N, class F>
void broadcast_loop(const Shape& out, const std::array<const Shape*, N>& ins, F f) {
  std::array<std::vector<std::size_t>, N> st;
  for (std::size_t k = 0; k < N; ++k) st[k] = bstrides(*ins[k], out);
  const std::size_t n = numel(out), nd = out.size();
  std::vector<std::size_t> idx(nd, 0);
  std::array<std::size_t, N> off{};
  for (std::size_t i = 0; i < n; ++i) {
    f(i, off);
    for (std::size_t d = nd; d-- > 0;) {
      if (++idx[d] < out[d]) {
        for (std::size_t k = 0; k < N; ++k) off[k] += st[k][d];
        break;
      }
      for (std::size_t k = 0; k < N; ++k) off[k] -= st[k][d] * (out[d] - 1);
      idx[d] = 0;
    }
  }
}

bool broadcast_or_fail(const Shape& a, const Shape& b, Shape& out, Context& cx) {
  if (broadcast_shapes(a, b, out)) return true;
  cx.fail("ValueError", "operands could not be broadcast together with shapes " + shape_msg(a) + " " +
                            shape_msg(b) + " ");
  return false;
}

// ------------------------------------------------------------- arithmetic --

double py_floordiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div != 0) {
    double f = std::floor(div);
    if (div - f > 0.5) f += 1.0;
    return f;
  }
  return std::copysign(0.0, a / b);
}

double py_mod(double a, double b) {
  double mod = std::fmod(a, b);
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  return mod;
}

// One elementwise operation on numbers already promoted to `dt`.
double apply(const std::string& op, double a, double b, DType dt) {
  const bool is_int = dt != DType::Float;
  if (op == "+") return dt == DType::Bool ? double(a != 0 || b != 0) : a + b;
  if (op == "-") return a - b;
  if (op == "*") return dt == DType::Bool ? double(a != 0 && b != 0) : a * b;
  if (op == "/") return a / b;
  if (op == "//") {
    if (is_int) return b == 0 ? 0.0 : std::floor(a / b);
    return b == 0 ? a / b : py_floordiv(a, b);
  }
  if (op == "%") {
    if (is_int) return b == 0 ? 0.0 : a - std::floor(a / b) * b;
    return b == 0 ? std::nan("") : py_mod(a, b);
  }
  if (op == "**") return dt == DType::Bool ? double(a != 0 || b == 0) : std::pow(a, b);
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  if (op == ">=") return a >= b;
  // bitwise: bool and int only (checked by the caller)
  const long long x = static_cast<long long>(a), y = static_cast<long long>(b);
  if (op == "&") return static_cast<double>(x & y);
  if (op == "|") return static_cast<double>(x | y);
  if (op == "^") return static_cast<double>(x ^ y);
  return std::nan("");
}

bool is_comparison(const std::string& op) {
  return op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

const char* ufunc_name(const std::string& op) {
  if (op == "+") return "add";
  if (op == "-") return "subtract";
  if (op == "*") return "multiply";
  if (op == "/") return "divide";
  if (op == "//") return "floor_divide";
  if (op == "%") return "remainder";
  if (op == "**") return "power";
  if (op == "&") return "bitwise_and";
  if (op == "|") return "bitwise_or";
  if (op == "^") return "bitwise_xor";
  return "?";
}

Value unsupported_operands(const std::string& op, const Value& a, const Value& b, Context& cx) {
  if (a.kind == Kind::Str || b.kind == Kind::Str) {  // str * int, str + str, ...: Python has rules this evaluator lacks
    cx.unsupported("operators on strings");
    return {};
  }
  cx.fail("TypeError", "unsupported operand type(s) for " + op + ": '" + type_name(a) + "' and '" + type_name(b) + "'");
  return {};
}

// a op b where both are Python scalars (bool/int/float): Python semantics.
Value scalar_binary(const std::string& op, const Value& a, const Value& b, Context& cx) {
  const double x = a.num, y = b.num;
  const bool both_int = a.kind != Kind::Float && b.kind != Kind::Float;
  if (is_comparison(op)) return Value::boolean(apply(op, x, y, DType::Float) != 0);
  if (op == "&" || op == "|" || op == "^") {
    if (!both_int) return unsupported_operands(op, a, b, cx);
    const double r = apply(op, x, y, DType::Int);
    if (a.kind == Kind::Bool && b.kind == Kind::Bool) return Value::boolean(r != 0);
    return py_int(cx, r);
  }
  if (op == "@") return unsupported_operands(op, a, b, cx);
  if (op == "/") {
    if (y == 0) {
      cx.fail("ZeroDivisionError", both_int ? "division by zero" : "float division by zero");
      return {};
    }
    return Value::real(x / y);
  }
  if (op == "//" || op == "%") {
    if (y == 0) {
      cx.fail("ZeroDivisionError", both_int ? (op == "//" ? "integer division or modulo by zero" : "integer modulo by zero")
                                            : op == "//" ? "float floor division by zero" : "float modulo");
      return {};
    }
    if (both_int) return py_int(cx, op == "//" ? std::floor(x / y) : x - std::floor(x / y) * y);
    return Value::real(op == "//" ? py_floordiv(x, y) : py_mod(x, y));
  }
  if (op == "**") {
    if (x == 0 && y < 0) {
      cx.fail("ZeroDivisionError", both_int ? "0.0 cannot be raised to a negative power"
                                            : "0.0 cannot be raised to a negative power");
      return {};
    }
    if (x < 0 && y != std::floor(y)) {
      cx.unsupported("complex numbers");
      return {};
    }
    const double r = std::pow(x, y);
    if (both_int && y >= 0) return py_int(cx, r);
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) {
      cx.fail("OverflowError", "(34, 'Numerical result out of range')");
      return {};
    }
    return Value::real(r);
  }
  const double r = apply(op, x, y, both_int ? DType::Int : DType::Float);
  if (both_int) return py_int(cx, r);
  return Value::real(r);
}

ArrayPtr tuple_to_array(const Value& v) {
  Array a;
  a.dtype = DType::Bool;
  for (const Value& it : v.items) {
    if (!is_num(it) && !(it.kind == Kind::Array && it.arr->shape.empty())) return nullptr;
    const DType d = it.kind == Kind::Array ? it.arr->dtype : scalar_dtype(it);
    a.dtype = promote(a.dtype, d);
    a.data.push_back(it.kind == Kind::Array ? it.arr->data[0] : it.num);
  }
  a.shape = {v.items.size()};
  return std::make_shared<const Array>(std::move(a));
}

Value array_binary(const std::string& op, const Value& av, const Value& bv, Context& cx);
Value matmul(const Value& a, const Value& b, Context& cx);

Value binary(const std::string& op, const Value& a, const Value& b, Context& cx) {
  if (op == "@") return matmul(a, b, cx);
  if (is_num(a) && is_num(b)) return scalar_binary(op, a, b, cx);
  // sequences
  const bool seq_a = a.kind == Kind::Tuple || a.kind == Kind::List;
  const bool seq_b = b.kind == Kind::Tuple || b.kind == Kind::List;
  if (seq_a && seq_b && a.kind == b.kind && op == "+") {
    Value r = a;
    r.items.insert(r.items.end(), b.items.begin(), b.items.end());
    if (r.items.size() > 64) {
      cx.unsupported("sequences this long");
      return {};
    }
    return r;
  }
  if ((seq_a && (b.kind == Kind::Int || b.kind == Kind::Bool) && op == "*") ||
      (seq_b && (a.kind == Kind::Int || a.kind == Kind::Bool) && op == "*")) {
    const Value& s = seq_a ? a : b;
    const double n = seq_a ? b.num : a.num;
    if (n * static_cast<double>(s.items.size()) > 64) {
      cx.unsupported("sequences this long");
      return {};
    }
    Value r = s;
    r.items.clear();
    for (double k = 0; k < n; ++k) r.items.insert(r.items.end(), s.items.begin(), s.items.end());
    return r;
  }
  if ((op == "==" || op == "!=") && !a.is_array() && !b.is_array()) {
    bool eq = false;
    if (a.kind == b.kind && (a.kind == Kind::None || a.kind == Kind::Ellipsis)) eq = true;
    else if (a.kind == Kind::Str && b.kind == Kind::Str) eq = a.text == b.text;
    else if (seq_a && seq_b && a.kind == b.kind && a.items.size() == b.items.size()) {
      eq = true;
      for (std::size_t i = 0; i < a.items.size() && eq; ++i) {
        Value e = binary("==", a.items[i], b.items[i], cx);
        if (cx.failed()) return {};
        eq = e.kind == Kind::Bool ? e.num != 0 : false;
      }
    }
    return Value::boolean(op == "==" ? eq : !eq);
  }
  if (a.is_array() || b.is_array()) {
    const Value& other = a.is_array() ? b : a;
    if (is_num(other) || other.is_array() || ((other.kind == Kind::Tuple || other.kind == Kind::List) && tuple_to_array(other)))
      return array_binary(op, a, b, cx);
  }
  return unsupported_operands(op, a, b, cx);
}

Value array_binary(const std::string& op, const Value& av, const Value& bv, Context& cx) {
  ArrayPtr a = as_array(av), b = as_array(bv);
  if (!a || !b) return unsupported_operands(op, av, bv, cx);
  DType dt = promote(a->dtype, b->dtype);
  if (op == "-" && a->dtype == DType::Bool && b->dtype == DType::Bool) {
    cx.fail("TypeError", "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                         "operator, or the logical_xor function instead.");
    return {};
  }
  if ((op == "&" || op == "|" || op == "^") && dt == DType::Float) {
    cx.fail("TypeError", std::string("ufunc '") + ufunc_name(op) +
                             "' not supported for the input types, and the inputs could not be safely coerced to any "
                             "supported types according to the casting rule ''safe''");
    return {};
  }
  if (op == "**" && dt == DType::Int) {
    for (double y : b->data)
      if (y < 0) {
        cx.fail("ValueError", "Integers to negative integer powers are not allowed.");
        return {};
      }
  }
  Shape out;
  if (!broadcast_or_fail(a->shape, b->shape, out, cx)) return {};
  if (!check_size(cx, static_cast<double>(numel(out))) || !charge(cx, static_cast<double>(numel(out)))) return {};
  DType rt = is_comparison(op) ? DType::Bool : op == "/" ? DType::Float : dt;
  if (op == "/" || op == "**") dt = op == "/" ? DType::Float : dt;
  if ((op == "//" || op == "%") && dt == DType::Bool) rt = dt = DType::Int;
  std::vector<double> data(numel(out));
  const std::array<const Shape*, 2> ins{&a->shape, &b->shape};
  const double* pa = a->data.data();
  const double* pb = b->data.data();
  broadcast_loop<2>(out, ins, [&](std::size_t i, const std::array<std::size_t, 2>& off) {
    data[i] = apply(op, pa[off[0]], pb[off[1]], dt);
  });
  if (rt == DType::Int)
    for (double x : data)
      if (!(std::fabs(x) <= kMaxExactInt)) {  // NumPy would wrap around in int64; doubles hold 2^53 exactly
        cx.unsupported("int64 results beyond 2**53");
        return {};
      }
  return make(rt, out, std::move(data));
}

// -------------------------------------------------------------- truthiness --

bool truth(const Value& v, Context& cx) {
  switch (v.kind) {
    case Kind::None: return false;
    case Kind::Bool: case Kind::Int: case Kind::Float: return v.num != 0;
    case Kind::Str: return !v.text.empty();
    case Kind::Tuple: case Kind::List: return !v.items.empty();
    case Kind::Array:
      if (v.arr->size() == 1) return v.arr->data[0] != 0;
      if (v.arr->size() == 0) return false;
      cx.fail("ValueError", "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
      return false;
    default: return true;
  }
}

// ----------------------------------------------------------------- unary --

Value unary(const std::string& op, const Value& v, Context& cx) {
  if (is_num(v)) {
    if (op == "~") {
      if (v.kind == Kind::Float) {
        cx.fail("TypeError", "bad operand type for unary ~: 'float'");
        return {};
      }
      return py_int(cx, -v.num - 1);
    }
    if (op == "-") return v.kind == Kind::Float ? Value::real(-v.num) : py_int(cx, -v.num);
    return v.kind == Kind::Float ? v : Value::integer(v.num);
  }
  if (v.is_array()) {
    const Array& a = *v.arr;
    if (op == "-" && a.dtype == DType::Bool) {
      cx.fail("TypeError", "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or "
                           "the logical_not function instead.");
      return {};
    }
    if (op == "~" && a.dtype == DType::Float) {
      cx.fail("TypeError", "ufunc 'invert' not supported for the input types, and the inputs could not be safely "
                           "coerced to any supported types according to the casting rule ''safe''");
      return {};
    }
    if (!charge(cx, static_cast<double>(a.size()))) return {};
    std::vector<double> d(a.data);
    for (double& x : d) {
      if (op == "-") x = -x;
      else if (op == "~") x = a.dtype == DType::Bool ? double(x == 0) : -x - 1;
    }
    Value r = make(a.dtype, a.shape, std::move(d));
    r.np_scalar = v.np_scalar;
    return r;
  }
  cx.fail("TypeError", "bad operand type for unary " + op + ": '" + type_name(v) + "'");
  return {};
}

// ------------------------------------------------------------------ matmul --

Value matmul(const Value& av, const Value& bv, Context& cx) {
  if (is_num(av) && is_num(bv)) return unsupported_operands("@", av, bv, cx);
  ArrayPtr a = as_array(av), b = as_array(bv);
  if (!a && !b) return unsupported_operands("@", av, bv, cx);
  const char* sig = "(n?,k),(k,m?)->(n?,m?)";
  // NumPy turns any other object (None, a string, ...) into a 0-d object array
  static const auto zero_d = std::make_shared<const Array>(Array{DType::Float, {}, {0.0}});
  if (!a) a = zero_d;
  if (!b) b = zero_d;
  for (int k = 0; k < 2; ++k) {
    const Array& x = k == 0 ? *a : *b;
    if (x.shape.empty()) {
      cx.fail("ValueError", "matmul: Input operand " + std::to_string(k) +
                                " does not have enough dimensions (has 0, gufunc core with signature " + sig +
                                " requires 1)");
      return {};
    }
  }
  Shape sa = a->shape, sb = b->shape;
  const bool a1 = sa.size() == 1, b1 = sb.size() == 1;
  const std::size_t K = sa.back();
  const std::size_t Kb = b1 ? sb[0] : sb[sb.size() - 2];
  if (K != Kb) {
    cx.fail("ValueError", "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
                              std::string(sig) + " (size " + std::to_string(Kb) + " is different from " +
                              std::to_string(K) + ")");
    return {};
  }
  const std::size_t M = a1 ? 1 : sa[sa.size() - 2];
  const std::size_t N = b1 ? 1 : sb.back();
  const Shape ba(sa.begin(), sa.end() - (a1 ? 1 : 2)), bb(sb.begin(), sb.end() - (b1 ? 1 : 2));
  Shape batch;
  if (!broadcast_shapes(ba, bb, batch)) {
    auto remap = [](const Shape& full, const Shape& bat, bool one) {
      std::string s = shape_msg(full) + "->(";
      for (std::size_t i = 0; i < bat.size(); ++i) s += std::to_string(bat[i]) + ",";
      s += one ? "newaxis)" : "newaxis,newaxis)";
      return s;
    };
    Shape core;
    if (!a1) core.push_back(M);
    if (!b1) core.push_back(N);
    cx.fail("ValueError", "operands could not be broadcast together with remapped shapes [original->remapped]: " +
                              remap(sa, ba, a1) + " " + remap(sb, bb, b1) + "  and requested shape " + shape_msg(core));
    return {};
  }
  Shape out = batch;
  if (!a1) out.push_back(M);
  if (!b1) out.push_back(N);
  const double nb = static_cast<double>(numel(batch));
  if (!check_ndim(cx, out.size()) || !check_size(cx, nb * M * N) || !charge(cx, nb * M * N * (K + 1))) return {};
  const DType dt = promote(a->dtype, b->dtype);
  std::vector<double> data(numel(out));
  const std::array<const Shape*, 2> ins{&ba, &bb};
  const double* pa = a->data.data();
  const double* pb = b->data.data();
  const std::size_t mat_a = M * K, mat_b = K * N;
  broadcast_loop<2>(batch, ins, [&](std::size_t i, const std::array<std::size_t, 2>& off) {
    const double* A = pa + off[0] * mat_a;
    const double* B = pb + off[1] * mat_b;
    double* C = data.data() + i * M * N;
    for (std::size_t r = 0; r < M; ++r)
      for (std::size_t c = 0; c < N; ++c) {
        double acc = 0.0;
        if (dt == DType::Bool) {
          for (std::size_t p = 0; p < K; ++p) acc = (acc != 0 || (A[r * K + p] != 0 && B[p * N + c] != 0)) ? 1 : 0;
        } else {
          for (std::size_t p = 0; p < K; ++p) acc += A[r * K + p] * B[p * N + c];
        }
        C[r * N + c] = acc;
      }
  });
  return make(dt, out, std::move(data));
}

// ------------------------------------------------------------ transposes --

Value permute(const Array& a, const std::vector<std::size_t>& perm, Context& cx) {
  if (!charge(cx, static_cast<double>(a.size()))) return {};
  const std::size_t nd = a.shape.size();
  Shape out(nd);
  std::vector<std::size_t> in_strides(nd, 1), st(nd);
  for (std::size_t d = nd; d-- > 1;) in_strides[d - 1] = in_strides[d] * a.shape[d];
  for (std::size_t d = 0; d < nd; ++d) {
    out[d] = a.shape[perm[d]];
    st[d] = in_strides[perm[d]];
  }
  std::vector<double> data(a.size());
  std::vector<std::size_t> idx(nd, 0);
  std::size_t off = 0;
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = a.data[off];
    for (std::size_t d = nd; d-- > 0;) {
      if (++idx[d] < out[d]) { off += st[d]; break; }
      off -= st[d] * (out[d] - 1);
      idx[d] = 0;
    }
  }
  return make(a.dtype, out, std::move(data));
}

Value transpose(const Array& a, const std::vector<Value>& axes_in, Context& cx) {
  const std::size_t nd = a.shape.size();
  std::vector<std::size_t> perm(nd);
  if (axes_in.empty()) {
    for (std::size_t d = 0; d < nd; ++d) perm[d] = nd - 1 - d;
  } else {
    if (axes_in.size() != nd) {
      cx.fail("ValueError", "axes don't match array");
      return {};
    }
    std::vector<bool> seen(nd, false);
    for (std::size_t d = 0; d < nd; ++d) {
      long long ax = 0;
      if (!to_index(axes_in[d], cx, ax) || !normalize_axis(ax, nd, cx, perm[d])) return {};
      if (seen[perm[d]]) {
        cx.fail("ValueError", "repeated axis in transpose");
        return {};
      }
      seen[perm[d]] = true;
    }
  }
  return permute(a, perm, cx);
}

Value swapaxes(const Array& a, const Value& x1, const Value& x2, Context& cx) {
  long long i1 = 0, i2 = 0;
  std::size_t a1 = 0, a2 = 0;
  if (!to_index(x1, cx, i1) || !to_index(x2, cx, i2)) return {};
  if (!normalize_axis(i1, a.shape.size(), cx, a1, "axis1: ") || !normalize_axis(i2, a.shape.size(), cx, a2, "axis2: "))
    return {};
  std::vector<std::size_t> perm(a.shape.size());
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[a1], perm[a2]);
  return permute(a, perm, cx);
}

// ------------------------------------------------------------ reductions --

// axis: None, an int or a tuple of ints. Fills `red` (per-axis flag).
bool parse_axes(const Value& axis, std::size_t nd, Context& cx, std::vector<bool>& red) {
  red.assign(nd, axis.kind == Kind::None);
  if (axis.kind == Kind::None) return true;
  if (axis.kind == Kind::List || axis.kind == Kind::Float || axis.kind == Kind::Str) {
    cx.fail("TypeError", "'" + type_name(axis) + "' object cannot be interpreted as an integer");
    return false;
  }
  if (axis.kind == Kind::Bool) {
    cx.fail("TypeError", "an integer is required");
    return false;
  }
  std::vector<Value> list = axis.kind == Kind::Tuple ? axis.items : std::vector<Value>{axis};
  for (const Value& v : list) {
    long long ax = 0;
    std::size_t a = 0;
    if (!to_index(v, cx, ax) || !normalize_axis(ax, nd, cx, a)) return false;
    if (red[a]) {
      cx.fail("ValueError", "duplicate value in 'axis'");
      return false;
    }
    red[a] = true;
  }
  return true;
}

enum class Reduce { Sum, Max, Min, Mean };

Value reduce(const Array& a, Reduce kind, const Value& axis, bool keepdims, Context& cx) {
  const std::size_t nd = a.shape.size();
  std::vector<bool> red;
  if (!parse_axes(axis, nd, cx, red)) return {};
  if (!charge(cx, static_cast<double>(a.size()))) return {};
  // Move the reduced axes last (keeping their order), then reduce runs.
  std::vector<std::size_t> perm;
  Shape kept, out_keep;
  std::size_t run = 1;
  for (std::size_t d = 0; d < nd; ++d)
    if (!red[d]) { perm.push_back(d); kept.push_back(a.shape[d]); }
  bool trailing = true;  // reduced axes already form the trailing block
  for (std::size_t d = 0; d < nd; ++d)
    if (red[d]) {
      if (perm.size() != d - (run == 0 ? 0 : 0) && !perm.empty() && perm.back() > d) trailing = false;
      perm.push_back(d);
      run *= a.shape[d];
    }
  for (std::size_t d = 0; d < nd; ++d) out_keep.push_back(red[d] ? 1 : a.shape[d]);
  if (run == 0 && (kind == Reduce::Max || kind == Reduce::Min)) {
    cx.fail("ValueError", std::string("zero-size array to reduction operation ") +
                              (kind == Reduce::Max ? "maximum" : "minimum") + " which has no identity");
    return {};
  }
  std::vector<double> src;
  const double* p = a.data.data();
  if (!trailing) {
    Value t = permute(a, perm, cx);
    if (cx.failed()) return {};
    src = t.arr->data;
    p = src.data();
  }
  const std::size_t groups = numel(kept);
  std::vector<double> out(groups);
  for (std::size_t g = 0; g < groups; ++g) {
    const double* x = p + g * run;
    double r = 0;
    if (kind == Reduce::Sum || kind == Reduce::Mean) {
      if (a.dtype == DType::Float && trailing) {
        r = np::pairwise_sum(x, run);
      } else {
        for (std::size_t i = 0; i < run; ++i) r += x[i];
      }
      if (kind == Reduce::Mean) r = r / static_cast<double>(run);
    } else {
      r = x[0];
      for (std::size_t i = 1; i < run && !std::isnan(r); ++i)
        if (std::isnan(x[i]) || (kind == Reduce::Max ? x[i] > r : x[i] < r)) r = x[i];
    }
    out[g] = r;
  }
  DType dt = a.dtype;
  if (kind == Reduce::Mean) dt = DType::Float;
  else if (kind == Reduce::Sum && dt == DType::Bool) dt = DType::Int;
  Value v = make(dt, keepdims ? out_keep : kept, std::move(out));
  return v;
}

Value round_array(const Array& a, long long decimals, Context& cx) {
  if (a.dtype == DType::Bool) {
    cx.fail("numpy.core._exceptions._UFuncOutputCastingError",
            "Cannot cast ufunc 'multiply' output from dtype('float64') to dtype('bool') with casting rule 'same_kind'");
    return {};
  }
  if (!charge(cx, static_cast<double>(a.size()))) return {};
  std::vector<double> d(a.data);
  const int dec = static_cast<int>(std::clamp<long long>(decimals, -400, 400));
  if (a.dtype == DType::Float) {
    for (double& x : d) x = np::np_round(x, dec);
  } else if (dec < 0) {
    for (double& x : d) x = np::np_round(x, dec);
  }
  return make(a.dtype, a.shape, std::move(d));
}

Value astype(const Array& a, DType dt, Context& cx) {
  if (!charge(cx, static_cast<double>(a.size()))) return {};
  if (dt == DType::Int)
    for (double x : a.data)
      if (!(std::fabs(x) < kMaxExactInt)) {
        cx.unsupported("converting NaN, infinity or numbers beyond 2**53 to int64");
        return {};
      }
  std::vector<double> d(a.data);
  for (double& x : d) {
    if (dt == DType::Bool) x = x != 0;
    else if (dt == DType::Int) x = std::isfinite(x) && std::fabs(x) < 9.2e18 ? std::trunc(x) + 0.0 : -9223372036854775808.0;
  }
  return make(dt, a.shape, std::move(d));
}

Value unary_math(const std::string& name, const Value& v, Context& cx) {
  ArrayPtr a = as_array(v);
  if (!a) {
    if (v.kind == Kind::None)
      cx.fail("TypeError", "loop of ufunc does not support argument 0 of type NoneType which has no callable " + name + " method");
    else
      cx.fail("TypeError", "ufunc '" + name + "' not supported for the input types, and the inputs could not be "
                           "safely coerced to any supported types according to the casting rule ''safe''");
    return {};
  }
  if (!charge(cx, static_cast<double>(a->size()))) return {};
  if (a->dtype == DType::Bool && (name == "sqrt" || name == "exp" || name == "log")) {
    cx.unsupported("float16 results (np." + name + " of booleans)");
    return {};
  }
  std::vector<double> d(a->data);
  DType dt = DType::Float;
  for (double& x : d) {
    if (name == "sqrt") x = std::sqrt(x);
    else if (name == "exp") x = std::exp(x);
    else if (name == "log") x = std::log(x);
    else if (name == "abs") x = std::fabs(x);
    else if (name == "logical_not") x = x == 0;
    else if (name == "isinf") x = std::isinf(x);
    else if (name == "isnan") x = std::isnan(x);
  }
  if (name == "abs") dt = a->dtype;
  if (name == "logical_not" || name == "isinf" || name == "isnan") dt = DType::Bool;
  return make(dt, a->shape, std::move(d));
}

// ----------------------------------------------------------------- where --

Value where3(const Value& cv, const Value& xv, const Value& yv, Context& cx) {
  ArrayPtr c = as_array(cv), x = as_array(xv), y = as_array(yv);
  if (cv.kind == Kind::Str) {
    cx.unsupported("np.where with a string condition");
    return {};
  }
  if (!c && x && y && cv.kind != Kind::Tuple && cv.kind != Kind::List) {
    // any other object is a 0-d object array: its truth value decides
    const bool t = truth(cv, cx);
    if (cx.failed()) return {};
    c = std::make_shared<const Array>(Array{DType::Bool, {}, {t ? 1.0 : 0.0}});
  }
  if (!c || !x || !y) {
    const Value& bad = !c ? cv : !x ? xv : yv;
    cx.unsupported("np.where with a " + type_name(bad) + " argument");
    return {};
  }
  Shape s1, out;
  if (!broadcast_shapes(c->shape, x->shape, s1) || !broadcast_shapes(s1, y->shape, out)) {
    cx.fail("ValueError", "operands could not be broadcast together with shapes " + shape_msg(c->shape) + " " +
                              shape_msg(x->shape) + " " + shape_msg(y->shape) + " ");
    return {};
  }
  if (!check_size(cx, static_cast<double>(numel(out))) || !charge(cx, static_cast<double>(numel(out)))) return {};
  std::vector<double> d(numel(out));
  const std::array<const Shape*, 3> ins{&c->shape, &x->shape, &y->shape};
  broadcast_loop<3>(out, ins, [&](std::size_t i, const std::array<std::size_t, 3>& off) {
    d[i] = c->data[off[0]] != 0 ? x->data[off[1]] : y->data[off[2]];
  });
  return make(promote(x->dtype, y->dtype), out, std::move(d));
}

// -------------------------------------------------------- triangle, tri --

Value tri_mask(const Array& m, double k, bool upper, Context& cx) {
  if (m.shape.empty()) {
    cx.fail("TypeError", "tri() missing 1 required positional argument: 'N'");
    return {};
  }
  Shape out = m.shape;
  if (out.size() == 1) out = {m.shape[0], m.shape[0]};
  const std::size_t R = out[out.size() - 2], C = out.back();
  if (!check_size(cx, static_cast<double>(numel(out))) || !charge(cx, static_cast<double>(numel(out)))) return {};
  std::vector<double> d(numel(out));
  const std::size_t n = numel(out);
  for (std::size_t i = 0; i < n; ++i) {
    const long long r = static_cast<long long>((i / C) % R), c = static_cast<long long>(i % C);
    const double diff = static_cast<double>(c - r);
    // NumPy: triu keeps j - i >= k, tril keeps j - i <= k (a float k too)
    const bool keep = upper ? diff >= k : diff <= k;
    const double v = m.shape.size() == 1 ? m.data[static_cast<std::size_t>(c)] : m.data[i];
    d[i] = keep ? v : 0.0;
  }
  return make(m.dtype, out, std::move(d));
}

// --------------------------------------------------------------- einsum --

Value einsum(const std::string& spec_in, const std::vector<Value>& ops, Context& cx) {
  std::string spec;
  for (char c : spec_in)
    if (c != ' ') spec += c;
  std::string lhs = spec, rhs;
  bool explicit_out = false;
  const auto arrow = spec.find("->");
  if (arrow != std::string::npos) {
    lhs = spec.substr(0, arrow);
    rhs = spec.substr(arrow + 2);
    explicit_out = true;
  }
  std::vector<std::string> terms;
  {
    std::size_t s = 0;
    for (;;) {
      const auto c = lhs.find(',', s);
      terms.push_back(lhs.substr(s, c == std::string::npos ? std::string::npos : c - s));
      if (c == std::string::npos) break;
      s = c + 1;
    }
  }
  if (terms.size() != ops.size()) {
    // NumPy 1.24 says "fewer operands" for too many operands, and "more" for too few
    cx.fail("ValueError", std::string(terms.size() < ops.size() ? "fewer" : "more") +
                              " operands provided to einstein sum function than specified in the subscripts string");
    return {};
  }
  if (ops.empty() || ops.size() > 2) {
    cx.unsupported("np.einsum with more than two operands");
    return {};
  }
  std::vector<ArrayPtr> arrs;
  for (const Value& v : ops) {
    ArrayPtr a = to_array(v, cx, "einsum");
    if (!a) return {};
    arrs.push_back(a);
  }
  // Per operand: labels per axis ('.' marks an ellipsis axis, numbered from the right).
  std::map<char, std::size_t> dim;
  std::vector<std::vector<int>> axis_label(arrs.size());  // label char, or -(k+1) for ellipsis axis k from the right
  Shape ell;  // broadcast ellipsis shape
  std::string counts_order;
  std::map<char, int> counts;
  auto valid_label = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (std::size_t k = 0; k < arrs.size(); ++k) {
    std::string t = terms[k];
    const auto e = t.find("...");
    std::string before = e == std::string::npos ? t : t.substr(0, e);
    std::string after = e == std::string::npos ? "" : t.substr(e + 3);
    const std::size_t nd = arrs[k]->shape.size();
    const std::size_t named = before.size() + after.size();
    for (char c : before + after)
      if (!valid_label(c)) {
        cx.fail("ValueError", std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
        return {};
      }
    if (named > nd || (e == std::string::npos && named != nd)) {
      cx.fail("ValueError", std::string("einstein sum subscripts string contains too ") +
                                (named > nd ? "many" : "few") + " subscripts for operand " + std::to_string(k));
      return {};
    }
    const std::size_t n_ell = nd - named;
    Shape es(arrs[k]->shape.begin() + static_cast<long>(before.size()),
             arrs[k]->shape.begin() + static_cast<long>(before.size() + n_ell));
    Shape merged;
    if (!broadcast_shapes(ell, es, merged)) {
      cx.fail("ValueError", "einsum: the '...' dimensions " + shape_msg(ell) + " and " + shape_msg(es) +
                                " of the operands cannot be broadcast together");
      return {};
    }
    ell = merged;
    std::vector<int>& lab = axis_label[k];
    for (char c : before) lab.push_back(c);
    for (std::size_t i = 0; i < n_ell; ++i) lab.push_back(-static_cast<int>(n_ell - i));
    for (char c : after) lab.push_back(c);
    std::string seen;
    for (std::size_t ax = 0; ax < nd; ++ax) {
      if (lab[ax] < 0) continue;
      const char c = static_cast<char>(lab[ax]);
      if (seen.find(c) != std::string::npos) {
        cx.unsupported("np.einsum with repeated subscripts in one operand");
        return {};
      }
      seen += c;
      const std::size_t sz = arrs[k]->shape[ax];
      auto it = dim.find(c);
      if (it == dim.end()) dim[c] = sz;
      else if (it->second != sz) {
        if (it->second == 1) it->second = sz;
        else if (sz != 1) {
          cx.fail("ValueError", std::string("einsum: size of subscript '") + c + "' does not match: " +
                                    std::to_string(it->second) + " and " + std::to_string(sz) + " (operand " +
                                    std::to_string(k) + ", axis " + std::to_string(ax) + ")");
          return {};
        }
      }
      if (!counts.count(c)) counts_order += c;
      ++counts[c];
    }
  }
  std::string out_labels;
  bool out_ell = !ell.empty();
  if (explicit_out) {
    const auto e = rhs.find("...");
    std::string r = rhs;
    out_ell = e != std::string::npos;
    if (out_ell) r = rhs.substr(0, e) + rhs.substr(e + 3);
    for (char c : r) {
      if (!valid_label(c)) {
        cx.fail("ValueError", std::string("invalid subscript '") + c + "' in einstein sum subscripts string, subscripts must be letters");
        return {};
      }
      if (!dim.count(c)) {
        cx.fail("ValueError", std::string("einstein sum subscripts string included output subscript '") + c +
                                  "' which never appeared in an input");
        return {};
      }
      if (out_labels.find(c) != std::string::npos) {
        cx.fail("ValueError", std::string("einstein sum subscripts string includes output subscript '") + c +
                                  "' multiple times");
        return {};
      }
      out_labels += c;
    }
    if (!out_ell && !ell.empty()) {
      bool trivial = true;
      for (std::size_t d : ell) trivial = trivial && d == 1;
      if (!trivial) {
        cx.fail("ValueError", "output has more dimensions than subscripts given in einstein sum, but no '...' "
                              "ellipsis provided to broadcast the extra dimensions.");
        return {};
      }
    }
    if (out_ell) {
      // keep the ellipsis at its position: only leading position supported exactly
      if (e != 0) {
        cx.unsupported("np.einsum with '...' elsewhere than at the start of the output");
        return {};
      }
    }
  } else {
    for (const auto& [c, n] : counts)
      if (n == 1) out_labels += c;  // std::map: ASCII order
  }
  std::string sum_labels;
  for (char c : counts_order)
    if (out_labels.find(c) == std::string::npos) sum_labels += c;
  Shape out_shape = out_ell ? ell : Shape{};
  for (char c : out_labels) out_shape.push_back(dim[c]);
  double sum_size = 1;
  for (char c : sum_labels) sum_size *= static_cast<double>(dim[c]);
  const double n_out = static_cast<double>(numel(out_shape));
  if (!check_ndim(cx, out_shape.size()) || !check_size(cx, n_out) ||
      !charge(cx, n_out * std::max(1.0, sum_size) * static_cast<double>(arrs.size())))
    return {};
  // strides of every operand per label / ellipsis position
  const std::size_t n_ell = out_ell ? ell.size() : 0;
  std::vector<std::map<char, std::size_t>> lstride(arrs.size());
  std::vector<std::vector<std::size_t>> estride(arrs.size(), std::vector<std::size_t>(ell.size(), 0));
  for (std::size_t k = 0; k < arrs.size(); ++k) {
    const Shape& sh = arrs[k]->shape;
    std::size_t s = 1;
    for (std::size_t ax = sh.size(); ax-- > 0;) {
      const int l = axis_label[k][ax];
      const std::size_t st = sh[ax] == 1 ? 0 : s;
      if (l >= 0) lstride[k][static_cast<char>(l)] = st;
      else estride[k][ell.size() - static_cast<std::size_t>(-l)] = st;
      s *= sh[ax];
    }
  }
  // iterate: output positions, then summed labels
  std::string all = out_labels + sum_labels;
  std::vector<std::size_t> sizes;
  std::vector<std::vector<std::size_t>> strides(arrs.size());
  for (std::size_t i = 0; i < n_ell; ++i) {
    sizes.push_back(ell[i]);
    for (std::size_t k = 0; k < arrs.size(); ++k) strides[k].push_back(estride[k][i]);
  }
  for (char c : all) {
    sizes.push_back(dim[c]);
    for (std::size_t k = 0; k < arrs.size(); ++k)
      strides[k].push_back(lstride[k].count(c) ? lstride[k][c] : 0);
  }
  const std::size_t n_out_axes = n_ell + out_labels.size();
  std::size_t inner = 1;
  for (std::size_t i = n_out_axes; i < sizes.size(); ++i) inner *= sizes[i];
  DType dt = arrs[0]->dtype;
  for (const auto& a : arrs) dt = promote(dt, a->dtype);
  std::vector<double> out(static_cast<std::size_t>(n_out));
  std::vector<std::size_t> idx(sizes.size(), 0);
  std::vector<std::size_t> off(arrs.size(), 0);
  const std::size_t total = static_cast<std::size_t>(n_out) * inner;
  double acc = 0;
  for (std::size_t it = 0; it < total; ++it) {
    double prod = 1;
    for (std::size_t k = 0; k < arrs.size(); ++k) prod *= arrs[k]->data[off[k]];
    if (dt == DType::Bool) acc = (acc != 0 || prod != 0) ? 1 : 0;
    else acc += prod;
    if ((it + 1) % inner == 0) {
      out[it / inner] = acc;
      acc = 0;
    }
    for (std::size_t d = sizes.size(); d-- > 0;) {
      if (++idx[d] < sizes[d]) {
        for (std::size_t k = 0; k < arrs.size(); ++k) off[k] += strides[k][d];
        break;
      }
      for (std::size_t k = 0; k < arrs.size(); ++k) off[k] -= strides[k][d] * (sizes[d] - 1);
      idx[d] = 0;
    }
  }
  if (inner == 0) std::fill(out.begin(), out.end(), 0.0);
  return make(dt, out_shape, std::move(out));
}

// ------------------------------------------------------------ np.dot --

Value dot(const Value& av, const Value& bv, Context& cx) {
  ArrayPtr a = as_array(av), b = as_array(bv);
  if (!a || !b) return unsupported_operands("dot", av, bv, cx);
  if (a->shape.empty() || b->shape.empty()) return binary("*", make(a->dtype, a->shape, a->data), make(b->dtype, b->shape, b->data), cx);
  {
    const Shape& sa = a->shape;
    const Shape& sb = b->shape;
    const std::size_t db = sb.size() == 1 ? 0 : sb.size() - 2;
    if (sa.back() != sb[db]) {
      cx.fail("ValueError", "shapes " + shape_msg(sa) + " and " + shape_msg(sb) + " not aligned: " +
                                std::to_string(sa.back()) + " (dim " + std::to_string(sa.size() - 1) + ") != " +
                                std::to_string(sb[db]) + " (dim " + std::to_string(db) + ")");
      return {};
    }
  }
  if (b->shape.size() <= 2) return matmul(make(a->dtype, a->shape, a->data), make(b->dtype, b->shape, b->data), cx);
  // N-d: sum over the last axis of a and the second-to-last of b.
  const Shape& sa = a->shape;
  const Shape& sb = b->shape;
  const std::size_t K = sa.back(), Kb = sb[sb.size() - 2];
  if (K != Kb) {
    cx.fail("ValueError", "shapes " + shape_msg(sa) + " and " + shape_msg(sb) + " not aligned: " + std::to_string(K) +
                              " (dim " + std::to_string(sa.size() - 1) + ") != " + std::to_string(Kb) + " (dim " +
                              std::to_string(sb.size() - 2) + ")");
    return {};
  }
  Shape out(sa.begin(), sa.end() - 1);
  out.insert(out.end(), sb.begin(), sb.end() - 2);
  out.push_back(sb.back());
  const std::size_t Ma = numel(sa) / std::max<std::size_t>(K, 1), N = sb.back();
  const std::size_t Bb = numel(sb) / std::max<std::size_t>(K * N, 1);
  if (!check_ndim(cx, out.size()) || !check_size(cx, static_cast<double>(Ma) * Bb * N) ||
      !charge(cx, static_cast<double>(Ma) * Bb * N * (K + 1)))
    return {};
  std::vector<double> d(Ma * Bb * N);
  const DType dt = promote(a->dtype, b->dtype);
  for (std::size_t i = 0; i < Ma; ++i)
    for (std::size_t j = 0; j < Bb; ++j)
      for (std::size_t c = 0; c < N; ++c) {
        double acc = 0;
        for (std::size_t p = 0; p < K; ++p) acc += a->data[i * K + p] * b->data[(j * K + p) * N + c];
        d[(i * Bb + j) * N + c] = dt == DType::Bool ? double(acc != 0) : acc;
      }
  return make(dt, out, std::move(d));
}

// -------------------------------------------------------------- indexing --

Value index_tuple(const Value& t, const Value& idx, Context& cx) {
  const long long n = static_cast<long long>(t.items.size());
  if (idx.kind == Kind::Slice) {
    long long start = 0, stop = n, step = 1;
    if (idx.items[2].kind != Kind::None && !to_index(idx.items[2], cx, step)) return {};
    if (step == 0) {
      cx.fail("ValueError", "slice step cannot be zero");
      return {};
    }
    start = step > 0 ? 0 : n - 1;
    stop = step > 0 ? n : -n - 1;
    auto clampi = [&](long long v, bool is_stop) {
      if (v < 0) v += n;
      if (step > 0) return std::clamp(v, 0LL, n);
      return std::clamp(v, -1LL, n - 1 + (is_stop ? 0 : 0));
    };
    if (idx.items[0].kind != Kind::None) {
      if (!to_index(idx.items[0], cx, start)) return {};
      start = clampi(start, false);
    }
    if (idx.items[1].kind != Kind::None) {
      if (!to_index(idx.items[1], cx, stop)) return {};
      stop = clampi(stop, true);
    } else if (step < 0) {
      stop = -1;
    }
    Value r = t;
    r.items.clear();
    for (long long i = start; step > 0 ? i < stop : i > stop; i += step)
      if (i >= 0 && i < n) r.items.push_back(t.items[static_cast<std::size_t>(i)]);
    return r;
  }
  long long i = 0;
  if (!to_index(idx, cx, i)) {
    cx.error.reset();
    cx.fail("TypeError", std::string(t.kind == Kind::List ? "list" : "tuple") +
                             " indices must be integers or slices, not " + type_name(idx));
    return {};
  }
  if (i < -n || i >= n) {
    cx.fail("IndexError", std::string(t.kind == Kind::List ? "list" : "tuple") + " index out of range");
    return {};
  }
  return t.items[static_cast<std::size_t>(i < 0 ? i + n : i)];
}

Value index_array(const Array& a, const Value& idx_in, bool scalar_in, Context& cx) {
  std::vector<Value> idx = idx_in.kind == Kind::Tuple ? idx_in.items : std::vector<Value>{idx_in};
  const std::size_t nd = a.shape.size();
  if (scalar_in && nd == 0) {
    bool only_none = !idx.empty();
    for (const Value& v : idx) only_none = only_none && (v.kind == Kind::None || v.kind == Kind::Ellipsis);
    if (!only_none) {
      cx.fail("IndexError", "invalid index to scalar variable.");
      return {};
    }
  }
  std::size_t consumed = 0, ellipses = 0;
  for (const Value& v : idx) {
    if (v.kind == Kind::Ellipsis) ++ellipses;
    else if (v.kind != Kind::None) ++consumed;
    if (v.kind == Kind::Array && v.arr->shape.empty() && v.arr->dtype != DType::Float) continue;
    if (v.kind == Kind::Array || v.kind == Kind::List || v.kind == Kind::Tuple) {
      cx.unsupported("indexing with arrays or sequences");
      return {};
    }
    if (v.kind == Kind::Bool) {
      cx.unsupported("indexing with True/False");
      return {};
    }
    if (v.kind != Kind::Int && v.kind != Kind::Slice && v.kind != Kind::None && v.kind != Kind::Ellipsis) {
      cx.fail("IndexError", "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                            "boolean arrays are valid indices");
      return {};
    }
  }
  if (ellipses > 1) {
    cx.fail("IndexError", "an index can only have a single ellipsis ('...')");
    return {};
  }
  if (consumed > nd) {
    cx.fail("IndexError", "too many indices for array: array is " + std::to_string(nd) + "-dimensional, but " +
                              std::to_string(consumed) + " were indexed");
    return {};
  }
  // Build the output as (start, step, length, input stride) per output axis.
  std::vector<std::size_t> in_strides(nd, 1);
  for (std::size_t d = nd; d-- > 1;) in_strides[d - 1] = in_strides[d] * a.shape[d];
  long long base = 0;
  Shape out;
  std::vector<long long> ostride;
  std::size_t ax = 0;
  for (const Value& v : idx) {
    if (v.kind == Kind::None) { out.push_back(1); ostride.push_back(0); continue; }
    if (v.kind == Kind::Ellipsis) {
      for (std::size_t k = 0; k < nd - consumed; ++k, ++ax) {
        out.push_back(a.shape[ax]);
        ostride.push_back(static_cast<long long>(in_strides[ax]));
      }
      continue;
    }
    const long long n = static_cast<long long>(a.shape[ax]);
    if (v.kind == Kind::Slice) {
      long long step = 1;
      if (v.items[2].kind != Kind::None && !to_index(v.items[2], cx, step)) return {};
      if (step == 0) {
        cx.fail("ValueError", "slice step cannot be zero");
        return {};
      }
      auto adjust = [&](const Value& b, long long dflt, long long& out_v) {
        if (b.kind == Kind::None) { out_v = dflt; return true; }
        long long x = 0;
        if (!to_index(b, cx, x)) return false;
        if (x < 0) x += n;
        if (step > 0) x = std::clamp(x, 0LL, n);
        else x = std::clamp(x, -1LL, n - 1);
        out_v = x;
        return true;
      };
      long long start = 0, stop = 0;
      if (!adjust(v.items[0], step > 0 ? 0 : n - 1, start) || !adjust(v.items[1], step > 0 ? n : -1, stop)) return {};
      long long len = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / (-step);
      if (len < 0) len = 0;
      base += start * static_cast<long long>(in_strides[ax]);
      out.push_back(static_cast<std::size_t>(len));
      ostride.push_back(step * static_cast<long long>(in_strides[ax]));
      ++ax;
      continue;
    }
    long long i = 0;
    if (!to_index(v, cx, i)) return {};
    if (i < -n || i >= n) {
      cx.fail("IndexError", "index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(ax) +
                                " with size " + std::to_string(n));
      return {};
    }
    base += (i < 0 ? i + n : i) * static_cast<long long>(in_strides[ax]);
    ++ax;
  }
  for (; ax < nd; ++ax) {
    out.push_back(a.shape[ax]);
    ostride.push_back(static_cast<long long>(in_strides[ax]));
  }
  if (!check_ndim(cx, out.size()) || !charge(cx, static_cast<double>(numel(out)))) return {};
  std::vector<double> d(numel(out));
  std::vector<std::size_t> k(out.size(), 0);
  long long off = base;
  for (std::size_t i = 0; i < d.size(); ++i) {
    d[i] = a.data[static_cast<std::size_t>(off)];
    for (std::size_t q = out.size(); q-- > 0;) {
      if (++k[q] < out[q]) { off += ostride[q]; break; }
      off -= ostride[q] * static_cast<long long>(out[q] - 1);
      k[q] = 0;
    }
  }
  Value r = make(a.dtype, out, std::move(d));
  r.np_scalar = out.empty();
  return r;
}

// ------------------------------------------------------------- arguments --

struct Args {
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
};

// Binds args to a signature; names with a leading '*' collect the remaining
// positional arguments (into a Tuple). Missing optional ones become `dflt`.
bool bind(const std::string& fname, const Args& a, std::initializer_list<const char*> names, std::size_t required,
          std::vector<Value>& out, Context& cx) {
  std::vector<std::string> sig(names.begin(), names.end());
  out.assign(sig.size(), Value::none());
  std::vector<bool> given(sig.size(), false);
  std::size_t star = sig.size();
  for (std::size_t i = 0; i < sig.size(); ++i)
    if (sig[i][0] == '*') star = i;
  const std::size_t max_pos = star < sig.size() ? SIZE_MAX : sig.size();
  for (std::size_t i = 0; i < a.pos.size(); ++i) {
    if (i >= max_pos) {
      cx.fail("TypeError", required == sig.size()
                               ? fname + "() takes " + std::to_string(required) + " positional argument" +
                                     (required == 1 ? "" : "s") + " but " + std::to_string(a.pos.size()) + " were given"
                               : fname + "() takes from " + std::to_string(required) + " to " + std::to_string(sig.size()) +
                                     " positional arguments but " + std::to_string(a.pos.size()) + " were given");
      return false;
    }
    if (i >= star) {
      if (out[star].kind != Kind::Tuple) out[star].kind = Kind::Tuple;
      out[star].items.push_back(a.pos[i]);
      given[star] = true;
      continue;
    }
    out[i] = a.pos[i];
    given[i] = true;
  }
  for (const auto& [name, v] : a.kw) {
    std::size_t k = sig.size();
    for (std::size_t i = 0; i < sig.size(); ++i)
      if (sig[i] == name) k = i;
    if (k == sig.size()) {
      static constexpr std::string_view kNumpyKeywords =
          " where initial out dtype order casting subok like signature extobj axes axis keepdims ddof copy ";
      if (fname != "softmax" && kNumpyKeywords.find(" " + name + " ") != std::string_view::npos) {
        cx.unsupported("the " + name + " argument of " + fname + "()");
        return false;
      }
      cx.fail("TypeError", fname + "() got an unexpected keyword argument '" + name + "'");
      return false;
    }
    if (given[k]) {
      cx.fail("TypeError", fname + "() got multiple values for argument '" + name + "'");
      return false;
    }
    out[k] = v;
    given[k] = true;
  }
  for (std::size_t i = 0; i < required; ++i)
    if (!given[i]) {
      cx.fail("TypeError", fname + "() missing 1 required positional argument: '" + sig[i] + "'");
      return false;
    }
  return true;
}

bool parse_dtype(const Value& v, DType& out, Context& cx) {
  if (v.kind == Kind::DTypeObj) { out = v.dtype; return true; }
  if (v.kind == Kind::Str) {
    const std::string& s = v.text;
    if (s == "bool" || s == "?" || s == "bool_" || s == "bool8") { out = DType::Bool; return true; }
    if (s == "float" || s == "float64" || s == "f8" || s == "d" || s == "double") { out = DType::Float; return true; }
    if (s == "int" || s == "int64" || s == "i8") { out = DType::Int; return true; }
    static constexpr std::string_view kOtherDtypes =
        " float32 float16 f4 f2 half single longdouble float128 int32 int16 int8 i4 i2 i1 uint8 uint16 uint32 uint64"
        " u1 u2 u4 u8 complex complex64 complex128 c8 c16 object O str U S bytes datetime64 timedelta64 ";
    if (kOtherDtypes.find(" " + s + " ") != std::string_view::npos) {
      cx.unsupported("the dtype " + s);
      return false;
    }
    cx.fail("TypeError", "data type '" + s + "' not understood");
    return false;
  }
  cx.fail("TypeError", "Cannot interpret '" + py_repr(v) + "' as a data type");
  return false;
}

bool parse_shape(const Value& v, Shape& out, Context& cx) {
  std::vector<Value> dims = v.kind == Kind::Tuple || v.kind == Kind::List ? v.items : std::vector<Value>{v};
  if (!check_ndim(cx, dims.size())) return false;
  double n = 1;
  out.clear();
  for (const Value& d : dims) {
    long long x = 0;
    if (!to_index(d, cx, x)) return false;
    if (x < 0) {
      cx.fail("ValueError", "negative dimensions are not allowed");
      return false;
    }
    n *= static_cast<double>(x);
    if (!check_size(cx, n)) return false;
    out.push_back(static_cast<std::size_t>(x));
  }
  return true;
}


// np.triu/tril/tri's k. NumPy accepts a float k too, but then builds its
// mask from an integer-typed arange of floats: no simple rule, so only an
// integral k runs here.
bool real_k(const Value& v, Context& cx, double& k) {
  if (is_num(v) || (v.kind == Kind::Array && v.arr->shape.empty())) {
    k = v.kind == Kind::Array ? v.arr->data[0] : v.num;
    if (k == std::floor(k) && std::fabs(k) < 1e15) return true;
    cx.unsupported("a k that is not a whole number");
    return false;
  }
  cx.unsupported("this k argument");
  return false;
}

bool keyword_given(const Args& a, const char* name) {
  for (const auto& kw : a.kw)
    if (kw.first == name) return true;
  return false;
}

// keepdims: an int or bool (NumPy converts it with __index__).
bool keepdims_flag(const Value& v, Context& cx, bool& out) {
  if (v.kind == Kind::Bool || v.kind == Kind::Int) {
    out = v.num != 0;
    return true;
  }
  cx.fail("TypeError", "'" + type_name(v) + "' object cannot be interpreted as an integer");
  return false;
}

// NumPy's ufuncs take their operands by position only (np.matmul(x1=...) is
// a TypeError); a further positional argument is `out`.
bool ufunc_args(const char* uname, const Args& a, std::size_t nin, Context& cx) {
  if (a.pos.size() < nin || (!a.kw.empty() && a.pos.size() < nin)) {
    cx.fail("TypeError", std::string(uname) + "() takes from " + std::to_string(nin) + " to " + std::to_string(nin + 1) +
                             " positional arguments but " + std::to_string(a.pos.size()) + " were given");
    return false;
  }
  for (const auto& kw : a.kw) {
    static constexpr std::string_view kUfuncKeywords = " out where casting order dtype subok signature extobj ";
    const bool gufunc = std::string_view(uname) == "matmul";
    if (!gufunc && kUfuncKeywords.find(" " + kw.first + " ") == std::string_view::npos) {
      cx.fail("TypeError", std::string(uname) + "() got an unexpected keyword argument '" + kw.first + "'");
      return false;
    }
  }
  if (a.pos.size() > nin || !a.kw.empty()) {
    cx.unsupported(std::string("np.") + uname + "'s out and keyword arguments");
    return false;
  }
  return true;
}

Value call_value(const Value& f, const Args& args, Context& cx);

Value get_attr(const Value& v, const std::string& name, Context& cx) {
  if (v.kind == Kind::Module) {
    if (v.text == "numpy") {
      if (listed(kNumpyFunctions, name)) return func("np." + name);
      if (name == "inf" || name == "Inf") return Value::real(std::numeric_limits<double>::infinity());
      if (name == "nan" || name == "NaN") return Value::real(std::nan(""));
      if (name == "pi") return Value::real(3.141592653589793);
      if (name == "e") return Value::real(2.718281828459045);
      if (name == "newaxis") return Value::none();
      if (name == "float64" || name == "float_" || name == "double") return dtype_obj(DType::Float, "numpy.float64");
      if (name == "bool_" || name == "bool8") return dtype_obj(DType::Bool, "numpy.bool_");
      if (name == "int64" || name == "int_") return dtype_obj(DType::Int, "numpy.int64");
    } else if (v.text == "math") {
      if (listed(kMathFunctions, name)) return func("math." + name);
      if (name == "inf") return Value::real(std::numeric_limits<double>::infinity());
      if (name == "nan") return Value::real(std::nan(""));
      if (name == "pi") return Value::real(3.141592653589793);
      if (name == "e") return Value::real(2.718281828459045);
    }
    if (v.text == "numpy" && ((name.size() > 2 && name[0] == '_' && name[1] == '_') || in_names(kNumpyNames, name))) {
      cx.unsupported("np." + name);
      return {};
    }
    cx.fail("AttributeError", "module '" + v.text + "' has no attribute '" + name + "'");
    return {};
  }
  if (v.kind == Kind::Array) {
    const Array& a = *v.arr;
    if (name == "T") {
      std::vector<std::size_t> perm(a.shape.size());
      for (std::size_t d = 0; d < perm.size(); ++d) perm[d] = perm.size() - 1 - d;
      Value r = permute(a, perm, cx);
      if (!cx.failed()) r.np_scalar = v.np_scalar;
      return r;
    }
    if (name == "shape") {
      Value t;
      t.kind = Kind::Tuple;
      for (std::size_t d : a.shape) t.items.push_back(Value::integer(static_cast<double>(d)));
      return t;
    }
    if (name == "ndim") return Value::integer(static_cast<double>(a.shape.size()));
    if (name == "size") return Value::integer(static_cast<double>(a.size()));
    if (listed(kArrayMethods, name)) return func(name, &v);
    if (ndarray_attribute(name)) {
      cx.unsupported("." + name);
      return {};
    }
  }
  if ((v.kind == Kind::Int || v.kind == Kind::Bool || v.kind == Kind::Float) && number_attribute(name, v.kind)) {
    cx.unsupported("." + name + " of a Python number");
    return {};
  }
  cx.fail("AttributeError", "'" + type_name(v) + "' object has no attribute '" + name + "'");
  return {};
}

double scalar_of(const Value& v) { return v.kind == Kind::Array ? v.arr->data[0] : v.num; }

// The lesson's softmax, run with the same operations the Python code uses:
//   x = x - x.max(axis=-1, keepdims=True); e = np.exp(x); e / e.sum(axis=-1, keepdims=True)
Value softmax(const Value& x, Context& cx) {
  Args mk;
  mk.kw = {{"axis", Value::integer(-1)}, {"keepdims", Value::boolean(true)}};
  Value m = get_attr(x, "max", cx);
  if (cx.failed()) return {};
  m = call_value(m, mk, cx);
  if (cx.failed()) return {};
  Value xs = binary("-", x, m, cx);
  if (cx.failed()) return {};
  Value e = unary_math("exp", xs, cx);
  if (cx.failed()) return {};
  Value s = get_attr(e, "sum", cx);
  if (cx.failed()) return {};
  s = call_value(s, mk, cx);
  if (cx.failed()) return {};
  return binary("/", e, s, cx);
}

// Python's iteration over a value (tuples, lists, an array's first axis).
bool iterate(const Value& v, Context& cx, std::vector<Value>& out) {
  if (v.kind == Kind::Tuple || v.kind == Kind::List) {
    out = v.items;
    return true;
  }
  if (v.kind == Kind::Array && !v.arr->shape.empty()) {
    out.clear();
    if (!charge(cx, static_cast<double>(v.arr->size()))) return false;
    for (std::size_t i = 0; i < v.arr->shape[0]; ++i) {
      out.push_back(index_array(*v.arr, Value::integer(static_cast<double>(i)), false, cx));
      if (cx.failed()) return false;
    }
    return true;
  }
  if (v.kind == Kind::Str) {
    cx.unsupported("iterating over a string");
    return false;
  }
  cx.fail("TypeError", v.kind == Kind::Array && !v.np_scalar ? "iteration over a 0-d array"
                                                             : "'" + type_name(v) + "' object is not iterable");
  return false;
}

// a.reshape(shape): one -1 is inferred.
Value reshape(const Array& a, const std::vector<Value>& dims_in, Context& cx) {
  std::vector<Value> dims = dims_in;
  if (dims.size() == 1 && (dims[0].kind == Kind::Tuple || dims[0].kind == Kind::List)) dims = dims[0].items;
  if (!check_ndim(cx, dims.size())) return {};
  Shape out;
  std::size_t known = 1, unknown = dims.size();
  for (std::size_t i = 0; i < dims.size(); ++i) {
    long long d = 0;
    if (!to_index(dims[i], cx, d)) return {};
    if (d == -1) {
      if (unknown != dims.size()) {
        cx.fail("ValueError", "can only specify one unknown dimension");
        return {};
      }
      unknown = i;
      out.push_back(0);
      continue;
    }
    if (d < 0) {
      cx.fail("ValueError", "negative dimensions not allowed");
      return {};
    }
    out.push_back(static_cast<std::size_t>(d));
    known *= static_cast<std::size_t>(d);
  }
  std::string want = "(";
  for (std::size_t i = 0; i < dims.size(); ++i) want += (i ? ", " : "") + int_text(dims[i].kind == Kind::Array ? dims[i].arr->data[0] : dims[i].num);
  want += dims.size() == 1 ? ",)" : ")";
  if (unknown != dims.size()) {
    if (known == 0 || a.size() % known != 0) {
      cx.fail("ValueError", "cannot reshape array of size " + std::to_string(a.size()) + " into shape " + want);
      return {};
    }
    out[unknown] = a.size() / known;
  } else if (known != a.size()) {
    cx.fail("ValueError", "cannot reshape array of size " + std::to_string(a.size()) + " into shape " + want);
    return {};
  }
  if (!charge(cx, static_cast<double>(a.size()))) return {};
  Value r = make(a.dtype, out, a.data);
  r.np_scalar = false;
  return r;
}

// np.tensordot(a, b, axes): a's `axes[0]` contracted with b's `axes[1]`.
Value tensordot(const Value& av, const Value& bv, const Value& axes, Context& cx) {
  ArrayPtr a = to_array(av, cx), b = a ? to_array(bv, cx) : nullptr;
  if (!a || !b) return {};
  std::vector<long long> xa, xb;
  auto ints = [&cx](const Value& v, std::vector<long long>& out) {
    std::vector<Value> items = v.kind == Kind::Tuple || v.kind == Kind::List ? v.items : std::vector<Value>{v};
    for (const Value& x : items) {
      long long i = 0;
      if (!to_index(x, cx, i)) return false;
      out.push_back(i);
    }
    return true;
  };
  if (axes.kind == Kind::Int || axes.kind == Kind::Bool) {
    const long long n = static_cast<long long>(axes.num);
    if (n < 0 || n > static_cast<long long>(std::min(a->shape.size(), b->shape.size()))) {
      cx.unsupported("this axes argument of np.tensordot");
      return {};
    }
    for (long long i = 0; i < n; ++i) {
      xa.push_back(static_cast<long long>(a->shape.size()) - n + i);
      xb.push_back(i);
    }
  } else if ((axes.kind == Kind::Tuple || axes.kind == Kind::List) && axes.items.size() == 2) {
    if (!ints(axes.items[0], xa) || !ints(axes.items[1], xb)) return {};
  } else {
    cx.unsupported("this axes argument of np.tensordot");
    return {};
  }
  if (xa.size() != xb.size()) {
    cx.fail("ValueError", "shape-mismatch for sum");
    return {};
  }
  std::vector<bool> ca(a->shape.size()), cb(b->shape.size());
  std::vector<std::size_t> pa, pb, ka, kb;
  for (std::size_t i = 0; i < xa.size(); ++i) {
    std::size_t ia = 0, ib = 0;
    if (!normalize_axis(xa[i], a->shape.size(), cx, ia) || !normalize_axis(xb[i], b->shape.size(), cx, ib)) return {};
    if (a->shape[ia] != b->shape[ib]) {
      cx.fail("ValueError", "shape-mismatch for sum");
      return {};
    }
    if (ca[ia] || cb[ib]) {
      cx.unsupported("repeated axes in np.tensordot");
      return {};
    }
    ca[ia] = cb[ib] = true;
    ka.push_back(ia);
    kb.push_back(ib);
  }
  Shape out;
  std::size_t m = 1, n = 1, k = 1;
  for (std::size_t i = 0; i < a->shape.size(); ++i)
    if (!ca[i]) { pa.push_back(i); out.push_back(a->shape[i]); m *= a->shape[i]; }
  for (std::size_t i : ka) { pa.push_back(i); k *= a->shape[i]; }
  for (std::size_t i : kb) pb.push_back(i);
  for (std::size_t i = 0; i < b->shape.size(); ++i)
    if (!cb[i]) { pb.push_back(i); out.push_back(b->shape[i]); n *= b->shape[i]; }
  Value at = permute(*a, pa, cx);
  if (cx.failed()) return {};
  Value bt = permute(*b, pb, cx);
  if (cx.failed()) return {};
  Value a2 = make(at.arr->dtype, {m, k}, at.arr->data), b2 = make(bt.arr->dtype, {k, n}, bt.arr->data);
  Value r = matmul(a2, b2, cx);
  if (cx.failed()) return {};
  Value res = make(r.arr->dtype, out, r.arr->data);
  return res;
}

Value call_array_method(const Value& self, const std::string& name, const Args& args, Context& cx) {
  const Array& a = *self.arr;
  std::vector<Value> p;
  if (name == "swapaxes") {
    if (!args.kw.empty()) {
      cx.fail("TypeError", "ndarray.swapaxes() takes no keyword arguments");
      return {};
    }
    if (!bind(name, args, {"axis1", "axis2"}, 2, p, cx)) return {};
    return swapaxes(a, p[0], p[1], cx);
  }
  if (name == "transpose") {
    if (!args.kw.empty()) {
      cx.fail("TypeError", "ndarray.transpose() takes no keyword arguments");
      return {};
    }
    std::vector<Value> axes = args.pos;
    if (axes.size() == 1 && (axes[0].kind == Kind::Tuple || axes[0].kind == Kind::List)) axes = axes[0].items;
    else if (axes.size() == 1 && axes[0].kind == Kind::None) axes.clear();
    return transpose(a, axes, cx);
  }
  if (name == "astype") {
    DType dt{};
    if (!bind(name, args, {"dtype", "order", "casting", "subok", "copy"}, 1, p, cx) || !parse_dtype(p[0], dt, cx))
      return {};
    return astype(a, dt, cx);
  }
  if (name == "reshape") {
    if (!args.kw.empty()) {
      cx.unsupported("reshape's keyword arguments");
      return {};
    }
    if (args.pos.empty()) {
      cx.fail("TypeError", "reshape() takes exactly 1 argument (0 given)");
      return {};
    }
    return reshape(a, args.pos, cx);
  }
  if (name == "copy") {
    if (!args.kw.empty() || !args.pos.empty()) {
      cx.unsupported("copy's arguments");
      return {};
    }
    return self;  // values are immutable here
  }
  if (name == "dot") {
    if (!bind(name, args, {"b"}, 1, p, cx)) return {};
    return dot(self, p[0], cx);
  }
  if (name == "sum" || name == "max" || name == "min" || name == "mean") {
    // NumPy's order: sum/mean(axis, dtype, out, keepdims, ...), max/min(axis, out, keepdims, ...)
    const bool has_dtype = name == "sum" || name == "mean";
    if (has_dtype ? !bind(name, args, {"axis", "dtype", "out", "keepdims"}, 0, p, cx)
                  : !bind(name, args, {"axis", "out", "keepdims"}, 0, p, cx))
      return {};
    if (!has_dtype) p.insert(p.begin() + 1, Value::none());
    if (p[2].kind != Kind::None && p[2].kind != Kind::Array) {
      cx.fail("TypeError", "output must be an array");
      return {};
    }
    if (p[1].kind != Kind::None || p[2].kind != Kind::None) {
      cx.unsupported("the dtype and out arguments of ." + name + "()");
      return {};
    }
    bool keep = false;
    if ((p[3].kind != Kind::None || keyword_given(args, "keepdims")) && !keepdims_flag(p[3], cx, keep)) return {};
    const Reduce r = name == "sum" ? Reduce::Sum : name == "max" ? Reduce::Max : name == "min" ? Reduce::Min : Reduce::Mean;
    return reduce(a, r, p[0], keep, cx);
  }
  if (name == "round") {
    if (!bind(name, args, {"decimals", "out"}, 0, p, cx)) return {};
    long long dec = 0;
    if (p[0].kind != Kind::None && !to_index(p[0], cx, dec)) return {};
    Value r = round_array(a, dec, cx);
    if (!cx.failed()) r.np_scalar = self.np_scalar;
    return r;
  }
  cx.fail("AttributeError", "'numpy.ndarray' object has no attribute '" + name + "'");
  return {};
}

Value call_value(const Value& f, const Args& args, Context& cx) {
  if (f.kind == Kind::DTypeObj) {
    std::vector<Value> p;
    const std::string n = f.text == "numpy.float64" ? "float64" : f.text == "numpy.bool_" ? "bool_" : f.text;
    if (!bind(n, args, {"x"}, 0, p, cx)) return {};
    if (args.pos.empty()) return f.dtype == DType::Float ? Value::real(0) : f.dtype == DType::Bool ? Value::boolean(false) : Value::integer(0);
    const Value& x = p[0];
    const bool python_type = f.text == "float" || f.text == "int" || f.text == "bool";
    if (python_type) {
      if (f.text == "bool") return Value::boolean(truth(x, cx));
      ArrayPtr a = as_array(x);
      if (x.kind == Kind::Str) {
        cx.unsupported(f.text + "() of a string");
        return {};
      }
      if (!a || (x.kind != Kind::Array && !is_num(x))) {
        cx.fail("TypeError", f.text + "() argument must be a string or a real number, not '" + type_name(x) + "'");
        return {};
      }
      if (a->size() != 1) {
        cx.fail("TypeError", "only size-1 arrays can be converted to Python scalars");
        return {};
      }
      const double v = a->data[0];
      if (f.text == "float") return Value::real(v);
      if (!std::isfinite(v)) {
        cx.fail(v != v ? "ValueError" : "OverflowError", v != v ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
        return {};
      }
      return py_int(cx, std::trunc(v));
    }
    ArrayPtr a = to_array(x, cx);
    if (!a) return {};
    Value r = astype(*a, f.dtype, cx);
    if (!cx.failed()) r.np_scalar = r.arr->shape.empty();
    return r;
  }
  if (f.kind != Kind::Function) {
    cx.fail("TypeError", "'" + type_name(f) + "' object is not callable");
    return {};
  }
  if (f.self_) return call_array_method(*f.self_, f.text, args, cx);
  const std::string& name = f.text;
  std::vector<Value> p;
  const std::string short_name = name.substr(name.find('.') == std::string::npos ? 0 : name.find('.') + 1);
  if (name == "softmax") {
    if (!bind(name, args, {"x"}, 1, p, cx)) return {};
    return softmax(p[0], cx);
  }
  if (name == "max" || name == "min") {
    if (!args.kw.empty()) {
      cx.unsupported(name + "() with keyword arguments");
      return {};
    }
    std::vector<Value> items;
    if (args.pos.empty()) {
      cx.fail("TypeError", name + " expected at least 1 argument, got 0");
      return {};
    }
    if (args.pos.size() == 1) {
      if (!iterate(args.pos[0], cx, items)) return {};
    } else {
      items = args.pos;
    }
    if (items.empty()) {
      cx.fail("ValueError", name + "() arg is an empty sequence");
      return {};
    }
    Value best = items[0];
    for (std::size_t i = 1; i < items.size(); ++i) {
      Value better = binary(name == "max" ? ">" : "<", items[i], best, cx);
      if (cx.failed()) return {};
      const bool t = truth(better, cx);
      if (cx.failed()) return {};
      if (t) best = items[i];
    }
    return best;
  }
  if (name == "sum") {
    if (!bind(name, args, {"iterable", "start"}, 1, p, cx)) return {};
    std::vector<Value> items;
    if (!iterate(p[0], cx, items)) return {};
    Value acc = p[1].kind == Kind::None && !keyword_given(args, "start") && args.pos.size() < 2 ? Value::integer(0) : p[1];
    for (const Value& x : items) {
      acc = binary("+", acc, x, cx);
      if (cx.failed()) return {};
    }
    return acc;
  }
  if (name == "pow") {
    if (!bind(name, args, {"base", "exp", "mod"}, 2, p, cx)) return {};
    if (p[2].kind != Kind::None) {
      cx.unsupported("pow() with a modulus");
      return {};
    }
    return binary("**", p[0], p[1], cx);
  }
  if (name == "list") {
    if (!args.kw.empty() || args.pos.size() > 1) {
      cx.fail("TypeError", "list expected at most 1 argument, got " + std::to_string(args.pos.size()));
      return {};
    }
    Value l;
    l.kind = Kind::List;
    if (args.pos.size() == 1 && !iterate(args.pos[0], cx, l.items)) return {};
    if (l.items.size() > 4096) {
      cx.unsupported("lists this long");
      return {};
    }
    return l;
  }
  if (name == "np.eye") {
    if (!bind(short_name, args, {"N", "M", "k", "dtype"}, 1, p, cx)) return {};
    long long n = 0, mm = 0, k = 0;
    if (!to_index(p[0], cx, n)) return {};
    mm = n;
    if (p[1].kind != Kind::None && !to_index(p[1], cx, mm)) return {};
    if (p[2].kind != Kind::None && !to_index(p[2], cx, k)) return {};
    DType dt = DType::Float;
    if (p[3].kind != Kind::None && !parse_dtype(p[3], dt, cx)) return {};
    if (n < 0 || mm < 0) {
      cx.fail("ValueError", "negative dimensions are not allowed");
      return {};
    }
    if (!check_size(cx, static_cast<double>(n) * static_cast<double>(mm)) ||
        !charge(cx, static_cast<double>(n) * static_cast<double>(mm)))
      return {};
    const std::size_t R = static_cast<std::size_t>(n), C = static_cast<std::size_t>(mm);
    std::vector<double> d(R * C, 0.0);
    for (std::size_t r = 0; r < R; ++r) {
      const long long c = static_cast<long long>(r) + k;
      if (c >= 0 && c < mm) d[r * C + static_cast<std::size_t>(c)] = 1.0;
    }
    return make(dt, {R, C}, std::move(d));
  }
  if (name == "np.array") {
    if (!bind(short_name, args, {"object", "dtype"}, 1, p, cx)) return {};
    const Value& o = p[0];
    ArrayPtr a = o.kind == Kind::Str ? nullptr : as_array(o);
    if (!a && (o.kind == Kind::Tuple || o.kind == Kind::List) && !o.items.empty()) {
      // a list of equal-shaped arrays: stacked along a new first axis
      ArrayPtr first = as_array(o.items[0]);
      Array st;
      if (first) {
        st.dtype = first->dtype;
        st.shape = first->shape;
        st.shape.insert(st.shape.begin(), o.items.size());
        for (const Value& it : o.items) {
          ArrayPtr x = it.kind == Kind::Str ? nullptr : as_array(it);
          if (!x || x->shape != first->shape) { st.data.clear(); first = nullptr; break; }
          st.dtype = promote(st.dtype, x->dtype);
          st.data.insert(st.data.end(), x->data.begin(), x->data.end());
        }
      }
      if (first) a = std::make_shared<const Array>(std::move(st));
    }
    if (!a) {
      cx.unsupported("np.array of this object");
      return {};
    }
    if (!check_ndim(cx, a->shape.size()) || !charge(cx, static_cast<double>(a->size()))) return {};
    DType dt = a->dtype;
    if (p[1].kind != Kind::None && !parse_dtype(p[1], dt, cx)) return {};
    Value r = astype(*a, dt, cx);
    if (!cx.failed()) r.np_scalar = false;
    return r;
  }
  if (name == "np.inner") {
    if (!bind(short_name, args, {"a", "b"}, 2, p, cx)) return {};
    ArrayPtr a = to_array(p[0], cx), b = a ? to_array(p[1], cx) : nullptr;
    if (!a || !b) return {};
    if (a->shape.empty() || b->shape.empty()) return binary("*", p[0], p[1], cx);
    if (a->shape.back() != b->shape.back()) {
      std::vector<std::size_t> perm(b->shape.size());
      for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = perm.size() - 1 - i;
      Shape bt;
      for (std::size_t i : perm) bt.push_back(b->shape[i]);
      cx.fail("ValueError", "shapes " + shape_msg(a->shape) + " and " + shape_msg(bt) + " not aligned: " +
                                std::to_string(a->shape.back()) + " (dim " + std::to_string(a->shape.size() - 1) +
                                ") != " + std::to_string(b->shape.back()) + " (dim 0)");
      return {};
    }
    Value ax;
    ax.kind = Kind::Tuple;
    ax.items = {Value::integer(-1), Value::integer(-1)};
    return tensordot(p[0], p[1], ax, cx);
  }
  if (name == "np.tensordot") {
    if (!bind(short_name, args, {"a", "b", "axes"}, 2, p, cx)) return {};
    return tensordot(p[0], p[1], p[2].kind == Kind::None ? Value::integer(2) : p[2], cx);
  }
  if (name == "len") {
    if (!bind(name, args, {"obj"}, 1, p, cx)) return {};
    if (p[0].kind == Kind::Tuple || p[0].kind == Kind::List) return Value::integer(static_cast<double>(p[0].items.size()));
    if (p[0].kind == Kind::Str) return Value::integer(static_cast<double>(p[0].text.size()));
    if (p[0].kind == Kind::Array && !p[0].arr->shape.empty()) return Value::integer(static_cast<double>(p[0].arr->shape[0]));
    if (p[0].kind == Kind::Array && !p[0].np_scalar) {
      cx.fail("TypeError", "len() of unsized object");
      return {};
    }
    cx.fail("TypeError", "object of type '" + type_name(p[0]) + "' has no len()");
    return {};
  }
  if (name == "abs" || name == "np.abs") {
    if (name == "np.abs" ? !ufunc_args("absolute", args, 1, cx) : !bind(short_name, args, {"x"}, 1, p, cx)) return {};
    if (name == "np.abs") p = args.pos;
    if (is_num(p[0])) return p[0].kind == Kind::Float ? Value::real(std::fabs(p[0].num)) : Value::integer(std::fabs(p[0].num));
    return unary_math("abs", p[0], cx);
  }
  if (name == "math.sqrt" || name == "math.exp" || name == "math.log") {
    if (!bind(short_name, args, {"x"}, 1, p, cx)) return {};
    const Value& x = p[0];
    double v = 0;
    if (is_num(x)) v = x.num;
    else if (x.kind == Kind::Array) {
      if (x.arr->size() != 1) {
        cx.fail("TypeError", "only size-1 arrays can be converted to Python scalars");
        return {};
      }
      v = x.arr->data[0];
    } else {
      cx.fail("TypeError", "must be real number, not " + type_name(x));
      return {};
    }
    if ((short_name == "sqrt" && v < 0) || (short_name == "log" && v <= 0)) {
      cx.fail("ValueError", "math domain error");
      return {};
    }
    const double r = short_name == "sqrt" ? std::sqrt(v) : short_name == "exp" ? std::exp(v) : std::log(v);
    if (std::isinf(r) && std::isfinite(v)) {
      cx.fail("OverflowError", "math range error");
      return {};
    }
    return Value::real(r);
  }
  if (name == "np.sqrt" || name == "np.exp" || name == "np.log" || name == "np.logical_not" || name == "np.isinf" ||
      name == "np.isnan") {
    if (!ufunc_args(short_name.c_str(), args, 1, cx)) return {};
    return unary_math(short_name, args.pos[0], cx);
  }
  if (name == "np.ones" || name == "np.zeros" || name == "np.full") {
    const bool full = name == "np.full";
    if (full ? !bind(short_name, args, {"shape", "fill_value", "dtype"}, 2, p, cx)
             : !bind(short_name, args, {"shape", "dtype"}, 1, p, cx))
      return {};
    Shape s;
    if (!parse_shape(p[0], s, cx)) return {};
    DType dt = DType::Float;
    double fill = name == "np.ones" ? 1.0 : 0.0;
    const Value& dv = full ? p[2] : p[1];
    if (full) {
      ArrayPtr fv = as_array(p[1]);
      if (!fv || fv->size() != 1) {
        cx.unsupported("np.full with an array fill_value");
        return {};
      }
      fill = fv->data[0];
      dt = fv->dtype;
    }
    if (dv.kind != Kind::None && !parse_dtype(dv, dt, cx)) return {};
    if (dt == DType::Bool) fill = fill != 0;
    if (dt == DType::Int) fill = std::trunc(fill);
    if (!charge(cx, static_cast<double>(numel(s)))) return {};
    return make(dt, s, std::vector<double>(numel(s), fill));
  }
  if (name == "np.ones_like" || name == "np.zeros_like") {
    if (!bind(short_name, args, {"a", "dtype"}, 1, p, cx)) return {};
    ArrayPtr a = to_array(p[0], cx);
    if (!a) return {};
    DType dt = a->dtype;
    if (p[1].kind != Kind::None && !parse_dtype(p[1], dt, cx)) return {};
    if (!charge(cx, static_cast<double>(a->size()))) return {};
    return make(dt, a->shape, std::vector<double>(a->size(), name == "np.ones_like" ? 1.0 : 0.0));
  }
  if (name == "np.arange") {
    if (!bind(short_name, args, {"start", "stop", "step", "dtype"}, 1, p, cx)) return {};
    Value start = p[0], stop = p[1], step = p[2];
    if (stop.kind == Kind::None) { stop = start; start = Value::integer(0); }
    if (step.kind == Kind::None) step = Value::integer(1);
    bool all_int = true;
    for (const Value* v : {&start, &stop, &step}) {
      if (!is_num(*v) && !(v->kind == Kind::Array && v->arr->shape.empty())) {
        cx.fail("TypeError", "unsupported operand type(s) for -: '" + type_name(stop) + "' and '" + type_name(start) + "'");
        return {};
      }
      const DType d = v->kind == Kind::Array ? v->arr->dtype : scalar_dtype(*v);
      all_int = all_int && d != DType::Float;
    }
    const double a0 = scalar_of(start), a1 = scalar_of(stop), st = scalar_of(step);
    if (st == 0) {
      cx.fail("ZeroDivisionError", "division by zero");
      return {};
    }
    const double len = std::max(0.0, std::ceil((a1 - a0) / st));
    if (!std::isfinite(len)) {
      cx.fail("ValueError", "arange: cannot compute length");
      return {};
    }
    if (!check_size(cx, len) || !charge(cx, len)) return {};
    DType dt = all_int ? DType::Int : DType::Float;
    if (p[3].kind != Kind::None && !parse_dtype(p[3], dt, cx)) return {};
    std::vector<double> d(static_cast<std::size_t>(len));
    for (std::size_t i = 0; i < d.size(); ++i) {
      double x = a0 + static_cast<double>(i) * st;
      d[i] = dt == DType::Bool ? double(x != 0) : dt == DType::Int ? std::trunc(x) : x;
    }
    const Shape shape{d.size()};
    return make(dt, shape, std::move(d));
  }
  if (name == "np.triu" || name == "np.tril") {
    if (!bind(short_name, args, {"m", "k"}, 1, p, cx)) return {};
    double k = 0;
    if (p[1].kind != Kind::None && !real_k(p[1], cx, k)) return {};
    ArrayPtr m = to_array(p[0], cx);
    if (!m) return {};
    return tri_mask(*m, k, name == "np.triu", cx);
  }
  if (name == "np.tri") {
    if (!bind(short_name, args, {"N", "M", "k", "dtype"}, 1, p, cx)) return {};
    long long n = 0, mm = 0;
    double k = 0;
    if (!to_index(p[0], cx, n)) return {};
    mm = n;
    if (p[1].kind != Kind::None && !to_index(p[1], cx, mm)) return {};
    if (p[2].kind != Kind::None && !real_k(p[2], cx, k)) return {};
    DType dt = DType::Float;
    if (p[3].kind != Kind::None && !parse_dtype(p[3], dt, cx)) return {};
    if (n < 0 || mm < 0) {
      cx.fail("ValueError", "negative dimensions are not allowed");
      return {};
    }
    if (!check_size(cx, static_cast<double>(n) * static_cast<double>(mm))) return {};
    Array ones;
    ones.dtype = dt;
    ones.shape = {static_cast<std::size_t>(n), static_cast<std::size_t>(mm)};
    ones.data.assign(ones.shape[0] * ones.shape[1], 1.0);
    return tri_mask(ones, k, false, cx);
  }
  if (name == "np.where") {
    if (!args.kw.empty()) {
      cx.fail("TypeError", "where() takes no keyword arguments");
      return {};
    }
    if (!bind(short_name, args, {"condition", "x", "y"}, 1, p, cx)) return {};
    if (args.pos.size() + args.kw.size() == 1) {
      cx.unsupported("np.where with one argument");
      return {};
    }
    if (args.pos.size() + args.kw.size() != 3) {
      cx.fail("ValueError", "either both or neither of x and y should be given");
      return {};
    }
    return where3(p[0], p[1], p[2], cx);
  }
  if (name == "np.matmul") {
    if (!ufunc_args("matmul", args, 2, cx)) return {};
    return matmul(args.pos[0], args.pos[1], cx);
  }
  if (name == "np.dot") {
    if (!bind(short_name, args, {"a", "b"}, 2, p, cx)) return {};
    return dot(p[0], p[1], cx);
  }
  if (name == "np.maximum" || name == "np.minimum") {
    if (!ufunc_args(short_name.c_str(), args, 2, cx)) return {};
    // NaN wins: x1 where x1 >= x2 or x1 is NaN, else x2 (NaN there too)
    const Value& x1 = args.pos[0];
    const Value& x2 = args.pos[1];
    Value keep = binary(name == "np.maximum" ? ">=" : "<=", x1, x2, cx);
    if (cx.failed()) return {};
    Value nan1 = binary("!=", x1, x1, cx);
    if (cx.failed()) return {};
    keep = binary("|", keep, nan1, cx);
    if (cx.failed()) return {};
    return where3(keep, x1, x2, cx);
  }
  if (name == "np.transpose") {
    if (!bind(short_name, args, {"a", "axes"}, 1, p, cx)) return {};
    ArrayPtr a = to_array(p[0], cx);
    if (!a) return {};
    std::vector<Value> axes;
    if (p[1].kind == Kind::Tuple || p[1].kind == Kind::List) axes = p[1].items;
    else if (p[1].kind != Kind::None) axes = {p[1]};
    return transpose(*a, axes, cx);
  }
  if (name == "np.swapaxes") {
    if (!bind(short_name, args, {"a", "axis1", "axis2"}, 3, p, cx)) return {};
    ArrayPtr a = to_array(p[0], cx);
    if (!a) return {};
    return swapaxes(*a, p[1], p[2], cx);
  }
  if (name == "np.einsum") {
    if (args.pos.empty() || args.pos[0].kind != Kind::Str) {
      cx.fail("TypeError", "np.einsum: the first argument must be the subscripts string, e.g. 'ij,kj->ik'");
      return {};
    }
    if (!args.kw.empty()) {
      cx.unsupported("np.einsum's keyword arguments");
      return {};
    }
    return einsum(args.pos[0].text, std::vector<Value>(args.pos.begin() + 1, args.pos.end()), cx);
  }
  if (name == "np.sum" || name == "np.max" || name == "np.amax" || name == "np.min" || name == "np.amin" ||
      name == "np.mean") {
    const bool has_dtype = short_name == "sum" || short_name == "mean";
    if (has_dtype ? !bind(short_name, args, {"a", "axis", "dtype", "out", "keepdims"}, 1, p, cx)
                  : !bind(short_name, args, {"a", "axis", "out", "keepdims"}, 1, p, cx))
      return {};
    if (!has_dtype) p.insert(p.begin() + 2, Value::none());
    ArrayPtr a = to_array(p[0], cx);
    if (!a) return {};
    if (p[3].kind != Kind::None && p[3].kind != Kind::Array) {
      cx.fail("TypeError", "output must be an array");
      return {};
    }
    bool keep = false;
    if ((p[4].kind != Kind::None || keyword_given(args, "keepdims")) && !keepdims_flag(p[4], cx, keep)) return {};
    if (p[2].kind != Kind::None || p[3].kind != Kind::None) {
      cx.unsupported("the dtype and out arguments of np." + short_name + "()");
      return {};
    }
    const Reduce r = short_name == "sum" ? Reduce::Sum : short_name == "mean" ? Reduce::Mean
                     : (short_name == "max" || short_name == "amax") ? Reduce::Max : Reduce::Min;
    return reduce(*a, r, p[1], keep, cx);
  }
  if (name == "np.round" || name == "np.around") {
    if (!bind(short_name, args, {"a", "decimals"}, 1, p, cx)) return {};
    ArrayPtr a = to_array(p[0], cx);
    if (!a) return {};
    long long dec = 0;
    if (p[1].kind != Kind::None && !to_index(p[1], cx, dec)) return {};
    return round_array(*a, dec, cx);
  }
  cx.unsupported(name + "()");
  return {};
}

// --------------------------------------------------------------- printing --

std::string array_text(const Value& v, bool repr) {
  const Array& a = *v.arr;
  if (v.np_scalar || (a.shape.empty() && !repr)) {
    const double x = a.data[0];
    if (a.dtype == DType::Float) return np::np_float64_str(x);
    if (a.dtype == DType::Bool) return x != 0 ? "True" : "False";
    return int_text(x);
  }
  if (a.dtype == DType::Int) {
    // int64 values are held as integral doubles within int64's range
    std::vector<std::int64_t> n(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      n[i] = !(a.data[i] >= -9223372036854775808.0) ? std::numeric_limits<std::int64_t>::min()
             : a.data[i] >= 9223372036854775808.0 ? std::numeric_limits<std::int64_t>::max()
                                                   : static_cast<std::int64_t>(a.data[i]);
    return repr ? np::array_repr(n.data(), a.shape) : np::array_str(n.data(), a.shape);
  }
  if (a.dtype == DType::Bool) {
    std::unique_ptr<bool[]> b(new bool[std::max<std::size_t>(a.size(), 1)]);
    for (std::size_t i = 0; i < a.size(); ++i) b[i] = a.data[i] != 0;
    return repr ? np::array_repr(b.get(), a.shape) : np::array_str(b.get(), a.shape);
  }
  return repr ? np::array_repr(a.data.data(), a.shape) : np::array_str(a.data.data(), a.shape);
}

}  // namespace

// ------------------------------------------------------------------ public --

const char* dtype_name(DType d) { return d == DType::Bool ? "bool" : d == DType::Int ? "int64" : "float64"; }

Value Value::array(Array a, bool np_scalar) {
  Value v;
  v.kind = Kind::Array;
  v.np_scalar = np_scalar;
  v.arr = std::make_shared<const Array>(std::move(a));
  return v;
}

std::string type_name(const Value& v) {
  switch (v.kind) {
    case Kind::None: return "NoneType";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Float: return "float";
    case Kind::Str: return "str";
    case Kind::Tuple: return "tuple";
    case Kind::List: return "list";
    case Kind::Slice: return "slice";
    case Kind::Ellipsis: return "ellipsis";
    case Kind::Array:
      if (v.np_scalar) return v.arr->dtype == DType::Float ? "numpy.float64" : v.arr->dtype == DType::Int ? "numpy.int64" : "numpy.bool_";
      return "numpy.ndarray";
    case Kind::Module: return "module";
    case Kind::Function: return v.self_ ? "builtin_function_or_method" : "function";
    case Kind::DTypeObj: return "type";
  }
  return "object";
}

std::string py_repr(const Value& v) {
  switch (v.kind) {
    case Kind::None: return "None";
    case Kind::Bool: return v.num != 0 ? "True" : "False";
    case Kind::Int: return int_text(v.num);
    case Kind::Float: return np::py_float_repr(v.num);
    case Kind::Str: return "'" + v.text + "'";
    case Kind::Tuple:
    case Kind::List: {
      std::string s = v.kind == Kind::Tuple ? "(" : "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) s += (i ? ", " : "") + py_repr(v.items[i]);
      if (v.kind == Kind::Tuple && v.items.size() == 1) s += ",";
      return s + (v.kind == Kind::Tuple ? ")" : "]");
    }
    case Kind::Slice:
      return "slice(" + py_repr(v.items[0]) + ", " + py_repr(v.items[1]) + ", " + py_repr(v.items[2]) + ")";
    case Kind::Ellipsis: return "Ellipsis";
    case Kind::Array: return array_text(v, true);
    case Kind::Module: return "<module '" + v.text + "'>";
    case Kind::Function: return v.self_ ? "<built-in method " + v.text + " of numpy.ndarray object>" : "<function " + v.text + ">";
    case Kind::DTypeObj: return "<class '" + v.text + "'>";
  }
  return "?";
}

std::string py_str(const Value& v) {
  if (v.kind == Kind::Str) return v.text;
  if (v.kind == Kind::Array) return array_text(v, false);
  return py_repr(v);
}

bool broadcast_shapes(const Shape& a, const Shape& b, Shape& out) {
  const std::size_t n = std::max(a.size(), b.size());
  out.assign(n, 1);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t x = k < a.size() ? a[a.size() - 1 - k] : 1;
    const std::size_t y = k < b.size() ? b[b.size() - 1 - k] : 1;
    if (x != y && x != 1 && y != 1) return false;
    out[n - 1 - k] = x == 1 ? y : x;
  }
  return true;
}

std::shared_ptr<const Array> as_array(const Value& v) {
  if (v.kind == Kind::Array) return v.arr;
  if (is_num(v)) {
    Array a;
    a.dtype = scalar_dtype(v);
    a.data = {v.num};
    return std::make_shared<const Array>(std::move(a));
  }
  if (v.kind == Kind::Tuple || v.kind == Kind::List) return tuple_to_array(v);
  return nullptr;
}

Value float_array(std::vector<std::size_t> shape, std::vector<double> data) {
  return make(DType::Float, std::move(shape), std::move(data));
}

void add_math(Env& env) { env.set("math", module("math")); }

void add_builtins(Env& env) {
  env.set("np", module("numpy"));
  env.set("softmax", func("softmax"));
  env.set("float", dtype_obj(DType::Float, "float"));
  env.set("int", dtype_obj(DType::Int, "int"));
  env.set("bool", dtype_obj(DType::Bool, "bool"));
  for (const char* f : kBuiltinFunctions) env.set(f, func(f));
}

Value eval(const Node& n, Env& env, Context& cx) {
  if (cx.failed()) return {};
  switch (n.type) {
    case NodeType::Const: return n.literal;
    case NodeType::Name: {
      auto it = env.vars.find(n.name);
      if (it != env.vars.end()) return it->second;
      if (env.locals.count(n.name))
        cx.fail("UnboundLocalError", "cannot access local variable '" + n.name + "' where it is not associated with a value");
      else if (env.program_globals.count(n.name) || python_builtin(n.name))
        cx.unsupported("the name " + n.name);  // exists in the real program, not here
      else
        cx.fail("NameError", "name '" + n.name + "' is not defined");
      return {};
    }
    case NodeType::IfExp: {
      Value c = eval(*n.kids[1], env, cx);
      if (cx.failed()) return {};
      const bool t = truth(c, cx);
      if (cx.failed()) return {};
      return eval(*n.kids[t ? 0 : 2], env, cx);
    }
    case NodeType::BoolOp: {
      Value a = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      const bool t = truth(a, cx);
      if (cx.failed()) return {};
      if (t == (n.op == "or")) return a;
      return eval(*n.kids[1], env, cx);
    }
    case NodeType::Tuple:
    case NodeType::List: {
      Value t;
      t.kind = n.type == NodeType::Tuple ? Kind::Tuple : Kind::List;
      for (const auto& k : n.kids) {
        t.items.push_back(eval(*k, env, cx));
        if (cx.failed()) return {};
      }
      return t;
    }
    case NodeType::Unary: {
      Value v = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      if (n.op == "not") {
        const bool t = truth(v, cx);
        return cx.failed() ? Value() : Value::boolean(!t);
      }
      return unary(n.op, v, cx);
    }
    case NodeType::Binary: {
      Value a = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      Value b = eval(*n.kids[1], env, cx);
      if (cx.failed()) return {};
      return binary(n.op, a, b, cx);
    }
    case NodeType::Compare: {
      Value left = eval(*n.kids[0], env, cx);
      Value result;
      for (std::size_t i = 0; i < n.ops.size(); ++i) {
        if (cx.failed()) return {};
        Value right = eval(*n.kids[i + 1], env, cx);
        if (cx.failed()) return {};
        result = binary(n.ops[i], left, right, cx);
        if (cx.failed()) return {};
        if (i + 1 < n.ops.size()) {
          if (!truth(result, cx)) return result;
          if (cx.failed()) return {};
        }
        left = right;
      }
      return result;
    }
    case NodeType::Attr: {
      Value v = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      return get_attr(v, n.name, cx);
    }
    case NodeType::Call: {
      Value f = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      Args args;
      for (std::size_t i = 0; i < n.npos; ++i) {
        args.pos.push_back(eval(*n.kids[1 + i], env, cx));
        if (cx.failed()) return {};
      }
      for (std::size_t i = 0; i < n.kwnames.size(); ++i) {
        args.kw.emplace_back(n.kwnames[i], eval(*n.kids[1 + n.npos + i], env, cx));
        if (cx.failed()) return {};
      }
      return call_value(f, args, cx);
    }
    case NodeType::Subscript: {
      Value obj = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      Value idx = eval(*n.kids[1], env, cx);
      if (cx.failed()) return {};
      if (obj.kind == Kind::Tuple || obj.kind == Kind::List) return index_tuple(obj, idx, cx);
      if (obj.kind == Kind::Array) return index_array(*obj.arr, idx, obj.np_scalar, cx);
      cx.fail("TypeError", "'" + type_name(obj) + "' object is not subscriptable");
      return {};
    }
    case NodeType::Slice: {
      Value s;
      s.kind = Kind::Slice;
      for (const auto& k : n.kids) {
        if (!k) { s.items.push_back(Value::none()); continue; }
        Value b = eval(*k, env, cx);
        if (cx.failed()) return {};
        if (b.kind != Kind::None && b.kind != Kind::Int && b.kind != Kind::Bool &&
            !(b.kind == Kind::Array && b.arr->shape.empty() && b.arr->dtype != DType::Float)) {
          cx.fail("TypeError", "slice indices must be integers or None or have an __index__ method");
          return {};
        }
        s.items.push_back(b);
      }
      return s;
    }
  }
  return {};
}

Value exec_line(std::string_view line, Env& env, Context& cx) {
  Statement st = parse_line(line, cx);
  if (cx.failed() || !st.expr) return {};
  Value v = eval(*st.expr, env, cx);
  if (cx.failed()) return {};
  if (!st.target.empty()) env.set(st.target, v);
  return v;
}

Value eval_expr(std::string_view expr, Env& env, Context& cx) {
  Statement st = parse_line(expr, cx);
  if (cx.failed() || !st.expr) return {};
  if (!st.target.empty()) {
    cx.fail("SyntaxError", "expected an expression, not an assignment (col 1)");
    return {};
  }
  return eval(*st.expr, env, cx);
}

}  // namespace attn::py
