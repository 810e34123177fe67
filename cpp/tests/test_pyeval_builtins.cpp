// The evaluator's table of builtins is its allow-list: every entry is reachable
// from a line by its name, every NumPy entry is a real NumPy name, and names
// outside the table are not callable.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "numpy_names.hpp"
#include "pyeval.hpp"
#include "pyeval/impl.hpp"

namespace {

using namespace attn::py;

std::string reach(const impl::Builtin& b) {
  switch (b.home) {
    case impl::Home::Python: return b.name;
    case impl::Home::Numpy: return std::string("np.") + b.name;
    case impl::Home::Math: return std::string("math.") + b.name;
    case impl::Home::Ndarray: return std::string("np.ones((2, 2)).") + b.name;
  }
  return "";
}

TEST(PyevalBuiltins, EveryEntryIsReachableByItsName) {
  for (const impl::Builtin& b : impl::builtin_table()) {
    Env env;
    add_builtins(env);
    add_math(env);
    Context cx;
    const Value v = eval_expr(reach(b), env, cx);
    ASSERT_FALSE(cx.failed()) << reach(b) << ": " << cx.error->line();
    EXPECT_EQ(v.kind, Kind::Function) << reach(b);
    EXPECT_EQ(impl::find_builtin(b.home, b.name), &b) << reach(b) << " is listed twice";
  }
}

TEST(PyevalBuiltins, NumpyEntriesAreNumpyNames) {
  for (const impl::Builtin& b : impl::builtin_table())
    if (b.home == impl::Home::Numpy)
      EXPECT_NE(kNumpyNames.find(" " + std::string(b.name) + " "), std::string_view::npos) << b.name;
}

TEST(PyevalBuiltins, NamesOutsideTheTableAreNotCallable) {
  Env env;
  add_builtins(env);
  for (const char* line : {"np.cumsum", "np.ones((2, 2)).argmax", "print"}) {
    Context cx;
    eval_expr(line, env, cx);
    ASSERT_TRUE(cx.failed()) << line;
    EXPECT_TRUE(cx.is_unsupported()) << line << ": " << cx.error->line();
  }
  Context cx;
  eval_expr("np.frobnicate", env, cx);
  ASSERT_TRUE(cx.failed());
  EXPECT_EQ(cx.error->type, "AttributeError");
}

TEST(PyevalBuiltins, UfuncsTakeOperandsByPositionOnly) {
  Env env;
  add_builtins(env);
  Context cx;
  eval_expr("np.matmul(x1=np.ones((2, 2)), x2=np.ones((2, 2)))", env, cx);
  ASSERT_TRUE(cx.failed());
  EXPECT_EQ(cx.error->line(), "TypeError: matmul() takes from 2 to 3 positional arguments but 0 were given");
}

}  // namespace

namespace {

using namespace attn::py;

// "unsupported" errors carry a stable code and arguments; their English
// wording (the CLI's) is the template with the arguments.
TEST(PyevalConstructs, CodesAreUniqueAndWordedFromTheirArguments) {
  std::set<std::string> codes;
  for (const ConstructInfo& c : kConstructs) {
    EXPECT_TRUE(codes.insert(c.code).second) << c.code;
    const std::string en = c.english;
    EXPECT_EQ(en.find("{0}") != std::string::npos, *c.arg0 != '\0') << c.code;
    EXPECT_EQ(en.find("{1}") != std::string::npos, *c.arg1 != '\0') << c.code;
  }
  EXPECT_EQ(construct_text(Construct::ArrayTooLarge, "1000000", ""), "arrays of more than 1000000 elements");
  EXPECT_EQ(construct_text(Construct::Argument, "out", "sum"), "the out argument of sum()");
  EXPECT_EQ(construct_text(Construct::StringEscape, "N", ""), "the string escape \\N");
}

TEST(PyevalConstructs, ErrorsCarryTheirCodeAndArguments) {
  struct Case {
    const char* line;
    Construct what;
    const char* arg0;
    const char* message;
  };
  const Case cases[] = {
      {"np.cumsum", Construct::NumpyName, "np.cumsum", "np.cumsum"},
      {"np.ones((2000, 2000))", Construct::ArrayTooLarge, "1000000", "arrays of more than 1000000 elements"},
      {"np.ones(3).sum(dtype=int)", Construct::DtypeOut, ".sum", "the dtype and out arguments of .sum()"},
      {"[x for x in (1, 2)]", Construct::KeywordExpression, "for", "'for' expressions"},
      {"print", Construct::ProgramName, "print", "the name print"},
  };
  for (const Case& c : cases) {
    Env env;
    add_builtins(env);
    Context cx;
    eval_expr(c.line, env, cx);
    ASSERT_TRUE(cx.is_unsupported()) << c.line;
    EXPECT_EQ(cx.error->construct, c.what) << c.line;
    EXPECT_EQ(cx.error->arg0, c.arg0) << c.line;
    EXPECT_EQ(cx.error->message, c.message) << c.line;
  }
}

}  // namespace
