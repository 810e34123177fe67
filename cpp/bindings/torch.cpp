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

// A seed for torch.manual_seed: [0, 2^Seed::torch_bits), given as two 32-bit halves.
constexpr int kSeedHiBits = attn::limits::Seed::torch_bits - 32;
bool seed_ok(unsigned hi) { return hi < (1u << kSeedHiBits); }
constexpr const char* kSeedMessage = text<Lit("seed must be an integer in [0, 2^"), attn::limits::Seed::torch_bits, Lit(")")>;

val f64(const std::vector<float>& v) { return attn_bind::copy_out(std::vector<double>(v.begin(), v.end())); }

// The results, as registered value objects (plain JS objects with these
// fields; the arrays are fresh Float64Arrays of the float32 values widened,
// row-major). scripts/gen-binding-types.mjs writes their TypeScript from
// these structs and the registrations below: a member's comment is its
// documentation, led by its TypeScript type in braces where the C++ type is
// emscripten::val.

// torch.manual_seed(seed); x = torch.randn(4, 8, 2), averaged over the past three ways.
struct ThreeWaysJs {
  val x = val::undefined();            // {Float64Array} (4, 8, 2)
  val xbowLoop = val::undefined();     // {Float64Array} The double loop with torch.mean: (4, 8, 2)
  val xbowTril = val::undefined();     // {Float64Array} tril / tril.sum(1, keepdim=True) @ x: (4, 8, 2)
  val xbowSoftmax = val::undefined();  // {Float64Array} softmax(zeros.masked_fill(tril == 0, -inf)) @ x: (4, 8, 2)
  val weiLoop = val::undefined();      // {Float64Array} The weights the loop applies (1/(t+1) for j <= t): (8, 8)
  val weiTril = val::undefined();      // {Float64Array} (8, 8)
  val weiSoftmax = val::undefined();   // {Float64Array} (8, 8)
  double maxDiff = 0;                  // Largest |difference| between any two of the three results.
  bool allcloseTril = false;  // torch.allclose(xbow, xbow2) (rtol 1e-5, atol 1e-8), as PyTorch 1.13 on x86 computes it.
  bool allcloseSoftmax = false;  // torch.allclose(xbow, xbow3).
};
// The notebook's single head after torch.manual_seed(seed): x = randn(4, 8, 32), then
// key, query, value = nn.Linear(32, 16, bias=False) (in this order), then nn.Embedding(8, 32).
struct HeadJs {
  val x = val::undefined();       // {Float64Array} (4, 8, 32)
  val scores = val::undefined();  // {Float64Array} q @ k^T (times 16**-0.5 when scaled): (4, 8, 8)
  val wei = val::undefined();     // {Float64Array} softmax of the (masked) scores: (4, 8, 8)
  val out = val::undefined();     // {Float64Array} wei @ v: (4, 8, 16)
  double varUnscaled = 0;         // (q @ k^T).var() over all 256 values (unbiased, as torch.var).
  double varScaled = 0;           // (q @ k^T * 16**-0.5).var()
};
// The head without the mask on x[b] (+ positions) and on x[b][perm] (+ positions).
struct PermutationJs {
  val out = val::undefined();      // {Float64Array} (8, 16)
  val outPerm = val::undefined();  // {Float64Array} (8, 16); row i is the output at token perm[i]'s new place.
  double maxDiff = 0;              // max |outPerm[i] - out[perm[i]]|
};
// torch.manual_seed(seed); q, k, v = torch.randn(3, B, H, T, D).unbind(0), then both attentions.
struct BonusJs {
  val q = val::undefined();        // {Float64Array} (B, H, T, D)
  val k = val::undefined();        // {Float64Array} (B, H, T, D)
  val v = val::undefined();        // {Float64Array} (B, H, T, D)
  val mine = val::undefined();     // {Float64Array} The learner's lines (masked softmax(q kᵀ / √D) v): (B, H, T, D)
  val fused = val::undefined();    // {Float64Array} The tiled online-softmax kernel: (B, H, T, D)
  val weights = val::undefined();  // {Float64Array} softmax weights: (B, H, T, T)
  double maxDiff = 0;              // max |mine − fused|
  bool allclose = false;           // torch.allclose(mine, fused, atol=1e-6)
};
// One query row's online-softmax state after a key tile.
struct TraceStepJs {
  int firstKey = 0;            // keys [firstKey, lastKey)
  int lastKey = 0;             // (exclusive)
  double max = 0;              // running max of the scaled scores
  double sum = 0;              // running sum of exp(score − max)
  val out = val::undefined();  // {Float64Array} the row's output so far (accumulator / sum): (D,)
};
struct LimitsJs {
  attn_bind::limits_js::Torch torch;
  attn_bind::limits_js::Bonus bonus;
};

