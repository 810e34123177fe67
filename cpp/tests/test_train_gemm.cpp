// gemm_f32 (the training's matrix products) against a plain triple loop in
// double, on shapes that exercise every block and tail and strided A.
#include "train/gemm.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

TEST(TrainGemm, MatchesNaiveProduct) {
  std::mt19937 g(7);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  for (int M : {1, 3, 4, 9}) {
    for (int N : {1, 4, 7, 8, 13, 65, 96}) {
      for (int K : {1, 5, 32}) {
        for (int mode = 0; mode < 3; ++mode) {      // 0: zero, 1: bias, 2: accumulate
          for (bool transposed : {false, true}) {  // A given as (M, K) or as (K, M)
            std::vector<float> a(static_cast<std::size_t>(M) * K), b(static_cast<std::size_t>(K) * N),
                c(static_cast<std::size_t>(M) * N), bias(static_cast<std::size_t>(N));
            for (auto* v : {&a, &b, &c, &bias})
              for (float& x : *v) x = d(g);
            const std::vector<float> c0 = c;
            const std::ptrdiff_t sm = transposed ? 1 : K, sk = transposed ? M : 1;
            attn::train::gemm_f32(M, N, K, a.data(), sm, sk, b.data(), N, c.data(), N, mode == 2,
                                  mode == 1 ? bias.data() : nullptr);
            for (int m = 0; m < M; ++m)
              for (int n = 0; n < N; ++n) {
                double want = mode == 2 ? c0[m * N + n] : mode == 1 ? bias[n] : 0.0;
                for (int k = 0; k < K; ++k) want += double(a[m * sm + k * sk]) * b[k * N + n];
                ASSERT_NEAR(c[m * N + n], want, 1e-5) << M << "x" << N << "x" << K << " mode " << mode
                                                      << " transposed " << transposed << " at " << m << "," << n;
              }
          }
        }
      }
    }
  }
}
