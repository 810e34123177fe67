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
      return eval(*n.kids[t ? 0 : 2], env, cx);
    }
    case NodeType::BoolOp: {
      Value a = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      const bool t = truth(a, cx);
      if (cx.failed()) return {};
      if (t == (n.op == Op::Or)) return a;
      return eval(*n.kids[1], env, cx);
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
      if (cx.failed()) return {};
      if (n.op == Op::Not) {
        const bool t = truth(v, cx);
        return cx.failed() ? Value() : Value::boolean(!t);
      }
      return unary(n.op, v, cx);
    }
    case NodeType::Binary: {
      Value a = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      Value b = eval(*n.kids[1], env, cx);
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
      if (cx.failed()) return {};
      return get_attr(v, n.name, cx);
    }
    case NodeType::Call: {
      Value f = eval(*n.kids[0], env, cx);
      if (cx.failed()) return {};
      Args args;
      for (std::size_t i = 0; i < n.npos; ++i) {
        args.pos.push_back(eval(*n.kids[1 + i], env, cx));
        if (cx.failed()) return {};
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
