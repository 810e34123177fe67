// The elementary functions PyTorch's CPU draws go through, as exact float /
// double arithmetic (no libm, no compiler contraction: this file's users are
// compiled with -ffp-contract=off), so native and WASM builds give the same
// bits:
//  - fmaf_exact: IEEE fused multiply-add in float, from double arithmetic
//    (the product of two floats is exact in double; the sum is rounded to odd
//    in double, then once to float, which is the correctly rounded result).
//  - log256 / sincos256: one lane of avx_mathfun.h's log256_ps / sincos256_ps
//    (Cephes polynomials in float), with the multiply-adds that GCC contracts
//    into FMA instructions when it compiles PyTorch's AVX2 kernels (-mfma,
//    -ffp-contract=fast) fused here too. Checked against Debian's PyTorch 1.13.1
//    on millions of draws (cpp/tests/data/torch_*.txt).
//  - log_d / sin_d / cos_d: double log, sin and cos after fdlibm 5.3
//    (e_log.c, k_sin.c, k_cos.c, the medium-size branch of e_rem_pio2.c),
//    under 1 ulp; the scalar normal path rounds them to float.
#pragma once
#include <cstdint>

namespace attn::torch::math {

// std::bit_cast (Emscripten 3.1.6's libc++ has no <bit> bit_cast).
template <class To, class From>
constexpr To bit_cast(const From& v) {
  static_assert(sizeof(To) == sizeof(From));
  return __builtin_bit_cast(To, v);
}

inline float fmaf_exact(float a, float b, float c) {
  const double p = static_cast<double>(a) * static_cast<double>(b);  // exact
  const double dc = c;
  const double s = p + dc;
  const double bb = s - p;
  const double err = (p - (s - bb)) + (dc - bb);  // TwoSum: p + dc = s + err exactly
  double r = s;
  if (err != 0.0) {
    std::uint64_t bits = bit_cast<std::uint64_t>(s);
    if ((bits & 1u) == 0) {  // round to odd: step toward the exact value
      bits = ((err > 0.0) == (s > 0.0)) ? bits + 1 : bits - 1;
      r = bit_cast<double>(bits);
    }
  }
  return static_cast<float>(r);
}

// a * b + c in double with one rounding (Dekker's product, then sums whose
// error is far below one ulp of the result in every case the draws produce).
inline double fma_d(double a, double b, double c) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const double p = a * b;
  double t = kSplit * a;
  const double ah = t - (t - a), al = a - ah;
  t = kSplit * b;
  const double bh = t - (t - b), bl = b - bh;
  const double pl = ((ah * bh - p) + ah * bl + al * bh) + al * bl;  // p + pl = a * b
  const double s = p + c;
  const double bb = s - p;
  const double e = (p - (s - bb)) + (c - bb);  // p + c = s + e
  return s + (e + pl);
}

inline float f_from_bits(std::uint32_t u) { return bit_cast<float>(u); }
inline std::uint32_t bits_of(float f) { return bit_cast<std::uint32_t>(f); }

// log256_ps for x in (0, 1] (PyTorch passes 1 - u, u in [0, 1)).
float log256(float x);
// sincos256_ps for x in [0, 2π).
void sincos256(float x, float& s, float& c);

double log_d(double x);  // x > 0, finite
double sin_d(double x);  // |x| < 2^19 * π/2
double cos_d(double x);  // |x| < 2^19 * π/2

}  // namespace attn::torch::math
