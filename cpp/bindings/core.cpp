// Embind surface of the core module (attn_core, and attn_core_scalar built
// from the same sources without SIMD): the random draws and the heatmap
// model, everything <attn-heatmap> needs and nothing else (the evaluator is
// its own module, py.cpp; the float attention kernel lives in the float
// module with the trainer, train.cpp).
//
// Small on purpose (the library's size budget): functions only, no class_
// (Embind's class machinery is a third of its JS glue), so objects are
// handles: small integers into a table here, checked on every call (a stale
// or made-up handle gets a RangeError, never a wild pointer). JS wraps them
// in objects with delete() (web/engine/core/engine.js), and checks every
// argument's type and range first with full messages; these functions check
// the ranges again, tersely, and return (never throw) their errors: see
// common.hpp.
#include <cstdint>
#include <memory>
#include <vector>

#include "attention.hpp"
#include "common.hpp"
#include "heatmap.hpp"
#include "numpy/rng.hpp"

using emscripten::val;

namespace {

// Errors carry fixed messages only (no std::string in this module: seeds
// arrive as two 32-bit halves, so nothing here parses or builds text).
using attn_bind::copy_out;
using attn_bind::range_error;
using attn_bind::Table;
using attn_bind::scale_of;
using attn_bind::seed_of;
using attn_bind::Lit;
using attn_bind::text;
namespace L = attn::limits;

val bad_handle() { return range_error("no such object (deleted?)"); }

// standardNormal(seedHi, seedLo, count) -> Float64Array of default_rng(seed).standard_normal(count)
// @returns {Float64Array | RangeError}
val js_standard_normal(unsigned seed_hi, unsigned seed_lo, int count) {
  if (count < 0 || count > L::Rng::max_normals)
    return range_error(text<Lit("count must be an integer in [0, "), L::Rng::max_normals, Lit("]")>);
  std::vector<double> out(static_cast<std::size_t>(count));
  attn::Generator rng(seed_of(seed_hi, seed_lo));
  rng.standard_normal(out.data(), out.size());
  return copy_out(out);
}

// ---- The heatmap model behind <attn-heatmap>: buffers live across steps ---
Table<attn::HeatmapModel> heatmap_table;

// heatmapNew(seedHi, seedLo, tokens, dkMax) -> handle
// @returns {number | RangeError}
val js_heatmap_new(unsigned seed_hi, unsigned seed_lo, int tokens, int dk_max) {
  if (tokens < static_cast<int>(attn::kHeatmapMinTokens) || tokens > static_cast<int>(attn::kHeatmapMaxTokens) ||
      dk_max < 1 || dk_max > static_cast<int>(attn::kHeatmapMaxDk))
    return range_error(text<Lit("tokens must be in ["), L::Heatmap::min_tokens, Lit(", "), L::Heatmap::max_tokens,
                            Lit("] and dkMax in [1, "), L::Heatmap::max_dk, Lit("]")>);
  return val(heatmap_table.add(
      std::make_unique<attn::HeatmapModel>(seed_of(seed_hi, seed_lo), static_cast<std::size_t>(tokens), static_cast<std::size_t>(dk_max))));
}

// heatmapCompute(h, dk, scale, causal) -> HeatmapStats {scoreStd, meanRowMax, maxRowSumError}
// @returns {HeatmapStats | RangeError}
val js_heatmap_compute(int h, int dk, int scale, bool causal) {
  attn::HeatmapModel* m = heatmap_table.get(h);
  if (!m) return bad_handle();
  attn::Scale sc = attn::Scale::Sqrt;
  if (dk < 1 || static_cast<std::size_t>(dk) > m->d_max() || !scale_of(scale, sc))
    return range_error("dk must be in [1, dkMax] and scale 0, 1 or 2");
  return val(m->compute(static_cast<std::size_t>(dk), sc, causal));
}

// heatmapArray(h, which) -> a fresh Float64Array
//   0 weights (T, T), 1 scores (T, T), 2 raw scores (T, T), 3 row max (T,), 4 row sums (T,)
// @returns {Float64Array | RangeError}
val js_heatmap_array(int h, int which) {
  const attn::HeatmapModel* m = heatmap_table.get(h);
  if (!m) return bad_handle();
  switch (which) {
    case 0: return copy_out(m->weights());
    case 1: return copy_out(m->scores());
    case 2: return copy_out(m->raw());
    case 3: return copy_out(m->row_max());
    case 4: return copy_out(m->row_sums());
    default: return range_error("array must be 0..4");
  }
}

bool js_heatmap_delete(int h) { return heatmap_table.remove(h); }

// limits() -> {heatmap, seed, rng}: cpp/src/limits.hpp's areas this module checks
struct LimitsJs {
  attn_bind::limits_js::Heatmap heatmap;
  attn_bind::limits_js::Seed seed;
  attn_bind::limits_js::Rng rng;
};
LimitsJs js_limits() { return {}; }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_core) {
  using namespace emscripten;
  value_object<attn::HeatmapStats>("HeatmapStats")
      .field("scoreStd", &attn::HeatmapStats::score_std)
      .field("meanRowMax", &attn::HeatmapStats::mean_row_max)
      .field("maxRowSumError", &attn::HeatmapStats::max_row_sum_error);
  function("version", &attn_bind::version);
  function("standardNormal", &js_standard_normal);
  function("heatmapNew", &js_heatmap_new);
  function("heatmapCompute", &js_heatmap_compute);
  function("heatmapArray", &js_heatmap_array);
  function("heatmapDelete", &js_heatmap_delete);
  function("heapStats", &attn_bind::heap_stats);
  attn_bind::limits_js::register_heatmap();
  attn_bind::limits_js::register_seed();
  attn_bind::limits_js::register_rng();
  value_object<LimitsJs>("Limits")
      .field("heatmap", &LimitsJs::heatmap)
      .field("seed", &LimitsJs::seed)
      .field("rng", &LimitsJs::rng);
  function("limits", &js_limits);
}
