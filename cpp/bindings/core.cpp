// Embind surface of the core module (attn_core, and attn_core_scalar built
// from the same sources without SIMD): the random draws, the float attention
// kernels and the heatmap model, everything <attn-heatmap> needs and nothing
// else (the evaluator is its own module, py.cpp).
//
// Small on purpose (the library's size budget): functions only, no class_
// (Embind's class machinery is a third of its JS glue), so objects are
// handles: small integers into a table here, checked on every call (a stale
// or made-up handle gets a RangeError, never a wild pointer). JS wraps them
// in objects with delete() (web/engine/engine.js), and checks every
// argument's type and range first with full messages; these functions check
// the ranges again, tersely, and return (never throw) their errors: see
// common.hpp. Float attention runs in preallocated buffers: JS writes Q, K, V
// into heap views, run computes, JS reads the results; nothing is allocated
// per call.
#include <cstdint>
#include <memory>
#include <vector>

#include "attention.hpp"
#include "common.hpp"
#include "heatmap.hpp"
#include "rng.hpp"

using emscripten::val;

namespace {

bool scale_of(int code, attn::Scale& out) {
  if (code < 0 || code > 2) return false;
  out = static_cast<attn::Scale>(code);
  return true;
}

// Errors carry fixed messages only (no std::string in this module: seeds
// arrive as two 32-bit halves, so nothing here parses or builds text).
using attn_bind::copy_out;
using attn_bind::range_error;
using attn_bind::Lit;
using attn_bind::text;
namespace L = attn::limits;

// A seed as engine.js passes it: the high and low 32 bits of a uint64.
std::uint64_t seed_of(unsigned hi, unsigned lo) { return (std::uint64_t{hi} << 32) | lo; }

// Objects owned by JS through integer handles (1-based; 0 is never valid).
template <class T>
class Table {
 public:
  int add(std::unique_ptr<T> p) {
    for (std::size_t i = 0; i < slots_.size(); ++i)
      if (!slots_[i]) { slots_[i] = std::move(p); return static_cast<int>(i) + 1; }
    slots_.push_back(std::move(p));
    return static_cast<int>(slots_.size());
  }
  T* get(int h) const {
    return h >= 1 && static_cast<std::size_t>(h) <= slots_.size() ? slots_[static_cast<std::size_t>(h) - 1].get() : nullptr;
  }
  bool remove(int h) {
    if (!get(h)) return false;
    slots_[static_cast<std::size_t>(h) - 1].reset();
    return true;
  }

