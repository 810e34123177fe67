// See tril_lab.hpp. float32 throughout, like the PyTorch code it mirrors;
// sums run in index order (PyTorch's BLAS may group a 32-term dot product
// differently: the tests allow 1e-6 where that matters).
#include "torch/tril_lab.hpp"

#include <cmath>
#include <limits>

#include "torch/generator.hpp"
#include "torch/init.hpp"

namespace attn::torch {

namespace {

constexpr int B = kLabB, T = kLabT;

// a @ b^T for one batch row. a: (n, d), b: (m, d), out: (n, m)
void matmul_bt(const float* a, const float* b, float* out, int n, int m, int d) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) {
      float s = 0.0f;
      for (int c = 0; c < d; ++c) s += a[i * d + c] * b[j * d + c];
      out[i * m + j] = s;
    }
  }
}

// w @ v. w: (n, m), v: (m, d), out: (n, d)
void matmul(const float* w, const float* v, float* out, int n, int m, int d) {
  for (int i = 0; i < n; ++i) {
    for (int c = 0; c < d; ++c) {
      float s = 0.0f;
      for (int j = 0; j < m; ++j) s += w[i * m + j] * v[j * d + c];
      out[i * d + c] = s;
    }
  }
}

double variance(const std::vector<float>& v) {
  double mean = 0;
  for (float f : v) mean += f;
  mean /= static_cast<double>(v.size());
  double ss = 0;
  for (float f : v) ss += (f - mean) * (f - mean);
  return ss / static_cast<double>(v.size() - 1);
}

// torch.sum of n strided floats as SumKernel.cpp's row_sum adds them (n < 64):
// four interleaved partial sums, the tail added to the first, then the four
// added in order. torch.mean divides that by n. v: (n,) with stride
float torch_sum(const float* v, int n, int stride) {
  float p[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  const int groups = n / 4;
  for (int i = 0; i < groups; ++i) {
    for (int k = 0; k < 4; ++k) p[k] += v[(i * 4 + k) * stride];
  }
  for (int i = groups * 4; i < n; ++i) p[0] += v[i * stride];
  return ((p[0] + p[1]) + p[2]) + p[3];
}

bool allclose(const std::vector<float>& a, const std::vector<float>& b) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!(std::fabs(static_cast<double>(a[i]) - b[i]) <= 1e-8 + 1e-5 * std::fabs(static_cast<double>(b[i]))))
      return false;
  }
  return true;
}

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
  double m = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::fmax(m, std::fabs(static_cast<double>(a[i]) - b[i]));
  return m;
}

// Linear without bias: x (n, in) @ w^T, w (out, in). out: (n, out)
void linear(const float* x, const float* w, float* out, int n, int in, int outf) {
  matmul_bt(x, w, out, n, outf, in);
}

// The head on one (8, 32) input: q, k, v, scores, softmax, wei @ v.
// wei: (8, 8), out: (8, 16)
void head_forward(const HeadDemo& d, const float* xb, bool mask, bool scale, float* scores, float* wei,
                  float* out, float* kb, float* qb, float* vb) {
  linear(xb, d.w_key.data(), kb, T, kHeadC, kHeadSize);
  linear(xb, d.w_query.data(), qb, T, kHeadC, kHeadSize);
  linear(xb, d.w_value.data(), vb, T, kHeadC, kHeadSize);
  matmul_bt(qb, kb, scores, T, T, kHeadSize);
  if (scale) {
    const float s = static_cast<float>(std::pow(16.0, -0.5));  // head_size**-0.5 = 0.25
    for (int i = 0; i < T * T; ++i) scores[i] *= s;
  }
  for (int i = 0; i < T; ++i) {
    for (int j = 0; j < T; ++j) {
      wei[i * T + j] = (mask && j > i) ? -std::numeric_limits<float>::infinity() : scores[i * T + j];
    }
    softmax_row(wei + i * T, T);
  }
  matmul(wei, vb, out, T, T, kHeadSize);
}

}  // namespace

void softmax_row(float* row, int n) {
  float mx = row[0];
  for (int i = 1; i < n; ++i) mx = row[i] > mx ? row[i] : mx;
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    row[i] = static_cast<float>(std::exp(static_cast<double>(row[i] - mx)));
    sum += row[i];
  }
  const float inv = 1.0f / sum;
  for (int i = 0; i < n; ++i) row[i] *= inv;
}

ThreeWays three_ways(std::uint64_t seed) {
  constexpr int C = kLabC;
  ThreeWays r;
  Generator g(seed);
  r.x.resize(B * T * C);
  g.normal_(r.x.data(), r.x.size());
  r.xbow_loop.assign(B * T * C, 0.0f);
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      for (int c = 0; c < C; ++c) {
        const float s = torch_sum(&r.x[b * T * C + c], t + 1, C);
        r.xbow_loop[(b * T + t) * C + c] = s / static_cast<float>(t + 1);
      }
    }
  }
  r.wei_loop.assign(T * T, 0.0f);
  r.wei_tril.assign(T * T, 0.0f);
  r.wei_softmax.assign(T * T, 0.0f);
  for (int i = 0; i < T; ++i) {
    float rowsum = 0.0f;
    for (int j = 0; j <= i; ++j) rowsum += 1.0f;
    for (int j = 0; j < T; ++j) {
      r.wei_loop[i * T + j] = j <= i ? 1.0f / static_cast<float>(i + 1) : 0.0f;
      r.wei_tril[i * T + j] = (j <= i ? 1.0f : 0.0f) / rowsum;
      r.wei_softmax[i * T + j] = j <= i ? 0.0f : -std::numeric_limits<float>::infinity();
    }
    softmax_row(&r.wei_softmax[i * T], T);
  }
  r.xbow_tril.resize(B * T * C);
  r.xbow_softmax.resize(B * T * C);
  for (int b = 0; b < B; ++b) {
    matmul(r.wei_tril.data(), &r.x[b * T * C], &r.xbow_tril[b * T * C], T, T, C);
    matmul(r.wei_softmax.data(), &r.x[b * T * C], &r.xbow_softmax[b * T * C], T, T, C);
  }
  r.max_diff = std::fmax(max_abs_diff(r.xbow_loop, r.xbow_tril),
                         std::fmax(max_abs_diff(r.xbow_loop, r.xbow_softmax), max_abs_diff(r.xbow_tril, r.xbow_softmax)));
  r.allclose_tril = allclose(r.xbow_loop, r.xbow_tril);
  r.allclose_softmax = allclose(r.xbow_loop, r.xbow_softmax);
  return r;
}

