// pyeval's syntax tree, shared by the parser and the interpreter.
#pragma once

#include <string>
#include <vector>

#include "pyeval.hpp"

namespace attn::py {

enum class NodeType : std::uint8_t {
  Const,      // literal
  Name,       // name
  Tuple,      // kids
  List,       // kids
  Unary,      // op, kids[0] (op -, +, ~ or not)
  Binary,     // op, kids[0], kids[1]
  Compare,    // ops, kids (chained)
  Attr,       // kids[0].name
  Call,       // kids[0](kids[1..npos], kwnames[i] = kids[1 + npos + i])
  Subscript,  // kids[0][kids[1]]
  Slice,      // kids[0]:kids[1]:kids[2] (null = omitted)
  IfExp,      // kids[0] if kids[1] else kids[2]
  BoolOp,     // kids[0] op kids[1], op "and" or "or"
};

struct Node {
  NodeType type = NodeType::Const;
  int col = 1;
  int name_col = 1;
  std::size_t height = 1;
  std::string op;
  std::string name;
  std::vector<std::string> ops;
  std::vector<std::string> kwnames;
  std::size_t npos = 0;
  Value literal;
  std::vector<NodePtr> kids;
};

}  // namespace attn::py
