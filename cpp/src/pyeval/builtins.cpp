// pyeval builtins: the table of every function and method a line can call
// (it is the allow-list: a name that is not in it does not exist for a line),
// attribute access and calls.
#include "pyeval/impl.hpp"

#include <cmath>
#include <limits>

#include "numpy/numpy_names.hpp"

namespace attn::py::impl {

namespace {

using H = Home;
using C = Check;

// Name, how its arguments are checked, its signature (a ufunc: its name and
// number of operands), the implementation. The signatures are NumPy 1.24's
// and Python 3.11's, whole (the first `required` ones required; "/", "*" and
// "~" as bind() reads them): a parameter of theirs that is not modelled here
// is unsupported, any other argument the signature rejects is a TypeError.
constexpr Builtin kBuiltins[] = {
    // Python's builtins and the lesson's softmax
    {H::Python, "softmax", C::Bind, "x", 1, fn_softmax},
    {H::Python, "len", C::Bind, "obj /", 1, fn_len},
    {H::Python, "abs", C::Bind, "x /", 1, fn_abs},
    {H::Python, "max", C::Own, "", 0, fn_max_min},
    {H::Python, "min", C::Own, "", 0, fn_max_min},
    {H::Python, "sum", C::Bind, "iterable / start", 1, fn_sum},
    {H::Python, "pow", C::Bind, "base exp mod", 2, fn_pow},
    {H::Python, "list", C::Own, "", 0, fn_list},
    // math (after `import math`)
    {H::Math, "sqrt", C::Bind, "x /", 1, fn_math_unary},
    {H::Math, "exp", C::Bind, "x /", 1, fn_math_unary},
    {H::Math, "log", C::Bind, "x ~base /", 1, fn_math_unary},
    // numpy
    {H::Numpy, "sqrt", C::Ufunc, "sqrt", 1, fn_ufunc_unary},
    {H::Numpy, "exp", C::Ufunc, "exp", 1, fn_ufunc_unary},
    {H::Numpy, "log", C::Ufunc, "log", 1, fn_ufunc_unary},
    {H::Numpy, "logical_not", C::Ufunc, "logical_not", 1, fn_ufunc_unary},
    {H::Numpy, "isinf", C::Ufunc, "isinf", 1, fn_ufunc_unary},
    {H::Numpy, "isnan", C::Ufunc, "isnan", 1, fn_ufunc_unary},
    {H::Numpy, "abs", C::Ufunc, "absolute", 1, fn_abs},
    {H::Numpy, "maximum", C::Ufunc, "maximum", 2, fn_maximum_minimum},
    {H::Numpy, "minimum", C::Ufunc, "minimum", 2, fn_maximum_minimum},
    {H::Numpy, "fmax", C::Ufunc, "fmax", 2, fn_maximum_minimum},
    {H::Numpy, "fmin", C::Ufunc, "fmin", 2, fn_maximum_minimum},
    {H::Numpy, "dtype", C::Bind, "dtype ~align ~copy", 1, fn_dtype},
    {H::Numpy, "matmul", C::Ufunc, "matmul", 2, fn_matmul},
    {H::Numpy, "ones", C::Bind, "shape dtype ~order * ~like", 1, fn_fill},
    {H::Numpy, "zeros", C::Bind, "shape dtype ~order * ~like", 1, fn_fill},
    {H::Numpy, "full", C::Bind, "shape fill_value dtype ~order * ~like", 2, fn_fill},
    {H::Numpy, "ones_like", C::Bind, "a dtype ~order ~subok ~shape", 1, fn_fill_like},
    {H::Numpy, "zeros_like", C::Bind, "a dtype ~order ~subok ~shape", 1, fn_fill_like},
    {H::Numpy, "arange", C::Bind, "start stop step dtype * ~like", 1, fn_arange},
    {H::Numpy, "eye", C::Bind, "N M k dtype ~order * ~like", 1, fn_eye},
    {H::Numpy, "array", C::Bind, "object dtype * ~copy ~order ~subok ~ndmin ~like", 1, fn_array},
    {H::Numpy, "triu", C::Bind, "m k", 1, fn_triu_tril},
    {H::Numpy, "tril", C::Bind, "m k", 1, fn_triu_tril},
    {H::Numpy, "tri", C::Bind, "N M k dtype * ~like", 1, fn_tri},
    {H::Numpy, "where", C::Own, "condition x y", 1, fn_where},
    {H::Numpy, "dot", C::Bind, "a b ~out", 2, fn_dot},
    {H::Numpy, "inner", C::Bind, "a b /", 2, fn_inner},
    {H::Numpy, "tensordot", C::Bind, "a b axes", 2, fn_tensordot},
    {H::Numpy, "einsum", C::Own, "", 0, fn_einsum},
    {H::Numpy, "transpose", C::Bind, "a axes", 1, fn_transpose},
    {H::Numpy, "swapaxes", C::Bind, "a axis1 axis2", 3, fn_swapaxes},
    {H::Numpy, "sum", C::Bind, "a axis dtype out keepdims ~initial ~where", 1, fn_reduce},
    {H::Numpy, "mean", C::Bind, "a axis dtype out keepdims * ~where", 1, fn_reduce},
    {H::Numpy, "max", C::Bind, "a axis out keepdims ~initial ~where", 1, fn_reduce},
    {H::Numpy, "amax", C::Bind, "a axis out keepdims ~initial ~where", 1, fn_reduce},
    {H::Numpy, "min", C::Bind, "a axis out keepdims ~initial ~where", 1, fn_reduce},
    {H::Numpy, "amin", C::Bind, "a axis out keepdims ~initial ~where", 1, fn_reduce},
    {H::Numpy, "round", C::Bind, "a decimals ~out", 1, fn_round},
    {H::Numpy, "around", C::Bind, "a decimals ~out", 1, fn_round},
    // numpy.ndarray's methods
    {H::Ndarray, "swapaxes", C::Own, "axis1 axis2", 2, fn_m_swapaxes},
    {H::Ndarray, "transpose", C::Own, "", 0, fn_m_transpose},
    {H::Ndarray, "astype", C::Bind, "dtype ~order ~casting ~subok ~copy", 1, fn_m_astype},
    {H::Ndarray, "reshape", C::Own, "", 0, fn_m_reshape},
    {H::Ndarray, "copy", C::Own, "", 0, fn_m_copy},
    {H::Ndarray, "dot", C::Bind, "b ~out", 1, fn_m_dot},
    {H::Ndarray, "sum", C::Bind, "axis dtype out keepdims ~initial ~where", 0, fn_m_reduce},
    {H::Ndarray, "mean", C::Bind, "axis dtype out keepdims * ~where", 0, fn_m_reduce},
    {H::Ndarray, "max", C::Bind, "axis out keepdims ~initial ~where", 0, fn_m_reduce},
    {H::Ndarray, "min", C::Bind, "axis out keepdims ~initial ~where", 0, fn_m_reduce},
    {H::Ndarray, "round", C::Bind, "decimals ~out", 0, fn_m_round},
};

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


}  // namespace

bool python_builtin(const std::string& name) {
  if (name.size() > 2 && name[0] == '_' && name[1] == '_') return true;  // __import__, __name__, __file__, ...
  return in_names(kPythonBuiltins, name);
}

const Builtin* find_builtin(Home home, std::string_view name) {
  for (const Builtin& b : kBuiltins)
    if (b.home == home && name == b.name) return &b;
  return nullptr;
}

std::span<const Builtin> builtin_table() { return kBuiltins; }

namespace {

// The name in NumPy's argument errors: that of the Python function doing the work.
std::string bind_name(const Builtin& fn) {
  const std::string n = fn.name;
  if (fn.home == Home::Ndarray && (n == "sum" || n == "mean")) return "_" + n;
  if (n == "max" || n == "min") return fn.home == Home::Ndarray ? "_a" + n : fn.home == Home::Numpy ? "a" + n : n;
  if (fn.home == Home::Numpy && n == "round") return "round_";
  return n;
}

}  // namespace

bool Call::bind() { return impl::bind(bind_name(fn), args, fn.params, fn.required, p, cx); }

Value get_attr(const Value& v, const std::string& name, Context& cx) {
  if (is_dtype_instance(v)) {  // .name, .kind, .itemsize, ...: not modelled
    cx.unsupported(Construct::NumpyName, "np.dtype(...)." + name);
    return {};
  }
  if (v.kind == Kind::Module) {
    if (v.text == "numpy") {
      if (find_builtin(Home::Numpy, name)) return func("np." + name);
      if (name == "inf" || name == "Inf") return Value::real(std::numeric_limits<double>::infinity());
      if (name == "nan" || name == "NaN") return Value::real(std::nan(""));
      if (name == "pi") return Value::real(3.141592653589793);
      if (name == "e") return Value::real(2.718281828459045);
      if (name == "newaxis") return Value::none();
      if (name == "float64" || name == "float_" || name == "double") return dtype_obj(DType::Float, "numpy.float64");
      if (name == "bool_" || name == "bool8") return dtype_obj(DType::Bool, "numpy.bool_");
      if (name == "int64" || name == "int_") return dtype_obj(DType::Int, "numpy.int64");
    } else if (v.text == "math") {
      if (find_builtin(Home::Math, name)) return func("math." + name);
      if (name == "inf") return Value::real(std::numeric_limits<double>::infinity());
      if (name == "nan") return Value::real(std::nan(""));
      if (name == "pi") return Value::real(3.141592653589793);
      if (name == "e") return Value::real(2.718281828459045);
    }
    if (v.text == "numpy" && ((name.size() > 2 && name[0] == '_' && name[1] == '_') || in_names(kNumpyNames, name))) {
      cx.unsupported(Construct::NumpyName, "np." + name);
      return {};
    }
    cx.raise(Exc::AttributeError, "module '" + v.text + "' has no attribute '" + name + "'");
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
    if (find_builtin(Home::Ndarray, name)) return func(name, &v);
    if (ndarray_attribute(name)) {
      cx.unsupported(Construct::ArrayAttribute, "." + name);
      return {};
    }
  }
  if ((v.kind == Kind::Int || v.kind == Kind::Bool || v.kind == Kind::Float) && number_attribute(name, v.kind)) {
    cx.unsupported(Construct::NumberAttribute, "." + name);
    return {};
  }
  if (name.size() > 4 && name.compare(0, 2, "__") == 0 && name.compare(name.size() - 2, 2, "__") == 0) {
    cx.unsupported(Construct::ProgramName, "." + name);  // every Python object has its dunders
    return {};
  }
  cx.raise(Exc::AttributeError, "'" + type_name(v) + "' object has no attribute '" + name + "'");
  return {};
}

Value call_value(const Value& f, const Args& args, Context& cx) {
  if (f.kind == Kind::DTypeObj) return call_dtype(f, args, cx);
  if (f.kind != Kind::Function) {
    cx.raise(Exc::TypeError, "'" + type_name(f) + "' object is not callable");
    return {};
  }
  // f.text: "len", "np.sqrt", "math.exp"; a method's name with its array in self_
  const std::string& text = f.text;
  const std::size_t dot = text.find('.');
  const std::string name = dot == std::string::npos ? text : text.substr(dot + 1);
  const Home home = f.self_ ? Home::Ndarray : dot == std::string::npos ? Home::Python
                    : text.compare(0, dot, "np") == 0 ? Home::Numpy : Home::Math;
  const Builtin* b = find_builtin(home, name);
  if (!b) {  // not reachable: only the table's names become functions
    if (f.self_) cx.raise(Exc::AttributeError, "'numpy.ndarray' object has no attribute '" + name + "'");
    else cx.unsupported(Construct::Function, text);
    return {};
  }
  Call c{*b, f.self_.get(), args, cx, name, {}};
  if (b->check == Check::Bind && !c.bind()) return {};
  if (b->check == Check::Ufunc) {
    if (!ufunc_args(b->params, args, b->required, cx)) return {};
    c.p = args.pos;
  }
  return b->impl(c);
}

}  // namespace attn::py::impl

namespace attn::py {

using namespace impl;

void add_math(Env& env) { env.set("math", module("math")); }

void add_builtins(Env& env) {
  env.set("np", module("numpy"));
  env.set("float", dtype_obj(DType::Float, "float"));
  env.set("int", dtype_obj(DType::Int, "int"));
  env.set("bool", dtype_obj(DType::Bool, "bool"));
  for (const Builtin& b : kBuiltins)
    if (b.home == Home::Python) env.set(b.name, func(b.name));
}

}  // namespace attn::py
