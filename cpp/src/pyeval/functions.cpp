// pyeval's builtins, their implementations: Python's builtins, math, the
// dtype calls (float(x), np.float64(x), ...) and ndarray's methods (NumPy's
// functions: numpy_functions.cpp). The table in builtins.cpp binds their
// arguments first, unless an entry checks its own.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "pyeval/impl.hpp"

namespace attn::py::impl {

// The lesson's softmax, run with the same operations the Python code uses:
//   x = x - x.max(axis=-1, keepdims=True); e = np.exp(x); e / e.sum(axis=-1, keepdims=True)
Value softmax(const Value& x, Context& cx) {
  Args mk;
  mk.kw = {{"axis", Value::integer(-1)}, {"keepdims", Value::boolean(true)}};
  Value m = get_attr(x, "max", cx);
  if (cx.failed()) return {};
  m = call_value(m, mk, cx);
  if (cx.failed()) return {};
  Value xs = binary(Op::Sub, x, m, cx);
  if (cx.failed()) return {};
  Value e = unary_math("exp", xs, cx);
  if (cx.failed()) return {};
  Value s = get_attr(e, "sum", cx);
  if (cx.failed()) return {};
  s = call_value(s, mk, cx);
  if (cx.failed()) return {};
  return binary(Op::Div, e, s, cx);
}

namespace {

// Python's float() and int() of a string (np.float64 and np.int64 parse as
// they do): surrounding whitespace, a sign, digits with single underscores
// between them; float() also a fraction, an exponent, inf, infinity and nan.
// False when Python rejects the text; unsupported for non-ASCII text (Python
// reads other scripts' digits and spaces too).
bool parse_number_text(const std::string& text, bool is_float, double& out, bool& unsupported) {
  unsupported = false;
  for (char ch : text)
    if (static_cast<unsigned char>(ch) >= 0x80) { unsupported = true; return false; }
  std::size_t b = 0, e = text.size();
  auto space = [](char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r') || (ch >= 0x1c && ch <= 0x1f); };
  while (b < e && space(text[b])) ++b;
  while (e > b && space(text[e - 1])) --e;
  std::string s = text.substr(b, e - b), clean;
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) clean += s[i++];
  if (is_float) {
    std::string w;
    for (std::size_t k = i; k < s.size(); ++k) w += static_cast<char>(s[k] | 0x20);
    if (w == "inf" || w == "infinity" || w == "nan") {
      out = w == "nan" ? std::nan("") : std::numeric_limits<double>::infinity();
      if (!clean.empty() && clean[0] == '-') out = -out;
      return true;
    }
  }
  auto digits = [&]() {  // digit (["_"] digit)*
    if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
    clean += s[i++];
    while (i < s.size()) {
      if (s[i] == '_' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') { clean += s[i + 1]; i += 2; }
      else if (s[i] >= '0' && s[i] <= '9') clean += s[i++];
      else break;
    }
    return true;
  };
  bool mant = digits();
  if (is_float && i < s.size() && s[i] == '.') {
    clean += s[i++];
    const bool frac = digits();
    mant = mant || frac;
  }
  if (!mant) return false;
  if (is_float && i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    clean += s[i++];
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) clean += s[i++];
    if (!digits()) return false;
  }
  if (i != s.size()) return false;
  out = std::strtod(clean.c_str(), nullptr);
  return true;
}

}  // namespace

Value call_dtype(const Value& f, const Args& args, Context& cx) {
  if (is_dtype_instance(f)) {
    cx.raise(Exc::TypeError, "'" + type_name(f) + "' object is not callable");
    return {};
  }
  std::vector<Value> p;
  const std::string n = f.text == "numpy.float64" ? "float64" : f.text == "numpy.bool_" ? "bool_" : f.text;
  if (!impl::bind(n, args, "x", 0, p, cx)) return {};
  if (args.pos.empty()) return f.dtype == DType::Float ? Value::real(0) : f.dtype == DType::Bool ? Value::boolean(false) : Value::integer(0);
  const Value& x = p[0];
  const bool python_type = f.text == "float" || f.text == "int" || f.text == "bool";
  if (x.kind == Kind::Str && f.dtype != DType::Bool) {
    double v = 0;
    bool unsupported = false;
    if (!parse_number_text(x.text, f.dtype == DType::Float, v, unsupported)) {
      if (unsupported) cx.unsupported(Construct::StringConversion, f.text);
      else if (f.dtype == DType::Float) cx.raise(Exc::ValueError, "could not convert string to float: " + py_repr(x));
      else cx.raise(Exc::ValueError, "invalid literal for int() with base 10: " + py_repr(x));
      return {};
    }
    if (f.dtype == DType::Float) {
      if (python_type) return Value::real(v);
      return Value::array(Array{DType::Float, {}, {v}}, true);
    }
    if (!(std::fabs(v) <= kMaxExactInt)) {
      cx.unsupported(Construct::BigInteger);
      return {};
    }
    if (python_type) return Value::integer(v);
    return Value::array(Array{DType::Int, {}, {v}}, true);
  }
  if (x.kind == Kind::Str && !python_type) {  // np.bool_(s): whether s is empty
    return Value::array(Array{DType::Bool, {}, {x.text.empty() ? 0.0 : 1.0}}, true);
  }
  if (python_type) {
    if (f.text == "bool") return Value::boolean(truth(x, cx));
    ArrayPtr a = as_array(x);
    if (x.kind == Kind::Str) {
      cx.unsupported(Construct::StringConversion, f.text);
      return {};
    }
    if (!a || (x.kind != Kind::Array && !is_num(x))) {
      cx.raise(Exc::TypeError, f.text + "() argument must be a string" + (f.text == "int" ? ", a bytes-like object" : "") +
                                   " or a real number, not '" + type_name(x) + "'");
      return {};
    }
    if (a->size() != 1) {
      cx.raise(Exc::TypeError, "only size-1 arrays can be converted to Python scalars");
      return {};
    }
    const double v = a->data[0];
    if (f.text == "float") return Value::real(v);
    if (!std::isfinite(v)) {
      cx.raise(v != v ? Exc::ValueError : Exc::OverflowError, v != v ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
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

// ------------------------------------------------------ Python and math --

Value fn_softmax(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  return softmax(p[0], cx);
}

Value fn_max_min(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (!args.kw.empty()) {
    cx.unsupported(Construct::BuiltinKeywords, c.name);
    return {};
  }
  std::vector<Value> items;
  if (args.pos.empty()) {
    cx.raise(Exc::TypeError, c.name + " expected at least 1 argument, got 0");
    return {};
  }
  if (args.pos.size() == 1) {
    if (!iterate(args.pos[0], cx, items)) return {};
  } else {
    items = args.pos;
  }
  if (items.empty()) {
    cx.raise(Exc::ValueError, c.name + "() arg is an empty sequence");
    return {};
  }
  Value best = items[0];
  for (std::size_t i = 1; i < items.size(); ++i) {
    Value better = binary(c.name == "max" ? Op::Gt : Op::Lt, items[i], best, cx);
    if (cx.failed()) return {};
    const bool t = truth(better, cx);
    if (cx.failed()) return {};
    if (t) best = items[i];
  }
  return best;
}

Value fn_sum(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  std::vector<Value>& p = c.p;
  std::vector<Value> items;
  if (!iterate(p[0], cx, items)) return {};
  Value acc = p[1].kind == Kind::None && !keyword_given(args, "start") && args.pos.size() < 2 ? Value::integer(0) : p[1];
  for (const Value& x : items) {
    acc = binary(Op::Add, acc, x, cx);
    if (cx.failed()) return {};
  }
  return acc;
}

Value fn_pow(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  if (p[2].kind != Kind::None) {
    cx.unsupported(Construct::PowModulus);
    return {};
  }
  return binary(Op::Pow, p[0], p[1], cx);
}

Value fn_list(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (!args.kw.empty() || args.pos.size() > 1) {
    cx.raise(Exc::TypeError, "list expected at most 1 argument, got " + std::to_string(args.pos.size()));
    return {};
  }
  Value l;
  l.kind = Kind::List;
  if (args.pos.size() == 1 && !iterate(args.pos[0], cx, l.items)) return {};
  if (l.items.size() > static_cast<std::size_t>(limits::Evaluator::max_list_items)) {
    cx.unsupported(Construct::LongList);
    return {};
  }
  return l;
}

Value fn_len(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  if (p[0].kind == Kind::Tuple || p[0].kind == Kind::List) return Value::integer(static_cast<double>(p[0].items.size()));
  if (p[0].kind == Kind::Str) {  // code points, not UTF-8 bytes
    std::size_t n = 0;
    for (char ch : p[0].text) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return Value::integer(static_cast<double>(n));
  }
  if (p[0].kind == Kind::Array && !p[0].arr->shape.empty()) return Value::integer(static_cast<double>(p[0].arr->shape[0]));
  if (p[0].kind == Kind::Array && !p[0].np_scalar) {
    cx.raise(Exc::TypeError, "len() of unsized object");
    return {};
  }
  cx.raise(Exc::TypeError, "object of type '" + type_name(p[0]) + "' has no len()");
  return {};
}

Value fn_abs(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  if (is_num(p[0]) && c.fn.home == Home::Python) return p[0].kind == Kind::Float ? Value::real(std::fabs(p[0].num)) : Value::integer(std::fabs(p[0].num));
  return unary_math("abs", p[0], cx);
}

Value fn_math_unary(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  const Value& x = p[0];
  double v = 0;
  if (is_num(x)) v = x.num;
  else if (x.kind == Kind::Array) {
    if (x.arr->size() != 1) {
      cx.raise(Exc::TypeError, "only size-1 arrays can be converted to Python scalars");
      return {};
    }
    v = x.arr->data[0];
  } else {
    cx.raise(Exc::TypeError, "must be real number, not " + type_name(x));
    return {};
  }
  if ((c.name == "sqrt" && v < 0) || (c.name == "log" && v <= 0)) {
    cx.raise(Exc::ValueError, "math domain error");
    return {};
  }
  const double r = c.name == "sqrt" ? std::sqrt(v) : c.name == "exp" ? std::exp(v) : std::log(v);
  if (std::isinf(r) && std::isfinite(v)) {
    cx.raise(Exc::OverflowError, "math range error");
    return {};
  }
  return Value::real(r);
}

// ------------------------------------------------------ ndarray methods --

Value fn_m_swapaxes(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  std::vector<Value>& p = c.p;
  if (!args.kw.empty()) {
    cx.raise(Exc::TypeError, "ndarray.swapaxes() takes no keyword arguments");
    return {};
  }
  if (!c.bind()) return {};
  return swapaxes(*c.self->arr, p[0], p[1], cx);
}

Value fn_m_transpose(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (!args.kw.empty()) {
    cx.raise(Exc::TypeError, "ndarray.transpose() takes no keyword arguments");
    return {};
  }
  std::vector<Value> axes = args.pos;
  if (axes.size() == 1 && (axes[0].kind == Kind::Tuple || axes[0].kind == Kind::List)) axes = axes[0].items;
  else if (axes.size() == 1 && axes[0].kind == Kind::None) axes.clear();
  return transpose(*c.self->arr, axes, cx);
}

Value fn_m_astype(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  DType dt{};
  if (!parse_dtype(p[0], dt, cx)) return {};
  return astype(*c.self->arr, dt, cx);
}

Value fn_m_reshape(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (!args.kw.empty()) {
    cx.unsupported(Construct::KeywordArguments, "reshape");
    return {};
  }
  if (args.pos.empty()) {
    cx.raise(Exc::TypeError, "reshape() takes exactly 1 argument (0 given)");
    return {};
  }
  return reshape(*c.self->arr, args.pos, cx);
}

Value fn_m_copy(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (!args.kw.empty() || !args.pos.empty()) {
    cx.unsupported(Construct::CopyArguments);
    return {};
  }
  return *c.self;  // values are immutable here
}

Value fn_m_dot(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  return dot(*c.self, p[0], cx);
}

Value fn_m_reduce(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  std::vector<Value>& p = c.p;
  // NumPy's order: sum/mean(axis, dtype, out, keepdims, ...), max/min(axis, out, keepdims, ...)
  const bool has_dtype = c.name == "sum" || c.name == "mean";
  if (!has_dtype) p.insert(p.begin() + 1, Value::none());
  if (p[2].kind != Kind::None && p[2].kind != Kind::Array) {
    cx.raise(Exc::TypeError, "output must be an array");
    return {};
  }
  if (p[1].kind != Kind::None || p[2].kind != Kind::None) {
    cx.unsupported(Construct::DtypeOut, "." + c.name);
    return {};
  }
  bool keep = false;
  if ((p[3].kind != Kind::None || keyword_given(args, "keepdims")) && !keepdims_flag(p[3], cx, keep)) return {};
  const Reduce r = c.name == "sum" ? Reduce::Sum : c.name == "max" ? Reduce::Max : c.name == "min" ? Reduce::Min : Reduce::Mean;
  return reduce(*c.self->arr, r, p[0], keep, cx);
}

Value fn_m_round(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  long long dec = 0;
  if (p[0].kind != Kind::None && !to_index(p[0], cx, dec)) return {};
  Value r = round_array(*c.self->arr, dec, cx);
  if (!cx.failed()) r.np_scalar = c.self->np_scalar;
  return r;
}

}  // namespace attn::py::impl
