// AdamW as PyTorch 1.13's single-tensor implementation computes it (the
// default on CPU: foreach=None means the per-tensor loop), on a flat buffer:
// every parameter shares the step count, and the update is elementwise.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace attn::train {

class AdamW {
 public:
  // lr as Python's double (see python_double()); PyTorch's defaults otherwise.
  AdamW(std::size_t n, double lr, double beta1 = 0.9, double beta2 = 0.999, double eps = 1e-8,
        double weight_decay = 0.01);
  // One optimizer.step(): step += 1; p *= 1 − lr·wd; m = β1 m + (1 − β1) g;
  // v = β2 v + (1 − β2) g²; p −= lr / (1 − β1^t) · m / (√v / √(1 − β2^t) + eps).
  // p, g: (n,)
  void step(float* p, const float* g);
  std::int64_t steps() const { return t_; }

  // The double a Python float literal for this float32 value would be (its
  // shortest round-trip decimal), e.g. 1e-3f -> 0.001: the hyperparameters
  // PyTorch computes its scalars from.
  static double python_double(float x);

 private:
  double lr_, beta1_, beta2_, eps_, wd_;
  std::int64_t t_ = 0;
  std::vector<float> m_, v_;
};

}  // namespace attn::train
