// The training ops and their backward passes, as templates on the scalar
// type: float is what the models run (model.cpp, compiled with the
// train_kernel flags: no reassociation, no implicit fused multiply-adds; each
// float op follows PyTorch 1.13's CPU kernels, summation order and fusions,
// bit for bit), double is what the gradient checks run
// against central finite differences (cpp/tests/test_train_ops.cpp). The
// models run the Linear products through gemm_f32 (gemm.hpp, the same
// products register-blocked); linear_forward/linear_backward here define
// them and are what the gradient checks exercise.
//
// Layouts are row-major. N = B*T rows (one per position of every sequence in
// the batch), C the embedding width, H the head size, V the vocabulary. A
// Linear(I, O)'s weight W is PyTorch's (O, I); the forward pass reads its
// transpose Wt (I, O) so that its inner loop runs along contiguous outputs.
// Backward functions ADD into parameter gradients (zeroed once per step) and
// OVERWRITE activation gradients.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "simd4.hpp"

#if defined(__GNUC__)
#define ATTN_TRAIN_INLINE inline __attribute__((always_inline))
#else
#define ATTN_TRAIN_INLINE inline
#endif

namespace attn::train::ops {

// exp(x) for x <= 0 (a value minus its row's maximum): float uses a
// branch-free polynomial the compiler vectorises (Cody-Waite reduction,
// Cephes' degree-6 polynomial, ~2 ulp; x < -87.3 gives 0); double uses
// std::exp (the gradient checks).
template <class F>
ATTN_TRAIN_INLINE F exp_nonpositive(F x) {
  if constexpr (std::is_same_v<F, double>) {
    return std::exp(x);
  } else {
    // Below -88 the result is 0 (see `kept`): reduce from -88 there, so n stays
    // in range; NaN stays NaN in xc and r (so the result is NaN) but not in y,
    // whose conversion to int must be defined.
    const float xc = x < -88.0f ? -88.0f : x;
    float y = xc * 1.44269504088896341f;
    y = y > -127.0f ? y : -127.0f;
    const std::int32_t n = static_cast<std::int32_t>(y - 0.5f);  // round(y), y <= 0
    const float nf = static_cast<float>(n);
    const float r = xc - nf * 0.693359375f - nf * -2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * r * r + r + 1.0f;
    const std::int32_t bits = (n + 127) * (1 << 23);
    const std::int32_t kept = x < -87.3f ? 0 : bits;
    float scale;
    std::memcpy(&scale, &kept, sizeof scale);  // (no std::bit_cast in Emscripten 3.1.6's libc++)
    return p * scale;
  }
}

// ---- Embedding: gather (token table) plus the position table -------------
// idx: (B*T,) ids in [0, V); tok: (V, C); pos: (>=T, C) or null; x: (B*T, C)
// x[b*T+t, :] = tok[idx[b*T+t], :] + pos[t, :]
template <class F>
void embedding_forward(const std::int32_t* idx, int B, int T, int C, const F* tok, const F* pos, F* x) {
  for (int b = 0; b < B; ++b)
    for (int t = 0; t < T; ++t) {
      const int n = b * T + t;
      const F* e = tok + static_cast<std::ptrdiff_t>(idx[n]) * C;
      F* out = x + static_cast<std::ptrdiff_t>(n) * C;
      if (pos) {
        const F* p = pos + static_cast<std::ptrdiff_t>(t) * C;
        for (int c = 0; c < C; ++c) out[c] = e[c] + p[c];
      } else {
        for (int c = 0; c < C; ++c) out[c] = e[c];
      }
    }
}
// dx: (B*T, C) -> dtok: (V, C) += scatter of dx rows by idx; dpos: (>=T, C) += sum over b (or null)
// (dpos: PyTorch's sum over the broadcast batch dimension, torch_sum_rows)
template <class F>
void torch_sum_rows(const F* a, int rows, int cols, std::ptrdiff_t lda, F* out);
template <class F>
void embedding_backward(const std::int32_t* idx, int B, int T, int C, const F* dx, F* dtok, F* dpos) {
  for (int b = 0; b < B; ++b)
    for (int t = 0; t < T; ++t) {
      const int n = b * T + t;
      const F* g = dx + static_cast<std::ptrdiff_t>(n) * C;
      F* e = dtok + static_cast<std::ptrdiff_t>(idx[n]) * C;
      for (int c = 0; c < C; ++c) e[c] += g[c];
    }
  if (dpos) torch_sum_rows<F>(dx, B, T * C, static_cast<std::ptrdiff_t>(T) * C, dpos);
}

// ---- Linear: y = x W^T + b ---------------------------------------------------
// x: (N, I); Wt: (I, O) = W^T; b: (O,) or null; y: (N, O)
template <class F>
void linear_forward(const F* __restrict x, int N, int I, int O, const F* __restrict Wt, const F* __restrict b,
                    F* __restrict y) {
  for (int n = 0; n < N; ++n) {
    F* yr = y + static_cast<std::ptrdiff_t>(n) * O;
    const F* xr = x + static_cast<std::ptrdiff_t>(n) * I;
    if (b) {
      for (int o = 0; o < O; ++o) yr[o] = b[o];
    } else {
      for (int o = 0; o < O; ++o) yr[o] = F(0);
    }
    for (int i = 0; i < I; ++i) {
      const F xi = xr[i];
      const F* w = Wt + static_cast<std::ptrdiff_t>(i) * O;
      for (int o = 0; o < O; ++o) yr[o] += xi * w[o];
    }
  }
}
// x: (N, I); dy: (N, O); W: (O, I) -> dW: (O, I) += dy^T x; db: (O,) += Σ_n dy (or null);
// dx: (N, I) = dy W (or null)
template <class F>
void linear_backward(const F* __restrict x, const F* __restrict dy, int N, int I, int O, const F* __restrict W,
                     F* __restrict dW, F* __restrict db, F* __restrict dx) {
  for (int n = 0; n < N; ++n) {
    const F* g = dy + static_cast<std::ptrdiff_t>(n) * O;
    const F* xr = x + static_cast<std::ptrdiff_t>(n) * I;
    for (int o = 0; o < O; ++o) {
      const F go = g[o];
      F* w = dW + static_cast<std::ptrdiff_t>(o) * I;
      for (int i = 0; i < I; ++i) w[i] += go * xr[i];
    }
    if (db)
      for (int o = 0; o < O; ++o) db[o] += g[o];
    if (dx) {
      F* d = dx + static_cast<std::ptrdiff_t>(n) * I;
      for (int i = 0; i < I; ++i) d[i] = F(0);
      for (int o = 0; o < O; ++o) {
        const F go = g[o];
        const F* w = W + static_cast<std::ptrdiff_t>(o) * I;
        for (int i = 0; i < I; ++i) d[i] += go * w[i];
      }
    }
  }
}

#if defined(__wasm_simd128__)
// exp_nonpositive<float> on four lanes: the same operations, lane by lane.
// (Clang turns the float one into scalar code in WebAssembly: its float to
// int conversion does not vectorise there.)
ATTN_TRAIN_INLINE simd4::v4f exp_nonpositive4(simd4::v4f x) {
  using simd4::splat;
  using simd4::v4f;
  using simd4::v4i;
  const v4f xc = x < splat(-88.0f) ? splat(-88.0f) : x;
  v4f y = xc * splat(1.44269504088896341f);
  y = y > splat(-127.0f) ? y : splat(-127.0f);
  const v4i n = __builtin_convertvector(y - splat(0.5f), v4i);  // round(y), y <= 0
  const v4f p = simd4::exp_reduced4(xc, __builtin_convertvector(n, v4f));
  const v4i bits = (n + 127) * (1 << 23);
  const v4i kept = x < splat(-87.3f) ? v4i{0, 0, 0, 0} : bits;
  return p * reinterpret_cast<const v4f&>(kept);
}
// sum + e[0] + e[1] + e[2] + e[3], in that order (not reassociated).
ATTN_TRAIN_INLINE float add_lanes_in_order(float sum, simd4::v4f e) {
#pragma clang fp reassociate(off)
  sum += e[0];
  sum += e[1];
  sum += e[2];
  sum += e[3];
  return sum;
}
#endif

// Σ_v exp(l[v] − m) over v = 0..V−1, summed in v order; with d, also d[v] =
// exp(l[v] − m) (d may be l).
template <class F>
ATTN_TRAIN_INLINE F exp_shifted_sum(const F* l, F m, int V, F* d) {
  F sum = F(0);
  int v = 0;
#if defined(__wasm_simd128__)
  if constexpr (std::is_same_v<F, float>) {
    for (; v + 4 <= V; v += 4) {
      const simd4::v4f e = exp_nonpositive4(simd4::load4(l + v) - simd4::splat(m));
      if (d) simd4::store4(d + v, e);
      sum = add_lanes_in_order(sum, e);
    }
  }
#endif
  if (d) {
    for (; v < V; ++v) {
      const F e = exp_nonpositive<F>(l[v] - m);
      d[v] = e;
      sum += e;
    }
  } else {
    for (; v < V; ++v) sum += exp_nonpositive<F>(l[v] - m);
  }
  return sum;
}

// a · b + c rounded once (fma), inline: float through double, where a · b
// is exact. Rounding the double sum to float is right unless it sits on a
// float halfway point (or in float's subnormal range): then the sum is
// rounded to odd first (its error from TwoSum), which rounds correctly (as
// musl's fmaf). Faster than WebAssembly's software fmaf; double: std::fma.
template <class F>
ATTN_TRAIN_INLINE F fused(F a, F b, F c) {
  if constexpr (std::is_same_v<F, double>) {
    return std::fma(a, b, c);
  } else {
    const double p = static_cast<double>(a) * static_cast<double>(b);
    const double cd = static_cast<double>(c);
    double s = p + cd;
    std::uint64_t bits;
    std::memcpy(&bits, &s, sizeof bits);
    const std::uint64_t e = bits >> 52 & 0x7ff;
    if (((bits & 0x1fffffff) != 0x10000000 && e > 0x3ff - 126) || e == 0x7ff) return static_cast<float>(s);
    const double v = s - p;
    const double err = (p - (s - v)) + (cd - v);  // s + err = p + c exactly
    if (err != 0.0 && (bits & 1) == 0) {          // inexact: round to odd
      bits = (err > 0.0) == (s > 0.0) ? bits + 1 : bits - 1;
      std::memcpy(&s, &bits, sizeof s);
    }
    return static_cast<float>(s);
  }
}

// d: a scalar -> exp(d) as PyTorch 1.13's AVX2 Vectorized<float>::exp computes it: SLEEF
// 3.5's expf (u10), its multiply-adds fused; double: std::exp.
template <class F>
ATTN_TRAIN_INLINE F torch_exp(F d) {
  if constexpr (std::is_same_v<F, double>) {
    return std::exp(d);
  } else {
    const float t = d * 1.442695040888963407359924681001892137426645954152985934135449406931f;
    // q = rint(t) (ties to even); clamped where the result is 0 or inf anyway
    const float tc = t > -200.0f ? (t < 200.0f ? t : 200.0f) : -200.0f;
    const std::int32_t q = static_cast<std::int32_t>((tc + 12582912.0f) - 12582912.0f);  // rint, ties to even
    const float qf = static_cast<float>(q);
    float s = fused(qf, -0.693145751953125f, d);
    s = fused(qf, -1.428606765330187045e-06f, s);
    float u = 0.000198527617612853646278381f;
    u = fused(u, s, 0.00139304355252534151077271f);
    u = fused(u, s, 0.00833336077630519866943359f);
    u = fused(u, s, 0.0416664853692054748535156f);
    u = fused(u, s, 0.166666671633720397949219f);
    u = fused(u, s, 0.5f);
    u = 1.0f + fused(s * s, u, s);
    // ldexp2: u · 2^(q >> 1) · 2^(q − (q >> 1))
    const std::int32_t q1 = q >> 1, q2 = q - q1;
    const std::int32_t b1 = (q1 + 127) * (1 << 23), b2 = (q2 + 127) * (1 << 23);
    float p1, p2;
    std::memcpy(&p1, &b1, sizeof p1);
    std::memcpy(&p2, &b2, sizeof p2);
    u = u * p1 * p2;
    if (d < -104.0f) u = 0.0f;
    if (d > 100.0f) u = std::numeric_limits<float>::infinity();
    return u;
  }
}

// d: a scalar -> log(d) as PyTorch 1.13's AVX2 Vectorized<float>::log computes it: SLEEF
// 3.5's logf (u10, double-float steps), its multiply-adds fused; double: std::log.
template <class F>
ATTN_TRAIN_INLINE F torch_log(F d) {
  if constexpr (std::is_same_v<F, double>) {
    return std::log(d);
  } else {
    struct F2 {
      float x, y;
    };
    const auto bits = [](float v) {
      std::int32_t b;
      std::memcpy(&b, &v, sizeof b);
      return b;
    };
    const auto from = [](std::int32_t b) {
      float v;
      std::memcpy(&v, &b, sizeof v);
      return v;
    };
    const bool o = d < std::numeric_limits<float>::min();
    const float dd = o ? d * (static_cast<float>(1LL << 32) * static_cast<float>(1LL << 32)) : d;
    std::int32_t e = ((bits(dd * (1.0f / 0.75f)) >> 23) & 0xff) - 0x7f;  // ilogb2k
    const float m = from(bits(dd) + static_cast<std::int32_t>(static_cast<std::uint32_t>(-e) << 23));  // ldexp3
    if (o) e -= 64;
    // s = (ln2 hi, lo) · e  (dfmul_vf2_vf2_vf)
    const float ef = static_cast<float>(e);
    F2 s;
    s.x = 0.69314718246459960938f * ef;
    s.y = fused(-1.904654323148236017e-09f, ef, fused(0.69314718246459960938f, ef, -s.x));
    // x = (m − 1) / (m + 1)  (dfadd2_vf2_vf_vf twice, dfdiv_vf2_vf2_vf2)
    const auto add2 = [](float a, float b) {
      const float t = a + b, v = t - a;
      return F2{t, (a - (t - v)) + (b - v)};
    };
    const F2 n = add2(-1.0f, m), dn = add2(1.0f, m);
    F2 x;
    {
      const float t = 1.0f / dn.x;
      const float q = n.x * t;
      const float u = fused(t, n.x, -q);
      const float v = fused(-dn.y, t, fused(-dn.x, t, 1.0f));
      x = F2{q, fused(q, v, fused(n.y, t, u))};
    }
    const float x2 = x.x * x.x;
    float t = 0.3027294874f;
    t = fused(t, x2, 0.3996108174f);
    t = fused(t, x2, 0.6666694880f);
    // s = s + 2x  (dfadd_vf2_vf2_vf2, dfscale)
    {
      const F2 y{x.x * 2.0f, x.y * 2.0f};
      const float r = s.x + y.x;
      s = F2{r, (((s.x - r) + y.x) + s.y) + y.y};
    }
    // s = s + x2 · x · t  (dfadd_vf2_vf2_vf)
    {
      const float y = (x2 * x.x) * t;
      const float r = s.x + y;
      s = F2{r, ((s.x - r) + y) + s.y};
    }
    float r = s.x + s.y;
    if (d == std::numeric_limits<float>::infinity()) r = d;
    if (d < 0.0f || d != d) r = std::numeric_limits<float>::quiet_NaN();
    if (d == 0.0f) r = -std::numeric_limits<float>::infinity();
    return r;
  }
}

// a: (n,) -> Σ a as PyTorch 1.13's vec::reduce_all adds on 8-float vectors: below
// 8, lane by lane in order; else 8 lane sums over the full vectors, the
// tail's lanes added into the first lanes, then reduce8.
template <class F>
F reduce8(const F* a);
template <class F>
F torch_sum_all(const F* a, int n) {
  if (n < 8) {
    F s = a[0];
    for (int i = 1; i < n; ++i) s += a[i];
    return s;
  }
  F acc[8];
  for (int l = 0; l < 8; ++l) acc[l] = a[l];
  int d = 8;
  for (; d < n - n % 8; d += 8)
    for (int l = 0; l < 8; ++l) acc[l] += a[d + l];
  for (int l = 0; l < n - d; ++l) acc[l] += a[d + l];
  return reduce8<F>(acc);
}

// a: (n,) at stride -> Σ_i a[i * stride] as PyTorch 1.13's multi_row_sum sums one column: in
// blocks of 2^p, p = max(4, ceil(log2 n) / 4), added into a 4-level
// cascade, the levels added last.
template <class F>
F torch_cascade_sum(const F* a, std::int64_t n, std::ptrdiff_t stride) {
  int lg = 0;
  while ((std::int64_t{1} << lg) < n) ++lg;
  const int p = lg / 4 > 4 ? lg / 4 : 4;
  const std::int64_t step = std::int64_t{1} << p, mask = step - 1;
  F acc[4] = {F(0), F(0), F(0), F(0)};
  std::int64_t i = 0;
  while (i + step <= n) {
    for (std::int64_t j = 0; j < step; ++j, ++i) acc[0] += a[i * stride];
    for (int j = 1; j < 4; ++j) {
      acc[j] += acc[j - 1];
      acc[j - 1] = F(0);
      if ((i & (mask << (j * p))) != 0) break;
    }
  }
  for (; i < n; ++i) acc[0] += a[i * stride];
  for (int j = 1; j < 4; ++j) acc[0] += acc[j];
  return acc[0];
}

// a: (n,) -> Σ a, a contiguous float tensor, as PyTorch 1.13's sum over it
// (vectorized_inner_sum): 8 lanes, each the row_sum of its elements (4
// interleaved torch_cascade_sums over the 8-float vectors, the leftover
// vectors to the first, then the four in order); then 0 + the scalar tail +
// the 8 lanes in order.
template <class F>
F torch_sum_contiguous(const F* a, std::int64_t n) {
  const std::int64_t nv = n / 8, n4 = nv / 4;
  F lane[8];
  for (int l = 0; l < 8; ++l) {
    F part[4];
    for (int k = 0; k < 4; ++k) part[k] = torch_cascade_sum<F>(a + k * 8 + l, n4, 32);
    for (std::int64_t v = n4 * 4; v < nv; ++v) part[0] += a[v * 8 + l];
    for (int k = 1; k < 4; ++k) part[0] += part[k];
    lane[l] = part[0];
  }
  F total = F(0);
  for (std::int64_t i = nv * 8; i < n; ++i) total += a[i];
  for (int l = 0; l < 8; ++l) total += lane[l];
  return total;
}

// out (cols,) += Σ over the rows of a (rows, cols, row stride lda), each
// column summed as PyTorch 1.13's sum over a leading dimension does
// (vectorized_outer_sum): columns in blocks of 32 by torch_cascade_sum over
// the rows; the rest (row_sum) as 4 interleaved sums of rows k, k+4, ...,
// the leftover rows added to the first, then the four in order. out is the
// zeroed gradient.
template <class F>
void torch_sum_rows(const F* a, int rows, int cols, std::ptrdiff_t lda, F* out) {
  const int plain = cols - cols % 32;
  for (int c = 0; c < cols; ++c) {
    const F* col = a + c;
    if (c < plain) {
      out[c] += torch_cascade_sum<F>(col, rows, lda);
      continue;
    }
    const std::int64_t n4 = rows / 4;
    F part[4];
    for (int k = 0; k < 4; ++k) part[k] = torch_cascade_sum<F>(col + k * lda, n4, 4 * lda);
    for (std::int64_t i = n4 * 4; i < rows; ++i) part[0] += col[i * lda];
    for (int k = 1; k < 4; ++k) part[0] += part[k];
    out[c] += part[0];
  }
}

// ---- Causal (masked) softmax over the rows of a (T, T) block ----------------
// s: (T, T) scores in, weights out: row i is softmax(s[i, 0..i]) and 0 for
// j > i (masked_fill(tril == 0, -inf) then softmax), as PyTorch 1.13's
// _vec_softmax_lastdim: e = exp(s − max) over the row of T (0 where
// masked), sum = torch_sum_all(e, T), weights = e · (1 / sum).
template <class F>
void causal_softmax_forward(F* s, int T) {
  for (int i = 0; i < T; ++i) {
    F* row = s + static_cast<std::ptrdiff_t>(i) * T;
    F m = row[0];
    for (int j = 1; j <= i; ++j) m = row[j] > m ? row[j] : m;
    for (int j = 0; j <= i; ++j) row[j] = torch_exp<F>(row[j] - m);
    for (int j = i + 1; j < T; ++j) row[j] = F(0);
    const F inv = F(1) / torch_sum_all<F>(row, T);
    for (int j = 0; j <= i; ++j) row[j] *= inv;
  }
}
// P: (T, T) weights; dP: (T, T) -> dS: (T, T) = P ∘ (dP − rowsum(P ∘ dP)) (0 above the diagonal)
// As PyTorch 1.13's _vec_host_softmax_backward_lastdim: dot = Σ P ∘ dP over
// the row of T (0 where masked) in vec::map2_reduce_all's order (8 lanes, the
// later vectors' products added fused), dS = (dP − dot) ∘ P.
template <class F>
void causal_softmax_backward(const F* P, const F* dP, int T, F* dS) {
  for (int i = 0; i < T; ++i) {
    const F* p = P + static_cast<std::ptrdiff_t>(i) * T;
    const F* g = dP + static_cast<std::ptrdiff_t>(i) * T;
    F* d = dS + static_cast<std::ptrdiff_t>(i) * T;
    // products 0 past the diagonal (P is 0 there)
    const auto prod = [&](int j) { return j <= i ? p[j] * g[j] : F(0); };
    F dot;
    if (T < 8) {
      dot = prod(0);
      for (int j = 1; j < T; ++j) dot += prod(j);
    } else {
      F acc[8];
      for (int l = 0; l < 8; ++l) acc[l] = prod(l);
      int j = 8;
      for (; j < T - T % 8; j += 8)
        for (int l = 0; l < 8; ++l) acc[l] = j + l <= i ? fused(p[j + l], g[j + l], acc[l]) : acc[l];
      for (int l = 0; l < T - j; ++l) acc[l] = j + l <= i ? fused(p[j + l], g[j + l], acc[l]) : acc[l];
      dot = reduce8<F>(acc);
    }
    for (int j = 0; j <= i; ++j) d[j] = (g[j] - dot) * p[j];
    for (int j = i + 1; j < T; ++j) d[j] = F(0);
  }
}

// ---- One causal self-attention head on packed projections -------------------
// qkv: (B*T, 3H), each row [k | q | v] (the lecture's key, query, value);
// P: (B, T, T) out, the attention weights; out: (B*T, H) = P @ v per sequence.
// S = scale * q k^T, masked below/on the diagonal, softmax by rows.
template <class F>
void head_forward(const F* __restrict qkv, int B, int T, int H, F scale, F* __restrict P, F* __restrict out) {
  const int L = 3 * H;
  for (int b = 0; b < B; ++b) {
    const F* base = qkv + static_cast<std::ptrdiff_t>(b) * T * L;
    F* Pb = P + static_cast<std::ptrdiff_t>(b) * T * T;
    for (int i = 0; i < T; ++i) {
      const F* q = base + static_cast<std::ptrdiff_t>(i) * L + H;
      for (int j = 0; j <= i; ++j) {
        const F* k = base + static_cast<std::ptrdiff_t>(j) * L;
        F d = F(0);
        for (int h = 0; h < H; ++h) d += q[h] * k[h];
        Pb[i * T + j] = d * scale;
      }
    }
    causal_softmax_forward<F>(Pb, T);
    for (int i = 0; i < T; ++i) {
      F* o = out + (static_cast<std::ptrdiff_t>(b) * T + i) * H;
      for (int h = 0; h < H; ++h) o[h] = F(0);
      for (int j = 0; j <= i; ++j) {
        const F p = Pb[i * T + j];
        const F* v = base + static_cast<std::ptrdiff_t>(j) * L + 2 * H;
        for (int h = 0; h < H; ++h) o[h] += p * v[h];
      }
    }
  }
}
// qkv: (B*T, 3H); P: (B, T, T); dout: (B*T, H); work: (T, T) scratch
// -> dqkv: (B*T, 3H) = [dk | dq | dv] per row
template <class F>
void head_backward(const F* __restrict qkv, const F* __restrict P, const F* __restrict dout, int B, int T, int H,
                   F scale, F* __restrict work, F* __restrict dqkv) {
  const int L = 3 * H;
  for (int b = 0; b < B; ++b) {
    const F* base = qkv + static_cast<std::ptrdiff_t>(b) * T * L;
    const F* Pb = P + static_cast<std::ptrdiff_t>(b) * T * T;
    F* dbase = dqkv + static_cast<std::ptrdiff_t>(b) * T * L;
    const F* g = dout + static_cast<std::ptrdiff_t>(b) * T * H;
    for (int r = 0; r < T * L; ++r) dbase[r] = F(0);
    // dP[i, j] = dout_i · v_j ; dv_j += P[i, j] dout_i
    for (int i = 0; i < T; ++i) {
      const F* gi = g + static_cast<std::ptrdiff_t>(i) * H;
      for (int j = 0; j <= i; ++j) {
        const F* v = base + static_cast<std::ptrdiff_t>(j) * L + 2 * H;
        F* dv = dbase + static_cast<std::ptrdiff_t>(j) * L + 2 * H;
        const F p = Pb[i * T + j];
        F d = F(0);
        for (int h = 0; h < H; ++h) {
          d += gi[h] * v[h];
          dv[h] += p * gi[h];
        }
        work[i * T + j] = d;
      }
    }
    causal_softmax_backward<F>(Pb, work, T, work);
    // dq_i = scale Σ_j dS[i, j] k_j ; dk_j = scale Σ_i dS[i, j] q_i
    for (int i = 0; i < T; ++i) {
      const F* q = base + static_cast<std::ptrdiff_t>(i) * L + H;
      F* dq = dbase + static_cast<std::ptrdiff_t>(i) * L + H;
      for (int j = 0; j <= i; ++j) {
        const F ds = work[i * T + j] * scale;
        const F* k = base + static_cast<std::ptrdiff_t>(j) * L;
        F* dk = dbase + static_cast<std::ptrdiff_t>(j) * L;
        for (int h = 0; h < H; ++h) {
          dq[h] += ds * k[h];
          dk[h] += ds * q[h];
        }
      }
    }
  }
}

// ---- Cross-entropy, mean over rows ----------------------------------------------
// logits: (N, V); targets: (N,) -> the mean of −log softmax(logits[n])[targets[n]].
// With dlogits (N, V) (may alias logits): the gradient of the mean. As PyTorch
// 1.13 computes F.cross_entropy: log_softmax rows out = (l − max) − log Σ
// exp(l − max) (the sum as torch_sum_all); nll_loss's cascade sum of −out[t]
// (levels of 16 rows, for N up to 2^32); backward g = −1/N at the target,
// d = g − exp(out) · Σ g, the multiply-add fused.
template <class F>
F cross_entropy(const F* logits, const std::int32_t* targets, int N, int V, F* dlogits) {
  if constexpr (std::is_same_v<F, double>) {
    double total = 0.0;
    const F invN = F(1) / F(N);
    for (int n = 0; n < N; ++n) {
      const F* l = logits + static_cast<std::ptrdiff_t>(n) * V;
      F m = l[0];
      for (int v = 1; v < V; ++v) m = l[v] > m ? l[v] : m;
      const F target_logit = l[targets[n]];
      F* d = dlogits ? dlogits + static_cast<std::ptrdiff_t>(n) * V : nullptr;
      const F sum = exp_shifted_sum<F>(l, m, V, d);
      if (d) {
        const F scale = invN / sum;
        for (int v = 0; v < V; ++v) d[v] *= scale;
        d[targets[n]] -= invN;
      }
      total += static_cast<double>(m - target_logit) + std::log(static_cast<double>(sum));
    }
    return static_cast<F>(total / N);
  } else {
    constexpr int kLevels = 8;
    float partial[kLevels] = {};
    const float g = -(1.0f / static_cast<float>(N));
    for (int n = 0; n < N; ++n) {
      const float* l = logits + static_cast<std::ptrdiff_t>(n) * V;
      float m = l[0];
      for (int v = 1; v < V; ++v) m = l[v] > m ? l[v] : m;
      // Σ exp(l − m) in torch_sum_all's order, the exps made on the fly
      float sum;
      if (V < 8) {
        sum = torch_exp<float>(l[0] - m);
        for (int v = 1; v < V; ++v) sum += torch_exp<float>(l[v] - m);
      } else {
        float acc[8];
        for (int k = 0; k < 8; ++k) acc[k] = torch_exp<float>(l[k] - m);
        int v = 8;
        for (; v < V - V % 8; v += 8)
          for (int k = 0; k < 8; ++k) acc[k] += torch_exp<float>(l[v + k] - m);
        for (int k = 0; k < V - v; ++k) acc[k] += torch_exp<float>(l[v + k] - m);
        sum = reduce8<float>(acc);
      }
      const float lse = torch_log<float>(sum);
      const int t = targets[n];
      partial[0] -= (l[t] - m) - lse;
      for (int j = 0; j + 1 < kLevels; ++j) {
        if ((static_cast<std::int64_t>(n) & (std::int64_t{15} << (4 * j))) != 0) break;
        partial[j + 1] += partial[j];
        partial[j] = 0.0f;
      }
      if (dlogits) {
        float* d = dlogits + static_cast<std::ptrdiff_t>(n) * V;
        for (int v = 0; v < V; ++v) {
          const float e = torch_exp<float>((l[v] - m) - lse);
          d[v] = fused(-e, g, v == t ? g : 0.0f);
        }
      }
    }
    float total = 0.0f;
    for (int j = 0; j < kLevels; ++j) total += partial[j];
    return total / static_cast<float>(N);
  }
}

}  // namespace attn::train::ops

