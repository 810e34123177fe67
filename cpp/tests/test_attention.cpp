// Attention core against hand-worked cases, masks, NaN rows, scales, shapes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "attention.hpp"
#include "heatmap.hpp"
#include "numpy/rng.hpp"

using namespace attn;

namespace {

MatrixD mat(std::size_t r, std::size_t c, std::initializer_list<double> v) {
  MatrixD m(r, c);
  m.data.assign(v);
  return m;
}

MatrixD random_matrix(std::mt19937_64& g, std::size_t r, std::size_t c) {
  std::normal_distribution<double> n;
  MatrixD m(r, c);
  for (double& x : m.data) x = n(g);
  return m;
}

}  // namespace

TEST(Softmax, HandWorkedRow) {
  // softmax([0, ln 3]) = [1/4, 3/4]
  double x[] = {0.0, std::log(3.0)};
  softmax_rows_kernel(x, 1, 2);
  EXPECT_NEAR(x[0], 0.25, 1e-15);
  EXPECT_NEAR(x[1], 0.75, 1e-15);
}

TEST(Softmax, StableForHugeScores) {
  // Subtracting the row max keeps exp() from overflowing.
  double x[] = {1000.0, 1000.0, 999.0};
  softmax_rows_kernel(x, 1, 3);
  const double e = std::exp(-1.0);
  EXPECT_NEAR(x[0], 1.0 / (2.0 + e), 1e-15);
  EXPECT_NEAR(x[2], e / (2.0 + e), 1e-15);
}

TEST(Softmax, FullyMaskedRowIsNaNLikeNumPy) {
  const double inf = std::numeric_limits<double>::infinity();
  double x[] = {-inf, -inf, 0.5, 0.5};
  softmax_rows_kernel(x, 2, 2);
  EXPECT_TRUE(std::isnan(x[0]) && std::isnan(x[1]));
  EXPECT_DOUBLE_EQ(x[2], 0.5);
  float y[] = {-INFINITY, -INFINITY};
  softmax_rows_kernel(y, 1, 2);
  EXPECT_TRUE(std::isnan(y[0]));
}

TEST(Softmax, FloatNaNAnywhereMakesTheRowNaNAndDeepUnderflowIsZero) {
  // The float kernel's vector exp: a NaN in the 4-lane body or in the partial
  // last step makes the whole row NaN; exp of x - max below -87.3 is exactly
  // 0, and the rest matches the double path across the whole range.
  for (std::size_t cols : {3u, 4u, 7u, 9u})
    for (std::size_t at = 0; at < cols; ++at) {
      std::vector<float> x(cols, 0.5f), out(cols, 7.0f);
      x[at] = NAN;
      softmax_rows_kernel(static_cast<const float*>(x.data()), out.data(), 1, cols);
      for (std::size_t c = 0; c < cols; ++c) EXPECT_TRUE(std::isnan(out[c])) << cols << " " << at << " " << c;
    }
  const std::size_t cols = 131;
  std::vector<float> x(cols), out(cols);
  std::vector<double> xd(cols);
  for (std::size_t c = 0; c < cols; ++c) xd[c] = x[c] = -0.77f * static_cast<float>(c);  // 0 .. -100
  softmax_rows_kernel(static_cast<const float*>(x.data()), out.data(), 1, cols);
  softmax_rows_kernel(xd.data(), 1, cols);
  for (std::size_t c = 0; c < cols; ++c) {
    // relative (the reassociated Cody-Waite reduction loses ~1e-8 per unit of x)
    EXPECT_NEAR(out[c], xd[c], 1e-5 * xd[c] + 1e-37) << c;
    if (x[c] < -87.4f) EXPECT_EQ(out[c], 0.0f) << c;
  }
}

TEST(Attention, HandWorkedTwoTokens) {
  // Q = K = I (2x2), V = [[1, 2], [3, 4]], no scaling:
  // scores = I, weights rows = softmax([1,0]) = [e/(e+1), 1/(e+1)].
  const MatrixD I = mat(2, 2, {1, 0, 0, 1});
  const MatrixD V = mat(2, 2, {1, 2, 3, 4});
  const auto r = attention(I, I, V, {Scale::None, false, 1});
  const double a = std::exp(1.0) / (std::exp(1.0) + 1.0), b = 1.0 - a;
  EXPECT_NEAR(r.weights(0, 0), a, 1e-15);
  EXPECT_NEAR(r.weights(0, 1), b, 1e-15);
  EXPECT_NEAR(r.output(0, 0), a * 1 + b * 3, 1e-14);
  EXPECT_NEAR(r.output(1, 1), b * 2 + a * 4, 1e-14);
}

