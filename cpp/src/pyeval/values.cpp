// pyeval values: checks and limits, conversions, broadcasting, truth; the
// public value helpers of pyeval.hpp.
#include "pyeval/impl.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "numpy/npformat.hpp"

namespace attn::py::impl {

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

std::string shape_msg_newaxis(const std::vector<long long>& s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] < 0) ++i;
  const std::size_t first = i;
  std::string out;
  for (; i < s.size(); ++i) out += (i > first ? "," : "") + (s[i] < 0 ? std::string("newaxis") : std::to_string(s[i]));
  return "(" + out + (first == 0 && s.size() == 1 ? ",)" : ")");
}

std::size_t numel(const Shape& s) {
  std::size_t n = 1;
  for (std::size_t d : s) n *= d;
  return n;
}

Value func(std::string name, const Value* self) {
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


// ----------------------------------------------------------------- checks --

bool check_size(Context& cx, double n) {
  if (n > static_cast<double>(cx.limits.max_array_elements)) {
    cx.unsupported(Construct::ArrayTooLarge, std::to_string(cx.limits.max_array_elements));
    return false;
  }
  return true;
}

bool to_dim(Context& cx, double x, std::size_t& out) {
  if (x > static_cast<double>(std::numeric_limits<std::size_t>::max() / 4)) {
    cx.unsupported(Construct::BigIndex);
    return false;
  }
  out = static_cast<std::size_t>(x);
  return true;
}

namespace {

// NumPy's size in its MemoryError: "74.5 GiB", "1023. GiB", "8.00 TiB".
std::string size_text(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int bits = 0;
  for (std::uint64_t b = bytes; b > 1; b >>= 1) ++bits;  // bit_length - 1
  std::size_t unit = static_cast<std::size_t>(std::max(bits, 1) / 10);
  double n = static_cast<double>(bytes) / std::ldexp(1.0, static_cast<int>(unit) * 10);
  if (std::nearbyint(n) == 1024) {
    ++unit;
    n /= 1024;
  }
  // Python's '{:.0f}' (bytes), '{:#.3g}' (below 1000 once rounded), '{:#.0f}'
  if (unit == 0) return std::to_string(bytes) + " bytes";
  int whole = std::nearbyint(n) < 1000 ? (n < 10 ? 1 : n < 100 ? 2 : 3) : 4;  // digits before the point
  double m = std::nearbyint(n * std::pow(10.0, whole < 4 ? 3 - whole : 0));
  if (whole < 3 && m >= 1000) m = std::nearbyint(n * std::pow(10.0, 3 - ++whole));
  std::string digits = std::to_string(static_cast<long long>(m));
  if (whole < 4) digits.insert(static_cast<std::size_t>(whole), ".");
  else digits += ".";
  return digits + " " + kUnits[unit];
}

}  // namespace

bool check_shape(Context& cx, const Shape& shape, DType dt) {
  double n = 1;
  for (std::size_t d : shape) n *= static_cast<double>(d);
  if (n <= static_cast<double>(cx.limits.max_array_elements)) return true;
  // What NumPy does when it allocates this array: its size in bytes decides
  std::uint64_t bytes = dt == DType::Bool ? 1 : 8;
  bool too_big = false;
  for (std::size_t d : shape) too_big = too_big || __builtin_mul_overflow(bytes, d, &bytes);
  if (too_big || bytes > static_cast<std::uint64_t>(INT64_MAX))
    cx.raise(Exc::ValueError, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  else if (bytes >= static_cast<std::uint64_t>(limits::Evaluator::memory_error_bytes))
    cx.raise(Exc::MemoryError, "Unable to allocate " + size_text(bytes) + " for an array with shape " + np::shape_str(shape) +
                                   " and data type " + dtype_name(dt));
  else
    check_size(cx, n);
  if (cx.error && cx.error->shape.empty()) {
    cx.error->shape = shape;
    cx.error->depth = cx.depth;
  }
  return false;
}

bool charge(Context& cx, double n) {
  cx.work += static_cast<std::uint64_t>(std::min(n, 1e18));
  if (cx.work > cx.limits.max_work) {
    cx.unsupported(Construct::TooMuchWork, std::to_string(cx.limits.max_work));
    return false;
  }
  return true;
}

bool check_ndim(Context& cx, std::size_t nd) {
  if (nd > cx.limits.max_ndim) {
    if (nd > 32) cx.raise(Exc::ValueError, "maximum supported dimension for an ndarray is 32, found " + std::to_string(nd));
    else cx.unsupported(Construct::TooManyDims, std::to_string(cx.limits.max_ndim));
    return false;
  }
  return true;
}

Value make(DType dt, Shape shape, std::vector<double> data) {
  // int64 and bool have no negative zero: a result held as -0.0 (0 * -1,
  // -0) would print as -0. once converted to float.
  if (dt != DType::Float)
    for (double& x : data) x += 0.0;
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
    cx.unsupported(Construct::BigInteger);
    return {};
  }
  return Value::integer(x == 0 ? 0.0 : x);
}

// An integer argument (Python int/bool, NumPy integer scalar, or an
// integral float where NumPy accepts one).
bool to_index(const Value& v, Context& cx, long long& out, bool allow_float) {
  double x = 0;
  if (v.kind == Kind::Int || v.kind == Kind::Bool) x = v.num;
  else if (v.kind == Kind::Float && allow_float) x = v.num;
  else if (v.kind == Kind::Array && v.arr->shape.empty() && v.arr->dtype != DType::Float) x = v.arr->data[0];
  else if (v.kind == Kind::Array && v.arr->shape.empty() && allow_float) x = v.arr->data[0];
  else {
    cx.raise(Exc::TypeError, "'" + type_name(v) + "' object cannot be interpreted as an integer");
    return false;
  }
  if (!std::isfinite(x) || std::fabs(x) > 1e15) {
    cx.unsupported(Construct::BigIndex);
    return false;
  }
  out = static_cast<long long>(std::trunc(x));
  return true;
}

bool normalize_axis(long long axis, std::size_t ndim, Context& cx, std::size_t& out, const char* prefix) {
  const long long n = static_cast<long long>(ndim);
  if (axis < -n || axis >= n) {
    cx.raise(Exc::AxisError, std::string(prefix) + "axis " + std::to_string(axis) +
                                   " is out of bounds for array of dimension " + std::to_string(ndim));
    return false;
  }
  out = static_cast<std::size_t>(axis < 0 ? axis + n : axis);
  return true;
}

// ----------------------------------------------------------- conversions --

ArrayPtr to_array(const Value& v, Context& cx, const char* what) {
  // NumPy makes an array of almost anything (strings, None, objects): one
  // this evaluator has no array form for is its own limit.
  (void)what;
  ArrayPtr a = as_array(v);
  if (!a) cx.unsupported(Construct::ArrayObject);
  return a;
}

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
bool broadcast_or_fail(const Shape& a, const Shape& b, Shape& out, Context& cx) {
  if (broadcast_shapes(a, b, out)) return true;
  cx.raise(Exc::ValueError, "operands could not be broadcast together with shapes " + shape_msg(a) + " " +
                            shape_msg(b) + " ");
  return false;
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
      cx.raise(Exc::ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
      return false;
    default: return true;
  }
}


}  // namespace attn::py::impl