HeadDemo head_demo(std::uint64_t seed, bool mask, bool scale) {
  HeadDemo d;
  d.mask = mask;
  d.scale = scale;
  Generator g(seed);
  d.x.resize(B * T * kHeadC);
  g.normal_(d.x.data(), d.x.size());
  d.w_key.resize(kHeadSize * kHeadC);
  d.w_query.resize(kHeadSize * kHeadC);
  d.w_value.resize(kHeadSize * kHeadC);
  linear_init(g, d.w_key.data(), nullptr, kHeadC, kHeadSize);
  linear_init(g, d.w_query.data(), nullptr, kHeadC, kHeadSize);
  linear_init(g, d.w_value.data(), nullptr, kHeadC, kHeadSize);
  d.pos.resize(T * kHeadC);
  embedding_init(g, d.pos.data(), T, kHeadC);
  d.k.resize(B * T * kHeadSize);
  d.q.resize(B * T * kHeadSize);
  d.v.resize(B * T * kHeadSize);
  d.scores.resize(B * T * T);
  d.wei.resize(B * T * T);
  d.out.resize(B * T * kHeadSize);
  std::vector<float> raw(B * T * T);
  for (int b = 0; b < B; ++b) {
    head_forward(d, &d.x[b * T * kHeadC], mask, scale, &d.scores[b * T * T], &d.wei[b * T * T],
                 &d.out[b * T * kHeadSize], &d.k[b * T * kHeadSize], &d.q[b * T * kHeadSize],
                 &d.v[b * T * kHeadSize]);
    matmul_bt(&d.q[b * T * kHeadSize], &d.k[b * T * kHeadSize], &raw[b * T * T], T, T, kHeadSize);
  }
  d.var_unscaled = variance(raw);
  for (float& f : raw) f *= 0.25f;
  d.var_scaled = variance(raw);
  return d;
}

std::array<double, 4> unit_variance_demo(std::uint64_t seed) {
  Generator g(seed);
  std::vector<float> k(B * T * kHeadSize), q(B * T * kHeadSize), w(B * T * T);
  g.normal_(k.data(), k.size());
  g.normal_(q.data(), q.size());
  for (int b = 0; b < B; ++b) {
    matmul_bt(&q[b * T * kHeadSize], &k[b * T * kHeadSize], &w[b * T * T], T, T, kHeadSize);
  }
  const double vu = variance(w);
  for (float& f : w) f *= 0.25f;
  return {variance(k), variance(q), vu, variance(w)};
}

std::array<float, 5> softmax_temperature(double m) {
  const float base[5] = {0.1f, -0.2f, 0.3f, -0.2f, 0.5f};
  const float mf = static_cast<float>(m);
  std::array<float, 5> out;
  for (int i = 0; i < 5; ++i) out[i] = base[i] * mf;
  softmax_row(out.data(), 5);
  return out;
}

Permutation permutation_demo(const HeadDemo& d, int b, const std::array<int, kLabT>& perm, bool positions) {
  Permutation p;
  std::vector<float> xb(T * kHeadC), xp(T * kHeadC);
  for (int t = 0; t < T; ++t) {
    for (int c = 0; c < kHeadC; ++c) {
      const float pe = positions ? d.pos[t * kHeadC + c] : 0.0f;
      xb[t * kHeadC + c] = d.x[(b * T + t) * kHeadC + c] + pe;
      xp[t * kHeadC + c] = d.x[(b * T + perm[t]) * kHeadC + c] + pe;
    }
  }
  std::vector<float> scores(T * T), wei(T * T), kb(T * kHeadSize), qb(T * kHeadSize), vb(T * kHeadSize);
  p.out.resize(T * kHeadSize);
  p.out_perm.resize(T * kHeadSize);
  head_forward(d, xb.data(), false, d.scale, scores.data(), wei.data(), p.out.data(), kb.data(), qb.data(), vb.data());
  head_forward(d, xp.data(), false, d.scale, scores.data(), wei.data(), p.out_perm.data(), kb.data(), qb.data(),
               vb.data());
  for (int t = 0; t < T; ++t) {
    for (int c = 0; c < kHeadSize; ++c) {
      p.max_diff = std::fmax(p.max_diff, std::fabs(static_cast<double>(p.out_perm[t * kHeadSize + c]) -
                                                   p.out[perm[t] * kHeadSize + c]));
    }
  }
  return p;
}

}  // namespace attn::torch
