// Scaled dot-product attention, the lesson's four lines as kernels.
//
//   scores  = Q Kᵀ · scale             (T, d_k) x (S, d_k)ᵀ -> (T, S)
//   scores  = where(triu(1, k), -inf, scores)               (causal only)
//   weights = softmax(scores, axis=-1)                       (T, S)
//   out     = weights V                (T, S) x (S, d_v)   -> (T, d_v)
//
// Every kernel works on row-major matrices and takes a leading dimension
// (ld*, the distance in elements between two rows) so that a view such as
// Q[:, :d_k] of a wider (T, d_max) draw needs no copy.
//
// The double path reproduces NumPy to ~1e-15 relative; the softmax row sum
// uses NumPy's pairwise summation so that the lesson prints the same digits.
// The float path is the fast one and agrees with the double path to 1e-5.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn {

// How the dot products are scaled before the softmax.
enum class Scale : int {
  None = 0,  // scores = Q Kᵀ
  Sqrt = 1,  // scores = Q Kᵀ / √d_k   (the paper's choice)
  Dk = 2,    // scores = Q Kᵀ / d_k    (over-shrinks: softmax flattens)
};

const char* scale_name(Scale s);

// Divisor applied to Q Kᵀ for a given d_k (1, √d_k or d_k).
double scale_divisor(Scale s, std::size_t d_k);

// A shape or argument error. The message reads like NumPy's.
struct ShapeError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// ---------------------------------------------------------------------------
// Kernels (no allocation, no validation: callers check shapes first).
// ---------------------------------------------------------------------------

// scores[i, j] = (Σ_c Q[i, c] K[j, c]) / divisor
//   Q: (T, d_k) with row stride ldq;  K: (S, d_k) with row stride ldk
//   scores: (T, S) contiguous
void scores_kernel(const double* Q, std::size_t ldq, const double* K, std::size_t ldk,
                   std::size_t T, std::size_t S, std::size_t d_k, double divisor,
                   double* scores);

// scores[i, j] = -inf wherever j - i >= k, i.e. where np.triu(ones, k) is 1.
//   scores: (T, S) contiguous
void causal_mask_kernel(double* scores, std::size_t T, std::size_t S, long k);

// Row-wise stable softmax, in place: x -= max(x); e = exp(x); x = e / Σe.
// A row whose entries are all -inf becomes NaN (-inf - -inf = NaN), as NumPy.
//   x: (rows, cols) contiguous
void softmax_rows_kernel(double* x, std::size_t rows, std::size_t cols);
void softmax_rows_kernel(float* x, std::size_t rows, std::size_t cols);
// The same, out of place: scores in -> weights out in one pass, no copy
// (in == out is allowed; other overlaps are not).
//   in, out: (rows, cols) contiguous
void softmax_rows_kernel(const float* in, float* out, std::size_t rows, std::size_t cols);

// C = A B
//   A: (M, K) row stride lda;  B: (K, N) row stride ldb;  C: (M, N) contiguous
void matmul_kernel(const double* A, std::size_t lda, const double* B, std::size_t ldb,
                   std::size_t M, std::size_t K, std::size_t N, double* C);

// ---------------------------------------------------------------------------
// Checked API on owned matrices.
// ---------------------------------------------------------------------------

template <class F>
struct Matrix {
  std::size_t rows = 0, cols = 0;
  std::vector<F> data;  // row-major, rows * cols

  Matrix() = default;
  Matrix(std::size_t r, std::size_t c, F fill = F(0)) : rows(r), cols(c), data(r * c, fill) {}
  F& operator()(std::size_t i, std::size_t j) { return data[i * cols + j]; }
  const F& operator()(std::size_t i, std::size_t j) const { return data[i * cols + j]; }
};
using MatrixD = Matrix<double>;
using MatrixF = Matrix<float>;

struct AttentionOptions {
  Scale scale = Scale::Sqrt;
  bool causal = false;
  long mask_k = 1;  // diagonal offset of np.triu(ones, k): 1 hides the future only
};

template <class F>
struct AttentionResult {
  Matrix<F> scores;   // (T, S), after scaling and masking (masked = -inf)
  Matrix<F> weights;  // (T, S), rows sum to 1 (NaN for a fully masked row)
  Matrix<F> output;   // (T, d_v)
};

// Q: (T, d_k), K: (S, d_k), V: (S, d_v). Throws ShapeError on a mismatch.
AttentionResult<double> attention(const MatrixD& Q, const MatrixD& K, const MatrixD& V,
                                  const AttentionOptions& opt = {});
AttentionResult<float> attention(const MatrixF& Q, const MatrixF& K, const MatrixF& V,
                                 const AttentionOptions& opt = {});

// Float attention into caller-owned buffers: no allocation, no copy between them.
//   Q: (T, d_k), K: (S, d_k), V: (S, d_v), all contiguous row-major
//   scores: (T, S) after scaling and masking; weights: (T, S); output: (T, d_v)
// Shapes are not checked here (the caller checks them).
// The float attention() is this call on freshly allocated result matrices.
// Causal rows skip the masked keys: their scores are written -inf and their
// weights 0 without being computed (a fully masked row is NaN, as in NumPy).
void attention_into(const float* Q, const float* K, const float* V, std::size_t T, std::size_t S,
                    std::size_t d_k, std::size_t d_v, const AttentionOptions& opt,
                    float* scores, float* weights, float* output);

// Batched multi-head attention on row-major (B, H, T, d) tensors, as in the
// lesson's PyTorch bonus: every (b, h) slice is an independent attention.
//   q: (B, H, T, d_k), k: (B, H, S, d_k), v: (B, H, S, d_v)
//   weights: (B, H, T, S), out: (B, H, T, d_v)
struct BatchedShape {
  std::size_t B = 1, H = 1, T = 1, S = 1, d_k = 1, d_v = 1;
};
void attention_batched(const double* q, const double* k, const double* v, const BatchedShape& shape,
                       const AttentionOptions& opt, double* weights, double* out);

// Throws ShapeError unless the sizes describe a valid batched problem.
void check_batched_shape(const BatchedShape& shape);

}  // namespace attn
