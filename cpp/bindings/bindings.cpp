// Embind surface of the engine. Thin by design: every entry point checks its
// arguments before it allocates, then calls the engine and copies results out
// as fresh typed arrays (never views into the WASM heap, which may move).
//
// A rejected call *returns* a RangeError/TypeError built here; the JS loader
// (web/engine/engine.js) throws it. Throwing from inside WASM would skip C++
// destructors and leave the stack pointer lowered, so every rejected call
// would leak; returning keeps the heap flat over any number of bad calls.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attention.hpp"
#include "cli.hpp"
#include "exercise.hpp"
#include "heatmap.hpp"
#include "lesson1.hpp"
#include "rng.hpp"

using emscripten::val;

namespace {

constexpr const char* kVersion = "0.1.0";

val error(const char* type, const std::string& message) {
  return val::global(type).new_(val(message));
}

// A JS value shown in a message, cut to 40 characters.
std::string shown(const val& v) {
  std::string s = v.isString() ? "\"" + v.as<std::string>() + "\"" : val::global("String")(v).as<std::string>();
  return s.size() > 42 ? s.substr(0, 40) + "..." : s;
}

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
  if (type == "string" && v["length"].as<double>() > 64)
    return error("RangeError", "seed must be an integer in [0, 2^64), got " + shown(v));
  if (type == "number" && !val::global("Number").call<bool>("isSafeInteger", v))
    return error("RangeError", "seed must be an integer in [0, 2^64), got " + shown(v));
  std::string message;
  if (!attn::parse_seed(val::global("String")(v).as<std::string>(), out, message))
    return error("RangeError", message);
  return val::undefined();
}

val check_scale(const val& v, attn::Scale& out) {
  if (!v.isString() || v["length"].as<double>() > 8 || !attn::parse_scale(v.as<std::string>(), out))
    return error(v.isString() ? "RangeError" : "TypeError",
                 "scale must be one of \"none\", \"sqrt\", \"dk\", got " + shown(v));
  return val::undefined();
}

val check_bool(const val& v, const char* name, bool& out) {
  if (v.typeOf().as<std::string>() != "boolean")
    return error("TypeError", std::string(name) + " must be a boolean, got " + shown(v));
  out = v.as<bool>();
  return val::undefined();
}

#define ATTN_CHECK(expr)                      \
  do {                                        \
    val attn_err_ = (expr);                   \
    if (!attn_err_.isUndefined()) return attn_err_; \
  } while (0)

template <class F>
val copy_out(const F* data, std::size_t n) {
  const char* type = sizeof(F) == 8 ? "Float64Array" : "Float32Array";
  return val::global(type).new_(emscripten::typed_memory_view(n, data));
}

val js_version() { return val(std::string(kVersion)); }

// runCli(args: string[]) -> {code, stdout, stderr}
val js_run_cli(val args) {
  if (!args.isArray()) return error("TypeError", "args must be an array of strings, got " + shown(args));
  const double n = args["length"].as<double>();
  if (n > 64) return error("RangeError", "args must hold at most 64 strings, got " + shown(args["length"]));
  for (int i = 0; i < static_cast<int>(n); ++i) {
    const val a = args[i];
    if (!a.isString()) return error("TypeError", "args[" + std::to_string(i) + "] must be a string, got " + shown(a));
    if (a["length"].as<double>() > 4096)
      return error("RangeError", "args[" + std::to_string(i) + "] must be at most 4096 characters long");
  }
  std::vector<std::string> argv;
  for (int i = 0; i < static_cast<int>(n); ++i) argv.push_back(args[i].as<std::string>());
  const attn::CliResult r = attn::run_cli(argv);
  val out = val::object();
  out.set("code", r.code);
  out.set("stdout", val(r.out));
  out.set("stderr", val(r.err));
  return out;
}

