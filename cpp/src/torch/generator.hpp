// PyTorch's CPU random number generator (torch.manual_seed and the draws that
// nn.Embedding, nn.Linear, torch.randn/rand/randint make), bit for bit as
// PyTorch 1.13 on x86 (AVX2) computes them. No libm in these paths: native and
// WASM builds give the same bits.
#pragma once
#include <cstddef>
#include <cstdint>

namespace attn::torch {

class Generator {
 public:
  // torch.manual_seed(seed): mt19937 seeded with the low 32 bits, the cached
  // normal samples cleared.
  explicit Generator(std::uint64_t seed = 67280421310721ULL);
  void manual_seed(std::uint64_t seed);

  std::uint32_t random();    // one mt19937 output
  std::uint64_t random64();  // two outputs: (first << 32) | second

  // Tensor.normal_(mean, std) on a contiguous float32 tensor of n values
  // (torch.randn is normal_(0, 1); nn.Embedding's init is normal_(0, 1)).
  // out: (n,)
  void normal_(float* out, std::size_t n, double mean = 0.0, double std = 1.0);
  // Tensor.uniform_(from, to) on float32 (torch.rand is uniform_(0, 1);
  // nn.Linear's kaiming_uniform_ and bias init). out: (n,)
  void uniform_(float* out, std::size_t n, double from = 0.0, double to = 1.0);
  // torch.randint(low, high, (n,)) as int64. out: (n,)
  void randint(std::int64_t* out, std::size_t n, std::int64_t low, std::int64_t high);

 private:
  static constexpr int kStateN = 624;
  float uniform_float();    // uniform_real_distribution<float>(0, 1)
  double normal_double();   // normal_distribution<double>(0, 1), with its cache
  std::uint32_t state_[kStateN];
  int left_ = 1;
  int next_ = 0;
  bool has_next_double_normal_ = false;
  double next_double_normal_ = 0.0;
  void next_state();
};

}  // namespace attn::torch
