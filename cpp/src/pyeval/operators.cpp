// pyeval operators: unary and binary operators with Python scalar and NumPy
// array semantics, matrix products (@, np.dot).
#include "pyeval/impl.hpp"

#include <cmath>
#include <string>

namespace attn::py {

// -------------------------------------------------------------- operators --

namespace {
constexpr const char* kOpText[] = {"+",  "-",  "*", "/", "//", "%", "**", "@", "&", "|", "^", "==", "!=",
                                   "<",  "<=", ">", ">=", "-", "+", "~",  "not", "and", "or"};
}  // namespace

const char* op_text(Op op) { return kOpText[static_cast<int>(op)]; }

Op binary_op(std::string_view text) {
  for (int i = 0; i <= static_cast<int>(Op::Ge); ++i)
    if (text == kOpText[i]) return static_cast<Op>(i);
  return Op::Add;  // not reached: the parser passes only the operators above
}

}  // namespace attn::py

namespace attn::py::impl {

// ------------------------------------------------------------- arithmetic --

double py_floordiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div != 0) {
    double f = std::floor(div);
    if (div - f > 0.5) f += 1.0;
    return f;
  }
  return std::copysign(0.0, a / b);
}

double py_mod(double a, double b) {
  double mod = std::fmod(a, b);
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  return mod;
}

// One elementwise operation on numbers already promoted to `dt`.
double apply(Op op, double a, double b, DType dt) {
  const bool is_int = dt != DType::Float;
  switch (op) {
    case Op::Add: return dt == DType::Bool ? double(a != 0 || b != 0) : a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return dt == DType::Bool ? double(a != 0 && b != 0) : a * b;
    case Op::Div: return a / b;
    case Op::FloorDiv:
      if (is_int) return b == 0 ? 0.0 : std::floor(a / b);
      return b == 0 ? a / b : py_floordiv(a, b);
    case Op::Mod:
      if (is_int) return b == 0 ? 0.0 : a - std::floor(a / b) * b;
      return b == 0 ? std::nan("") : py_mod(a, b);
    case Op::Pow: return dt == DType::Bool ? double(a != 0 || b == 0) : std::pow(a, b);
    case Op::Eq: return a == b;
    case Op::Ne: return a != b;
    case Op::Lt: return a < b;
    case Op::Le: return a <= b;
    case Op::Gt: return a > b;
    case Op::Ge: return a >= b;
    // bitwise: bool and int only (checked by the caller)
    case Op::BitAnd: return static_cast<double>(static_cast<long long>(a) & static_cast<long long>(b));
    case Op::BitOr: return static_cast<double>(static_cast<long long>(a) | static_cast<long long>(b));
    case Op::BitXor: return static_cast<double>(static_cast<long long>(a) ^ static_cast<long long>(b));
    default: return std::nan("");
  }
}

bool is_comparison(Op op) { return op >= Op::Eq && op <= Op::Ge; }
bool is_bitwise(Op op) { return op == Op::BitAnd || op == Op::BitOr || op == Op::BitXor; }

const char* ufunc_name(Op op) {
  switch (op) {
    case Op::Add: return "add";
    case Op::Sub: return "subtract";
    case Op::Mul: return "multiply";
    case Op::Div: return "divide";
    case Op::FloorDiv: return "floor_divide";
    case Op::Mod: return "remainder";
    case Op::Pow: return "power";
    case Op::BitAnd: return "bitwise_and";
    case Op::BitOr: return "bitwise_or";
    case Op::BitXor: return "bitwise_xor";
    default: return "?";
  }
}

Value unsupported_operands(std::string_view op, const Value& a, const Value& b, Context& cx) {
  if (a.kind == Kind::Str || b.kind == Kind::Str) {  // str * int, str + str, ...: Python has rules this evaluator lacks
    cx.unsupported(Construct::StringOperators);
    return {};
  }
  cx.raise(Exc::TypeError, "unsupported operand type(s) for " + std::string(op == "**" ? "** or pow()" : op) + ": '" +
                               type_name(a) + "' and '" + type_name(b) + "'");
  return {};
}

