// The float attention path timed inside WebAssembly, without Embind: the same
// calls and inputs as bench_attention.cpp's BM_AttentionF32Into (attention_into
// into buffers allocated once, the default) and BM_AttentionF32 (attention(),
// which allocates its three result matrices: 5th argument "alloc"), so that
// scripts/bench.mjs can split the WASM figure into kernel time and the cost
// of crossing the JS/WASM boundary. Built by scripts/bench/kernel.mjs with
// em++ against build/wasm/libattn_engine.a (the shipping module's objects):
//   node --no-experimental-fetch attn_kernel_bench.cjs T d causal min_ms [alloc]
//   -> "<ms per call>" (process CPU time, best of 5 batches, as the other columns)
#include <emscripten.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "attention.hpp"
#include "numpy/rng.hpp"

static attn::MatrixF draw(attn::Generator& rng, std::size_t rows, std::size_t cols) {
  std::vector<double> d(rows * cols);
  rng.standard_normal(d.data(), d.size());
  attn::MatrixF m(rows, cols);
  for (std::size_t i = 0; i < d.size(); ++i) m.data[i] = static_cast<float>(d[i]);
  return m;
}

// This process's CPU time in ms (Node's process.cpuUsage, as scripts/bench/timing.mjs).
static double cpu_ms() {
  return EM_ASM_DOUBLE({
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  });
}

// Warm-up (lets the engine tier the code up), batch size from it, then the
// best of 5 batches in ms per call.
template <class Call>
static double best_ms(Call call, double min_ms) {
  double t0 = cpu_ms();
  long calls = 0;
  do { call(); ++calls; } while (cpu_ms() - t0 < min_ms || calls < 2);
  const long n = static_cast<long>(min_ms / ((cpu_ms() - t0) / calls)) + 1;
  double best = 1e300;
  for (int b = 0; b < 5; ++b) {
    t0 = cpu_ms();
    for (long i = 0; i < n; ++i) call();
    const double per = (cpu_ms() - t0) / n;
    best = per < best ? per : best;
  }
  return best;
}

int main(int argc, char** argv) {
  if (argc < 5) return 2;
  const std::size_t T = std::strtoul(argv[1], nullptr, 10), d = std::strtoul(argv[2], nullptr, 10);
  attn::AttentionOptions opt;
  opt.causal = std::atoi(argv[3]) != 0;
  const double min_ms = std::atof(argv[4]);
  const bool alloc = argc > 5 && std::strcmp(argv[5], "alloc") == 0;
  attn::Generator rng(0);
  const attn::MatrixF Q = draw(rng, T, d), K = draw(rng, T, d), V = draw(rng, T, d);
  volatile float sink = 0;
  double best;
  if (alloc) {
    best = best_ms([&] { sink = sink + attn::attention(Q, K, V, opt).output.data[0]; }, min_ms);
  } else {
    std::vector<float> scores(T * T), weights(T * T), output(T * d);
    best = best_ms([&] {
      attn::attention_into(Q.data.data(), K.data.data(), V.data.data(), T, T, d, d, opt, scores.data(),
                           weights.data(), output.data());
      sink = sink + output[0];
    }, min_ms);
  }
  std::printf("%.9g\n", best);
  return 0;
}
