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
#include "rng.hpp"

namespace {

attn::MatrixF draw(attn::Generator& rng, std::size_t rows, std::size_t cols) {
  std::vector<double> d(rows * cols);
  rng.standard_normal(d.data(), d.size());
  attn::MatrixF m(rows, cols);
  for (std::size_t i = 0; i < d.size(); ++i) m.data[i] = static_cast<float>(d[i]);
  return m;
}

// Args: T, d, causal
void BM_AttentionF32(benchmark::State& state) {
  const auto T = static_cast<std::size_t>(state.range(0));
  const auto d = static_cast<std::size_t>(state.range(1));
  attn::AttentionOptions opt;
  opt.causal = state.range(2) != 0;
  attn::Generator rng(0);
  const attn::MatrixF Q = draw(rng, T, d), K = draw(rng, T, d), V = draw(rng, T, d);
  for (auto _ : state) {
    auto r = attn::attention(Q, K, V, opt);
    benchmark::DoNotOptimize(r.output.data.data());
    benchmark::ClobberMemory();
  }
  // Multiply-adds of Q Kᵀ and weights V.
  state.counters["flops"] = benchmark::Counter(
      static_cast<double>(4 * T * T * d), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AttentionF32)
    ->ArgNames({"T", "d", "causal"})
    ->ArgsProduct({{6, 64, 256, 1024}, {16, 64}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

// Args: T, d, causal. attention_into on the same inputs as BM_AttentionF32,
// into buffers allocated once outside the timed loop (what the attentionF32
// binding does): the kernels alone, no allocation.
void BM_AttentionF32Into(benchmark::State& state) {
  const auto T = static_cast<std::size_t>(state.range(0));
  const auto d = static_cast<std::size_t>(state.range(1));
  attn::AttentionOptions opt;
  opt.causal = state.range(2) != 0;
  attn::Generator rng(0);
  const attn::MatrixF Q = draw(rng, T, d), K = draw(rng, T, d), V = draw(rng, T, d);
  std::vector<float> scores(T * T), weights(T * T), output(T * d);
  for (auto _ : state) {
    attn::attention_into(Q.data.data(), K.data.data(), V.data.data(), T, T, d, d, opt,
                         scores.data(), weights.data(), output.data());
    benchmark::DoNotOptimize(output.data());
    benchmark::ClobberMemory();
  }
  state.counters["flops"] = benchmark::Counter(
      static_cast<double>(4 * T * T * d), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AttentionF32Into)
    ->ArgNames({"T", "d", "causal"})
    ->ArgsProduct({{6, 64, 256, 1024}, {16, 64}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

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
