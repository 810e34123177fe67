// See bonus.hpp. The manual path rounds to float32 exactly where PyTorch
// materialises a float32 tensor (scores, scaled scores, the exps, their sum,
// the weights, the output); the fused path is plain float32 arithmetic in
// another order, so the two agree only as closely as float32 allows.
#include "torch/bonus.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "limits.hpp"
#include "torch/generator.hpp"

namespace attn::torch {

std::size_t BonusShape::values() const {
  return static_cast<std::size_t>(B) * static_cast<std::size_t>(H) * static_cast<std::size_t>(T) *
         static_cast<std::size_t>(D);
}
std::size_t BonusShape::weights() const {
  return static_cast<std::size_t>(B) * static_cast<std::size_t>(H) * static_cast<std::size_t>(T) *
         static_cast<std::size_t>(T);
}

const char* bonus_shape_error(const BonusShape& s) {
  using L = limits::Bonus;
  static_assert(L::max_values == 1 << 20 && L::max_weights == 1 << 24, "the messages below quote the limits");
  if (s.B < 1 || s.H < 1 || s.T < 1 || s.D < 1) return "every dimension must be at least 1";
  if (s.B > L::max_values || s.H > L::max_values || s.T > L::max_values || s.D > L::max_values ||
      s.values() > static_cast<std::size_t>(L::max_values))
    return "B * H * T * D must be at most 2^20";
  if (s.weights() > static_cast<std::size_t>(L::max_weights)) return "B * H * T * T must be at most 2^24";
  return nullptr;
}

BonusDraws bonus_draws(std::uint64_t seed, const BonusShape& s) {
  const std::size_t n = s.values();
  std::vector<float> all(3 * n);
  Generator g(seed);
  g.normal_(all.data(), all.size());
  BonusDraws d;
  d.q.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(n));
  d.k.assign(all.begin() + static_cast<std::ptrdiff_t>(n), all.begin() + static_cast<std::ptrdiff_t>(2 * n));
  d.v.assign(all.begin() + static_cast<std::ptrdiff_t>(2 * n), all.end());
  return d;
}

namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// math.sqrt(D) as the float32 scalar a float tensor is divided by.
float sqrt_d(int d) { return static_cast<float>(std::sqrt(static_cast<double>(d))); }

// One (b, h) slice of the manual path, row by row.
//   q, k, v (T, D) -> weights (T, T) when not null, out (T, D); row: (T,) scratch
void manual_head(const float* q, const float* k, const float* v, int T, int D, bool causal, float* weights,
                 float* out, std::vector<float>& row, std::vector<double>& acc) {
  const float div = sqrt_d(D);
  for (int i = 0; i < T; ++i) {
    const float* qi = q + static_cast<std::size_t>(i) * D;
    float mx = kNegInf;
    for (int j = 0; j < T; ++j) {
      float s = kNegInf;
      if (!causal || j <= i) {
        const float* kj = k + static_cast<std::size_t>(j) * D;
        double dot = 0;
        for (int c = 0; c < D; ++c) dot += static_cast<double>(qi[c]) * kj[c];
        s = static_cast<float>(dot) / div;  // q @ k^T is stored, then divided
      }
      row[static_cast<std::size_t>(j)] = s;
      mx = std::max(mx, s);
    }
    double sum = 0;
    for (int j = 0; j < T; ++j) {
      float& e = row[static_cast<std::size_t>(j)];
      e = static_cast<float>(std::exp(static_cast<double>(e - mx)));
      sum += e;
    }
    const float inv = 1.0f / static_cast<float>(sum);
    std::fill(acc.begin(), acc.end(), 0.0);
    for (int j = 0; j < T; ++j) {
      const float w = row[static_cast<std::size_t>(j)] * inv;
      if (weights) weights[static_cast<std::size_t>(i) * T + j] = w;
      if (w == 0.0f) continue;
      const float* vj = v + static_cast<std::size_t>(j) * D;
      for (int c = 0; c < D; ++c) acc[static_cast<std::size_t>(c)] += static_cast<double>(w) * vj[c];
    }
    float* oi = out + static_cast<std::size_t>(i) * D;
    for (int c = 0; c < D; ++c) oi[c] = static_cast<float>(acc[static_cast<std::size_t>(c)]);
  }
}

