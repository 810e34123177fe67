// pyeval's builtins, their implementations: NumPy's functions (np.*). The
// table in builtins.cpp binds their arguments first, unless an entry checks
// its own.
#include <algorithm>
#include <cmath>
#include <string>

#include "pyeval/impl.hpp"

namespace attn::py::impl {

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
    cx.raise(Exc::ValueError, "negative dimensions are not allowed");
    return {};
  }
  std::size_t rows = 0, cols = 0;
  if (!to_dim(cx, static_cast<double>(n), rows) || !to_dim(cx, static_cast<double>(mm), cols) ||
      !check_shape(cx, {rows, cols}, dt) || !charge(cx, static_cast<double>(n) * static_cast<double>(mm)))
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
  if (a->shape.empty() || b->shape.empty())  // NumPy's product: a NumPy scalar for two scalars
    return binary(Op::Mul, make(a->dtype, a->shape, a->data), make(b->dtype, b->shape, b->data), cx);
  if (a->shape.back() != b->shape.back()) {
    std::vector<std::size_t> perm(b->shape.size());
    for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = perm.size() - 1 - i;
    Shape bt;
    for (std::size_t i : perm) bt.push_back(b->shape[i]);
    cx.raise(Exc::ValueError, "shapes " + shape_msg(a->shape) + " and " + shape_msg(bt) + " not aligned: " +
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
  if (!check_shape(cx, s, dt)) return {};
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
      cx.raise(Exc::TypeError, "unsupported operand type(s) for -: '" + type_name(stop) + "' and '" + type_name(start) + "'");
      return {};
    }
    const DType d = v->kind == Kind::Array ? v->arr->dtype : scalar_dtype(*v);
    all_int = all_int && d != DType::Float;
  }
  const double a0 = scalar_of(start), a1 = scalar_of(stop), st = scalar_of(step);
  if (st == 0) {
    cx.raise(Exc::ZeroDivisionError, "division by zero");
    return {};
  }
  const double raw = std::ceil((a1 - a0) / st), len = std::max(0.0, raw);
  if (std::isnan(raw)) {
    cx.raise(Exc::ValueError, "arange: cannot compute length");
    return {};
  }
  if (std::isinf(raw) || len > 9.2e18) {  // beyond npy_intp
    cx.raise(Exc::ValueError, "Maximum allowed size exceeded");
    return {};
  }
  DType dt = all_int ? DType::Int : DType::Float;
  if (p[3].kind != Kind::None && !parse_dtype(p[3], dt, cx)) return {};
  if (dt == DType::Bool && len > 2) {
    cx.raise(Exc::TypeError, "arange() is only supported for booleans when the result has at most length 2.");
    return {};
  }
  std::size_t n = 0;
  if (!to_dim(cx, len, n) || !check_shape(cx, {n}, dt)) return {};
  if (!charge(cx, len)) return {};
  // NumPy casts the first two values (start, start + step) to the dtype and
  // steps by their difference from there.
  auto cast = [dt](double x) { return dt == DType::Bool ? double(x != 0) : dt == DType::Int ? std::trunc(x) : x; };
  const double first = cast(a0), delta = cast(a0 + st) - first;
  std::vector<double> d(static_cast<std::size_t>(len));
  for (std::size_t i = 0; i < d.size(); ++i)
    d[i] = dt == DType::Float ? a0 + static_cast<double>(i) * st : i == 0 ? first : i == 1 ? cast(a0 + st)
           : first + static_cast<double>(i) * delta;
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
  // NumPy compares np.arange(N) with np.arange(M): a negative size is empty
  n = std::max(n, 0LL);
  mm = std::max(mm, 0LL);
  // NumPy first builds the comparison of the indices, a bool array
  std::size_t rows = 0, cols = 0;
  if (!to_dim(cx, static_cast<double>(n), rows) || !to_dim(cx, static_cast<double>(mm), cols) ||
      !check_shape(cx, {rows, cols}, DType::Bool))
    return {};
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
  for (const auto& kw : args.kw)  // NumPy's dispatcher binds where(condition, x, y) first
    if (kw.first != "condition" && kw.first != "x" && kw.first != "y") {
      cx.raise(Exc::TypeError, "where() got an unexpected keyword argument '" + kw.first + "'");
      return {};
    }
  if (!args.kw.empty()) {
    cx.raise(Exc::TypeError, "where() takes no keyword arguments");
    return {};
  }
  if (!c.bind()) return {};
  if (args.pos.size() + args.kw.size() == 1) {
    cx.unsupported(Construct::WhereOneArgument);
    return {};
  }
  if (args.pos.size() + args.kw.size() != 3) {
    cx.raise(Exc::ValueError, "either both or neither of x and y should be given");
    return {};
  }
  Value r = where3(p[0], p[1], p[2], cx);
  if (!cx.failed()) r.np_scalar = false;  // a 0-d result is an array, not a NumPy scalar
  return r;
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
  // NumPy's rule: x1 where it is strictly greater (smaller), else x2, so
  // that of two equal zeros the second one's sign wins. maximum/minimum
  // propagate a NaN (x1 where x1 is NaN); fmax/fmin ignore one (x1 where x2 is NaN).
  const Value& x1 = args.pos[0];
  const Value& x2 = args.pos[1];
  const bool greater = c.name == "maximum" || c.name == "fmax";
  Value keep = binary(greater ? Op::Gt : Op::Lt, x1, x2, cx);
  if (cx.failed()) return {};
  const Value& nan_side = c.name[0] == 'f' ? x2 : x1;
  Value nan = binary(Op::Ne, nan_side, nan_side, cx);
  if (cx.failed()) return {};
  keep = binary(Op::BitOr, keep, nan, cx);
  if (cx.failed()) return {};
  return where3(keep, x1, x2, cx);
}

// np.dtype(x): an instance, printed dtype('bool') (the DTypeObj's text).
Value fn_dtype(Call& c) {
  DType dt{};
  if (!parse_dtype(c.p[0], dt, c.cx)) return {};
  Value v = dtype_obj(dt, dt == DType::Bool ? "dtype('bool')" : dt == DType::Int ? "dtype('int64')" : "dtype('float64')");
  return v;
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
  if (args.pos.empty() || args.pos[0].kind != Kind::Str) {  // NumPy's other form: operands and subscript lists
    cx.unsupported(Construct::Function, "np.einsum");
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
    cx.raise(Exc::TypeError, "output must be an array");
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
