// Double-precision kernels (the reference path) and the checked API.
// This file is compiled without -fassociative-math: its sums keep NumPy's order.
#include "attention.hpp"

#include <cmath>
#include <limits>

#include "numpy/npreduce.hpp"

namespace attn {

const char* scale_name(Scale s) {
  switch (s) {
    case Scale::None: return "none";
    case Scale::Sqrt: return "sqrt";
    case Scale::Dk: return "dk";
  }
  return "?";
}

double scale_divisor(Scale s, std::size_t d_k) {
  switch (s) {
    case Scale::None: return 1.0;
    case Scale::Sqrt: return std::sqrt(static_cast<double>(d_k));
    case Scale::Dk: return static_cast<double>(d_k);
  }
  return 1.0;
}

// Q: (T, d_k) ldq, K: (S, d_k) ldk -> scores: (T, S)
void scores_kernel(const double* Q, std::size_t ldq, const double* K, std::size_t ldk,
                   std::size_t T, std::size_t S, std::size_t d_k, double divisor,
                   double* scores) {
  for (std::size_t i = 0; i < T; ++i) {
    const double* q = Q + i * ldq;
    for (std::size_t j = 0; j < S; ++j) {
      const double* k = K + j * ldk;
      // 1. dot product in index order, 2. then divide, as `Q @ K.T / x`.
      double acc = 0.0;
      for (std::size_t c = 0; c < d_k; ++c) acc += q[c] * k[c];
      scores[i * S + j] = acc / divisor;
    }
  }
}

// scores: (T, S); -inf where j - i >= k
void causal_mask_kernel(double* scores, std::size_t T, std::size_t S, long k) {
  const double ninf = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < T; ++i)
    for (std::size_t j = 0; j < S; ++j)
      if (static_cast<long>(j) - static_cast<long>(i) >= k) scores[i * S + j] = ninf;
}

// x: (rows, cols), softmax over the last axis, in place.
void softmax_rows_kernel(double* x, std::size_t rows, std::size_t cols) {
  if (cols == 0) return;
  for (std::size_t r = 0; r < rows; ++r) {
    double* row = x + r * cols;
    // 1. subtract the row max (NaN propagates like np.max)
    double m = row[0];
    for (std::size_t c = 1; c < cols && !std::isnan(m); ++c)
      if (row[c] > m || std::isnan(row[c])) m = row[c];
    // 2. exponentiate
    for (std::size_t c = 0; c < cols; ++c) row[c] = std::exp(row[c] - m);
    // 3. normalise by NumPy's pairwise row sum
    const double total = np::pairwise_sum(row, cols);
    for (std::size_t c = 0; c < cols; ++c) row[c] = row[c] / total;
  }
}

// A: (M, K) lda, B: (K, N) ldb -> C: (M, N)
void matmul_kernel(const double* A, std::size_t lda, const double* B, std::size_t ldb,
                   std::size_t M, std::size_t K, std::size_t N, double* C) {
  for (std::size_t i = 0; i < M; ++i) {
    for (std::size_t j = 0; j < N; ++j) {
      double acc = 0.0;
      for (std::size_t p = 0; p < K; ++p) acc += A[i * lda + p] * B[p * ldb + j];
      C[i * N + j] = acc;
    }
  }
}

