// pyeval lexer and parser: one line of Python, restricted to the expression
// subset described in pyeval.hpp. Recursion is bounded by Limits::max_depth
// (every nested expression or unary operator counts one level) and the token
// count by Limits::max_tokens, so no input can exhaust the stack.
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "pyeval/pyeval.hpp"
#include "pyeval/syntax_tree.hpp"

namespace attn::py {

void NodeDeleter::operator()(Node* n) const { delete n; }

namespace {

enum class Tok : std::uint8_t { Name, Int, Float, Str, Op, End };

struct Token {
  Tok type = Tok::End;
  std::string text;   // name, operator, string contents
  double value = 0;   // numbers
  int col = 1;        // 1-based column (code points)
};

const char* const kKeywords[] = {"and", "as", "assert", "async", "await", "break", "class", "continue",
                                 "def", "del", "elif", "else", "except", "finally", "for", "from",
                                 "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
                                 "or", "pass", "raise", "return", "try", "while", "with", "yield"};

bool is_keyword(const std::string& s) {
  for (const char* k : kKeywords)
    if (s == k) return true;
  return false;
}

// Keywords that may start an expression in Python.
bool expression_keyword(const std::string& s) { return s == "not" || s == "lambda" || s == "yield"; }

std::string syntax(Context& cx, const std::string& msg, int col) {
  cx.raise(Exc::SyntaxError, msg + " (col " + std::to_string(col) + ")");
  return {};
}

// Decodes one UTF-8 code point at s[i]; returns its byte length (>= 1).
std::size_t utf8_len(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  if (i + n > s.size()) n = 1;
  cp = n == 1 ? c : (c & (0xFF >> (n + 1)));
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return n;
}

bool lex(std::string_view src, std::vector<Token>& out, Context& cx) {
  std::size_t i = 0;
  int brackets = 0;
  int col = 1;
  auto ident_start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  while (i < src.size()) {
    if (out.size() >= cx.limits.max_tokens) {
      cx.unsupported(Construct::LineTokens, std::to_string(cx.limits.max_tokens));
      return false;
    }
    const char c = src[i];
    if ((c == '\n' || c == '\r') && brackets == 0) {
      // a line break outside brackets ends the statement: in the program the
      // rest lands outside attention()'s body
      syntax(cx, "invalid syntax", col);
      return false;
    }
    if (c == '\\' && i + 1 < src.size() && (src[i + 1] == '\n' || src[i + 1] == '\r')) {
      // an explicit line join: the next physical line continues this one
      i += src[i + 1] == '\r' && i + 2 < src.size() && src[i + 2] == '\n' ? 3 : 2;
      col += 2;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f') { ++i; ++col; continue; }
    if (c == '#') break;  // comment to end of line
    Token t;
    t.col = col;
    const std::size_t start = i;
    if (ident_start(c)) {
      while (i < src.size() && (ident_start(src[i]) || digit(src[i]))) ++i;
      t.type = Tok::Name;
      t.text = std::string(src.substr(start, i - start));
      if (i < src.size() && (src[i] == '\'' || src[i] == '"') && t.text.size() <= 2 &&
          t.text.find_first_not_of("rRbBfFuU") == std::string::npos) {
        cx.unsupported(Construct::StringPrefix, t.text);
        return false;
      }
    } else if (digit(c) || (c == '.' && i + 1 < src.size() && digit(src[i + 1]))) {
      // Python's number grammar: digits with single underscores between them,
      // 0x/0o/0b prefixes, no leading zeros in a non-zero decimal integer.
      bool is_float = false;
      std::string digits;
      auto part = [&](auto is_digit) {  // digit (["_"] digit)*; false on a stray underscore
        if (i >= src.size() || !is_digit(src[i])) return false;
        digits += src[i++];
        while (i < src.size()) {
          if (src[i] == '_') {
            if (i + 1 >= src.size() || !is_digit(src[i + 1])) return false;
            digits += src[i + 1];
            i += 2;
          } else if (is_digit(src[i])) {
            digits += src[i++];
          } else {
            break;
          }
        }
        return true;
      };
      auto ident_follows = [&] {
        return i < src.size() && (ident_start(src[i]) || digit(src[i]) || static_cast<unsigned char>(src[i]) >= 0x80);
      };
      if (c == '0' && i + 1 < src.size() && std::strchr("xXoObB", src[i + 1])) {
        const char b = static_cast<char>(src[i + 1] | 0x20);
        const int base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
        const char* name = b == 'x' ? "hexadecimal" : b == 'o' ? "octal" : "binary";
        auto in_base = [base](char d) {
          const int v = d >= '0' && d <= '9' ? d - '0' : (d | 0x20) >= 'a' && (d | 0x20) <= 'f' ? (d | 0x20) - 'a' + 10 : 99;
          return v < base;
        };
        i += 2;
        if (i < src.size() && src[i] == '_') ++i;
        if (!part(in_base) || ident_follows()) {
          syntax(cx, std::string("invalid ") + name + " literal", col);
          return false;
        }
        double v = 0;
        for (char d : digits) v = v * base + (d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10);
        t.value = v;
        t.type = Tok::Int;
      } else {
        bool ok = true;
        if (c != '.') ok = part(digit);
        const std::string int_part = digits;
        if (ok && i < src.size() && src[i] == '.') {
          is_float = true;
          digits += '.';
          ++i;
          if (i < src.size() && digit(src[i])) ok = part(digit);
        }
        if (ok && i < src.size() && (src[i] == 'e' || src[i] == 'E')) {
          std::size_t j = i + 1;
          if (j < src.size() && (src[j] == '+' || src[j] == '-')) ++j;
          if (j < src.size() && digit(src[j])) {
            is_float = true;
            digits += 'e';
            digits.append(src.substr(i + 1, j - i - 1));
            i = j;
            ok = part(digit);
          }
        }
        if (ok && i < src.size() && (src[i] == 'j' || src[i] == 'J')) {
          cx.unsupported(Construct::Complex);
          return false;
        }
        if (!ok || ident_follows()) {
          syntax(cx, "invalid decimal literal", col);
          return false;
        }
        if (!is_float && int_part.size() > 1 && int_part[0] == '0' &&
            int_part.find_first_not_of('0') != std::string::npos) {
          syntax(cx, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                 col);
          return false;
        }
        if (digits.size() > 400) {
          cx.unsupported(Construct::LongLiteral);
          return false;
        }
        t.value = std::strtod(digits.c_str(), nullptr);
        t.type = is_float ? Tok::Float : Tok::Int;
      }
      if (t.type == Tok::Int && t.value > 9007199254740992.0) {
        cx.unsupported(Construct::BigInteger);
        return false;
      }
    } else if (c == '\'' || c == '"') {
      ++i;
      std::string s;
      bool closed = false;
      while (i < src.size()) {
        char d = src[i];
        if (d == c) { closed = true; ++i; break; }
        if (d == '\\' && i + 1 < src.size()) {
          const char e = src[i + 1];
          if (!std::strchr("nt\\'\"", e)) {
            cx.unsupported(Construct::StringEscape, std::string(1, e));
            return false;
          }
          s += e == 'n' ? '\n' : e == 't' ? '\t' : e;
          i += 2;
          continue;
        }
        s += d;
        ++i;
      }
      if (!closed) {
        syntax(cx, "unterminated string literal", col);
        return false;
      }
      t.type = Tok::Str;
      t.text = s;
    } else {
      static const char* const ops[] = {"...", "**=", "//=", ">>=", "<<=", "**", "//", "==", "!=", "<=",
                                         ">=", "->", "<<", ">>", ":=", "+=", "-=", "*=", "/=", "@=", "%=",
                                         "&=", "|=", "^=", "@", "*", "/", "%", "+", "-", "~", "&", "|",
                                         "^", "<", ">", "(", ")", "[", "]", ",", ":", ".", "=", "{", "}",
                                         ";"};
      const char* hit = nullptr;
      for (const char* op : ops) {
        const std::size_t n = std::strlen(op);
        if (src.substr(i, n) == op) { hit = op; break; }
      }
      if (!hit) {
        std::uint32_t cp = 0;
        const std::size_t n = utf8_len(src, i, cp);
        const bool letter = cp >= 0xC0 && cp != 0xD7 && cp != 0xF7 && !(cp >= 0x2000 && cp <= 0x2BFF) &&
                            !(cp >= 0x3000 && cp <= 0x303F) && cp != 0xFEFF && !(cp >= 0xFF00 && cp <= 0xFF20) &&
                            !(cp >= 0xFF3B && cp <= 0xFF40) && !(cp >= 0xFF5B && cp <= 0xFF65) &&
                            !(cp >= 0x0660 && cp <= 0x0669) && !(cp >= 0x06F0 && cp <= 0x06F9) &&
                            !(cp >= 0x0966 && cp <= 0x096F) && !(cp >= 0xFF10 && cp <= 0xFF19);
        if (letter) {
          cx.unsupported(Construct::NonAsciiName);
          return false;
        }
        if (cp >= 0x80) {
          char buf[16];
          std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
          syntax(cx, "invalid character '" + std::string(src.substr(i, n)) + "' (" + buf + ")", col);
        } else {
          syntax(cx, "invalid syntax", col);
        }
        return false;
      }
      t.type = Tok::Op;
      t.text = hit;
      if (t.text == "(" || t.text == "[" || t.text == "{") ++brackets;
      if (t.text == ")" || t.text == "]" || t.text == "}") --brackets;
      i += t.text.size();
    }
    // advance the column by code points
    for (std::size_t k = start; k < i;) {
      std::uint32_t cp = 0;
      k += utf8_len(src, k, cp);
      if (k > start + 0 && k <= i) ++col;
    }
    out.push_back(std::move(t));
  }
  Token end;
  end.col = col;
  out.push_back(end);
  return true;
}

class Parser {
 public:
  Parser(std::vector<Token> toks, Context& cx) : t_(std::move(toks)), cx_(cx) {}

  Statement statement() {
    Statement st;
    // `name = name = ... = expression` (Python binds every name)
    while (p_ + 2 < t_.size() && t_[p_].type == Tok::Name && t_[p_ + 1].type == Tok::Op && t_[p_ + 1].text == "=") {
      const Token& n = t_[p_];
      if (is_keyword(n.text) || n.text == "True" || n.text == "False" || n.text == "None") {
        syntax(cx_, "cannot assign to " + n.text, n.col);
        return st;
      }
      (st.target.empty() ? st.target : st.more_targets.emplace_back()) = n.text;
      p_ += 2;
    }
    if (peek().type == Tok::End) {
      syntax(cx_, "invalid syntax: expected an expression", peek().col);
      return st;
    }
    if (peek().type == Tok::Name && is_keyword(peek().text) && !expression_keyword(peek().text)) {
      // a statement where Python expects an expression (`scores = return x`)
      syntax(cx_, "invalid syntax", peek().col);
      return st;
    }
    NodePtr e = testlist(true);
    if (cx_.failed()) return st;
    if (is_op(";")) {  // one trailing `;` ends the statement; another statement after it is not run here
      ++p_;
      if (peek().type != Tok::End) {
        if (is_op(";")) syntax(cx_, "invalid syntax", peek().col);
        else cx_.unsupported(Construct::SeveralStatements);
        return st;
      }
    }
    if (peek().type != Tok::End) {
      const Token& k = peek();
      if (k.type == Tok::Op && k.text == "=" &&
          (e->type == NodeType::Subscript || e->type == NodeType::Attr || e->type == NodeType::Tuple ||
           e->type == NodeType::List || e->type == NodeType::Name))
        cx_.unsupported(Construct::AssignTarget);
      else if (k.type == Tok::Op && k.text == "=")
        syntax(cx_, "cannot assign to expression", k.col);
      else
        unexpected(k);
      return st;
    }
    st.ellipsis_only = e->type == NodeType::Const && e->literal.kind == Kind::Ellipsis;
    st.expr = std::move(e);
    return st;
  }

 private:
  std::vector<Token> t_;
  std::size_t p_ = 0;
  std::size_t depth_ = 0;
  Context& cx_;

  const Token& peek(std::size_t k = 0) const { return t_[std::min(p_ + k, t_.size() - 1)]; }
  bool is_op(const char* op, std::size_t k = 0) const {
    return peek(k).type == Tok::Op && peek(k).text == op;
  }
  bool accept(const char* op) {
    if (!is_op(op)) return false;
    ++p_;
    return true;
  }

  NodePtr fail_unexpected(const Token& k) {
    unexpected(k);
    return nullptr;
  }

  void unexpected(const Token& k) {
    if (k.type == Tok::Name && is_keyword(k.text)) {
      if (expression_keyword(k.text) || k.text == "if" || k.text == "for" || k.text == "is" || k.text == "in")
        cx_.unsupported(Construct::KeywordExpression, k.text);
      else
        syntax(cx_, "invalid syntax", k.col);
    } else if (k.type == Tok::End) {
      syntax(cx_, "invalid syntax: the line ends too early", k.col);
    } else if (k.type == Tok::Op && (k.text == "{" || k.text == ":=" || k.text == "<<" || k.text == ">>")) {
      if (k.text == "{") cx_.unsupported(Construct::DictSet);
      else cx_.unsupported(Construct::Operator, k.text);
    } else {
      syntax(cx_, "invalid syntax", k.col);
    }
  }

  NodePtr make(NodeType type, int col) {
    NodePtr n(new Node);
    n->type = type;
    n->col = col;
    return n;
  }

  // Every node's height is checked so that evaluation recursion stays shallow.
  bool check_height(Node& n) {
    std::size_t h = 0;
    for (const auto& k : n.kids)
      if (k && k->height > h) h = k->height;
    n.height = h + 1;
    if (n.height > cx_.limits.max_depth) {
      cx_.unsupported(Construct::Nesting, std::to_string(cx_.limits.max_depth));
      return false;
    }
    return true;
  }

  struct DepthGuard {
    Parser& p;
    bool ok;
    explicit DepthGuard(Parser& parser) : p(parser), ok(++parser.depth_ <= parser.cx_.limits.max_depth) {
      if (!ok)
        p.cx_.unsupported(Construct::Nesting, std::to_string(p.cx_.limits.max_depth));
    }
    ~DepthGuard() { --p.depth_; }
  };

  // testlist: test (',' test)* [','] -> a tuple when there is a comma
  NodePtr testlist(bool allow_tuple) {
    const int col = peek().col;
    NodePtr first = test();
    if (!first || !allow_tuple || !is_op(",")) return first;
    NodePtr tup = make(NodeType::Tuple, col);
    tup->kids.push_back(std::move(first));
    while (accept(",")) {
      if (at_expr_end()) break;
      NodePtr e = test();
      if (!e) return nullptr;
      tup->kids.push_back(std::move(e));
    }
    if (!check_height(*tup)) return nullptr;
    return tup;
  }

  bool at_expr_end() const {
    const Token& k = peek();
    return k.type == Tok::End || (k.type == Tok::Op && (k.text == ")" || k.text == "]" || k.text == "=" ||
                                                        k.text == ":"));
  }

  // test: or_test ['if' or_test 'else' test]
  NodePtr test() {
    DepthGuard g(*this);
    if (!g.ok) return nullptr;
    const int col = peek().col;
    NodePtr e = or_test();
    if (!e) return nullptr;
    if (peek().type == Tok::Name && peek().text == "if") {
      ++p_;
      NodePtr cond = or_test();
      if (!cond) return nullptr;
      if (!(peek().type == Tok::Name && peek().text == "else")) return fail_unexpected(peek());
      ++p_;
      NodePtr orelse = test();
      if (!orelse) return nullptr;
      NodePtr n = make(NodeType::IfExp, col);
      n->kids.push_back(std::move(e));
      n->kids.push_back(std::move(cond));
      n->kids.push_back(std::move(orelse));
      if (!check_height(*n)) return nullptr;
      return n;
    }
    if (peek().type == Tok::Name && (peek().text == "in" || peek().text == "is" || peek().text == "not" ||
                                     peek().text == "for")) {
      cx_.unsupported(Construct::KeywordExpression, peek().text);
      return nullptr;
    }
    return e;
  }

  NodePtr bool_level(const char* op, NodePtr (Parser::*next)()) {
    const int col = peek().col;
    NodePtr lhs = (this->*next)();
    if (!lhs) return nullptr;
    while (peek().type == Tok::Name && peek().text == op) {
      ++p_;
      NodePtr rhs = (this->*next)();
      if (!rhs) return nullptr;
      NodePtr b = make(NodeType::BoolOp, col);
      b->op = op[0] == 'o' ? Op::Or : Op::And;
      b->kids.push_back(std::move(lhs));
      b->kids.push_back(std::move(rhs));
      if (!check_height(*b)) return nullptr;
      lhs = std::move(b);
    }
    return lhs;
  }
  NodePtr or_test() { return bool_level("or", &Parser::and_test); }
  NodePtr and_test() { return bool_level("and", &Parser::not_test); }
  NodePtr not_test() {
    if (peek().type == Tok::Name && peek().text == "not") {
      DepthGuard g(*this);
      if (!g.ok) return nullptr;
      const int col = peek().col;
      ++p_;
      NodePtr operand = not_test();
      if (!operand) return nullptr;
      NodePtr u = make(NodeType::Unary, col);
      u->op = Op::Not;
      u->kids.push_back(std::move(operand));
      if (!check_height(*u)) return nullptr;
      return u;
    }
    return comparison();
  }

  NodePtr comparison() {
    const int col = peek().col;
    NodePtr first = bitor_();
    if (!first) return nullptr;
    static const char* const cmp[] = {"<", "<=", ">", ">=", "==", "!="};
    NodePtr node;
    for (;;) {
      const char* op = nullptr;
      for (const char* c : cmp)
        if (is_op(c)) op = c;
      if (!op) break;
      ++p_;
      if (!node) {
        node = make(NodeType::Compare, col);
        node->kids.push_back(std::move(first));
      }
      node->ops.push_back(binary_op(op));
      NodePtr rhs = bitor_();
      if (!rhs) return nullptr;
      node->kids.push_back(std::move(rhs));
      if (!check_height(*node)) return nullptr;
    }
    return node ? std::move(node) : std::move(first);
  }

  template <class Next>
  NodePtr binary_level(std::initializer_list<const char*> ops, Next next) {
    NodePtr lhs = (this->*next)();
    if (!lhs) return nullptr;
    for (;;) {
      const char* op = nullptr;
      for (const char* o : ops)
        if (is_op(o)) op = o;
      if (!op) return lhs;
      const int col = peek().col;
      ++p_;
      NodePtr rhs = (this->*next)();
      if (!rhs) return nullptr;
      NodePtr b = make(NodeType::Binary, col);
      b->op = binary_op(op);
      b->kids.push_back(std::move(lhs));
      b->kids.push_back(std::move(rhs));
      if (!check_height(*b)) return nullptr;
      lhs = std::move(b);
    }
  }

  NodePtr bitor_() { return binary_level({"|"}, &Parser::bitxor_); }
  NodePtr bitxor_() { return binary_level({"^"}, &Parser::bitand_); }
  NodePtr bitand_() { return binary_level({"&"}, &Parser::arith); }
  NodePtr arith() { return binary_level({"+", "-"}, &Parser::term); }
  NodePtr term() { return binary_level({"*", "/", "//", "%", "@"}, &Parser::factor); }

  NodePtr factor() {
    if (is_op("-") || is_op("+") || is_op("~")) {
      DepthGuard g(*this);
      if (!g.ok) return nullptr;
      const Token op = peek();
      ++p_;
      NodePtr operand = factor();
      if (!operand) return nullptr;
      NodePtr u = make(NodeType::Unary, op.col);
      u->op = op.text == "-" ? Op::Neg : op.text == "+" ? Op::Pos : Op::Invert;
      u->kids.push_back(std::move(operand));
      if (!check_height(*u)) return nullptr;
      return u;
    }
    return power();
  }

  NodePtr power() {
    NodePtr base = primary();
    if (!base) return nullptr;
    if (!is_op("**")) return base;
    const int col = peek().col;
    ++p_;
    NodePtr exp = factor();  // right-associative; binds tighter than unary on its left
    if (!exp) return nullptr;
    NodePtr b = make(NodeType::Binary, col);
    b->op = Op::Pow;
    b->kids.push_back(std::move(base));
    b->kids.push_back(std::move(exp));
    if (!check_height(*b)) return nullptr;
    return b;
  }

  NodePtr primary() {
    NodePtr e = atom();
    if (!e) return nullptr;
    for (;;) {
      const Token k = peek();
      if (accept(".")) {
        if (peek().type != Tok::Name || is_keyword(peek().text)) return fail_unexpected(peek());
        NodePtr a = make(NodeType::Attr, k.col);
        a->name = peek().text;
        a->name_col = peek().col;
        ++p_;
        a->kids.push_back(std::move(e));
        if (!check_height(*a)) return nullptr;
        e = std::move(a);
      } else if (accept("(")) {
        NodePtr c = make(NodeType::Call, k.col);
        c->kids.push_back(std::move(e));
        if (!arguments(*c)) return nullptr;
        if (!check_height(*c)) return nullptr;
        e = std::move(c);
      } else if (accept("[")) {
        NodePtr s = make(NodeType::Subscript, k.col);
        s->kids.push_back(std::move(e));
        NodePtr idx = subscripts();
        if (!idx) return nullptr;
        s->kids.push_back(std::move(idx));
        if (!accept("]")) return fail_unexpected(peek());
        if (!check_height(*s)) return nullptr;
        e = std::move(s);
      } else {
        return e;
      }
    }
  }

  bool arguments(Node& call) {
    bool seen_kw = false;
    while (!accept(")")) {
      if (is_op("*") || is_op("**")) {
        cx_.unsupported(Construct::ArgumentUnpacking);
        return false;
      }
      if (peek().type == Tok::Name && is_op("=", 1)) {
        const std::string name = peek().text;
        for (const auto& kw : call.kwnames)
          if (kw == name) {
            syntax(cx_, "keyword argument repeated: " + name, peek().col);
            return false;
          }
        p_ += 2;
        NodePtr v = test();
        if (!v) return false;
        call.kwnames.push_back(name);
        call.kids.push_back(std::move(v));
        seen_kw = true;
      } else {
        const int col = peek().col;
        NodePtr v = test();
        if (!v) return false;
        if (seen_kw) {
          syntax(cx_, "positional argument follows keyword argument", col);
          return false;
        }
        call.kids.push_back(std::move(v));
        ++call.npos;
      }
      if (accept(")")) break;
      if (!accept(",")) {
        fail_unexpected(peek());
        return false;
      }
    }
    return true;
  }

  // subscriptlist: subscript (',' subscript)* [',']
  NodePtr subscripts() {
    const int col = peek().col;
    NodePtr first = subscript();
    if (!first || !is_op(",")) return first;
    NodePtr tup = make(NodeType::Tuple, col);
    tup->kids.push_back(std::move(first));
    while (accept(",")) {
      if (is_op("]")) break;
      NodePtr s = subscript();
      if (!s) return nullptr;
      tup->kids.push_back(std::move(s));
    }
    if (!check_height(*tup)) return nullptr;
    return tup;
  }

  NodePtr subscript() {
    const int col = peek().col;
    NodePtr start;
    if (!is_op(":")) {
      start = test();
      if (!start) return nullptr;
      if (!is_op(":")) return start;
    }
    ++p_;  // ':'
    NodePtr s = make(NodeType::Slice, col);
    NodePtr stop, step;
    if (!is_op("]") && !is_op(",") && !is_op(":")) {
      stop = test();
      if (!stop) return nullptr;
    }
    if (accept(":")) {
      if (!is_op("]") && !is_op(",")) {
        step = test();
        if (!step) return nullptr;
      }
    }
    s->kids.push_back(std::move(start));
    s->kids.push_back(std::move(stop));
    s->kids.push_back(std::move(step));
    if (!check_height(*s)) return nullptr;
    return s;
  }

  NodePtr atom() {
    const Token k = peek();
    switch (k.type) {
      case Tok::Int:
      case Tok::Float: {
        ++p_;
        NodePtr n = make(NodeType::Const, k.col);
        n->literal = k.type == Tok::Int ? Value::integer(k.value) : Value::real(k.value);
        return n;
      }
      case Tok::Str: {
        std::string s;
        while (peek().type == Tok::Str) {  // implicit concatenation
          s += peek().text;
          ++p_;
        }
        NodePtr n = make(NodeType::Const, k.col);
        n->literal.kind = Kind::Str;
        n->literal.text = s;
        return n;
      }
      case Tok::Name: {
        if (k.text == "True" || k.text == "False" || k.text == "None") {
          ++p_;
          NodePtr n = make(NodeType::Const, k.col);
          n->literal = k.text == "None" ? Value::none() : Value::boolean(k.text == "True");
          return n;
        }
        if (is_keyword(k.text)) return fail_unexpected(k);
        ++p_;
        NodePtr n = make(NodeType::Name, k.col);
        n->name = k.text;
        return n;
      }
      case Tok::Op: {
        if (k.text == "*" || k.text == "**") {
          cx_.unsupported(Construct::Starred);
          return nullptr;
        }
        if (k.text == "...") {
          ++p_;
          NodePtr n = make(NodeType::Const, k.col);
          n->literal.kind = Kind::Ellipsis;
          return n;
        }
        if (k.text == "(" || k.text == "[") {
          DepthGuard g(*this);
          if (!g.ok) return nullptr;
          const bool list = k.text == "[";
          const char* close = list ? "]" : ")";
          ++p_;
          NodePtr seq = make(list ? NodeType::List : NodeType::Tuple, k.col);
          if (accept(close)) return seq;
          NodePtr first = test();
          if (!first) return nullptr;
          if (!list && accept(")")) return first;  // parenthesized expression
          seq->kids.push_back(std::move(first));
          while (!accept(close)) {
            if (!accept(",")) return fail_unexpected(peek());
            if (accept(close)) break;
            NodePtr e = test();
            if (!e) return nullptr;
            seq->kids.push_back(std::move(e));
          }
          if (!check_height(*seq)) return nullptr;
          return seq;
        }
        return fail_unexpected(k);
      }
      case Tok::End:
        return fail_unexpected(k);
    }
    return fail_unexpected(k);
  }
};

}  // namespace

Statement parse_line(std::string_view line, Context& cx) {
  if (line.size() > cx.limits.max_line_chars) {
    cx.unsupported(Construct::LineLength, std::to_string(cx.limits.max_line_chars));
    return {};
  }
  std::vector<Token> toks;
  if (!lex(line, toks, cx)) return {};
  Parser p(std::move(toks), cx);
  Statement st = p.statement();
  if (cx.failed()) st.expr.reset();
  return st;
}

}  // namespace attn::py
