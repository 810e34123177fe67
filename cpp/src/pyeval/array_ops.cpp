// pyeval array operations: transposes, reductions, rounding, astype, unary
// ufuncs, np.where, triangles, reshape, np.tensordot.
#include "pyeval/impl.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "numpy/npformat.hpp"
#include "numpy/npreduce.hpp"

namespace attn::py::impl {

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
      cx.raise(Exc::ValueError, "axes don't match array");
      return {};
    }
    std::vector<bool> seen(nd, false);
    for (std::size_t d = 0; d < nd; ++d) {
      long long ax = 0;
      if (!to_index(axes_in[d], cx, ax) || !normalize_axis(ax, nd, cx, perm[d])) return {};
      if (seen[perm[d]]) {
        cx.raise(Exc::ValueError, "repeated axis in transpose");
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

// axis: None, an int or a tuple of ints. Fills `red` (per-axis flag). mean
// (NumPy's Python code) words a float axis its own way.
bool parse_axes(const Value& axis, std::size_t nd, bool mean, Context& cx, std::vector<bool>& red) {
  red.assign(nd, axis.kind == Kind::None);
  if (axis.kind == Kind::None) return true;
  auto is_float = [](const Value& v) {
    return v.kind == Kind::Float || (v.kind == Kind::Array && v.arr->shape.empty() && v.arr->dtype == DType::Float);
  };
  if (mean && (is_float(axis) || (axis.kind == Kind::Tuple && std::any_of(axis.items.begin(), axis.items.end(), is_float)))) {
    cx.raise(Exc::TypeError, "integer argument expected, got float");
    return false;
  }
  if (axis.kind == Kind::List || axis.kind == Kind::Float || axis.kind == Kind::Str) {
    cx.raise(Exc::TypeError, "'" + type_name(axis) + "' object cannot be interpreted as an integer");
    return false;
  }
  if (axis.kind == Kind::Bool) {
    cx.raise(Exc::TypeError, "an integer is required");
    return false;
  }
  std::vector<Value> list = axis.kind == Kind::Tuple ? axis.items : std::vector<Value>{axis};
  for (const Value& v : list) {
    long long ax = 0;
    std::size_t a = 0;
    if (!to_index(v, cx, ax) || !normalize_axis(ax, nd, cx, a)) return false;
    if (red[a]) {
      cx.raise(Exc::ValueError, "duplicate value in 'axis'");
      return false;
    }
    red[a] = true;
  }
  return true;
}


Value reduce(const Array& a, Reduce kind, const Value& axis_in, bool keepdims, Context& cx) {
  const std::size_t nd = a.shape.size();
  // NumPy reduces a 0-d array over an integer axis 0 or -1 as over all axes
  // (sum, max, min; mean checks its axis first and raises).
  const bool zero_d_axis = nd == 0 && kind != Reduce::Mean && (axis_in.kind == Kind::Int || axis_in.kind == Kind::Bool) &&
                           (axis_in.num == 0 || axis_in.num == -1);
  const Value& axis = zero_d_axis ? Value() : axis_in;
  std::vector<bool> red;
  if (!parse_axes(axis, nd, kind == Reduce::Mean, cx, red)) return {};
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
    cx.raise(Exc::ValueError, std::string("zero-size array to reduction operation ") +
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
  if (a.dtype == DType::Bool) {  // NumPy rounds booleans to float16 (decimals 0) or fails to cast back
    if (decimals == 0) {
      cx.unsupported(Construct::Float16, "round");
      return {};
    }
    cx.raise(Exc::UFuncOutputCastingError, std::string("Cannot cast ufunc '") + (decimals > 0 ? "multiply" : "divide") +
                                               "' output from dtype('float64') to dtype('bool') with casting rule 'same_kind'");
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
        cx.unsupported(Construct::IntConversion);
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
      cx.raise(Exc::TypeError, "loop of ufunc does not support argument 0 of type NoneType which has no callable " + name + " method");
    else
      cx.raise(Exc::TypeError, "ufunc '" + name + "' not supported for the input types, and the inputs could not be "
                           "safely coerced to any supported types according to the casting rule ''safe''");
    return {};
  }
  if (!charge(cx, static_cast<double>(a->size()))) return {};
  if (a->dtype == DType::Bool && (name == "sqrt" || name == "exp" || name == "log")) {
    cx.unsupported(Construct::Float16, "np." + name);
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
    cx.unsupported(Construct::WhereString);
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
    cx.unsupported(Construct::WhereArgument, type_name(bad));
    return {};
  }
  Shape s1, out;
  if (!broadcast_shapes(c->shape, x->shape, s1) || !broadcast_shapes(s1, y->shape, out)) {
    cx.raise(Exc::ValueError, "operands could not be broadcast together with shapes " + shape_msg(c->shape) + " " +
                              shape_msg(x->shape) + " " + shape_msg(y->shape) + " ");
    return {};
  }
  if (!check_shape(cx, out, promote(x->dtype, y->dtype)) || !charge(cx, static_cast<double>(numel(out)))) return {};
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
    cx.raise(Exc::TypeError, "tri() missing 1 required positional argument: 'N'");
    return {};
  }
  Shape out = m.shape;
  if (out.size() == 1) out = {m.shape[0], m.shape[0]};
  const std::size_t R = out[out.size() - 2], C = out.back();
  if (!check_shape(cx, out, m.dtype) || !charge(cx, static_cast<double>(numel(out)))) return {};
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


// a.reshape(shape): one negative size is inferred (NumPy takes any negative as -1).
Value reshape(const Array& a, const std::vector<Value>& dims_in, Context& cx) {
  std::vector<Value> dims = dims_in;
  if (dims.size() == 1 && (dims[0].kind == Kind::Tuple || dims[0].kind == Kind::List)) dims = dims[0].items;
  if (!check_ndim(cx, dims.size())) return {};
  Shape out;
  std::size_t known = 1, unknown = dims.size();
  std::vector<long long> given;
  for (std::size_t i = 0; i < dims.size(); ++i) {
    long long d = 0;
    if (!to_index(dims[i], cx, d)) return {};
    given.push_back(d);
    if (d < 0) {
      if (unknown != dims.size()) {
        cx.raise(Exc::ValueError, "can only specify one unknown dimension");
        return {};
      }
      unknown = i;
      out.push_back(0);
      continue;
    }
    out.push_back(static_cast<std::size_t>(d));
    known *= static_cast<std::size_t>(d);
  }
  const std::string want = shape_msg_newaxis(given);
  if (unknown != dims.size()) {
    if (known == 0 || a.size() % known != 0) {
      cx.raise(Exc::ValueError, "cannot reshape array of size " + std::to_string(a.size()) + " into shape " + want);
      return {};
    }
    out[unknown] = a.size() / known;
  } else if (known != a.size()) {
    cx.raise(Exc::ValueError, "cannot reshape array of size " + std::to_string(a.size()) + " into shape " + want);
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
      cx.unsupported(Construct::TensordotAxes);
      return {};
    }
    for (long long i = 0; i < n; ++i) {
      xa.push_back(static_cast<long long>(a->shape.size()) - n + i);
      xb.push_back(i);
    }
  } else if ((axes.kind == Kind::Tuple || axes.kind == Kind::List) && axes.items.size() == 2) {
    if (!ints(axes.items[0], xa) || !ints(axes.items[1], xb)) return {};
  } else {
    cx.unsupported(Construct::TensordotAxes);
    return {};
  }
  if (xa.size() != xb.size()) {
    cx.raise(Exc::ValueError, "shape-mismatch for sum");
    return {};
  }
  std::vector<bool> ca(a->shape.size()), cb(b->shape.size());
  std::vector<std::size_t> pa, pb, ka, kb;
  for (std::size_t i = 0; i < xa.size(); ++i) {
    std::size_t ia = 0, ib = 0;
    if (!normalize_axis(xa[i], a->shape.size(), cx, ia) || !normalize_axis(xb[i], b->shape.size(), cx, ib)) return {};
    if (a->shape[ia] != b->shape[ib]) {
      cx.raise(Exc::ValueError, "shape-mismatch for sum");
      return {};
    }
    if (ca[ia] || cb[ib]) {
      cx.unsupported(Construct::TensordotRepeated);
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


}  // namespace attn::py::impl