// @returns {TrilThreeWays | RangeError}
val js_three_ways(unsigned seed_hi, unsigned seed_lo) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  const attn::torch::ThreeWays r = attn::torch::three_ways(seed_of(seed_hi, seed_lo));
  return val(ThreeWaysJs{f64(r.x), f64(r.xbow_loop), f64(r.xbow_tril), f64(r.xbow_softmax), f64(r.wei_loop),
                         f64(r.wei_tril), f64(r.wei_softmax), r.max_diff, r.allclose_tril, r.allclose_softmax});
}

// @returns {TrilHead | RangeError}
val js_head(unsigned seed_hi, unsigned seed_lo, bool mask, bool scale) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  const attn::torch::HeadDemo d = attn::torch::head_demo(seed_of(seed_hi, seed_lo), mask, scale);
  return val(HeadJs{f64(d.x), f64(d.scores), f64(d.wei), f64(d.out), d.var_unscaled, d.var_scaled});
}

// @returns {Float64Array | RangeError}
val js_unit_variance(unsigned seed_hi, unsigned seed_lo) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  const auto v = attn::torch::unit_variance_demo(seed_of(seed_hi, seed_lo));
  return attn_bind::copy_out(std::vector<double>(v.begin(), v.end()));
}

// @returns {Float64Array | RangeError}
val js_softmax_temperature(double m) {
  constexpr int kMax = attn::limits::Torch::max_temperature;
  if (!(m >= 0.0 && m <= kMax)) return range_error(text<Lit("m must be a number in [0, "), kMax, Lit("]")>);
  const auto v = attn::torch::softmax_temperature(m);
  return attn_bind::copy_out(std::vector<double>(v.begin(), v.end()));
}

// perm: an array of the kLabT = 8 positions 0..7, each once.
// @param {readonly number[]} perm
// @returns {TrilPermutation | RangeError}
val js_permutation(unsigned seed_hi, unsigned seed_lo, int b, val perm, bool positions) {
  if (!seed_ok(seed_hi)) return range_error(kSeedMessage);
  using attn::torch::kLabB;
  using attn::torch::kLabT;
  if (b < 0 || b >= kLabB) return range_error(text<Lit("b must be an integer in [0, "), kLabB - 1, Lit("]")>);
  constexpr const char* kPermMessage = text<Lit("perm must be an array of 0.."), kLabT - 1, Lit(", each once")>;
  if (!perm.isArray() || perm["length"].as<int>() != kLabT) return range_error(kPermMessage);
  std::array<int, kLabT> p{};
  unsigned seen = 0;
  for (int i = 0; i < kLabT; ++i) {
    const val e = perm[i];
    if (!e.isNumber()) return range_error(kPermMessage);
    const double d = e.as<double>();
    if (!(d >= 0 && d <= kLabT - 1 && d == std::floor(d)) || (seen & (1u << static_cast<int>(d)))) return range_error(kPermMessage);
    p[static_cast<std::size_t>(i)] = static_cast<int>(d);
    seen |= 1u << p[static_cast<std::size_t>(i)];
  }
  const attn::torch::HeadDemo d = attn::torch::head_demo(seed_of(seed_hi, seed_lo), false, true);
  const attn::torch::Permutation r = attn::torch::permutation_demo(d, b, p, positions);
  return val(PermutationJs{f64(r.out), f64(r.out_perm), r.max_diff});
}

// The bonus's run: the seed in two halves, the shape [B, H, T, D], causal or not.
struct BonusArgs {
  unsigned seedHi = 0;  // the seed's high 32 bits
  unsigned seedLo = 0;  // and its low 32 bits
  int batch = 0;        // B
  int heads = 0;        // H
  int tokens = 0;       // T
  int dk = 0;           // D
  bool causal = true;
};
// One query row of the fused kernel's trace: batch b, head h, row i.
struct TraceRow {
  int b = 0;
  int h = 0;
  int i = 0;
};