namespace {

std::string dims(std::size_t a, std::size_t b) {
  return "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
}

template <class F>
void check_shapes(const Matrix<F>& Q, const Matrix<F>& K, const Matrix<F>& V) {
  for (const Matrix<F>* m : {&Q, &K, &V})
    if (m->data.size() != m->rows * m->cols)
      throw ShapeError("matrix data holds " + std::to_string(m->data.size()) +
                       " values but its shape " + dims(m->rows, m->cols) + " needs " +
                       std::to_string(m->rows * m->cols));
  if (Q.cols != K.cols)
    throw ShapeError("matmul: Input operand 1 has a mismatch in its core dimension 0 (size " +
                     std::to_string(K.cols) + " is different from " + std::to_string(Q.cols) +
                     "): Q " + dims(Q.rows, Q.cols) + " @ K.T " + dims(K.cols, K.rows));
  if (K.rows != V.rows)
    throw ShapeError("matmul: Input operand 1 has a mismatch in its core dimension 0 (size " +
                     std::to_string(V.rows) + " is different from " + std::to_string(K.rows) +
                     "): weights " + dims(Q.rows, K.rows) + " @ V " + dims(V.rows, V.cols));
  if (Q.cols == 0) throw ShapeError("d_k must be at least 1, got 0");
}

template <class F>
AttentionResult<F> attention_impl(const Matrix<F>& Q, const Matrix<F>& K, const Matrix<F>& V,
                                  const AttentionOptions& opt) {
  check_shapes(Q, K, V);
  const std::size_t T = Q.rows, S = K.rows, d_k = Q.cols, d_v = V.cols;
  AttentionResult<F> r{Matrix<F>(T, S), Matrix<F>(T, S), Matrix<F>(T, d_v)};
  // 1. scores = Q Kᵀ / divisor                (T, S)
  scores_kernel(Q.data.data(), d_k, K.data.data(), d_k, T, S, d_k,
                static_cast<F>(scale_divisor(opt.scale, d_k)), r.scores.data.data());
  // 2. causal mask                            (T, S)
  if (opt.causal) causal_mask_kernel(r.scores.data.data(), T, S, opt.mask_k);
  // 3. weights = softmax(scores, axis=-1)     (T, S)
  r.weights.data = r.scores.data;
  softmax_rows_kernel(r.weights.data.data(), T, S);
  // 4. out = weights V                        (T, d_v)
  matmul_kernel(r.weights.data.data(), S, V.data.data(), d_v, T, S, d_v, r.output.data.data());
  return r;
}

}  // namespace

AttentionResult<double> attention(const MatrixD& Q, const MatrixD& K, const MatrixD& V,
                                  const AttentionOptions& opt) {
  return attention_impl(Q, K, V, opt);
}
AttentionResult<float> attention(const MatrixF& Q, const MatrixF& K, const MatrixF& V,
                                 const AttentionOptions& opt) {
  check_shapes(Q, K, V);
  const std::size_t T = Q.rows, S = K.rows, d_k = Q.cols, d_v = V.cols;
  AttentionResult<float> r{MatrixF(T, S), MatrixF(T, S), MatrixF(T, d_v)};
  attention_into(Q.data.data(), K.data.data(), V.data.data(), T, S, d_k, d_v, opt,
                 r.scores.data.data(), r.weights.data.data(), r.output.data.data());
  return r;
}

void check_batched_shape(const BatchedShape& s) {
  const std::size_t dims_[] = {s.B, s.H, s.T, s.S, s.d_k, s.d_v};
  const char* names[] = {"B", "H", "T", "S", "d_k", "d_v"};
  for (int i = 0; i < 6; ++i)
    if (dims_[i] == 0) throw ShapeError(std::string(names[i]) + " must be at least 1, got 0");
}

// q: (B, H, T, d_k), k: (B, H, S, d_k), v: (B, H, S, d_v)
// -> weights: (B, H, T, S), out: (B, H, T, d_v)
void attention_batched(const double* q, const double* k, const double* v, const BatchedShape& s,
                       const AttentionOptions& opt, double* weights, double* out) {
  check_batched_shape(s);
  const double divisor = scale_divisor(opt.scale, s.d_k);
  for (std::size_t bh = 0; bh < s.B * s.H; ++bh) {
    const double* qs = q + bh * s.T * s.d_k;
    const double* ks = k + bh * s.S * s.d_k;
    const double* vs = v + bh * s.S * s.d_v;
    double* w = weights + bh * s.T * s.S;
    scores_kernel(qs, s.d_k, ks, s.d_k, s.T, s.S, s.d_k, divisor, w);
    if (opt.causal) causal_mask_kernel(w, s.T, s.S, opt.mask_k);
    softmax_rows_kernel(w, s.T, s.S);
    matmul_kernel(w, s.S, vs, s.d_v, s.T, s.S, s.d_v, out + bh * s.T * s.d_v);
  }
}

}  // namespace attn