// lesson1(seed, T, dModel, dK, dV) -> the exercise script's stdout
val js_lesson1(val seed, val T, val d_model, val d_k, val d_v) {
  std::uint64_t s = 0;
  double t = 0, dm = 0, dk = 0, dv = 0;
  ATTN_CHECK(check_seed(seed, s));
  ATTN_CHECK(check_int(T, "T", 1, attn::kLesson1MaxT, t));
  ATTN_CHECK(check_int(d_model, "dModel", 1, attn::kLesson1MaxDim, dm));
  ATTN_CHECK(check_int(d_k, "dK", 1, attn::kLesson1MaxDim, dk));
  ATTN_CHECK(check_int(d_v, "dV", 1, attn::kLesson1MaxDim, dv));
  attn::Lesson1Sizes sizes{static_cast<std::size_t>(t), static_cast<std::size_t>(dm),
                           static_cast<std::size_t>(dk), static_cast<std::size_t>(dv)};
  return val(attn::lesson1_output(s, sizes));
}

// A verdict's parameters as a plain object of strings.
val params_object(const attn::VerdictParams& params) {
  val o = val::object();
  for (const auto& [k, v] : params) o.set(k, val(v));
  return o;
}

// exercise(seed, todo1, todo2, todo3) ->
//   {output, todos: [{source, correct, reason, code, params, inner?: {code, params}}]}
// Lesson 1's program with the learner's three lines (see cpp/src/exercise.hpp).
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
    val t = val::object();
    t.set("source", val(v.source));
    t.set("correct", val(v.correct));
    t.set("reason", val(v.reason));
    t.set("code", val(v.code));
    t.set("params", params_object(v.params));
    if (!v.inner_code.empty()) {
      val inner = val::object();
      inner.set("code", val(v.inner_code));
      inner.set("params", params_object(v.inner_params));
      t.set("inner", inner);
    }
    todos.call<void>("push", t);
  }
  val out = val::object();
  out.set("output", val(r.output));
  out.set("todos", todos);
  return out;
}

// standardNormal(seed, count) -> Float64Array of default_rng(seed).standard_normal(count)
val js_standard_normal(val seed, val count) {
  std::uint64_t s = 0;
  double n = 0;
  ATTN_CHECK(check_seed(seed, s));
  ATTN_CHECK(check_int(count, "count", 0, 1 << 20, n));
  std::vector<double> out(static_cast<std::size_t>(n));
  attn::Generator rng(s);
  rng.standard_normal(out.data(), out.size());
  return copy_out(out.data(), out.size());
}

// attention(q, k, v, T, S, dK, dV, scale, causal) on Float64Array or Float32Array
// q: (T, dK), k: (S, dK), v: (S, dV) -> {scores (T, S), weights (T, S), output (T, dV)}
template <class F>
val js_attention(val q, val k, val v, val T, val S, val d_k, val d_v, val scale, val causal) {
  const char* type = sizeof(F) == 8 ? "Float64Array" : "Float32Array";
  double t = 0, s = 0, dk = 0, dv = 0;
  attn::AttentionOptions opt;
  ATTN_CHECK(check_int(T, "T", 1, 4096, t));
  ATTN_CHECK(check_int(S, "S", 1, 4096, s));
  ATTN_CHECK(check_int(d_k, "dK", 1, 4096, dk));
  ATTN_CHECK(check_int(d_v, "dV", 1, 4096, dv));
  ATTN_CHECK(check_scale(scale, opt.scale));
  ATTN_CHECK(check_bool(causal, "causal", opt.causal));
  if (t * s > (1 << 22) || t * dk > (1 << 22) || s * dk > (1 << 22) || s * dv > (1 << 22))
    return error("RangeError", "T, S, dK and dV must keep every matrix at most 4194304 values");
  const struct { const val* a; const char* name; double len; } ins[] = {
      {&q, "q", t * dk}, {&k, "k", s * dk}, {&v, "v", s * dv}};
  for (const auto& in : ins) {
    if (!in.a->instanceof(val::global(type)))
      return error("TypeError", std::string(in.name) + " must be a " + type + ", got " + shown(*in.a));
    if (in.a->operator[]("length").template as<double>() != in.len)
      return error("RangeError", std::string(in.name) + " must hold " + std::to_string(static_cast<long long>(in.len)) +
                                     " values for its shape, got " + shown(in.a->operator[]("length")));
  }
  attn::Matrix<F> Q(t, dk), K(s, dk), V(s, dv);
  Q.data = emscripten::convertJSArrayToNumberVector<F>(q);
  K.data = emscripten::convertJSArrayToNumberVector<F>(k);
  V.data = emscripten::convertJSArrayToNumberVector<F>(v);
  const auto r = attn::attention(Q, K, V, opt);
  val out = val::object();
  out.set("scores", copy_out(r.scores.data.data(), r.scores.data.size()));
  out.set("weights", copy_out(r.weights.data.data(), r.weights.data.size()));
  out.set("output", copy_out(r.output.data.data(), r.output.data.size()));
  return out;
}