// One query row of the fused pass over key tiles of `tile` keys.
//   qi (D,), k, v (keys, D) -> out (D,); acc (D,) scratch; trace: the state after each tile
void fused_row(const float* qi, const float* k, const float* v, int D, int keys, int tile, float* out,
               std::vector<float>& acc, std::vector<float>& s, std::vector<TileStep>* trace) {
  const float div = sqrt_d(D);
  float m = kNegInf, l = 0.0f;
  std::fill(acc.begin(), acc.end(), 0.0f);
  for (int j0 = 0; j0 < keys; j0 += tile) {
    const int j1 = std::min(keys, j0 + tile);
    float tile_max = kNegInf;
    for (int j = j0; j < j1; ++j) {
      const float* kj = k + static_cast<std::size_t>(j) * D;
      float dot = 0.0f;
      for (int c = 0; c < D; ++c) dot += qi[c] * kj[c];
      s[static_cast<std::size_t>(j - j0)] = dot / div;
      tile_max = std::max(tile_max, s[static_cast<std::size_t>(j - j0)]);
    }
    const float m_new = std::max(m, tile_max);
    const float scale = static_cast<float>(std::exp(static_cast<double>(m - m_new)));  // 0 on the first tile
    l *= scale;
    for (int c = 0; c < D; ++c) acc[static_cast<std::size_t>(c)] *= scale;
    for (int j = j0; j < j1; ++j) {
      const float p = static_cast<float>(std::exp(static_cast<double>(s[static_cast<std::size_t>(j - j0)] - m_new)));
      l += p;
      const float* vj = v + static_cast<std::size_t>(j) * D;
      for (int c = 0; c < D; ++c) acc[static_cast<std::size_t>(c)] += p * vj[c];
    }
    m = m_new;
    if (trace) {
      TileStep step;
      step.first_key = j0;
      step.last_key = j1;
      step.max = m;
      step.sum = l;
      step.out.resize(static_cast<std::size_t>(D));
      for (int c = 0; c < D; ++c) step.out[static_cast<std::size_t>(c)] = acc[static_cast<std::size_t>(c)] / l;
      trace->push_back(std::move(step));
    }
  }
  for (int c = 0; c < D; ++c) out[c] = acc[static_cast<std::size_t>(c)] / l;
}

}  // namespace

void manual_attention(const float* q, const float* k, const float* v, const BonusShape& s, bool causal,
                      float* weights, float* out) {
  const std::size_t td = static_cast<std::size_t>(s.T) * s.D, tt = static_cast<std::size_t>(s.T) * s.T;
  std::vector<float> row(static_cast<std::size_t>(s.T));
  std::vector<double> acc(static_cast<std::size_t>(s.D));
  const std::size_t heads = static_cast<std::size_t>(s.B) * s.H;
  for (std::size_t bh = 0; bh < heads; ++bh) {
    manual_head(q + bh * td, k + bh * td, v + bh * td, s.T, s.D, causal, weights ? weights + bh * tt : nullptr,
                out + bh * td, row, acc);
  }
}

void fused_attention(const float* q, const float* k, const float* v, const BonusShape& s, bool causal, int tile,
                     float* out) {
  const std::size_t td = static_cast<std::size_t>(s.T) * s.D;
  tile = std::max(1, tile);
  std::vector<float> acc(static_cast<std::size_t>(s.D)), sc(static_cast<std::size_t>(tile));
  const std::size_t heads = static_cast<std::size_t>(s.B) * s.H;
  for (std::size_t bh = 0; bh < heads; ++bh) {
    for (int i = 0; i < s.T; ++i) {
      const std::size_t at = bh * td + static_cast<std::size_t>(i) * s.D;
      fused_row(q + at, k + bh * td, v + bh * td, s.D, causal ? i + 1 : s.T, tile, out + at, acc, sc, nullptr);
    }
  }
}

std::vector<TileStep> fused_row_trace(const float* q, const float* k, const float* v, const BonusShape& s,
                                      bool causal, int tile, int b, int h, int i) {
  const std::size_t td = static_cast<std::size_t>(s.T) * s.D;
  const std::size_t bh = static_cast<std::size_t>(b) * s.H + static_cast<std::size_t>(h);
  tile = std::max(1, tile);
  std::vector<float> acc(static_cast<std::size_t>(s.D)), sc(static_cast<std::size_t>(tile)),
      out(static_cast<std::size_t>(s.D));
  std::vector<TileStep> trace;
  fused_row(q + bh * td + static_cast<std::size_t>(i) * s.D, k + bh * td, v + bh * td, s.D,
            causal ? i + 1 : s.T, tile, out.data(), acc, sc, &trace);
  return trace;
}

bool torch_allclose(const float* a, const float* b, std::size_t n, double atol, double rtol) {
  const float fa = static_cast<float>(atol), fr = static_cast<float>(rtol);
  for (std::size_t i = 0; i < n; ++i) {
    if (a[i] == b[i]) continue;  // equal infinities are close
    const float err = std::fabs(a[i] - b[i]);
    const float allowed = fa + std::fabs(fr * b[i]);
    if (!(std::isfinite(err) && err <= allowed)) return false;
  }
  return true;
}

double max_abs_diff(const float* a, const float* b, std::size_t n) {
  double m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
    if (std::isnan(d)) return d;
    m = std::max(m, d);
  }
  return m;
}

BonusRun bonus_run(std::uint64_t seed, const BonusShape& s, bool causal, bool keep_weights) {
  BonusRun r;
  r.shape = s;
  r.causal = causal;
  r.draws = bonus_draws(seed, s);
  r.mine.resize(s.values());
  r.fused.resize(s.values());
  if (keep_weights) r.weights.resize(s.weights());
  manual_attention(r.draws.q.data(), r.draws.k.data(), r.draws.v.data(), s, causal,
                   keep_weights ? r.weights.data() : nullptr, r.mine.data());
  fused_attention(r.draws.q.data(), r.draws.k.data(), r.draws.v.data(), s, causal, limits::Bonus::tile,
                  r.fused.data());
  r.max_diff = max_abs_diff(r.mine.data(), r.fused.data(), r.mine.size());
  r.allclose = torch_allclose(r.mine.data(), r.fused.data(), r.mine.size(), 1e-6);
  return r;
}

}  // namespace attn::torch