TEST(Attention, ScalesDivideTheDotProducts) {
  // One query, one key with q·k = 8 and d_k = 4.
  const MatrixD q = mat(1, 4, {2, 2, 2, 2});
  const MatrixD k = mat(1, 4, {1, 1, 1, 1});
  const MatrixD v = mat(1, 1, {5});
  EXPECT_DOUBLE_EQ(attention(q, k, v, {Scale::None}).scores(0, 0), 8.0);
  EXPECT_DOUBLE_EQ(attention(q, k, v, {Scale::Sqrt}).scores(0, 0), 4.0);
  EXPECT_DOUBLE_EQ(attention(q, k, v, {Scale::Dk}).scores(0, 0), 2.0);
  EXPECT_DOUBLE_EQ(attention(q, k, v, {Scale::Sqrt}).output(0, 0), 5.0);
}

TEST(Attention, CausalMaskIsTriuK1) {
  std::mt19937_64 g(1);
  const MatrixD Q = random_matrix(g, 5, 3), K = random_matrix(g, 5, 3), V = random_matrix(g, 5, 2);
  const auto r = attention(Q, K, V, {Scale::Sqrt, true, 1});
  for (std::size_t i = 0; i < 5; ++i) {
    double sum = 0;
    for (std::size_t j = 0; j < 5; ++j) {
      if (j > i) {
        EXPECT_EQ(r.weights(i, j), 0.0);
        EXPECT_EQ(r.scores(i, j), -std::numeric_limits<double>::infinity());
      } else {
        EXPECT_GT(r.weights(i, j), 0.0);
      }
      sum += r.weights(i, j);
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
  // Row 0 sees only itself: its output is V[0].
  EXPECT_DOUBLE_EQ(r.output(0, 0), V(0, 0));
}

TEST(Attention, MaskWithK0HidesTheDiagonalAndRowZeroBecomesNaN) {
  std::mt19937_64 g(2);
  const MatrixD Q = random_matrix(g, 3, 2), K = random_matrix(g, 3, 2), V = random_matrix(g, 3, 2);
  const auto r = attention(Q, K, V, {Scale::Sqrt, true, 0});
  EXPECT_TRUE(std::isnan(r.weights(0, 0)));
  EXPECT_TRUE(std::isnan(r.output(0, 1)));
  EXPECT_EQ(r.weights(1, 1), 0.0);
  EXPECT_NEAR(r.weights(1, 0), 1.0, 1e-15);
}

TEST(Attention, RectangularKeysAndNegativeMaskOffset) {
  std::mt19937_64 g(3);
  const MatrixD Q = random_matrix(g, 2, 4), K = random_matrix(g, 5, 4), V = random_matrix(g, 5, 3);
  const auto r = attention(Q, K, V, {Scale::Sqrt, true, 3});  // row i sees keys j < i + 3
  EXPECT_EQ(r.weights.rows, 2u);
  EXPECT_EQ(r.weights.cols, 5u);
  EXPECT_EQ(r.output.cols, 3u);
  EXPECT_EQ(r.weights(0, 3), 0.0);
  EXPECT_GT(r.weights(0, 2), 0.0);
  EXPECT_GT(r.weights(1, 3), 0.0);
  EXPECT_EQ(r.weights(1, 4), 0.0);
}

TEST(Attention, ShapeErrorsReadLikeNumPy) {
  const MatrixD Q(4, 16), K(4, 8), V(4, 16), V3(3, 16);
  try {
    attention(Q, K, V);
    FAIL() << "expected a ShapeError";
  } catch (const ShapeError& e) {
    EXPECT_STREQ(e.what(),
                 "matmul: Input operand 1 has a mismatch in its core dimension 0 (size 8 is different "
                 "from 16): Q (4, 16) @ K.T (8, 4)");
  }
  EXPECT_THROW(attention(Q, MatrixD(4, 16), V3), ShapeError);
  MatrixD bad(2, 2);
  bad.data.resize(3);
  EXPECT_THROW(attention(bad, bad, bad), ShapeError);
  EXPECT_THROW(attention(MatrixD(2, 0), MatrixD(2, 0), MatrixD(2, 1)), ShapeError);
}

TEST(Attention, Float32PathMatchesDoubleWithin1e5) {
  std::mt19937_64 g(4);
  for (std::size_t T : {1u, 6u, 33u, 70u}) {
    for (bool causal : {false, true}) {
      const MatrixD Q = random_matrix(g, T, 64), K = random_matrix(g, T, 64), V = random_matrix(g, T, 16);
      MatrixF Qf(T, 64), Kf(T, 64), Vf(T, 16);
      for (std::size_t i = 0; i < Q.data.size(); ++i) { Qf.data[i] = float(Q.data[i]); Kf.data[i] = float(K.data[i]); }
      for (std::size_t i = 0; i < V.data.size(); ++i) Vf.data[i] = float(V.data[i]);
      const auto rd = attention(Q, K, V, {Scale::Sqrt, causal, 1});
      const auto rf = attention(Qf, Kf, Vf, {Scale::Sqrt, causal, 1});
      for (std::size_t i = 0; i < rd.weights.data.size(); ++i)
        ASSERT_NEAR(rf.weights.data[i], rd.weights.data[i], 1e-5) << "T=" << T << " i=" << i;
      for (std::size_t i = 0; i < rd.output.data.size(); ++i)
        ASSERT_NEAR(rf.output.data[i], rd.output.data[i], 1e-5) << "T=" << T << " i=" << i;
    }
  }
}

namespace {

MatrixF to_float(const MatrixD& m) {
  MatrixF f(m.rows, m.cols);
  for (std::size_t i = 0; i < m.data.size(); ++i) f.data[i] = static_cast<float>(m.data[i]);
  return f;
}

// Both NaN, or within tol (equal infinities included).
::testing::AssertionResult near_or_nan(double got, double want, double tol) {
  if (std::isnan(want) && std::isnan(got)) return ::testing::AssertionSuccess();
  if (std::isinf(want) && got == want) return ::testing::AssertionSuccess();
  if (std::fabs(got - want) <= tol) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << got << " vs " << want;
}

}  // namespace

TEST(AttentionInto, MatchesTheDoublePathWithin1e5) {
  // Sizes off the SIMD widths (4 lanes, 2 query rows, 4-row blocks, 8 output
  // columns), T != S both ways, every scale, mask offsets 0, 1, 2 (k = 0
  // masks row 0 entirely: NaN) and some negative and past-the-end ones.
  std::mt19937_64 g(6);
  const std::size_t Ts[] = {1, 3, 5, 9, 33};
  const std::size_t Ss[] = {1, 2, 7, 13, 37};
  const std::size_t dks[] = {1, 3, 5, 17};
  const std::size_t dvs[] = {1, 6, 13, 16};
  const long ks[] = {0, 1, 2, -3, 40};
  int n = 0;
  for (std::size_t T : Ts)
    for (std::size_t S : Ss)
      for (std::size_t dk : dks) {
        const std::size_t dv = dvs[n++ % 4];
        const MatrixD Q = random_matrix(g, T, dk), K = random_matrix(g, S, dk), V = random_matrix(g, S, dv);
        const MatrixF Qf = to_float(Q), Kf = to_float(K), Vf = to_float(V);
        for (Scale sc : {Scale::None, Scale::Sqrt, Scale::Dk})
          for (int c = -1; c < 5; ++c) {
            const AttentionOptions opt{sc, c >= 0, c >= 0 ? ks[c] : 1};
            const auto rd = attention(Q, K, V, opt);
            // poisoned buffers: every element must be written
            std::vector<float> s(T * S, 12345.0f), w(T * S, 12345.0f), o(T * dv, 12345.0f);
            attention_into(Qf.data.data(), Kf.data.data(), Vf.data.data(), T, S, dk, dv, opt, s.data(),
                           w.data(), o.data());
            const auto rf = attention(Qf, Kf, Vf, opt);
            const std::string where = "T=" + std::to_string(T) + " S=" + std::to_string(S) + " dk=" +
                                      std::to_string(dk) + " dv=" + std::to_string(dv) + " scale=" +
                                      scale_name(sc) + " causal=" + std::to_string(opt.causal) +
                                      " k=" + std::to_string(opt.mask_k);
            // scores are O(√dk) unscaled: 1e-5 relative
            for (std::size_t i = 0; i < T * S; ++i) {
              const double sd = rd.scores.data[i];
              ASSERT_TRUE(near_or_nan(s[i], sd, 1e-5 * std::max(1.0, std::fabs(sd)))) << where << " scores i=" << i;
              ASSERT_TRUE(near_or_nan(w[i], rd.weights.data[i], 1e-5)) << where << " weights i=" << i;
              ASSERT_EQ(std::isnan(w[i]), std::isnan(rd.weights.data[i])) << where;
              if (rd.weights.data[i] == 0.0 && opt.causal) ASSERT_EQ(w[i], 0.0f) << where;
            }
            for (std::size_t i = 0; i < T * dv; ++i)
              ASSERT_TRUE(near_or_nan(o[i], rd.output.data[i], 1e-5)) << where << " output i=" << i;
            // attention() is attention_into on fresh matrices: the same floats
            for (std::size_t i = 0; i < T * S; ++i) {
              ASSERT_TRUE(std::memcmp(&s[i], &rf.scores.data[i], 4) == 0 || (std::isnan(s[i]) && std::isnan(rf.scores.data[i])));
              ASSERT_TRUE(std::memcmp(&w[i], &rf.weights.data[i], 4) == 0 || (std::isnan(w[i]) && std::isnan(rf.weights.data[i])));
            }
            for (std::size_t i = 0; i < T * dv; ++i)
              ASSERT_TRUE(std::memcmp(&o[i], &rf.output.data[i], 4) == 0 || (std::isnan(o[i]) && std::isnan(rf.output.data[i])));
          }
      }
}

TEST(AttentionInto, CausalMaskK0MakesRowZeroNaNAndMaskedScoresMinusInf) {
  std::mt19937_64 g(7);
  const std::size_t T = 6, S = 6, d = 5;
  const MatrixF Q = to_float(random_matrix(g, T, d)), K = to_float(random_matrix(g, S, d)),
                V = to_float(random_matrix(g, S, d));
  std::vector<float> s(T * S), w(T * S), o(T * d);
  attention_into(Q.data.data(), K.data.data(), V.data.data(), T, S, d, d, {Scale::Sqrt, true, 0}, s.data(),
                 w.data(), o.data());
  for (std::size_t j = 0; j < S; ++j) {
    EXPECT_EQ(s[j], -std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(w[j]));
  }
  for (std::size_t c = 0; c < d; ++c) EXPECT_TRUE(std::isnan(o[c]));
  for (std::size_t i = 1; i < T; ++i)
    for (std::size_t j = 0; j < S; ++j) {
      if (j >= i) {
        EXPECT_EQ(s[i * S + j], -std::numeric_limits<float>::infinity());
        EXPECT_EQ(w[i * S + j], 0.0f);
      } else {
        EXPECT_GT(w[i * S + j], 0.0f);
      }
    }
  // Row 1 sees only key 0: its output is V[0].
  for (std::size_t c = 0; c < d; ++c) EXPECT_FLOAT_EQ(o[d + c], V(0, c));
}

TEST(AttentionInto, LargeSizesMatchTheDoublePath) {
  // The benchmark's shapes (S = T, d_k = d_v = d) on a multiple-of-8 size and
  // one just off it.
  std::mt19937_64 g(8);
  for (std::size_t T : {64u, 67u})
    for (std::size_t d : {16u, 64u})
      for (bool causal : {false, true}) {
        const MatrixD Q = random_matrix(g, T, d), K = random_matrix(g, T, d), V = random_matrix(g, T, d);
        const AttentionOptions opt{Scale::Sqrt, causal, 1};
        const auto rd = attention(Q, K, V, opt);
        std::vector<float> s(T * T), w(T * T), o(T * d);
        attention_into(to_float(Q).data.data(), to_float(K).data.data(), to_float(V).data.data(), T, T, d, d, opt,
                       s.data(), w.data(), o.data());
        for (std::size_t i = 0; i < T * T; ++i) ASSERT_NEAR(w[i], rd.weights.data[i], 1e-5) << T << " " << d;
        for (std::size_t i = 0; i < T * d; ++i) ASSERT_NEAR(o[i], rd.output.data[i], 1e-5) << T << " " << d;
      }
}

TEST(Softmax, OutOfPlaceFloatMatchesInPlaceAndDouble) {
  std::mt19937_64 g(9);
  const float inf = std::numeric_limits<float>::infinity();
  for (std::size_t cols : {1u, 3u, 4u, 9u, 30u}) {
    const std::size_t rows = 3;
    const MatrixD x = random_matrix(g, rows, cols);
    MatrixD xd = x;
    MatrixF in = to_float(x);
    in.data[0] = -inf;  // a masked entry
    xd.data[0] = -std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < cols; ++c) {  // row 2 fully masked
      in(2, c) = -inf;
      xd(2, c) = -std::numeric_limits<double>::infinity();
    }
    const std::vector<float> before = in.data;
    std::vector<float> out(rows * cols, 7.0f);
    softmax_rows_kernel(static_cast<const float*>(in.data.data()), out.data(), rows, cols);
    EXPECT_EQ(in.data, before);  // input untouched
    MatrixF inplace = in;
    softmax_rows_kernel(inplace.data.data(), rows, cols);
    softmax_rows_kernel(xd.data.data(), rows, cols);
    for (std::size_t i = 0; i < rows * cols; ++i) {
      EXPECT_TRUE(near_or_nan(out[i], xd.data[i], 1e-6)) << cols << " " << i;
      EXPECT_TRUE(near_or_nan(inplace.data[i], out[i], 0.0)) << cols << " " << i;
    }
    if (cols > 1) EXPECT_EQ(out[0], 0.0f);  // (cols == 1: row 0 is fully masked)
    for (std::size_t c = 0; c < cols; ++c) EXPECT_TRUE(std::isnan(out[2 * cols + c]));
  }
}

TEST(Attention, BatchedEqualsPerSliceAttentionAndBatchesNeverMix) {
  std::mt19937_64 g(5);
  BatchedShape s{2, 4, 5, 5, 16, 16};
  const std::size_t n_q = s.B * s.H * s.T * s.d_k;
  std::normal_distribution<double> n;
  std::vector<double> q(n_q), k(n_q), v(n_q), w(s.B * s.H * s.T * s.S), out(n_q);
  for (auto* a : {&q, &k, &v})
    for (double& x : *a) x = n(g);
  attention_batched(q.data(), k.data(), v.data(), s, {Scale::Sqrt, true, 1}, w.data(), out.data());
  for (std::size_t bh = 0; bh < s.B * s.H; ++bh) {
    MatrixD Q(s.T, s.d_k), K(s.S, s.d_k), V(s.S, s.d_v);
    std::copy_n(q.begin() + bh * s.T * s.d_k, Q.data.size(), Q.data.begin());
    std::copy_n(k.begin() + bh * s.S * s.d_k, K.data.size(), K.data.begin());
    std::copy_n(v.begin() + bh * s.S * s.d_v, V.data.size(), V.data.begin());
    const auto r = attention(Q, K, V, {Scale::Sqrt, true, 1});
    for (std::size_t i = 0; i < r.output.data.size(); ++i)
      ASSERT_EQ(out[bh * s.T * s.d_v + i], r.output.data[i]);
  }
  // Changing batch 1 leaves batch 0's output untouched.
  std::vector<double> v2 = v, out2(n_q);
  for (std::size_t i = n_q / 2; i < n_q; ++i) v2[i] += 1.0;
  attention_batched(q.data(), k.data(), v2.data(), s, {Scale::Sqrt, true, 1}, w.data(), out2.data());
  for (std::size_t i = 0; i < n_q / 2; ++i) ASSERT_EQ(out[i], out2[i]);
  EXPECT_THROW(check_batched_shape(BatchedShape{0, 1, 1, 1, 1, 1}), ShapeError);
}

TEST(Heatmap, UsesTheFirstDkColumnsOfOneDraw) {
  // Q, K = default_rng(0).standard_normal((T, d_max)) each; d_k only slices.
  HeatmapModel m(0, 6, 32);
  Generator rng(0);
  std::vector<double> q(6 * 32), k(6 * 32);
  rng.standard_normal(q.data(), q.size());
  rng.standard_normal(k.data(), k.size());
  m.compute(3, Scale::None, false);
  double dot = q[1 * 32 + 0] * k[2 * 32 + 0] + q[1 * 32 + 1] * k[2 * 32 + 1] + q[1 * 32 + 2] * k[2 * 32 + 2];
  EXPECT_DOUBLE_EQ(m.raw()[1 * 6 + 2], dot);
  const auto st = m.compute(16, Scale::Sqrt, true);
  EXPECT_LT(st.max_row_sum_error, 1e-12);
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = i + 1; j < 6; ++j) EXPECT_EQ(m.weights()[i * 6 + j], 0.0);
  EXPECT_EQ(m.weights()[0], 1.0);
}

TEST(Heatmap, UnscaledSoftmaxSharpensWithDk) {
  HeatmapModel m(0, 32, 512);
  const double small = m.compute(4, Scale::None, false).mean_row_max;
  const double big = m.compute(512, Scale::None, false).mean_row_max;
  const double scaled = m.compute(512, Scale::Sqrt, false).mean_row_max;
  EXPECT_LT(small, big);
  EXPECT_GT(big, 0.9);
  EXPECT_LT(scaled, big);
  // Score spread: ≈ √d_k unscaled, ≈ 1 scaled.
  EXPECT_NEAR(m.compute(512, Scale::None, false).score_std / std::sqrt(512.0), 1.0, 0.2);
  EXPECT_NEAR(m.compute(512, Scale::Sqrt, false).score_std, 1.0, 0.2);
}
