// Fuzz harness for the attention API (attention.hpp): shapes, scale, causal
// mask offset and values (including NaN, ±Inf, denormals, huge and tiny
// magnitudes) come from the input; the double path, the float path and
// attention_batched run on them, and the invariants below must hold.
//
// Input layout (reads past the end give zeros):
//   byte 0..3   T, S, d_k, d_v   (each % 9, so 0..8; a zero d_k must throw)
//   byte 4      flags: bit0 causal, bits1-2 scale (3 -> sqrt), bit3 full
//               64-bit mask offset, bits4-5 shape defect to inject, bit6 batched
//   byte 5      mask offset k in [-10, 10] (or 8 bytes: any long, with bit3)
//   byte 6      B, H for the batched call (1..2 each)
//   then        values: a tag byte per value, see next_value()
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "attention.hpp"
#include "harness_common.hpp"

namespace attn::fuzz {

inline double next_value(Reader& r) {
  static const double kSpecial[] = {
      0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 100.0, -100.0, 700.0, -700.0, 1e10,
      std::numeric_limits<double>::quiet_NaN(),
      std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(),
      std::numeric_limits<double>::denorm_min(),
      -std::numeric_limits<double>::denorm_min(),
      std::numeric_limits<double>::min(),
      std::numeric_limits<double>::max(),
      -std::numeric_limits<double>::max(),
      1e-300, 1e300, -1e300,
      static_cast<double>(std::numeric_limits<float>::denorm_min()),
      static_cast<double>(std::numeric_limits<float>::max()),
      -static_cast<double>(std::numeric_limits<float>::max()), 3.4e38, 1e38, 88.0, -88.0,
  };
  constexpr unsigned kNumSpecial = sizeof(kSpecial) / sizeof(kSpecial[0]);
  const std::uint8_t tag = r.u8();
  if (tag < 128) return (static_cast<int>(tag) - 64) / 8.0;  // small, exact: -8 .. 7.875
  if (tag < 128 + kNumSpecial) return kSpecial[tag - 128];
  if (tag < 240) return static_cast<double>(static_cast<std::int8_t>(r.u8())) * std::ldexp(1.0, (tag % 16) - 4);
  if (tag < 248) {  // raw bits of a double
    const std::uint64_t bits = r.u64();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
  }
  // raw bits of a float (float denormals, float NaN payloads)
  const std::uint32_t bits = r.u32();
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return static_cast<double>(f);
}

// IEEE round-to-float, with out-of-range finite values going to ±inf
// explicitly (the C++ conversion would be undefined for them).
inline float to_float(double x) {
  if (std::isfinite(x) && std::fabs(x) > static_cast<double>(std::numeric_limits<float>::max())) {
    // Values within half an ulp of FLT_MAX round down to it; beyond go to inf.
    const double limit = static_cast<double>(std::numeric_limits<float>::max()) +
                         std::ldexp(1.0, 127 - 24);  // FLT_MAX + half an ulp
    if (std::fabs(x) < limit) return std::copysign(std::numeric_limits<float>::max(), static_cast<float>(x > 0 ? 1 : -1));
    return std::copysign(std::numeric_limits<float>::infinity(), static_cast<float>(x > 0 ? 1 : -1));
  }
  return static_cast<float>(x);
}

inline bool is_masked(const AttentionOptions& opt, std::size_t i, std::size_t j) {
  // i, j <= 8: no overflow in the difference; compare as in np.triu(ones, k).
  return opt.causal && static_cast<long>(j) - static_cast<long>(i) >= opt.mask_k;
}

template <class F>
void check_attention_result(const Matrix<F>& Q, const Matrix<F>& K, const Matrix<F>& V,
                            const AttentionOptions& opt, const AttentionResult<F>& res) {
  const std::size_t T = Q.rows, S = K.rows, d_v = V.cols;
  const double sum_tol = sizeof(F) == sizeof(double) ? 1e-9 : 1e-5;
  // 1. shapes
  ATTN_FUZZ_CHECK(res.scores.rows == T && res.scores.cols == S && res.scores.data.size() == T * S);
  ATTN_FUZZ_CHECK(res.weights.rows == T && res.weights.cols == S && res.weights.data.size() == T * S);
  ATTN_FUZZ_CHECK(res.output.rows == T && res.output.cols == d_v && res.output.data.size() == T * d_v);
  for (std::size_t i = 0; i < T; ++i) {
    bool any_unmasked = false, finite_row = true;
    for (std::size_t j = 0; j < S; ++j) {
      const double s = res.scores(i, j), w = res.weights(i, j);
      // 2. masked scores are exactly -inf
      if (is_masked(opt, i, j)) {
        ATTN_FUZZ_CHECK(s == -std::numeric_limits<double>::infinity());
      } else {
        any_unmasked = true;
        finite_row = finite_row && std::isfinite(s);
      }
      // 3. a weight is NaN (from NaN/Inf inputs) or in [0, 1]
      ATTN_FUZZ_CHECK(std::isnan(w) || (w >= 0.0 && w <= 1.0));
    }
    if (!any_unmasked || !finite_row) continue;
    // 4. a row with an unmasked key and finite scores: no NaN, masked weights
    //    exactly 0, sum 1; the output is a convex combination of V's rows.
    double sum = 0;
    for (std::size_t j = 0; j < S; ++j) {
      const double w = res.weights(i, j);
      ATTN_FUZZ_CHECK(!std::isnan(w));
      if (is_masked(opt, i, j)) ATTN_FUZZ_CHECK(w == 0.0);
      sum += w;
    }
    ATTN_FUZZ_CHECK(std::fabs(sum - 1.0) <= sum_tol);
    const double vmax_ok = sizeof(F) == sizeof(double) ? 1e300 : 1e36;
    for (std::size_t c = 0; c < d_v; ++c) {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo, mag = 0;
      bool ok = true;
      for (std::size_t j = 0; j < S; ++j) {
        const double v = V(j, c);
        if (!std::isfinite(v) || std::fabs(v) > vmax_ok) ok = false;
        if (is_masked(opt, i, j)) continue;
        lo = std::fmin(lo, v);
        hi = std::fmax(hi, v);
        mag = std::fmax(mag, std::fabs(v));
      }
      if (!ok) continue;
      const double o = res.output(i, c);
      // relative error of the sum, plus absolute rounding of each product
      // w * v to F's subnormal grid
      const double tol = 4 * sum_tol * mag +
                         static_cast<double>(S) * static_cast<double>(std::numeric_limits<F>::denorm_min());
      ATTN_FUZZ_CHECK(o >= lo - tol && o <= hi + tol);
    }
  }
}

template <class F>
bool run_checked(const Matrix<F>& Q, const Matrix<F>& K, const Matrix<F>& V,
                 const AttentionOptions& opt, bool expect_error, AttentionResult<F>* out = nullptr) {
  try {
    AttentionResult<F> res = attention(Q, K, V, opt);
    ATTN_FUZZ_CHECK(!expect_error);  // a bad shape must throw ShapeError
    check_attention_result(Q, K, V, opt, res);
    if (out) *out = std::move(res);
    return true;
  } catch (const ShapeError&) {
    ATTN_FUZZ_CHECK(expect_error);
    return false;
  }
}

inline bool same_value(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0 || a == b;
}

inline void run_attention_case(const std::uint8_t* data, std::size_t size) {
  Reader r(data, size);
  const std::size_t T = r.u8() % 9, S = r.u8() % 9, d_k = r.u8() % 9, d_v = r.u8() % 9;
  const std::uint8_t flags = r.u8();
  AttentionOptions opt;
  opt.causal = flags & 1;
  const int sc = (flags >> 1) & 3;
  opt.scale = sc == 0 ? Scale::None : sc == 2 ? Scale::Dk : Scale::Sqrt;
  if (flags & 8) {
    opt.mask_k = static_cast<long>(r.u64());
  } else {
    opt.mask_k = static_cast<long>(r.u8() % 21) - 10;
  }
  const int defect = (flags >> 4) & 3;  // 0 none, 1 K.cols, 2 V.rows, 3 data size
  const bool batched = flags & 64;
  const std::uint8_t bh = r.u8();
  const std::size_t B = 1 + (bh & 1), H = 1 + ((bh >> 1) & 1);

  if (!batched) {
    MatrixD Q(T, d_k), K(S, d_k + (defect == 1)), V(S + (defect == 2), d_v);
    for (MatrixD* m : {&Q, &K, &V})
      for (double& x : m->data) x = next_value(r);
    if (defect == 3) Q.data.push_back(0.0);
    const bool expect_error = defect != 0 || d_k == 0;
    run_checked(Q, K, V, opt, expect_error);

    MatrixF Qf(Q.rows, Q.cols), Kf(K.rows, K.cols), Vf(V.rows, V.cols);
    Qf.data.resize(Q.data.size());
    for (std::size_t i = 0; i < Q.data.size(); ++i) Qf.data[i] = to_float(Q.data[i]);
    for (std::size_t i = 0; i < K.data.size(); ++i) Kf.data[i] = to_float(K.data[i]);
    for (std::size_t i = 0; i < V.data.size(); ++i) Vf.data[i] = to_float(V.data[i]);
    run_checked(Qf, Kf, Vf, opt, expect_error);
    return;
  }

  // Batched: (B, H, T, d) tensors; every (b, h) slice must equal attention()
  // on that slice bit for bit (same kernels, same order).
  BatchedShape shape{B, H, T, S, d_k, d_v};
  const std::size_t nq = B * H * T * d_k, nk = B * H * S * d_k, nv = B * H * S * d_v;
  std::vector<double> q(nq), k(nk), v(nv), w(B * H * T * S, 0.0), o(B * H * T * d_v, 0.0);
  for (double& x : q) x = next_value(r);
  for (double& x : k) x = next_value(r);
  for (double& x : v) x = next_value(r);
  const bool expect_error = T == 0 || S == 0 || d_k == 0 || d_v == 0;
  try {
    attention_batched(q.data(), k.data(), v.data(), shape, opt, w.data(), o.data());
    ATTN_FUZZ_CHECK(!expect_error);
  } catch (const ShapeError&) {
    ATTN_FUZZ_CHECK(expect_error);
    return;
  }
  for (std::size_t s = 0; s < B * H; ++s) {
    MatrixD Q(T, d_k), K(S, d_k), V(S, d_v);
    std::copy(q.begin() + s * T * d_k, q.begin() + (s + 1) * T * d_k, Q.data.begin());
    std::copy(k.begin() + s * S * d_k, k.begin() + (s + 1) * S * d_k, K.data.begin());
    std::copy(v.begin() + s * S * d_v, v.begin() + (s + 1) * S * d_v, V.data.begin());
    AttentionResult<double> ref;
    ATTN_FUZZ_CHECK(run_checked(Q, K, V, opt, false, &ref));
    for (std::size_t i = 0; i < T * S; ++i) ATTN_FUZZ_CHECK(same_value(w[s * T * S + i], ref.weights.data[i]));
    for (std::size_t i = 0; i < T * d_v; ++i) ATTN_FUZZ_CHECK(same_value(o[s * T * d_v + i], ref.output.data[i]));
  }
}

}  // namespace attn::fuzz
