// gemm_f32 (compiled with the kernel flags, see CMakeLists.txt): blocks of 4
// rows × 8 columns held in eight 4-float vector accumulators (SSE natively,
// SIMD128 in WebAssembly); A's scalars are broadcast, B's rows streamed.
// Narrower column tails use one vector, then scalars. Large products run
// over panels of B that fit in cache. With a team (train/team.hpp), large
// products split C's rows among its threads at multiples of 4, so every row
// block is the one a single thread would compute, with the same bits.
#include "train/gemm.hpp"

#include "simd4.hpp"
#include "train/team.hpp"

namespace attn::train {

namespace {
using namespace simd4;

// A panel of B: 256 × 128 floats (128 KiB, in L2); kNc is a multiple of 8, so
// the columns fall into the same 8- and 4-wide blocks as without panels.
constexpr int kKc = 256;
constexpr int kNc = 128;

// R rows (1..4) starting at row m of C, all N columns.
template <int R>
ATTN_INLINE void rows(int m, int N, int K, const float* a, std::ptrdiff_t sm, std::ptrdiff_t sk,
                           const float* b, std::ptrdiff_t ldb, float* c, std::ptrdiff_t ldc, bool accumulate,
                           const float* bias) {
  const float* ar[R];
  float* cr[R];
  for (int r = 0; r < R; ++r) {
    ar[r] = a + (m + r) * sm;
    cr[r] = c + (m + r) * ldc;
  }
  int n = 0;
  for (; n + 8 <= N; n += 8) {
    v4f acc0[R], acc1[R];
    for (int r = 0; r < R; ++r) {
      if (accumulate) {
        acc0[r] = load4(cr[r] + n);
        acc1[r] = load4(cr[r] + n + 4);
      } else if (bias) {
        acc0[r] = load4(bias + n);
        acc1[r] = load4(bias + n + 4);
      } else {
        acc0[r] = splat(0.0f);
        acc1[r] = splat(0.0f);
      }
    }
    const float* bk = b + n;
    for (int k = 0; k < K; ++k, bk += ldb) {
      const v4f b0 = load4(bk), b1 = load4(bk + 4);
      for (int r = 0; r < R; ++r) {
        const v4f av = splat(ar[r][k * sk]);
        acc0[r] += av * b0;
        acc1[r] += av * b1;
      }
    }
    for (int r = 0; r < R; ++r) {
      store4(cr[r] + n, acc0[r]);
      store4(cr[r] + n + 4, acc1[r]);
    }
  }
  for (; n + 4 <= N; n += 4) {
    v4f acc[R];
    for (int r = 0; r < R; ++r) acc[r] = accumulate ? load4(cr[r] + n) : bias ? load4(bias + n) : splat(0.0f);
    const float* bk = b + n;
    for (int k = 0; k < K; ++k, bk += ldb) {
      const v4f b0 = load4(bk);
      for (int r = 0; r < R; ++r) acc[r] += splat(ar[r][k * sk]) * b0;
    }
    for (int r = 0; r < R; ++r) store4(cr[r] + n, acc[r]);
  }
  for (; n < N; ++n) {
    float acc[R];
    for (int r = 0; r < R; ++r) acc[r] = accumulate ? cr[r][n] : bias ? bias[n] : 0.0f;
    const float* bk = b + n;
    for (int k = 0; k < K; ++k, bk += ldb)
      for (int r = 0; r < R; ++r) acc[r] += ar[r][k * sk] * *bk;
    for (int r = 0; r < R; ++r) cr[r][n] = acc[r];
  }
}

// Rows [0, M) of C, the bias (if any) added as gemm_f32 says.
void gemm_rows(int M, int N, int K, const float* a, std::ptrdiff_t sm, std::ptrdiff_t sk, const float* b,
               std::ptrdiff_t ldb, float* c, std::ptrdiff_t ldc, bool accumulate, const float* bias) {
  if (bias) {
    // PyTorch's addmm (reference BLAS sgemm, transa = 'T'): the products
    // summed from 0 in k order, then the bias added.
    gemm_rows(M, N, K, a, sm, sk, b, ldb, c, ldc, accumulate, nullptr);
    for (int m = 0; m < M; ++m) {
      float* cr = c + m * ldc;
      for (int n = 0; n < N; ++n) cr[n] += bias[n];
    }
    return;
  }
  // The vector columns run over panels of B (kKc rows × kNc columns) that
  // stay in cache while every row block of C passes over them. A later
  // panel of k accumulates into what the earlier ones left in C, so each
  // C(m, n) still sums its products in k order from the same start: the bits
  // do not depend on the panels. The last N % 4 columns (scalar loops, which
  // the compiler may reorder) see all of K in one pass, as without panels.
  const int nv = N - N % 4;
  for (int k0 = 0; k0 == 0 || k0 < K; k0 += kKc) {
    const int kc = K - k0 < kKc ? K - k0 : kKc;
    const bool acc = accumulate || k0 > 0;
    const float* bias0 = k0 > 0 ? nullptr : bias;
    for (int n0 = 0; n0 < nv; n0 += kNc) {
      const int nc = nv - n0 < kNc ? nv - n0 : kNc;
      const float* ak = a + k0 * sk;
      const float* bk = b + k0 * ldb + n0;
      float* cn = c + n0;
      const float* bn = bias0 ? bias0 + n0 : nullptr;
      int m = 0;
      for (; m + 4 <= M; m += 4) rows<4>(m, nc, kc, ak, sm, sk, bk, ldb, cn, ldc, acc, bn);
      for (; m < M; ++m) rows<1>(m, nc, kc, ak, sm, sk, bk, ldb, cn, ldc, acc, bn);
    }
  }
  if (nv == N) return;
  const float* bt = bias ? bias + nv : nullptr;
  int m = 0;
  for (; m + 4 <= M; m += 4) rows<4>(m, N - nv, K, a, sm, sk, b + nv, ldb, c + nv, ldc, accumulate, bt);
  for (; m < M; ++m) rows<1>(m, N - nv, K, a, sm, sk, b + nv, ldb, c + nv, ldc, accumulate, bt);
}
}  // namespace

void gemm_f32(int M, int N, int K, const float* a, std::ptrdiff_t sm, std::ptrdiff_t sk, const float* b,
              std::ptrdiff_t ldb, float* c, std::ptrdiff_t ldc, bool accumulate, const float* bias) {
  share(M, 4, static_cast<long long>(M) * N * K, [&](int m0, int m1, int) {
    gemm_rows(m1 - m0, N, K, a + m0 * sm, sm, sk, b, ldb, c + m0 * ldc, ldc, accumulate, bias);
  });
}

}  // namespace attn::train
