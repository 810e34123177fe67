// pyeval's syntax tree, shared by the parser and the interpreter.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pyeval/pyeval.hpp"

namespace attn::py {

// The operators of the grammar: binary (Binary, Compare), unary (Unary) and
// boolean (BoolOp). Compared per element as numbers, not as text.
enum class Op : std::uint8_t {
  Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor,  // + - * / // % ** @ & | ^
  Eq, Ne, Lt, Le, Gt, Ge,                                                 // == != < <= > >=
  Neg, Pos, Invert, Not,                                                  // unary - + ~ not
  And, Or,
};
// "+", "//", "not", ...: the operator as written (in error messages).
const char* op_text(Op op);
// A binary or comparison operator from its text ("+" is Add, never Pos).
Op binary_op(std::string_view text);

enum class NodeType : std::uint8_t {
  Const,      // literal
  Name,       // name
  Tuple,      // kids
  List,       // kids
  Unary,      // op, kids[0] (op Neg, Pos, Invert or Not)
  Binary,     // op, kids[0], kids[1]
  Compare,    // ops, kids (chained)
  Attr,       // kids[0].name
  Call,       // kids[0](kids[1..npos], kwnames[i] = kids[1 + npos + i])
  Subscript,  // kids[0][kids[1]]
  Slice,      // kids[0]:kids[1]:kids[2] (null = omitted)
  IfExp,      // kids[0] if kids[1] else kids[2]
  BoolOp,     // kids[0] op kids[1], op And or Or
};

struct Node {
  NodeType type = NodeType::Const;
  int col = 1;
  int name_col = 1;
  std::size_t height = 1;
  Op op = Op::Add;
  std::string name;
  std::vector<Op> ops;
  std::vector<std::string> kwnames;
  std::size_t npos = 0;
  Value literal;
  std::vector<NodePtr> kids;
};

}  // namespace attn::py
