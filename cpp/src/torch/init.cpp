// See init.hpp.
#include "torch/init.hpp"

#include <cmath>

namespace attn::torch {

double linear_weight_bound(std::size_t fan_in) {
  const double a = std::sqrt(5.0);
  const double gain = std::sqrt(2.0 / (1.0 + a * a));  // calculate_gain('leaky_relu', √5)
  const double stdv = gain / std::sqrt(static_cast<double>(fan_in));
  return std::sqrt(3.0) * stdv;
}

double linear_bias_bound(std::size_t fan_in) {
  return fan_in > 0 ? 1.0 / std::sqrt(static_cast<double>(fan_in)) : 0.0;
}

void linear_init(Generator& gen, float* weight, float* bias, std::size_t in_features,
                 std::size_t out_features) {
  const double wb = linear_weight_bound(in_features);
  gen.uniform_(weight, in_features * out_features, -wb, wb);
  if (bias != nullptr) {
    const double bb = linear_bias_bound(in_features);
    gen.uniform_(bias, out_features, -bb, bb);
  }
}

void embedding_init(Generator& gen, float* weight, std::size_t num, std::size_t dim) {
  gen.normal_(weight, num * dim, 0.0, 1.0);
}

}  // namespace attn::torch