namespace attn::py {

using namespace impl;

const char* exc_name(Exc e) {
  static constexpr const char* kNames[] = {
      "SyntaxError", "TypeError", "ValueError", "IndexError", "NameError", "UnboundLocalError", "AttributeError",
      "ZeroDivisionError", "OverflowError", "numpy.AxisError", "numpy.core._exceptions._ArrayMemoryError",
      "numpy.core._exceptions._UFuncOutputCastingError",
  };
  static_assert(std::size(kNames) == static_cast<std::size_t>(Exc::UFuncOutputCastingError) + 1);
  return kNames[static_cast<std::size_t>(e)];
}

std::string construct_text(Construct c, const std::string& arg0, const std::string& arg1) {
  std::string out;
  for (const char* t = construct_info(c).english; *t; ++t) {
    if (t[0] == '{' && (t[1] == '0' || t[1] == '1') && t[2] == '}') {
      out += t[1] == '0' ? arg0 : arg1;
      t += 2;
    } else {
      out += *t;
    }
  }
  return out;
}

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
    case Kind::DTypeObj:
      if (is_dtype_instance(v)) return v.dtype == DType::Bool ? "numpy.dtype[bool_]" : v.dtype == DType::Int ? "numpy.dtype[int64]" : "numpy.dtype[float64]";
      return "type";
  }
  return "object";
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

}  // namespace attn::py
