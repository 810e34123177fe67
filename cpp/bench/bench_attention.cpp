// The float attention path (attn::attention on MatrixF, which allocates its
// three result matrices, and attn::attention_into on buffers allocated once,
// the call the WASM attentionF32 binding makes) for T in {6, 64, 256, 1024}, d in {16, 64},
// causal and not. S = T, d_k = d_v = d, scale = sqrt. Inputs are drawn once
// with the engine's NumPy-compatible generator, outside the timed loop.
//
//   build/native/attn_bench --benchmark_format=json
//   build/native/attn_bench --benchmark_filter='/6/' (the smoke sizes)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "attention.hpp"
#include "heatmap.hpp"
#include "numpy/rng.hpp"

namespace {

attn::MatrixF draw(attn::Generator& rng, std::size_t rows, std::size_t cols) {
  std::vector<double> d(rows * cols);
  rng.standard_normal(d.data(), d.size());
  attn::MatrixF m(rows, cols);
  for (std::size_t i = 0; i < d.size(); ++i) m.data[i] = static_cast<float>(d[i]);
  return m;
}

// The float attention benchmarks' inputs (Args: T, d, causal): Q, K, V of
// shape (T, d) from default_rng(0), as every column of `npm run bench`.
struct F32Case {
  std::size_t T, d;
  attn::AttentionOptions opt;
  attn::MatrixF Q, K, V;
  explicit F32Case(const benchmark::State& state)
      : T(static_cast<std::size_t>(state.range(0))), d(static_cast<std::size_t>(state.range(1))) {
    opt.causal = state.range(2) != 0;
    attn::Generator rng(0);
    Q = draw(rng, T, d), K = draw(rng, T, d), V = draw(rng, T, d);
  }
  // Multiply-adds of Q Kᵀ and weights V.
  void count(benchmark::State& state) const {
    state.counters["flops"] = benchmark::Counter(static_cast<double>(4 * T * T * d),
                                                 benchmark::Counter::kIsIterationInvariantRate);
  }
};

// attn::attention: allocates its three results on every call.
void BM_AttentionF32(benchmark::State& state) {
  const F32Case c(state);
  for (auto _ : state) {
    auto r = attn::attention(c.Q, c.K, c.V, c.opt);
    benchmark::DoNotOptimize(r.output.data.data());
    benchmark::ClobberMemory();
  }
  c.count(state);
}

// attention_into on the same inputs, into buffers allocated once outside the
// timed loop (what the WASM createAttentionF32 handle does): no allocation.
void BM_AttentionF32Into(benchmark::State& state) {
  const F32Case c(state);
  std::vector<float> scores(c.T * c.T), weights(c.T * c.T), output(c.T * c.d);
  for (auto _ : state) {
    attn::attention_into(c.Q.data.data(), c.K.data.data(), c.V.data.data(), c.T, c.T, c.d, c.d, c.opt,
                         scores.data(), weights.data(), output.data());
    benchmark::DoNotOptimize(output.data());
    benchmark::ClobberMemory();
  }
  c.count(state);
}

#define ATTN_F32_GRID(bm)                                   \
  BENCHMARK(bm)                                              \
      ->ArgNames({"T", "d", "causal"})                       \
      ->ArgsProduct({{6, 64, 256, 1024}, {16, 64}, {0, 1}}) \
      ->Unit(benchmark::kMicrosecond)
ATTN_F32_GRID(BM_AttentionF32);
ATTN_F32_GRID(BM_AttentionF32Into);

// One <attn-heatmap> slider step (double path): Args: tokens, d_k (of d_max 512)
void BM_HeatmapStep(benchmark::State& state) {
  const auto T = static_cast<std::size_t>(state.range(0));
  const auto dk = static_cast<std::size_t>(state.range(1));
  attn::HeatmapModel model(0, T, 512);
  for (auto _ : state) {
    auto st = model.compute(dk, attn::Scale::Sqrt, false);
    benchmark::DoNotOptimize(st);
  }
}
BENCHMARK(BM_HeatmapStep)
    ->ArgNames({"T", "dk"})
    ->Args({6, 512})
    ->Args({32, 512})
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
