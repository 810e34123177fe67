// AdamW's update loop (compiled with the train_kernel flags, see CMakeLists.txt).
#include "train/adamw.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "train/ops.hpp"

namespace attn::train {

AdamW::AdamW(std::size_t n, double lr, double beta1, double beta2, double eps, double weight_decay)
    : lr_(lr), beta1_(beta1), beta2_(beta2), eps_(eps), wd_(weight_decay), m_(n, 0.0f), v_(n, 0.0f) {}

double AdamW::python_double(float x) {
  // (Emscripten 3.1.6's libc++ has no floating-point to_chars)
  char buf[64];
  for (int digits = 1; digits <= 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(x));
    if (std::strtof(buf, nullptr) == x) break;
  }
  return std::strtod(buf, nullptr);
}

void AdamW::step(float* __restrict p, const float* __restrict g) {
  ++t_;
  // The scalars as PyTorch forms them: Python doubles, cast to float32 where
  // they meet a float32 tensor.
  const float decay = static_cast<float>(1.0 - lr_ * wd_);
  const float b1 = static_cast<float>(beta1_), one_b1 = static_cast<float>(1.0 - beta1_);
  const float b2 = static_cast<float>(beta2_), one_b2 = static_cast<float>(1.0 - beta2_);
  const double bc1 = 1.0 - std::pow(beta1_, static_cast<double>(t_));
  const double bc2 = 1.0 - std::pow(beta2_, static_cast<double>(t_));
  const float neg_step = static_cast<float>(-(lr_ / bc1));
  const float bc2_sqrt = static_cast<float>(std::sqrt(bc2));
  const float eps = static_cast<float>(eps_);
  float* __restrict m = m_.data();
  float* __restrict v = v_.data();
  const std::size_t n = m_.size();
  for (std::size_t i = 0; i < n; ++i) {
    const float gi = g[i];
    // As PyTorch 1.13's AVX2 kernels: add_(g, alpha) and addcmul_ fuse their
    // last multiply-add; addcdiv_ is self + (value · t1) / t2.
    const float pi = p[i] * decay;
    const float mi = ops::fused(gi, one_b1, m[i] * b1);
    const float vi = ops::fused(one_b2 * gi, gi, v[i] * b2);
    m[i] = mi;
    v[i] = vi;
    const float denom = std::sqrt(vi) / bc2_sqrt + eps;
    p[i] = pi + (neg_step * mi) / denom;
  }
}

}  // namespace attn::train
