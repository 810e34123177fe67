// PyTorch 1.13's CPU generator (see generator.hpp). Sources reproduced:
//   aten/src/ATen/core/MT19937RNGEngine.h      mt19937 seeding and tempering
//   aten/src/ATen/CPUGeneratorImpl.cpp         random64 = (first << 32) | second
//   aten/src/ATen/core/TransformationHelper.h  uniform_real, uniform_int_from_to
//   aten/src/ATen/core/DistributionsHelper.h   normal_distribution<double> (cached pair)
//   aten/src/ATen/native/cpu/DistributionTemplates.h  normal_fill_AVX2, uniform_kernel
// Compiled with -ffp-contract=off: the multiply-adds GCC fuses in PyTorch's
// AVX2 build are explicit fmaf_exact / fma_d calls here.
#include "torch/generator.hpp"

#include <cmath>

#include "torch/mathfun.hpp"

namespace attn::torch {

namespace {
constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
constexpr std::uint32_t kUpperMask = 0x80000000u;
constexpr std::uint32_t kLowerMask = 0x7fffffffu;
constexpr int kStateM = 397;
constexpr double kPi = 3.14159265358979323846;

inline std::uint32_t twist(std::uint32_t u, std::uint32_t v) {
  return (((u & kUpperMask) | (v & kLowerMask)) >> 1) ^ ((v & 1u) ? kMatrixA : 0u);
}

// normal_fill_16_AVX2 on one block: data[0..8) are u1 candidates (1 - u),
// data[8..16) the angles' uniforms. data: (16,)
void normal_fill_16(float* data, float mean, float stdv) {
  const float two_pi = static_cast<float>(2.0f * kPi);
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * math::log256(u1));
    const float theta = two_pi * u2;
    float s, c;
    math::sincos256(theta, s, c);
    data[j] = math::fmaf_exact(radius * c, stdv, mean);
    data[j + 8] = math::fmaf_exact(radius * s, stdv, mean);
  }
}
}  // namespace

Generator::Generator(std::uint64_t seed) { manual_seed(seed); }

void Generator::manual_seed(std::uint64_t seed) {
  state_[0] = static_cast<std::uint32_t>(seed & 0xffffffffu);
  for (int j = 1; j < kStateN; ++j) {
    state_[j] = 1812433253u * (state_[j - 1] ^ (state_[j - 1] >> 30)) + static_cast<std::uint32_t>(j);
  }
  left_ = 1;
  next_ = 0;
  has_next_double_normal_ = false;
  next_double_normal_ = 0.0;
}

void Generator::next_state() {
  std::uint32_t* p = state_;
  left_ = kStateN;
  next_ = 0;
  for (int j = kStateN - kStateM + 1; --j; ++p) p[0] = p[kStateM] ^ twist(p[0], p[1]);
  for (int j = kStateM; --j; ++p) p[0] = p[kStateM - kStateN] ^ twist(p[0], p[1]);
  p[0] = p[kStateM - kStateN] ^ twist(p[0], state_[0]);
}

std::uint32_t Generator::random() {
  if (--left_ == 0) next_state();
  std::uint32_t y = state_[next_++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

std::uint64_t Generator::random64() {
  const std::uint64_t hi = random();
  const std::uint64_t lo = random();
  return (hi << 32) | lo;
}

float Generator::uniform_float() {
  return static_cast<float>(random() & 0xffffffu) * 0x1.0p-24f;
}

double Generator::normal_double() {
  if (has_next_double_normal_) {
    has_next_double_normal_ = false;
    return next_double_normal_;
  }
  const double u1 = static_cast<double>(random64() & 0x1fffffffffffffULL) * 0x1.0p-53;
  const double u2 = static_cast<double>(random64() & 0x1fffffffffffffULL) * 0x1.0p-53;
  const double r = std::sqrt(-2.0 * math::log_d(1.0 - u2));
  const double theta = 2.0 * kPi * u1;
  has_next_double_normal_ = true;
  next_double_normal_ = r * math::sin_d(theta);
  return r * math::cos_d(theta);
}

void Generator::normal_(float* out, std::size_t n, double mean, double std) {
  if (n < 16) {
    // cpu_serial_kernel with normal_distribution<double>: val * std + mean in
    // double (fused by GCC), then rounded to float.
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = static_cast<float>(math::fma_d(normal_double(), std, mean));
    }
    return;
  }
  const float meanf = static_cast<float>(mean);
  const float stdf = static_cast<float>(std);
  for (std::size_t i = 0; i < n; ++i) out[i] = uniform_float();
  for (std::size_t i = 0; i + 16 <= n; i += 16) normal_fill_16(out + i, meanf, stdf);
  if (n % 16 != 0) {
    float* tail = out + n - 16;  // recompute the last 16 values
    for (int i = 0; i < 16; ++i) tail[i] = uniform_float();
    normal_fill_16(tail, meanf, stdf);
  }
}

void Generator::uniform_(float* out, std::size_t n, double from, double to) {
  const float f = static_cast<float>(from);
  const float range = static_cast<float>(to) - f;
  for (std::size_t i = 0; i < n; ++i) out[i] = math::fmaf_exact(uniform_float(), range, f);
}

void Generator::randint(std::int64_t* out, std::size_t n, std::int64_t low, std::int64_t high) {
  const std::uint64_t range = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
  if (range >= (std::uint64_t{1} << 32)) {
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = static_cast<std::int64_t>(random64() % range + static_cast<std::uint64_t>(low));
    }
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = static_cast<std::int64_t>(random() % range + static_cast<std::uint64_t>(low));
    }
  }
}

}  // namespace attn::torch
