// pyeval call arguments: binding to a signature, ufunc operands, dtype,
// shape, k and keepdims arguments.
#include "pyeval/impl.hpp"

#include <algorithm>
#include <cmath>

#include "numpy/numpy_names.hpp"

namespace attn::py::impl {

// ------------------------------------------------------------- arguments --

// `params` is the function's whole signature as Python or NumPy declares it:
// names separated by spaces, "/" after the positional-only ones, "*" before
// the keyword-only ones, and "~" before a parameter that exists but is not
// modelled here. Giving a "~" parameter is unsupported; what the signature
// itself rejects is Python's TypeError, in its words.
bool bind(const std::string& fname, const Args& a, std::string_view params, std::size_t required,
          std::vector<Value>& out, Context& cx) {
  struct Param {
    std::string name;
    bool modelled, positional, keyword;
  };
  std::vector<Param> sig;
  bool kw_only = false;
  std::size_t n_positional = 0;
  for (std::size_t s = 0; s < params.size();) {
    const std::size_t e = std::min(params.find(' ', s), params.size());
    const std::string_view w = params.substr(s, e - s);
    s = e + 1;
    if (w == "/") {
      for (Param& q : sig) q.keyword = false;
      continue;
    }
    if (w == "*") { kw_only = true; continue; }
    const bool modelled = w[0] != '~';
    sig.push_back({std::string(modelled ? w : w.substr(1)), modelled, !kw_only, true});
    if (!kw_only) ++n_positional;
  }
  // the modelled parameters, in signature order, are what `out` holds
  std::vector<std::size_t> slot(sig.size(), 0);
  std::size_t n_out = 0;
  for (std::size_t i = 0; i < sig.size(); ++i) slot[i] = sig[i].modelled ? n_out++ : 0;
  out.assign(n_out, Value::none());
  std::vector<bool> given(sig.size(), false);
  bool any_keyword = false;
  for (const Param& q : sig) any_keyword = any_keyword || q.keyword;
  if (!a.kw.empty() && !any_keyword) {
    cx.raise(Exc::TypeError, fname + "() takes no keyword arguments");
    return false;
  }
  // Python's checks first, as Python binds: the count of positional
  // arguments, then each keyword, then the required ones.
  if (a.pos.size() > n_positional) {
    // a method NumPy implements in Python counts its array among them
    const std::size_t self = fname[0] == '_' ? 1 : 0, lo = required + self, hi = n_positional + self;
    cx.raise(Exc::TypeError, lo == hi ? fname + "() takes " + std::to_string(lo) + " positional argument" + (lo == 1 ? "" : "s") +
                                            " but " + std::to_string(a.pos.size() + self) + " were given"
                                      : fname + "() takes from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                            " positional arguments but " + std::to_string(a.pos.size() + self) + " were given");
    return false;
  }
  std::vector<std::size_t> kw_at;
  for (std::size_t i = 0; i < a.pos.size(); ++i) given[i] = true;
  for (const auto& [name, v] : a.kw) {
    std::size_t k = sig.size();
    for (std::size_t i = 0; i < sig.size(); ++i)
      if (sig[i].name == name && sig[i].keyword) k = i;
    if (k == sig.size()) {
      cx.raise(Exc::TypeError, fname + "() got an unexpected keyword argument '" + name + "'");
      return false;
    }
    if (given[k]) {
      cx.raise(Exc::TypeError, fname + "() got multiple values for argument '" + name + "'");
      return false;
    }
    given[k] = true;
    kw_at.push_back(k);
  }
  for (std::size_t i = 0; i < required && i < sig.size(); ++i)
    if (!given[i]) {
      cx.raise(Exc::TypeError, fname + "() missing 1 required positional argument: '" + sig[i].name + "'");
      return false;
    }
  // then what this evaluator does not model
  for (std::size_t i = 0; i < sig.size(); ++i)
    if (given[i] && !sig[i].modelled) {
      cx.unsupported(Construct::Argument, sig[i].name, fname);
      return false;
    }
  for (std::size_t i = 0; i < a.pos.size(); ++i) out[slot[i]] = a.pos[i];
  for (std::size_t j = 0; j < a.kw.size(); ++j) out[slot[kw_at[j]]] = a.kw[j].second;
  return true;
}

namespace {

// The dtype a string names, for the dtypes this evaluator has (with an
// optional native or "not applicable" byte-order mark).
bool dtype_from_string(std::string s, DType& out) {
  if (s.size() > 1 && (s[0] == '<' || s[0] == '=' || s[0] == '|')) s.erase(0, 1);
  static constexpr std::string_view kBool = " ? b1 bool bool8 bool_ ";
  static constexpr std::string_view kInt = " i8 int64 int int_ int0 intp long longlong l q p ";
  static constexpr std::string_view kFloat = " f8 float64 float float_ double d ";
  const std::string w = " " + s + " ";
  if (kBool.find(w) != std::string_view::npos) { out = DType::Bool; return true; }
  if (kInt.find(w) != std::string_view::npos) { out = DType::Int; return true; }
  if (kFloat.find(w) != std::string_view::npos) { out = DType::Float; return true; }
  return false;
}

}  // namespace

bool parse_dtype(const Value& v, DType& out, Context& cx) {
  if (v.kind == Kind::DTypeObj) { out = v.dtype; return true; }
  if (v.kind == Kind::Str) {
    const std::string& s = v.text;
    if (dtype_from_string(s, out)) return true;
    // NumPy names a dtype with a word it knows, a type code with a size
    // ("u4", "S10", "M8[ns]"), or a structure ("i4,f8"). A word made of
    // letters alone that NumPy does not know is its TypeError; any other
    // spelling is one this evaluator does not model.
    bool word = !s.empty();
    for (char c : s) word = word && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_');
    if (word && kNumpyDtypeWords.find(" " + s + " ") == std::string_view::npos) {
      cx.raise(Exc::TypeError, "data type '" + s + "' not understood");
      return false;
    }
    cx.unsupported(Construct::Dtype, s);
    return false;
  }
  if (v.kind == Kind::Tuple || v.kind == Kind::List) {  // NumPy's structured and sub-array dtypes
    cx.unsupported(Construct::Dtype, py_repr(v));
    return false;
  }
  cx.raise(Exc::TypeError, "Cannot interpret '" + py_repr(v) + "' as a data type");
  return false;
}

bool parse_shape(const Value& v, Shape& out, Context& cx) {
  std::vector<Value> dims = v.kind == Kind::Tuple || v.kind == Kind::List ? v.items : std::vector<Value>{v};
  if (!check_ndim(cx, dims.size())) return false;
  out.clear();
  for (const Value& d : dims) {
    long long x = 0;
    if (!to_index(d, cx, x)) return false;
    if (x < 0) {
      cx.raise(Exc::ValueError, "negative dimensions are not allowed");
      return false;
    }
    std::size_t dim = 0;
    if (!to_dim(cx, static_cast<double>(x), dim)) return false;
    out.push_back(dim);
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
  if (a.pos.size() < nin || a.pos.size() > nin + 1) {
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