 private:
  std::vector<std::unique_ptr<T>> slots_;
};

val bad_handle() { return range_error("no such object (deleted?)"); }

// standardNormal(seedHi, seedLo, count) -> Float64Array of default_rng(seed).standard_normal(count)
val js_standard_normal(unsigned seed_hi, unsigned seed_lo, int count) {
  if (count < 0 || count > (1 << 20)) return range_error("count must be an integer in [0, 1048576]");
  std::vector<double> out(static_cast<std::size_t>(count));
  attn::Generator rng(seed_of(seed_hi, seed_lo));
  rng.standard_normal(out.data(), out.size());
  return copy_out(out);
}

// ---- Float attention in buffers that live as long as the handle ---------
//   q: (T, dK), k: (S, dK), v: (S, dV) written by JS through views;
//   run -> scores (T, S), weights (T, S), output (T, dV).
struct AttentionF32 {
  std::size_t T, S, dk, dv;
  std::size_t offset[7];           // q, k, v, scores, weights, output, end (in floats)
  std::unique_ptr<float[]> data;   // one allocation for all six matrices
  float* buf(int i) const { return data.get() + offset[i]; }
  std::size_t size(int i) const { return offset[i + 1] - offset[i]; }
};
Table<AttentionF32> attention_table;

// attentionF32New(T, S, dK, dV) -> handle
val js_attention_new(int T, int S, int dk, int dv) {
  if (!attn_bind::shape_ok(T, S, dk, dv)) return range_error(attn_bind::kShapeMessage);
  auto a = std::make_unique<AttentionF32>();
  a->T = T, a->S = S, a->dk = dk, a->dv = dv;
  const std::size_t sizes[6] = {a->T * a->dk, a->S * a->dk, a->S * a->dv, a->T * a->S, a->T * a->S, a->T * a->dv};
  a->offset[0] = 0;
  for (int i = 0; i < 6; ++i) a->offset[i + 1] = a->offset[i] + sizes[i];
  a->data = std::make_unique<float[]>(a->offset[6]);  // zero-filled
  return val(attention_table.add(std::move(a)));
}

// attentionF32View(h, which) -> Float32Array view (0 q, 1 k, 2 v, 3 scores, 4 weights, 5 output)
val js_attention_view(int h, int which) {
  AttentionF32* a = attention_table.get(h);
  if (!a) return bad_handle();
  if (which < 0 || which > 5) return range_error("view must be 0..5");
  return val(emscripten::typed_memory_view(a->size(which), a->buf(which)));
}

// attentionF32Run(h, scale, causal) -> true, or a RangeError (scale: 0 none, 1 sqrt, 2 dk)
val js_attention_run(int h, int scale, bool causal) {
  AttentionF32* a = attention_table.get(h);
  if (!a) return bad_handle();
  attn::AttentionOptions opt;
  if (!scale_of(scale, opt.scale)) return range_error("scale must be 0 (none), 1 (sqrt) or 2 (dk)");
  opt.causal = causal;
  attn::attention_into(a->buf(0), a->buf(1), a->buf(2), a->T, a->S, a->dk, a->dv, opt, a->buf(3), a->buf(4),
                       a->buf(5));
  return val(true);
}

bool js_attention_delete(int h) { return attention_table.remove(h); }

// ---- The heatmap model behind <attn-heatmap>: buffers live across steps ---
Table<attn::HeatmapModel> heatmap_table;

// heatmapNew(seedHi, seedLo, tokens, dkMax) -> handle
val js_heatmap_new(unsigned seed_hi, unsigned seed_lo, int tokens, int dk_max) {
  if (tokens < static_cast<int>(attn::kHeatmapMinTokens) || tokens > static_cast<int>(attn::kHeatmapMaxTokens) ||
      dk_max < 1 || dk_max > static_cast<int>(attn::kHeatmapMaxDk))
    return range_error(text<Lit("tokens must be in ["), L::Heatmap::min_tokens, Lit(", "), L::Heatmap::max_tokens,
                            Lit("] and dkMax in [1, "), L::Heatmap::max_dk, Lit("]")>);
  return val(heatmap_table.add(
      std::make_unique<attn::HeatmapModel>(seed_of(seed_hi, seed_lo), static_cast<std::size_t>(tokens), static_cast<std::size_t>(dk_max))));
}

// heatmapCompute(h, dk, scale, causal) -> Float64Array [scoreStd, meanRowMax, maxRowSumError]
// (numbers out as one typed array, as every result here: no JS objects built from C++)
val js_heatmap_compute(int h, int dk, int scale, bool causal) {
  attn::HeatmapModel* m = heatmap_table.get(h);
  if (!m) return bad_handle();
  attn::Scale sc = attn::Scale::Sqrt;
  if (dk < 1 || static_cast<std::size_t>(dk) > m->d_max() || !scale_of(scale, sc))
    return range_error("dk must be in [1, dkMax] and scale 0, 1 or 2");
  const attn::HeatmapStats st = m->compute(static_cast<std::size_t>(dk), sc, causal);
  return copy_out(std::vector<double>{st.score_std, st.mean_row_max, st.max_row_sum_error});
}

// heatmapArray(h, which) -> a fresh Float64Array
//   0 weights (T, T), 1 scores (T, T), 2 raw scores (T, T), 3 row max (T,), 4 row sums (T,)
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

// limits() -> {attention, heatmap, seed}: cpp/src/limits.hpp's areas this module checks
val js_limits() {
  val o = val::object();
  o.set("attention", attn_bind::limits_js::attention());
  o.set("heatmap", attn_bind::limits_js::heatmap());
  o.set("seed", attn_bind::limits_js::seed());
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lab_core) {
  using namespace emscripten;
  function("version", &attn_bind::version);
  function("standardNormal", &js_standard_normal);
  function("attentionF32New", &js_attention_new);
  function("attentionF32View", &js_attention_view);
  function("attentionF32Run", &js_attention_run);
  function("attentionF32Delete", &js_attention_delete);
  function("heatmapNew", &js_heatmap_new);
  function("heatmapCompute", &js_heatmap_compute);
  function("heatmapArray", &js_heatmap_array);
  function("heatmapDelete", &js_heatmap_delete);
  function("heapStats", &attn_bind::heap_stats);
  function("limits", &js_limits);
}