// The heatmap model behind <attn-heatmap>: buffers live across slider steps.
class Heatmap {
 public:
  Heatmap(std::uint64_t seed, std::size_t tokens, std::size_t d_max) : model_(seed, tokens, d_max) {}
  // compute(dk, scale, causal) -> {scoreStd, meanRowMax, maxRowSumError}
  val compute(val d_k, val scale, val causal) {
    double dk = 0;
    attn::Scale sc = attn::Scale::Sqrt;
    bool c = false;
    ATTN_CHECK(check_int(d_k, "dk", 1, static_cast<double>(model_.d_max()), dk));
    ATTN_CHECK(check_scale(scale, sc));
    ATTN_CHECK(check_bool(causal, "causal", c));
    const attn::HeatmapStats st = model_.compute(static_cast<std::size_t>(dk), sc, c);
    val out = val::object();
    out.set("scoreStd", st.score_std);
    out.set("meanRowMax", st.mean_row_max);
    out.set("maxRowSumError", st.max_row_sum_error);
    return out;
  }
  int tokens() const { return static_cast<int>(model_.tokens()); }
  int dkMax() const { return static_cast<int>(model_.d_max()); }
  val weights() const { return copy_out(model_.weights().data(), model_.weights().size()); }
  val scores() const { return copy_out(model_.scores().data(), model_.scores().size()); }
  val rawScores() const { return copy_out(model_.raw().data(), model_.raw().size()); }
  val rowMax() const { return copy_out(model_.row_max().data(), model_.row_max().size()); }
  val rowSums() const { return copy_out(model_.row_sums().data(), model_.row_sums().size()); }

 private:
  attn::HeatmapModel model_;
};

// createHeatmap(seed, tokens, dkMax) -> Heatmap (call .delete() when done)
val js_create_heatmap(val seed, val tokens, val dk_max) {
  std::uint64_t s = 0;
  double t = 0, d = 0;
  ATTN_CHECK(check_seed(seed, s));
  ATTN_CHECK(check_int(tokens, "tokens", attn::kHeatmapMinTokens, attn::kHeatmapMaxTokens, t));
  ATTN_CHECK(check_int(dk_max, "dkMax", 1, attn::kHeatmapMaxDk, d));
  // JS owns the object: its delete() frees the buffers.
  return val(std::make_unique<Heatmap>(s, static_cast<std::size_t>(t), static_cast<std::size_t>(d)));
}

// heapStats() -> {memoryBytes, usedBytes}: for leak tests and the benchmark
val js_heap_stats() {
  const struct mallinfo mi = mallinfo();
  val out = val::object();
  out.set("memoryBytes", static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0);
  out.set("usedBytes", static_cast<double>(mi.uordblks));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab) {
  using namespace emscripten;
  function("version", &js_version);
  function("runCli", &js_run_cli);
  function("lesson1", &js_lesson1);
  function("exercise", &js_exercise);
  function("standardNormal", &js_standard_normal);
  function("attention", &js_attention<double>);
  function("attentionF32", &js_attention<float>);
  function("createHeatmap", &js_create_heatmap);
  function("heapStats", &js_heap_stats);
  class_<Heatmap>("Heatmap")
      .function("compute", &Heatmap::compute)
      .function("weights", &Heatmap::weights)
      .function("scores", &Heatmap::scores)
      .function("rawScores", &Heatmap::rawScores)
      .function("rowMax", &Heatmap::rowMax)
      .function("rowSums", &Heatmap::rowSums)
      .property("tokens", &Heatmap::tokens)
      .property("dkMax", &Heatmap::dkMax);
}