// a op b where both are Python scalars (bool/int/float): Python semantics.
Value scalar_binary(Op op, const Value& a, const Value& b, Context& cx) {
  const double x = a.num, y = b.num;
  const bool both_int = a.kind != Kind::Float && b.kind != Kind::Float;
  if (is_comparison(op)) return Value::boolean(apply(op, x, y, DType::Float) != 0);
  if (is_bitwise(op)) {
    if (!both_int) return unsupported_operands(op_text(op), a, b, cx);
    const double r = apply(op, x, y, DType::Int);
    if (a.kind == Kind::Bool && b.kind == Kind::Bool) return Value::boolean(r != 0);
    return py_int(cx, r);
  }
  if (op == Op::MatMul) return unsupported_operands(op_text(op), a, b, cx);
  if (op == Op::Div) {
    if (y == 0) {
      cx.raise(Exc::ZeroDivisionError, both_int ? "division by zero" : "float division by zero");
      return {};
    }
    return Value::real(x / y);
  }
  if (op == Op::FloorDiv || op == Op::Mod) {
    if (y == 0) {
      cx.raise(Exc::ZeroDivisionError, both_int ? (op == Op::FloorDiv ? "integer division or modulo by zero" : "integer modulo by zero")
                                            : op == Op::FloorDiv ? "float floor division by zero" : "float modulo");
      return {};
    }
    if (both_int) return py_int(cx, op == Op::FloorDiv ? std::floor(x / y) : x - std::floor(x / y) * y);
    return Value::real(op == Op::FloorDiv ? py_floordiv(x, y) : py_mod(x, y));
  }
  if (op == Op::Pow) {
    if (x == 0 && y < 0) {
      cx.raise(Exc::ZeroDivisionError, both_int ? "0.0 cannot be raised to a negative power"
                                            : "0.0 cannot be raised to a negative power");
      return {};
    }
    if (x < 0 && y != std::floor(y)) {
      cx.unsupported(Construct::Complex);
      return {};
    }
    const double r = std::pow(x, y);
    if (both_int && y >= 0) return py_int(cx, r);
    if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) {
      cx.raise(Exc::OverflowError, "(34, 'Numerical result out of range')");
      return {};
    }
    return Value::real(r);
  }
  const double r = apply(op, x, y, both_int ? DType::Int : DType::Float);
  if (both_int) return py_int(cx, r);
  return Value::real(r);
}


Value array_binary(Op op, const Value& av, const Value& bv, Context& cx);

Value binary(Op op, const Value& a, const Value& b, Context& cx) {
  if (is_dtype_instance(a) || is_dtype_instance(b)) {  // np.dtype('bool') == bool is True: NumPy's rules, not modelled
    cx.unsupported(Construct::NumpyName, std::string("np.dtype(...) ") + op_text(op));
    return {};
  }
  if (op == Op::MatMul) {
    // Only ndarray defines `@`: without one (scalars, tuples, lists, None) Python raises
    const bool nd_a = a.is_array() && !a.np_scalar, nd_b = b.is_array() && !b.np_scalar;
    if (!nd_a && !nd_b) {
      cx.raise(Exc::TypeError, "unsupported operand type(s) for @: '" + type_name(a) + "' and '" + type_name(b) + "'");
      return {};
    }
    return matmul(a, b, cx);
  }
  if (is_num(a) && is_num(b)) return scalar_binary(op, a, b, cx);
  // sequences
  const bool seq_a = a.kind == Kind::Tuple || a.kind == Kind::List;
  const bool seq_b = b.kind == Kind::Tuple || b.kind == Kind::List;
  if (seq_a && seq_b && a.kind == b.kind && op == Op::Add) {
    Value r = a;
    r.items.insert(r.items.end(), b.items.begin(), b.items.end());
    if (r.items.size() > static_cast<std::size_t>(limits::Evaluator::max_sequence_items)) {
      cx.unsupported(Construct::LongSequence);
      return {};
    }
    return r;
  }
  if ((seq_a && (b.kind == Kind::Int || b.kind == Kind::Bool) && op == Op::Mul) ||
      (seq_b && (a.kind == Kind::Int || a.kind == Kind::Bool) && op == Op::Mul)) {
    const Value& s = seq_a ? a : b;
    const double n = seq_a ? b.num : a.num;
    if (n * static_cast<double>(s.items.size()) > limits::Evaluator::max_sequence_items) {
      cx.unsupported(Construct::LongSequence);
      return {};
    }
    Value r = s;
    r.items.clear();
    for (double k = 0; k < n; ++k) r.items.insert(r.items.end(), s.items.begin(), s.items.end());
    return r;
  }
  if ((op == Op::Eq || op == Op::Ne) && !a.is_array() && !b.is_array()) {
    bool eq = false;
    if (a.kind == b.kind && (a.kind == Kind::None || a.kind == Kind::Ellipsis)) eq = true;
    else if (a.kind == Kind::Str && b.kind == Kind::Str) eq = a.text == b.text;
    else if (seq_a && seq_b && a.kind == b.kind && a.items.size() == b.items.size()) {
      eq = true;
      for (std::size_t i = 0; i < a.items.size() && eq; ++i) {
        Value e = binary(Op::Eq, a.items[i], b.items[i], cx);
        if (cx.failed()) return {};
        eq = e.kind == Kind::Bool ? e.num != 0 : false;
      }
    }
    return Value::boolean(op == Op::Eq ? eq : !eq);
  }
  if (a.is_array() || b.is_array()) {
    const Value& other = a.is_array() ? b : a;
    const bool seq = other.kind == Kind::Tuple || other.kind == Kind::List;
    if (is_num(other) || other.is_array() || (seq && tuple_to_array(other))) return array_binary(op, a, b, cx);
    if (seq) {  // a sequence NumPy would turn into a nested or object array
      cx.unsupported(Construct::ArrayObject);
      return {};
    }
  }
  return unsupported_operands(op_text(op), a, b, cx);
}

