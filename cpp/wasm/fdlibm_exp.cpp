// exp(x) for the core WASM module (attn_core), linked into it in place of
// musl's exp. musl's is table-driven: its 2 KB table and code are ~2 KB of
// the module's gzip, against a 40 KB budget for the heatmap's whole page.
// This is FreeBSD's fdlibm e_exp.c (argument reduction by ln2, a degree-5
// rational approximation, no table): error < 1 ulp (it rounds ~9 % of
// results the other way from glibc's exp), which the core's uses tolerate:
//  - the ziggurat's wedge test (rng.cpp) compares a uniform draw with
//    exp(-x²/2); a last-bit difference from glibc's exp could change a draw
//    only if the draw fell within one ulp of that boundary (~1e-16 per wedge
//    test, and a wedge test happens in ~1 % of draws): the NumPy goldens in
//    web/engine/core/engine.test.ts pass bit for bit;
//  - the heatmap's softmax (double) stays within 1e-12 of NumPy's weights.
// The evaluator module (attn_py: the lesson's printed program) and native
// builds keep their libm's exp. cpp/tests/test_fdlibm_exp.cpp checks this
// function against the native exp (at most 1 ulp apart) on a million inputs.
//
// ====================================================
// Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
//
// Permission to use, copy, modify, and distribute this
// software is freely granted, provided that this notice
// is preserved.
// ====================================================
#include <cstdint>
#include <cstring>

#ifndef ATTN_EXP_NAME
#define ATTN_EXP_NAME exp  // the tests build it under another name
#endif

namespace {

constexpr double kOne = 1.0, kHuge = 1.0e+300, kTwoM1000 = 9.33263618503218878990e-302;  // 2^-1000
constexpr double kHalf[2] = {0.5, -0.5};
constexpr double kOverflow = 7.09782712893383973096e+02, kUnderflow = -7.45133219101941108420e+02;
constexpr double kLn2Hi[2] = {6.93147180369123816490e-01, -6.93147180369123816490e-01};
constexpr double kLn2Lo[2] = {1.90821492927058770002e-10, -1.90821492927058770002e-10};
constexpr double kInvLn2 = 1.44269504088896338700e+00;
constexpr double P1 = 1.66666666666666019037e-01, P2 = -2.77777777770155933842e-03,
                 P3 = 6.61375632143793436117e-05, P4 = -1.65339022054652515390e-06,
                 P5 = 4.13813679705723846039e-08;

inline std::uint64_t bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, 8);
  return u;
}
inline double add_to_exponent(double y, std::int32_t k) {  // y * 2^k for y in [0.5, 2) and k in range
  std::uint64_t u = bits(y) + (static_cast<std::uint64_t>(static_cast<std::uint32_t>(k)) << 52);
  std::memcpy(&y, &u, 8);
  return y;
}

}  // namespace

extern "C" double ATTN_EXP_NAME(double x) {
  const std::uint32_t hx_signed = static_cast<std::uint32_t>(bits(x) >> 32);
  const int xsb = static_cast<int>(hx_signed >> 31);
  const std::uint32_t hx = hx_signed & 0x7fffffffu;
  // 1. Filter out non-finite and overflowing / underflowing arguments.
  if (hx >= 0x40862E42u) {  // |x| >= 709.78...
    if (hx >= 0x7ff00000u) {
      if (((hx & 0xfffffu) | static_cast<std::uint32_t>(bits(x))) != 0) return x + x;  // NaN
      return xsb == 0 ? x : 0.0;                                                         // exp(+-inf) = inf, 0
    }
    if (x > kOverflow) return kHuge * kHuge;  // overflow: +inf
    if (x < kUnderflow) return 0.0;           // underflow
  }
  // 2. Argument reduction: x = k ln2 + r, |r| <= ln2 / 2, r = hi - lo.
  double hi = 0, lo = 0;
  std::int32_t k = 0;
  if (hx > 0x3fd62e42u) {    // |x| > 0.5 ln2
    if (hx < 0x3FF0A2B2u) {  // and |x| < 1.5 ln2
      hi = x - kLn2Hi[xsb];
      lo = kLn2Lo[xsb];
      k = 1 - xsb - xsb;
    } else {
      k = static_cast<std::int32_t>(kInvLn2 * x + kHalf[xsb]);
      const double t = k;
      hi = x - t * kLn2Hi[0];  // t * ln2HI is exact here
      lo = t * kLn2Lo[0];
    }
    x = hi - lo;
  } else if (hx < 0x3e300000u) {  // |x| < 2^-28: exp(x) = 1 + x, inexact
    if (kHuge + x > kOne) return kOne + x;
  }
  // 3. exp(r) by the rational approximation, then scale by 2^k.
  const double t = x * x;
  const double c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k == 0) return kOne - ((x * c) / (c - 2.0) - x);
  const double y = kOne - ((lo - (x * c) / (2.0 - c)) - hi);
  if (k >= -1021) return add_to_exponent(y, k);
  return add_to_exponent(y, k + 1000) * kTwoM1000;
}
