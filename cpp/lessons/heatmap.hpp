// The lesson's "drag d_k" picture: fixed-seed Q, K of shape (T, d_max) drawn
// once; each step uses the first d_k columns, so moving d_k never redraws.
//
//   rng = np.random.default_rng(seed)
//   Q = rng.standard_normal((T, d_max)); K = rng.standard_normal((T, d_max))
//   raw     = Q[:, :d_k] @ K[:, :d_k].T                     (T, T)
//   scores  = raw / divisor(scale, d_k), masked to -inf     (T, T)
//   weights = softmax(scores, axis=-1)                      (T, T)
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attention.hpp"
#include "limits.hpp"

namespace attn {

inline constexpr std::size_t kHeatmapMinTokens = limits::Heatmap::min_tokens;
inline constexpr std::size_t kHeatmapMaxTokens = limits::Heatmap::max_tokens;
inline constexpr std::size_t kHeatmapMaxDk = limits::Heatmap::max_dk;

struct HeatmapStats {
  double score_std = 0;       // np.std of the scaled scores before masking (≈ √d_k unscaled, ≈ 1 scaled)
  double mean_row_max = 0;    // mean over rows of the row's largest weight
  double max_row_sum_error = 0;  // max |Σ_j w[i, j] - 1|
};

class HeatmapModel {
 public:
  // Preconditions (checked by callers): kHeatmapMinTokens <= tokens <= kHeatmapMaxTokens,
  // 1 <= d_max <= kHeatmapMaxDk.
  HeatmapModel(std::uint64_t seed, std::size_t tokens, std::size_t d_max);

  // One slider step: no allocation. Precondition 1 <= d_k <= d_max.
  HeatmapStats compute(std::size_t d_k, Scale scale, bool causal);

  std::size_t tokens() const { return T_; }
  std::size_t d_max() const { return d_max_; }
  const std::vector<double>& raw() const { return raw_; }          // (T, T)
  const std::vector<double>& scores() const { return scores_; }    // (T, T)
  const std::vector<double>& weights() const { return weights_; }  // (T, T)
  const std::vector<double>& row_max() const { return row_max_; }  // (T,)
  const std::vector<double>& row_sums() const { return row_sums_; }  // (T,)

 private:
  std::size_t T_, d_max_;
  std::vector<double> q_, k_;  // (T, d_max) each
  std::vector<double> raw_, scores_, weights_, row_max_, row_sums_;
};

}  // namespace attn