Value array_binary(Op op, const Value& av, const Value& bv, Context& cx) {
  ArrayPtr a = as_array(av), b = as_array(bv);
  if (!a || !b) return unsupported_operands(op_text(op), av, bv, cx);
  DType dt = promote(a->dtype, b->dtype);
  if (op == Op::Sub && a->dtype == DType::Bool && b->dtype == DType::Bool) {
    cx.raise(Exc::TypeError, "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                         "operator, or the logical_xor function instead.");
    return {};
  }
  if (is_bitwise(op) && dt == DType::Float) {
    cx.raise(Exc::TypeError, std::string("ufunc '") + ufunc_name(op) +
                             "' not supported for the input types, and the inputs could not be safely coerced to any "
                             "supported types according to the casting rule ''safe''");
    return {};
  }
  if (op == Op::Pow && dt == DType::Int) {
    for (double y : b->data)
      if (y < 0) {
        cx.raise(Exc::ValueError, "Integers to negative integer powers are not allowed.");
        return {};
      }
  }
  Shape out;
  if ((op == Op::Eq || op == Op::Ne) && !broadcast_shapes(a->shape, b->shape, out)) {
    // NumPy 1.24: == and != of shapes that do not broadcast fall back to
    // Python's identity comparison (with a DeprecationWarning on stderr)
    return Value::boolean(op == Op::Ne);
  }
  if (!broadcast_or_fail(a->shape, b->shape, out, cx)) return {};
  DType rt = is_comparison(op) ? DType::Bool : op == Op::Div ? DType::Float : dt;
  if (op == Op::Div || op == Op::Pow) dt = op == Op::Div ? DType::Float : dt;
  if ((op == Op::FloorDiv || op == Op::Mod) && dt == DType::Bool) rt = dt = DType::Int;
  if (!check_shape(cx, out, rt) || !charge(cx, static_cast<double>(numel(out)))) return {};
  std::vector<double> data(numel(out));
  const std::array<const Shape*, 2> ins{&a->shape, &b->shape};
  const double* pa = a->data.data();
  const double* pb = b->data.data();
  broadcast_loop<2>(out, ins, [&](std::size_t i, const std::array<std::size_t, 2>& off) {
    data[i] = apply(op, pa[off[0]], pb[off[1]], dt);
  });
  if (rt == DType::Int)
    for (double x : data)
      if (!(std::fabs(x) <= kMaxExactInt)) {  // NumPy would wrap around in int64; doubles hold 2^53 exactly
        cx.unsupported(Construct::Int64Overflow);
        return {};
      }
  return make(rt, out, std::move(data));
}

// ----------------------------------------------------------------- unary --

Value unary(Op op, const Value& v, Context& cx) {
  if (is_num(v)) {
    if (op == Op::Invert) {
      if (v.kind == Kind::Float) {
        cx.raise(Exc::TypeError, "bad operand type for unary ~: 'float'");
        return {};
      }
      return py_int(cx, -v.num - 1);
    }
    if (op == Op::Neg) return v.kind == Kind::Float ? Value::real(-v.num) : py_int(cx, -v.num);
    return v.kind == Kind::Float ? v : Value::integer(v.num);
  }
  if (v.is_array()) {
    const Array& a = *v.arr;
    if (op == Op::Neg && a.dtype == DType::Bool) {
      cx.raise(Exc::TypeError, "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or "
                           "the logical_not function instead.");
      return {};
    }
    if (op == Op::Invert && a.dtype == DType::Float) {
      cx.raise(Exc::TypeError, "ufunc 'invert' not supported for the input types, and the inputs could not be safely "
                           "coerced to any supported types according to the casting rule ''safe''");
      return {};
    }
    if (!charge(cx, static_cast<double>(a.size()))) return {};
    std::vector<double> d(a.data);
    for (double& x : d) {
      if (op == Op::Neg) x = -x;
      else if (op == Op::Invert) x = a.dtype == DType::Bool ? double(x == 0) : -x - 1;
    }
    Value r = make(a.dtype, a.shape, std::move(d));
    r.np_scalar = v.np_scalar;
    return r;
  }
  cx.raise(Exc::TypeError, std::string("bad operand type for unary ") + op_text(op) + ": '" + type_name(v) + "'");
  return {};
}

// ------------------------------------------------------------------ matmul --

Value matmul(const Value& av, const Value& bv, Context& cx) {
  if (av.kind == Kind::Str || bv.kind == Kind::Str) {  // NumPy would try a string array
    cx.unsupported(Construct::StringOperators);
    return {};
  }
  ArrayPtr a = as_array(av), b = as_array(bv);
  if (!a && !b) return unsupported_operands("@", av, bv, cx);
  // a sequence NumPy would turn into a nested or object array
  if ((!a && (av.kind == Kind::Tuple || av.kind == Kind::List)) || (!b && (bv.kind == Kind::Tuple || bv.kind == Kind::List))) {
    cx.unsupported(Construct::ArrayObject);
    return {};
  }
  const char* sig = "(n?,k),(k,m?)->(n?,m?)";
  // NumPy turns any other object (None, a string, ...) into a 0-d object array
  static const auto zero_d = std::make_shared<const Array>(Array{DType::Float, {}, {0.0}});
  if (!a) a = zero_d;
  if (!b) b = zero_d;
  for (int k = 0; k < 2; ++k) {
    const Array& x = k == 0 ? *a : *b;
    if (x.shape.empty()) {
      cx.raise(Exc::ValueError, "matmul: Input operand " + std::to_string(k) +
                                " does not have enough dimensions (has 0, gufunc core with signature " + sig +
                                " requires 1)");
      return {};
    }
  }
  Shape sa = a->shape, sb = b->shape;
  const bool a1 = sa.size() == 1, b1 = sb.size() == 1;
  const std::size_t K = sa.back();
  const std::size_t Kb = b1 ? sb[0] : sb[sb.size() - 2];
  if (K != Kb) {
    cx.raise(Exc::ValueError, "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
                              std::string(sig) + " (size " + std::to_string(Kb) + " is different from " +
                              std::to_string(K) + ")");
    return {};
  }
  const std::size_t M = a1 ? 1 : sa[sa.size() - 2];
  const std::size_t N = b1 ? 1 : sb.back();
  const Shape ba(sa.begin(), sa.end() - (a1 ? 1 : 2)), bb(sb.begin(), sb.end() - (b1 ? 1 : 2));
  Shape batch;
  if (!broadcast_shapes(ba, bb, batch)) {
    auto remap = [](const Shape& full, const Shape& bat, bool one) {
      std::string s = shape_msg(full) + "->(";
      for (std::size_t i = 0; i < bat.size(); ++i) s += std::to_string(bat[i]) + ",";
      s += one ? "newaxis)" : "newaxis,newaxis)";
      return s;
    };
    Shape core;
    if (!a1) core.push_back(M);
    if (!b1) core.push_back(N);
    cx.raise(Exc::ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: " +
                              remap(sa, ba, a1) + " " + remap(sb, bb, b1) + "  and requested shape " + shape_msg(core));
    return {};
  }
  Shape out = batch;
  if (!a1) out.push_back(M);
  if (!b1) out.push_back(N);
  const double nb = static_cast<double>(numel(batch));
  const DType dt = promote(a->dtype, b->dtype);
  if (!check_ndim(cx, out.size()) || !check_shape(cx, out, dt) || !charge(cx, nb * M * N * (K + 1))) return {};
  std::vector<double> data(numel(out));
  const std::array<const Shape*, 2> ins{&ba, &bb};
  const double* pa = a->data.data();
  const double* pb = b->data.data();
  const std::size_t mat_a = M * K, mat_b = K * N;
  broadcast_loop<2>(batch, ins, [&](std::size_t i, const std::array<std::size_t, 2>& off) {
    const double* A = pa + off[0] * mat_a;
    const double* B = pb + off[1] * mat_b;
    double* C = data.data() + i * M * N;
    for (std::size_t r = 0; r < M; ++r)
      for (std::size_t c = 0; c < N; ++c) {
        double acc = 0.0;
        if (dt == DType::Bool) {
          for (std::size_t p = 0; p < K; ++p) acc = (acc != 0 || (A[r * K + p] != 0 && B[p * N + c] != 0)) ? 1 : 0;
        } else {
          for (std::size_t p = 0; p < K; ++p) acc += A[r * K + p] * B[p * N + c];
        }
        C[r * N + c] = acc;
      }
  });
  return make(dt, out, std::move(data));
}

// ------------------------------------------------------------ np.dot --

Value dot(const Value& av, const Value& bv, Context& cx) {
  ArrayPtr a = as_array(av), b = as_array(bv);
  if (!a || !b) return unsupported_operands("dot", av, bv, cx);
  if (a->shape.empty() || b->shape.empty()) return binary(Op::Mul, make(a->dtype, a->shape, a->data), make(b->dtype, b->shape, b->data), cx);
  {
    const Shape& sa = a->shape;
    const Shape& sb = b->shape;
    const std::size_t db = sb.size() == 1 ? 0 : sb.size() - 2;
    if (sa.back() != sb[db]) {
      cx.raise(Exc::ValueError, "shapes " + shape_msg(sa) + " and " + shape_msg(sb) + " not aligned: " +
                                std::to_string(sa.back()) + " (dim " + std::to_string(sa.size() - 1) + ") != " +
                                std::to_string(sb[db]) + " (dim " + std::to_string(db) + ")");
      return {};
    }
  }
  if (b->shape.size() <= 2) return matmul(make(a->dtype, a->shape, a->data), make(b->dtype, b->shape, b->data), cx);
  // N-d: sum over the last axis of a and the second-to-last of b.
  const Shape& sa = a->shape;
  const Shape& sb = b->shape;
  const std::size_t K = sa.back(), Kb = sb[sb.size() - 2];
  if (K != Kb) {
    cx.raise(Exc::ValueError, "shapes " + shape_msg(sa) + " and " + shape_msg(sb) + " not aligned: " + std::to_string(K) +
                              " (dim " + std::to_string(sa.size() - 1) + ") != " + std::to_string(Kb) + " (dim " +
                              std::to_string(sb.size() - 2) + ")");
    return {};
  }
  Shape out(sa.begin(), sa.end() - 1);
  out.insert(out.end(), sb.begin(), sb.end() - 2);
  out.push_back(sb.back());
  const std::size_t Ma = numel(sa) / std::max<std::size_t>(K, 1), N = sb.back();
  const std::size_t Bb = numel(sb) / std::max<std::size_t>(K * N, 1);
  const DType dt = promote(a->dtype, b->dtype);
  if (!check_ndim(cx, out.size()) || !check_shape(cx, out, dt) || !charge(cx, static_cast<double>(Ma) * Bb * N * (K + 1)))
    return {};
  std::vector<double> d(Ma * Bb * N);
  for (std::size_t i = 0; i < Ma; ++i)
    for (std::size_t j = 0; j < Bb; ++j)
      for (std::size_t c = 0; c < N; ++c) {
        double acc = 0;
        for (std::size_t p = 0; p < K; ++p) acc += a->data[i * K + p] * b->data[(j * K + p) * N + c];
        d[(i * Bb + j) * N + c] = dt == DType::Bool ? double(acc != 0) : acc;
      }
  return make(dt, out, std::move(d));
}


}  // namespace attn::py::impl
