// pyeval interpreter: evaluation of the syntax tree and printing. The
// values, operators, array operations and builtins are in pyeval/ (see
// pyeval/impl.hpp); the grammar in parse.cpp. See pyeval.hpp.
#include "pyeval/pyeval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>

#include "numpy/npformat.hpp"
#include "pyeval/impl.hpp"
#include "pyeval/syntax_tree.hpp"

namespace attn::py {

using namespace impl;

namespace {

// --------------------------------------------------------------- printing --

std::string array_text(const Value& v, bool repr) {
  const Array& a = *v.arr;
  if (v.np_scalar || (a.shape.empty() && !repr)) {
    const double x = a.data[0];
    if (a.dtype == DType::Float) return np::np_float64_str(x);
    if (a.dtype == DType::Bool) return x != 0 ? "True" : "False";
    return int_text(x);
  }
  if (a.dtype == DType::Int) {
    // int64 values are held as integral doubles within int64's range
    std::vector<std::int64_t> n(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      n[i] = !(a.data[i] >= -9223372036854775808.0) ? std::numeric_limits<std::int64_t>::min()
             : a.data[i] >= 9223372036854775808.0 ? std::numeric_limits<std::int64_t>::max()
                                                   : static_cast<std::int64_t>(a.data[i]);
    return repr ? np::array_repr(n.data(), a.shape) : np::array_str(n.data(), a.shape);
  }
  if (a.dtype == DType::Bool) {
    std::unique_ptr<bool[]> b(new bool[std::max<std::size_t>(a.size(), 1)]);
    for (std::size_t i = 0; i < a.size(); ++i) b[i] = a.data[i] != 0;
    return repr ? np::array_repr(b.get(), a.shape) : np::array_str(b.get(), a.shape);
  }
  return repr ? np::array_repr(a.data.data(), a.shape) : np::array_str(a.data.data(), a.shape);
}

// ------------------------------------------------ arrays too large to build --
// A kid whose value is an array too large to build fails with its shape
// (Error::shape, at the kid's depth). A node whose value's shape follows
// from the shapes of its operands alone (elementwise operators, @, .T,
// softmax, np.where, ...) takes the failure up with its own shape, building
// nothing; an operand it also needs is evaluated aside, in a Context of its
// own. Nodes that read the values (indexing, reductions) stop it.

using OptShape = std::optional<Shape>;

bool too_large_at(const Context& cx, std::size_t depth) {
  return cx.error && !cx.error->shape.empty() && cx.error->depth == depth;
}

OptShape shape_of(const Value& v) {
  ArrayPtr a = as_array(v);
  return a ? OptShape(a->shape) : std::nullopt;
}

OptShape shape_aside(const Node& k, Env& env, const Context& cx) {
  Context aside;
  aside.limits = cx.limits;
  aside.depth = cx.depth;
  const Value v = eval(k, env, aside);
  return aside.failed() ? std::nullopt : shape_of(v);
}

OptShape matmul_shape(Shape a, Shape b) {
  if (a.empty() || b.empty()) return std::nullopt;
  const bool a1 = a.size() == 1, b1 = b.size() == 1;
  if (a1) a.insert(a.begin(), 1);
  if (b1) b.push_back(1);
  Shape out;
  if (a.back() != b[b.size() - 2] || !broadcast_shapes(Shape(a.begin(), a.end() - 2), Shape(b.begin(), b.end() - 2), out))
    return std::nullopt;
  if (!a1) out.push_back(a[a.size() - 2]);
  if (!b1) out.push_back(b.back());
  return out;
}

OptShape broadcast_all(const std::vector<OptShape>& shapes) {
  Shape out;
  for (const OptShape& s : shapes)
    if (!s || !broadcast_shapes(Shape(out), *s, out)) return std::nullopt;
  return out;
}

// The shape of a.swapaxes(i, j) when i and j are integers for it.
OptShape swapped(Shape s, const Value& i, const Value& j) {
  Context cx;
  long long x = 0, y = 0;
  std::size_t ax = 0, ay = 0;
  if (!to_index(i, cx, x) || !to_index(j, cx, y) || !normalize_axis(x, s.size(), cx, ax) ||
      !normalize_axis(y, s.size(), cx, ay))
    return std::nullopt;
  std::swap(s[ax], s[ay]);
  return s;
}

// This node's value would be an array of shape `s`: the failure moves up to it.
void lift(Context& cx, const OptShape& s) {
  if (!s || s->empty()) return;
  cx.error->shape = *s;
  cx.error->depth = cx.depth;
}

OptShape reversed(Shape s) {
  std::reverse(s.begin(), s.end());
  return s;
}

// A call whose positional argument `bad` is the too-large array (the
// arguments before it in `done`).
void lift_call(const Node& n, const Value& f, const std::vector<Value>& done, Env& env, Context& cx) {
  const std::size_t bad = done.size();
  std::vector<OptShape> s;
  for (std::size_t i = 0; i < n.npos; ++i)
    s.push_back(i < bad ? shape_of(done[i]) : i == bad ? OptShape(cx.error->shape) : shape_aside(*n.kids[1 + i], env, cx));
  static constexpr std::string_view kSameShape =
      " softmax abs np.sqrt np.exp np.log np.abs np.logical_not np.isinf np.isnan np.round np.around ";
  static constexpr std::string_view kBroadcast = " np.maximum np.minimum np.fmax np.fmin np.where ";
  const std::string name = " " + f.text + " ";
  if (f.kind != Kind::Function || f.self_ || !n.kwnames.empty()) return;
  if (kSameShape.find(name) != std::string_view::npos && n.npos == 1) lift(cx, s[0]);
  else if (kBroadcast.find(name) != std::string_view::npos && n.npos >= 2) lift(cx, broadcast_all(s));
  else if (f.text == "np.matmul" && n.npos == 2 && s[0] && s[1]) lift(cx, matmul_shape(*s[0], *s[1]));
  else if (f.text == "np.transpose" && n.npos == 1) lift(cx, reversed(*s[0]));
  else if ((f.text == "np.triu" || f.text == "np.tril") && n.npos == 1 && bad == 0)
    lift(cx, s[0]->size() == 1 ? Shape{(*s[0])[0], (*s[0])[0]} : *s[0]);
}

// `x.method(...)` where x is the too-large array (two levels down).
void lift_method(const Node& n, Env& env, Context& cx) {
  const Node& attr = *n.kids[0];
  const Shape s = cx.error->shape;
  std::vector<Value> args;
  for (std::size_t i = 1; i < n.kids.size(); ++i) {
    Context aside;
    args.push_back(eval(*n.kids[i], env, aside));
    if (aside.failed()) return;
  }
  if (attr.name == "copy" || attr.name == "astype" || attr.name == "round") lift(cx, s);
  else if (attr.name == "transpose" && args.empty()) lift(cx, reversed(s));
  else if (attr.name == "swapaxes" && args.size() == 2 && n.kwnames.empty()) lift(cx, swapped(s, args[0], args[1]));
}

}  // namespace

// ------------------------------------------------------------------ public --

std::string py_repr(const Value& v) {
  switch (v.kind) {
    case Kind::None: return "None";
    case Kind::Bool: return v.num != 0 ? "True" : "False";
    case Kind::Int: return int_text(v.num);
    case Kind::Float: return np::py_float_repr(v.num);
    case Kind::Str: return "'" + v.text + "'";
    case Kind::Tuple:
    case Kind::List: {
      std::string s = v.kind == Kind::Tuple ? "(" : "[";
      for (std::size_t i = 0; i < v.items.size(); ++i) s += (i ? ", " : "") + py_repr(v.items[i]);
      if (v.kind == Kind::Tuple && v.items.size() == 1) s += ",";
      return s + (v.kind == Kind::Tuple ? ")" : "]");
    }
    case Kind::Slice:
      return "slice(" + py_repr(v.items[0]) + ", " + py_repr(v.items[1]) + ", " + py_repr(v.items[2]) + ")";
    case Kind::Ellipsis: return "Ellipsis";
    case Kind::Array: return array_text(v, true);
    case Kind::Module: return "<module '" + v.text + "'>";
    case Kind::Function: return v.self_ ? "<built-in method " + v.text + " of numpy.ndarray object>" : "<function " + v.text + ">";
    case Kind::DTypeObj: return is_dtype_instance(v) ? v.text : "<class '" + v.text + "'>";
  }
  return "?";
}

std::string py_str(const Value& v) {
  if (v.kind == Kind::Str) return v.text;
  if (v.kind == Kind::Array) return array_text(v, false);
  if (is_dtype_instance(v)) return dtype_name(v.dtype);
  return py_repr(v);
}

Value eval(const Node& n, Env& env, Context& cx) {
  if (cx.failed()) return {};
  struct Depth {
    Context& cx;
    explicit Depth(Context& c) : cx(c) { ++cx.depth; }
    ~Depth() { --cx.depth; }
  } depth(cx);
  switch (n.type) {
    case NodeType::Const: return n.literal;
    case NodeType::Name: {
      auto it = env.vars.find(n.name);
      if (it != env.vars.end()) return it->second;
      if (env.locals.count(n.name))
        cx.raise(Exc::UnboundLocalError, "cannot access local variable '" + n.name + "' where it is not associated with a value");
      else if (env.program_globals.count(n.name) || python_builtin(n.name))
        cx.unsupported(Construct::ProgramName, n.name);  // exists in the real program, not here
      else
        cx.raise(Exc::NameError, "name '" + n.name + "' is not defined");
      return {};
    }
    case NodeType::IfExp: {
      Value c = eval(*n.kids[1], env, cx);
      if (cx.failed()) return {};
      const bool t = truth(c, cx);
      if (cx.failed()) return {};
      Value v = eval(*n.kids[t ? 0 : 2], env, cx);
      if (too_large_at(cx, cx.depth + 1)) lift(cx, cx.error->shape);
      return v;
    }
    case NodeType::BoolOp: {
      Value a = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      const bool t = truth(a, cx);
      if (cx.failed()) return {};
      if (t == (n.op == Op::Or)) return a;
      Value b = eval(*n.kids[1], env, cx);
      if (too_large_at(cx, cx.depth + 1)) lift(cx, cx.error->shape);
      return b;
    }
    case NodeType::Tuple:
    case NodeType::List: {
      Value t;
      t.kind = n.type == NodeType::Tuple ? Kind::Tuple : Kind::List;
      for (const auto& k : n.kids) {
        t.items.push_back(eval(*k, env, cx));
        if (cx.failed()) return {};
      }
      return t;
    }
    case NodeType::Unary: {
      Value v = eval(*n.kids[0], env, cx);
      if (too_large_at(cx, cx.depth + 1) && n.op != Op::Not) lift(cx, cx.error->shape);
      if (cx.failed()) return {};
      if (n.op == Op::Not) {
        const bool t = truth(v, cx);
        return cx.failed() ? Value() : Value::boolean(!t);
      }
      return unary(n.op, v, cx);
    }
    case NodeType::Binary: {
      Value a = eval(*n.kids[0], env, cx);
      const bool left = too_large_at(cx, cx.depth + 1);
      Value b = cx.failed() ? Value() : eval(*n.kids[1], env, cx);
      if (left || too_large_at(cx, cx.depth + 1)) {
        const OptShape sa = left ? OptShape(cx.error->shape) : shape_of(a);
        const OptShape sb = left ? shape_aside(*n.kids[1], env, cx) : OptShape(cx.error->shape);
        lift(cx, !sa || !sb ? std::nullopt : n.op == Op::MatMul ? matmul_shape(*sa, *sb) : broadcast_all({sa, sb}));
      }
      if (cx.failed()) return {};
      return binary(n.op, a, b, cx);
    }
    case NodeType::Compare: {
      Value left = eval(*n.kids[0], env, cx);
      Value result;
      for (std::size_t i = 0; i < n.ops.size(); ++i) {
        if (cx.failed()) return {};
        Value right = eval(*n.kids[i + 1], env, cx);
        if (cx.failed()) return {};
        result = binary(n.ops[i], left, right, cx);
        if (cx.failed()) return {};
        if (i + 1 < n.ops.size()) {
          if (!truth(result, cx)) return result;
          if (cx.failed()) return {};
        }
        left = right;
      }
      return result;
    }
    case NodeType::Attr: {
      Value v = eval(*n.kids[0], env, cx);
      if (too_large_at(cx, cx.depth + 1) && n.name == "T") lift(cx, reversed(cx.error->shape));
      if (cx.failed()) return {};
      return get_attr(v, n.name, cx);
    }
    case NodeType::Call: {
      Value f = eval(*n.kids[0], env, cx);
      if (too_large_at(cx, cx.depth + 2) && n.kids[0]->type == NodeType::Attr) lift_method(n, env, cx);
      if (cx.failed()) return {};
      Args args;
      for (std::size_t i = 0; i < n.npos; ++i) {
        Value v = eval(*n.kids[1 + i], env, cx);
        if (too_large_at(cx, cx.depth + 1)) lift_call(n, f, args.pos, env, cx);
        if (cx.failed()) return {};
        args.pos.push_back(std::move(v));
      }
      for (std::size_t i = 0; i < n.kwnames.size(); ++i) {
        args.kw.emplace_back(n.kwnames[i], eval(*n.kids[1 + n.npos + i], env, cx));
        if (cx.failed()) return {};
      }
      return call_value(f, args, cx);
    }
    case NodeType::Subscript: {
      Value obj = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      Value idx = eval(*n.kids[1], env, cx);
      if (cx.failed()) return {};
      if (obj.kind == Kind::Tuple || obj.kind == Kind::List) return index_tuple(obj, idx, cx);
      if (obj.kind == Kind::Array) return index_array(*obj.arr, idx, obj.np_scalar, cx);
      cx.raise(Exc::TypeError, "'" + type_name(obj) + "' object is not subscriptable");
      return {};
    }
    case NodeType::Slice: {
      Value s;
      s.kind = Kind::Slice;
      for (const auto& k : n.kids) {
        if (!k) { s.items.push_back(Value::none()); continue; }
        Value b = eval(*k, env, cx);
        if (cx.failed()) return {};
        if (b.kind != Kind::None && b.kind != Kind::Int && b.kind != Kind::Bool &&
            !(b.kind == Kind::Array && b.arr->shape.empty() && b.arr->dtype != DType::Float)) {
          cx.raise(Exc::TypeError, "slice indices must be integers or None or have an __index__ method");
          return {};
        }
        s.items.push_back(b);
      }
      return s;
    }
  }
  return {};
}

Value exec_line(std::string_view line, Env& env, Context& cx) {
  Statement st = parse_line(line, cx);
  if (cx.failed() || !st.expr) return {};
  Value v = eval(*st.expr, env, cx);
  if (cx.failed()) return {};
  if (!st.target.empty()) env.set(st.target, v);
  return v;
}

Value eval_expr(std::string_view expr, Env& env, Context& cx) {
  Statement st = parse_line(expr, cx);
  if (cx.failed() || !st.expr) return {};
  if (!st.target.empty()) {
    cx.raise(Exc::SyntaxError, "expected an expression, not an assignment (col 1)");
    return {};
  }
  return eval(*st.expr, env, cx);
}

}  // namespace attn::py
