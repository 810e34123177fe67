// A slice of a training run: up to max_steps of Trainer::advance(), stopping
// at the end of the run or at the first non-finite loss. <attn-train> runs
// its Web Worker's loop in such slices (cpp/bindings/train.cpp's
// trainerAdvance), so the page can post progress between them.
#pragma once

#include <cmath>
#include <vector>

#include "train/trainer.hpp"

namespace attn::train {

struct Advanced {
  int step = 0;             // the trainer's step() after the slice
  float last_loss = 0;      // its last_loss()
  int bad_step = -1;        // the step whose loss (training or evaluated) was not finite; -1: none
  std::vector<Eval> evals;  // the evaluations made on the way, in step order
};

// Up to max_steps steps (fewer at the end of the run or at a bad step), each
// preceded by its evaluation when step % eval_interval == 0 (Trainer::advance).
inline Advanced advance_steps(Trainer& t, int max_steps) {
  Advanced out;
  for (int k = 0; k < max_steps && !t.done(); ++k) {
    const int step = t.step();
    if (const auto e = t.advance()) {
      out.evals.push_back(*e);
      if (!std::isfinite(e->train_loss) || !std::isfinite(e->val_loss)) { out.bad_step = step; break; }
    }
    if (!std::isfinite(t.last_loss())) { out.bad_step = step; break; }
  }
  out.step = t.step();
  out.last_loss = t.last_loss();
  return out;
}

}  // namespace attn::train
