// Float kernels: the fast path. This file alone is built with
// -fassociative-math -fno-signed-zeros -fno-trapping-math (and -msimd128 for
// the SIMD WebAssembly build), so the compiler may vectorise the reductions.
// -ffinite-math is never on: the causal mask relies on -inf and exp(-inf) == 0.
//
// The loops are written on 4-float GNU vectors (GCC and Clang both take
// them): SSE on x86-64, SIMD128 under -msimd128, plain scalar code in the
// scalar WebAssembly build. The same source is what the native benchmark
// measures. Every function has a scalar tail for sizes not a multiple of 4.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "attention.hpp"
#include "simd4.hpp"

// Every helper here is forced inline (ATTN_INLINE, simd4.hpp): the shipping
// WASM build compiles this file with -O3 after the target's -Oz, and em++
// 3.1.6 then still passes -fno-inline-functions, which leaves even `inline`
// helpers such as load4() as calls (the kernels ran ~1.6x slower than the
// same source built -O3 alone).

// Edge loops (tails, fills, setup) are kept rolled and scalar under Clang:
// unrolled and vectorised they made most of attention_into's WebAssembly code
// for a few iterations per call. The hot loops are left to the optimiser.
#if defined(__clang__)
#define ATTN_ROLLED _Pragma("clang loop unroll(disable) vectorize(disable)")
#else
#define ATTN_ROLLED
#endif

