// Gradient checks of the training ops (cpp/src/train/ops.hpp) in double:
// each backward pass against central finite differences of the forward pass,
// on small shapes. For an op y = f(x) the checked scalar is L = Σ R ∘ y with a
// fixed random R, so dL/dy = R is what the backward pass receives.
#include "train/ops.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace {

using namespace attn::train::ops;
using Vec = std::vector<double>;

Vec random_vec(std::mt19937& g, std::size_t n, double scale = 1.0) {
  std::normal_distribution<double> d(0.0, scale);
  Vec v(n);
  for (double& x : v) x = d(g);
  return v;
}

double dot(const Vec& a, const Vec& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Central differences of loss() with respect to every element of x, against
// analytic (same size). loss() reads x.
void expect_gradient(Vec& x, const Vec& analytic, const std::function<double()>& loss, const char* what) {
  ASSERT_EQ(x.size(), analytic.size());
  const double h = 1e-5;
  double worst = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double keep = x[i];
    x[i] = keep + h;
    const double up = loss();
    x[i] = keep - h;
    const double down = loss();
    x[i] = keep;
    const double numeric = (up - down) / (2 * h);
    const double err = std::abs(numeric - analytic[i]) / std::max(1.0, std::abs(numeric));
    worst = std::max(worst, err);
    EXPECT_LT(err, 1e-7) << what << "[" << i << "]: numeric " << numeric << ", analytic " << analytic[i];
  }
  EXPECT_LT(worst, 1e-7) << what;
}

TEST(TrainOps, EmbeddingGatherAndPositionsGradient) {
  std::mt19937 g(1);
  const int B = 3, T = 4, C = 5, V = 7;
  const std::vector<std::int32_t> idx = {0, 3, 3, 6, 1, 1, 1, 2, 6, 5, 4, 0};
  Vec tok = random_vec(g, V * C), pos = random_vec(g, T * C), R = random_vec(g, B * T * C);
  Vec x(B * T * C);
  auto loss = [&] {
    embedding_forward<double>(idx.data(), B, T, C, tok.data(), pos.data(), x.data());
    return dot(x, R);
  };
  loss();
  EXPECT_DOUBLE_EQ(x[1 * C + 2], tok[3 * C + 2] + pos[1 * C + 2]);
  Vec dtok(V * C, 0.0), dpos(T * C, 0.0);
  embedding_backward<double>(idx.data(), B, T, C, R.data(), dtok.data(), dpos.data());
  expect_gradient(tok, dtok, loss, "dtok");
  expect_gradient(pos, dpos, loss, "dpos");
}

TEST(TrainOps, LinearGradient) {
  std::mt19937 g(2);
  const int N = 6, I = 5, O = 7;
  Vec x = random_vec(g, N * I), W = random_vec(g, O * I), b = random_vec(g, O), R = random_vec(g, N * O);
  Vec y(N * O), Wt(I * O);
  auto loss = [&] {
    for (int o = 0; o < O; ++o)
      for (int i = 0; i < I; ++i) Wt[i * O + o] = W[o * I + i];
    linear_forward<double>(x.data(), N, I, O, Wt.data(), b.data(), y.data());
    return dot(y, R);
  };
  loss();
  double y00 = b[0];
  for (int i = 0; i < I; ++i) y00 += x[i] * W[i];
  EXPECT_NEAR(y[0], y00, 1e-12);
  Vec dW(O * I, 0.0), db(O, 0.0), dx(N * I, 123.0);
  linear_backward<double>(x.data(), R.data(), N, I, O, W.data(), dW.data(), db.data(), dx.data());
  expect_gradient(W, dW, loss, "dW");
  expect_gradient(b, db, loss, "db");
  expect_gradient(x, dx, loss, "dx");
}

TEST(TrainOps, CausalSoftmaxGradient) {
  std::mt19937 g(3);
  const int T = 5;
  Vec s = random_vec(g, T * T, 2.0), R = random_vec(g, T * T);
  Vec P(T * T);
  auto loss = [&] {
    P = s;
    causal_softmax_forward<double>(P.data(), T);
    return dot(P, R);
  };
  loss();
  for (int i = 0; i < T; ++i) {
    double row = 0.0;
    for (int j = 0; j < T; ++j) {
      if (j > i) EXPECT_EQ(P[i * T + j], 0.0);
      row += P[i * T + j];
    }
    EXPECT_NEAR(row, 1.0, 1e-15);
  }
  Vec dS(T * T);
  causal_softmax_backward<double>(P.data(), R.data(), T, dS.data());
  expect_gradient(s, dS, loss, "dS");
}