namespace attn::train::ops {

// ---- Causal attention of one head inside a packed multi-head projection -----
// qkv: rows of stride ld, this head's [k | q | v] (3H) at the row's start;
// keep: (B, T, T) dropout noise (0 or 1/(1-p)) or null; P: (B, T, T) out, the
// softmax weights; Pd: (B, T, T) out, P ∘ keep (used when keep); out: rows
// of stride ldo, (B*T, H) = (keep ? Pd : P) @ v per sequence.
template <class F>
void mh_head_forward(const F* __restrict qkv, std::ptrdiff_t ld, int B, int T, int H, F scale, const F* keep,
                     F* __restrict P, F* __restrict Pd, F* __restrict out, std::ptrdiff_t ldo) {
  for (int b = 0; b < B; ++b) {
    const F* base = qkv + static_cast<std::ptrdiff_t>(b) * T * ld;
    F* Pb = P + static_cast<std::ptrdiff_t>(b) * T * T;
    for (int i = 0; i < T; ++i) {
      const F* q = base + static_cast<std::ptrdiff_t>(i) * ld + H;
      for (int j = 0; j <= i; ++j) {
        const F* k = base + static_cast<std::ptrdiff_t>(j) * ld;
        F d = F(0);
        for (int h = 0; h < H; ++h) d += q[h] * k[h];
        Pb[i * T + j] = d * scale;
      }
    }
    causal_softmax_forward<F>(Pb, T);
    const F* W = Pb;
    if (keep) {
      const F* kb = keep + static_cast<std::ptrdiff_t>(b) * T * T;
      F* Db = Pd + static_cast<std::ptrdiff_t>(b) * T * T;
      for (int r = 0; r < T * T; ++r) Db[r] = Pb[r] * kb[r];
      W = Db;
    }
    for (int i = 0; i < T; ++i) {
      F* o = out + (static_cast<std::ptrdiff_t>(b) * T + i) * ldo;
      for (int h = 0; h < H; ++h) o[h] = F(0);
      for (int j = 0; j <= i; ++j) {
        const F p = W[i * T + j];
        const F* v = base + static_cast<std::ptrdiff_t>(j) * ld + 2 * H;
        for (int h = 0; h < H; ++h) o[h] += p * v[h];
      }
    }
  }
}
// The backward pass of mh_head_forward: dout rows of stride ldo (B*T, H);
// work: (T, T) scratch -> dqkv: rows of stride ld, this head's [dk | dq | dv]
// (overwritten).
template <class F>
void mh_head_backward(const F* __restrict qkv, std::ptrdiff_t ld, const F* __restrict P, const F* keep, const F* Pd,
                      const F* __restrict dout, std::ptrdiff_t ldo, int B, int T, int H, F scale, F* __restrict work,
                      F* __restrict dqkv) {
  for (int b = 0; b < B; ++b) {
    const F* base = qkv + static_cast<std::ptrdiff_t>(b) * T * ld;
    const F* Pb = P + static_cast<std::ptrdiff_t>(b) * T * T;
    const F* W = keep ? Pd + static_cast<std::ptrdiff_t>(b) * T * T : Pb;
    const F* kb = keep ? keep + static_cast<std::ptrdiff_t>(b) * T * T : nullptr;
    F* dbase = dqkv + static_cast<std::ptrdiff_t>(b) * T * ld;
    for (int t = 0; t < T; ++t)
      for (int h = 0; h < 3 * H; ++h) dbase[static_cast<std::ptrdiff_t>(t) * ld + h] = F(0);
    // dW[i, j] = dout_i · v_j ; dv_j += W[i, j] dout_i; dP = dW ∘ keep
    for (int i = 0; i < T; ++i) {
      const F* gi = dout + (static_cast<std::ptrdiff_t>(b) * T + i) * ldo;
      for (int j = 0; j <= i; ++j) {
        const F* v = base + static_cast<std::ptrdiff_t>(j) * ld + 2 * H;
        F* dv = dbase + static_cast<std::ptrdiff_t>(j) * ld + 2 * H;
        const F p = W[i * T + j];
        F d = F(0);
        for (int h = 0; h < H; ++h) {
          d += gi[h] * v[h];
          dv[h] += p * gi[h];
        }
        work[i * T + j] = kb ? d * kb[i * T + j] : d;
      }
    }
    causal_softmax_backward<F>(Pb, work, T, work);
    for (int i = 0; i < T; ++i) {
      const F* q = base + static_cast<std::ptrdiff_t>(i) * ld + H;
      F* dq = dbase + static_cast<std::ptrdiff_t>(i) * ld + H;
      for (int j = 0; j <= i; ++j) {
        const F ds = work[i * T + j] * scale;
        const F* k = base + static_cast<std::ptrdiff_t>(j) * ld;
        F* dk = dbase + static_cast<std::ptrdiff_t>(j) * ld;
        for (int h = 0; h < H; ++h) {
          dq[h] += ds * k[h];
          dk[h] += ds * q[h];
        }
      }
    }
  }
}

// ---- ReLU -----------------------------------------------------------------------
// x: (n,) -> y: (n,) = max(x, 0) (y may be x)
template <class F>
void relu_forward(const F* x, std::size_t n, F* y) {
  for (std::size_t i = 0; i < n; ++i) y[i] = x[i] > F(0) ? x[i] : F(0);
}
// x: (n,) the ReLU's input, dy: (n,) -> dx: (n,) = dy where x > 0, else 0 (dx may be dy)
template <class F>
void relu_backward(const F* x, const F* dy, std::size_t n, F* dx) {
  for (std::size_t i = 0; i < n; ++i) dx[i] = x[i] > F(0) ? dy[i] : F(0);
}

// ---- Concatenation along the last dimension -----------------------------------------
// parts: k arrays (N, H) -> y: (N, k*H), part p in columns p*H .. p*H+H-1
template <class F>
void concat_forward(const F* const* parts, int k, int N, int H, F* y) {
  for (int n = 0; n < N; ++n)
    for (int p = 0; p < k; ++p)
      for (int h = 0; h < H; ++h) y[static_cast<std::ptrdiff_t>(n) * k * H + p * H + h] = parts[p][static_cast<std::ptrdiff_t>(n) * H + h];
}
// dy: (N, k*H) -> dparts: k arrays (N, H), the matching columns
template <class F>
void concat_backward(const F* dy, int k, int N, int H, F* const* dparts) {
  for (int n = 0; n < N; ++n)
    for (int p = 0; p < k; ++p)
      for (int h = 0; h < H; ++h) dparts[p][static_cast<std::ptrdiff_t>(n) * H + h] = dy[static_cast<std::ptrdiff_t>(n) * k * H + p * H + h];
}

// ---- LayerNorm over the last dimension (eps 1e-5) ------------------------------
// x: (C,) -> mean, var: the moments as PyTorch 1.13's CPU kernel computes them
// (RowwiseMomentsImpl on 8-float AVX2 vectors): Welford per lane over chunks
// of up to 16 vectors, the chunks merged through a cascade of depth
// ceil(log2 chunks), a scalar tail, then the 8 lanes merged in order (no
// fused multiply-adds: none match PyTorch's bits here).
template <class F>
void row_moments(const F* x, int C, F* mean, F* var) {
  constexpr int L = 8, kChunk = 16, kMaxDepth = 32;
  const int n = C / L;
  const int chunks = (n + kChunk - 1) / kChunk;
  int depth = 0;
  while ((1 << depth) < chunks) ++depth;
  long long s0[kMaxDepth] = {};
  F s1[kMaxDepth][L], s2[kMaxDepth][L];
  for (int d = 0; d < kMaxDepth; ++d)
    for (int l = 0; l < L; ++l) s1[d][l] = s2[d][l] = F(0);
  // AddMomentsVec: (m0_add, a1, a2) merged into (m0, b1, b2)
  const auto merge = [](long long m0_add, const F* a1, const F* a2, long long& m0, F* b1, F* b2) {
    const long long t = m0 + m0_add;
    const F c = t == 0 ? F(0) : static_cast<F>(m0_add) / static_cast<F>(t);
    for (int l = 0; l < L; ++l) {
      const F delta = a1[l] - b1[l];
      b1[l] += delta * c;
      b2[l] += a2[l] + delta * delta * c * static_cast<F>(m0);
    }
    m0 = t;
  };
  for (int i = 0; i < chunks; ++i) {
    const F* xp = x + static_cast<std::ptrdiff_t>(i) * kChunk * L;
    const int m0 = n - i * kChunk < kChunk ? n - i * kChunk : kChunk;
    F m1[L], m2[L];
    for (int l = 0; l < L; ++l) m1[l] = m2[l] = F(0);
    for (int j = 0; j < m0; ++j) {
      const F c = F(1) / static_cast<F>(j + 1);
      for (int l = 0; l < L; ++l) {
        const F xv = xp[j * L + l];
        const F delta = xv - m1[l];
        m1[l] += delta * c;
        m2[l] += delta * (xv - m1[l]);
      }
    }
    merge(m0, m1, m2, s0[0], s1[0], s2[0]);
    for (int j = 1, mask = i + 1; j < depth && (mask & 1) == 0; ++j, mask >>= 1) {
      merge(s0[j - 1], s1[j - 1], s2[j - 1], s0[j], s1[j], s2[j]);
      s0[j - 1] = 0;
      for (int l = 0; l < L; ++l) s1[j - 1][l] = s2[j - 1][l] = F(0);
    }
  }
  for (int d = 1; d < depth; ++d) merge(s0[d], s1[d], s2[d], s0[0], s1[0], s2[0]);
  long long m0 = 0;
  F a1 = F(0), a2 = F(0);
  for (int i = n * L; i < C; ++i) {
    const F delta = x[i] - a1;
    ++m0;
    a1 += delta / static_cast<F>(m0);
    a2 += delta * (x[i] - a1);
  }
  for (int l = 0; l < L && n > 0; ++l) {
    const long long t = m0 + n;
    const F c = static_cast<F>(n) / static_cast<F>(t);
    const F delta = s1[0][l] - a1;
    a1 += c * delta;
    a2 += s2[0][l] + delta * delta * c * static_cast<F>(m0);
    m0 = t;
  }
  *mean = a1;
  *var = a2 / static_cast<F>(C);
}
// x: (N, C); gamma, beta: (C,) -> y: (N, C) = (x·rstd − rstd·mean)·gamma + beta
// (both multiply-adds fused, as PyTorch's AVX2 build); mean, rstd: (N,) kept
// for the backward pass
template <class F>
void layernorm_forward(const F* x, int N, int C, const F* gamma, const F* beta, F* y, F* mean, F* rstd) {
  for (int n = 0; n < N; ++n) {
    const F* xr = x + static_cast<std::ptrdiff_t>(n) * C;
    F* yr = y + static_cast<std::ptrdiff_t>(n) * C;
    F m, v;
    row_moments<F>(xr, C, &m, &v);
    const F rs = F(1) / std::sqrt(v + static_cast<F>(1e-5));
    const F bias = -rs * m;
    for (int c = 0; c < C; ++c) yr[c] = fused(fused(xr[c], rs, bias), gamma[c], beta[c]);
    mean[n] = m;
    rstd[n] = rs;
  }
}
// 8-lane sum as PyTorch's AVX2 vec_reduce_all: ((l0+l4)+(l2+l6))+((l1+l5)+(l3+l7))
template <class F>
F reduce8(const F* a) {
  const F b0 = a[0] + a[4], b1 = a[1] + a[5], b2 = a[2] + a[6], b3 = a[3] + a[7];
  return (b0 + b2) + (b1 + b3);
}
// u, v: (n,) as functions of j -> Σ_j u(j) · v(j) as PyTorch 1.13's vec::map2/map3_reduce_all adds
// products on 8-float vectors: below 8 the products in order; else 8 lanes,
// the first vector's products, the later ones added fused, the tail's lanes
// into the first lanes, then reduce8.
template <class F, class U, class V>
F torch_dot_all(int n, U u, V v) {
  if (n < 8) {
    F s = u(0) * v(0);
    for (int j = 1; j < n; ++j) s += u(j) * v(j);
    return s;
  }
  F acc[8];
  for (int l = 0; l < 8; ++l) acc[l] = u(l) * v(l);
  int d = 8;
  for (; d < n - n % 8; d += 8)
    for (int l = 0; l < 8; ++l) acc[l] = fused(u(d + l), v(d + l), acc[l]);
  for (int l = 0; l < n - d; ++l) acc[l] = fused(u(d + l), v(d + l), acc[l]);
  return reduce8<F>(acc);
}
// x: (N, C) the input; mean, rstd: (N,); gamma: (C,); dy: (N, C) -> dgamma,
// dbeta: (C,) += ; dx: (N, C) = a·dy·gamma + b·x + c (PyTorch 1.13's
// layer_norm_backward_frame: ds = Σ dy·x·gamma, db = Σ dy·gamma in
// torch_dot_all's order; its multiply-adds fused where its AVX2 build's are,
// found bit for bit against it)
template <class F>
void layernorm_backward(const F* x, const F* mean, const F* rstd, const F* gamma, const F* dy, int N, int C,
                        F* dgamma, F* dbeta, F* dx) {
  const F scale = F(1) / static_cast<F>(C);
  for (int n = 0; n < N; ++n) {
    const F* xr = x + static_cast<std::ptrdiff_t>(n) * C;
    const F* g = dy + static_cast<std::ptrdiff_t>(n) * C;
    F* d = dx + static_cast<std::ptrdiff_t>(n) * C;
    const F m = mean[n], a = rstd[n];
    const F nb = -a * m;
    for (int c = 0; c < C; ++c) {
      dgamma[c] = fused(g[c], fused(a, xr[c], nb), dgamma[c]);
      dbeta[c] += g[c];
    }
    const F ds = torch_dot_all<F>(C, [&](int c) { return g[c] * xr[c]; }, [&](int c) { return gamma[c]; });
    const F db = torch_dot_all<F>(C, [&](int c) { return g[c]; }, [&](int c) { return gamma[c]; });
    const F b = fused(db, m, -ds) * a * a * a * scale;
    const F cc = fused(-b, m, -(db * a * scale));
    for (int c = 0; c < C; ++c) d[c] = fused(b, xr[c], a * g[c] * gamma[c]) + cc;
  }
}

// ---- Dropout (training mode) ---------------------------------------------------------
// y: (n,) = x ∘ keep, keep: (n,) the noise (0 or 1/(1-p)); the backward pass
// is the same product on the gradient.
template <class F>
void dropout_apply(const F* x, const F* keep, std::size_t n, F* y) {
  for (std::size_t i = 0; i < n; ++i) y[i] = x[i] * keep[i];
}

}  // namespace attn::train::ops