namespace attn {

namespace {

// (builtins rather than std::numeric_limits / std::isnan: those stay calls
// under -fno-inline-functions too)
constexpr float kInf = __builtin_inff();
constexpr float kNaN = __builtin_nanf("");

using namespace simd4;
ATTN_INLINE float hsum(v4f v) { return (v[0] + v[1]) + (v[2] + v[3]); }
// {Σa, Σb, Σc, Σd}: a 4x4 transpose-and-add in shuffles, no lane extracts.
ATTN_INLINE v4f hsum4(v4f a, v4f b, v4f c, v4f d) {
  const v4f ab = __builtin_shufflevector(a, b, 0, 4, 1, 5) + __builtin_shufflevector(a, b, 2, 6, 3, 7);
  const v4f cd = __builtin_shufflevector(c, d, 0, 4, 1, 5) + __builtin_shufflevector(c, d, 2, 6, 3, 7);
  // ab = {a0+a2, b0+b2, a1+a3, b1+b3}, likewise cd
  return __builtin_shufflevector(ab, cd, 0, 1, 4, 5) + __builtin_shufflevector(ab, cd, 2, 3, 6, 7);
}

// exp(x) on 4 lanes: Cody-Waite reduction to r in [-ln2/2, ln2/2] and Cephes'
// degree-6 polynomial; ~2 ulp. x < -87.3 (including -inf) gives exactly 0,
// NaN stays NaN. Only called with x <= 0 (x - row max): no overflow, and
// y - 1/2 truncated toward zero is y rounded to nearest. Few vector constants
// (each is 18 bytes of WebAssembly per inlined copy): no sign select for the
// rounding, an and-not rather than a select for the underflow.
ATTN_INLINE v4f exp4(v4f x) {
  const v4f log2e = splat(1.44269504088896341f);
  const v4f y = x * log2e;
  v4i n = __builtin_convertvector(y - splat(0.5f), v4i);  // round(y), as y <= 0
  const v4f p = exp_reduced4(x, __builtin_convertvector(n, v4f));
  n = (n + 127) << 23;  // 2^n as float bits (n >= -126 where the result is kept)
  v4f scale;
  std::memcpy(&scale, &n, sizeof scale);
  const v4i out = (v4i)(p * scale);
  return (v4f)(out & ~(x < splat(-87.3f)));  // (NaN < c is false: NaN stays)
}

}  // namespace

namespace {

// Row max over x[0, n) with n >= 1 (a NaN is skipped unless it comes first,
// as before; a NaN anywhere still makes the row NaN through the sum).
ATTN_INLINE float row_max(const float* x, std::size_t n) {
  const std::size_t n4 = n & ~std::size_t{3};
  float m = x[0];
  if (n4) {
    v4f vm = load4(x);
    for (std::size_t c = 4; c < n4; c += 4) {
      const v4f v = load4(x + c);
      vm = (v > vm) ? v : vm;
    }
    for (int l = 0; l < 4; ++l) m = vm[l] > m ? vm[l] : m;
  }
  for (std::size_t c = n4; c < n; ++c) m = x[c] > m ? x[c] : m;
  return m;
}

// p[0, n) = x: four lanes at a time (the masked tails are long), kept rolled.
ATTN_INLINE void fill(float* p, std::size_t n, float x) {
  std::size_t c = 0;
  ATTN_ROLLED
  for (; c + 4 <= n; c += 4) store4(p + c, splat(x));
  ATTN_ROLLED
  for (; c < n; ++c) p[c] = x;
}

// One softmax row, out of place (in == out is allowed): in[0, n) are the
// unmasked scores with max m, in[n, cols) are -inf and are not read.
//   out[j] = exp(in[j] - m) / Σ  for j < n,  0 for j >= n
// n == 0 (all masked), m = ±inf or a NaN anywhere: the whole row is NaN, as
// NumPy's (x - max) gives there. One exp4 in one loop: the last, partial step
// pads its lanes with -inf (exp gives 0) and stores only the real ones.
ATTN_INLINE void softmax_row(const float* in, float* out, std::size_t n, std::size_t cols, float m) {
  const v4f vmax = splat(m);
  v4f vt = splat(0.0f), vt1 = vt;
  std::size_t c = 0;
  for (; c + 8 <= n; c += 8) {
    const v4f e0 = exp4(load4(in + c) - vmax), e1 = exp4(load4(in + c + 4) - vmax);
    store4(out + c, e0);
    store4(out + c + 4, e1);
    vt += e0;
    vt1 += e1;
  }
  vt += vt1;
  for (; c < n; c += 4) {
    const std::size_t left = n - c;
    v4f x;
    if (left >= 4) {
      x = load4(in + c);
    } else {
      float t[4] = {-kInf, -kInf, -kInf, -kInf};
      ATTN_ROLLED
      for (std::size_t l = 0; l < left; ++l) t[l] = in[c + l];
      x = load4(t);
    }
    const v4f e = exp4(x - vmax);
    if (left >= 4) {
      store4(out + c, e);
    } else {
      float t[4];
      store4(t, e);
      ATTN_ROLLED
      for (std::size_t l = 0; l < left; ++l) out[c + l] = t[l];
    }
    vt += e;
  }
  // n == 0: total = 0, inv = inf, fill = NaN below
  const float total = hsum(vt), inv = 1.0f / total;
  const std::size_t n4 = n & ~std::size_t{3};
  const v4f vinv = splat(inv);
  for (std::size_t c = 0; c < n4; c += 4) store4(out + c, load4(out + c) * vinv);
  ATTN_ROLLED
  for (std::size_t c = n4; c < n; ++c) out[c] *= inv;
  // masked tail: exp(-inf - m) = 0, or NaN when the row is NaN
  const float tail = (n == 0 || __builtin_isnan(total)) ? kNaN : 0.0f;
  fill(out + n, cols - n, tail);
}

}  // namespace

void softmax_rows_kernel(const float* in, float* out, std::size_t rows, std::size_t cols) {
  if (cols == 0) return;
  for (std::size_t r = 0; r < rows; ++r)
    softmax_row(in + r * cols, out + r * cols, cols, cols, row_max(in + r * cols, cols));
}

// x: (rows, cols), softmax over the last axis, in place.
void softmax_rows_kernel(float* x, std::size_t rows, std::size_t cols) {
  softmax_rows_kernel(x, x, rows, cols);
}

// ---------------------------------------------------------------------------
// attention_into: the whole float attention, a block of four query rows at a
// time so that a block's scores and weights rows are still in cache when the
// next step reads them. Per block:
//   1. scores rows = Q Kᵀ · (1 / divisor), masked, and each row's max, in one
//      pass (two query rows x four keys per step)
//   2. weights rows = softmax(scores rows), out of place
//   3. output rows = weights rows V (four rows x eight columns per step)
// Causal: row i sees the keys j < jend(i) = clamp(i + mask_k, 0, S); the
// masked scores are written as -inf and the masked weights as 0 without
// computing them, and weights V stops at the block's last jend.
//
// Code size matters here (the whole WebAssembly widget has a size budget):
// there is one code path per step, for every block and row count. A block of
// fewer than four rows (the last one) repeats its last row where the step
// wants more: the repeat computes the same values again and its stores are
// either skipped or write the same values to the same place. The edges (the
// last keys, the d_k and d_v tails) go through the same loops with clamped
// pointers or through small scalar loops that are kept rolled (ATTN_ROLLED).
// ---------------------------------------------------------------------------
namespace {

// clamp(i + k, 0, S) without computing i + k (it overflows for k near LONG_MAX)
ATTN_INLINE std::size_t first_masked(std::size_t i, std::size_t S, long k) {
  const long ii = static_cast<long>(i);
  if (k <= -ii) return 0;
  if (k >= static_cast<long>(S) - ii) return S;
  return static_cast<std::size_t>(ii + k);
}

// One row's step over keys j..j+3 (left = how many of them exist, 1..4):
// sums scaled, masked at or past jend, stored, and folded into the row's max.
ATTN_INLINE void finish4(v4f sums, v4f vinv, std::size_t j, std::size_t left, std::size_t jend, float* out,
                         v4f& vm) {
  sums *= vinv;
  if (j + 4 > jend) {  // the lanes at or past jend are masked
    const std::int32_t l = static_cast<std::int32_t>(jend > j ? jend - j : 0);
    const v4i lane = {0, 1, 2, 3};
    sums = (lane >= v4i{l, l, l, l}) ? splat(-kInf) : sums;
  }
  if (left == 4) {
    store4(out + j, sums);
  } else {
    float t[4];
    store4(t, sums);
    ATTN_ROLLED
    for (std::size_t l = 0; l < left; ++l) out[j + l] = t[l];
  }
  vm = (sums > vm) ? sums : vm;
}

// Scores rows of two queries q0, q1 (q1 may repeat q0 with out1 == out0):
// out[j] = (q · K[j]) * inv for j < jend, -inf after; each row's max over
// j < jend in m0, m1 (-inf when jend == 0). jend0 <= jend1. Both rows share
// each load of four key rows; past the last key the key pointers repeat it.
ATTN_INLINE void scores_rows(const float* q0, const float* q1, const float* K, std::size_t S,
                             std::size_t d_k, float inv, std::size_t jend0, std::size_t jend1, float* out0,
                             float* out1, float& m0, float& m1) {
  const std::size_t d4 = d_k & ~std::size_t{3};
  const v4f vinv = splat(inv);
  v4f vm0 = splat(-kInf), vm1 = vm0;
  for (std::size_t j = 0; j < jend1; j += 4) {
    const std::size_t left = jend1 - j < 4 ? jend1 - j : 4;
    const float* k0 = K + j * d_k;
    const float* k1 = left > 1 ? k0 + d_k : k0;
    const float* k2 = left > 2 ? k1 + d_k : k1;
    const float* k3 = left > 3 ? k2 + d_k : k2;
    v4f a00 = splat(0.0f), a01 = a00, a02 = a00, a03 = a00;
    v4f a10 = a00, a11 = a00, a12 = a00, a13 = a00;
    for (std::size_t c = 0; c < d4; c += 4) {
      const v4f b0 = load4(k0 + c), b1 = load4(k1 + c), b2 = load4(k2 + c), b3 = load4(k3 + c);
      const v4f x0 = load4(q0 + c), x1 = load4(q1 + c);
      a00 += x0 * b0;
      a01 += x0 * b1;
      a02 += x0 * b2;
      a03 += x0 * b3;
      a10 += x1 * b0;
      a11 += x1 * b1;
      a12 += x1 * b2;
      a13 += x1 * b3;
    }
    v4f s0 = hsum4(a00, a01, a02, a03), s1 = hsum4(a10, a11, a12, a13);
    ATTN_ROLLED
    for (std::size_t c = d4; c < d_k; ++c) {  // the d_k tail
      const v4f b = {k0[c], k1[c], k2[c], k3[c]};
      s0 += splat(q0[c]) * b;
      s1 += splat(q1[c]) * b;
    }
    finish4(s0, vinv, j, left, jend0, out0, vm0);
    finish4(s1, vinv, j, left, jend1, out1, vm1);
  }
  float r0 = -kInf, r1 = -kInf;
  ATTN_ROLLED
  for (int l = 0; l < 4; ++l) {
    r0 = vm0[l] > r0 ? vm0[l] : r0;
    r1 = vm1[l] > r1 ? vm1[l] : r1;
  }
  m0 = r0;
  m1 = r1;
  fill(out0 + jend1, S - jend1, -kInf);
  if (out1 != out0) fill(out1 + jend1, S - jend1, -kInf);
}

// out_r[0, d_v) = Σ_{p < P} w_r[p] V[p] for r < R (1..4) with w_r = w + r ldw
// (rows past R repeat row R - 1 and are not stored); eight then four columns
// per pass with the sums held in registers, then a scalar column tail.
ATTN_INLINE void weights_v_rows(const float* w, std::size_t ldw, std::size_t R, const float* V,
                                std::size_t d_v, std::size_t P, float* out) {
  const float* w0 = w;
  const float* w1 = R > 1 ? w0 + ldw : w0;
  const float* w2 = R > 2 ? w1 + ldw : w1;
  const float* w3 = R > 3 ? w2 + ldw : w2;
  std::size_t c0 = 0;
  for (; c0 + 8 <= d_v; c0 += 8) {
    v4f a0 = splat(0.0f), b0 = a0, a1 = a0, b1 = a0, a2 = a0, b2 = a0, a3 = a0, b3 = a0;
    const float* v = V + c0;
    for (std::size_t p = 0; p < P; ++p, v += d_v) {
      const v4f x = load4(v), y = load4(v + 4);
      const v4f s0 = splat(w0[p]), s1 = splat(w1[p]), s2 = splat(w2[p]), s3 = splat(w3[p]);
      a0 += s0 * x;
      b0 += s0 * y;
      a1 += s1 * x;
      b1 += s1 * y;
      a2 += s2 * x;
      b2 += s2 * y;
      a3 += s3 * x;
      b3 += s3 * y;
    }
    float* o = out + c0;
    store4(o, a0);
    store4(o + 4, b0);
    if (R > 1) store4(o + d_v, a1), store4(o + d_v + 4, b1);
    if (R > 2) store4(o + 2 * d_v, a2), store4(o + 2 * d_v + 4, b2);
    if (R > 3) store4(o + 3 * d_v, a3), store4(o + 3 * d_v + 4, b3);
  }
  ATTN_ROLLED
  for (; c0 < d_v; ++c0) {  // the d_v tail, one column at a time
    v4f a = splat(0.0f);
    const float* v = V + c0;
    ATTN_ROLLED
    for (std::size_t p = 0; p < P; ++p, v += d_v) a += v4f{w0[p], w1[p], w2[p], w3[p]} * splat(*v);
    ATTN_ROLLED
    for (std::size_t r = 0; r < R; ++r) out[r * d_v + c0] = a[r];
  }
}

}  // namespace

void attention_into(const float* Q, const float* K, const float* V, std::size_t T, std::size_t S,
                    std::size_t d_k, std::size_t d_v, const AttentionOptions& opt, float* scores,
                    float* weights, float* output) {
  const float inv = 1.0f / static_cast<float>(scale_divisor(opt.scale, d_k));
  if (S == 0) {  // empty rows: weights V sums nothing
    fill(output, T * d_v, 0.0f);
    return;
  }
  for (std::size_t i0 = 0; i0 < T; i0 += 4) {
    const std::size_t R = T - i0 < 4 ? T - i0 : 4;
    std::size_t jend[4];
    float m[4];
    ATTN_ROLLED
    for (std::size_t r = 0; r < 4; ++r) {  // rows past R repeat row R - 1
      const std::size_t i = i0 + (r < R ? r : R - 1);
      jend[r] = opt.causal ? first_masked(i, S, opt.mask_k) : S;
    }
    // 1. scores rows, masked, and their maxima, two rows at a time
    ATTN_ROLLED
    for (std::size_t r = 0; r < R; r += 2) {
      const std::size_t i = i0 + r, i1 = r + 1 < R ? i + 1 : i;
      scores_rows(Q + i * d_k, Q + i1 * d_k, K, S, d_k, inv, jend[r], jend[r + 1], scores + i * S,
                  scores + i1 * S, m[r], m[r + 1]);
    }
    // 2. weights rows
    ATTN_ROLLED
    for (std::size_t r = 0; r < R; ++r) {
      const std::size_t i = i0 + r;
      softmax_row(scores + i * S, weights + i * S, jend[r], S, m[r]);
    }
    // 3. output rows; a fully masked row's NaN weights give a NaN row
    float* o = output + i0 * d_v;
    weights_v_rows(weights + i0 * S, S, R, V, d_v, jend[R - 1], o);
    ATTN_ROLLED
    for (std::size_t r = 0; r < R; ++r)
      if (jend[r] == 0) fill(o + r * d_v, d_v, kNaN);
  }
}

}  // namespace attn
