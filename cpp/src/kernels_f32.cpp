// Float kernels: the fast path. This file alone is built with
// -fassociative-math -fno-signed-zeros -fno-trapping-math (and -msimd128 for
// WebAssembly), so the compiler may vectorise the reductions. -ffinite-math
// is never on: the causal mask relies on -inf and exp(-inf) == 0.
#include <cmath>
#include <limits>

#include "attention.hpp"

namespace attn {

// Q: (T, d_k) ldq, K: (S, d_k) ldk -> scores: (T, S)
void scores_kernel(const float* Q, std::size_t ldq, const float* K, std::size_t ldk,
                   std::size_t T, std::size_t S, std::size_t d_k, float divisor,
                   float* scores) {
  const float inv = 1.0f / divisor;
  for (std::size_t i = 0; i < T; ++i) {
    const float* q = Q + i * ldq;
    for (std::size_t j = 0; j < S; ++j) {
      const float* k = K + j * ldk;
      float acc = 0.0f;
      for (std::size_t c = 0; c < d_k; ++c) acc += q[c] * k[c];
      scores[i * S + j] = acc * inv;
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
  for (std::size_t r = 0; r < rows; ++r) {
    float* row = x + r * cols;
    float m = row[0];
    for (std::size_t c = 1; c < cols; ++c) m = row[c] > m ? row[c] : m;
    float total = 0.0f;
    for (std::size_t c = 0; c < cols; ++c) {
      row[c] = std::exp(row[c] - m);
      total += row[c];
    }
    const float inv = 1.0f / total;
    for (std::size_t c = 0; c < cols; ++c) row[c] *= inv;
  }
}

// A: (M, K) lda, B: (K, N) ldb -> C: (M, N); i-p-j order so the inner loop
// is a contiguous axpy over a row of B.
void matmul_kernel(const float* A, std::size_t lda, const float* B, std::size_t ldb,
                   std::size_t M, std::size_t K, std::size_t N, float* C) {
  for (std::size_t i = 0; i < M; ++i) {
    float* c = C + i * N;
    for (std::size_t j = 0; j < N; ++j) c[j] = 0.0f;
    for (std::size_t p = 0; p < K; ++p) {
      const float a = A[i * lda + p];
      const float* b = B + p * ldb;
      for (std::size_t j = 0; j < N; ++j) c[j] += a * b[j];
    }
  }
}

}  // namespace attn
