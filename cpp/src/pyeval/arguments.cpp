// pyeval call arguments: binding to a signature, ufunc operands, dtype,
// shape, k and keepdims arguments.
#include "pyeval/impl.hpp"

#include <algorithm>
#include <cmath>

namespace attn::py::impl {

// ------------------------------------------------------------- arguments --

bool bind(const std::string& fname, const Args& a, std::string_view params, std::size_t required,
          std::vector<Value>& out, Context& cx) {
  std::vector<std::string> sig;
  for (std::size_t s = 0; s < params.size();) {
    const std::size_t e = std::min(params.find(' ', s), params.size());
    sig.emplace_back(params.substr(s, e - s));
    s = e + 1;
  }
  out.assign(sig.size(), Value::none());
  std::vector<bool> given(sig.size(), false);
  for (std::size_t i = 0; i < a.pos.size(); ++i) {
    if (i >= sig.size()) {
      cx.raise(Exc::TypeError, required == sig.size()
                               ? fname + "() takes " + std::to_string(required) + " positional argument" +
                                     (required == 1 ? "" : "s") + " but " + std::to_string(a.pos.size()) + " were given"
                               : fname + "() takes from " + std::to_string(required) + " to " + std::to_string(sig.size()) +
                                     " positional arguments but " + std::to_string(a.pos.size()) + " were given");
      return false;
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
        cx.unsupported(Construct::Argument, name, fname);
        return false;
      }
      cx.raise(Exc::TypeError, fname + "() got an unexpected keyword argument '" + name + "'");
      return false;
    }
    if (given[k]) {
      cx.raise(Exc::TypeError, fname + "() got multiple values for argument '" + name + "'");
      return false;
    }
    out[k] = v;
    given[k] = true;
  }
  for (std::size_t i = 0; i < required; ++i)
    if (!given[i]) {
      cx.raise(Exc::TypeError, fname + "() missing 1 required positional argument: '" + sig[i] + "'");
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
      cx.unsupported(Construct::Dtype, s);
      return false;
    }
    cx.raise(Exc::TypeError, "data type '" + s + "' not understood");
    return false;
  }
  cx.raise(Exc::TypeError, "Cannot interpret '" + py_repr(v) + "' as a data type");
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
      cx.raise(Exc::ValueError, "negative dimensions are not allowed");
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
    cx.unsupported(Construct::FractionalK);
    return false;
  }
  cx.unsupported(Construct::KArgument);
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
  cx.raise(Exc::TypeError, "'" + type_name(v) + "' object cannot be interpreted as an integer");
  return false;
}

// NumPy's ufuncs take their operands by position only (np.matmul(x1=...) is
// a TypeError); a further positional argument is `out`.
bool ufunc_args(const char* uname, const Args& a, std::size_t nin, Context& cx) {
  if (a.pos.size() < nin || (!a.kw.empty() && a.pos.size() < nin)) {
    cx.raise(Exc::TypeError, std::string(uname) + "() takes from " + std::to_string(nin) + " to " + std::to_string(nin + 1) +
                             " positional arguments but " + std::to_string(a.pos.size()) + " were given");
    return false;
  }
  for (const auto& kw : a.kw) {
    static constexpr std::string_view kUfuncKeywords = " out where casting order dtype subok signature extobj ";
    const bool gufunc = std::string_view(uname) == "matmul";
    if (!gufunc && kUfuncKeywords.find(" " + kw.first + " ") == std::string_view::npos) {
      cx.raise(Exc::TypeError, std::string(uname) + "() got an unexpected keyword argument '" + kw.first + "'");
      return false;
    }
  }
  if (a.pos.size() > nin || !a.kw.empty()) {
    cx.unsupported(Construct::UfuncKeywords, std::string("np.") + uname);
    return false;
  }
  return true;
}


}  // namespace attn::py::impl
