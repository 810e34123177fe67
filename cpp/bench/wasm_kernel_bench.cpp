// The float attention path timed inside WebAssembly, without Embind: the same
// call and inputs as bench_attention.cpp's BM_AttentionF32, so that
// scripts/bench.mjs can split the WASM figure into kernel time and the cost
// of crossing the JS/WASM boundary. Built by scripts/bench/kernel.mjs with
// em++ against build/wasm/libattn_core.a (the shipping module's objects):
//   node --no-experimental-fetch attn_kernel_bench.cjs T d causal min_ms
//   -> "<ms per call>" (process CPU time, best of 5 batches, as the other columns)
#include <emscripten.h>

#include <cstdio>
#include <cstdlib>

#include "attention.hpp"
#include "rng.hpp"

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

int main(int argc, char** argv) {
  if (argc < 5) return 2;
  const std::size_t T = std::strtoul(argv[1], nullptr, 10), d = std::strtoul(argv[2], nullptr, 10);
  attn::AttentionOptions opt;
  opt.causal = std::atoi(argv[3]) != 0;
  const double min_ms = std::atof(argv[4]);
  attn::Generator rng(0);
  const attn::MatrixF Q = draw(rng, T, d), K = draw(rng, T, d), V = draw(rng, T, d);
  volatile float sink = 0;
  // warm-up (lets the engine tier the code up), then batch size
  double t0 = cpu_ms();
  long calls = 0;
  do { sink = sink + attn::attention(Q, K, V, opt).output.data[0]; ++calls; } while (cpu_ms() - t0 < min_ms || calls < 2);
  const long n = static_cast<long>(min_ms / ((cpu_ms() - t0) / calls)) + 1;
  double best = 1e300;
  for (int b = 0; b < 5; ++b) {
    t0 = cpu_ms();
    for (long i = 0; i < n; ++i) sink = sink + attn::attention(Q, K, V, opt).output.data[0];
    const double per = (cpu_ms() - t0) / n;
    best = per < best ? per : best;
  }
  std::printf("%.9g\n", best);
  return 0;
}
