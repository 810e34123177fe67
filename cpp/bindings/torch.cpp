// Embind surface of attn_torch: the reading note's toy tensors with
// PyTorch-exact draws (cpp/src/torch/tril_lab.hpp), for <attn-tril>. Thin:
// checks its arguments, calls the engine, copies the results out as fresh
// Float64Arrays (float32 values widened, as .tolist() does). Errors are
// returned, never thrown (see common.hpp); the loader (web/engine/torch.ts)
// checks first with full messages and throws.
//   threeWays(seedHi, seedLo)                 -> {x, xbowLoop, xbowTril, xbowSoftmax: (4, 8, 2),
//                                                 weiLoop, weiTril, weiSoftmax: (8, 8), maxDiff,
//                                                 allcloseTril, allcloseSoftmax}
//   head(seedHi, seedLo, mask, scale)         -> {x: (4, 8, 32), scores, wei: (4, 8, 8),
//                                                 out: (4, 8, 16), varUnscaled, varScaled}
//   unitVariance(seedHi, seedLo)              -> Float64Array [k.var, q.var, wei.var, scaled wei.var]
//   softmaxTemperature(m)                     -> Float64Array (5,)
//   permutation(seedHi, seedLo, b, perm, pos) -> {out, outPerm: (8, 16), maxDiff}
//   bonus(BonusArgs)                          -> {q, k, v, mine, fused: (B, H, T, D),
//                                                 weights: (B, H, T, T), maxDiff, allclose}
//   bonusTrace(BonusArgs, TraceRow)           -> [{firstKey, lastKey, max, sum, out: (D,)}] per key tile
//     BonusArgs {seedHi, seedLo, batch: B, heads: H, tokens: T, dk: D, causal}; TraceRow {b, h, i}
//   (lesson 1's bonus, cpp/src/torch/bonus.hpp; B, H, T, D within <attn-heads>' limits)
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "common.hpp"
#include "torch/bonus.hpp"
#include "torch/tril_lab.hpp"

using emscripten::val;
using attn_bind::range_error;
using attn_bind::seed_of;
using attn_bind::Lit;
using attn_bind::text;

namespace {

bool seed_ok(unsigned hi) { return hi < 0x80000000u; }  // [0, 2^63)
constexpr const char* kSeedMessage = "seed must be an integer in [0, 2^63)";

val f64(const std::vector<float>& v) { return attn_bind::copy_out(std::vector<double>(v.begin(), v.end())); }

val js_three_ways(unsigned seed_hi, unsigned seed_lo) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  const attn::torch::ThreeWays r = attn::torch::three_ways(seed_of(seed_hi, seed_lo));
  val o = val::object();
  o.set("x", f64(r.x));
  o.set("xbowLoop", f64(r.xbow_loop));
  o.set("xbowTril", f64(r.xbow_tril));
  o.set("xbowSoftmax", f64(r.xbow_softmax));
  o.set("weiLoop", f64(r.wei_loop));
  o.set("weiTril", f64(r.wei_tril));
  o.set("weiSoftmax", f64(r.wei_softmax));
  o.set("maxDiff", r.max_diff);
  o.set("allcloseTril", r.allclose_tril);
  o.set("allcloseSoftmax", r.allclose_softmax);
  return o;
}

val js_head(unsigned seed_hi, unsigned seed_lo, bool mask, bool scale) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  const attn::torch::HeadDemo d = attn::torch::head_demo(seed_of(seed_hi, seed_lo), mask, scale);
  val o = val::object();
  o.set("x", f64(d.x));
  o.set("scores", f64(d.scores));
  o.set("wei", f64(d.wei));
  o.set("out", f64(d.out));
  o.set("varUnscaled", d.var_unscaled);
  o.set("varScaled", d.var_scaled);
  return o;
}

val js_unit_variance(unsigned seed_hi, unsigned seed_lo) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  const auto v = attn::torch::unit_variance_demo(seed_of(seed_hi, seed_lo));
  return attn_bind::copy_out(std::vector<double>(v.begin(), v.end()));
}

val js_softmax_temperature(double m) {
  constexpr int kMax = attn::limits::Torch::max_temperature;
  if (!(m >= 0.0 && m <= kMax)) return range_error(text<Lit("m must be a number in [0, "), kMax, Lit("]")>);
  const auto v = attn::torch::softmax_temperature(m);
  return attn_bind::copy_out(std::vector<double>(v.begin(), v.end()));
}

