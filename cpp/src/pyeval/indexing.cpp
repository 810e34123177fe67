// pyeval indexing: tuples and lists (ints, slices), arrays (basic indexing:
// ints, slices, None, ...), and iteration.
#include "pyeval/impl.hpp"

#include <algorithm>

namespace attn::py::impl {

// -------------------------------------------------------------- indexing --

Value index_tuple(const Value& t, const Value& idx, Context& cx) {
  const long long n = static_cast<long long>(t.items.size());
  if (idx.kind == Kind::Slice) {
    long long start = 0, stop = n, step = 1;
    if (idx.items[2].kind != Kind::None && !to_index(idx.items[2], cx, step)) return {};
    if (step == 0) {
      cx.raise(Exc::ValueError, "slice step cannot be zero");
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
    cx.raise(Exc::TypeError, std::string(t.kind == Kind::List ? "list" : "tuple") +
                             " indices must be integers or slices, not " + type_name(idx));
    return {};
  }
  if (i < -n || i >= n) {
    cx.raise(Exc::IndexError, std::string(t.kind == Kind::List ? "list" : "tuple") + " index out of range");
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
      cx.raise(Exc::IndexError, "invalid index to scalar variable.");
      return {};
    }
  }
  std::size_t consumed = 0, ellipses = 0;
  for (const Value& v : idx) {
    if (v.kind == Kind::Ellipsis) ++ellipses;
    else if (v.kind != Kind::None) ++consumed;
    if (v.kind == Kind::Array && v.arr->shape.empty() && v.arr->dtype != DType::Float) continue;
    if (v.kind == Kind::Array || v.kind == Kind::List || v.kind == Kind::Tuple) {
      cx.unsupported(Construct::FancyIndex);
      return {};
    }
    if (v.kind == Kind::Bool) {
      cx.unsupported(Construct::BoolIndex);
      return {};
    }
    if (v.kind != Kind::Int && v.kind != Kind::Slice && v.kind != Kind::None && v.kind != Kind::Ellipsis) {
      cx.raise(Exc::IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or "
                            "boolean arrays are valid indices");
      return {};
    }
  }
  if (ellipses > 1) {
    cx.raise(Exc::IndexError, "an index can only have a single ellipsis ('...')");
    return {};
  }
  if (consumed > nd) {
    cx.raise(Exc::IndexError, "too many indices for array: array is " + std::to_string(nd) + "-dimensional, but " +
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
        cx.raise(Exc::ValueError, "slice step cannot be zero");
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
      cx.raise(Exc::IndexError, "index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(ax) +
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
    cx.unsupported(Construct::StringIteration);
    return false;
  }
  cx.raise(Exc::TypeError, v.kind == Kind::Array && !v.np_scalar ? "iteration over a 0-d array"
                                                             : "'" + type_name(v) + "' object is not iterable");
  return false;
}


}  // namespace attn::py::impl
