// The initial weights PyTorch's layers draw from the generator, in PyTorch's
// order (torch/nn/modules/linear.py, sparse.py; torch/nn/init.py), on top of
// Generator (generator.hpp).
#pragma once
#include <cstddef>

#include "torch/generator.hpp"

namespace attn::torch {

// nn.Linear(in_features, out_features): weight (out, in) row-major from
// kaiming_uniform_(a=√5), i.e. uniform_(-b, b) with b computed in double as
// init.py does (gain = sqrt(2 / (1 + a**2)), b = sqrt(3) * gain / sqrt(fan_in));
// then, when bias != nullptr, bias (out,) from uniform_(-1/sqrt(in), 1/sqrt(in)).
void linear_init(Generator& gen, float* weight, float* bias, std::size_t in_features,
                 std::size_t out_features);
double linear_weight_bound(std::size_t fan_in);
double linear_bias_bound(std::size_t fan_in);

// nn.Embedding(num, dim): weight (num, dim) row-major from normal_(0, 1).
void embedding_init(Generator& gen, float* weight, std::size_t num, std::size_t dim);

}  // namespace attn::torch
