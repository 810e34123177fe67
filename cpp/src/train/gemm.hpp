// The matrix products of training (every Linear's forward and both of its
// backward products), float32, register-blocked on 4-float vectors.
#pragma once
#include <cstddef>

namespace attn::train {

// C (M, N) = init + A (M, K) · B (K, N), where A(m, k) = a[m*sm + k*sk] (so
// A may be a transposed view), B and C are row-major with row strides ldb,
// ldc, init is C itself (accumulate) or 0, each C(m, n) summed in k order;
// with bias (N,), C = (init + A · B) + bias broadcast over rows, the bias
// added last as PyTorch's addmm (reference BLAS sgemm) adds it. Under a
// TeamScope (train/team.hpp), large products run on the team's threads, with
// the same bits.
void gemm_f32(int M, int N, int K, const float* a, std::ptrdiff_t sm, std::ptrdiff_t sk, const float* b,
              std::ptrdiff_t ldb, float* c, std::ptrdiff_t ldc, bool accumulate, const float* bias);

}  // namespace attn::train
