// pyeval's interpreter, shared by its parts (not part of the public API):
//   values.cpp     checks, conversions, broadcasting, truth; the public value helpers
//   operators.cpp  unary and binary operators (an Op per node), @, np.dot
//   array_ops.cpp  transposes, reductions, rounding, astype, ufuncs, where, triu/tril, reshape, tensordot
//   einsum.cpp     np.einsum
//   indexing.cpp   subscripts of tuples, lists and arrays; iteration
//   arguments.cpp  binding call arguments to a signature; dtype, shape and axis arguments
//   builtins.cpp   the table of builtins (the allow-list), attributes, calls
//   functions.cpp  the builtins' implementations: Python's, math, dtype calls, ndarray methods
//   numpy_functions.cpp  and NumPy's functions
// pyeval.cpp evaluates the syntax tree and prints values.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pyeval/pyeval.hpp"
#include "pyeval/syntax_tree.hpp"

namespace attn::py::impl {

using ArrayPtr = std::shared_ptr<const Array>;
using Shape = std::vector<std::size_t>;

constexpr double kMaxExactInt = 9007199254740992.0;  // 2^53

// ------------------------------------------------------------- values.cpp --

std::string int_text(double x);
// NumPy's shape in error messages: "(4,16)", "(4,)", "()".
std::string shape_msg(const Shape& s);
// NumPy's shape in messages with "newaxis" for negative entries, leading ones
// left out: (-1, 3) is "(3)", (2, -1) "(2,newaxis)".
std::string shape_msg_newaxis(const std::vector<long long>& s);
std::size_t numel(const Shape& s);
Value func(std::string name, const Value* self = nullptr);
Value module(const char* name);
Value dtype_obj(DType d, const char* name);
inline bool is_num(const Value& v) { return v.kind == Kind::Bool || v.kind == Kind::Int || v.kind == Kind::Float; }
inline DType scalar_dtype(const Value& v) {
  return v.kind == Kind::Bool ? DType::Bool : v.kind == Kind::Int ? DType::Int : DType::Float;
}
inline DType promote(DType a, DType b) { return a > b ? a : b; }
inline double scalar_of(const Value& v) { return v.kind == Kind::Array ? v.arr->data[0] : v.num; }

bool check_size(Context& cx, double n);
// A dimension that this build's size_t holds (unsupported beyond; NumPy's own
// limits are checked by check_shape).
bool to_dim(Context& cx, double x, std::size_t& out);
// check_size for an array of this shape and dtype, with NumPy's errors where
// NumPy cannot allocate it (the error then records the shape).
bool check_shape(Context& cx, const Shape& shape, DType dt = DType::Float);
bool charge(Context& cx, double n);
bool check_ndim(Context& cx, std::size_t nd);
Value make(DType dt, Shape shape, std::vector<double> data);
// A Python int from a double result (unsupported beyond 2^53).
Value py_int(Context& cx, double x);
// An integer argument (Python int/bool, NumPy integer scalar, or an
// integral float where NumPy accepts one).
bool to_index(const Value& v, Context& cx, long long& out, bool allow_float = false);
bool normalize_axis(long long axis, std::size_t ndim, Context& cx, std::size_t& out, const char* prefix = "");
ArrayPtr to_array(const Value& v, Context& cx, const char* what = nullptr);
ArrayPtr tuple_to_array(const Value& v);
bool truth(const Value& v, Context& cx);

// Strides (in elements) of `in` broadcast to `out` (0 on broadcast axes).
std::vector<std::size_t> bstrides(const Shape& in, const Shape& out);
bool broadcast_or_fail(const Shape& a, const Shape& b, Shape& out, Context& cx);

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

// ---------------------------------------------------------- operators.cpp --

Value binary(Op op, const Value& a, const Value& b, Context& cx);
Value unary(Op op, const Value& v, Context& cx);
Value matmul(const Value& a, const Value& b, Context& cx);
Value dot(const Value& a, const Value& b, Context& cx);
// TypeError "unsupported operand type(s) for <op>: ..." (unsupported for strings).
Value unsupported_operands(std::string_view op, const Value& a, const Value& b, Context& cx);

// ---------------------------------------------------------- array_ops.cpp --

enum class Reduce : std::uint8_t { Sum, Max, Min, Mean };

Value permute(const Array& a, const std::vector<std::size_t>& perm, Context& cx);
Value transpose(const Array& a, const std::vector<Value>& axes, Context& cx);
Value swapaxes(const Array& a, const Value& x1, const Value& x2, Context& cx);
Value reduce(const Array& a, Reduce kind, const Value& axis, bool keepdims, Context& cx);
Value round_array(const Array& a, long long decimals, Context& cx);
Value astype(const Array& a, DType dt, Context& cx);
// np.sqrt, exp, log, abs, logical_not, isinf, isnan of any value.
Value unary_math(const std::string& name, const Value& v, Context& cx);
Value where3(const Value& c, const Value& x, const Value& y, Context& cx);
Value tri_mask(const Array& m, double k, bool upper, Context& cx);
Value reshape(const Array& a, const std::vector<Value>& dims, Context& cx);
Value tensordot(const Value& a, const Value& b, const Value& axes, Context& cx);

// ------------------------------------------------------------- einsum.cpp --

Value einsum(const std::string& spec, const std::vector<Value>& ops, Context& cx);

// ----------------------------------------------------------- indexing.cpp --

Value index_tuple(const Value& t, const Value& idx, Context& cx);
Value index_array(const Array& a, const Value& idx, bool scalar_in, Context& cx);
// Python's iteration over a value (tuples, lists, an array's first axis).
bool iterate(const Value& v, Context& cx, std::vector<Value>& out);

// ---------------------------------------------------------- arguments.cpp --

struct Args {
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
};

// Binds args to a signature (`params`: names separated by spaces; the first
// `required` must be given). Missing optional ones become None.
bool bind(const std::string& fname, const Args& a, std::string_view params, std::size_t required,
          std::vector<Value>& out, Context& cx);
// NumPy's ufuncs take their operands by position only (np.matmul(x1=...) is
// a TypeError); a further positional argument is `out`.
bool ufunc_args(const char* uname, const Args& a, std::size_t nin, Context& cx);
bool parse_dtype(const Value& v, DType& out, Context& cx);
bool parse_shape(const Value& v, Shape& out, Context& cx);
// np.triu/tril/tri's k (integral only).
bool real_k(const Value& v, Context& cx, double& k);
bool keyword_given(const Args& a, const char* name);
// keepdims: an int or bool (NumPy converts it with __index__).
bool keepdims_flag(const Value& v, Context& cx, bool& out);

// ----------------------------------------------------------- builtins.cpp --

// Where a builtin's name lives: `len`, `np.sqrt`, `math.exp`, `a.sum`.
enum class Home : std::uint8_t { Python, Numpy, Math, Ndarray };

// How a call's arguments are checked before the implementation runs.
enum class Check : std::uint8_t {
  Bind,   // bind() to `params`; the implementation reads Call::p
  Ufunc,  // ufunc_args(params = the ufunc's name, required = operands); Call::p = the operands
  Own,    // the implementation checks them itself (Call::bind() binds to `params` when it wants)
};

struct Builtin;
struct Call {
  const Builtin& fn;
  const Value* self;         // an array method's array
  const Args& args;
  Context& cx;
  std::string name;          // the name in error messages: "sqrt", "sum", "len"
  std::vector<Value> p;      // the bound arguments
  bool bind();               // binds args to fn's signature into p
};

using Impl = Value (*)(Call&);

struct Builtin {
  Home home;
  const char* name;
  Check check;
  const char* params;     // Bind/Own: the signature; Ufunc: the ufunc's name
  std::uint8_t required;  // Bind/Own: required parameters; Ufunc: operands
  Impl impl;
};

// A name of Python's builtins module (then a line reading it that this
// evaluator lacks is unsupported, not a NameError).
bool python_builtin(const std::string& name);
// The allow-list: null when `name` is not a builtin at `home`.
const Builtin* find_builtin(Home home, std::string_view name);
std::span<const Builtin> builtin_table();
Value get_attr(const Value& v, const std::string& name, Context& cx);
Value call_value(const Value& f, const Args& args, Context& cx);

// ------------------------------------------ functions.cpp, numpy_functions.cpp --

// The lesson's softmax with the operations its Python code uses.
Value softmax(const Value& x, Context& cx);
// float(x), int(x), bool(x), np.float64(x), ...
Value call_dtype(const Value& f, const Args& args, Context& cx);

// The implementations, named after what they implement (fn_m_*: ndarray methods).
Value fn_m_swapaxes(Call&);
Value fn_m_transpose(Call&);
Value fn_m_astype(Call&);
Value fn_m_reshape(Call&);
Value fn_m_copy(Call&);
Value fn_m_dot(Call&);
Value fn_m_reduce(Call&);
Value fn_m_round(Call&);
Value fn_softmax(Call&);
Value fn_max_min(Call&);
Value fn_sum(Call&);
Value fn_pow(Call&);
Value fn_list(Call&);
Value fn_eye(Call&);
Value fn_array(Call&);
Value fn_inner(Call&);
Value fn_tensordot(Call&);
Value fn_len(Call&);
Value fn_abs(Call&);
Value fn_math_unary(Call&);
Value fn_ufunc_unary(Call&);
Value fn_fill(Call&);
Value fn_fill_like(Call&);
Value fn_arange(Call&);
Value fn_triu_tril(Call&);
Value fn_tri(Call&);
Value fn_where(Call&);
Value fn_matmul(Call&);
Value fn_dot(Call&);
Value fn_maximum_minimum(Call&);
Value fn_transpose(Call&);
Value fn_dtype(Call&);
// A np.dtype(...) instance (a DTypeObj whose text is its repr), not a type.
inline bool is_dtype_instance(const Value& v) { return v.kind == Kind::DTypeObj && v.text.rfind("dtype(", 0) == 0; }
Value fn_swapaxes(Call&);
Value fn_einsum(Call&);
Value fn_reduce(Call&);
Value fn_round(Call&);

}  // namespace attn::py::impl
