// Embind surface of the evaluator module (attn_py): the engine's text side,
// loaded only by the elements that need it (<attn-exercise>, <attn-review>)
// and by the lesson page's printed program. Thin: check, call, copy out.
// No CLI (that is attn_cli, cpp/bindings/cli.cpp) and no exception catching.
//   lesson1(seed, T, dModel, dK, dV)     lesson 1's program, NumPy's text
//   lesson1Variance(seed, T, dModel, dK, dV)  its √d_k experiment: numbers, and each as printed
//   lesson1Run(seed, T, dModel, dK, dV)  both from one run: {output, variance}
//   exercise(seed, todo1, todo2, todo3)  section 5 with the learner's lines
//   attention(q, k, v, T, S, dK, dV, scale, causal)  the double-precision path
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "attention.hpp"
#include "common.hpp"
#include "exercise.hpp"
#include "lesson1.hpp"
#include "numpy/rng.hpp"

using emscripten::val;
using attn_bind::copy_out;

namespace {

// This module checks its arguments itself, in full (JS passes them through):
// each message names the argument, its range and the value given.
using attn_bind::error;
using attn_bind::shown;

// An integer argument in [lo, hi]. Returns an Error value or undefined.
val check_int(const val& v, const char* name, double lo, double hi, double& out) {
  const std::string range = "[" + std::to_string(static_cast<long long>(lo)) + ", " +
                            std::to_string(static_cast<long long>(hi)) + "]";
  if (!v.isNumber()) return error("TypeError", std::string(name) + " must be an integer in " + range + ", got " + shown(v));
  out = v.as<double>();
  if (!val::global("Number").call<bool>("isInteger", v) || out < lo || out > hi)
    return error("RangeError", std::string(name) + " must be an integer in " + range + ", got " + shown(v));
  return val::undefined();
}

// seed: a decimal string, a non-negative safe integer or a BigInt, < 2^64.
val check_seed(const val& v, std::uint64_t& out) {
  const std::string type = v.typeOf().as<std::string>();
  if (type != "string" && type != "number" && type != "bigint")
    return error("TypeError", "seed must be a decimal string, an integer or a BigInt in [0, 2^64), got " + shown(v));
  if (type == "string" && v["length"].as<double>() > attn::limits::Seed::max_text_chars)
    return error("RangeError", "seed must be an integer in [0, 2^64), got " + shown(v));
  if (type == "number" && !val::global("Number").call<bool>("isSafeInteger", v))
    return error("RangeError", "seed must be an integer in [0, 2^64), got " + shown(v));
  std::string message;
  if (!attn::parse_seed(val::global("String")(v).as<std::string>(), out, message))
    return error("RangeError", message);
  return val::undefined();
}

#define ATTN_CHECK(expr)                            \
  do {                                              \
    val attn_err_ = (expr);                         \
    if (!attn_err_.isUndefined()) return attn_err_; \
  } while (0)

// lesson1's and lesson1Variance's arguments: (seed, T, dModel, dK, dV).
val check_lesson1(val seed, val T, val d_model, val d_k, val d_v, std::uint64_t& s, attn::Lesson1Sizes& sizes) {
  double t = 0, dm = 0, dk = 0, dv = 0;
  ATTN_CHECK(check_seed(seed, s));
  ATTN_CHECK(check_int(T, "T", 1, attn::kLesson1MaxT, t));
  ATTN_CHECK(check_int(d_model, "dModel", 1, attn::kLesson1MaxDim, dm));
  ATTN_CHECK(check_int(d_k, "dK", 1, attn::kLesson1MaxDim, dk));
  ATTN_CHECK(check_int(d_v, "dV", 1, attn::kLesson1MaxDim, dv));
  sizes = {static_cast<std::size_t>(t), static_cast<std::size_t>(dm), static_cast<std::size_t>(dk),
           static_cast<std::size_t>(dv)};
  return val::undefined();
}

// lesson1(seed, T, dModel, dK, dV) -> the exercise script's stdout
// @returns {string | TypeError | RangeError}
val js_lesson1(val seed, val T, val d_model, val d_k, val d_v) {
  std::uint64_t s = 0;
  attn::Lesson1Sizes sizes;
  ATTN_CHECK(check_lesson1(seed, T, d_model, d_k, d_v, s, sizes));
  return val(attn::lesson1_output(s, sizes));
}

// lesson1Variance(seed, T, dModel, dK, dV) -> {rows: [{dK, raw, scaled, rawText, scaledText}]
//   (d_k = 16, 512), maxUnscaled, maxScaled, maxUnscaledText, maxScaledText}: the numbers of
//   the program's last three lines (attn::lesson1_variance), each also as the program prints it
// @returns {Lesson1Variance | TypeError | RangeError}
val js_lesson1_variance(val seed, val T, val d_model, val d_k, val d_v) {
  std::uint64_t s = 0;
  attn::Lesson1Sizes sizes;
  ATTN_CHECK(check_lesson1(seed, T, d_model, d_k, d_v, s, sizes));
  return val(attn::lesson1_variance(s, sizes));
}

// lesson1Run(seed, T, dModel, dK, dV) -> {output, variance}: lesson1's and lesson1Variance's
//   results from one run of the program (attn::lesson1_run), for the lesson page
// @returns {Lesson1Run | TypeError | RangeError}
val js_lesson1_run(val seed, val T, val d_model, val d_k, val d_v) {
  std::uint64_t s = 0;
  attn::Lesson1Sizes sizes;
  ATTN_CHECK(check_lesson1(seed, T, d_model, d_k, d_v, s, sizes));
  return val(attn::lesson1_run(s, sizes));
}

// exercise()'s results as value objects. A verdict's parameters are a
// record of strings: Object.fromEntries of [name, value] pairs.
using Param = std::pair<std::string, std::string>;
val params_object(const attn::VerdictParams& params) {
  val entries = val::array();
  for (const Param& p : params) entries.call<void>("push", val(p));
  return val::global("Object").call<val>("fromEntries", entries);
}
// (py/types.ts's ExerciseResult types them more narrowly: the codes by name.)
struct InnerJs {
  std::string code;
  val params = val::undefined();  // {Record<string, string>}
};
struct TodoJs {
  std::string source;
  bool correct = false;
  std::string reason;
  std::string code;
  val params = val::undefined();  // {Record<string, string>}
};
// A verdict that wraps another (causal_false, pytorch_transpose).
struct TodoInnerJs {
  std::string source;
  bool correct = false;
  std::string reason;
  std::string code;
  val params = val::undefined();  // {Record<string, string>}
  val inner = val::undefined();   // {Inner}
};
struct ExerciseJs {
  std::string output;
  val todos = val::undefined();  // {(Todo | TodoInner)[]}
};

// exercise(seed, todo1, todo2, todo3) ->
//   {output, todos: [{source, correct, reason, code, params, inner?: {code, params}}]}
// (params pass through: an 'unsupported' verdict's are construct, what and what's arguments)
// Lesson 1's program with the learner's three lines (see cpp/lessons/exercise.hpp).
// @returns {Exercise | TypeError | RangeError}
val js_exercise(val seed, val todo1, val todo2, val todo3) {
  std::uint64_t s = 0;
  ATTN_CHECK(check_seed(seed, s));
  const val* in[3] = {&todo1, &todo2, &todo3};
  for (int k = 0; k < 3; ++k) {
    const std::string name = "todo" + std::to_string(k + 1);
    if (!in[k]->isString()) return error("TypeError", name + " must be a string, got " + shown(*in[k]));
    const double len = (*in[k])["length"].as<double>();
    if (len > static_cast<double>(attn::kExerciseMaxLine))
      return error("RangeError", name + " must be at most " + std::to_string(attn::kExerciseMaxLine) +
                                     " characters long, got " + std::to_string(static_cast<long long>(len)));
  }
  std::array<std::string, 3> lines;
  for (int k = 0; k < 3; ++k) lines[static_cast<std::size_t>(k)] = in[k]->as<std::string>();
  const attn::ExerciseResult r = attn::run_exercise(s, lines);
  val todos = val::array();
  for (const attn::TodoVerdict& v : r.todos) {
    if (v.inner_code.empty())
      todos.call<void>("push", val(TodoJs{v.source, v.correct, v.reason, v.code, params_object(v.params)}));
    else
      todos.call<void>("push", val(TodoInnerJs{v.source, v.correct, v.reason, v.code, params_object(v.params),
                                               val(InnerJs{v.inner_code, params_object(v.inner_params)})}));
  }
  return val(ExerciseJs{r.output, todos});
}

struct AttentionJs {
  val scores = val::undefined();   // {Float64Array} (T, S)
  val weights = val::undefined();  // {Float64Array} (T, S)
  val output = val::undefined();   // {Float64Array} (T, dV)
};

// attention(q, k, v, T, S, dK, dV, scale, causal) in double precision, the
// reference the float kernels are tested against: q: (T, dK), k: (S, dK),
// v: (S, dV) Float64Arrays (web/engine/py/evaluator.js checks types, lengths and
// ranges with full messages; here tersely again)
// -> {scores (T, S), weights (T, S), output (T, dV)}
// @returns {Attention | RangeError}
val js_attention(val q, val k, val v, int T, int S, int dk, int dv, int scale, bool causal) {
  if (!attn_bind::shape_ok(T, S, dk, dv)) return attn_bind::range_error(attn_bind::kShapeMessage);
  if (scale < 0 || scale > 2) return attn_bind::range_error("scale must be 0 (none), 1 (sqrt) or 2 (dk)");
  attn::AttentionOptions opt;
  opt.scale = static_cast<attn::Scale>(scale);
  opt.causal = causal;
  attn::MatrixD Q(T, dk), K(S, dk), V(S, dv);
  Q.data = emscripten::convertJSArrayToNumberVector<double>(q);
  K.data = emscripten::convertJSArrayToNumberVector<double>(k);
  V.data = emscripten::convertJSArrayToNumberVector<double>(v);
  if (Q.data.size() != Q.rows * Q.cols || K.data.size() != K.rows * K.cols || V.data.size() != V.rows * V.cols)
    return error("RangeError", "q, k and v must hold T*dK, S*dK and S*dV values");
  const auto r = attn::attention(Q, K, V, opt);
  return val(AttentionJs{copy_out(r.scores.data), copy_out(r.weights.data), copy_out(r.output.data)});
}

// limits() -> {evaluator, lesson1, seed}: cpp/src/limits.hpp's areas this module checks
struct LimitsJs {
  attn_bind::limits_js::Evaluator evaluator;
  attn_bind::limits_js::Lesson1 lesson1;
  attn_bind::limits_js::Seed seed;
};
LimitsJs js_limits() { return {}; }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_py) {
  using namespace emscripten;
  using attn::Lesson1Variance;
  using attn::Lesson1VarianceRow;
  value_object<Lesson1VarianceRow>("Lesson1VarianceRow")
      .field("dK", &Lesson1VarianceRow::d_k)
      .field("raw", &Lesson1VarianceRow::raw)
      .field("scaled", &Lesson1VarianceRow::scaled)
      .field("rawText", &Lesson1VarianceRow::raw_text)
      .field("scaledText", &Lesson1VarianceRow::scaled_text);
  value_array<std::array<Lesson1VarianceRow, 2>>("Lesson1VarianceRows")
      .element(emscripten::index<0>())
      .element(emscripten::index<1>());
  value_object<Lesson1Variance>("Lesson1Variance")
      .field("rows", &Lesson1Variance::rows)
      .field("maxUnscaled", &Lesson1Variance::max_unscaled)
      .field("maxScaled", &Lesson1Variance::max_scaled)
      .field("maxUnscaledText", &Lesson1Variance::max_unscaled_text)
      .field("maxScaledText", &Lesson1Variance::max_scaled_text);
  value_object<attn::Lesson1Run>("Lesson1Run")
      .field("output", &attn::Lesson1Run::output)
      .field("variance", &attn::Lesson1Run::variance);
  value_array<Param>("Param").element(&Param::first).element(&Param::second);
  value_object<InnerJs>("Inner").field("code", &InnerJs::code).field("params", &InnerJs::params);
  value_object<TodoJs>("Todo")
      .field("source", &TodoJs::source)
      .field("correct", &TodoJs::correct)
      .field("reason", &TodoJs::reason)
      .field("code", &TodoJs::code)
      .field("params", &TodoJs::params);
  value_object<TodoInnerJs>("TodoInner")
      .field("source", &TodoInnerJs::source)
      .field("correct", &TodoInnerJs::correct)
      .field("reason", &TodoInnerJs::reason)
      .field("code", &TodoInnerJs::code)
      .field("params", &TodoInnerJs::params)
      .field("inner", &TodoInnerJs::inner);
  value_object<ExerciseJs>("Exercise").field("output", &ExerciseJs::output).field("todos", &ExerciseJs::todos);
  value_object<AttentionJs>("Attention")
      .field("scores", &AttentionJs::scores)
      .field("weights", &AttentionJs::weights)
      .field("output", &AttentionJs::output);
  function("version", &attn_bind::version);
  function("lesson1", &js_lesson1);
  function("lesson1Variance", &js_lesson1_variance);
  function("lesson1Run", &js_lesson1_run);
  function("exercise", &js_exercise);
  function("attention", &js_attention);
  function("heapStats", &attn_bind::heap_stats);
  attn_bind::limits_js::register_evaluator();
  attn_bind::limits_js::register_lesson1();
  attn_bind::limits_js::register_seed();
  value_object<LimitsJs>("Limits")
      .field("evaluator", &LimitsJs::evaluator)
      .field("lesson1", &LimitsJs::lesson1)
      .field("seed", &LimitsJs::seed);
  function("limits", &js_limits);
}