TEST(TrainOps, AttentionHeadGradient) {
  std::mt19937 g(4);
  const int B = 2, T = 4, H = 3;
  const double scale = 1.0 / std::sqrt(double(H));
  Vec qkv = random_vec(g, B * T * 3 * H), R = random_vec(g, B * T * H);
  Vec P(B * T * T), out(B * T * H), work(T * T);
  auto loss = [&] {
    head_forward<double>(qkv.data(), B, T, H, scale, P.data(), out.data());
    return dot(out, R);
  };
  loss();
  // row 0 of each sequence attends only to itself: out = v_0
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h) EXPECT_NEAR(out[(b * T) * H + h], qkv[(b * T) * 3 * H + 2 * H + h], 1e-15);
  Vec dqkv(B * T * 3 * H, 7.0);
  head_backward<double>(qkv.data(), P.data(), R.data(), B, T, H, scale, work.data(), dqkv.data());
  expect_gradient(qkv, dqkv, loss, "dqkv");
}

TEST(TrainOps, CrossEntropyGradient) {
  std::mt19937 g(5);
  const int N = 6, V = 9;
  Vec logits = random_vec(g, N * V, 3.0);
  const std::vector<std::int32_t> targets = {0, 8, 3, 3, 5, 1};
  auto loss = [&] { return cross_entropy<double>(logits.data(), targets.data(), N, V, nullptr); };
  // the mean of −log softmax[target], computed directly
  double want = 0.0;
  for (int n = 0; n < N; ++n) {
    double s = 0.0;
    for (int v = 0; v < V; ++v) s += std::exp(logits[n * V + v]);
    want += std::log(s) - logits[n * V + targets[n]];
  }
  EXPECT_NEAR(loss(), want / N, 1e-13);
  Vec d(N * V);
  cross_entropy<double>(logits.data(), targets.data(), N, V, d.data());
  expect_gradient(logits, d, loss, "dlogits");
}

// The float instantiations (what training runs, with the polynomial exp)
// agree with double to float precision.
TEST(TrainOps, FloatKernelsMatchDouble) {
  std::mt19937 g(6);
  const int B = 2, T = 8, H = 32, V = 65;
  Vec qkv = random_vec(g, B * T * 3 * H), logits = random_vec(g, B * T * V, 4.0), dout = random_vec(g, B * T * H);
  std::vector<float> qkvf(qkv.begin(), qkv.end()), logitsf(logits.begin(), logits.end()),
      doutf(dout.begin(), dout.end());
  const std::vector<std::int32_t> targets = {1, 64, 0, 5, 9, 33, 2, 2, 7, 8, 10, 11, 12, 13, 14, 15};
  const double scale = 1.0 / std::sqrt(double(H));
  Vec P(B * T * T), out(B * T * H), work(T * T), dq(B * T * 3 * H), dl(B * T * V);
  std::vector<float> Pf(P.size()), outf(out.size()), workf(work.size()), dqf(dq.size()), dlf(dl.size());
  head_forward<double>(qkv.data(), B, T, H, scale, P.data(), out.data());
  head_forward<float>(qkvf.data(), B, T, H, float(scale), Pf.data(), outf.data());
  head_backward<double>(qkv.data(), P.data(), dout.data(), B, T, H, scale, work.data(), dq.data());
  head_backward<float>(qkvf.data(), Pf.data(), doutf.data(), B, T, H, float(scale), workf.data(), dqf.data());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(outf[i], out[i], 1e-5);
  for (std::size_t i = 0; i < dq.size(); ++i) EXPECT_NEAR(dqf[i], dq[i], 1e-5);
  const double l = cross_entropy<double>(logits.data(), targets.data(), B * T, V, dl.data());
  const float lf = cross_entropy<float>(logitsf.data(), targets.data(), B * T, V, dlf.data());
  EXPECT_NEAR(lf, l, 1e-5);
  for (std::size_t i = 0; i < dl.size(); ++i) EXPECT_NEAR(dlf[i], dl[i], 1e-7);
  // the polynomial exp on its whole range
  for (double x = -100.0; x <= 0.0; x += 0.01) {
    const float xf = static_cast<float>(x);
    const double want = std::exp(static_cast<double>(xf));
    EXPECT_NEAR(exp_nonpositive<float>(xf), want, 3e-7 * want + 1e-37) << x;
  }
}

}  // namespace