// B, H, T, D within Bonus::element_max_* (and their product within element_max_values).
bool bonus_shape_ok(const BonusArgs& a) {
  using L = attn::limits::Bonus;
  return a.batch >= 1 && a.batch <= L::element_max_batch && a.heads >= 1 && a.heads <= L::element_max_heads &&
         a.tokens >= 1 && a.tokens <= L::element_max_tokens && a.dk >= 1 && a.dk <= L::element_max_dk &&
         a.batch * a.heads * a.tokens * a.dk <= L::element_max_values;
}
constexpr const char* kBonusShapeMessage = "B, H, T, D must be integers within <attn-heads>' limits";

// @returns {BonusResult | RangeError}
val js_bonus(const BonusArgs& a) {
  if (!seed_ok(a.seedHi)) return range_error(kSeedMessage);
  if (!bonus_shape_ok(a)) return range_error(kBonusShapeMessage);
  const attn::torch::BonusRun r =
      attn::torch::bonus_run(seed_of(a.seedHi, a.seedLo), {a.batch, a.heads, a.tokens, a.dk}, a.causal, true);
  return val(BonusJs{f64(r.draws.q), f64(r.draws.k), f64(r.draws.v), f64(r.mine), f64(r.fused), f64(r.weights),
                     r.max_diff, r.allclose});
}

// @returns {BonusTileStep[] | RangeError}
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
  for (const auto& step : trace)
    out.call<void>("push", val(TraceStepJs{step.first_key, step.last_key, step.max, step.sum, f64(step.out)}));
  return out;
}

// limits() -> {torch, bonus}: cpp/src/limits.hpp's areas this module checks
LimitsJs js_limits() { return {}; }

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
  value_object<ThreeWaysJs>("TrilThreeWays")
      .field("x", &ThreeWaysJs::x)
      .field("xbowLoop", &ThreeWaysJs::xbowLoop)
      .field("xbowTril", &ThreeWaysJs::xbowTril)
      .field("xbowSoftmax", &ThreeWaysJs::xbowSoftmax)
      .field("weiLoop", &ThreeWaysJs::weiLoop)
      .field("weiTril", &ThreeWaysJs::weiTril)
      .field("weiSoftmax", &ThreeWaysJs::weiSoftmax)
      .field("maxDiff", &ThreeWaysJs::maxDiff)
      .field("allcloseTril", &ThreeWaysJs::allcloseTril)
      .field("allcloseSoftmax", &ThreeWaysJs::allcloseSoftmax);
  value_object<HeadJs>("TrilHead")
      .field("x", &HeadJs::x)
      .field("scores", &HeadJs::scores)
      .field("wei", &HeadJs::wei)
      .field("out", &HeadJs::out)
      .field("varUnscaled", &HeadJs::varUnscaled)
      .field("varScaled", &HeadJs::varScaled);
  value_object<PermutationJs>("TrilPermutation")
      .field("out", &PermutationJs::out)
      .field("outPerm", &PermutationJs::outPerm)
      .field("maxDiff", &PermutationJs::maxDiff);
  value_object<BonusJs>("BonusResult")
      .field("q", &BonusJs::q)
      .field("k", &BonusJs::k)
      .field("v", &BonusJs::v)
      .field("mine", &BonusJs::mine)
      .field("fused", &BonusJs::fused)
      .field("weights", &BonusJs::weights)
      .field("maxDiff", &BonusJs::maxDiff)
      .field("allclose", &BonusJs::allclose);
  value_object<TraceStepJs>("BonusTileStep")
      .field("firstKey", &TraceStepJs::firstKey)
      .field("lastKey", &TraceStepJs::lastKey)
      .field("max", &TraceStepJs::max)
      .field("sum", &TraceStepJs::sum)
      .field("out", &TraceStepJs::out);
  attn_bind::limits_js::register_torch();
  attn_bind::limits_js::register_bonus();
  value_object<LimitsJs>("Limits")
      .field("torch", &LimitsJs::torch)
      .field("bonus", &LimitsJs::bonus);
  function("bonus", &js_bonus);
  function("bonusTrace", &js_bonus_trace);
  function("heapStats", &attn_bind::heap_stats);
  function("limits", &js_limits);
}
