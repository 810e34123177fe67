#include "heatmap.hpp"

#include <cmath>

#include "numpy/npreduce.hpp"
#include "numpy/rng.hpp"

namespace attn {

HeatmapModel::HeatmapModel(std::uint64_t seed, std::size_t tokens, std::size_t d_max)
    : T_(tokens), d_max_(d_max), q_(tokens * d_max), k_(tokens * d_max),
      raw_(tokens * tokens), scores_(tokens * tokens), weights_(tokens * tokens),
      row_max_(tokens), row_sums_(tokens) {
  Generator rng(seed);
  rng.standard_normal(q_.data(), q_.size());
  rng.standard_normal(k_.data(), k_.size());
}

HeatmapStats HeatmapModel::compute(std::size_t d_k, Scale scale, bool causal) {
  const std::size_t T = T_;
  // 1. raw = Q[:, :d_k] Kᵀ (row stride d_max selects the first d_k columns)
  scores_kernel(q_.data(), d_max_, k_.data(), d_max_, T, T, d_k, 1.0, raw_.data());
  // 2. scale; the spread of the scaled scores is the lesson's √d_k story
  const double divisor = scale_divisor(scale, d_k);
  for (std::size_t i = 0; i < T * T; ++i) scores_[i] = raw_[i] / divisor;
  HeatmapStats st;
  st.score_std = std::sqrt(np::np_var(scores_.data(), scores_.size()));
  // 3. mask, 4. softmax
  if (causal) causal_mask_kernel(scores_.data(), T, T, 1);
  weights_ = scores_;  // same size: copies into the existing buffer
  softmax_rows_kernel(weights_.data(), T, T);
  // 5. readouts
  double worst = 0;
  for (std::size_t i = 0; i < T; ++i) {
    const double* row = &weights_[i * T];
    double m = row[0];
    for (std::size_t j = 1; j < T; ++j) m = row[j] > m ? row[j] : m;
    row_max_[i] = m;
    row_sums_[i] = np::pairwise_sum(row, T);
    const double err = std::fabs(row_sums_[i] - 1.0);
    worst = err > worst ? err : worst;
  }
  st.mean_row_max = np::np_mean(row_max_.data(), T);
  st.max_row_sum_error = worst;
  return st;
}

}  // namespace attn
