// pyeval's builtins: their implementations (the table in builtins.cpp binds
// their arguments first, unless an entry checks its own).
#include <cmath>
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

Value call_dtype(const Value& f, const Args& args, Context& cx) {
  std::vector<Value> p;
  const std::string n = f.text == "numpy.float64" ? "float64" : f.text == "numpy.bool_" ? "bool_" : f.text;
  if (!bind(n, args, "x", 0, p, cx)) return {};
  if (args.pos.empty()) return f.dtype == DType::Float ? Value::real(0) : f.dtype == DType::Bool ? Value::boolean(false) : Value::integer(0);
  const Value& x = p[0];
  const bool python_type = f.text == "float" || f.text == "int" || f.text == "bool";
  if (python_type) {
    if (f.text == "bool") return Value::boolean(truth(x, cx));
    ArrayPtr a = as_array(x);
    if (x.kind == Kind::Str) {
      cx.unsupported(Construct::StringConversion, f.text);
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

Value fn_m_swapaxes(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  std::vector<Value>& p = c.p;
  if (!args.kw.empty()) {
    cx.fail("TypeError", "ndarray.swapaxes() takes no keyword arguments");
    return {};
  }
  if (!c.bind()) return {};
  return swapaxes(*c.self->arr, p[0], p[1], cx);
}

Value fn_m_transpose(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (!args.kw.empty()) {
    cx.fail("TypeError", "ndarray.transpose() takes no keyword arguments");
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
    cx.fail("TypeError", "reshape() takes exactly 1 argument (0 given)");
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
    cx.fail("TypeError", "output must be an array");
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
    cx.fail("TypeError", c.name + " expected at least 1 argument, got 0");
    return {};
  }
  if (args.pos.size() == 1) {
    if (!iterate(args.pos[0], cx, items)) return {};
  } else {
    items = args.pos;
  }
  if (items.empty()) {
    cx.fail("ValueError", c.name + "() arg is an empty sequence");
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
    cx.fail("TypeError", "list expected at most 1 argument, got " + std::to_string(args.pos.size()));
    return {};
  }
  Value l;
  l.kind = Kind::List;
  if (args.pos.size() == 1 && !iterate(args.pos[0], cx, l.items)) return {};
  if (l.items.size() > 4096) {
    cx.unsupported(Construct::LongList);
    return {};
  }
  return l;
}

Value fn_eye(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
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

Value fn_array(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
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
    cx.unsupported(Construct::ArrayObject);
    return {};
  }
  if (!check_ndim(cx, a->shape.size()) || !charge(cx, static_cast<double>(a->size()))) return {};
  DType dt = a->dtype;
  if (p[1].kind != Kind::None && !parse_dtype(p[1], dt, cx)) return {};
  Value r = astype(*a, dt, cx);
  if (!cx.failed()) r.np_scalar = false;
  return r;
}

Value fn_inner(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  ArrayPtr a = to_array(p[0], cx), b = a ? to_array(p[1], cx) : nullptr;
  if (!a || !b) return {};
  if (a->shape.empty() || b->shape.empty()) return binary(Op::Mul, p[0], p[1], cx);
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

Value fn_tensordot(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  return tensordot(p[0], p[1], p[2].kind == Kind::None ? Value::integer(2) : p[2], cx);
}

Value fn_len(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
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

Value fn_abs(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  if (is_num(p[0])) return p[0].kind == Kind::Float ? Value::real(std::fabs(p[0].num)) : Value::integer(std::fabs(p[0].num));
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
      cx.fail("TypeError", "only size-1 arrays can be converted to Python scalars");
      return {};
    }
    v = x.arr->data[0];
  } else {
    cx.fail("TypeError", "must be real number, not " + type_name(x));
    return {};
  }
  if ((c.name == "sqrt" && v < 0) || (c.name == "log" && v <= 0)) {
    cx.fail("ValueError", "math domain error");
    return {};
  }
  const double r = c.name == "sqrt" ? std::sqrt(v) : c.name == "exp" ? std::exp(v) : std::log(v);
  if (std::isinf(r) && std::isfinite(v)) {
    cx.fail("OverflowError", "math range error");
    return {};
  }
  return Value::real(r);
}

Value fn_ufunc_unary(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  return unary_math(c.name, args.pos[0], cx);
}

Value fn_fill(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  const bool full = c.name == "full";
  Shape s;
  if (!parse_shape(p[0], s, cx)) return {};
  DType dt = DType::Float;
  double fill = c.name == "ones" ? 1.0 : 0.0;
  const Value& dv = full ? p[2] : p[1];
  if (full) {
    ArrayPtr fv = as_array(p[1]);
    if (!fv || fv->size() != 1) {
      cx.unsupported(Construct::FullArray);
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

Value fn_fill_like(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  ArrayPtr a = to_array(p[0], cx);
  if (!a) return {};
  DType dt = a->dtype;
  if (p[1].kind != Kind::None && !parse_dtype(p[1], dt, cx)) return {};
  if (!charge(cx, static_cast<double>(a->size()))) return {};
  return make(dt, a->shape, std::vector<double>(a->size(), c.name == "ones_like" ? 1.0 : 0.0));
}

Value fn_arange(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
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

Value fn_triu_tril(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  double k = 0;
  if (p[1].kind != Kind::None && !real_k(p[1], cx, k)) return {};
  ArrayPtr m = to_array(p[0], cx);
  if (!m) return {};
  return tri_mask(*m, k, c.name == "triu", cx);
}

Value fn_tri(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
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

Value fn_where(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  std::vector<Value>& p = c.p;
  if (!args.kw.empty()) {
    cx.fail("TypeError", "where() takes no keyword arguments");
    return {};
  }
  if (!c.bind()) return {};
  if (args.pos.size() + args.kw.size() == 1) {
    cx.unsupported(Construct::WhereOneArgument);
    return {};
  }
  if (args.pos.size() + args.kw.size() != 3) {
    cx.fail("ValueError", "either both or neither of x and y should be given");
    return {};
  }
  return where3(p[0], p[1], p[2], cx);
}

Value fn_matmul(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  return matmul(args.pos[0], args.pos[1], cx);
}

Value fn_dot(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  return dot(p[0], p[1], cx);
}

Value fn_maximum_minimum(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  // NaN wins: x1 where x1 >= x2 or x1 is NaN, else x2 (NaN there too)
  const Value& x1 = args.pos[0];
  const Value& x2 = args.pos[1];
  Value keep = binary(c.name == "maximum" ? Op::Ge : Op::Le, x1, x2, cx);
  if (cx.failed()) return {};
  Value nan1 = binary(Op::Ne, x1, x1, cx);
  if (cx.failed()) return {};
  keep = binary(Op::BitOr, keep, nan1, cx);
  if (cx.failed()) return {};
  return where3(keep, x1, x2, cx);
}

Value fn_transpose(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  ArrayPtr a = to_array(p[0], cx);
  if (!a) return {};
  std::vector<Value> axes;
  if (p[1].kind == Kind::Tuple || p[1].kind == Kind::List) axes = p[1].items;
  else if (p[1].kind != Kind::None) axes = {p[1]};
  return transpose(*a, axes, cx);
}

Value fn_swapaxes(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  ArrayPtr a = to_array(p[0], cx);
  if (!a) return {};
  return swapaxes(*a, p[1], p[2], cx);
}

Value fn_einsum(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  if (args.pos.empty() || args.pos[0].kind != Kind::Str) {
    cx.fail("TypeError", "np.einsum: the first argument must be the subscripts string, e.g. 'ij,kj->ik'");
    return {};
  }
  if (!args.kw.empty()) {
    cx.unsupported(Construct::KeywordArguments, "np.einsum");
    return {};
  }
  return einsum(args.pos[0].text, std::vector<Value>(args.pos.begin() + 1, args.pos.end()), cx);
}

Value fn_reduce(Call& c) {
  Context& cx = c.cx;
  const Args& args = c.args;
  std::vector<Value>& p = c.p;
  const bool has_dtype = c.name == "sum" || c.name == "mean";
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
    cx.unsupported(Construct::DtypeOut, "np." + c.name);
    return {};
  }
  const Reduce r = c.name == "sum" ? Reduce::Sum : c.name == "mean" ? Reduce::Mean
                   : (c.name == "max" || c.name == "amax") ? Reduce::Max : Reduce::Min;
  return reduce(*a, r, p[1], keep, cx);
}

Value fn_round(Call& c) {
  Context& cx = c.cx;
  std::vector<Value>& p = c.p;
  ArrayPtr a = to_array(p[0], cx);
  if (!a) return {};
  long long dec = 0;
  if (p[1].kind != Kind::None && !to_index(p[1], cx, dec)) return {};
  return round_array(*a, dec, cx);
}

}  // namespace attn::py::impl
