#include "exercise.hpp"

#include <cmath>
#include <optional>
#include <utility>

#include "numpy/npformat.hpp"
#include "numpy/rng.hpp"
#include "pyeval/pyeval.hpp"

namespace attn {

const char* const kExerciseReference[3] = {
    "scores = Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)",
    "mask = np.triu(np.ones((T, T), dtype=bool), k=1)",
    "weights = softmax(scores)",
};

namespace {

using py::Context;
using py::Env;
using py::Kind;
using py::Statement;
using py::Value;

const char* const kTargets[3] = {"scores", "mask", "weights"};

// A failure: the English text and the same as a code with parameters.
// An empty text means "matches the reference".
struct Reason {
  std::string text;
  std::string code = "ok";
  VerdictParams params;
  bool ok() const { return text.empty(); }
};

Reason fail(std::string code, std::string text, VerdictParams params = {}) {
  return Reason{std::move(text), std::move(code), std::move(params)};
}

// An "unsupported" reason's parameters: `construct` (the English wording),
// `what` (the construct's stable code, pyeval/pyeval.hpp kConstructs) and its named
// arguments.
VerdictParams unsupported_params(const py::Error& e) {
  const py::ConstructInfo& info = py::construct_info(e.construct);
  VerdictParams p{{"construct", e.message}, {"what", info.code}};
  if (*info.arg0) p.emplace_back(info.arg0, e.arg0);
  if (*info.arg1) p.emplace_back(info.arg1, e.arg1);
  return p;
}
// attention()'s own names besides the TODO targets (Python's locals: assigned
// somewhere in the function), and the program's globals this evaluator does
// not model (reading one is unsupported, not a NameError).
const char* const kFunctionLocals[] = {"Q", "K", "V", "causal", "d_k", "scores", "T"};
const char* const kProgramGlobals[] = {"attention", "rng", "d_model", "d_v", "X", "W_q", "W_k", "W_v"};

// JavaScript's String.prototype.trim whitespace (what <attn-exercise> strips
// from a line before it goes into the program): ASCII spaces, NBSP, U+1680,
// U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF.
std::string js_trim(const std::string& s) {
  auto space_at = [&s](std::size_t i, std::size_t& len) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    len = 1;
    if (c == ' ' || (c >= 0x09 && c <= 0x0D)) return true;
    std::uint32_t cp = 0;
    if ((c >> 5) == 6 && i + 1 < s.size()) { cp = ((c & 0x1Fu) << 6) | (s[i + 1] & 0x3F); len = 2; }
    else if ((c >> 4) == 14 && i + 2 < s.size()) { cp = ((c & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3F); len = 3; }
    else return false;
    return cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
  };
  std::size_t b = 0, len = 0;
  while (b < s.size() && space_at(b, len)) b += len;
  std::size_t e = s.size();
  for (;;) {  // the last code point's start
    std::size_t k = e;
    while (k > b && (static_cast<unsigned char>(s[k - 1]) & 0xC0) == 0x80) --k;
    if (k == b || !space_at(k - 1, len) || k - 1 + len != e) break;
    e = k - 1;
  }
  return s.substr(b, e - b);
}

struct Todo {
  std::string source;
  Statement st;
  std::optional<py::Error> syntax_error;
  bool empty = false;
  std::string target;
  std::vector<std::string> targets;  // every name the line assigns
};

Todo parse_todo(int k, const std::string& line) {
  Todo t;
  t.source = line;
  bool blank = true;
  for (char c : line) blank = blank && (c == ' ' || c == '\t' || c == '\r' || c == '\n');
  Context cx;
  cx.limits.max_line_chars = kExerciseMaxLine;
  const std::string trimmed = js_trim(line);
  t.st = py::parse_line(blank ? std::string_view("...") : std::string_view(trimmed), cx);
  if (cx.error) t.syntax_error = cx.error;
  t.empty = blank || t.st.ellipsis_only;
  t.target = t.st.target.empty() ? kTargets[k] : t.st.target;
  t.targets = {t.target};
  for (const std::string& n : t.st.more_targets) t.targets.push_back(n);
  // the TODO's own name among several (`x = scores = ...`) counts as its target
  for (const std::string& n : t.targets)
    if (n == kTargets[k]) t.target = n;
  return t;
}

Env function_env(const std::array<Todo, 3>* todos) {
  Env env;
  py::add_builtins(env);
  for (const char* n : kFunctionLocals) env.locals.insert(n);
  for (const char* n : kProgramGlobals) env.program_globals.insert(n);
  if (todos)
    for (const Todo& t : *todos) env.locals.insert(t.targets.begin(), t.targets.end());
  else
    for (const char* n : kTargets) env.locals.insert(n);
  return env;
}

// Evaluates a fixed program expression (always parses).
Value run_fixed(const char* src, Env& env, Context& cx) { return py::eval_expr(src, env, cx); }

Value matrix_value(const MatrixD& m) { return py::float_array({m.rows, m.cols}, m.data); }

// ------------------------------------------------------------- program --

Lesson1Step program_step(const std::array<Todo, 3>& todos, const MatrixD& Q, const MatrixD& K, const MatrixD& V,
                         std::string& error_type) {
  Lesson1Step step;
  Env env = function_env(&todos);
  env.set("Q", matrix_value(Q));
  env.set("K", matrix_value(K));
  env.set("V", matrix_value(V));
  env.set("causal", Value::boolean(true));
  Context cx;
  auto stop = [&] {
    step.text += cx.error->line() + "\n";
    error_type = cx.error->type;
    step.ok = false;
    return step;
  };
  // d_k = Q.shape[-1]
  env.set("d_k", Value::integer(static_cast<double>(Q.cols)));
  auto run_todo = [&](const Todo& t) {
    Value v = py::eval(*t.st.expr, env, cx);
    if (!cx.failed())
      for (const std::string& n : t.targets) env.set(n, v);
  };
  run_todo(todos[0]);
  if (cx.failed()) return stop();
  Value T = run_fixed("scores.shape[-1]", env, cx);
  if (cx.failed()) return stop();
  env.set("T", T);
  run_todo(todos[1]);
  if (cx.failed()) return stop();
  Value masked = run_fixed("np.where(mask, -np.inf, scores)", env, cx);
  if (cx.failed()) return stop();
  env.set("scores", masked);
  run_todo(todos[2]);
  if (cx.failed()) return stop();
  Value out = run_fixed("weights @ V", env, cx);
  if (cx.failed()) return stop();
  Value w = env.vars["weights"];

  // the prints, each evaluated before anything of it is printed
  Env g;
  py::add_builtins(g);
  g.set("out", out);
  g.set("w", w);
  step.text += lesson1_qkv_line(Q, K, V);
  Value a = run_fixed("out.shape", g, cx);
  Value b = cx.failed() ? Value() : run_fixed("w.shape", g, cx);
  if (cx.failed()) return stop();
  step.text += "out " + py::py_str(a) + " weights " + py::py_str(b) + "\n";
  Value sums = run_fixed("w.sum(axis=-1).round(3)", g, cx);
  if (cx.failed()) return stop();
  step.text += "row sums: " + py::py_str(sums) + "\n";
  Value rounded = run_fixed("w.round(2)", g, cx);
  if (cx.failed()) return stop();
  step.text += "causal weights:\n " + py::py_str(rounded) + "\n";
  return step;
}

// ------------------------------------------------------------- verdicts --

struct Case {
  std::size_t B, H, T, d, dv;
  bool batched;
};
// The lesson's own sizes first (T = 4, d_k = d_v = 16), so that a line that fails
// everywhere is described with the shapes the learner sees; then T != d
// so that a transposed operand changes the shape.
constexpr Case kCases[] = {
    {1, 1, 4, 16, 16, false}, {1, 1, 5, 8, 3, false}, {1, 1, 3, 16, 7, false}, {1, 1, 7, 4, 5, false}, {2, 3, 5, 8, 4, true}};

std::vector<std::size_t> case_shape(const Case& c, std::size_t last) {
  if (c.batched) return {c.B, c.H, c.T, last};
  return {c.T, last};
}

Value random_array(Generator& rng, std::vector<std::size_t> shape) {
  std::size_t n = 1;
  for (std::size_t s : shape) n *= s;
  std::vector<double> v(n);
  rng.standard_normal(v.data(), n);
  return py::float_array(std::move(shape), std::move(v));
}

struct Problem {
  Env env;             // Q, K, V, causal, d_k (+ T, scores, mask as the TODO needs)
  Value scores;        // unmasked reference scores
  Value mask;          // reference mask
  Value masked;        // reference masked scores
  Value weights;       // reference weights
  std::size_t d_k = 0;
};

Problem make_problem(const Case& c, int index, bool causal) {
  Problem p;
  p.env = function_env(nullptr);
  Generator rng(20240601u + static_cast<std::uint64_t>(index));
  p.env.set("Q", random_array(rng, case_shape(c, c.d)));
  p.env.set("K", random_array(rng, case_shape(c, c.d)));
  p.env.set("V", random_array(rng, case_shape(c, c.dv)));
  p.env.set("causal", Value::boolean(causal));
  p.env.set("d_k", Value::integer(static_cast<double>(c.d)));
  p.d_k = c.d;
  Context cx;
  p.scores = py::eval_expr("Q @ K.swapaxes(-2, -1) / np.sqrt(d_k)", p.env, cx);
  Env e2 = p.env;
  e2.set("T", Value::integer(static_cast<double>(c.T)));
  p.mask = py::eval_expr("np.triu(np.ones((T, T), dtype=bool), k=1)", e2, cx);
  e2.set("mask", p.mask);
  e2.set("scores", p.scores);
  p.masked = py::eval_expr("np.where(mask, -np.inf, scores)", e2, cx);
  e2.set("scores", causal ? p.masked : p.scores);
  p.weights = py::eval_expr("softmax(scores)", e2, cx);
  return p;
}

std::string shape_text(const Value& v) {
  if (!v.is_array()) return "()";
  return np::shape_str(v.arr->shape);
}

std::string short_repr(const Value& v) {
  std::string s = py::py_repr(v);
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

bool close_to(const py::Array& a, const py::Array& b) {
  if (a.shape != b.shape) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double x = a.data[i], y = b.data[i];
    if (std::isnan(y) || std::isnan(x)) {
      if (std::isnan(x) != std::isnan(y)) return false;
      continue;
    }
    if (std::isinf(y) || std::isinf(x)) {
      if (x != y) return false;
      continue;
    }
    if (!(std::fabs(x - y) <= 1e-9 + 1e-6 * std::fabs(y))) return false;
  }
  return true;
}

bool close_v(const Value& a, const Value& b) { return a.is_array() && b.is_array() && close_to(*a.arr, *b.arr); }

// Evaluates a helper expression on `x` bound as `x` (plus the problem's env).
Value helper(const char* src, const Env& base, const Value& x) {
  Env e = base;
  e.set("x", x);
  Context cx;
  Value v = py::eval_expr(src, e, cx);
  return cx.failed() ? Value() : v;
}

std::string index_text(const std::vector<std::size_t>& shape, std::size_t flat) {
  std::vector<std::size_t> idx(shape.size());
  for (std::size_t d = shape.size(); d-- > 0;) {
    idx[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::string s = "[";
  for (std::size_t d = 0; d < idx.size(); ++d) s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

// The first element of `got` not close to `want`: its text and the
// parameters index/got/want.
struct Difference {
  std::string text;
  VerdictParams params;
};

Difference first_difference(const Value& got, const Value& want, const char* name) {
  const py::Array& a = *got.arr;
  const py::Array& b = *want.arr;
  for (std::size_t i = 0; i < a.size(); ++i) {
    py::Array one_a, one_b;
    one_a.data = {a.data[i]};
    one_b.data = {b.data[i]};
    if (!close_to(one_a, one_b)) {
      const std::string idx = index_text(a.shape, i), x = np::py_float_repr(a.data[i]), y = np::py_float_repr(b.data[i]);
      return {std::string(name) + idx + " is " + x + ", expected " + y, {{"index", idx}, {"got", x}, {"want", y}}};
    }
  }
  return {};
}

// Common checks: the value is a float/int array of the reference's shape.
Reason shape_problem(const Value& got, const Value& want, const char* what) {
  if (!got.is_array() || got.np_scalar) {
    const std::string type = py::type_name(got), value = short_repr(got), shape = shape_text(want);
    return fail("not_array", "gives " + type + " " + value + ", not a " + shape + " array of " + what,
                {{"type", type}, {"value", value}, {"want", shape}, {"what", what}});
  }
  if (got.arr->shape != want.arr->shape)
    return fail("shape", "wrong shape: gives " + shape_text(got) + ", expected " + shape_text(want),
                {{"got", shape_text(got)}, {"want", shape_text(want)}});
  return {};
}

Reason judge_scores(const Value& L, const Problem& p) {
  Reason s = shape_problem(L, p.scores, "scores");
  if (!s.ok()) {
    if (L.is_array() && L.arr->shape.size() >= 2 && L.arr->shape.back() == p.d_k && p.scores.arr->shape.back() != p.d_k) {
      s.text += " (the product must contract the d_k axis: Q @ K.swapaxes(-2, -1))";
      s.code = "shape_contract";
    }
    return s;
  }
  if (close_v(L, p.scores)) return {};
  const double root = std::sqrt(static_cast<double>(p.d_k));
  auto scaled = [&](double f) {
    std::vector<double> d(p.scores.arr->data);
    for (double& x : d) x *= f;
    return py::float_array(p.scores.arr->shape, std::move(d));
  };
  if (close_v(L, scaled(root)))
    return fail("no_scale", "not scaled: this is Q·Kᵀ; divide it by √d_k (np.sqrt(d_k)), otherwise the scores have a standard "
           "deviation of about √d_k and softmax saturates");
  if (close_v(L, scaled(1.0 / root)))
    return fail("div_dk", "divides by d_k instead of √d_k: the scores shrink too much (standard deviation about 1/√d_k) and softmax "
           "flattens towards uniform");
  if (close_v(L, scaled(static_cast<double>(p.d_k))))
    return fail("mul_sqrt", "multiplies by √d_k instead of dividing by it");
  if (close_v(L, helper("x.swapaxes(-2, -1)", p.env, p.scores)))
    return fail("transposed", "transposed: this is K·Qᵀ / √d_k, so scores[i, j] = k_i·q_j; it must be q_i·k_j (query i against key j): "
           "Q @ K.swapaxes(-2, -1)");
  Difference d = first_difference(L, p.scores, "scores");
  return fail("scores_values", "values differ from Q·Kᵀ/√d_k: " + d.text, std::move(d.params));
}

std::vector<bool> future_pattern(const Value& masked, const Value& scores) {
  std::vector<bool> hidden(masked.arr->size());
  for (std::size_t i = 0; i < hidden.size(); ++i)
    hidden[i] = std::isinf(masked.arr->data[i]) && masked.arr->data[i] < 0 && !std::isinf(scores.arr->data[i]);
  return hidden;
}

Reason judge_mask(const Value& M, const Problem& p) {
  Env e = p.env;
  e.set("mask", M);
  e.set("scores", p.scores);
  Context cx;
  Value eff = py::eval_expr("np.where(mask, -np.inf, scores)", e, cx);
  if (cx.failed())
    return fail("mask_where_error", "np.where(mask, -np.inf, scores) raises " + cx.error->line(),
                {{"text", cx.error->line()}});
  if (eff.arr->shape != p.scores.arr->shape)
    return fail("mask_shape",
                "wrong shape: mask has shape " + shape_text(M) + ", so np.where(mask, -np.inf, scores) gives " +
                    shape_text(eff) + " instead of " + shape_text(p.scores),
                {{"mask", shape_text(M)}, {"got", shape_text(eff)}, {"want", shape_text(p.scores)}});
  const std::vector<bool> got = future_pattern(eff, p.scores);
  const std::vector<std::size_t>& sh = p.scores.arr->shape;
  const std::size_t C = sh.back(), R = sh[sh.size() - 2];
  auto matches = [&](auto rule) {
    for (std::size_t i = 0; i < got.size(); ++i) {
      const std::size_t r = (i / C) % R, c = i % C;
      if (got[i] != rule(r, c)) return false;
    }
    return true;
  };
  if (matches([](std::size_t r, std::size_t c) { return c > r; })) {
    const bool is_bool = M.is_array() ? M.arr->dtype == py::DType::Bool : M.kind == Kind::Bool;
    if (!is_bool) {
      const std::string dtype = M.is_array() ? py::dtype_name(M.arr->dtype) : py::type_name(M);
      return fail("mask_not_bool",
                  "not boolean: the mask is " + dtype +
                      "; np.where treats nonzero as True so the result happens to match, but the mask must be a "
                      "boolean matrix (dtype=bool or .astype(bool))",
                  {{"dtype", dtype}});
    }
    return {};
  }
  if (matches([](std::size_t r, std::size_t c) { return c >= r; }))
    return fail("mask_k0", "k=0 also hides the diagonal: no position can see itself, and row 0 has every key masked, so its softmax "
           "is exp(-inf - -inf) = NaN, i.e. 0/0; use k=1");
  if (matches([](std::size_t r, std::size_t c) { return c < r; }))
    return fail("mask_lower", "wrong triangle: this hides the past (below the diagonal) and lets every position see the future; True "
           "must mark j > i, as np.triu(..., k=1) does");
  if (matches([](std::size_t r, std::size_t c) { return c <= r; }))
    return fail("mask_inverted", "inverted: True marks the allowed positions (the past and the diagonal) instead of the future ones; "
           "negate it with ~ or use np.triu(..., k=1)");
  if (matches([](std::size_t, std::size_t) { return false; }))
    return fail("mask_none", "masks nothing: no position is True, so every position still sees the future");
  if (matches([](std::size_t, std::size_t) { return true; }))
    return fail("mask_all", "masks everything: every key is hidden, so every row of the softmax is 0/0 = NaN");
  for (std::size_t i = 0; i < got.size(); ++i) {
    const std::size_t r = (i / C) % R, c = i % C;
    if (got[i] != (c > r)) {
      const std::string idx = index_text(sh, i), x = got[i] ? "True" : "False", y = c > r ? "True" : "False";
      return fail("mask_cells",
                  "hides the wrong cells: mask" + idx + " is " + x + ", expected " + y +
                      " (True must mean a future position, column > row)",
                  {{"index", idx}, {"got", x}, {"want", y}});
    }
  }
  return {};
}

Reason judge_weights(const Value& W, const Problem& p, bool causal) {
  Reason s = shape_problem(W, p.weights, "weights");
  if (!s.ok()) return s;
  if (close_v(W, p.weights)) return {};
  const Value& scores = causal ? p.masked : p.scores;
  Value cols = helper("x.sum(axis=-2)", p.env, W);
  Value rows = helper("x.sum(axis=-1)", p.env, W);
  auto all_one = [](const Value& v) {
    if (!v.is_array()) return false;
    for (double x : v.arr->data)
      if (!(std::fabs(x - 1.0) <= 1e-6)) return false;
    return true;
  };
  if (all_one(cols) && !all_one(rows))
    return fail("softmax_axis", "softmax over the wrong axis: each column sums to 1 but the rows don't; normalize over the keys, the last "
           "axis (axis=-1), so that every query's weights sum to 1");
  if (close_v(W, helper("np.exp(x)", p.env, scores)))
    return fail("not_normalized", "not normalized: this is exp(scores) alone; divide each row by its sum (softmax)");
  if (close_v(W, helper("softmax(x / np.sqrt(d_k))", p.env, scores)))
    return fail("double_scale", "scales the scores a second time: TODO 1 already divided by √d_k");
  if (causal && close_v(W, helper("softmax(x)", p.env, p.scores)))
    return fail("ignores_mask",
                "ignores the mask: these are the weights of the unmasked scores; apply softmax to the masked scores");
  for (double x : W.arr->data)
    if (std::isnan(x)) {
      Difference d = first_difference(W, p.weights, "weights");
      return fail("weights_nan", "gives NaN where softmax(scores) does not: " + d.text, std::move(d.params));
    }
  if (!all_one(rows))
    return fail("row_sums", "rows don't sum to 1: row sums are " + short_repr(rows), {{"sums", short_repr(rows)}});
  Difference d = first_difference(W, p.weights, "weights");
  return fail("weights_values", "values differ from softmax(scores): " + d.text, std::move(d.params));
}

// One run of TODO k on problem p: ok() when it matches the reference.
Reason judge_on(int k, const Todo& t, const Problem& p, bool causal) {
  Env env = p.env;
  if (k >= 1) {
    env.set("T", Value::integer(static_cast<double>(p.scores.arr->shape.back())));
    env.set("scores", p.scores);
  }
  if (k == 2) {
    if (causal) {
      env.set("mask", p.mask);
      env.set("scores", p.masked);
    }
    if (!causal) env.vars.erase("T");
  }
  env.locals.insert(t.targets.begin(), t.targets.end());
  Context cx;
  Value v = py::eval(*t.st.expr, env, cx);
  const std::vector<std::size_t>& want_shape = (k == 2 ? p.weights : p.scores).arr->shape;
  std::vector<std::size_t> effective;  // a mask's shape once np.where broadcasts it with the scores
  if (cx.failed() && cx.error->depth == 1 && !cx.error->shape.empty() &&
      (k == 1 ? !py::broadcast_shapes(cx.error->shape, want_shape, effective) || effective != want_shape
              : cx.error->shape != want_shape)) {
    // The line's value needs an array too large to build here (or anywhere:
    // NumPy's MemoryError), but its shape is known, and it is not the shape
    // the TODO needs (Python would run out of memory, or give that shape).
    const std::string got = np::shape_str(cx.error->shape), want = shape_text(k == 2 ? p.weights : p.scores);
    return fail("shape", std::string("this builds a ") + got + " array, " + kTargets[k] + " must be " + want,
                {{"got", got}, {"want", want}});
  }
  if (cx.is_unsupported()) return fail("unsupported", "unsupported: " + cx.error->message, unsupported_params(*cx.error));
  if (cx.failed()) {
    Reason r = fail("error", "raises " + cx.error->line(), {{"text", cx.error->line()}});
    if (cx.error->exc == py::Exc::UnboundLocalError && k == 0 && cx.error->message.find("'T'") != std::string::npos) {
      r.text += " (T is set only later, inside `if causal:`; use d_k or the shapes of Q and K)";
      r.code = "error_t_later";
    }
    return r;
  }
  if (k == 0) return judge_scores(v, p);
  if (k == 1) return judge_mask(v, p);
  return judge_weights(v, p, causal);
}

bool uses_full_transpose(const std::string& src) {
  if (src.find(".T") != std::string::npos) return true;
  if (src.find("transpose()") != std::string::npos) return true;
  const auto np_t = src.find("np.transpose(");
  if (np_t != std::string::npos) {
    int depth = 0;
    for (std::size_t i = np_t + 13; i < src.size(); ++i) {
      if (src[i] == '(' || src[i] == '[') ++depth;
      else if (src[i] == ')' || src[i] == ']') {
        if (depth == 0) return true;  // one argument: reverses all axes
        --depth;
      } else if (src[i] == ',' && depth == 0) {
        return false;
      }
    }
  }
  return false;
}

}  // namespace

std::string verdict_param(const VerdictParams& params, const std::string& name) {
  for (const auto& [k, v] : params)
    if (k == name) return v;
  return "";
}

TodoVerdict judge_todo(int k, const std::string& line) {
  TodoVerdict v;
  v.source = line;
  auto set = [&v](Reason r) {
    v.reason = std::move(r.text);
    v.code = std::move(r.code);
    v.params = std::move(r.params);
  };
  auto wrap = [&v](const char* code, Reason r) {
    v.inner_code = std::move(r.code);
    v.inner_params = std::move(r.params);
    v.code = code;
  };
  const Todo t = parse_todo(k, line);
  if (t.syntax_error && t.syntax_error->type == Context::kUnsupported) {
    set(fail("unsupported", "unsupported: " + t.syntax_error->message, unsupported_params(*t.syntax_error)));
    return v;
  }
  if (t.syntax_error) {
    set(fail("syntax", t.syntax_error->line(), {{"text", t.syntax_error->line()}}));
    return v;
  }
  if (t.empty) {
    set(fail("empty", "not filled in: the line is still `...`"));
    return v;
  }
  if (t.target != kTargets[k]) {
    set(fail("target", "assigns to " + t.target + ", but TODO " + std::to_string(k + 1) + " must set " + kTargets[k],
             {{"got", t.target}, {"todo", std::to_string(k + 1)}, {"want", kTargets[k]}}));
    return v;
  }
  // A wrong line written the PyTorch way: NumPy's transpose(-2, -1) lists the
  // new order of the axes, so on the lesson's 2-D arrays it changes nothing.
  auto pytorch_hint = [&](Reason r) {
    if (k == 0 && (line.find("transpose(-2, -1)") != std::string::npos ||
                   line.find("transpose(-2,-1)") != std::string::npos)) {
      v.reason = r.text + " (NumPy's K.transpose(-2, -1) keeps a 2-D array's axes in that order, it does not swap "
                          "them as PyTorch's does: write K.T or K.swapaxes(-2, -1))";
      wrap("pytorch_transpose", std::move(r));
    } else {
      set(std::move(r));
    }
  };
  int index = 0;
  // every (T, d) case, causal; TODO 3 also without the mask
  for (const Case& c : kCases) {
    if (c.batched) continue;
    const Problem p = make_problem(c, index++, true);
    Reason r = judge_on(k, t, p, true);
    if (r.code == "unsupported") {
      set(std::move(r));
      return v;
    }
    if (!r.ok()) {
      if (index > 1) {
        // right with the program's own sizes, wrong with others
        set(fail("sizes_only", "right for this program's sizes (T = 4, d_k = 16) only: with other sizes it gives other "
                               "results; use T, d_k or the arrays' shapes instead of fixed numbers"));
        return v;
      }
      pytorch_hint(std::move(r));
      return v;
    }
  }
  if (k == 2) {
    const Problem p = make_problem(kCases[0], 99, false);
    Reason r = judge_on(k, t, p, false);
    if (r.code == "unsupported") {
      set(std::move(r));
      return v;
    }
    if (!r.ok()) {
      v.reason = "with causal=False: " + r.text;
      wrap("causal_false", std::move(r));
      return v;
    }
  }
  v.correct = true;
  // A tip, not a failure: the lesson's arrays are 2-D. K.T on a batched
  // (B, H, T, d) K reverses all four axes.
  if (k == 0 && uses_full_transpose(line)) {
    for (const Case& c : kCases) {
      if (!c.batched) continue;
      const Problem p = make_problem(c, index++, true);
      if (!judge_on(k, t, p, true).ok()) {
        v.code = "batched_transpose";
        v.reason = "tip: with batched (B, H, T, d) arrays, K.T reverses all four axes; K.swapaxes(-2, -1) swaps only "
                   "the last two";
      }
    }
  }
  return v;
}

ExerciseResult run_exercise(std::uint64_t seed, const std::array<std::string, 3>& lines, const Lesson1Sizes& sizes,
                            bool head_only) {
  ExerciseResult r;
  std::array<Todo, 3> todos{parse_todo(0, lines[0]), parse_todo(1, lines[1]), parse_todo(2, lines[2])};
  const Todo* bad = nullptr;
  for (const Todo& t : todos)
    if (t.syntax_error && !bad) bad = &t;
  if (bad) {
    // Python compiles the whole file first: a syntax error prints nothing else.
    r.output = bad->syntax_error->line() + "\n";
    r.error_type = bad->syntax_error->type;
  } else {
    r.output = lesson1_program(seed, sizes, [&](const MatrixD& Q, const MatrixD& K, const MatrixD& V) {
      return program_step(todos, Q, K, V, r.error_type);
    }, head_only);
  }
  for (int k = 0; k < 3; ++k) r.todos.push_back(judge_todo(k, lines[static_cast<std::size_t>(k)]));
  return r;
}

std::string format_exercise(const ExerciseResult& r) {
  std::string s = r.output;
  for (std::size_t k = 0; k < r.todos.size(); ++k) {
    const TodoVerdict& v = r.todos[k];
    s += "TODO " + std::to_string(k + 1) + ": ";
    if (v.correct) s += v.reason.empty() ? "correct" : "correct; " + v.reason;
    else if (v.code == "unsupported") s += v.reason + " (the checker cannot run this form; the line may be right: run the copied program with Python to be sure)";
    else s += "wrong: " + v.reason;
    s += "\n";
  }
  return s;
}

}  // namespace attn