// perm: an array of the 8 positions 0..7, each once.
val js_permutation(unsigned seed_hi, unsigned seed_lo, int b, val perm, bool positions) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  if (b < 0 || b >= attn::torch::kLabB) return range_error("b must be an integer in [0, 3]");
  constexpr const char* kPermMessage = "perm must be an array of 0..7, each once";
  if (!perm.isArray() || perm["length"].as<int>() != attn::torch::kLabT) return range_error(kPermMessage);
  std::array<int, 8> p{};
  unsigned seen = 0;
  for (int i = 0; i < 8; ++i) {
    const val e = perm[i];
    if (!e.isNumber()) return range_error(kPermMessage);
    const double d = e.as<double>();
    if (!(d >= 0 && d <= 7 && d == std::floor(d)) || (seen & (1u << static_cast<int>(d)))) return range_error(kPermMessage);
    p[static_cast<std::size_t>(i)] = static_cast<int>(d);
    seen |= 1u << p[static_cast<std::size_t>(i)];
  }
  const attn::torch::HeadDemo d = attn::torch::head_demo(seed_of(seed_hi, seed_lo), false, true);
  const attn::torch::Permutation r = attn::torch::permutation_demo(d, b, p, positions);
  val o = val::object();
  o.set("out", f64(r.out));
  o.set("outPerm", f64(r.out_perm));
  o.set("maxDiff", r.max_diff);
  return o;
}

// The bonus's run: the seed in two halves, the shape [B, H, T, D], causal or not.
struct BonusArgs {
  unsigned seedHi = 0, seedLo = 0;
  int batch = 0, heads = 0, tokens = 0, dk = 0;
  bool causal = true;
};
// One query row of the fused kernel's trace: batch b, head h, row i.
struct TraceRow {
  int b = 0, h = 0, i = 0;
};

// B, H, T, D within Bonus::element_max_* (and their product within element_max_values).
bool bonus_shape_ok(const BonusArgs& a) {
  using L = attn::limits::Bonus;
  return a.batch >= 1 && a.batch <= L::element_max_batch && a.heads >= 1 && a.heads <= L::element_max_heads &&
         a.tokens >= 1 && a.tokens <= L::element_max_tokens && a.dk >= 1 && a.dk <= L::element_max_dk &&
         a.batch * a.heads * a.tokens * a.dk <= L::element_max_values;
}
constexpr const char* kBonusShapeMessage = "B, H, T, D must be integers within <attn-heads>' limits";

val js_bonus(const BonusArgs& a) {
  if (!seed_ok(a.seedHi)) return range_error(kSeedMessage);
  if (!bonus_shape_ok(a)) return range_error(kBonusShapeMessage);
  const attn::torch::BonusRun r =
      attn::torch::bonus_run(seed_of(a.seedHi, a.seedLo), {a.batch, a.heads, a.tokens, a.dk}, a.causal, true);
  val o = val::object();
  o.set("q", f64(r.draws.q));
  o.set("k", f64(r.draws.k));
  o.set("v", f64(r.draws.v));
  o.set("mine", f64(r.mine));
  o.set("fused", f64(r.fused));
  o.set("weights", f64(r.weights));
  o.set("maxDiff", r.max_diff);
  o.set("allclose", r.allclose);
  return o;
}

val js_bonus_trace(const BonusArgs& a, const TraceRow& r) {
  if (!seed_ok(a.seedHi)) return range_error(kSeedMessage);
  if (!bonus_shape_ok(a)) return range_error(kBonusShapeMessage);
  if (r.b < 0 || r.b >= a.batch || r.h < 0 || r.h >= a.heads || r.i < 0 || r.i >= a.tokens)
    return range_error("b, h, i must index the shape");
  const attn::torch::BonusShape s{a.batch, a.heads, a.tokens, a.dk};
  const attn::torch::BonusDraws d = attn::torch::bonus_draws(seed_of(a.seedHi, a.seedLo), s);
  const auto trace = attn::torch::fused_row_trace(d.q.data(), d.k.data(), d.v.data(), s, a.causal,
                                                  attn::limits::Bonus::tile, r.b, r.h, r.i);
  val out = val::array();
  for (const auto& step : trace) {
    val o = val::object();
    o.set("firstKey", step.first_key);
    o.set("lastKey", step.last_key);
    o.set("max", static_cast<double>(step.max));
    o.set("sum", static_cast<double>(step.sum));
    o.set("out", f64(step.out));
    out.call<void>("push", o);
  }
  return out;
}

// limits() -> {torch, bonus}: cpp/src/limits.hpp's areas this module checks
val js_limits() {
  val o = val::object();
  o.set("torch", attn_bind::limits_js::torch());
  o.set("bonus", attn_bind::limits_js::bonus());
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_torch) {
  using namespace emscripten;
  function("version", &attn_bind::version);
  function("threeWays", &js_three_ways);
  function("head", &js_head);
  function("unitVariance", &js_unit_variance);
  function("softmaxTemperature", &js_softmax_temperature);
  function("permutation", &js_permutation);
  value_object<BonusArgs>("BonusArgs")
      .field("seedHi", &BonusArgs::seedHi)
      .field("seedLo", &BonusArgs::seedLo)
      .field("batch", &BonusArgs::batch)
      .field("heads", &BonusArgs::heads)
      .field("tokens", &BonusArgs::tokens)
      .field("dk", &BonusArgs::dk)
      .field("causal", &BonusArgs::causal);
  value_object<TraceRow>("TraceRow").field("b", &TraceRow::b).field("h", &TraceRow::h).field("i", &TraceRow::i);
  function("bonus", &js_bonus);
  function("bonusTrace", &js_bonus_trace);
  function("heapStats", &attn_bind::heap_stats);
  function("limits", &js_limits);
}
