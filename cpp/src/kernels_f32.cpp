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

namespace attn {

namespace {

typedef float v4f __attribute__((vector_size(16)));
typedef std::int32_t v4i __attribute__((vector_size(16)));

inline v4f load4(const float* p) {
  v4f v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void store4(float* p, v4f v) { std::memcpy(p, &v, sizeof v); }
inline v4f splat(float x) { return v4f{x, x, x, x}; }
inline float hsum(v4f v) { return (v[0] + v[1]) + (v[2] + v[3]); }
// {Σa, Σb, Σc, Σd}: a 4x4 transpose-and-add in shuffles, no lane extracts.
inline v4f hsum4(v4f a, v4f b, v4f c, v4f d) {
  const v4f ab = __builtin_shufflevector(a, b, 0, 4, 1, 5) + __builtin_shufflevector(a, b, 2, 6, 3, 7);
  const v4f cd = __builtin_shufflevector(c, d, 0, 4, 1, 5) + __builtin_shufflevector(c, d, 2, 6, 3, 7);
  // ab = {a0+a2, b0+b2, a1+a3, b1+b3}, likewise cd
  return __builtin_shufflevector(ab, cd, 0, 1, 4, 5) + __builtin_shufflevector(ab, cd, 2, 3, 6, 7);
}

// exp(x) on 4 lanes: Cody-Waite reduction to r in [-ln2/2, ln2/2] and Cephes'
// degree-6 polynomial; ~2 ulp. x < -87.3 (including -inf) gives exactly 0,
// NaN stays NaN. Only called with x <= 0 (x - row max), so no overflow.
inline v4f exp4(v4f x) {
  const v4f log2e = splat(1.44269504088896341f);
  const v4f y = x * log2e;
  const v4f half = (y < splat(0.0f)) ? splat(-0.5f) : splat(0.5f);
  v4i n = __builtin_convertvector(y + half, v4i);  // round to nearest
  const v4f nf = __builtin_convertvector(n, v4f);
  const v4f r = x - nf * splat(0.693359375f) - nf * splat(-2.12194440e-4f);
  v4f p = splat(1.9875691500e-4f);
  p = p * r + splat(1.3981999507e-3f);
  p = p * r + splat(8.3334519073e-3f);
  p = p * r + splat(4.1665795894e-2f);
  p = p * r + splat(1.6666665459e-1f);
  p = p * r + splat(5.0000001201e-1f);
  p = p * r * r + r + splat(1.0f);
  n = (n + 127) << 23;  // 2^n as float bits (n >= -126 where the result is kept)
  v4f scale;
  std::memcpy(&scale, &n, sizeof scale);
  const v4f out = p * scale;
  return (x < splat(-87.3f)) ? splat(0.0f) : out;
}

}  // namespace

// Q: (T, d_k) ldq, K: (S, d_k) ldk -> scores: (T, S). Four keys at a time:
// four vector accumulators along d_k, then one horizontal sum each.
void scores_kernel(const float* Q, std::size_t ldq, const float* K, std::size_t ldk,
                   std::size_t T, std::size_t S, std::size_t d_k, float divisor,
                   float* scores) {
  const float inv = 1.0f / divisor;
  const std::size_t d4 = d_k & ~std::size_t{3};
  for (std::size_t i = 0; i < T; ++i) {
    const float* q = Q + i * ldq;
    float* out = scores + i * S;
    std::size_t j = 0;
    for (; j + 4 <= S; j += 4) {
      const float* k0 = K + j * ldk;
      const float* k1 = k0 + ldk;
      const float* k2 = k1 + ldk;
      const float* k3 = k2 + ldk;
      v4f a0 = splat(0.0f), a1 = a0, a2 = a0, a3 = a0;
      for (std::size_t c = 0; c < d4; c += 4) {
        const v4f qv = load4(q + c);
        a0 += qv * load4(k0 + c);
        a1 += qv * load4(k1 + c);
        a2 += qv * load4(k2 + c);
        a3 += qv * load4(k3 + c);
      }
      v4f sums = hsum4(a0, a1, a2, a3);
      if (d4 < d_k) {
        float t0 = 0.0f, t1 = 0.0f, t2 = 0.0f, t3 = 0.0f;
        for (std::size_t c = d4; c < d_k; ++c) {
          t0 += q[c] * k0[c];
          t1 += q[c] * k1[c];
          t2 += q[c] * k2[c];
          t3 += q[c] * k3[c];
        }
        sums += v4f{t0, t1, t2, t3};
      }
      store4(out + j, sums * splat(inv));
    }
    for (; j < S; ++j) {
      const float* k = K + j * ldk;
      v4f a = splat(0.0f);
      for (std::size_t c = 0; c < d4; c += 4) a += load4(q + c) * load4(k + c);
      float acc = hsum(a);
      for (std::size_t c = d4; c < d_k; ++c) acc += q[c] * k[c];
      out[j] = acc * inv;
    }
  }
}

// scores: (T, S); -inf where j - i >= k
void causal_mask_kernel(float* scores, std::size_t T, std::size_t S, long k) {
  const float ninf = -std::numeric_limits<float>::infinity();
  for (std::size_t i = 0; i < T; ++i) {
    // first masked column of row i: clamp(i + k, 0, S), without computing
    // i + k (it overflows for k near LONG_MAX: found by fuzz_attention)
    const long ii = static_cast<long>(i);
    std::size_t first;
    if (k <= -ii) first = 0;
    else if (k >= static_cast<long>(S) - ii) first = S;
    else first = static_cast<std::size_t>(ii + k);
    for (std::size_t j = first; j < S; ++j) scores[i * S + j] = ninf;
  }
}

// x: (rows, cols), softmax over the last axis, in place.
void softmax_rows_kernel(float* x, std::size_t rows, std::size_t cols) {
  if (cols == 0) return;
  const std::size_t c4 = cols & ~std::size_t{3};
  for (std::size_t r = 0; r < rows; ++r) {
    float* row = x + r * cols;
    // 1. row max
    float m = row[0];
    if (c4) {
      v4f vm = load4(row);
      for (std::size_t c = 4; c < c4; c += 4) {
        const v4f v = load4(row + c);
        vm = (v > vm) ? v : vm;
      }
      for (int l = 0; l < 4; ++l) m = vm[l] > m ? vm[l] : m;
    }
    for (std::size_t c = c4; c < cols; ++c) m = row[c] > m ? row[c] : m;
    // 2. e = exp(x - max) and its sum (all -inf: -inf - -inf = NaN, as NumPy)
    const v4f vmax = splat(m);
    v4f vt = splat(0.0f);
    for (std::size_t c = 0; c < c4; c += 4) {
      const v4f e = exp4(load4(row + c) - vmax);
      store4(row + c, e);
      vt += e;
    }
    float total = hsum(vt);
    for (std::size_t c = c4; c < cols; ++c) {
      row[c] = std::exp(row[c] - m);
      total += row[c];
    }
    // 3. normalise
    const float inv = 1.0f / total;
    const v4f vinv = splat(inv);
    for (std::size_t c = 0; c < c4; c += 4) store4(row + c, load4(row + c) * vinv);
    for (std::size_t c = c4; c < cols; ++c) row[c] *= inv;
  }
}

// A: (M, K) lda, B: (K, N) ldb -> C: (M, N); i-p-j order so the inner loop
// is a contiguous axpy over rows of B, four rows of B per pass over C's row.
void matmul_kernel(const float* A, std::size_t lda, const float* B, std::size_t ldb,
                   std::size_t M, std::size_t K, std::size_t N, float* C) {
  const std::size_t n4 = N & ~std::size_t{3};
  for (std::size_t i = 0; i < M; ++i) {
    float* c = C + i * N;
    const float* a = A + i * lda;
    for (std::size_t j = 0; j < N; ++j) c[j] = 0.0f;
    std::size_t p = 0;
    for (; p + 4 <= K; p += 4) {
      const float* b0 = B + p * ldb;
      const float* b1 = b0 + ldb;
      const float* b2 = b1 + ldb;
      const float* b3 = b2 + ldb;
      const v4f a0 = splat(a[p]), a1 = splat(a[p + 1]), a2 = splat(a[p + 2]), a3 = splat(a[p + 3]);
      for (std::size_t j = 0; j < n4; j += 4)
        store4(c + j, load4(c + j) + a0 * load4(b0 + j) + a1 * load4(b1 + j) + a2 * load4(b2 + j) +
                          a3 * load4(b3 + j));
      for (std::size_t j = n4; j < N; ++j)
        c[j] += a[p] * b0[j] + a[p + 1] * b1[j] + a[p + 2] * b2[j] + a[p + 3] * b3[j];
    }
    for (; p < K; ++p) {
      const float ap = a[p];
      const float* b = B + p * ldb;
      const v4f av = splat(ap);
      for (std::size_t j = 0; j < n4; j += 4) store4(c + j, load4(c + j) + av * load4(b + j));
      for (std::size_t j = n4; j < N; ++j) c[j] += ap * b[j];
    }
  }
}

}  // namespace attn
