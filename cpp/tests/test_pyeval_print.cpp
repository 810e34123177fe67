// How the exercise evaluator prints arrays: str() and repr() of float64,
// int64 and bool arrays against NumPy 1.24, including the summarised form of
// arrays over 1,000 elements (cpp/tests/data/pyeval_print.tsv, made by
// scripts/gen_pyeval_print_golden.py). The printer itself is npformat's.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "pyeval.hpp"

using namespace attn::py;

namespace {

std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      const char c = s[++i];
      out += c == 'n' ? '\n' : c;
    } else {
      out += s[i];
    }
  }
  return out;
}

TEST(PyEvalPrint, ArraysMatchNumPy) {
  std::ifstream f(std::string(ATTN_TEST_DATA_DIR) + "/pyeval_print.tsv");
  ASSERT_TRUE(f.good());
  std::string line;
  int cases = 0;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    const auto t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
    ASSERT_NE(t2, std::string::npos) << line.substr(0, 80);
    const std::string expr = line.substr(0, t1);
    Env env;
    add_builtins(env);
    env.set("T", Value::integer(4));
    env.set("d_k", Value::integer(16));
    Context cx;
    const Value v = eval_expr(expr, env, cx);
    ASSERT_FALSE(cx.failed()) << expr << ": " << cx.error->line();
    EXPECT_EQ(py_str(v), unescape(line.substr(t1 + 1, t2 - t1 - 1))) << "str(" << expr << ")";
    EXPECT_EQ(py_repr(v), unescape(line.substr(t2 + 1))) << "repr(" << expr << ")";
    ++cases;
  }
  EXPECT_GE(cases, 20);
}

}  // namespace
