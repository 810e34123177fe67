// The evaluator's table of builtins is its allow-list: every entry is reachable
// from a line by its name, every NumPy entry is a real NumPy name, and names
// outside the table are not callable.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "numpy/numpy_names.hpp"
#include "pyeval/pyeval.hpp"
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

// Every parameter a signature in the table marks as not modelled ("~") is
// unsupported when a line gives it, by keyword and (when it can be given so)
// by position: a parameter NumPy has cannot become a TypeError here.
TEST(PyevalBuiltins, UnmodelledParametersAreUnsupported) {
  for (const impl::Builtin& b : impl::builtin_table()) {
    if (b.check != impl::Check::Bind) continue;
    std::vector<std::string> sig;
    const std::string params = b.params;
    for (std::size_t s = 0; s < params.size();) {
      const std::size_t e = std::min(params.find(' ', s), params.size());
      sig.push_back(params.substr(s, e - s));
      s = e + 1;
    }
    std::vector<std::string> positional;
    bool keyword_only = false, positional_only = false;
    for (const std::string& w : sig) positional_only = positional_only || w == "/";
    for (const std::string& w : sig) {
      if (w == "/") { positional_only = false; continue; }
      if (w == "*") { keyword_only = true; continue; }
      const bool modelled = w[0] != '~';
      const std::string name = modelled ? w : w.substr(1);
      if (!modelled) {
        std::string args;
        for (std::size_t i = 0; i < b.required; ++i) args += "np.ones((2, 2)), ";
        if (!positional_only) {
          Env env;
          add_builtins(env);
          add_math(env);
          Context cx;
          eval_expr(reach(b) + "(" + args + name + "=None)", env, cx);
          EXPECT_TRUE(cx.is_unsupported()) << reach(b) << " " << name << ": " << (cx.error ? cx.error->line() : "ran");
        }
        if (!keyword_only) {
          std::string pos;
          for (std::size_t i = 0; i < positional.size(); ++i) pos += i < b.required ? "np.ones((2, 2)), " : "None, ";
          Env env;
          add_builtins(env);
          add_math(env);
          Context cx;
          eval_expr(reach(b) + "(" + pos + "None)", env, cx);
          EXPECT_TRUE(cx.is_unsupported()) << reach(b) << " " << name << " by position: "
                                           << (cx.error ? cx.error->line() : "ran");
        }
      }
      if (!keyword_only) positional.push_back(name);
    }
  }
}

// Valid lines that use what the evaluator lacks are unsupported, never a
// Python error; their invalid neighbours are Python's errors.
TEST(PyevalBuiltins, CheckerLimitsAreUnsupported) {
  const char* const unsupported[] = {
      "np.ones((2, 2), float, 'C')", "np.array([1], ndmin=2)", "np.ones(2, dtype='u4')", "np.ones(2, dtype='S3')",
      "np.ones(2, dtype='>f8')", "np.ones(2, dtype='float32')", "np.ones(2, dtype='i4,f8')", "math.log(8, 2)",
      "np.ones((2, 2)).astype(bool, copy=False)", "np.dtype('bool').name", "np.dtype('bool') == bool",
      "float('\u0661')", "np.ones((2, 2)).sum(where=True)", "np.ones(2).mean(where=True)",
  };
  for (const char* line : unsupported) {
    Env env;
    add_builtins(env);
    add_math(env);
    Context cx;
    eval_expr(line, env, cx);
    EXPECT_TRUE(cx.is_unsupported()) << line << ": " << (cx.error ? cx.error->line() : "ran");
  }
  const std::pair<const char*, const char*> errors[] = {
      {"np.ones(2, dtype='boolean')", "TypeError: data type 'boolean' not understood"},
      {"np.ones(2).mean(0, None, None, False, True)", "TypeError: _mean() takes from 1 to 5 positional arguments but 6 were given"},
      {"np.ones(2, like=None, shap=2)", "TypeError: ones() got an unexpected keyword argument 'shap'"},
      {"len(obj=[1])", "TypeError: len() takes no keyword arguments"},
  };
  for (const auto& [line, want] : errors) {
    Env env;
    add_builtins(env);
    Context cx;
    eval_expr(line, env, cx);
    ASSERT_TRUE(cx.failed()) << line;
    EXPECT_FALSE(cx.is_unsupported()) << line;
    EXPECT_EQ(cx.error->line(), want) << line;
  }
}

// A backslash at the end of a physical line joins the next one to it.
TEST(PyevalBuiltins, BackslashJoinsLines) {
  Env env;
  add_builtins(env);
  env.set("d_k", Value::integer(16));
  Context a, b;
  const Value joined = exec_line("x = d_k \\\n    / np.sqrt(d_k)", env, a);
  ASSERT_FALSE(a.failed()) << a.error->line();
  const Value one = eval_expr("d_k / np.sqrt(d_k)", env, b);
  EXPECT_EQ(py_repr(joined), py_repr(one));
  Context c;
  exec_line("x = d_k \\\r\n/ 2", env, c);
  EXPECT_FALSE(c.failed());
  Context d;
  exec_line("x = d_k \\ 2", env, d);
  ASSERT_TRUE(d.failed());
  EXPECT_EQ(d.error->type, "SyntaxError");
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
